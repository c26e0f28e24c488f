//! Statistics of each kind, filtered by event and year range.
//!
//! The HotW, 三国 and WEC figures are sums of the running totals that `src/tally.rs` keeps in the
//! same transaction as the games, so they are right the moment a game is added or removed and cost
//! the same at any archive size. [`scan`] computes the same figures from the move tables (every
//! turn), the reference the totals are held to. Deluge statistics re-parse the stored games.

use std::collections::BTreeMap;

use rusqlite::{Connection, params_from_iter, types::Value as V};
use serde::Serialize;

use crate::error::Result;
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
            a.push(V::Text(crate::store::reads::like_pattern(e)));
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

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// `sum / n`, None when `n` is 0.
fn ratio(sum: i64, n: i64) -> Option<f64> {
    (n > 0).then(|| sum as f64 / n as f64)
}

/// The mean and the median of values given with their counts (value → how many times).
fn mean_median(counts: &BTreeMap<i64, i64>) -> (Option<f64>, Option<f64>) {
    let n: i64 = counts.values().sum();
    if n <= 0 {
        return (None, None);
    }
    let sum: i64 = counts.iter().map(|(v, c)| v * c).sum();
    // The value at 0-based position `i` of the sorted values.
    let at = |i: i64| {
        let mut seen = 0;
        for (v, c) in counts {
            seen += c;
            if seen > i {
                return *v;
            }
        }
        0
    };
    let median = if n % 2 == 1 {
        at(n / 2) as f64
    } else {
        (at(n / 2 - 1) + at(n / 2)) as f64 / 2.0
    };
    (Some(sum as f64 / n as f64), Some(median))
}

#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct EmpireStat {
    pub empire: String,
    pub epoch: i64,
    /// Played as a minor empire (in any of its turns).
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

/// The placings of a set of turns: how many had one, their sum, and the count of each place 1..6.
#[derive(Debug, Default, Clone, Copy)]
struct Placings {
    placed: i64,
    sum: i64,
    places: [i64; 6],
}

impl Placings {
    fn push(&mut self, p: Option<i64>) {
        if let Some(p) = p {
            self.placed += 1;
            self.sum += p;
            if (1..=6).contains(&p) {
                self.places[(p - 1) as usize] += 1;
            }
        }
    }

    fn mean(&self) -> Option<f64> {
        ratio(self.sum, self.placed).map(round2)
    }
}

/// What the figures of one empire and epoch are made from: filled from the running totals, or by
/// [`scan`] from the move tables.
#[derive(Debug, Default)]
struct EmpireAcc {
    minor: bool,
    turns: i64,
    /// gain → turns.
    gains: BTreeMap<i64, i64>,
    scores: i64,
    score_sum: i64,
    expansions: i64,
    battles: i64,
    /// V, X, =.
    rolls: [i64; 3],
    placings: Placings,
    cards: BTreeMap<String, i64>,
}

impl EmpireAcc {
    fn finish(self, epoch: i64, empire: String) -> EmpireStat {
        let rolls: i64 = self.rolls.iter().sum();
        let share = |n: i64| (rolls > 0).then(|| round2(n as f64 / rolls as f64));
        let mut top: Vec<(String, i64)> = self.cards.into_iter().collect();
        top.sort_by(|x, y| y.1.cmp(&x.1).then_with(|| x.0.cmp(&y.0)));
        top.truncate(5);
        let (mean_gain, median_gain) = mean_median(&self.gains);
        EmpireStat {
            empire,
            epoch,
            minor: self.minor,
            turns: self.turns,
            scored_turns: self.gains.values().sum(),
            mean_gain: mean_gain.map(round2),
            median_gain,
            mean_score: ratio(self.score_sum, self.scores).map(round2),
            expansions_per_turn: round2(self.expansions as f64 / self.turns.max(1) as f64),
            battles_per_turn: round2(self.battles as f64 / self.turns.max(1) as f64),
            share_v: share(self.rolls[0]),
            share_x: share(self.rolls[1]),
            share_draw: share(self.rolls[2]),
            top_cards: top,
            mean_placing: self.placings.mean(),
            placings: self.placings.places,
        }
    }
}

