//! The search query language, parsed into clauses (no tantivy here).
//!
//! `words "quoted phrases"` are all required; `a OR b` makes a group of alternatives; `-word`
//! excludes; `field:value` (or `field:"a phrase"`) restricts a term to one field; `year:1990..1999`
//! (either end may be left open) or `year:2017` is a range. Anything that cannot be read is an error
//! naming what is wrong, for a 400.

use annals_import::Kind;

/// The fields a query may name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Title,
    Empire,
    Card,
    Region,
    Player,
    Event,
    Side,
    Winner,
    Opening,
    Kind,
    Year,
}

impl Field {
    /// `power:` (Deluge) is another name of `side:`.
    pub const NAMES: [(&'static str, Field); 12] = [
        ("title", Field::Title),
        ("empire", Field::Empire),
        ("card", Field::Card),
        ("region", Field::Region),
        ("player", Field::Player),
        ("event", Field::Event),
        ("side", Field::Side),
        ("power", Field::Side),
        ("winner", Field::Winner),
        ("opening", Field::Opening),
        ("kind", Field::Kind),
        ("year", Field::Year),
    ];

    fn from_name(s: &str) -> Option<Field> {
        Field::NAMES
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(s))
            .map(|(_, f)| *f)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// A word or a quoted phrase: matched as a substring of words (and of CJK text).
    Text(String),
    Kind(Kind),
    Years(Option<i64>, Option<i64>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    pub field: Option<Field>,
    pub value: Value,
}

/// A parsed query: every group is required (or, when `negated`, excluded); a group matches when any
/// of its terms does.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Query {
    pub groups: Vec<Group>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    pub negated: bool,
    pub terms: Vec<Term>,
}

pub const MAX_QUERY_CHARS: usize = 500;

/// Lexes the query into items: (negated, text, was_quoted).
fn lex(q: &str) -> Result<Vec<(bool, String, bool)>, String> {
    let mut items = Vec::new();
    let mut chars = q.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        let Some(&c0) = chars.peek() else { break };
        let mut negated = false;
        if c0 == '-' {
            chars.next();
            negated = true;
        }
        let mut text = String::new();
        let mut quoted = false;
        while let Some(&c) = chars.peek() {
            if c.is_whitespace() {
                break;
            }
            chars.next();
            if c == '"' || c == '“' || c == '”' {
                quoted = true;
                let mut closed = false;
                for d in chars.by_ref() {
                    if d == '"' || d == '”' || d == '“' {
                        closed = true;
                        break;
                    }
                    text.push(d);
                }
                if !closed {
                    return Err("a quoted phrase is not closed: add the closing \"".into());
                }
            } else {
                text.push(c);
            }
        }
        if text.is_empty() && !quoted {
            if negated {
                return Err("a '-' must be followed by the word or phrase to exclude".into());
            }
            continue;
        }
        items.push((negated, text, quoted));
    }
    Ok(items)
}

/// Parses a query string.
pub fn parse(q: &str) -> Result<Query, String> {
    if q.chars().count() > MAX_QUERY_CHARS {
        return Err(format!(
            "the query is longer than {MAX_QUERY_CHARS} characters"
        ));
    }
    let items = lex(q)?;
    let mut groups: Vec<Group> = Vec::new();
    let mut join_next = false;
    let n = items.len();
    for (i, (negated, text, quoted)) in items.into_iter().enumerate() {
        if !quoted && text == "OR" && !negated {
            if groups.is_empty() || i + 1 == n || join_next {
                return Err("OR must stand between two terms".into());
            }
            if groups.last().is_some_and(|g| g.negated) {
                return Err("OR cannot follow an excluded term".into());
            }
            join_next = true;
            continue;
        }
        let term = parse_term(&text, quoted)?;
        if join_next {
            if negated {
                return Err("OR cannot join an excluded term".into());
            }
            if let Some(g) = groups.last_mut() {
                g.terms.push(term);
            }
            join_next = false;
        } else {
            groups.push(Group {
                negated,
                terms: vec![term],
            });
        }
    }
    if groups.is_empty() {
        return Err("the query is empty".into());
    }
    if groups.iter().all(|g| g.negated) {
        return Err("a query needs at least one term that is not excluded".into());
    }
    Ok(Query { groups })
}

