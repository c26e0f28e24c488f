//! The import pipeline: a reader (read, decode, split files in order) → parse threads (chunks of
//! [`CHUNK_GAMES`] games) → one writer (SQLite, a transaction every [`BATCH_GAMES`] games) → an
//! index thread (tantivy, a commit every [`INDEX_COMMIT_GAMES`] games and at the end).
//!
//! Memory stays bounded whatever the corpus or file size: the reader sends a chunk only for a
//! token the writer hands back when it has written one, and the channels between the stages are
//! bounded. Output order (and so game ids) follows the sorted file list and the games' order in
//! each file, whatever order the parse threads finish in. An import into an empty database is a
//! bulk import (see [`import_files`]).

use annals_import::Kind;

mod bulk;
mod commit;
mod files;
mod indexing;
mod parse;
mod pipeline;
mod report;
pub mod tournament;

pub use files::*;
pub use indexing::*;
pub use parse::*;
pub use pipeline::*;
pub use report::*;

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
}
