//! Opening the index and writing to it: documents added and committed, and the index brought
//! level with the database (sync, rebuild).

use crate::error::{Error, Result};
use rusqlite::Connection;
use std::collections::{BTreeSet, HashMap};
use std::path::Path;
use std::sync::{Arc, Mutex};
use tantivy::tokenizer::TextAnalyzer;
use tantivy::{IndexWriter, ReloadPolicy, TantivyDocument, Term};

use super::documents::DocInput;
use super::facets::live_segments;
use super::search::ResultCache;
use super::{Index, WRITER_BYTES, WRITER_THREADS, schema, tokenizer};

impl Index {
    /// Opens the index in `dir`, creating it when absent. A directory holding an index of another
    /// schema is wiped and recreated (the index is derived data; `sync` refills it).
    pub fn open(dir: &Path) -> Result<Index> {
        std::fs::create_dir_all(dir)?;
        let (schema, fields) = schema();
        let mmap = tantivy::directory::MmapDirectory::open(dir)
            .map_err(|e| Error::Index(e.to_string()))?;
        let mut index = match tantivy::Index::open_or_create(mmap, schema.clone()) {
            Ok(i) => i,
            Err(tantivy::TantivyError::SchemaError(_)) => {
                std::fs::remove_dir_all(dir)?;
                std::fs::create_dir_all(dir)?;
                tantivy::Index::create_in_dir(dir, schema)?
            }
            Err(e) => return Err(e.into()),
        };
        index.tokenizers().register(
            tokenizer::NAME,
            TextAnalyzer::from(tokenizer::AnnalsTokenizer::default()),
        );
        // A search runs its segments on every core (up to 8): a broad query over a 1M-game index
        // of five segments took 60% of its one-core time on two. Concurrent searches share these
        // threads, so they never take more cores than the machine has.
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get().min(8));
        if cores > 1 {
            index.set_multithread_executor(cores)?;
        }
        let writer = match index.writer_with_num_threads(WRITER_THREADS, WRITER_BYTES) {
            Ok(w) => Some(w),
            Err(tantivy::TantivyError::LockFailure(..)) => {
                tracing::warn!("the search index is held by another process; reading only");
                None
            }
            Err(e) => return Err(e.into()),
        };
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()?;
        let index = Index {
            fields,
            writer: Mutex::new(writer),
            reader,
            facet_labels: Mutex::new(HashMap::new()),
            term_counts: Arc::default(),
            results: Mutex::new(ResultCache::default()),
            in_flight: std::sync::atomic::AtomicUsize::new(0),
        };
        index.warm();
        Ok(index)
    }

    /// Decodes the facets of every segment now rather than in the first search that meets each
    /// (about 350 ms for a 1M-game index). Best effort: a failure only leaves the work to searches.
    /// Forgets the facets of segments merged away since: they would otherwise stay until the
    /// cache holds [`FACET_CACHE_SEGMENTS`] segments, and a long import merges many (a
    /// million-game import kept over a hundred megabytes of dead segments' facets).
    pub(super) fn warm(&self) {
        let searcher = self.reader.searcher();
        if let Err(e) = self.facet_counter(&searcher) {
            tracing::warn!("could not warm the search index: {e}");
        }
        let live = live_segments(&searcher);
        if let Ok(mut cache) = self.lock_facet_cache() {
            cache.retain(|k, _| live.contains(k));
        }
        if let Ok(mut counts) = self.term_counts.lock() {
            counts.forget_dead(&live);
        }
    }

    /// Whether this process may write the index.
    pub fn writable(&self) -> bool {
        self.writer.lock().map(|w| w.is_some()).unwrap_or(false)
    }

    pub(super) fn writer(
        &self,
    ) -> Result<std::sync::MutexGuard<'_, Option<IndexWriter<TantivyDocument>>>> {
        self.writer
            .lock()
            .map_err(|_| Error::Index("index writer poisoned".into()))
    }
}

impl Index {
    /// Adds freshly imported games (already committed to the database), each by its id and its
    /// [`Index::document`], and commits the index.
    pub fn add_documents(&self, docs: Vec<(i64, TantivyDocument)>) -> Result<()> {
        if docs.is_empty() {
            return Ok(());
        }
        self.add_documents_uncommitted(docs)?;
        self.commit()
    }

    /// Adds games without committing: searches see them after the next [`Index::commit`]. The
    /// importer commits every [`crate::store::ingest::INDEX_COMMIT_GAMES`] games; should it stop before,
    /// the games are in the database and `sync` (run at every start) indexes them.
    pub fn add_documents_uncommitted(&self, docs: Vec<(i64, TantivyDocument)>) -> Result<()> {
        let guard = self.writer()?;
        let Some(w) = guard.as_ref() else {
            // Another process holds the writer: it picks these games up from the database.
            return Ok(());
        };
        let searcher = self.reader.searcher();
        for (id, mut doc) in docs {
            // A game is never indexed twice: drop any stale document with this id first.
            self.delete_if_present(w, &searcher, id)?;
            doc.add_u64(self.fields.id, id as u64);
            w.add_document(doc)?;
        }
        Ok(())
    }

    /// Deletes the document of game `id` when the last commit holds one. Only then: tantivy keeps
    /// every delete operation until the next commit (as a term query, several hundred bytes), so
    /// deleting unconditionally made a million-game import grow by that much per game.
    pub(super) fn delete_if_present(
        &self,
        w: &IndexWriter<TantivyDocument>,
        searcher: &tantivy::Searcher,
        id: i64,
    ) -> Result<()> {
        let term = Term::from_field_u64(self.fields.id, id as u64);
        if searcher.doc_freq(&term)? > 0 {
            w.delete_term(term);
        }
        Ok(())
    }

