// @ts-check
/* The operator's page (issue 34): the room's accounts (money, bans, mutes, names, roles,
   password links), its tables (pause, resume, close, a seat's removal, the room's
   messages), tournaments (cancel), who is online, the audit and the admin log — over
   /api/admin, for an account whose role is `operator` only. Each action that the API
   takes a reason for asks one, the destructive ones are confirmed, and a refusal is said
   in the operator's language from its code, nothing changed. Here: the page, its tabs
   and the Accounts tab; admin-tables.js has the Tables and Tournaments tabs,
   admin-log.js Online, Audit and Log, admin-api.js what they share. */

import { ui } from "./state.js";
import { $ } from "./page.js";
import { t } from "./words.js";
import { money } from "./money.js";
import { send } from "./net.js";
import { balances, button, call, confirmed, element, reasonOf, refusedText, say, when } from "./admin-api.js";
import { loadTournaments, renderTables, renderTournaments, startAdminTables } from "./admin-tables.js";
import { loadAudit, loadLog, loadOnline, renderAudit, renderLog, renderOnline, startAdminLog } from "./admin-log.js";

/* The answers of /api/admin, typed from the OpenAPI document (protocol.js). */
/** @typedef {import("./protocol.js").AdminAccount} AdminAccount */
/** @typedef {import("./protocol.js").PasswordReset} PasswordReset */
/** @typedef {"accounts" | "tables" | "tournaments" | "online" | "audit" | "log"} Tab */

const ACCOUNTS_PAGE = 50;

const admin = {
  /** @type {Tab} */
  tab: "accounts",
  /** @type {Array<AdminAccount>} */
  accounts: [],
  accountsRead: false,
  query: "",
  moreAccounts: false,
  /** @type {number | null} */
  selected: null, // the account whose tools are open under its row
};

export function isOperator() {
  return Boolean(ui.account && ui.account.role === "operator");
}

// -- the page and its tabs ----------------------------------------------------------------

export function openAdmin() {
  if (!isOperator()) return;
  $("lobby").hidden = true;
  $("room").hidden = true;
  $("admin").hidden = false;
  window.scrollTo(0, 0);
  showTab(admin.tab);
}

export function closeAdmin() {
  if ($("admin").hidden) return;
  $("admin").hidden = true;
  $("a-confirm", HTMLDialogElement).close();
  if (ui.tableId) $("room").hidden = false;
  else $("lobby").hidden = false;
  send({ type: "lobby" });
}

/** @param {Tab} tab */
function showTab(tab) {
  admin.tab = tab;
  /** @type {NodeListOf<HTMLElement>} */
  const tabs = document.querySelectorAll(".admin-tabs [data-tab]");
  for (const each of tabs) each.setAttribute("aria-selected", String(each.dataset.tab === tab));
  /** @type {NodeListOf<HTMLElement>} */
  const sections = document.querySelectorAll("#admin .admin-tab");
  for (const section of sections) section.hidden = section.dataset.tab !== tab;
  if (tab === "accounts" && !admin.accountsRead) loadAccounts(false);
  if (tab === "tables") send({ type: "lobby" });
  if (tab === "tournaments") loadTournaments();
  if (tab === "online") loadOnline();
  if (tab === "audit") loadAudit();
  if (tab === "log") loadLog(false);
  renderAdmin();
}

/** The open tab drawn again (the page's language changed, or what it shows). */
export function renderAdmin() {
  if ($("admin").hidden) return;
  if (admin.tab === "accounts") renderAccounts();
  if (admin.tab === "tables") renderTables();
  if (admin.tab === "tournaments") renderTournaments();
  if (admin.tab === "online") renderOnline();
  if (admin.tab === "audit") renderAudit();
  if (admin.tab === "log") renderLog();
}

/** The lobby's tables changed (a lobby message): the Tables tab follows them. */
export function tablesChanged() {
  if (!$("admin").hidden && admin.tab === "tables") renderTables();
}

// -- accounts -------------------------------------------------------------------------------

/** @param {boolean} more the next page after those listed */
async function loadAccounts(more) {
  const offset = more ? admin.accounts.length : 0;
  const query = new URLSearchParams({ q: admin.query, limit: String(ACCOUNTS_PAGE + 1), offset: String(offset) });
  try {
    /** @type {Array<AdminAccount>} */
    const found = await call("GET", `/accounts?${query}`);
    admin.moreAccounts = found.length > ACCOUNTS_PAGE;
    const page = found.slice(0, ACCOUNTS_PAGE);
    admin.accounts = more ? [...admin.accounts, ...page] : page;
    if (page.length) balances.unit = page[0].money_unit;
    admin.accountsRead = true;
    if (!more && !admin.accounts.some((account) => account.id === admin.selected)) admin.selected = null;
    renderAccounts();
  } catch (error) {
    say("a-create-said", refusedText(error), true);
  }
}

/** The account's marks: its role, guest, bot, banned, muted until when.
   @param {AdminAccount} account */
