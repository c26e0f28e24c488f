//! The diagnostic codes of this notation (stable; never rename one).

/// error: a part of a line that could not be read; kept verbatim in `unparsed`.
pub const UNREADABLE: &str = "hotw.unreadable";
/// warning: a region/sea/wasteland name not in the tables; kept verbatim.
pub const REGION_UNKNOWN: &str = "hotw.region-unknown";
/// info: a region written as a known alias, in another case, or by its full name.
pub const REGION_ALIAS: &str = "hotw.region-alias";
/// info: a region written with dots (`E.Ana`) or a trailing dot (`Nub.`).
pub const REGION_DOTTED: &str = "hotw.region-dotted";
/// warning: a region resolved as a close misspelling.
pub const REGION_FUZZY: &str = "hotw.region-fuzzy";
/// warning: an area code (China, NAm…) not in appendix 1.
pub const AREA_UNKNOWN: &str = "hotw.area-unknown";
/// warning: a sea route names a land region.
pub const VIA_NOT_SEA: &str = "hotw.via-not-sea";
pub const EMPIRE_UNKNOWN: &str = "hotw.empire-unknown";
pub const EMPIRE_ALIAS: &str = "hotw.empire-alias";
pub const EMPIRE_FUZZY: &str = "hotw.empire-fuzzy";
/// info: a form naming two empires settled by the epoch (`Fran`).
pub const EMPIRE_CONTEXT: &str = "hotw.empire-context";
pub const CARD_UNKNOWN: &str = "hotw.card-unknown";
/// info: a turn's card written as none (`none`, `no card`, `無`).
pub const NO_CARD: &str = "hotw.no-card";
pub const CARD_ALIAS: &str = "hotw.card-alias";
pub const CARD_FUZZY: &str = "hotw.card-fuzzy";
/// warning: `Civil` without arguments (Civil Service or Civil War?).
pub const CARD_AMBIGUOUS: &str = "hotw.card-ambiguous";
/// info: `Civil(...)` read as Civil Service or Civil War from its arguments.
pub const CARD_CONTEXT: &str = "hotw.card-context";
/// warning: a card played outside the epochs printed for it in appendix 3.
pub const CARD_EPOCH: &str = "hotw.card-epoch";
/// warning: a bare `King`, read as the kingdom card of the current epoch.
pub const KINGDOM_INFERRED: &str = "hotw.kingdom-inferred";
/// warning: an epoch moved on without a header, from the empires played.
pub const EPOCH_INFERRED: &str = "hotw.epoch-inferred";
/// info: an epoch written in another form than `EI`…`EVII` (`E I`, `EⅡ`, `eiii`, `Epoch 3`;
/// in a snapshot `(ii)`, `(Ⅱ)`), read as that epoch.
pub const EPOCH_FORM: &str = "hotw.epoch-form";
/// warning: an empire of an earlier epoch under a later header.
pub const EPOCH_MISMATCH: &str = "hotw.epoch-mismatch";
/// warning: an unbalanced parenthesis repaired.
pub const BRACKET_REPAIRED: &str = "hotw.bracket-repaired";
/// warning: `--` without `>` read as an arrow; or an arrow written `>` alone, `->>`, `~>` or
/// `入` (into) between two regions.
pub const ARROW_REPAIRED: &str = "hotw.arrow-repaired";
/// info: a sea route written with a single dash (`Che-(SCS)->Mek`, `Che-(SCS)-Mek`), read
/// as `Che--(SCS)-->Mek`.
pub const SEA_DASH: &str = "hotw.sea-dash";
/// warning: a token in a battle record that is none of `f W St For M sea X V = R c/ cX fX mX`.
pub const BATTLE_UNKNOWN: &str = "hotw.battle-unknown";
/// info: battle tokens normalized (case: `fw` → `f W`; width: `c／` → `c/`).
pub const BATTLE_NORMALIZED: &str = "hotw.battle-normalized";
/// warning: a build item other than `+f`, `+m`, `+ct`.
pub const BUILD_UNKNOWN: &str = "hotw.build-unknown";
/// info: stray punctuation ignored (`;;`, `A;`, a lone `.`, a `;` or `,` after the score
/// ending a line).
pub const PUNCTUATION: &str = "hotw.punctuation";
/// info: the turn's gain in brackets after its total (`20 (+20)`), kept as the turn's comment.
pub const SCORE_GAIN: &str = "hotw.score-gain";
/// info: a score written with a unit or a full stop (`20分`, `20 pts`, `25.`), read as the number.
pub const SCORE_FORM: &str = "hotw.score-form";
/// warning: a score given twice in one turn (the last one counts).
pub const SCORE_REPEATED: &str = "hotw.score-repeated";
/// warning: a number ending a line of words that read as nothing, with no arrow and no
/// region among them (`Round 2`, `註：重擲 2`): part of a note, not the player's total; the
/// line is kept as raw text (with its `hotw.unreadable` error).
pub const SCORE_IN_NOTE: &str = "hotw.score-in-note";
/// warning: a score written for a minor empire (dropped).
pub const MINOR_SCORE: &str = "hotw.minor-score";
/// warning: a recorded total lower than the player's previous one.
pub const SCORE_DECREASE: &str = "hotw.score-decrease";
/// info: seat colours taken from chapter 1's default order.
pub const COLOURS_DEFAULT: &str = "hotw.colours-default";
/// info: seat colours read from the colour line, or from the players' header lines (`A - Ann
/// - Purple`).
pub const COLOURS_READ: &str = "hotw.colours-read";
pub const COLOUR_UNKNOWN: &str = "hotw.colour-unknown";
/// info: a seat letter written in lower case (`a(Arab): Jihad`, `a: Mong(III)`), read as its
/// capital.
pub const SEAT_CASE: &str = "hotw.seat-case";
/// warning: a turn header without the colon (`B(Mino) Lead`).
pub const HEADER_COLON: &str = "hotw.header-colon";
/// warning: a pause line whose seat or empire is not the last turn's.
pub const PAUSE_MISMATCH: &str = "hotw.pause-mismatch";
/// info: a pause written in words (`Game paused after D(Greek).`), read as `D(Greek)後暫停`.
pub const PAUSE_FORM: &str = "hotw.pause-form";
/// info: a turn header numbered by the transcriber (`1. A(Vik): …`); the number is ignored.
pub const TURN_NUMBER: &str = "hotw.turn-number";
/// info: a `Key: value` line before the first turn (`Date: 2026-11-03`, `日期：…`), kept as
/// the game's comment.
pub const HEADER_LINE: &str = "hotw.header-line";
/// info: a note that is no notation at the end of a line (`Lead [leader card]`, `43 (a good
/// turn)`), kept as the turn's comment; or a line all in brackets holding words (`(note: Bob
/// arrived late)`, appendix 4's `(另﹕A 至 F 順第一章序使用由紅至紫各色，不贅)`), kept as the
/// turn's comment, or the game's before the first turn.
pub const NOTE: &str = "hotw.note";
/// warning: a number in brackets ending a line (`PersP(V, cX) (64)`), kept as raw text: the
/// notation writes no score so, and it is no battle token.
pub const BRACKETED_NUMBER: &str = "hotw.bracketed-number";
/// info: a row of the final scores written as a table under their heading (`Scores` then
/// `A  B  C` / `12  7  9`, or `| A | 12 |` rows, with rules `|---|---|` and labels `| Seat |
/// Score |`) that holds no score itself: its seats, a rule or labels. The row of numbers is
/// read as the final scores (info `hotw.final-scores`).
pub const SCORE_TABLE: &str = "hotw.score-table";
/// warning: `(con't)` with no pause before it.
pub const RESUME_WITHOUT_PAUSE: &str = "hotw.resume-without-pause";
/// warning: a snapshot unit epoch later than the current epoch.
pub const SNAPSHOT_EPOCH: &str = "hotw.snapshot-epoch";
/// warning: snapshot regions with no unit epoch after them.
pub const SNAPSHOT_EPOCH_MISSING: &str = "hotw.snapshot-epoch-missing";
/// warning: a facility letter other than cp, ct, c, m, f.
pub const FACILITY_UNKNOWN: &str = "hotw.facility-unknown";
/// warning: a character that has no meaning in the notation (ignored).
pub const STRAY_CHAR: &str = "hotw.stray-char";
/// info: a `……` placeholder for omitted moves (chapter examples).
pub const PLACEHOLDER: &str = "hotw.placeholder";
/// info: a line of final scores after the turns (`Final: A 12, B 30, C 25`, `最終分數：A
/// 12，B 30`, `Final scores: A=57, B=40`), read into `final_scores`; a seat with no recorded
/// total takes its final score as its total.
pub const FINAL_SCORES: &str = "hotw.final-scores";
/// warning: a final score that is not the seat's last recorded total; the turn's total is kept
/// (the notation records totals turn by turn).
pub const FINAL_SCORE_DIFFERS: &str = "hotw.final-score-differs";
/// info: a line naming the winner after the turns (`Winner: C`, `勝者：C`, `C wins`), kept in
/// `closing`; the outcome when no total is recorded.
pub const RESULT_LINE: &str = "hotw.result-line";
/// warning: a winner line that names other seats than the highest totals; the totals decide.
pub const RESULT_DISAGREES: &str = "hotw.result-disagrees";
/// info: a turn header with the empire in square brackets (`D[Chou]:`, `D【Chou】:`), read
/// as `D(Chou):`.
pub const HEADER_BRACKET: &str = "hotw.header-bracket";
/// info: a turn header written without brackets (`A Sumer: Lead`: the words name an empire
/// exactly or by an alias) or with a dash for its colon (`B(Egypt) - Lead`).
pub const HEADER_FORM: &str = "hotw.header-form";
/// info: a turn header's seat written with a word (`Player A(Sumer):`, `A方(Rome):`,
/// `弈者F(Fuji):`), read as its letter.
pub const SEAT_FORM: &str = "hotw.seat-form";
/// warning: a turn header's seat written as a code other than `A`–`F` (`K(Sumer):`,
/// `G(Egypt):`), read as the first seat that had not played; info when the tags or a header
/// line name that seat's player so (`[A "Ann"]`, then `Ann(Sumer):`). The code keeps its seat
/// for the rest of the game.
pub const SEAT_CODE: &str = "hotw.seat-code";
/// info: a player's name after a turn header's dash (`Egypt (B) – Ben`, `B(Egypt) - Ben:
/// Lead`), read as the seat's player where the tags and header lines name none.
pub const HEADER_PLAYER: &str = "hotw.header-player";
/// info: a line of prose before the first turn (`Club night at the Red Lion, 12 players`,
/// `第三屆聯賽 決賽`), kept as the game's comment; the first one is the game's title where no
/// `Title` tag names one.
pub const TITLE_LINE: &str = "hotw.title-line";
/// warning: an empire written in a form naming more than one (`Turks`: Seljuk or Ottoman)
/// before any epoch is known; the earliest is taken.
pub const EMPIRE_AMBIGUOUS: &str = "hotw.empire-ambiguous";
/// info: a move line wrapped onto the next line (`LTig-->Zag,` then `Zag-->Akk 12`; `-->Akk`
/// or `, Korea` opening a line), read joined to the line before; the joined line's other
/// diagnostics point at its first line.
/// One code for every notation's wrapped lines ([`crate::text::code::LINE_WRAPPED`]).
pub const LINE_WRAPPED: &str = crate::text::code::LINE_WRAPPED;
/// info: a full-width `＋` (`Alb(＋m)`, `Popu(＋2)`) read as `+`.
pub const PLUS_FORM: &str = "hotw.plus-form";
/// info: a remark after `//` or `#` (at the end of a line or on a line of its own), kept as
/// the turn's comment (before the first turn: the game's).
pub const REMARK: &str = "hotw.remark";
