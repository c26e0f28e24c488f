//! WEC notation: every production of the grammar, the body layout, diagnostics, replay, the
//! renderer's round trip on the whole corpus, and descriptions.

use std::path::{Path, PathBuf};

use annals_import::model::{Ctx, Parsed};
use annals_import::wec::{self, Turn, WecGame};
use annals_import::{Severity, record};

fn parse_with(body: &str, tags: &[(String, String)]) -> Parsed<WecGame> {
    wec::parse(
        body,
        &Ctx {
            first_line: 1,
            tags,
        },
    )
}

fn parse(body: &str) -> Parsed<WecGame> {
    parse_with(body, &[])
}

/// The only turn of a one-line body, which must read without errors.
fn turn(line: &str) -> Turn {
    let p = parse(line);
    let errors: Vec<_> = p
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    assert!(errors.is_empty(), "{line}: {errors:?}");
    match p.game.turns.into_iter().next() {
        Some(t) => t,
        None => panic!("no turn in {line:?}"),
    }
}

fn diag_codes(p: &Parsed<WecGame>) -> Vec<&str> {
    p.diagnostics.iter().map(|d| &*d.code).collect()
}

fn codes(xs: &[&'static str]) -> Vec<wec::Code> {
    xs.iter().map(|x| wec::Code::Borrowed(x)).collect()
}

/// Parse, render, parse again: the same turn (up to the written form).
fn round_trips(t: &Turn) {
    let again = turn(&wec::render(t));
    assert_eq!(strip(&again), strip(t), "render: {}", wec::render(t));
}

fn strip(t: &Turn) -> Turn {
    Turn {
        notation: String::new(),
        line: 0,
        no: None,
        comment: None,
        ply: 0,
        color: wec::Code::Borrowed(""),
        ..t.clone()
    }
}

// ---- productions ----

#[test]
fn move_with_levels_articles_and_orientation() {
    let t = turn("MV:TA(1,1)->(3,1)");
    assert_eq!(
        (&*t.piece.kind, &*t.piece.level, t.piece.at),
        ("TA", "ground", [1, 1])
    );
    assert_eq!((&*t.to.level, t.to.at), ("ground", [3, 1]));
    assert!(t.piece.articles.is_empty() && t.piece.orient.is_none());
    let t = turn("MV:JE(1,4)->^(1,4)");
    assert_eq!(t.to.level, "air");
    let t = turn("MV:SUv(1,2)->v(3,2)");
    assert_eq!((&*t.piece.level, &*t.to.level), ("sub", "sub"));
    let t = turn("MV:RP(6,5)3SLSTXXX>->(5,6)");
    assert_eq!(t.piece.articles, ["SL", "ST", "XXX"]);
    assert_eq!(t.piece.orient.as_deref(), Some(">"));
    let t = turn("MV:CH^(10,10)1ASH<->^(9,9)");
    assert_eq!(
        (t.piece.articles.clone(), t.piece.orient.as_deref()),
        (codes(&["ASH"]), Some("<"))
    );
    round_trips(&t);
}

#[test]
fn move_json_has_the_contract_shape() {
    let t = turn("MV:TA(1,1)1FL->(3,1)");
    let v = serde_json::to_value(&t).unwrap_or_default();
    assert_eq!(
        v["piece"],
        serde_json::json!({"type":"TA","level":"ground","at":[1,1],"articles":["FL"],"orient":null})
    );
    assert_eq!(v["to"], serde_json::json!({"level":"ground","at":[3,1]}));
    for k in [
        "transport",
        "dozer",
        "pickup",
        "exchange",
        "reinforce",
        "drop",
        "comment",
    ] {
        assert!(v[k].is_null(), "{k}");
    }
    for k in ["fires", "results", "unparsed"] {
        assert_eq!(v[k], serde_json::json!([]), "{k}");
    }
}

#[test]
fn transport() {
    let t = turn("MV:SHP(2,5)->(3,6)-TRA->DS(3,4)1JU^(5,4)1JU");
    let Some(tr) = &t.transport else {
        panic!("no transport")
    };
    assert_eq!(
        (&*tr.piece.kind, tr.piece.at, tr.piece.articles.clone()),
        ("DS", [3, 4], codes(&["JU"]))
    );
    assert_eq!(
        (&*tr.to.level, tr.to.at, tr.articles.clone()),
        ("air", [5, 4], codes(&["JU"]))
    );
    round_trips(&t);
    let t = turn("MV:TA(1,1)->(2,1)-TRA->TA(3,3)(4,4)");
    assert!(
        t.transport
            .as_ref()
            .is_some_and(|x| x.articles.is_empty() && x.to.level == "ground")
    );
}

#[test]
fn dozer_with_one_to_five_pieces() {
    let t = turn("MV:DO(1,9)->(2,9),DO>(2,9)SP(3,9)");
    let Some(d) = &t.dozer else {
        panic!("no dozer")
    };
    assert_eq!(
        (d.toward, d.pieces.len(), &*d.pieces[0].kind, d.pieces[0].at),
        ([2, 9], 1, "SP", [3, 9])
    );
    let t = turn("MV:DO(1,9)->(2,9),DO>(2,9)SP(3,9),RP(4,9),TA(5,9),K(6,9),AAA(7,9)");
    assert_eq!(t.dozer.as_ref().map(|d| d.pieces.len()), Some(5));
    round_trips(&t);
    let p = parse("MV:DO(1,9)->(2,9),DO>(2,9)SP(3,9),RP(4,9),TA(5,9),K(6,9),AAA(7,9),Q(8,9)");
    assert_eq!(
        p.game.turns[0].dozer.as_ref().map(|d| d.pieces.len()),
        Some(6)
    );
    assert!(diag_codes(&p).contains(&"wec.dozer-many"));
}

#[test]
fn fires_toward_a_location_or_at_a_piece() {
    let t = turn("MV:SUv(10,2)->v(8,2),FI1:TL/SUv(8,2)->(4,2)<");
    let f = &t.fires[0];
    assert_eq!((f.slot, &*f.article, &*f.from.kind), (1, "TL", "SU"));
    assert_eq!(
        f.toward.as_ref().map(|x| (x.at, x.orient.clone())),
        Some(([4, 2], Some(wec::Code::Borrowed("<"))))
    );
    assert!(f.target.is_none());
    let t = turn("MV:CH^(10,4)->^(8,4),FI1:ST/CH^(8,4)=>CH^(5,4)2SCJU>,FI2:RL/RP(9,10)->(3,10)");
    assert_eq!(t.fires.len(), 2);
    let target = t.fires[0].target.clone().unwrap_or_default();
    assert_eq!(
        (&*target.kind, &*target.level, target.articles.len()),
        ("CH", "air", 2)
    );
    assert_eq!(target.orient.as_deref(), Some(">"));
    assert_eq!(
        (
            t.fires[1].slot,
            t.fires[1].toward.as_ref().map(|x| x.orient.clone())
        ),
        (2, Some(None))
    );
    round_trips(&t);
}

#[test]
fn fire_numbers_and_a_third_fire() {
    let p = parse("MV:TA(1,1)->(2,1),FI2:FL/TA(2,1)->(4,1)");
    assert!(diag_codes(&p).contains(&"wec.fire-slot"));
    let p = parse(
        "MV:TA(1,1)->(2,1),FI1:FL/TA(2,1)->(4,1),FI2:FL/TA(2,1)->(4,1),FI2:FL/TA(2,1)->(4,1)",
    );
    assert!(diag_codes(&p).contains(&"wec.part-twice"));
    assert_eq!(p.game.turns[0].fires.len(), 2);
    assert_eq!(p.game.turns[0].unparsed, [",FI2:FL/TA(2,1)->(4,1)"]);
}

#[test]
fn pickup() {
    let t = turn("MV:SP(3,3)1BI->(4,4),PU:SP(4,4)1BI^AST");
    let Some(pu) = &t.pickup else {
        panic!("no pickup")
    };
    assert_eq!(
        (&*pu.piece.kind, pu.piece.at, &*pu.article),
        ("SP", [4, 4], "AST")
    );
    round_trips(&t);
}

#[test]
fn exchange_transfer_and_swap() {
    let t = turn("MV:Q(1,6)->(2,5),EX:SP(4,4)2BIAST->AST->SHP(3,6)1SC");
    let Some(ex) = &t.exchange else {
        panic!("no exchange")
    };
    assert_eq!(
        (&*ex.from.kind, &*ex.article, ex.swap.clone(), &*ex.to.kind),
        ("SP", "AST", None, "SHP")
    );
    round_trips(&t);
    let t = turn("MV:RP(6,5)3SLSTXXX>->(5,6),EX:RP(5,6)3SLSTXXX->ST<=>SH<-SP(7,2)1SH");
    let Some(ex) = &t.exchange else {
        panic!("no exchange")
    };
    assert_eq!(
        (&*ex.article, ex.swap.as_deref(), ex.to.at),
        ("ST", Some("SH"), [7, 2])
    );
    round_trips(&t);
}

#[test]
fn reinforce() {
    let t = turn("MV:TA(1,1)->(2,1),RE:(1,1)TA<");
    let Some(re) = &t.reinforce else {
        panic!("no reinforce")
    };
    assert_eq!(
        (re.at, &*re.kind, re.orient.as_deref()),
        ([1, 1], "TA", Some("<"))
    );
    let t = turn("MV:TA(1,1)->(2,1),RE:(1,1)AAA");
    assert_eq!(
        t.reinforce.as_ref().map(|r| (&*r.kind, r.orient.is_none())),
        Some(("AAA", true))
    );
    round_trips(&t);
}

#[test]
fn drop() {
    let t = turn("MV:RP(5,6)3SLXXXSH->(4,5),DR:RP(4,5)3SLXXXSHvSL");
    let Some(dr) = &t.drop else { panic!("no drop") };
    assert_eq!((dr.piece.articles.len(), &*dr.article), (3, "SL"));
    round_trips(&t);
    // the drop's `v` is not a level: a piece at sub level drops too
    let t = turn("MV:SUv(3,3)1TL->v(4,4),DR:SUv(4,4)1TLvTL");
    assert_eq!(t.drop.as_ref().map(|d| &*d.piece.level), Some("sub"));
}

#[test]
fn results_in_every_form() {
    let t = turn(
        "MV:TA(1,1)->(2,1),RS:R->(7,4)(-1,0),Tv(5,2),RK*K(10,6)0W,STK*DS^(5,4)1JU2B,RP*RP(6,5)3SLSTXXX0B,S->(0,-1)",
    );
    let r = &t.results;
    assert_eq!(r.len(), 6);
    assert_eq!(
        (&*r[0].kind, r[0].at, r[0].offset),
        ("R", Some([7, 4]), Some([-1, 0]))
    );
    assert_eq!((&*r[1].kind, r[1].down_at), ("T", Some([5, 2])));
    assert_eq!(
        (&*r[2].kind, r[2].stun, r[2].color.as_deref()),
        ("RK", Some(0), Some("W"))
    );
    assert_eq!(
        r[2].piece.as_ref().map(|p| (&*p.kind, p.at)),
        Some(("K", [10, 6]))
    );
    assert_eq!((&*r[3].kind, r[3].stun), ("STK", Some(2)));
    assert_eq!(
        r[3].piece.as_ref().map(|p| p.articles.clone()),
        Some(codes(&["JU"]))
    );
    assert_eq!(r[4].piece.as_ref().map(|p| p.articles.len()), Some(3));
    assert_eq!(
        (&*r[5].kind, r[5].at, r[5].offset),
        ("S", None, Some([0, -1]))
    );
    round_trips(&t);
}

#[test]
fn stun_after_articles_is_read_by_backtracking() {
    // `1W`: no article code follows the 1, so it is the stun
    let t = turn("MV:TA(1,1)->(2,1),RS:STK*TA(5,5)1W");
    assert_eq!(t.results[0].stun, Some(1));
    assert!(
        t.results[0]
            .piece
            .as_ref()
            .is_some_and(|p| p.articles.is_empty())
    );
    let t = turn("MV:TA(1,1)->(2,1),RS:STK*TA(5,5)1FL25W");
    assert_eq!(
        (
            t.results[0].stun,
            t.results[0].piece.as_ref().map(|p| p.articles.len())
        ),
        (Some(25), Some(1))
    );
    let t = turn("MV:TA(1,1)->(2,1),RS:STK*TA(5,5)255B");
    assert_eq!(t.results[0].stun, Some(255));
    let p = parse("MV:TA(1,1)->(2,1),RS:STK*TA(5,5)256B");
    assert!(diag_codes(&p).contains(&"wec.part-unreadable"));
}

// ---- the notation's grammar faults ----

#[test]
fn prefix_collisions_take_the_longest_code_of_the_position() {
    // STK (result) vs STP (piece type, read as SP) vs S
    let t = turn(
        "MV:TA(1,1)->(2,1),RS:STK*TA(5,5)0W,STP*STP(5,6)0W,S->(4,4)(1,0),SK*JE^(3,3)0W,SP->(2,2)(0,1)",
    );
    let kinds: Vec<&str> = t.results.iter().map(|r| &*r.kind).collect();
    assert_eq!(kinds, ["STK", "SP", "S", "SK", "SP"]);
    // AS (piece) vs AST / ASH (articles)
    let t = turn("MV:AS(1,6)2ASTASH->(2,6),PU:AS(2,6)2ASTASH^ASL");
    assert_eq!(
        (&*t.piece.kind, t.piece.articles.clone()),
        ("AS", codes(&["AST", "ASH"]))
    );
    // SP / SOP / SU
    for (s, k) in [
        ("MV:SP(2,2)->(3,3)", "SP"),
        ("MV:SOP(2,2)->(3,3)", "SOP"),
        ("MV:SU(1,2)->v(1,2)", "SU"),
    ] {
        assert_eq!(turn(s).piece.kind, k);
    }
    // R / RK / RP, T / TK / TA
    let t = turn(
        "MV:TA(1,1)->(2,1),RS:R->(3,3)(1,0),RK*RP(3,3)0W,RP->(3,3)(1,1),T->(4,4)(0,1),TK*TA(4,4)0W,TA->(5,5)(0,0)",
    );
    let kinds: Vec<&str> = t.results.iter().map(|r| &*r.kind).collect();
    assert_eq!(kinds, ["R", "RK", "RP", "T", "TK", "TA"]);
}

#[test]
fn alternate_spellings_are_normalized_with_an_info() {
    let p = parse("MV:STP(9,9)->(8,10),PU:STP(8,10)^JP");
    let t = &p.game.turns[0];
    assert_eq!(
        (&*t.piece.kind, t.pickup.as_ref().map(|x| &*x.article)),
        ("SP", Some("JU"))
    );
    let alias: Vec<_> = p
        .diagnostics
        .iter()
        .filter(|d| d.code == "wec.alias")
        .collect();
    // once per spelling and game: STP (twice written) and JP
    assert_eq!(alias.len(), 2);
    assert!(alias.iter().all(|d| d.severity == Severity::Info));
    assert_eq!((alias[0].line, alias[0].col), (1, 4));
    assert_eq!(wec::render(t), "MV:SP(9,9)->(8,10),PU:SP(8,10)^JU");
    let p = parse("MV:TA(1,1)->(2,1),FI1:JP/TA(2,1)->(4,1)");
    assert_eq!(p.game.turns[0].fires[0].article, "JU");
}

#[test]
fn undefined_and_doubtful_codes_are_flagged() {
    let p = parse("MV:SHP(2,5)->(3,6)\nMV:XP(9,6)->(8,7)\nMV:TA(1,1)1TK->(2,1)");
    let c = diag_codes(&p);
    assert_eq!(c.iter().filter(|c| **c == "wec.code-undefined").count(), 2);
    let d = p
        .diagnostics
        .iter()
        .find(|d| d.code == "wec.article-doubtful");
    assert!(
        d.is_some_and(|d| d.severity == Severity::Warning && d.line == 3 && d.col == 12),
        "{:?}",
        p.diagnostics
    );
    assert_eq!(p.game.turns[2].piece.articles, ["TK"]);
}

#[test]
fn empty_level_orient_and_articles() {
    let t = turn("MV:TA(1,1)->(1,2),FI1:FL/TA(1,2)->(3,2),EX:TA(1,2)->FL->Q(1,6)");
    assert_eq!(
        (
            &*t.piece.level,
            t.piece.orient.clone(),
            t.piece.articles.len()
        ),
        ("ground", None, 0)
    );
    assert_eq!(
        t.fires[0].toward.as_ref().map(|x| x.orient.clone()),
        Some(None)
    );
    // a 0 count is not an article count
    let p = parse("MV:TA(1,1)0->(1,2)");
    assert!(diag_codes(&p).contains(&"wec.turn-unreadable"));
    // a count needs that many codes
    let p = parse("MV:TA(1,1)2FL->(1,2)");
    assert!(diag_codes(&p).contains(&"wec.turn-unreadable"));
}

#[test]
fn locations_must_be_on_the_board() {
    for bad in [
        "MV:TA(0,1)->(2,1)",
        "MV:TA(1,11)->(2,1)",
        "MV:TA(1,1)->(2,1),RS:R->(3,3)(2,0)",
    ] {
        let p = parse(bad);
        assert!(
            p.diagnostics.iter().any(|d| d.severity == Severity::Error),
            "{bad}"
        );
    }
}

// ---- body layout ----

#[test]
fn numbers_colours_and_comments() {
    let body = "{before}\n1. MV:JE(1,4)->^(1,4) {up}\n1... MV:JE(10,4)->^(10,4)\n{about White's move}\nMV:TA(1,1)->(2,1)\n3...MV:TA(10,1)->(9,1)";
    let p = parse(body);
    let t = &p.game.turns;
    assert_eq!(t.len(), 4);
    let colors: Vec<&str> = t.iter().map(|x| &*x.color).collect();
    assert_eq!(colors, ["B", "W", "B", "W"]);
    assert_eq!(
        t.iter().map(|x| x.no).collect::<Vec<_>>(),
        [Some(1), Some(1), None, Some(3)]
    );
    assert_eq!(p.game.intro.as_deref(), Some("before"));
    assert_eq!(t[0].comment.as_deref(), Some("up"));
    assert_eq!(t[1].comment.as_deref(), Some("about White's move"));
    assert_eq!(t[0].notation, "MV:JE(1,4)->^(1,4)");
    assert_eq!((t[0].line, t[3].line), (2, 6));
    assert!(
        p.diagnostics.iter().all(|d| d.severity != Severity::Error),
        "{:?}",
        p.diagnostics
    );
    // N... on a Black line
    let p = parse("1... MV:JE(1,4)->^(1,4)");
    assert!(diag_codes(&p).contains(&"wec.number-color"));
}

#[test]
fn comment_inside_a_turn_and_unclosed_comment() {
    let p = parse("MV:TA(1,1)->(2,1){mid},PU:TA(2,1)^FL {end\nMV:TA(10,1)->(9,1)");
    let t = &p.game.turns;
    assert_eq!(t[0].notation, "MV:TA(1,1)->(2,1),PU:TA(2,1)^FL");
    assert_eq!(t[0].comment.as_deref(), Some("mid end"));
    assert!(t[0].pickup.is_some());
    let d = p
        .diagnostics
        .iter()
        .find(|d| d.code == "text.comment-unclosed");
    assert!(
        d.is_some_and(|d| (d.line, d.col) == (1, 38)),
        "{:?}",
        p.diagnostics
    );
}

#[test]
fn players_and_outcome_from_tags_and_replay() {
    let tags = vec![
        ("Black".to_string(), "Ada".to_string()),
        ("White".to_string(), "Ben".to_string()),
    ];
    let p = parse_with("MV:JE(1,7)->^(1,7)\nMV:TA(10,1)->(9,1)", &tags);
    assert_eq!(p.players.len(), 2);
    assert_eq!(
        (
            &*p.players[0].seat,
            p.players[0].name.as_deref(),
            p.players[0].color.as_deref()
        ),
        ("B", Some("Ada"), Some("Black"))
    );
    assert_eq!(
        (&*p.players[1].seat, p.players[1].name.as_deref()),
        ("W", Some("Ben"))
    );
    assert!(p.outcome.is_none());
}

// ---- other transcribers' forms ----

fn colours(p: &Parsed<WecGame>) -> String {
    p.game.turns.iter().map(|t| &*t.color).collect()
}

fn notations(p: &Parsed<WecGame>) -> Vec<&str> {
    p.game.turns.iter().map(|t| t.notation.as_str()).collect()
}

/// `(code, line, col)` of every diagnostic.
fn located(p: &Parsed<WecGame>) -> Vec<(&str, u32, u32)> {
    p.diagnostics
        .iter()
        .map(|d| (&*d.code, d.line, d.col))
        .collect()
}

#[test]
fn two_turns_on_one_line() {
    let p = parse(
        "1. MV:JE(1,4)->^(1,4)   MV:JE(10,4)->^(10,4)\n2. MV:SP(2,2)->(3,3),PU:SP(3,3)^BI\n2... MV:SP(9,2)->(8,3),PU:SP(8,3)^SL",
    );
    assert_eq!(
        notations(&p),
        [
            "MV:JE(1,4)->^(1,4)",
            "MV:JE(10,4)->^(10,4)",
            "MV:SP(2,2)->(3,3),PU:SP(3,3)^BI",
            "MV:SP(9,2)->(8,3),PU:SP(8,3)^SL"
        ]
    );
    assert_eq!(colours(&p), "BWBW");
    let t = &p.game.turns;
    assert_eq!(
        t.iter().map(|t| (t.no, t.line)).collect::<Vec<_>>(),
        [(Some(1), 1), (None, 1), (Some(2), 2), (Some(2), 3)]
    );
    assert_eq!(located(&p), [("wec.turns-on-line", 1, 25)]);
    assert_eq!(p.diagnostics[0].severity, Severity::Info);
    // three on a line, lower case and full-width among them, a comment between two
    let p = parse("MV:TA(1,1)->(2,1) {a} mv:ta(10,1)->(9,1) MV：TA(2,1)->(3,1)\nMV:TA(9,1)->(8,1)");
    assert_eq!(colours(&p), "BWBW");
    assert_eq!(p.game.turns[0].comment.as_deref(), Some("a"));
    assert_eq!(p.game.turns[2].notation, "MV:TA(2,1)->(3,1)");
    assert!(
        p.diagnostics.iter().all(|d| d.severity == Severity::Info),
        "{:?}",
        p.diagnostics
    );
    // the turn's own MV: after white space of any kind is no second turn
    let p = parse("1.\u{3000}MV:TA(1,1)->(2,1)x");
    assert_eq!(p.game.turns.len(), 1);
    assert_eq!(p.game.turns[0].unparsed, ["x"]);
    // a turn with junk after it is not split, and stays an error
    let p = parse("MV:TA(1,1)->(2,1)xyz");
    assert_eq!(p.game.turns.len(), 1);
    assert!(diag_codes(&p).contains(&"wec.part-unreadable"));
}

#[test]
fn colour_written_before_the_turn() {
    let p = parse(
        "Black: MV:JE(1,4)->^(1,4)\nWhite: MV:JE(10,4)->^(10,4)\nB MV:SP(2,2)->(3,3),PU:SP(3,3)^BI\nw. MV:SP(9,2)->(8,3),PU:SP(8,3)^SL\n3. 黑：MV:SP(3,3)1BI->(4,4),PU:SP(4,4)1BI^AST\n백 MV:STP(9,9)->(8,10),PU:STP(8,10)^ASH",
    );
    assert_eq!(colours(&p), "BWBWBW");
    assert_eq!(
        notations(&p)[..2],
        ["MV:JE(1,4)->^(1,4)", "MV:JE(10,4)->^(10,4)"]
    );
    assert_eq!(p.game.turns[4].no, Some(3));
    assert!(p.game.turns.iter().all(|t| t.unparsed.is_empty()));
    assert_eq!(located(&p), [("wec.color-word", 1, 1), ("wec.alias", 6, 6)]);
    // the written colour decides, against the alternation, with a warning
    let p = parse("White: MV:JE(10,4)->^(10,4)\nBlack: MV:JE(1,4)->^(1,4)");
    assert_eq!(colours(&p), "WB");
    // (the second line agrees with the alternation after White's turn)
    assert_eq!(
        located(&p),
        [("wec.color-word", 1, 1), ("wec.color-order", 1, 1)]
    );
    // a stray colour letter in a record that writes no colours leaves the alternation be
    let p = parse("MV:JE(1,4)->^(1,4)\nB MV:JE(10,4)->^(10,4)\nMV:SP(2,2)->(3,3)");
    assert_eq!(colours(&p), "BWB");
    assert_eq!(
        located(&p),
        [("wec.color-word", 2, 1), ("wec.color-order", 2, 1)]
    );
    // a colour letter joined to the turn, or a word other than a colour, is no colour
    let p = parse("BMV:TA(1,1)->(2,1)");
    assert!(diag_codes(&p).contains(&"wec.turn-unreadable"));
    let p = parse("Blue: MV:TA(1,1)->(2,1)");
    assert!(diag_codes(&p).contains(&"wec.turn-unreadable"));
}

#[test]
fn other_move_number_forms() {
    let p = parse(
        "1) MV:JE(1,4)->^(1,4)\n1)… MV:JE(10,4)->^(10,4)\n2: MV:SP(2,2)->(3,3),PU:SP(3,3)^BI\n2 ... MV:SP(9,2)->(8,3),PU:SP(8,3)^SL\n(3) MV:SP(3,3)1BI->(4,4),PU:SP(4,4)1BI^AST\n3. ... MV:STP(9,9)->(8,10),PU:STP(8,10)^ASH",
    );
    assert_eq!(
        p.game.turns.iter().map(|t| t.no).collect::<Vec<_>>(),
        [Some(1), Some(1), Some(2), Some(2), Some(3), Some(3)]
    );
    assert_eq!(colours(&p), "BWBWBW");
    assert_eq!(
        notations(&p)[..2],
        ["MV:JE(1,4)->^(1,4)", "MV:JE(10,4)->^(10,4)"]
    );
    assert_eq!(
        located(&p),
        [("wec.number-form", 1, 1), ("wec.alias", 6, 11)]
    );
    assert!(p.diagnostics[0].message.contains("\"1)\""));
    for (line, no, colour) in [
        ("4… MV:TA(1,1)->(2,1)", 4, "W"),
        ("4.… MV:TA(1,1)->(2,1)", 4, "W"),
        ("( 12 ) MV:TA(1,1)->(2,1)", 12, "B"),
        ("5 MV:TA(1,1)->(2,1)", 5, "B"),
        ("5..MV:TA(1,1)->(2,1)", 5, "W"),
    ] {
        let p = parse(line);
        let t = &p.game.turns[0];
        assert_eq!((t.no, &*t.color), (Some(no), colour), "{line}");
        assert!(t.unparsed.is_empty(), "{line}");
    }
    // the grammar's own forms give no note
    let p = parse("1. MV:TA(1,1)->(2,1)\n1... MV:TA(10,1)->(9,1)");
    assert!(p.diagnostics.is_empty(), "{:?}", p.diagnostics);
    // a number followed by what no turn begins with is not one
    let p = parse("12 TA(1,1)->(2,1)");
    assert_eq!(p.game.turns[0].no, None);
    assert!(diag_codes(&p).contains(&"wec.turn-unreadable"));
}

#[test]
fn consistent_numbering_decides_the_colour() {
    // a record that begins with White's turn
    let p = parse("1... MV:JE(10,4)->^(10,4)\n2. MV:TA(1,1)->(2,1)\n2... MV:TA(10,1)->(9,1)");
    assert_eq!(colours(&p), "WBW");
    let d: Vec<_> = p
        .diagnostics
        .iter()
        .filter(|d| d.code == "wec.number-color")
        .collect();
    assert_eq!(d.len(), 1);
    assert_eq!(
        (d[0].line, d[0].col, d[0].severity),
        (1, 1, Severity::Warning)
    );
    assert!(d[0].message.contains("read as White"), "{}", d[0].message);
    // a turn left out: 2... is missing, 3. is Black's
    let p = parse(
        "1. MV:TA(1,1)->(2,1)\n1... MV:TA(10,1)->(9,1)\n2. MV:TA(2,1)->(3,1)\n3. MV:TA(1,2)->(2,2)\n3... MV:TA(10,2)->(9,2)",
    );
    assert_eq!(colours(&p), "BWBBW");
    assert_eq!(
        located(&p)
            .into_iter()
            .filter(|d| d.0 == "wec.number-color")
            .collect::<Vec<_>>(),
        [("wec.number-color", 4, 1)]
    );
    // numbered by ply (no N... anywhere): the lines alternate, nothing to report
    let p = parse("1. MV:TA(1,1)->(2,1)\n2. MV:TA(10,1)->(9,1)\n3. MV:TA(2,1)->(3,1)");
    assert_eq!(colours(&p), "BWB");
    assert!(!diag_codes(&p).contains(&"wec.number-color"));
    // inconsistent (a number going back, or N... on every line): alternation, as before
    for body in [
        "1. MV:TA(1,1)->(2,1)\n1... MV:TA(10,1)->(9,1)\n1... MV:TA(2,1)->(3,1)",
        "1... MV:TA(1,1)->(2,1)\n2... MV:TA(10,1)->(9,1)\n3... MV:TA(2,1)->(3,1)",
    ] {
        let p = parse(body);
        assert_eq!(colours(&p), "BWB", "{body}");
        let d = p
            .diagnostics
            .iter()
            .find(|d| d.code == "wec.number-color")
            .map(|d| d.message.clone())
            .unwrap_or_default();
        assert!(d.contains("lines alternate"), "{body}: {d}");
    }
}

#[test]
fn lower_case_codes() {
    let p = parse("1. mv:je(1,4)->^(1,4)\n1... mv:je(10,4)->^(10,4)");
    assert_eq!(
        notations(&p),
        ["MV:JE(1,4)->^(1,4)", "MV:JE(10,4)->^(10,4)"]
    );
    assert_eq!(colours(&p), "BW");
    assert_eq!(located(&p), [("wec.lower-case", 1, 4)]);
    assert_eq!(p.diagnostics[0].severity, Severity::Info);
    // v before ( is the sub level; the v of AV and MV: are letters of codes; the drop's v stays
    let t = turn("mv:av(1,5)->v(2,5)");
    assert_eq!(
        (&*t.piece.kind, &*t.piece.level, &*t.to.level),
        ("AV", "ground", "sub")
    );
    let t = turn("mv:aaav(1,1)->(2,1)");
    assert_eq!((&*t.piece.kind, &*t.piece.level), ("AAA", "sub"));
    let t = turn("mv:su(1,2)->(2,2),dr:su(2,2)1flvfl");
    let d = t
        .drop
        .as_deref()
        .map(|d| (&*d.article, d.piece.articles.clone()));
    assert_eq!(d, Some(("FL", codes(&["FL"]))));
    let t = turn("mv:suv(1,2)->v(3,2),fi1:tl/suv(3,2)->(4,2)<,rs:tv(5,2)");
    assert_eq!(
        (&*t.piece.level, t.fires.len(), t.results[0].down_at),
        ("sub", 1, Some([5, 2]))
    );
    // what stays unreadable in capitals keeps its own error
    let p = parse("mv:zz(1,1)->(2,1)");
    assert_eq!(p.game.turns[0].unparsed, ["mv:zz(1,1)->(2,1)"]);
    assert_eq!(diag_codes(&p), ["wec.turn-unreadable"]);
}

#[test]
fn capital_v_is_the_sub_level() {
    let p = parse("1. MV:JE(1,4)->^(1,4)\n1... MV:SU(10,2)->V(10,2)");
    let t = &p.game.turns[1];
    assert_eq!((&*t.to.level, t.to.at), ("sub", [10, 2]));
    assert_eq!(t.notation, "MV:SU(10,2)->v(10,2)");
    assert_eq!(located(&p), [("wec.capital-v", 2, 19)]);
    let t = turn("MV:SUV(1,2)->V(3,2),FI1:TL/SUV(3,2)->(4,2)<,RS:TV(5,2)");
    assert_eq!(
        (&*t.piece.level, t.results[0].down_at),
        ("sub", Some([5, 2]))
    );
    let t = turn("MV:AV(1,5)->V(2,5),DR:AVv(2,5)VFL");
    assert_eq!((&*t.piece.kind, &*t.to.level), ("AV", "sub"));
    assert_eq!(t.drop.as_deref().map(|d| &*d.article), Some("FL"));
    // AV itself needs no normalization
    let p = parse("MV:AV(1,5)->(2,5)");
    assert!(p.diagnostics.iter().all(|d| d.code != "wec.capital-v"));
}

#[test]
fn full_width_punctuation_and_arrow_characters() {
    let p = parse("1. MV：JE（1，4）->^（1，4）\n1... MV:JE(10,4)→^(10,4)");
    assert_eq!(
        notations(&p),
        ["MV:JE(1,4)->^(1,4)", "MV:JE(10,4)->^(10,4)"]
    );
    assert_eq!(located(&p), [("wec.full-width", 1, 6)]);
    assert_eq!(p.diagnostics[0].severity, Severity::Info);
    let t = turn("MV:CH^(8,7)->^(8,7),FI1:ST/CH^(8,7)⇒DS^(5,4)1JU,RS:STK*DS^(5,4)1JU2B");
    assert!(t.fires[0].target.is_some());
    let t = turn("MV:Q(1,6)−>(2,5),EX:SP(4,4)1BI->BI⇔AST←SHP(3,6)1SC");
    assert_eq!(
        t.exchange.as_deref().and_then(|e| e.swap.as_deref()),
        Some("AST")
    );
    let t = turn("MV：TA（1，1）—＞（2，1）,RS:R→（5，5）（－1，0）");
    assert_eq!(t.results[0].offset, Some([-1, 0]));
    // a column of a later error still points into the line
    let p = parse("MV:TA(1,1)→(2,1),PU:ZZ");
    let e = p
        .diagnostics
        .iter()
        .find(|d| d.code == "wec.part-unreadable")
        .map(|d| d.col);
    assert_eq!(e, Some(21), "{:?}", p.diagnostics);
}

#[test]
fn the_transcribers_records_give_the_club_night_game() {
    let read = |name: &str| -> Vec<Parsed<WecGame>> {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/records/wec")
            .join(name);
        let text = std::fs::read_to_string(path).unwrap_or_default();
        record::split_games(&text)
            .iter()
            .map(|raw| {
                wec::parse(
                    &raw.body,
                    &Ctx {
                        first_line: raw.body_line,
                        tags: &raw.tags,
                    },
                )
            })
            .collect()
    };
    let club = read("club-night.wec");
    let games = read("two-turns-a-line.wec");
    assert_eq!(games.len(), 6);
    let bare = |t: &Turn| Turn {
        line: 0,
        no: None,
        comment: None,
        ..t.clone()
    };
    let want: Vec<Turn> = club[0].game.turns.iter().map(bare).collect();
    let codes_of = |p: &Parsed<WecGame>| {
        let mut v: Vec<String> = p
            .diagnostics
            .iter()
            .filter(|d| {
                d.severity != Severity::Info
                    || d.code == "wec.alias"
                    || d.code == "wec.code-undefined"
            })
            .map(|d| d.code.clone())
            .collect();
        v.sort();
        v
    };
    for (i, g) in games.iter().take(5).enumerate() {
        let got: Vec<Turn> = g.game.turns.iter().map(bare).collect();
        assert_eq!(got, want, "game {}", i + 1);
        assert_eq!(codes_of(g), codes_of(&club[0]), "game {}", i + 1);
    }
    // the fragment that begins with White's turn
    let f = &games[5];
    assert_eq!(colours(f), "WBWBW");
    assert_eq!(f.game.turns[1].piece.kind, "SP");
    assert!(f.diagnostics.iter().all(|d| d.severity != Severity::Error));
}

// ---- errors ----

#[test]
fn malformed_turn_is_an_error_with_its_column_and_the_next_turns_parse() {
    let body = "MV:RP(2,1)->(3,2)\n1... MV:TA(10,1)-(8,1)\nMV:CP(2,4)->(3,5),PU:CP(3,5)^SC,FI1:XX/CP(3,5)->(4,5),RS:R->(5,5)(1,0)\nMV:CP(9,4)->(8,5)";
    let p = parse(body);
    let errs: Vec<_> = p
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    assert_eq!(errs.len(), 2, "{errs:?}");
    assert_eq!(
        (&*errs[0].code, errs[0].line, errs[0].col),
        ("wec.turn-unreadable", 2, 17)
    );
    assert!(errs[0].message.contains("turn 2 (White)"));
    assert_eq!(
        (&*errs[1].code, errs[1].line, errs[1].col),
        ("wec.part-unreadable", 3, 37)
    );
    let t = &p.game.turns;
    assert_eq!(t.len(), 4);
    assert_eq!(
        (&*t[1].piece.kind, t[1].unparsed.clone()),
        ("", vec!["MV:TA(10,1)-(8,1)".to_string()])
    );
    // the part after the bad fire is still read
    assert!(t[2].pickup.is_some() && t[2].results.len() == 1 && t[2].fires.is_empty());
    assert_eq!(t[2].unparsed, [",FI1:XX/CP(3,5)->(4,5)"]);
    assert_eq!((&*t[3].color, &*t[3].piece.kind), ("W", "CP"));
    // the unreadable turn still takes its colour's place
    assert_eq!(t[1].color, "W");
}

#[test]
fn parts_out_of_order_or_twice_and_trailing_junk() {
    let p = parse("MV:TA(1,1)->(2,1),RS:R->(5,5)(1,0),PU:TA(2,1)^FL");
    assert!(diag_codes(&p).contains(&"wec.part-order"));
    assert!(p.game.turns[0].pickup.is_some());
    let p = parse("MV:TA(1,1)->(2,1),PU:TA(2,1)^FL,PU:TA(2,1)^ST");
    assert!(diag_codes(&p).contains(&"wec.part-twice"));
    let p = parse("MV:TA(1,1)->(2,1)xyz,PU:TA(2,1)^FL");
    let e = p
        .diagnostics
        .iter()
        .find(|d| d.code == "wec.part-unreadable");
    assert!(e.is_some_and(|e| e.col == 18), "{:?}", p.diagnostics);
    assert_eq!(p.game.turns[0].unparsed, ["xyz"]);
    assert!(p.game.turns[0].pickup.is_some());
}

#[test]
fn never_panics_on_any_prefix_or_mangling() {
    let mut lines = Vec::new();
    for f in corpus_files() {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        lines.extend(text.lines().map(str::to_string));
    }
    assert!(!lines.is_empty());
    for l in &lines {
        for (k, _) in l.char_indices() {
            let _ = parse(&l[..k]);
            let _ = parse(&format!("{}{}", &l[..k], "é{"));
            let _ = parse(&l[k..]);
        }
    }
    for junk in [
        "",
        "\n\n",
        "MV:",
        "MV:(",
        "}",
        "{",
        "1.",
        "1...",
        "99999999999999.",
        "MV:TA(1,1)->",
        "MV:TA(1,1)->(2,1),",
        "MV:TA(１,1)->(2,1)",
        "MV:TA(1,1)->(2,1),RS:",
        "MV:TA(1,1)->(2,1),DO>",
    ] {
        let p = parse(junk);
        let _ = wec::position_after(&p.game, 99);
        for t in &p.game.turns {
            let _ = wec::render(t);
            let _ = wec::describe(t);
        }
    }
}

// ---- replay ----

#[test]
fn standard_setup_is_ply_zero() {
    let p = parse("MV:JE(1,4)->^(1,4)");
    let pos = wec::position_after(&p.game, 0);
    assert_eq!(pos, wec::standard_setup());
    assert_eq!(pos.pieces.len(), 56);
    assert_eq!(pos.pieces.iter().filter(|x| x.color == "B").count(), 28);
    assert_eq!(pos.ground_articles.len(), 68);
    let k: Vec<_> = pos
        .pieces
        .iter()
        .filter(|x| x.kind == "K")
        .map(|x| (&*x.color, x.row, x.col))
        .collect();
    assert_eq!(k, [("B", 1, 5), ("W", 10, 6)]);
    let after = wec::position_after(&p.game, 1);
    assert!(
        after
            .pieces
            .iter()
            .any(|x| x.kind == "JE" && x.level == "air" && (x.row, x.col) == (1, 4))
    );
}

#[test]
fn replay_applies_pickup_transfer_swap_drop_reinforce_dozer_and_stun() {
    let body = "MV:SP(2,2)->(3,3),PU:SP(3,3)^BI
MV:SP(9,2)->(8,3),PU:SP(8,3)^SL
MV:DO(1,2)->(2,2),DO>(2,2)SP(4,3)
MV:CH(10,4)->^(10,4),FI1:ST/CH^(10,4)=>SP(4,3)1BI,RS:STK*SP(4,3)1BI2B
MV:TA(1,1)->(2,1),RE:(1,1)TA<,EX:FP(2,3)->FL->Q(1,6)
MV:SP(8,3)1SL->(7,4),DR:SP(7,4)1SLvSL";
    let p = parse(body);
    let pos = |n| wec::position_after(&p.game, n);
    let sp = |pos: &wec::Position| {
        pos.pieces
            .iter()
            .find(|x| x.kind == "SP" && x.color == "B" && x.row >= 3)
            .cloned()
    };
    assert_eq!(
        sp(&pos(1)).map(|x| x.articles),
        Some(vec!["BI".to_string()])
    );
    assert!(
        !pos(1)
            .ground_articles
            .iter()
            .any(|(r, c, a)| (*r, *c, a.as_str()) == (3, 3, "BI"))
    );
    // dozed one step ahead of the dozer
    assert_eq!(sp(&pos(3)).map(|x| (x.row, x.col)), Some((4, 3)));
    // stunned: drops its bike, stunned 2
    let s = sp(&pos(4));
    assert_eq!(
        s.clone().map(|x| (x.stunned, x.articles.len())),
        Some((2, 0))
    );
    assert!(
        pos(4)
            .ground_articles
            .iter()
            .any(|(r, c, a)| (*r, *c, a.as_str()) == (4, 3, "BI"))
    );
    let p5 = pos(5);
    assert!(p5.pieces.iter().any(|x| x.kind == "TA"
        && x.color == "B"
        && (x.row, x.col) == (1, 1)
        && x.orient.as_deref() == Some("<")));
    // the exchange gives an article the pawn does not hold: a warning, the queen gets it anyway
    assert!(
        p5.pieces
            .iter()
            .any(|x| x.kind == "Q" && x.color == "B" && x.articles == ["FL"])
    );
    assert!(p.diagnostics.iter().any(|d| d.code == "wec.no-article"
        && d.line == 5
        && d.message.contains("turn 5 (Black)")));
    assert!(
        pos(6)
            .ground_articles
            .iter()
            .any(|(r, c, a)| (*r, *c, a.as_str()) == (7, 4, "SL"))
    );
    // the stun counts down at Black's turns: 2 → 1 after turn 5
    assert_eq!(sp(&pos(5)).map(|x| x.stunned), Some(1));
}

#[test]
fn contradictions_are_warnings_naming_the_turn_and_replay_follows_the_record() {
    let p = parse("MV:TA(1,1)->(2,1)\nMV:TA(5,5)->(6,5)\nMV:TA(2,1)1FL->(3,1)\nMV:TA(6,5)->(7,5)");
    let w: Vec<_> = p
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Warning)
        .collect();
    assert!(
        w.iter().any(|d| d.code == "wec.no-piece"
            && d.line == 2
            && d.message.starts_with("turn 2 (White)")),
        "{w:?}"
    );
    assert!(
        w.iter()
            .any(|d| d.code == "wec.articles-differ" && d.line == 3),
        "{w:?}"
    );
    // turn 4 moves the piece turn 2 put there: no warning for it
    assert!(!w.iter().any(|d| d.line == 4), "{w:?}");
    let pos = wec::position_after(&p.game, 4);
    assert!(
        pos.pieces
            .iter()
            .any(|x| x.kind == "TA" && x.color == "W" && (x.row, x.col) == (7, 5))
    );
}

