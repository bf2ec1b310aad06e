// @ts-check
/* The lobby: the account, the tables and their filters, quick seat, the create form, the
   leaderboard. */

import { ui } from "./state.js";
import { $, status } from "./page.js";
import { refusal, shownName, t } from "./words.js";
import { cash, money, stakesParts, toChips } from "./money.js";
import { authHeaders, fetchMe, logIn, send } from "./net.js";
import { askBuyIn } from "./chips.js";
import { openTable } from "./table.js";
import { closeAdmin } from "./admin.js";
import { shownInLobby } from "./invites.js";
import { showInvite } from "./host.js";
import { isFull, waitButton } from "./waitlist.js";

/** @typedef {import("./protocol.js").LobbyTable} LobbyTable */
/** @typedef {import("./money.js").FixedLimitStakes} FixedLimitStakes */
/** @typedef {import("./money.js").ShowHandStakes} ShowHandStakes */

/* The REST answers read here, typed from the OpenAPI document (protocol.js). */
/** @typedef {import("./protocol.js").GameInfo} GameInfo */
/** @typedef {import("./protocol.js").LeaderboardRow} LeaderboardRow */

/** @type {Array<import("./money.js").Game>} */
export const GAME_IDS = ["seven_card_stud", "stud_hilo", "razz", "show_hand", "five_card_stud"];

/** @type {Array<LobbyTable["mode"]>} */
const MODE_IDS = ["practice", "chips", "competition"];

export function renderAccount() {
  const account = ui.account;
  const signed = Boolean(account);
  /* a password link being used: its form, not the login's */
  $("login").hidden = signed || !$("reset").hidden;
  $("account").hidden = !signed;
  /* the operator's page: for an operator's account only (the server says the role) */
  const operator = Boolean(account && account.role === "operator");
  $("admin-open").hidden = !operator;
  if (!operator) closeAdmin();
  /* free chips, when the room would give some now (GET /api/me's free_chips) */
  const chips = $("get-chips");
  chips.hidden = !(account && !account.guest && ui.freeChips !== null);
  chips.title = account && ui.freeChips !== null
    ? t("get_chips_title", { amount: money(ui.freeChips, account.money_unit) }) : "";
  /* a guest's name in the page's words ("訪客 123456"), which say it is a guest's */
  const label = account
    ? shownName(account.name) + (account.guest && !/^Guest \d+$/.test(account.name) ? ` (${t("guest")})` : "")
    : "";
  $("account-name").textContent = label;
  /* the balance beside the name (not for guests, who play practice only, R7.2), in
     the unit the server sends with it (10000 chips = 100.00, R1.4), never a table's;
     on a phone under the name, whole, the name cut short if it must be */
  const balance = account && !account.guest && Number.isInteger(account.balance)
    ? t("balance_words", { amount: cash(account.balance, account.money_unit) })
    : "";
  const who = $("who");
  who.textContent = "";
  const name = document.createElement("span");
  name.className = "who-name";
  name.textContent = label;
  who.append(name);
  if (balance) {
    const gap = document.createElement("span");
    gap.className = "who-gap";
    gap.textContent = " · ";
    const amount = document.createElement("span");
    amount.className = "who-balance";
    amount.textContent = balance;
    who.append(gap, amount);
  }
  who.title = who.textContent;
}

/* The account as the server holds it now: after every change of the balance — a
   buy-in, a top-up, the end of a chips table's hand, a tournament's entry, its
   unregistering and its prize — the header reads it again (GET /api/me). */
/** @type {ReturnType<typeof setTimeout> | null} */
let balanceSoon = null;

/** Read the balance again in a moment (many changes at once read it once).
   @param {number} [delay] milliseconds */
export function refreshBalance(delay = 300) {
  if (!ui.token || !ui.account || ui.account.guest || balanceSoon) return;
  balanceSoon = setTimeout(async () => {
    balanceSoon = null;
    try {
      const me = await fetchMe();
      if (me && ui.account && me.id === ui.account.id) {
        ui.account = { ...ui.account, balance: me.balance, money_unit: me.money_unit, role: me.role };
        ui.freeChips = me.free_chips;
        renderAccount();
        followCashOut(me);
      }
    } catch (_error) {
      /* the next change reads it again */
    }
  }, delay);
}

/* "Get chips": free chips from a room that gives them, to an account whose balance ran
   low (POST /api/me/chips); the header's balance is the answer's, or the reason why not
   now in the player's language ("again in 3 h 12 min"). */
