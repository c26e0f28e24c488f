//! Feature tests of the HotW notation parser (the HotW notation): one test per notation feature, plus the
//! numbers of the appendix-4 game.

// A failed lookup in a test is a test failure: `expect` says which.
#![allow(clippy::expect_used, clippy::unwrap_used)]

use annals_import::diag::Severity;
use annals_import::hotw::tables::{RegionType, TABLES};
use annals_import::hotw::{self, HotwGame, Turn};
use annals_import::model::{Ctx, Parsed};
use annals_import::{Body, Kind, ParsedGame, parse_game, record};

const APPENDIX4: &str = include_str!("records/hotw/appendix4.hotw");
const PAUSE: &str = include_str!("records/hotw/pause.hotw");
const CHAPTERS: &str = include_str!("records/hotw/chapters.hotw");
const QUIRKS: &str = include_str!("records/hotw/quirks.hotw");
const MALFORMED: &str = include_str!("records/hotw/malformed.hotw");
const TRANSCRIBERS: &str = include_str!("records/hotw/epoch-and-card-forms.hotw");

/// Parses a body that starts on file line 1, with no tags.
fn p(body: &str) -> Parsed<HotwGame> {
    let ctx = Ctx {
        first_line: 1,
        tags: &[],
    };
    hotw::parse(body, &ctx)
}

/// The games of a record file, parsed as HotW.
fn games(text: &str) -> Vec<ParsedGame> {
    record::split_games(text)
        .iter()
        .map(|raw| parse_game(raw, Kind::Hotw))
        .collect()
}

/// Every game of `gs` read without an error diagnostic.
fn assert_no_errors(gs: &[ParsedGame]) {
    for g in gs {
        assert!(
            g.diagnostics.iter().all(|d| d.severity != Severity::Error),
            "{:?}",
            g.diagnostics
        );
    }
}

fn hotw_of(g: &ParsedGame) -> &HotwGame {
    match &g.body {
        Body::Hotw(h) => h,
        other => panic!("not a HotW body: {other:?}"),
    }
}

fn has(p: &Parsed<HotwGame>, code: &str) -> bool {
    p.diagnostics.iter().any(|d| d.code == code)
}

fn count(p: &Parsed<HotwGame>, code: &str) -> usize {
    p.diagnostics.iter().filter(|d| d.code == code).count()
}

fn sev(p: &Parsed<HotwGame>, code: &str) -> Option<Severity> {
    p.diagnostics
        .iter()
        .find(|d| d.code == code)
        .map(|d| d.severity)
}

fn legs(t: &Turn) -> Vec<String> {
    t.expansions
        .iter()
        .map(|e| {
            let via = if e.via.is_empty() {
                String::new()
            } else {
                format!("({})", e.via.join(","))
            };
            format!("{}{}>{}", e.from, via, e.to)
        })
        .collect()
}

fn region_known(code: &str) -> bool {
    TABLES.regions.iter().any(|r| r.code == code)
}

#[test]
fn appendix4_numbers() {
    let gs = games(APPENDIX4);
    assert_eq!(gs.len(), 1);
    let g = &gs[0];
    let h = hotw_of(g);
    assert_eq!(h.turns.len(), 49, "empire turns");
    assert_eq!(
        h.turns.iter().filter(|t| t.minor).count(),
        7,
        "minor empire turns"
    );
    assert_eq!(
        h.turns.iter().filter(|t| t.score.is_some()).count(),
        42,
        "recorded scores"
    );
    let minors: Vec<&str> = h
        .turns
        .iter()
        .filter(|t| t.minor)
        .map(|t| t.empire.as_ref())
        .collect();
    assert_eq!(
        minors,
        ["Hit", "Phon", "Maya", "Ang", "Fuji", "Sava", "Jap"]
    );
    assert!(
        h.turns
            .iter()
            .filter(|t| t.minor)
            .all(|t| t.score.is_none() && t.gain.is_none())
    );
    let mut finals = std::collections::BTreeMap::new();
    for t in &h.turns {
        if let Some(s) = t.score {
            finals.insert(t.player.to_string(), s);
        }
    }
    let finals: Vec<(String, i64)> = finals.into_iter().collect();
    assert_eq!(
        finals,
        [
            ("A", 136),
            ("B", 134),
            ("C", 230),
            ("D", 136),
            ("E", 149),
            ("F", 159)
        ]
        .map(|(a, b)| (a.to_string(), b))
        .to_vec()
    );
    let out = g.outcome.as_ref().expect("outcome");
    assert_eq!(out.winners, ["C"]);
    assert_eq!(out.summary, "C 230");
    assert_eq!(g.players.len(), 6);
    assert_eq!(g.players[3].color.as_deref(), Some("Deep"));
    // the appendix-4 record reads without an error
    assert!(
        g.diagnostics.iter().all(|d| d.severity != Severity::Error),
        "{:?}",
        g.diagnostics
    );
    // empires per epoch: 7 turns in each of the seven epochs
    for e in 1..=7u8 {
        assert_eq!(
            h.turns.iter().filter(|t| t.epoch == e).count(),
            7,
            "turns of epoch {e}"
        );
    }
    // first and last turns
    assert_eq!(
        (h.turns[0].player.as_ref(), h.turns[0].empire.as_ref()),
        ("C", "Hit")
    );
    let last = h.turns.last().expect("turns");
    assert_eq!(
        (last.empire.as_ref(), last.score, last.gain),
        ("Germ", Some(230), Some(44))
    );
    assert_eq!(h.checkpoints.len(), 2);
}

#[test]
fn appendix4_every_name_resolves_or_is_reported() {
    let g = &games(APPENDIX4)[0];
    let h = hotw_of(g);
    let reported = |name: &str| {
        g.diagnostics
            .iter()
            .any(|d| d.code == "hotw.region-unknown" && d.message.contains(&format!("\"{name}\"")))
    };
    let mut names: Vec<&str> = Vec::new();
    for t in &h.turns {
        for e in &t.expansions {
            names.push(&e.from);
            names.push(&e.to);
            names.extend(e.via.iter().map(|v| v.as_ref()));
        }
        for b in &t.builds {
            names.push(&b.region);
        }
        for c in &t.cards {
            names.extend(c.targets.iter().map(|x| x.region.as_str()));
            names.extend(c.builds.iter().map(|x| x.region.as_ref()));
            assert!(!c.name.is_empty(), "card {} resolved", c.card);
        }
        assert!(!t.empire.is_empty());
    }
    for cp in &h.checkpoints {
        names.extend(cp.holdings.iter().map(|x| x.region.as_str()));
    }
    assert!(names.len() > 300);
    let unknown: Vec<&str> = names.iter().copied().filter(|n| !region_known(n)).collect();
    assert_eq!(
        unknown,
        ["GPA", "Sei", "Sei"],
        "only the notation's own unreadable names stay unresolved"
    );
    assert!(unknown.iter().all(|n| reported(n)));
    // every via is a sea
    for t in &h.turns {
        for e in &t.expansions {
            for v in &e.via {
                assert!(
                    TABLES
                        .regions
                        .iter()
                        .any(|r| &r.code == v && r.kind == RegionType::Sea),
                    "{v}"
                );
            }
        }
    }
}

#[test]
fn appendix4_epoch_inference() {
    let g = &games(APPENDIX4)[0];
    let h = hotw_of(g);
    let inferred: Vec<u32> = g
        .diagnostics
        .iter()
        .filter(|d| d.code == "hotw.epoch-inferred")
        .map(|d| d.line)
        .collect();
    let fuji = h.turns.iter().find(|t| t.empire == "Fuji").expect("Fuji");
    assert_eq!(
        inferred,
        [h.turns[0].line, fuji.line],
        "no EI header; EV starts at D(Fuji)"
    );
    assert_eq!(fuji.epoch, 5);
    let khmer = h.turns.iter().find(|t| t.empire == "Khm").expect("Khmer");
    assert_eq!(khmer.epoch, 4);
    // D(Fran) is Franks in EV, E(Fran) France in EVII
    let frans: Vec<(&str, u8)> = h
        .turns
        .iter()
        .filter(|t| t.empire.starts_with("Fran"))
        .map(|t| (t.empire.as_ref(), t.epoch))
        .collect();
    assert_eq!(frans, [("Frank", 5), ("Fran", 7)]);
}

#[test]
fn colour_line_and_seat_tags() {
    let gs = games(CHAPTERS);
    let g = &gs[0];
    let seats: Vec<(&str, Option<&str>, Option<&str>)> = g
        .players
        .iter()
        .map(|s| (s.seat.as_str(), s.name.as_deref(), s.color.as_deref()))
        .collect();
    assert_eq!(seats[0], ("A", Some("Alice"), Some("Red")));
    assert_eq!(seats[4], ("E", None, Some("Blue")));
    assert_eq!(seats[5], ("F", Some("Fang"), Some("Purple")));
    assert!(
        g.diagnostics
            .iter()
            .any(|d| d.code == "hotw.colours-read" && d.line == 10)
    );
}

#[test]
fn colours_default_and_chinese_names() {
    let r = p("C(Sumer): LTig-->Zag 5");
    assert_eq!(r.players.len(), 1);
    assert_eq!(r.players[0].color.as_deref(), Some("Green"));
    assert_eq!(sev(&r, "hotw.colours-default"), Some(Severity::Info));
    assert!(!has(&r, "hotw.colours-read"));
    let r = p("A: 紅 B: 黃 C: Pink\nEI\nC(Sumer): LTig-->Zag 5");
    let colours: Vec<Option<&str>> = r.players.iter().map(|s| s.color.as_deref()).collect();
    assert_eq!(colours, [Some("Red"), Some("Yellow"), Some("Pink")]);
    assert_eq!(sev(&r, "hotw.colour-unknown"), Some(Severity::Warning));
}

#[test]
fn epoch_headers_and_inferred_epochs() {
    let r = p(
        "EII\nA(Assy): Lev-->Zag 3\nEIII\nB(Rome): SApp-->NApp 5\nC(Gup): EDec-->GanV 9\nD(Chou): Wei-->Yang 4",
    );
    let e: Vec<u8> = r.game.turns.iter().map(|t| t.epoch).collect();
    assert_eq!(e, [2, 3, 4, 4]);
    assert_eq!(count(&r, "hotw.epoch-inferred"), 1, "Gup (EIV) under EIII");
    assert_eq!(count(&r, "hotw.epoch-mismatch"), 1, "Chou (EII) under EIV");
    let r = p("B(Sumer): Can\n…… 5");
    assert_eq!(r.game.turns[0].epoch, 1);
    assert_eq!(sev(&r, "hotw.epoch-inferred"), Some(Severity::Warning));
}

#[test]
fn turn_headers_and_minor_empires() {
    let r = p("EIII\nB(May): C.Am(+f) 4\nB(Mac): Pin-->Dal(V) 44");
    let t = &r.game.turns;
    assert_eq!(
        (t[0].empire.as_ref(), t[0].minor, t[0].score),
        ("Maya", true, None)
    );
    assert_eq!(t[0].builds[0].region, "CAm");
    assert_eq!(
        (t[1].empire.as_ref(), t[1].minor, t[1].score, t[1].gain),
        ("Mac", false, Some(44), Some(44))
    );
    assert_eq!(sev(&r, "hotw.minor-score"), Some(Severity::Warning));
    assert_eq!(sev(&r, "hotw.empire-alias"), Some(Severity::Info));
}

#[test]
fn card_civil_service_and_civil_war() {
    let r = p(
        "EIII\nA(Han): Civil(+2), CivilServ(+1)\nB(Sung): Civil(Malay, X; Mek, X; Che, V)\nC(Nu): Lead\nCivil: GPC(V, c/), Yellow(V, cX), Wei(X)\nD(Rome): Civil",
    );
    let t = &r.game.turns;
    let c = &t[0].cards;
    assert_eq!(
        (c[0].card.as_ref(), c[0].amount, c[0].detail.as_deref()),
        ("CivilS", Some(2), Some("+2"))
    );
    assert_eq!((c[1].card.as_ref(), c[1].amount), ("CivilS", Some(1)));
    assert_eq!(c[0].name, "Civil Service");
    let w = &t[1].cards[0];
    assert_eq!(w.card, "CivilW");
    assert_eq!(w.detail.as_deref(), Some("Malay(X), Mek(X), Che(V)"));
    let w = &t[2].cards[1];
    assert_eq!(w.card, "CivilW");
    assert_eq!(w.targets.len(), 3);
    assert_eq!(w.targets[0].effects, ["V", "c/"]);
    assert_eq!(t[3].cards[0].card, "Civil");
    assert_eq!(sev(&r, "hotw.card-ambiguous"), Some(Severity::Warning));
    assert_eq!(count(&r, "hotw.card-context"), 3);
}

#[test]
fn card_astronomy_and_reallocation_seas() {
    let r = p("EII\nA(Greek): Astro(SChina), Real(BlackS)");
    let c = &r.game.turns[0].cards;
    assert_eq!(
        (c[0].card.as_ref(), c[0].detail.as_deref()),
        ("Astro", Some("SCS"))
    );
    assert_eq!(
        (c[1].card.as_ref(), c[1].detail.as_deref()),
        ("Real", Some("BlackS"))
    );
}

#[test]
fn card_migrants_area_and_regions() {
    let r = p("EIII\nF(Celt): Mig(N.Am)(Pac, Mex), Mig(Aust)(Aust, N.Gui)");
    let c = &r.game.turns[0].cards;
    assert_eq!(c[0].areas, ["NAm"]);
    assert_eq!(c[0].detail.as_deref(), Some("NAm: Pac, Mex"));
    assert_eq!(c[1].areas, ["AUST"]);
    let regions: Vec<&str> = c[1].targets.iter().map(|t| t.region.as_str()).collect();
    assert_eq!(regions, ["Aust", "NGui"]);
}

#[test]
fn card_crusade_path_and_builds() {
    let r = p(
        "EV\nC(Vik): Cru(EMed-->Pale-->ArabP), (Pale +ct +f; Arab +f)\nScan-->(NSea)-->WGaul 132",
    );
    let t = &r.game.turns[0];
    let c = &t.cards[0];
    assert_eq!(
        (c.card.as_ref(), c.detail.as_deref()),
        ("Crus", Some("EMed-->Pale-->ArabP"))
    );
    assert_eq!(c.builds.len(), 2);
    assert_eq!(
        (
            c.builds[0].region.as_ref(),
            c.builds[0]
                .items
                .iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
        ),
        ("Pale", vec!["ct".to_string(), "f".to_string()])
    );
    assert_eq!(c.builds[1].region, "ArabP");
    assert_eq!(legs(t), ["EMed>Pale", "Pale>ArabP", "Scan(NSea)>WGaul"]);
    assert_eq!(t.expansions[0].card.as_deref(), Some("Crus"));
    assert_eq!(t.expansions[2].card, None);
}

#[test]
fn card_barbarians_colon_and_arrow_forms() {
    let r = p(
        "EII\nE(Pers): Barbar(Tibet): Wei, Sze, GanValX\nF(Scy): Barbar(Tibet)-->U.Ind(=, fX, c/), Hin, Tur, TarP(X)",
    );
    let t = &r.game.turns;
    assert_eq!(legs(&t[0]), ["Tibet>Wei", "Tibet>Sze", "Tibet>GanValX"]);
    assert!(
        t[0].expansions
            .iter()
            .all(|e| e.card.as_deref() == Some("Barbar"))
    );
    assert!(
        r.diagnostics
            .iter()
            .any(|d| d.code == "hotw.region-unknown" && d.message.contains("GanValX"))
    );
    assert_eq!(
        legs(&t[1]),
        ["Tibet>UInd", "Tibet>Hin", "Tibet>TurP", "Tibet>TarB"]
    );
    assert_eq!(t[1].expansions[0].battle[..], ["=", "fX", "c/"]);
    assert_eq!(t[1].expansions[3].battle[..], ["X"]);
    assert_eq!(t[1].cards[0].detail.as_deref(), Some("Tibet"));
    // a region with a lost battle written `GPCX` when the stem is a code
    let r = p("EII\nE(Pers): Barbar(Tibet): WeiX");
    assert_eq!(r.game.turns[0].expansions[0].to, "Wei");
    assert_eq!(r.game.turns[0].expansions[0].battle[..], ["X"]);
}