#[test]
fn stunned_piece_moving_is_a_warning() {
    let p =
        parse("MV:CH(1,4)->^(1,4),FI1:ST/CH^(1,4)=>SP(9,2),RS:STK*SP(9,2)2W\nMV:SP(9,2)->(8,3)");
    assert!(diag_codes(&p).contains(&"wec.stunned-moves"));
}

#[test]
fn government_kill_ends_the_game() {
    let p = parse(
        "MV:JE(1,7)->^(1,7)\nMV:TA(10,1)->(9,1)\nMV:JE^(1,7)->^(7,6),FI1:RL/JE^(7,6)->(10,6),RS:RK*K(10,6)0W\nMV:Q(10,5)->(10,6)",
    );
    assert_eq!(p.game.winner.as_deref(), Some("B"));
    assert_eq!(p.game.ended_at, Some(3));
    let o = p.outcome.clone().unwrap_or_default();
    assert_eq!(
        (o.winners, &*o.summary),
        (vec!["B".to_string()], "Black wins")
    );
    assert!(diag_codes(&p).contains(&"wec.after-end"));
    assert!(
        !wec::position_after(&p.game, 3)
            .pieces
            .iter()
            .any(|x| x.kind == "K" && x.color == "W")
    );
    // a converted primary government piece ends it too
    let p = parse("MV:CL(1,3)->(2,2)\nMV:K(10,6)->(3,3),FI1:CS/CL(2,2)=>K(3,3),RS:K*K(3,3)0W");
    assert_eq!(p.game.winner.as_deref(), Some("B"));
    assert!(
        wec::position_after(&p.game, 2)
            .pieces
            .iter()
            .any(|x| x.kind == "K" && x.color == "B" && (x.row, x.col) == (3, 3))
    );
    // a queen is not a primary government piece
    let p = parse("MV:JE(1,7)->^(1,7),RS:RK*Q(10,5)0W");
    assert_eq!(p.game.winner, None);
}

