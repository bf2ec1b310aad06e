// @ts-check
/* Studying one's hands (issue 18, docs/study.md): importing a hand history file, a
   player's statistics each with its sample, one's imported hands, and the replayer —
   a hand street by street with the dead cards set apart and each player's equity at
   every street drawn as a chart. */

import { ui } from "./state.js";
import { $, status } from "./page.js";
import { refusal, t } from "./words.js";
import { authHeaders } from "./net.js";
import { cardElement } from "./cards.js";
import { money } from "./money.js";

/** @typedef {import("./protocol.js").StudyStats} StudyStats */
/** @typedef {import("./protocol.js").StudyImport} StudyImport */
/** @typedef {import("./protocol.js").StudyHandInfo} StudyHandInfo */
/** @typedef {import("./protocol.js").StudyWinnings} StudyWinnings */
/**
 * @typedef {{name: string, cards: Object<string, Array<string | null>>, dead: Array<string>,
 *   actions: Array<{seat: number, action: string, amount?: number, to?: number}>, pot: number,
 *   equity: Object<string, number> | null, ci95: Object<string, Array<number>> | null,
 *   exact: boolean | null, names: Object<string, Object<string, string>>,
 *   community?: string | null}} ReplayStreet
 * @typedef {{game: string, number: string, source: string, currency: string | null,
 *   money_unit: number, seats: Array<{seat: number, name: string}>,
 *   streets: Array<ReplayStreet>, shown: Object<string, Array<string | null>>,
 *   shown_names: Object<string, Object<string, string>>}} Replay
 */

/** @type {StudyStats | null} */
let stats = null;
/** @type {StudyImport | null} */
let imported = null;
/** @type {Array<StudyHandInfo>} */
let hands = [];
/** @type {StudyWinnings | null} */
let graph = null;
/** @type {Replay | null} */
let replay = null;
let street = 0;
/** @type {Array<import("./protocol.js").StudyStake>} */
let stakeList = [];
/** @type {Array<import("./protocol.js").StudySite>} */
let siteList = [];
let statsGame = "";  // the game the statistics shown were asked for ("": every game)

const SEVEN = ["seven_card_stud", "stud_hilo", "razz"];
const COLOURS = ["#f2c14e", "#5fb3f9", "#f78154", "#7bd389", "#c792ea", "#ff6b9a", "#4ecdc4", "#e0e0e0", "#b0a8ff", "#ffd6a5"];

/** Import the chosen file as the logged-in player's own hands.
   @param {Event} event */
export async function importFile(event) {
  event.preventDefault();
  const input = $("study-file", HTMLInputElement);
  const file = input.files && input.files[0];
  if (!file || !ui.token) {
    status(t("login_first"), true);
    return;
  }
  $("study-import-submit", HTMLButtonElement).disabled = true;
  status(t("s_importing", { name: file.name }));
  try {
    const answer = await fetch(`/api/study/hands?name=${encodeURIComponent(file.name)}`, {
      method: "POST", body: file,
      headers: { ...authHeaders(), "Content-Type": "application/octet-stream" },
    });
    const body = await answer.json();
    if (!answer.ok) {
      status(refusal(body), true);
      return;
    }
    imported = body;
    status("");
    renderImported();
    await loadHands();
  } catch (_error) {
    status(t("disconnected"), true);
  } finally {
    $("study-import-submit", HTMLButtonElement).disabled = false;
  }
}

function renderImported() {
  const line = $("study-imported");
  const list = $("study-errors");
  line.hidden = imported === null;
  list.hidden = !imported || !imported.errors.length;
  list.textContent = "";
  if (!imported) return;
  line.textContent = t(imported.added === 1 ? "s_imported_one" : "s_imported", {
    added: imported.added, duplicates: imported.duplicates,
    other: imported.other_games, errors: imported.errors.length,
  });
  for (const error of imported.errors.slice(0, 20)) {
    const item = document.createElement("li");
    item.textContent = error;
    list.append(item);
  }
}

