//! Replay of a WEC game from the standard setup (`import/data/wec/setup.csv` and `ground.csv`).
//!
//! What each part does to the tracked position:
//! - **Move:** the piece (found by colour, type, level and square; its articles and orientation are
//!   taken from the record) goes to the destination level and square.
//! - **Transport:** the transported piece goes to its destination. **Dozer:** each dozed piece (any
//!   colour, on the ground) is found one step behind the square it is pushed to, the step being the
//!   direction of the dozer's move, and moved there.
//! - **Fire:** no effect by itself (its effects are written as results); the firing piece is checked.
//! - **Pickup:** the article leaves the ground of the piece's square and joins the piece. **Drop:**
//!   the reverse. **Exchange:** the article passes from one piece to the other (and the swapped one
//!   back). **Reinforce:** a new piece of the mover's colour appears on the ground.
//! - **Results with `*Piece`:** `R T S RK TK SK CK` destroy the piece; `STK` stuns it for the given
//!   number of its owner's turns; a piece type as result type converts it (it changes colour, and
//!   is stunned for the given number if not 0). A stunned or destroyed piece drops all its articles
//!   on the ground of its square (the seed's spreading rule for crowded squares is not modelled).
//!   **Results with `->`:** a projectile code is a projectile in flight (not tracked); a piece type is
//!   a displaced piece, moved from the location by the offset. **`v` results** are not tracked.
//! - **Stun:** a stunned piece may not move; the count goes down by one at each of its owner's turns.
//! - **End:** destroying or converting a primary government piece (`K DI AV PR`) ends the game; the
//!   other colour wins. Turns after that are reported.
//!
//! The record is the authority: when it contradicts the tracked position (no such piece there,
//! other articles, an article that is not there) a warning names the turn, and the position is
//! changed to agree with the record (a missing moving piece is created where the record says).

use serde::{Deserialize, Serialize};

use super::code;
use super::codes::{self, KILLS, PRIMARY_GOVERNMENT, PROJECTILES};
use super::model::{Piece, Turn, WecGame, color_name};
use crate::diag::Diagnostic;

/// One player piece on the board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacedPiece {
    /// `B` or `W`.
    pub color: String,
    /// Piece type code (`TA`, `JE`, …).
    pub kind: String,
    /// `ground`, `air` or `sub`.
    pub level: String,
    pub row: u8,
    pub col: u8,
    pub articles: Vec<String>,
    pub orient: Option<String>,
    /// Own turns left stunned (0: free).
    pub stunned: u8,
}

/// The board at some ply: player pieces and the unowned articles on the ground.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Position {
    pub pieces: Vec<PlacedPiece>,
    /// `(row, col, article)`, one entry per article.
    pub ground_articles: Vec<(u8, u8, String)>,
}

/// A piece as the replay tracks it: small, with codes interned as `&'static str`.
#[derive(Debug, Clone)]
struct Ip {
    /// 0 Black, 1 White.
    color: u8,
    kind: &'static str,
    /// 0 ground, 1 air, 2 sub.
    level: u8,
    at: [u8; 2],
    articles: Vec<&'static str>,
    orient: Option<&'static str>,
    stunned: u8,
}

#[derive(Debug, Clone, Default)]
struct Board {
    pieces: Vec<Ip>,
    /// `key(piece)` of each piece, in the same order: what `find` scans.
    keys: Vec<u32>,
    ground: Vec<(u8, u8, &'static str)>,
    /// False when no piece is stunned (then the stun count-down has nothing to do).
    any_stunned: bool,
}

/// Colour, level and square packed in one number, for scanning.
fn key(color: u8, level: u8, at: [u8; 2]) -> u32 {
    u32::from(color) << 24 | u32::from(level) << 16 | u32::from(at[0]) << 8 | u32::from(at[1])
}

impl Ip {
    fn key(&self) -> u32 {
        key(self.color, self.level, self.at)
    }
}

/// More pieces than the board can hold (10×10 squares, 3 levels, 2 per level) are never created.
const MAX_PIECES: usize = 600;

const COLORS: [&str; 2] = ["B", "W"];
const LEVELS: [&str; 3] = ["ground", "air", "sub"];

fn color_of(c: &str) -> u8 {
    u8::from(c == "W")
}

fn level_of(l: &str) -> u8 {
    match l {
        "air" => 1,
        "sub" => 2,
        _ => 0,
    }
}

/// The static form of a code (the parser only stores codes of its tables).
fn intern(s: &str) -> &'static str {
    codes::PIECE_TYPES
        .iter()
        .chain(codes::ARTICLES)
        .map(|c| c.canon)
        .find(|c| *c == s)
        .or_else(|| ["<", ">"].into_iter().find(|c| *c == s))
        .unwrap_or("?")
}

