//! The builder of the typed API against 3987bis §4.1 ("relevant when IRIs are created") and the
//! grammar: every code point in every component, the examples of the bidi override, the look-alike
//! and the invisible character, IP literals, already encoded components, builders from existing
//! identifiers, and random builders of hostile components.

use std::sync::OnceLock;

use iri_abnf::characters::{
    is_bidi_formatting, is_invisible, is_iprivate, is_kept_invisible, is_ucschar, look_alike_of,
    not_appropriate, BIDI_FORMATTING,
};
use iri_abnf::convert::{ConvertError, ConvertErrorKind};
use iri_abnf::{is_valid, Builder, Grammar, HostKind, Iri, IriGrammar, IriRef, Rule, Uri, UriRef};
use proptest::prelude::*;

/// The components the builder percent-encodes, each with its rule in the `iri` and the `uri`
/// grammar (RFC 3986 Appendix A, 3987bis §2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    Userinfo,
    Host,
    Path,
    Query,
    Fragment,
}

impl Place {
    /// The component as the characters of 3987bis §4.1 take it.
    fn characters(self) -> iri_abnf::characters::Place {
        use iri_abnf::characters::Place as P;
        match self {
            Place::Userinfo => P::Userinfo,
            Place::Host => P::Host,
            Place::Path => P::Path,
            Place::Query => P::Query,
            Place::Fragment => P::Fragment,
        }
    }
}

const PLACES: [Place; 5] = [
    Place::Userinfo,
    Place::Host,
    Place::Path,
    Place::Query,
    Place::Fragment,
];

impl Place {
    fn rule(self, iri: bool) -> Rule {
        match (self, iri) {
            (Place::Userinfo, true) => Rule::Iuserinfo,
            (Place::Userinfo, false) => Rule::Userinfo,
            (Place::Host, true) => Rule::IregName,
            (Place::Host, false) => Rule::RegName,
            (Place::Path, true) => Rule::IpathAbempty,
            (Place::Path, false) => Rule::PathAbempty,
            (Place::Query, true) => Rule::Iquery,
            (Place::Query, false) => Rule::Query,
            (Place::Fragment, true) => Rule::Ifragment,
            (Place::Fragment, false) => Rule::Fragment,
        }
    }

    /// A builder with `text` as this component (plain text), after the scheme `s` and the host `h`.
    fn builder(self, text: &str) -> Builder<'_> {
        let b = Builder::new().scheme("s");
        match self {
            Place::Userinfo => b.host("h").userinfo(text),
            Place::Host => b.host(text),
            Place::Path => b.host("h").path(text),
            Place::Query => b.host("h").query(text),
            Place::Fragment => b.host("h").fragment(text),
        }
    }

    /// The text of this component of a built identifier.
    fn of<'a>(self, r: &iri_abnf::Reference<'a>) -> &'a str {
        match self {
            Place::Userinfo => r.authority().unwrap().userinfo().unwrap().as_str(),
            Place::Host => r.authority().unwrap().host().as_str(),
            Place::Path => r.path().as_str(),
            Place::Query => r.query().unwrap().as_str(),
            Place::Fragment => r.fragment().unwrap().as_str(),
        }
    }
}

/// The `%HH` triplets of the UTF-8 of `c`, uppercase (3987bis §3.3).
fn pct(c: char) -> String {
    let mut buf = [0u8; 4];
    c.encode_utf8(&mut buf)
        .bytes()
        .map(|b| format!("%{b:02X}"))
        .collect()
}

/// Whether `c` may stand for itself in `place`: the grammar allows it there (one character of the
/// component's rule), and in an IRI 3987bis §4.1 does not keep it out ([`not_appropriate`]).
fn spec_allows_raw(place: Place, c: char, iri: bool) -> bool {
    let grammar = if iri { Grammar::Iri } else { Grammar::Uri };
    // In the path, after its "/" ("/" separates segments).
    let text = match place {
        Place::Path => format!("/{c}"),
        _ => c.to_string(),
    };
    is_valid(grammar, place.rule(iri), &text)
        && (c.is_ascii() || not_appropriate(c, place.characters()).is_none())
        && (place != Place::Host || !is_kept_invisible(c) || idna2008_label(&text))
}

