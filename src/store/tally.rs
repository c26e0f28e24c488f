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

use rustc_hash::FxHashMap as HashMap;
use std::borrow::Cow;
use std::fs::File;
use std::path::{Path, PathBuf};

use annals_import::{Body, Kind};
use rusqlite::{Connection, OptionalExtension, params};

use crate::error::Result;

/// One seat of a game as the totals need it.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatFacts {
    pub seat: String,
    pub placing: Option<i64>,
    pub outcome: Option<String>,
}

/// What the totals count of one game: its columns in `games`, what they read of its body and its
/// seats.
pub struct GameFacts<'a> {
    pub kind: Kind,
    pub event: Option<&'a str>,
    pub year: Option<i64>,
    pub body: &'a BodyFacts,
    pub move_count: i64,
    /// Seats that won, and that shared a draw, space-separated (`games.winners`, `games.draw`).
    pub winners: &'a str,
    pub draw: &'a str,
    pub seats: &'a [SeatFacts],
}

/// What the totals read of a game's body, made from it once ([`BodyFacts::of`]). The importer
/// makes it on its parse threads, which then free the body where they made it: a parsed body is
/// hundreds of small blocks, and freed by another thread after a batch's journey through the
/// writer and the index, those blocks made a third of an import's system time in page faults and
/// `madvise` (BENCHMARKS.md, session 21).
#[derive(Debug, Clone, PartialEq)]
pub enum BodyFacts {
    /// HotW: each turn, and the cards of all turns in order (a turn's are `cards[turn.cards]`).
    Hotw {
        turns: Vec<TurnFacts>,
        cards: Vec<Cow<'static, str>>,
    },
    /// 三国: the title events (also the `sanguo_title_events` rows).
    Sanguo(Vec<annals_import::sanguo::TitleEvent>),
    /// WEC: the piece type of each turn, and each colour (in order of its first turn) with the
    /// government its pieces make.
    Wec {
        pieces: Vec<Cow<'static, str>>,
        governments: Vec<(Cow<'static, str>, &'static str)>,
    },
    /// Nothing counted (Deluge).
    Other,
}

/// One HotW turn as the totals count it.
#[derive(Debug, Clone, PartialEq)]
pub struct TurnFacts {
    pub player: Cow<'static, str>,
    pub epoch: u8,
    pub empire: Cow<'static, str>,
    pub minor: bool,
    pub score: Option<i64>,
    pub gain: Option<i64>,
    /// Expansions, and those with a battle roll.
    pub expansions: i64,
    pub battles: i64,
    /// Battle rolls: V, X and =.
    pub rolls: [i64; 3],
    /// The turn's cards in [`BodyFacts::Hotw`]'s `cards`.
    pub cards: std::ops::Range<usize>,
}

impl BodyFacts {
    pub fn of(body: &Body) -> BodyFacts {
        match body {
            Body::Hotw(h) => {
                let mut turns = Vec::with_capacity(h.turns.len());
                let mut cards = Vec::with_capacity(h.turns.len() * 2);
                for t in &h.turns {
                    let (mut battles, mut all) = (0, [0i64; 3]);
                    for x in &t.expansions {
                        let r = rolls(&x.battle);
                        if r.iter().any(|&n| n > 0) {
                            battles += 1;
                        }
                        for (a, n) in all.iter_mut().zip(r) {
                            *a += n;
                        }
                    }
                    let first = cards.len();
                    cards.extend(t.cards.iter().map(|c| c.card.clone()));
                    turns.push(TurnFacts {
                        player: t.player.clone(),
                        epoch: t.epoch,
                        empire: t.empire.clone(),
                        minor: t.minor,
                        score: t.score,
                        gain: t.gain,
                        expansions: t.expansions.len() as i64,
                        battles,
                        rolls: all,
                        cards: first..cards.len(),
                    });
                }
                BodyFacts::Hotw { turns, cards }
            }
            Body::Sanguo(s) => BodyFacts::Sanguo(s.title_events.clone()),
            Body::Wec(w) => {
                // Colours in order of their first turn, with the pieces each moved.
                let mut colours: Vec<(&Cow<'static, str>, Vec<&str>)> = Vec::new();
                for t in &w.turns {
                    match colours.iter_mut().find(|(c, _)| **c == t.color) {
                        Some((_, ps)) => ps.push(&t.piece.kind),
                        None => colours.push((&t.color, vec![&t.piece.kind])),
                    }
                }
                BodyFacts::Wec {
                    pieces: w.turns.iter().map(|t| t.piece.kind.clone()).collect(),
                    governments: colours
                        .into_iter()
                        .map(|(c, ps)| (c.clone(), government_of(&ps)))
                        .collect(),
                }
            }
            Body::Deluge(_) => BodyFacts::Other,
        }
    }

    /// The 三国 title events (none for the other kinds).
    pub fn title_events(&self) -> &[annals_import::sanguo::TitleEvent] {
        match self {
            BodyFacts::Sanguo(e) => e,
            _ => &[],
        }
    }
}

/// The government pair a side used, from the government pieces it moved (standard setup K/Q).
pub fn government_of(pieces: &[&str]) -> &'static str {
    for (codes, name) in [
        (["DI", "AS"], "DI/AS"),
        (["AV", "AC"], "AV/AC"),
        (["PR", "PM"], "PR/PM"),
        (["K", "Q"], "K/Q"),
    ] {
        if pieces.iter().any(|p| codes.contains(p)) {
            return name;
        }
    }
    "K/Q"
}

