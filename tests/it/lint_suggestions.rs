//! A suggestion of `lint` never writes what normalization and URI-to-IRI conversion refuse to
//! produce. Over a generated family of hosts (numbers and letters written as they are, as `%HH`, as
//! compatibility forms and mathematical digits; joiners; bidi controls; text that NFC changes) and
//! paths, every suggestion is applied to its span, and the result X' of the input X must be:
//!
//! 1. a valid `IRI-reference`;
//! 2. for the codes whose change is a normalization step (the case of hex digits, of the scheme and
//!    of the host: `case`; decoding `%HH`: `percent`; dot segments: `path`; ports: `scheme`; NFC:
//!    `nfc`), equivalent to X at that level: `normalize` of X' and of X at the level are the same
//!    string, so that the suggestion is a step that normalization takes too;
//! 3. for the suggestions that decode `%HH` in a URI (`encoded-unreserved`, `encoded-iri-character`),
//!    the decoding that `to_iri` makes of the same octets (the triplets at the span are the ones it
//!    decodes, into the suggested text);
//! 4. the same host as X whenever the host of X or of X' could become an IP address
//!    ([`could_become_ipv4`], interpretation note 52).

use iri_abnf::convert::reg_name::could_become_ipv4;
use iri_abnf::convert::{to_iri, ToIriOptions};
use iri_abnf::lint::{lint, Diagnostic, LintOptions};
use iri_abnf::normalize::{normalize, Level};
use iri_abnf::{parse, Grammar};

/// The spans of the `%HH` that `to_iri` (without step 6) decodes in the URI `uri`, each with the text
/// it decodes them into: the input and the IRI are walked side by side (the conversion only turns
/// `%HH` sequences into characters and re-encodes with uppercase hex digits).
fn decoded_spans(uri: &str) -> Vec<(usize, usize, String)> {
    let options = ToIriOptions::default().with_convert_punycode(false);
    let iri = to_iri(uri, &options).unwrap().iri;
    let (x, y) = (uri.as_bytes(), iri.as_str());
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::new();
    while i < x.len() {
        if x[i] == b'%' {
            let kept = y[j..]
                .get(..3)
                .is_some_and(|t| t.eq_ignore_ascii_case(&uri[i..i + 3]));
            if kept {
                i += 3;
                j += 3;
                continue;
            }
            let c = y[j..].chars().next().unwrap();
            let len = if c.is_ascii() { 3 } else { 3 * c.len_utf8() };
            out.push((i, i + len, c.to_string()));
            i += len;
            j += c.len_utf8();
        } else {
            assert_eq!(x[i], y.as_bytes()[j], "{uri} / {iri}");
            i += 1;
            j += 1;
        }
    }
    assert_eq!(j, y.len(), "{uri} / {iri}");
    out
}

fn level_of(code: &str) -> Option<Level> {
    match code {
        "lowercase-percent-encoding" | "uppercase-host" | "uppercase-scheme" => Some(Level::Case),
        "encoded-unreserved" | "encoded-iri-character" => Some(Level::Percent),
        "dot-segments" => Some(Level::Path),
        "empty-port" | "default-port" => Some(Level::Scheme),
        "not-nfc" => Some(Level::Nfc),
        _ => None,
    }
}

fn host_of(reference: &str) -> Option<String> {
    parse(Grammar::Iri, reference)
        .ok()?
        .authority()
        .map(|a| a.host().as_str().to_string())
}

