//! What a page shows of "add to collection" (the form itself is `macros.html`'s
//! `collect_form`, posted to `POST /collect`): the reader's club's collections, the way back to the
//! page, and the message of the last add, read from the parameters the answer put on the page.

use super::language::tr_args;
use super::request::Params;
use super::session::Auth;
use crate::AppState;
use crate::collection_items;

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
