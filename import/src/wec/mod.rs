//! Weaponized Chess (WEC) notation: the turn-string grammar at the end of seed 004, a replay from the
//! standard setup, a renderer back to notation and plain-English descriptions.
//!
//! ```text
//! S=MV:Piece_description->LevelLocation{Transport_description|Dozer_description}{Fire_description}
//!   {Pickup_description}{Exchange_description}{Reinforce_description}{Drop_description}{Results_description}
//! ```
//!
//! # Body layout
//! - One turn string per line. Blank lines are skipped. A line may start with a number `N.` or
//!   `N...` (spaces after it allowed), or as other transcribers write it: `1)`, `1)…`, `2:`,
//!   `(3)`, `2 ...`, `3. ...`, `4…`, `5 MV:…` (info `wec.number-form`, once per game), then
//!   maybe the turn's colour (`Black:`, `W`, `白：`, `흑`; info `wec.color-word`; against the
//!   alternation it decides when every turn so far had its colour written, `wec.color-order`
//!   either way). The number
//!   is kept as [`Turn::no`]. Lines alternate Black, White, Black… (Black moves first); a `N...` on
//!   a Black line is reported (`wec.number-color`), since that is how chess writers mark White.
//!   When such a disagreement is met and the record's numbering is consistent chess-style (`N.`
//!   Black, `N...` White, each numbered turn after the one before, and the numbering against the
//!   alternation on at most one numbered line in four, or on one), the numbering decides the
//!   colours instead (a record that begins with White's turn, a turn left out), and each line
//!   where it differs from the alternation is reported (`wec.number-color`, warning).
//! - A turn string wrapped onto the next line is joined to its turn: a line with no number, colour
//!   or `MV` of its own (and no prose) continues the turn before it when that turn's line ends
//!   with `,` or the line begins with a part code (`FI1:`, `FI2:`, `FI:`, `PU:`, `EX:`, `RE:`,
//!   `DR:`, `RS:`, `DO>`, `-TRA->`) or a `,` (a part code without its `,` gets one put back); info
//!   `wec.continued-line`, once per game. So it is when the turn's line ends where no turn string
//!   ends, the break inside a part with no `,` or part code at it: inside a location or offset
//!   (a digit, `(`), after an arrow, a part's `:`, a level `^`, a `*`, `-`, `=` or `/`
//!   (`1. MV:JE(1,4)->` then `^(1,4)`; `…,FI1:RL/JE^(8,4)->` then `(4,4),RS:…`); a whole turn
//!   ends with `)`, `<`, `>` or a code's capital letter. (A line that begins as a number does, `4)`,
//!   is not joined.) A turn number alone on its line (`1.`, `2...`) is the
//!   number of the turn on the next line (info `wec.number-line`, once per game). Blank lines
//!   between them are passed over; diagnostics point into the line they concern, the turn's
//!   [`Turn::line`] is its first line.
//! - Other numberings: the move's halves `1a.` (Black's) and `1b.` (White's, read as `1...`),
//!   and the colours abbreviated `Blk` and `Wht` (`#1 Blk: MV:…`).
//! - Two or more turn strings on one line (`1. MV:… MV:…`) are read as one turn each, split at
//!   each `MV:` (which every turn string starts with), when the line does not read as one turn
//!   (info `wec.turns-on-line`, once per game); only the first carries the number.
//! - A turn that does not read is read again normalized, and that reading kept when it is better:
//!   codes in lower case in capitals (`wec.lower-case`; a `v` stays the sub level or the drop's
//!   mark, the `V` of `AV` and `MV:` stays a letter), `V` as the sub level `v` (`wec.capital-v`;
//!   the seed's text: "'V'는 하위 수준을 표시하고"), full-width punctuation and the arrow characters
//!   `→` `⇒` `←` `⇔` and dashes as the grammar's `->` `=>` `<-` `<=>` `-` (`wec.full-width`). Each
//!   is an info, once per game; [`Turn::notation`] then holds the normalized string. The grammar
//!   itself stays strict: this happens only after the plain reading failed.
//! - A colour may also be written in brackets (`[B] MV:…`, `(W)`, `（흑）`) or with a dash after it
//!   (`Black - MV:…`, `흑 – MV:…`), and after a number and a space (`Turn 1 (Black): MV:…`, `3
//!   White MV:…`; not glued to it, `8B.`); each is the same info `wec.color-word`.
//! - A location's row and column separated by `.`, `;`, `/` or white space instead of `,`
//!   (`(10.4)`, `(1;4)`, `(9 2)`, an offset `(-1 0)`; one mark, maybe with spaces around it) are
//!   read as `(Row,Column)` on the reread path (info `wec.location-separator`, once per game).
//! - Result lines may have a key (`Result: Black wins`, `결과: 백 승`; `Winner: White`, `승자:
//!   흑` with the colour alone), the reason after them (`… by killing the king`, `… (king
//!   converted)`, `…, on time`) or a score before them that the words explain (`1-0 (Black
//!   wins)`, `0-1 White wins`). A score alone (`1-0`) stays a warning `wec.not-a-turn`: the seed
//!   says Black moves first but gives no score order, and a chess writer's `1-0` is White's win.
//! - As go and baduk records write moves and results: the colour glued before the turn's number
//!   (`B1. MV:…`, `W1: MV:…`, `흑1 MV:…`, `백2. MV:…`, `Black 3: MV:…`; the infos `wec.color-word`
//!   and `wec.number-form`, the colour deciding as a colour written before a turn does) and the
//!   result (`B+R`, `W+T`, `W+`, `Result: B+R`, `흑 불계승` a win by resignation, `흑의 승리`
//!   with the possessive, `黑中盘胜`; info `wec.result-line`). On the reread path: a fire written
//!   without its number (`,FI:RL/…`) numbered by its place among the turn's fires (info
//!   `wec.fire-unnumbered`; a third is still an error), and a full stop or comma after the turn
//!   string (`MV:JE(1,4)->^(1,4).`) left out when the turn then reads whole (info
//!   `wec.trailing-mark`).
//! - Eighth transcribers: the sides in Japanese (`黒1 MV:…`, `白2:`, shogi's `先手:` for Black,
//!   the first to move, and `後手` for White; the same `wec.color-word` and `wec.number-form`
//!   infos) and Japanese results (`白の勝ち`, `先手勝ち`, `後手投了` a resignation, `黒中押し勝ち`,
//!   shogi's closing `まで45手で先手の勝ち`; `wec.result-line`); move counters after or around the
//!   number (`1수`, `제3수`, `제 4 수:`, `第5手`, `6手目`; `wec.number-form`); a clock time after
//!   the turn (`(0:45)`, `[12:03]`, `1:02:33`, on the reread path) kept as its comment (info
//!   `wec.clock-time`; in braces, `{1:02:33}`, it is a comment already).
//! - `{…}` comments (which may span lines) are attached to the turn *before* them: the last turn
//!   whose text starts before the comment's opening brace. Comments before the first turn go to
//!   [`WecGame::intro`]. A comment inside a turn string is removed from it (the string is read
//!   without the white space it leaves).
//! - White space inside a turn string is ignored (the grammar has none); columns still point into
//!   the file.
//!
//! # Grammar decisions (the seed's faults, DOMAIN.md §6 "004")
//! - **Pawn spellings:** the Piece_type list writes the stun gun pawn `SP`, the terminal list `STP`.
//!   Both are read; `STP` is stored as `SP` with an info (`wec.alias`). Each alternate, undefined
//!   or doubtful spelling is reported once per game, at its first use.
//! - **Jump pack:** the Article list writes `JP`, the terminal list and Firing_article `JU`. Both are
//!   read; `JP` is stored as `JU` with an info (`wec.alias`).
//! - **Undefined codes:** `SHP` and `XP` are in Piece_type but not in the terminal list; they are read
//!   as the stealth pawn and the XXX pawn of the setup chart, with an info (`wec.code-undefined`).
//! - **`TK`/`RK`/`SK` in the Article list:** they are kill results; written as articles they are kept
//!   and flagged (`wec.article-doubtful`, warning).
//! - **Empty Level, Orient, Articles:** each may be absent (ground, straight/unstated, none). Count is
//!   `1`–`3` followed by exactly that many codes; a `0` count is not read.
//! - **Prefix collisions** (ST/STK/STP, AS/AST/ASH, SP/SOP/SU, R/RK/RP, T/TK/TA, S/SK/STK): each
//!   position has its own table of codes (piece types, articles, firing articles, result types);
//!   codes are tried longest first *from the table of that position*, so `AS` (a piece) never
//!   shadows `ASH` (an article). Only the Result_type table has codes that are prefixes of others,
//!   and what follows a result type (`->`, `v`, `*`) never begins with a capital letter, so the
//!   longest match is the only reading.
//! - **Articles then stun:** in `*Piece StunColor` the piece's Articles are followed by the stun
//!   number. A digit `1`–`3` is read as an article count only when that many article codes follow;
//!   otherwise it is the stun (`*TA(5,5)1W` is stun 1, `*TA(5,5)1FL2W` one flame and stun 2).
//! - **Required alternatives:** `[A|B]` means exactly one of them (the seed: "certainly one or the
//!   other"): a fire needs `->LocationOrient` or `=>Target`; an exchange `->` or `<=>Article<-`; a
//!   result one of `->`, `v`, `*`.
//! - **Result offsets:** `->LocationOffset` is a location and a direction (`R->(5,5)(0,1)`: a rocket
//!   in flight at (5,5) heading one column right). `->Offset` alone (`R->(0,1)`) is also read (the
//!   location is then `null`). A piece-type result with `->` is a displaced piece: it moves from the
//!   location by the offset.
//! - **Fires:** the grammar nests `FI2` inside the fire description; we read `,FI1:` and `,FI2:` as
//!   separate parts and report a second fire numbered 1, or a fire 2 without a fire 1
//!   (`wec.fire-slot`, warning), or more than two fires (`wec.part-twice`, error).
//! - **Transport:** `-TRA->Piece LevelLocation Articles` is the transported piece, where it goes,
//!   and the articles written after the destination (kept as written; read as the transport
//!   articles in use, they do not change the tracked articles).
//! - **Dozer:** `,DO>Location` is the square the dozer dozes into (normally the move's
//!   destination); each `Piece_typeLocation` is a dozed piece and the square it is pushed *to*, one
//!   step in the direction of the dozer's move. More than five dozed pieces are read and reported
//!   (`wec.dozer-many`).
//! - **Order of parts:** the grammar fixes the order. Parts out of order are read and reported
//!   (`wec.part-order`, warning); the renderer writes the fixed order. A part given twice (or
//!   transport and dozer together) is an error and is kept as raw text.
//! - **Errors:** a turn whose `MV:` cannot be read is kept whole in [`Turn::unparsed`] (its piece has
//!   an empty `type`); a later part that cannot be read is kept raw from where it starts to the next
//!   part marker, and the rest of the turn is read. Either way the next lines parse as usual and the
//!   colours keep alternating; when the record numbers its turns consistently, the numbering
//!   decides at the next numbered line (an unreadable or extra line does not flip the colours of
//!   the turns after it).
//!
//! # Replay
//! [`parse`] replays the game from the standard setup (`import/data/wec/`, see its README) and
//! [`position_after`] gives the board at any ply (0 = the setup). A contradiction between the record
//! and the tracked position is a warning naming the turn, and replay continues from what the record
//! says. What each part does to the position is written in the `replay` module. The game ends when
//! a primary government piece (`K DI AV PR`) is destroyed or converted: [`WecGame::winner`],
//! [`WecGame::ended_at`], `Parsed.outcome` ("Black wins"/"White wins").
//!
//! # Rendering and descriptions
//! [`render`] writes a turn back in the grammar's fixed order (canonical spellings `SP`, `JU`);
//! `parse(render(t))` gives back `t`. [`render_game`] writes a whole body with numbers and comments.
//! [`describe`] gives one plain-English sentence per part.

mod codes;
mod describe;
pub(crate) mod entry;
mod grammar;
mod render;
mod replay;

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::diag::Diagnostic;
use crate::model::{Ctx, Outcome, Parsed, Seat};
use crate::text::fold_width;

pub use codes::{article_name, piece_name, result_name};
pub use describe::describe;
pub use render::{render, render_game};
pub use replay::{PlacedPiece, Position, position_after, standard_setup};

/// Diagnostic codes of the WEC parser (stable).
pub mod code {
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
    /// Warning: a `{` comment without its `}`; it runs to the end of its line.
    pub const COMMENT_UNCLOSED: &str = "wec.comment-unclosed";
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
    /// info: a rule line (`----`, `====`, `* * *`, `———`) inside a game, read as a separator and
    /// ignored (before: a line that is no turn, a warning).
    pub const RULE_LINE: &str = "wec.rule-line";
    /// Info: a line that continues the turn string of the line before it (that line ends with `,`
    /// or where no turn string ends, `…->^(1`, or this one begins with a part's code, `FI1:`,
    /// `,PU:`, `RS:`, `-TRA->`, and has no number and no `MV` of its own), read as part of that
    /// turn (reported once per game).
    pub const CONTINUED_LINE: &str = "wec.continued-line";
    /// Info: a turn number alone on its line (`1.`, `2...`), read as the number of the turn on
    /// the next line (reported once per game).
    pub const NUMBER_LINE: &str = "wec.number-line";
    /// Info: a clock time written after the turn (`(0:45)`, `[12:03]`, `1:02:33`: the time used
    /// or left, as a chess clock shows it), kept as the turn's comment, not read as notation.
    pub const CLOCK_TIME: &str = "wec.clock-time";
}

