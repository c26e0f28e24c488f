//! The OpenAPI 3.1 document of the whole JSON API, served at `GET /api/openapi.json`.
//!
//! The document is written here in code, beside no handler, so that no handler file needs
//! annotations: a test (`tests/limits.rs`) checks that every `/api/…` route registered in
//! `src/web/mod.rs`, with each of its methods, is described here, and that the document reads as
//! a typed `utoipa::openapi::OpenApi`. `scripts/schemathesis.sh` runs a conformance check of the
//! running service against it.

use axum::Json;
use serde_json::{Map, Value, json};

use super::request::{MAX_BODY_BYTES, MAX_FILTER_CHARS, MAX_OFFSET, MAX_PAGE_SIZE};

fn error_response(what: &str) -> Value {
    json!({
        "description": what,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    })
}

fn ok(schema: Value) -> Value {
    json!({"description": "OK", "content": {"application/json": {"schema": schema}}})
}

fn obj(props: Value, required: &[&str]) -> Value {
    json!({"type": "object", "properties": props, "required": required})
}

fn schema_ref(name: &str) -> Value {
    json!({"$ref": format!("#/components/schemas/{name}")})
}

fn query(name: &str, schema: Value, required: bool, description: &str) -> Value {
    json!({"name": name, "in": "query", "required": required, "schema": schema, "description": description})
}

fn path_param(name: &str, schema: Value, description: &str) -> Value {
    json!({"name": name, "in": "path", "required": true, "schema": schema, "description": description})
}

fn id_param(name: &str, what: &str) -> Value {
    path_param(
        name,
        json!({"type": "integer", "format": "int64", "minimum": 1}),
        what,
    )
}

fn kind_param() -> Value {
    path_param(
        "kind",
        json!({"type": "string", "enum": ["hotw", "sanguo", "wec", "deluge"]}),
        "the kind of game",
    )
}

fn page_params(default_limit: usize, min_limit: usize) -> Vec<Value> {
    vec![
        query(
            "limit",
            json!({"type": "integer", "minimum": min_limit, "maximum": MAX_PAGE_SIZE, "default": default_limit}),
            false,
            "page size",
        ),
        query(
            "offset",
            json!({"type": "integer", "minimum": 0, "maximum": MAX_OFFSET, "default": 0}),
            false,
            "results to skip",
        ),
    ]
}

/// A text filter of a list: at most [`MAX_FILTER_CHARS`] characters.
fn filter_text() -> Value {
    json!({"type": "string", "maxLength": MAX_FILTER_CHARS})
}

fn kind_query() -> Value {
    query(
        "kind",
        json!({"type": "string", "enum": ["hotw", "sanguo", "wec", "deluge"]}),
        false,
        "restrict to one kind",
    )
}

/// One operation: summary, parameters, optional JSON body, the success response, error statuses.
fn op(
    summary: &str,
    params: Vec<Value>,
    body: Option<Value>,
    success: (&str, Value),
    errors: &[(&str, &str)],
) -> Value {
    let mut responses = Map::new();
    responses.insert(success.0.to_string(), success.1);
    for (code, what) in errors {
        responses.insert((*code).to_string(), error_response(what));
    }
    let mut o = json!({
        "summary": summary,
        "parameters": params,
        "responses": responses,
    });
    if let (Some(b), Some(m)) = (body, o.as_object_mut()) {
        m.insert(
            "requestBody".into(),
            json!({"required": true, "content": {"application/json": {"schema": b}}}),
        );
    }
    o
}

const BAD: (&str, &str) = ("400", "the request cannot be read");
const UNAUTH: (&str, &str) = ("401", "no credentials");
const FORBIDDEN: (&str, &str) = ("403", "credentials that do not allow this");
const NOT_FOUND: (&str, &str) = ("404", "no such thing (or not visible to the caller)");
const TOO_LARGE: (&str, &str) = ("413", "the body is over the size limit");

fn write_errors() -> [(&'static str, &'static str); 5] {
    [BAD, UNAUTH, FORBIDDEN, NOT_FOUND, TOO_LARGE]
}

