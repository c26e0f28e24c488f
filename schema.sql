-- annals: the one DDL. SQLite is the source of truth; the tantivy index is derived from these tables.
-- Applied with `CREATE ... IF NOT EXISTS` at every open; `schema_version` in `meta` tracks changes.

PRAGMA foreign_keys = ON;

CREATE TABLE IF NOT EXISTS meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- One row per game, whatever its kind. `raw` is the game's text exactly as imported (after
-- transcoding to UTF-8). The normalized body (import crate `Body`) is not stored: it is a pure
-- function of `raw`, `kind` and `source_line`, and pages re-parse it (`src/ingest.rs::reparse`,
-- well under a millisecond a game), which keeps a game at about a tenth of the bytes. The per-kind
-- tables below hold the same moves in a form SQL can query.
CREATE TABLE IF NOT EXISTS games (
    id            INTEGER PRIMARY KEY,
    -- (The CHECKs on the tables written per game compare with `=`: SQLite makes an `IN` list of
    -- three or more values into a temporary table at every insert, a fifth of a bulk import's
    -- SQLite work.)
    kind          TEXT NOT NULL CHECK (kind = 'hotw' OR kind = 'sanguo' OR kind = 'wec' OR kind = 'deluge'),
    title         TEXT,
    event         TEXT,
    site          TEXT,
    date          TEXT,
    year          INTEGER,
    round         TEXT,
    result        TEXT,             -- outcome summary: 'C 230', '魏胜', 'Black wins'
    winners       TEXT NOT NULL,    -- seats that won, space-separated
    draw          TEXT NOT NULL,    -- seats that shared a draw, space-separated
    content_hash  TEXT NOT NULL,    -- unique: games_content_hash below
    source_file   TEXT NOT NULL,
    source_line   INTEGER NOT NULL,
    encoding      TEXT NOT NULL,
    raw           TEXT NOT NULL,
    move_count    INTEGER NOT NULL,
    errors        INTEGER NOT NULL,
    warnings      INTEGER NOT NULL,
    imported_at   TEXT NOT NULL,
    event_id      INTEGER REFERENCES events(id)
);
-- A game's identity for duplicate detection (`ingest::content_hash`). A unique index of its own, not
-- a column constraint (as until schema 7), so that a bulk import can drop it and build it once at
-- its end: kept up to date game by game, its random keys made a page write of each game's commit.
CREATE UNIQUE INDEX IF NOT EXISTS games_content_hash ON games(content_hash);
CREATE INDEX IF NOT EXISTS games_kind_id ON games(kind, id);
CREATE INDEX IF NOT EXISTS games_event_id ON games(event_id);
CREATE INDEX IF NOT EXISTS games_event ON games(event);
CREATE INDEX IF NOT EXISTS games_year ON games(year);

