// @ts-check
/* Notes and colour tags on players (issue 36): a player's own, kept by the room
   (GET/PUT/DELETE /api/notes, docs/protocol.md) and seen by nobody else. Click or tap
   an opponent's name at the table: a colour from the palette, or none, and a note.
   The seat shows the colour beside the name and a mark when there is a note, whose text
   hovering the name shows; the HUD's line says the tag. What each colour means is the
   player's own, kept in this browser. */

import { ui } from "./state.js";
import { refusal, shownName, t } from "./words.js";
import { authHeaders } from "./net.js";

/** @typedef {import("./protocol.js").PlayerNote} PlayerNote */
/** @typedef {NonNullable<PlayerNote["colour"]>} NoteColour */
/** @typedef {import("./protocol.js").SeatState} SeatState */

/** The palette, in its order, each colour's name among the page's words: typed by the
    protocol's colours, so that `tsc` fails on a colour the server gains or loses.
    @type {Readonly<Record<NoteColour, string>>} */
const PALETTE = Object.freeze({
  red: "n_red", orange: "n_orange", yellow: "n_yellow", green: "n_green",
  teal: "n_teal", blue: "n_blue", purple: "n_purple", grey: "n_grey",
});
const COLOURS = /** @type {Array<NoteColour>} */ (Object.keys(PALETTE));
/* The server refuses longer (note_length); the box lets no more be typed. */
const NOTE_LENGTH = 2000;
const MEANING_LENGTH = 40;

/** The asker's notes by the player's name, as the room answered them.
    @type {Map<string, PlayerNote>} */
export const notes = new Map();
/** The session the notes were read for: another login reads its own (and a logout
    forgets them). @type {string | null | undefined} */
let readFor = undefined;
/** @type {() => void} */
let redrawn = () => {};
/* The player whose name had the keyboard's focus: the table is drawn again with every
   message, and the new name takes it back. */
let focused = "";

/** The notes of the session logged in, read once a login; `redraw` once they are.
    @param {() => void} redraw */
function read(redraw) {
  redrawn = redraw;
  if (readFor === ui.token) return;
  readFor = ui.token;
  notes.clear();
  if (!ui.token) return;
  const token = ui.token;
  fetch("/api/notes", { headers: authHeaders() })
    .then((answer) => (answer.ok ? answer.json() : null))
    .then((/** @type {Array<PlayerNote> | null} */ body) => {
      if (!body || ui.token !== token) {
        if (ui.token === token) readFor = undefined;  // read again at the next drawing
        return;
      }
      const had = notes.size;
      notes.clear();
      for (const note of body) notes.set(note.name, note);
      /* drawn again only when there is something new to draw: a table drawn meanwhile
         keeps its elements (a button being pressed is not swapped) */
      if (had || notes.size) redrawn();
    })
    .catch(() => { if (ui.token === token) readFor = undefined; });
}

/** A colour's name as the player calls it: their own meaning, else its name.
    @param {NoteColour} colour */
function colourName(colour) {
  return meanings()[colour] || t(PALETTE[colour]);
}

/** What each colour means to the player logged in, as this browser keeps it.
    @returns {Partial<Record<NoteColour, string>>} */
function meanings() {
  if (!ui.account) return {};
  try {
    const kept = JSON.parse(localStorage.getItem(`stud.tags.${ui.account.id}`) || "{}");
    /** @type {Partial<Record<NoteColour, string>>} */
    const found = {};
    for (const colour of COLOURS) {
      if (typeof kept[colour] === "string" && kept[colour]) found[colour] = kept[colour];
    }
    return found;
  } catch (_error) {
    return {};
  }
}

/** @param {NoteColour} colour @param {string} meaning */
function keepMeaning(colour, meaning) {
  if (!ui.account) return;
  const kept = meanings();
  if (meaning) kept[colour] = meaning; else delete kept[colour];
  localStorage.setItem(`stud.tags.${ui.account.id}`, JSON.stringify(kept));
}

/** Whether the player logged in may write a note on the seat's player: a person's
    seat (computer players have no account), not their own.
    @param {SeatState} seat @param {boolean} own */
function noteable(seat, own) {
  return Boolean(ui.token && seat.account_id !== null && !own &&
    !(ui.account && ui.account.id === seat.account_id));
}

/** The seat's name, made the way to the player's note: its colour beside it, a mark
    when there is a note (hovering the name shows it), and a click, a tap, Enter or Space
    opens the editor.
    @param {HTMLElement} name  the seat's name element
    @param {SeatState} seat
    @param {boolean} own  whether it is the viewer's own seat
    @param {() => void} redraw  draws the table again (once the notes are read) */
