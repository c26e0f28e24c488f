//! View models of the game page: what the templates show, computed from a stored game. Nothing here
//! produces HTML: templates escape every string they print.

use std::collections::BTreeMap;

use annals_import::hotw::{HotwGame, Turn};
use annals_import::{Diagnostic, Severity};

use crate::store::reads::GameRecord;

use super::language::{lang, tr, tr_args};
use crate::i18n::Lang;
use crate::i18n::names::{self, Family};

/// One line of the raw record, with the diagnostics that point at it.
pub struct RawLine {
    pub no: u32,
    pub text: String,
    pub diags: Vec<DiagView>,
}

pub struct DiagView {
    pub line: u32,
    pub col: u32,
    pub severity: &'static str,
    pub code: String,
    pub message: String,
}

impl DiagView {
    pub fn new(d: &Diagnostic) -> Self {
        DiagView {
            line: d.line,
            col: d.col,
            severity: d.severity.as_str(),
            code: d.code.clone(),
            message: d.message.clone(),
        }
    }
}

/// The raw record split into numbered lines (file line numbers), each with its diagnostics; and the
/// diagnostics that point at no line of the game (line 0: the file as a whole).
pub fn raw_lines(g: &GameRecord) -> (Vec<RawLine>, Vec<DiagView>) {
    let first = g.source_line.max(1) as u32;
    let mut by_line: BTreeMap<u32, Vec<DiagView>> = BTreeMap::new();
    for d in &g.diagnostics {
        by_line.entry(d.line).or_default().push(DiagView::new(d));
    }
    let mut lines = Vec::new();
    for (i, text) in g.raw.lines().enumerate() {
        let no = first + i as u32;
        lines.push(RawLine {
            no,
            text: text.to_string(),
            diags: by_line.remove(&no).unwrap_or_default(),
        });
    }
    let rest = by_line.into_values().flatten().collect();
    (lines, rest)
}

pub fn severity_counts(d: &[Diagnostic]) -> (usize, usize, usize) {
    let n = |s| d.iter().filter(|x| x.severity == s).count();
    (n(Severity::Error), n(Severity::Warning), n(Severity::Info))
}

/// The CSS colour of a HotW player colour name (the HotW notation's chapter 1).
pub fn colour_css(name: Option<&str>) -> &'static str {
    match name.map(|s| s.trim().to_ascii_lowercase()).as_deref() {
        Some("red") | Some("紅") => "#c62828",
        Some("yellow") | Some("黃") => "#c9a400",
        Some("green") | Some("綠") => "#43a047",
        Some("deep") | Some("deep green") | Some("深綠") => "#1b5e20",
        Some("blue") | Some("藍") => "#1565c0",
        Some("purple") | Some("紫") => "#6a1b9a",
        Some("black") => "#222222",
        Some("white") => "#9e9e9e",
        _ => "#616161",
    }
}

pub const ROMAN: [&str; 8] = ["?", "I", "II", "III", "IV", "V", "VI", "VII"];

pub struct HotwEpoch {
    pub epoch: u8,
    pub roman: &'static str,
    pub turns: Vec<HotwTurn>,
}

pub struct HotwTurn {
    pub index: usize,
    pub line: u32,
    pub player: String,
    pub colour: &'static str,
    pub empire: String,
    pub minor: bool,
    pub cards: Vec<String>,
    pub expansions: Vec<String>,
    pub builds: Vec<String>,
    pub score: String,
    pub gain: String,
}

/// Meanings of the battle tokens (the HotW notation's chapter 4), for the legend and tooltips.
pub const BATTLE_TOKENS: [(&str, &str); 14] = [
    ("f", "defender has a fortress"),
    ("W", "Great Wall"),
    ("St", "strait"),
    ("For", "forest"),
    ("M", "mountains"),
    ("sea", "coastal defence"),
    ("V", "attacker wins and occupies"),
    ("X", "attacker loses"),
    ("=", "both lose an army"),
    ("R", "attacker stops attacking"),
    ("c/", "capital becomes a city"),
    ("cX", "city removed"),
    ("fX", "fortress removed"),
    ("mX", "monument removed"),
];

/// A HotW region by its code in English pages (the notation's own words), by its name in the
/// others.
fn region(code: &str) -> String {
    match lang() {
        Lang::En => code.to_string(),
        l => names::name(l, Family::HotwRegion, code),
    }
}

