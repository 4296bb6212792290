//! The conversion examples of the seed documents, pinned: exact assertions against the strings the seeds
//! print; the conversions of each example are also recorded in its spec-example snapshot
//! (`snapshots/spec-example__<id>.snap`, written by `tests/spec_examples.rs`), and the error cases in
//! `snapshots/convert__errors.snap`. Where the output differs from the printed text, the test says so and the
//! interpretation note gives the reason.

use crate::common;

use std::fmt::Write as _;

use iri_abnf::convert::decode_legacy;
use iri_abnf::convert::encode_component;
use iri_abnf::convert::reg_name::{IDNA_PROCESSING, UTS46_PROCESSING};
use iri_abnf::convert::{
    preprocess, to_iri, to_uri, xml_notation, ConvertErrorKind, HostMapping, PreprocessOptions,
    ToIriOptions, ToUriOptions,
};
use iri_abnf::report::quote;

fn examples() -> Vec<common::Example> {
    common::spec_examples()
}

/// The example's string with the notation of 3987bis §1.4 decoded.
fn text(id: &str) -> String {
    let e = examples()
        .into_iter()
        .find(|e| e.id == id)
        .unwrap_or_else(|| panic!("no example {id}"));
    String::from_utf8(e.bytes()).unwrap_or_else(|_| panic!("{id} is not text"))
}

/// The example exactly as printed (notation kept).
fn printed(id: &str) -> String {
    examples()
        .into_iter()
        .find(|e| e.id == id)
        .unwrap_or_else(|| panic!("no example {id}"))
        .input
}

fn uri_idna(s: &str) -> String {
    let opts = ToUriOptions::default().with_host(HostMapping::Idna);
    to_uri(s, &opts)
        .unwrap_or_else(|e| panic!("{s:?}: {e}"))
        .uri
}

fn iri(s: &str) -> String {
    to_iri(s, &ToIriOptions::default())
        .unwrap_or_else(|e| panic!("{s:?}: {e}"))
        .iri
}

use common::conversions::{charset, hex_bytes, uri, write_to_uri};

// ---------------------------------------------------------------------------------------------------
// Exact assertions against the seed text.

/// 000 §3.4.1: the ireg-name is percent-encoded.
#[test]
fn s3_4_1_percent_encoding() {
    assert_eq!(
        uri(&text("000-3.4.1-resume-iri")),
        printed("000-3.4.1-resume-uri")
    );
    assert_eq!(
        uri(&text("000-3.4.3-resume-page-iri")),
        printed("000-3.4.1-resume-uri")
    );
}

/// 000 §3.4.2: IDNA. The seed prints `xn--rsum-bad`, which is the Punycode of "r\u{80}sum\u{80}", not of
/// "résumé"; ToASCII gives `xn--rsum-bpad` (interpretation note 11).
#[test]
fn s3_4_2_idna() {
    let out = uri_idna(&text("000-3.4.2-resume-iri"));
    assert_eq!(out, "http://xn--rsum-bpad.example.org");
    let seed = printed("000-3.4.2-resume-punycode-uri");
    assert_eq!(seed, "http://xn--rsum-bad.example.org");
    assert_ne!(out, seed);
    assert_eq!(
        idna::punycode::decode_to_string("rsum-bad").as_deref(),
        Some("r\u{80}sum\u{80}")
    );
    assert_eq!(
        idna::punycode::decode_to_string("rsum-bpad").as_deref(),
        Some("r\u{E9}sum\u{E9}")
    );
    // The same host given percent-encoded (a URI) converts the same way.
    assert_eq!(uri_idna(&printed("000-3.4.1-resume-uri")), out);
    // The seed's label is not a valid A-label: to-uri refuses it, to-iri leaves it.
    let err = to_uri(&seed, &ToUriOptions::default().with_host(HostMapping::Idna)).unwrap_err();
    assert_eq!(
        (err.offset, matches!(err.kind, ConvertErrorKind::Idna(_))),
        (7, true)
    );
    assert_eq!(iri(&seed), seed);
    // Going back: the correct label converts to the IRI.
    assert_eq!(iri(&out), text("000-3.4.2-resume-iri"));
}

