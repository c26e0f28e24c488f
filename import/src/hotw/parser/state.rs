//! The whole-body state of the reader: the game read so far and what the lines before left
//! open (the epoch, the turn, a snapshot, the seats), with buffers reused from line to line.

use super::line::Buffers;
use crate::diag::Sink;
use crate::hotw::chain::{Lists, Node};
use crate::hotw::fast;
use crate::hotw::game::HotwGame;
use crate::hotw::tables::Card;
use crate::model::Ctx;

/// Whole-body parser state.
pub(super) struct State<'c> {
    pub(super) ctx: &'c Ctx<'c>,
    pub(super) sink: Sink,
    pub(super) game: HotwGame,
    pub(super) epoch: Option<u8>,
    pub(super) cur: Option<usize>,
    pub(super) snapshot: Option<usize>,
    pub(super) resume_pending: bool,
    pub(super) paused: bool,
    pub(super) colours: Vec<Option<String>>,
    pub(super) colour_line: Option<u32>,
    /// The first header line giving a seat's colour with its player (`A - Ann - Purple`).
    pub(super) colour_from_players: Option<u32>,
    pub(super) seen: [bool; 6],
    /// Players named by header lines before the first turn (`A: Ana`), where the tags name none.
    pub(super) body_players: [Option<String>; 6],
    /// Seats written otherwise than `A`–`F` (`Ann(Sumer):`, `K(Sumer):`) and the seat each was
    /// read as ([`State::seat_code`]).
    pub(super) seat_codes: Vec<(String, usize)>,
    /// Token buffers reused from line to line.
    pub(super) buffers: Buffers,
    /// The segment buffer of [`Lp`](super::lp::Lp), reused from line to line.
    pub(super) seq: Vec<Node>,
    /// The token lists of [`Lp`](super::lp::Lp), reused from line to line.
    pub(super) lists: Lists,
    /// The cards of a header read by the fast path (with their columns), reused.
    pub(super) cards: Vec<(&'static Card, u32)>,
    /// The node buffers of the fast path's move lines, reused.
    pub(super) scratch: fast::Scratch,
    /// Lines may be read by the fast path.
    pub(super) fast: bool,
    /// Final scores read after the turns: seat, score, line, column.
    pub(super) finals: Vec<(usize, i64, u32, u32)>,
    /// The seats a winner line names, with its line and column.
    pub(super) winner_line: Option<(Vec<usize>, u32, u32)>,
    /// The line before was a final-score line or its heading: a line of seats and scores goes on.
    pub(super) final_block: bool,
    /// The seats of a score table's row under the final-score heading, for the row of numbers
    /// under it.
    pub(super) table_seats: Vec<usize>,
    /// The first line of prose before the first turn (`Club night at the Red Lion`): the game's
    /// title where no `Title` tag names one.
    pub(super) title: Option<String>,
}

impl<'c> State<'c> {
    /// The state before the first line of a body of about `lines` lines; with `fast`, lines may
    /// be read by the fast path.
    #[inline]
    pub(super) fn new(ctx: &'c Ctx<'c>, fast: bool, lines: usize) -> Self {
        State {
            ctx,
            sink: Sink::default(),
            game: HotwGame {
                turns: Vec::with_capacity(lines / 4 + 1),
                ..HotwGame::default()
            },
            epoch: None,
            cur: None,
            snapshot: None,
            resume_pending: false,
            paused: false,
            colours: vec![None; 6],
            colour_line: None,
            colour_from_players: None,
            seen: [false; 6],
            body_players: Default::default(),
            seat_codes: Vec::new(),
            buffers: (
                Vec::with_capacity(32),
                Vec::with_capacity(32),
                Vec::with_capacity(8),
            ),
            seq: Vec::with_capacity(8),
            lists: Lists::default(),
            cards: Vec::new(),
            scratch: fast::Scratch::default(),
            fast,
            finals: Vec::new(),
            winner_line: None,
            final_block: false,
            table_seats: Vec::new(),
            title: None,
        }
    }
}
