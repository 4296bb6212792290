//! The `iri-selfcheck` binary: its rule names, its errors, its help and a closed output pipe.

use std::io::Read;
use std::process::{Command, Stdio};

/// Runs `iri-selfcheck` with `args`; returns the exit code, stdout and stderr.
fn selfcheck(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_iri-selfcheck"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run iri-selfcheck");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    )
}

#[test]
fn a_campaign_reports_its_cases_and_no_mismatch() {
    let (code, out, err) = selfcheck(&["--grammar", "uri", "--cases", "200"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].starts_with("grammar uri: 200 cases, ")
            && lines[0].ends_with(" accepted by URI-reference"),
        "{out}"
    );
    assert!(
        lines[1].starts_with("cases run: 200, comparisons: ")
            && lines[1].ends_with(", mismatches: 0 (seed 1)"),
        "{out}"
    );
}

#[test]
fn an_unknown_rule_lists_the_rules() {
    let (code, _, err) = selfcheck(&["--grammar", "uri", "--rule", "ihost", "--cases", "1"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("has no rule \"ihost\" (did you mean `host`?); its rules are: ALPHA")
            && err.contains("reg-name"),
        "{err}"
    );
}

#[test]
fn an_unknown_grammar_is_a_usage_error() {
    let (code, out, err) = selfcheck(&["--grammar", "url", "--cases", "1"]);
    assert_eq!(code, 2);
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("unknown grammar \"url\": expected all, uri, rfc3987, iri or leiri"),
        "{err}"
    );
}

/// ABNF rule names are case-insensitive (RFC 5234 §2.1).
#[test]
fn rule_names_are_case_insensitive() {
    let (code, _, err) = selfcheck(&["--grammar", "uri", "--rule", "ipv6address", "--cases", "20"]);
    assert_eq!(code, 0, "{err}");
}

#[test]
fn the_rule_help_says_where_the_rules_are_listed() {
    let (code, out, _) = selfcheck(&["--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("iri rules --grammar G"), "{out}");
}

/// A closed output pipe (`| head -1`) ends the campaign's output quietly, without a panic.
#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_iri-selfcheck"))
        .args(["--cases", "200"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run iri-selfcheck");
    // Close the reading end at once: every write fails with EPIPE (Rust ignores SIGPIPE).
    drop(child.stdout.take());
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert_ne!(status.code(), Some(101), "panicked: {err}");
    assert!(
        !err.contains("panicked") && !err.contains("Broken pipe"),
        "{err}"
    );
    assert!(!err.contains("writing output"), "{err}");
}
