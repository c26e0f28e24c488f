# 代码中组成的文字：页面上的错误信息、为没有标题的棋局所组的标题、开局库的范围、图表的提示、
# 结果，以及表单的通知。

err-no-game = 没有第 { $id } 局。
err-no-version = 第 { $id } 局没有第 { $n } 版。
err-no-event = 没有编号 { $id } 的赛事
err-no-player = 没有编号 { $id } 的棋手
err-no-collection = 没有编号 { $id } 的收藏
err-no-merge = 没有编号 { $id } 的合并
err-no-public-collection = 这个链接没有对应的公开收藏
err-collection-other-club = 收藏 { $id } 属于另一个俱乐部
err-collection-no-item = 收藏 { $id } 没有条目 { $item }
err-collection-no-section = 收藏 { $id } 没有章节 { $s }
err-game-in-collection = 第 { $id } 局已在这个收藏中
err-game-not-in-collection = 第 { $id } 局不在收藏 { $c } 中
err-item-needs = 条目需要一局棋、一段注记，或两者兼有
err-no-stats = 没有“{ $kind }”的统计（hotw、sanguo、wec）
err-no-table = { $kind } 没有“{ $table }”表
err-no-explorer = 外交：大洪水没有开局库
err-explorer-kinds = 开局库只涵盖 sanguo 与 wec，不含 { $kind }
err-explorer-scope-plies = 限定赛事、棋手或收藏的开局库只涵盖前 { $n } 步
err-explorer-offset = 开局库的棋局 offset 最多为 { $n }
err-explorer-moves = 最多 { $n } 步
err-unknown-kind = 未知的棋类“{ $kind }”（hotw、sanguo、wec 或 deluge）
err-positive-number = { $what }须为正整数，而非“{ $v }”
err-whole-number = { $what }须为整数，而非“{ $v }”
err-number-range = { $name } 须为 { $min } 到 { $max } 的整数，而非“{ $v }”
err-param-too-long = { $name } 最多 { $max } 个字符
err-year = year 须为年份（如 2017）或范围（如 1990..1999），而非“{ $v }”
err-year-param = { $name } 须为年份（如 1999），而非“{ $v }”
err-year-range-empty = 年份范围 { $a }..{ $b } 是空的
err-collection-param = collection 须为收藏的编号
err-position-param = position 须为局面的键：16 位十六进制数字
err-sort-param = sort 须为 newest、date、oldest 或 event
err-no-seat = 棋手 { $id } 在这些棋局中没有座位
err-required = 必须填写{ $what }
err-longer-than = { $what }超过 { $max } 个字符
err-not-empty = { $what }不可为空
err-printable = { $what }须为 1 到 100 个可打印字符
err-wrong-login = 俱乐部、名称或密码错误
err-log-in = 请先登录
err-token-unknown = 这个令牌不存在、已被撤销，或是已用过的邀请
err-password-short = 密码至少要 8 个字符
err-password-missing = 请输入新密码
err-too-many-logins = 这个地址登录失败太多次，请在 { $n } 秒后再试
err-logins-at-once = 同时登录的人太多，请稍后再试
err-login-stale = 登录表单已过期或被伪造，请重新加载
err-sign-in-stale = 登录表单已过期或被伪造，请重新加载
err-form-stale = 表单已过期或被伪造（CSRF 令牌不符），请重新加载页面
err-club-exists = 名为 { $name } 的俱乐部已存在
err-member-exists = { $name } 已经是成员
err-text-empty = 内容是空的：请输入或粘贴棋谱
err-text-many-games = 内容有 { $n } 局；更正只能是一局棋的棋谱
err-text-other-game = 更正后的内容已经是第 { $id } 局的棋谱
err-shutting-down = 服务正在关闭
err-what-game-id = 棋局编号
err-what-event-id = 赛事编号
err-what-player-id = 棋手编号
err-what-collection-id = 收藏编号
err-what-item-id = 条目编号
err-what-merge-id = 合并编号
err-what-token-id = 令牌编号
err-what-version = 版本号
err-what-club-name = 俱乐部名称
err-what-member-name = 成员名称
err-what-name = 名称
err-what-description = 说明
err-what-section-title = 章节标题
err-what-note = 注记
err-what-the-game = 棋局
err-what-the-ply = 步数
err-what-the-section = 章节

