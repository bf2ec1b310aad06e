/* The card room's browser client: the lobby and one table, over docs/protocol.md. */
"use strict";

const WORDS = {
  en: {
    title: "Stud poker", language: "Language", play_guest: "Play as guest",
    name: "Name", password: "Password", login: "Log in", register: "Register",
    logout: "Log out", tables: "Tables", game: "Game", stakes: "Stakes", mode: "Mode",
    players: "Players", sit: "Sit", watch: "Watch", leave: "Leave", pot: "Pot",
    keys: "Keys: f fold, c check/call, r bet/raise/complete, b bring-in, s show hand",
    practice: "Practice", chips: "Chips", competition: "Competition",
    guest: "guest", your_turn: "Your turn", waiting: "Waiting for {name}",
    between: "Next hand soon", folded: "folded", all_in: "all in", empty: "empty",
    away: "sitting out", offline: "disconnected", wins: "wins {amount}",
    preset_min: "Min", preset_half: "½ pot", preset_pot: "Pot", preset_max: "Max",
    balance_words: "balance {amount}",
    dealer: "Dealer", chat: "Chat", suits: "spades,hearts,diamonds,clubs", card_name: "{rank} of {suit}", ranks: "A:ace,K:king,Q:queen,J:jack,T:ten",
    four_colour: "Four-colour deck", sound: "Sound",
    no_showhand_practice: "Practice table: no show hand here (R7.1). Play Show Hand at a chips table to push all your chips in.",
    min_bet_words: "minimum bet {amount}", bring_in_words: "bring-in {amount}", seated_bots: "{people} + {bots} bots / {seats}",
    pre_fold: "Fold", pre_check_fold: "Check/Fold", pre_check: "Check", pre_call_any: "Call any",
    fold_free: "Checking is free. Fold anyway?", fold_anyway: "Fold anyway", hidden_card: "hidden card",
    r_not_your_turn: "It is not your turn.", r_stale_decision: "That decision is over.",
    r_no_turn: "Nobody is to act now.", r_not_seated: "You are not seated at this table.",
    r_amount: "That amount is not allowed ({rule}): choose {allowed}.",
    r_bring_in_first: "Post the bring-in or complete first (R2.4).",
    r_facing_bet: "You face a bet: call, raise or fold.", r_nothing_to_call: "There is no bet to call.",
    r_capped: "The betting is capped (R2.5).", r_after_showhand: "After a showhand you may only call or fold (R6.6).",
    r_no_showhand: "Showhand is not allowed now (R6.6).", r_opener_must_bet: "The opener must bet (R6.4).",
    r_illegal: "That is not allowed now: choose {allowed}.", or: "or", list_sep: ", ",
    ante: "ante", seconds: "{n}s", hand: "Hand #{n}",
    fold: "Fold", check: "Check", call: "Call", bet: "Bet", raise: "Raise to",
    complete: "Complete to", bring_in: "Bring-in", showhand: "Show hand",
    show: "Show", muck: "Muck", connecting: "Connecting…", disconnected: "Disconnected: reconnecting…",
    login_first: "Log in or play as a guest first",
    seven_card_stud: "Seven Card Stud", stud_hilo: "Stud Hi/Lo", razz: "Razz",
    show_hand: "Show Hand",
    street_second: "Second street", street_third: "Third street", street_fourth: "Fourth street",
    street_fifth: "Fifth street", street_sixth: "Sixth street", street_seventh: "Seventh street",
    sit_out: "Sit out", sit_in: "Sit in", last_hand: "Last hand", history: "Hand history",
    send: "Send", chat_placeholder: "Say something", close: "Close", low: "{all} low",
    no_last_hand: "No hand has finished yet",
    all_games: "All games", all_modes: "All modes", average_pot: "Average pot",
    quick_seat: "Quick seat", no_free_seat: "No practice table has a free seat",
    no_tables: "No tables", create_table: "Create table", seats: "Seats", clock: "Clock (s)",
    table_name: "Table name", create: "Create", leaderboard: "Leaderboard", rating: "Rating",
    games: "Games", provisional: "provisional", no_rated: "No rated players yet",
    side_pot: "Side pot", rollover: "Rollover", turn_clock: "Clock {n}s", time_bank: "Time bank {n}s",
    buy_in: "Buy-in", buy_in_range: "Buy-in for {table} ({min}–{max})", cancel: "Cancel",
    ante_label: "Ante", small_bet: "Small bet", big_bet: "Big bet", min_bet: "Minimum bet",
    top_up: "Top up", top_up_range: "Top up by {min}–{max}", top_up_full: "Your stack is at the table's maximum",
    start_competition: "Start competition", standings: "Standings", out: "out",
    competition_left: "Competition: {time} left · {n} players", competition_waiting: "Waiting for a competition: 2 to 8 players sit, then one starts it",
    running: "running",
    stopped: "stopped",
    logged_out: "You were logged out (here or in another tab): log in again to play",
    halted: "This table has stopped dealing: its books disagree with the room's. Leave to get your chips back.",
  },
  "zh-Hant": {
    title: "梭哈撲克", language: "語言", play_guest: "以訪客身分遊戲",
    name: "名稱", password: "密碼", login: "登入", register: "註冊",
    logout: "登出", tables: "牌桌", game: "遊戲", stakes: "注額", mode: "模式",
    players: "玩家", sit: "入座", watch: "觀看", leave: "離開", pot: "底池",
    keys: "快捷鍵：f 蓋牌，c 過牌／跟注，r 下注／加注／補足，b 強制開注，s 晒冷",
    practice: "練習", chips: "籌碼", competition: "比賽",
    guest: "訪客", your_turn: "輪到你", waiting: "等待 {name}",
    between: "下一局即將開始", folded: "已蓋牌", all_in: "全押", empty: "空位",
    away: "暫停中", offline: "已斷線", wins: "贏得 {amount}",
    preset_min: "最低", preset_half: "半池", preset_pot: "一池", preset_max: "最高",
    balance_words: "餘額 {amount}",
    dealer: "荷官", chat: "聊天", suits: "黑桃,紅心,方塊,梅花", card_name: "{suit} {rank}", ranks: "T:10",
    four_colour: "四色牌", sound: "聲音",
    no_showhand_practice: "練習桌不設晒冷（R7.1）：要晒冷，請到籌碼桌玩話事啤。",
    min_bet_words: "最低下注 {amount}", bring_in_words: "強制開注 {amount}", seated_bots: "{people} 人 + {bots} 電腦 / {seats}",
    pre_fold: "蓋牌", pre_check_fold: "過牌/蓋牌", pre_check: "過牌", pre_call_any: "跟任何注",
    fold_free: "現在可以免費過牌。仍要蓋牌？", fold_anyway: "仍要蓋牌", hidden_card: "未翻開的牌",
    r_not_your_turn: "還未輪到你。", r_stale_decision: "這個決定已經過去了。",
    r_no_turn: "現在沒有人需要行動。", r_not_seated: "你沒有坐在這張牌桌。",
    r_amount: "這個金額不允許（{rule}）：請選 {allowed}。",
    r_bring_in_first: "請先下強制注或補足（R2.4）。",
    r_facing_bet: "有人下注：請跟注、加注或蓋牌。", r_nothing_to_call: "沒有注可跟。",
    r_capped: "本輪加注已達上限（R2.5）。", r_after_showhand: "有人晒冷後只能跟或放棄（R6.6）。",
    r_no_showhand: "現在不能晒冷（R6.6）。", r_opener_must_bet: "話事的玩家必須下注（R6.4）。",
    r_illegal: "現在不能這樣做：請選 {allowed}。", or: "或", list_sep: "、",
    ante: "底注", seconds: "{n} 秒", hand: "第 {n} 局",
    fold: "蓋牌", check: "過牌", call: "跟注", bet: "下注", raise: "加注到",
    complete: "補足到", bring_in: "強制開注", showhand: "晒冷",
    show: "開牌", muck: "封牌", connecting: "連線中…", disconnected: "連線中斷：重新連線中…",
    login_first: "請先登入或以訪客身分遊戲",
    seven_card_stud: "七張梭哈", stud_hilo: "七張梭哈高/低", razz: "Razz",
    show_hand: "話事啤 (梭哈)",
    street_second: "第二街", street_third: "第三街", street_fourth: "第四街",
    street_fifth: "第五街", street_sixth: "第六街", street_seventh: "第七街",
    sit_out: "暫停", sit_in: "回座", last_hand: "上一局", history: "牌局紀錄",
    send: "傳送", chat_placeholder: "說點什麼", close: "關閉", low: "{all} 低牌",
    no_last_hand: "還沒有完成的牌局",
    all_games: "所有遊戲", all_modes: "所有模式", average_pot: "平均底池",
    quick_seat: "快速入座", no_free_seat: "沒有空位的練習桌",
    no_tables: "沒有牌桌", create_table: "開新牌桌", seats: "座位", clock: "限時（秒）",
    table_name: "牌桌名稱", create: "建立", leaderboard: "排行榜", rating: "積分",
    games: "局數", provisional: "暫定", no_rated: "還沒有排名的玩家",
    side_pot: "邊池", rollover: "滾存", turn_clock: "限時 {n} 秒", time_bank: "時間庫 {n} 秒",
    buy_in: "買入", buy_in_range: "{table} 買入（{min}–{max}）", cancel: "取消",
    ante_label: "底注", small_bet: "小注", big_bet: "大注", min_bet: "最低下注",
    top_up: "補充籌碼", top_up_range: "補充 {min}–{max}", top_up_full: "你的籌碼已達本桌上限",
    start_competition: "開始比賽", standings: "名次", out: "出局",
    competition_left: "比賽剩餘 {time} · {n} 位玩家", competition_waiting: "等待比賽：2 至 8 位玩家入座後，由其中一位開始",
    running: "進行中",
    stopped: "已停止",
    logged_out: "你已登出（在這裏或另一個分頁）：請重新登入再遊戲",
    halted: "本桌已停止發牌：帳目與房間不符。離座即可取回籌碼。",
  },
  "zh-Hans": {
    title: "梭哈扑克", language: "语言", play_guest: "以访客身份游戏",
    name: "名称", password: "密码", login: "登录", register: "注册",
    logout: "退出登录", tables: "牌桌", game: "游戏", stakes: "注额", mode: "模式",
    players: "玩家", sit: "入座", watch: "观看", leave: "离开", pot: "底池",
    keys: "快捷键：f 弃牌，c 过牌／跟注，r 下注／加注／补足，b 强制开注，s 梭哈",
    practice: "练习", chips: "筹码", competition: "比赛",
    guest: "访客", your_turn: "轮到你", waiting: "等待 {name}",
    between: "下一局即将开始", folded: "已弃牌", all_in: "全押", empty: "空位",
    away: "暂停中", offline: "已断线", wins: "赢得 {amount}",
    preset_min: "最低", preset_half: "半池", preset_pot: "一池", preset_max: "最高",
    balance_words: "余额 {amount}",
    dealer: "荷官", chat: "聊天", suits: "黑桃,红心,方块,梅花", card_name: "{suit} {rank}", ranks: "T:10",
    four_colour: "四色牌", sound: "声音",
    no_showhand_practice: "练习桌不设梭哈（R7.1）：要梭哈，请到筹码桌玩。",
    min_bet_words: "最低下注 {amount}", bring_in_words: "强制开注 {amount}", seated_bots: "{people} 人 + {bots} 电脑 / {seats}",
    pre_fold: "弃牌", pre_check_fold: "过牌/弃牌", pre_check: "过牌", pre_call_any: "跟任何注",
    fold_free: "现在可以免费过牌。仍要弃牌？", fold_anyway: "仍要弃牌", hidden_card: "未翻开的牌",
    r_not_your_turn: "还未轮到你。", r_stale_decision: "这个决定已经过去了。",
    r_no_turn: "现在没有人需要行动。", r_not_seated: "你没有坐在这张牌桌。",
    r_amount: "这个金额不允许（{rule}）：请选 {allowed}。",
    r_bring_in_first: "请先下强制注或补足（R2.4）。",
    r_facing_bet: "有人下注：请跟注、加注或弃牌。", r_nothing_to_call: "没有注可跟。",
    r_capped: "本轮加注已达上限（R2.5）。", r_after_showhand: "有人梭哈后只能跟或放弃（R6.6）。",
    r_no_showhand: "现在不能梭哈（R6.6）。", r_opener_must_bet: "话事的玩家必须下注（R6.4）。",
    r_illegal: "现在不能这样做：请选 {allowed}。", or: "或", list_sep: "、",
    ante: "底注", seconds: "{n} 秒", hand: "第 {n} 局",
    fold: "弃牌", check: "过牌", call: "跟注", bet: "下注", raise: "加注到",
    complete: "补足到", bring_in: "强制开注", showhand: "梭哈",
    show: "摊牌", muck: "封牌", connecting: "连接中…", disconnected: "连接中断：重新连接中…",
    login_first: "请先登录或以访客身份游戏",
    seven_card_stud: "七张梭哈", stud_hilo: "七张梭哈高/低", razz: "Razz",
    show_hand: "话事啤 (梭哈)",
    sit_out: "暂停", sit_in: "回座", last_hand: "上一局", history: "牌局记录",
    send: "发送", chat_placeholder: "说点什么", close: "关闭", low: "{all} 低牌",
    no_last_hand: "还没有完成的牌局",
    all_games: "所有游戏", all_modes: "所有模式", average_pot: "平均底池",
    quick_seat: "快速入座", no_free_seat: "没有空位的练习桌",
    no_tables: "没有牌桌", create_table: "开新牌桌", seats: "座位", clock: "限时（秒）",
    table_name: "牌桌名称", create: "创建", leaderboard: "排行榜", rating: "积分",
    games: "局数", provisional: "暂定", no_rated: "还没有排名的玩家",
    side_pot: "边池", rollover: "滚存", turn_clock: "限时 {n} 秒", time_bank: "时间库 {n} 秒",
    buy_in: "买入", buy_in_range: "{table} 买入（{min}–{max}）", cancel: "取消",
    ante_label: "底注", small_bet: "小注", big_bet: "大注", min_bet: "最低下注",
    top_up: "补充筹码", top_up_range: "补充 {min}–{max}", top_up_full: "你的筹码已达本桌上限",
    start_competition: "开始比赛", standings: "名次", out: "出局",
    competition_left: "比赛剩余 {time} · {n} 位玩家", competition_waiting: "等待比赛：2 至 8 位玩家入座后，由其中一位开始",
    running: "进行中",
    stopped: "已停止",
    logged_out: "你已退出登录（在这里或另一个标签页）：请重新登录再游戏",
    halted: "本桌已停止发牌：账目与房间不符。离座即可取回筹码。",
  },
};
WORDS["zh-Hans"] = Object.assign({}, WORDS["zh-Hant"], WORDS["zh-Hans"], {
  street_second: "第二街", street_third: "第三街", street_fourth: "第四街",
  street_fifth: "第五街", street_sixth: "第六街", street_seventh: "第七街",
});

