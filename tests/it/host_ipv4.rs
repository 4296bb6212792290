//! A registered name never turns into an IPv4 address, in any conversion: the generated forms that
//! the WHATWG URL Standard's IPv4 parser and `inet_aton` read as an address (one to four parts,
//! decimal, octal or hexadecimal with `0x` or `0X`, a trailing dot), reached through
//! percent-encoding or full-width characters, through `to_uri` with each host mapping, `to_iri` and
//! `normalize` at every level. [`ipv4_reading`] itself is checked against the `url` crate's host
//! parser (the WHATWG URL Standard).

use std::net::Ipv4Addr;

use crate::common::host_of;
use iri_abnf::convert::reg_name::{could_become_ipv4, mapped_ipv4_reading};
use iri_abnf::convert::{
    to_iri, to_uri, ConvertErrorKind, HostMapping, ToIriOptions, ToUriOptions,
};
use iri_abnf::lint::{lint, LintOptions};
use iri_abnf::normalize::{equivalent, normalize, Level};
use iri_abnf::{ipv4_reading, parse, Grammar, Ipv4Reading};

/// The addresses the forms are generated for.
const ADDRESSES: [[u8; 4]; 5] = [
    [127, 0, 0, 1],
    [0, 0, 0, 0],
    [10, 0, 0, 255],
    [192, 168, 1, 2],
    [255, 255, 255, 255],
];

/// A number as the IPv4 number parser reads it: decimal, octal, `0x` and `0X` hexadecimal.
fn radixes(n: u32) -> [String; 4] {
    [
        n.to_string(),
        format!("0{n:o}"),
        format!("0x{n:x}"),
        format!("0X{n:X}"),
    ]
}

/// Every text form of `address` that the WHATWG IPv4 parser accepts with at most one radix choice
/// per part: 1 to 4 parts (the last one holding the remaining octets), each in every radix, with
/// and without a trailing dot.
fn forms(address: [u8; 4]) -> Vec<String> {
    let a = address.map(u32::from);
    let parts: [Vec<u32>; 4] = [
        vec![u32::from_be_bytes(address)],
        vec![a[0], (a[1] << 16) | (a[2] << 8) | a[3]],
        vec![a[0], a[1], (a[2] << 8) | a[3]],
        vec![a[0], a[1], a[2], a[3]],
    ];
    let mut out = Vec::new();
    for numbers in parts {
        let mut texts = vec![String::new()];
        for (i, &n) in numbers.iter().enumerate() {
            let dot = if i == 0 { "" } else { "." };
            texts = texts
                .iter()
                .flat_map(|t| radixes(n).map(|r| format!("{t}{dot}{r}")))
                .collect();
        }
        for t in texts {
            out.push(format!("{t}."));
            out.push(t);
        }
    }
    out
}

/// One way of writing a form so that it is not an address as written.
struct Variant {
    host: String,
    /// Byte offset of the label that was rewritten.
    label: usize,
}

fn pct(c: char) -> String {
    format!("%{:02X}", c as u32)
}

/// The form with part `which` (first or last) rewritten by `f`, character by character.
fn rewrite(form: &str, last: bool, all: bool, f: impl Fn(char) -> String) -> Variant {
    let body = form.strip_suffix('.').unwrap_or(form);
    let dot = &form[body.len()..];
    let mut parts: Vec<String> = body.split('.').map(str::to_string).collect();
    let i = if last { parts.len() - 1 } else { 0 };
    let label = parts[..i].iter().map(|p| p.len() + 1).sum();
    parts[i] = parts[i]
        .chars()
        .enumerate()
        .map(|(k, c)| if all || k == 0 { f(c) } else { c.to_string() })
        .collect();
    Variant {
        host: format!("{}{dot}", parts.join(".")),
        label,
    }
}

/// Percent-encoded: the first character of the first part, the whole first part, the whole last
/// part.
fn percent_variants(form: &str) -> Vec<Variant> {
    vec![
        rewrite(form, false, false, pct),
        rewrite(form, false, true, pct),
        rewrite(form, true, true, pct),
    ]
}

