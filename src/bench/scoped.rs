//! The explorer limited to one event: `explorer_scoped_p99_ms` over the explorer positions of
//! [`super::explorer_positions`], in the 三国 or WEC event whose game count is nearest 1,000
//! (`explorer_scope_games`).

use std::time::Instant;

use rusqlite::{OptionalExtension, params};

use crate::error::Result;
use crate::scope::Scope;

/// (p99 in ms, the event's games); (0, 0) when the archive has no 三国 or WEC event.
pub fn explorer_scoped_p99(
    state: &crate::AppState,
    positions: &[(annals_import::Kind, Vec<String>)],
) -> Result<(f64, i64)> {
    let event: Option<(i64, i64)> = state.db.with(|c| {
        Ok(c.query_row(
            "SELECT event_id, count(*) AS n FROM games
             WHERE kind IN ('sanguo', 'wec') AND event_id IS NOT NULL
             GROUP BY event_id ORDER BY abs(n - 1000), event_id LIMIT 1",
            params![],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?)
    })?;
    let Some((event, games)) = event else {
        return Ok((0.0, 0));
    };
    let scope = Scope {
        event: Some(event),
        ..Scope::default()
    };
    let mut times = Vec::with_capacity(positions.len());
    for (kind, moves) in positions {
        let t = Instant::now();
        state
            .db
            .with(|c| crate::explorer::explore_page(c, *kind, moves, &scope, 20, 0))?;
        times.push(t.elapsed().as_secs_f64() * 1e3);
    }
    Ok((super::percentile(&mut times, 99.0), games))
}