#[test]
fn card_plague_family() {
    let r = p(
        "EVI\nD(Ming): Famine(China: GPC), Fam(GPC), Plaque(X), Balck(SEAsia+India: EDec X), Pest(Sze)",
    );
    let c = &r.game.turns[0].cards;
    let codes: Vec<&str> = c.iter().map(|c| c.card.as_ref()).collect();
    assert_eq!(codes, ["Famine", "Famine", "Plague", "Death", "Pest"]);
    assert_eq!(
        (c[0].areas.clone(), c[0].targets[0].region.as_str()),
        (vec!["China".to_string()], "GPC")
    );
    assert_eq!(c[2].effects, ["X"]);
    assert_eq!(c[3].areas, ["SEAsia", "India"]);
    assert_eq!(c[3].detail.as_deref(), Some("SEAsia+India: EDec(X)"));
    assert_eq!(count(&r, "hotw.card-alias"), 3, "Fam, Plaque, Balck");
}

#[test]
fn card_disaster_and_treachery() {
    let r = p(
        "EIV\nC(Arab): Dis(Zag, Lev), Dis(Yang: fX, c/, mX; SApp: fX, cX, mX), Dis(GangV, fX, c/, mX), Trea(GPC)",
    );
    let c = &r.game.turns[0].cards;
    assert_eq!(c[0].detail.as_deref(), Some("Zag, Lev"));
    assert_eq!(c[1].targets[1].region, "SApp");
    assert_eq!(c[1].targets[1].effects, ["fX", "cX", "mX"]);
    assert_eq!(c[2].targets[0].region, "GanV");
    assert_eq!(c[2].targets[0].effects, ["fX", "c/", "mX"]);
    assert_eq!(
        (c[3].card.as_ref(), c[3].detail.as_deref()),
        ("Trea", Some("GPC"))
    );
}

#[test]
fn card_kingdoms() {
    let r = p("EII\nA(Greek): King(Etr)\nEIII\nD(Sas): King, Jew(V)");
    let t = &r.game.turns;
    assert_eq!(
        (t[0].cards[0].card.as_ref(), t[0].cards[0].name.as_ref()),
        ("Etr", "Etruscans")
    );
    assert_eq!(
        t[1].cards[0].card, "Kuch",
        "a bare King is the epoch's kingdom card"
    );
    assert_eq!(sev(&r, "hotw.kingdom-inferred"), Some(Severity::Warning));
    assert_eq!(
        (t[1].cards[1].card.as_ref(), t[1].cards[1].effects.clone()),
        ("Jew", vec!["V".to_string()])
    );
}

#[test]
fn card_expert_troops_and_engineering() {
    let r = p("EVI\nE(Spain): Exp(forest), Exp(M), Exp(St), Eng(+2f), Engine");
    let c = &r.game.turns[0].cards;
    let d: Vec<Option<&str>> = c.iter().map(|c| c.detail.as_deref()).collect();
    assert_eq!(d, [Some("For"), Some("M"), Some("St"), Some("+2f"), None]);
    assert_eq!(c[3].amount, Some(2));
    assert_eq!(c[4].card, "Eng");
}

#[test]
fn card_unknown_and_fuzzy() {
    let r = p("EI\nA(Sumer): Leed, Gizmo(+3)");
    let c = &r.game.turns[0].cards;
    assert_eq!(c[0].card, "Lead");
    assert_eq!(sev(&r, "hotw.card-fuzzy"), Some(Severity::Warning));
    assert_eq!((c[1].card.as_ref(), c[1].name.as_ref()), ("Gizmo", ""));
    assert_eq!(sev(&r, "hotw.card-unknown"), Some(Severity::Warning));
}

#[test]
fn expansion_chains_branches_and_new_chains() {
    let r = p(
        "EV\nA(Mong): ManchuP-->GPC-->Yellow, Korea; ManchuP-->Wei\nB(Ming): Che-->GPC-->Yellow(V)-->Wei(V)-->Sze(V, cX), Wei-->TarP(XV); Che-->Yang(X)",
    );
    assert_eq!(
        legs(&r.game.turns[0]),
        ["ManP>GPC", "GPC>Yellow", "ManP>Kor", "ManP>Wei"]
    );
    assert_eq!(
        legs(&r.game.turns[1]),
        [
            "Che>GPC",
            "GPC>Yellow",
            "Yellow>Wei",
            "Wei>Sze",
            "Wei>TarB",
            "Che>Yang"
        ],
        "after a comma, a region already reached starts a branch from itself"
    );
}

#[test]
fn sea_legs_in_every_form() {
    let r = p(
        "EV\nA(Sung): Che--(S.China)-->Mek; Che--SChina-->Malay; Che-->(SCS)-->Suma; Pyr-->(Atl, Ind, WPac)-->Che(XX, fX, XV, c/), EGhat(XV)",
    );
    let t = &r.game.turns[0];
    assert_eq!(
        legs(t),
        [
            "Che(SCS)>Mek",
            "Che(SCS)>Malay",
            "Che(SCS)>Suma",
            "Pyr(Atl,Ind,WPac)>Che",
            "Pyr(Atl,Ind,WPac)>EGhat"
        ]
    );
    assert_eq!(t.expansions[3].battle[..], ["X", "X", "fX", "X", "V", "c/"]);
    // a dash without '>' before a land region is a malformed arrow
    let r = p("EVI\nE(Port): WIber-->(Atl)-->GuiH--NAnd(fX, c/)");
    assert_eq!(legs(&r.game.turns[0]), ["WIber(Atl)>GuiH", "GuiH>NAnd"]);
    assert!(r.game.turns[0].expansions[1].repaired);
    assert_eq!(sev(&r, "hotw.arrow-repaired"), Some(Severity::Warning));
}

#[test]
fn battle_tokens() {
    let r = p(
        "EV\nA(Mong): ManchuP-->GPChina(fW, X, fX, =, V, c/); Che--S.China-->Meko(sea, XXV, cX); Wei-->Sze(X=V); Mong-->GPC(fw, X, V fX, =, R c/); Zag-->EAna(XXV, fX, =, cX, R); Alb-->Ire(St, For, M, W, mX)",
    );
    let b: Vec<Vec<String>> = r.game.turns[0]
        .expansions
        .iter()
        .map(|e| e.battle.iter().map(|x| x.to_string()).collect())
        .collect();
    assert_eq!(b[0], ["f", "W", "X", "fX", "=", "V", "c/"]);
    assert_eq!(b[1], ["sea", "X", "X", "V", "cX"]);
    assert_eq!(b[2], ["X", "=", "V"]);
    assert_eq!(b[3], ["f", "W", "X", "V", "fX", "=", "R", "c/"]);
    assert_eq!(b[4], ["X", "X", "V", "fX", "=", "cX", "R"]);
    assert_eq!(b[5], ["St", "For", "M", "W", "mX"]);
    assert_eq!(count(&r, "hotw.battle-normalized"), 1);
    let r = p("EV\nA(Mong): Mong-->GPC(X, Q)");
    assert_eq!(r.game.turns[0].expansions[0].battle[..], ["X", "Q"]);
    assert_eq!(sev(&r, "hotw.battle-unknown"), Some(Severity::Warning));
}

#[test]
fn builds_after_battle_on_region_and_at_turn_end() {
    let r = p(
        "EIII\nF(Celt): C.Eu-->Pin(V)-->Mor(XV, fX, V, c/)(+f); ManchuP-->GPC(+f)\nC.Eu(+m), GPC(+f, +m)\nPin (+f, +m) 62",
    );
    let t = &r.game.turns[0];
    assert_eq!(t.expansions[1].builds[..], ["f"]);
    assert_eq!(t.expansions[1].battle[..], ["X", "V", "fX", "V", "c/"]);
    assert_eq!(t.expansions[2].builds[..], ["f"]);
    let b: Vec<(String, Vec<String>)> = t
        .builds
        .iter()
        .map(|b| {
            (
                b.region.to_string(),
                b.items.iter().map(|x| x.to_string()).collect(),
            )
        })
        .collect();
    assert_eq!(b[0], ("CEu".to_string(), vec!["m".to_string()]));
    assert_eq!(
        b[1],
        ("GPC".to_string(), vec!["f".to_string(), "m".to_string()])
    );
    assert_eq!(
        b[2],
        ("Pin".to_string(), vec!["f".to_string(), "m".to_string()])
    );
    assert_eq!(t.score, Some(62));
    let r = p("EI\nA(Sumer): Cre(+ct, +q)");
    assert_eq!(r.game.turns[0].builds[0].items[..], ["ct", "q"]);
    assert_eq!(sev(&r, "hotw.build-unknown"), Some(Severity::Warning));
}

#[test]
fn scores_gains_and_outcome() {
    let r = p(
        "EI\nA(Sumer): LTig-->Zag 12\nB(Egypt):\nNileDel-->Nub\nNileDel(+m) 7\nEII\nA(Assy): Lev-->Zag 30\nB(Chou): Wei-->Yang 30\nA(Pers): Zag-->PersP 29",
    );
    let s: Vec<(Option<i64>, Option<i64>)> =
        r.game.turns.iter().map(|t| (t.score, t.gain)).collect();
    assert_eq!(
        s,
        [
            (Some(12), Some(12)),
            (Some(7), Some(7)),
            (Some(30), Some(18)),
            (Some(30), Some(23)),
            (Some(29), Some(-1))
        ]
    );
    assert_eq!(sev(&r, "hotw.score-decrease"), Some(Severity::Warning));
    let o = r.outcome.expect("outcome");
    assert_eq!(o.winners, ["B"]);
    assert_eq!(o.summary, "B 30");
    let r = p("EI\nA(Sumer): LTig-->Zag 12\nB(Egypt): NileDel-->Nub 12");
    assert_eq!(r.outcome.map(|o| o.summary), Some("A/B 12".to_string()));
    let r = p("EI\nA(Sumer): LTig-->Zag 3\nLTig(+m) 5");
    assert_eq!(r.game.turns[0].score, Some(5));
    assert_eq!(sev(&r, "hotw.score-repeated"), Some(Severity::Warning));
}

/// Seats written otherwise than A–F, which the notation uses as placeholders for the players' codes:
/// a player's name the tags give (`[A "Ann"]`, then `Ann(Sumer):`) is that seat; another code
/// (`K(Sumer):`, a typo `G(Egypt):`) is the first seat that had not played, and keeps it. Its
/// turn's moves and score are its own, not merged into the turn before.
#[test]
fn seats_written_as_names_or_other_letters_open_their_own_turns() {
    let tags = [
        ("A".to_string(), "Ann".to_string()),
        ("B".to_string(), "Bob".to_string()),
    ];
    let ctx = Ctx {
        first_line: 1,
        tags: &tags,
    };
    let r = hotw::parse(
        "EI\nBob(Egypt): Lead\nNileDel-->Nub 7\nAnn(Sumer): Lead\nLTig-->Zag 12\nEII\nBob(Greek): Popu\nMor-->Pin 15\n",
        &ctx,
    );
    let t = &r.game.turns;
    let seats: Vec<(&str, &str, Option<i64>)> = t
        .iter()
        .map(|t| (&*t.player, &*t.empire, t.score))
        .collect();
    assert_eq!(seats.len(), 3);
    assert_eq!((seats[0].0, seats[0].2), ("B", Some(7)));
    assert_eq!((seats[1].0, seats[1].2), ("A", Some(12)));
    assert_eq!((seats[2].0, seats[2].2), ("B", Some(15)));
    assert_eq!(t[1].expansions.len(), 1);
    assert_eq!(sev(&r, "hotw.seat-code"), Some(Severity::Info));
    assert_eq!(count(&r, "hotw.seat-code"), 2);
    assert_eq!(count(&r, "hotw.unreadable"), 0);
    // a code no tag names: the first seat that had not played, for the rest of the game
    let r = p(
        "EI\nA(Sumer): Lead\nLTig-->Zag 12\nG(Egypt): Popu\nNileDel-->Nub 7\nG(Egypt): Lead\nNub-->Lev 9\n",
    );
    let t = &r.game.turns;
    assert_eq!(t.len(), 3);
    assert_eq!(
        t.iter().map(|t| (&*t.player, t.score)).collect::<Vec<_>>(),
        [("A", Some(12)), ("B", Some(7)), ("B", Some(9))]
    );
    assert_eq!(t[0].expansions.len(), 1);
    assert_eq!(
        messages(&r, "hotw.seat-code"),
        ["seat written \"G\" is none of A–F: read as B, the first seat that had not played"]
    );
    assert_eq!(sev(&r, "hotw.seat-code"), Some(Severity::Warning));
    // a region, a card or an empire before brackets opens no turn
    let r = p("EI\nA(Sumer): Lead\nZag(Sumer): LTig-->Zag 12\n");
    assert_eq!(r.game.turns.len(), 1);
    assert_eq!(count(&r, "hotw.seat-code"), 0);
}

/// Arrows as other fonts and keyboards give them: a minus sign or a box-drawing line for the
/// dashes (`−−>`, `─>`), and arrow characters (`➜`, `➝`, `⇨`).
#[test]
fn arrows_of_other_characters() {
    for arrow in ["−−>", "─>", "➜", "➝", "⇨", "⟹"] {
        let r = p(&format!("EI\nA(Sumer): Lead\nLTig{arrow}Zag 12\n"));
        let t = &r.game.turns[0];
        assert_eq!(t.expansions.len(), 1, "{arrow}");
        assert_eq!(
            (&*t.expansions[0].from, &*t.expansions[0].to),
            ("LTig", "Zag"),
            "{arrow}"
        );
        assert_eq!(t.score, Some(12), "{arrow}");
        assert!(
            r.diagnostics.iter().all(|d| d.severity != Severity::Error),
            "{arrow}"
        );
    }
}

/// A `;` or `,` after the score that ends a line is stray punctuation: the score is read.
#[test]
fn a_mark_after_the_score_is_stray() {
    let r = p("EI\nA(Sumer): Lead\nLTig-->Zag\nLTig(+m) 20;\nB(Egypt): Lead\nNileDel-->Nub 9,\n");
    assert_eq!(r.game.turns[0].score, Some(20));
    assert_eq!(r.game.turns[1].score, Some(9));
    assert_eq!(r.game.turns[1].expansions.len(), 1);
    assert_eq!(
        messages(&r, "hotw.punctuation"),
        [
            "stray \";\" after the score ignored",
            "stray \",\" after the score ignored"
        ]
    );
    assert!(r.diagnostics.iter().all(|d| d.severity != Severity::Error));
}

/// A note on a line of its own, all in brackets, as appendix 4 writes one: a comment, not an
/// unreadable line.
#[test]
fn a_line_all_in_brackets_is_a_note() {
    let r = p(
        "(另﹕A 至 F 順第一章序使用由紅至紫各色，不贅)\nEI\nA(Sumer): Lead\nLTig-->Zag 12\n（note: Bob arrived late, 20 min）\nB(Egypt): Lead\nNileDel-->Nub 8\n",
    );
    assert_eq!(
        r.game.comments,
        ["另﹕A 至 F 順第一章序使用由紅至紫各色，不贅"]
    );
    assert_eq!(r.game.turns[0].comments, ["note: Bob arrived late, 20 min"]);
    assert_eq!(r.game.turns[0].score, Some(12));
    assert_eq!(r.game.turns[1].score, Some(8));
    assert_eq!(count(&r, "hotw.note"), 2);
    assert_eq!(sev(&r, "hotw.note"), Some(Severity::Info));
    assert_eq!(count(&r, "hotw.unreadable"), 0);
    // a battle or a build in brackets alone is no note (still an unreadable line)
    let r = p("EI\nA(Sumer): Lead\nLTig-->Zag 12\n(XV)\n");
    assert_eq!(count(&r, "hotw.note"), 0);
}