const LANGS = ["en", "zh-Hant", "zh-Hans"];
const GAME_IDS = ["seven_card_stud", "stud_hilo", "razz", "show_hand"];
const MODE_IDS = ["practice", "chips", "competition"];
const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
const KEYS = {
  f: ["fold"], c: ["check", "call"], r: ["complete", "bet", "raise"], b: ["bring_in"], s: ["showhand"],
};

/* The server's refusals are English sentences (docs/protocol.md); those a player meets
   are said again in Chinese here, the rest stay as the server wrote them. A row with
   amounts (the last item: which groups) is written again in English too, with the
   amounts as the table shows money (40.00, not 4000 cents). */
const REFUSALS = [
  [/^wrong name or password$/, "名稱或密碼錯誤", "名称或密码错误"],
  [/^the name (.+) is taken$/, "名稱 $1 已有人使用", "名称 $1 已有人使用"],
  [/^a password has at least (\d+) characters, not (\d+)$/,
    "密碼至少要 $1 個字元（這個只有 $2 個）", "密码至少要 $1 个字符（这个只有 $2 个）"],
  [/^a password has at most (\d+) characters, not (\d+)$/,
    "密碼最多 $1 個字元（這個有 $2 個）", "密码最多 $1 个字符（这个有 $2 个）"],
  [/^a name is 1 to (\d+) characters/, "名稱須為 1 至 $1 個字元", "名称须为 1 至 $1 个字符"],
  [/^a name cannot start or end with a space/,
    "名稱不能以空格開頭或結尾，也不能含控制字元", "名称不能以空格开头或结尾，也不能含控制字符"],
  [/^guests play at practice tables only/,
    "訪客只能在練習桌遊戲：註冊後才能以籌碼遊戲", "访客只能在练习桌游戏：注册后才能以筹码游戏"],
  [/^(.+) has (\d+) and cannot buy in for (\d+)$/,
    "$1 的餘額是 $2，不足以買入 $3", "$1 的余额是 $2，不足以买入 $3",
    "$1 has $2 and cannot buy in for $3", [2, 3]],
  [/^(.+) is already seated at (.+)$/, "$1 已經坐在 $2", "$1 已经坐在 $2"],
  [/^seat (\d+) is taken$/, "座位 $1 已有人", "座位 $1 已有人"],
  [/^the table is full: (\d+) players at most$/, "牌桌已滿：最多 $1 位玩家", "牌桌已满：最多 $1 位玩家"],
  [/^a practice table seats at most (\d+) players/, "練習桌最多 $1 位玩家", "练习桌最多 $1 位玩家"],
  [/^a competition seats at most (\d+) players/, "比賽最多 $1 位玩家", "比赛最多 $1 位玩家"],
  [/^the competition has (already )?started/, "比賽已經開始", "比赛已经开始"],
  [/^a competition needs 2 to 8 players seated/, "比賽需要 2 至 8 位玩家入座", "比赛需要 2 至 8 位玩家入座"],
  [/^seat (\d+) may top up (\d+) chips at most: a stack is (\d+) at most$/,
    "最多只能補充 $2：籌碼上限是 $3", "最多只能补充 $2：筹码上限是 $3",
    "You may top up $2 at most: a stack is $3 at most", [2, 3]],
  [/^a buy-in is (\d+) to (\d+) chips, not (.+)$/, "買入須為 $1 至 $2，不能是 $3", "买入须为 $1 至 $2，不能是 $3",
    "A buy-in is $1 to $2, not $3", [1, 2, 3]],
  [/^seat (\d+) has no chips: top up first$/, "座位 $1 沒有籌碼：請先補充籌碼", "座位 $1 没有筹码：请先补充筹码"],
  [/^say something: the line is empty$/, "請先輸入內容", "请先输入内容"],
  [/^no guest name is free; try again$/, "暫時沒有可用的訪客名稱，請再試一次", "暂时没有可用的访客名称，请再试一次"],
  [/^the table is closed$/, "牌桌已關閉", "牌桌已关闭"],
  [/^the table deals no more hands/, "本桌已停止發牌：離座即可取回籌碼", "本桌已停止发牌：离座即可取回筹码"],
  [/^the name '(.+)' looks like the name of another player/,
    "名稱 $1 與另一位玩家的名稱太相似，請另選", "名称 $1 与另一位玩家的名称太相似，请另选"],
  [/^the name '(.+)' is kept for the room/, "名稱 $1 保留給房間使用，請另選", "名称 $1 保留给房间使用，请另选"],
  [/^a name may not (hold|put|stack)/, "名稱含有不允許的字元", "名称含有不允许的字符"],
  [/^a name needs a letter, a digit or a sign/, "名稱不能只有空白", "名称不能只有空白"],
  [/^a chat line may not hold/, "聊天內容含有不允許的字元", "聊天内容含有不允许的字符"],
  [/^too many (.+): try again in (\d+) s$/, "操作太頻繁：請 $2 秒後再試", "操作太频繁：请 $2 秒后再试"],
  [/^too many messages/, "訊息太頻繁：請稍候", "消息太频繁：请稍候"],
  [/^(\d+) chat lines every (\d+) s at most/, "聊天太頻繁：每 $2 秒最多 $1 句", "聊天太频繁：每 $2 秒最多 $1 句"],
  [/^(.+) already has (\d+) open tables?: a (guest|player) may open (\d+) at most$/,
    "你已開了 $2 張牌桌：最多 $4 張", "你已开了 $2 张牌桌：最多 $4 张"],
  [/^the room is busy/, "房間正忙：請稍後再試", "房间正忙：请稍后再试"],
];

