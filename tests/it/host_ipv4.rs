//! A registered name never turns into an IPv4 address, in any conversion: the generated forms that
//! the WHATWG URL Standard's IPv4 parser and `inet_aton` read as an address (one to four parts,
//! decimal, octal or hexadecimal with `0x` or `0X`, a trailing dot), reached through
//! percent-encoding or full-width characters, through `to_uri` with each host mapping, `to_iri` and
//! `normalize` at every level. [`ipv4_reading`] itself is checked against the `url` crate's host
//! parser (the WHATWG URL Standard).

use std::net::Ipv4Addr;

use iri_abnf::convert::{
    to_iri, to_uri, ConvertErrorKind, HostMapping, ToIriOptions, ToUriOptions,
};
use iri_abnf::normalize::{normalize, Level};
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

/// ASCII case normalization of a `reg-name` (RFC 3986 §6.2.2.1): letters outside `%HH` to lower case.
fn case_normalized(host: &str) -> String {
    let mut out = String::new();
    let mut rest = host;
    while let Some(c) = rest.chars().next() {
        if c == '%' && rest.len() >= 3 {
            out.push_str(&rest[..3].to_ascii_uppercase());
            rest = &rest[3..];
        } else {
            out.push(c.to_ascii_lowercase());
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

fn host_of(grammar: Grammar, reference: &str) -> String {
    parse(grammar, reference)
        .unwrap()
        .authority()
        .unwrap()
        .host()
        .as_str()
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
                        let expected = match level {
                            Level::Simple => v.host.clone(),
                            _ => case_normalized(&v.host),
                        };
                        assert_eq!(host, expected, "{input} at {level}");
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