fn parse_term(text: &str, quoted: bool) -> Result<Term, String> {
    // `field:value` — only when the part before the colon is a plain word (and not inside quotes).
    if let Some((name, value)) = text.split_once(':') {
        let plain = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphabetic());
        let field_quoted = quoted && !text.starts_with(':') && name.len() < text.len();
        if plain && (!quoted || field_quoted) {
            let Some(field) = Field::from_name(name) else {
                let known: Vec<&str> = Field::NAMES.iter().map(|(n, _)| *n).collect();
                return Err(format!(
                    "unknown field '{name}:' (known fields: {})",
                    known.join(", ")
                ));
            };
            if value.trim().is_empty() {
                return Err(format!("'{name}:' needs a value after the colon"));
            }
            return field_term(field, value.trim());
        }
    }
    if text.trim().is_empty() {
        return Err("an empty phrase \"\" has nothing to search for".into());
    }
    Ok(Term {
        field: None,
        value: Value::Text(text.to_string()),
    })
}

fn field_term(field: Field, value: &str) -> Result<Term, String> {
    let value = match field {
        Field::Kind => Value::Kind(
            Kind::from_name(value)
                .ok_or_else(|| format!("unknown kind '{value}' (hotw, sanguo, wec or deluge)"))?,
        ),
        Field::Year => {
            let year = |s: &str| -> Result<Option<i64>, String> {
                if s.is_empty() {
                    return Ok(None);
                }
                s.parse::<i64>()
                    .ok()
                    .filter(|y| (0..=9999).contains(y))
                    .map(Some)
                    .ok_or_else(|| {
                        format!("'{s}' is not a year (write year:2017 or year:1990..1999)")
                    })
            };
            match value.split_once("..") {
                Some((a, b)) => {
                    let (a, b) = (year(a.trim())?, year(b.trim())?);
                    if a.is_none() && b.is_none() {
                        return Err("a year range needs at least one end (year:1990..1999)".into());
                    }
                    if let (Some(a), Some(b)) = (a, b)
                        && a > b
                    {
                        return Err(format!("the year range {a}..{b} is empty"));
                    }
                    Value::Years(a, b)
                }
                None => {
                    let y = year(value)?;
                    Value::Years(y, y)
                }
            }
        }
        _ => Value::Text(value.to_string()),
    };
    Ok(Term {
        field: Some(field),
        value,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(field: Option<Field>, s: &str) -> Term {
        Term {
            field,
            value: Value::Text(s.into()),
        }
    }

    #[test]
    fn words_phrases_or_and_not() {
        let q = parse(r#"魏杀汉 "Civil Service" a OR b -c"#).expect("parses");
        assert_eq!(q.groups.len(), 4);
        assert_eq!(q.groups[0].terms, vec![t(None, "魏杀汉")]);
        assert_eq!(q.groups[1].terms, vec![t(None, "Civil Service")]);
        assert_eq!(q.groups[2].terms, vec![t(None, "a"), t(None, "b")]);
        assert!(q.groups[3].negated);
    }

    #[test]
    fn fields_and_ranges() {
        let q = parse(
            r#"empire:Sumer player:"Lin Wei" year:1990..1999 year:2017 kind:三国 year:..2000"#,
        )
        .expect("parses");
        assert_eq!(q.groups[0].terms[0], t(Some(Field::Empire), "Sumer"));
        assert_eq!(q.groups[1].terms[0], t(Some(Field::Player), "Lin Wei"));
        assert_eq!(
            q.groups[2].terms[0].value,
            Value::Years(Some(1990), Some(1999))
        );
        assert_eq!(
            q.groups[3].terms[0].value,
            Value::Years(Some(2017), Some(2017))
        );
        assert_eq!(q.groups[4].terms[0].value, Value::Kind(Kind::Sanguo));
        assert_eq!(q.groups[5].terms[0].value, Value::Years(None, Some(2000)));
    }

    #[test]
    fn errors_name_the_problem() {
        for (q, want) in [
            ("", "empty"),
            ("\"open", "not closed"),
            ("foo:bar", "unknown field 'foo:'"),
            ("year:abc", "not a year"),
            ("year:2000..1990", "empty"),
            ("kind:chess", "unknown kind"),
            ("OR a", "OR must stand"),
            ("a OR", "OR must stand"),
            ("-a", "not excluded"),
            ("empire:", "needs a value"),
        ] {
            let e = parse(q).expect_err(q);
            assert!(e.contains(want), "{q}: {e}");
        }
    }
}
