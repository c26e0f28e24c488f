//! A `Date` tag's value in another form read as `YYYY.MM.DD` ([`normalize_date`]).

use super::code;
use crate::diag::Diagnostic;

/// A `Date` value of a tag, header line or front matter as `YYYY.MM.DD` where it is in another
/// form it can be read from (`None`: keep it as written), with its diagnostic at `line`.
#[inline(never)]
pub(super) fn date_value(value: &str, line: u32, diags: &mut Vec<Diagnostic>) -> Option<String> {
    match normalize_date(value) {
        DateForm::Canonical => None,
        DateForm::Normalized(d) => {
            diags.push(Diagnostic::info(
                code::DATE_FORM,
                line,
                1,
                format!("Date {value:?} read as {d}"),
            ));
            Some(d)
        }
        DateForm::Doubtful(why) => {
            diags.push(Diagnostic::warning(
                code::DATE_FORM,
                line,
                1,
                format!("Date {value:?} kept as written: {why}"),
            ));
            None
        }
    }
}

/// What [`normalize_date`] makes of a `Date` tag.
#[derive(Debug, PartialEq)]
pub(super) enum DateForm {
    /// `YYYY.MM.DD` already (with `?` for unknown digits), or empty.
    Canonical,
    Normalized(String),
    /// Not read for sure; why.
    Doubtful(&'static str),
}

/// A `Date` value in the form of the record format, `YYYY.MM.DD` with `??` for parts not known: year,
/// month, day in that order (`2023-04-15`, `2023/4/15`, `2023.4.15`, `2023年4月15日`,
/// `2023년 4월 15일`, `2023-04`, `2023`), day first before a four-digit year after dots
/// (`15.04.2023`, the European form) or when the day is over 12 (`15/04/2023`), month first when
/// the second number is over 12 (`04/15/2023`), an English month name in any position
/// (`April 15, 2023`, `15 Apr 2023`). Full-width digits are read as digits.
pub(super) fn normalize_date(v: &str) -> DateForm {
    let b = v.as_bytes();
    let dq = |c: u8| c.is_ascii_digit() || c == b'?';
    if v.is_empty()
        || (b.len() == 10
            && b.iter()
                .enumerate()
                .all(|(i, &c)| if i == 4 || i == 7 { c == b'.' } else { dq(c) }))
    {
        return DateForm::Canonical;
    }
    let folded: String = v.trim().chars().map(crate::text::fold_width).collect();
    if folded.is_empty() {
        return DateForm::Canonical;
    }
    // the parts: runs of digits or of `?`, and words (a month's name)
    let mut nums: Vec<String> = Vec::new();
    let mut month_word: Option<(usize, u32)> = None;
    let (mut dots, mut cjk) = (false, false);
    let mut cs = folded.chars().peekable();
    while let Some(&c) = cs.peek() {
        if c.is_ascii_digit() || c == '?' {
            let mut n = String::new();
            while let Some(&d) = cs.peek().filter(|d| d.is_ascii_digit() || **d == '?') {
                n.push(d);
                cs.next();
            }
            nums.push(n);
        } else if c.is_ascii_alphabetic() {
            let mut w = String::new();
            while let Some(&d) = cs.peek().filter(|d| d.is_ascii_alphabetic()) {
                w.push(d.to_ascii_lowercase());
                cs.next();
            }
            let m = MONTHS
                .iter()
                .position(|m| w.len() >= 3 && m.starts_with(&w) || (w.len() == 4 && w == "sept"));
            match (m, month_word) {
                (Some(m), None) => month_word = Some((nums.len(), m as u32 + 1)),
                (None, _) if matches!(w.as_str(), "st" | "nd" | "rd" | "th" | "of") => {}
                _ => return DateForm::Doubtful("a word that is no month"),
            }
        } else {
            match c {
                '.' => dots = true,
                '年' | '月' | '日' | '년' | '월' | '일' => cjk = true,
                '-' | '/' | ' ' | ',' | '·' | '\t' | '号' | '號' => {}
                _ => return DateForm::Doubtful("a character no date form has"),
            }
            cs.next();
        }
    }
    if nums.is_empty() || nums.len() + usize::from(month_word.is_some()) > 3 {
        return DateForm::Doubtful("not a year, month and day");
    }
    let num = |s: &str| -> Option<u32> {
        if s.chars().all(|c| c == '?') {
            None
        } else {
            s.parse().ok()
        }
    };
    let is_year = |s: &str| s.len() == 4;
    // year, month, day as text (`?` parts kept as unknown)
    let (y, m, d): (String, Option<String>, Option<String>);
    if let Some((at, month)) = month_word {
        // `April 15, 2023`, `15 April 2023`, `2023 April 15`, `April 2023`
        let year = nums.iter().position(|n| is_year(n));
        let Some(yi) = year else {
            return DateForm::Doubtful("no four-digit year");
        };
        y = nums[yi].clone();
        m = Some(month.to_string());
        d = nums
            .iter()
            .enumerate()
            .find(|(i, _)| *i != yi)
            .map(|(_, n)| n.clone());
        let _ = at;
    } else if is_year(&nums[0]) {
        y = nums[0].clone();
        m = nums.get(1).cloned();
        d = nums.get(2).cloned();
    } else if nums.len() == 3 && is_year(&nums[2]) && !cjk {
        let (a, bb) = (num(&nums[0]), num(&nums[1]));
        let day_first = if dots {
            true
        } else {
            match (a, bb) {
                (Some(a), Some(b)) if a > 12 && b <= 12 => true,
                (Some(a), Some(b)) if b > 12 && a <= 12 => false,
                (Some(a), Some(b)) if a == b => true,
                _ => return DateForm::Doubtful("day and month could be either way round"),
            }
        };
        y = nums[2].clone();
        let (dd, mm) = if day_first { (0, 1) } else { (1, 0) };
        m = Some(nums[mm].clone());
        d = Some(nums[dd].clone());
    } else {
        return DateForm::Doubtful("no four-digit year first or last");
    }
    let part = |p: &Option<String>, max: u32| -> Result<String, &'static str> {
        match p {
            None => Ok("??".to_string()),
            Some(s) if s.chars().all(|c| c == '?') => Ok("??".to_string()),
            Some(s) => match s.parse::<u32>() {
                Ok(n) if (1..=max).contains(&n) && s.len() <= 2 => Ok(format!("{n:02}")),
                _ => Err("a month or day out of range"),
            },
        }
    };
    if !(y.chars().all(|c| c.is_ascii_digit()) || y.chars().all(|c| c == '?')) {
        return DateForm::Doubtful("a year that is not four digits");
    }
    let (mm, dd) = match (part(&m, 12), part(&d, 31)) {
        (Ok(mm), Ok(dd)) => (mm, dd),
        (Err(e), _) | (_, Err(e)) => return DateForm::Doubtful(e),
    };
    let y = if y.starts_with('?') {
        "????".to_string()
    } else {
        y
    };
    let out = format!("{y}.{mm}.{dd}");
    if out == v {
        DateForm::Canonical
    } else {
        DateForm::Normalized(out)
    }
}

pub(super) const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];
