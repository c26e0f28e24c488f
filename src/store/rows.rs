//! Statements that insert several rows of one game at once (tags, seats, diagnostics, positions).

/// Rows a game owns (tags, diagnostics) inserted by one statement, up to this many at a time:
/// one statement's run for a game's seven tags instead of seven (its start, its bindings' calls
/// and its reset were half the cost of such a row).
pub(crate) const ROWS_PER_INSERT: usize = 8;

/// `INSERT OR FAIL INTO {head} VALUES (?,…),(?,…)…` for 1 to [`ROWS_PER_INSERT`] rows, each text
/// made once.
///
/// `OR FAIL`, not the default `ABORT`: a statement of several rows that may abort needs a statement
/// journal, and SQLite copied each page such a statement touched into one (16 KB, with a
/// `malloc`) before changing it — 3.7% of a 10k-game import's instructions (callgrind). With `FAIL` a violated constraint keeps the statement's earlier rows instead of undoing
/// them, which changes nothing here: an error of any store ends its whole transaction, rolled
/// back.
pub(crate) struct RowsInsert {
    head: &'static str,
    cols: usize,
    sqls: std::sync::OnceLock<Vec<String>>,
}

impl RowsInsert {
    pub(crate) const fn new(head: &'static str, cols: usize) -> Self {
        RowsInsert {
            head,
            cols,
            sqls: std::sync::OnceLock::new(),
        }
    }

    /// The statement for `rows` rows (1 to [`ROWS_PER_INSERT`]), its parameters numbered row by
    /// row from 1.
    pub(crate) fn sql(&self, rows: usize) -> &str {
        let sqls = self.sqls.get_or_init(|| {
            (1..=ROWS_PER_INSERT)
                .map(|n| {
                    let row = format!("({})", vec!["?"; self.cols].join(","));
                    format!(
                        "INSERT OR FAIL INTO {} VALUES {}",
                        self.head,
                        vec![row; n].join(",")
                    )
                })
                .collect()
        });
        &sqls[rows.clamp(1, ROWS_PER_INSERT) - 1]
    }
}
