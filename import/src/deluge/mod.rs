//! Diplomacy *Deluge* records (`.dip`): Deluge II by Sharrock & Agar (seed 001), read from judge
//! notation, replayed on the year's map with seed 001's schedule of submergences and new supply
//! centres, and adjudicated where the record gives no results.
//!
//! # Body layout
//! - **Phases** are headed by a line `Winter 1900`, `Spring 1901`, `Fall 1901` (`Autumn` too),
//!   `Fall 1901 Retreats`, `Winter 1901` (optionally `Adjustments`/`Builds`), the seed's `W 1901`,
//!   `Spring of 1901`, `1901 Spring`, `Spring, 1901 (Retreats)`, the compact `S1901M`, `F1901R`,
//!   `W1901A`, or a judge's `Movement results for Spring of 1901.  (game/S1901M)` (`Retreat orders
//!   for …`, `Adjustment orders for …`; the bracketed code wins); a trailing `:` is allowed. A winter
//!   is always an adjustment phase (rule 1 plays Winter 1900 as a separate season of builds).
//!   Also read, with an info (`deluge.phase-form`): the season in Chinese or Japanese (`1901春`,
//!   `1901年秋季`, `冬の1900` as the seed's translation writes it) and a two-digit year after a
//!   season word (`Spring 01`); and silently `Sp 1901`, `Winter 1900 initial builds`.
//! - **Orders** follow as `Power: order, order, …` (`,` or `;` between orders) or a line
//!   `Power:` and then one order per line. Powers are the seven, in full or as `Eng`, `E`, `Germ`,
//!   `Turk`…; a player's name may follow in brackets (`Russia (Fedorov):`); a power name of three
//!   letters or more may stand without its colon before an order (`England F Lon-Nth`). A `Word:`
//!   that names no power is an error (`deluge.unknown-power`) and its orders are kept unattributed
//!   (never given to the power of the line before). Full-width punctuation (`：`, `，`, `（`) is read as
//!   ASCII.
//! - **Judge notation:** `A Par-Bur`, `A Par - Bur`, `A Par->Bur`, `A Par moves to Bur`; convoy
//!   routes `A Lon-Nth-Bel` (`via` = the seas between; `(via convoy)` is no result); `A Mar S A
//!   Par-Bur`, `A Mar S Par-Bur`, `A Mar S A Bur` (support of a hold); `F NTH C A Lon-Bel`; `A Bur H`
//!   or a unit alone (hold); `A Bre T` (the variant's transformation, rule 2; also `transforms`,
//!   `becomes F`, `turns into a fleet`, `A Bre -> F`); `Build A Par`, `B A Par`, `A Par B`; `Remove A
//!   Mun`, `Disband`, `D`, `A Mun D`; `Waive`. An adjustment verb carries over the rest of its line
//!   (`Build F Lon, F Edi, A Lpl`; `Builds: …`). In a retreat phase a move is the retreat (also `A
//!   Ser R Alb`) and `Disband`/`D`/`R` alone a disbandment (`kind` `remove`). A judge's report
//!   writes units and provinces in full (`Army Budapest -> Serbia.`, `Fleet St Petersburg (south
//!   coast) -> Gulf of Bothnia.`, `Mid-Atlantic Ocean`), `HOLD`/`SUPPORT`/`CONVOY`, and adjustments
//!   as `Builds an army in Vienna.`, `Removes the fleet in …`, `Build waived.`, `Defaults, removing
//!   the army in …`; all are read.
//! - **Other transcribers:** `France - Build A Par` (a dash for the colon), `F Lon -- Nth` (a run
//!   of dashes is one move sign), `A Mar disbanded`, `1 build waived`; a unit alone in an
//!   adjustment phase (`eng: f lon, f edi`) is a build where the power has no unit there and a
//!   removal where it has one (info `deluge.adjustment-inferred`; not guessed when the position is
//!   unknown). A transcriber's own lists (`Supply centres: …`, `Centres:` and the lines under it,
//!   `Submerged: Lon, Hol`, `New supply centres: …`, `Drowned: A Lon`) are skipped like a judge's
//!   report lines (`deluge.report-skipped`). `+F Lon`, `-A Bur` in an adjustment phase are a
//!   build and a removal (info `deluge.adjustment-mark`; elsewhere unread). Orders numbered on one
//!   line (`1. A Par-Bur 2. A Mar S A Par-Bur`, `1) …`) are split at the numbers. `⇒`, `⟶`, `➔`
//!   are move signs.
//! - **Fourth transcribers:** support and convoy as clubs abbreviate them (`A Mar Sup A Par-Bur`,
//!   `supp`, `supt`, `spt`; `F Nth CVY A Yor-Nwy`, `conv`; not `Con`, a province) and a result
//!   after a colon that ends a whole order (`A Mun-Bur: bounced`; a word after it that is no
//!   result stays unread) are read with an info each (`deluge.order-form`). A power named in
//!   words before the colon (`Orders for Italy:`, `Austria's orders:`, `Turkey orders:`) is that
//!   power (info `deluge.power-form`, once per game for each form); before, such a line's orders
//!   went to the power of the line above it. A bracketed result with its reason after it
//!   (`(bounced by Austria)`, `(dislodged by A Mun)`, `(cut by F Nth)`, `(bounce, equal
//!   strength)`) is read as that result (the same info); a phase header with a dash between its
//!   words (`Spring 1901 - Movement`, `Fall 1901 — Retreats`) is read as the header (info
//!   `deluge.phase-form`; before, it was read as an order of the power of the line above).
//! - **Seventh transcribers:** an njudge report's `SUPPORT Russian Army Moscow -> St Petersburg.`
//!   and `CONVOY English Army …` (the owner's adjective before another power's unit) and its
//!   `Army Vienna, No Order Processed.` (the unit holds; info `deluge.no-orders`), and `stand` for a
//!   hold (the judge's order syntax); the powers in German, French, Italian, Spanish, Portuguese,
//!   Dutch, Japanese (as seed 001's translation writes `ロシア`), Chinese and Korean
//!   (`Deutschland:`, `Österreich:`, `Angleterre:`, `イギリス:`) or abbreviated with a full stop
//!   (`Eng.:`, `Aust.:`), each with the info `deluge.power-form`; the seasons in those European
//!   languages (`Frühjahr 1901`, `Herbst 1901 Rückzüge`, `Printemps 1901`, `Inverno 1901`) and
//!   `Summer 1901`, the spring's retreats as DAIDE judges name them (info `deluge.phase-form`); a
//!   result between stars without brackets (`A Par-Bur *bounce*`, `A Mun H *dislodged*`; info
//!   `deluge.order-form`) and `(stand-off)`; province names of other maps and languages (`Tyrol`,
//!   `Marseille`, `Sebastopol`, `Helgoland Bight`, `Skagerak`: `deluge.alias`) and full names
//!   misspelled by one letter when only one province is that near (`Burgandy`, `Ukriane`,
//!   `Gallicia`, `Norwegain Sea`; info `deluge.misspelled`; never a power's name, `Russia` is no
//!   `Prussia`, nor `Ireland`).
//! - **Eighth transcribers:** an order a zine marks as failed, with a star after it (`A Bur-Par*`,
//!   `a mun - bur *`) or printed whole in brackets as the Electronic Protocol's adjudications do
//!   (`(A Mar-Bur)`), is read with the result `fails` (the adjudication, which may find
//!   `bounced` or `cut`, agrees with it; where it finds success, the usual
//!   `deluge.result-contradiction`); supports and convoys with the unit's letter glued to them
//!   as adjudicators' programs print them (`F Nwg SF Nth-Nwy`, `A StP SA Mos`, `F Nth CA
//!   Yor-Nwy`) and the support of a hold written as a move to where the unit stands (`SA Mos-Mos`);
//!   a hold written as a move to `H` (`F Nao-H`); the verb before a retreat (`Retreat A Mun -
//!   Boh`): each an info `deluge.order-form`. A phase header with orders after it on one line
//!   (`Winter 1901: England builds F Lon`, `Spring 1901: France: A Par-Bur`) opens that phase
//!   (or stays in it, when the line before opened it) and reads the orders (info
//!   `deluge.phase-line`). Already read before this round: results in brackets (`(bounced)`,
//!   `(dislodged)`), lower-case orders, `hold`/`H`/`stands`, a full stop after an abbreviation
//!   (`F Lon. - Nth.`), coasts `StP(sc)`, `Spa/nc`, `Spa NC`.
//! - **Ninth transcribers:** a unit written `A/F` (`F/A`, `Army/Fleet`: `A/F Lon - Nth`): seed
//!   001 names the Abstraction A/F rules but defines no such unit, so it is read as a unit of
//!   either type (`unit` left empty), the replay taking the one that stands there; a slash or a
//!   full stop after the unit's letter (`A/Lon`, `F/ Nth`, `A.Lon-Bur`) is read as `A Lon`; each
//!   an info `deluge.order-form`. St Petersburg with a full stop or a space (`St.P`, `St. P`, `St
//!   P`, `St.Petersburg`) is `stp` (info `deluge.alias`; before, `deluge.unknown-province`).
//! - **Result lines** `Draw: Germany, Austria`, `Solo: France`, `Winner: …`, `Result: draw …`
//!   give the game's outcome when the replay gives none (info `deluge.result-line`); a replay that
//!   gives another keeps its own (warning `deluge.result-disagrees`); a name that is no power
//!   leaves the line unread (warning `deluge.result-line`, kept as written).
//! - **No orders:** `none`, `-`, `NMR`, `no builds`… is a waive in an adjustment phase and nothing
//!   (the units hold) elsewhere, with an info (`deluge.no-orders`).
//! - **Judge report lines** that hold no orders are skipped with one info per run of them
//!   (`deluge.report-skipped`): the `Ownership of supply centers:` block, `5 Supply centers, 3
//!   Units: Builds 2 units.`, dislodgement notices, `The next phase …`, `Subject: …`.
//! - **Coasts:** `F(StP)nc` (the seed's form), `StP/nc`, `StP(nc)`, `StP (north coast)`. The coast
//!   is kept apart from the province (`"at":"stp","coast":"nc"`; `to_coast` for the destination).
//! - **Provinces** are the standard map's codes, lower case, plus `ice` and `swi`; other spellings
//!   (`Lpl`, `GoL`, `NAt`, full names such as `North Sea`) are read with an info (`deluge.alias`).
//! - **Results** in brackets at the end of an order: `(bounce)`, `[dislodged]`, `(cut)`,
//!   `(no convoy)`, `(void)`, `(succeeds)`, `(*bounce*)`… normalized to `succeeds`, `bounced`,
//!   `fails`, `cut`, `void`, `dislodged`, `no_convoy`, `destroyed`. An unknown bracket word is kept
//!   as written with a warning (`deluge.result-unknown`).
//! - `{…}` comments attach to the order before them (or to the phase header). So do remarks
//!   after `//` (at the start of a line or after a space: `A Par-Bur // east`) and after a run of
//!   dashes with a space before it where the order before reads and the words after are no
//!   province (`A Mar-Spa -- south`; `F Lon -- Nth` stays a move), and lines starting with `#`
//!   (`# typed up from the club sheet`; before the first phase, the record's comment); each with
//!   an info (`deluge.remark`).
//! - **Separators:** besides `,` and `;`, a tab and a slash with spaces around it (`Build F Lon /
//!   Build F Edi`, `F Lon-Nth<TAB>F Edi-Nwg`) separate orders where the whole does not read as
//!   one order (`Spa/sc`, `Spa / sc` stay coasts).
//!
//! # Replay (see `replay`)
//! The position starts empty before Winter 1900 (rule 1: players build in their home centres).
//! Each movement phase is adjudicated (`adjudicate`); where the record gives an order's result,
//! the record wins and a disagreement is a warning (`deluge.result-contradiction`). After each
//! winter's adjustments come the submergences of Table 1 (armies there drown, rule 4; supply
//! centres there are destroyed, rule 3), then the new centres of Table 2 with the owner of rule 5.
//! The survivor after W1908 wins (rule 9).
//!
//! # Diagnostic codes
//! Errors: `deluge.order-unreadable`, `deluge.line-unreadable`, `deluge.no-phase`,
//! `deluge.no-power`, `deluge.unknown-power`. Warnings: `deluge.submerged`, `deluge.impassable`, `deluge.unknown-province`,
//! `deluge.result-contradiction`, `deluge.result-unknown`, `deluge.no-unit`, `deluge.unreachable`,
//! `deluge.order-phase`, `deluge.build-invalid`, `deluge.build-count`, `deluge.phase-order`,
//! `deluge.unclosed-comment`, `deluge.transform-invalid`, `deluge.order-twice`, `deluge.after-end`. Infos: `deluge.alias`, `deluge.phase-gap`, `deluge.retreat-missing`,
//! `deluge.coast-inferred`, `deluge.no-orders`, `deluge.report-skipped`, `deluge.phase-form`,
//! `deluge.adjustment-inferred`, `deluge.adjustment-mark`, `deluge.result-line`,
//! `deluge.order-form`, `deluge.power-form`, `deluge.misspelled`, `deluge.header-line`,
//! `deluge.rule-line`, `deluge.phase-line`, `deluge.remark`.

