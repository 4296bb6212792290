//! Typed, borrowed components of a parsed reference (RFC 3986 §3, 3987bis §2.2), each with its byte span.

use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};

use crate::grammar::Grammar;

/// A byte range `start..end` of the input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The span's length in bytes.
    pub fn len(&self) -> usize {
        self.end - self.start
    }

    /// Whether the span is empty.
    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }
}

/// A piece of the input: its text and where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Component<'a> {
    /// The text, exactly as in the input (no decoding).
    pub text: &'a str,
    /// Where the text is in the input.
    pub span: Span,
}

impl<'a> Component<'a> {
    pub(crate) fn new(input: &'a str, span: Span) -> Self {
        Component {
            text: input.get(span.start..span.end).unwrap_or(""),
            span,
        }
    }

    /// The text.
    pub fn as_str(&self) -> &'a str {
        self.text
    }
}

impl fmt::Display for Component<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

/// What kind of reference the input is (RFC 3986 §4.1–§4.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum ReferenceKind {
    /// Has a scheme and a fragment: an `IRI` (`URI`), not an `absolute-IRI`.
    Iri,
    /// Has a scheme and no fragment: matches `absolute-IRI` (`absolute-URI`), RFC 3986 §4.3.
    AbsoluteIri,
    /// A relative reference that begins with `//` (RFC 3986 §4.2 "network-path reference").
    NetworkPath,
    /// A relative reference that begins with a single `/` ("absolute-path reference").
    AbsolutePath,
    /// A relative reference that begins with a segment ("relative-path reference").
    RelativePath,
    /// A relative reference whose relative part is empty: only a query and/or a fragment, or nothing
    /// (RFC 3986 §4.4 "same-document reference" when it has no query).
    Empty,
}

impl ReferenceKind {
    /// The kind's kebab-case name (`iri`, `absolute-iri`, `network-path`, `absolute-path`,
    /// `relative-path`, `empty`), as in the JSON output and the `iri parse` listing.
    pub fn as_str(self) -> &'static str {
        match self {
            ReferenceKind::Iri => "iri",
            ReferenceKind::AbsoluteIri => "absolute-iri",
            ReferenceKind::NetworkPath => "network-path",
            ReferenceKind::AbsolutePath => "absolute-path",
            ReferenceKind::RelativePath => "relative-path",
            ReferenceKind::Empty => "empty",
        }
    }

    /// Whether the reference has a scheme.
    pub fn is_absolute(self) -> bool {
        matches!(self, ReferenceKind::Iri | ReferenceKind::AbsoluteIri)
    }
}

/// Which alternative of the ABNF `path` rules matched (RFC 3986 §3.3; the `i` rules of 3987bis §2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum PathKind {
    /// `path-abempty` / `ipath-abempty`: begins with "/" or is empty; follows an authority.
    Abempty,
    /// `path-absolute` / `ipath-absolute`: begins with "/" but not "//".
    Absolute,
    /// `path-noscheme` / `ipath-noscheme`: begins with a segment without ":" (relative references).
    Noscheme,
    /// `path-rootless` / `ipath-rootless`: begins with a segment (after a scheme).
    Rootless,
    /// `path-empty` / `ipath-empty`: zero characters.
    Empty,
}

impl PathKind {
    /// The ABNF rule name of the alternative in the given grammar (`ipath-abempty`, `path-abempty`).
    pub fn rule_name(self, grammar: Grammar) -> &'static str {
        let (uri, iri) = match self {
            PathKind::Abempty => ("path-abempty", "ipath-abempty"),
            PathKind::Absolute => ("path-absolute", "ipath-absolute"),
            PathKind::Noscheme => ("path-noscheme", "ipath-noscheme"),
            PathKind::Rootless => ("path-rootless", "ipath-rootless"),
            PathKind::Empty => ("path-empty", "ipath-empty"),
        };
        if grammar == Grammar::Uri {
            uri
        } else {
            iri
        }
    }
}

/// The path component: the alternative that matched and its segments.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Path<'a> {
    /// The path text and span (may be empty).
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub component: Component<'a>,
    /// Which ABNF alternative matched.
    pub kind: PathKind,
    /// The segments, as RFC 3986 §3.3 counts them: the path split at every "/", after the leading "/"
    /// when there is one. `""` has none, `"/"` has one empty segment, `"a//b"` has three.
    pub segments: Vec<Component<'a>>,
}

impl<'a> Path<'a> {
    /// The path text.
    pub fn as_str(&self) -> &'a str {
        self.component.text
    }
}

/// The port digits, as written: they may be empty and may exceed 65535 (RFC 3986 §3.2.3: `port = *DIGIT`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Port<'a> {
    /// The digits and their span (the ":" before them is not included).
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub component: Component<'a>,
}

