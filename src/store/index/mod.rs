//! The tantivy search index: derived from SQLite, never the other way. One document per game.
//!
//! Every text field uses the [`crate::store::index::tokenizer`] (CJK grams by position, folded scripts). The
//! index can be deleted and rebuilt with `annals reindex`; [`Index::sync`] brings a lagging index
//! up to date (after a crash between the database commit and the index commit).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tantivy::schema::{
    FacetOptions, Field, IndexRecordOption, NumericOptions, STORED, STRING, Schema,
    TextFieldIndexing, TextOptions,
};
use tantivy::{IndexReader, IndexWriter, TantivyDocument};

mod caches;
mod documents;
mod facets;
mod planned;
pub mod query;
mod search;
pub mod tokenizer;
mod writes;

#[cfg(test)]
mod tests;

use caches::*;
pub use documents::*;
pub use facets::*;
pub use search::*;

/// Memory budget of the one index writer, and its indexing threads. One thread with 32 MB, where
/// tantivy's default of a thread a core had two with 32 MB each: on two cores the import's parse
/// threads and writer keep both busy, and a second indexing thread only held 40 MB more of a
/// 100k import's peak RSS (171 -> 125 MB), at the same speed (BENCHMARKS.md).
const WRITER_BYTES: usize = 32 * 1024 * 1024;
const WRITER_THREADS: usize = 1;

#[derive(Clone, Copy)]
struct Fields {
    id: Field,
    kind: Field,
    title: Field,
    body: Field,
    event: Field,
    /// The event's key (`store::keys::event_key`), untokenized: `event:` matches the events the name
    /// authority finds, whatever their spelling.
    event_key: Field,
    player: Field,
    empire: Field,
    card: Field,
    region: Field,
    side: Field,
    winner: Field,
    opening: Field,
    year: Field,
    facets: Field,
}

fn schema() -> (Schema, Fields) {
    let mut b = Schema::builder();
    let indexing = TextFieldIndexing::default()
        .set_tokenizer(tokenizer::NAME)
        .set_index_option(IndexRecordOption::WithFreqsAndPositions);
    let text = TextOptions::default().set_indexing_options(indexing.clone());
    let stored_text = TextOptions::default()
        .set_indexing_options(indexing)
        .set_stored();
    let fields = Fields {
        id: b.add_u64_field(
            "id",
            NumericOptions::default()
                .set_indexed()
                .set_fast()
                .set_stored(),
        ),
        kind: b.add_text_field("kind", STRING | STORED),
        title: b.add_text_field("title", stored_text.clone()),
        body: b.add_text_field("body", stored_text),
        event: b.add_text_field("event", text.clone()),
        event_key: b.add_text_field("event_key", STRING),
        player: b.add_text_field("player", text.clone()),
        empire: b.add_text_field("empire", text.clone()),
        card: b.add_text_field("card", text.clone()),
        region: b.add_text_field("region", text.clone()),
        side: b.add_text_field("side", text.clone()),
        winner: b.add_text_field("winner", text.clone()),
        opening: b.add_text_field("opening", text),
        year: b.add_i64_field("year", NumericOptions::default().set_indexed().set_fast()),
        facets: b.add_facet_field("facets", FacetOptions::default()),
    };
    (b.build(), fields)
}

/// The index, its one writer and a reader.
pub struct Index {
    fields: Fields,
    /// `None` when another process (a running `annals serve`) holds the index's writer lock: this
    /// process then only reads, and the holder brings the index up to date from the database.
    writer: Mutex<Option<IndexWriter<TantivyDocument>>>,
    reader: IndexReader,
    /// The facets of each segment, for [`FacetCounter`].
    facet_labels: Mutex<HashMap<tantivy::index::SegmentId, Arc<SegmentFacets>>>,
    /// The counts of broad terms by segment (see [`TermCounts`]).
    term_counts: Arc<Mutex<TermCounts>>,
    /// Recent answers of [`Index::search_cached`].
    results: Mutex<ResultCache>,
    /// Searches running now (see [`Index::collect`]).
    in_flight: std::sync::atomic::AtomicUsize,
}

impl Index {}
