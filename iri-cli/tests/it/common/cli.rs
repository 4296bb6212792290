//! Running the `iri` binary from integration tests.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// Runs `iri` with `args` and optional standard input; returns the exit code, stdout and stderr (both
/// must be UTF-8: the command never prints anything else).
pub fn iri(args: &[&str], stdin: Option<&[u8]>) -> (i32, String, String) {
    iri_in(Path::new("."), args, stdin)
}

/// [`iri`] run in the directory `dir`.
pub fn iri_in(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_iri"))
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run iri");
    {
        let mut input = child.stdin.take().expect("stdin");
        if let Some(bytes) = stdin {
            input.write_all(bytes).expect("write stdin");
        }
    }
    let out = child.wait_with_output().expect("wait");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    )
}

/// One JSON value per line of `s`.
pub fn json_lines(s: &str) -> Vec<serde_json::Value> {
    s.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}