fn check(input: &str, d: &Diagnostic, decoded: Option<&[(usize, usize, String)]>) {
    let Some(s) = d.suggestion.as_deref() else {
        return;
    };
    let (start, end) = (d.span.start, d.span.end);
    let after = format!("{}{s}{}", &input[..start], &input[end..]);
    let code = d.code.name();
    assert!(
        parse(Grammar::Iri, &after).is_ok(),
        "{input}: {code} gives {after:?}, not an IRI reference"
    );
    if let Some(level) = level_of(code) {
        let (a, b) = (
            normalize(Grammar::Iri, input, level).unwrap(),
            normalize(Grammar::Iri, &after, level).unwrap(),
        );
        assert_eq!(
            a, b,
            "{input}: {code} gives {after:?}, not equivalent at {level}"
        );
    }
    if let (Some(decoded), "encoded-unreserved" | "encoded-iri-character") = (decoded, code) {
        assert!(
            decoded
                .iter()
                .any(|(a, b, t)| (*a, *b) == (start, end) && t == s),
            "{input}: {code} suggests {s:?} at {start}..{end}, which to-iri does not decode: \
             {decoded:?}"
        );
    }
    let (h, k) = (host_of(input), host_of(&after));
    if let (Some(h), Some(k)) = (&h, &k) {
        if could_become_ipv4(h) || could_become_ipv4(k) {
            assert_eq!(h, k, "{input}: {code} gives {after:?}");
        }
    }
}

#[test]
fn suggestions_write_only_what_normalize_and_to_iri_write() {
    let pieces = [
        "a",
        "A",
        "%41",
        "%61",
        "%6a",
        "1",
        "%31",
        "127",
        "%31%32%37",
        "0.0",
        "%F0%9D%9F%8F",
        "\u{1D7CF}",
        "\u{2460}",
        "%E2%91%A0",
        "\u{B9}",
        "pay%E2%80%8Dpal",
        "%E0%A4%95%E0%A5%8D%E2%80%8D",
        "%c3%a9",
        "e\u{301}",
        "\u{202E}",
        "%E2%80%AE",
        "0x",
        "%30%78",
        "\u{FF58}",
    ];
    let mut hosts: Vec<String> = pieces.iter().map(|s| s.to_string()).collect();
    for a in pieces {
        for b in pieces {
            hosts.push(format!("{a}.{b}"));
            hosts.push(format!("{a}{b}"));
        }
    }
    for a in ["%31%32%37", "\u{1D7CF}", "a", "%E2%80%AE"] {
        for b in pieces {
            for c in pieces {
                hosts.push(format!("{a}.{b}.{c}"));
            }
        }
    }
    let options = LintOptions::default();
    let (mut inputs, mut suggestions, mut in_hosts) = (0, 0, 0);
    for host in &hosts {
        for tail in ["/", "/%7e/./%C3%A9/%e2%80%8d?%41#%2a"] {
            let input = format!("HTTP://{host}:80{tail}");
            let Ok(r) = parse(Grammar::Iri, &input) else {
                continue;
            };
            let found = lint(&r, &options);
            let decoded = input.is_ascii().then(|| decoded_spans(&input));
            let span = r.authority().unwrap().host().span();
            for d in &found {
                check(&input, d, decoded.as_deref());
                if d.suggestion.is_some() {
                    suggestions += 1;
                    in_hosts += usize::from(d.span.start < span.end && d.span.end > span.start);
                }
            }
            inputs += 1;
        }
    }
    assert!(inputs > 6_000, "{inputs}");
    assert!(
        suggestions > 20_000 && in_hosts > 5_000,
        "{inputs} {suggestions} {in_hosts}"
    );
}

/// The example: no suggestion writes the digits of `%31%32%37.0.0.1`; in a host that stays a name,
/// they are suggested (and `to_iri` decodes them).
#[test]
fn the_digits_of_an_address_are_not_suggested() {
    let options = LintOptions::default();
    let found = lint(
        &parse(Grammar::Iri, "http://%31%32%37.0.0.1/").unwrap(),
        &options,
    );
    assert!(found.iter().all(|d| d.suggestion.is_none()), "{found:?}");
    assert!(found.iter().any(|d| d.code.name() == "ipv4-like-reg-name"));
    let found = lint(
        &parse(Grammar::Iri, "http://%31%32%37.a/").unwrap(),
        &options,
    );
    let written: Vec<&str> = found
        .iter()
        .filter_map(|d| d.suggestion.as_deref())
        .collect();
    assert_eq!(written, ["1", "2", "7"]);
    assert_eq!(
        to_iri("http://%31%32%37.a/", &ToIriOptions::default())
            .unwrap()
            .iri,
        "http://127.a/"
    );
}
