//! The hashing of the tables' maps: FNV-1a, a word-at-a-time hasher for the `HashMap`s, and an
//! exact-key map of short codes packed into integers.

use std::hash::{BuildHasherDefault, Hasher};

/// FNV-1a: the keys are short codes, where SipHash's setup dominates a lookup.
#[derive(Default)]
pub struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for b in bytes {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

/// A multiply-rotate hash over eight bytes at a time (the scheme of `rustc-hash`): a code of up
/// to seven letters and the `0xff` that ends a `str` key cost two multiplications, where FNV-1a
/// costs one per byte. The tables are fixed and small, so no attacker chooses the keys.
#[derive(Default)]
pub struct WordHasher(u64);

impl WordHasher {
    const K: u64 = 0xf135_7aea_2e62_a9c5;

    fn add(&mut self, w: u64) {
        self.0 = (self.0 ^ w).wrapping_mul(Self::K).rotate_left(26);
    }
}

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            if let Some(dst) = w.get_mut(..rest.len()) {
                dst.copy_from_slice(rest);
            }
            // the length keeps `ab` and `ab\0` apart
            self.add(u64::from_le_bytes(w) ^ ((rest.len() as u64) << 59));
        }
    }
    fn write_u8(&mut self, b: u8) {
        self.add(u64::from(b));
    }
}

pub(super) type HashMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<WordHasher>>;

/// An exact-key map for the short codes of the tables (at most 8 bytes, which every code is),
/// answered without hashing a `String` or calling `memcmp`: a key is packed into a `u64`, hashed
/// with one multiplication and compared as an integer. Open addressing with linear probing, at
/// most half full. Longer keys are never stored, and miss (the callers look them up in a
/// `HashMap` too).
#[derive(Debug, Default)]
pub(super) struct ShortMap {
    /// (packed key, length, value); a length of 0 marks an empty slot.
    slots: Vec<(u64, u8, u32)>,
    mask: usize,
}

impl ShortMap {
    /// The packed form of a key of 1 to 8 bytes: two loads, which with the length determine
    /// every byte (the first and the last four bytes, overlapping; or the first, middle and last
    /// byte), so equal packs mean equal keys.
    #[inline]
    fn pack(b: &[u8]) -> Option<(u64, u8)> {
        let n = b.len();
        let key = if n >= 4 {
            if n > 8 {
                return None;
            }
            let lo: [u8; 4] = b.get(..4)?.try_into().ok()?;
            let hi: [u8; 4] = b.get(n - 4..)?.try_into().ok()?;
            u64::from(u32::from_le_bytes(lo)) | u64::from(u32::from_le_bytes(hi)) << 32
        } else {
            let first = u64::from(*b.first()?);
            let mid = u64::from(*b.get(n / 2)?);
            let last = u64::from(*b.last()?);
            first | mid << 8 | last << 16
        };
        Some((key, n as u8))
    }

    #[inline]
    pub(super) fn slot(&self, key: u64, len: u8) -> usize {
        let h = (key ^ u64::from(len).rotate_right(8)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (h >> 32) as usize & self.mask
    }

    pub(super) fn build<'a>(entries: impl Iterator<Item = (&'a str, usize)> + Clone) -> ShortMap {
        let n = entries.clone().count();
        let size = (2 * n + 2).next_power_of_two();
        let mut m = ShortMap {
            slots: vec![(0, 0, 0); size],
            mask: size - 1,
        };
        for (k, v) in entries {
            let (Some((key, len)), Ok(v)) = (Self::pack(k.as_bytes()), u32::try_from(v)) else {
                continue;
            };
            let mut i = m.slot(key, len);
            while let Some(slot) = m.slots.get_mut(i) {
                if slot.1 == 0 {
                    *slot = (key, len, v);
                    break;
                }
                if slot.0 == key && slot.1 == len {
                    // (the keys come from a map, so this does not happen)
                    slot.2 = v;
                    break;
                }
                i = (i + 1) & m.mask;
            }
        }
        m
    }

    #[inline]
    pub(super) fn get(&self, s: &[u8]) -> Option<usize> {
        let (key, len) = Self::pack(s)?;
        let mut i = self.slot(key, len);
        loop {
            let &(k, l, v) = self.slots.get(i)?;
            if k == key && l == len {
                return Some(v as usize);
            }
            if l == 0 {
                return None;
            }
            i = (i + 1) & self.mask;
        }
    }
}
