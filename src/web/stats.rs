//! Statistics and the opening explorer: pages (tables + inline SVG charts), JSON and CSV.

use annals_import::Kind;
use askama::Template;
use askama_web::WebTemplate;
use axum::Json;
use axum::extract::{Path, RawQuery, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use rusqlite::Connection;
use serde_json::{Value, json};

use super::pages::PageError;
use super::request::Params;
use crate::AppState;
use crate::error::{Error, Result};
use crate::explorer::{self, Position};
use crate::stats::{self, CardStat, EmpireStat, Filter, HotwOpening, SanguoStats, WecStats};
use crate::store::labels::{self, Labels};
// The templates' text (`t`, `tn`…): askama calls it on `self`.
use super::language::{Localize as _, empire_name, side_name, with_names};
use crate::i18n::names::Family;

fn kind_of(s: &str) -> Result<Kind> {
    Kind::from_name(s)
        .ok_or_else(|| Error::NotFound(format!("no statistics for '{s}' (hotw, sanguo, wec)")))
}

/// `GET /api/stats/hotw/empires`
pub async fn api_hotw_empires(
    State(st): State<AppState>,
    auth: super::session::Auth,
    RawQuery(q): RawQuery,
) -> Result<Json<Value>> {
    let f = scoped(&st, &auth, filter_from(&Params::parse(q.as_deref()))?).await?;
    let v = st
        .run(move |s| s.db.with(|c| stats::hotw_empires(c, &f)))
        .await?;
    let v = json!({ "empires": v });
    Ok(Json(with_names(v, Family::HotwEmpire, q.as_deref())))
}

/// `GET /api/stats/hotw/cards`
pub async fn api_hotw_cards(
    State(st): State<AppState>,
    auth: super::session::Auth,
    RawQuery(q): RawQuery,
) -> Result<Json<Value>> {
    let f = scoped(&st, &auth, filter_from(&Params::parse(q.as_deref()))?).await?;
    let v = st
        .run(move |s| s.db.with(|c| stats::hotw_cards(c, &f)))
        .await?;
    let v = json!({ "cards": v });
    Ok(Json(with_names(v, Family::HotwCard, q.as_deref())))
}

/// `GET /api/stats/{kind}`: everything the statistics page shows, as JSON.
pub async fn api_stats(
    State(st): State<AppState>,
    Path(kind): Path<String>,
    auth: super::session::Auth,
    RawQuery(q): RawQuery,
) -> Result<Json<Value>> {
    let kind = kind_of(&kind)?;
    let f = scoped(&st, &auth, filter_from(&Params::parse(q.as_deref()))?).await?;
    let v = st
        .run(move |s| {
            s.db.with(|c| {
                Ok(match kind {
                    Kind::Hotw => json!({
                        "empires": stats::hotw_empires(c, &f)?,
                        "cards": stats::hotw_cards(c, &f)?,
                        "openings": stats::hotw_openings(c, &f)?,
                    }),
                    Kind::Sanguo => serde_json::to_value(stats::sanguo(c, &f)?)?,
                    Kind::Wec => serde_json::to_value(stats::wec(c, &f)?)?,
                    Kind::Deluge => serde_json::to_value(stats::deluge(c, &f)?)?,
                })
            })
        })
        .await?;
    Ok(Json(v))
}

/// The moves of an explorer request: `moves=m1,m2` (WEC turns contain commas, so a WEC move starts
/// at each `MV:`), or repeated `move=` parameters.
pub fn explorer_moves(kind: Kind, raw: Option<&str>) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(q) = raw {
        for (k, v) in form_urlencoded::parse(q.as_bytes()) {
            match k.as_ref() {
                "move" => out.push(v.trim().to_string()),
                "moves" => {
                    if kind == Kind::Wec {
                        let mut cur = String::new();
                        for part in v.split(',') {
                            if part.trim_start().starts_with("MV:") && !cur.is_empty() {
                                out.push(std::mem::take(&mut cur));
                            }
                            if !cur.is_empty() {
                                cur.push(',');
                            }
                            cur.push_str(part.trim());
                        }
                        if !cur.is_empty() {
                            out.push(cur);
                        }
                    } else {
                        out.extend(
                            v.split([',', '，'])
                                .map(|m| m.trim().to_string())
                                .filter(|m| !m.is_empty()),
                        );
                    }
                }
                _ => {}
            }
        }
    }
    out.retain(|m| !m.is_empty());
    out
}