-- Tournaments. Games join an event through their Event/Site/Date tags; spelling variants merge
-- through `event_aliases` (keys made by `src/people.rs::event_key`), which admins may edit.
-- `scoring` is the event's scoring scheme as JSON (NULL: the kind's default, see README).
CREATE TABLE IF NOT EXISTS events (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    site       TEXT,
    start_date TEXT,
    end_date   TEXT,
    rounds     INTEGER,
    format     TEXT,
    organiser  TEXT,
    scoring    TEXT
);
CREATE TABLE IF NOT EXISTS event_aliases (
    key      TEXT PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    alias    TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS event_aliases_event ON event_aliases(event_id);

-- Tag pairs in file order (names as written; look them up case-insensitively).
CREATE TABLE IF NOT EXISTS tags (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    name    TEXT NOT NULL,
    value   TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- People, one row per distinct name as written (the name authority of the tournaments issue builds
-- aliases on top of this).
CREATE TABLE IF NOT EXISTS players (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);
-- Spellings of a player's name (keys made by `src/people.rs::player_key`: case, spacing, width and
-- traditional/simplified folded); admins add romanizations and nicknames, merge and split players.
CREATE TABLE IF NOT EXISTS player_aliases (
    key       TEXT PRIMARY KEY,
    player_id INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    alias     TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS player_aliases_player ON player_aliases(player_id);
-- Ratings and other per-event facts from tournament CSV files.
CREATE TABLE IF NOT EXISTS ratings (
    player_id INTEGER NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    event_id  INTEGER REFERENCES events(id) ON DELETE CASCADE,
    rating    REAL NOT NULL
);

-- Seats of a game: HotW A..F, 三国 吴/魏/蜀, WEC B/W.
CREATE TABLE IF NOT EXISTS seats (
    game_id   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat      TEXT NOT NULL,
    seq       INTEGER NOT NULL,         -- order of the seats as the game lists them
    player_id INTEGER REFERENCES players(id),
    color     TEXT,
    final_score INTEGER,                -- HotW: the seat's last recorded total
    placing   INTEGER,                  -- HotW: 1 + number of seats with a higher final score
    outcome   TEXT CHECK (outcome = 'win' OR outcome = 'draw' OR outcome = 'loss'),  -- 三国 / WEC, when the record tells
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS seats_player ON seats(player_id);

CREATE TABLE IF NOT EXISTS diagnostics (
    game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,
    line     INTEGER NOT NULL,
    col      INTEGER NOT NULL,
    severity TEXT NOT NULL CHECK (severity = 'error' OR severity = 'warning' OR severity = 'info'),
    code     TEXT NOT NULL,
    message  TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS diagnostics_code ON diagnostics(code);

-- Each run of `annals import` and what it could not store: rejected files and games, and text of a
-- file in no game (a preamble before its first game, a signature after its last).
CREATE TABLE IF NOT EXISTS imports (
    id          INTEGER PRIMARY KEY,
    started_at  TEXT NOT NULL,
    finished_at TEXT,
    imported    INTEGER NOT NULL DEFAULT 0,
    duplicates  INTEGER NOT NULL DEFAULT 0,
    rejected    INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS import_problems (
    import_id INTEGER NOT NULL REFERENCES imports(id) ON DELETE CASCADE,
    file      TEXT NOT NULL,
    line      INTEGER NOT NULL,
    col       INTEGER NOT NULL,
    severity  TEXT NOT NULL,
    code      TEXT NOT NULL,
    message   TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS import_problems_import ON import_problems(import_id);

-- The moves of a game, one row per game and kind, packed as a JSON array of positional arrays (one
-- per turn, ply or order): a game's moves are written and read together, and a row per move made
-- the move rows 40% of an import's rows and half the database. Each packed table has a view of the
-- old row-per-move shape (hotw_turns, sanguo_moves, wec_turns, deluge_orders) that expands it with
-- json_each, for ad-hoc SQL and the statistics' reference scans (`src/stats.rs::scan`); a query that
-- joins a view on game_id reads one packed row per game. A game with no moves has no row.
-- `moves` is SQLite's binary JSON (JSONB, a BLOB written by `src/jsonb.rs`), a third smaller than
-- the text for HotW and a sixth for 三国 and WEC; rows stored before 5 Dec 2026 are JSON text.
-- SQLite's JSON functions read both alike: `json(moves)` gives the text, `moves ->> 0` the first move.
-- (JSONB needs SQLite 3.45 or later to be read; annals bundles its own.)
--
-- HotW: per empire turn [epoch, player, empire, minor (0/1), score, gain, line, cards,
-- card_details, expansions, builds] (score and gain may be null), where
--   cards:        card codes in play order, e.g. ["CivilS","Lead"]
--   card_details: null when no card of the turn has an argument, else aligned with cards,
--                 e.g. [null,"+2"]
--   expansions:   [from, via, to, battle, builds] each, in recorded order; via (seas), battle
--                 (tokens V, X, =, ...) and builds are space-separated, e.g. [["Balk","","Anat","V","F"]]
--   builds:       [region, items] each, items space-separated, e.g. [["Anat","F"]]
-- `empires` lists the game's empires, space-separated, each once (the game list's empire filter).
-- E.g. the turns that played Civil Service:
--   SELECT t.* FROM hotw_turns t WHERE EXISTS (SELECT 1 FROM json_each(t.cards) WHERE value = 'CivilS').
CREATE TABLE IF NOT EXISTS hotw_packed (
    game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    empires TEXT NOT NULL,
    moves   BLOB NOT NULL
);
CREATE VIEW IF NOT EXISTS hotw_turns (game_id, seq, epoch, player, empire, minor, score, gain, line,
    cards, card_details, expansions, builds) AS
    SELECT p.game_id, t.key, t.value ->> 0, t.value ->> 1, t.value ->> 2, t.value ->> 3,
           t.value ->> 4, t.value ->> 5, t.value ->> 6, t.value ->> 7, t.value ->> 8,
           t.value ->> 9, t.value ->> 10
    FROM hotw_packed p, json_each(p.moves) t;

-- 三国: per move made [ply, round, side, notation, piece, from_y, from_x, to_y, to_x,
-- capture_piece, capture_side, events] (the capture null when none; events a JSON array).
CREATE TABLE IF NOT EXISTS sanguo_packed (
    game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    moves   BLOB NOT NULL
);
CREATE VIEW IF NOT EXISTS sanguo_moves (game_id, ply, round, side, notation, piece, from_y, from_x,
    to_y, to_x, capture_piece, capture_side, events) AS
    SELECT p.game_id, t.value ->> 0, t.value ->> 1, t.value ->> 2, t.value ->> 3, t.value ->> 4,
           t.value ->> 5, t.value ->> 6, t.value ->> 7, t.value ->> 8, t.value ->> 9,
           t.value ->> 10, t.value ->> 11
    FROM sanguo_packed p, json_each(p.moves) t;

-- 三国 title events (who allied, killed Han, eliminated whom, won, drew).
CREATE TABLE IF NOT EXISTS sanguo_title_events (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    type    TEXT NOT NULL,
    by_side TEXT,
    sides   TEXT NOT NULL,          -- the other sides named, space-separated
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- WEC: per turn string [ply, color, notation, piece, from_level, from_row, from_col, to_level,
-- to_row, to_col].
CREATE TABLE IF NOT EXISTS wec_packed (
    game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    moves   BLOB NOT NULL
);
CREATE VIEW IF NOT EXISTS wec_turns (game_id, ply, color, notation, piece, from_level, from_row,
    from_col, to_level, to_row, to_col) AS
    SELECT p.game_id, t.value ->> 0, t.value ->> 1, t.value ->> 2, t.value ->> 3, t.value ->> 4,
           t.value ->> 5, t.value ->> 6, t.value ->> 7, t.value ->> 8, t.value ->> 9
    FROM wec_packed p, json_each(p.moves) t;

-- Deluge: per order, in record order (the `moves` of a Deluge game), [phase, year, season,
-- power, unit, location, kind, target, via, result] (unit, location, target and result may be
-- null; via is space-separated).
CREATE TABLE IF NOT EXISTS deluge_packed (
    game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    moves   BLOB NOT NULL
);
CREATE VIEW IF NOT EXISTS deluge_orders (game_id, seq, phase, year, season, power, unit, location,
    kind, target, via, result) AS
    SELECT p.game_id, t.key, t.value ->> 0, t.value ->> 1, t.value ->> 2, t.value ->> 3,
           t.value ->> 4, t.value ->> 5, t.value ->> 6, t.value ->> 7, t.value ->> 8, t.value ->> 9
    FROM deluge_packed p, json_each(p.moves) t;

-- The opening explorer's tree (src/explorer.rs), kept up to date at every insert and delete, pruned:
-- a node for each move prefix (its hash, `parent`) and next move that two or more games played
-- and, below such a node or at the root, a node for each move where a single game goes on alone,
-- which names that game (`game`; its later moves are in its packed row). For each node, how many
-- games played it and how they ended: results are counted per side in the kind's seat order
-- (三国 吴 魏 蜀; WEC B W); `draws` counts games drawn (or partly drawn), `unknown` games whose
-- result the record does not give. `newest` is the highest game id under the node.
CREATE TABLE IF NOT EXISTS explorer_nodes (
    kind    TEXT NOT NULL,
    parent  INTEGER NOT NULL,
    move    TEXT NOT NULL,
    depth   INTEGER NOT NULL,
    games   INTEGER NOT NULL,
    wins1   INTEGER NOT NULL,
    wins2   INTEGER NOT NULL,
    wins3   INTEGER NOT NULL,
    draws   INTEGER NOT NULL,
    unknown INTEGER NOT NULL,
    newest  INTEGER NOT NULL,
    game    INTEGER,
    PRIMARY KEY (kind, parent, move)
) WITHOUT ROWID;

-- Games that end at a prefix other games share (the hash of the whole game's moves): the tree's
-- nodes count them, no next move does.
CREATE TABLE IF NOT EXISTS explorer_ends (
    kind    TEXT NOT NULL,
    prefix  INTEGER NOT NULL,
    game_id INTEGER NOT NULL,
    PRIMARY KEY (kind, prefix, game_id)
) WITHOUT ROWID;

-- A bulk import (into an empty database) writes a row per 三国 and WEC game here instead of
-- changing the tree game by game: its moves as one sortable key (`src/explorer.rs::stage_game`)
-- and its result. At its end the import builds the tree from them in one sorted pass; should it
-- stop half-way, the next open does (`src/explorer.rs::build_staged`).
CREATE TABLE IF NOT EXISTS explorer_staging (
    kind    TEXT NOT NULL,
    seq     BLOB NOT NULL,
    game_id INTEGER NOT NULL,
    wins1   INTEGER NOT NULL,
    wins2   INTEGER NOT NULL,
    wins3   INTEGER NOT NULL,
    draws   INTEGER NOT NULL,
    unknown INTEGER NOT NULL
);

-- Clubs, their members and credentials. Tokens and session ids are stored as SHA-256 hashes;
-- passwords as argon2 hashes.
CREATE TABLE IF NOT EXISTS clubs (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS members (
    id            INTEGER PRIMARY KEY,
    club_id       INTEGER NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
    name          TEXT NOT NULL,
    role          TEXT NOT NULL CHECK (role IN ('admin', 'editor', 'viewer')),
    password_hash TEXT,
    created_at    TEXT NOT NULL,
    UNIQUE (club_id, name)
);
CREATE INDEX IF NOT EXISTS members_name ON members(name);
CREATE TABLE IF NOT EXISTS api_tokens (
    id         INTEGER PRIMARY KEY,
    member_id  INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    label      TEXT NOT NULL,
    created_at TEXT NOT NULL,
    revoked_at TEXT
);
CREATE TABLE IF NOT EXISTS sessions (
    id_hash    TEXT PRIMARY KEY,
    member_id  INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
    csrf       TEXT NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS login_failures (
    name        TEXT PRIMARY KEY,
    failures    INTEGER NOT NULL,
    last_failed INTEGER NOT NULL
);

-- Study collections owned by a club: sections and ordered items (a game, a note, or both).
CREATE TABLE IF NOT EXISTS collections (
    id          INTEGER PRIMARY KEY,
    club_id     INTEGER NOT NULL REFERENCES clubs(id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    public      INTEGER NOT NULL DEFAULT 0,
    share_token TEXT NOT NULL UNIQUE,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS collection_sections (
    id            INTEGER PRIMARY KEY,
    collection_id INTEGER NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
    title         TEXT NOT NULL,
    position      INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS collection_items (
    id            INTEGER PRIMARY KEY,
    collection_id INTEGER NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
    section_id    INTEGER REFERENCES collection_sections(id) ON DELETE SET NULL,
    position      INTEGER NOT NULL,
    game_id       INTEGER REFERENCES games(id) ON DELETE CASCADE,
    note          TEXT NOT NULL DEFAULT '',
    ply           INTEGER,
    created_at    TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS collection_items_coll ON collection_items(collection_id, position);
CREATE INDEX IF NOT EXISTS collection_items_game ON collection_items(game_id);

-- Running totals of the statistics (src/tally.rs), kept in the same transaction as the games they
-- count, so a statistics page reads rows whose number grows with events and years, not with games.
-- Totals are kept per bucket: the games of one kind, `Event` tag and year (the statistics filter by
-- event and year range, so a filtered figure is the sum over the matching buckets). The key of
-- `stat_totals` puts the bucket first, so that a page reads the totals of its buckets and nothing
-- else (with the bucket last, every page read the whole table: 134k rows of `hotw_gain_counts` at
-- 100k games for the 490 sums of an unfiltered page). Buckets are never deleted. The totals hold exactly what
-- `src/stats.rs::scan` computes from the move tables; `annals check` compares the two. A bulk import
-- keeps its totals in memory and writes them at its end; `meta.tally_pending` marks it under way,
-- and should it stop half-way the next open rebuilds the totals from the stored games.
--
-- Besides the buckets of one event and year (span 0), each total is also kept rolled up over every
-- event of a year (span 1, event NULL), over every game of the kind (span 2, event and year NULL)
-- and over every year of an event (span 3, year NULL): an unfiltered page reads a few hundred rows,
-- a page filtered by years only or by events only a few hundred a year or an event. (Schema 4 had
-- span 0 only: opening it counts them again.)
CREATE TABLE IF NOT EXISTS stat_buckets (
    id    INTEGER PRIMARY KEY,
    kind  TEXT NOT NULL,
    span  INTEGER NOT NULL,
    event TEXT,
    year  INTEGER
);
CREATE INDEX IF NOT EXISTS stat_buckets_key ON stat_buckets(kind, span, event, year);

-- The totals themselves: one row per bucket and table of totals (`part`, the name of the view
-- below that reads it), holding that bucket's totals as a JSON array of positional arrays, in key
-- order, without the bucket: [key parts..., counters...], the columns of the view after `bucket`.
-- A total of all zeros is not kept. (Until schema 7 each total was a row of its own table: a
-- 10k-game import wrote 250k of them, more than all its other rows together, for 760 buckets.)
-- The views keep the tables' names and columns, for `src/stats.rs::scan`, `annals check` and
-- ad-hoc SQL; `src/stats.rs` reads `stat_totals` itself (each `->>` parses a total again).
-- A table with rowids and a unique (bucket, part), not keyed by them WITHOUT ROWID (as until
-- schema 9): a row of a WITHOUT ROWID table keeps at most about 4 KB on its leaf page and the rest
-- on overflow pages of their own, which a row of 5 to 14 KB (a bucket's card or gain totals) left
-- mostly empty — 13.4 MB of pages for 6 MB of totals at 10k games, 7.7 MB this way.
CREATE TABLE IF NOT EXISTS stat_totals (
    id     INTEGER PRIMARY KEY,
    bucket INTEGER NOT NULL REFERENCES stat_buckets(id),
    part   TEXT NOT NULL,
    totals TEXT NOT NULL,
    UNIQUE (bucket, part)
);

-- 三国 and WEC games of a bucket: results (from `games.winners` and `games.draw`) and 三国 title
-- events (games with an alliance, Han killed, and by a side that won).
CREATE VIEW IF NOT EXISTS stat_games (bucket, games, plies, decided, draws, black_wins, white_wins, with_alliance, han_killed, killer_won) AS
    SELECT t.bucket, j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4, j.value ->> 5, j.value ->> 6, j.value ->> 7, j.value ->> 8
    FROM stat_totals t, json_each(t.totals) j WHERE t.part = 'stat_games';

-- 三国 sides: results from `seats.outcome`, and the title events each side took part in.
CREATE VIEW IF NOT EXISTS stat_sides (bucket, side, wins, draws, losses, eliminated, alliances_started, killed_han, killed_han_won) AS
    SELECT t.bucket, j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4, j.value ->> 5, j.value ->> 6, j.value ->> 7
    FROM stat_totals t, json_each(t.totals) j WHERE t.part = 'stat_sides';

-- HotW empire turns by epoch and empire: counts and sums (a mean is a sum over a count), the
-- battle rolls of its expansions, and the placing of the seat that played it (p1..p6: 1st..6th).
-- Their gains are in hotw_gain_counts.
CREATE VIEW IF NOT EXISTS hotw_empire_stats (bucket, epoch, empire, minor_turns, turns, scores, score_sum, expansions, battles, rolls_v, rolls_x, rolls_draw, placed, placing_sum, p1, p2, p3, p4, p5, p6) AS
    SELECT t.bucket, j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4, j.value ->> 5, j.value ->> 6, j.value ->> 7, j.value ->> 8, j.value ->> 9, j.value ->> 10, j.value ->> 11, j.value ->> 12, j.value ->> 13, j.value ->> 14, j.value ->> 15, j.value ->> 16, j.value ->> 17, j.value ->> 18
    FROM stat_totals t, json_each(t.totals) j WHERE t.part = 'hotw_empire_stats';

-- HotW turns by the gain they recorded (for means and medians).
CREATE VIEW IF NOT EXISTS hotw_gain_counts (bucket, epoch, empire, gain, turns) AS
    SELECT t.bucket, j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3
    FROM stat_totals t, json_each(t.totals) j WHERE t.part = 'hotw_gain_counts';

-- HotW cards played, by the epoch and empire of the turn, with the gains of those turns.
CREATE VIEW IF NOT EXISTS hotw_card_counts (bucket, epoch, empire, card, played, gains, gain_sum) AS
    SELECT t.bucket, j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4, j.value ->> 5
    FROM stat_totals t, json_each(t.totals) j WHERE t.part = 'hotw_card_counts';

-- HotW openings: epoch-I major empire turns by empire and cards (sorted, joined by '+'), with the
-- placing of their seat.
CREATE VIEW IF NOT EXISTS hotw_opening_stats (bucket, empire, cards, turns, placed, placing_sum, p1, p2, p3, p4, p5, p6) AS
    SELECT t.bucket, j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4, j.value ->> 5, j.value ->> 6, j.value ->> 7, j.value ->> 8, j.value ->> 9, j.value ->> 10
    FROM stat_totals t, json_each(t.totals) j WHERE t.part = 'hotw_opening_stats';

-- WEC turns by the type of the piece moved.
CREATE VIEW IF NOT EXISTS wec_piece_counts (bucket, piece, turns) AS
    SELECT t.bucket, j.value ->> 0, j.value ->> 1
    FROM stat_totals t, json_each(t.totals) j WHERE t.part = 'wec_piece_counts';

-- WEC sides (a colour of a game) by the government pair they moved, and how many of them won.
CREATE VIEW IF NOT EXISTS wec_government_stats (bucket, government, played, wins) AS
    SELECT t.bucket, j.value ->> 0, j.value ->> 1, j.value ->> 2
    FROM stat_totals t, json_each(t.totals) j WHERE t.part = 'wec_government_stats';

-- Every write to clubs, members, tokens and collections: who, what, when.
CREATE TABLE IF NOT EXISTS audit_log (
    id        INTEGER PRIMARY KEY,
    at        TEXT NOT NULL,
    club_id   INTEGER,
    member_id INTEGER,
    actor     TEXT NOT NULL,
    action    TEXT NOT NULL,
    target    TEXT NOT NULL,
    detail    TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS audit_log_club ON audit_log(club_id, id);

-- The boards 三国 and WEC games reached in their first plies (`src/store/positions.rs`): one row per
-- game and distinct position (the ply where the game first reached it), the move the game played
-- from there (normalized as the explorer keys moves; '' at its end) and its result as bits (a win of
-- each side, a draw, no result). Rebuilt from the games on open when empty. Kept in game order (an
-- import appends, a game's rows are deleted or a scope's looked up together); `positions_key`
-- holds every column, so the explorer's counts of a position read the index alone.
CREATE TABLE IF NOT EXISTS positions (
    game_id INTEGER NOT NULL,
    key     INTEGER NOT NULL,
    ply     INTEGER NOT NULL,
    next    TEXT NOT NULL,
    result  INTEGER NOT NULL,
    PRIMARY KEY (game_id, key)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS positions_key ON positions(key, next, result, game_id, ply);

-- The transcription desk: every version of a game's record text, byte for byte, oldest first.
-- Version 1 is the text as imported; it is written from `games.raw` the first time the game is
-- corrected (a game never corrected has no rows here, and its one version is `games.raw`).
-- `member_id` and `by` say who saved it (`by` as 'name@club', or 'import' / 'cli').
CREATE TABLE IF NOT EXISTS game_versions (
    game_id   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    version   INTEGER NOT NULL,
    at        TEXT NOT NULL,
    member_id INTEGER,
    by        TEXT NOT NULL,
    note      TEXT NOT NULL DEFAULT '',
    raw       TEXT NOT NULL,
    PRIMARY KEY (game_id, version)
);

-- Curators: the members who may edit the archive-wide name authority (events and players), and
-- the audit log of those edits, which belongs to no club.
CREATE TABLE IF NOT EXISTS curators (
    member_id  INTEGER PRIMARY KEY REFERENCES members(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS archive_audit_log (
    id        INTEGER PRIMARY KEY,
    at        TEXT NOT NULL,
    member_id INTEGER,
    actor     TEXT NOT NULL,
    action    TEXT NOT NULL,
    target    TEXT NOT NULL,
    detail    TEXT NOT NULL DEFAULT ''
);

-- Private imports: games imported into a private collection, seen only by its club until a
-- member publishes them.
CREATE TABLE IF NOT EXISTS private_games (
    game_id       INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    club_id       INTEGER NOT NULL,
    collection_id INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS private_games_collection ON private_games(collection_id);
-- Reversible merges of players and events: the record merged away and the rows that moved, so an
-- admin can undo a merge (the audit log names both).
CREATE TABLE IF NOT EXISTS merges (
    id        INTEGER PRIMARY KEY,
    what      TEXT NOT NULL,            -- 'player' or 'event'
    into_id   INTEGER NOT NULL,
    from_id   INTEGER NOT NULL,
    from_row  TEXT NOT NULL,            -- JSON object: the merged-away row, column by column
    moved     TEXT NOT NULL,            -- JSON object: table -> the keys of its rows that moved
    at        TEXT NOT NULL,
    undone_at TEXT
);