/// Whether `label` is valid IDNA2008 (RFC 5891 §5.4): where a registered name may hold a joiner or a
/// variation selector as it is.
fn idna2008_label(label: &str) -> bool {
    // As URI-to-IRI conversion decides it (3987bis §3.7 step 4): the label's joiners and variation
    // selectors come out of its URI form (`%HH` for every character outside US-ASCII) as characters.
    let encoded: String = label
        .chars()
        .map(|c| if c.is_ascii() { c.to_string() } else { pct(c) })
        .collect();
    let Ok(converted) = iri_abnf::convert::to_iri(
        &format!("http://{encoded}/"),
        &iri_abnf::convert::ToIriOptions::default(),
    ) else {
        return false;
    };
    converted.iri.contains(is_kept_invisible)
}

/// The scalar values: every `char`.
fn every_char() -> impl Iterator<Item = char> {
    '\0'..=char::MAX
}

/// Every Unicode scalar value in every component, as an IRI and as a URI: the built identifier
/// parses to itself with the same component, the component holds the character as it is where the
/// grammar allows it and 3987bis §4.1 does not keep it out, and its `%HH` triplets otherwise, and it
/// decodes to the character. The IRI is the one that URI-to-IRI conversion (3987bis §3.7) gives of
/// the URI, but in the host, where step 6 and the rules of the whole name apply. The counts show
/// that each class of §4.1 and §2.2 was met, raw and encoded.
#[test]
fn every_code_point_in_every_component() {
    let mut raw = [0usize; 2];
    let mut encoded = [0usize; 2];
    let mut classes = [0usize; 6];
    for c in every_char() {
        classes[0] += usize::from(is_bidi_formatting(c));
        classes[1] += usize::from(is_invisible(c));
        classes[2] += usize::from(look_alike_of(c, iri_abnf::characters::Place::Host).is_some());
        classes[3] += usize::from(is_ucschar(c));
        classes[4] += usize::from(is_iprivate(c));
        classes[5] += usize::from(c.is_ascii());
        let text = c.to_string();
        for place in PLACES {
            // The path needs its "/" after the authority.
            let given = if place == Place::Path {
                format!("/{text}")
            } else {
                text.clone()
            };
            let b = place.builder(&given);
            if place == Place::Host && matches!(c, '[' | ']') {
                // RFC 3986 §3.2.2: refused in a reg-name, not encoded.
                let e = b.build_iri().unwrap_err();
                assert_eq!(e.offset, 0, "{c:?}");
                assert!(b.build_uri().is_err());
                continue;
            }
            let iri = b
                .build_iri()
                .unwrap_or_else(|e| panic!("{place:?} {c:?}: {e}"));
            let uri = b
                .build_uri()
                .unwrap_or_else(|e| panic!("{place:?} {c:?}: {e}"));
            for (k, built) in [(0, iri.as_str()), (1, uri.as_str())] {
                let is_iri = k == 0;
                let grammar = if is_iri { Grammar::Iri } else { Grammar::Uri };
                let parsed = iri_abnf::parse(grammar, built)
                    .unwrap_or_else(|e| panic!("{place:?} {c:?} {built:?}: {e}"));
                assert_eq!(parsed.as_str(), built);
                let component = place.of(&parsed);
                let expected_one = if spec_allows_raw(place, c, is_iri) {
                    raw[k] += 1;
                    c.to_string()
                } else {
                    encoded[k] += 1;
                    pct(c)
                };
                let expected = if place == Place::Path {
                    format!("/{expected_one}")
                } else {
                    expected_one
                };
                assert_eq!(component, expected, "{place:?} {c:?} iri={is_iri}");
                let decoded = parsed_component(place, &parsed).decode();
                assert_eq!(decoded.to_str().unwrap(), given, "{place:?} {c:?}");
            }
            assert_eq!(iri.to_uri(), uri, "{place:?} {c:?}");
            if place != Place::Host {
                assert_eq!(uri.to_iri(), iri, "{place:?} {c:?}");
            }
        }
    }
    // Every class was met: 12 bidi formatting characters, the invisible ones, the look-alikes,
    // ucschar, private use, US-ASCII; both verdicts occur for both grammars.
    assert_eq!(classes[0], BIDI_FORMATTING.len());
    assert!(classes.iter().all(|&n| n > 0), "{classes:?}");
    assert!(
        raw[0] > 1_000_000 && encoded[0] > 100_000,
        "{raw:?} {encoded:?}"
    );
    assert!(
        raw[1] > 300 && encoded[1] > 5_000_000,
        "{raw:?} {encoded:?}"
    );
}

