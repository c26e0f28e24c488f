//! The phase loop of a Deluge body: each line read in turn ([`Reader::line`]) as a phase header,
//! a remark, a report or result line, a header line, or a power's orders ([`Reader::orders`]),
//! into the phases and orders the replay plays.

use super::game::{DelugeGame, Unparsed};
use super::notation::{self, PhaseKey};
use crate::diag::Sink;
use crate::model::Ctx;
use crate::text::Comment;

/// A phase as read, with its orders.
pub(crate) struct ReadPhase {
    pub key: PhaseKey,
    pub line: u32,
    pub orders: Vec<(notation::RawOrder, usize)>,
}

/// What a comment attaches to: a phase header or an order (by index).
#[derive(Debug, Clone, Copy)]
pub(super) enum Anchor {
    Phase(usize),
    Order(usize),
}

/// A Deluge body being read, line by line.
pub(super) struct Reader<'c, 't> {
    pub(super) ctx: &'c Ctx<'t>,
    pub(super) sink: Sink,
    /// The body's `{…}` comments, and the remarks read as comments.
    pub(super) comments: Vec<Comment>,
    pub(super) game: DelugeGame,
    pub(super) phases: Vec<ReadPhase>,
    /// The power whose orders the line is (named on it or a line before).
    pub(super) power: Option<&'static str>,
    /// The other names of provinces already reported.
    pub(super) aliases_seen: Vec<String>,
    /// The powers written in words (`Orders for Italy`) already reported.
    pub(super) worded_seen: Vec<String>,
    /// (line, col) of each order and phase header, to attach comments.
    pub(super) anchors: Vec<(usize, usize, Anchor)>,
    /// Inside a judge's "Ownership of supply centers:" block (up to the next blank line).
    pub(super) in_report: notation::Block,
    /// In a run of judge report lines (blank lines between them included): one info per run.
    pub(super) report_run: bool,
    /// The record's own result line (`Draw: England, France`): line and column.
    pub(super) record_result: Option<(notation::ResultLine, u32, u32)>,
    /// Players named by header lines (`England: A. Archer`) where the tags name none.
    pub(super) body_players: Vec<(&'static str, String)>,
    /// The variant, the starting position and the ownership blocks (see `start`).
    pub(super) setup: super::setup::Setup,
    /// In a `Starting position for …` block (up to the first phase).
    pub(super) in_start: bool,
}

/// A remark of the transcriber's (after `//` or ` -- `, or a `#` line) at (line index, line
/// number, column): kept as a comment where `{…}` comments go, with its info `deluge.remark`.
pub(super) fn remark(
    sink: &mut Sink,
    comments: &mut Vec<Comment>,
    (li, lno, col): (usize, u32, usize),
    text: String,
    message: String,
) {
    sink.info("deluge.remark", lno, col as u32 + 1, message);
    comments.push(Comment {
        line: li,
        col,
        offset: 0,
        text,
        closed: true,
    });
}

impl<'c, 't> Reader<'c, 't> {
    /// A reader of a body whose comments are `comments`, its unclosed ones warned of.
    pub(super) fn new(ctx: &'c Ctx<'t>, comments: Vec<Comment>) -> Self {
        let mut sink = Sink::default();
        for c in comments.iter().filter(|c| !c.closed) {
            sink.push(crate::text::unclosed_comment(c, ctx.first_line));
        }
        Reader {
            ctx,
            sink,
            comments,
            game: DelugeGame {
                phases: Vec::new(),
                orders: Vec::new(),
                unparsed: Vec::new(),
                deluge: Vec::new(),
                centres: Vec::new(),
                survivors: None,
                winner: None,
                intro: Vec::new(),
                variant: None,
                unit_changes: Vec::new(),
            },
            phases: Vec::new(),
            power: None,
            aliases_seen: Vec::new(),
            worded_seen: Vec::new(),
            anchors: Vec::new(),
            in_report: notation::Block::Out,
            report_run: false,
            record_result: None,
            body_players: Vec::new(),
            setup: super::setup::Setup {
                standard: super::setup::is_standard(ctx.tag("Game")),
                ..Default::default()
            },
            in_start: false,
        }
    }

