//! Runs given searches on an existing index, for instruction counts of one query shape (the
//! bench's `ANNALS_BENCH_QUERIES` also runs the whole mix first, which costs minutes under
//! callgrind):
//!
//! ```text
//! cargo build --release --example search_cost
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!     target/release/examples/search_cost DB.index ROUNDS 'card:Naval|Cup'
//! ```
//!
//! The difference of two runs with different `ROUNDS` is the cost of the searches alone (the
//! index opens and warms once per run). Prints the total hits, a checksum of the answers.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[global_allocator]
static GLOBAL: annals::alloc::MiMalloc = annals::alloc::MiMalloc;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, dir, rounds, queries] = args.as_slice() else {
        eprintln!("usage: search_cost INDEX_DIR ROUNDS 'q1|q2|…'");
        std::process::exit(2);
    };
    let index = annals::store::index::Index::open(std::path::Path::new(dir)).expect("index");
    let rounds: usize = rounds.parse().expect("rounds");
    let mut sum = 0usize;
    for round in 0..rounds {
        let t = std::time::Instant::now();
        for q in queries.split('|') {
            let t1 = std::time::Instant::now();
            let r = index.search(q, None, 20, 0).expect("search");
            if std::env::var_os("SEARCH_COST_EACH").is_some() && round + 1 == rounds {
                eprintln!(
                    "{q}\t{}\t{:.0} us",
                    r.total,
                    t1.elapsed().as_secs_f64() * 1e6
                );
            }
            sum += r.total + r.hits.len();
        }
        if std::env::var_os("SEARCH_COST_TIME").is_some() {
            eprintln!("round {round}: {:.2} ms", t.elapsed().as_secs_f64() * 1e3);
        }
    }
    println!("{sum}");
}
