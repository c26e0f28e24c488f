//! Server-rendered HTML pages (askama). Every page works without JavaScript; every string a user
//! or a record wrote is escaped by the templates.

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::{RawQuery, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use super::request::{MAX_OFFSET, MAX_PAGE_SIZE, Params};
use crate::AppState;
use crate::error::Error;
use crate::store::index::SearchResult;
use crate::store::labels::{self, Labels};
use crate::store::reads::{self, GameRow};
// The templates' text (`t`, `tn`…): askama calls it on `self`.
use super::language::Localize as _;

/// An error shown as a page, with its status.
pub struct PageError(Error);

impl From<Error> for PageError {
    fn from(e: Error) -> Self {
        PageError(e)
    }
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage {
    q: String,
    status: u16,
    message: String,
}

impl IntoResponse for PageError {
    fn into_response(self) -> Response {
        let status = self.0.status();
        let message = if self.0.is_shown() {
            super::messages::localize(&self.0.to_string())
        } else {
            tracing::error!(error = %self.0, "page failed");
            super::language::tr("error-internal")
        };
        let page = ErrorPage {
            q: String::new(),
            status: status.as_u16(),
            message,
        };
        match page.render() {
            Ok(html) => (status, axum::response::Html(html)).into_response(),
            Err(_) => (status, "error").into_response(),
        }
    }
}

pub(super) type PageResult<T> = Result<T, PageError>;

/// The answer to a path no route knows: JSON `{"error": …}` under `/api/`, an HTML page elsewhere.
pub async fn not_found(uri: axum::http::Uri) -> Response {
    if uri.path().starts_with("/api/") {
        Error::NotFound(format!("there is no API path {}", uri.path())).into_response()
    } else {
        PageError(Error::NotFound(super::language::tr("error-no-page"))).into_response()
    }
}

pub struct KindCount {
    pub kind: String,
    pub label: &'static str,
    pub games: i64,
}

#[derive(Template, WebTemplate)]
#[template(path = "home.html")]
pub struct HomePage {
    q: String,
    total: i64,
    kinds: Vec<KindCount>,
    recent: Vec<GameRow>,
    labels: Labels,
}

pub async fn home(State(st): State<AppState>) -> PageResult<HomePage> {
    let (kinds, recent, labels) = st
        .run(|s| {
            s.db.with(|c| {
                let kinds = crate::stats::games_by_kind(c)?;
                let (_, recent) = reads::list_games(
                    c,
                    &reads::GameFilter {
                        limit: 12,
                        ..Default::default()
                    },
                )?;
                let labels = labels::labels(c, &recent.iter().map(|g| g.id).collect::<Vec<_>>())?;
                Ok((kinds, recent, labels))
            })
        })
        .await?;
    let kinds: Vec<KindCount> = kinds
        .into_iter()
        .map(|(k, n)| KindCount {
            label: k.label(),
            kind: k.as_str().to_string(),
            games: n,
        })
        .collect();
    Ok(HomePage {
        q: String::new(),
        total: kinds.iter().map(|k| k.games).sum(),
        kinds,
        recent,
        labels,
    })
}

#[derive(Template, WebTemplate)]
#[template(path = "games.html")]
pub struct GamesPage {
    q: String,
    filter_q: String,
    kind: String,
    event: String,
    player: String,
    empire: String,
    side: String,
    winner: String,
    year: String,
    sort: String,
    total: i64,
    games: Vec<GameRow>,
    labels: Labels,
    from: i64,
    to: i64,
    prev: Option<String>,
    next: Option<String>,
    /// The first page of the same list, offered when `offset` is past its end.
    first: String,
    /// The list's query for its downloads (`/api/games?…&format=`).
    download: String,
}

fn link_with(base: &[(&str, &str)], offset: i64) -> String {
    let mut s = form_urlencoded::Serializer::new(String::new());
    for (k, v) in base {
        if !v.is_empty() {
            s.append_pair(k, v);
        }
    }
    if offset > 0 {
        s.append_pair("offset", &offset.to_string());
    }
    format!("?{}", s.finish())
}

pub async fn games(State(st): State<AppState>, RawQuery(q): RawQuery) -> PageResult<GamesPage> {
    let p = Params::parse(q.as_deref());
    let filter = p.game_filter()?;
    let f2 = filter.clone();
    let (total, games, labels) = st
        .run(move |s| {
            s.db.with(|c| {
                let (total, games) = reads::list_games(c, &f2)?;
                let ids: Vec<i64> = games.iter().map(|g| g.id).collect();
                Ok((total, games, labels::labels(c, &ids)?))
            })
        })
        .await?;
    let kind = filter
        .kind
        .map(|k| k.as_str().to_string())
        .unwrap_or_default();
    let year = match filter.years {
        (Some(a), Some(b)) if a == b => a.to_string(),
        (None, None) => String::new(),
        (a, b) => format!(
            "{}..{}",
            a.map(|y| y.to_string()).unwrap_or_default(),
            b.map(|y| y.to_string()).unwrap_or_default()
        ),
    };
    let sort = filter.sort.name().to_string();
    let limit_s = filter.limit.to_string();
    let base: Vec<(&str, &str)> = vec![
        ("kind", &kind),
        ("q", filter.q.as_deref().unwrap_or("")),
        ("event", filter.event.as_deref().unwrap_or("")),
        ("player", filter.player.as_deref().unwrap_or("")),
        ("empire", filter.empire.as_deref().unwrap_or("")),
        ("side", filter.side.as_deref().unwrap_or("")),
        ("winner", filter.winner.as_deref().unwrap_or("")),
        ("year", &year),
        ("sort", if sort == "newest" { "" } else { &sort }),
        ("limit", if filter.limit == 50 { "" } else { &limit_s }),
    ];
    let prev = (filter.offset > 0).then(|| link_with(&base, (filter.offset - filter.limit).max(0)));
    let next = (filter.offset + filter.limit < total)
        .then(|| link_with(&base, filter.offset + filter.limit));
    let first = format!("/games{}", link_with(&base, 0));
    let download = format!("/api/games{}", link_with(&base[..base.len() - 1], 0));
    let download = if download.ends_with('?') {
        download
    } else {
        format!("{download}&")
    };
    Ok(GamesPage {
        first,
        download,
        q: String::new(),
        filter_q: filter.q.clone().unwrap_or_default(),
        event: filter.event.clone().unwrap_or_default(),
        player: filter.player.clone().unwrap_or_default(),
        empire: filter.empire.clone().unwrap_or_default(),
        side: filter.side.clone().unwrap_or_default(),
        winner: filter.winner.clone().unwrap_or_default(),
        year,
        sort,
        total,
        from: if games.is_empty() {
            0
        } else {
            filter.offset + 1
        },
        to: filter.offset + games.len() as i64,
        games,
        labels,
        kind,
        prev,
        next,
    })
}

pub struct FacetLink {
    pub label: String,
    pub count: u64,
    pub href: String,
}

pub struct FacetGroup {
    /// The catalogue key of the group's heading.
    pub name: &'static str,
    pub links: Vec<FacetLink>,
}

#[derive(Template, WebTemplate)]
#[template(path = "search.html")]
pub struct SearchPage {
    q: String,
    kind: String,
    error: Option<String>,
    result: Option<SearchResult>,
    facets: Vec<FacetGroup>,
    prev: Option<String>,
    next: Option<String>,
    from: usize,
    to: usize,
    labels: Labels,
    /// The search's query for its downloads (`/api/search?…&format=`).
    download: String,
    /// "Add to collection" on each result, for a member who edits their club's collections.
    collect: super::collect_form::CollectForm,
}

fn search_link(q: &str, kind: &str, offset: usize) -> String {
    search_link_with(q, kind, 20, offset)
}

/// A search's link with its page size (left out when it is the default, 20).
fn search_link_with(q: &str, kind: &str, limit: usize, offset: usize) -> String {
    let mut s = form_urlencoded::Serializer::new(String::new());
    s.append_pair("q", q);
    if !kind.is_empty() {
        s.append_pair("kind", kind);
    }
    if limit != 20 {
        s.append_pair("limit", &limit.to_string());
    }
    if offset > 0 {
        s.append_pair("offset", &offset.to_string());
    }
    format!("/search?{}", s.finish())
}

fn quote_value(v: &str) -> String {
    if v.chars().any(char::is_whitespace) {
        format!("\"{v}\"")
    } else {
        v.to_string()
    }
}

pub async fn search(
    State(st): State<AppState>,
    auth: super::session::Auth,
    RawQuery(raw): RawQuery,
) -> PageResult<Response> {
    let p = Params::parse(raw.as_deref());
    let collect =
        super::collect_form::CollectForm::for_page(&st, &auth, "/search", raw.as_deref()).await?;
    let q = p.str("q").unwrap_or("").to_string();
    let kind = p.kind()?;
    let limit = p.usize("limit", 20, 1, MAX_PAGE_SIZE)?;
    let offset = p.usize("offset", 0, 0, MAX_OFFSET)?;
    let kind_s = kind.map(|k| k.as_str().to_string()).unwrap_or_default();
    let mut page = SearchPage {
        q: q.clone(),
        kind: kind_s.clone(),
        error: None,
        result: None,
        facets: Vec::new(),
        prev: None,
        next: None,
        from: 0,
        to: 0,
        labels: Labels::default(),
        download: format!("/api{}&", search_link(&q, &kind_s, 0)),
        collect,
    };
    if q.is_empty() {
        return Ok(page.into_response());
    }
    let q2 = q.clone();
    match st
        .run(move |s| super::api::run_search(s, &q2, kind, limit, offset))
        .await
    {
        Ok(r) => {
            let facet = |name: &'static str, field: &str, v: &[(String, u64)]| FacetGroup {
                name,
                links: v
                    .iter()
                    .map(|(label, count)| FacetLink {
                        label: label.clone(),
                        count: *count,
                        href: if field == "kind" {
                            search_link(&q, label, 0)
                        } else {
                            search_link(&format!("{q} {field}:{}", quote_value(label)), &kind_s, 0)
                        },
                    })
                    .collect(),
            };
            page.facets = vec![
                facet("search-facet-kind", "kind", &r.facets.kind),
                facet("search-facet-event", "event", &r.facets.event),
                facet("search-facet-year", "year", &r.facets.year),
                facet("search-facet-empire", "empire", &r.facets.empire),
                facet("search-facet-side", "side", &r.facets.side),
            ]
            .into_iter()
            .filter(|g| !g.links.is_empty())
            .collect();
            page.prev = (offset > 0)
                .then(|| search_link_with(&q, &kind_s, limit, offset.saturating_sub(limit)));
            page.next = (offset + limit < r.total)
                .then(|| search_link_with(&q, &kind_s, limit, offset + limit));
            page.from = if r.hits.is_empty() { 0 } else { offset + 1 };
            page.to = offset + r.hits.len();
            let ids: Vec<i64> = r.hits.iter().map(|h| h.id).collect();
            page.labels = st
                .run(move |s| s.db.with(|c| labels::labels(c, &ids)))
                .await?;
            page.result = Some(std::sync::Arc::unwrap_or_clone(r));
            Ok(page.into_response())
        }
        Err(Error::BadRequest(m)) => {
            page.error = Some(m);
            Ok((StatusCode::BAD_REQUEST, page).into_response())
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(Template, WebTemplate)]
#[template(path = "imports.html")]
pub struct ImportsPage {
    q: String,
    total: i64,
    runs: Vec<reads::ImportRun>,
    shown: i64,
    prev: Option<String>,
    next: Option<String>,
}

/// `GET /imports?limit=&offset=`: the import runs, newest first, with what each could not store
/// (rejected files and games, a poster's lines before a record, a signature after it).
pub async fn imports(State(st): State<AppState>, RawQuery(q): RawQuery) -> PageResult<ImportsPage> {
    let (total, runs, limit, offset) = super::api::imports_page(&st, q.as_deref()).await?;
    let link = |o: usize| format!("?limit={limit}&offset={o}");
    Ok(ImportsPage {
        q: String::new(),
        total,
        runs,
        shown: reads::IMPORT_PROBLEMS_SHOWN,
        prev: (offset > 0).then(|| link(offset.saturating_sub(limit))),
        next: ((offset + limit) < usize::try_from(total).unwrap_or(0))
            .then(|| link(offset + limit)),
    })
}
