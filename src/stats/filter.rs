//! The filters shared by the statistics, as SQL conditions.

use rusqlite::types::Value as V;

/// Filters shared by the statistics: event (substring), year range.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub event: Option<String>,
    pub year_from: Option<i64>,
    pub year_to: Option<i64>,
}

impl Filter {
    /// SQL conditions on `games g`, with their arguments.
    pub(super) fn sql(&self) -> (String, Vec<V>) {
        let mut w = String::new();
        let mut a = Vec::new();
        if let Some(e) = &self.event {
            w.push_str(" AND g.event LIKE ? ESCAPE '\\'");
            a.push(V::Text(crate::store::reads::like_pattern(e)));
        }
        if let Some(y) = self.year_from {
            w.push_str(" AND g.year >= ?");
            a.push(V::Integer(y));
        }
        if let Some(y) = self.year_to {
            w.push_str(" AND g.year <= ?");
            a.push(V::Integer(y));
        }
        (w, a)
    }
}
