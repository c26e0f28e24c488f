# Text the service builds in code: the messages of errors on pages (their English is the form the
# code writes, which the JSON API keeps), the titles made for games without one, the explorer's
# scope, the charts' tooltips, results, and the notices of forms.

err-no-game = There is no game { $id }.
err-no-version = Game { $id } has no version { $n }.
err-no-event = no event { $id }
err-no-player = no player { $id }
err-no-collection = no collection { $id }
err-no-merge = no merge { $id }
err-no-public-collection = no public collection has this link
err-collection-other-club = collection { $id } belongs to another club
err-collection-no-item = collection { $id } has no item { $item }
err-collection-no-section = collection { $id } has no section { $s }
err-game-in-collection = game { $id } is in this collection already
err-game-not-in-collection = game { $id } is not in collection { $c }
err-item-needs = an item needs a game, a note, or both
err-no-stats = no statistics for '{ $kind }' (hotw, sanguo, wec)
err-no-table = no table '{ $table }' for { $kind }
err-no-explorer = no explorer for deluge
err-explorer-kinds = the move explorer covers sanguo and wec, not { $kind }
err-explorer-scope-plies = an explorer limited to an event, a player or a collection reaches the first { $n } plies
err-explorer-offset = offset is at most { $n } in the explorer's games
err-explorer-moves = at most { $n } moves
err-unknown-kind = unknown kind '{ $kind }' (hotw, sanguo, wec or deluge)
err-positive-number = { $what } is a positive whole number, not '{ $v }'
err-whole-number = { $what } must be a whole number, not '{ $v }'
err-number-range = { $name } must be a whole number from { $min } to { $max }, not '{ $v }'
err-param-too-long = { $name } is at most { $max } characters long
err-year = year must be a year like 2017 or a range like 1990..1999, not '{ $v }'
err-year-param = { $name } must be a year like 1999, not '{ $v }'
err-year-range-empty = the year range { $a }..{ $b } is empty
err-collection-param = collection is a collection's number
err-position-param = position is a board's key: 16 hexadecimal digits
err-sort-param = sort is one of newest, date, oldest, event
err-no-seat = player { $id } has no seat in those games
err-required = { $what } is required
err-longer-than = { $what } is longer than { $max } characters
err-not-empty = { $what } must not be empty
err-printable = { $what } must be 1 to 100 printable characters
err-wrong-login = wrong club, name or password
err-log-in = please log in first
err-token-unknown = this token is unknown, was revoked, or was an invitation already used
err-password-short = a password needs at least 8 characters
err-password-missing = type the new password
err-too-many-logins = too many failed logins from this address; try again in { $n } s
err-logins-at-once = too many logins at once; try again in a moment
err-login-stale = the login form is stale or forged; reload it
err-sign-in-stale = the sign-in form is stale or forged; reload it
err-form-stale = the form is stale or forged (CSRF token mismatch); reload the page
err-club-exists = a club named { $name } exists already
err-member-exists = { $name } is already a member
err-text-empty = the text is empty: type or paste a record
err-text-many-games = the text holds { $n } games; a correction is the text of one game
err-text-other-game = the corrected text is the record of game { $id } already
err-shutting-down = shutting down
err-what-game-id = a game id
err-what-event-id = an event id
err-what-player-id = a player id
err-what-collection-id = a collection id
err-what-item-id = an item id
err-what-merge-id = a merge id
err-what-token-id = a token id
err-what-version = a version number
err-what-club-name = a club name
err-what-member-name = a member name
err-what-name = name
err-what-description = description
err-what-section-title = a section title
err-what-note = a note
err-what-the-game = the game
err-what-the-ply = the ply
err-what-the-section = the section

title-with-result = { $players } — { $result }
title-more-players = { $names }, … ({ $n } players)
title-numbered = { $kind } game { $id }
title-event-round = { $event }, round { $round }
title-event-game = { $event } (game { $id })

scope-event = event { $name }
scope-player = { $name }'s games
scope-player-seat = { $name }'s games as { $seat }
scope-collection = collection { $name }
list-join = {", "}

chart-gain-tip = { $empire } (E{ $epoch }): mean gain { $gain } over { $turns } turns
chart-won-tip = { $side } won { $n } of { $total } games
chart-drew-tip = { $side } drew { $n } of { $total } games
chart-lost-tip = { $side } lost { $n } of { $total } games
chart-score-tip = { $player }: { $score } in epoch { $epoch }
chart-centres-tip = { $power }: { $n } centres after winter { $year }

result-wins = { $side } wins
result-draw = Draw
result-survives = { $power } survives
result-survive = { $powers } survive
result-no-survivor = no survivor
result-record-draw = a draw of { $powers } (the record's result)
result-record-wins = { $powers } wins (the record's result)

notice-password-saved = Your password is saved: sign in with your club, name and password.
notice-password-not-changed = The password was not changed: { $reason }.
notice-nobody-invited = Nobody was invited: { $reason }.
notice-added-game = Added game { $id } to this collection.
notice-added-note = Added the note to this collection.
notice-nothing-added = Nothing was added: { $reason }.

paste-nothing-stored = Nothing was stored: the paste holds no game record.
paste-stored = Stored { $n } new { $n ->
    [one] game
   *[other] games
} in the archive.
paste-duplicates = { $n ->
    [one] This game is
   *[other] { $n } games are
} already in the archive: not stored again.
paste-added = Added { $n } { $n ->
    [one] game
   *[other] games
} to this collection.
paste-kept = { $n } { $n ->
    [one] game
   *[other] games
} in this collection already: not added twice.
paste-rejected = { $n } { $n ->
    [one] game could not be read and was not stored
   *[other] games could not be read and were not stored
} (the reasons are below).
paste-needs-kind = Nothing in the record says which game it is: choose its kind beside the paste box and import again.
paste-unknown-kind = cannot tell which game this record is: it has no Game tag; choose its kind (or add a line like [Game "Sanguo"] at its top)
paste-problem = line { $line }, column { $col }: { $message } ({ $severity }, { $code })

desk-turn = Turn { $ply } of { $total }: epoch { $epoch }, { $player } played { $empire }.
desk-turn-score = Turn { $ply } of { $total }: epoch { $epoch }, { $player } played { $empire }, score { $score }.
desk-before-turns = Before the first of { $total } turns.
desk-scores = Scores: { $scores }
desk-order = Order { $ply } of { $total }: { $phase } — { $order }
desk-order-result = Result: { $result }
desk-centres = Supply centres after { $year }: { $counts }
desk-before-orders = Before the first of { $total } orders.
desk-nothing-stored = Nothing could be stored: see the diagnostics.

order-result-succeeds = succeeds
order-result-bounced = bounced
order-result-fails = fails
order-result-cut = cut
order-result-void = void
order-result-dislodged = dislodged
order-result-no-convoy = no convoy
order-result-destroyed = destroyed
order-result-drowned = drowned
order-no-retreat = no retreat
order-may-retreat = may retreat to { $places }
