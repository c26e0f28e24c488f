//! 三国演弈棋's place in the notation registry ([`crate::notations`]): its names, its extension,
//! what in a body says 三国, and what marks a game's progress (round numbers).

use crate::model::{Ctx, Kind};
use crate::notation::{BodyParse, Notation, body_parse};
use crate::text::leading_number;

/// 三国演弈棋 (`.sanguo`).
pub(crate) struct Sanguo;

impl Notation for Sanguo {
    fn kind(&self) -> Kind {
        Kind::Sanguo
    }

    fn names(&self) -> &'static [&'static str] {
        &[
            "sanguo",
            "三国",
            "三國",
            "三国演弈棋",
            "三國演弈棋",
            "三国演弈",
        ]
    }

    /// The English name (`Three Kingdoms`), the name with 演义 (the novel's title, a common slip
    /// for 演弈) in simplified or traditional characters, and the Korean of the Three Kingdoms
    /// (`삼국`).
    fn names_game(&self, folded: &str) -> bool {
        ["三国", "sanguo", "threekingdoms", "3kingdoms", "삼국"]
            .iter()
            .any(|p| folded.starts_with(p))
    }

    fn extensions(&self) -> &'static [&'static str] {
        &["sanguo"]
    }

    /// A move with its verb (进, 退, 平) and a number.
    fn sniff_line(&self, l: &str, _lower: &str) -> usize {
        if l.chars().any(|c| matches!(c, '进' | '退' | '平' | '進'))
            && l.chars().any(|c| c.is_ascii_digit())
        {
            2
        } else {
            0
        }
    }

    /// A round number (`1.`, `1、`, `第1回合`); round 1 begins a game.
    fn progress_mark(&self, line: &str) -> Option<(u32, bool)> {
        round(line).map(|n| (n, n == 1))
    }

    /// `1.` (not `10.`), `第1`, `第一`.
    fn opens_game(&self, t: &str) -> Option<bool> {
        let mut cs = t.chars().map(crate::text::fold_width);
        match cs.next()? {
            '1' => Some(!cs.next().is_some_and(|c| c.is_ascii_digit())),
            '第' => Some(matches!(cs.next(), Some('1' | '一'))),
            _ => None,
        }
    }

    fn parse(&self, body: &str, ctx: &Ctx<'_>) -> BodyParse {
        body_parse(crate::sanguo::parse(body, ctx), crate::Body::Sanguo)
    }
}

/// A 三国 round number opening a line: `1.`, `1．`, `1、`, `第1回合`, `第一回合` (one to ten in
/// Chinese numerals), `1回合`.
fn round(line: &str) -> Option<u32> {
    let t = line.trim_start();
    if let Some(r) = t.strip_prefix('第') {
        let (n, rest) = match leading_number(r) {
            Some(x) => x,
            None => {
                let c = r.chars().next()?;
                let n = "一二三四五六七八九十".chars().position(|x| x == c)? as u32 + 1;
                (n, r.get(c.len_utf8()..)?)
            }
        };
        return (rest.starts_with("回合") || rest.starts_with('回') || rest.starts_with('轮'))
            .then_some(n);
    }
    let (n, rest) = leading_number(t)?;
    let next = rest.chars().next()?;
    let dot = matches!(next, '.' | '．' | '、');
    // (not `1...`, not a decimal `1.5`)
    let after = rest.get(next.len_utf8()..).unwrap_or_default();
    (dot && !after.starts_with(['.', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'])
        || rest.starts_with("回合"))
    .then_some(n)
}
