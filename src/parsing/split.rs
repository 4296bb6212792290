//! The fast component parser: a string already known to match a rule is split at its delimiters
//! (RFC 3986 §3 and the regular expression of Appendix B), in one pass and without a parse tree.
//!
//! On a string of the rule's language the delimiters are unambiguous, so the split gives exactly the
//! components the tree walker ([`crate::parsing::walk`]) reads off the pest tree:
//!
//! - the **scheme** ends at the first ":" that comes before any "/", "?" or "#" (a relative reference
//!   has no ":" in its first segment, `ipath-noscheme`);
//! - the **authority** follows "//" and runs to the next "/", "?" or "#"; inside it the userinfo ends
//!   at the only "@", an `IP-literal` host at its "]", any other host at the first ":", which starts the
//!   port;
//! - the **path** runs to the first "?" or "#", the **query** from "?" to the first "#", the
//!   **fragment** from "#" to the end;
//! - the **host kind** is `IP-literal` for "[", with `IPvFuture` inside when it starts with "v" or "V"
//!   (no `IPv6address` does); `IPv4address` when the whole host is four dec-octets (first match wins:
//!   `1.2.3.256` is a reg-name); a reg-name otherwise;
//! - the **path kind** is the alternative the grammar leaves: `ipath-abempty` after an authority, then
//!   `ipath-absolute` for "/", `ipath-rootless` after a scheme or `ipath-noscheme` without one for a
//!   segment, `ipath-empty` for nothing.
//!
//! Which strings are in the language is decided by [`is_valid`]; only those are split. The
//! differential test `tests/components_differential.rs` and `iri-selfcheck --components` check the
//! split against the walker.

use crate::grammar::rule::Rule;
use crate::grammar::Grammar;
use crate::parsing::components::{
    AuthorityMeta, Component, Host, HostKind, HostTag, Meta, Opt, Path, PathKind, Port, Reference,
    ReferenceKind, Span,
};
use crate::parsing::components::{Components, ReferenceBuf};
use crate::parsing::error::ParseError;

/// Whether `input` matches the rule `rule` (spec spelling) of `grammar`, to its end, by the rule's
/// (precompiled) DFA.
pub(crate) fn is_valid(grammar: Grammar, rule: Rule, input: &str) -> bool {
    crate::abnf::registry::loaded(grammar.into(), rule).is_match(input)
}

fn component(input: &str, start: usize, end: usize) -> Component<'_> {
    Component::new(input, Span { start, end })
}

/// The first position in `bytes[from..]` of a byte that `stop` accepts, or `bytes.len()`.
#[inline]
fn find(bytes: &[u8], from: usize, stop: impl Fn(u8) -> bool) -> usize {
    let mut i = from;
    while i < bytes.len() && !stop(bytes[i]) {
        i += 1;
    }
    i
}

