//! The JSON API of games, search and import runs.

use axum::Json;
use axum::extract::{Path, RawQuery, State};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::moves_page::{MovesWindow, take_moves};
use super::request::{MAX_OFFSET, MAX_PAGE_SIZE, Params, game_id};
use crate::AppState;
use crate::error::{Error, Result};
use crate::store::reads::{self, GameRecord};

/// `GET /api/games?kind=&q=&event=&player=&empire=&year=&limit=&offset=`
pub async fn games(State(st): State<AppState>, RawQuery(q): RawQuery) -> Result<Response> {
    let p = Params::parse(q.as_deref());
    if let Some(key) = p.position()? {
        let limit = p.usize("limit", 50, 1, 500)?;
        let offset = p.usize("offset", 0, 0, usize::MAX)?;
        let scope = crate::scope::Scope::default();
        let (total, games) = st
            .run(move |s| {
                s.db.with(|c| crate::positions::games_at(c, key, &scope, limit, offset))
            })
            .await?;
        return Ok(Json(json!({
            "position": crate::store::positions::key_text(key),
            "total": total,
            "games": games,
        }))
        .into_response());
    }
    if let Some(format) = super::downloads::format_of(&p)? {
        let limit = super::downloads::download_limit(&p)?;
        let mut filter = Params::parse(Some(&strip_limit(q.as_deref()))).game_filter()?;
        filter.limit = limit as i64;
        let (_, games) = st
            .run(move |s| s.db.with(|c| reads::list_games(c, &filter)))
            .await?;
        let ids = games.iter().map(|g| g.id).collect();
        return super::downloads::list(&st, format, "games", ids).await;
    }
    let filter = p.game_filter()?;
    let (total, games) = st
        .run(move |s| s.db.with(|c| reads::list_games(c, &filter)))
        .await?;
    Ok(Json(json!({ "total": total, "games": games })).into_response())
}

/// A query string without its `limit` (a download's limit is read on its own scale).
fn strip_limit(q: Option<&str>) -> String {
    let mut s = form_urlencoded::Serializer::new(String::new());
    for (k, v) in form_urlencoded::parse(q.unwrap_or("").as_bytes()) {
        if k != "limit" {
            s.append_pair(&k, &v);
        }
    }
    s.finish()
}

/// `GET /api/games/{id}?moves_offset=&moves_limit=`: the game with one page of its moves
/// (`super::moves_page`).
pub async fn game(
    State(st): State<AppState>,
    auth: super::session::Auth,
    Path(id): Path<String>,
    RawQuery(q): RawQuery,
) -> Result<Json<Value>> {
    let viewer = auth.member;
    let id = game_id(&id)?;
    let (offset, limit) = MovesWindow::from_params(&Params::parse(q.as_deref()))?;
    let w = MovesWindow {
        offset: offset.unwrap_or(0),
        limit,
    };
    let doc = st
        .run(move |s| {
            let g = s.db.with(|c| {
                if !crate::private_games::visible(c, id, viewer.as_ref())? {
                    return Ok(None);
                }
                reads::get_game(c, id)
            })?;
            let mut g = g.ok_or_else(|| Error::NotFound(format!("no game {id}")))?;
            let (page, total) = take_moves(&mut g.body, w);
            let mut doc = game_json(&g);
            if let Some(obj) = doc.as_object_mut() {
                if obj.contains_key("orders") {
                    obj.insert("orders".into(), page.clone());
                }
                obj.insert("moves".into(), page);
                if let Some(Value::Object(src)) = obj.get_mut("source") {
                    let shown = super::shown_path::shown_path(&g.source_file);
                    src.insert("file".into(), json!(shown));
                }
                obj.insert("moves_offset".into(), json!(w.offset));
                obj.insert("moves_limit".into(), json!(w.limit));
                obj.insert("moves_total".into(), json!(total));
                let next = w
                    .next(total)
                    .map(|n| format!("/api/games/{id}?moves_offset={n}&moves_limit={}", w.limit));
                obj.insert("next".into(), json!(next));
            }
            Ok(doc)
        })
        .await?;
    Ok(Json(doc))
}

