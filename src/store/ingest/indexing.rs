//! The index thread: the games the writer committed, fed to the search index and freed.

use crate::error::Result;
use crate::store::index::Index;
use std::sync::mpsc;

use super::files::{Prepared, PreparedFile};

/// Games the index thread adds before it commits (other processes' searches see them then, this
/// process's at the import's last commit). An import that stops before a commit loses nothing: the
/// games are in SQLite and `Index::sync` indexes them at the next start.
pub const INDEX_COMMIT_GAMES: usize = 100_000;

/// Committed files, and which of their games were stored under which id.
pub(super) struct IndexJob {
    pub(super) batch: Vec<PreparedFile>,
    /// (file, game, id) positions in `batch`.
    pub(super) stored: Vec<(usize, usize, i64)>,
}

/// The search documents of the games of `batch` at the (file, game, id) positions `stored`, with
/// their ids, taken out of the batch. A game without one (the index was held by another process
/// when it was parsed) is left to `Index::sync`.
pub(super) fn stored_documents(
    batch: &mut [PreparedFile],
    stored: &[(usize, usize, i64)],
) -> Vec<(i64, tantivy::TantivyDocument)> {
    stored
        .iter()
        .filter_map(|(f, g, id)| match batch.get_mut(*f)?.games.get_mut(*g)? {
            Prepared::Game { doc, .. } => Some((*id, doc.take()?)),
            Prepared::Rejected { .. } => None,
        })
        .collect()
}

/// The index the parse threads make search documents for: `index`, unless another process holds
/// its writer (then `Index::sync` indexes the games from the database).
pub(super) fn documents_for(index: Option<&Index>) -> Option<&Index> {
    index.filter(|ix| ix.writable())
}

/// The index thread: adds the games of each committed batch, commits every
/// [`INDEX_COMMIT_GAMES`] games and at the end, and frees the parsed games.
pub(super) fn index_jobs(index: &Index, rx: mpsc::Receiver<IndexJob>) -> Result<()> {
    let mut since_commit = 0usize;
    let mut failed = None;
    for job in rx {
        if failed.is_some() {
            continue; // drain, so that the writer never blocks
        }
        let mut batch = job.batch;
        let docs = stored_documents(&mut batch, &job.stored);
        let added = docs.len();
        if let Err(e) = index.add_documents_uncommitted(docs) {
            failed = Some(e);
            continue;
        }
        since_commit += added;
        if since_commit >= INDEX_COMMIT_GAMES {
            since_commit = 0;
            if let Err(e) = index.commit_unread() {
                failed = Some(e);
            }
        }
    }
    match failed {
        Some(e) => Err(e),
        None => {
            let t = std::time::Instant::now();
            let r = index.commit();
            tracing::info!(
                seconds = t.elapsed().as_secs_f64(),
                "search index committed"
            );
            r
        }
    }
}
