//! Output that pipes: data values exact when standard output is not a terminal (`--escape`),
//! NUL-terminated records (`-0`), a closed pipe that ends the command quietly, and the shortcut
//! `--absolute`.

use crate::common;

use std::io::Read;
use std::process::{Command, Stdio};

use common::cli::iri;

/// The Persian word of the issue: ZWNJ (U+200C) is part of it.
const FA: &str =
    "https://fa.wikipedia.org/wiki/%D9%85%DB%8C%E2%80%8C%D8%AE%D9%88%D8%A7%D9%87%D9%85";

#[test]
fn to_iri_output_checks_as_valid_in_a_pipe() {
    let (code, iri_out, err) = iri(&["to-iri", FA], None);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        iri_out,
        "https://fa.wikipedia.org/wiki/\u{645}\u{6CC}\u{200C}\u{62E}\u{648}\u{627}\u{647}\u{645}\n"
    );
    let (code, out, err) = iri(&["check"], Some(iri_out.as_bytes()));
    assert_eq!(code, 0, "{out}{err}");
    // On a terminal (or with --escape always) the ZWNJ is shown as an escape.
    let (_, shown, _) = iri(&["to-iri", "--escape", "always", FA], None);
    assert!(shown.contains("\\u{200C}"), "{shown}");
}

#[test]
fn generated_strings_check_as_generated() {
    let (code, generated, err) = iri(&["generate", "--count", "1000"], None);
    assert_eq!(code, 0, "{err}");
    let (code, out, _) = iri(&["check", "--count"], Some(generated.as_bytes()));
    assert_eq!((code, out.as_str()), (0, "valid: 1000, invalid: 0\n"));
    // LEIRIs outside iri may hold line breaks: with -0 every one survives the pipe.
    let args = [
        "-0", "generate", "--in", "leiri", "--not-in", "iri", "--count", "300",
    ];
    let (_, generated, err) = iri(&args, None);
    let records: Vec<&str> = generated.split_terminator('\0').collect();
    assert_eq!(records.len(), 300, "{err}");
    // A string that holds NUL itself (leiri-ucschar has %x0) cannot be a NUL-terminated record: its
    // record is an error that says so.
    let (errors, strings): (Vec<&str>, Vec<&str>) =
        records.iter().partition(|r| r.starts_with("error: "));
    assert!(
        errors.iter().all(|e| e.contains("holds a NUL character")),
        "{errors:?}"
    );
    assert!(
        strings.iter().any(|s| s.contains('\n')),
        "the sample holds a line break"
    );
    let kept: String = strings.iter().map(|s| format!("{s}\0")).collect();
    let (code, out, err) = iri(
        &["-0", "check", "--grammar", "leiri", "--count"],
        Some(kept.as_bytes()),
    );
    let want = format!("valid: {}, invalid: 0\0", strings.len());
    assert_eq!((code, out.as_str()), (0, want.as_str()), "{err}");
    let (code, out, _) = iri(
        &["check", "--grammar", "iri", "--count", "-0"],
        Some(kept.as_bytes()),
    );
    let want = format!("valid: 0, invalid: {}\0", strings.len());
    assert_eq!((code, out.as_str()), (1, want.as_str()));
    // In text mode such a string is never split: its record is an error that says why.
    let (code, text, _) = iri(&args[1..], None);
    assert_eq!(code, 1);
    assert_eq!(text.lines().count(), 300, "one line per string");
    let errors: Vec<&str> = text.lines().filter(|l| l.starts_with("error: ")).collect();
    assert!(!errors.is_empty());
    assert!(
        errors
            .iter()
            .all(|l| l.contains("holds a line break") && l.contains("-0")),
        "{errors:?}"
    );
}

#[test]
fn nul_records_carry_line_breaks_in_and_out() {
    let input = b"http://a/b c\r\nd\0x\ty\0";
    let (code, out, err) = iri(&["from-leiri", "-0", "--to", "uri"], Some(input));
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "http://a/b%20c%0D%0Ad\0x%09y\0");
    // JSON records end with NUL too.
    let (_, out, _) = iri(&["-0", "check", "--format", "json", "a", "b c"], None);
    let records: Vec<&str> = out.split_terminator('\0').collect();
    assert_eq!(records.len(), 2, "{out:?}");
    assert!(records.iter().all(|r| !r.contains('\n')), "{out:?}");
    // A multi-line record (parse) ends with one NUL, with no blank separator line.
    let (_, out, _) = iri(&["-0", "parse", "http://a/", "x"], None);
    let records: Vec<&str> = out.split_terminator('\0').collect();
    assert_eq!(records.len(), 2, "{out:?}");
    assert!(records[0].starts_with("input: argument 1 \"http://a/\"\ngrammar: iri"));
    assert!(
        records[1].starts_with("input: argument 2 \"x\"\n"),
        "{out:?}"
    );
    // Without -0, a NUL in an input is part of the line; with it, a value holding NUL cannot be
    // written exactly.
    let (code, out, _) = iri(&["-0", "from-leiri", "--raw", "--to", "iri"], Some(b"a\0"));
    assert_eq!((code, out.as_str()), (0, "a\0"));
}