pub mod adjudicate;
pub(crate) mod entry;
pub mod map;
pub mod notation;
mod replay;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::diag::Sink;
use crate::model::{Ctx, Outcome, Parsed, Seat};
use notation::{OrderKind, PhaseKey};

/// One order, normalized (CONTRACT.md `moves` for Deluge).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Order {
    pub phase: String,
    pub year: u16,
    pub season: String,
    pub power: String,
    /// `A` or `F`; `null` for `waive` (and where the record leaves it out).
    pub unit: Option<String>,
    pub at: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub coast: Option<String>,
    pub kind: String,
    pub to: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_coast: Option<String>,
    pub via: Vec<String>,
    /// Support and convoy: the unit supported or convoyed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub of_unit: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub of: Option<String>,
    /// The result: as recorded where the record gives one, else as adjudicated.
    pub result: Option<String>,
    /// `record` or `adjudicated` (`null` when there is no result).
    pub result_from: Option<String>,
    /// What annals' adjudication found, when the record also gives a result.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adjudicated: Option<String>,
    /// The order as written.
    pub notation: String,
    pub line: u32,
    pub col: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
}

/// A phase of the record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Phase {
    pub phase: String,
    pub year: u16,
    pub season: String,
    pub line: u32,
    /// Number of orders in it.
    pub orders: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
}

