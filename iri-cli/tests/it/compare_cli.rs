//! `iri compare`: the matrix of the grammars' languages, the witnesses re-checked through `iri check`,
//! the comparison of two languages, and one input in every grammar.

use crate::common;

use common::cli::{iri, json_lines};

/// Every witness of every difference in the matrix (JSON), re-checked through `iri check`: accepted
/// by the grammar it is said to be in, rejected by the other, at the offset it names.
#[test]
fn every_witness_of_the_matrix_is_rechecked_with_iri_check() {
    let (code, out, err) = iri(&["compare", "--matrix", "--format", "json"], None);
    assert_eq!(code, 0, "{err}");
    let records = json_lines(&out);
    assert_eq!(records.len(), 72, "every ordered pair of the nine grammars");
    let mut checked = 0;
    for r in &records {
        for (witnesses, yes, no) in [("only_a", "a", "b"), ("only_b", "b", "a")] {
            // One witness exactly where the relation says the difference is not empty.
            let relation = r["relation"].as_str().unwrap();
            let empty = match witnesses {
                "only_a" => ["equal", "proper-subset"].contains(&relation),
                _ => ["equal", "proper-superset"].contains(&relation),
            };
            let list = r[witnesses].as_array().unwrap();
            assert_eq!(list.len(), usize::from(!empty), "{r}");
            for w in list {
                let text = w["text"].as_str().unwrap();
                let check = |side: &str| {
                    let grammar = r[side]["grammar"].as_str().unwrap();
                    let rule = r[side]["rule"].as_str().unwrap();
                    // On standard input: a witness may hold characters that an argument cannot
                    // (U+0000), but no line terminator.
                    assert!(!text.contains(['\n', '\r']), "{w}");
                    let line = format!("{text}\n");
                    let (code, out, err) = iri(
                        &[
                            "check",
                            "--grammar",
                            grammar,
                            "--rule",
                            rule,
                            "--format",
                            "json",
                        ],
                        Some(line.as_bytes()),
                    );
                    assert!(code < 2, "{err}");
                    json_lines(&out).remove(0)
                };
                let accepted = check(yes);
                assert_eq!(accepted["valid"], true, "{r} {w}");
                let rejected = check(no);
                assert_eq!(rejected["valid"], false, "{r} {w}");
                assert_eq!(rejected["error"]["offset"], w["offset"], "{r} {w}");
                checked += 1;
            }
        }
    }
    // 58 of the 72 ordered pairs (A, B) have strings in A and not in B (the matrix snapshot shows
    // which); each is seen from both sides.
    assert_eq!(checked, 116);
    // The chains the specs' history gives, confirmed on the languages.
    let relation = |a: &str, b: &str| {
        let r = records
            .iter()
            .find(|r| r["a"]["grammar"] == a && r["b"]["grammar"] == b)
            .unwrap();
        r["relation"].as_str().unwrap().to_string()
    };
    for chain in [
        &["uri", "rfc3987", "iri", "leiri"][..],
        &["rfc2396", "rfc2732", "masinter07", "duerst01"][..],
        &["iri-printed", "iri"][..],
    ] {
        for (i, a) in chain.iter().enumerate() {
            for b in &chain[i + 1..] {
                assert_eq!(relation(a, b), "proper-subset", "{a} {b}");
            }
        }
    }
    // RFC 3986 and RFC 2396 only overlap, and so does 3987bis as printed with RFC 3986 (note 1).
    assert_eq!(relation("uri", "rfc2396"), "overlapping");
    assert_eq!(relation("uri", "iri-printed"), "overlapping");
}

#[test]
fn matrix_snapshot() {
    let (code, out, err) = iri(&["compare", "--matrix"], None);
    assert_eq!(code, 0, "{err}");
    insta::with_settings!({snapshot_path => "../../../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("compare_matrix", out);
    });
}

#[test]
fn languages_snapshots() {
    for (name, args) in [
        ("uri-iri", &["uri", "iri"][..]),
        ("rfc3987-iri", &["rfc3987", "iri"][..]),
        ("iri-leiri-ihost", &["iri", "leiri", "--rule", "ihost"][..]),
        ("uri-iri-host", &["uri", "iri", "--rule", "host"][..]),
    ] {
        let mut argv = vec!["compare", "--languages"];
        argv.extend(args);
        let (code, out, err) = iri(&argv, None);
        assert_eq!(code, 1, "the languages differ: {err}");
        insta::with_settings!({snapshot_path => "../../../snapshots", prepend_module_to_snapshot => false}, {
            insta::assert_snapshot!(format!("compare_languages__{name}"), out);
        });
    }
    let (code, out, _) = iri(&["compare", "--languages", "iri", "iri"], None);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("iri IRI-reference = iri IRI-reference"),
        "{out}"
    );
}

