//! Moves as the explorer keys them and the prefixes they chain into: a prefix of any length is
//! one integer.

use annals_import::{Body, Kind};

/// The hash of the empty prefix.
pub const ROOT: i64 = 0x6a09_e667_f3bc_c908_u64 as i64;

/// The prefix hash after one more move.
pub fn step(prefix: i64, mv: &str) -> i64 {
    let mut h = prefix as u64 ^ 0xcbf2_9ce4_8422_2325;
    for b in mv.as_bytes() {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    // separator, so that ["ab","c"] and ["a","bc"] differ
    h ^= 0x1f;
    h = h.wrapping_mul(0x0000_0100_0000_01b3);
    h as i64
}

/// The seats of a kind, in the order of the result columns.
pub fn sides(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::Sanguo => &["吴", "魏", "蜀"],
        Kind::Wec => &["B", "W"],
        _ => &[],
    }
}

/// A move as the explorer keys it: simplified characters, half-width punctuation, no spaces.
pub fn normalize_move(m: &str) -> String {
    // (Simplifying is one character to one: one pass, one allocation.)
    normalized(m).collect()
}

/// The characters of [`normalize_move`].
pub(super) fn normalized(m: &str) -> impl Iterator<Item = char> + '_ {
    m.chars().filter_map(normalize_char)
}

/// A character of a move as the explorer keys it: half-width, simplified, none for white space.
pub(super) fn normalize_char(c: char) -> Option<char> {
    use annals_import::text::{fold_width, simplify_char};
    let c = fold_width(c);
    (!c.is_whitespace()).then(|| simplify_char(c))
}

/// A game's moves as the explorer keys them ([`normalize_move`]), in order, in one buffer: each
/// move its length in bytes (a varint of 7 bits a byte, low bits first) and then its bytes, the
/// form of `explorer_staging.seq`. The importer makes it on its parse threads: one allocation a
/// game, where a `String` a move made sixty or more.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MoveKeys {
    pub(super) seq: Vec<u8>,
    pub(super) len: usize,
}

impl MoveKeys {
    /// The moves of a body (none for the kinds without a move sequence).
    pub fn of(body: &Body) -> Self {
        match body {
            Body::Sanguo(g) => Self::from_notations(g.moves.iter().map(|m| m.notation.as_str())),
            Body::Wec(g) => Self::from_notations(g.turns.iter().map(|t| t.notation.as_str())),
            _ => Self::default(),
        }
    }

    pub(super) fn from_notations<'a>(moves: impl Iterator<Item = &'a str> + Clone) -> Self {
        // Normalizing never lengthens a move (full-width forms fold to shorter ones, spaces go,
        // simplified characters take the bytes of the traditional ones): room for all at once.
        let room: usize = moves.clone().map(|m| m.len() + 1).sum();
        let mut keys = MoveKeys {
            seq: Vec::with_capacity(room),
            len: 0,
        };
        for m in moves {
            keys.push(m);
        }
        keys
    }

    /// Appends one move, normalized.
    pub(super) fn push(&mut self, m: &str) {
        let at = self.seq.len();
        // one byte of length for a move under 128 bytes (all but the malformed)
        self.seq.push(0);
        let mut buf = [0u8; 4];
        for c in m.chars() {
            if c.is_ascii() {
                // what `normalize_char` does to ASCII: white space goes, the rest stays
                if !c.is_whitespace() {
                    self.seq.push(c as u8);
                }
            } else if let Some(c) = normalize_char(c) {
                self.seq
                    .extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
        let n = self.seq.len() - at - 1;
        if n < 0x80 {
            self.seq[at] = n as u8;
        } else {
            let mut len = Vec::with_capacity(4);
            push_varint(&mut len, n);
            self.seq.splice(at..at + 1, len);
        }
        self.len += 1;
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The buffer, as `explorer_staging.seq` holds it.
    pub fn seq(&self) -> &[u8] {
        &self.seq
    }

    /// The moves, in order.
    pub fn to_vec(&self) -> Vec<&str> {
        split_seq(&self.seq)
            .into_iter()
            .map(|r| std::str::from_utf8(&self.seq[r]).unwrap_or_default())
            .collect()
    }
}

/// Appends `n` as a varint of 7 bits a byte, low bits first, the high bit set on all but the
/// last.
pub(super) fn push_varint(out: &mut Vec<u8>, mut n: usize) {
    loop {
        let b = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

/// The prefix hash of each ply (1-based index i → hash of moves 1..=i).
pub fn prefixes(keys: &[String]) -> Vec<i64> {
    let mut h = ROOT;
    keys.iter()
        .map(|k| {
            h = step(h, k);
            h
        })
        .collect()
}

/// A game's counts in the tree: games (1), wins of each side, draws, unknown.
pub fn counts(kind: Kind, winners: &[String], draw: &[String]) -> [i64; 6] {
    let mut c = [1, 0, 0, 0, 0, 0];
    for (i, s) in sides(kind).iter().enumerate() {
        if winners.iter().any(|x| x == s) {
            c[1 + i] = 1;
        }
    }
    c[4] = i64::from(!draw.is_empty());
    c[5] = i64::from(winners.is_empty() && draw.is_empty());
    c
}

/// The same from `games.winners` and `games.draw` (space-separated).
pub fn counts_of_columns(kind: Kind, winners: &str, draw: &str) -> [i64; 6] {
    let w: Vec<String> = winners.split_whitespace().map(str::to_string).collect();
    let d: Vec<String> = draw.split_whitespace().map(str::to_string).collect();
    counts(kind, &w, &d)
}

/// The moves of a staged key ([`stage_game`]), as byte ranges.
pub(super) fn split_seq(seq: &[u8]) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < seq.len() {
        let (mut n, mut shift) = (0usize, 0);
        while i < seq.len() {
            let b = seq[i];
            i += 1;
            n |= usize::from(b & 0x7f) << shift;
            shift += 7;
            if b & 0x80 == 0 || shift > 28 {
                break;
            }
        }
        let end = (i + n).min(seq.len());
        out.push(i..end);
        i = end;
    }
    out
}