export function markName(name, seat, own, redraw) {
  read(redraw);
  if (!noteable(seat, own)) return;
  const note = notes.get(seat.name);
  name.classList.add("noteable");
  name.tabIndex = 0;
  name.setAttribute("role", "button");
  name.setAttribute("aria-haspopup", "dialog");
  const said = [];
  if (note && note.colour) {
    const tag = document.createElement("span");
    tag.className = `tag tag-${note.colour}`;
    tag.setAttribute("aria-hidden", "true");
    name.prepend(tag);
    name.dataset.tag = note.colour;
    said.push(colourName(note.colour));
  }
  if (note && note.text) {
    /* before the name, as the tag: a long name cut short keeps both in view */
    const mark = document.createElement("span");
    mark.className = "note-mark";
    mark.setAttribute("aria-hidden", "true");
    name.insertBefore(mark, name.lastChild);
    said.push(note.text);
  }
  name.title = said.length ? said.join(": ") : t("n_open", { name: shownName(seat.name) });
  const heard = [shownName(seat.name)];
  if (note && note.colour) heard.push(colourName(note.colour));
  if (note && note.text) heard.push(t("n_has_note"));
  name.setAttribute("aria-label", `${heard.join(", ")} — ${t("n_open", { name: shownName(seat.name) })}`);
  name.addEventListener("focus", () => { focused = seat.name; });
  name.addEventListener("blur", () => { if (name.isConnected) focused = ""; });
  if (focused === seat.name) {
    /* once the seat is on the felt, if the focus went with the name drawn before */
    queueMicrotask(() => {
      if (name.isConnected && (!document.activeElement || document.activeElement === document.body)) {
        name.focus({ preventScroll: true });
      }
    });
  }
  name.addEventListener("click", () => openEditor(seat.name));
  name.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      openEditor(seat.name);
    }
  });
}

/** The tag of the player `name` as the HUD's line says it ("" without one).
    @param {string} name */
export function tagText(name) {
  const note = notes.get(name);
  return note && note.colour ? colourName(note.colour) : "";
}

/** The HUD's line of a seat with the player's tag before its statistics.
    @param {string} name @param {string} stats  the HUD's own line ("" until read) */
export function hudWithTag(name, stats) {
  return [tagText(name), stats].filter(Boolean).join(" · ");
}

/* -- the editor ------------------------------------------------------------------------ */

/** @type {HTMLDialogElement | null} */
let box = null;
let editing = "";  // the player whose note the editor holds

/** @param {string} tag @param {string} [className] */
function make(tag, className) {
  const element = document.createElement(tag);
  if (className) element.className = className;
  return element;
}

/** The editor, made once: a dialog over the page (Escape closes it). */
function editor() {
  if (box) return box;
  const dialog = /** @type {HTMLDialogElement} */ (make("dialog", "note-box"));
  dialog.id = "note-box";
  dialog.setAttribute("aria-labelledby", "note-title");
  const form = /** @type {HTMLFormElement} */ (make("form"));
  form.method = "dialog";
  const title = make("h2");
  title.id = "note-title";
  const colours = make("fieldset", "note-colours");
  const legend = make("legend");
  legend.id = "note-colour-legend";
  colours.append(legend);
  for (const colour of [null, ...COLOURS]) {
    const choice = /** @type {HTMLLabelElement} */ (make("label", "note-colour"));
    const radio = /** @type {HTMLInputElement} */ (make("input"));
    radio.type = "radio";
    radio.name = "note-colour";
    radio.value = colour || "";
    radio.addEventListener("change", showMeaning);
    const swatch = make("span", `tag tag-${colour || "none"}`);
    swatch.setAttribute("aria-hidden", "true");
    choice.append(radio, swatch, make("span", "note-colour-name"));
    colours.append(choice);
  }
  const meaning = /** @type {HTMLLabelElement} */ (make("label", "note-meaning"));
  const meaningInput = /** @type {HTMLInputElement} */ (make("input"));
  meaningInput.id = "note-meaning";
  meaningInput.maxLength = MEANING_LENGTH;
  meaning.append(make("span", "note-meaning-label"), meaningInput);
  const textLabel = /** @type {HTMLLabelElement} */ (make("label", "note-text-label"));
  textLabel.htmlFor = "note-text";
  const text = /** @type {HTMLTextAreaElement} */ (make("textarea"));
  text.id = "note-text";
  text.maxLength = NOTE_LENGTH;
  text.rows = 5;
  const privacy = make("p", "note-private");
  const refused = make("p", "note-refusal");
  refused.id = "note-refusal";
  refused.setAttribute("role", "alert");
  refused.hidden = true;
  const buttons = make("div", "note-buttons");
  const save = /** @type {HTMLButtonElement} */ (make("button", "primary"));
  save.id = "note-save";
  save.type = "submit";
  const remove = /** @type {HTMLButtonElement} */ (make("button"));
  remove.id = "note-delete";
  remove.type = "button";
  remove.addEventListener("click", () => { void forget(); });
  const cancel = /** @type {HTMLButtonElement} */ (make("button"));
  cancel.id = "note-cancel";
  cancel.type = "button";
  cancel.addEventListener("click", () => dialog.close());
  buttons.append(save, remove, cancel);
  form.append(title, colours, meaning, textLabel, text, privacy, refused, buttons);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void saveNote();
  });
  dialog.append(form);
  document.body.append(dialog);
  box = dialog;
  return dialog;
}