type Empires = BTreeMap<(i64, String), EmpireAcc>;

fn finish_empires(acc: Empires) -> Vec<EmpireStat> {
    acc.into_iter()
        .map(|((epoch, empire), a)| a.finish(epoch, empire))
        .collect()
}

/// The `stat_totals` rows of a table of running totals in the buckets of a kind that the filter
/// takes: the kind's roll-up when there is no filter, the years' roll-ups when only years filter,
/// the events' when only events do, else the buckets of one event and year (`stat_buckets.span`).
fn buckets(kind: &str, f: &Filter) -> (String, Vec<V>) {
    let (w, args) = f.sql();
    let span = match (&f.event, f.year_from.or(f.year_to)) {
        (None, None) => 2,
        (None, Some(_)) => 1,
        (Some(_), None) => 3,
        (Some(_), Some(_)) => 0,
    };
    (
        format!(
            "SELECT x.totals FROM stat_totals x WHERE x.part = ?1 AND x.bucket IN \
             (SELECT g.id FROM stat_buckets g WHERE g.kind = '{kind}' AND g.span = {span}{w})"
        ),
        args,
    )
}

/// One total of a `stat_totals` row: the columns of its table's view after `bucket` (schema.sql).
struct Total(Vec<serde_json::Value>);

impl Total {
    fn int(&self, i: usize) -> Result<i64> {
        self.0
            .get(i)
            .and_then(serde_json::Value::as_i64)
            .ok_or_else(|| bad_total(i))
    }

    fn text(&self, i: usize) -> Result<&str> {
        self.0
            .get(i)
            .and_then(serde_json::Value::as_str)
            .ok_or_else(|| bad_total(i))
    }
}

fn bad_total(i: usize) -> crate::error::Error {
    crate::error::Error::Internal(format!("a statistics total has no column {i} of its type"))
}

/// Calls `row` with each total of `table` in the filter's buckets of `kind`, read from their
/// `stat_totals` rows (a row per bucket and table: the unique `(bucket, part)` finds the rows of
/// the filter's buckets only). They are summed by the callers: a total is one row of
/// a bucket's JSON, and SQL's `GROUP BY` of the rows of a broad filter cost more than the sums
/// (17 ms of 19 for the 19k totals of `hotw_gain_counts` under a broad event filter at 100k games).
fn each_total(
    conn: &Connection,
    kind: &str,
    table: &str,
    f: &Filter,
    mut row: impl FnMut(&Total) -> Result<()>,
) -> Result<()> {
    let (sql, args) = buckets(kind, f);
    let mut st = conn.prepare_cached(&sql)?;
    let params = std::iter::once(V::Text(table.to_string())).chain(args);
    let mut rows = st.query(params_from_iter(params))?;
    while let Some(r) = rows.next()? {
        let text = r.get_ref(0)?.as_str().map_err(rusqlite::Error::from)?;
        let totals: Vec<Vec<serde_json::Value>> = serde_json::from_str(text)
            .map_err(|e| crate::error::Error::Internal(format!("{table}: {e}")))?;
        for t in totals {
            row(&Total(t))?;
        }
    }
    Ok(())
}

