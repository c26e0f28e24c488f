//! "Add to collection" from a game's page and from each search result: a small form choosing one
//! of the collections the member's club edits (and a ply, optional), posted to `POST /collect`,
//! which adds the game and answers on the page it came from (`back`) with a message. The same
//! refusals as the API's: a ply past the game's end, a game the collection holds already.

use std::collections::HashMap;

use axum::extract::{Form, State};
use axum::response::Redirect;

use super::pages::PageError;
use super::paste::{field, opt_i64};
use super::request::id_of;
use super::session::Auth;
use crate::AppState;
use crate::collection_items::{self, Refusal};
use crate::collections::{self as coll, NewItem};

/// A page of this site to go back to, else the game's page.
fn back_to(f: &HashMap<String, String>, game: i64) -> String {
    let b = field(f, "back");
    let ours = b.starts_with('/') && !b.starts_with("//") && !b.contains(['\\', '#']);
    if ours {
        b.to_string()
    } else {
        format!("/games/{game}")
    }
}

/// `POST /collect` (`collection`, `game`, `ply` optional, `back`): adds the game to one of the
/// club's collections and goes back to the page with the answer.
pub async fn add(
    State(st): State<AppState>,
    auth: Auth,
    Form(f): Form<HashMap<String, String>>,
) -> Result<Redirect, PageError> {
    let m = auth.check_csrf(f.get("csrf").map(String::as_str))?.clone();
    let coll_id = id_of(field(&f, "collection"), "a collection id")?;
    let game = id_of(field(&f, "game"), "a game id")?;
    let ply = opt_i64(&f, "ply", "the ply")?;
    let back = back_to(&f, game);
    let refusal = st
        .run(move |s| {
            s.db.with(|c| {
                coll::check_write(c, coll_id, Some(&m))?;
                if let Some(r) = collection_items::refusal(c, coll_id, Some(game), ply)? {
                    return Ok(Some(r));
                }
                coll::add_item(
                    c,
                    &m,
                    coll_id,
                    &NewItem {
                        game: Some(game),
                        note: String::new(),
                        ply,
                        section: None,
                    },
                )?;
                Ok(None)
            })
        })
        .await?;
    let mut q = form_urlencoded::Serializer::new(String::new());
    match refusal {
        None => {
            q.append_pair("collected", &coll_id.to_string());
        }
        Some(Refusal::Held { .. }) => {
            q.append_pair("collect_error", "held");
            q.append_pair("collect_into", &coll_id.to_string());
        }
        Some(Refusal::PastEnd { ply, plies, .. }) => {
            q.append_pair("collect_error", "past-end");
            q.append_pair("collect_into", &coll_id.to_string());
            q.append_pair("collect_ply", &ply.to_string());
            q.append_pair("collect_plies", &plies.to_string());
        }
    }
    q.append_pair("collect_game", &game.to_string());
    let sep = if back.contains('?') { '&' } else { '?' };
    Ok(Redirect::to(&format!("{back}{sep}{}#collect", q.finish())))
}