function marks(account) {
  const said = [];
  if (account.role === "operator") said.push(t("a_operator"));
  if (account.guest) said.push(t("guest"));
  if (account.bot) said.push(t("a_bot"));
  if (account.banned) said.push(t("a_banned"));
  if (muted(account)) said.push(t("a_muted_until", { time: when(account.muted_until) }));
  return said;
}

/** @param {AdminAccount} account */
function muted(account) {
  return account.muted_until !== null && Date.parse(account.muted_until) > Date.now();
}

function renderAccounts() {
  const tools = $("a-account");
  $("admin").append(tools); // out of the rows about to go
  const body = $("a-accounts");
  body.textContent = "";
  for (const account of admin.accounts) {
    const row = element("tr");
    row.dataset.account = String(account.id);
    if (account.banned) row.classList.add("a-banned");
    const name = element("td", "", "a-name");
    name.append(element("span", account.name, "a-account-name"));
    for (const mark of marks(account)) name.append(" ", element("span", mark, `a-mark${mark === t("a_banned") ? " a-mark-bad" : ""}`));
    const balance = element("td", money(account.balance, account.money_unit), "num a-balance");
    const held = element("td", money(account.at_tables, account.money_unit), "num a-held");
    const created = element("td", when(account.created_at), "a-created");
    const open = admin.selected === account.id;
    const manage = element("td", "", "a-manage");
    const toggle = button(t(open ? "a_done_managing" : "a_manage"), () => select(open ? null : account.id));
    toggle.setAttribute("aria-expanded", String(open));
    manage.append(toggle);
    row.append(name, balance, held, created, manage);
    body.append(row);
    if (open) {
      const detail = element("tr", "", "a-detail");
      const cell = /** @type {HTMLTableCellElement} */ (element("td"));
      cell.colSpan = 5;
      cell.append(tools);
      detail.append(cell);
      body.append(detail);
      fillTools(account);
    }
  }
  tools.hidden = admin.selected === null;
  $("a-no-accounts").hidden = !admin.accountsRead || admin.accounts.length > 0;
  $("a-more").hidden = !admin.moreAccounts;
}

/** Open the tools of account `id` (null: close them).
   @param {number | null} id */
function select(id) {
  admin.selected = id;
  const account = selectedAccount();
  if (account) {
    $("a-new-name", HTMLInputElement).value = account.name;
    $("a-amount", HTMLInputElement).value = "";
    say("a-said", "");
    $("a-link").hidden = true;
  }
  renderAccounts();
  if (account) $("a-account").scrollIntoView({ block: "nearest" });
}

function selectedAccount() {
  return admin.accounts.find((account) => account.id === admin.selected) || null;
}

/** The buttons that apply to the account as it is now (ban or unban, mute or unmute).
   @param {AdminAccount} account */
function fillTools(account) {
  $("a-ban").hidden = account.banned;
  $("a-unban").hidden = !account.banned;
  $("a-unmute").hidden = !muted(account);
  $("a-role", HTMLSelectElement).value = account.role;
}

/** The account as an answer has it now, in the list.
   @param {AdminAccount} fresh */
function changed(fresh) {
  admin.accounts = admin.accounts.map((account) => (account.id === fresh.id ? fresh : account));
  balances.unit = fresh.money_unit;
  renderAccounts();
}

/** One of the selected account's tools.
   @param {"deposit" | "withdraw" | "ban" | "unban" | "mute" | "unmute" | "rename" | "role" | "reset"} kind */
