//! Totals by bucket in memory, the names and numbers their keys hold, and the rows they are
//! written as (one `stat_totals` row a bucket and table).

use crate::error::Result;
use annals_import::Kind;
use rusqlite::{Connection, OptionalExtension, params};
use rustc_hash::FxHashMap as HashMap;

use super::tables::{Part, Spec};

/// A total's key: each part (as [`Part`] says) an index into the [`Tally`]'s buckets, numbers or
/// names; unused parts 0. Small, so that a bulk import's hundreds of thousands of totals stay a
/// few megabytes.
pub(super) type Key = [u32; 4];

/// Changes to one table of totals: key → counter changes.
pub(super) struct Counts<const N: usize> {
    pub(super) spec: &'static Spec,
    pub(super) map: ByBucket<[i64; N]>,
}

/// A map of [`Key`]s held bucket by bucket: one small map per bucket for the key's other parts.
///
/// A game's changes all fall in one bucket, so its few hundred adds stay in that bucket's few
/// kilobytes. In one map of every bucket's keys (70,000 gains and 60,000 cards at 100k games)
/// each add was a cache miss: 6% of an import's CPU, three quarters of it on two loads (perf).
pub(super) struct ByBucket<V> {
    /// By bucket index; keys `[part 1, part 2, part 3]`.
    pub(super) maps: Vec<HashMap<[u32; 3], V>>,
    /// Keys in all the maps.
    pub(super) len: usize,
}

impl<V: Copy> ByBucket<V> {
    pub(super) fn new() -> Self {
        ByBucket {
            maps: Vec::new(),
            len: 0,
        }
    }

    pub(super) fn len(&self) -> usize {
        self.len
    }

    pub(super) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The value of `key`, `zero` put in first when it has none.
    pub(super) fn entry(&mut self, key: Key, zero: V) -> &mut V {
        let b = key[0] as usize;
        if b >= self.maps.len() {
            self.maps.resize_with(b + 1, HashMap::default);
        }
        match self.maps[b].entry([key[1], key[2], key[3]]) {
            std::collections::hash_map::Entry::Occupied(o) => o.into_mut(),
            std::collections::hash_map::Entry::Vacant(v) => {
                self.len += 1;
                v.insert(zero)
            }
        }
    }

    /// Every key and value, bucket by bucket.
    pub(super) fn iter(&self) -> impl Iterator<Item = (Key, &V)> {
        self.maps.iter().enumerate().flat_map(|(b, m)| {
            m.iter()
                .map(move |(k, v)| ([b as u32, k[0], k[1], k[2]], v))
        })
    }

    /// The buckets with a key.
    pub(super) fn buckets(&self) -> impl Iterator<Item = u32> {
        (0..self.maps.len() as u32).filter(|&b| !self.maps[b as usize].is_empty())
    }

    /// Every key and value, the map left empty.
    pub(super) fn drain(&mut self) -> Vec<(Key, V)> {
        let mut all = Vec::with_capacity(self.len);
        for (b, m) in self.maps.iter_mut().enumerate() {
            all.extend(m.drain().map(|(k, v)| ([b as u32, k[0], k[1], k[2]], v)));
        }
        self.len = 0;
        all
    }
}

impl<const N: usize> Counts<N> {
    pub(super) fn new(spec: &'static Spec) -> Self {
        debug_assert_eq!(spec.counters.len(), N);
        debug_assert_eq!(spec.keys.first().map(|k| k.1), Some(Part::Bucket));
        Counts {
            spec,
            map: ByBucket::new(),
        }
    }

    pub(super) fn add(&mut self, key: Key, counters: [i64; N], sign: i64) {
        let d = self.map.entry(key, [0; N]);
        for (a, c) in d.iter_mut().zip(counters) {
            *a += c * sign;
        }
    }

