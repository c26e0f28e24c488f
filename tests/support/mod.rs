//! Helpers: temporary archives, running the CLI, serving the router.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Command;

use annals::store::{connection, index::Index, ingest};
use annals::{AppState, Paths};

/// The test records (each with its expected output), not the demo archive of `corpus/`.
pub fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("import/tests/records")
}

/// The demo archive a fresh `serve` imports.
pub fn demo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

/// A fresh archive in a temporary folder.
pub struct Archive {
    pub dir: tempfile::TempDir,
}

impl Archive {
    pub fn new() -> Archive {
        Archive {
            dir: tempfile::tempdir().expect("tempdir"),
        }
    }

    pub fn db(&self) -> PathBuf {
        self.dir.path().join("annals.db")
    }

    pub fn paths(&self) -> Paths {
        Paths::new(&self.db(), None)
    }

    /// Writes a file under the archive's folder and returns its path.
    pub fn file(&self, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let p = self.dir.path().join(name);
        if let Some(d) = p.parent() {
            std::fs::create_dir_all(d).expect("mkdir");
        }
        std::fs::write(&p, contents).expect("write");
        p
    }

    /// Runs `annals --db <db> ARGS…`: (exit code, stdout, stderr).
    pub fn cli(&self, args: &[&str]) -> (i32, String, String) {
        let out = Command::new(env!("CARGO_BIN_EXE_annals"))
            .arg("--db")
            .arg(self.db())
            .args(args)
            .env("RUST_LOG", "warn")
            .output()
            .expect("run annals");
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    /// Imports paths in-process (database and index), returning the summary.
    pub fn import(&self, paths: &[PathBuf]) -> ingest::Summary {
        let mut conn = connection::open(&self.db()).expect("open db");
        let index = Index::open(&self.paths().index).expect("open index");
        ingest::import_paths(
            &mut conn,
            Some(&index),
            paths,
            &ingest::Options {
                details: true,
                ..Default::default()
            },
        )
        .expect("import")
    }

    /// Serves the real router on 127.0.0.1:0 in a background runtime.
    pub fn serve(&self) -> Server {
        let state = AppState::open(&self.paths()).expect("open state");
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("runtime");
        let listener = rt
            .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
            .expect("bind");
        let addr = listener.local_addr().expect("addr");
        rt.spawn(async move {
            let _ = axum::serve(listener, annals::web::app(state)).await;
        });
        Server {
            addr,
            rt,
            client: reqwest::Client::new(),
        }
    }
}

pub struct Server {
    pub addr: SocketAddr,
    rt: tokio::runtime::Runtime,
    client: reqwest::Client,
}

pub struct Reply {
    pub status: u16,
    pub content_type: String,
    pub headers: reqwest::header::HeaderMap,
    pub body: String,
}

impl Reply {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

impl Server {
    /// Any request: method, path, optional bearer token, optional body (sent as given), extra headers.
    pub fn send(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&str>,
        headers: &[(&str, &str)],
    ) -> Reply {
        let url = format!("http://{}{}", self.addr, path);
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("client");
        let method = reqwest::Method::from_bytes(method.as_bytes()).expect("method");
        let mut req = client.request(method, &url);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        if let Some(b) = body {
            req = req.body(b.to_string());
        }
        self.rt.block_on(async move {
            let r = req.send().await.expect("request");
            let status = r.status().as_u16();
            let headers = r.headers().clone();
            let content_type = headers
                .get("content-type")
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_string();
            let body = r.text().await.expect("body");
            Reply {
                status,
                content_type,
                headers,
                body,
            }
        })
    }

    pub fn json(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: &serde_json::Value,
    ) -> Reply {
        self.send(
            method,
            path,
            token,
            Some(&body.to_string()),
            &[("content-type", "application/json")],
        )
    }

    pub fn get(&self, path: &str) -> Reply {
        let url = format!("http://{}{}", self.addr, path);
        let client = self.client.clone();
        self.rt.block_on(async move {
            let r = client.get(&url).send().await.expect("request");
            let status = r.status().as_u16();
            let headers = r.headers().clone();
            let content_type = headers
                .get("content-type")
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_string();
            let body = r.text().await.expect("body");
            Reply {
                status,
                content_type,
                headers,
                body,
            }
        })
    }
}
