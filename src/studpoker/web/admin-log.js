// @ts-check
/* The operator's page (admin.js): who is online and where, the audit, and the admin log,
   newest first, read again while an action in it is under way. */

import { $ } from "./page.js";
import { t } from "./words.js";
import { money } from "./money.js";
import { FOLLOW_EVERY, LOG_PAGE, balances, call, element, outcomeText, refusedText, say, when } from "./admin-api.js";

/** @typedef {import("./protocol.js").AdminActionView} AdminActionView */
/** @typedef {import("./protocol.js").OnlinePerson} OnlinePerson */
/** @typedef {import("./protocol.js").AuditAnswer} AuditAnswer */

const shown = {
  /** @type {Array<OnlinePerson> | null} */
  online: null,
  /** @type {AuditAnswer | null} */
  audit: null,
  /** @type {Array<AdminActionView>} */
  log: [],
  logRead: false,
  moreLog: false,
  /** @type {ReturnType<typeof setTimeout> | null} */
  logSoon: null,
};

// -- who is online, the audit -------------------------------------------------------------------

export async function loadOnline() {
  try {
    shown.online = await call("GET", "/online");
    renderOnline();
  } catch (error) {
    shown.online = null;
    $("a-online").textContent = "";
    say("a-nobody", refusedText(error), true);
  }
}

export function renderOnline() {
  const body = $("a-online");
  body.textContent = "";
  const people = shown.online || [];
  for (const person of people) {
    const where = Object.entries(person.seats).map(([table, seat]) => t("a_seated_at", { table, seat: t("a_seat", { n: seat }) }));
    const watching = person.watching.filter((table) => !(table in person.seats));
    if (watching.length) where.push(t("a_watching", { tables: watching.join(t("list_sep")) }));
    const row = element("tr");
    row.dataset.account = String(person.account);
    row.append(element("td", person.name), element("td", String(person.sockets), "num"),
      element("td", person.address, "a-address"), element("td", where.join(" · ") || t("a_in_lobby")));
    body.append(row);
  }
  const nobody = $("a-nobody");
  nobody.classList.remove("error");
  nobody.textContent = t("a_nobody_online");
  nobody.hidden = shown.online === null || people.length > 0;
}

export async function loadAudit() {
  say("a-audit-said", "");
  try {
    /** @type {AuditAnswer} */
    const audit = await call("GET", "/audit");
    shown.audit = audit;
    balances.unit = audit.money_unit;
    renderAudit();
  } catch (error) {
    say("a-audit-said", refusedText(error), true);
  }
}

export function renderAudit() {
  const audit = shown.audit;
  const list = $("a-differences");
  list.textContent = "";
  if (!audit) { $("a-total").textContent = ""; return; }
  $("a-total").textContent = t("a_total", { amount: money(audit.total, audit.money_unit) });
  const none = audit.differences.length === 0;
  say("a-audit-said", none ? t("a_books_balance") : t("a_differences", { n: audit.differences.length }), !none);
  for (const difference of audit.differences) list.append(element("li", difference));
}

// -- the admin log ---------------------------------------------------------------------------

/** @param {boolean} older the page before those listed */
export async function loadLog(older) {
  const last = shown.log[shown.log.length - 1];
  const query = new URLSearchParams({ limit: String(LOG_PAGE + 1) });
  if (older && last) query.set("before", String(last.id));
  try {
    /** @type {Array<AdminActionView>} */
    const lines = await call("GET", `/log?${query}`);
    const page = lines.slice(0, LOG_PAGE);
    if (older) shown.log = [...shown.log, ...page];
    else {
      shown.log = page;
      shown.moreLog = lines.length > LOG_PAGE;
    }
    if (older) shown.moreLog = lines.length > LOG_PAGE;
    shown.logRead = true;
    renderLog();
  } catch (error) {
    const box = $("a-no-log");
    box.textContent = refusedText(error);
    box.hidden = false;
    box.classList.add("error");
    return;
  }
  /* a line under way (a close waits for the end of the hand): read again in a moment */
  if (shown.logSoon) clearTimeout(shown.logSoon);
  shown.logSoon = null;
  if (shown.log.some(underWay)) {
    shown.logSoon = setTimeout(() => {
      shown.logSoon = null;
      if (!$("admin").hidden && !$("admin-log").hidden) loadLog(false);
    }, FOLLOW_EVERY);
  }
}

/** An action the room carries out at a table (or a tournament's) that it has not yet.
   @param {AdminActionView} line */
function underWay(line) {
  return line.table !== null && line.done_at === null;
}

/** What the line's details say: an amount, a name's change, the text said…
   @param {AdminActionView} line */
function detailsText(line) {
  const d = line.details;
  switch (line.action) {
    case "deposit":
    case "withdraw":
      return typeof d.amount === "number" ? money(d.amount, balances.unit) : "";
    case "mute":
      return typeof d.until === "string" ? t("a_muted_until", { time: when(d.until) }) : "";
    case "rename":
      return `${d.from} → ${d.to}`;
    case "grant":
      return t(d.role === "operator" ? "a_operator" : "a_player");
    case "message":
    case "message_all":
      return `“${d.text}”`;
    case "remove_seat":
      return t("a_seat", { n: String(d.seat) });
    default:
      return "";
  }
}

export function renderLog() {
  const list = $("a-log");
  list.textContent = "";
  for (const line of shown.log) {
    const item = element("li");
    item.dataset.action = String(line.id);
    const head = element("div", "", "a-log-head");
    const action = `act_${line.action}`;
    head.append(element("time", when(line.at), "a-log-when"), " ",
      element("strong", line.operator, "a-log-by"), " ",
      element("span", t(action) === action ? line.action : t(action), "a-log-action"), " ",
      element("span", line.target, "a-log-target"));
    const details = detailsText(line);
    if (details) head.append(" ", element("span", details, "a-log-details"));
    item.append(head);
    if (line.reason) item.append(element("div", t("a_reason_line", { reason: line.reason }), "a-log-reason"));
    if (line.table !== null) {
      const result = underWay(line) ? t("a_pending") : outcomeText(line);
      const said = element("div", t("a_result_line", { result }), "a-log-result");
      if (underWay(line)) said.classList.add("pending");
      item.append(said);
    }
    list.append(item);
  }
  const empty = $("a-no-log");
  empty.classList.remove("error");
  empty.textContent = t("a_no_log");
  empty.hidden = !shown.logRead || shown.log.length > 0;
  $("a-log-older").hidden = !shown.moreLog;
}

export function startAdminLog() {
  $("a-online-refresh").addEventListener("click", loadOnline);
  $("a-audit-run").addEventListener("click", loadAudit);
  $("a-log-refresh").addEventListener("click", () => loadLog(false));
  $("a-log-older").addEventListener("click", () => loadLog(true));
}
