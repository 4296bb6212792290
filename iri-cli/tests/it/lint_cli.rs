//! `iri lint`: diagnostics per input, levels by code and family, the exit status, `--list` and
//! `--explain`.

use crate::common;

use common::cli::{iri, iri_in, json_lines};

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
    insta::with_settings!({snapshot_path => "../../../snapshots", prepend_module_to_snapshot => false}, {
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

fn codes(record: &serde_json::Value) -> Vec<(String, String)> {
    record["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap().to_string(),
                d["severity"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

#[test]
fn profiles_set_levels_before_the_flags() {
    let inputs = ["../a%c3%a9", "http://example.org/a"];
    let run = |extra: &[&str]| {
        let mut args = vec!["lint", "--no-config", "--format", "json"];
        args.extend_from_slice(extra);
        args.extend_from_slice(&inputs);
        let (code, out, err) = iri(&args, None);
        let records = json_lines(&out);
        assert_eq!(records.len(), 2, "{err}");
        (code, codes(&records[0]), codes(&records[1]))
    };
    // Default: relative-reference is off; the encoding is advice.
    let (code, first, second) = run(&[]);
    assert_eq!(code, 0);
    assert_eq!(
        first,
        pairs(&[
            ("lowercase-percent-encoding", "info"),
            ("encoded-iri-character", "info"),
            ("lowercase-percent-encoding", "info")
        ])
    );
    assert!(second.is_empty());
    // rdf: a relative reference is an error, the encodings are quiet.
    let (code, first, _) = run(&["--profile", "rdf"]);
    assert_eq!(code, 1);
    assert_eq!(first, pairs(&[("relative-reference", "error")]));
    // The flags come after the profile.
    let (code, first, _) = run(&["--profile", "rdf", "--allow", "relative-reference"]);
    assert_eq!(code, 0);
    assert!(first.is_empty(), "{first:?}");
    // minting: the advice becomes warnings, relative-reference a warning.
    let (_, first, _) = run(&["--profile", "minting"]);
    assert_eq!(
        first,
        pairs(&[
            ("relative-reference", "warning"),
            ("lowercase-percent-encoding", "warning"),
            ("encoded-iri-character", "warning"),
            ("lowercase-percent-encoding", "warning")
        ])
    );
    // strict: every info a warning.
    let (_, first, _) = run(&["--profile", "strict"]);
    assert!(first.iter().all(|(_, s)| s == "warning"), "{first:?}");
    assert_eq!(first.len(), 3);
    // An unknown profile is a usage error.
    let (code, _, err) = iri(&["lint", "--profile", "lax", "x"], None);
    assert_eq!(code, 2);
    assert!(err.contains("lax"), "{err}");
}

#[test]
fn the_configuration_file_of_the_working_directory() {
    let dir = std::env::temp_dir().join(format!("iri-lint-config-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = "HTTP://example.org/%c3%a9";
    // No file: the defaults.
    let (code, out, _) = iri_in(&dir, &["lint", "--format", "json", input], None);
    assert_eq!(code, 0);
    assert_eq!(codes(&json_lines(&out)[0]).len(), 4);
    std::fs::write(
        dir.join("iri.toml"),
        "[lint]\nprofile = \"rdf\"\nallow = [\"generic\"]\ndeny = [\"lowercase-percent-encoding\"]\n",
    )
    .unwrap();
    let (code, out, err) = iri_in(&dir, &["lint", "--format", "json", input], None);
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        codes(&json_lines(&out)[0]),
        pairs(&[
            ("lowercase-percent-encoding", "error"),
            ("lowercase-percent-encoding", "error")
        ])
    );
    // The command line after the file; --no-config reads none.
    let (code, out, _) = iri_in(
        &dir,
        &[
            "lint",
            "--allow",
            "percent-encoding",
            "--format",
            "json",
            input,
        ],
        None,
    );
    assert_eq!((code, codes(&json_lines(&out)[0])), (0, vec![]));
    let (_, out, _) = iri_in(
        &dir,
        &["lint", "--no-config", "--format", "json", input],
        None,
    );
    assert_eq!(codes(&json_lines(&out)[0]).len(), 4);
    // fail-on from the file, overridden by the flag.
    std::fs::write(dir.join("iri.toml"), "[lint]\nfail-on = \"warning\"\n").unwrap();
    let (code, _, _) = iri_in(&dir, &["lint", input], None);
    assert_eq!(code, 1, "uppercase-scheme is a warning");
    let (code, _, _) = iri_in(&dir, &["lint", "--fail-on", "error", input], None);
    assert_eq!(code, 0);
    // Mistakes are usage errors that name the file and the place.
    for (text, needle) in [
        ("[lint]\nprofil = \"rdf\"\n", "unknown field `profil`"),
        ("[lint]\nprofile = \"lax\"\n", "unknown profile \"lax\""),
        ("[lint]\ndeny = [\"no-such-code\"]\n", "no-such-code"),
        ("[lint\n", "line 1"),
    ] {
        std::fs::write(dir.join("iri.toml"), text).unwrap();
        let (code, out, err) = iri_in(&dir, &["lint", input], None);
        assert_eq!(code, 2, "{text}: {out}");
        assert!(
            err.contains("iri.toml") && err.contains(needle),
            "{text}: {err}"
        );
    }
    // --config names another file.
    let other = dir.join("other.toml");
    std::fs::write(
        &other,
        "[lint]\nallow = [\"generic\", \"percent-encoding\"]\n",
    )
    .unwrap();
    let (code, out, err) = iri_in(
        &dir,
        &[
            "lint",
            "--config",
            other.to_str().unwrap(),
            "--format",
            "json",
            input,
        ],
        None,
    );
    assert_eq!((code, codes(&json_lines(&out)[0])), (0, vec![]), "{err}");
    // Its mistakes name it, not iri.toml.
    std::fs::write(&other, "[lint]\nwarn = [\"no-such-family\"]\n").unwrap();
    let (code, _, err) = iri_in(
        &dir,
        &["lint", "--config", other.to_str().unwrap(), input],
        None,
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("other.toml") && err.contains("no-such-family"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn check_lint_adds_the_diagnostics_to_each_verdict() {
    let (code, out, err) = iri(
        &[
            "check",
            "--lint",
            "--no-config",
            "--format",
            "json",
            "HTTP://a/",
            "x y",
            "http://a/",
        ],
        None,
    );
    assert_eq!(code, 1, "one input is invalid: {err}");
    let records = json_lines(&out);
    assert_eq!(records.len(), 3);
    assert_eq!(
        codes(&records[0]),
        pairs(&[("uppercase-scheme", "warning")])
    );
    assert_eq!(records[1]["valid"], false);
    assert_eq!(records[1]["diagnostics"].as_array().unwrap().len(), 0);
    assert_eq!(codes(&records[2]), vec![]);
    // Without --lint, no diagnostics member.
    let (_, out, _) = iri(&["check", "--format", "json", "HTTP://a/"], None);
    assert!(json_lines(&out)[0].get("diagnostics").is_none());
    // Text: the diagnostics under the verdict; the levels as in `iri lint`; the status stays the
    // grammar's even for an error.
    let (code, out, _) = iri(
        &[
            "check",
            "--lint",
            "--no-config",
            "--deny",
            "uppercase-scheme",
            "HTTP://a/",
        ],
        None,
    );
    assert_eq!(code, 0);
    assert!(
        out.starts_with("valid \"HTTP://a/\"\n  error[uppercase-scheme]: "),
        "{out}"
    );
    // Usage errors: levels without --lint, a grammar without components, a rule that is not a
    // reference.
    for args in [
        &["check", "--allow", "bidi", "x"][..],
        &["check", "--lint", "--grammar", "rfc2396", "x"],
        &["check", "--lint", "--rule", "ihost", "x"],
    ] {
        let (code, _, err) = iri(args, None);
        assert_eq!(code, 2, "{args:?}: {err}");
    }
    // --lint with a narrower reference rule.
    let (code, out, _) = iri(
        &[
            "check",
            "--lint",
            "--no-config",
            "--rule",
            "absolute-IRI",
            "--format",
            "json",
            "HTTP://a/",
        ],
        None,
    );
    assert_eq!(code, 0);
    assert_eq!(
        codes(&json_lines(&out)[0]),
        pairs(&[("uppercase-scheme", "warning")])
    );
}

/// Inputs made of diagnostics, one per character or escape: each, on a line of about 60 KB, in every
/// format of `iri lint` and `iri check --lint`, shows the first diagnostics and counts the rest, writes
/// at most 64 bytes per input byte, and shows each span in a window of the line. `--max-diagnostics 0`
/// shows them all, with the columns counted from the start of the line.
#[test]
fn inputs_made_of_diagnostics_are_reported_within_bounds() {
    // The unit, how many diagnostics each fires under the default levels.
    let units = [
        ("%7e", 2),      // lower-case hex digits; an encoded unreserved character
        ("%C3%A9", 1),   // an encoded IRI character
        ("\u{200E}", 1), // a bidi formatting character (an error)
        ("\u{00A0}", 1), // a space of another kind
        ("\u{200B}", 1), // an invisible character
        ("\u{FF21}", 1), // a compatibility character (not NFKC)
    ];
    for (unit, per) in units {
        let count = 60_000 / unit.len();
        let input = format!("http://a/{}", unit.repeat(count));
        let found = count * per;
        for command in [&["lint"][..], &["check", "--lint"]] {
            for format in ["text", "json"] {
                let mut args = command.to_vec();
                args.extend(["--no-config", "--format", format, &input]);
                let (_, out, err) = iri(&args, None);
                assert!(err.is_empty(), "{unit:?} {args:?}: {err}");
                assert!(
                    out.len() <= 64 * input.len(),
                    "{unit:?} {command:?} {format}: {} bytes of output",
                    out.len()
                );
                if format == "json" {
                    let r = &json_lines(&out)[0];
                    assert_eq!(r["diagnostics"].as_array().unwrap().len(), 20, "{unit:?}");
                    assert_eq!(r["diagnostics_omitted"], found - 20, "{unit:?}");
                } else {
                    let shown = out.lines().filter(|l| l.starts_with("  | ")).count();
                    assert_eq!(shown, 2 * 20, "{unit:?}: a line and its carets for each");
                    assert!(
                        out.contains(&format!(
                            "  = and {} more diagnostics (--max-diagnostics 0 shows all)\n",
                            found - 20
                        )),
                        "{unit:?}"
                    );
                    // The span in a window of the line: 40 columns on each side of at most 40
                    // columns of the span, and the cuts.
                    for line in out.lines().filter(|l| l.starts_with("  | ")) {
                        assert!(
                            line.chars().count() <= 4 + 3 * 40 + 2 + 10,
                            "{unit:?}: {line}"
                        );
                    }
                }
            }
        }
        // All of them, with the limit off.
        let (_, out, _) = iri(
            &[
                "lint",
                "--no-config",
                "--format",
                "json",
                "--max-diagnostics",
                "0",
                &input,
            ],
            None,
        );
        let r = &json_lines(&out)[0];
        let all = r["diagnostics"].as_array().unwrap();
        assert_eq!(
            (all.len(), &r["diagnostics_omitted"]),
            (found, &0.into()),
            "{unit:?}"
        );
        let last = &all[found - 1];
        let start = last["start"].as_u64().unwrap() as usize;
        assert_eq!(
            last["column"],
            input[..start].chars().count() + 1,
            "{unit:?}"
        );
    }
}

/// The exit status and `--fail-on` count the diagnostics left out too; `--max-diagnostics N` keeps N.
#[test]
fn the_diagnostics_left_out_still_decide_the_exit_status() {
    // Thirty infos and warnings, then a bidi formatting character: an error, past the first 20.
    let input = format!("http://a/{}\u{202E}", "%7e".repeat(15));
    let (code, out, _) = iri(&["lint", "--no-config", "--format", "json", &input], None);
    assert_eq!(
        code, 1,
        "the error beyond the shown diagnostics fails the input"
    );
    let r = &json_lines(&out)[0];
    assert_eq!(r["diagnostics_omitted"], 11);
    assert!(r["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .all(|d| d["severity"] != "error"));
    let (code, out, _) = iri(
        &[
            "lint",
            "--no-config",
            "--max-diagnostics",
            "3",
            "--format",
            "json",
            "http://a/%7e%7e",
        ],
        None,
    );
    assert_eq!(code, 0);
    let r = &json_lines(&out)[0];
    assert_eq!(
        (
            r["diagnostics"].as_array().unwrap().len(),
            &r["diagnostics_omitted"]
        ),
        (3, &1.into())
    );
    // The text says how many are left out, and that the limit can be lifted.
    let (_, out, _) = iri(
        &[
            "lint",
            "--no-config",
            "--max-diagnostics",
            "1",
            "http://a/%7e",
        ],
        None,
    );
    assert!(
        out.ends_with("  = and 1 more diagnostic (--max-diagnostics 0 shows all)\n"),
        "{out}"
    );
    // Without --lint, `iri check` takes no --max-diagnostics.
    let (code, _, err) = iri(&["check", "--max-diagnostics", "3", "http://a/"], None);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("apply with --lint"), "{err}");
}
