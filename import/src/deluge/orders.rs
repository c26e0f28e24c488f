//! The orders of one line read ([`Reader::orders`]): each checked against the phase and power it
//! is under, read by the order grammar, and kept with the infos of how it was written.

use super::game::{Order, Unparsed};
use super::map;
use super::notation::{self, OrderKind, PhaseKey, RawOrder};
use super::read::{Anchor, Reader};

impl Reader<'_, '_> {
    /// The orders of a line (`text`, at character `text_off` of the line; `trimmed` the whole
    /// line, trimmed), each read under the last phase and the power named last.
    pub(super) fn orders(
        &mut self,
        li: usize,
        lno: u32,
        trimmed: &str,
        text: &str,
        text_off: usize,
    ) {
        // the adjustment verb of an earlier order on the line: `Build F Lon, F Edi, A Lpl`
        let mut line_lead: Option<OrderKind> = None;
        // the order read last on this line (`Army Vienna, No Order Processed.`)
        let mut line_order: Option<usize> = None;
        for (off, otext) in notation::split_orders(text) {
            let col = (text_off + off + 1) as u32;
            let Some(key) = self.phases.last().map(|ph| ph.key) else {
                self.sink.error(
                    "deluge.no-phase",
                    lno,
                    col,
                    format!("{otext:?} comes before any phase header (`Spring 1901`, `S1901M`); kept as written"),
                );
                self.game.unparsed.push(Unparsed {
                    phase: None,
                    power: self.power.map(str::to_string),
                    text: otext,
                    line: lno,
                    col,
                });
                continue;
            };
            let Some(p) = self.power else {
                let code = if trimmed.contains(':') {
                    "deluge.line-unreadable"
                } else {
                    "deluge.no-power"
                };
                self.sink.error(
                    code,
                    lno,
                    col,
                    format!("{otext:?}: no power is named for it (`England: A Lon-Nth`); kept as written"),
                );
                self.game.unparsed.push(Unparsed {
                    phase: Some(key.code()),
                    power: None,
                    text: otext,
                    line: lno,
                    col,
                });
                continue;
            };
            // `Army Vienna, No Order Processed.`: the judge's note on the unit before it, which holds
            if let Some(i) = line_order.filter(|_| notation::no_order_processed(&otext))
                && let Some(before) = self.game.orders.get(i)
                && before.kind == "hold"
            {
                self.sink.info(
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

            let Some(parsed) = self.read_order(lno, col, &otext, p, key, line_lead) else {
                continue;
            };
            match parsed {
                Ok(o) => {
                    if matches!(o.kind, OrderKind::Build | OrderKind::Remove) {
                        line_lead = Some(o.kind);
                    }
                    line_order = Some(self.push_order((li, lno, col), o, otext, p, key));
                }
                Err((eoff, why)) => {
                    self.sink.error(
                        "deluge.order-unreadable",
                        lno,
                        col + eoff as u32,
                        format!("cannot read the order {otext:?}: {why}; kept as written"),
                    );
                    self.game.unparsed.push(Unparsed {
                        phase: Some(key.code()),
                        power: Some(p.to_string()),
                        text: otext,
                        line: lno,
                        col,
                    });
                }
            }
        }
    }

    /// One order read: no orders (a hold, or in an adjustment phase a waive), an adjustment
    /// marked `+`/`-`, or an order of the grammar; None when it is no order to keep.
    fn read_order(
        &mut self,
        lno: u32,
        col: u32,
        otext: &str,
        p: &'static str,
        key: PhaseKey,
        line_lead: Option<OrderKind>,
    ) -> Option<Result<RawOrder, (usize, String)>> {
        let parsed = if notation::no_order(otext) {
            if key.step != 2 {
                self.sink.info(
                    "deluge.no-orders",
                    lno,
                    col,
                    format!("{otext:?}: {p} gives no orders (its units hold)"),
                );
                return None;
            }
            // in an adjustment phase it declines the builds
            self.sink.info(
                "deluge.no-orders",
                lno,
                col,
                format!("{otext:?}: {p} makes no adjustment; read as a waive"),
            );
            Ok(notation::waive())
        } else if let Some((kind, k)) = notation::adjustment_mark(otext).filter(|_| key.step == 2) {
            // `+F Lon`, `-A Mun` in an adjustment phase: a build, a removal
            let rest: String = otext.chars().skip(k).collect();
            self.sink.info(
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
            notation::order_in(otext, line_lead)
        };
        Some(parsed)
    }

    /// An order read, kept: the infos of its forms and places, then the order of the game (its
    /// index) and its phase's.
    fn push_order(
        &mut self,
        (li, lno, col): (usize, u32, u32),
        mut o: RawOrder,
        otext: String,
        p: &'static str,
        key: PhaseKey,
    ) -> usize {
        for (off, what) in std::mem::take(&mut o.forms) {
            self.sink.info(
                "deluge.order-form",
                lno,
                col + off as u32,
                format!("{otext:?}: {what}"),
            );
        }
        notation::check_result(&mut o, &mut self.sink, lno, col);
        self.report_places(lno, col, &o);
        let idx = self.game.orders.len();
        self.game.orders.push(Order {
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
            via_convoy: o.via_convoy,
            of_unit: o.of_unit.map(|u| u.to_string()),
            of: o.of.as_ref().map(notation::Loc::key),
            result: o.result.clone(),
            result_from: o.result.as_ref().map(|_| "record".to_string()),
            adjudicated: None,
            reason: None,
            retreats: None,
            notation: otext,
            line: lno,
            col,
            comment: None,
        });
        self.anchors
            .push((li, col as usize - 1, Anchor::Order(idx)));
        if o.kind == OrderKind::Waive {
            self.game.orders[idx].unit = None;
        }
        if let Some(ph) = self.phases.last_mut() {
            ph.orders.push((o, idx));
        }
        idx
    }

    /// The infos and warnings of an order's places: misspelled, unknown, or another name of a
    /// province (each alias once a game).
    fn report_places(&mut self, lno: u32, col: u32, o: &RawOrder) {
        for l in [&o.at, &o.to, &o.of]
            .into_iter()
            .flatten()
            .chain(o.via.iter())
        {
            let lcol = col + l.off as u32;
            match l.code {
                Some(code) if l.misspelled => {
                    let w = l.written.to_ascii_lowercase();
                    if !self.aliases_seen.contains(&w) {
                        self.aliases_seen.push(w);
                        let name = map::map().province(code).map_or(code, |p| p.name);
                        self.sink.info(
                                "deluge.misspelled",
                                lno,
                                lcol,
                                format!("{:?} is no province's name; read as {code} ({name}), the one name a letter away", l.written),
                            );
                    }
                }
                None => self.sink.warning(
                    "deluge.unknown-province",
                    lno,
                    lcol,
                    format!(
                        "{:?} is not a province of the Deluge map; the order is not adjudicated",
                        l.written
                    ),
                ),
                Some(code) => {
                    let w = l.written.to_ascii_lowercase();
                    if w != code && !self.aliases_seen.contains(&w) {
                        self.aliases_seen.push(w);
                        self.sink.info(
                            "deluge.alias",
                            lno,
                            lcol,
                            format!("{:?} read as {code}", l.written),
                        );
                    }
                }
            }
        }
    }
}
