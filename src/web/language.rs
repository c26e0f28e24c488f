//! The reader's language for each request, and the text of pages in it.
//!
//! The language is `?lang=` first (which also sets the `annals_lang` cookie, so the links of the
//! next pages keep it), then that cookie, then `Accept-Language`, else English. The middleware
//! [`choose`] settles it once and runs the rest of the request inside a task-local scope, so every
//! template (through [`Localize`]) and handler (through [`lang`]) reads the same choice without
//! each page struct carrying it. The JSON API does not follow the cookie or the header: it adds
//! display names only when asked with `?lang=`.

use askama::Template;
use axum::extract::Request;
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;
use fluent_bundle::FluentValue;

use crate::i18n::names::{self, Family};
use crate::i18n::{self, Lang, format};

// Made titles, scopes and results in the reader's language.
pub mod code_text;

pub const LANG_COOKIE: &str = "annals_lang";

/// What the request asked for: its language, and its path and query without `lang` (for the
/// switch's links).
#[derive(Debug, Clone, Default)]
struct Asked {
    lang: Lang,
    here: String,
}

tokio::task_local! {
    static ASKED: Asked;
}

/// The language of the request being answered (English outside a request).
pub fn lang() -> Lang {
    ASKED.try_with(|a| a.lang).unwrap_or_default()
}

/// Runs `f` in `lang`: for work a handler hands to a blocking thread (outside the request's
/// task) that names things in the reader's language.
pub fn within<R>(lang: Lang, f: impl FnOnce() -> R) -> R {
    ASKED.sync_scope(
        Asked {
            lang,
            here: String::new(),
        },
        f,
    )
}

/// `?lang=` of a raw query string, when it names a language annals speaks.
pub fn query_lang(query: Option<&str>) -> Option<Lang> {
    form_urlencoded::parse(query?.as_bytes())
        .find(|(k, _)| k == "lang")
        .and_then(|(_, v)| Lang::from_tag(&v))
}

fn without_lang(path: &str, query: Option<&str>) -> String {
    let Some(q) = query else {
        return path.to_string();
    };
    let mut s = form_urlencoded::Serializer::new(String::new());
    for (k, v) in form_urlencoded::parse(q.as_bytes()) {
        if k != "lang" {
            s.append_pair(&k, &v);
        }
    }
    let rest = s.finish();
    if rest.is_empty() {
        path.to_string()
    } else {
        format!("{path}?{rest}")
    }
}

/// Settles the request's language (see the module docs) and answers within it; `?lang=` on a
/// page sets the cookie.
pub async fn choose(req: Request, next: Next) -> Response {
    let headers = req.headers();
    let api = req.uri().path().starts_with("/api/");
    let asked_lang = query_lang(req.uri().query());
    let lang = asked_lang
        .or_else(|| super::session::cookie(headers, LANG_COOKIE).and_then(|c| Lang::from_tag(&c)))
        .or_else(|| {
            headers
                .get(header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .and_then(Lang::from_accept_language)
        })
        .unwrap_or_default();
    let here = without_lang(req.uri().path(), req.uri().query());
    let mut res = ASKED.scope(Asked { lang, here }, next.run(req)).await;
    if api {
        return res;
    }
    if let Some(l) = asked_lang {
        let cookie = format!(
            "{LANG_COOKIE}={}; Path=/; SameSite=Lax; Max-Age=31536000",
            l.code()
        );
        if let Ok(v) = HeaderValue::from_str(&cookie) {
            res.headers_mut().append(header::SET_COOKIE, v);
        }
    }
    res.headers_mut().append(
        header::VARY,
        HeaderValue::from_static("Accept-Language, Cookie"),
    );
    res
}

/// A value a template hands a message: a number (which plural selectors read and which is
/// written with grouped digits) or text. Templates pass fields by reference, so references of
/// any depth are taken too.
pub trait ToArg {
    fn arg(&self) -> FluentValue<'static>;
}

impl<T: ToArg + ?Sized> ToArg for &T {
    fn arg(&self) -> FluentValue<'static> {
        (**self).arg()
    }
}

impl ToArg for str {
    fn arg(&self) -> FluentValue<'static> {
        FluentValue::from(self.to_string())
    }
}

impl ToArg for String {
    fn arg(&self) -> FluentValue<'static> {
        FluentValue::from(self.clone())
    }
}

macro_rules! number_arg {
    ($($t:ty)+) => {$(
        impl ToArg for $t {
            fn arg(&self) -> FluentValue<'static> {
                FluentValue::from(*self)
            }
        }
    )+};
}
number_arg!(i8 i16 i32 i64 u8 u16 u32 u64 usize f32 f64);

impl<T: ToArg> ToArg for Option<T> {
    fn arg(&self) -> FluentValue<'static> {
        match self {
            Some(v) => v.arg(),
            None => FluentValue::None,
        }
    }
}

/// One entry of the language switch.
pub struct LangLink {
    pub code: &'static str,
    pub name: &'static str,
    pub href: String,
    pub current: bool,
}

