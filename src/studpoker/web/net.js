// @ts-check
/* The room's REST API (fetch) and its WebSocket (docs/protocol.md): logging in, sending,
   and what each server message changes. */

import { loadHands } from "./study.js";
import { loadOwnHands } from "./verify.js";
import { ui } from "./state.js";
import { $, status } from "./page.js";
import { refusal, t } from "./words.js";
import { refreshBalance, renderAccount, renderLobby } from "./lobby.js";
import { leaveTable, openTable, renderTable, renderTableSoon } from "./table.js";
import { addChat, addChatNotice, addLines, showStandings } from "./log.js";
import { actRefusal, renderActions } from "./actions.js";
import { soundsOf } from "./options.js";
import { applyPatch } from "./patch.js";
import { tablesChanged } from "./admin.js";
import { inviteOf } from "./invites.js";
import { opened } from "./tabs.js";
import { renderOffer } from "./waitlist.js";
import { renderHost } from "./host.js";
import { checkDeal, isSeedAnswer } from "./deal.js";

/* The REST answers read here, typed from the OpenAPI document (/openapi.json), whose
   bodies protocol.js holds beside the WebSocket's messages. */
/** @typedef {import("./protocol.js").Session} Session */
/** @typedef {import("./protocol.js").Me} Me */

/**
 * POST `body` as JSON to `path`; its answer, or an Error that says why it was refused
 * (FastAPI's `detail`, in the page's language).
 * @param {string} path
 * @param {object} [body]
 * @returns {Promise<any>}
 */
async function post(path, body) {
  const answer = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) throw new Error(refusal(data) || answer.statusText);
  return data;
}

/**
 * Log in (or register, play as a guest, set one's password with an operator's link)
 * through `path`, then connect as that account; whether it did.
 * @param {string} path
 * @param {{name: string, password: string} | {token: string, password: string}} [body]
 * @returns {Promise<boolean>}
 */
export async function logIn(path, body) {
  try {
    /** @type {Session} */
    const session = await post(path, body);
    ui.token = session.token;
    ui.account = session.account;
    ui.freeChips = null;
    localStorage.setItem("stud.token", ui.token);
    status("");
    connect();
    return true;
  } catch (error) {
    status(/** @type {Error} */ (error).message, true);
    return false;
  }
}

/** @returns {Object<string, string>} */
export function authHeaders() {
  return ui.token ? { Authorization: `Bearer ${ui.token}` } : {};
}

export function connect() {
  if (ui.socket) {
    ui.socket.onclose = null;
    ui.socket.close();
  }
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const url = `${scheme}://${location.host}/ws?lang=${encodeURIComponent(ui.lang)}`;
  // The session token goes in the subprotocol header, never in the URL (logs keep URLs).
  const protocols = ui.token ? ["studpoker", `bearer.${ui.token}`] : ["studpoker"];
  const socket = new WebSocket(url, protocols);
  ui.socket = socket;
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onopen = () => { ui.retry = 0; };
  socket.onclose = () => {
    if (ui.socket !== socket) return;
    status(t("disconnected"), true);
    // Nothing pressed reaches the room meanwhile: the buttons say so until it is back.
    document.body.classList.add("offline");
    $("actions").inert = true;
    ui.retry = Math.min(ui.retry + 1, 5);
    setTimeout(connect, 500 * ui.retry);
  };
}

/**
 * Send `message` with an id of its own, which the server's answer repeats; null when
 * the socket is not open (nothing was sent).
 * @param {import("./protocol.js").ClientMessage} message
 * @returns {number | null}
 */
export function send(message) {
  if (!ui.socket || ui.socket.readyState !== WebSocket.OPEN) return null;
  const id = ui.nextId++;
  /* a private table's invite, held by this browser, goes with what asks to sit at it
     or watch it (invites.js) */
  const invite = "table" in message && INVITED.has(message.type) ? inviteOf(message.table) : undefined;
  ui.socket.send(JSON.stringify(invite ? { ...message, invite, id } : { ...message, id }));
  return id;
}

/** The messages that carry a private table's invite (docs/protocol.md). */
const INVITED = new Set(["sit", "watch", "join_waiting_list"]);

/**
 * The table's state a `table` message leaves: its `state` (the answer to watch), or its
 * `patch` applied to the state the messages before it left (docs/protocol.md,
 * "Updates"); null when there is no such state or the patch does not apply to it.
 * @param {import("./protocol.js").TableMessage} message
 * @returns {import("./protocol.js").TableState | null}
 */
export function tableState(message) {
  if (message.state) return message.state;
  if (!message.patch || !ui.state || ui.state.table_id !== message.table) return null;
  try {
    return applyPatch(ui.state, message.patch);
  } catch (error) {
    console.warn("a table update did not apply; asking for the whole state", error);
    return null;
  }
}