// ---- renderer and descriptions ----

fn corpus_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records/wec");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    v.retain(|p| p.extension().is_some_and(|e| e == "wec"));
    v.sort();
    v
}

#[test]
fn round_trip_holds_on_the_whole_corpus() {
    let files = corpus_files();
    assert!(files.len() >= 3, "{files:?}");
    let mut turns = 0;
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        for raw in record::split_games(&text) {
            let ctx = Ctx {
                first_line: raw.body_line,
                tags: &raw.tags,
            };
            let first = wec::parse(&raw.body, &ctx);
            let body = wec::render_game(&first.game);
            let second = wec::parse(
                &body,
                &Ctx {
                    first_line: 1,
                    tags: &raw.tags,
                },
            );
            assert_eq!(
                first.game.turns.len(),
                second.game.turns.len(),
                "{}",
                f.display()
            );
            for (a, b) in first.game.turns.iter().zip(&second.game.turns) {
                assert_eq!(
                    Turn {
                        notation: String::new(),
                        line: 0,
                        ..a.clone()
                    },
                    Turn {
                        notation: String::new(),
                        line: 0,
                        ..b.clone()
                    },
                    "{}: {}",
                    f.display(),
                    a.notation
                );
                // written in canonical form, the rendering is the text itself
                let canonical = !a.notation.contains("STP")
                    && !a.notation.contains("JP")
                    && a.unparsed.is_empty();
                if canonical {
                    assert_eq!(wec::render(a), a.notation, "{}", f.display());
                }
                turns += 1;
            }
            assert_eq!(
                (first.game.winner, first.game.intro),
                (second.game.winner, second.game.intro)
            );
        }
    }
    assert!(turns > 50, "{turns}");
}

