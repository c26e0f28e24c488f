//! Loading the tables from the CSV files compiled in.

use super::Tables;
use super::index::{fold_key, with_key};
use super::roman::roman;
use super::rows::{Card, Empire, Region, RegionType};

const REGIONS_CSV: &str = include_str!("../../../data/hotw/regions.csv");
const EMPIRES_CSV: &str = include_str!("../../../data/hotw/empires.csv");
const CARDS_CSV: &str = include_str!("../../../data/hotw/cards.csv");
const ALIASES_CSV: &str = include_str!("../../../data/hotw/aliases.csv");

pub(super) fn rows(text: &str) -> Vec<Vec<String>> {
    let mut rdr = csv::ReaderBuilder::new()
        .comment(Some(b'#'))
        .flexible(true)
        .trim(csv::Trim::All)
        .has_headers(true)
        .from_reader(text.as_bytes());
    rdr.records()
        .filter_map(Result::ok)
        .map(|r| r.iter().map(str::to_string).collect())
        .collect()
}

fn col(r: &[String], i: usize) -> &str {
    r.get(i).map(String::as_str).unwrap_or("")
}

fn epochs(s: &str) -> (u8, u8) {
    if s.eq_ignore_ascii_case("ALL") {
        return (1, 7);
    }
    match s.split_once('-') {
        Some((a, b)) => (roman(a.trim()).unwrap_or(1), roman(b.trim()).unwrap_or(7)),
        None => roman(s).map(|e| (e, e)).unwrap_or((1, 7)),
    }
}

impl Tables {
    pub(super) fn load() -> Tables {
        let mut t = Tables::default();
        for r in rows(REGIONS_CSV) {
            let kind = match col(&r, 3) {
                "sea" => RegionType::Sea,
                "wasteland" => RegionType::Wasteland,
                _ => RegionType::Land,
            };
            let row = t.regions.len();
            t.region_ix.add_code(col(&r, 0), col(&r, 1), row);
            if kind == RegionType::Land {
                t.areas.insert(fold_key(col(&r, 2)), col(&r, 2).to_string());
            }
            t.regions.push(Region {
                code: col(&r, 0).to_string(),
                name: col(&r, 1).to_string(),
                area: col(&r, 2).to_string(),
                kind,
            });
        }
        for r in rows(EMPIRES_CSV) {
            let row = t.empires.len();
            t.empire_ix.add_code(col(&r, 0), col(&r, 1), row);
            t.empires.push(Empire {
                code: col(&r, 0).to_string(),
                name: col(&r, 1).to_string(),
                epoch: col(&r, 2).parse().unwrap_or(0),
                minor: col(&r, 3) == "true",
            });
        }
        for r in rows(CARDS_CSV) {
            let row = t.cards.len();
            let (first, last) = epochs(col(&r, 3));
            t.card_ix.add_code(col(&r, 0), col(&r, 1), row);
            t.cards.push(Card {
                code: col(&r, 0).to_string(),
                name: col(&r, 1).to_string(),
                class: col(&r, 2).to_string(),
                first,
                last,
            });
        }
        for r in rows(ALIASES_CSV) {
            let (alias, canon, kind, note) = (col(&r, 0), col(&r, 1), col(&r, 2), col(&r, 3));
            let epoch = roman(col(&r, 4));
            // an area's other name (appendix 1's Chinese headings: 中東 for ME)
            if kind == "area" {
                if let Some(a) = t.areas.values().find(|a| a.as_str() == canon).cloned() {
                    t.areas.insert(fold_key(alias), a);
                }
                continue;
            }
            let ix = match kind {
                "region" => &mut t.region_ix,
                "empire" => &mut t.empire_ix,
                "card" => &mut t.card_ix,
                _ => continue,
            };
            if let Some(&row) = ix.code.get(canon) {
                ix.add_alias(alias, row, note, epoch);
            }
        }
        t.region_ix.finish();
        t.empire_ix.finish();
        t.card_ix.finish();
        t.region_is_card = t
            .regions
            .iter()
            .map(|r| t.card(&r.code, false).is_some())
            .collect();
        let keyword =
            |code: &str| with_key(code, false, |k| matches!(k, "civil" | "king" | "kingdom"));
        t.region_opens_moves = t
            .regions
            .iter()
            .zip(&t.region_is_card)
            .map(|(r, &card)| {
                let seat = r.code.len() == 1
                    && r.code
                        .as_bytes()
                        .first()
                        .is_some_and(|b| (b'A'..=b'F').contains(b));
                !card && !keyword(&r.code) && !seat
            })
            .collect();
        t.card_is_plain = t.cards.iter().map(|c| !keyword(&c.code)).collect();
        t
    }
}
