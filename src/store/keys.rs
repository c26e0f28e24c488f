//! Keys of names and the rows they find: the keys that merge spelling variants of players and
//! events, and the lookups that find or create a game's players and event as it is stored.
//!
//! Keys fold what transcribers vary without meaning to: case, spacing and punctuation, full-width
//! forms, traditional vs simplified characters. An event key also sets a year apart: "Taipei Open",
//! "taipei  open 2017" and "臺北 Open" dated 2017 are one event; the same name in 2018 is another.
//! Everything else (romanizations, nicknames) is an alias an admin adds.

use rusqlite::{OptionalExtension, Transaction, params};

use crate::error::{Error, Result};

/// The year of a `Date` tag (`YYYY.MM.DD`, `YYYY.??.??`, `YYYY`, `YYYY-MM-DD`), if it has one.
pub fn year_of(date: &str) -> Option<i64> {
    let digits: String = date
        .trim()
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    if digits.len() == 4 {
        digits.parse().ok()
    } else {
        None
    }
}

/// The key of a player's name.
pub fn player_key(name: &str) -> String {
    name.chars()
        .map(annals_import::text::fold_char)
        .filter(|c| c.is_alphanumeric())
        .collect()
}

/// The key of an event: its folded name without a written year, and the year (from the name, else
/// from the game's date).
pub fn event_key(name: &str, date_year: Option<i64>) -> String {
    let mut year = None;
    let mut core = String::with_capacity(name.len() + 5);
    // A run of digits: the first of four is the year, any other is part of the name.
    let mut run = String::new();
    let mut end_run = |run: &mut String, core: &mut String| {
        if run.len() == 4 && year.is_none() {
            year = run.parse::<i64>().ok();
        } else {
            core.push_str(run);
        }
        run.clear();
    };
    for c in name.chars().map(annals_import::text::fold_char) {
        if c.is_ascii_digit() {
            run.push(c);
            continue;
        }
        if !run.is_empty() {
            end_run(&mut run, &mut core);
        }
        if c.is_alphanumeric() && c != '年' {
            core.push(c);
        }
    }
    if !run.is_empty() {
        end_run(&mut run, &mut core);
    }
    core.push('|');
    if let Some(y) = year.or(date_year) {
        core.push_str(itoa::Buffer::new().format(y));
    }
    core
}

/// The players and events an importer has looked up, by name as written and by event key: the
/// games of one import name the same people and events again and again. Ids are kept for the
/// whole import (they stay valid for the import's connection); an event's dates, rounds and site
/// only for one transaction, so that they are still kept up to date.
#[derive(Debug, Default)]
pub struct NameCache {
    players: rustc_hash::FxHashMap<String, i64>,
    events: rustc_hash::FxHashMap<String, i64>,
    /// What this transaction has read or written of each event's dates, rounds and site, so that
    /// a game that changes none of them writes nothing. Valid for one transaction only: cleared
    /// by [`NameCache::new_transaction`].
    event_rows: rustc_hash::FxHashMap<i64, EventDates>,
}

/// An event's columns that [`event_for_cached`] widens (all unset for an event with no row, whose
/// updates change nothing).
#[derive(Debug, Default)]
struct EventDates {
    start: Option<String>,
    end: Option<String>,
    rounds: Option<i64>,
    site: bool,
}

impl NameCache {
    /// Forgets what the last transaction knew of events' rows (another connection may change
    /// them between two of ours).
    pub fn new_transaction(&mut self) {
        self.event_rows.clear();
    }
}

/// [`player_for`], looked up in `cache` first.
pub fn cached_player_for(tx: &Transaction, cache: &mut NameCache, name: &str) -> Result<i64> {
    if let Some(&id) = cache.players.get(name) {
        return Ok(id);
    }
    let id = player_for(tx, name)?;
    cache.players.insert(name.to_string(), id);
    Ok(id)
}

