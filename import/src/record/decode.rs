//! A file's bytes as text: the encoding told (BOM, UTF-8, the legacy Chinese, Korean and Western
//! encodings clubs use) and transcoded, a binary file or an unsupported encoding rejected.

use std::borrow::Cow;

use super::code;
use crate::diag::Diagnostic;

/// A file's text once decoded: the file's own bytes when they are UTF-8 already (no copy), else
/// the transcoded text.
#[derive(Debug, Clone)]
pub struct Decoded<'a> {
    pub text: Cow<'a, str>,
    /// The encoding the bytes were in (`UTF-8`, `UTF-16LE`, `GB18030`, `Big5`…).
    pub encoding: &'static str,
    /// Info (or warning) diagnostics about the decoding, at line 1 column 1 (the file as a whole).
    pub diagnostics: Vec<Diagnostic>,
}

/// Turns a file's bytes into text. UTF-8 with or without BOM, UTF-16 with BOM, and legacy Chinese
/// encodings (GB18030, which covers GBK and GB2312, and Big5) are accepted; the legacy ones are
/// recognised by `chardetng` and transcoded by `encoding_rs`. Anything else is an error diagnostic:
/// the file is rejected and the caller goes on with the rest of its batch.
pub fn decode(bytes: &[u8]) -> Result<Decoded<'_>, Diagnostic> {
    let mut d = decode_text(bytes)?;
    // Lines ended by `\r` alone (classic Mac OS editors): without this the whole file is one line.
    if memchr::memchr(b'\n', d.text.as_bytes()).is_none() && d.text.contains('\r') {
        d.text = Cow::Owned(d.text.replace('\r', "\n"));
        d.diagnostics.push(Diagnostic::info(
            code::LINE_ENDINGS,
            1,
            1,
            "lines end with a carriage return alone; read as line ends",
        ));
    }
    if let Some((text, diags)) = crate::unwrap::unwrap(&d.text) {
        d.text = Cow::Owned(text);
        d.diagnostics.extend(diags);
    }
    Ok(d)
}

fn decode_text(bytes: &[u8]) -> Result<Decoded<'_>, Diagnostic> {
    use encoding_rs::{BIG5, EUC_KR, GB18030, GBK, UTF_8, UTF_16BE, UTF_16LE, WINDOWS_1252};
    if let Some((enc, bom_len)) = encoding_rs::Encoding::for_bom(bytes) {
        let (text, had_errors) = enc.decode_without_bom_handling(&bytes[bom_len..]);
        let mut diagnostics = vec![Diagnostic::info(
            code::ENCODING,
            1,
            1,
            format!("{} with byte-order mark", enc.name()),
        )];
        if had_errors {
            diagnostics.push(replaced_warning(enc.name()));
        }
        check_text(&text)?;
        return Ok(Decoded {
            text,
            encoding: enc.name(),
            diagnostics,
        });
    }
    // validated with SIMD (the same answer as `std::str::from_utf8`, several times faster on
    // Chinese text)
    if let Ok(s) = simdutf8::basic::from_utf8(bytes) {
        check_text(s)?;
        return Ok(Decoded {
            text: Cow::Borrowed(s),
            encoding: UTF_8.name(),
            diagnostics: Vec::new(),
        });
    }
    if let Some(d) = mostly_utf8(bytes) {
        check_text(&d.text)?;
        return Ok(d);
    }
    if bytes.contains(&0) {
        // UTF-16 without a BOM, or a binary file: neither is a record file we can read.
        return Err(Diagnostic::error(
            code::BINARY,
            1,
            1,
            "not a text file (it contains NUL bytes); UTF-16 needs a byte-order mark",
        ));
    }
    let mut det = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Deny);
    det.feed(bytes, true);
    let guess = det.guess(None, chardetng::Utf8Detection::Deny);
    let enc = if guess == GBK || guess == GB18030 {
        GB18030
    } else if guess == BIG5 || guess == EUC_KR || guess == WINDOWS_1252 {
        // EUC-KR (Korean Windows' code page 949 is a superset, which encoding_rs decodes under
        // this name): WEC's clubs write Korean; windows-1252: a Western editor's file, most often
        // ASCII with a curly quote or an accented name in it (Deluge and WEC records)
        guess
    } else {
        return Err(Diagnostic::error(
            code::ENCODING_UNSUPPORTED,
            1,
            1,
            format!(
                "not valid UTF-8, and not GB18030/GBK, Big5, EUC-KR or windows-1252 either (it looks like {}); convert the file to UTF-8",
                guess.name()
            ),
        ));
    };
    let (text, had_errors) = enc.decode_without_bom_handling(bytes);
    let mut diagnostics = vec![Diagnostic::info(
        code::ENCODING,
        1,
        1,
        format!("transcoded from {} to UTF-8", enc.name()),
    )];
    if had_errors {
        diagnostics.push(replaced_warning(enc.name()));
    }
    check_text(&text)?;
    let _ = (UTF_16BE, UTF_16LE);
    Ok(Decoded {
        text,
        encoding: enc.name(),
        diagnostics,
    })
}