export async function getChips() {
  const account = ui.account;
  if (!account || !ui.token) return;
  try {
    const answer = await fetch("/api/me/chips", { method: "POST", headers: authHeaders() });
    const data = await answer.json().catch(() => ({}));
    if (!answer.ok) throw new Error(refusal(data, account.money_unit) || answer.statusText);
    /** @type {import("./protocol.js").Me} */
    const me = data;
    const gained = me.balance - account.balance;
    ui.account = { ...account, balance: me.balance, money_unit: me.money_unit, role: me.role };
    ui.freeChips = me.free_chips;
    renderAccount();
    status(t("got_chips", { amount: money(gained, me.money_unit) }));
  } catch (error) {
    status(/** @type {Error} */ (error).message, true);
  }
}

/* A chips seat left pays its stack back when it leaves the table: at once between
   hands, at the end of the hand it plays (R7.2). Until the account holds no seat
   there, the balance is read again every two seconds; once more after, for the
   cash-out written as the seat went. */
const CASH_OUT_READS = 300; // ten minutes: the longest hand's clocks and time banks

/** The chips table a seat was left at: its stack is on its way back to the balance.
   @param {string} table */
export function awaitCashOut(table) {
  ui.cashOut = { table, reads: CASH_OUT_READS };
  refreshBalance();
}

/** @param {import("./protocol.js").Me} me */
function followCashOut(me) {
  const pending = ui.cashOut;
  if (!pending) return;
  const seated = me.seats.some((held) => held.table === pending.table);
  pending.reads -= 1;
  if (!seated || pending.reads <= 0) ui.cashOut = null;
  refreshBalance(seated ? 2000 : 1000);
}

/** The rows drawn last, by table id, each with what it was drawn from.
    @type {Map<string, {drawn: string, row: HTMLTableRowElement}>} */
const rows = new Map();

/* The lobby is drawn again on every poll (every few seconds): a row whose table, language
   and account have not changed is kept as it is, so a button being clicked, focused or
   scrolled to is not swapped from under the player. */
export function renderLobby() {
  renderAccount();
  const body = $("table-list");
  const shown = filteredTables();
  $("no-tables").hidden = shown.length > 0;
  const account = ui.account ? `${ui.account.guest ? "guest" : "player"} ${ui.account.name}` : "";
  /** @type {Array<HTMLTableRowElement>} */
  const wanted = [];
  const kept = new Set();
  for (const table of shown) {
    const drawn = JSON.stringify([table, ui.lang, account, table.id === ui.createdTable]);
    const old = rows.get(table.id);
    const row = old && old.drawn === drawn ? old.row : tableRow(table);
    rows.set(table.id, { drawn, row });
    kept.add(table.id);
    wanted.push(row);
  }
  for (const id of [...rows.keys()]) if (!kept.has(id)) rows.delete(id);
  /* in order, moving only rows out of place */
  wanted.forEach((row, i) => {
    if (body.children[i] !== row) body.insertBefore(row, body.children[i] || null);
  });
  while (body.children.length > wanted.length) body.lastChild?.remove();
  renderBoard();
}

/** One table's row of the lobby.
    @param {LobbyTable} table */
