//! Diagnostic codes of reading a record file.

pub const ENCODING: &str = "record.encoding";
pub const ENCODING_UNSUPPORTED: &str = "record.encoding-unsupported";
pub const ENCODING_REPLACED: &str = "record.encoding-replaced";
pub const BINARY: &str = "record.binary";
pub const TAG_MALFORMED: &str = "record.tag-malformed";
pub const TAG_DUPLICATE: &str = "record.tag-duplicate";
pub const EMPTY_BODY: &str = "record.empty-body";
pub const UNKNOWN_KIND: &str = "record.unknown-kind";
pub use crate::notations::code::{KIND_SNIFFED, KIND_TAG_ALIAS, KIND_TAG_NAME, KIND_TAG_UNKNOWN};
pub const TOO_LARGE: &str = "record.too-large";
/// info: lines ended by a lone `\r` (classic Mac OS) read as line ends.
pub const LINE_ENDINGS: &str = "record.line-endings";
/// info: a tag name in another language or form (`[赛事 "…"]`, `[대회 "…"]`, `[White Player
/// "…"]`) read as the common tag it plainly is (`Event`, `White`); the value is unchanged.
pub const TAG_ALIAS: &str = "record.tag-alias";
/// info: a `Date` tag in another form (`2023-04-15`, `2023/4/15`, `15.04.2023`,
/// `2023年4月15日`, `April 15, 2023`) normalized to `YYYY.MM.DD` (`??` for parts not given);
/// the message quotes the value as written, and the game's raw text keeps it. warning: a date
/// that cannot be read for sure (`04/05/2023`, a month 13, a two-digit year): kept as written.
pub const DATE_FORM: &str = "record.date-form";
/// info: a separator line (`----`, `====`, `***`) that ends a game's body before the next
/// game's tags, left out of the body (the raw text keeps it).
pub const SEPARATOR: &str = "record.separator";
/// info: a header line at the top of a body (`Event: Winter cup`, `賽事：台北聯賽`, `Date:
/// 2023-04-15`) read as the tag it names, where the game's tags do not give it; the line
/// stays in the body (the notations read it as a header line).
pub const HEADER_TAG: &str = "record.header-tag";
/// info: a separator line (`----`, `====`, `* * *`, `———`), a heading (`Game 2`) or a blank
/// line between two games with no tags before the second: the text after it starts a new
/// game in the notation of the one before (its numbering starts again: `EI`, `1.`, `Spring
/// 1901`), so it is a game of its own, its raw text its own slice of the file. At the
/// separator, in the game after it.
pub const SEPARATOR_SPLIT: &str = "record.separator-split";
/// info: a heading line at the top of a game of a file cut by its headings (`Game 2`,
/// `第2局`, `제3국`: [`split_separated`]), left out of the game's body; the raw text keeps it.
pub const HEADING: &str = "record.heading";
/// info: a tag block after a game's moves with no moves of its own (`[Result "魏胜"]` on the
/// lines after the last move, then a blank line and the next game's tags, or the end of the
/// file) read as tags of the game before; its raw text runs to their end.
pub const TRAILING_TAGS: &str = "record.trailing-tags";
/// info: a remark line between tag lines (`# from the club book`, `// copied by Ann`, a line
/// of words), left out of the game's body: the tags after it are the same game's, not a new
/// game's. The raw text keeps it.
pub const TAG_REMARK: &str = "record.tag-remark";
pub use crate::unwrap::code::{HTML, QUOTED, SIGNATURE, WRAPPER};
/// info: text before a file's first game that is no game (`Here is last night's game:`: no
/// tags, no move read in the notation of the game after it), not stored as a game; the
/// message quotes it ([`crate::take_preamble`]).
pub const PREAMBLE: &str = "record.preamble";
/// info: a YAML front matter block at the top of a body (`---`, `event: Winter cup`, `black:
/// Ada Park`, `---`) read as the game's tag block; at its first line, naming the tags.
pub const FRONT_MATTER: &str = "record.front-matter";
