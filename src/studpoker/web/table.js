// @ts-check
/* One table: opening and leaving it, its seats, cards and pots, the turn's clock, a
   competition's clock, the buttons of one's seat. */

import { ui } from "./state.js";
import { $ } from "./page.js";
import { shownName, t, word } from "./words.js";
import { money, stakesText } from "./money.js";
import { cardElement } from "./cards.js";
import { send } from "./net.js";
import { awaitCashOut } from "./lobby.js";
import { renderActions } from "./actions.js";
import { options } from "./options.js";
import { hudLine } from "./study.js";
import { hudWithTag, markName } from "./notes.js";
import { showAddress, showTurnInTab } from "./tabs.js";
import { renderHost } from "./host.js";
import { isFull } from "./waitlist.js";
import { renderChoice } from "./choice.js";

/** @typedef {import("./protocol.js").TableState} TableState */
/** @typedef {import("./protocol.js").PlayerState} PlayerState */
/** @typedef {import("./protocol.js").SeatState} SeatState */

/** @param {string} tableId */
export function openTable(tableId) {
  ui.tableId = tableId;
  ui.state = null;
  ui.answered.clear();
  $("log").textContent = "";
  $("chat-log").textContent = "";
  $("last-box").hidden = true;
  $("standings-box").hidden = true;
  $("lobby").hidden = true;
  $("admin").hidden = true;
  $("room").hidden = false;
  /* the table from its top, whatever of the lobby was scrolled to (a table created at
     the foot of its list): the title, the seats across and one's own in view */
  window.scrollTo(0, 0);
  showAddress(tableId);
  renderTable();
}

/** A mixed game's line: which game now, which next and when (Triple Stud, issue 17).
   @param {import("./protocol.js").MixState | null | undefined} mix */
export function mixText(mix) {
  if (!mix) return "";
  const words = { mix: t(mix.name), game: t(mix.game), next: t(mix.next_game), n: mix.hands_left };
  return ` · ${t(mix.hands_left ? "mix_now" : "mix_last", words)}`;
}

export function leaveTable() {
  if (ui.tableId) {
    /* a tournament's seat is kept until the player busts: back in the lobby they are
       absent, acted for at once (R8.4), and their table opens again from the lobby */
    const seated = ui.state && ui.state.viewer !== null && ui.state.viewer !== undefined;
    if (seated && ui.state?.mode !== "tournament") {
      send({ type: "stand", table: ui.tableId });
      /* a chips seat pays its stack back to the balance as it goes (R7.2) */
      if (ui.state?.mode === "chips") awaitCashOut(ui.tableId);
    }
    send({ type: "unwatch", table: ui.tableId });
  }
  ui.tableId = null;
  ui.state = null;
  $("room").hidden = true;
  $("lobby").hidden = false;
  showAddress(null);
  showTurnInTab();
  send({ type: "lobby" });
}

/* What each seat won in this hand, from its PotAwarded events (R5.5: both halves). */
function winnings() {
  /** @type {Map<number, number>} */
  const won = new Map();
  for (const event of ui.handEvents || []) {
    if (event.type === "PotAwarded") won.set(event.seat, (won.get(event.seat) || 0) + event.amount);
  }
  return won;
}

/* When the table was last drawn (performance.now()), and whether a drawing waits for
   the next frame. */
let drawnAt = -Infinity;
let drawSoon = false;
const FRAME_MS = 16;

/** The table drawn again for a message that changed it: at once, unless it was drawn
    less than a frame ago; then once, at the next frame, with every message come
    meanwhile (computer players' actions arrive in bursts: a drawing a message would
    lay the felt out again several times a frame, and the screen shows one). */
export function renderTableSoon() {
  if (drawSoon) return;
  if (performance.now() - drawnAt >= FRAME_MS) {
    renderTable();
    return;
  }
  drawSoon = true;
  requestAnimationFrame(() => {
    drawSoon = false;
    renderTable();
  });
}

