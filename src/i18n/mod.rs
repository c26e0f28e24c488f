//! Interface languages: English, Traditional Chinese, Simplified Chinese and Korean.
//!
//! The text of every page is in Fluent catalogues under `templates/locales/<lang>/` (compiled into
//! the binary), one key per message; [`catalog`] looks messages up, [`names`] gives the games'
//! names (HotW empires, cards and regions, 三国 sides and pieces, WEC pieces and articles) in the
//! reader's language, [`format`] writes numbers and dates. Stored and searched data never change:
//! only what a page shows does.

pub mod catalog;
pub mod format;
pub mod names;

pub use catalog::{Arg, missing_keys, parse_errors, translate};

/// An interface language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Lang {
    #[default]
    En,
    ZhHant,
    ZhHans,
    Ko,
}

impl Lang {
    pub const ALL: [Lang; 4] = [Lang::En, Lang::ZhHant, Lang::ZhHans, Lang::Ko];

    /// The BCP 47 tag, as `<html lang>`, `?lang=` and the cookie write it.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhHant => "zh-Hant",
            Lang::ZhHans => "zh-Hans",
            Lang::Ko => "ko",
        }
    }

    /// The language's own name, as the switch shows it.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::ZhHant => "繁體中文",
            Lang::ZhHans => "简体中文",
            Lang::Ko => "한국어",
        }
    }

    pub(crate) fn index(self) -> usize {
        self as usize
    }

    /// A language tag as a reader or browser writes it (`zh-TW`, `zh_hk`, `ko-KR`, `zh-Hant`,
    /// `EN-gb`…), or `None` for a language annals has no catalogue for. Chinese of Taiwan, Hong
    /// Kong and Macau is Traditional; of the mainland and Singapore, and a bare `zh`, Simplified.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let tag = tag.trim().replace('_', "-").to_ascii_lowercase();
        let mut parts = tag.split('-');
        match parts.next()? {
            "en" => Some(Lang::En),
            "ko" => Some(Lang::Ko),
            "zh" => {
                let rest: Vec<&str> = parts.collect();
                if rest.contains(&"hant") || rest.iter().any(|r| matches!(*r, "tw" | "hk" | "mo")) {
                    Some(Lang::ZhHant)
                } else {
                    Some(Lang::ZhHans)
                }
            }
            _ => None,
        }
    }

    /// The first language of an `Accept-Language` header (by its `q` weights, then its order)
    /// that annals speaks.
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        let mut tags: Vec<(f32, usize, &str)> = header
            .split(',')
            .enumerate()
            .filter_map(|(i, item)| {
                let mut parts = item.split(';');
                let tag = parts.next()?.trim();
                let q = parts
                    .find_map(|p| p.trim().strip_prefix("q="))
                    .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())?;
                (q > 0.0 && !tag.is_empty()).then_some((q, i, tag))
            })
            .collect();
        tags.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        tags.into_iter().find_map(|(_, _, t)| Lang::from_tag(t))
    }
}

#[cfg(test)]
mod tests {
    use super::Lang;

    #[test]
    fn tags_and_headers() {
        assert_eq!(Lang::from_tag("zh-TW"), Some(Lang::ZhHant));
        assert_eq!(Lang::from_tag("zh-HK"), Some(Lang::ZhHant));
        assert_eq!(Lang::from_tag("zh-MO"), Some(Lang::ZhHant));
        assert_eq!(Lang::from_tag("zh-Hant-TW"), Some(Lang::ZhHant));
        assert_eq!(Lang::from_tag("zh-CN"), Some(Lang::ZhHans));
        assert_eq!(Lang::from_tag("zh-SG"), Some(Lang::ZhHans));
        assert_eq!(Lang::from_tag("zh"), Some(Lang::ZhHans));
        assert_eq!(Lang::from_tag("ko-KR"), Some(Lang::Ko));
        assert_eq!(Lang::from_tag("fr"), None);
        assert_eq!(
            Lang::from_accept_language("fr-FR, de;q=0.9, zh-TW;q=0.8, en;q=0.7"),
            Some(Lang::ZhHant)
        );
        assert_eq!(
            Lang::from_accept_language("en;q=0.5, ko;q=0.9"),
            Some(Lang::Ko)
        );
        assert_eq!(Lang::from_accept_language("fr, de"), None);
        assert_eq!(
            Lang::from_accept_language("zh-CN,zh;q=0.9"),
            Some(Lang::ZhHans)
        );
    }
}
