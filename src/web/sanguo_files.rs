//! The 三国 board's file numbers: each playing side numbers the lines across its own edge from its
//! right, as xiangqi notation does (`马6进5` reads file 6 of the mover's numbering), so each side's
//! numbers are drawn along its own edge in its colour. The numbering is the geometry's
//! (`import/data/sanguo/sides.csv`: file = offset + sign × coordinate); 汉 has none.

use annals_import::sanguo::Geometry;

/// A file's number where it is drawn, with its side (whose colour the board gives it).
pub(super) struct FileNumber {
    pub x: f64,
    pub y: f64,
    pub file: i32,
    pub side: &'static str,
    pub class: &'static str,
}

/// Every side's file numbers, beyond the board's edge lines, `m` being the margin and `cell` the
/// distance between lines.
pub(super) fn file_numbers(geo: &Geometry, m: f64, cell: f64) -> Vec<FileNumber> {
    let n = i32::from(geo.size);
    let px = |i: i32| m + f64::from(i) * cell;
    let far = px(n - 1);
    let mut out = Vec::new();
    for s in &geo.sides {
        let (Some(offset), Some(sign)) = (s.file_offset, s.file_sign) else {
            continue;
        };
        let (side, class) = match s.side.as_str() {
            "吴" => ("吴", "files files-wu"),
            "魏" => ("魏", "files files-wei"),
            "蜀" => ("蜀", "files files-shu"),
            _ => ("", "files"),
        };
        for i in 0..n {
            let file = i32::from(offset) + i32::from(sign) * i;
            // The side's own edge is behind it: 进 points away from it.
            let (x, y) = match (s.fwd_axis, s.fwd_sign > 0) {
                ('y', true) => (px(i), m - 18.0),
                ('y', false) => (px(i), far + 27.0),
                ('x', false) => (far + 23.0, px(i) + 4.0),
                _ => (m - 23.0, px(i) + 4.0),
            };
            out.push(FileNumber {
                x,
                y,
                file,
                side,
                class,
            });
        }
    }
    out
}
