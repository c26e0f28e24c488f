//! Expansions and builds: the segments and legs of a move line, their battles, sea routes and
//! repaired arrows and brackets, turned into the turn's expansions by [`Chain`].

use std::borrow::Cow;

use super::lp::Lp;
use crate::hotw::chain::{Chain, Node, Snag, Span};
use crate::hotw::code;
use crate::hotw::game::Turn;
use crate::hotw::items::battle_into;
use crate::hotw::lexer::Tk;
use crate::hotw::tables::{RegionType, TABLES};

/// What makes an arrow token one of the forms the parser reports (`>` alone, `>>`, `->>`, `~>`,
/// `入`): None for the arrows read silently (`-->`, `->`, `=>`, `→`). Told at the arrow's first
/// and last bytes.
fn odd_arrow(a: &str) -> Option<&'static str> {
    let b = a.as_bytes();
    if b.ends_with(b">>") {
        return Some("a \">\" too many");
    }
    match b.first()? {
        b'>' => Some("a \">\" alone"),
        b'~' => Some("tildes for the dashes"),
        _ if a == "入" => Some("\"入\", into, between two regions"),
        _ if a.starts_with('～') => Some("tildes for the dashes"),
        _ => None,
    }
}

impl Lp<'_, '_> {
    /// Reads battle and build tokens of the group opening at `lp`; returns the index after it.
    pub(super) fn group(&mut self, lp: usize, hi: usize, node: &mut Node) -> usize {
        let (end, matched) = match self.l.close(lp, hi) {
            Some(rp) => (rp, true),
            None => {
                self.warn(
                    code::BRACKET_REPAIRED,
                    lp,
                    "unclosed \"(\": closed before the next move".into(),
                );
                node.repaired = true;
                (hi, false)
            }
        };
        let mut k = lp + 1;
        while k < end {
            let Some(kind) = self.l.kind(k) else { break };
            match kind {
                Tk::Word => {
                    let w = self.l.s(k);
                    let before = node.battle.hi as usize;
                    if let Some(norm) = battle_into(&mut self.lists, node, w) {
                        if norm {
                            let toks = self
                                .lists
                                .battles
                                .get(before..)
                                .unwrap_or_default()
                                .join(" ");
                            self.info(
                                code::BATTLE_NORMALIZED,
                                k,
                                format!("battle {w:?} read as {toks}"),
                            );
                        }
                    } else if !matched {
                        // the unclosed group ends before this name (and the comma before it)
                        return if self.l.kind(k - 1) == Some(Tk::Comma) {
                            k - 1
                        } else {
                            k
                        };
                    } else {
                        self.warn(
                            code::BATTLE_UNKNOWN,
                            k,
                            format!("{w:?} is no battle token; kept as written"),
                        );
                        self.lists.battle(node, Cow::Owned(w.to_string()));
                    }
                }
                Tk::Plus => {
                    self.plus_items(k);
                    node.builds.hi = self.lists.items.len() as u32;
                }
                Tk::Comma | Tk::Colon | Tk::Ellipsis => {}
                Tk::Semi | Tk::Arrow | Tk::Dash2 | Tk::RParen | Tk::LParen if !matched => return k,
                Tk::Semi | Tk::LParen | Tk::RParen => {}
                Tk::Num => {
                    let w = self.l.s(k);
                    self.warn(
                        code::BATTLE_UNKNOWN,
                        k,
                        format!("{w:?} is no battle token; kept as written"),
                    );
                    self.lists.battle(node, Cow::Owned(w.to_string()));
                }
                Tk::Arrow | Tk::Dash2 => {
                    self.unreadable(k, end);
                    return end + 1;
                }
                // `¢`, `ȼ`: chapter 4's c/ typed as one character (the `/` is written over the
                // `c`)
                Tk::Other if matches!(self.l.s(k), "¢" | "ȼ" | "￠") => {
                    let w = self.l.s(k);
                    self.info(
                        code::BATTLE_NORMALIZED,
                        k,
                        format!("battle {w:?} read as c/ (the capital reduced to a city)"),
                    );
                    self.lists.battle(node, Cow::Borrowed("c/"));
                }
                Tk::Other => self.stray(k),
            }
            k += 1;
        }
        if matched { end + 1 } else { end }
    }