#[test]
fn corpus_exercises_every_production() {
    let mut seen = std::collections::BTreeSet::new();
    let mut winner = false;
    let mut errors = 0;
    for f in corpus_files() {
        // decoded and split as the import does (a web page's HTML and a preamble taken off)
        let bytes = std::fs::read(&f).unwrap_or_default();
        let text = record::decode(&bytes).map(|d| d.text).unwrap_or_default();
        let mut raws = record::split_games(&text);
        annals_import::take_preamble(&mut raws, Some("wec"), None);
        for raw in raws {
            let p = wec::parse(
                &raw.body,
                &Ctx {
                    first_line: raw.body_line,
                    tags: &raw.tags,
                },
            );
            // both seats named: by the Black/White tags (or 흑/백), or header lines of the body
            assert!(p.players.iter().all(|s| s.name.is_some()), "{f:?}");
            winner |= p.game.winner.is_some();
            errors += p
                .diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .count();
            for t in &p.game.turns {
                let mut mark = |k: &'static str, b: bool| {
                    if b {
                        seen.insert(k);
                    }
                };
                mark("air", t.to.level == "air");
                mark("sub", t.to.level == "sub");
                mark("articles", !t.piece.articles.is_empty());
                mark("orient", t.piece.orient.is_some());
                mark("transport", t.transport.is_some());
                mark(
                    "dozer",
                    t.dozer.as_ref().is_some_and(|d| d.pieces.len() > 1),
                );
                mark(
                    "fire-toward",
                    t.fires
                        .iter()
                        .any(|f| f.toward.as_ref().is_some_and(|x| x.orient.is_some())),
                );
                mark("fire-target", t.fires.iter().any(|f| f.target.is_some()));
                mark("fire2", t.fires.len() == 2);
                mark("pickup", t.pickup.is_some());
                mark(
                    "transfer",
                    t.exchange.as_ref().is_some_and(|e| e.swap.is_none()),
                );
                mark(
                    "swap",
                    t.exchange.as_ref().is_some_and(|e| e.swap.is_some()),
                );
                mark("reinforce", t.reinforce.is_some());
                mark("drop", t.drop.is_some());
                mark("offset", t.results.iter().any(|r| r.offset.is_some()));
                mark("down", t.results.iter().any(|r| r.down_at.is_some()));
                mark("hit", t.results.iter().any(|r| r.piece.is_some()));
                mark("comment", t.comment.is_some());
                mark("unparsed", !t.unparsed.is_empty());
            }
        }
    }
    assert_eq!(seen.len(), 19, "{seen:?}");
    assert!(winner && errors > 0);
}

#[test]
fn descriptions_in_plain_english() {
    let p =
        parse("MV:JE(1,4)->^(1,4)\nMV:JE(10,4)->^(10,4),FI1:RL/JE^(10,4)->(4,4)<,RS:RK*TA(4,4)0B");
    let d = wec::describe(&p.game.turns[0]);
    assert_eq!(d, ["Black jet rises to the air at (1,4)"]);
    let d = wec::describe(&p.game.turns[1]);
    assert_eq!(d[0], "White jet rises to the air at (10,4)");
    assert_eq!(
        d[1],
        "fires a rocket from the jet in the air at (10,4) toward (4,4) on a port (left) path"
    );
    assert_eq!(d[2], "rocket kill: Black tank at (4,4) is destroyed");
    let t =
        turn("MV:TA(1,1)->(3,1),PU:TA(3,1)^FL,EX:TA(3,1)1FL->FL<=>ST<-Q(1,6)1ST,DR:Q(1,6)1FLvFL");
    let d = wec::describe(&t);
    assert_eq!(d[0], "Black tank moves from (1,1) to (3,1)");
    assert_eq!(d[1], "The tank at (3,1) picks up the flame");
    assert!(d[2].contains("swaps its flame for the stun gun"), "{d:?}");
    assert_eq!(d[3], "The queen at (1,6) carrying flame drops the flame");
}

#[test]
#[ignore = "timing: cargo test --release -p annals-import --test wec -- --ignored --nocapture"]
fn parsing_speed() {
    let mut bodies = Vec::new();
    for f in corpus_files() {
        for raw in record::split_games(&std::fs::read_to_string(&f).unwrap_or_default()) {
            bodies.push(raw.body);
        }
    }
    // the corpus games as they are, then one long game: the first game's turns 50 times (every
    // repetition contradicts the tracked position: the worst case for the replay)
    let long = vec![bodies.first().cloned().unwrap_or_default().repeat(50)];
    for (label, set, rounds) in [
        ("corpus games", &bodies, 3000),
        ("long contradictory game", &long, 60),
    ] {
        let bytes: usize = set.iter().map(String::len).sum();
        let start = std::time::Instant::now();
        let mut turns = 0;
        for _ in 0..rounds {
            for b in set {
                turns += parse(b).game.turns.len();
            }
        }
        let secs = start.elapsed().as_secs_f64();
        let mb = (bytes * rounds) as f64 / 1e6;
        println!(
            "{label}: {turns} turns, {mb:.1} MB in {secs:.3}s: {:.0} MB/s (parse + replay)",
            mb / secs
        );
    }
}

#[test]
#[ignore = "prints the corpus descriptions for review"]
fn print_descriptions() {
    for f in corpus_files() {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        for raw in record::split_games(&text) {
            let p = wec::parse(
                &raw.body,
                &Ctx {
                    first_line: raw.body_line,
                    tags: &raw.tags,
                },
            );
            println!("== {} line {}", f.display(), raw.line);
            for t in &p.game.turns {
                println!("{:>3} {}: {}", t.ply, t.color, wec::describe(t).join("; "));
            }
            let pos = wec::position_after(&p.game, p.game.turns.len());
            println!(
                "   {} pieces, {} ground articles",
                pos.pieces.len(),
                pos.ground_articles.len()
            );
        }
    }
}

#[test]
fn every_code_has_a_name_in_the_data_files() {
    for p in [
        "DO", "TA", "CH", "JE", "SU", "DS", "AAA", "CL", "Q", "K", "PR", "PM", "DI", "AS", "AC",
        "AV", "RP", "FP", "SHP", "SP", "CP", "XP", "SOP",
    ] {
        assert!(wec::piece_name(p).is_some(), "{p}");
    }
    for a in [
        "FL", "ST", "CS", "TL", "RL", "SL", "SH", "XXX", "ARL", "ASL", "ATL", "ACS", "AST", "AFL",
        "ASH", "BI", "SC", "JU",
    ] {
        assert!(wec::article_name(a).is_some(), "{a}");
    }
    for r in ["R", "T", "S", "RK", "TK", "SK", "STK", "CK"] {
        assert!(wec::result_name(r).is_some(), "{r}");
    }
    // the setup uses only known codes
    let setup = wec::standard_setup();
    assert!(
        setup
            .pieces
            .iter()
            .all(|p| wec::piece_name(&p.kind).is_some())
    );
    assert!(
        setup
            .ground_articles
            .iter()
            .all(|(_, _, a)| wec::article_name(a).is_some())
    );
}

