//! `iri to-uri`, `iri to-iri`, `iri from-leiri` and `iri preprocess`, run as a user would: outputs,
//! exit codes, the JSON records, errors with positions, stdin lines, legacy encodings.

use crate::common;

use common::cli::{iri, json_lines};

#[test]
fn to_uri_host_mappings() {
    let (code, out, err) = iri(&["to-uri", "http://résumé.example.org"], None);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (0, "http://r%C3%A9sum%C3%A9.example.org\n", "")
    );
    // 3987bis §3.4.2 prints xn--rsum-bad, the Punycode of "r\u{80}sum\u{80}" (interpretation note 11).
    let (code, out, _) = iri(
        &["to-uri", "--host", "idna", "http://résumé.example.org"],
        None,
    );
    assert_eq!(
        (code, out.as_str()),
        (0, "http://xn--rsum-bpad.example.org\n")
    );
    let (code, out, _) = iri(&["to-uri", "http://www.example.org/red%09rosé#red"], None);
    assert_eq!(
        (code, out.as_str()),
        (0, "http://www.example.org/red%09ros%C3%A9#red\n")
    );
}

/// `--host idna` is the IDNA2008 lookup of RFC 5891 §5 (3987bis §3.4.2), which maps nothing;
/// `--host uts46` is the UTS #46 mapping browsers use.
#[test]
fn to_uri_idna_is_idna2008_and_uts46_maps() {
    let run = |host: &str, input: &str| {
        let (code, out, err) = iri(&["to-uri", "--host", host, "-f", "json", input], None);
        let r = json_lines(&out).remove(0);
        (code, r, err)
    };
    // Full-width digits and letters: DISALLOWED (RFC 5892 §2.2), not mapped.
    for (input, label, character) in [
        ("http://１２７.0.0.1/", "１２７", "'１' (U+FF11)"),
        (
            "http://ｅｘａｍｐｌｅ.com/",
            "ｅｘａｍｐｌｅ",
            "'ｅ' (U+FF45)",
        ),
    ] {
        let (code, r, _) = run("idna", input);
        assert_eq!(code, 1, "{r}");
        assert_eq!(r["error"]["kind"], "idna");
        assert_eq!(r["error"]["label"], label);
        assert_eq!(r["error"]["offset"], 7);
        let message = r["error"]["message"].as_str().unwrap();
        for part in [character, "DISALLOWED", "RFC 5891 §5.4", "RFC 5892 §2.2"] {
            assert!(message.contains(part), "{part}: {message}");
        }
    }
    // UTS #46 maps them; a name that becomes an IPv4 address is an error naming the label.
    let (code, r, _) = run("uts46", "http://ｅｘａｍｐｌｅ.com/");
    assert_eq!(
        (code, r["output"].as_str()),
        (0, Some("http://example.com/"))
    );
    let (code, r, _) = run("uts46", "http://１２７.0.0.1/");
    assert_eq!(code, 1);
    assert_eq!(r["error"]["label"], "１２７");
    let message = r["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("\"127.0.0.1\", an IPv4 address"),
        "{message}"
    );
    for host in ["idna", "uts46"] {
        let (code, r, _) = run(host, "http://%31%32%37.0.0.1/");
        assert_eq!(code, 1, "{host}: {r}");
        assert_eq!(r["error"]["label"], "127");
        // The Bidi Rule on every label of a name with a right-to-left character.
        let (code, r, _) = run(host, "http://0a.א/");
        assert_eq!(code, 1, "{host}: {r}");
        assert_eq!(r["error"]["label"], "0a");
        let message = r["error"]["message"].as_str().unwrap();
        assert!(message.contains("Bidi Rule (RFC 5893 §2"), "{message}");
        let (code, r, _) = run(host, "http://a0.א/");
        assert_eq!(
            (code, r["output"].as_str()),
            (0, Some("http://a0.xn--4db/"))
        );
    }
    // The real reason for U+3002 and U+00AD, not a length.
    let reasons = [
        (
            "idna",
            "http://é。/",
            "'。' (U+3002), which IDNA2008 disallows",
        ),
        (
            "uts46",
            "http://é。/",
            "'。' (U+3002) maps to \".\", a label separator",
        ),
        (
            "idna",
            "http://\u{AD}.org/",
            "U+00AD, which IDNA2008 disallows",
        ),
        (
            "uts46",
            "http://\u{AD}.org/",
            "UTS #46 maps U+00AD to nothing",
        ),
    ];
    for (host, input, reason) in reasons {
        let (code, r, _) = run(host, input);
        assert_eq!(code, 1);
        let message = r["error"]["message"].as_str().unwrap();
        assert!(message.contains(reason), "{host} {input}: {message}");
        assert!(!message.contains("at most 63"), "{message}");
    }
    // The help names both.
    let (_, out, _) = iri(&["to-uri", "--help"], None);
    assert!(out.contains("uts46") && out.contains("RFC 5891"), "{out}");
}