fn schemas() -> Value {
    let game_summary = obj(
        json!({
            "id": {"type": "integer"}, "kind": {"type": "string"},
            "title": {"type": ["string", "null"]}, "date": {"type": ["string", "null"]},
            "event": {"type": ["string", "null"]}, "result": {"type": ["string", "null"]}
        }),
        &["id", "kind"],
    );
    let diagnostic = obj(
        json!({
            "line": {"type": "integer"}, "col": {"type": "integer"},
            "severity": {"type": "string", "enum": ["error", "warning", "info"]},
            "code": {"type": "string"}, "message": {"type": "string"}
        }),
        &["line", "col", "severity", "code", "message"],
    );
    let game = obj(
        json!({
            "id": {"type": "integer"}, "kind": {"type": "string"},
            "title": {"type": ["string", "null"]},
            "tags": {"type": "object", "additionalProperties": {"type": "string"}},
            "players": {"type": "array", "items": obj(json!({
                "seat": {"type": "string"}, "name": {"type": ["string", "null"]},
                "color": {"type": ["string", "null"]}
            }), &["seat"])},
            "result": {"type": ["string", "null"]},
            "diagnostics": {"type": "array", "items": schema_ref("Diagnostic")},
            "raw": {"type": "string"},
            "moves": {"type": "array", "items": {"type": "object"},
                      "description": "by kind: see README.md"}
        }),
        &[
            "id",
            "kind",
            "title",
            "tags",
            "players",
            "result",
            "diagnostics",
            "raw",
            "moves",
        ],
    );
    let hit = obj(
        json!({
            "id": {"type": "integer"}, "kind": {"type": "string"},
            "title": {"type": ["string", "null"]}, "score": {"type": "number"},
            "snippet": {"type": ["string", "null"]}
        }),
        &["id", "kind", "score"],
    );
    let collection = obj(
        json!({
            "id": {"type": "integer"}, "club_id": {"type": "integer"}, "club": {"type": "string"},
            "name": {"type": "string"}, "description": {"type": "string"},
            "public": {"type": "boolean"}, "share": {"type": "string"},
            "created_at": {"type": "string"}, "updated_at": {"type": "string"},
            "sections": {"type": "array", "items": {"type": "object"}},
            "items": {"type": "array", "items": {"type": "object"}}
        }),
        &["id", "name", "public", "items"],
    );
    json!({
        "Error": obj(json!({"error": {"type": "string"}}), &["error"]),
        "GameSummary": game_summary,
        "Diagnostic": diagnostic,
        "Game": game,
        "Hit": hit,
        "Collection": collection,
        "NewCollection": {
            "type": "object", "additionalProperties": false, "required": ["name"],
            "properties": {"name": {"type": "string", "maxLength": 200, "pattern": "\\S"},
                           "description": {"type": "string", "maxLength": 5000},
                           "public": {"type": "boolean"}}
        },
        "CollectionPatch": {
            "type": "object", "additionalProperties": false,
            "description": "Each field is optional; null is the same as leaving it out.",
            "properties": {"name": {"type": ["string", "null"], "maxLength": 200, "pattern": "\\S"},
                           "description": {"type": ["string", "null"], "maxLength": 5000},
                           "public": {"type": ["boolean", "null"]}}
        },
        "NewItem": {
            "type": "object", "additionalProperties": false,
            "description": "game, ply and section may be null, the same as leaving them out; an item needs a game or a note.",
            "anyOf": [{"required": ["game"], "properties": {"game": {"type": "integer"}}},
                      {"required": ["note"], "properties": {"note": {"type": "string", "pattern": "\\S"}}}],
            "properties": {"game": {"type": ["integer", "null"], "minimum": 1, "maximum": i64::MAX},
                           "note": {"type": "string"},
                           "ply": {"type": ["integer", "null"], "minimum": 0, "maximum": 100_000},
                           "section": {"type": ["integer", "null"], "minimum": 1, "maximum": i64::MAX}}
        },
        "Order": {
            "type": "object", "additionalProperties": false, "required": ["items"],
            "properties": {"items": {"type": "array", "items": {"type": "integer", "minimum": i64::MIN, "maximum": i64::MAX}}}
        },
        "NewSection": {
            "type": "object", "additionalProperties": false, "required": ["title"],
            "properties": {"title": {"type": "string", "pattern": "\\S"}}
        },
        "NewMember": {
            "type": "object", "additionalProperties": false, "required": ["name", "role"],
            "properties": {"name": {"type": "string", "maxLength": 100,
                                    "pattern": "^[^\\x00-\\x1f\\x7f-\\x9f]*[^\\s\\x00-\\x1f\\x7f-\\x9f][^\\x00-\\x1f\\x7f-\\x9f]*$"},
                           "role": {"type": "string", "enum": ["admin", "editor", "viewer"]},
                           "password": {"type": "string", "minLength": 8}}
        },
        "Merge": {
            "type": "object", "additionalProperties": false, "required": ["into", "from"],
            "properties": {"into": {"type": "integer", "minimum": 1, "maximum": i64::MAX}, "from": {"type": "integer", "minimum": 1, "maximum": i64::MAX}},
            "description": "two different ids"
        },
        "Alias": {
            "type": "object", "additionalProperties": false, "required": ["alias"],
            "properties": {"alias": {"type": "string", "pattern": "\\w"}, "year": {"type": "integer", "minimum": 0, "maximum": 9999}}
        },
        "Split": {
            "type": "object", "additionalProperties": false, "required": ["name", "games"],
            "properties": {"name": {"type": "string", "pattern": "\\S"},
                           "games": {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": i64::MAX}}}
        },
        "EventPatch": {
            "type": "object", "additionalProperties": false,
            "properties": {"name": {"type": "string"}, "site": {"type": "string"},
                           "format": {"type": "string"}, "organiser": {"type": "string"},
                           "scoring": {"type": "object"}}
        },
        "NewToken": {
            "type": "object", "additionalProperties": false, "required": ["member"],
            "properties": {"member": {"type": "integer", "minimum": 1, "maximum": i64::MAX}, "label": {"type": "string"}}
        }
    })
}

/// The paths that read the archive: games, search, statistics, the explorer.
fn read_paths() -> Value {
    let any = json!({"type": "object"});
    let mut search_params = vec![
        query(
            "q",
            json!({"type": "string", "minLength": 1, "maxLength": crate::store::index::query::MAX_QUERY_CHARS}),
            true,
            "the search query (README.md's language)",
        ),
        kind_query(),
    ];
    search_params.extend(page_params(20, 0));
    let mut games_params = vec![
        kind_query(),
        query("q", filter_text(), false, "words in the title"),
        query("event", filter_text(), false, "event name"),
        query("player", filter_text(), false, "player name"),
        query("empire", filter_text(), false, "HotW empire"),
        query(
            "year",
            json!({"type": "integer", "minimum": 0, "maximum": 9999}),
            false,
            "year played",
        ),
    ];
    games_params.extend(page_params(50, 1));
    let stats_filter = || vec![query("event", filter_text(), false, "event name")];
    json!({
        "/api/games": {"get": op("List games", games_params,
            None, ("200", ok(obj(json!({"total": {"type": "integer"},
                "games": {"type": "array", "items": schema_ref("GameSummary")}}), &["total", "games"]))), &[BAD])},
        "/api/games/{id}": {"get": op("One game, parsed", vec![id_param("id", "a game id")],
            None, ("200", ok(schema_ref("Game"))), &[BAD, NOT_FOUND])},
        "/api/games/{id}/record": {"get": op("One game's record as imported (a download)",
            vec![id_param("id", "a game id")], None,
            ("200", json!({"description": "the record", "content": {"text/plain": {"schema": {"type": "string"}}}})),
            &[BAD, NOT_FOUND])},
        "/api/search": {"get": op("Search", search_params, None,
            ("200", ok(obj(json!({"total": {"type": "integer"},
                "hits": {"type": "array", "items": schema_ref("Hit")},
                "facets": {"type": "object"}}), &["total", "hits"]))), &[BAD])},
        "/api/stats/hotw/empires": {"get": op("HotW empire statistics", with_lang(stats_filter()), None,
            ("200", ok(obj(json!({"empires": {"type": "array", "items": {"type": "object"}}}), &["empires"]))), &[BAD, NOT_FOUND])},
        "/api/stats/hotw/cards": {"get": op("HotW card statistics", with_lang(stats_filter()), None,
            ("200", ok(obj(json!({"cards": {"type": "array", "items": {"type": "object"}}}), &["cards"]))), &[BAD, NOT_FOUND])},
        "/api/stats/{kind}": {"get": op("Statistics of one kind", {
                let mut v = vec![kind_param()]; v.extend(stats_filter()); v }, None,
            ("200", ok(any.clone())), &[BAD, NOT_FOUND])},
        "/api/explorer/{kind}": {"get": op("Opening explorer", vec![path_param("kind",
                json!({"type": "string", "enum": ["hotw", "sanguo", "wec"]}), "the kind of game"),
                query("moves", json!({"type": "string"}), false, "moves so far, comma-separated, in the record's notation"),
                query("event", filter_text(), false, "event name")], None,
            ("200", ok(obj(json!({"games": {"type": "integer"}}), &["games"]))), &[BAD, NOT_FOUND])}
    })
}

/// The paths of collections.
fn collection_paths() -> Value {
    let any = json!({"type": "object"});
    let coll_id = || id_param("id", "a collection id");
    json!({
        "/api/collections": {
            "get": op("Collections visible to the caller", vec![], None,
                ("200", ok(any.clone())), &[BAD, UNAUTH]),
            "post": op("Create a collection", vec![], Some(schema_ref("NewCollection")),
                ("201", ok(schema_ref("Collection"))), &write_errors())
        },
        "/api/collections/{id}": {
            "get": op("One collection", vec![coll_id()], None,
                ("200", ok(schema_ref("Collection"))), &[BAD, UNAUTH, NOT_FOUND]),
            "patch": op("Change a collection", vec![coll_id()], Some(schema_ref("CollectionPatch")),
                ("200", ok(schema_ref("Collection"))), &write_errors()),
            "delete": op("Delete a collection", vec![coll_id()], None,
                ("204", json!({"description": "deleted"})), &write_errors())
        },
        "/api/collections/{id}/items": {"post": op("Add a game (or a note) to a collection",
            vec![coll_id()], Some(schema_ref("NewItem")), ("201", ok(any.clone())), &write_errors())},
        "/api/collections/{id}/items/{game}": {"delete": op("Remove a game from a collection",
            vec![coll_id(), id_param("game", "a game id")], None, ("204", json!({"description": "removed"})), &write_errors())},
        "/api/collections/{id}/order": {"put": op("Reorder the items", vec![coll_id()],
            Some(schema_ref("Order")), ("200", ok(schema_ref("Collection"))), &write_errors())},
        "/api/collections/{id}/sections": {"post": op("Add a section", vec![coll_id()],
            Some(schema_ref("NewSection")), ("201", ok(any.clone())), &write_errors())},
        "/api/collections/{id}/clone": {"post": op("Copy a collection into the caller's club",
            vec![coll_id()], None, ("201", ok(schema_ref("Collection"))), &write_errors())},
        "/api/collections/{id}/publish": {"post": op(
            "Publish the games imported into a private collection: they join the lists and the search (an editor of its club)",
            vec![coll_id()], None,
            ("200", ok(obj(json!({"published": {"type": "integer"}}), &["published"]))), &write_errors())},
        "/api/collections/{id}/import": {"post": {
            "summary": "Import a records file into a collection",
            "parameters": [coll_id()],
            "requestBody": {"required": true, "content": {"text/plain": {"schema": {"type": "string",
                "minLength": 1, "maxLength": MAX_BODY_BYTES}}}},
            "responses": {"200": ok(any.clone()), "400": error_response(BAD.1), "401": error_response(UNAUTH.1),
                "403": error_response(FORBIDDEN.1), "404": error_response(NOT_FOUND.1), "413": error_response(TOO_LARGE.1)}
        }},
        "/api/collections/{id}/{format}": {"get": {
            "summary": "Export a collection",
            "parameters": [coll_id(), path_param("format", json!({"type": "string",
                "enum": ["export.records", "export.txt", "export.csv"]}), "the export format")],
            "responses": {
                "200": {"description": "the export", "content": {
                    "text/plain": {"schema": {"type": "string"}}, "text/csv": {"schema": {"type": "string"}}}},
                "400": error_response(BAD.1), "401": error_response(UNAUTH.1),
                "404": error_response(NOT_FOUND.1)
            }
        }}
    })
}

/// The paths of a club: members, tokens, the audit log, and the import runs.
fn club_paths() -> Value {
    let any = json!({"type": "object"});
    json!({
        "/api/members": {"post": op("Add a member to the caller's club (admin)", vec![],
            Some(schema_ref("NewMember")), ("201", ok(any.clone())), &write_errors())},
        "/api/tokens": {"post": op("Issue a token for a member (admin)", vec![],
            Some(schema_ref("NewToken")), ("201", ok(any.clone())), &write_errors())},
        "/api/tokens/{id}": {"delete": op("Revoke a token (admin)", vec![id_param("id", "a token id")],
            None, ("204", json!({"description": "revoked"})), &write_errors())},
        "/api/audit": {"get": op("The club's audit log (admin)", vec![], None,
            ("200", ok(any.clone())), &[UNAUTH, FORBIDDEN])},
        "/api/me": {"get": op("Who the credentials belong to", vec![], None,
            ("200", ok(any.clone())), &[UNAUTH])},
        "/api/imports": {"get": op("Import runs, newest first, with the problems each recorded",
            page_params(20, 1), None,
            ("200", ok(obj(json!({"total": {"type": "integer"},
                "imports": {"type": "array", "items": {"type": "object"}}}), &["total", "imports"]))), &[BAD])}
    })
}

/// The paths of the name authority (events, players), and of this document.
fn people_paths() -> Value {
    let any = json!({"type": "object"});
    json!({
        "/api/events": {"get": op("Events", vec![], None,
            ("200", ok(obj(json!({"events": {"type": "array", "items": {"type": "object"}}}), &["events"]))), &[])},
        "/api/events/merge": {"post": op("Merge two events (admin)", vec![], Some(schema_ref("Merge")),
            ("204", json!({"description": "merged"})), &write_errors())},
        "/api/events/{id}": {
            "get": op("One event with its games and standings", vec![id_param("id", "an event id")], None,
                ("200", ok(obj(json!({"id": {"type": "integer"}, "name": {"type": "string"},
                    "games": {"type": "array"}, "standings": {"type": "array"}}), &["id", "name"]))),
                &[BAD, NOT_FOUND]),
            "patch": op("Change an event (admin)", vec![id_param("id", "an event id")],
                Some(schema_ref("EventPatch")), ("200", ok(any.clone())), &write_errors())
        },
        "/api/events/{id}/aliases": {"post": op("Add an alias of an event's name (admin)",
            vec![id_param("id", "an event id")], Some(schema_ref("Alias")),
            ("204", json!({"description": "added"})), &write_errors())},
        "/api/players": {"get": op("Players", vec![query("q", filter_text(), false, "name filter"), query("name", filter_text(), false, "name filter, when q is not given")],
            None, ("200", ok(any.clone())), &[BAD])},
        "/api/players/merge": {"post": op("Merge two players (admin)", vec![], Some(schema_ref("Merge")),
            ("204", json!({"description": "merged"})), &write_errors())},
        "/api/merges": {"get": op("Merges of players and events, newest first (admin)", vec![], None,
            ("200", ok(obj(json!({"merges": {"type": "array", "items": {"type": "object"}}}), &["merges"]))), &[UNAUTH])},
        "/api/merges/{id}/undo": {"post": op("Undo a merge (admin)", vec![id_param("id", "a merge id")], None,
            ("204", json!({"description": "undone"})), &write_errors())},
        "/api/players/{id}": {"get": op("One player", vec![id_param("id", "a player id")], None,
            ("200", ok(any.clone())), &[BAD, NOT_FOUND])},
        "/api/players/{id}/aliases": {"post": op("Add an alias of a player's name (admin)",
            vec![id_param("id", "a player id")], Some(schema_ref("Alias")),
            ("204", json!({"description": "added"})), &write_errors())},
        "/api/players/{id}/split": {"post": op("Split games off a player into a new one (admin)",
            vec![id_param("id", "a player id")], Some(schema_ref("Split")),
            ("201", ok(obj(json!({"id": {"type": "integer"}}), &["id"]))), &write_errors())},
        "/api/openapi.json": {"get": op("This document", vec![], None,
            ("200", ok(any.clone())), &[])}
    })
}

/// A record text as a request body: any notation the import reads, in any encoding it reads.
fn record_text(
    summary: &str,
    params: Vec<Value>,
    success: (&str, Value),
    errors: &[(&str, &str)],
) -> Value {
    let mut o = op(summary, params, None, success, errors);
    if let Some(m) = o.as_object_mut() {
        m.insert(
            "requestBody".into(),
            // Text: control characters (but tab, line breaks and form feed) make a binary file.
            json!({"required": true, "content": {"text/plain": {"schema": {"type": "string",
                "minLength": 1, "maxLength": MAX_BODY_BYTES,
                "pattern": "^[^\\u0000-\\u0008\\u000b\\u000e-\\u001f\\u007f-\\u009f]*$"}}}}),
        );
    }
    o
}

/// The paths of the transcription desk: previews, new records, corrections and their versions.
fn desk_paths() -> Value {
    let kind = query(
        "kind",
        json!({"type": "string", "enum": ["hotw", "sanguo", "wec", "deluge"]}),
        false,
        "the kind of games whose tags do not say",
    );
    let version = obj(
        json!({"version": {"type": "integer"}, "at": {"type": "string"},
               "by": {"type": "string"}, "note": {"type": "string"}}),
        &["version", "at", "by", "note"],
    );
    let mut paths = json!({
        "/api/preview": {"post": record_text("Read a record text as an import would; nothing is stored",
            vec![kind.clone()],
            ("200", ok(obj(json!({
                "games": {"type": "array", "items": {"type": "object",
                    "description": "each game as GET /api/games/{id} shows it, with a null id"}},
                "rejected": {"type": "array", "items": {"type": "object"}},
                "diagnostics": {"type": "array", "items": schema_ref("Diagnostic")},
                "encoding": {"type": "string"}}), &["games", "diagnostics"]))),
            &[BAD, TOO_LARGE])},
        "/api/games": {"post": record_text("Store new records (an editor or admin)", vec![kind.clone()],
            ("201", ok(obj(json!({
                "games": {"type": "array", "items": obj(json!({"id": {"type": ["integer", "null"]},
                    "status": {"type": "string", "enum": ["imported", "duplicate", "rejected"]}}), &["id", "status"])},
                "diagnostics": {"type": "array", "items": {"type": "object"}}}), &["games"]))),
            &[BAD, UNAUTH, FORBIDDEN, TOO_LARGE])},
        "/api/games/{id}": {"put": record_text("Correct a game: its whole text, stored as its next version (an editor or admin)",
            vec![id_param("id", "a game id"), kind,
                 query("note", filter_text(), false, "what was corrected")],
            ("200", ok(obj(json!({"id": {"type": "integer"}, "version": {"type": "integer"}}), &["id", "version"]))),
            &write_errors())},
        "/api/games/{id}/versions": {"get": op("The versions of a game's text, oldest first",
            vec![id_param("id", "a game id")], None,
            ("200", ok(json!({"type": "array", "items": version}))), &[BAD, NOT_FOUND])},
        "/api/games/{id}/versions/{n}": {"get": {
            "summary": "The text of one version, byte for byte as stored",
            "parameters": [id_param("id", "a game id"), id_param("n", "a version number")],
            "responses": {"200": {"description": "OK", "content": {"text/plain": {"schema": {"type": "string"}}}},
                "400": error_response(BAD.1), "404": error_response(NOT_FOUND.1)}
        }}
    });
    // A text with no game to store: 200, the same document (every game rejected, and why).
    let stored = paths["/api/games"]["post"]["responses"]["201"].clone();
    if let Some(r) = paths["/api/games"]["post"]["responses"].as_object_mut() {
        let mut nothing = stored;
        nothing["description"] = json!("nothing was stored: the diagnostics say why");
        r.insert("200".into(), nothing);
    }
    paths
}

/// The whole document.
pub fn document() -> Value {
    let mut paths = Map::new();
    for part in [
        read_paths(),
        collection_paths(),
        club_paths(),
        people_paths(),
    ] {
        if let Value::Object(m) = part {
            paths.extend(m);
        }
    }
    // The desk's operations, some on paths that also read (a path's methods are merged).
    if let Value::Object(m) = desk_paths() {
        for (path, methods) in m {
            match (paths.get_mut(&path), methods) {
                (Some(Value::Object(have)), Value::Object(more)) => have.extend(more),
                (_, methods) => {
                    paths.insert(path, methods);
                }
            }
        }
    }
    declare_security(&mut paths);
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "annals",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "The JSON API of annals, a record archive for historical board games. \
                Errors are JSON {\"error\": \"…\"}. Writes need `Authorization: Bearer TOKEN` of a \
                member of the owning club, or the session cookie with its CSRF token in X-CSRF-Token \
                from this site's Origin. Events and players are written by curators only. An integer \
                field takes a number with no fraction (24302.0 is 24302)."
        },
        "paths": paths,
        "components": {
            "schemas": schemas(),
            "securitySchemes": {
                "bearer": {"type": "http", "scheme": "bearer",
                    "description": "an API token of a member (annals club add, POST /api/tokens, annals curator add)"},
                "cookie": {"type": "apiKey", "in": "cookie", "name": super::session::SESSION_COOKIE,
                    "description": "a web session (POST /login)"},
                "csrf": {"type": "apiKey", "in": "header", "name": "X-CSRF-Token",
                    "description": "the session's CSRF token: with the cookie, every write needs it and a same-origin Origin"}
            }
        }
    })
}

