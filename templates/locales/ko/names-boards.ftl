# 삼국연혁기의 진영과 기물, WEC의 기물과 장비(한국어).
# Sources: 三国演弈棋's notation (sides 吴 魏 蜀 汉 read 오 위 촉 한; pieces as janggi names them: 차 마 포 상
# 사 장 병); WEC: the Korean names of the WEC manual's piece and article list (도저, 탱크, 헬기, 제트,
# 성직자, 여왕, 대통령, 총리, 독재자, 암살자, 복사, 아바타, 불꽃, 마취총, 스텔스, 점프 팩, 스쿠버…), where
# its machine translation misreads a term (pawn as 전당포, destroyer as 파괴자, sub as 서브) the usual
# Korean word (폰, 구축함, 잠수함).

sanguo-side-wu = 오
sanguo-side-wei = 위
sanguo-side-shu = 촉
sanguo-side-han = 한

sanguo-piece-chariot = 차
sanguo-piece-horse = 마
sanguo-piece-cannon = 포
sanguo-piece-elephant = 상
sanguo-piece-advisor = 사
sanguo-piece-general = 장
sanguo-piece-soldier = 병

wec-piece-DO = 도저
wec-piece-TA = 탱크
wec-piece-CH = 헬기
wec-piece-JE = 제트기
wec-piece-SU = 잠수함
wec-piece-DS = 구축함
wec-piece-AAA = 대공포
wec-piece-CL = 성직자
wec-piece-Q = 여왕
wec-piece-K = 왕
wec-piece-PR = 대통령
wec-piece-PM = 총리
wec-piece-DI = 독재자
wec-piece-AS = 암살자
wec-piece-AC = 복사
wec-piece-AV = 아바타
wec-piece-RP = 로켓 발사기 폰
wec-piece-FP = 불꽃 폰
wec-piece-SHP = 스텔스 폰
wec-piece-SP = 마취총 폰
wec-piece-CP = 전환 폰
wec-piece-XP = XXX 폰
wec-piece-SOP = SAM·어뢰 폰

wec-article-FL = 불꽃
wec-article-ST = 마취총
wec-article-CS = 전환 기호
wec-article-TL = 어뢰 발사기
wec-article-RL = 로켓 발사기
wec-article-SL = SAM 발사기
wec-article-SH = 스텔스
wec-article-XXX = XXX 상자
wec-article-ARL = 안티 로켓
wec-article-ASL = 안티 SAM
wec-article-ATL = 안티 어뢰
wec-article-ACS = 안티 전환
wec-article-AST = 안티 마취총
wec-article-AFL = 안티 불꽃
wec-article-ASH = 안티 스텔스
wec-article-BI = 자전거
wec-article-SC = 스쿠버
wec-article-JU = 점프 팩
wec-article-TK = 어뢰 격파
wec-article-RK = 로켓 격파
wec-article-SK = SAM 격파
