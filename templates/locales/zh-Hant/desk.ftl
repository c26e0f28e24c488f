# 錄譜台、預覽與棋譜的版本歷史。

game-history = 歷史
game-correct = 更正這份棋譜
game-moves-shown = 共 { $total } 手，顯示 { $shown } 手。
game-moves-earlier = « 較前的着法
game-moves-later = 較後的着法 »

desk-title = 錄譜台
desk-correcting = 正在更正
desk-game-link = 第 { $id } 局
desk-version = （第 { $version } 版）
desk-new-note = 輸入新棋譜：匯入能讀的任何記錄法都可以。儲存前不會存入任何內容。
desk-record-text = 棋譜內容
desk-detect = 依內容判斷
desk-show-after = 顯示第幾手之後
desk-show-after-placeholder = 終局
desk-preview = 預覽
desk-note = 備註
desk-note-placeholder = 更正了甚麼
desk-save = 儲存
desk-save-next = 儲存為下一版
desk-needs-editor = 需要棋會的編輯或管理員才能儲存。
desk-log-in-to-save = 以編輯身分登入即可儲存。
desk-games-read = 讀到 { $n } 局
desk-from-line = 由第 { $line } 行起
desk-result = 結果 { $result }
desk-moves = { $n } 手
desk-shown-after = 顯示第 { $ply } 手之後（共 { $plies } 手）。
desk-empty = 輸入或貼上棋譜後按「預覽」：每行的診斷會顯示在旁邊，並顯示所選那一手之後的棋局。

history-title = { $title } 的歷史
history-heading = 歷史：
history-col-version = 版本
history-col-saved = 儲存時間
history-col-by = 儲存者
history-col-note = 備註
history-col-text = 內容
history-raw = 原文
history-from = 由版本
history-to = 至版本
history-compare = 比較
history-versions = 第 { $a } 版 → 第 { $b } 版
history-changes = 刪除 { $removed } 行，新增 { $added } 行。
history-same = 兩個版本的內容相同。
history-one-version = 這份棋譜只有一個版本：匯入時的內容。
