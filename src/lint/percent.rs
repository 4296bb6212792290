//! Percent-encoding (RFC 3986 §2.1, §2.3, §7.3; RFC 3629 §3; 3987bis §3.7; draft-duerst-iri-01 §7).

use super::{code_point, component_at, pct_runs, Code, Sink};
use crate::characters::{decodes_to_iri, is_kept_invisible, is_noncharacter, is_unreserved, Place};
use crate::convert::reg_name::could_become_ipv4;
use crate::parsing::components::{HostKind, Reference, Span};

/// One decoded unit of a run of octets.
enum Unit {
    /// A well-formed UTF-8 sequence.
    Char(char),
    /// An overlong form of the code point.
    Overlong(u32),
    /// The UTF-8-style form of a surrogate.
    Surrogate(u32),
    /// Octets that are not UTF-8.
    Invalid,
}

/// Decodes one unit at the start of `octets` and gives it with its length in octets.
fn unit(octets: &[u8]) -> (Unit, usize) {
    let lead = octets[0];
    let (len, init) = match lead {
        0x00..=0x7F => return (Unit::Char(char::from(lead)), 1),
        0xC0..=0xDF => (2, u32::from(lead & 0x1F)),
        0xE0..=0xEF => (3, u32::from(lead & 0x0F)),
        0xF0..=0xF7 => (4, u32::from(lead & 0x07)),
        _ => return (Unit::Invalid, 1),
    };
    let Some(tail) = octets.get(1..len) else {
        return (Unit::Invalid, 1);
    };
    if !tail.iter().all(|&b| (0x80..=0xBF).contains(&b)) {
        return (Unit::Invalid, 1);
    }
    let value = tail
        .iter()
        .fold(init, |v, &b| (v << 6) | u32::from(b & 0x3F));
    let min = [0, 0, 0x80, 0x800, 0x10000][len];
    let unit = if value < min {
        Unit::Overlong(value)
    } else if (0xD800..=0xDFFF).contains(&value) {
        Unit::Surrogate(value)
    } else {
        match char::from_u32(value) {
            Some(c) => Unit::Char(c),
            None => Unit::Invalid,
        }
    };
    (unit, len)
}

pub(super) fn check(r: &Reference<'_>, sink: &mut Sink<'_, '_>) {
    if !sink.percent {
        return;
    }
    let input = r.as_str();
    let host = sink
        .authority
        .map(|a| a.host())
        .filter(|h| h.kind() == HostKind::RegName);
    // A host that could become an IP address stays as written (interpretation note 52): decoding
    // its `%HH` is no advice (`ipv4-like-reg-name` reports the host).
    let kept_host = host
        .filter(|h| h.as_str().contains('%') && could_become_ipv4(h.as_str()))
        .map(|h| h.span());
    let in_kept_host = |at: usize| kept_host.is_some_and(|s| s.start <= at && at < s.end);
    // The label of the host that holds a joiner, and whether it allows one (the last asked).
    let mut label_verdict: Option<(Span, bool)> = None;
    for (start, _, octets) in pct_runs(input) {
        // Each triplet on its own.
        for (k, &o) in octets.iter().enumerate() {
            let at = start + 3 * k;
            let span = Span {
                start: at,
                end: at + 3,
            };
            let triplet = &input[at..at + 3];
            if triplet.bytes().any(|b| b.is_ascii_lowercase()) {
                sink.push(
                    Code::LowercasePercentEncoding,
                    span,
                    component_at(r, at),
                    format!("{triplet} has lower-case hexadecimal digits"),
                    Some(triplet.to_ascii_uppercase()),
                );
            }
            if o.is_ascii() && is_unreserved(char::from(o)) && !in_kept_host(at) {
                sink.push(
                    Code::EncodedUnreserved,
                    span,
                    component_at(r, at),
                    format!(
                        "{triplet} encodes the unreserved character {:?}",
                        char::from(o)
                    ),
                    Some(char::from(o).to_string()),
                );
            }
            if o == 0 {
                sink.push(
                    Code::EncodedNul,
                    span,
                    component_at(r, at),
                    "%00 encodes a NUL octet".to_string(),
                    None,
                );
            }
        }
        // The octets as UTF-8.
        let mut i = 0;
        let mut invalid_from: Option<usize> = None;
        while i < octets.len() {
            let (u, len) = unit(&octets[i..]);
            let span = Span {
                start: start + 3 * i,
                end: start + 3 * (i + len),
            };
            if let Unit::Invalid = u {
                invalid_from.get_or_insert(span.start);
                i += len;
                continue;
            }
            if let Some(from) = invalid_from.take() {
                not_utf8(r, sink, from, span.start);
            }
            let text = &input[span.start..span.end];
            match u {
                Unit::Overlong(v) => sink.push(
                    Code::OverlongUtf8,
                    span,
                    component_at(r, span.start),
                    format!(
                        "{text} is an overlong UTF-8 form of {}",
                        char::from_u32(v).map_or_else(
                            || format!("U+{v:04X}"),
                            |c| format!("{} {:?}", code_point(c), c)
                        )
                    ),
                    None,
                ),
                Unit::Surrogate(v) => sink.push(
                    Code::EncodedSurrogate,
                    span,
                    component_at(r, span.start),
                    format!("{text} encodes the surrogate U+{v:04X}, which UTF-8 cannot hold"),
                    None,
                ),
                Unit::Char(c) if is_noncharacter(c) => sink.push(
                    Code::EncodedNoncharacter,
                    span,
                    component_at(r, span.start),
                    format!("{text} encodes the noncharacter {}", code_point(c)),
                    None,
                ),
                // What URI-to-IRI conversion would decode there (3987bis §3.7 step 4): never a
                // character of `characters::not_appropriate`.
                Unit::Char(c)
                    if matches!(
                        component_at(r, span.start),
                        "userinfo" | "host" | "path" | "query" | "fragment"
                    ) && Place::from_name(component_at(r, span.start))
                        .is_some_and(|place| decodes_to_iri(c, place))
                        && !in_kept_host(span.start)
                        && !(is_kept_invisible(c)
                            && host.is_some_and(|h| {
                                h.span().start <= span.start && span.start < h.span().end
                            })
                            && !joiner_allowed(input, host, span, &mut label_verdict)) =>
                {
                    sink.push(
                        Code::EncodedIriCharacter,
                        span,
                        component_at(r, span.start),
                        format!("{text} encodes {} {c:?}", code_point(c)),
                        Some(c.to_string()),
                    );
                }
                _ => {}
            }
            i += len;
        }
        if let Some(from) = invalid_from {
            not_utf8(r, sink, from, start + 3 * octets.len());
        }
    }
}

