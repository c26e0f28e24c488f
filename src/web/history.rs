//! A game's history, `/games/{id}/history?a=&b=`: its versions, and a line diff between any two
//! of them (the previous and the latest by default), rendered on the server.

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::{Path, RawQuery, State};

use super::pages::PageResult;
use super::request::{Params, game_id};
// The templates' text (`t`, `tn`…): askama calls it on `self`.
use super::language::Localize as _;
use crate::AppState;
use crate::error::Error;
use crate::store::versions::{self, Version};

/// The largest version number a request may name.
const MAX_VERSION: usize = i32::MAX as usize;

/// Lines of unchanged text kept around each change.
const CONTEXT: usize = 3;

/// One line of the diff: its number in the older and the newer text, and whether it was removed
/// (`del`), added (`ins`) or kept (`same`). A `gap` row stands for unchanged lines left out.
pub struct DiffLine {
    pub old: String,
    pub new: String,
    pub tag: &'static str,
    pub text: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "history.html")]
pub struct HistoryPage {
    q: String,
    id: i64,
    title: String,
    versions: Vec<Version>,
    a: i64,
    b: i64,
    diff: Vec<DiffLine>,
    added: usize,
    removed: usize,
}

/// The line diff of `old` to `new`: the changed lines with [`CONTEXT`] lines around them.
pub fn line_diff(old: &str, new: &str) -> Vec<DiffLine> {
    let diff = similar::TextDiff::from_lines(old, new);
    let mut out = Vec::new();
    for (i, group) in diff.grouped_ops(CONTEXT).iter().enumerate() {
        if i > 0 {
            out.push(DiffLine {
                old: String::new(),
                new: String::new(),
                tag: "gap",
                text: "⋯".into(),
            });
        }
        for op in group {
            for change in diff.iter_changes(op) {
                let tag = match change.tag() {
                    similar::ChangeTag::Delete => "del",
                    similar::ChangeTag::Insert => "ins",
                    similar::ChangeTag::Equal => "same",
                };
                let no = |n: Option<usize>| n.map(|n| (n + 1).to_string()).unwrap_or_default();
                out.push(DiffLine {
                    old: no(change.old_index()),
                    new: no(change.new_index()),
                    tag,
                    text: change.value().trim_end_matches(['\n', '\r']).to_string(),
                });
            }
        }
    }
    out
}

/// `GET /games/{id}/history?a=&b=`
pub async fn page(
    State(st): State<AppState>,
    auth: super::session::Auth,
    Path(id): Path<String>,
    RawQuery(q): RawQuery,
) -> PageResult<HistoryPage> {
    let viewer = auth.member;
    let id = game_id(&id)?;
    let p = Params::parse(q.as_deref());
    let a = p.usize("a", 0, 1, MAX_VERSION)? as i64;
    let b = p.usize("b", 0, 1, MAX_VERSION)? as i64;
    let page = st
        .run(move |s| {
            s.db.with(|c| {
                super::records::check_visible(c, id, viewer.as_ref())
                    .map_err(|_| Error::NotFound(format!("There is no game {id}.")))?;
                let versions = versions::list(c, id)?
                    .ok_or_else(|| Error::NotFound(format!("There is no game {id}.")))?;
                let last = versions.last().map_or(1, |v| v.version);
                let b = if b == 0 { last } else { b };
                let a = if a == 0 { (b - 1).max(1) } else { a };
                let text = |n: i64| {
                    versions::text(c, id, n)?
                        .ok_or_else(|| Error::NotFound(format!("Game {id} has no version {n}.")))
                };
                let diff = line_diff(&text(a)?, &text(b)?);
                let title = crate::store::reads::get_game(c, id)?
                    .map(|g| super::game::game_title(&g))
                    .unwrap_or_default();
                Ok(HistoryPage {
                    q: String::new(),
                    id,
                    title,
                    added: diff.iter().filter(|d| d.tag == "ins").count(),
                    removed: diff.iter().filter(|d| d.tag == "del").count(),
                    versions,
                    a,
                    b,
                    diff,
                })
            })
        })
        .await?;
    Ok(page)
}
