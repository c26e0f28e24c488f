//! The board of 三国演弈棋, loaded from `import/data/sanguo/*.csv` (sources named there): shape,
//! per-side file numbering and forward direction, territories, palaces, 防线/国境线, alliance points
//! and the standard setup. Another board edition is a change of those files only.

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

/// Number of lines per edge of the data this module was written for; the flat board arrays are
/// sized by it (a data file with another size is refused and the geometry is left empty).
pub const N: usize = 17;
/// Points of the flat board array.
pub const CELLS: usize = N * N;

/// A side (or 汉). The discriminants index per-side tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    Wu = 0,
    Wei = 1,
    Shu = 2,
    Han = 3,
}

impl Side {
    /// The three playing sides in turn order (吴 → 魏 → 蜀).
    pub const PLAYERS: [Side; 3] = [Side::Wu, Side::Wei, Side::Shu];
    pub const ALL: [Side; 4] = [Side::Wu, Side::Wei, Side::Shu, Side::Han];

    pub fn name(self) -> &'static str {
        match self {
            Side::Wu => "吴",
            Side::Wei => "魏",
            Side::Shu => "蜀",
            Side::Han => "汉",
        }
    }

    /// A simplified country character (`吴 魏 蜀 汉`).
    pub fn from_char(c: char) -> Option<Side> {
        match c {
            '吴' => Some(Side::Wu),
            '魏' => Some(Side::Wei),
            '蜀' => Some(Side::Shu),
            '汉' => Some(Side::Han),
            _ => None,
        }
    }

    pub fn from_name(s: &str) -> Option<Side> {
        match s {
            "吴" => return Some(Side::Wu),
            "魏" => return Some(Side::Wei),
            "蜀" => return Some(Side::Shu),
            "汉" => return Some(Side::Han),
            _ => {}
        }
        let mut it = s.chars();
        match (it.next(), it.next()) {
            (Some(c), None) => Side::from_char(crate::text::simplify_char(c)),
            _ => None,
        }
    }

    /// A side's name in pinyin, as transcribers writing in Latin letters give it: `Wu`, `Wei`,
    /// `Shu`, `Han`, in any case, with or without a tone mark (`Wú`, `Wèi`, `Shǔ`, `Hàn`; also
    /// written with a combining mark).
    pub fn from_pinyin(word: &str) -> Option<Side> {
        let mut folded = [0u8; 3];
        let mut n = 0;
        for c in word.chars() {
            let b = match c {
                'a'..='z' | 'A'..='Z' => c.to_ascii_lowercase() as u8,
                'á' | 'à' | 'ǎ' | 'ā' | 'Á' | 'À' | 'Ǎ' | 'Ā' => b'a',
                'é' | 'è' | 'ě' | 'ē' | 'É' | 'È' | 'Ě' | 'Ē' => b'e',
                'ú' | 'ù' | 'ǔ' | 'ū' | 'Ú' | 'Ù' | 'Ǔ' | 'Ū' => b'u',
                '\u{300}'..='\u{30c}' => continue,
                _ => return None,
            };
            *folded.get_mut(n)? = b;
            n += 1;
        }
        match folded.get(..n)? {
            b"wu" => Some(Side::Wu),
            b"wei" => Some(Side::Wei),
            b"shu" => Some(Side::Shu),
            b"han" => Some(Side::Han),
            _ => None,
        }
    }

    /// A letter of a word written in Latin letters (pinyin with its tone marks), for
    /// [`Side::from_pinyin`]'s words: a pinyin name is read only as a whole word.
    pub(crate) fn is_latin(c: char) -> bool {
        c.is_ascii_alphabetic()
            || (('\u{c0}'..='\u{24f}').contains(&c) && c != '×' && c != '÷')
            || ('\u{300}'..='\u{36f}').contains(&c)
    }

    pub fn from_index(i: u8) -> Side {
        match i {
            0 => Side::Wu,
            1 => Side::Wei,
            2 => Side::Shu,
            _ => Side::Han,
        }
    }

    /// The next playing side in turn order (its 下家).
    pub fn next(self) -> Side {
        match self {
            Side::Wu => Side::Wei,
            Side::Wei => Side::Shu,
            Side::Shu | Side::Han => Side::Wu,
        }
    }
}

