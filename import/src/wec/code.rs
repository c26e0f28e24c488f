//! Diagnostic codes of the WEC parser (stable).

/// Error: the turn's `MV:` part could not be read; the whole turn is kept as raw text.
pub const TURN_UNREADABLE: &str = "wec.turn-unreadable";
/// Error: a part after the move could not be read; kept as raw text.
pub const PART_UNREADABLE: &str = "wec.part-unreadable";
/// Error: a part given twice (or a transport and a dozer, or a third fire).
pub const PART_TWICE: &str = "wec.part-twice";
/// Warning: parts written out of the grammar's fixed order.
pub const PART_ORDER: &str = "wec.part-order";
/// Warning: fire numbers not `FI1` then `FI2`.
pub const FIRE_SLOT: &str = "wec.fire-slot";
/// Warning: more than five dozed pieces.
pub const DOZER_MANY: &str = "wec.dozer-many";
/// Warning: `N...` (White's mark) on a line that is Black's turn.
pub const NUMBER_COLOR: &str = "wec.number-color";
/// Info: an alternate spelling normalized (`STP` → `SP`, `JP` → `JU`).
pub const ALIAS: &str = "wec.alias";
/// Info: a code of the grammar missing from the terminal list (`SHP`, `XP`).
pub const CODE_UNDEFINED: &str = "wec.code-undefined";
/// Warning: a kill result (`TK`, `RK`, `SK`) written as an article.
pub const ARTICLE_DOUBTFUL: &str = "wec.article-doubtful";
/// Warning: the record names a piece the tracked position does not have there.
pub const NO_PIECE: &str = "wec.no-piece";
/// Warning: the record gives a piece other articles than the tracked ones.
pub const ARTICLES_DIFFER: &str = "wec.articles-differ";
/// Warning: an article picked up, dropped or exchanged that is not where the record says.
pub const NO_ARTICLE: &str = "wec.no-article";
/// Warning: a stunned piece moves.
pub const STUNNED_MOVES: &str = "wec.stunned-moves";
/// Warning: a result's colour differs from the tracked colour of the piece.
pub const RESULT_COLOR: &str = "wec.result-color";
/// Warning: turns after the game ended (a primary government piece destroyed or converted).
pub const AFTER_END: &str = "wec.after-end";
/// Info: the game ended; the winner is stored.
pub const GAME_WON: &str = "wec.game-won";
/// Info: a turn number written otherwise than `N.` / `N...` (`1)`, `2:`, `(3)`, `3. ...`).
pub const NUMBER_FORM: &str = "wec.number-form";
/// Info: a turn's colour written before it (`Black:`, `W`, `白：`), read as its colour.
pub const COLOR_WORD: &str = "wec.color-word";
/// Warning: a colour written before a turn that the alternation gives the other side; the
/// written colour decides when every turn so far had its colour written.
pub const COLOR_ORDER: &str = "wec.color-order";
/// Info: two or more turn strings on one line, read as one turn each.
pub const TURNS_ON_LINE: &str = "wec.turns-on-line";
/// Info: codes in lower case read in capitals.
pub const LOWER_CASE: &str = "wec.lower-case";
/// Info: `V` read as `v`, the sub level.
pub const CAPITAL_V: &str = "wec.capital-v";
/// Info: full-width punctuation or arrow characters (`：`, `（`, `→`, `⇒`) read as ASCII.
pub const FULL_WIDTH: &str = "wec.full-width";
/// Info: annotation marks after a turn (`!`, `?!`, `+`, `#`, `check`), kept as its comment.
pub const ANNOTATION: &str = "wec.annotation";
/// Info: a note after a turn (`; …`, `// …`, `-- …`, `(good)`, text in Hangul or Chinese),
/// kept as its comment.
pub const NOTE: &str = "wec.note";
/// Info: the parts of a turn separated by `;`, `/`, `|` or only white space instead of `,`
/// (`MV:SP(2,2)->(3,3); PU:SP(3,3)^BI`), read as `,`.
pub const PART_SEPARATOR: &str = "wec.part-separator";
/// Info: a line marked as a comment (`// …`, `# …`), kept as the comment of the turn before it
/// (before the first turn: the intro).
pub const COMMENT_LINE: &str = "wec.comment-line";
/// Info: `MV` written without its `:` (`MV JE(1,4)->…`, `MV-JE(…)`), read as `MV:`.
pub const MV_COLON: &str = "wec.mv-colon";
/// Info: a turn written without its `MV:`, read as if it had it.
pub const MV_MISSING: &str = "wec.mv-missing";
/// Info: a result line (`Black wins`, `White resigns`, `흑 승`, `백 기권`), read as the outcome
/// when the replay gives none; warning when it cannot be read as one side's win (`1-0`:
/// which side is first is not said) or disagrees with the replay.
pub const RESULT_LINE: &str = "wec.result-line";
/// Info: the `Result` tag (`B`, `White wins`, `Draw`) read as the outcome when the record
/// gives none; warning when it cannot be read or disagrees with the record (the record is
/// kept).
pub const RESULT_TAG: &str = "wec.result-tag";
/// Info: a header line in the body (`Black: Ada Park`, `Date: 2026.11.20`, `흑: 김민준`);
/// the players' names where the tags give none.
pub const HEADER_LINE: &str = "wec.header-line";
/// Info: a location's row and column separated otherwise than by `,` (`(10.4)`, `(9 2)`,
/// `(8;3)`), read as `(Row,Column)`.
pub const LOCATION_SEPARATOR: &str = "wec.location-separator";
/// Info: a location written in square brackets (`[1,4]`, the grammar's meta-signs, which
/// never occur in the notation), read as `(Row,Column)`.
pub const LOCATION_BRACKETS: &str = "wec.location-brackets";
/// Info: a fire written without its number (`,FI:RL/…`), numbered by its place (the first
/// fire of the turn `FI1`, the second `FI2`).
pub const FIRE_UNNUMBERED: &str = "wec.fire-unnumbered";
/// Info: a full stop or comma after the turn string (`MV:JE(1,4)->^(1,4).`), which the
/// grammar never ends with; read without it.
pub const TRAILING_MARK: &str = "wec.trailing-mark";
/// Warning: a line that is no turn string (no `MV:`, and not read as one without it); kept as
/// the comment of the turn before it, and the colours keep alternating as if it were absent.
pub const NOT_A_TURN: &str = "wec.not-a-turn";
/// Info: a line that continues the turn string of the line before it (that line ends with `,`
/// or where no turn string ends, `…->^(1`, or this one begins with a part's code, `FI1:`,
/// `,PU:`, `RS:`, `-TRA->`, and has no number and no `MV` of its own), read as part of that
/// turn (reported once per game).
/// One code for every notation's wrapped lines ([`crate::text::code::LINE_WRAPPED`]).
pub const CONTINUED_LINE: &str = crate::text::code::LINE_WRAPPED;
/// Info: a turn number alone on its line (`1.`, `2...`), read as the number of the turn on
/// the next line (reported once per game).
pub const NUMBER_LINE: &str = "wec.number-line";
/// Info: a clock time written after the turn (`(0:45)`, `[12:03]`, `1:02:33`: the time used
/// or left, as a chess clock shows it), kept as the turn's comment, not read as notation.
pub const CLOCK_TIME: &str = "wec.clock-time";