/// An order that could not be read, kept as written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Unparsed {
    pub phase: Option<String>,
    pub power: Option<String>,
    pub text: String,
    pub line: u32,
    pub col: u32,
}

/// A unit in a report (drowned units, units at the end).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitAt {
    pub power: String,
    pub unit: String,
    pub at: String,
}

/// A new supply centre and who gets it (rule 5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewCentre {
    pub province: String,
    /// `null`: neutral.
    pub owner: Option<String>,
    /// `occupied`, `last_unit`, `boundary`, `neutral`: which clause of rule 5 gave the owner.
    pub rule: String,
}

/// What the winter of a year did to the map (Table 1, Table 2, rule 4).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DelugeYear {
    pub year: u16,
    pub submerged: Vec<String>,
    pub new_centres: Vec<String>,
    pub new_centre_owners: Vec<NewCentre>,
    pub drowned: Vec<UnitAt>,
    /// Provinces that become passable from the next spring (rule 6).
    pub passable: Vec<String>,
    /// False when the record does not give every phase up to this winter: then `drowned` is empty
    /// (the position is not known) and owners of new centres may be wrong.
    pub position_known: bool,
}

/// Supply centres per power after a year's winter (year 1900: after the first builds).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CentresYear {
    pub year: u16,
    pub owners: BTreeMap<String, Vec<String>>,
    pub counts: BTreeMap<String, usize>,
    pub units: BTreeMap<String, usize>,
    pub position_known: bool,
}

