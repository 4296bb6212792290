//! `iri resolve`, `iri relativize`, `iri normalize` and `iri equal`, run as a user would: outputs, exit
//! codes, the JSON contracts, stdin lines, non-UTF-8 input.

use crate::common;

use common::cli::{iri, json_lines};

const BASE: &str = "http://a/b/c/d;p?q";

#[test]
fn resolve_arguments_and_modes() {
    let (code, out, err) = iri(&["resolve", BASE, "../g", "?y", "#s", "http:g", ""], None);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "http://a/b/g\nhttp://a/b/c/d;p?y\nhttp://a/b/c/d;p?q#s\nhttp:g\nhttp://a/b/c/d;p?q\n"
    );
    let (code, out, _) = iri(&["resolve", "--non-strict", BASE, "http:g"], None);
    assert_eq!((code, out.as_str()), (0, "http://a/b/c/g\n"));
    let (code, out, _) = iri(
        &["resolve", "--grammar", "leiri", "http://a/b c/", "d e"],
        None,
    );
    assert_eq!((code, out.as_str()), (0, "http://a/b c/d e\n"));
}

#[test]
fn resolve_errors_and_exit_codes() {
    let (code, out, err) = iri(&["resolve", "/a/b", "c"], None);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(
        err.contains("has no scheme: it is an absolute-path reference, not an absolute-IRI"),
        "{err}"
    );
    let (code, out, err) = iri(&["resolve", "--grammar", "uri", BASE, "g", "é"], None);
    assert_eq!(code, 1, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(lines[0], "http://a/b/c/g");
    assert!(
        lines[1].starts_with("error: argument 3: ")
            && lines[1].contains("not a valid URI-reference"),
        "{out}"
    );
}

#[test]
fn resolve_stdin_json() {
    let (code, out, err) = iri(
        &["resolve", "--format", "json", "http://a/b/"],
        Some(b"g\r\n../x\nbad ref\n"),
    );
    assert_eq!(code, 1, "{err}");
    let records = json_lines(&out);
    assert_eq!(records.len(), 3);
    assert_eq!(records[0]["target"], "http://a/b/g");
    assert_eq!(records[1]["target"], "http://a/x");
    assert_eq!(
        records[1]["reference"], "../x",
        "only the line terminator is removed"
    );
    assert!(records[2]["target"].is_null());
    assert!(records[2]["error"]
        .as_str()
        .unwrap()
        .contains("byte offset 3"));
    for r in &records {
        assert_eq!(r["mode"], "strict");
        assert_eq!(r["grammar"], "iri");
        assert_eq!(
            r.as_object().map(|o| o.len()),
            Some(6),
            "exactly the documented members"
        );
    }
}

#[test]
fn non_utf8_input_names_line_and_offset() {
    let (code, out, _) = iri(&["resolve", BASE], Some(b"g\nx\xFFy\nh\n"));
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "one line per input: {out}");
    assert_eq!((lines[0], lines[2]), ("http://a/b/c/g", "http://a/b/c/h"));
    assert!(
        lines[1].starts_with("error: line 2: not text: invalid UTF-8 at byte offset 1")
            && lines[1].contains("(input: \"x\\xFFy\")"),
        "{out}"
    );
    let (code, out, _) = iri(&["normalize"], Some(b"\xC3"));
    assert_eq!(code, 1);
    assert!(
        out.starts_with("error: line 1") && out.contains("truncated UTF-8"),
        "{out}"
    );
    let (code, out, _) = iri(&["normalize", "-f", "json"], Some(b"\xC3"));
    assert_eq!(code, 1);
    let r = &json_lines(&out)[0];
    assert_eq!(r["input"], serde_json::Value::Null);
    assert_eq!(r["input_escaped"], "\\xC3");
    assert!(
        r["error"].as_str().unwrap().contains("truncated UTF-8"),
        "{r}"
    );
}

