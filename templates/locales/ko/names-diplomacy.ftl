# 디플로머시(Diplomacy)와 대홍수(Deluge) 변형의 일곱 강대국(한국어).
# Source: the names Korean Diplomacy players write for the standard map's powers (the same names
# the notation reader accepts in `import/src/deluge/map.rs`): 영국 프랑스 독일 이탈리아 오스트리아
# 러시아 터키.

diplomacy-power-England = 영국
diplomacy-power-France = 프랑스
diplomacy-power-Germany = 독일
diplomacy-power-Italy = 이탈리아
diplomacy-power-Austria = 오스트리아
diplomacy-power-Russia = 러시아
diplomacy-power-Turkey = 터키
