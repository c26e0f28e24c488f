//! Board diagrams as numbers for the templates: the 三国 plus-shaped board and the WEC 10×10 board at
//! any ply. The template draws lines, squares, marks and pieces; nothing here writes markup.

use annals_import::sanguo::{self, SanguoGame};
use annals_import::wec::{self, WecGame};

use super::language::{lang, side_name, tr, tr_args};
use crate::i18n::Lang;
use crate::i18n::names::{Family, name};

pub struct Line {
    pub x1: f64,
    pub y1: f64,
    pub x2: f64,
    pub y2: f64,
    pub colour: &'static str,
}

pub struct Cell {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
    pub fill: &'static str,
}

pub struct PieceView {
    pub cx: f64,
    pub cy: f64,
    pub r: f64,
    pub fill: &'static str,
    pub stroke: &'static str,
    pub text: String,
    pub text_colour: &'static str,
    pub size: f64,
    pub title: String,
}

pub struct Label {
    pub x: f64,
    pub y: f64,
    pub text: String,
    /// A class and a colour of its own (a 三国 side's file numbers), or empty: the page's text.
    pub class: &'static str,
    pub fill: &'static str,
}

/// A board ready to draw, and where the stepping links go.
pub struct BoardView {
    pub width: f64,
    pub height: f64,
    pub cells: Vec<Cell>,
    pub lines: Vec<Line>,
    pub marks: Vec<Cell>,
    pub pieces: Vec<PieceView>,
    pub labels: Vec<Label>,
    pub ply: usize,
    pub plies: usize,
    pub caption: String,
}

/// A 三国 side's colour as the board draws it (the players' swatches use it too).
pub(crate) fn sanguo_colour(side: &str) -> &'static str {
    match side {
        "魏" => "#1565c0",
        "蜀" => "#2e7d32",
        "吴" => "#c62828",
        _ => "#8d6e63",
    }
}

