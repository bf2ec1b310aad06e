// @ts-check
/* What the client holds: one object that every module reads and changes. The page shows
   it; the server's messages and the player's clicks change it. */

/** @typedef {import("./protocol.js").Language["lang"]} Lang */
/** @typedef {import("./protocol.js").TableState} TableState */

/**
 * A pre-action chosen while others act (actions.js): played when the viewer's decision
 * comes, if the hand and the amount to call are still the ones it was chosen for.
 * @typedef {object} PreAction
 * @property {"fold" | "call_any" | "check_fold" | "check"} kind
 * @property {number | null} hand
 * @property {number} amount
 */

/** The page's languages; English first, the one a browser asking for none gets.
 * @type {Array<Lang>} */
export const LANGS = ["en", "zh-Hant", "zh-Hans"];

export const ui = {
  /** @type {Lang} */
  lang: pickLanguage(),
  token: localStorage.getItem("stud.token"),
  /** @type {import("./protocol.js").AccountView | null} */
  account: null,
  /** @type {Array<import("./protocol.js").LobbyTable>} */
  tables: [],
  /** @type {Array<import("./lobby.js").LeaderboardRow> | null} */
  board: null,
  /** @type {WebSocket | null} */
  socket: null,
  nextId: 1,
  /** @type {string | null} */
  tableId: null,
  /** @type {TableState | null} */
  state: null,
  /** @type {Set<number>} */
  answered: new Set(),
  /** @type {Object<string, import("./lobby.js").GameInfo>} */
  games: {}, // GET /api/games by game: presets, money unit, seats, buy-ins
  /** @type {Array<import("./protocol.js").HandEvent>} */
  handEvents: [], // the events of the hand shown, as the server sent them
  /** @type {Array<string>} */
  played: [], // the sounds played, by kind (tests read it)
  /** @type {number | null} */
  soundedTurn: null,
  /** @type {PreAction | null} */
  pre: null, // a pre-action chosen: { kind, hand, amount to call when chosen }
  /** @type {number | null} */
  confirmFold: null, // the decision whose fold waits for a confirmation (R2.8)
  /** @type {Set<string>} the players whose chat this browser hides (its own choice) */
  ignored: new Set(readIgnored()),
  /** @type {string | null} */
  createdTable: null, // the table this page has just created: marked in the lobby
  /** @type {string | null} */
  sitOnWelcome: null, // the practice table a visitor chose: sat at once logged in as a guest
  /** @type {number | null} */
  eventsHand: null,
  /** @type {{id: number, seq: number} | null} */
  acting: null, // the act message waiting for its answer: { id, seq }
  /** @type {{seq: number, text: string} | null} */
  refusal: null, // why the last answer was refused: { seq, text }
  turnAt: 0,
  stateAt: 0,
  retry: 0,
  /** @type {{id: number, table: string} | null} */
  pendingSit: null,
  /** @type {{table: string, reads: number} | null} */
  cashOut: null, // a chips seat left: the balance is read again until its chips are back
  /** @type {Array<import("./protocol.js").Placing> | null} */
  standings: null, // a competition's standings, shown when it ended
  /** @type {number | null | undefined} */
  movedHand: undefined, // the hand whose pots went to their winners (movePots)
  /** @type {number | null} */
  shownTurn: null, // the decision whose buttons were scrolled into view
  tournamentTitle: "", // the name of the tournament whose table is shown (tournaments.js)
  /** @type {number | null} */
  freeChips: null, // what "Get chips" would give now (GET /api/me), in the balance's unit
  notice: "", // said once the next welcome comes (a password just set)
  currency: "$", // the sign of the room's money (the welcome's), before stakes and balances
  /** @type {number | null} */
  chatSent: null, // the last chat line sent: a refusal of it is told in the chat
  /** @type {number | null} */
  addressWatch: null, // the watch of the table the page's address named (tabs.js)
};

/** The language saved on this browser, else the first of the browser's we have.
 * @returns {Lang} */
function pickLanguage() {
  const saved = localStorage.getItem("stud.lang");
  const known = LANGS.find((lang) => lang === saved);
  if (known) return known;
  for (const wanted of navigator.languages || [navigator.language || "en"]) {
    const low = String(wanted).toLowerCase();
    if (low.startsWith("zh")) {
      return /hans|cn|sg/.test(low) ? "zh-Hans" : "zh-Hant";
    }
    if (low.startsWith("en")) return "en";
  }
  return "en";
}

/** The players this browser ignores in chat, as kept in its storage.
   @returns {Array<string>} */
function readIgnored() {
  try {
    const kept = JSON.parse(localStorage.getItem("stud.ignored") || "[]");
    return Array.isArray(kept) ? kept.filter((name) => typeof name === "string") : [];
  } catch (_error) {
    return [];
  }
}
