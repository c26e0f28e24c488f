//! 三国演弈棋 notation (seed 002): parser, board model and replay.
//!
//! A body holds an optional title line (`魏杀汉·魏胜`, `标题：…`), round lines `N.a，b，c` (吴 → 魏 →
//! 蜀; `……` and `（轮空）` for a side that makes no move), `【困毙灭国】` lines, and a closing status line
//! (`[胜利] [灭国] [认负]`). Other transcribers' forms are read too: round numbers `第1回合：`,
//! `第一回合`, `1回合`, `一、` (info `sanguo.round-form`), files and steps in Chinese numerals as xiangqi
//! records write them (`马六进五`, stored as `马6进5`; info `sanguo.numerals`), other words for a
//! 轮空 (`（跳过）`, `空`; info `sanguo.skip-form`) and comments inside a move (`炮12{好棋}平10`). Every move is resolved by replaying it on the board ([`board`]), so each
//! stored move has its piece, origin and destination, capture and events.
//!
//! Modules: [`geometry`] (data files: shape, numbering, palaces, setup), [`board`] (the position and
//! [`board_after`]), `notation` (characters and the move grammar), `resolve` (which piece, where
//! to), `title` (titles and the status line).
//!
//! # Decisions on the unknowns (DOMAIN.md §1)
//! - **汉 placement:** from S1 only (献帝 (8,0), 车 (6,3) (8,3) (10,3), 炮 (8,2)); it is data
//!   (`import/data/sanguo/setup.csv`). The emperor is piece `将` of side `汉`.
//! - **Alliance points:** S1's 吴点 (8,1), 魏点 (9,0), 蜀点 (7,0) (`points.csv`). `=X` is accepted
//!   wherever the horse lands; landing elsewhere than X's point, or with another piece, is a warning,
//!   and so is a horse landing on another side's point without `=X`. That landing makes the
//!   alliance (seed §8: "蜀马跳到魏点与魏结盟"), so it is applied as if marked (`马4进2` on 吴点: 魏吴盟)
//!   when it is the game's first alliance and no 杀汉 came before it; after those the seed does not
//!   say whether another alliance can be made, and only the warning is given. On an alliance the
//!   third side receives 汉's remaining 车 and 炮 (the emperor stays 汉's).
//! - **杀汉:** capturing the emperor (with or without `x汉`, the latter warned) gives the killer 汉's
//!   remaining pieces; the other two sides' automatic alliance changes no ownership. A move that
//!   takes 汉's 车 or 炮 before 汉 is activated, while they are still 汉's (no side has killed the
//!   emperor, no alliance has handed them to the third side; seed §1: "谁收了汉，汉的三车一炮就按谁
//!   的坐标走棋"), is a warning (`sanguo.illegal-move`) and is replayed as written. That only a horse
//!   may kill the emperor is not checked: the seed's one example is a horse's (`马15进17x汉`), but
//!   no rule of it says so (DOMAIN.md has it from other sources).
//! - **灭国:** `#X` eliminates X (how `checkmate`); `【困毙灭国】` (or `[困毙灭国]`, after a move or
//!   on its own line/entry) eliminates, by the mover of the move before it, the next side in turn
//!   order after that mover (seed §6 case 1: stalemated by its 上家's move), unless the bracket names
//!   the sides (`【蜀困魏·困毙灭国】`: 蜀 stalemated 魏, seed §6 case 2; a line `【困毙灭国】魏`). The
//!   eliminated general leaves the board; the eliminator annexes every other piece the side owned.
//!   `eliminate` and `annex` events carry `by`.
//! - **Annexed pieces, pawns included,** move by the new owner's numbering and forward direction
//!   (seed §3: "被收编的棋子也要按收编方的坐标走棋"). Pawn rules past the 国境线 are not checked.
//! - **Facing generals** (S1 destroys both sides) is not a rule here: no rule text says so.
//! - **Slots:** a round line with three entries maps them to 吴, 魏, 蜀; with fewer, to the sides
//!   still in the game in turn order, entry by entry. A placeholder (`……`, `（轮空）`, a bracketed
//!   word or a bare `空`/`跳过`/`过`/`停着` without 进/退/平, any entry without a move; a bracket
//!   holding a status word such as `[认负]` is no placeholder) makes no move; except for `……` in the very first round (a study where 魏 or 蜀
//!   starts) it is a 轮空: the previous move gets a `check` event on the skipped side's 下家 (seed
//!   §5: 吴将蜀 → 魏 轮空), and the round gets its type (空心, 去尾, 掐头, 掐头去尾). The notation has no
//!   check mark, so these are the only `check` events.
//! - **Replay stops** at the first move that cannot be read or resolved (an error); later moves are
//!   still read for syntax, and titles and the status line are still read.
//! - **Checks of piece movement** are cheap ones only, as warnings: 相/士/兵/将 shapes, 车/炮 paths,
//!   and for a side's own pieces 相 in its territory, 士/将 in its palace, 兵 sideways only on its
//!   防线 or past its 国境线 and backward only past it (not checked for annexed or 汉 pieces, whose
//!   rules are unknown). A 马 move is computed from its files, so a 马 that cannot reach the file is
//!   an error; leg-blocking does not exist in this game.
//! - **Titles:** the `Title` tag wins over a body title line for `title_events` (both are read; a
//!   disagreement is a warning). `Parsed.title` is the body line, normalized. A line above the
//!   moves (no round line yet) with one of the status words that reads as a title with a winner
//!   and gives at most one side a status (`魏胜利`, `魏杀汉·魏胜利`) is the title, its result the
//!   winner's, not the closing status line (info `sanguo.title-form`); `魏胜`, `魏獲勝`, `魏贏`
//!   were titles already.
//! - **Outcome:** from the status line (胜利 → winners, 强制判和 → draw), else from the title's
//!   `win`/`draw` events. Summary `魏胜`, `吴蜀胜`, `吴蜀和`, or `和棋` when all three draw.
//! - **Consistency** (title and status against the moves) is checked only when every move replayed,
//!   but for what the moves replayed settle whatever follows them: a status other than 灭国 for a
//!   side they eliminated, and 胜利 or 强制判和 for a side whose general a move took (no `#X` marks
//!   it), are warnings (`sanguo.status-mismatch`) even when the replay stopped.
//! - **Comments** `{…}` go to the move before them (`Move.comment`); comments before the first move
//!   are not kept in the moves. A comment inside a move (`炮12{好棋}平10`) goes to that move, which
//!   is read without the blank it leaves; so is a move split by a space (`炮12 平10`).
//! - **Rounds numbered in English** (`Round 1:`, `R2.`, `Rd 3`, `Round 4)`, `Turn 5:`, `Move 6.`,
//!   any case) are read as `N.` (the same info `sanguo.round-form`, once per game).
//! - **A key before the status line** (`结果：吴认负，魏胜利，蜀认负`, `最终结果:`, `Result -`,
//!   `Final:`) is read past (info `sanguo.status-key`).
//! - **The `Result` tag** (`[Result "魏胜"]`, `吴蜀和`, read as a title's result) gives the
//!   outcome when the status line and the title give none (info `sanguo.result-tag`); one that
//!   names no winner or draw, or another outcome than the record's, is a warning of the same code
//!   and the record is kept.
//! - **Side names in pinyin** (`Wei杀Han·Wei胜`, `Wu[认负] Wei[胜利] Shu[认负]`, `Wu: 马6进5`,
//!   `[Result "Wèi胜"]`; any case, with or without tone marks) are read as 吴, 魏, 蜀, 汉 in a title
//!   (body line or `Title` tag, when it does not read in the seed's form without them), a status
//!   line, the `Result` tag and a move's side label, only as a whole word (no Latin letter next to
//!   it: `Wuhan` is no name; info `sanguo.side-pinyin`, once per game), also in a move's markers
//!   (`#Wei`, `=Wu`, `xHan`) and for a general written with its side (`Wei9退1`, as the seed's
//!   `魏9退1`), the move stored with the characters (`车1平17#吴`), and in a header line of players
//!   (`Wu: Zhou Yu  Wei: Cao Cao  Shu: Liu Bei`, one side a line or several; a name runs to the
//!   next label, so `Wu: Han Dang` is 韩当; a name beginning with a small letter is none). Not in
//!   a 困毙 marker.
//! - **Markers in words** (`车1平17灭吴`, `马2进1杀汉`, `马2进1（杀汉）`) are read as `#吴`, `x汉`
//!   and stored so (info `sanguo.marker-words`, once per game); `灭国` names no side and stays a
//!   syntax error.
//! - **Notes in other brackets** after a move (`〔…〕`, `〖…〗`, `『…』`, `「…」`, `《…》`, `〈…〉`,
//!   `<…>`, `“…”`) are read as `（…）` is: the move's comment (info `sanguo.bracket-comment`).
//! - **One move a line, each with its round's number** (`1. 吴 马6进5`, `1. 魏 炮12平10`): a
//!   round line numbered as the round still open (the line before left sides without an entry)
//!   continues it when its entries fit the sides left (info `sanguo.round-continued`); a line of
//!   more entries is the next round with its number mistyped (the round-number warning, as before).
//! - **Titles joined by dashes or arrows** (`魏杀汉—魏灭吴—魏胜`, `魏杀汉→魏胜`) are read by the
//!   looser grammar (info `sanguo.title-form`).
//! - **A space by a marker** (`马2进1x Han`, `马2进1 x 汉`, `车1平17# Wu`, `马15进16= Wu`) is
//!   read past when the move does not read with it; the move is stored without it (info
//!   `sanguo.marker-space`, once per game). **`#汉` / `#Han`** (the emperor "eliminated") is read
//!   as `x汉`, the seed's mark for 汉 killed (warning `sanguo.marker-han`: a guess at what was
//!   meant; the replay then checks the emperor was taken, as for `x汉`).
//! - **Status lines in other words** than seed §7's five (`吴负 魏胜 蜀负`, `吴国：认输 魏国：胜
//!   蜀国：认输`, `[负] [胜] [负]`, `吴认负，魏胜利，蜀负`, `Wu eliminated, Wei wins, Shu resigns`,
//!   `Result: Wu lost, Wei won, Shu resigned`) are read as them (info `sanguo.status-form`):
//!   `胜`/`赢`/`wins`/`won` 胜利; `认输`/`投降`/`resigns` 认负; `被灭`/`eliminated`/`checkmated` 灭国;
//!   `和`/`和棋`/`draw` 强制判和; `超时`/`lost on time` 超时判负; a bare loss (`负`, `输`, `败`,
//!   `lost`) is 灭国 when the moves eliminate the side, else 认负. A line is such a status line
//!   only when it holds nothing but sides, these words and punctuation, and two sides have a
//!   status (or one has a status no title gives: `Wu resigns`); `魏胜` alone stays a title.
//! - **Players in the status line**, in brackets after their sides (`吴（孙策）认负 魏（曹操）胜利
//!   蜀（刘备）认负`, also with short words): the statuses are read without them and the names are
//!   the sides' players where the tags and a line of players name none (info
//!   `sanguo.status-players`).
//! - **Titles in English** (`Wei kills Han · Wei eliminates Wu · Wei wins`, `Shu allies with Wu`,
//!   `Wei eliminates Shu and Wu`, `Wu and Shu draw`, `Han killed by Wei`, `Wu eliminated by Wei`,
//!   `Shu stalemated Wei`, `Wei victory`, `Draw`; the sides in pinyin) are read by the looser
//!   grammar (info `sanguo.title-form`); so is the `Result` tag (`[Result "Wei wins"]`). A side
//!   that resigns (`Wu resigns`, `吴认输` in a title) gives no event: seed §8 leaves it out.
//! - **The kingdoms' other names** (`东吴`, `孙吴`, `曹魏`, `蜀汉`, `季汉`, traditional too; `Eastern
//!   Wu`, `Dong Wu`, `Cao Wei`, `Shu Han`, `Ji Han`) are read as 吴, 魏, 蜀 in a title, a status
//!   line, the `Title` and `Result` tags and a header line of players (`东吴：孙权　曹魏：曹操`;
//!   info `sanguo.kingdom-name`, once per game). Not in moves (`蜀汉` there is no side label).
//! - **Moves in xiangqi's letters**, as English (WXF) records write them (`H6+5`, `C12.10`,
//!   `R13=12`, `C.11`, `E9-7`, `H2+1xHan`): K/G 将, A 士, E/B 相, H/N 马, R 车, C 炮, P 兵, `+` 进, `-`
//!   退, `.` or `=` 平; stored as the seed writes them (`马6进5`; info `sanguo.letters`, once per
//!   game). WXF's `+`/`-` for the front and rear of two pieces on a file are not read.
//! - **Chinese numerals** stand for a file or a step (`一`…`九`, `十`, `十一`…`十七`); a numeral
//!   before the piece is still the ordinal (`一车平十一`: the first of the chariots, to file 11).
//!
//! # Speed
//! Each line is normalized once into a reused buffer of characters; a round line's entries are
//! bounded and classified in the same pass that finds their separators; the board is a flat 17×17
//! array with a piece list and per-side bit sets; a move costs one allocation (its notation) and
//! is written in its place in the move vector. Most of what is left of the profile: the
//! move's resolution (which piece, where to), normalizing characters, encoding the notation.

pub mod board;
pub(crate) mod entry;
pub mod geometry;
mod notation;
pub mod playout;
mod resolve;
mod title;

use std::borrow::Cow;
use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use board::{BoardPiece, board_after};
pub use geometry::{Geometry, geometry};

use crate::diag::Sink;
use crate::model::{Ctx, Outcome, Parsed, Seat};
use crate::text::strip_comments;
use board::Board;
use geometry::Side;
use notation::{MoveTok, NormLine};