/// What a part of a total's key is.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Part {
    /// A bucket, by its index in [`Tally::buckets`].
    Bucket,
    /// A number.
    Int,
    /// A string, by its index in [`Tally::names`].
    Name,
}

/// A table of totals: its key columns and its counter columns.
struct Spec {
    table: &'static str,
    keys: &'static [(&'static str, Part)],
    counters: &'static [&'static str],
}

const P16: [&str; 6] = ["p1", "p2", "p3", "p4", "p5", "p6"];

const GAMES: Spec = Spec {
    table: "stat_games",
    keys: &[("bucket", Part::Bucket)],
    counters: &[
        "games",
        "plies",
        "decided",
        "draws",
        "black_wins",
        "white_wins",
        "with_alliance",
        "han_killed",
        "killer_won",
    ],
};
const SIDES: Spec = Spec {
    table: "stat_sides",
    keys: &[("bucket", Part::Bucket), ("side", Part::Name)],
    counters: &[
        "wins",
        "draws",
        "losses",
        "eliminated",
        "alliances_started",
        "killed_han",
        "killed_han_won",
    ],
};
const EMPIRES: Spec = Spec {
    table: "hotw_empire_stats",
    keys: &[
        ("bucket", Part::Bucket),
        ("epoch", Part::Int),
        ("empire", Part::Name),
    ],
    counters: &[
        "minor_turns",
        "turns",
        "scores",
        "score_sum",
        "expansions",
        "battles",
        "rolls_v",
        "rolls_x",
        "rolls_draw",
        "placed",
        "placing_sum",
        P16[0],
        P16[1],
        P16[2],
        P16[3],
        P16[4],
        P16[5],
    ],
};
const GAINS: Spec = Spec {
    table: "hotw_gain_counts",
    keys: &[
        ("bucket", Part::Bucket),
        ("epoch", Part::Int),
        ("empire", Part::Name),
        ("gain", Part::Int),
    ],
    counters: &["turns"],
};
const CARDS: Spec = Spec {
    table: "hotw_card_counts",
    keys: &[
        ("bucket", Part::Bucket),
        ("epoch", Part::Int),
        ("empire", Part::Name),
        ("card", Part::Name),
    ],
    counters: &["played", "gains", "gain_sum"],
};
const OPENINGS: Spec = Spec {
    table: "hotw_opening_stats",
    keys: &[
        ("bucket", Part::Bucket),
        ("empire", Part::Name),
        ("cards", Part::Name),
    ],
    counters: &[
        "turns",
        "placed",
        "placing_sum",
        P16[0],
        P16[1],
        P16[2],
        P16[3],
        P16[4],
        P16[5],
    ],
};
const PIECES: Spec = Spec {
    table: "wec_piece_counts",
    keys: &[("bucket", Part::Bucket), ("piece", Part::Name)],
    counters: &["turns"],
};
const GOVERNMENTS: Spec = Spec {
    table: "wec_government_stats",
    keys: &[("bucket", Part::Bucket), ("government", Part::Name)],
    counters: &["played", "wins"],
};

