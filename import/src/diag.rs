//! Diagnostics: every problem the importer meets becomes one of these, with a position in the
//! record file, a severity, a stable code and a plain message. Codes are part of the outside
//! contract: never rename one; add new ones instead. Every code is in the [`registry`], with
//! what it means and a record that yields it.

pub mod pages;
pub mod registry;

use serde::{Deserialize, Serialize};

/// How bad a diagnostic is.
///
/// - `Error`: a part that could not be read; it is kept as raw text and the rest of the game parses.
/// - `Warning`: read, but doubtful (unknown code, fuzzy match, inferred epoch, repaired bracket).
/// - `Info`: a normalization applied (an alias resolved, an encoding transcoded).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Info,
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }

    pub fn parse(s: &str) -> Option<Severity> {
        match s {
            "info" => Some(Severity::Info),
            "warning" => Some(Severity::Warning),
            "error" => Some(Severity::Error),
            _ => None,
        }
    }
}

/// One problem, located in the record file. `line` and `col` are 1-based; `col` counts characters
/// (not bytes) so that it matches what an editor shows for Chinese text. A problem of the file as
/// a whole (its encoding, say) points at line 1, column 1.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagnostic {
    pub line: u32,
    pub col: u32,
    pub severity: Severity,
    pub code: String,
    pub message: String,
}

impl Diagnostic {
    pub fn new(
        severity: Severity,
        code: &str,
        line: u32,
        col: u32,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            line,
            col,
            severity,
            code: code.to_string(),
            message: message.into(),
        }
    }
    pub fn error(code: &str, line: u32, col: u32, message: impl Into<String>) -> Self {
        Self::new(Severity::Error, code, line, col, message)
    }
    pub fn warning(code: &str, line: u32, col: u32, message: impl Into<String>) -> Self {
        Self::new(Severity::Warning, code, line, col, message)
    }
    pub fn info(code: &str, line: u32, col: u32, message: impl Into<String>) -> Self {
        Self::new(Severity::Info, code, line, col, message)
    }
}

/// Collects diagnostics while a parser works; a small convenience so parsers need not thread a
/// `Vec` by hand.
#[derive(Debug, Default, Clone)]
pub struct Sink {
    pub items: Vec<Diagnostic>,
}

impl Sink {
    pub fn push(&mut self, d: Diagnostic) {
        self.items.push(d);
    }
    pub fn error(&mut self, code: &str, line: u32, col: u32, message: impl Into<String>) {
        self.push(Diagnostic::error(code, line, col, message));
    }
    pub fn warning(&mut self, code: &str, line: u32, col: u32, message: impl Into<String>) {
        self.push(Diagnostic::warning(code, line, col, message));
    }
    pub fn info(&mut self, code: &str, line: u32, col: u32, message: impl Into<String>) {
        self.push(Diagnostic::info(code, line, col, message));
    }
    pub fn count(&self, severity: Severity) -> usize {
        self.items.iter().filter(|d| d.severity == severity).count()
    }
}