/// A number ending a line of words that read as nothing (a transcriber's note, `Round 2`) is no
/// score: the turn keeps the total written on its move line, the note is kept as raw text.
#[test]
fn a_number_after_unreadable_words_is_no_score() {
    let r = p("EI\nA(Sumer): Lead\nLTig-->Zag 12\nRound 2\nB(Egypt): Lead\nNileDel-->Nub 8");
    assert_eq!(r.game.turns[0].score, Some(12));
    assert_eq!(r.game.turns[0].unparsed, ["Round 2"]);
    assert_eq!(
        messages(&r, "hotw.score-in-note"),
        ["number after unreadable text in \"Round 2\" not taken as a score"]
    );
    assert_eq!(sev(&r, "hotw.score-in-note"), Some(Severity::Warning));
    assert_eq!(count(&r, "hotw.score-repeated"), 0);
    assert_eq!(r.outcome.map(|o| o.summary), Some("A 12".to_string()));
    // a region's move line, or a misspelt region with an arrow, still ends with the score
    let r = p("EI\nA(Sumer): Lead\nLTig-->Zag 12\nZag(+m) 14");
    assert_eq!(r.game.turns[0].score, Some(14));
    assert_eq!(count(&r, "hotw.score-in-note"), 0);
    let r = p("EI\nA(Sumer): Lead\nLTgx-->Zag 12");
    assert_eq!(r.game.turns[0].score, Some(12));
    assert_eq!(count(&r, "hotw.score-in-note"), 0);
}

#[test]
fn interruption_snapshot_and_resumption() {
    let gs = games(PAUSE);
    let g = &gs[0];
    let h = hotw_of(g);
    assert_eq!(h.checkpoints.len(), 2);
    let cp = &h.checkpoints[0];
    assert_eq!(
        (
            cp.after_turn,
            cp.epoch,
            cp.seat.as_deref(),
            cp.empire.as_deref()
        ),
        (3, 3, Some("A"), Some("Nu"))
    );
    assert_eq!(cp.seats, ["A", "B", "C"]);
    assert_eq!(cp.holdings.iter().filter(|x| x.player == "C").count(), 13);
    let resumed: Vec<&str> = h
        .turns
        .iter()
        .filter(|t| t.resumed)
        .map(|t| t.empire.as_ref())
        .collect();
    assert_eq!(resumed, ["Sas", "Arab"]);
    assert_eq!(h.turns[3].epoch, 3);
    let cp2 = &h.checkpoints[1];
    assert_eq!((cp2.after_turn, cp2.epoch, cp2.seat.clone()), (6, 4, None));
    assert!(
        cp2.seats.contains(&"C".to_string()),
        "C: -- is a seat with nothing"
    );
    assert!(cp2.holdings.iter().all(|x| x.player != "C"));
    assert!(
        g.diagnostics
            .iter()
            .any(|d| d.code == "hotw.punctuation" && d.message.contains("B;"))
    );
    // chapter 6 writes the pause line with a colon; simplified characters read the same
    let r = p(
        "EIII\nA(Hsiung): Mong-->GPC 42\nA(Hsiung)後暫停﹕\nA: Mong, GPC(cm)(III)\nEIII (con't)\nC(Rome): SApp-->NApp 57\nC(Rome)后暂停\nC: SApp(II)",
    );
    assert_eq!(r.game.checkpoints.len(), 2);
    assert_eq!(r.game.checkpoints[0].holdings.len(), 2);
    assert_eq!(r.game.checkpoints[1].empire.as_deref(), Some("Rome"));
    assert!(r.game.turns[1].resumed);
    assert!(!has(&r, "hotw.unreadable"));
    // (con't) without a pause
    let r = p("EIII\nA(Han): GPC-->Wei 3\nEIII (con't)\nB(Rome): SApp-->NApp 4");
    assert_eq!(
        sev(&r, "hotw.resume-without-pause"),
        Some(Severity::Warning)
    );
    assert!(r.game.turns[1].resumed);
}

#[test]
fn chapter6_snapshot_facilities_and_epochs() {
    let gs = games(PAUSE);
    let h = hotw_of(&gs[1]);
    let cp = &h.checkpoints[0];
    assert_eq!(cp.holdings.len(), 33);
    let find = |r: &str| cp.holdings.iter().find(|x| x.region == r).expect(r);
    assert_eq!(
        (find("ArabP").facilities.clone(), find("ArabP").unit_epoch),
        (vec!["ct".to_string()], Some(1))
    );
    assert_eq!(find("Pale").facilities, ["ct", "m"]);
    assert_eq!(find("GanV").facilities, ["cp", "f", "m"]);
    assert_eq!(find("GanV").unit_epoch, Some(6));
    assert_eq!(find("CMas").unit_epoch, Some(3));
    assert_eq!(find("NGaul").unit_epoch, Some(5));
    // appendix 4: (VII) during EIII is kept and reported
    let g = &games(APPENDIX4)[0];
    let h = hotw_of(g);
    let napp = h.checkpoints[0]
        .holdings
        .iter()
        .find(|x| x.region == "NApp")
        .expect("NApp");
    assert_eq!(napp.unit_epoch, Some(7));
    assert_eq!(
        g.diagnostics
            .iter()
            .filter(|d| d.code == "hotw.snapshot-epoch")
            .count(),
        3
    );
    let d_seat = &h.checkpoints[0];
    assert!(
        d_seat.seats.contains(&"D".to_string()) && d_seat.holdings.iter().all(|x| x.player != "D")
    );
}

#[test]
fn comments_attach_to_the_turn_before() {
    let r = p(
        "{before all}\nEI\nA(Sumer): LTig-->Zag {two rolls} 6\n{after A}\nB(Egypt): NileDel-->Nub 3 {B's}\nC(Mino): Cre-->Lev {open",
    );
    assert_eq!(r.game.comments, ["before all"]);
    assert_eq!(r.game.turns[0].comments, ["two rolls", "after A"]);
    assert_eq!(
        r.game.turns[0].score,
        Some(6),
        "a comment does not hide the score"
    );
    assert_eq!(r.game.turns[1].comments, ["B's"]);
    assert_eq!(r.game.turns[2].comments, ["open"]);
    assert_eq!(sev(&r, "text.comment-unclosed"), Some(Severity::Warning));
}

#[test]
fn unbalanced_brackets_are_repaired() {
    let r = p(
        "EIII\nD(Sas): Zag-->PersP(fX, X, V, c/)-->Hin(XV)-->UInd(V, cX, Zag-->LTig(V)\nZeg(+f, +m) 33",
    );
    let t = &r.game.turns[0];
    assert_eq!(legs(t), ["Zag>PersP", "PersP>Hin", "Hin>UInd", "Zag>LTig"]);
    assert_eq!(t.expansions[2].battle[..], ["V", "cX"]);
    assert!(t.expansions[2].repaired);
    assert_eq!(t.builds[0].region, "Zag");
    assert_eq!(t.score, Some(33));
    let r = p("EVII\nA(Rus): NEuP-->WStep(=V)-->Cau(V-->Dni-->CEu(V); Cau-->EAna(V) 136");
    assert_eq!(
        legs(&r.game.turns[0]),
        ["NEuP>WStep", "WStep>Cau", "Cau>Dni", "Dni>CEu", "Cau>EAna"]
    );
    assert_eq!(r.game.turns[0].score, Some(136));
    let r = p("EV\nA(Mong): (ManchuP-->GPChina(fW, X, fX, =, R c/)\nB(Sung): Che-->Yang) 4");
    assert_eq!(legs(&r.game.turns[0]), ["ManP>GPC"]);
    assert_eq!(legs(&r.game.turns[1]), ["Che>Yang"]);
    assert_eq!(r.game.turns[1].score, Some(4));
    assert_eq!(count(&r, "hotw.bracket-repaired"), 2);
}

#[test]
fn name_resolution_and_severities() {
    let r = p(
        "EIV\nA(Goth): E.Ana-->Lev; Pal-->Lev; Cauc-->Dni; Narnia-->Lev; S.Iber-->Great Plain of China; Nub.",
    );
    let t = &r.game.turns[0];
    assert_eq!(
        legs(t),
        ["EAna>Lev", "Pale>Lev", "Cau>Dni", "Narnia>Lev", "SIber>GPC"]
    );
    assert_eq!(sev(&r, "hotw.region-dotted"), Some(Severity::Info));
    assert_eq!(sev(&r, "hotw.region-alias"), Some(Severity::Info));
    assert_eq!(sev(&r, "hotw.region-fuzzy"), Some(Severity::Warning));
    assert_eq!(sev(&r, "hotw.region-unknown"), Some(Severity::Warning));
    // GPA and Sei are equally close to two codes: nothing is guessed
    let r = p("EV\nD(Fuji): Hok-->(SJap)-->GPA(X); Hok-->Sei");
    assert_eq!(legs(&r.game.turns[0]), ["Hok(SJap)>GPA", "Hok>Sei"]);
    assert_eq!(count(&r, "hotw.region-unknown"), 2);
    // a typed arrow → reads as -->
    let r = p("EII\nF(Pers): PerP→Zag→LTig 9");
    assert_eq!(legs(&r.game.turns[0]), ["PersP>Zag", "Zag>LTig"]);
    // full-width punctuation and Δ
    let r = p("EII\nＦ(Pers)：PerP-->GanΔ（X=V），UInd 9");
    assert_eq!(legs(&r.game.turns[0]), ["PersP>GanDel", "PersP>UInd"]);
    assert_eq!(r.game.turns[0].score, Some(9));
}

#[test]
fn context_settles_fran_and_mong() {
    let r = p("EV\nD(Fran): NGaul-->Alb 5\nA(Mong): Mong-->GPC 6\nEVII\nE(Fran): WGaul-->Alb 7");
    let t = &r.game.turns;
    assert_eq!((t[0].empire.as_ref(), t[0].epoch), ("Frank", 5));
    assert_eq!(
        (t[1].empire.as_ref(), t[1].expansions[0].from.as_ref()),
        ("Mong", "Mong")
    );
    assert_eq!((t[2].empire.as_ref(), t[2].epoch), ("Fran", 7));
    assert_eq!(count(&r, "hotw.empire-context"), 2);
    let r = p("EIV\nD(Fran): NGaul-->Alb 5");
    assert_eq!(
        (r.game.turns[0].empire.as_ref(), r.game.turns[0].epoch),
        ("Frank", 5),
        "Fran under EIV: Franks, EV inferred"
    );
}

#[test]
fn malformed_game_reports_errors_and_parses_the_rest() {
    let gs = games(MALFORMED);
    let g = &gs[0];
    let h = hotw_of(g);
    assert_eq!(h.turns.len(), 5);
    // (a line of prose before the first turn is the game's title: kept as its comment)
    assert!(h.unparsed.is_empty());
    assert_eq!(h.comments, ["this line belongs to no turn"]);
    assert!(
        g.diagnostics
            .iter()
            .any(|d| d.code == "hotw.title-line" && d.line == 6 && d.severity == Severity::Info)
    );
    assert_eq!(h.turns[0].unparsed, ["@@"]);
    assert_eq!(h.turns[0].score, Some(12));
    // (`NileDel-->` ending its line is wrapped onto `Lev(V)`: one move)
    assert_eq!(h.turns[1].unparsed, ["-->Nub"]);
    assert_eq!(h.turns[1].score, Some(7));
    assert_eq!(h.turns[2].score, Some(5));
    assert_eq!(h.turns[4].unparsed, ["6 extra"]);
    let errors = g
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    assert_eq!(errors, 3);
    let e = g
        .diagnostics
        .iter()
        .find(|d| d.code == "hotw.unreadable" && d.message.contains("@@"))
        .expect("@@");
    assert_eq!((e.line, e.col), (8, 22));
    let h = hotw_of(&gs[1]);
    assert!(h.turns.is_empty());
    assert_eq!(h.unparsed.len(), 2);
    assert!(gs[1].outcome.is_none());
}

#[test]
fn diagnostic_positions_count_lines_and_characters() {
    let ctx = Ctx {
        first_line: 20,
        tags: &[],
    };
    let r = hotw::parse("EI\n世 A(Sumer): Narnia-->Zag", &ctx);
    // the line is no turn header (a character before the seat): it belongs to no turn
    assert_eq!((r.diagnostics[0].line, r.diagnostics[0].col), (21, 1));
    let r = hotw::parse("EI\nA(Sumer): 甲-->Zag; Narnia-->Zag", &ctx);
    let d = r
        .diagnostics
        .iter()
        .find(|d| d.code == "hotw.region-unknown" && d.message.contains("Narnia"))
        .expect("Narnia");
    assert_eq!(
        (d.line, d.col),
        (21, 20),
        "columns count characters, not bytes"
    );
}

#[test]
fn never_panics() {
    let mut inputs: Vec<String> = vec![
        String::new(),
        "(".into(),
        ")".into(),
        "-->".into(),
        "A(".into(),
        "A()".into(),
        "A():".into(),
        "A(Sumer)後暫停\nA:".into(),
        "E".into(),
        "EVI後暫停\nZ: x".into(),
        "A(Sumer): Cru(".into(),
        "A(Sumer): Barbar(Tibet)-->".into(),
        "A(Sumer): Barbar(: ,".into(),
        "A(Sumer): King(".into(),
        "A(Sumer): Mig()()".into(),
        "A(Sumer): --(".into(),
        "A(Sumer): X--(Atl)".into(),
        "A(Sumer): GPC((((((+f".into(),
        "A(Sumer): 99999999999999999999999".into(),
        "A(Sumer): GPC 99999999999999999999999".into(),
        "{{{{}}}}".into(),
        "A: --\nB;".into(),
    ];
    for line in APPENDIX4
        .lines()
        .chain(QUIRKS.lines())
        .chain(MALFORMED.lines())
        .chain(TRANSCRIBERS.lines())
    {
        for (i, _) in line.char_indices() {
            inputs.push(format!("EI\nA(Sumer): x\n{}", &line[..i]));
            inputs.push(line[i..].to_string());
        }
    }
    // pseudo-random strings over the notation's own pieces
    let pieces = [
        "A(",
        "B(Rome)",
        "):",
        "EIII",
        "(con't)",
        "後暫停",
        "-->",
        "--",
        "(",
        ")",
        ",",
        ";",
        ":",
        " ",
        "\n",
        "GPC",
        "E.Ana",
        "Barbar",
        "Civil",
        "King",
        "Cru",
        "Mig",
        "+f",
        "+2",
        "XXV",
        "c/",
        "fW",
        "{",
        "}",
        "……",
        "12",
        "Δ",
        "（",
        "，",
        "D: --",
        "Tibet",
        "Sei",
        "Great Plain",
        "甲",
        "E I",
        "EⅡ",
        "eiii",
        "（續）",
        "a(",
        "c／",
        "20分",
        "25.",
        "Civil Service",
        "Expert Troops:",
    ];
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    for _ in 0..3000 {
        let mut s = String::new();
        for _ in 0..(seed % 40) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            s.push_str(pieces[(seed % pieces.len() as u64) as usize]);
        }
        inputs.push(s);
        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    }
    for s in &inputs {
        let r = p(s);
        assert!(
            r.diagnostics.iter().all(|d| d.line >= 1 && d.col >= 1),
            "{s:?}"
        );
    }
}

#[test]
fn json_contract_fields() {
    let r = p(
        "EIII\nA(Han): CivilS(+2)\nManchuP-->(SCS)-->GPC(fW, X, fX, =, V, c/)(+f)\nGPC(+f, +m) 35",
    );
    let v = serde_json::to_value(&r.game.turns).expect("json");
    let t = &v[0];
    for k in [
        "epoch",
        "player",
        "empire",
        "minor",
        "cards",
        "expansions",
        "builds",
        "score",
        "gain",
    ] {
        assert!(t.get(k).is_some(), "turn field {k}");
    }
    assert_eq!(t["cards"][0]["card"], "CivilS");
    assert_eq!(t["cards"][0]["name"], "Civil Service");
    assert_eq!(t["cards"][0]["detail"], "+2");
    assert_eq!(t["expansions"][0]["from"], "ManP");
    assert_eq!(t["expansions"][0]["via"][0], "SCS");
    assert_eq!(
        t["expansions"][0]["battle"],
        serde_json::json!(["f", "W", "X", "fX", "=", "V", "c/"])
    );
    assert_eq!(t["expansions"][0]["builds"], serde_json::json!(["f"]));
    assert_eq!(
        t["builds"][0],
        serde_json::json!({"region": "GPC", "items": ["f", "m"]})
    );
    assert_eq!(
        (t["score"].as_i64(), t["gain"].as_i64()),
        (Some(35), Some(35))
    );
    let back: Vec<Turn> = serde_json::from_value(v).expect("round trip");
    assert_eq!(back, r.game.turns);
}

