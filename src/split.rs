//! The fast component parser: a string already known to match a rule is split at its delimiters
//! (RFC 3986 §3 and the regular expression of Appendix B), in one pass and without a parse tree.
//!
//! On a string of the rule's language the delimiters are unambiguous, so the split gives exactly the
//! components the tree walker ([`crate::walk`]) reads off the pest tree:
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
//! differential test `tests/components_differential.rs` and `iri selfcheck --components` check the
//! split against the walker.

use crate::components::{
    Authority, Component, Host, HostKind, Path, PathKind, Port, Reference, ReferenceKind, Span,
};
use crate::grammar::Grammar;
use crate::rule::Rule;
use crate::walk::Components;

/// Whether `input` matches the rule `rule` of `grammar`, to its end, by the rule's
/// (precompiled) DFA; `None` when there is no verdict (the automaton cannot be built), in which case
/// the caller takes the pest path.
pub(crate) fn is_valid(grammar: Grammar, rule: Rule, input: &str) -> Option<bool> {
    match crate::abnf::dfa(grammar, rule) {
        Some(Ok(dfa)) => Some(dfa.is_match(input)),
        _ => None,
    }
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

/// The components of `input`, which matches `rule` of `grammar`; `None` only if the
/// string turns out not to have the shape the rule gives it (it does not match the rule).
pub(crate) fn components<'a>(
    grammar: Grammar,
    rule: Rule,
    input: &'a str,
) -> Option<Components<'a>> {
    let all = || component(input, 0, input.len());
    Some(match rule.uri_counterpart() {
        Rule::UriReference | Rule::Uri | Rule::AbsoluteUri | Rule::RelativeRef => {
            Components::Reference(reference(grammar, rule.name(), input)?)
        }
        Rule::Authority => Components::Authority(authority(input, 0, input.len())?),
        Rule::Host | Rule::IpLiteral => Components::Host(host(input, 0, input.len())?),
        Rule::Ipv6address => Components::Host(Host {
            component: all(),
            kind: HostKind::Ipv6 { address: all() },
        }),
        Rule::IpvFuture => Components::Host(Host {
            component: all(),
            kind: ipv_future(input, 0, input.len()),
        }),
        Rule::Ipv4address => Components::Host(Host {
            component: all(),
            kind: HostKind::Ipv4 {
                octets: ipv4(input.as_bytes())?,
            },
        }),
        Rule::RegName => Components::Host(Host {
            component: all(),
            kind: HostKind::RegName,
        }),
        Rule::Port => Components::Port(Port { component: all() }),
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
            Components::Path(path(input, 0, input.len(), kind))
        }
        Rule::PathAbempty => Components::Path(path(input, 0, input.len(), PathKind::Abempty)),
        Rule::PathAbsolute => Components::Path(path(input, 0, input.len(), PathKind::Absolute)),
        Rule::PathNoscheme => Components::Path(path(input, 0, input.len(), PathKind::Noscheme)),
        Rule::PathRootless => Components::Path(path(input, 0, input.len(), PathKind::Rootless)),
        Rule::PathEmpty => Components::Path(path(input, 0, input.len(), PathKind::Empty)),
        _ => Components::Text(all()),
    })
}

/// A whole reference (`IRI-reference`, `IRI`, `absolute-IRI`, `irelative-ref` and the URI rules),
/// split as RFC 3986 Appendix B does:
/// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`.
pub(crate) fn reference<'a>(
    grammar: Grammar,
    rule: &'static str,
    input: &'a str,
) -> Option<Reference<'a>> {
    let b = input.as_bytes();
    let len = b.len();
    let first = find(b, 0, |c| matches!(c, b':' | b'/' | b'?' | b'#'));
    let (scheme, mut pos) = if first < len && b[first] == b':' && first > 0 {
        (Some(component(input, 0, first)), first + 1)
    } else {
        (None, 0)
    };
    let authority = if b.get(pos..pos + 2) == Some(b"//") {
        let start = pos + 2;
        pos = find(b, start, |c| matches!(c, b'/' | b'?' | b'#'));
        Some(authority(input, start, pos)?)
    } else {
        None
    };
    let path_start = pos;
    pos = find(b, pos, |c| matches!(c, b'?' | b'#'));
    let path_kind = if authority.is_some() {
        PathKind::Abempty
    } else if path_start == pos {
        PathKind::Empty
    } else if b[path_start] == b'/' {
        PathKind::Absolute
    } else if scheme.is_some() {
        PathKind::Rootless
    } else {
        PathKind::Noscheme
    };
    let path = path(input, path_start, pos, path_kind);
    let query = if pos < len && b[pos] == b'?' {
        let start = pos + 1;
        pos = find(b, start, |c| c == b'#');
        Some(component(input, start, pos))
    } else {
        None
    };
    let fragment = if pos < len {
        Some(component(input, pos + 1, len))
    } else {
        None
    };
    let kind = match (scheme.is_some(), path_kind) {
        (true, _) if fragment.is_some() => ReferenceKind::Iri,
        (true, _) => ReferenceKind::AbsoluteIri,
        (false, _) if authority.is_some() => ReferenceKind::NetworkPath,
        (false, PathKind::Absolute) => ReferenceKind::AbsolutePath,
        (false, PathKind::Empty) => ReferenceKind::Empty,
        (false, _) => ReferenceKind::RelativePath,
    };
    Some(Reference {
        input,
        grammar,
        rule,
        kind,
        scheme,
        authority,
        path,
        query,
        fragment,
    })
}

