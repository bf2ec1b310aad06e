// @ts-check
/* A card on the page: its element, and its name as a screen reader says it. */

import { t } from "./words.js";

/** @type {Object<string, string>} */
const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };

/** A card: its rank over its suit in the top-left corner, so that cards overlapped in a
   row still show every rank and suit; a big suit in the middle where there is room.
   A card not shown (null) is its back.
   @param {string | null | undefined} card "Kh", "Ts"
   @param {boolean} down */
export function cardElement(card, down) {
  const el = document.createElement("span");
  el.className = "card" + (down ? " down" : "");
  if (card === null || card === undefined) {
    el.classList.add("back");
    el.setAttribute("aria-label", t("hidden_card"));
    return el;
  }
  const rank = card[0] === "T" ? "10" : card[0];
  const suit = card[1];
  const corner = document.createElement("span");
  corner.className = "idx";
  const r = document.createElement("span");
  r.className = "r";
  r.textContent = rank;
  const u = document.createElement("span");
  u.className = "u";
  u.textContent = SUITS[suit];
  corner.append(r, u);
  const pip = document.createElement("span");
  pip.className = "pip";
  pip.textContent = SUITS[suit];
  pip.setAttribute("aria-hidden", "true");
  el.append(corner, pip);
  if (rank === "10") el.classList.add("ten");
  el.classList.add(`suit-${suit}`);
  el.title = card;
  el.setAttribute("aria-label", cardName(card));
  return el;
}

/** A card as a screen reader says it, in the page's language: "king of hearts", "紅心 K".
   @param {string} card */
function cardName(card) {
  const suits = t("suits").split(",");
  const suit = suits["shdc".indexOf(card[1])] || card[1];
  const ranks = Object.fromEntries(t("ranks").split(",").map((pair) => pair.split(":")));
  const rank = ranks[card[0]] || card[0];
  return t("card_name", { rank, suit });
}
