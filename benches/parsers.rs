//! Criterion benches of each notation parser, over generated games (`annals::bench::generate`,
//! seed 1): record splitting, kind detection and parsing (三国 with board resolution, WEC with
//! replay), one thread. Run with `cargo bench --bench parsers`.

use annals::bench::generate;
use annals_import::{Kind, detect_kind, parse_game, record};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// About 1 MB of games of one kind, as one file's text.
fn corpus(kind: Kind) -> String {
    let mut s = String::new();
    let mut i = 0u64;
    while s.len() < 1 << 20 {
        if generate::kind_of(i) == kind {
            s.push_str(&generate::game(1, i));
        }
        i += 1;
    }
    s
}

fn parse_all(text: &str, kind: Kind) -> usize {
    let mut moves = 0;
    for raw in record::split_games(text) {
        let k = detect_kind(&raw, Some(kind.as_str()), None)
            .0
            .map_or(kind, |(k, _)| k);
        moves += parse_game(&raw, k).body.move_count();
    }
    moves
}

fn parsers(c: &mut Criterion) {
    let mut g = c.benchmark_group("parse");
    g.sample_size(20);
    for kind in [Kind::Hotw, Kind::Sanguo, Kind::Wec] {
        let text = corpus(kind);
        g.throughput(Throughput::Bytes(text.len() as u64));
        g.bench_function(kind.as_str(), |b| {
            b.iter(|| parse_all(std::hint::black_box(&text), kind))
        });
    }
    g.finish();
}

criterion_group!(benches, parsers);
criterion_main!(benches);