/// `iauthority = [ iuserinfo "@" ] ihost [ ":" port ]` at `start..end` of the input.
fn authority(input: &str, start: usize, end: usize) -> Option<Authority<'_>> {
    let b = input.as_bytes().get(..end)?;
    let at = find(b, start, |c| c == b'@');
    let (userinfo, host_start) = if at < end {
        (Some(component(input, start, at)), at + 1)
    } else {
        (None, start)
    };
    let host_end = if b.get(host_start) == Some(&b'[') {
        find(b, host_start, |c| c == b']') + 1
    } else {
        find(b, host_start, |c| c == b':')
    };
    let port = match host_end.cmp(&end) {
        std::cmp::Ordering::Less => Some(Port {
            component: component(input, host_end + 1, end),
        }),
        std::cmp::Ordering::Equal => None,
        std::cmp::Ordering::Greater => return None,
    };
    Some(Authority {
        component: component(input, start, end),
        userinfo,
        host: host(input, host_start, host_end)?,
        port,
    })
}

/// `ihost = IP-literal / IPv4address / ireg-name` at `start..end` of the input.
fn host(input: &str, start: usize, end: usize) -> Option<Host<'_>> {
    let b = input.as_bytes().get(start..end)?;
    let kind = match b {
        [b'[', inner @ .., b']'] => match inner.first() {
            Some(b'v' | b'V') => ipv_future(input, start + 1, end - 1),
            _ => HostKind::Ipv6 {
                address: component(input, start + 1, end - 1),
            },
        },
        _ => match ipv4(b) {
            Some(octets) => HostKind::Ipv4 { octets },
            None => HostKind::RegName,
        },
    };
    Some(Host {
        component: component(input, start, end),
        kind,
    })
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )` at `start..end`: the version is
/// the hex digits, the address what follows the first ".".
fn ipv_future(input: &str, start: usize, end: usize) -> HostKind<'_> {
    let b = input.as_bytes();
    let dot = find(&b[..end], start, |c| c == b'.');
    HostKind::IpvFuture {
        version: component(input, (start + 1).min(end), dot),
        address: component(input, (dot + 1).min(end), end),
    }
}

/// The octets when all of `b` is `dec-octet "." dec-octet "." dec-octet "." dec-octet`.
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

/// A path at `start..end` with its kind; the segments as RFC 3986 §3.3 counts them: split at each "/",
/// after the leading "/" when there is one.
fn path(input: &str, start: usize, end: usize, kind: PathKind) -> Path<'_> {
    let b = input.as_bytes();
    let mut segments = Vec::new();
    if start < end {
        let mut s = if b[start] == b'/' { start + 1 } else { start };
        loop {
            let e = find(&b[..end], s, |c| c == b'/');
            segments.push(component(input, s, e));
            if e == end {
                break;
            }
            s = e + 1;
        }
    }
    Path {
        component: component(input, start, end),
        kind,
        segments,
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
            path(s, 0, s.len(), PathKind::Abempty)
                .segments
                .iter()
                .map(|c| c.text)
                .collect()
        }
        assert!(seg("").is_empty());
        assert_eq!(seg("/"), [""]);
        assert_eq!(seg("a//b"), ["a", "", "b"]);
        assert_eq!(seg("/a/"), ["a", ""]);
    }
}
