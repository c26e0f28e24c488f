//! Merges of players and events, listed and undone (admins): `GET /api/merges`,
//! `POST /api/merges/{id}/undo`.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde_json::{Value, json};

use super::request::id_of;
use super::session::Auth;
use crate::AppState;
use crate::auth::{self, Role};
use crate::error::Result;
use crate::people;

/// `GET /api/merges` (admin): the newest 200 merges, newest first.
pub async fn api_list(State(st): State<AppState>, auth: Auth) -> Result<Json<Value>> {
    let m = auth.require()?.clone();
    auth::require(&m, Role::Admin)?;
    let v = st
        .run(move |s| s.db.with(|c| people::merges(c, 200)))
        .await?;
    Ok(Json(json!({ "merges": v })))
}

/// `POST /api/merges/{id}/undo` (admin): the merged-away player or event back as it was.
pub async fn api_undo(
    State(st): State<AppState>,
    auth: Auth,
    Path(id): Path<String>,
) -> Result<StatusCode> {
    let id = id_of(&id, "a merge id")?;
    let m = auth.require()?.clone();
    st.run(move |s| s.db.with(|c| people::undo_merge(c, &m, id)))
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