/// Piece kinds, simplified names `车 马 相 士 炮 兵 将`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Chariot = 0,
    Horse = 1,
    Elephant = 2,
    Advisor = 3,
    Cannon = 4,
    Pawn = 5,
    General = 6,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Chariot => "车",
            Kind::Horse => "马",
            Kind::Elephant => "相",
            Kind::Advisor => "士",
            Kind::Cannon => "炮",
            Kind::Pawn => "兵",
            Kind::General => "将",
        }
    }

    /// A piece's name as the notation writes it (`车 马 相 士 炮 兵 将`, simplified): the other names
    /// are [`Kind::from_alias`]'s.
    #[inline]
    pub fn from_char(c: char) -> Option<Kind> {
        match c {
            '车' => Some(Kind::Chariot),
            '马' => Some(Kind::Horse),
            '相' => Some(Kind::Elephant),
            '士' => Some(Kind::Advisor),
            '炮' => Some(Kind::Cannon),
            '兵' => Some(Kind::Pawn),
            '将' => Some(Kind::General),
            _ => None,
        }
    }

    /// Another name of a piece (simplified), as xiangqi records write it (`象` for 相, `仕` for
    /// 士, `卒` for 兵…): the table of `piece_names.csv` ([`Geometry::piece_names`]).
    #[cold]
    #[inline(never)]
    pub fn from_alias(c: char) -> Option<Kind> {
        if c.is_ascii() {
            return None;
        }
        geometry()
            .piece_aliases
            .iter()
            .find(|&&(a, _)| a == c)
            .map(|&(_, k)| k)
    }

    /// A piece's name or another name of it ([`Kind::from_char`], else [`Kind::from_alias`]).
    pub fn read(c: char) -> Option<Kind> {
        Kind::from_char(c).or_else(|| Kind::from_alias(c))
    }

    /// A piece's name of one character, traditional or simplified, or another name of it.
    pub fn from_name(s: &str) -> Option<Kind> {
        let mut it = s.chars();
        match (it.next(), it.next()) {
            (Some(c), None) => Kind::read(crate::text::simplify_char(c)),
            _ => None,
        }
    }

    pub fn from_index(i: u8) -> Kind {
        match i {
            0 => Kind::Chariot,
            1 => Kind::Horse,
            2 => Kind::Elephant,
            3 => Kind::Advisor,
            4 => Kind::Cannon,
            5 => Kind::Pawn,
            _ => Kind::General,
        }
    }

    /// After 进/退 the number is a target file (马 相 士), not a step count.
    pub fn number_is_file(self) -> bool {
        matches!(self, Kind::Horse | Kind::Elephant | Kind::Advisor)
    }
}

/// One side's geometry (a row of `sides.csv`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SideGeometry {
    pub side: String,
    /// `y` or `x`: the coordinate the file number is read from (none for 汉).
    pub file_axis: Option<char>,
    pub file_offset: Option<i8>,
    pub file_sign: Option<i8>,
    /// `y` or `x`: the axis 进 moves along, and its sign.
    pub fwd_axis: char,
    pub fwd_sign: i8,
    pub ty0: u8,
    pub ty1: u8,
    pub tx0: u8,
    pub tx1: u8,
    pub palace_y: u8,
    pub palace_x: u8,
    /// 防线 (the pawn line) and 国境线, as the coordinate on `fwd_axis`.
    pub defense: Option<u8>,
    pub border: Option<u8>,
}

impl SideGeometry {
    pub fn in_territory(&self, y: u8, x: u8) -> bool {
        (self.ty0..=self.ty1).contains(&y) && (self.tx0..=self.tx1).contains(&x)
    }
    pub fn in_palace(&self, y: u8, x: u8) -> bool {
        y.abs_diff(self.palace_y) <= 1 && x.abs_diff(self.palace_x) <= 1
    }
}

/// An alliance point: a horse landing on `point`'s square allies with side `point`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AlliancePoint {
    pub point: String,
    pub y: u8,
    pub x: u8,
}

/// A piece of the standard setup.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SetupPiece {
    pub side: String,
    pub piece: String,
    pub y: u8,
    pub x: u8,
}

/// Another name of a piece (`piece_names.csv`): `name` is read as the notation's `piece`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PieceName {
    pub name: String,
    pub piece: String,
}

#[derive(Debug, Deserialize)]
struct KeyValue {
    key: String,
    value: u8,
}

/// What a renderer (and the resolver) needs to know about the board.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Geometry {
    pub size: u8,
    pub corner: u8,
    /// 吴, 魏, 蜀, 汉 in this order.
    pub sides: Vec<SideGeometry>,
    pub alliance_points: Vec<AlliancePoint>,
    pub setup: Vec<SetupPiece>,
    /// Problems met while loading the data files (empty when they are sound; a test checks it).
    pub load_errors: Vec<String>,
    /// The other names of the pieces (`piece_names.csv`: `象` for 相…), each read as the notation's
    /// name. (Not serialized: a renderer needs none.)
    #[serde(skip)]
    pub piece_names: Vec<PieceName>,
    /// `piece_names` as characters and kinds, for the move reader.
    #[serde(skip)]
    pub(crate) piece_aliases: Vec<(char, Kind)>,
    /// Per side (吴 魏 蜀 汉): the numeric form of `sides`, for the resolver.
    #[serde(skip)]
    pub(crate) frames: [Frame; 4],
    /// Per side (吴 魏 蜀 汉): the index of its row in `sides` (the first with its name), so that
    /// [`Geometry::side`] compares no names.
    #[serde(skip)]
    side_rows: [Option<u8>; 4],
}

