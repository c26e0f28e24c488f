//! The position: a flat 17×17 array of piece slots plus a short piece list (53 pieces at most), and
//! the one function that applies a move with its events. The parser's replay and [`board_after`]
//! both go through `Board::apply`, so the board page shows exactly what the resolver saw.

use std::sync::LazyLock;

use serde::Serialize;

use super::game::{MoveEvent, SanguoGame};
use super::geometry::{CELLS, Kind, N, Side, geometry};

/// A piece on the board.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Piece {
    pub y: u8,
    pub x: u8,
    pub kind: Kind,
    /// Who moves it now.
    pub owner: Side,
    /// Whose piece it was in the setup.
    pub origin: Side,
    pub alive: bool,
}

/// A piece as the board page shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardPiece {
    pub y: u8,
    pub x: u8,
    pub piece: String,
    pub owner: String,
    pub origin: String,
}

static SETUP: LazyLock<Board> = LazyLock::new(Board::build_setup);

#[derive(Debug, Clone)]
pub(crate) struct Board {
    /// Index into `pieces` + 1; 0 = empty.
    grid: [u8; CELLS],
    pub pieces: Vec<Piece>,
    /// Sides still in the game (吴 魏 蜀).
    pub live: [bool; 3],
    /// Bit `i` set when piece `i` is alive and owned by the side (indexed by [`Side`]); kept by
    /// every change of `alive` or `owner`, so the resolver need not scan the piece list.
    owned: [u64; 4],
    /// Bit `i` set when piece `i` is of the kind (indexed by [`Kind`]; kinds never change).
    of_kind: [u64; 7],
    /// Bit `i` set when piece `i` belonged to the side in the setup (never changes).
    of_origin: [u64; 4],
}

fn cell(y: u8, x: u8) -> usize {
    y as usize * N + x as usize
}

impl Board {
    /// The standard setup (built once from the data files, then copied).
    pub fn setup() -> Board {
        SETUP.clone()
    }

    fn build_setup() -> Board {
        let mut b = Board {
            grid: [0; CELLS],
            pieces: Vec::with_capacity(64),
            live: [true; 3],
            owned: [0; 4],
            of_kind: [0; 7],
            of_origin: [0; 4],
        };
        for p in &geometry().setup {
            let (Some(side), Some(kind)) = (Side::from_name(&p.side), Kind::from_name(&p.piece))
            else {
                continue;
            };
            // 64 pieces at most, so that piece sets fit the bit masks (the setup has 53)
            if (p.y as usize) < N && (p.x as usize) < N && b.pieces.len() < 64 {
                let bit = 1u64 << b.pieces.len();
                for (masks, i) in [
                    (&mut b.owned[..], side as usize),
                    (&mut b.of_kind[..], kind as usize),
                    (&mut b.of_origin[..], side as usize),
                ] {
                    if let Some(m) = masks.get_mut(i) {
                        *m |= bit;
                    }
                }
                b.pieces.push(Piece {
                    y: p.y,
                    x: p.x,
                    kind,
                    owner: side,
                    origin: side,
                    alive: true,
                });
                if let Some(c) = b.grid.get_mut(cell(p.y, p.x)) {
                    *c = b.pieces.len() as u8;
                }
            }
        }
        b
    }

    /// The piece index at a point.
    pub fn at(&self, y: i32, x: i32) -> Option<usize> {
        if !(0..N as i32).contains(&y) || !(0..N as i32).contains(&x) {
            return None;
        }
        match self.grid.get(y as usize * N + x as usize) {
            Some(&i) if i > 0 => Some(i as usize - 1),
            _ => None,
        }
    }

    pub fn piece(&self, i: usize) -> Option<&Piece> {
        self.pieces.get(i)
    }

    /// The live pieces owned by `owner`, of `kind` and of `origin` when given, as a bit set of
    /// piece indices (bit `i` = piece `i`).
    pub fn owned_by(&self, owner: Side, kind: Option<Kind>, origin: Option<Side>) -> u64 {
        let mut m = self.owned.get(owner as usize).copied().unwrap_or(0);
        if let Some(k) = kind {
            m &= self.of_kind.get(k as usize).copied().unwrap_or(0);
        }
        if let Some(o) = origin {
            m &= self.of_origin.get(o as usize).copied().unwrap_or(0);
        }
        m
    }

    /// Recomputes the `owned` masks from the piece list (after ownership changes).
    fn reindex(&mut self) {
        self.owned = [0; 4];
        for (i, p) in self.pieces.iter().enumerate() {
            if p.alive
                && let Some(m) = self.owned.get_mut(p.owner as usize)
            {
                *m |= 1u64 << i;
            }
        }
    }

    /// Pieces strictly between two points on one line (0 when they are not on one line).
    pub fn between(&self, from: (u8, u8), to: (u8, u8)) -> u32 {
        let (fy, fx, ty, tx) = (from.0 as i32, from.1 as i32, to.0 as i32, to.1 as i32);
        if fy != ty && fx != tx {
            return 0;
        }
        let (dy, dx) = ((ty - fy).signum(), (tx - fx).signum());
        let (mut y, mut x) = (fy + dy, fx + dx);
        let mut n = 0;
        while (y, x) != (ty, tx) && (0..N as i32).contains(&y) && (0..N as i32).contains(&x) {
            if self.at(y, x).is_some() {
                n += 1;
            }
            y += dy;
            x += dx;
        }
        n
    }