    /// Adds each change of a bucket of one event and year to its roll-ups too (the year's, the
    /// kind's and the event's), as [`Tally::flush`] is about to write them.
    pub(super) fn roll_up(&mut self, parts: &mut Parts) {
        let mut ups: Vec<(Key, [i64; N])> = Vec::with_capacity(self.map.len() * 3);
        for (key, d) in self.map.iter() {
            for r in parts.roll_ups(key[0]).into_iter().flatten() {
                let mut k = key;
                k[0] = r;
                ups.push((k, *d));
            }
        }
        for (k, d) in ups {
            let e = self.map.entry(k, [0; N]);
            for (a, c) in e.iter_mut().zip(d) {
                *a += c;
            }
        }
    }

    /// Adds the stored totals of every bucket with a change (the `stat_totals` row of this table
    /// and bucket, when there is one), so that the map holds each bucket's new totals in full.
    pub(super) fn merge_stored(&mut self, conn: &Connection, parts: &mut Parts) -> Result<()> {
        let buckets: Vec<u32> = self.map.buckets().collect();
        let mut st =
            conn.prepare_cached("SELECT totals FROM stat_totals WHERE bucket = ?1 AND part = ?2")?;
        for b in buckets {
            let Some(&id) = parts.bucket_ids.get(b as usize) else {
                continue;
            };
            let stored: Option<String> = st
                .query_row(params![id, self.spec.table], |r| r.get(0))
                .optional()?;
            let Some(stored) = stored else { continue };
            let rows: Vec<Vec<serde_json::Value>> = serde_json::from_str(&stored)
                .map_err(|e| bad_totals(self.spec.table, id, &e.to_string()))?;
            for row in rows {
                let mut key: Key = [b, 0, 0, 0];
                let keys = &self.spec.keys[1..];
                if row.len() != keys.len() + N {
                    return Err(bad_totals(
                        self.spec.table,
                        id,
                        "a total of the wrong length",
                    ));
                }
                for (i, ((_, part), v)) in keys.iter().zip(&row).enumerate() {
                    key[i + 1] = match (part, v) {
                        (Part::Int, serde_json::Value::Number(n)) => match n.as_i64() {
                            Some(n) => parts.int(n),
                            None => return Err(bad_totals(self.spec.table, id, "not an integer")),
                        },
                        (Part::Name, serde_json::Value::String(s)) => parts.name(s),
                        _ => {
                            return Err(bad_totals(self.spec.table, id, "a key of the wrong type"));
                        }
                    };
                }
                let mut c = [0i64; N];
                for (dst, v) in c.iter_mut().zip(&row[keys.len()..]) {
                    *dst = v
                        .as_i64()
                        .ok_or_else(|| bad_totals(self.spec.table, id, "a count not an integer"))?;
                }
                self.add(key, c, 1);
            }
        }
        Ok(())
    }

