//! The end of a Deluge body's reading: comments attached to their orders and phases, the replay,
//! the players, and the outcome (the replay's, or the record's result line where it gives none).

use super::game::DelugeGame;
use super::map;
use super::notation;
use super::read::{Anchor, Reader};
use super::replay;
use crate::model::{Outcome, Parsed, Seat};

impl Reader<'_, '_> {
    /// The game read, replayed, with its players, outcome and diagnostics.
    pub(super) fn finish(mut self) -> Parsed<DelugeGame> {
        let phase_comments = self.attach_comments();
        replay::replay(&mut self.game, &self.phases, &self.setup, &mut self.sink);
        for (i, text) in phase_comments {
            if let Some(p) = self.game.phases.get_mut(i) {
                join(&mut p.comment, text);
            }
        }
        let players = self.players();
        let outcome = self.outcome();
        Parsed {
            game: self.game,
            players,
            outcome,
            title: None,
            diagnostics: self.sink.items,
        }
    }

    /// Each comment to the last anchor that starts before it: an order's, the intro, or (returned,
    /// attached after the replay makes the phases) a phase's.
    fn attach_comments(&mut self) -> Vec<(usize, String)> {
        // Comments: to the last anchor that starts before the comment.
        self.comments.sort_by_key(|c| (c.line, c.col));
        let mut phase_comments: Vec<(usize, String)> = Vec::new();
        for c in &self.comments {
            let target = self
                .anchors
                .iter()
                .rev()
                .find(|(l, col, _)| (*l, *col) < (c.line, c.col))
                .map(|(_, _, a)| *a);
            let text = c.text.clone();
            if text.is_empty() {
                continue;
            }
            match target {
                Some(Anchor::Order(i)) => {
                    if let Some(o) = self.game.orders.get_mut(i) {
                        join(&mut o.comment, text);
                    }
                }
                Some(Anchor::Phase(i)) => phase_comments.push((i, text)),
                None => self.game.intro.push(text),
            }
        }
        phase_comments
    }

    /// The players: each power's tag, else a header line naming its player.
    fn players(&self) -> Vec<Seat> {
        map::POWERS
            .iter()
            .filter_map(|p| {
                let name = self.ctx.tag(p).map(str::to_string).or_else(|| {
                    self.body_players
                        .iter()
                        .find(|(q, _)| q == p)
                        .map(|(_, n)| n.clone())
                })?;
                Some(Seat {
                    seat: p.to_string(),
                    name: Some(name),
                    color: None,
                })
            })
            .collect()
    }

    /// The outcome: the replay's (a survivor, survivors, none), else the record's result line's;
    /// a record whose result line disagrees with the replay is warned of.
    fn outcome(&mut self) -> Option<Outcome> {
        let outcome = match (&self.game.winner, &self.game.survivors) {
            (Some(w), _) => Some(Outcome {
                winners: vec![w.clone()],
                draw: Vec::new(),
                summary: format!("{w} survives"),
            }),
            (None, Some(s)) if s.is_empty() => Some(Outcome {
                winners: Vec::new(),
                draw: Vec::new(),
                summary: "no survivor".to_string(),
            }),
            (None, Some(s)) => Some(Outcome {
                winners: Vec::new(),
                draw: s.clone(),
                summary: format!("{} survive", s.join(", ")),
            }),
            _ => None,
        };
        match (outcome, self.record_result.take()) {
            (o, None) => o,
            (None, Some((r, _, _))) => Some(record_outcome(&r)),
            (Some(o), Some((r, lno, col))) => {
                let rec = record_outcome(&r);
                if (&rec.winners, &rec.draw) != (&o.winners, &o.draw) {
                    self.sink.warning(
                        "deluge.result-disagrees",
                        lno,
                        col,
                        format!(
                            "the record gives {}, the replay {}; the replay is kept",
                            rec.summary, o.summary
                        ),
                    );
                }
                Some(o)
            }
        }
    }
}

/// The outcome a record's result line gives (when the replay gives none).
fn record_outcome(r: &notation::ResultLine) -> Outcome {
    let names: Vec<String> = r.powers.iter().map(|p| p.to_string()).collect();
    if r.draw {
        Outcome {
            winners: Vec::new(),
            summary: format!("a draw of {} (the record's result)", names.join(", ")),
            draw: names,
        }
    } else {
        Outcome {
            summary: format!("{} wins (the record's result)", names.join(", ")),
            winners: names,
            draw: Vec::new(),
        }
    }
}

fn join(slot: &mut Option<String>, text: String) {
    match slot {
        Some(s) => {
            s.push(' ');
            s.push_str(&text);
        }
        None => *slot = Some(text),
    }
}
