// @ts-check
/* The server's refusals in the page's language, by their stable code and params
   (docs/protocol.md, "Errors"): never by reading the English message. A template
   writes a param as {name}; the params that are amounts are written as the table
   writes money, the waits in hours, minutes or seconds, a date-time in the reader's
   time. A code without a template in the language asked for (English mostly: the
   server's message is English) is shown as the server's message; so is a code this
   table does not know. */

/** @typedef {"en" | "zh-Hant" | "zh-Hans"} Lang */

/**
 * How a refusal is written in each language (`en` only where the page says it
 * otherwise than the server: amounts as money, the page's own words); `amounts`: the
 * params that are amounts of chips; `waits`: those that are seconds to wait.
 * @typedef {{"zh-Hant": string, "zh-Hans": string, en?: string,
 *   amounts?: string[], waits?: string[]}} RefusalWords
 */

/** Every code the server refuses with: the protocol's, as protocol.js is generated
    from the server's models (so a code the server gains without words here, or
    words for a code it lost, fails `tsc`).
    @typedef {import("./protocol.js").ServerError["code"]} RefusalCode */

/** @type {Readonly<Record<RefusalCode, RefusalWords>>} */
export const REFUSALS = Object.freeze({
  // -- messages, sessions and limits
  malformed: { "zh-Hant": "無法讀取這個請求", "zh-Hans": "无法读取这个请求" },
  too_large: {
    "zh-Hant": "訊息太長：最多 {maximum} 位元組",
    "zh-Hans": "消息太长：最多 {maximum} 字节",
  },
  login: { "zh-Hant": "請先登入或以訪客身分遊戲", "zh-Hans": "请先登录或以访客身份游戏" },
  wrong_password: { "zh-Hant": "名稱或密碼錯誤", "zh-Hans": "名称或密码错误" },
  rate_limited: {
    "zh-Hant": "操作太頻繁：請 {retry_after}後再試",
    "zh-Hans": "操作太频繁：请 {retry_after}后再试",
    waits: ["retry_after"],
  },
  chat_limit: {
    "zh-Hant": "聊天太頻繁：每 {seconds} 秒最多 {lines} 句",
    "zh-Hans": "聊天太频繁：每 {seconds} 秒最多 {lines} 句",
  },
  busy: {
    "zh-Hant": "房間正忙：請 {retry_after}後再試",
    "zh-Hans": "房间正忙：请 {retry_after}后再试",
    waits: ["retry_after"],
  },
  too_many_sockets: {
    "zh-Hant": "同一地址最多 {maximum} 個連線：請先關閉一個",
    "zh-Hans": "同一地址最多 {maximum} 个连接：请先关闭一个",
  },
  internal: { "zh-Hant": "伺服器出錯：沒有任何改變", "zh-Hans": "服务器出错：没有任何改变" },
  not_found: { "zh-Hant": "找不到這個資源", "zh-Hans": "找不到这个资源" },
  method_not_allowed: { "zh-Hant": "不支援這個操作", "zh-Hans": "不支持这个操作" },
  unknown_language: {
    "zh-Hant": "不支援的語言 {value}（可選：{allowed}）",
    "zh-Hans": "不支持的语言 {value}（可选：{allowed}）",
  },

  // -- accounts: names and passwords
  name_taken: { "zh-Hant": "名稱 {name} 已有人使用", "zh-Hans": "名称 {name} 已有人使用" },
  name_lookalike: {
    "zh-Hant": "名稱 {name} 與另一位玩家的名稱太相似，請另選",
    "zh-Hans": "名称 {name} 与另一位玩家的名称太相似，请另选",
  },
  name_reserved: {
    "zh-Hant": "名稱 {name} 保留給房間使用，請另選",
    "zh-Hans": "名称 {name} 保留给房间使用，请另选",
  },
  name_characters: {
    "zh-Hant": "名稱含有不允許的字元（{character}）",
    "zh-Hans": "名称含有不允许的字符（{character}）",
  },
  name_blank: { "zh-Hant": "名稱不能只有空白", "zh-Hans": "名称不能只有空白" },
  name_length: {
    "zh-Hant": "名稱須為 1 至 {maximum} 個字元（這個有 {length} 個）",
    "zh-Hans": "名称须为 1 至 {maximum} 个字符（这个有 {length} 个）",
  },
  password_too_short: {
    "zh-Hant": "密碼至少要 {minimum} 個字元（這個只有 {length} 個）",
    "zh-Hans": "密码至少要 {minimum} 个字符（这个只有 {length} 个）",
  },
  password_too_long: {
    "zh-Hant": "密碼最多 {maximum} 個字元（這個有 {length} 個）",
    "zh-Hans": "密码最多 {maximum} 个字符（这个有 {length} 个）",
  },
  no_guest_name: {
    "zh-Hant": "暫時沒有可用的訪客名稱，請再試一次",
    "zh-Hans": "暂时没有可用的访客名称，请再试一次",
  },
  no_player: { "zh-Hant": "沒有玩家 {name}", "zh-Hans": "没有玩家 {name}" },
  no_account: { "zh-Hant": "沒有帳戶 {account}", "zh-Hans": "没有账户 {account}" },

  // -- opening a table
  unknown_game: {
    "zh-Hant": "沒有這個遊戲：{value}（可選：{allowed}）",
    "zh-Hans": "没有这个游戏：{value}（可选：{allowed}）",
  },
  unknown_mode: {
    "zh-Hant": "沒有這個模式：{value}（可選：{allowed}）",
    "zh-Hans": "没有这个模式：{value}（可选：{allowed}）",
  },
  unknown_stakes: {
    "zh-Hant": "這個遊戲的注額是 {allowed}，不能設定 {stakes}",
    "zh-Hans": "这个游戏的注额是 {allowed}，不能设定 {stakes}",
  },
  invalid_stakes: { "zh-Hant": "這些注額不符合規則", "zh-Hans": "这些注额不符合规则" },
  unknown_options: {
    "zh-Hant": "這個遊戲沒有 {options} 這個選項",
    "zh-Hans": "这个游戏没有 {options} 这个选项",
  },
  seats_range: {
    "zh-Hant": "這個遊戲的牌桌有 {minimum} 至 {maximum} 個座位，不能是 {seats}",
    "zh-Hans": "这个游戏的牌桌有 {minimum} 至 {maximum} 个座位，不能是 {seats}",
  },
  clock_range: {
    "zh-Hant": "限時須為 {minimum} 至 {maximum} 秒",
    "zh-Hans": "限时须为 {minimum} 至 {maximum} 秒",
  },
  table_name_characters: {
    "zh-Hant": "牌桌名稱含有不允許的字元（{character}）",
    "zh-Hans": "牌桌名称含有不允许的字符（{character}）",
  },
  table_name_length: {
    "zh-Hant": "牌桌名稱最多 {maximum} 個字元（這個有 {length} 個）",
    "zh-Hans": "牌桌名称最多 {maximum} 个字符（这个有 {length} 个）",
  },
  open_tables: {
    "zh-Hant": "你已開了 {open} 張牌桌：最多 {most} 張",
    "zh-Hans": "你已开了 {open} 张牌桌：最多 {most} 张",
  },
  table_exists: { "zh-Hant": "已有牌桌 {table}", "zh-Hans": "已有牌桌 {table}" },

  // -- tables and seats
  no_table: { "zh-Hant": "沒有牌桌 {table}", "zh-Hans": "没有牌桌 {table}" },
  no_hand: { "zh-Hant": "{table} 沒有保存第 {hand} 局", "zh-Hans": "{table} 没有保存第 {hand} 局" },
  guests_practice_only: {
    "zh-Hant": "訪客只能在練習桌遊戲：註冊後才能以籌碼遊戲",
    "zh-Hans": "访客只能在练习桌游戏：注册后才能以筹码游戏",
  },
  bots_practice_only: {
    "zh-Hant": "電腦玩家只能在練習桌遊戲",
    "zh-Hans": "电脑玩家只能在练习桌游戏",
  },
  balance_too_low: {
    "zh-Hant": "{name} 的餘額是 {balance}，不足以買入 {buy_in}",
    "zh-Hans": "{name} 的余额是 {balance}，不足以买入 {buy_in}",
    en: "{name} has {balance} and cannot buy in for {buy_in}",
    amounts: ["balance", "buy_in"],
  },
  withdrawal_too_large: {
    "zh-Hant": "{name} 的餘額是 {balance}，不能提取 {amount}（牌桌上的籌碼不會被提取）",
    "zh-Hans": "{name} 的余额是 {balance}，不能提取 {amount}（牌桌上的筹码不会被提取）",
    en: "{name} has {balance} on the balance and cannot have {amount} withdrawn (chips at tables are never withdrawn)",
    amounts: ["balance", "amount"],
  },
  buy_in_range: {
    "zh-Hant": "買入須為 {minimum} 至 {maximum}，不能是 {amount}",
    "zh-Hans": "买入须为 {minimum} 至 {maximum}，不能是 {amount}",
    en: "A buy-in is {minimum} to {maximum}, not {amount}",
    amounts: ["minimum", "maximum", "amount"],
  },
  already_seated: { "zh-Hant": "{name} 已經坐在 {table}", "zh-Hans": "{name} 已经坐在 {table}" },
  // private tables, waiting lists, several tables at once (issue 36)
  invite_only: {
    "zh-Hant": "這是 {host} 的私人牌桌：只有受邀的人才能加入",
    "zh-Hans": "这是 {host} 的私人牌桌：只有受邀的人才能加入",
    en: "This is {host}'s private table: only those {host} invited may join",
  },
  not_host: {
    "zh-Hant": "只有私人牌桌的主人才能這樣做",
    "zh-Hans": "只有私人牌桌的主人才能这样做",
    en: "Only the host of a private table may do that",
  },
  seat_offered: {
    "zh-Hant": "空位正為候位第一的 {name} 保留 {seconds} 秒：請排隊候位",
    "zh-Hans": "空位正为候位第一的 {name} 保留 {seconds} 秒：请排队候位",
    en: "The free seat is held for {name}, first on the waiting list, for {seconds} more: join the list",
    waits: ["seconds"],
  },
  seat_free: {
    "zh-Hant": "這張牌桌有空位：直接入座",
    "zh-Hans": "这张牌桌有空位：直接入座",
    en: "This table has a free seat: sit down",
  },
  waiting_list_full: {
    "zh-Hant": "已有 {most} 人在候位",
    "zh-Hans": "已有 {most} 人在候位",
  },
  seats_limit: {
    "zh-Hant": "你已在 {most} 張牌桌入座：同時最多 {most} 張",
    "zh-Hans": "你已在 {most} 张牌桌入座：同时最多 {most} 张",
    en: "You play at {most} tables already: {most} at once at most",
  },
  no_dealers_choice: {
    "zh-Hant": "這張牌桌沒有莊家選擇",
    "zh-Hans": "这张牌桌没有庄家选择",
    en: "This table does not deal dealer's choice",
  },
  dealers_choice_private: {
    "zh-Hant": "莊家選擇只能在私人牌桌：由玩家輪流選遊戲",
    "zh-Hans": "庄家选择只能在私人牌桌：由玩家轮流选游戏",
    en: "Dealer's choice is a private table's: its players choose the games",
  },
  not_your_choice: {
    "zh-Hant": "還沒輪到你選遊戲",
    "zh-Hans": "还没轮到你选游戏",
    en: "It is not your choice: the next game is chosen by the seat whose turn it is",
  },
  wrong_hand_id: {
    "zh-Hant": "這個客戶端種子不是給已公布的下一局的",
    "zh-Hans": "这个客户端种子不是给已公布的下一局的",
    en: "That client seed is not for the hand announced next",
  },
  bad_client_seed: {
    "zh-Hant": "客戶端種子須為 {minimum} 至 {maximum} 位元組的十六進位數字",
    "zh-Hans": "客户端种子须为 {minimum} 至 {maximum} 字节的十六进制数字",
  },
  choice_hands_range: {
    "zh-Hant": "每次選擇須為 {minimum} 至 {maximum} 局",
    "zh-Hans": "每次选择须为 {minimum} 至 {maximum} 局",
  },
  unknown_onlookers: {
    "zh-Hant": "觀看者只能是「任何人」或「僅受邀者」",
    "zh-Hans": "观看者只能是“任何人”或“仅受邀者”",
  },
  already_in_seat: {
    "zh-Hant": "{name} 已經在座位 {seat}",
    "zh-Hans": "{name} 已经在座位 {seat}",
  },
  seat_taken: { "zh-Hant": "座位 {seat} 已有人", "zh-Hans": "座位 {seat} 已有人" },
  seat_empty: { "zh-Hant": "座位 {seat} 沒有人", "zh-Hans": "座位 {seat} 没有人" },
  no_seat: {
    "zh-Hant": "沒有座位 {seat}：本桌有 {seats} 個座位（由 0 起）",
    "zh-Hans": "没有座位 {seat}：本桌有 {seats} 个座位（由 0 起）",
  },
  table_full: { "zh-Hant": "牌桌已滿：最多 {maximum} 位玩家", "zh-Hans": "牌桌已满：最多 {maximum} 位玩家" },
  practice_full: { "zh-Hant": "練習桌最多 {maximum} 位玩家", "zh-Hans": "练习桌最多 {maximum} 位玩家" },
  competition_full: { "zh-Hant": "比賽最多 {maximum} 位玩家", "zh-Hans": "比赛最多 {maximum} 位玩家" },
  table_closed: { "zh-Hant": "牌桌已關閉", "zh-Hans": "牌桌已关闭" },
  table_stopped: {
    "zh-Hant": "本桌已停止發牌：離座即可取回籌碼",
    "zh-Hans": "本桌已停止发牌：离座即可取回筹码",
  },
  not_seated: {
    "zh-Hant": "你沒有坐在這張牌桌。",
    "zh-Hans": "你没有坐在这张牌桌。",
    en: "You are not seated at this table.",
  },
  already_leaving: {
    "zh-Hant": "座位 {seat} 已在離座中：本局結束後離開",
    "zh-Hans": "座位 {seat} 已在离座中：本局结束后离开",
  },
  already_sitting_out: { "zh-Hant": "座位 {seat} 已經暫停", "zh-Hans": "座位 {seat} 已经暂停" },
  not_sitting_out: { "zh-Hant": "座位 {seat} 沒有暫停", "zh-Hans": "座位 {seat} 没有暂停" },
  no_chips: {
    "zh-Hant": "座位 {seat} 沒有籌碼：請先補充籌碼",
    "zh-Hans": "座位 {seat} 没有筹码：请先补充筹码",
  },
  no_top_ups: { "zh-Hant": "只有籌碼桌可以補充籌碼", "zh-Hans": "只有筹码桌可以补充筹码" },
  top_up_limit: {
    "zh-Hant": "最多只能補充 {most}：籌碼上限是 {stack_cap}",
    "zh-Hans": "最多只能补充 {most}：筹码上限是 {stack_cap}",
    en: "You may top up {most} at most: a stack is {stack_cap} at most",
    amounts: ["most", "stack_cap"],
  },

  // -- decisions (an illegal action's reason the page says with its own words for
  //    the actions: params.reason and params.legal_actions; this is the fallback)
  no_turn: {
    "zh-Hant": "現在沒有人需要行動。",
    "zh-Hans": "现在没有人需要行动。",
    en: "Nobody is to act now.",
  },
  not_your_turn: { "zh-Hant": "還未輪到你。", "zh-Hans": "还未轮到你。", en: "It is not your turn." },
  stale_decision: {
    "zh-Hant": "這個決定已經過去了。",
    "zh-Hans": "这个决定已经过去了。",
    en: "That decision is over.",
  },
  illegal_action: { "zh-Hant": "現在不能這樣做。", "zh-Hans": "现在不能这样做。" },

  // -- competitions and chat
  competition_started: { "zh-Hant": "比賽已經開始", "zh-Hans": "比赛已经开始" },
  // -- tournaments (issue 17)
  no_tournament: { "zh-Hant": "沒有這場錦標賽", "zh-Hans": "没有这场锦标赛" },
  tournament_started: {
    "zh-Hant": "錦標賽已經開始：報名已截止",
    "zh-Hans": "锦标赛已经开始：报名已截止",
  },
  tournament_full: { "zh-Hant": "錦標賽已滿", "zh-Hans": "锦标赛已满" },
  tournament_finished: { "zh-Hant": "錦標賽已經結束", "zh-Hans": "锦标赛已经结束" },
  tournament_registered: { "zh-Hant": "你已經報名了", "zh-Hans": "你已经报名了" },
  tournament_busted: {
    "zh-Hant": "你已出局，這場錦標賽不能重新買入",
    "zh-Hans": "你已出局，这场锦标赛不能重新买入",
  },
  tournament_not_registered: { "zh-Hant": "你沒有報名", "zh-Hans": "你没有报名" },
  unknown_kind: {
    "zh-Hant": "沒有這種錦標賽：{value}（可選：{allowed}）",
    "zh-Hans": "没有这种锦标赛：{value}（可选：{allowed}）",
  },
  unknown_level: {
    "zh-Hant": "電腦玩家沒有這個級別：{value}（可選：{allowed}）；只有練習桌有電腦玩家",
    "zh-Hans": "电脑玩家没有这个级别：{value}（可选：{allowed}）；只有练习桌有电脑玩家",
  },
  unknown_mix: {
    "zh-Hant": "沒有這種混合遊戲：{value}（可選：{allowed}）",
    "zh-Hans": "没有这种混合游戏：{value}（可选：{allowed}）",
  },
  unknown_speed: {
    "zh-Hant": "沒有這種結構：{value}（可選：{allowed}）",
    "zh-Hans": "没有这种结构：{value}（可选：{allowed}）",
  },
  starts_at: {
    "zh-Hant": "定時錦標賽要有將來的開始時間",
    "zh-Hans": "定时锦标赛要有将来的开始时间",
  },
  capacity_range: {
    "zh-Hant": "錦標賽可容納 2 至 1000 人",
    "zh-Hans": "锦标赛可容纳 2 至 1000 人",
  },
  fee_range: {
    "zh-Hant": "服務費最多是買入的五分之一",
    "zh-Hans": "服务费最多是买入的五分之一",
  },
  practice_free: { "zh-Hant": "練習錦標賽是免費的", "zh-Hans": "练习锦标赛是免费的" },
  late_levels_range: {
    "zh-Hant": "遲到報名最多 20 個級別",
    "zh-Hans": "迟到报名最多 20 个级别",
  },
  tournament_name_length: {
    "zh-Hant": "錦標賽名稱最多 64 個字",
    "zh-Hans": "锦标赛名称最多 64 个字",
  },
  tournament_name_characters: {
    "zh-Hant": "錦標賽名稱含有不允許的字元（{character}）",
    "zh-Hans": "锦标赛名称含有不允许的字符（{character}）",
  },
  invalid_structure: { "zh-Hant": "結構表有誤", "zh-Hans": "结构表有误" },
  not_supported: {
    "zh-Hant": "多程序的房間暫時不設錦標賽",
    "zh-Hans": "多进程的房间暂时不设锦标赛",
  },
  competition_players: {
    "zh-Hant": "比賽需要 {minimum} 至 {maximum} 位玩家入座",
    "zh-Hans": "比赛需要 {minimum} 至 {maximum} 位玩家入座",
  },
  not_competition: { "zh-Hant": "{table} 不是比賽桌", "zh-Hans": "{table} 不是比赛桌" },
  chat_empty: { "zh-Hant": "請先輸入內容", "zh-Hans": "请先输入内容" },
  chat_characters: {
    "zh-Hant": "聊天內容含有不允許的字元（{character}）",
    "zh-Hans": "聊天内容含有不允许的字符（{character}）",
  },
  chat_length: {
    "zh-Hant": "聊天內容最多 {maximum} 個字元（這句有 {length} 個）",
    "zh-Hans": "聊天内容最多 {maximum} 个字符（这句有 {length} 个）",
  },
  muted: {
    "zh-Hant": "你被禁言至 {until}",
    "zh-Hans": "你被禁言至 {until}",
    en: "You may not chat until {until}",
  },

  // -- the room's operator (issue 34): their tools, a password link, free chips
  operator_only: {
    "zh-Hant": "只有牌室的管理員可以這樣做",
    "zh-Hans": "只有牌室的管理员可以这样做",
    en: "Only the room's operators may do that",
  },
  banned: {
    "zh-Hant": "帳戶 {name} 已被牌室封鎖",
    "zh-Hans": "账户 {name} 已被牌室封禁",
    en: "The room has banned the account {name}",
  },
  reset_invalid: {
    "zh-Hant": "這個密碼連結無效、已用過或已過期：請向牌室管理員索取新連結",
    "zh-Hans": "这个密码链接无效、已用过或已过期：请向牌室管理员索取新链接",
    en: "This password link is unknown, used or expired: ask the room's operator for a new one",
  },
  refused: {
    "zh-Hant": "牌室拒絕了這個操作：沒有任何改變",
    "zh-Hans": "牌室拒绝了这个操作：没有任何改变",
  },
  amount_range: {
    "zh-Hant": "金額須大於 0，最多兩位小數，例如 12.50，不能是 {amount}",
    "zh-Hans": "金额须大于 0，最多两位小数，例如 12.50，不能是 {amount}",
    en: "An amount is a number above 0 with two decimals at most, such as 12.50, not {amount}",
  },
  computer_player: {
    "zh-Hant": "{table} 的 {seat} 號座是電腦玩家：電腦玩家隨真人玩家來去",
    "zh-Hans": "{table} 的 {seat} 号座是电脑玩家：电脑玩家随真人玩家来去",
    en: "Seat {seat} of {table} is a computer player's: they come and go with the people",
  },
  tournament_table: {
    "zh-Hant": "{table} 是錦標賽 {tournament} 的牌桌：取消錦標賽才會關閉",
    "zh-Hans": "{table} 是锦标赛 {tournament} 的牌桌：取消锦标赛才会关闭",
    en: "{table} is a table of tournament {tournament}: it closes when the tournament is cancelled",
  },
  free_chips_off: {
    "zh-Hant": "這個牌室不送免費籌碼：由管理員存入",
    "zh-Hans": "这个牌室不送免费筹码：由管理员存入",
    en: "This room gives no free chips: its operator adds money",
  },
  free_chips_guest: {
    "zh-Hant": "訪客沒有免費籌碼：請先註冊",
    "zh-Hans": "访客没有免费筹码：请先注册",
    en: "Guests get no free chips: register first",
  },
  free_chips_wait: {
    "zh-Hant": "{retry_after}後才可再領取免費籌碼",
    "zh-Hans": "{retry_after}后才可再领取免费筹码",
    en: "Free chips again in {retry_after}",
    waits: ["retry_after"],
  },
  free_chips_address: {
    "zh-Hant": "同一地址每天最多領取 {maximum} 次免費籌碼：請明天再試",
    "zh-Hans": "同一地址每天最多领取 {maximum} 次免费筹码：请明天再试",
    en: "One address gets free chips {maximum} times a day at most: try again tomorrow",
  },
  free_chips_balance: {
    "zh-Hant": "免費籌碼只給餘額低於 {below} 的帳戶：你的餘額是 {balance}",
    "zh-Hans": "免费筹码只给余额低于 {below} 的账户：你的余额是 {balance}",
    en: "Free chips are for a balance below {below}: yours is {balance}",
    amounts: ["balance", "below"],
  },

  // -- notes on players (issue 36)
  unknown_colour: {
    "zh-Hant": "沒有這個顏色：{value}（可選：{allowed}）",
    "zh-Hans": "没有这个颜色：{value}（可选：{allowed}）",
    en: "No colour {value}: choose {allowed}",
  },
  note_length: {
    "zh-Hant": "筆記最多 {maximum} 個字元（這則有 {length} 個）",
    "zh-Hans": "笔记最多 {maximum} 个字符（这则有 {length} 个）",
    en: "A note is {maximum} characters at most (this one has {length})",
  },
  note_characters: {
    "zh-Hant": "筆記含有不允許的字元（{character}）",
    "zh-Hans": "笔记含有不允许的字符（{character}）",
    en: "A note may not hold the character {character}",
  },
  note_self: {
    "zh-Hant": "筆記是寫給其他玩家的，不能寫給自己",
    "zh-Hans": "笔记是写给其他玩家的，不能写给自己",
    en: "Notes are on other players, not on yourself",
  },
  notes_full: {
    "zh-Hant": "筆記最多 {maximum} 則：請先刪除一則",
    "zh-Hans": "笔记最多 {maximum} 则：请先删除一则",
    en: "You keep {maximum} notes at most: delete one first",
  },
});

