# 帳戶與登入、邀請、分頁、下載、把棋譜貼入收藏。

account-title = 我的帳戶
account-signed-in-as = 目前登入：
account-col-club = 棋會
account-col-role = 角色
account-sign-out = 登出
account-change-password = 更改密碼
account-set-password = 設定密碼
account-token-note = 你是用權杖登入的。設定密碼後，可以用棋會、名稱和密碼登入。
account-new-password = 新密碼（至少 8 個字元）
account-save-password = 儲存密碼
account-invited = 已邀請 { $name } 擔任{ $role }。請把這個登入連結（或權杖）交給對方；只能使用一次，之後不會再顯示：
account-token = 權杖：
account-members = { $club } 的成員
account-col-name = 名稱
account-col-signs-in = 登入方式
account-with-password = 密碼
account-with-invitation = 邀請（尚未使用）
account-with-token = 權杖
account-invite-heading = 邀請成員
account-role-editor = 編輯：整理收藏
account-role-viewer = 讀者：閱覽私人收藏
account-role-admin = 管理員：也可邀請成員
account-invite = 邀請
account-club-collections = 本棋會的收藏

login-signed-in = 你已登入：{ $club } 的 { $name }。
login-your-account = 我的帳戶
login-with-password = 用密碼登入
login-password-note = 成員設定密碼後（在下方或帳戶頁）才有密碼。新棋會的管理員還沒有密碼：這個指令已為他印出一個權杖：
login-with-token = 用登入權杖
login-token-note = 下列指令為棋會第一位管理員印出的權杖，或管理員邀請你時給你的一次性權杖。可以在這裡設定密碼，下次就用密碼登入。
login-token = 權杖
login-new-password-optional = 新密碼（可不填，至少 8 個字元）
login-token-button = 用權杖登入

pager-none = 沒有。
pager-past-end = 這一頁沒有內容；列表共有 { $total } 項。
pager-range = { $what }：第 { $from }–{ $to } 項，共 { $total } 項。

download-list = 下載這個列表：
download-these = 下載這些棋局：
download-games = 下載棋局：
download-records = 棋譜
game-download-record = 下載棋譜

collection-paste-heading = 把棋譜貼入這個收藏
collection-paste-note = 可貼一局或多局，用各自的記錄法。棋譜庫已有的棋局不會重複儲存，只會加入這個收藏一次。
collection-paste-kind = 棋類（棋譜未註明時）
collection-paste-kind-record = 依棋譜所寫
collection-records-label = 棋譜

events-intro = 錦標賽、聯賽和棋會例聚：同一個 Event 標籤下的棋局。
events-name = 名稱
events-col-kind = 棋類
games-filters-note = 篩選條件與搜尋欄位使用相同的名稱和值
games-filters-see-search = 見搜尋頁
games-filter-side = 陣營
games-filter-winner = 勝方

event-col-unscored = 未計分
event-unscored-title = 已對局但結果不明
event-games-count = 這個賽事共 { $n } 局
event-without-result = ；其中 { $n } 局沒有結果，算作已對局但不計分（沒有計分棋局的棋手暫無名次）
event-without-players = 以下棋局沒有列出棋手，不計入排名：
game-moments = 本局要事
