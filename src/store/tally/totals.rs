//! [`Tally`]: the changes of many games to the totals, gathered and written at once.

use crate::error::Result;
use annals_import::Kind;
use rusqlite::{Connection, OptionalExtension, params};
use std::borrow::Cow;

use super::buckets::{Counts, Parts, Ranks, TotalsRows, write_rows};
use super::facts::{BodyFacts, GameFacts, SeatFacts, TurnFacts, stored_seats};
use super::tables::{CARDS, EMPIRES, GAINS, GAMES, GOVERNMENTS, OPENINGS, PIECES, SIDES};

/// Changes to the totals gathered over many games, written at once by [`Tally::flush`].
pub struct Tally {
    pub(super) parts: Parts,
    pub(super) games: Counts<9>,
    pub(super) sides: Counts<7>,
    pub(super) empires: Counts<17>,
    pub(super) gains: Counts<1>,
    pub(super) cards: Counts<3>,
    pub(super) openings: Counts<9>,
    pub(super) pieces: Counts<1>,
    pub(super) governments: Counts<2>,
}

impl Default for Tally {
    fn default() -> Self {
        Tally {
            parts: Parts::default(),
            games: Counts::new(&GAMES),
            sides: Counts::new(&SIDES),
            empires: Counts::new(&EMPIRES),
            gains: Counts::new(&GAINS),
            cards: Counts::new(&CARDS),
            openings: Counts::new(&OPENINGS),
            pieces: Counts::new(&PIECES),
            governments: Counts::new(&GOVERNMENTS),
        }
    }
}

/// The placing columns of a placing: (placed, placing_sum, p1..p6).
pub(super) fn placing_counters(placing: Option<i64>) -> [i64; 8] {
    let mut c = [0i64; 8];
    if let Some(p) = placing {
        c[0] = 1;
        c[1] = p;
        if (1..=6).contains(&p) {
            c[1 + p as usize] = 1;
        }
    }
    c
}

impl Tally {
    /// The number of totals waiting to be written.
    pub fn pending(&self) -> usize {
        self.games.map.len()
            + self.sides.map.len()
            + self.empires.map.len()
            + self.gains.map.len()
            + self.cards.map.len()
            + self.openings.map.len()
            + self.pieces.map.len()
            + self.governments.map.len()
    }

    /// Adds (`sign` = 1) or subtracts (`sign` = -1) a game's contribution.
    pub fn add(&mut self, g: &GameFacts, sign: i64) {
        if !matches!(g.kind, Kind::Hotw | Kind::Sanguo | Kind::Wec) {
            return;
        }
        let b = self.parts.bucket(g.kind, g.event, g.year);
        match g.body {
            BodyFacts::Hotw { turns, cards } => self.add_hotw(b, turns, cards, g.seats, sign),
            BodyFacts::Sanguo(events) => self.add_sanguo(b, g, events, sign),
            BodyFacts::Wec {
                pieces,
                governments,
            } => self.add_wec(b, g, pieces, governments, sign),
            BodyFacts::Other => {}
        }
    }

