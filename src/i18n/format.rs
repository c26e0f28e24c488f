//! Numbers and dates as each language writes them. The four languages group digits alike
//! (`12,345`); dates differ: `2017-03-04` stays so in English (as records and the rest of the
//! site write it), and reads `2017年3月4日` in Chinese and `2017년 3월 4일` in Korean.

use super::Lang;

/// A number with its thousands grouped (`12,345`, `-1,234.5`); up to two decimals, none for a
/// whole number.
pub fn number(v: f64) -> String {
    if !v.is_finite() {
        return v.to_string();
    }
    let whole = v.trunc();
    let text = if whole == v {
        format!("{whole:.0}")
    } else {
        let s = format!("{v:.2}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    };
    let (sign, rest) = match text.strip_prefix('-') {
        Some(r) => ("-", r),
        None => ("", text.as_str()),
    };
    let (int, frac) = rest.split_once('.').map_or((rest, ""), |(a, b)| (a, b));
    let mut out = String::with_capacity(text.len() + int.len() / 3);
    out.push_str(sign);
    for (i, c) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    if !frac.is_empty() {
        out.push('.');
        out.push_str(frac);
    }
    out
}

/// A date of a record or a timestamp (`YYYY-MM-DD`, `YYYY.MM.DD`, `YYYY/MM/DD`, `YYYY-MM`,
/// `YYYY-MM-DDTHH:MM:SSZ`) in
/// `lang`; anything else (a year, a free-form date a record wrote) as it is.
pub fn date(lang: Lang, s: &str) -> String {
    let Some((y, m, d, time)) = split_date(s) else {
        return s.to_string();
    };
    let time = time.map(|t| format!(" {t} UTC")).unwrap_or_default();
    match (lang, d) {
        (Lang::En, _) => s.to_string(),
        (Lang::ZhHant | Lang::ZhHans, Some(d)) => format!("{y}年{m}月{d}日{time}"),
        (Lang::ZhHant | Lang::ZhHans, None) => format!("{y}年{m}月"),
        (Lang::Ko, Some(d)) => format!("{y}년 {m}월 {d}일{time}"),
        (Lang::Ko, None) => format!("{y}년 {m}월"),
    }
}

/// Year, month and day (without leading zeros) and the time of day (`HH:MM`) of an ISO date.
fn split_date(s: &str) -> Option<(&str, u32, Option<u32>, Option<&str>)> {
    let s = s.trim();
    let (day_part, time) = match s.split_once('T') {
        Some((a, t)) => (a, Some(t.get(..5)?)),
        None => (s, None),
    };
    let sep = if day_part.contains('-') {
        '-'
    } else if day_part.contains('.') {
        '.'
    } else {
        '/'
    };
    let mut parts = day_part.split(sep);
    let y = parts
        .next()
        .filter(|y| y.len() == 4 && y.bytes().all(|b| b.is_ascii_digit()))?;
    let m: u32 = parts
        .next()?
        .parse()
        .ok()
        .filter(|m| (1..=12).contains(m))?;
    let d = match parts.next() {
        Some(d) => Some(d.parse::<u32>().ok().filter(|d| (1..=31).contains(d))?),
        None => None,
    };
    if parts.next().is_some() {
        return None;
    }
    Some((y, m, d, time))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(number(0.0), "0");
        assert_eq!(number(999.0), "999");
        assert_eq!(number(1234.0), "1,234");
        assert_eq!(number(-1234567.0), "-1,234,567");
        assert_eq!(number(12345.678), "12,345.68");
        assert_eq!(number(0.5), "0.5");
    }

    #[test]
    fn dates() {
        assert_eq!(date(Lang::En, "2017-03-04"), "2017-03-04");
        assert_eq!(date(Lang::ZhHant, "2017-03-04"), "2017年3月4日");
        assert_eq!(date(Lang::Ko, "2017-03-04"), "2017년 3월 4일");
        assert_eq!(date(Lang::ZhHant, "2017.03.04"), "2017年3月4日");
        assert_eq!(date(Lang::En, "2017.03.04"), "2017.03.04");
        assert_eq!(date(Lang::ZhHans, "2017-03"), "2017年3月");
        assert_eq!(
            date(Lang::ZhHans, "2026-11-29T23:00:00Z"),
            "2026年11月29日 23:00 UTC"
        );
        assert_eq!(date(Lang::Ko, "spring 1998"), "spring 1998");
        assert_eq!(date(Lang::Ko, "1998"), "1998");
    }
}
