//! Static files the pages load: scripts and styles kept in `templates/static/`, compiled into the
//! binary so the server needs no directory beside it. Pages load scripts only from here (the
//! content security policy allows no inline script).

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

/// (file name, content type, body).
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "keys.js",
        "text/javascript; charset=utf-8",
        include_str!("../../templates/static/keys.js"),
    ),
    (
        "desk.js",
        "text/javascript; charset=utf-8",
        include_str!("../../templates/static/desk.js"),
    ),
];

/// `GET /static/{name}`: one of [`ASSETS`], cached for a day; anything else 404.
pub async fn serve(Path(name): Path<String>) -> Response {
    match ASSETS.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, body)) => (
            [
                (header::CONTENT_TYPE, *kind),
                (header::CACHE_CONTROL, "public, max-age=86400"),
            ],
            *body,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}
