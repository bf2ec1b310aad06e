// @ts-check
/* One's decision: the action bar, pre-actions, the fold confirmation (R2.8), a refused
   action's reason, the keys. */

import { ui } from "./state.js";
import { $ } from "./page.js";
import { refusal, t, word } from "./words.js";
import { inUnits, money, toChips, unitStep } from "./money.js";
import { send } from "./net.js";

/** @typedef {import("./protocol.js").TableState} TableState */
/** @typedef {import("./protocol.js").TurnState} TurnState */
/** @typedef {import("./protocol.js").LegalOption} LegalOption */
/** @typedef {import("./protocol.js").ActionKind} ActionKind */
/** @typedef {import("./state.js").PreAction} PreAction */

/** @type {Object<string, Array<ActionKind>>} */
const KEYS = {
  f: ["fold"], c: ["check", "call"], r: ["complete", "bet", "raise"], b: ["bring_in"], s: ["showhand"],
};

/** @param {string} kind */
function actionLabel(kind) {
  return word(kind);
}

/** An amount of the table open, in its money unit (the state's).
   @param {number} amount */
function tableMoney(amount) {
  return money(amount, ui.state ? ui.state.money_unit : 1);
}

/**
 * @param {LegalOption} option
 * @param {number} [amount]
 */
function actionText(option, amount) {
  const label = actionLabel(option.kind);
  if (["fold", "check", "show", "muck"].includes(option.kind)) return label;
  if (option.kind === "bring_in" || option.kind === "call" || option.kind === "showhand") {
    return option.minimum ? `${label} ${tableMoney(option.minimum)}` : label;
  }
  return `${label} ${tableMoney(amount ?? option.minimum)}`;
}

/** An action's refusal in the page's language, from its code and parameters
   (docs/protocol.md): never from the server's English sentence.
   @param {import("./protocol.js").ServerError} message */
export function actRefusal(message) {
  // only an illegal action's parameters say what the seat may do instead
  const legal = message.code === "illegal_action" ? message.params.legal_actions : [];
  const allowed = legal.map((option) => {
    if (option.choices && option.choices.length > 1) {
      return option.choices.map((amount) => actionText(option, amount)).join(` ${t("or")} `);
    }
    if (["bet", "raise", "complete"].includes(option.kind) && option.maximum > option.minimum) {
      return `${actionLabel(option.kind)} ${tableMoney(option.minimum)}–${tableMoney(option.maximum)}`;
    }
    return actionText(option);
  }).join(t("list_sep"));
  if (message.code === "illegal_action") {
    const reason = message.params.reason;
    if (reason === "amount") return t("r_amount", { allowed });
    const known = ["bring_in_first", "facing_bet", "nothing_to_call", "capped", "after_showhand",
      "no_showhand", "opener_must_bet"];
    if (known.includes(reason)) return t(`r_${reason}`);
    return t("r_illegal", { allowed });
  }
  if (["not_your_turn", "stale_decision", "no_turn", "not_seated"].includes(message.code)) {
    return t(`r_${message.code}`);
  }
  return refusal(message, ui.state && ui.state.money_unit);
}

/* The buttons of one's decision: each fixed-limit amount a button of its own (R2.6,
   R2.7: "Bet 2.00" and "Bet 4.00" on fourth street with an open pair); an amount box
   only where the rules allow a range (Show Hand, R6.4-R6.5). */
