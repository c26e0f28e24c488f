//! The order grammar: one order (`A Par-Bur`, `F Nth C A Lon-Bel`, `Build A Par`, `Waive`…) read
//! into a [`RawOrder`].

use super::place::{
    Loc, coast_word, is_move_sym, loc, owner_adjective, skip_articles, skip_fleet, skip_move_sym,
    unit,
};
use super::results::{result_with_reason, result_word, starred_result};
use super::tokens::{Cursor, T, Tok, tokenize};
use crate::diag::Sink;

/// The order kinds of a Deluge game's `moves`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderKind {
    Hold,
    Move,
    Support,
    Convoy,
    Build,
    Remove,
    Waive,
    Transform,
}

impl OrderKind {
    pub fn as_str(self) -> &'static str {
        match self {
            OrderKind::Hold => "hold",
            OrderKind::Move => "move",
            OrderKind::Support => "support",
            OrderKind::Convoy => "convoy",
            OrderKind::Build => "build",
            OrderKind::Remove => "remove",
            OrderKind::Waive => "waive",
            OrderKind::Transform => "transform",
        }
    }
}

/// One order as read, before it is checked against the map.
#[derive(Debug, Clone)]
pub struct RawOrder {
    pub kind: OrderKind,
    pub unit: Option<char>,
    pub at: Option<Loc>,
    pub to: Option<Loc>,
    pub via: Vec<Loc>,
    /// The move is written to go by convoy (`via convoy`, `by convoy`, `(via convoy)`): kept, since
    /// it decides whether an army beside its destination goes by land or by sea.
    pub via_convoy: bool,
    /// Support and convoy: the supported or convoyed unit.
    pub of_unit: Option<char>,
    pub of: Option<Loc>,
    /// The result as written in brackets (normalized), and as written.
    pub result: Option<String>,
    /// Words read in another form than the judge's (`Sup` for `S`, `: bounced` for a bracketed
    /// result): the offset in the order and what was read, for an info.
    pub forms: Vec<(usize, String)>,
}

/// Text that says a power gives no order (`none`, `no builds`, `NMR`, `-`): `true` for it.
pub fn no_order(text: &str) -> bool {
    let l: String = text
        .to_ascii_lowercase()
        .split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | '[' | ']' | '.' | '*'))
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    matches!(
        l.as_str(),
        "" | "-"
            | "--"
            | "–"
            | "—"
            | "none"
            | "nothing"
            | "nmr"
            | "n/a"
            | "no orders"
            | "no order"
            | "no moves"
            | "no builds"
            | "no build"
            | "no adjustments"
            | "no change"
            | "no orders received"
            | "no order processed"
            | "pass"
    )
}

/// `No Order Processed.`: a judge's note after a unit it had no order for (`Army Vienna, No Order
/// Processed.`, njudge's report); the unit holds.
pub fn no_order_processed(text: &str) -> bool {
    let t = text.trim_start();
    if !t
        .as_bytes()
        .first()
        .is_some_and(|b| b.eq_ignore_ascii_case(&b'n'))
    {
        return false;
    }
    let mut w = t.trim_end().trim_end_matches('.').split_whitespace();
    matches!(
        (w.next(), w.next(), w.next(), w.next()),
        (Some(a), Some(b), Some(c), None)
            if a.eq_ignore_ascii_case("no")
                && b.eq_ignore_ascii_case("order")
                && c.eq_ignore_ascii_case("processed")
    )
}

/// Reads one order (without its power prefix). Returns the reason when it cannot be read.
pub fn order(text: &str) -> Result<RawOrder, (usize, String)> {
    order_in(text, None)
}

/// Reads one order; `lead` is the adjustment verb of an earlier order on the same line (`Build F
/// Lon, F Edi, A Lpl`), applied to an order that starts with its unit.
pub fn order_in(text: &str, lead: Option<OrderKind>) -> Result<RawOrder, (usize, String)> {
    match order_read(text, lead) {
        Ok(o) => Ok(o),
        Err(e) => other_marks(text, lead).ok_or(e),
    }
}

