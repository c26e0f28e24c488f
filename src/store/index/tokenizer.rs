//! The tokenizer of every text field of the search index.
//!
//! Chinese has no spaces, and people search titles like 魏杀汉·魏胜 by any substring (杀汉, 魏胜, 魏).
//! tantivy's NgramTokenizer puts every gram at position 0 (so a phrase degrades to "all grams
//! somewhere") and a word segmenter merges 魏杀汉 into one word. So this tokenizer:
//! - folds each character (full-width → half-width, traditional → simplified, ASCII lower case),
//!   one character to one character, so both scripts index and query alike;
//! - gives each CJK character its own position and emits, at that position, the character itself
//!   and the bigram and the trigram it starts (when the next one or two characters are CJK too);
//! - emits each run of letters/digits of other scripts as one word at one position;
//! - advances the position once over punctuation (so a phrase does not match across `·`), but not
//!   over the spaces between two words (so `"civil service"` is a phrase).
//!
//! A query string is tokenized the same way and becomes a phrase of trigrams (bigrams, characters
//! and words where a run is shorter) with their offsets: a substring query matches exactly the
//! texts that contain the substring. A word of three characters (赤壁杯, 练习赛, the common length
//! of an event's name) is then one term, which tantivy finds without reading positions: a phrase
//! of two bigrams read the positions of every game holding both (`Ada OR 练习赛` at 100k games:
//! 10.1M instructions a query as a phrase, 2.9M as a term).

use annals_import::text::fold_char as fold;
use tantivy::tokenizer::{Token, TokenStream, Tokenizer};

/// The tokenizer's name in the schema. A change of the tokens it emits changes the name, so that
/// an index built with the old tokens no longer matches the schema and is rebuilt at open.
pub const NAME: &str = "annals-tri";

/// The tokenizer; it keeps the buffer of folded characters from one text to the next.
#[derive(Clone, Default)]
pub struct AnnalsTokenizer {
    chars: Vec<Char>,
}

/// A character of the text, folded: its byte offset, the folded character and its class.
type Char = (usize, char, Class);

impl Tokenizer for AnnalsTokenizer {
    type TokenStream<'a> = AnnalsStream<'a>;
    fn token_stream<'a>(&'a mut self, text: &'a str) -> AnnalsStream<'a> {
        fill(&mut self.chars, text);
        AnnalsStream::new(&self.chars, text.len())
    }
}

/// Is `c` written without spaces between words (Han, kana, Hangul)?
pub fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xAC00..=0xD7AF | 0xF900..=0xFAFF | 0x20000..=0x2FA1F)
}

#[derive(PartialEq, Clone, Copy)]
enum Class {
    Cjk,
    Word,
    Space,
    Punct,
}

fn class(c: char) -> Class {
    // ASCII (most of a field's characters) without Unicode's tables.
    if c.is_ascii() {
        return if c.is_ascii_alphanumeric() {
            Class::Word
        } else if c.is_whitespace() {
            Class::Space
        } else {
            Class::Punct
        };
    }
    if is_cjk(c) {
        Class::Cjk
    } else if c.is_alphanumeric() {
        Class::Word
    } else if c.is_whitespace() {
        Class::Space
    } else {
        Class::Punct
    }
}

/// Each ASCII character folded (to lower case) and the class of the folded one, as [`fold`] and
/// [`class`] make them, looked up: most characters of most fields are ASCII, and working them out
/// one by one was a third of the tokenizer's instructions.
const ASCII: [(u8, Class); 128] = {
    let mut t = [(0u8, Class::Punct); 128];
    let mut i = 0;
    while i < 128 {
        let f = (i as u8).to_ascii_lowercase();
        let class = if f.is_ascii_alphanumeric() {
            Class::Word
        } else if matches!(f, 9..=13 | b' ') {
            // `char::is_whitespace` of ASCII (which, unlike `u8::is_ascii_whitespace`, has 11)
            Class::Space
        } else {
            Class::Punct
        };
        t[i] = (f, class);
        i += 1;
    }
    t
};

/// `text`'s characters, folded, into `chars`.
fn fill(chars: &mut Vec<Char>, text: &str) {
    chars.clear();
    chars.reserve(text.len());
    let bytes = text.as_bytes();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if let Some(&(f, class)) = ASCII.get(b as usize) {
            chars.push((i, f as char, class));
            i += 1;
        } else {
            let Some(c) = text.get(i..).and_then(|s| s.chars().next()) else {
                break;
            };
            let f = fold(c);
            chars.push((i, f, class(f)));
            i += c.len_utf8();
        }
    }
}

/// The tokens of a text, as described in the module docs, one at a time in one [`Token`] whose
/// text is reused: a CJK character's bigram and trigram extend its own token's text.
pub struct AnnalsStream<'a> {
    chars: &'a [Char],
    len: usize,
    /// The next character to read.
    k: usize,
    /// The CJK character whose grams are being emitted, and the characters its token has more
    /// than itself (0: none to come).
    gram_of: usize,
    gram: usize,
    pos: usize,
    /// A token was emitted since the last position advance.
    any: bool,
    token: Token,
}

