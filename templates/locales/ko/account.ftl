# 계정과 로그인, 초대, 페이지 나누기, 내려받기, 컬렉션에 기보 붙여넣기.

account-title = 내 계정
account-signed-in-as = 로그인한 사용자:
account-col-club = 클럽
account-col-role = 역할
account-sign-out = 로그아웃
account-change-password = 비밀번호 바꾸기
account-set-password = 비밀번호 정하기
account-token-note = 토큰으로 로그인했습니다. 비밀번호를 정하면 클럽, 이름, 비밀번호로 로그인할 수 있습니다.
account-new-password = 새 비밀번호(8자 이상)
account-save-password = 비밀번호 저장
account-invited = { $name }님을 { $role }(으)로 초대했습니다. 이 로그인 링크(또는 토큰)를 전해 주세요. 한 번만 쓸 수 있고 다시 표시되지 않습니다:
account-token = 토큰:
account-members = { $club } 회원
account-col-name = 이름
account-col-signs-in = 로그인 방법
account-with-password = 비밀번호
account-with-invitation = 초대(아직 사용 안 함)
account-with-token = 토큰
account-invite-heading = 회원 초대
account-role-editor = 편집자: 컬렉션 정리
account-role-viewer = 열람자: 비공개 컬렉션 열람
account-role-admin = 관리자: 초대도 가능
account-invite = 초대
account-club-collections = 우리 클럽의 컬렉션

login-signed-in = { $club }의 { $name }(으)로 로그인되어 있습니다.
login-your-account = 내 계정
login-with-password = 비밀번호로 로그인
login-password-note = 회원은 비밀번호를 정한 뒤에야(아래나 계정 페이지에서) 비밀번호가 생깁니다. 새 클럽의 관리자는 아직 비밀번호가 없고, 이 명령이 대신 토큰을 출력했습니다:
login-with-token = 로그인 토큰으로
login-token-note = 아래 명령이 클럽의 첫 관리자에게 출력한 토큰, 또는 관리자의 초대로 받은 일회용 토큰입니다. 여기서 비밀번호를 정하면 다음부터 비밀번호로 로그인할 수 있습니다.
login-token = 토큰
login-new-password-optional = 새 비밀번호(선택, 8자 이상)
login-token-button = 토큰으로 로그인

pager-none = 없음.
pager-past-end = 이 페이지에는 항목이 없습니다. 목록에는 모두 { $total }개가 있습니다.
pager-range = { $what }: 전체 { $total }개 중 { $from }–{ $to }.

download-list = 이 목록 내려받기:
download-these = 이 게임들 내려받기:
download-games = 게임 내려받기:
download-records = 기보
game-download-record = 기보 내려받기

collection-paste-heading = 이 컬렉션에 기보 붙여넣기
collection-paste-note = 게임 하나 이상을 각자의 기보법으로 붙여넣으세요. 보관소에 이미 있는 게임은 다시 저장하지 않고 이 컬렉션에 한 번만 더합니다.
collection-paste-kind = 종류(기보에 적혀 있지 않을 때)
collection-paste-kind-record = 기보에 적힌 대로
collection-records-label = 기보

events-intro = 대회, 리그, 클럽 모임: 같은 Event 태그를 단 게임들.
events-name = 이름
events-col-kind = 종류
games-filters-note = 필터는 검색 필드와 같은 이름과 값을 씁니다
games-filters-see-search = 검색 페이지 참고
games-filter-side = 진영
games-filter-winner = 승자

event-col-unscored = 점수 없음
event-unscored-title = 두었지만 결과를 모름
event-games-count = 이 대회의 게임 { $n }개
event-without-result = ; 그중 결과가 없는 { $n }게임은 둔 것으로 치되 점수는 없음(점수가 매겨진 게임이 없는 플레이어는 아직 순위가 없음)
event-without-players = 플레이어 이름이 없어 순위에 들지 않은 게임:
game-moments = 이 게임의 주요 장면
