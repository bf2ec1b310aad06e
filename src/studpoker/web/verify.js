// @ts-check
/* The Verify page (issue 38, docs/fairness.md): a past hand's deal checked in this
   browser. One of one's own hands (their records, GET /api/hands) or a record pasted
   (PokerStars text or PHH, as the room writes them) is sent to the room only to place
   its cards in the deck (POST /api/verify: the record played through the engine); then
   the deck is recomputed here from the revealed server seed and the client seeds
   (fairness.js, written apart from the Python verifier and held to the same test
   vectors), and the seed is checked against its commitment, the deck against the
   tree's root sent with the deal, and every card of the record against the card the
   seeds deal at its place. Its address is /?verify. */

import { ui } from "./state.js";
import { $ } from "./page.js";
import { refusal, t } from "./words.js";
import { authHeaders } from "./net.js";
import { cardElement } from "./cards.js";
import { verifyDeal } from "./fairness.js";

/** @typedef {import("./protocol.js").PlacedHand} PlacedHand */
/** @typedef {import("./protocol.js").VerifyAnswer} VerifyAnswer */

/**
 * One of one's hands as its record says it: its number, its deal's hand id, when, the
 * game as the header writes it, whether its seed is revealed, and the record itself.
 * @typedef {{number: string, handId: string | null, when: string, game: string,
 *   revealed: boolean, text: string}} OwnHand
 */

/**
 * What the page found of one hand: its verdict and what it says.
 * @typedef {{number: string, handId: string | null,
 *   verdict: "verified" | "wrong" | "unrevealed" | "no_deal",
 *   wrong: Array<string>, cards: Array<string | null>, testSeed: boolean}} Checked
 */

const RECORD_CHARACTERS = 262144; // a record pasted at most (server/routes/verify.py)

/** @type {Array<OwnHand>} */
let own = [];
let ownLoaded = false; // the list was asked for this login
/** Why the list could not be had (drawn in the page's language). @type {any} */
let ownRefused = null;
/** @type {Array<Checked>} */
let checked = [];
/** @type {Array<string>} */
let errors = [];
let more = false;
/** The problem the last check was refused with (drawn in the page's language). */
/** @type {any} */
let refused = null;
let busy = false;

/** The hands of a download, one record each (PokerStars text: hands apart by blank lines).
    @param {string} text @returns {Array<OwnHand>} */
export function ownHands(text) {
  return text.split(/\n\s*\n\s*\n/).map((one) => one.trim()).filter(Boolean).map((one) => {
    const head = /^PokerStars (?:Game|Hand) #(\d+):\s*(.*) - (\d{4}\/\d{2}\/\d{2} \d{1,2}:\d{2}:\d{2})/m.exec(one);
    const deal = /^Deal: hand (\S+), /m.exec(one);
    return {
      number: head ? head[1] : "?",
      game: head ? head[2].trim() : "",
      when: head ? head[3] : "",
      handId: deal ? deal[1] : null,
      revealed: /^Server seed: [0-9a-f]{64}\s*$/m.test(one),
      text: one + "\n",
    };
  }).reverse(); // the newest first
}

let panelSeen = false; // the panel has been on screen: its list is worth asking for

/** The logged-in player's last hands, to pick one to verify: asked when the panel comes
    on screen (a download spends the account's few a minute, GET /api/hands), and again
    after a login while it is there. */
export async function loadOwnHands() {
  ownLoaded = false;
  own = [];
  if (!ui.token || !panelSeen) {
    renderVerify();
    return;
  }
  try {
    const answer = await fetch("/api/hands?limit=30", { headers: authHeaders() });
    if (!answer.ok) {  // asked too often (a few downloads a minute), the room busy
      ownRefused = await answer.json().catch(() => ({ detail: `${answer.status}` }));
      renderVerify();
      return;
    }
    own = ownHands(await answer.text());
    ownLoaded = true;
    ownRefused = null;
  } catch (_error) {
    return; /* offline: asked again at the next login */
  }
  renderVerify();
}

/** The hex of a deal's client seeds etc. as fairness.js reads them; the page's verdict.
    @param {PlacedHand} hand @returns {Promise<Checked>} */
async function check(hand) {
  const deal = hand.deal;
  const base = { number: hand.number, handId: deal ? deal.hand_id : null, wrong: [],
    cards: [], testSeed: Boolean(deal && deal.test_seed) };
  if (!deal) return { ...base, verdict: "no_deal" };
  if (deal.server_seed === null) return { ...base, verdict: "unrevealed" };
  if (hand.cards === null) return { ...base, verdict: "wrong", wrong: [t("v_cannot_place")] };
  const wrong = await verifyDeal({
    serverSeed: deal.server_seed, handId: deal.hand_id, clientSeeds: deal.client_seeds,
    size: deal.size, commitment: deal.commitment, root: deal.root, cards: hand.cards,
  });
  /** @type {Array<string | null>} */
  const cards = [];
  for (const [place, card] of Object.entries(hand.cards)) cards[Number(place)] = card;
  return { ...base, verdict: wrong.length ? "wrong" : "verified", wrong, cards: Array.from(cards, (c) => c ?? null) };
}

/** Check the record in the box: its cards placed by the room, everything else here.
    @param {Event} [event] */
