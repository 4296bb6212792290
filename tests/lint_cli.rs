//! `iri lint`: diagnostics per input, levels by code and family, the exit status, `--list` and
//! `--explain`.

mod common;

use common::cli::{iri, json_lines};

#[test]
fn diagnostics_levels_and_exit_status() {
    let input = "HTTP://Example.org:80/a/../b%7e";
    let (code, out, err) = iri(&["lint", "--format", "json", input], None);
    assert_eq!(code, 0, "warnings and infos only: {err}");
    let r = &json_lines(&out)[0];
    assert_eq!(r["valid"], true);
    let codes: Vec<&str> = r["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    assert_eq!(
        codes,
        [
            "uppercase-scheme",
            "uppercase-host",
            "default-port",
            "dot-segments",
            "lowercase-percent-encoding",
            "encoded-unreserved"
        ]
    );
    let d = &r["diagnostics"][0];
    assert_eq!((d["start"].as_u64(), d["end"].as_u64()), (Some(0), Some(4)));
    assert_eq!(d["column"], 1);
    assert_eq!(d["component"], "scheme");
    assert_eq!(d["suggestion"], "http");
    assert_eq!(d["spec"], "RFC 3986 §3.1, §6.2.2.1");
    // --fail-on warning: the warnings now fail.
    let (code, _, _) = iri(&["lint", "--fail-on", "warning", input], None);
    assert_eq!(code, 1);
    // A family off, one of its codes back on as an error.
    let (code, out, _) = iri(
        &[
            "lint",
            "--allow",
            "generic",
            "--allow",
            "percent-encoding",
            "--deny",
            "dot-segments",
            "--format",
            "json",
            input,
        ],
        None,
    );
    assert_eq!(code, 1, "dot-segments is an error now");
    let r = &json_lines(&out)[0];
    let found: Vec<(&str, &str)> = r["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["code"].as_str().unwrap(), d["severity"].as_str().unwrap()))
        .collect();
    assert_eq!(
        found,
        [("uppercase-host", "info"), ("dot-segments", "error")]
    );
    // An invalid input is reported as `iri check` reports it, and fails.
    let (code, out, _) = iri(&["lint", "--format", "json", "http://a b/"], None);
    assert_eq!(code, 1);
    let r = &json_lines(&out)[0];
    assert_eq!(r["valid"], false);
    assert_eq!(r["error"]["offset"], 8);
    // An unknown code is a usage error.
    let (code, _, err) = iri(&["lint", "--allow", "nope", "x"], None);
    assert_eq!(code, 2);
    assert!(
        err.contains("\"nope\" is neither a lint code nor a family"),
        "{err}"
    );
}

#[test]
fn text_output_underlines_the_span() {
    let (code, out, err) = iri(
        &[
            "lint",
            "--grammar",
            "leiri",
            "http://example.org/\u{202E}txt",
        ],
        None,
    );
    assert_eq!(code, 1, "a bidi formatting character is an error: {err}");
    insta::with_settings!({snapshot_path => "../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("lint_text", out);
    });
}

#[test]
fn list_and_explain() {
    let (code, out, _) = iri(&["lint", "--list", "--format", "json"], None);
    assert_eq!(code, 0);
    let records = json_lines(&out);
    assert_eq!(records.len(), iri_abnf::lint::CATALOGUE.len());
    for (r, info) in records.iter().zip(iri_abnf::lint::CATALOGUE) {
        assert_eq!(r["code"], info.name);
        assert!(!r["spec"].as_str().unwrap().is_empty(), "{r}");
    }
    let (code, out, _) = iri(&["lint", "--explain", "overlong-utf8"], None);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("overlong-utf8 (percent-encoding, error by default)"),
        "{out}"
    );
    assert!(out.contains("%C0%AF"), "{out}");
    let (code, _, _) = iri(&["lint", "--explain", "nope"], None);
    assert_eq!(code, 2);
}
