//! Position keys: a Zobrist-style 64-bit hash of a replayed board, for the explorer and position
//! search of 三国 and WEC (each notation hashes its own board: `sanguo::position_keys`,
//! `wec::position_keys`). A feature of a board is packed into one word and mixed with its seed from
//! `data/positions/zobrist.csv`; the key is the XOR of its features' numbers, so it does not depend
//! on the order in which the board was reached.

use std::collections::HashMap;
use std::sync::LazyLock;

static ZOBRIST_CSV: &str = include_str!("../data/positions/zobrist.csv");

/// (game, feature) → seed.
static SEEDS: LazyLock<HashMap<(&'static str, &'static str), u64>> = LazyLock::new(|| {
    ZOBRIST_CSV
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let mut f = l.split(',');
            let game = f.next()?;
            let feature = f.next()?;
            let seed = u64::from_str_radix(f.next()?, 16).ok()?;
            Some(((game, feature), seed))
        })
        .collect()
});

/// The seed of a feature; 0 for one the data file does not name (a test checks every one used).
pub(crate) fn seed(game: &str, feature: &str) -> u64 {
    SEEDS.get(&(game, feature)).copied().unwrap_or(0)
}

/// The number of one feature: splitmix64's finalizer over the seed and the packed fields.
#[inline]
pub(crate) fn feature(seed: u64, packed: u64) -> u64 {
    let mut z = (seed ^ packed).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// FNV-1a of a code, so codes enter a key by their spelling, not by a table's order.
#[inline]
pub(crate) fn code_hash(s: &str) -> u64 {
    let mut h: u32 = 0x811c_9dc5;
    for b in s.bytes() {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    u64::from(h)
}

/// A key as the API writes it: 16 lower-case hex digits.
pub fn key_hex(key: u64) -> String {
    format!("{key:016x}")
}

/// A key written as 16 hex digits (either case); anything else is `None`.
pub fn parse_key(s: &str) -> Option<u64> {
    let s = s.trim();
    if s.len() != 16 || !s.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u64::from_str_radix(s, 16).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_seed_is_read_and_distinct() {
        let names = [
            ("sanguo", "piece"),
            ("sanguo", "to-move"),
            ("sanguo", "out"),
            ("wec", "piece"),
            ("wec", "held"),
            ("wec", "ground"),
            ("wec", "to-move"),
            ("wec", "stunned"),
        ];
        let seeds: std::collections::BTreeSet<u64> =
            names.iter().map(|(g, f)| seed(g, f)).collect();
        assert_eq!(seeds.len(), names.len());
        assert!(!seeds.contains(&0));
        assert_eq!(SEEDS.len(), names.len());
    }

    #[test]
    fn keys_print_and_read_back() {
        assert_eq!(key_hex(0xab), "00000000000000ab");
        assert_eq!(parse_key("00000000000000AB"), Some(0xab));
        assert_eq!(parse_key("ab"), None);
        assert_eq!(parse_key("zz000000000000ab"), None);
        assert_eq!(parse_key(&key_hex(u64::MAX)), Some(u64::MAX));
    }
}
