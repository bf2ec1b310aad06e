// @ts-check
/* The operator's page (admin.js): the Tables tab — the lobby's tables as cards, each
   paused or resumed, closed, its seats and their removal, a message to it or to every
   table — and the Tournaments tab, a tournament cancelled. */

import { ui } from "./state.js";
import { $ } from "./page.js";
import { t } from "./words.js";
import { money } from "./money.js";
import { authHeaders, send } from "./net.js";
import { tournamentName } from "./tournaments.js";
import { Refused, button, call, confirmed, element, follow, outcomeText, reasonOf, refusedText, say } from "./admin-api.js";

/** @typedef {import("./protocol.js").AdminActionView} AdminActionView */
/** @typedef {import("./protocol.js").TableState} TableState */
/** @typedef {import("./protocol.js").TournamentInfo} TournamentInfo */
/** @typedef {import("./protocol.js").LobbyTable} LobbyTable */

const shown = {
  /** @type {Object<string, TableState | null>} */
  seats: {}, // the tables whose seats are open: their state (null while it is read)
  /** @type {Map<string, HTMLElement>} */
  cards: new Map(), // each table's card, kept while it is listed (its message box keeps what is typed)
  /** @type {Array<TournamentInfo> | null} */
  tournaments: null,
};

// -- tables ---------------------------------------------------------------------------------

/** @param {LobbyTable} table */
function tableTitle(table) {
  const game = table.mix ? `${t(table.mix)} (${t(table.game)})` : t(table.game);
  return table.name && table.name !== table.id ? `${game} — ${table.name}` : game;
}

export function renderTables() {
  const box = $("a-tables");
  const listed = new Set(ui.tables.map((table) => table.id));
  for (const [id, card] of shown.cards) {
    if (!listed.has(id)) { card.remove(); shown.cards.delete(id); }
  }
  for (const table of ui.tables) {
    let card = shown.cards.get(table.id);
    if (!card) {
      card = tableCard(table);
      shown.cards.set(table.id, card);
    }
    box.append(card); // in the lobby's order
    fillCard(card, table);
  }
  $("a-no-tables").hidden = ui.tables.length > 0;
}

/** A table's card: what it is, its buttons, a message to it, its seats.
   @param {LobbyTable} table */
function tableCard(table) {
  const card = element("div", "", "a-table");
  card.dataset.table = table.id;
  const head = element("div", "", "a-table-head");
  head.append(element("strong", "", "a-table-title"), element("span", table.id, "a-table-id"));
  const state = element("div", "", "a-table-state");
  const buttons = element("div", "", "a-row");
  /* closing stands last and apart: a slip of the finger does no harm */
  buttons.append(
    button("", () => tableAction(table.id, card.dataset.paused ? "resume" : "pause"), "a-pause"),
    button("", () => toggleSeats(table.id), "a-seats-button"),
    button("", () => tableAction(table.id, "close"), "a-close danger"),
  );
  const form = /** @type {HTMLFormElement} */ (element("form", "", "a-row a-message"));
  const text = /** @type {HTMLInputElement} */ (element("input"));
  text.maxLength = 300;
  text.required = true;
  text.autocomplete = "off";
  const sendButton = /** @type {HTMLButtonElement} */ (element("button"));
  sendButton.type = "submit";
  form.append(text, sendButton);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const said = text.value.trim();
    if (said) tableAction(table.id, "message", { text: said }).then((done) => { if (done) text.value = ""; });
  });
  const said = element("p", "", "said");
  said.hidden = true;
  said.setAttribute("role", "status");
  card.append(head, state, buttons, form, element("ul", "", "a-seats"), said);
  return card;
}