/// The messages of the diagnostics of `code`.
fn messages(p: &Parsed<HotwGame>, code: &str) -> Vec<String> {
    p.diagnostics
        .iter()
        .filter(|d| d.code == code)
        .map(|d| d.message.clone())
        .collect()
}

// ---- forms other club transcribers write (the lenient-reading findings, /work/lenient-findings) ----

#[test]
fn epoch_headers_in_other_forms() {
    // finding h1: `E I`, `EⅡ`, `eiii` were unreadable and the epoch only inferred later
    let r = p(
        "EI\nA(Sumer): LTig-->Zag 5\nE I\nB(Egypt): NileDel-->Nub 6\nEⅡ\nC(Chou): Wei-->Yang 7\neiii\nD(Han): GPC-->Yellow 8",
    );
    let e: Vec<u8> = r.game.turns.iter().map(|t| t.epoch).collect();
    assert_eq!(e, [1, 1, 2, 3]);
    assert!(r.game.turns.iter().all(|t| t.unparsed.is_empty()));
    assert_eq!(count(&r, "hotw.unreadable"), 0);
    assert_eq!(count(&r, "hotw.epoch-inferred"), 0);
    assert_eq!(
        messages(&r, "hotw.epoch-form"),
        [
            "epoch header \"E I\" read as EI",
            "epoch header \"EⅡ\" read as EII",
            "epoch header \"eiii\" read as EIII"
        ]
    );
    assert_eq!(sev(&r, "hotw.epoch-form"), Some(Severity::Info));
    // more of the family: full-width, Unicode numerals in either case, `Epoch`, a mark after it
    for (h, want) in [
        ("Eiii", 3),
        ("ＥＩＶ", 4),
        ("Eⅴ", 5),
        ("E Ⅵ", 6),
        ("Epoch VII", 7),
        ("E-II", 2),
        ("EIII:", 3),
    ] {
        let r = p(&format!("{h}\nA(Sumer): LTig-->Zag 5"));
        assert_eq!(r.game.turns[0].epoch, want, "{h}");
        assert_eq!(count(&r, "hotw.epoch-form"), 1, "{h}");
        assert_eq!(count(&r, "hotw.epoch-inferred"), 0, "{h}");
    }
    // the notation's own forms say nothing; lines that only start like a header are none
    let r = p(
        "EIII\nA(Rome): SApp-->NApp 5\nE3\nB(Han): GPC-->Yellow 6\nE.Ana-->Lev\nE(Celt): CEu-->Alb 4",
    );
    assert_eq!(count(&r, "hotw.epoch-form"), 0);
    assert_eq!(
        r.game.turns[1].expansions.len(),
        2,
        "E.Ana-->Lev is a move of B"
    );
    assert_eq!(r.game.turns[2].player, "E");
    // a snapshot's unit epochs in the same forms
    let r = p(
        "EIII\nA(Nu): Mong-->GPC 20\nA(Nu)後暫停\nA: Mong, GPC(iii); Wei(Ⅱ)\nEIII (con't)\nB(Rome): SApp-->NApp 25",
    );
    let ep: Vec<Option<u8>> = r.game.checkpoints[0]
        .holdings
        .iter()
        .map(|h| h.unit_epoch)
        .collect();
    assert_eq!(ep, [Some(3), Some(3), Some(2)]);
    assert_eq!(count(&r, "hotw.facility-unknown"), 0);
    assert_eq!(count(&r, "hotw.epoch-form"), 2);
}

#[test]
fn resumption_in_a_full_width_bracket() {
    // finding h6: `EIII（續）` was a line of no turn, where `EIII (con't)` resumes
    let r = p(
        "EIII\nA(Hsiung): Mong-->GPC 20\n\nA(Hsiung)後暫停\n\nA: Mong, GPC(III)\n\nEIII（續）\nB(Rome): SApp-->NApp 25",
    );
    assert_eq!(r.game.turns.len(), 2);
    let b = &r.game.turns[1];
    assert!(b.resumed);
    assert_eq!((b.epoch, b.score), (3, Some(25)));
    assert!(r.game.unparsed.is_empty());
    assert_eq!(count(&r, "hotw.unreadable"), 0);
    assert_eq!(count(&r, "hotw.resume-without-pause"), 0);
    assert_eq!(count(&r, "hotw.epoch-form"), 0);
    for h in ["EIII (續)", "EIII（cont'd）", "EIII [cont]", "EIII（繼續）"] {
        let r = p(&format!(
            "EIII\nA(Nu): Mong-->GPC 20\nA(Nu)後暫停\nA: Mong(III)\n{h}\nB(Rome): SApp-->NApp 25"
        ));
        assert!(r.game.turns[1].resumed, "{h}");
    }
}

#[test]
fn card_full_names_in_several_words() {
    // finding h2: full names were split into words (`Civil` ambiguous, `Service(+2)` unreadable)
    let r = p(
        "EIII\nA(Rome): Civil Service(+2), Jewish Revolt(V)\nSApp-->NApp 10\nB(Han): Naval Power, Elite Troops\nGPC-->Yellow 12\nC(Mau): Civil War(GanV, V)\nUInd-->LInd 9",
    );
    let cards = |t: &Turn| -> Vec<(String, Option<String>, Option<i64>)> {
        t.cards
            .iter()
            .map(|c| (c.card.to_string(), c.detail.clone(), c.amount))
            .collect()
    };
    let t = &r.game.turns;
    assert_eq!(
        cards(&t[0]),
        [
            ("CivilS".into(), Some("+2".into()), Some(2)),
            ("Jew".into(), Some("V".into()), None)
        ]
    );
    assert_eq!(t[0].cards[0].raw, "Civil Service(+2)");
    assert_eq!(t[0].cards[1].effects, ["V"]);
    assert_eq!(
        cards(&t[1]),
        [("Naval".into(), None, None), ("Elite".into(), None, None)]
    );
    assert_eq!(
        cards(&t[2]),
        [("CivilW".into(), Some("GanV(V)".into()), None)]
    );
    assert_eq!(t[2].cards[0].targets[0].region, "GanV");
    assert!(t.iter().all(|t| t.unparsed.is_empty()));
    assert_eq!(count(&r, "hotw.unreadable"), 0);
    assert_eq!(count(&r, "hotw.card-ambiguous"), 0);
    assert_eq!(
        messages(&r, "hotw.card-alias"),
        [
            "card alias \"Civil Service\" read as CivilS",
            "card name \"Jewish Revolt\" read as Jew",
            "card name \"Naval Power\" read as Naval",
            "card name \"Elite Troops\" read as Elite",
            "card name \"Civil War\" read as CivilW"
        ]
    );
    // more names of appendix 3, on a card line of their own and with the terrain after a colon
    let r = p(
        "EVI\nA(Ming): Lead\nPopulation Explosion(+2)\nBlack Death(China: GPC)\nChe-->GPC 30\nB(Tim): Expert Troops: Mountains, Lead\nTurP-->EStep 20\nC(Otto): Expert Troops (Forests), Civil War: Balk(V), Pin(X)\nWAna-->Balk 20",
    );
    let t = &r.game.turns;
    assert_eq!(
        cards(&t[0]),
        [
            ("Lead".into(), None, None),
            ("Popu".into(), Some("+2".into()), Some(2)),
            ("Death".into(), Some("China: GPC".into()), None)
        ]
    );
    assert_eq!(
        cards(&t[1]),
        [
            ("Exp".into(), Some("M".into()), None),
            ("Lead".into(), None, None)
        ]
    );
    assert_eq!(t[2].cards[0].detail.as_deref(), Some("For"));
    assert_eq!(
        (t[2].cards[1].card.as_ref(), t[2].cards[1].targets.len()),
        ("CivilW", 2)
    );
    assert_eq!(count(&r, "hotw.unreadable"), 0);
    assert_eq!(count(&r, "hotw.card-unknown"), 0);
    // single words as before: codes, aliases, misspellings, `Civil`/`King` by their arguments;
    // two codes without a comma are no name
    let r = p(
        "EIII\nA(Rome): Civilserv(+2), Civil(Malay, X), Leed, King, Naval, Civil\nB(Han): Lead Eng",
    );
    let t = &r.game.turns;
    let codes: Vec<&str> = t[0].cards.iter().map(|c| c.card.as_ref()).collect();
    assert_eq!(
        codes,
        ["CivilS", "CivilW", "Lead", "Kuch", "Naval", "Civil"]
    );
    assert_eq!(sev(&r, "hotw.card-fuzzy"), Some(Severity::Warning));
    assert_eq!(count(&r, "hotw.card-ambiguous"), 1);
    assert_eq!(t[1].cards[0].card, "Lead");
    assert_eq!(t[1].unparsed, ["Eng"]);
}

#[test]
fn card_full_names_misspelled() {
    // names of several words with a typo are read as the name they misspell, with a warning
    let r = p(
        "EIII\nA(Rome): Civil Servise(+2), Jewsh Revolt(V)\nSApp-->NApp 10\nB(Han): Navel Power, Elite Trops\nGPC-->Yellow 12",
    );
    let t = &r.game.turns;
    let codes = |t: &Turn| -> Vec<String> { t.cards.iter().map(|c| c.card.to_string()).collect() };
    assert_eq!(codes(&t[0]), ["CivilS", "Jew"]);
    assert_eq!(t[0].cards[0].amount, Some(2));
    assert_eq!(t[0].cards[0].raw, "Civil Servise(+2)");
    assert_eq!(codes(&t[1]), ["Naval", "Elite"]);
    assert!(t.iter().all(|t| t.unparsed.is_empty()), "{t:?}");
    assert_eq!(count(&r, "hotw.unreadable"), 0);
    assert_eq!(
        messages(&r, "hotw.card-fuzzy"),
        [
            "card \"Civil Servise\" read as CivilS (a misspelling? edit distance 1)",
            "card \"Jewsh Revolt\" read as Jew (a misspelling? edit distance 1)",
            "card \"Navel Power\" read as Naval (a misspelling? edit distance 1)",
            "card \"Elite Trops\" read as Elite (a misspelling? edit distance 1)"
        ]
    );
    // two cards without a comma are no misspelled name, even when together they are close to
    // one (`Civil Wea`, Civil War; `P Popu`, Popu): read as before, the second word kept as
    // unread text
    let r = p("EIII\nA(Rome): Civil Wea\nSApp-->NApp 10\nB(Han): P Popu\nGPC-->Yellow 12");
    let t = &r.game.turns;
    assert_eq!(codes(&t[0]), ["Civil"]);
    assert_eq!(t[0].unparsed, ["Wea"]);
    assert_eq!(count(&r, "hotw.card-ambiguous"), 1);
    assert_eq!(codes(&t[1]), ["P"]);
    assert_eq!(t[1].unparsed, ["Popu"]);
    assert_eq!(count(&r, "hotw.card-fuzzy"), 0);
}

#[test]
fn lower_case_seat_letter_opens_a_turn() {
    // finding h3: `a(Arab): Jihad` merged into B's turn, and its score overwrote B's
    let r = p("EIV\nB(Hun): Wea\nWStep-->TurP(XV) 64\na(Arab): Jihad\nArabP-->Pale 40");
    let t: Vec<(&str, &str, Option<i64>, usize)> = r
        .game
        .turns
        .iter()
        .map(|t| {
            (
                t.player.as_ref(),
                t.empire.as_ref(),
                t.score,
                t.expansions.len(),
            )
        })
        .collect();
    assert_eq!(t, [("B", "Hun", Some(64), 1), ("A", "Arab", Some(40), 1)]);
    assert_eq!(r.game.turns[1].cards[0].card, "Jihad");
    assert_eq!(messages(&r, "hotw.seat-case"), ["seat \"a\" read as A"]);
    assert_eq!(sev(&r, "hotw.seat-case"), Some(Severity::Info));
    assert_eq!(count(&r, "hotw.score-repeated"), 0);
    assert_eq!(count(&r, "hotw.unreadable"), 0);
    // a pause, its snapshot lines, a header naming its empire but without the colon
    let r = p(
        "EIV\nB(Hun): WStep-->TurP 64\nb(Hun)後暫停\nb: WStep, TurP(IV)\nEIV (con't)\nc(Tang) Lead\nYang-->GPC 12",
    );
    assert_eq!(r.game.checkpoints[0].seat.as_deref(), Some("B"));
    assert_eq!(r.game.checkpoints[0].holdings.len(), 2);
    assert_eq!(r.game.turns[1].player, "C");
    assert_eq!(count(&r, "hotw.header-colon"), 1);
    // lower-case words at the start of a line that are no header open no turn
    let r = p("EIV\nB(Hun): Wea\nWStep-->TurP 64\nb(Zag)\nf(XV)-->Lev\nab(Arab): Jihad\ne: Lev\nc");
    assert_eq!(r.game.turns.len(), 1);
    assert_eq!(count(&r, "hotw.seat-case"), 0);
}

#[test]
fn full_width_slash_in_battles() {
    // finding h4: `c／` was no battle token
    let r = p("EIII\nD(Sas): Zag-->PersP(fX, X, V, c／) 31");
    let e = &r.game.turns[0].expansions[0];
    assert_eq!(e.battle[..], ["fX", "X", "V", "c/"]);
    assert_eq!(count(&r, "hotw.battle-unknown"), 0);
    assert_eq!(
        messages(&r, "hotw.battle-normalized"),
        ["battle \"c／\" read as c/"]
    );
    assert_eq!(r.game.turns[0].score, Some(31));
    // other full-width battle forms, and in a card's results
    let r = p("EIII\nD(Sas): Civil(Zag, ＸＶ; LTig, cＸ)\nZag-->PersP(X＝V, ｆX)-->Hin(×V)");
    let t = &r.game.turns[0];
    assert_eq!(t.cards[0].targets[0].effects, ["X", "V"]);
    assert_eq!(t.cards[0].targets[1].effects, ["cX"]);
    assert_eq!(t.expansions[0].battle[..], ["X", "=", "V", "fX"]);
    assert_eq!(t.expansions[1].battle[..], ["X", "V"]);
    assert_eq!(count(&r, "hotw.battle-unknown"), 0);
}

#[test]
fn scores_with_a_unit_or_a_full_stop() {
    // finding h5: `20分` and `25.` were unreadable and the score null
    let r = p("EIII\nA(Han): Lead\nGPC-->Yellow(XV) 20分\nB(Rome): Lead\nSApp-->NApp 25.");
    let s: Vec<Option<i64>> = r.game.turns.iter().map(|t| t.score).collect();
    assert_eq!(s, [Some(20), Some(25)]);
    assert!(r.game.turns.iter().all(|t| t.unparsed.is_empty()));
    assert_eq!(
        messages(&r, "hotw.score-form"),
        ["score \"20分\" read as 20", "score \"25.\" read as 25"]
    );
    assert_eq!(sev(&r, "hotw.score-form"), Some(Severity::Info));
    // the family: a unit after a space, other units, the ideographic full stop, in a header
    for (line, want) in [
        ("GPC-->Yellow 20 分", 20),
        ("GPC-->Yellow 21點", 21),
        ("GPC-->Yellow 22pts", 22),
        ("GPC-->Yellow 23 pts.", 23),
        ("GPC-->Yellow 24 VP", 24),
        ("GPC-->Yellow 25。", 25),
        ("GPC-->Yellow 26 .", 26),
    ] {
        let r = p(&format!("EIII\nA(Han): Lead\n{line}"));
        assert_eq!(r.game.turns[0].score, Some(want), "{line}");
        assert_eq!(count(&r, "hotw.score-form"), 1, "{line}");
        assert_eq!(count(&r, "hotw.unreadable"), 0, "{line}");
    }
    let r = p("EIII\nA(Han): Lead 30分");
    assert_eq!(r.game.turns[0].score, Some(30));
    // numbers elsewhere stay what they were: in brackets, not at the end, not followed by a unit
    let r = p(
        "EIII\nA(Han): Lead\nGPC-->Yellow(20分)\nB(Rome): Civil(+2分)\nSApp-->NApp (25)\nC(Mau): Lead\nUInd-->LInd, 21st",
    );
    assert!(r.game.turns.iter().all(|t| t.score.is_none()));
    assert_eq!(count(&r, "hotw.score-form"), 0);
}