/// Diagnostic codes of this module (stable).
pub mod code {
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
    /// Warning: a `{` comment never closed.
    pub const UNCLOSED_COMMENT: &str = "sanguo.unclosed-comment";
    /// Info: traditional characters read as simplified (first one of the game).
    pub const TRADITIONAL: &str = "sanguo.traditional";
    /// Info: full-width punctuation read as half-width (first one of the game).
    pub const FULL_WIDTH: &str = "sanguo.full-width";
    /// Info: moves read but not replayed after an error.
    pub const NOT_REPLAYED: &str = "sanguo.not-replayed";
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
    /// Info: a title or result written otherwise than seed §8 (`胜者：魏`, `结果：魏胜`, `魏 胜`,
    /// `汉被魏所杀`, `魏杀汉，魏灭吴，魏胜`), read as the seed's form.
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
    /// `马2进1（杀汉）`), read as the seed's `#吴`, `x汉` and stored so (first one of the game).
    pub const MARKER_WORDS: &str = "sanguo.marker-words";
    /// Info: a status line in other words than seed §7's five (`吴负 魏胜 蜀负`, `吴国：认输`, `[负]
    /// [胜] [负]`, `Wu eliminated, Wei wins, Shu resigns`), read as them: `胜`/`赢`/`wins` 胜利,
    /// `认输`/`投降`/`resigns` 认负, `被灭`/`eliminated` 灭国, `和`/`draw` 强制判和, `超时`/`lost on
    /// time` 超时判负, and a bare loss (`负`, `输`, `lost`) 灭国 when the moves eliminate the side,
    /// else 认负.
    pub const STATUS_FORM: &str = "sanguo.status-form";
    /// Info: a space after a move's marker or before it (`马2进1x Han`, `马2进1 x 汉`,
    /// `车1平17# Wu`), read without it (first one of the game; the notation is stored without it).
    pub const MARKER_SPACE: &str = "sanguo.marker-space";
    /// Warning: `#汉` or `#Han` after a move, read as `x汉` (the emperor killed; seed §2 writes
    /// `#` for a side eliminated and `x汉` for 汉 killed).
    pub const MARKER_HAN: &str = "sanguo.marker-han";
    /// Info: a move written in xiangqi's letters as English (WXF) records write them (`H6+5`,
    /// `C12.10`, `E7+9`, `R13=12`, `H+7`: K 将, A 士, E/B 相, H/N 马, R 车, C 炮, P 兵; `+` 进, `-` 退,
    /// `.` or `=` 平), read and stored as the seed writes it (`马6进5`; first one of the game).
    pub const LETTERS: &str = "sanguo.letters";
    /// Info: the kingdoms named otherwise (`东吴`, `孙吴`, `曹魏`, `蜀汉`, `季汉`, `Eastern Wu`, `Cao
    /// Wei`, `Shu Han`) in a title, a status line, the `Title` and `Result` tags or a header line
    /// of players, read as 吴, 魏, 蜀 (first place of the game).
    pub const KINGDOM_NAME: &str = "sanguo.kingdom-name";
    /// Info: players named in brackets after their sides in the status line (`吴（孙策）认负
    /// 魏（曹操）胜利 蜀（刘备）认负`): the statuses read without them, the names the sides' players
    /// where the tags (and a line of players) name none.
    pub const STATUS_PLAYERS: &str = "sanguo.status-players";
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct SanguoGame {
    /// One entry per move actually made, in order.
    pub moves: Vec<Move>,
    pub title_events: Vec<TitleEvent>,
    /// Each side's final status from the closing line (`胜利`, `灭国`, `认负`, `超时判负`, `强制判和`).
    pub status: BTreeMap<String, String>,
    /// The title the events were read from (the `Title` tag, else the body's title line), normalized.
    #[serde(default)]
    pub title: Option<String>,
    /// Number of round lines read.
    #[serde(default)]
    pub rounds: u32,
    /// Rounds where a side was skipped (轮空), with the round's name.
    #[serde(default)]
    pub round_types: Vec<RoundType>,
}

/// A round with skipped sides: `空心` (魏 skipped), `去尾` (蜀), `掐头` (吴), `掐头去尾` (吴 and 蜀).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct RoundType {
    pub round: u32,
    #[serde(rename = "type")]
    pub kind: String,
    pub skipped: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Move {
    pub ply: u32,
    pub round: u32,
    /// A side's name (`吴`, `魏`, `蜀`): borrowed from [`Side::name`] when parsed.
    pub side: Cow<'static, str>,
    /// The notation as written, normalized to simplified characters and half-width punctuation.
    pub notation: String,
    /// A piece's name (`车`, `马`…): borrowed from [`Kind::name`](geometry::Kind::name) when parsed.
    pub piece: Cow<'static, str>,
    /// `[y, x]`.
    pub from: [u8; 2],
    pub to: [u8; 2],
    pub capture: Option<Capture>,
    pub events: Vec<MoveEvent>,
    /// The side the piece belonged to in the setup (differs from `side` for annexed and 汉 pieces).
    #[serde(default)]
    pub origin: Cow<'static, str>,
    /// The mover's slot in the round: 0 吴, 1 魏, 2 蜀.
    #[serde(default)]
    pub slot: u8,
    /// `{…}` comments written after the move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Capture {
    pub piece: Cow<'static, str>,
    /// The side that owned the piece taken.
    pub side: Cow<'static, str>,
    /// The side the piece belonged to in the setup.
    #[serde(default)]
    pub origin: Cow<'static, str>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum MoveEvent {
    Check {
        side: String,
    },
    Alliance {
        with: String,
    },
    KillHan,
    Eliminate {
        side: String,
        how: String,
        /// Who eliminated the side (the mover unless a 困毙 marker names another).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<String>,
    },
    Annex {
        side: String,
        /// Who takes the pieces (the mover when absent).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<String>,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TitleEvent {
    Alliance { by: String, with: String },
    KillHan { by: String },
    Eliminate { by: String, sides: Vec<String> },
    Stalemate { by: String, side: String },
    Win { side: String },
    Draw { sides: Vec<String> },
}

/// Parses a title (`魏杀汉·魏灭吴·魏胜`, `和棋局`, …) into events; `Err` names the part not read.
pub fn parse_title(s: &str) -> Result<Vec<TitleEvent>, String> {
    title::parse_title(s)
}

/// One entry of a round line.
#[derive(Debug, Clone, Copy)]
enum Entry {
    /// A move: char range within the line.
    Move(usize, usize),
    /// `……` or another placeholder.
    Placeholder(usize),
    /// `（轮空）` (or another word for it: [`skip_word`]).
    Skip(usize),
    /// A move with white space inside (a `{comment}` blanked out of `炮12{好棋}平10`): char range.
    Spaced(usize, usize),
    /// A `【困毙灭国】` entry: not a slot; applies to the move before it.
    Stalemate(usize, usize),
}

struct State<'a> {
    ctx: &'a Ctx<'a>,
    sink: Sink,
    game: SanguoGame,
    board: Board,
    /// False after the first move that could not be read or resolved.
    replaying: bool,
    not_replayed: u32,
    first_not_replayed: Option<(u32, u32)>,
    /// (body line 0-based, col 0-based) of each move, for comments.
    move_at: Vec<(usize, usize)>,
    expected_round: u32,
    /// The last round line left sides without an entry: (its round, the next side's slot). A line
    /// without a round number continues it.
    open_round: Option<(u32, usize)>,
    /// The slot the round's first entry goes to (0, or where a continued round goes on).
    first_slot: usize,
    seen_continued: bool,
    seen_wide: bool,
    seen_trad: bool,
    seen_numerals: bool,
    seen_round_form: bool,
    seen_separator: bool,
    seen_label: bool,
    seen_note: bool,
    seen_pinyin: bool,
    seen_words: bool,
    seen_marker_space: bool,
    seen_letters: bool,
    seen_kingdom: bool,
    /// Sides whose status was a bare loss (`吴负`, `Wu lost`): 灭国 when the moves eliminate the
    /// side, else 认负 (bits by [`Side`] index).
    status_loss: u8,
    /// Side names from a header line in the body (吴, 魏, 蜀).
    body_players: [Option<String>; 3],
    /// The side labels of the current round's entries: (entry index, side, column).
    label_buf: Vec<(usize, Side, usize)>,
    /// A `//` note of the current round line, for its last move.
    pending_note: Option<String>,
    body_title: Option<(String, u32)>,
    status_line: Option<u32>,
    /// Reused for each round's entries.
    entry_buf: Vec<Entry>,
    /// Reused for a move read without the white space inside it ([`Entry::Spaced`]).
    spaced_buf: Vec<char>,
}

/// The next live side after `s` in turn order (not `s` itself).
fn next_live(board: &Board, s: Side) -> Option<Side> {
    let mut n = s.next();
    for _ in 0..3 {
        if n != s && board.is_live(n) {
            return Some(n);
        }
        n = n.next();
    }
    None
}

fn is_space(c: char) -> bool {
    // `char::is_whitespace`, with the ideographs (above U+3000, the last white space character)
    // answered without its table
    c <= '\u{3000}' && c.is_whitespace()
}

/// What [`State::segment`] asks of an entry, found in one pass over it.
#[derive(Default)]
struct Traits {
    /// `轮空` in it.
    skip: bool,
    /// `困毙` in it.
    stalemate: bool,
    /// `进`, `退` or `平` in it ([`has_action`]).
    action: bool,
    /// An ASCII digit or a CJK ideograph in it.
    move_like: bool,
    /// White space in it.
    space: bool,
    /// A `(` or `[` not yet closed by `)` or `]` (so far in the scan).
    open: bool,
}

/// A segment of a round line read character by character: where its text (without the white
/// space around it) begins and ends, and its [`Traits`].
#[derive(Default)]
struct Scan {
    /// First character that is no white space.
    first: usize,
    /// One past the last character that is no white space (0: none yet).
    end: usize,
    /// White space seen after the content began, not yet followed by more content.
    space_pending: bool,
    prev: char,
    traits: Traits,
}

impl Scan {
    /// Character `c`, at index `i` of the line.
    #[inline(always)]
    fn push(&mut self, i: usize, c: char) {
        let t = &mut self.traits;
        if c.is_ascii_digit() {
            t.move_like = true;
        } else if ('\u{4e00}'..='\u{9fff}').contains(&c) {
            t.move_like = true;
            match c {
                '空' if self.prev == '轮' => t.skip = true,
                '毙' if self.prev == '困' => t.stalemate = true,
                '进' | '退' | '平' => t.action = true,
                _ => {}
            }
        } else if is_space(c) {
            self.space_pending = self.end > 0;
            self.prev = c;
            return;
        } else if note_close(c).is_some() {
            t.open = true;
        } else if is_note_close(c) {
            t.open = false;
        }
        // content: white space between two characters of it is white space in the entry
        t.space |= self.space_pending;
        self.space_pending = false;
        if self.end == 0 {
            self.first = i;
        }
        self.end = i + 1;
        self.prev = c;
    }

    /// First and one past the last character that is no white space.
    fn content(&self) -> Option<(usize, usize)> {
        (self.end > 0).then_some((self.first, self.end))
    }
}

impl Traits {
    /// The traits of a trimmed entry, by the scans [`Scan`] replaced: the tests' reference.
    #[cfg(test)]
    fn of(chars: &[char]) -> Traits {
        let mut t = Traits::default();
        let mut prev = '\0';
        for &c in chars {
            match c {
                '空' if prev == '轮' => t.skip = true,
                '毙' if prev == '困' => t.stalemate = true,
                '进' | '退' | '平' => t.action = true,
                _ => {}
            }
            t.move_like |= c.is_ascii_digit() || ('\u{4e00}'..='\u{9fff}').contains(&c);
            t.space |= is_space(c);
            prev = c;
        }
        t
    }
}

/// The text of a note on a line of its own: all of the line in one pair of note brackets
/// ([`note_close`]: `（吴先）`, `【中局】`, `〔…〕`) or after `//`, with no move in it and no 轮空.
fn line_note(body: &[char]) -> Option<String> {
    let dash = |c: &char| matches!(c, '—' | '─' | '-' | '=' | '～' | '~');
    let lead = body.iter().take_while(|c| dash(c)).count();
    let trail = body.iter().rev().take_while(|c| dash(c)).count();
    let text: String = if body.starts_with(&['/', '/']) {
        body.get(2..)?.iter().collect()
    } else if lead >= 2 && trail >= 2 && lead + trail < body.len() {
        // `——以下为残局——`: words between rules
        body.get(lead..body.len() - trail)?.iter().collect()
    } else {
        let close = note_close(*body.first()?)?;
        if body.len() < 3 || body.last() != Some(&close) || has_action(body) {
            return None;
        }
        let inner = body.get(1..body.len() - 1)?;
        // (one pair: no other bracket of the kind inside)
        if inner.iter().any(|&c| c == close || note_close(c).is_some()) {
            return None;
        }
        inner.iter().collect()
    };
    let text = text.trim().to_string();
    // (an end mark, `（完）`, is no note: `other_line` ignores it)
    let end_mark = matches!(
        text.as_str(),
        "完" | "终" | "全局完" | "全局终" | "终局" | "完局" | "本局完"
    );
    // (nor a 轮空 written short, `（轮空）`, `（空）`, `(跳过)`: an entry; `names_no_player` holds
    // `skip_word`'s words, all short)
    let skip = text.chars().count() <= 4 && (text.contains('空') || names_no_player(&text));
    (!text.is_empty() && !end_mark && !skip).then_some(text)
}

/// Where the next round's number begins on a round line, after `from` (which holds this round's
/// number): a number one more than this round's, with its `.` (`2.`, not `2.5`), after white
/// space, a `。` (read as `.`) or a `;` — never inside a move, where a file's digits follow a
/// piece's character or a move's digits.
fn next_round_on_line(chars: &[char], from: usize, end: usize) -> Option<usize> {
    let digits = |k: usize| {
        chars
            .get(k..end)
            .unwrap_or(&[])
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count()
    };
    let value = |k: usize, n: usize| {
        chars
            .get(k..k + n)
            .unwrap_or(&[])
            .iter()
            .try_fold(0u32, |v, c| v.checked_mul(10)?.checked_add(c.to_digit(10)?))
    };
    let n0 = digits(from);
    // (past the number and its mark: most lines have no gap after it, told in one pass)
    let mut k = from + n0 + 1;
    loop {
        let gap = chars.get(k..end)?.iter().position(|&c| {
            matches!(c, ' ' | '\t' | '\u{3000}' | '。' | '.' | ';') || (c > '~' && is_space(c))
        })?;
        k += gap + 1;
        if !chars.get(k)?.is_ascii_digit() {
            continue;
        }
        let n = digits(k);
        let dot = matches!(chars.get(k + n), Some('.' | '、'));
        let more = chars
            .get(k + n + 1)
            .is_some_and(|c| c.is_ascii_digit() || *c == '.');
        if dot && !more && value(k, n) == value(from, n0)?.checked_add(1) {
            return Some(k);
        }
        k += n;
    }
}

/// The end of a round's text before `next` with the white space, `.` and `;` before it left out.
fn trim_end_at(chars: &[char], from: usize, next: usize) -> usize {
    let mut e = next;
    while e > from
        && chars
            .get(e - 1)
            .is_some_and(|&c| is_space(c) || matches!(c, '。' | '.' | ';'))
    {
        e -= 1;
    }
    e
}

/// A side's label and its 轮空 on a line of their own: `蜀：（轮空）`, `蜀方: 轮空`, `魏 ……`.
fn labelled_skip(body: &[char]) -> bool {
    let Some(side) = body.first().copied().and_then(Side::from_char) else {
        return false;
    };
    if side == Side::Han {
        return false;
    }
    let mut k = 1;
    if matches!(body.get(k), Some('方' | '国')) {
        k += 1;
    }
    if !matches!(body.get(k), Some(&c) if c == ':' || is_space(c)) {
        return false;
    }
    let rest: String = body.get(k + 1..).unwrap_or(&[]).iter().collect();
    let rest = rest.trim();
    !rest.is_empty() && names_no_player(rest)
}

/// What a side's label may be followed by that is no player's name: a 轮空 in any form
/// (`（轮空）`, `轮空`, `跳过`) or a placeholder (`……`, `...`, `——`).
fn names_no_player(name: &str) -> bool {
    let chars: Vec<char> = name.chars().map(crate::text::fold_char).collect();
    name.contains("轮空")
        || name.contains("輪空")
        || skip_word(&chars)
        || chars
            .iter()
            .all(|c| matches!(c, '…' | '.' | '。' | '-' | '—' | '×' | 'x' | '─'))
}

/// An entry without 进/退/平 that stands for a 轮空 without writing it (the seed: "需要用“（轮空）”
/// 或其他符号代替"): a bracketed word (`（跳过）`, `【空】`, `(被将)`), or a bare `空`, `空着`,
/// `跳过`, `跳`, `过`, `停`, `停着`, `轮休`. A bracket holding a status word (`[认负]`) or anything
/// but ideographs is not one.
fn skip_word(chars: &[char]) -> bool {
    const WORDS: [&[char]; 8] = [
        &['空'],
        &['空', '着'],
        &['跳', '过'],
        &['跳'],
        &['过'],
        &['停'],
        &['停', '着'],
        &['轮', '休'],
    ];
    let bracketed = matches!(
        (chars.first(), chars.last()),
        (Some('('), Some(')'))
            | (Some('['), Some(']'))
            | (Some('〔'), Some('〕'))
            | (Some('「'), Some('」'))
            | (Some('《'), Some('》'))
    );
    if !bracketed {
        return WORDS.contains(&chars);
    }
    let inner = chars.get(1..chars.len().saturating_sub(1)).unwrap_or(&[]);
    inner.iter().any(|&c| !is_space(c))
        && inner.iter().all(|&c| {
            is_space(c)
                || (('\u{4e00}'..='\u{9fff}').contains(&c)
                    && !matches!(c, '胜' | '灭' | '负' | '和' | '认' | '困'))
        })
}

/// The closing bracket of a bracket a note after a move opens with: `(` and `[` (also the
/// folded `（` and `【`), and the other brackets transcribers put notes in: `〔〕`, `〖〗`, `『』`,
/// `「」`, `《》`, `〈〉`, `<>` (and `＜＞`), `“”`.
#[inline]
fn note_close(c: char) -> Option<char> {
    match c {
        '(' => Some(')'),
        '[' => Some(']'),
        '〔' => Some('〕'),
        '〖' => Some('〗'),
        '『' => Some('』'),
        '「' => Some('」'),
        '《' => Some('》'),
        '〈' => Some('〉'),
        '<' => Some('>'),
        '“' => Some('”'),
        _ => None,
    }
}

/// A closing bracket of [`note_close`].
#[inline]
fn is_note_close(c: char) -> bool {
    matches!(
        c,
        ')' | ']' | '〕' | '〗' | '』' | '」' | '》' | '〉' | '>' | '”'
    )
}

/// Is the bracket open before `i` closed before `end`, with no bracket opened between? Then a
/// separator at `i` is inside a note: `马5进6（好棋，跳马），…`.
#[cold]
#[inline(never)]
fn closed_later(chars: &[char], i: usize, end: usize) -> bool {
    chars
        .get(i + 1..end)
        .unwrap_or(&[])
        .iter()
        .find(|&&c| note_close(c).is_some() || is_note_close(c))
        .is_some_and(|&c| is_note_close(c))
}

fn contains(chars: &[char], pat: &[char]) -> bool {
    chars.windows(pat.len().max(1)).any(|w| w == pat)
}

fn has_action(chars: &[char]) -> bool {
    chars.iter().any(|c| matches!(c, '进' | '退' | '平'))
}

impl State<'_> {
    fn line_no(&self, li: usize) -> u32 {
        self.ctx.first_line.saturating_add(li as u32)
    }