export function renderTable() {
  drawnAt = performance.now();
  if (!ui.tableId) return;
  showTurnInTab();
  const s = ui.state;
  const felt = $("felt");
  for (const old of felt.querySelectorAll(".seat")) old.remove();
  $("actions").textContent = "";
  renderControls();
  $("paused-note").hidden = !(s && s.paused);
  if (!s) {
    $("table-title").textContent = ui.tableId;
    $("table-stakes").textContent = "";
    $("pot").textContent = "";
    $("side-pots").textContent = "";
    $("rollover").hidden = true;
    $("turn-clock").hidden = true;
    $("competition-clock").hidden = true;
    $("street").textContent = t("connecting");
    return;
  }
  /* a tournament's table: its tournament's name in the page's language (tournaments.js) */
  const name = s.mode === "tournament" && ui.tournamentTitle ? ui.tournamentTitle : s.name;
  $("table-title").textContent = t(s.game) + (name ? ` — ${name}` : "");
  /* 002: practice mode has no showhand; the table says so, not only the rule book */
  const note = $("table-note");
  note.hidden = !(s.game === "show_hand" && s.mode === "practice");
  note.textContent = note.hidden ? "" : t("no_showhand_practice");
  $("table-stakes").textContent = stakesText(s.stakes, s.game, s.money_unit) +
    (s.hand_number ? ` · ${t("hand", { n: s.hand_number })}` : "") + mixText(s.mix);
  const hand = s.hand;
  /** @type {Object<number, PlayerState>} */
  const players = {};
  if (hand) for (const p of hand.players) players[p.seat] = p;
  renderPots(s);
  const turn = s.turn;
  let streetText = hand && !hand.is_over ? word(`street_${hand.street_name}`) : t("between");
  $("keys").textContent = word("keys");
  if (!hand && s.mode === "competition" && !s.competition) streetText = "";
  /* no hand until two can be dealt in: say who the table waits for, not "soon" */
  if ((!hand || hand.is_over) && s.mode !== "tournament" && !(s.mode === "competition" && !s.competition)) {
    const seats = /** @type {SeatState[]} */ (s.seats.filter(Boolean));
    const ready = seats.filter((seat) => !seat.sitting_out && !seat.leaving && seat.chips > 0);
    if (ready.length < 2) {
      const away = seats.filter((seat) => seat.sitting_out && !seat.leaving);
      streetText = away.length
        ? t("awaiting_back", { names: away.map((seat) => shownName(seat.name)).join(", ") })
        : t("awaiting_player");
    }
  }
  const actor = turn && s.seats[turn.seat];
  if (turn && actor) {
    const mine = turn.seat === s.viewer;
    streetText += " · " + (mine ? t("your_turn") : t("waiting", { name: shownName(actor.name) }));
  }
  /* the room's operator paused the table: the hand under way ends, no other starts */
  if (s.paused && (!hand || hand.is_over)) streetText = t("paused_short");
  if (s.halted) streetText = t("halted");
  $("street").textContent = streetText;
  renderClock();
  renderCompetition();

  const count = s.seats.length;
  const bottom = s.viewer ?? 0;
  const seated = s.viewer !== null && s.viewer !== undefined;
  const narrow = felt.clientWidth < 500;
  /* ten seats (Show Hand, Five-Card Stud) on a phone: smaller seats, names on two lines */
  felt.classList.toggle("crowded", count > 8);
  const spots = seatSpots(count, seated, felt.clientWidth, felt.clientHeight, narrow);
  for (let i = 0; i < count; i++) {
    const seat = s.seats[i];
    const el = document.createElement("div");
    el.className = "seat";
    el.dataset.seat = String(i);
    /* one's own seat at the bottom; the others clockwise around the oval */
    const [left, top] = spots[(i - bottom + count) % count];
    el.style.left = `${left}%`;
    el.style.top = `${top}%`;
    if (!seat) {
      el.classList.add("empty");
      el.textContent = t("empty");
      felt.append(el);
      continue;
    }
    if (i === s.viewer) el.classList.add("me");
    if (turn && turn.seat === i) el.classList.add("acting");
    const player = players[i];
    if (player && player.folded) el.classList.add("folded");
    if (player && player.shown) el.classList.add("shown");
    const name = document.createElement("div");
    name.className = "name";
    name.textContent = shownName(seat.name);
    markName(name, seat, i === s.viewer, renderTable);  // one's note on the player (issue 36)
    const chips = document.createElement("div");
    chips.className = "stack";
    chips.textContent = money(player ? player.stack : seat.chips, s.money_unit) +
      (seat.top_up ? ` (+${money(seat.top_up, s.money_unit)})` : "") +
      (player && player.all_in ? ` · ${word("all_in")}` : "") +
      (player && player.folded ? ` · ${word("folded")}` : "");
    el.append(name, chips);
    if (options.hud && i !== s.viewer) {
      const line = hudWithTag(seat.name, hudLine(seat.name, renderTable, s.game));
      if (line) {
        const stats = document.createElement("div");
        stats.className = "hud";
        stats.textContent = line;
        el.append(stats);
      }
    }
    /* R8.3: a seat sitting out, or whose player's connection is gone, says so */
    const marks = [];
    if (seat.sitting_out || (seat.away && !player)) marks.push(t("away"));
    if (seat.connected === false) marks.push(t("offline"));
    if (marks.length) {
      el.classList.add("absent");
      const mark = document.createElement("div");
      mark.className = "absent-mark";
      mark.textContent = marks.join(" · ");
      el.append(mark);
    }
    if (player) {
      const cards = document.createElement("div");
      cards.className = "cards";
      for (const c of player.down_cards) cards.append(cardElement(c, true));
      for (const c of player.up_cards) cards.append(cardElement(c, false));
      el.append(cards);
      /* one's own hand, and every hand shown down, named under it (R4.5, R5.7) */
      if (i === s.viewer || (player.shown && !player.folded)) {
        const best = player.best ? player.best[ui.lang] || player.best.en : "";  // the server's (R4.5)
        if (best) {
          const label = document.createElement("div");
          label.className = "best-hand";
          if (i === s.viewer) label.id = "best-hand";
          label.textContent = best;
          el.append(label);
        }
      }
      const won = hand && hand.is_over ? winnings().get(i) : undefined;
      if (won) {
        el.classList.add("winner");
        const prize = document.createElement("div");
        prize.className = "won";
        prize.textContent = t("wins", { amount: money(won, s.money_unit) });
        el.append(prize);
      }
      if (player.bet) {
        const bet = document.createElement("div");
        bet.className = "bet";
        bet.textContent = money(player.bet, s.money_unit);
        el.append(bet);
      }
    }
    felt.append(el);
  }
  movePots(s);
  renderActions();
  fitFelt();
}

