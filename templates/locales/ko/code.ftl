# 코드에서 만드는 문장: 페이지의 오류 메시지, 제목이 없는 게임에 붙이는 제목, 오프닝 탐색기의 범위,
# 차트의 툴팁, 결과, 양식의 알림.

err-no-game = { $id }번 게임은 없습니다.
err-no-version = { $id }번 게임에는 버전 { $n }이(가) 없습니다.
err-no-event = { $id }번 대회는 없습니다
err-no-player = { $id }번 선수는 없습니다
err-no-collection = { $id }번 컬렉션은 없습니다
err-no-merge = { $id }번 병합은 없습니다
err-no-public-collection = 이 링크의 공개 컬렉션이 없습니다
err-collection-other-club = { $id }번 컬렉션은 다른 클럽의 것입니다
err-collection-no-item = { $id }번 컬렉션에 항목 { $item }이(가) 없습니다
err-collection-no-section = { $id }번 컬렉션에 섹션 { $s }이(가) 없습니다
err-game-in-collection = { $id }번 게임은 이미 이 컬렉션에 있습니다
err-game-not-in-collection = { $id }번 게임은 { $c }번 컬렉션에 없습니다
err-item-needs = 항목에는 게임이나 메모, 또는 둘 다 필요합니다
err-no-stats = '{ $kind }'의 통계는 없습니다 (hotw, sanguo, wec)
err-no-table = { $kind }에는 '{ $table }' 표가 없습니다
err-no-explorer = 디플로머시: 대홍수에는 오프닝 탐색기가 없습니다
err-explorer-kinds = 오프닝 탐색기는 sanguo와 wec만 다룹니다 ({ $kind } 제외)
err-explorer-scope-plies = 대회·선수·컬렉션으로 좁힌 탐색기는 처음 { $n }수까지만 다룹니다
err-explorer-offset = 탐색기 게임의 offset은 최대 { $n }입니다
err-explorer-moves = 최대 { $n }수
err-unknown-kind = 알 수 없는 종류 '{ $kind }' (hotw, sanguo, wec 또는 deluge)
err-positive-number = { $what }는 양의 정수여야 합니다 ('{ $v }' 아님)
err-whole-number = { $what }은(는) 정수여야 합니다 ('{ $v }' 아님)
err-number-range = { $name }은(는) { $min }부터 { $max }까지의 정수여야 합니다 ('{ $v }' 아님)
err-param-too-long = { $name }은(는) 최대 { $max }자입니다
err-year = year는 2017 같은 연도나 1990..1999 같은 범위여야 합니다 ('{ $v }' 아님)
err-year-param = { $name }은(는) 1999 같은 연도여야 합니다 ('{ $v }' 아님)
err-year-range-empty = 연도 범위 { $a }..{ $b }이(가) 비어 있습니다
err-collection-param = collection은 컬렉션 번호여야 합니다
err-position-param = position은 판의 키(16자리 16진수)여야 합니다
err-sort-param = sort는 newest, date, oldest, event 중 하나입니다
err-no-seat = { $id }번 선수는 그 게임들에 자리가 없습니다
err-required = { $what }을(를) 입력해야 합니다
err-longer-than = { $what }이(가) { $max }자보다 깁니다
err-not-empty = { $what }은(는) 비워 둘 수 없습니다
err-printable = { $what }은(는) 인쇄 가능한 문자 1~100자여야 합니다
err-wrong-login = 클럽, 이름 또는 비밀번호가 틀렸습니다
err-log-in = 먼저 로그인하세요
err-token-unknown = 알 수 없거나 취소된 토큰, 또는 이미 사용한 초대입니다
err-password-short = 비밀번호는 8자 이상이어야 합니다
err-password-missing = 새 비밀번호를 입력하세요
err-too-many-logins = 이 주소에서 로그인 실패가 너무 많습니다. { $n }초 뒤에 다시 시도하세요
err-logins-at-once = 동시에 로그인하는 사람이 너무 많습니다. 잠시 뒤에 다시 시도하세요
err-login-stale = 로그인 양식이 만료되었거나 위조되었습니다. 다시 불러오세요
err-sign-in-stale = 로그인 양식이 만료되었거나 위조되었습니다. 다시 불러오세요
err-form-stale = 양식이 만료되었거나 위조되었습니다 (CSRF 토큰 불일치). 페이지를 다시 불러오세요
err-club-exists = { $name } 클럽이 이미 있습니다
err-member-exists = { $name }은(는) 이미 회원입니다
err-text-empty = 내용이 비어 있습니다. 기보를 입력하거나 붙여 넣으세요
err-text-many-games = 내용에 게임이 { $n }개 있습니다. 수정은 게임 하나의 기보여야 합니다
err-text-other-game = 수정한 내용은 이미 { $id }번 게임의 기보입니다
err-shutting-down = 서비스를 종료하는 중입니다
err-what-game-id = 게임 번호
err-what-event-id = 대회 번호
err-what-player-id = 선수 번호
err-what-collection-id = 컬렉션 번호
err-what-item-id = 항목 번호
err-what-merge-id = 병합 번호
err-what-token-id = 토큰 번호
err-what-version = 버전 번호
err-what-club-name = 클럽 이름
err-what-member-name = 회원 이름
err-what-name = 이름
err-what-description = 설명
err-what-section-title = 섹션 제목
err-what-note = 메모
err-what-the-game = 게임
err-what-the-ply = 수
err-what-the-section = 섹션

