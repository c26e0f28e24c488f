//! A count of the bytes (or steps) the scans of every notation and of the record layer examine,
//! kept only in test builds: the tests that their work grows linearly with the input read it
//! (`wec/linear.rs`, `linear.rs` beside this file). Elsewhere [`examined`] is empty and compiles
//! to nothing.

#[cfg(test)]
thread_local! {
    static EXAMINED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Counts `n` bytes (or steps) examined by a scan.
#[inline(always)]
pub(crate) fn examined(n: usize) {
    #[cfg(test)]
    EXAMINED.with(|c| c.set(c.get().saturating_add(n as u64)));
    #[cfg(not(test))]
    let _ = n;
}

/// The count since the last call, and a fresh start.
#[cfg(test)]
pub(crate) fn take() -> u64 {
    EXAMINED.with(|c| c.replace(0))
}

/// Asserts that `count(n)`, the work of reading an input of size `n`, grows linearly: each
/// tenfold size costs at most twelve times the one before, and at least `n` is counted (the scan
/// was seen at all). `what` names the shape in the failure.
#[cfg(test)]
pub(crate) fn assert_linear(what: &str, sizes: [usize; 3], count: impl Fn(usize) -> u64) {
    let mut before: Option<(usize, u64)> = None;
    for n in sizes {
        take();
        let c = count(n);
        assert!(c >= n as u64, "{what} x {n}: only {c} examined");
        if let Some((m, prev)) = before {
            assert!(
                c <= 12 * prev,
                "{what}: {m} of them examine {prev}, {n} examine {c}: not linear"
            );
        }
        before = Some((n, c));
    }
}

/// The sizes of the tests: a line of one opening character up to a million, longer shapes up to
/// a hundred thousand (a debug build reads them in a few seconds).
#[cfg(test)]
pub(crate) const BIG: [usize; 3] = [10_000, 100_000, 1_000_000];
#[cfg(test)]
pub(crate) const SMALL: [usize; 3] = [1_000, 10_000, 100_000];

/// The context of a body that starts the file and has no tags.
#[cfg(test)]
pub(crate) const CTX: crate::model::Ctx<'static> = crate::model::Ctx {
    first_line: 1,
    tags: &[],
};

/// Asserts that reading a body of `head`, then a line of `prefix`, `n` times `unit` and
/// `suffix`, grows linearly with `n` ([`assert_linear`]); `read` parses the body (and asserts
/// that it read something).
#[cfg(test)]
pub(crate) fn assert_linear_line(
    head: &str,
    (prefix, unit, suffix): (&str, &str, &str),
    sizes: [usize; 3],
    read: impl Fn(&str),
) {
    assert_linear(&format!("{prefix}{unit}{suffix}"), sizes, |n| {
        let body = format!("{head}{prefix}{}{suffix}\n", unit.repeat(n));
        take();
        read(&body);
        take()
    });
}

/// A small deterministic generator (xorshift64) for the tests that hold a linear scan to the one
/// it replaced over random inputs.
#[cfg(test)]
pub(crate) struct Rng(u64);

#[cfg(test)]
impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// A number below `n`.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    /// One to `max` pieces picked at random, joined.
    pub(crate) fn text(&mut self, pieces: &[&str], max: usize) -> String {
        let mut s = String::new();
        for _ in 0..1 + self.below(max) {
            s.push_str(pieces[self.below(pieces.len())]);
        }
        s
    }
}
