// @ts-check
/* The tournament lobby (issue 17): sit-and-gos and scheduled tournaments, registering and
   unregistering, each one's structure and payouts; and at a tournament's table, its level,
   the time to the next, the players left, the average stack, and the player's own table
   followed when balancing moves them or their table is broken. */

import { ui } from "./state.js";
import { $, status } from "./page.js";
import { refusal, shownName, t } from "./words.js";
import { cash, toChips } from "./money.js";
import { authHeaders, send } from "./net.js";
import { openTable } from "./table.js";
import { refreshBalance } from "./lobby.js";

/** @typedef {import("./protocol.js").TournamentInfo} TournamentInfo */

/** @type {Array<TournamentInfo>} */
let shown = [];
/** @type {number | null} */
let open = null; // the tournament whose details are open
/** The open tournament as its own answer gives it: with those still in and the
    finishing order, which the list leaves out (GET /api/tournaments/{id}).
    @type {TournamentInfo | null} */
let openInfo = null;

/* The open tournament's own answer, read again with the list. */
async function loadOpen() {
  const id = open;
  if (id === null) return;
  try {
    const answer = await fetch(`/api/tournaments/${id}`, { headers: authHeaders() });
    if (!answer.ok || open !== id) return;
    openInfo = await answer.json();
    renderTournaments();
  } catch (_error) {
    /* the next poll reads it again */
  }
}
/** @type {number | null} */
let mine = null; // the tournament whose table the page shows
/** @type {TournamentInfo | null} */
let playing = null;
let readAt = 0;

/** Every tournament, as the server lists them, with the asker's entries: one the asker
   is in that ends or is cancelled moves the balance (a prize, a refund), read again. */
export async function loadTournaments() {
  try {
    const answer = await fetch("/api/tournaments", { headers: authHeaders() });
    if (!answer.ok) return;
    /** @type {Array<TournamentInfo>} */
    const listed = await answer.json();
    const moved = listed.some((info) => info.registered &&
      shown.some((old) => old.id === info.id && old.state !== info.state));
    shown = listed;
    readAt = Date.now();
    renderTournaments();
    loadOpen();
    if (moved) refreshBalance();
  } catch (_error) {
    /* the next poll reads them again */
  }
}

/** A tournament's name: its creator's, else one said in the page's language.
   @param {TournamentInfo} info */
export function tournamentName(info) {
  if (info.named) return info.name;
  const size = info.seats === 2 ? t("t_heads_up") : t("t_max", { n: info.seats });
  const kind = info.kind === "sit_and_go" ? t("t_sit_and_go") : t("tournament");
  const game = info.mix ? t(info.mix) : t(info.game);
  return `${game} ${size} ${kind} · ${info.practice ? t("practice") : price(info)}`;
}

/** A level as the page says it: "Level III (20/40)".
   @param {TournamentInfo["level"]} level */
function levelName(level) {
  const pair = level.small_bet ? `${level.small_bet}/${level.big_bet}` : `${level.ante}/${level.min_bet}`;
  return t("t_level_title", { n: level.number, stakes: pair });
}

/** The buy-in and fee, written as the balance they come from (the tournament's
   money_unit), not as its chips.
   @param {TournamentInfo} info */
function price(info) {
  if (info.practice) return t("t_free");
  return `${cash(info.buy_in, info.money_unit)} + ${cash(info.fee, info.money_unit)}`;
}

/** @param {TournamentInfo} info */
function stateText(info) {
  if (info.state === "running") {
    const level = info.on_break ? t("t_break") : levelName(info.level);
    return `${t("t_running")} · ${level} · ${t("t_left", { n: info.players_left })}`;
  }
  if (info.state === "registering" && info.starts_at) {
    return `${t("t_registering")} · ${new Date(info.starts_at).toLocaleTimeString(ui.lang)}`;
  }
  return t(`t_${info.state}`);
}

/** The rows drawn last, by tournament and part ("row", "details"), each with what it
    was drawn from: the list is read again every few seconds, and a row whose
    tournament has not changed stays as it is (a button is not swapped under the
    pointer, a focus is kept).
    @type {Map<string, {drawn: string, row: HTMLTableRowElement}>} */
const drawnRows = new Map();

