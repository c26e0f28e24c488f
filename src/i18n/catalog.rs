//! The Fluent catalogues: one bundle per language, built once from the `.ftl` files compiled into
//! the binary (`include_str!`, so the service runs from any folder). A message missing from a
//! language falls back to English, and one missing from English shows its key, so a page never
//! fails for want of a translation; the tests fail instead (`missing_keys`, and the templates'
//! keys checked against `en`).

use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

use super::Lang;

/// The files of one language's catalogue, in the order they are added.
macro_rules! catalogue {
    ($lang:literal) => {
        [
            (
                "ui.ftl",
                include_str!(concat!("../../templates/locales/", $lang, "/ui.ftl")),
            ),
            (
                "pages.ftl",
                include_str!(concat!("../../templates/locales/", $lang, "/pages.ftl")),
            ),
            (
                "game.ftl",
                include_str!(concat!("../../templates/locales/", $lang, "/game.ftl")),
            ),
            (
                "stats.ftl",
                include_str!(concat!("../../templates/locales/", $lang, "/stats.ftl")),
            ),
            (
                "names-hotw.ftl",
                include_str!(concat!(
                    "../../templates/locales/",
                    $lang,
                    "/names-hotw.ftl"
                )),
            ),
            (
                "account.ftl",
                include_str!(concat!("../../templates/locales/", $lang, "/account.ftl")),
            ),
            (
                "desk.ftl",
                include_str!(concat!("../../templates/locales/", $lang, "/desk.ftl")),
            ),
            (
                "names-boards.ftl",
                include_str!(concat!(
                    "../../templates/locales/",
                    $lang,
                    "/names-boards.ftl"
                )),
            ),
            // text built in code, and Diplomacy's powers
            (
                "code.ftl",
                include_str!(concat!("../../templates/locales/", $lang, "/code.ftl")),
            ),
            (
                "names-diplomacy.ftl",
                include_str!(concat!(
                    "../../templates/locales/",
                    $lang,
                    "/names-diplomacy.ftl"
                )),
            ),
            (
                "member.ftl",
                include_str!(concat!("../../templates/locales/", $lang, "/member.ftl")),
            ),
        ]
    };
}

type Files = [(&'static str, &'static str); 11];

fn sources(lang: Lang) -> Files {
    match lang {
        Lang::En => catalogue!("en"),
        Lang::ZhHant => catalogue!("zh-Hant"),
        Lang::ZhHans => catalogue!("zh-Hans"),
        Lang::Ko => catalogue!("ko"),
    }
}

struct Catalogue {
    bundle: FluentBundle<FluentResource>,
    /// Every message id, in file order (for the missing-key check).
    keys: Vec<String>,
    /// Syntax errors and duplicate ids, as `file: error` (for the tests).
    errors: Vec<String>,
}

static CATALOGUES: LazyLock<Vec<Catalogue>> = LazyLock::new(|| Lang::ALL.map(build).into());

fn build(lang: Lang) -> Catalogue {
    let id: LanguageIdentifier = lang.code().parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Pages are HTML with a `lang` attribute; Unicode isolation marks around every placeable
    // would only clutter copied text.
    bundle.set_use_isolating(false);
    bundle.set_formatter(Some(|v, _| match v {
        FluentValue::Number(n) => Some(super::format::number(n.value)),
        _ => None,
    }));
    let mut keys = Vec::new();
    let mut errors = Vec::new();
    for (file, text) in sources(lang) {
        let res = match FluentResource::try_new(text.to_string()) {
            Ok(r) => r,
            Err((r, errs)) => {
                errors.extend(errs.iter().map(|e| format!("{file}: {e:?}")));
                r
            }
        };
        for entry in res.entries() {
            if let fluent_syntax::ast::Entry::Message(m) = entry {
                keys.push(m.id.name.to_string());
            }
        }
        if let Err(errs) = bundle.add_resource(res) {
            errors.extend(errs.iter().map(|e| format!("{file}: {e:?}")));
        }
    }
    Catalogue {
        bundle,
        keys,
        errors,
    }
}

/// A value a message takes: a number (plural selection, grouped digits) or text.
pub type Arg<'a> = FluentValue<'a>;

/// The message `key` in `lang` with its arguments, English when `lang` lacks it, the key itself
/// when English lacks it too.
pub fn translate(lang: Lang, key: &str, args: &[(&str, Arg<'_>)]) -> String {
    let args = (!args.is_empty()).then(|| {
        let mut a = FluentArgs::with_capacity(args.len());
        for (k, v) in args {
            a.set(*k, v.clone());
        }
        a
    });
    for l in [lang, Lang::En] {
        if let Some(s) = format_in(l, key, args.as_ref()) {
            return s;
        }
    }
    key.to_string()
}

fn format_in(lang: Lang, key: &str, args: Option<&FluentArgs>) -> Option<String> {
    let bundle = &CATALOGUES.get(lang.index())?.bundle;
    let pattern = bundle.get_message(key)?.value()?;
    let mut errors = Vec::new();
    let s = bundle.format_pattern(pattern, args, &mut errors);
    Some(s.into_owned())
}

/// Does `lang`'s own catalogue have `key` (without falling back to English)?
pub fn has(lang: Lang, key: &str) -> bool {
    CATALOGUES
        .get(lang.index())
        .is_some_and(|c| c.bundle.has_message(key))
}

/// The keys of `en` that `lang`'s catalogue lacks.
pub fn missing_keys(lang: Lang) -> Vec<String> {
    let Some(en) = CATALOGUES.get(Lang::En.index()) else {
        return Vec::new();
    };
    en.keys.iter().filter(|k| !has(lang, k)).cloned().collect()
}

/// The keys `lang`'s catalogue has that `en` lacks (left over from a renamed message).
pub fn extra_keys(lang: Lang) -> Vec<String> {
    CATALOGUES
        .get(lang.index())
        .map(|c| {
            c.keys
                .iter()
                .filter(|k| !has(Lang::En, k))
                .cloned()
                .collect()
        })
        .unwrap_or_default()
}

/// Syntax errors and duplicate ids of `lang`'s catalogue files.
pub fn parse_errors(lang: Lang) -> Vec<String> {
    CATALOGUES
        .get(lang.index())
        .map(|c| c.errors.clone())
        .unwrap_or_default()
}
