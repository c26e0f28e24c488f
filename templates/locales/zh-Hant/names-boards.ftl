# 三國演弈棋的陣營與棋子、WEC 的棋子與配件（繁體）。
# Sources: 三國演弈棋's notation (sides 吴 魏 蜀 汉, pieces 车 马 炮 相 士 将 兵) in the traditional forms
# Hong Kong and Taiwan xiangqi players write (車 馬 砲 仕 將); WEC: the WEC manual's piece and article
# codes, translated (the manual gives English and Korean names only).

sanguo-side-wu = 吳
sanguo-side-wei = 魏
sanguo-side-shu = 蜀
sanguo-side-han = 漢

sanguo-piece-chariot = 車
sanguo-piece-horse = 馬
sanguo-piece-cannon = 砲
sanguo-piece-elephant = 相
sanguo-piece-advisor = 仕
sanguo-piece-general = 將
sanguo-piece-soldier = 兵

wec-piece-DO = 推土機
wec-piece-TA = 坦克
wec-piece-CH = 直升機
wec-piece-JE = 噴射機
wec-piece-SU = 潛艇
wec-piece-DS = 驅逐艦
wec-piece-AAA = 防空炮
wec-piece-CL = 教士
wec-piece-Q = 王后
wec-piece-K = 國王
wec-piece-PR = 總統
wec-piece-PM = 總理
wec-piece-DI = 獨裁者
wec-piece-AS = 刺客
wec-piece-AC = 侍僧
wec-piece-AV = 化身
wec-piece-RP = 火箭兵
wec-piece-FP = 火焰兵
wec-piece-SHP = 隱形兵
wec-piece-SP = 電擊兵
wec-piece-CP = 轉化兵
wec-piece-XP = XXX 兵
wec-piece-SOP = 防空魚雷兵

wec-article-FL = 火焰
wec-article-ST = 電擊槍
wec-article-CS = 轉化符
wec-article-TL = 魚雷發射器
wec-article-RL = 火箭發射器
wec-article-SL = 防空飛彈發射器
wec-article-SH = 隱形
wec-article-XXX = XXX 盒
wec-article-ARL = 反火箭
wec-article-ASL = 反防空飛彈
wec-article-ATL = 反魚雷
wec-article-ACS = 反轉化
wec-article-AST = 反電擊槍
wec-article-AFL = 反火焰
wec-article-ASH = 反隱形
wec-article-BI = 機車
wec-article-SC = 潛水裝備
wec-article-JU = 噴射背包
wec-article-TK = 魚雷擊殺
wec-article-RK = 火箭擊殺
wec-article-SK = 防空飛彈擊殺
