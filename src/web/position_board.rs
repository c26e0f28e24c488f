//! The board the explorer page shows (the position its moves reach), the moves to a position asked
//! by key (the newest game's that reached it), and a game page's key at a ply.

use annals_import::{Body, Kind};
use rusqlite::Connection;

use super::board::{BoardView, sanguo_board, wec_board};
use crate::error::Result;

/// The board after `moves`, when they replay.
pub fn after_moves(kind: Kind, moves: &[String]) -> Option<BoardView> {
    crate::positions::replay(kind, moves).and_then(|b| draw(&b, usize::MAX))
}

/// Moves that reach position `key`: the newest game's that reached it, up to the ply where it
/// did (normalized as the explorer keys moves). None when no game of `kind` reached it.
pub fn moves_to(conn: &Connection, kind: Kind, key: i64) -> Result<Option<Vec<String>>> {
    let scope = crate::scope::Scope::default();
    let (_, games) = crate::positions::games_at(conn, key, &scope, 1, 0)?;
    let Some(at) = games.first() else {
        return Ok(None);
    };
    let Some(g) = crate::store::reads::get_game(conn, at.game.id)? else {
        return Ok(None);
    };
    if g.kind != kind {
        return Ok(None);
    }
    let ply = usize::try_from(at.ply).unwrap_or(0);
    let keys = crate::store::tree::MoveKeys::of(&g.body);
    Ok(Some(
        keys.to_vec()
            .into_iter()
            .take(ply)
            .map(str::to_string)
            .collect(),
    ))
}

/// The position key after each ply of a game's first plies, for "games reaching this position".
pub fn key_at(body: &Body, ply: usize) -> Option<String> {
    if !crate::positions::kept(ply) {
        return None;
    }
    let keys = match body {
        Body::Sanguo(g) => annals_import::sanguo::position_keys_upto(g, ply),
        Body::Wec(g) => annals_import::wec::position_keys_upto(g, ply),
        _ => return None,
    };
    keys.get(ply)
        .map(|k| crate::store::positions::key_text(crate::store::positions::stored_key(*k)))
}

fn draw(body: &Body, ply: usize) -> Option<BoardView> {
    match body {
        Body::Sanguo(g) => Some(sanguo_board(g, ply.min(g.moves.len()))),
        Body::Wec(g) => Some(wec_board(g, ply.min(g.turns.len()))),
        _ => None,
    }
}
