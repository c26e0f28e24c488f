//! The game's finish: comments, titles, consistency, players and the outcome.

use super::code;
use super::game::{Move, MoveEvent, SanguoGame, TitleEvent};
use super::geometry::{self, Side};
use super::state::State;
use super::title;
use crate::model::{Outcome, Parsed, Seat};

fn summary(winners: &[String], draw: &[String]) -> Option<Outcome> {
    if !winners.is_empty() {
        return Some(Outcome {
            winners: winners.to_vec(),
            draw: draw.to_vec(),
            summary: format!("{}胜", winners.concat()),
        });
    }
    if draw.is_empty() {
        return None;
    }
    let summary = if draw.len() >= 3 {
        "和棋".to_string()
    } else {
        format!("{}和", draw.concat())
    };
    Some(Outcome {
        winners: Vec::new(),
        draw: draw.to_vec(),
        summary,
    })
}

fn in_turn_order(mut v: Vec<String>) -> Vec<String> {
    v.sort_by_key(|s| Side::from_name(s).map_or(9, |s| s as u8));
    v.dedup();
    v
}

/// Did some move make this event (by `by`, the mover unless the event names another)?
fn moves_have(moves: &[Move], by: &str, f: impl Fn(&MoveEvent) -> bool) -> bool {
    moves.iter().any(|m| {
        m.events.iter().any(|e| {
            let who = match e {
                MoveEvent::Eliminate { by: Some(b), .. } | MoveEvent::Annex { by: Some(b), .. } => {
                    b.as_str()
                }
                _ => &*m.side,
            };
            who == by && f(e)
        })
    })
}

/// The game once every line is read: comments, titles, consistency, players and the outcome.
pub(super) fn finish(mut st: State<'_>, comments: Vec<crate::text::Comment>) -> Parsed<SanguoGame> {
    st.report_not_replayed();
    st.attach_comments(&comments);
    st.settle_losses();
    st.read_titles();
    let warn_title = st.title_warnings();
    let warn_status = st.status_warnings();
    let title_line = st.body_title.as_ref().map_or(st.ctx.first_line, |t| t.1);
    for w in warn_title {
        st.sink.warning(code::TITLE_MISMATCH, title_line, 1, w);
    }
    let status_line = st.status_line.unwrap_or(st.ctx.first_line);
    for w in warn_status {
        st.sink.warning(code::STATUS_MISMATCH, status_line, 1, w);
    }
    let players = st.players();
    let mut outcome = st.outcome();
    st.result_tag(&mut outcome);
    let title = st.body_title.map(|t| t.0);
    Parsed {
        game: st.game,
        players,
        outcome,
        title,
        diagnostics: st.sink.items,
    }
}