/// Whether URI-to-IRI conversion decodes the joiner or variation selector at `span` in the host: only
/// in a label that is a valid IDNA2008 U-label (interpretation note 54). The label runs between "."
/// or `%2E`; `last` keeps the verdict of the label asked last, so that a label is read once.
fn joiner_allowed(
    input: &str,
    host: Option<crate::parsing::components::Host<'_>>,
    span: Span,
    last: &mut Option<(Span, bool)>,
) -> bool {
    let Some(host) = host else {
        return true;
    };
    if let Some((label, verdict)) = *last {
        if label.start <= span.start && span.end <= label.end {
            return verdict;
        }
    }
    let h = host.span();
    let b = input.as_bytes();
    let dot = |i: usize| {
        b[i] == b'.'
            || b[i] == b'%'
                && b.get(i + 1..i + 3)
                    .is_some_and(|x| x.eq_ignore_ascii_case(b"2E"))
    };
    let mut start = span.start;
    while start > h.start {
        if b[start - 1] == b'.' {
            break;
        }
        if start >= h.start + 3 && dot(start - 3) && b[start - 3] == b'%' {
            break;
        }
        start -= 1;
    }
    let mut end = span.end;
    while end < h.end && !dot(end) {
        end += 1;
    }
    let verdict = crate::convert::reg_name::uri_label_allows_joiners(&input[start..end]);
    *last = Some((Span { start, end }, verdict));
    verdict
}

fn not_utf8(r: &Reference<'_>, sink: &mut Sink<'_, '_>, start: usize, end: usize) {
    let text = &r.as_str()[start..end];
    sink.push(
        Code::PercentEncodingNotUtf8,
        Span { start, end },
        component_at(r, start),
        format!("{text} is not UTF-8"),
        None,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units() {
        let kind = |o: &[u8]| match unit(o) {
            (Unit::Char(c), n) => format!("char {c:?} {n}"),
            (Unit::Overlong(v), n) => format!("overlong {v:X} {n}"),
            (Unit::Surrogate(v), n) => format!("surrogate {v:X} {n}"),
            (Unit::Invalid, n) => format!("invalid {n}"),
        };
        assert_eq!(kind(&[0xC0, 0xAF]), "overlong 2F 2");
        assert_eq!(kind(&[0xE0, 0x80, 0xAF]), "overlong 2F 3");
        assert_eq!(kind(&[0xF0, 0x80, 0x80, 0xAF]), "overlong 2F 4");
        assert_eq!(kind(&[0xED, 0xA0, 0x80]), "surrogate D800 3");
        assert_eq!(kind(&[0xF4, 0x90, 0x80, 0x80]), "invalid 4");
        assert_eq!(kind(&[0xC3, 0xA9]), "char 'é' 2");
        assert_eq!(kind(&[0xC3]), "invalid 1");
        assert_eq!(kind(&[0xC3, 0x41]), "invalid 1");
        assert_eq!(kind(&[0x80]), "invalid 1");
        assert_eq!(kind(&[0xF8, 0x80]), "invalid 1");
        // Every well-formed sequence agrees with the standard library.
        for c in [
            '\0',
            'a',
            '\u{7FF}',
            '\u{800}',
            '\u{FFFF}',
            '\u{10000}',
            '\u{10FFFF}',
        ] {
            let mut b = [0; 4];
            let s = c.encode_utf8(&mut b);
            assert_eq!(kind(s.as_bytes()), format!("char {c:?} {}", s.len()));
        }
    }
}