/// The names of the tables of totals (`stat_buckets` aside).
pub fn table_names() -> impl Iterator<Item = &'static str> {
    TABLES.iter().map(|t| t.table)
}

/// For each table of totals of schema 6 and before (a row per total, since schema 7 a view of the
/// same name): the statement that packs its rows into `stat_totals`, as [`Tally::flush`] writes
/// them (key order, no total of all zeros).
pub fn pack_table_sql() -> impl Iterator<Item = (&'static str, String)> {
    TABLES.iter().map(|t| {
        let keys: Vec<&str> = t.keys.iter().skip(1).map(|(k, _)| *k).collect();
        let columns: Vec<&str> = keys.iter().chain(t.counters).copied().collect();
        let order = if keys.is_empty() {
            String::new()
        } else {
            format!(" ORDER BY {}", keys.join(", "))
        };
        let zero: Vec<String> = t.counters.iter().map(|c| format!("{c} = 0")).collect();
        (
            t.table,
            format!(
                "INSERT INTO stat_totals(bucket, part, totals)
                 SELECT bucket, '{table}', json_group_array(json_array({columns}){order})
                 FROM {table} WHERE NOT ({zero}) GROUP BY bucket;",
                table = t.table,
                columns = columns.join(", "),
                zero = zero.join(" AND "),
            ),
        )
    })
}

/// The tables of totals.
const TABLES: [&Spec; 8] = [
    &GAMES,
    &SIDES,
    &EMPIRES,
    &GAINS,
    &CARDS,
    &OPENINGS,
    &PIECES,
    &GOVERNMENTS,
];

/// A total's key: each part (as [`Part`] says) an index into the [`Tally`]'s buckets, numbers or
/// names; unused parts 0. Small, so that a bulk import's hundreds of thousands of totals stay a
/// few megabytes.
type Key = [u32; 4];

/// Changes to one table of totals: key → counter changes.
struct Counts<const N: usize> {
    spec: &'static Spec,
    map: ByBucket<[i64; N]>,
}

/// A map of [`Key`]s held bucket by bucket: one small map per bucket for the key's other parts.
///
/// A game's changes all fall in one bucket, so its few hundred adds stay in that bucket's few
/// kilobytes. In one map of every bucket's keys (70,000 gains and 60,000 cards at 100k games)
/// each add was a cache miss: 6% of an import's CPU, three quarters of it on two loads (perf).
struct ByBucket<V> {
    /// By bucket index; keys `[part 1, part 2, part 3]`.
    maps: Vec<HashMap<[u32; 3], V>>,
    /// Keys in all the maps.
    len: usize,
}

impl<V: Copy> ByBucket<V> {
    fn new() -> Self {
        ByBucket {
            maps: Vec::new(),
            len: 0,
        }
    }