// ---- newcomers: habits of transcribers not seen before (corpus/wec/newcomers.wec) ----

fn find(p: &Parsed<WecGame>, code: &str) -> Vec<(u32, u32, Severity)> {
    p.diagnostics
        .iter()
        .filter(|d| d.code == code)
        .map(|d| (d.line, d.col, d.severity))
        .collect()
}

#[test]
fn annotations_and_notes_after_turns_become_comments() {
    let p = parse(
        "1. MV:JE(1,4)->^(1,4)!?\n1... MV:JE(10,4)->^(10,4) check\n2. MV:SP(2,2)->(3,3),PU:SP(3,3)^BI ; takes a bike\n2... MV:SP(9,2)->(8,3),PU:SP(8,3)^SL (good)\n3. MV:SP(3,3)1BI->(4,4) 좋은 수\n",
    );
    let t = &p.game.turns;
    assert_eq!(t.len(), 5);
    assert!(t.iter().all(|t| t.unparsed.is_empty()));
    assert_eq!(t[0].notation, "MV:JE(1,4)->^(1,4)");
    let comments: Vec<_> = t.iter().map(|t| t.comment.as_deref()).collect();
    assert_eq!(
        comments,
        [
            Some("!?"),
            Some("check"),
            Some("; takes a bike"),
            Some("(good)"),
            Some("좋은 수")
        ]
    );
    assert_eq!(find(&p, "wec.annotation"), [(1, 22, Severity::Info)]);
    assert_eq!(find(&p, "wec.note"), [(3, 36, Severity::Info)]);
    // what only the notation writes is no note: the turn's error stays
    let p = parse("1. MV:JE(1,4)->^(1,4)+->(2,2)\n");
    assert!(diag_codes(&p).contains(&"wec.part-unreadable"));
    assert!(find(&p, "wec.annotation").is_empty());
}

#[test]
fn turns_without_mv_and_separators_between_turns() {
    let p = parse(
        "1. JE(1,4)->^(1,4)\n1... MV:JE(10,4)->^(10,4)\n2. MV:SP(2,2)->(3,3); MV:SP(9,2)->(8,3)\n3. MV:SP(3,3)->(4,4) 3... MV:SP(8,3)->(7,3)\n",
    );
    let t = &p.game.turns;
    assert_eq!(t.len(), 6);
    assert!(
        t.iter().all(|t| t.unparsed.is_empty()),
        "{:?}",
        p.diagnostics
    );
    assert_eq!(t[0].notation, "MV:JE(1,4)->^(1,4)");
    assert_eq!(find(&p, "wec.mv-missing"), [(1, 4, Severity::Info)]);
    assert_eq!(t[5].no, Some(3));
    assert_eq!(t[5].color, "W");
    assert!(diag_codes(&p).iter().all(|c| *c != "wec.turn-unreadable"));
}

#[test]
fn result_header_and_prose_lines_are_no_turns() {
    let p = parse(
        "Black: Kim\nWhite: Lee\n\nMV:JE(1,7)->^(1,7)\nthe clock stopped here\nMV:CH(10,7)->^(10,7)\nWhite resigns\n",
    );
    let t = &p.game.turns;
    assert_eq!(t.len(), 2);
    assert_eq!((t[0].color.as_ref(), t[1].color.as_ref()), ("B", "W"));
    assert_eq!(t[0].comment.as_deref(), Some("the clock stopped here"));
    let names: Vec<_> = p.players.iter().map(|s| s.name.as_deref()).collect();
    assert_eq!(names, [Some("Kim"), Some("Lee")]);
    assert_eq!(find(&p, "wec.header-line").len(), 2);
    assert_eq!(find(&p, "wec.not-a-turn"), [(5, 1, Severity::Warning)]);
    assert_eq!(find(&p, "wec.result-line"), [(7, 1, Severity::Info)]);
    assert_eq!(
        p.outcome.as_ref().map(|o| o.summary.as_str()),
        Some("Black wins")
    );
    // a score does not say which side is first: no outcome
    let p = parse("MV:JE(1,7)->^(1,7)\n1-0\n");
    assert!(p.outcome.is_none());
    assert_eq!(find(&p, "wec.not-a-turn"), [(2, 1, Severity::Warning)]);
    // a result against the replay: the replay is kept
    let p = parse(
        "MV:JE(1,7)->^(1,7)\nMV:CH(10,7)->^(10,7)\nMV:JE^(1,7)->^(7,6),FI1:RL/JE^(7,6)->(10,6),RS:RK*K(10,6)0W\n흑 기권\n",
    );
    assert_eq!(
        p.outcome.as_ref().map(|o| o.summary.as_str()),
        Some("Black wins")
    );
    assert_eq!(find(&p, "wec.result-line"), [(4, 1, Severity::Warning)]);
    // a piece of a turn string broken over two lines stays a turn (with its error)
    let p = parse("MV:JE(1,7)->^(1,7),R\nS:RK*K(10,6)0W\n");
    assert_eq!(p.game.turns.len(), 2);
}

/// The `Result` tag gives the outcome when the record gives none; against the record's, the
/// record is kept and the disagreement said.
#[test]
fn the_result_tag_is_the_outcome_when_the_record_gives_none() {
    let moves = "MV:JE(1,7)->^(1,7)\nMV:CH(10,7)->^(10,7)\n";
    let result = |body: &str, r: &str| parse_with(body, &[("Result".to_string(), r.to_string())]);
    let summary = |p: &Parsed<WecGame>| p.outcome.as_ref().map(|o| o.summary.clone());
    for (tag, want) in [
        ("B", "Black wins"),
        ("white", "White wins"),
        ("White wins.", "White wins"),
        ("흑 승", "Black wins"),
        ("Draw", "Draw"),
        ("½-½", "Draw"),
    ] {
        let p = result(moves, tag);
        assert_eq!(summary(&p).as_deref(), Some(want), "{tag}");
        assert_eq!(
            find(&p, "wec.result-tag"),
            [(1, 1, Severity::Info)],
            "{tag}"
        );
    }
    let p = result(moves, "B");
    assert_eq!(
        p.outcome.as_ref().map(|o| o.winners.clone()),
        Some(vec!["B".to_string()])
    );
    // a score names no side; a value of no result is said and not read
    for tag in ["1-0", "adjourned"] {
        let p = result(moves, tag);
        assert_eq!(summary(&p), None, "{tag}");
        assert_eq!(find(&p, "wec.result-tag"), [(1, 1, Severity::Warning)]);
    }
    // against the body's result line: the record is kept
    let p = result(&format!("{moves}Black wins\n"), "White wins");
    assert_eq!(summary(&p).as_deref(), Some("Black wins"));
    let msgs: Vec<&str> = p
        .diagnostics
        .iter()
        .filter(|d| d.code == "wec.result-tag")
        .map(|d| d.message.as_str())
        .collect();
    assert_eq!(
        msgs,
        [
            "the Result tag \"White wins\" says White wins but the record says Black wins; the record is kept"
        ]
    );
    // the same: nothing more said
    let p = result(&format!("{moves}Black wins\n"), "B");
    assert!(find(&p, "wec.result-tag").is_empty());
}

#[test]
fn word_numbers_and_seat_tags_in_other_languages() {
    let tags = vec![
        ("흑".to_string(), "김민준".to_string()),
        ("白".to_string(), "Lee".to_string()),
    ];
    let p = parse_with(
        "Turn 1:\tMV:JE(1,4)->^(1,4)\nMove 2. MV:JE(10,4)->^(10,4)\n#3 MV:SP(2,2)->(3,3)\n",
        &tags,
    );
    let nos: Vec<_> = p.game.turns.iter().map(|t| t.no).collect();
    assert_eq!(nos, [Some(1), Some(2), Some(3)]);
    assert_eq!(find(&p, "wec.number-form"), [(1, 1, Severity::Info)]);
    let names: Vec<_> = p.players.iter().map(|s| s.name.as_deref()).collect();
    assert_eq!(names, [Some("김민준"), Some("Lee")]);
    assert!(diag_codes(&p).iter().all(|c| !c.starts_with("wec.turn")));
}

#[test]
fn newcomers_corpus_reads() {
    let text = include_str!("records/wec/newcomers.wec");
    let games: Vec<_> = record::split_games(text)
        .iter()
        .map(|raw| {
            wec::parse(
                &raw.body,
                &Ctx {
                    first_line: raw.body_line,
                    tags: &raw.tags,
                },
            )
        })
        .collect();
    assert_eq!(games.len(), 5);
    for g in &games {
        let errors: Vec<_> = g
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{errors:?}");
    }
    let turns: Vec<usize> = games.iter().map(|g| g.game.turns.len()).collect();
    assert_eq!(turns, [9, 8, 3, 3, 4]);
}

#[test]
fn parts_separated_otherwise_than_by_commas() {
    let p = parse(
        "1. MV:SP(2,2)->(3,3); PU:SP(3,3)^BI\n1... MV:SP(9,2)->(8,3) / PU:SP(8,3)^SL\n2. MV:SP(3,3)1BI->(4,4) PU:SP(4,4)1BI^AST\n2... MV:JE^(10,4)->^(8,4) | FI1:RL/JE^(8,4)->(4,4); RS:R->(7,4)(-1,0)\n",
    );
    assert_eq!(
        notations(&p),
        [
            "MV:SP(2,2)->(3,3),PU:SP(3,3)^BI",
            "MV:SP(9,2)->(8,3),PU:SP(8,3)^SL",
            "MV:SP(3,3)1BI->(4,4),PU:SP(4,4)1BI^AST",
            "MV:JE^(10,4)->^(8,4),FI1:RL/JE^(8,4)->(4,4),RS:R->(7,4)(-1,0)"
        ]
    );
    assert!(p.game.turns.iter().all(|t| t.unparsed.is_empty()));
    assert_eq!(
        p.game.turns.iter().filter(|t| t.pickup.is_some()).count(),
        3
    );
    assert_eq!(p.game.turns[3].fires.len(), 1);
    assert_eq!(p.game.turns[3].results.len(), 1);
    assert_eq!(find(&p, "wec.part-separator"), [(1, 21, Severity::Info)]);
    // (the jet's take-off is left out: the replay warns of it, nothing more)
    assert!(p.diagnostics.iter().all(|d| d.severity != Severity::Error));
    // the fire's own `/` is no separator; a `;` before no part marker stays unread
    let p = parse("MV:SP(2,2)->(3,3);XX:SP(3,3)^BI\n");
    assert_eq!(p.game.turns[0].unparsed, [";XX:SP(3,3)^BI"]);
    assert_eq!(find(&p, "wec.part-unreadable"), [(1, 18, Severity::Error)]);
}

#[test]
fn comment_lines_and_words_for_check_and_resign() {
    let p = parse(
        "// from the club book\n1. MV:JE(1,4)->^(1,4) 체크\n# White thinks\n1... MV:JE(10,4)->^(10,4)\n백 항복\n",
    );
    assert_eq!(p.game.intro.as_deref(), Some("// from the club book"));
    assert_eq!(
        p.game.turns[0].comment.as_deref(),
        Some("체크 # White thinks")
    );
    assert_eq!(
        find(&p, "wec.comment-line"),
        [(1, 1, Severity::Info), (3, 1, Severity::Info)]
    );
    assert_eq!(find(&p, "wec.annotation"), [(2, 23, Severity::Info)]);
    assert_eq!(find(&p, "wec.result-line"), [(5, 1, Severity::Info)]);
    assert_eq!(
        p.outcome.as_ref().map(|o| o.summary.as_str()),
        Some("Black wins")
    );
    assert!(p.diagnostics.iter().all(|d| d.severity == Severity::Info));
    // `#3` before a turn is still its number
    let p = parse("#1 MV:JE(1,4)->^(1,4)\n");
    assert_eq!(p.game.turns[0].no, Some(1));
    for (line, white) in [
        ("White surrenders", false),
        ("흑 패배", true),
        ("Black concedes.", true),
    ] {
        let p = parse(&format!("MV:JE(1,4)->^(1,4)\n{line}\n"));
        let want = if white { "White wins" } else { "Black wins" };
        assert_eq!(
            p.outcome.as_ref().map(|o| o.summary.as_str()),
            Some(want),
            "{line}"
        );
    }
}

#[test]
fn mv_without_its_colon_long_arrows_and_a_result_after_the_turn() {
    let p = parse(
        "MV JE(1,4)->^(1,4)\nMV-JE(10,4)->^(10,4)\nmv sp(2,2)-->(3,3),PU:SP(3,3)^BI\nMV:SP(9,2)->(8,3),PU:SP(8,3)^SL  Black resigns\n",
    );
    assert_eq!(
        notations(&p),
        [
            "MV:JE(1,4)->^(1,4)",
            "MV:JE(10,4)->^(10,4)",
            "MV:SP(2,2)->(3,3),PU:SP(3,3)^BI",
            "MV:SP(9,2)->(8,3),PU:SP(8,3)^SL"
        ]
    );
    assert!(p.game.turns.iter().all(|t| t.unparsed.is_empty()));
    assert_eq!(find(&p, "wec.mv-colon"), [(1, 4, Severity::Info)]);
    assert_eq!(find(&p, "wec.capital-v"), []);
    assert_eq!(p.game.turns[3].comment.as_deref(), Some("Black resigns"));
    assert_eq!(find(&p, "wec.result-line"), [(4, 34, Severity::Info)]);
    assert_eq!(
        p.outcome.as_ref().map(|o| o.summary.as_str()),
        Some("White wins")
    );
    assert!(p.diagnostics.iter().all(|d| d.severity == Severity::Info));
    // `MV->…` is no colon left out
    let p = parse("MV->(1,4)\n");
    assert_eq!(find(&p, "wec.turn-unreadable").len(), 1);
}

