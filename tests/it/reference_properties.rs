//! Properties of resolution, relativization and normalization on generated references.
//!
//! The generators build references from the component character classes of the grammars: ASCII and
//! non-ASCII characters, `%HH` sequences (valid and invalid UTF-8, encoded dots and reserved
//! characters), dot segments, colons in first segments, empty paths and segments, IPv4, IPv6 (several
//! spellings) and IPvFuture hosts, empty and default ports, queries and fragments.
//!
//! - resolution gives an IRI of the same grammar, carrying the reference's fragment;
//! - `resolve(base, relativize(base, t)) == t`, and the reference is never longer than one that was
//!   used to reach `t`;
//! - `normalize` is idempotent, valid under the grammar, and consistent along the ladder.

use iri_abnf::normalize::Level;
use iri_abnf::normalize::{normalize_with, Options};
use iri_abnf::{parse, relativize, resolve, resolve_with, Grammar, Mode, ResolveError};
use proptest::prelude::*;
use proptest::sample::select;

/// Cases per property (2048, or `PROPTEST_CASES`).
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2048)
}

fn grammar() -> impl Strategy<Value = Grammar> {
    select(Grammar::ALL.to_vec())
}

/// A piece of text allowed in every component that takes `ipchar` (in `grammar`).
fn pchar_piece(g: Grammar) -> BoxedStrategy<String> {
    let mut pieces: Vec<&'static str> = vec![
        "a",
        "B",
        "z9",
        "-",
        ".",
        "_",
        "~",
        "!",
        "$",
        "&",
        "'",
        "(",
        ")",
        "*",
        "+",
        ",",
        ";",
        "=",
        "@",
        "%41",
        "%7e",
        "%7E",
        "%2e",
        "%2E",
        "%2F",
        "%3A",
        "%25",
        "%C3%A9",
        "%c3%a9",
        "%C3",
        "%C0%AF",
        "%E2%80%AE",
        "%F0%9F%8D%A3",
        "%CC%81",
        "%EE%80%80",
        "%FF",
        "XmL",
    ];
    if g != Grammar::Uri {
        pieces.extend([
            "é",
            "e\u{301}",
            "\u{212A}",
            "\u{37E}",
            "\u{1FEF}",
            "日本",
            "\u{10300}",
            "=\u{338}",
        ]);
    }
    if g == Grammar::Leiri {
        pieces.extend([
            " ", "<", ">", "\\", "^", "`", "{", "|", "}", "\t", "\u{E000}",
        ]);
    }
    select(pieces).prop_map(str::to_string).boxed()
}

fn text(g: Grammar, max: usize) -> BoxedStrategy<String> {
    prop::collection::vec(pchar_piece(g), 0..max)
        .prop_map(|v| v.concat())
        .boxed()
}

/// A path segment, often a dot segment or one with ":".
fn segment(g: Grammar) -> BoxedStrategy<String> {
    prop_oneof![
        3 => text(g, 3),
        1 => select(vec!["", ".", "..", "%2E", ".%2e", "a:b", ":", "g;x=1"]).prop_map(str::to_string),
    ]
    .boxed()
}

fn segments(g: Grammar) -> BoxedStrategy<Vec<String>> {
    prop::collection::vec(segment(g), 0..6).boxed()
}

fn host(g: Grammar) -> BoxedStrategy<String> {
    prop_oneof![
        4 => text(g, 4).prop_map(|t| t.replace(['@', ':'], "")),
        1 => (any::<u8>(), any::<u8>()).prop_map(|(a, b)| format!("{a}.{b}.0.1")),
        2 => (any::<[u16; 8]>(), 0..4u8, any::<bool>()).prop_map(|(f, form, upper)| {
            let addr = std::net::Ipv6Addr::from(f.map(|x| if x % 3 == 0 { 0 } else { x }));
            let text = match form {
                0 => addr.to_string(),
                1 => addr.segments().iter().map(|s| format!("{s:04x}")).collect::<Vec<_>>().join(":"),
                2 => addr.segments().iter().map(|s| format!("{s:x}")).collect::<Vec<_>>().join(":"),
                _ => format!("::ffff:{}.{}.2.1", f[0] % 256, f[1] % 256),
            };
            let text = if upper { text.to_uppercase() } else { text };
            format!("[{text}]")
        }),
        1 => select(vec!["[v7.a:B]", "[V1F.x!]", "[vA.~]"]).prop_map(str::to_string),
    ]
    .boxed()
}