/// An order a zine or adjudicator marks as failed, read when the plain reading failed: the
/// whole order in brackets (`(A Mar-Bur)`, as the Electronic Protocol's adjudications print a
/// failed order) or a star after it (`A Bur-Par*`, `A Bur-Par *`). Read as the order with the
/// result `fails` (the adjudication may say how: bounced, cut), with an info each.
#[cold]
#[inline(never)]
pub(super) fn other_marks(text: &str, lead: Option<OrderKind>) -> Option<RawOrder> {
    let t = text.trim();
    let ws = text.chars().count() - text.trim_start().chars().count();
    let (inner, off, how) = if let Some(i) = t.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        // (the brackets around the whole order: those inside it, `(A Lon-StP(nc))`, balance)
        if i.matches('(').count() != i.matches(')').count() {
            return None;
        }
        (
            i,
            ws + 1,
            "the order in brackets, as an adjudication prints a failed order",
        )
    } else if let Some(i) = t.strip_suffix('*') {
        let i = i.trim_end();
        if i.ends_with('*') {
            return None;
        }
        (
            i,
            ws,
            "a star after the order, as a zine marks a failed order",
        )
    } else {
        return None;
    };
    let mut o = order_read(inner, lead).ok()?;
    if o.result.is_some() {
        return None;
    }
    // the offsets in the order as written
    for l in [&mut o.at, &mut o.to, &mut o.of]
        .into_iter()
        .flatten()
        .chain(o.via.iter_mut())
    {
        l.off += off;
    }
    for f in &mut o.forms {
        f.0 += off;
    }
    let mark = if t.starts_with('(') {
        ws
    } else {
        ws + t.chars().count() - 1
    };
    o.forms
        .push((mark, format!("{how}, read as its result: fails")));
    o.result = Some("fails".to_string());
    Some(o)
}

/// After a support's or convoy's unit: its province, then where it goes (`- Bur`) or that it
/// holds (`H`, `stands`).
pub(super) fn support_target(c: &mut Cursor, o: &mut RawOrder) -> Result<(), (usize, String)> {
    o.of = loc(c);
    if o.of.is_none() {
        return Err((
            c.off(),
            "expected the supported or convoyed unit's province".to_string(),
        ));
    }
    if is_move_sym(c) {
        skip_move_sym(c);
        o.to = loc(c);
        if o.to.is_none() {
            return Err((c.off(), "expected a province after `-`".to_string()));
        }
    } else if c.is_word(&["h", "hold", "holds", "stand", "stands"]) {
        c.i += 1;
    }
    Ok(())
}

pub(super) fn order_read(text: &str, lead: Option<OrderKind>) -> Result<RawOrder, (usize, String)> {
    let mut toks = tokenize(text);
    let (result, forms, via_convoy) = trailing_result(&mut toks);
    let mut c = Cursor { toks: &toks, i: 0 };
    let c = &mut c;
    let mut o = RawOrder {
        kind: OrderKind::Hold,
        result,
        forms,
        via_convoy,
        ..waive()
    };
    if c.done() {
        return fail(c, "empty order");
    }
    if waived(c) {
        o.kind = OrderKind::Waive;
        return Ok(o);
    }
    // `Retreat A Mun - Boh`, `Retreats A Mun-Boh`: the verb before a retreat (read as the move
    // it is; the phase decides that it is a retreat)
    if c.is_word(&["retreat", "retreats"])
        && matches!(c.peek_at(1), Some(Tok::Word(w)) if ["a", "f", "army", "fleet"].contains(&w.to_ascii_lowercase().as_str()))
    {
        o.forms.push((
            c.off(),
            "the verb \"retreat\" before the unit read as a retreat (a move in the retreat phase)"
                .to_string(),
        ));
        c.i += 1;
    }
    let mut lead_kind = if c.is_word(&["build", "builds", "b", "building"]) {
        Some(OrderKind::Build)
    } else if c.is_word(&[
        "remove",
        "removes",
        "disband",
        "disbands",
        "r",
        "d",
        "removing",
        "disbanding",
    ]) {
        Some(OrderKind::Remove)
    } else {
        None
    };
    if lead_kind.is_some() {
        c.i += 1;
        // `Builds: F Lon`
        if c.is_sym(':') {
            c.i += 1;
        }
    } else if lead.is_some() && c.is_word(&["a", "f", "army", "fleet"]) {
        lead_kind = lead;
    }
    if let Some(k) = lead_kind {
        o.kind = k;
        skip_articles(c);
        o.unit = unit(c, &mut o.forms);
        skip_articles(c);
        o.at = loc(c);
        if o.at.is_none() {
            return fail(c, "expected a province after the adjustment");
        }
        if !c.done() {
            return fail(c, "unexpected text after the adjustment");
        }
        return Ok(o);
    }
    o.unit = unit(c, &mut o.forms);
    o.at = loc(c);
    if o.at.is_none() {
        return fail(c, "expected a unit and a province (`A Par`, `F Lon`)");
    }
    after_unit(c, o)
}

