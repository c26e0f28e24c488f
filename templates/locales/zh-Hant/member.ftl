# 新成員會遇到的：帶帝國的 HotW 結果、管理員的合併表單、從對局頁或搜尋把對局加入收藏。

## HotW 結果
hotw-result-empires = { $result }（{ $empires }）
hotw-empires-separator = 、
game-col-end = 終局

## 合併選手與賽事（管理員）
merge-heading = 合併到另一筆
merge-into-label = 把這一筆合併到（編號或名稱）
merge-button = 合併
merge-help = 它的對局、別名與評分會移到另一筆；合併可以在此撤銷：
merge-page-link = 合併紀錄頁
merge-done = 編號 { $id } 已合併到這一筆。
merge-nothing-named = 沒有名為「{ $name }」的紀錄：請填編號，或檔案庫所寫的名稱。
merge-several-named = 有多筆名為「{ $name }」：請填要保留那一筆的編號。
merges-title = 合併紀錄
merges-intro = 最近的選手與賽事合併。撤銷後，被合併的紀錄會帶著原編號與對局回來。
merges-undone = 合併 { $id } 已撤銷。
merges-none = 尚無合併。
merges-into-n = 編號 { $id }
merges-player = 選手
merges-event = 賽事
merges-undone-at = 已於 { $when } 撤銷
merges-undo = 撤銷

## 把對局加入收藏
collect-summary = 加入收藏
collect-collection = 收藏
collect-ply = 於第幾手
collect-button = 加入
collect-added = 已把對局 { $game } 加入「{ $collection }」。
collect-held = 對局 { $game } 已在「{ $collection }」裡：未加入。
collect-past-end = 未加入「{ $collection }」：第 { $ply } 手超出對局 { $game } 的結尾（共 { $plies } 手）。
collect-held-here = 對局 { $game } 已在這個收藏裡
collect-ply-past-end = 第 { $ply } 手超出對局 { $game } 的結尾（共 { $plies } 手）