fn authority(g: Grammar) -> BoxedStrategy<String> {
    (
        prop::option::of(text(g, 3).prop_map(|t| t.replace('@', ""))),
        host(g),
        prop::option::of(select(vec!["", "80", "0080", "443", "8042", "0", "99999"])),
    )
        .prop_map(|(u, h, p)| {
            let mut a = String::new();
            if let Some(u) = u {
                a.push_str(&u);
                a.push('@');
            }
            a.push_str(&h);
            if let Some(p) = p {
                a.push(':');
                a.push_str(p);
            }
            a
        })
        .boxed()
}

fn query(g: Grammar) -> BoxedStrategy<Option<String>> {
    let extra = if g == Grammar::Uri { "" } else { "\u{E000}" };
    prop::option::of(
        prop::collection::vec(
            prop_oneof![
                pchar_piece(g),
                select(vec!["/", "?", extra]).prop_map(str::to_string)
            ],
            0..4,
        )
        .prop_map(|v| v.concat()),
    )
    .boxed()
}

fn fragment(g: Grammar) -> BoxedStrategy<Option<String>> {
    prop::option::of(
        prop::collection::vec(
            prop_oneof![
                pchar_piece(g),
                select(vec!["/", "?"]).prop_map(str::to_string)
            ],
            0..4,
        )
        .prop_map(|v| v.concat()),
    )
    .boxed()
}

fn scheme() -> BoxedStrategy<String> {
    select(vec!["http", "HTTP", "https", "foo", "urn", "f", "x+y.z-1"])
        .prop_map(str::to_string)
        .boxed()
}

/// Assembles a path for the given situation; `None` when the segments cannot form one.
fn path(segs: &[String], absolute: bool, has_authority: bool, has_scheme: bool) -> Option<String> {
    let joined = segs.join("/");
    if has_authority {
        return Some(if segs.is_empty() {
            String::new()
        } else {
            format!("/{joined}")
        });
    }
    if absolute {
        let p = format!("/{joined}");
        return (!p.starts_with("//")).then_some(p);
    }
    match segs.first() {
        None => Some(String::new()),
        Some(first) if first.is_empty() => None,
        Some(first) if !has_scheme && first.contains(':') => None,
        _ => Some(joined),
    }
}

/// A reference of `g`: absolute (with or without authority) or relative of any kind.
fn reference(g: Grammar, absolute: bool) -> BoxedStrategy<String> {
    let scheme = if absolute {
        prop::option::of(scheme())
            .prop_map(|s| s.or(Some("http".into())))
            .boxed()
    } else {
        prop::option::of(scheme()).boxed()
    };
    (
        scheme,
        prop::option::of(authority(g)),
        any::<bool>(),
        segments(g),
        query(g),
        fragment(g),
    )
        .prop_filter_map("not a reference", move |(s, a, abs, segs, q, f)| {
            let p = path(&segs, abs, a.is_some(), s.is_some())?;
            let mut out = String::new();
            if let Some(s) = &s {
                out.push_str(s);
                out.push(':');
            }
            if let Some(a) = &a {
                out.push_str("//");
                out.push_str(a);
            }
            out.push_str(&p);
            if let Some(q) = q {
                out.push('?');
                out.push_str(&q);
            }
            if let Some(f) = f {
                out.push('#');
                out.push_str(&f);
            }
            parse(g, &out).is_ok().then_some(out)
        })
        .boxed()
}

fn grammar_and(
    f: impl Fn(Grammar) -> BoxedStrategy<(String, String)> + 'static,
) -> impl Strategy<Value = (Grammar, String, String)> {
    grammar().prop_flat_map(move |g| f(g).prop_map(move |(a, b)| (g, a, b)))
}

