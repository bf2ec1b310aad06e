// The browser's verifier (src/studpoker/web/fairness.js) called from Python, as long as
// a test module needs it (tests/fairness/test_js.py): one node process for all of a
// Hypothesis test's examples. Each line read is a JSON list of calls, each a list
// [function's name, argument…]; each line written, a JSON list of their answers in
// their order, each {"value": what the function returned} or {"error": its message,
// "kind": "FairnessError" or another error's name}.
import { createInterface } from "node:readline";
import { webcrypto } from "node:crypto";
import * as fairness from "../../src/studpoker/web/fairness.js";

globalThis.crypto ??= webcrypto; // Node 18 has WebCrypto, not yet as a global

async function answer([name, ...args]) {
  try {
    return { value: await fairness[name](...args) };
  } catch (error) {
    return { error: error.message, kind: error.name };
  }
}

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  const answers = await Promise.all(JSON.parse(line).map(answer));
  process.stdout.write(JSON.stringify(answers) + "\n");
}
