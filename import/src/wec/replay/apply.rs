//! What one turn does to the tracked position (see [`super`]), part by part.

use super::super::code;
use super::super::codes::{KILLS, PRIMARY_GOVERNMENT, PROJECTILES};
use super::super::model::{Turn, color_name};
use super::{
    Board, COLORS, Ip, MAX_PIECES, Who, color_of, describe_at, intern, level_of, name,
    remove_article, same_articles,
};

impl Board {
    /// Applies one turn; returns the winner (`B`/`W`) if it ends the game.
    pub(super) fn apply(
        &mut self,
        t: &Turn,
        warn: &mut dyn FnMut(&'static str, String),
    ) -> Option<&'static str> {
        let b = self;
        if t.piece.kind.is_empty() {
            return None;
        }
        let mover = color_of(&t.color);
        let moved = mover_index(b, t, mover, warn);
        move_piece(b, t, mover, moved, warn);
        transport(b, t, mover, warn);
        dozer(b, t, moved.0, warn);
        fires(b, t, mover, warn);
        pickup(b, t, mover, warn);
        exchange(b, t, mover, warn);
        reinforce(b, t, mover);
        drop_part(b, t, mover, warn);
        let winner = results(b, t, warn);
        debug_assert!(
            b.keys.iter().zip(&b.pieces).all(|(k, p)| *k == p.key())
                && b.keys.len() == b.pieces.len()
        );
        winner
    }
}

/// The moving piece: found (any colour: then it changes sides), or created where the record
/// says; its index (none when the board is full) and whether it was created.
#[inline]
fn mover_index(
    b: &mut Board,
    t: &Turn,
    mover: u8,
    warn: &mut dyn FnMut(&'static str, String),
) -> (Option<usize>, bool) {
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
    (idx, created)
}

/// The moving piece goes to its destination with the record's articles and orientation; the
/// mover's stunned pieces count down.
#[inline]
fn move_piece(
    b: &mut Board,
    t: &Turn,
    mover: u8,
    (idx, created): (Option<usize>, bool),
    warn: &mut dyn FnMut(&'static str, String),
) {
    let who = Who(t);
    let p = &t.piece;
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
}

/// The transported piece goes to its destination.
#[inline]
fn transport(b: &mut Board, t: &Turn, mover: u8, warn: &mut dyn FnMut(&'static str, String)) {
    let who = Who(t);
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
}

/// Each dozed piece is pushed one step in the direction of the dozer's move (`idx`: the dozer).
#[inline]
fn dozer(b: &mut Board, t: &Turn, idx: Option<usize>, warn: &mut dyn FnMut(&'static str, String)) {
    let who = Who(t);
    let p = &t.piece;
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
}

/// Each firing piece is checked (a fire's effects are written as results).
#[inline]
fn fires(b: &Board, t: &Turn, mover: u8, warn: &mut dyn FnMut(&'static str, String)) {
    let mover_s = COLORS[usize::from(mover)];
    let who = Who(t);
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
}

/// The article leaves the ground of the piece's square and joins the piece.
#[inline]
fn pickup(b: &mut Board, t: &Turn, mover: u8, warn: &mut dyn FnMut(&'static str, String)) {
    let mover_s = COLORS[usize::from(mover)];
    let who = Who(t);
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
}

/// The article passes from one piece to the other, and the swapped one back.
#[inline]
fn exchange(b: &mut Board, t: &Turn, mover: u8, warn: &mut dyn FnMut(&'static str, String)) {
    let who = Who(t);
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
}

/// A new piece of the mover's colour appears on the ground.
#[inline]
fn reinforce(b: &mut Board, t: &Turn, mover: u8) {
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
}

/// The article leaves the piece for the ground of its square.
#[inline]
fn drop_part(b: &mut Board, t: &Turn, mover: u8, warn: &mut dyn FnMut(&'static str, String)) {
    let mover_s = COLORS[usize::from(mover)];
    let who = Who(t);
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
}

/// The results: pieces destroyed, stunned, converted or displaced; the winner (`B`/`W`) when a
/// primary government piece falls.
#[inline]
fn results(
    b: &mut Board,
    t: &Turn,
    warn: &mut dyn FnMut(&'static str, String),
) -> Option<&'static str> {
    let who = Who(t);
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
    winner
}