    pub(super) fn add_hotw(
        &mut self,
        b: u32,
        turns: &[TurnFacts],
        all_cards: &[Cow<'static, str>],
        seats: &[SeatFacts],
        sign: i64,
    ) {
        for t in turns {
            let placing = seats
                .iter()
                .find(|s| s.seat == t.player)
                .and_then(|s| s.placing);
            let pc = placing_counters(placing);
            let epoch = self.parts.int(i64::from(t.epoch));
            let empire = self.parts.name(&t.empire);
            // The columns of EMPIRES, in order.
            let mut c = [0i64; 17];
            c[0] = i64::from(t.minor);
            c[1] = 1;
            if let Some(gain) = t.gain {
                let g = self.parts.int(gain);
                self.gains.add([b, epoch, empire, g], [1], sign);
            }
            if let Some(score) = t.score {
                c[2] = 1;
                c[3] = score;
            }
            c[4] = t.expansions;
            c[5] = t.battles;
            c[6..9].copy_from_slice(&t.rolls);
            c[9..17].copy_from_slice(&pc);
            self.empires.add([b, epoch, empire, 0], c, sign);
            let (gained, gain) = (i64::from(t.gain.is_some()), t.gain.unwrap_or(0));
            let cards = all_cards.get(t.cards.clone()).unwrap_or_default();
            for card in cards {
                let card = self.parts.name(card);
                self.cards
                    .add([b, epoch, empire, card], [1, gained, gain], sign);
            }
            if t.epoch == 1 && !t.minor {
                let mut played: Vec<&str> = cards.iter().map(|c| &**c).collect();
                played.sort_unstable();
                let cards = self.parts.name(&played.join("+"));
                let mut o = [0i64; 9];
                o[0] = 1;
                o[1..].copy_from_slice(&pc);
                self.openings.add([b, empire, cards, 0], o, sign);
            }
        }
    }

    pub(super) fn add_sanguo(
        &mut self,
        b: u32,
        g: &GameFacts,
        title_events: &[annals_import::sanguo::TitleEvent],
        sign: i64,
    ) {
        let sides = crate::store::tree::sides(Kind::Sanguo);
        let mut side = [[0i64; 7]; 3];
        let at = |name: &str| sides.iter().position(|s| *s == name);
        for seat in g.seats {
            if let (Some(o), Some(i)) = (&seat.outcome, at(&seat.seat)) {
                side[i][match o.as_str() {
                    "win" => 0,
                    "draw" => 1,
                    _ => 2,
                }] += 1;
            }
        }
        let (mut alliance, mut killed, mut killer_won) = (0, 0, 0);
        for e in title_events {
            let (ty, by, others) = crate::store::moves::title_event_columns(e);
            let won = by.is_some_and(|b| g.winners.split_whitespace().any(|w| w == b));
            let by = by.and_then(at);
            match ty {
                "alliance" => {
                    alliance = 1;
                    if let Some(i) = by {
                        side[i][4] += 1;
                    }
                }
                "kill_han" => {
                    killed += 1;
                    killer_won += i64::from(won);
                    if let Some(i) = by {
                        side[i][5] += 1;
                        side[i][6] += i64::from(won);
                    }
                }
                "eliminate" | "stalemate" => {
                    for o in others.iter().flat_map(|o| o.split_whitespace()) {
                        if let Some(i) = at(o) {
                            side[i][3] += 1;
                        }
                    }
                }
                _ => {}
            }
        }
        self.add_games(b, g, [alliance, killed, killer_won], sign);
        for (name, c) in sides.iter().zip(side) {
            if c.iter().any(|&n| n != 0) {
                let s = self.parts.name(name);
                self.sides.add([b, s, 0, 0], c, sign);
            }
        }
    }

    pub(super) fn add_wec(
        &mut self,
        b: u32,
        g: &GameFacts,
        pieces: &[Cow<'static, str>],
        governments: &[(Cow<'static, str>, &'static str)],
        sign: i64,
    ) {
        self.add_games(b, g, [0, 0, 0], sign);
        for piece in pieces {
            let p = self.parts.name(piece);
            self.pieces.add([b, p, 0, 0], [1], sign);
        }
        for (colour, government) in governments {
            let gov = self.parts.name(government);
            let won = i64::from(g.winners == colour);
            self.governments.add([b, gov, 0, 0], [1, won], sign);
        }
    }

    /// The `stat_games` row of a 三国 or WEC game; `sanguo` is (with alliance, Han killed, by a
    /// side that won).
    pub(super) fn add_games(&mut self, b: u32, g: &GameFacts, sanguo: [i64; 3], sign: i64) {
        let decided = i64::from(!g.winners.is_empty() || !g.draw.is_empty());
        self.games.add(
            [b, 0, 0, 0],
            [
                1,
                g.move_count,
                decided,
                i64::from(!g.draw.is_empty()),
                i64::from(g.winners == "B"),
                i64::from(g.winners == "W"),
                sanguo[0],
                sanguo[1],
                sanguo[2],
            ],
            sign,
        );
    }

    /// Adds (`sign` = 1) or subtracts (`sign` = -1) the contribution of stored game `id`, read
    /// back from the database (its body parsed again from its raw text). False when there is no
    /// such game.
    pub fn add_stored(&mut self, conn: &Connection, id: i64, sign: i64) -> Result<bool> {
        let row = conn
            .prepare_cached(
                "SELECT kind, event, year, winners, draw, raw, source_line, move_count
                 FROM games WHERE id = ?1",
            )?
            .query_row(params![id], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, Option<String>>(1)?,
                    r.get::<_, Option<i64>>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, String>(5)?,
                    r.get::<_, i64>(6)?,
                    r.get::<_, i64>(7)?,
                ))
            })
            .optional()?;
        let Some((kind, event, year, winners, draw, raw, source_line, move_count)) = row else {
            return Ok(false);
        };
        let Some(kind) = Kind::from_name(&kind) else {
            return Ok(true);
        };
        if !matches!(kind, Kind::Hotw | Kind::Sanguo | Kind::Wec) {
            return Ok(true);
        }
        let seats = stored_seats(conn, id)?;
        let body = crate::store::body::stored_body(conn, id, kind, &raw, source_line)?;
        self.add(
            &GameFacts {
                kind,
                event: event.as_deref(),
                year,
                body: &BodyFacts::of(&body),
                move_count,
                winners: &winners,
                draw: &draw,
                seats: &seats,
            },
            sign,
        );
        Ok(true)
    }

    /// Writes the gathered changes in the caller's transaction and forgets them.
    pub fn flush(&mut self, conn: &Connection) -> Result<()> {
        if self.pending() == 0 {
            return Ok(());
        }
        self.prepare(conn)?;
        let rows = self.rows();
        write_rows(conn, &rows)
    }

    /// The first part of a flush, in the caller's transaction: each change added to its
    /// roll-ups, each bucket given its `stat_buckets` row, and the stored totals of each bucket
    /// with a change read back, so that the maps hold the new totals in full.
    pub(super) fn prepare(&mut self, conn: &Connection) -> Result<()> {
        let p = &mut self.parts;
        self.games.roll_up(p);
        self.sides.roll_up(p);
        self.empires.roll_up(p);
        self.gains.roll_up(p);
        self.cards.roll_up(p);
        self.openings.roll_up(p);
        self.pieces.roll_up(p);
        self.governments.roll_up(p);
        p.resolve_buckets(conn)?;
        self.games.merge_stored(conn, p)?;
        self.sides.merge_stored(conn, p)?;
        self.empires.merge_stored(conn, p)?;
        self.gains.merge_stored(conn, p)?;
        self.cards.merge_stored(conn, p)?;
        self.openings.merge_stored(conn, p)?;
        self.pieces.merge_stored(conn, p)?;
        self.governments.merge_stored(conn, p)?;
        Ok(())
    }

    /// The second part, no database needed: the rows the prepared totals make, and the maps
    /// emptied.
    pub fn rows(&mut self) -> TotalsRows {
        let p = &self.parts;
        let ranks = Ranks::of(p);
        let mut rows = Vec::new();
        self.games.rows(p, &ranks, &mut rows);
        self.sides.rows(p, &ranks, &mut rows);
        self.empires.rows(p, &ranks, &mut rows);
        self.gains.rows(p, &ranks, &mut rows);
        self.cards.rows(p, &ranks, &mut rows);
        self.openings.rows(p, &ranks, &mut rows);
        self.pieces.rows(p, &ranks, &mut rows);
        self.governments.rows(p, &ranks, &mut rows);
        TotalsRows(rows)
    }
}
