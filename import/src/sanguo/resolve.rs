//! Resolution by replay: which piece a move designates, where it goes, and cheap shape checks.
//!
//! - Candidates are the mover's pieces (by current owner, so annexed and 汉 pieces count) of the
//!   written kind, on the written file (by the mover's numbering).
//! - 前/中/后 and 一…七 order like pieces on one file along the mover's forward direction: 前/一 is
//!   the farthest forward, 后 the farthest back; 中 needs exactly three. Without a file, the file is
//!   the only one holding enough like pieces (`前车平14`); without a piece name, the kind is the only
//!   one the file holds enough of (`前8平9`).
//! - After 进/退 the number is a target file for 马 相 士 and a step count for the others; after 平
//!   it is a target file.

use super::board::{Board, Piece};
use super::geometry::{Frame, Kind, Side, geometry};
use super::notation::{Action, MoveTok, Pos};

/// Why a move could not be resolved: a stable code and a plain message.
pub(crate) type Fail = (&'static str, String);

pub(crate) mod code {
    pub const NO_PIECE: &str = "sanguo.no-piece";
    pub const AMBIGUOUS: &str = "sanguo.ambiguous";
    pub const OFF_BOARD: &str = "sanguo.off-board";
    pub const BAD_MOVE: &str = "sanguo.bad-move";
    pub const SELF_CAPTURE: &str = "sanguo.self-capture";
}

/// A set of piece indices (a board holds at most 64 pieces), iterated in increasing order.
#[derive(Clone, Copy)]
struct Set(u64);

impl Set {
    fn new() -> Set {
        Set(0)
    }
    fn push(&mut self, i: usize) {
        if i < 64 {
            self.0 |= 1 << i;
        }
    }
    fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    fn iter(self) -> impl Iterator<Item = usize> {
        let mut m = self.0;
        std::iter::from_fn(move || {
            (m != 0).then(|| {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                i
            })
        })
    }
}

fn pos_index(pos: Pos, n: usize) -> Option<usize> {
    match pos {
        Pos::Front if n >= 2 => Some(0),
        Pos::Back if n >= 2 => Some(n - 1),
        Pos::Middle if n == 3 => Some(1),
        Pos::Nth(k) if (k as usize) < n && n >= 2 => Some(k as usize),
        _ => None,
    }
}

fn pos_name(pos: Pos) -> &'static str {
    match pos {
        Pos::Front => "前",
        Pos::Middle => "中",
        Pos::Back => "后",
        Pos::Nth(k) => ["一", "二", "三", "四", "五", "六", "七"]
            .get(k as usize)
            .copied()
            .unwrap_or("?"),
    }
}

