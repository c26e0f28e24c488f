//! Roman numerals of the epochs (`I`…`VII`), as written and in other forms.

/// Reads `I`..`VII` (also `1`..`7`).
pub fn roman(s: &str) -> Option<u8> {
    match s {
        "I" | "1" => Some(1),
        "II" | "2" => Some(2),
        "III" | "3" => Some(3),
        "IV" | "4" => Some(4),
        "V" | "5" => Some(5),
        "VI" | "6" => Some(6),
        "VII" | "7" => Some(7),
        _ => None,
    }
}

/// True for a character an epoch numeral may be written with: `I`, `V` in either case, the digits
/// `1`…`7`, their full-width forms, and the Unicode roman numerals `Ⅰ`…`Ⅶ`, `ⅰ`…`ⅶ`.
pub fn is_numeral_char(c: char) -> bool {
    matches!(
        crate::text::fold_width(c),
        'I' | 'V' | 'i' | 'v' | '1'..='7' | '\u{2160}'..='\u{2166}' | '\u{2170}'..='\u{2176}'
    )
}

/// [`roman`], leniently: `I`…`VII` in any case, full-width (`ＩＩＩ`), or written with the Unicode
/// roman numerals (`Ⅲ`, `ⅲ`, also `ⅤⅠ`). The bool is true when the numeral was not written as
/// [`roman`] reads it (a form the caller reports).
pub fn roman_lenient(s: &str) -> Option<(u8, bool)> {
    if let Some(e) = roman(s) {
        return Some((e, false));
    }
    const ROMAN: [&str; 7] = ["I", "II", "III", "IV", "V", "VI", "VII"];
    let mut buf = String::with_capacity(8);
    for c in s.chars() {
        if buf.len() > 8 {
            return None;
        }
        match crate::text::fold_width(c) {
            'I' | 'i' => buf.push('I'),
            'V' | 'v' => buf.push('V'),
            d @ '1'..='7' => buf.push(d),
            u @ ('\u{2160}'..='\u{2166}' | '\u{2170}'..='\u{2176}') => {
                let k = (u as u32 & 0xf) as usize;
                buf.push_str(ROMAN.get(k).copied().unwrap_or("?"));
            }
            _ => return None,
        }
    }
    roman(&buf).map(|e| (e, true))
}

/// `1` → `I` … `7` → `VII`.
pub fn roman_str(n: u8) -> &'static str {
    ["?", "I", "II", "III", "IV", "V", "VI", "VII"]
        .get(usize::from(n))
        .copied()
        .unwrap_or("?")
}
