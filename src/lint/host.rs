//! Hosts (RFC 3986 §3.2.2, §7.4; RFC 1034 §3.1, §3.5; RFC 5891; RFC 5952; 3987bis §3.4.2).

use super::{component_at, Code, Sink};
use crate::convert::reg_name::{could_become_ipv4, reg_name_to_ascii, RegNameMapping};
use crate::parsing::components::{HostKind, Reference, Span};

pub(super) fn check(r: &Reference<'_>, sink: &mut Sink<'_, '_>) {
    let Some(authority) = sink.authority else {
        return;
    };
    let host = authority.host();
    let text = host.as_str();
    let span = host.span();
    match host.kind() {
        HostKind::Ipv6 { address } => {
            let Some(addr) = host.ipv6() else {
                return;
            };
            let canonical = crate::normalize::ipv6_rfc5952(addr);
            if canonical != address.as_str() {
                sink.push(
                    Code::Ipv6NotCanonical,
                    address.span(),
                    "host",
                    format!(
                        "{} is {canonical} in the text form of RFC 5952",
                        address.as_str()
                    ),
                    Some(canonical),
                );
            }
        }
        HostKind::RegName if !text.is_empty() => reg_name(r, text, span, sink),
        _ => {}
    }
}

fn reg_name(r: &Reference<'_>, text: &str, span: Span, sink: &mut Sink<'_, '_>) {
    let shape = Shape::of(text);
    // The one reading of URI-to-IRI conversion, normalization and `--host uts46`: percent-decoded,
    // mapped by UTS #46, then the WHATWG URL Standard's IPv4 parser (interpretation note 52).
    let ipv4_like = shape.ipv4_like || could_become_ipv4(text);
    // Upper-case ASCII letters outside the `%HH` triplets (whose hex digits have their own code).
    if shape.upper {
        let mut lower = String::with_capacity(text.len());
        let mut upper = false;
        let mut i = 0;
        let b = text.as_bytes();
        while i < b.len() {
            if b[i] == b'%' && i + 2 < b.len() {
                lower.push_str(&text[i..i + 3]);
                i += 3;
                continue;
            }
            let c = text[i..].chars().next().unwrap_or_default();
            upper |= c.is_ascii_uppercase();
            lower.push(c.to_ascii_lowercase());
            i += c.len_utf8();
        }
        if upper {
            // A host that could become an IP address is compared as written (interpretation note
            // 52): no normalization lower-cases it, and neither does a suggestion.
            sink.push(
                Code::UppercaseHost,
                span,
                "host",
                format!("the registered name {text} has upper-case letters"),
                (!ipv4_like).then_some(lower),
            );
        }
    }
    if ipv4_like {
        sink.push(
            Code::Ipv4LikeRegName,
            span,
            "host",
            format!(
                "{text} is a registered name (not an IPv4address), but resolvers may read it as an \
                 IPv4 address"
            ),
            None,
        );
        return;
    }
    // RFC 3986 §3.2.2: IDNA rather than percent-encoded UTF-8.
    let encoded_utf8 = sink.percent
        && text.contains('%')
        && super::pct_runs(text)
            .iter()
            .any(|(_, _, octets)| !octets.is_ascii() && std::str::from_utf8(octets).is_ok());
    if !(sink.on(Code::DnsLength)
        || sink.on(Code::DnsHyphen)
        || sink.on(Code::InvalidIdn)
        || (encoded_utf8 && sink.on(Code::PercentEncodedHost)))
    {
        return;
    }
    // A name of letters, digits, hyphens and dots with no A-label is its own ASCII form
    // (`reg_name_to_ascii` keeps ASCII labels as written): only its hyphens can be wrong when its
    // lengths are right, and the conversion runs only to explain a length.
    if shape.plain && shape.dns_length {
        if shape.hyphen_edge && sink.on(Code::DnsHyphen) {
            hyphens(r, text, text, span, sink);
        }
        return;
    }
    let mapping = reg_name_to_ascii(text);
    if encoded_utf8 {
        let suggestion = match &mapping {
            Ok(RegNameMapping::Idna(ascii)) => Some(ascii.clone()),
            _ => None,
        };
        sink.push(
            Code::PercentEncodedHost,
            span,
            "host",
            format!("the registered name {text} percent-encodes UTF-8 where IDNA (punycode) is expected"),
            suggestion,
        );
    }
    match mapping {
        Ok(RegNameMapping::Idna(ascii)) => hyphens(r, text, &ascii, span, sink),
        Ok(RegNameMapping::NotUtf8(_)) => {}
        Err(e) => {
            let code = if e.reason.contains("VerifyDnsLength") {
                Code::DnsLength
            } else {
                Code::InvalidIdn
            };
            let start = span.start + e.offset.min(text.len());
            let end = (start + e.label.len()).min(span.end);
            let place = if text.is_ascii() && !text.contains('%') {
                Span { start, end }
            } else {
                span
            };
            let message = match code {
                Code::DnsLength if e.offset == 0 && e.label.len() == text.len() => e.reason,
                Code::DnsLength => {
                    format!(
                        "the label {}: {}",
                        crate::parsing::error::quote(&e.label),
                        e.reason
                    )
                }
                _ => e.to_string(),
            };
            sink.push(code, place, "host", message, None);
        }
    }
}