/// How many valid multi-byte characters a file read as UTF-8 must hold, at least, for each run of
/// invalid bytes in it: at this or more a few bytes were damaged (a truncated character, a line pasted from a
/// file in another encoding); above it the file is in a legacy encoding.
const DAMAGED_PER_VALID: usize = 4;
/// Runs of invalid bytes given a warning each; the rest are counted in one more.
const DAMAGED_REPORTED: usize = 20;

/// A file that is UTF-8 but for a few invalid byte sequences: its text with each replaced by
/// U+FFFD and a warning at each run's line and column (so the game that holds it carries it),
/// rather than the whole file rejected or transcoded as a legacy encoding it is not. `None` when
/// the file holds no valid multi-byte character, or fewer than [`DAMAGED_PER_VALID`] of them for
/// each run of invalid bytes.
fn mostly_utf8(bytes: &[u8]) -> Option<Decoded<'static>> {
    let mut text = String::with_capacity(bytes.len() + 16);
    // each run of invalid sequences with nothing valid between them: where its first U+FFFD is
    // in `text`, and how many bytes it replaced
    let mut bad: Vec<(usize, usize)> = Vec::new();
    let mut valid_multibyte = 0usize;
    for chunk in bytes.utf8_chunks() {
        let v = chunk.valid();
        valid_multibyte += v.bytes().filter(|&b| b >= 0xc0).count();
        text.push_str(v);
        let n = chunk.invalid().len();
        if n > 0 {
            match bad.last_mut() {
                Some((_, len)) if v.is_empty() => *len += n,
                _ => bad.push((text.len(), n)),
            }
            text.push('\u{fffd}');
        }
    }
    if valid_multibyte == 0 || bad.len() * DAMAGED_PER_VALID > valid_multibyte {
        return None;
    }
    let mut diagnostics = Vec::new();
    let (mut line, mut line_start, mut scanned) = (1u32, 0usize, 0usize);
    for &(at, n) in bad.iter().take(DAMAGED_REPORTED) {
        let before = text.get(scanned..at).unwrap_or_default();
        for (i, _) in before.match_indices('\n') {
            line += 1;
            line_start = scanned + i + 1;
        }
        scanned = at;
        let col = text.get(line_start..at).map_or(0, |s| s.chars().count()) + 1;
        diagnostics.push(Diagnostic::warning(
            code::ENCODING_REPLACED,
            line,
            u32::try_from(col).unwrap_or(u32::MAX),
            format!(
                "{n} byte{} not valid UTF-8 (the rest of the file is) replaced by U+FFFD",
                if n == 1 { "" } else { "s" }
            ),
        ));
    }
    if bad.len() > DAMAGED_REPORTED {
        diagnostics.push(Diagnostic::warning(
            code::ENCODING_REPLACED,
            1,
            1,
            format!(
                "{} more places with bytes not valid UTF-8, replaced by U+FFFD",
                bad.len() - DAMAGED_REPORTED
            ),
        ));
    }
    Some(Decoded {
        text: Cow::Owned(text),
        encoding: "UTF-8",
        diagnostics,
    })
}

fn replaced_warning(enc: &str) -> Diagnostic {
    Diagnostic::warning(
        code::ENCODING_REPLACED,
        1,
        1,
        format!("some bytes are not valid {enc} and were replaced by U+FFFD"),
    )
}

/// Text that is mostly control characters is a binary file that happened to decode.
pub(super) fn check_text(s: &str) -> Result<(), Diagnostic> {
    // Byte-wise, on the UTF-8: a character starts at every byte that is no continuation byte;
    // control characters are the ASCII ones (0x00–0x1F, 0x7F) and C1 (U+0080–U+009F, encoded
    // 0xC2 0x80–0x9F); NUL is the byte 0.
    let b = s.as_bytes();
    let (mut chars, mut ascii_controls) = (0usize, 0usize);
    // counted in u8 lanes over runs of 240 bytes (at most 255 fit a lane; a multiple of 16 leaves
    // no scalar tail but the last; branch-free, so it vectorizes)
    for run in b.chunks(240) {
        let (mut c, mut k) = (0u8, 0u8);
        for &x in run {
            c += u8::from((x as i8) >= -0x40);
            let low = (x < 0x20) & (x != b'\n') & (x != b'\r') & (x != b'\t') & (x != 0x0c);
            k += u8::from(low | (x == 0x7f));
        }
        chars += usize::from(c);
        ascii_controls += usize::from(k);
    }
    // (`·`, U+00B7, is 0xC2 0xB7: a file may hold many 0xC2 bytes, each found by memchr)
    let c1_controls = memchr::memchr_iter(0xc2, b)
        .filter(|&i| b.get(i + 1).is_some_and(|x| (0x80..=0x9f).contains(x)))
        .count();
    let controls = ascii_controls + c1_controls;
    let nul = ascii_controls > 0 && b.contains(&0);
    if nul || controls * 20 > chars.max(1) {
        return Err(Diagnostic::error(
            code::BINARY,
            1,
            1,
            "not a text file (control characters)",
        ));
    }
    Ok(())
}
