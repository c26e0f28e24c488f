//! The opening explorer's page and JSON: 三国 and WEC by moves or by position (with the board),
//! HotW's epoch-I openings, each limited to a scope when asked.

use annals_import::Kind;
use askama::Template;
use askama_web::WebTemplate;
use axum::Json;
use axum::extract::{Path, RawQuery, State};
use rusqlite::Connection;
use serde_json::{Value, json};

use super::language::Localize as _;
use super::pages::PageError;
use super::request::Params;
use super::stats_query::{filter_from, kind_of, pct, scoped};
use crate::AppState;
use crate::error::{Error, Result};
use crate::explorer::{self, Position};
use crate::stats::{self, HotwOpening};
use crate::store::labels::{self, Labels};

/// The moves of an explorer request: `moves=m1,m2` (WEC turns contain commas, so a WEC move starts
/// at each `MV:`), or repeated `move=` parameters.
pub fn explorer_moves(kind: Kind, raw: Option<&str>) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(q) = raw {
        for (k, v) in form_urlencoded::parse(q.as_bytes()) {
            match k.as_ref() {
                "move" => out.push(v.trim().to_string()),
                "moves" => {
                    if kind == Kind::Wec {
                        let mut cur = String::new();
                        for part in v.split(',') {
                            if part.trim_start().starts_with("MV:") && !cur.is_empty() {
                                out.push(std::mem::take(&mut cur));
                            }
                            if !cur.is_empty() {
                                cur.push(',');
                            }
                            cur.push_str(part.trim());
                        }
                        if !cur.is_empty() {
                            out.push(cur);
                        }
                    } else {
                        out.extend(
                            v.split([',', '，'])
                                .map(|m| m.trim().to_string())
                                .filter(|m| !m.is_empty()),
                        );
                    }
                }
                _ => {}
            }
        }
    }
    out.retain(|m| !m.is_empty());
    out
}

/// `GET /api/explorer/{kind}?moves=m1,m2`
pub async fn api_explorer(
    State(st): State<AppState>,
    Path(kind): Path<String>,
    auth: super::session::Auth,
    RawQuery(q): RawQuery,
) -> Result<Json<Value>> {
    let kind = kind_of(&kind)?;
    let p = Params::parse(q.as_deref());
    if kind == Kind::Hotw {
        let f = scoped(&st, &auth, filter_from(&p)?).await?;
        let v = st
            .run(move |s| s.db.with(|c| stats::hotw_openings(c, &f)))
            .await?;
        let games: i64 = v.iter().map(|o| o.games).sum();
        return Ok(Json(json!({ "games": games, "openings": v })));
    }
    let scope = scoped(&st, &auth, filter_from(&p)?).await?.scope;
    let (limit, offset) = super::paging::limit_offset(&p, 20)?;
    if let Some(key) = p.position()? {
        let pos = st
            .run(move |s| {
                s.db.with(|c| {
                    explorer::at_key(c, kind, key, &scope, limit as usize, offset as usize)
                })
            })
            .await?;
        return Ok(Json(serde_json::to_value(pos)?));
    }
    let moves = explorer_moves(kind, q.as_deref());
    let pos = st
        .run(move |s| {
            s.db.with(|c| {
                explorer::explore_page(c, kind, &moves, &scope, limit as usize, offset as usize)
            })
        })
        .await?;
    Ok(Json(serde_json::to_value(pos)?))
}

/// The explorer's next moves from the position `moves` reaches.
pub(super) fn explorer_rows(
    c: &Connection,
    kind: Kind,
    moves: &[String],
) -> Result<Vec<Vec<String>>> {
    let pos = explorer::explore(c, kind, moves)?;
    let sides = explorer::sides(kind);
    let mut head = vec!["move".to_string(), "games".to_string()];
    head.extend(sides.iter().map(|s| format!("wins_{s}")));
    head.extend(["draws".to_string(), "unknown".to_string()]);
    let mut rows = vec![head];
    for m in pos.moves {
        let mut r = vec![m.mv.clone(), m.games.to_string()];
        r.extend(
            sides
                .iter()
                .map(|s| m.wins.get(*s).map(|v| v.to_string()).unwrap_or_default()),
        );
        r.extend([m.draws.to_string(), m.unknown.to_string()]);
        rows.push(r);
    }
    Ok(rows)
}

pub struct ExplorerRow {
    pub mv: String,
    pub href: String,
    pub games: i64,
    pub cells: Vec<String>,
    pub draws: i64,
    pub thin: bool,
}

pub struct Crumb {
    pub mv: String,
    pub href: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "explorer.html")]
pub struct ExplorerPage {
    q: String,
    kind: &'static str,
    sides: Vec<&'static str>,
    crumbs: Vec<Crumb>,
    position: Option<Position>,
    /// The position's board (the moves' or, asked by key, a game's that reached it).
    board: Option<super::board::BoardView>,
    /// The games the page is limited to, in words, and the query parameters that keep it.
    scope_note: Option<String>,
    scope_query: String,
    rows: Vec<ExplorerRow>,
    openings: Vec<HotwOpening>,
    csv: String,
    thin: i64,
    labels: Labels,
    pager: super::paging::Pager,
}