/// Reads that answer differently to a member (their club's private collections, who they are,
/// their club's log): a token or a session is optional or needed, never the CSRF header.
const MEMBER_READS: &[&str] = &["/api/collections", "/api/me", "/api/audit"];

/// Each operation's `security`: writes take a bearer token, or the session cookie with the CSRF
/// header; member reads a token or the cookie (or nothing, where anyone may read); the rest
/// nothing. Writes also declare the 415 of a body of another type.
fn declare_security(paths: &mut Map<String, Value>) {
    for (path, item) in paths.iter_mut() {
        let Value::Object(methods) = item else {
            continue;
        };
        for (method, op) in methods.iter_mut() {
            let Value::Object(op) = op else { continue };
            let write = method != "get";
            // A preview stores nothing: anyone may ask for one.
            let security = if path == "/api/preview" {
                json!([])
            } else if write {
                json!([{"bearer": []}, {"cookie": [], "csrf": []}])
            } else if MEMBER_READS.iter().any(|p| path.starts_with(p)) {
                if path == "/api/me" || path == "/api/audit" {
                    json!([{"bearer": []}, {"cookie": []}])
                } else {
                    json!([{}, {"bearer": []}, {"cookie": []}])
                }
            } else {
                json!([])
            };
            op.insert("security".into(), security);
            if write && let Some(Value::Object(r)) = op.get_mut("responses") {
                r.insert(
                    "409".into(),
                    error_response(
                        "the request clashes with what is stored (a name taken, a stale order)",
                    ),
                );
            }
            if write
                && op.contains_key("requestBody")
                && let Some(Value::Object(r)) = op.get_mut("responses")
            {
                r.insert(
                    "415".into(),
                    error_response("the body is not of a type this write takes"),
                );
            }
        }
    }
}

/// `GET /api/openapi.json`
pub async fn serve() -> Json<Value> {
    Json(document())
}

/// The optional `?lang=` of the endpoints that add display names beside their codes.
fn with_lang(mut params: Vec<Value>) -> Vec<Value> {
    params.push(query(
        "lang",
        json!({"type": "string", "enum": ["en", "zh-Hant", "zh-Hans", "ko"]}),
        false,
        "adds a `name` beside each code, in this language",
    ));
    params
}
