//! What an import tells: the summary of a run, each game's outcome and each file's diagnostics.

use annals_import::Severity;
use serde::Serialize;

use super::files::Annotation;

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct GameReport {
    pub id: Option<i64>,
    /// A collection export's note, ply and section for this game (see `collections::export_records`).
    #[serde(skip)]
    pub annotation: Annotation,
    pub file: String,
    pub line: u32,
    pub kind: Option<String>,
    pub status: &'static str,
    pub errors: usize,
    pub warnings: usize,
}

#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct FileDiagnostic {
    pub file: String,
    pub line: u32,
    pub col: u32,
    pub severity: Severity,
    pub code: String,
    pub message: String,
}

/// What an import did: the object `annals import --json` prints.
#[derive(Debug, Clone, Serialize, Default)]
pub struct Summary {
    pub imported: usize,
    pub duplicates: usize,
    pub rejected: usize,
    /// Games stored with at least one error diagnostic.
    pub with_errors: usize,
    pub games: Vec<GameReport>,
    pub diagnostics: Vec<FileDiagnostic>,
    /// Diagnostics of stored games left out of `diagnostics` ([`Options::max_diagnostics`]).
    #[serde(skip)]
    pub diagnostics_omitted: usize,
    /// Move rows written (turns, plies), for the benchmark.
    #[serde(skip)]
    pub move_rows: usize,
    /// Ids of the games stored by this import.
    #[serde(skip)]
    pub new_ids: Vec<i64>,
}

pub(super) fn now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0);
    crate::timefmt::rfc3339(secs)
}
