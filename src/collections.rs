//! Study collections owned by clubs, and who may see and change them.
//!
//! Rules (tested one by one in tests/collections.rs):
//! - reading a public collection: anyone; a private one: members of its club, else 404;
//! - writing: no credentials → 401 (404 when private); a member of another club → 403 (404 when
//!   private); a viewer → 403;
//!   editors and admins of the owning club may write.

use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use crate::auth::{Member, Role, audit, require};
use crate::error::{Error, Result};

#[derive(Debug, Clone, Serialize)]
pub struct Section {
    pub id: i64,
    pub title: String,
    pub position: i64,
}

#[derive(Debug, Clone, Serialize)]
pub struct Item {
    pub id: i64,
    pub position: i64,
    pub section: Option<i64>,
    pub game: Option<i64>,
    pub note: String,
    pub ply: Option<i64>,
    pub game_title: Option<String>,
    pub game_kind: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Collection {
    pub id: i64,
    pub club_id: i64,
    pub club: String,
    pub name: String,
    pub description: String,
    pub public: bool,
    /// The share link's token (public collections only are reachable by it).
    pub share: String,
    pub created_at: String,
    pub updated_at: String,
    pub sections: Vec<Section>,
    pub items: Vec<Item>,
}

#[derive(Debug, Clone, Serialize)]
pub struct CollectionRow {
    pub id: i64,
    pub club: String,
    pub name: String,
    pub description: String,
    pub public: bool,
    pub items: i64,
}

fn now() -> String {
    crate::timefmt::rfc3339(crate::timefmt::now_secs())
}

fn check_text(what: &str, s: &str, max: usize, required: bool) -> Result<String> {
    let t = s.trim();
    if required && t.is_empty() {
        return Err(Error::BadRequest(format!("{what} is required")));
    }
    if t.chars().count() > max {
        return Err(Error::BadRequest(format!(
            "{what} is longer than {max} characters"
        )));
    }
    Ok(t.to_string())
}

/// (club id, public) of a collection, or 404.
fn owner(conn: &Connection, id: i64) -> Result<(i64, bool)> {
    conn.prepare_cached("SELECT club_id, public FROM collections WHERE id = ?1")?
        .query_row(params![id], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?
        .ok_or_else(|| Error::NotFound(format!("no collection {id}")))
}

/// May `viewer` read collection `id`? 404 when it is private and they are not of its club.
pub fn check_read(conn: &Connection, id: i64, viewer: Option<&Member>) -> Result<()> {
    let (club, public) = owner(conn, id)?;
    if public || viewer.is_some_and(|m| m.club_id == club) {
        Ok(())
    } else {
        Err(Error::NotFound(format!("no collection {id}")))
    }
}

/// May `who` change collection `id`? 401 without credentials (for any id), 403 for another club or
/// a viewer; 404 instead when the collection is private and `who` is not of its club.
pub fn check_write(conn: &Connection, id: i64, who: Option<&Member>) -> Result<Member> {
    // Without credentials: 401 whatever the id (it says nothing of which collections exist).
    let Some(m) = who else {
        return Err(Error::Unauthorized(
            "this needs a member's token: Authorization: Bearer TOKEN".into(),
        ));
    };
    let (club, public) = owner(conn, id)?;
    if m.club_id != club {
        // A private collection does not exist for another club, for writing as for reading.
        if !public {
            return Err(Error::NotFound(format!("no collection {id}")));
        }
        return Err(Error::Forbidden(format!(
            "collection {id} belongs to another club"
        )));
    }
    require(m, Role::Editor)?;
    Ok(m.clone())
}

pub fn create(
    conn: &Connection,
    m: &Member,
    name: &str,
    description: &str,
    public: bool,
) -> Result<i64> {
    require(m, Role::Editor)?;
    let name = check_text("name", name, 200, true)?;
    let description = check_text("description", description, 5000, false)?;
    let share = crate::auth::random_token()?;
    conn.execute(
        "INSERT INTO collections(club_id, name, description, public, share_token, created_at, updated_at)
         VALUES (?1,?2,?3,?4,?5,?6,?6)",
        params![m.club_id, name, description, public, share, now()],
    )?;
    let id = conn.last_insert_rowid();
    audit(
        conn,
        Some(m),
        "collection.create",
        &format!("collection {id}"),
        &name,
    )?;
    Ok(id)
}

pub fn update(
    conn: &Connection,
    m: &Member,
    id: i64,
    name: Option<&str>,
    description: Option<&str>,
    public: Option<bool>,
) -> Result<()> {
    let m = check_write(conn, id, Some(m))?;
    if let Some(n) = name {
        conn.execute(
            "UPDATE collections SET name = ?1 WHERE id = ?2",
            params![check_text("name", n, 200, true)?, id],
        )?;
    }
    if let Some(d) = description {
        conn.execute(
            "UPDATE collections SET description = ?1 WHERE id = ?2",
            params![check_text("description", d, 5000, false)?, id],
        )?;
    }
    if let Some(p) = public {
        conn.execute(
            "UPDATE collections SET public = ?1 WHERE id = ?2",
            params![p, id],
        )?;
    }
    touch(conn, id)?;
    audit(
        conn,
        Some(&m),
        "collection.update",
        &format!("collection {id}"),
        "",
    )
}

fn touch(conn: &Connection, id: i64) -> Result<()> {
    conn.execute(
        "UPDATE collections SET updated_at = ?1 WHERE id = ?2",
        params![now(), id],
    )?;
    Ok(())
}

pub fn delete(conn: &Connection, m: &Member, id: i64) -> Result<()> {
    let m = check_write(conn, id, Some(m))?;
    conn.execute(
        "DELETE FROM collection_items WHERE collection_id = ?1",
        params![id],
    )?;
    conn.execute(
        "DELETE FROM collection_sections WHERE collection_id = ?1",
        params![id],
    )?;
    conn.execute("DELETE FROM collections WHERE id = ?1", params![id])?;
    audit(
        conn,
        Some(&m),
        "collection.delete",
        &format!("collection {id}"),
        "",
    )
}

pub fn add_section(conn: &Connection, m: &Member, id: i64, title: &str) -> Result<i64> {
    let m = check_write(conn, id, Some(m))?;
    let title = check_text("a section title", title, 200, true)?;
    let pos: i64 = conn.query_row(
        "SELECT coalesce(max(position), 0) + 1 FROM collection_sections WHERE collection_id = ?1",
        params![id],
        |r| r.get(0),
    )?;
    conn.execute(
        "INSERT INTO collection_sections(collection_id, title, position) VALUES (?1,?2,?3)",
        params![id, title, pos],
    )?;
    let sid = conn.last_insert_rowid();
    touch(conn, id)?;
    audit(
        conn,
        Some(&m),
        "collection.section.add",
        &format!("collection {id}"),
        &title,
    )?;
    Ok(sid)
}

/// What an item holds.
#[derive(Debug, Clone, Default)]
pub struct NewItem {
    pub game: Option<i64>,
    pub note: String,
    pub ply: Option<i64>,
    pub section: Option<i64>,
}

pub fn add_item(conn: &Connection, m: &Member, id: i64, item: &NewItem) -> Result<i64> {
    let m = check_write(conn, id, Some(m))?;
    let note = check_text("a note", &item.note, 10_000, false)?;
    if item.game.is_none() && note.is_empty() {
        return Err(Error::BadRequest(
            "an item needs a game, a note, or both".into(),
        ));
    }
    if let Some(g) = item.game {
        let exists = conn
            .query_row("SELECT 1 FROM games WHERE id = ?1", params![g], |_| Ok(()))
            .optional()?;
        if exists.is_none() {
            return Err(Error::NotFound(format!("there is no game {g}")));
        }
    }
    if let Some(p) = item.ply
        && !(0..=100_000).contains(&p)
    {
        return Err(Error::BadRequest("ply must be from 0 to 100000".into()));
    }
    if let Some(s) = item.section {
        let ok = conn
            .query_row(
                "SELECT 1 FROM collection_sections WHERE id = ?1 AND collection_id = ?2",
                params![s, id],
                |_| Ok(()),
            )
            .optional()?;
        if ok.is_none() {
            return Err(Error::NotFound(format!(
                "collection {id} has no section {s}"
            )));
        }
    }
    let pos: i64 = conn.query_row(
        "SELECT coalesce(max(position), 0) + 1 FROM collection_items WHERE collection_id = ?1",
        params![id],
        |r| r.get(0),
    )?;
    conn.execute(
        "INSERT INTO collection_items(collection_id, section_id, position, game_id, note, ply, created_at)
         VALUES (?1,?2,?3,?4,?5,?6,?7)",
        params![id, item.section, pos, item.game, note, item.ply, now()],
    )?;
    let iid = conn.last_insert_rowid();
    touch(conn, id)?;
    audit(
        conn,
        Some(&m),
        "collection.item.add",
        &format!("collection {id}"),
        &item
            .game
            .map(|g| format!("game {g}"))
            .unwrap_or_else(|| "note".into()),
    )?;
    Ok(iid)
}

/// Removes the items holding `game`. 404 when none does.
pub fn remove_game(conn: &Connection, m: &Member, id: i64, game: i64) -> Result<()> {
    remove_where(
        conn,
        m,
        id,
        "game_id",
        game,
        || format!("game {game} is not in collection {id}"),
        "game",
    )
}

/// Removes one item by its id. 404 when the collection has no such item.
pub fn remove_item(conn: &Connection, m: &Member, id: i64, item: i64) -> Result<()> {
    remove_where(
        conn,
        m,
        id,
        "id",
        item,
        || format!("collection {id} has no item {item}"),
        "item",
    )
}

/// Deletes the items of collection `id` whose `column` (a fixed name) is `value`, with an audit
/// entry naming `what value`.
fn remove_where(
    conn: &Connection,
    m: &Member,
    id: i64,
    column: &str,
    value: i64,
    missing: impl FnOnce() -> String,
    what: &str,
) -> Result<()> {
    let m = check_write(conn, id, Some(m))?;
    let n = conn.execute(
        &format!("DELETE FROM collection_items WHERE collection_id = ?1 AND {column} = ?2"),
        params![id, value],
    )?;
    if n == 0 {
        return Err(Error::NotFound(missing()));
    }
    touch(conn, id)?;
    audit(
        conn,
        Some(&m),
        "collection.item.remove",
        &format!("collection {id}"),
        &format!("{what} {value}"),
    )
}

pub fn edit_item(
    conn: &Connection,
    m: &Member,
    id: i64,
    item: i64,
    note: &str,
    ply: Option<i64>,
) -> Result<()> {
    let m = check_write(conn, id, Some(m))?;
    let note = check_text("a note", note, 10_000, false)?;
    let n = conn.execute(
        "UPDATE collection_items SET note = ?1, ply = ?2 WHERE collection_id = ?3 AND id = ?4",
        params![note, ply, id, item],
    )?;
    if n == 0 {
        return Err(Error::NotFound(format!(
            "collection {id} has no item {item}"
        )));
    }
    touch(conn, id)?;
    audit(
        conn,
        Some(&m),
        "collection.item.edit",
        &format!("collection {id}"),
        &format!("item {item}"),
    )
}

/// Puts the items in the given order (every item of the collection, each once).
pub fn reorder(conn: &Connection, m: &Member, id: i64, order: &[i64]) -> Result<()> {
    let m = check_write(conn, id, Some(m))?;
    let mut current: Vec<i64> = conn
        .prepare("SELECT id FROM collection_items WHERE collection_id = ?1")?
        .query_map(params![id], |r| r.get(0))?
        .collect::<std::result::Result<_, _>>()?;
    let mut given = order.to_vec();
    current.sort_unstable();
    given.sort_unstable();
    if current != given {
        return Err(Error::Conflict(
            "the order must list every item of the collection exactly once".into(),
        ));
    }
    for (i, item) in order.iter().enumerate() {
        conn.execute(
            "UPDATE collection_items SET position = ?1 WHERE id = ?2",
            params![i as i64 + 1, item],
        )?;
    }
    touch(conn, id)?;
    audit(
        conn,
        Some(&m),
        "collection.reorder",
        &format!("collection {id}"),
        "",
    )
}

/// Moves one item up (`delta` = -1) or down (+1).
pub fn move_item(conn: &Connection, m: &Member, id: i64, item: i64, delta: i64) -> Result<()> {
    let order: Vec<i64> = conn
        .prepare("SELECT id FROM collection_items WHERE collection_id = ?1 ORDER BY position, id")?
        .query_map(params![id], |r| r.get(0))?
        .collect::<std::result::Result<_, _>>()?;
    let Some(i) = order.iter().position(|x| *x == item) else {
        check_write(conn, id, Some(m))?;
        return Err(Error::NotFound(format!(
            "collection {id} has no item {item}"
        )));
    };
    let j = i as i64 + delta;
    if j < 0 || j >= order.len() as i64 {
        return reorder(conn, m, id, &order);
    }
    let mut order = order;
    order.swap(i, j as usize);
    reorder(conn, m, id, &order)
}

/// Copies a collection the member may read into the member's club (private).
pub fn clone_into(conn: &Connection, m: &Member, id: i64) -> Result<i64> {
    require(m, Role::Editor)?;
    check_read(conn, id, Some(m))?;
    let src = get(conn, id)?;
    let tx = conn.unchecked_transaction()?;
    let new = create(
        &tx,
        m,
        &format!("{} (copy)", src.name),
        &src.description,
        false,
    )?;
    let mut map = std::collections::HashMap::new();
    for s in &src.sections {
        tx.execute(
            "INSERT INTO collection_sections(collection_id, title, position) VALUES (?1,?2,?3)",
            params![new, s.title, s.position],
        )?;
        map.insert(s.id, tx.last_insert_rowid());
    }
    for it in &src.items {
        tx.execute(
            "INSERT INTO collection_items(collection_id, section_id, position, game_id, note, ply, created_at)
             VALUES (?1,?2,?3,?4,?5,?6,?7)",
            params![new, it.section.and_then(|s| map.get(&s).copied()), it.position, it.game, it.note, it.ply, now()],
        )?;
    }
    audit(
        &tx,
        Some(m),
        "collection.clone",
        &format!("collection {new}"),
        &format!("from collection {id}"),
    )?;
    tx.commit()?;
    Ok(new)
}

/// A collection with its sections and items (no permission check: see [`check_read`]).
pub fn get(conn: &Connection, id: i64) -> Result<Collection> {
    let mut c = conn
        .prepare_cached(
            "SELECT c.id, c.club_id, k.name, c.name, c.description, c.public, c.share_token, c.created_at, c.updated_at
             FROM collections c JOIN clubs k ON k.id = c.club_id WHERE c.id = ?1",
        )?
        .query_row(params![id], |r| {
            Ok(Collection {
                id: r.get(0)?,
                club_id: r.get(1)?,
                club: r.get(2)?,
                name: r.get(3)?,
                description: r.get(4)?,
                public: r.get(5)?,
                share: r.get(6)?,
                created_at: r.get(7)?,
                updated_at: r.get(8)?,
                sections: Vec::new(),
                items: Vec::new(),
            })
        })
        .optional()?
        .ok_or_else(|| Error::NotFound(format!("no collection {id}")))?;
    c.sections = conn
        .prepare_cached("SELECT id, title, position FROM collection_sections WHERE collection_id = ?1 ORDER BY position, id")?
        .query_map(params![id], |r| Ok(Section { id: r.get(0)?, title: r.get(1)?, position: r.get(2)? }))?
        .collect::<std::result::Result<_, _>>()?;
    c.items = conn
        .prepare_cached(
            "SELECT i.id, i.position, i.section_id, i.game_id, i.note, i.ply, g.title, g.kind
             FROM collection_items i LEFT JOIN games g ON g.id = i.game_id
             WHERE i.collection_id = ?1 ORDER BY i.position, i.id",
        )?
        .query_map(params![id], |r| {
            Ok(Item {
                id: r.get(0)?,
                position: r.get(1)?,
                section: r.get(2)?,
                game: r.get(3)?,
                note: r.get(4)?,
                ply: r.get(5)?,
                game_title: r.get(6)?,
                game_kind: r.get(7)?,
            })
        })?
        .collect::<std::result::Result<_, _>>()?;
    if !c.public {
        c.share = String::new();
    }
    Ok(c)
}

/// Collections `viewer` may see: every public one and their club's private ones.
pub fn list(conn: &Connection, viewer: Option<&Member>) -> Result<Vec<CollectionRow>> {
    let club = viewer.map(|m| m.club_id).unwrap_or(-1);
    let rows = conn
        .prepare(
            "SELECT c.id, k.name, c.name, c.description, c.public,
                    (SELECT count(*) FROM collection_items i WHERE i.collection_id = c.id)
             FROM collections c JOIN clubs k ON k.id = c.club_id
             WHERE c.public = 1 OR c.club_id = ?1 ORDER BY c.updated_at DESC, c.id DESC",
        )?
        .query_map(params![club], |r| {
            Ok(CollectionRow {
                id: r.get(0)?,
                club: r.get(1)?,
                name: r.get(2)?,
                description: r.get(3)?,
                public: r.get(4)?,
                items: r.get(5)?,
            })
        })?
        .collect::<std::result::Result<_, _>>()?;
    Ok(rows)
}

/// The collections holding a game that `viewer` may see: (id, name).
pub fn holding(
    conn: &Connection,
    game: i64,
    viewer: Option<&Member>,
) -> Result<Vec<(i64, String)>> {
    let club = viewer.map(|m| m.club_id).unwrap_or(-1);
    let rows = conn
        .prepare_cached(
            "SELECT DISTINCT c.id, c.name FROM collection_items i JOIN collections c ON c.id = i.collection_id
             WHERE i.game_id = ?1 AND (c.public = 1 OR c.club_id = ?2) ORDER BY c.name",
        )?
        .query_map(params![game, club], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<std::result::Result<_, _>>()?;
    Ok(rows)
}

/// The id of the public collection a share token names.
pub fn by_share(conn: &Connection, token: &str) -> Result<i64> {
    conn.query_row(
        "SELECT id FROM collections WHERE share_token = ?1 AND public = 1",
        params![token],
        |r| r.get(0),
    )
    .optional()?
    .ok_or_else(|| Error::NotFound("no public collection has this link".into()))
}

use crate::store::ingest::{NOTE_PREFIX, PLY_PREFIX, SECTION_PREFIX};

fn comment_text(s: &str) -> String {
    // Braces would end the comment early: replace them.
    s.replace('{', "(")
        .replace('}', ")")
        .replace(['\r', '\n'], " ")
}

/// The collection as a records file: each game's record as imported, with its note (and ply and
/// section) as comments before its body. Re-importing it gives back the same games and notes.
pub fn export_records(conn: &Connection, c: &Collection) -> Result<String> {
    let mut out = String::new();
    for it in &c.items {
        let Some(g) = it.game else { continue };
        let (raw, kind): (String, String) = conn.query_row(
            "SELECT raw, kind FROM games WHERE id = ?1",
            params![g],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        let mut comments = Vec::new();
        // a game with no tags: marked, or it would run into the game before when imported
        if !has_tag_block(&raw) {
            comments.push(format!("{} {kind}}}", annals_import::record::GAME_MARK));
        }
        if !it.note.is_empty() {
            comments.push(format!("{NOTE_PREFIX} {}}}", comment_text(&it.note)));
        }
        if let Some(p) = it.ply {
            comments.push(format!("{PLY_PREFIX} {p}}}"));
        }
        if let Some(s) = it
            .section
            .and_then(|s| c.sections.iter().find(|x| x.id == s))
        {
            comments.push(format!("{SECTION_PREFIX} {}}}", comment_text(&s.title)));
        }
        out.push_str(&insert_before_body(&raw, &comments));
        out.push_str("\n\n");
    }
    Ok(out)
}

/// A stored game's record as a file holds it: its raw text, marked with its kind when it has no
/// tags (`{annals-game: sanguo}`), so that importing it gives back the same game.
pub fn record_text(raw: &str, kind: &str) -> String {
    if has_tag_block(raw) {
        raw.to_string()
    } else {
        insert_before_body(
            raw,
            &[format!("{} {kind}}}", annals_import::record::GAME_MARK)],
        )
    }
}

/// Whether a raw game starts with a tag line (as `record::split_games` read it).
fn has_tag_block(raw: &str) -> bool {
    annals_import::record::split_games(raw)
        .first()
        .is_some_and(|g| !g.tags.is_empty())
}

/// Puts `lines` after the tag block (and its blank line) of a raw game.
fn insert_before_body(raw: &str, lines: &[String]) -> String {
    if lines.is_empty() {
        return raw.to_string();
    }
    let mut out = String::new();
    let mut inserted = false;
    let mut in_tags = true;
    for line in raw.split_inclusive('\n') {
        let t = line.trim();
        let is_tag = t.starts_with('[') && t.contains('"');
        if !inserted && in_tags && !is_tag && !t.is_empty() {
            for l in lines {
                out.push_str(l);
                out.push('\n');
            }
            inserted = true;
            in_tags = false;
        }
        out.push_str(line);
    }
    if !inserted {
        for l in lines {
            out.push('\n');
            out.push_str(l);
        }
    }
    out
}

/// The collection as CSV: position, section, game, title, kind, ply, note.
/// A CSV cell as a spreadsheet shows it as text: a value starting with `=`, `+`, `-` or `@` (a
/// formula to Excel, LibreOffice and Sheets) gets a leading `'`. Numbers (`-3`, `+1.5`) stay as
/// they are. Every CSV the service writes passes its text cells through here.
pub fn csv_cell(v: &str) -> std::borrow::Cow<'_, str> {
    let formula = v.starts_with(['=', '+', '-', '@']) && v.parse::<f64>().is_err();
    if formula {
        std::borrow::Cow::Owned(format!("'{v}"))
    } else {
        std::borrow::Cow::Borrowed(v)
    }
}

pub fn export_csv(c: &Collection) -> Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let e = |e: csv::Error| Error::Internal(format!("csv: {e}"));
    w.write_record([
        "position", "section", "game", "title", "kind", "ply", "note",
    ])
    .map_err(e)?;
    for it in &c.items {
        let section = it
            .section
            .and_then(|s| c.sections.iter().find(|x| x.id == s))
            .map(|s| s.title.clone());
        w.write_record([
            it.position.to_string(),
            csv_cell(&section.unwrap_or_default()).into_owned(),
            it.game.map(|g| g.to_string()).unwrap_or_default(),
            csv_cell(it.game_title.as_deref().unwrap_or_default()).into_owned(),
            it.game_kind.clone().unwrap_or_default(),
            it.ply.map(|p| p.to_string()).unwrap_or_default(),
            csv_cell(&it.note).into_owned(),
        ])
        .map_err(e)?;
    }
    w.into_inner()
        .map_err(|e| Error::Internal(format!("csv: {e}")))
}

/// Finds (or creates) the section titled `title` of collection `id`.
pub fn section_named(conn: &Connection, m: &Member, id: i64, title: &str) -> Result<i64> {
    let found: Option<i64> = conn
        .query_row(
            "SELECT id FROM collection_sections WHERE collection_id = ?1 AND title = ?2",
            params![id, title.trim()],
            |r| r.get(0),
        )
        .optional()?;
    match found {
        Some(s) => Ok(s),
        None => add_section(conn, m, id, title),
    }
}
