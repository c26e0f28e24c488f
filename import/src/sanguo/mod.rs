//! 三国演弈棋 notation (the 三国 notation): parser, board model and replay.
//!
//! A body holds an optional title line (`魏杀汉·魏胜`, `标题：…`), round lines `N.a，b，c` (吴 → 魏 →
//! 蜀; `……` and `（轮空）` for a side that makes no move), `【困毙灭国】` lines, and a closing status line
//! (`[胜利] [灭国] [认负]`). Other transcribers' forms are read too: round numbers `第1回合：`,
//! `第一回合`, `1回合`, `一、` (info `sanguo.round-form`), files and steps in Chinese numerals as xiangqi
//! records write them (`马六进五`, stored as `马6进5`; info `sanguo.numerals`), other words for a
//! 轮空 (`（跳过）`, `空`; info `sanguo.skip-form`) and comments inside a move (`炮12{好棋}平10`). Every move is resolved by replaying it on the board ([`board`]), so each
//! stored move has its piece, origin and destination, capture and events.
//!
//! Modules: [`geometry`](mod@geometry) (data files: shape, numbering, palaces, setup), [`board`]
//! (the position and [`board_after`]), [`game`] (the parsed game's types), [`code`] (diagnostic
//! codes), `notation` (characters and the move grammar), `chars` (character classes the readers
//! share), `state` (the parser's state), `lines` (which kind a body line is), `headers` (header
//! lines and lines of players), `rounds` (round numbers and round lines), `segments` (a round
//! line's entries), `play` (which side each entry goes to, 轮空), `moves` (reading one move as
//! written), `replay` and `resolve` (resolving and playing a move), `status` (the closing status
//! line), `title` (titles and the status line's grammar), `finish` (titles, consistency and outcome
//! once the body is read).
//!
//! # Decisions on what the notation leaves open
//! - **汉 placement:** from S1 only (献帝 (8,0), 车 (6,3) (8,3) (10,3), 炮 (8,2)); it is data
//!   (`import/data/sanguo/setup.csv`). The emperor is piece `将` of side `汉`.
//! - **Alliance points:** S1's 吴点 (8,1), 魏点 (9,0), 蜀点 (7,0) (`points.csv`). `=X` is accepted
//!   wherever the horse lands; landing elsewhere than X's point, or with another piece, is a warning,
//!   and so is a horse landing on another side's point without `=X`. That landing makes the
//!   alliance (the notation's §8: "蜀马跳到魏点与魏结盟"), so it is applied as if marked (`马4进2` on 吴点: 魏吴盟)
//!   when it is the game's first alliance and no 杀汉 came before it; after those the notation does not
//!   say whether another alliance can be made, and only the warning is given. On an alliance the
//!   third side receives 汉's remaining 车 and 炮 (the emperor stays 汉's).
//! - **杀汉:** capturing the emperor (with or without `x汉`, the latter warned) gives the killer 汉's
//!   remaining pieces; the other two sides' automatic alliance changes no ownership. A move that
//!   takes 汉's 车 or 炮 before 汉 is activated, while they are still 汉's (no side has killed the
//!   emperor, no alliance has handed them to the third side; the notation's §1: "谁收了汉，汉的三车一炮就按谁
//!   的坐标走棋"), is a warning (`sanguo.illegal-move`) and is replayed as written. That only a horse
//!   may kill the emperor is not checked: the notation's one example is a horse's (`马15进17x汉`), but
//!   no rule of it says so (other accounts of the game have it).
//! - **灭国:** `#X` eliminates X (how `checkmate`); `【困毙灭国】` (or `[困毙灭国]`, after a move or
//!   on its own line/entry) eliminates, by the mover of the move before it, the next side in turn
//!   order after that mover (the notation's §6 case 1: stalemated by its 上家's move), unless the bracket names
//!   the sides (`【蜀困魏·困毙灭国】`: 蜀 stalemated 魏, the notation's §6 case 2; a line `【困毙灭国】魏`). The
//!   eliminated general leaves the board; the eliminator annexes every other piece the side owned.
//!   `eliminate` and `annex` events carry `by`.
//! - **Annexed pieces, pawns included,** move by the new owner's numbering and forward direction
//!   (the notation's §3: "被收编的棋子也要按收编方的坐标走棋"). Pawn rules past the 国境线 are not checked.
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
//!   (body line or `Title` tag, when it does not read in the notation's form without them), a status
//!   line, the `Result` tag and a move's side label, only as a whole word (no Latin letter next to
//!   it: `Wuhan` is no name; info `sanguo.side-pinyin`, once per game), also in a move's markers
//!   (`#Wei`, `=Wu`, `xHan`) and for a general written with its side (`Wei9退1`, as the notation's
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
//!   as `x汉`, the notation's mark for 汉 killed (warning `sanguo.marker-han`: a guess at what was
//!   meant; the replay then checks the emperor was taken, as for `x汉`).
//! - **Status lines in other words** than the notation's §7's five (`吴负 魏胜 蜀负`, `吴国：认输 魏国：胜
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
//!   that resigns (`Wu resigns`, `吴认输` in a title) gives no event: the notation's §8 leaves it out.
//! - **The kingdoms' other names** (`东吴`, `孙吴`, `曹魏`, `蜀汉`, `季汉`, traditional too; `Eastern
//!   Wu`, `Dong Wu`, `Cao Wei`, `Shu Han`, `Ji Han`) are read as 吴, 魏, 蜀 in a title, a status
//!   line, the `Title` and `Result` tags and a header line of players (`东吴：孙权　曹魏：曹操`;
//!   info `sanguo.kingdom-name`, once per game). Not in moves (`蜀汉` there is no side label).
//! - **Moves in xiangqi's letters**, as English (WXF) records write them (`H6+5`, `C12.10`,
//!   `R13=12`, `C.11`, `E9-7`, `H2+1xHan`): K/G 将, A 士, E/B 相, H/N 马, R 车, C 炮, P 兵, `+` 进, `-`
//!   退, `.` or `=` 平; stored as the notation writes them (`马6进5`; info `sanguo.letters`, once per
//!   game). WXF's `+`/`-` for the front and rear of two pieces on a file are not read.
//! - **Other names of the pieces**, as xiangqi records write them (red 帅 仕 相 俥 傌 炮 兵, black
//!   将 士 象 车 马 砲 卒, and 包 for the cannon: the table `import/data/sanguo/piece_names.csv`), are
//!   read as the notation's names 车 马 相 士 炮 兵 将, and the move is stored with them (`象7进9` →
//!   `相7进9`; info `sanguo.piece-alias`, once per name and game). Traditional characters (`車`,
//!   `馬`, `將`, `帥`, `砲`, `進`) are folded to simplified ones before the table is read (info
//!   `sanguo.traditional`), so `帥` is read as `帅`, then as `将`.
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
mod chars;
pub mod code;
pub(crate) mod entry;
mod finish;
pub mod game;
pub mod geometry;
mod headers;
#[cfg(test)]
mod linear;
mod lines;
mod moves;
mod notation;
mod play;
pub mod playout;
mod position;
mod replay;
mod resolve;
mod rounds;
mod segments;
mod state;
mod status;
mod title;

