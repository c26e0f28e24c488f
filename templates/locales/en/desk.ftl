# The transcription desk, its preview, and a record's history of versions.

game-history = History
game-correct = Correct this record
game-moves-shown = { $shown } of { $total } moves.
game-moves-earlier = « earlier moves
game-moves-later = later moves »

desk-title = Transcription desk
desk-correcting = Correcting
desk-game-link = game { $id }
desk-version = (version { $version })
desk-new-note = Enter a new record: any notation the import reads. Nothing is stored until you save.
desk-record-text = Record text
desk-detect = Detect from the text
desk-show-after = Show after move
desk-show-after-placeholder = end
desk-preview = Preview
desk-note = Note
desk-note-placeholder = what was corrected
desk-save = Save
desk-save-next = Save as the next version
desk-needs-editor = Saving needs an editor or an admin of a club.
desk-log-in-to-save = Log in as an editor to save.
desk-games-read = { $n ->
    [one] { $n } game read
   *[other] { $n } games read
}
desk-from-line = From line { $line }
desk-result = result { $result }
desk-moves = { $n ->
    [one] { $n } move
   *[other] { $n } moves
}
desk-shown-after = Shown after move { $ply } of { $plies }.
desk-empty = Type or paste a record and press Preview: each line's diagnostics appear beside it, and the game after the chosen move.

history-title = History of { $title }
history-heading = History of
history-col-version = Version
history-col-saved = Saved
history-col-by = By
history-col-note = Note
history-col-text = Text
history-raw = raw
history-from = From version
history-to = to version
history-compare = Compare
history-versions = Version { $a } → version { $b }
history-changes = { $removed ->
    [one] { $removed } line removed
   *[other] { $removed } lines removed
}, { $added } added.
history-same = The two versions are the same text.
history-one-version = This record has one version: the text as imported.