/// The text of a page in the request's language, for every template: `{{ t("nav-games") }}`,
/// `{{ tn("home-total", total) }}` (a number: `$n`, which plural selectors read), `{{ t1("game-n",
/// "id", id) }}`, and the games' names (`{{ empire(code) }}`, `{{ side(kind, seat) }}`…).
pub trait Localize {
    fn t(&self, key: &str) -> String {
        i18n::translate(lang(), key, &[])
    }

    fn tn(&self, key: &str, n: impl ToArg) -> String {
        i18n::translate(lang(), key, &[("n", n.arg())])
    }

    fn t1(&self, key: &str, name: &str, v: impl ToArg) -> String {
        i18n::translate(lang(), key, &[(name, v.arg())])
    }

    fn t2(&self, key: &str, n1: &str, v1: impl ToArg, n2: &str, v2: impl ToArg) -> String {
        i18n::translate(lang(), key, &[(n1, v1.arg()), (n2, v2.arg())])
    }

    #[allow(clippy::too_many_arguments)]
    fn t3(
        &self,
        key: &str,
        n1: &str,
        v1: impl ToArg,
        n2: &str,
        v2: impl ToArg,
        n3: &str,
        v3: impl ToArg,
    ) -> String {
        i18n::translate(
            lang(),
            key,
            &[(n1, v1.arg()), (n2, v2.arg()), (n3, v3.arg())],
        )
    }

    #[allow(clippy::too_many_arguments)]
    fn t4(
        &self,
        key: &str,
        n1: &str,
        v1: impl ToArg,
        n2: &str,
        v2: impl ToArg,
        n3: &str,
        v3: impl ToArg,
        n4: &str,
        v4: impl ToArg,
    ) -> String {
        i18n::translate(
            lang(),
            key,
            &[
                (n1, v1.arg()),
                (n2, v2.arg()),
                (n3, v3.arg()),
                (n4, v4.arg()),
            ],
        )
    }

    /// `<html lang>`.
    fn lang_code(&self) -> &'static str {
        lang().code()
    }

    /// The switch: this page in each language.
    fn lang_links(&self) -> Vec<LangLink> {
        let here = ASKED.try_with(|a| a.here.clone()).unwrap_or_default();
        let sep = if here.contains('?') { '&' } else { '?' };
        Lang::ALL
            .iter()
            .map(|l| LangLink {
                code: l.code(),
                name: l.native_name(),
                href: format!("{here}{sep}lang={}", l.code()),
                current: *l == lang(),
            })
            .collect()
    }

    /// A whole number with grouped digits.
    fn int(&self, n: impl ToArg) -> String {
        match n.arg() {
            FluentValue::Number(n) => format::number(n.value),
            FluentValue::String(s) => s.into_owned(),
            _ => String::new(),
        }
    }

    /// A date or timestamp as the language writes it.
    fn date(&self, s: &str) -> String {
        format::date(lang(), s)
    }

    fn empire(&self, code: &str) -> String {
        names::name(lang(), Family::HotwEmpire, code)
    }

    fn card(&self, code: &str) -> String {
        names::name(lang(), Family::HotwCard, code)
    }

    fn region(&self, code: &str) -> String {
        names::name(lang(), Family::HotwRegion, code)
    }

    fn wec_piece(&self, code: &str) -> String {
        names::name(lang(), Family::WecPiece, code)
    }

    /// A search facet's value: kinds, empires and sides by their names, others as stored.
    fn facet_label(&self, group: &str, value: &str) -> String {
        match group {
            "search-facet-kind" => self.kind_name(value),
            "search-facet-empire" => self.empire(value),
            "search-facet-side" if names::known(Family::DiplomacyPower, value) => {
                side_name("deluge", value)
            }
            "search-facet-side" if value.len() <= 2 => side_name("wec", value),
            "search-facet-side" => side_name("sanguo", value),
            _ => value.to_string(),
        }
    }

    /// A tag's name: the common ones from the catalogue, a 三国 side's tag by the side's name.
    fn tag(&self, kind: &str, name: &str) -> String {
        if i18n::catalog::has(Lang::En, &format!("tag-{name}")) {
            self.word("tag", name)
        } else {
            side_name(kind, name)
        }
    }

    /// A WEC government by its pieces (`K/Q`: king and queen).
    fn government(&self, pair: &str) -> String {
        pair.split('/')
            .map(|p| names::name(lang(), Family::WecPiece, p))
            .collect::<Vec<_>>()
            .join(" / ")
    }

    /// A WEC piece or article by its code, `english` when no table knows it.
    fn wec_name(&self, code: &str, english: &str) -> String {
        for family in [Family::WecPiece, Family::WecArticle] {
            if names::known(family, code) {
                return names::name(lang(), family, code);
            }
        }
        english.to_string()
    }

    /// A seat or side by the game's kind: 三国's sides, WEC's colours, Diplomacy's powers; others as
    /// written.
    fn side(&self, kind: &str, seat: &str) -> String {
        side_name(kind, seat)
    }

    /// A diagnostic's severity (`error`, `warning`, `info`).
    fn severity(&self, s: &str) -> String {
        self.word("severity", s)
    }

    /// A stored word of a small set (an outcome, a severity…) by the message `group-value`, or
    /// as stored when the catalogue has no such message.
    fn word(&self, group: &str, value: &str) -> String {
        let key = format!("{group}-{value}");
        if i18n::catalog::has(Lang::En, &key) {
            i18n::translate(lang(), &key, &[])
        } else {
            value.to_string()
        }
    }

    /// A HotW battle token's meaning (the legend of the game page), English as given when the
    /// catalogue lacks it.
    fn battle(&self, token: &str, meaning: &str) -> String {
        let name = match token {
            "=" => "draw",
            "c/" => "capital-city",
            t => t,
        };
        let key = format!("battle-{name}");
        if i18n::catalog::has(Lang::En, &key) {
            i18n::translate(lang(), &key, &[])
        } else {
            meaning.to_string()
        }
    }

    /// A seat in a list of games: as the record writes it in English pages (the lists have always
    /// shown 三国's sides by their characters; the side's English name is the title), by its name
    /// in the others.
    fn seat_in_list(&self, kind: &str, seat: &str) -> String {
        if lang() == Lang::En {
            seat.to_string()
        } else {
            side_name(kind, seat)
        }
    }

    /// A kind of game named by its English label (`Kind::label`, or `Diplomacy` for a standard
    /// Diplomacy game), in the request's language.
    fn kind_of_label(&self, label: &str) -> String {
        annals_import::Kind::ALL
            .iter()
            .find(|k| k.label() == label)
            .map_or_else(
                || match label {
                    "Diplomacy" => i18n::translate(lang(), "kind-diplomacy", &[]),
                    _ => label.to_string(),
                },
                |k| self.kind_name(k.as_str()),
            )
    }

    /// A listed game's title, a made one in the reader's language.
    fn label_title(&self, l: &crate::store::labels::GameLabel) -> String {
        code_text::label_title(l)
    }

    /// A stored result in the reader's language.
    fn result(&self, kind: &str, result: &str) -> String {
        code_text::result_text(kind, result)
    }

    /// The name of a kind of game.
    fn kind_name(&self, kind: &str) -> String {
        i18n::translate(lang(), &format!("kind-{kind}"), &[])
    }

    /// A HotW result with the empires its seats held at the end (`C 177, as France`).
    fn with_empires(&self, result: &str, empires: &[String]) -> String {
        result_with_empires(result, empires)
    }
}