    fn line(&mut self, li: usize, nl: &NormLine) {
        let ln = self.line_no(li);
        if let (Some(c), false) = (nl.first_wide, self.seen_wide) {
            self.seen_wide = true;
            self.sink.info(
                code::FULL_WIDTH,
                ln,
                c as u32 + 1,
                "full-width punctuation read as half-width",
            );
        }
        if let (Some(c), false) = (nl.first_trad, self.seen_trad) {
            self.seen_trad = true;
            self.sink.info(
                code::TRADITIONAL,
                ln,
                c as u32 + 1,
                "traditional characters read as simplified",
            );
        }
        let chars = &nl.chars;
        let Some(start) = chars.iter().position(|&c| !is_space(c)) else {
            return;
        };
        let end = chars
            .iter()
            .rposition(|&c| !is_space(c))
            .map_or(start, |e| e + 1);
        let body = chars.get(start..end).unwrap_or(&[]);
        let first = body.first().copied().unwrap_or(' ');
        if first.is_ascii_digit() {
            // several rounds on one line, as chess records write them (`1.马6进5，…，马6进7
            // 2.兵7进1，…`): each from its number
            match next_round_on_line(chars, start, end) {
                None => self.round_line(li, chars, start, end),
                Some(next) => self.rounds_on_line(li, chars, (start, next), end),
            }
            return;
        }
        // `(3) …`, `（3）…`: a round number in brackets (read as `3)`)
        if first == '('
            && let Some(digits) = body
                .get(1..)
                .map(|r| r.iter().take_while(|c| c.is_ascii_digit()).count())
            && digits > 0
            && body.get(1 + digits) == Some(&')')
        {
            self.round_line(li, chars, start + 1, end);
            return;
        }
        // `第1回合：`, `第一回合` (the seed's word for a round), or `一、` (numbered as a list is),
        // or `①`, `⑴`, `⒈` (a word processor's list numbers)
        if let Some((n, after)) = round_prefix(chars, start)
            .or_else(|| numeral_round(chars, start))
            .or_else(|| circled_round(chars, start))
            .or_else(|| english_round(chars, start))
        {
            if self.repeated_round(li, chars, (start, after), end, n) {
                return;
            }
            self.round_form(ln, chars, (start, after), n);
            self.entries(li, chars, after, end, n);
            return;
        }

        if contains(body, &['困', '毙']) && !has_action(body) {
            let st = notation::stalemate_sides(body);
            self.stalemate(li, start, st);
            return;
        }
        let text: String = body.iter().collect();
        if title::is_status_line(&text) {
            if self.game.rounds == 0
                && self.body_title.is_none()
                && self.title_above(li, start, &text)
            {
                return;
            }
            self.status(li, start, &text);
            return;
        }
        if self.short_status(li, start, &text) {
            return;
        }
        // a note on a line of its own: all of it in brackets (`（此处原谱有误）`, `【中局】`), or
        // after `//`
        if let Some(note) = line_note(body) {
            let kept = match self.game.moves.last_mut() {
                Some(m) => {
                    add_comment(&mut m.comment, &note);
                    "kept as the comment of the move before it"
                }
                None => "before the first move: kept in the raw text",
            };
            self.sink.info(
                code::BRACKET_COMMENT,
                ln,
                start as u32 + 1,
                format!("note {note:?} on a line of its own {kept}"),
            );
            return;
        }
        // (a 轮空 alone on its line, `（轮空）`, continues the round it is in)
        if has_action(body)
            || first == '…'
            || labelled_skip(body)
            || (self.open_round.is_some() && names_no_player(&text))
        {
            if let Some((round, slot)) = self.open_round.take() {
                self.continued(li, chars, (start, end), round, slot, None);
                return;
            }
            self.sink.warning(
                code::ROUND_NUMBER,
                ln,
                start as u32 + 1,
                "round line without a number",
            );
            let n = self.expected_round;
            self.entries(li, chars, start, end, n);
            return;
        }
        if self.other_line(ln, start, &text, true) {
            return;
        }
        let cleaned = title::clean_title(&text);
        let titleish = ["胜", "灭", "盟", "杀汉", "困", "和", "被", "赢"]
            .iter()
            .any(|w| cleaned.contains(w))
            || title::english_title(&cleaned);
        if self.body_title.is_none() && (titleish || text.starts_with("标题")) {
            let (read, loose, pinyin) = read_title_sides(&text);
            let cleaned = match pinyin {
                Some(p) => {
                    let read_as = title::clean_title(&p);
                    self.pinyin_read(ln, start as u32 + 1, text.trim(), &read_as);
                    read_as
                }
                None => cleaned,
            };
            match (read, loose) {
                (Ok(_), true) => self.title_form(ln, start as u32 + 1, &cleaned),
                (Ok(_), false) => {}
                (Err(bad), _) => self.sink.warning(
                    code::TITLE,
                    ln,
                    start as u32 + 1,
                    format!("title part {bad:?} cannot be read"),
                ),
            }
            self.body_title = Some((cleaned, ln));
            return;
        }
        if self.other_line(ln, start, &text, false) {
            return;
        }
        // a heading before the moves (`三国演弈棋对局记录`, `——以下为实战——`): no digit, no move
        if self.game.moves.is_empty() && !body.iter().any(|c| c.is_ascii_digit()) {
            self.sink.info(
                code::HEADER_LINE,
                ln,
                start as u32 + 1,
                format!("{text:?} before the moves read as a heading, no part of the notation"),
            );
            return;
        }
        self.sink.error(
            code::UNREADABLE_LINE,
            ln,
            start as u32 + 1,
            format!("cannot read the line {text:?}"),
        );
    }

    /// A line of several rounds, the second's number at `next` ([`next_round_on_line`]).
    #[cold]
    #[inline(never)]
    fn rounds_on_line(
        &mut self,
        li: usize,
        chars: &[char],
        (start, next): (usize, usize),
        end: usize,
    ) {
        let (mut from, mut next) = (start, Some(next));
        while let Some(n) = next {
            self.round_line(li, chars, from, trim_end_at(chars, from, n));
            from = n;
            next = next_round_on_line(chars, n, end);
        }
        self.round_line(li, chars, from, end);
    }

    /// A line without a round number, or with the number of the round it is in (`numbered`: the
    /// column of that number), that continues the round before it (`round`, its next entry going
    /// to `slot`; the entries from `start`), reported at the first of the game.
    #[cold]
    #[inline(never)]
    fn continued(
        &mut self,
        li: usize,
        chars: &[char],
        (start, end): (usize, usize),
        round: u32,
        slot: usize,
        numbered: Option<usize>,
    ) {
        if !self.seen_continued {
            self.seen_continued = true;
            let msg = match numbered {
                Some(_) => {
                    format!("a line numbered {round} again read as more of round {round}")
                }
                None => format!("a line without a round number read as more of round {round}"),
            };
            self.sink.info(
                code::ROUND_CONTINUED,
                self.line_no(li),
                numbered.unwrap_or(start) as u32 + 1,
                msg,
            );
        }
        let (rounds, expected) = (self.game.rounds, self.expected_round);
        self.first_slot = slot;
        self.entries(li, chars, start, end, round);
        self.first_slot = 0;
        self.game.rounds = rounds;
        self.expected_round = expected;
    }

    /// A title read in another form than the seed's ([`title::parse_title_loose`]), reported.
    #[cold]
    #[inline(never)]
    fn title_form(&mut self, ln: u32, col: u32, written: &str) {
        self.sink.info(
            code::TITLE_FORM,
            ln,
            col,
            format!("title {written:?} read in the seed's form (X杀汉, X灭Y, X胜)"),
        );
    }

    /// Side names written in pinyin read as characters (`written` read as `read`), reported at the
    /// first place of the game.
    #[cold]
    #[inline(never)]
    /// A line of players (`吴：陆逊　魏：司马懿`, `Wu: Zhou Yu  Wei: Cao Cao`): each side's name
    /// where the tags name none, and the line's info.
    fn players_line(&mut self, names: [Option<String>; 3], ln: u32, col: u32) {
        for (slot, name) in self.body_players.iter_mut().zip(names) {
            if slot.is_none() {
                *slot = name;
            }
        }
        self.sink.info(
            code::HEADER_LINE,
            ln,
            col,
            "a line of players in the body, read as the sides' players where the tags name none",
        );
    }

    fn pinyin_read(&mut self, ln: u32, col: u32, written: &str, read: &str) {
        if title::kingdom_names(written).is_some() {
            if !self.seen_kingdom {
                self.seen_kingdom = true;
                self.sink.info(
                    code::KINGDOM_NAME,
                    ln,
                    col,
                    format!(
                        "other names of the kingdoms (东吴, 曹魏, 蜀汉, Cao Wei…) read as 吴, 魏, 蜀: \
                         {written:?} read as {read:?}"
                    ),
                );
            }
            return;
        }
        if !self.seen_pinyin {
            self.seen_pinyin = true;
            self.sink.info(
                code::SIDE_PINYIN,
                ln,
                col,
                format!("side names in pinyin read as characters: {written:?} read as {read:?}"),
            );
        }
    }

    /// A line that is no notation but that a reader passes over: a header line (`赛事：三国杯`;
    /// `吴：孙策 魏：曹操 蜀：刘备` gives the players), an end mark (`（完）`), a line of punctuation
    /// (`----`). With `known`, only header lines with a known key (or side names) are taken, as
    /// this is asked before the title; without it, any `key：value` line is. Reported as infos.
    #[cold]
    #[inline(never)]
    fn other_line(&mut self, ln: u32, start: usize, text: &str, known: bool) -> bool {
        let col = start as u32 + 1;
        let bare: String = text
            .chars()
            .filter(|c| !c.is_whitespace() && !c.is_ascii_punctuation() && *c != '…' && *c != '·')
            .collect();
        // a rule: three or more of one mark (`---`, `====`, `***`)
        let mut marks = text.chars().filter(|c| !c.is_whitespace());
        let rule = marks.next().is_some_and(|m| {
            matches!(m, '-' | '=' | '_' | '*' | '~' | '#' | '—' | '─')
                && text.chars().filter(|c| !c.is_whitespace()).count() >= 3
                && marks.all(|c| c == m)
        });
        if !known
            && (rule
                || matches!(
                    bare.as_str(),
                    "完" | "终"
                        | "全局完"
                        | "全局终"
                        | "终局"
                        | "完局"
                        | "本局完"
                        | "end"
                        | "END"
                        | "End"
                ))
        {
            self.sink.info(
                code::IGNORED_LINE,
                ln,
                col,
                format!("{text:?} read as no part of the record (an end mark or a rule)"),
            );
            return true;
        }
        // `吴：孙策　魏：曹操　蜀：刘备` (`东吴：孙权`: other names of the kingdoms)
        let kingdom = title::kingdom_names(text);
        let labelled = kingdom.as_deref().unwrap_or(text);
        let mut names: [Option<String>; 3] = [None, None, None];
        let mut chars = labelled.chars().peekable();
        let mut all_named = true;
        let mut any = false;
        while let Some(c) = chars.next() {
            if c.is_whitespace() || c == ',' || c == ';' {
                continue;
            }
            let Some(sd) = Side::from_char(c).filter(|&s| s != Side::Han) else {
                all_named = false;
                break;
            };
            if chars.peek().is_some_and(|&c| c == '方' || c == '国') {
                chars.next();
            }
            if chars.next() != Some(':') {
                all_named = false;
                break;
            }
            let mut name = String::new();
            while let Some(&n) = chars.peek() {
                if n.is_whitespace() || n == ',' || n == ';' {
                    break;
                }
                name.push(n);
                chars.next();
            }
            // (`蜀：（轮空）`, `魏：……`: a side's entry, no player's name)
            if name.is_empty() || names_no_player(&name) {
                all_named = false;
                break;
            }
            any = true;
            if let Some(slot) = names.get_mut(sd as usize) {
                *slot = Some(name);
            }
        }
        if any && all_named {
            if let Some(k) = &kingdom {
                self.pinyin_read(ln, col, text, k);
            }
            self.players_line(names, ln, col);
            return true;
        }
        // `Wu: Zhou Yu  Wei: Cao Cao  Shu: Liu Bei`: the sides in pinyin (names with spaces)
        if let Some((names, read)) = pinyin_players(labelled) {
            self.pinyin_read(ln, col, text, &read);
            self.players_line(names, ln, col);
            return true;
        }
        let Some((key, value)) = text.split_once(':') else {
            return false;
        };
        let key = key.trim();
        const KEYS: [&str; 16] = [
            "赛事",
            "比赛",
            "日期",
            "时间",
            "地点",
            "记录",
            "记谱",
            "记录者",
            "备注",
            "注",
            "来源",
            "轮次",
            "对局",
            "棋手",
            "裁判",
            "说明",
        ];
        let header = if known {
            KEYS.contains(&key)
        } else {
            let n = key.chars().count();
            (1..=6).contains(&n)
                && !key
                    .chars()
                    .any(|c| c.is_ascii_digit() || matches!(c, '进' | '退' | '平'))
        };
        // (`蜀：（轮空）`: a side's 轮空, no header)
        let side_key = {
            let mut cs = key.chars();
            cs.next().and_then(Side::from_char).is_some() && matches!(cs.as_str(), "" | "方" | "国")
        };
        if !header || value.trim().is_empty() || (side_key && names_no_player(value.trim())) {
            return false;
        }
        self.sink.info(
            code::HEADER_LINE,
            ln,
            col,
            format!("{text:?} read as a header line, no part of the notation"),
        );
        true
    }