/// An error at the cursor.
fn fail<T>(c: &Cursor, m: &str) -> Result<T, (usize, String)> {
    Err((c.off(), m.to_string()))
}

/// The result written at the end of an order, taken off its tokens: in brackets (`(bounce)`,
/// `[dislodged]`, `(bounced by Turkey)`), between stars (`*bounce*`), or after a colon
/// (`: bounced`); with the info of each form that is not the judge's.
fn trailing_result(toks: &mut Vec<T>) -> (Option<String>, Vec<(usize, String)>, bool) {
    // A trailing bracketed result: `(bounce)`, `[dislodged]`, `(no convoy)`.
    let mut result = None;
    let mut via_convoy = false;
    let mut reason = None;
    if let Some(last) = toks.last() {
        let close = match last.tok {
            Tok::Sym(')') => Some('('),
            Tok::Sym(']') => Some('['),
            _ => None,
        };
        if let Some(open) = close
            && let Some(start) = toks.iter().rposition(|t| t.tok == Tok::Sym(open))
        {
            let words: Vec<String> = toks[start + 1..toks.len() - 1]
                .iter()
                .map(|t| match &t.tok {
                    Tok::Word(w) => w.clone(),
                    Tok::Sym(c) => c.to_string(),
                })
                .collect();
            let joined = words.join(" ");
            let jl = joined.to_ascii_lowercase();
            if ["via convoy", "by convoy", "convoyed", "via c", "by c"].contains(&jl.as_str()) {
                // not a result: the route, as in `A Lon-Bel via convoy`
                via_convoy = true;
                toks.truncate(start);
            } else if let Some(r) = result_word(&joined) {
                result = Some(r.to_string());
                toks.truncate(start);
            } else if let Some(r) = result_with_reason(&jl) {
                // `(bounced by Turkey)`, `(dislodged by A Mun)`, `(cut by F Nth)`
                reason = Some((
                    toks.get(start).map_or(0, |t| t.off),
                    format!("the result {:?} read as {r}", joined),
                ));
                result = Some(r.to_string());
                toks.truncate(start);
            } else if open == '['
                || coast_word(jl.strip_suffix(" coast").unwrap_or(&jl)).is_none()
                    && start > 0
                    && {
                        // `(…)` after a complete location is a result unless it is a coast.
                        !matches!(toks.get(start.wrapping_sub(1)).map(|t| &t.tok), Some(Tok::Word(w)) if w.eq_ignore_ascii_case("f") || w.eq_ignore_ascii_case("a"))
                    }
            {
                result = Some(format!("?{}", joined.to_ascii_lowercase()));
                toks.truncate(start);
            }
        }
    }
    // `A Mun-Bur: bounced`: the result after a colon that ends a whole order
    let mut forms: Vec<(usize, String)> = reason.into_iter().collect();
    // `A Par-Bur *bounce*`, `A Mun H *dislodged*`: a result between stars, as a judge marks it in
    // its brackets (`(*bounce*)`), written without them. (A lone `*`, `A Bur-Par*`, is no result.)
    if result.is_none()
        && let Some((start, r, written)) = starred_result(toks)
    {
        forms.push((
            toks.get(start).map_or(0, |t| t.off),
            format!("the result between stars ({written:?}) read as {r}"),
        ));
        result = Some(r.to_string());
        toks.truncate(start);
    }
    if result.is_none()
        && let Some(k) = toks.iter().rposition(|t| t.tok == Tok::Sym(':'))
        && k >= 3
        && k + 1 < toks.len()
    {
        let words: Vec<&str> = toks[k + 1..]
            .iter()
            .map(|t| match &t.tok {
                Tok::Word(w) => w.as_str(),
                Tok::Sym(_) => "",
            })
            .collect();
        let joined = words.join(" ");
        if joined.trim().chars().count() >= 2
            && let Some(r) = result_word(&joined)
        {
            forms.push((
                toks.get(k).map_or(0, |t| t.off),
                format!("the result after ':' ({:?}) read as {r}", joined.trim()),
            ));
            result = Some(r.to_string());
            toks.truncate(k);
        }
    }
    (result, forms, via_convoy)
}

