//! The registry of diagnostic codes: one entry for every code this crate emits, read from
//! `import/data/diagnostics.csv` (compiled in), with its severity, its notation, a plain
//! description and a record that yields it. The service explains a code with [`lookup`]; the
//! pages of `docs/notations/` are rendered from [`all`] ([`super::pages`]); the crate's tests
//! check that the registry and the code name the same codes, and that each example yields its
//! code.
//!
//! Parsed once, on first use: nothing here runs while a record is read.

use std::sync::OnceLock;

use super::Severity;

/// The registry as written: a CSV file whose `#` lines are comments.
const DATA: &str = include_str!("../../data/diagnostics.csv");

/// One code of the registry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The code, as the diagnostics carry it (`hotw.arrow-repaired`).
    pub code: String,
    /// The severities the code is emitted with: first the one its example yields, then any
    /// other (`record.date-form` is an info, or a warning for a date that cannot be read for
    /// sure). Never empty.
    pub severities: Vec<Severity>,
    /// `hotw`, `sanguo`, `wec`, `deluge`, or `record` for the codes of the record file (its
    /// encoding, tags, the games' kinds) that all notations share.
    pub notation: String,
    /// What the code means, in a reader's words: the habit read, or what is wrong.
    pub description: String,
    /// A minimal record that, imported, yields the code with its first severity; written with
    /// the escapes `\n`, `\r`, `\t`, `\\`, `\xNN` (one byte) and `\u{NNNN}` (see
    /// [`Entry::example_bytes`]). `None` only for a code no record text can yield.
    pub example: Option<String>,
}

impl Entry {
    /// The severity the code is emitted with (the first one when it has several).
    pub fn severity(&self) -> Severity {
        self.severities.first().copied().unwrap_or(Severity::Error)
    }

    /// A repair of a transcriber's habit (an info or a warning), as opposed to an error.
    pub fn is_repair(&self) -> bool {
        self.severity() != Severity::Error
    }

    /// The example as the bytes of a file, its escapes undone.
    pub fn example_bytes(&self) -> Option<Vec<u8>> {
        self.example.as_deref().map(unescape)
    }
}

/// Every entry, sorted by code.
pub fn all() -> &'static [Entry] {
    static REGISTRY: OnceLock<Vec<Entry>> = OnceLock::new();
    REGISTRY.get_or_init(load)
}

/// The entry of `code`, if the registry has it.
pub fn lookup(code: &str) -> Option<&'static Entry> {
    let entries = all();
    entries
        .binary_search_by(|e| e.code.as_str().cmp(code))
        .ok()
        .and_then(|i| entries.get(i))
}

/// Reads [`DATA`]. A row that cannot be read (a wrong severity, a missing column) is left out:
/// the crate's tests compare the registry with the codes of the source and find it missing.
fn load() -> Vec<Entry> {
    let mut rdr = csv::ReaderBuilder::new()
        .comment(Some(b'#'))
        .from_reader(DATA.as_bytes());
    let mut entries: Vec<Entry> = rdr
        .records()
        .filter_map(Result::ok)
        .filter_map(|r| entry(&r))
        .collect();
    entries.sort_by(|a, b| a.code.cmp(&b.code));
    entries
}

fn entry(r: &csv::StringRecord) -> Option<Entry> {
    let severities = r
        .get(1)?
        .split('|')
        .map(|s| Severity::parse(s.trim()))
        .collect::<Option<Vec<_>>>()?;
    if severities.is_empty() {
        return None;
    }
    let example = r.get(4).filter(|e| !e.is_empty()).map(str::to_string);
    Some(Entry {
        code: r.get(0)?.to_string(),
        severities,
        notation: r.get(2)?.to_string(),
        description: r.get(3)?.to_string(),
        example,
    })
}

/// Undoes the escapes of an example: `\n`, `\r`, `\t`, `\\`, `\xNN` (the byte NN, so that an
/// example can hold bytes that are not UTF-8) and `\u{NNNN}` (the character, for the invisible
/// ones). A backslash before anything else is kept.
pub fn unescape(s: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find('\\') {
        out.extend_from_slice(&rest.as_bytes()[..at]);
        let tail = &rest[at + 1..];
        let (bytes, used): (Vec<u8>, usize) = match tail.as_bytes().first() {
            Some(b'n') => (vec![b'\n'], 1),
            Some(b'r') => (vec![b'\r'], 1),
            Some(b't') => (vec![b'\t'], 1),
            Some(b'\\') => (vec![b'\\'], 1),
            Some(b'x') => match tail.get(1..3).and_then(|h| u8::from_str_radix(h, 16).ok()) {
                Some(b) => (vec![b], 3),
                None => (vec![b'\\'], 0),
            },
            Some(b'u') => match unicode_escape(tail) {
                Some((c, used)) => (c.to_string().into_bytes(), used),
                None => (vec![b'\\'], 0),
            },
            _ => (vec![b'\\'], 0),
        };
        out.extend_from_slice(&bytes);
        rest = &tail[used..];
    }
    out.extend_from_slice(rest.as_bytes());
    out
}

/// `u{NNNN}…` → the character and the length of the escape after its backslash.
fn unicode_escape(tail: &str) -> Option<(char, usize)> {
    let body = tail.strip_prefix("u{")?;
    let end = body.find('}')?;
    let c = char::from_u32(u32::from_str_radix(body.get(..end)?, 16).ok()?)?;
    Some((c, end + 3))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_are_undone() {
        assert_eq!(unescape(r"a\nb\tc\\d"), b"a\nb\tc\\d");
        assert_eq!(unescape(r"\xef\xbb\xbfx"), b"\xef\xbb\xbfx");
        assert_eq!(unescape(r"a\u{200b}b"), "a\u{200b}b".as_bytes());
        assert_eq!(unescape(r"\q\x"), b"\\q\\x");
    }

    #[test]
    fn lookup_finds_a_code() {
        let e = lookup("hotw.arrow-repaired").expect("registered");
        assert_eq!(e.severity(), Severity::Warning);
        assert_eq!(e.notation, "hotw");
        assert!(lookup("hotw").is_none());
    }
}