fn describe_turn(t: &Turn) -> (Vec<String>, Vec<String>, Vec<String>) {
    let cards = t
        .cards
        .iter()
        .map(|c| {
            let name = if names::known(Family::HotwCard, &c.card) {
                names::name(lang(), Family::HotwCard, &c.card)
            } else {
                c.name.to_string()
            };
            let mut s = if name.is_empty() || name == c.card {
                c.card.to_string()
            } else {
                format!("{} ({})", name, c.card)
            };
            if let Some(d) = c.detail.as_deref().filter(|d| !d.is_empty()) {
                s.push_str(": ");
                s.push_str(d);
            }
            s
        })
        .collect();
    let expansions = t
        .expansions
        .iter()
        .map(|e| {
            let (from, to) = (region(&e.from), region(&e.to));
            let mut s = format!("{from} → {to}");
            if !e.via.is_empty() {
                let via: Vec<String> = e.via.iter().map(|v| region(v)).collect();
                s = format!("{from} → {} ({}) → {to}", tr("hotw-by-sea"), via.join(", "));
            }
            if !e.battle.is_empty() {
                s.push_str(&format!(" — {} {}", tr("hotw-battle"), e.battle.join(" ")));
            }
            if !e.builds.is_empty() {
                s.push_str(&format!(" — {} {}", tr("hotw-builds"), e.builds.join(", ")));
            }
            s
        })
        .collect();
    let builds = t
        .builds
        .iter()
        .map(|b| format!("{}: {}", region(&b.region), b.items.join(", ")))
        .collect();
    (cards, expansions, builds)
}

/// Turns grouped by epoch, in record order.
pub fn hotw_epochs(g: &HotwGame, colours: &BTreeMap<String, &'static str>) -> Vec<HotwEpoch> {
    let mut out: Vec<HotwEpoch> = Vec::new();
    for (i, t) in g.turns.iter().enumerate() {
        if out.last().is_none_or(|e| e.epoch != t.epoch) {
            out.push(HotwEpoch {
                epoch: t.epoch,
                roman: ROMAN.get(t.epoch as usize).copied().unwrap_or("?"),
                turns: Vec::new(),
            });
        }
        let (cards, expansions, builds) = describe_turn(t);
        if let Some(e) = out.last_mut() {
            e.turns.push(HotwTurn {
                index: i + 1,
                line: t.line,
                player: t.player.to_string(),
                colour: colours.get(&*t.player).copied().unwrap_or("#616161"),
                empire: t.empire.to_string(),
                minor: t.minor,
                cards,
                expansions,
                builds,
                score: t.score.map(|s| s.to_string()).unwrap_or_default(),
                gain: t.gain.map(|s| format!("+{s}")).unwrap_or_default(),
            });
        }
    }
    out
}

/// A line chart as numbers only: the template draws it as inline SVG.
pub struct Chart {
    pub width: u32,
    pub height: u32,
    pub series: Vec<Series>,
    pub x_ticks: Vec<(f64, String)>,
    pub y_ticks: Vec<(f64, String)>,
    pub left: f64,
    pub bottom: f64,
    pub right: f64,
    pub top: f64,
}

pub struct Series {
    pub label: String,
    pub colour: &'static str,
    /// `x,y x,y …` in SVG coordinates.
    pub points: String,
    pub dots: Vec<(f64, f64, String)>,
    pub last: String,
}

/// Score by epoch per player: each player's last recorded total in each epoch.
pub fn hotw_score_chart(g: &HotwGame, colours: &BTreeMap<String, &'static str>) -> Option<Chart> {
    let mut per: BTreeMap<String, BTreeMap<u8, i64>> = BTreeMap::new();
    for t in &g.turns {
        if let Some(s) = t.score {
            per.entry(t.player.to_string())
                .or_default()
                .insert(t.epoch, s);
        }
    }
    if per.is_empty() {
        return None;
    }
    let max_epoch = g
        .turns
        .iter()
        .map(|t| t.epoch)
        .max()
        .unwrap_or(7)
        .clamp(1, 7) as f64;
    let max_score = per
        .values()
        .flat_map(|m| m.values())
        .copied()
        .max()
        .unwrap_or(1)
        .max(1);
    let step = nice_step(max_score as f64 / 5.0);
    let top_score = ((max_score as f64 / step).ceil() * step).max(step);
    let (width, height) = (640u32, 280u32);
    let (left, right, top, bottom) = (44.0, 600.0, 12.0, 244.0);
    let x = |e: f64| {
        if max_epoch <= 1.0 {
            left
        } else {
            left + (e - 1.0) / (max_epoch - 1.0) * (right - left)
        }
    };
    let y = |s: f64| bottom - s / top_score * (bottom - top);
    let series = per
        .iter()
        .map(|(p, m)| {
            let pts: Vec<(f64, f64, String)> = m
                .iter()
                .map(|(e, s)| {
                    (
                        round1(x(*e as f64)),
                        round1(y(*s as f64)),
                        tr_args(
                            "chart-score-tip",
                            &[
                                ("player", p.as_str().into()),
                                ("score", s.to_string().into()),
                                ("epoch", ROMAN[*e as usize % 8].into()),
                            ],
                        ),
                    )
                })
                .collect();
            Series {
                label: p.clone(),
                colour: colours.get(p).copied().unwrap_or("#616161"),
                points: pts
                    .iter()
                    .map(|(a, b, _)| format!("{a},{b}"))
                    .collect::<Vec<_>>()
                    .join(" "),
                last: m.values().last().map(|s| s.to_string()).unwrap_or_default(),
                dots: pts,
            }
        })
        .collect();
    let x_ticks = (1..=max_epoch as usize)
        .map(|e| (round1(x(e as f64)), format!("E{}", ROMAN[e % 8])))
        .collect();
    let mut y_ticks = Vec::new();
    let mut v = 0.0;
    while v <= top_score + 0.1 {
        y_ticks.push((round1(y(v)), format!("{v}")));
        v += step;
    }
    Some(Chart {
        width,
        height,
        series,
        x_ticks,
        y_ticks,
        left,
        bottom,
        right,
        top,
    })
}

