//! The equivalence examples of the seeds and of RFC 3986 §6 / RFC 3987 §5.3, pinned level by level, and
//! a snapshot of the whole ladder on a set of inputs.

use iri_abnf::normalize::{equivalent, normalize, Level};
use iri_abnf::normalize::{equivalent_with, normalize_with, Options};
use iri_abnf::Grammar;

/// An `input` of `tests/fixtures/spec-examples.jsonl` by id.
fn example(id: &str) -> String {
    let text = include_str!("../fixtures/spec-examples.jsonl");
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        if v["id"] == id {
            return v["input"].as_str().unwrap().to_string();
        }
    }
    panic!("no example {id}");
}

/// The lowest level at which `a` and `b` are equivalent, checking that every higher level agrees.
fn lowest_level(grammar: Grammar, a: &str, b: &str) -> Option<Level> {
    let mut lowest = None;
    for level in Level::ALL {
        let eq = equivalent(grammar, a, b, level).unwrap();
        match (eq, lowest) {
            (true, None) => lowest = Some(level),
            (false, Some(l)) => panic!("{a:?} ≡ {b:?} at {l} but not at {level}"),
            _ => {}
        }
    }
    lowest
}

#[test]
fn draft_duerst_iri_01_section_2_3() {
    // "foo://example.com/XML, foo://example.com/XM%4C, and foo://example.com/XM%4c must resolve to the
    // same resource": equivalent at the percent-encoding level, not by simple comparison.
    let xml = example("002-2.3-xml");
    let upper = example("002-2.3-xm-4c-upper");
    let lower = example("002-2.3-xm-4c-lower");
    for grammar in Grammar::ALL {
        assert_eq!(lowest_level(grammar, &xml, &upper), Some(Level::Percent));
        assert_eq!(lowest_level(grammar, &xml, &lower), Some(Level::Percent));
        assert_eq!(lowest_level(grammar, &upper, &lower), Some(Level::Case));
        assert!(!equivalent(grammar, &xml, &upper, Level::Simple).unwrap());
        assert_eq!(normalize(grammar, &lower, Level::Percent).unwrap(), xml);
    }
}

#[test]
fn draft_duerst_iri_01_section_7_is_never_equivalent() {
    let mixed = example("002-7-big-site-mixed-case");
    let lower = example("002-7-big-site-lower-case");
    for grammar in Grammar::ALL {
        assert_eq!(lowest_level(grammar, &mixed, &lower), None);
    }
}

#[test]
fn rfc3986_section_6_2_2() {
    let normal = example("rfc3986-6.2.2-normalized");
    let other = example("rfc3986-6.2.2-unnormalized");
    for grammar in Grammar::ALL {
        assert_eq!(lowest_level(grammar, &normal, &other), Some(Level::Path));
        assert_eq!(normalize(grammar, &other, Level::Path).unwrap(), normal);
        assert_eq!(
            normalize(grammar, &other, Level::Percent).unwrap(),
            "example://a/./b/../b/c/%7Bfoo%7D"
        );
        assert_eq!(
            normalize(grammar, &other, Level::Case).unwrap(),
            "example://a/./b/../b/%63/%7Bfoo%7D"
        );
    }
}

#[test]
fn rfc3986_section_6_2_2_1_and_6_2_3() {
    assert_eq!(
        lowest_level(
            Grammar::Uri,
            "HTTP://www.EXAMPLE.com/",
            "http://www.example.com/"
        ),
        Some(Level::Case)
    );
    let forms = [
        "http://example.com",
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
    ];
    for a in forms {
        for b in forms {
            let expected = if a == b { Level::Simple } else { Level::Scheme };
            assert_eq!(lowest_level(Grammar::Uri, a, b), Some(expected), "{a} {b}");
        }
    }
    assert_eq!(
        normalize(Grammar::Uri, "http://example.com:80", Level::Scheme).unwrap(),
        "http://example.com/"
    );
    // Other schemes keep their ports and empty paths; an empty port goes for every scheme (§3.2.3).
    assert_eq!(
        normalize(Grammar::Uri, "foo://h:80", Level::Scheme).unwrap(),
        "foo://h:80"
    );
    assert_eq!(
        normalize(Grammar::Uri, "foo://h:", Level::Scheme).unwrap(),
        "foo://h"
    );
    assert_eq!(
        normalize(Grammar::Uri, "https://h:0443/x", Level::Scheme).unwrap(),
        "https://h/x"
    );
    assert_eq!(
        normalize(Grammar::Uri, "wss://h:0080/x", Level::Scheme).unwrap(),
        "wss://h:80/x"
    );
}