/// HotW statistics per empire and epoch, from the running totals.
pub fn hotw_empires(conn: &Connection, f: &Filter) -> Result<Vec<EmpireStat>> {
    let mut acc = Empires::new();
    each_total(
        conn,
        "hotw",
        "hotw_empire_stats",
        f,
        // epoch, empire, minor_turns, turns, scores, score_sum, expansions, battles, rolls_v,
        // rolls_x, rolls_draw, placed, placing_sum, p1..p6
        |r| {
            let e = acc.entry((r.int(0)?, r.text(1)?.to_string())).or_default();
            e.minor |= r.int(2)? > 0;
            e.turns += r.int(3)?;
            e.scores += r.int(4)?;
            e.score_sum += r.int(5)?;
            e.expansions += r.int(6)?;
            e.battles += r.int(7)?;
            for (i, n) in e.rolls.iter_mut().enumerate() {
                *n += r.int(8 + i)?;
            }
            e.placings.placed += r.int(11)?;
            e.placings.sum += r.int(12)?;
            for (i, p) in e.placings.places.iter_mut().enumerate() {
                *p += r.int(13 + i)?;
            }
            Ok(())
        },
    )?;
    each_total(
        conn,
        "hotw",
        "hotw_gain_counts",
        f,
        // epoch, empire, gain, turns
        |r| {
            if let Some(e) = acc.get_mut(&(r.int(0)?, r.text(1)?.to_string())) {
                *e.gains.entry(r.int(2)?).or_insert(0) += r.int(3)?;
            }
            Ok(())
        },
    )?;
    each_total(
        conn,
        "hotw",
        "hotw_card_counts",
        f,
        // epoch, empire, card, played, gains, gain_sum
        |r| {
            if let Some(e) = acc.get_mut(&(r.int(0)?, r.text(1)?.to_string())) {
                let card = r.text(2)?;
                let played = r.int(3)?;
                match e.cards.get_mut(card) {
                    Some(n) => *n += played,
                    None => {
                        e.cards.insert(card.to_string(), played);
                    }
                }
            }
            Ok(())
        },
    )?;
    Ok(finish_empires(acc))
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

#[derive(Debug, Default)]
struct CardAcc {
    played: i64,
    by_epoch: [i64; 7],
    gains: i64,
    gain_sum: i64,
}

impl CardAcc {
    fn add(&mut self, epoch: i64, played: i64, gains: i64, gain_sum: i64) {
        if (1..=7).contains(&epoch) {
            self.by_epoch[(epoch - 1) as usize] += played;
        }
        self.played += played;
        self.gains += gains;
        self.gain_sum += gain_sum;
    }
}

fn finish_cards(acc: BTreeMap<String, CardAcc>) -> Vec<CardStat> {
    let mut out: Vec<CardStat> = acc
        .into_iter()
        .map(|(card, a)| CardStat {
            card,
            played: a.played,
            by_epoch: a.by_epoch,
            mean_gain: ratio(a.gain_sum, a.gains).map(round2),
        })
        .collect();
    out.sort_by(|a, b| b.played.cmp(&a.played).then_with(|| a.card.cmp(&b.card)));
    out
}

/// HotW statistics per event card, from the running totals.
pub fn hotw_cards(conn: &Connection, f: &Filter) -> Result<Vec<CardStat>> {
    let mut acc: BTreeMap<String, CardAcc> = BTreeMap::new();
    each_total(
        conn,
        "hotw",
        "hotw_card_counts",
        f,
        // epoch, empire, card, played, gains, gain_sum
        |r| {
            let card = r.text(2)?;
            if !acc.contains_key(card) {
                acc.insert(card.to_string(), CardAcc::default());
            }
            if let Some(a) = acc.get_mut(card) {
                a.add(r.int(0)?, r.int(3)?, r.int(4)?, r.int(5)?);
            }
            Ok(())
        },
    )?;
    Ok(finish_cards(acc))
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

fn finish_openings(acc: BTreeMap<(String, String), (i64, Placings)>) -> Vec<HotwOpening> {
    let mut out: Vec<HotwOpening> = acc
        .into_iter()
        .map(|((empire, cards), (turns, p))| HotwOpening {
            empire,
            cards,
            games: turns,
            first: wilson(p.places[0], p.placed),
            mean_placing: p.mean(),
            placings: p.places,
        })
        .collect();
    out.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.empire.cmp(&b.empire)));
    out
}