    /// The totals of each bucket in the map (after [`Counts::merge_stored`]: in full) as its
    /// `stat_totals` row, in key order, without the totals that are all zero; a bucket left with
    /// none gets no totals (its row is deleted). Only CPU: [`write_rows`] writes them.
    pub(super) fn rows(&mut self, parts: &Parts, ranks: &Ranks, rows: &mut Vec<TotalsRow>) {
        if self.map.is_empty() {
            return;
        }
        let s = self.spec;
        // Each key as the order SQLite keeps its parts in: numbers by value, text by its bytes,
        // buckets by row id.
        let order = |k: &Key| -> [i64; 4] {
            let mut o = [0i64; 4];
            for (i, (_, part)) in s.keys.iter().enumerate() {
                let at = k[i] as usize;
                o[i] = match part {
                    Part::Bucket => parts.bucket_ids.get(at).copied().unwrap_or(0),
                    Part::Int => ranks.ints.get(at).copied().map_or(0, i64::from),
                    Part::Name => ranks.names.get(at).copied().map_or(0, i64::from),
                };
            }
            o
        };
        let totals: Vec<(Key, [i64; N])> = self.map.drain();
        // Sorted by reference: an entry is up to 112 bytes, and moving them was most of the sort.
        let mut entries: Vec<([i64; 4], &Key, &[i64; N])> =
            totals.iter().map(|(k, d)| (order(k), k, d)).collect();
        entries.sort_unstable_by_key(|e| e.0);
        let mut i = 0;
        while i < entries.len() {
            let bucket = entries[i].0[0];
            let mut out = String::new();
            out.push('[');
            let mut n = 0usize;
            while i < entries.len() && entries[i].0[0] == bucket {
                let (_, key, d) = entries[i];
                i += 1;
                if d.iter().all(|&a| a == 0) {
                    continue;
                }
                if n > 0 {
                    out.push(',');
                }
                n += 1;
                out.push('[');
                let mut first = true;
                let mut sep = |out: &mut String| {
                    if !std::mem::take(&mut first) {
                        out.push(',');
                    }
                };
                for ((_, part), &k) in s.keys.iter().zip(key).skip(1) {
                    sep(&mut out);
                    match part {
                        Part::Name => crate::store::moves::json_str(
                            &mut out,
                            parts.names.get(k as usize).map_or("", |n| n),
                        ),
                        _ => out.push_str(
                            itoa::Buffer::new()
                                .format(parts.ints.get(k as usize).copied().unwrap_or(0)),
                        ),
                    }
                }
                for a in d {
                    sep(&mut out);
                    out.push_str(itoa::Buffer::new().format(*a));
                }
                out.push(']');
            }
            out.push(']');
            rows.push(TotalsRow {
                bucket,
                table: s.table,
                totals: (n > 0).then_some(out),
            });
        }
    }
}

/// One bucket's totals of one table, as [`Counts::rows`] makes them: `None` when it has none left.
pub(super) struct TotalsRow {
    pub(super) bucket: i64,
    pub(super) table: &'static str,
    pub(super) totals: Option<String>,
}

/// The `stat_totals` rows of a flush, made and not yet written.
pub struct TotalsRows(pub(super) Vec<TotalsRow>);

/// Writes (or, for a bucket left with none, deletes) each row.
pub(super) fn write_rows(conn: &Connection, rows: &TotalsRows) -> Result<()> {
    let mut put = conn.prepare_cached(
        "INSERT INTO stat_totals(bucket, part, totals) VALUES (?1, ?2, ?3)
         ON CONFLICT(bucket, part) DO UPDATE SET totals = excluded.totals",
    )?;
    for r in &rows.0 {
        match &r.totals {
            Some(t) => {
                put.execute(params![r.bucket, r.table, t])?;
            }
            None => {
                conn.prepare_cached("DELETE FROM stat_totals WHERE bucket = ?1 AND part = ?2")?
                    .execute(params![r.bucket, r.table])?;
            }
        }
    }
    Ok(())
}

pub(super) fn bad_totals(table: &str, bucket: i64, what: &str) -> crate::error::Error {
    crate::error::Error::Internal(format!(
        "stat_totals of {table}, bucket {bucket}, cannot be read: {what}"
    ))
}

/// The place of each name and number of [`Parts`] in their sorted order.
pub(super) struct Ranks {
    pub(super) names: Vec<u32>,
    pub(super) ints: Vec<u32>,
}

impl Ranks {
    pub(super) fn of(parts: &Parts) -> Self {
        fn ranks<T: Ord>(v: &[T]) -> Vec<u32> {
            let mut at: Vec<u32> = (0..v.len() as u32).collect();
            at.sort_unstable_by(|&a, &b| v[a as usize].cmp(&v[b as usize]));
            let mut rank = vec![0u32; v.len()];
            for (r, i) in at.into_iter().enumerate() {
                rank[i as usize] = r as u32;
            }
            rank
        }
        Ranks {
            names: ranks(&parts.names),
            ints: ranks(&parts.ints),
        }
    }
}

