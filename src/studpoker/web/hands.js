/* The name of one's own best hand so far (RULES.md R4.5), from one's up and down cards. */
"use strict";

const HAND_NAMES = (() => {
  const RANKS = { 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, T: 10, J: 11, Q: 12, K: 13, A: 14 };
  const EN = {
    1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
    9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace",
  };
  const SHORT = { 1: "A", 11: "J", 12: "Q", 13: "K", 14: "A" };
  /* categories: 0 high card … 8 straight flush, as in studpoker.hands */
  const TEMPLATES = {
    en: ["High card, {0}", "Pair of {0s}", "Two pair, {0s} and {1s}", "Three of a kind, {0s}",
      "Straight, {0} high", "Flush, {0} high", "Full house, {0s} full of {1s}",
      "Four of a kind, {0s}", "Straight flush, {0} high", "Royal flush"],
    "zh-Hant": ["高牌 {0}", "一對 {0}", "兩對 {0} 和 {1}", "三條 {0}", "順子 {0} 高", "同花 {0} 高",
      "葫蘆 {0} 帶 {1}", "四條 {0}", "同花順 {0} 高", "皇家同花順"],
    /* R4.5: the mainland names, in every game */
    "zh-Hans": ["散牌 {0}", "一对 {0}", "两对 {0} 和 {1}", "三条 {0}", "顺子 {0} 高", "同花 {0} 高",
      "葫芦 {0} 带 {1}", "四条 {0}", "同花顺 {0} 高", "皇家同花顺"],
  };
  /* the Hong Kong names of Show Hand (002) in Traditional Chinese */
  const HK = {
    "zh-Hant": { 0: "無啤 {0}", 1: "啤 {0}", 2: "滔啤 {0} 和 {1}", 4: "蛇 {0} 高", 5: "花 {0} 高",
      6: "俘虜 {0} 帶 {1}", 9: "同花大順" },
    "zh-Hans": { 9: "同花大顺" },  /* else the mainland names (R4.5) */
  };
  const LOW = { en: "{all} low", "zh-Hant": "{all} 低牌", "zh-Hans": "{all} 低牌" };

  function rankWord(rank, lang, plural) {
    if (lang !== "en") return SHORT[rank] || String(rank);
    const word = EN[rank];
    return plural ? word + (word === "six" ? "es" : "s") : word;
  }

  function parse(cards) {
    return cards.filter(Boolean).map((c) => ({ rank: RANKS[c[0]], suit: c[1] }));
  }

  /* [category, ranks…] of up to five cards; Show Hand puts the flush above the full house */
  function score(cards, showHand) {
    const counts = new Map();
    for (const c of cards) counts.set(c.rank, (counts.get(c.rank) || 0) + 1);
    const groups = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
    const ranks = groups.map((g) => g[0]);
    const shape = groups.map((g) => g[1]).join("");
    let category = 0;
    let top = ranks;
    if (shape.startsWith("4")) category = 7;
    else if (shape.startsWith("32")) category = 6;
    else if (shape.startsWith("3")) category = 3;
    else if (shape.startsWith("22")) category = 2;
    else if (shape.startsWith("2")) category = 1;
    if (cards.length === 5 && groups.length === 5) {
      const flush = cards.every((c) => c.suit === cards[0].suit);
      let high = 0;
      if (ranks[0] - ranks[4] === 4) high = ranks[0];
      else if (ranks.join() === "14,5,4,3,2") high = 5;
      if (high) { category = flush ? 8 : 4; top = [high]; }
      else if (flush) category = 5;
    }
    let order = category;
    if (showHand && category === 5) order = 6.5;
    return { category, order, ranks: top };
  }

  function better(a, b) {
    if (a.order !== b.order) return a.order > b.order;
    for (let i = 0; i < Math.max(a.ranks.length, b.ranks.length); i++) {
      if ((a.ranks[i] || 0) !== (b.ranks[i] || 0)) return (a.ranks[i] || 0) > (b.ranks[i] || 0);
    }
    return false;
  }

  function combinations(items, k) {
    if (items.length <= k) return [items];
    const out = [];
    const pick = (start, chosen) => {
      if (chosen.length === k) { out.push(chosen.slice()); return; }
      for (let i = start; i < items.length; i++) { chosen.push(items[i]); pick(i + 1, chosen); chosen.pop(); }
    };
    pick(0, []);
    return out;
  }

  function highName(cards, lang, showHand) {
    let best = null;
    for (const five of combinations(cards, 5)) {
      const s = score(five, showHand);
      if (!best || better(s, best)) best = s;
    }
    if (!best) return "";
    const royal = best.category === 8 && best.ranks[0] === 14;
    const index = royal ? 9 : best.category;
    const hk = showHand && HK[lang] && HK[lang][index];
    const template = hk || (TEMPLATES[lang] || TEMPLATES.en)[index];
    return template
      .replace("{0s}", rankWord(best.ranks[0], lang, true))
      .replace("{1s}", rankWord(best.ranks[1], lang, true))
      .replace("{0}", rankWord(best.ranks[0], lang, false))
      .replace("{1}", rankWord(best.ranks[1], lang, false));
  }

  /* the best ace-to-five low so far: the lowest different ranks, at most five */
  function lowRanks(cards, limit) {
    const ranks = [...new Set(cards.map((c) => (c.rank === 14 ? 1 : c.rank)))].sort((a, b) => a - b);
    const five = ranks.filter((r) => r <= limit).slice(0, 5);
    return five.reverse();
  }

  function lowName(ranks, lang) {
    const all = ranks.map((r) => SHORT[r] || String(r)).join("-");
    return (LOW[lang] || LOW.en).replace("{all}", all);
  }

  /* the name for `game` of the cards a seat holds, "" when there is none */
  function name(game, cards, lang) {
    const parsed = parse(cards);
    if (!parsed.length) return "";
    if (game === "razz") {
      const ranks = lowRanks(parsed, 14);
      return ranks.length ? lowName(ranks, lang) : "";
    }
    const high = highName(parsed, lang, game === "show_hand");
    if (game === "stud_hilo" && parsed.length >= 5) {
      const ranks = lowRanks(parsed, 8);
      if (ranks.length === 5) return `${high} · ${lowName(ranks, lang)}`;
    }
    return high;
  }

  return { name };
})();
