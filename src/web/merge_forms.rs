//! The curators' merge forms, which work without a script: "merge into…" on a player's and an
//! event's page (this one merged into another, named by id or name), and the page of merges with
//! an undo button each. Every form carries the session's CSRF token; only curators see them, and
//! anyone else's post is refused (403) as the API refuses it.

use std::collections::HashMap;

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::{Form, Path, RawQuery, State};
use axum::response::Redirect;

use super::language::tr_args;
use super::pages::PageError;
use super::paste::field;
use super::request::{Params, id_of};
use super::session::Auth;
use crate::AppState;
use crate::error::Error;
use crate::people::{self, Found, MergeRow};
// The templates' text (`t`, `tn`…): askama calls it on `self`.
use super::language::Localize as _;

/// What a merge form merges.
#[derive(Clone, Copy)]
enum What {
    Player,
    Event,
}

impl What {
    fn path(self) -> &'static str {
        match self {
            What::Player => "players",
            What::Event => "events",
        }
    }
}

/// `POST /players/{id}/merge` (`into`: an id or a name): this player merged into that one.
pub async fn merge_player(
    State(st): State<AppState>,
    auth: Auth,
    Path(id): Path<String>,
    Form(f): Form<HashMap<String, String>>,
) -> Result<Redirect, PageError> {
    merge(st, auth, What::Player, &id, f).await
}

/// `POST /events/{id}/merge` (`into`: an id or a name): this event merged into that one.
pub async fn merge_event(
    State(st): State<AppState>,
    auth: Auth,
    Path(id): Path<String>,
    Form(f): Form<HashMap<String, String>>,
) -> Result<Redirect, PageError> {
    merge(st, auth, What::Event, &id, f).await
}

async fn merge(
    st: AppState,
    auth: Auth,
    what: What,
    id: &str,
    f: HashMap<String, String>,
) -> Result<Redirect, PageError> {
    let m = auth.check_csrf(f.get("csrf").map(String::as_str))?.clone();
    let from = id_of(id, "an id")?;
    let typed = field(&f, "into").to_string();
    let t2 = typed.clone();
    let found = st
        .run(move |s| {
            s.db.with(|c| {
                // Who may merge before what the name finds: an outsider learns nothing.
                crate::curators::require_curator(c, &m)?;
                let found = match what {
                    What::Player => people::player_named(c, &t2)?,
                    What::Event => people::event_named(c, &t2)?,
                };
                if let Found::One(into) = found {
                    match what {
                        What::Player => people::merge_players(c, &m, into, from)?,
                        What::Event => people::merge_events(c, &m, into, from)?,
                    }
                }
                Ok(found)
            })
        })
        .await?;
    match found {
        Found::One(into) => Ok(Redirect::to(&format!(
            "/{}/{into}?merged={from}",
            what.path()
        ))),
        Found::Nothing => {
            Err(Error::NotFound(tr_args("merge-nothing-named", &[("name", typed.into())])).into())
        }
        Found::Several => {
            Err(Error::BadRequest(tr_args("merge-several-named", &[("name", typed.into())])).into())
        }
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "merges.html")]
pub struct MergesPage {
    q: String,
    csrf: String,
    merges: Vec<MergeRow>,
    /// The merge just undone.
    undone: Option<i64>,
}

impl MergesPage {
    /// Where a merge's records are: `players` or `events`.
    fn path_of(&self, what: &str) -> &'static str {
        if what == "player" {
            "players"
        } else {
            "events"
        }
    }

    /// The day of a timestamp, as the language writes dates.
    fn day(&self, at: &str) -> String {
        crate::i18n::format::date(super::language::lang(), at.get(..10).unwrap_or(at))
    }
}

/// `GET /merges` (curators): the newest merges, each with its undo button.
pub async fn page(
    State(st): State<AppState>,
    auth: Auth,
    RawQuery(q): RawQuery,
) -> Result<MergesPage, PageError> {
    let m = auth.require()?.clone();
    let undone = Params::parse(q.as_deref())
        .str("undone")
        .and_then(|v| v.parse().ok());
    let merges = st
        .run(move |s| {
            s.db.with(|c| {
                crate::curators::require_curator(c, &m)?;
                people::merges(c, 200)
            })
        })
        .await?;
    Ok(MergesPage {
        q: String::new(),
        csrf: auth.csrf.unwrap_or_default(),
        merges,
        undone,
    })
}

/// `POST /merges/{id}/undo`: the merged-away player or event back, then the merges page.
pub async fn undo(
    State(st): State<AppState>,
    auth: Auth,
    Path(id): Path<String>,
    Form(f): Form<HashMap<String, String>>,
) -> Result<Redirect, PageError> {
    let m = auth.check_csrf(f.get("csrf").map(String::as_str))?.clone();
    let id = id_of(&id, "a merge id")?;
    st.run(move |s| s.db.with(|c| people::undo_merge(c, &m, id)))
        .await?;
    Ok(Redirect::to(&format!("/merges?undone={id}")))
}

/// What a player's or an event's page shows a curator: the merge form (with the session's CSRF
/// token) and, after a merge, which record was merged into this one.
pub struct MergeForm {
    pub curator: bool,
    pub csrf: String,
    pub merged: Option<i64>,
}

impl MergeForm {
    /// The form for `auth` (empty for all but curators), `is_curator` read with the page.
    pub fn of(auth: &Auth, is_curator: bool, query: Option<&str>) -> MergeForm {
        MergeForm {
            curator: is_curator,
            csrf: if is_curator {
                auth.csrf.clone().unwrap_or_default()
            } else {
                String::new()
            },
            merged: Params::parse(query)
                .str("merged")
                .and_then(|v| v.parse().ok()),
        }
    }
}

/// Is the page's reader a curator?
pub fn is_curator(
    c: &rusqlite::Connection,
    auth_member: Option<&crate::auth::Member>,
) -> crate::error::Result<bool> {
    match auth_member {
        Some(m) => crate::curators::is_curator(c, m),
        None => Ok(false),
    }
}
