//! One game cut out of a file ([`RawGame`]).

use crate::diag::Diagnostic;

/// One game cut out of a file, before any notation is read.
#[derive(Debug, Clone, PartialEq)]
pub struct RawGame {
    /// 1-based line where the game starts (its first tag, or its first body line).
    pub line: u32,
    /// 1-based line of the body's first line (`line` when there are no tags).
    pub body_line: u32,
    pub tags: Vec<(String, String)>,
    /// The body, lines joined by `\n`, with trailing blank lines removed.
    pub body: String,
    /// The game's text exactly as in the file (tags and body), without the blank lines after it.
    pub raw: String,
    pub diagnostics: Vec<Diagnostic>,
}

impl RawGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        crate::model::tag(&self.tags, name)
    }
}