/// Picks the piece a move designates. Returns its index.
pub(crate) fn find_piece(board: &Board, mover: Side, tok: &MoveTok) -> Result<usize, Fail> {
    let fr = geometry().frame(mover);
    let mut cands = Set::new();
    // the mover's live pieces of the kind (and origin), in piece order
    let mut set = board.owned_by(mover, tok.kind, tok.general_of);
    while set != 0 {
        let i = set.trailing_zeros() as usize;
        set &= set - 1;
        let Some(p) = board.piece(i) else {
            continue;
        };
        if tok.file.is_some_and(|f| f != fr.file(p.y, p.x)) {
            continue;
        }
        cands.push(i);
    }
    let what = || {
        let k = tok
            .general_of
            .map(Side::name)
            .or(tok.kind.map(Kind::name))
            .unwrap_or("piece");
        match tok.file {
            Some(f) => format!("{} {k} on file {f}", mover.name()),
            None => format!("{} {k}", mover.name()),
        }
    };
    let Some(pos) = tok.pos else {
        return match cands.len() {
            0 => Err((code::NO_PIECE, format!("no {} to move", what()))),
            1 => Ok(cands.0.trailing_zeros() as usize),
            many => Err((
                code::AMBIGUOUS,
                format!("{many} pieces fit ({}); write 前/后 or the file", what()),
            )),
        };
    };
    // Group the candidates by (file, kind); keep the groups large enough for the position word.
    let mut chosen: Option<(i32, Kind)> = None;
    let mut groups = 0;
    for i in cands.iter() {
        let Some(p) = board.piece(i) else {
            continue;
        };
        let key = (fr.file(p.y, p.x), p.kind);
        if chosen == Some(key) {
            continue;
        }
        let n = cands
            .iter()
            .filter_map(|j| board.piece(j))
            .filter(|q| (fr.file(q.y, q.x), q.kind) == key)
            .count();
        if pos_index(pos, n).is_some() {
            match chosen {
                None => {
                    chosen = Some(key);
                    groups = 1;
                }
                Some(c) if c != key => groups += 1,
                _ => {}
            }
        }
    }
    let Some((file, kind)) = chosen else {
        return Err((
            code::NO_PIECE,
            format!(
                "no file holds enough like pieces for {} ({})",
                pos_name(pos),
                what()
            ),
        ));
    };
    if groups > 1 {
        return Err((
            code::AMBIGUOUS,
            format!(
                "several files fit {} ({}); write the file",
                pos_name(pos),
                what()
            ),
        ));
    }
    let mut group = Set::new();
    for i in cands.iter() {
        if let Some(p) = board.piece(i)
            && fr.file(p.y, p.x) == file
            && p.kind == kind
        {
            group.push(i);
        }
    }
    let mut buf = [(0i32, 0u8); 64];
    let mut n = 0;
    for i in group.iter() {
        if let (Some(p), Some(slot)) = (board.piece(i), buf.get_mut(n)) {
            *slot = (fr.forwardness(p.y, p.x), i as u8);
            n += 1;
        }
    }
    let g = buf.get_mut(..n).unwrap_or_default();
    g.sort_unstable_by_key(|b| std::cmp::Reverse(b.0));
    let idx = pos_index(pos, g.len()).unwrap_or(0);
    g.get(idx).map(|&(_, i)| i as usize).ok_or((
        code::NO_PIECE,
        format!("no {} piece ({})", pos_name(pos), what()),
    ))
}

/// A point moved along the file axis and the forward axis of a frame.
fn shift(fr: &Frame, y: u8, x: u8, file_to: Option<i32>, fwd: i32) -> (i32, i32) {
    let (mut ny, mut nx) = (y as i32, x as i32);
    if let Some(f) = file_to {
        let c = fr.file_coord(f);
        if fr.file_on_x {
            nx = c;
        } else {
            ny = c;
        }
    }
    if fr.fwd_on_x {
        nx += fwd * fr.fwd_sign as i32;
    } else {
        ny += fwd * fr.fwd_sign as i32;
    }
    (ny, nx)
}

/// Where a move lands: the point, a shape warning, and the piece standing there.
pub(crate) struct Landing {
    pub to: (u8, u8),
    pub warn: Option<String>,
    pub target: Option<Piece>,
}

