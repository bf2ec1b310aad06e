// @ts-check
/* The page's words in each language (t), Show Hand's own (word), and the server's
   refusals said again in the page's language (refusal). */

import { ui } from "./state.js";
import { money } from "./money.js";
import { refusalText } from "./refusals.js";

/** @typedef {import("./state.js").Lang} Lang */
/** @typedef {import("./money.js").Game} Game */

/** @type {Record<Lang, Object<string, string>>} */
const WORDS = {
  en: {
    title: "Stud poker", language: "Language", play_guest: "Play as guest",
    name: "Name", password: "Password", login: "Log in", register: "Register",
    logout: "Log out", tables: "Tables", game: "Game", stakes: "Stakes", mode: "Mode",
    players: "Players", sit: "Sit", watch: "Watch", leave: "Leave", pot: "Pot",
    keys: "Keys: f fold, c check/call, r bet/raise/complete, b bring-in",
    practice: "Practice", chips: "Chips", competition: "Competition", tournament: "Tournament",
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
    show_hand: "Show Hand", five_card_stud: "Five Card Stud",
    open_pair_double: "Open pair may bet big",
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
    side_pot: "Side pot", main_pot: "Main pot", half_high: "high", half_low: "low", rollover: "Rollover", turn_clock: "Clock {n}s", time_bank: "Time bank {n}s",
    buy_in: "Buy-in", buy_in_range: "Buy-in for {table} ({min}–{max})", cancel: "Cancel",
    level: "Computer players", level_easy: "Easy", level_normal: "Normal", level_hard: "Hard", level_expert: "Expert",
    study: "Study", s_file: "Hand history file", s_import: "Import", s_importing: "Importing {name}…",
    s_imported: "{added} hands imported, {duplicates} already there, {other} of other games, {errors} unreadable",
    s_stakes: "Stakes", s_all_stakes: "All stakes", s_since: "From", s_until: "To", s_table_size: "Table size",
    s_all_sizes: "All sizes", s_heads_up: "Heads-up", s_max: "{n}-max",
    s_player: "Player", s_mine: "my imported hands too", s_show: "Statistics", s_stat: "Statistic", s_sample: "Sample",
    s_my_hands: "My imported hands", s_no_hands: "No hands imported yet", s_replay: "Replay",
    s_previous: "Previous street", s_next: "Next street", s_dead: "Dead cards", community_card: "Community card", s_equity_chart: "Equity by street",
    s_no_player_hands: "No hands of {name} here", s_results: "{name}: {hands} hands, {bb} big bets per 100 hands (95%: {low} to {high})",
    s_round: "Betting round {n}", s_bet_on: "{street}: bet", s_raise_on: "{street}: raise",
    s_vpip: "Voluntarily put chips in (VPIP)", s_complete: "Third street: complete", s_raise3: "Third street: raise a completion",
    s_bi_fold: "Bring-in folds to a completion", s_bi_call: "Bring-in calls a completion", s_bi_raise: "Bring-in raises a completion",
    s_steal: "Steal (every up card behind lower)", s_steal_fold: "Folds to a steal", s_pair4_bet: "Fourth street bet with an open pair",
    s_showdown: "Went to showdown", s_won_showdown: "Won money at showdown", s_won_no_showdown: "Won without showdown",
    s_scoop: "Stud/8: scooped", s_half: "Stud/8: half the pot", s_low_made: "Stud/8: made a low",
    s_sh_made: "Show hand made", s_sh_called: "Show hand called", s_aggression_frequency: "Aggression (fourth street on)", hud: "HUD: opponents' statistics", hud_button: "HUD", hud_line: "VPIP {vpip} · steal {steal} · WTSD {wtsd} · {n} hands", hud_line_one: "VPIP {vpip} · steal {steal} · WTSD {wtsd} · 1 hand", s_winnings: "Winnings in big bets", s_replay_link: "Replay and share", s_total: "Total over {n} hands", s_at_showdown: "At showdown", s_without_showdown: "Without showdown",
    tournaments: "Tournaments", no_tournaments: "No tournaments", t_name: "Tournament",
    t_buy_in: "Buy-in", t_entries: "Entries", t_prize_pool: "Prize pool", t_state: "State",
    t_free: "Free", t_running: "Running", t_registering: "Registering", t_finished: "Finished",
    t_cancelled: "Cancelled", t_break: "Break", t_left: "{n} left", t_details: "Structure and payouts",
    t_my_table: "My table", t_register: "Register", t_unregister: "Unregister",
    t_registered: "Registered for {name}", t_unregistered: "Unregistered from {name}",
    t_minutes: "{n} min", t_hands: "{n} hands", t_hand_one: "1 hand", t_create: "Create tournament", t_kind: "Kind", t_scheduled: "scheduled", t_starts: "Starts", t_late_levels: "Late registration (levels)", t_speed: "Speed", t_turbo: "turbo", t_regular: "regular", t_practice_free: "Practice (free)", t_fee: "Fee", t_created: "Created {name}", t_name_label: "Name", t_chips: "{n} chips", t_level_length: "levels of {length}",
    t_seats: "{n} a table", t_late: "late registration {n} levels", t_reentry: "re-entry",
    t_level: "Level", t_break_of: "Break, {n} min", t_payouts: "Payouts", t_results: "Results",
    t_moved: "You moved to table {table}", t_finished_place: "You finished {place} in {name}",
    t_next_in: "next level in {time}", t_average: "average {n}", t_no_prizes: "none (practice)", t_heads_up: "heads-up", t_max: "{n}-max", t_sit_and_go: "sit-and-go", t_level_title: "Level {n} ({stakes})", triple_stud: "Triple Stud", triple_stud_option: "Triple Stud: Razz and Stud Hi/Lo in turn", mix_now: "{mix}: {game}, {next} after {n} more", mix_last: "{mix}: {game}, {next} next hand",
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
    keys: "快捷鍵：f 蓋牌，c 過牌／跟注，r 下注／加注／補足，b 強制開注",
    practice: "練習", chips: "籌碼", competition: "比賽", tournament: "錦標賽",
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
    show_hand: "話事啤 (梭哈)", five_card_stud: "限注五張梭哈",
    open_pair_double: "明牌對子可下大注",
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
    side_pot: "邊池", main_pot: "主池", half_high: "高手", half_low: "低手", rollover: "滾存", turn_clock: "限時 {n} 秒", time_bank: "時間庫 {n} 秒",
    buy_in: "買入", buy_in_range: "{table} 買入（{min}–{max}）", cancel: "取消",
    level: "電腦玩家", level_easy: "簡單", level_normal: "普通", level_hard: "困難", level_expert: "專家",
    study: "研究", s_file: "牌局記錄檔", s_import: "匯入", s_importing: "正在匯入 {name}…",
    s_imported: "已匯入 {added} 手，{duplicates} 手已存在，{other} 手為其他遊戲，{errors} 手無法讀取",
    s_stakes: "注額", s_all_stakes: "所有注額", s_since: "由", s_until: "至", s_table_size: "桌型",
    s_all_sizes: "所有桌型", s_heads_up: "單挑", s_max: "{n} 人桌",
    s_player: "玩家", s_mine: "包括我匯入的牌局", s_show: "統計", s_stat: "統計項目", s_sample: "樣本",
    s_my_hands: "我匯入的牌局", s_no_hands: "尚未匯入牌局", s_replay: "重播",
    s_previous: "上一條街", s_next: "下一條街", s_dead: "已亡牌", community_card: "公共牌", s_equity_chart: "每條街的勝率",
    s_no_player_hands: "這裡沒有 {name} 的牌局", s_results: "{name}：{hands} 手，每百手 {bb} 大注（95%：{low} 至 {high}）",
    s_round: "第 {n} 輪下注", s_bet_on: "{street}：下注", s_raise_on: "{street}：加注",
    s_vpip: "主動入池（VPIP）", s_complete: "第三街：補足", s_raise3: "第三街：對補足加注",
    s_bi_fold: "帶入者面對補足棄牌", s_bi_call: "帶入者跟補足", s_bi_raise: "帶入者對補足加注",
    s_steal: "偷池（後面明牌皆較小）", s_steal_fold: "面對偷池棄牌", s_pair4_bet: "第四街明對下注",
    s_showdown: "攤牌", s_won_showdown: "攤牌贏錢", s_won_no_showdown: "未攤牌贏得底池",
    s_scoop: "高低：全取", s_half: "高低：取一半", s_low_made: "高低：做成低牌",
    s_sh_made: "晒冷", s_sh_called: "跟晒冷", s_aggression_frequency: "進攻頻率（第四街起）", hud: "對手統計（HUD）", hud_button: "統計", hud_line: "入池 {vpip} · 偷池 {steal} · 攤牌 {wtsd} · {n} 手", hud_line_one: "入池 {vpip} · 偷池 {steal} · 攤牌 {wtsd} · 1 手", s_winnings: "贏利（大注）", s_replay_link: "重播與分享", s_total: "{n} 手總計", s_at_showdown: "攤牌贏得", s_without_showdown: "未攤牌贏得",
    tournaments: "錦標賽", no_tournaments: "沒有錦標賽", t_name: "錦標賽",
    t_buy_in: "買入", t_entries: "報名", t_prize_pool: "獎池", t_state: "狀態",
    t_free: "免費", t_running: "進行中", t_registering: "報名中", t_finished: "已結束",
    t_cancelled: "已取消", t_break: "休息", t_left: "剩 {n} 人", t_details: "結構與獎金",
    t_my_table: "我的牌桌", t_register: "報名", t_unregister: "取消報名",
    t_registered: "已報名：{name}", t_unregistered: "已取消報名：{name}",
    t_minutes: "{n} 分鐘", t_hands: "{n} 手", t_hand_one: "1 手", t_create: "建立錦標賽", t_kind: "類型", t_scheduled: "定時", t_starts: "開始時間", t_late_levels: "遲到報名（級）", t_speed: "速度", t_turbo: "快速", t_regular: "標準", t_practice_free: "練習（免費）", t_fee: "服務費", t_created: "已建立：{name}", t_name_label: "名稱", t_chips: "{n} 籌碼", t_level_length: "每級 {length}",
    t_seats: "每桌 {n} 人", t_late: "可遲到報名 {n} 級", t_reentry: "可重新買入",
    t_level: "級別", t_break_of: "休息 {n} 分鐘", t_payouts: "獎金", t_results: "名次",
    t_moved: "你被調到 {table} 桌", t_finished_place: "你在 {name} 得第 {place} 名",
    t_next_in: "{time} 後升級", t_average: "平均 {n}", t_no_prizes: "無（練習）", t_heads_up: "單挑", t_max: "{n} 人", t_sit_and_go: "坐滿即玩", t_level_title: "第 {n} 級 ({stakes})", triple_stud: "三重梭哈", triple_stud_option: "三重梭哈：輪流玩 Razz 和七張梭哈高/低", mix_now: "{mix}：現在 {game}，再 {n} 局後 {next}", mix_last: "{mix}：現在 {game}，下一局 {next}",
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
    keys: "快捷键：f 弃牌，c 过牌／跟注，r 下注／加注／补足，b 强制开注",
    practice: "练习", chips: "筹码", competition: "比赛", tournament: "锦标赛",
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
    show_hand: "话事啤 (梭哈)", five_card_stud: "限注五张梭哈",
    open_pair_double: "明牌对子可下大注",
    sit_out: "暂停", sit_in: "回座", last_hand: "上一局", history: "牌局记录",
    send: "发送", chat_placeholder: "说点什么", close: "关闭", low: "{all} 低牌",
    no_last_hand: "还没有完成的牌局",
    all_games: "所有游戏", all_modes: "所有模式", average_pot: "平均底池",
    quick_seat: "快速入座", no_free_seat: "没有空位的练习桌",
    no_tables: "没有牌桌", create_table: "开新牌桌", seats: "座位", clock: "限时（秒）",
    table_name: "牌桌名称", create: "创建", leaderboard: "排行榜", rating: "积分",
    games: "局数", provisional: "暂定", no_rated: "还没有排名的玩家",
    side_pot: "边池", main_pot: "主池", half_high: "高手", half_low: "低手", rollover: "滚存", turn_clock: "限时 {n} 秒", time_bank: "时间库 {n} 秒",
    buy_in: "买入", buy_in_range: "{table} 买入（{min}–{max}）", cancel: "取消",
    level: "电脑玩家", level_easy: "简单", level_normal: "普通", level_hard: "困难", level_expert: "专家",
    study: "研究", s_file: "牌局记录文件", s_import: "导入", s_importing: "正在导入 {name}…",
    s_imported: "已导入 {added} 手，{duplicates} 手已存在，{other} 手为其他游戏，{errors} 手无法读取",
    s_stakes: "注额", s_all_stakes: "所有注额", s_since: "从", s_until: "到", s_table_size: "桌型",
    s_all_sizes: "所有桌型", s_heads_up: "单挑", s_max: "{n} 人桌",
    s_player: "玩家", s_mine: "包括我导入的牌局", s_show: "统计", s_stat: "统计项目", s_sample: "样本",
    s_my_hands: "我导入的牌局", s_no_hands: "尚未导入牌局", s_replay: "回放",
    s_previous: "上一条街", s_next: "下一条街", s_dead: "死牌", community_card: "公共牌", s_equity_chart: "每条街的胜率",
    s_no_player_hands: "这里没有 {name} 的牌局", s_results: "{name}：{hands} 手，每百手 {bb} 大注（95%：{low} 至 {high}）",
    s_round: "第 {n} 轮下注", s_bet_on: "{street}：下注", s_raise_on: "{street}：加注",
    s_vpip: "主动入池（VPIP）", s_complete: "第三街：补足", s_raise3: "第三街：对补足加注",
    s_bi_fold: "带入者面对补足弃牌", s_bi_call: "带入者跟补足", s_bi_raise: "带入者对补足加注",
    s_steal: "偷池（后面明牌都较小）", s_steal_fold: "面对偷池弃牌", s_pair4_bet: "第四街明对下注",
    s_showdown: "摊牌", s_won_showdown: "摊牌赢钱", s_won_no_showdown: "未摊牌赢得底池",
    s_scoop: "高低：全取", s_half: "高低：取一半", s_low_made: "高低：做成低牌",
    s_sh_made: "梭哈", s_sh_called: "跟梭哈", s_aggression_frequency: "进攻频率（第四街起）", hud: "对手统计（HUD）", hud_button: "统计", hud_line: "入池 {vpip} · 偷池 {steal} · 摊牌 {wtsd} · {n} 手", hud_line_one: "入池 {vpip} · 偷池 {steal} · 摊牌 {wtsd} · 1 手", s_winnings: "盈利（大注）", s_replay_link: "回放与分享", s_total: "{n} 手合计", s_at_showdown: "摊牌赢得", s_without_showdown: "未摊牌赢得",
    tournaments: "锦标赛", no_tournaments: "没有锦标赛", t_name: "锦标赛",
    t_buy_in: "买入", t_entries: "报名", t_prize_pool: "奖池", t_state: "状态",
    t_free: "免费", t_running: "进行中", t_registering: "报名中", t_finished: "已结束",
    t_cancelled: "已取消", t_break: "休息", t_left: "剩 {n} 人", t_details: "结构与奖金",
    t_my_table: "我的牌桌", t_register: "报名", t_unregister: "取消报名",
    t_registered: "已报名：{name}", t_unregistered: "已取消报名：{name}",
    t_minutes: "{n} 分钟", t_hands: "{n} 手", t_hand_one: "1 手", t_create: "创建锦标赛", t_kind: "类型", t_scheduled: "定时", t_starts: "开始时间", t_late_levels: "迟到报名（级）", t_speed: "速度", t_turbo: "快速", t_regular: "标准", t_practice_free: "练习（免费）", t_fee: "服务费", t_created: "已创建：{name}", t_name_label: "名称", t_chips: "{n} 筹码", t_level_length: "每级 {length}",
    t_seats: "每桌 {n} 人", t_late: "可迟到报名 {n} 级", t_reentry: "可重新买入",
    t_level: "级别", t_break_of: "休息 {n} 分钟", t_payouts: "奖金", t_results: "名次",
    t_moved: "你被调到 {table} 桌", t_finished_place: "你在 {name} 得第 {place} 名",
    t_next_in: "{time} 后升级", t_average: "平均 {n}", t_no_prizes: "无（练习）", t_heads_up: "单挑", t_max: "{n} 人", t_sit_and_go: "坐满即玩", t_level_title: "第 {n} 级 ({stakes})", triple_stud: "三重梭哈", triple_stud_option: "三重梭哈：轮流玩 Razz 和七张梭哈高/低", mix_now: "{mix}：现在 {game}，再 {n} 局后 {next}", mix_last: "{mix}：现在 {game}，下一局 {next}",
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

/**
 * The word `key` in the page's language (English where it has none), with each
 * `{name}` of it replaced by its value.
 * @param {string} key
 * @param {Object<string, string | number>} [values]
 * @returns {string}
 */
export function t(key, values) {
  const table = WORDS[ui.lang] || WORDS.en;
  let text = key in table ? table[key] : (WORDS.en[key] ?? key);
  for (const [name, value] of Object.entries(values || {})) {
    text = text.replace(`{${name}}`, String(value));
  }
  return text;
}

/* Show Hand's own words (002), the same on the buttons, the key hints, the seats, the
   table's centre and in the dealer's lines (R4.5: one word for one thing a screen). */
/** @type {Record<Lang, Object<string, string>>} */
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

/**
 * A word of the table's game: Show Hand's own where it has one.
 * @param {string} key
 * @param {Object<string, string | number>} [values]
 * @returns {string}
 */
export function word(key, values) {
  const words = ui.state && ui.state.game === "show_hand" ? SHOW_HAND_WORDS[ui.lang] : null;
  return words && words[key] ? words[key] : t(key, values);
}

/**
 * A refusal of the server in the page's language, from its stable `code` and `params`
 * (docs/protocol.md, "Errors"; the words are refusals.js's), never from its English
 * sentence, which is shown only where no words say it otherwise. Amounts are written
 * as `game` writes money (40.00, not 4000 cents).
 * @param {{code?: string, params?: Readonly<Record<string, unknown>> | null,
 *   message?: string, detail?: unknown}} problem  a WebSocket error or a REST answer's body
 * @param {Game | null} [game]
 * @returns {string}
 */
export function refusal(problem, game) {
  const detail = problem.detail;
  const message = typeof problem.message === "string" ? problem.message
    : typeof detail === "string" ? detail
    : Array.isArray(detail) ? detail.map((d) => (d && typeof d === "object" && "msg" in d ? String(d.msg) : "")).join("; ")
    : "";
  if (!problem.code) return message;
  const amount = (/** @type {number} */ value) => (game ? money(value, game) : String(value));
  return refusalText(problem.code, problem.params, message, ui.lang, amount);
}