impl<'a> AnnalsStream<'a> {
    fn new(chars: &'a [Char], len: usize) -> Self {
        AnnalsStream {
            chars,
            len,
            k: 0,
            gram_of: 0,
            gram: 0,
            pos: 0,
            any: false,
            token: Token::default(),
        }
    }

    /// The byte offset where the `k`th character ends.
    fn end_of(&self, k: usize) -> usize {
        self.chars.get(k + 1).map_or(self.len, |c| c.0)
    }

    /// Starts a token at `from` and the current position.
    fn start(&mut self, from: usize) {
        if self.any {
            self.pos += 1;
        }
        self.any = true;
        self.token.offset_from = from;
        self.token.position = self.pos;
        self.token.position_length = 1;
        self.token.text.clear();
    }
}

impl TokenStream for AnnalsStream<'_> {
    fn advance(&mut self) -> bool {
        let chars = self.chars;
        if self.gram > 0 {
            let next = self.gram_of + self.gram;
            if self.gram < 3
                && let Some(&(_, n, Class::Cjk)) = chars.get(next)
            {
                self.token.text.push(n);
                self.token.offset_to = self.end_of(next);
                self.gram += 1;
                return true;
            }
            self.gram = 0;
        }
        while let Some(&(off, c, class)) = chars.get(self.k) {
            match class {
                Class::Cjk => {
                    self.start(off);
                    self.token.text.push(c);
                    self.token.offset_to = self.end_of(self.k);
                    self.gram_of = self.k;
                    self.gram = 1;
                    self.k += 1;
                    return true;
                }
                Class::Word => {
                    self.start(off);
                    while let Some(&(_, c, Class::Word)) = chars.get(self.k) {
                        self.token.text.push(c);
                        self.k += 1;
                    }
                    self.token.offset_to = self.end_of(self.k - 1);
                    return true;
                }
                Class::Space => {
                    // Spaces separate words without a gap; beside CJK they are a gap.
                    let prev_cjk = self
                        .k
                        .checked_sub(1)
                        .and_then(|p| chars.get(p))
                        .is_some_and(|c| c.2 == Class::Cjk);
                    let mut j = self.k;
                    while chars.get(j).is_some_and(|c| c.2 == Class::Space) {
                        j += 1;
                    }
                    let next_cjk = chars.get(j).is_some_and(|c| c.2 == Class::Cjk);
                    if self.any && (prev_cjk || next_cjk) {
                        self.pos += 1;
                    }
                    self.k = j;
                }
                Class::Punct => {
                    // A gap of one position, so that no phrase matches across punctuation.
                    if self.any {
                        self.pos += 1;
                    }
                    self.k += 1;
                }
            }
        }
        false
    }
    fn token(&self) -> &Token {
        &self.token
    }
    fn token_mut(&mut self) -> &mut Token {
        &mut self.token
    }
}

/// The tokens of `text`, as described in the module docs.
pub fn tokens(text: &str) -> Vec<Token> {
    let mut chars = Vec::new();
    fill(&mut chars, text);
    let mut stream = AnnalsStream::new(&chars, text.len());
    let mut out = Vec::new();
    while stream.advance() {
        out.push(stream.token.clone());
    }
    out
}

