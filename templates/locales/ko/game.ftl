# 게임 한 판의 페이지.

game-result = 결과:
game-from = 출처 { $source }
game-players = 플레이어
game-col-seat = 자리
game-col-player = 플레이어
game-col-colour = 색
game-winner = 승자
game-errors = 오류 { $n }개
game-warnings = 경고 { $n }개
game-notes = 참고 { $n }개
game-centres-by-year = 연도별 보급 중심지
game-score-by-epoch = 시대별 점수
game-score-chart = 플레이어별 시대 점수
game-epoch = 제{ $epoch }시대
game-col-turn = 턴
game-col-empire = 제국
game-col-play = 행동
game-col-score = 점수
game-builds = 건설:
game-battle-notation = 전투 기호
game-checkpoints = 중단 시점 스냅숏 { $n }개가 기록되어 있습니다(JSON 참조).
game-events = 사건
game-board = 판
game-step-label = 한 수씩 보기
game-step-start = « 처음
game-step-back = ◀ 이전 수
game-ply-of = { $plies }수 중 { $ply }수째
game-step-forward = 다음 수 ▶
game-step-end = 끝 »
game-moves = 수순
game-col-ply = 수
game-col-round = 라운드
game-col-side = 진영
game-col-move = 수
game-in-collections = 포함된 컬렉션
game-record = 가져온 원본 기보
game-col-n = { $col }열

# HotW 전투 기호(턴 표 아래의 범례).
battle-f = 방어 측에 요새가 있음
battle-W = 만리장성
battle-St = 해협
battle-For = 숲
battle-M = 산악
battle-sea = 해안 방어
battle-V = 공격 측이 이기고 점령
battle-X = 공격 측 패배
battle-draw = 양측이 군대 하나씩 잃음
battle-R = 공격 측이 공격을 멈춤
battle-capital-city = 수도가 도시로 격하
battle-cX = 도시 제거
battle-fX = 요새 제거
battle-mX = 기념물 제거

# 삼국 수 설명: 기물, 출발점과 도착점, 잡은 기물.
sanguo-move = { $piece } ({ $from }) → ({ $to })
sanguo-takes = , { $side }의 { $piece }을(를) 잡음

# 판의 설명과 기물 설명.
board-setup = 처음 배치
board-standard-setup = 표준 처음 배치
board-after-ply = { $ply }수 뒤: { $side } { $move }
board-after-turn = { $turn }턴 뒤: { $what }
board-from = , 원래 { $side }의 기물
board-wec-piece = { $colour } { $piece }({ $level }), 위치 ({ $row },{ $col })
board-level-ground = 지상
board-level-air = 공중
board-level-sub = 수중
board-carrying = , { $articles } 장착
board-stunned = , 마비됨
board-wec-article = 지상 ({ $row },{ $col })의 { $article }

# 기보가 수 말고 적어 둔 것.
hotw-final-scores = 기보에 적힌 최종 점수:
hotw-closing-line = 마지막 줄:
sanguo-event-alliance = { $by }와(과) { $with } 동맹
sanguo-event-kill-han = { $by }이(가) 한을 멸함
sanguo-event-eliminate = { $by }이(가) { $sides }을(를) 멸함
sanguo-event-stalemate = { $by }이(가) { $side }을(를) 가둠
sanguo-event-win = { $side } 승리
sanguo-event-draw = { $sides } 무승부
sanguo-final-status = 최종 상태:
wec-event-win = { $colour } 승리: 상대의 주 정부 기물이 쓰러짐

# HotW 턴의 확장.
hotw-by-sea = 바다 경유
hotw-battle = 전투:
hotw-builds = 건설

# 대홍수 기보가 적은 겨울마다의 일.
deluge-winter = { $year }년 겨울: { $what }
deluge-submerged = 잠김:
deluge-new-centres = 새 보급 중심지:
deluge-drowned = 익사:
deluge-position-unknown = (기보로는 국면을 알 수 없음)
deluge-no-change = 변화 없음
deluge-survivor = 1908년 겨울 뒤 { $power }만 살아남음
deluge-survivors = 1908년 겨울 뒤 살아남은 나라: { $powers }
game-position-link = 이 국면에 이른 게임
game-board-legend = 판 위 글자의 뜻

# The units after each phase of a Diplomacy game (one line a power), and the centres after a winter.
game-units-after = 각 단계 뒤의 유닛
game-units-none = 유닛 없음
game-centres-after = 보급 센터:
deluge-power-units = { $power }: { $units }
deluge-power-centres = { $power } ({ $count }): { $centres }