/// Full-width digits and letters (U+FF10–U+FF19, U+FF21–U+FF3A, U+FF41–U+FF5A) in the first part.
fn full_width(c: char) -> String {
    char::from_u32(c as u32 - 0x20 + 0xFF00)
        .unwrap()
        .to_string()
}

#[test]
fn the_generated_forms_are_addresses_to_the_whatwg_parser() {
    let mut count = 0;
    for address in ADDRESSES {
        let expected = Ipv4Addr::from(address);
        for form in forms(address) {
            let url = url::Url::parse(&format!("http://{form}/")).unwrap();
            assert_eq!(url.host(), Some(url::Host::Ipv4(expected)), "{form}");
            assert_eq!(
                ipv4_reading(&form),
                Ipv4Reading::Address(expected),
                "{form}"
            );
            count += 1;
        }
    }
    assert_eq!(count, ADDRESSES.len() * 2 * (4 + 16 + 64 + 256));
}

/// [`ipv4_reading`] against the `url` crate's host parser, on every string of up to five characters
/// over digits, hexadecimal and other letters, "x", "X" and ".", and on numbers out of range.
#[test]
fn ipv4_reading_agrees_with_the_url_crate() {
    let alphabet = ['0', '1', '7', '8', '9', 'a', 'F', 'g', 'x', 'X', '.'];
    let mut hosts: Vec<String> = vec![String::new()];
    let mut all = Vec::new();
    for _ in 0..5 {
        hosts = hosts
            .iter()
            .flat_map(|h| alphabet.iter().map(move |c| format!("{h}{c}")))
            .collect();
        all.extend(hosts.iter().cloned());
    }
    all.extend(
        [
            "4294967295",
            "4294967296",
            "0xffffffff",
            "0x100000000",
            "037777777777",
            "040000000000",
            "1.16777215",
            "1.16777216",
            "1.2.65535",
            "1.2.65536",
            "256.1.1.1",
            "1.2.3.4.5",
            "0x",
            "0x.0x",
            "0xffffffffffffffffffffffff",
            "99999999999999999999999999",
            "1.2.3.4..",
            "1..2",
        ]
        .map(str::to_string),
    );
    let (mut names, mut addresses, mut failures) = (0, 0, 0);
    for host in &all {
        let ours = ipv4_reading(host);
        let theirs = url::Url::parse(&format!("http://{host}/"));
        match (&ours, &theirs) {
            (Ipv4Reading::Name, Ok(u)) => {
                assert!(matches!(u.host(), Some(url::Host::Domain(_))), "{host}");
                names += 1;
            }
            (Ipv4Reading::Address(a), Ok(u)) => {
                assert_eq!(u.host(), Some(url::Host::Ipv4(*a)), "{host}");
                addresses += 1;
            }
            (Ipv4Reading::Failure, Err(url::ParseError::InvalidIpv4Address)) => failures += 1,
            // An empty host is no name to either.
            (Ipv4Reading::Name, Err(url::ParseError::EmptyHost)) if host.is_empty() => {}
            _ => panic!("{host}: {ours:?}, url: {theirs:?}"),
        }
    }
    assert!(
        names > 1000 && addresses > 1000 && failures > 1000,
        "{names} {addresses} {failures}"
    );
}

