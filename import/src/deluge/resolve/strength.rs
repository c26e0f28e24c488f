//! The strengths of DATC v3.0 section 5 (hold, attack, defend, prevent), convoy routes and
//! support cuts, each asking the resolver for the decisions it rests on.

use std::collections::{HashSet, VecDeque};

use super::engine::Resolver;

impl Resolver<'_> {
    /// Supports of order `i` that are given, leaving out those of power `except`.
    fn given(&mut self, i: usize, except: Option<&str>) -> usize {
        let sups = self.p.supports[i].clone();
        sups.into_iter()
            .filter(|&s| Some(self.orders[s].power) != except && self.decide(s))
            .count()
    }

    /// Does the convoyed move `i` find a route of convoying fleets that stay?
    pub(super) fn path(&mut self, i: usize) -> bool {
        if self.szykman[i] {
            return false;
        }
        let fleets = self.p.convoys[i].clone();
        let standing: Vec<usize> = fleets.into_iter().filter(|&c| !self.dislodged(c)).collect();
        let o = &self.orders[i];
        let Some(to) = o.to.as_deref() else {
            return false;
        };
        let (m, year) = (self.m, self.year);
        let at = |k: usize| self.orders[k].at.as_str();
        let mut seen: HashSet<usize> = HashSet::new();
        let mut queue: VecDeque<usize> = standing
            .iter()
            .copied()
            .filter(|&c| m.borders(&o.at, at(c)))
            .collect();
        while let Some(c) = queue.pop_front() {
            if !seen.insert(c) {
                continue;
            }
            if m.borders(at(c), to) {
                return true;
            }
            for &d in &standing {
                if !seen.contains(&d) && m.fleet_adjacent(at(c), at(d), year) {
                    queue.push_back(d);
                }
            }
        }
        false
    }

    /// A move's effect needs its route: a direct move always has one.
    fn has_route(&mut self, i: usize) -> bool {
        !self.p.convoyed[i] || self.path(i)
    }

    /// Does the move `i` succeed?
    pub(super) fn move_succeeds(&mut self, i: usize) -> bool {
        let attack = self.attack_strength(i);
        if attack == 0 {
            return false;
        }
        let resist = match self.p.h2h[i] {
            Some(d) => self.defend_strength(d),
            None => self.hold_strength(i),
        };
        if attack <= resist {
            return false;
        }
        let to = self.orders[i].to.clone().unwrap_or_default();
        let rivals = self.p.into.get(&to).cloned().unwrap_or_default();
        for j in rivals.into_iter().filter(|&j| j != i) {
            if attack <= self.prevent_strength(j) {
                return false;
            }
        }
        true
    }

    /// The hold strength of the destination of move `i`.
    fn hold_strength(&mut self, i: usize) -> usize {
        let to = self.orders[i].to.as_deref().unwrap_or_default();
        let Some(&d) = self.p.unit_at.get(to) else {
            return 0;
        };
        if self.p.moving[d] {
            return if self.decide(d) { 0 } else { 1 };
        }
        1 + self.given(d, None)
    }

    fn attack_strength(&mut self, i: usize) -> usize {
        if !self.has_route(i) {
            return 0;
        }
        let to = self.orders[i].to.as_deref().unwrap_or_default();
        let Some(&d) = self.p.unit_at.get(to) else {
            return 1 + self.given(i, None);
        };
        let leaves = self.p.moving[d] && self.p.h2h[i] != Some(d) && self.decide(d);
        if leaves {
            return 1 + self.given(i, None);
        }
        let defender = self.orders[d].power;
        if defender == self.orders[i].power {
            return 0;
        }
        1 + self.given(i, Some(defender))
    }

    fn defend_strength(&mut self, i: usize) -> usize {
        1 + self.given(i, None)
    }

    pub(super) fn prevent_strength(&mut self, i: usize) -> usize {
        if !self.has_route(i) {
            return 0;
        }
        if let Some(d) = self.p.h2h[i]
            && self.decide(d)
        {
            return 0;
        }
        1 + self.given(i, None)
    }

    /// Is the support `s` cut: by a move of another power into the supporter from anywhere but
    /// where the support goes (a convoyed one only with its route), or by dislodgement?
    pub(super) fn support_cut(&mut self, s: usize) -> bool {
        let o = &self.orders[s];
        let target = o.to.clone().or(o.of.clone()).unwrap_or_default();
        let power = o.power;
        let attackers = self.p.into.get(&o.at).cloned().unwrap_or_default();
        for j in attackers {
            let a = &self.orders[j];
            if a.power == power {
                continue;
            }
            if a.at != target {
                if self.has_route(j) {
                    return true;
                }
            } else if self.decide(j) {
                return true;
            }
        }
        false
    }
}
