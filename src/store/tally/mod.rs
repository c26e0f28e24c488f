//! Running totals of the statistics (`schema.sql`: `stat_buckets` and the tables after it), kept in
//! the same transaction as the games they count, so that a statistics page sums rows whose number
//! grows with the events and years of the archive, not with its games. (Computed from the move tables instead, the HotW empire and the
//! WEC figures read every turn of the archive: 17–24 s a request at 100k games.)
//!
//! A game's contribution is worked out from its parsed body and its seats ([`GameFacts`]), added
//! when it is stored and subtracted when it is deleted or its seats change (a tournament table
//! filling in placings); [`Tally`] gathers many games' changes and writes each bucket's totals
//! once: a bucket's totals of one table are one `stat_totals` row, a JSON array in key order
//! (schema 7; the tables of totals of schema 6 are views of these rows).
//! `stats::scan` computes the same figures from the move tables, the reference `annals check` and
//! the tests hold these totals to.
//!
//! A bulk import keeps its totals in memory and writes them when they grow large and at its end
//! (one write per total instead of one per batch), marking `meta.tally_pending` meanwhile and
//! holding an exclusive lock on `<db>.tally-lock`. Should it stop half-way, its games are stored
//! without their totals: the next [`open`](crate::store::connection::open) that finds the mark and can take the
//! lock (no import of another process is still running) rebuilds every total from the stored games.

mod buckets;
mod bulk;
mod facts;
mod tables;
mod totals;

pub use bulk::*;
pub use facts::*;
pub use tables::*;
pub use totals::*;

#[cfg(test)]
mod tests {
    use super::buckets::{ByBucket, Key};
    use super::*;
    use std::collections::BTreeMap;

    /// A bulk import holds the lock alone: beside it, an import that writes game by game waits,
    /// then is told to try again later (503, with the reason shown), and a second bulk import
    /// does not start. Once it ends, game-by-game imports share the lock, and while one holds it
    /// no bulk import starts.
    #[test]
    fn a_bulk_import_writes_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.db");
        let one = crate::store::connection::open(&path).unwrap();
        let two = crate::store::connection::open(&path).unwrap();
        let wait = std::time::Duration::from_millis(120);
        let bulk = begin_bulk(&one).unwrap();
        assert!(bulk.is_some());
        assert!(begin_bulk(&two).unwrap().is_none());
        let e = share_lock_waiting(&two, wait).unwrap_err();
        assert!(matches!(e, crate::error::Error::Busy(_)), "{e}");
        assert_eq!(e.status(), axum::http::StatusCode::SERVICE_UNAVAILABLE);
        assert!(e.is_shown());
        drop(bulk);
        let shared = share_lock_waiting(&two, wait).unwrap();
        let also = share_lock_waiting(&one, wait).unwrap();
        assert!(shared.is_some() && also.is_some());
        assert!(begin_bulk(&one).unwrap().is_none());
        drop((shared, also));
        assert!(begin_bulk(&one).unwrap().is_some());
    }

    /// `ByBucket` holds what one map of whole keys holds, through adds in any bucket order (the
    /// buckets' maps made as they come), iteration, the buckets with a key, and a drain that
    /// leaves it empty for the next flush.
    #[test]
    fn by_bucket_holds_what_one_map_holds() {
        let mut rng = crate::bench::generate::Rng::new(7);
        let mut by = ByBucket::<[i64; 2]>::new();
        let mut one: BTreeMap<Key, [i64; 2]> = BTreeMap::new();
        for round in 0..2 {
            for _ in 0..5_000 {
                // Buckets 0..40 (bucket 13 never), parts small so that keys repeat.
                let mut b = rng.below(40) as u32;
                if b == 13 {
                    b = 39;
                }
                let key = [
                    b,
                    rng.below(5) as u32,
                    rng.below(7) as u32,
                    rng.below(3) as u32,
                ];
                let add = [1, rng.below(100) as i64 - 50];
                let d = by.entry(key, [0; 2]);
                let e = one.entry(key).or_insert([0; 2]);
                for i in 0..2 {
                    d[i] += add[i];
                    e[i] += add[i];
                }
            }
            assert_eq!(by.len(), one.len(), "round {round}");
            assert!(!by.is_empty());
            let mut seen: Vec<(Key, [i64; 2])> = by.iter().map(|(k, v)| (k, *v)).collect();
            seen.sort();
            let want: Vec<(Key, [i64; 2])> = one.iter().map(|(k, v)| (*k, *v)).collect();
            assert_eq!(seen, want, "round {round}");
            let buckets: Vec<u32> = by.buckets().collect();
            let mut want_buckets: Vec<u32> = one.keys().map(|k| k[0]).collect();
            want_buckets.dedup();
            assert_eq!(buckets, want_buckets);
            assert!(!buckets.contains(&13));
            let mut drained = by.drain();
            drained.sort();
            assert_eq!(drained, want, "round {round}");
            assert_eq!(by.len(), 0);
            assert!(by.is_empty());
            assert_eq!(by.iter().count(), 0);
            assert_eq!(by.buckets().count(), 0);
            one.clear();
        }
    }
}