    fn round_line(&mut self, li: usize, chars: &[char], start: usize, end: usize) {
        let ln = self.line_no(li);
        let mut i = start;
        let mut n: u32 = 0;
        while let Some(d) = chars.get(i).and_then(|c| c.to_digit(10)) {
            n = n.saturating_mul(10).saturating_add(d);
            i += 1;
        }
        // `1回合：`
        if chars.get(i) == Some(&'回')
            && let Some((n, after)) = round_prefix(chars, start)
        {
            if self.repeated_round(li, chars, (start, after), end, n) {
                return;
            }
            self.round_form(ln, chars, (start, after), n);
            self.entries(li, chars, after, end, n);
            return;
        }
        // (white space between the number and its mark: `1 ，马6进5` is `1，马6进5`)
        let digits_end = i;
        let mut j = i;
        while chars.get(j).is_some_and(|c| c.is_whitespace()) {
            j += 1;
        }
        match chars.get(j) {
            Some('.') => i = j + 1,
            Some(',' | ':' | ')' | ';' | '、') => {
                self.sink.warning(
                    code::PUNCTUATION,
                    ln,
                    j as u32 + 1,
                    "round number not followed by '.'",
                );
                i = j + 1;
            }
            _ => self.sink.warning(
                code::PUNCTUATION,
                ln,
                i as u32 + 1,
                "round number not followed by '.'",
            ),
        }
        // a second mark right after the first (`1.、马6进5`, `1.,`): one mark, not an empty entry
        if i > digits_end && matches!(chars.get(i), Some(',' | '、' | ';' | ':')) {
            self.sink.warning(
                code::PUNCTUATION,
                ln,
                i as u32 + 1,
                "a second mark after the round number ignored",
            );
            i += 1;
        }
        if self.repeated_round(li, chars, (start, i), end, n) {
            return;
        }
        self.check_round(ln, start, n);
        self.entries(li, chars, i, end, n);
    }

    /// A round line numbered `n` (written at `start`, its entries from `from`) while round `n` is
    /// still open, the last round line having left sides without an entry: one move a line, each
    /// with its round's number (`1. 吴 马6进5`, then `1. 魏 炮12平10`). It continues that round, as
    /// a line without a number does (true); else nothing is done (false).
    #[inline]
    fn repeated_round(
        &mut self,
        li: usize,
        chars: &[char],
        (start, from): (usize, usize),
        end: usize,
        n: u32,
    ) -> bool {
        match self.open_round {
            Some((round, slot))
                if round == n
                    && n.saturating_add(1) == self.expected_round
                    && self.fits_open_round(chars.get(from..end).unwrap_or(&[]), slot) =>
            {
                self.open_round = None;
                self.continued(li, chars, (from, end), round, slot, Some(start));
                true
            }
            _ => false,
        }
    }

    /// Reports a round number `n` (written at `start`) other than the expected one.
    fn check_round(&mut self, ln: u32, start: usize, n: u32) {
        if n != self.expected_round {
            self.sink.warning(
                code::ROUND_NUMBER,
                ln,
                start as u32 + 1,
                format!("round {n} where round {} was expected", self.expected_round),
            );
        }
    }

    /// Do the entries of `text` (separated by `,`, `;`, `/`, `|`, empty ones not counted; or its
    /// moves, one 进/退/平 each, when more: moves separated by spaces) fit in the open round, whose
    /// sides from `slot` on have no entry yet? (A line of three entries after a short round is the
    /// next round, its number mistyped.)
    #[cold]
    #[inline(never)]
    fn fits_open_round(&self, text: &[char], slot: usize) -> bool {
        // (a separator inside a note's brackets separates nothing: `车13平12〈车还吃，兑子〉`)
        let (mut entries, mut moves, mut depth, mut content) = (0, 0, 0u32, false);
        for &c in text {
            match c {
                ',' | ';' | '/' | '|' if depth == 0 => {
                    entries += usize::from(content);
                    // (a bracket never closed: which separators it holds is not clear)
                    if depth > 0 {
                        return false;
                    }
                    content = false;
                    continue;
                }
                '进' | '退' | '平' if depth == 0 => moves += 1,
                _ if note_close(c).is_some() => depth += 1,
                _ if is_note_close(c) => depth = depth.saturating_sub(1),
                _ => {}
            }
            content |= !is_space(c);
        }
        entries += usize::from(content);
        // (a bracket never closed: which separators it holds is not clear)
        if depth > 0 {
            return false;
        }
        let entries = entries.max(moves);
        let open = (slot..3)
            .filter(|&i| Side::PLAYERS.get(i).is_some_and(|&s| self.board.is_live(s)))
            .count();
        entries <= open
    }

    /// A round number written `第N回合` or `N回合`: checked against the expected round, reported
    /// once per game.
    fn round_form(&mut self, ln: u32, chars: &[char], (start, after): (usize, usize), n: u32) {
        self.check_round(ln, start, n);
        if !self.seen_round_form {
            self.seen_round_form = true;
            let form: String = chars.get(start..after).unwrap_or(&[]).iter().collect();
            self.sink.info(
                code::ROUND_FORM,
                ln,
                start as u32 + 1,
                format!("round number written {:?} read as {n}.", form.trim_end()),
            );
        }
    }

    /// Splits a round's entries and plays them.
    fn entries(&mut self, li: usize, chars: &[char], from: usize, end: usize, round: u32) {
        let ln = self.line_no(li);
        self.game.rounds += 1;
        self.expected_round = round.saturating_add(1);
        let mut entries = std::mem::take(&mut self.entry_buf);
        entries.clear();
        let mut seg_start = from;
        // the entry's bounds and traits are found in the same pass as the separators
        let mut scan = Scan::default();
        let mut i = from;
        if !self.label_buf.is_empty() {
            self.label_buf.clear();
        }
        while i <= end {
            let c = chars.get(i).copied().unwrap_or(',');
            if i == end || c == ',' || c == ';' || c == '/' || c == '|' {
                // `马5进6（好棋，跳马）`: a comma inside a note that closes later on the line
                if scan.traits.open
                    && i < end
                    && matches!(c, ',' | ';')
                    && closed_later(chars, i, end)
                {
                    scan.push(i, c);
                    i += 1;
                    continue;
                }
                // `//` ends the entries: a note to the end of the line
                let last = i == end || (c != ',' && self.separator(li, chars, i));
                let seg = std::mem::take(&mut scan);
                self.segment(ln, chars, seg_start, &seg, last, &mut entries);
                if last {
                    break;
                }
                seg_start = i + 1;
            } else {
                scan.push(i, c);
            }
            i += 1;
        }
        self.play_round(li, chars, round, &entries);
        self.entry_buf = entries;
        if let Some(note) = self.pending_note.take()
            && self.move_at.last().is_some_and(|&(l, _)| l == li)
            && let Some(m) = self.game.moves.last_mut()
        {
            add_comment(&mut m.comment, &note);
        }
    }

    /// A note after a move (`（好棋）`, `// 跳马`), reported at the first of the game.
    #[cold]
    #[inline(never)]
    fn note_seen(&mut self, ln: u32, col: usize) {
        if !self.seen_note {
            self.seen_note = true;
            self.sink.info(
                code::BRACKET_COMMENT,
                ln,
                col as u32 + 1,
                "a note after a move read as the move's comment",
            );
        }
    }

    /// A separator other than `,` at `i` (before `end`): `;` (warned), `/` or `|` (reported once
    /// per game), or `//`, which begins a note to the end of the line, kept as the comment of the
    /// last move before it (then true: the round's entries end here).
    #[cold]
    #[inline(never)]
    fn separator(&mut self, li: usize, chars: &[char], i: usize) -> bool {
        let ln = self.line_no(li);
        let c = chars.get(i).copied().unwrap_or(',');
        if c == '/' && chars.get(i + 1) == Some(&'/') {
            let text: String = chars.get(i + 2..).unwrap_or(&[]).iter().collect();
            self.note_seen(ln, i);
            let text = text.trim();
            if !text.is_empty() {
                self.pending_note = Some(text.to_string());
            }
            return true;
        }
        if c == ';' {
            self.sink
                .warning(code::PUNCTUATION, ln, i as u32 + 1, "';' read as ','");
        } else if !self.seen_separator {
            self.seen_separator = true;
            self.sink.info(
                code::SEPARATOR,
                ln,
                i as u32 + 1,
                format!("moves separated by {c:?}, read as ','"),
            );
        }
        false
    }

    /// Classifies one comma-separated segment (starting at `a`, scanned into `scan`), splitting
    /// moves separated by spaces.
    fn segment(
        &mut self,
        ln: u32,
        chars: &[char],
        a: usize,
        scan: &Scan,
        last: bool,
        out: &mut Vec<Entry>,
    ) {
        let Some((s, e)) = scan.content() else {
            // `，，`: an empty entry, read as a placeholder; nothing after a final comma is no entry.
            if !last {
                self.sink.warning(
                    code::PUNCTUATION,
                    ln,
                    a as u32 + 1,
                    "empty entry read as a placeholder",
                );
                out.push(Entry::Placeholder(a));
            }
            return;
        };
        // `吴：马6进5`: a label naming the mover (rare: read apart)
        let relabelled;
        let (s, scan) = if matches!(
            chars.get(s),
            Some('吴' | '魏' | '蜀' | 'W' | 'w' | 'S' | 's')
        ) && let Some((after, rescan)) =
            self.labelled(ln, chars, s, e, out.len())
        {
            relabelled = rescan;
            (after, &relabelled)
        } else {
            (s, scan)
        };
        let traits = &scan.traits;
        if traits.skip {
            out.push(Entry::Skip(s));
            return;
        }
        if traits.stalemate && !traits.action {
            out.push(Entry::Stalemate(s, e));
            return;
        }
        if !traits.move_like {
            out.push(Entry::Placeholder(s));
            return;
        }
        if !traits.action && self.skip_form(ln, chars, s, e) {
            out.push(Entry::Skip(s));
            return;
        }
        if !traits.space {
            // one move: nothing to split (the usual entry)
            out.push(Entry::Move(s, e));
            return;
        }
        self.split_spaced(ln, chars, (s, e), out);
    }

    /// An entry (`s..e`, the `k`th of its round) that begins with a side's name: when it is a
    /// label ([`side_label`]), it is noted for the round and the entry after it scanned again.
    #[cold]
    #[inline(never)]
    fn labelled(
        &mut self,
        ln: u32,
        chars: &[char],
        s: usize,
        e: usize,
        k: usize,
    ) -> Option<(usize, Scan)> {
        // `Wei: 炮12平10`: the side's name in pinyin, a whole word
        let (sd, len) = match chars.get(s).and_then(|&c| Side::from_char(c)) {
            Some(sd) => (sd, 1),
            None => {
                let len = chars.get(s..e)?.iter().position(|&c| !Side::is_latin(c))?;
                let word: String = chars.get(s..s + len)?.iter().collect();
                (Side::from_pinyin(&word).filter(|&sd| sd != Side::Han)?, len)
            }
        };
        let after = side_label(chars, s + len, e)?;
        if len > 1 {
            let word: String = chars.get(s..s + len).unwrap_or(&[]).iter().collect();
            self.pinyin_read(ln, s as u32 + 1, &word, sd.name());
        }
        self.label_buf.push((k, sd, s));
        // `吴（周瑜）：`: the player, where the tags name none
        let k = if matches!(chars.get(s + len), Some('方' | '国')) {
            s + len + 1
        } else {
            s + len
        };
        if chars.get(k) == Some(&'(')
            && let Some(colon) = player_in_label(chars, k, e)
            && let Some(slot) = self.body_players.get_mut(sd as usize)
            && slot.is_none()
        {
            let name: String = chars.get(k + 1..colon - 1).unwrap_or(&[]).iter().collect();
            *slot = Some(name.trim().to_string());
        }
        let mut rescan = Scan::default();
        for i in after..e {
            rescan.push(i, chars.get(i).copied().unwrap_or(' '));
        }
        Some((after, rescan))
    }

    /// An entry without 进/退/平 that is another word for （轮空） ([`skip_word`]), reported.
    #[cold]
    #[inline(never)]
    fn skip_form(&mut self, ln: u32, chars: &[char], s: usize, e: usize) -> bool {
        let text = chars.get(s..e).unwrap_or(&[]);
        if !skip_word(text) {
            return false;
        }
        let text: String = text.iter().collect();
        self.sink.info(
            code::SKIP_FORM,
            ln,
            s as u32 + 1,
            format!("{text:?} read as （轮空）"),
        );
        true
    }

    /// An entry with white space inside (`s..e`, trimmed): moves separated by spaces instead of
    /// commas, markers written apart, a move split by a space or a blanked-out comment.
    fn split_spaced(
        &mut self,
        ln: u32,
        chars: &[char],
        (s, e): (usize, usize),
        out: &mut Vec<Entry>,
    ) {
        let mut k = s;
        let mut parts = 0;
        // the start of a move split by white space (`炮12 平10`, a comment blanked out of it)
        let mut head: Option<usize> = None;
        while k < e {
            let ps = k;
            let mut bracket = false;
            while k < e {
                match chars.get(k) {
                    Some('[') => bracket = true,
                    Some(']') => bracket = false,
                    Some(&c) if is_space(c) && !bracket => break,
                    _ => {}
                }
                k += 1;
            }
            let part = chars.get(ps..k).unwrap_or(&[]);
            let pe = k;
            while k < e && chars.get(k).is_some_and(|&c| is_space(c)) {
                k += 1;
            }
            // A part without 进/退/平 before one that begins with them (or with the file) is the
            // head of a move split by white space: `炮12` `平10`.
            let action = has_action(part);
            if !action
                && k < e
                && chars
                    .get(k)
                    .is_some_and(|&c| matches!(c, '进' | '退' | '平') || c.is_ascii_digit())
            {
                head.get_or_insert(ps);
                continue;
            }
            // A part that is only a marker belongs to the previous part.
            let marker_only = !action && parts > 0 && head.is_none();
            if marker_only {
                if let Some(Entry::Move(_, end) | Entry::Spaced(_, end)) = out.last_mut() {
                    *end = pe;
                }
            } else {
                if parts > 0 {
                    self.sink.warning(
                        code::PUNCTUATION,
                        ln,
                        head.unwrap_or(ps) as u32 + 1,
                        "moves separated by a space, not ','",
                    );
                }
                out.push(match head.take() {
                    Some(h) => Entry::Spaced(h, pe),
                    None => Entry::Move(ps, pe),
                });
                parts += 1;
            }
        }
    }