/// A code of the notation (`TA`, `ground`, `B`, `<`…): borrowed from the parser's static tables, so
/// reading a turn allocates no string per token. Serializes as a plain string.
pub type Code = Cow<'static, str>;

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct WecGame {
    /// One entry per turn string, in order.
    pub turns: Vec<Turn>,
    /// `B` or `W` once a primary government piece is destroyed or converted.
    pub winner: Option<String>,
    /// The ply after which the game ended (the turn that destroyed or converted the government piece).
    pub ended_at: Option<u32>,
    /// Comments written before the first turn.
    pub intro: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Turn {
    pub ply: u32,
    /// The number written before the turn (`N.` or `N...`), if any.
    pub no: Option<u32>,
    /// `B` or `W`.
    pub color: Code,
    /// 1-based file line of the turn.
    pub line: u32,
    /// The turn string as written (trimmed, without the `N.` prefix, comments and white space).
    pub notation: String,
    /// The moving piece (for a turn whose move could not be read: `type` empty, see `unparsed`).
    pub piece: Piece,
    pub to: Dest,
    // The optional parts are boxed: most turns have none, and a `Turn` is kept small (a game's
    // turns are one allocation; unboxed, a `Turn` would be three times the size).
    pub transport: Option<Box<Transport>>,
    pub dozer: Option<Box<Dozer>>,
    pub fires: Vec<Fire>,
    pub pickup: Option<Box<Pickup>>,
    pub exchange: Option<Box<Exchange>>,
    pub reinforce: Option<Box<Reinforce>>,
    pub drop: Option<Box<Drop>>,
    pub results: Vec<WecResult>,
    /// The comments after the turn, joined by a space.
    pub comment: Option<String>,
    /// Text that could not be read (the whole turn, or parts of it), in order.
    pub unparsed: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Piece {
    #[serde(rename = "type")]
    pub kind: Code,
    /// `ground`, `air` or `sub`.
    pub level: Code,
    /// `[row, col]` as written.
    pub at: [u8; 2],
    pub articles: Vec<Code>,
    /// `<` (left, port path) or `>` (right, starboard path); `null` when not written.
    pub orient: Option<Code>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Dest {
    pub level: Code,
    pub at: [u8; 2],
}

/// `-TRA->Piece LevelLocation Articles`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Transport {
    pub piece: Piece,
    pub to: Dest,
    /// The articles written after the destination.
    pub articles: Vec<Code>,
}

/// `,DO>Location Piece_typeLocation{,Piece_typeLocation}`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Dozer {
    /// The square dozed into.
    pub toward: [u8; 2],
    /// The dozed pieces and the squares they are pushed to.
    pub pieces: Vec<Dozed>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Dozed {
    #[serde(rename = "type")]
    pub kind: Code,
    pub at: [u8; 2],
}

/// `,FI1:` / `,FI2:` `Firing_article/Piece` then `->LocationOrient` or `=>Target`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Fire {
    /// 1 or 2, as written.
    pub slot: u8,
    pub article: Code,
    pub from: Piece,
    /// Fired toward a location, on a path (`<` port, `>` starboard, `null` straight).
    pub toward: Option<Toward>,
    /// Fired at a piece.
    pub target: Option<Piece>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Toward {
    pub at: [u8; 2],
    pub orient: Option<Code>,
}

/// `,PU:Piece^Article`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Pickup {
    pub piece: Piece,
    pub article: Code,
}

/// `,EX:Piece->Article->Piece` (transfer) or `,EX:Piece->Article<=>Article<-Piece` (swap).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Exchange {
    pub from: Piece,
    pub article: Code,
    /// The article given back in a swap; `null` for a transfer.
    pub swap: Option<Code>,
    pub to: Piece,
}

/// `,RE:LocationPiece_typeOrient`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Reinforce {
    pub at: [u8; 2],
    #[serde(rename = "type")]
    pub kind: Code,
    pub orient: Option<Code>,
}

/// `,DR:PiecevArticle`.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Drop {
    pub piece: Piece,
    pub article: Code,
}

/// One result of `,RS:`: a type (`R T S RK TK SK STK CK` or a piece type) and one of: a location and
/// offset (`->`), a location below (`v`), or the piece it happened to with stun and colour (`*`).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct WecResult {
    #[serde(rename = "type")]
    pub kind: Code,
    /// `->Location`: where (null when only an offset is written).
    pub at: Option<[u8; 2]>,
    /// `->…Offset`: the direction, each part -1, 0 or 1.
    pub offset: Option<[i8; 2]>,
    /// `vLocation`.
    pub down_at: Option<[u8; 2]>,
    /// `*Piece`: the piece it happened to.
    pub piece: Option<Piece>,
    /// Turns stunned (0–255), with `*`.
    pub stun: Option<u8>,
    /// `B` or `W`: the colour of the piece it happened to, with `*`.
    pub color: Option<Code>,
}

/// Character column (1-based) of byte offset `b` in `line`.
fn char_col(line: &str, b: usize) -> u32 {
    let b = b.min(line.len());
    let mut k = b;
    while k > 0 && !line.is_char_boundary(k) {
        k -= 1;
    }
    line.get(..k).map_or(0, |s| s.chars().count()) as u32 + 1
}

/// A turn string with its white space removed, and where each of its bytes sits in the line.
struct Compact<'a> {
    text: std::borrow::Cow<'a, str>,
    /// Byte offset in the line of each byte of `text` (empty when `text` is borrowed verbatim).
    map: Vec<usize>,
    start: usize,
}

impl Compact<'_> {
    fn line_byte(&self, off: usize) -> usize {
        if self.map.is_empty() {
            self.start + off
        } else {
            self.map
                .get(off)
                .copied()
                .or_else(|| self.map.last().map(|l| l + 1))
                .unwrap_or(self.start)
        }
    }
}

#[inline(always)]
fn compact(line: &str, start: usize, end: usize) -> Compact<'_> {
    let s = line.get(start..end).unwrap_or_default();
    // bytes first: only ASCII white space or non-ASCII text needs the character scan (a fold
    // without an early exit, which the compiler turns into vector compares)
    let special = s
        .bytes()
        .fold(false, |any, b| any | (b.is_ascii_whitespace() || b >= 0x80));
    if !special || !s.contains(char::is_whitespace) {
        return Compact {
            text: std::borrow::Cow::Borrowed(s),
            map: Vec::new(),
            start,
        };
    }
    let mut text = String::with_capacity(s.len());
    let mut map = Vec::with_capacity(s.len());
    for (o, ch) in s.char_indices() {
        if ch.is_whitespace() {
            continue;
        }
        text.push(ch);
        for k in 0..ch.len_utf8() {
            map.push(start + o + k);
        }
    }
    Compact {
        text: std::borrow::Cow::Owned(text),
        map,
        start,
    }
}

/// Byte offset of the first character of `line` that is no white space
/// (`line.find(|c: char| !c.is_whitespace())`), by bytes while the line is ASCII.
#[inline(always)]
fn first_non_space(line: &str) -> Option<usize> {
    for (i, b) in line.bytes().enumerate() {
        if !b.is_ascii() {
            return line
                .get(i..)?
                .find(|c: char| !c.is_whitespace())
                .map(|k| i + k);
        }
        if !matches!(b, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ') {
            return Some(i);
        }
    }
    None
}

/// The number before a turn, as [`number_prefix`] reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Number {
    no: u32,
    /// `N...` (or `N…`, `N. ...`): White's mark in chess writing.
    ellipsis: bool,
    /// Byte offset after the number and the spaces after it.
    after: usize,
    /// Written otherwise than `N.` / `N...` (`1)`, `2:`, `(3)`, `2 ...`, `3. ...`).
    other: bool,
}

/// Reads the optional number before a turn: `N.` or `N...`, then spaces; other forms
/// ([`other_number_prefix`]) in a fallback.
#[inline(always)]
fn number_prefix(s: &str, from: usize) -> Option<Number> {
    let b = s.as_bytes();
    match b.get(from) {
        Some(b'0'..=b'9') => {}
        Some(b'(') => return other_number_prefix(s, from),
        // (`제3수`, `第3手`: a Korean or Japanese counter's word before the number)
        Some(b'T' | b't' | b'#' | 0xec | 0xe7) => return word_number_prefix(s, from),
        Some(b'M' | b'm') if matches!(b.get(from + 1), Some(b'o' | b'O')) => {
            return word_number_prefix(s, from);
        }
        _ => return None,
    }
    let mut k = from;
    // the value as `str::parse::<u32>` reads the digits: none if it overflows
    let mut no = Some(0u32);
    while let Some(&d) = b.get(k).filter(|d| d.is_ascii_digit()) {
        no = no.and_then(|v| v.checked_mul(10)?.checked_add(u32::from(d - b'0')));
        k += 1;
    }
    if b.get(k) != Some(&b'.') {
        return other_number_prefix(s, from);
    }
    let no = no?;
    let ellipsis = s.get(k..).is_some_and(|r| r.starts_with("..."));
    k += if ellipsis { 3 } else { 1 };
    while b.get(k).is_some_and(|c| *c == b' ' || *c == b'\t') {
        k += 1;
    }
    // `3. ...`, `3.…`: the ellipsis apart
    if !ellipsis && matches!(b.get(k), Some(b'.' | 0xe2)) {
        return other_number_prefix(s, from);
    }
    Some(Number {
        no,
        ellipsis,
        after: k,
        other: false,
    })
}

/// A colour written before a turn: `Black`, `White`, `B`, `W` (any case), `黑`, `白`, `흑`,
/// `백` (also `블랙`, `화이트`, `흑색`, `백색`, `흰색`, `검정`), then `:` (or `：`, `.`) or a space, then the turn's `MV` (in any case). The colour (White:
/// true) and the byte offset of the turn.
#[inline(always)]
fn colour_prefix(s: &str, from: usize) -> Option<(bool, usize)> {
    match s.as_bytes().get(from)? {
        b'B' | b'W' | b'b' | b'w' | 0xe9 | 0xe7 | 0xed | 0xeb | 0xea | 0xe5 | b'(' | b'['
        | 0xef => colour_word_at(s, from),
        _ => None,
    }
}

#[cold]
#[inline(never)]
fn colour_word_at(s: &str, from: usize) -> Option<(bool, usize)> {
    let rest = s.get(from..)?;
    // in brackets: `(Black):`, `[W]`, `（흑）`
    let (rest, close) = match rest.chars().next().map(fold_width) {
        Some(c @ ('(' | '[')) => (
            rest.get(rest.chars().next()?.len_utf8()..)?,
            Some(if c == '(' { ')' } else { ']' }),
        ),
        _ => (rest, None),
    };
    let words = [
        ("black", false),
        ("white", true),
        // abbreviated (`#1 Blk: MV:…`)
        ("blk", false),
        ("wht", true),
        ("b", false),
        ("w", true),
        ("黑", false),
        // Japanese: 黒 (the Japanese form of 黑), and the sides as shogi names them, 先手 the
        // player who moves first (Black, the seed: "블랙 플레이어는 먼저 이동합니다") and 後手
        ("黒", false),
        ("先手", false),
        ("後手", true),
        ("白", true),
        // the seed's translated text says 블랙 and 흰색; the colour words 흑색 백색 검정
        ("블랙", false),
        ("화이트", true),
        ("흑색", false),
        ("검정", false),
        ("백색", true),
        ("흰색", true),
        ("흑", false),
        ("백", true),
    ];
    for (word, white) in words {
        let Some(after) = rest
            .get(..word.len())
            .filter(|w| w.eq_ignore_ascii_case(word))
            .and_then(|_| rest.get(word.len()..))
        else {
            continue;
        };
        let after = match close {
            Some(c) => match after.chars().next() {
                Some(b) if fold_width(b) == c => after.get(b.len_utf8()..).unwrap_or_default(),
                _ => continue,
            },
            None => after,
        };
        // `Black:`, `Black.`, `Black - `, `흑 – `
        let marked = after
            .strip_prefix([':', '：', '.'])
            .or_else(|| {
                after
                    .trim_start_matches([' ', '\t'])
                    .strip_prefix(['-', '–', '—', '－', '−'])
            })
            .map(|t| t.trim_start_matches([' ', '\t']));
        let spaced = after.trim_start_matches([' ', '\t']);
        let turn = match marked {
            Some(t) => t,
            None if spaced.len() < after.len() || (close.is_some() && !spaced.is_empty()) => spaced,
            None => continue,
        };
        if turn.get(..2).is_some_and(|m| m.eq_ignore_ascii_case("mv")) {
            return Some((white, s.len() - turn.len()));
        }
    }
    None
}

/// The colour glued before the turn's number, as go and baduk records write moves (`B1.`, `W1:`,
/// `흑1`, `백2.`, `Black 3:`, `黑4`), then the turn's `MV` (in any case): the colour (White: true),
/// the byte offset where the colour ends and the number as [`other_number_prefix`] reads it
/// (its ellipsis, if any, does not decide: the colour does).
#[inline(always)]
fn colour_number_prefix(s: &str, from: usize) -> Option<(bool, usize, Number)> {
    match s.as_bytes().get(from)? {
        b'B' | b'W' | b'b' | b'w' | 0xe9 | 0xe7 | 0xed | 0xeb | 0xe5 => colour_number_at(s, from),
        _ => None,
    }
}

/// A side's name as a result or a numbered turn starts with it, lower-case: whether it is White.
const COLOUR_WORDS: [(&str, bool); 11] = [
    ("black", false),
    ("white", true),
    ("b", false),
    ("w", true),
    ("흑", false),
    ("백", true),
    ("黑", false),
    ("白", true),
    // Japanese: 黒, and shogi's 先手 (the first to move: Black) and 後手
    ("黒", false),
    ("先手", false),
    ("後手", true),
];

#[cold]
#[inline(never)]
fn colour_number_at(s: &str, from: usize) -> Option<(bool, usize, Number)> {
    let rest = s.get(from..)?;
    let (white, len) = COLOUR_WORDS
        .into_iter()
        .find(|(w, _)| {
            rest.get(..w.len())
                .is_some_and(|r| r.eq_ignore_ascii_case(w))
        })
        .map(|(w, white)| (white, w.len()))?;
    let colour_end = from + len;
    let b = s.as_bytes();
    let mut k = colour_end;
    while b.get(k).is_some_and(|c| *c == b' ' || *c == b'\t') {
        k += 1;
    }
    if !b.get(k).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let n = other_number_prefix(s, k)?;
    s.get(n.after..)
        .and_then(|r| r.get(..2))
        .is_some_and(|m| m.eq_ignore_ascii_case("MV"))
        .then_some((
            white,
            colour_end,
            Number {
                ellipsis: false,
                other: true,
                ..n
            },
        ))
}

