// @ts-check
/* The card room's browser client, over docs/protocol.md: the module index.html loads.
   The others hold one concern each and say which in their first lines; state.js holds
   what they share, protocol.js the protocol's types (made from its JSON Schema). Here
   the page is translated, its controls wired and the connection opened. */

import { ui } from "./state.js";
import { $, status } from "./page.js";
import { t } from "./words.js";
import { money } from "./money.js";
import { connect, logIn, receive, send } from "./net.js";
import { createTable, fillChoices, fillStakes, getChips, loadBoard, loadGames, quickSeat, renderAccount, renderBoard, renderLobby, showLevel, sitAt } from "./lobby.js";
import { askTopUp, renderBuyIn, sitWithBuyIn, topUp } from "./chips.js";
import { fitFelt, leaveTable, openTable, renderClock, renderCompetition, renderTable } from "./table.js";
import { downloadHistory, renderIgnored, showLastHand, showStandings } from "./log.js";
import { openHelp, startHelp } from "./help.js";
import { onKey, renderActions } from "./actions.js";
import { applyOptions, options } from "./options.js";
import { fillTournamentForm, renderTournamentNote, renderTournaments, startTournaments } from "./tournaments.js";
import { renderStudy, startStudy } from "./study.js";
import { renderVerify, startVerify } from "./verify.js";
import { renderAdmin, startAdmin } from "./admin.js";
import { showTurnInTab } from "./tabs.js";
import { askInvite, closePrivate, copyInvite, tableGone } from "./host.js";
import { declineOffer, renderOffer } from "./waitlist.js";

/* The static page in the page's language, and whatever is open redrawn in it. */
function translatePage() {
  document.documentElement.lang = ui.lang;
  $("lang", HTMLSelectElement).value = ui.lang;
  /** @param {string} selector */
  const marked = (selector) => /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(selector));
  for (const el of marked("[data-t]")) el.textContent = t(el.dataset.t ?? "");
  /** @type {NodeListOf<HTMLInputElement>} */
  const inputs = document.querySelectorAll("[data-tp]");
  for (const el of inputs) el.placeholder = t(el.dataset.tp ?? "");
  for (const el of marked("[data-ta]")) el.setAttribute("aria-label", t(el.dataset.ta ?? ""));
  for (const el of marked("[data-tt]")) el.title = t(el.dataset.tt ?? "");
  showTurnInTab();  // the tab's title in the new language
  fillChoices();
  renderLobby();
  renderTournaments();
  renderTournamentNote();
  fillTournamentForm();
  renderIgnored();
  if (!$("help").hidden) openHelp();  // the rules again, in the new language
  renderStudy();
  renderVerify();
  if (!$("buy-in-box").hidden) renderBuyIn();
  renderTable();
  if (!$("last-box").hidden) showLastHand(Number($("last-box").dataset.hand));
  if (!$("top-up-box").hidden) askTopUp();
  if (!$("standings-box").hidden && ui.standings) showStandings(ui.standings);
  renderAdmin();
}

/* The one-time link an operator gives a player, /#reset=TOKEN (a fragment: no server or
   proxy logs it): its form, which sets the password and logs in. */
