//! Deluge orders as the judges write them: `A Mar - Bur`, `A Mar S A Par - Bur`, `F Nth C A Lon -
//! Nwy`, `A Mar H`, `Build A Mar`; provinces with a capital first letter, coasts after a slash.

use annals_import::deluge::Order;

pub(super) fn place(p: &str, coast: Option<&str>) -> String {
    let mut cs = p.chars();
    let mut out: String = match cs.next() {
        Some(c) => c
            .to_uppercase()
            .chain(cs.flat_map(char::to_lowercase))
            .collect(),
        None => String::new(),
    };
    if let Some(c) = coast {
        out.push('/');
        out.push_str(&c.to_lowercase());
    }
    out
}

fn opt_place(p: &Option<String>) -> String {
    p.as_deref().map(|p| place(p, None)).unwrap_or_default()
}

/// One order in the judges' form; an order of a kind not known here as the record wrote it.
pub fn judges_form(o: &Order) -> String {
    let unit = o.unit.clone().unwrap_or_default();
    let at =
        o.at.as_deref()
            .map(|p| place(p, o.coast.as_deref()))
            .unwrap_or_default();
    let to =
        o.to.as_deref()
            .map(|p| place(p, o.to_coast.as_deref()))
            .unwrap_or_default();
    let other = || {
        let u = o.of_unit.clone().unwrap_or_default();
        let of = opt_place(&o.of);
        let mut s = format!("{u} {of}").trim().to_string();
        if !to.is_empty() {
            s.push_str(&format!(" - {to}"));
        }
        s
    };
    let s = match o.kind.as_str() {
        "move" => {
            let mut s = format!("{unit} {at}");
            for v in &o.via {
                s.push_str(&format!(" - {}", place(v, None)));
            }
            let by = if o.via_convoy { " via Convoy" } else { "" };
            format!("{s} - {to}{by}")
        }
        "hold" => format!("{unit} {at} H"),
        "support" => format!("{unit} {at} S {}", other()),
        "convoy" => format!("{unit} {at} C {}", other()),
        "retreat" => format!("{unit} {at} R {to}"),
        "build" => format!("Build {unit} {at}"),
        "disband" | "remove" => format!("Disband {unit} {at}"),
        _ => return o.notation.clone(),
    };
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}