export function renderTournaments() {
  const body = $("tournament-list");
  const game = $("filter-game", HTMLSelectElement).value;
  const list = shown.filter((info) => !game || info.game === game);
  $("no-tournaments").hidden = list.length > 0;
  const who = ui.account ? ui.account.name : "";
  /** @type {Array<HTMLTableRowElement>} */
  const wanted = [];
  const kept = new Set();
  /** @param {string} key @param {unknown} from @param {() => HTMLTableRowElement} make */
  const reuse = (key, from, make) => {
    const drawn = JSON.stringify([from, ui.lang, who]);
    const old = drawnRows.get(key);
    const row = old && old.drawn === drawn ? old.row : make();
    drawnRows.set(key, { drawn, row });
    kept.add(key);
    wanted.push(row);
  };
  for (const info of list) {
    reuse(`row ${info.id}`, [info, open === info.id], () => tournamentRow(info));
    if (open === info.id) {
      const full = openInfo && openInfo.id === info.id ? { ...info, ...openInfo } : info;
      reuse(`details ${info.id}`, full, () => detailsRow(full));
    }
  }
  for (const key of [...drawnRows.keys()]) if (!kept.has(key)) drawnRows.delete(key);
  wanted.forEach((row, i) => {
    if (body.children[i] !== row) body.insertBefore(row, body.children[i] || null);
  });
  while (body.children.length > wanted.length) body.lastChild?.remove();
}

/** One tournament's row of the lobby.
   @param {TournamentInfo} info */
function tournamentRow(info) {
  const row = document.createElement("tr");
  row.dataset.tournament = String(info.id);
  const name = document.createElement("td");
  const title = document.createElement("button");
  title.className = "link";
  title.textContent = tournamentName(info);
  title.title = t("t_details");
  title.addEventListener("click", () => {
    open = open === info.id ? null : info.id;
    openInfo = null;
    renderTournaments();
    loadOpen();
  });
  name.append(title);
  row.append(name);
  const cells = [
    price(info),
    `${info.entries}${info.capacity ? `/${info.capacity}` : ""}`,
    cash(info.prize_pool, info.money_unit),
    stateText(info),
  ];
  cells.forEach((text, i) => {
    const cell = document.createElement("td");
    cell.textContent = text;
    if (i === 0 || i === 2) cell.className = "money"; // "1.00 + 0.10" on one line
    row.append(cell);
  });
  const cell = document.createElement("td");
  const button = actionButton(info);
  if (button) cell.append(button);
  row.append(cell);
  return row;
}

/** The one thing the asker can do with a tournament now.
   @param {TournamentInfo} info */
function actionButton(info) {
  const button = document.createElement("button");
  if (info.state === "running" && info.registered && info.table) {
    button.className = "primary";
    button.textContent = t("t_my_table");
    button.addEventListener("click", () => goToTable(info));
    return button;
  }
  if (info.state === "registering" && info.registered) {
    button.textContent = t("t_unregister");
    button.addEventListener("click", () => entry(info, "DELETE"));
    return button;
  }
  if (info.state === "registering" || (info.state === "running" && info.late_levels > 0)) {
    button.className = "primary";
    button.textContent = t("t_register");
    button.addEventListener("click", () => entry(info, "POST"));
    return button;
  }
  return null;
}

/** Register (POST) or unregister (DELETE).
   @param {TournamentInfo} info @param {"POST" | "DELETE"} method */
async function entry(info, method) {
  if (!ui.token) { status(t("login_first"), true); return; }
  try {
    const answer = await fetch(`/api/tournaments/${info.id}/entry`, { method, headers: authHeaders() });
    const data = await answer.json().catch(() => ({}));
    /* a buy-in is money as the balance shows it (10000 chips = 100.00) */
    if (!answer.ok) throw new Error(refusal(data, info.money_unit) || answer.statusText);
    const name = tournamentName(info);
    status(method === "POST" ? t("t_registered", { name }) : t("t_unregistered", { name }));
    shown = shown.map((old) => (old.id === data.id ? data : old));
    renderTournaments();
    refreshBalance();
    if (data.state === "running" && data.table) goToTable(data); // a sit-and-go filled
  } catch (error) {
    status(/** @type {Error} */ (error).message, true);
  }
}

/** @param {TournamentInfo} info */
function goToTable(info) {
  if (!info.table) return;
  mine = info.id;
  playing = info;
  ui.tournamentTitle = tournamentName(info);
  openTable(info.table);
  send({ type: "watch", table: info.table });
  renderTournamentNote();
}