/// The 三国 board after `ply` moves (0: the setup).
pub fn sanguo_board(g: &SanguoGame, ply: usize) -> BoardView {
    let ply = ply.min(g.moves.len());
    let geo = sanguo::geometry();
    let n = geo.size as i32;
    let corner = geo.corner as i32;
    let cell = 30.0;
    // Room beyond the edge lines for each side's file numbers.
    let m = 36.0;
    let px = |x: i32| m + x as f64 * cell;
    let on = |y: i32, x: i32| {
        (0..n).contains(&y)
            && (0..n).contains(&x)
            && !((y < corner || y >= n - corner) && (x < corner || x >= n - corner))
    };
    let mut lines = Vec::new();
    for y in 0..n {
        let xs: Vec<i32> = (0..n).filter(|x| on(y, *x)).collect();
        if let (Some(a), Some(b)) = (xs.first(), xs.last()) {
            lines.push(Line {
                x1: px(*a),
                y1: px(y),
                x2: px(*b),
                y2: px(y),
                colour: "#8a7350",
            });
        }
    }
    for x in 0..n {
        let ys: Vec<i32> = (0..n).filter(|y| on(*y, x)).collect();
        if let (Some(a), Some(b)) = (ys.first(), ys.last()) {
            lines.push(Line {
                x1: px(x),
                y1: px(*a),
                x2: px(x),
                y2: px(*b),
                colour: "#8a7350",
            });
        }
    }
    for s in &geo.sides {
        let (cy, cx) = (s.palace_y as i32, s.palace_x as i32);
        for (dy, dx) in [(-1, -1), (-1, 1)] {
            lines.push(Line {
                x1: px(cx + dx),
                y1: px(cy + dy),
                x2: px(cx - dx),
                y2: px(cy - dy),
                colour: "#b09a74",
            });
        }
    }
    let mut marks = Vec::new();
    if ply > 0
        && let Some(mv) = g.moves.get(ply - 1)
    {
        for (y, x) in [(mv.from[0], mv.from[1]), (mv.to[0], mv.to[1])] {
            marks.push(Cell {
                x: px(x as i32) - 14.0,
                y: px(y as i32) - 14.0,
                w: 28.0,
                h: 28.0,
                fill: "#ffe082",
            });
        }
    }
    let pieces = sanguo::board_after(g, ply)
        .into_iter()
        .map(|p| {
            // The board keeps the notation's characters, in their traditional forms for
            // readers of Traditional Chinese.
            let traditional = lang() == Lang::ZhHant;
            let text = match (p.piece == "将", traditional) {
                (true, false) => p.origin.clone(),
                (true, true) => name(lang(), Family::SanguoSide, &p.origin),
                (false, false) => p.piece.clone(),
                (false, true) => name(lang(), Family::SanguoPiece, &p.piece),
            };
            PieceView {
                cx: px(p.x as i32),
                cy: px(p.y as i32),
                r: 12.5,
                fill: "#fffaf0",
                stroke: sanguo_colour(&p.owner),
                text,
                text_colour: sanguo_colour(&p.owner),
                size: 15.0,
                title: format!(
                    "{} {} ({},{}){}",
                    name(lang(), Family::SanguoSide, &p.owner),
                    name(lang(), Family::SanguoPiece, &p.piece),
                    p.y,
                    p.x,
                    if p.origin != p.owner {
                        tr_args(
                            "board-from",
                            &[("side", name(lang(), Family::SanguoSide, &p.origin).into())],
                        )
                    } else {
                        String::new()
                    }
                ),
            }
        })
        .collect();
    let caption = match ply {
        0 => tr("board-setup"),
        k => g
            .moves
            .get(k - 1)
            .map(|m| {
                tr_args(
                    "board-after-ply",
                    &[
                        ("ply", k.to_string().into()),
                        ("side", name(lang(), Family::SanguoSide, &m.side).into()),
                        ("move", m.notation.clone().into()),
                    ],
                )
            })
            .unwrap_or_default(),
    };
    let size = m * 2.0 + (n - 1) as f64 * cell;
    BoardView {
        width: size,
        height: size,
        cells: Vec::new(),
        lines,
        marks,
        pieces,
        labels: super::sanguo_files::file_numbers(geo, m, cell)
            .into_iter()
            .map(|f| Label {
                x: f.x,
                y: f.y,
                text: f.file.to_string(),
                class: f.class,
                fill: sanguo_colour(f.side),
            })
            .collect(),
        ply,
        plies: g.moves.len(),
        caption,
    }
}

/// The WEC board after `ply` turns (0: the standard setup). Row 1 is at the bottom (Black's side).
/// A WEC piece's tooltip: colour, kind, level, square, what it carries, whether it is stunned.
fn wec_piece_title(p: &wec::PlacedPiece) -> String {
    let mut out = tr_args(
        "board-wec-piece",
        &[
            ("colour", side_name("wec", &p.color).into()),
            ("piece", name(lang(), Family::WecPiece, &p.kind).into()),
            ("level", tr(&format!("board-level-{}", p.level)).into()),
            ("row", p.row.to_string().into()),
            ("col", p.col.to_string().into()),
        ],
    );
    if !p.articles.is_empty() {
        let names: Vec<String> = p
            .articles
            .iter()
            .map(|a| name(lang(), Family::WecArticle, a))
            .collect();
        out.push_str(&tr_args(
            "board-carrying",
            &[("articles", names.join(" ").into())],
        ));
    }
    if p.stunned > 0 {
        out.push_str(&tr("board-stunned"));
    }
    out
}