function refusal(text, game) {
  for (const [pattern, hant, hans, en, amounts] of REFUSALS) {
    const found = pattern.exec(text);
    if (!found) continue;
    const template = { "zh-Hant": hant, "zh-Hans": hans }[ui.lang] || en;
    if (!template) return text;
    return template.replace(/\$(\d)/g, (_all, n) => {
      const value = found[Number(n)] ?? "";
      const amount = game && amounts && amounts.includes(Number(n)) && /^\d+$/.test(value);
      return amount ? money(Number(value), game) : value;
    });
  }
  return text;
}

const ui = {
  lang: pickLanguage(),
  token: localStorage.getItem("stud.token"),
  account: null,
  tables: [],
  board: null,
  socket: null,
  nextId: 1,
  tableId: null,
  state: null,
  answered: new Set(),
  games: {}, // GET /api/games by game: presets, money unit, seats, buy-ins
  handEvents: [], // the events of the hand shown, as the server sent them
  played: [], // the sounds played, by kind (tests read it)
  soundedTurn: null,
  pre: null, // a pre-action chosen: { kind, hand, amount to call when chosen }
  confirmFold: null, // the decision whose fold waits for a confirmation (R2.8)
  eventsHand: null,
  acting: null, // the act message waiting for its answer: { id, seq }
  refusal: null, // why the last answer was refused: { seq, text }
  turnAt: 0,
  stateAt: 0,
  retry: 0,
  pendingSit: null,
};

function $(id) { return document.getElementById(id); }

function pickLanguage() {
  const saved = localStorage.getItem("stud.lang");
  if (LANGS.includes(saved)) return saved;
  for (const wanted of navigator.languages || [navigator.language || "en"]) {
    const low = String(wanted).toLowerCase();
    if (low.startsWith("zh")) {
      return /hans|cn|sg/.test(low) ? "zh-Hans" : "zh-Hant";
    }
    if (low.startsWith("en")) return "en";
  }
  return "en";
}

function t(key, values) {
  const table = WORDS[ui.lang] || WORDS.en;
  let text = key in table ? table[key] : (WORDS.en[key] ?? key);
  for (const [name, value] of Object.entries(values || {})) {
    text = text.replace(`{${name}}`, value);
  }
  return text;
}

/* How a game writes money: the server says (GameSpec.money_unit, R1.4), in the table's
   state, each lobby entry and GET /api/games — 100 chips a unit for the seven-card
   games (cents: 1240 is 12.40), 1 for Show Hand (chips). */
function unitOf(game) {
  const g = game || (ui.state && ui.state.game);
  if (ui.state && ui.state.game === g && ui.state.money_unit) return ui.state.money_unit;
  if (ui.games[g]) return ui.games[g].money_unit;
  const table = ui.tables.find((x) => x.game === g && x.money_unit);
  return table ? table.money_unit : 100;
}

function money(amount, game) {
  const unit = unitOf(game);
  if (unit === 1) return String(amount);
  return (amount / unit).toFixed(2);
}

/* A table's stakes in words: the limits, the ante and the bring-in (R2.1), or Show
   Hand's ante and minimum bet (R6.4). */
function stakesText(stakes, game) {
  if (!stakes) return "";
  if (game === "show_hand") {
    return `${t("ante")} ${money(stakes.ante, game)} · ${t("min_bet_words", { amount: money(stakes.min_bet, game) })}`;
  }
  return `${money(stakes.small_bet, game)}/${money(stakes.big_bet, game)} · ${t("ante")} ${money(stakes.ante, game)}` +
    ` · ${t("bring_in_words", { amount: money(stakes.bring_in, game) })}`;
}

/* Who sits at a table: people and computer players apart (practice, R7.1). */
function seatedText(table) {
  const people = table.humans ?? table.seated;
  const bots = table.seated - people;
  return bots > 0
    ? t("seated_bots", { people, bots, seats: table.seats })
    : `${people}/${table.seats}`;
}

function status(text, isError) {
  const box = $("status");
  box.textContent = text || "";
  box.hidden = !text;
  box.classList.toggle("error", Boolean(isError));
}

/* ---- translation of the static page ---- */
function translatePage() {
  document.documentElement.lang = ui.lang;
  $("lang").value = ui.lang;
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  for (const el of document.querySelectorAll("[data-tp]")) el.placeholder = t(el.dataset.tp);
  for (const el of document.querySelectorAll("[data-ta]")) el.setAttribute("aria-label", t(el.dataset.ta));
  for (const el of document.querySelectorAll("[data-tt]")) el.title = t(el.dataset.tt);
  document.title = t("title");
  fillChoices();
  renderLobby();
  if (!$("buy-in-box").hidden) renderBuyIn();
  renderTable();
  if (!$("last-box").hidden) showLastHand(Number($("last-box").dataset.hand));
  if (!$("top-up-box").hidden) askTopUp();
  if (!$("standings-box").hidden && ui.standings) showStandings(ui.standings);
}

/* ---- REST ---- */
async function post(path, body) {
  const answer = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) {
    let detail = data.detail;
    if (Array.isArray(detail)) detail = detail.map((d) => d.msg).join("; ");
    throw new Error(refusal(detail || answer.statusText));
  }
  return data;
}

async function logIn(path, body) {
  try {
    const session = await post(path, body);
    ui.token = session.token;
    ui.account = session.account;
    localStorage.setItem("stud.token", ui.token);
    status("");
    connect();
  } catch (error) {
    status(error.message, true);
  }
}

