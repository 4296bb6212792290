//! The portable test data of `testdata/cases.json` (testdata/README.md) through the command, as a
//! user in another language would check it: `iri check` (verdict and UTF-8 offset per grammar),
//! `iri to-uri` (percent and `--host idna`), `iri to-iri` and `iri normalize` at every level, all
//! inputs on standard input ended by NUL (`-0`), so that line feeds are part of them. The inputs that
//! hold a NUL cannot be written that way; they are counted, and the library's own test
//! (`tests/it/testdata.rs` of the library) runs them.

use crate::common;

use common::cli::iri;
use serde_json::Value;

const GRAMMARS: [&str; 4] = ["uri", "rfc3987", "iri", "leiri"];
const LEVELS: [&str; 6] = ["simple", "case", "percent", "path", "scheme", "nfc"];

fn cases() -> Vec<Value> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../testdata/cases.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let file: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    file["cases"].as_array().expect("cases").clone()
}

/// Runs `iri ARGS -f json -0` on the inputs; one JSON record per input, in order (with `-0` each
/// record ends with a NUL too).
fn run(args: &[&str], inputs: &[&str]) -> Vec<Value> {
    let mut stdin = Vec::new();
    for i in inputs {
        stdin.extend_from_slice(i.as_bytes());
        stdin.push(0);
    }
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["-f", "json", "-0"]);
    let (code, out, err) = iri(&all, Some(&stdin));
    assert!(code == 0 || code == 1, "iri {args:?}: exit {code}: {err}");
    assert!(out.ends_with('\0'), "iri {args:?}: records end with NUL");
    let records: Vec<Value> = out
        .split_terminator('\0')
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    assert_eq!(
        records.len(),
        inputs.len(),
        "iri {args:?}: one record per input"
    );
    for (r, i) in records.iter().zip(inputs) {
        assert_eq!(
            r["input"].as_str(),
            Some(*i),
            "iri {args:?}: records in input order"
        );
    }
    records
}

/// The code of `testdata/` for a conversion error record of the command.
fn error_code(record: &Value) -> Value {
    let kind = record["error"]["kind"].as_str().expect("an error kind");
    serde_json::json!({ "error": kind })
}

#[test]
fn the_command_gives_every_answer_of_the_portable_test_data() {
    let cases = cases();
    let (cases, with_nul): (Vec<&Value>, Vec<&Value>) = cases
        .iter()
        .partition(|c| !c["input"].as_str().expect("input").contains('\0'));
    assert!(cases.len() > 1000, "{} cases", cases.len());
    assert!(with_nul.len() < 20, "{} inputs hold a NUL", with_nul.len());
    let inputs: Vec<&str> = cases.iter().map(|c| c["input"].as_str().unwrap()).collect();
    let mut checked = 0usize;

    for grammar in GRAMMARS {
        let records = run(&["check", "--grammar", grammar], &inputs);
        for (case, r) in cases.iter().zip(&records) {
            let expected = &case[grammar];
            let what = format!("check --grammar {grammar} {:?}", case["input"]);
            assert_eq!(r["valid"], expected["valid"], "{what}");
            if expected["valid"] == false {
                assert_eq!(r["error"]["offset"], expected["offset"], "{what}: offset");
            }
            checked += 1;
        }
        for level in LEVELS {
            let records = run(
                &["normalize", "--grammar", grammar, "--level", level],
                &inputs,
            );
            for (case, r) in cases.iter().zip(&records) {
                let expected = &case[grammar];
                let what = format!(
                    "normalize --grammar {grammar} --level {level} {:?}",
                    case["input"]
                );
                if expected["valid"] == true {
                    assert_eq!(r["normalized"], expected["normalized"][level], "{what}");
                } else {
                    assert!(
                        r["normalized"].is_null() && r["error"].is_string(),
                        "{what}: {r}"
                    );
                }
                checked += 1;
            }
        }
    }
    for (key, host) in [("percent", "percent"), ("idna", "idna")] {
        let records = run(&["to-uri", "--host", host], &inputs);
        for (case, r) in cases.iter().zip(&records) {
            let expected = &case["to_uri"][key];
            let got = if r["error"].is_null() {
                r["output"].clone()
            } else {
                error_code(r)
            };
            assert_eq!(&got, expected, "to-uri --host {host} {:?}", case["input"]);
            checked += 1;
        }
    }
    let records = run(&["to-iri"], &inputs);
    for (case, r) in cases.iter().zip(&records) {
        let got = if r["error"].is_null() {
            r["output"].clone()
        } else {
            error_code(r)
        };
        assert_eq!(got, case["to_iri"], "to-iri {:?}", case["input"]);
        checked += 1;
    }
    assert_eq!(
        checked,
        inputs.len() * (GRAMMARS.len() * (1 + LEVELS.len()) + 3)
    );
}
