//! The units after each phase of a Diplomacy game (`DelugeGame::units_after`), rebuilt from the
//! board's changes the replay logs: after builds, moves, a dislodgement and its retreat, on a
//! coast; and a long record logs changes in proportion to its orders, not a board a phase.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use annals_import::deluge::DelugeGame;
use annals_import::{Body, Kind, parse_game, record};

fn game(text: &str) -> DelugeGame {
    let raw = record::split_games(text).remove(0);
    let Body::Deluge(g) = parse_game(&raw, Kind::Deluge).body else {
        panic!("not a Diplomacy game")
    };
    g
}

/// Each phase's units as `England F Lon`, in the order given.
fn boards(g: &DelugeGame) -> Vec<(String, Vec<String>)> {
    g.units_after(0..g.phases.len())
        .into_iter()
        .zip(&g.phases)
        .map(|(units, p)| {
            let v = units
                .iter()
                .map(|u| format!("{} {} {}", u.power, u.unit, u.at))
                .collect();
            (p.phase.clone(), v)
        })
        .collect()
}

#[test]
fn units_after_builds_moves_and_a_retreat() {
    let g = game(
        "[Game \"Deluge\"]

Winter 1900
Germany: Build A Mun, Build A Ber
France: Build A Par, Build A Mar

Spring 1901
Germany: A Mun-Bur, A Ber-Kie
France: A Par H, A Mar H

Fall 1901
France: A Par-Bur, A Mar S A Par-Bur
Germany: A Bur H, A Kie H

Fall 1901 Retreats
Germany: A Bur-Ruh
",
    );
    let b = boards(&g);
    let want: Vec<(&str, Vec<&str>)> = vec![
        (
            "W1900A",
            vec![
                "France A mar",
                "France A par",
                "Germany A ber",
                "Germany A mun",
            ],
        ),
        (
            "S1901M",
            vec![
                "France A mar",
                "France A par",
                "Germany A bur",
                "Germany A kie",
            ],
        ),
        // Burgundy is France's; the German army waits for its retreat
        (
            "F1901M",
            vec!["France A bur", "France A mar", "Germany A kie"],
        ),
        (
            "F1901R",
            vec![
                "France A bur",
                "France A mar",
                "Germany A kie",
                "Germany A ruh",
            ],
        ),
    ];
    let got: Vec<(&str, Vec<&str>)> = b
        .iter()
        .map(|(p, v)| (p.as_str(), v.iter().map(String::as_str).collect()))
        .collect();
    assert_eq!(got, want);
    assert!(g.phases.iter().all(|p| p.position_known));
    // a part of the game: the same boards
    let part = g.units_after(1..3);
    assert_eq!(part.len(), 2);
    assert_eq!(part[1].len(), 3);
    assert_eq!(part[1][0].at, "bur");
}

#[test]
fn a_fleet_stands_on_its_coast() {
    let g = game(
        "[Game \"Diplomacy\"]

Starting position for Spring of 1901

Russia: F StP (south coast), A Mos.

Spring of 1901

Russia: F StP/sc H, A Mos H.

Fall of 1901

Russia: F StP/sc -> Bot, A Mos H.
",
    );
    let b = boards(&g);
    assert_eq!(b[0].1, ["Russia A mos", "Russia F stp/sc"]);
    assert_eq!(b[1].1, ["Russia F bot", "Russia A mos"]);
}

#[test]
fn a_long_record_logs_changes_not_boards() {
    let mut text = String::from("[Game \"Deluge\"]\n\nWinter 1900\n");
    text.push_str("England: Build F Lon, Build F Edi, Build A Lvp\n");
    text.push_str("France: Build A Par, Build A Mar, Build F Bre\n");
    for year in 1901..=1908 {
        for season in ["Spring", "Fall"] {
            text.push_str(&format!(
                "\n{season} {year}\nFrance: A Par H, A Mar H, F Bre H\n"
            ));
        }
    }
    let g = game(&text);
    assert_eq!(g.phases.len(), 17);
    // the six builds, then the English fleets and army that drown or stay: never a board a phase
    assert!(g.unit_changes.len() <= 12, "{:?}", g.unit_changes);
    let last = g.units_after(16..17);
    assert_eq!(last.len(), 1);
}
