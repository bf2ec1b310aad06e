// The browser's verifier (src/studpoker/web/fairness.js) on the published test vectors
// (docs/fairness-vectors.json) and on their proofs tampered with, or replaced by what is
// no proof. It prints one JSON object, which tests/fairness/test_js.py compares with
// what the vectors say:
//   vectors:      for each vector, what the module makes of its seeds (commitment, whole
//                 deck order, root, the salts of its proofs' cards), whether each of its
//                 proofs verifies, and what verifyDeal finds wrong;
//   tampered:     for each way of tampering, how many proofs were tried and which of
//                 them verified (none should);
//   "not proofs": the same for input that is no proof at all, and which of it threw.
import { readFileSync } from "node:fs";
import { webcrypto } from "node:crypto";
import * as fairness from "../../src/studpoker/web/fairness.js";

globalThis.crypto ??= webcrypto; // Node 18 has WebCrypto, not yet as a global

const VECTORS_FILE = new URL("../../docs/fairness-vectors.json", import.meta.url);
const { vectors } = JSON.parse(readFileSync(VECTORS_FILE, "utf8"));
const CARDS = Array.from("23456789TJQKA").flatMap((rank) =>
  Array.from("cdhs", (suit) => rank + suit),
);
const ZEROS = "00".repeat(32);

/** `list` with its item `at` replaced by `value` (Array.prototype.with, which Node 18 has not). */
const replaced = (list, at, value) => list.map((item, index) => (index === at ? value : item));

async function made(vector) {
  const { server_seed: seed, hand_id: handId, client_seeds: clients, size } = vector;
  const order = await fairness.deckOrder(seed, handId, clients, size);
  const salts = [];
  const leaves = [];
  for (let position = 0; position < size; position++) {
    salts.push(await fairness.salt(seed, handId, position));
    leaves.push(await fairness.leafHash(position, order[position], salts[position]));
  }
  const cards = Object.fromEntries(order.map((card, position) => [position, card]));
  return {
    commitment: await fairness.commitment(seed, handId),
    order,
    root: await fairness.merkleRoot(leaves),
    salts: vector.proofs.map((proof) => salts[proof.position]),
    proofs: await Promise.all(vector.proofs.map((proof) => fairness.verifyCard(vector.root, proof))),
    wrong: await fairness.verifyDeal({
      serverSeed: seed, handId, clientSeeds: clients, size,
      commitment: vector.commitment, root: vector.root, cards,
    }),
  };
}

/** Each way of tampering with `proof` of a deal of `size` cards: [what, proof, root]. */
function tamperings(proof, size, root, otherRoots) {
  const ways = [];
  const add = (way, what, changed, underRoot = root) => ways.push([way, what, changed, underRoot]);
  for (const card of CARDS.slice(52 - size)) {
    if (card !== proof.card) add("a switched card", card, { ...proof, card });
  }
  for (let position = 0; position < size; position++) {
    if (position !== proof.position) add("a moved position", position, { ...proof, position });
  }
  for (let at = 0; at < 16; at++) {
    const byte = (parseInt(proof.salt.slice(2 * at, 2 * at + 2), 16) ^ 1).toString(16);
    const salt = proof.salt.slice(0, 2 * at) + byte.padStart(2, "0") + proof.salt.slice(2 * at + 2);
    add("a flipped salt byte", at, { ...proof, salt });
  }
  proof.path.forEach((_, at) => {
    add("a wrong path node", at, { ...proof, path: replaced(proof.path, at, ZEROS) });
  });
  add("a short path", "without its last", { ...proof, path: proof.path.slice(0, -1) });
  add("a short path", "without its first", { ...proof, path: proof.path.slice(1) });
  add("a long path", "one more node", { ...proof, path: [...proof.path, ZEROS] });
  if (proof.path.length >= 2) {
    const [first, second, ...rest] = proof.path;
    add("two path nodes swapped", "the first two", { ...proof, path: [second, first, ...rest] });
  }
  // The same path read for a tree of another height (RFC 9162 checks the path's length).
  add("a tree of another height", "four times the cards", { ...proof, size: 4 * size });
  add("a tree of another height", "four cards", { ...proof, size: 4 });
  for (const other of otherRoots) add("another deal's root", other.slice(0, 8), proof, other);
  return ways;
}

