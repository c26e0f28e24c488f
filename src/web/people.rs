//! Events and players: pages, JSON, standings CSV, and the admin actions of the name authority.

use askama::Template;
use askama_web::WebTemplate;
use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};

use super::pages::PageError;
use super::request::{Params, id_of, json_body};
use super::session::Auth;
use crate::AppState;
use crate::error::{Error, Result};
use crate::people::{self, EventView, PlayerRow, PlayerView};
use crate::store::labels::{self, Labels};
// The templates' text (`t`, `tn`…): askama calls it on `self`.
use super::language::Localize as _;

/// The filters and page of the events list: (name, kind, limit, offset).
fn events_query(p: &Params, default: usize) -> Result<(String, String, i64, i64)> {
    let (limit, offset) = super::paging::limit_offset(p, default)?;
    let q = p.filter("q")?.unwrap_or("").to_string();
    let kind = p
        .kind()?
        .map(|k| k.as_str().to_string())
        .unwrap_or_default();
    Ok((q, kind, limit, offset))
}

/// `GET /api/events?q=&kind=&limit=&offset=` (limit 100 by default)
pub async fn api_events(State(st): State<AppState>, RawQuery(q): RawQuery) -> Result<Json<Value>> {
    let (q, kind, limit, offset) = events_query(&Params::parse(q.as_deref()), 100)?;
    let (total, v) = st
        .run(move |s| {
            s.db.with(|c| {
                people::event_list(
                    c,
                    Some(q.as_str()).filter(|q| !q.is_empty()),
                    Some(kind.as_str()).filter(|k| !k.is_empty()),
                    limit,
                    offset,
                )
            })
        })
        .await?;
    Ok(Json(json!({ "total": total, "events": v })))
}

/// `GET /api/events/{id}` (`format=record|csv`: its games as a download)
pub async fn api_event(
    State(st): State<AppState>,
    Path(id): Path<String>,
    RawQuery(q): RawQuery,
) -> Result<Response> {
    let id = id_of(&id, "an event id")?;
    let format = super::downloads::format_of(&Params::parse(q.as_deref()))?;
    let ev = st.run(move |s| s.db.with(|c| people::event(c, id))).await?;
    match format {
        Some(f) => {
            let ids = ev.games.iter().map(|g| g.id).collect();
            super::downloads::list(&st, f, &format!("event-{id}"), ids).await
        }
        None => Ok(Json(ev).into_response()),
    }
}

/// `GET /api/players?q=`
pub async fn api_players(State(st): State<AppState>, RawQuery(q): RawQuery) -> Result<Json<Value>> {
    let p = Params::parse(q.as_deref());
    let q = match p.filter("q")? {
        Some(q) => Some(q),
        None => p.filter("name")?,
    }
    .map(str::to_string);
    let (limit, offset) = super::paging::limit_offset(&p, 100)?;
    let (total, v) = st
        .run(move |s| {
            s.db.with(|c| people::player_list(c, q.as_deref(), limit, offset))
        })
        .await?;
    Ok(Json(json!({ "total": total, "players": v })))
}

