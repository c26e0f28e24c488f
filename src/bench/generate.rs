//! Realistic records for each game, deterministic by seed: one generator per notation.
//!
//! - **HotW**: seven epochs with their real major empires (appendix 2) in order of play, dealt to
//!   three to six seats; cards valid in the epoch (appendix 3); expansions between real land
//!   regions of one area (appendix 1), with battles; builds; running scores that only rise; now
//!   and then a minor empire's turn.
//! - **三国**: random legal moves on the real board model ([`annals_import::sanguo::playout`]), so
//!   the parser's resolution and replay are exercised on every ply; captures are preferred a little.
//! - **WEC**: legal-looking turns from the standard setup: ground pieces stepping to free squares,
//!   jets and choppers taking off and flying.
//!
//! Game `i` of seed `s` depends only on `(s, i)`, so a corpus can be generated in parallel and any
//! game regenerated alone.

use std::fmt::Write as _;

use annals_import::Kind;
use annals_import::hotw::tables::{RegionType, TABLES};
use annals_import::sanguo::playout::Playout;

/// A small deterministic generator (SplitMix64).
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x5851_F42D_4C95_7F2D)
    }

    /// The generator of game `i` of seed `seed`.
    pub fn for_game(seed: u64, i: u64) -> Rng {
        let mut r = Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ i);
        r.next_u64();
        r
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        (self.next_u64() % n as u64) as usize
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi.saturating_sub(lo) + 1)
    }

    /// True with probability `p` percent.
    pub fn chance(&mut self, p: usize) -> bool {
        self.below(100) < p
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        items.get(self.below(items.len()))
    }
}

/// The kind of game `i` of a corpus: HotW, 三国, WEC in turn.
pub fn kind_of(i: u64) -> Kind {
    match i % 3 {
        0 => Kind::Hotw,
        1 => Kind::Sanguo,
        _ => Kind::Wec,
    }
}

/// Game `i` of seed `seed`, as record text (tags, blank line, body, blank line).
pub fn game(seed: u64, i: u64) -> String {
    let mut rng = Rng::for_game(seed, i);
    match kind_of(i) {
        Kind::Sanguo => sanguo(&mut rng, i),
        Kind::Wec => wec(&mut rng, i),
        _ => hotw(&mut rng, i),
    }
}

const SURNAMES: [&str; 24] = [
    "Chen", "Wang", "Li", "Zhang", "Liu", "Park", "Kim", "Tanaka", "Sato", "Nguyen", "Smith",
    "Jones", "Müller", "Rossi", "Dubois", "Silva", "Kowalski", "Novak", "Ivanov", "Haddad",
    "Okafor", "Larsen", "Cohen", "Fang",
];
const GIVEN: [&str; 24] = [
    "Ada", "Ben", "Chloe", "Dana", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lea", "Mei",
    "Noor", "Otto", "Pia", "Quan", "Rui", "Sven", "Tao", "Uma", "Vera", "Wen", "Yuki",
];
const CN_NAMES: [&str; 24] = [
    "孙策",
    "曹操",
    "刘备",
    "周瑜",
    "张辽",
    "廖化",
    "陆逊",
    "司马懿",
    "诸葛亮",
    "吕蒙",
    "夏侯惇",
    "关羽",
    "甘宁",
    "许褚",
    "赵云",
    "黄盖",
    "典韦",
    "张飞",
    "太史慈",
    "徐晃",
    "马超",
    "鲁肃",
    "荀彧",
    "黄忠",
];
const HOTW_EVENTS: [&str; 6] = [
    "Empire Builders Open",
    "棋王國 league",
    "Spring Cup",
    "Club championship",
    "Autumn Classic",
    "Online ladder",
];
const SANGUO_EVENTS: [&str; 5] = [
    "三国演弈棋练习赛",
    "三国演弈棋公开赛",
    "赤壁杯",
    "群英会",
    "网络对局",
];
const WEC_EVENTS: [&str; 5] = [
    "Club night",
    "Arms Race Open",
    "Winter Skirmish",
    "League match",
    "Casual",
];

fn person(rng: &mut Rng) -> String {
    let s = rng.pick(&SURNAMES).copied().unwrap_or("Chen");
    let g = rng.pick(&GIVEN).copied().unwrap_or("Ada");
    format!("{g} {s}")
}

fn date(rng: &mut Rng) -> String {
    format!(
        "{}.{:02}.{:02}",
        rng.range(1988, 2026),
        rng.range(1, 12),
        rng.range(1, 28)
    )
}

/// Battle records of one leg (chapter 5 tokens).
const BATTLES: [&str; 12] = [
    "V", "X", "XV", "=", "XXV", "c/", "V, c/", "XV, c/", "=, c/", "fX", "X, V", "V, cX",
];
/// Cards played without arguments.
const PLAIN_CARDS: [&str; 9] = [
    "Lead", "Popu", "Allie", "Naval", "Eng", "Elite", "Wea", "Siege", "Jihad",
];
const SEATS: [&str; 6] = ["A", "B", "C", "D", "E", "F"];
const ROMAN: [&str; 7] = ["I", "II", "III", "IV", "V", "VI", "VII"];