#[test]
fn unknown_rules_are_usage_errors() {
    let (code, _, err) = iri(
        &["compare", "--languages", "uri", "iri", "--rule", "nope"],
        None,
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("no grammar of uri, iri has a rule \"nope\""),
        "{err}"
    );
    let (code, _, err) = iri(
        &["compare", "--languages", "uri", "iri", "--rule", "iprivate"],
        None,
    );
    assert_eq!(code, 2);
    assert!(err.contains("no counterpart"), "{err}");
}

/// One input in every grammar: the 3987bis §3.4.1 example separates uri from the IRI grammars, a
/// space separates leiri from the others, and a valid URI is valid everywhere.
#[test]
fn inputs_in_every_grammar() {
    let (code, out, err) = iri(
        &[
            "compare",
            "--format",
            "json",
            "http://résumé.example.org",
            "http://example.org/a b",
            "http://[v7.a:b]/",
        ],
        None,
    );
    assert_eq!(code, 1, "{err}");
    let records = json_lines(&out);
    let verdicts = |r: &serde_json::Value| -> Vec<(String, bool)> {
        r["grammars"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| {
                (
                    v["grammar"].as_str().unwrap().to_string(),
                    v["valid"] == true,
                )
            })
            .collect()
    };
    // The verdicts of the nine grammars, in the order of `iri compare --matrix`.
    let v = |list: [bool; 9]| -> Vec<(String, bool)> {
        let names = [
            "uri",
            "rfc3987",
            "iri",
            "leiri",
            "rfc2396",
            "rfc2732",
            "masinter07",
            "duerst01",
            "iri-printed",
        ];
        names
            .iter()
            .zip(list)
            .map(|(g, b)| (g.to_string(), b))
            .collect()
    };
    // Non-ASCII letters: in every IRI grammar from 2001 on, in no URI grammar.
    assert_eq!(
        verdicts(&records[0]),
        v([false, true, true, true, false, false, true, true, true])
    );
    assert_eq!(records[0]["grammars"][0]["error"]["offset"], 8);
    assert_eq!(records[0]["grammars"][0]["rule"], "URI-reference");
    assert_eq!(records[0]["grammars"][4]["error"]["offset"], 8);
    // A space: LEIRI, and draft-duerst-iri-01, whose `ichar` has `space` (grammar/NOTES.md note 42).
    assert_eq!(
        verdicts(&records[1]),
        v([false, false, false, true, false, false, false, true, false])
    );
    assert_eq!(records[1]["grammars"][2]["error"]["offset"], 20);
    // IPvFuture: RFC 3986 on; RFC 2396 has no IP literal ("[" at 7), RFC 2732 and the drafts only
    // IPv6 ("v" at 8).
    assert_eq!(
        verdicts(&records[2]),
        v([true, true, true, true, false, false, false, false, true])
    );
    assert_eq!(records[2]["grammars"][4]["error"]["offset"], 7);
    assert_eq!(records[2]["grammars"][5]["error"]["offset"], 8);
    // The mappings of 3987bis, with the verdict of each result: §3.4 (the host percent-encoded, the
    // default of `iri to-uri`) for the IRI, §5.1 for the LEIRI (whose IRI is then already a URI).
    let mapping = |r: &serde_json::Value, i: usize| {
        let m = &r["mappings"][i];
        (
            m["from"].as_str().unwrap().to_string(),
            m["to"].as_str().unwrap().to_string(),
            m["result"].as_str().unwrap().to_string(),
            m["valid"] == true,
        )
    };
    assert_eq!(
        mapping(&records[0], 0),
        (
            "iri".into(),
            "uri".into(),
            "http://r%C3%A9sum%C3%A9.example.org".into(),
            true
        )
    );
    assert_eq!(records[0]["mappings"].as_array().unwrap().len(), 1);
    assert_eq!(
        mapping(&records[1], 0),
        (
            "leiri".into(),
            "iri".into(),
            "http://example.org/a%20b".into(),
            true
        )
    );
    assert_eq!(records[1]["mappings"].as_array().unwrap().len(), 1);
    assert!(records[2].get("mappings").is_none(), "a URI maps to itself");
    // The four grammars split every input they accept alike.
    assert!(records.iter().all(|r| r.get("split_differs").is_none()));
    let (code, out, _) = iri(
        &[
            "compare",
            "--grammars",
            "uri,iri",
            "http://résumé.example.org",
        ],
        None,
    );
    assert_eq!(code, 1);
    insta::with_settings!({snapshot_path => "../../../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("compare_input_resume", out);
    });
}

