# 新成员会遇到的：带帝国的 HotW 结果、管理员的合并表单、从对局页或搜索把对局加入收藏。

## HotW 结果
hotw-result-empires = { $result }（{ $empires }）
hotw-empires-separator = 、
game-col-end = 终局

## 合并选手与赛事（管理员）
merge-heading = 合并到另一条
merge-into-label = 把这一条合并到（编号或名称）
merge-button = 合并
merge-help = 它的对局、别名与评分会移到另一条；合并可以在此撤销：
merge-page-link = 合并记录页
merge-done = 编号 { $id } 已合并到这一条。
merge-nothing-named = 没有名为“{ $name }”的记录：请填编号，或档案库所写的名称。
merge-several-named = 有多条名为“{ $name }”：请填要保留那一条的编号。
merges-title = 合并记录
merges-intro = 最近的选手与赛事合并。撤销后，被合并的记录会带着原编号与对局回来。
merges-undone = 合并 { $id } 已撤销。
merges-none = 尚无合并。
merges-into-n = 编号 { $id }
merges-player = 选手
merges-event = 赛事
merges-undone-at = 已于 { $when } 撤销
merges-undo = 撤销

## 把对局加入收藏
collect-summary = 加入收藏
collect-collection = 收藏
collect-ply = 于第几步
collect-button = 加入
collect-added = 已把对局 { $game } 加入“{ $collection }”。
collect-held = 对局 { $game } 已在“{ $collection }”里：未加入。
collect-past-end = 未加入“{ $collection }”：第 { $ply } 步超出对局 { $game } 的结尾（共 { $plies } 步）。
collect-held-here = 对局 { $game } 已在这个收藏里
collect-ply-past-end = 第 { $ply } 步超出对局 { $game } 的结尾（共 { $plies } 步）