/* On a desktop the whole table and the action bar are in one screen, whatever stands
   above the felt (a tournament's line, a title bar on two lines, the status line): the
   felt (16:10) is as wide as the height left under it allows.  Phones size it by CSS. */
const BELOW_FELT = 150; // px: the felt's margin under it, the action bar, the key hints
export function fitFelt() {
  const felt = $("felt");
  if (innerWidth <= 520 || innerHeight <= 500 || $("room").hidden) {
    felt.style.maxWidth = "";
    return;
  }
  const top = felt.getBoundingClientRect().top + scrollY;
  const height = innerHeight - top - BELOW_FELT;
  const width = `${Math.max(340, Math.floor(height * 1.6))}px`;
  if (felt.style.maxWidth !== width) felt.style.maxWidth = width;
}

/** Where each seat sits on the oval, from the bottom clockwise, in percent of the felt:
   evenly along the table's edge as it is drawn (not by angle, which on a tall phone's
   oval crowds the top and the bottom), one's own seat, with its larger cards, given a
   little more room beside it.
   @param {number} count
   @param {boolean} seated  whether the bottom seat is the viewer's own
   @param {number} width  the felt's size in pixels
   @param {number} height
   @param {boolean} narrow
   @returns {Array<[number, number]>} */
function seatSpots(count, seated, width, height, narrow) {
  const rx = narrow ? 37 : 44;
  const ry = narrow ? 43 : 42;
  const at = (/** @type {number} */ angle) => /** @type {[number, number]} */ (
    [50 + rx * Math.cos(angle), 50 + ry * Math.sin(angle)]);
  if (!(width > 0 && height > 0)) {
    return Array.from({ length: count }, (_, k) => at(Math.PI / 2 + (2 * Math.PI * k) / count));
  }
  /* the edge's length from the bottom, clockwise, at many points */
  const steps = 720;
  const lengths = [0];
  let [x, y] = at(Math.PI / 2);
  for (let n = 1; n <= steps; n++) {
    const [nx, ny] = at(Math.PI / 2 + (2 * Math.PI * n) / steps);
    lengths.push(lengths[n - 1] + Math.hypot(((nx - x) * width) / 100, ((ny - y) * height) / 100));
    [x, y] = [nx, ny];
  }
  const room = (/** @type {number} */ k) => (k === 0 && seated ? 1.35 : 1);
  let weights = 0;
  for (let k = 0; k < count; k++) weights += room(k);
  const unit = lengths[steps] / weights;
  /** @type {Array<[number, number]>} */
  const spots = [];
  let along = 0;
  let n = 0;
  for (let k = 0; k < count; k++) {
    if (k > 0) along += ((room(k - 1) + room(k)) / 2) * unit;
    while (n < steps && lengths[n + 1] < along) n++;
    const part = (along - lengths[n]) / Math.max(lengths[n + 1] - lengths[n], 1e-9);
    spots.push(at(Math.PI / 2 + (2 * Math.PI * (n + Math.min(1, part))) / steps));
  }
  return spots;
}