    fn len(&self) -> usize {
        self.len
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The value of `key`, `zero` put in first when it has none.
    fn entry(&mut self, key: Key, zero: V) -> &mut V {
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
    fn iter(&self) -> impl Iterator<Item = (Key, &V)> {
        self.maps.iter().enumerate().flat_map(|(b, m)| {
            m.iter()
                .map(move |(k, v)| ([b as u32, k[0], k[1], k[2]], v))
        })
    }

    /// The buckets with a key.
    fn buckets(&self) -> impl Iterator<Item = u32> {
        (0..self.maps.len() as u32).filter(|&b| !self.maps[b as usize].is_empty())
    }

    /// Every key and value, the map left empty.
    fn drain(&mut self) -> Vec<(Key, V)> {
        let mut all = Vec::with_capacity(self.len);
        for (b, m) in self.maps.iter_mut().enumerate() {
            all.extend(m.drain().map(|(k, v)| ([b as u32, k[0], k[1], k[2]], v)));
        }
        self.len = 0;
        all
    }
}

impl<const N: usize> Counts<N> {
    fn new(spec: &'static Spec) -> Self {
        debug_assert_eq!(spec.counters.len(), N);
        debug_assert_eq!(spec.keys.first().map(|k| k.1), Some(Part::Bucket));
        Counts {
            spec,
            map: ByBucket::new(),
        }
    }

    fn add(&mut self, key: Key, counters: [i64; N], sign: i64) {
        let d = self.map.entry(key, [0; N]);
        for (a, c) in d.iter_mut().zip(counters) {
            *a += c * sign;
        }
    }

    /// Adds each change of a bucket of one event and year to its roll-ups too (the year's, the
    /// kind's and the event's), as [`Tally::flush`] is about to write them.
    fn roll_up(&mut self, parts: &mut Parts) {
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
    fn merge_stored(&mut self, conn: &Connection, parts: &mut Parts) -> Result<()> {
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
    fn rows(&mut self, parts: &Parts, ranks: &Ranks, rows: &mut Vec<TotalsRow>) {
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
struct TotalsRow {
    bucket: i64,
    table: &'static str,
    totals: Option<String>,
}

/// The `stat_totals` rows of a flush, made and not yet written.
pub struct TotalsRows(Vec<TotalsRow>);

/// Writes (or, for a bucket left with none, deletes) each row.
fn write_rows(conn: &Connection, rows: &TotalsRows) -> Result<()> {
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

fn bad_totals(table: &str, bucket: i64, what: &str) -> crate::error::Error {
    crate::error::Error::Internal(format!(
        "stat_totals of {table}, bucket {bucket}, cannot be read: {what}"
    ))
}

/// The place of each name and number of [`Parts`] in their sorted order.
struct Ranks {
    names: Vec<u32>,
    ints: Vec<u32>,
}

impl Ranks {
    fn of(parts: &Parts) -> Self {
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
struct Parts {
    /// Empires, cards, sides, events…
    names: Vec<Box<str>>,
    name_ids: HashMap<Box<str>, u32>,
    /// Epochs and gains.
    ints: Vec<i64>,
    int_ids: HashMap<i64, u32>,
    /// The `stat_buckets.id` of each bucket (0 until a flush finds or makes it).
    bucket_ids: Vec<i64>,
    /// Each bucket: (kind, span, event name index or None, year); spans as in `stat_buckets`.
    bucket_keys: Vec<BucketKey>,
    bucket_index: HashMap<BucketKey, u32>,
}

/// `stat_buckets.span`: the games of one event and year, every game of a year, every game of the
/// kind, every game of one event.
const ONE_EVENT: i64 = 0;
const ONE_YEAR: i64 = 1;
const ALL: i64 = 2;
const EVERY_YEAR: i64 = 3;

type BucketKey = (Kind, i64, Option<u32>, Option<i64>);

impl Parts {
    fn name(&mut self, s: &str) -> u32 {
        if let Some(&i) = self.name_ids.get(s) {
            return i;
        }
        let i = self.names.len() as u32;
        self.names.push(s.into());
        self.name_ids.insert(s.into(), i);
        i
    }

    fn int(&mut self, v: i64) -> u32 {
        *self.int_ids.entry(v).or_insert_with(|| {
            self.ints.push(v);
            (self.ints.len() - 1) as u32
        })
    }

    fn bucket(&mut self, kind: Kind, event: Option<&str>, year: Option<i64>) -> u32 {
        let key = (kind, ONE_EVENT, event.map(|e| self.name(e)), year);
        self.bucket_of(key)
    }

    fn bucket_of(&mut self, key: BucketKey) -> u32 {
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
    fn roll_ups(&mut self, b: u32) -> Option<[u32; 3]> {
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
    fn resolve_buckets(&mut self, conn: &Connection) -> Result<()> {
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

/// Changes to the totals gathered over many games, written at once by [`Tally::flush`].
pub struct Tally {
    parts: Parts,
    games: Counts<9>,
    sides: Counts<7>,
    empires: Counts<17>,
    gains: Counts<1>,
    cards: Counts<3>,
    openings: Counts<9>,
    pieces: Counts<1>,
    governments: Counts<2>,
}

impl Default for Tally {
    fn default() -> Self {
        Tally {
            parts: Parts::default(),
            games: Counts::new(&GAMES),
            sides: Counts::new(&SIDES),
            empires: Counts::new(&EMPIRES),
            gains: Counts::new(&GAINS),
            cards: Counts::new(&CARDS),
            openings: Counts::new(&OPENINGS),
            pieces: Counts::new(&PIECES),
            governments: Counts::new(&GOVERNMENTS),
        }
    }
}

/// The placing columns of a placing: (placed, placing_sum, p1..p6).
fn placing_counters(placing: Option<i64>) -> [i64; 8] {
    let mut c = [0i64; 8];
    if let Some(p) = placing {
        c[0] = 1;
        c[1] = p;
        if (1..=6).contains(&p) {
            c[1 + p as usize] = 1;
        }
    }
    c
}

/// Battle rolls of one expansion: (V, X, =).
fn rolls(battle: &[std::borrow::Cow<'static, str>]) -> [i64; 3] {
    let mut r = [0i64; 3];
    for tok in battle.iter().flat_map(|b| b.split_whitespace()) {
        match tok {
            "V" => r[0] += 1,
            "X" => r[1] += 1,
            "=" => r[2] += 1,
            _ => {}
        }
    }
    r
}

impl Tally {
    /// The number of totals waiting to be written.
    pub fn pending(&self) -> usize {
        self.games.map.len()
            + self.sides.map.len()
            + self.empires.map.len()
            + self.gains.map.len()
            + self.cards.map.len()
            + self.openings.map.len()
            + self.pieces.map.len()
            + self.governments.map.len()
    }

    /// Adds (`sign` = 1) or subtracts (`sign` = -1) a game's contribution.
    pub fn add(&mut self, g: &GameFacts, sign: i64) {
        if !matches!(g.kind, Kind::Hotw | Kind::Sanguo | Kind::Wec) {
            return;
        }
        let b = self.parts.bucket(g.kind, g.event, g.year);
        match g.body {
            BodyFacts::Hotw { turns, cards } => self.add_hotw(b, turns, cards, g.seats, sign),
            BodyFacts::Sanguo(events) => self.add_sanguo(b, g, events, sign),
            BodyFacts::Wec {
                pieces,
                governments,
            } => self.add_wec(b, g, pieces, governments, sign),
            BodyFacts::Other => {}
        }
    }

    fn add_hotw(
        &mut self,
        b: u32,
        turns: &[TurnFacts],
        all_cards: &[Cow<'static, str>],
        seats: &[SeatFacts],
        sign: i64,
    ) {
        for t in turns {
            let placing = seats
                .iter()
                .find(|s| s.seat == t.player)
                .and_then(|s| s.placing);
            let pc = placing_counters(placing);
            let epoch = self.parts.int(i64::from(t.epoch));
            let empire = self.parts.name(&t.empire);
            // The columns of EMPIRES, in order.
            let mut c = [0i64; 17];
            c[0] = i64::from(t.minor);
            c[1] = 1;
            if let Some(gain) = t.gain {
                let g = self.parts.int(gain);
                self.gains.add([b, epoch, empire, g], [1], sign);
            }
            if let Some(score) = t.score {
                c[2] = 1;
                c[3] = score;
            }
            c[4] = t.expansions;
            c[5] = t.battles;
            c[6..9].copy_from_slice(&t.rolls);
            c[9..17].copy_from_slice(&pc);
            self.empires.add([b, epoch, empire, 0], c, sign);
            let (gained, gain) = (i64::from(t.gain.is_some()), t.gain.unwrap_or(0));
            let cards = all_cards.get(t.cards.clone()).unwrap_or_default();
            for card in cards {
                let card = self.parts.name(card);
                self.cards
                    .add([b, epoch, empire, card], [1, gained, gain], sign);
            }
            if t.epoch == 1 && !t.minor {
                let mut played: Vec<&str> = cards.iter().map(|c| &**c).collect();
                played.sort_unstable();
                let cards = self.parts.name(&played.join("+"));
                let mut o = [0i64; 9];
                o[0] = 1;
                o[1..].copy_from_slice(&pc);
                self.openings.add([b, empire, cards, 0], o, sign);
            }
        }
    }

    fn add_sanguo(
        &mut self,
        b: u32,
        g: &GameFacts,
        title_events: &[annals_import::sanguo::TitleEvent],
        sign: i64,
    ) {
        let sides = crate::store::tree::sides(Kind::Sanguo);
        let mut side = [[0i64; 7]; 3];
        let at = |name: &str| sides.iter().position(|s| *s == name);
        for seat in g.seats {
            if let (Some(o), Some(i)) = (&seat.outcome, at(&seat.seat)) {
                side[i][match o.as_str() {
                    "win" => 0,
                    "draw" => 1,
                    _ => 2,
                }] += 1;
            }
        }
        let (mut alliance, mut killed, mut killer_won) = (0, 0, 0);
        for e in title_events {
            let (ty, by, others) = crate::store::moves::title_event_columns(e);
            let won = by.is_some_and(|b| g.winners.split_whitespace().any(|w| w == b));
            let by = by.and_then(at);
            match ty {
                "alliance" => {
                    alliance = 1;
                    if let Some(i) = by {
                        side[i][4] += 1;
                    }
                }
                "kill_han" => {
                    killed += 1;
                    killer_won += i64::from(won);
                    if let Some(i) = by {
                        side[i][5] += 1;
                        side[i][6] += i64::from(won);
                    }
                }
                "eliminate" | "stalemate" => {
                    for o in others.iter().flat_map(|o| o.split_whitespace()) {
                        if let Some(i) = at(o) {
                            side[i][3] += 1;
                        }
                    }
                }
                _ => {}
            }
        }
        self.add_games(b, g, [alliance, killed, killer_won], sign);
        for (name, c) in sides.iter().zip(side) {
            if c.iter().any(|&n| n != 0) {
                let s = self.parts.name(name);
                self.sides.add([b, s, 0, 0], c, sign);
            }
        }
    }

    fn add_wec(
        &mut self,
        b: u32,
        g: &GameFacts,
        pieces: &[Cow<'static, str>],
        governments: &[(Cow<'static, str>, &'static str)],
        sign: i64,
    ) {
        self.add_games(b, g, [0, 0, 0], sign);
        for piece in pieces {
            let p = self.parts.name(piece);
            self.pieces.add([b, p, 0, 0], [1], sign);
        }
        for (colour, government) in governments {
            let gov = self.parts.name(government);
            let won = i64::from(g.winners == colour);
            self.governments.add([b, gov, 0, 0], [1, won], sign);
        }
    }

    /// The `stat_games` row of a 三国 or WEC game; `sanguo` is (with alliance, Han killed, by a
    /// side that won).
    fn add_games(&mut self, b: u32, g: &GameFacts, sanguo: [i64; 3], sign: i64) {
        let decided = i64::from(!g.winners.is_empty() || !g.draw.is_empty());
        self.games.add(
            [b, 0, 0, 0],
            [
                1,
                g.move_count,
                decided,
                i64::from(!g.draw.is_empty()),
                i64::from(g.winners == "B"),
                i64::from(g.winners == "W"),
                sanguo[0],
                sanguo[1],
                sanguo[2],
            ],
            sign,
        );
    }

    /// Adds (`sign` = 1) or subtracts (`sign` = -1) the contribution of stored game `id`, read
    /// back from the database (its body parsed again from its raw text). False when there is no
    /// such game.
    pub fn add_stored(&mut self, conn: &Connection, id: i64, sign: i64) -> Result<bool> {
        let row = conn
            .prepare_cached(
                "SELECT kind, event, year, winners, draw, raw, source_line, move_count
                 FROM games WHERE id = ?1",
            )?
            .query_row(params![id], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, Option<String>>(1)?,
                    r.get::<_, Option<i64>>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, String>(5)?,
                    r.get::<_, i64>(6)?,
                    r.get::<_, i64>(7)?,
                ))
            })
            .optional()?;
        let Some((kind, event, year, winners, draw, raw, source_line, move_count)) = row else {
            return Ok(false);
        };
        let Some(kind) = Kind::from_name(&kind) else {
            return Ok(true);
        };
        if !matches!(kind, Kind::Hotw | Kind::Sanguo | Kind::Wec) {
            return Ok(true);
        }
        let seats = stored_seats(conn, id)?;
        let body = crate::store::body::stored_body(conn, id, kind, &raw, source_line)?;
        self.add(
            &GameFacts {
                kind,
                event: event.as_deref(),
                year,
                body: &BodyFacts::of(&body),
                move_count,
                winners: &winners,
                draw: &draw,
                seats: &seats,
            },
            sign,
        );
        Ok(true)
    }

    /// Writes the gathered changes in the caller's transaction and forgets them.
    pub fn flush(&mut self, conn: &Connection) -> Result<()> {
        if self.pending() == 0 {
            return Ok(());
        }
        self.prepare(conn)?;
        let rows = self.rows();
        write_rows(conn, &rows)
    }

    /// The first part of a flush, in the caller's transaction: each change added to its
    /// roll-ups, each bucket given its `stat_buckets` row, and the stored totals of each bucket
    /// with a change read back, so that the maps hold the new totals in full.
    fn prepare(&mut self, conn: &Connection) -> Result<()> {
        let p = &mut self.parts;
        self.games.roll_up(p);
        self.sides.roll_up(p);
        self.empires.roll_up(p);
        self.gains.roll_up(p);
        self.cards.roll_up(p);
        self.openings.roll_up(p);
        self.pieces.roll_up(p);
        self.governments.roll_up(p);
        p.resolve_buckets(conn)?;
        self.games.merge_stored(conn, p)?;
        self.sides.merge_stored(conn, p)?;
        self.empires.merge_stored(conn, p)?;
        self.gains.merge_stored(conn, p)?;
        self.cards.merge_stored(conn, p)?;
        self.openings.merge_stored(conn, p)?;
        self.pieces.merge_stored(conn, p)?;
        self.governments.merge_stored(conn, p)?;
        Ok(())
    }

    /// The second part, no database needed: the rows the prepared totals make, and the maps
    /// emptied.
    pub fn rows(&mut self) -> TotalsRows {
        let p = &self.parts;
        let ranks = Ranks::of(p);
        let mut rows = Vec::new();
        self.games.rows(p, &ranks, &mut rows);
        self.sides.rows(p, &ranks, &mut rows);
        self.empires.rows(p, &ranks, &mut rows);
        self.gains.rows(p, &ranks, &mut rows);
        self.cards.rows(p, &ranks, &mut rows);
        self.openings.rows(p, &ranks, &mut rows);
        self.pieces.rows(p, &ranks, &mut rows);
        self.governments.rows(p, &ranks, &mut rows);
        TotalsRows(rows)
    }
}

/// The seats of a stored game, in seat order.
pub fn stored_seats(conn: &Connection, id: i64) -> Result<Vec<SeatFacts>> {
    let rows = conn
        .prepare_cached("SELECT seat, placing, outcome FROM seats WHERE game_id = ?1 ORDER BY seq")?
        .query_map(params![id], |r| {
            Ok(SeatFacts {
                seat: r.get(0)?,
                placing: r.get(1)?,
                outcome: r.get(2)?,
            })
        })?
        .collect::<std::result::Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// Totals a bulk import keeps in memory at most before it writes them: about 50 bytes each, so
/// at most some 50 MB for an archive of unusually many events, years and empires. The generated
/// corpus has 278k distinct totals at 100k games. (In schema 6, a row each: written every time
/// 100k had gathered instead of at the end, the same import spent 9 s of its writer's 43 on
/// upserts into the half-filled tables. Since schema 7 a flush rewrites the rows of the buckets it
/// touches, each holding all the bucket's totals of a table: flushing often would rewrite them
/// often.)
pub const BULK_PENDING: usize = 1_000_000;

/// The lock a bulk import holds while its totals are in memory, beside the database.
fn lock_path(db: &Path) -> PathBuf {
    let mut s = db.as_os_str().to_owned();
    s.push(".tally-lock");
    PathBuf::from(s)
}

/// The database file of a connection (none for an in-memory one).
fn db_path(conn: &Connection) -> Option<PathBuf> {
    conn.path().filter(|p| !p.is_empty()).map(PathBuf::from)
}

/// Held by a bulk import, which writes alone, for as long as it writes; released (by the OS too,
/// should the process die) when dropped.
pub struct BulkTally {
    _lock: Option<File>,
}

/// Starts a bulk import into an empty database: takes the lock alone, checks (holding it) that the
/// database has no game, and marks `meta.tally_pending` (the totals stay in memory). None when the
/// database has games, or when another import or a rebuild of the totals holds the lock: then the
/// caller imports game by game ([`share_lock`]).
///
/// A bulk import finds duplicates in memory and drops the indexes that a game-by-game import reads
/// (`migrate::drop_secondary_indexes`), so none may write beside it; and its totals, written at its
/// end, may not be rebuilt meanwhile.
pub fn begin_bulk(conn: &Connection) -> Result<Option<BulkTally>> {
    let lock = match db_path(conn) {
        Some(db) => {
            let f = File::create(lock_path(&db))?;
            if f.try_lock().is_err() {
                return Ok(None);
            }
            Some(f)
        }
        None => None,
    };
    if crate::store::reads::game_count(conn)? > 0 {
        return Ok(None);
    }
    conn.execute(
        "INSERT INTO meta(key, value) VALUES ('tally_pending', '1')
         ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        [],
    )?;
    Ok(Some(BulkTally { _lock: lock }))
}

/// How long an import that writes game by game waits for another process's bulk import or
/// rebuild of the totals to end.
pub const WAIT_FOR_BULK: std::time::Duration = std::time::Duration::from_secs(10);

/// Taken by an import that writes game by game, for as long as it writes: shared with other such
/// imports, never held beside a bulk import or a rebuild of the totals ([`begin_bulk`]). Waits
/// [`WAIT_FOR_BULK`] for one to end, then fails with `Error::Busy`. None for a database in memory.
pub fn share_lock(conn: &Connection) -> Result<Option<File>> {
    share_lock_waiting(conn, WAIT_FOR_BULK)
}

fn share_lock_waiting(conn: &Connection, wait: std::time::Duration) -> Result<Option<File>> {
    let Some(db) = db_path(conn) else {
        return Ok(None);
    };
    let f = File::create(lock_path(&db))?;
    let deadline = std::time::Instant::now() + wait;
    loop {
        match f.try_lock_shared() {
            Ok(()) => return Ok(Some(f)),
            Err(std::fs::TryLockError::WouldBlock) if std::time::Instant::now() < deadline => {
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(crate::error::Error::Busy(
                    "another process is importing into this database in bulk (or rebuilding its \
                     statistics); try again when it has finished"
                        .into(),
                ));
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(e.into()),
        }
    }
}

/// A bulk import's end is in three parts, so that the middle one, [`Tally::rows`], can run on
/// another thread while the connection builds the indexes. First the totals' buckets and
/// roll-ups, committed (the mark stays, so that a stop before [`write_end`] has the totals
/// rebuilt at the next start).
pub fn prepare_end(conn: &mut Connection, tally: &mut Tally) -> Result<()> {
    let tx = conn.transaction()?;
    tally.prepare(&tx)?;
    tx.commit()?;
    Ok(())
}

/// Last, the rows written and the mark cleared, in one transaction.
pub fn write_end(conn: &mut Connection, rows: &TotalsRows, _bulk: BulkTally) -> Result<()> {
    let tx = conn.transaction()?;
    write_rows(&tx, rows)?;
    tx.execute("DELETE FROM meta WHERE key = 'tally_pending'", [])?;
    tx.commit()?;
    Ok(())
}

/// Rebuilds every total from the stored games when `meta.tally_pending` says they are incomplete
/// (a bulk import stopped half-way, or a database from before the totals) and no other process is
/// importing in bulk. Returns the games counted, or None when nothing was rebuilt.
pub fn recover(conn: &mut Connection) -> Result<Option<i64>> {
    let pending = |c: &Connection| -> Result<bool> {
        Ok(
            c.query_row("SELECT 1 FROM meta WHERE key = 'tally_pending'", [], |_| {
                Ok(())
            })
            .optional()?
            .is_some(),
        )
    };
    if !pending(conn)? {
        return Ok(None);
    }
    let _lock = match db_path(conn) {
        Some(db) => {
            let f = File::create(lock_path(&db))?;
            if f.try_lock().is_err() {
                return Ok(None);
            }
            Some(f)
        }
        None => None,
    };
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    if !pending(&tx)? {
        return Ok(None);
    }
    let n = rebuild(&tx)?;
    tx.execute("DELETE FROM meta WHERE key = 'tally_pending'", [])?;
    tx.commit()?;
    Ok(Some(n))
}

/// Empties the totals and counts every stored game again, in the caller's transaction.
fn rebuild(conn: &Connection) -> Result<i64> {
    conn.execute_batch("DELETE FROM stat_totals")?;
    let ids: Vec<i64> = conn
        .prepare("SELECT id FROM games WHERE kind IN ('hotw', 'sanguo', 'wec') ORDER BY id")?
        .query_map([], |r| r.get(0))?
        .collect::<std::result::Result<_, _>>()?;
    let mut tally = Tally::default();
    for &id in &ids {
        tally.add_stored(conn, id, 1)?;
        if tally.pending() >= BULK_PENDING {
            tally.flush(conn)?;
        }
    }
    tally.flush(conn)?;
    Ok(ids.len() as i64)
}

#[cfg(test)]
mod tests {
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