/// An order that declines builds or removals as a whole: `Waive`, `NMR`, `1 build waived`,
/// `Build waived.`, `Waive build`.
fn waived(c: &Cursor) -> bool {
    // Adjustments written first: `Build A Par`, `Remove A Mun`, `Waive`.
    if c.is_word(&["waive", "waives", "waived", "nmr"]) && c.toks.len() == 1 {
        return true;
    }
    // `1 build waived`, `2 builds waived`: the count of builds declined (one waive order)
    if c.toks.len() == 3
        && matches!(c.peek(), Some(Tok::Word(w)) if w.bytes().all(|b| b.is_ascii_digit()) || ["one", "two", "three"].contains(&w.to_ascii_lowercase().as_str()))
        && matches!(c.peek_at(1), Some(Tok::Word(w)) if ["build", "builds"].contains(&w.to_ascii_lowercase().as_str()))
        && matches!(c.peek_at(2), Some(Tok::Word(w)) if ["waived", "waive"].contains(&w.to_ascii_lowercase().as_str()))
    {
        return true;
    }
    // `Build waived.` (a judge's report), `Builds waived`, `Waive build`, `Removal waived`
    if c.toks.len() == 2
        && (c.is_word(&["build", "builds", "removal", "removals", "remove"])
            && matches!(c.peek_at(1), Some(Tok::Word(w)) if ["waived", "waive"].contains(&w.to_ascii_lowercase().as_str()))
            || c.is_word(&["waive", "waives", "waived"])
                && matches!(c.peek_at(1), Some(Tok::Word(w)) if ["build", "builds", "removal"].contains(&w.to_ascii_lowercase().as_str())))
    {
        return true;
    }
    false
}

/// After an order's unit and province: a hold, a transformation, a retreat with `R`, an
/// adjustment written after the unit, or a support, convoy or move.
fn after_unit(c: &mut Cursor, mut o: RawOrder) -> Result<RawOrder, (usize, String)> {
    // `F Nao-H`, `A Mos - holds`: a hold written as a move to `H`, as adjudications print it
    if is_move_sym(c)
        && c.i + 2 == c.toks.len()
        && matches!(c.peek_at(1), Some(Tok::Word(w)) if ["h", "hold", "holds"].contains(&w.to_ascii_lowercase().as_str()))
    {
        o.forms.push((
            c.off(),
            "a hold written as a move to H (\"-H\") read as H".to_string(),
        ));
        return Ok(o);
    }
    // (`stand`: a hold in the judge's syntax, with `h`, `hold`, `holds`, `stands`)
    if c.done() || c.is_word(&["h", "hold", "holds", "stands", "stand"]) {
        c.i += 1;
        if c.i < c.toks.len() {
            return fail(c, "unexpected text after a hold");
        }
        return Ok(o);
    }
    if c.is_word(&[
        "t",
        "transform",
        "transforms",
        "becomes",
        "tr",
        "turn",
        "turns",
        "convert",
        "converts",
    ]) {
        c.i += 1;
        // `A Bre T`, `A Bre transforms to F`, `A Bre becomes F`, `A Bre turns into a fleet` (rule 2:
        // "be ordered to turn into a fleet").
        if c.is_word(&["to", "into", "in"]) {
            c.i += 1;
        }
        skip_fleet(c);
        if !c.done() {
            return fail(c, "unexpected text after a transformation");
        }
        o.kind = OrderKind::Transform;
        return Ok(o);
    }
    // `A Bre -> F`, `A Bre => Fleet`: the army turns into a fleet (no province is called F).
    if c.is_sym('-')
        && {
            let mut k = c.i + 1;
            if matches!(c.toks.get(k).map(|t| &t.tok), Some(Tok::Word(w)) if w.eq_ignore_ascii_case("a"))
            {
                k += 1;
            }
            k + 1 == c.toks.len()
                && matches!(c.toks.get(k).map(|t| &t.tok), Some(Tok::Word(w)) if w.eq_ignore_ascii_case("f") || w.eq_ignore_ascii_case("fleet"))
        }
    {
        o.kind = OrderKind::Transform;
        return Ok(o);
    }
    // `A Ser R Alb`: a retreat written with the judge's `R`.
    if c.is_word(&["r"]) && matches!(c.peek_at(1), Some(Tok::Word(_))) {
        c.i += 1;
        match loc(c) {
            Some(l) => {
                if !c.done() {
                    return fail(c, "unexpected text after the retreat");
                }
                o.kind = OrderKind::Move;
                o.to = Some(l);
                return Ok(o);
            }
            None => return fail(c, "expected a province after `R`"),
        }
    }
    if c.is_word(&["b", "build", "builds"])
        || c.is_word(&[
            "d",
            "disband",
            "disbands",
            "disbanded",
            "r",
            "remove",
            "removed",
        ])
    {
        o.kind = if c.is_word(&["b", "build", "builds"]) {
            OrderKind::Build
        } else {
            OrderKind::Remove
        };
        c.i += 1;
        if !c.done() {
            return fail(c, "unexpected text after the adjustment");
        }
        return Ok(o);
    }
    support_convoy_or_move(c, o)
}