/// The components of `input`, which matches `rule` (spec spelling) of `grammar`; `None` only if the
/// string turns out not to have the shape the rule gives it (it does not match the rule).
pub(crate) fn components<'a>(
    grammar: Grammar,
    rule: Rule,
    input: &'a str,
) -> Option<Components<'a>> {
    let all = || component(input, 0, input.len());
    Some(match rule.uri_counterpart() {
        Rule::UriReference | Rule::Uri | Rule::AbsoluteUri | Rule::RelativeRef => {
            Components::Reference(reference(grammar, rule, input)?)
        }
        Rule::Authority => {
            let a = authority(input, 0)?;
            if a.span.end != input.len() {
                return None;
            }
            Components::Authority(a.authority(input))
        }
        Rule::Host | Rule::IpLiteral => {
            let (span, host_tag) = host(input.as_bytes(), 0, input.len())?;
            let a = AuthorityMeta {
                span,
                at: Opt::NONE,
                host: span,
                host_tag,
                has_port: false,
            };
            Components::Host(a.authority(input).host())
        }
        Rule::Ipv6address => Components::Host(Host::new(all(), HostKind::Ipv6 { address: all() })),
        Rule::IpvFuture => {
            let b = input.as_bytes();
            let dot = find(b, 0, |c| c == b'.');
            Components::Host(Host::new(
                all(),
                HostKind::IpvFuture {
                    version: component(input, 1.min(dot), dot),
                    address: component(input, (dot + 1).min(b.len()), b.len()),
                },
            ))
        }
        Rule::Ipv4address => Components::Host(Host::new(
            all(),
            HostKind::Ipv4 {
                octets: ipv4(input.as_bytes())?,
            },
        )),
        Rule::RegName => Components::Host(Host::new(all(), HostKind::RegName)),
        Rule::Port => Components::Port(Port::new(all())),
        // `ipath` tries its alternatives in order, each to the end of the input: ipath-abempty takes
        // every path that is empty or begins with "/", ipath-noscheme every other one whose first
        // segment has no ":", ipath-rootless the rest.
        Rule::Path => {
            let b = input.as_bytes();
            let kind = if b.first().is_none_or(|&c| c == b'/') {
                PathKind::Abempty
            } else if b[..find(b, 0, |c| c == b'/')].contains(&b':') {
                PathKind::Rootless
            } else {
                PathKind::Noscheme
            };
            Components::Path(path(input, kind))
        }
        Rule::PathAbempty => Components::Path(path(input, PathKind::Abempty)),
        Rule::PathAbsolute => Components::Path(path(input, PathKind::Absolute)),
        Rule::PathNoscheme => Components::Path(path(input, PathKind::Noscheme)),
        Rule::PathRootless => Components::Path(path(input, PathKind::Rootless)),
        Rule::PathEmpty => Components::Path(path(input, PathKind::Empty)),
        _ => Components::Text(all()),
    })
}

fn path(input: &str, kind: PathKind) -> Path<'_> {
    Path::new(component(input, 0, input.len()), kind)
}

/// [`crate::parse`]: the DFA's verdict on the grammar's reference rule, then the split of a valid input.
/// The operations (conversion, resolution, normalization, relativization) parse through this.
///
/// The offsets are written once, into the value returned: [`marked`] builds the reference in each of
/// its ways out, rather than offsets that are then wrapped and moved. A move of the offsets right
/// after they were written reads wide words over narrow writes that have not reached the cache yet,
/// and waits for them.
#[inline]
pub(crate) fn parse(grammar: Grammar, input: &str) -> Result<Reference<'_>, ParseError> {
    let rule = grammar.reference_rule();
    let dfa = crate::abnf::registry::loaded(grammar.into(), rule);
    // The walk of the DFA found where the path and the query end, or where the input goes wrong.
    // An input of up to 32 bytes: the masks of its delimiters, which the split reads anyway, give
    // where the path and the query end, so the walk need not note them.
    let ends = if input.len() <= COVERED {
        dfa.check(input).map(|()| None).map_err(|f| f.offset)
    } else {
        dfa.first_transitions(input, [b'?', b'#'])
            .map(|[query, hash]| Some((query.min(hash), hash)))
    };
    match ends {
        Ok(ends) => Ok(marked(grammar, rule, input, ends)),
        Err(offset) => Err(crate::parsing::error::rejected_at(
            grammar.into(),
            rule,
            input,
            offset,
        )),
    }
}

/// A whole reference (`IRI-reference`, `IRI`, `absolute-IRI`, `irelative-ref` and the URI rules).
pub(crate) fn reference<'a>(grammar: Grammar, rule: Rule, input: &'a str) -> Option<Reference<'a>> {
    Some(Reference::from_meta(input, meta(grammar, rule, input)?))
}

/// The offsets of a whole reference, split as RFC 3986 Appendix B does:
/// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`, with the authority split as the
/// grammar says.
#[inline]
pub(crate) fn meta(grammar: Grammar, rule: Rule, input: &str) -> Option<Meta> {
    appendix_b(grammar, rule, input, authority, scan_ends)
}