/// A Deluge game, normalized.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct DelugeGame {
    pub phases: Vec<Phase>,
    /// The orders in record order: the `moves` of CONTRACT.md (serialized under that name so that
    /// the game document does not carry them twice).
    #[serde(rename = "moves")]
    pub orders: Vec<Order>,
    pub unparsed: Vec<Unparsed>,
    pub deluge: Vec<DelugeYear>,
    pub centres: Vec<CentresYear>,
    /// Powers with a unit or a centre after W1908 (`null` when the record does not reach it).
    pub survivors: Option<Vec<String>>,
    /// The survivor when there is exactly one (rule 9).
    pub winner: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub intro: Vec<String>,
}

/// A phase as read, with its orders.
pub(crate) struct ReadPhase {
    pub key: PhaseKey,
    pub line: u32,
    pub orders: Vec<(notation::RawOrder, usize)>,
}

/// A remark of the transcriber's (after `//` or ` -- `, or a `#` line) at (line index, line
/// number, column): kept as a comment where `{…}` comments go, with its info `deluge.remark`.
fn remark(
    sink: &mut Sink,
    comments: &mut Vec<crate::text::Comment>,
    (li, lno, col): (usize, u32, usize),
    text: String,
    message: String,
) {
    sink.info("deluge.remark", lno, col as u32 + 1, message);
    comments.push(crate::text::Comment {
        line: li,
        col,
        offset: 0,
        text,
        closed: true,
    });
}