/// A turn number after a word: `Turn 1:`, `Move 12.`, `#3`, and the ordinal prefixes of
/// Korean and Japanese counters, `제3수`, `제 4 수:`, `第5手` (then as [`other_number_prefix`]
/// reads the number and the counter after it).
#[cold]
#[inline(never)]
fn word_number_prefix(s: &str, from: usize) -> Option<Number> {
    let rest = s.get(from..)?;
    let word = ["turn", "move", "#", "제", "第"].into_iter().find(|w| {
        rest.get(..w.len())
            .is_some_and(|r| r.eq_ignore_ascii_case(w))
    })?;
    let mut k = from + word.len();
    let b = s.as_bytes();
    while b.get(k).is_some_and(|c| *c == b' ' || *c == b'\t') {
        k += 1;
    }
    if !b.get(k).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    let n = other_number_prefix(s, k)?;
    Some(Number { other: true, ..n })
}

/// The other ways transcribers number a turn: `1)`, `1)…`, `2:`, `(3)`, `2 ...`, `3. ...`,
/// `4…`, `5 MV:…` (a number, then `.`, `)` or `:` or nothing, then an ellipsis or not), and the
/// number with a Korean, Japanese or Chinese counter for moves after it (`1수`, `2 수:`, `3手`,
/// `4手目`, `5步`). `None` when what follows the number is neither an ellipsis nor the turn's
/// `MV:`.
#[cold]
#[inline(never)]
fn other_number_prefix(s: &str, from: usize) -> Option<Number> {
    let b = s.as_bytes();
    let spaces = |mut k: usize| {
        while b.get(k).is_some_and(|c| *c == b' ' || *c == b'\t') {
            k += 1;
        }
        k
    };
    let paren = b.get(from) == Some(&b'(');
    let mut k = if paren { spaces(from + 1) } else { from };
    let digits = k;
    let mut no = Some(0u32);
    while let Some(&d) = b.get(k).filter(|d| d.is_ascii_digit()) {
        no = no.and_then(|v| v.checked_mul(10)?.checked_add(u32::from(d - b'0')));
        k += 1;
    }
    if k == digits {
        return None;
    }
    let no = no?;
    // `1a.`, `2b MV:…`: the move's first half (Black's, who moves first) and second (White's)
    let half = match b.get(k) {
        Some(b'a') => Some(false),
        Some(b'b') => Some(true),
        _ => None,
    }
    .filter(|_| !b.get(k + 1).is_some_and(u8::is_ascii_alphanumeric));
    if half.is_some() {
        k += 1;
    }
    let digits_end = k;
    let mut marked = false;
    if paren {
        k = spaces(k);
        if b.get(k) != Some(&b')') {
            return None;
        }
        k += 1;
        marked = true;
    } else if matches!(b.get(k), Some(b'.' | b')' | b':')) && b.get(k + 1) != Some(&b'.') {
        k += 1;
        marked = true;
    } else if let Some(after) = move_counter(s, spaces(k)) {
        // `1수`, `제 4 수:`, `3手目`: the counter marks the number (a `.`, `:` or `)` may follow)
        k = after;
        if matches!(b.get(k), Some(b'.' | b')' | b':')) {
            k += 1;
        }
        marked = true;
    }
    k = spaces(k);
    // the ellipsis: `...` (two dots or more) or `…` (U+2026), once or more
    let mut ellipsis = false;
    loop {
        let rest = s.get(k..).unwrap_or_default();
        if rest.starts_with("..") {
            k += rest.bytes().take_while(|&c| c == b'.').count();
        } else if rest.starts_with('…') {
            k += '…'.len_utf8();
        } else {
            break;
        }
        ellipsis = true;
    }
    k = spaces(k);
    // a bare number must be followed by what a turn begins with
    // (or the turn's colour and then `MV`: `Turn 1 (Black): MV:…`, `1 Black - MV:…`)
    let turn_follows = s
        .get(k..)
        .is_some_and(|r| r.get(..2).is_some_and(|m| m.eq_ignore_ascii_case("MV")))
        || (k > digits_end && colour_prefix(s, k).is_some());
    if (!marked && !ellipsis && !turn_follows) || (half.is_some() && !turn_follows) {
        return None;
    }
    Some(Number {
        no,
        ellipsis: ellipsis || half == Some(true),
        after: k,
        other: true,
    })
}

/// A counter word for moves after a turn's number, from byte `k`: `수` (Korean), `手目`, `手`
/// (Japanese), `步`, `着` (Chinese); the byte offset after it (and after a full-width `：`).
fn move_counter(s: &str, k: usize) -> Option<usize> {
    let rest = s.get(k..)?;
    let word = ["수", "手目", "手", "步", "着"]
        .into_iter()
        .find(|w| rest.starts_with(w))?;
    let k = k + word.len();
    Some(if s.get(k..).is_some_and(|r| r.starts_with('：')) {
        k + '：'.len_utf8()
    } else {
        k
    })
}

/// Parses one turn string (already without number and white space) into `turn`. Diagnostics are
/// located through `cm` in `line` (file line `lineno`). (Inlined in its two callers, as it was in
/// its only one before the normalized reading: the other is cold.)
#[inline(always)]
fn parse_turn(
    turn: &mut Turn,
    cm: &Compact<'_>,
    line: &str,
    lineno: u32,
    diags: &mut Vec<Diagnostic>,
    seen: &mut Vec<&'static str>,
) {
    use grammar::PartKind;
    let text: &str = &cm.text;
    let notes = grammar::Notes::default();
    let col_of = |off: usize| char_col(line, cm.line_byte(off));
    let off_of = |rest: &str| text.len().saturating_sub(rest.len());
    let err_off = |e: &nom::Err<nom::error::Error<&str>>, start: usize| match e {
        nom::Err::Error(x) | nom::Err::Failure(x) => off_of(x.input).max(start),
        nom::Err::Incomplete(_) => start,
    };
    let mut rest = match grammar::mv(text, &notes) {
        Ok((rest, (piece, to))) => {
            turn.piece = piece;
            turn.to = to;
            rest
        }
        Err(e) => {
            let at = err_off(&e, 0);
            diags.push(Diagnostic::error(
                code::TURN_UNREADABLE,
                lineno,
                col_of(at),
                format!(
                    "turn {} ({}): the move cannot be read at {:?}; the turn is kept as text",
                    turn.ply,
                    color_name(&turn.color),
                    snippet(text.get(at..).unwrap_or_default())
                ),
            ));
            turn.unparsed.push(text.to_string());
            return;
        }
    };
    let mut last_rank = 0u8;
    let mut last_fire = 0u8;
    while !rest.is_empty() {
        let start = off_of(rest);
        let mark = notes.items.borrow().len();
        let kind = grammar::part_at(rest);
        let parsed: Result<&str, usize> = match kind {
            None => Err(start),
            Some(k) => {
                let r = match k {
                    PartKind::Transport => grammar::transport(rest, &notes).map(|(r, v)| {
                        if turn.transport.is_some() || turn.dozer.is_some() {
                            (r, false)
                        } else {
                            turn.transport = Some(Box::new(v));
                            (r, true)
                        }
                    }),
                    PartKind::Dozer => grammar::dozer(rest, &notes).map(|(r, v)| {
                        if turn.transport.is_some() || turn.dozer.is_some() {
                            (r, false)
                        } else {
                            if v.pieces.len() > 5 {
                                diags.push(Diagnostic::warning(
                                    code::DOZER_MANY,
                                    lineno,
                                    col_of(start),
                                    format!(
                                        "turn {}: {} dozed pieces; the grammar allows five",
                                        turn.ply,
                                        v.pieces.len()
                                    ),
                                ));
                            }
                            turn.dozer = Some(Box::new(v));
                            (r, true)
                        }
                    }),
                    PartKind::Fire => grammar::fire(rest, &notes).map(|(r, v)| {
                        if turn.fires.len() >= 2 {
                            (r, false)
                        } else {
                            let expected = turn.fires.len() as u8 + 1;
                            if v.slot != expected || v.slot <= last_fire {
                                diags.push(Diagnostic::warning(
                                    code::FIRE_SLOT,
                                    lineno,
                                    col_of(start),
                                    format!(
                                        "turn {}: fire FI{} where FI{} was expected; read as written",
                                        turn.ply, v.slot, expected
                                    ),
                                ));
                            }
                            last_fire = v.slot;
                            turn.fires.push(v);
                            (r, true)
                        }
                    }),
                    PartKind::Pickup => grammar::pickup(rest, &notes).map(|(r, v)| (r, set_once(&mut turn.pickup, v))),
                    PartKind::Exchange => {
                        grammar::exchange(rest, &notes).map(|(r, v)| (r, set_once(&mut turn.exchange, v)))
                    }
                    PartKind::Reinforce => {
                        grammar::reinforce(rest, &notes).map(|(r, v)| (r, set_once(&mut turn.reinforce, v)))
                    }
                    PartKind::Drop => grammar::drop_part(rest, &notes).map(|(r, v)| (r, set_once(&mut turn.drop, v))),
                    PartKind::Results => grammar::results(rest, &notes).map(|(r, v)| {
                        if turn.results.is_empty() {
                            turn.results = v;
                            (r, true)
                        } else {
                            (r, false)
                        }
                    }),
                };
                match r {
                    // text after a part that starts no part is reported at the next step
                    Ok((r, true)) => Ok(r),
                    Ok((r, false)) => {
                        notes.truncate(mark);
                        diags.push(Diagnostic::error(
                            code::PART_TWICE,
                            lineno,
                            col_of(start),
                            format!(
                                "turn {}: {} given again (or with a transport/dozer already given); kept as text",
                                turn.ply,
                                k.name()
                            ),
                        ));
                        turn.unparsed
                            .push(text.get(start..off_of(r)).unwrap_or_default().to_string());
                        rest = r;
                        continue;
                    }
                    Err(e) => Err(err_off(&e, start)),
                }
            }
        };
        match parsed {
            Ok(r) => {
                if let Some(k) = kind {
                    if k.rank() < last_rank {
                        diags.push(Diagnostic::warning(
                            code::PART_ORDER,
                            lineno,
                            col_of(start),
                            format!(
                                "turn {}: {} written after a later part; read anyway",
                                turn.ply,
                                k.name()
                            ),
                        ));
                    }
                    last_rank = last_rank.max(k.rank());
                }
                rest = r;
            }
            Err(at) => {
                notes.truncate(mark);
                // undo a half-read part: keep what it had stored only if it was complete
                let skip = grammar::next_marker(rest);
                let raw = rest.get(..skip).unwrap_or(rest);
                let what = kind.map_or("text that starts no part".to_string(), |k| {
                    k.name().to_string()
                });
                diags.push(Diagnostic::error(
                    code::PART_UNREADABLE,
                    lineno,
                    col_of(at),
                    format!(
                        "turn {} ({}): {} cannot be read at {:?}; kept as text",
                        turn.ply,
                        color_name(&turn.color),
                        what,
                        snippet(text.get(at..).unwrap_or_default())
                    ),
                ));
                turn.unparsed.push(raw.to_string());
                rest = rest.get(skip..).unwrap_or_default();
            }
        }
    }
    for n in notes.items.borrow().iter() {
        // each alternate or doubtful spelling is reported at its first use in the game
        if seen.contains(&n.written) {
            continue;
        }
        seen.push(n.written);
        let off = text.len().saturating_sub(n.rest);
        let col = col_of(off);
        let d = match n.flag {
            codes::Flag::Alias => Diagnostic::info(
                code::ALIAS,
                lineno,
                col,
                format!(
                    "{} read as {} (the seed spells it both ways; reported at its first use in the game)",
                    n.written, n.canon
                ),
            ),
            codes::Flag::Undefined => Diagnostic::info(
                code::CODE_UNDEFINED,
                lineno,
                col,
                format!(
                    "{} is in the grammar but not in the terminal list; read as the {} of the setup chart",
                    n.written,
                    piece_name(n.canon).unwrap_or("piece")
                ),
            ),
            codes::Flag::NotArticle => Diagnostic::warning(
                code::ARTICLE_DOUBTFUL,
                lineno,
                col,
                format!(
                    "{} is a kill result, not an article; kept as written",
                    n.written
                ),
            ),
        };
        diags.push(d);
    }
}

/// Stores `v` if the slot is empty; false if it was taken.
fn set_once<T>(slot: &mut Option<Box<T>>, v: T) -> bool {
    if slot.is_some() {
        return false;
    }
    *slot = Some(Box::new(v));
    true
}

fn snippet(s: &str) -> String {
    s.chars().take(16).collect()
}

/// `Black` / `White` for `B` / `W`.
pub(crate) fn color_name(c: &str) -> &'static str {
    if c == "W" { "White" } else { "Black" }
}

/// Normalizations reported once per game.
#[derive(Debug, Default, Clone, Copy)]
struct Once {
    number_form: bool,
    color_word: bool,
    two_turns: bool,
    lower: bool,
    capital_v: bool,
    wide: bool,
    annotation: bool,
    note: bool,
    mv: bool,
    separator: bool,
    mv_colon: bool,
    location: bool,
    brackets: bool,
    fire_number: bool,
    trailing: bool,
    clock: bool,
    continued: bool,
    number_line: bool,
}

/// Reads a body's lines into turns (see the module docs for the layout).
struct Reader {
    game: WecGame,
    diags: Vec<Diagnostic>,
    /// Alternate and doubtful spellings already reported.
    seen: Vec<&'static str>,
    once: Once,
    /// (body line, byte offset of the turn's text) of each turn, to attach comments.
    starts: Vec<(usize, usize)>,
    /// Colours from the numbering (`N.` Black, `N...` White) instead of the alternation.
    numbered: bool,
    /// Some numbered line's mark disagreed with the alternation.
    disagreed: bool,
    /// A `N...` was seen.
    seen_ellipsis: bool,
    /// The last turn was White's.
    last_white: bool,
    /// The colour written before the next turn (White: true), [`colour_prefix`].
    side: Option<bool>,
    /// Turns with their colour written before them.
    worded: u32,
    /// A result line: (White wins, or `None` for a draw; line, column, text).
    result: Option<(Option<bool>, u32, u32, String)>,
    /// Players named in header lines of the body (Black, White).
    body_players: [Option<String>; 2],
}

