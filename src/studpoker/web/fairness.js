// @ts-check
/* The browser's verifier of the deal (issue 38, docs/fairness.md): a second
   implementation beside the room's (studpoker/fairness.py), written from the
   specification with WebCrypto alone (SHA-256 digests, HMAC-SHA256), so that a player
   need not trust the room's code to check the room's deal. Each card a player sees
   comes with its proof, checked against the deal's root (`verifyCard`); once the server
   seed is revealed, `verifyDeal` makes the deck, the salts and the root again from the
   seeds. tests/fairness/test_js.py checks both against docs/fairness-vectors.json and
   against the Python implementation.

   Bytes come and go as hex, as the protocol sends them. Input that cannot be what the
   specification makes throws a FairnessError (with the Python implementation's words),
   except in `verifyCard`, which answers false, and `verifyDeal`, which says what is
   wrong. WebCrypto exists only in a secure context (HTTPS, or localhost): without it
   every function throws an Error that is no FairnessError, which says nothing of the
   deal, only that this page cannot check it. */

const SEED_BYTES = 32; // a server seed's length
const CLIENT_SEED_MOST = 64; // a client seed's longest, in bytes
const SALT_BYTES = 16;
const HASH_BYTES = 32;
const ID_MOST = 0xffff; // a hand id's UTF-8 is at most 65,535 bytes (its length is u16)
const POSITIONS = 256; // a place in the deck is one byte
const LEAF = 0x00; // RFC 6962's prefixes: a leaf's hash is no node's
const NODE = 0x01;
/* Every card in code order, 2♣ 2♦ 2♥ 2♠ 3♣ … A♠; a deck of `size` is its last `size`
   (R6.10: 32 cards from 7♣, 28 from 8♣). */
const CARDS = Array.from("23456789TJQKA").flatMap((rank) =>
  Array.from("cdhs", (suit) => rank + suit),
);
const DECK_SIZES = [52, 32, 28];
const CARD_TEXT = /^[2-9TJQKA][cdhs]$/;
/* With the `u` flag a surrogate pair is one code point: what this finds is a lone one. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const UTF8 = new TextEncoder();
const SALT_WORD = UTF8.encode("salt");

/**
 * A card's proof as the room sends it with the card (Python's `CardProof.as_dict()`).
 * @typedef {object} CardProof
 * @property {number} position the card's place in the deck (0 the first dealt)
 * @property {string} card "Td"
 * @property {string} salt hex, 16 bytes
 * @property {string[]} path hex, the siblings from the leaf up (RFC 6962's audit path)
 * @property {number} size the deck's cards: the tree's leaves
 */

/**
 * A deal whose server seed is revealed, with what was said of it before.
 * @typedef {object} RevealedDeal
 * @property {string} serverSeed hex, 32 bytes
 * @property {string} handId "practice-stud/17"
 * @property {string[]} clientSeeds hex, one a seated player, in seat order
 * @property {number} size 52, 32 or 28
 * @property {string} commitment hex: announced with the hand's first message
 * @property {string | null} [root] hex: sent with the deal
 * @property {Record<string, string> | null} [cards] the record's cards by their place in
 *   the deck (0 the first dealt)
 */

/** Seeds, a deal or a proof that cannot be what docs/fairness.md makes. */
export class FairnessError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "FairnessError";
  }
}

// -- bytes ------------------------------------------------------------------------------

/**
 * The bytes `hex` writes (two digits a byte, in either case), or null.
 * @param {unknown} hex
 */
function bytesOrNull(hex) {
  if (typeof hex !== "string" || !/^(?:[0-9a-fA-F]{2})*$/.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let at = 0; at < bytes.length; at++) {
    bytes[at] = parseInt(hex.slice(2 * at, 2 * at + 2), 16);
  }
  return bytes;
}

/**
 * The bytes `hex` writes, or a FairnessError saying that `what` is not hex.
 * @param {unknown} hex
 * @param {string} what "a client seed"
 */