/* ---- the WebSocket ---- */
function connect() {
  if (ui.socket) {
    ui.socket.onclose = null;
    ui.socket.close();
  }
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const url = `${scheme}://${location.host}/ws?lang=${encodeURIComponent(ui.lang)}`;
  // The session token goes in the subprotocol header, never in the URL (logs keep URLs).
  const protocols = ui.token ? ["studpoker", `bearer.${ui.token}`] : ["studpoker"];
  const socket = new WebSocket(url, protocols);
  ui.socket = socket;
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onopen = () => { ui.retry = 0; };
  socket.onclose = () => {
    if (ui.socket !== socket) return;
    status(t("disconnected"), true);
    ui.retry = Math.min(ui.retry + 1, 5);
    setTimeout(connect, 500 * ui.retry);
  };
}

function send(message) {
  if (!ui.socket || ui.socket.readyState !== WebSocket.OPEN) return null;
  const id = ui.nextId++;
  ui.socket.send(JSON.stringify({ ...message, id }));
  return id;
}

function receive(message) {
  switch (message.type) {
    case "welcome":
      ui.account = message.account;
      if (!ui.account && ui.token) {
        ui.token = null;
        localStorage.removeItem("stud.token");
      }
      status("");
      renderAccount();
      if (ui.tableId) send({ type: "watch", table: ui.tableId });
      else reclaimSeat();
      break;
    case "lobby":
      ui.tables = message.tables;
      renderLobby();
      if (ui.balanceStale && !ui.tableId) {
        ui.balanceStale = false;
        refreshBalance();
      }
      break;
    case "table":
      if (message.table !== ui.tableId) break;
      ui.state = message.state;
      ui.stateAt = performance.now();
      if (message.change === "state") $("log").textContent = "";
      if (message.change === "state" || message.state.hand_number !== ui.eventsHand) {
        ui.handEvents = [];
        ui.eventsHand = message.state.hand_number;
      }
      ui.handEvents.push(...(message.events || []));
      if (message.change !== "state") soundsOf(message);
      if (message.result && message.state.mode === "chips") refreshBalance();
      if (message.change === "competition_ended" && message.standings) showStandings(message.standings);
      addLines(message.lines || []);
      if (message.state.turn) ui.turnAt = performance.now();
      renderTable();
      break;
    case "chat":
      if (message.table === ui.tableId) addChat(message.name, message.text);
      break;
    case "ok":
      refreshBalance();
      if (ui.pendingSit && message.id === ui.pendingSit.id) {
        const table = ui.pendingSit.table;
        ui.pendingSit = null;
        status("");
        openTable(table);
      }
      break;
    case "logged_out":
      /* The session ended (another tab logged out, or it expired): back to the lobby,
         where one logs in again; the seat, if any, waits for its player (reclaimSeat). */
      ui.account = null;
      ui.token = null;
      localStorage.removeItem("stud.token");
      if (ui.state) ui.state.viewer = null;
      if (ui.tableId) leaveTable();
      renderAccount();
      status(t("logged_out"), true);
      break;
    case "error": {
      if (ui.acting && message.id === ui.acting.id) {
        /* A refused action: the decision is still ours, the buttons stay, and the
           reason is shown beside them in the page's language. */
        ui.answered.delete(ui.acting.seq);
        ui.refusal = { seq: ui.acting.seq, text: actRefusal(message) };
        ui.acting = null;
        renderActions();
        break;
      }
      let game = ui.state && ui.state.game;
      if (ui.pendingSit && message.id === ui.pendingSit.id) {
        const table = ui.tables.find((x) => x.id === ui.pendingSit.table);
        if (table) game = table.game;
        ui.pendingSit = null;
      }
      if (message.code === "login") status(t("login_first"), true);
      else status(refusal(message.message, game), true);
      break;
    }
    default:
      break;
  }
}

/* After a reload, come back to a seat the account holds (docs/protocol.md, Reconnecting). */
/* GET /api/me: the account now and the seats it holds; null when it cannot be read. */
async function fetchMe() {
  if (!ui.token) return null;
  const answer = await fetch("/api/me", { headers: authHeaders() });
  return answer.ok ? answer.json() : null;
}

async function reclaimSeat() {
  if (!ui.token) return;
  try {
    const me = await fetchMe();
    if (!me) return;
    if (me.seats && me.seats.length && !ui.tableId) {
      openTable(me.seats[0].table);
      send({ type: "watch", table: ui.tableId });
    }
  } catch (_error) {
    /* the lobby is still there */
  }
}

/* ---- lobby ---- */
function renderAccount() {
  const signed = Boolean(ui.account);
  $("login").hidden = signed;
  $("account").hidden = !signed;
  const label = signed
    ? ui.account.name + (ui.account.guest ? ` (${t("guest")})` : "")
    : "";
  $("account-name").textContent = label;
  /* the balance beside the name (not for guests, who play practice only, R7.2): money
     as the seven-card games write it, 10000 chips = 100.00 (R1.4) */
  const balance = signed && !ui.account.guest && Number.isInteger(ui.account.balance)
    ? ` · ${t("balance_words", { amount: money(ui.account.balance, "seven_card_stud") })}`
    : "";
  $("who").textContent = label + balance;
  $("who").title = label + balance;
}

/* The account as the server holds it now: after a buy-in, a top-up, leaving a chips
   table or the end of one of its hands, the balance in the header is read again. */
let balanceSoon = null;
function refreshBalance() {
  if (!ui.token || !ui.account || ui.account.guest || balanceSoon) return;
  balanceSoon = setTimeout(async () => {
    balanceSoon = null;
    try {
      const me = await fetchMe();
      if (me && ui.account && me.id === ui.account.id) {
        ui.account = { ...ui.account, balance: me.balance };
        renderAccount();
      }
    } catch (_error) {
      /* the next change reads it again */
    }
  }, 300);
}

function renderLobby() {
  renderAccount();
  const body = $("table-list");
  body.textContent = "";
  const shown = filteredTables();
  $("no-tables").hidden = shown.length > 0;
  for (const table of shown) {
    const row = document.createElement("tr");
    row.dataset.table = table.id;
    const cells = [
      t(table.game) + (table.name && table.name !== table.id ? ` — ${table.name}` : ""),
      stakesText(table.stakes, table.game),
      t(table.mode) + (table.competition ? ` · ${t("running")}` : "") +
        (table.halted ? ` · ${t("stopped")}` : ""),
      seatedText(table),
      money(table.average_pot || 0, table.game),
    ];
    for (const text of cells) {
      const cell = document.createElement("td");
      cell.textContent = text;
      row.append(cell);
    }
    const cell = document.createElement("td");
    const button = document.createElement("button");
    button.className = "sit";
    button.dataset.table = table.id;
    const canSit = ui.account && !table.halted && (table.mode === "practice" || !ui.account.guest);
    button.textContent = canSit ? t("sit") : t("watch");
    button.addEventListener("click", () => {
      if (canSit && table.mode === "chips" && Array.isArray(table.buy_in)) {
        askBuyIn(table);
        return;
      }
      openTable(table.id);
      if (canSit) send({ type: "sit", table: table.id });
      else send({ type: "watch", table: table.id });
    });
    cell.append(button);
    row.append(cell);
    body.append(row);
  }
  renderBoard();
}

/* A chips table: the buy-in, within the table's range, before sitting (R7.2). */
function buyInScale(game) { return unitOf(game); }

function askBuyIn(table) {
  const [low, high] = table.buy_in;
  const scale = buyInScale(table.game);
  const input = $("buy-in-amount");
  input.min = String(low / scale);
  input.max = String(high / scale);
  input.step = scale === 1 ? "1" : "0.01";
  input.value = String(low / scale);
  $("buy-in").dataset.table = table.id;
  renderBuyIn();
  $("buy-in-box").hidden = false;
  input.focus();
}

function renderBuyIn() {
  const form = $("buy-in");
  const table = ui.tables.find((x) => x.id === form.dataset.table);
  if (!table) { $("buy-in-box").hidden = true; return; }
  const name = t(table.game) + (table.name && table.name !== table.id ? ` — ${table.name}` : "");
  $("buy-in-label").textContent = t("buy_in_range", {
    table: name, min: money(table.buy_in[0], table.game), max: money(table.buy_in[1], table.game),
  });
}

function sitWithBuyIn(event) {
  event.preventDefault();
  const form = $("buy-in");
  const table = ui.tables.find((x) => x.id === form.dataset.table);
  if (!table || !form.reportValidity()) return;
  const [low, high] = table.buy_in;
  const amount = Math.round(Number($("buy-in-amount").value) * buyInScale(table.game));
  if (!(amount >= low && amount <= high)) return;
  const id = send({ type: "sit", table: table.id, buy_in: amount });
  if (id === null) { status(t("disconnected"), true); return; }
  ui.pendingSit = { id, table: table.id };
  $("buy-in-box").hidden = true;
}