impl State<'_> {
    /// The info on the moves read but not replayed after an error.
    fn report_not_replayed(&mut self) {
        if let Some((ln, col)) = self.first_not_replayed {
            self.sink.info(
                code::NOT_REPLAYED,
                ln,
                col,
                format!(
                    "{} later move(s) were read but not replayed after the error",
                    self.not_replayed
                ),
            );
        }
    }

    /// `{…}` comments, each to the move before it.
    fn attach_comments(&mut self, comments: &[crate::text::Comment]) {
        for c in comments {
            if !c.closed {
                self.sink
                    .push(crate::text::unclosed_comment(c, self.ctx.first_line));
            }
            if c.text.is_empty() {
                continue;
            }
            let k = self
                .move_at
                .partition_point(|&(l, col)| (l, col) < (c.line, c.col));
            if let Some(m) = k.checked_sub(1).and_then(|k| self.game.moves.get_mut(k)) {
                match &mut m.comment {
                    Some(t) => {
                        t.push(' ');
                        t.push_str(&c.text);
                    }
                    None => m.comment = Some(c.text.clone()),
                }
            }
        }
    }

    /// A bare loss in the status line (`吴负`): 灭国 when the moves eliminate the side.
    fn settle_losses(&mut self) {
        if self.status_loss != 0 {
            for s in Side::PLAYERS {
                let eliminated = self.game.moves.iter().any(|m| {
                    m.events
                        .iter()
                        .any(|e| matches!(e, MoveEvent::Eliminate { side, .. } if side == s.name()))
                });
                if self.status_loss >> s as u8 & 1 == 1
                    && eliminated
                    && let Some(v) = self.game.status.get_mut(s.name())
                {
                    *v = "灭国".to_string();
                }
            }
        }
    }

    /// The title's events: the `Title` tag wins over the body line.
    fn read_titles(&mut self) {
        let ctx = self.ctx;
        let tag_title = ctx.tag("Title").map(str::trim).filter(|t| !t.is_empty());
        let mut events = Vec::new();
        if let Some(t) = tag_title {
            let (read, loose, pinyin) = title::read_title_sides(t);
            let mut written = title::clean_title(t);
            if let Some(p) = pinyin {
                let read_as = title::clean_title(&p);
                self.pinyin_read(ctx.first_line, 1, t, &read_as);
                written = read_as;
            }
            match read {
                Ok(ev) => {
                    if loose {
                        self.title_form(ctx.first_line, 1, &written);
                    }
                    events = ev;
                }
                Err(bad) => self.sink.warning(
                    code::TITLE,
                    ctx.first_line,
                    1,
                    format!("Title tag part {bad:?} cannot be read"),
                ),
            }
            self.game.title = Some(written);
            if let Some((body, ln)) = &self.body_title
                && let (Ok(bev), _) = title::read_title(body)
                && !events.is_empty()
                && bev != events
            {
                self.sink.warning(
                    code::TITLE_MISMATCH,
                    *ln,
                    1,
                    "the title line and the Title tag disagree; the tag is used",
                );
            }
        } else if let Some((body, _)) = &self.body_title {
            events = title::read_title(body).0.unwrap_or_default();
            self.game.title = Some(body.clone());
        }
        self.game.title_events = events;
    }

    /// What the title says that the moves and status do not, and the moves' events it leaves out:
    /// checked only when every move was replayed.
    fn title_warnings(&self) -> Vec<String> {
        let complete = self.replaying;
        let moves = &self.game.moves;
        let mut warn_title = Vec::new();
        if complete && !self.game.title_events.is_empty() {
            for e in &self.game.title_events {
                let ok = match e {
                    TitleEvent::Alliance { by, with } => moves_have(
                        moves,
                        by,
                        |e| matches!(e, MoveEvent::Alliance { with: w } if w == with),
                    ),
                    TitleEvent::KillHan { by } => {
                        moves_have(moves, by, |e| matches!(e, MoveEvent::KillHan))
                    }
                    TitleEvent::Eliminate { by, sides } => sides.iter().all(|s| {
                        moves_have(
                            moves,
                            by,
                            |e| matches!(e, MoveEvent::Eliminate { side, .. } if side == s),
                        )
                    }),
                    TitleEvent::Stalemate { by, side } => moves_have(
                        moves,
                        by,
                        |e| matches!(e, MoveEvent::Eliminate { side: s, how, .. } if s == side && how == "stalemate"),
                    ),
                    TitleEvent::Win { side } => {
                        self.game.status.get(side).is_none_or(|v| v == "胜利")
                    }
                    TitleEvent::Draw { sides } => sides
                        .iter()
                        .all(|s| self.game.status.get(s).is_none_or(|v| v == "强制判和")),
                };
                if !ok {
                    warn_title.push(format!(
                        "the title says {} but the record does not",
                        describe(e)
                    ));
                }
            }
            // Events of the moves that the title leaves out.
            for m in moves {
                for e in &m.events {
                    let covered = match e {
                        MoveEvent::KillHan => {
                            self.game.title_events.iter().any(|t| matches!(t, TitleEvent::KillHan { by } if *by == m.side))
                        }
                        MoveEvent::Alliance { with } => self
                            .game
                            .title_events
                            .iter()
                            .any(|t| matches!(t, TitleEvent::Alliance { by, with: w } if *by == m.side && w == with)),
                        MoveEvent::Eliminate { side, .. } => self.game.title_events.iter().any(|t| match t {
                            TitleEvent::Eliminate { sides, .. } => sides.contains(side),
                            TitleEvent::Stalemate { side: s, .. } => s == side,
                            _ => false,
                        }),
                        _ => true,
                    };
                    if !covered {
                        warn_title.push(format!(
                            "move {} ({}) is not in the title",
                            m.ply, m.notation
                        ));
                    }
                }
            }
        }
        warn_title
    }

    /// Where the status line disagrees with the moves. An elimination or a general taken in the
    /// moves replayed stands whatever comes after them: checked also when the replay stopped.
    fn status_warnings(&self) -> Vec<String> {
        let complete = self.replaying;
        let moves = &self.game.moves;
        let mut warn_status = Vec::new();
        if !self.game.status.is_empty() {
            for s in Side::PLAYERS {
                let eliminated = moves.iter().any(|m| {
                    m.events
                        .iter()
                        .any(|e| matches!(e, MoveEvent::Eliminate { side, .. } if side == s.name()))
                });
                match self.game.status.get(s.name()).map(String::as_str) {
                    Some("灭国") if complete && !eliminated => warn_status.push(format!(
                        "the status says {} 灭国 but no move eliminates it",
                        s.name()
                    )),
                    Some(v) if eliminated && v != "灭国" => warn_status.push(format!(
                        "{} was eliminated but the status says {v}",
                        s.name()
                    )),
                    Some(v @ ("胜利" | "强制判和")) => {
                        // its general taken by a move (no `#X` marked it): no side wins or draws
                        // without its general on the board
                        if let Some(m) = moves.iter().find(|m| {
                            m.capture.as_ref().is_some_and(|c| {
                                c.piece == geometry::Kind::General.name() && c.origin == s.name()
                            })
                        }) {
                            warn_status.push(format!(
                                "the status says {} {v} but its general was taken by move {} ({})",
                                s.name(),
                                m.ply,
                                m.notation
                            ));
                        }
                    }
                    _ => {}
                }
            }
        }
        warn_status
    }

    /// Each side's player: its tag, else a name the body gave.
    fn players(&self) -> Vec<Seat> {
        let ctx = self.ctx;
        Side::PLAYERS
            .iter()
            .map(|s| {
                let name = ctx
                    .tag(s.name())
                    .or(if *s == Side::Wu { ctx.tag("吳") } else { None });
                Seat {
                    seat: s.name().to_string(),
                    name: name
                        .map(str::trim)
                        .filter(|n| !n.is_empty())
                        .map(str::to_string)
                        .or_else(|| self.body_players.get(*s as usize).and_then(Clone::clone)),
                    color: None,
                }
            })
            .collect()
    }

    /// The outcome from the status line, else from the title's events.
    fn outcome(&self) -> Option<Outcome> {
        let status_of = |v: &str| -> Vec<String> {
            Side::PLAYERS
                .iter()
                .filter(|s| self.game.status.get(s.name()).is_some_and(|x| x == v))
                .map(|s| s.name().to_string())
                .collect()
        };
        let mut outcome = summary(&status_of("胜利"), &status_of("强制判和"));
        if outcome.is_none() {
            let mut winners = Vec::new();
            let mut draw = Vec::new();
            for e in &self.game.title_events {
                match e {
                    TitleEvent::Win { side } => winners.push(side.clone()),
                    TitleEvent::Draw { sides } => draw.extend(sides.iter().cloned()),
                    _ => {}
                }
            }
            outcome = summary(&in_turn_order(winners), &in_turn_order(draw));
        }
        outcome
    }

    /// `[Result "魏胜"]`: read as a title's result; the outcome when the record gives none.
    fn result_tag(&mut self, outcome: &mut Option<Outcome>) {
        let ctx = self.ctx;
        if let Some(r) = ctx.tag("Result").map(str::trim).filter(|t| !t.is_empty()) {
            let (read, _, pinyin) = title::read_title_sides(r);
            if let Some(p) = pinyin {
                self.pinyin_read(ctx.first_line, 1, r, &p);
            }
            let read = match read {
                Ok(ev) => {
                    let (mut winners, mut draw) = (Vec::new(), Vec::new());
                    for e in ev {
                        match e {
                            TitleEvent::Win { side } => winners.push(side),
                            TitleEvent::Draw { sides } => draw.extend(sides),
                            _ => {}
                        }
                    }
                    summary(&in_turn_order(winners), &in_turn_order(draw))
                }
                Err(_) => None,
            };
            match (read, &*outcome) {
                (None, _) => self.sink.warning(
                    code::RESULT_TAG,
                    ctx.first_line,
                    1,
                    format!(
                        "the Result tag {r:?} names no winner or draw (X胜, XY和, 和棋); not read"
                    ),
                ),
                (Some(o), None) => {
                    self.sink.info(
                        code::RESULT_TAG,
                        ctx.first_line,
                        1,
                        format!("the Result tag {r:?} read as the outcome {}", o.summary),
                    );
                    *outcome = Some(o);
                }
                (Some(o), Some(have)) if o.winners != have.winners || o.draw != have.draw => {
                    self.sink.warning(
                        code::RESULT_TAG,
                        ctx.first_line,
                        1,
                        format!(
                            "the Result tag {r:?} says {} but the record {}; the record is kept",
                            o.summary, have.summary
                        ),
                    );
                }
                _ => {}
            }
        }
    }
}

fn describe(e: &TitleEvent) -> String {
    match e {
        TitleEvent::Alliance { by, with } => format!("{by}{with}盟"),
        TitleEvent::KillHan { by } => format!("{by}杀汉"),
        TitleEvent::Eliminate { by, sides } => format!("{by}灭{}", sides.concat()),
        TitleEvent::Stalemate { by, side } => format!("{by}困{side}"),
        TitleEvent::Win { side } => format!("{side}胜"),
        TitleEvent::Draw { sides } => format!("{}和", sides.concat()),
    }
}
