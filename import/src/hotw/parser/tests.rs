//! The fast path and the general reader read alike; epoch headers; snapshot facilities.

use super::body::parse_body_with;
use super::epochs::{EpochLine, epoch_line};
use super::pauses::facilities;
use crate::model::Ctx;

/// Every game of `text`, parsed with and without the fast path, must come out the same,
/// diagnostics in the same order.
fn same_both_ways(text: &str) {
    for raw in crate::record::split_games(text) {
        let ctx = Ctx {
            first_line: raw.body_line,
            tags: &raw.tags,
        };
        let fast = parse_body_with(&raw.body, &ctx, true);
        let general = parse_body_with(&raw.body, &ctx, false);
        assert_eq!(fast, general, "{}", raw.body);
    }
}

#[test]
fn fast_path_reads_as_the_general_parser() {
    let mut texts: Vec<String> = [
        include_str!("../../../tests/records/hotw/appendix4.hotw"),
        include_str!("../../../tests/records/hotw/chapters.hotw"),
        include_str!("../../../tests/records/hotw/malformed.hotw"),
        include_str!("../../../tests/records/hotw/pause.hotw"),
        include_str!("../../../tests/records/hotw/quirks.hotw"),
        include_str!("../../../tests/records/hotw/club-habits.hotw"),
        include_str!("../../../tests/records/hotw/epoch-and-card-forms.hotw"),
        include_str!("../../../tests/records/hotw/epoch-words-and-rules.hotw"),
        // the shapes of the generated records, and edges of the fast path
        "EI\n\nA(Assy): Allie\nPac-->DeepS-->Mex(c/)\nPac-->GP-->GLake-->WInd(V, cX)\n\
         Pac(+f) 36\n\nB(Chou): \nCEu-->Dan-->Bal(XV, c/)-->Scan\nCEu(+f, +m) 19\n\
         C(Vedic): Elite, Eng 12\nDni-->TurP(XXV)-->Cau, Mong; EStep-->WStep\n\
         Dni(+m), Cau(+f) 36\nF(Hit):\nLev-->Zag 3\nA(Greek): Lead,, Eng\n\
         High-->LRhi(fw)\nHigh-->LRhi(X=V)(+f+m)\nHigh(V)-->Alb\nHigh\nHigh(V)\n\
         High-->LRhi,,Alb;;Ire\nHigh-->LRhi;,Alb\nHigh-->LRhi 99999999999999999999\n\
         High-->LRhi 12 13\nHigh-->(Atl)-->Ire\nHigh--Ire\nHigh-->LRhi(V\n\
         High-->LRhi(V))\nHigh-->LRhi((V))\nHigh-->LRhi(+q)\nHigh-->Ire 40\n\
         B(Scy): Lead 12 13\nC(Car): King\nA(Pers): Civil, Mig\nB(Celt): Jap\n\
         C(Mac) Lead\nA(Fuji): Lead 5\nGP-->Mex 9\nB(Rome): Pac-->GP\n",
        // the forms of other transcribers, on lines either path might take
        "E I\nA(Assy): Lead 12\nPac-->GP 13分\nPac-->GP 14.\nPac-->GP 15 pts\n\
         a(Chou): Naval Power, Lead 16\nb(Scy) Lead\nPac-->GP(c/) 17\nPac-->GP(c／)\n\
         C(Car): Lead, Civil Service(+2)\nD(Pers): Lead Eng 18\neii\nE(Greek): Lead\n",
    ]
    .iter()
    .map(|t| t.to_string())
    .collect();
    // and deterministic mutations of each (characters deleted, inserted, swapped)
    let inserts = [
        "(", ")", "-", "--", ">", "-->", ",", ";", ":", "+", ".", "X", "v", " ", "（", "→", "1",
        "f", "c/", "+f", "Lead", "A(", "a(", "分", "／", "Ⅱ", " Power", "i",
    ];
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n.max(1) as u64) as usize
    };
    let originals = texts.clone();
    for t in &originals {
        for _ in 0..20 {
            let mut out = String::new();
            for line in t.split('\n') {
                let mut cs: Vec<char> = line.chars().collect();
                if !line.starts_with('[') && next(2) == 0 {
                    let n = cs.len();
                    match next(3) {
                        0 if n > 0 => {
                            cs.remove(next(n));
                        }
                        1 => {
                            let at = next(n + 1);
                            for (k, c) in inserts[next(inserts.len())].chars().enumerate() {
                                cs.insert(at + k, c);
                            }
                        }
                        _ if n > 1 => {
                            let a = next(n - 1);
                            cs.swap(a, a + 1);
                        }
                        _ => {}
                    }
                }
                out.extend(cs);
                out.push('\n');
            }
            texts.push(out);
        }
    }
    for t in &texts {
        same_both_ways(t);
    }
}

#[test]
fn epoch_lines() {
    let plain = |t| epoch_line(t).map(|e| e.0);
    assert_eq!(plain("EIII (con't)"), Some(EpochLine::Cont(3)));
    assert_eq!(plain("EVI後暫停"), Some(EpochLine::Pause(6)));
    assert_eq!(plain("EVII"), Some(EpochLine::Plain(7)));
    assert_eq!(plain("EInd-->Suma"), None);
    assert_eq!(plain("EVIII"), None);
    // the notation's forms are no other form
    for t in ["EI", "EVII", "EIII (con't)", "EVI後暫停", "E3"] {
        assert_eq!(epoch_line(t).map(|e| e.1), Some(false), "{t}");
    }
    // other transcribers' forms
    for (t, e) in [
        ("E I", EpochLine::Plain(1)),
        ("EⅡ", EpochLine::Plain(2)),
        ("Eⅱ", EpochLine::Plain(2)),
        ("E Ⅶ", EpochLine::Plain(7)),
        ("EⅤⅠ", EpochLine::Plain(6)),
        ("ＥＩＩＩ", EpochLine::Plain(3)),
        ("ＥＶ", EpochLine::Plain(5)),
        ("eiii", EpochLine::Plain(3)),
        ("Eiii", EpochLine::Plain(3)),
        ("E.IV", EpochLine::Plain(4)),
        ("E-V", EpochLine::Plain(5)),
        ("Epoch III", EpochLine::Plain(3)),
        ("EPOCH 3", EpochLine::Plain(3)),
        ("EIII:", EpochLine::Plain(3)),
        ("E III (con't)", EpochLine::Cont(3)),
        ("eVI後暫停", EpochLine::Pause(6)),
    ] {
        assert_eq!(epoch_line(t), Some((e, true)), "{t}");
    }
    // resumptions in every bracket
    for t in [
        "EIII（續）",
        "EIII (續)",
        "EIII續",
        "EIII (cont.)",
        "EIII [cont'd]",
        "EIII（繼續）",
    ] {
        assert_eq!(epoch_line(t), Some((EpochLine::Cont(3), false)), "{t}");
    }
    // region names and seat-E lines are no header
    for t in [
        "E.Ana(+m)",
        "E.Ind-->Suma",
        "EInd",
        "E(Ang): Bal-->Scan",
        "E: Con, SAf(I)",
        "E",
        "E I V",
        "E--I",
        "E.-I",
        "Evil",
        "eI-->x",
        "EIII Lead",
    ] {
        assert_eq!(epoch_line(t), None, "{t}");
    }
}

#[test]
fn facility_strings() {
    assert_eq!(facilities("cpfm").0, ["cp", "f", "m"]);
    assert_eq!(facilities("cm").0, ["ct", "m"]);
    assert_eq!(facilities("cq").1.as_deref(), Some("q"));
}
