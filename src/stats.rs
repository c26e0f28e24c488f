//! Statistics computed from the indexed move tables (never from stored JSON), so they are right the
//! moment a game is added or removed.

use std::collections::BTreeMap;

use rusqlite::{Connection, params_from_iter, types::Value as V};
use serde::Serialize;

use crate::error::{Error, Result};
use crate::explorer::{Rate, wilson};

/// Filters shared by the statistics: event (substring), year range.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub event: Option<String>,
    pub year_from: Option<i64>,
    pub year_to: Option<i64>,
}

impl Filter {
    /// SQL conditions on `games g`, with their arguments.
    fn sql(&self) -> (String, Vec<V>) {
        let mut w = String::new();
        let mut a = Vec::new();
        if let Some(e) = &self.event {
            w.push_str(" AND g.event LIKE ? ESCAPE '\\'");
            a.push(V::Text(crate::db::like_pattern(e)));
        }
        if let Some(y) = self.year_from {
            w.push_str(" AND g.year >= ?");
            a.push(V::Integer(y));
        }
        if let Some(y) = self.year_to {
            w.push_str(" AND g.year <= ?");
            a.push(V::Integer(y));
        }
        (w, a)
    }
}

fn mean(v: &[i64]) -> Option<f64> {
    (!v.is_empty()).then(|| v.iter().sum::<i64>() as f64 / v.len() as f64)
}