    /// One segment: `node (leg node)*`, optionally starting from a given node. Err(position) when
    /// it cannot start or a leg has no destination.
    fn segment(
        &mut self,
        i: usize,
        hi: usize,
        start: Option<Node>,
        nodes: &mut Vec<Node>,
    ) -> Result<usize, usize> {
        nodes.clear();
        let mut j = i;
        match start {
            Some(n) => nodes.push(n),
            None => {
                while j < hi && self.l.kind(j) == Some(Tk::LParen) && self.l.close(j, hi).is_none()
                {
                    self.warn(
                        code::BRACKET_REPAIRED,
                        j,
                        "unclosed \"(\" before a move ignored".into(),
                    );
                    j += 1;
                }
                if self.l.kind(j) != Some(Tk::Word) {
                    return Err(j);
                }
                let (n, nj) = self.node(j, hi);
                nodes.push(n);
                j = nj;
            }
        }
        while j < hi {
            let mut via = Span::default();
            let mut repaired = false;
            match self.l.kind(j) {
                Some(Tk::Arrow) => {
                    if let Some(form) = odd_arrow(self.l.s(j)) {
                        self.warn(
                            code::ARROW_REPAIRED,
                            j,
                            format!("{:?} read as an arrow ({form})", self.l.s(j)),
                        );
                        repaired = true;
                    }
                    j += 1;
                    if let Some(rp) = self.l.close(j, hi)
                        && self.l.kind(j) == Some(Tk::LParen)
                        && matches!(self.l.kind(rp + 1), Some(Tk::Arrow | Tk::Dash2))
                    {
                        via = self.seas(j + 1, rp);
                        j = rp + 2;
                    }
                }
                Some(Tk::Dash2) => {
                    let dash = j;
                    j += 1;
                    let paren = self
                        .l
                        .close(j, hi)
                        .filter(|_| self.l.kind(j) == Some(Tk::LParen));
                    if let Some(rp) = paren
                        .filter(|&rp| matches!(self.l.kind(rp + 1), Some(Tk::Arrow | Tk::Dash2)))
                    {
                        via = self.seas(j + 1, rp);
                        j = rp + 2;
                    } else if self.l.kind(j) == Some(Tk::Word)
                        && self.l.kind(j + 1) == Some(Tk::Arrow)
                        && TABLES
                            .region(self.l.s(j), true)
                            .is_some_and(|(r, _)| r.kind == RegionType::Sea)
                    {
                        via = self.seas(j, j + 1);
                        j += 2;
                    } else {
                        self.warn(
                            code::ARROW_REPAIRED,
                            dash,
                            "\"--\" without \">\" read as an arrow".into(),
                        );
                        repaired = true;
                    }
                }
                // `Che-(SCS)->Mek`, `Che-(SCS)-Mek`: the sea route with a single dash
                Some(Tk::Other) if let Some(rp) = self.sea_dash(j, hi) => {
                    self.info(
                        code::SEA_DASH,
                        j,
                        format!(
                            "sea route {:?} written with a single \"-\" read as --(…)-->",
                            self.l.raw(j, rp + 2)
                        ),
                    );
                    via = self.seas(j + 2, rp);
                    j = rp + 2;
                }
                Some(Tk::RParen) if self.l.close(j, usize::MAX).is_none() => {
                    self.warn(code::BRACKET_REPAIRED, j, "stray \")\" ignored".into());
                    j += 1;
                    continue;
                }
                _ => break,
            }
            if self.l.kind(j) != Some(Tk::Word) {
                return Err(j);
            }
            let (mut n, nj) = self.node(j, hi);
            n.via = via;
            n.repaired |= repaired;
            nodes.push(n);
            j = nj;
        }
        Ok(j)
    }

