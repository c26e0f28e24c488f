//! The storage layer: SQLite (the source of truth) and what is derived from it.

pub mod body;
pub mod connection;
pub mod games;
pub mod index;
pub mod ingest;
pub mod jsonb;
pub mod keys;
pub mod migrate;
pub mod moves;
pub mod names;
pub mod reads;
pub mod tally;
pub mod tree;