/// 000 §3.4.3: a domain name in the query is left to the server; existing %HH stay.
#[test]
fn s3_4_3_additional_considerations() {
    let validator = text("000-3.4.3-validator-iri");
    assert_eq!(uri(&validator), printed("000-3.4.3-validator-uri"));
    assert_eq!(uri_idna(&validator), printed("000-3.4.3-validator-uri"));
    assert_eq!(iri(&printed("000-3.4.3-validator-uri")), validator);

    let red = text("000-3.4.3-red-ros-iri");
    assert_eq!(uri(&red), printed("000-3.4.3-red-ros-uri"));
    assert_ne!(uri(&red), printed("000-3.4.3-red-ros-not-like"));
    // %09 is a US-ASCII character not allowed in URIs: step 2 keeps it encoded.
    assert_eq!(iri(&printed("000-3.4.3-red-ros-uri")), red);
}

/// 000 §3.7: never guess a legacy encoding.
#[test]
fn s3_7_no_guessing() {
    let latin1 = printed("000-3.7-resume-latin1-uri");
    assert_eq!(iri(&latin1), latin1);
    // Had it been guessed, the IRI would map to a different URI.
    let guessed = "http://www.example.org/r\u{E9}sum\u{E9}.html";
    assert_eq!(uri(guessed), printed("000-3.7-resume-utf8-uri"));
    assert_ne!(uri(guessed), latin1);
    assert_eq!(iri(&printed("000-3.7-resume-utf8-uri")), guessed);
}

/// 000 §3.7.1: the three examples, step by step, in the notation of the seed.
#[test]
fn s3_7_1_examples_step_by_step() {
    for n in 1..=3 {
        let input = printed(&format!("000-3.7.1-ex{n}-step1"));
        let c = to_iri(&input, &ToIriOptions::default()).unwrap();
        for (k, step) in c.trace.steps.iter().enumerate() {
            assert_eq!(
                step,
                &printed(&format!("000-3.7.1-ex{n}-step{}", k + 1)),
                "example {n} step {}",
                k + 1
            );
        }
        assert_eq!(c.iri, text(&format!("000-3.7.1-ex{n}-step6")));
        assert_eq!(
            xml_notation(&c.iri),
            printed(&format!("000-3.7.1-ex{n}-step6"))
        );
    }
    // The quoted sequences of the prose.
    assert_eq!(iri(&printed("000-3.7.1-ex1-pct-sequence")), "\u{FC}");
    assert_eq!(iri(&printed("000-3.7.1-ex2-pct-sequence")), "%FC");
    assert_eq!(iri(&printed("000-3.7.1-ex3-pct-sequence")), "%E2%80%AE");
    // With step 6 off, the label stays (what the prose of example 3 says).
    let keep = ToIriOptions::default().with_convert_punycode(false);
    assert_eq!(
        to_iri(&printed("000-3.7.1-ex3-step1"), &keep).unwrap().iri,
        printed("000-3.7.1-ex3-step5")
    );
}

/// 000 §4.4: a UTF-8 URI has a corresponding IRI; an iso-8859-1 one does not; a mixed one is converted
/// only where it is UTF-8.
#[test]
fn s4_4_utf8_for_original_characters() {
    assert_eq!(
        iri(&printed("000-4.4-resume-utf8-uri")),
        text("000-4.4-resume-iri")
    );
    assert_eq!(
        uri(&text("000-4.4-resume-iri")),
        printed("000-4.4-resume-utf8-uri")
    );
    assert_eq!(iri(&printed("000-4.4-e-acute-pct-sequence")), "\u{E9}");
    let latin1 = printed("000-4.4-resume-latin1-uri");
    assert_eq!(iri(&latin1), latin1);
    assert_eq!(
        iri(&printed("000-4.4-mixed-uri-reference")),
        text("000-4.4-mixed-iri-reference")
    );
    assert_eq!(
        uri(&text("000-4.4-mixed-iri-reference")),
        printed("000-4.4-mixed-uri-reference")
    );
}

/// 000 §7.4: a file name exposed as UTF-8 in a URI.
#[test]
fn s7_4_generation() {
    assert_eq!(
        uri(&text("000-7.4-file-name-iri")),
        printed("000-7.4-file-name-uri")
    );
    assert_eq!(
        iri(&printed("000-7.4-file-name-uri")),
        text("000-7.4-file-name-iri")
    );
}

/// The homepages "the escaped form of an IRI" (004 §9, 002 and 000 authors' addresses).
#[test]
fn homepages() {
    let uri004 = printed("004-9-duerst-homepage-uri");
    let iri004 = text("004-9-duerst-homepage-iri");
    assert_eq!(iri(&uri004), iri004);
    assert_eq!(uri(&iri004), uri004);
    assert_eq!(
        xml_notation(&iri(&uri004)),
        printed("004-9-duerst-homepage-iri")
    );
    assert_eq!(iri(&printed("002-authors-duerst-uri")), iri004);
    assert_eq!(
        iri(&printed("000-authors-duerst-uri")),
        "http://www.sw.it.aoyama.ac.jp/D\u{FC}rst/"
    );
    // 003's header writes the IRI directly (without the final slash).
    assert_eq!(
        uri(&text("003-header-author-homepage-iri")),
        "http://www.w3.org/People/D%C3%BCrst"
    );
}