/** @param {HTMLElement} card @param {LobbyTable} table */
function fillCard(card, table) {
  const part = (/** @type {string} */ name) => /** @type {HTMLElement} */ (card.querySelector(name));
  part(".a-table-title").textContent = tableTitle(table);
  const people = table.humans ?? table.seated;
  const bots = table.seated - people;
  const state = [t(table.mode),
    bots > 0 ? t("seated_bots", { people, bots, seats: table.seats }) : `${people}/${table.seats}`];
  if (table.halted) state.push(t("stopped"));
  part(".a-table-state").textContent = state.join(" · ");
  if (table.paused) part(".a-table-state").append(" · ", element("span", t("paused_lobby"), "paused-mark"));
  card.dataset.paused = table.paused ? "1" : "";
  card.classList.toggle("paused", table.paused);
  part(".a-pause").textContent = t(table.paused ? "a_resume" : "a_pause");
  part(".a-close").textContent = t("a_close");
  const open = table.id in shown.seats;
  part(".a-seats-button").textContent = t("seats");
  part(".a-seats-button").setAttribute("aria-expanded", String(open));
  const input = /** @type {HTMLInputElement} */ (card.querySelector(".a-message input"));
  input.placeholder = t("a_message");
  input.setAttribute("aria-label", t("a_message"));
  part(".a-message button").textContent = t("send");
  renderSeats(card, table.id);
}

/** @param {HTMLElement} card @param {string} tableId */
function renderSeats(card, tableId) {
  const list = /** @type {HTMLElement} */ (card.querySelector(".a-seats"));
  list.textContent = "";
  const open = tableId in shown.seats;
  list.hidden = !open;
  const state = shown.seats[tableId];
  if (!open || !state) return;
  const seated = state.seats.filter(Boolean);
  if (!seated.length) list.append(element("li", t("a_no_seated"), "empty-note"));
  for (const seat of seated) {
    if (!seat) continue;
    const item = element("li");
    item.dataset.seat = String(seat.seat);
    item.append(element("span", seat.name, "a-seat-name"), " ",
      element("span", t("a_seat", { n: seat.seat }) + (seat.is_bot ? ` · ${t("a_bot_seat")}` : ""), "a-seat-number"), " ",
      element("span", money(seat.chips, state.money_unit), "a-seat-chips"));
    if (!seat.is_bot) {
      item.append(button(t("a_remove"), () => tableAction(tableId, "remove_seat", { seat: seat.seat, name: seat.name }), "danger"));
    }
    list.append(item);
  }
}

/** Open or close a table's seats (read from the table, as an onlooker sees it).
   @param {string} tableId */
async function toggleSeats(tableId) {
  if (tableId in shown.seats) {
    delete shown.seats[tableId];
    renderTables();
    return;
  }
  shown.seats[tableId] = null;
  await readSeats(tableId);
}

/** @param {string} tableId */
async function readSeats(tableId) {
  try {
    const answer = await fetch(`/api/tables/${encodeURIComponent(tableId)}`);
    const data = await answer.json().catch(() => ({}));
    if (!answer.ok) throw new Refused(answer.status, data);
    if (tableId in shown.seats) shown.seats[tableId] = data;
  } catch (error) {
    delete shown.seats[tableId];
    cardSay(tableId, refusedText(error), true);
  }
  renderTables();
}

/** @param {string} tableId @param {string} text @param {boolean} [error] */
function cardSay(tableId, text, error) {
  const card = shown.cards.get(tableId);
  const box = card && /** @type {HTMLElement | null} */ (card.querySelector(":scope > .said"));
  if (!box) return;
  box.textContent = text;
  box.hidden = !text;
  box.classList.toggle("error", Boolean(error));
}

/**
 * An action at a table: asked a reason (a message needs none), confirmed when it closes
 * the table or removes a seat; the room's answer said on the table's card, and followed
 * in the log while it is under way. Whether it was sent.
 * @param {string} tableId
 * @param {"pause" | "resume" | "close" | "remove_seat" | "message"} action
 * @param {{text?: string, seat?: number, name?: string}} [more]
 * @returns {Promise<boolean>}
 */
