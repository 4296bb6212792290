//! The third-party conformance data the suite tests read, and where it is.
//!
//! Most suites are vendored in `tests/corpora/<folder>/` (data files, the folder's README.txt, the
//! upstream license and a PROVENANCE file; see `tests/corpora/README.md`) and are read with [`read`] and
//! [`jsonl`]. The suites whose license does not allow shipping them with this crate stay external (see
//! [`EXTERNAL`]): they are read with [`external`] / [`external_jsonl`] from `$IRI_ABNF_CORPORA`, else from
//! `../shared/corpora` beside the crate. When that folder is absent, those calls return `None` and print
//! a loud notice naming the skipped suite and how to get it; with `IRI_ABNF_REQUIRE_CORPORA=1` (CI sets
//! it) an absent external suite fails the test instead.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use serde_json::Value;

/// The vendored suites, each a folder of `tests/corpora/`.
pub const VENDORED: &[&str] = &[
    "fluent-uri",
    "go-net-url",
    "iri-string",
    "jena-iri",
    "jena-iri3986",
    "network-uri",
    "oxiri",
    "python-rfc3986",
    "rfc3986-sec5.4",
    "sophia-iri",
    "w3c-rdf-tests",
];

/// The external suites the tests read, with the reason each is not vendored.
pub const EXTERNAL: &[(&str, &str)] = &[
    ("python-rfc3987", "GPL-3.0-licensed"),
    ("uriparser", "its test data is LGPL-2.1-licensed"),
    (
        "realworld-dbpedia-links",
        "1.7 million IRIs of real-world data, too large to ship",
    ),
];

/// The environment variable that makes an absent external suite a failure.
pub const REQUIRE_VAR: &str = "IRI_ABNF_REQUIRE_CORPORA";

fn folder(rel: &str) -> &str {
    rel.split('/').next().unwrap_or(rel)
}

/// The folder of the vendored suites: `tests/corpora` in the crate.
pub fn vendored_dir() -> PathBuf {
    PathBuf::from(crate::ROOT).join("tests/corpora")
}

/// The folder of the external suites: `$IRI_ABNF_CORPORA`, else `../shared/corpora` beside the crate.
pub fn external_dir() -> PathBuf {
    match std::env::var_os("IRI_ABNF_CORPORA") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(crate::ROOT).join("../shared/corpora"),
    }
}

/// Whether an absent external suite must fail the test: `IRI_ABNF_REQUIRE_CORPORA=1`, or a CI run
/// (`CI=true`) with `../shared/corpora` present.
pub fn required() -> bool {
    std::env::var(REQUIRE_VAR).is_ok_and(|v| v == "1")
        || (std::env::var("CI").is_ok_and(|v| v == "true")
            && PathBuf::from(crate::ROOT)
                .join("../shared/corpora")
                .is_dir())
}

fn read_path(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read corpus file {}: {e}", path.display()))
}

/// The text of a vendored corpus file, e.g. `oxiri/cases.jsonl`.
pub fn read(rel: &str) -> String {
    assert!(
        VENDORED.contains(&folder(rel)),
        "{rel}: not a vendored suite (those are {}); read an external suite with corpora::external",
        VENDORED.join(", ")
    );
    read_path(&vendored_dir().join(rel))
}

/// The text of an external corpus file, e.g. `uriparser/cases.jsonl`, or `None` when the external
/// corpora are absent: then the skip is reported (see [`skipped`]), unless `IRI_ABNF_REQUIRE_CORPORA=1`,
/// which makes it a failure. A corpora folder that is present but lacks the file is always a failure.
pub fn external(rel: &str) -> Option<String> {
    let reason = EXTERNAL
        .iter()
        .find(|(f, _)| *f == folder(rel))
        .map(|(_, r)| *r)
        .unwrap_or_else(|| {
            panic!("{rel}: not an external suite; vendored suites are read with corpora::read")
        });
    let dir = external_dir();
    if dir.join("README.txt").is_file() {
        return Some(read_path(&dir.join(rel)));
    }
    let notice = notice(rel, reason, &dir);
    assert!(
        !required(),
        "{notice}{REQUIRE_VAR}=1 is set, so an absent external suite is a failure.\n"
    );
    skipped(folder(rel), &notice);
    None
}

fn notice(rel: &str, reason: &str, dir: &Path) -> String {
    format!(
        "\n*** SKIPPED: third-party suite {} ({rel}) ***\n\
         The external corpora are not there: looked in {}.\n\
         This suite is not shipped with the repository ({reason}); its cases did not run.\n\
         To run it, check out the project's `shared` folder beside the clone (../shared/corpora), or set\n\
         IRI_ABNF_CORPORA to a corpora folder. Set {REQUIRE_VAR}=1 to make its absence a failure.\n",
        folder(rel),
        dir.display()
    )
}

/// Reports a skip loudly, once per suite in the test process: straight to the process's stderr, past
/// the test harness's capture (which holds only what `print!` and `eprint!` write), so that it shows in
/// every run of `cargo test`, with or without `--nocapture`. The suite is the notice's corpus folder.
pub fn skipped(suite: &str, notice: &str) {
    static SHOWN: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());
    let mut shown = SHOWN.lock().unwrap_or_else(|e| e.into_inner());
    if shown.iter().any(|s| s == suite) {
        return;
    }
    shown.push(suite.to_string());
    let _ = std::io::stderr().write_all(notice.as_bytes());
}

fn parse_jsonl(rel: &str, text: &str) -> Vec<(usize, Value)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let v = serde_json::from_str(l)
                .unwrap_or_else(|e| panic!("{rel}:{}: not a JSON record: {e}", i + 1));
            (i + 1, v)
        })
        .collect()
}

/// The records of a vendored JSON Lines corpus file, each with its 1-based line number.
pub fn jsonl(rel: &str) -> Vec<(usize, Value)> {
    parse_jsonl(rel, &read(rel))
}

/// The records of an external JSON Lines corpus file, or `None` when the suite is skipped (see
/// [`external`]).
pub fn external_jsonl(rel: &str) -> Option<Vec<(usize, Value)>> {
    external(rel).map(|text| parse_jsonl(rel, &text))
}

/// A string as a JSON string literal with every non-ASCII character escaped, so that the deviation
/// files show control, invisible, private-use and look-alike characters unambiguously.
pub fn json_ascii(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            ' '..='~' => out.push(c),
            _ => {
                let mut units = [0u16; 2];
                for u in c.encode_utf16(&mut units) {
                    out.push_str(&format!("\\u{u:04x}"));
                }
            }
        }
    }
    out.push('"');
    out
}
