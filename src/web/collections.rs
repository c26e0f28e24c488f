//! Collections, members and tokens: the JSON API and the pages (plain HTML forms, no JavaScript).

use std::collections::HashMap;

use askama::Template;
use askama_web::WebTemplate;
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Form, Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;
use serde_json::{Value, json};

use super::pages::PageError;
use super::paste::{field, opt_i64};
use super::request::{id_of, json_body};
use super::session::{Auth, CSRF_COOKIE, SESSION_COOKIE, cookie, is_tls, set_cookie};
use crate::AppState;
use crate::auth::{self, Member};
use crate::collections::{self as coll, Collection, CollectionRow, NewItem};
use crate::error::{Error, Result};
use crate::store::labels::{self, Labels};
// The templates' text (`t`, `tn`…): askama calls it on `self`.
use super::language::Localize as _;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewCollection {
    name: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    public: bool,
}

/// `POST /api/collections`
pub async fn api_create(State(st): State<AppState>, auth: Auth, body: Bytes) -> Result<Response> {
    let m = auth.require()?.clone();
    let req: NewCollection = json_body(&body)?;
    let c = st
        .run(move |s| {
            s.db.with(|c| {
                let id = coll::create(c, &m, &req.name, &req.description, req.public)?;
                coll::get(c, id)
            })
        })
        .await?;
    Ok((StatusCode::CREATED, Json(c)).into_response())
}

/// `GET /api/collections?limit=&offset=` (limit 100 by default)
pub async fn api_list(
    State(st): State<AppState>,
    auth: Auth,
    axum::extract::RawQuery(q): axum::extract::RawQuery,
) -> Result<Json<Value>> {
    let (limit, offset) =
        super::paging::limit_offset(&super::request::Params::parse(q.as_deref()), 100)?;
    let v = st
        .run(move |s| s.db.with(|c| coll::list(c, auth.member.as_ref())))
        .await?;
    let (total, v) = page_of(v, limit, offset);
    Ok(Json(json!({ "total": total, "collections": v })))
}

/// One page of a list read whole (a club's collections are few): (total, the page).
fn page_of<T>(v: Vec<T>, limit: i64, offset: i64) -> (i64, Vec<T>) {
    let total = v.len() as i64;
    let page = v
        .into_iter()
        .skip(usize::try_from(offset).unwrap_or(0))
        .take(usize::try_from(limit).unwrap_or(0))
        .collect();
    (total, page)
}

