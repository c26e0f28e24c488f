//! The messages of errors, shown on pages in the reader's language.
//!
//! The domain and the JSON API write their errors in English, and the API keeps them so (its
//! answers do not change with the reader). A page looks its message up here: each entry pairs a
//! catalogue key with the English form the code writes, whose `{name}` holes are read back from
//! the message and handed to the translation as arguments (a hole that holds one of the few
//! English words of [`WORDS`], such as "a game id", is translated too). A message no entry
//! matches is shown as written. `tests/i18n_code.rs` holds every key to the catalogues.

use fluent_bundle::FluentValue;

use super::language::{tr, tr_args};

/// The catalogue key of each message, and its English form as the code writes it.
pub const MESSAGES: &[(&str, &str)] = &[
    ("err-no-game", "There is no game {id}."),
    ("err-no-game", "no game {id}"),
    ("err-no-game", "there is no game {id}"),
    ("err-no-version", "Game {id} has no version {n}."),
    ("err-no-version", "game {id} has no version {n}"),
    ("err-no-event", "no event {id}"),
    ("err-no-player", "no player {id}"),
    ("err-no-collection", "no collection {id}"),
    ("err-no-merge", "no merge {id}"),
    (
        "err-no-public-collection",
        "no public collection has this link",
    ),
    (
        "err-collection-other-club",
        "collection {id} belongs to another club",
    ),
    (
        "err-collection-no-item",
        "collection {id} has no item {item}",
    ),
    (
        "err-collection-no-section",
        "collection {id} has no section {s}",
    ),
    (
        "err-game-in-collection",
        "game {id} is in this collection already",
    ),
    ("err-item-needs", "an item needs a game, a note, or both"),
    (
        "err-no-stats",
        "no statistics for '{kind}' (hotw, sanguo, wec)",
    ),
    ("err-no-table", "no table '{table}' for {kind}"),
    ("err-no-explorer", "no explorer for deluge"),
    (
        "err-explorer-kinds",
        "the move explorer covers sanguo and wec, not {kind}",
    ),
    (
        "err-explorer-scope-plies",
        "an explorer limited to an event, a player or a collection reaches the first {n} plies",
    ),
    (
        "err-explorer-offset",
        "offset is at most {n} in the explorer's games",
    ),
    ("err-explorer-moves", "at most {n} moves"),
    (
        "err-unknown-kind",
        "unknown kind '{kind}' (hotw, sanguo, wec or deluge)",
    ),
    ("err-unknown-kind", "unknown kind '{kind}'"),
    (
        "err-positive-number",
        "{what} is a positive whole number, not '{v}'",
    ),
    (
        "err-number-range",
        "{name} must be a whole number from {min} to {max}, not '{v}'",
    ),
    (
        "err-param-too-long",
        "{name} is at most {max} characters long",
    ),
    (
        "err-year",
        "year must be a year like 2017 or a range like 1990..1999, not '{v}'",
    ),
    (
        "err-year-param",
        "{name} must be a year like 1999, not '{v}'",
    ),
    ("err-year-range-empty", "the year range {a}..{b} is empty"),
    (
        "err-collection-param",
        "collection is a collection's number",
    ),
    (
        "err-position-param",
        "position is a board's key: 16 hexadecimal digits",
    ),
    (
        "err-sort-param",
        "sort is one of newest, date, oldest, event",
    ),
    ("err-no-seat", "player {id} has no seat in those games"),
    ("err-required", "{what} is required"),
    ("err-longer-than", "{what} is longer than {max} characters"),
    ("err-not-empty", "{what} must not be empty"),
    (
        "err-printable",
        "{what} must be 1 to 100 printable characters",
    ),
    ("err-wrong-login", "wrong club, name or password"),
    ("err-log-in", "please log in first"),
    (
        "err-token-unknown",
        "this token is unknown, was revoked, or was an invitation already used",
    ),
    (
        "err-password-short",
        "a password needs at least 8 characters",
    ),
    ("err-password-missing", "type the new password"),
    (
        "err-too-many-logins",
        "too many failed logins from this address; try again in {n} s",
    ),
    (
        "err-logins-at-once",
        "too many logins at once; try again in a moment",
    ),
    (
        "err-login-stale",
        "the login form is stale or forged; reload it",
    ),
    (
        "err-sign-in-stale",
        "the sign-in form is stale or forged; reload it",
    ),
    (
        "err-form-stale",
        "the form is stale or forged (CSRF token mismatch); reload the page",
    ),
    ("err-club-exists", "a club named {name} exists already"),
    ("err-member-exists", "{name} is already a member"),
    (
        "err-text-empty",
        "the text is empty: type or paste a record",
    ),
    (
        "err-text-many-games",
        "the text holds {n} games; a correction is the text of one game",
    ),
    (
        "err-text-other-game",
        "the corrected text is the record of game {id} already",
    ),
    ("err-shutting-down", "shutting down"),
];