    fn play_round(&mut self, li: usize, chars: &[char], round: u32, entries: &[Entry]) {
        let ln = self.line_no(li);
        let n = entries
            .iter()
            .filter(|e| !matches!(e, Entry::Stalemate(..)))
            .count();
        // Three entries are the 吴, 魏, 蜀 slots; fewer go to the sides still in the game, in turn
        // order, decided entry by entry (a side eliminated during the round loses its slot).
        let fixed = n >= 3 && self.first_slot == 0;
        let mut next_side = self.first_slot;
        let opening = self.game.moves.is_empty() && self.game.rounds == 1;
        let mut skipped = [false; 3];
        let mut slot = 0usize;
        let mut spaced = std::mem::take(&mut self.spaced_buf);
        for (j, e) in entries.iter().enumerate() {
            let label = if self.label_buf.is_empty() {
                None
            } else {
                self.label_buf
                    .iter()
                    .find(|l| l.0 == j)
                    .map(|&(_, sd, col)| (sd, col))
            };
            let side = if fixed || matches!(e, Entry::Stalemate(..)) {
                Side::PLAYERS.get(slot).copied()
            } else {
                let live = |i: &usize| {
                    Side::PLAYERS
                        .get(*i)
                        .is_some_and(|&s| self.board.is_live(s))
                };
                let mut k = (next_side..3).find(live).or_else(|| (next_side..3).next());
                // a label naming a later side of the round: the sides between have no entry
                if let Some((sd, _)) = label
                    && (sd as usize) > k.unwrap_or(3)
                    && self.board.is_live(sd)
                {
                    k = Some(sd as usize);
                }
                next_side = k.map_or(3, |k| k + 1);
                k.and_then(|k| Side::PLAYERS.get(k).copied())
            };
            if let Some((sd, col)) = label
                && !self.side_label(ln, col, sd, side)
            {
                self.stop(ln, col);
                slot += 1;
                continue;
            }
            match *e {
                Entry::Stalemate(a, b) => {
                    let st = notation::stalemate_sides(chars.get(a..b).unwrap_or(&[]));
                    self.stalemate(li, a, st);
                    continue;
                }
                _ if side.is_none() => {
                    let col = match *e {
                        Entry::Move(a, _)
                        | Entry::Spaced(a, _)
                        | Entry::Placeholder(a)
                        | Entry::Skip(a)
                        | Entry::Stalemate(a, _) => a,
                    };
                    self.sink.error(
                        code::ROUND_SLOTS,
                        ln,
                        col as u32 + 1,
                        "more than three entries in a round",
                    );
                    self.stop(ln, col);
                }
                Entry::Placeholder(_) if opening => {}
                Entry::Placeholder(_) | Entry::Skip(_) => {
                    if let Some(s) = side.filter(|&s| self.board.is_live(s)) {
                        if let Some(k) = skipped.get_mut(s as usize) {
                            *k = true;
                        }
                        self.skip_check(s);
                    }
                }
                Entry::Move(a, b) | Entry::Spaced(a, b) => {
                    if let Some(s) = side {
                        let mut text = chars.get(a..b).unwrap_or(&[]);
                        if matches!(e, Entry::Spaced(..)) {
                            // read without its white space (diagnostic columns count from its
                            // start)
                            spaced.clear();
                            spaced.extend(text.iter().copied().filter(|&c| !is_space(c)));
                            text = &spaced;
                        }
                        self.one_move(li, text, round, s as u8, s, a);
                    }
                }
            }
            slot += 1;
        }
        self.spaced_buf = spaced;
        // sides still in the game left without an entry: a line without a number may go on
        if !fixed {
            self.open_round = self.left_open(round, next_side);
        } else if self.open_round.is_some() {
            self.open_round = None;
        }
        if skipped.iter().any(|&k| k) {
            let has = |s: Side| skipped.get(s as usize).copied().unwrap_or(false);
            let kind = match (has(Side::Wu), has(Side::Wei), has(Side::Shu)) {
                (false, true, false) => "空心",
                (false, false, true) => "去尾",
                (true, false, false) => "掐头",
                (true, false, true) => "掐头去尾",
                _ => "轮空",
            };
            self.game.round_types.push(RoundType {
                round,
                kind: kind.to_string(),
                skipped: Side::PLAYERS
                    .iter()
                    .filter(|&&s| has(s))
                    .map(|s| s.name().to_string())
                    .collect(),
            });
        }
    }

    /// A round of fewer than three entries (maybe none) that gave no entry to the sides from
    /// `next_side` on: when one of them is still in the game, a line without a number may go on with it.
    #[cold]
    #[inline(never)]
    fn left_open(&self, round: u32, next_side: usize) -> Option<(u32, usize)> {
        let live =
            (next_side..3).any(|i| Side::PLAYERS.get(i).is_some_and(|&s| self.board.is_live(s)));
        // (no entry at all: a heading `第1回合` with the round's moves on the lines after it)
        live.then_some((round, next_side))
    }

    /// An entry labelled with side `label` (at `col`) that the round gives to `side`: reported
    /// once per game when they agree. When they do not, which side moved is not known: an error,
    /// the move is not played (false) and the replay stops.
    #[cold]
    #[inline(never)]
    fn side_label(&mut self, ln: u32, col: usize, label: Side, side: Option<Side>) -> bool {
        match side {
            Some(s) if s == label && !self.seen_label => {
                self.seen_label = true;
                self.sink.info(
                    code::SIDE_LABEL,
                    ln,
                    col as u32 + 1,
                    "moves labelled with their side (吴：…) read without the label",
                );
            }
            Some(s) if s == label => {}
            Some(s) => {
                self.sink.error(
                    code::SIDE_LABEL,
                    ln,
                    col as u32 + 1,
                    format!(
                        "the entry is labelled {} but the round's order gives it to {}; which side moved is not known, the move is not played",
                        label.name(),
                        s.name()
                    ),
                );
                return false;
            }
            None => {}
        }
        true
    }

    /// A 轮空 of `s`: the move before it checked `s`'s 下家.
    fn skip_check(&mut self, s: Side) {
        if !self.replaying {
            return;
        }
        let Some(checked) = next_live(&self.board, s) else {
            return;
        };
        if let Some(m) = self.game.moves.last_mut() {
            let name = checked.name();
            let has = m
                .events
                .iter()
                .any(|e| matches!(e, MoveEvent::Check { side } if side == name));
            if m.side != name && !has {
                m.events.push(MoveEvent::Check {
                    side: name.to_string(),
                });
            }
        }
    }

    fn stop(&mut self, ln: u32, col: usize) {
        if self.replaying {
            self.replaying = false;
        } else {
            self.note_not_replayed(ln, col);
        }
    }

    fn note_not_replayed(&mut self, ln: u32, col: usize) {
        self.not_replayed += 1;
        if self.first_not_replayed.is_none() {
            self.first_not_replayed = Some((ln, col as u32 + 1));
        }
    }

    fn one_move(&mut self, li: usize, chars: &[char], round: u32, slot: u8, side: Side, a: usize) {
        let ln = self.line_no(li);
        let col = a as u32 + 1;
        let noted;
        let (chars, tok, note) = match notation::parse_move(chars) {
            Ok(t) => (chars, t, None),
            Err((off, msg)) => match self.repaired_move(li, chars, a) {
                Some((cleaned, t, note)) => {
                    noted = cleaned;
                    (&noted[..], t, note)
                }
                None => {
                    let text: String = chars.iter().collect();
                    self.sink.error(
                        code::SYNTAX,
                        ln,
                        col + off as u32,
                        format!("cannot read the move {text:?}: {msg}"),
                    );
                    self.replaying = false;
                    return;
                }
            },
        };
        if !self.replaying {
            self.note_not_replayed(ln, a);
            return;
        }
        // (a plain loop of `push`: a little less than `extend` with its iterator adapters)
        let mut notation = String::with_capacity(chars.len() * 3);
        for &c in chars {
            notation.push(c);
        }
        if tok.numerals | tok.pinyin | tok.words {
            // (a new string, not the one above by reference: that would keep it out of registers
            // in the loop)
            notation = self.rewritten(ln, col, &tok, chars);
        }
        if !self.board.is_live(side) {
            self.sink.error(
                code::ELIMINATED_SIDE,
                ln,
                col,
                format!(
                    "{notation}: {} was already eliminated and cannot move",
                    side.name()
                ),
            );
            self.replaying = false;
            return;
        }
        match self.resolve(ln, col, side, &tok, &mut notation, (round, slot)) {
            Ok(()) => {
                self.move_at.push((li, a));
                if let Some(note) = note.filter(|n| !n.is_empty())
                    && let Some(m) = self.game.moves.last_mut()
                {
                    add_comment(&mut m.comment, &note);
                }
            }
            Err((code, msg)) => {
                self.sink.error(
                    code,
                    ln,
                    col,
                    format!("{notation} ({} to move): {msg}", side.name()),
                );
                self.replaying = false;
            }
        }
    }

    /// A move that does not read, read as other transcribers write it: with a note after it
    /// ([`State::noted_move`]) or its markers so written ([`State::marker_repaired`]).
    #[cold]
    #[inline(never)]
    fn repaired_move(
        &mut self,
        li: usize,
        chars: &[char],
        a: usize,
    ) -> Option<(Vec<char>, MoveTok, Option<String>)> {
        if chars.first().is_some_and(char::is_ascii_uppercase)
            && let Some(read) = notation::letters_written(chars)
        {
            let tok = notation::parse_move(&read)
                .ok()
                .map(|t| (read.clone(), t))
                .or_else(|| self.marker_repaired(li, &read, a))?;
            if !self.seen_letters {
                self.seen_letters = true;
                let text: String = chars.iter().collect();
                let as_read: String = tok.0.iter().collect();
                self.sink.info(
                    code::LETTERS,
                    self.line_no(li),
                    a as u32 + 1,
                    format!(
                        "a move in xiangqi's letters (WXF: K A E H R C P, + - . for 进 退 平): \
                         {text:?} read as {as_read:?}"
                    ),
                );
            }
            return Some((tok.0, tok.1, None));
        }
        if let Some((c, t)) = self.marker_repaired(li, chars, a) {
            return Some((c, t, None));
        }
        self.noted_move(li, chars, a)
            .map(|(c, t, n)| (c, t, Some(n)))
    }

    /// A move that does not read because of its markers as other transcribers write them: a space
    /// after the mark (`马2进1x Han`, `马2进1 x 汉`, `车1平17# Wu`; info `sanguo.marker-space`,
    /// first of the game), or `#汉` / `#Han` for the emperor killed (read as `x汉`: warning
    /// `sanguo.marker-han`). The move so read (its notation without those spaces) and its token;
    /// `None` when it still does not read.
    #[cold]
    #[inline(never)]
    fn marker_repaired(
        &mut self,
        li: usize,
        chars: &[char],
        a: usize,
    ) -> Option<(Vec<char>, MoveTok)> {
        let is_mark = |c: char| matches!(c, '#' | '=' | 'x' | 'X');
        let mut out: Vec<char> = Vec::with_capacity(chars.len());
        let (mut spaced, mut han) = (None, None);
        for (k, &c) in chars.iter().enumerate() {
            if is_space(c) {
                let prev = out.last().copied();
                let next = chars
                    .get(k + 1..)
                    .and_then(|r| r.iter().copied().find(|&n| !is_space(n)));
                // a space after a mark, or between the move's number and a mark
                let after_mark = prev.is_some_and(is_mark) && out.len() > 1;
                let before_mark = prev.is_some_and(|p| p.is_ascii_digit() || p == '+')
                    && next.is_some_and(is_mark);
                if after_mark || before_mark {
                    spaced.get_or_insert(k);
                    continue;
                }
            }
            out.push(c);
        }
        // `#汉`, `#Han`: the emperor killed, written as an elimination
        let mut k = 0;
        while let Some(&c) = out.get(k) {
            if c == '#' {
                let rest = out.get(k + 1..).unwrap_or(&[]);
                let named_han = rest.first() == Some(&'汉')
                    || (rest.len() >= 3
                        && rest
                            .iter()
                            .take(3)
                            .collect::<String>()
                            .eq_ignore_ascii_case("han")
                        && !rest.get(3).is_some_and(|&c| Side::is_latin(c)));
                if named_han {
                    han.get_or_insert(k);
                    if let Some(m) = out.get_mut(k) {
                        *m = 'x';
                    }
                }
            }
            k += 1;
        }
        if spaced.is_none() && han.is_none() {
            return None;
        }
        let tok = notation::parse_move(&out).ok()?;
        let ln = self.line_no(li);
        let text: String = chars.iter().collect();
        let read: String = out.iter().collect();
        if let Some(k) = spaced
            && !self.seen_marker_space
        {
            self.seen_marker_space = true;
            self.sink.info(
                code::MARKER_SPACE,
                ln,
                (a + k) as u32 + 1,
                format!("a space by a move's marker: {text:?} read as {read:?}"),
            );
        }
        if let Some(k) = han {
            self.sink.warning(
                code::MARKER_HAN,
                ln,
                (a + k) as u32 + 1,
                format!(
                    "#汉 in {text:?} read as x汉 (汉 is killed, not eliminated: seed §2 writes x汉)"
                ),
            );
        }
        Some((out, tok))
    }

    /// A move that does not read with a note in brackets after it (`马6进5（好棋）`, `炮12平10[注：…]`,
    /// `兵7进1《挺兵》`, any bracket of [`note_close`],
    /// an unclosed `相9退7（退相`): when the move reads without the bracket, the move so read and the
    /// bracket's text, which becomes its comment. `None` otherwise. A bracket naming a
    /// 困毙 is the notation's own and is never a note.
    #[cold]
    #[inline(never)]
    fn noted_move(
        &mut self,
        li: usize,
        chars: &[char],
        a: usize,
    ) -> Option<(Vec<char>, MoveTok, String)> {
        let (open, close_char) = chars
            .iter()
            .enumerate()
            .skip(1)
            .find_map(|(j, &c)| note_close(c).map(|close| (j, close)))?;
        let inner_end = chars
            .get(open + 1..)
            .and_then(|r| r.iter().position(|&c| c == close_char))
            .map(|k| open + 1 + k);
        let inner = chars
            .get(open + 1..inner_end.unwrap_or(chars.len()))
            .unwrap_or(&[]);
        // a note holds words: no number (so no move), no marker or 困毙 (the notation's own bracket),
        // and comes after a move that reads without it
        let after_close = inner_end.map_or(&[][..], |e| chars.get(e + 1..).unwrap_or(&[]));
        if inner.iter().any(|c| {
            matches!(
                c,
                '困' | '毙' | '灭' | '汉' | '胜' | '负' | '和' | '认' | '#' | '='
            )
        }) || !after_close.iter().all(|&c| is_space(c))
            || notation::parse_move(chars.get(..open).unwrap_or(&[])).is_err()
            || inner.iter().any(char::is_ascii_digit)
            || !inner.iter().any(|c| c.is_alphabetic())
        {
            return None;
        }
        let mut cleaned: Vec<char> = chars.get(..open).unwrap_or(&[]).to_vec();
        if let Some(e) = inner_end {
            cleaned.extend(chars.get(e + 1..).unwrap_or(&[]).iter().copied());
        }
        while cleaned.last().is_some_and(|&c| is_space(c)) {
            cleaned.pop();
        }
        let tok = notation::parse_move(&cleaned).ok()?;
        let ln = self.line_no(li);
        let col = a + open;
        self.note_seen(ln, col);
        if inner_end.is_none() {
            self.sink.warning(
                code::UNCLOSED_COMMENT,
                ln,
                col as u32 + 1,
                format!(
                    "{:?} is never closed; the note runs to the end of the move",
                    chars.get(open).copied().unwrap_or('(')
                ),
            );
        }
        let text: String = inner.iter().collect();
        Some((cleaned, tok, text.trim().to_string()))
    }

    /// A move written otherwise than the seed writes it (at column `col`): its notation with the
    /// sides' names in characters (`Wei9退1` → `魏9退1`), its markers in the seed's marks
    /// (`车1平17灭吴` → `车1平17#吴`) and its numerals Arabic (`马六进五` → `马6进5`), each reported
    /// at the first of the game.
    #[cold]
    #[inline(never)]
    fn rewritten(&mut self, ln: u32, col: u32, tok: &MoveTok, chars: &[char]) -> String {
        let written;
        let chars = if tok.pinyin {
            written = self.pinyin_move(ln, col, chars);
            &written[..]
        } else {
            chars
        };
        let marked;
        let chars = if tok.words {
            marked = self.words_move(ln, col, chars);
            &marked[..]
        } else {
            chars
        };
        if tok.numerals {
            return self.numerals_read(ln, col, tok, chars);
        }
        chars.iter().collect()
    }

    /// A move with side names in pinyin (`车1平17#Wu`, at column `col`): written with the sides'
    /// characters, reported at the first place of the game.
    #[cold]
    #[inline(never)]
    fn pinyin_move(&mut self, ln: u32, col: u32, chars: &[char]) -> Vec<char> {
        let (written, at) = notation::pinyin_written(chars);
        let text: String = chars.iter().collect();
        let read: String = written.iter().collect();
        self.pinyin_read(ln, col + at as u32, &text, &read);
        written
    }

