//! A count of the bytes the line scans examine (the notes, clock times, brackets, locations and
//! comments of a line), kept only in test builds: the test that their work grows linearly with
//! the line reads it. Elsewhere [`examined`] is empty and compiles to nothing.

#[cfg(test)]
thread_local! {
    static EXAMINED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Counts `n` bytes (or steps) examined by a scan.
#[inline(always)]
pub(super) fn examined(n: usize) {
    #[cfg(test)]
    EXAMINED.with(|c| c.set(c.get().saturating_add(n as u64)));
    #[cfg(not(test))]
    let _ = n;
}

/// The count since the last call, and a fresh start.
#[cfg(test)]
pub(super) fn take() -> u64 {
    EXAMINED.with(|c| c.replace(0))
}