fn parsed_component<'a>(place: Place, r: &iri_abnf::Reference<'a>) -> iri_abnf::Component<'a> {
    match place {
        Place::Userinfo => r.authority().unwrap().userinfo().unwrap(),
        Place::Host => r.authority().unwrap().host().as_component(),
        Place::Path => r.path().as_component(),
        Place::Query => r.query().unwrap(),
        Place::Fragment => r.fragment().unwrap(),
    }
}

/// Where no percent-encoding is allowed, every character the rule does not allow is refused at its
/// offset: the scheme (RFC 3986 §3.1) and an IP literal (§3.2.2), for every code point.
#[test]
fn every_code_point_where_nothing_is_encoded() {
    let (mut kept, mut refused) = (0, 0);
    for c in every_char() {
        let scheme = format!("a{c}");
        let allowed = c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.');
        match Builder::new().scheme(&scheme).build_iri() {
            Ok(iri) => {
                assert!(allowed, "{c:?}");
                assert_eq!(iri.scheme().as_str(), scheme);
            }
            Err(e) => {
                assert!(!allowed, "{c:?}");
                assert_eq!(e.offset, 1);
                assert!(matches!(
                    e.kind,
                    ConvertErrorKind::Unencodable {
                        component: "scheme",
                        ..
                    }
                ));
            }
        }
        let literal = format!("[v1.a{c}]");
        let allowed = is_valid(Grammar::Uri, Rule::IpLiteral, &literal);
        for built in [
            Builder::new().scheme("s").host(&literal).build_iri(),
            Builder::new()
                .scheme("s")
                .host(&literal)
                .build_uri()
                .map(Iri::from),
            Builder::new()
                .scheme("s")
                .host_encoded(&literal)
                .build_iri(),
        ] {
            match built {
                Ok(iri) => {
                    assert!(allowed, "{c:?}");
                    kept += 1;
                    assert_eq!(iri.host().unwrap().as_str(), literal);
                }
                Err(e) => {
                    assert!(!allowed, "{c:?}");
                    refused += 1;
                    assert!(matches!(
                        e.kind,
                        ConvertErrorKind::Unencodable {
                            component: "host",
                            ..
                        }
                    ));
                }
            }
        }
    }
    assert!(kept > 100 && refused > 1_000_000, "{kept} {refused}");
}

