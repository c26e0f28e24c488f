//! `annals bench`: generate a corpus, import it, query it, print the figures. STUB: being written.

use std::path::PathBuf;

/// Options of `annals bench`.
#[derive(Debug, Clone, clap::Args)]
pub struct BenchArgs {
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Games to generate.
    #[arg(long, default_value_t = 10_000)]
    pub games: usize,
    /// Keep the generated corpus, database and index in this folder.
    #[arg(long)]
    pub keep: Option<PathBuf>,
    /// Seed of the generator.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Runs the benchmark; returns the exit code.
pub fn run(args: &BenchArgs) -> crate::Result<u8> {
    let _ = args;
    Err(crate::Error::Internal(
        "annals bench is not written yet".into(),
    ))
}