/* The game and mode selects: the filters offer "all" first; the labels follow the language. */
function fillChoices() {
  for (const select of document.querySelectorAll("select.games-select, select.modes-select")) {
    const ids = select.classList.contains("games-select") ? GAME_IDS : MODE_IDS;
    const all = select.classList.contains("games-select") ? "all_games" : "all_modes";
    const value = select.value;
    select.textContent = "";
    const values = select.dataset.any ? ["", ...ids] : ids;
    for (const id of values) {
      const option = document.createElement("option");
      option.value = id;
      option.textContent = id ? t(id) : t(all);
      select.append(option);
    }
    if (values.includes(value)) select.value = value;
  }
}

function filteredTables() {
  const game = $("filter-game").value;
  const mode = $("filter-mode").value;
  return ui.tables.filter((table) => (!game || table.game === game) && (!mode || table.mode === mode));
}

/* Quick seat: the practice table of the chosen game, else the first practice table with a free seat. */
function quickSeat() {
  if (!ui.account) { status(t("login_first"), true); return; }
  const game = $("filter-game").value;
  const practice = ui.tables.filter((table) => table.mode === "practice");
  // a practice table's computer players give their seats up: count the people (R7.1)
  const free = (table) => (table.humans ?? table.seated) < Math.min(8, table.seats);
  const table = (game && (practice.find((x) => x.game === game && x.id === `practice-${game}` && free(x)) ||
    practice.find((x) => x.game === game && free(x)))) || practice.find(free);
  if (!table) { status(t("no_free_seat"), true); return; }
  status("");
  openTable(table.id);
  send({ type: "sit", table: table.id });
}

async function createTable(event) {
  event.preventDefault();
  if (!ui.account || !ui.token) { status(t("login_first"), true); return; }
  const game = $("create-game").value;
  const unit = unitOf(game);
  const cents = (id) => Math.round(Number($(id).value) * unit);
  const stakes = game === "show_hand"
    ? { ante: Number($("create-sh-ante").value), min_bet: Number($("create-min-bet").value) }
    : {
      ante: cents("create-ante"), bring_in: cents("create-bring-in"),
      small_bet: cents("create-small-bet"), big_bet: cents("create-big-bet"),
    };
  const body = {
    game,
    mode: $("create-mode").value,
    seats: Number($("create-seats").value),
    clock: Number($("create-clock").value),
    stakes,
    name: $("create-name").value.trim(),
  };
  try {
    const answer = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json", ...authHeaders() }, body: JSON.stringify(body) });
    const data = await answer.json().catch(() => ({}));
    if (!answer.ok) {
      let detail = data.detail;
      if (Array.isArray(detail)) detail = detail.map((d) => d.msg).join("; ");
      throw new Error(refusal(detail || answer.statusText));
    }
    if (!ui.tables.some((table) => table.id === data.id)) ui.tables = [...ui.tables, data];
    status("");
    $("create-name").value = "";
    renderLobby();
  } catch (error) {
    status(error.message, true);
  }
}

/* The create form's stakes: the seven-card games' in dollars, Show Hand's ante and
   minimum bet in chips; a game's preset stakes when it is chosen, as GET /api/games
   gives them (games/spec.py: the page keeps no copy). */
async function loadGames() {
  try {
    const answer = await fetch("/api/games");
    if (!answer.ok) return;
    for (const info of await answer.json()) ui.games[info.game] = info;
    fillStakes();
    renderLobby();
  } catch (_error) {
    /* the form waits for the next load */
  }
}

function fillStakes() {
  const game = $("create-game").value || GAME_IDS[0];
  const info = ui.games[game];
  if (!info) return;
  const stakes = info.stakes;
  const five = game === "show_hand";
  for (const label of document.querySelectorAll("#create .stake")) {
    const mine = label.classList.contains(five ? "five" : "seven");
    label.hidden = !mine;
    label.querySelector("input").disabled = !mine;
  }
  if (five) {
    $("create-sh-ante").value = String(stakes.ante);
    $("create-min-bet").value = String(stakes.min_bet);
  } else {
    $("create-ante").value = money(stakes.ante, game);
    $("create-bring-in").value = money(stakes.bring_in, game);
    $("create-small-bet").value = money(stakes.small_bet, game);
    $("create-big-bet").value = money(stakes.big_bet, game);
  }
}

async function loadBoard() {
  const game = $("board-game").value || GAME_IDS[0];
  try {
    const answer = await fetch(`/api/leaderboard?game=${encodeURIComponent(game)}&limit=20`);
    const data = await answer.json();
    if (!answer.ok) throw new Error(data.detail || answer.statusText);
    if ($("board-game").value === game) ui.board = data;
    renderBoard();
  } catch (error) {
    status(error.message, true);
  }
}

function renderBoard() {
  const body = $("board-list");
  body.textContent = "";
  const rows = ui.board || [];
  $("board-empty").hidden = ui.board === null || rows.length > 0;
  body.closest("table").hidden = rows.length === 0;
  rows.forEach((row, index) => {
    const line = document.createElement("tr");
    const rating = row.provisional ? `${row.rating}? (${t("provisional")})` : String(row.rating);
    for (const text of [String(index + 1), row.name, rating, String(row.games)]) {
      const cell = document.createElement("td");
      cell.textContent = text;
      line.append(cell);
    }
    if (row.provisional) line.classList.add("provisional");
    body.append(line);
  });
}

function openTable(tableId) {
  ui.tableId = tableId;
  ui.state = null;
  ui.answered.clear();
  $("log").textContent = "";
  $("chat-log").textContent = "";
  $("last-box").hidden = true;
  $("standings-box").hidden = true;
  $("lobby").hidden = true;
  $("room").hidden = false;
  renderTable();
}

function leaveTable() {
  if (ui.tableId) {
    if (ui.state && ui.state.viewer !== null && ui.state.viewer !== undefined) {
      send({ type: "stand", table: ui.tableId });
    }
    send({ type: "unwatch", table: ui.tableId });
  }
  ui.tableId = null;
  ui.state = null;
  ui.balanceStale = true; // a chips seat left pays back at the end of its hand
  $("room").hidden = true;
  $("lobby").hidden = false;
  send({ type: "lobby" });
}

/* ---- the table ---- */
function addLines(lines) {
  const log = $("log");
  for (const line of lines) {
    const item = document.createElement("li");
    item.textContent = line;
    log.append(item);
  }
  while (log.children.length > 200) log.firstChild.remove();
  log.scrollTop = log.scrollHeight;
}

/* A card: its rank over its suit in the top-left corner, so that cards overlapped in a
   row still show every rank and suit; a big suit in the middle where there is room. */
function cardElement(card, down) {
  const el = document.createElement("span");
  el.className = "card" + (down ? " down" : "");
  if (card === null || card === undefined) {
    el.classList.add("back");
    el.setAttribute("aria-label", t("hidden_card"));
    return el;
  }
  const rank = card[0] === "T" ? "10" : card[0];
  const suit = card[1];
  const corner = document.createElement("span");
  corner.className = "idx";
  const r = document.createElement("span");
  r.className = "r";
  r.textContent = rank;
  const u = document.createElement("span");
  u.className = "u";
  u.textContent = SUITS[suit];
  corner.append(r, u);
  const pip = document.createElement("span");
  pip.className = "pip";
  pip.textContent = SUITS[suit];
  pip.setAttribute("aria-hidden", "true");
  el.append(corner, pip);
  if (rank === "10") el.classList.add("ten");
  el.classList.add(`suit-${suit}`);
  el.title = card;
  el.setAttribute("aria-label", cardName(card));
  return el;
}

/* A card as a screen reader says it, in the page's language: "king of hearts", "紅心 K". */
function cardName(card) {
  const suits = t("suits").split(",");
  const suit = suits["shdc".indexOf(card[1])] || card[1];
  const ranks = Object.fromEntries(t("ranks").split(",").map((pair) => pair.split(":")));
  const rank = ranks[card[0]] || card[0];
  return t("card_name", { rank, suit });
}

/* What each seat won in this hand, from its PotAwarded events (R5.5: both halves). */
function winnings() {
  const won = new Map();
  for (const event of ui.handEvents || []) {
    if (event.type === "PotAwarded") won.set(event.seat, (won.get(event.seat) || 0) + event.amount);
  }
  return won;
}