/// The examples: a bidi override in a host, an override, a look-alike of "/" and a byte order mark
/// in a path, an IPv6 address without brackets, a component already percent-encoded.
#[test]
fn builder_examples_of_3987bis_4_1() {
    let iri = Builder::new()
        .scheme("http")
        .host("\u{202E}moc.a")
        .build_iri()
        .unwrap();
    assert_eq!(iri, "http://%E2%80%AEmoc.a");
    let b = Builder::new()
        .scheme("http")
        .host("a")
        .path("/\u{202E}gpj.exe/a\u{2215}b/\u{FEFF}x");
    assert_eq!(
        b.build_iri().unwrap(),
        "http://a/%E2%80%AEgpj.exe/a%E2%88%95b/%EF%BB%BFx"
    );
    assert_eq!(b.build_iri().unwrap().to_uri(), b.build_uri().unwrap());
    // What an IRI may hold stays as it is: letters, the joiner of an emoji sequence, a variation
    // selector, private use in the query.
    let b = Builder::new()
        .scheme("http")
        .host("a")
        .path("/r\u{E9}sum\u{E9}/\u{1F469}\u{200D}\u{1F4BB}/\u{2764}\u{FE0F}")
        .query("\u{E000}");
    assert_eq!(
        b.build_iri().unwrap(),
        "http://a/r\u{E9}sum\u{E9}/\u{1F469}\u{200D}\u{1F4BB}/\u{2764}\u{FE0F}?\u{E000}"
    );
    // In a host, a joiner stays a character only in a label that is valid IDNA2008 (RFC 5892
    // Appendix A.1: ZWNJ after a virama); a variation selector never does (DISALLOWED).
    for (host, written) in [
        ("pay\u{200D}pal.com", "pay%E2%80%8Dpal.com"),
        ("pay\u{200C}pal.com", "pay%E2%80%8Cpal.com"),
        ("\u{2764}\u{FE0F}.example", "\u{2764}%EF%B8%8F.example"),
        (
            "\u{915}\u{94D}\u{200C}.example",
            "\u{915}\u{94D}\u{200C}.example",
        ),
    ] {
        let iri = Builder::new()
            .scheme("http")
            .host(host)
            .build_iri()
            .unwrap();
        assert_eq!(iri.host().unwrap().as_str(), written, "{host:?}");
        assert_eq!(
            iri.to_uri(),
            Builder::new()
                .scheme("http")
                .host(host)
                .build_uri()
                .unwrap()
        );
    }
    // Private use outside the query is outside `ucschar` (3987bis §2.2).
    assert_eq!(
        b.fragment("\u{E000}")
            .build_iri()
            .unwrap()
            .fragment()
            .unwrap()
            .as_str(),
        "%EE%80%80"
    );

    // IP literals (RFC 3986 §3.2.2).
    for (host, literal) in [
        ("::1", "[::1]"),
        ("2001:DB8::8:800:200C:417A", "[2001:DB8::8:800:200C:417A]"),
        ("::ffff:192.0.2.1", "[::ffff:192.0.2.1]"),
        ("v7.a:b", "[v7.a:b]"),
        ("[::1]", "[::1]"),
    ] {
        for b in [
            Builder::new().scheme("http").host(host),
            Builder::new().scheme("http").host_encoded(host),
        ] {
            for built in [
                b.build_iri().unwrap().into_string(),
                b.build_uri().unwrap().into_string(),
            ] {
                assert_eq!(built, format!("http://{literal}"));
                let parsed = Iri::parse(built.as_str()).unwrap();
                assert!(
                    matches!(
                        parsed.host().unwrap().kind(),
                        HostKind::Ipv6 { .. } | HostKind::IpvFuture { .. }
                    ),
                    "{built}"
                );
            }
        }
    }
    // An IPvFuture without ":" is a registered name as well, and stays one; what is no address
    // is a registered name with its ":" encoded.
    for (host, written) in [
        ("v1.example", "v1.example"),
        ("1:2", "1%3A2"),
        (":::", "%3A%3A%3A"),
        ("::1%eth0", "%3A%3A1%25eth0"),
    ] {
        let iri = Builder::new()
            .scheme("http")
            .host(host)
            .build_iri()
            .unwrap();
        assert_eq!(iri.host().unwrap().as_str(), written);
        assert_eq!(iri.host().unwrap().kind(), HostKind::RegName);
    }

    // Already percent-encoded components keep their triplets.
    assert_eq!(
        Builder::new().path("/%41").build_uri_ref().unwrap(),
        "/%2541"
    );
    let b = Builder::new()
        .scheme("http")
        .userinfo_encoded("us%20er:p%40ss")
        .host_encoded("r%C3%A9sum%C3%A9.example")
        .path_encoded("/%41/a%2Fb/\u{E9}")
        .query_encoded("q=a%26b&r=%23")
        .fragment_encoded("f%20g");
    let iri = b.build_iri().unwrap();
    assert_eq!(
        iri,
        "http://us%20er:p%40ss@r%C3%A9sum%C3%A9.example/%41/a%2Fb/\u{E9}?q=a%26b&r=%23#f%20g"
    );
    assert_eq!(iri.path().segments().count(), 3);
    assert_eq!(b.build_uri().unwrap(), iri.to_uri());
    // §4.1 applies to the characters of encoded text too.
    assert_eq!(
        Builder::new()
            .path_encoded("/\u{202E}%41")
            .build_iri_ref()
            .unwrap(),
        "/%E2%80%AE%41"
    );
}