/// `GET /api/explorer/{kind}?moves=m1,m2`
pub async fn api_explorer(
    State(st): State<AppState>,
    Path(kind): Path<String>,
    auth: super::session::Auth,
    RawQuery(q): RawQuery,
) -> Result<Json<Value>> {
    let kind = kind_of(&kind)?;
    let p = Params::parse(q.as_deref());
    if kind == Kind::Hotw {
        let f = scoped(&st, &auth, filter_from(&p)?).await?;
        let v = st
            .run(move |s| s.db.with(|c| stats::hotw_openings(c, &f)))
            .await?;
        let games: i64 = v.iter().map(|o| o.games).sum();
        return Ok(Json(json!({ "games": games, "openings": v })));
    }
    let scope = scoped(&st, &auth, filter_from(&p)?).await?.scope;
    let (limit, offset) = super::paging::limit_offset(&p, 20)?;
    if let Some(key) = p.position()? {
        let pos = st
            .run(move |s| {
                s.db.with(|c| {
                    explorer::at_key(c, kind, key, &scope, limit as usize, offset as usize)
                })
            })
            .await?;
        return Ok(Json(serde_json::to_value(pos)?));
    }
    let moves = explorer_moves(kind, q.as_deref());
    let pos = st
        .run(move |s| {
            s.db.with(|c| {
                explorer::explore_page(c, kind, &moves, &scope, limit as usize, offset as usize)
            })
        })
        .await?;
    Ok(Json(serde_json::to_value(pos)?))
}

fn csv_response(name: &str, rows: Vec<Vec<String>>) -> Result<Response> {
    let mut w = csv::Writer::from_writer(Vec::new());
    for r in rows {
        w.write_record(
            r.iter()
                .map(|c| crate::collections::csv_cell(c).into_owned()),
        )
        .map_err(|e| Error::Internal(format!("csv: {e}")))?;
    }
    let bytes = w
        .into_inner()
        .map_err(|e| Error::Internal(format!("csv: {e}")))?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
        ],
        bytes,
    )
        .into_response())
}

fn opt(v: Option<f64>) -> String {
    v.map(|x| x.to_string()).unwrap_or_default()
}

/// `GET /stats/{kind}/{table}.csv`: any statistics table as CSV.
pub async fn csv_table(
    State(st): State<AppState>,
    Path((kind, table)): Path<(String, String)>,
    auth: super::session::Auth,
    RawQuery(q): RawQuery,
) -> Result<Response> {
    let kind = kind_of(&kind)?;
    let p = Params::parse(q.as_deref());
    let f = scoped(&st, &auth, filter_from(&p)?).await?;
    let table = table.strip_suffix(".csv").unwrap_or(&table).to_string();
    let moves = explorer_moves(kind, q.as_deref());
    let name = format!("{}-{table}.csv", kind.as_str());
    let rows = st
        .run(move |s| {
            s.db.with(|c| {
                Ok(match (kind, table.as_str()) {
                    (Kind::Hotw, "empires") => hotw_empire_rows(c, &f)?,
                    (Kind::Hotw, "cards") => hotw_card_rows(c, &f)?,
                    (Kind::Hotw, "openings") => hotw_opening_rows(c, &f)?,
                    (Kind::Sanguo, "sides") => sanguo_side_rows(c, &f)?,
                    (Kind::Wec, "pieces") => wec_piece_rows(c, &f)?,
                    (Kind::Sanguo | Kind::Wec, "explorer") => explorer_rows(c, kind, &moves)?,
                    _ => return Err(Error::NotFound(format!("no table '{table}' for {kind}"))),
                })
            })
        })
        .await?;
    csv_response(&name, rows)
}

