//! The input sets the benches share: the generated corpus of `../shared/bench/gen_corpus.py` (generated
//! with python3 into `$CARGO_TARGET_DIR/bench-corpus/`, or `target/bench-corpus/`, when absent), the
//! first lines of a reader, the DBpedia sample, a small built-in list for when no corpus is available,
//! and the generated sets of the `corpora` bench ([`sets`]).

// Each bench that includes this module uses a part of it.
#![allow(dead_code)]

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::Command;

pub mod sets;

/// Lines taken from each source.
pub const SAMPLE: usize = 10_000;

/// The directory beside the clone that holds the generator and the third-party corpora.
pub const SHARED: &str = "../shared";

/// The inputs when no corpus is available.
pub const BUILTIN: &[&str] = &[
    "http://example.org/a/b?q=1#frag",
    "http://r%C3%A9sum%C3%A9.example.org/",
    "//[2001:db8::7]:8080/p?x#y",
    "http://résumé.example.org/dé?ç#ü",
    "mailto:user@example.org?subject=hi",
    "../a/b;p?q",
    "not a uri at all",
    "urn:isbn:0451450523",
    "http://dbpedia.org/resource/Café_de_Flore",
    "ftp://ftp.is.co.za/rfc/rfc1808.txt",
    "http://[::1]:80/",
    "http://a/b c",
    "http://[fe80::1%25eth0]/",
];

/// The built-in list as owned lines.
pub fn builtin() -> Vec<String> {
    BUILTIN.iter().map(|s| s.to_string()).collect()
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("target"))
}

/// The first `SAMPLE` lines of a reader (line terminators removed; lines that are not UTF-8 are
/// skipped, since every parser here takes `&str`).
pub fn first_lines(reader: impl Read) -> std::io::Result<Vec<String>> {
    let mut out = Vec::with_capacity(SAMPLE);
    let mut reader = BufReader::new(reader);
    let mut buf = Vec::new();
    while out.len() < SAMPLE {
        buf.clear();
        if reader.read_until(b'\n', &mut buf)? == 0 {
            break;
        }
        while matches!(buf.last(), Some(b'\n' | b'\r')) {
            buf.pop();
        }
        if let Ok(s) = std::str::from_utf8(&buf) {
            out.push(s.to_string());
        }
    }
    Ok(out)
}

/// The generated corpus file `name`, generating the corpus first when it is absent.
pub fn generated(name: &str) -> Result<Vec<String>, String> {
    let dir = target_dir().join("bench-corpus");
    let file = dir.join(name);
    if !file.exists() {
        let script = Path::new(SHARED).join("bench/gen_corpus.py");
        if !script.exists() {
            return Err(format!("{} not found", script.display()));
        }
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let status = Command::new("python3")
            .arg(&script)
            .arg(&dir)
            .stdout(std::process::Stdio::null())
            .status()
            .map_err(|e| format!("running python3 {}: {e}", script.display()))?;
        if !status.success() {
            return Err(format!("python3 {}: {status}", script.display()));
        }
    }
    let f = File::open(&file).map_err(|e| format!("{}: {e}", file.display()))?;
    first_lines(f).map_err(|e| format!("{}: {e}", file.display()))
}

/// The DBpedia sample: the first lines of `../shared/corpora/realworld-dbpedia-links/iris.txt.gz`.
/// Decompressed in-process with `flate2` (a pure Rust dev-dependency) rather than by running
/// `gzip -dc`: no external tool, the same on every platform, and only the first lines of the 12 MB
/// file are inflated.
pub fn dbpedia() -> Result<Vec<String>, String> {
    let file = Path::new(SHARED).join("corpora/realworld-dbpedia-links/iris.txt.gz");
    let f = File::open(&file).map_err(|e| format!("{}: {e}", file.display()))?;
    first_lines(flate2::read::MultiGzDecoder::new(f))
        .map_err(|e| format!("{}: {e}", file.display()))
}
