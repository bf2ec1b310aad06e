// @ts-check
// A table message after the answer to `watch` carries `patch`: JSON Patch operations
// (RFC 6902) that turn the last state into the new one (docs/protocol.md, "Updates").
// The server writes only add, remove and replace (server/patch.py); this applies them.

/** @typedef {import("./protocol.js").PatchOp} PatchOp */

/**
 * A JSON Pointer's keys (RFC 6901): "/hand/players/0" → ["hand", "players", "0"].
 * @param {string} path
 * @returns {string[]}
 */
function keys(path) {
  if (path === "") return [];
  if (!path.startsWith("/")) throw new Error(`a path starts with "/": ${path}`);
  return path.slice(1).split("/").map((key) => key.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/**
 * The index a list key names; "-" (past the end) only where an item is added.
 * @param {unknown[]} list
 * @param {string} key
 * @param {boolean} adding
 */
function indexIn(list, key, adding) {
  if (adding && key === "-") return list.length;
  if (!/^(0|[1-9][0-9]*)$/.test(key)) throw new Error(`${key} is not an index`);
  const index = Number(key);
  if (index > list.length || (index === list.length && !adding)) {
    throw new Error(`index ${index} is past the end`);
  }
  return index;
}

/**
 * `state` with `ops` applied, as a new value: `state` itself is not changed, and the
 * parts no operation touches are shared with it.
 * @template T
 * @param {T} state
 * @param {PatchOp[]} ops
 * @returns {T}
 */
export function applyPatch(state, ops) {
  /** @type {any} */
  let result = state;
  for (const op of ops) result = applyOne(result, op);
  return result;
}

/**
 * @param {any} document
 * @param {PatchOp} op
 * @returns {any}
 */
function applyOne(document, op) {
  const path = keys(op.path);
  if (path.length === 0) {
    if (op.op === "remove") throw new Error("the whole state cannot be removed");
    return op.value;
  }
  // Copy each container on the way down, so that no earlier state changes under a reader.
  const top = Array.isArray(document) ? [...document] : { ...document };
  let target = top;
  for (const key of path.slice(0, -1)) {
    const index = Array.isArray(target) ? indexIn(target, key, false) : key;
    const child = target[index];
    if (child === null || typeof child !== "object") throw new Error(`no ${op.path}`);
    target[index] = Array.isArray(child) ? [...child] : { ...child };
    target = target[index];
  }
  const last = /** @type {string} */ (path[path.length - 1]);
  if (Array.isArray(target)) {
    const index = indexIn(target, last, op.op === "add");
    if (op.op === "remove") target.splice(index, 1);
    else if (op.op === "add") target.splice(index, 0, op.value);
    else target[index] = op.value;
  } else {
    if (op.op !== "add" && !(last in target)) throw new Error(`no ${op.path}`);
    if (op.op === "remove") delete target[last];
    else target[last] = op.value;
  }
  return top;
}