    /// Commits what was added and makes it visible to searches.
    pub fn commit(&self) -> Result<()> {
        if self.commit_unread()? {
            self.reader.reload()?;
            self.warm();
        }
        Ok(())
    }

    /// Commits what was added, for the searches of other processes and of this one's next
    /// [`Index::commit`]: an import's commits before its last, which this process's searches
    /// need not see yet. Reloading the reader and warming its facets at each of them held a
    /// million-game import's merged-away segments in memory longer and cost it 10 facet warm-ups.
    /// False when another process holds the writer.
    pub fn commit_unread(&self) -> Result<bool> {
        let mut guard = self.writer()?;
        let Some(w) = guard.as_mut() else {
            return Ok(false);
        };
        w.commit()?;
        Ok(true)
    }

    /// Adds the documents of games loaded from the database, without committing. The callers add
    /// only games the index does not hold (`sync`: the missing ones; `rebuild`: after deleting
    /// all), so nothing is deleted first.
    pub(super) fn add_records(
        &self,
        w: &IndexWriter<TantivyDocument>,
        conn: &Connection,
        ids: &[i64],
    ) -> Result<()> {
        for id in ids {
            if let Some(g) = crate::store::reads::get_game(conn, *id)? {
                let mut doc = self.document(&DocInput::from_record(&g));
                doc.add_u64(self.fields.id, g.id as u64);
                w.add_document(doc)?;
            }
        }
        Ok(())
    }

    /// Indexes the games `ids` (which the index must not hold yet) from the database, and commits.
    pub fn add_from_db(&self, conn: &Connection, ids: &[i64]) -> Result<()> {
        let guard = self.writer()?;
        let Some(w) = guard.as_ref() else {
            return Err(Error::Index(
                "the search index is held by another process".into(),
            ));
        };
        for chunk in ids.chunks(5_000) {
            self.add_records(w, conn, chunk)?;
        }
        drop(guard);
        self.commit()
    }

    /// The game ids the index holds.
    pub fn ids(&self) -> Result<BTreeSet<i64>> {
        if !self.writable() {
            // Another process writes: see its latest commit.
            self.reader.reload()?;
        }
        let searcher = self.reader.searcher();
        let mut out = BTreeSet::new();
        for seg in searcher.segment_readers() {
            let col = seg.fast_fields().u64("id")?;
            for doc in seg.doc_ids_alive() {
                if let Some(v) = col.first(doc) {
                    out.insert(v as i64);
                }
            }
        }
        Ok(out)
    }

    /// Compares the index with the database: (ids in the database only, ids in the index only),
    /// each in ascending order.
    pub fn diff(&self, conn: &Connection) -> Result<(Vec<i64>, Vec<i64>)> {
        let in_index = self.ids()?;
        let in_db = all_game_ids(conn)?;
        let missing = in_db
            .iter()
            .filter(|id| !in_index.contains(id))
            .copied()
            .collect();
        let extra = in_index
            .iter()
            .filter(|id| in_db.binary_search(id).is_err())
            .copied()
            .collect();
        Ok((missing, extra))
    }

    /// Brings the index level with the database: indexes what is missing, drops what is gone.
    /// Returns (added, removed).
    pub fn sync(&self, conn: &Connection) -> Result<(usize, usize)> {
        let (missing, extra) = self.diff(conn)?;
        if missing.is_empty() && extra.is_empty() {
            return Ok((0, 0));
        }
        let mut guard = self.writer()?;
        let Some(w) = guard.as_mut() else {
            return Err(Error::Index(
                "the search index is held by another process (a running `annals serve`?), which keeps it up to date; stop it to rebuild".into(),
            ));
        };
        for id in &extra {
            w.delete_term(Term::from_field_u64(self.fields.id, *id as u64));
        }
        for chunk in missing.chunks(5_000) {
            self.add_records(w, conn, chunk)?;
            w.commit()?;
        }
        w.commit()?;
        drop(guard);
        self.reader.reload()?;
        Ok((missing.len(), extra.len()))
    }

    /// Rebuilds the whole index from the database. Returns the number of documents.
    pub fn rebuild(&self, conn: &Connection) -> Result<usize> {
        let mut guard = self.writer()?;
        let Some(w) = guard.as_mut() else {
            return Err(Error::Index(
                "the search index is held by another process (a running `annals serve`?), which keeps it up to date; stop it to rebuild".into(),
            ));
        };
        w.delete_all_documents()?;
        let ids = all_game_ids(conn)?;
        for chunk in ids.chunks(5_000) {
            self.add_records(w, conn, chunk)?;
        }
        w.commit()?;
        drop(guard);
        self.reader.reload()?;
        Ok(ids.len())
    }

    /// Number of documents visible to searches.
    pub fn num_docs(&self) -> u64 {
        self.reader.searcher().num_docs()
    }
}

/// The ids of every stored game, ascending. Read from the narrowest index that holds them (the
/// planner picks one for an unordered scan) and sorted here: `ORDER BY id` walks the games table
/// itself, which is most of the database (at 1M games, 2.6 s against 0.5 s with a warm cache,
/// and most of the 24 s a server took to open a cold one).
pub(super) fn all_game_ids(conn: &Connection) -> Result<Vec<i64>> {
    let mut ids: Vec<i64> = conn
        .prepare("SELECT id FROM games")?
        .query_map([], |r| r.get(0))?
        .collect::<std::result::Result<_, _>>()?;
    ids.sort_unstable();
    Ok(ids)
}