fn round1(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

/// 1, 2 or 5 times a power of ten, at least `raw`.
pub fn nice_step(raw: f64) -> f64 {
    let raw = raw.max(1.0);
    let mag = 10f64.powf(raw.log10().floor());
    for m in [1.0, 2.0, 5.0, 10.0] {
        if m * mag >= raw {
            return m * mag;
        }
    }
    10.0 * mag
}

/// Colours of the seven powers.
pub fn power_css(p: &str) -> &'static str {
    match p {
        "England" => "#1a237e",
        "France" => "#0288d1",
        "Germany" => "#424242",
        "Italy" => "#2e7d32",
        "Austria" => "#c62828",
        "Russia" => "#7b1fa2",
        "Turkey" => "#f9a825",
        _ => "#757575",
    }
}

/// Supply centres per power by year, as a line chart.
pub fn deluge_centre_chart(g: &annals_import::deluge::DelugeGame) -> Option<Chart> {
    if g.centres.len() < 2 {
        return None;
    }
    let years: Vec<u16> = g.centres.iter().map(|c| c.year).collect();
    let max = g
        .centres
        .iter()
        .flat_map(|c| c.counts.values())
        .copied()
        .max()
        .unwrap_or(1)
        .max(1) as f64;
    let step = nice_step(max / 5.0);
    let top_v = ((max / step).ceil() * step).max(step);
    let (width, height) = (640u32, 280u32);
    let (left, right, top, bottom) = (44.0, 600.0, 12.0, 244.0);
    let n = years.len();
    let x = |i: usize| left + i as f64 / (n - 1).max(1) as f64 * (right - left);
    let y = |v: f64| bottom - v / top_v * (bottom - top);
    let mut powers: Vec<String> = g
        .centres
        .iter()
        .flat_map(|c| c.counts.keys().cloned())
        .collect();
    powers.sort();
    powers.dedup();
    let series = powers
        .iter()
        .map(|p| {
            let pts: Vec<(f64, f64, String)> = g
                .centres
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let v = c.counts.get(p).copied().unwrap_or(0);
                    (
                        round1(x(i)),
                        round1(y(v as f64)),
                        tr_args(
                            "chart-centres-tip",
                            &[
                                ("power", super::language::side_name("deluge", p).into()),
                                ("n", v.to_string().into()),
                                ("year", c.year.to_string().into()),
                            ],
                        ),
                    )
                })
                .collect();
            Series {
                label: super::language::side_name("deluge", p),
                colour: power_css(p),
                points: pts
                    .iter()
                    .map(|(a, b, _)| format!("{a},{b}"))
                    .collect::<Vec<_>>()
                    .join(" "),
                last: g
                    .centres
                    .last()
                    .and_then(|c| c.counts.get(p))
                    .map(|v| v.to_string())
                    .unwrap_or_default(),
                dots: pts,
            }
        })
        .collect();
    let x_ticks = years
        .iter()
        .enumerate()
        .map(|(i, yv)| (round1(x(i)), yv.to_string()))
        .collect();
    let mut y_ticks = Vec::new();
    let mut v = 0.0;
    while v <= top_v + 0.1 {
        y_ticks.push((round1(y(v)), format!("{v}")));
        v += step;
    }
    Some(Chart {
        width,
        height,
        series,
        x_ticks,
        y_ticks,
        left,
        bottom,
        right,
        top,
    })
}
