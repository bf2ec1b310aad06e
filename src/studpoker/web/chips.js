// @ts-check
/* A chips table's money from the balance (R7.2): the buy-in before sitting, a top-up
   while seated. */

import { ui } from "./state.js";
import { $, status } from "./page.js";
import { t } from "./words.js";
import { inUnits, money, toChips, unitStep } from "./money.js";
import { send } from "./net.js";

/** @typedef {import("./protocol.js").LobbyTable} LobbyTable */

/** A chips table: the buy-in, within the table's range, before sitting (R7.2), typed
   in the table's money unit (its lobby entry's).
   @param {LobbyTable} table */
export function askBuyIn(table) {
  const [low, high] = table.buy_in;
  const unit = table.money_unit;
  const input = $("buy-in-amount", HTMLInputElement);
  input.min = String(inUnits(low, unit));
  input.max = String(inUnits(high, unit));
  input.step = unitStep(unit);
  input.value = String(inUnits(low, unit));
  $("buy-in").dataset.table = table.id;
  renderBuyIn();
  $("buy-in-box").hidden = false;
  input.focus();
}

export function renderBuyIn() {
  const form = $("buy-in", HTMLFormElement);
  const table = ui.tables.find((x) => x.id === form.dataset.table);
  if (!table) { $("buy-in-box").hidden = true; return; }
  const name = t(table.game) + (table.name && table.name !== table.id ? ` — ${table.name}` : "");
  $("buy-in-label").textContent = t("buy_in_range", {
    table: name, min: money(table.buy_in[0], table.money_unit), max: money(table.buy_in[1], table.money_unit),
  });
}

/** @param {SubmitEvent} event */
export function sitWithBuyIn(event) {
  event.preventDefault();
  const form = $("buy-in", HTMLFormElement);
  const table = ui.tables.find((x) => x.id === form.dataset.table);
  if (!table || !form.reportValidity()) return;
  const [low, high] = table.buy_in;
  const amount = toChips($("buy-in-amount", HTMLInputElement).value, table.money_unit);
  if (!(amount >= low && amount <= high)) return;
  const id = send({ type: "sit", table: table.id, buy_in: amount });
  if (id === null) { status(t("disconnected"), true); return; }
  ui.pendingSit = { id, table: table.id };
  $("buy-in-box").hidden = true;
}

/** A chips table: more chips from the balance, up to the table's maximum stack; they
   count from the next hand (R7.2). How many more the seat may bring; null when it is
   no chips table's seat (then there is a state and a table open).
   @returns {number | null} */
function topUpRoom() {
  const s = ui.state;
  const table = ui.tables.find((x) => x.id === ui.tableId);
  if (!s || !table || !Array.isArray(table.buy_in)) return null;
  const seat = s.viewer === null ? null : s.seats[s.viewer];
  if (!seat) return null;
  return Math.max(0, table.buy_in[1] - seat.chips - (seat.top_up || 0));
}

export function askTopUp() {
  const room = topUpRoom();
  if (room === null || !ui.state) return;
  const box = $("top-up-box");
  if (room <= 0) { box.hidden = true; status(t("top_up_full"), true); return; }
  const unit = ui.state.money_unit;
  const input = $("top-up-amount", HTMLInputElement);
  input.min = unitStep(unit);
  input.max = String(inUnits(room, unit));
  input.step = unitStep(unit);
  if (box.hidden) input.value = String(inUnits(room, unit));
  $("top-up-label").textContent = t("top_up_range", { min: money(1, unit), max: money(room, unit) });
  box.hidden = false;
  /* the box comes into view below the buttons, which stay in view above it */
  input.focus({ preventScroll: true });
  const bottom = box.getBoundingClientRect().bottom;
  if (bottom > window.innerHeight - 4) window.scrollBy(0, Math.ceil(bottom - window.innerHeight + 8));
}

/** @param {SubmitEvent} event */
export function topUp(event) {
  event.preventDefault();
  const room = topUpRoom();
  if (room === null || !ui.state || !ui.tableId) return;
  if (!$("top-up-box", HTMLFormElement).reportValidity()) return;
  const amount = toChips($("top-up-amount", HTMLInputElement).value, ui.state.money_unit);
  if (!(amount >= 1 && amount <= room)) return;
  send({ type: "top_up", table: ui.tableId, amount });
  $("top-up-box").hidden = true;
}