fn setup_board() -> &'static Board {
    static B: std::sync::OnceLock<Board> = std::sync::OnceLock::new();
    B.get_or_init(|| {
        let mut b = Board {
            pieces: codes::setup_pieces()
                .iter()
                .map(|(color, kind, level, row, col, arts, orient)| Ip {
                    color: color_of(color),
                    kind,
                    level: level_of(level),
                    at: [*row, *col],
                    articles: arts.clone(),
                    orient: *orient,
                    stunned: 0,
                })
                .collect(),
            ground: codes::setup_ground().to_vec(),
            keys: Vec::new(),
            any_stunned: false,
        };
        b.keys = b.pieces.iter().map(Ip::key).collect();
        b.any_stunned = b.pieces.iter().any(|p| p.stunned > 0);
        b
    })
}

impl Board {
    fn position(&self) -> Position {
        Position {
            pieces: self
                .pieces
                .iter()
                .map(|p| PlacedPiece {
                    color: COLORS[usize::from(p.color & 1)].to_string(),
                    kind: p.kind.to_string(),
                    level: LEVELS
                        .get(usize::from(p.level))
                        .copied()
                        .unwrap_or("ground")
                        .to_string(),
                    row: p.at[0],
                    col: p.at[1],
                    articles: p.articles.iter().map(|a| a.to_string()).collect(),
                    orient: p.orient.map(str::to_string),
                    stunned: p.stunned,
                })
                .collect(),
            ground_articles: self
                .ground
                .iter()
                .map(|(r, c, a)| (*r, *c, a.to_string()))
                .collect(),
        }
    }

    fn find(&self, color: Option<u8>, kind: &str, level: &str, at: [u8; 2]) -> Option<usize> {
        let k = key(color.unwrap_or(0), level_of(level), at);
        let mask = if color.is_some() {
            u32::MAX
        } else {
            0x00ff_ffff
        };
        // Keys are tested four at a time, branch-free (one vector compare), and only a group
        // with a match is looked at key by key: a board holds about 60 pieces, and this runs for
        // every piece a turn names. The first match in piece order wins, as before.
        let hit = |i: usize| {
            self.keys.get(i).is_some_and(|x| *x & mask == k)
                && self.pieces.get(i).is_some_and(|p| p.kind == kind)
        };
        let mut groups = self.keys.chunks_exact(4);
        for (g, four) in groups.by_ref().enumerate() {
            if four.iter().fold(false, |any, x| any | (*x & mask == k))
                && let Some(i) = (g * 4..g * 4 + 4).find(|&i| hit(i))
            {
                return Some(i);
            }
        }
        let tail = self.keys.len() - groups.remainder().len();
        (tail..self.keys.len()).find(|&i| hit(i))
    }

    /// Re-packs piece `i`'s key after a change of colour, level or square.
    fn sync(&mut self, i: usize) {
        if let (Some(p), Some(k)) = (self.pieces.get(i), self.keys.get_mut(i)) {
            *k = p.key();
        }
    }

    fn push(&mut self, p: Ip) {
        self.keys.push(p.key());
        self.pieces.push(p);
    }

    fn remove(&mut self, i: usize) {
        if i < self.pieces.len() {
            self.pieces.remove(i);
            self.keys.remove(i);
        }
    }

