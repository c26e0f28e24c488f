# 三国演弈棋的阵营与棋子、WEC 的棋子与配件（简体）。
# Sources: 三国演弈棋's notation, which names its sides 吴 魏 蜀 汉 and its pieces 车 马 炮 相 士 将 兵;
# WEC: the WEC manual's piece and article codes, translated (the manual gives English and Korean
# names only).

sanguo-side-wu = 吴
sanguo-side-wei = 魏
sanguo-side-shu = 蜀
sanguo-side-han = 汉

sanguo-piece-chariot = 车
sanguo-piece-horse = 马
sanguo-piece-cannon = 炮
sanguo-piece-elephant = 相
sanguo-piece-advisor = 士
sanguo-piece-general = 将
sanguo-piece-soldier = 兵

wec-piece-DO = 推土机
wec-piece-TA = 坦克
wec-piece-CH = 直升机
wec-piece-JE = 喷气机
wec-piece-SU = 潜艇
wec-piece-DS = 驱逐舰
wec-piece-AAA = 防空炮
wec-piece-CL = 教士
wec-piece-Q = 王后
wec-piece-K = 国王
wec-piece-PR = 总统
wec-piece-PM = 总理
wec-piece-DI = 独裁者
wec-piece-AS = 刺客
wec-piece-AC = 侍僧
wec-piece-AV = 化身
wec-piece-RP = 火箭兵
wec-piece-FP = 火焰兵
wec-piece-SHP = 隐形兵
wec-piece-SP = 电击兵
wec-piece-CP = 转化兵
wec-piece-XP = XXX 兵
wec-piece-SOP = 防空鱼雷兵

wec-article-FL = 火焰
wec-article-ST = 电击枪
wec-article-CS = 转化符
wec-article-TL = 鱼雷发射器
wec-article-RL = 火箭发射器
wec-article-SL = 防空导弹发射器
wec-article-SH = 隐形
wec-article-XXX = XXX 盒
wec-article-ARL = 反火箭
wec-article-ASL = 反防空导弹
wec-article-ATL = 反鱼雷
wec-article-ACS = 反转化
wec-article-AST = 反电击枪
wec-article-AFL = 反火焰
wec-article-ASH = 反隐形
wec-article-BI = 摩托车
wec-article-SC = 潜水装备
wec-article-JU = 喷气背包
wec-article-TK = 鱼雷击杀
wec-article-RK = 火箭击杀
wec-article-SK = 防空导弹击杀