function renderTable() {
  if (!ui.tableId) return;
  const s = ui.state;
  const felt = $("felt");
  for (const old of felt.querySelectorAll(".seat")) old.remove();
  $("actions").textContent = "";
  renderControls();
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
  $("table-title").textContent = t(s.game) + (s.name ? ` — ${s.name}` : "");
  /* 002: practice mode has no showhand; the table says so, not only the rule book */
  const note = $("table-note");
  note.hidden = !(s.game === "show_hand" && s.mode === "practice");
  note.textContent = note.hidden ? "" : t("no_showhand_practice");
  $("table-stakes").textContent = stakesText(s.stakes, s.game) +
    (s.hand_number ? ` · ${t("hand", { n: s.hand_number })}` : "");
  const hand = s.hand;
  const players = {};
  if (hand) for (const p of hand.players) players[p.seat] = p;
  renderPots(s);
  const turn = s.turn;
  let streetText = hand && !hand.is_over ? word(`street_${hand.street_name}`) : t("between");
  $("keys").textContent = word("keys");
  if (!hand && s.mode === "competition" && !s.competition) streetText = "";
  if (turn && s.seats[turn.seat]) {
    const mine = turn.seat === s.viewer;
    streetText += " · " + (mine ? t("your_turn") : t("waiting", { name: s.seats[turn.seat].name }));
  }
  if (s.halted) streetText = t("halted");
  $("street").textContent = streetText;
  renderClock();
  renderCompetition();

  const count = s.seats.length;
  const bottom = s.viewer === null || s.viewer === undefined ? 0 : s.viewer;
  const narrow = felt.clientWidth < 500;
  const rx = narrow ? 37 : 44;
  const ry = narrow ? 43 : 42;
  for (let i = 0; i < count; i++) {
    const seat = s.seats[i];
    const el = document.createElement("div");
    el.className = "seat";
    el.dataset.seat = String(i);
    /* one's own seat at the bottom; the others clockwise around the oval */
    const angle = Math.PI / 2 + (2 * Math.PI * ((i - bottom + count) % count)) / count;
    el.style.left = `${50 + rx * Math.cos(angle)}%`;
    el.style.top = `${50 + ry * Math.sin(angle)}%`;
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
    name.textContent = seat.name;
    const chips = document.createElement("div");
    chips.className = "stack";
    chips.textContent = money(player ? player.stack : seat.chips, s.game) +
      (seat.top_up ? ` (+${money(seat.top_up, s.game)})` : "") +
      (player && player.all_in ? ` · ${word("all_in")}` : "") +
      (player && player.folded ? ` · ${word("folded")}` : "");
    el.append(name, chips);
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
        prize.textContent = t("wins", { amount: money(won, s.game) });
        el.append(prize);
      }
      if (player.bet) {
        const bet = document.createElement("div");
        bet.className = "bet";
        bet.textContent = money(player.bet, s.game);
        el.append(bet);
      }
    }
    felt.append(el);
  }
  movePots(s);
  renderActions();
}

/* Once a hand's pots are awarded, a stack of chips goes from the middle of the table to
   each seat that won some (R5.5), once a hand. */
function movePots(s) {
  const hand = s.hand;
  if (!hand || !hand.is_over || ui.movedHand === s.hand_number) return;
  const won = winnings();
  if (!won.size) return;
  ui.movedHand = s.hand_number;
  const felt = $("felt");
  for (const [seat, amount] of won) {
    const target = felt.querySelector(`.seat[data-seat="${seat}"]`);
    if (!target) continue;
    const chip = document.createElement("div");
    chip.className = "pot-move";
    chip.textContent = money(amount, s.game);
    chip.setAttribute("aria-hidden", "true");
    felt.append(chip);
    const motion = chip.animate(
      [{ left: "50%", top: "44%", opacity: 1 }, { left: target.style.left, top: target.style.top, opacity: 0.2 }],
      { duration: 700, easing: "ease-in", fill: "forwards" },
    );
    motion.onfinish = () => chip.remove();
  }
}

/* The pot, and the side pots apart when there are more; Show Hand's rollover (R6). */
function renderPots(s) {
  const hand = s.hand;
  const pots = hand && Array.isArray(hand.pots) ? hand.pots.filter((p) => p.amount > 0) : [];
  if (pots.length > 1) {
    $("pot").textContent = money(pots[0].amount, s.game);
    $("side-pots").textContent = pots.slice(1)
      .map((p) => ` · ${t("side_pot")} ${money(p.amount, s.game)}`).join("");
  } else {
    $("pot").textContent = money(hand ? hand.pot_total : (s.rollover || 0), s.game);
    $("side-pots").textContent = "";
  }
  const carried = hand && hand.carry_in > 0 ? hand.carry_in : (s.rollover || 0);
  const box = $("rollover");
  box.hidden = !(carried > 0);
  box.textContent = carried > 0 ? `${t("rollover")} ${money(carried, s.game)}` : "";
}

/* Whose turn: the clock's countdown, then the seat's time bank (R8.1). */
function renderClock() {
  const box = $("turn-clock");
  const s = ui.state;
  const turn = s && s.turn;
  const seat = turn && s.seats[turn.seat];
  if (!seat) { box.hidden = true; box.textContent = ""; $("turn-bar").hidden = true; return; }
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
  bar.querySelector(".clock-part").style.width = `${(100 * Math.max(0, clock - gone)) / total}%`;
  bar.querySelector(".bank-part").style.width =
    `${(100 * Math.max(0, Math.min(bank, turn.remaining - Math.max(gone, clock)))) / total}%`;
}

/* ---- options: a four-colour deck, sounds (deal, one's turn, chips) that can be muted ---- */
const options = {
  fourColour: localStorage.getItem("stud.fourColour") === "1",
  sound: localStorage.getItem("stud.sound") !== "off",
};
let audio = null;

function applyOptions() {
  document.body.classList.toggle("four-colour", options.fourColour);
  $("four-colour").setAttribute("aria-pressed", String(options.fourColour));
  $("sound").setAttribute("aria-pressed", String(options.sound));
  $("sound").replaceChildren(speaker(options.sound));
}

/* The sound button's picture: a speaker, with waves when on, crossed out when muted. */
function speaker(on) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", "20");
  svg.setAttribute("height", "20");
  svg.setAttribute("aria-hidden", "true");
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

