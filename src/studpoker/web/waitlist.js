// @ts-check
/* Waiting lists (issue 36): a full table's list joined and left from the lobby, and the
   seat it offers, over whatever the page shows: held for the first in line for a few
   seconds (room/waiting.py), then offered to the next. The lobby message carries each
   table's list and offer; one on a list is sent it wherever they are. */

import { ui } from "./state.js";
import { $ } from "./page.js";
import { t } from "./words.js";
import { send } from "./net.js";

/** @typedef {import("./protocol.js").LobbyTable} LobbyTable */

/** Seats people may take at `table` (a practice or competition table seats eight at
    most, R7.1, R7.3; a computer player gives way).
   @param {LobbyTable} table */
function peopleSeats(table) {
  return table.mode === "chips" ? table.seats : Math.min(8, table.seats);
}

/** Whether a person finds no seat at `table` now: every seat held by people, or its one
    free seat held for someone first in line.
   @param {LobbyTable} table */
export function isFull(table) {
  const free = peopleSeats(table) - (table.humans ?? table.seated);
  const mine = Boolean(ui.account && table.offer && table.offer.name === ui.account.name);
  return free <= 0 || (free === 1 && Boolean(table.offer) && !mine);
}

/** The account's place on `table`'s list (1 first), 0 when not on it.
   @param {LobbyTable} table */
export function placeOf(table) {
  return ui.account && table.waiting ? table.waiting.indexOf(ui.account.name) + 1 : 0;
}

/** The lobby's button of a full table: join its list, or leave it (one's place said).
   @param {LobbyTable} table */
export function waitButton(table) {
  const button = document.createElement("button");
  const place = placeOf(table);
  button.className = place ? "wait waiting" : "wait";
  button.dataset.table = table.id;
  button.textContent = place ? t("leave_list", { place }) : t("join_list");
  button.addEventListener("click", () => {
    send({ type: place ? "leave_waiting_list" : "join_waiting_list", table: table.id });
  });
  return button;
}

/** The table whose seat is offered to this account now, if any. */
export function offeredTable() {
  const name = ui.account && ui.account.name;
  const now = Date.now() / 1000;
  return ui.tables.find((table) => name && table.offer && table.offer.name === name &&
    table.offer.until > now);
}

/* The offer, with the seconds it is held still (drawn every second, main.js). */
export function renderOffer() {
  const table = offeredTable();
  const box = $("seat-offer");
  if (!table || !table.offer || (ui.tableId === table.id && ui.state && ui.state.viewer != null)) {
    box.hidden = true;
    return;
  }
  const seconds = Math.max(1, Math.ceil(table.offer.until - Date.now() / 1000));
  const name = t(table.game) + (table.name && table.name !== table.id ? ` — ${table.name}` : "");
  $("seat-offer-text").textContent = t("seat_offer", { table: name, seconds });
  box.dataset.table = table.id;
  box.hidden = false;
}

/* "No thanks": off the list, and the seat goes to the next in line. */
export function declineOffer() {
  const table = $("seat-offer").dataset.table;
  if (table) send({ type: "leave_waiting_list", table });
  $("seat-offer").hidden = true;
}