    /// A move with markers in words (`车1平17灭吴`, at column `col`): written with the seed's marks,
    /// reported at the first of the game.
    #[cold]
    #[inline(never)]
    fn words_move(&mut self, ln: u32, col: u32, chars: &[char]) -> Vec<char> {
        let (written, at) = notation::words_written(chars);
        if !self.seen_words {
            self.seen_words = true;
            let text: String = chars.iter().collect();
            let read: String = written.iter().collect();
            self.sink.info(
                code::MARKER_WORDS,
                ln,
                col + at as u32,
                format!("a marker written in words: {text:?} read as {read:?}"),
            );
        }
        written
    }

    /// A move with Chinese numerals: its notation written with Arabic ones, reported at the first
    /// of the game.
    #[cold]
    #[inline(never)]
    fn numerals_read(&mut self, ln: u32, col: u32, tok: &MoveTok, chars: &[char]) -> String {
        let mut notation = String::with_capacity(chars.len() * 3);
        tok.write_arabic(chars, &mut notation);
        if !self.seen_numerals {
            self.seen_numerals = true;
            self.sink.info(
                code::NUMERALS,
                ln,
                col,
                "Chinese numerals read as file and step numbers (stored in Arabic numerals)",
            );
        }
        notation
    }

    /// Resolves and plays a move of `side` in slot `(round, slot)`, and stores it (its notation
    /// taken from `notation`, which is left as it was when the move fails).
    fn resolve(
        &mut self,
        ln: u32,
        col: u32,
        side: Side,
        tok: &MoveTok,
        notation: &mut String,
        (round, slot): (u32, u8),
    ) -> Result<(), resolve::Fail> {
        let idx = resolve::find_piece(&self.board, side, tok)?;
        let resolve::Landing { to, warn, target } =
            resolve::destination(&self.board, side, idx, tok)?;
        let Some(p) = self.board.piece(idx).copied() else {
            return Err((code::NO_PIECE, "the piece has gone".to_string()));
        };
        if let Some(w) = warn {
            self.sink
                .warning(code::ILLEGAL_MOVE, ln, col, format!("{notation}: {w}"));
        }
        let mut events = Vec::new();
        let takes_emperor =
            target.is_some_and(|t| t.origin == Side::Han && t.kind == geometry::Kind::General);
        if takes_emperor {
            if !tok.kill_han {
                self.sink.warning(
                    code::MARKER,
                    ln,
                    col,
                    format!("{notation} takes the emperor but is not marked x汉"),
                );
            }
            events.push(MoveEvent::KillHan);
        } else if tok.kill_han {
            self.sink.warning(
                code::MARKER,
                ln,
                col,
                format!("{notation} is marked x汉 but does not take the emperor"),
            );
        }
        let point = geometry().alliance_point_at(to.0, to.1);
        if let Some(w) = tok.ally {
            if w == side || !self.board.is_live(w) {
                self.sink.warning(
                    code::MARKER,
                    ln,
                    col,
                    format!("{notation}: {} cannot ally with {}", side.name(), w.name()),
                );
            } else {
                if p.kind != geometry::Kind::Horse || point != Some(w) {
                    self.sink.warning(
                        code::MARKER,
                        ln,
                        col,
                        format!(
                            "{notation}: an alliance with {} is made by a 马 landing on {}点",
                            w.name(),
                            w.name()
                        ),
                    );
                }
                events.push(MoveEvent::Alliance {
                    with: w.name().to_string(),
                });
            }
        } else if let Some(w) = point.filter(|&w| p.kind == geometry::Kind::Horse && w != side) {
            self.unmarked_alliance(ln, col, side, w, notation, &mut events);
        }
        if let Some(t) =
            target.filter(|t| t.owner == Side::Han && t.kind != geometry::Kind::General)
        {
            self.han_not_activated(ln, col, t.kind, notation);
        }
        if let Some(x) = tok.eliminate {
            if x == side || !self.board.is_live(x) {
                self.sink.warning(
                    code::MARKER,
                    ln,
                    col,
                    format!("{notation}: {} cannot be eliminated here", x.name()),
                );
            } else {
                events.push(MoveEvent::Eliminate {
                    side: x.name().to_string(),
                    how: "checkmate".to_string(),
                    by: Some(side.name().to_string()),
                });
                events.push(MoveEvent::Annex {
                    side: x.name().to_string(),
                    by: Some(side.name().to_string()),
                });
            }
        }
        let capture = target.map(|t| Capture {
            piece: Cow::Borrowed(t.kind.name()),
            side: Cow::Borrowed(t.owner.name()),
            origin: Cow::Borrowed(t.origin.name()),
        });
        let from = [p.y, p.x];
        self.board.apply(side, (p.y, p.x), to, &events);
        if let Some(st) = tok.stalemate {
            let evs = self.stalemate_events(ln, col, side, st);
            for e in &evs {
                self.board.apply_event(side, e);
            }
            events.extend(evs);
        }
        // written in its place in the vector (a `Move` is large: building it apart costs copies)
        self.game.moves.push(Move {
            ply: self.game.moves.len() as u32 + 1,
            round,
            side: Cow::Borrowed(side.name()),
            notation: std::mem::take(notation),
            piece: Cow::Borrowed(p.kind.name()),
            from,
            to: [to.0, to.1],
            capture,
            events,
            origin: Cow::Borrowed(p.origin.name()),
            slot,
            comment: None,
        });
        Ok(())
    }

    /// A 马 of `side` landing on `w`'s alliance point without `=w`: the alliance it makes (seed
    /// §8: "蜀马跳到魏点与魏结盟", a horse jumping onto 魏's point allies with 魏), applied when it is
    /// the game's first (no alliance and no 杀汉 before it: whether another may follow, the
    /// seed does not say) and `w` is still in the game; a warning either way.
    #[cold]
    #[inline(never)]
    fn unmarked_alliance(
        &mut self,
        ln: u32,
        col: u32,
        side: Side,
        w: Side,
        notation: &str,
        events: &mut Vec<MoveEvent>,
    ) {
        let first = !self.game.moves.iter().any(|m| {
            m.events
                .iter()
                .any(|e| matches!(e, MoveEvent::Alliance { .. } | MoveEvent::KillHan))
        });
        let msg = if first && self.board.is_live(w) {
            events.push(MoveEvent::Alliance {
                with: w.name().to_string(),
            });
            format!(
                "{notation}: the 马 lands on {w}点 but the move is not marked ={w}; read as the alliance it makes ({s}{w}盟, as if written ={w})",
                w = w.name(),
                s = side.name()
            )
        } else {
            format!(
                "{notation}: the 马 lands on {}点 but the move is not marked ={}",
                w.name(),
                w.name()
            )
        };
        self.sink.warning(code::MARKER, ln, col, msg);
    }

    /// A move that takes one of 汉's 车 or 炮 while they are still 汉's: before a side kills the
    /// emperor or an alliance hands them to the third side, 汉's pieces stand still and belong
    /// to no side (seed §1: "谁收了汉，汉的三车一炮就按谁的坐标走棋"), so none may take them. A
    /// warning; the capture is replayed as written.
    #[cold]
    #[inline(never)]
    fn han_not_activated(&mut self, ln: u32, col: u32, kind: geometry::Kind, notation: &str) {
        self.sink.warning(
            code::ILLEGAL_MOVE,
            ln,
            col,
            format!(
                "{notation} takes 汉's {} before 汉 is activated (no side has killed the emperor or made an alliance, so 汉's pieces belong to no side and may not be taken); replayed as written",
                kind.name()
            ),
        );
    }

    /// The events of a 困毙灭国 after a move by `mover`.
    fn stalemate_events(
        &mut self,
        ln: u32,
        col: u32,
        mover: Side,
        st: notation::Stalemate,
    ) -> Vec<MoveEvent> {
        let by = st.by.unwrap_or(mover);
        let side = st.side.or_else(|| next_live(&self.board, mover));
        match side {
            Some(s) if s != by && self.board.is_live(s) && self.board.is_live(by) => vec![
                MoveEvent::Eliminate {
                    side: s.name().to_string(),
                    how: "stalemate".to_string(),
                    by: Some(by.name().to_string()),
                },
                MoveEvent::Annex {
                    side: s.name().to_string(),
                    by: Some(by.name().to_string()),
                },
            ],
            _ => {
                self.sink.warning(
                    code::MARKER,
                    ln,
                    col,
                    "困毙灭国 names no side that can be eliminated here",
                );
                Vec::new()
            }
        }
    }

    /// A `【困毙灭国】` line or entry: applies to the last move made.
    fn stalemate(&mut self, li: usize, col: usize, st: notation::Stalemate) {
        let ln = self.line_no(li);
        if !self.replaying {
            return;
        }
        let Some(mover) = self
            .game
            .moves
            .last()
            .and_then(|m| Side::from_name(&m.side))
        else {
            self.sink
                .warning(code::MARKER, ln, col as u32 + 1, "困毙灭国 before any move");
            return;
        };
        let evs = self.stalemate_events(ln, col as u32 + 1, mover, st);
        for e in &evs {
            self.board.apply_event(mover, e);
        }
        if let Some(m) = self.game.moves.last_mut() {
            m.events.extend(evs);
        }
    }

    /// Whether the game has its status line already (and a warning for this second one).
    fn second_status(&mut self, ln: u32, start: usize) -> bool {
        if self.status_line.is_none() {
            return false;
        }
        self.sink.warning(
            code::STATUS,
            ln,
            start as u32 + 1,
            "a second status line; the first one is kept",
        );
        true
    }

    /// A line with a status word above the moves that reads as a title naming a winner and at
    /// most one side's status (`魏胜利`, `魏杀汉·魏胜利`): the title, its result the winner's (a
    /// title line above the moves, as seed §8 heads a game; the status line of §7 closes it).
    /// True when read so (info `sanguo.title-form`).
    #[cold]
    #[inline(never)]
    fn title_above(&mut self, li: usize, start: usize, text: &str) -> bool {
        if title::parse_status(text).0.len() > 1 {
            return false;
        }
        let (read, _, pinyin) = read_title_sides(text);
        let Ok(events) = read else {
            return false;
        };
        if !events.iter().any(|e| matches!(e, TitleEvent::Win { .. })) {
            return false;
        }
        let ln = self.line_no(li);
        let cleaned = match pinyin {
            Some(p) => {
                let read_as = title::clean_title(&p);
                self.pinyin_read(ln, start as u32 + 1, text.trim(), &read_as);
                read_as
            }
            None => title::clean_title(text),
        };
        self.sink.info(
            code::TITLE_FORM,
            ln,
            start as u32 + 1,
            format!(
                "{:?} above the moves read as the title (its result the winner's), not as the closing status line",
                text.trim()
            ),
        );
        self.body_title = Some((cleaned, ln));
        true
    }

    fn status(&mut self, li: usize, start: usize, text: &str) {
        let ln = self.line_no(li);
        if self.second_status(ln, start) {
            return;
        }
        // `Wu[认负] Wei[胜利] Shu[认负]`: the sides in pinyin; `东吴[认负]`: other names
        let kingdom = title::kingdom_names(text);
        let pinyin = match &kingdom {
            Some(k) => title::pinyin_sides(k).or_else(|| Some(k.clone())),
            None => title::pinyin_sides(text),
        };
        if let Some(p) = &pinyin {
            self.pinyin_read(ln, start as u32 + 1, text.trim(), p.trim());
        }
        let text = pinyin.as_deref().unwrap_or(text);
        // `结果：吴[认负] …`, `Result: …`: a key before the statuses
        let text = match status_key(text) {
            Some(k) => {
                self.sink.info(
                    code::STATUS_KEY,
                    ln,
                    start as u32 + 1,
                    format!(
                        "status line opened by {:?}; the statuses read after it",
                        text.get(..k).unwrap_or_default().trim_end()
                    ),
                );
                text.get(k..).unwrap_or_default()
            }
            None => text,
        };
        let (mut map, mut leftover) = title::parse_status(text);
        // `吴认负 魏胜 蜀认负`: the seed's words mixed with others
        if leftover && let Some(short) = title::parse_status_short(text) {
            self.status_form(ln, start, text, short);
            return;
        }
        // `吴（孙策）认负 魏（曹操）胜利`: the players named after their sides
        if leftover && let Some((named, players)) = status_players(text) {
            let (m, l) = title::parse_status(&named);
            if !l {
                self.status_players_read(ln, start, players);
                (map, leftover) = (m, l);
            } else if let Some(short) = title::parse_status_short(&named) {
                self.status_players_read(ln, start, players);
                self.status_form(ln, start, &named, short);
                return;
            }
        }
        if leftover {
            self.sink.warning(
                code::STATUS,
                ln,
                start as u32 + 1,
                format!("part of the status line {text:?} cannot be read"),
            );
        }
        self.game.status = map;
        self.status_line = Some(ln);
    }
}

impl State<'_> {
    /// A status line in other words than the seed's five ([`title::parse_status_short`]: `吴负
    /// 魏胜 蜀负`, `Wu eliminated, Wei wins, Shu resigns`, `吴国：认输`), side names in pinyin and a
    /// key before it read as [`State::status`] reads them: true when the line is one (then read).
    #[cold]
    #[inline(never)]
    fn short_status(&mut self, li: usize, start: usize, text: &str) -> bool {
        if text.contains(['进', '退', '平']) {
            return false;
        }
        let kingdom = title::kingdom_names(text);
        let pinyin = match &kingdom {
            Some(k) => title::pinyin_sides(k).or_else(|| Some(k.clone())),
            None => title::pinyin_sides(text),
        };
        let sided = pinyin.as_deref().unwrap_or(text);
        let key = status_key(sided);
        let statuses = sided.get(key.unwrap_or(0)..).unwrap_or_default();
        let named = status_players(statuses);
        let Some(map) = title::parse_status_short(statuses).or_else(|| {
            named
                .as_ref()
                .and_then(|(n, _)| title::parse_status_short(n))
        }) else {
            return false;
        };
        let ln = self.line_no(li);
        if self.second_status(ln, start) {
            return true;
        }
        if let Some(p) = &pinyin {
            self.pinyin_read(ln, start as u32 + 1, text.trim(), p.trim());
        }
        if title::parse_status_short(statuses).is_none()
            && let Some((_, players)) = named
        {
            self.status_players_read(ln, start, players);
        }
        if let Some(k) = key {
            self.sink.info(
                code::STATUS_KEY,
                ln,
                start as u32 + 1,
                format!(
                    "status line opened by {:?}; the statuses read after it",
                    sided.get(..k).unwrap_or_default().trim_end()
                ),
            );
        }
        self.status_form(ln, start, statuses, map);
        true
    }

    /// The players named in a status line (`吴（孙策）认负`): each side's name where the tags name
    /// none and no line of players did, and the line's info.
    #[cold]
    #[inline(never)]
    fn status_players_read(&mut self, ln: u32, start: usize, players: [Option<String>; 3]) {
        for (slot, name) in self.body_players.iter_mut().zip(players) {
            if slot.is_none() {
                *slot = name;
            }
        }
        self.sink.info(
            code::STATUS_PLAYERS,
            ln,
            start as u32 + 1,
            "players named in brackets after their sides in the status line, read as the sides' \
             players where the tags name none",
        );
    }

    /// Stores a status line read by [`title::parse_status_short`] (`written`, at `start`) and
    /// reports it: a bare loss is kept as 认负 until the moves say whether the side was eliminated.
    #[cold]
    #[inline(never)]
    fn status_form(
        &mut self,
        ln: u32,
        start: usize,
        written: &str,
        mut map: BTreeMap<String, String>,
    ) {
        for s in Side::PLAYERS {
            if let Some(v) = map.get_mut(s.name())
                && v == title::LOSS
            {
                *v = "认负".to_string();
                self.status_loss |= 1 << s as u8;
            }
        }
        let read: Vec<String> = Side::PLAYERS
            .iter()
            .filter_map(|s| {
                map.get(s.name())
                    .map(|v| match self.status_loss >> *s as u8 & 1 {
                        1 => format!("{}[认负/灭国]", s.name()),
                        _ => format!("{}[{v}]", s.name()),
                    })
            })
            .collect();
        let loss = if self.status_loss != 0 {
            " (a bare loss is 认负, or 灭国 when the moves eliminate the side)"
        } else {
            ""
        };
        self.sink.info(
            code::STATUS_FORM,
            ln,
            start as u32 + 1,
            format!(
                "status line {:?} read in seed §7's words as {}{loss}",
                written.trim(),
                read.join(" ")
            ),
        );
        self.game.status = map;
        self.status_line = Some(ln);
    }
}

