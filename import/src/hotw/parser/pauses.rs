//! Pauses (`P(Empire)後暫停`, in words, or alone after a turn) and the holdings snapshots after
//! them.

use super::headers::{Header, SEATS, header, seat_case, seat_of};
use super::line::Line;
use super::lp::Lp;
use super::state::State;
use crate::hotw::code;
use crate::hotw::game::{Checkpoint, Holding};
use crate::hotw::lexer::Tk;
use crate::hotw::tables::{TABLES, roman_lenient, roman_str};

/// The length in bytes of the words opening a pause line written in English (`Game paused
/// after`, `Paused after`, `Interrupted after`), when `t` starts so.
pub(super) fn pause_words(t: &str) -> Option<usize> {
    let b = t.as_bytes();
    // (`暫停`, `暂停`, `於`: 0xe6; `中斷`: 0xe4; `在`, `于`: 0xe5, 0xe4)
    if !matches!(
        b.first(),
        Some(b'G' | b'g' | b'P' | b'p' | b'I' | b'i' | 0xe4..=0xe6)
    ) {
        return None;
    }
    let len = [
        "game paused after",
        "game interrupted after",
        "game stopped after",
        "paused after",
        "pause after",
        "interrupted after",
        "stopped after",
        "paused",
        "pause",
        "暫停",
        "暂停",
        "中斷",
        "中断",
        "於",
        "于",
        "在",
    ]
    .iter()
    .find(|p| t.get(..p.len()).is_some_and(|h| h.eq_ignore_ascii_case(p)))
    .map(|p| p.len())?;
    // (`Pause: D(Greek)`, `暫停：D(Greek)`, `Pause - D(Greek)`: a colon or a dash after the word)
    let rest = t.get(len..)?;
    let after = rest.trim_start_matches(|c: char| {
        c.is_whitespace() || matches!(c, ':' | '：' | '﹕' | '-' | '–' | '—')
    });
    Some(len + rest.len() - after.len())
}

/// A pause line naming no seat: `Pause`, `Paused`, `Game paused`, `暫停`, `中斷`, maybe with a
/// full stop or in brackets (`(paused)`, `【暫停】`).
pub(super) fn bare_pause(t: &str) -> bool {
    if !matches!(
        t.as_bytes().first(),
        Some(b'G' | b'g' | b'P' | b'p' | b'(' | b'[' | 0xe3..=0xef)
    ) {
        return false;
    }
    let w = t
        .trim_matches(|c: char| c.is_whitespace() || "()[]（）【】.。!！".contains(c))
        .to_lowercase();
    matches!(
        w.as_str(),
        "pause"
            | "paused"
            | "game paused"
            | "game interrupted"
            | "interrupted"
            | "暫停"
            | "暂停"
            | "中斷"
            | "中断"
            | "遊戲暫停"
            | "游戏暂停"
            | "對局暫停"
            | "对局暂停"
    )
}

/// Facilities of a snapshot group: `cpfm` → cp f m, `c`/`ct` → ct. The second value is the
/// unknown rest, if any.
#[inline]
pub(super) fn facilities(s: &str) -> (Vec<String>, Option<String>) {
    let mut out = Vec::new();
    let mut rest = s.trim();
    while !rest.is_empty() {
        let (item, len) = if rest.starts_with("cp") {
            ("cp", 2)
        } else if rest.starts_with("ct") {
            ("ct", 2)
        } else if rest.starts_with('c') {
            ("ct", 1)
        } else if rest.starts_with('m') {
            ("m", 1)
        } else if rest.starts_with('f') {
            ("f", 1)
        } else if rest.starts_with([',', ' ']) {
            rest = rest.get(1..).unwrap_or("");
            continue;
        } else {
            return (out, Some(rest.to_string()));
        };
        out.push(item.to_string());
        rest = rest.get(len..).unwrap_or("");
    }
    (out, None)
}

