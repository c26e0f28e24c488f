//! History of the World notation (the HotW notation: 方富潤, *History of the World 棋局記錄法建議*).
//!
//! A body is read line by line ([`parser`]); each line is scanned by a hand-written lexer
//! ([`lexer`]) and names are resolved against the tables of [`tables`]. The parser never fails:
//! what it cannot read is kept as raw text (`Turn::unparsed`, `HotwGame::unparsed`) with an error
//! diagnostic, and the rest of the game still parses.
//!
//! Most lines (a turn header with plain cards, a move line with exact codes) are read by a fast
//! path first (`fast`), in one pass over their bytes; it gives up at the first thing the parser
//! would repair, resolve leniently or report, and the line is read again by the parser. The
//! parser turns the segments of a move line into expansions with `chain`; the fast path applies
//! the same rules inline for the shapes it reads, and a test checks that a line reads the same
//! whichever path takes it.
//!
//! # What a body holds
//! - an optional colour line `A: Red B: Yellow …` (chapter 1);
//! - epoch headers `EI`…`EVII`, `EIII (con't)` (a resumption) and `EVI後暫停` (a pause at an epoch's
//!   end);
//! - turns: a header `P(Empire): cards` (P = A–F) then lines of cards, expansions, builds and the
//!   score (chapters 2–5); a minor empire is a turn of its own (`F(Fuji):`);
//! - interruptions `P(Empire)後暫停` followed by holdings snapshot lines (chapter 6).
//!
//! # Lenient decisions (each is reported; see the diagnostic codes in [`code`])
//! - **Names** resolve by code, folded code (case, dots, width, `Δ`), alias, full name, then close
//!   misspelling; the unresolved keep their spelling (see [`tables`]).
//! - **Chinese names** of cards and empires (`人口爆炸`, `公職制度`, `羅馬`, `汉朝`; Traditional and
//!   Simplified) are aliases in `aliases.csv`: chapter 3's Chinese names of cards where it gives
//!   them, standard translations for the rest (info `hotw.card-alias`, `hotw.empire-alias`). No
//!   misspelling of a Chinese name is guessed (two characters are one edit from too many words).
//! - **Empires by context**: a form naming two empires (`Fran`: Franks in EV, France in EVII) takes
//!   the one of the current epoch, else the next one. `Mong` in a turn header is the empire, in a move
//!   the region. `May`, `Saf` are the minor empires Maya and Sava.
//! - **Epoch headers in other forms**: `E I`, `EⅡ` (Unicode roman numerals, full-width forms),
//!   `eiii`/`Eiii`, `Epoch III`, `EIII:` are read as `EI`…`EVII` (info `hotw.epoch-form`; digits
//!   `E3` are read silently, as always); a resumption may be bracketed in any width (`EIII（續）`).
//!   A snapshot's unit epoch may be written so too (`(ii)`, `(Ⅱ)`). Appendix 2's own names of the
//!   epochs, `第一世代`…`第七世代` (with its numeral `(I)` after them, `(續)`, `後暫停`), headers set
//!   off by marks (`--- Epoch I ---`, `== EII ==`) and `EIII (resumed)` are read so too, and
//!   so are the epochs named as eras (`第一紀元`, `第二纪元`, `第3紀元`) and `Epoch` with its number
//!   in English words (`Epoch One`…`Epoch Seven`), `Epoch` cut short (`Ep. 3`, `Ep 3`, `EP4`) and
//!   the epoch by another English word (`Era III`, `Age 3`).
//! - **Rule lines** (`----`, `====`, `* * *`, `———`: one mark repeated, alone on its line) inside
//!   a game, between epochs or before the final scores, are ignored (info `text.rule-line`). (A
//!   rule between two games is [`crate::record::split_games`]'s.)
//! - **Pauses in words**: `Game paused after D (Greek).`, `Paused after A(Hsiung)` are read as
//!   `D(Greek)後暫停` (info `hotw.pause-form`); so are other words after the brackets
//!   (`D(Greek)中斷`, `D(Greek) 後中斷`, `D(Greek)之後暫停`, `D(Greek) paused`, `D(Greek): Paused.`,
//!   `D(Greek) - pause`; also after an epoch, `EVI中斷`) and before them (`Pause: D(Greek)`,
//!   `暫停：D(Greek)`, `中斷 D(Greek)`, `於D(Greek)後暫停`). A pause word alone on its line after a
//!   turn (`Pause`, `Paused.`, `暫停。`, `(paused)`, `中斷`) is the pause after that turn, its seat
//!   and empire taken from it.
//! - **Epochs**: a turn whose empire belongs to a later epoch than the last header (or comes before
//!   any header) moves the game to that epoch, with a warning `hotw.epoch-inferred` (the appendix-4
//!   record has no `EI` and lists EV empires under `EIV`). An empire of an earlier epoch keeps the
//!   header's epoch (warning `hotw.epoch-mismatch`).
//! - **Cards by full name**: appendix 3's names in several words (`Civil Service(+2)`,
//!   `Jewish Revolt(V)`, `Naval Power`, `Population Explosion`, `Expert Troops: Forests`) are read
//!   as one card, the longest run of words that names one, before single words are tried (info
//!   `hotw.card-alias`); a full name settles `Civil` (no argument needed).
//! - **Cards parted by a semicolon** (`Lead; Popu`) are read as parted by a comma (info
//!   `hotw.punctuation`) when the word after the `;` is a card (no misspelling) and no region and
//!   no arrow follows; `Lead; LTig-->Zag` is read as before.
//! - **Cards by arguments**: `Civil(+2)` is Civil Service, `Civil(Malay, X; …)` and `Civil: …` are
//!   Civil War; `King(Etr)` is the kingdom card `Etr`; a bare `King` is the kingdom card of the
//!   current epoch (each epoch has one; warning `hotw.kingdom-inferred`); `Exp(forest)` is Expert
//!   Troops with detail `For`.
//! - **Expansions**: `A-->B-->C` gives the legs A→B and B→C. After `,` a segment whose first region
//!   was already reached in the chain starts from there (`…, Wei-->TarP`); otherwise it branches from
//!   the chain's origin (`ManchuP-->GPC, Korea`), taking the origin's first sea route when the first
//!   leg went by sea. `;` starts a new chain. A line whose first segment has no arrow is a list of
//!   builds (`Alb(+m), SApp(+f) 66`).
//! - **Sea legs**: `--(Sea)-->`, `--Sea-->`, `-->(Sea)-->` and lists `(Atl, Ind, WPac)` go to `via`.
//!   `A--B` where B is no sea is read as an arrow (warning `hotw.arrow-repaired`).
//! - **Battles**: tokens are split greedily (`XXV` → X X V, `fW` → f W, `X=V`), case and width are
//!   normalized (`fw` → f W, `c／` → c/) with an info.
//! - **Unbalanced brackets**: a `(` never closed ends at the first arrow, `;` or region name inside
//!   it (`UInd(V, cX, Zag-->LTig(V)`, `Cau(V-->Dni`); a `(` opening a line is dropped; a stray `)`
//!   is ignored; each with a warning `hotw.bracket-repaired` and `repaired: true` on the expansion.
//! - **Scores**: a number ending a line (header or move line) is the player's running total;
//!   minor empires have none (a number there is reported and dropped). A unit or a full stop after
//!   it (`20分`, `20 點`, `20pts`, `25.`) is read past, with an info `hotw.score-form`; so are a
//!   word and a colon or `=` before it (`Score: 12`, `分數：22`, `= 43`, `=57`, `Score=20`, `: 62`;
//!   not the colon of `1:2`). A number in brackets (`(25)`) is no score, nor a battle token: ending a line,
//!   it is kept as raw text (warning `hotw.bracketed-number`).
//! - **Notes** that are no notation at the end of a line, in square brackets (`Lead [leader
//!   card]`, `【…】`) or words in brackets after the score (`82 (a good turn)`), are kept as the
//!   turn's comment, the score read (info `hotw.note`).
//! - **Other arrows**: `=>`, `==>` (`=` is a word character: the `=`s ending a word before `>`
//!   are the arrow; `X=V` and `=57` stay as they were), arrows with spaces in them (`- ->`, `--
//!   >`, `－ －＞`), `→`, `⇒`; joined by the general scanner only (the fast path gives such lines up).
//!   A `>` alone (`LTig>Zag`, `Zag > Akk`; not opening a line), a `>` too many (`->>`, `>>`),
//!   tildes for the dashes (`~>`, `~~>`, `～＞`) and `入` ("into") between two regions
//!   (`Sumer入Akkad`, `Cre 入 Ana`: an ASCII letter, digit or `)` before it, a letter after it;
//!   Chinese prose keeps its `入`) are arrows too, each with a warning `hotw.arrow-repaired` and
//!   `repaired: true` on the expansion.
//! - **Wrapped move lines**: a line inside a turn (or a turn header) that ends with an arrow or a
//!   comma (not the stray one after its score, `Nub 9,`) is joined with the next line when that
//!   one is no header, epoch, pause or colour line (`LTig-->Zag,` / `Zag-->Akk 12`); a line opening
//!   with an arrow or a comma (`-->Kash 7`, `, Korea 5`) is joined with the line before it
//!   (info `text.line-wrapped` on each line joined). A turn header's cards ending with a comma
//!   (`A(Sumer): Lead,`) followed by a line of moves is a stray comma: the lines stay apart. Never in a snapshot or a remark; the joined
//!   line's diagnostics point at its first line.
//! - **Numbered turns**: `1. A(Vik): …`, `2) B(Sel): …` (info `hotw.turn-number`).
//! - **Header lines** before the first turn, `Key: value` with a key that is no seat, region or
//!   card (`Date: 2026-11-03`, `日期：2026年11月3日`, `Place: Leeds`), are the game's comments
//!   (info `hotw.header-line`), not errors.
//! - **Full names** of several words may start with a code (`Wei River`, `Yellow River`) and are
//!   read in sea routes and card arguments too (`(Eastern Mediterranean)`, `Real(Western
//!   Mediterranean)`). Appendix 1's Chinese area headings (`中東`, `澳洲`, `非洲`, simplified too)
//!   are the areas of card arguments (`Famine(中東: MTig)`). `¢` in a battle is `c/`.
//! - **Seat letters** may be written in lower case (`a(Arab): Jihad`; info `hotw.seat-case`) where
//!   the line's shape makes them a seat: a header needs its colon (or the pause) after the
//!   brackets, a snapshot line `a: …` a pause before it, a colour line `a: Red` a known colour.
//! - **Snapshots** take `;` or `,` between groups, `A;` for `A:`, `D: --` for no holdings, `c` for
//!   `ct`; a unit epoch later than the current epoch is kept and reported.
//! - **Comments** `{…}` are attached to the turn before them (or the game, before the first turn).
//! - **Remarks** after `//` or `#` (`＃`), at the end of a line after white space or on a line of
//!   their own (`LTig(+m) 12 // Ann leads`, `# F's score not written`), are the turn's comment (the
//!   game's before the first turn; info `hotw.remark`). `/` is a word character (`c/`): only a word
//!   starting with `//` opens a remark.
//! - **Full-width plus**: `＋` is read as `+` wherever it is written (`Alb(＋m)`, `Popu(＋2)`,
//!   `SEAsia＋India`; info `hotw.plus-form` at each), keeping its column.
//! - **Full-width digits** in a score (`１２`, `２０分`) are read as digits (info `hotw.score-form`).
//! - **Square brackets** around the empire of a header (`D[Chou]:`, `E【Goth】：`) are read as
//!   round ones (info `hotw.header-bracket`). A header **without brackets** (`A Sumer: Lead`: a
//!   seat in capitals, one to three words naming an empire exactly or by an alias, the colon), a
//!   header **written empire first** (`Sumer (A): Lead`, `Egypt (B) – Ben`: the words name an
//!   empire exactly or by an alias, the seat in capitals in brackets, then a colon, a dash or the
//!   line's end) and a **dash for the colon** (`B(Egypt) - Lead`) are read too (info
//!   `hotw.header-form`). Words after the dash (or after the colon of a header written empire
//!   first) up to a colon or the line's end (one to three, all letters, none opening with a small
//!   letter) that are no card, nor a misspelled one, the start of a card's code, a region or an
//!   empire (unless they are the seat's known player), are the seat's **player** (`Egypt (B) –
//!   Ben`, `B(Egypt) - Ben: Lead`, `Sumer (A): Ana`; info `hotw.header-player`): the seat's name
//!   where the tags and header lines give none.
//! - **Seats in words**: `Player A(Sumer):`, `Seat B (Egypt):`, `A方(Rome):` (the side, as Chinese
//!   records write it), `弈者F(Fuji):` (the notation's own word) are read as the seat's letter (info
//!   `hotw.seat-form`); so are the seats of header lines naming players (`Player A: Ana`, `B方：班`;
//!   info `hotw.header-line`) and of final scores and winner lines (`最終分數：A方 5，B方 4`, `Winner:
//!   A方`; info `hotw.final-scores`, `hotw.result-line`).
//! - **Seat colours with the players**: a header line naming a seat's player may give its colour
//!   (`A: Ann (Purple)`, `A - Ann - Purple`, `A – Purple – Ann`, `A: Ann, Purple`, `F - Blue`), one
//!   seat or several on a line (`A: Ann (Purple), B: Ben (Red)`, `A - Ann - Purple; B - Ben -
//!   Red`); the colours are read (info `hotw.colours-read`), chapter 1's order only for a seat
//!   given none.
//! - **Title lines**: a line of prose before the first turn (`Club night at the Red Lion, 12
//!   players`, `第三屆聯賽 決賽`: three words or more, two when one is outside ASCII, or one word
//!   of four Chinese characters or more; numbers, commas and prose marks between them but none of
//!   the notation's marks (arrows, brackets, `+`, colons, braces) and no pause word; the first word
//!   no seat, card, empire or region) is kept as the game's comment (info `hotw.title-line`), not
//!   an error; the turns after it are read. The first such line is the game's title where no
//!   `Title` tag names one.
//! - **Empires of two epochs**: `Turks`, `Turkey`, `Turkish` name the Seljuk Turks (EV) and the
//!   Ottoman Turks (EVI); the epoch settles it (info `hotw.empire-context`). Before any epoch is
//!   known the earliest is taken, with a warning `hotw.empire-ambiguous` (so for `Fran`).
//! - **Final scores** after the first turn, a line of key words (`Final`, `Final scores`,
//!   `最終分數`, `總分`, …), maybe a colon, then every token a seat in capitals with its number
//!   (`A 12, B 30`, `A:12 B:30`, `A=57`, `E ６６`), are read into `final_scores` and the line kept
//!   in `closing` (info `hotw.final-scores`); a line that does not read whole so is read as before.
//!   The key alone (`Final scores:`) heads lines of scores under it (`A 12`, `B 9, C 3`), read so
//!   up to the first line that is none.
//!   The turns' totals are the record: a final score that is not the seat's last total is
//!   reported (warning `hotw.final-score-differs`) and the total kept; a seat with no total takes
//!   its final score for the outcome (not as a turn's score).
//!   The scores may be a **table** under the key: a row of seats then a row of as many numbers
//!   (`A  B  C` / `12  7  9`, with or without bars `| A | B | C |`), or rows of a seat and its
//!   score between bars (`| A | 12 |`) under a row of labels (`| Seat | Score |`, which heads the
//!   table by itself) and a rule (`|---|---|`); each row that holds no score gets an info
//!   `hotw.score-table`.
//! - **Winner lines** after the first turn (`Winner: C`, `勝者：C`, `C wins.`, `C勝`) are kept in
//!   `closing` (info `hotw.result-line`); they give the outcome only when no total is recorded, and
//!   one that names other seats than the highest totals is reported (warning
//!   `hotw.result-disagrees`), the totals deciding.

mod chain;
pub mod code;
pub(crate) mod entry;
mod fast;
mod game;
mod items;
pub mod lexer;
#[cfg(test)]
mod linear;
pub mod parser;
pub mod tables;
pub mod tokens;

pub use game::{
    Build, CardPlay, Checkpoint, Expansion, FinalScore, Holding, HotwGame, Target, Turn,
};
pub use tokens::Tokens;

/// A line's place in a game's progress, for the splitter of games (through the notation's entry).
pub(crate) use parser::progress_mark;

use crate::model::{Ctx, Parsed};

/// Parses a HotW body. Never panics; every problem becomes a diagnostic.
pub fn parse(body: &str, ctx: &Ctx) -> Parsed<HotwGame> {
    parser::parse_body(body, ctx)
}
