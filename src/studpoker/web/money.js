// @ts-check
/* How money is written: the one place the page turns an amount of chips into text, and
   text typed into chips. The unit always comes from the server with the amount (R1.4,
   GameSpec.money_unit): a table's state and lobby entry, a game of GET /api/games, the
   account (its balance), a tournament (its buy-in and prizes), a replayed hand — 100
   chips a unit for the fixed-limit games and the balance (cents: 1240 is 12.40), 1 for
   Show Hand and a tournament's chips. The page never works a unit out from a game's
   name. */

import { t } from "./words.js";
import { ui } from "./state.js";

/** @typedef {import("./protocol.js").LobbyTable["game"]} Game */
/** @typedef {import("./protocol.js").FixedLimitStakes} FixedLimitStakes */
/** @typedef {import("./protocol.js").ShowHandStakes} ShowHandStakes */
/** @typedef {import("./protocol.js").LobbyTable["money_unit"]} MoneyUnit */

/** An amount of chips written in `unit`: "12.40" when 100 chips make one, "1240" when
   one does.
   @param {number} amount
   @param {number} unit
   @returns {string} */
export function money(amount, unit) {
  if (unit === 1) return String(amount);
  const sign = amount < 0 ? "-" : "";
  const whole = Math.floor(Math.abs(amount) / unit);
  const part = String(Math.abs(amount) % unit).padStart(String(unit - 1).length, "0");
  return `${sign}${whole}.${part}`;
}

/** An amount of money with the room's currency before it ("$12.40", the welcome's
   `currency`) where it is money, 100 chips a unit; Show Hand's and a tournament's
   chips as they are.
   @param {number} amount
   @param {number} unit */
export function cash(amount, unit) {
  return (unit === 1 ? "" : ui.currency) + money(amount, unit);
}

/** An amount of chips as an amount box holds it, in `unit`s: 1240 is 12.4.
   @param {number} amount
   @param {number} unit */
export function inUnits(amount, unit) {
  return amount / unit;
}

/** What a player typed in `unit`s, as chips: "12.40" is 1240 (NaN for no number).
   @param {string | number} typed
   @param {number} unit */
export function toChips(typed, unit) {
  return Math.round(Number(typed) * unit);
}

/** The step of an amount box in `unit`s: one chip ("0.01" when 100 make a unit).
   @param {number} unit */
export function unitStep(unit) {
  return unit === 1 ? "1" : String(1 / unit);
}

/** A table's stakes in words, each apart: the limits, the ante and the bring-in
   (R2.1), or Show Hand's ante and minimum bet (R6.4): the game says which stakes it
   has, the table's `unit` how its money is written.
   @param {FixedLimitStakes | ShowHandStakes | null | undefined} stakes
   @param {string} game
   @param {number} unit
   @returns {Array<string>} */
export function stakesParts(stakes, game, unit) {
  if (!stakes) return [];
  if (game === "show_hand") {
    const open = /** @type {ShowHandStakes} */ (stakes);
    return [`${t("ante")} ${money(open.ante, unit)}`, t("min_bet_words", { amount: money(open.min_bet, unit) })];
  }
  const fixed = /** @type {FixedLimitStakes} */ (stakes);
  return [`${cash(fixed.small_bet, unit)}/${cash(fixed.big_bet, unit)} ${t("fixed_limit")}`, `${t("ante")} ${cash(fixed.ante, unit)}`,
    t("bring_in_words", { amount: cash(fixed.bring_in, unit) })];
}

/** A table's stakes in words on one line: "2.00/4.00 fixed limit · ante 0.25 · bring-in 0.50".
   @param {FixedLimitStakes | ShowHandStakes | null | undefined} stakes
   @param {string} game
   @param {number} unit */
export function stakesText(stakes, game, unit) {
  return stakesParts(stakes, game, unit).join(" · ");
}