/// The HotW empires table.
fn hotw_empire_rows(c: &Connection, f: &Filter) -> Result<Vec<Vec<String>>> {
    let mut rows = vec![
        [
            "empire",
            "epoch",
            "minor",
            "turns",
            "mean_gain",
            "median_gain",
            "mean_score",
            "expansions_per_turn",
            "battles_per_turn",
            "share_v",
            "share_x",
            "share_draw",
            "mean_placing",
            "top_cards",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for e in stats::hotw_empires(c, f)? {
        rows.push(vec![
            e.empire,
            e.epoch.to_string(),
            e.minor.to_string(),
            e.turns.to_string(),
            opt(e.mean_gain),
            opt(e.median_gain),
            opt(e.mean_score),
            e.expansions_per_turn.to_string(),
            e.battles_per_turn.to_string(),
            opt(e.share_v),
            opt(e.share_x),
            opt(e.share_draw),
            opt(e.mean_placing),
            e.top_cards
                .iter()
                .map(|(c, n)| format!("{c}:{n}"))
                .collect::<Vec<_>>()
                .join(" "),
        ]);
    }
    Ok(rows)
}

/// The HotW cards table.
fn hotw_card_rows(c: &Connection, f: &Filter) -> Result<Vec<Vec<String>>> {
    let mut rows = vec![
        [
            "card",
            "played",
            "EI",
            "EII",
            "EIII",
            "EIV",
            "EV",
            "EVI",
            "EVII",
            "mean_gain",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for c in stats::hotw_cards(c, f)? {
        let mut r = vec![c.card, c.played.to_string()];
        r.extend(c.by_epoch.iter().map(|n| n.to_string()));
        r.push(opt(c.mean_gain));
        rows.push(r);
    }
    Ok(rows)
}

/// The HotW openings table.
fn hotw_opening_rows(c: &Connection, f: &Filter) -> Result<Vec<Vec<String>>> {
    let mut rows = vec![
        [
            "empire",
            "cards",
            "games",
            "1st",
            "2nd",
            "3rd",
            "4th",
            "5th",
            "6th",
            "mean_placing",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for o in stats::hotw_openings(c, f)? {
        let mut r = vec![o.empire, o.cards, o.games.to_string()];
        r.extend(o.placings.iter().map(|n| n.to_string()));
        r.push(opt(o.mean_placing));
        rows.push(r);
    }
    Ok(rows)
}

/// The 三国 sides table.
fn sanguo_side_rows(c: &Connection, f: &Filter) -> Result<Vec<Vec<String>>> {
    let s = stats::sanguo(c, f)?;
    let mut rows = vec![
        [
            "side",
            "games",
            "wins",
            "draws",
            "losses",
            "eliminated",
            "alliances_started",
            "killed_han",
            "killed_han_won",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for x in s.sides {
        rows.push(vec![
            x.side,
            x.games.to_string(),
            x.wins.to_string(),
            x.draws.to_string(),
            x.losses.to_string(),
            x.eliminated.to_string(),
            x.alliances_started.to_string(),
            x.killed_han.to_string(),
            x.killed_han_won.to_string(),
        ]);
    }
    Ok(rows)
}

/// The WEC pieces table.
fn wec_piece_rows(c: &Connection, f: &Filter) -> Result<Vec<Vec<String>>> {
    let s = stats::wec(c, f)?;
    let mut rows = vec![vec!["piece".to_string(), "turns".to_string()]];
    rows.extend(s.pieces.into_iter().map(|(p, n)| vec![p, n.to_string()]));
    Ok(rows)
}

/// The explorer's next moves from the position `moves` reaches.
fn explorer_rows(c: &Connection, kind: Kind, moves: &[String]) -> Result<Vec<Vec<String>>> {
    let pos = explorer::explore(c, kind, moves)?;
    let sides = explorer::sides(kind);
    let mut head = vec!["move".to_string(), "games".to_string()];
    head.extend(sides.iter().map(|s| format!("wins_{s}")));
    head.extend(["draws".to_string(), "unknown".to_string()]);
    let mut rows = vec![head];
    for m in pos.moves {
        let mut r = vec![m.mv.clone(), m.games.to_string()];
        r.extend(
            sides
                .iter()
                .map(|s| m.wins.get(*s).map(|v| v.to_string()).unwrap_or_default()),
        );
        r.extend([m.draws.to_string(), m.unknown.to_string()]);
        rows.push(r);
    }
    Ok(rows)
}

/// A bar chart as numbers: the template draws the rectangles.
pub struct BarChart {
    pub width: u32,
    pub height: u32,
    pub bars: Vec<Bar>,
    pub y_ticks: Vec<(f64, String)>,
    pub labels: Vec<(f64, String)>,
    pub base: f64,
}

pub struct Bar {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
    pub colour: &'static str,
    pub tip: String,
}

const EPOCH_COLOURS: [&str; 7] = [
    "#8d6e63", "#5c6bc0", "#26a69a", "#ef6c00", "#ab47bc", "#c0ca33", "#546e7a",
];

/// Mean gain by empire, bars grouped and coloured by epoch.
fn gain_chart(empires: &[EmpireStat]) -> Option<BarChart> {
    let items: Vec<&EmpireStat> = empires.iter().filter(|e| e.mean_gain.is_some()).collect();
    if items.is_empty() {
        return None;
    }
    let max = items
        .iter()
        .filter_map(|e| e.mean_gain)
        .fold(1.0f64, f64::max);
    let step = super::view::nice_step(max / 4.0);
    let top = (max / step).ceil() * step;
    let (left, base, plot_h) = (40.0, 200.0, 180.0);
    let bw = 16.0;
    let gap = 6.0;
    let width = (left + items.len() as f64 * (bw + gap) + 20.0).max(300.0);
    let mut bars = Vec::new();
    let mut labels = Vec::new();
    for (i, e) in items.iter().enumerate() {
        let g = e.mean_gain.unwrap_or(0.0).max(0.0);
        let h = g / top * plot_h;
        let x = left + i as f64 * (bw + gap);
        bars.push(Bar {
            x,
            y: base - h,
            w: bw,
            h,
            colour: EPOCH_COLOURS[((e.epoch - 1).clamp(0, 6)) as usize],
            tip: format!(
                "{} (E{}): mean gain {g} over {} turns",
                empire_name(&e.empire),
                super::view::ROMAN[e.epoch.clamp(0, 7) as usize],
                e.scored_turns
            ),
        });
        labels.push((x + bw / 2.0, empire_name(&e.empire)));
    }
    let mut y_ticks = Vec::new();
    let mut v = 0.0;
    while v <= top + 0.01 {
        y_ticks.push((base - v / top * plot_h, format!("{v}")));
        v += step;
    }
    Some(BarChart {
        width: width as u32,
        height: 260,
        bars,
        y_ticks,
        labels,
        base,
    })
}

/// Result shares per side: stacked wins / draws / losses.
fn shares_chart(rows: &[(String, i64, i64, i64)]) -> Option<BarChart> {
    if rows.iter().all(|r| r.1 + r.2 + r.3 == 0) {
        return None;
    }
    let (left, base, plot_h, bw) = (40.0, 200.0, 180.0, 48.0);
    let mut bars = Vec::new();
    let mut labels = Vec::new();
    for (i, (side, w, d, l)) in rows.iter().enumerate() {
        let total = (w + d + l).max(1) as f64;
        let x = left + i as f64 * (bw + 24.0);
        let mut y = base;
        for (n, colour, what) in [
            (*w, "#2e7d32", "won"),
            (*d, "#9e9e9e", "drew"),
            (*l, "#c62828", "lost"),
        ] {
            let h = n as f64 / total * plot_h;
            y -= h;
            bars.push(Bar {
                x,
                y,
                w: bw,
                h,
                colour,
                tip: format!("{side} {what} {n} of {} games", w + d + l),
            });
        }
        labels.push((x + bw / 2.0, side.clone()));
    }
    let y_ticks = (0..=4)
        .map(|k| (base - k as f64 / 4.0 * plot_h, format!("{}%", k * 25)))
        .collect();
    Some(BarChart {
        width: (left + rows.len() as f64 * (bw + 24.0) + 20.0) as u32,
        height: 260,
        bars,
        y_ticks,
        labels,
        base,
    })
}

#[derive(Template, WebTemplate)]
#[template(path = "stats.html")]
pub struct StatsPage {
    q: String,
    kind: &'static str,
    event: String,
    from: String,
    to: String,
    query: String,
    empires: Vec<EmpireStat>,
    cards: Vec<CardStat>,
    sanguo: Option<SanguoStats>,
    wec: Option<WecStats>,
    deluge: Option<stats::DelugeStats>,
    chart: Option<BarChart>,
}

fn pct(r: &explorer::Rate) -> String {
    format!(
        "{:.0}% ({:.0}–{:.0})",
        r.rate * 100.0,
        r.low * 100.0,
        r.high * 100.0
    )
}

impl StatsPage {
    fn rate(&self, r: &explorer::Rate) -> String {
        pct(r)
    }
    fn num(&self, v: &Option<f64>) -> String {
        opt(*v)
    }
    fn share(&self, v: &Option<f64>) -> String {
        v.map(|x| format!("{:.0}%", x * 100.0)).unwrap_or_default()
    }
}

/// `GET /stats/{kind}`
pub async fn stats_page(
    State(st): State<AppState>,
    Path(kind): Path<String>,
    auth: super::session::Auth,
    RawQuery(q): RawQuery,
) -> Result<StatsPage, PageError> {
    let kind = kind_of(&kind)?;
    let p = Params::parse(q.as_deref());
    let f: Filter = scoped(&st, &auth, filter_from(&p)?).await?;
    let f2 = f.clone();
    let (empires, cards, sanguo, wec, deluge) = st
        .run(move |s| {
            s.db.with(|c| {
                Ok(match kind {
                    Kind::Hotw => (
                        stats::hotw_empires(c, &f2)?,
                        stats::hotw_cards(c, &f2)?,
                        None,
                        None,
                        None,
                    ),
                    Kind::Sanguo => (
                        Vec::new(),
                        Vec::new(),
                        Some(stats::sanguo(c, &f2)?),
                        None,
                        None,
                    ),
                    Kind::Wec => (
                        Vec::new(),
                        Vec::new(),
                        None,
                        Some(stats::wec(c, &f2)?),
                        None,
                    ),
                    Kind::Deluge => (
                        Vec::new(),
                        Vec::new(),
                        None,
                        None,
                        Some(stats::deluge(c, &f2)?),
                    ),
                })
            })
        })
        .await?;
    let chart = match kind {
        Kind::Hotw => gain_chart(&empires),
        Kind::Sanguo => sanguo.as_ref().and_then(|s| {
            shares_chart(
                &s.sides
                    .iter()
                    .map(|x| (side_name("sanguo", &x.side), x.wins, x.draws, x.losses))
                    .collect::<Vec<_>>(),
            )
        }),
        Kind::Wec => wec.as_ref().and_then(|w| {
            let undecided = w.games - w.decided;
            let _ = undecided;
            shares_chart(&[
                (
                    side_name("wec", "B"),
                    w.black_wins,
                    0,
                    w.decided - w.black_wins,
                ),
                (
                    side_name("wec", "W"),
                    w.white_wins,
                    0,
                    w.decided - w.white_wins,
                ),
            ])
        }),
        Kind::Deluge => None,
    };
    let mut query = form_urlencoded::Serializer::new(String::new());
    for (k, v) in [
        ("event", f.event.clone()),
        ("from", f.year_from.map(|y| y.to_string())),
        ("to", f.year_to.map(|y| y.to_string())),
    ] {
        if let Some(v) = v {
            query.append_pair(k, &v);
        }
    }
    let query = query.finish();
    Ok(StatsPage {
        q: String::new(),
        kind: kind.as_str(),
        event: f.event.unwrap_or_default(),
        from: f.year_from.map(|y| y.to_string()).unwrap_or_default(),
        to: f.year_to.map(|y| y.to_string()).unwrap_or_default(),
        query: if query.is_empty() {
            String::new()
        } else {
            format!("?{query}")
        },
        empires,
        cards,
        sanguo,
        wec,
        deluge,
        chart,
    })
}

pub struct ExplorerRow {
    pub mv: String,
    pub href: String,
    pub games: i64,
    pub cells: Vec<String>,
    pub draws: i64,
    pub thin: bool,
}

pub struct Crumb {
    pub mv: String,
    pub href: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "explorer.html")]
pub struct ExplorerPage {
    q: String,
    kind: &'static str,
    sides: Vec<&'static str>,
    crumbs: Vec<Crumb>,
    position: Option<Position>,
    /// The position's board (the moves' or, asked by key, a game's that reached it).
    board: Option<super::board::BoardView>,
    /// The games the page is limited to, in words, and the query parameters that keep it.
    scope_note: Option<String>,
    scope_query: String,
    rows: Vec<ExplorerRow>,
    openings: Vec<HotwOpening>,
    csv: String,
    thin: i64,
    labels: Labels,
    pager: super::paging::Pager,
}

impl ExplorerPage {
    fn rate(&self, r: &explorer::Rate) -> String {
        pct(r)
    }
}

/// The explorer page at `moves`, in the scope `scope` (its query parameters, or empty).
fn explorer_href(kind: Kind, moves: &[String], scope: &str) -> String {
    let mut s = form_urlencoded::Serializer::new(String::new());
    for m in moves {
        s.append_pair("move", m);
    }
    let q = [s.finish(), scope.to_string()]
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("&");
    if q.is_empty() {
        format!("/explorer/{}", kind.as_str())
    } else {
        format!("/explorer/{}?{q}", kind.as_str())
    }
}

/// `GET /explorer/{kind}`
pub async fn explorer_page(
    State(st): State<AppState>,
    Path(kind): Path<String>,
    auth: super::session::Auth,
    RawQuery(q): RawQuery,
) -> Result<ExplorerPage, PageError> {
    let kind = kind_of(&kind)?;
    let mut page = ExplorerPage {
        q: String::new(),
        kind: kind.as_str(),
        sides: explorer::sides(kind).to_vec(),
        crumbs: Vec::new(),
        position: None,
        board: None,
        scope_note: None,
        scope_query: String::new(),
        rows: Vec::new(),
        openings: Vec::new(),
        csv: String::new(),
        thin: explorer::THIN,
        labels: Labels::default(),
        pager: super::paging::Pager::default(),
    };
    if kind == Kind::Hotw {
        let f = scoped(&st, &auth, filter_from(&Params::parse(q.as_deref()))?).await?;
        page.openings = st
            .run(move |s| s.db.with(|c| stats::hotw_openings(c, &f)))
            .await?;
        page.csv = "/stats/hotw/openings.csv".into();
        return Ok(page);
    }
    if kind == Kind::Deluge {
        return Err(Error::NotFound("no explorer for deluge".into()).into());
    }
    let p = Params::parse(q.as_deref());
    let key = p.position()?;
    let scope = scoped(&st, &auth, filter_from(&p)?).await?.scope;
    let scope_query = scope.query();
    let asked = explorer_moves(kind, q.as_deref());
    let lang = super::language::lang();
    let (limit, offset) = super::paging::limit_offset(&p, 20)?;
    let (limit, offset) = (limit as usize, offset as usize);
    let (moves, pos, labels, board, scope_note) = st
        .run(move |s| {
            s.db.with(|c| {
                // Asked by key, the page walks the moves of the newest game that reached it.
                let moves = match key {
                    Some(k) => super::position_board::moves_to(c, kind, k)?,
                    None => Some(asked),
                };
                let note = scope.describe(c)?;
                let Some(moves) = moves else {
                    let k = key.unwrap_or_default();
                    let pos = explorer::at_key(c, kind, k, &scope, limit, offset)?;
                    return Ok((Vec::new(), pos, Labels::default(), None, note));
                };
                let pos = explorer::explore_page(c, kind, &moves, &scope, limit, offset)?;
                let board = super::language::within(lang, || {
                    super::position_board::after_moves(kind, &moves)
                });
                let ids: Vec<i64> = pos.sample.iter().map(|g| g.id).collect();
                Ok((moves, pos, labels::labels(c, &ids)?, board, note))
            })
        })
        .await?;
    page.labels = labels;
    page.board = board;
    page.scope_note = scope_note;
    page.scope_query = scope_query.clone();
    page.crumbs = (0..moves.len())
        .map(|i| Crumb {
            mv: moves[i].clone(),
            href: explorer_href(kind, &moves[..=i], &scope_query),
        })
        .collect();
    let sides = explorer::sides(kind);
    page.rows = pos
        .moves
        .iter()
        .map(|m| {
            let mut next = moves.clone();
            next.push(m.mv.clone());
            let decided = (m.games - m.unknown).max(0);
            ExplorerRow {
                mv: m.mv.clone(),
                href: explorer_href(kind, &next, &scope_query),
                games: m.games,
                cells: sides
                    .iter()
                    .map(|s| {
                        let w = m.wins.get(*s).and_then(|v| v.as_i64()).unwrap_or(0);
                        // no game of this branch has a known result: no rate to give
                        if decided == 0 {
                            "—".to_string()
                        } else {
                            format!("{w} · {}", pct(&explorer::wilson(w, decided)))
                        }
                    })
                    .collect(),
                draws: m.draws,
                thin: m.thin,
            }
        })
        .collect();
    let mut csv = format!("/stats/{}/explorer.csv", kind.as_str());
    if let Some(qs) = explorer_href(kind, &moves, &scope_query)
        .split_once('?')
        .map(|(_, q)| q.to_string())
    {
        csv = format!("{csv}?{qs}");
    }
    page.csv = csv;
    page.pager = super::paging::explorer(kind, &moves, (limit as i64, offset as i64), &pos);
    page.position = Some(pos);
    Ok(page)
}

/// The filter, once its scope is known to exist and be readable by the caller (a private
/// collection is 404 to others).
async fn scoped(st: &AppState, auth: &super::session::Auth, f: Filter) -> Result<Filter> {
    if f.scope.is_all() {
        return Ok(f);
    }
    let viewer = auth.member.clone();
    st.run(move |s| {
        s.db.with(|c| {
            f.scope.check(c, viewer.as_ref())?;
            Ok(f)
        })
    })
    .await
}

/// Reads the statistics filters from query parameters.
fn filter_from(p: &Params) -> Result<Filter> {
    let year = |name: &str| -> Result<Option<i64>> {
        match p.str(name) {
            None => Ok(None),
            Some(v) => v
                .parse::<i64>()
                .ok()
                .filter(|y| (0..=9999).contains(y))
                .map(Some)
                .ok_or_else(|| {
                    Error::BadRequest(format!("{name} must be a year like 1999, not '{v}'"))
                }),
        }
    };
    let scope = p.scope()?;
    let f = Filter {
        // An event by number is a scope, by name a filter.
        event: match scope.event {
            Some(_) => None,
            None => p.filter("event")?.map(str::to_string),
        },
        year_from: year("from")?,
        year_to: year("to")?,
        scope,
    };
    if let (Some(a), Some(b)) = (f.year_from, f.year_to)
        && a > b
    {
        return Err(Error::BadRequest(format!(
            "the year range {a}..{b} is empty"
        )));
    }
    Ok(f)
}