/// 003 Table 1: original characters → bytes in a charset → URI characters.
#[test]
fn dürst_2001_table_1() {
    let via = |label: &str, s: &str| encode_component(s, charset(label)).unwrap();
    assert_eq!(
        via("us-ascii", "March"),
        printed("003-2-table1-us-ascii-uri")
    );
    assert_eq!(
        via("iso-8859-1", "M\u{E4}rz"),
        printed("003-2-table1-iso-8859-1-uri")
    );
    assert_eq!(
        via("macintosh", "M\u{E4}rz"),
        printed("003-2-table1-macintosh-uri")
    );
    assert_eq!(via("utf-8", "M\u{E4}rz"), printed("003-2-table1-utf-8-uri"));
    assert_eq!(printed("003-2-table1-us-ascii-uri"), "March");
    assert_eq!(printed("003-2-table1-iso-8859-1-uri"), "M%E4rz");
    assert_eq!(printed("003-2-table1-macintosh-uri"), "M%8Arz");
    assert_eq!(printed("003-2-table1-utf-8-uri"), "M%C3%A4rz");
    // The bytes column of Table 1.
    assert_eq!(hex_bytes("March", charset("us-ascii")), "4D 61 72 63 68");
    assert_eq!(hex_bytes("M\u{E4}rz", charset("iso-8859-1")), "4D E4 72 7A");
    assert_eq!(hex_bytes("M\u{E4}rz", charset("macintosh")), "4D 8A 72 7A");
    assert_eq!(hex_bytes("M\u{E4}rz", charset("utf-8")), "4D C3 A4 72 7A");
    // The label us-ascii means US-ASCII itself, not WHATWG's windows-1252 (interpretation note 12):
    // "März" cannot be represented, which is why Table 1's us-ascii row holds "March".
    assert_eq!(charset("us-ascii").name(), "US-ASCII");
    let err = encode_component("M\u{E4}rz", charset("us-ascii")).unwrap_err();
    assert_eq!(
        (err.character, err.offset, err.charset),
        ('\u{E4}', 1, "US-ASCII")
    );
    // The same bytes as query components of an http IRI from a page in that charset (3987bis §3.5).
    for (label, id) in [
        ("iso-8859-1", "003-2-table1-iso-8859-1-uri"),
        ("macintosh", "003-2-table1-macintosh-uri"),
        ("utf-8", "003-2-table1-utf-8-uri"),
    ] {
        let opts = ToUriOptions::default().with_query_charset(Some(charset(label)));
        let out = to_uri("http://example.org/?M\u{E4}rz", &opts).unwrap().uri;
        assert_eq!(out, format!("http://example.org/?{}", printed(id)));
    }
    // Back-conversion with the wrong charset: iso-8859-1 byte E4 read as macintosh.
    assert_eq!(
        decode_legacy(b"M\xE4rz", charset("macintosh")).unwrap(),
        text("003-2-backconvert-permille")
    );
    // The second wrong result is printed as "März" (garbled, interpretation note 18): macintosh byte
    // 8A read as iso-8859-1 (windows-1252) is "Š".
    assert_eq!(
        decode_legacy(b"M\x8Arz", charset("iso-8859-1")).unwrap(),
        "M\u{160}rz"
    );
    assert_ne!(
        decode_legacy(b"M\x8Arz", charset("iso-8859-1")).unwrap(),
        text("003-2-backconvert-second")
    );
}

/// 003 Table 2: original characters, IRIs and URIs.
#[test]
fn dürst_2001_table_2() {
    let rows = [
        (
            "003-3-table2-utf-8-march-iri",
            "003-3-table2-utf-8-march-uri",
        ),
        (
            "003-3-table2-utf-8-maerz-iri",
            "003-3-table2-utf-8-maerz-uri",
        ),
        ("003-3-table2-iso-8859-1-iri", "003-3-table2-iso-8859-1-uri"),
        ("003-3-table2-macintosh-iri", "003-3-table2-macintosh-uri"),
    ];
    for (iri_id, uri_id) in rows {
        let i = text(iri_id);
        let u = printed(uri_id);
        assert_eq!(uri(&i), u, "{iri_id}");
        // URI → IRI gives the IRI column back: legacy-encoded escapes stay.
        assert_eq!(iri(&u), i, "{uri_id}");
    }
    assert_eq!(text("003-3-table2-utf-8-maerz-iri"), "M\u{E4}rz");
    assert_eq!(printed("003-3-table2-utf-8-maerz-uri"), "M%C3%A4rz");
    assert_eq!(printed("003-3-table2-iso-8859-1-iri"), "M%E4rz");
    assert_eq!(printed("003-3-table2-macintosh-iri"), "M%8Arz");
}

