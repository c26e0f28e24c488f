//! Records as other clubs' transcribers write them: tag habits, `Game` tag spellings, tag-less
//! bodies recognised by their notation. (Deluge's lenient reading is in `deluge.rs`.)

#![allow(clippy::unwrap_used, clippy::expect_used)]

use annals_import::{Kind, KindSource, detect_kind, kind_from_game_name, record, sniff};

fn kind_of(text: &str, ext: Option<&str>) -> (Option<Kind>, Vec<String>) {
    let g = record::split_games(text);
    let (k, d) = detect_kind(&g[0], ext, None);
    (k.map(|(k, _)| k), d.into_iter().map(|d| d.code).collect())
}

#[test]
fn game_tag_spellings_name_their_kind() {
    for (v, k) in [
        ("History of the World (Avalon Hill)", Kind::Hotw),
        ("History Of The World, 1993 edition", Kind::Hotw),
        ("A Brief History of the World", Kind::Hotw),
        ("Three Kingdoms", Kind::Sanguo),
        ("三国演义棋", Kind::Sanguo),
        ("三國演義棋", Kind::Sanguo),
        ("三国演弈棋（第二版）", Kind::Sanguo),
        ("Weaponized-Chess", Kind::Wec),
        ("Weaponised Chess", Kind::Wec),
        ("WEC 2.1", Kind::Wec),
        ("Deluge II", Kind::Deluge),
        ("Diplomacy: Deluge", Kind::Deluge),
        ("Diplomacy (Deluge variant)", Kind::Deluge),
    ] {
        assert_eq!(kind_from_game_name(v), Some(k), "{v}");
        let (got, codes) = kind_of(&format!("[Game \"{v}\"]\n\nbody\n"), None);
        assert_eq!(got, Some(k), "{v}");
        assert_eq!(codes, vec![record::code::KIND_TAG_ALIAS.to_string()], "{v}");
    }
    for v in ["Chess", "Go", "Diplomacy Standard", ""] {
        assert_eq!(kind_from_game_name(v), None, "{v}");
    }
    // the contract's own names are read without a diagnostic
    let g = record::split_games("[Game \"三國演弈棋\"]\n\nbody\n");
    let (k, d) = detect_kind(&g[0], None, None);
    assert_eq!(k, Some((Kind::Sanguo, KindSource::Tag)));
    assert!(d.is_empty());
}

#[test]
fn tagless_bodies_are_recognised_as_others_write_them() {
    // full-width parentheses and colon in a HotW turn header
    assert_eq!(sniff("A（Sumer）：Lead\nLTig→Zag 5"), Some(Kind::Hotw));
    // WEC written in lower case is still WEC (the parser reports what it cannot read)
    assert_eq!(
        sniff("mv:ta(3,1)->(4,1)\nmv:ta(8,1)->(7,1)"),
        Some(Kind::Wec)
    );
    // a judge's Deluge report and the seed's `W 1901` season form
    assert_eq!(
        sniff(
            "Movement results for Spring of 1901.  (deluge07/S1901M)\n\nAustria:  Army Budapest -> Serbia."
        ),
        Some(Kind::Deluge)
    );
    assert_eq!(sniff("W 1900\nEngland: Build F Lon"), Some(Kind::Deluge));
}

#[test]
fn a_tag_written_with_a_colon_does_not_split_the_game() {
    let text = "[Game \"HotW\"]\n[Site: \"Kowloon\"]\n[Date \"1995.03.01\"]\n\nEI\nA(Sumer): LTig-->Zag 5\n";
    let g = record::split_games(text);
    assert_eq!(g.len(), 1);
    assert_eq!(g[0].tag("Site"), Some("Kowloon"));
    assert_eq!(g[0].tag("Date"), Some("1995.03.01"));
    assert_eq!(g[0].body_line, 5);
    assert_eq!(g[0].diagnostics.len(), 1);
    assert_eq!(g[0].diagnostics[0].code, record::code::TAG_MALFORMED);
    assert_eq!(g[0].diagnostics[0].line, 2);
}

/// The HotW alias rows added for other transcribers' names (import/data/hotw/aliases.csv): each
/// resolves to its appendix code with an info, and `French` follows the epoch as `Fran` does.
#[test]
fn hotw_names_other_transcribers_write() {
    use annals_import::hotw;
    use annals_import::model::Ctx;
    let body = "EIV\nA(Byzantium): Weapons, Treach(Lev)\nBalk-->WAna 10\n\
                EV\nB(French): Lead\nNGaul-->WGaul 12\nC(Seljuks): Lead\nTurP-->Hin 9\n\
                EVI\nD(Ottomans): Lead\nWAna-->Balk 20\nE(Timurids): Lead\nTurP-->Yangtze, Hokkaido 20\n\
                EVII\nF(French): Lead\nNGaul-->WGaul 30\nA(Dutch): Lead\nLRhi-->NGaul 31\n";
    let p = hotw::parse(
        body,
        &Ctx {
            first_line: 1,
            tags: &[],
        },
    );
    let empires: Vec<(&str, u8)> = p.game.turns.iter().map(|t| (&*t.empire, t.epoch)).collect();
    assert_eq!(
        empires,
        vec![
            ("Byz", 4),
            ("Frank", 5),
            ("Sel", 5),
            ("Otto", 6),
            ("Tim", 6),
            ("Fran", 7),
            ("Neth", 7)
        ]
    );
    let cards: Vec<&str> = p.game.turns[0].cards.iter().map(|c| &*c.card).collect();
    assert_eq!(cards, vec!["Wea", "Trea"]);
    let to: Vec<&str> = p.game.turns[4].expansions.iter().map(|e| &*e.to).collect();
    assert_eq!(to, vec!["Yang", "Hok"]);
    assert!(
        p.diagnostics
            .iter()
            .all(|d| d.severity == annals_import::Severity::Info),
        "{:?}",
        p.diagnostics
    );
}
