# What every page shares: navigation, the search box, the language switch, the kinds of game,
# and the small words of stored data (severities, outcomes, roles, tags).

nav-games = Games
nav-search = Search
nav-stats-hotw = HotW stats
nav-explorer-sanguo = 三国 explorer
nav-explorer-wec = WEC explorer
nav-events = Events
nav-players = Players
nav-imports = Imports
nav-collections = Collections
nav-account = Account
search-placeholder = 魏杀汉, empire:Sumer, player:Lin year:2017
search-label = Search the archive
search-button = Search
lang-switch-label = Language

kind-hotw = History of the World
kind-sanguo = 三国演弈棋
kind-wec = Weaponized Chess
kind-deluge = Diplomacy: Deluge
kind-diplomacy = Diplomacy

filter-kind = Kind
filter-kind-all = all
filter-button = Filter
pager-previous = ← Previous
pager-next = Next →
game-n = Game { $id }
count-games = { $n ->
    [one] { $n } game
   *[other] { $n } games
}
col-w = W
col-d = D
col-l = L
label-won = won

error-title = Error { $status }
error-back = Back to the archive
error-internal = Something went wrong on our side.
error-no-page = There is no such page.

severity-error = error
severity-warning = warning
severity-info = info
outcome-win = won
outcome-draw = drawn
outcome-loss = lost
role-admin = admin
role-editor = editor
role-viewer = viewer

tag-Event = Event
tag-Site = Site
tag-Date = Date
tag-Round = Round
tag-Result = Result
tag-Title = Title
tag-Source = Source
tag-Transcriber = Transcriber
tag-Game = Game
tag-White = White
tag-Black = Black

colour-red = red
colour-blue = blue
colour-green = green
colour-yellow = yellow
colour-black = black
colour-white = white
colour-orange = orange
colour-purple = purple
colour-brown = brown
colour-pink = pink

wec-black = Black
wec-white = White
