//! What an import is asked to do, and its fixed limits.

use annals_import::Kind;

/// Games per write transaction.
pub const BATCH_GAMES: usize = 256;
/// Files larger than this are rejected unread.
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;
/// Extensions read when walking a folder (a file named on the command line is read whatever it is).
pub const RECORD_EXTENSIONS: [&str; 7] = ["hotw", "sanguo", "wec", "dip", "txt", "pgn", "csv"];

#[derive(Debug, Clone, Default)]
pub struct Options {
    /// `--kind`: the kind of games whose tags and extension do not say.
    pub kind: Option<Kind>,
    /// Show a progress bar (only when stderr is a terminal).
    pub progress: bool,
    /// Keep every game in the summary (`--json`; off for benchmarks of a million games).
    pub details: bool,
    /// Keep at most this many of the games' diagnostics in the summary (every one is stored with
    /// its game); the rest are only counted. `None`: all of them (`--json`).
    pub max_diagnostics: Option<usize>,
    /// Set when whoever asked for the import is gone (a request that timed out, a client that
    /// left): the parse stops at the next game and nothing is written.
    pub cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

impl Options {
    /// Has the import been called off?
    pub fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
    }
}
