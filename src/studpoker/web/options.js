// @ts-check
/* The player's options, kept on this browser: a four-colour deck, sounds (deal, one's
   turn, chips) that can be muted, the HUD of the opponents' statistics (off). */

import { ui } from "./state.js";
import { $ } from "./page.js";

export const options = {
  fourColour: localStorage.getItem("stud.fourColour") === "1",
  sound: localStorage.getItem("stud.sound") !== "off",
  hud: localStorage.getItem("stud.hud") === "1", // off unless asked for (issue 18)
};

/** @type {AudioContext | null} */
let audio = null;

export function applyOptions() {
  document.body.classList.toggle("four-colour", options.fourColour);
  $("four-colour").setAttribute("aria-pressed", String(options.fourColour));
  $("sound").setAttribute("aria-pressed", String(options.sound));
  $("hud").setAttribute("aria-pressed", String(options.hud));
  $("sound").replaceChildren(speaker(options.sound));
}

/** The sound button's picture: a speaker, with waves when on, crossed out when muted.
   @param {boolean} on */
function speaker(on) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", "20");
  svg.setAttribute("height", "20");
  svg.setAttribute("aria-hidden", "true");
  /** @type {Array<[string, Object<string, string>]>} */
  const shapes = [["path", { d: "M3 9h4l5-4v14l-5-4H3z", fill: "currentColor" }]];
  if (on) {
    shapes.push(["path", { d: "M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12",
      fill: "none", stroke: "currentColor", "stroke-width": "2", "stroke-linecap": "round" }]);
  } else {
    shapes.push(["path", { d: "M16 9l5 6M21 9l-5 6", fill: "none", stroke: "currentColor",
      "stroke-width": "2", "stroke-linecap": "round" }]);
  }
  for (const [name, attributes] of shapes) {
    const shape = document.createElementNS(ns, name);
    for (const [key, value] of Object.entries(attributes)) shape.setAttribute(key, value);
    svg.append(shape);
  }
  return svg;
}

/** A short tone made on the spot (no sound files): a card dealt, one's turn, chips.
   @param {"deal" | "turn" | "chips"} kind */
function playSound(kind) {
  ui.played.push(kind);
  if (!options.sound || !window.AudioContext) return;
  try {
    audio = audio || new AudioContext();
    /** @type {Record<string, Array<[number, number]>>} */
    const tones = { deal: [[1400, 0.03]], turn: [[660, 0.09], [880, 0.12]], chips: [[320, 0.05], [420, 0.05]] };
    let at = audio.currentTime;
    for (const [hz, length] of tones[kind] || []) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = hz;
      gain.gain.setValueAtTime(0.08, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + length);
      at += length;
    }
  } catch (_error) {
    /* no sound is no harm */
  }
}

/** The sounds a table message brings: cards dealt, chips put in or won, one's own turn.
   @param {import("./protocol.js").TableMessage} message */
export function soundsOf(message) {
  /** @type {Set<string>} */
  const kinds = new Set((message.events || []).map((e) => e.type));
  if (kinds.has("CardDealt")) playSound("deal");
  if (["Bet", "Raise", "Call", "Complete", "BringIn", "PotAwarded", "Showhand"].some((k) => kinds.has(k))) {
    playSound("chips");
  }
  const state = message.state;
  const turn = state && state.turn;
  if (state && turn && turn.seat === state.viewer && turn.legal_actions.length && turn.seq !== ui.soundedTurn) {
    ui.soundedTurn = turn.seq;
    playSound("turn");
  }
}
