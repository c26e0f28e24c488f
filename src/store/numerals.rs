//! Move notations written with Chinese or Arabic numerals (`马六进五`, `马6进5`): a search for one
//! finds records that wrote the other.

const DIGITS: [char; 10] = ['〇', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

fn digit(c: char) -> Option<u32> {
    match c {
        '零' | '〇' => Some(0),
        '两' | '兩' => Some(2),
        _ => DIGITS.iter().position(|d| *d == c).map(|i| i as u32),
    }
}

/// A run of Chinese numerals as a number (`十六` → 16, `二十` → 20), or `None`.
fn chinese_value(run: &[char]) -> Option<u32> {
    match run {
        [] => None,
        ['十'] => Some(10),
        ['十', u] => Some(10 + digit(*u)?),
        [t, '十'] => Some(digit(*t)? * 10),
        [t, '十', u] => Some(digit(*t)? * 10 + digit(*u)?),
        [d] => digit(*d),
        _ => None,
    }
}

fn chinese_of(n: u32) -> String {
    let d = |k: u32| DIGITS[k as usize];
    match n {
        0..=9 => d(n).to_string(),
        10 => "十".into(),
        11..=19 => format!("十{}", d(n - 10)),
        _ if n.is_multiple_of(10) && n < 100 => format!("{}十", d(n / 10)),
        20..=99 => format!("{}十{}", d(n / 10), d(n % 10)),
        _ => n.to_string(),
    }
}

fn is_chinese_numeral(c: char) -> bool {
    c == '十' || digit(c).is_some()
}

/// `s` with its numbers written the other way too: the Arabic form and the Chinese form, each
/// when it differs from `s` (empty when `s` holds no number).
pub fn variants(s: &str) -> Vec<String> {
    let chars: Vec<char> = s.chars().collect();
    let (mut arabic, mut chinese) = (String::new(), String::new());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if is_chinese_numeral(c) {
            let start = i;
            while i < chars.len() && is_chinese_numeral(chars[i]) {
                i += 1;
            }
            let run = &chars[start..i];
            match chinese_value(run) {
                Some(n) => arabic.push_str(&n.to_string()),
                None => arabic.extend(run),
            }
            chinese.extend(run);
        } else if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let run: String = chars[start..i].iter().collect();
            arabic.push_str(&run);
            match run.parse::<u32>() {
                Ok(n) => chinese.push_str(&chinese_of(n)),
                Err(_) => chinese.push_str(&run),
            }
        } else {
            arabic.push(c);
            chinese.push(c);
            i += 1;
        }
    }
    let mut out = Vec::new();
    for v in [arabic, chinese] {
        if v != s && !out.contains(&v) {
            out.push(v);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::variants;

    #[test]
    fn both_ways() {
        assert_eq!(variants("马六进五"), vec!["马6进5".to_string()]);
        assert_eq!(variants("马6进5"), vec!["马六进五".to_string()]);
        assert_eq!(variants("炮十二平十"), vec!["炮12平10".to_string()]);
        assert_eq!(variants("车16进1"), vec!["车十六进一".to_string()]);
        assert!(variants("Sumer").is_empty());
    }
}
