# 기보 입력대, 미리보기, 기보의 판 이력.

game-history = 이력
game-correct = 이 기보 고치기
game-moves-shown = 전체 { $total }수 중 { $shown }수.
game-moves-earlier = « 앞의 수
game-moves-later = 뒤의 수 »

desk-title = 기보 입력대
desk-correcting = 고치는 중:
desk-game-link = { $id }번 게임
desk-version = ({ $version }판)
desk-new-note = 새 기보를 입력하세요. 가져오기가 읽는 기보법이면 무엇이든 됩니다. 저장하기 전에는 아무것도 저장되지 않습니다.
desk-record-text = 기보 내용
desk-detect = 내용으로 판단
desk-show-after = 몇 수 뒤를 볼지
desk-show-after-placeholder = 끝
desk-preview = 미리보기
desk-note = 메모
desk-note-placeholder = 무엇을 고쳤는지
desk-save = 저장
desk-save-next = 다음 판으로 저장
desk-needs-editor = 저장하려면 클럽의 편집자나 관리자여야 합니다.
desk-log-in-to-save = 편집자로 로그인하면 저장할 수 있습니다.
desk-games-read = 게임 { $n }개 읽음
desk-from-line = { $line }번째 줄부터
desk-result = 결과 { $result }
desk-moves = { $n }수
desk-shown-after = { $plies }수 중 { $ply }수 뒤의 모습.
desk-empty = 기보를 입력하거나 붙여넣고 미리보기를 누르세요. 줄마다 진단이 옆에 나타나고, 고른 수 뒤의 게임이 보입니다.

history-title = { $title }의 이력
history-heading = 이력:
history-col-version = 판
history-col-saved = 저장 시각
history-col-by = 저장한 사람
history-col-note = 메모
history-col-text = 내용
history-raw = 원문
history-from = 비교할 판
history-to = 대상 판
history-compare = 비교
history-versions = { $a }판 → { $b }판
history-changes = { $removed }줄 삭제, { $added }줄 추가.
history-same = 두 판의 내용이 같습니다.
history-one-version = 이 기보는 판이 하나뿐입니다: 가져온 그대로의 내용.