/// The numeric value of a [`Port`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(
    feature = "serde",
    serde(rename_all = "kebab-case", tag = "kind", content = "value")
)]
pub enum PortValue {
    /// `port` matched zero digits (`http://host:/`).
    Empty,
    /// The digits as a number (leading zeros allowed).
    Number(u16),
    /// The digits denote a number above 65535; syntactically valid, but it does not fit a TCP/UDP port.
    TooLarge,
}

impl Port<'_> {
    /// The numeric value, or why there is none.
    pub fn value(&self) -> PortValue {
        if self.component.text.is_empty() {
            return PortValue::Empty;
        }
        // Leading zeros do not change the value; strip them so that long zero runs still fit.
        let digits = self.component.text.trim_start_matches('0');
        if digits.is_empty() {
            return PortValue::Number(0);
        }
        match digits.parse::<u16>() {
            Ok(n) => PortValue::Number(n),
            Err(_) => PortValue::TooLarge,
        }
    }
}

/// What kind of host the `host`/`ihost` rule matched (RFC 3986 §3.2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case", tag = "kind"))]
pub enum HostKind<'a> {
    /// `IPv4address`, only when the whole host matches it (first-match-wins).
    Ipv4 {
        /// The four dec-octets.
        octets: [u8; 4],
    },
    /// `IP-literal` holding an `IPv6address` (the text between the brackets).
    Ipv6 {
        /// The address text, without the brackets.
        address: Component<'a>,
    },
    /// `IP-literal` holding an `IPvFuture`: `"v" version "." address`.
    IpvFuture {
        /// The hex digits after the "v".
        version: Component<'a>,
        /// The part after the ".".
        address: Component<'a>,
    },
    /// `reg-name` / `ireg-name` (may be empty).
    RegName,
}

/// The host, as written, with its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Host<'a> {
    /// The host text (with the brackets of an IP-literal) and its span.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub component: Component<'a>,
    /// What the host is.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub kind: HostKind<'a>,
}

impl Host<'_> {
    /// The IPv4 address, for an `IPv4address` host.
    pub fn ipv4(&self) -> Option<Ipv4Addr> {
        match self.kind {
            HostKind::Ipv4 { octets } => Some(Ipv4Addr::from(octets)),
            _ => None,
        }
    }

    /// The IPv6 address, for an `IP-literal` holding an `IPv6address`.
    pub fn ipv6(&self) -> Option<Ipv6Addr> {
        match self.kind {
            HostKind::Ipv6 { address } => address.text.parse().ok(),
            _ => None,
        }
    }
}

/// The authority component (RFC 3986 §3.2): `[ userinfo "@" ] host [ ":" port ]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Authority<'a> {
    /// The whole authority (without the leading "//").
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub component: Component<'a>,
    /// The userinfo, when there is an "@" (it may be empty).
    pub userinfo: Option<Component<'a>>,
    /// The host (always present, possibly an empty reg-name).
    pub host: Host<'a>,
    /// The port, when there is a ":" after the host (it may be empty).
    pub port: Option<Port<'a>>,
}

impl fmt::Display for Authority<'_> {
    /// Reassembles the authority from its parts: `userinfo "@" host ":" port`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(u) = &self.userinfo {
            write!(f, "{}@", u.text)?;
        }
        f.write_str(self.host.component.text)?;
        if let Some(p) = &self.port {
            write!(f, ":{}", p.component.text)?;
        }
        Ok(())
    }
}

/// A parsed URI, IRI or LEIRI reference: every component, borrowed from the input, with its span.
///
/// `Display` reassembles the components with their delimiters, which gives back exactly the input.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Reference<'a> {
    /// The input.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub input: &'a str,
    /// The grammar it was parsed with.
    pub grammar: Grammar,
    /// The start rule it was parsed with, in spec spelling.
    pub rule: &'static str,
    /// What kind of reference it is.
    pub kind: ReferenceKind,
    /// The scheme (without the ":").
    pub scheme: Option<Component<'a>>,
    /// The authority (without the "//").
    pub authority: Option<Authority<'a>>,
    /// The path (always present, possibly empty).
    pub path: Path<'a>,
    /// The query (without the "?"), when there is a "?".
    pub query: Option<Component<'a>>,
    /// The fragment (without the "#"), when there is a "#".
    pub fragment: Option<Component<'a>>,
}

impl Reference<'_> {
    /// The input the reference was parsed from.
    pub fn as_str(&self) -> &str {
        self.input
    }
}

impl fmt::Display for Reference<'_> {
    /// Reassembles scheme ":" "//" authority path "?" query "#" fragment (RFC 3986 §5.3).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(s) = &self.scheme {
            write!(f, "{}:", s.text)?;
        }
        if let Some(a) = &self.authority {
            write!(f, "//{a}")?;
        }
        f.write_str(self.path.component.text)?;
        if let Some(q) = &self.query {
            write!(f, "?{}", q.text)?;
        }
        if let Some(fr) = &self.fragment {
            write!(f, "#{}", fr.text)?;
        }
        Ok(())
    }
}