    /// One line of the body (`li` its index), its comments already spaces.
    pub(super) fn line(&mut self, li: usize, raw_line: &str) {
        crate::work::examined(raw_line.len());
        let lno = self.ctx.first_line + li as u32;
        // full-width punctuation (`：`, `（`, `，`) as ASCII; one character for one, so columns hold
        let folded: String;
        let line = if raw_line.is_ascii() {
            raw_line
        } else {
            folded = raw_line.chars().map(crate::text::fold_width).collect();
            folded.as_str()
        };
        let line = self.slash_remark(li, lno, line);
        let trimmed = line.trim();
        if trimmed.is_empty() {
            self.in_report.blank();
            return;
        }
        let lead = line.chars().take_while(|c| c.is_whitespace()).count();
        if self.start_line(lno, lead, trimmed) {
            return;
        }
        if let Some((key, form)) = notation::phase_header_form(trimmed) {
            self.phase_header(li, lno, lead, trimmed, (key, form));
            return;
        }
        if self.hash_comment(li, lno, lead, trimmed) {
            return;
        }
        let (trimmed, lead) = self.phase_prefix(li, lno, lead, trimmed);
        if self.report_line(lno, lead, trimmed) {
            return;
        }
        self.report_run = false;
        if self.result_line(lno, lead, trimmed) || self.rule_or_header(lno, lead, trimmed) {
            return;
        }
        let Some((text, text_off)) = self.power_prefix(lno, lead, trimmed) else {
            return;
        };
        if text.trim().is_empty() {
            return;
        }
        // `Defaults, removing the army in Belgium.` (a judge's civil-disorder removal)
        let (text, text_off) = match notation::strip_defaults(&text) {
            Some(k) => (text.chars().skip(k).collect::<String>(), text_off + k),
            None => (text, text_off),
        };
        // `A Mar-Spa -- south`: a remark after a run of dashes (not `F Lon -- Nth`, a move)
        let text = match notation::dash_remark(&text) {
            Some((at, from)) => {
                let note: String = text.chars().skip(from).collect();
                let note = note.trim().to_string();
                let message = format!(
                    "{note:?} after `--` read as a remark on the order before it, kept as a comment"
                );
                remark(
                    &mut self.sink,
                    &mut self.comments,
                    (li, lno, text_off + at),
                    note,
                    message,
                );
                text.chars().take(at).collect()
            }
            None => text,
        };
        self.orders(li, lno, trimmed, &text, text_off);
    }

