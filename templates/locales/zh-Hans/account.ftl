# 账户与登录、邀请、分页、下载、把棋谱粘贴进收藏。

account-title = 我的账户
account-signed-in-as = 当前登录：
account-col-club = 棋社
account-col-role = 角色
account-sign-out = 退出登录
account-change-password = 修改密码
account-set-password = 设置密码
account-token-note = 你是用令牌登录的。设置密码后，可以用棋社、名称和密码登录。
account-new-password = 新密码（至少 8 个字符）
account-save-password = 保存密码
account-invited = 已邀请 { $name } 担任{ $role }。请把这个登录链接（或令牌）交给对方；只能使用一次，之后不会再显示：
account-token = 令牌：
account-members = { $club } 的成员
account-col-name = 名称
account-col-signs-in = 登录方式
account-with-password = 密码
account-with-invitation = 邀请（尚未使用）
account-with-token = 令牌
account-invite-heading = 邀请成员
account-role-editor = 编辑：整理收藏
account-role-viewer = 读者：查看私有收藏
account-role-admin = 管理员：还可以邀请成员
account-invite = 邀请
account-club-collections = 本棋社的收藏

login-signed-in = 你已登录：{ $club } 的 { $name }。
login-your-account = 我的账户
login-with-password = 用密码登录
login-password-note = 成员设置密码后（在下方或账户页）才有密码。新棋社的管理员还没有密码：这条命令已为他打印了一个令牌：
login-with-token = 用登录令牌
login-token-note = 下面的命令为棋社第一位管理员打印的令牌，或管理员邀请你时给你的一次性令牌。可以在这里设置密码，下次就用密码登录。
login-token = 令牌
login-new-password-optional = 新密码（可不填，至少 8 个字符）
login-token-button = 用令牌登录

pager-none = 没有。
pager-past-end = 这一页没有内容；列表共有 { $total } 项。
pager-range = { $what }：第 { $from }–{ $to } 项，共 { $total } 项。

download-list = 下载这个列表：
download-these = 下载这些棋局：
download-games = 下载棋局：
download-records = 棋谱
game-download-record = 下载棋谱

collection-paste-heading = 把棋谱粘贴进这个收藏
collection-paste-note = 可以粘贴一局或多局，用各自的记录法。棋谱库已有的棋局不会重复保存，只会加入这个收藏一次。
collection-paste-kind = 棋类（棋谱未注明时）
collection-paste-kind-record = 按棋谱所写
collection-records-label = 棋谱

events-intro = 锦标赛、联赛和棋社活动：同一个 Event 标签下的棋局。
events-name = 名称
events-col-kind = 棋类
games-filters-note = 筛选条件与搜索字段使用相同的名称和值
games-filters-see-search = 见搜索页
games-filter-side = 阵营
games-filter-winner = 胜方

event-col-unscored = 未计分
event-unscored-title = 已对局但结果不明
event-games-count = 这个赛事共 { $n } 局
event-without-result = ；其中 { $n } 局没有结果，算作已对局但不计分（没有计分棋局的棋手暂无名次）
event-without-players = 以下棋局没有列出棋手，不计入排名：
game-moments = 本局要事
