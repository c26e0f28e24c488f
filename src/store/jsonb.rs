//! A writer of SQLite's JSONB, its binary JSON, for the packed moves (`moves::pack_moves`).
//!
//! The format is SQLite's own, documented for stability in its source tree (`doc/jsonb.md`, from
//! version 3.45): each element is a header and a payload. The header's first byte holds the
//! element's type in its low four bits and, in its high four, the payload's size (0 to 11) or how
//! many bytes after it hold the size, big-endian (12: one, 13: two, 14: four). A header may be
//! longer than it needs to be, which lets an array's header be written before its size is known.
//! Numbers are their JSON text; strings are their text without quotes. SQLite's JSON functions
//! (`json_each`, `->>`, `json()`) read JSONB and text JSON alike, so the views over the packed
//! tables are unchanged, and a packed game is a quarter to a third smaller than as text (no
//! quotes, commas or brackets).

/// Element types (`doc/jsonb.md` §3.2).
const NULL: u8 = 0;
const TRUE: u8 = 1;
const FALSE: u8 = 2;
const INT: u8 = 3;
const FLOAT: u8 = 5;
/// A string that JSON and SQL need not escape.
const TEXT: u8 = 7;
/// A string with characters to escape when it is written as JSON text.
const TEXTRAW: u8 = 10;
const ARRAY: u8 = 11;
const OBJECT: u8 = 12;

/// A JSONB value being written.
#[derive(Debug, Default)]
pub struct Jsonb(Vec<u8>);

impl Jsonb {
    pub fn with_capacity(n: usize) -> Self {
        Jsonb(Vec::with_capacity(n))
    }