/** Once a hand's pots are awarded, a stack of chips goes from the middle of the table to
   each seat that won some (R5.5), once a hand.
   @param {TableState} s */
function movePots(s) {
  const hand = s.hand;
  if (!hand || !hand.is_over || ui.movedHand === s.hand_number) return;
  /** @type {import("./protocol.js").PotAwardedEvent[]} */
  const awards = [];
  for (const event of ui.handEvents || []) if (event.type === "PotAwarded") awards.push(event);
  if (!awards.length) return;
  ui.movedHand = s.hand_number;
  const felt = $("felt");
  const pots = new Set(awards.map((award) => award.pot)).size;
  // Each pot (and each half of a Stud/8 pot, R5.5) goes to whoever won it: the main
  // pot first, then each side pot, a moment apart.
  awards.forEach((award, order) => {
    /** @type {HTMLElement | null} */
    const target = felt.querySelector(`.seat[data-seat="${award.seat}"]`);
    if (!target) return;
    const chip = document.createElement("div");
    chip.className = "pot-move";
    chip.dataset.pot = String(award.pot);
    chip.dataset.half = award.half;
    chip.dataset.seat = String(award.seat);
    const pot = award.pot === 0 ? t("main_pot") : `${t("side_pot")} ${award.pot}`;
    const label = [pots > 1 ? pot : "", award.half === "whole" ? "" : t(`half_${award.half}`)]
      .filter(Boolean).join(" · ");
    chip.textContent = (label ? `${label} ` : "") + money(award.amount, s.money_unit);
    chip.setAttribute("aria-hidden", "true");
    // A chip waiting its turn is not shown: sat on the pot it covered the line under it
    // (whose turn it is) for as long as it waited.
    chip.style.opacity = "0";
    felt.append(chip);
    const motion = chip.animate(
      [{ left: "50%", top: "44%", opacity: 1 }, { left: target.style.left, top: target.style.top, opacity: 0.2 }],
      { duration: 800, delay: 450 * order, easing: "ease-in", fill: "forwards" },
    );
    motion.onfinish = () => chip.remove();
  });
}

/** The pot, and the side pots apart when there are more; Show Hand's rollover (R6).
   @param {TableState} s */
function renderPots(s) {
  const hand = s.hand;
  const pots = hand && Array.isArray(hand.pots) ? hand.pots.filter((p) => p.amount > 0) : [];
  if (pots.length > 1) {
    $("pot").textContent = money(pots[0].amount, s.money_unit);
    $("side-pots").textContent = pots.slice(1)
      .map((p) => ` · ${t("side_pot")} ${money(p.amount, s.money_unit)}`).join("");
  } else {
    $("pot").textContent = money(hand ? hand.pot_total : (s.rollover || 0), s.money_unit);
    $("side-pots").textContent = "";
  }
  /* R7.4: the community card, everyone's seventh */
  const shared = hand && Array.isArray(hand.community) ? hand.community.filter((c) => c) : [];
  const board = $("community");
  board.hidden = shared.length === 0;
  board.textContent = shared.length ? t("community_card") : "";
  for (const c of shared) board.append(cardElement(c, false));
  const carried = hand && hand.carry_in > 0 ? hand.carry_in : (s.rollover || 0);
  const box = $("rollover");
  box.hidden = !(carried > 0);
  box.textContent = carried > 0 ? `${t("rollover")} ${money(carried, s.money_unit)}` : "";
}