/// The player a name stands for, creating one (with the name as written) when none does.
pub fn player_for(tx: &Transaction, name: &str) -> Result<i64> {
    let key = player_key(name);
    if key.is_empty() {
        return Err(Error::BadRequest(format!("{name:?} is no name")));
    }
    if let Some(id) = tx
        .prepare_cached("SELECT player_id FROM player_aliases WHERE key = ?1")?
        .query_row(params![key], |r| r.get(0))
        .optional()?
    {
        return Ok(id);
    }
    let existing: Option<i64> = tx
        .prepare_cached("SELECT id FROM players WHERE name = ?1")?
        .query_row(params![name], |r| r.get(0))
        .optional()?;
    let id = match existing {
        Some(id) => id,
        None => {
            tx.prepare_cached("INSERT INTO players(name) VALUES (?1)")?
                .execute(params![name])?;
            tx.last_insert_rowid()
        }
    };
    tx.prepare_cached(
        "INSERT OR IGNORE INTO player_aliases(key, player_id, alias) VALUES (?1,?2,?3)",
    )?
    .execute(params![key, id, name])?;
    Ok(id)
}

/// The event a game's tags stand for, creating one when none does; keeps its dates and rounds.
pub fn event_for(
    tx: &Transaction,
    name: &str,
    site: Option<&str>,
    date: Option<&str>,
    round: Option<&str>,
) -> Result<i64> {
    event_for_cached(tx, &mut NameCache::default(), name, site, date, round)
}

/// [`event_for`], the event looked up in `cache` first.
pub fn event_for_cached(
    tx: &Transaction,
    cache: &mut NameCache,
    name: &str,
    site: Option<&str>,
    date: Option<&str>,
    round: Option<&str>,
) -> Result<i64> {
    let year = date.and_then(year_of);
    let key = event_key(name, year);
    let found: Option<i64> = match cache.events.get(&key) {
        Some(&id) => Some(id),
        None => tx
            .prepare_cached("SELECT event_id FROM event_aliases WHERE key = ?1")?
            .query_row(params![key], |r| r.get(0))
            .optional()?,
    };
    let id = match found {
        Some(id) => id,
        None => {
            tx.prepare_cached("INSERT INTO events(name, site) VALUES (?1, ?2)")?
                .execute(params![name.trim(), site])?;
            let id = tx.last_insert_rowid();
            tx.prepare_cached("INSERT INTO event_aliases(key, event_id, alias) VALUES (?1,?2,?3)")?
                .execute(params![key, id, name.trim()])?;
            id
        }
    };
    cache.events.insert(key, id);
    let row = match cache.event_rows.entry(id) {
        std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
        std::collections::hash_map::Entry::Vacant(e) => e.insert(
            tx.prepare_cached(
                "SELECT start_date, end_date, rounds, site IS NOT NULL FROM events WHERE id = ?1",
            )?
            .query_row(params![id], |r| {
                Ok(EventDates {
                    start: r.get(0)?,
                    end: r.get(1)?,
                    rounds: r.get(2)?,
                    site: r.get(3)?,
                })
            })
            .optional()?
            .unwrap_or_default(),
        ),
    };
    // Known dates only (a date with `??` still gives its year-month-day prefix as written).
    // (Each update is made only when it changes the row: most games of an event come after the
    // one that set its dates.)
    if let Some(d) = date
        .map(str::trim)
        .filter(|d| d.len() >= 4 && !d.starts_with('?'))
    {
        let earlier = row.start.as_deref().is_none_or(|s| d < s);
        let later = row.end.as_deref().is_none_or(|e| d > e);
        if earlier || later {
            tx.prepare_cached(
                "UPDATE events SET start_date = CASE WHEN start_date IS NULL OR ?1 < start_date THEN ?1 ELSE start_date END,
                                   end_date = CASE WHEN end_date IS NULL OR ?1 > end_date THEN ?1 ELSE end_date END
                 WHERE id = ?2",
            )?
            .execute(params![d, id])?;
            if earlier {
                row.start = Some(d.to_string());
            }
            if later {
                row.end = Some(d.to_string());
            }
        }
    }
    if let Some(r) = round.and_then(|r| r.trim().parse::<i64>().ok())
        && row.rounds.unwrap_or(0) < r
    {
        tx.prepare_cached("UPDATE events SET rounds = ?1 WHERE id = ?2")?
            .execute(params![r, id])?;
        row.rounds = Some(r);
    }
    if let Some(s) = site.map(str::trim).filter(|s| !s.is_empty())
        && !row.site
    {
        tx.prepare_cached("UPDATE events SET site = ?1 WHERE id = ?2")?
            .execute(params![s, id])?;
        row.site = true;
    }
    Ok(id)
}
