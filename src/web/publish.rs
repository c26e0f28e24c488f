//! Publishing a private collection's imports (`crate::private_games`).

use axum::Json;
use axum::extract::{Path, State};
use serde_json::{Value, json};

use super::request::id_of;
use super::session::Auth;
use crate::AppState;
use crate::collections as coll;
use crate::error::Result;

/// `POST /api/collections/{id}/publish` (an editor of the club): the games imported into a
/// private collection join the lists and the search → `{"published": N}`.
pub async fn api_publish(
    State(st): State<AppState>,
    auth: Auth,
    Path(id): Path<String>,
) -> Result<Json<Value>> {
    let id = id_of(&id, "a collection id")?;
    let who = auth.member.clone();
    let n = st
        .run(move |s| {
            s.db.with(|c| {
                let m = coll::check_write(c, id, who.as_ref())?;
                crate::private_games::publish(c, &m, id)
            })
        })
        .await?;
    Ok(Json(json!({ "published": n })))
}