/** @param {string} selector */
function inBox(selector) {
  return /** @type {HTMLElement} */ (editor().querySelector(selector));
}

/** The colour chosen in the editor (null: none). @returns {NoteColour | null} */
function chosen() {
  const radio = /** @type {HTMLInputElement | null} */ (
    editor().querySelector('input[name="note-colour"]:checked'));
  const colour = COLOURS.find((c) => radio && c === radio.value);
  return colour || null;
}

/* The chosen colour's meaning, to be named by the player; none for no colour. */
function showMeaning() {
  const colour = chosen();
  const meaning = inBox(".note-meaning");
  meaning.hidden = !colour;
  if (!colour) return;
  inBox(".note-meaning-label").textContent = t("n_meaning", { colour: t(PALETTE[colour]) });
  /** @type {HTMLInputElement} */ (inBox("#note-meaning")).value = meanings()[colour] || "";
}

/** Open the editor on the note on `name`, in the page's language.
    @param {string} name */
export function openEditor(name) {
  const dialog = editor();
  editing = name;
  const note = notes.get(name);
  inBox("#note-title").textContent = t("n_title", { name: shownName(name) });
  inBox("#note-colour-legend").textContent = t("n_colour");
  for (const choice of dialog.querySelectorAll(".note-colour")) {
    const radio = /** @type {HTMLInputElement} */ (choice.querySelector("input"));
    const colour = COLOURS.find((c) => c === radio.value);
    /** @type {HTMLElement} */ (choice.querySelector(".note-colour-name")).textContent =
      colour ? colourName(colour) : t("n_none");
    radio.checked = (colour || null) === ((note && note.colour) || null);
  }
  showMeaning();
  inBox(".note-text-label").textContent = t("n_text");
  const text = /** @type {HTMLTextAreaElement} */ (inBox("#note-text"));
  text.placeholder = t("n_placeholder");
  text.value = note ? note.text : "";
  /** @type {HTMLInputElement} */ (inBox("#note-meaning")).placeholder = t("n_meaning_placeholder");
  inBox(".note-private").textContent = t("n_private");
  inBox("#note-save").textContent = t("n_save");
  inBox("#note-delete").textContent = t("n_delete");
  inBox("#note-delete").hidden = !note;
  inBox("#note-cancel").textContent = t("cancel");
  inBox("#note-refusal").hidden = true;
  dialog.showModal();
  text.focus();
}

/** The room's answer to a note written or deleted: the notes as they now are, the
    editor closed and the table drawn again; a refusal said in the editor.
    @param {Response} answer */
async function answered(answer) {
  if (answer.ok) {
    editor().close();
    redrawn();
    return;
  }
  const body = await answer.json().catch(() => ({}));
  const refused = inBox("#note-refusal");
  refused.textContent = refusal(body) || answer.statusText;
  refused.hidden = false;
}

/* Save the note the editor holds (no colour and no text: the room deletes it). */
async function saveNote() {
  const name = editing;
  const colour = chosen();
  const text = /** @type {HTMLTextAreaElement} */ (inBox("#note-text")).value;
  if (colour) keepMeaning(colour, /** @type {HTMLInputElement} */ (inBox("#note-meaning")).value.trim());
  try {
    const answer = await fetch(`/api/notes/${encodeURIComponent(name)}`, {
      method: "PUT",
      headers: { ...authHeaders(), "Content-Type": "application/json" },
      body: JSON.stringify({ colour, text }),
    });
    if (answer.ok) {
      /** @type {PlayerNote} */
      const note = await answer.clone().json();
      if (note.updated) notes.set(name, note); else notes.delete(name);
    }
    await answered(answer);
  } catch (_error) {
    showOffline();
  }
}

/* Delete the note the editor holds. */
async function forget() {
  const name = editing;
  try {
    const answer = await fetch(`/api/notes/${encodeURIComponent(name)}`, {
      method: "DELETE", headers: authHeaders(),
    });
    if (answer.ok) notes.delete(name);
    await answered(answer);
  } catch (_error) {
    showOffline();
  }
}

function showOffline() {
  const refused = inBox("#note-refusal");
  refused.textContent = t("disconnected");
  refused.hidden = false;
}