/// An already encoded component that does not match its rule is refused at the offset where it
/// goes wrong, in that component's text, with the component named.
#[test]
fn encoded_components_are_checked() {
    let refused = |b: Builder<'_>, component: &str, offset: usize| {
        let e: ConvertError = b.build_iri_ref().unwrap_err();
        match &e.kind {
            ConvertErrorKind::Unencodable { component: c, .. } => assert_eq!(*c, component),
            other => panic!("{other:?}"),
        }
        assert_eq!(e.offset, offset, "{e}");
        assert!(e.to_string().contains("3987bis §2.2"), "{e}");
        assert!(b.build_uri_ref().is_err());
    };
    refused(Builder::new().path_encoded("/a b"), "path", 2);
    refused(Builder::new().path_encoded("/a%4"), "path", 4);
    refused(Builder::new().path_encoded("/a%4G"), "path", 4);
    refused(Builder::new().path_encoded("/a?b"), "path", 2);
    refused(Builder::new().path_encoded("a#"), "path", 1);
    refused(Builder::new().path_encoded("/\u{E000}"), "path", 1);
    refused(Builder::new().query_encoded("a#b"), "query", 1);
    refused(Builder::new().query_encoded("%"), "query", 1);
    refused(Builder::new().fragment_encoded("a#b"), "fragment", 1);
    refused(Builder::new().fragment_encoded("\u{E000}"), "fragment", 0);
    refused(
        Builder::new().host("a").userinfo_encoded("a@b"),
        "userinfo",
        1,
    );
    refused(Builder::new().host_encoded("a b"), "host", 1);
    refused(Builder::new().host_encoded("a:b"), "host", 1);
    refused(Builder::new().host_encoded("%zz"), "host", 1);
    // Private use is allowed in an encoded query (iprivate).
    assert_eq!(
        Builder::new()
            .query_encoded("\u{E000}")
            .build_iri_ref()
            .unwrap(),
        "?\u{E000}"
    );
}

/// Built from an identifier and built again, an identifier gives its own text, but for the
/// characters that 3987bis §4.1 keeps out of created IRIs, which are percent-encoded; as a URI, the
/// URI that `to_uri` gives. On generated strings of each grammar's reference rule.
#[test]
fn builder_from_an_identifier_builds_it_again() {
    use iri_abnf::abnf::{self, Generator};
    use iri_abnf::abnf::{case_input, case_seed};
    let mut counts = [0usize; 3];
    for (campaign, ig) in (0xB01D_u64..).zip(IriGrammar::ALL) {
        let g = Grammar::from(ig);
        let rules = abnf::rules(g).expect("rules");
        let generator = Generator::new(rules, g.reference_rule().name()).expect("generator");
        for i in 0..3000u64 {
            let input = case_input(&generator, case_seed(campaign, g, i), 48);
            let Ok(r) = IriRef::parse_with(ig, input.as_str()) else {
                continue;
            };
            let spans = [
                r.userinfo().map(|c| c.span()),
                r.host().map(|h| h.span()),
                r.query().map(|q| q.span()),
                r.fragment().map(|f| f.span()),
            ];
            let mut expected = String::new();
            for (at, c) in input.char_indices() {
                let place = place_at(at, spans);
                if c.is_ascii() || iri_abnf::characters::decodes_to_iri(c, place) {
                    expected.push(c);
                } else {
                    expected.push_str(&pct(c));
                    counts[2] += 1;
                }
            }
            let b = Builder::from(&r);
            assert_eq!(b, r.to_builder());
            let rebuilt = b
                .build_iri_ref()
                .unwrap_or_else(|e| panic!("{input:?}: {e}"));
            assert_eq!(rebuilt, expected, "{g} {input:?}");
            assert_eq!(b.build_uri_ref().unwrap(), r.to_uri(), "{g} {input:?}");
            counts[0] += 1;
            if let Ok(iri) = Iri::try_from(r) {
                counts[1] += 1;
                assert_eq!(iri.to_builder().build_iri().unwrap(), expected);
            }
            if g == Grammar::Uri {
                let uri = UriRef::parse(input.as_str()).unwrap();
                assert_eq!(uri.to_builder().build_uri_ref().unwrap(), uri);
                if let Ok(uri) = Uri::parse(input.as_str()) {
                    assert_eq!(Builder::from(&uri).build_uri().unwrap(), uri);
                }
            }
        }
    }
    assert!(counts.iter().all(|&n| n > 200), "{counts:?}");

    // One component changed, the others kept as written.
    let iri = Iri::parse("http://us%20er@[::1]:080/a%2Fb?q=%41#f").unwrap();
    assert_eq!(iri.to_builder().build_iri().unwrap(), iri);
    assert_eq!(
        iri.to_builder().path("/c d").build_iri().unwrap(),
        "http://us%20er@[::1]:080/c%20d?q=%41#f"
    );
    assert_eq!(
        iri.to_builder().host("example.org").build_iri().unwrap(),
        "http://us%20er@example.org:080/a%2Fb?q=%41#f"
    );
    assert_eq!(
        iri.to_builder()
            .port(8080)
            .clear_userinfo()
            .build_uri()
            .unwrap(),
        "http://[::1]:8080/a%2Fb?q=%41#f"
    );
    // Without its authority, the path of "http://a//b" would be read as one: refused.
    let e = Iri::parse("http://a//b")
        .unwrap()
        .to_builder()
        .clear_authority()
        .build_iri()
        .unwrap_err();
    assert!(matches!(
        e.kind,
        ConvertErrorKind::Unencodable {
            component: "path",
            ..
        }
    ));
}

