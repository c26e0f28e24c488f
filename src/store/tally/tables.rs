//! The tables of totals: what each keys its rows by and what it counts.

/// What a part of a total's key is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Part {
    /// A bucket, by its index in [`Tally::buckets`].
    Bucket,
    /// A number.
    Int,
    /// A string, by its index in [`Tally::names`].
    Name,
}

/// A table of totals: its key columns and its counter columns.
pub(super) struct Spec {
    pub(super) table: &'static str,
    pub(super) keys: &'static [(&'static str, Part)],
    pub(super) counters: &'static [&'static str],
}

pub(super) const P16: [&str; 6] = ["p1", "p2", "p3", "p4", "p5", "p6"];

pub(super) const GAMES: Spec = Spec {
    table: "stat_games",
    keys: &[("bucket", Part::Bucket)],
    counters: &[
        "games",
        "plies",
        "decided",
        "draws",
        "black_wins",
        "white_wins",
        "with_alliance",
        "han_killed",
        "killer_won",
    ],
};
pub(super) const SIDES: Spec = Spec {
    table: "stat_sides",
    keys: &[("bucket", Part::Bucket), ("side", Part::Name)],
    counters: &[
        "wins",
        "draws",
        "losses",
        "eliminated",
        "alliances_started",
        "killed_han",
        "killed_han_won",
    ],
};
pub(super) const EMPIRES: Spec = Spec {
    table: "hotw_empire_stats",
    keys: &[
        ("bucket", Part::Bucket),
        ("epoch", Part::Int),
        ("empire", Part::Name),
    ],
    counters: &[
        "minor_turns",
        "turns",
        "scores",
        "score_sum",
        "expansions",
        "battles",
        "rolls_v",
        "rolls_x",
        "rolls_draw",
        "placed",
        "placing_sum",
        P16[0],
        P16[1],
        P16[2],
        P16[3],
        P16[4],
        P16[5],
    ],
};
pub(super) const GAINS: Spec = Spec {
    table: "hotw_gain_counts",
    keys: &[
        ("bucket", Part::Bucket),
        ("epoch", Part::Int),
        ("empire", Part::Name),
        ("gain", Part::Int),
    ],
    counters: &["turns"],
};
pub(super) const CARDS: Spec = Spec {
    table: "hotw_card_counts",
    keys: &[
        ("bucket", Part::Bucket),
        ("epoch", Part::Int),
        ("empire", Part::Name),
        ("card", Part::Name),
    ],
    counters: &["played", "gains", "gain_sum"],
};
pub(super) const OPENINGS: Spec = Spec {
    table: "hotw_opening_stats",
    keys: &[
        ("bucket", Part::Bucket),
        ("empire", Part::Name),
        ("cards", Part::Name),
    ],
    counters: &[
        "turns",
        "placed",
        "placing_sum",
        P16[0],
        P16[1],
        P16[2],
        P16[3],
        P16[4],
        P16[5],
    ],
};
pub(super) const PIECES: Spec = Spec {
    table: "wec_piece_counts",
    keys: &[("bucket", Part::Bucket), ("piece", Part::Name)],
    counters: &["turns"],
};
pub(super) const GOVERNMENTS: Spec = Spec {
    table: "wec_government_stats",
    keys: &[("bucket", Part::Bucket), ("government", Part::Name)],
    counters: &["played", "wins"],
};

/// The names of the tables of totals (`stat_buckets` aside).
pub fn table_names() -> impl Iterator<Item = &'static str> {
    TABLES.iter().map(|t| t.table)
}

/// For each table of totals of schema 6 and before (a row per total, since schema 7 a view of the
/// same name): the statement that packs its rows into `stat_totals`, as [`Tally::flush`] writes
/// them (key order, no total of all zeros).
pub fn pack_table_sql() -> impl Iterator<Item = (&'static str, String)> {
    TABLES.iter().map(|t| {
        let keys: Vec<&str> = t.keys.iter().skip(1).map(|(k, _)| *k).collect();
        let columns: Vec<&str> = keys.iter().chain(t.counters).copied().collect();
        let order = if keys.is_empty() {
            String::new()
        } else {
            format!(" ORDER BY {}", keys.join(", "))
        };
        let zero: Vec<String> = t.counters.iter().map(|c| format!("{c} = 0")).collect();
        (
            t.table,
            format!(
                "INSERT INTO stat_totals(bucket, part, totals)
                 SELECT bucket, '{table}', json_group_array(json_array({columns}){order})
                 FROM {table} WHERE NOT ({zero}) GROUP BY bucket;",
                table = t.table,
                columns = columns.join(", "),
                zero = zero.join(" AND "),
            ),
        )
    })
}

/// The tables of totals.
pub(super) const TABLES: [&Spec; 8] = [
    &GAMES,
    &SIDES,
    &EMPIRES,
    &GAINS,
    &CARDS,
    &OPENINGS,
    &PIECES,
    &GOVERNMENTS,
];