/// The offsets of the first "?" or "#" and of the first "#" at or after `pos` (the input's length for
/// none): where the path and the query end.
#[inline]
fn scan_ends(b: &[u8], pos: usize) -> (usize, usize) {
    let rest = &b[pos..];
    let path_end = memchr::memchr2(b'?', b'#', rest).map_or(b.len(), |n| pos + n);
    let hash = match b.get(path_end) {
        Some(b'?') => memchr::memchr(b'#', &b[path_end..]).map_or(b.len(), |n| path_end + n),
        _ => path_end,
    };
    (path_end, hash)
}

/// RFC 3986 Appendix B: the scheme up to the first ":" before any "/", "?" or "#", the authority
/// after "//" up to the next "/", "?" or "#" (found and split by `split_authority`, given its start),
/// then the path, query and fragment ([`rest`]), which end where `ends` says (given the input and the
/// path's start: the first "?" or "#", and the first "#").
#[inline]
fn appendix_b(
    grammar: Grammar,
    rule: Rule,
    input: &str,
    split_authority: impl Fn(&str, usize) -> Option<AuthorityMeta>,
    ends: impl Fn(&[u8], usize) -> (usize, usize),
) -> Option<Meta> {
    let b = input.as_bytes();
    let len = b.len();
    let first = find(b, 0, |c| matches!(c, b':' | b'/' | b'?' | b'#'));
    let (scheme_end, mut pos) = if first < len && b[first] == b':' && first > 0 {
        (Some(first), first + 1)
    } else {
        (None, 0)
    };
    let authority = if b.get(pos..pos + 2) == Some(b"//") {
        let a = split_authority(input, pos + 2)?;
        pos = a.span.end;
        Some(a)
    } else {
        None
    };
    let ends = ends(b, pos);
    Some(rest(grammar, rule, b, scheme_end, authority, pos, ends))
}

/// The bytes of an input whose delimiters one call of [`crate::abnf::byteset::positions`] marks.
const COVERED: usize = 32;

/// [`appendix_b`] for an input in the language, where the walk found `ends` (the first "?" or "#",
/// and the first "#"), with the scheme and the authority read from masks of the delimiters among the
/// first 32 bytes, or 64 when the authority goes on after 32 ([`crate::abnf::byteset::positions`]),
/// instead of byte by byte, which needs no branch on each byte. The split is the same
/// ([`authority`]): the userinfo ends at the "@" (the last, as there; a valid authority has one at
/// most), an `IP-literal` host at the first "]" after its "[", any other host at the first ":" after
/// the userinfo. When the scheme or the authority do not end within the 64 bytes, the split goes
/// byte by byte.
///
/// `ends` is `None` for an input of up to 32 bytes, whose ends are then read from the masks: in a
/// string of the language the first "?" or "#" ends the path (no scheme, authority or path has one),
/// and the first "#" the query.
#[inline(always)]
fn marked(
    grammar: Grammar,
    rule: Rule,
    input: &str,
    ends: Option<(usize, usize)>,
) -> Reference<'_> {
    let b = input.as_bytes();
    let len = b.len();
    let masks = crate::abnf::byteset::positions(b, MARKED).map(u64::from);
    let ends = ends.unwrap_or_else(|| {
        debug_assert!(len <= COVERED);
        let first = |mask: u64| (mask.trailing_zeros() as usize).min(len);
        (first(masks[2] | masks[3]), first(masks[3]))
    });
    // Each way out builds the reference in the value returned.
    let slow = || Reference::from_meta(input, bytewise(grammar, rule, input, ends));
    let Some(Some((scheme_end, authority, pos))) = front(b, masks) else {
        return slow();
    };
    Reference::from_meta(
        input,
        rest(grammar, rule, b, scheme_end, authority, pos, ends),
    )
}

