//! Turning the segments of a move line into expansions and builds, for the general parser
//! ([`super::parser`]). The fast path ([`super::fast`]) applies the same rules inline to the
//! shapes it reads; a test checks that both read a line the same (see the module docs of
//! [`crate::hotw`]).
//!
//! A segment is a list of [`Node`]s (`A-->B(V)-->C`). Nodes own no vectors: their battle tokens,
//! build items and sea route are spans of the line's [`Lists`], copied into the output once, at
//! their final size, when an expansion or a build is made.

use std::borrow::Cow;

use super::game::{Build, Expansion, Turn};
use super::tokens::Tokens;

/// A span of one of the lists of [`Lists`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Span {
    pub lo: u32,
    pub hi: u32,
}

impl Span {
    /// An empty span at the end of `list` (a node about to push into it).
    pub fn at_end<T>(list: &[T]) -> Span {
        let n = list.len() as u32;
        Span { lo: n, hi: n }
    }
    pub fn is_empty(self) -> bool {
        self.hi <= self.lo
    }
    /// The items of `list` in this span.
    pub fn of<T>(self, list: &[T]) -> &[T] {
        list.get(self.lo as usize..self.hi as usize)
            .unwrap_or_default()
    }
    /// The items of `list` in this span, as the output's own vector (most spans are empty:
    /// those cost no call).
    #[inline]
    pub fn to_vec<T: Clone>(self, list: &[T]) -> Vec<T> {
        if self.is_empty() {
            Vec::new()
        } else {
            self.of(list).to_vec()
        }
    }
    /// The tokens of `list` in this span, as the output's own list (most spans are empty:
    /// those cost no call).
    #[inline]
    pub fn to_tokens(self, list: &[Cow<'static, str>]) -> Tokens {
        if self.is_empty() {
            Cow::Borrowed(&[])
        } else {
            Cow::Owned(self.of(list).to_vec())
        }
    }
}

/// The tokens the nodes of a line point into, reused from line to line.
#[derive(Debug, Default)]
pub(super) struct Lists {
    pub battles: Vec<Cow<'static, str>>,
    pub items: Vec<Cow<'static, str>>,
    pub vias: Vec<Cow<'static, str>>,
}

impl Lists {
    pub fn clear(&mut self) {
        self.battles.clear();
        self.items.clear();
        self.vias.clear();
    }
    /// Pushes a battle token for `node` (whose battle span ends the list).
    pub fn battle(&mut self, node: &mut Node, t: Cow<'static, str>) {
        self.battles.push(t);
        node.battle.hi = self.battles.len() as u32;
    }
}

/// A region in a chain with what was recorded on it (spans of the line's [`Lists`]).
#[derive(Debug, Clone, Default)]
pub(super) struct Node {
    pub name: Cow<'static, str>,
    pub via: Span,
    pub battle: Span,
    pub builds: Span,
    pub repaired: bool,
}

impl Node {
    /// A node about to be read: its spans start at the ends of the lists.
    pub fn new(name: Cow<'static, str>, lists: &Lists) -> Node {
        Node {
            name,
            via: Span::at_end(&lists.vias),
            battle: Span::at_end(&lists.battles),
            builds: Span::at_end(&lists.items),
            repaired: false,
        }
    }
}

/// What [`Chain::add`] met that the general parser reports and the fast path leaves to it.
pub(super) enum Snag {
    /// A battle written on a chain's origin (its name), ignored.
    BattleBeforeMove(Cow<'static, str>),
    /// A region on its own with a battle or nothing built: dropped.
    Alone(Node),
}

/// The chain being read on a line: where its legs start from.
pub(super) struct Chain {
    /// The chain's origin region and the sea route of its first leg.
    pub origin: Option<(Cow<'static, str>, Span)>,
    /// Index in `turn.expansions` of the first leg of the chain: the regions it reached are its
    /// origin and the destinations from here on.
    start: usize,
    /// Reading a list of builds (`Alb(+m), SApp(+f)`).
    build_mode: bool,
    /// The origin is fixed (a Barbarians wasteland): `;` does not end the chain.
    pub fixed: bool,
}

impl Chain {
    pub fn new(origin: Option<Cow<'static, str>>, turn: &Turn) -> Chain {
        Chain {
            fixed: origin.is_some(),
            origin: origin.map(|o| (o, Span::default())),
            start: turn.expansions.len(),
            build_mode: false,
        }
    }