/// No suggestion turns a registered name into one that could become an IP address, or rewrites a
/// name that could already ([`could_become_ipv4`]): URI-to-IRI conversion and normalization leave
/// such a host exactly as written (interpretation note 52), so a suggestion there would write what
/// they refuse to produce (`%31` in `http://%31%32%37.0.0.1/` is not to be written `1`). Run on the
/// findings of every check: a suggestion whose span meets a `reg-name` that could become an address
/// is dropped; in another `reg-name`, a suggestion that meets its last two labels (the only ones the
/// reading looks at) and that could change the reading (removing or replacing characters, NFC,
/// NFKC, IDNA) is applied to them and dropped when the result could become an address. The
/// suggestions that only decode `%HH`, change the case of hex digits or lower-case letters do not
/// change the reading (it decodes and maps case itself). Last labels longer than 255 octets (no DNS
/// name has one) are not checked one suggestion at a time: those suggestions are dropped.
pub(super) fn keep_suggestions_off_addresses(r: &Reference<'_>, out: &mut [super::Diagnostic]) {
    let Some(host) = r.authority().map(|a| a.host()) else {
        return;
    };
    if host.kind() != HostKind::RegName || !out.iter().any(|d| d.suggestion.is_some()) {
        return;
    }
    let span = host.span();
    let text = host.as_str();
    let meets = |d: &super::Diagnostic| {
        d.span.start < span.end && d.span.end > span.start
            || d.span.start == d.span.end && (span.start..=span.end).contains(&d.span.start)
    };
    if could_become_ipv4(text) {
        for d in out.iter_mut().filter(|d| meets(d)) {
            d.suggestion = None;
        }
        return;
    }
    // The last two labels: the reading drops one final empty label, then looks at the last one.
    let body = text.strip_suffix('.').unwrap_or(text);
    let tail = body.rfind('.').map_or(0, |i| i + 1);
    let tail = text[..tail.saturating_sub(1)]
        .rfind('.')
        .map_or(0, |i| i + 1);
    let tail_start = span.start + tail;
    let input = r.as_str();
    for d in out
        .iter_mut()
        .filter(|d| d.suggestion.is_some() && meets(d))
    {
        if matches!(
            d.code,
            Code::EncodedUnreserved
                | Code::EncodedIriCharacter
                | Code::LowercasePercentEncoding
                | Code::UppercaseHost
        ) {
            continue;
        }
        let (start, end) = (d.span.start, d.span.end);
        if start < span.start || end > span.end {
            // No check's suggestion reaches across the host's delimiters; one that did is not given.
            d.suggestion = None;
            continue;
        }
        if end + 1 < tail_start {
            // Before the last two labels and the dot in front of them: the reading cannot change.
            continue;
        }
        if span.end - tail_start > 255 {
            d.suggestion = None;
            continue;
        }
        let suggestion = d.suggestion.as_deref().unwrap_or_default();
        let from = tail_start.saturating_sub(1).max(span.start).min(start);
        let after = format!(
            "{}{suggestion}{}",
            &input[from..start],
            &input[end..span.end]
        );
        if could_become_ipv4(&after) {
            d.suggestion = None;
        }
    }
}

/// What one pass over a registered name's bytes tells.
#[derive(Debug, PartialEq, Eq)]
struct Shape {
    /// Only ASCII letters, digits, "-" and ".", and no label starting with `xn--`.
    plain: bool,
    /// UTS #46 VerifyDnsLength with the root label allowed ([`idna::uts46::verify_dns_length`]
    /// `(text, true)`, which the tests compare): a label of 1 to 63 octets between dots, an empty
    /// label only after a final dot, at most 253 octets without that dot.
    dns_length: bool,
    /// A label starts or ends with "-".
    hyphen_edge: bool,
    /// An upper-case ASCII letter, anywhere.
    upper: bool,
    /// The name would be read as an IPv4 address by the WHATWG URL Standard's host parser (its "ends
    /// in a number" check): the last label (after one final dot) is decimal digits, or `0x` and
    /// hexadecimal digits.
    ipv4_like: bool,
}