/** How each language joins the items of a list param (`allowed`, `stakes`). @type {Record<Lang, string>} */
const LIST_SEPARATOR = { en: ", ", "zh-Hant": "、", "zh-Hans": "、" };

/** How each language writes hours, minutes and seconds of a wait. @type {Record<Lang, {h: string, min: string, s: string, gap: string}>} */
const TIME_UNITS = {
  en: { h: " h", min: " min", s: " s", gap: " " },
  "zh-Hant": { h: " 小時", min: " 分鐘", s: " 秒", gap: " " },
  "zh-Hans": { h: " 小时", min: " 分钟", s: " 秒", gap: " " },
};

/**
 * A wait of `seconds` as `lang` says it, never shorter than it is: "45 s" under a
 * minute, "12 min" under an hour, "3 h 12 min" (each part rounded up: 3 h 11 min
 * 20 s is 3 h 12 min).
 * @param {number} seconds
 * @param {Lang} lang
 * @returns {string}
 */
export function waitText(seconds, lang) {
  const units = TIME_UNITS[lang] || TIME_UNITS.en;
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return `${whole}${units.s}`;
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) return `${minutes}${units.min}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours}${units.h}${units.gap}${rest}${units.min}` : `${hours}${units.h}`;
}

/* A date-time param (a mute's `until`, in UTC on the wire) as the language writes one,
   in the reader's own time. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A refusal of the server in `lang`: the template of its `code` with its `params` put
 * in (amounts through `formatMoney`, waits as whole seconds, lists joined), or the
 * server's English `message` when there is no template for the code in `lang`.
 * @param {string} code
 * @param {Readonly<Record<string, unknown>> | null | undefined} params
 * @param {string} message
 * @param {Lang} lang
 * @param {(amount: number) => string} formatMoney
 * @returns {string}
 */
export function refusalText(code, params, message, lang, formatMoney) {
  /* a code of a newer server than this page may have no words: its message is shown */
  const known = /** @type {Readonly<Record<string, RefusalWords | undefined>>} */ (REFUSALS);
  const words = Object.prototype.hasOwnProperty.call(known, code) ? known[code] : undefined;
  const template = words ? words[lang] : undefined;
  if (!words || !template) return message;
  const given = params || {};
  return template.replace(/\{(\w+)\}/g, (whole, /** @type {string} */ name) => {
    if (!Object.prototype.hasOwnProperty.call(given, name)) return whole;
    const value = given[name];
    if (typeof value === "number" && words.amounts && words.amounts.includes(name)) {
      return formatMoney(value);
    }
    if (typeof value === "number" && words.waits && words.waits.includes(name)) {
      return waitText(value, lang);
    }
    if (typeof value === "string" && DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))) {
      return new Date(value).toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" });
    }
    if (Array.isArray(value)) return value.join(LIST_SEPARATOR[lang]);
    return String(value);
  });
}