#[test]
fn parse_records_name_their_input() {
    let dir = std::env::temp_dir().join(format!("iri-parse-names-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("refs.txt");
    std::fs::write(&file, "http://a/\nnot a ref\n").unwrap();
    let path = file.to_str().unwrap();
    let (code, out, _) = iri(&["parse", "--input", path], None);
    assert_eq!(code, 1);
    let records: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(records.len(), 2, "{out}");
    assert!(records[0].starts_with(&format!("input: {path}: line 1 \"http://a/\"\n")));
    assert!(records[1].starts_with(&format!("input: {path}: line 2 \"not a ref\"\ninvalid")));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn absolute_is_the_grammars_absolute_rule() {
    // Under the reference rule, the empty string and `hello` are relative references.
    let (code, _, _) = iri(&["check", "", "hello"], None);
    assert_eq!(code, 0);
    let (code, out, _) = iri(&["check", "--absolute", "hello"], None);
    assert_eq!(code, 1);
    assert!(
        out.contains("for iri `IRI`") && out.contains("starts with a scheme"),
        "{out}"
    );
    // A relative reference, a scheme that begins with a digit, whitespace at an edge: in plain
    // words, before the ABNF detail.
    for (args, words) in [
        (
            &["check", "-A", "/relative"][..],
            "a relative reference (an absolute-path reference, RFC 3986 §4.2) was given where an \
             absolute IRI is required",
        ),
        (
            &["check", "-A", "--grammar", "uri", "//example.org/x"][..],
            "a relative reference (a network-path reference, RFC 3986 §4.2) was given where an \
             absolute URI is required",
        ),
        (
            &["check", "1http://a"][..],
            "a scheme begins with a letter (RFC 3986 §3.1",
        ),
        (
            &["check", "http://a/ "][..],
            "a space at the end of the input is not part of an IRI: remove it",
        ),
    ] {
        let (code, out, _) = iri(args, None);
        assert_eq!(code, 1, "{out}");
        assert!(
            out.lines()
                .nth(1)
                .is_some_and(|l| l.trim_start().starts_with(words)),
            "{out}"
        );
    }
    let (code, out, _) = iri(&["check", "-A", "--grammar", "uri", "http://a/#f"], None);
    assert_eq!(code, 0, "{out}");
    let (_, out, _) = iri(
        &["check", "-A", "--grammar", "rfc2396", "x:y", "-f", "json"],
        None,
    );
    assert!(out.contains("\"rule\":\"absoluteURI\""), "{out}");
    let (code, out, _) = iri(&["parse", "-A", "/a"], None);
    assert_eq!(code, 1, "{out}");
    let (code, _, err) = iri(&["check", "-A", "--rule", "IRI", "x:y"], None);
    assert_eq!(code, 2, "--absolute and --rule exclude each other: {err}");
}

/// Runs `iri` with its standard output a pipe whose reader has gone: it must end without a message
/// and without a panic.
fn closed_pipe(args: &[&str], stdin: Option<&str>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_iri"))
        .args(args)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run iri");
    // Close the reading end at once: every write fails with EPIPE (Rust ignores SIGPIPE).
    drop(child.stdout.take());
    if let (Some(text), Some(mut input)) = (stdin, child.stdin.take()) {
        let _ = std::io::Write::write_all(&mut input, text.as_bytes());
    }
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert_ne!(status.code(), Some(101), "{args:?} panicked: {err}");
    assert!(
        !err.contains("panicked") && !err.contains("Broken pipe"),
        "{args:?}: {err}"
    );
    assert!(!err.contains("writing output"), "{args:?}: {err}");
}

#[test]
fn a_closed_pipe_ends_every_command_quietly() {
    let lines = "http://a/b\n".repeat(50_000);
    for args in [
        &["check"][..],
        &["check", "--jobs", "1"],
        &["check", "--format", "json"],
        &["parse"],
        &["lint"],
        &["compare"],
        &["to-uri"],
        &["to-iri"],
        &["from-leiri"],
        &["preprocess"],
        &["normalize"],
        &["resolve", "http://b/"],
        &["relativize", "http://a/"],
    ] {
        closed_pipe(args, Some(&lines));
    }
    closed_pipe(&["generate", "--count", "50000"], None);
    closed_pipe(&["rules"], None);
    closed_pipe(&["man"], None);
    closed_pipe(&["completions", "bash"], None);
    closed_pipe(&["lint", "--list"], None);
}
