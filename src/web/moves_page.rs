//! A game's moves a page at a time, so that no answer grows with the game: `moves_offset` (from
//! 0) and `moves_limit` (1 to [`MAX_MOVES_PAGE`], default the same) pick the moves of
//! `GET /api/games/{id}` and of the game page; the answer says how many there are in all
//! (`moves_total`) and links the next page (`next`).

use annals_import::Body;
use serde_json::Value;

use super::request::Params;
use crate::error::Result;

/// Most moves (turns, orders) in one page.
pub const MAX_MOVES_PAGE: usize = 1000;

/// The page asked for.
#[derive(Debug, Clone, Copy)]
pub struct MovesWindow {
    pub offset: usize,
    pub limit: usize,
}

impl MovesWindow {
    /// `moves_offset` and `moves_limit`, or a 400 naming the bad one. `None` offset: not given.
    pub fn from_params(p: &Params) -> Result<(Option<usize>, usize)> {
        let offset = match p.str("moves_offset") {
            None => None,
            Some(_) => Some(p.usize("moves_offset", 0, 0, 100_000_000)?),
        };
        let limit = p.usize("moves_limit", MAX_MOVES_PAGE, 1, MAX_MOVES_PAGE)?;
        Ok((offset, limit))
    }

    /// The index range of this page in a game of `total` moves.
    pub fn range(&self, total: usize) -> std::ops::Range<usize> {
        let start = self.offset.min(total);
        start..start.saturating_add(self.limit).min(total)
    }

    /// The offset of the next page, when there is one.
    pub fn next(&self, total: usize) -> Option<usize> {
        let end = self.range(total).end;
        (end < total).then_some(end)
    }

    /// The offset of the page before, when this is not the first.
    pub fn prev(&self) -> Option<usize> {
        (self.offset > 0).then(|| self.offset.saturating_sub(self.limit))
    }
}

/// How many moves (turns, orders) the body has.
pub fn move_count(body: &Body) -> usize {
    match body {
        Body::Hotw(g) => g.turns.len(),
        Body::Sanguo(g) => g.moves.len(),
        Body::Wec(g) => g.turns.len(),
        Body::Deluge(g) => g.orders.len(),
    }
}

/// Takes the moves out of `body` and returns the window's as JSON, with the total. The body keeps
/// none, so that what is serialized of it next is small.
pub fn take_moves(body: &mut Body, w: MovesWindow) -> (Value, usize) {
    fn page<T: serde::Serialize>(v: &mut Vec<T>, w: MovesWindow) -> (Value, usize) {
        let total = v.len();
        let out = serde_json::to_value(&v[w.range(total)]).unwrap_or(Value::Null);
        *v = Vec::new();
        (out, total)
    }
    match body {
        Body::Hotw(g) => page(&mut g.turns, w),
        Body::Sanguo(g) => page(&mut g.moves, w),
        Body::Wec(g) => page(&mut g.turns, w),
        Body::Deluge(g) => page(&mut g.orders, w),
    }
}
