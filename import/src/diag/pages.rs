//! The pages of `docs/notations/`, rendered from the registry ([`super::registry`]): for each
//! notation a short introduction, then its repairs (what each reads) and its errors (what could
//! not be read), each with a record that yields it. The pages are generated, never edited: the
//! crate's tests compare them with [`render_all`] (and write them when `ANNALS_BLESS=1`).

use std::fmt::Write;

use super::registry::{self, Entry};

/// One page: its name (the file `docs/notations/{name}.md`), the notation of its codes, its
/// title, its introduction and what its errors mean (Markdown).
#[derive(Debug, Clone, Copy)]
pub struct Page {
    pub name: &'static str,
    pub notation: &'static str,
    pub title: &'static str,
    pub intro: &'static str,
    /// What becomes of a part with an error.
    pub errors: &'static str,
}

/// What becomes of a part of a game with an error, in every notation.
const KEPT_AS_WRITTEN: &str = "Parts that could not be read: each is kept as written, with an error, and the \
rest of the record is read.";

/// The pages, one per notation and one for the record file.
pub const PAGES: [Page; 5] = [
    Page {
        name: "hotw",
        notation: "hotw",
        title: "History of the World (HotW)",
        intro: "A HotW record follows the notation of 方富潤's *History of the World 棋局記錄法建議*: \
epoch headers (`EI` … `EVII`), one turn a line for each seat's empire (`A(Sumer): Lead`), the \
cards it played, its expansions with arrows (`LTig-->Zag`, by sea `Che--(SCS)-->Mek`), battle \
results in brackets (`(V, c/)`), builds (`+m`, `+f`) and the seat's running total; a pause \
(`A(Sumer)後暫停`) may be followed by a snapshot of the holdings. The reader reads that notation \
and, with a diagnostic each, the habits of other transcribers listed below; a part it cannot \
read is kept as raw text with an error, and the rest of the game is read.",
        errors: KEPT_AS_WRITTEN,
    },
    Page {
        name: "sanguo",
        notation: "sanguo",
        title: "三国演弈棋 (Sanguo)",
        intro: "A 三国演弈棋 record numbers its rounds, each of three moves in xiangqi's notation \
for 吴, 魏 and 蜀 in turn (`1.马6进5，炮12平10，相7进9`), with the markers of the notation after \
a move (`#吴` a side eliminated, `x汉` the emperor killed, `=吴` an alliance), a title line and a \
status line of the three sides (`吴[认负] 魏[胜利] 蜀[认负]`). The reader replays every move on \
the board, so that a move that names no piece or breaks the rules is found; the habits of other \
transcribers are read with a diagnostic each.",
        errors: KEPT_AS_WRITTEN,
    },
    Page {
        name: "wec",
        notation: "wec",
        title: "Weaponized Chess (WEC)",
        intro: "A WEC record writes one turn string a line, White and Black in turn \
(`1. MV:JE(1,4)->^(1,4)`): the move (`MV:`), then the parts the grammar allows in a fixed order \
(pick-ups `PU:`, fires `FI1:`/`FI2:`, results `RS:` …), locations as `(Row,Column)`. The reader \
replays the turns, tracking each piece and the articles it carries, and reads the habits of \
other transcribers listed below with a diagnostic each.",
        errors: KEPT_AS_WRITTEN,
    },
    Page {
        name: "deluge",
        notation: "deluge",
        title: "Diplomacy: Deluge",
        intro: "A Deluge record lists the phases of a game of the Diplomacy variant (`Spring 1901`, \
`S1901M`, `Winter 1900`) and under each the orders of the powers (`France: A Par-Bur, F Bre-MAO`). \
The reader adjudicates the orders on the Deluge map, where provinces submerge as the years go \
by, and compares the results the record writes with its own; the forms of judges' reports and \
of other transcribers are read with a diagnostic each.",
        errors: KEPT_AS_WRITTEN,
    },
    Page {
        name: "records",
        notation: "record",
        title: "Record files (all notations)",
        intro: "Before any notation is read, the record file is: its encoding, its tag pairs \
(`[Event \"Winter cup\"]`), the lines that separate its games, the text around them that is no \
game (a forum post's quote marks, a web page's HTML, an e-mail signature), and which game each \
record is (its `Game` tag, the file's extension, or its notation). These codes are the same for \
every notation, as are the invisible characters pasted into a body (`text.invisible`).",
        errors: "Files and games that cannot be read: such a file or game is not stored, and the \
rest of the import goes on.",
    },
];

/// Every page's file name and rendered text, in the order of [`PAGES`].
pub fn render_all() -> Vec<(String, String)> {
    PAGES
        .iter()
        .map(|p| (format!("{}.md", p.name), render(p)))
        .collect()
}

/// The text of one page.
pub fn render(page: &Page) -> String {
    let entries: Vec<&Entry> = registry::all()
        .iter()
        .filter(|e| e.notation == page.notation)
        .collect();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<!-- Generated from import/data/diagnostics.csv, the notation crate's own diagnostics; \
do not edit: run `ANNALS_BLESS=1 cargo test -p annals-import --test registry`. -->\n"
    );
    let _ = writeln!(out, "# {}\n\n{}\n", page.title, page.intro);
    let (repairs, errors): (Vec<&Entry>, Vec<&Entry>) =
        entries.into_iter().partition(|e| e.is_repair());
    let _ = writeln!(
        out,
        "## Repairs\n\nHabits read, each reported with an info (read as meant) or a warning (read, \
but worth a look).\n"
    );
    table(&mut out, &repairs, "What it reads");
    let _ = writeln!(out, "## Errors\n\n{}\n", page.errors);
    table(&mut out, &errors, "What is wrong");
    out
}

fn table(out: &mut String, entries: &[&Entry], what: &str) {
    if entries.is_empty() {
        let _ = writeln!(out, "None.\n");
        return;
    }
    let _ = writeln!(out, "| Code | Severity | {what} | Example |");
    let _ = writeln!(out, "|---|---|---|---|");
    for e in entries {
        let severity: Vec<&str> = e.severities.iter().map(|s| s.as_str()).collect();
        let example = e
            .example
            .as_deref()
            .map_or_else(|| "—".to_string(), example_cell);
        let _ = writeln!(
            out,
            "| `{}` | {} | {} | {} |",
            e.code,
            severity.join(", "),
            e.description.replace('|', "\\|"),
            example
        );
    }
    out.push('\n');
}

/// An example in a table cell: its lines as lines (`<br>`), in HTML so that nothing in it is
/// read as Markdown; the other escapes (bytes, invisible characters) are shown as written.
fn example_cell(example: &str) -> String {
    let mut cell = String::from("<code>");
    let mut rest = example;
    while let Some(at) = rest.find('\\') {
        html(&mut cell, &rest[..at]);
        let tail = &rest[at..];
        if let Some(after) = tail.strip_prefix("\\n") {
            cell.push_str("<br>");
            rest = after;
        } else if let Some(after) = tail.strip_prefix("\\\\") {
            cell.push_str("\\\\");
            rest = after;
        } else {
            cell.push('\\');
            rest = &tail[1..];
        }
    }
    html(&mut cell, rest);
    cell.push_str("</code>");
    cell
}

fn html(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '|' => out.push_str("&#124;"),
            ' ' if out.ends_with(' ') || out.ends_with('>') => out.push_str("&nbsp;"),
            _ => out.push(c),
        }
    }
}