/// A support, convoy or move after an order's unit and province.
fn support_convoy_or_move(c: &mut Cursor, mut o: RawOrder) -> Result<RawOrder, (usize, String)> {
    // (`Sup`, `Supp`, `Cvy`, `Conv`: the words as clubs abbreviate them; `Con` is a province)
    const SUPPORT_FORMS: [&str; 6] = ["sup", "supp", "supt", "spt", "sups", "supporting"];
    const CONVOY_FORMS: [&str; 4] = ["cvy", "conv", "cvys", "convoying"];
    // `A StP SA Mos`, `F Tun SF Ion`, `F Nwg CA Cly-Hol`: support and convoy with the letter of
    // the unit supported or convoyed glued to them, as adjudicators' programs print them
    let glued = match c.word().as_deref() {
        Some("sa") => Some((OrderKind::Support, 'A')),
        Some("sf") => Some((OrderKind::Support, 'F')),
        Some("ca") => Some((OrderKind::Convoy, 'A')),
        _ => None,
    };
    if let Some((kind, u)) = glued
        && matches!(c.peek_at(1), Some(Tok::Word(_)))
    {
        let w = match c.peek() {
            Some(Tok::Word(w)) => w.clone(),
            _ => String::new(),
        };
        let judge = if kind == OrderKind::Support { "S" } else { "C" };
        o.forms
            .push((c.off(), format!("{w:?} read as {judge} {u}")));
        o.kind = kind;
        c.i += 1;
        o.of_unit = Some(u);
        support_target(c, &mut o)?;
        // `SA Mos-Mos`: the support of a hold, written as a move to where the unit stands
        if o.kind == OrderKind::Support
            && let (Some(of), Some(to)) = (&o.of, &o.to)
            && of.key() == to.key()
        {
            o.forms.push((
                to.off,
                "a support to the supported unit's own province read as the support of its hold"
                    .to_string(),
            ));
            o.to = None;
        }
        if o.kind == OrderKind::Convoy && o.to.is_none() {
            return fail(c, "a convoy names the army's move (`F NTH C A Lon-Bel`)");
        }
        if !c.done() {
            return fail(c, "unexpected text after the order");
        }
        return Ok(o);
    }
    if c.is_word(&["s", "support", "supports", "c", "convoy", "convoys"])
        || c.is_word(&SUPPORT_FORMS)
        || c.is_word(&CONVOY_FORMS)
    {
        o.kind = if c.is_word(&["s", "support", "supports"]) || c.is_word(&SUPPORT_FORMS) {
            OrderKind::Support
        } else {
            OrderKind::Convoy
        };
        if c.is_word(&SUPPORT_FORMS) || c.is_word(&CONVOY_FORMS) {
            let w = match c.peek() {
                Some(Tok::Word(w)) => w.clone(),
                _ => String::new(),
            };
            let judge = if o.kind == OrderKind::Support {
                "S"
            } else {
                "C"
            };
            o.forms.push((c.off(), format!("{w:?} read as {judge}")));
        }
        c.i += 1;
        // `SUPPORT Russian Army Moscow -> St Petersburg`: a judge names another power's unit with
        // its owner (njudge writes the owner's adjective before the supported or convoyed unit)
        if let Some(owner) = c.word().as_deref().and_then(owner_adjective)
            && matches!(c.peek_at(1), Some(Tok::Word(w)) if ["a", "f", "army", "fleet"].contains(&w.to_ascii_lowercase().as_str()))
        {
            let w = match c.peek() {
                Some(Tok::Word(w)) => w.clone(),
                _ => String::new(),
            };
            o.forms.push((
                c.off(),
                format!("{w:?} read as the owner of the unit named after it ({owner}), as a judge names another power's unit"),
            ));
            c.i += 1;
        }
        o.of_unit = unit(c, &mut o.forms);
        support_target(c, &mut o)?;
        if o.kind == OrderKind::Convoy && o.to.is_none() {
            return fail(c, "a convoy names the army's move (`F NTH C A Lon-Bel`)");
        }
        if !c.done() {
            return fail(c, "unexpected text after the order");
        }
        return Ok(o);
    }
    if is_move_sym(c) {
        let mut path = Vec::new();
        while is_move_sym(c) {
            skip_move_sym(c);
            match loc(c) {
                Some(l) => path.push(l),
                None => return fail(c, "expected a province after `-`"),
            }
        }
        // `via convoy`, `by convoy`
        if c.is_word(&["via", "by"]) {
            c.i += 1;
            o.via_convoy = true;
            if c.is_word(&["convoy", "c"]) {
                c.i += 1;
            }
        }
        if !c.done() {
            return fail(c, "unexpected text after the move");
        }
        o.kind = OrderKind::Move;
        o.to = path.pop();
        o.via = path;
        return Ok(o);
    }
    fail(
        c,
        "expected `-`, `S`, `C`, `H`, `T`, `B` or `D` after the unit",
    )
}