title-with-result = { $players }（{ $result }）
title-more-players = { $names }…（共 { $n } 位棋手）
title-numbered = { $kind }第 { $id } 局
title-event-round = { $event } 第 { $round } 轮
title-event-game = { $event }（第 { $id } 局）

scope-event = 赛事“{ $name }”
scope-player = { $name }
scope-player-seat = { $name }执{ $seat }
scope-collection = 收藏“{ $name }”
list-join = 、

chart-gain-tip = { $empire }（第 { $epoch } 纪元）：{ $turns } 回合平均得 { $gain } 分
chart-won-tip = { $side }：{ $total } 局中胜 { $n } 局
chart-drew-tip = { $side }：{ $total } 局中和 { $n } 局
chart-lost-tip = { $side }：{ $total } 局中负 { $n } 局
chart-score-tip = { $player }：第 { $epoch } 纪元 { $score } 分
chart-centres-tip = { $power }：{ $year } 年冬季后 { $n } 个补给中心

result-wins = { $side }胜
result-draw = 和局
result-survives = { $power }幸存
result-survive = { $powers }幸存
result-no-survivor = 无人幸存
result-record-draw = { $powers }和局（依棋谱所记）
result-record-wins = { $powers }胜（依棋谱所记）

notice-password-saved = 密码已保存：请以俱乐部、名称和密码登录。
notice-password-not-changed = 密码没有更改：{ $reason }。
notice-nobody-invited = 没有邀请任何人：{ $reason }。
notice-added-game = 已将第 { $id } 局加入这个收藏。
notice-added-note = 已将注记加入这个收藏。
notice-nothing-added = 没有加入任何内容：{ $reason }。

paste-nothing-stored = 没有保存任何内容：粘贴的文字中没有棋谱。
paste-stored = 已在棋谱库中保存 { $n } 局新棋。
paste-duplicates = { $n ->
    [one] 这局棋
   *[other] 其中 { $n } 局
}已在棋谱库中，不再重复保存。
paste-added = 已将 { $n } 局加入这个收藏。
paste-kept = 有 { $n } 局已在这个收藏中，不重复加入。
paste-rejected = 有 { $n } 局无法读取，没有保存（原因见下方）。
paste-needs-kind = 棋谱中没有说明是哪种棋：请在粘贴框旁选择棋类，再导入一次。
paste-unknown-kind = 无法判断这份棋谱是哪种棋：它没有 Game 标签；请选择棋类（或在开头加上一行如 [Game "Sanguo"]）
paste-problem = 第 { $line } 行第 { $col } 列：{ $message }（{ $severity }，{ $code }）

desk-turn = 第 { $ply } 回合（共 { $total } 回合）：第 { $epoch } 纪元，{ $player } 使用 { $empire }。
desk-turn-score = 第 { $ply } 回合（共 { $total } 回合）：第 { $epoch } 纪元，{ $player } 使用 { $empire }，得分 { $score }。
desk-before-turns = 在 { $total } 回合中的第一回合之前。
desk-scores = 得分：{ $scores }
desk-order = 第 { $ply } 道命令（共 { $total } 道）：{ $phase } — { $order }
desk-order-result = 结果：{ $result }
desk-centres = { $year } 年后的补给中心：{ $counts }
desk-before-orders = 在 { $total } 道命令中的第一道之前。
desk-nothing-stored = 没有保存任何内容：请看诊断信息。

order-result-succeeds = 成功
order-result-bounced = 弹回
order-result-fails = 失败
order-result-cut = 支援被切断
order-result-void = 无效
order-result-dislodged = 被逐出
order-result-no-convoy = 无人运输
order-result-destroyed = 被消灭
order-result-drowned = 淹没
order-no-retreat = 无处撤退
order-may-retreat = 可撤退至 { $places }
