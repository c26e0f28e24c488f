//! The transcription desk, `/desk`: a record typed or pasted, read as an import reads it and shown
//! beside the text (each line's diagnostics next to it, the board or a summary at a chosen move),
//! then saved as a new record or as the next version of a stored game. Plain forms work without
//! JavaScript; `desk.js` refreshes the preview as the text changes (`POST /desk/preview`, the same
//! view as a fragment).

use std::collections::{BTreeMap, HashMap};

use annals_import::{Body, Kind};
use askama::Template;
use askama_web::WebTemplate;
use axum::extract::{Form, RawQuery, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use rusqlite::OptionalExtension;

use super::board::BoardView;
use super::pages::PageResult;
use super::records::{correct_game, create_games, writer};
use super::request::{Params, id_of};
use super::session::Auth;
use super::view::{DiagView, severity_counts};
// The templates' text (`t`, `tn`…): askama calls it on `self`.
use super::language::Localize as _;
use super::language::{side_name, tr, tr_args, within};
use crate::AppState;
use crate::auth::Member;
use crate::error::{Error, Result};
use crate::i18n::Arg;
use crate::store::{draft, ingest, reads, versions};

/// One game of the text, as the preview shows it.
pub struct PreviewGame {
    pub kind_label: &'static str,
    pub title: String,
    pub line: i64,
    pub players: String,
    pub result: String,
    pub moves: usize,
    pub errors: usize,
    pub warnings: usize,
    /// The move shown (0: the start) and the last one.
    pub ply: usize,
    pub plies: usize,
    /// 三国 and WEC: the board after `ply` moves.
    pub board: Option<BoardView>,
    /// HotW and Deluge: what the game stands at after `ply` moves.
    pub summary: Vec<String>,
}

/// One line of the text with the diagnostics at it, and the worst of their severities (`""` when
/// it has none), which colours the line.
pub struct DeskLine {
    pub no: u32,
    pub text: String,
    pub diags: Vec<DiagView>,
    pub worst: &'static str,
}

/// The text read: its numbered lines with their diagnostics, and its games.
pub struct PreviewView {
    pub lines: Vec<DeskLine>,
    /// Diagnostics at no line of the text.
    pub loose: Vec<DiagView>,
    pub games: Vec<PreviewGame>,
    pub errors: usize,
    pub warnings: usize,
    pub infos: usize,
}

/// The view of `text` read as `d`, each game shown after `ply` moves (its end when `None`).
pub fn preview_view(d: &draft::Draft, text: &str, ply: Option<usize>) -> PreviewView {
    let all = d.diagnostics();
    let (errors, warnings, infos) = severity_counts(&all);
    let mut by_line: BTreeMap<u32, Vec<DiagView>> = BTreeMap::new();
    for x in &all {
        by_line.entry(x.line).or_default().push(DiagView::new(x));
    }
    let lines = text
        .lines()
        .enumerate()
        .map(|(i, t)| {
            let no = i as u32 + 1;
            let diags = by_line.remove(&no).unwrap_or_default();
            let worst = ["error", "warning", "info"]
                .into_iter()
                .find(|s| diags.iter().any(|d| d.severity == *s))
                .unwrap_or("");
            DeskLine {
                no,
                text: t.to_string(),
                diags,
                worst,
            }
        })
        .collect();
    PreviewView {
        lines,
        loose: by_line.into_values().flatten().collect(),
        games: d.games.iter().map(|g| preview_game(g, ply)).collect(),
        errors,
        warnings,
        infos,
    }
}

fn preview_game(g: &reads::GameRecord, ply: Option<usize>) -> PreviewGame {
    let plies = g.body.move_count();
    let ply = ply.unwrap_or(plies).min(plies);
    let (errors, warnings, _) = severity_counts(&g.diagnostics);
    let board = match &g.body {
        Body::Sanguo(s) => Some(super::board::sanguo_board(s, ply)),
        Body::Wec(w) => Some(super::board::wec_board(w, ply)),
        _ => None,
    };
    PreviewGame {
        kind_label: g.kind.label(),
        title: super::game::game_title(g),
        line: g.source_line,
        players: g
            .players
            .iter()
            .map(|p| match &p.name {
                Some(n) => format!("{} {n}", p.seat),
                None => p.seat.clone(),
            })
            .collect::<Vec<_>>()
            .join(", "),
        result: super::language::code_text::result_text(
            g.kind.as_str(),
            g.result.as_deref().unwrap_or_default(),
        ),
        moves: plies,
        errors,
        warnings,
        ply,
        plies,
        board,
        summary: summary_at(&g.body, ply),
    }
}

/// What a HotW or Deluge game stands at after `ply` turns or orders.
fn summary_at(body: &Body, ply: usize) -> Vec<String> {
    match body {
        Body::Hotw(h) => {
            let done = &h.turns[..ply.min(h.turns.len())];
            let mut scores: BTreeMap<&str, i64> = BTreeMap::new();
            for t in done {
                if let Some(s) = t.score {
                    scores.insert(&t.player, s);
                }
            }
            let mut v = Vec::new();
            if let Some(t) = done.last() {
                let mut args: Vec<(&str, Arg<'_>)> = vec![
                    ("ply", ply.to_string().into()),
                    ("total", h.turns.len().to_string().into()),
                    ("epoch", t.epoch.to_string().into()),
                    ("player", t.player.to_string().into()),
                    ("empire", t.empire.to_string().into()),
                ];
                let key = match t.score {
                    Some(s) => {
                        args.push(("score", s.to_string().into()));
                        "desk-turn-score"
                    }
                    None => "desk-turn",
                };
                v.push(tr_args(key, &args));
            } else {
                v.push(tr_args(
                    "desk-before-turns",
                    &[("total", h.turns.len().to_string().into())],
                ));
            }
            if !scores.is_empty() {
                v.push(tr_args(
                    "desk-scores",
                    &[(
                        "scores",
                        scores
                            .iter()
                            .map(|(p, s)| format!("{p} {s}"))
                            .collect::<Vec<_>>()
                            .join(", ")
                            .into(),
                    )],
                ));
            }
            v
        }
        Body::Deluge(d) => {
            let done = &d.orders[..ply.min(d.orders.len())];
            let mut v = Vec::new();
            match done.last() {
                Some(o) => {
                    let order = format!(
                        "{} {} {} {}{}",
                        side_name("deluge", &o.power),
                        o.unit.as_deref().unwrap_or(""),
                        o.at.as_deref().unwrap_or(""),
                        o.kind,
                        o.to.as_ref().map(|t| format!(" {t}")).unwrap_or_default()
                    );
                    v.push(tr_args(
                        "desk-order",
                        &[
                            ("ply", ply.to_string().into()),
                            ("total", d.orders.len().to_string().into()),
                            ("phase", o.phase.as_str().into()),
                            ("order", order.into()),
                        ],
                    ));
                    if let Some(r) = &o.result {
                        v.push(tr_args(
                            "desk-order-result",
                            &[("result", r.as_str().into())],
                        ));
                    }
                    if let Some(c) = d.centres.iter().rev().find(|c| c.year < o.year) {
                        let counts = c
                            .counts
                            .iter()
                            .map(|(p, n)| format!("{} {n}", side_name("deluge", p)))
                            .collect::<Vec<_>>()
                            .join(", ");
                        v.push(tr_args(
                            "desk-centres",
                            &[
                                ("year", c.year.to_string().into()),
                                ("counts", counts.into()),
                            ],
                        ));
                    }
                }
                None => v.push(tr_args(
                    "desk-before-orders",
                    &[("total", d.orders.len().to_string().into())],
                )),
            }
            v
        }
        _ => Vec::new(),
    }
}

/// The kinds offered (`""`: as the text's tags say).
fn kinds() -> Vec<(&'static str, &'static str)> {
    let mut v = vec![("", "Detect from the text")];
    v.extend(Kind::ALL.iter().map(|k| (k.as_str(), k.label())));
    v
}

#[derive(Template, WebTemplate)]
#[template(path = "desk.html")]
pub struct DeskPage {
    q: String,
    me: Option<Member>,
    can_save: bool,
    csrf: String,
    /// The stored game being corrected, and its current version.
    game: Option<i64>,
    version: i64,
    text: String,
    kind: String,
    kinds: Vec<(&'static str, &'static str)>,
    ply: String,
    note: String,
    error: Option<String>,
    preview: Option<PreviewView>,
}

/// The preview alone, for `desk.js`.
#[derive(Template, WebTemplate)]
#[template(path = "desk_preview.html")]
pub struct DeskPreview {
    preview: Option<PreviewView>,
}

/// What the desk's form sends.
struct DeskForm {
    text: String,
    kind: Option<Kind>,
    ply: Option<usize>,
    game: Option<i64>,
    note: String,
}

impl DeskForm {
    fn read(f: &HashMap<String, String>) -> Result<DeskForm> {
        let get = |k: &str| f.get(k).map(String::as_str).unwrap_or("");
        let kind = match get("kind").trim() {
            "" => None,
            k => Some(Kind::from_name(k).ok_or_else(|| {
                Error::BadRequest(format!("unknown kind '{k}' (hotw, sanguo, wec or deluge)"))
            })?),
        };
        let ply = match get("ply").trim() {
            "" => None,
            p => Some(p.parse::<usize>().map_err(|_| {
                Error::BadRequest(format!("the move is a whole number, not '{p}'"))
            })?),
        };
        let game = match get("game").trim() {
            "" => None,
            g => Some(id_of(g, "a game id")?),
        };
        Ok(DeskForm {
            // A browser sends a text box's lines ended by CR LF whatever was typed or pasted.
            text: get("text").replace("\r\n", "\n"),
            kind,
            ply,
            game,
            note: get("note").trim().to_string(),
        })
    }

    fn preview(&self) -> Option<PreviewView> {
        if self.text.trim().is_empty() {
            return None;
        }
        let d = draft::read(
            "desk",
            self.text.as_bytes(),
            &ingest::Options {
                kind: self.kind,
                ..Default::default()
            },
        );
        Some(preview_view(&d, &self.text, self.ply))
    }

    fn page(self, auth: &Auth, version: i64, error: Option<String>) -> DeskPage {
        let preview = self.preview();
        DeskPage {
            q: String::new(),
            me: auth.member.clone(),
            can_save: auth.member.as_ref().is_some_and(Member::can_edit) && auth.csrf.is_some(),
            csrf: auth.csrf.clone().unwrap_or_default(),
            game: self.game,
            version,
            text: self.text,
            kind: self
                .kind
                .map(|k| k.as_str().to_string())
                .unwrap_or_default(),
            kinds: kinds(),
            ply: self.ply.map(|p| p.to_string()).unwrap_or_default(),
            note: self.note,
            error,
            preview,
        }
    }
}

/// `GET /desk?game=&kind=`: the desk, empty or holding a stored game's current text.
pub async fn page(
    State(st): State<AppState>,
    auth: Auth,
    RawQuery(q): RawQuery,
) -> PageResult<DeskPage> {
    let p = Params::parse(q.as_deref());
    let kind = p.kind()?;
    let game = match p.str("game") {
        Some(g) => Some(id_of(g, "a game id")?),
        None => None,
    };
    let (text, version, kind) = match game {
        Some(id) => {
            let viewer = auth.member.clone();
            let found = st
                .run(move |s| {
                    s.db.with(|c| {
                        if !crate::private_games::visible(c, id, viewer.as_ref())? {
                            return Ok(None);
                        }
                        let kind: Option<String> = c
                            .query_row("SELECT kind FROM games WHERE id = ?1", [id], |r| r.get(0))
                            .optional()?;
                        Ok(versions::current(c, id)?.map(|(v, t)| (t, v, kind)))
                    })
                })
                .await?;
            let (t, v, k) =
                found.ok_or_else(|| Error::NotFound(format!("There is no game {id}.")))?;
            (t, v, kind.or(k.as_deref().and_then(Kind::from_name)))
        }
        None => (String::new(), 0, kind),
    };
    let form = DeskForm {
        text,
        kind,
        ply: None,
        game,
        note: String::new(),
    };
    let lang = super::language::lang();
    Ok(st
        .run(move |_| Ok(within(lang, || form.page(&auth, version, None))))
        .await?)
}

/// `POST /desk`: Preview shows the text read; Save (a signed-in editor, with the form's CSRF
/// token) stores it and opens the game.
pub async fn post(
    State(st): State<AppState>,
    auth: Auth,
    Form(f): Form<HashMap<String, String>>,
) -> PageResult<Response> {
    let form = DeskForm::read(&f)?;
    if f.get("action").map(String::as_str) != Some("save") {
        let version = f.get("version").and_then(|v| v.parse().ok()).unwrap_or(0);
        let lang = super::language::lang();
        let page = st
            .run(move |_| Ok(within(lang, || form.page(&auth, version, None))))
            .await?;
        return Ok(page.into_response());
    }
    let m = auth.check_csrf(f.get("csrf").map(String::as_str))?.clone();
    writer(&auth)?;
    if form.text.trim().is_empty() {
        return Err(Error::BadRequest("the text is empty: type or paste a record".into()).into());
    }
    let (text, kind, game, note) = (form.text.clone(), form.kind, form.game, form.note.clone());
    let saved = st
        .run(move |s| -> Result<Option<i64>> {
            match game {
                Some(id) => {
                    correct_game(s, &m, id, text.as_bytes(), kind, &note).map(|c| Some(c.id))
                }
                None => {
                    let v = create_games(s, &m, "desk", text.as_bytes(), kind)?;
                    Ok(v["games"]
                        .as_array()
                        .and_then(|g| g.iter().find_map(|g| g["id"].as_i64())))
                }
            }
        })
        .await;
    match saved {
        Ok(Some(id)) => Ok(Redirect::to(&format!("/games/{id}")).into_response()),
        Ok(None) => Ok(error_page(st, auth, form, tr("desk-nothing-stored")).await?),
        Err(e @ Error::BadRequest(_)) => {
            Ok(error_page(st, auth, form, super::messages::localize(&e.to_string())).await?)
        }
        Err(e) => Err(e.into()),
    }
}

/// The desk again with the text and why it was not saved.
async fn error_page(st: AppState, auth: Auth, form: DeskForm, error: String) -> Result<Response> {
    let lang = super::language::lang();
    let page = st
        .run(move |_| Ok(within(lang, || form.page(&auth, 0, Some(error)))))
        .await?;
    Ok((StatusCode::BAD_REQUEST, page).into_response())
}

/// `POST /desk/preview`: the preview of the form's text alone (what `desk.js` puts on the page).
pub async fn fragment(
    State(st): State<AppState>,
    Form(f): Form<HashMap<String, String>>,
) -> PageResult<DeskPreview> {
    let form = DeskForm::read(&f)?;
    let lang = super::language::lang();
    Ok(st
        .run(move |_| {
            Ok(DeskPreview {
                preview: within(lang, || form.preview()),
            })
        })
        .await?)
}