/// Where a [`Reader`] stood before a line's turn, to go back to when the line is read again
/// another way (the turn and its start are the last ones).
struct Mark {
    turns: usize,
    diags: usize,
    seen: usize,
    once: Once,
    last_white: bool,
    worded: u32,
}

impl Reader {
    fn read(lines: &[&str], ctx: &Ctx, numbered: bool) -> Reader {
        let mut r = Reader {
            game: WecGame::default(),
            diags: Vec::new(),
            seen: Vec::new(),
            once: Once::default(),
            starts: Vec::with_capacity(lines.len()),
            numbered,
            disagreed: false,
            seen_ellipsis: false,
            last_white: true,
            side: None,
            worded: 0,
            result: None,
            body_players: [None, None],
        };
        r.game.turns.reserve(lines.len());
        let mut li = 0;
        while li < lines.len() {
            let logical = logical_line(lines, li);
            let lineno = ctx.first_line.saturating_add(li as u32);
            let d0 = r.diags.len();
            r.line(li, &logical.text, lineno);
            if !logical.joined.is_empty() {
                r.joined(&logical, lines, ctx, (lineno, d0));
            }
            li = logical.next.max(li + 1);
        }
        r
    }

    /// The line just read was joined with the lines after it ([`logical_line`]): the
    /// diagnostics it gave are moved to the lines they point into, and each kind of join is
    /// reported (once per game).
    #[cold]
    #[inline(never)]
    fn joined(
        &mut self,
        logical: &Logical<'_>,
        lines: &[&str],
        ctx: &Ctx,
        (lineno, d0): (u32, usize),
    ) {
        // (character offset in the joined text where each joined line begins, its file line)
        let starts: Vec<(u32, u32)> = logical
            .joined
            .iter()
            .map(|j| {
                let chars = logical.text.get(..j.at).map_or(0, |t| t.chars().count()) as u32;
                (chars, ctx.first_line.saturating_add(j.li as u32))
            })
            .collect();
        for d in self.diags.iter_mut().skip(d0) {
            if d.line != lineno {
                continue;
            }
            if let Some(&(chars, line)) = starts.iter().rev().find(|(c, _)| d.col > *c) {
                d.line = line;
                d.col -= chars;
            }
        }
        let number_col = lines
            .get(logical.first)
            .map(|l| char_col(l, first_non_space(l).unwrap_or(0)))
            .unwrap_or(1);
        let mut before = lineno;
        for j in &logical.joined {
            let line = lines
                .get(j.li)
                .map(|l| l.trim_end_matches('\r'))
                .unwrap_or_default();
            let at = ctx.first_line.saturating_add(j.li as u32);
            let col = char_col(line, first_non_space(line).unwrap_or(0));
            match j.kind {
                Join::Continued if !self.once.continued => {
                    self.once.continued = true;
                    self.diags.push(Diagnostic::info(
                        code::CONTINUED_LINE,
                        at,
                        col,
                        format!(
                            "line {at} continues the turn string of line {before} (no number or MV of its own), read as part of that turn (reported once per game)"
                        ),
                    ));
                }
                Join::Numbered if !self.once.number_line => {
                    self.once.number_line = true;
                    self.diags.push(Diagnostic::info(
                        code::NUMBER_LINE,
                        lineno,
                        number_col,
                        format!(
                            "the turn number alone on line {lineno} read as the number of the turn on line {at} (reported once per game)"
                        ),
                    ));
                }
                _ => {}
            }
            before = at;
        }
    }

    fn mark(&self) -> Mark {
        Mark {
            turns: self.game.turns.len(),
            diags: self.diags.len(),
            seen: self.seen.len(),
            once: self.once,
            last_white: self.last_white,
            worded: self.worded,
        }
    }

    /// Undoes the last turn, back to `m`.
    fn back_to(&mut self, m: &Mark) {
        self.game.turns.pop();
        self.starts.pop();
        self.diags.truncate(m.diags);
        self.seen.truncate(m.seen);
        self.once = m.once;
        self.last_white = m.last_white;
        self.worded = m.worded;
    }

    // (the loop's body: inlined in it)
    #[inline(always)]
    fn line(&mut self, li: usize, line: &str, lineno: u32) {
        let Some(first) = first_non_space(line) else {
            return;
        };
        let mut num = number_prefix(line, first);
        if let Some(n) = num.filter(|n| n.other) {
            self.number_form(line, lineno, first, n);
        }
        let mut begin = num.map_or(first, |n| n.after);
        let mut side = colour_prefix(line, begin);
        if let Some((white, after)) = side {
            self.colour_word(line, lineno, begin, after, white);
            begin = after;
        } else if num.is_none()
            && let Some((white, n)) = self.colour_number(line, lineno, first)
        {
            // `B1. MV:…`, `흑1 MV:…`: the colour glued before the number
            num = Some(n);
            begin = n.after;
            side = Some((white, begin));
        }
        let side = side.map(|(white, _)| white);
        let end = line.trim_end().len().max(begin);
        let mark = self.mark();
        self.side = side;
        self.turn(li, line, lineno, (first, begin, end), num);
        // two turns on one line (`1. MV:… MV:…`): the first reads with the second left over
        if self
            .game
            .turns
            .last()
            .is_some_and(|t| !t.unparsed.is_empty())
        {
            self.split_line(li, line, lineno, (first, begin, end), (num, side), &mark);
            self.not_a_turn(li, line, lineno, (first, begin, end), &mark);
        }
    }

    /// The last turn did not read at all and its line holds no `MV:`: a result line, a header
    /// line or a note, not a turn. The turn is taken back (the colours alternate as if the line
    /// were absent) and the line is reported; a note or a result that cannot be read is kept as
    /// the comment of the turn before it.
    #[cold]
    #[inline(never)]
    fn not_a_turn(
        &mut self,
        _li: usize,
        line: &str,
        lineno: u32,
        (first, begin, end): (usize, usize, usize),
        mark: &Mark,
    ) {
        let unread = self
            .game
            .turns
            .last()
            .is_some_and(|t| t.piece.kind.is_empty() && !t.notation.is_empty())
            && self.game.turns.len() == mark.turns + 1;
        if !unread || begin >= end {
            return;
        }
        let text = line.get(first..end).unwrap_or_default().trim();
        let Some(score) = prose_line(text) else {
            return;
        };
        self.back_to(mark);
        let col = char_col(line, first);
        if let Some(white) = result_line(text) {
            self.result = Some((Some(white), lineno, col, text.to_string()));
            return;
        }
        if draw_line(text) {
            self.result = Some((None, lineno, col, text.to_string()));
            return;
        }
        if self.game.turns.is_empty()
            && let Some((key, value)) = text.split_once([':', '：'])
            && !value.trim().is_empty()
            && (1..=20).contains(&key.trim().chars().count())
            && key.trim().chars().all(|c| c.is_alphabetic() || c == ' ')
        {
            let key = key.trim();
            let slot = match key.to_lowercase().as_str() {
                "black" | "b" | "흑" | "黑" | "黑方" | "흑번" | "블랙" | "흑색" | "黒" | "先手"
                | "黒番" => Some(0),
                "white" | "w" | "백" | "白" | "白方" | "백번" | "화이트" | "백색" | "흰색"
                | "後手" | "白番" => Some(1),
                _ => None,
            };
            if let Some(k) = slot
                && let Some(p) = self.body_players.get_mut(k)
                && p.is_none()
            {
                *p = Some(value.trim().to_string());
            }
            self.diags.push(Diagnostic::info(
                code::HEADER_LINE,
                lineno,
                col,
                format!("{text:?} read as a header line, no turn"),
            ));
            return;
        }
        // a rule line (`----`, `====`, `* * *`) inside the game: a separator, no turn
        if crate::record::is_separator(text) {
            self.diags.push(Diagnostic::info(
                code::RULE_LINE,
                lineno,
                col,
                format!("rule line {text:?} read as a separator inside the game; ignored"),
            ));
            return;
        }
        // `// …`, `# …`: a line the transcriber marked as a comment
        let marked = text.starts_with("//")
            || text
                .strip_prefix('#')
                .is_some_and(|r| r.starts_with(char::is_whitespace));
        self.diags.push(if marked {
            Diagnostic::info(
                code::COMMENT_LINE,
                lineno,
                col,
                format!("{text:?} is a comment line; kept as the comment of the turn before it"),
            )
        } else {
            Diagnostic::warning(
            code::NOT_A_TURN,
            lineno,
            col,
            if score {
                format!("{text:?} is a score, but which side is first in it is not said; not read as the outcome, kept as the comment of the turn before it")
            } else {
                format!("{text:?} is no turn string (no MV:); kept as the comment of the turn before it, and the colours alternate as if it were absent")
            },
        )
        });
        let slot = match self.game.turns.last_mut() {
            Some(t) => &mut t.comment,
            None => &mut self.game.intro,
        };
        match slot {
            Some(c) => {
                c.push(' ');
                c.push_str(text);
            }
            None => *slot = Some(text.to_string()),
        }
    }

    /// The colour glued before the turn's number (`B1. MV:…`, `흑1 MV:…`), reported as a colour
    /// and a number form: the colour (White: true) and the number.
    #[inline(always)]
    fn colour_number(&mut self, line: &str, lineno: u32, first: usize) -> Option<(bool, Number)> {
        let (white, colour_end, n) = colour_number_prefix(line, first)?;
        self.glued(line, lineno, first, colour_end, (white, n));
        Some((white, n))
    }

    #[cold]
    #[inline(never)]
    fn glued(
        &mut self,
        line: &str,
        lineno: u32,
        first: usize,
        colour_end: usize,
        (white, n): (bool, Number),
    ) {
        self.number_form(line, lineno, first, n);
        self.colour_word(line, lineno, first, colour_end, white);
    }

    #[cold]
    #[inline(never)]
    fn colour_word(&mut self, line: &str, lineno: u32, at: usize, after: usize, white: bool) {
        if self.once.color_word {
            return;
        }
        self.once.color_word = true;
        let written = line.get(at..after).unwrap_or_default().trim_end();
        self.diags.push(Diagnostic::info(
            code::COLOR_WORD,
            lineno,
            char_col(line, at),
            format!(
                "colour written before the turn ({written:?}), read as {}'s turn (reported once per game)",
                if white { "White" } else { "Black" }
            ),
        ));
    }

    /// A line whose turn did not read: when another `MV:` begins later on it, the line is read
    /// again as one turn per `MV:`.
    #[cold]
    #[inline(never)]
    fn split_line(
        &mut self,
        li: usize,
        line: &str,
        lineno: u32,
        (first, begin, end): (usize, usize, usize),
        (num, side): (Option<Number>, Option<bool>),
        mark: &Mark,
    ) {
        let cuts = later_turns(line, begin, end);
        let Some(&second) = cuts.first() else {
            return;
        };
        self.back_to(mark);
        let mut from = begin;
        let mut next_num = None;
        for (k, &cut) in cuts.iter().chain(std::iter::once(&end)).enumerate() {
            // what separates two turns: `;`, `|`, `/`, `,` or the next turn's number (`4...`)
            let seg = line.get(from..cut).unwrap_or_default();
            let mut seg = seg.trim_end();
            let mut num_after = None;
            if k < cuts.len() {
                seg = seg
                    .trim_end_matches([';', '|', '/', ',', '；', '｜', '，'])
                    .trim_end();
                // (only after a turn string: `2. 3... MV:…` keeps its text as it is)
                let turn_before = seg.get(..2).is_some_and(|m| m.eq_ignore_ascii_case("MV"));
                if let Some(ws) = seg.rfind(char::is_whitespace).filter(|_| turn_before) {
                    let tok = from + ws + 1;
                    if let Some(n) = number_prefix(line, tok).filter(|n| n.after >= cut) {
                        num_after = Some(n);
                        seg = seg.get(..ws).unwrap_or(seg).trim_end();
                    }
                }
            }
            let to = from + seg.len();
            let (start, n) = if k == 0 {
                (first, num)
            } else {
                (from, next_num)
            };
            self.side = if k == 0 { side } else { None };
            self.turn(li, line, lineno, (start, from, to.max(from)), n);
            next_num = num_after;
            from = cut;
        }
        if !self.once.two_turns {
            self.once.two_turns = true;
            self.diags.push(Diagnostic::info(
                code::TURNS_ON_LINE,
                lineno,
                char_col(line, second),
                format!(
                    "{} turn strings on one line, read as one turn each (reported once per game)",
                    cuts.len() + 1
                ),
            ));
        }
    }

    #[cold]
    #[inline(never)]
    fn number_form(&mut self, line: &str, lineno: u32, first: usize, n: Number) {
        if self.once.number_form {
            return;
        }
        self.once.number_form = true;
        let written = line.get(first..n.after).unwrap_or_default().trim_end();
        self.diags.push(Diagnostic::info(
            code::NUMBER_FORM,
            lineno,
            char_col(line, first),
            format!(
                "turn number written {written:?}, read as {}{} (reported once per game)",
                n.no,
                if n.ellipsis { "..." } else { "." }
            ),
        ));
    }

