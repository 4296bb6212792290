//! The third-party conformance data of `../shared/corpora` (see its README.txt): where it is, and
//! reading it. The data is never copied into this repository.

use std::path::PathBuf;

use serde_json::Value;

/// The corpora folder: `$IRI_ABNF_CORPORA`, else `../shared/corpora` beside the crate. Missing corpora
/// fail the test loudly: the suites never pass by running nothing.
pub fn corpora_dir() -> PathBuf {
    let dir = match std::env::var_os("IRI_ABNF_CORPORA") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpora")),
    };
    assert!(
        dir.join("README.txt").is_file(),
        "\n\n*** THIRD-PARTY CORPORA NOT FOUND ***\n\
         looked in: {}\n\
         The third-party suites (validity, resolution, normalization) read the shared corpora; they\n\
         are not copied into this repository. CI needs the `shared` folder checked out beside the\n\
         clone (../shared/corpora), or IRI_ABNF_CORPORA set to the corpora folder.\n",
        dir.display()
    );
    dir
}

/// The text of a corpus file, e.g. `oxiri/cases.jsonl`.
pub fn read(rel: &str) -> String {
    let path = corpora_dir().join(rel);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read corpus file {}: {e}", path.display()))
}

/// The records of a JSON Lines corpus file, each with its 1-based line number.
pub fn jsonl(rel: &str) -> Vec<(usize, Value)> {
    read(rel)
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let v = serde_json::from_str(l)
                .unwrap_or_else(|e| panic!("{rel}:{}: not a JSON record: {e}", i + 1));
            (i + 1, v)
        })
        .collect()
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
