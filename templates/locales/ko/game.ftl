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