/// The [`Front`] of `b` from the masks of [`marked`]'s delimiters among its first 32 bytes, and
/// among the next 32 when the scheme or the authority go on after them; `None` when they do not end
/// within 64 bytes, `Some(None)` when the input does not have the shape of a reference.
#[inline(always)]
fn front(b: &[u8], masks: [u64; 6]) -> Option<Option<Front>> {
    match marked_within(b, masks, COVERED) {
        None if b.len() > COVERED => {
            let more = crate::abnf::byteset::positions(&b[COVERED..], MARKED);
            let masks = std::array::from_fn(|k| masks[k] | u64::from(more[k]) << COVERED);
            marked_within(b, masks, 2 * COVERED)
        }
        split => split,
    }
}

/// The delimiters whose masks [`marked`] reads, in the order of [`marked_within`]'s masks.
const MARKED: [u8; 6] = [b':', b'/', b'?', b'#', b'@', b']'];

/// [`marked`] when the scheme or the authority do not end within the masks: the split byte by byte,
/// with the ends the walk found; the lenient split (the same on a string of the language) if the
/// input does not have the shape of a reference.
#[cold]
#[inline(never)]
fn bytewise(grammar: Grammar, rule: Rule, input: &str, ends: (usize, usize)) -> Meta {
    appendix_b(grammar, rule, input, authority, |_, _| ends)
        .unwrap_or_else(|| lenient(grammar, rule, input))
}

/// The scheme's end, the authority and the offset after them (where the path begins).
type Front = (Option<usize>, Option<AuthorityMeta>, usize);

/// The [`Front`] of `b` from `masks`, the positions of ":", "/", "?", "#", "@" and "]" among its
/// first `covered` bytes; `None` when the scheme or the authority do not end there. The inner `None`
/// is an input that does not have the shape of a reference.
#[inline(always)]
fn marked_within(
    b: &[u8],
    [colon, slash, question, hash, at, close]: [u64; 6],
    covered: usize,
) -> Option<Option<Front>> {
    let len = b.len();
    // Whether the masks cover the whole input.
    let whole = len <= covered;
    // The bits from `from` on, none for `from` 64 or more.
    let from = |from: usize| u64::MAX.checked_shl(from as u32).unwrap_or(0);
    let first_in = |mask: u64| (mask != 0).then(|| mask.trailing_zeros() as usize);
    let ends_component = slash | question | hash;
    let first = first_in(colon | ends_component).or(whole.then_some(len))?;
    let (scheme_end, pos) = if first > 0 && first < len && b[first] == b':' {
        (Some(first), first + 1)
    } else {
        (None, 0)
    };
    if b.get(pos..pos + 2) != Some(b"//") {
        return Some(Some((scheme_end, None, pos)));
    }
    let start = pos + 2;
    let end = first_in(ends_component & from(start)).or(whole.then_some(len))?;
    let inside = from(start) & !from(end);
    let at = at & inside;
    let at = (at != 0).then(|| 63 - at.leading_zeros() as usize);
    let host_start = at.map_or(start, |at| at + 1);
    let colon = if b.get(host_start) == Some(&b'[') {
        // An IP literal: the port's ":" follows its "]".
        let Some(close) = first_in(close & inside & from(host_start)) else {
            return Some(None);
        };
        first_in(colon & inside & from(close + 1))
    } else {
        first_in(colon & inside & from(host_start))
    };
    let Some((host, host_tag)) = host(b, host_start, colon.unwrap_or(end)) else {
        return Some(None);
    };
    let authority = AuthorityMeta {
        span: Span { start, end },
        at: at.into(),
        host,
        host_tag,
        has_port: colon.is_some(),
    };
    Some(Some((scheme_end, Some(authority), end)))
}