#[test]
fn to_uri_never_makes_an_address() {
    let (idna, uts46, percent) = (
        ToUriOptions::default().with_host(HostMapping::Idna),
        ToUriOptions::default().with_host(HostMapping::Uts46),
        ToUriOptions::default(),
    );
    let mut checked = 0;
    for address in ADDRESSES {
        for form in forms(address) {
            let mut variants: Vec<(Variant, bool)> = percent_variants(&form)
                .into_iter()
                .map(|v| (v, true))
                .collect();
            variants.push((rewrite(&form, false, true, full_width), false));
            for (v, encoded) in variants {
                let iri = format!("http://{}/", v.host);
                let written = ipv4_reading(&v.host);
                assert!(!matches!(written, Ipv4Reading::Address(_)), "{}", v.host);
                // Under both IDNA mappings: an error naming the label that became a number.
                for (options, mapping) in [(&idna, HostMapping::Idna), (&uts46, HostMapping::Uts46)]
                {
                    let e = to_uri(&iri, options).unwrap_err();
                    let ConvertErrorKind::Idna(failure) = &e.kind else {
                        panic!("{iri}: {e:?}")
                    };
                    if !encoded && mapping == HostMapping::Idna {
                        // IDNA2008 maps nothing: the full-width characters are refused as such.
                        assert!(failure.reason.contains("DISALLOWED"), "{}", failure.reason);
                        assert_eq!(e.offset, 7 + v.label);
                        continue;
                    }
                    assert!(
                        failure.reason.contains("must not turn into an IP address"),
                        "{iri} {mapping:?}: {}",
                        failure.reason
                    );
                    // UTS #46 lower-cases "0X" too: the first label that changed is named.
                    let upper = v.host[..v.label]
                        .split('.')
                        .scan(0, |at, l| {
                            let here = *at;
                            *at += l.len() + 1;
                            Some((here, l))
                        })
                        .find(|(_, l)| l.contains(|c: char| c.is_ascii_uppercase()))
                        .map(|(at, _)| at);
                    let label = match mapping {
                        HostMapping::Uts46 => upper.unwrap_or(v.label),
                        _ => v.label,
                    };
                    assert_eq!(e.offset, 7 + label, "{iri} {mapping:?}: {}", failure.reason);
                }
                // Percent-encoding only adds "%HH": the reading stays that of the name as written.
                let uri = to_uri(&iri, &percent).unwrap().uri;
                assert_eq!(ipv4_reading(&host_of(Grammar::Uri, &uri)), written, "{uri}");
                checked += 1;
            }
            // Written as an address, the form stays one, as it was.
            let iri = format!("http://{form}/");
            assert_eq!(to_uri(&iri, &idna).unwrap().uri, iri);
            assert_eq!(to_uri(&iri, &uts46).unwrap().uri, iri.to_ascii_lowercase());
            assert_eq!(to_uri(&iri, &percent).unwrap().uri, iri);
        }
    }
    assert_eq!(checked, ADDRESSES.len() * 680 * 4);
}

#[test]
fn to_iri_keeps_the_host_encoded() {
    let options = ToIriOptions::default();
    let mut checked = 0;
    for address in ADDRESSES {
        for form in forms(address) {
            for v in percent_variants(&form) {
                let uri = format!("http://{}/", v.host);
                let c = to_iri(&uri, &options).unwrap();
                assert_eq!(c.iri, uri, "{uri}");
                assert_eq!(c.trace.steps[1], uri, "{uri}");
                checked += 1;
            }
            // Full-width characters, percent-encoded UTF-8: whatever step 4 makes of them, the host
            // is not read as an address.
            let v = rewrite(&form, false, true, |c| {
                full_width(c).bytes().map(|b| format!("%{b:02X}")).collect()
            });
            let uri = format!("http://{}/", v.host);
            let iri = to_iri(&uri, &options).unwrap().iri;
            assert_eq!(
                ipv4_reading(&host_of(Grammar::Iri, &iri)),
                ipv4_reading(&v.host),
                "{uri} → {iri}"
            );
            // An address as written is left as it is.
            let uri = format!("http://{form}/");
            assert_eq!(to_iri(&uri, &options).unwrap().iri, uri);
        }
    }
    assert_eq!(checked, ADDRESSES.len() * 680 * 3);
    // Other percent-encoded octets of the host are decoded when the host stays a name.
    assert_eq!(
        to_iri("http://%31%32%37.%C3%A9/", &options).unwrap().iri,
        "http://127.\u{E9}/"
    );
    assert_eq!(
        to_iri("http://%31%32%37.0.0.1.%C3%A9/", &options)
            .unwrap()
            .iri,
        "http://127.0.0.1.\u{E9}/"
    );
    // Name → a last label that is a number (the WHATWG host parser fails on it): kept encoded.
    assert_eq!(
        to_iri("http://a.%31/", &options).unwrap().iri,
        "http://a.%31/"
    );
}