    /// The colour of the next turn (White: true), numbered `num`: the alternation, or the
    /// numbering when it decides ([`Reader::numbered`]); a disagreement is reported.
    #[inline(always)]
    fn colour(
        &mut self,
        ply: u32,
        num: Option<Number>,
        lineno: u32,
        first: usize,
        line: &str,
    ) -> bool {
        let alt_white = !self.last_white;
        // a colour written before the turn: against the alternation it decides when every turn
        // so far had its colour written (a record written so), else it is taken for a stray
        // letter and the alternation stays
        if let Some(white) = self.side.take() {
            let all_worded = self.worded + 1 == ply;
            self.worded += 1;
            if white == alt_white {
                return white;
            }
            let name = |w: bool| if w { "White" } else { "Black" };
            let read = if all_worded { white } else { alt_white };
            self.diags.push(Diagnostic::warning(
                code::COLOR_ORDER,
                lineno,
                char_col(line, first),
                format!(
                    "turn {ply}: written as {}'s, where the lines alternate to {}; read as {}'s ({})",
                    name(white),
                    name(alt_white),
                    name(read),
                    if all_worded {
                        "every turn so far has its colour written"
                    } else {
                        "not every turn so far has its colour written"
                    }
                ),
            ));
            return read;
        }
        let Some(n) = num else {
            return alt_white;
        };
        if n.ellipsis == alt_white {
            self.seen_ellipsis |= n.ellipsis;
            return alt_white;
        }
        let (mark, alt) = if n.ellipsis { ("W", "B") } else { ("B", "W") };
        let col = char_col(line, first);
        let written = format!("{}{}", n.no, if n.ellipsis { "..." } else { "." });
        if self.numbered {
            self.diags.push(Diagnostic::warning(
                code::NUMBER_COLOR,
                lineno,
                col,
                format!(
                    "turn {ply}: {written} marks {}, where the lines alternate to {}; read as {} (the record's numbering is consistent)",
                    color_name(mark),
                    color_name(alt),
                    color_name(mark)
                ),
            ));
            return n.ellipsis;
        }
        if n.ellipsis || self.seen_ellipsis {
            self.disagreed = true;
        }
        if n.ellipsis {
            self.seen_ellipsis = true;
            self.diags.push(Diagnostic::warning(
                code::NUMBER_COLOR,
                lineno,
                col,
                format!(
                    "turn {ply}: {written} marks White, but this line is Black's turn (lines alternate)"
                ),
            ));
        }
        alt_white
    }

    /// One turn string, `begin..end` of the line (`first`: where the line's text begins).
    // (inlined in the line loop; the other caller is cold)
    #[inline(always)]
    fn turn(
        &mut self,
        li: usize,
        line: &str,
        lineno: u32,
        (first, begin, end): (usize, usize, usize),
        num: Option<Number>,
    ) {
        let ply = self.game.turns.len() as u32 + 1;
        let white = self.colour(ply, num, lineno, first, line);
        self.last_white = white;
        let color = if white { "W" } else { "B" };
        // built in its place in the vector (a `Turn` is large: moving it in costs a copy)
        self.game
            .turns
            .resize_with(self.game.turns.len() + 1, Turn::default);
        let Some(turn) = self.game.turns.last_mut() else {
            return;
        };
        turn.ply = ply;
        turn.color = Cow::Borrowed(color);
        turn.line = lineno;
        turn.no = num.map(|n| n.no);
        let cm = compact(line, begin, end);
        turn.notation = cm.text.to_string();
        if cm.text.is_empty() {
            self.diags.push(Diagnostic::error(
                code::TURN_UNREADABLE,
                lineno,
                char_col(line, first),
                format!(
                    "turn {ply} ({}): a number with no turn after it",
                    color_name(color)
                ),
            ));
            turn.unparsed
                .push(line.get(first..).unwrap_or_default().trim().to_string());
        } else {
            let (d0, s0) = (self.diags.len(), self.seen.len());
            // comments are blanked one space per character, so character columns are the file's
            parse_turn(turn, &cm, line, lineno, &mut self.diags, &mut self.seen);
            if !turn.unparsed.is_empty() {
                self.normalized(line, lineno, (begin, end), (d0, s0));
            }
        }
        self.starts.push((li, first));
    }

    /// The last turn did not read: read it again as other transcribers write turns, and keep the
    /// best reading when it is better than the plain one (fewer errors, or as many and less text
    /// unread): normalized ([`normalize`]: lower case, `V` for the sub level, full-width
    /// punctuation and arrow characters), without a note or annotation written after it
    /// ([`note_start`]: `!?`, `+`, `#`, `check`, `; …`, `// …`, `-- …`, `(…)` of words, text in
    /// Hangul or Chinese), which becomes the turn's comment, and with the `MV:` left out put back
    /// (`JE(1,4)->^(1,4)`). Each is an info, once per game.
    #[cold]
    #[inline(never)]
    fn normalized(
        &mut self,
        line: &str,
        lineno: u32,
        (begin, end): (usize, usize),
        (d0, s0): (usize, usize),
    ) {
        let Some(turn) = self.game.turns.last() else {
            return;
        };
        // the better reading: fewer errors, then less text left unread
        let errors = |d: &[Diagnostic], t: &Turn| {
            let n = d
                .iter()
                .filter(|d| d.severity == crate::diag::Severity::Error)
                .count();
            (n, t.unparsed.iter().map(String::len).sum::<usize>())
        };
        let mut best_score = errors(self.diags.get(d0..).unwrap_or_default(), turn);
        let note = note_start(line, begin, end);
        let mv_missing = mv_missing(line, begin, end);
        // `….`, `…,`: a full stop or comma after the turn
        let trailing = line
            .get(begin..end)
            .is_some_and(|t| t.trim_end().ends_with(['.', ',', '。', '，', '．', '、']));
        // (the turn, its diagnostics and spellings seen, and how it was read)
        type Reading = (
            Turn,
            Vec<Diagnostic>,
            Vec<&'static str>,
            Norm,
            Option<usize>,
            bool,
        );
        let mut best: Option<Reading> = None;
        for (add_mv, trim) in [(false, false), (true, false), (false, true), (true, true)] {
            if add_mv && !mv_missing || trim && !trailing {
                continue;
            }
            for (k, cut) in [None, note].into_iter().enumerate() {
                if k == 1 && cut.is_none() {
                    continue;
                }
                let to = cut.map_or(end, |c| {
                    begin + line.get(begin..c).map_or(0, |t| t.trim_end().len())
                });
                let Some((cm, norm)) =
                    normalize(line, begin, to, (add_mv, trim), cut.is_some() || add_mv)
                else {
                    continue;
                };
                let fresh_turn = Turn {
                    ply: turn.ply,
                    no: turn.no,
                    color: turn.color.clone(),
                    line: turn.line,
                    notation: cm.text.to_string(),
                    ..Turn::default()
                };
                let mut fresh = fresh_turn;
                let mut d = Vec::new();
                let mut seen: Vec<&'static str> = self.seen.get(..s0).unwrap_or_default().to_vec();
                parse_turn(&mut fresh, &cm, line, lineno, &mut d, &mut seen);
                let score = errors(&d, &fresh);
                // a note cut off, an `MV:` put back or a final mark left out, only for a turn that
                // then reads whole
                if (cut.is_some() || add_mv || norm.trailing.is_some()) && score.0 > 0 {
                    continue;
                }
                if score < best_score {
                    best_score = score;
                    best = Some((fresh, d, seen, norm, cut, add_mv));
                }
            }
        }
        let Some((mut fresh, d, seen, norm, cut, add_mv)) = best else {
            return;
        };
        if let Some(c) = cut {
            let text = line.get(c..end).unwrap_or_default().trim();
            if !text.is_empty() {
                fresh.comment = Some(text.to_string());
            }
            // `… Black resigns`: a result written after the last turn
            if let Some(white) = result_line(text)
                && self.result.is_none()
            {
                self.result = Some((Some(white), lineno, char_col(line, c), text.to_string()));
            }
        }
        if let Some(t) = self.game.turns.last_mut() {
            *t = fresh;
        }
        self.diags.truncate(d0);
        self.diags.extend(d);
        self.seen = seen;
        let col = |b: usize| char_col(line, b);
        let annotation = cut.is_some_and(|c| is_annotation(line.get(c..end).unwrap_or_default()));
        let clock = cut.is_some_and(|c| clock_time(line.get(c..end).unwrap_or_default()).is_some());
        for (at, seen, code, message) in [
            (
                norm.lower,
                &mut self.once.lower,
                code::LOWER_CASE,
                "codes written in lower case read in capitals (a v before '(' is the sub level; reported once per game)",
            ),
            (
                norm.capital_v,
                &mut self.once.capital_v,
                code::CAPITAL_V,
                "'V' read as 'v', the sub level (the seed's text writes it 'V'; reported once per game)",
            ),
            (
                norm.wide,
                &mut self.once.wide,
                code::FULL_WIDTH,
                "full-width punctuation or arrow characters read as ASCII ('：' as ':', '→' as '->'; reported once per game)",
            ),
            (
                cut.filter(|_| annotation),
                &mut self.once.annotation,
                code::ANNOTATION,
                "annotation marks after the turn (!, ?, +, #, check) kept as its comment, not read as notation (reported once per game)",
            ),
            (
                cut.filter(|_| clock),
                &mut self.once.clock,
                code::CLOCK_TIME,
                "a clock time after the turn ((0:45), [12:03]) kept as its comment, not read as notation (reported once per game)",
            ),
            (
                cut.filter(|_| !annotation && !clock),
                &mut self.once.note,
                code::NOTE,
                "a note written after the turn kept as its comment, not read as notation (reported once per game)",
            ),
            (
                norm.separator,
                &mut self.once.separator,
                code::PART_SEPARATOR,
                "parts of the turn separated by ';', '/', '|' or a space, read as ',' (reported once per game)",
            ),
            (
                norm.mv_colon,
                &mut self.once.mv_colon,
                code::MV_COLON,
                "'MV' written without its ':' (MV JE(…), MV-JE(…)) read as 'MV:' (reported once per game)",
            ),
            (
                norm.location,
                &mut self.once.location,
                code::LOCATION_SEPARATOR,
                "a location's row and column separated by '.', ';', '/' or a space ((10.4), (9 2)) read as (Row,Column) (reported once per game)",
            ),
            (
                norm.brackets,
                &mut self.once.brackets,
                code::LOCATION_BRACKETS,
                "a location written in square brackets ([1,4]) read as (Row,Column) (reported once per game)",
            ),
            (
                Some(begin).filter(|_| add_mv),
                &mut self.once.mv,
                code::MV_MISSING,
                "a turn written without its 'MV:' read as if it had it (reported once per game)",
            ),
            (
                norm.fire_number,
                &mut self.once.fire_number,
                code::FIRE_UNNUMBERED,
                "a fire written without its number (FI:) read as FI1: for the turn's first fire and FI2: for its second (reported once per game)",
            ),
            (
                norm.trailing,
                &mut self.once.trailing,
                code::TRAILING_MARK,
                "a full stop or comma after the turn string read as the end of the turn (reported once per game)",
            ),
        ] {
            if let Some(b) = at.filter(|_| !*seen) {
                *seen = true;
                self.diags
                    .push(Diagnostic::info(code, lineno, col(b), message));
            }
        }
    }
}

/// Is the turn (`begin..end` of the line) written without its `MV:`: does it begin with
/// something other than `MV` (in any case or width)?
/// and with a piece's code and its level or location (`JE(`, `CH^(`, `SUv(`)?
fn mv_missing(line: &str, begin: usize, end: usize) -> bool {
    let seg = line.get(begin..end).unwrap_or_default();
    let t: Vec<char> = seg
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(fold_width)
        .take(5)
        .collect();
    let code = t.iter().take_while(|c| c.is_ascii_alphabetic()).count();
    let starts_mv = matches!(t.as_slice(), [m, v, ..] if m.eq_ignore_ascii_case(&'M') && v.eq_ignore_ascii_case(&'V'));
    !starts_mv && (1..=4).contains(&code) && t.get(code).is_some_and(|c| matches!(c, '(' | '^'))
}

/// Where a note or annotation written after a turn begins in the line (`begin..end`): `!`, `?`,
/// `+`, `#`, `;`, `|`, `//`, `--`, a `(` before a letter (the grammar's `(` holds numbers), a
/// word `check` or `mate` after white space, or a letter of Hangul or Chinese (a note in
/// Korean or Chinese). Never where a later turn (`MV:`) follows, and never at the turn's start.
fn note_start(line: &str, begin: usize, end: usize) -> Option<usize> {
    let seg = line.get(begin..end)?;
    let mut prev_space = false;
    let mut found = None;
    for (o, c) in seg.char_indices() {
        let w = fold_width(c);
        let rest = seg.get(o..).unwrap_or_default();
        let next = rest.chars().nth(1).map(fold_width);
        let hit = match w {
            // `(0:45)`, `[12:03]`, `1:02:33`: a clock time to the end of the line
            '(' | '[' if clock_time(rest).is_some() => true,
            '0'..='9' if prev_space && clock_time(rest).is_some() => true,
            '!' | '?' | '+' | '#' | ';' | '|' => true,
            '/' => next == Some('/'),
            '-' => next == Some('-'),
            // `(good)`: words in brackets (the grammar's brackets hold numbers)
            '(' => rest
                .get(1..)
                .and_then(|r| r.split_once(')'))
                .is_some_and(|(inner, _)| {
                    !inner.contains(|c: char| c.is_ascii_digit() || c == ',')
                        && inner.chars().filter(|c| c.is_alphabetic()).count() >= 2
                }),
            _ if prev_space && w.is_ascii_alphabetic() => {
                let word: String = rest
                    .chars()
                    .take_while(char::is_ascii_alphabetic)
                    .collect::<String>()
                    .to_ascii_lowercase();
                let raw = rest.chars().take_while(char::is_ascii_alphabetic);
                // `Black resigns`, `good move`: a word in lower case (codes are capitals)
                matches!(word.as_str(), "check" | "checkmate" | "mate")
                    || (word.len() >= 3 && raw.clone().any(|c| c.is_ascii_lowercase()))
            }
            _ => !w.is_ascii() && w.is_alphabetic(),
        };
        if hit {
            found = Some(begin + o);
            break;
        }
        prev_space = c.is_whitespace();
    }
    let at = found.filter(|&a| a > begin)?;
    let note = line.get(at..end)?;
    (later_turns(line, at, end).is_empty()
        && (clock_time(note).is_some() || !looks_like_notation(note)))
    .then_some(at)
}

