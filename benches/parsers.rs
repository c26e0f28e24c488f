//! Criterion benches of each notation parser, over generated games (`annals::bench::generate`,
//! seed 1): record splitting, kind detection and parsing (三国 with board resolution, WEC with
//! replay), one thread; and the Diplomacy movement adjudication of a phase of 9, 17 and 34 units.
//! Run with `cargo bench --bench parsers`.

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

/// The movement adjudication of a phase of 9, 17 and 34 units (the full board of
/// `annals::bench::adjudication`), in orders a second: equal rates mean a cost linear in the
/// orders.
fn adjudication(c: &mut Criterion) {
    use annals_import::deluge::{adjudicate::adjudicate, map::standard_map};
    let mut g = c.benchmark_group("adjudicate");
    g.sample_size(20);
    for n in [9, 17, 34] {
        let orders = annals::bench::adjudication::phase(n);
        g.throughput(Throughput::Elements(orders.len() as u64));
        g.bench_function(format!("{n} units"), |b| {
            b.iter(|| adjudicate(standard_map(), 1901, std::hint::black_box(&orders)))
        });
    }
    g.finish();
}

criterion_group!(benches, parsers, adjudication);
criterion_main!(benches);