    /// Finds a piece the turn describes (other than the mover's own description): by colour
    /// first, then any colour, then — when it is the moving piece described where it started —
    /// at the move's destination.
    fn locate(&self, t: &Turn, d: &Piece, color: u8) -> Option<usize> {
        self.find(Some(color), &d.kind, &d.level, d.at)
            .or_else(|| self.find(None, &d.kind, &d.level, d.at))
            .or_else(|| {
                (d.kind == t.piece.kind && d.level == t.piece.level && d.at == t.piece.at)
                    .then(|| self.find(None, &t.piece.kind, &t.to.level, t.to.at))
                    .flatten()
            })
    }

    fn drop_all(&mut self, idx: usize) {
        let Some(p) = self.pieces.get_mut(idx) else {
            return;
        };
        let at = p.at;
        let arts = std::mem::take(&mut p.articles);
        self.ground
            .extend(arts.into_iter().map(|a| (at[0], at[1], a)));
    }
}

/// The standard setup (ply 0).
pub fn standard_setup() -> Position {
    setup_board().position()
}

/// The position after `ply` turns (0 = the standard setup). Turns that could not be read change
/// nothing; contradictions are resolved as in [`parse`](super::parse) (the record wins).
pub fn position_after(game: &WecGame, ply: usize) -> Position {
    let mut b = setup_board().clone();
    for t in game.turns.iter().take(ply) {
        apply(&mut b, t, &mut |_, _| {});
    }
    b.position()
}

/// Replays the whole game: sets the winner and pushes the warnings.
pub(crate) fn replay_game(game: &mut WecGame, diags: &mut Vec<Diagnostic>) {
    let mut b = setup_board().clone();
    let mut after_end_reported = false;
    for t in &game.turns {
        if game.winner.is_some() && !after_end_reported && !t.piece.kind.is_empty() {
            after_end_reported = true;
            diags.push(Diagnostic::warning(
                code::AFTER_END,
                t.line,
                1,
                format!(
                    "turn {} ({}): the game ended at turn {}; the later turns are replayed as written",
                    t.ply,
                    color_name(&t.color),
                    game.ended_at.unwrap_or(0)
                ),
            ));
        }
        let line = t.line;
        let won = apply(&mut b, t, &mut |c, m| {
            diags.push(Diagnostic::warning(c, line, 1, m))
        });
        if let (Some(w), None) = (won, &game.winner) {
            diags.push(Diagnostic::info(
                code::GAME_WON,
                t.line,
                1,
                format!(
                    "turn {}: a primary government piece falls; {} wins",
                    t.ply,
                    color_name(w)
                ),
            ));
            game.winner = Some(w.to_string());
            game.ended_at = Some(t.ply);
        }
    }
}

fn name(kind: &str) -> &str {
    codes::piece_name(kind).unwrap_or(kind)
}

fn describe_at(color: Option<&str>, kind: &str, level: &str, at: [u8; 2]) -> String {
    let who = color
        .map(|c| format!("{} ", color_name(c)))
        .unwrap_or_default();
    let lv = match level {
        "air" => "in the air",
        "sub" => "at sub level",
        _ => "on the ground",
    };
    format!("{who}{} {lv} at ({},{})", name(kind), at[0], at[1])
}

/// Same articles, in any order (no allocation: lists hold at most a few codes).
fn same_articles(a: &[&str], b: &[super::model::Code]) -> bool {
    a.len() == b.len()
        && a.iter().all(|x| {
            a.iter().filter(|y| *y == x).count() == b.iter().filter(|y| &***y == *x).count()
        })
}

fn remove_article(list: &mut Vec<&'static str>, a: &str) -> bool {
    match list.iter().position(|x| *x == a) {
        Some(k) => {
            list.remove(k);
            true
        }
        None => false,
    }
}

/// "turn 5 (Black)", formatted only when a message needs it.
struct Who<'a>(&'a Turn);

