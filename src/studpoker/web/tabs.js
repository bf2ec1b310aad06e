// @ts-check
/* Several tables at once (issue 36): each table in a tab of its own, its address
   /?table=ID, so that a player opens up to four (the room's limit) and the lobby in
   another (/?lobby=1, which comes back to no seat). The tab whose turn it is says so in
   its title and its icon; the keys act on the table of the tab in focus. */

import { ui } from "./state.js";
import { t } from "./words.js";
import { keepInvite } from "./invites.js";

const PLAIN_ICON = "data:,";
const TURN_ICON =
  "data:image/svg+xml," +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#e0a030"/></svg>');

/** What the page's address asks for when it opens: a table (its invite kept), the lobby
    alone, or nothing said. */
export const opened = readAddress();

function readAddress() {
  const params = new URLSearchParams(location.search);
  const table = params.get("table");
  const invite = params.get("invite");
  if (table && invite) keepInvite(table, invite);
  return { table: table || null, lobby: params.has("lobby") };
}

/** The address of the page says which table it shows (a reload comes back to it; the
    invite stays in this browser, not in the address).
    @param {string | null} tableId */
export function showAddress(tableId) {
  const wanted = tableId ? `?table=${encodeURIComponent(tableId)}` : location.pathname;
  if (location.search !== (tableId ? wanted : "")) history.replaceState(null, "", wanted + location.hash);
}

/** The tab's title and icon: "▶ Your turn · Razz" and a lit icon while the viewer is to act. */
export function showTurnInTab() {
  const s = ui.state;
  const mine = Boolean(ui.tableId && s && s.turn && s.viewer !== null && s.viewer !== undefined &&
    s.turn.seat === s.viewer);
  const name = s ? t(s.game) + (s.name && s.name !== s.table_id ? ` — ${s.name}` : "") : "";
  const title = mine ? t("turn_title", { table: name }) : (ui.tableId && name ? name : t("title"));
  if (document.title !== title) document.title = title;
  const icon = /** @type {HTMLLinkElement | null} */ (document.querySelector('link[rel="icon"]'));
  const href = mine ? TURN_ICON : PLAIN_ICON;
  if (icon && icon.getAttribute("href") !== href) icon.setAttribute("href", href);
  document.body.classList.toggle("my-turn", mine);
}