impl State<'_> {
    /// The info that the line `t` in other words was read as the pause of `h`.
    pub(super) fn pause_form(&mut self, t: &str, h: &Header, no: u32, col: u32) {
        self.sink.info(
            code::PAUSE_FORM,
            no,
            col,
            format!(
                "{t:?} read as the pause {}({})後暫停",
                SEATS.get(h.seat).copied().unwrap_or("?"),
                h.empire
            ),
        );
    }

    pub(super) fn pause(&mut self, h: Option<&Header>, l: &Line) {
        self.cur = None;
        self.paused = true;
        let mut cp = Checkpoint {
            after_turn: self.game.turns.len(),
            epoch: self.epoch.unwrap_or(1),
            line: l.no,
            ..Checkpoint::default()
        };
        if let Some(h) = h {
            let seat = SEATS.get(h.seat).copied().unwrap_or("?").to_string();
            let empire = TABLES
                .empire(h.empire, self.epoch, true)
                .map(|e| e.0.code.clone())
                .unwrap_or_else(|| h.empire.to_string());
            if let Some(last) = self.game.turns.last()
                && (last.player != seat || last.empire != empire)
            {
                self.sink.warning(
                    code::PAUSE_MISMATCH,
                    l.no,
                    l.col(0),
                    format!(
                        "pause after {seat}({empire}) but the last turn was {}({})",
                        last.player, last.empire
                    ),
                );
            }
            cp.seat = Some(seat);
            cp.empire = Some(empire);
        }
        self.game.checkpoints.push(cp);
        self.snapshot = Some(self.game.checkpoints.len() - 1);
    }

    /// A pause line naming no seat (`Pause`, `暫停`) after a turn: the pause after the last turn,
    /// its seat and empire taken from it (info `hotw.pause-form`).
    pub(super) fn pause_after_last(&mut self, l: &Line, t: &str) {
        let Some(last) = self.game.turns.last() else {
            return;
        };
        let (seat, empire) = (last.player.to_string(), last.empire.to_string());
        self.sink.info(
            code::PAUSE_FORM,
            l.no,
            l.col(0),
            format!("{t:?} read as the pause after the last turn, {seat}({empire})後暫停"),
        );
        self.pause(None, l);
        if let Some(cp) = self.game.checkpoints.last_mut() {
            cp.seat = Some(seat);
            cp.empire = Some(empire);
        }
    }

    /// A snapshot line `C: ArabP(ct), Pale(cm), UTig(I); …`. False when the line is not one.
    pub(super) fn holding_line(&mut self, cp: usize, l: &Line) -> bool {
        let Some((seat, lower)) = seat_of(l.s(0)) else {
            return false;
        };
        let sep = l.kind(1);
        if !matches!(sep, Some(Tk::Colon | Tk::Semi)) {
            return false;
        }
        if lower {
            seat_case(&mut self.sink, l, 0, seat);
        }
        let epoch = self.epoch.unwrap_or(1);
        if sep == Some(Tk::Semi) {
            self.sink.info(
                code::PUNCTUATION,
                l.no,
                l.col(1),
                format!("\"{};\" read as \"{}:\"", SEATS[seat], SEATS[seat]),
            );
        }
        self.seen[seat] = true;
        let player = SEATS[seat].to_string();
        let mut lp = Lp {
            l,
            sink: &mut self.sink,
            epoch,
            unparsed: Vec::new(),
            plus: Vec::new(),
            seq: std::mem::take(&mut self.seq),
            lists: std::mem::take(&mut self.lists),
            memo: None,
        };
        let mut holdings: Vec<Holding> = Vec::new();
        let mut pending: Vec<usize> = Vec::new();
        let n = l.toks.len();
        let mut k = 2;
        while k < n {
            match l.kind(k) {
                Some(Tk::Word) => {
                    let (region, _) = lp.region_at(k, false);
                    holdings.push(Holding {
                        player: player.clone(),
                        region: region.into_owned(),
                        facilities: Vec::new(),
                        unit_epoch: None,
                    });
                    pending.push(holdings.len() - 1);
                }
                Some(Tk::LParen) => {
                    let end = l.close(k, n).unwrap_or(n);
                    if end == n {
                        lp.warn(
                            code::BRACKET_REPAIRED,
                            k,
                            "unclosed \"(\" in a snapshot".into(),
                        );
                    }
                    let inner = l.raw(k + 1, end).trim();
                    if let Some((e, form)) = roman_lenient(inner) {
                        if form {
                            lp.info(
                                code::EPOCH_FORM,
                                k + 1,
                                format!("unit epoch {inner:?} read as {}", roman_str(e)),
                            );
                        }
                        if e > epoch {
                            lp.warn(
                                code::SNAPSHOT_EPOCH,
                                k + 1,
                                format!(
                                    "units of E{} in a snapshot taken in E{}; kept as written",
                                    roman_str(e),
                                    roman_str(epoch)
                                ),
                            );
                        }
                        for p in pending.drain(..) {
                            if let Some(h) = holdings.get_mut(p) {
                                h.unit_epoch = Some(e);
                            }
                        }
                    } else if let Some(h) = holdings.last_mut() {
                        let (fac, bad) = facilities(inner);
                        h.facilities.extend(fac);
                        if let Some(b) = bad {
                            lp.warn(
                                code::FACILITY_UNKNOWN,
                                k + 1,
                                format!(
                                    "facility {b:?} is none of cp, ct, c, m, f; kept as written"
                                ),
                            );
                        }
                    } else {
                        lp.unreadable(k, end + 1);
                    }
                    k = end;
                }
                Some(Tk::Comma | Tk::Semi | Tk::Dash2) => {}
                Some(Tk::Other) if l.s(k) == "-" => {}
                _ => lp.stray(k),
            }
            k += 1;
        }
        if !pending.is_empty() {
            lp.warn(
                code::SNAPSHOT_EPOCH_MISSING,
                n.saturating_sub(1),
                "snapshot regions without a unit epoch after them".into(),
            );
        }
        let unparsed = std::mem::take(&mut lp.unparsed);
        self.game.unparsed.extend(unparsed);
        if let Some(c) = self.game.checkpoints.get_mut(cp) {
            c.holdings.extend(holdings);
            if !c.seats.contains(&player) {
                c.seats.push(player);
            }
        }
        true
    }

    /// A pause written in words (`Game paused after D (Greek).`, `Pause: D(Greek)`): read as the
    /// pause line `D(Greek)後暫停`. False, having changed nothing, when `t` is none.
    pub(super) fn paused_in_words(&mut self, l: &Line, t: &str, no: u32) -> bool {
        let Some(plen) = pause_words(t) else {
            return false;
        };
        // `Game paused after D (Greek).`: the pause line in words; the rest read as
        // `D(Greek)` at its own columns
        let lead = l.text.len() - l.text.trim_start().len();
        let rest = l.text.get(lead + plen..).unwrap_or("");
        let padded = format!("{}{rest}", " ".repeat(lead + plen));
        let l2 = Line::new(&padded, no);
        // (`於D(Greek)後暫停`: the header must hold the pause itself)
        if let Some(h) = header(&l2).filter(|h| h.pause || !t.starts_with(['於', '于', '在'])) {
            self.snapshot = None;
            self.pause_form(t, &h, no, l.col(0));
            if h.lower {
                seat_case(&mut self.sink, &l2, h.seat_tok, h.seat);
            }
            self.pause(Some(&h), &l2);
            return true;
        }
        false
    }
}
