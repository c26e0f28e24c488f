//! The global allocator: mimalloc, asked for memory the way C's `malloc` asks it.
//!
//! `mimalloc::MiMalloc` (0.1.52) sends every allocation to `mi_malloc_aligned`, whatever its
//! alignment. In mimalloc 3 (what libmimalloc-sys 0.1.49 builds) that call takes its fast path
//! only when the page's free list is not empty; otherwise it over-allocates through the generic
//! aligned path. Under callgrind, parsing 3 MB of HotW made 104,605 allocations at 80
//! instructions each, 75,197 of them through that path. `mi_malloc` returns blocks aligned to
//! 16 bytes (`MI_MAX_ALIGN_SIZE`) and to their size below that, so every layout whose alignment
//! is at most 16 and at most its size goes there; only the rare larger alignment goes to
//! `mi_malloc_aligned` (BENCHMARKS.md).
//!
//! It is also the allocator of `examples/search_cost.rs` and, included by path, of
//! `import/examples/parse_dump.rs`, so that what they measure is what the `annals` binary does.

use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

/// `MI_MAX_ALIGN_SIZE`: the alignment of every `mi_malloc` block of at least this size.
const MIN_ALIGN: usize = 16;

/// mimalloc, with `mi_malloc` for the common alignments (see the module comment).
pub struct MiMalloc;

fn plain(align: usize, size: usize) -> bool {
    align <= MIN_ALIGN && align <= size
}

// SAFETY: every block comes from mimalloc and goes back to it (`mi_free` frees blocks of either
// call); `plain` sends a layout to `mi_malloc` only where mimalloc guarantees its alignment.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for MiMalloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: plain FFI calls; a null return is the caller's out-of-memory signal.
        unsafe {
            if plain(layout.align(), layout.size()) {
                libmimalloc_sys::mi_malloc(layout.size()) as *mut u8
            } else {
                libmimalloc_sys::mi_malloc_aligned(layout.size(), layout.align()) as *mut u8
            }
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as in `alloc`.
        unsafe {
            if plain(layout.align(), layout.size()) {
                libmimalloc_sys::mi_zalloc(layout.size()) as *mut u8
            } else {
                libmimalloc_sys::mi_zalloc_aligned(layout.size(), layout.align()) as *mut u8
            }
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        // SAFETY: `ptr` came from this allocator (the caller's contract).
        unsafe { libmimalloc_sys::mi_free(ptr as *mut c_void) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `ptr` came from this allocator with `layout` (the caller's contract); the new
        // block keeps the layout's alignment either way.
        unsafe {
            if plain(layout.align(), new_size) {
                libmimalloc_sys::mi_realloc(ptr as *mut c_void, new_size) as *mut u8
            } else {
                libmimalloc_sys::mi_realloc_aligned(ptr as *mut c_void, new_size, layout.align())
                    as *mut u8
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each phase sets the purge delay it names, and the import's eager-commit setting holds
    /// through both.
    #[test]
    #[allow(unsafe_code)]
    fn phases_set_the_purge_delay() {
        if std::env::var_os("MIMALLOC_PURGE_DELAY").is_some() {
            return;
        }
        // SAFETY: reads of mimalloc's option table.
        let get = |o| unsafe { libmimalloc_sys::mi_option_get(o) };
        tune(Phase::Serve);
        assert_eq!(get(PURGE_DELAY), 10);
        tune(Phase::Import);
        assert_eq!(get(PURGE_DELAY), 50);
        if std::env::var_os("MIMALLOC_ARENA_EAGER_COMMIT").is_none() {
            assert_eq!(get(ARENA_EAGER_COMMIT), 0);
        }
    }

    /// Blocks of every size and alignment the rules split come back aligned, keep their bytes
    /// through a realloc across the split, and are zeroed when asked.
    #[test]
    #[allow(unsafe_code)]
    fn blocks_are_aligned_and_keep_their_bytes() {
        let a = MiMalloc;
        for align in [1usize, 2, 4, 8, 16, 32, 64, 4096] {
            for size in [1usize, 3, 8, 15, 16, 17, 24, 100, 5000] {
                let Ok(layout) = Layout::from_size_align(size, align) else {
                    continue;
                };
                // SAFETY: a non-zero layout; the block is written within its size and freed once.
                unsafe {
                    let p = a.alloc_zeroed(layout);
                    assert!(!p.is_null());
                    assert_eq!(p as usize % align, 0, "size {size} align {align}");
                    assert!((0..size).all(|i| *p.add(i) == 0));
                    for i in 0..size {
                        *p.add(i) = (i % 251) as u8;
                    }
                    let q = a.realloc(p, layout, size * 3);
                    assert_eq!(q as usize % align, 0, "realloc: size {size} align {align}");
                    assert!((0..size).all(|i| *q.add(i) == (i % 251) as u8));
                    a.dealloc(q, Layout::from_size_align(size * 3, align).unwrap());
                }
            }
        }
    }
}

/// What the process is doing, for [`tune`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Importing (the start of every command): freed memory is kept 50 ms, then goes back to the
    /// OS.
    Import,
    /// Answering requests: freed memory is kept 10 ms for the next request.
    Serve,
}

/// `mi_option_t` ids in the mimalloc.h that libmimalloc-sys 0.1.49 builds (3.3.2; the same in
/// 2.x; its Rust bindings do not name these two).
const ARENA_EAGER_COMMIT: libmimalloc_sys::mi_option_t = 4;
const PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Sets mimalloc's options for `phase` (its environment variables are read before `main`, so the
/// service sets them here; a variable set by the user wins).
///
/// Importing, freed memory is kept 50 ms before it goes back to the OS (`purge_delay` 50; the
/// default of the mimalloc built here is 1000 ms), and arenas are committed as they are used
/// instead of eagerly (`arena_eager_commit` 0): importing 1M games, the heap peaked at 268 MB
/// with the defaults and 172 MB with a delay of 0. Since the parse threads free the
/// bodies they parse (`games::Ready`), the memory in flight is small, and a delay of 0 cost more than
/// it saved: a 100k import's parse threads freed and faulted in the same pages again and again
/// (495k page faults, and `madvise` with a TLB shootdown between the cores each time). With 50 ms:
/// 220k faults, the import 12% faster, the 1M peak 212 MB (BENCHMARKS.md). Serving,
/// a delay of 0 costs too: every query frees its bitsets and buffers and the next one faults
/// fresh zeroed pages in, a fifth of a broad search's time; a year range at 1M games took
/// 3.7–4.9 ms that way and 1.9–2.4 ms with a delay of 10 ms (BENCHMARKS.md).
pub fn tune(phase: Phase) {
    let delay = match phase {
        Phase::Import => 50,
        Phase::Serve => 10,
    };
    let options = [
        ("MIMALLOC_PURGE_DELAY", PURGE_DELAY, delay),
        ("MIMALLOC_ARENA_EAGER_COMMIT", ARENA_EAGER_COMMIT, 0),
    ];
    for (var, option, value) in options {
        if std::env::var_os(var).is_none() {
            // SAFETY: `mi_option_set` stores a value in mimalloc's option table (an atomic
            // store, read by mimalloc when it next purges); any option id and value are accepted.
            #[allow(unsafe_code)]
            unsafe {
                libmimalloc_sys::mi_option_set(option, value);
            }
        }
    }
}