#[test]
fn to_uri_errors_and_exit_codes() {
    let (code, out, err) = iri(
        &[
            "to-uri",
            "--host",
            "idna",
            "http://-résumé.example.org/",
            "http://ok.example/é",
        ],
        None,
    );
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines.len(),
        2,
        "one line per input, the failed one in place: {out}"
    );
    assert!(
        lines[0].starts_with("error: argument 1: IDNA cannot convert the label \"-résumé\""),
        "{out}"
    );
    assert_eq!(lines[1], "http://ok.example/%C3%A9");
    // The message is printed once, on standard output; standard error shows where it is.
    assert!(!err.contains("IDNA cannot convert"), "{err}");
    assert!(
        err.contains("iri: argument 1: the error is at byte offset 7 (column 8):"),
        "{err}"
    );
    // RFC 5891 §4.2.3.1 (every U-label meets it, RFC 5890 §2.3.2.1), in the one message.
    assert!(
        lines[0].contains("a hyphen is first or last (RFC 5891 §4.2.3.1"),
        "{out}"
    );
    assert!(
        err.contains("  | http://-résumé.example.org/\n  |        ^\n"),
        "{err}"
    );
    assert!(
        err.contains("IDNA processing: IDNA2008 Domain Name Lookup (RFC 5891 §5.3–§5.5)"),
        "{err}"
    );
    // The same under UTS #46, with its flag named.
    let (code, out, err) = iri(
        &["to-uri", "--host", "uts46", "http://-résumé.example.org/"],
        None,
    );
    assert_eq!(code, 1);
    assert!(
        out.starts_with("error: argument 1: IDNA cannot convert the label")
            && out.contains("CheckHyphens"),
        "{out}"
    );
    assert!(err.contains("CheckHyphens=true"), "{err}");
    assert!(err.contains("IDNA processing: UTS #46 ToASCII"), "{err}");

    let (code, out, err) = iri(&["to-uri", "http://a/b c"], None);
    assert_eq!(code, 1);
    assert!(
        out.starts_with("error: argument 1: ")
            && out.contains("byte offset 10")
            && out.lines().count() == 1,
        "{out}"
    );
    assert!(err.contains("byte offset 10"), "{err}");
    let (code, out, err) = iri(&["to-uri", "--raw", "http://a/b c"], None);
    assert_eq!((code, out.as_str()), (0, "http://a/b%20c\n"));
    assert!(
        err.contains("note: the input is not a valid IRI-reference"),
        "{err}"
    );

    let (code, _, err) = iri(&["to-uri", "--query-charset", "klingon", "x"], None);
    assert_eq!(code, 2);
    assert!(err.contains("unknown charset label \"klingon\""), "{err}");
    let (code, _, _) = iri(&["to-uri", "--host", "dns", "x"], None);
    assert_eq!(code, 2);
}