    /// Expansion chains and builds between `lo` and `hi`. `origin` fixes the chain origin (a
    /// Barbarians wasteland); `card` marks the expansions as made by a card.
    pub(super) fn moves(
        &mut self,
        lo: usize,
        hi: usize,
        origin: Option<Cow<'static, str>>,
        card: Option<&str>,
        turn: &mut Turn,
    ) {
        self.lists.clear();
        let mut chain = Chain::new(origin, turn);
        // the nodes of the segment being read (a buffer kept from line to line)
        let mut seq = std::mem::take(&mut self.seq);
        let mut at_start = true;
        let mut j = lo;
        while j < hi {
            match self.l.kind(j) {
                Some(Tk::Semi) => {
                    if at_start && j > lo {
                        self.info(
                            code::PUNCTUATION,
                            j,
                            "empty move between \";\" ignored".into(),
                        );
                    }
                    chain.semicolon(turn);
                    at_start = true;
                    j += 1;
                    continue;
                }
                Some(Tk::Comma) => {
                    if at_start {
                        self.info(code::PUNCTUATION, j, "stray \",\" ignored".into());
                    }
                    j += 1;
                    continue;
                }
                Some(Tk::Ellipsis) => {
                    j += 1;
                    continue;
                }
                Some(Tk::Other) => {
                    self.stray(j);
                    j += 1;
                    continue;
                }
                Some(Tk::RParen) if self.l.close(j, usize::MAX).is_none() => {
                    self.warn(code::BRACKET_REPAIRED, j, "stray \")\" ignored".into());
                    j += 1;
                    continue;
                }
                _ => {}
            }
            let seg_start = j;
            let start = match (&chain.origin, self.l.kind(j)) {
                (Some((o, _)), Some(Tk::Arrow | Tk::Dash2)) if chain.fixed => {
                    Some(Node::new(o.clone(), &self.lists))
                }
                _ => None,
            };
            let from_origin = start.is_some();
            let nj = match self.segment(j, hi, start, &mut seq) {
                Ok(x) => x,
                Err(e) => {
                    let stop = self.l.find(e.max(j + 1), hi, &[Tk::Semi]);
                    self.unreadable(seg_start, stop);
                    j = stop;
                    at_start = false;
                    continue;
                }
            };
            j = nj;
            if j < hi && !matches!(self.l.kind(j), Some(Tk::Comma | Tk::Semi)) {
                let stop = self.l.find(j, hi, &[Tk::Semi, Tk::Comma]);
                self.unreadable(j, stop);
                j = stop;
            }
            let first = at_start;
            at_start = false;
            match chain.add(&mut seq, first, from_origin, card, &self.lists, turn) {
                None => {}
                Some(Snag::BattleBeforeMove(name)) => self.warn(
                    code::BATTLE_UNKNOWN,
                    seg_start,
                    format!("battle on {name} before any move into it ignored"),
                ),
                Some(Snag::Alone(n)) => self.alone(&n, seg_start, nj),
            }
        }
        self.seq = seq;
    }

    /// A region on its own (tokens `lo..hi`) with a battle or nothing built: kept as raw text.
    fn alone(&mut self, n: &Node, lo: usize, hi: usize) {
        let raw = self.l.raw(lo, hi).trim().to_string();
        let why = if n.battle.is_empty() {
            format!("{} stands alone: no move into it and nothing built", n.name)
        } else {
            format!("a battle on {} with no move into it", n.name)
        };
        let col = self.l.col(lo);
        self.sink.error(
            code::UNREADABLE,
            self.l.no,
            col,
            format!("could not read {raw:?} ({why}); kept as raw text"),
        );
        self.unparsed.push(raw);
    }

    /// A single dash at `j` opening a sea route (`-(SCS)->`, `-(SCS)-` before a word): the `)`
    /// of the route, whose words are all seas.
    #[cold]
    #[inline(never)]
    fn sea_dash(&self, j: usize, hi: usize) -> Option<usize> {
        let is_dash = |k: usize| {
            self.l.kind(k) == Some(Tk::Other) && matches!(self.l.s(k), "-" | "—" | "–" | "－" | "―")
        };
        if !is_dash(j) || self.l.kind(j + 1) != Some(Tk::LParen) {
            return None;
        }
        let rp = self.l.close(j + 1, hi)?;
        let after = match self.l.kind(rp + 1) {
            Some(Tk::Arrow) => true,
            Some(Tk::Other) => is_dash(rp + 1) && self.l.kind(rp + 2) == Some(Tk::Word),
            _ => false,
        };
        let mut seas = (j + 2..rp)
            .filter(|&k| self.l.kind(k) == Some(Tk::Word))
            .peekable();
        let all_seas = seas.peek().is_some()
            && seas.all(|k| {
                TABLES
                    .region(self.l.s(k), false)
                    .is_some_and(|(r, _)| r.kind == RegionType::Sea)
            });
        (after && all_seas && rp + 2 <= hi).then_some(rp)
    }
}