#[test]
fn corpus_games_are_hotw_by_tag() {
    for text in [APPENDIX4, PAUSE, CHAPTERS, QUIRKS, MALFORMED, TRANSCRIBERS] {
        for raw in record::split_games(text) {
            let (k, _) = annals_import::detect_kind(&raw, None, None);
            assert_eq!(k.map(|k| k.0), Some(Kind::Hotw));
        }
    }
}

/// Throughput of the parser, one game at a time as the importer calls it (run with
/// `cargo test --release -p annals-import --test hotw -- --ignored --nocapture`).
#[test]
#[ignore]
fn throughput() {
    let body = record::split_games(APPENDIX4).remove(0).body;
    let rounds = 4000;
    let t0 = std::time::Instant::now();
    let mut turns = 0;
    for _ in 0..rounds {
        turns += p(&body).game.turns.len();
    }
    let dt = t0.elapsed().as_secs_f64();
    let mb = (body.len() * rounds) as f64 / 1e6;
    println!("{turns} turns, {mb:.1} MB in {dt:.3}s: {:.1} MB/s", mb / dt);
    assert_eq!(turns, 49 * rounds);
}

/// The (line, col) of each diagnostic with `code`.
fn at(p: &Parsed<HotwGame>, code: &str) -> Vec<(u32, u32)> {
    p.diagnostics
        .iter()
        .filter(|d| d.code == code)
        .map(|d| (d.line, d.col))
        .collect()
}

#[test]
fn epochs_as_appendix_2_names_them() {
    let g = p(
        "第一世代 (I)\nA(Sumer): LTig-->Zag 5\n\n第二世代\nB(Chou): Wei-->Yang 7\nB(Chou)後暫停\nB: Wei, Yang(II)\n第二世代 (續)\nC(Greek): Mor-->Pin 9\n第三世代：\nD(Rome): SApp-->NApp 12\n",
    );
    let t = &g.game.turns;
    assert_eq!(t.iter().map(|t| t.epoch).collect::<Vec<_>>(), [1, 2, 2, 3]);
    assert!(t[2].resumed);
    assert_eq!(g.game.checkpoints.len(), 1);
    assert_eq!(at(&g, "hotw.epoch-form"), [(1, 1), (4, 1), (8, 1), (10, 1)]);
    assert!(!has(&g, "hotw.epoch-inferred"));
    assert!(!has(&g, "hotw.unreadable"));
    // the numeral in brackets must agree, else the line is no header
    let g = p("第一世代 (III)\nA(Sumer): LTig-->Zag 5\n");
    assert!(has(&g, "hotw.unreadable"));
}

#[test]
fn epoch_headers_set_off_by_marks_and_resumed_in_words() {
    let g = p(
        "--- Epoch I ---\nA(Sumer): LTig-->Zag 5\n== EII ==\nB(Chou): Wei-->Yang 7\nGame paused after B (Chou).\nB: Wei, Yang(II)\nEII (resumed)\nC(Greek): Mor-->Pin 9\n",
    );
    let t = &g.game.turns;
    assert_eq!(t.iter().map(|t| t.epoch).collect::<Vec<_>>(), [1, 2, 2]);
    assert_eq!(at(&g, "hotw.epoch-form"), [(1, 1), (3, 1), (7, 1)]);
    assert_eq!(at(&g, "hotw.pause-form"), [(5, 1)]);
    let cp = &g.game.checkpoints[0];
    assert_eq!(cp.seat.as_deref(), Some("B"));
    assert_eq!(cp.empire.as_deref(), Some("Chou"));
    assert_eq!(cp.holdings.len(), 2);
    assert!(t[2].resumed);
    assert!(!has(&g, "hotw.pause-mismatch"));
    assert!(!has(&g, "hotw.resume-without-pause"));
    assert!(!has(&g, "hotw.unreadable"));
}

#[test]
fn areas_by_appendix_1_chinese_headings() {
    let g = p(
        "EII\nC(Baby): Famine(中東: MTig), Mig(澳洲)(Aust, NGui)\nMTig-->LTig 6\nD(Han): Mig(非洲)(Congo, SAfr), Death(东南亚+印度: Mek)\n",
    );
    let c = &g.game.turns[0].cards;
    assert_eq!(c[0].areas, ["ME"]);
    assert_eq!(c[0].detail.as_deref(), Some("ME: MTig"));
    assert_eq!(c[1].areas, ["AUST"]);
    assert_eq!(g.game.turns[1].cards[0].areas, ["Afr"]);
    assert_eq!(g.game.turns[1].cards[1].areas, ["SEAsia", "India"]);
    assert!(!has(&g, "hotw.area-unknown"));
    assert_eq!(at(&g, "hotw.region-alias")[0], (2, 17));
}

#[test]
fn scores_set_off_by_a_word_a_sign_or_brackets() {
    let g = p(
        "EIII\nA(Rome): SApp-->NApp Score: 12\nB(Han): GPC-->Yellow\nGPC(+m) = 43\nC(Celt): CEu-->Alb(V)=57\nD(Mau): UInd-->LInd : 19\nE(Sas): Zag-->PersP(fX, X, V) (31)\nF(Mac): Pin-->Mor 分數：22\n",
    );
    let s: Vec<_> = g.game.turns.iter().map(|t| t.score).collect();
    assert_eq!(s, [Some(12), Some(43), Some(57), Some(19), None, Some(22)]);
    // `(31)` stays no score (a number in brackets never was one), nor a battle token: kept as
    // raw text, warned
    assert_eq!(g.game.turns[4].expansions[0].battle[..], ["fX", "X", "V"]);
    assert_eq!(g.game.turns[4].unparsed, ["(31)"]);
    assert_eq!(at(&g, "hotw.bracketed-number"), [(7, 31)]);
    assert!(!has(&g, "hotw.battle-unknown"));
    assert_eq!(
        at(&g, "hotw.score-form"),
        [(2, 22), (4, 9), (5, 22), (6, 21), (8, 19)]
    );
    assert!(!has(&g, "hotw.unreadable"));
    // a colon between two numbers is no score mark: `1:2` is not read as the score 2 of "1:"
    let g = p("EI\nA(Sumer): LTig-->Zag 1:2\n");
    assert!(has(&g, "hotw.unreadable"));
}

#[test]
fn names_in_several_words_whose_first_word_is_a_code_or_a_sea() {
    let g = p(
        "EII\nC(Chou): Reallocation(Western Mediterranean)\nWei River --> Yangtze Kiang (X, V) --> Chekiang\nWei River (+f, +m) 18\nD(Greek): Morea --> (Eastern Mediterranean) --> Crete (XV)\n",
    );
    let t = &g.game.turns;
    assert_eq!(t[0].cards[0].detail.as_deref(), Some("WMed"));
    let e: Vec<_> = t[0]
        .expansions
        .iter()
        .map(|e| (e.from.as_ref(), e.to.as_ref(), e.battle.len()))
        .collect();
    assert_eq!(e, [("Wei", "Yang", 2), ("Yang", "Che", 0)]);
    assert_eq!(t[0].builds[0].region, "Wei");
    assert_eq!(t[0].score, Some(18));
    assert_eq!(t[1].expansions[0].via, ["EMed"]);
    assert_eq!(t[1].expansions[0].to, "Cre");
    assert!(!has(&g, "hotw.unreadable"));
    assert!(!has(&g, "hotw.region-unknown"));
}

#[test]
fn a_cent_sign_is_c_slash() {
    let g = p("EI\nC(Baby): MTig-->LTig(V, ¢) 6\n");
    assert_eq!(g.game.turns[0].expansions[0].battle[..], ["V", "c/"]);
    assert_eq!(at(&g, "hotw.battle-normalized"), [(2, 25)]);
    assert!(!has(&g, "hotw.stray-char"));
}

#[test]
fn notes_in_brackets_are_the_turns_comment() {
    // words in brackets after the score, and anything in square brackets, are no notation: kept
    // as the turn's comment, the score read
    let g = p(
        "EV\nB(Sel): CivilServ(+1)\nEGhat(+f) 82 (a good turn)\nC(Mong): Lead [leader card]\nMong-->GPC 86\nD(Ming): Lead【好】\n",
    );
    let t = &g.game.turns;
    assert_eq!(t[0].score, Some(82));
    assert_eq!(t[0].comments, ["(a good turn)"]);
    assert!(t[0].unparsed.is_empty());
    assert_eq!(t[1].cards[0].card, "Lead");
    assert_eq!(t[1].comments, ["[leader card]"]);
    assert_eq!(t[1].score, Some(86));
    assert_eq!(t[2].comments, ["【好】"]);
    assert_eq!(at(&g, "hotw.note"), [(3, 14), (4, 15), (6, 14)]);
    assert!(!has(&g, "hotw.unreadable"));
    // brackets holding notation stay what they were (builds after a score: no note)
    let g = p("EV\nB(Sel): Lead\nEGhat 82 (+f)\n");
    assert!(!has(&g, "hotw.note"));
}

#[test]
fn a_bracketed_number_ending_a_line_is_no_battle() {
    // `(64)`: the notation writes no score in brackets, and a number is no battle token
    let g = p("EIV\nF(Hun): Wea\nWStep-->TurP(XV)-->PersP(V, cX) (64)\n");
    let t = &g.game.turns[0];
    assert_eq!(t.expansions[1].battle[..], ["V", "cX"]);
    assert_eq!(t.score, None);
    assert_eq!(t.unparsed, ["(64)"]);
    assert_eq!(at(&g, "hotw.bracketed-number"), [(3, 33)]);
    assert_eq!(sev(&g, "hotw.bracketed-number"), Some(Severity::Warning));
    assert!(!has(&g, "hotw.battle-unknown"));
}

#[test]
fn other_arrows_equals_and_spaced() {
    let g = p(
        "EIII\nA(Rome): Lead\nSApp=>NApp(V)=>CMas; NApp => Dal(XXV) ==> Pin\nB(Han): Lead\nGPC - -> Yellow(X=, c/) -- > Wei ⇒ Sze －　－＞ Si\n",
    );
    let t = &g.game.turns;
    assert_eq!(
        legs(&t[0]),
        ["SApp>NApp", "NApp>CMas", "NApp>Dal", "Dal>Pin"]
    );
    assert_eq!(t[0].expansions[0].battle[..], ["V"]);
    assert_eq!(t[0].expansions[2].battle[..], ["X", "X", "V"]);
    assert_eq!(
        legs(&t[1]),
        ["GPC>Yellow", "Yellow>Wei", "Wei>Sze", "Sze>Si"]
    );
    assert_eq!(t[1].expansions[0].battle[..], ["X", "=", "c/"]);
    assert!(
        g.diagnostics.iter().all(|d| d.severity == Severity::Info),
        "{:?}",
        g.diagnostics
    );
    // `=` stays a battle letter and `=57` a score
    let g = p("EIII\nA(Rome): Lead\nSApp-->NApp(X=V) =57\n");
    assert_eq!(g.game.turns[0].expansions[0].battle[..], ["X", "=", "V"]);
    assert_eq!(g.game.turns[0].score, Some(57));
}

#[test]
fn numbered_turn_headers() {
    let g = p("EV\n1. A(Vik): Lead\nScan-->NGaul 132\n2) b(Sel): CivilS(+1)\nTurP-->Hin 82\n");
    let t = &g.game.turns;
    assert_eq!(t.len(), 2);
    assert_eq!((t[0].player.as_ref(), t[0].empire.as_ref()), ("A", "Vik"));
    assert_eq!((t[1].player.as_ref(), t[1].empire.as_ref()), ("B", "Sel"));
    assert_eq!((t[0].score, t[1].score), (Some(132), Some(82)));
    assert_eq!(at(&g, "hotw.turn-number"), [(2, 1), (4, 1)]);
    assert_eq!(at(&g, "hotw.seat-case"), [(4, 4)]);
    assert!(!has(&g, "hotw.unreadable"));
    // a number before anything else is no header
    let g = p("EV\nA(Vik): Lead\n12. Scan-->NGaul\n");
    assert_eq!(g.game.turns.len(), 1);
    assert!(!has(&g, "hotw.turn-number"));
}

#[test]
fn other_transcribers_corpus_file() {
    let gs = games(include_str!("records/hotw/appendix-names.hotw"));
    assert_eq!(gs.len(), 4);
    let errors: Vec<usize> = gs
        .iter()
        .map(|g| {
            g.diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .count()
        })
        .collect();
    // the last game's two bracketed notes are its turns' comments
    assert_eq!(errors, [0, 0, 0, 0]);
    let h = hotw_of(&gs[0]);
    assert_eq!(h.turns.len(), 6);
    assert_eq!(h.turns[5].score, Some(20));
    let h = hotw_of(&gs[1]);
    assert_eq!(
        h.turns.iter().map(|t| t.score).collect::<Vec<_>>(),
        [Some(12), Some(7), Some(18), Some(23), Some(40)]
    );
}

#[test]
fn third_transcribers_corpus_file() {
    let gs = games(include_str!("records/hotw/full-width-forms.hotw"));
    assert_eq!(gs.len(), 3);
    assert_no_errors(&gs);
    let h = hotw_of(&gs[0]);
    assert_eq!(legs(&h.turns[0]), ["LTig>Zag", "Zag>UTig", "LTig>Lev"]);
    assert_eq!(
        h.turns.iter().map(|t| t.score).collect::<Vec<_>>(),
        [Some(12), Some(9), Some(6), Some(15), Some(18)]
    );
    let h = hotw_of(&gs[1]);
    assert_eq!(
        h.turns.iter().map(|t| t.score).collect::<Vec<_>>(),
        [Some(57), Some(43), Some(62), Some(66), None]
    );
    assert_eq!(legs(&h.turns[2]), ["CEu>WGaul", "WGaul>Alb", "CEu>Dal"]);
    let h = hotw_of(&gs[2]);
    assert_eq!(h.turns.len(), 5);
    assert_eq!(h.turns[2].unparsed, ["(86)"]);
}

#[test]
fn header_lines_before_the_first_turn() {
    let g = p(
        "Date: 2026-11-03\n日期：2026年11月3日\nPlace: Leeds\nA: Red B: Yellow\nEI\nA(Sumer): Lead\nLTig-->Zag 12\nNotes: a quiet game\n",
    );
    assert_eq!(
        g.game.comments,
        ["Date: 2026-11-03", "日期：2026年11月3日", "Place: Leeds"]
    );
    assert_eq!(at(&g, "hotw.header-line"), [(1, 1), (2, 1), (3, 1)]);
    assert!(has(&g, "hotw.colours-read"));
    assert_eq!(g.game.turns[0].score, Some(12));
    // after the first turn such a line is no header: unread, kept
    assert_eq!(g.game.turns[0].unparsed.len(), 2);
    assert!(has(&g, "hotw.unreadable"));
    // a line before any turn that starts with a region or a card stays unread
    let g = p("LTig: Zag\nLead: x\nEI\nA(Sumer): Lead\n");
    assert!(g.game.comments.is_empty());
    assert_eq!(at(&g, "hotw.unreadable"), [(1, 1), (2, 1)]);
}

const FOURTH: &str = include_str!("records/hotw/final-scores-line.hotw");

