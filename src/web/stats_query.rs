//! What the statistics pages and the explorer read from a query: the kind, the filters (event
//! name, years) and the scope (an event, a player or a collection by id, checked against the
//! reader), and how a rate is written.

use annals_import::Kind;

use super::request::Params;
use crate::AppState;
use crate::error::{Error, Result};
use crate::explorer;
use crate::stats::Filter;

pub(super) fn kind_of(s: &str) -> Result<Kind> {
    Kind::from_name(s)
        .ok_or_else(|| Error::NotFound(format!("no statistics for '{s}' (hotw, sanguo, wec)")))
}

pub(super) fn pct(r: &explorer::Rate) -> String {
    format!(
        "{:.0}% ({:.0}–{:.0})",
        r.rate * 100.0,
        r.low * 100.0,
        r.high * 100.0
    )
}

/// The filter, once its scope is known to exist and be readable by the caller (a private
/// collection is 404 to others).
pub(super) async fn scoped(
    st: &AppState,
    auth: &super::session::Auth,
    f: Filter,
) -> Result<Filter> {
    if f.scope.is_all() {
        return Ok(f);
    }
    let viewer = auth.member.clone();
    st.run(move |s| {
        s.db.with(|c| {
            f.scope.check(c, viewer.as_ref())?;
            Ok(f)
        })
    })
    .await
}

/// Reads the statistics filters from query parameters.
pub(super) fn filter_from(p: &Params) -> Result<Filter> {
    let year = |name: &str| -> Result<Option<i64>> {
        match p.str(name) {
            None => Ok(None),
            Some(v) => v
                .parse::<i64>()
                .ok()
                .filter(|y| (0..=9999).contains(y))
                .map(Some)
                .ok_or_else(|| {
                    Error::BadRequest(format!("{name} must be a year like 1999, not '{v}'"))
                }),
        }
    };
    let scope = p.scope()?;
    let f = Filter {
        // An event by number is a scope, by name a filter.
        event: match scope.event {
            Some(_) => None,
            None => p.filter("event")?.map(str::to_string),
        },
        year_from: year("from")?,
        year_to: year("to")?,
        scope,
    };
    if let (Some(a), Some(b)) = (f.year_from, f.year_to)
        && a > b
    {
        return Err(Error::BadRequest(format!(
            "the year range {a}..{b} is empty"
        )));
    }
    Ok(f)
}