fn hotw(rng: &mut Rng, i: u64) -> String {
    let t = &*TABLES;
    let seats = rng.range(3, 6);
    let mut s = String::with_capacity(4096);
    let _ = writeln!(s, "[Game \"HotW\"]");
    let _ = writeln!(
        s,
        "[Event \"{}\"]",
        rng.pick(&HOTW_EVENTS).copied().unwrap_or("")
    );
    let _ = writeln!(s, "[Date \"{}\"]", date(rng));
    let _ = writeln!(s, "[Round \"{}\"]", 1 + i % 9);
    for seat in SEATS.iter().take(seats) {
        let _ = writeln!(s, "[{seat} \"{}\"]", person(rng));
    }
    s.push('\n');
    let land: Vec<&annals_import::hotw::tables::Region> = t
        .regions
        .iter()
        .filter(|r| r.kind == RegionType::Land)
        .collect();
    let mut scores = vec![0usize; seats];
    for epoch in 1..=7u8 {
        let _ = writeln!(
            s,
            "E{}\n",
            ROMAN.get(usize::from(epoch) - 1).unwrap_or(&"I")
        );
        let empires: Vec<_> = t
            .empires
            .iter()
            .filter(|e| e.epoch == epoch && !e.minor)
            .collect();
        let offset = rng.below(seats);
        for (k, e) in empires.iter().enumerate() {
            let seat = (k + offset) % seats;
            let seat_name = SEATS.get(seat).copied().unwrap_or("A");
            let cards: Vec<&str> = PLAIN_CARDS
                .iter()
                .copied()
                .filter(|c| {
                    t.card_by_code(c)
                        .is_some_and(|c| c.first <= epoch && epoch <= c.last)
                })
                .collect();
            let mut played = Vec::new();
            for _ in 0..rng.below(3) {
                if let Some(c) = rng.pick(&cards)
                    && !played.contains(c)
                {
                    played.push(*c);
                }
            }
            let _ = writeln!(s, "{seat_name}({}): {}", e.code, played.join(", "));
            let Some(origin) = rng.pick(&land).copied() else {
                continue;
            };
            let area: Vec<&str> = land
                .iter()
                .filter(|r| r.area == origin.area && r.code != origin.code)
                .map(|r| r.code.as_str())
                .collect();
            for _ in 0..rng.range(1, 2) {
                let mut line = origin.code.clone();
                for _ in 0..rng.range(1, 3) {
                    let Some(to) = rng.pick(&area) else { break };
                    line.push_str("-->");
                    line.push_str(to);
                    if rng.chance(35) {
                        let b = rng.pick(&BATTLES).copied().unwrap_or("V");
                        let _ = write!(line, "({b})");
                    }
                }
                if line != origin.code {
                    s.push_str(&line);
                    s.push('\n');
                }
            }
            let build = match rng.below(3) {
                0 => "(+m)",
                1 => "(+f, +m)",
                _ => "(+f)",
            };
            if let Some(sc) = scores.get_mut(seat) {
                *sc += rng.range(3, 12) + usize::from(epoch) * 2;
                let _ = writeln!(s, "{}{build} {sc}\n", origin.code);
            }
        }
        if rng.chance(40)
            && let Some(m) = t.empires.iter().find(|e| e.epoch == epoch && e.minor)
            && let Some(origin) = rng.pick(&land).copied()
        {
            let seat = SEATS.get(rng.below(seats)).copied().unwrap_or("A");
            let to = land
                .iter()
                .find(|r| r.area == origin.area && r.code != origin.code)
                .map(|r| r.code.as_str());
            let _ = writeln!(s, "{seat}({}):", m.code);
            match to {
                Some(to) => {
                    let _ = writeln!(s, "{}-->{to}\n", origin.code);
                }
                None => {
                    let _ = writeln!(s, "{}(+f)\n", origin.code);
                }
            }
        }
    }
    s
}

fn sanguo(rng: &mut Rng, i: u64) -> String {
    let mut s = String::with_capacity(2048);
    let _ = writeln!(s, "[Game \"Sanguo\"]");
    let _ = writeln!(
        s,
        "[Event \"{}\"]",
        rng.pick(&SANGUO_EVENTS).copied().unwrap_or("")
    );
    let _ = writeln!(s, "[Date \"{}\"]", date(rng));
    let _ = writeln!(s, "[Round \"{}\"]", 1 + i % 7);
    for side in ["吴", "魏", "蜀"] {
        let _ = writeln!(
            s,
            "[{side} \"{}\"]",
            rng.pick(&CN_NAMES).copied().unwrap_or("")
        );
    }
    s.push('\n');
    let mut board = Playout::new();
    let rounds = rng.range(8, 40);
    'game: for round in 1..=rounds {
        let mut entries = Vec::with_capacity(3);
        for side in 0..3 {
            let mut pieces = board.pieces(side);
            // Shuffle, then take the first piece with a move; look at a second one for a capture.
            for k in (1..pieces.len()).rev() {
                pieces.swap(k, rng.below(k + 1));
            }
            let mut chosen = None;
            for &p in &pieces {
                let moves = board.moves_of(side, p);
                if moves.is_empty() {
                    continue;
                }
                if let Some(c) = moves.iter().find(|m| m.capture)
                    && rng.chance(60)
                {
                    chosen = Some(c.clone());
                    break;
                }
                if chosen.is_none() {
                    chosen = rng.pick(&moves).cloned();
                    if rng.chance(70) {
                        break;
                    }
                } else {
                    break;
                }
            }
            let Some(m) = chosen else {
                if !entries.is_empty() {
                    let _ = writeln!(s, "{round}.{}", entries.join("，"));
                }
                break 'game;
            };
            board.play(side, &m);
            entries.push(m.notation);
        }
        let _ = write!(s, "{round}.{}", entries.join("，"));
        if rng.chance(5) {
            s.push_str(" {好棋}");
        }
        s.push('\n');
    }
    s.push('\n');
    s
}

