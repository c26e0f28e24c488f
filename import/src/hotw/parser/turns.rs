//! Opening a turn: its header read (empire resolved, epoch settled), the player written after
//! it.

use std::borrow::Cow;

use super::card::card_full_name;
use super::headers::{Header, SEATS};
use super::line::Line;
use super::lp::Lp;
use super::state::State;
use super::turn_line::turn_line;
use crate::hotw::code;
use crate::hotw::game::Turn;
use crate::hotw::lexer::Tk;
use crate::hotw::tables::{How, TABLES, roman_str};

impl State<'_> {
    pub(super) fn turn(&mut self, h: &Header, l: &Line) {
        if !h.colon {
            self.sink.warning(
                code::HEADER_COLON,
                l.no,
                l.col(h.rest.saturating_sub(1)),
                "turn header without \":\"",
            );
        }
        self.new_turn(h.seat, h.empire, h.empire_col, l.no);
        // `Egypt (B) – Ben`, `B(Egypt) - Ben: Lead`: the seat's player after the dash
        let rest = match (h.dash || h.empire_first)
            .then(|| self.header_player(h, l))
            .flatten()
        {
            Some(next) => next,
            None => h.rest,
        };
        let Some(turn) = self.game.turns.last_mut() else {
            return;
        };
        let mut lp = Lp {
            l,
            sink: &mut self.sink,
            epoch: turn.epoch,
            unparsed: Vec::new(),
            plus: Vec::new(),
            seq: std::mem::take(&mut self.seq),
            lists: std::mem::take(&mut self.lists),
            memo: None,
        };
        turn_line(&mut lp, rest, turn, true);
        turn.unparsed.append(&mut lp.unparsed);
        self.seq = lp.seq;
        self.lists = lp.lists;
        self.opened_turn();
    }

    /// The words after a header's dash (or the colon of a header written empire first) when they
    /// name the seat's player, not cards (`Egypt (B) – Ben`, `B(Egypt) - Ben: Lead`, `Sumer (A):
    /// Ana`): one to three words of letters up to a colon or the line's end, the first no card
    /// (nor a misspelled one, the start of a card's code, a region or an empire, unless it is the
    /// seat's player's name as the tags or a header line give it). Takes the name as the seat's player where none is known, reports it
    /// (info `hotw.header-player`), and gives the token where the turn's cards begin.
    fn header_player(&mut self, h: &Header, l: &Line) -> Option<usize> {
        let end = (h.rest..l.toks.len())
            .find(|&k| l.kind(k) == Some(Tk::Colon))
            .unwrap_or(l.toks.len());
        if end <= h.rest || end - h.rest > 3 {
            return None;
        }
        // (words of letters, none opening with a small ASCII letter: `Ben`, `安`; not `Lea d`)
        if (h.rest..end).any(|k| {
            let w = l.s(k);
            l.kind(k) != Some(Tk::Word)
                || !w.chars().all(|c| c.is_alphabetic() || c == '.')
                || w.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        }) {
            return None;
        }
        let name = l.raw(h.rest, end).trim();
        let first = l.s(h.rest);
        let seat = SEATS.get(h.seat).copied()?;
        let known = self
            .ctx
            .tag(seat)
            .or(self.body_players.get(h.seat).and_then(|p| p.as_deref()));
        let is_known = known.is_some_and(|k| k.eq_ignore_ascii_case(name));
        // (nor the start of a card's code, `Lea` for `Lead`, unless it is the seat's player)
        let lower = first.to_lowercase();
        if TABLES.card(first, false).is_some()
            || card_full_name(l, h.rest, end, false).is_some()
            || (!is_known
                && (TABLES.card(first, true).is_some()
                    || TABLES.region(first, false).is_some()
                    || TABLES.empire(first, None, false).is_some()
                    || TABLES
                        .cards
                        .iter()
                        .any(|c| c.code.to_lowercase().starts_with(&lower))))
            || matches!(
                first.to_ascii_lowercase().as_str(),
                "none" | "nil" | "no" | "nocard" | "無" | "无" | "없음"
            )
        {
            return None;
        }
        let msg = match known {
            Some(k) if k.eq_ignore_ascii_case(name) => {
                format!("{name:?} after the turn header read as seat {seat}'s player")
            }
            Some(k) => format!(
                "{name:?} after the turn header read as seat {seat}'s player (named {k:?} already; kept as the turn's comment)"
            ),
            None => format!(
                "{name:?} after the turn header read as seat {seat}'s player: {name} plays seat {seat}"
            ),
        };
        self.sink
            .info(code::HEADER_PLAYER, l.no, l.col(h.rest), msg);
        match known {
            None => {
                if let Some(slot) = self.body_players.get_mut(h.seat) {
                    *slot = Some(name.to_string());
                }
            }
            // (another name than the seat's: kept as the turn's comment, not dropped)
            Some(k) if !k.eq_ignore_ascii_case(name) => {
                if let Some(turn) = self.game.turns.last_mut() {
                    turn.comments.push(name.to_string());
                }
            }
            Some(_) => {}
        }
        Some(if end < l.toks.len() { end + 1 } else { end })
    }

    /// The turn a header opens (seat index `seat`, the empire as written at column
    /// `empire_col` of line `no`), its empire resolved and the epoch it is played in settled,
    /// with their diagnostics: pushed as the game's last turn, for the caller to complete and
    /// then mark read ([`Self::opened_turn`]).
    pub(super) fn new_turn(&mut self, seat: usize, empire: &str, empire_col: u32, no: u32) {
        let seat_name = SEATS.get(seat).copied().unwrap_or("?");
        if let Some(s) = self.seen.get_mut(seat) {
            *s = true;
        }
        let turn_empire: Cow<'static, str>;
        let mut minor = false;
        match TABLES.empire(empire, self.epoch, true) {
            Some((e, how, chose)) => {
                turn_empire = Cow::Borrowed(e.code.as_str());
                minor = e.minor;
                let w = empire;
                let msg = match &how {
                    How::Exact => None,
                    How::Folded => Some((
                        code::EMPIRE_ALIAS,
                        format!("empire {w:?} read as {}", e.code),
                        false,
                    )),
                    How::Alias(n) => Some((
                        code::EMPIRE_ALIAS,
                        format!("empire alias {w:?} read as {} ({}; {n})", e.code, e.name),
                        false,
                    )),
                    How::Name => Some((
                        code::EMPIRE_ALIAS,
                        format!("empire name {w:?} read as {}", e.code),
                        false,
                    )),
                    How::Fuzzy(d) => Some((
                        code::EMPIRE_FUZZY,
                        format!("empire {w:?} read as {} (edit distance {d})", e.code),
                        true,
                    )),
                };
                match msg {
                    Some((c, m, true)) => self.sink.warning(c, no, empire_col, m),
                    Some((c, m, false)) => self.sink.info(c, no, empire_col, m),
                    None => {}
                }
                if chose && self.epoch.is_none() {
                    // (`Turks` before any epoch: Seljuk or Ottoman?)
                    self.sink.warning(
                        code::EMPIRE_AMBIGUOUS,
                        no,
                        empire_col,
                        format!(
                            "{w:?} names more than one empire and no epoch is known yet; {} ({}, E{}) taken",
                            e.code,
                            e.name,
                            roman_str(e.epoch)
                        ),
                    );
                } else if chose {
                    self.sink.info(
                        code::EMPIRE_CONTEXT,
                        no,
                        empire_col,
                        format!(
                            "{w:?} names more than one empire; {} ({}, E{}) fits the epoch",
                            e.code,
                            e.name,
                            roman_str(e.epoch)
                        ),
                    );
                }
                match self.epoch {
                    None => {
                        self.sink.warning(
                            code::EPOCH_INFERRED,
                            no,
                            1,
                            format!(
                                "no epoch header before this turn; E{} inferred from {}",
                                roman_str(e.epoch),
                                e.code
                            ),
                        );
                        self.epoch = Some(e.epoch);
                    }
                    Some(cur) if e.epoch > cur => {
                        self.sink.warning(
                            code::EPOCH_INFERRED,
                            no,
                            1,
                            format!(
                                "{} is an empire of E{} but the last header was E{}; E{} inferred from here",
                                e.code,
                                roman_str(e.epoch),
                                roman_str(cur),
                                roman_str(e.epoch)
                            ),
                        );
                        self.epoch = Some(e.epoch);
                    }
                    Some(cur) if e.epoch < cur => self.sink.warning(
                        code::EPOCH_MISMATCH,
                        no,
                        empire_col,
                        format!(
                            "{} is an empire of E{}, played under E{}",
                            e.code,
                            roman_str(e.epoch),
                            roman_str(cur)
                        ),
                    ),
                    Some(_) => {}
                }
            }
            None => {
                self.sink.warning(
                    code::EMPIRE_UNKNOWN,
                    no,
                    empire_col,
                    format!("unknown empire {:?}; kept as written", empire),
                );
                turn_empire = Cow::Owned(empire.to_string());
                if self.epoch.is_none() {
                    self.sink.warning(
                        code::EPOCH_INFERRED,
                        no,
                        1,
                        "no epoch header and an unknown empire; EI assumed",
                    );
                    self.epoch = Some(1);
                }
            }
        }
        // made in its place in the list (a `Turn` returned and then pushed is copied twice)
        self.game.turns.push(Turn {
            player: Cow::Borrowed(seat_name),
            line: no,
            empire: turn_empire,
            minor,
            epoch: self.epoch.unwrap_or(1),
            resumed: std::mem::take(&mut self.resume_pending),
            // most turns expand a few times and build once or twice: room for that from the
            // start is one allocation each, where growing costs more (room for six legs, not
            // four: a turn in five has more; two builds, not one: 3.1M and 1.9M instructions
            // fewer on the bench corpus)
            expansions: Vec::with_capacity(6),
            builds: Vec::with_capacity(2),
            ..Turn::default()
        });
    }

    /// The turn [`Self::new_turn`] opened is read: the lines after it are its own.
    pub(super) fn opened_turn(&mut self) {
        self.final_block = false;
        self.cur = self.game.turns.len().checked_sub(1);
    }
}
