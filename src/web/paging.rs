//! One pager for every list page: `limit` and `offset` read the same way, "n–m of total" and the
//! previous and next links keeping the list's other parameters.

use super::request::{MAX_OFFSET, MAX_PAGE_SIZE, Params};
use crate::error::Result;

/// A page of a list: where it starts and ends, the total, the links around it.
#[derive(Debug, Clone, Default)]
pub struct Pager {
    /// 1-based number of the first row shown (0: none shown).
    pub from: i64,
    pub to: i64,
    pub total: i64,
    pub prev: Option<String>,
    pub next: Option<String>,
    /// The first page, offered when `offset` is past the end.
    pub first: Option<String>,
}

/// `limit` (1–200, `default` when absent) and `offset` of a request.
pub fn limit_offset(p: &Params, default: usize) -> Result<(i64, i64)> {
    Ok((
        p.usize("limit", default, 1, MAX_PAGE_SIZE)? as i64,
        p.usize("offset", 0, 0, MAX_OFFSET)? as i64,
    ))
}

/// `path?keep…&limit=&offset=`, leaving out empty values, the default limit and offset 0.
pub fn link(path: &str, keep: &[(&str, &str)], limit: i64, default: i64, offset: i64) -> String {
    let mut s = form_urlencoded::Serializer::new(String::new());
    for (k, v) in keep {
        if !v.is_empty() {
            s.append_pair(k, v);
        }
    }
    if limit != default {
        s.append_pair("limit", &limit.to_string());
    }
    if offset > 0 {
        s.append_pair("offset", &offset.to_string());
    }
    let q = s.finish();
    if q.is_empty() {
        path.to_string()
    } else {
        format!("{path}?{q}")
    }
}

impl Pager {
    /// The pager of `shown` rows from `offset` of a list of `total`.
    pub fn new(
        path: &str,
        keep: &[(&str, &str)],
        (limit, default): (i64, i64),
        offset: i64,
        total: i64,
        shown: usize,
    ) -> Pager {
        let shown = shown as i64;
        Pager {
            from: if shown == 0 { 0 } else { offset + 1 },
            to: offset + shown,
            total,
            prev: (offset > 0 && total > 0).then(|| {
                link(
                    path,
                    keep,
                    limit,
                    default,
                    (offset - limit).max(0).min(total - 1).max(0),
                )
            }),
            next: (offset + limit < total)
                .then(|| link(path, keep, limit, default, offset + limit)),
            first: (shown == 0 && total > 0).then(|| link(path, keep, limit, default, 0)),
        }
    }
}

/// The pager of the games that reached an explorer position.
pub fn explorer(
    kind: annals_import::Kind,
    moves: &[String],
    (limit, offset): (i64, i64),
    pos: &crate::explorer::Position,
) -> Pager {
    let keep: Vec<(&str, &str)> = moves.iter().map(|m| ("move", m.as_str())).collect();
    Pager::new(
        &format!("/explorer/{}", kind.as_str()),
        &keep,
        (limit, 20),
        offset,
        pos.sample_total,
        pos.sample.len(),
    )
}