impl Shape {
    fn of(text: &str) -> Shape {
        let b = text.as_bytes();
        let without_root = b.strip_suffix(b".").unwrap_or(b);
        let mut shape = Shape {
            plain: true,
            dns_length: !without_root.is_empty() && without_root.len() <= 253,
            hyphen_edge: false,
            upper: b.iter().any(u8::is_ascii_uppercase),
            ipv4_like: false,
        };
        let mut last: &[u8] = &[];
        for label in without_root.split(|&c| c == b'.') {
            last = label;
            shape.dns_length &= (1..=63).contains(&label.len());
            shape.hyphen_edge |= label.first() == Some(&b'-') || label.last() == Some(&b'-');
            shape.plain &= label
                .iter()
                .all(|c| c.is_ascii_alphanumeric() || *c == b'-')
                && !label
                    .get(..4)
                    .is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"));
        }
        shape.ipv4_like = (!last.is_empty() && last.iter().all(u8::is_ascii_digit))
            || last
                .strip_prefix(b"0x")
                .or_else(|| last.strip_prefix(b"0X"))
                .is_some_and(|hex| hex.iter().all(u8::is_ascii_hexdigit));
        shape
    }
}

/// [`Code::DnsHyphen`] on the labels of `ascii`, the ASCII form of the registered name `text` at
/// `span`.
fn hyphens(r: &Reference<'_>, text: &str, ascii: &str, span: Span, sink: &mut Sink<'_, '_>) {
    let mut at = 0;
    for label in ascii.split('.') {
        if label.starts_with('-') || label.ends_with('-') {
            // The label's place in the input: the same place in an all-ASCII name.
            let place = if text.is_ascii() && !text.contains('%') {
                Span {
                    start: span.start + at,
                    end: span.start + at + label.len(),
                }
            } else {
                span
            };
            sink.push(
                Code::DnsHyphen,
                place,
                component_at(r, place.start),
                format!("the label {label:?} starts or ends with a hyphen"),
                None,
            );
        }
        at += label.len() + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition [`Shape::ipv4_like`] is checked against: whether a registered name would be read as an IPv4 address by the WHATWG URL Standard's host
    /// parser (its "ends in a number" check): the last label (after one final dot) is decimal digits or
    /// `0x` and hexadecimal digits.
    fn looks_like_ipv4(name: &str) -> bool {
        let name = name.strip_suffix('.').unwrap_or(name);
        let last = name.rsplit('.').next().unwrap_or(name);
        if !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) {
            return true;
        }
        let hex = last.strip_prefix("0x").or_else(|| last.strip_prefix("0X"));
        hex.is_some_and(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))
    }

    #[test]
    fn shape_ipv4_like_and_upper_are_their_definitions() {
        for name in [
            "",
            ".",
            "1",
            "1.",
            "1..",
            "a.1",
            "a.1.",
            "1.2.3.256",
            "0x7f.1",
            "a.0x",
            "a.0X",
            "a.0xfg",
            "a.0x1F",
            "a.0x1F.",
            "example.com",
            "EXAMPLE.com",
            "a.b1",
            "1a",
            "a.ox1",
            "١٢٣",
            "a.%31",
            "a.1%2e",
            "0x",
            "x0",
            "a.-1",
        ] {
            let shape = Shape::of(name);
            assert_eq!(shape.ipv4_like, looks_like_ipv4(name), "{name:?}");
            assert_eq!(
                shape.upper,
                name.bytes().any(|b| b.is_ascii_uppercase()),
                "{name:?}"
            );
        }
    }

    /// [`Shape::dns_length`] is the `idna` crate's verdict.
    #[test]
    fn shape_lengths_are_idnas() {
        let long = |n: usize| "a".repeat(n);
        let mut names: Vec<String> = [
            "",
            ".",
            "..",
            "a",
            "a.",
            "a..",
            ".a",
            "a..b",
            "a.b.",
            "-a.b-",
            "xn--a.b",
            "XN--99zt52a",
            "a_b",
            "a%41",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        for n in [62, 63, 64] {
            names.push(long(n));
            names.push(format!("{}.b", long(n)));
        }
        // Names of 252 to 255 octets, with and without a final dot.
        for total in 252..=255 {
            let mut name = String::new();
            while name.len() + 64 <= total {
                name.push_str(&long(63));
                name.push('.');
            }
            name.push_str(&long(total - name.len()));
            names.push(name.clone());
            names.push(format!("{name}."));
        }
        for name in &names {
            let plain_ascii = name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.');
            let shape = Shape::of(name);
            if plain_ascii {
                assert_eq!(
                    shape.dns_length,
                    idna::uts46::verify_dns_length(name, true),
                    "{name:?} ({} octets)",
                    name.len()
                );
            } else {
                assert!(!shape.plain, "{name:?}");
            }
        }
        assert!(!Shape::of("xn--a.b").plain && !Shape::of("a.XN--b").plain);
        assert!(Shape::of("-a.b").hyphen_edge && !Shape::of("a-b.c").hyphen_edge);
    }
}
