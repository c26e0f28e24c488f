//! Standard Diplomacy through the service: `annals import` of a `[Game "Diplomacy"]` record that
//! starts from a judges' starting position, its game page and `/api/games/{id}`, each order's
//! result with the reason it failed and where a dislodged unit may retreat.

use crate::support::Archive;

const RECORD: &str = r#"[Game "Diplomacy"]
[Event "Club night"]
[Date "2024.03.01"]

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
Turkey:   F Bla -> Sev, A Bul S F Bla -> Sev, A Rum H.
"#;

#[test]
fn a_standard_game_imports_and_shows_its_results() {
    let a = Archive::new();
    let f = a.file("club.dip", RECORD);
    let (code, out, err) = a.cli(&["import", f.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}\n{err}");
    let srv = a.serve();
    let list = srv.get("/api/games?kind=deluge").json();
    let id = list["games"][0]["id"].as_i64().expect("the game");
    let doc = srv.get(&format!("/api/games/{id}")).json();
    assert_eq!(doc["variant"], "standard", "{doc}");
    let moves = doc["moves"].as_array().expect("moves");
    let find = |n: &str| {
        moves
            .iter()
            .find(|m| m["notation"].as_str().unwrap().trim_end_matches('.') == n)
            .unwrap_or_else(|| panic!("no {n} in {doc}"))
    };
    assert_eq!(find("A Bud -> Rum")["result"], "succeeds");
    assert_eq!(find("A Mos -> StP")["result"], "fails");
    assert_eq!(find("A Mos -> StP")["reason"], "bounced");
    let rum = find("A Rum H");
    assert_eq!(rum["reason"], "dislodged");
    assert!(rum["retreats"].is_array(), "{rum}");
    let page = srv.get(&format!("/games/{id}"));
    assert_eq!(page.status, 200);
    assert!(
        page.body.contains("fails (bounced)"),
        "the page shows the reason"
    );
    assert!(page.body.contains("fails (dislodged)"));
    assert!(page.body.contains("may retreat to"));
    assert!(
        !doc["diagnostics"].to_string().contains("report-skipped"),
        "the ownership block is read"
    );
}
