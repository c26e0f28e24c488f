//! The same figures computed from the moves (the row-per-move views of the packed tables), reading
//! every turn the filter takes: the reference the running totals are held to (`annals check`, the
//! tests). Seconds on a large archive; the pages use the totals.

use crate::error::Result;
use rusqlite::{Connection, params_from_iter};
use std::collections::BTreeMap;

use super::filter::Filter;
use super::hotw::{
    CardAcc, CardStat, EmpireStat, Empires, HotwOpening, Placings, finish_cards, finish_empires,
    finish_openings,
};
use super::sanguo::{GameTotals, SanguoStats, SideCounts, finish_sanguo};
use super::wec::{WecStats, finish_wec};

/// A JSON array read from a view's column (text, or NULL for none).
fn json_list<T: serde::de::DeserializeOwned>(v: rusqlite::types::ValueRef<'_>) -> Result<Vec<T>> {
    match v {
        rusqlite::types::ValueRef::Text(s) | rusqlite::types::ValueRef::Blob(s) => {
            Ok(serde_json::from_slice(s)?)
        }
        _ => Ok(Vec::new()),
    }
}

/// The HotW queries below read the HotW games in id order (`games_kind_id`) and each game's
/// packed turns by its key (`CROSS JOIN` keeps SQLite to that order; before schema 6, left to
/// itself, it scanned the turns through an `(empire, epoch)` index and looked every row up at
/// random, 3–4× slower).
pub fn hotw_empires(conn: &Connection, f: &Filter) -> Result<Vec<EmpireStat>> {
    let (w, args) = f.games_sql();
    let mut acc = Empires::new();
    let mut st = conn.prepare(&format!(
        "SELECT t.epoch, t.empire, t.minor, t.gain, t.score, s.placing
         FROM games g CROSS JOIN hotw_turns t ON t.game_id = g.id
         LEFT JOIN seats s ON s.game_id = t.game_id AND s.seat = t.player
         WHERE g.kind = 'hotw'{w}"
    ))?;
    let mut rows = st.query(params_from_iter(args.iter()))?;
    while let Some(r) = rows.next()? {
        let e = acc.entry((r.get(0)?, r.get(1)?)).or_default();
        e.minor |= r.get::<_, bool>(2)?;
        e.turns += 1;
        if let Some(g) = r.get::<_, Option<i64>>(3)? {
            *e.gains.entry(g).or_default() += 1;
        }
        if let Some(s) = r.get::<_, Option<i64>>(4)? {
            e.scores += 1;
            e.score_sum += s;
        }
        e.placings.push(r.get(5)?);
    }
    // A turn's expansions and cards are read as one JSON text each and counted here: joined to
    // `json_each` in SQL, every expansion's row would read its turn's epoch and empire from the
    // turn's whole JSON again, which grows with the square of a turn's length.
    let mut st = conn.prepare(&format!(
        "SELECT t.epoch, t.empire, t.expansions, t.cards FROM games g CROSS JOIN hotw_turns t ON t.game_id = g.id
         WHERE g.kind = 'hotw'{w}"
    ))?;
    let mut rows = st.query(params_from_iter(args.iter()))?;
    while let Some(r) = rows.next()? {
        let Some(e) = acc.get_mut(&(r.get(0)?, r.get(1)?)) else {
            continue;
        };
        for x in json_list::<Vec<serde_json::Value>>(r.get_ref(2)?)? {
            e.expansions += 1;
            let battle = x.get(3).and_then(|b| b.as_str()).unwrap_or_default();
            let mut fought = false;
            for tok in battle.split_whitespace() {
                match tok {
                    "V" => e.rolls[0] += 1,
                    "X" => e.rolls[1] += 1,
                    "=" => e.rolls[2] += 1,
                    _ => continue,
                }
                fought = true;
            }
            if fought {
                e.battles += 1;
            }
        }
        for card in json_list::<String>(r.get_ref(3)?)? {
            *e.cards.entry(card).or_insert(0) += 1;
        }
    }
    Ok(finish_empires(acc))
}

pub fn hotw_cards(conn: &Connection, f: &Filter) -> Result<Vec<CardStat>> {
    let (w, args) = f.games_sql();
    // (a turn's cards as one JSON text: see `hotw_empires`)
    let mut st = conn.prepare(&format!(
        "SELECT t.cards, t.epoch, t.gain FROM games g CROSS JOIN hotw_turns t ON t.game_id = g.id
         WHERE g.kind = 'hotw'{w}"
    ))?;
    let mut acc: BTreeMap<String, CardAcc> = BTreeMap::new();
    let mut rows = st.query(params_from_iter(args.iter()))?;
    while let Some(r) = rows.next()? {
        let gain = r.get::<_, Option<i64>>(2)?;
        for card in json_list::<String>(r.get_ref(0)?)? {
            acc.entry(card).or_default().add(
                r.get(1)?,
                1,
                i64::from(gain.is_some()),
                gain.unwrap_or(0),
            );
        }
    }
    Ok(finish_cards(acc))
}

pub fn hotw_openings(conn: &Connection, f: &Filter) -> Result<Vec<HotwOpening>> {
    let (w, args) = f.games_sql();
    let mut st = conn.prepare(&format!(
        "SELECT t.empire, (SELECT group_concat(c.value, '+' ORDER BY c.value) FROM json_each(t.cards) c),
                s.placing
         FROM games g CROSS JOIN hotw_turns t ON t.game_id = g.id
         LEFT JOIN seats s ON s.game_id = t.game_id AND s.seat = t.player
         WHERE g.kind = 'hotw' AND t.epoch = 1 AND t.minor = 0{w}"
    ))?;
    let mut acc: BTreeMap<(String, String), (i64, Placings)> = BTreeMap::new();
    let mut rows = st.query(params_from_iter(args.iter()))?;
    while let Some(r) = rows.next()? {
        let e = acc
            .entry((
                r.get(0)?,
                r.get::<_, Option<String>>(1)?.unwrap_or_default(),
            ))
            .or_default();
        e.0 += 1;
        e.1.push(r.get(2)?);
    }
    Ok(finish_openings(acc))
}

