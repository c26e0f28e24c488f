//! The game's end: gains, final scores, players and colours, the outcome.

use super::headers::SEATS;
use super::prelude::DEFAULT_COLOURS;
use super::state::State;
use crate::hotw::code;
use crate::hotw::game::HotwGame;
use crate::model::{Outcome, Parsed, Seat};

impl State<'_> {
    pub(super) fn finish(mut self) -> Parsed<HotwGame> {
        let mut last = self.gains();
        self.final_scores(&mut last);
        let players = self.players();
        let outcome = self.outcome(&last);
        Parsed {
            game: self.game,
            players,
            outcome,
            title: self.title,
            diagnostics: self.sink.items,
        }
    }

    /// Each turn's gain from its seat's total before; a total lower than the one before is
    /// reported. Each seat's last total.
    #[inline]
    fn gains(&mut self) -> [Option<i64>; 6] {
        let mut last: [Option<i64>; 6] = [None; 6];
        for t in &mut self.game.turns {
            let Some(seat) = SEATS.iter().position(|s| *s == t.player) else {
                continue;
            };
            if let Some(s) = t.score {
                let prev = last[seat];
                if prev.is_some_and(|p| s < p) {
                    self.sink.warning(
                        code::SCORE_DECREASE,
                        t.line,
                        1,
                        format!(
                            "{}'s total {s} is below the previous {}",
                            t.player,
                            prev.unwrap_or(0)
                        ),
                    );
                }
                t.gain = Some(s - prev.unwrap_or(0));
                last[seat] = Some(s);
            }
        }
        last
    }

    /// The final scores read after the turns: reported where they differ from a seat's last
    /// total `last`, taken for it where it has none.
    #[inline]
    fn final_scores(&mut self, last: &mut [Option<i64>; 6]) {
        // final scores: the turns' totals are the record; a seat without one takes its final
        for &(seat, v, no, col) in &self.finals {
            let name = SEATS.get(seat).copied().unwrap_or("?");
            match last.get(seat).copied().flatten() {
                Some(total) if total != v => self.sink.warning(
                    code::FINAL_SCORE_DIFFERS,
                    no,
                    col,
                    format!(
                        "final score {name} {v} is not {name}'s last recorded total {total}; the total is kept"
                    ),
                ),
                Some(_) => {}
                None => {
                    if let Some(slot) = last.get_mut(seat) {
                        *slot = Some(v);
                    }
                }
            }
            self.game.final_scores.push(crate::hotw::game::FinalScore {
                player: name.to_string(),
                score: v,
                line: no,
            });
        }
    }

    /// The seats that played, their players and colours (the colours' source reported).
    #[inline]
    fn players(&mut self) -> Vec<Seat> {
        for (i, s) in SEATS.iter().enumerate() {
            if self.ctx.tag(s).is_some() {
                self.seen[i] = true;
            }
        }
        match self.colour_line {
            Some(no) => self.sink.info(code::COLOURS_READ, no, 1, "seat colours read from the colour line"),
            None if let Some(no) = self.colour_from_players => self.sink.info(
                code::COLOURS_READ,
                no,
                1,
                "seat colours read from the players' lines (chapter 1's order for a seat they give none)",
            ),
            None if self.seen.iter().any(|s| *s) => self.sink.info(
                code::COLOURS_DEFAULT,
                self.ctx.first_line,
                1,
                "no colour line; chapter 1's order assumed (A Red, B Yellow, C Green, D Deep, E Blue, F Purple)",
            ),
            None => {}
        }
        SEATS
            .iter()
            .enumerate()
            .filter(|(i, _)| self.seen[*i])
            .map(|(i, s)| Seat {
                seat: s.to_string(),
                name: self
                    .ctx
                    .tag(s)
                    .map(str::to_string)
                    .or_else(|| self.body_players[i].clone()),
                color: match self.colour_line {
                    Some(_) => self.colours.get(i).cloned().flatten(),
                    // (a colour a header line gave: `A: Ana (Red)`)
                    None => self
                        .colours
                        .get(i)
                        .cloned()
                        .flatten()
                        .or_else(|| DEFAULT_COLOURS.get(i).map(|c| c.to_string())),
                },
            })
            .collect()
    }

    /// The outcome: the highest totals `last`, checked against a winner line; the winner line
    /// alone when no total is recorded.
    #[inline]
    fn outcome(&mut self, last: &[Option<i64>; 6]) -> Option<Outcome> {
        let best = last.iter().flatten().max().copied();
        let outcome = best.map(|b| {
            let winners: Vec<String> = SEATS
                .iter()
                .zip(last.iter())
                .filter(|(_, v)| **v == Some(b))
                .map(|(s, _)| s.to_string())
                .collect();
            Outcome {
                summary: format!("{} {b}", winners.join("/")),
                winners,
                draw: Vec::new(),
            }
        });
        match (outcome, self.winner_line.take()) {
            (Some(o), Some((seats, no, col))) => {
                let named: Vec<String> = seats
                    .iter()
                    .map(|&s| SEATS.get(s).copied().unwrap_or("?").to_string())
                    .collect();
                let mut a = named.clone();
                let mut b = o.winners.clone();
                a.sort();
                b.sort();
                if a != b {
                    self.sink.warning(
                        code::RESULT_DISAGREES,
                        no,
                        col,
                        format!(
                            "the winner line names {} but the highest total is {}'s; the totals decide",
                            named.join("/"),
                            o.winners.join("/")
                        ),
                    );
                }
                Some(o)
            }
            (None, Some((seats, _, _))) => {
                let winners: Vec<String> = seats
                    .iter()
                    .map(|&s| SEATS.get(s).copied().unwrap_or("?").to_string())
                    .collect();
                Some(Outcome {
                    summary: format!("{} wins", winners.join("/")),
                    winners,
                    draw: Vec::new(),
                })
            }
            (o, None) => o,
        }
    }
}
