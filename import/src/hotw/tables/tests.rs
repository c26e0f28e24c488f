//! The tables against the appendices' counts, and the resolution steps.

use super::index::edit_distance;
use super::*;

#[test]
fn tables_have_the_appendix_counts() {
    let t = &*TABLES;
    let land = t
        .regions
        .iter()
        .filter(|r| r.kind == RegionType::Land)
        .count();
    let sea = t
        .regions
        .iter()
        .filter(|r| r.kind == RegionType::Sea)
        .count();
    let waste = t
        .regions
        .iter()
        .filter(|r| r.kind == RegionType::Wasteland)
        .count();
    assert_eq!((land, sea, waste), (93, 14, 8));
    assert_eq!(t.empires.iter().filter(|e| !e.minor).count(), 49);
    assert_eq!(t.empires.iter().filter(|e| e.minor).count(), 7);
    assert_eq!(
        t.areas
            .values()
            .collect::<std::collections::HashSet<_>>()
            .len(),
        13
    );
}

#[test]
fn resolution_steps() {
    let t = &*TABLES;
    assert_eq!(
        t.region("GPC", true).map(|r| (r.0.code.as_str(), r.1)),
        Some(("GPC", How::Exact))
    );
    assert_eq!(
        t.region("E.Ana", true).map(|r| (r.0.code.as_str(), r.1)),
        Some(("EAna", How::Folded))
    );
    assert_eq!(
        t.region("Pers\\D", true).map(|r| r.0.code.as_str()),
        Some("PersD")
    );
    assert_eq!(
        t.region("Great Plain of China", true).map(|r| r.1),
        Some(How::Name)
    );
    assert_eq!(
        t.region("Mekomg", true).map(|r| (r.0.code.as_str(), r.1)),
        None
    );
    assert_eq!(t.region("Scandi", true).map(|r| r.0.code.as_str()), None);
    assert_eq!(
        t.region("Cauc", true).map(|r| (r.0.code.as_str(), r.1)),
        Some(("Cau", How::Fuzzy(1)))
    );
    assert!(t.region("GPA", true).is_none());
    assert!(t.region("Sei", true).is_none());
    assert!(t.region("GanValX", true).is_none());
    assert_eq!(
        t.empire("Fran", Some(4), true).map(|e| e.0.code.as_str()),
        Some("Frank")
    );
    assert_eq!(
        t.empire("Fran", Some(7), true).map(|e| e.0.code.as_str()),
        Some("Fran")
    );
    assert_eq!(
        t.empire("USA", None, true).map(|e| e.0.code.as_str()),
        Some("US")
    );
    assert_eq!(
        t.card("CivilServ", true).map(|c| c.0.code.as_str()),
        Some("CivilS")
    );
    assert_eq!(t.kingdom(3).map(|c| c.code.as_str()), Some("Kuch"));
    assert_eq!(edit_distance(&['a', 'b'], &['b', 'a'], 2), Some(1));
}
