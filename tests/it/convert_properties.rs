//! Properties of the conversions (3987bis §3.3, §3.6, §3.7, §5.1; draft-weber-iri-guidelines §4), on
//! IRIs and LEIRIs from the ABNF generator, on URIs built from percent-encoded octets (legal UTF-8 of
//! every kind of character, and the illegal forms of RFC 3629), and on arbitrary strings.

use std::sync::OnceLock;

use iri_abnf::abnf::{mutate, rules, Generator};
use iri_abnf::characters::{is_bidi_formatting, is_unreserved, pct_octet};
use iri_abnf::convert::reg_name::{punycode_label_to_unicode, reg_name_to_ascii};
use iri_abnf::convert::trim_ascii_whitespace;
use iri_abnf::convert::{
    leiri_to_iri, leiri_to_uri, percent_encode, preprocess, to_iri, to_uri, Charset, HostMapping,
    PreprocessOptions, Spaces, ToIriOptions, ToUriOptions,
};
use iri_abnf::{parse, validate, Grammar};
use proptest::prelude::*;

fn valid(g: Grammar, s: &str) -> bool {
    validate(g, g.reference_rule(), s).is_ok()
}

fn generator(g: Grammar) -> &'static Generator<'static> {
    static IRI: OnceLock<Generator<'static>> = OnceLock::new();
    static LEIRI: OnceLock<Generator<'static>> = OnceLock::new();
    static URI: OnceLock<Generator<'static>> = OnceLock::new();
    let cell = match g {
        Grammar::Iri => &IRI,
        Grammar::Leiri => &LEIRI,
        Grammar::Uri => &URI,
        Grammar::Rfc3987 => unreachable!("not used here"),
    };
    cell.get_or_init(|| {
        Generator::new(rules(g).expect("grammar rules"), g.reference_rule()).expect("generator")
    })
}

/// A reference of the grammar's language, from the ABNF generator.
fn generated(g: Grammar) -> impl Strategy<Value = String> {
    (any::<u64>(), 0usize..48).prop_map(move |(seed, len)| generator(g).generate(seed, len))
}

/// Characters at the edges of the classes the conversions care about.
const EDGE: &[char] = &[
    'a',
    'Z',
    '0',
    '-',
    '.',
    '_',
    '~',
    ':',
    '/',
    '?',
    '#',
    '[',
    ']',
    '@',
    '!',
    '$',
    '&',
    '\'',
    '(',
    ')',
    '*',
    '+',
    ',',
    ';',
    '=',
    '%',
    ' ',
    '<',
    '>',
    '"',
    '{',
    '}',
    '|',
    '\\',
    '^',
    '`',
    '\0',
    '\t',
    '\n',
    '\r',
    '\u{7F}',
    '\u{80}',
    '\u{85}',
    '\u{9F}',
    '\u{A0}',
    '\u{E9}',
    '\u{FC}',
    '\u{301}',
    '\u{5D0}',
    '\u{627}',
    '\u{200B}',
    '\u{200D}',
    '\u{200E}',
    '\u{200F}',
    '\u{202A}',
    '\u{202B}',
    '\u{202C}',
    '\u{202D}',
    '\u{202E}',
    '\u{2066}',
    '\u{3000}',
    '\u{3002}',
    '\u{7D0D}',
    '\u{8C46}',
    '\u{D7FF}',
    '\u{E000}',
    '\u{F8FF}',
    '\u{F900}',
    '\u{FDD0}',
    '\u{FDEF}',
    '\u{FDF0}',
    '\u{FEFF}',
    '\u{FFEF}',
    '\u{FFF0}',
    '\u{FFFD}',
    '\u{FFFE}',
    '\u{FFFF}',
    '\u{10000}',
    '\u{1F600}',
    '\u{1FFFE}',
    '\u{E0001}',
    '\u{E0FFF}',
    '\u{E1000}',
    '\u{EFFFD}',
    '\u{F0000}',
    '\u{10FFFD}',
    '\u{10FFFF}',
];

fn edge_char() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => prop::sample::select(EDGE),
        1 => any::<char>(),
    ]
}

/// Strings of edge characters, with percent-encoded octets among them.
fn raw_string() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            4 => edge_char().prop_map(String::from),
            1 => prop::sample::select(&[" ", "\t", " \t ", "\r\n", "  "][..]).prop_map(String::from),
            1 => any::<u8>().prop_map(|b| format!("%{b:02X}")),
            1 => prop::sample::select(&["http://", "//", "xn--", "xn--99zt52a", "%", "%2", "%zz", "..", "?", "#"][..])
                .prop_map(String::from),
        ],
        0..24,
    )
    .prop_map(|v| v.concat())
}