title-with-result = { $players } — { $result }
title-more-players = { $names }, … (선수 { $n }명)
title-numbered = { $kind } { $id }번 게임
title-event-round = { $event } { $round }라운드
title-event-game = { $event } ({ $id }번 게임)

scope-event = 대회 “{ $name }”
scope-player = { $name }
scope-player-seat = { $name }({ $seat })
scope-collection = 컬렉션 “{ $name }”
list-join = {", "}

chart-gain-tip = { $empire } (E{ $epoch }): { $turns }턴 평균 득점 { $gain }
chart-won-tip = { $side }: { $total }게임 중 { $n }승
chart-drew-tip = { $side }: { $total }게임 중 { $n }무
chart-lost-tip = { $side }: { $total }게임 중 { $n }패
chart-score-tip = { $player }: { $epoch } 시대 { $score }점
chart-centres-tip = { $power }: { $year }년 겨울 뒤 보급 센터 { $n }개

result-wins = { $side } 승
result-draw = 무승부
result-survives = { $power } 생존
result-survive = { $powers } 생존
result-no-survivor = 생존국 없음
result-record-draw = { $powers } 무승부 (기보의 결과)
result-record-wins = { $powers } 승 (기보의 결과)

notice-password-saved = 비밀번호를 저장했습니다. 클럽, 이름, 비밀번호로 로그인하세요.
notice-password-not-changed = 비밀번호를 바꾸지 못했습니다: { $reason }.
notice-nobody-invited = 아무도 초대하지 않았습니다: { $reason }.
notice-added-game = { $id }번 게임을 이 컬렉션에 추가했습니다.
notice-added-note = 메모를 이 컬렉션에 추가했습니다.
notice-nothing-added = 아무것도 추가하지 않았습니다: { $reason }.

paste-nothing-stored = 아무것도 저장하지 않았습니다. 붙여 넣은 내용에 기보가 없습니다.
paste-stored = 새 게임 { $n }개를 기록 보관소에 저장했습니다.
paste-duplicates = { $n ->
    [one] 이 게임은
   *[other] 게임 { $n }개는
} 이미 기록 보관소에 있어 다시 저장하지 않았습니다.
paste-added = 게임 { $n }개를 이 컬렉션에 추가했습니다.
paste-kept = 게임 { $n }개는 이미 이 컬렉션에 있어 두 번 추가하지 않았습니다.
paste-rejected = 게임 { $n }개는 읽을 수 없어 저장하지 않았습니다(이유는 아래에 있습니다).
paste-needs-kind = 기보 어디에도 어떤 게임인지 나와 있지 않습니다. 붙여 넣기 상자 옆에서 종류를 고르고 다시 가져오세요.
paste-unknown-kind = 어떤 게임의 기보인지 알 수 없습니다. Game 태그가 없습니다. 종류를 고르세요(또는 맨 위에 [Game "Sanguo"] 같은 줄을 넣으세요)
paste-problem = { $line }행 { $col }열: { $message } ({ $severity }, { $code })

desk-turn = { $total }턴 중 { $ply }턴: { $epoch } 시대, { $player }이(가) { $empire }을(를) 플레이.
desk-turn-score = { $total }턴 중 { $ply }턴: { $epoch } 시대, { $player }이(가) { $empire }을(를) 플레이, 점수 { $score }.
desk-before-turns = { $total }턴 중 첫 턴 이전.
desk-scores = 점수: { $scores }
desk-order = 명령 { $total }개 중 { $ply }번째: { $phase } — { $order }
desk-order-result = 결과: { $result }
desk-centres = { $year }년 이후 보급 센터: { $counts }
desk-before-orders = 명령 { $total }개 중 첫 명령 이전.
desk-nothing-stored = 아무것도 저장하지 않았습니다. 진단을 보세요.

order-result-succeeds = 성공
order-result-bounced = 튕김
order-result-fails = 실패
order-result-cut = 지원 끊김
order-result-void = 무효
order-result-dislodged = 밀려남
order-result-no-convoy = 수송 없음
order-result-destroyed = 파괴됨
order-result-drowned = 익사
order-no-retreat = 후퇴할 곳 없음
order-may-retreat = { $places }(으)로 후퇴 가능