#[test]
fn rfc3987_iri_percent_and_nfc() {
    // Percent-encoded UTF-8 of iunreserved characters decodes in IRIs, not in URIs.
    let (a, b) = (
        "http://www.example.org/r%C3%A9sum%C3%A9.html",
        "http://www.example.org/résumé.html",
    );
    assert_eq!(lowest_level(Grammar::Iri, a, b), Some(Level::Percent));
    assert_eq!(normalize(Grammar::Uri, a, Level::Nfc).unwrap(), a);
    // Reserved characters and invalid UTF-8 stay encoded.
    assert_eq!(
        normalize(Grammar::Iri, "x:%2F%3a%C3%28%c0%af", Level::Nfc).unwrap(),
        "x:%2F%3A%C3%28%C0%AF"
    );
    // NFC only at its own level (3987bis §3.1).
    let (composed, decomposed) = ("http://ex/\u{E9}", "http://ex/e\u{301}");
    assert_eq!(
        lowest_level(Grammar::Iri, composed, decomposed),
        Some(Level::Nfc)
    );
    assert_eq!(
        normalize(Grammar::Iri, decomposed, Level::Scheme).unwrap(),
        decomposed
    );
    let (composed, decomposed) = ("http://ex/%C3%A9", "http://ex/e%CC%81");
    assert_eq!(
        lowest_level(Grammar::Iri, composed, decomposed),
        Some(Level::Nfc)
    );
    // NFC does not compose across a delimiter: U+0338, which composes with "=", and U+037E, whose
    // NFC is ";", are not appropriate in an IRI (note 15), so the `percent` level has encoded them
    // as URI-to-IRI conversion keeps them (note 28).
    assert_eq!(
        normalize(Grammar::Iri, "x:?a=\u{338}", Level::Nfc).unwrap(),
        "x:?a=%CC%B8"
    );
    assert_eq!(
        normalize(Grammar::Iri, "x:a\u{37E}b", Level::Nfc).unwrap(),
        "x:a%CD%BEb"
    );
    assert_eq!(
        normalize(Grammar::Iri, "x:\u{1FEF}", Level::Nfc).unwrap(),
        "x:%E1%BF%AF"
    );
    assert_eq!(
        normalize(Grammar::Iri, "http://\u{212A}.example/", Level::Nfc).unwrap(),
        "http://k.example/"
    );
}

#[test]
fn hosts_lowercase_their_ascii_letters_only() {
    assert_eq!(
        normalize(Grammar::Iri, "http://ÉCOLE.Example/", Level::Case).unwrap(),
        "http://École.example/"
    );
    assert_eq!(
        normalize(Grammar::Uri, "http://%C3%89COLE.Example/", Level::Case).unwrap(),
        "http://%C3%89cole.example/"
    );
    assert_eq!(
        normalize(Grammar::Uri, "http://[V7.A:B]/", Level::Case).unwrap(),
        "http://[v7.a:b]/"
    );
    assert_eq!(
        normalize(Grammar::Uri, "http://%45XAMPLE.com/", Level::Percent).unwrap(),
        "http://example.com/"
    );
    // Only the host: userinfo, path, query and fragment are case-sensitive.
    assert_eq!(
        normalize(Grammar::Uri, "HTTP://U@H/P?Q#F", Level::Nfc).unwrap(),
        "http://U@h/P?Q#F"
    );
}