/// Octet sequences that are not UTF-8 (RFC 3629).
const ILLEGAL_UTF8: &[&[u8]] = &[
    &[0xC0, 0xAF],             // overlong "/"
    &[0xE0, 0x80, 0xAF],       // overlong, three octets
    &[0xED, 0xA0, 0x80],       // surrogate U+D800
    &[0xED, 0xBF, 0xBF],       // surrogate U+DFFF
    &[0xF4, 0x90, 0x80, 0x80], // above U+10FFFF
    &[0xE2, 0x80],             // truncated
    &[0x80],                   // stray continuation
    &[0xFC],
    &[0xFF, 0xFE],
];

/// A `%HH` sequence: the UTF-8 of an edge character, or an octet sequence that RFC 3629 forbids.
fn pct_sequence() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        3 => edge_char().prop_map(|c| c.to_string().into_bytes()),
        1 => prop::sample::select(ILLEGAL_UTF8)
        .prop_map(<[u8]>::to_vec),
        1 => prop::collection::vec(any::<u8>(), 1..4),
    ]
}

/// URIs: a skeleton of components filled with ASCII URI characters and percent-encoded sequences
/// (hex digits in either case).
fn uri_string() -> impl Strategy<Value = String> {
    let piece = || {
        prop::collection::vec(
            prop_oneof![
                2 => prop::sample::select(&["a", "B", "9", "-", ".", "_", "~", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", ":", "@", "xn--99zt52a"][..])
                    .prop_map(String::from),
                2 => (pct_sequence(), any::<bool>()).prop_map(|(octets, lower)| {
                    octets
                        .iter()
                        .map(|b| if lower { format!("%{b:02x}") } else { format!("%{b:02X}") })
                        .collect::<String>()
                }),
            ],
            0..6,
        )
        .prop_map(|v| v.concat())
    };
    (
        prop::option::of(prop::sample::select(
            &["http", "https", "foo", "x-y.z+1"][..],
        )),
        prop::option::of((
            prop::option::of(piece()),
            piece(),
            prop::option::of("[0-9]{0,5}"),
        )),
        prop::collection::vec(piece(), 0..4),
        any::<bool>(),
        prop::option::of(piece()),
        prop::option::of(piece()),
    )
        .prop_map(|(scheme, authority, segments, rooted, query, fragment)| {
            let mut s = String::new();
            if let Some(scheme) = scheme {
                s.push_str(scheme);
                s.push(':');
            }
            if let Some((userinfo, host, port)) = &authority {
                s.push_str("//");
                if let Some(u) = userinfo {
                    s.push_str(&u.replace('@', "%40"));
                    s.push('@');
                }
                s.push_str(&host.replace([':', '@'], "."));
                if let Some(p) = port {
                    s.push(':');
                    s.push_str(p);
                }
            }
            if authority.is_some() || rooted {
                s.push('/');
            }
            s.push_str(&segments.join("/"));
            if let Some(q) = query {
                s.push('?');
                s.push_str(&q);
            }
            if let Some(f) = fragment {
                s.push('#');
                s.push_str(&f);
            }
            s
        })
        .prop_filter("a URI reference", |s| valid(Grammar::Uri, s))
}

/// The URI up to hex case and percent-encoded unreserved characters (3987bis §3.7: the conversion
/// maps back to the URI "except for potential case differences in percent-encoding and for potential
/// percent-encoded unreserved characters").
fn normalize(uri: &str) -> String {
    let b = uri.as_bytes();
    let mut out = String::with_capacity(uri.len());
    let mut i = 0;
    while i < b.len() {
        if let Some(o) = pct_octet(&b[i..]) {
            if is_unreserved(o as char) {
                out.push(o as char);
            } else {
                out.push_str(&format!("%{o:02X}"));
            }
            i += 3;
        } else {
            let c = uri[i..].chars().next().unwrap();
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 384,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    /// 3987bis §3.3, §3.6: the URI of a valid IRI is a valid URI reference, with either host mapping.
    #[test]
    fn to_uri_gives_a_uri(iri in generated(Grammar::Iri)) {
        let c = to_uri(&iri, &ToUriOptions::default()).unwrap();
        prop_assert!(c.input_valid && c.uri_valid);
        prop_assert!(valid(Grammar::Uri, &c.uri), "{:?} -> {:?}", iri, c.uri);
        prop_assert!(c.uri.is_ascii());
        let idna = ToUriOptions::default().with_host(HostMapping::Idna);
        if let Ok(c) = to_uri(&iri, &idna) {
            prop_assert!(valid(Grammar::Uri, &c.uri), "{:?} -> {:?}", iri, c.uri);
        }
        let latin1 = ToUriOptions::default().with_query_charset(Some(Charset::for_label("latin1").unwrap()));
        if let Ok(c) = to_uri(&iri, &latin1) {
            prop_assert!(valid(Grammar::Uri, &c.uri), "{:?} -> {:?}", iri, c.uri);
        }
    }

    /// §3.3: the mapping is idempotent (on every string), and the identity on URIs.
    #[test]
    fn to_uri_is_idempotent(iri in generated(Grammar::Iri), raw in raw_string()) {
        let once = to_uri(&iri, &ToUriOptions::default()).unwrap().uri;
        prop_assert_eq!(to_uri(&once, &ToUriOptions::default()).unwrap().uri, once.clone());
        for host in [HostMapping::Idna, HostMapping::Uts46] {
            let idna = ToUriOptions::default().with_host(host);
            if let Ok(c) = to_uri(&iri, &idna) {
                prop_assert_eq!(to_uri(&c.uri, &idna).unwrap().uri, c.uri);
            }
        }
        let once = percent_encode(&raw);
        prop_assert_eq!(percent_encode(&once), once);
    }

    #[test]
    fn to_uri_is_the_identity_on_uris(uri in generated(Grammar::Uri), built in uri_string()) {
        for u in [uri, built] {
            let c = to_uri(&u, &ToUriOptions::default()).unwrap();
            prop_assert_eq!(&c.uri, &u);
            let sjis = ToUriOptions::default().with_query_charset(Some(Charset::for_label("shift_jis").unwrap()));
            prop_assert_eq!(&to_uri(&u, &sjis).unwrap().uri, &u);
        }
    }

    /// §3.7: the IRI maps back to the URI, up to hex case and percent-encoded unreserved characters;
    /// it is a valid IRI without bidi formatting characters.
    #[test]
    fn to_iri_round_trips(uri in uri_string(), generated_uri in generated(Grammar::Uri)) {
        let keep = ToIriOptions::default().with_convert_punycode(false);
        for u in [uri, generated_uri] {
            let c = to_iri(&u, &keep).unwrap();
            prop_assert!(valid(Grammar::Iri, &c.iri), "{:?} -> {:?}", u, c.iri);
            prop_assert!(!c.iri.chars().any(is_bidi_formatting), "{:?} -> {:?}", u, c.iri);
            let back = to_uri(&c.iri, &ToUriOptions::default()).unwrap().uri;
            prop_assert_eq!(normalize(&back), normalize(&u), "{:?} -> {:?}", u, c.iri);
            // The trace ends with the result, and step 1 is the input.
            prop_assert_eq!(&c.trace.steps[5], &iri_abnf::convert::xml_notation(&c.iri));
            prop_assert_eq!(&c.trace.steps[0], &iri_abnf::convert::xml_notation(&u));
            // With step 6, only reg-name labels differ, and they map back with IDNA.
            let full = to_iri(&u, &ToIriOptions::default()).unwrap();
            prop_assert!(valid(Grammar::Iri, &full.iri));
            prop_assert!(!full.iri.chars().any(is_bidi_formatting));
            let (a, b) = (parse(Grammar::Iri, &c.iri).unwrap(), parse(Grammar::Iri, &full.iri).unwrap());
            prop_assert_eq!(a.path().as_str(), b.path().as_str());
            prop_assert_eq!(a.query().map(|q| q.as_str()), b.query().map(|q| q.as_str()));
            if let (Some(ha), Some(hb)) = (a.authority(), b.authority()) {
                for (la, lb) in ha.host().as_str().split('.').zip(hb.host().as_str().split('.')) {
                    if la != lb {
                        let back = reg_name_to_ascii(lb).unwrap();
                        prop_assert_eq!(back.as_str(), la.to_ascii_lowercase());
                    }
                }
            }
        }
    }

    /// Step 6 converts a label only when ToASCII gives it back.
    #[test]
    fn punycode_labels_round_trip(label in prop::collection::vec(edge_char(), 1..8).prop_map(|v| v.into_iter().collect::<String>())) {
        if let Ok(ascii) = reg_name_to_ascii(&label) {
            let ascii = ascii.as_str().to_string();
            for l in ascii.split('.') {
                if let Some(u) = punycode_label_to_unicode(l) {
                    let back = reg_name_to_ascii(&u).unwrap();
                    prop_assert_eq!(back.as_str(), l.to_ascii_lowercase());
                    let host = format!("//{u}");
                    prop_assert!(valid(Grammar::Iri, &host));
                }
            }
        }
    }

    /// §5.1: a valid LEIRI gives a valid IRI; LEIRI → URI gives a valid URI.
    #[test]
    fn leiri_to_iri_gives_an_iri(leiri in generated(Grammar::Leiri)) {
        let c = leiri_to_iri(&leiri);
        prop_assert!(c.input_valid);
        prop_assert!(valid(Grammar::Iri, &c.iri), "{:?} -> {:?}", leiri, c.iri);
        let u = leiri_to_uri(&leiri, &ToUriOptions::default()).unwrap();
        prop_assert!(u.uri_valid && valid(Grammar::Uri, &u.uri));
        // A valid IRI is unchanged except for its private use characters.
        if valid(Grammar::Iri, &leiri) && !leiri.chars().any(iri_abnf::characters::is_iprivate) {
            prop_assert_eq!(c.iri, leiri);
        }
    }

    /// No conversion panics, whatever the input; raw IRI → URI output has no character outside URIs
    /// except "%" misuse.
    #[test]
    fn no_panics(raw in raw_string(), seed in any::<u64>(), iri in generated(Grammar::Iri)) {
        let mutated = mutate(seed, &iri);
        for s in [raw.as_str(), mutated.as_str()] {
            for host in [HostMapping::Percent, HostMapping::Idna, HostMapping::Uts46] {
                for charset in [None, Some(Charset::for_label("iso-2022-jp").unwrap()), Some(Charset::for_label("windows-1252").unwrap())] {
                    let opts = ToUriOptions::default().with_host(host).with_query_charset(charset).with_raw(true);
                    if let Ok(c) = to_uri(s, &opts) {
                        prop_assert!(c.uri.is_ascii());
                        prop_assert!(c.uri.chars().all(iri_abnf::characters::is_uri_char), "{:?}", c.uri);
                        prop_assert_eq!(c.input_valid, valid(Grammar::Iri, s));
                    }
                    let _ = leiri_to_uri(s, &opts);
                }
            }
            if let Ok(c) = to_iri(s, &ToIriOptions::default()) {
                prop_assert!(valid(Grammar::Iri, &c.iri));
            } else {
                prop_assert!(!valid(Grammar::Uri, s));
            }
            let l = leiri_to_iri(s);
            prop_assert!(!l.iri.chars().any(iri_abnf::characters::is_leiri_only));
        }
    }

    /// draft-weber-iri-guidelines §4 steps 1 and 2.
    #[test]
    fn preprocessing(raw in raw_string()) {
        for spaces in [Spaces::Keep, Spaces::Split, Spaces::Encode] {
            let opts = PreprocessOptions::default().with_spaces(spaces);
            let out = preprocess(&raw, &opts);
            for piece in &out {
                prop_assert_eq!(trim_ascii_whitespace(piece), piece.as_str());
                if spaces != Spaces::Keep {
                    prop_assert!(!piece.contains(' '));
                }
                prop_assert!(!piece.is_empty() || spaces != Spaces::Split);
            }
            if spaces == Spaces::Split {
                let pieces: Vec<&str> = trim_ascii_whitespace(&raw)
                    .split(' ')
                    .map(trim_ascii_whitespace)
                    .filter(|p| !p.is_empty())
                    .collect();
                prop_assert_eq!(out, pieces);
            } else {
                prop_assert_eq!(out.len(), 1);
            }
        }
    }
}

/// The character classes against the grammars, for every Unicode scalar value.
#[test]
fn character_classes_match_the_grammars() {
    use iri_abnf::characters::{is_iprivate, is_leiri_ucschar, is_ucschar, is_uri_char};
    let ucschar = iri_abnf::abnf::dfa(Grammar::Iri, "ucschar").unwrap();
    let iprivate = iri_abnf::abnf::dfa(Grammar::Iri, "iprivate").unwrap();
    let leiri = iri_abnf::abnf::dfa(Grammar::Leiri, "leiri-ucschar").unwrap();
    let unreserved = iri_abnf::abnf::dfa(Grammar::Uri, "unreserved").unwrap();
    let reserved = iri_abnf::abnf::dfa(Grammar::Uri, "reserved").unwrap();
    let mut buf = [0u8; 4];
    for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
        let s = c.encode_utf8(&mut buf);
        assert_eq!(is_ucschar(c), ucschar.is_match(s), "ucschar {c:?}");
        assert_eq!(is_iprivate(c), iprivate.is_match(s), "iprivate {c:?}");
        assert_eq!(
            is_leiri_ucschar(c),
            leiri.is_match(s),
            "leiri-ucschar {c:?}"
        );
        if c.is_ascii() {
            assert_eq!(is_unreserved(c), unreserved.is_match(s), "unreserved {c:?}");
            assert_eq!(
                is_uri_char(c),
                unreserved.is_match(s) || reserved.is_match(s) || c == '%',
                "{c:?}"
            );
        } else {
            assert!(!is_uri_char(c));
        }
    }
}