/// Parses a Deluge body. Never panics.
pub fn parse(body: &str, ctx: &Ctx) -> Parsed<DelugeGame> {
    let mut sink = Sink::default();
    let (clean, mut comments) = crate::text::strip_comments(body);
    for c in comments.iter().filter(|c| !c.closed) {
        sink.warning(
            "deluge.unclosed-comment",
            ctx.first_line + c.line as u32,
            c.col as u32 + 1,
            "a `{` comment is not closed on its line; it is read to the end of the line",
        );
    }
    let mut game = DelugeGame {
        phases: Vec::new(),
        orders: Vec::new(),
        unparsed: Vec::new(),
        deluge: Vec::new(),
        centres: Vec::new(),
        survivors: None,
        winner: None,
        intro: Vec::new(),
    };
    let mut phases: Vec<ReadPhase> = Vec::new();
    let mut power: Option<&'static str> = None;
    let mut aliases_seen: Vec<String> = Vec::new();
    // the powers written in words (`Orders for Italy`) already reported
    let mut worded_seen: Vec<String> = Vec::new();
    // (line, col) of each order and phase header, to attach comments.
    let mut anchors: Vec<(usize, usize, Anchor)> = Vec::new();
    // inside a judge's "Ownership of supply centers:" block (up to the next blank line)
    let mut in_report = notation::Block::Out;
    // in a run of judge report lines (blank lines between them included): one info per run
    let mut report_run = false;
    // the record's own result line (`Draw: England, France`): line and column
    let mut record_result: Option<(notation::ResultLine, u32, u32)> = None;
    // players named by header lines (`England: A. Archer`) where the tags name none
    let mut body_players: Vec<(&'static str, String)> = Vec::new();
    for (li, raw_line) in clean.lines().enumerate() {
        let lno = ctx.first_line + li as u32;
        // full-width punctuation (`：`, `（`, `，`) as ASCII; one character for one, so columns hold
        let folded: String;
        let line = if raw_line.is_ascii() {
            raw_line
        } else {
            folded = raw_line.chars().map(crate::text::fold_width).collect();
            folded.as_str()
        };
        // `A Par-Bur // east`: a remark to the end of the line, kept as a comment
        let line = match notation::slash_remark(line) {
            Some((at, from)) => {
                let text: String = line.chars().skip(from).collect();
                let text = text.trim().to_string();
                let message = format!("{text:?} after `//` read as a remark, kept as a comment");
                remark(&mut sink, &mut comments, (li, lno, at), text, message);
                line.char_indices()
                    .nth(at)
                    .map_or(line, |(b, _)| line.get(..b).unwrap_or_default())
            }
            None => line,
        };
        let trimmed = line.trim();
        if trimmed.is_empty() {
            in_report.blank();
            continue;
        }
        let lead = line.chars().take_while(|c| c.is_whitespace()).count();
        if let Some((key, form)) = notation::phase_header_form(trimmed) {
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
                sink.info(
                    "deluge.phase-form",
                    lno,
                    lead as u32 + 1,
                    format!("phase header {trimmed:?} ({how}) read as {}", key.code()),
                );
            }
            anchors.push((li, lead, Anchor::Phase(phases.len())));
            phases.push(ReadPhase {
                key,
                line: lno,
                orders: Vec::new(),
            });
            power = None;
            in_report = notation::Block::Out;
            report_run = false;
            continue;
        }
        // `# typed up from the club sheet`: a comment line
        if let Some(text) = notation::hash_comment(trimmed) {
            let message = format!("a line starting with `#` read as a comment: {text:?}");
            remark(
                &mut sink,
                &mut comments,
                (li, lno, lead),
                text.to_string(),
                message,
            );
            continue;
        }
        // `Winter 1901: England builds F Lon`: the phase header, then the line's orders
        let (trimmed, lead) = match notation::phase_prefix(trimmed) {
            Some((key, off)) => {
                let same = phases.last().is_some_and(|ph| ph.key == key);
                sink.info(
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
                    anchors.push((li, lead, Anchor::Phase(phases.len())));
                    phases.push(ReadPhase {
                        key,
                        line: lno,
                        orders: Vec::new(),
                    });
                    in_report = notation::Block::Out;
                }
                power = None;
                let rest = trimmed
                    .char_indices()
                    .nth(off)
                    .map_or("", |(b, _)| trimmed.get(b..).unwrap_or_default());
                (rest, lead + off)
            }
            None => (trimmed, lead),
        };
        if let Some(what) = notation::report_line(trimmed, &mut in_report) {
            if !report_run {
                sink.info(
                    "deluge.report-skipped",
                    lno,
                    lead as u32 + 1,
                    if what.starts_with("a list") || what == "a supply-centre list" {
                        format!("{what} written by the transcriber: skipped (annals works it out by replaying the orders and seed 001's tables)")
                    } else {
                        format!("{what} as a judge reports it: skipped (annals works it out by replaying the orders)")
                    },
                );
            }
            report_run = true;
            continue;
        }
        report_run = false;
        if let Some(r) = notation::result_line(trimmed) {
            let col = lead as u32 + 1;
            if r.unknown.is_empty() {
                let what = if r.draw { "a draw of" } else { "a win of" };
                sink.info(
                    "deluge.result-line",
                    lno,
                    col,
                    format!(
                        "{trimmed:?} read as the record's result: {what} {}",
                        r.powers.join(", ")
                    ),
                );
                record_result = Some((r, lno, col));
            } else {
                sink.warning(
                    "deluge.result-line",
                    lno,
                    col,
                    format!(
                        "{trimmed:?}: a result line naming {} (none of the seven powers); kept as written, not read",
                        r.unknown.join(", ")
                    ),
                );
                game.unparsed.push(Unparsed {
                    phase: phases.last().map(|ph| ph.key.code()),
                    power: None,
                    text: trimmed.to_string(),
                    line: lno,
                    col,
                });
            }
            continue;
        }
        // a rule line (`----`, `====`, `* * *`) between phases: a separator, no orders
        if crate::text::is_separator(trimmed) {
            sink.info(
                "deluge.rule-line",
                lno,
                lead as u32 + 1,
                format!("rule line {trimmed:?} read as a separator inside the game; ignored"),
            );
            power = None;
            continue;
        }
        // a header line before the first phase: `England: A. Archer` (the power's player, where
        // the tags name none), `Event: Winter cup`, `GM: …` (kept as the record's comment)
        if phases.is_empty()
            && let Some(h) = notation::header_line(trimmed)
        {
            let col = lead as u32 + 1;
            let message = match h {
                notation::HeaderLine::Player(p, name) => {
                    let given = ctx.tag(p).is_some() || body_players.iter().any(|(q, _)| *q == p);
                    let m = if given {
                        format!(
                            "{trimmed:?} read as a header line naming {p}'s player (the tags name one already; kept as the record's comment)"
                        )
                    } else {
                        format!("{trimmed:?} read as a header line: {name} plays {p}")
                    };
                    if !given {
                        body_players.push((p, name));
                    }
                    m
                }
                notation::HeaderLine::Other => {
                    format!(
                        "{trimmed:?} before the first phase read as a header line, kept as the record's comment"
                    )
                }
            };
            sink.info("deluge.header-line", lno, col, message);
            game.intro.push(trimmed.to_string());
            continue;
        }
        let (text, text_off) = match notation::power_prefix(trimmed) {
            notation::Prefix::Power(p, off) => {
                power = Some(p);
                let rest: String = trimmed.chars().skip(off).collect();
                (rest, lead + off)
            }
            notation::Prefix::Worded(p, off, head) => {
                if !worded_seen.contains(&head) {
                    sink.info(
                        "deluge.power-form",
                        lno,
                        lead as u32 + 1,
                        format!(
                            "{head:?} read as the power {p} (reported once per game for each form)"
                        ),
                    );
                    worded_seen.push(head);
                }
                power = Some(p);
                let rest: String = trimmed.chars().skip(off).collect();
                (rest, lead + off)
            }
            notation::Prefix::Unknown(head, off) => {
                sink.error(
                    "deluge.unknown-power",
                    lno,
                    lead as u32 + 1,
                    format!("{head:?} is none of the seven powers; the orders of this line are kept as written"),
                );
                power = None;
                let rest: String = trimmed.chars().skip(off).collect();
                for (o, otext) in notation::split_orders(&rest) {
                    game.unparsed.push(Unparsed {
                        phase: phases.last().map(|ph| ph.key.code()),
                        power: None,
                        text: otext,
                        line: lno,
                        col: (lead + off + o + 1) as u32,
                    });
                }
                continue;
            }
            notation::Prefix::None => (trimmed.to_string(), lead),
        };
        if text.trim().is_empty() {
            continue;
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
                    &mut sink,
                    &mut comments,
                    (li, lno, text_off + at),
                    note,
                    message,
                );
                text.chars().take(at).collect()
            }
            None => text,
        };
        // the adjustment verb of an earlier order on the line: `Build F Lon, F Edi, A Lpl`
        let mut line_lead: Option<OrderKind> = None;
        // the order read last on this line (`Army Vienna, No Order Processed.`)
        let mut line_order: Option<usize> = None;
        for (off, otext) in notation::split_orders(&text) {
            let col = (text_off + off + 1) as u32;
            let Some(ph) = phases.last_mut() else {
                sink.error(
                    "deluge.no-phase",
                    lno,
                    col,
                    format!("{otext:?} comes before any phase header (`Spring 1901`, `S1901M`); kept as written"),
                );
                game.unparsed.push(Unparsed {
                    phase: None,
                    power: power.map(str::to_string),
                    text: otext,
                    line: lno,
                    col,
                });
                continue;
            };
            let Some(p) = power else {
                let code = if trimmed.contains(':') {
                    "deluge.line-unreadable"
                } else {
                    "deluge.no-power"
                };
                sink.error(
                    code,
                    lno,
                    col,
                    format!("{otext:?}: no power is named for it (`England: A Lon-Nth`); kept as written"),
                );
                game.unparsed.push(Unparsed {
                    phase: Some(ph.key.code()),
                    power: None,
                    text: otext,
                    line: lno,
                    col,
                });
                continue;
            };
            // `Army Vienna, No Order Processed.`: the judge's note on the unit before it, which holds
            if let Some(i) = line_order.filter(|_| notation::no_order_processed(&otext))
                && let Some(before) = game.orders.get(i)
                && before.kind == "hold"
            {
                sink.info(
                    "deluge.no-orders",
                    lno,
                    col,
                    format!(
                        "{otext:?}: the judge's note that {p} gave no order for {:?}, which holds",
                        before.notation
                    ),
                );
                continue;
            }
            let parsed = if notation::no_order(&otext) {
                if ph.key.step != 2 {
                    sink.info(
                        "deluge.no-orders",
                        lno,
                        col,
                        format!("{otext:?}: {p} gives no orders (its units hold)"),
                    );
                    continue;
                }
                // in an adjustment phase it declines the builds
                sink.info(
                    "deluge.no-orders",
                    lno,
                    col,
                    format!("{otext:?}: {p} makes no adjustment; read as a waive"),
                );
                Ok(notation::waive())
            } else if let Some((kind, k)) =
                notation::adjustment_mark(&otext).filter(|_| ph.key.step == 2)
            {
                // `+F Lon`, `-A Mun` in an adjustment phase: a build, a removal
                let rest: String = otext.chars().skip(k).collect();
                sink.info(
                    "deluge.adjustment-mark",
                    lno,
                    col,
                    format!(
                        "{otext:?}: the mark {:?} in an adjustment phase read as {}",
                        otext.chars().next().unwrap_or('+'),
                        kind.as_str()
                    ),
                );
                notation::order_in(&rest, Some(kind)).map_err(|(e, why)| (e + k, why))
            } else {
                notation::order_in(&otext, line_lead)
            };
            match parsed {
                Ok(mut o) => {
                    if matches!(o.kind, OrderKind::Build | OrderKind::Remove) {
                        line_lead = Some(o.kind);
                    }
                    for (off, what) in std::mem::take(&mut o.forms) {
                        sink.info(
                            "deluge.order-form",
                            lno,
                            col + off as u32,
                            format!("{otext:?}: {what}"),
                        );
                    }
                    notation::check_result(&mut o, &mut sink, lno, col);
                    for l in [&o.at, &o.to, &o.of]
                        .into_iter()
                        .flatten()
                        .chain(o.via.iter())
                    {
                        let lcol = col + l.off as u32;
                        match l.code {
                            Some(code) if l.misspelled => {
                                let w = l.written.to_ascii_lowercase();
                                if !aliases_seen.contains(&w) {
                                    aliases_seen.push(w);
                                    let name = map::map().province(code).map_or(code, |p| p.name);
                                    sink.info(
                                        "deluge.misspelled",
                                        lno,
                                        lcol,
                                        format!("{:?} is no province's name; read as {code} ({name}), the one name a letter away", l.written),
                                    );
                                }
                            }
                            None => sink.warning(
                                "deluge.unknown-province",
                                lno,
                                lcol,
                                format!("{:?} is not a province of the Deluge map; the order is not adjudicated", l.written),
                            ),
                            Some(code) => {
                                let w = l.written.to_ascii_lowercase();
                                if w != code && !aliases_seen.contains(&w) {
                                    aliases_seen.push(w);
                                    sink.info(
                                        "deluge.alias",
                                        lno,
                                        lcol,
                                        format!("{:?} read as {code}", l.written),
                                    );
                                }
                            }
                        }
                    }
                    let idx = game.orders.len();
                    line_order = Some(idx);
                    let key = ph.key;
                    game.orders.push(Order {
                        phase: key.code(),
                        year: key.year,
                        season: key.season_name().to_string(),
                        power: p.to_string(),
                        unit: o.unit.map(|u| u.to_string()),
                        at: o.at.as_ref().map(notation::Loc::key),
                        coast: o.at.as_ref().and_then(|l| l.coast.clone()),
                        kind: o.kind.as_str().to_string(),
                        to: o.to.as_ref().map(notation::Loc::key),
                        to_coast: o.to.as_ref().and_then(|l| l.coast.clone()),
                        via: o.via.iter().map(notation::Loc::key).collect(),
                        of_unit: o.of_unit.map(|u| u.to_string()),
                        of: o.of.as_ref().map(notation::Loc::key),
                        result: o.result.clone(),
                        result_from: o.result.as_ref().map(|_| "record".to_string()),
                        adjudicated: None,
                        notation: otext.clone(),
                        line: lno,
                        col,
                        comment: None,
                    });
                    anchors.push((li, col as usize - 1, Anchor::Order(idx)));
                    if o.kind == OrderKind::Waive {
                        game.orders[idx].unit = None;
                    }
                    ph.orders.push((o, idx));
                }
                Err((eoff, why)) => {
                    sink.error(
                        "deluge.order-unreadable",
                        lno,
                        col + eoff as u32,
                        format!("cannot read the order {otext:?}: {why}; kept as written"),
                    );
                    game.unparsed.push(Unparsed {
                        phase: Some(ph.key.code()),
                        power: Some(p.to_string()),
                        text: otext,
                        line: lno,
                        col,
                    });
                }
            }
        }
    }
    // Comments: to the last anchor that starts before the comment.
    comments.sort_by_key(|c| (c.line, c.col));
    let mut phase_comments: Vec<(usize, String)> = Vec::new();
    for c in &comments {
        let target = anchors
            .iter()
            .rev()
            .find(|(l, col, _)| (*l, *col) < (c.line, c.col))
            .map(|(_, _, a)| *a);
        let text = c.text.clone();
        if text.is_empty() {
            continue;
        }
        match target {
            Some(Anchor::Order(i)) => {
                if let Some(o) = game.orders.get_mut(i) {
                    join(&mut o.comment, text);
                }
            }
            Some(Anchor::Phase(i)) => phase_comments.push((i, text)),
            None => game.intro.push(text),
        }
    }
    replay::replay(&mut game, &phases, &mut sink);
    for (i, text) in phase_comments {
        if let Some(p) = game.phases.get_mut(i) {
            join(&mut p.comment, text);
        }
    }
    let players = map::POWERS
        .iter()
        .filter_map(|p| {
            let name = ctx.tag(p).map(str::to_string).or_else(|| {
                body_players
                    .iter()
                    .find(|(q, _)| q == p)
                    .map(|(_, n)| n.clone())
            })?;
            Some(Seat {
                seat: p.to_string(),
                name: Some(name),
                color: None,
            })
        })
        .collect();
    let outcome = match (&game.winner, &game.survivors) {
        (Some(w), _) => Some(Outcome {
            winners: vec![w.clone()],
            draw: Vec::new(),
            summary: format!("{w} survives"),
        }),
        (None, Some(s)) if s.is_empty() => Some(Outcome {
            winners: Vec::new(),
            draw: Vec::new(),
            summary: "no survivor".to_string(),
        }),
        (None, Some(s)) => Some(Outcome {
            winners: Vec::new(),
            draw: s.clone(),
            summary: format!("{} survive", s.join(", ")),
        }),
        _ => None,
    };
    let outcome = match (outcome, record_result) {
        (o, None) => o,
        (None, Some((r, _, _))) => Some(record_outcome(&r)),
        (Some(o), Some((r, lno, col))) => {
            let rec = record_outcome(&r);
            if (&rec.winners, &rec.draw) != (&o.winners, &o.draw) {
                sink.warning(
                    "deluge.result-disagrees",
                    lno,
                    col,
                    format!(
                        "the record gives {}, the replay {}; the replay is kept",
                        rec.summary, o.summary
                    ),
                );
            }
            Some(o)
        }
    };
    Parsed {
        game,
        players,
        outcome,
        title: None,
        diagnostics: sink.items,
    }
}

/// The outcome a record's result line gives (when the replay gives none).
fn record_outcome(r: &notation::ResultLine) -> Outcome {
    let names: Vec<String> = r.powers.iter().map(|p| p.to_string()).collect();
    if r.draw {
        Outcome {
            winners: Vec::new(),
            summary: format!("a draw of {} (the record's result)", names.join(", ")),
            draw: names,
        }
    } else {
        Outcome {
            summary: format!("{} wins (the record's result)", names.join(", ")),
            winners: names,
            draw: Vec::new(),
        }
    }
}

#[derive(Debug, Clone, Copy)]
enum Anchor {
    Phase(usize),
    Order(usize),
}

fn join(slot: &mut Option<String>, text: String) {
    match slot {
        Some(s) => {
            s.push(' ');
            s.push_str(&text);
        }
        None => *slot = Some(text),
    }
}
