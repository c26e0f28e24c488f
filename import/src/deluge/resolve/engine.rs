//! The guess-and-check engine: `decide` resolves one order's decision, guessing where a decision
//! depends on itself, and settles cycles with the backup rules (a circle of moves moves; a cycle
//! with a convoy in it is settled by the Szykman rule). Each order is resolved a bounded number of
//! times: once settled it is never reopened.

use std::collections::{BTreeMap, BTreeSet};

use super::prep::Prep;
use crate::deluge::adjudicate::{AOrder, Outcome};
use crate::deluge::map::Map;
use crate::deluge::notation::OrderKind;

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum State {
    Unresolved,
    Guessing,
    Resolved,
}

/// The resolver's working state over one phase's orders.
pub(super) struct Resolver<'a> {
    pub(super) m: &'a Map,
    pub(super) year: u16,
    pub(super) orders: &'a [AOrder],
    pub(super) p: Prep,
    state: Vec<State>,
    result: Vec<bool>,
    deps: Vec<usize>,
    /// Convoyed moves the Szykman rule stopped: no route, no effect.
    pub(super) szykman: Vec<bool>,
    /// Evaluations of decisions, for the test that the work stays bounded.
    evaluations: usize,
}

/// Adjudicates one movement phase with the guess-and-check resolver.
pub(crate) fn resolve(m: &Map, year: u16, orders: &[AOrder]) -> Outcome {
    resolve_counted(m, year, orders).0
}

/// [`resolve`], with the number of decision evaluations it took.
pub(super) fn resolve_counted(m: &Map, year: u16, orders: &[AOrder]) -> (Outcome, usize) {
    let n = orders.len();
    let mut r = Resolver {
        m,
        year,
        orders,
        p: Prep::new(m, year, orders),
        state: vec![State::Unresolved; n],
        result: vec![false; n],
        deps: Vec::new(),
        szykman: vec![false; n],
        evaluations: 0,
    };
    for i in 0..n {
        r.decide(i);
    }
    let out = r.outcome();
    (out, r.evaluations)
}