/** A player's statistics over the room's hands and, if asked, one's imported hands.
   @param {Event} event */
export async function showStats(event) {
  event.preventDefault();
  const player = $("study-player", HTMLInputElement).value.trim();
  if (!player) return;
  const query = new URLSearchParams({ player });
  const game = $("study-game", HTMLSelectElement).value;
  if (game) query.set("game", game);
  const stake = $("study-stakes", HTMLSelectElement).value;  // "game|big bet|money"
  if (stake) {
    const [stakeGame, bigBet, currency] = stake.split("|");
    query.set("game", stakeGame);
    query.set("big_bet", bigBet);
    query.set("currency", currency);
  }
  const site = $("study-site", HTMLSelectElement).value;
  if (site) query.set("site", site);
  const since = $("study-since", HTMLInputElement).value;
  const until = $("study-until", HTMLInputElement).value;
  if (since) query.set("since", since);
  if (until) query.set("until", until);
  const size = $("study-size", HTMLSelectElement).value;
  if (size) query.set("table_size", size);
  if ($("study-mine", HTMLInputElement).checked && ui.token) query.set("mine", "true");
  try {
    const answer = await fetch(`/api/study/stats?${query}`, { headers: authHeaders() });
    const body = await answer.json();
    if (!answer.ok) {
      status(refusal(body), true);
      return;
    }
    stats = body;
    statsGame = query.get("game") ?? "";
    if (!stake) fillStakes(body.stakes);  // a stake chosen: its choices stay as they were
    if (!site) fillSites(body.sites);
    renderStats();
    const drawn = await fetch(`/api/study/winnings?${query}`, { headers: authHeaders() });
    graph = drawn.ok ? await drawn.json() : null;
    renderGraph();
  } catch (_error) {
    status(t("disconnected"), true);
  }
}

/** The stakes filter's choices: the stakes the player played, the most played first.
   @param {Array<import("./protocol.js").StudyStake>} stakes */
function fillStakes(stakes) {
  stakeList = stakes;
  const select = $("study-stakes", HTMLSelectElement);
  const chosen = select.value;
  const game = $("study-game", HTMLSelectElement).value;
  select.textContent = "";
  const all = document.createElement("option");
  all.value = "";
  all.textContent = t("s_all_stakes");
  select.append(all);
  for (const stake of stakes) {
    const option = document.createElement("option");
    option.value = `${stake.game}|${stake.big_bet}|${stake.currency ?? "chips"}`;
    /* a site's money is read in cents, its chips and the room's hands as they are */
    const unit = stake.currency ? 100 : 1;
    const written = (/** @type {number} */ x) => `${stake.currency ?? ""}${money(x, unit)}`;
    const amounts = stake.game === "show_hand" ? written(stake.big_bet) : `${written(stake.small_bet)}/${written(stake.big_bet)}`;
    option.textContent = `${game ? "" : `${t(stake.game)} `}${amounts} (${stake.hands})`;
    select.append(option);
  }
  select.value = [...select.options].some((o) => o.value === chosen) ? chosen : "";
}

/** The site filter's choices: where the player's hands come from, the most first.  A
   name is one person on one site: a name found on two sites says so.
   @param {Array<import("./protocol.js").StudySite>} sites */
function fillSites(sites) {
  siteList = sites;
  const select = $("study-site", HTMLSelectElement);
  const chosen = select.value;
  select.textContent = "";
  const all = document.createElement("option");
  all.value = "";
  all.textContent = sites.length > 1 ? t("s_all_sites_n", { n: sites.length }) : t("s_all_sites");
  select.append(all);
  for (const site of sites) {
    const option = document.createElement("option");
    option.value = site.site;
    option.textContent = `${site.site === "room" ? t("s_this_room") : site.site} (${site.hands})`;
    select.append(option);
  }
  select.value = [...select.options].some((o) => o.value === chosen) ? chosen : "";
}