/// The spec examples and inputs that separate each pair of grammars (the witnesses of the matrix),
/// one compact record each.
#[test]
fn inputs_snapshot() {
    let inputs = [
        // 3987bis §3.4.1, §3.7.1 (examples 1-3) and §4.2.
        "http://résumé.example.org",
        "http://www.example.org/red%09ros%C3%A9#red",
        "http://www.example.org/r%E9sum%E9.html",
        "http://xn--99zt52a.example.org/%e2%80%ae",
        "http://www.example.org/D%C3%BCrst",
        // The shortest strings that separate uri, rfc3987, iri and leiri ("?" separates RFC 3986 from
        // RFC 2396, note 36).
        "\u{A0}",
        "?\u{E0000}",
        "\u{0}",
        "http://example.org/a b/{x}",
        // And those that separate the historical grammars and 3987bis as printed from the others
        // (the matrix's witnesses).
        "//:!",
        "#[",
        "\u{FDD0}",
        "\u{FFFE}",
        " ",
        "%",
        "//%00",
        // Host kinds, first match wins (RFC 3986 §3.2.2).
        "http://1.2.3.256/",
        "http://[1::2:3:4:5:6]:8042/p?q#f",
        "http://[",
    ];
    let stdin: String = inputs.iter().map(|s| format!("{s}\n")).collect();
    let (code, out, err) = iri(&["compare"], Some(stdin.as_bytes()));
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        out.matches("\n\"").count() + 1,
        inputs.len(),
        "one record per input"
    );
    insta::with_settings!({snapshot_path => "../../../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("compare_inputs", out);
    });
}

/// 3987bis as printed (note 1 taken back) no longer contains RFC 3986; a note that no grammar of the
/// comparison marks is an error.
#[test]
fn as_printed() {
    let (code, out, err) = iri(
        &[
            "compare",
            "--languages",
            "uri",
            "iri",
            "--as-printed",
            "1",
            "--format",
            "json",
        ],
        None,
    );
    assert_eq!(code, 1, "{err}");
    let r = &json_lines(&out)[0];
    assert_eq!(r["relation"], "overlapping");
    assert_eq!(r["a"]["as_printed"], serde_json::Value::Null);
    assert_eq!(r["b"]["as_printed"][0], 1);
    assert_eq!(r["only_a"][0]["text"], "//%00");
    assert_eq!(r["only_b"][0]["text"], "\u{A0}");
    let ireg = r["rules"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["b"] == "ireg-name")
        .unwrap();
    assert_eq!(ireg["relation"], "overlapping", "{ireg}");
    // `iri` with note 1 taken back is the grammar `iri-printed`.
    let (code, out, err) = iri(
        &[
            "compare",
            "--languages",
            "iri",
            "iri-printed",
            "--as-printed",
            "1",
            "--format",
            "json",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(json_lines(&out)[0]["relation"], "equal");
    let (code, out, err) = iri(&["compare", "--matrix", "--as-printed", "1"], None);
    assert_eq!(code, 0, "{err}");
    insta::with_settings!({snapshot_path => "../../../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("compare_matrix_as_printed", out);
    });
    let (code, _, err) = iri(
        &[
            "compare",
            "--languages",
            "uri",
            "rfc3987",
            "--as-printed",
            "1",
        ],
        None,
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("note 1 amends no rule of uri, rfc3987"),
        "{err}"
    );
}

/// Rules are paired across the historical grammars too (`opaque-part` with the drafts'
/// `iopaque-part`), and the notes that record a transcription from BNF cannot be taken back.
#[test]
fn historical_counterparts_and_notes() {
    let (code, out, err) = iri(
        &[
            "compare",
            "--languages",
            "rfc2396",
            "duerst01",
            "--rule",
            "opaque-part",
            "--format",
            "json",
        ],
        None,
    );
    assert_eq!(code, 1, "{err}");
    let r = &json_lines(&out)[0];
    assert_eq!(r["a"]["rule"], "opaque-part");
    assert_eq!(r["b"]["rule"], "iopaque-part");
    assert_eq!(r["relation"], "proper-subset");
    // Rule by rule, each rule as its grammar spells it.
    let rules = r["rules"].as_array().unwrap();
    assert!(
        rules.iter().any(|x| x["a"] == "alpha" && x["b"] == "alpha"),
        "{r}"
    );
    assert!(
        rules
            .iter()
            .any(|x| x["a"] == "server" && x["b"] == "iserver"),
        "{r}"
    );
    let (code, _, err) = iri(&["compare", "--matrix", "--as-printed", "33"], None);
    assert_eq!(code, 2);
    assert!(
        err.contains("note 33 cannot be taken back in rfc2396"),
        "{err}"
    );
}
