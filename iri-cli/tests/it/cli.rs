//! The `iri` command, run as a user would: exit codes, JSON contract, errors with positions, stdin lines,
//! non-UTF-8 input.

use crate::common;

use common::cli::{iri, json_lines};

#[test]
fn uri_rejects_resume_at_offset_8() {
    let (code, out, _) = iri(
        &["check", "--grammar", "uri", "http://résumé.example.org"],
        None,
    );
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("byte offset 8 (column 9)"), "{out}");
    // Plain words first, then the ABNF detail with the expected list summarized by class.
    assert!(
        out.contains("  a URI holds only US-ASCII characters, and 'é' is not: convert the IRI to a URI with `iri to-uri`"),
        "{out}"
    );
    assert!(
        out.contains("expected path-abempty, reg-name, userinfo, a letter, a digit, one of ! # $"),
        "{out}"
    );
    // --verbose lists it in full, in ABNF notation.
    let (_, verbose, _) = iri(
        &[
            "check",
            "-v",
            "--grammar",
            "uri",
            "http://résumé.example.org",
        ],
        None,
    );
    assert!(
        verbose.contains("expected one of path-abempty, reg-name, userinfo, \"!\", %x23-3B, \"=\""),
        "{verbose}"
    );
    assert!(
        out.contains("  | http://résumé.example.org\n  |         ^\n"),
        "{out}"
    );
    let (code, out, _) = iri(
        &["check", "--grammar", "iri", "http://résumé.example.org"],
        None,
    );
    assert_eq!(code, 0, "{out}");
    let (code, _, _) = iri(&["check", "http://résumé.example.org"], None);
    assert_eq!(code, 0, "iri is the default grammar");
}

#[test]
fn json_contract_from_stdin() {
    let stdin = b"http://[1::2:3:4:5:6]/\nhttp://1.2.3.256/\nhttp://[v7.a:b]/\n";
    let (code, out, err) = iri(
        &["check", "--grammar", "uri", "--format", "json"],
        Some(stdin),
    );
    assert_eq!(code, 0, "{out}{err}");
    let records = json_lines(&out);
    assert_eq!(records.len(), 3);
    for (i, r) in records.iter().enumerate() {
        assert_eq!(r["valid"], true, "{r}");
        assert_eq!(r["grammar"], "uri");
        assert_eq!(r["rule"], "URI-reference");
        assert!(r["error"].is_null());
        assert_eq!(r["line"], i + 1, "the line of standard input");
        assert_eq!(
            r.as_object().map(|o| o.len()),
            Some(6),
            "exactly the documented members"
        );
    }
    assert_eq!(records[1]["input"], "http://1.2.3.256/");
    let (code, out, _) = iri(
        &["check", "--format", "json", "http://example.org/a b"],
        None,
    );
    assert_eq!(code, 1);
    let r = &json_lines(&out)[0];
    assert_eq!(r["valid"], false);
    assert_eq!(r["error"]["offset"], 20);
    assert_eq!(r["error"]["column"], 21);
    assert!(r["error"]["expected"]
        .as_array()
        .is_some_and(|a| a.iter().any(|e| e == "%x23-3B")));
    assert!(r["error"]["message"]
        .as_str()
        .is_some_and(|m| m.contains("U+0020")));
}

#[test]
fn tag_character_in_query_and_path() {
    let query = "http://x/?\u{E0000}";
    let path = "http://x/\u{E0000}";
    assert_eq!(iri(&["check", "--grammar", "iri", query], None).0, 0);
    assert_eq!(iri(&["check", "--grammar", "rfc3987", query], None).0, 1);
    assert_eq!(iri(&["check", "--grammar", "iri", path], None).0, 1);
    let (code, out, _) = iri(&["check", "--grammar", "rfc3987", path], None);
    assert_eq!(code, 1);
    assert!(
        out.contains("\\u{E0000}"),
        "invisible characters are shown escaped: {out}"
    );
}

#[test]
fn leiri_space_and_rules() {
    assert_eq!(
        iri(
            &["check", "--grammar", "leiri", "http://example.org/a b"],
            None
        )
        .0,
        0
    );
    let (code, out, _) = iri(
        &["check", "--grammar", "iri", "http://example.org/a b"],
        None,
    );
    assert_eq!(code, 1);
    assert!(out.contains("byte offset 20"), "{out}");
    assert_eq!(
        iri(
            &[
                "check",
                "--grammar",
                "iri",
                "--rule",
                "ihost",
                "résumé.example.org"
            ],
            None
        )
        .0,
        0
    );
    assert_eq!(
        iri(&["check", "--rule", "ireg_name", "a%41"], None).0,
        0,
        "underscore spelling"
    );
    let (code, _, err) = iri(&["check", "--rule", "host", "x"], None);
    assert_eq!(code, 2);
    assert!(
        err.contains("has no rule \"host\"") && err.contains("ihost"),
        "{err}"
    );
}