impl Resolver<'_> {
    /// The decision of order `i`: a move moves, a support is given, any other unit stays.
    pub(super) fn decide(&mut self, i: usize) -> bool {
        match self.state[i] {
            State::Resolved => return self.result[i],
            State::Guessing => {
                // Every read of a guess is recorded (repeats too): the caller's dependency on
                // it shows as the list growing, even when the guess is already in it.
                self.deps.push(i);
                return self.result[i];
            }
            State::Unresolved => {}
        }
        let old = self.deps.len();
        self.result[i] = false;
        self.state[i] = State::Guessing;
        let first = self.adjudicate(i);
        if self.deps.len() == old {
            // No guess was used: settled.
            if self.state[i] != State::Resolved {
                self.result[i] = first;
                self.state[i] = State::Resolved;
            }
            return first;
        }
        if self.deps[old] != i {
            // Part of a cycle that an order further up started: that one settles it.
            self.deps.push(i);
            self.result[i] = first;
            return first;
        }
        // `i` starts the cycle: try the other guess.
        self.reset_deps(old);
        self.result[i] = true;
        self.state[i] = State::Guessing;
        let second = self.adjudicate(i);
        if first == second {
            self.reset_deps(old);
            self.result[i] = first;
            self.state[i] = State::Resolved;
            return first;
        }
        // Both guesses hold (a circle) or neither does (a paradox): the backup rule.
        self.backup(old);
        self.decide(i)
    }

    fn reset_deps(&mut self, from: usize) {
        for k in self.deps.drain(from..) {
            self.state[k] = State::Unresolved;
        }
    }

    /// A cycle with a convoy in it: its convoyed moves fail and have no effect (Szykman). A
    /// circle of moves without one: every move in it moves.
    fn backup(&mut self, from: usize) {
        let cycle: Vec<usize> = self.deps.drain(from..).collect();
        let circle = cycle.iter().all(|&k| self.p.moving[k]);
        // The convoyed moves the cycle runs through: in it, or with a convoying fleet that a move
        // of the cycle attacks.
        let attacked: BTreeSet<&str> = cycle
            .iter()
            .filter(|&&k| self.p.moving[k])
            .filter_map(|&k| self.orders[k].to.as_deref())
            .collect();
        let convoyed: BTreeSet<usize> = (0..self.orders.len())
            .filter(|&a| {
                self.p.convoyed[a]
                    && (cycle.contains(&a)
                        || self.p.convoys[a].iter().any(|&c| {
                            cycle.contains(&c) || attacked.contains(self.orders[c].at.as_str())
                        }))
            })
            .collect();
        for &k in &cycle {
            self.state[k] = State::Unresolved;
        }
        if circle || convoyed.is_empty() {
            for &k in &cycle {
                if self.p.moving[k] {
                    self.result[k] = true;
                    self.state[k] = State::Resolved;
                }
            }
        } else {
            for &a in &convoyed {
                self.szykman[a] = true;
                self.result[a] = false;
                self.state[a] = State::Resolved;
            }
        }
    }

    /// One evaluation of order `i`'s decision, with the decisions it needs resolved (or guessed).
    fn adjudicate(&mut self, i: usize) -> bool {
        self.evaluations += 1;
        match self.orders[i].kind {
            OrderKind::Move if self.p.moving[i] => self.move_succeeds(i),
            OrderKind::Support if self.p.valid[i] => !self.support_cut(i),
            OrderKind::Support => false,
            _ => !self.dislodged(i),
        }
    }

    /// Is the unit of order `i` dislodged (a move into its province succeeds, and it did not
    /// leave)?
    pub(super) fn dislodged(&mut self, i: usize) -> bool {
        if self.p.moving[i] && self.decide(i) {
            return false;
        }
        let attackers = self
            .p
            .into
            .get(&self.orders[i].at)
            .cloned()
            .unwrap_or_default();
        attackers.into_iter().any(|j| self.decide(j))
    }

    /// The order's outcome as the record's result words say it.
    fn outcome(&mut self) -> Outcome {
        let n = self.orders.len();
        let moved: Vec<bool> = (0..n).map(|i| self.p.moving[i] && self.decide(i)).collect();
        let mut dislodged = BTreeMap::new();
        for (i, o) in self.orders.iter().enumerate() {
            if moved[i] {
                continue;
            }
            let by = self
                .p
                .into
                .get(&o.at)
                .and_then(|v| v.iter().find(|&&j| moved[j]));
            if let Some(&j) = by {
                let from = self.orders[j].at.clone();
                // A unit dislodged by a convoyed army may retreat to where the army came from.
                let from = if self.p.convoyed[j] {
                    String::new()
                } else {
                    from
                };
                dislodged.insert(o.at.clone(), from);
            }
        }
        let mut contested = BTreeSet::new();
        for (i, &m) in moved.iter().enumerate() {
            if self.p.moving[i] && !m && self.prevent_strength(i) > 0 {
                contested.extend(self.orders[i].to.clone());
            }
        }
        for i in (0..n).filter(|&i| moved[i]) {
            if let Some(to) = &self.orders[i].to {
                contested.remove(to);
            }
        }
        let results = (0..n)
            .map(|i| self.result_word(i, &moved, &dislodged))
            .collect();
        Outcome {
            results,
            dislodged,
            moved,
            contested,
        }
    }

    fn result_word(
        &mut self,
        i: usize,
        moved: &[bool],
        dislodged: &BTreeMap<String, String>,
    ) -> &'static str {
        let o = &self.orders[i];
        if dislodged.contains_key(&o.at) {
            return "dislodged";
        }
        if !self.p.valid[i] {
            return if o.kind == OrderKind::Hold {
                "succeeds"
            } else {
                "void"
            };
        }
        match o.kind {
            OrderKind::Move if moved[i] => "succeeds",
            OrderKind::Move if self.p.convoyed[i] && !self.path(i) => "no_convoy",
            OrderKind::Move => "bounced",
            OrderKind::Support if !self.decide(i) => "cut",
            OrderKind::Support if !self.p.literal[i] => "void",
            _ => "succeeds",
        }
    }
}