/// A clock time as the whole of `s` (trimmed): `0:45`, `12:03`, `1:02:33`, maybe in brackets
/// (`(0:45)`, `[12:03]`, full-width too) and with tenths (`0:45.3`). The time as written.
fn clock_time(s: &str) -> Option<&str> {
    let t = s.trim();
    let mut cs = t.chars();
    let inner = match cs.next().map(fold_width) {
        Some('(') => t.get('('.len_utf8()..)?.strip_suffix(')'),
        Some('[') => t.get(1..)?.strip_suffix(']'),
        _ => None,
    };
    // (full-width brackets: `（0:45）`)
    let inner = inner.or_else(|| {
        t.strip_prefix('（')
            .and_then(|r| r.strip_suffix('）'))
            .or_else(|| t.strip_prefix('［').and_then(|r| r.strip_suffix('］')))
    });
    let time = inner.unwrap_or(t).trim();
    let hm = match time.split_once('.') {
        Some((a, b)) if !b.is_empty() && b.len() <= 2 && b.bytes().all(|c| c.is_ascii_digit()) => a,
        Some(_) => return None,
        None => time,
    };
    let fields: Vec<&str> = hm.split(':').collect();
    let ok = (2..=3).contains(&fields.len())
        && fields
            .first()
            .is_some_and(|h| (1..=2).contains(&h.len()) && h.bytes().all(|c| c.is_ascii_digit()))
        && fields
            .iter()
            .skip(1)
            .all(|f| f.len() == 2 && f.bytes().all(|c| c.is_ascii_digit()) && f < &"60");
    ok.then_some(t)
}

/// Does `s` hold what only the notation writes: an arrow (`->`, `=>`), a location (`(3`) or a
/// part's marker (`,PU:`)? Then it is no note.
fn looks_like_notation(s: &str) -> bool {
    let t: Vec<char> = s
        .chars()
        .map(fold_width)
        .filter(|c| !c.is_whitespace())
        .collect();
    t.windows(2)
        .any(|w| matches!(w, ['-' | '=', '>'] | ['(', '0'..='9'] | ['→' | '⇒', _]))
        || t.windows(4).any(
            |w| matches!(w, [',', a, b, ':'] if a.is_ascii_alphabetic() && b.is_ascii_alphabetic()),
        )
}

/// A note that is only annotation marks and words (`!?`, `+`, `#`, `check`, `mate`).
fn is_annotation(note: &str) -> bool {
    note.split(|c: char| c.is_whitespace() || matches!(fold_width(c), '!' | '?' | '+' | '#'))
        .all(|w| {
            w.is_empty()
                || matches!(
                    w.to_ascii_lowercase().as_str(),
                    "check"
                        | "checkmate"
                        | "mate"
                        | "체크"
                        | "장군"
                        | "외통"
                        | "외통수"
                        | "체크메이트"
                )
        })
}

/// Is the line's text (trimmed) no turn string? A turn string with a typo, or a piece of one,
/// stays a turn: a line without `MV` and without what only the notation writes is taken for prose
/// when it holds a word in lower case or Hangul or Chinese (`White resigns`, `흑 승`,
/// `Date: 2026.11.20`), or is a score (`1-0`: then `Some(true)`) or a rule (`----`).
fn prose_line(text: &str) -> Option<bool> {
    let upper: String = text
        .chars()
        .map(fold_width)
        .collect::<String>()
        .to_uppercase();
    if upper.contains("MV") || looks_like_notation(text) {
        return None;
    }
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let score = matches!(
        compact.as_str(),
        "1-0"
            | "0-1"
            | "1:0"
            | "0:1"
            | "½-½"
            | "1/2-1/2"
            | "½:½"
            | "1/2:1/2"
            | "0.5-0.5"
            | "0,5-0,5"
            | "0.5:0.5"
    );
    let rule = compact.chars().count() >= 3
        && compact
            .chars()
            .all(|c| matches!(c, '-' | '=' | '_' | '*' | '~' | '—'));
    let prose = text
        .split(|c: char| !c.is_alphabetic())
        .any(|w| !w.is_ascii() || (w.len() >= 3 && w.chars().any(|c| c.is_ascii_lowercase())));
    // `B+R`, `W+`: a result as go records write it (capitals only, no word in lower case)
    let go = !prose && text.contains('+') && result_words(text).is_some();
    (score || rule || prose || go).then_some(score)
}

/// A `Result` tag's value: a colour alone (`B`, `White`, `흑`, `白`), a result line's words
/// (`Black wins`, `백 기권`), or a draw (`Draw`, `½-½`, `무승부`, `和棋`). `Some(Some(white))` for
/// a win, `Some(None)` for a draw; a score (`1-0`) says no side, and is None.
fn result_tag(r: &str) -> Option<Option<bool>> {
    let t: String = r.chars().map(fold_width).collect::<String>().to_lowercase();
    let t = t.trim().trim_end_matches(['.', '!']).trim();
    match t {
        "b" | "black" | "흑" | "黑" | "黒" | "흑승" | "黑胜" | "黑勝" => {
            return Some(Some(false));
        }
        "w" | "white" | "백" | "白" | "백승" | "白胜" | "白勝" => return Some(Some(true)),
        "draw" | "drawn" | "½-½" | "1/2-1/2" | "0.5-0.5" | "=" | "무승부" | "和棋" | "和局"
        | "平局" => return Some(None),
        _ => {}
    }
    result_line(r).map(Some)
}

/// A result line: `Black wins`, `White won`, `B wins`, `Black resigns`, `흑 승`, `흑승`, `백 기권`,
/// `黑胜`, `白认输` (any case, spaces, a final `.` or `!`). White wins: true. Also after a key
/// (`Result: Black wins`, `결과: 흑 승`, `Winner: White`, `승자: 흑`), with the reason after it
/// (`Black wins by killing the king`, `White wins (king converted)`, `Black wins, on time`), or
/// after a score that the words then explain (`1-0 Black wins`, `0-1 (White wins)`).
fn result_line(text: &str) -> Option<bool> {
    if let Some(w) = result_words(text) {
        return Some(w);
    }
    let folded: String = text
        .chars()
        .map(fold_width)
        .collect::<String>()
        .to_lowercase();
    let mut t = folded.trim();
    // a key before the result
    for key in [
        "result", "결과", "结果", "結果", "winner", "승자", "胜者", "勝者", "승리",
    ] {
        if let Some(rest) = t.strip_prefix(key) {
            let rest = rest.trim_start();
            if let Some(r) = rest.strip_prefix([':', '-', '=']) {
                t = r.trim_start();
                // `Winner: Black`: the colour alone
                if key != "result"
                    && key != "결과"
                    && !key.starts_with('结')
                    && !key.starts_with('結')
                {
                    let c = t.trim_end_matches(['.', '!']).trim();
                    match c {
                        "black" | "b" | "흑" | "黑" | "흑방" | "黑方" | "黒" | "先手" => {
                            return Some(false);
                        }
                        "white" | "w" | "백" | "白" | "백방" | "白方" | "後手" => {
                            return Some(true);
                        }
                        _ => {}
                    }
                }
                break;
            }
        }
    }
    // a score the words explain: `1-0 Black wins`, `0-1 (White wins)`
    for score in ["1-0", "0-1", "1:0", "0:1"] {
        if let Some(r) = t.strip_prefix(score) {
            t = r
                .trim_start()
                .trim_start_matches(['(', ',', '-'])
                .trim_start();
            t = t.strip_suffix(')').unwrap_or(t);
            break;
        }
    }
    if let Some(w) = result_words(t) {
        return Some(w);
    }
    // the reason after the result
    let cut = [
        " by ", " on ", " after ", "(", ",", " - ", "—", ";", " 으로", " (", "（",
    ]
    .iter()
    .filter_map(|c| t.find(c))
    .min()?;
    result_words(t.get(..cut)?)
}

/// A line that says the game was drawn: a drawn score (`½-½`, `1/2-1/2`, `½:½`, `0.5-0.5`,
/// `0,5-0,5`: which side is
/// first does not matter) or the word (`Draw`, `Drawn`, `Draw agreed`, `무승부`, `비김`,
/// `和棋`, `和局`), maybe after a key (`Result: draw`, `결과: 무승부`) or with the score before
/// the word (`½-½ (draw)`).
fn draw_line(text: &str) -> bool {
    // `0.5-0.5`, `0,5-0,5`: the half in decimals (before the dots are dropped)
    let t: String = text
        .chars()
        .map(fold_width)
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .replace("0.5", "½")
        .replace("0,5", "½")
        .chars()
        .filter(|c| !matches!(c, '.' | '!' | '(' | ')'))
        .collect::<String>()
        .to_lowercase()
        .replace("1/2", "½");
    let t = ["result:", "결과:", "结果:", "結果:", "result-", "결과-"]
        .iter()
        .find_map(|k| t.strip_prefix(k))
        .unwrap_or(&t);
    let (score, t) = match t.strip_prefix("½-½").or_else(|| t.strip_prefix("½:½")) {
        Some(r) => (true, r.trim_start_matches([',', '-'])),
        None => (false, t),
    };
    (score && t.is_empty())
        || matches!(
            t,
            "draw"
                | "drawn"
                | "drawagreed"
                | "agreeddraw"
                | "drawbyagreement"
                | "gamedrawn"
                | "무승부"
                | "무승부합의"
                | "합의무승부"
                | "비김"
                | "和棋"
                | "和局"
                | "和"
                | "平局"
        )
}

/// [`result_line`] for the result alone.
fn result_words(text: &str) -> Option<bool> {
    let t: String = text
        .chars()
        .map(fold_width)
        .filter(|c| !c.is_whitespace() && !matches!(c, '.' | '!'))
        .collect::<String>()
        .to_lowercase();
    // `まで45手で先手の勝ち` ("in 45 moves, Black's win"): the shogi record's closing line
    let t = match t.strip_prefix("まで").and_then(|r| r.split_once("手で")) {
        Some((n, r)) if n.chars().all(|c| c.is_ascii_digit()) => r,
        _ => t.as_str(),
    };
    let (white, rest) = COLOUR_WORDS
        .iter()
        .find_map(|&(w, white)| t.strip_prefix(w).map(|r| (white, r)))?;
    // (`흑의 승리`: the colour with the possessive 의, "Black's win"; `白の勝ち` with the
    // Japanese の; `黒番` the side's turn)
    let rest = rest.trim_start_matches(['방', '方', '番']);
    let rest = rest
        .strip_prefix('의')
        .or_else(|| rest.strip_prefix('の'))
        .unwrap_or(rest);
    match rest {
        "wins" | "win" | "won" | "winsbyresignation" | "승" | "승리" | "시간승" | "기권승"
        | "胜" | "胜利" | "勝" | "勝ち" | "勝利" | "時間勝ち" => Some(white),
        // Japanese: 投了 (resigns), 負け (loses)
        "投了" | "負け" | "時間切れ負け" => Some(!white),
        "resigns" | "resigned" | "resign" | "surrenders" | "concedes" | "기권" | "기권패"
        | "패" | "패배" | "시간패" | "항복" | "认输" | "認輸" | "负" => Some(!white),
        // as go and baduk records write a result: `B+R`, `W+T`, `W+`, `흑 불계승` (a win by
        // resignation), `黑中盘胜`
        "+" | "+r" | "+resign" | "+resignation" | "+t" | "+time" | "+f" | "+forfeit" | "불계승"
        | "中盘胜" | "中盤勝" | "中押し勝ち" | "中押勝" => Some(white),
        "불계패" => Some(!white),
        _ => None,
    }
}

/// Byte offsets, after `begin` and before `end`, where another turn string begins on the line: an
/// `MV:` (in either case, or full-width), which every turn string starts with and nothing else in
/// the grammar contains.
fn later_turns(line: &str, begin: usize, end: usize) -> Vec<usize> {
    let seg = line.get(begin..end).unwrap_or_default();
    // the first turn's own `MV:` (after any white space) is not a later one
    let own = seg.find(|c: char| !c.is_whitespace()).unwrap_or(0);
    let mut out = Vec::new();
    for (o, c) in seg.char_indices() {
        if o <= own || !fold_width(c).eq_ignore_ascii_case(&'M') {
            continue;
        }
        let mut rest = seg.get(o..).unwrap_or_default().chars().skip(1);
        if rest
            .next()
            .is_some_and(|c| fold_width(c).eq_ignore_ascii_case(&'V'))
            && rest.next().is_some_and(|c| fold_width(c) == ':')
        {
            out.push(begin + o);
        }
    }
    out
}

/// The first byte offset in the line of each kind of change [`normalize`] made.
#[derive(Debug, Default, Clone, Copy)]
struct Norm {
    lower: Option<usize>,
    capital_v: Option<usize>,
    wide: Option<usize>,
    /// A part separated by `;`, `/`, `|` or only white space instead of `,`.
    separator: Option<usize>,
    /// `MV` written without its `:` (`MV JE(…)`, `MV-JE(…)`).
    mv_colon: Option<usize>,
    /// A location's row and column separated otherwise than by `,` (`(10.4)`, `(9 2)`).
    location: Option<usize>,
    /// A location in square brackets (`[1,4]`).
    brackets: Option<usize>,
    /// A fire without its number (`,FI:`).
    fire_number: Option<usize>,
    /// A full stop or comma after the turn (`….`, `…,`).
    trailing: Option<usize>,
}

/// The square brackets around locations (`[1,4]`, `[ 10 , 4 ]`, `［2,2］`): byte offsets in the
/// line of each `[` and its `]`, when between them are only two numbers of one or two digits
/// (maybe negative: an offset) separated by one `,`, `.`, `;`, `/` or spaces.
fn bracket_locations(line: &str, begin: usize, end: usize) -> Vec<usize> {
    let seg = line.get(begin..end).unwrap_or_default();
    if !seg.contains(['[', '［']) {
        return Vec::new();
    }
    let cs: Vec<(usize, char)> = seg
        .char_indices()
        .map(|(o, c)| (begin + o, fold_width(c)))
        .collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        if cs.get(i).map(|&(_, c)| c) != Some('[') {
            i += 1;
            continue;
        }
        let mut k = i + 1;
        let mut numbers = 0;
        let mut seps = 0;
        let mut ok = false;
        while let Some(&(_, c)) = cs.get(k) {
            match c {
                // `[9 2]`: a space between the numbers is their separator
                ' ' | '\t' => {
                    if numbers == 1
                        && seps == 0
                        && cs
                            .get(k + 1)
                            .is_some_and(|&(_, d)| d.is_ascii_digit() || d == '-')
                    {
                        seps += 1;
                    }
                }
                '-' if cs.get(k + 1).is_some_and(|&(_, d)| d.is_ascii_digit()) => {}
                '0'..='9' => {
                    let mut e = k;
                    while cs.get(e + 1).is_some_and(|&(_, d)| d.is_ascii_digit()) {
                        e += 1;
                    }
                    if e - k >= 2 || numbers != seps {
                        break;
                    }
                    numbers += 1;
                    k = e;
                }
                ',' | '.' | ';' | '/' if numbers == 1 && seps == 0 => seps += 1,
                ']' => {
                    ok = numbers == 2 && seps == 1;
                    break;
                }
                _ => break,
            }
            k += 1;
        }
        if ok && let (Some(&(a, _)), Some(&(b, _))) = (cs.get(i), cs.get(k)) {
            out.push(a);
            out.push(b);
            i = k + 1;
        } else {
            i += 1;
        }
    }
    out
}