/// The path, query and fragment from `pos`, and the kinds.
#[inline]
fn rest(
    grammar: Grammar,
    rule: Rule,
    b: &[u8],
    scheme_end: Option<usize>,
    authority: Option<AuthorityMeta>,
    mut pos: usize,
    (path_end, first_hash): (usize, usize),
) -> Meta {
    let len = b.len();
    let path_start = pos;
    pos = path_end;
    let path_kind = if authority.is_some() {
        PathKind::Abempty
    } else if path_start == pos {
        PathKind::Empty
    } else if b[path_start] == b'/' {
        PathKind::Absolute
    } else if scheme_end.is_some() {
        PathKind::Rootless
    } else {
        PathKind::Noscheme
    };
    let path = Span {
        start: path_start,
        end: pos,
    };
    let query = if pos < len && b[pos] == b'?' {
        let start = pos + 1;
        pos = first_hash;
        Some(Span { start, end: pos })
    } else {
        None
    };
    let hash = (pos < len).then_some(pos);
    let kind = match (scheme_end.is_some(), path_kind) {
        (true, _) if hash.is_some() => ReferenceKind::Iri,
        (true, _) => ReferenceKind::AbsoluteIri,
        (false, _) if authority.is_some() => ReferenceKind::NetworkPath,
        (false, PathKind::Absolute) => ReferenceKind::AbsolutePath,
        (false, PathKind::Empty) => ReferenceKind::Empty,
        (false, _) => ReferenceKind::RelativePath,
    };
    Meta {
        grammar,
        rule,
        kind,
        scheme_end: scheme_end.into(),
        authority,
        path,
        path_kind,
        query,
        hash: hash.into(),
    }
}

/// The bytes that [`authority`] stops at, by what they are.
const AUTHORITY_BYTES: [u8; 256] = {
    let mut classes = [0; 256];
    classes[b'/' as usize] = END;
    classes[b'?' as usize] = END;
    classes[b'#' as usize] = END;
    classes[b'@' as usize] = AT;
    classes[b':' as usize] = COLON;
    classes[b'[' as usize] = OPEN;
    classes[b']' as usize] = CLOSE;
    classes
};
const END: u8 = 1;
const AT: u8 = 2;
const COLON: u8 = 3;
const OPEN: u8 = 4;
const CLOSE: u8 = 5;

/// `iauthority = [ iuserinfo "@" ] ihost [ ":" port ]` from `start` of the input to the next "/", "?"
/// or "#" (or the end), in one pass: the userinfo ends at the "@" (it has no "@" of its own), the
/// host at the first ":" after it outside the brackets of an `IP-literal` (a `port` is digits only; a
/// `reg-name` has no ":").
#[inline]
fn authority(input: &str, start: usize) -> Option<AuthorityMeta> {
    let b = input.as_bytes();
    let (mut i, mut at, mut colon, mut bracket) = (start, None, None, false);
    loop {
        i = find(b, i, |c| AUTHORITY_BYTES[usize::from(c)] != 0);
        match b.get(i).map(|&c| AUTHORITY_BYTES[usize::from(c)]) {
            None | Some(END) => break,
            Some(AT) => (at, colon) = (Some(i), None),
            Some(COLON) if !bracket && colon.is_none() => colon = Some(i),
            Some(OPEN) => bracket = true,
            Some(CLOSE) => bracket = false,
            _ => {}
        }
        i += 1;
    }
    let end = i;
    let host_start = at.map_or(start, |at| at + 1);
    let host_end = colon.unwrap_or(end);
    let has_port = colon.is_some();
    let (host, host_tag) = host(b, host_start, host_end)?;
    Some(AuthorityMeta {
        span: Span { start, end },
        at: at.into(),
        host,
        host_tag,
        has_port,
    })
}

/// `ihost = IP-literal / IPv4address / ireg-name` at `start..end` of the input.
/// Only a host that begins with a digit can be an `IPv4address`: the others are told without a call.
#[inline(always)]
fn host(input: &[u8], start: usize, end: usize) -> Option<(Span, HostTag)> {
    let b = input.get(start..end)?;
    let tag = match b {
        [b'[', inner @ .., b']'] => match inner.first() {
            Some(b'v' | b'V') => HostTag::IpvFuture,
            _ => HostTag::Ipv6,
        },
        [b'0'..=b'9', ..] => match ipv4(b) {
            Some(octets) => HostTag::Ipv4(octets),
            None => HostTag::RegName,
        },
        _ => HostTag::RegName,
    };
    Some((Span { start, end }, tag))
}

