//! The audit logs: a club's (its admins) and the archive's (curators).

use axum::Json;
use axum::extract::State;
use serde_json::{Value, json};

use super::session::Auth;
use crate::AppState;
use crate::auth;
use crate::error::{Error, Result};

/// `GET /api/audit` (admin): the club's audit log; `?scope=archive` (curators): the archive-wide
/// log of edits to events and players.
pub async fn api_audit(
    State(st): State<AppState>,
    auth: Auth,
    axum::extract::RawQuery(q): axum::extract::RawQuery,
) -> Result<Json<Value>> {
    let m = auth.require()?.clone();
    match super::request::Params::parse(q.as_deref()).str("scope") {
        None | Some("club") => {}
        Some("archive") => {
            let v = st
                .run(move |s| {
                    s.db.with(|c| crate::curators::archive_audit_log(c, &m, 500))
                })
                .await?;
            return Ok(Json(json!({ "scope": "archive", "entries": v })));
        }
        Some(other) => {
            return Err(Error::BadRequest(format!(
                "scope is club or archive, not {other:?}"
            )));
        }
    }
    auth::require(&m, auth::Role::Admin)?;
    let v = st
        .run(move |s| s.db.with(|c| auth::audit_log(c, m.club_id, 500)))
        .await?;
    Ok(Json(json!({ "entries": v })))
}
