# 每页共用：导航、搜索框、语言切换、棋类名称，以及数据中的小词（严重程度、结果、角色、标签）。

nav-games = 棋局
nav-search = 搜索
nav-stats-hotw = HotW 统计
nav-explorer-sanguo = 三国开局库
nav-explorer-wec = WEC 开局库
nav-events = 赛事
nav-players = 棋手
nav-imports = 导入
nav-collections = 收藏
nav-account = 账户
search-placeholder = 魏杀汉、empire:Sumer、player:Lin year:2017
search-label = 搜索棋谱库
search-button = 搜索
lang-switch-label = 语言

kind-hotw = 世界史（History of the World）
kind-sanguo = 三国演弈棋
kind-wec = 武装象棋（WEC）
kind-deluge = 外交：大洪水（Deluge）
kind-diplomacy = 外交（Diplomacy）

filter-kind = 棋类
filter-kind-all = 全部
filter-button = 筛选
pager-previous = ← 上一页
pager-next = 下一页 →
game-n = 第 { $id } 局
count-games = { $n } 局
col-w = 胜
col-d = 和
col-l = 负
label-won = 胜方

error-title = 错误 { $status }
error-back = 返回棋谱库
error-internal = 服务器出了问题，请稍后再试。
error-no-page = 没有这个页面。

severity-error = 错误
severity-warning = 警告
severity-info = 提示
outcome-win = 胜
outcome-draw = 和
outcome-loss = 负
role-admin = 管理员
role-editor = 编辑
role-viewer = 读者

tag-Event = 赛事
tag-Site = 地点
tag-Date = 日期
tag-Round = 轮次
tag-Result = 结果
tag-Title = 标题
tag-Source = 来源
tag-Transcriber = 记录者
tag-Game = 棋类
tag-White = 白方
tag-Black = 黑方

colour-red = 红
colour-blue = 蓝
colour-green = 绿
colour-yellow = 黄
colour-black = 黑
colour-white = 白
colour-orange = 橙
colour-purple = 紫
colour-brown = 棕
colour-pink = 粉红

wec-black = 黑方
wec-white = 白方