export function renderActions() {
  const box = $("actions");
  box.textContent = "";
  const s = ui.state;
  if (!s) return;
  const turn = s.turn;
  const mine = turn && turn.seat === s.viewer && turn.legal_actions.length;
  if (!turn || !mine) {
    renderPreActions(box, s);
    return;
  }
  if (ui.answered.has(turn.seq)) return;
  if (ui.pre && playPreAction(s)) return;
  if (ui.confirmFold === turn.seq) {
    renderFoldConfirm(box, s);
    return;
  }
  /* fold first and apart, then check or call, then the bets */
  const options = [...turn.legal_actions].sort((a, b) => Number(b.kind === "fold") - Number(a.kind === "fold"));
  for (const option of options) {
    const choices = option.choices && option.choices.length ? option.choices : null;
    if (choices && ["bet", "raise", "complete"].includes(option.kind)) {
      for (const amount of choices) {
        const button = actButton(option, actionText(option, amount));
        button.dataset.amount = String(amount);
        button.addEventListener("click", () => act(option, null, amount));
        box.append(button);
      }
      continue;
    }
    const group = document.createElement("span");
    group.className = "act-group";
    const button = actButton(option, actionText(option));
    const sized = ["bet", "raise", "complete"].includes(option.kind) && option.maximum > option.minimum;
    const input = sized ? document.createElement("input") : null;
    if (input) {
      input.type = "number";
      input.className = "amount";
      const unit = s.money_unit;
      input.min = String(inUnits(option.minimum, unit));
      input.max = String(inUnits(option.maximum, unit));
      input.step = unitStep(unit);
      input.value = String(inUnits(option.minimum, unit));
      input.setAttribute("aria-label", actionLabel(option.kind));
      input.addEventListener("input", () => {
        /* what the button will put in, written as the table writes money */
        const typed = input.value.trim() === "" ? NaN : toChips(input.value, unit);
        button.textContent = `${actionLabel(option.kind)} ${Number.isFinite(typed) ? tableMoney(typed) : input.value}`;
        if (slider) slider.value = input.value;
      });
      group.append(input);
      /* Show Hand: a slider and presets beside the box (R6.4, R6.5): the least bet,
         half the pot, the pot, the most the table allows */
      const slider = s.game === "show_hand" ? document.createElement("input") : null;
      if (slider) {
        slider.type = "range";
        slider.className = "amount-slider";
        slider.min = input.min;
        slider.max = input.max;
        slider.step = input.step;
        slider.value = input.value;
        slider.setAttribute("aria-label", actionLabel(option.kind));
        const set = (/** @type {number} */ amount) => {
          const value = Math.min(option.maximum, Math.max(option.minimum, Math.round(amount)));
          input.value = String(inUnits(value, unit));
          slider.value = input.value;
          button.textContent = `${actionLabel(option.kind)} ${tableMoney(value)}`;
        };
        slider.addEventListener("input", () => set(toChips(slider.value, unit)));
        const presets = document.createElement("span");
        presets.className = "presets";
        const pot = (s.hand && s.hand.pot_total) || 0;
        const bets = Math.max(0, ...((s.hand && s.hand.players) || []).map((p) => p.bet || 0));
        for (const [key, amount] of /** @type {Array<[string, number]>} */ ([
          ["preset_min", option.minimum], ["preset_half", bets + Math.floor(pot / 2)],
          ["preset_pot", bets + pot], ["preset_max", option.maximum],
        ])) {
          const preset = document.createElement("button");
          preset.type = "button";
          preset.className = "preset";
          preset.dataset.preset = key;
          preset.textContent = t(key);
          preset.addEventListener("click", () => set(amount));
          presets.append(preset);
        }
        group.append(slider, presets);
      }
    }
    const checkFree = turn.legal_actions.some((o) => o.kind === "check");
    if (option.kind === "fold" && checkFree) {
      button.addEventListener("click", () => { ui.confirmFold = turn.seq; renderActions(); });
    } else {
      button.addEventListener("click", () => act(option, input));
    }
    group.prepend(button);
    box.append(group);
  }
  /* one's turn begins: on a small screen the page scrolls so that every button is in view
     (one's own seat sits just above them) */
  if (ui.shownTurn !== turn.seq) {
    ui.shownTurn = turn.seq;
    const bottom = box.getBoundingClientRect().bottom;
    if (bottom > window.innerHeight - 8) window.scrollBy(0, Math.ceil(bottom - window.innerHeight + 12));
  }
  if (ui.refusal && ui.refusal.seq === turn.seq) {
    const reason = document.createElement("div");
    reason.className = "act-refusal";
    reason.id = "act-refusal";
    reason.setAttribute("role", "alert");
    reason.textContent = ui.refusal.text;
    box.prepend(reason);  // above the buttons, and brought into view
    reason.scrollIntoView({ block: "nearest" });
  }
}

/** What the viewer must put in to stay in the hand now (the bet in front of it).
   @param {TableState} s
   @returns {{amount: number, hand: number | null} | null} */
function toCall(s) {
  const hand = s.hand;
  if (!hand || !Array.isArray(hand.players)) return null;
  const me = hand.players.find((p) => p.seat === s.viewer);
  if (!me || me.folded || me.all_in || hand.is_over) return null;
  const level = Math.max(0, ...hand.players.map((p) => p.bet || 0));
  return { amount: level - (me.bet || 0), hand: s.hand_number };
}

/** Pre-actions, as online rooms have them: chosen while others act, played at once when
   the viewer's decision comes, cleared when the bet in front changes.
   @param {HTMLElement} box
   @param {TableState} s */
