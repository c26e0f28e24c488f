//! Weaponized Chess (WEC) notation: the turn-string grammar at the end of the WEC manual, a replay from the
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
//!   `text.line-wrapped`, once per game. So it is when the turn's line ends where no turn string
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
//!   the notation's text: "'V'는 하위 수준을 표시하고"), full-width punctuation and the arrow characters
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
//!   wins)`, `0-1 White wins`). A score alone (`1-0`) stays a warning `wec.not-a-turn`: the manual
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
//! # Grammar decisions (where the manual's translation is faulty)
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
//! - **Required alternatives:** `[A|B]` means exactly one of them (the manual: "certainly one or the
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
//!
//! # Modules
//! From the bottom: `model` (the types above), `code` (diagnostic codes), `codes` (the code
//! tables and data files), `line` (columns, the compact turn string), `numbers` (numbers and
//! colours before a turn), `notes` (notes and clock times after it), `results` (lines that are no
//! turn: results, prose), `normalize` (the reread's normal form), `join` (lines joined before
//! they are read), `grammar` and `turn` (one turn string read), `reader` (a body's lines into
//! turns, with its rereads), `replay`, `render`, `describe`, and `game` (the game assembled:
//! comments, seats, outcome). A line's scans find what they look for once per line, not again
//! from each bracket or mark (`work` counts the bytes they examine, in tests).

pub mod code;
mod codes;
mod describe;
pub(crate) mod entry;
mod game;
mod grammar;
mod join;
mod line;
mod model;
mod normalize;
mod notes;
mod numbers;
mod reader;
mod render;
mod replay;
mod results;
mod turn;
mod work;

#[cfg(test)]
mod linear;

use crate::model::{Ctx, Parsed};

pub use codes::{article_name, piece_name, result_name};
pub use describe::describe;
pub use model::{
    Code, Dest, Dozed, Dozer, Drop, Exchange, Fire, Pickup, Piece, Reinforce, Toward, Transport,
    Turn, WecGame, WecResult,
};
pub use render::{render, render_game};
pub use replay::{
    PlacedPiece, Position, position_after, position_keys, position_keys_upto, standard_setup,
};

/// Parses a WEC body: one turn per line (see the module docs), then replays it from the standard
/// setup. Never panics; every problem is a diagnostic.
pub fn parse(body: &str, ctx: &Ctx) -> Parsed<WecGame> {
    game::parse(body, ctx)
}