/// The separators of locations written otherwise than `(Row,Column)`: `(10.4)`, `(9 2)`,
/// `(8;3)`, `(8/3)`, `(-1 0)` (an offset), also in square brackets (`[10.4]`). Byte offsets in the line of each separator character,
/// the first of each run marked true (it becomes the `,`; the others are dropped).
fn location_separators(line: &str, begin: usize, end: usize) -> Vec<(usize, bool)> {
    let seg = line.get(begin..end).unwrap_or_default();
    let cs: Vec<(usize, char)> = seg
        .char_indices()
        .map(|(o, c)| (begin + o, fold_width(c)))
        .collect();
    let mut out = Vec::new();
    let space = |c: char| c == ' ' || c == '\t';
    let mut i = 0;
    while i < cs.len() {
        let close_with = match cs.get(i).map(|&(_, c)| c) {
            Some('(') => ')',
            Some('[') => ']',
            _ => {
                i += 1;
                continue;
            }
        };
        // `(` (or `[`), spaces, a number (maybe negative), a separator run, a number, spaces, `)`
        let mut k = i + 1;
        let skip = |mut k: usize, f: &dyn Fn(char) -> bool| {
            while cs.get(k).is_some_and(|&(_, c)| f(c)) {
                k += 1;
            }
            k
        };
        let number = |k: usize| {
            let k2 = if cs.get(k).map(|&(_, c)| c) == Some('-') {
                k + 1
            } else {
                k
            };
            let e = skip(k2, &|c: char| c.is_ascii_digit());
            (e > k2 && e - k2 <= 2).then_some(e)
        };
        k = skip(k, &space);
        let Some(a) = number(k) else {
            i += 1;
            continue;
        };
        let sep_end = skip(a, &|c: char| space(c) || matches!(c, '.' | ';' | '/'));
        let Some(b) = number(sep_end) else {
            i += 1;
            continue;
        };
        let close = skip(b, &space);
        let written: String = cs
            .get(a..sep_end)
            .unwrap_or_default()
            .iter()
            .map(|&(_, c)| c)
            .filter(|c| !space(*c))
            .collect();
        if cs.get(close).map(|&(_, c)| c) == Some(close_with)
            && sep_end > a
            && written.chars().count() <= 1
        {
            for (j, &(at, _)) in cs.get(a..sep_end).unwrap_or_default().iter().enumerate() {
                out.push((at, j == 0));
            }
        }
        i = close.max(i + 1);
    }
    out
}

/// The part markers that follow a `,` in the grammar, without it.
const PART_MARKERS: [&str; 8] = ["DO>", "FI1:", "FI2:", "PU:", "EX:", "RE:", "DR:", "RS:"];

/// Parts separated otherwise than by `,` (`MV:SP(2,2)->(3,3); PU:…`, `… / PU:…`, `… PU:…`):
/// the separator before each part marker made a `,` (in the normalized `text`, whose source
/// offsets are `map`). The first such separator's offset goes to `norm`.
fn part_separators(text: &mut String, map: &mut Vec<usize>, norm: &mut Norm) {
    let mut k = 1;
    while k < text.len() {
        let rest = text.get(k..).unwrap_or_default();
        if !PART_MARKERS.iter().any(|m| rest.starts_with(m)) {
            k += 1;
            continue;
        }
        let prev = text.as_bytes().get(k - 1).copied();
        match prev {
            Some(b',') => {}
            Some(b';' | b'/' | b'|') => {
                norm.separator
                    .get_or_insert(map.get(k - 1).copied().unwrap_or(0));
                text.replace_range(k - 1..k, ",");
            }
            // (a `:` or `/` is inside a part: `FI1:RL/…`; only a letter, digit or `)` ends one)
            Some(b) if b.is_ascii_alphanumeric() || b == b')' => {
                let at = map.get(k).copied().unwrap_or(0);
                norm.separator.get_or_insert(at);
                text.insert(k, ',');
                map.insert(k, at);
                k += 1;
            }
            _ => {}
        }
        k += 1;
    }
}

/// `FI:` (a fire written without its number) made `FI1:` or `FI2:` by its place among the fires of
/// the turn (in the normalized `text`, whose source offsets are `map`); a third fire is left as it
/// is (the grammar has two). The first such fire's offset goes to `norm`.
fn fire_numbers(text: &mut String, map: &mut Vec<usize>, norm: &mut Norm) {
    let mut fires = 0usize;
    let mut k = 0;
    while let Some(f) = text.get(k..).and_then(|r| r.find("FI")).map(|f| k + f) {
        k = f + 2;
        let after = text.as_bytes().get(k).copied();
        match after {
            Some(b'1' | b'2') => fires += 1,
            Some(b':') if fires < 2 => {
                fires += 1;
                let at = map.get(k).copied().unwrap_or(0);
                norm.fire_number
                    .get_or_insert(map.get(f).copied().unwrap_or(at));
                text.insert(k, if fires == 1 { '1' } else { '2' });
                map.insert(k, at);
            }
            _ => {}
        }
    }
}

/// A turn string (`begin..end` of the line) as transcribers also write it, brought to the
/// grammar's form: full-width forms folded ([`fold_width`]), arrow characters written as the
/// grammar's arrows (`→` `->`, `⇒` `=>`, `←` `<-`, `⇔` `<=>`, dashes and the minus sign `-`), letters
/// in capitals except `v`, which is the sub level or the drop's mark, and `V`, which is also
/// read so unless it ends a code (`AV`, `MV:`). `None` when nothing changes.
///
/// With `add_mv`, the string is read with `MV:` before it (a turn written without it); with
/// `trim`, without a full stop or comma at its end; with `always`, it is given back even when
/// nothing changes.
fn normalize(
    line: &str,
    begin: usize,
    end: usize,
    (add_mv, trim): (bool, bool),
    always: bool,
) -> Option<(Compact<'static>, Norm)> {
    let seg = line.get(begin..end)?;
    let brackets = bracket_locations(line, begin, end);
    let locs = location_separators(line, begin, end);
    let chars: Vec<(usize, char)> = seg
        .char_indices()
        .map(|(o, c)| (begin + o, c))
        .filter(|&(at, c)| !c.is_whitespace() || locs.iter().any(|&(l, first)| l == at && first))
        .collect();
    let mut text = String::with_capacity(seg.len());
    let mut map = Vec::with_capacity(seg.len());
    let mut norm = Norm::default();
    if add_mv {
        text.push_str("MV:");
        map.extend(std::iter::repeat_n(
            chars.first().map_or(begin, |&(at, _)| at),
            3,
        ));
    }
    for (j, &(at, c)) in chars.iter().enumerate() {
        if let Some(&(_, first)) = locs.iter().find(|&&(l, _)| l == at) {
            if first {
                norm.location.get_or_insert(at);
                text.push(',');
                map.push(at);
            }
            continue;
        }
        if brackets.contains(&at) {
            norm.brackets.get_or_insert(at);
            text.push(if fold_width(c) == '[' { '(' } else { ')' });
            map.push(at);
            continue;
        }
        let w = fold_width(c);
        let arrow = match w {
            '→' | '⟶' | '➔' | '➝' | '➞' => Some("->"),
            '⇒' | '⟹' => Some("=>"),
            '←' | '⟵' => Some("<-"),
            '⇔' | '⟺' | '↔' => Some("<=>"),
            '−' | '–' | '—' | '‐' | '‑' | '﹣' => Some("-"),
            _ => None,
        };
        if let Some(a) = arrow {
            norm.wide.get_or_insert(at);
            text.push_str(a);
            map.extend(std::iter::repeat_n(at, a.len()));
            continue;
        }
        if w != c {
            norm.wide.get_or_insert(at);
        }
        let out = match w {
            'v' | 'V' => {
                let b = text.as_bytes();
                let prev = b.last().copied();
                let prev2 = b.len().checked_sub(2).and_then(|k| b.get(k)).copied();
                let next = chars.get(j + 1).map(|&(_, c)| fold_width(c));
                let code_v = (prev == Some(b'A') && prev2 != Some(b'A'))
                    || (prev == Some(b'M') && next == Some(':'));
                if code_v && w == 'v' {
                    norm.lower.get_or_insert(at);
                }
                if !code_v && w == 'V' {
                    norm.capital_v.get_or_insert(at);
                }
                if code_v { 'V' } else { 'v' }
            }
            _ if w.is_ascii_lowercase() => {
                norm.lower.get_or_insert(at);
                w.to_ascii_uppercase()
            }
            _ => w,
        };
        text.push(out);
        map.extend(std::iter::repeat_n(at, out.len_utf8()));
    }
    // `MV JE(…)`, `MV-JE(…)`, `MV.JE(…)`: the `MV` without its `:` (its `V`, read above as the
    // sub level, is the code's)
    if (text.starts_with("MV") || text.starts_with("Mv"))
        && !add_mv
        && let Some(&next) = text.as_bytes().get(2)
        && next != b':'
    {
        let v_at = map.get(1).copied();
        let colon = match next {
            b'-' | b'.' | b'=' | b';' if text.get(2..4) != Some("->") => {
                text.replace_range(0..3, "MV:");
                true
            }
            b if b.is_ascii_uppercase() => {
                let at = map.get(2).copied().unwrap_or(begin);
                text.replace_range(0..2, "MV:");
                map.insert(2, at);
                true
            }
            _ => false,
        };
        if colon {
            norm.mv_colon
                .get_or_insert(map.get(2).copied().unwrap_or(begin));
            if norm.capital_v == v_at {
                norm.capital_v = None;
            }
        }
    }
    // `-->`, `==>`: a long arrow
    for (long, short) in [("-->", "->"), ("==>", "=>")] {
        while let Some(k) = text.find(long) {
            text.replace_range(k..k + 3, short);
            map.remove(k);
            norm.wide
                .get_or_insert(map.get(k).copied().unwrap_or(begin));
        }
    }
    // `,FI:RL/…`: a fire without its number, numbered by its place among the turn's fires
    if text.contains("FI:") {
        fire_numbers(&mut text, &mut map, &mut norm);
    }
    if PART_MARKERS.iter().any(|m| text.contains(m)) {
        part_separators(&mut text, &mut map, &mut norm);
    }
    // `MV:JE(1,4)->^(1,4).`, `…,`: a full stop or comma after the turn (the grammar ends with a
    // location, a code, a number or an orientation, never with these)
    while trim && text.len() > 3 && text.ends_with(['.', ',']) {
        text.pop();
        norm.trailing = map.pop();
    }
    if !always
        && norm.fire_number.is_none()
        && norm.trailing.is_none()
        && norm.lower.is_none()
        && norm.capital_v.is_none()
        && norm.wide.is_none()
        && norm.separator.is_none()
        && norm.mv_colon.is_none()
        && norm.location.is_none()
        && norm.brackets.is_none()
    {
        return None;
    }
    Some((
        Compact {
            text: Cow::Owned(text),
            map,
            start: begin,
        },
        norm,
    ))
}

/// How a line was joined to the one before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Join {
    /// It continues the turn string of the line before ([`continues`]).
    Continued,
    /// The line before was a turn number alone ([`number_alone`]); this is its turn.
    Numbered,
}

/// One line joined to a [`Logical`] line.
#[derive(Debug, Clone, Copy)]
struct Joined {
    /// Its index among the body's lines.
    li: usize,
    /// Byte offset in [`Logical::text`] where the line's text (from its byte 0) begins.
    at: usize,
    kind: Join,
}

/// A body line with the lines joined to it: a turn number alone on its line with the turn on the
/// next, and a turn string with the lines that continue it.
struct Logical<'a> {
    /// The body line's index.
    first: usize,
    /// The line (without its `\r`), with each joined line after it.
    text: Cow<'a, str>,
    joined: Vec<Joined>,
    /// The index of the body line after the last one joined.
    next: usize,
}

/// The part codes of the grammar that begin a part after the move (`,FI1:` `,PU:` …), as a
/// wrapped turn's next line begins with them; `FI:` is a fire without its number.
const PART_CODES: [&str; 10] = [
    "FI1:", "FI2:", "FI:", "PU:", "EX:", "RE:", "DR:", "RS:", "DO>", "-TRA->",
];

/// Does `s` contain `MV` (in either case): a turn string's own start?
fn has_mv(s: &str) -> bool {
    s.as_bytes()
        .windows(2)
        .any(|w| w[0].eq_ignore_ascii_case(&b'M') && w[1].eq_ignore_ascii_case(&b'V'))
}

/// The part code a line begins with (from byte `f`, its first character that is no white
/// space), maybe after a `,`: `Some(true)` when a `,` is written before it or the part needs
/// none (`-TRA->`), `Some(false)` when the `,` before it is left out; a line that begins with a
/// `,` is `Some(true)` whatever follows.
fn part_start(line: &str, f: usize) -> Option<bool> {
    let rest = line.get(f..)?;
    // (most lines begin with a number or `MV`: no part code)
    if !matches!(
        rest.as_bytes().first()?.to_ascii_uppercase(),
        b',' | b'F' | b'P' | b'E' | b'R' | b'D' | b'-' | 0xef
    ) {
        return None;
    }
    if rest.starts_with([',', '，']) {
        return Some(true);
    }
    let code = PART_CODES.into_iter().find(|c| {
        rest.get(..c.len())
            .is_some_and(|r| r.eq_ignore_ascii_case(c))
    })?;
    Some(code == "-TRA->")
}

