//! What a request brings: its limits, query-string parameters, path ids and JSON bodies, read so
//! that every bad value gets a 400 naming it. The router and the API description share the limits.

use std::collections::HashMap;

use crate::error::{Error, Result};

/// Largest request body accepted (JSON of the collections API, record uploads).
pub const MAX_BODY_BYTES: usize = 2 * 1024 * 1024;
pub const MAX_PAGE_SIZE: usize = 200;
pub const MAX_OFFSET: usize = 100_000;
/// Longest text filter (`q`, `player`, `event`, `empire`, `name`): longer values would only make
/// SQLite refuse the LIKE pattern ("too complex") and answer a 500.
pub const MAX_FILTER_CHARS: usize = 200;

/// Query-string parameters, read by hand so that every bad value gets a message naming it.
#[derive(Debug, Default, Clone)]
pub struct Params(HashMap<String, String>);

impl Params {
    pub fn parse(raw: Option<&str>) -> Params {
        let mut m = HashMap::new();
        if let Some(q) = raw {
            for (k, v) in form_urlencoded::parse(q.as_bytes()) {
                m.entry(k.into_owned()).or_insert_with(|| v.into_owned());
            }
        }
        Params(m)
    }

    /// A non-empty, trimmed value.
    pub fn str(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(|s| s.trim()).filter(|s| !s.is_empty())
    }

    /// A text filter: like [`Params::str`], or a 400 naming the field when it is longer than
    /// [`MAX_FILTER_CHARS`] characters.
    pub fn filter(&self, name: &str) -> Result<Option<&str>> {
        let raw = self.0.get(name).map_or(0, |v| v.chars().count());
        match self.str(name) {
            Some(_) if raw > MAX_FILTER_CHARS => Err(Error::BadRequest(format!(
                "{name} is at most {MAX_FILTER_CHARS} characters long"
            ))),
            v => Ok(v),
        }
    }

    pub fn usize(&self, name: &str, default: usize, min: usize, max: usize) -> Result<usize> {
        match self.str(name) {
            None => Ok(default),
            Some(v) => v
                .parse::<usize>()
                .ok()
                .filter(|n| (min..=max).contains(n))
                .ok_or_else(|| {
                    Error::BadRequest(format!(
                        "{name} must be a whole number from {min} to {max}, not '{v}'"
                    ))
                }),
        }
    }

    pub fn kind(&self) -> Result<Option<annals_import::Kind>> {
        match self.str("kind") {
            None => Ok(None),
            Some(k) => annals_import::Kind::from_name(k).map(Some).ok_or_else(|| {
                Error::BadRequest(format!("unknown kind '{k}' (hotw, sanguo, wec or deluge)"))
            }),
        }
    }

    /// `year=`: a year (`2017`) or a range of years (`1990..1999`, `..2000`, `1990..`), as the
    /// search's `year:` field reads them; both ends included.
    pub fn years(&self) -> Result<(Option<i64>, Option<i64>)> {
        let Some(v) = self.str("year").map(str::trim).filter(|v| !v.is_empty()) else {
            return Ok((None, None));
        };
        let bad = || {
            Error::BadRequest(format!(
                "year must be a year like 2017 or a range like 1990..1999, not '{v}'"
            ))
        };
        let one = |s: &str| -> Result<Option<i64>> {
            if s.is_empty() {
                return Ok(None);
            }
            s.parse::<i64>()
                .ok()
                .filter(|y| (0..=9999).contains(y))
                .map(Some)
                .ok_or_else(bad)
        };
        match v.split_once("..") {
            Some((a, b)) => {
                let (a, b) = (one(a.trim())?, one(b.trim())?);
                if let (Some(x), Some(y)) = (a, b)
                    && x > y
                {
                    return Err(bad());
                }
                Ok((a, b))
            }
            None => {
                let y = one(v)?.ok_or_else(bad)?;
                Ok((Some(y), Some(y)))
            }
        }
    }

    /// The filters of the game list.
    /// The scope of an explorer or statistics: `event=ID`, `player=ID` (with `side=` for the seat
    /// held), `collection=ID`. An event given by name (not digits) is no scope but a name filter.
    pub fn scope(&self) -> Result<crate::scope::Scope> {
        let id = |name: &str| -> Option<i64> {
            self.str(name)
                .filter(|v| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|v| v.parse().ok())
        };
        let collection =
            match self.str("collection") {
                None => None,
                Some(_) => Some(id("collection").ok_or_else(|| {
                    Error::BadRequest("collection is a collection's number".into())
                })?),
            };
        let player = id("player").map(|p| (p, self.str("side").map(str::to_string)));
        Ok(crate::scope::Scope {
            event: id("event"),
            player,
            collection,
        })
    }

    /// `position=`: a board's key, 16 hex digits; a 400 when it is anything else.
    pub fn position(&self) -> Result<Option<i64>> {
        match self.str("position") {
            None => Ok(None),
            Some(s) => annals_import::position::parse_key(s)
                .map(|k| Some(crate::store::positions::stored_key(k)))
                .ok_or_else(|| {
                    Error::BadRequest("position is a board's key: 16 hexadecimal digits".into())
                }),
        }
    }

    pub fn game_filter(&self) -> Result<crate::store::reads::GameFilter> {
        Ok(crate::store::reads::GameFilter {
            kind: self.kind()?,
            q: self.filter("q")?.map(str::to_string),
            event: self.filter("event")?.map(str::to_string),
            player: self.filter("player")?.map(str::to_string),
            empire: self.filter("empire")?.map(str::to_string),
            side: self.filter("side")?.map(str::to_string),
            winner: self.filter("winner")?.map(str::to_string),
            years: self.years()?,
            sort: crate::store::reads::GameSort::from_name(self.str("sort").unwrap_or(""))
                .ok_or_else(|| {
                    Error::BadRequest("sort is one of newest, date, oldest, event".to_string())
                })?,
            limit: self.usize("limit", 50, 1, MAX_PAGE_SIZE)? as i64,
            offset: self.usize("offset", 0, 0, MAX_OFFSET)? as i64,
        })
    }
}

/// A game id from a path segment.
pub fn game_id(s: &str) -> Result<i64> {
    id_of(s, "a game id")
}

/// A record id from a path segment (`what` names it in the message of the 400).
pub fn id_of(s: &str, what: &str) -> Result<i64> {
    s.parse::<i64>()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(|| Error::BadRequest(format!("{what} is a positive whole number, not '{s}'")))
}

/// A JSON request body, or a 400 saying what is wrong with it. A number with no fraction
/// (`24302.0`) is the integer it equals, as JSON Schema's `integer` reads it; `24302.5` is not.
pub fn json_body<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T> {
    let bad =
        |e: serde_json::Error| Error::BadRequest(format!("the body is not the JSON expected: {e}"));
    let mut v: serde_json::Value = serde_json::from_slice(bytes).map_err(bad)?;
    whole_numbers_as_integers(&mut v);
    serde_json::from_value(v).map_err(bad)
}

/// Turns every float with no fraction within the range of `i64` into that integer.
fn whole_numbers_as_integers(v: &mut serde_json::Value) {
    use serde_json::Value;
    match v {
        Value::Number(n) if n.is_f64() => {
            if let Some(f) = n.as_f64()
                && f.fract() == 0.0
                && f >= i64::MIN as f64
                && f < i64::MAX as f64
            {
                *v = Value::from(f as i64);
            }
        }
        Value::Array(a) => a.iter_mut().for_each(whole_numbers_as_integers),
        Value::Object(o) => o.values_mut().for_each(whole_numbers_as_integers),
        _ => {}
    }
}
