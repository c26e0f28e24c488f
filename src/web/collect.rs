//! "Add to collection" from a game's page and from each search result: a small form choosing one
//! of the collections the member's club edits (and a ply, optional), posted to `POST /collect`,
//! which adds the game and answers on the page it came from (`back`) with a message. The same
//! refusals as the API's: a ply past the game's end, a game the collection holds already.

use std::collections::HashMap;

use axum::extract::{Form, State};
use axum::response::Redirect;

use super::language::tr_args;
use super::pages::PageError;
use super::paste::{field, opt_i64};
use super::request::{Params, id_of};
use super::session::Auth;
use crate::AppState;
use crate::collection_items::{self, Refusal};
use crate::collections::{self as coll, NewItem};
use crate::error::Error;

/// The parameters the answer puts on the page it goes back to.
const KEYS: [&str; 6] = [
    "collected",
    "collect_error",
    "collect_into",
    "collect_game",
    "collect_ply",
    "collect_plies",
];

/// What a page shows of the form: the collections to choose from, the session's CSRF token, the
/// page to come back to and the message of the last add.
#[derive(Default)]
pub struct CollectForm {
    pub mine: Vec<(i64, String)>,
    pub csrf: String,
    pub back: String,
    pub message: Option<Said>,
}

/// The answer to the last add.
pub struct Said {
    pub refused: bool,
    pub text: String,
}

impl CollectForm {
    /// The form for a member whose club's collections are `mine`, on the page `path` with query
    /// `query` (whose answer parameters are read, and left out of the way back).
    pub fn new(auth: &Auth, mine: Vec<(i64, String)>, path: &str, query: Option<&str>) -> Self {
        let p = Params::parse(query);
        let kept: Vec<(String, String)> = form_urlencoded::parse(query.unwrap_or("").as_bytes())
            .filter(|(k, _)| !KEYS.contains(&k.as_ref()))
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        let back = if kept.is_empty() {
            path.to_string()
        } else {
            let mut q = form_urlencoded::Serializer::new(String::new());
            q.extend_pairs(kept);
            format!("{path}?{}", q.finish())
        };
        let message = message(&p, &mine);
        CollectForm {
            csrf: if mine.is_empty() {
                String::new()
            } else {
                auth.csrf.clone().unwrap_or_default()
            },
            mine,
            back,
            message,
        }
    }
}

impl CollectForm {
    /// [`CollectForm::new`] with the member's collections read here (none read for a visitor).
    pub async fn for_page(
        st: &AppState,
        auth: &Auth,
        path: &str,
        query: Option<&str>,
    ) -> crate::error::Result<CollectForm> {
        let who = auth.member.clone().filter(|m| m.can_edit());
        let mine = match who {
            Some(m) => {
                st.run(move |s| s.db.with(|c| collection_items::editable(c, Some(&m))))
                    .await?
            }
            None => Vec::new(),
        };
        Ok(CollectForm::new(auth, mine, path, query))
    }
}

fn num(p: &Params, k: &str) -> Option<i64> {
    p.str(k).and_then(|v| v.parse().ok())
}

/// The message of the last add, named by the collection's name (only the reader's own).
fn message(p: &Params, mine: &[(i64, String)]) -> Option<Said> {
    let (refused, coll) = match (num(p, "collected"), p.str("collect_error")) {
        (Some(c), None) => (false, c),
        (None, Some(_)) => (true, num(p, "collect_into")?),
        _ => return None,
    };
    let name = mine.iter().find(|(id, _)| *id == coll)?.1.clone();
    let game = num(p, "collect_game")?;
    let key = match p.str("collect_error") {
        None => "collect-added",
        Some("held") => "collect-held",
        Some("past-end") => "collect-past-end",
        Some(_) => return None,
    };
    Some(Said {
        refused,
        text: tr_args(
            key,
            &[
                ("game", game.into()),
                ("collection", name.into()),
                ("ply", num(p, "collect_ply").unwrap_or(0).into()),
                ("plies", num(p, "collect_plies").unwrap_or(0).into()),
            ],
        ),
    })
}

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

/// A refusal as the API and the collection page say it.
pub fn refusal_text(r: &Refusal) -> String {
    match r {
        Refusal::Held { game } => tr_args("collect-held-here", &[("game", (*game).into())]),
        Refusal::PastEnd { game, ply, plies } => tr_args(
            "collect-ply-past-end",
            &[
                ("game", (*game).into()),
                ("ply", (*ply).into()),
                ("plies", (*plies).into()),
            ],
        ),
    }
}

/// The API's error for a refusal: 409 for a game held already, 400 for a ply past the end.
pub fn refusal_error(r: &Refusal) -> Error {
    match r {
        Refusal::Held { .. } => Error::Conflict(refusal_text(r)),
        Refusal::PastEnd { .. } => Error::BadRequest(refusal_text(r)),
    }
}