function tableRow(table) {
  const row = document.createElement("tr");
  if (table.id === ui.createdTable) row.className = "created";  // the one just opened
  row.dataset.table = table.id;
  /* the game's name is not broken inside a word, 限注五張梭哈 neither (CSS keep-all) */
  const game = document.createElement("td");
  const gameName = document.createElement("span");
  gameName.className = "game-name";
  /* a mixed game: its name, and the game of its hand now */
  gameName.textContent = table.mix ? `${t(table.mix)} (${t(table.game)})` : t(table.game);
  game.append(gameName, table.name && table.name !== table.id ? ` — ${table.name}` : "");
  if (table.mix === "dealers_choice" && table.next_game) {  /* the next game, and who chose */
    const next = document.createElement("span");
    next.className = "choice-mark";
    next.textContent = t("choice_lobby", { game: t(table.next_game), name: table.chooser || "—" });
    game.append(" ", next);
  }
  if (table.private) {  /* a friends' table (issue 36): its host named */
    const mark = document.createElement("span");
    mark.className = "private-mark";
    mark.textContent = t("private_mark", { host: table.host || "" });
    game.append(" ", mark);
  }
  row.append(game);
  const stakes = document.createElement("td");
  stakes.className = "stakes";
  /* each of the stakes whole on its line ("強制開注 0.50" not broken in two) */
  stakesParts(table.stakes, table.game, table.money_unit).forEach((part, i) => {
    const whole = document.createElement("span");
    whole.className = "stake";
    whole.textContent = part;
    stakes.append(...(i ? [" · ", whole] : [whole]));
  });
  row.append(stakes);
  const cells = [
    t(table.mode) + (table.level ? ` · ${t(`level_${table.level}`)}` : "") +
      (table.competition ? ` · ${t("running")}` : "") +
      (table.halted ? ` · ${t("stopped")}` : ""),
    seatedText(table),
    money(table.average_pot || 0, table.money_unit),
  ];
  for (const text of cells) {
    const cell = document.createElement("td");
    cell.textContent = text;
    row.append(cell);
  }
  /* its waiting list, under who sits (issue 36) */
  if (table.waiting && table.waiting.length) {
    const mark = document.createElement("span");
    mark.className = "waiting-mark";
    mark.textContent = t("waiting_count", { n: table.waiting.length });
    /** @type {HTMLElement} */ (row.children[3]).append(mark);
  }
  /* the room's operator paused it: no hand until resumed */
  if (table.paused) {
    const mark = document.createElement("span");
    mark.className = "paused-mark";
    mark.textContent = t("paused_lobby");
    /** @type {HTMLElement} */ (row.children[2]).append(mark);
  }
  const cell = document.createElement("td");
  const button = document.createElement("button");
  button.className = "sit";
  button.dataset.table = table.id;
  const canSit = mayPlay(table);
  /* before logging in, a practice seat is one click away: as a guest */
  const guestSits = !ui.account && !table.halted && table.mode === "practice";
  /* a full table: its waiting list (a look stays one click away, below) */
  const waits = Boolean(canSit && isFull(table));
  if (waits) cell.append(waitButton(table), " ");
  button.textContent = (canSit || guestSits) && !waits ? t("sit") : t("watch");
  button.addEventListener("click", () => {
    if (waits) {
      openTable(table.id);
      send({ type: "watch", table: table.id });
      return;
    }
    sitAt(table);
  });
  cell.append(button);
  if (guestSits) {  /* and a look first, for whoever would rather watch */
    const look = document.createElement("button");
    look.className = "watch";
    look.dataset.table = table.id;
    look.textContent = t("watch");
    look.addEventListener("click", () => {
      openTable(table.id);
      send({ type: "watch", table: table.id });
    });
    cell.append(" ", look);
  }
  row.append(cell);
  return row;
}

/** Whether the account may play at `table`: logged in, a guest at practice tables only.
   @param {LobbyTable} table */
function mayPlay(table) {
  return Boolean(ui.account && !table.halted && (table.mode === "practice" || !ui.account.guest));
}

/** What Sit does at `table`: a visitor at a practice table is logged in as a guest and
    seated; a chips table asks the buy-in; a table one may not play at is watched.
   @param {LobbyTable} table */
export function sitAt(table) {
  if (!ui.account && !table.halted && table.mode === "practice") {
    ui.sitOnWelcome = table.id;  // sat down once the room has welcomed the guest
    openTable(table.id);
    logIn("/api/guests");
    return;
  }
  const canSit = mayPlay(table);
  if (canSit && table.mode === "chips" && Array.isArray(table.buy_in)) {
    askBuyIn(table);
    return;
  }
  if (ui.tableId !== table.id) openTable(table.id);
  if (canSit) send({ type: "sit", table: table.id });
  else send({ type: "watch", table: table.id });
}

/** Who sits at a table: people and computer players apart (practice, R7.1).
   @param {LobbyTable} table */
function seatedText(table) {
  const people = table.humans ?? table.seated;
  const bots = table.seated - people;
  return bots > 0
    ? t("seated_bots", { people, bots, seats: table.seats })
    : `${people}/${table.seats}`;
}

/* The game and mode selects: the filters offer "all" first; the labels follow the language. */
export function fillChoices() {
  /** @type {NodeListOf<HTMLSelectElement>} */
  const selects = document.querySelectorAll("select.games-select, select.modes-select");
  for (const select of selects) {
    /** @type {Array<string>} */
    const ids = select.classList.contains("games-select") ? GAME_IDS : MODE_IDS;
    const all = select.classList.contains("games-select") ? "all_games" : "all_modes";
    const value = select.value;
    select.textContent = "";
    const values = select.dataset.any ? ["", ...ids] : ids;
    for (const id of values) {
      const option = document.createElement("option");
      option.value = id;
      option.textContent = id ? t(id) : t(all);
      select.append(option);
    }
    if (values.includes(value)) select.value = value;
  }
}

