//! The set of games an explorer or a statistics page is limited to: one event's, one player's
//! (in one seat, if given), one collection's, or several of these at once (their intersection).
//! A collection's scope is read only by those who may read the collection.

use rusqlite::types::Value as V;
use rusqlite::{Connection, OptionalExtension, params};

use crate::auth::Member;
use crate::error::{Error, Result};

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Scope {
    pub event: Option<i64>,
    /// A player, and the seat they held (`吴`, `B`, `A`…) when only those games count.
    pub player: Option<(i64, Option<String>)>,
    pub collection: Option<i64>,
}

impl Scope {
    /// The whole archive.
    pub fn is_all(&self) -> bool {
        *self == Scope::default()
    }

    /// 404 for an event, player or collection that does not exist, or a collection `viewer` may
    /// not read.
    pub fn check(&self, conn: &Connection, viewer: Option<&Member>) -> Result<()> {
        if let Some(id) = self.event {
            exists(conn, "SELECT 1 FROM events WHERE id = ?1", id, "event")?;
        }
        if let Some((id, _)) = self.player {
            exists(conn, "SELECT 1 FROM players WHERE id = ?1", id, "player")?;
        }
        if let Some(id) = self.collection {
            crate::collections::check_read(conn, id, viewer)?;
        }
        Ok(())
    }

    /// The ids of the scope's games (their intersection when it names several things), read from
    /// their own indexes; None for the whole archive.
    pub fn game_ids(&self, conn: &Connection) -> Result<Option<std::collections::HashSet<i64>>> {
        let mut sets: Vec<std::collections::HashSet<i64>> = Vec::new();
        let read = |sql: &str, args: &[&dyn rusqlite::ToSql]| -> Result<_> {
            Ok(conn
                .prepare_cached(sql)?
                .query_map(args, |r| r.get::<_, i64>(0))?
                .collect::<std::result::Result<std::collections::HashSet<i64>, _>>()?)
        };
        if let Some(id) = self.event {
            sets.push(read("SELECT id FROM games WHERE event_id = ?1", &[&id])?);
        }
        if let Some((id, seat)) = &self.player {
            sets.push(match seat {
                Some(s) => read(
                    "SELECT game_id FROM seats WHERE player_id = ?1 AND seat = ?2",
                    &[id, s],
                )?,
                None => read("SELECT game_id FROM seats WHERE player_id = ?1", &[id])?,
            });
        }
        if let Some(id) = self.collection {
            sets.push(read(
                "SELECT game_id FROM collection_items WHERE collection_id = ?1 AND game_id IS NOT NULL",
                &[&id],
            )?);
        }
        let mut sets = sets.into_iter();
        let Some(first) = sets.next() else {
            return Ok(None);
        };
        Ok(Some(sets.fold(first, |acc, s| {
            acc.intersection(&s).copied().collect()
        })))
    }

    /// SQL conditions on a game id column `col` (`g.id`, `game_id`…), each ` AND col IN (…)`, with
    /// their arguments in order.
    pub fn sql(&self, col: &str) -> (String, Vec<V>) {
        let mut w = String::new();
        let mut a = Vec::new();
        if let Some(id) = self.event {
            w.push_str(&format!(
                " AND {col} IN (SELECT id FROM games WHERE event_id = ?)"
            ));
            a.push(V::Integer(id));
        }
        if let Some((id, seat)) = &self.player {
            match seat {
                Some(s) => {
                    w.push_str(&format!(
                        " AND {col} IN (SELECT game_id FROM seats WHERE player_id = ? AND seat = ?)"
                    ));
                    a.push(V::Integer(*id));
                    a.push(V::Text(s.clone()));
                }
                None => {
                    w.push_str(&format!(
                        " AND {col} IN (SELECT game_id FROM seats WHERE player_id = ?)"
                    ));
                    a.push(V::Integer(*id));
                }
            }
        }
        if let Some(id) = self.collection {
            w.push_str(&format!(
                " AND {col} IN (SELECT game_id FROM collection_items WHERE collection_id = ? AND game_id IS NOT NULL)"
            ));
            a.push(V::Integer(id));
        }
        (w, a)
    }
}

impl Scope {
    /// The query parameters that give this scope (`event=3&player=5&side=吴`), empty for all.
    pub fn query(&self) -> String {
        let mut q = form_urlencoded::Serializer::new(String::new());
        if let Some(id) = self.event {
            q.append_pair("event", &id.to_string());
        }
        if let Some((id, seat)) = &self.player {
            q.append_pair("player", &id.to_string());
            if let Some(s) = seat {
                q.append_pair("side", s);
            }
        }
        if let Some(id) = self.collection {
            q.append_pair("collection", &id.to_string());
        }
        q.finish()
    }

    /// What the scope is, part by part with the names it names (a page says it in the
    /// reader's language), or nothing for all games.
    pub fn describe(&self, conn: &Connection) -> Result<Vec<ScopePart>> {
        let name = |sql: &str, id: i64| -> Result<String> {
            Ok(conn
                .prepare_cached(sql)?
                .query_row(params![id], |r| r.get::<_, String>(0))
                .optional()?
                .unwrap_or_else(|| format!("#{id}")))
        };
        let mut parts = Vec::new();
        if let Some(id) = self.event {
            parts.push(ScopePart::Event(name(
                "SELECT name FROM events WHERE id = ?1",
                id,
            )?));
        }
        if let Some((id, seat)) = &self.player {
            parts.push(ScopePart::Player {
                name: name("SELECT name FROM players WHERE id = ?1", *id)?,
                seat: seat.clone(),
            });
        }
        if let Some(id) = self.collection {
            parts.push(ScopePart::Collection(name(
                "SELECT name FROM collections WHERE id = ?1",
                id,
            )?));
        }
        Ok(parts)
    }
}

/// One part of a scope, with its name as stored.
#[derive(Debug, Clone, PartialEq)]
pub enum ScopePart {
    Event(String),
    /// A player's games, in one seat (as written: `吴`, `B`, `England`…) when given.
    Player {
        name: String,
        seat: Option<String>,
    },
    Collection(String),
}

fn exists(conn: &Connection, sql: &str, id: i64, what: &str) -> Result<()> {
    conn.prepare_cached(sql)?
        .query_row(params![id], |_| Ok(()))
        .optional()?
        .ok_or_else(|| Error::NotFound(format!("no {what} {id}")))
}
