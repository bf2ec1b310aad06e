// @ts-check
/* The rules and help, for every game in the page's three languages (RULES.md in words a
   player reads: how a hand is dealt and bet, who brings in and who speaks first, what
   wins, and the table modes). Opened from the header's Rules button, over whatever the
   page shows; a first visit is pointed to it and to a practice table. */

import { ui } from "./state.js";
import { $ } from "./page.js";
import { t } from "./words.js";
import { GAME_NAMES } from "./rules.js";

/** @typedef {"en" | "zh-Hant" | "zh-Hans"} Lang */

/** Each section's paragraphs, by language; a game's section is named by GAME_NAMES.
    @type {Readonly<Record<Lang, Readonly<Record<string, ReadonlyArray<string>>>>>} */
const HELP = Object.freeze({
  en: {
    seven_card_stud: [
      "Everyone antes. Third street: two cards down and one up to each player; then fourth, fifth and sixth street one up card each, and seventh street one card down: seven cards, the best five play.",
      "Fixed limit: small bets on third and fourth street, big bets from fifth street on; one bet and three raises a round. On fourth street an open pair lets the first bet be a big bet.",
      "The lowest up card brings in (equal ranks: clubs, then diamonds, hearts, spades); the bring-in may complete to the small bet. From fourth street the best showing hand speaks first.",
      "Showdown: the best five-card high hand wins; suits never split a tie.",
    ],
    stud_hilo: [
      "Dealt and bet as Seven Card Stud (no double bet for an open pair).",
      "The pot is split: half to the best high hand, half to the best low of five different cards all 8 or lower (8-7-6-5-4 at worst, 5-4-3-2-A the best). With no such low the high hand takes it all; one player may win both halves with different cards.",
    ],
    razz: [
      "Dealt and bet as Seven Card Stud, and the lowest hand wins: ace is low, straights and flushes do not count, pairs are bad. The best hand is 5-4-3-2-A.",
      "The highest up card brings in (a king highest, an ace lowest; equal ranks: spades first). From fourth street the lowest showing hand speaks first.",
      "A low is read from its highest card down: 8-6-4-2-A beats 8-7-3-2-A.",
    ],
    show_hand: [
      "Hong Kong's five-card stud: every player antes and gets one card down and one up, then one up card on each of three more streets: four betting rounds.",
      "The best showing cards speak first and must bet at least the minimum bet; others call, raise or drop. A player may push every chip in (show hand): then the others only call, with all their chips, or drop, and the cards are dealt out.",
      "The best five-card hand wins; exact ties go by suit (diamonds, clubs, hearts, spades, lowest to highest). The winner takes from each player at most what they put in themselves; the rest goes back.",
      "Decks of 52, 32 (7 to A) or 28 cards (8 to A). In 32 cards a flush beats a full house and A-7-8-9-10 is a straight. Practice tables play without show hand.",
    ],
    five_card_stud: [
      "The Western fixed-limit five-card stud: every player antes; one card down and one up, then three more up cards: four betting rounds.",
      "The lowest up card brings in on second street; small bets on second and third street, big bets on fourth and fifth. From third street the best showing hand speaks first.",
      "The best five-card high hand wins; suits never split a tie.",
    ],
    rankings: [
      "High hands, best first: straight flush (royal flush the best), four of a kind, full house, flush, straight, three of a kind, two pair, pair, high card. An ace is high, or low in A-2-3-4-5.",
      "Lows (Razz, and the low half of Stud Hi/Lo): the highest card first, then the next; straights and flushes do not count.",
    ],
    modes: [
      "Practice: free chips and computer players in the empty seats; a person takes a computer player's seat after the hand. Anyone may play, as a guest too.",
      "Chips: people only, buying in from their balance; what is left goes back when they stand up.",
      "Competition: everyone starts with 1000 chips, rated games; the last one left wins.",
      "Tournaments: sit-and-gos start when full, scheduled ones at their time; the stakes rise by levels and the places are paid from the buy-ins.",
    ],
  },
  "zh-Hant": {
    seven_card_stud: [
      "每位玩家先下底注。第三街每人發兩張暗牌、一張明牌；第四、五、六街各發一張明牌，第七街發一張暗牌：共七張，取最好的五張比大小。",
      "限注：第三、四街下小注，第五街起下大注；每輪一注加三次加注。第四街有人明牌成對時，第一注可下大注。",
      "明牌最小者下強制開注（點數相同時依花色：梅花、方塊、紅心、黑桃）；也可補足至小注。第四街起，明牌最大者先說話。",
      "攤牌：五張牌最大者勝；花色不分大小，同點平分。",
    ],
    stud_hilo: [
      "發牌及下注同七張梭哈（明牌成對不可下大注）。",
      "底池對分：一半給最大的高牌，一半給最好的低牌——五張不同點數、全部 8 或以下（最差 8-7-6-5-4，最好 5-4-3-2-A）。沒有合格低牌時，高牌全贏；一位玩家可用不同的牌贏兩半。",
    ],
    razz: [
      "發牌及下注同七張梭哈，但最小的牌勝：A 為最小，順子及同花不計，對子不好。最好的牌是 5-4-3-2-A。",
      "明牌最大者下強制開注（K 最大、A 最小；點數相同時黑桃先）。第四街起，明牌最小者先說話。",
      "低牌由最大的一張比起：8-6-4-2-A 勝 8-7-3-2-A。",
    ],
    show_hand: [
      "香港的五張梭哈：每位玩家先下底注，發一張暗牌、一張明牌，之後三街各發一張明牌：共四輪下注。",
      "明牌最大者話事，必須下注，至少為最低下注；其他人跟、加注或放棄。玩家可以晒冷（全押）：之後其他人只能全押跟注或放棄，餘下的牌一次發完。",
      "五張牌最大者勝；完全相同時比花色（方塊、梅花、紅心、黑桃，由小至大）。勝者從每位玩家最多贏取自己投入的數目，其餘退回。",
      "可用 52 張、32 張（7 至 A）或 28 張（8 至 A）牌。32 張時花勝俘虜，A-7-8-9-10 是蛇。練習桌不設晒冷。",
    ],
    five_card_stud: [
      "西方的限注五張梭哈：每位玩家先下底注，發一張暗牌、一張明牌，之後再發三張明牌：共四輪下注。",
      "第二街明牌最小者下強制開注；第二、三街下小注，第四、五街下大注。第三街起，明牌最大者先說話。",
      "五張牌最大者勝；花色不分大小，同點平分。",
    ],
    rankings: [
      "高牌由大至小：同花順（皇家同花順最大）、四條、葫蘆、同花、順子、三條、兩對、一對、高牌。A 最大，也可作 A-2-3-4-5 的 A。",
      "低牌（Razz 及七張梭哈高/低的低手）：由最大的一張比起，再比下一張；順子及同花不計。",
    ],
    modes: [
      "練習：免費籌碼，空位由電腦玩家補上；真人於該局結束後接替電腦玩家的座位。人人可玩，訪客亦可。",
      "籌碼：只限真人，從餘額買入；離座時餘下的籌碼退回餘額。",
      "比賽：每人 1000 籌碼開始，計算評分；最後留下的一位勝出。",
      "錦標賽：坐滿即開（坐滿即玩）或定時開始；注額按級別上升，名次獎金來自買入。",
    ],
  },
  "zh-Hans": {
    seven_card_stud: [
      "每位玩家先下底注。第三街每人发两张暗牌、一张明牌；第四、五、六街各发一张明牌，第七街发一张暗牌：共七张，取最好的五张比大小。",
      "限注：第三、四街下小注，第五街起下大注；每轮一注加三次加注。第四街有人明牌成对时，第一注可下大注。",
      "明牌最小者下强制开注（点数相同时依花色：梅花、方块、红心、黑桃）；也可补足至小注。第四街起，明牌最大者先说话。",
      "摊牌：五张牌最大者胜；花色不分大小，同点平分。",
    ],
    stud_hilo: [
      "发牌及下注同七张梭哈（明牌成对不可下大注）。",
      "底池对分：一半给最大的高牌，一半给最好的低牌——五张不同点数、全部 8 或以下（最差 8-7-6-5-4，最好 5-4-3-2-A）。没有合格低牌时，高牌全赢；一位玩家可用不同的牌赢两半。",
    ],
    razz: [
      "发牌及下注同七张梭哈，但最小的牌胜：A 为最小，顺子及同花不计，对子不好。最好的牌是 5-4-3-2-A。",
      "明牌最大者下强制开注（K 最大、A 最小；点数相同时黑桃先）。第四街起，明牌最小者先说话。",
      "低牌由最大的一张比起：8-6-4-2-A 胜 8-7-3-2-A。",
    ],
    show_hand: [
      "香港的五张梭哈：每位玩家先下底注，发一张暗牌、一张明牌，之后三街各发一张明牌：共四轮下注。",
      "明牌最大者先说话，必须下注，至少为最低下注；其他人跟注、加注或弃牌。玩家可以梭哈（全押）：之后其他人只能全押跟注或弃牌，余下的牌一次发完。",
      "五张牌最大者胜；完全相同时比花色（方块、梅花、红心、黑桃，由小至大）。胜者从每位玩家最多赢取自己投入的数目，其余退回。",
      "可用 52 张、32 张（7 至 A）或 28 张（8 至 A）牌。32 张时同花胜葫芦，A-7-8-9-10 是顺子。练习桌不设梭哈。",
    ],
    five_card_stud: [
      "西方的限注五张梭哈：每位玩家先下底注，发一张暗牌、一张明牌，之后再发三张明牌：共四轮下注。",
      "第二街明牌最小者下强制开注；第二、三街下小注，第四、五街下大注。第三街起，明牌最大者先说话。",
      "五张牌最大者胜；花色不分大小，同点平分。",
    ],
    rankings: [
      "高牌由大至小：同花顺（皇家同花顺最大）、四条、葫芦、同花、顺子、三条、两对、一对、散牌。A 最大，也可作 A-2-3-4-5 的 A。",
      "低牌（Razz 及七张梭哈高/低的低手）：由最大的一张比起，再比下一张；顺子及同花不计。",
    ],
    modes: [
      "练习：免费筹码，空位由电脑玩家补上；真人于该局结束后接替电脑玩家的座位。人人可玩，访客亦可。",
      "筹码：只限真人，从余额买入；离座时余下的筹码退回余额。",
      "比赛：每人 1000 筹码开始，计算评分；最后留下的一位胜出。",
      "锦标赛：坐满即开或定时开始；注额按级别上升，名次奖金来自买入。",
    ],
  },
});