/** What is no proof, each made from `proof` (a good one) and `root`: [what, root, proof]. */
function notProofs(proof, root) {
  const with_ = (change) => ({ ...proof, ...change });
  const without = (key) => Object.fromEntries(Object.entries(proof).filter(([k]) => k !== key));
  return [
    ["null", root, null], ["undefined", root, undefined], ["a string", root, "proof"],
    ["a number", root, 26], ["a list", root, []], ["an empty object", root, {}],
    ["no card", root, without("card")], ["no salt", root, without("salt")],
    ["no path", root, without("path")], ["no size", root, without("size")],
    ["no position", root, without("position")],
    ["the position as text", root, with_({ position: String(proof.position) })],
    ["a position of 1.5", root, with_({ position: 1.5 })],
    ["a position of -1", root, with_({ position: -1 })],
    ["a position of 256", root, with_({ position: 256 })],
    ["the position at the size", root, with_({ position: proof.size })],
    ["a card in lower case", root, with_({ card: proof.card.toLowerCase() })],
    ["a card of three characters", root, with_({ card: proof.card + "x" })],
    ["a card as a number", root, with_({ card: 12 })],
    ["a salt of odd length", root, with_({ salt: proof.salt.slice(1) })],
    ["a salt not hex", root, with_({ salt: "zz" + proof.salt.slice(2) })],
    ["a salt of 15 bytes", root, with_({ salt: proof.salt.slice(2) })],
    ["a salt of 17 bytes", root, with_({ salt: proof.salt + "00" })],
    ["a path as text", root, with_({ path: proof.path.join("") })],
    ["a path node not hex", root, with_({ path: replaced(proof.path, 0, "x".repeat(64)) })],
    ["a path node of 31 bytes", root, with_({ path: replaced(proof.path, 0, ZEROS.slice(2)) })],
    ["a path node null", root, with_({ path: replaced(proof.path, 0, null) })],
    ["the size as text", root, with_({ size: String(proof.size) })],
    ["a size of 0", root, with_({ size: 0 })],
    ["a size of -1", root, with_({ size: -1 })],
    ["a size of 52.5", root, with_({ size: 52.5 })],
    ["an infinite size", root, with_({ size: Infinity })],
    ["a size not a number", root, with_({ size: NaN })],
    ["a root null", null, proof], ["a root empty", "", proof],
    ["a root not hex", "g" + root.slice(1), proof], ["a root of 31 bytes", root.slice(2), proof],
    ["a root of 33 bytes", root + "00", proof],
  ];
}

const report = { vectors: [], tampered: {}, "not proofs": { tried: 0, verified: [], threw: [] } };
for (const vector of vectors) report.vectors.push(await made(vector));
for (const [number, vector] of vectors.entries()) {
  const otherRoots = vectors.filter((other) => other !== vector).map((other) => other.root);
  for (const proof of vector.proofs) {
    for (const [way, what, changed, root] of tamperings(proof, vector.size, vector.root, otherRoots)) {
      const told = (report.tampered[way] ??= { tried: 0, verified: [] });
      told.tried += 1;
      if (await fairness.verifyCard(root, changed)) {
        told.verified.push(`vector ${number + 1}, position ${proof.position}: ${what}`);
      }
    }
  }
}
const [{ root, proofs }] = vectors;
for (const [what, someRoot, proof] of notProofs(proofs[1], root)) {
  const told = report["not proofs"];
  told.tried += 1;
  try {
    if ((await fairness.verifyCard(someRoot, proof)) !== false) told.verified.push(what);
  } catch (error) {
    told.threw.push(`${what}: ${error}`);
  }
}
console.log(JSON.stringify(report));
