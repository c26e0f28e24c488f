//! Downloads: `GET /api/games/{id}/record` (one game in its notation), and `format=record|csv` on
//! the lists' API (`/api/games`, `/api/search`, `/api/events/{id}`, `/api/collections/{id}`).

use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};

use super::request::{Params, game_id};
use crate::AppState;
use crate::downloads::{self, MAX_DOWNLOAD};
use crate::error::{Error, Result};

/// What a list is downloaded as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// One records file: every game as imported.
    Record,
    Csv,
}

/// `format=record|csv` (`None`: the list as JSON).
pub fn format_of(p: &Params) -> Result<Option<Format>> {
    match p.str("format") {
        None | Some("json") => Ok(None),
        Some("record" | "records" | "txt") => Ok(Some(Format::Record)),
        Some("csv") => Ok(Some(Format::Csv)),
        Some(f) => Err(Error::BadRequest(format!(
            "format is record, csv or json, not '{f}'"
        ))),
    }
}

/// How many games a download takes: `limit` when given, else all (up to [`MAX_DOWNLOAD`]).
pub fn download_limit(p: &Params) -> Result<usize> {
    p.usize("limit", MAX_DOWNLOAD, 1, MAX_DOWNLOAD)
}

fn attachment(ctype: &str, name: &str, body: Vec<u8>) -> Response {
    // File names are made here from ids and kinds: ASCII, no quotes.
    (
        [
            (header::CONTENT_TYPE, ctype.to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
        ],
        body,
    )
        .into_response()
}

/// The games of `ids` as a download named `name` (without its extension).
pub async fn list(st: &AppState, format: Format, name: &str, ids: Vec<i64>) -> Result<Response> {
    let body = st
        .run(move |s| {
            s.db.with(|c| match format {
                Format::Record => downloads::records(c, &ids).map(String::into_bytes),
                Format::Csv => downloads::csv(c, &ids),
            })
        })
        .await?;
    Ok(match format {
        Format::Record => attachment("text/plain; charset=utf-8", &format!("{name}.txt"), body),
        Format::Csv => attachment("text/csv; charset=utf-8", &format!("{name}.csv"), body),
    })
}

/// `GET /api/games/{id}/record`: the game's record as imported (text/plain), named after it.
pub async fn game_record(State(st): State<AppState>, Path(id): Path<String>) -> Result<Response> {
    let id = game_id(&id)?;
    let (text, kind) = st
        .run(move |s| s.db.with(|c| downloads::game_record(c, id)))
        .await?
        .ok_or_else(|| Error::NotFound(format!("no game {id}")))?;
    Ok(attachment(
        "text/plain; charset=utf-8",
        &format!("game-{id}.{}", downloads::extension(&kind)),
        text.into_bytes(),
    ))
}
