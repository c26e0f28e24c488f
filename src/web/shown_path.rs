//! The name of a record file as the API shows it: never the server's absolute path. A path given
//! relative to where the import ran is shown as given; an absolute one as the part under the
//! server's working directory, or else as the file's name alone.

use std::path::Path;

/// `source.file` and an import problem's `file` as shown to clients.
pub fn shown_path(stored: &str) -> String {
    let p = Path::new(stored);
    if !p.is_absolute() {
        return stored.to_string();
    }
    if let Ok(cwd) = std::env::current_dir()
        && let Ok(rel) = p.strip_prefix(&cwd)
    {
        return rel.display().to_string();
    }
    p.file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default()
}
