//! The page and its assets, compiled into the binary. Only the names listed here are served:
//! nothing is read from the file system, so no path can reach outside them.

use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};

/// Name, content type and bytes of every asset.
const ASSETS: &[(&str, &str, &[u8])] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_bytes!("assets/index.html"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_bytes!("assets/app.js"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_bytes!("assets/style.css"),
    ),
];

/// The asset named exactly `name`.
pub fn find(name: &str) -> Option<(&'static str, &'static [u8])> {
    ASSETS
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|&(_, ty, bytes)| (ty, bytes))
}

fn respond(name: &str) -> Response {
    match find(name) {
        Some((ty, bytes)) => (
            [
                (header::CONTENT_TYPE, ty),
                (header::CACHE_CONTROL, "no-cache"),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
                // Scripts and styles from this server only; nothing inline, nothing remote.
                (
                    header::CONTENT_SECURITY_POLICY,
                    "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
                ),
            ],
            bytes,
        )
            .into_response(),
        None => super::api::ApiError::new(
            axum::http::StatusCode::NOT_FOUND,
            format!("no asset '{name}'"),
        )
        .into_response(),
    }
}

pub async fn index() -> Response {
    respond("index.html")
}

pub async fn asset(
    name: Result<Path<String>, axum::extract::rejection::PathRejection>,
) -> Response {
    match name {
        Ok(Path(name)) => respond(&name),
        Err(e) => super::api::ApiError::from(e).into_response(),
    }
}