const WEC_FLYERS: [&str; 2] = ["JE", "CH"];

/// The ground pieces of the standard setup: (colour 0 B / 1 W, type, row, col), read once.
fn setup_pieces() -> &'static [(u8, String, u8, u8)] {
    static SETUP: std::sync::LazyLock<Vec<(u8, String, u8, u8)>> = std::sync::LazyLock::new(|| {
        annals_import::wec::standard_setup()
            .pieces
            .into_iter()
            .filter(|p| p.level == "ground")
            .map(|p| (u8::from(p.color == "W"), p.kind, p.row, p.col))
            .collect()
    });
    &SETUP
}

fn wec(rng: &mut Rng, i: u64) -> String {
    let mut s = String::with_capacity(2048);
    let _ = writeln!(s, "[Game \"WEC\"]");
    let _ = writeln!(
        s,
        "[Event \"{}\"]",
        rng.pick(&WEC_EVENTS).copied().unwrap_or("")
    );
    let _ = writeln!(s, "[Date \"{}\"]", date(rng));
    let _ = writeln!(s, "[Round \"{}\"]", 1 + i % 5);
    let _ = writeln!(s, "[Black \"{}\"]", person(rng));
    let _ = writeln!(s, "[White \"{}\"]", person(rng));
    s.push('\n');
    // (colour 0 B / 1 W, type, air, row, col)
    let mut pieces: Vec<(u8, String, bool, u8, u8)> = setup_pieces()
        .iter()
        .map(|p| (p.0, p.1.clone(), false, p.2, p.3))
        .collect();
    let turns = rng.range(10, 80);
    for ply in 0..turns {
        let color = (ply % 2) as u8;
        let mine: Vec<usize> = pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.0 == color)
            .map(|(k, _)| k)
            .collect();
        let mut text = None;
        for _ in 0..200 {
            let Some(&k) = rng.pick(&mine) else { break };
            let Some((_, kind, air, row, col)) = pieces.get(k) else {
                break;
            };
            let (air, row, col) = (*air, *row, *col);
            let flyer = WEC_FLYERS.contains(&kind.as_str());
            if flyer && !air && rng.chance(50) {
                text = Some((
                    k,
                    format!("MV:{kind}({row},{col})->^({row},{col})"),
                    true,
                    row,
                    col,
                ));
                break;
            }
            let reach = if air { 3 } else { 1 };
            let dr = rng.range(0, 2 * reach) as i32 - reach as i32;
            let dc = rng.range(0, 2 * reach) as i32 - reach as i32;
            let (nr, nc) = (row as i32 + dr, col as i32 + dc);
            if (dr, dc) == (0, 0) || !(1..=10).contains(&nr) || !(1..=10).contains(&nc) {
                continue;
            }
            let (nr, nc) = (nr as u8, nc as u8);
            if pieces.iter().any(|p| p.3 == nr && p.4 == nc && p.2 == air) {
                continue;
            }
            let lv = if air { "^" } else { "" };
            text = Some((
                k,
                format!("MV:{kind}{lv}({row},{col})->{lv}({nr},{nc})"),
                air,
                nr,
                nc,
            ));
            break;
        }
        if text.is_none() && ply == 0 {
            // A game has at least one turn: Black's jet may always take off.
            if let Some(k) = pieces.iter().position(|p| p.0 == 0 && p.1 == "JE" && !p.2) {
                let (row, col) = pieces.get(k).map(|p| (p.3, p.4)).unwrap_or((1, 4));
                text = Some((
                    k,
                    format!("MV:JE({row},{col})->^({row},{col})"),
                    true,
                    row,
                    col,
                ));
            }
        }
        let Some((k, t, air, nr, nc)) = text else {
            break;
        };
        if let Some(p) = pieces.get_mut(k) {
            p.2 = air;
            p.3 = nr;
            p.4 = nc;
        }
        let no = ply / 2 + 1;
        if color == 0 {
            let _ = write!(s, "{no}. {t}");
        } else {
            let _ = write!(s, "{no}... {t}");
        }
        if rng.chance(4) {
            s.push_str(" {a quiet move}");
        }
        s.push('\n');
    }
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_games() {
        for i in 0..6 {
            assert_eq!(game(7, i), game(7, i));
        }
        assert_ne!(game(7, 0), game(8, 0));
    }
}
