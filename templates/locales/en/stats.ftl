# The statistics and explorer pages.

stats-title = Statistics · { $kind }
stats-opening-explorer = Opening explorer
stats-filter-event = Event
stats-filter-from = From year
stats-filter-to = To year
stats-chart-label = chart
stats-empires = Empires
stats-empires-intro = Mean gain per epoch is drawn above (bars coloured by epoch). Shares are of battle rolls; placing is the final place of the player who held the empire.
stats-col-empire = Empire
stats-col-epoch = Epoch
stats-col-turns = Turns
stats-col-mean-gain = Mean gain
stats-col-median-gain = Median gain
stats-col-mean-score = Mean score
stats-col-expansions = Exp./turn
stats-col-battles = Battles/turn
stats-col-placing = Placing
stats-col-cards = Cards
stats-minor = minor
stats-cards = Event cards
stats-col-card = Card
stats-col-played = Played
stats-sanguo-summary = { $games } games, { $decided } with a known result, { $draws } drawn;
stats-mean-plies = mean length { $plies } plies.
stats-sanguo-han = Alliances in { $alliances } games; Han killed in { $killed }, and the killer won { $won }
stats-sides = Sides
stats-col-side = Side
stats-col-wins = Wins
stats-col-draws = Draws
stats-col-losses = Losses
stats-col-win-rate = Win rate (95%)
stats-col-eliminated = Eliminated
stats-col-alliances = Alliances started
stats-col-killed-han = Killed Han (won)
stats-wec-summary = { $games } games, { $decided } decided;
stats-mean-turns = mean length { $turns } turns.
stats-black-won = Black won { $n }
stats-white-won = White won { $n }
stats-governments = Governments
stats-col-government = Government
stats-col-sides-played = Sides played
stats-pieces-moved = Pieces most moved
stats-col-piece = Piece
stats-deluge-summary = { $games } games, { $finished } recorded to the end of winter 1908.
stats-powers = Powers
stats-col-power = Power
stats-col-games = Games
stats-col-survived = Survived W1908
stats-col-sole = Sole survivor
stats-col-final-centres = Mean final centres
stats-col-centres-by-winter = Mean centres by winter

explorer-title = Explorer · { $kind }
explorer-heading = Opening explorer · { $kind }
explorer-statistics = Statistics
explorer-hotw-intro = A HotW "opening" is the epoch-I turn: the empire and the cards played with it, with the final placing of its player.
explorer-col-empire = Empire
explorer-col-cards = Cards
explorer-col-games = Games
explorer-col-place = { $place ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $place }th
}
explorer-col-mean-place = Mean place
explorer-col-won = Won (95%)
explorer-thin = fewer than { $n } games
explorer-position = Position:
explorer-start = start
explorer-reached = { $n ->
    [one] { $n } game reached this position.
   *[other] { $n } games reached this position.
}
explorer-rates = Win rates are of games with a known result, with a 95% interval; branches under { $n } games are greyed.
explorer-col-next = Next move
explorer-col-wins = { $side } wins
explorer-col-draws = Draws
explorer-no-continuation = No game continues from here.
explorer-games-reached = Games that reached it
explorer-scope = Only the games of { $scope }
explorer-all-games = all games
explorer-position-key = position
# Standard Diplomacy games, stored as the Deluge kind, are left out of Deluge's figures.
stats-deluge-standard-apart = { $n ->
    [one] One standard Diplomacy game is counted apart, not here.
   *[other] { $n } standard Diplomacy games are counted apart, not here.
}
