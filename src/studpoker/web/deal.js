// @ts-check
/* The deal checked as it is dealt (issue 38, docs/fairness.md): this browser's client
   seed for the hand announced, sent as soon as its commitment is told; every card the
   table shows, checked against the hand's root the moment its proof comes
   (fairness.js); and a mark by the hand's number — verified when every proof checked,
   a warning as soon as one does not. */

import { ui } from "./state.js";
import { $ } from "./page.js";
import { t } from "./words.js";
import { send } from "./net.js";
import { verifyCard } from "./fairness.js";

/** @typedef {import("./protocol.js").TableMessage} TableMessage */
/** @typedef {import("./protocol.js").TableState} TableState */
/** @typedef {import("./protocol.js").FairnessState} FairnessState */

/** The hand being checked: its seeds as the table told them, its proofs checked, failed
    and still being checked. */
const checking = {
  /** @type {FairnessState | null} */
  fairness: null,
  checked: 0,
  pending: 0,
  /** @type {string[]} */
  failed: [], // the cards whose proof did not check
};

/** The hands this page has sent a client seed for (by hand id), and the ids of those
    messages: their answers are no news for the player. */
const seeded = new Set();
/** @type {Set<number>} */
const seedMessages = new Set();

/** Whether `id` is the id of a client seed this page sent (its `ok` or refusal is the
    deal's business: the hand may have been dealt meanwhile, its seed the room's).
    @param {unknown} id */
export function isSeedAnswer(id) {
  return typeof id === "number" && seedMessages.has(id);
}

/** A new random client seed: 32 bytes from the browser's CSPRNG, as hex. */
function newSeed() {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * What a table message tells of the deal: a hand announced (a seated player sends its
 * seed for it), a hand's seeds (its first message: checking starts over), and the
 * proof of each card it shows, checked at once.
 * @param {TableMessage} message
 * @param {TableState} state
 */
export function checkDeal(message, state) {
  const next = state.next_hand;
  if (next && state.viewer !== null && !seeded.has(next.hand_id)) {
    const id = send({ type: "client_seed", table: state.table_id, hand_id: next.hand_id, seed: newSeed() });
    if (id !== null) {
      seeded.add(next.hand_id);
      seedMessages.add(id);
    }
  }
  const fairness = state.fairness;
  const known = checking.fairness;
  if (!fairness || message.change === "state" || !known || known.hand_id !== fairness.hand_id ||
      known.root !== fairness.root) {
    // A new hand, or the whole state again (a watch): its proofs come again too.
    checking.fairness = fairness;
    checking.checked = 0;
    checking.pending = 0;
    checking.failed = [];
  }
  const root = fairness ? fairness.root : null;
  for (const proof of message.proofs || []) {
    if (root === null) continue;
    const hand = checking.fairness;
    checking.pending++;
    verifyCard(root, proof).then(
      (good) => settle(hand, proof.card, good),
      () => settle(hand, proof.card, false),
    );
  }
  renderDealMark();
}

/**
 * One proof checked (or not) for `hand`: counted if that hand is still the one checked.
 * @param {FairnessState | null} hand
 * @param {string} card
 * @param {boolean} good
 */
function settle(hand, card, good) {
  if (checking.fairness !== hand) return; // a hand gone meanwhile
  checking.pending--;
  if (good) checking.checked++;
  else checking.failed.push(card);
  renderDealMark();
}

/** The mark by the hand's number: nothing while a proof is being checked or before any
    card, "✓ Deal verified" once every card shown checked, a warning if one did not. */
export function renderDealMark() {
  const mark = $("deal-mark");
  const fairness = checking.fairness;
  const state = ui.state;
  const shown = Boolean(fairness && state && state.fairness && state.fairness.hand_id === fairness.hand_id);
  if (!shown || !fairness) {
    mark.hidden = true;
    mark.textContent = "";
    mark.title = "";
    return;
  }
  const failed = checking.failed.length > 0;
  if (!failed && (checking.pending > 0 || checking.checked === 0)) {
    mark.hidden = true; // still checking: said once it is done
    return;
  }
  mark.hidden = false;
  mark.classList.toggle("failed", failed);
  mark.classList.toggle("verified", !failed);
  const words = {
    n: checking.checked,
    cards: checking.failed.join(" "),
    hand: fairness.hand_id,
    commitment: fairness.commitment.slice(0, 16),
    root: fairness.root.slice(0, 16),
    seeds: fairness.client_seeds.length,
  };
  mark.textContent = t(failed ? "deal_failed" : "deal_verified");
  const title = t(failed ? "deal_failed_title" : "deal_verified_title", words);
  mark.title = fairness.test_seed ? `${title} ${t("deal_test_seed")}` : title;
  mark.dataset.hand = fairness.hand_id;
}