#[test]
fn to_uri_query_charset_and_json() {
    let (code, out, err) = iri(
        &[
            "to-uri",
            "--query-charset",
            "iso-8859-1",
            "--format",
            "json",
        ],
        Some("http://a/März?März#März\r\nhttp://a/?日本\nftp://a/?ä\n".as_bytes()),
    );
    assert_eq!(code, 1, "{err}");
    let records = json_lines(&out);
    assert_eq!(records.len(), 3);
    assert_eq!(records[0]["input"], "http://a/März?März#März");
    assert_eq!(records[0]["output"], "http://a/M%C3%A4rz?M%E4rz#M%C3%A4rz");
    assert_eq!(records[0]["input_valid"], true);
    assert_eq!(records[0]["output_valid"], true);
    assert_eq!(records[0]["error"], serde_json::Value::Null);
    assert_eq!(records[1]["output"], serde_json::Value::Null);
    assert_eq!(records[1]["error"]["kind"], "unmappable");
    assert_eq!(records[1]["error"]["offset"], 10);
    assert_eq!(records[1]["error"]["character"], "日");
    assert!(records[1]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("windows-1252 cannot represent U+65E5"));
    assert_eq!(records[2]["output"], "ftp://a/?%C3%A4");
    assert!(records[2]["notes"][0]
        .as_str()
        .unwrap()
        .contains("the scheme is \"ftp\""));

    let (_, out, _) = iri(
        &[
            "to-uri",
            "--host",
            "idna",
            "-f",
            "json",
            "http://a\u{200D}é.example/",
        ],
        None,
    );
    let r = &json_lines(&out)[0];
    assert_eq!(r["error"]["kind"], "idna");
    assert_eq!(r["error"]["label"], "a\u{200D}é");
    assert_eq!(r["error"]["offset"], 7);
}

#[test]
fn to_iri_trace_of_3_7_1() {
    let (code, out, err) = iri(
        &[
            "to-iri",
            "--trace",
            "http://xn--99zt52a.example.org/%e2%80%ae",
        ],
        None,
    );
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "http://\u{7D0D}\u{8C46}.example.org/%E2%80%AE\n\
         \x20 1. http://xn--99zt52a.example.org/%e2%80%ae\n\
         \x20 2. http://xn--99zt52a.example.org/<e2><80><ae>\n\
         \x20 3. http://xn--99zt52a.example.org/<e2><80><ae>\n\
         \x20 4. http://xn--99zt52a.example.org/%E2%80%AE\n\
         \x20 5. http://xn--99zt52a.example.org/%E2%80%AE\n\
         \x20 6. http://&#x7D0D;&#x8C46;.example.org/%E2%80%AE\n"
    );
    let (_, out, _) = iri(
        &[
            "to-iri",
            "--keep-punycode",
            "http://xn--99zt52a.example.org/%e2%80%ae",
        ],
        None,
    );
    assert_eq!(out, "http://xn--99zt52a.example.org/%E2%80%AE\n");
    let (code, out, _) = iri(&["to-iri", "http://www.example.org/D%FCrst"], None);
    assert_eq!(
        (code, out.as_str()),
        (0, "http://www.example.org/D%FCrst\n")
    );
}

#[test]
fn to_iri_json_and_errors() {
    let (code, out, _) = iri(
        &["to-iri", "--format", "json", "--trace"],
        Some(b"http://www.example.org/D%C3%BCrst\nhttp://\xC3\xBC\n"),
    );
    assert_eq!(code, 1);
    let r = json_lines(&out);
    assert_eq!(r[0]["output"], "http://www.example.org/D\u{FC}rst");
    assert_eq!(r[0]["steps"][1], "http://www.example.org/D<c3><bc>rst");
    assert_eq!(r[0]["steps"][4], "http://www.example.org/D&#xFC;rst");
    assert_eq!(r[1]["error"]["kind"], "syntax");
    assert_eq!(r[1]["error"]["offset"], 7);
    let (_, out, _) = iri(&["to-iri", "-f", "json", "/%41"], None);
    assert!(json_lines(&out)[0].get("steps").is_none(), "{out}");
    // Non-UTF-8 input is a failed input: its line says why, in place.
    let (code, out, _) = iri(&["to-iri"], Some(b"/a\n/\xFF\n/b\n"));
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!((lines[0], lines[2]), ("/a", "/b"));
    assert!(
        lines[1].starts_with("error: line 2: not text: invalid UTF-8 at byte offset 1")
            && lines[1].contains("\"/\\xFF\""),
        "{out}"
    );
}