#[test]
fn final_scores_after_the_last_turn() {
    let g = p("EI\nA(Sumer): Lead\nLTig-->Zag 12\nB(Egypt):\nNileDel-->Nub 9\nFinal: A 12, B 9\n");
    assert_eq!(at(&g, "hotw.final-scores"), [(6, 1)]);
    assert_eq!(
        g.game
            .final_scores
            .iter()
            .map(|f| (f.player.as_str(), f.score, f.line))
            .collect::<Vec<_>>(),
        [("A", 12, 6), ("B", 9, 6)]
    );
    assert_eq!(g.game.closing, ["Final: A 12, B 9"]);
    // the line is no part of B's turn
    assert!(g.game.turns[1].unparsed.is_empty());
    assert_eq!(g.game.turns[1].score, Some(9));
    assert!(!has(&g, "hotw.unreadable"));
    assert_eq!(g.outcome.as_ref().map(|o| o.summary.as_str()), Some("A 12"));

    // Chinese key, full-width digits and colons, A:12 and A=12 forms; a final score that is not
    // the last total is reported at its seat and the total kept; a seat with no total takes it
    let g =
        p("EI\nA(Sumer): Lead\nLTig-->Zag 12\nB(Egypt):\nNileDel-->Nub\n最終分數：A:１２，B＝30\n");
    assert_eq!(at(&g, "hotw.final-scores"), [(6, 1)]);
    assert_eq!(
        g.game
            .final_scores
            .iter()
            .map(|f| (f.player.as_str(), f.score))
            .collect::<Vec<_>>(),
        [("A", 12), ("B", 30)]
    );
    assert!(!has(&g, "hotw.final-score-differs"));
    assert_eq!(
        g.outcome.as_ref().map(|o| o.winners.clone()),
        Some(vec!["B".to_string()])
    );
    let g = p("EI\nA(Sumer): Lead\nLTig-->Zag 12\nFinal scores: A=15\n");
    assert_eq!(at(&g, "hotw.final-score-differs"), [(4, 15)]);
    assert_eq!(sev(&g, "hotw.final-score-differs"), Some(Severity::Warning));
    assert_eq!(g.game.turns[0].score, Some(12));
    assert_eq!(g.outcome.as_ref().map(|o| o.summary.as_str()), Some("A 12"));

    // `Score: 12` on a line of its own is still the turn's score, and a key whose list does not
    // read is no final line (read as before)
    let g = p("EI\nA(Sumer): Lead\nLTig-->Zag\nScore: 12\n");
    assert_eq!(g.game.turns[0].score, Some(12));
    assert!(g.game.final_scores.is_empty() && g.game.closing.is_empty());
    let g = p("EI\nA(Sumer): Lead\nLTig-->Zag 12\nFinal: A 12, B ?\n");
    assert!(g.game.final_scores.is_empty());
    assert!(has(&g, "hotw.unreadable"));
    // before the first turn it is no final line
    let g = p("Final: A 12\nEI\nA(Sumer): Lead\n");
    assert!(g.game.final_scores.is_empty());
}

#[test]
fn winner_lines_after_the_last_turn() {
    let body = "EI\nA(Sumer): Lead\nLTig-->Zag 12\nB(Egypt):\nNileDel-->Nub 9\n";
    let g = p(&format!("{body}Winner: A\n"));
    assert_eq!(at(&g, "hotw.result-line"), [(6, 1)]);
    assert!(!has(&g, "hotw.result-disagrees"));
    assert_eq!(g.game.closing, ["Winner: A"]);
    // a winner line against the totals: warning, the totals decide
    for line in ["勝者：B", "B wins.", "Winner: B (Bob)", "B勝"] {
        let g = p(&format!("{body}{line}\n"));
        assert_eq!(at(&g, "hotw.result-line"), [(6, 1)], "{line}");
        assert_eq!(at(&g, "hotw.result-disagrees"), [(6, 1)], "{line}");
        assert_eq!(
            g.outcome.as_ref().map(|o| o.winners.clone()),
            Some(vec!["A".to_string()])
        );
    }
    // no totals at all: the winner line gives the outcome
    let g = p("EI\nA(Sumer): Lead\nLTig-->Zag\nB(Egypt):\nNileDel-->Nub\nWinner: B\n");
    let o = g.outcome.expect("outcome");
    assert_eq!(o.winners, ["B"]);
    assert_eq!(o.summary, "B wins");
    // a seat and a word that is no win stays what it was
    let g = p(&format!("{body}B was second\n"));
    assert!(g.game.closing.is_empty());
}

#[test]
fn empire_in_square_brackets() {
    let g = p("EII\nD[Chou]: CivilS(+2)\nWei-->Yang 15\nE【Vedic】：Lead\nUInd-->WDec 18\n");
    assert_eq!(at(&g, "hotw.header-bracket"), [(2, 2), (4, 2)]);
    assert_eq!(
        g.game
            .turns
            .iter()
            .map(|t| (t.player.as_ref(), t.empire.as_ref(), t.score))
            .collect::<Vec<_>>(),
        [("D", "Chou", Some(15)), ("E", "Vedic", Some(18))]
    );
    assert_eq!(g.game.turns[0].cards[0].card, "CivilS");
    assert!(!has(&g, "hotw.unreadable"));
}

#[test]
fn remarks_after_slashes_and_hashes() {
    let g = p(
        "// typed from the score sheet\nEI\nA(Sumer): Lead # the leader\nLTig-->Zag(V, c/) 12 // Ann leads\n# a line of its own\nB(Egypt):\nNileDel-->Nub 9\n",
    );
    assert_eq!(at(&g, "hotw.remark"), [(1, 1), (3, 16), (4, 22), (5, 1)]);
    assert_eq!(g.game.comments, ["typed from the score sheet"]);
    let t = &g.game.turns[0];
    assert_eq!(t.comments, ["the leader", "Ann leads", "a line of its own"]);
    assert_eq!(t.cards[0].card, "Lead");
    assert_eq!(t.score, Some(12));
    assert_eq!(t.expansions[0].battle[..], ["V", "c/"]);
    assert!(!has(&g, "hotw.unreadable"));
    assert_eq!(g.game.turns[1].score, Some(9));
}

#[test]
fn full_width_digits_in_a_score() {
    let g = p("EI\nA(Sumer): Lead\nLTig-->Zag １２\nB(Egypt): Lead ２０分\n");
    assert_eq!(g.game.turns[0].score, Some(12));
    assert_eq!(g.game.turns[1].score, Some(20));
    assert_eq!(at(&g, "hotw.score-form"), [(3, 12), (4, 16)]);
    assert!(!has(&g, "hotw.unreadable"));
}

#[test]
fn fourth_transcribers_file() {
    let gs = games(FOURTH);
    assert_eq!(gs.len(), 5);
    assert_no_errors(&gs);
    let h = hotw_of(&gs[0]);
    assert_eq!(
        h.turns.iter().map(|t| t.score).collect::<Vec<_>>(),
        [Some(12), Some(9), Some(6)]
    );
    assert_eq!(h.final_scores.len(), 3);
    let h = hotw_of(&gs[3]);
    assert_eq!(h.comments, ["由計分紙抄錄"]);
    assert_eq!(h.turns[0].score, Some(66));
    assert_eq!(h.turns[1].score, None);
    assert_eq!(
        gs[3].outcome.as_ref().map(|o| o.summary.as_str()),
        Some("F 70")
    );
}

#[test]
fn headers_without_brackets_or_with_a_dash() {
    let g = p(
        "EI\nA Sumer: Lead\nLTig-->Zag 12\nB(Egypt) - Lead\nNileDel-->Nub 9\nC Greek City States: Lead\nMor-->Pin 6\n",
    );
    assert_eq!(at(&g, "hotw.header-form"), [(2, 1), (4, 10), (6, 1)]);
    assert_eq!(
        g.game
            .turns
            .iter()
            .map(|t| (t.player.as_ref(), t.empire.as_ref(), t.cards.len(), t.score))
            .collect::<Vec<_>>(),
        [
            ("A", "Sumer", 1, Some(12)),
            ("B", "Egypt", 1, Some(9)),
            ("C", "Greek", 1, Some(6))
        ]
    );
    assert!(!has(&g, "hotw.unreadable") && !has(&g, "hotw.header-colon"));
    // words that name no empire make no header; a seat in lower case neither
    let g = p("EI\nA Sumer: Lead\nB Nowhere: Lead\na Egypt: Lead\n");
    assert_eq!(g.game.turns.len(), 1);
    assert!(has(&g, "hotw.unreadable"));
}

#[test]
fn final_scores_under_a_heading() {
    let g = p(
        "EI\nA(Sumer): Lead\nLTig-->Zag 12\nB(Egypt):\nNileDel-->Nub 9\nFinal scores:\nA 12\nB 9, C 3\n",
    );
    assert_eq!(at(&g, "hotw.final-scores"), [(6, 1), (7, 1), (8, 1)]);
    assert_eq!(
        g.game
            .final_scores
            .iter()
            .map(|f| (f.player.as_str(), f.score, f.line))
            .collect::<Vec<_>>(),
        [("A", 12, 7), ("B", 9, 8), ("C", 3, 8)]
    );
    assert!(!has(&g, "hotw.unreadable"));
    // a seat and a number with no heading before it is no final score
    let g = p("EI\nA(Sumer): Lead\nLTig-->Zag 12\nB 9\n");
    assert!(g.game.final_scores.is_empty());
}

// ---- fifth transcribers ----

fn card_raws(t: &Turn) -> Vec<&str> {
    t.cards.iter().map(|c| &*c.raw).collect()
}

#[test]
fn two_cards_joined_by_plus_or_ampersand() {
    let g = p("EI\nA(Sumer): Lead + Popu\nLTig-->Zag 12\nB(Egypt): Lead&Popu\nNileDel-->Nub 9\n");
    assert_eq!(card_raws(&g.game.turns[0]), ["Lead", "Popu"]);
    assert_eq!(card_raws(&g.game.turns[1]), ["Lead", "Popu"]);
    assert_eq!(
        g.game.turns[0]
            .cards
            .iter()
            .map(|c| &*c.card)
            .collect::<Vec<_>>(),
        ["Lead", "Popu"]
    );
    assert_eq!(at(&g, "hotw.punctuation"), [(2, 16), (4, 15)]);
    assert_eq!(sev(&g, "hotw.punctuation"), Some(Severity::Info));
    assert!(!has(&g, "hotw.unreadable"));
    assert!(g.game.turns.iter().all(|t| t.unparsed.is_empty()));
    // a + with nothing after it is still unread
    let g = p("EI\nA(Sumer): Lead +\nLTig-->Zag 12\n");
    assert!(has(&g, "hotw.unreadable"));
}

#[test]
fn a_turn_without_a_card_written_none() {
    for (head, col) in [
        ("none", 11),
        ("None", 11),
        ("no card", 11),
        ("無", 11),
        ("nil", 11),
    ] {
        let g = p(&format!("EI\nB(Egypt): {head}\nNileDel-->Nub 9\n"));
        assert!(g.game.turns[0].cards.is_empty(), "{head}");
        assert_eq!(at(&g, "hotw.no-card"), [(2, col)], "{head}");
        assert_eq!(sev(&g, "hotw.no-card"), Some(Severity::Info));
        assert!(!has(&g, "hotw.card-unknown"), "{head}");
        assert_eq!(g.game.turns[0].score, Some(9));
    }
    // with another card it is no such word: `none` stays an unknown card
    let g = p("EI\nB(Egypt): Lead, none\nNileDel-->Nub 9\n");
    assert!(has(&g, "hotw.card-unknown"));
}

#[test]
fn fifth_transcribers_file() {
    let gs = games(include_str!("records/hotw/cards-joined.hotw"));
    assert_eq!(gs.len(), 1);
    assert_no_errors(&gs);
    let h = hotw_of(&gs[0]);
    assert_eq!(
        h.turns.iter().map(card_raws).collect::<Vec<_>>(),
        [
            vec!["Lead", "Popu"],
            vec![],
            vec!["Lead", "Popu"],
            vec!["CivilS(+2)"],
            vec![]
        ]
    );
    assert!(
        gs[0]
            .diagnostics
            .iter()
            .all(|d| d.severity == Severity::Info)
    );
}

// ---- sixth transcribers ----

#[test]
fn cards_joined_by_a_slash_in_one_word() {
    let g = p("EI\nA(Sumer): Lead/Popu\nLTig-->Zag 12\n");
    let t = &g.game.turns[0];
    assert_eq!(card_raws(t), ["Lead", "Popu"]);
    assert_eq!(
        t.cards.iter().map(|c| &*c.name).collect::<Vec<_>>(),
        ["Leader", "Population Explosion"]
    );
    assert_eq!(at(&g, "hotw.punctuation"), [(2, 11)]);
    assert_eq!(sev(&g, "hotw.punctuation"), Some(Severity::Info));
    assert!(!has(&g, "hotw.card-unknown"));
    assert_eq!(t.score, Some(12));
    // a part that is no card: the word stays an unknown card, as before
    let g = p("EI\nA(Sumer): Lead/Narnia\nLTig-->Zag 12\n");
    assert!(has(&g, "hotw.card-unknown"));
    assert!(!has(&g, "hotw.punctuation"));
}

#[test]
fn a_sea_route_written_with_a_single_dash() {
    for (line, col) in [
        ("Wei-->Yang-->Che-(SCS)->Mek", 17),
        ("Wei-->Yang-->Che-(SCS)-Mek", 17),
    ] {
        let g = p(&format!(
            "EII\nA(Chou): CivilS(+2)\n{line}\nWei(+f, +m) 30\n"
        ));
        let t = &g.game.turns[0];
        let last = t.expansions.last().unwrap();
        assert_eq!((&*last.from, &*last.to), ("Che", "Mek"), "{line}");
        assert_eq!(last.via, ["SCS"], "{line}");
        assert_eq!(at(&g, "hotw.sea-dash"), [(3, col)], "{line}");
        assert_eq!(sev(&g, "hotw.sea-dash"), Some(Severity::Info));
        assert!(!has(&g, "hotw.unreadable"), "{line}");
    }
    // a dash before brackets holding no sea is not read so
    let g = p("EII\nA(Chou): CivilS(+2)\nWei-->Yang-(XV)-->Che\n");
    assert!(!has(&g, "hotw.sea-dash"));
}

#[test]
fn scores_written_with_their_gain_or_a_word_for_the_total() {
    for (end, score, code, col) in [
        ("20 (+20)", 20, "hotw.score-gain", 13),
        ("23 total", 23, "hotw.score-form", 10),
        ("計7分", 7, "hotw.score-form", 10),
        ("共23分", 23, "hotw.score-form", 10),
        ("合計30", 30, "hotw.score-form", 10),
    ] {
        let g = p(&format!("EI\nA(Sumer): Lead\nLTig(+m) {end}\n"));
        let t = &g.game.turns[0];
        assert_eq!(t.score, Some(score), "{end}");
        assert_eq!(at(&g, code), [(3, col)], "{end}");
        assert_eq!(sev(&g, code), Some(Severity::Info), "{end}");
        assert!(!has(&g, "hotw.unreadable"), "{end}");
        assert!(t.unparsed.is_empty(), "{end}");
    }
    // the gain is kept as the turn's comment
    let g = p("EI\nA(Sumer): Lead\nLTig(+m) 20 (+20)\n");
    assert_eq!(g.game.turns[0].comments, ["(+20)"]);
    // a number in brackets without a score before it stays what it was
    let g = p("EI\nA(Sumer): Lead\nLTig-->Zag (64)\n");
    assert!(has(&g, "hotw.bracketed-number"));
    assert!(!has(&g, "hotw.score-gain"));
}

#[test]
fn sixth_transcribers_file() {
    let gs = games(include_str!("records/hotw/sea-routes-and-score-words.hotw"));
    assert_eq!(gs.len(), 1);
    assert_no_errors(&gs);
    let h = hotw_of(&gs[0]);
    assert_eq!(
        h.turns.iter().map(|t| t.score).collect::<Vec<_>>(),
        [Some(12), Some(9), Some(6), Some(30), Some(29)]
    );
    assert_eq!(card_raws(&h.turns[0]), ["Lead", "Popu"]);
    assert!(
        gs[0]
            .diagnostics
            .iter()
            .all(|d| d.severity == Severity::Info),
        "{:?}",
        gs[0].diagnostics
    );
}