/// The character classes of 3987bis §2.2 and §4.1, each a pool to draw from.
fn pools() -> &'static [Vec<char>] {
    static POOLS: OnceLock<Vec<Vec<char>>> = OnceLock::new();
    POOLS.get_or_init(|| {
        let all: Vec<char> = ('\0'..=char::MAX).collect();
        let of = |f: &dyn Fn(char) -> bool| all.iter().copied().filter(|&c| f(c)).collect();
        vec![
            BIDI_FORMATTING.to_vec(),
            of(&|c| is_invisible(c)),
            of(&|c| look_alike_of(c, iri_abnf::characters::Place::Host).is_some()),
            of(&|c| is_ucschar(c)),
            of(&|c| is_iprivate(c)),
            (' '..='~').collect(),
            ('\0'..='\u{7F}').collect(),
            "%:/?#[]@!$&'()*+,;=".chars().collect(),
            "0123456789abcdefABCDEF%".chars().collect(),
        ]
    })
}

/// A component's text: characters of the classes, percent signs and hex digits among them.
fn component_text() -> impl Strategy<Value = String> {
    let pools = pools();
    let class = prop::sample::select((0..pools.len()).collect::<Vec<_>>());
    let one = prop_oneof![
        4 => (class, any::<prop::sample::Index>()).prop_map(move |(p, i)| *i.get(&pools[p])),
        1 => any::<char>(),
    ];
    prop::collection::vec(one, 0..10).prop_map(String::from_iter)
}

/// A component, plain or already encoded.
fn text() -> impl Strategy<Value = (bool, String)> {
    (any::<bool>(), component_text())
}

#[derive(Debug, Clone)]
struct Parts {
    scheme: Option<String>,
    userinfo: Option<(bool, String)>,
    host: Option<(bool, String)>,
    port: Option<u16>,
    path: (bool, String),
    query: Option<(bool, String)>,
    fragment: Option<(bool, String)>,
}

fn parts() -> impl Strategy<Value = Parts> {
    let scheme = prop_oneof![
        Just("http".to_string()),
        "[a-zA-Z][a-zA-Z0-9+.-]{0,5}",
        component_text(),
    ];
    let host = prop_oneof![
        3 => text(),
        1 => (any::<bool>(), prop::sample::select(vec![
            "::1", "[::1]", "2001:db8::1", "v7.a:b", "[v7.x]", "192.0.2.1", "::1%25eth0", "[", "",
        ]).prop_map(str::to_string)),
    ];
    let path = prop_oneof![
        text(),
        text().prop_map(|(e, s)| (e, format!("/{s}"))),
        (text(), text()).prop_map(|((e, a), (_, b))| (e, format!("/{a}/{b}"))),
    ];
    (
        prop::option::of(scheme),
        prop::option::weighted(0.3, text()),
        prop::option::weighted(0.6, host),
        prop::option::weighted(0.3, any::<u16>()),
        path,
        prop::option::of(text()),
        prop::option::of(text()),
    )
        .prop_map(
            |(scheme, userinfo, host, port, path, query, fragment)| Parts {
                scheme,
                userinfo,
                host,
                port,
                path,
                query,
                fragment,
            },
        )
}

fn set<'a>(
    b: Builder<'a>,
    t: &'a Option<(bool, String)>,
    plain: fn(Builder<'a>, &'a str) -> Builder<'a>,
    encoded: fn(Builder<'a>, &'a str) -> Builder<'a>,
) -> Builder<'a> {
    match t {
        Some((false, s)) => plain(b, s),
        Some((true, s)) => encoded(b, s),
        None => b,
    }
}

