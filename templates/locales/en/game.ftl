# The page of one game.

game-result = Result:
game-from = from { $source }
game-players = Players
game-col-seat = Seat
game-col-player = Player
game-col-colour = Colour
game-winner = winner
game-errors = { $n ->
    [one] { $n } error
   *[other] { $n } errors
}
game-warnings = { $n ->
    [one] { $n } warning
   *[other] { $n } warnings
}
game-notes = { $n ->
    [one] { $n } note
   *[other] { $n } notes
}
game-centres-by-year = Supply centres by year
game-score-by-epoch = Score by epoch
game-score-chart = Score by epoch for each player
game-epoch = Epoch { $epoch }
game-col-turn = Turn
game-col-empire = Empire
game-col-play = Play
game-col-score = Score
game-builds = Builds:
game-battle-notation = Battle notation
game-checkpoints = { $n ->
    [one] { $n } interruption snapshot recorded (see the JSON).
   *[other] { $n } interruption snapshots recorded (see the JSON).
}
game-events = Events
game-board = Board
game-step-label = Step through the game
game-step-start = « start
game-step-back = ◀ back
game-ply-of = ply { $ply } of { $plies }
game-step-forward = forward ▶
game-step-end = end »
game-moves = Moves
game-col-ply = Ply
game-col-round = Round
game-col-side = Side
game-col-move = Move
game-in-collections = In collections
game-record = The record as imported
game-col-n = col { $col }

# The HotW battle notation's tokens (the legend under the turns).
battle-f = defender has a fortress
battle-W = Great Wall
battle-St = strait
battle-For = forest
battle-M = mountains
battle-sea = coastal defence
battle-V = attacker wins and occupies
battle-X = attacker loses
battle-draw = both lose an army
battle-R = attacker stops attacking
battle-capital-city = capital becomes a city
battle-cX = city removed
battle-fX = fortress removed
battle-mX = monument removed

# A 三国 move's description: the piece, its points, what it takes.
sanguo-move = { $piece } ({ $from }) → ({ $to })
sanguo-takes = , takes { $side } { $piece }

# The board's caption and the pieces' titles.
board-setup = The setup
board-standard-setup = The standard setup
board-after-ply = After ply { $ply }: { $side } { $move }
board-after-turn = After turn { $turn }: { $what }
board-from = , from { $side }
board-wec-piece = { $colour } { $piece } ({ $level }) at ({ $row },{ $col })
board-level-ground = ground
board-level-air = air
board-level-sub = sub
board-carrying = , carrying { $articles }
board-stunned = , stunned
board-wec-article = { $article } on the ground at ({ $row },{ $col })

# What a record says besides its moves.
hotw-final-scores = Final scores as written:
hotw-closing-line = Closing line:
sanguo-event-alliance = { $by } allied with { $with }
sanguo-event-kill-han = { $by } killed Han
sanguo-event-eliminate = { $by } eliminated { $sides }
sanguo-event-stalemate = { $by } stalemated { $side }
sanguo-event-win = { $side } won
sanguo-event-draw = drawn between { $sides }
sanguo-final-status = Final status:
wec-event-win = { $colour } wins: the enemy's primary government piece fell

# A HotW turn's expansions.
hotw-by-sea = by sea
hotw-battle = battle:
hotw-builds = builds

# What a Deluge record says of each winter.
deluge-winter = Winter { $year }: { $what }
deluge-submerged = submerged:
deluge-new-centres = new centres:
deluge-drowned = drowned:
deluge-position-unknown = (position not known from the record)
deluge-no-change = no change
deluge-survivor = { $power } is the survivor after winter 1908
deluge-survivors = { $powers } survive after winter 1908
game-position-link = games reaching this position
game-board-legend = What the letters on the board mean

# The units after each phase of a Diplomacy game (one line a power), and the centres after a winter.
game-units-after = Units after each phase
game-units-none = no units
game-centres-after = Supply centres:
deluge-power-units = { $power }: { $units }
deluge-power-centres = { $power } ({ $count }): { $centres }