/* A short tone made on the spot (no sound files): a card dealt, one's turn, chips. */
function playSound(kind) {
  ui.played.push(kind);
  if (!options.sound || !window.AudioContext) return;
  try {
    audio = audio || new AudioContext();
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

/* The sounds a table message brings: cards dealt, chips put in or won, one's own turn. */
function soundsOf(message) {
  const kinds = new Set((message.events || []).map((e) => e.type));
  if (kinds.has("CardDealt")) playSound("deal");
  if (["Bet", "Raise", "Call", "Complete", "BringIn", "PotAwarded", "Showhand"].some((k) => kinds.has(k))) {
    playSound("chips");
  }
  const turn = message.state && message.state.turn;
  if (turn && turn.seat === message.state.viewer && turn.legal_actions.length && turn.seq !== ui.soundedTurn) {
    ui.soundedTurn = turn.seq;
    playSound("turn");
  }
}

/* A competition table: the time left of the competition under way, else how one starts
   (R7.3). */
function renderCompetition() {
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

/* The standings when a competition ends: the winner first, the chips each ended with. */
function showStandings(rows) {
  ui.standings = rows;
  const body = $("standings-list");
  body.textContent = "";
  for (const row of rows) {
    const line = document.createElement("tr");
    const cells = [String(row.place), row.name, money(row.chips), row.busted ? t("out") : ""];
    for (const text of cells) {
      const cell = document.createElement("td");
      cell.textContent = text;
      line.append(cell);
    }
    body.append(line);
  }
  $("standings-box").hidden = false;
}

/* sit out / sit in, the last hand, the hand history: what one's seat may use */
function renderControls() {
  const s = ui.state;
  const seated = Boolean(s && s.viewer !== null && s.viewer !== undefined && s.seats[s.viewer]);
  const out = seated && s.seats[s.viewer].sitting_out;
  $("sit-out").hidden = !seated;
  $("sit-out").textContent = out ? t("sit_in") : t("sit_out");
  $("sit-out").dataset.out = out ? "1" : "";
  $("top-up").hidden = !(seated && s.mode === "chips");
  const start = $("start-competition");
  start.hidden = !(seated && s.mode === "competition" && !s.competition);
  start.disabled = !s || s.seats.filter(Boolean).length < 2;
  if ($("top-up").hidden) $("top-up-box").hidden = true;
  $("last-hand").disabled = !(s && s.last_hand_number);
  $("history").hidden = !ui.token;
}

/* A chips table: more chips from the balance, up to the table's maximum stack; they
   count from the next hand (R7.2). */
function topUpRoom() {
  const s = ui.state;
  const table = ui.tables.find((x) => x.id === ui.tableId);
  if (!s || !table || !Array.isArray(table.buy_in)) return null;
  const seat = s.seats[s.viewer];
  if (!seat) return null;
  return Math.max(0, table.buy_in[1] - seat.chips - (seat.top_up || 0));
}

function askTopUp() {
  const room = topUpRoom();
  if (room === null) return;
  const box = $("top-up-box");
  if (room <= 0) { box.hidden = true; status(t("top_up_full"), true); return; }
  const game = ui.state.game;
  const scale = buyInScale(game);
  const input = $("top-up-amount");
  const step = scale === 1 ? 1 : 0.01;
  input.min = String(step);
  input.max = String(room / scale);
  input.step = String(step);
  if (box.hidden) input.value = String(room / scale);
  $("top-up-label").textContent = t("top_up_range", { min: money(1, game), max: money(room, game) });
  box.hidden = false;
  /* the box comes into view below the buttons, which stay in view above it */
  input.focus({ preventScroll: true });
  const bottom = box.getBoundingClientRect().bottom;
  if (bottom > window.innerHeight - 4) window.scrollBy(0, Math.ceil(bottom - window.innerHeight + 8));
}

function topUp(event) {
  event.preventDefault();
  const room = topUpRoom();
  if (room === null || !$("top-up-box").reportValidity()) return;
  const amount = Math.round(Number($("top-up-amount").value) * buyInScale(ui.state.game));
  if (!(amount >= 1 && amount <= room)) return;
  send({ type: "top_up", table: ui.tableId, amount });
  $("top-up-box").hidden = true;
}

function addChat(name, text) {
  const log = $("chat-log");
  const item = document.createElement("li");
  const who = document.createElement("b");
  who.textContent = `${name}: `;
  item.append(who, document.createTextNode(text));
  log.append(item);
  while (log.children.length > 100) log.firstChild.remove();
  log.scrollTop = log.scrollHeight;
}

function authHeaders() {
  return ui.token ? { Authorization: `Bearer ${ui.token}` } : {};
}

async function downloadHistory(event) {
  event.preventDefault();
  if (!ui.token) { status(t("login_first"), true); return; }
  try {
    const answer = await fetch("/api/hands", { headers: authHeaders() });
    if (!answer.ok) throw new Error(answer.statusText);
    const blob = await answer.blob();
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = "studpoker-hands.txt";
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  } catch (error) {
    status(error.message, true);
  }
}

/* The "last hand" window: the dealer's lines of the last finished hand as one's seat
   saw it, in the page's language (R5.7, R5.8). */
async function showLastHand(shown) {
  const s = ui.state;
  const number = shown || (s && s.last_hand_number);
  if (!number) { status(t("no_last_hand"), true); return; }
  const path = `/api/tables/${encodeURIComponent(ui.tableId)}/hands/${number}` +
    `?lang=${encodeURIComponent(ui.lang)}`;
  try {
    const answer = await fetch(path, { headers: authHeaders() });
    const data = await answer.json();
    if (!answer.ok) throw new Error(refusal(data.detail || answer.statusText));
    $("last-title").textContent = `${t("last_hand")} · ${t("hand", { n: number })}`;
    $("last-box").dataset.hand = String(number);
    const list = $("last-lines");
    list.textContent = "";
    for (const line of data.lines) {
      const item = document.createElement("li");
      item.textContent = line;
      list.append(item);
    }
    /* the hands shown, as cards (R5.8: never a mucked one, which the server leaves out) */
    const shows = $("last-shows");
    shows.textContent = "";
    for (const event of data.events || []) {
      if (event.type !== "Show") continue;
      const row = document.createElement("div");
      row.className = "last-show";
      const who = document.createElement("span");
      who.className = "name";
      who.textContent = data.names[data.seats.indexOf(event.seat)] ?? `#${event.seat + 1}`;
      const cards = document.createElement("span");
      cards.className = "cards";
      for (const card of event.cards) cards.append(cardElement(card, false));
      row.append(who, cards);
      shows.append(row);
    }
    $("last-box").hidden = false;
  } catch (error) {
    status(error.message, true);
  }
}

/* Show Hand's own words (002), the same on the buttons, the key hints, the seats, the
   table's centre and in the dealer's lines (R4.5: one word for one thing a screen). */
const SHOW_HAND_WORDS = {
  en: { keys: "Keys: f fold, c check/call, r bet/raise, s show hand" },
  "zh-Hant": {
    fold: "放棄", check: "讓牌", all_in: "晒冷", folded: "已放棄",
    street_second: "第二張", street_third: "第三張", street_fourth: "第四張", street_fifth: "第五張",
    keys: "快捷鍵：f 放棄，c 讓牌／跟注，r 下注／加注，s 晒冷",
  },
  "zh-Hans": {
    all_in: "梭哈",
    street_second: "第二张", street_third: "第三张", street_fourth: "第四张", street_fifth: "第五张",
    keys: "快捷键：f 弃牌，c 过牌／跟注，r 下注／加注，s 梭哈",
  },
};

/* A word of the table's game: Show Hand's own where it has one. */
function word(key, values) {
  const words = ui.state && ui.state.game === "show_hand" ? SHOW_HAND_WORDS[ui.lang] : null;
  return words && words[key] ? words[key] : t(key, values);
}

function actionLabel(kind) {
  return word(kind);
}

function actionText(option, amount) {
  const label = actionLabel(option.kind);
  if (["fold", "check", "show", "muck"].includes(option.kind)) return label;
  if (option.kind === "bring_in" || option.kind === "call" || option.kind === "showhand") {
    return option.minimum ? `${label} ${money(option.minimum)}` : label;
  }
  return `${label} ${money(amount ?? option.minimum)}`;
}

/* An action's refusal in the page's language, from its code and parameters
   (docs/protocol.md): never from the server's English sentence. */
function actRefusal(message) {
  const params = message.params || {};
  const legal = params.legal_actions || [];
  const allowed = legal.map((option) => {
    if (option.choices && option.choices.length > 1) {
      return option.choices.map((amount) => actionText(option, amount)).join(` ${t("or")} `);
    }
    if (["bet", "raise", "complete"].includes(option.kind) && option.maximum > option.minimum) {
      return `${actionLabel(option.kind)} ${money(option.minimum)}–${money(option.maximum)}`;
    }
    return actionText(option);
  }).join(t("list_sep"));
  if (message.code === "illegal_action") {
    const reason = params.reason;
    if (reason === "amount") return t("r_amount", { rule: params.rule || "", allowed });
    const known = ["bring_in_first", "facing_bet", "nothing_to_call", "capped", "after_showhand",
      "no_showhand", "opener_must_bet"];
    if (known.includes(reason)) return t(`r_${reason}`);
    return t("r_illegal", { allowed });
  }
  if (["not_your_turn", "stale_decision", "no_turn", "not_seated"].includes(message.code)) {
    return t(`r_${message.code}`);
  }
  return refusal(message.message);
}

/* The buttons of one's decision: each fixed-limit amount a button of its own (R2.6,
   R2.7: "Bet 2.00" and "Bet 4.00" on fourth street with an open pair); an amount box
   only where the rules allow a range (Show Hand, R6.4-R6.5). */
function renderActions() {
  const box = $("actions");
  box.textContent = "";
  const s = ui.state;
  if (!s) return;
  const mine = s.turn && s.turn.seat === s.viewer && s.turn.legal_actions.length;
  if (!mine) {
    renderPreActions(box, s);
    return;
  }
  if (ui.answered.has(s.turn.seq)) return;
  if (ui.pre && playPreAction(s)) return;
  if (ui.confirmFold === s.turn.seq) {
    renderFoldConfirm(box, s);
    return;
  }
  /* fold first and apart, then check or call, then the bets */
  const options = [...s.turn.legal_actions].sort((a, b) => (b.kind === "fold") - (a.kind === "fold"));
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
    let input = null;
    if (sized) {
      input = document.createElement("input");
      input.type = "number";
      input.className = "amount";
      const scale = unitOf(s.game);
      input.min = String(option.minimum / scale);
      input.max = String(option.maximum / scale);
      input.step = scale === 1 ? "1" : "0.01";
      input.value = String(option.minimum / scale);
      input.setAttribute("aria-label", actionLabel(option.kind));
      input.addEventListener("input", () => {
        button.textContent = `${actionLabel(option.kind)} ${input.value}`;
        if (slider) slider.value = input.value;
      });
      group.append(input);
      /* Show Hand: a slider and presets beside the box (R6.4, R6.5): the least bet,
         half the pot, the pot, the most the table allows */
      let slider = null;
      if (s.game === "show_hand") {
        slider = document.createElement("input");
        slider.type = "range";
        slider.className = "amount-slider";
        slider.min = input.min;
        slider.max = input.max;
        slider.step = "1";
        slider.value = input.value;
        slider.setAttribute("aria-label", actionLabel(option.kind));
        const set = (amount) => {
          const value = Math.min(option.maximum, Math.max(option.minimum, Math.round(amount)));
          input.value = String(value);
          slider.value = String(value);
          button.textContent = `${actionLabel(option.kind)} ${value}`;
        };
        slider.addEventListener("input", () => set(Number(slider.value)));
        const presets = document.createElement("span");
        presets.className = "presets";
        const pot = (s.hand && s.hand.pot_total) || 0;
        const bets = Math.max(0, ...((s.hand && s.hand.players) || []).map((p) => p.bet || 0));
        for (const [key, amount] of [
          ["preset_min", option.minimum], ["preset_half", bets + Math.floor(pot / 2)],
          ["preset_pot", bets + pot], ["preset_max", option.maximum],
        ]) {
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
    const checkFree = s.turn.legal_actions.some((o) => o.kind === "check");
    if (option.kind === "fold" && checkFree) {
      button.addEventListener("click", () => { ui.confirmFold = s.turn.seq; renderActions(); });
    } else {
      button.addEventListener("click", () => act(option, input));
    }
    group.prepend(button);
    box.append(group);
  }
  /* one's turn begins: on a small screen the page scrolls so that every button is in view
     (one's own seat sits just above them) */
  if (ui.shownTurn !== s.turn.seq) {
    ui.shownTurn = s.turn.seq;
    const bottom = box.getBoundingClientRect().bottom;
    if (bottom > window.innerHeight - 8) window.scrollBy(0, Math.ceil(bottom - window.innerHeight + 12));
  }
  if (ui.refusal && ui.refusal.seq === s.turn.seq) {
    const reason = document.createElement("div");
    reason.className = "act-refusal";
    reason.id = "act-refusal";
    reason.setAttribute("role", "alert");
    reason.textContent = ui.refusal.text;
    box.prepend(reason);  // above the buttons, and brought into view
    reason.scrollIntoView({ block: "nearest" });
  }
}

/* What the viewer must put in to stay in the hand now (the bet in front of it). */
function toCall(s) {
  const hand = s.hand;
  if (!hand || !Array.isArray(hand.players)) return null;
  const me = hand.players.find((p) => p.seat === s.viewer);
  if (!me || me.folded || me.all_in || hand.is_over) return null;
  const level = Math.max(0, ...hand.players.map((p) => p.bet || 0));
  return { amount: level - (me.bet || 0), hand: s.hand_number };
}

/* Pre-actions, as online rooms have them: chosen while others act, played at once when
   the viewer's decision comes, cleared when the bet in front changes. */
function renderPreActions(box, s) {
  const call = toCall(s);
  if (!call) {
    ui.pre = null;
    return;
  }
  if (ui.pre && (ui.pre.hand !== call.hand || ui.pre.amount !== call.amount)) ui.pre = null;
  const kinds = call.amount > 0 ? ["fold", "call_any"] : ["check_fold", "check", "call_any"];
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

/* The viewer's decision has come with a pre-action chosen: play it if it still fits,
   and say whether it was played. */
function playPreAction(s) {
  const pre = ui.pre;
  ui.pre = null;
  const legal = new Map(s.turn.legal_actions.map((option) => [option.kind, option]));
  const order = {
    fold: ["fold"], check_fold: ["check", "fold"], check: ["check"], call_any: ["call", "check"],
  }[pre.kind] || [];
  const kind = order.find((k) => legal.has(k));
  if (!kind || pre.hand !== s.hand_number) return false;
  act(legal.get(kind), null);
  return true;
}

/* R2.8: folding where checking is free asks first. */
function renderFoldConfirm(box, s) {
  const legal = new Map(s.turn.legal_actions.map((option) => [option.kind, option]));
  const ask = document.createElement("div");
  ask.className = "act-refusal";
  ask.id = "fold-confirm";
  ask.textContent = t("fold_free");
  const check = actButton(legal.get("check"), actionText(legal.get("check")));
  check.addEventListener("click", () => { ui.confirmFold = null; act(legal.get("check"), null); });
  const fold = actButton(legal.get("fold"), t("fold_anyway"));
  fold.addEventListener("click", () => { ui.confirmFold = null; act(legal.get("fold"), null); });
  box.append(ask, check, fold);
}

function actButton(option, text) {
  const button = document.createElement("button");
  button.className = "act";
  button.dataset.kind = option.kind;
  button.textContent = text;
  return button;
}

/* Send one's answer; the amount typed is sent as typed (in chips), so that the rules,
   not the page, say whether it is allowed. */
function act(option, input, chosen) {
  const s = ui.state;
  if (!s || !s.turn) return;
  let action = option.kind;
  if (["bet", "raise", "complete"].includes(option.kind)) {
    let amount = chosen ?? option.minimum;
    if (input) {
      const scale = unitOf(s.game);
      amount = Math.round(Number(input.value) * scale);
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

function onKey(event) {
  if (event.target.closest && event.target.closest("input, select, textarea")) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const kinds = KEYS[event.key.toLowerCase()];
  if (!kinds) return;
  for (const kind of kinds) {
    const button = document.querySelector(`#actions button[data-kind="${kind}"]`);
    if (button) {
      event.preventDefault();
      button.click();
      return;
    }
  }
}

/* ---- start ---- */
function start() {
  loadGames();
  $("lang").addEventListener("change", (event) => {
    ui.lang = event.target.value;
    localStorage.setItem("stud.lang", ui.lang);
    send({ type: "language", lang: ui.lang });
    translatePage();
  });
  $("guest").addEventListener("click", () => logIn("/api/guests"));
  const credentials = () => ({ name: $("name").value, password: $("password").value });
  $("auth").addEventListener("submit", (event) => {
    event.preventDefault();
    logIn("/api/sessions", credentials());
  });
  $("do-register").addEventListener("click", () => {
    if ($("auth").reportValidity()) logIn("/api/accounts", credentials());
  });
  $("logout").addEventListener("click", async () => {
    if (ui.token) {
      await fetch("/api/sessions", { method: "DELETE", headers: { Authorization: `Bearer ${ui.token}` } })
        .catch(() => null);
    }
    ui.token = null;
    ui.account = null;
    localStorage.removeItem("stud.token");
    leaveTable();
    connect();
  });
  $("leave").addEventListener("click", leaveTable);
  $("filter-game").addEventListener("change", () => {
    if ($("filter-game").value) {
      $("create-game").value = $("filter-game").value;
      fillStakes();
      $("board-game").value = $("filter-game").value;
      loadBoard();
    }
    renderLobby();
  });
  $("filter-mode").addEventListener("change", renderLobby);
  $("quick-seat").addEventListener("click", quickSeat);
  $("create").addEventListener("submit", createTable);
  $("board-game").addEventListener("change", () => { ui.board = null; renderBoard(); loadBoard(); });
  $("sit-out").addEventListener("click", () => {
    if (!ui.tableId) return;
    send({ type: $("sit-out").dataset.out ? "sit_in" : "sit_out", table: ui.tableId });
  });
  $("history").addEventListener("click", downloadHistory);
  $("last-hand").addEventListener("click", () => showLastHand());
  $("top-up").addEventListener("click", askTopUp);
  $("start-competition").addEventListener("click", () => {
    if (ui.tableId) send({ type: "start_competition", table: ui.tableId });
  });
  $("standings-close").addEventListener("click", () => { $("standings-box").hidden = true; });
  $("top-up-box").addEventListener("submit", topUp);
  $("top-up-cancel").addEventListener("click", () => { $("top-up-box").hidden = true; });
  $("create-game").addEventListener("change", fillStakes);
  $("last-close").addEventListener("click", () => { $("last-box").hidden = true; });
  $("chat").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("chat-text").value.trim();
    if (!text || !ui.tableId) return;
    send({ type: "chat", table: ui.tableId, text: text.slice(0, 300) });
    $("chat-text").value = "";
  });
  document.addEventListener("keydown", onKey);
  setInterval(() => { if (ui.tableId && ui.state) { renderClock(); renderCompetition(); } }, 500);
  applyOptions();
  $("four-colour").addEventListener("click", () => {
    options.fourColour = !options.fourColour;
    localStorage.setItem("stud.fourColour", options.fourColour ? "1" : "0");
    applyOptions();
  });
  $("sound").addEventListener("click", () => {
    options.sound = !options.sound;
    localStorage.setItem("stud.sound", options.sound ? "on" : "off");
    applyOptions();
  });
  $("buy-in").addEventListener("submit", sitWithBuyIn);
  $("buy-in-cancel").addEventListener("click", () => { $("buy-in-box").hidden = true; });
  translatePage();
  fillStakes();
  loadBoard();
  connect();
}

start();