#[test]
fn normalize_keeps_the_host_encoded_at_every_level() {
    let mut checked = 0;
    for address in ADDRESSES {
        for form in forms(address) {
            for v in percent_variants(&form) {
                for grammar in [Grammar::Uri, Grammar::Iri] {
                    let input = format!("http://{}/", v.host);
                    for level in Level::ALL {
                        let n = normalize(grammar, &input, level).unwrap();
                        let host = host_of(grammar, n.as_str());
                        // A host that could become an address is kept exactly as written, at every
                        // level (interpretation note 52): not even its case is normalized.
                        assert_eq!(host, v.host, "{input} at {level}");
                        assert_eq!(ipv4_reading(&host), ipv4_reading(&v.host));
                        checked += 1;
                    }
                }
            }
        }
    }
    assert_eq!(checked, ADDRESSES.len() * 680 * 3 * 2 * Level::ALL.len());
    // The hosts that stay names are still decoded.
    let n = normalize(Grammar::Uri, "http://%31%32%37.%61/", Level::Percent).unwrap();
    assert_eq!(n.as_str(), "http://127.a/");
    let n = normalize(
        Grammar::Iri,
        "http://%31%32%37.0.0.1.%C3%A9/",
        Level::Percent,
    )
    .unwrap();
    assert_eq!(n.as_str(), "http://127.0.0.1.\u{E9}/");
}

/// The code points outside US-ASCII whose UTS #46 mapping (the mapping of the WHATWG URL Standard's
/// host parser) is one of the ASCII digits, "." or "x", from the `idna` crate's own table, each with
/// its mapping.
fn mapped_to_digits_dot_x() -> Vec<(char, char)> {
    use idna::uts46::{AsciiDenyList, Hyphens, Uts46};
    let uts46 = Uts46::new();
    (0x80..=0x10FFFFu32)
        .filter_map(char::from_u32)
        .filter_map(|c| {
            let mut buf = [0u8; 4];
            let (m, r) = uts46.to_unicode(
                c.encode_utf8(&mut buf).as_bytes(),
                AsciiDenyList::EMPTY,
                Hyphens::Allow,
            );
            let mut chars = m.chars();
            match (chars.next(), chars.next()) {
                (Some(t), None) if r.is_ok() && (t.is_ascii_digit() || t == '.' || t == 'x') => {
                    Some((c, t))
                }
                _ => None,
            }
        })
        .collect()
}

fn pct_utf8(s: &str) -> String {
    s.bytes().map(|b| format!("%{b:02X}")).collect()
}

/// Every code point that UTS #46 maps to an ASCII digit, to "." or to "x", percent-encoded (and, in
/// an IRI, as it is) in a place where the mapped name is an IPv4 address or a failed one: URI-to-IRI
/// conversion and every normalization level keep the host as written, `--host uts46` refuses it, and
/// `lint` reports `ipv4-like-reg-name` with no suggestion in the host (interpretation note 52).
#[test]
fn uts46_mapped_digits_dots_and_x_never_make_an_address() {
    let uts46 = ToUriOptions::default().with_host(HostMapping::Uts46);
    let mut family = Vec::new();
    let (mut dots, mut xs) = (0, 0);
    let mut per_digit = [0; 10];
    for (c, t) in mapped_to_digits_dot_x() {
        match t {
            '.' => {
                family.push((c, format!("127{c}0.0.1")));
                dots += 1;
            }
            'x' => {
                family.push((c, format!("0{c}7f.1")));
                xs += 1;
            }
            _ => {
                per_digit[usize::from(t as u8 - b'0')] += 1;
                // The first part, and the last one.
                family.push((c, format!("{c}.0.0.1")));
                family.push((c, format!("127.0.0.{c}")));
            }
        }
    }
    assert!(dots > 0 && xs > 0, "{dots} {xs}");
    // Full-width, superscript, subscript, circled, the mathematical alphanumeric digits, …
    assert!(per_digit.iter().all(|&n| n >= 8), "{per_digit:?}");
    let (mut as_iri, mut checked) = (0, 0);
    for (c, host) in &family {
        let reading = mapped_ipv4_reading(host);
        assert!(
            matches!(reading, Ipv4Reading::Address(_)),
            "{host:?}: {reading:?}"
        );
        let encoded: String = host
            .chars()
            .map(|x| {
                if x == *c {
                    pct_utf8(&x.to_string())
                } else {
                    x.to_string()
                }
            })
            .collect();
        let uri = format!("http://{encoded}/");
        assert!(could_become_ipv4(&encoded), "{uri}");
        assert_eq!(to_iri(&uri, &ToIriOptions::default()).unwrap().iri, uri);
        for grammar in [Grammar::Uri, Grammar::Iri] {
            for level in Level::ALL {
                let n = normalize(grammar, &uri, level).unwrap();
                assert_eq!(host_of(grammar, n.as_str()), encoded, "{uri} at {level}");
            }
        }
        let found = lint(&parse(Grammar::Iri, &uri).unwrap(), &LintOptions::default());
        assert!(
            found.iter().any(|d| d.code.name() == "ipv4-like-reg-name"),
            "{uri}: {found:?}"
        );
        assert!(
            found
                .iter()
                .filter(|d| d.span.start < 7 + encoded.len())
                .all(|d| d.suggestion.is_none()),
            "{uri}: {found:?}"
        );
        // As it is, in an IRI: never mapped into an address, never rewritten.
        let iri = format!("http://{host}/");
        if let Ok(r) = parse(Grammar::Iri, &iri) {
            assert!(to_uri(&iri, &uts46).is_err(), "{iri}");
            let found = lint(&r, &LintOptions::default());
            assert!(
                found.iter().any(|d| d.code.name() == "ipv4-like-reg-name"),
                "{iri}: {found:?}"
            );
            assert!(
                found
                    .iter()
                    .filter(|d| d.span.start < 7 + host.len())
                    .all(|d| d.suggestion.is_none()),
                "{iri}: {found:?}"
            );
            for level in Level::ALL {
                let n = normalize(Grammar::Iri, &iri, level).unwrap();
                assert_eq!(host_of(Grammar::Iri, n.as_str()), *host, "{iri} at {level}");
            }
            as_iri += 1;
        }
        checked += 1;
    }
    assert_eq!(checked, family.len());
    assert!(as_iri > 100, "{as_iri}");
}

