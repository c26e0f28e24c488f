# 모든 페이지에 공통: 메뉴, 검색창, 언어 전환, 게임 종류, 저장된 데이터의 짧은 말(심각도, 결과, 역할, 태그).

nav-games = 게임
nav-search = 검색
nav-stats-hotw = HotW 통계
nav-explorer-sanguo = 삼국 오프닝 탐색
nav-explorer-wec = WEC 오프닝 탐색
nav-events = 대회
nav-players = 플레이어
nav-imports = 가져오기
nav-collections = 컬렉션
nav-account = 계정
search-placeholder = 魏杀汉, empire:Sumer, player:Lin year:2017
search-label = 기보 보관소 검색
search-button = 검색
lang-switch-label = 언어

kind-hotw = 세계의 역사(History of the World)
kind-sanguo = 삼국연혁기(三国演弈棋)
kind-wec = 무기 체스(WEC)
kind-deluge = 디플로머시: 대홍수(Deluge)
kind-diplomacy = 디플로머시(Diplomacy)

filter-kind = 종류
filter-kind-all = 전체
filter-button = 적용
pager-previous = ← 이전
pager-next = 다음 →
game-n = { $id }번 게임
count-games = { $n }게임
col-w = 승
col-d = 무
col-l = 패
label-won = 승자

error-title = 오류 { $status }
error-back = 보관소로 돌아가기
error-internal = 서버에 문제가 생겼습니다. 잠시 후 다시 시도해 주세요.
error-no-page = 그런 페이지는 없습니다.

severity-error = 오류
severity-warning = 경고
severity-info = 참고
outcome-win = 승
outcome-draw = 무승부
outcome-loss = 패
role-admin = 관리자
role-editor = 편집자
role-viewer = 열람자

tag-Event = 대회
tag-Site = 장소
tag-Date = 날짜
tag-Round = 라운드
tag-Result = 결과
tag-Title = 제목
tag-Source = 출처
tag-Transcriber = 기록자
tag-Game = 게임
tag-White = 백
tag-Black = 흑

colour-red = 빨강
colour-blue = 파랑
colour-green = 초록
colour-yellow = 노랑
colour-black = 검정
colour-white = 흰색
colour-orange = 주황
colour-purple = 보라
colour-brown = 갈색
colour-pink = 분홍

wec-black = 흑
wec-white = 백
