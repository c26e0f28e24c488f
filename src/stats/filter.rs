//! The filters shared by the statistics, as SQL conditions.

use rusqlite::types::Value as V;

/// Filters shared by the statistics: event (substring), year range, and a scope (an event, a
/// player or a collection by id). The running totals are kept by event and year, so a scope is
/// counted from the moves ([`super::scan`]).
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub event: Option<String>,
    pub year_from: Option<i64>,
    pub year_to: Option<i64>,
    pub scope: crate::scope::Scope,
}

impl Filter {
    /// SQL conditions on the columns `games g` and `stat_buckets g` share (`event`, `year`),
    /// with their arguments, and the scope's on `g.id` (for `games g` only: a scope is counted
    /// from the games).
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
        let (sw, sa) = self.scope.sql("g.id");
        w.push_str(&sw);
        a.extend(sa);
        (w, a)
    }

    /// [`Filter::sql`] on `games g`, the games withheld from the counts
    /// (`crate::store::withheld`) left out as the running totals leave them out.
    pub(super) fn games_sql(&self) -> (String, Vec<V>) {
        let (mut w, a) = self.sql();
        w.push_str(" AND ");
        w.push_str(&crate::store::withheld::not_withheld("g.id"));
        (w, a)
    }
}
