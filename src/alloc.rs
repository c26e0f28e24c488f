//! The global allocator: mimalloc, asked for memory the way C's `malloc` asks it.
//!
//! `mimalloc::MiMalloc` (0.1.52) sends every allocation to `mi_malloc_aligned`, whatever its
//! alignment. In mimalloc 3 (what libmimalloc-sys 0.1.49 builds) that call takes its fast path
//! only when the page's free list is not empty; otherwise it over-allocates through the generic
//! aligned path. Under callgrind, parsing 3 MB of HotW made 104,605 allocations at 80
//! instructions each, 75,197 of them through that path. `mi_malloc` returns blocks aligned to
//! 16 bytes (`MI_MAX_ALIGN_SIZE`) and to their size below that, so every layout whose alignment
//! is at most 16 and at most its size goes there; only the rare larger alignment goes to
//! `mi_malloc_aligned` (BENCHMARKS.md, session 7).
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