/// Does the turn string `before` end where no turn string ends: inside a location or an offset
/// (a digit, `(`), after an arrow or a part's code (`->`, `=>`, `-`, `=`, `:`), a level `^`, a
/// result's `*` or a `/`? A whole turn ends with a location's `)`, an orientation (`<`, `>`) or
/// a code's capital letter (an article, a stun's colour).
fn ends_open(before: &str) -> bool {
    let b = before.trim_end().as_bytes();
    match b.last() {
        Some(c) if c.is_ascii_digit() => true,
        Some(b'(' | b'-' | b'=' | b':' | b'^' | b'*' | b'/') => true,
        Some(b'>') => matches!(
            b.len().checked_sub(2).and_then(|k| b.get(k)),
            Some(b'-' | b'=')
        ),
        _ => false,
    }
}

/// Does `line` continue the turn string `before` (the text so far of the line it would join):
/// no number, colour or `MV` of its own, no prose, and either `before` ends with a `,` or where
/// no turn string ends ([`ends_open`]: `MV:JE(1,4)->^(1,` then `4)`… is a turn broken inside a
/// part), or the line begins with a part code or a `,`? `Some(comma)`: whether a `,` must be put
/// between them (a part code without its `,`).
fn continues(before: &str, line: &str) -> Option<bool> {
    let f = first_non_space(line)?;
    let tail_comma = before.trim_end().ends_with([',', '，']);
    let part = part_start(line, f);
    if !tail_comma && part.is_none() && !ends_open(before) {
        return None;
    }
    if number_prefix(line, f).is_some()
        || colour_prefix(line, f).is_some()
        || colour_number_prefix(line, f).is_some()
        || has_mv(line)
        || !has_mv(before)
        || prose_line(line.trim()).is_some()
    {
        return None;
    }
    Some(!tail_comma && part == Some(false))
}

/// Is `line` a turn number alone (`1.`, `2...`, `Turn 3:`) and `next` the turn it numbers (no
/// number of its own, and `MV` or a colour then `MV` where its text begins)?
fn number_alone(line: &str, next: &str) -> bool {
    // (a number alone is a short line with no location: most lines are turns, told by their
    // length or a `(` after their start)
    if line.trim_end().len() > 12 {
        return false;
    }
    let Some(f) = first_non_space(line) else {
        return false;
    };
    if line
        .as_bytes()
        .get(f + 1..)
        .is_some_and(|r| r.contains(&b'('))
    {
        return false;
    }
    let Some(n) = number_prefix(line, f) else {
        return false;
    };
    if n.after < line.trim_end().len() {
        return false;
    }
    let Some(g) = first_non_space(next) else {
        return false;
    };
    number_prefix(next, g).is_none()
        && colour_number_prefix(next, g).is_none()
        && (next
            .get(g..g + 2)
            .is_some_and(|m| m.eq_ignore_ascii_case("MV"))
            || colour_prefix(next, g).is_some())
}

/// The body line `li` with the lines joined to it (blank lines between them are passed over):
/// the turn on the next line when it is a number alone ([`number_alone`]), then each line that
/// continues its turn string ([`continues`]). Joined with a space (or the `,` a part code left
/// out), which the turn string's reading ignores.
#[inline(always)]
fn logical_line<'a>(lines: &[&'a str], li: usize) -> Logical<'a> {
    let line = lines.get(li).copied().unwrap_or_default();
    let line = line.trim_end_matches('\r');
    let mut out = Logical {
        first: li,
        text: Cow::Borrowed(line),
        joined: Vec::new(),
        next: li + 1,
    };
    if first_non_space(line).is_none() {
        return out;
    }
    // the next line with text, from `k`
    let next_text = |k: usize| {
        (k..lines.len()).find_map(|j| {
            let l = lines.get(j)?.trim_end_matches('\r');
            first_non_space(l).map(|_| (j, l))
        })
    };
    let join = |out: &mut Logical<'a>, j: usize, l: &str, sep: &str, kind: Join| {
        let mut text = out.text.trim_end().to_string();
        text.push_str(sep);
        let at = text.len();
        text.push_str(l);
        out.text = Cow::Owned(text);
        out.joined.push(Joined { li: j, at, kind });
        out.next = j + 1;
    };
    // (the next line with text looked for once a join)
    let mut next = next_text(out.next);
    // Most lines are whole turns: not a short line that may be a number alone, not ending with
    // a `,` or where no turn ends ([`ends_open`]), and the next line not beginning as a part
    // code or a `,` may ([`part_start`]).
    let short = line.trim_end().len() <= 12;
    let end = line.trim_end();
    if !short
        && !end.ends_with(',')
        && !end.ends_with('，')
        && !ends_open(end)
        && !next.is_some_and(|(_, l)| {
            first_non_space(l).is_some_and(|f| {
                matches!(
                    l.as_bytes().get(f).map(u8::to_ascii_uppercase),
                    Some(b',' | b'F' | b'P' | b'E' | b'R' | b'D' | b'-' | 0xef)
                )
            })
        })
    {
        return out;
    }
    if let Some((j, l)) = next
        && number_alone(line, l)
    {
        join(&mut out, j, l, " ", Join::Numbered);
        next = next_text(out.next);
    }
    while let Some((j, l)) = next {
        let Some(comma) = continues(&out.text, l) else {
            break;
        };
        join(
            &mut out,
            j,
            l,
            if comma { "," } else { " " },
            Join::Continued,
        );
        next = next_text(out.next);
    }
    out
}

/// Does the record number its turns consistently, chess-style (`N.` Black, `N...` White, each
/// numbered turn after the numbered one before: `2(N-1)` for Black and one more for White
/// increasing), and rarely against the alternation (at most one line in four, or one; a numbered
/// line whose place an unnumbered line before it took, an extra line or one that does not read,
/// counts once)? Then the numbering gives the colours. Read on the lines as the reader joins
/// them ([`logical_line`]), only when a numbered line disagreed with the alternation.
#[cold]
#[inline(never)]
fn numbering_is_consistent(lines: &[&str]) -> bool {
    // the place of the last numbered turn, and of the last turn
    let (mut last_numbered, mut prev): (i64, i64) = (-1, -1);
    let mut white: Option<bool> = None;
    let (mut numbered, mut against) = (0usize, 0usize);
    let mut li = 0;
    while li < lines.len() {
        let logical = logical_line(lines, li);
        li = logical.next.max(li + 1);
        let line: &str = &logical.text;
        let Some(first) = first_non_space(line) else {
            continue;
        };
        let num = number_prefix(line, first);
        let begin = num.map_or(first, |n| n.after);
        let end = line.trim_end().len().max(begin);
        // a line of prose is no turn (`Reader::not_a_turn`)
        if num.is_none() && prose_line(line.get(first..end).unwrap_or_default().trim()).is_some() {
            continue;
        }
        let turns = 1 + later_turns(line, begin, end).len();
        for k in 0..turns {
            let alt = white.is_some_and(|w| !w);
            match num.filter(|_| k == 0) {
                Some(n) => {
                    let idx = 2 * (i64::from(n.no) - 1) + i64::from(n.ellipsis);
                    if idx <= last_numbered {
                        return false;
                    }
                    numbered += 1;
                    // an unnumbered line took this turn's place (an extra line, or one that
                    // does not read): one line against the numbering, whatever the
                    // alternation says after it
                    if idx <= prev || n.ellipsis != alt {
                        against += 1;
                    }
                    (last_numbered, prev) = (idx, idx);
                    white = Some(n.ellipsis);
                }
                None => {
                    prev += 1;
                    white = Some(alt);
                }
            }
        }
    }
    numbered > 0 && against <= (numbered / 4).max(1)
}

/// Parses a WEC body: one turn per line (see the module docs), then replays it from the standard
/// setup. Never panics; every problem is a diagnostic.
pub fn parse(body: &str, ctx: &Ctx) -> Parsed<WecGame> {
    let (clean, comments) = if body.contains('{') {
        let (c, v) = crate::text::strip_comments(body);
        (Cow::Owned(c), v)
    } else {
        (Cow::Borrowed(body), Vec::new())
    };
    // sized for lines of 16 bytes (a turn takes 20 or more): collecting an iterator of unknown
    // length would reallocate the vector several times per game
    let mut clean_lines: Vec<&str> = Vec::with_capacity(1 + clean.len() / 16);
    clean_lines.extend(crate::text::lines(&clean));
    let mut r = Reader::read(&clean_lines, ctx, false);
    // a numbered line disagreed with the alternation: when the record's numbering is consistent,
    // it decides the colours (read again so)
    if r.disagreed && numbering_is_consistent(&clean_lines) {
        r = Reader::read(&clean_lines, ctx, true);
    }
    let Reader {
        mut game,
        mut diags,
        starts,
        result,
        body_players,
        ..
    } = r;
    // attach comments to the turn before them
    for c in &comments {
        if !c.closed {
            diags.push(Diagnostic::warning(
                code::COMMENT_UNCLOSED,
                ctx.first_line.saturating_add(c.line as u32),
                c.col as u32 + 1,
                "comment without a closing }; it runs to the end of the line",
            ));
        }
        if c.text.is_empty() {
            continue;
        }
        let byte_col = clean_lines
            .get(c.line)
            .and_then(|l| l.char_indices().nth(c.col).map(|(b, _)| b))
            .unwrap_or(0);
        let idx = starts
            .iter()
            .rposition(|&(l, b)| (l, b) < (c.line, byte_col));
        let slot = match idx.and_then(|k| game.turns.get_mut(k)) {
            Some(t) => &mut t.comment,
            None => &mut game.intro,
        };
        match slot {
            Some(s) => {
                s.push(' ');
                s.push_str(&c.text);
            }
            None => *slot = Some(c.text.clone()),
        }
    }
    replay::replay_game(&mut game, &mut diags);
    // the seats: the `Black`/`White` tags, else the tags in Korean or Chinese (`흑`, `백`, `黑`,
    // `白`), else header lines of the body
    let players = [("B", "Black", ["흑", "黑"]), ("W", "White", ["백", "白"])]
        .iter()
        .zip(body_players)
        .map(|((s, c, other), body)| Seat {
            seat: s.to_string(),
            name: std::iter::once(*c)
                .chain(other.iter().copied())
                .filter_map(|t| ctx.tag(t))
                .map(str::trim)
                .find(|n| !n.is_empty())
                .map(str::to_string)
                .or(body),
            color: Some(c.to_string()),
        })
        .collect();
    if let Some((None, line, col, text)) = &result {
        diags.push(match game.winner.as_deref() {
            None => Diagnostic::info(
                code::RESULT_LINE,
                *line,
                *col,
                format!("{text:?} read as the outcome: a draw"),
            ),
            Some(w) => Diagnostic::warning(
                code::RESULT_LINE,
                *line,
                *col,
                format!(
                    "{text:?} says the game was drawn, but the replay ends with {} winning; the replay is kept",
                    color_name(w)
                ),
            ),
        });
    }
    if let Some((Some(white), line, col, text)) = &result {
        let said = if *white { "W" } else { "B" };
        let (d, msg) = match game.winner.as_deref() {
            None => (
                false,
                format!("{text:?} read as the outcome: {} wins", color_name(said)),
            ),
            Some(w) if w == said => (
                false,
                format!("{text:?} read as a result line; the replay gives the same winner"),
            ),
            Some(w) => (
                true,
                format!(
                    "{text:?} says {} wins, but the replay ends with {} winning; the replay is kept",
                    color_name(said),
                    color_name(w)
                ),
            ),
        };
        diags.push(if d {
            Diagnostic::warning(code::RESULT_LINE, *line, *col, msg)
        } else {
            Diagnostic::info(code::RESULT_LINE, *line, *col, msg)
        });
    }
    let drawn = game.winner.is_none() && matches!(result, Some((None, ..)));
    let winner = game.winner.clone().or_else(|| {
        result
            .and_then(|(white, ..)| white)
            .map(|white| if white { "W" } else { "B" }.to_string())
    });
    // `[Result "B"]`, `[Result "White wins"]`, `[Result "Draw"]`: the outcome when the record
    // gives none
    let (mut winner, mut drawn) = (winner, drawn);
    if let Some(r) = ctx.tag("Result").map(str::trim).filter(|t| !t.is_empty()) {
        // Some(Some(white)) a win, Some(None) a draw
        let read = result_tag(r);
        let have = match (&winner, drawn) {
            (Some(w), _) => Some(Some(w == "W")),
            (None, true) => Some(None),
            (None, false) => None,
        };
        let said = |o: Option<bool>| match o {
            Some(w) => format!("{} wins", color_name(if w { "W" } else { "B" })),
            None => "a draw".to_string(),
        };
        match (read, have) {
            (None, _) => diags.push(Diagnostic::warning(
                code::RESULT_TAG,
                ctx.first_line,
                1,
                format!("the Result tag {r:?} names no winner or draw (B, W, Black wins, Draw); not read"),
            )),
            (Some(o), None) => {
                diags.push(Diagnostic::info(
                    code::RESULT_TAG,
                    ctx.first_line,
                    1,
                    format!("the Result tag {r:?} read as the outcome: {}", said(o)),
                ));
                match o {
                    Some(w) => winner = Some(if w { "W" } else { "B" }.to_string()),
                    None => drawn = true,
                }
            }
            (Some(o), Some(h)) if o != h => diags.push(Diagnostic::warning(
                code::RESULT_TAG,
                ctx.first_line,
                1,
                format!(
                    "the Result tag {r:?} says {} but the record says {}; the record is kept",
                    said(o),
                    said(h)
                ),
            )),
            _ => {}
        }
    }
    let outcome = match winner {
        Some(w) => Some(Outcome {
            summary: format!("{} wins", color_name(&w)),
            winners: vec![w],
            draw: Vec::new(),
        }),
        None if drawn => Some(Outcome {
            winners: Vec::new(),
            draw: vec!["B".to_string(), "W".to_string()],
            summary: "Draw".to_string(),
        }),
        None => None,
    };
    Parsed {
        game,
        players,
        outcome,
        title: None,
        diagnostics: diags,
    }
}