/** The sections in their order: the five games, then the hands and the modes. */
export const HELP_SECTIONS = Object.freeze([
  "seven_card_stud", "stud_hilo", "razz", "show_hand", "five_card_stud", "rankings", "modes",
]);

/** The rules panel, in the page's language, opened at ``section`` (a game's, or the
   hands' or the modes'); the page under it stays as it was.
   @param {string} [section] */
export function openHelp(section) {
  const box = $("help");
  const lang = /** @type {Lang} */ (ui.lang);
  const words = HELP[lang] || HELP.en;
  const names = GAME_NAMES[lang];
  const body = $("help-body");
  body.textContent = "";
  for (const key of HELP_SECTIONS) {
    const part = document.createElement("section");
    part.className = "help-part";
    part.id = `help-${key}`;
    const head = document.createElement("h3");
    head.textContent = /** @type {Record<string, string>} */ (names)[key] || t(`help_${key}`);
    part.append(head);
    for (const said of words[key]) {
      const line = document.createElement("p");
      line.textContent = said;
      part.append(line);
    }
    body.append(part);
  }
  box.hidden = false;
  const start = section ? document.getElementById(`help-${section}`) : null;
  if (start) start.scrollIntoView({ block: "start" });
  else body.scrollTop = 0;
}

/** A first visit to the room: pointed to a practice table and to the rules, once. */
export function welcomeFirstVisit() {
  if (localStorage.getItem("stud.welcomed")) return;
  $("welcome").hidden = false;
}

export function startHelp() {
  $("help-button").addEventListener("click", () => openHelp());
  $("help-close").addEventListener("click", () => { $("help").hidden = true; });
  $("welcome-rules").addEventListener("click", () => {
    localStorage.setItem("stud.welcomed", "1");
    $("welcome").hidden = true;
    openHelp();
  });
  $("welcome-play").addEventListener("click", () => {
    localStorage.setItem("stud.welcomed", "1");
    $("welcome").hidden = true;
    /** @type {HTMLButtonElement | null} */
    const sit = document.querySelector('#table-list button.sit[data-table^="practice-"]');
    if (sit) sit.click();  // a practice seat, as a guest if not logged in
  });
  $("welcome-close").addEventListener("click", () => {
    localStorage.setItem("stud.welcomed", "1");
    $("welcome").hidden = true;
  });
  welcomeFirstVisit();
}