/// The game document of `GET /api/games/{id}` and `annals show`.
pub fn game_json(g: &GameRecord) -> Value {
    let mut tags = serde_json::Map::new();
    for (k, v) in &g.tags {
        tags.entry(k.clone())
            .or_insert_with(|| Value::String(v.clone()));
    }
    let mut doc = json!({
        "id": g.id,
        "kind": g.kind.as_str(),
        "title": g.title,
        "tags": tags,
        "players": g.players.iter().map(|p| json!({"seat": p.seat, "name": p.name, "color": p.color})).collect::<Vec<_>>(),
        "result": g.result,
        "winners": g.winners,
        "source": {"file": g.source_file, "line": g.source_line, "encoding": g.encoding, "imported_at": g.imported_at},
        "diagnostics": g.diagnostics,
        "raw": g.raw,
        "moves": g.body.moves_json(),
    });
    // Game-level parts of the body beside the moves (checkpoints, title events, status, winner).
    if let (Ok(Value::Object(body)), Some(obj)) =
        (serde_json::to_value(&g.body), doc.as_object_mut())
    {
        for (k, v) in body {
            if !matches!(k.as_str(), "kind" | "turns" | "moves") && !obj.contains_key(&k) {
                obj.insert(k, v);
            }
        }
    }
    doc
}

/// `GET /api/search?q=&kind=&limit=&offset=`
pub async fn search(State(st): State<AppState>, RawQuery(q): RawQuery) -> Result<Response> {
    let p = Params::parse(q.as_deref());
    let query = p
        .str("q")
        .ok_or_else(|| Error::BadRequest("q is required: the search query".into()))?
        .to_string();
    let kind = p.kind()?;
    if let Some(format) = super::downloads::format_of(&p)? {
        let limit = super::downloads::download_limit(&p)?;
        let offset = p.usize("offset", 0, 0, MAX_OFFSET)?;
        let r = st
            .run(move |s| run_search(s, &query, kind, limit, offset))
            .await?;
        let ids = r.hits.iter().map(|h| h.id).collect();
        return super::downloads::list(&st, format, "search", ids).await;
    }
    let limit = p.usize("limit", 20, 0, MAX_PAGE_SIZE)?;
    let offset = p.usize("offset", 0, 0, MAX_OFFSET)?;
    let r = st
        .run(move |s| run_search(s, &query, kind, limit, offset))
        .await?;
    Ok(Json(json!({ "total": r.total, "hits": r.hits, "facets": r.facets })).into_response())
}

/// The search of `GET /api/search` and `/search`: through the index's cache of recent answers,
/// with a database connection only for the name authority's aliases of `player:` and `event:`.
pub fn run_search(
    s: &AppState,
    query: &str,
    kind: Option<annals_import::Kind>,
    limit: usize,
    offset: usize,
) -> Result<std::sync::Arc<crate::store::index::SearchResult>> {
    let r = s.index.search_cached(query, kind, limit, offset, &|f, v| {
        s.db.with(|c| crate::people::search_aliases(c, f, v))
            .unwrap_or_default()
    })?;
    // Games of a private collection's import are not found (`crate::private_games`).
    let ids: Vec<i64> = r.hits.iter().map(|h| h.id).collect();
    let hidden = s.db.with(|c| crate::private_games::hidden(c, &ids))?;
    if hidden.is_empty() {
        return Ok(r);
    }
    let mut out = (*r).clone();
    out.hits.retain(|h| !hidden.contains(&h.id));
    out.total = out.total.saturating_sub(hidden.len());
    Ok(std::sync::Arc::new(out))
}

/// `GET /api/imports?limit=&offset=`: the import runs, newest first, each with its counts and the
/// first problems it recorded (see [`crate::store::reads::ImportRun`]).
pub async fn imports(State(st): State<AppState>, RawQuery(q): RawQuery) -> Result<Json<Value>> {
    let (total, runs, _, _) = imports_page(&st, q.as_deref()).await?;
    Ok(Json(json!({ "total": total, "imports": runs })))
}

/// The import runs of `GET /api/imports` and `/imports`: `limit` (1–, default 20) from `offset`,
/// with the total and the limit and offset read.
pub async fn imports_page(
    st: &AppState,
    q: Option<&str>,
) -> Result<(i64, Vec<reads::ImportRun>, usize, usize)> {
    let p = Params::parse(q);
    let limit = p.usize("limit", 20, 1, MAX_PAGE_SIZE)?;
    let offset = p.usize("offset", 0, 0, MAX_OFFSET)?;
    let (total, mut runs) = st
        .run(move |s| s.db.with(|c| reads::imports(c, limit, offset)))
        .await?;
    for p in runs.iter_mut().flat_map(|r| r.problems.iter_mut()) {
        p.file = super::shown_path::shown_path(&p.file);
    }
    Ok((total, runs, limit, offset))
}
