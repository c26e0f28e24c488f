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

use super::codes::{self, KILLS, PRIMARY_GOVERNMENT, PROJECTILES};
use super::{Piece, Turn, WecGame, code, color_name};
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

/// The standard setup (ply 0).
pub fn standard_setup() -> Position {
    let pieces = codes::setup_pieces()
        .iter()
        .map(|(color, kind, level, row, col, arts, orient)| PlacedPiece {
            color: color.to_string(),
            kind: kind.to_string(),
            level: level.to_string(),
            row: *row,
            col: *col,
            articles: arts.iter().map(|a| a.to_string()).collect(),
            orient: orient.map(str::to_string),
            stunned: 0,
        })
        .collect();
    let ground_articles = codes::setup_ground()
        .iter()
        .map(|(r, c, a)| (*r, *c, a.to_string()))
        .collect();
    Position {
        pieces,
        ground_articles,
    }
}

/// The position after `ply` turns (0 = the standard setup). Turns that could not be read change
/// nothing; contradictions are resolved as in [`parse`](super::parse) (the record wins).
pub fn position_after(game: &WecGame, ply: usize) -> Position {
    let mut pos = standard_setup();
    for t in game.turns.iter().take(ply) {
        apply(&mut pos, t, &mut |_, _| {});
    }
    pos
}

/// Replays the whole game: sets the winner and pushes the warnings.
pub(crate) fn replay_game(game: &mut WecGame, diags: &mut Vec<Diagnostic>) {
    let mut pos = standard_setup();
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
        let won = apply(&mut pos, t, &mut |c, m| {
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
                    color_name(&w)
                ),
            ));
            game.winner = Some(w);
            game.ended_at = Some(t.ply);
        }
    }
}

fn other(c: &str) -> &'static str {
    if c == "B" { "W" } else { "B" }
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

fn find(
    pos: &Position,
    color: Option<&str>,
    kind: &str,
    level: &str,
    at: [u8; 2],
) -> Option<usize> {
    pos.pieces.iter().position(|p| {
        color.is_none_or(|c| p.color == c)
            && p.kind == kind
            && p.level == level
            && p.row == at[0]
            && p.col == at[1]
    })
}

/// Finds a piece the turn describes (other than the mover's own description): by colour first,
/// then any colour, then — when it is the moving piece described where it started — at the move's
/// destination.
fn locate(pos: &Position, t: &Turn, d: &Piece, color: &str) -> Option<usize> {
    find(pos, Some(color), &d.kind, &d.level, d.at)
        .or_else(|| find(pos, None, &d.kind, &d.level, d.at))
        .or_else(|| {
            (d.kind == t.piece.kind && d.level == t.piece.level && d.at == t.piece.at)
                .then(|| find(pos, None, &t.piece.kind, &t.to.level, t.to.at))
                .flatten()
        })
}

fn same_articles(a: &[String], b: &[String]) -> bool {
    let mut x: Vec<&String> = a.iter().collect();
    let mut y: Vec<&String> = b.iter().collect();
    x.sort();
    y.sort();
    x == y
}

fn remove_article(list: &mut Vec<String>, a: &str) -> bool {
    match list.iter().position(|x| x == a) {
        Some(k) => {
            list.remove(k);
            true
        }
        None => false,
    }
}

fn drop_all(pos: &mut Position, idx: usize) {
    let Some(p) = pos.pieces.get_mut(idx) else {
        return;
    };
    let (r, c) = (p.row, p.col);
    let arts = std::mem::take(&mut p.articles);
    pos.ground_articles
        .extend(arts.into_iter().map(|a| (r, c, a)));
}