    pub fn into_bytes(self) -> Vec<u8> {
        self.0
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// A header of `ty` for a payload of `size` bytes, as short as it can be.
    fn head(&mut self, ty: u8, size: usize) {
        if size <= 11 {
            self.0.push((size as u8) << 4 | ty);
        } else if size <= 0xff {
            self.0.extend_from_slice(&[0xc0 | ty, size as u8]);
        } else if size <= 0xffff {
            self.0.push(0xd0 | ty);
            self.0.extend_from_slice(&(size as u16).to_be_bytes());
        } else {
            self.0.push(0xe0 | ty);
            self.0.extend_from_slice(&(size as u32).to_be_bytes());
        }
    }

    pub fn null(&mut self) {
        self.0.push(NULL);
    }

    pub fn int(&mut self, n: impl itoa::Integer) {
        let mut b = itoa::Buffer::new();
        let s = b.format(n);
        self.head(INT, s.len());
        self.0.extend_from_slice(s.as_bytes());
    }

    pub fn opt_int(&mut self, n: Option<impl itoa::Integer>) {
        match n {
            Some(n) => self.int(n),
            None => self.null(),
        }
    }

    pub fn text(&mut self, s: &str) {
        self.head(text_type(s.as_bytes()), s.len());
        self.0.extend_from_slice(s.as_bytes());
    }

    pub fn opt_text(&mut self, s: Option<&str>) {
        match s {
            Some(s) => self.text(s),
            None => self.null(),
        }
    }

    /// `words` joined by single spaces, as one string.
    pub fn words<S: AsRef<str>>(&mut self, words: &[S]) {
        let size = words.iter().map(|w| w.as_ref().len()).sum::<usize>() + words.len().max(1) - 1;
        let raw = words
            .iter()
            .any(|w| text_type(w.as_ref().as_bytes()) == TEXTRAW);
        self.head(if raw { TEXTRAW } else { TEXT }, size);
        for (i, w) in words.iter().enumerate() {
            if i > 0 {
                self.0.push(b' ');
            }
            self.0.extend_from_slice(w.as_ref().as_bytes());
        }
    }

    /// Starts an array whose size is not known yet: a header with room for a one-byte size,
    /// which [`Jsonb::end`] fills in (and widens, moving the elements, in the rare array of more
    /// than 255 bytes).
    pub fn begin(&mut self) -> Open {
        self.open(ARRAY)
    }

    fn open(&mut self, ty: u8) -> Open {
        let at = self.0.len();
        self.0.extend_from_slice(&[0xc0 | ty, 0]);
        Open {
            at,
            ty,
            wide: false,
        }
    }

    /// Starts an array expected to be large (a game's moves): a header with room for a four-byte
    /// size, so that its elements never move.
    pub fn begin_wide(&mut self) -> Open {
        let at = self.0.len();
        self.0.extend_from_slice(&[0xe0 | ARRAY, 0, 0, 0, 0]);
        Open {
            at,
            ty: ARRAY,
            wide: true,
        }
    }

    /// Ends the array (or object) `open` started: its header gets its size.
    pub fn end(&mut self, open: Open) {
        let (at, ty) = (open.at, open.ty);
        if open.wide {
            let size = u32::try_from(self.0.len() - at - 5).unwrap_or(u32::MAX);
            self.0[at + 1..at + 5].copy_from_slice(&size.to_be_bytes());
            return;
        }
        let size = self.0.len() - at - 2;
        if size <= 0xff {
            self.0[at + 1] = size as u8;
        } else if size <= 0xffff {
            self.0[at] = 0xd0 | ty;
            self.0.splice(at + 1..at + 2, (size as u16).to_be_bytes());
        } else {
            self.0[at] = 0xe0 | ty;
            let size = u32::try_from(size).unwrap_or(u32::MAX);
            self.0.splice(at + 1..at + 2, size.to_be_bytes());
        }
    }

    /// An array of `items`, each written by `f`.
    pub fn array<T>(&mut self, items: &[T], mut f: impl FnMut(&mut Self, &T)) {
        let open = self.begin();
        for item in items {
            f(self, item);
        }
        self.end(open);
    }

    /// Any JSON value (the rare parts of a move that serde describes, such as 三国's events).
    pub fn value(&mut self, v: &serde_json::Value) {
        use serde_json::Value as V;
        match v {
            V::Null => self.null(),
            V::Bool(true) => self.0.push(TRUE),
            V::Bool(false) => self.0.push(FALSE),
            V::Number(n) => {
                let s = n.to_string();
                self.head(if n.is_f64() { FLOAT } else { INT }, s.len());
                self.0.extend_from_slice(s.as_bytes());
            }
            V::String(s) => self.text(s),
            V::Array(a) => self.array(a, |j, v| j.value(v)),
            V::Object(o) => {
                let open = self.open(OBJECT);
                for (k, v) in o {
                    self.text(k);
                    self.value(v);
                }
                self.end(open);
            }
        }
    }
}

/// An array begun and not yet ended.
#[derive(Debug, Clone, Copy)]
pub struct Open {
    at: usize,
    ty: u8,
    wide: bool,
}

/// TEXT for a string that neither JSON nor SQL escapes (no `"`, `\`, `'` or control character),
/// else TEXTRAW, which SQLite escapes when it writes the string as JSON.
fn text_type(b: &[u8]) -> u8 {
    if b.iter()
        .all(|&c| c >= 0x20 && c != b'"' && c != b'\\' && c != b'\'')
    {
        TEXT
    } else {
        TEXTRAW
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SQLite reads what the writer writes as the JSON it stands for: every element type, short
    /// and long strings and arrays (headers of one, two and three bytes, and an array widened
    /// after its elements), text JSON and SQL would escape, and CJK.
    #[test]
    fn sqlite_reads_it_as_the_json_it_stands_for() {
        let conn = rusqlite::Connection::open_in_memory().unwrap();
        let long = "长".repeat(40);
        let longer = "x".repeat(70_000);
        let mut j = Jsonb::default();
        let outer = j.begin_wide();
        j.int(0);
        j.int(-12);
        j.opt_int(None::<i64>);
        j.int(i64::MAX);
        j.text("");
        j.text("Sumer");
        j.text("a\"b\\c'd\ne\u{1}");
        j.text(&long);
        j.opt_text(Some("魏"));
        j.words(&["V", "X", "="]);
        j.words::<&str>(&[]);
        j.words(&["it's", "x"]);
        j.array(&[1, 2, 3], |j, n| j.int(*n));
        j.array::<i32>(&[], |j, n| j.int(*n));
        // more than 255 bytes: the header widened after the elements
        j.array(&vec!["abcdefghij"; 40], |j, s| j.text(s));
        j.text(&longer);
        j.value(&serde_json::json!([{"type": "check", "side": "魏", "n": 2, "f": 1.5, "t": true, "u": false, "z": null}]));
        j.end(outer);
        let bytes = j.into_bytes();
        let want = serde_json::json!([
            0, -12, null, i64::MAX, "", "Sumer", "a\"b\\c'd\ne\u{1}", long, "魏", "V X =", "",
            "it's x", [1, 2, 3], [], vec!["abcdefghij"; 40], longer,
            [{"type": "check", "side": "魏", "n": 2, "f": 1.5, "t": true, "u": false, "z": null}]
        ]);
        let text: String = conn
            .query_row("SELECT json(?1)", [&bytes], |r| r.get(0))
            .unwrap();
        let got: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(got, want);
        // Valid as JSONB (not read as text), and its elements extracted as SQL values.
        let (valid, sixth, count): (i64, String, i64) = conn
            .query_row(
                "SELECT json_valid(?1, 8), ?1 ->> 6, (SELECT count(*) FROM json_each(?1))",
                [&bytes],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .unwrap();
        assert_eq!((valid, sixth.as_str(), count), (1, "a\"b\\c'd\ne\u{1}", 17));
    }
}