/// `GET /api/collections/{id}` (`format=record|csv`: as `export.records` and `export.csv`)
pub async fn api_get(
    State(st): State<AppState>,
    auth: Auth,
    Path(id): Path<String>,
    axum::extract::RawQuery(q): axum::extract::RawQuery,
) -> Result<Response> {
    let id = id_of(&id, "a collection id")?;
    match super::downloads::format_of(&super::request::Params::parse(q.as_deref()))? {
        Some(super::downloads::Format::Record) => {
            return api_export(
                State(st),
                auth,
                Path((id.to_string(), "export.records".into())),
            )
            .await;
        }
        Some(super::downloads::Format::Csv) => {
            return api_export(State(st), auth, Path((id.to_string(), "export.csv".into()))).await;
        }
        None => {}
    }
    let c = st
        .run(move |s| {
            s.db.with(|c| {
                coll::check_read(c, id, auth.member.as_ref())?;
                coll::get(c, id)
            })
        })
        .await?;
    Ok(Json(c).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Patch {
    name: Option<String>,
    description: Option<String>,
    public: Option<bool>,
}

/// `PATCH /api/collections/{id}`
pub async fn api_update(
    State(st): State<AppState>,
    auth: Auth,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Json<Collection>> {
    let id = id_of(&id, "a collection id")?;
    let who = auth.member.clone();
    let p: Patch = json_body(&body)?;
    let c = st
        .run(move |s| {
            s.db.with(|c| {
                let m = coll::check_write(c, id, who.as_ref())?;
                coll::update(
                    c,
                    &m,
                    id,
                    p.name.as_deref(),
                    p.description.as_deref(),
                    p.public,
                )?;
                coll::get(c, id)
            })
        })
        .await?;
    Ok(Json(c))
}

/// `DELETE /api/collections/{id}`
pub async fn api_delete(
    State(st): State<AppState>,
    auth: Auth,
    Path(id): Path<String>,
) -> Result<StatusCode> {
    let id = id_of(&id, "a collection id")?;
    let who = auth.member.clone();
    st.run(move |s| {
        s.db.with(|c| {
            let m = coll::check_write(c, id, who.as_ref())?;
            coll::delete(c, &m, id)
        })
    })
    .await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ItemReq {
    game: Option<i64>,
    #[serde(default)]
    note: String,
    ply: Option<i64>,
    section: Option<i64>,
}

/// `POST /api/collections/{id}/items`
pub async fn api_add_item(
    State(st): State<AppState>,
    auth: Auth,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Response> {
    let id = id_of(&id, "a collection id")?;
    let who = auth.member.clone();
    // Permission before the body: an outsider learns nothing from a malformed body.
    let r: Result<ItemReq> = json_body(&body);
    let item = st
        .run(move |s| {
            s.db.with(|c| {
                let m = coll::check_write(c, id, who.as_ref())?;
                let r = r?;
                // A ply past the game's end, or a game held already: said, nothing added.
                if let Some(no) = crate::collection_items::refusal(c, id, r.game, r.ply)? {
                    return Ok(Err(no));
                }
                let item_id = coll::add_item(
                    c,
                    &m,
                    id,
                    &NewItem {
                        game: r.game,
                        note: r.note,
                        ply: r.ply,
                        section: r.section,
                    },
                )?;
                let col = coll::get(c, id)?;
                Ok(Ok(col.items.into_iter().find(|i| i.id == item_id)))
            })
        })
        .await?
        .map_err(|no| super::refusals::refusal_error(&no))?;
    Ok((StatusCode::CREATED, Json(item)).into_response())
}

/// `DELETE /api/collections/{id}/items/{game}`
pub async fn api_remove_game(
    State(st): State<AppState>,
    auth: Auth,
    Path((id, game)): Path<(String, String)>,
) -> Result<StatusCode> {
    let id = id_of(&id, "a collection id")?;
    let game = id_of(&game, "a game id")?;
    let who = auth.member.clone();
    st.run(move |s| {
        s.db.with(|c| {
            let m = coll::check_write(c, id, who.as_ref())?;
            coll::remove_game(c, &m, id, game)
        })
    })
    .await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Order {
    items: Vec<i64>,
}

/// `PUT /api/collections/{id}/order` `{"items":[item ids in their new order]}`
pub async fn api_reorder(
    State(st): State<AppState>,
    auth: Auth,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Json<Collection>> {
    let id = id_of(&id, "a collection id")?;
    let who = auth.member.clone();
    let r: Result<Order> = json_body(&body);
    let c = st
        .run(move |s| {
            s.db.with(|c| {
                let m = coll::check_write(c, id, who.as_ref())?;
                coll::reorder(c, &m, id, &r?.items)?;
                coll::get(c, id)
            })
        })
        .await?;
    Ok(Json(c))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SectionReq {
    title: String,
}

/// `POST /api/collections/{id}/sections`
pub async fn api_add_section(
    State(st): State<AppState>,
    auth: Auth,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Response> {
    let id = id_of(&id, "a collection id")?;
    let who = auth.member.clone();
    let r: Result<SectionReq> = json_body(&body);
    let sid = st
        .run(move |s| {
            s.db.with(|c| {
                let m = coll::check_write(c, id, who.as_ref())?;
                coll::add_section(c, &m, id, &r?.title)
            })
        })
        .await?;
    Ok((StatusCode::CREATED, Json(json!({ "id": sid }))).into_response())
}

/// `POST /api/collections/{id}/clone`: a copy in the caller's club.
pub async fn api_clone(
    State(st): State<AppState>,
    auth: Auth,
    Path(id): Path<String>,
) -> Result<Response> {
    let id = id_of(&id, "a collection id")?;
    let m = auth.require()?.clone();
    let c = st
        .run(move |s| {
            s.db.with(|c| {
                let new = coll::clone_into(c, &m, id)?;
                coll::get(c, new)
            })
        })
        .await?;
    Ok((StatusCode::CREATED, Json(c)).into_response())
}

/// `GET /api/collections/{id}/export.records` and `export.csv`
pub async fn api_export(
    State(st): State<AppState>,
    auth: Auth,
    Path((id, format)): Path<(String, String)>,
) -> Result<Response> {
    let id = id_of(&id, "a collection id")?;
    let (body, ctype, ext) = st
        .run(move |s| {
            s.db.with(|c| {
                coll::check_read(c, id, auth.member.as_ref())?;
                let col = coll::get(c, id)?;
                match format.as_str() {
                    "export.records" | "export.txt" => Ok((
                        coll::export_records(c, &col)?.into_bytes(),
                        "text/plain; charset=utf-8",
                        "txt",
                    )),
                    "export.csv" => Ok((coll::export_csv(&col)?, "text/csv; charset=utf-8", "csv")),
                    _ => Err(Error::NotFound(format!(
                        "no export '{format}' (export.records or export.csv)"
                    ))),
                }
            })
        })
        .await?;
    Ok((
        [
            (header::CONTENT_TYPE, ctype.to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"collection-{id}.{ext}\""),
            ),
        ],
        body,
    )
        .into_response())
}

/// `POST /api/collections/{id}/import` with a records file as the body.
pub async fn api_import(
    State(st): State<AppState>,
    auth: Auth,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Json<Value>> {
    let id = id_of(&id, "a collection id")?;
    let who = auth.member.clone();
    // Dropped with this future when the request times out or the client goes: the import stops.
    let (_on_drop, cancel) = super::cancel::on_drop();
    let v = st
        .run(move |s| {
            let m = s.db.with(|c| coll::check_write(c, id, who.as_ref()))?;
            if body.is_empty() {
                return Err(Error::BadRequest(
                    "the body is empty: send a records file".into(),
                ));
            }
            super::paste::import_into(s, &m, id, "upload", &body, None, Some(cancel))
        })
        .await?;
    Ok(Json(v.json()))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MemberReq {
    name: String,
    role: String,
    password: Option<String>,
}

/// `POST /api/members` (admin): invites a member into the admin's club.
pub async fn api_add_member(
    State(st): State<AppState>,
    auth: Auth,
    body: Bytes,
) -> Result<Response> {
    let m = auth.require()?.clone();
    auth::require(&m, auth::Role::Admin)?;
    let r: MemberReq = json_body(&body)?;
    let id = st
        .run(move |s| {
            s.db.with(|c| auth::add_member(c, &m, &r.name, &r.role, r.password.as_deref()))
        })
        .await?;
    Ok((StatusCode::CREATED, Json(json!({ "id": id }))).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TokenReq {
    member: i64,
    #[serde(default)]
    label: String,
}

/// `POST /api/tokens` (admin): issues a token for a member of the club. The token is shown once.
pub async fn api_issue_token(
    State(st): State<AppState>,
    auth: Auth,
    body: Bytes,
) -> Result<Response> {
    let m = auth.require()?.clone();
    auth::require(&m, auth::Role::Admin)?;
    let r: TokenReq = json_body(&body)?;
    let (id, token) = st
        .run(move |s| s.db.with(|c| auth::issue_token(c, &m, r.member, &r.label)))
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({ "id": id, "token": token })),
    )
        .into_response())
}

/// `DELETE /api/tokens/{id}` (admin)
pub async fn api_revoke_token(
    State(st): State<AppState>,
    auth: Auth,
    Path(id): Path<String>,
) -> Result<StatusCode> {
    let id = id_of(&id, "a token id")?;
    let m = auth.require()?.clone();
    st.run(move |s| s.db.with(|c| auth::revoke_token(c, &m, id)))
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /api/me`: who the credentials belong to.
pub async fn api_me(auth: Auth) -> Result<Json<Member>> {
    Ok(Json(auth.require()?.clone()))
}

// ---------------------------------------------------------------- pages

#[derive(Template, WebTemplate)]
#[template(path = "login.html")]
pub struct LoginPage {
    pub(super) q: String,
    pub(super) csrf: String,
    pub(super) error: Option<String>,
    pub(super) me: Option<Member>,
    /// What was typed, kept when the sign-in fails; `token` also from an invitation link.
    pub(super) club: String,
    pub(super) name: String,
    pub(super) token: String,
}

/// `GET /login` (`?token=`: an invitation link fills in the token)
pub async fn login_form(
    auth: Auth,
    headers: HeaderMap,
    axum::extract::RawQuery(q): axum::extract::RawQuery,
) -> Result<Response, PageError> {
    let csrf = auth::random_token()?;
    let token = super::request::Params::parse(q.as_deref())
        .str("token")
        .unwrap_or("")
        .to_string();
    let page = LoginPage {
        q: String::new(),
        csrf: crate::login_limit::form_token(&csrf),
        error: None,
        me: auth.member,
        club: String::new(),
        name: String::new(),
        token,
    };
    Ok((
        [(
            header::SET_COOKIE,
            set_cookie(CSRF_COOKIE, &csrf, 3600, is_tls(&headers)),
        )],
        page,
    )
        .into_response())
}

/// `POST /login`
pub async fn login(
    State(st): State<AppState>,
    peer: super::login_guard::Peer,
    headers: HeaderMap,
    Form(f): Form<HashMap<String, String>>,
) -> Result<Response, PageError> {
    let want = cookie(&headers, CSRF_COOKIE);
    let given = f.get("csrf").cloned();
    if !crate::login_limit::form_token_ok(want.as_deref(), given.as_deref()) {
        return Err(Error::Forbidden("the login form is stale or forged; reload it".into()).into());
    }
    let (club, name, pw) = (
        f.get("club").cloned().unwrap_or_default(),
        f.get("name").cloned().unwrap_or_default(),
        f.get("password").cloned().unwrap_or_default(),
    );
    match super::login_guard::login(&st, &peer, club.clone(), name.clone(), pw).await {
        Ok((session, _, _)) => Ok((
            StatusCode::SEE_OTHER,
            [
                (
                    header::SET_COOKIE,
                    set_cookie(SESSION_COOKIE, &session, 14 * 86_400, is_tls(&headers)),
                ),
                (header::LOCATION, "/account".to_string()),
            ],
        )
            .into_response()),
        Err(e @ (Error::Unauthorized(_) | Error::TooManyRequests(_))) => {
            let status = e.status();
            let csrf = given.unwrap_or_default();
            Ok((
                status,
                LoginPage {
                    q: String::new(),
                    csrf,
                    error: Some(super::messages::localize(&e.to_string())),
                    me: None,
                    club,
                    name,
                    token: String::new(),
                },
            )
                .into_response())
        }
        Err(e) => Err(e.into()),
    }
}

/// `POST /logout`
pub async fn logout(
    State(st): State<AppState>,
    auth: Auth,
    headers: HeaderMap,
    Form(f): Form<HashMap<String, String>>,
) -> Result<Response, PageError> {
    auth.check_csrf(f.get("csrf").map(String::as_str))?;
    if let Some(s) = auth.session.clone() {
        st.run(move |st| st.db.with(|c| auth::logout(c, &s)))
            .await?;
    }
    Ok((
        StatusCode::SEE_OTHER,
        [
            (
                header::SET_COOKIE,
                set_cookie(SESSION_COOKIE, "", 0, is_tls(&headers)),
            ),
            (header::LOCATION, "/".to_string()),
        ],
    )
        .into_response())
}

#[derive(Template, WebTemplate)]
#[template(path = "collections.html")]
pub struct CollectionsPage {
    q: String,
    me: Option<Member>,
    csrf: String,
    collections: Vec<CollectionRow>,
    pager: super::paging::Pager,
}

/// `GET /collections?limit=&offset=`
pub async fn list_page(
    State(st): State<AppState>,
    auth: Auth,
    axum::extract::RawQuery(q): axum::extract::RawQuery,
) -> Result<CollectionsPage, PageError> {
    let (limit, offset) =
        super::paging::limit_offset(&super::request::Params::parse(q.as_deref()), 50)?;
    let me = auth.member.clone();
    let m2 = me.clone();
    let collections = st
        .run(move |s| s.db.with(|c| coll::list(c, m2.as_ref())))
        .await?;
    let (total, collections) = page_of(collections, limit, offset);
    let pager = super::paging::Pager::new(
        "/collections",
        &[],
        (limit, 50),
        offset,
        total,
        collections.len(),
    );
    Ok(CollectionsPage {
        q: String::new(),
        me,
        csrf: auth.csrf.unwrap_or_default(),
        collections,
        pager,
    })
}

#[derive(Template, WebTemplate)]
#[template(path = "collection.html")]
pub struct CollectionPage {
    q: String,
    me: Option<Member>,
    csrf: String,
    can_edit: bool,
    c: Collection,
    share_url: String,
    labels: Labels,
    fb: super::paste::Feedback,
}

impl CollectionPage {
    fn section_title(&self, id: &Option<i64>) -> String {
        id.and_then(|s| self.c.sections.iter().find(|x| x.id == s))
            .map(|s| s.title.clone())
            .unwrap_or_default()
    }
}

/// `GET /collections/{id}`
pub async fn page(
    State(st): State<AppState>,
    auth: Auth,
    Path(id): Path<String>,
) -> Result<CollectionPage, PageError> {
    let id = id_of(&id, "a collection id")?;
    page_with(&st, auth, id, super::paste::Feedback::default()).await
}

/// The collection page with what its last form did.
async fn page_with(
    st: &AppState,
    auth: Auth,
    id: i64,
    fb: super::paste::Feedback,
) -> Result<CollectionPage, PageError> {
    let me = auth.member.clone();
    let m2 = me.clone();
    let (c, labels) = st
        .run(move |s| {
            s.db.with(|c| {
                coll::check_read(c, id, m2.as_ref())?;
                let coll = coll::get(c, id)?;
                let ids: Vec<i64> = coll.items.iter().filter_map(|it| it.game).collect();
                Ok((coll, labels::labels(c, &ids)?))
            })
        })
        .await?;
    let can_edit = me
        .as_ref()
        .is_some_and(|m| m.club_id == c.club_id && m.can_edit());
    let share_url = if c.public {
        format!("/share/{}", c.share)
    } else {
        String::new()
    };
    Ok(CollectionPage {
        q: String::new(),
        me,
        csrf: auth.csrf.unwrap_or_default(),
        can_edit,
        c,
        share_url,
        labels,
        fb,
    })
}

/// `GET /share/{token}`
pub async fn share(
    State(st): State<AppState>,
    Path(token): Path<String>,
) -> Result<Redirect, PageError> {
    let id = st
        .run(move |s| s.db.with(|c| coll::by_share(c, &token)))
        .await?;
    Ok(Redirect::to(&format!("/collections/{id}")))
}

/// `POST /collections`: create from the form.
pub async fn create_form(
    State(st): State<AppState>,
    auth: Auth,
    Form(f): Form<HashMap<String, String>>,
) -> Result<Redirect, PageError> {
    let m = auth.check_csrf(f.get("csrf").map(String::as_str))?.clone();
    let id = st
        .run(move |s| {
            s.db.with(|c| {
                coll::create(
                    c,
                    &m,
                    field(&f, "name"),
                    field(&f, "description"),
                    field(&f, "public") == "on",
                )
            })
        })
        .await?;
    Ok(Redirect::to(&format!("/collections/{id}")))
}

/// `POST /collections/{id}/{action}` and `POST /collections/{id}/items/{item}/{action}`: the edit forms.
pub async fn action_form(
    State(st): State<AppState>,
    auth: Auth,
    Path(path): Path<HashMap<String, String>>,
    Form(f): Form<HashMap<String, String>>,
) -> Result<Response, PageError> {
    let m = auth.check_csrf(f.get("csrf").map(String::as_str))?.clone();
    let id = id_of(
        path.get("id").map(String::as_str).unwrap_or(""),
        "a collection id",
    )?;
    let action = path.get("action").cloned().unwrap_or_default();
    let item = match path.get("item") {
        Some(i) => Some(id_of(i, "an item id")?),
        None => None,
    };
    if item.is_none() && matches!(action.as_str(), "import" | "items") {
        let (status, fb) = super::paste::answer_on_page(&st, &m, id, &action, &f).await?;
        let page = page_with(&st, auth, id, fb).await?;
        return Ok((status, page).into_response());
    }
    let reader = super::language::lang();
    let target = st
        .run(move |s| -> Result<String> {
            let back = format!("/collections/{id}");
            match (item, action.as_str()) {
                (None, "edit") => s.db.with(|c| {
                    coll::update(
                        c,
                        &m,
                        id,
                        Some(field(&f, "name")),
                        Some(field(&f, "description")),
                        Some(field(&f, "public") == "on"),
                    )
                })?,
                (None, "delete") => {
                    s.db.with(|c| coll::delete(c, &m, id))?;
                    return Ok("/collections".into());
                }
                (None, "sections") => {
                    s.db.with(|c| coll::add_section(c, &m, id, field(&f, "title")))?;
                }
                (None, "clone") => {
                    let new = s.db.with(|c| coll::clone_into(c, &m, id))?;
                    return Ok(format!("/collections/{new}"));
                }
                (Some(i), "remove") => s.db.with(|c| coll::remove_item(c, &m, id, i))?,
                (Some(i), "up") => s.db.with(|c| coll::move_item(c, &m, id, i, -1))?,
                (Some(i), "down") => s.db.with(|c| coll::move_item(c, &m, id, i, 1))?,
                (Some(i), "note") => {
                    let ply = opt_i64(&f, "ply", "the ply")?;
                    s.db.with(|c| {
                        coll::check_write(c, id, Some(&m))?;
                        if let Some(no) = crate::collection_items::item_past_end(c, id, i, ply)? {
                            return Err(super::language::within(reader, || {
                                super::refusals::refusal_error(&no)
                            }));
                        }
                        coll::edit_item(c, &m, id, i, field(&f, "note"), ply)
                    })?
                }
                (_, a) => return Err(Error::NotFound(format!("no action '{a}'"))),
            }
            Ok(back)
        })
        .await?;
    Ok(Redirect::to(&target).into_response())
}