/// The terms a query string becomes, with their offsets (positions relative to the first), for a
/// phrase query. Each run of CJK characters (positions linked by bigrams) is covered by trigrams
/// at every third position, the last one moved back to end with the run; a run of two is its
/// bigram, a character or a word alone itself. Empty when the string has nothing to search for.
pub fn query_terms(text: &str) -> Vec<(usize, String)> {
    let toks = tokens(text);
    let Some(first) = toks.first().map(|t| t.position) else {
        return Vec::new();
    };
    // Per position, its grams by length (1, 2, 3 characters; a word is of length 1).
    let mut at: Vec<(usize, [Option<&str>; 3])> = Vec::new();
    for t in &toks {
        if at.last().is_none_or(|(p, _)| *p != t.position) {
            at.push((t.position, [None; 3]));
        }
        let n = t.text.chars().count();
        let len = if t.text.chars().all(is_cjk) {
            n.clamp(1, 3)
        } else {
            1
        };
        if let Some((_, grams)) = at.last_mut()
            && let Some(slot) = grams.get_mut(len - 1)
        {
            *slot = Some(t.text.as_str());
        }
    }
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut i = 0;
    while i < at.len() {
        // The run starting at `i`: while a position has a bigram, the next one continues it.
        let mut end = i;
        while at.get(end).is_some_and(|(_, g)| g[1].is_some()) && end + 1 < at.len() {
            end += 1;
        }
        let run = &at[i..=end];
        let push = |out: &mut Vec<(usize, String)>, k: usize, len: usize| {
            if let Some((p, g)) = run.get(k)
                && let Some(Some(t)) = g.get(len - 1)
            {
                out.push((p - first, (*t).to_string()));
            }
        };
        match run.len() {
            1 => push(&mut out, 0, 1),
            2 => push(&mut out, 0, 2),
            n => {
                let mut k = 0;
                while k + 3 <= n {
                    push(&mut out, k, 3);
                    k += 3;
                }
                if k < n {
                    push(&mut out, n - 3, 3);
                }
            }
        }
        i = end + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table of ASCII characters says what `fold` and `class` say of each, and a text of
    /// every character below 0x100 (ASCII and not) fills as character by character.
    #[test]
    fn ascii_table_matches_fold_and_class() {
        for b in 0u8..128 {
            let c = b as char;
            let (f, k) = ASCII[b as usize];
            assert_eq!(f as char, fold(c), "fold of {b:#x}");
            assert!(k == class(fold(c)), "class of {b:#x}");
        }
        let text: String = (1u32..0x100)
            .filter_map(char::from_u32)
            .chain("魏杀汉·魏胜 Ｃｉｖｉｌ".chars())
            .collect();
        let mut chars = Vec::new();
        fill(&mut chars, &text);
        let slow: Vec<Char> = text
            .char_indices()
            .map(|(i, c)| (i, fold(c), class(fold(c))))
            .collect();
        assert_eq!(chars.len(), slow.len());
        for (a, b) in chars.iter().zip(&slow) {
            assert!(
                a.0 == b.0 && a.1 == b.1 && a.2 == b.2,
                "{a:?} {b:?}",
                a = (a.0, a.1),
                b = (b.0, b.1)
            );
        }
    }

    fn texts(s: &str) -> Vec<(usize, String)> {
        tokens(s)
            .into_iter()
            .map(|t| (t.position, t.text))
            .collect()
    }

    #[test]
    fn cjk_gets_unigrams_and_bigrams_by_position() {
        assert_eq!(
            texts("魏殺漢•魏勝"),
            vec![
                (0, "魏".into()),
                (0, "魏杀".into()),
                (0, "魏杀汉".into()),
                (1, "杀".into()),
                (1, "杀汉".into()),
                (2, "汉".into()),
                (4, "魏".into()),
                (4, "魏胜".into()),
                (5, "胜".into()),
            ]
        );
    }

    #[test]
    fn ascii_characters_class_as_by_the_unicode_rules() {
        for u in 0u32..0x80 {
            let Some(c) = char::from_u32(u) else { continue };
            let by_unicode = if is_cjk(c) {
                Class::Cjk
            } else if c.is_alphanumeric() {
                Class::Word
            } else if c.is_whitespace() {
                Class::Space
            } else {
                Class::Punct
            };
            assert!(class(c) == by_unicode, "U+{u:04X}");
        }
    }

    #[test]
    fn one_tokenizer_tokenizes_text_after_text() {
        let mut tk = AnnalsTokenizer::default();
        let mut seen = |text: &str| {
            let mut out = Vec::new();
            let mut s = tk.token_stream(text);
            while s.advance() {
                let t = s.token();
                out.push((t.position, t.text.clone(), t.offset_from, t.offset_to));
            }
            out
        };
        assert_eq!(
            seen("吳 滅魏 Ada,x"),
            vec![
                (0, "吴".into(), 0, 3),
                (2, "灭".into(), 4, 7),
                (2, "灭魏".into(), 4, 10),
                (3, "魏".into(), 7, 10),
                (5, "ada".into(), 11, 14),
                (7, "x".into(), 15, 16),
            ]
        );
        assert_eq!(seen("b"), vec![(0, "b".into(), 0, 1)]);
        assert_eq!(seen(""), vec![]);
    }

    #[test]
    fn words_and_mixed_text() {
        assert_eq!(
            texts("Civil Service"),
            vec![(0, "civil".into()), (1, "service".into())]
        );
        assert_eq!(
            texts("马6进5"),
            vec![
                (0, "马".into()),
                (1, "6".into()),
                (2, "进".into()),
                (3, "5".into())
            ]
        );
    }

    #[test]
    fn query_terms_cover_the_string_with_trigrams() {
        assert_eq!(query_terms("魏杀汉"), vec![(0, "魏杀汉".into())]);
        assert_eq!(query_terms("魏"), vec![(0, "魏".into())]);
        assert_eq!(query_terms("魏胜"), vec![(0, "魏胜".into())]);
        assert_eq!(
            query_terms("吴灭魏蜀"),
            vec![(0, "吴灭魏".into()), (1, "灭魏蜀".into())]
        );
        assert_eq!(
            query_terms("三国演弈棋大赛"),
            vec![
                (0, "三国演".into()),
                (3, "弈棋大".into()),
                (4, "棋大赛".into())
            ]
        );
        assert_eq!(
            query_terms("魏杀汉·魏胜"),
            vec![(0, "魏杀汉".into()), (4, "魏胜".into())]
        );
        assert_eq!(
            query_terms("第3回合"),
            vec![(0, "第".into()), (1, "3".into()), (2, "回合".into())]
        );
        assert_eq!(
            query_terms("Open 赤壁杯"),
            vec![(0, "open".into()), (2, "赤壁杯".into())]
        );
        assert_eq!(
            query_terms("Lin Wei"),
            vec![(0, "lin".into()), (1, "wei".into())]
        );
        assert!(query_terms("··").is_empty());
    }
}