/// 002 §2.3: XML, XM%4C and XM%4c are the same; URI → IRI decodes the unreserved "L".
#[test]
fn duerst_2002_equivalence() {
    for id in ["002-2.3-xml", "002-2.3-xm-4c-upper", "002-2.3-xm-4c-lower"] {
        assert_eq!(iri(&printed(id)), "foo://example.com/XML", "{id}");
    }
}

/// 002 §7: the overlong "/" stays percent-encoded: it never becomes "/..".
#[test]
fn duerst_2002_overlong_utf8() {
    let s = printed("002-7-overlong-slash");
    let c = to_iri(&s, &ToIriOptions::default()).unwrap();
    assert_eq!(c.trace.steps[1], "<c0><af>..");
    assert_eq!(c.trace.steps[2], "%C0%AF..");
    assert_eq!(c.iri, "%C0%AF..");
    assert_ne!(c.iri, printed("002-7-overlong-interpreted"));
}

/// 001 §4 step 4, an explicit option only; 004 §3.1 and 001 §4 step 2 spaces.
#[test]
fn weber_preprocessing() {
    let ncr = PreprocessOptions::default().with_decode_ncr(true);
    let raw = printed("001-4-step4-ncr-reference");
    assert_eq!(preprocess(&raw, &ncr), [printed("001-4-step4-ncr-result")]);
    assert_eq!(
        preprocess(&raw, &PreprocessOptions::default()),
        std::slice::from_ref(&raw)
    );
    let encode = PreprocessOptions::default().with_spaces(iri_abnf::convert::Spaces::Encode);
    assert_eq!(
        preprocess(" http://a/b c ", &encode),
        [format!("http://a/b{}c", printed("001-4-step2-space-pct"))]
    );
    // 004 §3.1: a space is %20 in an IRI; U+00A0 can be %C2%A0. URI → IRI keeps both encoded.
    assert_eq!(iri(&printed("004-3.1-space-pct")), "%20");
    assert_eq!(iri(&printed("004-3.1-nbsp-pct")), "%C2%A0");
    assert_eq!(uri("\u{A0}"), printed("004-3.1-nbsp-pct"));
}

// ---------------------------------------------------------------------------------------------------
// Error cases.

