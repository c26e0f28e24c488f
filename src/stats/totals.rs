//! Reading the running totals a filter takes, and the arithmetic the figures share.

use crate::error::Result;
use rusqlite::{Connection, params_from_iter, types::Value as V};
use std::collections::BTreeMap;

use super::filter::Filter;

pub(super) fn mean(v: &[i64]) -> Option<f64> {
    (!v.is_empty()).then(|| v.iter().sum::<i64>() as f64 / v.len() as f64)
}

pub(super) fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// `sum / n`, None when `n` is 0.
pub(super) fn ratio(sum: i64, n: i64) -> Option<f64> {
    (n > 0).then(|| sum as f64 / n as f64)
}

/// The mean and the median of values given with their counts (value → how many times).
pub(super) fn mean_median(counts: &BTreeMap<i64, i64>) -> (Option<f64>, Option<f64>) {
    let n: i64 = counts.values().sum();
    if n <= 0 {
        return (None, None);
    }
    let sum: i64 = counts.iter().map(|(v, c)| v * c).sum();
    // The value at 0-based position `i` of the sorted values.
    let at = |i: i64| {
        let mut seen = 0;
        for (v, c) in counts {
            seen += c;
            if seen > i {
                return *v;
            }
        }
        0
    };
    let median = if n % 2 == 1 {
        at(n / 2) as f64
    } else {
        (at(n / 2 - 1) + at(n / 2)) as f64 / 2.0
    };
    (Some(sum as f64 / n as f64), Some(median))
}

/// The `stat_totals` rows of a table of running totals in the buckets of a kind that the filter
/// takes: the kind's roll-up when there is no filter, the years' roll-ups when only years filter,
/// the events' when only events do, else the buckets of one event and year (`stat_buckets.span`).
pub(super) fn buckets(kind: &str, f: &Filter) -> (String, Vec<V>) {
    let (w, args) = f.sql();
    let span = match (&f.event, f.year_from.or(f.year_to)) {
        (None, None) => 2,
        (None, Some(_)) => 1,
        (Some(_), None) => 3,
        (Some(_), Some(_)) => 0,
    };
    (
        format!(
            "SELECT x.totals FROM stat_totals x WHERE x.part = ?1 AND x.bucket IN \
             (SELECT g.id FROM stat_buckets g WHERE g.kind = '{kind}' AND g.span = {span}{w})"
        ),
        args,
    )
}

/// One total of a `stat_totals` row: the columns of its table's view after `bucket` (schema.sql).
pub(super) struct Total(Vec<serde_json::Value>);

impl Total {
    pub(super) fn int(&self, i: usize) -> Result<i64> {
        self.0
            .get(i)
            .and_then(serde_json::Value::as_i64)
            .ok_or_else(|| bad_total(i))
    }

    pub(super) fn text(&self, i: usize) -> Result<&str> {
        self.0
            .get(i)
            .and_then(serde_json::Value::as_str)
            .ok_or_else(|| bad_total(i))
    }
}

pub(super) fn bad_total(i: usize) -> crate::error::Error {
    crate::error::Error::Internal(format!("a statistics total has no column {i} of its type"))
}

/// Calls `row` with each total of `table` in the filter's buckets of `kind`, read from their
/// `stat_totals` rows (a row per bucket and table: the unique `(bucket, part)` finds the rows of
/// the filter's buckets only). They are summed by the callers: a total is one row of
/// a bucket's JSON, and SQL's `GROUP BY` of the rows of a broad filter cost more than the sums
/// (17 ms of 19 for the 19k totals of `hotw_gain_counts` under a broad event filter at 100k games).
pub(super) fn each_total(
    conn: &Connection,
    kind: &str,
    table: &str,
    f: &Filter,
    mut row: impl FnMut(&Total) -> Result<()>,
) -> Result<()> {
    let (sql, args) = buckets(kind, f);
    let mut st = conn.prepare_cached(&sql)?;
    let params = std::iter::once(V::Text(table.to_string())).chain(args);
    let mut rows = st.query(params_from_iter(params))?;
    while let Some(r) = rows.next()? {
        let text = r.get_ref(0)?.as_str().map_err(rusqlite::Error::from)?;
        let totals: Vec<Vec<serde_json::Value>> = serde_json::from_str(text)
            .map_err(|e| crate::error::Error::Internal(format!("{table}: {e}")))?;
        for t in totals {
            row(&Total(t))?;
        }
    }
    Ok(())
}
