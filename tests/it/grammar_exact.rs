//! The pest grammars accept exactly the ABNF language at the known PEG traps: IPv6address (all nine
//! forms, "::" everywhere, embedded IPv4), dec-octet, ls32, host (IPv4address vs reg-name),
//! IRI-reference fallback, ipath alternatives, and case-insensitive quoted strings (RFC 5234 §2.3).
//! Each verdict is compared with an independent model written from the ABNF text.

use iri_abnf::{parse, validate, Components, Grammar, HostKind, Rule, RuleName};

fn ok(g: Grammar, rule: impl RuleName, s: &str) -> bool {
    let rule = g.lookup_rule(rule).unwrap_or_else(|e| panic!("{e}"));
    validate(g, rule, s).is_ok()
}

/// dec-octet (RFC 3986 §3.2.2): "0"–"255" without leading zeros.
fn model_dec_octet(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 3
        && s.bytes().all(|b| b.is_ascii_digit())
        && (s == "0" || !s.starts_with('0'))
        && s.parse::<u16>().is_ok_and(|n| n <= 255)
}

fn model_ipv4(s: &str) -> bool {
    let parts: Vec<&str> = s.split('.').collect();
    parts.len() == 4 && parts.iter().all(|p| model_dec_octet(p))
}

fn model_h16(s: &str) -> bool {
    (1..=4).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Number of 16-bit groups in a colon-separated list, where only the last element may be an
/// IPv4address (counting 2) when `ipv4_tail` allows it; None if any element is bad.
fn groups(s: &str, ipv4_tail: bool) -> Option<usize> {
    if s.is_empty() {
        return Some(0);
    }
    let parts: Vec<&str> = s.split(':').collect();
    let mut n = 0;
    for (i, p) in parts.iter().enumerate() {
        if i + 1 == parts.len() && ipv4_tail && p.contains('.') {
            if !model_ipv4(p) {
                return None;
            }
            n += 2;
        } else if model_h16(p) {
            n += 1;
        } else {
            return None;
        }
    }
    Some(n)
}

/// IPv6address (RFC 3986 §3.2.2): eight groups, or at most seven around one "::"; an IPv4address
/// only as the last two groups (ls32), which never precede "::".
fn model_ipv6(s: &str) -> bool {
    match s.split_once("::") {
        None => groups(s, true) == Some(8),
        Some((left, right)) => {
            if right.contains("::") {
                return false;
            }
            match (groups(left, false), groups(right, true)) {
                (Some(l), Some(r)) => l + r <= 7,
                _ => false,
            }
        }
    }
}

#[test]
fn dec_octet_exhaustive_to_four_digits() {
    let mut accepted = 0;
    for len in 1..=4u32 {
        for n in 0..10u32.pow(len) {
            let s = format!("{n:0width$}", width = len as usize);
            let expect = model_dec_octet(&s);
            for g in Grammar::ALL {
                assert_eq!(ok(g, "dec-octet", &s), expect, "{g} dec-octet {s:?}");
            }
            accepted += usize::from(expect);
        }
    }
    assert_eq!(accepted, 256);
    for bad in ["256", "00", "01", "099", "1000", "", "-1", "2a"] {
        assert!(!ok(Grammar::Uri, "dec-octet", bad), "{bad}");
    }
}

#[test]
fn ipv4address_octets_and_boundaries() {
    for s in [
        "0.0.0.0",
        "255.255.255.255",
        "1.2.3.4",
        "10.200.249.250",
        "199.99.9.0",
    ] {
        assert!(ok(Grammar::Uri, "IPv4address", s), "{s}");
    }
    for s in [
        "1.2.3.256",
        "1.2.3.4.5",
        "1.2.3",
        "01.2.3.4",
        "1.2.3.04",
        "1..2.3",
        "1.2.3.4.",
    ] {
        assert!(!ok(Grammar::Uri, "IPv4address", s), "{s}");
    }
}

/// Every string over a small alphabet up to a length: compares IPv6address with the model.
#[test]
fn ipv6address_matches_model_on_all_short_strings() {
    const ALPHABET: &[char] = &['1', 'a', ':', '.'];
    let mut checked = 0usize;
    let mut accepted = 0usize;
    let mut buf: Vec<usize> = Vec::new();
    for len in 0..=8 {
        buf.clear();
        buf.resize(len, 0);
        loop {
            let s: String = buf.iter().map(|&i| ALPHABET[i]).collect();
            let expect = model_ipv6(&s);
            assert_eq!(
                ok(Grammar::Uri, "IPv6address", &s),
                expect,
                "IPv6address {s:?}"
            );
            checked += 1;
            accepted += usize::from(expect);
            // Next string of this length.
            let mut i = 0;
            while i < len && buf[i] == ALPHABET.len() - 1 {
                buf[i] = 0;
                i += 1;
            }
            if i == len {
                break;
            }
            buf[i] += 1;
        }
    }
    assert!(
        checked > 87_000 && accepted > 100,
        "{checked} checked, {accepted} accepted"
    );
}

/// All nine ABNF forms with "::" at every position, with and without an embedded IPv4 tail, with
/// groups of one to five hex digits in both cases, and with too many or too few groups.
#[test]
fn ipv6address_all_forms_and_group_counts() {
    let group_texts = ["0", "a", "12", "fFf", "ABCD", "12345", ""];
    let mut valid_seen = 0;
    for total in 0..=9 {
        for ipv4 in [false, true] {
            // Without "::".
            for g in group_texts {
                let mut parts: Vec<String> = vec![g.to_string(); total];
                if ipv4 && total > 0 {
                    parts.pop();
                    parts.push("1.2.3.4".into());
                }
                let s = parts.join(":");
                let expect = model_ipv6(&s);
                assert_eq!(ok(Grammar::Uri, "IPv6address", &s), expect, "{s:?}");
                valid_seen += usize::from(expect);
            }
            // With "::" after each position.
            for left in 0..=total {
                let right = total - left;
                let l: Vec<&str> = vec!["1"; left];
                let mut r: Vec<String> = vec!["2".to_string(); right];
                if ipv4 && right > 0 {
                    r.pop();
                    r.push("192.0.2.1".into());
                }
                let s = format!("{}::{}", l.join(":"), r.join(":"));
                let expect = model_ipv6(&s);
                assert_eq!(ok(Grammar::Uri, "IPv6address", &s), expect, "{s:?}");
                assert_eq!(
                    ok(Grammar::Uri, "URI-reference", &format!("http://[{s}]/")),
                    expect,
                    "in a URI: {s:?}"
                );
                valid_seen += usize::from(expect);
            }
        }
    }
    // The nine forms, spelled out.
    for s in [
        "1:2:3:4:5:6:7:8",
        "::2:3:4:5:6:7:8",
        "1::3:4:5:6:7:8",
        "1:2::4:5:6:7:8",
        "1:2:3::5:6:7:8",
        "1:2:3:4::6:7:8",
        "1:2:3:4:5::7:8",
        "1:2:3:4:5:6::8",
        "1:2:3:4:5:6:7::",
        "::",
        "::1",
        "1::",
        "::ffff:192.0.2.128",
        "1:2:3:4:5:6:1.2.3.4",
        "::1.2.3.4",
        "1::1.2.3.4",
        "FEDC:BA98:7654:3210:FEDC:BA98:7654:3210",
    ] {
        assert!(ok(Grammar::Uri, "IPv6address", s), "{s}");
    }
    for s in [
        ":::",
        "1:::2",
        "1::2::3",
        "1:2:3:4:5:6:7",
        "1:2:3:4:5:6:7:8:9",
        "1:2:3:4:5:6:7:8::",
        "::1:2:3:4:5:6:7:8",
        "12345::",
        "1.2.3.4::",
        "::1.2.3.4:1",
        "1:2:3:4:5:6:7:1.2.3.4",
        "::1.2.3.256",
        ":1::",
        "1::2:",
        "g::",
    ] {
        assert!(!ok(Grammar::Uri, "IPv6address", s), "{s}");
    }
    assert!(valid_seen > 50, "{valid_seen}");
}

#[test]
fn ls32_alternatives() {
    for s in ["1:2", "ffff:0", "1.2.3.4"] {
        assert!(ok(Grammar::Uri, "ls32", s), "{s}");
    }
    for s in ["1", "1:2:3", "1:1.2.3.4", "1.2.3"] {
        assert!(!ok(Grammar::Uri, "ls32", s), "{s}");
    }
}

#[test]
fn quoted_strings_are_case_insensitive() {
    for g in Grammar::ALL {
        assert!(ok(g, "IPvFuture", "v7.a:b"), "{g}");
        assert!(
            ok(g, "IPvFuture", "V7.a:b"),
            "{g}: \"v\" matches V (RFC 5234 §2.3)"
        );
        assert!(ok(g, "IPvFuture", "vFe.x"), "{g}");
        assert!(!ok(g, "IPvFuture", "v.x"), "{g}: 1*HEXDIG");
        assert!(
            !ok(g, "IPvFuture", "v7."),
            "{g}: 1*( unreserved / sub-delims / \":\" )"
        );
        assert!(!ok(g, "IPvFuture", "w7.x"), "{g}");
        assert!(
            ok(g, "HEXDIG", "a") && ok(g, "HEXDIG", "F") && !ok(g, "HEXDIG", "g"),
            "{g}"
        );
        assert!(
            ok(g, "pct-encoded", "%aF") && ok(g, "pct-encoded", "%Af"),
            "{g}"
        );
        assert!(ok(g, "h16", "aBcD"), "{g}");
        assert!(ok(g, g.reference_rule(), "http://[V1.x]/"), "{g}");
    }
}

fn host_kind(g: Grammar, input: &str) -> String {
    let r = parse(g, input).unwrap_or_else(|e| panic!("{e}"));
    match r.authority().expect("authority").host().kind() {
        HostKind::Ipv4 { .. } => "ipv4".into(),
        HostKind::Ipv6 { .. } => "ipv6".into(),
        HostKind::IpvFuture { .. } => "ipvfuture".into(),
        HostKind::RegName => "reg-name".into(),
        other => panic!("{other:?}"),
    }
}

#[test]
fn first_match_wins_for_hosts() {
    for g in Grammar::ALL {
        assert_eq!(host_kind(g, "http://1.2.3.4/"), "ipv4", "{g}");
        assert_eq!(host_kind(g, "http://1.2.3.4:80/"), "ipv4", "{g}");
        assert_eq!(host_kind(g, "http://1.2.3.256/"), "reg-name", "{g}");
        assert_eq!(host_kind(g, "http://1.2.3.4.5/"), "reg-name", "{g}");
        assert_eq!(host_kind(g, "http://1.2.3/"), "reg-name", "{g}");
        assert_eq!(host_kind(g, "http://1.2.3.4%41/"), "reg-name", "{g}");
        assert_eq!(host_kind(g, "http://1.2.3.4!/"), "reg-name", "{g}");
        assert_eq!(host_kind(g, "http://01.2.3.4/"), "reg-name", "{g}");
        assert_eq!(host_kind(g, "http://[::1]/"), "ipv6", "{g}");
        assert_eq!(host_kind(g, "http://[v1.x]/"), "ipvfuture", "{g}");
        assert_eq!(host_kind(g, "http:///"), "reg-name", "{g}: empty reg-name");
        // As a start rule too.
        let p = iri_abnf::tree::parse(
            g,
            if g == Grammar::Uri {
                Rule::Host
            } else {
                Rule::Ihost
            },
            "1.2.3.4",
        )
        .unwrap();
        assert!(
            matches!(p.components, Components::Host(h) if h.ipv4().is_some()),
            "{g}"
        );
    }
    assert_eq!(host_kind(Grammar::Iri, "http://1.2.3.4é/"), "reg-name");
    assert_eq!(host_kind(Grammar::Leiri, "http://1.2.3.4 /"), "reg-name");
}

#[test]
fn reference_falls_back_to_relative() {
    for g in Grammar::ALL {
        let r = g.reference_rule();
        // No scheme: the IRI branch fails and the relative branch must be tried.
        for s in ["", "a", "a/b:c", "./a:b", "//host", "/a", "?q", "#f"] {
            assert!(ok(g, r, s), "{g} {s:?}");
        }
        // A first segment with ":" is not a relative reference, and "a:b" is an IRI.
        assert!(ok(g, r, "a:b"), "{g}");
        // "1a:b/c": the scheme cannot start with a digit, and as a relative reference its first segment
        // has a ":"; both branches fail.
        for s in ["a:b%zz", ":a", "%zz", "[", "a#b#c", "a?b#c#", "1a:b/c"] {
            assert!(!ok(g, r, s), "{g} {s:?}");
        }
    }
}

#[test]
fn path_alternatives_as_start_rules() {
    for g in Grammar::ALL {
        let (path, abempty, absolute, noscheme, rootless, empty) = if g == Grammar::Uri {
            (
                "path",
                "path-abempty",
                "path-absolute",
                "path-noscheme",
                "path-rootless",
                "path-empty",
            )
        } else {
            (
                "ipath",
                "ipath-abempty",
                "ipath-absolute",
                "ipath-noscheme",
                "ipath-rootless",
                "ipath-empty",
            )
        };
        for s in [
            "", "/", "//", "/a//b", "a", "a/b", "a:b/c", "@/:", "a/./../",
        ] {
            assert!(ok(g, path, s), "{g} {path} {s:?}");
        }
        for s in ["?", "#", "a?b", "a b"] {
            assert_eq!(
                ok(g, path, s),
                g == Grammar::Leiri && s == "a b",
                "{g} {path} {s:?}"
            );
        }
        assert!(
            ok(g, abempty, "") && ok(g, abempty, "//a") && !ok(g, abempty, "a"),
            "{g}"
        );
        assert!(
            ok(g, absolute, "/") && ok(g, absolute, "/a//") && !ok(g, absolute, "//a"),
            "{g}"
        );
        assert!(
            ok(g, noscheme, "a/b:c") && !ok(g, noscheme, "a:b") && !ok(g, noscheme, ""),
            "{g}"
        );
        assert!(
            ok(g, rootless, "a:b") && !ok(g, rootless, "/a") && !ok(g, rootless, ""),
            "{g}"
        );
        assert!(ok(g, empty, "") && !ok(g, empty, "a"), "{g}: note 2");
    }
}

#[test]
fn grammar_differences() {
    let tag = "http://x/?\u{E0000}";
    assert!(
        ok(Grammar::Iri, "IRI-reference", tag),
        "3987bis adds tags to iprivate"
    );
    assert!(ok(Grammar::Leiri, "IRI-reference", tag));
    assert!(!ok(Grammar::Rfc3987, "IRI-reference", tag));
    assert!(!ok(Grammar::Uri, "URI-reference", tag));
    for g in Grammar::ALL {
        assert!(
            !ok(g, g.reference_rule(), "http://x/\u{E0000}") || g == Grammar::Leiri,
            "{g}"
        );
    }
    // Note 1: a percent-encoded ireg-name is an iri.
    for g in Grammar::ALL {
        assert!(
            ok(g, g.reference_rule(), "http://r%C3%A9sum%C3%A9.example.org"),
            "{g}"
        );
    }
    assert!(ok(Grammar::Iri, "ireg-name", "r%C3%A9sum%C3%A9"));
    // LEIRI-only characters.
    for c in [
        ' ', '<', '>', '"', '{', '}', '|', '\\', '^', '`', '\u{0}', '\u{1F}', '\u{7F}', '\u{9F}',
    ] {
        let s = format!("http://example.org/a{c}b");
        assert!(ok(Grammar::Leiri, "IRI-reference", &s), "{c:?}");
        assert!(!ok(Grammar::Iri, "IRI-reference", &s), "{c:?}");
    }
    // Private use outside the query: leiri-ucschar has it, ucschar does not.
    assert!(ok(Grammar::Leiri, "IRI-reference", "http://x/\u{E000}"));
    assert!(!ok(Grammar::Iri, "IRI-reference", "http://x/\u{E000}"));
    // U+FFFE/U+FFFF are in no grammar (leiri-ucschar stops at %xFFFD); the noncharacter U+FDD0 lies
    // between ucschar's %xF900-FDCF and %xFDF0-FFEF, but inside leiri-ucschar's %xE000-FFFD.
    for g in Grammar::ALL {
        assert!(!ok(g, g.reference_rule(), "http://x/\u{FFFF}"), "{g}");
        let fdd0 = ok(g, g.reference_rule(), "http://x/\u{FDD0}");
        assert_eq!(fdd0, g == Grammar::Leiri, "{g}");
    }
    assert!(ok(Grammar::Iri, "ucschar", "\u{A0}") && !ok(Grammar::Iri, "ucschar", "\u{9F}"));
    assert!(ok(Grammar::Leiri, "leiri-ucschar", "\u{10FFFF}"));
    assert!(Grammar::Leiri.rule("ucschar").is_none(), "note 4");
}