// ---- seventh transcribers ----

#[test]
fn rule_lines_inside_a_game_are_ignored() {
    let r = p(
        "EI\nA(Sumer): Lead\nLTig-->Zag 5\n----\nEII\nB(Greek): Mor-->Pin 9\n  * * *  \n═══\nFinal: A 5, B 9\n",
    );
    assert!(
        r.diagnostics.iter().all(|d| d.severity == Severity::Info),
        "{:?}",
        r.diagnostics
    );
    let at: Vec<(u32, u32)> = r
        .diagnostics
        .iter()
        .filter(|d| d.code == annals_import::text::code::RULE_LINE)
        .map(|d| (d.line, d.col))
        .collect();
    assert_eq!(at, [(4, 1), (7, 3), (8, 1)]);
    assert_eq!(r.game.turns.len(), 2);
    assert!(r.game.unparsed.is_empty() && r.game.turns.iter().all(|t| t.unparsed.is_empty()));
    assert_eq!(r.game.final_scores.len(), 2);
    // a rule with a header in it is the header (`--- EII ---`), a dash line with text no rule
    let r = p("EI\nA(Sumer): Lead 5\n--- EII ---\nB(Greek): Mor-->Pin 9\n");
    assert_eq!(r.game.turns[1].epoch, 2);
    assert!(!has(&r, annals_import::text::code::RULE_LINE));
    let r = p("EI\nA(Sumer): Lead 5\n---- x\n");
    assert!(!has(&r, annals_import::text::code::RULE_LINE));
    assert!(has(&r, hotw::code::UNREADABLE));
}

#[test]
fn epochs_written_as_eras_and_in_english_words() {
    for (header, epoch) in [
        ("第一紀元", 1),
        ("第二纪元", 2),
        ("第3紀元", 3),
        ("第四纪元：", 4),
        ("Epoch One", 1),
        ("Epoch two", 2),
        ("EPOCH THREE", 3),
        ("Epoch Seven:", 7),
        ("--- Epoch Five ---", 5),
    ] {
        let r = p(&format!("{header}\nA(Sumer): Lead 5\n"));
        assert_eq!(r.game.turns[0].epoch, epoch, "{header}");
        assert_eq!(
            sev(&r, hotw::code::EPOCH_FORM),
            Some(Severity::Info),
            "{header}"
        );
        assert!(!has(&r, hotw::code::UNREADABLE), "{header}");
    }
    // a resumption and a pause after the era
    let r = p(
        "第三紀元\nA(Nu): Mong-->GPC 5\nA(Nu)後暫停\nA: GPC(III)\n第三紀元 (續)\nB(Rome): Pin-->Dal 4\n",
    );
    assert!(r.game.turns[1].resumed, "{:?}", r.diagnostics);
    // no other word after `Epoch`, and no word after `E`
    for line in ["Epoch Eight", "Epoch Oner", "E One", "Epoch 1One"] {
        let r = p(&format!("{line}\nA(Sumer): Lead 5\n"));
        assert!(!has(&r, hotw::code::EPOCH_FORM), "{line}");
    }
}

#[test]
fn final_scores_as_a_table() {
    let r = p(
        "EI\nA(Sumer): Lead 12\nB(Egypt): Lead 7\nC(Mino): Lead 9\nFinal scores\n  A    B    C\n 12    7    9\n",
    );
    assert!(
        r.diagnostics.iter().all(|d| d.severity == Severity::Info),
        "{:?}",
        r.diagnostics
    );
    let fs: Vec<(&str, i64, u32)> = r
        .game
        .final_scores
        .iter()
        .map(|f| (f.player.as_str(), f.score, f.line))
        .collect();
    assert_eq!(fs, [("A", 12, 7), ("B", 7, 7), ("C", 9, 7)]);
    assert_eq!(count(&r, hotw::code::SCORE_TABLE), 1);
    assert_eq!(r.game.closing.len(), 3);
    // bars, a rule and labels; a row of labels heads the table itself
    for text in [
        "Scores:\n| A | B | C |\n|---|---|---|\n| 12 | 7 | 9 |\n",
        "| Seat | Score |\n|:-----|------:|\n| A | 12 |\n| B | 7 |\n| C | 9 |\n",
        "總分\n｜A｜B｜C｜\n｜１２｜７｜９｜\n",
    ] {
        let r = p(&format!(
            "EI\nA(Sumer): Lead 12\nB(Egypt): Lead 7\nC(Mino): Lead 9\n{text}"
        ));
        assert!(
            r.diagnostics.iter().all(|d| d.severity == Severity::Info),
            "{text}: {:?}",
            r.diagnostics
        );
        let fs: Vec<(&str, i64)> = r
            .game
            .final_scores
            .iter()
            .map(|f| (f.player.as_str(), f.score))
            .collect();
        assert_eq!(fs, [("A", 12), ("B", 7), ("C", 9)], "{text}");
    }
    // a row of numbers needs as many numbers as the seats above it; seats are not repeated; with
    // no heading a row of seats is no table
    for text in [
        "Final scores\nA B C\n12 7\n",
        "Final scores\nA B A\n12 7 9\n",
        "A B C\n12 7 9\n",
    ] {
        let r = p(&format!(
            "EI\nA(Sumer): Lead 12\nB(Egypt): Lead 7\nC(Mino): Lead 9\n{text}"
        ));
        assert!(has(&r, hotw::code::UNREADABLE), "{text}");
    }
}

#[test]
fn cards_parted_by_a_semicolon() {
    let r = p("EI\nD(Mino): Lead; Popu\nCre-->Lev 7\nB(Egypt): Lead;Popu;Wea\nNileDel-->Nub 5\n");
    assert!(!has(&r, hotw::code::UNREADABLE), "{:?}", r.diagnostics);
    assert_eq!(card_raws(&r.game.turns[0]), ["Lead", "Popu"]);
    assert_eq!(card_raws(&r.game.turns[1]), ["Lead", "Popu", "Wea"]);
    assert_eq!(count(&r, hotw::code::PUNCTUATION), 3);
    // a semicolon before a move chain or a region is the notation's, as before
    for line in ["A(Sumer): Lead; LTig-->Zag", "C(Baby): Lead; Mong"] {
        let r = p(&format!("EI\n{line}\n"));
        assert!(has(&r, hotw::code::UNREADABLE), "{line}");
        assert!(!has(&r, hotw::code::PUNCTUATION), "{line}");
    }
}

#[test]
fn seventh_transcribers_file() {
    let gs = games(include_str!("records/hotw/epoch-words-and-rules.hotw"));
    assert_eq!(
        gs.len(),
        2,
        "a rule and a game that starts again at Epoch One"
    );
    assert_no_errors(&gs);
    for g in &gs {
        assert!(
            g.diagnostics.iter().all(|d| d.severity == Severity::Info),
            "{:?}",
            g.diagnostics
        );
    }
    let h = hotw_of(&gs[0]);
    assert_eq!(
        h.turns.iter().map(|t| t.epoch).collect::<Vec<_>>(),
        [1, 1, 1, 2, 2, 2]
    );
    assert_eq!(h.final_scores.len(), 3);
    assert_eq!(card_raws(&h.turns[2]), ["Lead", "Popu"]);
    assert_eq!(gs[1].tags.len(), 0);
    assert_eq!(gs[1].diagnostics[0].code, record::code::SEPARATOR_SPLIT);
    let h = hotw_of(&gs[1]);
    assert_eq!(
        h.turns
            .iter()
            .map(|t| (t.epoch, t.line))
            .collect::<Vec<_>>(),
        [(1, 39), (1, 42), (2, 46)]
    );
    assert_eq!(h.final_scores.len(), 3);
}

/// Header lines naming a seat's player before the first turn (`A: Ana`, `B：班`, `B: Ben`, a
/// region's code as a name) name the seat's player where the tags name none; a seat with a card,
/// an empire or a colour after its colon is no such line.
#[test]
fn seat_header_lines_name_the_players() {
    let gs = games(
        "[Game \"HotW\"]\n[C \"Cleo\"]\n\nA: Ana (Blue)\nB：班\nC: Chen\nD: Lead\n\nEI\nA(Sumer): LTig-->Zag 5\nB(Egypt): NileDel-->Nub 6\nC(Mino): Cre-->Pin 4\n",
    );
    let players: Vec<(&str, Option<&str>)> = gs[0]
        .players
        .iter()
        .map(|s| (s.seat.as_str(), s.name.as_deref()))
        .collect();
    assert_eq!(
        players,
        [("A", Some("Ana")), ("B", Some("班")), ("C", Some("Cleo"))]
    );
    // the colour after A's name is A's; the others keep chapter 1's order
    let colours: Vec<Option<&str>> = gs[0].players.iter().map(|s| s.color.as_deref()).collect();
    assert_eq!(colours, [Some("Blue"), Some("Yellow"), Some("Green")]);
    let header: Vec<u32> = gs[0]
        .diagnostics
        .iter()
        .filter(|d| d.code == "hotw.header-line")
        .map(|d| d.line)
        .collect();
    assert_eq!(header, [4, 5, 6]);
    // `D: Lead` names a card: not a player (read as before)
    assert!(
        gs[0]
            .diagnostics
            .iter()
            .any(|d| d.line == 7 && d.code != "hotw.header-line")
    );
}

/// Empires written by other English or pinyin names (aliases.csv): the people, the land, the
/// singular, the adjective, the pinyin spelling.
#[test]
fn empires_by_other_english_and_pinyin_names() {
    for (written, code) in [
        ("Greece", "Greek"),
        ("Macedon", "Mac"),
        ("Xiongnu", "Nu"),
        ("Song", "Sung"),
        ("Qing", "Manchu"),
        ("Mongol", "Mong"),
        ("Holland", "Neth"),
        ("Hittite", "Hit"),
    ] {
        let gs = games(&format!("[Game \"HotW\"]\n\nEI\nA({written}): Lead 5\n"));
        let Body::Hotw(g) = &gs[0].body else {
            panic!("not HotW")
        };
        assert_eq!(g.turns[0].empire, code, "{written}");
        assert!(
            gs[0]
                .diagnostics
                .iter()
                .all(|d| d.code != "hotw.empire-unknown"),
            "{written}: {:?}",
            gs[0].diagnostics
        );
    }
}

const EIGHTH: &str = include_str!("records/hotw/title-line-and-seat-words.hotw");

/// The codes of the diagnostics of `g` at line `line`.
fn codes_at(g: &ParsedGame, line: u32) -> Vec<&str> {
    g.diagnostics
        .iter()
        .filter(|d| d.line == line)
        .map(|d| d.code.as_str())
        .collect()
}

/// The eighth round's file: every game read without an error, the habits as the tests below.
#[test]
fn eighth_transcribers_file() {
    let gs = games(EIGHTH);
    assert_eq!(gs.len(), 4);
    assert_no_errors(&gs);
    let h = hotw_of(&gs[0]);
    let seats: Vec<(&str, &str, u8)> = h
        .turns
        .iter()
        .map(|t| (&*t.player, &*t.empire, t.epoch))
        .collect();
    assert_eq!(
        seats,
        [
            ("A", "Sumer", 1),
            ("B", "Egypt", 1),
            ("C", "Mino", 1),
            ("A", "Chou", 2),
            ("B", "Vedic", 2),
            ("C", "Rome", 3),
        ]
    );
    let scores: Vec<Option<i64>> = h.turns.iter().map(|t| t.score).collect();
    assert_eq!(
        scores,
        [Some(12), Some(7), Some(6), Some(18), Some(20), Some(23)]
    );
    // `Minoans (C) - Cy: Popu`: the player's name, then the cards after the colon
    assert_eq!(h.turns[2].cards[0].card, "Popu");
    assert!(h.turns[1].cards.is_empty());
    assert!(h.turns.iter().all(|t| t.unparsed.is_empty()));
    // (no epoch-inferred: `Ep. 2` and `Era III` are the headers)
    assert!(
        gs[0]
            .diagnostics
            .iter()
            .all(|d| d.code != "hotw.epoch-inferred")
    );
}

/// A line of prose before the first turn is the game's title, kept as its comment (info
/// `hotw.title-line`), and the turns after it are read; a line of notation there is still an
/// error.
#[test]
fn title_line_before_the_first_turn() {
    let gs = games(EIGHTH);
    assert_eq!(
        hotw_of(&gs[0]).comments,
        ["Club night at the Red Lion, 12 players"]
    );
    assert!(codes_at(&gs[0], 9).contains(&"hotw.title-line"));
    // (no Title tag: the line is the game's title)
    assert_eq!(
        gs[0].title.as_deref(),
        Some("Club night at the Red Lion, 12 players")
    );
    assert_eq!(gs[1].title.as_deref(), Some("第三屆聯賽 決賽"));
    let tagged =
        games("[Game \"HotW\"]\n[Title \"Final\"]\n\nThe final of the cup\nEI\nA(Sumer): Lead 5\n");
    assert_eq!(tagged[0].title.as_deref(), Some("Final"));
    assert_eq!(hotw_of(&tagged[0]).comments, ["The final of the cup"]);
    assert_eq!(hotw_of(&gs[1]).comments, ["第三屆聯賽 決賽", "B方：班"]);
    assert!(codes_at(&gs[1], 41).contains(&"hotw.title-line"));
    let r = p("第三屆聯賽決賽\nEI\nA(Sumer): Lead 5\n");
    assert_eq!(r.game.comments, ["第三屆聯賽決賽"]);
    assert_eq!(r.game.turns.len(), 1);
    // notation, an epoch word or a pause word before the first turn is no title
    for line in [
        "LTig-->Zag Lev",
        "第一紀元，第一紀元",
        "Epoch ch One",
        "the game 後暫停 here",
        "if v == want",
        "Lead Popu Astro",
    ] {
        let r = p(&format!("{line}\nEI\nA(Sumer): Lead 5\n"));
        assert!(
            r.diagnostics.iter().all(|d| d.code != "hotw.title-line"),
            "{line}: {:?}",
            r.diagnostics
        );
    }
}

/// Turn headers written empire first (`Sumer (A): Lead`), with the player after a dash (`Egypt
/// (B) – Ben`, `Minoans (C) - Cy: Popu`; info `hotw.header-player`).
#[test]
fn headers_written_empire_first_with_the_player() {
    let gs = games(EIGHTH);
    assert_eq!(codes_at(&gs[0], 11), ["hotw.header-form"]);
    assert!(codes_at(&gs[0], 15).contains(&"hotw.header-player"));
    let d = gs[0]
        .diagnostics
        .iter()
        .find(|d| d.code == "hotw.header-player" && d.line == 19)
        .expect("header-player");
    assert_eq!((d.col, d.severity), (15, Severity::Info));
    // no tag names seat A of the second game: the name after the dash is its player
    let a = gs[1]
        .players
        .iter()
        .find(|s| s.seat == "A")
        .expect("seat A");
    assert_eq!(a.name.as_deref(), Some("安"));
    assert_eq!(hotw_of(&gs[1]).turns[0].empire, "Vik");
    // a card after the dash is the turn's card, as before; a misspelled one too
    let r = p("EI\nB(Egypt) - Lead 5\nC(Mino) - Laed 3\nD(Baby) - Lea 2\n");
    assert_eq!(r.game.turns[0].cards[0].card, "Lead");
    assert_eq!(r.game.turns[1].cards[0].card, "Lead");
    assert!(r.diagnostics.iter().all(|d| d.code != "hotw.header-player"));
    // after the colon of a header written empire first: `Assyria (A): Dee`, `Celts (A): Dee: Lead`
    let h = hotw_of(&gs[3]);
    assert!(h.turns[0].cards.is_empty());
    assert_eq!(h.turns[2].cards[0].card, "Lead");
    assert_eq!(gs[3].players[0].name.as_deref(), Some("Dee"));
    assert!(codes_at(&gs[3], 75).contains(&"hotw.header-player"));
    // another name than the tag's is kept as the turn's comment
    let gs2 = games("[Game \"HotW\"]\n[A \"Ana\"]\n\nEI\nSumer (A) - Zoe\nLTig-->Zag 5\n");
    assert_eq!(hotw_of(&gs2[0]).turns[0].comments, ["Zoe"]);
    assert_eq!(gs2[0].players[0].name.as_deref(), Some("Ana"));
    // (a region there is a region's mistake, no name: `Sumer (A): LTig`)
    let r = p("EI\nSumer (A): LTig 5\n");
    assert!(r.diagnostics.iter().all(|d| d.code != "hotw.header-player"));
    // words that name no empire before the brackets make no header
    let r = p("EI\nMy friend (A): Lead\n");
    assert!(r.game.turns.is_empty());
}