#[test]
fn relativize_outputs() {
    let args = [
        "relativize",
        BASE,
        "http://a/b/c/g",
        "http://a/x",
        "http://a/b/c/g:h",
        BASE,
    ];
    let (code, out, err) = iri(&args, None);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "g\n/x\n./g:h\n\n");
    let (code, out, err) = iri(
        &["relativize", "--format", "json", BASE, "http://a/b/../g"],
        None,
    );
    assert_eq!(code, 1);
    let r = &json_lines(&out)[0];
    assert!(r["reference"].is_null(), "{err}");
    assert!(r["error"].as_str().unwrap().contains("dot segments"));
    assert_eq!(r.as_object().map(|o| o.len()), Some(5));
}

#[test]
fn normalize_levels() {
    let input = "eXAMPLE://a/./b/../b/%63/%7bfoo%7d";
    let expected = [
        ("simple", input),
        ("case", "example://a/./b/../b/%63/%7Bfoo%7D"),
        ("percent", "example://a/./b/../b/c/%7Bfoo%7D"),
        ("path", "example://a/b/c/%7Bfoo%7D"),
    ];
    for (level, normal) in expected {
        let (code, out, _) = iri(&["normalize", "--level", level, input], None);
        assert_eq!((code, out.trim_end()), (0, normal), "{level}");
    }
    let (_, out, _) = iri(&["normalize", input], None);
    assert_eq!(
        out, "example://a/b/c/%7Bfoo%7D\n",
        "path is the default level"
    );
    let (code, out, _) = iri(
        &[
            "normalize",
            "--level",
            "scheme",
            "--ipv6-rfc5952",
            "HTTP://[2001:DB8:0::1]:80",
        ],
        None,
    );
    assert_eq!((code, out.as_str()), (0, "http://[2001:db8::1]/\n"));
    let (code, out, _) = iri(
        &["normalize", "--format", "json", "--level", "nfc"],
        Some("http://ex/e\u{301}\n".as_bytes()),
    );
    assert_eq!(code, 0);
    let r = &json_lines(&out)[0];
    assert_eq!(r["normalized"], "http://ex/\u{e9}");
    assert_eq!(r["level"], "nfc");
    assert_eq!(r.as_object().map(|o| o.len()), Some(5));
    let (code, _, err) = iri(&["normalize", "--level", "syntax", "x:"], None);
    assert_eq!(code, 2, "{err}");
    let (code, out, _) = iri(&["normalize", "--grammar", "uri", "http://é"], None);
    assert_eq!(code, 1);
    assert!(out.starts_with("error: argument 1: \"http://é\""), "{out}");
}

#[test]
fn equal_exit_codes() {
    let (code, out, _) = iri(
        &[
            "equal",
            "--level",
            "percent",
            "foo://example.com/XML",
            "foo://example.com/XM%4c",
        ],
        None,
    );
    assert_eq!(code, 0);
    assert!(out.starts_with("equivalent at level percent"), "{out}");
    let (code, _, _) = iri(
        &[
            "equal",
            "--level",
            "simple",
            "foo://example.com/XML",
            "foo://example.com/XM%4c",
        ],
        None,
    );
    assert_eq!(code, 1);
    let (code, out, _) = iri(
        &[
            "equal",
            "--level",
            "nfc",
            "http://big.site/PopularPage.html",
            "http://big.site/popularpage.html",
        ],
        None,
    );
    assert_eq!(code, 1);
    assert!(out.starts_with("not equivalent at level nfc"), "{out}");
    let (code, out, err) = iri(&["equal", "a b", "c"], None);
    assert_eq!(code, 2);
    assert!(err.contains("argument 1"), "{err}");
    assert_eq!(out, "", "the error is printed once, on standard error");
    let (code, out, _) = iri(
        &[
            "equal",
            "--format",
            "json",
            "--level",
            "scheme",
            "http://h:80",
            "HTTP://H/",
        ],
        None,
    );
    assert_eq!(code, 0);
    let r = &json_lines(&out)[0];
    assert_eq!(r["equivalent"], true);
    assert_eq!(
        r["normalized"],
        serde_json::json!(["http://h/", "http://h/"])
    );
    assert_eq!(r.as_object().map(|o| o.len()), Some(7));
}
