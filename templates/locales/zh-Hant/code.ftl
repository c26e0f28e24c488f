# 程式碼中組成的文字：頁面上的錯誤訊息、為沒有標題的棋局所組的標題、開局庫的範圍、圖表的提示、
# 結果，以及表單的通知。

err-no-game = 沒有第 { $id } 局。
err-no-version = 第 { $id } 局沒有第 { $n } 版。
err-no-event = 沒有編號 { $id } 的賽事
err-no-player = 沒有編號 { $id } 的棋手
err-no-collection = 沒有編號 { $id } 的收藏
err-no-merge = 沒有編號 { $id } 的合併
err-no-public-collection = 這個連結沒有對應的公開收藏
err-collection-other-club = 收藏 { $id } 屬於另一個俱樂部
err-collection-no-item = 收藏 { $id } 沒有項目 { $item }
err-collection-no-section = 收藏 { $id } 沒有章節 { $s }
err-game-in-collection = 第 { $id } 局已在這個收藏中
err-game-not-in-collection = 第 { $id } 局不在收藏 { $c } 中
err-item-needs = 項目需要一局棋、一段註記，或兩者兼有
err-no-stats = 沒有「{ $kind }」的統計（hotw、sanguo、wec）
err-no-table = { $kind } 沒有「{ $table }」表
err-no-explorer = 外交：大洪水沒有開局庫
err-explorer-kinds = 開局庫只涵蓋 sanguo 與 wec，不含 { $kind }
err-explorer-scope-plies = 限定賽事、棋手或收藏的開局庫只涵蓋前 { $n } 手
err-explorer-offset = 開局庫的棋局 offset 最多為 { $n }
err-explorer-moves = 最多 { $n } 手
err-unknown-kind = 未知的棋類「{ $kind }」（hotw、sanguo、wec 或 deluge）
err-positive-number = { $what }須為正整數，而非「{ $v }」
err-whole-number = { $what }須為整數，而非「{ $v }」
err-number-range = { $name } 須為 { $min } 到 { $max } 的整數，而非「{ $v }」
err-param-too-long = { $name } 最多 { $max } 個字元
err-year = year 須為年份（如 2017）或範圍（如 1990..1999），而非「{ $v }」
err-year-param = { $name } 須為年份（如 1999），而非「{ $v }」
err-year-range-empty = 年份範圍 { $a }..{ $b } 是空的
err-collection-param = collection 須為收藏的編號
err-position-param = position 須為局面的鍵：16 位十六進位數字
err-sort-param = sort 須為 newest、date、oldest 或 event
err-no-seat = 棋手 { $id } 在這些棋局中沒有座位
err-required = 必須填寫{ $what }
err-longer-than = { $what }超過 { $max } 個字元
err-not-empty = { $what }不可為空
err-printable = { $what }須為 1 到 100 個可列印字元
err-wrong-login = 俱樂部、名稱或密碼錯誤
err-log-in = 請先登入
err-token-unknown = 這個權杖不存在、已被撤銷，或是已用過的邀請
err-password-short = 密碼至少要 8 個字元
err-password-missing = 請輸入新密碼
err-too-many-logins = 這個位址登入失敗太多次，請在 { $n } 秒後再試
err-logins-at-once = 同時登入的人太多，請稍後再試
err-login-stale = 登入表單已過期或遭偽造，請重新載入
err-sign-in-stale = 登入表單已過期或遭偽造，請重新載入
err-form-stale = 表單已過期或遭偽造（CSRF 權杖不符），請重新載入頁面
err-club-exists = 名為 { $name } 的俱樂部已存在
err-member-exists = { $name } 已經是成員
err-text-empty = 內容是空的：請輸入或貼上棋譜
err-text-many-games = 內容有 { $n } 局；更正只能是一局棋的棋譜
err-text-other-game = 更正後的內容已經是第 { $id } 局的棋譜
err-shutting-down = 服務正在關閉
err-what-game-id = 棋局編號
err-what-event-id = 賽事編號
err-what-player-id = 棋手編號
err-what-collection-id = 收藏編號
err-what-item-id = 項目編號
err-what-merge-id = 合併編號
err-what-token-id = 權杖編號
err-what-version = 版本號
err-what-club-name = 俱樂部名稱
err-what-member-name = 成員名稱
err-what-name = 名稱
err-what-description = 說明
err-what-section-title = 章節標題
err-what-note = 註記
err-what-the-game = 棋局
err-what-the-ply = 手數
err-what-the-section = 章節