/// A status line with each side's player in brackets after the side (`吴(孙策)认负 魏(曹操)胜利`,
/// `吴国(孙策):认负`): the line without the brackets, and the names by side. `None` when it has
/// none (a bracket holding a status word or a number is no name).
#[cold]
#[inline(never)]
fn status_players(text: &str) -> Option<(String, [Option<String>; 3])> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut names: [Option<String>; 3] = [None, None, None];
    let mut any = false;
    let mut k = 0;
    while let Some(&c) = chars.get(k) {
        out.push(c);
        k += 1;
        let Some(sd) = Side::from_char(c).filter(|&s| s != Side::Han) else {
            continue;
        };
        // (`吴国(孙策)`: the 国 is read past, as the status line reads it)
        let mut open = k;
        if chars.get(open).is_some_and(|&c| c == '国' || c == '方') {
            open += 1;
        }
        if chars.get(open) != Some(&'(') {
            continue;
        }
        let Some(len) = chars
            .get(open + 1..)
            .and_then(|r| r.iter().position(|&c| c == ')'))
        else {
            continue;
        };
        let name: String = chars
            .get(open + 1..open + 1 + len)
            .unwrap_or(&[])
            .iter()
            .collect();
        let name = name.trim();
        let statusy = title::STATUSES.iter().any(|w| name.contains(w))
            || name.contains(['胜', '负', '和', '输'])
            || name.chars().any(|c| c.is_ascii_digit());
        if name.is_empty() || statusy {
            continue;
        }
        if let Some(slot) = names.get_mut(sd as usize) {
            *slot = Some(name.to_string());
        }
        any = true;
        k = open + len + 2;
    }
    any.then_some((out, names))
}

/// The length of a key opening a status line (`结果：`, `最终结果:`, `终局 -`, `Result:`), up to
/// and with its mark, when the line has one.
fn status_key(text: &str) -> Option<usize> {
    const KEYS: [&str; 12] = [
        "最终结果",
        "终局结果",
        "比赛结果",
        "结果",
        "终局",
        "最终",
        "状态",
        "战果",
        "result",
        "results",
        "status",
        "final",
    ];
    // (most status lines open with a side or a bracket: no key to look for)
    if text.starts_with(['吴', '魏', '蜀', '[', '(']) {
        return None;
    }
    let key = KEYS.iter().find(|k| {
        text.get(..k.len())
            .is_some_and(|t| t.eq_ignore_ascii_case(k))
    })?;
    let rest = text.get(key.len()..)?;
    let trimmed = rest.trim_start();
    let mark = trimmed.strip_prefix([':', '-', '='])?;
    Some(text.len() - mark.trim_start().len())
}

/// A side's name labelling the entry at `s` (`s..e`, trimmed; the side character at `s`):
/// `吴：马6进5`, `吴方:…`, `魏国 炮12平10`, `蜀马6进7`, `魏前车平14`, `魏五兵平5`, `魏（轮空）`,
/// `魏……`. Returns where the move begins. A side followed by a file (`魏9退1`, `魏九退一`) is that
/// side's general, as the seed writes it, and no label. `s` is where the side's name ends.
fn side_label(chars: &[char], s: usize, e: usize) -> Option<usize> {
    let mut k = s;
    if chars.get(k).is_some_and(|&c| c == '方' || c == '国') {
        k += 1;
    }
    let mut c = *chars.get(k)?;
    // `吴（周瑜）：`: the side's player named in brackets before the colon
    if c == '('
        && let Some(colon) = player_in_label(chars, k, e)
    {
        k = colon;
        c = ':';
    }
    let after = if c == ':' || is_space(c) {
        k += 1;
        while k < e && chars.get(k).is_some_and(|&c| is_space(c)) {
            k += 1;
        }
        // `魏 9退1`: the general, written apart
        if c != ':' && chars.get(k).is_some_and(char::is_ascii_digit) {
            return None;
        }
        k
    } else if geometry::Kind::from_char(c).is_some()
        || matches!(c, '前' | '中' | '后' | '(' | '[' | '…')
        || (notation::cjk_digit(c).is_some_and(|d| d <= 7)
            && chars
                .get(k + 1)
                .is_some_and(|&n| geometry::Kind::from_char(n).is_some()))
    {
        k
    } else {
        return None;
    };
    (after < e).then_some(after)
}

/// A line of players labelled with the sides' names in pinyin, `Wu: Zhou Yu  Wei: Cao Cao  Shu:
/// Liu Bei` (or one side a line, `Wei: 曹操`): each label a whole word `Wu`, `Wei` or `Shu` (any
/// case, tone marks) followed by `:`, the first one opening the line; a name runs to the next
/// label (pinyin names have spaces: `Wu: Han Dang` is 韩当, `Han` being no label without its
/// colon). Every name must be there, and look like one: not beginning with a small letter
/// (`Wu: resigned` is no player). The names by side, and the line with the labels written as
/// characters.
#[cold]
#[inline(never)]
fn pinyin_players(text: &str) -> Option<([Option<String>; 3], String)> {
    // (no Latin letter a label begins with: nothing to look for)
    if !text.starts_with(['W', 'w', 'S', 's']) {
        return None;
    }
    let chars: Vec<char> = text.chars().collect();
    // (label start, index after its colon, side)
    let mut labels: Vec<(usize, usize, Side)> = Vec::new();
    let mut k = 0;
    let mut prev = ' ';
    while let Some(&c) = chars.get(k) {
        if !(Side::is_latin(c) && (is_space(prev) || matches!(prev, ',' | ';'))) {
            prev = c;
            k += 1;
            continue;
        }
        let len = chars
            .get(k..)
            .unwrap_or(&[])
            .iter()
            .position(|&c| !Side::is_latin(c))
            .unwrap_or(chars.len() - k);
        let word: String = chars.get(k..k + len).unwrap_or(&[]).iter().collect();
        let mut j = k + len;
        while chars.get(j).is_some_and(|&c| is_space(c)) {
            j += 1;
        }
        if let Some(sd) = Side::from_pinyin(&word)
            && chars.get(j) == Some(&':')
        {
            if sd == Side::Han {
                return None;
            }
            labels.push((k, j + 1, sd));
            prev = ':';
            k = j + 1;
            continue;
        }
        prev = chars.get(k + len - 1).copied().unwrap_or(c);
        k += len;
    }
    if labels.first().is_none_or(|l| l.0 != 0) {
        return None;
    }
    let mut names: [Option<String>; 3] = [None, None, None];
    let mut read = String::new();
    for (n, &(_, after, sd)) in labels.iter().enumerate() {
        let end = labels.get(n + 1).map_or(chars.len(), |l| l.0);
        let name: String = chars.get(after..end).unwrap_or(&[]).iter().collect();
        let name = name.trim_matches(|c: char| is_space(c) || matches!(c, ',' | ';'));
        if name.is_empty()
            || name.starts_with(|c: char| c.is_ascii_lowercase())
            || has_action(&name.chars().collect::<Vec<_>>())
        {
            return None;
        }
        if !read.is_empty() {
            read.push(' ');
        }
        read.push_str(sd.name());
        read.push_str(": ");
        read.push_str(name);
        if let Some(slot) = names.get_mut(sd as usize) {
            *slot = Some(name.to_string());
        }
    }
    Some((names, read))
}

/// A player's name in brackets after a side's label (`吴（周瑜）：`, the `(` at `k`): the index of
/// the colon after its `)`, when a colon follows it and the brackets hold a name (no move, no 轮空).
#[cold]
#[inline(never)]
fn player_in_label(chars: &[char], k: usize, e: usize) -> Option<usize> {
    let len = chars.get(k + 1..e)?.iter().position(|&c| c == ')')?;
    let inner = chars.get(k + 1..k + 1 + len)?;
    let close = k + 1 + len;
    let named = !inner.is_empty()
        && inner.iter().all(|&c| c.is_alphabetic() || is_space(c))
        && !has_action(inner)
        && !contains(inner, &['轮', '空']);
    (named && chars.get(close + 1) == Some(&':')).then_some(close + 1)
}

/// [`read_title`], or when that reads the title in no form or not in the seed's, the title with
/// its side names in pinyin written as characters ([`title::pinyin_sides`]) when that reads:
/// then also that title.
fn read_title_sides(s: &str) -> (Result<Vec<TitleEvent>, String>, bool, Option<String>) {
    let (read, loose) = read_title(s);
    if (read.is_err() || loose)
        && let Some(p) = title::pinyin_sides(s)
        && let (Ok(ev), loose) = read_title(&p)
    {
        return (Ok(ev), loose, Some(p));
    }
    // `东吴胜`, `Cao Wei wins`: the kingdoms' other names
    if read.is_err()
        && let Some(k) = title::kingdom_names(s)
    {
        let p = title::pinyin_sides(&k).unwrap_or(k);
        if let (Ok(ev), loose) = read_title(&p) {
            return (Ok(ev), loose, Some(p));
        }
    }
    (read, loose, None)
}

/// A title's events: by the seed's form, else by the other forms
/// ([`title::parse_title_loose`]; then true).
fn read_title(s: &str) -> (Result<Vec<TitleEvent>, String>, bool) {
    match title::parse_title(s) {
        Ok(ev) => (Ok(ev), false),
        Err(bad) => match title::parse_title_loose(s) {
            Ok(ev) => (Ok(ev), true),
            Err(_) => (Err(bad), false),
        },
    }
}

/// Appends `text` to a move's comment (joined by a space).
fn add_comment(slot: &mut Option<String>, text: &str) {
    match slot {
        Some(t) => {
            t.push(' ');
            t.push_str(text);
        }
        None => *slot = Some(text.to_string()),
    }
}

/// A round numbered in Chinese numerals as the items of a list are, at `start`: `一、`, `十二．`,
/// `三：` (the mark already folded to `,`, `.` or `:`). A numeral followed by anything else is no
/// round: `一兵进1` is a move (the first of a side's pawns).
fn numeral_round(chars: &[char], start: usize) -> Option<(u32, usize)> {
    let mut i = start;
    let n = notation::cjk_count(chars, &mut i)?;
    chars
        .get(i)
        .is_some_and(|c| matches!(c, ',' | '.' | ':'))
        .then_some((n, i + 1))
}

/// A round numbered in English at `start`: `Round 1:`, `Round 2.`, `Rd 3`, `R4.`, `R 5)` (any
/// case), then maybe `.`, `,`, `:` or `)`. Returns the round and where its entries begin.
fn english_round(chars: &[char], start: usize) -> Option<(u32, usize)> {
    if !chars
        .get(start)
        .is_some_and(|c| matches!(c, 'R' | 'r' | 'T' | 't' | 'M' | 'm'))
    {
        return None;
    }
    let word: String = chars
        .get(start..)
        .unwrap_or(&[])
        .iter()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect::<String>()
        .to_ascii_lowercase();
    // (`Turn 1:`, `Move 1.`: a round is one turn of the three sides, numbered as one move)
    if !matches!(
        word.as_str(),
        "r" | "rd" | "round" | "rnd" | "turn" | "move" | "mv"
    ) {
        return None;
    }
    let mut i = start + word.len();
    if chars.get(i) == Some(&'.') {
        i += 1;
    }
    while chars.get(i).is_some_and(|&c| is_space(c)) {
        i += 1;
    }
    let n = digits_at(chars, &mut i)?;
    if chars
        .get(i)
        .is_some_and(|c| matches!(c, ':' | '.' | ',' | ')'))
    {
        i += 1;
    }
    Some((n, i))
}

/// The number written in ASCII digits at `*i`, `*i` moved past it; None,
/// `*i` unmoved, when no digit is there.
fn digits_at(chars: &[char], i: &mut usize) -> Option<u32> {
    let from = *i;
    let mut n: u32 = 0;
    while let Some(d) = chars.get(*i).and_then(|c| c.to_digit(10)) {
        n = n.saturating_mul(10).saturating_add(d);
        *i += 1;
    }
    (*i > from).then_some(n)
}

/// A round numbered with an enclosed number at `start`: `①`…`⑳`, `⑴`…`⒇`, `⒈`…`⒛` (1–20), then
/// maybe `.`, `,` or `:`. Returns the round and where its entries begin.
fn circled_round(chars: &[char], start: usize) -> Option<(u32, usize)> {
    let c = *chars.get(start)? as u32;
    let n = match c {
        0x2460..=0x2473 => c - 0x2460 + 1,
        0x2474..=0x2487 => c - 0x2474 + 1,
        0x2488..=0x249b => c - 0x2488 + 1,
        _ => return None,
    };
    let mut i = start + 1;
    if chars.get(i).is_some_and(|c| matches!(c, ':' | '.' | ',')) {
        i += 1;
    }
    Some((n, i))
}

/// A round number written with the seed's word for a round at `start`: `第1回合`, `第一回合`,
/// `第1回`, `第1轮` or `1回合`, and one `:`, `.` or `,` after it. Returns the round and where its
/// entries begin; `None` when the line does not begin so (`第一局…` is no round).
fn round_prefix(chars: &[char], start: usize) -> Option<(u32, usize)> {
    let mut i = start;
    let ordinal = chars.get(i) == Some(&'第');
    if ordinal {
        i += 1;
        // `第 1 回合`: spaces around the number
        while chars.get(i).is_some_and(|&c| is_space(c)) {
            i += 1;
        }
    }
    let n = match digits_at(chars, &mut i) {
        Some(n) => n,
        None => notation::cjk_count(chars, &mut i)?,
    };
    if ordinal {
        while chars.get(i).is_some_and(|&c| is_space(c)) {
            i += 1;
        }
    }
    match (chars.get(i), chars.get(i + 1)) {
        (Some('回'), Some('合')) => i += 2,
        (Some('回' | '轮'), _) if ordinal => i += 1,
        _ => return None,
    }
    while chars.get(i).is_some_and(|&c| is_space(c)) {
        i += 1;
    }
    if chars.get(i).is_some_and(|c| matches!(c, ':' | '.' | ',')) {
        i += 1;
    }
    Some((n, i))
}

/// `text.lines()` (each line without its `\n` and a `\r` before it; nothing after a final `\n`),
/// found a word at a time ([`crate::text::lines`]), which is faster than `str::lines` on lines
/// this short.
fn body_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut pieces = crate::text::lines(text).peekable();
    std::iter::from_fn(move || {
        let line = pieces.next()?;
        if pieces.peek().is_some() {
            // a '\n' follows
            Some(line.strip_suffix('\r').unwrap_or(line))
        } else {
            // the text after the last '\n'
            (!line.is_empty()).then_some(line)
        }
    })
}