function resetToken() {
  const found = /(?:^#|&)reset=([^&]+)/.exec(location.hash);
  return found ? decodeURIComponent(found[1]) : null;
}

/** @param {boolean} [done] the link was used (or put aside): the URL forgets it */
function showReset(done) {
  if (done && resetToken()) history.replaceState(null, "", location.pathname + location.search);
  const token = done ? null : resetToken();
  $("reset").hidden = !token;
  renderAccount();
  if (token) $("reset-password").focus();
}

/** @param {SubmitEvent} event */
async function usePasswordLink(event) {
  event.preventDefault();
  const token = resetToken();
  if (!token) { showReset(true); return; }
  const password = $("reset-password", HTMLInputElement).value;
  if (await logIn("/api/password-reset", { token, password })) {
    $("reset-password", HTMLInputElement).value = "";
    ui.notice = t("reset_done", { name: ui.account ? ui.account.name : "" });
    showReset(true);
  }
}

function start() {
  loadGames();
  const lang = $("lang", HTMLSelectElement);
  lang.addEventListener("change", () => {
    ui.lang = /** @type {import("./state.js").Lang} */ (lang.value);
    localStorage.setItem("stud.lang", ui.lang);
    send({ type: "language", lang: ui.lang });
    translatePage();
  });
  $("guest").addEventListener("click", () => logIn("/api/guests"));
  $("get-chips").addEventListener("click", getChips);
  $("reset-form").addEventListener("submit", usePasswordLink);
  $("reset-cancel").addEventListener("click", () => showReset(true));
  window.addEventListener("hashchange", () => showReset());
  const credentials = () => ({
    name: $("name", HTMLInputElement).value, password: $("password", HTMLInputElement).value,
  });
  $("auth").addEventListener("submit", (event) => {
    event.preventDefault();
    logIn("/api/sessions", credentials());
  });
  $("do-register").addEventListener("click", () => {
    if ($("auth", HTMLFormElement).reportValidity()) logIn("/api/accounts", credentials());
  });
  $("logout").addEventListener("click", async () => {
    if (ui.token) {
      await fetch("/api/sessions", { method: "DELETE", headers: { Authorization: `Bearer ${ui.token}` } })
        .catch(() => null);
    }
    ui.token = null;
    ui.account = null;
    ui.freeChips = null;
    localStorage.removeItem("stud.token");
    leaveTable();
    connect();
  });
  $("leave").addEventListener("click", leaveTable);
  const select = (/** @type {string} */ id) => $(id, HTMLSelectElement);
  $("filter-game").addEventListener("change", () => {
    if (select("filter-game").value) {
      select("create-game").value = select("filter-game").value;
      fillStakes();
      select("board-game").value = select("filter-game").value;
      loadBoard();
    }
    renderLobby();
    renderTournaments();
  });
  $("filter-mode").addEventListener("change", renderLobby);
  $("quick-seat").addEventListener("click", quickSeat);
  $("create").addEventListener("submit", createTable);
  $("board-game").addEventListener("change", () => { ui.board = null; renderBoard(); loadBoard(); });
  $("sit-out").addEventListener("click", () => {
    if (!ui.tableId) return;
    send({ type: $("sit-out").dataset.out ? "sit_in" : "sit_out", table: ui.tableId });
  });
  $("auto-muck").addEventListener("change", () => {
    // "Auto-muck losing hands" (R5.3): the seat's own, kept by the table
    if (ui.tableId) send({ type: "auto_muck", table: ui.tableId, on: $("auto-muck", HTMLInputElement).checked });
  });
  $("history").addEventListener("click", downloadHistory);
  addEventListener("resize", () => { if (ui.tableId) fitFelt(); });
  $("last-hand").addEventListener("click", () => showLastHand());
  $("top-up").addEventListener("click", askTopUp);
  $("start-competition").addEventListener("click", () => {
    if (ui.tableId) send({ type: "start_competition", table: ui.tableId });
  });
  $("standings-close").addEventListener("click", () => { $("standings-box").hidden = true; });
  $("top-up-box").addEventListener("submit", topUp);
  $("top-up-cancel").addEventListener("click", () => { $("top-up-box").hidden = true; });
  $("create-game").addEventListener("change", fillStakes);
  $("create-mode").addEventListener("change", showLevel);
  $("last-close").addEventListener("click", () => { $("last-box").hidden = true; });
  $("chat").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("chat-text", HTMLInputElement);
    const text = input.value.trim();
    if (!text || !ui.tableId) return;
    ui.chatSent = send({ type: "chat", table: ui.tableId, text: text.slice(0, 300) });
    input.value = "";
  });
  document.addEventListener("keydown", onKey);
  setInterval(() => { if (ui.tableId && ui.state) { renderClock(); renderCompetition(); } }, 500);
  applyOptions();
  $("four-colour").addEventListener("click", () => {
    options.fourColour = !options.fourColour;
    localStorage.setItem("stud.fourColour", options.fourColour ? "1" : "0");
    applyOptions();
  });
  $("sound").addEventListener("click", () => {
    options.sound = !options.sound;
    localStorage.setItem("stud.sound", options.sound ? "on" : "off");
    applyOptions();
  });
  $("hud").addEventListener("click", () => {
    options.hud = !options.hud;
    localStorage.setItem("stud.hud", options.hud ? "1" : "0");
    applyOptions();
    renderTable();
  });
  /* private tables, waiting lists, several tables (issue 36) */
  const showPrivate = () => {
    const friends = $("create-private", HTMLInputElement).checked;
    $("create-onlookers-label").hidden = !friends;
    $("create-choice-label").hidden = !friends;  // dealer's choice: a private table's
    $("create-choice-hands-label").hidden = !(friends && $("create-dealers-choice", HTMLInputElement).checked);
  };
  $("create-private").addEventListener("change", showPrivate);
  $("create-dealers-choice").addEventListener("change", showPrivate);
  $("invite-button").addEventListener("click", askInvite);
  $("invite-copy").addEventListener("click", copyInvite);
  $("invite-close").addEventListener("click", () => { $("invite-box").hidden = true; });
  $("close-table").addEventListener("click", async () => {
    const tableId = ui.tableId;
    const done = await closePrivate();
    if (!done || !tableId) return;
    const leave = () => {
      if (ui.tableId !== tableId) return;
      if (ui.state) ui.state = { ...ui.state, viewer: null };  // paid out: nothing to stand from
      leaveTable();
    };
    if (done.closed) { leave(); return; }
    /* a hand under way: the host plays it out, then the table closes */
    status(t("closing_after_hand"));
    const watch = setInterval(async () => {
      if (ui.tableId !== tableId) { clearInterval(watch); return; }
      if (await tableGone(tableId).catch(() => false)) {
        clearInterval(watch);
        leave();
        status(t("table_closed_note"));
      }
    }, 1500);
  });
  $("table-sit").addEventListener("click", () => {
    const table = ui.tables.find((x) => x.id === ui.tableId);
    if (table) sitAt(table);
  });
  $("seat-offer-take").addEventListener("click", () => {
    const table = ui.tables.find((x) => x.id === $("seat-offer").dataset.table);
    $("seat-offer").hidden = true;
    if (table) sitAt(table);
  });
  $("seat-offer-decline").addEventListener("click", declineOffer);
  setInterval(renderOffer, 1000);
  $("buy-in").addEventListener("submit", sitWithBuyIn);
  $("buy-in-cancel").addEventListener("click", () => { $("buy-in-box").hidden = true; });
  translatePage();
  showReset();
  fillStakes();
  loadBoard();
  connect();
  startTournaments();
  startStudy();
  startVerify();
  startAdmin();
  startHelp();
}

/* The one hook of the page for its browser tests (tests/web), whose page.evaluate()
   strings read and call these: a module's names are not globals. A test that captures
   what the page sends puts a socket of its own in stud.ui.socket. */
Object.assign(window, {
  stud: { ui, options, money, openTable, renderTable, renderClock, renderActions, receive },
});

start();
