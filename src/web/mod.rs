//! The HTTP side: one router for pages (`pages`) and the JSON API (`api`).

pub mod account;
pub mod api;
pub mod assets;
pub mod audit;
pub mod board;
pub mod cancel;
pub mod collections;
pub mod downloads;
pub mod explorer;
pub mod game;
pub mod guard;
pub mod language;
pub mod login_guard;
pub mod merges;
pub mod moves_page;
pub mod openapi;
pub mod orders;
pub mod origin;
pub mod pages;
pub mod paging;
pub mod paste;
pub mod people;
pub mod phase_units;
pub mod position_board;
pub mod publish;
pub mod request;
pub mod session;
pub mod shown_path;
pub mod stats;
pub mod stats_query;
pub mod view;
// The transcription desk: entering and correcting records, and their history.
pub mod desk;
pub mod history;
pub mod records;
// Error messages on pages in the reader's language.
pub mod messages;
// What a new member meets: the 三国 board's file numbers, the merge and add-to-collection forms.
pub mod collect;
pub mod collect_form;
pub mod hotw_results;
pub mod merge_forms;
pub mod refusals;
pub mod sanguo_files;

use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderName, HeaderValue, header};
use axum::routing::{delete, get, post, put};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

use crate::AppState;
use request::MAX_BODY_BYTES;