/// The offsets of any string, split as RFC 3986 Appendix B does, and its authority as
/// draft-weber-iri-guidelines §5.2 describes (userinfo up to the first "@"; an IP literal from "[" to
/// the first "]" followed by ":" or the end; otherwise the host up to a final ":" followed by digits
/// only). For a valid reference it equals [`meta`] (the tests check this); for other strings it tells
/// the conversions where the host and the query are. The kinds are those the split suggests.
pub(crate) fn lenient(grammar: Grammar, rule: Rule, input: &str) -> Meta {
    let split = |input: &str, start| {
        let b = &input.as_bytes()[start..];
        let end = memchr::memchr3(b'/', b'?', b'#', b).map_or(input.len(), |n| start + n);
        Some(lenient_authority(input, start, end))
    };
    appendix_b(grammar, rule, input, split, scan_ends)
        .expect("the lenient authority split always gives an authority")
}

fn lenient_authority(input: &str, start: usize, end: usize) -> AuthorityMeta {
    let b = &input.as_bytes()[start..end];
    let (at, host_start) = match b.iter().position(|&c| c == b'@') {
        Some(p) => (Some(start + p), p + 1),
        None => (None, 0),
    };
    let rest = &b[host_start..];
    let host_len = if rest.first() == Some(&b'[') {
        match rest.iter().position(|&c| c == b']') {
            Some(p) if p + 1 == rest.len() || rest[p + 1] == b':' => p + 1,
            _ => rest.len(),
        }
    } else {
        match rest.iter().rposition(|&c| c == b':') {
            Some(p) if rest[p + 1..].iter().all(u8::is_ascii_digit) => p,
            _ => rest.len(),
        }
    };
    let host_start = start + host_start;
    let host_end = host_start + host_len;
    let host = &input.as_bytes()[host_start..host_end];
    let host_tag = match host {
        [b'[', b'v' | b'V', inner @ .., b']'] if inner.contains(&b'.') => HostTag::IpvFuture,
        [b'[', .., b']'] => HostTag::Ipv6,
        _ => ipv4(host).map_or(HostTag::RegName, HostTag::Ipv4),
    };
    AuthorityMeta {
        span: Span { start, end },
        at: at.into(),
        host: Span {
            start: host_start,
            end: host_end,
        },
        host_tag,
        has_port: host_end < end,
    }
}

/// The octets when all of `b` is `dec-octet "." dec-octet "." dec-octet "." dec-octet`.
#[inline(never)]
fn ipv4(b: &[u8]) -> Option<[u8; 4]> {
    let mut octets = [0u8; 4];
    let mut i = 0;
    for (n, octet) in octets.iter_mut().enumerate() {
        if n > 0 {
            if b.get(i) != Some(&b'.') {
                return None;
            }
            i += 1;
        }
        let digits = find(b, i, |c| !c.is_ascii_digit()) - i;
        // dec-octet: one to three digits, no leading zero unless it is the only digit, at most 255.
        if digits == 0 || digits > 3 || (digits > 1 && b[i] == b'0') {
            return None;
        }
        let value = b[i..i + digits]
            .iter()
            .fold(0u16, |v, &d| v * 10 + u16::from(d - b'0'));
        *octet = u8::try_from(value).ok()?;
        i += digits;
    }
    (i == b.len()).then_some(octets)
}