/* The structure and the payouts, below the tournament's row. */
/** @param {TournamentInfo} info */
function detailsRow(info) {
  const row = document.createElement("tr");
  row.className = "details";
  const cell = document.createElement("td");
  cell.colSpan = 6;
  const facts = document.createElement("p");
  /** @type {{starting_chips: number, level_minutes?: number, level_hands?: number,
      levels: Array<Object<string, number>>}} */
  const structure = /** @type {any} */ (info.structure);
  const length = structure.level_minutes
    ? t("t_minutes", { n: structure.level_minutes })
    : structure.level_hands === 1 ? t("t_hand_one") : t("t_hands", { n: structure.level_hands ?? 0 });
  facts.textContent = [
    t("t_chips", { n: structure.starting_chips }),
    t("t_level_length", { length }),
    t("t_seats", { n: info.seats }),
    info.late_levels ? t("t_late", { n: info.late_levels }) : "",
    info.reentry ? t("t_reentry") : "",
  ].filter(Boolean).join(" · ");
  const levels = document.createElement("table");
  levels.className = "tables levels";
  const head = document.createElement("tr");
  const showHand = info.game === "show_hand";
  const columns = showHand ? ["t_level", "ante_label", "min_bet"] : ["t_level", "ante_label", "bring_in", "small_bet", "big_bet"];
  for (const key of columns) {
    const th = document.createElement("th");
    th.textContent = t(key);
    head.append(th);
  }
  levels.append(head);
  let number = 0;
  for (const step of structure.levels.slice(0, 14)) {
    const line = document.createElement("tr");
    const cells = step.break_minutes !== undefined
      ? [t("t_break_of", { n: step.break_minutes })]
      : [String(++number), ...(showHand ? [step.ante, step.min_bet] : [step.ante, step.bring_in, step.small_bet, step.big_bet]).map(String)];
    for (const text of cells) {
      const td = document.createElement("td");
      td.textContent = text;
      if (cells.length === 1) td.colSpan = columns.length;
      line.append(td);
    }
    levels.append(line);
  }
  const prizes = document.createElement("p");
  prizes.textContent = `${t("t_payouts")}: ` + (info.practice ? t("t_no_prizes") : info.prizes
    .map((prize, i) => `${i + 1}. ${cash(prize, info.money_unit)}`).join(", "));
  cell.append(facts, levels, prizes);
  /* while it runs: those still in with their chips; the finishing order as they bust */
  if (info.standings) {
    const left = document.createElement("p");
    left.className = "t-standings";
    left.textContent = `${t("t_still_in")}: ` + info.standings
      .map((p) => `${shownName(p.name)} (${p.chips})`).join(", ");
    cell.append(left);
  }
  if (info.places) {
    const places = document.createElement("p");
    places.className = "t-places";
    places.textContent = `${t("t_results")}: ` + info.places
      .map((p) => `${p.place}. ${shownName(p.name)}${p.prize ? ` (${cash(p.prize, info.money_unit)})` : ""}`).join(", ");
    cell.append(places);
  }
  row.append(cell);
  return row;
}

/* At a tournament's table: its level and clock, the field, and a move followed. */
export async function followTournament() {
  if (mine === null || !ui.tableId) return;
  try {
    const answer = await fetch(`/api/tournaments/${mine}`, { headers: authHeaders() });
    if (!answer.ok) return;
    /** @type {TournamentInfo} */
    const info = await answer.json();
    playing = info;
    readAt = Date.now();
    if (info.table && info.table !== ui.tableId && ui.state?.mode === "tournament") {
      status(t("t_moved", { table: info.table }));
      goToTable(info);
      return;
    }
    /* told as one busts (or wins), not when the whole tournament is over */
    if (info.place) {
      const name = tournamentName(info);
      status(info.prize && !info.practice
        ? t("t_finished_prize", { place: info.place, name, prize: cash(info.prize, info.money_unit) })
        : t("t_finished_place", { place: info.place, name }));
      mine = null;
      refreshBalance(); // a prize
    }
    renderTournamentNote();
  } catch (_error) {
    /* asked again on the next tick */
  }
}

