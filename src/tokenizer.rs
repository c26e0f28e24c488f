//! The tokenizer of every text field of the search index.
//!
//! Chinese has no spaces, and people search titles like 魏杀汉·魏胜 by any substring (杀汉, 魏胜, 魏).
//! tantivy's NgramTokenizer puts every gram at position 0 (so a phrase degrades to "all grams
//! somewhere") and a word segmenter merges 魏杀汉 into one word. So this tokenizer:
//! - folds each character (full-width → half-width, traditional → simplified, ASCII lower case),
//!   one character to one character, so both scripts index and query alike;
//! - gives each CJK character its own position and emits, at that position, the character itself
//!   and the bigram it starts (when the next character is CJK too);
//! - emits each run of letters/digits of other scripts as one word at one position;
//! - advances the position once over punctuation (so a phrase does not match across `·`), but not
//!   over the spaces between two words (so `"civil service"` is a phrase).
//!
//! A query string is tokenized the same way and becomes a phrase of bigrams (and words) with their
//! offsets: a substring query matches exactly the texts that contain the substring.

use annals_import::text::{fold_width, simplify_char};
use tantivy::tokenizer::{Token, TokenStream, Tokenizer};

pub const NAME: &str = "annals";

#[derive(Clone, Default)]
pub struct AnnalsTokenizer;

pub struct VecTokenStream {
    tokens: Vec<Token>,
    cur: usize,
}

impl TokenStream for VecTokenStream {
    fn advance(&mut self) -> bool {
        if self.cur < self.tokens.len() {
            self.cur += 1;
            true
        } else {
            false
        }
    }
    fn token(&self) -> &Token {
        &self.tokens[self.cur - 1]
    }
    fn token_mut(&mut self) -> &mut Token {
        &mut self.tokens[self.cur - 1]
    }
}

impl Tokenizer for AnnalsTokenizer {
    type TokenStream<'a> = VecTokenStream;
    fn token_stream<'a>(&'a mut self, text: &'a str) -> VecTokenStream {
        VecTokenStream {
            tokens: tokens(text),
            cur: 0,
        }
    }
}

/// Is `c` written without spaces between words (Han, kana, Hangul)?
pub fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xAC00..=0xD7AF | 0xF900..=0xFAFF | 0x20000..=0x2FA1F)
}

fn fold(c: char) -> char {
    simplify_char(fold_width(c)).to_ascii_lowercase()
}

#[derive(PartialEq, Clone, Copy)]
enum Class {
    Cjk,
    Word,
    Space,
    Punct,
}

fn class(c: char) -> Class {
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

/// The tokens of `text`, as described in the module docs.
pub fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<(usize, char)> = text.char_indices().map(|(i, c)| (i, fold(c))).collect();
    let end_of = |k: usize| chars.get(k + 1).map(|(o, _)| *o).unwrap_or(text.len());
    let mut out = Vec::new();
    let mut pos = 0usize;
    let mut any = false; // a token was emitted since the last position advance
    let mut k = 0;
    while k < chars.len() {
        let (off, c) = chars[k];
        match class(c) {
            Class::Cjk => {
                if any {
                    pos += 1;
                }
                out.push(Token {
                    offset_from: off,
                    offset_to: end_of(k),
                    position: pos,
                    text: c.to_string(),
                    position_length: 1,
                });
                if let Some(&(_, n)) = chars.get(k + 1)
                    && class(n) == Class::Cjk
                {
                    let mut t = String::with_capacity(8);
                    t.push(c);
                    t.push(n);
                    out.push(Token {
                        offset_from: off,
                        offset_to: end_of(k + 1),
                        position: pos,
                        text: t,
                        position_length: 1,
                    });
                }
                any = true;
                k += 1;
            }
            Class::Word => {
                let start = k;
                let mut w = String::new();
                while k < chars.len() && class(chars[k].1) == Class::Word {
                    w.push(chars[k].1);
                    k += 1;
                }
                if any {
                    pos += 1;
                }
                out.push(Token {
                    offset_from: off,
                    offset_to: end_of(k - 1),
                    position: pos,
                    text: w,
                    position_length: 1,
                });
                let _ = start;
                any = true;
            }
            Class::Space => {
                // Spaces separate words without a gap; beside CJK they are a gap.
                let prev_cjk = k > 0 && class(chars[k - 1].1) == Class::Cjk;
                let mut j = k;
                while j < chars.len() && class(chars[j].1) == Class::Space {
                    j += 1;
                }
                let next_cjk = chars.get(j).is_some_and(|(_, n)| class(*n) == Class::Cjk);
                if any && (prev_cjk || next_cjk) {
                    pos += 1;
                }
                k = j;
            }
            Class::Punct => {
                // A gap of one position, so that no phrase matches across punctuation.
                if any {
                    pos += 1;
                }
                k += 1;
            }
        }
    }
    out
}

/// The terms a query string becomes, with their offsets (positions relative to the first), for a
/// phrase query: one bigram per CJK position where one starts, else the character or word. Empty
/// when the string has nothing to search for.
pub fn query_terms(text: &str) -> Vec<(usize, String)> {
    let toks = tokens(text);
    let Some(first) = toks.first().map(|t| t.position) else {
        return Vec::new();
    };
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut covered_until: Option<usize> = None; // last position covered by a chosen bigram
    let mut i = 0;
    while i < toks.len() {
        let pos = toks[i].position;
        let bigram = toks
            .get(i + 1)
            .filter(|n| n.position == pos && n.text.chars().count() == 2);
        if let Some(b) = bigram {
            out.push((pos - first, b.text.clone()));
            covered_until = Some(pos + 1);
            i += 2;
            continue;
        }
        if covered_until != Some(pos) {
            out.push((pos - first, toks[i].text.clone()));
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn query_terms_cover_the_string_with_bigrams() {
        assert_eq!(
            query_terms("魏杀汉"),
            vec![(0, "魏杀".into()), (1, "杀汉".into())]
        );
        assert_eq!(query_terms("魏"), vec![(0, "魏".into())]);
        assert_eq!(
            query_terms("吴灭魏蜀"),
            vec![(0, "吴灭".into()), (1, "灭魏".into()), (2, "魏蜀".into())]
        );
        assert_eq!(
            query_terms("Lin Wei"),
            vec![(0, "lin".into()), (1, "wei".into())]
        );
        assert!(query_terms("··").is_empty());
    }
}