/// Seats written with a word: `Player B (Vedic)`, `B方(Turks)`, `弈者B(Fuji)` (info
/// `hotw.seat-form`).
#[test]
fn seats_written_in_words() {
    let gs = games(EIGHTH);
    assert_eq!(codes_at(&gs[0], 28), ["hotw.seat-form"]);
    let h = hotw_of(&gs[1]);
    assert_eq!(
        (&*h.turns[1].player, &*h.turns[1].empire, h.turns[1].minor),
        ("B", "Fuji", true)
    );
    assert_eq!(&*h.turns[2].player, "B");
    assert_eq!(codes_at(&gs[1], 48), ["hotw.seat-form"]);
    // the seat with its word in a header line and in the final scores: `B方：班`, `A方 30`
    let b = gs[1]
        .players
        .iter()
        .find(|s| s.seat == "B")
        .expect("seat B");
    assert_eq!(b.name.as_deref(), Some("班"));
    let finals: Vec<(&str, i64)> = h
        .final_scores
        .iter()
        .map(|f| (f.player.as_str(), f.score))
        .collect();
    assert_eq!(finals, [("A", 30), ("B", 28), ("C", 31)]);
    assert_eq!(codes_at(&gs[1], 60), ["hotw.final-scores"]);
    assert_eq!(codes_at(&gs[1], 61), ["hotw.result-line"]);
    // (no turn number read in `Player B`)
    assert!(
        gs[0]
            .diagnostics
            .iter()
            .all(|d| d.code != "hotw.turn-number")
    );
}

/// `Turks`, `Turkey` name the Seljuk (EV) or the Ottoman Turks (EVI) by the epoch; before any
/// epoch, a warning `hotw.empire-ambiguous`.
#[test]
fn turks_by_the_epoch() {
    let gs = games(EIGHTH);
    let h = hotw_of(&gs[1]);
    assert_eq!((&*h.turns[2].empire, h.turns[2].epoch), ("Sel", 5));
    assert_eq!((&*h.turns[3].empire, h.turns[3].epoch), ("Otto", 6));
    assert!(codes_at(&gs[1], 51).contains(&"hotw.empire-context"));
    let h = hotw_of(&gs[2]);
    assert_eq!(&*h.turns[0].empire, "Sel");
    let d = gs[2]
        .diagnostics
        .iter()
        .find(|d| d.code == "hotw.empire-ambiguous")
        .expect("empire-ambiguous");
    assert_eq!((d.line, d.col, d.severity), (66, 3, Severity::Warning));
    let r = p("EVII\nA(Turkish): Lead 5\n");
    assert_eq!(r.game.turns[0].empire, "Otto");
}

/// Epochs written `Ep. 2`, `Ep 3`, `EP4`, `Era III`, `Age 5`; scores written `score 12`,
/// `Score=20`.
#[test]
fn epochs_cut_short_and_scores_with_words() {
    for (line, e) in [
        ("Ep. 2", 2),
        ("Ep 3", 3),
        ("EP4", 4),
        ("Ep.VI", 6),
        ("Era III", 3),
        ("Age 5", 5),
    ] {
        let r = p(&format!("{line}\nA(Sumer): Lead 5\n"));
        assert_eq!(r.game.turns[0].epoch, e, "{line}");
        assert!(
            r.diagnostics
                .iter()
                .any(|d| d.code == "hotw.epoch-form" && d.line == 1),
            "{line}: {:?}",
            r.diagnostics
        );
    }
    // a region, a pause word, a title are no epochs
    let r = p("EI\nA(Sumer): Lead\nEPac-->Mex 5\n");
    assert_eq!(r.game.turns[0].expansions.len(), 1);
    let gs = games(EIGHTH);
    let d = gs[0]
        .diagnostics
        .iter()
        .find(|d| d.code == "hotw.score-form" && d.line == 30)
        .expect("Score=20");
    assert_eq!(d.col, 10);
    let r = p("EI\nA(Sumer): Lead\nLTig(+m) pts=14\n");
    assert_eq!(r.game.turns[0].score, Some(14));
}

/// Arrows other clubs write: a `>` alone, a `>` too many, tildes, and `入` ("into") between two
/// regions; each read as an arrow and reported (`hotw.arrow-repaired`, the expansion repaired).
#[test]
fn arrows_written_gt_tilde_or_into() {
    for arrow in [">", " > ", "->>", ">>", "~>", "~~>", "～＞", "入", " 入 "] {
        let r = p(&format!("EI\nA(Sumer): Lead\nLTig{arrow}Zag 12\n"));
        let t = &r.game.turns[0];
        assert_eq!(legs(t), ["LTig>Zag"], "{arrow}");
        assert!(t.expansions[0].repaired, "{arrow}");
        assert_eq!(t.score, Some(12), "{arrow}");
        assert_eq!(count(&r, "hotw.arrow-repaired"), 1, "{arrow}");
        assert_eq!(sev(&r, "hotw.arrow-repaired"), Some(Severity::Warning));
        assert!(
            r.diagnostics.iter().all(|d| d.severity != Severity::Error),
            "{arrow}: {:?}",
            r.diagnostics
        );
    }
    // the notation's arrows stay unreported; `入` in prose and a `>` opening a line are no arrows
    let r = p("EI\nA(Sumer): Lead\nLTig-->Zag, Zag->Akk 12\n");
    assert!(!has(&r, "hotw.arrow-repaired"));
    let r = p("加入 the club\nEI\nA(Sumer): Lead\nLTig-->Zag 12\n");
    assert!(!has(&r, "hotw.arrow-repaired"));
}

/// A move line wrapped onto the next line, after an arrow or a comma or before one, is read as one
/// line (`text.line-wrapped`); a comma after the score and a header after a comma stay apart.
#[test]
fn wrapped_move_lines_are_joined() {
    let r = p(
        "EI\nA(Sumer): Lead\nLTig-->Zag,\nZag-->Akk 12\nB(Egypt): Lead\nNileDel-->\nNub 9\nC(Mino): Lead\nManchuP-->GPC\n, Korea 5\nD(IndV): Lead\nInd-->Pin\n   -->Hin 7,\nE(Shang): Lead\n",
    );
    let t = &r.game.turns;
    assert_eq!(legs(&t[0]), ["LTig>Zag", "Zag>Akk"]);
    assert_eq!(t[0].score, Some(12));
    assert_eq!(legs(&t[1]), ["NileDel>Nub"]);
    assert_eq!(t[1].score, Some(9));
    assert_eq!(legs(&t[2]), ["ManP>GPC", "ManP>Kor"]);
    assert_eq!(legs(&t[3]), ["Ind>Pin", "Pin>Hin"]);
    assert_eq!(t[3].score, Some(7));
    assert_eq!(t.len(), 5);
    assert_eq!(count(&r, "text.line-wrapped"), 4);
    assert_eq!(sev(&r, "text.line-wrapped"), Some(Severity::Info));
    let d = r
        .diagnostics
        .iter()
        .find(|d| d.code == "text.line-wrapped")
        .unwrap();
    assert_eq!((d.line, d.col), (4, 1));
    assert!(r.diagnostics.iter().all(|d| d.severity != Severity::Error));
    // a comma after the score, then a header: no wrap
    let r = p("EI\nA(Sumer): Lead\nLTig-->Zag 12,\nB(Egypt): Lead\nNileDel-->Nub 9\n");
    assert!(!has(&r, "text.line-wrapped"));
    assert_eq!(r.game.turns.len(), 2);
    // a header's cards ending with a stray comma, then a line of moves: apart, the moves read
    let r = p("EI\nA(Sumer): Lead,\nLTig-->Zag, Akk 5\nB(Egypt): Lead\nNileDel-->Nub 3\n");
    assert!(!has(&r, "text.line-wrapped"), "{:?}", r.diagnostics);
    let t = &r.game.turns;
    assert_eq!(t[0].cards.len(), 1);
    assert_eq!(legs(&t[0]), ["LTig>Zag", "LTig>Akk"]);
    assert_eq!(t[0].score, Some(5));
    assert!(r.diagnostics.iter().all(|d| d.severity != Severity::Error));
    // but a header's cards going on after a comma are joined
    let r = p("EI\nA(Sumer): Lead,\nPopu\nLTig-->Zag 5\n");
    assert!(has(&r, "text.line-wrapped"));
    assert_eq!(r.game.turns[0].cards.len(), 2);
}

/// Pause lines in other words than `後暫停`, before or after the seat and empire, or alone after a
/// turn: read as the pause (`hotw.pause-form`) with the seat and empire given or the last turn's.
#[test]
fn pause_lines_in_other_words() {
    for line in [
        "B(Egypt)中斷",
        "B(Egypt) 後中斷",
        "B(Egypt)之後暫停",
        "B(Egypt) paused",
        "B(Egypt): Paused.",
        "B(Egypt) - pause",
        "Pause: B(Egypt)",
        "Paused B(Egypt)",
        "暫停：B(Egypt)",
        "中断 B(Egypt)",
        "於B(Egypt)後暫停",
        "Pause after B(Egypt)",
        "Pause",
        "paused.",
        "暫停。",
        "(paused)",
        "中斷",
    ] {
        let r = p(&format!(
            "EI\nA(Sumer): Lead\nLTig-->Zag 12\nB(Egypt): Lead\nNileDel-->Nub 9\n{line}\nA: Zag(i)\nB: Nub(i)\nEI (con't)\nC(Mino): Lead\n"
        ));
        let cp = &r.game.checkpoints;
        assert_eq!(cp.len(), 1, "{line}: {:?}", r.diagnostics);
        assert_eq!(cp[0].seat.as_deref(), Some("B"), "{line}");
        assert_eq!(cp[0].empire.as_deref(), Some("Egypt"), "{line}");
        assert_eq!(cp[0].after_turn, 2, "{line}");
        assert_eq!(cp[0].holdings.len(), 2, "{line}");
        assert_eq!(
            count(&r, "hotw.pause-form"),
            1,
            "{line}: {:?}",
            r.diagnostics
        );
        assert_eq!(sev(&r, "hotw.pause-form"), Some(Severity::Info));
        assert!(!has(&r, "hotw.pause-mismatch"), "{line}");
        assert!(
            r.diagnostics.iter().all(|d| d.severity != Severity::Error),
            "{line}: {:?}",
            r.diagnostics
        );
        assert_eq!(r.game.turns.len(), 3, "{line}");
    }
    // the notation's own form stays unreported; a word that only starts so is no pause
    let r = p("EI\nA(Sumer): Lead\nA(Sumer)後暫停\n");
    assert_eq!(r.game.checkpoints.len(), 1);
    assert!(!has(&r, "hotw.pause-form"));
    let r = p("EI\nA(Sumer): Lead\nA(Sumer) Pausanias\n");
    assert!(r.game.checkpoints.is_empty());
    let r = p("EVI中斷\n");
    assert_eq!(r.game.checkpoints.len(), 1);
}

/// Cards and empires by their Chinese names (chapter 3's where it gives them, standard
/// translations otherwise; Traditional and Simplified): read as aliases.
#[test]
fn cards_and_empires_by_chinese_names() {
    let r = p(
        "EIII\nA(羅馬): 人口爆炸(+2)\nGaul-->Ibe 12\nB(汉朝): 公職制度(+2), 领袖\nWei-->GPC 9\nC(匈奴): 瘟疫\nD(马其顿): 內戰(Malay, X)\n",
    );
    let t = &r.game.turns;
    assert_eq!(t[0].empire, "Rome");
    assert_eq!(t[0].cards[0].card, "Popu");
    assert_eq!(t[0].cards[0].amount, Some(2));
    assert_eq!(t[1].empire, "Han");
    assert_eq!(
        t[1].cards.iter().map(|c| &*c.card).collect::<Vec<_>>(),
        ["CivilS", "Lead"]
    );
    assert_eq!(t[2].empire, "Nu");
    assert_eq!(t[2].cards[0].card, "Plague");
    assert_eq!(t[3].empire, "Mac");
    assert_eq!(t[3].cards[0].card, "CivilW");
    assert_eq!(count(&r, "hotw.card-alias"), 5);
    assert_eq!(count(&r, "hotw.empire-alias"), 4);
    assert!(!has(&r, "hotw.card-unknown") && !has(&r, "hotw.empire-unknown"));
    // a Chinese word one character from a name is not guessed as a misspelling
    let r = p("EIII\nA(羅馬): 人口爆發\n");
    assert!(has(&r, "hotw.card-unknown"));
    assert!(!has(&r, "hotw.card-fuzzy"));
}

/// A full-width plus in a build or an amount is read as `+` (`hotw.plus-form`).
#[test]
fn full_width_plus_reads_as_plus() {
    let r = p("EI\nA(Sumer): Popu(＋2)\nLTig-->Zag(＋m)\nAlb(＋f), LTig(＋ct) 12\n");
    let t = &r.game.turns[0];
    assert_eq!(t.cards[0].amount, Some(2));
    assert_eq!(t.expansions[0].builds[..], ["m"]);
    assert_eq!(t.builds.len(), 2);
    assert_eq!(t.builds[0].items[..], ["f"]);
    assert_eq!(t.builds[1].items[..], ["ct"]);
    assert_eq!(t.score, Some(12));
    assert_eq!(count(&r, "hotw.plus-form"), 4);
    let d = r
        .diagnostics
        .iter()
        .find(|d| d.code == "hotw.plus-form")
        .unwrap();
    assert_eq!((d.line, d.col), (2, 16));
    assert!(!has(&r, "hotw.build-unknown"));
}

/// Seat colours written with the players' names (`A - Ann - Purple`, `A: Ann (Purple)`, several
/// on a line): read, not chapter 1's.
#[test]
fn seat_colours_with_the_players() {
    let r = p(
        "A - Ann - Purple\nB: Ben (Red), C: Cat (Blue)\nD – Green – Dan; E: Eve, Yellow\nEI\nA(Sumer): Lead\nB(Egypt): Lead\nC(Mino): Lead\nD(IndV): Lead\nE(Baby): Lead\nF(Shang): Lead\n",
    );
    let seats: Vec<(&str, Option<&str>, Option<&str>)> = r
        .players
        .iter()
        .map(|s| (s.seat.as_str(), s.name.as_deref(), s.color.as_deref()))
        .collect();
    assert_eq!(
        seats,
        [
            ("A", Some("Ann"), Some("Purple")),
            ("B", Some("Ben"), Some("Red")),
            ("C", Some("Cat"), Some("Blue")),
            ("D", Some("Dan"), Some("Green")),
            ("E", Some("Eve"), Some("Yellow")),
            ("F", None, Some("Purple")),
        ]
    );
    assert!(has(&r, "hotw.colours-read"));
    assert!(!has(&r, "hotw.colours-default"));
    assert_eq!(count(&r, "hotw.header-line"), 3);
    assert!(r.diagnostics.iter().all(|d| d.severity != Severity::Error));
}

/// An epoch header is no move line: a line opening with an arrow after it is not joined to it.
#[test]
fn an_epoch_header_is_never_wrapped() {
    let r = p("EI\nA(Sumer): Lead\nLTig-->Zag 12\nEII\n-->Akk\nB(Assy): Lead\n");
    assert!(!has(&r, "text.line-wrapped"));
    assert_eq!(r.game.turns[1].epoch, 2);
    assert!(!has(&r, "hotw.epoch-inferred"));
}