/// English words the code puts in a message's holes ("a game id is a positive whole number…"),
/// translated with it.
const WORDS: &[(&str, &str)] = &[
    ("a game id", "err-what-game-id"),
    ("an event id", "err-what-event-id"),
    ("a player id", "err-what-player-id"),
    ("a collection id", "err-what-collection-id"),
    ("an item id", "err-what-item-id"),
    ("a merge id", "err-what-merge-id"),
    ("a token id", "err-what-token-id"),
    ("a version number", "err-what-version"),
    ("a club name", "err-what-club-name"),
    ("a member name", "err-what-member-name"),
    ("name", "err-what-name"),
    ("description", "err-what-description"),
    ("a section title", "err-what-section-title"),
    ("a note", "err-what-note"),
    ("the game", "err-what-the-game"),
    ("the ply", "err-what-the-ply"),
    ("the section", "err-what-the-section"),
];

/// The keys of the words a message's holes may hold (for the tests).
pub fn word_keys() -> impl Iterator<Item = &'static str> {
    WORDS.iter().map(|(_, k)| *k)
}

/// `message` in the reader's language: the first entry of [`MESSAGES`] it reads as, with its
/// holes, or the message as written (and always in English).
pub fn localize(message: &str) -> String {
    // English pages say the message as the code wrote it (several forms share one key).
    if super::language::lang() == crate::i18n::Lang::En {
        return message.to_string();
    }
    for (key, pattern) in MESSAGES {
        let mut holes = Vec::new();
        if read_as(pattern, message, &mut holes) {
            let args: Vec<(&str, FluentValue<'_>)> = holes
                .into_iter()
                .map(|(name, value)| (name, FluentValue::from(word(value))))
                .collect();
            return tr_args(key, &args);
        }
    }
    message.to_string()
}

/// A hole's value: one of [`WORDS`] translated, anything else as written.
fn word(value: &str) -> String {
    WORDS
        .iter()
        .find(|(w, _)| *w == value)
        .map_or_else(|| value.to_string(), |(_, k)| tr(k))
}

/// Does `text` read as `pattern` (literal text with `{name}` holes, each matching one or more
/// characters)? The holes' values go to `holes`, in order.
fn read_as<'p, 't>(pattern: &'p str, text: &'t str, holes: &mut Vec<(&'p str, &'t str)>) -> bool {
    let Some(rest) = pattern.strip_prefix('{') else {
        let lit_end = pattern.find('{').unwrap_or(pattern.len());
        let (lit, after) = pattern.split_at(lit_end);
        return match text.strip_prefix(lit) {
            Some(t) if after.is_empty() => t.is_empty(),
            Some(t) => read_as(after, t, holes),
            None => false,
        };
    };
    let Some(close) = rest.find('}') else {
        return false;
    };
    let (name, after) = (&rest[..close], &rest[close + 1..]);
    if after.is_empty() {
        if text.is_empty() {
            return false;
        }
        holes.push((name, text));
        return true;
    }
    let lit = &after[..after.find('{').unwrap_or(after.len())];
    for (i, _) in text.match_indices(lit).filter(|(i, _)| *i > 0) {
        holes.push((name, &text[..i]));
        if read_as(after, &text[i..], holes) {
            return true;
        }
        holes.pop();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn holes<'p, 't>(p: &'p str, t: &'t str) -> Option<Vec<(&'p str, &'t str)>> {
        let mut h = Vec::new();
        read_as(p, t, &mut h).then_some(h)
    }

    #[test]
    fn messages_read_back_with_their_holes() {
        assert_eq!(
            holes("There is no game {id}.", "There is no game 12."),
            Some(vec![("id", "12")])
        );
        assert_eq!(holes("no game {id}", "no game"), None);
        assert_eq!(holes("no game {id}", "no games 3"), None);
        assert_eq!(
            holes(
                "the year range {a}..{b} is empty",
                "the year range 2001..1999 is empty"
            ),
            Some(vec![("a", "2001"), ("b", "1999")])
        );
        assert_eq!(
            holes(
                "{what} is a positive whole number, not '{v}'",
                "a game id is a positive whole number, not 'x, not 'y'"
            ),
            Some(vec![("what", "a game id"), ("v", "x, not 'y")])
        );
    }

    #[test]
    fn every_pattern_is_unique() {
        for (i, (_, p)) in MESSAGES.iter().enumerate() {
            assert!(
                MESSAGES[..i].iter().all(|(_, q)| q != p),
                "{p} is listed twice"
            );
        }
    }
}
