//! The page of one game: its players, moves or turns, board, charts, raw record with its
//! diagnostics, and the collections that hold it.

use std::collections::BTreeMap;

use annals_import::Body;
use askama::Template;
use askama_web::WebTemplate;
use axum::extract::{Path, RawQuery, State};

use super::moves_page::{MovesWindow, move_count};
use super::pages::PageResult;
use super::request::{Params, game_id};
use super::view::{self, Chart, DiagView, HotwEpoch, RawLine};
use crate::AppState;
use crate::error::Error;
use crate::store::reads::{self, GameRecord};
// The templates' text (`t`, `tn`…): askama calls it on `self`.
use super::language::Localize as _;
use super::language::{lang, side_name, tr, tr_args};
use crate::i18n::{self, names::Family};

pub struct PlayerView {
    pub player_id: Option<i64>,
    pub seat: String,
    pub name: String,
    pub color: String,
    pub css: &'static str,
    pub winner: bool,
    /// HotW: the seat's final total and the empires it held at the end.
    pub end: String,
}

pub struct MoveRow {
    pub href: String,
    pub current: bool,
    pub ply: u32,
    pub round: String,
    pub side: String,
    pub text: String,
    pub detail: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "game.html")]
pub struct GamePage {
    q: String,
    id: i64,
    kind: &'static str,
    kind_label: &'static str,
    title: String,
    result: String,
    tags: Vec<(String, String)>,
    players: Vec<PlayerView>,
    source: String,
    errors: usize,
    warnings: usize,
    infos: usize,
    epochs: Vec<HotwEpoch>,
    chart: Option<Chart>,
    checkpoints: usize,
    moves: Vec<MoveRow>,
    /// All the moves of the game; `moves` holds one page of them.
    moves_total: usize,
    moves_next: Option<String>,
    moves_prev: Option<String>,
    lines: Vec<RawLine>,
    file_diags: Vec<DiagView>,
    legend: Vec<(&'static str, &'static str)>,
    collections: Vec<(i64, String)>,
    board: Option<super::board::BoardView>,
    /// The board's position key, where positions are kept (links to the games reaching it).
    board_key: Option<String>,
    game_events: Vec<String>,
    /// Diplomacy: the units after each phase of the page of orders shown.
    phase_units: Vec<super::phase_units::PhaseUnits>,
    /// The reader may correct the record (an editor or admin of a club).
    can_edit: bool,
    /// The event page of the game's Event tag.
    event_id: Option<i64>,
    /// WEC: the board's piece and article codes with their names.
    wec_legend: Vec<(String, &'static str)>,
    /// "Add to collection", for a member who edits their club's collections.
    collect: super::collect_form::CollectForm,
}

/// The result as the page says it, in the reader's language: a HotW result names the winning
/// player beside the seat (`吳詠詩 (C) 177`, not `C 177`).
fn result_label(g: &reads::GameRecord) -> String {
    let r = g.result.clone().unwrap_or_default();
    let said = |r: &str| super::language::code_text::result_text(g.kind.as_str(), r);
    if g.kind != annals_import::Kind::Hotw {
        return said(&r);
    }
    let mut parts = r.splitn(2, ' ');
    let (Some(seat), rest) = (parts.next(), parts.next()) else {
        return said(&r);
    };
    match g.players.iter().find(|p| p.seat == seat) {
        Some(p) => match &p.name {
            Some(n) if rest == Some("wins") => said(&format!("{n} ({seat}) wins")),
            Some(n) => format!(
                "{n} ({seat}){}",
                rest.map(|x| format!(" {x}")).unwrap_or_default()
            ),
            None => said(&r),
        },
        None => said(&r),
    }
}

pub async fn game(
    State(st): State<AppState>,
    auth: super::session::Auth,
    Path(id): Path<String>,
    RawQuery(rq): RawQuery,
) -> PageResult<GamePage> {
    let id = game_id(&id)?;
    let params = Params::parse(rq.as_deref());
    let ply_param = params.usize("ply", usize::MAX, 0, usize::MAX)?;
    let viewer = auth.member.clone();
    let can_edit = auth.member.as_ref().is_some_and(|m| m.can_edit());
    let (g, collections, event_id, mine) = st
        .run(move |s| {
            s.db.with(|c| {
                if !crate::private_games::visible(c, id, viewer.as_ref())? {
                    return Ok((None, Vec::new(), None, Vec::new()));
                }
                let mine = crate::collection_items::editable(c, viewer.as_ref())?;
                let g = reads::get_game(c, id)?;
                let held = crate::collections::holding(c, id, viewer.as_ref())?;
                let event_id: Option<i64> = c
                    .query_row("SELECT event_id FROM games WHERE id = ?1", [id], |r| {
                        r.get(0)
                    })
                    .unwrap_or(None);
                Ok((g, held, event_id, mine))
            })
        })
        .await?;
    let g = g.ok_or_else(|| Error::NotFound(format!("There is no game {id}.")))?;
    let mut colours: BTreeMap<String, &'static str> = BTreeMap::new();
    let ends = super::hotw_results::ends_of(&g.body);
    let players: Vec<PlayerView> = g
        .players
        .iter()
        .map(|p| {
            let css = match (&g.body, p.color.as_deref()) {
                // 三国 sides in the colours the board draws them
                (Body::Sanguo(_), _) => {
                    super::board::sanguo_colour(&annals_import::text::simplify(&p.seat))
                }
                // Diplomacy powers in the colours of the centres chart
                (Body::Deluge(_), None) => view::power_css(&p.seat),
                (_, c) => view::colour_css(c),
            };
            colours.insert(p.seat.clone(), css);
            PlayerView {
                player_id: p.player_id,
                seat: p.seat.clone(),
                name: p.name.clone().unwrap_or_default(),
                color: p.color.clone().unwrap_or_default(),
                css,
                winner: g.winners.contains(&p.seat),
                end: super::hotw_results::seat_end(&p.seat, &ends),
            }
        })
        .collect();
    let (epochs, mut chart, checkpoints) = match &g.body {
        Body::Hotw(h) => (
            view::hotw_epochs(h, &colours),
            view::hotw_score_chart(h, &colours),
            h.checkpoints.len(),
        ),
        _ => (Vec::new(), None, 0),
    };
    let board = match &g.body {
        Body::Sanguo(s) => Some(super::board::sanguo_board(s, ply_param.min(s.moves.len()))),
        Body::Wec(w) => Some(super::board::wec_board(w, ply_param.min(w.turns.len()))),
        _ => None,
    };
    let board_key = board
        .as_ref()
        .and_then(|b| super::position_board::key_at(&g.body, b.ply));
    let (window, moves_total) = moves_window(
        &g.body,
        &params,
        board
            .as_ref()
            .map(|b| b.ply)
            .filter(|_| ply_param != usize::MAX),
    )?;
    let mut moves = move_rows(&g.body, window.range(moves_total));
    if let Some(b) = &board
        && b.ply > window.offset
        && let Some(m) = moves.get_mut(b.ply - 1 - window.offset)
    {
        m.current = true;
    }
    let page_link = |o: usize| format!("?moves_offset={o}&moves_limit={}#moves", window.limit);
    let moves_next = window.next(moves_total).map(page_link);
    let moves_prev = window.prev().map(page_link);
    let mut phase_units = Vec::new();
    if let Body::Deluge(d) = &g.body {
        chart = view::deluge_centre_chart(d);
        phase_units = super::phase_units::phase_units(d, window.range(moves_total));
    }
    let game_events = game_events(&g.body);
    let (lines, file_diags) = view::raw_lines(&g);
    let (errors, warnings, infos) = view::severity_counts(&g.diagnostics);
    Ok(GamePage {
        q: String::new(),
        id: g.id,
        kind: g.kind.as_str(),
        kind_label: match &g.body {
            // standard Diplomacy is stored as the Deluge kind, with its variant in the body
            Body::Deluge(d) if d.variant.as_deref() == Some("standard") => "Diplomacy",
            _ => g.kind.label(),
        },
        title: game_title(&g),
        result: super::hotw_results::page_result(result_label(&g), &g.winners, &ends),
        event_id,
        wec_legend: if matches!(g.body, Body::Wec(_)) {
            super::board::wec_legend()
        } else {
            Vec::new()
        },
        tags: g.tags.clone(),
        players,
        source: format!(
            "{}:{}",
            super::shown_path::shown_path(&g.source_file),
            g.source_line
        ),
        errors,
        warnings,
        infos,
        epochs,
        chart,
        checkpoints,
        moves,
        moves_total,
        moves_next,
        moves_prev,
        lines,
        file_diags,
        legend: view::BATTLE_TOKENS.to_vec(),
        collections,
        board,
        board_key,
        game_events,
        phase_units,
        can_edit,
        collect: super::collect_form::CollectForm::new(
            &auth,
            mine,
            &format!("/games/{id}"),
            rq.as_deref(),
        ),
    })
}

/// The page of moves to list: `moves_offset`/`moves_limit` when given, else the page holding
/// the board's ply when the request names one (`ply=`), else the first. Returns the window and the number of moves in all.
fn moves_window(
    body: &Body,
    params: &Params,
    ply: Option<usize>,
) -> Result<(MovesWindow, usize), Error> {
    let (offset, limit) = MovesWindow::from_params(params)?;
    let offset = offset.unwrap_or_else(|| match ply {
        Some(p) if p > 0 => (p - 1) / limit * limit,
        _ => 0,
    });
    Ok((MovesWindow { offset, limit }, move_count(body)))
}

/// The moves of a game as the page lists them (none for HotW, whose turns are shown by epoch).
fn move_rows(body: &Body, range: std::ops::Range<usize>) -> Vec<MoveRow> {
    let (skip, take) = (range.start, range.len());
    match body {
        Body::Sanguo(s) => s
            .moves
            .iter()
            .enumerate()
            .skip(skip)
            .take(take)
            .map(|(i, m)| MoveRow {
                href: format!("?ply={}#board", i + 1),
                current: false,
                ply: m.ply,
                round: m.round.to_string(),
                side: side_name("sanguo", m.side.as_ref()),
                text: m.notation.clone(),
                detail: sanguo_detail(m),
            })
            .collect(),
        Body::Wec(w) => w
            .turns
            .iter()
            .enumerate()
            .skip(skip)
            .take(take)
            .map(|(i, t)| MoveRow {
                href: format!("?ply={}#board", i + 1),
                current: false,
                ply: t.ply,
                round: String::new(),
                side: side_name("wec", t.color.as_ref()),
                text: t.notation.clone(),
                detail: annals_import::wec::describe(t).join("; "),
            })
            .collect(),
        Body::Deluge(d) => d
            .orders
            .iter()
            .enumerate()
            .skip(skip)
            .take(take)
            .map(|(i, o)| MoveRow {
                href: String::new(),
                current: false,
                ply: i as u32 + 1,
                round: o.phase.clone(),
                side: side_name("deluge", &o.power),
                text: super::orders::judges_form(o),
                detail: diplomacy_detail(o),
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// A 三国 move as the moves table describes it: the piece, its points, what it takes, named in the
/// reader's language.
fn sanguo_detail(m: &annals_import::sanguo::Move) -> String {
    let piece = |p: &str| i18n::names::name(lang(), Family::SanguoPiece, p);
    let side = |s: &str| i18n::names::name(lang(), Family::SanguoSide, s);
    let mut out = tr_args(
        "sanguo-move",
        &[
            ("piece", piece(m.piece.as_ref()).into()),
            ("from", format!("{},{}", m.from[0], m.from[1]).into()),
            ("to", format!("{},{}", m.to[0], m.to[1]).into()),
        ],
    );
    if let Some(c) = &m.capture {
        out.push_str(&tr_args(
            "sanguo-takes",
            &[
                ("side", side(c.side.as_ref()).into()),
                ("piece", piece(c.piece.as_ref()).into()),
            ],
        ));
    }
    out
}

/// What the record says besides its moves: HotW's final scores and closing lines, 三国's title
/// events and final status, Deluge's winters, WEC's winner.
fn game_events(body: &Body) -> Vec<String> {
    match body {
        Body::Hotw(h) => {
            // what the record says after its last turn (final scores, a winner line)
            let mut v = Vec::new();
            if !h.final_scores.is_empty() {
                v.push(format!(
                    "{} {}",
                    tr("hotw-final-scores"),
                    h.final_scores
                        .iter()
                        .map(|f| format!("{} {}", f.player, f.score))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            v.extend(
                h.closing
                    .iter()
                    .map(|c| format!("{} {c}", tr("hotw-closing-line"))),
            );
            v
        }
        Body::Sanguo(s) => sanguo_events(s),
        Body::Deluge(d) => {
            let mut v: Vec<String> = d
                .deluge
                .iter()
                .map(|y| {
                    let mut parts = Vec::new();
                    if !y.submerged.is_empty() {
                        parts.push(format!(
                            "{} {}",
                            tr("deluge-submerged"),
                            y.submerged.join(", ")
                        ));
                    }
                    if !y.new_centre_owners.is_empty() || !y.new_centres.is_empty() {
                        parts.push(format!(
                            "{} {}",
                            tr("deluge-new-centres"),
                            y.new_centres.join(", ")
                        ));
                    }
                    if !y.drowned.is_empty() {
                        parts.push(format!(
                            "{} {}",
                            tr("deluge-drowned"),
                            serde_json::to_value(&y.drowned)
                                .ok()
                                .and_then(|v| v.as_array().cloned())
                                .unwrap_or_default()
                                .iter()
                                .map(|u| u
                                    .as_object()
                                    .map(|o| o
                                        .values()
                                        .filter_map(|x| x.as_str())
                                        .collect::<Vec<_>>()
                                        .join(" "))
                                    .unwrap_or_default())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ));
                    }
                    if !y.position_known {
                        parts.push(tr("deluge-position-unknown"));
                    }
                    let what = if parts.is_empty() {
                        tr("deluge-no-change")
                    } else {
                        parts.join("; ")
                    };
                    tr_args(
                        "deluge-winter",
                        &[("year", y.year.to_string().into()), ("what", what.into())],
                    )
                })
                .collect();
            match (&d.winner, &d.survivors) {
                (Some(w), _) => v.push(tr_args(
                    "deluge-survivor",
                    &[("power", side_name("deluge", w).into())],
                )),
                (None, Some(s)) if !s.is_empty() => v.push(tr_args(
                    "deluge-survivors",
                    &[(
                        "powers",
                        s.iter()
                            .map(|p| side_name("deluge", p))
                            .collect::<Vec<_>>()
                            .join(&tr("list-join"))
                            .into(),
                    )],
                )),
                _ => {}
            }
            v
        }
        Body::Wec(w) => w
            .winner
            .iter()
            .map(|c| {
                tr_args(
                    "wec-event-win",
                    &[(
                        "colour",
                        side_name("wec", if c == "B" { "B" } else { "W" }).into(),
                    )],
                )
            })
            .collect(),
    }
}

/// 三国's title events and final status, named in the reader's language with the record's own
/// words beside them.
fn sanguo_events(s: &annals_import::sanguo::SanguoGame) -> Vec<String> {
    use annals_import::sanguo::TitleEvent as T;
    let mut v: Vec<String> = s
        .title_events
        .iter()
        .map(|e| {
            let n = |s: &str| i18n::names::name(lang(), Family::SanguoSide, s);
            let list = |v: &[String]| v.iter().map(|s| n(s)).collect::<Vec<_>>().join(", ");
            let (key, args, written) = match e {
                T::Alliance { by, with } => (
                    "sanguo-event-alliance",
                    vec![("by", n(by)), ("with", n(with))],
                    format!("{by}{with}盟"),
                ),
                T::KillHan { by } => (
                    "sanguo-event-kill-han",
                    vec![("by", n(by))],
                    format!("{by}杀汉"),
                ),
                T::Eliminate { by, sides } => (
                    "sanguo-event-eliminate",
                    vec![("by", n(by)), ("sides", list(sides))],
                    format!("{by}灭{}", sides.concat()),
                ),
                T::Stalemate { by, side } => (
                    "sanguo-event-stalemate",
                    vec![("by", n(by)), ("side", n(side))],
                    format!("{by}困{side}"),
                ),
                T::Win { side } => (
                    "sanguo-event-win",
                    vec![("side", n(side))],
                    format!("{side}胜"),
                ),
                T::Draw { sides } => (
                    "sanguo-event-draw",
                    vec![("sides", list(sides))],
                    "和".to_string(),
                ),
            };
            let args: Vec<(&str, i18n::Arg<'_>)> =
                args.into_iter().map(|(k, v)| (k, v.into())).collect();
            format!("{} ({written})", tr_args(key, &args))
        })
        .collect();
    if !s.status.is_empty() {
        v.push(format!(
            "{} {}",
            tr("sanguo-final-status"),
            s.status
                .iter()
                .map(|(k, x)| format!("{k} {x}"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    v
}

/// The game's title, or one made of its event and round.
pub(super) fn game_title(g: &GameRecord) -> String {
    g.title.clone().unwrap_or_else(|| {
        let tag = |n: &str| {
            annals_import::model::tag(&g.tags, n)
                .map(str::trim)
                .filter(|v| !v.is_empty())
        };
        match (tag("Event"), tag("Round")) {
            (Some(e), Some(r)) => tr_args(
                "title-event-round",
                &[("event", e.into()), ("round", r.into())],
            ),
            (Some(e), None) => tr_args(
                "title-event-game",
                &[("event", e.into()), ("id", g.id.to_string().into())],
            ),
            _ => tr_args("game-n", &[("id", g.id.to_string().into())]),
        }
    })
}

/// A Diplomacy order's result as the page shows it: the result, the reason the order failed, and
/// where a dislodged unit of a standard game may retreat.
fn diplomacy_detail(o: &annals_import::deluge::Order) -> String {
    use super::language::code_text::order_word;
    let mut d = order_word(o.result.as_deref().unwrap_or_default());
    if let Some(r) = &o.reason {
        d.push_str(&format!(" ({})", order_word(&r.replace('_', " "))));
    }
    if let Some(to) = &o.retreats {
        d.push_str("; ");
        if to.is_empty() {
            d.push_str(&tr("order-no-retreat"));
        } else {
            d.push_str(&tr_args(
                "order-may-retreat",
                &[("places", to.join(", ").into())],
            ));
        }
    }
    d
}
