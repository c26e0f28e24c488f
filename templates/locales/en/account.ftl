# Accounts and sign-in, invitations, paging, downloads, pasting records into a collection.

account-title = Your account
account-signed-in-as = Signed in as
account-col-club = Club
account-col-role = Role
account-sign-out = Sign out
account-change-password = Change your password
account-set-password = Set a password
account-token-note = You signed in with a token. With a password you sign in with your club, name and password.
account-new-password = New password (8+ characters)
account-save-password = Save the password
account-invited = { $name } is invited as { $role }. Give them this sign-in link (or the token); it works once and is not shown again:
account-token = Token:
account-members = Members of { $club }
account-col-name = Name
account-col-signs-in = Signs in with
account-with-password = a password
account-with-invitation = an invitation, not yet used
account-with-token = a token
account-invite-heading = Invite a member
account-role-editor = editor: curates collections
account-role-viewer = viewer: reads private collections
account-role-admin = admin: also invites
account-invite = Invite
account-club-collections = Your club's collections

login-signed-in = You are signed in as { $name } of { $club }.
login-your-account = Your account
login-with-password = With your password
login-password-note = A member has a password once they set one (below, or on their account page). A new club's admin has none yet: this command printed a token for them instead:
login-with-token = With a sign-in token
login-token-note = The token printed for a club's first admin (by the command below), or the one-time token an admin's invitation gave you. Choose a password here to sign in with it next time.
login-token = Token
login-new-password-optional = New password (optional, 8+ characters)
login-token-button = Sign in with the token

pager-none = None.
pager-past-end = Nothing on this page; the list has { $total }.
pager-range = { $what } { $from }–{ $to } of { $total }.

download-list = Download this list:
download-these = Download these games:
download-games = download the games:
download-records = records
game-download-record = Download the record

collection-paste-heading = Paste records into this collection
collection-paste-note = One or more games in their own notation. A game already in the archive is not stored again; it joins this collection once.
collection-paste-kind = Kind, when the record does not say
collection-paste-kind-record = as the record says
collection-records-label = records

events-intro = Tournaments, leagues and club nights: the games that share an Event tag.
events-name = Name
events-col-kind = Kind
games-filters-note = The filters read the same names and values as the search's fields
games-filters-see-search = see the search page
games-filter-side = Side
games-filter-winner = Winner

event-col-unscored = Unscored
event-unscored-title = played without a known result
event-games-count = { $n ->
    [one] { $n } game in this event
   *[other] { $n } games in this event
}
event-without-result = ; { $n } without a result, counted as played and unscored (a player with no scored game has no place yet)
event-without-players = Not in the standings, as they name no player:
game-moments = Moments in this game
