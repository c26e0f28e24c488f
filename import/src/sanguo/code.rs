//! Diagnostic codes of the 三国 parser (stable).
/// Error: a move that cannot be read.
pub const SYNTAX: &str = "sanguo.syntax";
/// Error: a line that is neither a title, a round, a 困毙 marker nor a status line.
pub const UNREADABLE_LINE: &str = "sanguo.unreadable-line";
/// Error: the move designates no piece of the mover.
pub const NO_PIECE: &str = "sanguo.no-piece";
/// Error: the move designates several pieces.
pub const AMBIGUOUS: &str = "sanguo.ambiguous";
/// Error: the destination is off the board.
pub const OFF_BOARD: &str = "sanguo.off-board";
/// Error: a move the piece cannot express (马 平, 0 steps, 马 to a far file).
pub const BAD_MOVE: &str = "sanguo.bad-move";
/// Error: the destination holds one of the mover's own pieces.
pub const SELF_CAPTURE: &str = "sanguo.self-capture";
/// Error: a move in the slot of a side already eliminated.
pub const ELIMINATED_SIDE: &str = "sanguo.eliminated-side";
/// Error: more than three entries in a round.
pub const ROUND_SLOTS: &str = "sanguo.round-slots";
/// Warning: a piece moved in a way it cannot (shape, blocked path), or took one of 汉's 车 or
/// 炮 before 汉 is activated.
pub const ILLEGAL_MOVE: &str = "sanguo.illegal-move";
/// Warning: a marker (`#X`, `=X`, `x汉`, `【困毙灭国】`) that does not fit the move.
pub const MARKER: &str = "sanguo.marker-mismatch";
/// Warning: a round number out of sequence, or missing.
pub const ROUND_NUMBER: &str = "sanguo.round-number";
/// Warning: punctuation repaired (missing `.` after the round number, `;` or spaces between moves,
/// empty entries).
pub const PUNCTUATION: &str = "sanguo.punctuation";
/// Warning: a title (body line or `Title` tag) that cannot be read.
pub const TITLE: &str = "sanguo.title";
/// Warning: the title disagrees with the moves, the status line, or the other title.
pub const TITLE_MISMATCH: &str = "sanguo.title-mismatch";
/// Warning: a status line that cannot be read fully, or a second one.
pub const STATUS: &str = "sanguo.status";
/// Warning: the status line disagrees with the moves (a side eliminated that it does not call
/// 灭国, or calls 灭国 when no move eliminates it; a side it calls the winner or in a draw whose
/// general a move took).
pub const STATUS_MISMATCH: &str = "sanguo.status-mismatch";
/// Warning: a note in brackets after a move (`马6进5（好棋`) never closed; it runs to the end of
/// the move.
pub const UNCLOSED_COMMENT: &str = "sanguo.unclosed-comment";
/// Info: traditional characters read as simplified (first one of the game).
pub const TRADITIONAL: &str = "sanguo.traditional";
/// Info: full-width punctuation read as half-width (first one of the game).
pub const FULL_WIDTH: &str = "sanguo.full-width";
/// Info: moves read but not replayed after an error.
pub const NOT_REPLAYED: &str = "sanguo.not-replayed";
/// Info: a piece written with another of its names, as xiangqi records write them (`象7进9`,
/// `仕4进5`, `卒7进1`, `帅5进1`, `俥1进1`, `傌2进3`, `包2平5`: the table of
/// `import/data/sanguo/piece_names.csv`), read and stored with the notation's name (`相7进9`; first
/// place of each name in the game).
pub const PIECE_ALIAS: &str = "sanguo.piece-alias";
/// Info: files or steps written in Chinese numerals (`马六进五`), stored in Arabic ones (first
/// move of the game).
pub const NUMERALS: &str = "sanguo.numerals";
/// Info: a round number written `第1回合`, `第一回合：`, `1回合` (first one of the game).
pub const ROUND_FORM: &str = "sanguo.round-form";
/// Info: an entry other than `（轮空）` read as a 轮空 (`（跳过）`, `空`, another bracketed word).
pub const SKIP_FORM: &str = "sanguo.skip-form";
/// Info: the `Result` tag (`[Result "魏胜"]`, `[Result "吴蜀和"]`) read as the outcome, the
/// record's body giving none; warning when it names no winner or draw, or another outcome than
/// the status line or title (the record is kept).
pub const RESULT_TAG: &str = "sanguo.result-tag";
/// Info: a status line opened by a key (`结果：吴认负，魏胜利，蜀认负`, `Result: …`), the key
/// read past.
pub const STATUS_KEY: &str = "sanguo.status-key";
/// Info: moves separated by `/` or `|` (read as `,`; first one of the game).
pub const SEPARATOR: &str = "sanguo.separator";
/// Info: a move labelled with its side (`吴：马6进5`, `魏 炮12平10`, `蜀马6进7`), read without
/// the label (first one of the game). Error when the label names another side than the
/// round's order gives: the move is not played and the replay stops.
pub const SIDE_LABEL: &str = "sanguo.side-label";
/// Info: a note in brackets after a move (`马6进5（好棋）`, `车1进1【注：…】`, `马进7 // 跳马`,
/// also `〔…〕`, `〖…〗`, `『…』`, `「…」`, `《…》`, `〈…〉`, `<…>`, `“…”`), kept as the move's
/// comment (first one of the game).
pub const BRACKET_COMMENT: &str = "sanguo.bracket-comment";
/// Info: a title or result written otherwise than the notation's §8 (`胜者：魏`, `结果：魏胜`, `魏 胜`,
/// `汉被魏所杀`, `魏杀汉，魏灭吴，魏胜`), read as the notation's form.
pub const TITLE_FORM: &str = "sanguo.title-form";
/// Info: a header line in the body (`赛事：三国杯`, `吴：孙策　魏：曹操　蜀：刘备`), not part of the
/// notation; side names in it give the players when the tags do not.
pub const HEADER_LINE: &str = "sanguo.header-line";
/// Info: a line ignored: an end mark (`（完）`, `终局`) or a line of punctuation only (`---`).
/// (A heading before the moves, `三国演弈棋对局记录`, is a `sanguo.header-line`; a note on a
/// line of its own, `（此处原谱有误）`, a `sanguo.bracket-comment`.)
pub const IGNORED_LINE: &str = "sanguo.ignored-line";
/// Info: a line without a round number after a round line that left sides without an entry
/// (`1.车5进1` then `炮12平10` on the next line, one move a line), or with that round's number
/// again (`1. 吴 马6进5` then `1. 魏 炮12平10`): it continues that round.
pub const ROUND_CONTINUED: &str = "sanguo.round-continued";
/// Info: side names written in pinyin (`Wei杀Han·Wei胜`, `Wu[认负] Wei[胜利] Shu[认负]`,
/// `Wu: 马6进5`, `[Result "Wei胜"]`; any case, tone marks or none) read as 吴, 魏, 蜀, 汉
/// (first place of the game). A name is read only as a whole word (no Latin letter next to it)
/// in a title, a status line, the `Title` and `Result` tags, a move's side label, a move's
/// markers (`#Wei`, `=Wu`, `xHan`), a general written with its side (`Wei9退1`) and a header
/// line of players (`Wu: Zhou Yu  Wei: Cao Cao  Shu: Liu Bei`).
pub const SIDE_PINYIN: &str = "sanguo.side-pinyin";
/// Info: a move's marker written in words (`车1平17灭吴`, `马2进1杀汉`, also in brackets:
/// `马2进1（杀汉）`), read as the notation's `#吴`, `x汉` and stored so (first one of the game).
pub const MARKER_WORDS: &str = "sanguo.marker-words";
/// Info: a status line in other words than the notation's §7's five (`吴负 魏胜 蜀负`, `吴国：认输`, `[负]
/// [胜] [负]`, `Wu eliminated, Wei wins, Shu resigns`), read as them: `胜`/`赢`/`wins` 胜利,
/// `认输`/`投降`/`resigns` 认负, `被灭`/`eliminated` 灭国, `和`/`draw` 强制判和, `超时`/`lost on
/// time` 超时判负, and a bare loss (`负`, `输`, `lost`) 灭国 when the moves eliminate the side,
/// else 认负.
pub const STATUS_FORM: &str = "sanguo.status-form";
/// Info: a space after a move's marker or before it (`马2进1x Han`, `马2进1 x 汉`,
/// `车1平17# Wu`), read without it (first one of the game; the notation is stored without it).
pub const MARKER_SPACE: &str = "sanguo.marker-space";
/// Warning: `#汉` or `#Han` after a move, read as `x汉` (the emperor killed; the notation's §2 writes
/// `#` for a side eliminated and `x汉` for 汉 killed).
pub const MARKER_HAN: &str = "sanguo.marker-han";
/// Info: a move written in xiangqi's letters as English (WXF) records write them (`H6+5`,
/// `C12.10`, `E7+9`, `R13=12`, `H+7`: K 将, A 士, E/B 相, H/N 马, R 车, C 炮, P 兵; `+` 进, `-` 退,
/// `.` or `=` 平), read and stored as the notation writes it (`马6进5`; first one of the game).
pub const LETTERS: &str = "sanguo.letters";
/// Info: the kingdoms named otherwise (`东吴`, `孙吴`, `曹魏`, `蜀汉`, `季汉`, `Eastern Wu`, `Cao
/// Wei`, `Shu Han`) in a title, a status line, the `Title` and `Result` tags or a header line
/// of players, read as 吴, 魏, 蜀 (first place of the game).
pub const KINGDOM_NAME: &str = "sanguo.kingdom-name";
/// Info: players named in brackets after their sides in the status line (`吴（孙策）认负
/// 魏（曹操）胜利 蜀（刘备）认负`): the statuses read without them, the names the sides' players
/// where the tags (and a line of players) name none.
pub const STATUS_PLAYERS: &str = "sanguo.status-players";
