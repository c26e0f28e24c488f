//! One integration test binary: the real CLI, the real router on 127.0.0.1:0, real SQLite files and a
//! real tantivy index, fed with real record files.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod bounded;
mod browser;
mod cancel;
mod cli;
mod collections;
mod crash;
mod crawl;
mod desk;
mod desk_browser;
// Deluge and standard Diplomacy: results, via convoy, units after each phase, statistics
mod diplomacy_pages;
mod downloads;
mod filters;
mod fixes;
mod fuzz_search;
mod hardening;
mod http;
mod i18n;
mod i18n_code;
mod labels;
mod limits;
mod lists;
mod long_games;
mod member;
mod member_browser;
mod member_forms;
mod member_forms_browser;
mod paging;
mod people;
mod positions;
mod search;
mod standings;
mod stats;
mod withheld;
// standard Diplomacy records through the service
mod standard_diplomacy;
mod support;