async function accountAction(kind) {
  const account = selectedAccount();
  if (!account) return;
  const path = `/accounts/${account.id}`;
  const name = account.name;
  const needsReason = kind !== "unmute";
  const reason = needsReason ? reasonOf("a-reason", "a-said") : "";
  if (reason === null) return;
  const typed = $("a-amount", HTMLInputElement).value.trim();
  try {
    switch (kind) {
      case "deposit":
      case "withdraw": {
        if (!typed) { $("a-amount").focus(); return; }
        const asked = t(kind === "deposit" ? "a_confirm_deposit" : "a_confirm_withdraw", { amount: typed, name });
        if (!(await confirmed(asked, t(kind === "deposit" ? "a_deposit" : "a_withdraw"), kind === "deposit"))) return;
        /** @type {AdminAccount} */
        const fresh = await call("POST", `${path}/${kind}`, { amount: typed, reason });
        const moved = Math.abs(fresh.balance - account.balance);
        changed(fresh);
        $("a-amount", HTMLInputElement).value = "";
        say("a-said", t(kind === "deposit" ? "a_deposited" : "a_withdrew", {
          amount: money(moved, fresh.money_unit), name, balance: money(fresh.balance, fresh.money_unit),
        }));
        return;
      }
      case "ban": {
        if (!(await confirmed(t("a_confirm_ban", { name }), t("a_ban")))) return;
        changed(await call("POST", `${path}/ban`, { reason }));
        say("a-said", t("a_banned_said", { name }));
        return;
      }
      case "unban":
        changed(await call("DELETE", `${path}/ban?${new URLSearchParams({ reason: reason || "" })}`));
        say("a-said", t("a_unbanned_said", { name }));
        return;
      case "mute": {
        const box = $("a-minutes", HTMLInputElement);
        if (!box.reportValidity()) return;
        /** @type {AdminAccount} */
        const fresh = await call("POST", `${path}/mute`, { minutes: Number(box.value), reason });
        changed(fresh);
        say("a-said", t("a_muted_said", { name, time: when(fresh.muted_until) }));
        return;
      }
      case "unmute":
        changed(await call("DELETE", `${path}/mute`));
        say("a-said", t("a_unmuted_said", { name }));
        return;
      case "rename": {
        const to = $("a-new-name", HTMLInputElement).value.trim();
        if (!to || to === name) { $("a-new-name").focus(); return; }
        if (!(await confirmed(t("a_confirm_rename", { name, to }), t("a_rename"), true))) return;
        /** @type {AdminAccount} */
        const fresh = await call("POST", `${path}/name`, { name: to, reason });
        changed(fresh);
        say("a-said", t("a_renamed", { from: name, to: fresh.name }));
        return;
      }
      case "role": {
        const role = /** @type {AdminAccount["role"]} */ ($("a-role", HTMLSelectElement).value);
        const word = t(role === "operator" ? "a_operator" : "a_player");
        if (!(await confirmed(t("a_confirm_role", { name, role: word }), t("a_set_role")))) return;
        changed(await call("POST", `${path}/role`, { role, reason }));
        say("a-said", t("a_role_said", { name, role: word }));
        return;
      }
      case "reset": {
        /** @type {PasswordReset} */
        const link = await call("POST", `${path}/password-reset`, { reason });
        say("a-said", "");
        showLink("a-link", link);
        return;
      }
    }
  } catch (error) {
    say("a-said", refusedText(error, typed), true);
    if (selectedAccount()) fillTools(/** @type {AdminAccount} */ (selectedAccount()));
  }
}

/** A one-time password link in `boxId`, whole, to copy and give the player.
   @param {string} boxId @param {PasswordReset} reset */
function showLink(boxId, reset) {
  const box = $(boxId);
  box.textContent = "";
  const url = new URL(reset.link, location.origin).href;
  const input = /** @type {HTMLInputElement} */ (element("input", "", "a-link-url"));
  input.readOnly = true;
  input.value = url;
  input.addEventListener("focus", () => input.select());
  const copy = button(t("a_copy"), async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(url);
    } catch (_error) {
      document.execCommand("copy"); // an insecure page has no clipboard API: the selection
    }
    copy.textContent = t("a_copied");
  });
  const row = element("div", "", "a-row");
  row.append(input, copy);
  box.append(element("p", t("a_link_for", { name: reset.account.name, time: when(reset.expires) })), row);
  box.hidden = false;
}

/** @param {SubmitEvent} event */
async function createAccount(event) {
  event.preventDefault();
  const form = $("a-create", HTMLFormElement);
  if (!form.reportValidity()) return;
  const reason = reasonOf("a-create-reason", "a-create-said");
  if (reason === null) return;
  const name = $("a-create-name", HTMLInputElement).value.trim();
  const password = $("a-create-password", HTMLInputElement).value;
  $("a-create-link").hidden = true;
  try {
    /** @type {PasswordReset | AdminAccount} */
    const made = await call("POST", "/accounts", password ? { name, password, reason } : { name, reason });
    const account = "token" in made ? made.account : made;
    say("a-create-said", t("a_created_said", { name: account.name }));
    if ("token" in made) showLink("a-create-link", made);
    $("a-create-name", HTMLInputElement).value = "";
    $("a-create-password", HTMLInputElement).value = "";
    admin.query = account.name;
    $("a-q", HTMLInputElement).value = account.name;
    await loadAccounts(false);
  } catch (error) {
    say("a-create-said", refusedText(error), true);
  }
}

// -- wiring -----------------------------------------------------------------------------------

export function startAdmin() {
  $("admin-open").addEventListener("click", openAdmin);
  $("admin-close").addEventListener("click", closeAdmin);
  /** @type {NodeListOf<HTMLElement>} */
  const tabs = document.querySelectorAll(".admin-tabs [data-tab]");
  for (const tab of tabs) {
    tab.addEventListener("click", () => showTab(/** @type {Tab} */ (tab.dataset.tab)));
  }
  $("a-search").addEventListener("submit", (event) => {
    event.preventDefault();
    admin.query = $("a-q", HTMLInputElement).value.trim();
    loadAccounts(false);
  });
  $("a-more").addEventListener("click", () => loadAccounts(true));
  $("a-create").addEventListener("submit", createAccount);
  /** @type {Array<[string, Parameters<typeof accountAction>[0]]>} */
  const tools = [["a-deposit", "deposit"], ["a-withdraw", "withdraw"], ["a-ban", "ban"], ["a-unban", "unban"],
    ["a-mute", "mute"], ["a-unmute", "unmute"], ["a-rename", "rename"], ["a-set-role", "role"], ["a-reset", "reset"]];
  for (const [id, kind] of tools) $(id).addEventListener("click", () => accountAction(kind));
  startAdminTables();
  startAdminLog();
}