#[test]
fn from_leiri() {
    let (code, out, _) = iri(&["from-leiri", "http://example.org/a b/{x}?\u{E000}"], None);
    assert_eq!(
        (code, out.as_str()),
        (0, "http://example.org/a%20b/%7Bx%7D?%EE%80%80\n")
    );
    let (code, out, _) = iri(
        &["from-leiri", "--to", "uri", "http://example.org/a b/résumé"],
        None,
    );
    assert_eq!(
        (code, out.as_str()),
        (0, "http://example.org/a%20b/r%C3%A9sum%C3%A9\n")
    );
    let (code, out, err) = iri(&["from-leiri", "http://a/%zz"], None);
    assert_eq!(code, 1);
    assert!(out.starts_with("error: argument 1: "), "{out}");
    assert!(out.contains("for leiri `IRI-reference`"), "{out}");
    assert!(
        !err.contains("for leiri `IRI-reference`"),
        "printed once: {err}"
    );
    let (code, out, _) = iri(
        &["from-leiri", "--raw", "-f", "json", "http://a/%zz b"],
        None,
    );
    assert_eq!(code, 0);
    let r = &json_lines(&out)[0];
    assert_eq!(r["output"], "http://a/%zz%20b");
    assert_eq!(r["input_valid"], false);
    // A bidi formatting character: a LEIRI may hold it (3987bis §5.1), an IRI must not (RFC 3987
    // §4.1); it is percent-encoded, and the note saying so is in the record as on standard error.
    let (code, out, err) = iri(&["from-leiri", "http://a/\u{202E}txt.exe"], None);
    assert_eq!((code, out.as_str()), (0, "http://a/%E2%80%AEtxt.exe\n"));
    assert!(
        err.contains("note: U+202E at byte 9 percent-encoded"),
        "{err}"
    );
    let (code, out, _) = iri(
        &["from-leiri", "-f", "json", "http://a/\u{202E}txt.exe"],
        None,
    );
    assert_eq!(code, 0);
    let r = &json_lines(&out)[0];
    assert_eq!(r["output"], "http://a/%E2%80%AEtxt.exe");
    let notes = r["notes"].as_array().expect("notes");
    assert_eq!(notes.len(), 1, "{r}");
    assert!(
        notes[0]
            .as_str()
            .unwrap()
            .starts_with("U+202E at byte 9 percent-encoded"),
        "{r}"
    );
    let (_, out, _) = iri(&["from-leiri", "-f", "json", "http://a/b"], None);
    assert_eq!(json_lines(&out)[0]["notes"], serde_json::json!([]));
}