/// How long a request may take before it is answered 408 (and its work called off): 30 s, or
/// `ANNALS_REQUEST_TIMEOUT_MS` (a knob for tests, which cannot wait 30 s).
pub fn request_timeout() -> Duration {
    std::env::var("ANNALS_REQUEST_TIMEOUT_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .map_or(Duration::from_secs(30), Duration::from_millis)
}

/// The whole application: pages, API, limits and security headers.
pub fn app(state: AppState) -> Router {
    app_with_timeout(state, request_timeout())
}

/// [`app`] with another request timeout.
pub fn app_with_timeout(state: AppState, timeout: Duration) -> Router {
    let csp = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";
    Router::new()
        .route("/", get(pages::home))
        .route("/games", get(pages::games))
        .route("/games/{id}", get(game::game))
        .route("/search", get(pages::search))
        .route("/api/games", get(api::games).post(records::create))
        .route("/api/games/{id}", get(api::game).put(records::correct))
        .route("/api/search", get(api::search))
        .route("/stats/{kind}", get(stats::stats_page))
        .route("/stats/{kind}/{table}", get(stats::csv_table))
        .route("/explorer/{kind}", get(explorer::explorer_page))
        .route("/api/stats/hotw/empires", get(stats::api_hotw_empires))
        .route("/api/stats/hotw/cards", get(stats::api_hotw_cards))
        .route("/api/stats/{kind}", get(stats::api_stats))
        .route("/api/explorer/{kind}", get(explorer::api_explorer))
        .route(
            "/api/collections",
            get(collections::api_list).post(collections::api_create),
        )
        .route(
            "/api/collections/{id}",
            get(collections::api_get)
                .patch(collections::api_update)
                .delete(collections::api_delete),
        )
        .route(
            "/api/collections/{id}/items",
            post(collections::api_add_item),
        )
        .route(
            "/api/collections/{id}/items/{game}",
            delete(collections::api_remove_game),
        )
        .route("/api/collections/{id}/order", put(collections::api_reorder))
        .route(
            "/api/collections/{id}/sections",
            post(collections::api_add_section),
        )
        .route("/api/collections/{id}/clone", post(collections::api_clone))
        .route("/api/collections/{id}/publish", post(publish::api_publish))
        .route(
            "/api/collections/{id}/import",
            post(collections::api_import),
        )
        .route(
            "/api/collections/{id}/{format}",
            get(collections::api_export),
        )
        .route("/api/members", post(collections::api_add_member))
        .route("/api/tokens", post(collections::api_issue_token))
        .route("/api/tokens/{id}", delete(collections::api_revoke_token))
        .route("/api/audit", get(audit::api_audit))
        .route("/api/me", get(collections::api_me))
        .route(
            "/login",
            get(collections::login_form).post(collections::login),
        )
        .route("/logout", post(collections::logout))
        .route("/login/token", post(account::token_login))
        .route("/account", get(account::account))
        .route("/account/password", post(account::password))
        .route("/account/invite", post(account::invite))
        .route("/api/games/{id}/record", get(downloads::game_record))
        .route("/api/merges", get(merges::api_list))
        .route("/api/merges/{id}/undo", post(merges::api_undo))
        .route(
            "/collections",
            get(collections::list_page).post(collections::create_form),
        )
        .route("/collections/{id}", get(collections::page))
        .route("/collections/{id}/{action}", post(collections::action_form))
        .route(
            "/collections/{id}/items/{item}/{action}",
            post(collections::action_form),
        )
        .route("/share/{token}", get(collections::share))
        .route("/imports", get(pages::imports))
        .route("/api/imports", get(api::imports))
        .route("/events", get(people::events_page))
        .route("/events/{id}", get(people::event_page))
        .route("/events/{id}/standings.csv", get(people::standings_csv))
        .route("/players", get(people::players_page))
        .route("/players/{id}", get(people::player_page))
        .route("/api/events", get(people::api_events))
        .route("/api/events/merge", post(people::api_event_merge))
        .route(
            "/api/events/{id}",
            get(people::api_event).patch(people::api_event_update),
        )
        .route("/api/events/{id}/aliases", post(people::api_event_alias))
        .route("/api/players", get(people::api_players))
        .route("/api/players/merge", post(people::api_player_merge))
        .route("/api/players/{id}", get(people::api_player))
        .route("/api/players/{id}/aliases", post(people::api_player_alias))
        .route("/api/players/{id}/split", post(people::api_player_split))
        // The transcription desk: previews, new records, corrections and their versions.
        .route("/api/preview", post(records::preview))
        .route("/api/games/{id}/versions", get(records::list))
        .route("/api/games/{id}/versions/{n}", get(records::text))
        .route("/desk", get(desk::page).post(desk::post))
        .route("/desk/preview", post(desk::fragment))
        .route("/games/{id}/history", get(history::page))
        // What a new member meets: merging from the pages, adding a game to a collection.
        .route("/players/{id}/merge", post(merge_forms::merge_player))
        .route("/events/{id}/merge", post(merge_forms::merge_event))
        .route("/merges", get(merge_forms::page))
        .route("/merges/{id}/undo", post(merge_forms::undo))
        .route("/collect", post(collect::add))
        .route("/api/openapi.json", get(crate::web::openapi::serve))
        .route("/static/{name}", get(assets::serve))
        // Declared body size, Origin and Content-Type of writes: on every route above (not the
        // fallback, whose answer is a 404 whatever the request brings).
        .route_layer(axum::middleware::from_fn(guard::guard))
        .fallback(pages::not_found)
        .layer(axum::middleware::from_fn(api_errors_as_json))
        .layer(axum::middleware::from_fn(language::choose))
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(TimeoutLayer::with_status_code(
            axum::http::StatusCode::REQUEST_TIMEOUT,
            timeout,
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(csp),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_FRAME_OPTIONS,
            HeaderValue::from_static("DENY"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            HeaderName::from_static("referrer-policy"),
            HeaderValue::from_static("same-origin"),
        ))
        .with_state(state)
}

/// Errors that axum or tower make before a handler runs (a body over the limit: 413, a wrong
/// method: 405, a path that does not decode: 400, a timeout: 408) come as plain text or with no
/// body at all. Under `/api/` every error is JSON `{"error": "…"}`, like the rest of the API.
async fn api_errors_as_json(
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let api = req.uri().path().starts_with("/api/");
    let res = next.run(req).await;
    let status = res.status();
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !api || is_json || !(status.is_client_error() || status.is_server_error()) {
        return res;
    }
    let message = match status.as_u16() {
        413 => format!("the request body is larger than the limit of {MAX_BODY_BYTES} bytes"),
        405 => "this method is not allowed on this path".to_string(),
        408 => "the request took too long".to_string(),
        _ => {
            let (parts, body) = res.into_parts();
            let text = axum::body::to_bytes(body, 4096).await.unwrap_or_default();
            let text = String::from_utf8_lossy(&text).trim().to_string();
            let message = if text.is_empty() || parts.status.is_server_error() {
                parts
                    .status
                    .canonical_reason()
                    .unwrap_or("error")
                    .to_lowercase()
            } else {
                text
            };
            let mut out = (
                parts.status,
                axum::Json(serde_json::json!({ "error": message })),
            )
                .into_response();
            for (k, v) in &parts.headers {
                if k != header::CONTENT_TYPE && k != header::CONTENT_LENGTH {
                    out.headers_mut().insert(k.clone(), v.clone());
                }
            }
            return out;
        }
    };
    let mut out = (status, axum::Json(serde_json::json!({ "error": message }))).into_response();
    if let Some(allow) = res.headers().get(header::ALLOW) {
        out.headers_mut().insert(header::ALLOW, allow.clone());
    }
    out
}
