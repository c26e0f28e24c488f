//! Text the domain gives as parts (a made title, a scope) or stores in English (a result), said in
//! the reader's language. English pages show the domain's own English, byte for byte; the other
//! languages translate the connecting words and keep the names as stored.

use fluent_bundle::FluentValue;

use super::{lang, side_name, tr, tr_args};
use crate::i18n::{self, Lang};
use crate::scope::ScopePart;
use crate::store::labels::{GameLabel, MadeTitle};

/// A listed game's title: the record's, or the one made for it in the reader's language.
pub fn label_title(l: &GameLabel) -> String {
    match &l.made {
        Some(made) if lang() != Lang::En => made_title(made, &l.kind),
        _ => l.title.clone(),
    }
}

fn made_title(t: &MadeTitle, kind: &str) -> String {
    match t {
        MadeTitle::Players {
            names,
            more,
            result,
        } => {
            let players = match (names.len(), more) {
                (_, Some(n)) => tr_args(
                    "title-more-players",
                    &[
                        ("names", names.join(&tr("list-join")).into()),
                        ("n", FluentValue::from(*n)),
                    ],
                ),
                (2, None) => format!("{} – {}", names[0], names[1]),
                _ => names.join(&tr("list-join")),
            };
            match result {
                Some(r) => tr_args(
                    "title-with-result",
                    &[
                        ("players", players.into()),
                        ("result", result_text(kind, r).into()),
                    ],
                ),
                None => players,
            }
        }
        MadeTitle::Event { event, date } => match date {
            Some(d) => format!("{event}, {}", i18n::format::date(lang(), d)),
            None => event.clone(),
        },
        MadeTitle::Numbered { kind, id } => tr_args(
            "title-numbered",
            &[
                ("kind", tr(&format!("kind-{kind}")).into()),
                ("id", id.to_string().into()),
            ],
        ),
    }
}

/// The games a page is limited to, in words (`event X, Y's games as 吴`).
pub fn scope_note(parts: &[ScopePart], kind: &str) -> Option<String> {
    if parts.is_empty() {
        return None;
    }
    let words: Vec<String> = parts
        .iter()
        .map(|p| match p {
            ScopePart::Event(name) => tr_args("scope-event", &[("name", name.clone().into())]),
            ScopePart::Player { name, seat: None } => {
                tr_args("scope-player", &[("name", name.clone().into())])
            }
            ScopePart::Player {
                name,
                seat: Some(s),
            } => tr_args(
                "scope-player-seat",
                &[
                    ("name", name.clone().into()),
                    // as the lists do: English pages keep the record's seat
                    (
                        "seat",
                        if lang() == Lang::En {
                            s.clone()
                        } else {
                            side_name(kind, s)
                        }
                        .into(),
                    ),
                ],
            ),
            ScopePart::Collection(name) => {
                tr_args("scope-collection", &[("name", name.clone().into())])
            }
        })
        .collect();
    Some(words.join(&tr("list-join")))
}

/// A stored result (`Black wins`, `吴胜`, `England survives`, `C 230`…) in the reader's
/// language: the forms the notations write are translated with their sides named in it, others
/// (a seat and a score) shown as stored.
pub fn result_text(kind: &str, result: &str) -> String {
    if lang() == Lang::En {
        return result.to_string();
    }
    let powers = |list: &str| {
        list.split(", ")
            .map(|p| side_name("deluge", p))
            .collect::<Vec<_>>()
            .join(&tr("list-join"))
    };
    let one = |key: &str, name: &str, value: String| tr_args(key, &[(name, value.into())]);
    match kind {
        "wec" | "hotw" => match result {
            "Draw" => tr("result-draw"),
            r => match r.strip_suffix(" wins") {
                Some(side) => one("result-wins", "side", side_name(kind, side)),
                None => r.to_string(),
            },
        },
        "sanguo" => match result.strip_suffix('胜') {
            Some(sides) if !sides.is_empty() => {
                let names: Vec<String> = sides
                    .chars()
                    .map(|c| side_name("sanguo", c.encode_utf8(&mut [0; 4])))
                    .collect();
                one("result-wins", "side", names.join(&tr("list-join")))
            }
            _ => result.to_string(),
        },
        "deluge" => {
            if result == "no survivor" {
                tr("result-no-survivor")
            } else if let Some(p) = result.strip_suffix(" survives") {
                one("result-survives", "power", powers(p))
            } else if let Some(p) = result.strip_suffix(" survive") {
                one("result-survive", "powers", powers(p))
            } else if let Some(p) = result
                .strip_prefix("a draw of ")
                .and_then(|r| r.strip_suffix(" (the record's result)"))
            {
                one("result-record-draw", "powers", powers(p))
            } else if let Some(p) = result.strip_suffix(" wins (the record's result)") {
                one("result-record-wins", "powers", powers(p))
            } else {
                result.to_string()
            }
        }
        _ => result.to_string(),
    }
}

/// The words of Diplomacy's order results (`succeeds`, `bounced`, `no convoy`…) in the reader's
/// language; a word the catalogue lacks as written.
pub fn order_word(word: &str) -> String {
    let key = format!("order-result-{}", word.replace([' ', '_'], "-"));
    if lang() == Lang::En || !i18n::catalog::has(Lang::En, &key) {
        return word.to_string();
    }
    tr(&key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::web::language::within;

    #[test]
    fn results_in_each_language() {
        let r = |l, kind, s| within(l, || result_text(kind, s));
        assert_eq!(r(Lang::En, "wec", "Black wins"), "Black wins");
        assert_eq!(r(Lang::ZhHant, "wec", "White wins"), "白方勝");
        assert_eq!(r(Lang::Ko, "wec", "Draw"), "무승부");
        assert_eq!(r(Lang::ZhHant, "sanguo", "吴胜"), "吳勝");
        assert_eq!(r(Lang::ZhHans, "sanguo", "吴魏胜"), "吴、魏胜");
        assert_eq!(r(Lang::Ko, "sanguo", "蜀胜"), "촉 승");
        assert_eq!(r(Lang::ZhHans, "deluge", "Italy survives"), "意大利幸存");
        assert_eq!(
            r(Lang::ZhHant, "deluge", "England, Turkey survive"),
            "英國、土耳其倖存"
        );
        assert_eq!(r(Lang::Ko, "deluge", "no survivor"), "생존국 없음");
        assert_eq!(r(Lang::Ko, "hotw", "C 230"), "C 230");
        assert_eq!(r(Lang::ZhHant, "hotw", "吳詠詩 (C) wins"), "吳詠詩 (C)勝");
        assert_eq!(within(Lang::Ko, || order_word("no convoy")), "수송 없음");
        assert_eq!(within(Lang::En, || order_word("no_convoy")), "no_convoy");
        assert_eq!(within(Lang::ZhHans, || order_word("no_convoy")), "无人运输");
    }
}
