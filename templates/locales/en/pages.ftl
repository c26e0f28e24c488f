# The lists and the people: home, games, search, imports, events, players, collections, login.

home-title = Archive
home-heading = The archive
home-total = { $n ->
    [one] { $n } game of hand-written records, searchable and browsable.
   *[other] { $n } games of hand-written records, searchable and browsable.
}
home-col-game = Game
home-col-records = Records
home-statistics = statistics
home-latest = Latest games
home-empty = Nothing yet: run

games-title = Games
games-filter-q = Title or event
games-filter-event = Event
games-filter-player = Player
games-filter-empire = Empire
games-filter-year = Year
games-order = Order
games-order-newest = latest imported
games-order-date = latest played
games-order-oldest = earliest played
games-order-event = by event
games-none = No games match.
games-past-end = { $n ->
    [one] No games on this page; the list has { $n } game.
   *[other] No games on this page; the list has { $n } games.
}
games-first-page = First page
games-range = Games { $from }–{ $to } of { $total }.

search-title = Search
search-query = Query
search-unreadable = The query cannot be read: { $error }
search-help-words = Words and "quoted phrases" are all required;
search-help-excludes = excludes;
search-help-fields = fields
search-help-eg = , e.g.
search-range = { $from }–{ $to } of { $total } games.
search-facet-kind = Kind
search-facet-event = Event
search-facet-year = Year
search-facet-empire = Empire
search-facet-side = Side

imports-title = Imports
imports-intro = { $n ->
    [one] { $n } import run, newest first. Each lists what it could not store as a game: rejected files and games, and text in no game (a poster's lines before a record, a signature after it).
   *[other] { $n } import runs, newest first. Each lists what it could not store as a game: rejected files and games, and text in no game (a poster's lines before a record, a signature after it).
}
imports-run = Import { $id }
imports-started = Started { $started },
imports-started-finished = Started { $started }, finished { $finished }
imports-not-finished = not finished
imports-counts = { $imported } imported, { $duplicates ->
    [one] { $duplicates } duplicate
   *[other] { $duplicates } duplicates
}, { $rejected } rejected.
imports-no-problems = No problems.
imports-col-file = File
imports-col-line = Line
imports-col-severity = Severity
imports-col-code = Code
imports-col-message = Message
imports-first-problems = The first { $shown } of { $count } problems.
imports-newer = Newer
imports-older = Older

events-title = Events
events-col-event = Event
events-col-site = Site
events-col-from = From
events-col-games = Games
events-none = No events yet: games join an event through their Event tag.

event-rounds = { $n ->
    [one] { $n } round
   *[other] { $n } rounds
}
event-standings-csv = standings CSV
event-also-written = Also written:
event-standings = Standings
event-col-place = Place
event-col-player = Player
event-col-games = Games
event-col-points = Points
event-col-tiebreak = Tie-break
event-scoring = Scoring:
event-placing-points = placing points
event-placing-rule = (tied places share); tie-break total final score, then wins
event-win = win
event-draw = draw
event-loss = loss
event-standings-by-round = Standings by round
event-chart-label = points after each round
event-crosstable = Crosstable
event-rounds-heading = Rounds
event-round = Round { $round }
event-games = Games

players-title = Players
players-name = Name
players-find = Find
players-col-player = Player
players-col-games = Games

player-also-written = also written
player-results-over-time = Results over time
player-results-chart = result of each game, 1 won, 0 lost
player-by-side = By side
player-col-game = Game
player-col-side = Side
player-col-games = Games
player-col-win-rate = Win rate (95%)
player-empires = Empires
player-col-empire = Empire
player-col-turns = Turns
player-col-mean-gain = Mean gain
player-events = Events
player-games = Games
player-col-date = Date
player-col-seat = Seat
player-col-result = Result
player-place = place { $place }

collections-title = Collections
collections-heading = Study collections
collections-logged-in = Logged in as { $name } ({ $role }) of { $club }.
collections-log-out = Log out
collections-new = New collection
collections-name = Name
collections-description = Description
collections-public = public
collections-private = private
collections-create = Create
collections-log-in = Log in
collections-log-in-why = to see your club's private collections and to curate.
collections-col-collection = Collection
collections-col-club = Club
collections-col-items = Items
collections-none = No collections yet.

collection-updated = updated { $when }
collection-records-file = records file
collection-share-link = share link:
collection-at-ply = at ply { $ply }
collection-remove = Remove
collection-note-label = note
collection-ply-label = ply
collection-save = Save
collection-empty = This collection is empty.
collection-add-heading = Add a game or a note
collection-game-id = Game id
collection-open-at-ply = Open at ply
collection-section = Section
collection-note = Note
collection-add = Add
collection-new-section = New section
collection-add-section = Add section
collection-edit = Edit
collection-import-heading = Import a records file into this collection
collection-import = Import
collection-delete = Delete this collection
collection-clone = Clone into { $club }

login-title = Sign in
login-heading = Sign in
login-logged-in = You are logged in as { $name } of { $club }.
login-club = Club
login-name = Name
login-password = Password
login-button = Sign in
