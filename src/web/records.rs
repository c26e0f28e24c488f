//! The JSON API of entering and correcting records: a preview that stores nothing, new records,
//! corrections of a stored game, and the versions of its text.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::request::{Params, game_id, id_of};
use super::session::Auth;
use crate::AppState;
use crate::auth::{self, Member, Role};
use crate::error::{Error, Result};
use crate::store::{draft, ingest, versions};

/// The member of a write to the archive's games: an editor or an admin of a club (401 without
/// credentials, 403 for a viewer).
pub fn writer(auth: &Auth) -> Result<Member> {
    let m = auth.require()?;
    auth::require(m, Role::Editor)?;
    Ok(m.clone())
}

/// A 404 unless `viewer` may see game `id` (a game imported into a private collection is its
/// club's until published: `crate::private_games`).
pub fn check_visible(conn: &rusqlite::Connection, id: i64, viewer: Option<&Member>) -> Result<()> {
    if crate::private_games::visible(conn, id, viewer)? {
        Ok(())
    } else {
        Err(Error::NotFound(format!("no game {id}")))
    }
}

/// The history's name of a member: `name@club`.
pub fn author_name(m: &Member) -> String {
    format!("{}@{}", m.name, m.club)
}

/// A record text's body: not empty (the size limit is the router's).
fn record_body(body: &[u8]) -> Result<&[u8]> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Err(Error::BadRequest(
            "the body is empty: send the record's text".into(),
        ));
    }
    Ok(body)
}

/// The JSON of a draft: each game as `GET /api/games/{id}` shows a stored one (with no id), and
/// every diagnostic of the text.
pub fn draft_json(d: &draft::Draft) -> Value {
    let games: Vec<Value> = d
        .games
        .iter()
        .map(|g| {
            let mut v = super::api::game_json(g);
            if let Some(o) = v.as_object_mut() {
                o.insert("id".into(), Value::Null);
            }
            v
        })
        .collect();
    json!({
        "games": games,
        "rejected": d.rejected.iter().map(|(line, diag)| json!({"line": line, "diagnostic": diag})).collect::<Vec<_>>(),
        "diagnostics": d.diagnostics(),
        "encoding": d.encoding,
    })
}

/// `POST /api/preview?kind=`: the body, any record text, read as an import reads it; nothing is
/// stored.
pub async fn preview(
    State(st): State<AppState>,
    RawQuery(q): RawQuery,
    body: Bytes,
) -> Result<Json<Value>> {
    let kind = Params::parse(q.as_deref()).kind()?;
    record_body(&body)?;
    let v = st
        .run(move |_| {
            let d = draft::read(
                "preview",
                &body,
                &ingest::Options {
                    kind,
                    ..Default::default()
                },
            );
            Ok(draft_json(&d))
        })
        .await?;
    Ok(Json(v))
}

/// Stores a new record text as an import does, under `name`; answers each game's id (none when
/// rejected) and status, and the text's diagnostics. Every stored game is in the audit log.
pub fn create_games(
    st: &AppState,
    m: &Member,
    name: &str,
    bytes: &[u8],
    kind: Option<annals_import::Kind>,
) -> Result<Value> {
    let summary = st.db.with_mut(|c| {
        ingest::import_bytes(
            c,
            Some(&st.index),
            name,
            bytes,
            &ingest::Options {
                kind,
                details: true,
                ..Default::default()
            },
        )
    })?;
    st.db.with(|c| {
        for g in summary.games.iter().filter(|g| g.status == "imported") {
            if let Some(id) = g.id {
                auth::audit(c, Some(m), "game.create", &format!("game {id}"), name)?;
            }
        }
        Ok(())
    })?;
    Ok(json!({
        "games": summary.games.iter().map(|g| json!({"id": g.id, "status": g.status})).collect::<Vec<_>>(),
        "diagnostics": summary.diagnostics,
    }))
}