/** The table size filter's choices: heads-up to ten seats.  */
function fillSizes() {
  const select = $("study-size", HTMLSelectElement);
  const chosen = select.value;
  select.textContent = "";
  for (const n of ["", "2", "4", "5", "6", "7", "8", "10"]) {
    const option = document.createElement("option");
    option.value = n;
    option.textContent = !n ? t("s_all_sizes") : n === "2" ? t("s_heads_up") : t("s_max", { n });
    select.append(option);
  }
  select.value = chosen;
}

/** What a statistic is called: the street named for the game chosen.
   @param {string} key */
function statName(key) {
  const round = /^(bet|raise)_(\d)$/.exec(key);
  if (!round) return t(`s_${key}`);
  const game = statsGame;
  const index = Number(round[2]);
  const streets = ["second", "third", "fourth", "fifth", "sixth", "seventh"];
  const name = !game ? t("s_round", { n: index + 1 })
    : t(`street_${streets[index + (SEVEN.includes(game) ? 1 : 0)]}`);
  return t(`s_${round[1]}_on`, { street: name });
}

/** @param {number} count @param {number} sample */
function percent(count, sample) {
  return sample ? `${(100 * count / sample).toFixed(1)}` : "–";
}

export function renderStats() {
  const table = $("study-table");
  const results = $("study-results");
  table.hidden = !stats;
  results.hidden = !stats;
  if (!stats) return;
  const rows = $("study-rows");
  rows.textContent = "";
  // Each statistic over the hands of the games that have it (issue 37): one with no
  // chance in the hands taken (Show Hand's in stud, a bring-in's in Show Hand) is not
  // listed.
  const shown = stats.stats.filter((s) => s.sample > 0);
  const shares = [...shown, stats.aggression_frequency];
  for (const share of shares) {
    const row = document.createElement("tr");
    row.dataset.key = share.key;
    const name = document.createElement("td");
    name.textContent = statName(share.key);
    const value = document.createElement("td");
    value.className = "num";
    value.textContent = percent(share.count, share.sample);
    const sample = document.createElement("td");
    sample.className = "num";
    sample.textContent = `${share.count}/${share.sample}`;
    row.append(name, value, sample);
    rows.append(row);
  }
  if (!stats.hands) {
    results.textContent = t("s_no_player_hands", { name: stats.player });
  } else {
    const bb = stats.bb_per_100 ?? 0;
    const [low, high] = stats.interval ?? [bb, bb];
    const signed = (/** @type {number} */ x) => `${x >= 0 ? "+" : ""}${x.toFixed(2)}`;
    results.textContent = t(stats.hands === 1 ? "s_results_one" : "s_results", {
      name: stats.player, hands: stats.hands, bb: signed(bb), low: signed(low), high: signed(high),
    });
  }
}

/* The winnings graph: the running total in big bets, its showdown and non-showdown
   parts, over the hands counted (a point every ``every`` hands). */
