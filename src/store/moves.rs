//! The packed moves of a game: one row a game of its moves as JSONB, and the columns of its
//! 三国 title events.

use annals_import::Body;
use rusqlite::{Transaction, params};

use crate::error::Result;
use crate::store::jsonb::Jsonb;

/// Appends the packed row of one HotW turn (its shape is described in schema.sql): one wide array
/// per turn instead of a row per card, expansion and build (which were 8 of the 18 million rows of
/// a 100k-game import, and two more indexes to build). Written as JSONB straight into the game's
/// buffer: serde_json's per-turn vectors and strings had cost a tenth of the writer, and the
/// turn's parts in buffers of their own a copy of each.
fn pack_turn(out: &mut Jsonb, tn: &annals_import::hotw::Turn) {
    let turn = out.begin();
    out.int(tn.epoch);
    out.text(&tn.player);
    out.text(&tn.empire);
    out.int(u8::from(tn.minor));
    out.opt_int(tn.score);
    out.opt_int(tn.gain);
    out.int(tn.line);
    out.array(&tn.cards, |out, c| out.text(&c.card));
    // NULL when no card has an argument
    if tn.cards.iter().any(|c| c.detail.is_some()) {
        out.array(&tn.cards, |out, c| out.opt_text(c.detail.as_deref()));
    } else {
        out.null();
    }
    out.array(&tn.expansions, |out, e| {
        let x = out.begin();
        out.text(&e.from);
        out.words(&e.via);
        out.text(&e.to);
        out.words(&e.battle);
        out.words(&e.builds);
        out.end(x);
    });
    out.array(&tn.builds, |out, b| {
        let x = out.begin();
        out.text(&b.region);
        out.words(&b.items);
        out.end(x);
    });
    out.end(turn);
}

/// Appends `s` as a JSON string.
pub(crate) fn json_str(out: &mut String, s: &str) {
    out.push('"');
    json_escaped(out, s);
    out.push('"');
}

/// Appends `s` with the characters JSON requires escaped (`"`, `\`, and controls below U+0020).
/// Inlined: the statistics' rows of totals call it for each of their keys.
#[inline]
fn json_escaped(out: &mut String, s: &str) {
    let mut rest = s;
    // The bytes to escape are ASCII: where one is found, the text is cut at a character boundary.
    while let Some(i) = rest
        .bytes()
        .position(|b| b == b'"' || b == b'\\' || b < b' ')
    {
        out.push_str(&rest[..i]);
        let c = rest.as_bytes()[i];
        match c {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            b'\r' => out.push_str("\\r"),
            c => {
                out.push_str("\\u00");
                let hex = b"0123456789abcdef";
                out.push(char::from(hex[usize::from(c >> 4)]));
                out.push(char::from(hex[usize::from(c & 0xf)]));
            }
        }
        rest = &rest[i + 1..];
    }
    out.push_str(rest);
}

/// A game's moves packed for one row of its kind's table (shapes in schema.sql), as JSONB.
pub struct Packed {
    table: &'static str,
    /// HotW: the game's empires, space-separated, each once.
    empires: Option<String>,
    moves: Vec<u8>,
}

/// Packs a game's moves (pure: the importer calls it on its parse threads) as SQLite's JSONB
/// ([`crate::store::jsonb`]): an array of a positional array per move. None when the game has no moves.
pub fn pack_moves(body: &Body) -> Option<Packed> {
    let mut out;
    let (table, empires) = match body {
        Body::Hotw(g) if !g.turns.is_empty() => {
            let mut empires: Vec<&str> = Vec::new();
            for tn in &g.turns {
                if !empires.contains(&&*tn.empire) {
                    empires.push(&tn.empire);
                }
            }
            // (a turn of the bench corpus packs to 90 bytes on average; room for all, rather
            // than several doublings and copies)
            out = Jsonb::with_capacity(g.turns.len() * 112);
            let all = out.begin_wide();
            for tn in &g.turns {
                pack_turn(&mut out, tn);
            }
            out.end(all);
            ("hotw_packed", Some(empires.join(" ")))
        }
        Body::Sanguo(g) if !g.moves.is_empty() => {
            out = Jsonb::with_capacity(g.moves.len() * 56);
            let all = out.begin_wide();
            for m in &g.moves {
                let mv = out.begin();
                out.int(m.ply);
                out.int(m.round);
                out.text(&m.side);
                out.text(&m.notation);
                out.text(&m.piece);
                for c in [m.from[0], m.from[1], m.to[0], m.to[1]] {
                    out.int(c);
                }
                match &m.capture {
                    Some(c) => {
                        out.text(&c.piece);
                        out.text(&c.side);
                    }
                    None => {
                        out.null();
                        out.null();
                    }
                }
                if m.events.is_empty() {
                    out.array::<()>(&[], |_, _| {});
                } else {
                    // (plain enums of strings: serializing them cannot fail)
                    out.value(&serde_json::to_value(&m.events).unwrap_or_default());
                }
                out.end(mv);
            }
            out.end(all);
            ("sanguo_packed", None)
        }
        Body::Wec(g) if !g.turns.is_empty() => {
            out = Jsonb::with_capacity(g.turns.len() * 56);
            let all = out.begin_wide();
            for t in &g.turns {
                let mv = out.begin();
                out.int(t.ply);
                out.text(&t.color);
                out.text(&t.notation);
                out.text(&t.piece.kind);
                out.text(&t.piece.level);
                out.int(t.piece.at[0]);
                out.int(t.piece.at[1]);
                out.text(&t.to.level);
                out.int(t.to.at[0]);
                out.int(t.to.at[1]);
                out.end(mv);
            }
            out.end(all);
            ("wec_packed", None)
        }
        Body::Deluge(g) if !g.orders.is_empty() => {
            out = Jsonb::with_capacity(g.orders.len() * 56);
            let all = out.begin_wide();
            for o in &g.orders {
                let mv = out.begin();
                out.text(&o.phase);
                out.int(o.year);
                out.text(&o.season);
                out.text(&o.power);
                out.opt_text(o.unit.as_deref());
                out.opt_text(o.at.as_deref());
                out.text(&o.kind);
                out.opt_text(o.to.as_deref());
                out.words(&o.via);
                // the view's `result` keeps the word of a failure (`bounced`, `void`…), as
                // Deluge's orders gave it before `reason` was split from `succeeds`/`fails`
                out.opt_text(o.reason.as_deref().or(o.result.as_deref()));
                out.end(mv);
            }
            out.end(all);
            ("deluge_packed", None)
        }
        _ => return None,
    };
    Some(Packed {
        table,
        empires,
        moves: out.into_bytes(),
    })
}