/// `GET /api/players/{id}`
pub async fn api_player(
    State(st): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<PlayerView>> {
    let id = id_of(&id, "a player id")?;
    Ok(Json(
        st.run(move |s| s.db.with(|c| people::player(c, id)))
            .await?,
    ))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AliasReq {
    alias: String,
    year: Option<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MergeReq {
    into: i64,
    from: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SplitReq {
    name: String,
    games: Vec<i64>,
}

/// `POST /api/players/{id}/aliases` `{"alias"}` (admin)
pub async fn api_player_alias(
    State(st): State<AppState>,
    auth: Auth,
    Path(id): Path<String>,
    b: Bytes,
) -> Result<StatusCode> {
    let id = id_of(&id, "a player id")?;
    let m = auth.require()?.clone();
    let r: AliasReq = json_body(&b)?;
    st.run(move |s| s.db.with(|c| people::add_player_alias(c, &m, id, &r.alias)))
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /api/players/merge` `{"into","from"}` (admin)
pub async fn api_player_merge(
    State(st): State<AppState>,
    auth: Auth,
    b: Bytes,
) -> Result<StatusCode> {
    let m = auth.require()?.clone();
    let r: MergeReq = json_body(&b)?;
    st.run(move |s| s.db.with(|c| people::merge_players(c, &m, r.into, r.from)))
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /api/players/{id}/split` `{"name","games":[…]}` (admin) → 201 `{"id"}`
pub async fn api_player_split(
    State(st): State<AppState>,
    auth: Auth,
    Path(id): Path<String>,
    b: Bytes,
) -> Result<Response> {
    let id = id_of(&id, "a player id")?;
    let m = auth.require()?.clone();
    let r: SplitReq = json_body(&b)?;
    let new = st
        .run(move |s| {
            s.db.with(|c| people::split_player(c, &m, id, &r.name, &r.games))
        })
        .await?;
    Ok((StatusCode::CREATED, Json(json!({ "id": new }))).into_response())
}

/// `POST /api/events/{id}/aliases` `{"alias","year"}` (admin)
pub async fn api_event_alias(
    State(st): State<AppState>,
    auth: Auth,
    Path(id): Path<String>,
    b: Bytes,
) -> Result<StatusCode> {
    let id = id_of(&id, "an event id")?;
    let m = auth.require()?.clone();
    let r: AliasReq = json_body(&b)?;
    st.run(move |s| {
        s.db.with(|c| people::add_event_alias(c, &m, id, &r.alias, r.year))
    })
    .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /api/events/merge` `{"into","from"}` (admin)
pub async fn api_event_merge(
    State(st): State<AppState>,
    auth: Auth,
    b: Bytes,
) -> Result<StatusCode> {
    let m = auth.require()?.clone();
    let r: MergeReq = json_body(&b)?;
    st.run(move |s| s.db.with(|c| people::merge_events(c, &m, r.into, r.from)))
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `PATCH /api/events/{id}` (admin): name, site, format, organiser, scoring.
pub async fn api_event_update(
    State(st): State<AppState>,
    auth: Auth,
    Path(id): Path<String>,
    b: Bytes,
) -> Result<Json<EventView>> {
    let id = id_of(&id, "an event id")?;
    let m = auth.require()?.clone();
    let r: people::EventPatch = json_body(&b)?;
    let v = st
        .run(move |s| {
            s.db.with(|c| {
                people::update_event(c, &m, id, &r)?;
                people::event(c, id)
            })
        })
        .await?;
    Ok(Json(v))
}

/// `GET /events/{id}/standings.csv`
pub async fn standings_csv(State(st): State<AppState>, Path(id): Path<String>) -> Result<Response> {
    let id = id_of(id.trim_end_matches("/standings.csv"), "an event id")?;
    let ev = st.run(move |s| s.db.with(|c| people::event(c, id))).await?;
    let mut w = csv::Writer::from_writer(Vec::new());
    let e = |e: csv::Error| Error::Internal(format!("csv: {e}"));
    let mut head = vec![
        "place".to_string(),
        "player".into(),
        "games".into(),
        "points".into(),
        "wins".into(),
        "draws".into(),
        "losses".into(),
        "tiebreak".into(),
    ];
    head.extend(ev.round_names.iter().map(|r| format!("after round {r}")));
    w.write_record(&head).map_err(e)?;
    for s in &ev.standings {
        let mut row = vec![
            s.place.to_string(),
            crate::collections::csv_cell(&s.player).into_owned(),
            s.games.to_string(),
            s.points.to_string(),
            s.wins.to_string(),
            s.draws.to_string(),
            s.losses.to_string(),
            s.tiebreak.to_string(),
        ];
        row.extend(s.by_round.iter().map(|p| p.to_string()));
        w.write_record(&row).map_err(e)?;
    }
    let bytes = w
        .into_inner()
        .map_err(|e| Error::Internal(format!("csv: {e}")))?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"event-{id}-standings.csv\""),
            ),
        ],
        bytes,
    )
        .into_response())
}

#[derive(Template, WebTemplate)]
#[template(path = "events.html")]
pub struct EventsPage {
    q: String,
    name: String,
    kind: String,
    events: Vec<people::EventListRow>,
    pager: super::paging::Pager,
}

/// `GET /events?q=&kind=&limit=&offset=`
pub async fn events_page(
    State(st): State<AppState>,
    RawQuery(q): RawQuery,
) -> Result<EventsPage, PageError> {
    let (name, kind, limit, offset) = events_query(&Params::parse(q.as_deref()), 50)?;
    let (n2, k2) = (name.clone(), kind.clone());
    let (total, events) = st
        .run(move |s| {
            s.db.with(|c| {
                people::event_list(
                    c,
                    Some(n2.as_str()).filter(|q| !q.is_empty()),
                    Some(k2.as_str()).filter(|k| !k.is_empty()),
                    limit,
                    offset,
                )
            })
        })
        .await?;
    let pager = super::paging::Pager::new(
        "/events",
        &[("q", &name), ("kind", &kind)],
        (limit, 50),
        offset,
        total,
        events.len(),
    );
    Ok(EventsPage {
        q: String::new(),
        name,
        kind,
        events,
        pager,
    })
}

/// Standings by round as a line chart (numbers for the template).
pub struct RoundChart {
    pub width: f64,
    pub height: f64,
    pub series: Vec<(String, &'static str, String)>,
    pub x_labels: Vec<(f64, String)>,
    pub y_ticks: Vec<(f64, String)>,
}

const PALETTE: [&str; 8] = [
    "#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f", "#5d4037", "#9e9d24",
];

fn round_chart(ev: &EventView) -> Option<RoundChart> {
    let n = ev.round_names.len();
    if n < 2 || ev.standings.is_empty() {
        return None;
    }
    let max = ev
        .standings
        .iter()
        .flat_map(|s| s.by_round.iter())
        .fold(1.0f64, |a, b| a.max(*b));
    let (left, right, top, bottom) = (40.0, 560.0, 10.0, 200.0);
    let x = |i: usize| left + i as f64 / (n - 1) as f64 * (right - left);
    let y = |v: f64| bottom - v / max * (bottom - top);
    let series = ev
        .standings
        .iter()
        .take(8)
        .enumerate()
        .map(|(k, s)| {
            let pts: Vec<String> = s
                .by_round
                .iter()
                .enumerate()
                .map(|(i, v)| format!("{:.1},{:.1}", x(i), y(*v)))
                .collect();
            (s.player.clone(), PALETTE[k % PALETTE.len()], pts.join(" "))
        })
        .collect();
    let x_labels = ev
        .round_names
        .iter()
        .enumerate()
        .map(|(i, r)| (x(i), format!("R{r}")))
        .collect();
    let step = super::view::nice_step(max / 4.0);
    let mut y_ticks = Vec::new();
    let mut v = 0.0;
    while v <= max + 0.001 {
        y_ticks.push((y(v), format!("{v}")));
        v += step;
    }
    Some(RoundChart {
        width: 600.0,
        height: 230.0,
        series,
        x_labels,
        y_ticks,
    })
}

/// One round: its name and (game id, title, seats and points) of each game.
pub type RoundTable = (String, Vec<(i64, String, String)>);

#[derive(Template, WebTemplate)]
#[template(path = "event.html")]
pub struct EventPage {
    q: String,
    ev: EventView,
    chart: Option<RoundChart>,
    rounds: Vec<RoundTable>,
    labels: Labels,
    merge: super::merge_forms::MergeForm,
}

pub async fn event_page(
    State(st): State<AppState>,
    auth: Auth,
    Path(id): Path<String>,
    RawQuery(rq): RawQuery,
) -> Result<EventPage, PageError> {
    let id = id_of(&id, "an event id")?;
    let who = auth.member.clone();
    let (ev, labels, curator) = st
        .run(move |s| {
            s.db.with(|c| {
                let ev = people::event(c, id)?;
                let ids: Vec<i64> = ev.games.iter().map(|g| g.id).collect();
                let curator = super::merge_forms::is_curator(c, who.as_ref())?;
                Ok((ev, labels::labels(c, &ids)?, curator))
            })
        })
        .await?;
    let chart = round_chart(&ev);
    // Round-by-round tables: each game of the round with its players and their points.
    let mut rounds: Vec<RoundTable> = Vec::new();
    for r in ev
        .round_names
        .iter()
        .cloned()
        .chain(std::iter::once(String::new()))
    {
        let mut games: Vec<(i64, String, String)> = Vec::new();
        for res in ev
            .results
            .iter()
            .filter(|x| x.round.clone().unwrap_or_default() == r)
        {
            // the seat as the lists show it: as written in English, by its name in the others
            let kind = labels.of(&res.game).map_or("", |l| l.kind.as_str());
            let seat = if super::language::lang() == crate::i18n::Lang::En {
                res.seat.clone()
            } else {
                super::language::side_name(kind, &res.seat)
            };
            let line = format!("{} ({seat}) {}", res.player, res.points);
            match games.iter_mut().find(|g| g.0 == res.game) {
                Some(g) => {
                    g.2.push_str(" · ");
                    g.2.push_str(&line);
                }
                None => games.push((
                    res.game,
                    labels
                        .of(&res.game)
                        .map(super::language::code_text::label_title)
                        .unwrap_or_default(),
                    line,
                )),
            }
        }
        if !games.is_empty() {
            rounds.push((if r.is_empty() { "—".into() } else { r }, games));
        }
    }
    Ok(EventPage {
        q: String::new(),
        ev,
        chart,
        rounds,
        labels,
        merge: super::merge_forms::MergeForm::of(&auth, curator, rq.as_deref()),
    })
}

#[derive(Template, WebTemplate)]
#[template(path = "players.html")]
pub struct PlayersPage {
    q: String,
    filter: String,
    players: Vec<PlayerRow>,
    pager: super::paging::Pager,
}

pub async fn players_page(
    State(st): State<AppState>,
    RawQuery(q): RawQuery,
) -> Result<PlayersPage, PageError> {
    let p = Params::parse(q.as_deref());
    let filter = p.filter("name")?.unwrap_or("").to_string();
    let (limit, offset) = super::paging::limit_offset(&p, 100)?;
    let f2 = filter.clone();
    let (total, players) = st
        .run(move |s| {
            s.db.with(|c| {
                people::player_list(
                    c,
                    Some(&f2).filter(|f| !f.is_empty()).map(|f| f.as_str()),
                    limit,
                    offset,
                )
            })
        })
        .await?;
    let pager = super::paging::Pager::new(
        "/players",
        &[("name", &filter)],
        (limit, 100),
        offset,
        total,
        players.len(),
    );
    Ok(PlayersPage {
        q: String::new(),
        filter,
        players,
        pager,
    })
}

#[derive(Template, WebTemplate)]
#[template(path = "player.html")]
pub struct PlayerPage {
    q: String,
    p: PlayerView,
    /// Results over time: (x, y, tip) dots and the polyline.
    dots: Vec<(f64, f64, String)>,
    line: String,
    labels: Labels,
    merge: super::merge_forms::MergeForm,
    /// HotW: the empires the player's seat held at the end of each game, by game.
    ends: std::collections::HashMap<i64, Vec<String>>,
}

impl PlayerPage {
    /// A HotW game's final total with the empires the player held at the end.
    fn final_of(&self, game: &i64, score: &i64) -> String {
        super::language::result_with_empires(
            &score.to_string(),
            self.ends.get(game).map(Vec::as_slice).unwrap_or_default(),
        )
    }

    fn pct(&self, r: &crate::explorer::Rate) -> String {
        format!(
            "{:.0}% ({:.0}–{:.0})",
            r.rate * 100.0,
            r.low * 100.0,
            r.high * 100.0
        )
    }
}

pub async fn player_page(
    State(st): State<AppState>,
    auth: Auth,
    Path(id): Path<String>,
    RawQuery(rq): RawQuery,
) -> Result<PlayerPage, PageError> {
    let id = id_of(&id, "a player id")?;
    let who = auth.member.clone();
    let (p, labels, curator, ends) = st
        .run(move |s| {
            s.db.with(|c| {
                let p = people::player(c, id)?;
                let ids: Vec<i64> = p.games.iter().map(|g| g.id).collect();
                let curator = super::merge_forms::is_curator(c, who.as_ref())?;
                let hotw: Vec<(i64, String)> = p
                    .games
                    .iter()
                    .filter(|g| g.kind == "hotw")
                    .map(|g| (g.id, g.seat.clone()))
                    .collect();
                let ends = crate::store::hotw_ends::of_seats(c, &hotw)?;
                Ok((p, labels::labels(c, &ids)?, curator, ends))
            })
        })
        .await?;
    let scored: Vec<&people::PlayerGame> = p.games.iter().filter(|g| g.score.is_some()).collect();
    let n = scored.len();
    let (left, right, top, bottom) = (30.0, 560.0, 10.0, 130.0);
    let dots: Vec<(f64, f64, String)> = scored
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let x = if n > 1 {
                left + i as f64 / (n - 1) as f64 * (right - left)
            } else {
                left
            };
            let y = bottom - g.score.unwrap_or(0.0) * (bottom - top);
            (
                (x * 10.0).round() / 10.0,
                (y * 10.0).round() / 10.0,
                format!(
                    "{} {}: {}",
                    g.date.clone().unwrap_or_default(),
                    g.title.clone().unwrap_or_default(),
                    g.score.unwrap_or(0.0)
                ),
            )
        })
        .collect();
    let line = dots
        .iter()
        .map(|(x, y, _)| format!("{x},{y}"))
        .collect::<Vec<_>>()
        .join(" ");
    Ok(PlayerPage {
        q: String::new(),
        p,
        dots,
        line,
        labels,
        merge: super::merge_forms::MergeForm::of(&auth, curator, rq.as_deref()),
        ends,
    })
}