async function tableAction(tableId, action, more = {}) {
  const card = shown.cards.get(tableId);
  const table = ui.tables.find((listed) => listed.id === tableId);
  const title = table ? tableTitle(table) : tableId;
  let reason = "";
  if (action !== "message") {
    const given = $("a-table-reason", HTMLInputElement).value.trim();
    if (!given) {
      cardSay(tableId, t("a_reason_needed"), true);
      $("a-table-reason").focus();
      return false;
    }
    reason = given;
  }
  if (action === "close" && !(await confirmed(t("a_confirm_close", { table: title }), t("a_close")))) return false;
  if (action === "remove_seat") {
    const asked = t("a_confirm_remove", { name: more.name ?? "", seat: more.seat ?? "", table: title });
    if (!(await confirmed(asked, t("a_remove")))) return false;
  }
  const at = `/tables/${encodeURIComponent(tableId)}`;
  const path = action === "remove_seat" ? `${at}/seats/${more.seat}/remove` : `${at}/${action}`;
  try {
    /** @type {AdminActionView} */
    const logged = await call("POST", path, action === "message" ? { text: more.text } : { reason });
    if (!card) return true;
    if (action === "message") cardSay(tableId, t("a_sent", { text: more.text ?? "" }));
    else if (logged.result === null) {
      cardSay(tableId, t("a_under_way"));
      follow(logged.id, (done) => cardSay(tableId, t("a_done", { result: outcomeText(done) })));
    } else cardSay(tableId, t("a_done", { result: outcomeText(logged) }));
    if (action === "remove_seat" && tableId in shown.seats) readSeats(tableId);
    send({ type: "lobby" });
    return true;
  } catch (error) {
    cardSay(tableId, refusedText(error), true);
    return false;
  }
}

/** @param {SubmitEvent} event */
async function sayEverywhere(event) {
  event.preventDefault();
  const input = $("a-all-text", HTMLInputElement);
  const text = input.value.trim();
  if (!text) return;
  try {
    await call("POST", "/message", { text });
    input.value = "";
    say("a-tables-said", t("a_sent", { text }));
  } catch (error) {
    say("a-tables-said", refusedText(error), true);
  }
}

// -- tournaments ------------------------------------------------------------------------------

export async function loadTournaments() {
  try {
    const answer = await fetch("/api/tournaments", { headers: authHeaders() });
    const data = await answer.json().catch(() => ({}));
    if (!answer.ok) throw new Refused(answer.status, data);
    shown.tournaments = data;
    renderTournaments();
  } catch (error) {
    say("a-tournaments-said", refusedText(error), true);
  }
}

export function renderTournaments() {
  const body = $("a-tournaments");
  body.textContent = "";
  const listed = shown.tournaments || [];
  for (const info of listed) {
    const row = element("tr");
    row.dataset.tournament = String(info.id);
    row.append(element("td", tournamentName(info)), element("td", String(info.entries)),
      element("td", t(`t_${info.state}`)));
    const cell = element("td");
    if (info.state === "registering" || info.state === "running") {
      cell.append(button(t("a_cancel_tournament"), () => cancelTournament(info), "danger"));
    }
    row.append(cell);
    body.append(row);
  }
  $("a-no-tournaments").hidden = shown.tournaments === null || listed.length > 0;
}

/** @param {TournamentInfo} info */
async function cancelTournament(info) {
  const reason = reasonOf("a-tournament-reason", "a-tournaments-said");
  if (reason === null) return;
  const name = tournamentName(info);
  if (!(await confirmed(t("a_confirm_cancel", { name }), t("a_cancel_tournament")))) return;
  try {
    /** @type {AdminActionView} */
    const logged = await call("POST", `/tournaments/${info.id}/cancel`, { reason });
    if (logged.result === null) {
      say("a-tournaments-said", t("a_under_way"));
      follow(logged.id, (done) => { say("a-tournaments-said", t("a_done", { result: outcomeText(done) })); loadTournaments(); });
    } else say("a-tournaments-said", t("a_done", { result: outcomeText(logged) }));
    loadTournaments();
  } catch (error) {
    say("a-tournaments-said", refusedText(error), true);
  }
}

export function startAdminTables() {
  $("a-say-all").addEventListener("submit", sayEverywhere);
}