export async function verifyRecord(event) {
  if (event) event.preventDefault();
  const record = $("verify-record", HTMLTextAreaElement).value;
  if (!record.trim() || busy) return;
  if (record.length > RECORD_CHARACTERS) {
    refused = { detail: t("v_too_long", { n: RECORD_CHARACTERS.toLocaleString(ui.lang) }) };
    checked = [];
    errors = [];
    more = false;
    renderVerify();
    return;
  }
  busy = true;
  refused = null;
  $("verify-submit", HTMLButtonElement).disabled = true;
  $("verify-said").textContent = t("v_checking");
  $("verify-said").hidden = false;
  try {
    const answer = await fetch("/api/verify", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...authHeaders() },
      body: JSON.stringify({ record }),
    });
    const body = await answer.json().catch(() => null);
    if (!answer.ok) {
      refused = body || { detail: `${answer.status}` };
      checked = [];
      errors = [];
      more = false;
    } else {
      const placed = /** @type {VerifyAnswer} */ (body);
      checked = await Promise.all(placed.hands.map(check));
      errors = placed.errors;
      more = placed.more;
    }
  } catch (_error) {
    refused = { detail: t("v_offline") };
  } finally {
    busy = false;
    $("verify-submit", HTMLButtonElement).disabled = false;
  }
  renderVerify();
}

/** A wrong of fairness.js's (the Python verifier's words) in the page's language.
    @param {string} said */
function wrongText(said) {
  const card = /^card (\d+) is (\S+) in the record; the seeds deal (\S+)$/.exec(said);
  if (card) return t("v_wrong_card", { n: card[1], record: card[2], seeds: card[3] });
  if (said === "the server seed does not match its commitment") return t("v_wrong_commitment");
  if (said === "the deal's root is not the tree of the deck the seeds make") return t("v_wrong_root");
  return said;
}

/** The verdict of one hand, with its cards in deck order. @param {Checked} hand */
function checkedItem(hand) {
  const item = document.createElement("li");
  item.className = `v-hand v-${hand.verdict}`;
  const title = document.createElement("strong");
  title.textContent = t("v_hand", { n: hand.number }) + (hand.handId ? ` (${hand.handId})` : "");
  const said = document.createElement("span");
  said.className = "v-said";
  const shown = hand.cards.filter(Boolean).length;
  said.textContent = {
    verified: t("v_verified", { n: shown }),
    wrong: t("v_wrong"),
    unrevealed: t("v_unrevealed"),
    no_deal: t("v_no_deal"),
  }[hand.verdict];
  item.append(title, " ", said);
  if (hand.testSeed && hand.verdict !== "no_deal") {
    const note = document.createElement("span");
    note.className = "v-note";
    note.textContent = ` ${t("v_test_seed")}`;
    item.append(note);
  }
  if (hand.wrong.length) {
    const list = document.createElement("ul");
    for (const wrong of hand.wrong) {
      const line = document.createElement("li");
      line.textContent = wrongText(wrong);
      list.append(line);
    }
    item.append(list);
  }
  if (hand.verdict === "verified") {
    const deck = document.createElement("div");
    deck.className = "v-deck";
    deck.setAttribute("aria-label", t("v_deck"));
    for (const card of hand.cards) {
      deck.append(cardElement(card, !card));
    }
    item.append(deck);
  }
  return item;
}

/** Everything of the panel said again (the page's language, a check done, a login). */
export function renderVerify() {
  const list = $("verify-own");
  list.textContent = "";
  $("verify-own-box").hidden = !ui.token;
  const none = $("verify-no-own");
  none.textContent = ownRefused ? refusal(ownRefused) : t("v_no_own");
  none.hidden = !ownRefused && (!ownLoaded || own.length > 0);
  for (const hand of own) {
    const row = document.createElement("tr");
    const what = document.createElement("td");
    what.textContent = `#${hand.number}` + (hand.handId ? ` · ${hand.handId}` : "");
    const game = document.createElement("td");
    game.className = "v-game";
    game.textContent = `${hand.game} · ${hand.when}`;
    const act = document.createElement("td");
    if (!hand.handId) {
      act.textContent = t("v_no_deal_short");
    } else if (!hand.revealed) {
      act.textContent = t("v_unrevealed_short");
      act.title = t("v_unrevealed");
    } else {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = t("v_check");
      button.addEventListener("click", () => {
        $("verify-record", HTMLTextAreaElement).value = hand.text;
        verifyRecord();
      });
      act.append(button);
    }
    act.className = "v-act";
    row.append(what, game, act);
    list.append(row);
  }
  const said = $("verify-said");
  if (!busy) {
    said.textContent = refused ? refusal(refused) : "";
    said.hidden = !refused;
    said.classList.toggle("error", Boolean(refused));
  }
  const results = $("verify-results");
  results.textContent = "";
  for (const hand of checked) results.append(checkedItem(hand));
  for (const error of errors) {
    const item = document.createElement("li");
    item.className = "v-hand v-error";
    item.textContent = t("v_unreadable", { error });
    results.append(item);
  }
  if (more) {
    const item = document.createElement("li");
    item.className = "v-hand";
    item.textContent = t("v_more");
    results.append(item);
  }
  results.hidden = results.childElementCount === 0;
}

/** The panel's controls wired; /?verify brings the page to it. */
export function startVerify() {
  $("verify-form").addEventListener("submit", verifyRecord);
  $("verify-clear").addEventListener("click", () => {
    $("verify-record", HTMLTextAreaElement).value = "";
    checked = [];
    errors = [];
    more = false;
    refused = null;
    renderVerify();
  });
  renderVerify();
  new IntersectionObserver((seen, observer) => {
    if (!seen.some((entry) => entry.isIntersecting)) return;
    panelSeen = true;
    observer.disconnect();
    loadOwnHands();
  }).observe($("verify"));
  if (new URLSearchParams(location.search).has("verify")) {
    requestAnimationFrame(() => $("verify").scrollIntoView({ block: "start" }));
  }
}