impl ReferenceBuf {
    /// The reference of `text`, which is known to match `grammar`'s reference rule.
    pub(crate) fn from_valid(grammar: Grammar, text: String) -> Self {
        let rule = grammar.reference_rule();
        let meta = meta(grammar, rule, &text).unwrap_or_else(|| lenient(grammar, rule, &text));
        ReferenceBuf { text, meta }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv4_is_four_dec_octets_exactly() {
        assert_eq!(ipv4(b"1.2.3.4"), Some([1, 2, 3, 4]));
        assert_eq!(ipv4(b"255.249.199.0"), Some([255, 249, 199, 0]));
        for no in [
            "1.2.3.256",
            "1.2.3",
            "1.2.3.4.",
            "1.2.3.4.5",
            "01.2.3.4",
            "1.2.3.04",
            "1..3.4",
            "1.2.3.4x",
            "1000.2.3.4",
            "",
        ] {
            assert_eq!(ipv4(no.as_bytes()), None, "{no}");
        }
    }

    #[test]
    fn segments_follow_the_leading_slash() {
        fn seg(s: &str) -> Vec<&str> {
            path(s, PathKind::Abempty)
                .segments()
                .map(|c| c.as_str())
                .collect()
        }
        assert!(seg("").is_empty());
        assert_eq!(seg("/"), [""]);
        assert_eq!(seg("a//b"), ["a", "", "b"]);
        assert_eq!(seg("/a/"), ["a", ""]);
        let spans: Vec<Span> = path("/ab//c", PathKind::Abempty)
            .segments()
            .map(|c| c.span())
            .collect();
        assert_eq!(
            spans,
            [
                Span { start: 1, end: 3 },
                Span { start: 4, end: 4 },
                Span { start: 5, end: 6 }
            ]
        );
    }

    /// RFC 3986 Appendix B on any string, with the authority split of draft-weber-iri-guidelines §5.2.
    #[test]
    fn lenient_split_of_any_string() {
        let g = Grammar::Iri;
        let rule = Rule::IriReference;
        let s = "foo://u@example.com:8042/over/there?name=ferret#nose";
        let m = lenient(g, rule, s);
        assert_eq!(m.scheme(s).unwrap().as_str(), "foo");
        let a = m.authority(s).unwrap();
        assert_eq!(a.userinfo().unwrap().as_str(), "u");
        assert_eq!(a.host().as_str(), "example.com");
        assert_eq!(a.port().unwrap().as_str(), "8042");
        assert_eq!(m.path(s).as_str(), "/over/there");
        assert_eq!(m.query(s).unwrap().as_str(), "name=ferret");
        assert_eq!(m.fragment(s).unwrap().as_str(), "nose");
        let s = "//[::1]:80";
        let a = lenient(g, rule, s).authority(s).unwrap();
        assert_eq!(
            (a.host().as_str(), a.port().unwrap().as_str()),
            ("[::1]", "80")
        );
        assert!(matches!(a.host().kind(), HostKind::Ipv6 { address } if address.as_str() == "::1"));
        let s = "//a:b c";
        let a = lenient(g, rule, s).authority(s).unwrap();
        assert_eq!((a.host().as_str(), a.port()), ("a:b c", None));
        let s = "//[v1.x";
        let a = lenient(g, rule, s).authority(s).unwrap();
        assert_eq!(
            (a.host().as_str(), a.host().kind()),
            ("[v1.x", HostKind::RegName)
        );
        let s = ":a/b";
        let m = lenient(g, rule, s);
        assert_eq!((m.scheme_end.get(), m.path(s).as_str()), (None, ":a/b"));
        assert_eq!(lenient(g, rule, "").path, Span { start: 0, end: 0 });
        // On valid references the lenient split is the grammar's.
        for s in [
            "http://u:p@[v7.a:b]:8042/r%C3%A9/s?q#f",
            "//1.2.3.4:/",
            "a:b:c@d",
            "?#",
            "//@:",
        ] {
            assert_eq!(Some(lenient(g, rule, s)), meta(g, rule, s), "{s}");
        }
    }

    /// The split of [`crate::parse`], which reads the scheme and the authority from masks of the
    /// delimiters ([`marked`], checked by itself, and its [`front`], which must not fail: `marked`
    /// would cover a failed split with the split byte by byte), is the split byte by byte ([`meta`]): on generated references of every
    /// grammar, and on references whose scheme, userinfo, host and port end before, at and after 16,
    /// 32 and 64 bytes.
    #[test]
    fn the_split_from_masks_is_the_split_byte_by_byte() {
        let mut checked = 0;
        let mut check = |g: Grammar, s: &str| {
            let rule = g.reference_rule();
            if crate::is_valid(g, rule, s) {
                let expected = meta(g, rule, s);
                assert!(expected.is_some(), "{g} {s:?}");
                // The masks never find a valid input out of shape (`marked` would then fall back to
                // the split byte by byte, which would hide it).
                let masks = crate::abnf::byteset::positions(s.as_bytes(), MARKED).map(u64::from);
                assert!(
                    !matches!(front(s.as_bytes(), masks), Some(None)),
                    "{g} {s:?}"
                );
                // The walk's ends are the first "?" or "#" and the first "#" of the input.
                let ends = scan_ends(s.as_bytes(), 0);
                assert_eq!(
                    Some(marked(g, rule, s, Some(ends)).meta()),
                    expected,
                    "{g} {s:?}"
                );
                // Up to 32 bytes, the ends read from the masks.
                if s.len() <= COVERED {
                    assert_eq!(Some(marked(g, rule, s, None).meta()), expected, "{g} {s:?}");
                }
                assert_eq!(
                    Some(crate::parse(g, s).unwrap().meta()),
                    expected,
                    "{g} {s:?}"
                );
                checked += 1;
            }
        };
        for g in Grammar::ALL {
            let rule = g.reference_rule();
            let rules = crate::abnf::rules(g).unwrap();
            let generator = crate::abnf::Generator::new(rules, rule).unwrap();
            for i in 0..20_000 {
                let seed = crate::abnf::case_seed(0x3a5c, g, i);
                check(g, &abnf_automata::case_input(&generator, seed, 90));
            }
        }
        let a = |n: usize| "a".repeat(n);
        for n in 0..70 {
            for s in [
                format!("{}:", a(n + 1)),
                format!("{}://{}", a(n + 1), a(n)),
                format!("s://{}@h:1/", a(n)),
                format!("s://u:{}@h:1/", a(n)),
                format!("s://u@{}:{}/p", a(n), "1".repeat(n % 7)),
                format!("//{}@[v7.{}]:80?q", a(n % 5), a(n)),
                format!("//[::{}]:{}#f", "1".repeat(n % 4 + 1), "9".repeat(n)),
                format!("s://{}@[2001:db8::7]:8/x", a(n)),
                format!("s://{}.1.2.3:/", n % 256),
                format!("{}/{}:@", a(n), a(n)),
                format!("s:{}//x", a(n)),
                format!("s:/{}", a(n)),
            ] {
                for g in Grammar::ALL {
                    check(g, &s);
                }
            }
        }
        assert!(checked > 50_000, "{checked}");
    }

    /// The lenient split gives the grammar's components for every valid reference: 20,000 generated
    /// and mutated strings per grammar, about half of them valid.
    #[test]
    fn lenient_split_is_the_grammars_on_valid_references() {
        for g in Grammar::ALL {
            let rule = g.reference_rule();
            let rules = crate::abnf::rules(g).unwrap();
            let generator = crate::abnf::Generator::new(rules, rule).unwrap();
            let mut valid = 0;
            for i in 0..20_000 {
                let seed = crate::abnf::case_seed(0x5917, g, i);
                let s = abnf_automata::case_input(&generator, seed, 40);
                if crate::is_valid(g, rule, &s) {
                    valid += 1;
                    assert_eq!(Some(lenient(g, rule, &s)), meta(g, rule, &s), "{g} {s:?}");
                }
            }
            assert!(valid > 5_000, "{g}: {valid}");
        }
    }
}
