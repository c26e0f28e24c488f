//! Calling off work done for a request when the request is gone. Axum drops a handler's future
//! when the router's timeout fires or hyper sees the client leave; a value the future holds is
//! dropped with it. [`on_drop`] gives such a value and the flag it sets, which the blocking work
//! (an import's parse, `store::ingest::Options::cancel`) checks between games.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set once the request is gone.
pub type Flag = Arc<AtomicBool>;

/// Sets its flag when dropped.
pub struct CancelOnDrop(Flag);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// A guard to hold in the handler's future, and the flag to hand to the work.
pub fn on_drop() -> (CancelOnDrop, Flag) {
    let flag = Arc::new(AtomicBool::new(false));
    (CancelOnDrop(flag.clone()), flag)
}