/// The HotW "opening": each epoch-I major empire turn (empire and cards) with the final placing of
/// its player, from the running totals.
pub fn hotw_openings(conn: &Connection, f: &Filter) -> Result<Vec<HotwOpening>> {
    let mut acc = BTreeMap::new();
    each_total(
        conn,
        "hotw",
        "hotw_opening_stats",
        f,
        // empire, cards, turns, placed, placing_sum, p1..p6
        |r| {
            let (turns, p): &mut (i64, Placings) = acc
                .entry((r.text(0)?.to_string(), r.text(1)?.to_string()))
                .or_default();
            *turns += r.int(2)?;
            p.placed += r.int(3)?;
            p.sum += r.int(4)?;
            for (i, n) in p.places.iter_mut().enumerate() {
                *n += r.int(5 + i)?;
            }
            Ok(())
        },
    )?;
    Ok(finish_openings(acc))
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

/// The `stat_games` columns of a set of games.
#[derive(Debug, Default, Clone, Copy)]
struct GameTotals {
    games: i64,
    plies: i64,
    decided: i64,
    draws: i64,
    black_wins: i64,
    white_wins: i64,
    with_alliance: i64,
    han_killed: i64,
    killer_won: i64,
}

/// `stat_games` summed over the filter's buckets of `kind`.
fn game_totals(conn: &Connection, kind: &str, f: &Filter) -> Result<GameTotals> {
    let mut t = GameTotals::default();
    each_total(conn, kind, "stat_games", f, |r| {
        t.games += r.int(0)?;
        t.plies += r.int(1)?;
        t.decided += r.int(2)?;
        t.draws += r.int(3)?;
        t.black_wins += r.int(4)?;
        t.white_wins += r.int(5)?;
        t.with_alliance += r.int(6)?;
        t.han_killed += r.int(7)?;
        t.killer_won += r.int(8)?;
        Ok(())
    })?;
    Ok(t)
}

/// A side's counts: wins, draws, losses, eliminated, alliances started, Han killed, of those won.
type SideCounts = [i64; 7];

fn finish_sanguo(t: GameTotals, sides: &BTreeMap<String, SideCounts>) -> SanguoStats {
    let sides = crate::store::tree::sides(annals_import::Kind::Sanguo)
        .iter()
        .map(|s| {
            let c = sides.get(*s).copied().unwrap_or_default();
            SideStat {
                side: s.to_string(),
                games: t.games,
                wins: c[0],
                draws: c[1],
                losses: c[2],
                eliminated: c[3],
                alliances_started: c[4],
                killed_han: c[5],
                killed_han_won: c[6],
                win_rate: wilson(c[0], t.decided),
            }
        })
        .collect();
    SanguoStats {
        games: t.games,
        decided: t.decided,
        draws: t.draws,
        with_alliance: t.with_alliance,
        han_killed: t.han_killed,
        killer_won: t.killer_won,
        killer_win_rate: wilson(t.killer_won, t.han_killed),
        mean_plies: ratio(t.plies, t.games).map(round2),
        sides,
    }
}

/// 三国 statistics per side, from the running totals.
pub fn sanguo(conn: &Connection, f: &Filter) -> Result<SanguoStats> {
    let t = game_totals(conn, "sanguo", f)?;
    let mut sides: BTreeMap<String, SideCounts> = BTreeMap::new();
    each_total(
        conn,
        "sanguo",
        "stat_sides",
        f,
        // side, wins, draws, losses, eliminated, alliances_started, killed_han, killed_han_won
        |r| {
            let c = sides.entry(r.text(0)?.to_string()).or_default();
            for (i, v) in c.iter_mut().enumerate() {
                *v += r.int(1 + i)?;
            }
            Ok(())
        },
    )?;
    Ok(finish_sanguo(t, &sides))
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

fn finish_wec(
    t: GameTotals,
    governments: BTreeMap<String, (i64, i64)>,
    pieces: BTreeMap<String, i64>,
) -> WecStats {
    let mut pieces: Vec<(String, i64)> = pieces.into_iter().collect();
    pieces.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    WecStats {
        games: t.games,
        decided: t.decided,
        black_wins: t.black_wins,
        white_wins: t.white_wins,
        black_rate: wilson(t.black_wins, t.decided),
        white_rate: wilson(t.white_wins, t.decided),
        mean_plies: ratio(t.plies, t.games).map(round2),
        governments: governments
            .into_iter()
            .map(|(k, (g, w))| (k, g, w))
            .collect(),
        pieces,
    }
}

/// WEC statistics: results by colour and by government type, length, the pieces most used; from
/// the running totals.
pub fn wec(conn: &Connection, f: &Filter) -> Result<WecStats> {
    let t = game_totals(conn, "wec", f)?;
    let mut gov = BTreeMap::new();
    each_total(
        conn,
        "wec",
        "wec_government_stats",
        f,
        // government, played, wins
        |r| {
            let g: &mut (i64, i64) = gov.entry(r.text(0)?.to_string()).or_default();
            g.0 += r.int(1)?;
            g.1 += r.int(2)?;
            Ok(())
        },
    )?;
    let mut pieces = BTreeMap::new();
    each_total(
        conn,
        "wec",
        "wec_piece_counts",
        f,
        // piece, turns
        |r| {
            *pieces.entry(r.text(0)?.to_string()).or_insert(0) += r.int(1)?;
            Ok(())
        },
    )?;
    Ok(finish_wec(t, gov, pieces))
}

/// Compares the running totals with [`scan`] (no filter): one problem per kind of figure that
/// differs.
pub fn check_totals(conn: &Connection) -> Result<Vec<String>> {
    let f = Filter::default();
    let mut problems = Vec::new();
    let mut differ = |what: &str, same: bool| {
        if !same {
            problems.push(format!(
                "statistics: the running totals of {what} disagree with the move tables"
            ));
        }
    };
    differ(
        "HotW empires",
        hotw_empires(conn, &f)? == scan::hotw_empires(conn, &f)?,
    );
    differ(
        "HotW cards",
        hotw_cards(conn, &f)? == scan::hotw_cards(conn, &f)?,
    );
    differ(
        "HotW openings",
        hotw_openings(conn, &f)? == scan::hotw_openings(conn, &f)?,
    );
    differ("三国 games", sanguo(conn, &f)? == scan::sanguo(conn, &f)?);
    differ("WEC games", wec(conn, &f)? == scan::wec(conn, &f)?);
    Ok(problems)
}

/// The same figures computed from the moves (the row-per-move views of the packed tables), reading
/// every turn the filter takes: the reference the running totals are held to (`annals check`, the
/// tests). Seconds on a large archive; the pages use the totals.
pub mod scan {
    use super::*;

    /// The HotW queries below read the HotW games in id order (`games_kind_id`) and each game's
    /// packed turns by its key (`CROSS JOIN` keeps SQLite to that order; before schema 6, left to
    /// itself, it scanned the turns through an `(empire, epoch)` index and looked every row up at
    /// random, 3–4× slower).
    pub fn hotw_empires(conn: &Connection, f: &Filter) -> Result<Vec<EmpireStat>> {
        let (w, args) = f.sql();
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
        Ok(finish_empires(acc))
    }

    pub fn hotw_cards(conn: &Connection, f: &Filter) -> Result<Vec<CardStat>> {
        let (w, args) = f.sql();
        let mut st = conn.prepare(&format!(
            "SELECT c.value, t.epoch, t.gain FROM games g CROSS JOIN hotw_turns t ON t.game_id = g.id,
                 json_each(t.cards) c
             WHERE g.kind = 'hotw'{w}"
        ))?;
        let mut acc: BTreeMap<String, CardAcc> = BTreeMap::new();
        let mut rows = st.query(params_from_iter(args.iter()))?;
        while let Some(r) = rows.next()? {
            let gain = r.get::<_, Option<i64>>(2)?;
            acc.entry(r.get(0)?).or_default().add(
                r.get(1)?,
                1,
                i64::from(gain.is_some()),
                gain.unwrap_or(0),
            );
        }
        Ok(finish_cards(acc))
    }

    pub fn hotw_openings(conn: &Connection, f: &Filter) -> Result<Vec<HotwOpening>> {
        let (w, args) = f.sql();
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
        let (w, args) = f.sql();
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
        let (w, args) = f.sql();
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
        let (w, args) = f.sql();
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
            crate::store::body::reparse(annals_import::Kind::Deluge, &raw, r.get::<_, i64>(1)?)
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