#[test]
fn stdin_lines_keep_spaces_and_strip_only_terminators() {
    let (code, out, _) = iri(
        &["check", "--grammar", "leiri", "--format", "json"],
        Some(b" a \r\nb\n\tc"),
    );
    assert_eq!(code, 0);
    let inputs: Vec<String> = json_lines(&out)
        .iter()
        .map(|r| r["input"].as_str().unwrap_or_default().to_string())
        .collect();
    assert_eq!(inputs, [" a ", "b", "\tc"]);
}

#[test]
fn non_utf8_input_is_a_record_with_line_and_offset() {
    let (code, out, err) = iri(
        &["check", "--format", "json"],
        Some(b"http://a/\nhttp://b/\xFF\xFEx\nc\n"),
    );
    assert_eq!(
        code, 1,
        "an input that is not UTF-8 is an invalid input: {err}"
    );
    assert!(
        !out.contains('\u{FFFD}') && !err.contains('\u{FFFD}'),
        "no lossy rendering"
    );
    let records = json_lines(&out);
    assert_eq!(records.len(), 3, "one record per input line: {out}");
    assert_eq!(records[0]["valid"], true);
    let bad = &records[1];
    assert_eq!(bad["input"], serde_json::Value::Null);
    assert_eq!(bad["input_escaped"], "http://b/\\xFF\\xFEx");
    assert_eq!(bad["valid"], false);
    assert_eq!(bad["error"]["kind"], "not-utf8");
    assert_eq!(bad["error"]["offset"], 9);
    assert!(
        bad["error"]["message"].as_str().unwrap().contains("0xFF"),
        "{bad}"
    );
    assert_eq!(
        records[2]["input"], "c",
        "the lines after it are still checked"
    );
}

#[test]
fn parse_formats() {
    let (code, out, _) = iri(&["parse", "http://user@[v7.a:b]:99999/p/q?x#y"], None);
    assert_eq!(code, 0);
    for line in [
        "kind: iri",
        "scheme: \"http\" 0..4",
        "host: \"[v7.a:b]\" 12..20 (IPvFuture version \"7\" address \"a:b\")",
        "port: \"99999\" 21..26 (too large for 16 bits)",
        "path: \"/p/q\" 26..30 (ipath-abempty)",
        "query: \"x\" 31..32",
        "fragment: \"y\" 33..34",
    ] {
        assert!(out.contains(line), "missing {line:?} in\n{out}");
    }
    let (code, out, _) = iri(
        &[
            "parse",
            "--grammar",
            "uri",
            "--format",
            "tree",
            "http://1.2.3.256/",
        ],
        None,
    );
    assert_eq!(code, 0);
    assert!(
        out.contains("        reg-name 7..16 \"1.2.3.256\""),
        "{out}"
    );
    let (code, out, _) = iri(
        &["parse", "--rule", "IPv6address", "--format", "json", "1::2"],
        None,
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["components"]["component"], "host");
    assert_eq!(v["components"]["kind"], "ipv6");
    let (code, out, _) = iri(&["parse", "--format", "json", "a b"], None);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["error"]["offset"], 1);
}

