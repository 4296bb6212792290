//! The characters that are not appropriate in an IRI (3987bis §3.7 step 4, §4.1, §2.2;
//! `characters::not_appropriate`) through `iri to-iri`, `iri normalize` and `iri lint`, and the
//! right-to-left component rules of `iri lint` (RFC 3987 §4.2), on the examples of the issue that
//! made them one definition.

use crate::common;

use common::cli::{iri, json_lines};

/// The `output` (to-iri) or `normalized` (normalize) field of each JSON record.
fn field(args: &[&str], name: &str) -> Vec<String> {
    let (code, out, err) = iri(args, None);
    assert_eq!(code, 0, "{args:?}: {err}");
    json_lines(&out)
        .iter()
        .map(|r| r[name].as_str().unwrap().to_string())
        .collect()
}

/// The codes of the diagnostics of each record of `iri lint --format json`.
fn lint_codes(inputs: &[&str]) -> Vec<Vec<String>> {
    let mut args = vec!["lint", "--format", "json"];
    args.extend_from_slice(inputs);
    let (_, out, _) = iri(&args, None);
    json_lines(&out)
        .iter()
        .map(|r| {
            r["diagnostics"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d["code"].as_str().unwrap().to_string())
                .collect()
        })
        .collect()
}

#[test]
fn to_iri_keeps_not_appropriate_characters_encoded() {
    let kept = [
        "http://a/%E2%81%A6x",    // U+2066 LEFT-TO-RIGHT ISOLATE
        "http://a/%D8%9Cx",       // U+061C ARABIC LETTER MARK
        "http://a/%EF%BC%A1",     // U+FF21 FULLWIDTH LATIN CAPITAL LETTER A
        "http://a/%EF%BD%B6",     // U+FF76 HALFWIDTH KATAKANA LETTER KA
        "http://a/%E2%80%8B",     // U+200B ZERO WIDTH SPACE (RFC 3454 C.1.2)
        "http://a/%E2%80%AE",     // U+202E RIGHT-TO-LEFT OVERRIDE (§3.7.1 example 3)
        "http://a/%EF%BB%BF",     // U+FEFF (RFC 3454 C.2.2)
        "http://a/%E2%BF%B0",     // U+2FF0 (RFC 3454 C.7)
        "http://a/?%F3%A0%80%81", // U+E0001 LANGUAGE TAG (RFC 3454 C.9), even in the query
    ];
    let mut args = vec!["to-iri", "--format", "json"];
    args.extend_from_slice(&kept);
    assert_eq!(field(&args, "output"), kept);
    // ZWNJ is part of Persian words (RFC 5892 A.1); private use is allowed in the query (§2.2).
    assert_eq!(
        field(
            &[
                "to-iri",
                "--format",
                "json",
                "https://fa.wikipedia.org/wiki/%D9%85%DB%8C%E2%80%8C%D8%AE",
                "http://a/%EE%80%80?%EE%80%80",
            ],
            "output"
        ),
        [
            "https://fa.wikipedia.org/wiki/\u{645}\u{6CC}\u{200C}\u{62E}",
            "http://a/%EE%80%80?\u{E000}",
        ]
    );
}

/// The look-alikes of space and of the delimiters that mean something stay encoded; typographic and
/// script punctuation of running text is decoded; the look-alikes of "." stay encoded in a host
/// only (3987bis §4.1 b; interpretation note 15 (f)).
#[test]
fn to_iri_decodes_running_text_and_keeps_look_alikes_of_delimiters() {
    let cases = [
        (
            "http://a/Don%E2%80%99t_Stop_Me_Now",
            "http://a/Don\u{2019}t_Stop_Me_Now",
        ),
        (
            "http://a/L%E2%80%99Or%C3%A9al",
            "http://a/L\u{2019}Or\u{E9}al",
        ),
        ("http://a/Hello%E2%80%A6", "http://a/Hello\u{2026}"),
        (
            "http://a/%E3%83%A2%E3%83%BC%E3%83%8B%E3%83%B3%E3%82%B0%E5%A8%98%E3%80%82",
            "http://a/\u{30E2}\u{30FC}\u{30CB}\u{30F3}\u{30B0}\u{5A18}\u{3002}",
        ),
        (
            "http://a/%E3%82%B8%E3%83%A7%E3%83%B3%E3%82%A0%E3%82%B9%E3%83%9F%E3%82%B9",
            "http://a/\u{30B8}\u{30E7}\u{30F3}\u{30A0}\u{30B9}\u{30DF}\u{30B9}",
        ),
        (
            "http://a/%D7%A6%D7%94%D7%B4%D7%9C",
            "http://a/\u{5E6}\u{5D4}\u{5F4}\u{5DC}",
        ),
        ("http://a/100%D9%AA", "http://a/100%D9%AA"), // U+066A ARABIC PERCENT SIGN
        ("http://a/x%E2%81%92y", "http://a/x%E2%81%92y"), // U+2052 COMMERCIAL MINUS SIGN
        ("http://a/x%E2%88%A3y", "http://a/x%E2%88%A3y"), // U+2223 DIVIDES
        ("http://a/x%E2%94%82y", "http://a/x%E2%94%82y"), // U+2502 BOX DRAWINGS LIGHT VERTICAL
        ("http://evil%E3%80%82com/", "http://evil%E3%80%82com/"), // U+3002 in a host
    ];
    let mut args = vec!["to-iri", "--format", "json"];
    args.extend(cases.iter().map(|(input, _)| *input));
    let want: Vec<&str> = cases.iter().map(|(_, output)| *output).collect();
    assert_eq!(field(&args, "output"), want);
}