/// Applies one turn; returns the winner if it ends the game.
pub(crate) fn apply(
    pos: &mut Position,
    t: &Turn,
    warn: &mut dyn FnMut(&'static str, String),
) -> Option<String> {
    if t.piece.kind.is_empty() {
        return None;
    }
    let mover = t.color.as_str();
    let who = format!("turn {} ({})", t.ply, color_name(mover));
    let p = &t.piece;
    // the moving piece
    let idx = match find(pos, Some(mover), &p.kind, &p.level, p.at) {
        Some(i) => i,
        None => match find(pos, None, &p.kind, &p.level, p.at) {
            Some(i) => {
                warn(
                    code::NO_PIECE,
                    format!(
                        "{who}: the {} is {}'s, not {}'s; it moves for {} as the record says",
                        describe_at(None, &p.kind, &p.level, p.at),
                        color_name(
                            &pos.pieces
                                .get(i)
                                .map(|x| x.color.clone())
                                .unwrap_or_default()
                        ),
                        color_name(mover),
                        color_name(mover)
                    ),
                );
                if let Some(x) = pos.pieces.get_mut(i) {
                    x.color = mover.to_string();
                }
                i
            }
            None => {
                warn(
                    code::NO_PIECE,
                    format!(
                        "{who}: no {} in the tracked position; placed there as the record says",
                        describe_at(Some(mover), &p.kind, &p.level, p.at)
                    ),
                );
                pos.pieces.push(PlacedPiece {
                    color: mover.to_string(),
                    kind: p.kind.clone(),
                    level: p.level.clone(),
                    row: p.at[0],
                    col: p.at[1],
                    articles: p.articles.clone(),
                    orient: None,
                    stunned: 0,
                });
                pos.pieces.len() - 1
            }
        },
    };
    if let Some(x) = pos.pieces.get_mut(idx) {
        if x.stunned > 0 {
            warn(
                code::STUNNED_MOVES,
                format!(
                    "{who}: the {} moves while stunned ({} turns left)",
                    name(&x.kind),
                    x.stunned
                ),
            );
            x.stunned = 0;
        }
        if !same_articles(&x.articles, &p.articles) {
            warn(
                code::ARTICLES_DIFFER,
                format!(
                    "{who}: the record gives the {} articles [{}], the tracked position [{}]; the record's are kept",
                    name(&x.kind),
                    p.articles.join(" "),
                    x.articles.join(" ")
                ),
            );
            x.articles = p.articles.clone();
        }
        x.orient = p.orient.clone();
        x.level = t.to.level.clone();
        x.row = t.to.at[0];
        x.col = t.to.at[1];
    }
    // stun counts down at each of the owner's turns
    for x in pos
        .pieces
        .iter_mut()
        .filter(|x| x.color == mover && x.stunned > 0)
    {
        x.stunned -= 1;
    }
    // transport
    if let Some(tr) = &t.transport {
        match locate(pos, t, &tr.piece, mover) {
            Some(i) => {
                if let Some(x) = pos.pieces.get_mut(i) {
                    x.level = tr.to.level.clone();
                    x.row = tr.to.at[0];
                    x.col = tr.to.at[1];
                }
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
        let step = |a: u8, b: u8| (i16::from(b) - i16::from(a)).signum();
        let dir = [step(p.at[0], t.to.at[0]), step(p.at[1], t.to.at[1])];
        let mut moves = Vec::new();
        for d in &dz.pieces {
            let src = [i16::from(d.at[0]) - dir[0], i16::from(d.at[1]) - dir[1]];
            let found = (1..=10).contains(&src[0]) && (1..=10).contains(&src[1]);
            let found = found
                .then(|| {
                    pos.pieces.iter().enumerate().position(|(k, x)| {
                        k != idx
                            && x.kind == d.kind
                            && x.level == "ground"
                            && i16::from(x.row) == src[0]
                            && i16::from(x.col) == src[1]
                    })
                })
                .flatten();
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
            if let Some(x) = pos.pieces.get_mut(k) {
                x.row = at[0];
                x.col = at[1];
            }
        }
    }
    // fires: check the firing piece
    for f in &t.fires {
        if locate(pos, t, &f.from, mover).is_none() {
            warn(
                code::NO_PIECE,
                format!(
                    "{who}: no {} to fire {}",
                    describe_at(Some(mover), &f.from.kind, &f.from.level, f.from.at),
                    f.article
                ),
            );
        }
    }
    // pickup
    if let Some(pu) = &t.pickup {
        match locate(pos, t, &pu.piece, mover) {
            Some(i) => {
                let (r, c) = pos.pieces.get(i).map_or((0, 0), |x| (x.row, x.col));
                let k = pos
                    .ground_articles
                    .iter()
                    .position(|(gr, gc, a)| [*gr, *gc] == pu.piece.at && *a == pu.article)
                    .or_else(|| {
                        pos.ground_articles
                            .iter()
                            .position(|(gr, gc, a)| (*gr, *gc) == (r, c) && *a == pu.article)
                    });
                match k {
                    Some(k) => {
                        pos.ground_articles.remove(k);
                    }
                    None => warn(
                        code::NO_ARTICLE,
                        format!(
                            "{who}: no {} on the ground at ({},{}) to pick up; the piece takes it as the record says",
                            pu.article, pu.piece.at[0], pu.piece.at[1]
                        ),
                    ),
                }
                if let Some(x) = pos.pieces.get_mut(i) {
                    x.articles.push(pu.article.clone());
                }
            }
            None => warn(
                code::NO_PIECE,
                format!(
                    "{who}: no {} to pick up {}",
                    describe_at(Some(mover), &pu.piece.kind, &pu.piece.level, pu.piece.at),
                    pu.article
                ),
            ),
        }
    }
    // exchange
    if let Some(ex) = &t.exchange {
        let from = locate(pos, t, &ex.from, mover);
        let to = locate(pos, t, &ex.to, mover);
        match (from, to) {
            (Some(a), Some(b)) => {
                let mut give =
                    |src: usize,
                     dst: usize,
                     art: &str,
                     warn: &mut dyn FnMut(&'static str, String)| {
                        let ok = pos
                            .pieces
                            .get_mut(src)
                            .is_some_and(|x| remove_article(&mut x.articles, art));
                        if !ok {
                            warn(
                                code::NO_ARTICLE,
                                format!(
                                    "{who}: the exchange gives {art} from a piece that does not hold it"
                                ),
                            );
                        }
                        if let Some(x) = pos.pieces.get_mut(dst) {
                            x.articles.push(art.to_string());
                        }
                    };
                give(a, b, &ex.article, warn);
                if let Some(s) = &ex.swap {
                    give(b, a, s, warn);
                }
            }
            _ => warn(
                code::NO_PIECE,
                format!("{who}: a piece of the exchange is not in the tracked position"),
            ),
        }
    }
    // reinforce
    if let Some(re) = &t.reinforce {
        pos.pieces.push(PlacedPiece {
            color: mover.to_string(),
            kind: re.kind.clone(),
            level: "ground".to_string(),
            row: re.at[0],
            col: re.at[1],
            articles: Vec::new(),
            orient: re.orient.clone(),
            stunned: 0,
        });
    }
    // drop
    if let Some(dr) = &t.drop {
        match locate(pos, t, &dr.piece, mover) {
            Some(i) => {
                let ok = pos
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
                let (r, c) = pos
                    .pieces
                    .get(i)
                    .map_or((dr.piece.at[0], dr.piece.at[1]), |x| (x.row, x.col));
                pos.ground_articles.push((r, c, dr.article.clone()));
            }
            None => warn(
                code::NO_PIECE,
                format!(
                    "{who}: no {} to drop {}",
                    describe_at(Some(mover), &dr.piece.kind, &dr.piece.level, dr.piece.at),
                    dr.article
                ),
            ),
        }
    }
    // results
    let mut winner = None;
    for r in &t.results {
        if let (Some(d), Some(c)) = (&r.piece, &r.color) {
            let i = find(pos, Some(c), &d.kind, &d.level, d.at).or_else(|| locate(pos, t, d, c));
            let Some(i) = i else {
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
            let tracked = pos
                .pieces
                .get(i)
                .map(|x| x.color.clone())
                .unwrap_or_default();
            if tracked != *c {
                warn(
                    code::RESULT_COLOR,
                    format!(
                        "{who}: result {} names a {} piece, the tracked {} is {}'s",
                        r.kind,
                        color_name(c),
                        name(&d.kind),
                        color_name(&tracked)
                    ),
                );
            }
            let primary = PRIMARY_GOVERNMENT.contains(&d.kind.as_str());
            let k = r.kind.as_str();
            if KILLS.contains(&k) || PROJECTILES.contains(&k) {
                drop_all(pos, i);
                pos.pieces.remove(i);
                if primary && winner.is_none() {
                    winner = Some(other(&tracked).to_string());
                }
            } else if k == "STK" {
                if let Some(x) = pos.pieces.get_mut(i) {
                    x.stunned = r.stun.unwrap_or(0);
                }
                drop_all(pos, i);
            } else {
                if let Some(x) = pos.pieces.get_mut(i) {
                    x.color = other(&tracked).to_string();
                    x.stunned = r.stun.unwrap_or(0);
                }
                if primary && winner.is_none() {
                    winner = Some(other(&tracked).to_string());
                }
            }
        } else if let (Some(at), Some(off)) = (r.at, r.offset) {
            if PROJECTILES.contains(&r.kind.as_str()) {
                continue;
            }
            let Some(i) = pos
                .pieces
                .iter()
                .position(|x| x.kind == r.kind && [x.row, x.col] == at)
            else {
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
                (u8::try_from(nr), u8::try_from(nc), pos.pieces.get_mut(i))
            {
                x.row = nr;
                x.col = nc;
            }
        }
    }
    winner
}