pub fn wec_board(g: &WecGame, ply: usize) -> BoardView {
    let ply = ply.min(g.turns.len());
    let cell = 46.0;
    let m = 22.0;
    let sx = |col: u8| m + (col.saturating_sub(1)) as f64 * cell;
    let sy = |row: u8| m + (10u8.saturating_sub(row.min(10))) as f64 * cell;
    let mut cells = Vec::new();
    for row in 1..=10u8 {
        for col in 1..=10u8 {
            cells.push(Cell {
                x: sx(col),
                y: sy(row),
                w: cell,
                h: cell,
                fill: if (row + col) % 2 == 0 {
                    "#d7ccc8"
                } else {
                    "#efebe9"
                },
            });
        }
    }
    let mut labels = Vec::new();
    for i in 1..=10u8 {
        labels.push(Label {
            x: sx(i) + cell / 2.0,
            y: m + 10.0 * cell + 14.0,
            text: i.to_string(),
            class: "",
            fill: "",
        });
        labels.push(Label {
            x: m - 10.0,
            y: sy(i) + cell / 2.0 + 4.0,
            text: i.to_string(),
            class: "",
            fill: "",
        });
    }
    let mut marks = Vec::new();
    if ply > 0
        && let Some(t) = g.turns.get(ply - 1)
    {
        for at in [t.piece.at, t.to.at] {
            if (1..=10).contains(&at[0]) && (1..=10).contains(&at[1]) {
                marks.push(Cell {
                    x: sx(at[1]) + 2.0,
                    y: sy(at[0]) + 2.0,
                    w: cell - 4.0,
                    h: cell - 4.0,
                    fill: "#ffe082",
                });
            }
        }
    }
    let pos = wec::position_after(g, ply);
    let mut pieces = Vec::new();
    for (row, col, art) in &pos.ground_articles {
        pieces.push(PieceView {
            cx: sx(*col) + 8.0,
            cy: sy(*row) + cell - 8.0,
            r: 4.0,
            fill: "#ff8f00",
            stroke: "#6d4c41",
            text: String::new(),
            text_colour: "#000",
            size: 8.0,
            title: tr_args(
                "board-wec-article",
                &[
                    ("article", name(lang(), Family::WecArticle, art).into()),
                    ("row", row.to_string().into()),
                    ("col", col.to_string().into()),
                ],
            ),
        });
    }
    for p in &pos.pieces {
        let (dx, dy, r, size) = match p.level.as_str() {
            "air" => (cell * 0.28, -cell * 0.22, 10.0, 9.0),
            "sub" => (-cell * 0.28, cell * 0.22, 10.0, 9.0),
            _ => (0.0, 0.0, 15.0, 11.0),
        };
        let (fill, fg) = if p.color == "B" {
            ("#212121", "#ffffff")
        } else {
            ("#fafafa", "#212121")
        };
        let level_mark = match p.level.as_str() {
            "air" => "^",
            "sub" => "v",
            _ => "",
        };
        pieces.push(PieceView {
            cx: sx(p.col) + cell / 2.0 + dx,
            cy: sy(p.row) + cell / 2.0 + dy,
            r,
            fill,
            stroke: if p.stunned > 0 { "#d50000" } else { "#5d4037" },
            text: format!("{level_mark}{}", p.kind),
            text_colour: fg,
            size,
            title: wec_piece_title(p),
        });
    }
    let caption = match ply {
        0 => tr("board-standard-setup"),
        k => g
            .turns
            .get(k - 1)
            .map(|t| {
                tr_args(
                    "board-after-turn",
                    &[
                        ("turn", k.to_string().into()),
                        ("what", wec::describe(t).join("; ").into()),
                    ],
                )
            })
            .unwrap_or_default(),
    };
    BoardView {
        width: m * 2.0 + 10.0 * cell,
        height: m * 2.0 + 10.0 * cell + 8.0,
        cells,
        lines: Vec::new(),
        marks,
        pieces,
        labels,
        ply,
        plies: g.turns.len(),
        caption,
    }
}

/// The legend of the WEC board: each piece and article code of the standard setup with its name,
/// by code.
pub fn wec_legend() -> Vec<(String, &'static str)> {
    use annals_import::wec::{article_name, piece_name, standard_setup};
    let setup = standard_setup();
    let mut codes: Vec<(String, &'static str)> = Vec::new();
    let pieces = setup
        .pieces
        .iter()
        .map(|p| (p.kind.as_str(), piece_name(&p.kind)));
    let articles = setup
        .pieces
        .iter()
        .flat_map(|p| p.articles.iter())
        .chain(setup.ground_articles.iter().map(|(_, _, a)| a))
        .map(|a| (a.as_str(), article_name(a)));
    for (code, name) in pieces.chain(articles) {
        if let Some(n) = name
            && !codes.iter().any(|(c, _)| c == code)
        {
            codes.push((code.to_string(), n));
        }
    }
    codes.sort();
    codes
}
