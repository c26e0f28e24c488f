//! The storage layer: SQLite (the source of truth) and what is derived from it, written with each
//! game or rebuilt from the database.
//!
//! - [`connection`], [`migrate`]: opening the database, the pool of readers, the schema and its
//!   migrations.
//! - [`games`], [`moves`], [`reads`], [`labels`], [`body`]: storing and deleting games with their
//!   packed moves, the read queries, what a list says of each game, a stored game's body parsed
//!   again.
//! - the rows derived with a game: [`keys`] (players and events by name key), [`tally`] (the
//!   statistics totals), [`tree`] (the explorer's tree of move sequences), [`positions`] (the
//!   boards each game reached, keyed by position); [`names`] and [`jsonb`] help.
//! - [`versions`], [`draft`]: every version of a game's text and corrections of it; a record
//!   text read as an import reads it, stored nowhere (the desk's preview).
//! - [`index`]: the tantivy search index (schema, documents, tokenizer, query language and
//!   planning, facets), derived from the database.
//! - [`ingest`]: the import pipeline (files, parse threads, one writer, the bulk end, tournament
//!   tables), which writes all of the above.

pub mod body;
pub mod connection;
pub mod draft;
pub mod games;
pub mod hotw_ends;
pub mod index;
pub mod ingest;
pub mod jsonb;
pub mod keys;
pub mod labels;
pub mod migrate;
pub mod moves;
pub mod names;
pub mod numerals;
pub mod positions;
pub mod reads;
pub(crate) mod rows;
pub mod sides;
pub mod tally;
pub mod tree;
pub mod versions;
pub mod withheld;