/// A transcriber's mark before an adjustment (`+F Lon` a build, `-A Mun` a removal): its kind
/// and the characters it takes (the mark and the spaces after it). Only a unit after the mark
/// makes one; the caller reads it so in an adjustment phase only.
pub fn adjustment_mark(text: &str) -> Option<(OrderKind, usize)> {
    let mut cs = text.chars();
    let kind = match cs.next()? {
        '+' => OrderKind::Build,
        '-' | '–' | '−' => OrderKind::Remove,
        _ => return None,
    };
    let rest = cs.as_str();
    let spaces = rest.chars().take_while(|c| c.is_whitespace()).count();
    let unit = rest.split_whitespace().next()?.to_ascii_lowercase();
    matches!(unit.as_str(), "a" | "f" | "army" | "fleet" | "a/f").then_some((kind, 1 + spaces))
}

/// `Defaults, removing the army in Belgium.`: the characters to skip (the word, the comma and the
/// white space after it), when the text starts so.
pub fn strip_defaults(text: &str) -> Option<usize> {
    let t = text.trim_start();
    let lead = text.chars().count() - t.chars().count();
    let rest = [
        "Defaults,",
        "defaults,",
        "DEFAULTS,",
        "Default,",
        "default,",
    ]
    .iter()
    .find_map(|p| t.strip_prefix(p))?;
    let ws = rest.chars().take_while(|c| c.is_whitespace()).count();
    Some(lead + t.chars().count() - rest.chars().count() + ws)
}

/// A waive, as an order read.
pub fn waive() -> RawOrder {
    RawOrder {
        kind: OrderKind::Waive,
        unit: None,
        at: None,
        to: None,
        via: Vec::new(),
        via_convoy: false,
        of_unit: None,
        of: None,
        result: None,
        forms: Vec::new(),
    }
}

/// Reports an unknown bracket result (stored with a leading `?` by [`order`]).
pub fn check_result(o: &mut RawOrder, sink: &mut Sink, line: u32, col: u32) {
    if let Some(r) = o.result.clone()
        && let Some(w) = r.strip_prefix('?')
    {
        sink.warning(
            "deluge.result-unknown",
            line,
            col,
            format!("the bracketed result {w:?} is not one annals knows; kept as written"),
        );
        o.result = Some(w.to_string());
    }
}
