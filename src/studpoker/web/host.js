// @ts-check
/* A private table's host (issue 36): the invite link shown to send to friends (after
   creating the table, and again from the table's Invite button), and the table closed. */

import { ui } from "./state.js";
import { $, status } from "./page.js";
import { refusal, t } from "./words.js";
import { authHeaders } from "./net.js";
import { inviteLink, inviteOf, keepInvite } from "./invites.js";

/** Whether this account is the host of the private table shown. */
export function hostsHere() {
  const table = ui.tables.find((x) => x.id === ui.tableId);
  return Boolean(table && table.private && ui.account && table.host === ui.account.name);
}

/* The host's buttons in the table's title bar. */
export function renderHost() {
  const host = hostsHere();
  $("invite-button").hidden = !host;
  $("close-table").hidden = !host;
}

/** The link to send friends, in a box over the page with its Copy button.
   @param {string} tableId @param {string} invite */
export function showInvite(tableId, invite) {
  keepInvite(tableId, invite);
  const input = $("invite-link", HTMLInputElement);
  input.value = inviteLink(tableId, invite);
  $("invite-copy").textContent = t("copy");
  $("invite-box").hidden = false;
  input.focus();
  input.select();
}

/* Invite: the link again (the server keeps it; the host's browser may not). */
export async function askInvite() {
  const tableId = ui.tableId;
  if (!tableId) return;
  const kept = inviteOf(tableId);
  if (kept) { showInvite(tableId, kept); return; }
  const answer = await fetch(`/api/tables/${encodeURIComponent(tableId)}/invite`, { headers: authHeaders() });
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) { status(refusal(data) || answer.statusText, true); return; }
  showInvite(data.table, data.invite);
}

export async function copyInvite() {
  const input = $("invite-link", HTMLInputElement);
  input.select();
  try {
    await navigator.clipboard.writeText(input.value);
  } catch (_error) {
    document.execCommand("copy");  // a page not served over HTTPS has no clipboard API
  }
  $("invite-copy").textContent = t("copied");
}

/** Close the table, once the host says so: the answer (`closed` at once between
    hands; else once the hand under way is played to its end, then everyone is paid
    out), or null when it was not closed.
    @returns {Promise<{table: string, people: number, closed: boolean} | null>} */
export async function closePrivate() {
  const tableId = ui.tableId;
  if (!tableId || !confirm(t("close_table_confirm"))) return null;
  const answer = await fetch(`/api/tables/${encodeURIComponent(tableId)}/close`, {
    method: "POST", headers: authHeaders(),
  });
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) { status(refusal(data) || answer.statusText, true); return null; }
  return data;
}

/** Whether table `tableId` is gone (closed). @param {string} tableId */
export async function tableGone(tableId) {
  const answer = await fetch(`/api/tables/${encodeURIComponent(tableId)}`, { headers: authHeaders() });
  return answer.status === 404;
}