function filteredTables() {
  const game = $("filter-game", HTMLSelectElement).value;
  const mode = $("filter-mode", HTMLSelectElement).value;
  return ui.tables.filter((table) => shownInLobby(table) &&
    (!game || table.game === game) && (!mode || table.mode === mode));
}

/* Quick seat: the practice table of the chosen game, else the first practice table with a free seat. */
export function quickSeat() {
  if (!ui.account) { status(t("login_first"), true); return; }
  const game = $("filter-game", HTMLSelectElement).value;
  const practice = ui.tables.filter((table) => table.mode === "practice" && !table.private);
  // a practice table's computer players give their seats up: count the people (R7.1)
  const free = (/** @type {LobbyTable} */ table) => (table.humans ?? table.seated) < Math.min(8, table.seats);
  const table = (game && (practice.find((x) => x.game === game && x.id === `practice-${game}` && free(x)) ||
    practice.find((x) => x.game === game && free(x)))) || practice.find(free);
  if (!table) { status(t("no_free_seat"), true); return; }
  status("");
  openTable(table.id);
  send({ type: "sit", table: table.id });
}

/** @param {SubmitEvent} event */
export async function createTable(event) {
  event.preventDefault();
  if (!ui.account || !ui.token) { status(t("login_first"), true); return; }
  const game = $("create-game", HTMLSelectElement).value;
  const info = ui.games[game];
  if (!info) { status(t("disconnected"), true); return; } // GET /api/games: its money unit
  const number = (/** @type {string} */ id) => Number($(id, HTMLInputElement).value);
  const cents = (/** @type {string} */ id) => toChips($(id, HTMLInputElement).value, info.money_unit);
  const stakes = game === "show_hand"
    ? { ante: cents("create-sh-ante"), min_bet: cents("create-min-bet") }
    : {
      ante: cents("create-ante"), bring_in: cents("create-bring-in"),
      small_bet: cents("create-small-bet"), big_bet: cents("create-big-bet"),
    };
  /* the game's options (R2.7, R9.3), on or off: only those the game has */
  /** @type {Object<string, boolean>} */
  const options = {};
  /** @type {NodeListOf<HTMLElement>} */
  const shown = document.querySelectorAll("#create .option:not([hidden])");
  for (const label of shown) {
    options[label.dataset.option || ""] = /** @type {HTMLInputElement} */ (label.querySelector("input")).checked;
  }
  /* dealer's choice: a private table's, its players choosing the games in turn */
  const dealersChoice = $("create-private", HTMLInputElement).checked &&
    $("create-dealers-choice", HTMLInputElement).checked;
  const body = {
    game,
    mode: $("create-mode", HTMLSelectElement).value,
    seats: number("create-seats"),
    clock: number("create-clock"),
    stakes,
    options,
    name: $("create-name", HTMLInputElement).value.trim(),
    /* Triple Stud: Seven Card Stud's stakes, its three games in turn */
    mix: dealersChoice ? "dealers_choice"
      : game === "seven_card_stud" && $("create-triple", HTMLInputElement).checked ? "triple_stud" : null,
    choice_hands: dealersChoice ? number("create-choice-hands") : null,
    /* computer players sit at practice tables only */
    level: $("create-mode", HTMLSelectElement).value === "practice"
      ? $("create-level", HTMLSelectElement).value : null,
    /* a friends' table: only those with its link sit; onlookers as its host chooses */
    private: $("create-private", HTMLInputElement).checked,
    onlookers: $("create-private", HTMLInputElement).checked
      ? $("create-onlookers", HTMLSelectElement).value : "anyone",
  };
  try {
    const answer = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json", ...authHeaders() }, body: JSON.stringify(body) });
    const data = await answer.json().catch(() => ({}));
    if (!answer.ok) throw new Error(refusal(data) || answer.statusText);
    if (!ui.tables.some((table) => table.id === data.id)) ui.tables = [...ui.tables, data];
    /* said, and the new row marked and brought into view: it may be far down the list */
    status(t("table_created", { name: data.name || data.id }));
    ui.createdTable = data.id;
    $("create-name", HTMLInputElement).value = "";
    renderLobby();
    const created = document.querySelector("#table-list tr.created");
    if (created) created.scrollIntoView({ block: "center" });
    if (data.invite) showInvite(data.id, data.invite);  // the link to send friends
  } catch (error) {
    status(/** @type {Error} */ (error).message, true);
  }
}

