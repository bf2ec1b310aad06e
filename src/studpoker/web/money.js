// @ts-check
/* How money is written: a game's unit (R1.4), an amount, a table's stakes. */

import { ui } from "./state.js";
import { t } from "./words.js";

/** @typedef {import("./protocol.js").LobbyTable["game"]} Game */
/** @typedef {import("./protocol.js").FixedLimitStakes} FixedLimitStakes */
/** @typedef {import("./protocol.js").ShowHandStakes} ShowHandStakes */

/** How a game writes money: the server says (GameSpec.money_unit, R1.4), in the table's
   state, each lobby entry and GET /api/games — 100 chips a unit for the fixed-limit
   games, the seven-card games and Five-Card Stud (cents: 1240 is 12.40), 1 for Show
   Hand (chips). The game of the table open
   when none is named.
   @param {string | null} [game]
   @returns {number} */
export function unitOf(game) {
  const g = game || (ui.state && ui.state.game);
  if (ui.state && ui.state.game === g && ui.state.money_unit) return ui.state.money_unit;
  if (g && ui.games[g]) return ui.games[g].money_unit;
  const table = ui.tables.find((x) => x.game === g && x.money_unit);
  return table ? table.money_unit : 100;
}

/** An amount of chips as `game` writes money: "12.40", or "990" in Show Hand.
 * @param {number} amount
 * @param {string | null} [game]
 */
export function money(amount, game) {
  const unit = unitOf(game);
  if (unit === 1) return String(amount);
  return (amount / unit).toFixed(2);
}

/** A table's stakes in words: the limits, the ante and the bring-in (R2.1), or Show
   Hand's ante and minimum bet (R6.4): the game says which stakes it has.
   @param {FixedLimitStakes | ShowHandStakes | null | undefined} stakes
   @param {string} game */
export function stakesText(stakes, game) {
  if (!stakes) return "";
  if (game === "show_hand") {
    const open = /** @type {ShowHandStakes} */ (stakes);
    return `${t("ante")} ${money(open.ante, game)} · ${t("min_bet_words", { amount: money(open.min_bet, game) })}`;
  }
  const fixed = /** @type {FixedLimitStakes} */ (stakes);
  return `${money(fixed.small_bet, game)}/${money(fixed.big_bet, game)} · ${t("ante")} ${money(fixed.ante, game)}` +
    ` · ${t("bring_in_words", { amount: money(fixed.bring_in, game) })}`;
}
