//! The parser's state, shared by the readers of lines, rounds, entries and moves (each adds
//! its `impl State` methods in its own module), and its small reporting helpers.

use super::board::Board;
use super::code;
use super::game::SanguoGame;
use super::geometry::Side;
use super::title;
use crate::diag::Sink;
use crate::model::Ctx;

/// One entry of a round line.
#[derive(Debug, Clone, Copy)]
pub(super) enum Entry {
    /// A move: char range within the line.
    Move(usize, usize),
    /// `……` or another placeholder.
    Placeholder(usize),
    /// `（轮空）` (or another word for it: [`skip_word`](super::chars::skip_word)).
    Skip(usize),
    /// A move with white space inside (a `{comment}` blanked out of `炮12{好棋}平10`): char range.
    Spaced(usize, usize),
    /// A `【困毙灭国】` entry: not a slot; applies to the move before it.
    Stalemate(usize, usize),
}

pub(super) struct State<'a> {
    pub(super) ctx: &'a Ctx<'a>,
    pub(super) sink: Sink,
    pub(super) game: SanguoGame,
    pub(super) board: Board,
    /// False after the first move that could not be read or resolved.
    pub(super) replaying: bool,
    pub(super) not_replayed: u32,
    pub(super) first_not_replayed: Option<(u32, u32)>,
    /// (body line 0-based, col 0-based) of each move, for comments.
    pub(super) move_at: Vec<(usize, usize)>,
    pub(super) expected_round: u32,
    /// The last round line left sides without an entry: (its round, the next side's slot). A line
    /// without a round number continues it.
    pub(super) open_round: Option<(u32, usize)>,
    /// The slot the round's first entry goes to (0, or where a continued round goes on).
    pub(super) first_slot: usize,
    pub(super) seen_continued: bool,
    pub(super) seen_wide: bool,
    pub(super) seen_trad: bool,
    pub(super) seen_numerals: bool,
    pub(super) seen_round_form: bool,
    pub(super) seen_separator: bool,
    pub(super) seen_label: bool,
    pub(super) seen_note: bool,
    pub(super) seen_pinyin: bool,
    pub(super) seen_words: bool,
    pub(super) seen_marker_space: bool,
    pub(super) seen_letters: bool,
    pub(super) seen_kingdom: bool,
    /// The other names of pieces reported (`sanguo.piece-alias`, once per name).
    pub(super) seen_aliases: Vec<char>,
    /// Sides whose status was a bare loss (`吴负`, `Wu lost`): 灭国 when the moves eliminate the
    /// side, else 认负 (bits by [`Side`] index).
    pub(super) status_loss: u8,
    /// Side names from a header line in the body (吴, 魏, 蜀).
    pub(super) body_players: [Option<String>; 3],
    /// The side labels of the current round's entries: (entry index, side, column).
    pub(super) label_buf: Vec<(usize, Side, usize)>,
    /// A `//` note of the current round line, for its last move.
    pub(super) pending_note: Option<String>,
    pub(super) body_title: Option<(String, u32)>,
    pub(super) status_line: Option<u32>,
    /// Reused for each round's entries.
    pub(super) entry_buf: Vec<Entry>,
    /// Reused for a move read without the white space inside it ([`Entry::Spaced`]).
    pub(super) spaced_buf: Vec<char>,
}

/// The next live side after `s` in turn order (not `s` itself).
pub(super) fn next_live(board: &Board, s: Side) -> Option<Side> {
    let mut n = s.next();
    for _ in 0..3 {
        if n != s && board.is_live(n) {
            return Some(n);
        }
        n = n.next();
    }
    None
}

impl<'a> State<'a> {
    /// The state before the first line of a body of about `capacity / 3` lines.
    pub(super) fn new(ctx: &'a Ctx<'a>, capacity: usize) -> State<'a> {
        State {
            ctx,
            sink: Sink::default(),
            game: SanguoGame {
                moves: Vec::with_capacity(capacity),
                ..SanguoGame::default()
            },
            board: Board::setup(),
            replaying: true,
            not_replayed: 0,
            first_not_replayed: None,
            move_at: Vec::with_capacity(capacity),
            entry_buf: Vec::with_capacity(4),
            spaced_buf: Vec::new(),
            expected_round: 1,
            open_round: None,
            first_slot: 0,
            seen_continued: false,
            seen_wide: false,
            seen_trad: false,
            seen_numerals: false,
            seen_round_form: false,
            seen_separator: false,
            seen_label: false,
            seen_note: false,
            seen_pinyin: false,
            seen_words: false,
            seen_marker_space: false,
            seen_letters: false,
            seen_kingdom: false,
            seen_aliases: Vec::new(),
            status_loss: 0,
            body_players: [None, None, None],
            label_buf: Vec::new(),
            pending_note: None,
            body_title: None,
            status_line: None,
        }
    }

    pub(super) fn line_no(&self, li: usize) -> u32 {
        self.ctx.first_line.saturating_add(li as u32)
    }

    /// A title read in another form than the notation's ([`title::parse_title_loose`]), reported.
    #[cold]
    #[inline(never)]
    pub(super) fn title_form(&mut self, ln: u32, col: u32, written: &str) {
        self.sink.info(
            code::TITLE_FORM,
            ln,
            col,
            format!("title {written:?} read in the notation's form (X杀汉, X灭Y, X胜)"),
        );
    }

    /// Side names written in pinyin read as characters (`written` read as `read`), reported at the
    /// first place of the game.
    pub(super) fn pinyin_read(&mut self, ln: u32, col: u32, written: &str, read: &str) {
        if title::kingdom_names(written).is_some() {
            if !self.seen_kingdom {
                self.seen_kingdom = true;
                self.sink.info(
                    code::KINGDOM_NAME,
                    ln,
                    col,
                    format!(
                        "other names of the kingdoms (东吴, 曹魏, 蜀汉, Cao Wei…) read as 吴, 魏, 蜀: \
                         {written:?} read as {read:?}"
                    ),
                );
            }
            return;
        }
        if !self.seen_pinyin {
            self.seen_pinyin = true;
            self.sink.info(
                code::SIDE_PINYIN,
                ln,
                col,
                format!("side names in pinyin read as characters: {written:?} read as {read:?}"),
            );
        }
    }

    pub(super) fn stop(&mut self, ln: u32, col: usize) {
        if self.replaying {
            self.replaying = false;
        } else {
            self.note_not_replayed(ln, col);
        }
    }

    pub(super) fn note_not_replayed(&mut self, ln: u32, col: usize) {
        self.not_replayed += 1;
        if self.first_not_replayed.is_none() {
            self.first_not_replayed = Some((ln, col as u32 + 1));
        }
    }
}