function bytesOf(hex, what) {
  const bytes = bytesOrNull(hex);
  if (bytes === null) throw new FairnessError(`${what} is written in hex, two digits a byte`);
  return bytes;
}

/** @param {Uint8Array} bytes */
function hexOf(bytes) {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The bytes of `parts` one after another, a number being one byte.
 * @param {Array<Uint8Array | number>} parts
 */
function joined(...parts) {
  let length = 0;
  for (const part of parts) length += typeof part === "number" ? 1 : part.length;
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    if (typeof part === "number") {
      bytes[at++] = part;
    } else {
      bytes.set(part, at);
      at += part.length;
    }
  }
  return bytes;
}

/**
 * An unsigned integer in `size` bytes, big-endian.
 * @param {number} value
 * @param {2 | 4} size
 */
function bigEndian(value, size) {
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  if (size === 2) view.setUint16(0, value);
  else view.setUint32(0, value);
  return bytes;
}

/**
 * Whether `a` and `b` are the same bytes (b null, from hex that is none: never).
 * @param {Uint8Array} a
 * @param {Uint8Array | null} b
 */
function sameBytes(a, b) {
  if (b === null || a.length !== b.length) return false;
  let differ = 0;
  for (let at = 0; at < a.length; at++) differ |= a[at] ^ b[at];
  return differ === 0;
}

// -- WebCrypto ----------------------------------------------------------------------------

function subtle() {
  const found = globalThis.crypto && globalThis.crypto.subtle;
  if (!found) {
    throw new Error(
      "WebCrypto (crypto.subtle) is missing: the page is not in a secure context " +
        "(HTTPS or localhost), so it cannot check the deal",
    );
  }
  return found;
}

/** @param {Uint8Array<ArrayBuffer>} bytes */
async function sha256(bytes) {
  return new Uint8Array(await subtle().digest("SHA-256", bytes));
}