/// The destination of a designated piece. Also returns a shape warning when the move is not one
/// the piece can make (cheap checks only).
pub(crate) fn destination(
    board: &Board,
    mover: Side,
    piece: usize,
    tok: &MoveTok,
) -> Result<Landing, Fail> {
    let geo = geometry();
    let fr = geo.frame(mover);
    let Some(p) = board.piece(piece) else {
        return Err((code::NO_PIECE, "the piece has gone".to_string()));
    };
    let kind = p.kind;
    let file_from = fr.file(p.y, p.x);
    let dir = match tok.action {
        Action::Advance => 1,
        Action::Retreat => -1,
        Action::Traverse => 0,
    };
    let (ny, nx) = match tok.action {
        Action::Traverse => {
            if kind.number_is_file() {
                return Err((
                    code::BAD_MOVE,
                    format!("a {} cannot move sideways (平)", kind.name()),
                ));
            }
            if tok.num == file_from {
                return Err((
                    code::BAD_MOVE,
                    format!("平{} does not leave file {file_from}", tok.num),
                ));
            }
            shift(&fr, p.y, p.x, Some(tok.num), 0)
        }
        _ if kind.number_is_file() => {
            let df = (tok.num - file_from).abs();
            let fwd = match kind {
                Kind::Horse if df == 1 => 2,
                Kind::Horse if df == 2 => 1,
                Kind::Horse => {
                    return Err((
                        code::BAD_MOVE,
                        format!("a 马 on file {file_from} cannot reach file {}", tok.num),
                    ));
                }
                Kind::Elephant => 2,
                _ => 1,
            };
            shift(&fr, p.y, p.x, Some(tok.num), fwd * dir)
        }
        _ => {
            if tok.num == 0 {
                return Err((code::BAD_MOVE, "a move of 0 steps".to_string()));
            }
            shift(&fr, p.y, p.x, None, tok.num * dir)
        }
    };
    if !geo.on_board(ny, nx) {
        return Err((
            code::OFF_BOARD,
            format!("the {} would leave the board at ({ny},{nx})", kind.name()),
        ));
    }
    let to = (ny as u8, nx as u8);
    let target = board.at(ny, nx).and_then(|j| board.piece(j));
    if let Some(t) = target
        && t.owner == mover
    {
        return Err((
            code::SELF_CAPTURE,
            format!("({ny},{nx}) holds the mover's own {}", t.kind.name()),
        ));
    }
    let (dy, dx) = ((ny - p.y as i32).abs(), (nx - p.x as i32).abs());
    let warn = match kind {
        Kind::Elephant if (dy, dx) != (2, 2) => {
            Some("a 相 moves two points diagonally (田)".to_string())
        }
        Kind::Advisor if (dy, dx) != (1, 1) => Some("a 士 moves one point diagonally".to_string()),
        Kind::Pawn | Kind::General if dy + dx != 1 => {
            Some(format!("a {} moves one point", kind.name()))
        }
        // only the 车 and the 炮 care what lies between
        Kind::Chariot | Kind::Cannon => {
            let between = board.between((p.y, p.x), to);
            match kind {
                Kind::Chariot if between > 0 => {
                    Some(format!("the 车's path holds {between} piece(s)"))
                }
                Kind::Cannon if target.is_some() && between != 1 => Some(format!(
                    "a capturing 炮 jumps exactly one piece, not {between}"
                )),
                Kind::Cannon if target.is_none() && between > 0 => {
                    Some(format!("the 炮's path holds {between} piece(s)"))
                }
                _ => None,
            }
        }
        _ => None,
    };
    // Home rules, for a side's own pieces only (annexed and 汉 pieces: unknown, not checked).
    let warn = warn.or_else(|| {
        if p.origin != mover {
            return None;
        }
        let home = geo.loaded_side(mover)?;
        match kind {
            Kind::Elephant if !home.in_territory(to.0, to.1) => {
                Some("a 相 stays in its own territory".to_string())
            }
            Kind::Advisor | Kind::General if !home.in_palace(to.0, to.1) => {
                Some(format!("a {} stays in its palace", kind.name()))
            }
            Kind::Pawn => {
                let (from_past, to_past) = (fr.past_border(p.y, p.x), fr.past_border(to.0, to.1));
                let on_defense = fr.fwd_coord(p.y, p.x) == fr.defense;
                match tok.action {
                    Action::Retreat if from_past <= 0 || to_past < 0 => {
                        Some("a 兵 retreats only beyond its 国境线, and not behind it".to_string())
                    }
                    Action::Traverse if !on_defense && from_past <= 0 => Some(
                        "a 兵 moves sideways only on its 防线 or beyond its 国境线".to_string(),
                    ),
                    _ => None,
                }
            }
            _ => None,
        }
    });
    Ok(Landing {
        to,
        warn,
        target: target.copied(),
    })
}