#[test]
fn help_explains_grammars_and_rules() {
    for sub in [&["--help"][..], &["check", "--help"], &["parse", "--help"]] {
        let (code, out, _) = iri(sub, None);
        assert_eq!(code, 0);
        assert!(
            out.contains("Example") || out.contains("rfc3987"),
            "{sub:?}: {out}"
        );
    }
    let (_, out, _) = iri(&["check", "--help"], None);
    assert!(
        out.contains("\"offset\": int") && out.contains("Exit status"),
        "{out}"
    );
    let (code, _, err) = iri(&["check", "--grammar", "nope", "x"], None);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn rules_lists_the_rules_of_the_grammar() {
    for g in iri_abnf::AnyGrammar::ALL {
        let (code, out, err) = iri(&["rules", "--grammar", g.name()], None);
        assert_eq!(code, 0, "{err}");
        // Spelled as the grammar's files spell them (RFC 2396's `alpha`).
        let names: Vec<&str> = g.rules().iter().map(|&r| g.rule_name(r)).collect();
        assert_eq!(out.lines().collect::<Vec<_>>(), names, "{g}");
        let (code, out, err) = iri(&["rules", "--grammar", g.name(), "--format", "json"], None);
        assert_eq!(code, 0, "{err}");
        let records = json_lines(&out);
        assert_eq!(records.len(), 1, "{out}");
        assert_eq!(records[0]["grammar"], g.name());
        assert_eq!(
            records[0]["reference_rule"],
            g.rule_name(g.reference_rule())
        );
        assert_eq!(records[0]["rules"], serde_json::json!(names), "{g}");
    }
    let (_, out, _) = iri(&["rules"], None);
    assert!(out.lines().any(|l| l == "ireg-name"), "the default is iri");
}

#[test]
fn the_rule_help_says_where_the_rules_are_listed() {
    for sub in ["check", "parse"] {
        let (code, out, _) = iri(&[sub, "--help"], None);
        assert_eq!(code, 0);
        assert!(out.contains("iri rules --grammar G"), "{sub}: {out}");
    }
    let (_, out, _) = iri(&["--help"], None);
    assert!(out.contains("iri rules --grammar G"), "{out}");
}

/// ABNF rule names are case-insensitive (RFC 5234 §2.1): every `--rule` takes a name in any case, and
/// the output spells it as the grammar does.
#[test]
fn rule_names_are_case_insensitive() {
    assert_eq!(iri(&["check", "--rule", "ipv6address", "::1"], None).0, 0);
    let (code, out, err) = iri(
        &["check", "--rule", "ipv6ADDRESS", "--format", "json", "::1"],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(json_lines(&out)[0]["rule"], "IPv6address");
    for rule in ["iri-REFERENCE", "IRI_Reference"] {
        let (code, _, err) = iri(&["parse", "--rule", rule, "http://a/b"], None);
        assert_eq!(code, 0, "{rule}: {err}");
    }
    let (code, out, err) = iri(
        &[
            "generate",
            "--grammar",
            "uri",
            "--rule",
            "ipv6ADDRESS",
            "--count",
            "3",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 3, "{out}");
    let (code, _, err) = iri(
        &["compare", "--languages", "uri", "iri", "--rule", "IHOST"],
        None,
    );
    assert_ne!(code, 2, "{err}");
    // A name that no case of any rule matches is still an error that names the close rules.
    let (code, _, err) = iri(&["check", "--rule", "ipv6adress", "::1"], None);
    assert_eq!(code, 2);
    assert!(err.contains("(did you mean `IPv6address`?)"), "{err}");
}

#[test]
fn an_unknown_rule_names_the_closest_rules() {
    let (code, out, err) = iri(
        &["check", "--grammar", "iri", "--rule", "URI-reference", "x"],
        None,
    );
    assert_eq!(code, 2);
    assert!(out.is_empty(), "{out}");
    assert!(
        err.starts_with(
            "iri: the grammar `iri` has no rule \"URI-reference\" (did you mean `IRI-reference`?); \
             its rules are: ALPHA, DIGIT,"
        ),
        "{err}"
    );
    let (code, _, err) = iri(
        &["parse", "--grammar", "uri", "--rule", "ipath_abempty", "/a"],
        None,
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("has no rule \"ipath_abempty\" (did you mean `path-abempty`?);"),
        "{err}"
    );
}

/// The grammars with a language only: `check` takes them, with the errors of their automata (no rule
/// names) and their own rule names; the commands that need components do not.
#[test]
fn historical_grammars_in_check() {
    let (code, out, err) = iri(
        &[
            "check",
            "--grammar",
            "rfc2396",
            "--format",
            "json",
            "http://[::1]/",
            "http://a/b?c#d",
        ],
        None,
    );
    assert_eq!(code, 1, "{err}");
    let records = json_lines(&out);
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["grammar"], "rfc2396");
    assert_eq!(records[0]["rule"], "URI-reference");
    assert_eq!(records[0]["valid"], false);
    // RFC 2396 has no IP literals: "[" is the first character no URI reference can have there.
    assert_eq!(records[0]["error"]["offset"], 7);
    let expected = records[0]["error"]["expected"].as_array().unwrap();
    assert!(
        expected.contains(&serde_json::json!("end of input")),
        "{expected:?}"
    );
    // Characters, ranges and the end of input: no rule names.
    assert!(
        expected.iter().all(|e| {
            let e = e.as_str().unwrap();
            e == "end of input" || e.starts_with('"') || e.starts_with("%x")
        }),
        "no rule names: {expected:?}"
    );
    assert_eq!(records[1]["valid"], true);
    // RFC 2732 added them.
    let (code, _, err) = iri(&["check", "-g", "rfc2732", "http://[::1]/"], None);
    assert_eq!(code, 0, "{err}");
    // Rules are found by the names of the document, `_` for `-` included, and spelled so.
    let (code, out, err) = iri(
        &[
            "check",
            "-g",
            "duerst01",
            "--rule",
            "IPv6reference",
            "--format",
            "json",
            "[::1]",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(json_lines(&out)[0]["rule"], "IPv6reference");
    let (code, out, err) = iri(
        &["check", "-g", "rfc2396", "--rule", "hier_part", "//a b"],
        None,
    );
    assert_eq!(code, 1, "{err}");
    assert!(
        out.contains("at byte offset 3 (column 4) for rfc2396 `hier-part`"),
        "{out}"
    );
    let (code, _, err) = iri(
        &["check", "-g", "rfc2396", "--rule", "absolute-URI", "x"],
        None,
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("has no rule \"absolute-URI\" (did you mean `absoluteURI`?); its rules are: alpha, digit,"),
        "{err}"
    );
    // 3987bis as printed, without note 1.
    let (code, _, _) = iri(
        &[
            "check",
            "-g",
            "iri-printed",
            "http://r%C3%A9sum%C3%A9.example.org",
        ],
        None,
    );
    assert_eq!(code, 1);
    let (code, _, _) = iri(
        &["check", "-g", "iri", "http://r%C3%A9sum%C3%A9.example.org"],
        None,
    );
    assert_eq!(code, 0);
    // No parse tree or components.
    let (code, _, err) = iri(&["parse", "-g", "rfc2396", "http://a/"], None);
    assert_eq!(code, 2);
    assert!(err.contains("invalid value 'rfc2396'"), "{err}");
}

/// `iri --help` lists the commands for users and no other: the self-check campaigns and the adapter
/// of the judge's tests are binaries of the test-support crate, not subcommands of `iri`.
#[test]
fn the_help_lists_only_commands_for_users() {
    let (code, out, _) = iri(&["--help"], None);
    assert_eq!(code, 0);
    let commands: Vec<&str> = out
        .lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(
        commands,
        [
            "check",
            "compare",
            "generate",
            "parse",
            "rules",
            "lint",
            "to-uri",
            "to-iri",
            "from-leiri",
            "preprocess",
            "resolve",
            "relativize",
            "normalize",
            "equal",
            "judge",
            "serve",
            "completions",
            "man",
            "help",
        ],
        "{out}"
    );
    for removed in ["selfcheck", "judge-adapter"] {
        let (code, _, err) = iri(&[removed, "--help"], None);
        assert_eq!(code, 2, "{removed}");
        assert!(err.contains("unrecognized subcommand"), "{removed}: {err}");
    }
}

#[test]
fn serve_is_in_the_help_the_completions_and_the_man_pages() {
    let (_, out, _) = iri(&["--help"], None);
    assert!(out.contains("serve"), "{out}");
    let (code, out, _) = iri(&["serve", "--help"], None);
    assert_eq!(code, 0);
    for endpoint in [
        "/api/check",
        "/api/parse",
        "/api/compare",
        "/api/lint",
        "/api/convert",
        "/api/resolve",
        "/api/rules",
        "GET requests with query parameters",
        "--max-length",
    ] {
        assert!(out.contains(endpoint), "{endpoint}: {out}");
    }
    // Each shell's spelling of the option `--port`.
    for (shell, port) in [("bash", "--port"), ("zsh", "--port"), ("fish", "-l port")] {
        let (code, out, _) = iri(&["completions", shell], None);
        assert_eq!(code, 0);
        assert!(out.contains("serve") && out.contains(port), "{shell}");
    }
    let dir = std::env::temp_dir().join(format!("iri-abnf-man-serve-{}", std::process::id()));
    let (code, _, err) = iri(&["man", "--out-dir", dir.to_str().unwrap()], None);
    assert_eq!(code, 0, "{err}");
    let page = std::fs::read_to_string(dir.join("iri-serve.1")).unwrap();
    assert!(
        page.contains("\\-\\-port") && page.contains("/api/check"),
        "{page}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
    // A port that is taken is a clear error, exit 2.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let (code, _, err) = iri(&["serve", "--port", &port], None);
    assert_eq!(code, 2);
    assert!(
        err.contains("cannot listen on 127.0.0.1:") && err.contains("--port"),
        "{err}"
    );
}
