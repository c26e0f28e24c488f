//! The statistics of each kind: pages (tables and inline SVG charts), JSON and CSV.

use annals_import::Kind;
use askama::Template;
use askama_web::WebTemplate;
use axum::Json;
use axum::extract::{Path, RawQuery, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use rusqlite::Connection;
use serde_json::{Value, json};

use super::explorer::{explorer_moves, explorer_rows};
use super::pages::PageError;
use super::request::Params;
use super::stats_query::{filter_from, kind_of, pct, scoped};
use crate::AppState;
use crate::error::{Error, Result};
use crate::explorer;
use crate::stats::{self, CardStat, EmpireStat, Filter, SanguoStats, WecStats};
// The templates' text (`t`, `tn`…): askama calls it on `self`.
use super::language::{Localize as _, empire_name, side_name, tr_args, with_names};
use crate::i18n::names::Family;

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
            tip: tr_args(
                "chart-gain-tip",
                &[
                    ("empire", empire_name(&e.empire).into()),
                    (
                        "epoch",
                        super::view::ROMAN[e.epoch.clamp(0, 7) as usize].into(),
                    ),
                    ("gain", g.to_string().into()),
                    ("turns", e.scored_turns.to_string().into()),
                ],
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
            (*w, "#2e7d32", "chart-won-tip"),
            (*d, "#9e9e9e", "chart-drew-tip"),
            (*l, "#c62828", "chart-lost-tip"),
        ] {
            let h = n as f64 / total * plot_h;
            y -= h;
            bars.push(Bar {
                x,
                y,
                w: bw,
                h,
                colour,
                tip: tr_args(
                    what,
                    &[
                        ("side", side.as_str().into()),
                        ("n", n.to_string().into()),
                        ("total", (w + d + l).to_string().into()),
                    ],
                ),
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