/// The numeric frame of a side: file numbering and forward direction.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(crate) struct Frame {
    /// True when the file is read from x (else y).
    pub file_on_x: bool,
    pub file_offset: i8,
    /// 0 when the side has no numbering (汉).
    pub file_sign: i8,
    pub fwd_on_x: bool,
    pub fwd_sign: i8,
    /// 防线 and 国境线 on the forward axis (-1 when the side has none).
    pub defense: i32,
    pub border: i32,
}

impl Frame {
    /// The coordinate of a point on the forward axis.
    pub fn fwd_coord(&self, y: u8, x: u8) -> i32 {
        if self.fwd_on_x { x as i32 } else { y as i32 }
    }
    /// How far past the 国境线 a point lies, forward (negative: behind it).
    pub fn past_border(&self, y: u8, x: u8) -> i32 {
        (self.fwd_coord(y, x) - self.border) * self.fwd_sign as i32
    }

    /// The file number of a point for this side.
    pub fn file(&self, y: u8, x: u8) -> i32 {
        let c = if self.file_on_x { x } else { y } as i32;
        self.file_offset as i32 + self.file_sign as i32 * c
    }
    /// The coordinate (on the file axis) of a file number.
    pub fn file_coord(&self, file: i32) -> i32 {
        (file - self.file_offset as i32) * self.file_sign as i32
    }
    /// How far forward a point is (larger = farther forward).
    pub fn forwardness(&self, y: u8, x: u8) -> i32 {
        let c = if self.fwd_on_x { x } else { y } as i32;
        c * self.fwd_sign as i32
    }
}

impl Geometry {
    /// True when `(y, x)` is a point of the board.
    pub fn on_board(&self, y: i32, x: i32) -> bool {
        let n = self.size as i32;
        let c = self.corner as i32;
        if !(0..n).contains(&y) || !(0..n).contains(&x) {
            return false;
        }
        let edge = |v: i32| v < c || v >= n - c;
        !(edge(y) && edge(x))
    }

    /// The side whose palace holds `(y, x)`.
    pub fn palace_of(&self, y: u8, x: u8) -> Option<&str> {
        self.sides
            .iter()
            .find(|s| s.in_palace(y, x))
            .map(|s| s.side.as_str())
    }

    /// The side whose territory holds `(y, x)` (the centre 9×9 belongs to nobody; edge lines shared
    /// with the centre count as the territory's).
    pub fn territory_of(&self, y: u8, x: u8) -> Option<&str> {
        self.sides
            .iter()
            .find(|s| s.in_territory(y, x))
            .map(|s| s.side.as_str())
    }

    /// The side whose alliance point is `(y, x)`.
    pub fn alliance_point_at(&self, y: u8, x: u8) -> Option<Side> {
        self.alliance_points
            .iter()
            .find(|p| p.y == y && p.x == x)
            .and_then(|p| Side::from_name(&p.point))
    }

    /// [`Geometry::side`] by the row found at loading, without comparing names: for the loaded
    /// geometry (whose rows never change), which the resolver asks for every move.
    pub(crate) fn loaded_side(&self, s: Side) -> Option<&SideGeometry> {
        let row = self.side_rows.get(s as usize).copied().flatten()?;
        self.sides.get(usize::from(row))
    }

    pub fn side(&self, s: Side) -> Option<&SideGeometry> {
        let row = self.side_rows.get(s as usize).copied().flatten();
        match row.and_then(|r| self.sides.get(usize::from(r))) {
            Some(g) if g.side == s.name() => Some(g),
            // (a copy whose `sides` were changed after loading)
            _ => self.sides.iter().find(|g| g.side == s.name()),
        }
    }

    pub(crate) fn frame(&self, s: Side) -> Frame {
        self.frames.get(s as usize).copied().unwrap_or_default()
    }
}

static BOARD_CSV: &str = include_str!("../../data/sanguo/board.csv");
static SIDES_CSV: &str = include_str!("../../data/sanguo/sides.csv");
static POINTS_CSV: &str = include_str!("../../data/sanguo/points.csv");
static SETUP_CSV: &str = include_str!("../../data/sanguo/setup.csv");
static PIECE_NAMES_CSV: &str = include_str!("../../data/sanguo/piece_names.csv");