title-with-result = { $players }（{ $result }）
title-more-players = { $names }…（共 { $n } 位棋手）
title-numbered = { $kind }第 { $id } 局
title-event-round = { $event } 第 { $round } 輪
title-event-game = { $event }（第 { $id } 局）

scope-event = 賽事「{ $name }」
scope-player = { $name }
scope-player-seat = { $name }執{ $seat }
scope-collection = 收藏「{ $name }」
list-join = 、

chart-gain-tip = { $empire }（第 { $epoch } 紀元）：{ $turns } 回合平均得 { $gain } 分
chart-won-tip = { $side }：{ $total } 局中勝 { $n } 局
chart-drew-tip = { $side }：{ $total } 局中和 { $n } 局
chart-lost-tip = { $side }：{ $total } 局中負 { $n } 局
chart-score-tip = { $player }：第 { $epoch } 紀元 { $score } 分
chart-centres-tip = { $power }：{ $year } 年冬季後 { $n } 個補給中心

result-wins = { $side }勝
result-draw = 和局
result-survives = { $power }倖存
result-survive = { $powers }倖存
result-no-survivor = 無人倖存
result-record-draw = { $powers }和局（依棋譜所記）
result-record-wins = { $powers }勝（依棋譜所記）

notice-password-saved = 密碼已儲存：請以俱樂部、名稱和密碼登入。
notice-password-not-changed = 密碼沒有變更：{ $reason }。
notice-nobody-invited = 沒有邀請任何人：{ $reason }。
notice-added-game = 已將第 { $id } 局加入這個收藏。
notice-added-note = 已將註記加入這個收藏。
notice-nothing-added = 沒有加入任何內容：{ $reason }。

paste-nothing-stored = 沒有儲存任何內容：貼上的文字中沒有棋譜。
paste-stored = 已在棋譜庫中儲存 { $n } 局新棋。
paste-duplicates = { $n ->
    [one] 這局棋
   *[other] 其中 { $n } 局
}已在棋譜庫中，不再重複儲存。
paste-added = 已將 { $n } 局加入這個收藏。
paste-kept = 有 { $n } 局已在這個收藏中，不重複加入。
paste-rejected = 有 { $n } 局無法讀取，沒有儲存（原因見下方）。
paste-needs-kind = 棋譜中沒有說明是哪種棋：請在貼上框旁選擇棋類，再匯入一次。
paste-unknown-kind = 無法判斷這份棋譜是哪種棋：它沒有 Game 標籤；請選擇棋類（或在開頭加上一行如 [Game "Sanguo"]）
paste-problem = 第 { $line } 行第 { $col } 欄：{ $message }（{ $severity }，{ $code }）

desk-turn = 第 { $ply } 回合（共 { $total } 回合）：第 { $epoch } 紀元，{ $player } 使用 { $empire }。
desk-turn-score = 第 { $ply } 回合（共 { $total } 回合）：第 { $epoch } 紀元，{ $player } 使用 { $empire }，得分 { $score }。
desk-before-turns = 在 { $total } 回合中的第一回合之前。
desk-scores = 得分：{ $scores }
desk-order = 第 { $ply } 道命令（共 { $total } 道）：{ $phase } — { $order }
desk-order-result = 結果：{ $result }
desk-centres = { $year } 年後的補給中心：{ $counts }
desk-before-orders = 在 { $total } 道命令中的第一道之前。
desk-nothing-stored = 沒有儲存任何內容：請看診斷訊息。

order-result-succeeds = 成功
order-result-bounced = 彈回
order-result-fails = 失敗
order-result-cut = 支援被切斷
order-result-void = 無效
order-result-dislodged = 被逐出
order-result-no-convoy = 無人運輸
order-result-destroyed = 被消滅
order-result-drowned = 淹沒
order-no-retreat = 無處撤退
order-may-retreat = 可撤退至 { $places }