    /// `;`: the next segment starts a new chain (unless the origin is fixed).
    pub fn semicolon(&mut self, turn: &Turn) {
        if !self.fixed {
            self.origin = None;
            self.start = turn.expansions.len();
            self.build_mode = false;
        }
    }

    /// Adds a segment read (`seq`, emptied) to `turn`: a build (`Alb(+m)` opening a line or in a
    /// list of builds), the start of a chain, or legs from a region the chain reached, or else
    /// from its origin. `first`: the segment opens the line or follows a `;`; `from_origin`: the
    /// segment is the legs of a fixed origin (`Barbar(Tibet)-->…`). Returns what the general
    /// parser must report.
    pub fn add(
        &mut self,
        seq: &mut Vec<Node>,
        first: bool,
        from_origin: bool,
        card: Option<&str>,
        lists: &Lists,
        turn: &mut Turn,
    ) -> Option<Snag> {
        if (first && self.origin.is_none() && seq.len() == 1) || (self.build_mode && seq.len() == 1)
        {
            self.build_mode = true;
            let n = seq.pop()?;
            if !n.battle.is_empty() || n.builds.is_empty() {
                return Some(Snag::Alone(n));
            }
            turn.builds.push(Build {
                region: n.name,
                items: n.builds.to_tokens(&lists.items),
            });
            return None;
        }
        if self.build_mode {
            self.build_mode = false;
            self.origin = None;
        }
        let mut snag = None;
        match &self.origin {
            None => {
                let via = seq.get(1).map(|n| n.via).unwrap_or_default();
                // only the origin's name is used after this: its builds go to the turn
                if let Some(o) = seq.first_mut() {
                    if !o.battle.is_empty() {
                        snag = Some(Snag::BattleBeforeMove(o.name.clone()));
                    }
                    if !o.builds.is_empty() {
                        turn.builds.push(Build {
                            region: o.name.clone(),
                            items: o.builds.to_tokens(&lists.items),
                        });
                    }
                    self.start = turn.expansions.len();
                    self.origin = Some((o.name.clone(), via));
                }
            }
            Some(_) if from_origin => {}
            Some((o, via)) => {
                let first_name = seq.first().map(|n| &*n.name).unwrap_or_default();
                let reached = *o == first_name
                    || turn
                        .expansions
                        .get(self.start..)
                        .is_some_and(|legs| legs.iter().any(|e| e.to == first_name));
                if seq.len() > 1 && reached {
                    if let Some(n) = seq.first()
                        && !n.builds.is_empty()
                    {
                        turn.builds.push(Build {
                            region: n.name.clone(),
                            items: n.builds.to_tokens(&lists.items),
                        });
                    }
                } else {
                    if let Some(n) = seq.first_mut()
                        && n.via.is_empty()
                    {
                        n.via = *via;
                    }
                    seq.insert(0, Node::new(o.clone(), lists));
                }
            }
        }
        let mut it = seq.drain(..);
        let Some(mut prev) = it.next().map(|n| n.name) else {
            return snag;
        };
        // (one `extend` of a drain of known length: written in place, room made once)
        turn.expansions.extend(it.map(|b| {
            let to = b.name;
            Expansion {
                from: std::mem::replace(&mut prev, to.clone()),
                via: b.via.to_vec(&lists.vias),
                to,
                battle: b.battle.to_tokens(&lists.battles),
                builds: b.builds.to_tokens(&lists.items),
                card: card.map(str::to_string),
                repaired: b.repaired,
            }
        }));
        snag
    }
}