/// One numeric label keeps the whole host as written, at every level: two spellings of a host that
/// could become an address are equivalent only when they are the same string (interpretation note
/// 52). Hosts that cannot become one are normalized as before.
#[test]
fn hosts_that_could_become_addresses_are_compared_as_written() {
    let letters = ["a", "A", "%61", "%41"];
    let numbers = [
        "1",
        "%31",
        "0x1",
        "0X1",
        "%30x1",
        "\u{FF11}",
        "%EF%BC%91",
        "%F0%9D%9F%8F",
        "\u{1D7CF}",
    ];
    let mut hosts = Vec::new();
    for l in letters {
        for n in numbers {
            hosts.push(format!("{l}.{n}"));
            hosts.push(format!("{n}.{l}.{n}"));
        }
    }
    let mut pairs = 0;
    for a in &hosts {
        assert!(could_become_ipv4(a), "{a}");
        for b in &hosts {
            let (x, y) = (format!("http://{a}/"), format!("http://{b}/"));
            for level in Level::ALL {
                let same = equivalent(Grammar::Iri, &x, &y, level).unwrap();
                assert_eq!(same, a == b, "{x} {y} at {level}");
            }
            pairs += 1;
        }
    }
    assert_eq!(pairs, hosts.len() * hosts.len());
    for (x, y) in [
        ("http://%61.%31/", "http://%41.%31/"),
        ("http://%41.%31/", "http://a.%31/"),
    ] {
        for level in Level::ALL {
            for grammar in [Grammar::Uri, Grammar::Iri] {
                assert!(
                    !equivalent(grammar, x, y, level).unwrap(),
                    "{x} {y} {level}"
                );
            }
        }
    }
    // The other hosts: case and percent-encoding normalized as RFC 3986 §6.2.2 says.
    for level in [Level::Percent, Level::Path, Level::Scheme, Level::Nfc] {
        for (x, y) in [
            ("http://%41.b/", "http://a.b/"),
            ("http://%31%32%37.a/", "http://127.a/"),
            ("http://%31.%C3%A9/", "http://1.%c3%a9/"),
        ] {
            assert!(
                equivalent(Grammar::Iri, x, y, level).unwrap(),
                "{x} {y} {level}"
            );
        }
    }
}