#[test]
fn errors() {
    let idna = ToUriOptions::default().with_host(HostMapping::Idna);
    let e = to_uri("http://r\u{E9}sum\u{E9}.ex_ample.\u{0301}org/", &idna).unwrap_err();
    assert_eq!(e.offset, 25);
    match &e.kind {
        ConvertErrorKind::Idna(i) => {
            assert_eq!(i.label, "\u{0301}org");
            assert!(i.reason.contains("combining mark"), "{}", i.reason);
        }
        other => panic!("{other:?}"),
    }
    let sjis = ToUriOptions::default().with_query_charset(Some(charset("shift_jis")));
    let e = to_uri("http://example.jp/search?q=\u{65E5}\u{672C}\u{E9}", &sjis).unwrap_err();
    match &e.kind {
        ConvertErrorKind::Unmappable(u) => {
            assert_eq!(
                (u.character, u.offset, u.charset),
                ('\u{E9}', 33, "Shift_JIS")
            );
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(e.offset, 33);
    assert_eq!(
        to_uri("http://example.jp/search?q=\u{65E5}\u{672C}", &sjis)
            .unwrap()
            .uri,
        "http://example.jp/search?q=%93%FA%96%7B"
    );
}

/// The error cases, as the command line would show them.
#[test]
fn convert_error_snapshots() {
    // The errors name the rules pest was inside at the error, as the `iri` command's do.
    let mut s = String::new();
    let _ = writeln!(s, "IDNA: {IDNA_PROCESSING}\n");
    let idna = ToUriOptions::default().with_host(HostMapping::Idna);
    for input in [
        "http://r\u{E9}sum\u{E9}.ex_ample.\u{0301}org/",
        "http://-r\u{E9}sum\u{E9}.example.org/",
        "http://r\u{E9}sum\u{E9}\u{5D0}.example.org/",
        "http://a\u{200D}\u{E9}.example.org/",
        "http://xn--rsum-bad.example.org",
        "http://xn--zz-.example.org",
        "http://a\u{3002}\u{E9}.example.org",
        // DNS length limits (UTS #46 VerifyDnsLength, RFC 1034 §3.1).
        "http://r\u{E9}sum\u{E9}..example.org/",
        "http://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.example/",
    ] {
        write_to_uri(
            &mut s,
            &format!("to-uri --host idna {}", quote(input)),
            input,
            &idna,
        );
    }
    // Percent-encoded octets that are not UTF-8: IDNA leaves the host as it is.
    write_to_uri(
        &mut s,
        "to-uri --host idna \"http://r%E9sum%E9.example.org\"",
        "http://r%E9sum%E9.example.org",
        &idna,
    );
    // IDNA2008 maps nothing (RFC 5891 §5.4, RFC 5892); UTS #46 maps, as browsers do. Under both, a
    // name never becomes an IP address, the Bidi Rule holds for every label of a name with
    // right-to-left characters, and a label that fails says why.
    let _ = writeln!(s, "\nUTS #46: {UTS46_PROCESSING}\n");
    let uts46 = ToUriOptions::default().with_host(HostMapping::Uts46);
    for input in [
        "http://\u{FF11}\u{FF12}\u{FF17}.0.0.1/",
        "http://\u{FF45}\u{FF58}\u{FF41}\u{FF4D}\u{FF50}\u{FF4C}\u{FF45}.com/",
        "http://R\u{E9}sum\u{E9}.example/",
        "http://\u{2603}.com/",
        "http://e\u{301}.com/",
        "http://0a.\u{5D0}/",
        "http://\u{E9}\u{3002}/",
        "http://\u{AD}.org/",
        "http://%31%32%37.0.0.1/",
        "http://a.\u{FF11}/",
        // Every IPv4 form an IPv4 parser reads (WHATWG URL Standard, inet_aton), not only the
        // dotted-decimal IPv4address.
        "http://%31%32%37.1/",
        "http://%31%32%37.0.0.1./",
        "http://%30x7f.1/",
        "http://\u{FF11}\u{FF12}\u{FF17}.1/",
        "http://0\u{FF58}7f.1/",
        // UTS #46 maps and checks all-ASCII labels too.
        "http://EXAMPLE.COM/",
        "http://-e.com/",
        "http://ab--cd.com/",
        "http://a_b.com/",
        "http://a!b.com/",
        // Lengths in octets: "%2F" is one.
        "http://%2F%2F%2F%2F%2F%2F%2F%2F%2F%2F%2F%2F%2F%2F%2F%2F%2F%2F%2F%2F%2F%2F.com/",
    ] {
        for (name, opts) in [("idna", &idna), ("uts46", &uts46)] {
            write_to_uri(
                &mut s,
                &format!("to-uri --host {name} {}", quote(input)),
                input,
                opts,
            );
        }
    }
    let sjis = ToUriOptions::default().with_query_charset(Some(charset("shift_jis")));
    for input in [
        "http://example.jp/search?q=\u{65E5}\u{672C}\u{E9}",
        "ftp://example.jp/search?q=\u{65E5}\u{672C}\u{E9}",
        "search?q=\u{65E5}\u{672C}\u{E9}",
    ] {
        write_to_uri(
            &mut s,
            &format!("to-uri --query-charset shift_jis {}", quote(input)),
            input,
            &sjis,
        );
    }
    let _ = writeln!(s);
    for input in [
        "%C0%AF..",
        "/%ED%A0%80/%F4%90%80%80/%E2%82/%FF",
        "http://r\u{E9}sum\u{E9}.example.org/",
        // A registered name never turns into an IP address: the host stays encoded.
        "http://%31%32%37.0.0.1/",
    ] {
        match to_iri(input, &ToIriOptions::default()) {
            Ok(c) => {
                let _ = writeln!(s, "to-iri {}: {}", quote(input), quote(&c.iri));
                for (k, step) in c.trace.steps.iter().enumerate() {
                    let _ = writeln!(s, "  {}. {step}", k + 1);
                }
            }
            Err(e) => {
                let e = common::conversions::explained(e);
                let _ = writeln!(s, "to-iri {}: error: {}", quote(input), e.message());
            }
        }
    }
    insta::with_settings!({
        snapshot_path => "../../snapshots",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!("convert__errors", s);
    });
}
