# What a new member meets: HotW results with their empires, the curators' merge forms, adding a
# game to a collection from its page or a search.

## HotW results
hotw-result-empires = { $result }, as { $empires }
hotw-empires-separator = {", "}
game-col-end = At the end

## Merging players and events (curators)
merge-heading = Merge into another
merge-into-label = Merge this one into (id or name)
merge-button = Merge
merge-help = Its games, aliases and ratings move to the other; a merge can be undone on
merge-page-link = the merges page
merge-done = Number { $id } was merged into this one.
merge-nothing-named = Nothing is named “{ $name }”: give an id or a name as the archive writes it.
merge-several-named = Several are named “{ $name }”: give the id of the one to keep.
merges-title = Merges
merges-intro = The newest merges of players and events. Undoing one brings the merged record back with its id and its games.
merges-undone = Merge { $id } is undone.
merges-none = No merges yet.
merges-into-n = number { $id }
merges-player = player
merges-event = event
merges-undone-at = undone { $when }
merges-undo = Undo

## Adding a game to a collection
collect-summary = Add to collection
collect-collection = Collection
collect-ply = At ply
collect-button = Add
collect-added = Added game { $game } to “{ $collection }”.
collect-held = Game { $game } is in “{ $collection }” already: nothing was added.
collect-past-end = Nothing was added to “{ $collection }”: ply { $ply } is past the end of game { $game }, which has { $plies } plies.
collect-held-here = game { $game } is in this collection already
collect-ply-past-end = ply { $ply } is past the end of game { $game }, which has { $plies } plies