// ---- fourth transcribers ----

const OPENING: [&str; 4] = [
    "MV:JE(1,4)->^(1,4)",
    "MV:JE(10,4)->^(10,4)",
    "MV:SP(2,2)->(3,3),PU:SP(3,3)^BI",
    "MV:SP(9,2)->(8,3),PU:SP(8,3)^SL",
];

#[test]
fn the_side_named_with_a_dash_or_in_brackets_before_the_turn() {
    let p = parse(
        "1) Black - MV:JE(1,4)->^(1,4)\n1) White – MV:JE(10,4)->^(10,4)\n흑 - MV:SP(2,2)->(3,3),PU:SP(3,3)^BI\n[W]\tMV:SP(9,2)->(8,3),PU:SP(8,3)^SL\n",
    );
    assert_eq!(notations(&p), OPENING);
    assert_eq!(colours(&p), "BWBW");
    assert!(p.game.turns.iter().all(|t| t.unparsed.is_empty()));
    assert_eq!(find(&p, "wec.color-word"), [(1, 4, Severity::Info)]);
    assert!(p.diagnostics.iter().all(|d| d.severity == Severity::Info));
    // the written colour against the alternation is reported as before
    let p = parse("(W) MV:JE(10,4)->^(10,4)\n(B) MV:JE(1,4)->^(1,4)\n");
    assert_eq!(colours(&p), "WB");
    assert_eq!(find(&p, "wec.color-order"), [(1, 1, Severity::Warning)]);
    // `Turn 1 (Black):`, `3 White MV:…`: a number, then the colour
    let p = parse(
        "Turn 1 (Black): MV:JE(1,4)->^(1,4)\nTurn 2 (White): MV:JE(10,4)->^(10,4)\n3 Black MV:SP(2,2)->(3,3),PU:SP(3,3)^BI\n",
    );
    assert_eq!(notations(&p), &OPENING[..3]);
    assert_eq!(colours(&p), "BWB");
    assert_eq!(
        p.game.turns.iter().map(|t| t.no).collect::<Vec<_>>(),
        [Some(1), Some(2), Some(3)]
    );
    assert_eq!(find(&p, "wec.color-word"), [(1, 8, Severity::Info)]);
    // a number glued to a colour letter is no such form
    let p = parse("MV:JE(1,4)->^(1,4)\n8B. MV:JE(10,4)->^(10,4)\n");
    assert_eq!(find(&p, "wec.color-word"), []);
}

#[test]
fn locations_with_other_separators() {
    let p = parse(
        "MV:JE(1;4)->^(1 ; 4)\nMV:JE(10.4)->^(10.4)\nMV:SP(2/2)->(3 3),PU:SP(3,3)^BI\nMV:JE^(10,4)->^(8,4),FI1:RL/JE^(8,4)->(4,4),RS:R->(7,4)(-1 0)\n",
    );
    assert_eq!(
        notations(&p),
        [
            "MV:JE(1,4)->^(1,4)",
            "MV:JE(10,4)->^(10,4)",
            "MV:SP(2,2)->(3,3),PU:SP(3,3)^BI",
            "MV:JE^(10,4)->^(8,4),FI1:RL/JE^(8,4)->(4,4),RS:R->(7,4)(-1,0)"
        ]
    );
    assert!(p.game.turns.iter().all(|t| t.unparsed.is_empty()));
    assert_eq!(find(&p, "wec.location-separator"), [(1, 8, Severity::Info)]);
    assert_eq!(p.game.turns[1].piece.at, [10, 4]);
    // two separators in a run are no location: unread as before
    let p = parse("MV:JE(1;;4)->^(1,4)\n");
    assert_eq!(find(&p, "wec.turn-unreadable").len(), 1);
    assert_eq!(find(&p, "wec.location-separator"), []);
}

#[test]
fn result_lines_with_a_key_a_reason_or_a_score_explained() {
    let body = "MV:JE(1,4)->^(1,4)\nMV:JE(10,4)->^(10,4)\n";
    for (line, summary) in [
        ("Result: Black wins by killing the king", "Black wins"),
        ("Winner: White", "White wins"),
        ("승자: 흑", "Black wins"),
        ("결과: 백 승", "White wins"),
        ("White wins (king converted)", "White wins"),
        ("Black resigns, on time", "White wins"),
        ("1-0 (Black wins)", "Black wins"),
        ("0-1 White wins", "White wins"),
    ] {
        let p = parse(&format!("{body}{line}\n"));
        assert_eq!(
            find(&p, "wec.result-line"),
            [(3, 1, Severity::Info)],
            "{line}"
        );
        assert_eq!(
            p.outcome.as_ref().map(|o| o.summary.as_str()),
            Some(summary),
            "{line}"
        );
        assert_eq!(find(&p, "wec.not-a-turn"), [], "{line}");
    }
    // a score alone still says nothing of which side won
    let p = parse(&format!("{body}1-0\n"));
    assert_eq!(p.outcome, None);
    assert_eq!(find(&p, "wec.not-a-turn"), [(3, 1, Severity::Warning)]);
    // nor does a key with no side after it
    let p = parse(&format!("{body}Result: adjourned\n"));
    assert_eq!(p.outcome, None);
}

/// The games of a file of `corpus/wec`.
fn corpus_games(name: &str) -> Vec<record::RawGame> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/records/wec")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    record::split_games(&text)
}

/// The outcomes' summaries of games that each read with infos only (asserted).
fn info_only_summaries(games: &[record::RawGame]) -> Vec<Option<String>> {
    games
        .iter()
        .map(|raw| {
            let g = annals_import::parse_game(raw, annals_import::Kind::Wec);
            assert!(
                g.diagnostics.iter().all(|d| d.severity == Severity::Info),
                "{:?}",
                g.diagnostics
            );
            g.outcome.map(|o| o.summary)
        })
        .collect()
}

#[test]
fn fourth_transcribers_file() {
    let games = corpus_games("side-after-number.wec");
    assert_eq!(games.len(), 4);
    for raw in &games {
        let g = annals_import::parse_game(raw, annals_import::Kind::Wec);
        assert!(
            g.diagnostics.iter().all(|d| d.severity != Severity::Error),
            "{:?}",
            g.diagnostics
        );
    }
}

// ---- fifth transcribers ----

#[test]
fn the_side_named_by_the_seeds_loanwords_and_colour_words() {
    let p = parse(
        "블랙: MV:JE(1,4)->^(1,4)\n화이트: MV:JE(10,4)->^(10,4)\n흑색: MV:SP(2,2)->(3,3),PU:SP(3,3)^BI\n흰색 MV:SP(9,2)->(8,3),PU:SP(8,3)^SL\n",
    );
    assert_eq!(notations(&p), OPENING);
    assert_eq!(colours(&p), "BWBW");
    assert!(p.game.turns.iter().all(|t| t.unparsed.is_empty()));
    assert_eq!(find(&p, "wec.color-word"), [(1, 1, Severity::Info)]);
    assert!(p.diagnostics.iter().all(|d| d.severity == Severity::Info));
    // 백색 and 검정 too; the written colour against the alternation is still reported
    let p = parse("백색: MV:JE(10,4)->^(10,4)\n검정: MV:JE(1,4)->^(1,4)\n");
    assert_eq!(colours(&p), "WB");
    assert_eq!(find(&p, "wec.color-order"), [(1, 1, Severity::Warning)]);
}

#[test]
fn a_drawn_score_or_the_word_draw_is_the_outcome() {
    for line in [
        "½-½",
        "1/2-1/2",
        "½:½",
        "Draw",
        "Draw agreed",
        "drawn.",
        "Result: draw",
        "결과: 무승부",
        "무승부",
        "和棋",
        "½-½ (draw)",
    ] {
        let p = parse(&format!(
            "1. MV:JE(1,4)->^(1,4)\n1... MV:JE(10,4)->^(10,4)\n{line}\n"
        ));
        let o = p.outcome.as_ref().unwrap_or_else(|| panic!("{line}"));
        assert!(o.winners.is_empty(), "{line}");
        assert_eq!(o.draw, ["B", "W"], "{line}");
        assert_eq!(o.summary, "Draw");
        assert_eq!(
            find(&p, "wec.result-line"),
            [(3, 1, Severity::Info)],
            "{line}"
        );
        assert!(find(&p, "wec.not-a-turn").is_empty(), "{line}");
        // the line is no comment of the turn before it
        assert_eq!(p.game.turns[1].comment, None, "{line}");
    }
    // a score that is not a draw stays unread as before
    let p = parse("1. MV:JE(1,4)->^(1,4)\n1-0\n");
    assert!(p.outcome.is_none());
    assert_eq!(find(&p, "wec.not-a-turn"), [(2, 1, Severity::Warning)]);
    // a draw against a replay that kills the king: the replay is kept, with a warning
    let p = parse(
        "1. MV:JE(1,7)->^(1,7)\n1... MV:CH(10,7)->^(10,7)\n2. MV:JE^(1,7)->^(7,6),FI1:RL/JE^(7,6)->(10,6),RS:RK*K(10,6)0W\nDraw\n",
    );
    assert_eq!(find(&p, "wec.result-line"), [(4, 1, Severity::Warning)]);
    assert_eq!(p.outcome.as_ref().unwrap().winners, ["B"]);
}

#[test]
fn a_win_or_loss_on_time_in_korean() {
    let p = parse("1. MV:JE(1,4)->^(1,4)\n1... MV:JE(10,4)->^(10,4)\n흑 시간승\n");
    assert_eq!(p.outcome.as_ref().unwrap().winners, ["B"]);
    let p = parse("1. MV:JE(1,4)->^(1,4)\n1... MV:JE(10,4)->^(10,4)\n흑 시간패\n");
    assert_eq!(p.outcome.as_ref().unwrap().winners, ["W"]);
}

#[test]
fn fifth_transcribers_file() {
    let games = corpus_games("korean-sides.wec");
    assert_eq!(games.len(), 4);
    let summaries = info_only_summaries(&games);
    assert_eq!(
        summaries,
        [
            Some("Draw".to_string()),
            Some("Draw".to_string()),
            Some("Draw".to_string()),
            Some("Black wins".to_string())
        ]
    );
}

// ---- sixth transcribers ----

#[test]
fn locations_written_in_square_brackets() {
    let p = parse(
        "1. MV:JE[1,4]->^[1,4]\n1... MV:JE[10,4]->^[ 10 , 4 ]\n2. MV:SP[2,2]->[3,3],PU:SP[3,3]^BI\n2... MV:SP(9,2)->(8,3),PU:SP(8,3)^SL\n",
    );
    assert_eq!(notations(&p), OPENING);
    assert!(p.game.turns.iter().all(|t| t.unparsed.is_empty()));
    assert_eq!(p.game.turns[0].piece.at, [1, 4]);
    assert_eq!(p.game.turns[1].to.at, [10, 4]);
    assert_eq!(find(&p, "wec.location-brackets"), [(1, 9, Severity::Info)]);
    assert!(p.diagnostics.iter().all(|d| d.severity == Severity::Info));
    // with another separator inside: both are reported
    let p = parse("1. MV:JE[1.4]->^[1.4]\n");
    assert!(p.game.turns[0].unparsed.is_empty());
    assert_eq!(find(&p, "wec.location-brackets").len(), 1);
    assert_eq!(find(&p, "wec.location-separator").len(), 1);
    // brackets holding no location are not read so
    let p = parse("1. MV:JE[1,4,5]->^(1,4)\n");
    assert!(find(&p, "wec.location-brackets").is_empty());
    assert!(!p.game.turns[0].unparsed.is_empty());
}

#[test]
fn a_draw_written_in_decimals() {
    for line in ["0.5-0.5", "0,5-0,5", "0.5:0.5", "0.5 - 0.5"] {
        let p = parse(&format!(
            "1. MV:JE(1,4)->^(1,4)\n1... MV:JE(10,4)->^(10,4)\n{line}\n"
        ));
        let o = p.outcome.as_ref().unwrap_or_else(|| panic!("{line}"));
        assert_eq!(o.draw, ["B", "W"], "{line}");
        assert_eq!(
            find(&p, "wec.result-line"),
            [(3, 1, Severity::Info)],
            "{line}"
        );
        assert_eq!(p.game.turns.len(), 2, "{line}");
        assert!(find(&p, "wec.turn-unreadable").is_empty(), "{line}");
    }
}

#[test]
fn sixth_transcribers_file() {
    let games = corpus_games("bracket-locations.wec");
    assert_eq!(games.len(), 2);
    for raw in &games {
        let g = annals_import::parse_game(raw, annals_import::Kind::Wec);
        assert!(
            g.diagnostics.iter().all(|d| d.severity == Severity::Info),
            "{:?}",
            g.diagnostics
        );
        assert_eq!(g.outcome.map(|o| o.summary), Some("Draw".to_string()));
    }
}

// ---- seventh transcribers ----