    /// The line without a remark after `//` (`A Par-Bur // east`), the remark kept as a comment.
    fn slash_remark<'l>(&mut self, li: usize, lno: u32, line: &'l str) -> &'l str {
        match notation::slash_remark(line) {
            Some((at, from)) => {
                let text: String = line.chars().skip(from).collect();
                let text = text.trim().to_string();
                let message = format!("{text:?} after `//` read as a remark, kept as a comment");
                remark(
                    &mut self.sink,
                    &mut self.comments,
                    (li, lno, at),
                    text,
                    message,
                );
                line.char_indices()
                    .nth(at)
                    .map_or(line, |(b, _)| line.get(..b).unwrap_or_default())
            }
            None => line,
        }
    }

    /// A phase header line: the phase begins (its form reported when it is not the usual).
    fn phase_header(
        &mut self,
        li: usize,
        lno: u32,
        lead: usize,
        trimmed: &str,
        (key, form): (PhaseKey, Option<notation::PhaseForm>),
    ) {
        if let Some(form) = form {
            let how = match form {
                notation::PhaseForm::Cjk => "the season written in Chinese or Japanese",
                notation::PhaseForm::ShortYear => "a year of two digits, read as 19xx",
                notation::PhaseForm::Dash => "a dash between its words",
                notation::PhaseForm::OtherLanguage => {
                    "the season written in German, French, Italian, Spanish, Portuguese or Dutch"
                }
                notation::PhaseForm::Summer => {
                    "Summer, the spring's retreats as DAIDE judges name them; Deluge has no summer moves"
                }
            };
            self.sink.info(
                "deluge.phase-form",
                lno,
                lead as u32 + 1,
                format!("phase header {trimmed:?} ({how}) read as {}", key.code()),
            );
        }
        self.anchors
            .push((li, lead, Anchor::Phase(self.phases.len())));
        self.phases.push(ReadPhase {
            key,
            line: lno,
            orders: Vec::new(),
        });
        self.power = None;
        self.in_report = notation::Block::Out;
        self.report_run = false;
    }

    /// A `#` line, kept as a comment.
    fn hash_comment(&mut self, li: usize, lno: u32, lead: usize, trimmed: &str) -> bool {
        // `# typed up from the club sheet`: a comment line
        if let Some(text) = notation::hash_comment(trimmed) {
            let message = format!("a line starting with `#` read as a comment: {text:?}");
            remark(
                &mut self.sink,
                &mut self.comments,
                (li, lno, lead),
                text.to_string(),
                message,
            );
            return true;
        }
        false
    }

    /// A phase header with orders after it on one line (`Winter 1901: England builds F Lon`):
    /// the phase (unless it is the one before), and the rest of the line with its column.
    fn phase_prefix<'l>(
        &mut self,
        li: usize,
        lno: u32,
        lead: usize,
        trimmed: &'l str,
    ) -> (&'l str, usize) {
        // `Winter 1901: England builds F Lon`: the phase header, then the line's orders
        match notation::phase_prefix(trimmed) {
            Some((key, off)) => {
                let same = self.phases.last().is_some_and(|ph| ph.key == key);
                self.sink.info(
                    "deluge.phase-line",
                    lno,
                    lead as u32 + 1,
                    format!(
                        "a phase header with orders after it on one line, read as {}{}",
                        key.code(),
                        if same {
                            " (the phase of the line before)"
                        } else {
                            " and the orders after it"
                        }
                    ),
                );
                if !same {
                    self.anchors
                        .push((li, lead, Anchor::Phase(self.phases.len())));
                    self.phases.push(ReadPhase {
                        key,
                        line: lno,
                        orders: Vec::new(),
                    });
                    self.in_report = notation::Block::Out;
                }
                self.power = None;
                let rest = trimmed
                    .char_indices()
                    .nth(off)
                    .map_or("", |(b, _)| trimmed.get(b..).unwrap_or_default());
                (rest, lead + off)
            }
            None => (trimmed, lead),
        }
    }

    /// A judge's report line or a transcriber's list, skipped (one info a run of them).
    fn report_line(&mut self, lno: u32, lead: usize, trimmed: &str) -> bool {
        if let Some(what) = notation::report_line(trimmed, &mut self.in_report) {
            if self.in_report == notation::Block::In {
                self.ownership_line(trimmed);
            }
            if what == "supply-centre ownership" && self.setup.standard {
                // a standard game reads the block into the position (`start`): nothing skipped
                return true;
            }
            if !self.report_run {
                self.sink.info(
                    "deluge.report-skipped",
                    lno,
                    lead as u32 + 1,
                    if what.starts_with("a list") || what == "a supply-centre list" {
                        format!("{what} written by the transcriber: skipped (annals works it out by replaying the orders and the Deluge rules' tables)")
                    } else {
                        format!("{what} as a judge reports it: skipped (annals works it out by replaying the orders)")
                    },
                );
            }
            self.report_run = true;
            return true;
        }
        false
    }

    /// The record's result line (`Draw: England, France`).
    fn result_line(&mut self, lno: u32, lead: usize, trimmed: &str) -> bool {
        if let Some(r) = notation::result_line(trimmed) {
            let col = lead as u32 + 1;
            if r.unknown.is_empty() {
                let what = if r.draw { "a draw of" } else { "a win of" };
                self.sink.info(
                    "deluge.result-line",
                    lno,
                    col,
                    format!(
                        "{trimmed:?} read as the record's result: {what} {}",
                        r.powers.join(", ")
                    ),
                );
                self.record_result = Some((r, lno, col));
            } else {
                self.sink.warning(
                    "deluge.result-line",
                    lno,
                    col,
                    format!(
                        "{trimmed:?}: a result line naming {} (none of the seven powers); kept as written, not read",
                        r.unknown.join(", ")
                    ),
                );
                self.game.unparsed.push(Unparsed {
                    phase: self.phases.last().map(|ph| ph.key.code()),
                    power: None,
                    text: trimmed.to_string(),
                    line: lno,
                    col,
                });
            }
            return true;
        }
        false
    }

    /// A rule line between phases, or a header line before the first phase.
    fn rule_or_header(&mut self, lno: u32, lead: usize, trimmed: &str) -> bool {
        // a rule line (`----`, `====`, `* * *`) between phases: a separator, no orders
        if crate::text::is_separator(trimmed) {
            self.sink
                .push(crate::text::rule_line(trimmed, lno, lead as u32 + 1));
            self.power = None;
            return true;
        }
        // a header line before the first phase: `England: A. Archer` (the power's player, where
        // the tags name none), `Event: Winter cup`, `GM: …` (kept as the record's comment)
        if self.phases.is_empty()
            && let Some(h) = notation::header_line(trimmed)
        {
            let col = lead as u32 + 1;
            let message = match h {
                notation::HeaderLine::Player(p, name) => {
                    let given =
                        self.ctx.tag(p).is_some() || self.body_players.iter().any(|(q, _)| *q == p);
                    let m = if given {
                        format!(
                            "{trimmed:?} read as a header line naming {p}'s player (the tags name one already; kept as the record's comment)"
                        )
                    } else {
                        format!("{trimmed:?} read as a header line: {name} plays {p}")
                    };
                    if !given {
                        self.body_players.push((p, name));
                    }
                    m
                }
                notation::HeaderLine::Other => {
                    format!(
                        "{trimmed:?} before the first phase read as a header line, kept as the record's comment"
                    )
                }
            };
            self.sink.info("deluge.header-line", lno, col, message);
            self.game.intro.push(trimmed.to_string());
            return true;
        }
        false
    }

    /// The power a line names before its orders (`England:`, `Orders for Italy:`): the orders'
    /// text and column; None for a line left as it is (a power that is none of the seven, its
    /// orders kept as written).
    fn power_prefix(&mut self, lno: u32, lead: usize, trimmed: &str) -> Option<(String, usize)> {
        let (text, text_off) = match notation::power_prefix(trimmed) {
            notation::Prefix::Power(p, off) => {
                self.power = Some(p);
                let rest: String = trimmed.chars().skip(off).collect();
                (rest, lead + off)
            }
            notation::Prefix::Worded(p, off, head) => {
                if !self.worded_seen.contains(&head) {
                    self.sink.info(
                        "deluge.power-form",
                        lno,
                        lead as u32 + 1,
                        format!(
                            "{head:?} read as the power {p} (reported once per game for each form)"
                        ),
                    );
                    self.worded_seen.push(head);
                }
                self.power = Some(p);
                let rest: String = trimmed.chars().skip(off).collect();
                (rest, lead + off)
            }
            notation::Prefix::Unknown(head, off) => {
                self.sink.error(
                    "deluge.unknown-power",
                    lno,
                    lead as u32 + 1,
                    format!("{head:?} is none of the seven powers; the orders of this line are kept as written"),
                );
                self.power = None;
                let rest: String = trimmed.chars().skip(off).collect();
                for (o, otext) in notation::split_orders(&rest) {
                    self.game.unparsed.push(Unparsed {
                        phase: self.phases.last().map(|ph| ph.key.code()),
                        power: None,
                        text: otext,
                        line: lno,
                        col: (lead + off + o + 1) as u32,
                    });
                }
                return None;
            }
            notation::Prefix::None => (trimmed.to_string(), lead),
        };
        Some((text, text_off))
    }
}
