//! The rows of the tables (regions, empires, cards) and how a name was resolved to one.

/// What a region row is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RegionType {
    Land,
    Sea,
    Wasteland,
}

#[derive(Debug, Clone)]
pub struct Region {
    pub code: String,
    pub name: String,
    pub area: String,
    pub kind: RegionType,
}

#[derive(Debug, Clone)]
pub struct Empire {
    pub code: String,
    pub name: String,
    pub epoch: u8,
    pub minor: bool,
}

#[derive(Debug, Clone)]
pub struct Card {
    pub code: String,
    pub name: String,
    pub class: String,
    pub first: u8,
    pub last: u8,
}

/// How a name was resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum How<'a> {
    Exact,
    /// Case, dots, width or `Δ` differ from the code.
    Folded,
    /// A row of `aliases.csv`; the note says where the form comes from.
    Alias(&'a str),
    /// The full name.
    Name,
    /// A close misspelling at this edit distance.
    Fuzzy(usize),
}

impl How<'_> {
    /// True when the form is not the canonical code as written.
    pub fn is_fuzzy(&self) -> bool {
        matches!(self, How::Fuzzy(_))
    }
}
