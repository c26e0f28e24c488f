use super::*;

#[test]
fn phases() {
    let k = |s| phase_header(s).map(PhaseKey::code);
    assert_eq!(k("Winter 1900"), Some("W1900A".into()));
    assert_eq!(k("Spring 1901"), Some("S1901M".into()));
    assert_eq!(k("Fall 1901 Retreats:"), Some("F1901R".into()));
    assert_eq!(k("Autumn 1902"), Some("F1902M".into()));
    assert_eq!(k("S1901M"), Some("S1901M".into()));
    assert_eq!(k("W1901A"), Some("W1901A".into()));
    assert_eq!(k("A Par-Bur"), None);
    assert_eq!(k("England: A Lon H"), None);
}

#[test]
fn orders() {
    let o = order("A Par-Bur").unwrap();
    assert_eq!(o.kind, OrderKind::Move);
    assert_eq!(o.to.unwrap().code, Some("bur"));
    let o = order("F(StP)nc").unwrap();
    assert_eq!(o.kind, OrderKind::Hold);
    assert_eq!(o.at.unwrap().coast.as_deref(), Some("nc"));
    let o = order("Build F(StP)nc").unwrap();
    assert_eq!(o.kind, OrderKind::Build);
    let o = order("F Spa/sc - Wes (bounce)").unwrap();
    assert_eq!(o.at.unwrap().coast.as_deref(), Some("sc"));
    assert_eq!(o.result.as_deref(), Some("bounced"));
    let o = order("A Lon-Nth-Bel").unwrap();
    assert_eq!(o.via.len(), 1);
    let o = order("A Mar S A Par-Bur").unwrap();
    assert_eq!(o.kind, OrderKind::Support);
    assert_eq!(o.of.unwrap().code, Some("par"));
    let o = order("F NTH C A Lon-Bel").unwrap();
    assert_eq!(o.kind, OrderKind::Convoy);
    let o = order("A Bre T").unwrap();
    assert_eq!(o.kind, OrderKind::Transform);
    let o = order("Waive").unwrap();
    assert_eq!(o.kind, OrderKind::Waive);
    let o = order("F Lpl-Iri").unwrap();
    assert_eq!(o.at.unwrap().code, Some("lvp"));
    let o = order("F Nwy-StP(nc) [dislodged]").unwrap();
    assert_eq!(o.to.unwrap().coast.as_deref(), Some("nc"));
    assert!(order("A Par S").is_err());
    assert!(order("xyzzy plugh!").is_err());
    assert!(order("").is_err());
}