export function renderTournamentNote() {
  const note = $("tournament-note");
  const info = playing;
  if (!info || !ui.state || ui.state.mode !== "tournament") { note.hidden = true; return; }
  note.hidden = false;
  const left = info.next_level_in === null ? null
    : Math.max(0, Math.round(info.next_level_in - (Date.now() - readAt) / 1000));
  const clock = left === null ? "" : ` · ${t("t_next_in", { time: `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}` })}`;
  const level = info.on_break ? t("t_break") : levelName(info.level);
  note.textContent = `${level}${clock} · ${t("t_left", { n: info.players_left })} · ${t("t_average", { n: info.average_stack })}`;
}

/* The create form: a scheduled one's start, late levels and re-entry shown only for it,
   the buy-in and fee (money as the balance shows it, in the account's money_unit: 1.00
   = 100 chips) but for practice. */
export function fillTournamentForm() {
  const scheduled = $("t-kind", HTMLSelectElement).value === "scheduled";
  /** @type {NodeListOf<HTMLElement>} */
  const labels = document.querySelectorAll("#t-create .t-scheduled");
  for (const label of labels) {
    label.hidden = !scheduled;
    /** @type {HTMLInputElement} */ (label.querySelector("input")).disabled = !scheduled;
  }
  const practice = $("t-practice", HTMLInputElement).checked;
  /** @type {NodeListOf<HTMLElement>} */
  const money = document.querySelectorAll("#t-create .t-money");
  for (const label of money) {
    label.hidden = practice;
    /** @type {HTMLInputElement} */ (label.querySelector("input")).disabled = practice;
  }
  const triple = /** @type {HTMLElement} */ ($("t-triple").closest("label"));
  triple.hidden = $("t-game", HTMLSelectElement).value !== "seven_card_stud";
  $("t-triple", HTMLInputElement).disabled = triple.hidden;
  const starts = $("t-starts", HTMLInputElement);
  if (scheduled && !starts.value) {
    const soon = new Date(Date.now() + 15 * 60_000);
    soon.setSeconds(0, 0);
    starts.value = new Date(soon.getTime() - soon.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  }
}

/** @param {SubmitEvent} event */
export async function createTournament(event) {
  event.preventDefault();
  if (!ui.token || !ui.account) { status(t("login_first"), true); return; }
  const value = (/** @type {string} */ id) => $(id, HTMLInputElement).value;
  const scheduled = $("t-kind", HTMLSelectElement).value === "scheduled";
  const practice = $("t-practice", HTMLInputElement).checked;
  const game = $("t-game", HTMLSelectElement).value;
  const unit = ui.account.money_unit; // the buy-in and fee come from the balance
  const body = {
    game,
    kind: scheduled ? "scheduled" : "sit_and_go",
    seats: Number(value("t-seats")),
    speed: $("t-speed", HTMLSelectElement).value,
    practice,
    buy_in: practice ? 0 : toChips(value("t-buy-in"), unit),
    fee: practice ? 0 : toChips(value("t-fee"), unit),
    name: value("t-name").trim(),
    mix: game === "seven_card_stud" && $("t-triple", HTMLInputElement).checked ? "triple_stud" : null,
    ...(scheduled ? {
      starts_at: new Date(value("t-starts")).toISOString(),
      late_levels: Number(value("t-late")),
      reentry: $("t-reentry", HTMLInputElement).checked,
    } : {}),
  };
  try {
    const answer = await fetch("/api/tournaments", {
      method: "POST", headers: { "Content-Type": "application/json", ...authHeaders() },
      body: JSON.stringify(body),
    });
    const data = await answer.json().catch(() => ({}));
    if (!answer.ok) throw new Error(refusal(data, unit) || answer.statusText);
    status(t("t_created", { name: tournamentName(data) }));
    shown = [...shown.filter((old) => old.id !== data.id), data];
    $("t-name", HTMLInputElement).value = "";
    renderTournaments();
  } catch (error) {
    status(/** @type {Error} */ (error).message, true);
  }
}

/* The lobby's list every few seconds, the table's note every second. */
export function startTournaments() {
  for (const id of ["t-kind", "t-practice", "t-game"]) $(id).addEventListener("change", fillTournamentForm);
  $("t-create").addEventListener("submit", createTournament);
  fillTournamentForm();
  loadTournaments();
  setInterval(() => { if (!$("lobby").hidden) loadTournaments(); }, 4000);
  setInterval(() => { if (ui.tableId && mine !== null) followTournament(); }, 2000);
  setInterval(renderTournamentNote, 1000);
}
