//! The import pipeline: a reader (read, decode, split files in order) → parse threads (chunks of
//! [`CHUNK_GAMES`] games) → one writer (SQLite, a transaction every [`BATCH_GAMES`] games) → an
//! index thread (tantivy, a commit every [`INDEX_COMMIT_GAMES`] games and at the end).
//!
//! Memory stays bounded whatever the corpus or file size: the reader sends a chunk only for a
//! token the writer hands back when it has written one, and the channels between the stages are
//! bounded. Output order (and so game ids) follows the sorted file list and the games' order in
//! each file, whatever order the parse threads finish in. An import into an empty database is a
//! bulk import (see [`import_files`]).

mod bulk;
mod commit;
mod files;
mod indexing;
mod options;
mod parse;
mod pipeline;
mod report;
pub mod tournament;

pub use files::*;
pub use indexing::*;
pub use options::*;
pub use parse::*;
pub use pipeline::*;
pub use report::*;