#[test]
fn preprocess_spaces_ncr_and_encodings() {
    let (code, out, _) = iri(
        &["preprocess", "--split"],
        Some(b" \thttp://a/b  http://c/ \r\n"),
    );
    assert_eq!(
        (code, out.as_str()),
        (0, "http://a/b\thttp://c/\n"),
        "one line per input, the references separated by a tab"
    );
    let (_, out, _) = iri(&["preprocess", "--encode-spaces", " a b\t"], None);
    assert_eq!(out, "a%20b\n");
    let (code, _, _) = iri(&["preprocess", "--split", "--encode-spaces", "a"], None);
    assert_eq!(code, 2);
    let ncr = "htt&#x0070;://www.example.com/&#x0066;&#x006f;&#x006f;bar&#x002f;foo&#x003f;bar";
    let (_, out, _) = iri(&["preprocess", ncr], None);
    assert_eq!(out, format!("{ncr}\n"));
    let (_, out, _) = iri(&["preprocess", "--decode-ncr", ncr], None);
    assert_eq!(out, "http://www.example.com/foobar/foo?bar\n");
    // Legacy encodings are decoded and normalized to NFC; Unicode input only with --nfc.
    let (_, out, _) = iri(
        &["preprocess", "--input-encoding", "macintosh"],
        Some(b"M\x8Arz\n"),
    );
    assert_eq!(out, "M\u{E4}rz\n");
    let (_, out, _) = iri(
        &["preprocess", "--input-encoding", "windows-1258"],
        Some(b"Vi\xEA\xF2t\n"),
    );
    assert_eq!(out, "Vi\u{1EC7}t\n");
    let (_, out, _) = iri(&["preprocess", "e\u{301}"], None);
    assert_eq!(out, "e\u{301}\n");
    let (_, out, _) = iri(&["preprocess", "--nfc", "e\u{301}"], None);
    assert_eq!(out, "\u{E9}\n");
    let (_, out, _) = iri(
        &["preprocess", "--input-encoding", "utf-16le"],
        Some(b"a\x00\n\x00b\x00\r\x00\n\x00"),
    );
    assert_eq!(out, "a\nb\n");
    let (code, out, _) = iri(
        &["preprocess", "--input-encoding", "shift_jis", "-f", "json"],
        Some(b"ok\nab\x82\nlast\n"),
    );
    assert_eq!(code, 1);
    let r = json_lines(&out);
    assert_eq!(r.len(), 3, "{out}");
    assert_eq!(r[0]["output"][0], "ok");
    assert_eq!(r[1]["input"], serde_json::Value::Null);
    assert_eq!(r[1]["input_escaped"], "ab\\x82");
    assert_eq!(r[1]["output"], serde_json::Value::Null);
    assert_eq!(r[1]["error"]["kind"], "undecodable");
    assert_eq!(r[1]["error"]["offset"], 2);
    assert!(
        r[1]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("Shift_JIS sequence at byte offset 2"),
        "{out}"
    );
    assert_eq!(r[2]["output"][0], "last");
}

#[test]
fn to_uri_idna_dns_lengths() {
    // A 64-octet label and a 254-octet name fail the UTS #46 VerifyDnsLength check (RFC 1034 §3.1);
    // 63 and 253 pass.
    let label = |n: usize| "é".to_string() + &"a".repeat(n);
    let (code, out, _) = iri(
        &[
            "to-uri",
            "--host",
            "idna",
            "-f",
            "json",
            &format!("http://x.{}.org/", "a".repeat(64)),
            &format!("http://x.{}.org/", "a".repeat(63)),
            &format!("http://{}/", label(56)),
            &format!("http://{}/", label(55)),
        ],
        None,
    );
    assert_eq!(code, 1, "{out}");
    let records = json_lines(&out);
    assert_eq!(records[0]["error"]["kind"], "idna");
    assert_eq!(records[0]["error"]["label"], "a".repeat(64));
    assert_eq!(records[0]["error"]["offset"], 9);
    let message = records[0]["error"]["message"].as_str().unwrap();
    assert!(message.contains("at most 63"), "{message}");
    assert!(records[1]["error"].is_null());
    assert_eq!(records[2]["error"]["kind"], "idna");
    assert_eq!(records[2]["error"]["label"], label(56));
    let message = records[2]["error"]["message"].as_str().unwrap();
    assert!(message.contains("64 octets"), "{message}");
    assert!(records[3]["error"].is_null());
    assert_eq!(
        records[3]["output"].as_str().unwrap().len(),
        "http:///".len() + 63
    );

    let name = |last: usize| {
        let a = |n: usize| "a".repeat(n);
        format!("résumé.{}.{}.{}.{}", a(63), a(63), a(63), a(last))
    };
    let (_, out, _) = iri(
        &[
            "to-uri",
            "--host",
            "idna",
            "-f",
            "json",
            &format!("http://u@{}:80/", name(48)),
            &format!("http://u@{}:80/", name(47)),
            &format!("http://u@{}.:80/", name(47)),
        ],
        None,
    );
    let records = json_lines(&out);
    assert_eq!(records[0]["error"]["kind"], "idna");
    assert_eq!(records[0]["error"]["label"], name(48));
    assert_eq!(records[0]["error"]["offset"], 9);
    let message = records[0]["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("254 octets") && message.contains("at most 253"),
        "{message}"
    );
    assert!(records[1]["error"].is_null(), "{}", records[1]);
    assert!(records[2]["error"].is_null(), "{}", records[2]);
}
