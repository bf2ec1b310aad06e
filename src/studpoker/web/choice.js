// @ts-check
/* Dealer's choice (issue 36): at a private table dealing it, the line that says which
   game is next and who chose it (or chooses it), and for the seat whose choice it is a
   button for each game of the table's list. The choice may change until the next
   hands are dealt; one not made is the list's next game. */

import { ui } from "./state.js";
import { $ } from "./page.js";
import { shownName, t } from "./words.js";
import { send } from "./net.js";

/** @typedef {import("./protocol.js").TableState} TableState */

/** The words of the next game at a dealer's choice table, or "" at any other.
   @param {TableState} s */
export function choiceText(s) {
  const mix = s.mix;
  if (!mix || mix.name !== "dealers_choice" || !mix.choice) return "";
  const chooser = mix.chooser === null || mix.chooser === undefined ? null : s.seats[mix.chooser];
  const game = t(mix.choice);
  if (!chooser) return t("choice_none", { game });
  if (mix.chooser === s.viewer) return mix.chosen ? t("choice_mine", { game }) : t("choice_yours", { game });
  return mix.chosen
    ? t("choice_chosen", { game, name: shownName(chooser.name) })
    : t("choice_waiting", { game, name: shownName(chooser.name) });
}

/* The table's dealer's choice line, and the chooser's buttons. */
export function renderChoice() {
  const s = ui.state;
  const box = $("choice-box");
  const text = s ? choiceText(s) : "";
  box.hidden = !text;
  if (!s || !text || !s.mix) return;
  $("choice-text").textContent = text;
  const buttons = $("choice-games");
  buttons.textContent = "";
  if (s.mix.chooser === null || s.mix.chooser === undefined || s.mix.chooser !== s.viewer) return;
  for (const game of s.mix.games) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "choose-game";
    button.dataset.game = game;
    button.textContent = t(game);
    const picked = s.mix.chosen && s.mix.choice === game;
    button.setAttribute("aria-pressed", String(Boolean(picked)));
    if (picked) button.classList.add("primary");
    button.addEventListener("click", () => {
      if (ui.tableId) send({ type: "choose_game", table: ui.tableId, game });
    });
    buttons.append(button);
  }
}