impl ExplorerPage {
    fn rate(&self, r: &explorer::Rate) -> String {
        pct(r)
    }
}

/// The explorer page at `moves`, in the scope `scope` (its query parameters, or empty).
fn explorer_href(kind: Kind, moves: &[String], scope: &str) -> String {
    let mut s = form_urlencoded::Serializer::new(String::new());
    for m in moves {
        s.append_pair("move", m);
    }
    let q = [s.finish(), scope.to_string()]
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("&");
    if q.is_empty() {
        format!("/explorer/{}", kind.as_str())
    } else {
        format!("/explorer/{}?{q}", kind.as_str())
    }
}

/// `GET /explorer/{kind}`
pub async fn explorer_page(
    State(st): State<AppState>,
    Path(kind): Path<String>,
    auth: super::session::Auth,
    RawQuery(q): RawQuery,
) -> Result<ExplorerPage, PageError> {
    let kind = kind_of(&kind)?;
    let mut page = ExplorerPage {
        q: String::new(),
        kind: kind.as_str(),
        sides: explorer::sides(kind).to_vec(),
        crumbs: Vec::new(),
        position: None,
        board: None,
        scope_note: None,
        scope_query: String::new(),
        rows: Vec::new(),
        openings: Vec::new(),
        csv: String::new(),
        thin: explorer::THIN,
        labels: Labels::default(),
        pager: super::paging::Pager::default(),
    };
    if kind == Kind::Hotw {
        let f = scoped(&st, &auth, filter_from(&Params::parse(q.as_deref()))?).await?;
        page.openings = st
            .run(move |s| s.db.with(|c| stats::hotw_openings(c, &f)))
            .await?;
        page.csv = "/stats/hotw/openings.csv".into();
        return Ok(page);
    }
    if kind == Kind::Deluge {
        return Err(Error::NotFound("no explorer for deluge".into()).into());
    }
    let p = Params::parse(q.as_deref());
    let key = p.position()?;
    let scope = scoped(&st, &auth, filter_from(&p)?).await?.scope;
    let scope_query = scope.query();
    let asked = explorer_moves(kind, q.as_deref());
    let lang = super::language::lang();
    let (limit, offset) = super::paging::limit_offset(&p, 20)?;
    let (limit, offset) = (limit as usize, offset as usize);
    let (moves, pos, labels, board, scope_note) = st
        .run(move |s| {
            s.db.with(|c| {
                // Asked by key, the page walks the moves of the newest game that reached it.
                let moves = match key {
                    Some(k) => super::position_board::moves_to(c, kind, k)?,
                    None => Some(asked),
                };
                let note = scope.describe(c)?;
                let Some(moves) = moves else {
                    let k = key.unwrap_or_default();
                    let pos = explorer::at_key(c, kind, k, &scope, limit, offset)?;
                    return Ok((Vec::new(), pos, Labels::default(), None, note));
                };
                let pos = explorer::explore_page(c, kind, &moves, &scope, limit, offset)?;
                let board = super::language::within(lang, || {
                    super::position_board::after_moves(kind, &moves)
                });
                let ids: Vec<i64> = pos.sample.iter().map(|g| g.id).collect();
                Ok((moves, pos, labels::labels(c, &ids)?, board, note))
            })
        })
        .await?;
    page.labels = labels;
    page.board = board;
    page.scope_note = super::language::code_text::scope_note(&scope_note, kind.as_str());
    page.scope_query = scope_query.clone();
    page.crumbs = (0..moves.len())
        .map(|i| Crumb {
            mv: moves[i].clone(),
            href: explorer_href(kind, &moves[..=i], &scope_query),
        })
        .collect();
    let sides = explorer::sides(kind);
    page.rows = pos
        .moves
        .iter()
        .map(|m| {
            let mut next = moves.clone();
            next.push(m.mv.clone());
            let decided = (m.games - m.unknown).max(0);
            ExplorerRow {
                mv: m.mv.clone(),
                href: explorer_href(kind, &next, &scope_query),
                games: m.games,
                cells: sides
                    .iter()
                    .map(|s| {
                        let w = m.wins.get(*s).and_then(|v| v.as_i64()).unwrap_or(0);
                        // no game of this branch has a known result: no rate to give
                        if decided == 0 {
                            "—".to_string()
                        } else {
                            format!("{w} · {}", pct(&explorer::wilson(w, decided)))
                        }
                    })
                    .collect(),
                draws: m.draws,
                thin: m.thin,
            }
        })
        .collect();
    let mut csv = format!("/stats/{}/explorer.csv", kind.as_str());
    if let Some(qs) = explorer_href(kind, &moves, &scope_query)
        .split_once('?')
        .map(|(_, q)| q.to_string())
    {
        csv = format!("{csv}?{qs}");
    }
    page.csv = csv;
    page.pager = super::paging::explorer(kind, &moves, (limit as i64, offset as i64), &pos);
    page.position = Some(pos);
    Ok(page)
}