fn builder(p: &Parts) -> Builder<'_> {
    let mut b = Builder::new();
    if let Some(s) = &p.scheme {
        b = b.scheme(s);
    }
    b = set(b, &p.userinfo, Builder::userinfo, Builder::userinfo_encoded);
    b = set(b, &p.host, Builder::host, Builder::host_encoded);
    if let Some(port) = p.port {
        b = b.port(port);
    }
    b = match &p.path {
        (false, s) => b.path(s),
        (true, s) => b.path_encoded(s),
    };
    b = set(b, &p.query, Builder::query, Builder::query_encoded);
    set(b, &p.fragment, Builder::fragment, Builder::fragment_encoded)
}

/// The text given for the component an error names.
fn given<'a>(p: &'a Parts, component: &str) -> &'a str {
    let text = |t: &'a Option<(bool, String)>| t.as_ref().map_or("", |(_, s)| s.as_str());
    match component {
        "scheme" => p.scheme.as_deref().unwrap_or(""),
        "userinfo" => text(&p.userinfo),
        "host" => text(&p.host),
        "path" => &p.path.1,
        "query" => text(&p.query),
        "fragment" => text(&p.fragment),
        other => panic!("no component {other}"),
    }
}

/// The component that holds the byte at `at`, from the spans of the userinfo, the host, the query and
/// the fragment (the scheme and the port hold US-ASCII only; the rest is the path).
fn place_at(at: usize, spans: [Option<iri_abnf::Span>; 4]) -> iri_abnf::characters::Place {
    use iri_abnf::characters::Place as P;
    let places = [P::Userinfo, P::Host, P::Query, P::Fragment];
    spans
        .iter()
        .zip(places)
        .find(|(span, _)| span.is_some_and(|s| (s.start..s.end).contains(&at)))
        .map_or(P::Path, |(_, place)| place)
}

/// An encoded text as the builder writes it: the characters outside US-ASCII that the result does
/// not keep percent-encoded.
fn written_encoded(text: &str, iri: bool, place: iri_abnf::characters::Place) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii() || iri && iri_abnf::characters::decodes_to_iri(c, place) {
                c.to_string()
            } else {
                pct(c)
            }
        })
        .collect()
}

/// An encoded host as the builder writes it: [`written_encoded`] label by label, the joiners and
/// variation selectors percent-encoded in a label that is not valid IDNA2008.
fn written_encoded_host(text: &str, iri: bool) -> String {
    let labels: Vec<String> = text
        .split('.')
        .map(|label| {
            if label.chars().any(is_kept_invisible) && !idna2008_label(label) {
                label
                    .chars()
                    .map(|c| {
                        if is_kept_invisible(c) {
                            pct(c)
                        } else {
                            written_encoded(&c.to_string(), iri, iri_abnf::characters::Place::Host)
                        }
                    })
                    .collect()
            } else {
                written_encoded(label, iri, iri_abnf::characters::Place::Host)
            }
        })
        .collect();
    labels.join(".")
}

/// The octets of `s` with its `%HH` triplets decoded (RFC 3986 §2.1).
fn decode(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            out.push(u8::from_str_radix(&s[i + 1..i + 3], 16).unwrap());
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    out
}

/// What a component of the built identifier must be, from the text given: for plain text, what
/// decodes back to it; for encoded text, [`written_encoded`].
fn check_component(
    built: Option<&str>,
    given: &Option<(bool, String)>,
    iri: bool,
    place: iri_abnf::characters::Place,
) -> Result<(), TestCaseError> {
    let Some((encoded, text)) = given else {
        prop_assert!(built.is_none());
        return Ok(());
    };
    let built = built.expect("the component given");
    if *encoded {
        prop_assert_eq!(built, written_encoded(text, iri, place));
    } else {
        prop_assert_eq!(decode(built), text.as_bytes());
    }
    Ok(())
}

/// Every character of a built identifier outside US-ASCII is one that 3987bis §4.1 lets an IRI hold
/// in its component (none in a URI).
fn check_raw(r: &iri_abnf::Reference<'_>, iri: bool) -> Result<(), TestCaseError> {
    let authority = r.authority();
    let spans = [
        authority.and_then(|a| a.userinfo()).map(|c| c.span()),
        authority.map(|a| a.host().span()),
        r.query().map(|q| q.span()),
        r.fragment().map(|f| f.span()),
    ];
    for (at, c) in r.as_str().char_indices() {
        if c.is_ascii() {
            continue;
        }
        let place = place_at(at, spans);
        prop_assert!(iri, "{:?} in the URI {:?}", c, r.as_str());
        prop_assert!(
            iri_abnf::characters::decodes_to_iri(c, place),
            "{:?} raw in {:?}",
            c,
            r.as_str()
        );
    }
    // A joiner or a variation selector stays a character in a host only in a valid IDNA2008 label.
    if let Some(a) = r.authority() {
        for label in a.host().as_str().split('.') {
            if label.chars().any(is_kept_invisible) {
                prop_assert!(idna2008_label(label), "{:?} in {:?}", label, r.as_str());
            }
        }
    }
    Ok(())
}

