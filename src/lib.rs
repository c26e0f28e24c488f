//! `annals`: the service. Imports record files into SQLite (the source of truth), keeps a tantivy
//! index derived from it, and serves server-rendered pages and a JSON API.
//!
//! Layers, each importing only those below it:
//! - [`web`] (and the CLI, `main.rs`, and [`bench`]): routes, handlers and their views.
//! - the domain: [`stats`], [`explorer`], [`people`], [`collections`], [`auth`].
//! - [`store`]: the database, the rows derived with each game, the search index, the import.
//! - `annals_import`: the notation parsers.
//!
//! [`error`], [`timefmt`] and [`alloc`] serve every layer.

pub mod accounts;
pub mod alloc;
pub mod auth;
pub mod bench;
pub mod collection_items;
pub mod collections;
pub mod curators;
pub mod downloads;
pub mod error;
pub mod explorer;
pub mod i18n;
pub mod login_limit;
pub mod next_moves;
pub mod people;
pub mod positions;
pub mod private_games;
pub mod scope;
pub mod stats;
pub mod store;
pub mod timefmt;
pub mod web;

use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use error::{Error, Result};

/// Where the database and the index live.
#[derive(Debug, Clone)]
pub struct Paths {
    pub db: PathBuf,
    pub index: PathBuf,
}

impl Paths {
    /// `--db PATH` and `--index DIR` (default: `<db>.index` beside the database).
    pub fn new(db: &Path, index: Option<&Path>) -> Paths {
        let index = match index {
            Some(i) => i.to_path_buf(),
            None => {
                let mut s = db.as_os_str().to_owned();
                s.push(".index");
                PathBuf::from(s)
            }
        };
        Paths {
            db: db.to_path_buf(),
            index,
        }
    }
}

/// What every handler may use: the read pool, the search index, and a bound on blocking work.
#[derive(Clone)]
pub struct AppState {
    pub db: Arc<store::connection::Pool>,
    pub index: Arc<store::index::Index>,
    pub blocking: Arc<tokio::sync::Semaphore>,
    /// Failed logins per address and the password-check semaphore.
    pub logins: Arc<login_limit::Limiter>,
    /// A reverse proxy in front of the server (`annals serve --proxy`): a connection from this
    /// address is its client's, named in the last `X-Forwarded-For` entry.
    pub proxy: Option<std::net::IpAddr>,
}

impl AppState {
    /// Opens the database and the index, and brings the index level with the database.
    pub fn open(paths: &Paths) -> Result<AppState> {
        let pool = store::connection::Pool::new(&paths.db)?;
        let index = store::index::Index::open(&paths.index)?;
        pool.with(|c| index.sync(c).map(|_| ()))?;
        Ok(AppState {
            db: Arc::new(pool),
            index: Arc::new(index),
            blocking: Arc::new(tokio::sync::Semaphore::new(16)),
            logins: Arc::new(login_limit::Limiter::default()),
            proxy: None,
        })
    }

    /// Keeps the index level with the database while serving: every few seconds, when the counts
    /// differ (an `annals import` ran beside the server, or a crash lost an index commit), the
    /// missing games are indexed. Call inside a tokio runtime.
    pub fn follow_index(&self, every: std::time::Duration) {
        let me = self.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(every);
            loop {
                tick.tick().await;
                let r = me
                    .run(|s| {
                        s.db.with(|c| {
                            let n: i64 =
                                c.query_row("SELECT count(*) FROM games", [], |r| r.get(0))?;
                            if n as u64 != s.index.num_docs() && s.index.writable() {
                                let (added, removed) = s.index.sync(c)?;
                                tracing::info!(added, removed, "search index brought up to date");
                            }
                            Ok(())
                        })
                    })
                    .await;
                if let Err(e) = r {
                    tracing::warn!(error = %e, "index follow-up failed");
                }
            }
        });
    }

    /// Runs blocking storage work off the async threads, at most 16 at a time.
    pub async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce(&AppState) -> Result<T> + Send + 'static,
    ) -> Result<T> {
        let _permit = self
            .blocking
            .acquire()
            .await
            .map_err(|_| Error::Internal("shutting down".into()))?;
        let me = self.clone();
        tokio::task::spawn_blocking(move || f(&me)).await?
    }
}
