//! The short token lists of a move line (a region's battle `(XXV)`, its builds `(+f, +m)`), made
//! once and shared.
//!
//! Most battles are one to three of the notation's fourteen battle tokens, most builds one to
//! three of its four items. Each such list is built once, when first needed, and every expansion
//! or build that has it borrows it ([`Tokens`] is a `Cow`), so reading one costs no allocation and
//! dropping it frees nothing. Longer lists, and lists holding a token written otherwise (kept as
//! written by the general parser), are the expansion's own vector. The two are equal and
//! serialize alike.

use std::borrow::Cow;
use std::sync::LazyLock;

/// A list of battle tokens or build items: borrowed from the shared lists, or owned.
pub type Tokens = Cow<'static, [Cow<'static, str>]>;

/// The battle tokens of the notation (chapter 4), in the order of [`battle`](super::fast)'s
/// match: a token's index is its place here.
pub(super) const BATTLE: [&str; 14] = [
    "X", "V", "=", "R", "W", "M", "c/", "cX", "fX", "f", "mX", "St", "sea", "For",
];

/// The build items (`+f`, `+m`, `+ct`, `+cp`), as `items::build_item` normalizes them.
pub(super) const ITEMS: [&str; 4] = ["f", "m", "ct", "cp"];

/// Lists of lengths 1 to [`MAX`] over an alphabet, every one, in order of length then of the
/// tokens' indices.
pub(super) struct Shared {
    alphabet: &'static [&'static str],
    lists: Vec<Vec<Cow<'static, str>>>,
}

/// The longest list kept shared (14³ battles of three tokens: 2,744 lists).
const MAX: usize = 3;

impl Shared {
    fn new(alphabet: &'static [&'static str]) -> Self {
        let n = alphabet.len();
        let mut lists = Vec::new();
        let mut width = 1usize;
        for len in 1..=MAX {
            width *= n;
            for mut k in 0..width {
                // the digits of `k` in base `n`, most significant first
                let mut list = vec![Cow::Borrowed(""); len];
                for slot in list.iter_mut().rev() {
                    *slot = Cow::Borrowed(alphabet.get(k % n).copied().unwrap_or_default());
                    k /= n;
                }
                lists.push(list);
            }
        }
        Shared { alphabet, lists }
    }

    /// The list of the tokens at `ix` (indices into the alphabet): shared when it is short, else
    /// a vector of its own. Empty for no indices.
    #[inline]
    pub(super) fn list(&'static self, ix: &[u8]) -> Tokens {
        let n = self.alphabet.len();
        let at = |k: usize| usize::from(ix.get(k).copied().unwrap_or_default());
        let slot = match ix.len() {
            0 => return Cow::Borrowed(&[]),
            1 => at(0),
            2 => n + at(0) * n + at(1),
            3 => n + n * n + (at(0) * n + at(1)) * n + at(2),
            _ => usize::MAX,
        };
        match self.lists.get(slot) {
            Some(l) => Cow::Borrowed(l.as_slice()),
            None => self.owned(ix),
        }
    }

    #[inline(never)]
    fn owned(&self, ix: &[u8]) -> Tokens {
        let mut v = Vec::with_capacity(ix.len());
        v.extend(ix.iter().map(|&i| {
            Cow::Borrowed(
                self.alphabet
                    .get(usize::from(i))
                    .copied()
                    .unwrap_or_default(),
            )
        }));
        Cow::Owned(v)
    }
}

/// The shared battle lists.
pub(super) static BATTLES: LazyLock<Shared> = LazyLock::new(|| Shared::new(&BATTLE));
/// The shared build-item lists.
pub(super) static BUILDS: LazyLock<Shared> = LazyLock::new(|| Shared::new(&ITEMS));

/// The battle of the tokens at `ix` (most legs have none: those do not touch the lists).
#[inline(always)]
pub(super) fn battle(ix: &[u8]) -> Tokens {
    if ix.is_empty() {
        Cow::Borrowed(&[])
    } else {
        BATTLES.list(ix)
    }
}

/// The build items at `ix` (most legs have none: those do not touch the lists).
#[inline(always)]
pub(super) fn items(ix: &[u8]) -> Tokens {
    if ix.is_empty() {
        Cow::Borrowed(&[])
    } else {
        BUILDS.list(ix)
    }
}

/// The index of a build item in [`ITEMS`] (as `items::build_item` returns it).
#[inline]
pub(super) fn item_index(item: &str) -> Option<u8> {
    match item {
        "f" => Some(0),
        "m" => Some(1),
        "ct" => Some(2),
        "cp" => Some(3),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strs(t: &Tokens) -> Vec<&str> {
        t.iter().map(|c| c.as_ref()).collect()
    }

    #[test]
    fn lists_are_the_tokens_at_their_indices() {
        let b: &'static Shared = &BATTLES;
        assert!(b.list(&[]).is_empty());
        assert_eq!(strs(&b.list(&[0])), ["X"]);
        assert_eq!(strs(&b.list(&[13])), ["For"]);
        assert_eq!(strs(&b.list(&[0, 0, 1])), ["X", "X", "V"]);
        assert_eq!(strs(&b.list(&[6, 12])), ["c/", "sea"]);
        assert_eq!(strs(&b.list(&[13, 13, 13])), ["For", "For", "For"]);
        // three tokens are shared, four are owned; both read the same
        assert!(matches!(b.list(&[1, 2, 3]), Cow::Borrowed(_)));
        let four = b.list(&[0, 0, 0, 1]);
        assert!(matches!(four, Cow::Owned(_)));
        assert_eq!(strs(&four), ["X", "X", "X", "V"]);
        let i: &'static Shared = &BUILDS;
        assert_eq!(strs(&i.list(&[0, 2])), ["f", "ct"]);
        assert_eq!(strs(&i.list(&[3, 1, 0])), ["cp", "m", "f"]);
        assert_eq!(b.lists.len(), 14 + 14 * 14 + 14 * 14 * 14);
        for (k, item) in ITEMS.iter().enumerate() {
            assert_eq!(item_index(item), Some(k as u8));
        }
        assert_eq!(item_index("x"), None);
    }

    #[test]
    fn shared_and_owned_lists_serialize_alike() {
        let shared = BATTLES.list(&[0, 1]);
        let owned: Tokens = Cow::Owned(vec![Cow::Borrowed("X"), Cow::Borrowed("V")]);
        assert_eq!(shared, owned);
        let (a, b) = (
            serde_json::to_string(&shared).unwrap_or_default(),
            serde_json::to_string(&owned).unwrap_or_default(),
        );
        assert_eq!(a, r#"["X","V"]"#);
        assert_eq!(a, b);
        let back: Tokens = serde_json::from_str(&a).unwrap_or_default();
        assert_eq!(back, shared);
    }
}