impl std::fmt::Display for Who<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "turn {} ({})", self.0.ply, color_name(&self.0.color))
    }
}

/// Applies one turn; returns the winner (`B`/`W`) if it ends the game.
fn apply(
    b: &mut Board,
    t: &Turn,
    warn: &mut dyn FnMut(&'static str, String),
) -> Option<&'static str> {
    if t.piece.kind.is_empty() {
        return None;
    }
    let mover = color_of(&t.color);
    let mover_s = COLORS[usize::from(mover)];
    let who = Who(t);
    let p = &t.piece;
    // the moving piece
    let mut created = false;
    let idx = match b.find(Some(mover), &p.kind, &p.level, p.at) {
        Some(i) => Some(i),
        None => match b.find(None, &p.kind, &p.level, p.at) {
            Some(i) => {
                warn(
                    code::NO_PIECE,
                    format!(
                        "{who}: the {} is {}'s, not {}'s; it moves for {} as the record says",
                        describe_at(None, &p.kind, &p.level, p.at),
                        color_name(COLORS[usize::from(1 - mover)]),
                        color_name(mover_s),
                        color_name(mover_s)
                    ),
                );
                if let Some(x) = b.pieces.get_mut(i) {
                    x.color = mover;
                }
                b.sync(i);
                Some(i)
            }
            None => {
                warn(
                    code::NO_PIECE,
                    format!(
                        "{who}: no {} in the tracked position; placed there as the record says",
                        describe_at(Some(mover_s), &p.kind, &p.level, p.at)
                    ),
                );
                created = true;
                (b.pieces.len() < MAX_PIECES).then(|| {
                    b.push(Ip {
                        color: mover,
                        kind: intern(&p.kind),
                        level: level_of(&p.level),
                        at: p.at,
                        articles: Vec::new(),
                        orient: None,
                        stunned: 0,
                    });
                    b.pieces.len() - 1
                })
            }
        },
    };
    if let Some(x) = idx.and_then(|i| b.pieces.get_mut(i)) {
        if x.stunned > 0 {
            warn(
                code::STUNNED_MOVES,
                format!(
                    "{who}: the {} moves while stunned ({} turns left)",
                    name(x.kind),
                    x.stunned
                ),
            );
            x.stunned = 0;
        }
        if !same_articles(&x.articles, &p.articles) {
            if !created {
                warn(
                    code::ARTICLES_DIFFER,
                    format!(
                        "{who}: the record gives the {} articles [{}], the tracked position [{}]; the record's are kept",
                        name(x.kind),
                        p.articles.join(" "),
                        x.articles.join(" ")
                    ),
                );
            }
            x.articles = p.articles.iter().map(|a| intern(a)).collect();
        }
        x.orient = p.orient.as_deref().map(intern);
        x.level = level_of(&t.to.level);
        x.at = t.to.at;
    }
    if let Some(i) = idx {
        b.sync(i);
    }
    // stun counts down at each of the owner's turns
    if b.any_stunned {
        for x in b
            .pieces
            .iter_mut()
            .filter(|x| x.color == mover && x.stunned > 0)
        {
            x.stunned -= 1;
        }
        b.any_stunned = b.pieces.iter().any(|x| x.stunned > 0);
    }
    // transport
    if let Some(tr) = &t.transport {
        match b.locate(t, &tr.piece, mover) {
            Some(i) => {
                if let Some(x) = b.pieces.get_mut(i) {
                    x.level = level_of(&tr.to.level);
                    x.at = tr.to.at;
                }
                b.sync(i);
            }
            None => warn(
                code::NO_PIECE,
                format!(
                    "{who}: no {} to transport",
                    describe_at(None, &tr.piece.kind, &tr.piece.level, tr.piece.at)
                ),
            ),
        }
    }
    // dozer
    if let Some(dz) = &t.dozer {
        let step = |a: u8, c: u8| (i16::from(c) - i16::from(a)).signum();
        let dir = [step(p.at[0], t.to.at[0]), step(p.at[1], t.to.at[1])];
        let mut moves = Vec::new();
        for d in &dz.pieces {
            let src = [i16::from(d.at[0]) - dir[0], i16::from(d.at[1]) - dir[1]];
            let found = b.pieces.iter().enumerate().position(|(k, x)| {
                Some(k) != idx
                    && x.level == 0
                    && i16::from(x.at[0]) == src[0]
                    && i16::from(x.at[1]) == src[1]
                    && x.kind == d.kind
            });
            match found {
                Some(k) => moves.push((k, d.at)),
                None => warn(
                    code::NO_PIECE,
                    format!(
                        "{who}: no {} on the ground at ({},{}) to doze to ({},{})",
                        name(&d.kind),
                        src[0],
                        src[1],
                        d.at[0],
                        d.at[1]
                    ),
                ),
            }
        }
        for (k, at) in moves {
            if let Some(x) = b.pieces.get_mut(k) {
                x.at = at;
            }
            b.sync(k);
        }
    }
    // fires: check the firing piece
    for f in &t.fires {
        if b.locate(t, &f.from, mover).is_none() {
            warn(
                code::NO_PIECE,
                format!(
                    "{who}: no {} to fire {}",
                    describe_at(Some(mover_s), &f.from.kind, &f.from.level, f.from.at),
                    f.article
                ),
            );
        }
    }
    // pickup
    if let Some(pu) = &t.pickup {
        match b.locate(t, &pu.piece, mover) {
            Some(i) => {
                let at = b.pieces.get(i).map_or([0, 0], |x| x.at);
                let k = b
                    .ground
                    .iter()
                    .position(|(gr, gc, a)| [*gr, *gc] == pu.piece.at && *a == pu.article)
                    .or_else(|| {
                        b.ground
                            .iter()
                            .position(|(gr, gc, a)| [*gr, *gc] == at && *a == pu.article)
                    });
                match k {
                    Some(k) => {
                        b.ground.remove(k);
                    }
                    None => warn(
                        code::NO_ARTICLE,
                        format!(
                            "{who}: no {} on the ground at ({},{}) to pick up; the piece takes it as the record says",
                            pu.article, pu.piece.at[0], pu.piece.at[1]
                        ),
                    ),
                }
                if let Some(x) = b.pieces.get_mut(i) {
                    x.articles.push(intern(&pu.article));
                }
            }
            None => warn(
                code::NO_PIECE,
                format!(
                    "{who}: no {} to pick up {}",
                    describe_at(Some(mover_s), &pu.piece.kind, &pu.piece.level, pu.piece.at),
                    pu.article
                ),
            ),
        }
    }
    // exchange
    if let Some(ex) = &t.exchange {
        let from = b.locate(t, &ex.from, mover);
        let to = b.locate(t, &ex.to, mover);
        match (from, to) {
            (Some(x), Some(y)) => {
                let mut give =
                    |src: usize,
                     dst: usize,
                     art: &str,
                     warn: &mut dyn FnMut(&'static str, String)| {
                        let ok = b
                            .pieces
                            .get_mut(src)
                            .is_some_and(|p| remove_article(&mut p.articles, art));
                        if !ok {
                            warn(
                                code::NO_ARTICLE,
                                format!(
                                    "{who}: the exchange gives {art} from a piece that does not hold it"
                                ),
                            );
                        }
                        if let Some(p) = b.pieces.get_mut(dst) {
                            p.articles.push(intern(art));
                        }
                    };
                give(x, y, &ex.article, warn);
                if let Some(s) = &ex.swap {
                    give(y, x, s, warn);
                }
            }
            _ => warn(
                code::NO_PIECE,
                format!("{who}: a piece of the exchange is not in the tracked position"),
            ),
        }
    }
    // reinforce
    if let Some(re) = &t.reinforce
        && b.pieces.len() < MAX_PIECES
    {
        b.push(Ip {
            color: mover,
            kind: intern(&re.kind),
            level: 0,
            at: re.at,
            articles: Vec::new(),
            orient: re.orient.as_deref().map(intern),
            stunned: 0,
        });
    }
    // drop
    if let Some(dr) = &t.drop {
        match b.locate(t, &dr.piece, mover) {
            Some(i) => {
                let ok = b
                    .pieces
                    .get_mut(i)
                    .is_some_and(|x| remove_article(&mut x.articles, &dr.article));
                if !ok {
                    warn(
                        code::NO_ARTICLE,
                        format!(
                            "{who}: the {} drops {} but does not hold it",
                            name(&dr.piece.kind),
                            dr.article
                        ),
                    );
                }
                let at = b.pieces.get(i).map_or(dr.piece.at, |x| x.at);
                b.ground.push((at[0], at[1], intern(&dr.article)));
            }
            None => warn(
                code::NO_PIECE,
                format!(
                    "{who}: no {} to drop {}",
                    describe_at(Some(mover_s), &dr.piece.kind, &dr.piece.level, dr.piece.at),
                    dr.article
                ),
            ),
        }
    }
    // results
    let mut winner = None;
    for r in &t.results {
        if let (Some(d), Some(c)) = (&r.piece, &r.color) {
            let cc = color_of(c);
            let Some(i) = b
                .find(Some(cc), &d.kind, &d.level, d.at)
                .or_else(|| b.locate(t, d, cc))
            else {
                warn(
                    code::NO_PIECE,
                    format!(
                        "{who}: result {} on a {} not in the tracked position",
                        r.kind,
                        describe_at(Some(c), &d.kind, &d.level, d.at)
                    ),
                );
                continue;
            };
            let tracked = b.pieces.get(i).map_or(cc, |x| x.color);
            if tracked != cc {
                warn(
                    code::RESULT_COLOR,
                    format!(
                        "{who}: result {} names a {} piece, the tracked {} is {}'s",
                        r.kind,
                        color_name(c),
                        name(&d.kind),
                        color_name(COLORS[usize::from(tracked & 1)])
                    ),
                );
            }
            let loser_wins = COLORS[usize::from(1 - (tracked & 1))];
            let primary = PRIMARY_GOVERNMENT.contains(&&*d.kind);
            let k = &*r.kind;
            if KILLS.contains(&k) || PROJECTILES.contains(&k) {
                b.drop_all(i);
                b.remove(i);
                if primary && winner.is_none() {
                    winner = Some(loser_wins);
                }
            } else if k == "STK" {
                if let Some(x) = b.pieces.get_mut(i) {
                    x.stunned = r.stun.unwrap_or(0);
                    b.any_stunned |= x.stunned > 0;
                }
                b.drop_all(i);
            } else {
                if let Some(x) = b.pieces.get_mut(i) {
                    x.color = 1 - (tracked & 1);
                    x.stunned = r.stun.unwrap_or(0);
                    b.any_stunned |= x.stunned > 0;
                }
                b.sync(i);
                if primary && winner.is_none() {
                    winner = Some(loser_wins);
                }
            }
        } else if let (Some(at), Some(off)) = (r.at, r.offset) {
            if PROJECTILES.contains(&&*r.kind) {
                continue;
            }
            let Some(i) = b.pieces.iter().position(|x| x.at == at && x.kind == r.kind) else {
                warn(
                    code::NO_PIECE,
                    format!(
                        "{who}: no {} at ({},{}) to displace",
                        name(&r.kind),
                        at[0],
                        at[1]
                    ),
                );
                continue;
            };
            let nr = i16::from(at[0]) + i16::from(off[0]);
            let nc = i16::from(at[1]) + i16::from(off[1]);
            if let (Ok(nr @ 1..=10), Ok(nc @ 1..=10), Some(x)) =
                (u8::try_from(nr), u8::try_from(nc), b.pieces.get_mut(i))
            {
                x.at = [nr, nc];
            }
            b.sync(i);
        }
    }
    debug_assert!(
        b.keys.iter().zip(&b.pieces).all(|(k, p)| *k == p.key()) && b.keys.len() == b.pieces.len()
    );
    winner
}
