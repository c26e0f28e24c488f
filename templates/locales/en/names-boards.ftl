# 三国 sides and pieces, WEC pieces and articles, in English.
# Sources: 三国演弈棋's notation (sides 吴 魏 蜀 汉; pieces 车 马 炮 相 士 将 兵, named as xiangqi's
# are in English); the WEC manual's list of piece and article codes.

sanguo-side-wu = Wu
sanguo-side-wei = Wei
sanguo-side-shu = Shu
sanguo-side-han = Han

sanguo-piece-chariot = chariot
sanguo-piece-horse = horse
sanguo-piece-cannon = cannon
sanguo-piece-elephant = elephant
sanguo-piece-advisor = advisor
sanguo-piece-general = general
sanguo-piece-soldier = soldier

wec-piece-DO = dozer
wec-piece-TA = tank
wec-piece-CH = chopper
wec-piece-JE = jet
wec-piece-SU = sub
wec-piece-DS = destroyer
wec-piece-AAA = AAA
wec-piece-CL = cleric
wec-piece-Q = queen
wec-piece-K = king
wec-piece-PR = president
wec-piece-PM = prime minister
wec-piece-DI = dictator
wec-piece-AS = assassin
wec-piece-AC = acolyte
wec-piece-AV = avatar
wec-piece-RP = rocket launcher pawn
wec-piece-FP = flame pawn
wec-piece-SHP = stealth pawn
wec-piece-SP = stun gun pawn
wec-piece-CP = conversion pawn
wec-piece-XP = XXX pawn
wec-piece-SOP = SAM and torpedo pawn

wec-article-FL = flame
wec-article-ST = stun gun
wec-article-CS = conversion symbol
wec-article-TL = torpedo launcher
wec-article-RL = rocket launcher
wec-article-SL = SAM launcher
wec-article-SH = stealth
wec-article-XXX = XXX box
wec-article-ARL = anti-rocket
wec-article-ASL = anti-SAM
wec-article-ATL = anti-torpedo
wec-article-ACS = anti-conversion
wec-article-AST = anti-stun gun
wec-article-AFL = anti-flame
wec-article-ASH = anti-stealth
wec-article-BI = bike
wec-article-SC = scuba
wec-article-JU = jump pack
wec-article-TK = torpedo kill
wec-article-RK = rocket kill
wec-article-SK = SAM kill
