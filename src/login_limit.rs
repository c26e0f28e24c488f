//! Holding back password guessing without locking members out. Three limits, each of which costs
//! the guesser rather than the member:
//! - per name (`auth::login_wait`, from the `login_failures` table): after three failures every
//!   login of that name waits 1 s, doubling to 16 s, before its password is checked; the right
//!   password still opens a session, so a stranger's guesses delay a member but never lock them
//!   out;
//! - per address (here, in memory): after [`ADDR_FREE`] failures within [`ADDR_WINDOW`] seconds
//!   an address waits too (1 s doubling to 16 s), and after [`ADDR_LIMIT`] it is refused (429)
//!   until the window passes, without any password work;
//! - argon2 runs under a small semaphore ([`ARGON2_PERMITS`]), so a flood of logins queues for
//!   it and the rest of the server keeps its cores; a login that waits more than
//!   [`ARGON2_QUEUE_WAIT`] for a permit is answered 503.
//!
//! The login form's double-submit token is tied to the cookie it was issued with: the form
//! carries a keyed hash of the cookie's value ([`form_token`]), so a client cannot make up a
//! matching pair; it must fetch the form first.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};
use std::time::Duration;

use crate::auth::{same, sha256_hex};
use crate::error::{Error, Result};
use crate::timefmt::now_secs;

/// Failures an address may have before its logins are slowed.
pub const ADDR_FREE: u32 = 5;
/// Failures after which an address is refused until its window ends.
pub const ADDR_LIMIT: u32 = 30;
/// The window of an address's failures (seconds).
pub const ADDR_WINDOW: i64 = 900;
/// Most addresses remembered; past it the oldest windows are dropped.
pub const MAX_ADDRESSES: usize = 10_000;
/// Password checks (argon2, ~19 MiB and tens of milliseconds each) at once.
pub const ARGON2_PERMITS: usize = 2;
/// Longest wait for a password check before a 503.
pub const ARGON2_QUEUE_WAIT: Duration = Duration::from_secs(10);

/// The per-address failure counts and the password-check semaphore of one server.
pub struct Limiter {
    addrs: Mutex<HashMap<String, (u32, i64)>>,
    pub argon2: tokio::sync::Semaphore,
}

impl Default for Limiter {
    fn default() -> Self {
        Limiter {
            addrs: Mutex::new(HashMap::new()),
            argon2: tokio::sync::Semaphore::new(ARGON2_PERMITS),
        }
    }
}

fn doubling(over: i64) -> Duration {
    if over < 0 {
        Duration::ZERO
    } else {
        Duration::from_secs(1u64 << over.min(4))
    }
}

/// The delay of a name with `failures` recent failures (see `auth::login_wait`).
pub fn name_delay(wait_secs: i64) -> Duration {
    Duration::from_secs(wait_secs.max(0) as u64)
}

impl Limiter {
    /// The delay before a login from `addr` may check its password, or 429 when the address has
    /// failed too often.
    pub fn address_delay(&self, addr: &str) -> Result<Duration> {
        let now = now_secs();
        let map = self
            .addrs
            .lock()
            .map_err(|_| Error::Internal("lock".into()))?;
        let Some(&(failures, start)) = map.get(addr) else {
            return Ok(Duration::ZERO);
        };
        if start + ADDR_WINDOW <= now {
            return Ok(Duration::ZERO);
        }
        if failures >= ADDR_LIMIT {
            return Err(Error::TooManyRequests(format!(
                "too many failed logins from this address; try again in {} s",
                start + ADDR_WINDOW - now
            )));
        }
        Ok(doubling(i64::from(failures) - i64::from(ADDR_FREE)))
    }

    /// Counts a failure of `addr`.
    pub fn failed(&self, addr: &str) {
        let now = now_secs();
        let Ok(mut map) = self.addrs.lock() else {
            return;
        };
        if map.len() >= MAX_ADDRESSES && !map.contains_key(addr) {
            map.retain(|_, (_, start)| *start + ADDR_WINDOW > now);
            if map.len() >= MAX_ADDRESSES {
                // Still full of live windows: forget the oldest half.
                let mut starts: Vec<i64> = map.values().map(|v| v.1).collect();
                starts.sort_unstable();
                let cut = starts[starts.len() / 2];
                map.retain(|_, (_, start)| *start > cut);
            }
        }
        let e = map.entry(addr.to_string()).or_insert((0, now));
        if e.1 + ADDR_WINDOW <= now {
            *e = (0, now);
        }
        e.0 += 1;
    }

    /// Addresses remembered (for tests and the limit).
    pub fn addresses(&self) -> usize {
        self.addrs.lock().map(|m| m.len()).unwrap_or(0)
    }
}

/// The key of this process's form tokens: a new one each start (an open login form goes stale).
static FORM_KEY: LazyLock<String> = LazyLock::new(|| {
    crate::auth::random_token().unwrap_or_else(|_| format!("{:?}", std::time::SystemTime::now()))
});

/// The login form's token for the pre-login cookie `nonce`: a keyed hash only this server makes.
pub fn form_token(nonce: &str) -> String {
    let key: &str = &FORM_KEY;
    sha256_hex(&format!("{key}:{}", sha256_hex(&format!("{key}:{nonce}"))))
}

/// Does the form's token belong to the cookie's nonce?
pub fn form_token_ok(nonce: Option<&str>, given: Option<&str>) -> bool {
    matches!((nonce, given), (Some(n), Some(g)) if !n.is_empty() && same(&form_token(n), g))
}
