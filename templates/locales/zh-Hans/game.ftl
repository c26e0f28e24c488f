# 单局页面。

game-result = 结果：
game-from = 出自 { $source }
game-players = 棋手
game-col-seat = 座位
game-col-player = 棋手
game-col-colour = 颜色
game-winner = 胜方
game-errors = { $n } 个错误
game-warnings = { $n } 个警告
game-notes = { $n } 个提示
game-centres-by-year = 各年补给中心
game-score-by-epoch = 各时代得分
game-score-chart = 各棋手在各时代的得分
game-epoch = 第 { $epoch } 时代
game-col-turn = 回合
game-col-empire = 帝国
game-col-play = 行动
game-col-score = 得分
game-builds = 建造：
game-battle-notation = 战斗记号
game-checkpoints = 记录了 { $n } 个中断快照（见 JSON）。
game-events = 事件
game-board = 棋盘
game-step-label = 逐步回放
game-step-start = « 开始
game-step-back = ◀ 上一步
game-ply-of = 第 { $ply } 步，共 { $plies } 步
game-step-forward = 下一步 ▶
game-step-end = 终局 »
game-moves = 着法
game-col-ply = 步数
game-col-round = 回合
game-col-side = 阵营
game-col-move = 着法
game-in-collections = 所在收藏
game-record = 导入时的原始棋谱
game-col-n = 第 { $col } 列

# HotW 战斗记号（回合表下的图例）。
battle-f = 守方有要塞
battle-W = 长城
battle-St = 海峡
battle-For = 森林
battle-M = 山脉
battle-sea = 海岸防御
battle-V = 攻方获胜并占领
battle-X = 攻方失败
battle-draw = 双方各失一军
battle-R = 攻方停止进攻
battle-capital-city = 首都降为城市
battle-cX = 城市被移除
battle-fX = 要塞被移除
battle-mX = 纪念碑被移除

# 三国着法说明：棋子、起止点、吃子。
sanguo-move = { $piece }（{ $from }）→（{ $to }）
sanguo-takes = ，吃{ $side }{ $piece }

# 棋盘说明与棋子提示。
board-setup = 开局摆法
board-standard-setup = 标准开局摆法
board-after-ply = 第 { $ply } 步后：{ $side } { $move }
board-after-turn = 第 { $turn } 回合后：{ $what }
board-from = ，原属{ $side }
board-wec-piece = { $colour }{ $piece }（{ $level }）位于（{ $row },{ $col }）
board-level-ground = 地面
board-level-air = 空中
board-level-sub = 水下
board-carrying = ，携带 { $articles }
board-stunned = ，被电晕
board-wec-article = { $article }在地面（{ $row },{ $col }）

# 棋谱在着法以外记下的事。
hotw-final-scores = 棋谱所记的最终得分：
hotw-closing-line = 结尾一行：
sanguo-event-alliance = { $by }与{ $with }结盟
sanguo-event-kill-han = { $by }杀汉
sanguo-event-eliminate = { $by }灭{ $sides }
sanguo-event-stalemate = { $by }困{ $side }
sanguo-event-win = { $side }胜
sanguo-event-draw = { $sides }和棋
sanguo-final-status = 最终状态：
wec-event-win = { $colour }胜：敌方的主政府棋子已倒下

# HotW 回合的扩张。
hotw-by-sea = 经海路
hotw-battle = 战斗：
hotw-builds = 建造

# 大洪水棋谱所记的每个冬季。
deluge-winter = { $year } 年冬季：{ $what }
deluge-submerged = 淹没：
deluge-new-centres = 新补给中心：
deluge-drowned = 溺毙：
deluge-position-unknown = （棋谱无法确定局面）
deluge-no-change = 没有变化
deluge-survivor = { $power } 是 1908 年冬季后唯一的幸存者
deluge-survivors = { $powers } 撑过了 1908 年冬季
game-position-link = 走到这个局面的棋局
game-board-legend = 棋盘上的字母代表什么

# The units after each phase of a Diplomacy game (one line a power), and the centres after a winter.
game-units-after = 各阶段后的部队
game-units-none = 没有部队
game-centres-after = 补给中心：
deluge-power-units = { $power }：{ $units }
deluge-power-centres = { $power }（{ $count }）：{ $centres }
