# 录谱台、预览与棋谱的版本历史。

game-history = 历史
game-correct = 更正这份棋谱
game-moves-shown = 共 { $total } 步，显示 { $shown } 步。
game-moves-earlier = « 较前的着法
game-moves-later = 较后的着法 »

desk-title = 录谱台
desk-correcting = 正在更正
desk-game-link = 第 { $id } 局
desk-version = （第 { $version } 版）
desk-new-note = 输入新棋谱：导入能读的任何记录法都可以。保存之前不会存储任何内容。
desk-record-text = 棋谱内容
desk-detect = 根据内容判断
desk-show-after = 显示第几步之后
desk-show-after-placeholder = 终局
desk-preview = 预览
desk-note = 备注
desk-note-placeholder = 更正了什么
desk-save = 保存
desk-save-next = 保存为下一版
desk-needs-editor = 需要棋社的编辑或管理员才能保存。
desk-log-in-to-save = 以编辑身份登录即可保存。
desk-games-read = 读到 { $n } 局
desk-from-line = 从第 { $line } 行起
desk-result = 结果 { $result }
desk-moves = { $n } 步
desk-shown-after = 显示第 { $ply } 步之后（共 { $plies } 步）。
desk-empty = 输入或粘贴棋谱后点"预览"：每行的诊断会显示在旁边，并显示所选那一步之后的棋局。

history-title = { $title } 的历史
history-heading = 历史：
history-col-version = 版本
history-col-saved = 保存时间
history-col-by = 保存者
history-col-note = 备注
history-col-text = 内容
history-raw = 原文
history-from = 从版本
history-to = 到版本
history-compare = 比较
history-versions = 第 { $a } 版 → 第 { $b } 版
history-changes = 删除 { $removed } 行，新增 { $added } 行。
history-same = 两个版本的内容相同。
history-one-version = 这份棋谱只有一个版本：导入时的内容。
