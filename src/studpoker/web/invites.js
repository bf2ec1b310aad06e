// @ts-check
/* Private tables' invites (issue 36) that this browser holds: from a link
   /?table=ID&invite=KEY, or made here by the table's host. The socket adds a table's
   invite to what it sends about that table (net.js send); the lobby lists a private
   table only to its host and to those holding its invite. */

import { ui } from "./state.js";

const KEY = "stud.invites";
const INVITE = /^[A-Za-z0-9_-]{1,64}$/;

/** @returns {Record<string, string>} */
function readInvites() {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) || "{}");
    if (!kept || typeof kept !== "object" || Array.isArray(kept)) return {};
    return Object.fromEntries(
      Object.entries(kept).filter(([, invite]) => typeof invite === "string" && INVITE.test(invite)),
    );
  } catch (_error) {
    return {};
  }
}

const invites = readInvites();

/** The invite this browser holds for `tableId`, if any.
    @param {string} tableId */
export function inviteOf(tableId) {
  return Object.prototype.hasOwnProperty.call(invites, tableId) ? invites[tableId] : undefined;
}

/** @param {string} tableId @param {string} invite */
export function keepInvite(tableId, invite) {
  if (!INVITE.test(invite)) return;
  invites[tableId] = invite;
  localStorage.setItem(KEY, JSON.stringify(invites));
}

/** The link that lets a friend in: the page's own address with the table and its invite.
    @param {string} tableId @param {string} invite */
export function inviteLink(tableId, invite) {
  const url = new URL("/", location.href);
  url.searchParams.set("table", tableId);
  url.searchParams.set("invite", invite);
  return url.href;
}

/** Whether the lobby lists `table`: a public table always; a private one to its host
    and to those holding its invite.
    @param {import("./protocol.js").LobbyTable} table */
export function shownInLobby(table) {
  if (!table.private) return true;
  return Boolean(ui.account && ui.account.name === table.host) || inviteOf(table.id) !== undefined;
}