/** @param {import("./protocol.js").ServerMessage} message */
export function receive(message) {
  switch (message.type) {
    case "welcome":
      ui.account = message.account;
      ui.currency = message.currency ?? "$";  // a server before currencies: dollars
      if (!ui.account && ui.token) {
        ui.token = null;
        localStorage.removeItem("stud.token");
      }
      status(ui.notice);
      ui.notice = "";
      document.body.classList.remove("offline");
      $("actions").inert = false;
      renderAccount();
      refreshBalance(0); // and what "Get chips" would give now
      loadHands();
      loadOwnHands();
      let fromAddress = false;
      if (!ui.tableId && opened.table) {  /* the page's address names a table (tabs.js) */
        openTable(opened.table);
        opened.table = null;
        fromAddress = true;
      }
      if (ui.tableId) {
        const watch = send({ type: "watch", table: ui.tableId });
        /* a table gone since (a reload), or a private one not for us: back to the lobby */
        if (fromAddress) ui.addressWatch = watch;
        if (ui.account && ui.sitOnWelcome === ui.tableId) send({ type: "sit", table: ui.tableId });
      } else if (!opened.lobby) reclaimSeat();  // a lobby opened beside one's tables stays
      if (ui.account) ui.sitOnWelcome = null;
      break;
    case "lobby":
      ui.tables = message.tables;
      renderLobby();
      renderOffer();
      if (ui.tableId) renderHost();
      tablesChanged();
      if (ui.cashOut) refreshBalance(); // the seat left may have gone: its chips are back
      break;
    case "table": {
      if (message.table !== ui.tableId) break;
      const state = tableState(message);
      if (!state) {
        // A patch with no state to apply it to, or one that does not apply: the whole
        // state again (the answer to watch starts the log and the hand's events over).
        send({ type: "watch", table: message.table });
        break;
      }
      ui.state = state;
      ui.stateAt = performance.now();
      if (message.change === "state") $("log").textContent = "";
      if (message.change === "state" || state.hand_number !== ui.eventsHand) {
        ui.handEvents = [];
        ui.eventsHand = state.hand_number;
      }
      ui.handEvents.push(...(message.events || []));
      if (message.change !== "state") soundsOf(message);
      if ((message.result && state.mode === "chips") || message.change === "competition_ended") {
        refreshBalance();
      }
      if (message.change === "competition_ended" && message.standings) showStandings(message.standings);
      addLines(message.lines || []);
      checkDeal(message, state); // the seeds told, each card shown checked (deal.js)
      if (state.turn) ui.turnAt = performance.now();
      // A hand's end is drawn at once: its pots go to the winners (movePots) before
      // the next deal, however soon that comes.
      if (message.change === "hand_ended") renderTable();
      else renderTableSoon();
      break;
    }
    case "chat":
      if (message.table === ui.tableId) addChat(message.name, message.text, message.room);
      break;
    case "ok":
      if (isSeedAnswer(message.id)) break; // a client seed taken (deal.js)
      refreshBalance();
      if (ui.pendingSit && message.id === ui.pendingSit.id) {
        const table = ui.pendingSit.table;
        ui.pendingSit = null;
        status("");
        openTable(table);
      }
      break;
    case "logged_out":
      /* The session ended (another tab logged out, or it expired): back to the lobby,
         where one logs in again; the seat, if any, waits for its player (reclaimSeat). */
      ui.account = null;
      ui.token = null;
      ui.freeChips = null;
      localStorage.removeItem("stud.token");
      if (ui.state) ui.state.viewer = null;
      if (ui.tableId) leaveTable();
      renderAccount();
      status(t(message.reason === "banned" ? "banned_out" : "logged_out"), true);
      break;
    case "error": {
      /* a client seed too late for its hand: that hand's seed is the room's, as it says */
      if (isSeedAnswer(message.id)) break;
      if (ui.acting && message.id === ui.acting.id) {
        /* A refused action: the decision is still ours, the buttons stay, and the
           reason is shown beside them in the page's language. */
        ui.answered.delete(ui.acting.seq);
        ui.refusal = { seq: ui.acting.seq, text: actRefusal(message) };
        ui.acting = null;
        renderActions();
        break;
      }
      /* its amounts in the money of the table it was about (a buy-in's: the table's) */
      let unit = ui.state && ui.state.money_unit;
      const pending = ui.pendingSit;
      if (pending && message.id === pending.id) {
        const table = ui.tables.find((x) => x.id === pending.table);
        if (table) unit = table.money_unit;
        ui.pendingSit = null;
      }
      if (message.id !== null && message.id === ui.addressWatch) {
        ui.addressWatch = null;
        leaveTable();
      }
      if (message.id !== null && message.id === ui.chatSent && message.code !== "login") {
        /* a chat line refused (muted, too fast): said where the player is typing */
        addChatNotice(refusal(message, unit));
        break;
      }
      if (message.code === "login") status(t("login_first"), true);
      else status(refusal(message, unit), true);
      break;
    }
    default:
      break;
  }
}

/* After a reload, come back to a seat the account holds (docs/protocol.md, Reconnecting). */
/** GET /api/me: the account now and the seats it holds; null when it cannot be read.
   @returns {Promise<Me | null>} */
export async function fetchMe() {
  if (!ui.token) return null;
  const answer = await fetch("/api/me", { headers: authHeaders() });
  return answer.ok ? answer.json() : null;
}

async function reclaimSeat() {
  if (!ui.token) return;
  try {
    const me = await fetchMe();
    if (!me) return;
    if (me.seats && me.seats.length && !ui.tableId) {
      const table = me.seats[0].table;
      openTable(table);
      send({ type: "watch", table }); // the table just opened: ui.tableId
    }
  } catch (_error) {
    /* the lobby is still there */
  }
}
