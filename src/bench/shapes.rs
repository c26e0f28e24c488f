//! `worst_shape_mb_s`: the inputs that once made parsing quadratic, a line of 320,000 of one
//! opening character (`{ ( [ 【 （ "`) in a record of each notation; the slowest of the 24, in MB
//! of record a second (split and parsed on one thread).

use std::time::Instant;

use annals_import::{Kind, parse_game, record};

/// The characters that open a comment, a note or a quotation in one notation or another.
const OPENERS: [&str; 6] = ["{", "(", "[", "【", "（", "\""];

/// How many of the character the line holds.
const REPEAT: usize = 320_000;

pub fn worst_shape_mb_s() -> f64 {
    let mut worst = f64::INFINITY;
    for kind in Kind::ALL {
        let tag = match kind {
            Kind::Hotw => "HotW",
            Kind::Sanguo => "Sanguo",
            Kind::Wec => "WEC",
            Kind::Deluge => "Deluge",
        };
        for open in OPENERS {
            let text = format!("[Game \"{tag}\"]\n\n1. {}\n", open.repeat(REPEAT));
            let t = Instant::now();
            for raw in record::split_games(&text) {
                std::hint::black_box(parse_game(&raw, kind));
            }
            let mb = text.len() as f64 / 1e6;
            worst = worst.min(mb / t.elapsed().as_secs_f64().max(1e-9));
        }
    }
    worst
}