/// What the parts of [`Key`]s stand for, each kept once.
#[derive(Default)]
pub(super) struct Parts {
    /// Empires, cards, sides, events…
    pub(super) names: Vec<Box<str>>,
    pub(super) name_ids: HashMap<Box<str>, u32>,
    /// Epochs and gains.
    pub(super) ints: Vec<i64>,
    pub(super) int_ids: HashMap<i64, u32>,
    /// The `stat_buckets.id` of each bucket (0 until a flush finds or makes it).
    pub(super) bucket_ids: Vec<i64>,
    /// Each bucket: (kind, span, event name index or None, year); spans as in `stat_buckets`.
    pub(super) bucket_keys: Vec<BucketKey>,
    pub(super) bucket_index: HashMap<BucketKey, u32>,
}

/// `stat_buckets.span`: the games of one event and year, every game of a year, every game of the
/// kind, every game of one event.
pub(super) const ONE_EVENT: i64 = 0;
pub(super) const ONE_YEAR: i64 = 1;
pub(super) const ALL: i64 = 2;
pub(super) const EVERY_YEAR: i64 = 3;

pub(super) type BucketKey = (Kind, i64, Option<u32>, Option<i64>);

impl Parts {
    pub(super) fn name(&mut self, s: &str) -> u32 {
        if let Some(&i) = self.name_ids.get(s) {
            return i;
        }
        let i = self.names.len() as u32;
        self.names.push(s.into());
        self.name_ids.insert(s.into(), i);
        i
    }

    pub(super) fn int(&mut self, v: i64) -> u32 {
        *self.int_ids.entry(v).or_insert_with(|| {
            self.ints.push(v);
            (self.ints.len() - 1) as u32
        })
    }

    pub(super) fn bucket(&mut self, kind: Kind, event: Option<&str>, year: Option<i64>) -> u32 {
        let key = (kind, ONE_EVENT, event.map(|e| self.name(e)), year);
        self.bucket_of(key)
    }

    pub(super) fn bucket_of(&mut self, key: BucketKey) -> u32 {
        if let Some(&b) = self.bucket_index.get(&key) {
            return b;
        }
        let b = self.bucket_ids.len() as u32;
        self.bucket_ids.push(0);
        self.bucket_keys.push(key);
        self.bucket_index.insert(key, b);
        b
    }

    /// The buckets that roll bucket `b` up: its year's, its kind's and its event's (none for a
    /// roll-up).
    pub(super) fn roll_ups(&mut self, b: u32) -> Option<[u32; 3]> {
        match self.bucket_keys.get(b as usize) {
            Some(&(kind, ONE_EVENT, event, year)) => Some([
                self.bucket_of((kind, ONE_YEAR, None, year)),
                self.bucket_of((kind, ALL, None, None)),
                self.bucket_of((kind, EVERY_YEAR, event, None)),
            ]),
            _ => None,
        }
    }

    /// Finds or makes the `stat_buckets` row of each bucket that has none yet.
    pub(super) fn resolve_buckets(&mut self, conn: &Connection) -> Result<()> {
        for (i, &(kind, span, ev, year)) in self.bucket_keys.iter().enumerate() {
            if self.bucket_ids[i] != 0 {
                continue;
            }
            let event = ev
                .and_then(|e| self.names.get(e as usize))
                .map(|e| e.to_string());
            let found: Option<i64> = conn
                .prepare_cached(
                    "SELECT id FROM stat_buckets
                     WHERE kind = ?1 AND span = ?2 AND event IS ?3 AND year IS ?4",
                )?
                .query_row(params![kind.as_str(), span, event, year], |r| r.get(0))
                .optional()?;
            self.bucket_ids[i] = match found {
                Some(id) => id,
                None => {
                    conn.prepare_cached(
                        "INSERT INTO stat_buckets(kind, span, event, year) VALUES (?1, ?2, ?3, ?4)",
                    )?
                    .execute(params![kind.as_str(), span, event, year])?;
                    conn.last_insert_rowid()
                }
            };
        }
        Ok(())
    }
}
