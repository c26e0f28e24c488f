//! Standard Diplomacy records: a record that starts at any phase from the judges' `Starting
//! position for …` block and its `Ownership of supply centers:` block, the standard start when
//! the record gives none, and the game names that say standard Diplomacy.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use annals_import::deluge::DelugeGame;
use annals_import::{Body, Kind, Severity, detect_kind, parse_game, record};

fn import(text: &str) -> (DelugeGame, Vec<annals_import::Diagnostic>) {
    let mut raws = record::split_games(text);
    assert_eq!(raws.len(), 1);
    let raw = raws.remove(0);
    let (kind, _) = detect_kind(&raw, Some("dip"), None);
    let (kind, _) = kind.unwrap();
    assert_eq!(kind, Kind::Deluge);
    let parsed = parse_game(&raw, kind);
    let Body::Deluge(g) = parsed.body else {
        panic!("not a Diplomacy game")
    };
    (g, parsed.diagnostics)
}

/// The order's result: `succeeds`, or the reason it fails.
fn result(g: &DelugeGame, notation: &str) -> String {
    let o = g
        .orders
        .iter()
        .find(|o| o.notation.trim_end_matches('.') == notation)
        .unwrap_or_else(|| panic!("no order {notation:?}"));
    match o.result.as_deref() {
        Some("fails") => o.reason.clone().unwrap_or_default(),
        r => r.unwrap_or_default().to_string(),
    }
}

const FALL_1905: &str = r#"[Game "Diplomacy"]
[Event "Starting in the fall"]

Starting position for Fall of 1905

Austria:  Army Budapest, Army Serbia, Fleet Trieste.
England:  Fleet St Petersburg (north coast), F Nwy, A Fin.
Russia:   A Mos, A War, F Sev.
Turkey:   F Ank, Army Bulgaria, F Bla, A Rum.

Ownership of supply centers:

Austria:   Budapest, Serbia, Trieste, Vienna.
England:   Edinburgh, London, Liverpool, Norway, St Petersburg.
Russia:    Moscow, Sevastopol, Warsaw.
Turkey:    Ankara, Bulgaria, Constantinople, Rumania, Smyrna.

Fall of 1905

Austria:  A Bud -> Rum, A Ser S A Bud -> Rum, F Tri -> Alb.
England:  F StP/nc -> Bar, A Fin -> StP.
Russia:   A Mos -> StP, F Sev S A Rum.
Turkey:   F Bla -> Sev, A Bul S F Bla -> Sev.

Winter of 1905

Austria:  Builds an army in Vienna.
"#;

#[test]
fn a_record_starting_in_fall_1905_is_adjudicated_from_there() {
    let (g, diags) = import(FALL_1905);
    let serious: Vec<_> = diags
        .iter()
        .filter(|d| d.severity != Severity::Info)
        .collect();
    assert!(serious.is_empty(), "{serious:#?}");
    assert_eq!(g.variant.as_deref(), Some("standard"));
    // Austria's supported attack dislodges the Turkish army in Rumania (Russia's hold support
    // is cut by Turkey's attack on Sevastopol).
    assert_eq!(result(&g, "A Bud -> Rum"), "succeeds");
    assert_eq!(result(&g, "F Sev S A Rum"), "cut");
    assert_eq!(result(&g, "F Bla -> Sev"), "bounced");
    // Turkey's unit in Rumania holds (no order) and is dislodged.
    assert_eq!(result(&g, "F Tri -> Alb"), "succeeds");
    // England and Russia bounce in St Petersburg; the fleet leaves for Barents.
    assert_eq!(result(&g, "A Fin -> StP"), "bounced");
    assert_eq!(result(&g, "A Mos -> StP"), "bounced");
    assert_eq!(result(&g, "F StP/nc -> Bar"), "succeeds");
    // After the fall, the centres follow the units: Rumania is Austria's.
    assert_eq!(result(&g, "Builds an army in Vienna"), "succeeds");
    let last = g.centres.last().expect("the winter's centres");
    assert_eq!(last.year, 1905);
    assert!(last.owners["Austria"].contains(&"rum".to_string()));
    assert_eq!(last.counts["Turkey"], 4);
}

#[test]
fn a_standard_record_without_a_start_starts_from_the_rulebook() {
    for name in ["Diplomacy", "Standard", "Classic"] {
        let text = format!(
            "[Game \"{name}\"]\n\nSpring 1901\nEngland: F Lon-Nth, F Edi-Nwg, A Lvp-Yor\nGermany: A Mun-Bur\nFrance: A Par-Bur\n"
        );
        let (g, diags) = import(&text);
        assert_eq!(g.variant.as_deref(), Some("standard"), "{name}");
        assert!(
            !diags.iter().any(|d| d.code == "deluge.no-unit"),
            "{name}: {diags:#?}"
        );
        assert_eq!(result(&g, "F Lon-Nth"), "succeeds");
        assert_eq!(result(&g, "A Mun-Bur"), "bounced");
        assert!(g.deluge.is_empty(), "no Deluge schedule in a standard game");
    }
}

#[test]
fn a_dislodged_unit_may_not_retreat_to_the_attackers_origin() {
    let text = "[Game \"Diplomacy\"]\n\nStarting position for Spring of 1901\n\nRussia: F Con, F Bla.\nTurkey: F Ank.\n\nSpring 1901\nRussia: F Con S F Bla-Ank, F Bla-Ank\n\nSpring 1901 Retreats\nTurkey: F Ank-Bla\n";
    let (g, _) = import(text);
    assert_eq!(result(&g, "F Bla-Ank"), "succeeds");
    assert_eq!(result(&g, "F Ank-Bla"), "void");
}

#[test]
fn results_say_succeeds_or_fails_with_a_reason_and_the_retreats() {
    let text = "[Game \"Diplomacy\"]\n\nStarting position for Spring of 1901\n\nGermany: A Mun, A Ruh.\nFrance: A Bur, A Par.\nItaly: A Tyr, A Pie.\n\nSpring 1901\nGermany: A Mun-Bur, A Ruh S A Mun-Bur\nFrance: A Bur H, A Par-Pic\nItaly: A Tyr-Mun, A Pie-Mar\n";
    let (g, _) = import(text);
    let find = |n: &str| g.orders.iter().find(|o| o.notation == n).unwrap();
    assert_eq!(find("A Mun-Bur").result.as_deref(), Some("succeeds"));
    assert_eq!(find("A Mun-Bur").reason, None);
    let bur = find("A Bur H");
    assert_eq!(bur.result.as_deref(), Some("fails"));
    assert_eq!(bur.reason.as_deref(), Some("dislodged"));
    // not Munich (the attacker's origin), Ruhr and Picardy (occupied), Marseilles (Italy's)
    let want: Vec<String> = ["bel", "gas", "par"].map(String::from).to_vec();
    assert_eq!(bur.retreats.as_ref(), Some(&want));
    assert_eq!(find("A Tyr-Mun").result.as_deref(), Some("succeeds"));
}

#[test]
fn an_untagged_dip_file_with_a_starting_position_is_standard() {
    let text = "Starting position for Spring of 1901\n\nTurkey:   F Ank, A Con.\nRussia:   F Sev.\n\nSpring 1901\nTurkey: F Ank-Bla, A Con-Bul\nRussia: F Sev-Bla\n";
    let (g, _) = import(text);
    assert_eq!(g.variant.as_deref(), Some("standard"));
    assert_eq!(result(&g, "F Ank-Bla"), "bounced");
    assert_eq!(result(&g, "A Con-Bul"), "succeeds");
}