/// The median (mean of the two middle values for an even count).
pub fn median(v: &mut [i64]) -> Option<f64> {
    if v.is_empty() {
        return None;
    }
    v.sort_unstable();
    let n = v.len();
    Some(if n % 2 == 1 {
        v[n / 2] as f64
    } else {
        (v[n / 2 - 1] + v[n / 2]) as f64 / 2.0
    })
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct EmpireStat {
    pub empire: String,
    pub epoch: i64,
    pub minor: bool,
    pub turns: i64,
    /// Turns with a recorded gain.
    pub scored_turns: i64,
    pub mean_gain: Option<f64>,
    pub median_gain: Option<f64>,
    pub mean_score: Option<f64>,
    pub expansions_per_turn: f64,
    pub battles_per_turn: f64,
    /// Shares of the battle rolls: V, X and =.
    pub share_v: Option<f64>,
    pub share_x: Option<f64>,
    pub share_draw: Option<f64>,
    /// The cards most often played in its turns: (card, times).
    pub top_cards: Vec<(String, i64)>,
    /// Mean final placing of the player who held it, and the count of each place 1..6.
    pub mean_placing: Option<f64>,
    pub placings: [i64; 6],
}

#[derive(Default)]
struct EmpireAcc {
    minor: bool,
    turns: i64,
    gains: Vec<i64>,
    scores: Vec<i64>,
    expansions: i64,
    battles: i64,
    v: i64,
    x: i64,
    d: i64,
    cards: BTreeMap<String, i64>,
    placings: Vec<i64>,
}

/// The HotW queries below read the HotW games in id order (`games_kind_id`) and each game's turns
/// by their primary key (`CROSS JOIN` keeps SQLite to that order): left to itself, it scanned
/// `hotw_turns` through its `(empire, epoch)` index and looked every row up at random, 3–4× slower
/// (100k games: 11.6 s against 3.3 s for the turn rows alone).
///
/// HotW statistics per empire and epoch.
pub fn hotw_empires(conn: &Connection, f: &Filter) -> Result<Vec<EmpireStat>> {
    let (w, args) = f.sql();
    let mut acc: BTreeMap<(i64, String), EmpireAcc> = BTreeMap::new();
    let mut st = conn.prepare(&format!(
        "SELECT t.epoch, t.empire, t.minor, t.gain, t.score, s.placing
         FROM games g CROSS JOIN hotw_turns t ON t.game_id = g.id
         LEFT JOIN seats s ON s.game_id = t.game_id AND s.seat = t.player
         WHERE g.kind = 'hotw'{w}"
    ))?;
    let mut rows = st.query(params_from_iter(args.iter()))?;
    while let Some(r) = rows.next()? {
        let e = acc.entry((r.get(0)?, r.get(1)?)).or_default();
        e.minor = r.get(2)?;
        e.turns += 1;
        if let Some(g) = r.get::<_, Option<i64>>(3)? {
            e.gains.push(g);
        }
        if let Some(s) = r.get::<_, Option<i64>>(4)? {
            e.scores.push(s);
        }
        if let Some(p) = r.get::<_, Option<i64>>(5)? {
            e.placings.push(p);
        }
    }
    let mut st = conn.prepare(&format!(
        "SELECT t.epoch, t.empire, x.value ->> 3 FROM games g CROSS JOIN hotw_turns t ON t.game_id = g.id,
             json_each(t.expansions) x
         WHERE g.kind = 'hotw'{w}"
    ))?;
    let mut rows = st.query(params_from_iter(args.iter()))?;
    while let Some(r) = rows.next()? {
        let Some(e) = acc.get_mut(&(r.get(0)?, r.get(1)?)) else {
            continue;
        };
        e.expansions += 1;
        let battle: String = r.get(2)?;
        let mut fought = false;
        for tok in battle.split_whitespace() {
            match tok {
                "V" => e.v += 1,
                "X" => e.x += 1,
                "=" => e.d += 1,
                _ => continue,
            }
            fought = true;
        }
        if fought {
            e.battles += 1;
        }
    }
    let mut st = conn.prepare(&format!(
        "SELECT t.epoch, t.empire, c.value, count(*) FROM games g CROSS JOIN hotw_turns t ON t.game_id = g.id,
             json_each(t.cards) c
         WHERE g.kind = 'hotw'{w} GROUP BY t.epoch, t.empire, c.value"
    ))?;
    let mut rows = st.query(params_from_iter(args.iter()))?;
    while let Some(r) = rows.next()? {
        if let Some(e) = acc.get_mut(&(r.get(0)?, r.get(1)?)) {
            e.cards.insert(r.get(2)?, r.get(3)?);
        }
    }
    Ok(acc
        .into_iter()
        .map(|((epoch, empire), mut a)| {
            let rolls = a.v + a.x + a.d;
            let share = |n: i64| (rolls > 0).then(|| round2(n as f64 / rolls as f64));
            let mut top: Vec<(String, i64)> = a.cards.into_iter().collect();
            top.sort_by(|x, y| y.1.cmp(&x.1).then_with(|| x.0.cmp(&y.0)));
            top.truncate(5);
            let mut placings = [0i64; 6];
            for p in &a.placings {
                if (1..=6).contains(p) {
                    placings[(*p - 1) as usize] += 1;
                }
            }
            EmpireStat {
                empire,
                epoch,
                minor: a.minor,
                turns: a.turns,
                scored_turns: a.gains.len() as i64,
                mean_gain: mean(&a.gains).map(round2),
                median_gain: median(&mut a.gains),
                mean_score: mean(&a.scores).map(round2),
                expansions_per_turn: round2(a.expansions as f64 / a.turns.max(1) as f64),
                battles_per_turn: round2(a.battles as f64 / a.turns.max(1) as f64),
                share_v: share(a.v),
                share_x: share(a.x),
                share_draw: share(a.d),
                top_cards: top,
                mean_placing: mean(&a.placings).map(round2),
                placings,
            }
        })
        .collect())
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct CardStat {
    pub card: String,
    pub played: i64,
    /// Times played in epochs I..VII.
    pub by_epoch: [i64; 7],
    /// Mean gain of the turns that played it (turns with a recorded gain).
    pub mean_gain: Option<f64>,
}

/// HotW statistics per event card.
pub fn hotw_cards(conn: &Connection, f: &Filter) -> Result<Vec<CardStat>> {
    let (w, args) = f.sql();
    let mut st = conn.prepare(&format!(
        "SELECT c.value, t.epoch, t.gain FROM games g CROSS JOIN hotw_turns t ON t.game_id = g.id,
             json_each(t.cards) c
         WHERE g.kind = 'hotw'{w}"
    ))?;
    let mut acc: BTreeMap<String, ([i64; 7], i64, Vec<i64>)> = BTreeMap::new();
    let mut rows = st.query(params_from_iter(args.iter()))?;
    while let Some(r) = rows.next()? {
        let e = acc.entry(r.get(0)?).or_default();
        let epoch: i64 = r.get(1)?;
        if (1..=7).contains(&epoch) {
            e.0[(epoch - 1) as usize] += 1;
        }
        e.1 += 1;
        if let Some(g) = r.get::<_, Option<i64>>(2)? {
            e.2.push(g);
        }
    }
    let mut out: Vec<CardStat> = acc
        .into_iter()
        .map(|(card, (by_epoch, played, gains))| CardStat {
            card,
            played,
            by_epoch,
            mean_gain: mean(&gains).map(round2),
        })
        .collect();
    out.sort_by(|a, b| b.played.cmp(&a.played).then_with(|| a.card.cmp(&b.card)));
    Ok(out)
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct HotwOpening {
    pub empire: String,
    /// The cards of the epoch-I turn, sorted, joined by `+` (empty: none).
    pub cards: String,
    pub games: i64,
    /// How often its player finished 1st..6th.
    pub placings: [i64; 6],
    pub mean_placing: Option<f64>,
    pub first: Rate,
}

/// The HotW "opening": each epoch-I major empire turn (empire and cards) with the final placing of
/// its player.
pub fn hotw_openings(conn: &Connection, f: &Filter) -> Result<Vec<HotwOpening>> {
    let (w, args) = f.sql();
    let mut st = conn.prepare(&format!(
        "SELECT t.empire, (SELECT group_concat(c.value, '+' ORDER BY c.value) FROM json_each(t.cards) c),
                s.placing
         FROM games g CROSS JOIN hotw_turns t ON t.game_id = g.id
         LEFT JOIN seats s ON s.game_id = t.game_id AND s.seat = t.player
         WHERE g.kind = 'hotw' AND t.epoch = 1 AND t.minor = 0{w}"
    ))?;
    let mut acc: BTreeMap<(String, String), Vec<Option<i64>>> = BTreeMap::new();
    let mut rows = st.query(params_from_iter(args.iter()))?;
    while let Some(r) = rows.next()? {
        acc.entry((
            r.get(0)?,
            r.get::<_, Option<String>>(1)?.unwrap_or_default(),
        ))
        .or_default()
        .push(r.get(2)?);
    }
    let mut out: Vec<HotwOpening> = acc
        .into_iter()
        .map(|((empire, cards), ps)| {
            let mut placings = [0i64; 6];
            let known: Vec<i64> = ps.iter().flatten().copied().collect();
            for p in &known {
                if (1..=6).contains(p) {
                    placings[(*p - 1) as usize] += 1;
                }
            }
            HotwOpening {
                empire,
                cards,
                games: ps.len() as i64,
                first: wilson(placings[0], known.len() as i64),
                mean_placing: mean(&known).map(round2),
                placings,
            }
        })
        .collect();
    out.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.empire.cmp(&b.empire)));
    Ok(out)
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct SideStat {
    pub side: String,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
    /// Games in which this side was eliminated (灭 or 困, from the title).
    pub eliminated: i64,
    /// Alliances this side started (its horse reached another side's point).
    pub alliances_started: i64,
    /// Times this side killed Han, and how many of those games it won.
    pub killed_han: i64,
    pub killed_han_won: i64,
    pub win_rate: Rate,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct SanguoStats {
    pub games: i64,
    /// Games with a known result.
    pub decided: i64,
    pub draws: i64,
    pub with_alliance: i64,
    pub han_killed: i64,
    pub killer_won: i64,
    pub killer_win_rate: Rate,
    pub mean_plies: Option<f64>,
    pub sides: Vec<SideStat>,
}

/// 三国 statistics per side.
pub fn sanguo(conn: &Connection, f: &Filter) -> Result<SanguoStats> {
    let (w, args) = f.sql();
    let (games, mean_plies): (i64, Option<f64>) = conn.query_row(
        &format!("SELECT count(*), avg(move_count) FROM games g WHERE g.kind = 'sanguo'{w}"),
        params_from_iter(args.iter()),
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    let (decided, draws): (i64, i64) = conn.query_row(
        &format!(
            "SELECT count(*) FILTER (WHERE winners != '' OR draw != ''), count(*) FILTER (WHERE draw != '')
             FROM games g WHERE g.kind = 'sanguo'{w}"
        ),
        params_from_iter(args.iter()),
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    let mut sides: Vec<SideStat> = crate::explorer::sides(annals_import::Kind::Sanguo)
        .iter()
        .map(|s| SideStat {
            side: s.to_string(),
            games,
            wins: 0,
            draws: 0,
            losses: 0,
            eliminated: 0,
            alliances_started: 0,
            killed_han: 0,
            killed_han_won: 0,
            win_rate: wilson(0, 0),
        })
        .collect();
    let mut st = conn.prepare(&format!(
        "SELECT s.seat, s.outcome, count(*) FROM seats s JOIN games g ON g.id = s.game_id
         WHERE g.kind = 'sanguo' AND s.outcome IS NOT NULL{w} GROUP BY s.seat, s.outcome"
    ))?;
    let mut rows = st.query(params_from_iter(args.iter()))?;
    while let Some(r) = rows.next()? {
        let seat: String = r.get(0)?;
        let outcome: String = r.get(1)?;
        let n: i64 = r.get(2)?;
        if let Some(s) = sides.iter_mut().find(|s| s.side == seat) {
            match outcome.as_str() {
                "win" => s.wins += n,
                "draw" => s.draws += n,
                _ => s.losses += n,
            }
        }
    }
    let mut with_alliance = std::collections::BTreeSet::new();
    let (mut han_killed, mut killer_won) = (0, 0);
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
        let won = by
            .as_deref()
            .is_some_and(|b| winners.split_whitespace().any(|w| w == b));
        match ty.as_str() {
            "alliance" => {
                with_alliance.insert(game);
                if let Some(s) = sides.iter_mut().find(|s| Some(&s.side) == by.as_ref()) {
                    s.alliances_started += 1;
                }
            }
            "kill_han" => {
                han_killed += 1;
                killer_won += i64::from(won);
                if let Some(s) = sides.iter_mut().find(|s| Some(&s.side) == by.as_ref()) {
                    s.killed_han += 1;
                    s.killed_han_won += i64::from(won);
                }
            }
            "eliminate" | "stalemate" => {
                for o in others.split_whitespace() {
                    if let Some(s) = sides.iter_mut().find(|s| s.side == o) {
                        s.eliminated += 1;
                    }
                }
            }
            _ => {}
        }
    }
    for s in &mut sides {
        s.win_rate = wilson(s.wins, decided);
    }
    Ok(SanguoStats {
        games,
        decided,
        draws,
        with_alliance: with_alliance.len() as i64,
        han_killed,
        killer_won,
        killer_win_rate: wilson(killer_won, han_killed),
        mean_plies: mean_plies.map(round2),
        sides,
    })
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct WecStats {
    pub games: i64,
    pub decided: i64,
    pub black_wins: i64,
    pub white_wins: i64,
    pub black_rate: Rate,
    pub white_rate: Rate,
    pub mean_plies: Option<f64>,
    /// Wins and games by government type of the winner's side: (government, games played, wins).
    pub governments: Vec<(String, i64, i64)>,
    /// Turns moved by each piece type, most used first.
    pub pieces: Vec<(String, i64)>,
}

/// The government pair a side used, from the government pieces it moved (standard setup K/Q).
fn government_of(pieces: &[String]) -> &'static str {
    for (codes, name) in [
        (["DI", "AS"], "DI/AS"),
        (["AV", "AC"], "AV/AC"),
        (["PR", "PM"], "PR/PM"),
        (["K", "Q"], "K/Q"),
    ] {
        if pieces.iter().any(|p| codes.contains(&p.as_str())) {
            return name;
        }
    }
    "K/Q"
}

/// WEC statistics: results by colour and by government type, length, the pieces most used.
pub fn wec(conn: &Connection, f: &Filter) -> Result<WecStats> {
    let (w, args) = f.sql();
    let (games, mean_plies, black, white, decided): (i64, Option<f64>, i64, i64, i64) = conn.query_row(
        &format!(
            "SELECT count(*), avg(move_count), count(*) FILTER (WHERE winners = 'B'), count(*) FILTER (WHERE winners = 'W'),
                    count(*) FILTER (WHERE winners != '' OR draw != '')
             FROM games g WHERE g.kind = 'wec'{w}"
        ),
        params_from_iter(args.iter()),
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
    )?;
    let mut pieces: BTreeMap<String, i64> = BTreeMap::new();
    let mut per_game: BTreeMap<(i64, String), Vec<String>> = BTreeMap::new();
    let mut winners: BTreeMap<i64, String> = BTreeMap::new();
    let mut st = conn.prepare(&format!(
        "SELECT t.game_id, t.color, t.piece, g.winners FROM wec_turns t JOIN games g ON g.id = t.game_id WHERE 1=1{w}"
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
        let e = gov.entry(government_of(ps).to_string()).or_default();
        e.0 += 1;
        if winners.get(game).is_some_and(|w| w == color) {
            e.1 += 1;
        }
    }
    let mut pieces: Vec<(String, i64)> = pieces.into_iter().collect();
    pieces.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    Ok(WecStats {
        games,
        decided,
        black_wins: black,
        white_wins: white,
        black_rate: wilson(black, decided),
        white_rate: wilson(white, decided),
        mean_plies: mean_plies.map(round2),
        governments: gov.into_iter().map(|(k, (g, w))| (k, g, w)).collect(),
        pieces,
    })
}

/// Reads the statistics filters from query parameters.
pub fn filter_from(p: &crate::web::Params) -> Result<Filter> {
    let year = |name: &str| -> Result<Option<i64>> {
        match p.str(name) {
            None => Ok(None),
            Some(v) => v
                .parse::<i64>()
                .ok()
                .filter(|y| (0..=9999).contains(y))
                .map(Some)
                .ok_or_else(|| {
                    Error::BadRequest(format!("{name} must be a year like 1999, not '{v}'"))
                }),
        }
    };
    let f = Filter {
        event: p.str("event").map(str::to_string),
        year_from: year("from")?,
        year_to: year("to")?,
    };
    if let (Some(a), Some(b)) = (f.year_from, f.year_to)
        && a > b
    {
        return Err(Error::BadRequest(format!(
            "the year range {a}..{b} is empty"
        )));
    }
    Ok(f)
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct PowerStat {
    pub power: String,
    /// Games in which this power gave orders or held centres.
    pub games: i64,
    /// Games whose record reaches W1908 with this power among the survivors.
    pub survived: i64,
    /// Games this power won as the sole survivor.
    pub wins: i64,
    /// Mean supply centres after the last winter each game records.
    pub mean_final_centres: Option<f64>,
    /// Mean supply centres after each winter: (year, mean over the games that reach it).
    pub centres_by_year: Vec<(u16, f64)>,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct DelugeStats {
    pub games: i64,
    /// Games whose record reaches the end of W1908.
    pub finished: i64,
    pub powers: Vec<PowerStat>,
}

/// Deluge statistics: survival and supply centres by power (from the stored games, re-parsed).
pub fn deluge(conn: &Connection, f: &Filter) -> Result<DelugeStats> {
    let (w, args) = f.sql();
    let mut st = conn.prepare(&format!(
        "SELECT g.raw, g.source_line FROM games g WHERE g.kind = 'deluge'{w}"
    ))?;
    let mut rows = st.query(params_from_iter(args.iter()))?;
    let (mut games, mut finished) = (0i64, 0i64);
    #[derive(Default)]
    struct Acc {
        games: i64,
        survived: i64,
        wins: i64,
        finals: Vec<i64>,
        by_year: BTreeMap<u16, Vec<i64>>,
    }
    let mut acc: BTreeMap<String, Acc> = BTreeMap::new();
    while let Some(r) = rows.next()? {
        let raw: String = r.get(0)?;
        let annals_import::Body::Deluge(g) =
            crate::ingest::reparse(annals_import::Kind::Deluge, &raw, r.get::<_, i64>(1)?)
        else {
            continue;
        };
        games += 1;
        let mut powers: std::collections::BTreeSet<String> =
            g.orders.iter().map(|o| o.power.clone()).collect();
        for c in &g.centres {
            powers.extend(c.counts.keys().cloned());
        }
        if let Some(s) = &g.survivors {
            finished += 1;
            for p in s {
                acc.entry(p.clone()).or_default().survived += 1;
            }
        }
        if let Some(wn) = &g.winner {
            acc.entry(wn.clone()).or_default().wins += 1;
        }
        for p in &powers {
            let a = acc.entry(p.clone()).or_default();
            a.games += 1;
            if let Some(last) = g.centres.last() {
                a.finals
                    .push(last.counts.get(p).copied().unwrap_or(0) as i64);
            }
            for c in &g.centres {
                a.by_year
                    .entry(c.year)
                    .or_default()
                    .push(c.counts.get(p).copied().unwrap_or(0) as i64);
            }
        }
    }
    let powers = acc
        .into_iter()
        .map(|(power, a)| PowerStat {
            power,
            games: a.games,
            survived: a.survived,
            wins: a.wins,
            mean_final_centres: mean(&a.finals).map(round2),
            centres_by_year: a
                .by_year
                .iter()
                .filter_map(|(y, v)| mean(v).map(|m| (*y, round2(m))))
                .collect(),
        })
        .collect();
    Ok(DelugeStats {
        games,
        finished,
        powers,
    })
}