#[test]
fn the_colour_glued_before_the_number_as_go_records_label_moves() {
    let p = parse(
        "B1. MV:JE(1,4)->^(1,4)\nW1. MV:JE(10,4)->^(10,4)\nb2: MV:SP(2,2)->(3,3),PU:SP(3,3)^BI\nWhite 2) MV:SP(9,2)->(8,3),PU:SP(8,3)^SL\n",
    );
    assert_eq!(notations(&p), OPENING);
    assert_eq!(colours(&p), "BWBW");
    let nos: Vec<Option<u32>> = p.game.turns.iter().map(|t| t.no).collect();
    assert_eq!(nos, [Some(1), Some(1), Some(2), Some(2)]);
    assert_eq!(find(&p, "wec.color-word"), [(1, 1, Severity::Info)]);
    assert_eq!(find(&p, "wec.number-form"), [(1, 1, Severity::Info)]);
    assert!(p.diagnostics.iter().all(|d| d.severity == Severity::Info));
    // in Korean and Chinese, and the colour decides against the alternation when every turn has it
    let p = parse(
        "흑1 MV:JE(1,4)->^(1,4)\n백1 MV:JE(10,4)->^(10,4)\n黑2 MV:SP(2,2)->(3,3),PU:SP(3,3)^BI\n白2. MV:SP(9,2)->(8,3),PU:SP(8,3)^SL\n",
    );
    assert_eq!(notations(&p), OPENING);
    assert_eq!(colours(&p), "BWBW");
    assert!(p.diagnostics.iter().all(|d| d.severity == Severity::Info));
    let p = parse("W1. MV:JE(10,4)->^(10,4)\n");
    assert_eq!(colours(&p), "W");
    // only before a turn: a colour and a number with no MV after them stay unread; a number glued
    // to a colour after it (8B.) is still no such form
    let p = parse("MV:JE(1,4)->^(1,4)\nW1. JE(10,4)\n");
    assert!(find(&p, "wec.number-form").is_empty());
    let p = parse("MV:JE(1,4)->^(1,4)\n8B. MV:JE(10,4)->^(10,4)\n");
    assert!(find(&p, "wec.color-word").is_empty());
}

#[test]
fn results_as_go_and_baduk_records_write_them() {
    for (line, winner) in [
        ("B+R", "B"),
        ("W+R", "W"),
        ("W+", "W"),
        ("B+T", "B"),
        ("W+Resign", "W"),
        ("Result: B+R", "B"),
        ("흑 불계승", "B"),
        ("백불계승", "W"),
        ("흑 불계패", "W"),
        ("흑의 승리", "B"),
        ("백의 승리", "W"),
        ("黑中盘胜", "B"),
    ] {
        let p = parse(&format!(
            "1. MV:JE(1,4)->^(1,4)\n1... MV:JE(10,4)->^(10,4)\n{line}\n"
        ));
        let o = p.outcome.as_ref().unwrap_or_else(|| panic!("{line}"));
        assert_eq!(o.winners, [winner], "{line}");
        assert_eq!(
            find(&p, "wec.result-line"),
            [(3, 1, Severity::Info)],
            "{line}"
        );
        assert_eq!(p.game.turns.len(), 2, "{line}");
        assert!(
            p.diagnostics.iter().all(|d| d.severity == Severity::Info),
            "{line}: {:?}",
            p.diagnostics
        );
    }
    // a plus that is no result stays what it was
    let p = parse("1. MV:JE(1,4)->^(1,4)\nB+X\n");
    assert!(p.outcome.is_none());
}

#[test]
fn a_fire_written_without_its_number() {
    let p = parse(
        "MV:CH(1,4)->^(1,4)\nMV:CH(10,4)->^(10,4)\nMV:CH^(1,4)->^(5,4),FI:ST/CH^(5,4)=>CH^(8,4)\nMV:CH^(10,4)->^(8,4),FI:ST/CH^(8,4)=>CH^(5,4),FI:RL/RP(9,10)->(3,10)\n",
    );
    let slots: Vec<Vec<u8>> = p
        .game
        .turns
        .iter()
        .map(|t| t.fires.iter().map(|f| f.slot).collect())
        .collect();
    assert_eq!(slots, [vec![], vec![], vec![1], vec![1, 2]]);
    assert!(p.game.turns.iter().all(|t| t.unparsed.is_empty()));
    assert_eq!(
        p.game.turns[3].notation,
        "MV:CH^(10,4)->^(8,4),FI1:ST/CH^(8,4)=>CH^(5,4),FI2:RL/RP(9,10)->(3,10)"
    );
    assert_eq!(find(&p, "wec.fire-unnumbered"), [(3, 21, Severity::Info)]);
    assert!(!p.diagnostics.iter().any(|d| d.severity == Severity::Error));
    // with a number on one of them: the other gets the place left
    let t = turn("MV:CH^(10,4)->^(8,4),FI1:ST/CH^(8,4)=>CH^(5,4),FI:RL/RP(9,10)->(3,10)");
    assert_eq!(t.fires.iter().map(|f| f.slot).collect::<Vec<_>>(), [1, 2]);
    // a third fire is no fire the grammar has: still an error
    let p = parse(
        "MV:CH^(10,4)->^(8,4),FI:ST/CH^(8,4)=>CH^(5,4),FI:RL/RP(9,10)->(3,10),FI:RL/RP(9,9)->(3,9)\n",
    );
    assert!(p.diagnostics.iter().any(|d| d.severity == Severity::Error));
}

#[test]
fn a_full_stop_or_comma_after_the_turn() {
    let p = parse(
        "1. MV:JE(1,4)->^(1,4).\n1... MV:JE(10,4)->^(10,4),\n2. MV:SP(2,2)->(3,3),PU:SP(3,3)^BI.\n2... MV:SP(9,2)->(8,3),PU:SP(8,3)^SL\n",
    );
    assert_eq!(notations(&p), OPENING);
    assert!(p.game.turns.iter().all(|t| t.unparsed.is_empty()));
    assert_eq!(find(&p, "wec.trailing-mark"), [(1, 22, Severity::Info)]);
    assert!(p.diagnostics.iter().all(|d| d.severity == Severity::Info));
    // a result's colour stays its own (`…0W.`)
    let t = turn("MV:JE^(1,7)->^(7,6),FI1:RL/JE^(7,6)->(10,6),RS:RK*K(10,6)0W.");
    assert_eq!(t.results.len(), 1);
    assert_eq!(
        t.notation,
        "MV:JE^(1,7)->^(7,6),FI1:RL/JE^(7,6)->(10,6),RS:RK*K(10,6)0W"
    );
}

#[test]
fn seventh_transcribers_file() {
    let games = corpus_games("go-style-labels.wec");
    assert_eq!(games.len(), 4);
    let summaries = info_only_summaries(&games);
    assert_eq!(
        summaries,
        [
            Some("White wins".to_string()),
            Some("Black wins".to_string()),
            None,
            Some("Black wins".to_string())
        ]
    );
}

/// A rule line inside a game (`----`, `* * *`) is a separator: ignored with an info, and the
/// colours go on as if it were absent (before: a line that is no turn, a warning).
#[test]
fn a_rule_line_inside_a_game_is_ignored() {
    let p = parse(
        "1. MV:JE(1,4)->^(1,4)\n1... MV:JE(10,4)->^(10,4)\n----\n* * *\n2. MV:SP(2,2)->(3,3),PU:SP(3,3)^BI\n",
    );
    let found: Vec<(String, Severity, u32)> = p
        .diagnostics
        .iter()
        .map(|d| (d.code.clone(), d.severity, d.line))
        .collect();
    assert_eq!(
        found,
        [
            ("text.rule-line".to_string(), Severity::Info, 3),
            ("text.rule-line".to_string(), Severity::Info, 4)
        ]
    );
    assert_eq!(p.game.turns.len(), 3);
    assert!(p.game.turns.iter().all(|t| t.comment.is_none()));
}

/// Eighth transcribers: the sides in Japanese (`黒1`, `白1`, shogi's `先手`/`後手`) before the
/// turn, and Japanese results (`白の勝ち`, `まで3手で先手の勝ち`, `後手投了`).
#[test]
fn japanese_sides_and_results() {
    let p = parse("黒1 MV:JE(1,4)->^(1,4)\n白1 MV:JE(10,4)->^(10,4)\n白の勝ち\n");
    assert_eq!(p.game.turns.len(), 2);
    assert_eq!(p.game.turns[1].color, "W");
    assert_eq!(p.game.turns[1].no, Some(1));
    assert_eq!(
        diag_codes(&p),
        ["wec.number-form", "wec.color-word", "wec.result-line"]
    );
    assert_eq!(p.outcome.map(|o| o.summary).as_deref(), Some("White wins"));
    let p = parse("先手: MV:JE(1,4)->^(1,4)\n後手: MV:JE(10,4)->^(10,4)\nまで2手で後手の勝ち\n");
    assert_eq!(p.game.turns.len(), 2);
    assert!(p.game.turns.iter().all(|t| t.unparsed.is_empty()));
    let d = &p.diagnostics[0];
    assert_eq!((&*d.code, d.line, d.col), ("wec.color-word", 1, 1));
    assert!(d.message.contains("Black's turn"), "{}", d.message);
    assert_eq!(p.outcome.map(|o| o.summary).as_deref(), Some("White wins"));
    // 投了: resigns
    let p = parse("MV:JE(1,4)->^(1,4)\n後手投了\n");
    assert_eq!(p.outcome.map(|o| o.summary).as_deref(), Some("Black wins"));
    // a header line with the side in Japanese names the player
    let p = parse("黒: 青木\n後手: 馬場\nMV:JE(1,4)->^(1,4)\n");
    assert_eq!(p.game.turns.len(), 1);
    assert!(diag_codes(&p).iter().all(|c| *c == "wec.header-line"));
}

/// A clock time after a turn (`(0:45)`, `[12:03]`, `0:12`) is the turn's comment with an info;
/// before, `(0:45)` and `[12:03]` were errors kept as unread text.
#[test]
fn clock_times_after_a_turn() {
    let p = parse(
        "1. MV:JE(1,7)->^(1,7) (0:45)\n1... MV:CH(10,7)->^(10,7) [12:03]\n2. MV:JE^(1,7)->^(3,7) 1:02:33\n2... MV:CH^(10,7)->^(8,7) {0:59}\n",
    );
    let comments: Vec<Option<&str>> = p.game.turns.iter().map(|t| t.comment.as_deref()).collect();
    assert_eq!(
        comments,
        [
            Some("(0:45)"),
            Some("[12:03]"),
            Some("1:02:33"),
            Some("0:59")
        ]
    );
    assert!(p.game.turns.iter().all(|t| t.unparsed.is_empty()));
    let d: Vec<_> = p
        .diagnostics
        .iter()
        .map(|d| (&*d.code, d.severity, d.line, d.col))
        .collect();
    assert_eq!(d, [("wec.clock-time", Severity::Info, 1, 23)]);
    // a location in brackets is still no clock time
    let p = parse("1. MV:JE(1,4)->^(1,4) (1:4)\n");
    assert!(
        diag_codes(&p).contains(&"wec.part-unreadable"),
        "{:?}",
        p.diagnostics
    );
}

/// Korean, Japanese and Chinese move counters (`1수`, `제3수`, `제 4 수:`, `第5手`, `6手目`)
/// are turn numbers (info `wec.number-form`, once per game).
#[test]
fn move_counters_number_the_turns() {
    let p = parse(
        "1수 MV:JE(1,4)->^(1,4)\n2수 MV:JE(10,4)->^(10,4)\n제3수 MV:SP(2,2)->(3,3),PU:SP(3,3)^BI\n제 4 수: MV:SP(9,2)->(8,3),PU:SP(8,3)^SL\n第5手 MV:SP(3,3)1BI->(4,4),PU:SP(4,4)1BI^AST\n6手目 MV:STP(9,9)->(8,10),PU:STP(8,10)^ASH\n",
    );
    let nos: Vec<Option<u32>> = p.game.turns.iter().map(|t| t.no).collect();
    assert_eq!(nos, [1, 2, 3, 4, 5, 6].map(Some));
    let colours: Vec<&str> = p.game.turns.iter().map(|t| &*t.color).collect();
    assert_eq!(colours, ["B", "W", "B", "W", "B", "W"]);
    assert_eq!(diag_codes(&p), ["wec.number-form", "wec.alias"]);
    assert!(p.diagnostics[0].message.contains("\"1수\""));
}

/// A bare score stays unread: the manual says Black moves first, but not which side a score
/// names first (a chess writer's `1-0` is White's win).
#[test]
fn a_bare_score_stays_a_warning() {
    let p = parse("1. MV:JE(1,4)->^(1,4)\n1... MV:JE(10,4)->^(10,4)\n1-0\n");
    assert!(p.outcome.is_none());
    assert_eq!(diag_codes(&p), ["wec.not-a-turn"]);
    assert_eq!(p.diagnostics[0].severity, Severity::Warning);
    assert_eq!(p.game.turns[1].comment.as_deref(), Some("1-0"));
}

#[test]
fn eighth_transcribers_file() {
    let games = corpus_games("japanese-sides.wec");
    assert_eq!(games.len(), 7);
    let outcomes: Vec<Option<String>> = games
        .iter()
        .map(|raw| annals_import::parse_game(raw, annals_import::Kind::Wec))
        .map(|g| {
            assert!(
                g.diagnostics.iter().all(|d| d.severity != Severity::Error),
                "{:?}",
                g.diagnostics
            );
            g.outcome.map(|o| o.summary)
        })
        .collect();
    let s = |x: &str| Some(x.to_string());
    assert_eq!(
        outcomes,
        [
            s("White wins"),
            s("Black wins"),
            s("Black wins"),
            s("White wins"),
            s("Black wins"),
            None,
            s("Black wins")
        ]
    );
}

// ---- wrapped turns, numbers alone, other numberings ----