/* The create form's stakes: the fixed-limit games' in dollars, Show Hand's ante and
   minimum bet in chips; a game's preset stakes, options and seats when it is chosen,
   as GET /api/games gives them (games/spec.py: the page keeps no copy). */
export async function loadGames() {
  try {
    const answer = await fetch("/api/games");
    if (!answer.ok) return;
    for (const info of await answer.json()) ui.games[info.game] = info;
    fillStakes();
    renderLobby();
  } catch (_error) {
    /* the form waits for the next load */
  }
}

export function fillStakes() {
  const game = $("create-game", HTMLSelectElement).value || GAME_IDS[0];
  const info = ui.games[game];
  if (!info) return;
  const showHand = game === "show_hand";
  /** @type {NodeListOf<HTMLElement>} */
  const labels = document.querySelectorAll("#create .stake");
  for (const label of labels) {
    const mine = label.classList.contains(showHand ? "show-hand" : "fixed-limit");
    label.hidden = !mine;
    /** @type {HTMLInputElement} */ (label.querySelector("input")).disabled = !mine;
  }
  /** @type {NodeListOf<HTMLElement>} */
  const optionLabels = document.querySelectorAll("#create .option");
  /** @type {Object<string, boolean | undefined>} */
  const options = info.options || {};
  for (const label of optionLabels) {
    const value = options[label.dataset.option || ""];
    const box = /** @type {HTMLInputElement} */ (label.querySelector("input"));
    label.hidden = value === undefined;
    box.disabled = value === undefined;
    box.checked = Boolean(value);
  }
  const input = (/** @type {string} */ id) => $(id, HTMLInputElement);
  showLevel();
  const triple = /** @type {HTMLElement} */ ($("create-triple").closest("label"));
  triple.hidden = game !== "seven_card_stud";
  input("create-triple").disabled = triple.hidden;
  /* the game's seats: ten at most for Show Hand and Five-Card Stud (R7.4, R9.1) */
  input("create-seats").max = String(info.most_seats);
  input("create-seats").value = String(info.seats);
  if (showHand) {
    const stakes = /** @type {ShowHandStakes} */ (info.stakes);
    input("create-sh-ante").value = money(stakes.ante, info.money_unit);
    input("create-min-bet").value = money(stakes.min_bet, info.money_unit);
  } else {
    const stakes = /** @type {FixedLimitStakes} */ (info.stakes);
    input("create-ante").value = money(stakes.ante, info.money_unit);
    input("create-bring-in").value = money(stakes.bring_in, info.money_unit);
    input("create-small-bet").value = money(stakes.small_bet, info.money_unit);
    input("create-big-bet").value = money(stakes.big_bet, info.money_unit);
  }
}

export async function loadBoard() {
  const board = $("board-game", HTMLSelectElement);
  const game = board.value || GAME_IDS[0];
  try {
    const answer = await fetch(`/api/leaderboard?game=${encodeURIComponent(game)}&limit=20`);
    const data = await answer.json();
    if (!answer.ok) throw new Error(refusal(data) || answer.statusText);
    if (board.value === game) ui.board = data;
    renderBoard();
  } catch (error) {
    status(/** @type {Error} */ (error).message, true);
  }
}

export function renderBoard() {
  const body = $("board-list");
  body.textContent = "";
  const rows = ui.board || [];
  $("board-empty").hidden = ui.board === null || rows.length > 0;
  /** @type {HTMLTableElement} */ (body.closest("table")).hidden = rows.length === 0;
  rows.forEach((row, index) => {
    const line = document.createElement("tr");
    const rating = row.provisional ? `${row.rating}? (${t("provisional")})` : String(row.rating);
    for (const text of [String(index + 1), row.name, rating, String(row.games)]) {
      const cell = document.createElement("td");
      cell.textContent = text;
      line.append(cell);
    }
    if (row.provisional) line.classList.add("provisional");
    body.append(line);
  });
}

/* The computer players' level: only a practice table has them. */
export function showLevel() {
  const practice = $("create-mode", HTMLSelectElement).value === "practice";
  $("create-level-label").hidden = !practice;
  $("create-level", HTMLSelectElement).disabled = !practice;
}
