//! A line's place in a game's progress, for splitting a file of games.

use super::epochs::{EpochLine, epoch_line};
use super::headers::header;
use super::line::Line;
use crate::hotw::tables::TABLES;

/// A line's place in a HotW game's progress, for [`crate::record::split_games`] (a file of games
/// written one after another with a separator line between them): `(ordinal, start)`, the
/// ordinal growing as a game goes on (an epoch header `EN` is `2N - 1`, a turn of an empire of
/// epoch `N` is `2N`), `start` when a game may begin there: at `EI` (in any form the parser
/// reads: `Epoch I`, `E1`, `第一世代`, `--- EI ---`), or at a turn of an empire of epoch I (the
/// appendix-4 record has no `EI`). None for any other line. A turn's empire counts only when it
/// is resolved alone (no context choosing, no misspelling); a resumption or pause is no start.
#[cold]
#[inline(never)]
pub(crate) fn progress_mark(line: &str) -> Option<(u32, bool)> {
    let t = line.trim();
    if let Some((e, _)) = epoch_line(t) {
        return Some(match e {
            EpochLine::Plain(n) => ((2 * u32::from(n)).saturating_sub(1), n == 1),
            EpochLine::Cont(n) | EpochLine::Pause(n) => {
                ((2 * u32::from(n)).saturating_sub(1), false)
            }
        });
    }
    let l = Line::new(t, 0);
    let h = header(&l).filter(|h| !h.pause)?;
    let (e, how, chose) = TABLES.empire(h.empire, None, false)?;
    if chose || how.is_fuzzy() || e.epoch == 0 {
        return None;
    }
    Some((2 * u32::from(e.epoch), e.epoch == 1))
}