fn numbers(p: &Parsed<WecGame>) -> Vec<Option<u32>> {
    p.game.turns.iter().map(|t| t.no).collect()
}

fn lines(p: &Parsed<WecGame>) -> Vec<u32> {
    p.game.turns.iter().map(|t| t.line).collect()
}

#[test]
fn a_turn_wrapped_after_a_comma_keeps_its_fire() {
    let p = parse(
        "1. MV:JE(1,4)->^(1,4)\n1... MV:JE(10,4)->^(10,4)\n2. MV:JE^(1,4)->^(4,4),\n   FI1:RL/JE^(4,4)->(8,4)\n2... MV:CH(10,7)->^(10,7)\n3. MV:CH(1,7)->^(1,7)\n",
    );
    assert_eq!(colours(&p), "BWBWB");
    assert_eq!(numbers(&p), [Some(1), Some(1), Some(2), Some(2), Some(3)]);
    assert_eq!(lines(&p), [1, 2, 3, 5, 6]);
    let t = &p.game.turns[2];
    assert_eq!(t.notation, "MV:JE^(1,4)->^(4,4),FI1:RL/JE^(4,4)->(8,4)");
    assert!(t.unparsed.is_empty());
    assert_eq!(&*t.piece.kind, "JE");
    assert_eq!(t.fires.len(), 1);
    assert_eq!(t.fires[0].toward.as_ref().map(|w| w.at), Some([8, 4]));
    assert_eq!(&*t.fires[0].article, "RL");
    assert_eq!(located(&p), [("text.line-wrapped", 4, 4)]);
    assert_eq!(p.diagnostics[0].severity, Severity::Info);
}

#[test]
fn a_turn_wrapped_before_a_part_code() {
    // the long-lines record: a wrap after `,`, and a line that begins with `,PU:`
    let p = parse(
        "1. MV:JE(1,4)->^(1,4)\n1... MV:JE(10,4)->^(10,4)\n2. MV:JE^(1,4)->^(4,4),\n   FI1:RL/JE^(4,4)->(8,4),RS:R->(7,4)(1,0)\n2... MV:CP(9,4)->(8,5),PU:CP(8,5)^SC\n3. MV:SP(2,2)->(3,3)\n   ,PU:SP(3,3)^BI\n3... MV:CL(10,3)->(9,2)\n",
    );
    assert_eq!(colours(&p), "BWBWBW");
    assert_eq!(lines(&p), [1, 2, 3, 5, 6, 8]);
    assert!(p.game.turns.iter().all(|t| t.unparsed.is_empty()));
    let t = &p.game.turns[2];
    assert_eq!((t.fires.len(), t.results.len()), (1, 1));
    let t = &p.game.turns[4];
    assert_eq!(t.notation, "MV:SP(2,2)->(3,3),PU:SP(3,3)^BI");
    assert!(t.pickup.is_some());
    // reported once per game, at the first joined line
    assert_eq!(find(&p, "text.line-wrapped"), [(4, 4, Severity::Info)]);
    assert!(find(&p, "wec.turn-unreadable").is_empty());
    assert!(find(&p, "wec.number-color").is_empty());
    // a part code without the `,` before it: the `,` is put back; `-TRA->` needs none
    let p = parse("MV:SP(2,2)->(3,3)\n  PU:SP(3,3)^BI\nMV:JE(10,4)->^(10,4)\n");
    assert_eq!(colours(&p), "BW");
    assert_eq!(p.game.turns[0].notation, "MV:SP(2,2)->(3,3),PU:SP(3,3)^BI");
    assert_eq!(located(&p), [("text.line-wrapped", 2, 3)]);
    // a turn over three lines
    let p = parse(
        "MV:JE(1,4)->^(1,4)\nMV:JE(10,4)->^(10,4)\nMV:JE^(1,4)->^(4,4),\nFI1:RL/JE^(4,4)->(8,4),\n\nRS:R->(7,4)(1,0)\nMV:CH(10,7)->^(10,7)\n",
    );
    assert_eq!(colours(&p), "BWBW");
    assert_eq!(
        p.game.turns[2].notation,
        "MV:JE^(1,4)->^(4,4),FI1:RL/JE^(4,4)->(8,4),RS:R->(7,4)(1,0)"
    );
    assert_eq!(located(&p), [("text.line-wrapped", 4, 1)]);
}

#[test]
fn a_wrapped_turns_diagnostics_point_into_its_lines() {
    // the part that does not read is on the second line, at its own column
    let p = parse(
        "MV:JE(1,4)->^(1,4)\nMV:JE(10,4)->^(10,4)\nMV:JE^(1,4)->^(4,4),\n   FI1:RL/JE^(4,4)->(8,4),RS:ZZ\nMV:CH(10,7)->^(10,7)\n",
    );
    assert_eq!(colours(&p), "BWBW");
    assert_eq!(p.game.turns[2].fires.len(), 1);
    assert_eq!(p.game.turns[2].line, 3);
    assert_eq!(
        located(&p),
        [("wec.part-unreadable", 4, 30), ("text.line-wrapped", 4, 4)]
    );
}

#[test]
fn lines_that_do_not_continue_a_turn() {
    // a note after a line ending in `,`: no turn string, kept as a comment as before
    let p = parse("1. MV:JE(1,4)->^(1,4),\nnice opening here\n1... MV:JE(10,4)->^(10,4)\n");
    assert_eq!(colours(&p), "BW");
    assert_eq!(
        p.game.turns[0].comment.as_deref(),
        Some("nice opening here")
    );
    assert!(find(&p, "text.line-wrapped").is_empty());
    assert_eq!(find(&p, "wec.trailing-mark"), [(1, 22, Severity::Info)]);
    // a numbered line after a `,` is its own turn
    let p = parse("1. MV:JE(1,4)->^(1,4),\n1... MV:JE(10,4)->^(10,4)\n");
    assert_eq!(colours(&p), "BW");
    assert!(find(&p, "text.line-wrapped").is_empty());
    // a part code before any turn string: nothing to continue
    let p = parse("PU:SP(3,3)^BI\nMV:JE(1,4)->^(1,4)\n");
    assert_eq!(p.game.turns.len(), 2);
    assert!(find(&p, "text.line-wrapped").is_empty());
    assert_eq!(find(&p, "wec.turn-unreadable").len(), 1);
}

#[test]
fn a_number_alone_on_its_line_numbers_the_next() {
    let p = parse(
        "1.\nMV:JE(1,4)->^(1,4)\nMV:JE(10,4)->^(10,4)\n2.\nMV:SP(2,2)->(3,3),PU:SP(3,3)^BI\nMV:SP(9,2)->(8,3),PU:SP(8,3)^SL\n",
    );
    assert_eq!(colours(&p), "BWBW");
    assert_eq!(numbers(&p), [Some(1), None, Some(2), None]);
    assert_eq!(lines(&p), [1, 3, 4, 6]);
    assert!(p.game.turns.iter().all(|t| t.unparsed.is_empty()));
    assert_eq!(located(&p), [("wec.number-line", 1, 1)]);
    // White's number alone
    let p = parse("1. MV:JE(1,4)->^(1,4)\n  1...\nMV:JE(10,4)->^(10,4)\n");
    assert_eq!(colours(&p), "BW");
    assert_eq!(numbers(&p), [Some(1), Some(1)]);
    assert_eq!(located(&p), [("wec.number-line", 2, 3)]);
    // a number alone with no turn after it stays an error
    let p = parse("1. MV:JE(1,4)->^(1,4)\n2.\n");
    assert_eq!(find(&p, "wec.turn-unreadable"), [(2, 1, Severity::Error)]);
    assert!(find(&p, "wec.number-line").is_empty());
}

#[test]
fn numberings_with_halves_and_abbreviated_colours() {
    let p = parse(
        "1a. MV:JE(1,4)->^(1,4)\n1b. MV:JE(10,4)->^(10,4)\n2a MV:SP(2,2)->(3,3),PU:SP(3,3)^BI\n2b MV:SP(9,2)->(8,3),PU:SP(8,3)^SL\n",
    );
    assert_eq!(colours(&p), "BWBW");
    assert_eq!(numbers(&p), [Some(1), Some(1), Some(2), Some(2)]);
    assert!(p.game.turns.iter().all(|t| t.unparsed.is_empty()));
    assert_eq!(located(&p), [("wec.number-form", 1, 1)]);
    // the halves decide as `N.` and `N...`: a record that begins with White's
    let p = parse("1b. MV:JE(10,4)->^(10,4)\n2a. MV:JE(1,4)->^(1,4)\n");
    assert_eq!(colours(&p), "WB");
    let p = parse(
        "#1 Blk: MV:JE(1,4)->^(1,4)\n#1 Wht: MV:JE(10,4)->^(10,4)\n#2 Blk: MV:SP(2,2)->(3,3),PU:SP(3,3)^BI\n#2 Wht: MV:SP(9,2)->(8,3),PU:SP(8,3)^SL\n",
    );
    assert_eq!(colours(&p), "BWBW");
    assert_eq!(numbers(&p), [Some(1), Some(1), Some(2), Some(2)]);
    assert!(p.game.turns.iter().all(|t| t.unparsed.is_empty()));
    assert_eq!(
        located(&p),
        [("wec.number-form", 1, 1), ("wec.color-word", 1, 4)]
    );
    // a word that only begins as a half is no number (`1am`)
    let p = parse("1am MV:JE(1,4)->^(1,4)\n");
    assert!(numbers(&p).iter().all(Option::is_none));
    assert!(find(&p, "wec.number-form").is_empty());
}

#[test]
fn an_extra_line_does_not_flip_the_numbered_colours() {
    // a line that does not read between numbered turns: the numbering decides after it
    let p = parse(
        "1. MV:JE(1,4)->^(1,4)\n1... MV:JE(10,4)->^(10,4)\nXX(2,2)\n2. MV:SP(2,2)->(3,3)\n2... MV:SP(9,2)->(8,3)\n3. MV:CH(1,7)->^(1,7)\n3... MV:CH(10,7)->^(10,7)\n",
    );
    assert_eq!(colours(&p), "BWBBWBW");
    assert_eq!(find(&p, "wec.turn-unreadable"), [(3, 1, Severity::Error)]);
    assert_eq!(find(&p, "wec.number-color"), [(4, 1, Severity::Warning)]);
    assert!(find(&p, "wec.no-piece").is_empty());
    // the same with White's numbered turn after the extra line
    let p = parse(
        "1. MV:JE(1,4)->^(1,4)\nXX(2,2)\n1... MV:JE(10,4)->^(10,4)\n2. MV:SP(2,2)->(3,3)\n2... MV:SP(9,2)->(8,3)\n",
    );
    assert_eq!(colours(&p), "BWWBW");
    assert_eq!(find(&p, "wec.number-color"), [(3, 1, Severity::Warning)]);
    assert!(find(&p, "wec.no-piece").is_empty());
}

/// A turn broken inside a part with no `,` or part code at the break: the line ends where no
/// turn string ends (after an arrow, inside a location, after a part's `:`), and the next line
/// cannot start a turn of its own (no number, colour or `MV`): joined, with the info
/// `text.line-wrapped` (before: two unreadable lines).
#[test]
fn a_turn_broken_inside_a_part_is_joined() {
    let p = parse(
        "1. MV:JE(1,4)->\n   ^(1,4)\n1... MV:JE(10,4)->^(10,4)\n2. MV:JE^(1,4)->^(4,4),FI1:RL/JE^(4,4)->\n   (8,4),RS:R->(7,4)(1,0\n   )\n2... MV:CH(10,7)->^(10,7),FI1:\nST/CH^(10,7)->(6,7)\n3. MV:SP(2,2)->(3\n,3)\n",
    );
    assert_eq!(colours(&p), "BWBWB");
    assert_eq!(numbers(&p), [Some(1), Some(1), Some(2), Some(2), Some(3)]);
    assert_eq!(lines(&p), [1, 3, 4, 7, 9]);
    assert!(
        p.game.turns.iter().all(|t| t.unparsed.is_empty()),
        "{:?}",
        p.diagnostics
    );
    assert_eq!(p.game.turns[0].notation, "MV:JE(1,4)->^(1,4)");
    assert_eq!(
        p.game.turns[2].notation,
        "MV:JE^(1,4)->^(4,4),FI1:RL/JE^(4,4)->(8,4),RS:R->(7,4)(1,0)"
    );
    assert_eq!(
        (p.game.turns[2].fires.len(), p.game.turns[2].results.len()),
        (1, 1)
    );
    assert_eq!(
        p.game.turns[3].notation,
        "MV:CH(10,7)->^(10,7),FI1:ST/CH^(10,7)->(6,7)"
    );
    assert_eq!(p.game.turns[4].notation, "MV:SP(2,2)->(3,3)");
    // reported once per game, at the first joined line
    assert_eq!(located(&p), [("text.line-wrapped", 2, 4)]);
    // a whole turn (ending with `)`) followed by a line that is no turn: not joined
    let p = parse("1. MV:JE(1,4)->^(1,4)\n(8,4)\n1... MV:JE(10,4)->^(10,4)\n");
    assert_eq!(p.game.turns[0].notation, "MV:JE(1,4)->^(1,4)");
    assert!(find(&p, "text.line-wrapped").is_empty());
    // an open end followed by a numbered turn, or a number alone: not joined
    let p = parse("1. MV:JE(1,4)->\n1... MV:JE(10,4)->^(10,4)\n");
    assert_eq!(p.game.turns.len(), 2);
    assert!(find(&p, "text.line-wrapped").is_empty());
    let p = parse("1. MV:JE(1,4)->\n2.\nMV:JE(10,4)->^(10,4)\n");
    assert!(find(&p, "text.line-wrapped").is_empty());
}