fn read_csv<T: serde::de::DeserializeOwned>(
    name: &str,
    text: &str,
    errors: &mut Vec<String>,
) -> Vec<T> {
    let mut rdr = csv::ReaderBuilder::new()
        .comment(Some(b'#'))
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let mut out = Vec::new();
    for (i, r) in rdr.deserialize::<T>().enumerate() {
        match r {
            Ok(v) => out.push(v),
            Err(e) => errors.push(format!("{name}: record {}: {e}", i + 1)),
        }
    }
    out
}

fn load() -> Geometry {
    let mut errors = Vec::new();
    let kv: Vec<KeyValue> = read_csv("board.csv", BOARD_CSV, &mut errors);
    let get = |k: &str| kv.iter().find(|r| r.key == k).map(|r| r.value);
    let size = get("size").unwrap_or(N as u8);
    let corner = get("corner").unwrap_or(4);
    if size as usize != N {
        errors.push(format!("board.csv: size {size} is not {N}"));
    }
    let sides: Vec<SideGeometry> = read_csv("sides.csv", SIDES_CSV, &mut errors);
    let mut frames = [Frame::default(); 4];
    let mut side_rows = [None; 4];
    for s in Side::ALL {
        match sides.iter().position(|g| g.side == s.name()) {
            Some(row) => {
                let Some(g) = sides.get(row) else { continue };
                if let Some(r) = side_rows.get_mut(s as usize) {
                    *r = u8::try_from(row).ok();
                }
                if let Some(f) = frames.get_mut(s as usize) {
                    *f = Frame {
                        file_on_x: g.file_axis == Some('x'),
                        file_offset: g.file_offset.unwrap_or(0),
                        file_sign: g.file_sign.unwrap_or(0),
                        fwd_on_x: g.fwd_axis == 'x',
                        fwd_sign: g.fwd_sign,
                        defense: g.defense.map_or(-1, i32::from),
                        border: g.border.map_or(-1, i32::from),
                    };
                }
            }
            None => errors.push(format!("sides.csv: no row for {}", s.name())),
        }
    }
    let alliance_points: Vec<AlliancePoint> = read_csv("points.csv", POINTS_CSV, &mut errors);
    let setup: Vec<SetupPiece> = read_csv("setup.csv", SETUP_CSV, &mut errors);
    let piece_names: Vec<PieceName> = read_csv("piece_names.csv", PIECE_NAMES_CSV, &mut errors);
    let piece_aliases = piece_aliases(&piece_names, &mut errors);
    let mut g = Geometry {
        size,
        corner,
        sides,
        alliance_points,
        setup,
        load_errors: Vec::new(),
        piece_names,
        piece_aliases,
        frames,
        side_rows,
    };
    for p in &g.setup {
        // (the notation's names only: another name is read through this geometry, not loaded yet)
        let mut piece = p.piece.chars();
        let named =
            matches!((piece.next(), piece.next()), (Some(c), None) if Kind::from_char(c).is_some());
        if Side::from_name(&p.side).is_none() || !named {
            errors.push(format!(
                "setup.csv: unknown side or piece {},{}",
                p.side, p.piece
            ));
        }
        if !g.on_board(p.y as i32, p.x as i32) {
            errors.push(format!(
                "setup.csv: {},{} at ({},{}) is off the board",
                p.side, p.piece, p.y, p.x
            ));
        }
    }
    if size as usize != N {
        g.setup.clear();
    }
    g.load_errors = errors;
    g
}

/// The rows of `piece_names.csv` as characters and kinds. A row whose name is not one character,
/// is one of the notation's names, or stands for no piece of the notation, is a load error.
fn piece_aliases(rows: &[PieceName], errors: &mut Vec<String>) -> Vec<(char, Kind)> {
    let mut out = Vec::with_capacity(rows.len());
    for r in rows {
        let mut cs = r.name.chars();
        let (Some(c), None) = (cs.next(), cs.next()) else {
            errors.push(format!(
                "piece_names.csv: {:?} is not one character",
                r.name
            ));
            continue;
        };
        let mut ps = r.piece.chars();
        let kind = match (ps.next(), ps.next()) {
            (Some(p), None) => Kind::from_char(p),
            _ => None,
        };
        match kind {
            None => errors.push(format!(
                "piece_names.csv: {:?} is not the notation's name of a piece",
                r.piece
            )),
            Some(_) if Kind::from_char(c).is_some() => errors.push(format!(
                "piece_names.csv: {c} is the notation's name of a piece already"
            )),
            Some(_) if out.iter().any(|&(a, _)| a == c) => {
                errors.push(format!("piece_names.csv: {c} is named twice"));
            }
            Some(k) => out.push((c, k)),
        }
    }
    out
}

static GEOMETRY: LazyLock<Geometry> = LazyLock::new(load);

/// The board geometry (loaded once from the data files).
pub fn geometry() -> &'static Geometry {
    &GEOMETRY
}