#[test]
fn dot_segments() {
    let n = |s| normalize(Grammar::Iri, s, Level::Path).unwrap();
    assert_eq!(n("http://a/b/c/./../../g"), "http://a/g");
    assert_eq!(n("/a/b/../c"), "/a/c");
    assert_eq!(n("//h/a/../b"), "//h/b");
    assert_eq!(n("foo:a/../../b"), "foo:/b");
    // A path that would read as an authority keeps a "/." in front.
    assert_eq!(n("foo:/a/..//b"), "foo:/.//b");
    assert_eq!(n("/a/..//b"), "/.//b");
    // Relative-path references: "." segments go, ".." stay.
    assert_eq!(n("./a/./b/."), "a/b/");
    assert_eq!(n("a/../b"), "a/../b");
    assert_eq!(n("./a:b"), "./a:b");
    assert_eq!(n(".//a"), ".//a");
    assert_eq!(n("."), "./");
    assert_eq!(n("%2E/a"), "a");
}

#[test]
fn ipv6_rfc5952_is_an_option() {
    let input = "http://[2001:DB8:0:0:8:800:200C:417A]:80/";
    let plain = Options::default()
        .with_level(Level::Scheme)
        .with_ipv6_rfc5952(false);
    let rfc5952 = Options::default()
        .with_level(Level::Scheme)
        .with_ipv6_rfc5952(true);
    assert_eq!(
        normalize_with(Grammar::Uri, input, &plain).unwrap(),
        "http://[2001:db8:0:0:8:800:200c:417a]/"
    );
    assert_eq!(
        normalize_with(Grammar::Uri, input, &rfc5952).unwrap(),
        "http://[2001:db8::8:800:200c:417a]/"
    );
    assert!(equivalent_with(Grammar::Uri, "//[::1]", "//[0:0::0:1]", &rfc5952).unwrap());
    assert!(!equivalent_with(Grammar::Uri, "//[::1]", "//[0:0::0:1]", &plain).unwrap());
    let simple = Options::default()
        .with_level(Level::Simple)
        .with_ipv6_rfc5952(true);
    assert_eq!(
        normalize_with(Grammar::Uri, "//[0::1]", &simple).unwrap(),
        "//[0::1]"
    );
}

#[test]
fn levels_have_names() {
    for level in Level::ALL {
        assert_eq!(level.name().parse::<Level>().unwrap(), level);
    }
    assert!("syntax".parse::<Level>().is_err());
    assert_eq!(Level::default(), Level::Path);
}

#[test]
fn ladder_snapshot() {
    let inputs = [
        "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
        "HTTP://User@Example.COM:80",
        "https://[2001:DB8::1]:443/a/./b/../c?%7e#%7E",
        "http://r%C3%A9sum%C3%A9.example.org/%E2%80%AE",
        "foo:a/../../b/%2e%2E/c",
        "foo:/a/..//b",
        "./a/./b/../c?x#y",
        "http://ex/e\u{301}%CC%81?q=\u{37E}",
        "//h:/p",
    ];
    // Characters that are not letters, outside ASCII, are shown as escapes so that look-alikes
    // (U+037E and ";") and combining marks can be told apart.
    let show = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii() || c.is_alphabetic() {
                    c.to_string()
                } else {
                    c.escape_unicode().to_string()
                }
            })
            .collect()
    };
    let mut out = String::new();
    for input in inputs {
        out.push_str(&format!("{}\n", show(input)));
        for level in Level::ALL {
            let n = normalize(Grammar::Iri, input, level).unwrap();
            out.push_str(&format!("  {:<8} {}\n", level.name(), show(&n)));
        }
    }
    insta::with_settings!({snapshot_path => "../../snapshots", prepend_module_to_snapshot => false}, {
        insta::assert_snapshot!("normalize_ladder", out);
    });
}