/// Writes a game's packed moves (made by [`pack_moves`]) and its 三国 title events.
pub(crate) fn store_moves(
    tx: &Transaction,
    id: i64,
    title_events: &[annals_import::sanguo::TitleEvent],
    packed: Option<&Packed>,
) -> Result<()> {
    if let Some(p) = packed {
        match &p.empires {
            Some(empires) => tx
                .prepare_cached(
                    "INSERT INTO hotw_packed(game_id, empires, moves) VALUES (?1,?2,?3)",
                )?
                .execute(params![id, empires, p.moves])?,
            None => tx
                .prepare_cached(&format!(
                    "INSERT INTO {}(game_id, moves) VALUES (?1,?2)",
                    p.table
                ))?
                .execute(params![id, p.moves])?,
        };
    }
    if !title_events.is_empty() {
        let mut ev = tx.prepare_cached(
            "INSERT INTO sanguo_title_events(game_id, seq, type, by_side, sides) VALUES (?1,?2,?3,?4,?5)",
        )?;
        for (i, e) in title_events.iter().enumerate() {
            let (ty, by, sides) = title_event_columns(e);
            ev.execute(params![id, i as i64, ty, by, sides.join(" ")])?;
        }
    }
    Ok(())
}

/// A 三国 title event as (type, by, other sides).
pub(crate) fn title_event_columns(
    e: &annals_import::sanguo::TitleEvent,
) -> (&'static str, Option<&str>, Vec<&str>) {
    use annals_import::sanguo::TitleEvent as T;
    match e {
        T::Alliance { by, with } => ("alliance", Some(by), vec![with.as_str()]),
        T::KillHan { by } => ("kill_han", Some(by), vec![]),
        T::Eliminate { by, sides } => (
            "eliminate",
            Some(by),
            sides.iter().map(String::as_str).collect(),
        ),
        T::Stalemate { by, side } => ("stalemate", Some(by), vec![side.as_str()]),
        T::Win { side } => ("win", Some(side), vec![]),
        T::Draw { sides } => ("draw", None, sides.iter().map(String::as_str).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use annals_import::hotw::{Build, CardPlay, Expansion, Turn};
    use rusqlite::Connection;
    use std::borrow::Cow;

    /// The hand-written packing reads back (as JSON) to exactly what serde_json makes of the same
    /// values, with quotes, backslashes, control characters and CJK in the strings.
    #[test]
    fn packed_turn_is_the_json_serde_would_write() {
        let odd = "a\"b\\c\nd\te\u{1}f\u{1b}\r 魏";
        let turn = Turn {
            cards: vec![
                CardPlay {
                    card: Cow::Borrowed("CivilS"),
                    ..Default::default()
                },
                CardPlay {
                    card: Cow::Owned(odd.to_string()),
                    detail: Some(odd.to_string()),
                    ..Default::default()
                },
            ],
            expansions: vec![Expansion {
                from: Cow::Borrowed("Balk"),
                via: vec![Cow::Borrowed("EMed"), Cow::Owned(odd.to_string())],
                to: Cow::Borrowed("Anat"),
                battle: vec![Cow::Borrowed("V"), Cow::Borrowed("=")].into(),
                builds: Cow::Borrowed(&[]),
                ..Default::default()
            }],
            builds: vec![Build {
                region: Cow::Borrowed("Anat"),
                items: vec![Cow::Borrowed("F"), Cow::Borrowed("C")].into(),
            }],
            ..Default::default()
        };
        // Read back as SQLite reads the JSONB: its text, by `json()`.
        let conn = Connection::open_in_memory().expect("db");
        let pack = |t: &Turn| {
            let mut out = Jsonb::default();
            pack_turn(&mut out, t);
            let text: String = conn
                .query_row("SELECT json(?1)", [out.into_bytes()], |r| r.get(0))
                .expect("valid JSONB");
            serde_json::from_str::<serde_json::Value>(&text).expect("valid JSON")
        };
        let row = pack(&turn);
        assert_eq!(row[7], serde_json::json!(["CivilS", odd]));
        assert_eq!(row[8], serde_json::json!([null, odd]));
        assert_eq!(
            row[9],
            serde_json::json!([["Balk", format!("EMed {odd}"), "Anat", "V =", ""]])
        );
        assert_eq!(row[10], serde_json::json!([["Anat", "F C"]]));
        // A turn with no cards, expansions or builds: empty arrays and no details.
        let empty = Turn {
            player: Cow::Borrowed("P1"),
            empire: Cow::Borrowed(odd),
            epoch: 3,
            score: Some(-12),
            line: 40,
            ..Default::default()
        };
        assert_eq!(
            pack(&empty),
            serde_json::json!([3, "P1", odd, 0, -12, null, 40, [], null, [], []])
        );
    }
}