pub use board::{BoardPiece, board_after};
pub use game::{Capture, Move, MoveEvent, RoundType, SanguoGame, TitleEvent};
pub use geometry::{Geometry, geometry};
pub use position::{position_keys, position_keys_upto};

use crate::model::{Ctx, Parsed};
use crate::text::strip_comments;
use notation::NormLine;
use state::State;

/// Parses a title (`魏杀汉·魏灭吴·魏胜`, `和棋局`, …) into events; `Err` names the part not read.
pub fn parse_title(s: &str) -> Result<Vec<TitleEvent>, String> {
    title::parse_title(s)
}

/// Parses a 三国演弈棋 body. Never panics: what cannot be read becomes a diagnostic.
pub fn parse(body: &str, ctx: &Ctx) -> Parsed<SanguoGame> {
    let (text, comments) = strip_comments(body);
    // About three moves per line: reserve once instead of growing a vector of large `Move`s (the
    // lines counted with memchr, which a byte-by-byte count takes several times longer than).
    let capacity = 3 * (1 + memchr::memchr_iter(b'\n', body.as_bytes()).count());
    let mut st = State::new(ctx, capacity);
    let mut nl = NormLine::default();
    for (li, line) in lines::body_lines(&text).enumerate() {
        nl.fill(line);
        st.line(li, &nl);
    }
    finish::finish(st, comments)
}
