# 單局頁面。

game-result = 結果：
game-from = 出自 { $source }
game-players = 棋手
game-col-seat = 座位
game-col-player = 棋手
game-col-colour = 顏色
game-winner = 勝方
game-errors = { $n } 個錯誤
game-warnings = { $n } 個警告
game-notes = { $n } 個提示
game-centres-by-year = 各年補給中心
game-score-by-epoch = 各時代得分
game-score-chart = 各棋手在各時代的得分
game-epoch = 第 { $epoch } 時代
game-col-turn = 回合
game-col-empire = 帝國
game-col-play = 行動
game-col-score = 得分
game-builds = 建造：
game-battle-notation = 戰鬥記號
game-checkpoints = 記錄了 { $n } 個中斷快照（見 JSON）。
game-events = 事件
game-board = 棋盤
game-step-label = 逐步重播
game-step-start = « 開始
game-step-back = ◀ 上一手
game-ply-of = 第 { $ply } 手，共 { $plies } 手
game-step-forward = 下一手 ▶
game-step-end = 終局 »
game-moves = 着法
game-col-ply = 手數
game-col-round = 回合
game-col-side = 陣營
game-col-move = 着法
game-in-collections = 所在收藏
game-record = 匯入時的原始棋譜
game-col-n = 第 { $col } 列

# HotW 戰鬥記號（回合表下的圖例）。
battle-f = 守方有要塞
battle-W = 長城
battle-St = 海峽
battle-For = 森林
battle-M = 山脈
battle-sea = 海岸防禦
battle-V = 攻方獲勝並佔領
battle-X = 攻方失敗
battle-draw = 雙方各失一軍
battle-R = 攻方停止進攻
battle-capital-city = 首都降為城市
battle-cX = 城市被移除
battle-fX = 要塞被移除
battle-mX = 紀念碑被移除

# 三國着法說明：棋子、起止點、吃子。
sanguo-move = { $piece }（{ $from }）→（{ $to }）
sanguo-takes = ，吃{ $side }{ $piece }

# 棋盤說明與棋子提示。
board-setup = 開局擺法
board-standard-setup = 標準開局擺法
board-after-ply = 第 { $ply } 手後：{ $side } { $move }
board-after-turn = 第 { $turn } 回合後：{ $what }
board-from = ，原屬{ $side }
board-wec-piece = { $colour }{ $piece }（{ $level }）位於（{ $row },{ $col }）
board-level-ground = 地面
board-level-air = 空中
board-level-sub = 水下
board-carrying = ，攜帶 { $articles }
board-stunned = ，被電暈
board-wec-article = { $article }在地面（{ $row },{ $col }）

# 棋譜在着法以外記下的事。
hotw-final-scores = 棋譜所記的最終得分：
hotw-closing-line = 結尾一行：
sanguo-event-alliance = { $by }與{ $with }結盟
sanguo-event-kill-han = { $by }殺漢
sanguo-event-eliminate = { $by }滅{ $sides }
sanguo-event-stalemate = { $by }困{ $side }
sanguo-event-win = { $side }勝
sanguo-event-draw = { $sides }和棋
sanguo-final-status = 最終狀態：
wec-event-win = { $colour }勝：敵方的主政府棋子已倒下

# HotW 回合的擴張。
hotw-by-sea = 經海路
hotw-battle = 戰鬥：
hotw-builds = 建造

# 大洪水棋譜所記的每個冬季。
deluge-winter = { $year } 年冬季：{ $what }
deluge-submerged = 淹沒：
deluge-new-centres = 新補給中心：
deluge-drowned = 溺斃：
deluge-position-unknown = （棋譜未能確定局面）
deluge-no-change = 沒有變化
deluge-survivor = { $power } 是 1908 年冬季後唯一的倖存者
deluge-survivors = { $powers } 撐過了 1908 年冬季
game-position-link = 走到這個局面的棋局
game-board-legend = 棋盤上的字母代表甚麼

# The units after each phase of a Diplomacy game (one line a power), and the centres after a winter.
game-units-after = 各階段後的部隊
game-units-none = 沒有部隊
game-centres-after = 補給中心：
deluge-power-units = { $power }：{ $units }
deluge-power-centres = { $power }（{ $count }）：{ $centres }