fn iri_rule(g: Grammar) -> iri_abnf::Rule {
    if g == Grammar::Uri {
        iri_abnf::Rule::Uri
    } else {
        iri_abnf::Rule::Iri
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    /// RFC 3986 §5.2 on any base and reference gives an IRI of the same grammar with the reference's
    /// fragment; strict and non-strict agree unless the reference has the base's scheme.
    #[test]
    fn resolution_gives_an_iri((g, base, r) in grammar_and(|g| (reference(g, true), reference(g, false)).boxed())) {
        let t = resolve(g, &base, &r).unwrap();
        prop_assert!(iri_abnf::validate(g, iri_rule(g), &t).is_ok(), "{t:?}");
        let tr = parse(g, &t).unwrap();
        let rr = parse(g, &r).unwrap();
        prop_assert_eq!(tr.fragment().map(|f| f.as_str()), rr.fragment().map(|f| f.as_str()));
        let non_strict = resolve_with(g, &base, &r, Mode::NonStrict).unwrap();
        let same_scheme = rr.scheme().is_some_and(|s| {
            parse(g, &base).unwrap().scheme().is_some_and(|b| b.as_str().eq_ignore_ascii_case(s.as_str()))
        });
        if !same_scheme {
            prop_assert_eq!(non_strict, t);
        }
    }

    /// Relativizing a target reached from the base by some reference gives a reference that is no
    /// longer than it and resolves back to the target.
    #[test]
    fn relativize_inverts_resolve((g, base, r) in grammar_and(|g| (reference(g, true), reference(g, false)).boxed())) {
        let t = resolve(g, &base, &r).unwrap();
        let rel = relativize(g, &base, &t).unwrap();
        prop_assert_eq!(resolve(g, &base, &rel).unwrap(), t.clone(), "relativize gave {:?}", rel);
        prop_assert!(rel.chars().count() <= r.chars().count(), "{rel:?} is longer than {r:?}");
    }

    /// For any two absolute IRIs: either a reference that resolves back, or an error because the
    /// target's path has dot segments that resolution would remove.
    #[test]
    fn relativize_any_pair((g, base, t) in grammar_and(|g| (reference(g, true), reference(g, true)).boxed())) {
        match relativize(g, &base, &t) {
            Ok(rel) => prop_assert_eq!(resolve(g, &base, &rel).unwrap(), t),
            Err(ResolveError::Unreachable { .. }) => {
                let p = parse(g, &t).unwrap();
                let path = p.path().as_str();
                prop_assert!(
                    path.split('/').any(|s| s == "." || s == "..") || path.starts_with("/.//"),
                    "{t:?} should be reachable from {base:?}"
                );
            }
            Err(e) => prop_assert!(false, "{e}"),
        }
    }

    /// Normalization is idempotent, valid under the grammar, and a higher level applied to a lower
    /// level's result is the higher level's result (so equivalence only grows up the ladder).
    #[test]
    fn normalization_ladder((g, r, _) in grammar_and(|g| (reference(g, false), Just(String::new())).boxed()), ipv6 in any::<bool>()) {
        let mut previous: Option<String> = None;
        for level in Level::ALL {
            let o = Options::default().with_level(level).with_ipv6_rfc5952(ipv6);
            let n = normalize_with(g, &r, &o).unwrap();
            prop_assert!(iri_abnf::validate(g, g.reference_rule(), &n).is_ok(), "{level}: {n:?}");
            prop_assert_eq!(normalize_with(g, &n, &o).unwrap(), n.clone(), "{} not idempotent", level);
            if let Some(p) = &previous {
                prop_assert_eq!(normalize_with(g, p, &o).unwrap(), n.clone(), "{} after the level below", level);
            }
            previous = Some(n.into_string());
        }
    }
}

/// Relativization was quadratic in the path's depth (a reference written out and resolved per
/// ancestor directory: a 240 KB path took gigabytes). A one-megabyte path completes.
#[test]
fn relativize_one_megabyte_paths() {
    let deep = "b/".repeat(500_000);
    let base = iri_abnf::Base::new(Grammar::Iri, &format!("http://a/{deep}c")).unwrap();
    let climb = format!("http://a/{}x/y?q", &deep[2..]);
    assert_eq!(base.relativize(&climb).unwrap(), "../x/y?q");
    // From the root: shorter as an absolute path than by climbing half a million levels.
    assert_eq!(base.relativize("http://a/z").unwrap(), "/z");
    // No reference gives a path with a dot segment: every relative path fails.
    let dots = format!("http://a/{}./x", &deep[2..]);
    assert!(matches!(
        base.relativize(&dots),
        Err(ResolveError::Unreachable { .. })
    ));
    // A base directory with dot segments, and a target under it.
    let with_dots = format!("http://a/{deep}./../c");
    let under = format!("http://a/{}x", &deep[2..]);
    let r = relativize(Grammar::Iri, &with_dots, &under).unwrap();
    assert_eq!(r, "x");
    assert_eq!(resolve(Grammar::Iri, &with_dots, &r).unwrap(), under);
}