/* Whose turn: the clock's countdown, then the seat's time bank (R8.1). */
export function renderClock() {
  const box = $("turn-clock");
  const s = ui.state;
  const turn = s && s.turn;
  const seat = s && turn && s.seats[turn.seat];
  if (!turn || !seat) { box.hidden = true; box.textContent = ""; $("turn-bar").hidden = true; return; }
  const gone = (performance.now() - ui.turnAt) / 1000;
  const clock = Number(turn.clock ?? turn.remaining) || 0;
  const bank = Number(seat.time_bank ?? Math.max(0, turn.remaining - clock)) || 0;
  const clockLeft = Math.max(0, Math.ceil(clock - gone));
  const bankLeft = Math.max(0, Math.ceil(Math.min(bank, turn.remaining - gone)));
  box.textContent = `${t("turn_clock", { n: clockLeft })} · ${t("time_bank", { n: bankLeft })}`;
  box.hidden = false;
  /* the time left as a bar: the clock, then the time bank (R8.1) */
  const bar = $("turn-bar");
  const total = Math.max(clock + bank, 0.001);
  bar.hidden = false;
  const part = (/** @type {string} */ name) => /** @type {HTMLElement} */ (bar.querySelector(name));
  part(".clock-part").style.width = `${(100 * Math.max(0, clock - gone)) / total}%`;
  part(".bank-part").style.width =
    `${(100 * Math.max(0, Math.min(bank, turn.remaining - Math.max(gone, clock)))) / total}%`;
}

/* A competition table: the time left of the competition under way, else how one starts
   (R7.3). */
export function renderCompetition() {
  const box = $("competition-clock");
  const s = ui.state;
  if (!s || s.mode !== "competition") { box.hidden = true; return; }
  box.hidden = false;
  if (!s.competition) { box.textContent = t("competition_waiting"); return; }
  const gone = (performance.now() - ui.stateAt) / 1000;
  const left = Math.max(0, Math.ceil(s.competition.remaining - gone));
  const time = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  box.textContent = t("competition_left", { time, n: s.competition.entrants });
}

/* sit out / sit in, the last hand, the hand history: what one's seat may use */
function renderControls() {
  const s = ui.state;
  const seat = s && s.viewer !== null && s.viewer !== undefined ? s.seats[s.viewer] : null;
  const seated = Boolean(seat);
  const out = Boolean(seat && seat.sitting_out);
  $("sit-out").hidden = !seated;
  $("sit-out").textContent = out ? t("sit_in") : t("sit_out");
  $("sit-out").dataset.out = out ? "1" : "";
  $("auto-muck-box").hidden = !seated;
  $("auto-muck", HTMLInputElement).checked = Boolean(seat && seat.auto_muck);
  $("top-up").hidden = !(s && seated && s.mode === "chips");
  const start = $("start-competition", HTMLButtonElement);
  start.hidden = !(s && seated && s.mode === "competition" && !s.competition);
  start.disabled = !s || s.seats.filter(Boolean).length < 2;
  if ($("top-up").hidden) $("top-up-box").hidden = true;
  $("last-hand", HTMLButtonElement).disabled = !(s && s.last_hand_number);
  $("history").hidden = !ui.token;
  /* one who came by a link, or watches: Sit here, as the lobby's Sit (a full table's
     list is in the lobby) */
  const entry = ui.tables.find((x) => x.id === ui.tableId);
  $("table-sit").hidden = seated || !s || !entry || Boolean(entry.halted) || s.mode === "tournament" ||
    isFull(entry) || (entry.mode !== "practice" && Boolean(ui.account && ui.account.guest));
  renderHost();
  renderChoice();
}