    fn set(&mut self, y: u8, x: u8, v: u8) {
        if let Some(c) = self.grid.get_mut(cell(y, x)) {
            *c = v;
        }
    }

    /// Gives every live piece owned by `from` to `to`.
    pub fn transfer(&mut self, from: Side, to: Side) {
        for p in self
            .pieces
            .iter_mut()
            .filter(|p| p.alive && p.owner == from)
        {
            p.owner = to;
        }
        self.reindex();
    }

    /// Moves the piece at `from` to `to`, removing what stood there, then applies the move's
    /// events for `mover`. Returns the captured piece. Does nothing when `from` is empty.
    pub fn apply(
        &mut self,
        mover: Side,
        from: (u8, u8),
        to: (u8, u8),
        events: &[MoveEvent],
    ) -> Option<Piece> {
        let i = self.at(from.0 as i32, from.1 as i32)?;
        let captured = self.at(to.0 as i32, to.1 as i32).filter(|&j| j != i);
        let mut cap = None;
        if let Some(j) = captured
            && let Some(p) = self.pieces.get_mut(j)
        {
            p.alive = false;
            cap = Some(*p);
            if let Some(m) = self.owned.get_mut(p.owner as usize) {
                *m &= !(1u64 << j);
            }
        }
        self.set(from.0, from.1, 0);
        self.set(to.0, to.1, (i + 1) as u8);
        if let Some(p) = self.pieces.get_mut(i) {
            p.y = to.0;
            p.x = to.1;
        }
        for e in events {
            self.apply_event(mover, e);
        }
        cap
    }

    /// The ownership changes of one event.
    pub fn apply_event(&mut self, mover: Side, e: &MoveEvent) {
        if matches!(e, MoveEvent::Check { .. }) {
            return;
        }
        match e {
            MoveEvent::Alliance { with } => {
                // The third side receives 汉's remaining pieces.
                if let Some(w) = Side::from_name(with)
                    && let Some(&third) = Side::PLAYERS.iter().find(|&&s| s != mover && s != w)
                {
                    // The emperor stays 汉's.
                    for p in self
                        .pieces
                        .iter_mut()
                        .filter(|p| p.alive && p.owner == Side::Han && p.kind != Kind::General)
                    {
                        p.owner = third;
                    }
                }
            }
            MoveEvent::KillHan => {
                // The killer takes 汉's pieces; the emperor was captured by the move itself.
                for p in self
                    .pieces
                    .iter_mut()
                    .filter(|p| p.alive && p.origin == Side::Han && p.kind == Kind::General)
                {
                    p.alive = false;
                    let c = cell(p.y, p.x);
                    if let Some(g) = self.grid.get_mut(c) {
                        *g = 0;
                    }
                }
                self.transfer(Side::Han, mover);
            }
            MoveEvent::Eliminate { side, .. } => {
                if let Some(s) = Side::from_name(side) {
                    if let Some(l) = self.live.get_mut(s as usize) {
                        *l = false;
                    }
                    // The eliminated country's general leaves the board.
                    let mut gone = Vec::new();
                    for p in self
                        .pieces
                        .iter_mut()
                        .filter(|p| p.alive && p.origin == s && p.kind == Kind::General)
                    {
                        p.alive = false;
                        gone.push((p.y, p.x));
                    }
                    for (y, x) in gone {
                        self.set(y, x, 0);
                    }
                }
            }
            MoveEvent::Annex { side, by } => {
                let by = by.as_deref().and_then(Side::from_name).unwrap_or(mover);
                if let Some(s) = Side::from_name(side) {
                    self.transfer(s, by);
                }
            }
            MoveEvent::Check { .. } => {}
        }
        self.reindex();
    }

    pub fn is_live(&self, s: Side) -> bool {
        self.live.get(s as usize).copied().unwrap_or(false)
    }

    pub fn to_pieces(&self) -> Vec<BoardPiece> {
        let mut v: Vec<BoardPiece> = self
            .pieces
            .iter()
            .filter(|p| p.alive)
            .map(|p| BoardPiece {
                y: p.y,
                x: p.x,
                piece: p.kind.name().to_string(),
                owner: p.owner.name().to_string(),
                origin: p.origin.name().to_string(),
            })
            .collect();
        v.sort_by_key(|p| (p.y, p.x));
        v
    }
}

/// The pieces on the board after `ply` moves of a stored game (0 = the setup), replaying the stored
/// `from`/`to` and events (captures, alliances, 杀汉, eliminations and annexations). A `ply` past the
/// end gives the final position.
pub fn board_after(game: &SanguoGame, ply: usize) -> Vec<BoardPiece> {
    let mut b = Board::setup();
    for m in game.moves.iter().take(ply) {
        let Some(mover) = Side::from_name(&m.side) else {
            continue;
        };
        b.apply(mover, (m.from[0], m.from[1]), (m.to[0], m.to[1]), &m.events);
    }
    b.to_pieces()
}