fn builder_cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20_000)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: builder_cases(),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Random builders of hostile components (every class of §2.2 and §4.1, "%" with and without
    /// hex digits, delimiters, IP addresses with and without brackets), plain and encoded, built as
    /// each of the four types: no panic; a result parses to itself as its type, holds raw only
    /// what §4.1 lets an IRI hold, and has each component as given; a refusal names a component
    /// given and an offset on a character boundary of its text.
    #[test]
    fn random_builders_build_valid_identifiers_or_refuse(p in parts()) {
        let b = builder(&p);
        let results = [
            b.build_iri().map(|v| (v.into_string(), true, true)),
            b.build_iri_ref().map(|v| (v.into_string(), true, false)),
            b.build_uri().map(|v| (v.into_string(), false, true)),
            b.build_uri_ref().map(|v| (v.into_string(), false, false)),
        ];
        for result in results {
            match result {
                Ok((text, iri, absolute)) => {
                    match (iri, absolute) {
                        (true, true) => prop_assert!(Iri::parse(&text).is_ok()),
                        (true, false) => prop_assert!(IriRef::parse(&text).is_ok()),
                        (false, true) => prop_assert!(Uri::parse(&text).is_ok()),
                        (false, false) => prop_assert!(UriRef::parse(&text).is_ok()),
                    }
                    let grammar = if iri { Grammar::Iri } else { Grammar::Uri };
                    let r = iri_abnf::parse(grammar, &text).unwrap();
                    prop_assert_eq!(r.as_str(), text.as_str());
                    check_raw(&r, iri)?;
                    let a = r.authority();
                    prop_assert_eq!(a.is_some(), p.host.is_some());
                    check_component(a.and_then(|a| a.userinfo()).map(|c| c.as_str()), &p.userinfo, iri, iri_abnf::characters::Place::Userinfo)?;
                    check_component(r.query().map(|c| c.as_str()), &p.query, iri, iri_abnf::characters::Place::Query)?;
                    check_component(r.fragment().map(|c| c.as_str()), &p.fragment, iri, iri_abnf::characters::Place::Fragment)?;
                    if let (Some(a), Some((_, given))) = (a, &p.host) {
                        let h = a.host();
                        if h.as_str().starts_with('[') && !given.starts_with('[') {
                            // An address given without brackets, written in them (RFC 3986 §3.2.2).
                            prop_assert_eq!(h.as_str(), format!("[{given}]"));
                            prop_assert!(h.kind() != HostKind::RegName);
                        } else if let Some((true, given)) = &p.host {
                            prop_assert_eq!(h.as_str(), written_encoded_host(given, iri));
                        } else {
                            check_component(Some(h.as_str()), &p.host, iri, iri_abnf::characters::Place::Host)?;
                        }
                        match p.port {
                            Some(port) => prop_assert_eq!(a.port().unwrap().as_str(), port.to_string()),
                            None => prop_assert!(a.port().is_none()),
                        }
                    }
                    // The "./" written before a first segment with a ":" (RFC 3986 §4.2).
                    let path = r.path().as_str();
                    let path = match path.strip_prefix("./") {
                        Some(rest) if !p.path.1.starts_with("./") => rest,
                        _ => path,
                    };
                    check_component(Some(path), &Some(p.path.clone()), iri, iri_abnf::characters::Place::Path)?;
                }
                Err(e) => {
                    let ConvertErrorKind::Unencodable { component, .. } = e.kind else {
                        return Err(TestCaseError::fail(format!("{e:?}")));
                    };
                    let text = given(&p, component);
                    prop_assert!(e.offset <= text.len(), "{} {:?}", e, text);
                    prop_assert!(text.is_char_boundary(e.offset), "{} {:?}", e, text);
                }
            }
        }
    }
}