#[test]
fn no_normalize_level_decodes_a_not_appropriate_character() {
    for level in ["simple", "case", "percent", "path", "scheme", "nfc"] {
        for (input, want) in [
            ("http://a/%E2%80%AEtxt.exe", "http://a/%E2%80%AEtxt.exe"),
            ("http://a/%e2%81%a6x", "http://a/%E2%81%A6x"),
            ("http://a/%EF%BC%A1%E2%80%8B", "http://a/%EF%BC%A1%E2%80%8B"),
        ] {
            let got = field(
                &["normalize", "--format", "json", "--level", level, input],
                "normalized",
            );
            // Below `case` the input is left as it is.
            let want = if level == "simple" { input } else { want };
            assert_eq!(got, [want], "{level} {input}");
        }
    }
    // An appropriate character is still decoded from `percent` on.
    assert_eq!(
        field(
            &[
                "normalize",
                "--format",
                "json",
                "--level",
                "percent",
                "http://a/%C3%A9"
            ],
            "normalized"
        ),
        ["http://a/\u{E9}"]
    );
}

#[test]
fn lint_never_suggests_decoding_into_a_not_appropriate_character() {
    let codes = lint_codes(&[
        "http://a/%E2%80%8B",
        "http://a/%EF%BC%A1",
        "http://a/%D8%9C",
        "http://a/%E2%81%A6",
        "http://a/%C3%A9",
    ]);
    assert_eq!(codes[0], Vec::<String>::new());
    assert_eq!(codes[1], Vec::<String>::new());
    assert_eq!(codes[2], ["encoded-bidi-formatting-character"]);
    assert_eq!(codes[3], ["encoded-bidi-formatting-character"]);
    assert_eq!(codes[4], ["encoded-iri-character"]);
    // As they are, they are reported, with the table or section in the message.
    let (_, out, _) = iri(
        &[
            "lint",
            "--format",
            "json",
            "http://a/\u{FF76}",
            "http://a/\u{6DD}",
        ],
        None,
    );
    let records = json_lines(&out);
    let d = &records[0]["diagnostics"][0];
    assert_eq!(d["code"], "not-appropriate-character");
    assert!(
        d["message"].as_str().unwrap().contains("3987bis §4.1 b"),
        "{d}"
    );
    let d = &records[1]["diagnostics"][0];
    assert_eq!(d["code"], "not-appropriate-character");
    assert!(
        d["message"]
            .as_str()
            .unwrap()
            .contains("RFC 3454 Table C.2.2"),
        "{d}"
    );
    // --explain lists the set and its sources.
    let (code, out, _) = iri(&["lint", "--explain", "not-appropriate-character"], None);
    assert_eq!(code, 0);
    for source in [
        "U+2066-U+2069",
        "C.1.2",
        "C.2.2",
        "U+200C",
        "C.9",
        "U+FF01-U+FFEF",
        "§2.2",
    ] {
        assert!(out.contains(source), "{source}: {out}");
    }
}

#[test]
fn right_to_left_components() {
    let codes = lint_codes(&[
        "http://a/\u{643}\u{62A}\u{627}\u{628}\u{64C}", // كتابٌ: ends in a combining mark
        "http://a/\u{5D0}\u{5D1}\u{5D2}\u{5B0}",        // אבגְ
        "http://a/2024\u{5E9}\u{5E0}\u{5D4}",           // 2024שנה
        "http://a/\u{5E9}\u{5E0}\u{5D4}2024",           // שנה2024
        "http://a/\u{643}\u{62A}\u{627}\u{628}\u{662}", // كتاب٢: an Arabic-Indic digit at the end
        "http://a/\u{5E9}2024\u{5E0}",                  // digits inside
        "http://a/\u{5D2}\u{5D4}%31",                   // an encoded digit at the end
        "http://a/%32\u{5D8}\u{5D9}",                   // and at the start
    ]);
    let none: Vec<String> = Vec::new();
    let boundary = vec!["bidi-component-boundary".to_string()];
    assert_eq!(codes[0], none);
    assert_eq!(codes[1], none);
    assert_eq!(codes[2], boundary);
    assert_eq!(codes[3], boundary);
    assert_eq!(codes[4], boundary);
    assert_eq!(codes[5], none);
    assert!(codes[6].contains(&boundary[0]), "{:?}", codes[6]);
    assert!(codes[7].contains(&boundary[0]), "{:?}", codes[7]);
}
