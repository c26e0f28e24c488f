//! Resolving a move on the board and replaying it: its piece, destination, capture and events
//! (alliances, 杀汉, eliminations, 困毙).

use std::borrow::Cow;

use super::code;
use super::game::{Capture, Move, MoveEvent};
use super::geometry::{self, Side, geometry};
use super::notation::{self, MoveTok};
use super::resolve;
use super::state::{State, next_live};

impl State<'_> {
    /// Resolves and plays a move of `side` in slot `(round, slot)`, and stores it (its notation
    /// taken from `notation`, which is left as it was when the move fails).
    pub(super) fn resolve(
        &mut self,
        ln: u32,
        col: u32,
        side: Side,
        tok: &MoveTok,
        notation: &mut String,
        (round, slot): (u32, u8),
    ) -> Result<(), resolve::Fail> {
        let idx = resolve::find_piece(&self.board, side, tok)?;
        let resolve::Landing { to, warn, target } =
            resolve::destination(&self.board, side, idx, tok)?;
        let Some(p) = self.board.piece(idx).copied() else {
            return Err((code::NO_PIECE, "the piece has gone".to_string()));
        };
        if let Some(w) = warn {
            self.sink
                .warning(code::ILLEGAL_MOVE, ln, col, format!("{notation}: {w}"));
        }
        let mut events = Vec::new();
        let takes_emperor =
            target.is_some_and(|t| t.origin == Side::Han && t.kind == geometry::Kind::General);
        if takes_emperor {
            if !tok.kill_han {
                self.sink.warning(
                    code::MARKER,
                    ln,
                    col,
                    format!("{notation} takes the emperor but is not marked x汉"),
                );
            }
            events.push(MoveEvent::KillHan);
        } else if tok.kill_han {
            self.sink.warning(
                code::MARKER,
                ln,
                col,
                format!("{notation} is marked x汉 but does not take the emperor"),
            );
        }
        let point = geometry().alliance_point_at(to.0, to.1);
        if let Some(w) = tok.ally {
            if w == side || !self.board.is_live(w) {
                self.sink.warning(
                    code::MARKER,
                    ln,
                    col,
                    format!("{notation}: {} cannot ally with {}", side.name(), w.name()),
                );
            } else {
                if p.kind != geometry::Kind::Horse || point != Some(w) {
                    self.sink.warning(
                        code::MARKER,
                        ln,
                        col,
                        format!(
                            "{notation}: an alliance with {} is made by a 马 landing on {}点",
                            w.name(),
                            w.name()
                        ),
                    );
                }
                events.push(MoveEvent::Alliance {
                    with: w.name().to_string(),
                });
            }
        } else if let Some(w) = point.filter(|&w| p.kind == geometry::Kind::Horse && w != side) {
            self.unmarked_alliance(ln, col, side, w, notation, &mut events);
        }
        if let Some(t) =
            target.filter(|t| t.owner == Side::Han && t.kind != geometry::Kind::General)
        {
            self.han_not_activated(ln, col, t.kind, notation);
        }
        if let Some(x) = tok.eliminate {
            if x == side || !self.board.is_live(x) {
                self.sink.warning(
                    code::MARKER,
                    ln,
                    col,
                    format!("{notation}: {} cannot be eliminated here", x.name()),
                );
            } else {
                events.push(MoveEvent::Eliminate {
                    side: x.name().to_string(),
                    how: "checkmate".to_string(),
                    by: Some(side.name().to_string()),
                });
                events.push(MoveEvent::Annex {
                    side: x.name().to_string(),
                    by: Some(side.name().to_string()),
                });
            }
        }
        let capture = target.map(|t| Capture {
            piece: Cow::Borrowed(t.kind.name()),
            side: Cow::Borrowed(t.owner.name()),
            origin: Cow::Borrowed(t.origin.name()),
        });
        let from = [p.y, p.x];
        self.board.apply(side, (p.y, p.x), to, &events);
        if let Some(st) = tok.stalemate {
            let evs = self.stalemate_events(ln, col, side, st);
            for e in &evs {
                self.board.apply_event(side, e);
            }
            events.extend(evs);
        }
        // written in its place in the vector (a `Move` is large: building it apart costs copies)
        self.game.moves.push(Move {
            ply: self.game.moves.len() as u32 + 1,
            round,
            side: Cow::Borrowed(side.name()),
            notation: std::mem::take(notation),
            piece: Cow::Borrowed(p.kind.name()),
            from,
            to: [to.0, to.1],
            capture,
            events,
            origin: Cow::Borrowed(p.origin.name()),
            slot,
            comment: None,
        });
        Ok(())
    }

    /// A 马 of `side` landing on `w`'s alliance point without `=w`: the alliance it makes (seed
    /// §8: "蜀马跳到魏点与魏结盟", a horse jumping onto 魏's point allies with 魏), applied when it is
    /// the game's first (no alliance and no 杀汉 before it: whether another may follow, the
    /// seed does not say) and `w` is still in the game; a warning either way.
    #[cold]
    #[inline(never)]
    fn unmarked_alliance(
        &mut self,
        ln: u32,
        col: u32,
        side: Side,
        w: Side,
        notation: &str,
        events: &mut Vec<MoveEvent>,
    ) {
        let first = !self.game.moves.iter().any(|m| {
            m.events
                .iter()
                .any(|e| matches!(e, MoveEvent::Alliance { .. } | MoveEvent::KillHan))
        });
        let msg = if first && self.board.is_live(w) {
            events.push(MoveEvent::Alliance {
                with: w.name().to_string(),
            });
            format!(
                "{notation}: the 马 lands on {w}点 but the move is not marked ={w}; read as the alliance it makes ({s}{w}盟, as if written ={w})",
                w = w.name(),
                s = side.name()
            )
        } else {
            format!(
                "{notation}: the 马 lands on {}点 but the move is not marked ={}",
                w.name(),
                w.name()
            )
        };
        self.sink.warning(code::MARKER, ln, col, msg);
    }

    /// A move that takes one of 汉's 车 or 炮 while they are still 汉's: before a side kills the
    /// emperor or an alliance hands them to the third side, 汉's pieces stand still and belong
    /// to no side (the notation's §1: "谁收了汉，汉的三车一炮就按谁的坐标走棋"), so none may take them. A
    /// warning; the capture is replayed as written.
    #[cold]
    #[inline(never)]
    fn han_not_activated(&mut self, ln: u32, col: u32, kind: geometry::Kind, notation: &str) {
        self.sink.warning(
            code::ILLEGAL_MOVE,
            ln,
            col,
            format!(
                "{notation} takes 汉's {} before 汉 is activated (no side has killed the emperor or made an alliance, so 汉's pieces belong to no side and may not be taken); replayed as written",
                kind.name()
            ),
        );
    }

    /// The events of a 困毙灭国 after a move by `mover`.
    fn stalemate_events(
        &mut self,
        ln: u32,
        col: u32,
        mover: Side,
        st: notation::Stalemate,
    ) -> Vec<MoveEvent> {
        let by = st.by.unwrap_or(mover);
        let side = st.side.or_else(|| next_live(&self.board, mover));
        match side {
            Some(s) if s != by && self.board.is_live(s) && self.board.is_live(by) => vec![
                MoveEvent::Eliminate {
                    side: s.name().to_string(),
                    how: "stalemate".to_string(),
                    by: Some(by.name().to_string()),
                },
                MoveEvent::Annex {
                    side: s.name().to_string(),
                    by: Some(by.name().to_string()),
                },
            ],
            _ => {
                self.sink.warning(
                    code::MARKER,
                    ln,
                    col,
                    "困毙灭国 names no side that can be eliminated here",
                );
                Vec::new()
            }
        }
    }

    /// A `【困毙灭国】` line or entry: applies to the last move made.
    pub(super) fn stalemate(&mut self, li: usize, col: usize, st: notation::Stalemate) {
        let ln = self.line_no(li);
        if !self.replaying {
            return;
        }
        let Some(mover) = self
            .game
            .moves
            .last()
            .and_then(|m| Side::from_name(&m.side))
        else {
            self.sink
                .warning(code::MARKER, ln, col as u32 + 1, "困毙灭国 before any move");
            return;
        };
        let evs = self.stalemate_events(ln, col as u32 + 1, mover, st);
        for e in &evs {
            self.board.apply_event(mover, e);
        }
        if let Some(m) = self.game.moves.last_mut() {
            m.events.extend(evs);
        }
    }
}
