//! Diplomacy *Deluge* records (`.dip`): Deluge II by Sharrock & Agar (the Deluge rules), read from judge
//! notation, replayed on the year's map with the Deluge rules' schedule of submergences and new supply
//! centres, and adjudicated where the record gives no results.
//!
//! # Body layout
//! - **Phases** are headed by a line `Winter 1900`, `Spring 1901`, `Fall 1901` (`Autumn` too),
//!   `Fall 1901 Retreats`, `Winter 1901` (optionally `Adjustments`/`Builds`), the notation's `W 1901`,
//!   `Spring of 1901`, `1901 Spring`, `Spring, 1901 (Retreats)`, the compact `S1901M`, `F1901R`,
//!   `W1901A`, or a judge's `Movement results for Spring of 1901.  (game/S1901M)` (`Retreat orders
//!   for …`, `Adjustment orders for …`; the bracketed code wins); a trailing `:` is allowed. A winter
//!   is always an adjustment phase (rule 1 plays Winter 1900 as a separate season of builds).
//!   Also read, with an info (`deluge.phase-form`): the season in Chinese or Japanese (`1901春`,
//!   `1901年秋季`, `冬の1900` as the notation's translation writes it) and a two-digit year after a
//!   season word (`Spring 01`); and silently `Sp 1901`, `Winter 1900 initial builds`.
//! - **Orders** follow as `Power: order, order, …` (`,` or `;` between orders) or a line
//!   `Power:` and then one order per line. Powers are the seven, in full or as `Eng`, `E`, `Germ`,
//!   `Turk`…; a player's name may follow in brackets (`Russia (Fedorov):`); a power name of three
//!   letters or more may stand without its colon before an order (`England F Lon-Nth`). A `Word:`
//!   that names no power is an error (`deluge.unknown-power`) and its orders are kept unattributed
//!   (never given to the power of the line before). Full-width punctuation (`：`, `，`, `（`) is read as
//!   ASCII.
//! - **Judge notation:** `A Par-Bur`, `A Par - Bur`, `A Par->Bur`, `A Par moves to Bur`; convoy
//!   routes `A Lon-Nth-Bel` (`via` = the seas between; `(via convoy)` is no result, the order's `via_convoy`); `A Mar S A
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
//! - **Dashes and numbered orders:** `France - Build A Par` (a dash for the colon), `F Lon -- Nth` (a run
//!   of dashes is one move sign), `A Mar disbanded`, `1 build waived`; a unit alone in an
//!   adjustment phase (`eng: f lon, f edi`) is a build where the power has no unit there and a
//!   removal where it has one (info `deluge.adjustment-inferred`; not guessed when the position is
//!   unknown). A transcriber's own lists (`Supply centres: …`, `Centres:` and the lines under it,
//!   `Submerged: Lon, Hol`, `New supply centres: …`, `Drowned: A Lon`) are skipped like a judge's
//!   report lines (`deluge.report-skipped`). `+F Lon`, `-A Bur` in an adjustment phase are a
//!   build and a removal (info `deluge.adjustment-mark`; elsewhere unread). Orders numbered on one
//!   line (`1. A Par-Bur 2. A Mar S A Par-Bur`, `1) …`) are split at the numbers. `⇒`, `⟶`, `➔`
//!   are move signs.
//! - **Club abbreviations:** support and convoy as clubs abbreviate them (`A Mar Sup A Par-Bur`,
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
//! - **Judge reports naming other powers' units:** an njudge report's `SUPPORT Russian Army Moscow -> St Petersburg.`
//!   and `CONVOY English Army …` (the owner's adjective before another power's unit) and its
//!   `Army Vienna, No Order Processed.` (the unit holds; info `deluge.no-orders`), and `stand` for a
//!   hold (the judge's order syntax); the powers in German, French, Italian, Spanish, Portuguese,
//!   Dutch, Japanese (as the Deluge rules' translation writes `ロシア`), Chinese and Korean
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
//! - **Failed orders marked:** an order a zine marks as failed, with a star after it (`A Bur-Par*`,
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
//! - **Combined units and other unit forms:** a unit written `A/F` (`F/A`, `Army/Fleet`: `A/F Lon - Nth`): seed
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
//! - **Coasts:** `F(StP)nc` (the notation's form), `StP/nc`, `StP(nc)`, `StP (north coast)`. The coast
//!   is kept apart from the province (`"at":"stp","coast":"nc"`; `to_coast` for the destination).
//! - **Provinces** are the standard map's codes, lower case, plus `ice` and `swi`; other spellings
//!   (`Lpl`, `GoL`, `NAt`, full names such as `North Sea`) are read with an info (`deluge.alias`).
//! - **Results** in brackets at the end of an order: `(bounce)`, `[dislodged]`, `(cut)`,
//!   `(no convoy)`, `(void)`, `(succeeds)`, `(*bounce*)`… normalized to `succeeds`, `bounced`,
//!   `fails`, `cut`, `void`, `dislodged`, `no_convoy`, `destroyed`. An unknown bracket word is kept
//!   as written with a warning (`deluge.result-unknown`). Once the game is replayed, an order's
//!   `result` is `succeeds` or `fails` and the word of a failure its `reason`, as in standard
//!   Diplomacy.
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
//! # Standard Diplomacy
//! A game named `Diplomacy` (`Standard`, `Classic`; not `Deluge`) is standard Diplomacy, read by this
//! reader and replayed on the standard map (`import/data/diplomacy/`, whose README lists each rule in
//! which Deluge differs) from the rulebook's Spring 1901 or from the record's own `Starting position
//! for …` block and `Ownership of supply centers:` block (`start`). A dislodged unit lists its
//! `retreats`.
//!
//! # Diagnostic codes
//! Every code, with what it reads and an example, is in `import/data/diagnostics.csv` and the page
//! rendered from it, `docs/notations/deluge.md`.

pub mod adjudicate;
pub(crate) mod entry;
mod finish;
mod game;
#[cfg(test)]
mod linear;
pub mod map;
pub mod notation;
mod orders;
mod read;
mod replay;
mod resolve;
mod setup;
mod start;

pub use game::{
    CentresYear, DelugeGame, DelugeYear, NewCentre, Order, Phase, UnitAt, UnitChange, Unparsed,
};
pub(crate) use read::ReadPhase;

use crate::model::{Ctx, Parsed};

/// Parses a Deluge body. Never panics.
pub fn parse(body: &str, ctx: &Ctx) -> Parsed<DelugeGame> {
    let (clean, comments) = crate::text::strip_comments(body);
    let mut reader = read::Reader::new(ctx, comments);
    for (li, raw_line) in clean.lines().enumerate() {
        reader.line(li, raw_line);
    }
    reader.finish()
}