function renderPreActions(box, s) {
  const call = toCall(s);
  if (!call) {
    ui.pre = null;
    return;
  }
  if (ui.pre && (ui.pre.hand !== call.hand || ui.pre.amount !== call.amount)) ui.pre = null;
  // Nobody checks in a hand's first betting round: the bring-in (R2.4, R9.2) or Show
  // Hand's opening bet (R6.4) is a bet that every other player faces.
  const first = Boolean(s.hand && s.hand.street === 0);
  /** @type {Array<PreAction["kind"]>} */
  const kinds = call.amount > 0 || first ? ["fold", "call_any"] : ["check_fold", "check", "call_any"];
  const row = document.createElement("div");
  row.className = "pre-actions";
  row.id = "pre-actions";
  for (const kind of kinds) {
    const label = document.createElement("label");
    label.className = "pre";
    const box_ = document.createElement("input");
    box_.type = "checkbox";
    box_.dataset.pre = kind;
    box_.checked = Boolean(ui.pre && ui.pre.kind === kind);
    box_.addEventListener("change", () => {
      ui.pre = box_.checked ? { kind, hand: call.hand, amount: call.amount } : null;
      renderActions();
    });
    label.append(box_, document.createTextNode(" " + t(`pre_${kind}`)));
    row.append(label);
  }
  box.append(row);
}

/** The viewer's decision has come with a pre-action chosen: play it if it still fits,
   and say whether it was played (renderActions calls it with ui.pre set, on one's turn).
   @param {TableState} s */
function playPreAction(s) {
  const pre = /** @type {PreAction} */ (ui.pre);
  ui.pre = null;
  const turn = /** @type {TurnState} */ (s.turn);
  const legal = new Map(turn.legal_actions.map((option) => [option.kind, option]));
  const order = /** @type {Record<string, Array<ActionKind>>} */ ({
    fold: ["fold"], check_fold: ["check", "fold"], check: ["check"], call_any: ["call", "check"],
  })[pre.kind] || [];
  const kind = order.find((k) => legal.has(k));
  if (!kind || pre.hand !== s.hand_number) return false;
  act(/** @type {LegalOption} */ (legal.get(kind)), null);
  return true;
}

/** R2.8: folding where checking is free asks first (on one's turn, where one may check
   and fold).
   @param {HTMLElement} box
   @param {TableState} s */
function renderFoldConfirm(box, s) {
  const turn = /** @type {TurnState} */ (s.turn);
  const legal = new Map(turn.legal_actions.map((option) => [option.kind, option]));
  const checking = /** @type {LegalOption} */ (legal.get("check"));
  const folding = /** @type {LegalOption} */ (legal.get("fold"));
  const ask = document.createElement("div");
  ask.className = "act-refusal";
  ask.id = "fold-confirm";
  ask.textContent = t("fold_free");
  const check = actButton(checking, actionText(checking));
  check.addEventListener("click", () => { ui.confirmFold = null; act(checking, null); });
  const fold = actButton(folding, t("fold_anyway"));
  fold.addEventListener("click", () => { ui.confirmFold = null; act(folding, null); });
  box.append(ask, check, fold);
}

/**
 * @param {LegalOption} option
 * @param {string} text
 */
function actButton(option, text) {
  const button = document.createElement("button");
  button.className = "act";
  button.dataset.kind = option.kind;
  button.textContent = text;
  return button;
}

/** Send one's answer; the amount typed is sent as typed (in chips), so that the rules,
   not the page, say whether it is allowed.
   @param {LegalOption} option
   @param {HTMLInputElement | null} input the amount box, where the rules allow a range
   @param {number} [chosen] the amount of a fixed-limit button */
function act(option, input, chosen) {
  const s = ui.state;
  if (!s || !s.turn || !ui.tableId) return;
  /** @type {string} */
  let action = option.kind;
  if (["bet", "raise", "complete"].includes(option.kind)) {
    let amount = chosen ?? option.minimum;
    if (input) {
      amount = toChips(input.value, s.money_unit);
      if (!Number.isFinite(amount) || amount <= 0) amount = option.minimum;
    }
    action = `${option.kind} ${amount}`;
  }
  ui.answered.add(s.turn.seq);
  ui.refusal = null;
  const id = send({ type: "act", table: ui.tableId, seq: s.turn.seq, action });
  ui.acting = id === null ? null : { id, seq: s.turn.seq };
  renderActions();
}

/** @param {KeyboardEvent} event */
export function onKey(event) {
  const target = /** @type {Element} */ (event.target);
  if (target.closest && target.closest("input, select, textarea")) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const kinds = KEYS[event.key.toLowerCase()];
  if (!kinds) return;
  for (const kind of kinds) {
    /** @type {HTMLButtonElement | null} */
    const button = document.querySelector(`#actions button[data-kind="${kind}"]`);
    if (button) {
      event.preventDefault();
      button.click();
      return;
    }
  }
}
