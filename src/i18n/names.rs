//! The games' own names in the reader's language: HotW empires, event cards and regions (by their
//! notation codes), 三国 sides and pieces (by the notation's characters), WEC pieces and articles
//! (by their codes), Diplomacy's powers (by their English names). The tables are the
//! `names-*.ftl` files of each catalogue, which name their sources. A code no table knows is shown
//! as written.

use super::{Lang, catalog};

/// The kinds of name a page shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    HotwEmpire,
    HotwCard,
    HotwRegion,
    SanguoSide,
    SanguoPiece,
    WecPiece,
    WecArticle,
    /// Diplomacy's (and Deluge's) seven powers, by their English names.
    DiplomacyPower,
}

impl Family {
    fn prefix(self) -> &'static str {
        match self {
            Family::HotwEmpire => "hotw-empire-",
            Family::HotwCard => "hotw-card-",
            Family::HotwRegion => "hotw-region-",
            Family::SanguoSide => "sanguo-side-",
            Family::SanguoPiece => "sanguo-piece-",
            Family::WecPiece => "wec-piece-",
            Family::WecArticle => "wec-article-",
            Family::DiplomacyPower => "diplomacy-power-",
        }
    }
}

/// 三国's sides and pieces by the notation's (simplified) characters and the traditional or
/// xiangqi forms records also write.
fn sanguo_key(family: Family, code: &str) -> Option<&'static str> {
    Some(match (family, code) {
        (Family::SanguoSide, "吴" | "吳") => "wu",
        (Family::SanguoSide, "魏") => "wei",
        (Family::SanguoSide, "蜀") => "shu",
        (Family::SanguoSide, "汉" | "漢") => "han",
        (Family::SanguoPiece, "车" | "車" | "俥") => "chariot",
        (Family::SanguoPiece, "马" | "馬" | "傌") => "horse",
        (Family::SanguoPiece, "炮" | "砲" | "包") => "cannon",
        (Family::SanguoPiece, "相" | "象") => "elephant",
        (Family::SanguoPiece, "士" | "仕") => "advisor",
        (Family::SanguoPiece, "将" | "將" | "帅" | "帥") => "general",
        (Family::SanguoPiece, "兵" | "卒") => "soldier",
        _ => return None,
    })
}

/// The Fluent id of a name, if the code can be one (letters, digits, `-`, `_`).
fn key(family: Family, code: &str) -> Option<String> {
    if matches!(family, Family::SanguoSide | Family::SanguoPiece) {
        return sanguo_key(family, code).map(|k| format!("{}{k}", family.prefix()));
    }
    let ok = !code.is_empty()
        && code.len() <= 32
        && code
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    ok.then(|| format!("{}{code}", family.prefix()))
}

/// The name of `code` in `lang`, or `code` itself when no table has it.
pub fn name(lang: Lang, family: Family, code: &str) -> String {
    match key(family, code) {
        Some(k) if catalog::has(Lang::En, &k) => catalog::translate(lang, &k, &[]),
        _ => code.to_string(),
    }
}

/// Does a table know `code`?
pub fn known(family: Family, code: &str) -> bool {
    key(family, code).is_some_and(|k| catalog::has(Lang::En, &k))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_each_language() {
        assert_eq!(name(Lang::ZhHant, Family::HotwEmpire, "Rome"), "羅馬");
        assert_eq!(name(Lang::ZhHans, Family::HotwEmpire, "Rome"), "罗马");
        assert_eq!(name(Lang::En, Family::SanguoSide, "吴"), "Wu");
        assert_eq!(name(Lang::ZhHant, Family::SanguoSide, "吴"), "吳");
        assert_eq!(name(Lang::ZhHant, Family::SanguoPiece, "炮"), "砲");
        assert_eq!(name(Lang::En, Family::HotwEmpire, "Nowhere"), "Nowhere");
        assert_eq!(name(Lang::Ko, Family::SanguoSide, "x"), "x");
        assert_eq!(
            name(Lang::ZhHant, Family::DiplomacyPower, "Italy"),
            "義大利"
        );
        assert_eq!(name(Lang::Ko, Family::DiplomacyPower, "Turkey"), "터키");
    }
}
