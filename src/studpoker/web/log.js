// @ts-check
/* What a table says and keeps: the dealer's lines, the chat, the last hand, the hand
   history, a competition's standings. */

import { ui } from "./state.js";
import { $, status } from "./page.js";
import { refusal, shownName, t } from "./words.js";
import { money } from "./money.js";
import { cardElement } from "./cards.js";
import { authHeaders } from "./net.js";

/** A finished hand as one's seat saw it (`GET /api/tables/{table}/hands/{number}`).
    @typedef {import("./protocol.js").FinishedHand} FinishedHand */

/** @param {Array<string>} lines the dealer's */
export function addLines(lines) {
  const log = $("log");
  for (const line of lines) {
    const item = document.createElement("li");
    item.textContent = line;
    log.append(item);
  }
  while (log.children.length > 200) /** @type {ChildNode} */ (log.firstChild).remove();
  log.scrollTop = log.scrollHeight;
}

/**
 * A chat line: a player's, or the room's operator's (`room`), which says it as the room.
 * @param {string} name
 * @param {string} text
 * @param {boolean} [room]
 */
export function addChat(name, text, room) {
  if (!room && ui.ignored.has(name)) return;  // ignored by this player: never shown
  const log = $("chat-log");
  const item = document.createElement("li");
  const who = document.createElement("b");
  who.textContent = `${room ? t("room_word") : shownName(name)}: `;
  if (room) item.className = "room-line";
  else if (!ui.account || name !== ui.account.name) {
    /* a player's name: a click ignores their chat, for oneself (the room's words never) */
    item.dataset.name = name;
    const ignore = document.createElement("button");
    ignore.type = "button";
    ignore.className = "ignore";  // its mark is the style's: the line's text is the chat's
    ignore.title = t("ignore_title", { name: shownName(name) });
    ignore.setAttribute("aria-label", ignore.title);
    ignore.addEventListener("click", () => setIgnored(name, true));
    item.append(ignore);
  }
  item.append(who, document.createTextNode(text));
  log.append(item);
  while (log.children.length > 100) /** @type {ChildNode} */ (log.firstChild).remove();
  log.scrollTop = log.scrollHeight;
}

/** Ignore ``name``'s chat (their lines so far go at once), or stop ignoring it: one's
   own choice, kept by this browser across reloads, shown under the chat.
   @param {string} name
   @param {boolean} on */
export function setIgnored(name, on) {
  if (on) ui.ignored.add(name);
  else ui.ignored.delete(name);
  localStorage.setItem("stud.ignored", JSON.stringify([...ui.ignored]));
  if (on) {
    for (const line of $("chat-log").querySelectorAll("li[data-name]")) {
      if (/** @type {HTMLElement} */ (line).dataset.name === name) line.remove();
    }
  }
  renderIgnored();
}

/** Those ignored, under the chat: each a button that shows their chat again. */
export function renderIgnored() {
  const box = $("ignored");
  box.textContent = "";
  box.hidden = ui.ignored.size === 0;
  if (box.hidden) return;
  box.append(`${t("ignored")}: `);
  for (const name of [...ui.ignored].sort()) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "unignore";
    button.textContent = `${shownName(name)} ✕`;
    button.title = t("unignore_title", { name: shownName(name) });
    button.addEventListener("click", () => setIgnored(name, false));
    box.append(button, " ");
  }
}

/** The "last hand" window: the dealer's lines of the last finished hand as one's seat
   saw it, in the page's language (R5.7, R5.8); hand `shown` again, in another language.
   @param {number} [shown] */
export async function showLastHand(shown) {
  const s = ui.state;
  const number = shown || (s && s.last_hand_number);
  if (!number) { status(t("no_last_hand"), true); return; }
  const path = `/api/tables/${encodeURIComponent(String(ui.tableId))}/hands/${number}` +
    `?lang=${encodeURIComponent(ui.lang)}`;
  try {
    const answer = await fetch(path, { headers: authHeaders() });
    const body = await answer.json();
    if (!answer.ok) throw new Error(refusal(body) || answer.statusText);
    /** @type {FinishedHand} */
    const data = body;
    $("last-title").textContent = `${t("last_hand")} · ${t("hand", { n: number })}`;
    $("last-box").dataset.hand = String(number);
    /* the hand in the replayer, as a link to share: an onlooker's view, one's own cards
       only for oneself (docs/study.md) */
    $("last-replay", HTMLAnchorElement).href = `/?replay=${encodeURIComponent(String(ui.tableId))}/${number}`;
    const list = $("last-lines");
    list.textContent = "";
    for (const line of data.lines) {
      const item = document.createElement("li");
      item.textContent = line;
      list.append(item);
    }
    /* the hands shown, as cards (R5.8: never a mucked one, which the server leaves out) */
    const shows = $("last-shows");
    shows.textContent = "";
    for (const event of data.events || []) {
      if (event.type !== "Show") continue;
      const row = document.createElement("div");
      row.className = "last-show";
      const who = document.createElement("span");
      who.className = "name";
      who.textContent = data.names[data.seats.indexOf(event.seat)] ?? `#${event.seat + 1}`;
      const cards = document.createElement("span");
      cards.className = "cards";
      for (const card of event.cards) cards.append(cardElement(card, false));
      row.append(who, cards);
      shows.append(row);
    }
    $("last-box").hidden = false;
  } catch (error) {
    status(/** @type {Error} */ (error).message, true);
  }
}

/** @param {Event} event */
export async function downloadHistory(event) {
  event.preventDefault();
  if (!ui.token) { status(t("login_first"), true); return; }
  try {
    const answer = await fetch("/api/hands", { headers: authHeaders() });
    if (!answer.ok) {
      const body = await answer.json().catch(() => ({}));
      throw new Error(refusal(body) || answer.statusText);
    }
    const blob = await answer.blob();
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = "studpoker-hands.txt";
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  } catch (error) {
    status(/** @type {Error} */ (error).message, true);
  }
}

/** The standings when a competition ends: the winner first, the chips each ended with.
   @param {Array<import("./protocol.js").Placing>} rows */
export function showStandings(rows) {
  ui.standings = rows;
  const body = $("standings-list");
  body.textContent = "";
  for (const row of rows) {
    const line = document.createElement("tr");
    const unit = ui.state ? ui.state.money_unit : 1; // the competition's table's
    const cells = [String(row.place), shownName(row.name), money(row.chips, unit), row.busted ? t("out") : ""];
    for (const text of cells) {
      const cell = document.createElement("td");
      cell.textContent = text;
      line.append(cell);
    }
    body.append(line);
  }
  $("standings-box").hidden = false;
}

/** A refusal of one's own chat line (muted by the room, too many lines), in the chat
    where the player is looking, not at the page's top.
   @param {string} text */
export function addChatNotice(text) {
  const log = $("chat-log");
  const item = document.createElement("li");
  item.className = "chat-notice";
  item.setAttribute("role", "alert");
  item.textContent = text;
  log.append(item);
  log.scrollTop = log.scrollHeight;
}