impl<T: Template + ?Sized> Localize for T {}

/// A seat or side by the game's kind, in the request's language.
pub fn side_name(kind: &str, seat: &str) -> String {
    match kind {
        "sanguo" => names::name(lang(), Family::SanguoSide, seat),
        "wec" => match seat {
            "B" | "Black" | "black" => i18n::translate(lang(), "wec-black", &[]),
            "W" | "White" | "white" => i18n::translate(lang(), "wec-white", &[]),
            _ => seat.to_string(),
        },
        "deluge" => names::name(lang(), Family::DiplomacyPower, seat),
        _ => seat.to_string(),
    }
}

/// A message in the request's language, for handlers.
pub fn tr(key: &str) -> String {
    i18n::translate(lang(), key, &[])
}

/// A message with arguments in the request's language, for handlers.
pub fn tr_args(key: &str, args: &[(&str, FluentValue<'_>)]) -> String {
    i18n::translate(lang(), key, args)
}

/// The JSON API's display names: when the query asks `?lang=`, each empire (or card) of `v`'s
/// list gains a `name` beside its code (the codes stay as they are, and without `?lang=` nothing
/// is added, whatever the cookie or `Accept-Language` say).
pub fn with_names(
    mut v: serde_json::Value,
    family: Family,
    query: Option<&str>,
) -> serde_json::Value {
    let (list, field) = match family {
        Family::HotwEmpire => ("empires", "empire"),
        Family::HotwCard => ("cards", "card"),
        _ => return v,
    };
    let Some(l) = query_lang(query) else {
        return v;
    };
    let Some(items) = v.get_mut(list).and_then(|x| x.as_array_mut()) else {
        return v;
    };
    for item in items {
        let Some(code) = item.get(field).and_then(|c| c.as_str()).map(str::to_string) else {
            continue;
        };
        if let Some(o) = item.as_object_mut() {
            o.insert(
                "name".into(),
                serde_json::Value::String(names::name(l, family, &code)),
            );
        }
    }
    v
}

/// An empire's name in the request's language.
pub fn empire_name(code: &str) -> String {
    names::name(lang(), Family::HotwEmpire, code)
}

/// A HotW result followed by the empires its seats held at the end, by their names in the
/// request's language (`C 177, as France`); the result alone when there are none.
pub fn result_with_empires(result: &str, empires: &[String]) -> String {
    if empires.is_empty() {
        return result.to_string();
    }
    let names: Vec<String> = empires.iter().map(|e| empire_name(e)).collect();
    tr_args(
        "hotw-result-empires",
        &[
            ("result", result.to_string().into()),
            ("empires", names.join(&tr("hotw-empires-separator")).into()),
        ],
    )
}
