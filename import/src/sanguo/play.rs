//! Playing a round's entries: which side each entry goes to, 轮空 and round types.

use super::chars::is_space;
use super::code;
use super::game::{MoveEvent, RoundType};
use super::geometry::Side;
use super::notation;
use super::state::{Entry, State, next_live};

impl State<'_> {
    pub(super) fn play_round(&mut self, li: usize, chars: &[char], round: u32, entries: &[Entry]) {
        let ln = self.line_no(li);
        let n = entries
            .iter()
            .filter(|e| !matches!(e, Entry::Stalemate(..)))
            .count();
        // Three entries are the 吴, 魏, 蜀 slots; fewer go to the sides still in the game, in turn
        // order, decided entry by entry (a side eliminated during the round loses its slot).
        let fixed = n >= 3 && self.first_slot == 0;
        let mut next_side = self.first_slot;
        let opening = self.game.moves.is_empty() && self.game.rounds == 1;
        let mut skipped = [false; 3];
        let mut slot = 0usize;
        let mut spaced = std::mem::take(&mut self.spaced_buf);
        // (the labels are in entry order: a running index finds each entry's first one)
        let mut next_label = 0usize;
        for (j, e) in entries.iter().enumerate() {
            let label = self.entry_label(j, &mut next_label);
            let side = if fixed || matches!(e, Entry::Stalemate(..)) {
                Side::PLAYERS.get(slot).copied()
            } else {
                let live = |i: &usize| {
                    Side::PLAYERS
                        .get(*i)
                        .is_some_and(|&s| self.board.is_live(s))
                };
                let mut k = (next_side..3).find(live).or_else(|| (next_side..3).next());
                // a label naming a later side of the round: the sides between have no entry
                if let Some((sd, _)) = label
                    && (sd as usize) > k.unwrap_or(3)
                    && self.board.is_live(sd)
                {
                    k = Some(sd as usize);
                }
                next_side = k.map_or(3, |k| k + 1);
                k.and_then(|k| Side::PLAYERS.get(k).copied())
            };
            if let Some((sd, col)) = label
                && !self.side_label(ln, col, sd, side)
            {
                self.stop(ln, col);
                slot += 1;
                continue;
            }
            match *e {
                Entry::Stalemate(a, b) => {
                    let st = notation::stalemate_sides(chars.get(a..b).unwrap_or(&[]));
                    self.stalemate(li, a, st);
                    continue;
                }
                _ if side.is_none() => {
                    let col = match *e {
                        Entry::Move(a, _)
                        | Entry::Spaced(a, _)
                        | Entry::Placeholder(a)
                        | Entry::Skip(a)
                        | Entry::Stalemate(a, _) => a,
                    };
                    self.sink.error(
                        code::ROUND_SLOTS,
                        ln,
                        col as u32 + 1,
                        "more than three entries in a round",
                    );
                    self.stop(ln, col);
                }
                Entry::Placeholder(_) if opening => {}
                Entry::Placeholder(_) | Entry::Skip(_) => {
                    if let Some(s) = side.filter(|&s| self.board.is_live(s)) {
                        if let Some(k) = skipped.get_mut(s as usize) {
                            *k = true;
                        }
                        self.skip_check(s);
                    }
                }
                Entry::Move(a, b) | Entry::Spaced(a, b) => {
                    if let Some(s) = side {
                        let mut text = chars.get(a..b).unwrap_or(&[]);
                        if matches!(e, Entry::Spaced(..)) {
                            // read without its white space (diagnostic columns count from its
                            // start)
                            spaced.clear();
                            spaced.extend(text.iter().copied().filter(|&c| !is_space(c)));
                            text = &spaced;
                        }
                        self.one_move(li, text, round, s as u8, s, a);
                    }
                }
            }
            slot += 1;
        }
        self.spaced_buf = spaced;
        // sides still in the game left without an entry: a line without a number may go on
        if !fixed {
            self.open_round = self.left_open(round, next_side);
        } else if self.open_round.is_some() {
            self.open_round = None;
        }
        if skipped.iter().any(|&k| k) {
            let has = |s: Side| skipped.get(s as usize).copied().unwrap_or(false);
            let kind = match (has(Side::Wu), has(Side::Wei), has(Side::Shu)) {
                (false, true, false) => "空心",
                (false, false, true) => "去尾",
                (true, false, false) => "掐头",
                (true, false, true) => "掐头去尾",
                _ => "轮空",
            };
            self.game.round_types.push(RoundType {
                round,
                kind: kind.to_string(),
                skipped: Side::PLAYERS
                    .iter()
                    .filter(|&&s| has(s))
                    .map(|s| s.name().to_string())
                    .collect(),
            });
        }
    }

    /// A round of fewer than three entries (maybe none) that gave no entry to the sides from
    /// `next_side` on: when one of them is still in the game, a line without a number may go on with it.
    #[cold]
    #[inline(never)]
    fn left_open(&self, round: u32, next_side: usize) -> Option<(u32, usize)> {
        let live =
            (next_side..3).any(|i| Side::PLAYERS.get(i).is_some_and(|&s| self.board.is_live(s)));
        // (no entry at all: a heading `第1回合` with the round's moves on the lines after it)
        live.then_some((round, next_side))
    }

    /// The first side label of entry `j` (its side, its column), `at` the index of the first
    /// label not of an entry before `j` (the labels are pushed in entry order).
    #[inline]
    fn entry_label(&self, j: usize, at: &mut usize) -> Option<(Side, usize)> {
        while self.label_buf.get(*at).is_some_and(|l| l.0 < j) {
            *at += 1;
            crate::work::examined(1);
        }
        self.label_buf
            .get(*at)
            .filter(|l| l.0 == j)
            .map(|&(_, sd, col)| (sd, col))
    }

    /// An entry labelled with side `label` (at `col`) that the round gives to `side`: reported
    /// once per game when they agree. When they do not, which side moved is not known: an error,
    /// the move is not played (false) and the replay stops.
    #[cold]
    #[inline(never)]
    pub(super) fn side_label(
        &mut self,
        ln: u32,
        col: usize,
        label: Side,
        side: Option<Side>,
    ) -> bool {
        match side {
            Some(s) if s == label && !self.seen_label => {
                self.seen_label = true;
                self.sink.info(
                    code::SIDE_LABEL,
                    ln,
                    col as u32 + 1,
                    "moves labelled with their side (吴：…) read without the label",
                );
            }
            Some(s) if s == label => {}
            Some(s) => {
                self.sink.error(
                    code::SIDE_LABEL,
                    ln,
                    col as u32 + 1,
                    format!(
                        "the entry is labelled {} but the round's order gives it to {}; which side moved is not known, the move is not played",
                        label.name(),
                        s.name()
                    ),
                );
                return false;
            }
            None => {}
        }
        true
    }

    /// A 轮空 of `s`: the move before it checked `s`'s 下家.
    fn skip_check(&mut self, s: Side) {
        if !self.replaying {
            return;
        }
        let Some(checked) = next_live(&self.board, s) else {
            return;
        };
        if let Some(m) = self.game.moves.last_mut() {
            let name = checked.name();
            let has = m
                .events
                .iter()
                .any(|e| matches!(e, MoveEvent::Check { side } if side == name));
            if m.side != name && !has {
                m.events.push(MoveEvent::Check {
                    side: name.to_string(),
                });
            }
        }
    }
}