/// `POST /api/games?kind=` (an editor's or admin's token): stores the record text of the body.
pub async fn create(
    State(st): State<AppState>,
    auth: Auth,
    RawQuery(q): RawQuery,
    body: Bytes,
) -> Result<Response> {
    let m = writer(&auth)?;
    let kind = Params::parse(q.as_deref()).kind()?;
    record_body(&body)?;
    let v = st
        .run(move |s| create_games(s, &m, "desk", &body, kind))
        .await?;
    let stored = v["games"]
        .as_array()
        .is_some_and(|g| g.iter().any(|g| g["id"].is_i64()));
    // A text with no game to store is still a well-formed request: 200 with the diagnostics
    // that say why nothing was stored (201 when a game was).
    let status = if stored {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok((status, Json(v)).into_response())
}

/// Stores `bytes` as game `id`'s next version in the name of `m`, with its audit entry; 404 when
/// there is no such game.
pub fn correct_game(
    st: &AppState,
    m: &Member,
    id: i64,
    bytes: &[u8],
    kind: Option<annals_import::Kind>,
    note: &str,
) -> Result<versions::Corrected> {
    let by = author_name(m);
    let c = versions::Correction {
        id,
        bytes,
        kind,
        author: versions::Author {
            member_id: Some(m.id),
            by: &by,
        },
        note,
    };
    let done = st.db.with_mut(|conn| {
        check_visible(conn, id, Some(m))?;
        versions::correct(conn, Some(&st.index), &c, |tx, done| {
            auth::audit(
                tx,
                Some(m),
                "game.correct",
                &format!("game {id}"),
                &format!("version {}{}", done.version, note_suffix(note)),
            )
        })
    })?;
    done.ok_or_else(|| Error::NotFound(format!("no game {id}")))
}

fn note_suffix(note: &str) -> String {
    match note.trim() {
        "" => String::new(),
        n => format!(": {n}"),
    }
}

/// `PUT /api/games/{id}?kind=&note=` (an editor's or admin's token): the body is the corrected
/// record text of that one game.
pub async fn correct(
    State(st): State<AppState>,
    auth: Auth,
    Path(id): Path<String>,
    RawQuery(q): RawQuery,
    body: Bytes,
) -> Result<Json<Value>> {
    let id = game_id(&id)?;
    let m = writer(&auth)?;
    let p = Params::parse(q.as_deref());
    let kind = p.kind()?;
    let note = p.filter("note")?.unwrap_or("").to_string();
    record_body(&body)?;
    let done = st
        .run(move |s| correct_game(s, &m, id, &body, kind, &note))
        .await?;
    Ok(Json(json!({"id": done.id, "version": done.version})))
}

/// `GET /api/games/{id}/versions`: `[{"version","at","by","note"}]`, oldest first.
pub async fn list(
    State(st): State<AppState>,
    auth: Auth,
    Path(id): Path<String>,
) -> Result<Json<Value>> {
    let id = game_id(&id)?;
    let viewer = auth.member;
    let v = st
        .run(move |s| {
            s.db.with(|c| {
                check_visible(c, id, viewer.as_ref())?;
                versions::list(c, id)
            })
        })
        .await?
        .ok_or_else(|| Error::NotFound(format!("no game {id}")))?;
    Ok(Json(json!(v)))
}

/// `GET /api/games/{id}/versions/{n}`: the text of version `n` as stored, byte for byte.
pub async fn text(
    State(st): State<AppState>,
    auth: Auth,
    Path((id, n)): Path<(String, String)>,
) -> Result<Response> {
    let id = game_id(&id)?;
    let n = id_of(&n, "a version number")?;
    let viewer = auth.member;
    let raw = st
        .run(move |s| {
            s.db.with(|c| {
                check_visible(c, id, viewer.as_ref())?;
                versions::text(c, id, n)
            })
        })
        .await?
        .ok_or_else(|| Error::NotFound(format!("game {id} has no version {n}")))?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], raw).into_response())
}