/** The server seed as HMAC-SHA256's key. @param {Uint8Array<ArrayBuffer>} seed */
function hmacKey(seed) {
  return subtle().importKey("raw", seed, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

/** @param {CryptoKey} key @param {Uint8Array<ArrayBuffer>} message */
async function hmac(key, message) {
  return new Uint8Array(await subtle().sign("HMAC", key, message));
}

// -- the inputs ---------------------------------------------------------------------------

/** @param {unknown} serverSeedHex */
function serverSeedOf(serverSeedHex) {
  const seed = bytesOf(serverSeedHex, "a server seed");
  if (seed.length !== SEED_BYTES) throw new FairnessError(`a server seed is ${SEED_BYTES} bytes`);
  return seed;
}

/**
 * The hand id's UTF-8. A lone surrogate, which TextEncoder would write as U+FFFD, is
 * refused (as Python refuses to encode it): two ids must never hash alike.
 * @param {unknown} handId
 */
function utf8(handId) {
  if (typeof handId !== "string") throw new FairnessError("a hand id is text");
  if (LONE_SURROGATE.test(handId)) {
    throw new FairnessError("a hand id is Unicode text: it has a lone surrogate");
  }
  return UTF8.encode(handId);
}

/**
 * The hand id as the hashes take it: `u16(length) ‖ utf8(hand id)`, so that no two ids
 * and what follows them read alike.
 * @param {unknown} handId
 */
function idOf(handId) {
  const raw = utf8(handId);
  if (raw.length < 1 || raw.length > ID_MOST) {
    throw new FairnessError(`a hand id is 1 to 65,535 bytes, not ${raw.length}`);
  }
  return joined(bigEndian(raw.length, 2), raw);
}

/**
 * What the deck's HMAC reads before its counter: the id, how many client seeds (1 byte)
 * and each after its length (1 byte), in seat order.
 * @param {unknown} handId
 * @param {unknown} clientSeedsHex
 */
function dealMessage(handId, clientSeedsHex) {
  const id = idOf(handId);
  if (!Array.isArray(clientSeedsHex)) {
    throw new FairnessError("the client seeds are a list of hex strings");
  }
  if (clientSeedsHex.length > 255) throw new FairnessError("at most 255 client seeds");
  /** @type {Array<Uint8Array | number>} */
  const parts = [id, clientSeedsHex.length];
  for (const hex of clientSeedsHex) {
    const seed = bytesOf(hex, "a client seed");
    if (seed.length < 1 || seed.length > CLIENT_SEED_MOST) {
      throw new FairnessError(`a client seed is 1 to ${CLIENT_SEED_MOST} bytes`);
    }
    parts.push(seed.length, seed);
  }
  return joined(...parts);
}

/** @param {unknown} position */
function isPosition(position) {
  return Number.isInteger(position) && Number(position) >= 0 && Number(position) < POSITIONS;
}

// -- the deal -----------------------------------------------------------------------------

/**
 * `SHA-256(server seed ‖ utf8(hand id))`: announced with the hand's first message.
 * @param {string} serverSeedHex
 * @param {string} handId
 * @returns {Promise<string>} hex
 */
export async function commitment(serverSeedHex, handId) {
  return hexOf(await sha256(joined(serverSeedOf(serverSeedHex), utf8(handId))));
}

/**
 * The deck in dealing order (`deck[0]` the first card dealt) that the seeds make: a
 * Fisher–Yates shuffle of the cards in code order, for `i` from `size − 1` down to 1,
 * reading the 4-byte big-endian words of `HMAC-SHA256(server seed, message ‖ u32(k))`,
 * k = 0, 1, …, and skipping any word at or above the largest multiple of `i + 1` not
 * above 2³² (no place favoured).
 * @param {string} serverSeedHex
 * @param {string} handId
 * @param {string[]} clientSeedsHex in seat order
 * @param {number} size 52, 32 or 28
 * @returns {Promise<string[]>} "Td", "4d", …
 */
export async function deckOrder(serverSeedHex, handId, clientSeedsHex, size) {
  return deckOf(serverSeedOf(serverSeedHex), handId, clientSeedsHex, size);
}

/**
 * deckOrder's deck from the server seed's bytes; the rest checked in Python's order
 * (the deck's size, the hand id, the client seeds), so that a bad deal is told alike.
 * @param {Uint8Array<ArrayBuffer>} seed
 * @param {unknown} handId
 * @param {unknown} clientSeedsHex
 * @param {unknown} size
 */
async function deckOf(seed, handId, clientSeedsHex, size) {
  if (typeof size !== "number" || !DECK_SIZES.includes(size)) {
    const said = typeof size === "number" ? size : JSON.stringify(size);
    throw new FairnessError(`a deck has 52, 32 or 28 cards, not ${said}`);
  }
  const cards = CARDS.slice(CARDS.length - size);
  const message = dealMessage(handId, clientSeedsHex);
  const key = await hmacKey(seed);
  /** @type {DataView | null} */
  let block = null;
  let counter = 0;
  let next = 0; // the block's next word
  /** The next random word: block 0's eight words, then block 1's, … */
  async function word() {
    if (block === null || next === HASH_BYTES / 4) {
      block = new DataView((await hmac(key, joined(message, bigEndian(counter, 4)))).buffer);
      counter += 1;
      next = 0;
    }
    return block.getUint32(4 * next++);
  }
  for (let i = cards.length - 1; i > 0; i--) {
    const span = i + 1;
    const limit = 2 ** 32 - (2 ** 32 % span);
    let drawn = await word();
    while (drawn >= limit) drawn = await word();
    const j = drawn % span;
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return cards;
}

/**
 * The salt of the card at `position`: the first 16 bytes of
 * `HMAC-SHA256(server seed, "salt" ‖ id ‖ u8(position))`.
 * @param {CryptoKey} key the server seed's
 * @param {Uint8Array} id
 * @param {number} position
 */
async function saltOf(key, id, position) {
  if (!isPosition(position)) throw new FairnessError(`a position is 0 to 255, not ${position}`);
  return (await hmac(key, joined(SALT_WORD, id, position))).slice(0, SALT_BYTES);
}

/**
 * The salt of the deck's card at `position` (0 the first dealt).
 * @param {string} serverSeedHex
 * @param {string} handId
 * @param {number} position
 * @returns {Promise<string>} hex, 16 bytes
 */
export async function salt(serverSeedHex, handId, position) {
  const key = await hmacKey(serverSeedOf(serverSeedHex));
  return hexOf(await saltOf(key, idOf(handId), position));
}

/**
 * `SHA-256(0x00 ‖ u8(position) ‖ card ‖ salt)`.
 * @param {unknown} position
 * @param {unknown} card
 * @param {Uint8Array} saltBytes
 */
async function leafOf(position, card, saltBytes) {
  if (!isPosition(position) || saltBytes.length !== SALT_BYTES) {
    throw new FairnessError("a leaf is a position below 256 and a 16-byte salt");
  }
  if (typeof card !== "string" || !CARD_TEXT.test(card)) {
    const what = JSON.stringify(card);
    throw new FairnessError(`${what} is not a card: a rank (23456789TJQKA) then a suit (cdhs)`);
  }
  return sha256(joined(LEAF, Number(position), UTF8.encode(card), saltBytes));
}

/**
 * The leaf of `card` at `position` with its salt.
 * @param {number} position
 * @param {string} card "Td"
 * @param {string} saltHex 16 bytes
 * @returns {Promise<string>} hex
 */
export async function leafHash(position, card, saltHex) {
  return hexOf(await leafOf(position, card, bytesOf(saltHex, "a salt")));
}

/** @param {Uint8Array} left @param {Uint8Array} right */
function nodeOf(left, right) {
  return sha256(joined(NODE, left, right));
}

/** The largest power of two below `count` (RFC 6962's k). @param {number} count */
function split(count) {
  let k = 1;
  while (k * 2 < count) k *= 2;
  return k;
}

/**
 * RFC 6962's Merkle tree hash: one leaf is itself; more are the node of the tree of the
 * first k and the tree of the rest.
 * @param {Uint8Array[]} leaves at least one
 * @returns {Promise<Uint8Array>}
 */
async function treeOf(leaves) {
  if (leaves.length === 1) return leaves[0];
  const k = split(leaves.length);
  const [left, right] = await Promise.all([treeOf(leaves.slice(0, k)), treeOf(leaves.slice(k))]);
  return nodeOf(left, right);
}

/**
 * The root of RFC 6962's Merkle tree over `leavesHex` (the leaves' hashes, in deck order).
 * @param {string[]} leavesHex
 * @returns {Promise<string>} hex
 */
export async function merkleRoot(leavesHex) {
  if (!Array.isArray(leavesHex) || leavesHex.length === 0) {
    throw new FairnessError("a tree of no leaves");
  }
  return hexOf(await treeOf(leavesHex.map((hex) => bytesOf(hex, "a leaf"))));
}

/**
 * A proof's parts as bytes and numbers, or null where it is no proof as the room sends
 * one (a field missing or of another type, hex that is none or of another length).
 * @param {unknown} proof
 */
function proofParts(proof) {
  if (typeof proof !== "object" || proof === null) return null;
  const { position, card, salt: saltHex, path, size } = /** @type {Record<string, unknown>} */ (
    proof
  );
  const saltBytes = bytesOrNull(saltHex);
  if (saltBytes === null || saltBytes.length !== SALT_BYTES) return null;
  if (!isPosition(position) || typeof card !== "string" || !CARD_TEXT.test(card)) return null;
  if (typeof size !== "number" || !Number.isSafeInteger(size) || Number(position) >= size) {
    return null;
  }
  if (!Array.isArray(path)) return null;
  const siblings = [];
  for (const hex of path) {
    const sibling = bytesOrNull(hex);
    if (sibling === null || sibling.length !== HASH_BYTES) return null;
    siblings.push(sibling);
  }
  return { position: Number(position), card, saltBytes, siblings, size };
}

/**
 * Whether `proof` shows its card at its place under `rootHex`: RFC 9162's inclusion
 * check (2.1.3.2). Anything that is not such a proof, or not hex where hex is due, is
 * false: this never throws on what the room sends.
 * @param {string} rootHex
 * @param {CardProof} proof
 * @returns {Promise<boolean>}
 */
export async function verifyCard(rootHex, proof) {
  const root = bytesOrNull(rootHex);
  const parts = proofParts(proof);
  if (root === null || root.length !== HASH_BYTES || parts === null) return false;
  const { position, card, saltBytes, siblings, size } = parts;
  let node = await leafOf(position, card, saltBytes);
  let index = position;
  let last = size - 1;
  for (const sibling of siblings) {
    if (last === 0) return false; // more path than the tree is high
    if (index % 2 === 1 || index === last) {
      node = await nodeOf(sibling, node);
      // An even index here is the last node of its level (the tree's right edge, which
      // RFC 6962 does not pair): climb until it is a right child or the level's first.
      while (index % 2 === 0 && index !== 0) {
        index = Math.floor(index / 2);
        last = Math.floor(last / 2);
      }
    } else {
      node = await nodeOf(node, sibling);
    }
    index = Math.floor(index / 2);
    last = Math.floor(last / 2);
  }
  return last === 0 && sameBytes(node, root);
}

/**
 * The deck, the commitment and the root the seeds make.
 * @param {unknown} serverSeedHex
 * @param {unknown} handId
 * @param {unknown} clientSeedsHex
 * @param {unknown} size
 */
async function dealOf(serverSeedHex, handId, clientSeedsHex, size) {
  const seed = serverSeedOf(serverSeedHex);
  const order = await deckOf(seed, handId, clientSeedsHex, size);
  const id = idOf(handId);
  const key = await hmacKey(seed);
  const leaves = await Promise.all(
    order.map(async (card, at) => leafOf(at, card, await saltOf(key, id, at))),
  );
  const committed = await sha256(joined(seed, utf8(handId)));
  return { order, commitment: committed, root: await treeOf(leaves) };
}

/**
 * What is wrong with a deal once its seed is revealed (empty: nothing), in the words of
 * the Python implementation's `verify_deal`: the seed against its commitment, the
 * tree's root against the one sent with the deal, and each card of the record against
 * the deck the seeds make.
 * @param {RevealedDeal} deal
 * @returns {Promise<string[]>}
 */
export async function verifyDeal(deal) {
  const { serverSeed, handId, clientSeeds, size, commitment: said, root, cards } = deal;
  let made;
  try {
    made = await dealOf(serverSeed, handId, clientSeeds, size);
  } catch (error) {
    if (error instanceof FairnessError) return [error.message];
    throw error;
  }
  const wrong = [];
  if (!sameBytes(made.commitment, bytesOrNull(said))) {
    wrong.push("the server seed does not match its commitment");
  }
  if (root !== undefined && root !== null && !sameBytes(made.root, bytesOrNull(root))) {
    wrong.push("the deal's root is not the tree of the deck the seeds make");
  }
  const shown = Object.entries(cards || {});
  const places = shown.filter(([place]) => /^(0|[1-9][0-9]*)$/.test(place));
  places.sort(([a], [b]) => Number(a) - Number(b));
  for (const [place, card] of places) {
    const position = Number(place);
    if (made.order[position] !== card) {
      const dealt = position < made.order.length ? made.order[position] : "nothing";
      wrong.push(`card ${position + 1} is ${card} in the record; the seeds deal ${dealt}`);
    }
  }
  for (const [place, card] of shown.filter((entry) => !places.includes(entry))) {
    wrong.push(`card ${card} of the record is at ${JSON.stringify(place)}: no place in the deck`);
  }
  return wrong;
}