/// Parses a 三国演弈棋 body. Never panics: what cannot be read becomes a diagnostic.
pub fn parse(body: &str, ctx: &Ctx) -> Parsed<SanguoGame> {
    let (text, comments) = strip_comments(body);
    // About three moves per line: reserve once instead of growing a vector of large `Move`s (the
    // lines counted with memchr, which a byte-by-byte count takes several times longer than).
    let capacity = 3 * (1 + memchr::memchr_iter(b'\n', body.as_bytes()).count());
    let mut st = State {
        ctx,
        sink: Sink::default(),
        game: SanguoGame {
            moves: Vec::with_capacity(capacity),
            ..SanguoGame::default()
        },
        board: Board::setup(),
        replaying: true,
        not_replayed: 0,
        first_not_replayed: None,
        move_at: Vec::with_capacity(capacity),
        entry_buf: Vec::with_capacity(4),
        spaced_buf: Vec::new(),
        expected_round: 1,
        open_round: None,
        first_slot: 0,
        seen_continued: false,
        seen_wide: false,
        seen_trad: false,
        seen_numerals: false,
        seen_round_form: false,
        seen_separator: false,
        seen_label: false,
        seen_note: false,
        seen_pinyin: false,
        seen_words: false,
        seen_marker_space: false,
        seen_letters: false,
        seen_kingdom: false,
        status_loss: 0,
        body_players: [None, None, None],
        label_buf: Vec::new(),
        pending_note: None,
        body_title: None,
        status_line: None,
    };
    let mut nl = NormLine::default();
    for (li, line) in body_lines(&text).enumerate() {
        nl.fill(line);
        st.line(li, &nl);
    }
    finish(st, comments)
}

fn summary(winners: &[String], draw: &[String]) -> Option<Outcome> {
    if !winners.is_empty() {
        return Some(Outcome {
            winners: winners.to_vec(),
            draw: draw.to_vec(),
            summary: format!("{}胜", winners.concat()),
        });
    }
    if draw.is_empty() {
        return None;
    }
    let summary = if draw.len() >= 3 {
        "和棋".to_string()
    } else {
        format!("{}和", draw.concat())
    };
    Some(Outcome {
        winners: Vec::new(),
        draw: draw.to_vec(),
        summary,
    })
}

fn in_turn_order(mut v: Vec<String>) -> Vec<String> {
    v.sort_by_key(|s| Side::from_name(s).map_or(9, |s| s as u8));
    v.dedup();
    v
}

/// Did some move make this event (by `by`, the mover unless the event names another)?
fn moves_have(moves: &[Move], by: &str, f: impl Fn(&MoveEvent) -> bool) -> bool {
    moves.iter().any(|m| {
        m.events.iter().any(|e| {
            let who = match e {
                MoveEvent::Eliminate { by: Some(b), .. } | MoveEvent::Annex { by: Some(b), .. } => {
                    b.as_str()
                }
                _ => &*m.side,
            };
            who == by && f(e)
        })
    })
}

fn finish(mut st: State<'_>, comments: Vec<crate::text::Comment>) -> Parsed<SanguoGame> {
    let ctx = st.ctx;
    if let Some((ln, col)) = st.first_not_replayed {
        st.sink.info(
            code::NOT_REPLAYED,
            ln,
            col,
            format!(
                "{} later move(s) were read but not replayed after the error",
                st.not_replayed
            ),
        );
    }
    // Comments go to the move before them.
    for c in &comments {
        if !c.closed {
            st.sink.warning(
                code::UNCLOSED_COMMENT,
                st.line_no(c.line),
                c.col as u32 + 1,
                "'{' is never closed",
            );
        }
        if c.text.is_empty() {
            continue;
        }
        let k = st
            .move_at
            .partition_point(|&(l, col)| (l, col) < (c.line, c.col));
        if let Some(m) = k.checked_sub(1).and_then(|k| st.game.moves.get_mut(k)) {
            match &mut m.comment {
                Some(t) => {
                    t.push(' ');
                    t.push_str(&c.text);
                }
                None => m.comment = Some(c.text.clone()),
            }
        }
    }
    // a bare loss (`吴负`): 灭国 when the moves eliminate the side
    if st.status_loss != 0 {
        for s in Side::PLAYERS {
            let eliminated = st.game.moves.iter().any(|m| {
                m.events
                    .iter()
                    .any(|e| matches!(e, MoveEvent::Eliminate { side, .. } if side == s.name()))
            });
            if st.status_loss >> s as u8 & 1 == 1
                && eliminated
                && let Some(v) = st.game.status.get_mut(s.name())
            {
                *v = "灭国".to_string();
            }
        }
    }
    // Titles: the tag wins over the body line.
    let tag_title = ctx.tag("Title").map(str::trim).filter(|t| !t.is_empty());
    let title_line = st.body_title.as_ref().map_or(ctx.first_line, |t| t.1);
    let mut events = Vec::new();
    if let Some(t) = tag_title {
        let (read, loose, pinyin) = read_title_sides(t);
        let mut written = title::clean_title(t);
        if let Some(p) = pinyin {
            let read_as = title::clean_title(&p);
            st.pinyin_read(ctx.first_line, 1, t, &read_as);
            written = read_as;
        }
        match read {
            Ok(ev) => {
                if loose {
                    st.title_form(ctx.first_line, 1, &written);
                }
                events = ev;
            }
            Err(bad) => st.sink.warning(
                code::TITLE,
                ctx.first_line,
                1,
                format!("Title tag part {bad:?} cannot be read"),
            ),
        }
        st.game.title = Some(written);
        if let Some((body, ln)) = &st.body_title
            && let (Ok(bev), _) = read_title(body)
            && !events.is_empty()
            && bev != events
        {
            st.sink.warning(
                code::TITLE_MISMATCH,
                *ln,
                1,
                "the title line and the Title tag disagree; the tag is used",
            );
        }
    } else if let Some((body, _)) = &st.body_title {
        events = read_title(body).0.unwrap_or_default();
        st.game.title = Some(body.clone());
    }
    st.game.title_events = events;
    // Consistency, only when every move was replayed.
    let complete = st.replaying;
    let moves = &st.game.moves;
    let mut warn_title = Vec::new();
    let mut warn_status = Vec::new();
    if complete && !st.game.title_events.is_empty() {
        for e in &st.game.title_events {
            let ok = match e {
                TitleEvent::Alliance { by, with } => moves_have(
                    moves,
                    by,
                    |e| matches!(e, MoveEvent::Alliance { with: w } if w == with),
                ),
                TitleEvent::KillHan { by } => {
                    moves_have(moves, by, |e| matches!(e, MoveEvent::KillHan))
                }
                TitleEvent::Eliminate { by, sides } => sides.iter().all(|s| {
                    moves_have(
                        moves,
                        by,
                        |e| matches!(e, MoveEvent::Eliminate { side, .. } if side == s),
                    )
                }),
                TitleEvent::Stalemate { by, side } => moves_have(
                    moves,
                    by,
                    |e| matches!(e, MoveEvent::Eliminate { side: s, how, .. } if s == side && how == "stalemate"),
                ),
                TitleEvent::Win { side } => st.game.status.get(side).is_none_or(|v| v == "胜利"),
                TitleEvent::Draw { sides } => sides
                    .iter()
                    .all(|s| st.game.status.get(s).is_none_or(|v| v == "强制判和")),
            };
            if !ok {
                warn_title.push(format!(
                    "the title says {} but the record does not",
                    describe(e)
                ));
            }
        }
        // Events of the moves that the title leaves out.
        for m in moves {
            for e in &m.events {
                let covered = match e {
                    MoveEvent::KillHan => {
                        st.game.title_events.iter().any(|t| matches!(t, TitleEvent::KillHan { by } if *by == m.side))
                    }
                    MoveEvent::Alliance { with } => st
                        .game
                        .title_events
                        .iter()
                        .any(|t| matches!(t, TitleEvent::Alliance { by, with: w } if *by == m.side && w == with)),
                    MoveEvent::Eliminate { side, .. } => st.game.title_events.iter().any(|t| match t {
                        TitleEvent::Eliminate { sides, .. } => sides.contains(side),
                        TitleEvent::Stalemate { side: s, .. } => s == side,
                        _ => false,
                    }),
                    _ => true,
                };
                if !covered {
                    warn_title.push(format!(
                        "move {} ({}) is not in the title",
                        m.ply, m.notation
                    ));
                }
            }
        }
    }
    // (an elimination or a general taken in the moves replayed stands whatever comes after
    // them: checked also when the replay stopped)
    if !st.game.status.is_empty() {
        for s in Side::PLAYERS {
            let eliminated = moves.iter().any(|m| {
                m.events
                    .iter()
                    .any(|e| matches!(e, MoveEvent::Eliminate { side, .. } if side == s.name()))
            });
            match st.game.status.get(s.name()).map(String::as_str) {
                Some("灭国") if complete && !eliminated => warn_status.push(format!(
                    "the status says {} 灭国 but no move eliminates it",
                    s.name()
                )),
                Some(v) if eliminated && v != "灭国" => warn_status.push(format!(
                    "{} was eliminated but the status says {v}",
                    s.name()
                )),
                Some(v @ ("胜利" | "强制判和")) => {
                    // its general taken by a move (no `#X` marked it): no side wins or draws
                    // without its general on the board
                    if let Some(m) = moves.iter().find(|m| {
                        m.capture.as_ref().is_some_and(|c| {
                            c.piece == geometry::Kind::General.name() && c.origin == s.name()
                        })
                    }) {
                        warn_status.push(format!(
                            "the status says {} {v} but its general was taken by move {} ({})",
                            s.name(),
                            m.ply,
                            m.notation
                        ));
                    }
                }
                _ => {}
            }
        }
    }
    for w in warn_title {
        st.sink.warning(code::TITLE_MISMATCH, title_line, 1, w);
    }
    let status_line = st.status_line.unwrap_or(ctx.first_line);
    for w in warn_status {
        st.sink.warning(code::STATUS_MISMATCH, status_line, 1, w);
    }
    // Players and outcome.
    let players = Side::PLAYERS
        .iter()
        .map(|s| {
            let name = ctx
                .tag(s.name())
                .or(if *s == Side::Wu { ctx.tag("吳") } else { None });
            Seat {
                seat: s.name().to_string(),
                name: name
                    .map(str::trim)
                    .filter(|n| !n.is_empty())
                    .map(str::to_string)
                    .or_else(|| st.body_players.get(*s as usize).and_then(Clone::clone)),
                color: None,
            }
        })
        .collect();
    let status_of = |v: &str| -> Vec<String> {
        Side::PLAYERS
            .iter()
            .filter(|s| st.game.status.get(s.name()).is_some_and(|x| x == v))
            .map(|s| s.name().to_string())
            .collect()
    };
    let mut outcome = summary(&status_of("胜利"), &status_of("强制判和"));
    if outcome.is_none() {
        let mut winners = Vec::new();
        let mut draw = Vec::new();
        for e in &st.game.title_events {
            match e {
                TitleEvent::Win { side } => winners.push(side.clone()),
                TitleEvent::Draw { sides } => draw.extend(sides.iter().cloned()),
                _ => {}
            }
        }
        outcome = summary(&in_turn_order(winners), &in_turn_order(draw));
    }
    // `[Result "魏胜"]`: read as a title's result; the outcome when the record gives none
    if let Some(r) = ctx.tag("Result").map(str::trim).filter(|t| !t.is_empty()) {
        let (read, _, pinyin) = read_title_sides(r);
        if let Some(p) = pinyin {
            st.pinyin_read(ctx.first_line, 1, r, &p);
        }
        let read = match read {
            Ok(ev) => {
                let (mut winners, mut draw) = (Vec::new(), Vec::new());
                for e in ev {
                    match e {
                        TitleEvent::Win { side } => winners.push(side),
                        TitleEvent::Draw { sides } => draw.extend(sides),
                        _ => {}
                    }
                }
                summary(&in_turn_order(winners), &in_turn_order(draw))
            }
            Err(_) => None,
        };
        match (read, &outcome) {
            (None, _) => st.sink.warning(
                code::RESULT_TAG,
                ctx.first_line,
                1,
                format!("the Result tag {r:?} names no winner or draw (X胜, XY和, 和棋); not read"),
            ),
            (Some(o), None) => {
                st.sink.info(
                    code::RESULT_TAG,
                    ctx.first_line,
                    1,
                    format!("the Result tag {r:?} read as the outcome {}", o.summary),
                );
                outcome = Some(o);
            }
            (Some(o), Some(have)) if o.winners != have.winners || o.draw != have.draw => {
                st.sink.warning(
                    code::RESULT_TAG,
                    ctx.first_line,
                    1,
                    format!(
                        "the Result tag {r:?} says {} but the record {}; the record is kept",
                        o.summary, have.summary
                    ),
                );
            }
            _ => {}
        }
    }
    let title = st.body_title.map(|t| t.0);
    Parsed {
        game: st.game,
        players,
        outcome,
        title,
        diagnostics: st.sink.items,
    }
}

fn describe(e: &TitleEvent) -> String {
    match e {
        TitleEvent::Alliance { by, with } => format!("{by}{with}盟"),
        TitleEvent::KillHan { by } => format!("{by}杀汉"),
        TitleEvent::Eliminate { by, sides } => format!("{by}灭{}", sides.concat()),
        TitleEvent::Stalemate { by, side } => format!("{by}困{side}"),
        TitleEvent::Win { side } => format!("{side}胜"),
        TitleEvent::Draw { sides } => format!("{}和", sides.concat()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn body_lines_are_str_lines() {
        let parts = ["", "a", "\n", "\r", "\r\n", "一", " ", "\n\n"];
        for x in parts {
            for y in parts {
                for z in parts {
                    for w in parts {
                        let t = format!("{x}{y}{z}{w}");
                        assert_eq!(
                            body_lines(&t).collect::<Vec<_>>(),
                            t.lines().collect::<Vec<_>>(),
                            "{t:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn is_space_is_char_is_whitespace() {
        for c in (0..=0x10ffffu32).filter_map(char::from_u32) {
            assert_eq!(is_space(c), c.is_whitespace(), "{c:?}");
        }
    }

    #[test]
    fn entry_traits_agree_with_the_scans_they_replace() {
        let alphabet = [
            '轮', '空', '困', '毙', '进', '退', '平', '1', ' ', '\u{a0}', '\u{3000}', 'a', '车',
            '[',
        ];
        // every string of up to four characters of the alphabet
        let mut strings: Vec<Vec<char>> = vec![Vec::new()];
        for _ in 0..4 {
            let longer: Vec<Vec<char>> = strings
                .iter()
                .filter(|s| s.len() == strings.last().map_or(0, Vec::len))
                .flat_map(|s| {
                    alphabet.iter().map(move |&c| {
                        let mut t = s.clone();
                        t.push(c);
                        t
                    })
                })
                .collect();
            strings.extend(longer);
        }
        for s in &strings {
            let t = Traits::of(s);
            assert_eq!(t.skip, contains(s, &['轮', '空']), "{s:?}");
            assert_eq!(t.stalemate, contains(s, &['困', '毙']), "{s:?}");
            assert_eq!(t.action, has_action(s), "{s:?}");
            assert_eq!(
                t.move_like,
                s.iter()
                    .any(|c| c.is_ascii_digit() || ('\u{4e00}'..='\u{9fff}').contains(c)),
                "{s:?}"
            );
            assert_eq!(t.space, s.iter().any(|c| c.is_whitespace()), "{s:?}");
            // the scan of an untrimmed entry: its trimmed bounds, and the traits of what they hold
            let mut scan = Scan::default();
            for (i, &c) in s.iter().enumerate() {
                scan.push(i, c);
            }
            let first = s.iter().position(|c| !c.is_whitespace());
            let last = s.iter().rposition(|c| !c.is_whitespace());
            let bounds = first.zip(last).map(|(f, l)| (f, l + 1));
            assert_eq!(scan.content(), bounds, "{s:?}");
            if let Some((f, e)) = bounds {
                let t = Traits::of(&s[f..e]);
                let u = &scan.traits;
                assert_eq!(
                    (u.skip, u.stalemate, u.action, u.move_like, u.space),
                    (t.skip, t.stalemate, t.action, t.move_like, t.space),
                    "{s:?}"
                );
            }
        }
    }
}
