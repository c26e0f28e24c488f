# 每頁共用：導覽、搜尋框、語言切換、棋類名稱，以及資料中的小詞（嚴重程度、結果、角色、標籤）。

nav-games = 棋局
nav-search = 搜尋
nav-stats-hotw = HotW 統計
nav-explorer-sanguo = 三國開局庫
nav-explorer-wec = WEC 開局庫
nav-events = 賽事
nav-players = 棋手
nav-imports = 匯入
nav-collections = 收藏
nav-account = 帳戶
search-placeholder = 魏殺漢、empire:Sumer、player:Lin year:2017
search-label = 搜尋棋譜庫
search-button = 搜尋
lang-switch-label = 語言

kind-hotw = 世界史（History of the World）
kind-sanguo = 三國演弈棋
kind-wec = 武裝象棋（WEC）
kind-deluge = 外交：大洪水（Deluge）
kind-diplomacy = 外交（Diplomacy）

filter-kind = 棋類
filter-kind-all = 全部
filter-button = 篩選
pager-previous = ← 上一頁
pager-next = 下一頁 →
game-n = 第 { $id } 局
count-games = { $n } 局
col-w = 勝
col-d = 和
col-l = 負
label-won = 勝方

error-title = 錯誤 { $status }
error-back = 返回棋譜庫
error-internal = 伺服器出了問題，請稍後再試。
error-no-page = 找不到這個頁面。

severity-error = 錯誤
severity-warning = 警告
severity-info = 提示
outcome-win = 勝
outcome-draw = 和
outcome-loss = 負
role-admin = 管理員
role-editor = 編輯
role-viewer = 讀者

tag-Event = 賽事
tag-Site = 地點
tag-Date = 日期
tag-Round = 輪次
tag-Result = 結果
tag-Title = 標題
tag-Source = 來源
tag-Transcriber = 記錄者
tag-Game = 棋類
tag-White = 白方
tag-Black = 黑方

colour-red = 紅
colour-blue = 藍
colour-green = 綠
colour-yellow = 黃
colour-black = 黑
colour-white = 白
colour-orange = 橙
colour-purple = 紫
colour-brown = 啡
colour-pink = 粉紅

wec-black = 黑方
wec-white = 白方