function renderGraph() {
  const box = $("study-graph-box");
  const svg = document.getElementById("study-graph");
  const legend = $("study-graph-legend");
  box.hidden = !graph || graph.hands < 2;
  if (!svg || !graph || graph.hands < 2) return;
  svg.textContent = "";
  legend.textContent = "";
  const lines = [
    { values: graph.total, colour: "#f2c14e", label: t("s_total", { n: graph.hands }) },
    { values: graph.showdown, colour: "#5fb3f9", label: t("s_at_showdown") },
    { values: graph.no_showdown, colour: "#f78154", label: t("s_without_showdown") },
  ];
  const all = [0, ...graph.total, ...graph.showdown, ...graph.no_showdown];
  const top = Math.max(...all), bottom = Math.min(...all);
  const span = top - bottom || 1;
  const ns = "http://www.w3.org/2000/svg";
  const width = 300, height = 120, pad = 8;
  const count = graph.total.length;
  const x = (/** @type {number} */ i) => pad + (count > 1 ? i * (width - 2 * pad) / (count - 1) : 0);
  const y = (/** @type {number} */ v) => height - pad - (v - bottom) * (height - 2 * pad) / span;
  const zero = document.createElementNS(ns, "line");
  zero.setAttribute("x1", String(pad));
  zero.setAttribute("x2", String(width - pad));
  zero.setAttribute("y1", String(y(0)));
  zero.setAttribute("y2", String(y(0)));
  zero.setAttribute("class", "grid");
  svg.append(zero);
  for (const line of lines) {
    const drawn = document.createElementNS(ns, "polyline");
    drawn.setAttribute("points", line.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "));
    drawn.setAttribute("fill", "none");
    drawn.setAttribute("stroke", line.colour);
    drawn.setAttribute("stroke-width", "2");
    svg.append(drawn);
    const tag = document.createElement("span");
    tag.textContent = `${line.label}: ${(line.values[line.values.length - 1] ?? 0).toFixed(1)}`;
    tag.style.borderColor = line.colour;
    legend.append(tag);
  }
  svg.setAttribute("aria-label", t("s_winnings"));
}

/** The logged-in player's imported hands, the newest first. */
export async function loadHands() {
  if (!ui.token) return;
  try {
    const answer = await fetch("/api/study/hands?limit=50", { headers: authHeaders() });
    if (!answer.ok) return;
    hands = await answer.json();
    renderHands();
  } catch (_error) {
    /* shown again at the next import */
  }
}

export function renderHands() {
  const body = $("study-hands");
  body.textContent = "";
  $("no-study-hands").hidden = hands.length > 0;
  for (const hand of hands) {
    const row = document.createElement("tr");
    const what = document.createElement("td");
    what.textContent = `${t(hand.game)} · ${hand.source} #${hand.number}`;
    const when = document.createElement("td");
    when.textContent = hand.played_at ?? "";
    const open = document.createElement("td");
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = t("s_replay");
    button.addEventListener("click", () => openReplay(`/api/study/hands/${hand.id}`));
    open.append(button);
    row.append(what, when, open);
    body.append(row);
  }
}

/** Open the replayer on a hand (one's imported one, or a room hand's link).
   @param {string} path */
export async function openReplay(path) {
  try {
    const answer = await fetch(path, { headers: authHeaders() });
    const body = await answer.json();
    if (!answer.ok) {
      status(refusal(body), true);
      return;
    }
    replay = body;
    street = 0;
    renderReplay();
    $("replayer").scrollIntoView({ block: "start" });  // its streets' buttons in view
  } catch (_error) {
    status(t("disconnected"), true);
  }
}

/** @param {number} step */
export function stepStreet(step) {
  if (!replay) return;
  street = Math.max(0, Math.min(replay.streets.length - 1, street + step));
  renderReplay();
}

export function closeReplay() {
  replay = null;
  renderReplay();
}

/** Whether a card of ``game`` dealt ``index``th is dealt down.
   @param {string} game @param {number} index */
function isDown(game, index) {
  return SEVEN.includes(game) ? index < 2 || index === 6 : index === 0;
}

export function renderReplay() {
  const box = $("replayer");
  box.hidden = !replay;
  if (!replay) return;
  const now = replay.streets[street];
  const last = street === replay.streets.length - 1;
  $("r-street").textContent = t(`street_${now.name}`);
  $("r-title").textContent = `${t(replay.game)} · ${replay.source} #${replay.number}`;
  $("r-prev", HTMLButtonElement).disabled = street === 0;
  $("r-next", HTMLButtonElement).disabled = last;
  const seats = $("r-seats");
  seats.textContent = "";
  replay.seats.forEach((seat, index) => {
    const key = String(seat.seat);
    const row = document.createElement("div");
    row.className = "r-seat";
    row.dataset.seat = key;
    const name = document.createElement("span");
    name.className = "r-name";
    name.textContent = seat.name;
    name.style.borderColor = COLOURS[index % COLOURS.length];
    const cards = document.createElement("span");
    cards.className = "r-cards";
    const held = (last && replay?.shown[key]) || now.cards[key] || [];
    held.forEach((card, i) => cards.append(cardElement(card, isDown(replay?.game ?? "", i))));
    const named = (last && replay?.shown_names[key]) || now.names[key];
    if (named) {  // the server's name of what the visible cards make (R4.5)
      const label = document.createElement("span");
      label.className = "r-hand";
      label.textContent = named[ui.lang] || named.en;
      cards.append(label);
    }
    const share = document.createElement("span");
    share.className = "r-equity";
    const equity = now.equity ? now.equity[key] : undefined;
    if (equity !== undefined) {
      const interval = now.ci95 && now.ci95[key];
      const plus = interval ? ` ±${(50 * (interval[1] - interval[0])).toFixed(1)}` : "";
      share.textContent = `${(100 * equity).toFixed(1)}%${plus}`;
      const bar = document.createElement("span");
      bar.className = "r-bar";
      bar.style.width = `${Math.round(100 * equity)}%`;
      bar.style.background = COLOURS[index % COLOURS.length];
      share.append(bar);
    } else if (now.cards[key]) {
      share.textContent = t("folded");
    }
    row.append(name, cards, share);
    seats.append(row);
  });
  const dead = $("r-dead");
  dead.textContent = now.dead.length ? `${t("s_dead")}: ` : "";
  for (const card of now.dead) dead.append(cardElement(card, false));
  const board = $("r-community");  // R7.4: the last street's one card for all
  board.hidden = !now.community;
  board.textContent = now.community ? `${t("community_card")}: ` : "";
  if (now.community) board.append(cardElement(now.community, false));
  const actions = $("r-actions");
  actions.textContent = "";
  const names = Object.fromEntries(replay.seats.map((s) => [String(s.seat), s.name]));
  for (const act of now.actions) {
    const item = document.createElement("li");
    const amount = act.to ?? act.amount;
    item.textContent = `${names[String(act.seat)]}: ${t(act.action)}${amount ? ` ${chips(amount)}` : ""}`;
    actions.append(item);
  }
  $("r-pot").textContent = `${t("pot")}: ${chips(now.pot)}`;
  drawChart();
}

/** An amount of the replayed hand as its table wrote money, in the unit the server
   sends with it: a room hand's 4.00 at a 2.00/4.00 table, a site's $0.16, chips 400.
   @param {number} amount */
function chips(amount) {
  if (!replay) return String(amount);
  return `${replay.currency ?? ""}${money(amount, replay.money_unit)}`;
}

/* Each player's equity street by street: a line a player, to the street shown. */
function drawChart() {
  const svg = document.getElementById("r-chart");  // an SVGElement, not $'s HTMLElement
  const legend = $("r-legend");
  if (!svg) return;
  svg.textContent = "";
  legend.textContent = "";
  if (!replay) return;
  const streets = replay.streets;
  const ns = "http://www.w3.org/2000/svg";
  const width = 300, height = 120, pad = 8;
  const x = (/** @type {number} */ i) => pad + (streets.length > 1 ? i * (width - 2 * pad) / (streets.length - 1) : 0);
  const y = (/** @type {number} */ e) => height - pad - e * (height - 2 * pad);
  for (const level of [0, 0.5, 1]) {
    const line = document.createElementNS(ns, "line");
    line.setAttribute("x1", String(pad));
    line.setAttribute("x2", String(width - pad));
    line.setAttribute("y1", String(y(level)));
    line.setAttribute("y2", String(y(level)));
    line.setAttribute("class", "grid");
    svg.append(line);
  }
  replay.seats.forEach((seat, index) => {
    const key = String(seat.seat);
    /** @type {Array<string>} */
    const points = [];
    streets.slice(0, street + 1).forEach((s, i) => {
      if (s.equity && key in s.equity) points.push(`${x(i).toFixed(1)},${y(s.equity[key]).toFixed(1)}`);
    });
    if (!points.length) return;
    const line = document.createElementNS(ns, "polyline");
    line.setAttribute("points", points.join(" "));
    line.setAttribute("fill", "none");
    line.setAttribute("stroke", COLOURS[index % COLOURS.length]);
    line.setAttribute("stroke-width", "2");
    svg.append(line);
    const tag = document.createElement("span");
    tag.textContent = seat.name;
    tag.style.borderColor = COLOURS[index % COLOURS.length];
    legend.append(tag);
  });
  svg.setAttribute("aria-label", t("s_equity_chart"));
}

/** The study panel's controls wired. */
export function startStudy() {
  $("study-import").addEventListener("submit", importFile);
  $("study-stats").addEventListener("submit", showStats);
  $("study-game").addEventListener("change", () => {  // another game's stakes no longer fit
    $("study-stakes", HTMLSelectElement).value = "";
    fillStakes([]);
  });
  fillSizes();
  fillSites([]);
  $("study-player").addEventListener("change", () => {  // another player's sites
    $("study-site", HTMLSelectElement).value = "";
    fillSites([]);
  });
  $("r-prev").addEventListener("click", () => stepStreet(-1));
  $("r-next").addEventListener("click", () => stepStreet(1));
  $("r-close").addEventListener("click", closeReplay);
  const shared = new URLSearchParams(location.search).get("replay");
  const match = shared ? /^([^/]+)\/(\d+)$/.exec(shared) : null;
  if (match) openReplay(`/api/tables/${encodeURIComponent(match[1])}/hands/${match[2]}/replay`);
}

/** Everything of the panel said again in the page's language. */
export function renderStudy() {
  fillSizes();
  fillStakes(stakeList);
  fillSites(siteList);
  renderImported();
  renderStats();
  renderGraph();
  renderHands();
  renderReplay();
}

/* The HUD (issue 18): an opponent's VPIP, steal and went-to-showdown from the room's own
   hands, with the sample, read at most once a minute a player. */

/** @type {Map<string, {at: number, stats: StudyStats | null}>} */
const hud = new Map();
const HUD_SECONDS = 60;

/** The HUD's line for ``name`` ("" until read); ``redraw`` is called once it is.
   @param {string} name @param {() => void} redraw */
export function hudLine(name, redraw, game = "") {
  /* the table's game's hands: a Show Hand opponent's figures are Show Hand's */
  const cached = `${game}\u0000${name}`;
  const known = hud.get(cached);
  const now = Date.now() / 1000;
  if (!known || now - known.at > HUD_SECONDS) {
    hud.set(cached, { at: now, stats: known ? known.stats : null });
    /** @type {Record<string, string>} */
    const asked = game ? { player: name, game } : { player: name };
    fetch(`/api/study/stats?${new URLSearchParams(asked)}`)
      .then((answer) => (answer.ok ? answer.json() : null))
      .then((body) => {
        if (!body) return;
        hud.set(cached, { at: Date.now() / 1000, stats: body });
        redraw();
      })
      .catch(() => { /* read again after a minute */ });
  }
  const stats = known && known.stats;
  if (!stats) return "";
  /** @param {string} key */
  const share = (key) => {
    const found = stats.stats.find((s) => s.key === key);
    return found && found.sample ? String(Math.round(100 * found.count / found.sample)) : "–";
  };
  // Show Hand has no bring-in to steal: its line has no steal (issue 37)
  const plain = game === "show_hand" ? "hud_line_sh" : "hud_line";
  const key = stats.hands === 1 ? `${plain}_one` : plain;
  return t(key, { vpip: share("vpip"), steal: share("steal"), wtsd: share("showdown"), n: stats.hands });
}
