//! Sides and winners as the filters read them, the same on `/games` as in a search: WEC's seats by
//! their colours (`white`, `black`), HotW's seats by their letters (`A`…`F`), 三国's sides in
//! either script (`吴`, `吳`), Deluge's powers by name.

use annals_import::Kind;

/// The seat a `side=`/`winner=` value names, and the kind it belongs to when only one kind has
/// such a seat (so `B` is HotW's seat B, not WEC's Black).
pub fn seat_of(value: &str) -> (String, Option<Kind>) {
    let v = value.trim();
    match v.to_lowercase().as_str() {
        "white" | "w" => return ("W".into(), Some(Kind::Wec)),
        "black" => return ("B".into(), Some(Kind::Wec)),
        _ => {}
    }
    let mut cs = v.chars();
    if let (Some(c), None) = (cs.next(), cs.next())
        && c.is_ascii_alphabetic()
    {
        return (c.to_ascii_uppercase().to_string(), Some(Kind::Hotw));
    }
    let folded = annals_import::text::simplify(v);
    // A Deluge power as the records write it: `England`, any case.
    let mut out = String::with_capacity(folded.len());
    for (i, c) in folded.chars().enumerate() {
        if i == 0 {
            out.extend(c.to_uppercase());
        } else {
            out.extend(c.to_lowercase());
        }
    }
    (out, None)
}
