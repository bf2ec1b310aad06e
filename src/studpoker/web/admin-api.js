// @ts-check
/* What the operator's page (admin.js) shares: /api/admin's calls and refusals said in the
   operator's language, a reason asked, a confirmation, a date written, the log read again
   while an action at a table is under way. */

import { ui } from "./state.js";
import { $ } from "./page.js";
import { refusal, t } from "./words.js";
import { authHeaders } from "./net.js";
import { BALANCE_UNIT } from "./rules.js";

/** @typedef {import("./protocol.js").AdminActionView} AdminActionView */

export const LOG_PAGE = 50;
/* How often, and how many times, the page reads the log again for an action under way
   (a close waits for the end of the table's hand). */
export const FOLLOW_EVERY = 2000;
const FOLLOW_READS = 90;

/* The unit of the balances' amounts: every account and the audit come with it; the admin
   log's amounts (a deposit's) are written by it too. */
export const balances = { unit: BALANCE_UNIT };

/** A refusal of /api/admin: its status and its body (a Problem: code, params, detail). */
export class Refused extends Error {
  /** @param {number} code @param {any} problem */
  constructor(code, problem) {
    super(String(problem && problem.detail));
    this.status = code;
    this.problem = problem || {};
  }
}

/**
 * `method` on /api/admin`path` with the session; its answer, or a Refused.
 * @param {string} method
 * @param {string} path
 * @param {object} [body]
 * @returns {Promise<any>}
 */
export async function call(method, path, body) {
  const answer = await fetch(`/api/admin${path}`, {
    method,
    headers: { "Content-Type": "application/json", ...authHeaders() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) throw new Refused(answer.status, data);
  return data;
}

/**
 * What was refused, in the operator's language. An amount the API could not read is
 * said as a room's amount refusal (the amount as typed); a withdrawal larger than the
 * balance with its own words (its params are the balance and the amount).
 * @param {unknown} error
 * @param {string} [typed] the amount as typed
 * @returns {string}
 */
export function refusedText(error, typed) {
  if (!(error instanceof Refused)) return t("disconnected");
  const problem = error.problem;
  const fields = Array.isArray(problem.detail)
    ? problem.detail.map((/** @type {any} */ d) => (Array.isArray(d && d.loc) ? d.loc[d.loc.length - 1] : ""))
    : [];
  if (problem.code === "malformed" && typed !== undefined && fields.includes("amount")) {
    return refusal({ code: "amount_range", params: { amount: typed }, message: "" }, balances.unit);
  }
  return refusal(problem, balances.unit) || t("disconnected");
}

/** @param {string} id @param {string} text @param {boolean} [error] */
export function say(id, text, error) {
  const box = $(id);
  box.textContent = text;
  box.hidden = !text;
  box.classList.toggle("error", Boolean(error));
}

/** The reason typed in `inputId`; none: the operator is asked for one, and null.
   @param {string} inputId @param {string} saidId */
export function reasonOf(inputId, saidId) {
  const input = $(inputId, HTMLInputElement);
  const reason = input.value.trim();
  if (!reason) {
    say(saidId, t("a_reason_needed"), true);
    input.focus();
    return null;
  }
  return reason;
}

/** Whether the operator confirms `text` (the dialog's button says `label`, in red when
   what it does cannot be taken back by the page: `undoable` false).
   @param {string} text @param {string} label @param {boolean} [undoable]
   @returns {Promise<boolean>} */
export function confirmed(text, label, undoable = false) {
  const dialog = $("a-confirm", HTMLDialogElement);
  $("a-confirm-text").textContent = text;
  $("a-confirm-yes").textContent = label;
  $("a-confirm-yes").className = undoable ? "primary" : "danger";
  dialog.returnValue = "";
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true });
  });
}

/** A date and time of the wire (UTC) as the operator's language writes it, in their time.
   @param {string | null | undefined} iso */
export function when(iso) {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(ui.lang, { dateStyle: "short", timeStyle: "short" });
}

/** @param {string} tag @param {string} [text] @param {string} [className] */
export function element(tag, text, className) {
  const made = document.createElement(tag);
  if (text) made.textContent = text;
  if (className) made.className = className;
  return made;
}

/** @param {string} label @param {() => void} run @param {string} [className] */
export function button(label, run, className) {
  const made = /** @type {HTMLButtonElement} */ (element("button", label, className));
  made.type = "button";
  made.addEventListener("click", run);
  return made;
}

/**
 * Read the log again until action `id` is done (a close waits for the end of its hand),
 * then `done` it; the Log tab, open, shows it too.
 * @param {number} id
 * @param {(action: AdminActionView) => void} done
 */
export function follow(id, done) {
  let reads = 0;
  const look = async () => {
    reads += 1;
    try {
      /** @type {Array<AdminActionView>} */
      const lines = await call("GET", `/log?limit=${LOG_PAGE}`);
      const line = lines.find((each) => each.id === id);
      if (line && line.result !== null) { done(line); return; }
    } catch (_error) {
      /* read again */
    }
    if (reads < FOLLOW_READS) setTimeout(look, FOLLOW_EVERY);
  };
  setTimeout(look, FOLLOW_EVERY);
}

/** What the room did of an action, in the reader's language: its outcome's words (a
   refusal as refusals are written), or the English sentence of an older line.
   @param {AdminActionView} line */
export function outcomeText(line) {
  const outcome = line.outcome;
  /* in English the room's own sentence says the most (a cancelled tournament's shares) */
  if (!outcome || (ui.lang === "en" && line.result)) return line.result ?? "";
  if (outcome.code === "refused") {
    const { code, ...params } = /** @type {Record<string, any>} */ (outcome.params);
    return refusal({ code: String(code), params, message: line.result ?? "" }, balances.unit) || (line.result ?? "");
  }
  const said = t(`a_outcome_${outcome.code}`, /** @type {Record<string, string | number>} */ (outcome.params));
  return said === `a_outcome_${outcome.code}` ? (line.result ?? "") : said;
}