/// Results of the games of `kind` the filter takes, from `games`.
fn game_totals(conn: &Connection, kind: &str, f: &Filter) -> Result<GameTotals> {
    let (w, args) = f.games_sql();
    Ok(conn.query_row(
        &format!(
            "SELECT count(*), coalesce(sum(move_count), 0),
                    count(*) FILTER (WHERE winners != '' OR draw != ''),
                    count(*) FILTER (WHERE draw != ''),
                    count(*) FILTER (WHERE winners = 'B'), count(*) FILTER (WHERE winners = 'W')
             FROM games g WHERE g.kind = '{kind}'{w}"
        ),
        params_from_iter(args.iter()),
        |r| {
            Ok(GameTotals {
                games: r.get(0)?,
                plies: r.get(1)?,
                decided: r.get(2)?,
                draws: r.get(3)?,
                black_wins: r.get(4)?,
                white_wins: r.get(5)?,
                ..Default::default()
            })
        },
    )?)
}

pub fn sanguo(conn: &Connection, f: &Filter) -> Result<SanguoStats> {
    let mut t = game_totals(conn, "sanguo", f)?;
    let (w, args) = f.games_sql();
    let side_names = crate::store::tree::sides(annals_import::Kind::Sanguo);
    let mut sides: BTreeMap<String, SideCounts> = BTreeMap::new();
    let mut st = conn.prepare(&format!(
        "SELECT s.seat, s.outcome, count(*) FROM seats s JOIN games g ON g.id = s.game_id
         WHERE g.kind = 'sanguo' AND s.outcome IS NOT NULL{w} GROUP BY s.seat, s.outcome"
    ))?;
    let mut rows = st.query(params_from_iter(args.iter()))?;
    while let Some(r) = rows.next()? {
        let seat: String = r.get(0)?;
        let outcome: String = r.get(1)?;
        if side_names.contains(&seat.as_str()) {
            let c = sides.entry(seat).or_default();
            c[match outcome.as_str() {
                "win" => 0,
                "draw" => 1,
                _ => 2,
            }] += r.get::<_, i64>(2)?;
        }
    }
    let mut with_alliance = std::collections::BTreeSet::new();
    let mut st = conn.prepare(&format!(
        "SELECT e.game_id, e.type, e.by_side, e.sides, g.winners FROM sanguo_title_events e JOIN games g ON g.id = e.game_id
         WHERE 1=1{w}"
    ))?;
    let mut rows = st.query(params_from_iter(args.iter()))?;
    while let Some(r) = rows.next()? {
        let game: i64 = r.get(0)?;
        let ty: String = r.get(1)?;
        let by: Option<String> = r.get(2)?;
        let others: String = r.get(3)?;
        let winners: String = r.get(4)?;
        let won = i64::from(
            by.as_deref()
                .is_some_and(|b| winners.split_whitespace().any(|w| w == b)),
        );
        let by = by.filter(|b| side_names.contains(&b.as_str()));
        match ty.as_str() {
            "alliance" => {
                with_alliance.insert(game);
                if let Some(b) = by {
                    sides.entry(b).or_default()[4] += 1;
                }
            }
            "kill_han" => {
                t.han_killed += 1;
                t.killer_won += won;
                if let Some(b) = by {
                    let c = sides.entry(b).or_default();
                    c[5] += 1;
                    c[6] += won;
                }
            }
            "eliminate" | "stalemate" => {
                for o in others.split_whitespace() {
                    if side_names.contains(&o) {
                        sides.entry(o.to_string()).or_default()[3] += 1;
                    }
                }
            }
            _ => {}
        }
    }
    t.with_alliance = with_alliance.len() as i64;
    Ok(finish_sanguo(t, &sides))
}

pub fn wec(conn: &Connection, f: &Filter) -> Result<WecStats> {
    let t = game_totals(conn, "wec", f)?;
    let (w, args) = f.games_sql();
    let mut pieces: BTreeMap<String, i64> = BTreeMap::new();
    let mut per_game: BTreeMap<(i64, String), Vec<String>> = BTreeMap::new();
    let mut winners: BTreeMap<i64, String> = BTreeMap::new();
    let mut st = conn.prepare(&format!(
        "SELECT t.game_id, t.color, t.piece, g.winners FROM games g CROSS JOIN wec_turns t ON t.game_id = g.id
         WHERE g.kind = 'wec'{w}"
    ))?;
    let mut rows = st.query(params_from_iter(args.iter()))?;
    while let Some(r) = rows.next()? {
        let (game, color, piece, win): (i64, String, String, String) =
            (r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?);
        *pieces.entry(piece.clone()).or_default() += 1;
        per_game.entry((game, color)).or_default().push(piece);
        winners.insert(game, win);
    }
    let mut gov: BTreeMap<String, (i64, i64)> = BTreeMap::new();
    for ((game, color), ps) in &per_game {
        let ps: Vec<&str> = ps.iter().map(String::as_str).collect();
        let e = gov
            .entry(crate::store::tally::government_of(&ps).to_string())
            .or_default();
        e.0 += 1;
        if winners.get(game).is_some_and(|w| w == color) {
            e.1 += 1;
        }
    }
    Ok(finish_wec(t, gov, pieces))
}
