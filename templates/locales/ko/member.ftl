# 새 회원이 만나는 것: 제국이 함께 적힌 HotW 결과, 큐레이터의 병합 양식, 게임 페이지나 검색에서 컬렉션에 추가.

## HotW 결과
hotw-result-empires = { $result } ({ $empires })
hotw-empires-separator = {", "}
game-col-end = 종료 시

## 선수와 대회 병합 (큐레이터)
merge-heading = 다른 항목으로 병합
merge-into-label = 이 항목을 병합할 대상 (번호 또는 이름)
merge-button = 병합
merge-help = 게임, 별칭, 레이팅이 다른 항목으로 옮겨집니다. 병합은 여기서 되돌릴 수 있습니다:
merge-page-link = 병합 목록
merge-done = { $id }번이 이 항목으로 병합되었습니다.
merge-nothing-named = “{ $name }”(이)라는 항목이 없습니다. 번호나 아카이브에 적힌 이름을 입력하세요.
merge-several-named = “{ $name }”(이)라는 항목이 여럿입니다. 남길 항목의 번호를 입력하세요.
merges-title = 병합 목록
merges-intro = 최근의 선수와 대회 병합입니다. 되돌리면 병합된 항목이 원래 번호와 게임을 가지고 돌아옵니다.
merges-undone = 병합 { $id }을(를) 되돌렸습니다.
merges-none = 아직 병합이 없습니다.
merges-into-n = { $id }번
merges-player = 선수
merges-event = 대회
merges-undone-at = { $when }에 되돌림
merges-undo = 되돌리기

## 컬렉션에 게임 추가
collect-summary = 컬렉션에 추가
collect-collection = 컬렉션
collect-ply = 수
collect-button = 추가
collect-added = 게임 { $game }을(를) “{ $collection }”에 추가했습니다.
collect-held = 게임 { $game }은(는) 이미 “{ $collection }”에 있습니다. 추가하지 않았습니다.
collect-past-end = “{ $collection }”에 추가하지 않았습니다: { $ply }수는 게임 { $game }의 끝({ $plies }수)을 넘습니다.
collect-held-here = 게임 { $game }은(는) 이미 이 컬렉션에 있습니다
collect-ply-past-end = { $ply }수는 게임 { $game }의 끝({ $plies }수)을 넘습니다
