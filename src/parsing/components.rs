//! Typed, borrowed components of a parsed reference (RFC 3986 §3, 3987bis §2.2), each with its byte span.

use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};

use crate::grammar::Grammar;
use crate::rule::Rule;

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
    #[inline]
    pub(crate) fn new(input: &'a str, span: Span) -> Self {
        Component {
            text: input.get(span.start..span.end).unwrap_or(""),
            span,
        }
    }

    /// The text.
    #[inline]
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
#[non_exhaustive]
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
#[non_exhaustive]
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
    /// The ABNF rule of the alternative in the given grammar (`ipath-abempty`, `path-abempty`).
    pub fn rule(self, grammar: Grammar) -> Rule {
        let (uri, iri) = match self {
            PathKind::Abempty => (Rule::PathAbempty, Rule::IpathAbempty),
            PathKind::Absolute => (Rule::PathAbsolute, Rule::IpathAbsolute),
            PathKind::Noscheme => (Rule::PathNoscheme, Rule::IpathNoscheme),
            PathKind::Rootless => (Rule::PathRootless, Rule::IpathRootless),
            PathKind::Empty => (Rule::PathEmpty, Rule::IpathEmpty),
        };
        if grammar == Grammar::Uri {
            uri
        } else {
            iri
        }
    }

    /// The name of [`PathKind::rule`] in spec spelling.
    pub fn rule_name(self, grammar: Grammar) -> &'static str {
        self.rule(grammar).name()
    }
}

/// The path component: the alternative that matched. The segments are computed on demand
/// ([`Path::segments`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Path<'a> {
    /// The path text and span (may be empty).
    pub component: Component<'a>,
    /// Which ABNF alternative matched.
    pub kind: PathKind,
}

impl<'a> Path<'a> {
    /// The path text.
    #[inline]
    pub fn as_str(&self) -> &'a str {
        self.component.text
    }

    /// The segments, as RFC 3986 §3.3 counts them: the path split at every "/", after the leading "/"
    /// when there is one. `""` has none, `"/"` has one empty segment, `"a//b"` has three.
    ///
    /// ```
    /// use iri_abnf::{parse, Grammar};
    ///
    /// let r = parse(Grammar::Iri, "http://a/b//c/").unwrap();
    /// let segments: Vec<&str> = r.path().segments().map(|s| s.text).collect();
    /// assert_eq!(segments, ["b", "", "c", ""]);
    /// ```
    pub fn segments(&self) -> Segments<'a> {
        let Component { text, span } = self.component;
        let (start, rest) = match text.strip_prefix('/') {
            Some(rest) => (span.start + 1, rest),
            None => (span.start, text),
        };
        Segments {
            rest: (!text.is_empty()).then_some(rest),
            start,
        }
    }
}

/// The segments of a [`Path`], in order (see [`Path::segments`]).
#[derive(Clone, Debug)]
pub struct Segments<'a> {
    /// What is left to split; `None` when done.
    rest: Option<&'a str>,
    /// The offset of `rest` in the input.
    start: usize,
}

impl<'a> Iterator for Segments<'a> {
    type Item = Component<'a>;

    fn next(&mut self) -> Option<Component<'a>> {
        let rest = self.rest?;
        let (text, next) = match rest.find('/') {
            Some(i) => (&rest[..i], Some(&rest[i + 1..])),
            None => (rest, None),
        };
        let span = Span {
            start: self.start,
            end: self.start + text.len(),
        };
        self.start = span.end + 1;
        self.rest = next;
        Some(Component { text, span })
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Path<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let segments: Vec<Component<'_>> = self.segments().collect();
        let mut st = s.serialize_struct("Path", 4)?;
        st.serialize_field("text", self.component.text)?;
        st.serialize_field("span", &self.component.span)?;
        st.serialize_field("kind", &self.kind)?;
        st.serialize_field("segments", &segments)?;
        st.end()
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
#[non_exhaustive]
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

/// What the host of an [`AuthorityMeta`] is, with what its [`HostKind`] needs beyond the host span.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum HostTag {
    /// `IPv4address`, with its octets.
    Ipv4([u8; 4]),
    /// `IP-literal` holding an `IPv6address`.
    Ipv6,
    /// `IP-literal` holding an `IPvFuture` (the version ends at the host's first ".": `HEXDIG` has
    /// none).
    IpvFuture,
    /// `reg-name`.
    RegName,
}

/// The offsets of an authority: `[ userinfo "@" ] host [ ":" port ]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct AuthorityMeta {
    /// The whole authority, without the "//".
    pub(crate) span: Span,
    /// The offset of the "@" after the userinfo, when there is one.
    pub(crate) at: Opt,
    /// The host.
    pub(crate) host: Span,
    /// What the host is.
    pub(crate) host_tag: HostTag,
    /// Whether a ":" and a port follow the host (the port runs from `host.end + 1` to `span.end`).
    pub(crate) has_port: bool,
}

impl AuthorityMeta {
    #[inline]
    pub(crate) fn authority<'a>(&self, input: &'a str) -> Authority<'a> {
        let host = Component::new(input, self.host);
        let kind = match self.host_tag {
            HostTag::Ipv4(octets) => HostKind::Ipv4 { octets },
            HostTag::Ipv6 => HostKind::Ipv6 {
                address: Component::new(
                    input,
                    Span {
                        start: self.host.start + 1,
                        end: self.host.end - 1,
                    },
                ),
            },
            HostTag::IpvFuture => {
                let dot = input.as_bytes()[self.host.start..self.host.end]
                    .iter()
                    .position(|&c| c == b'.')
                    .map_or(self.host.end - 1, |p| self.host.start + p);
                HostKind::IpvFuture {
                    version: Component::new(
                        input,
                        Span {
                            start: self.host.start + 2,
                            end: dot,
                        },
                    ),
                    address: Component::new(
                        input,
                        Span {
                            start: dot + 1,
                            end: self.host.end - 1,
                        },
                    ),
                }
            }
            HostTag::RegName => HostKind::RegName,
        };
        Authority {
            component: Component::new(input, self.span),
            userinfo: self.at.get().map(|at| {
                Component::new(
                    input,
                    Span {
                        start: self.span.start,
                        end: at,
                    },
                )
            }),
            host: Host {
                component: host,
                kind,
            },
            port: self.has_port.then(|| Port {
                component: Component::new(
                    input,
                    Span {
                        start: self.host.end + 1,
                        end: self.span.end,
                    },
                ),
            }),
        }
    }
}

/// The component offsets of one reference (RFC 3986 §3): the one shape that [`Reference`] (borrowed)
/// and [`ReferenceBuf`] (owned) share, and that parsing, resolution, normalization, relativization and
/// the conversions produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Meta {
    pub(crate) grammar: Grammar,
    pub(crate) rule: Rule,
    pub(crate) kind: ReferenceKind,
    /// The offset of the ":" after the scheme (the scheme is `0..scheme_end`).
    pub(crate) scheme_end: Opt,
    pub(crate) authority: Option<AuthorityMeta>,
    pub(crate) path: Span,
    pub(crate) path_kind: PathKind,
    /// The query (after the "?").
    pub(crate) query: Option<Span>,
    /// The offset of the "#" before the fragment (which runs to the end).
    pub(crate) hash: Opt,
}

/// An optional offset in one word (an `Option<usize>` takes two): `usize::MAX`, which no offset into a
/// `str` reaches (a `str` is at most `isize::MAX` bytes long), stands for none. It keeps [`Meta`] small
/// enough to be moved without a call to `memcpy`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Opt(usize);

impl Opt {
    pub(crate) const NONE: Opt = Opt(usize::MAX);

    #[inline]
    pub(crate) fn get(self) -> Option<usize> {
        (self.0 != usize::MAX).then_some(self.0)
    }
}

impl From<Option<usize>> for Opt {
    #[inline]
    fn from(offset: Option<usize>) -> Opt {
        Opt(offset.unwrap_or(usize::MAX))
    }
}

impl fmt::Debug for Opt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.get().fmt(f)
    }
}

impl Meta {
    #[inline]
    pub(crate) fn scheme<'a>(&self, input: &'a str) -> Option<Component<'a>> {
        self.scheme_end
            .get()
            .map(|end| Component::new(input, Span { start: 0, end }))
    }

    #[inline]
    pub(crate) fn authority<'a>(&self, input: &'a str) -> Option<Authority<'a>> {
        self.authority.map(|a| a.authority(input))
    }

    #[inline]
    pub(crate) fn path<'a>(&self, input: &'a str) -> Path<'a> {
        Path {
            component: Component::new(input, self.path),
            kind: self.path_kind,
        }
    }

    #[inline]
    pub(crate) fn query<'a>(&self, input: &'a str) -> Option<Component<'a>> {
        self.query.map(|q| Component::new(input, q))
    }

    #[inline]
    pub(crate) fn fragment<'a>(&self, input: &'a str) -> Option<Component<'a>> {
        self.hash.get().map(|h| {
            Component::new(
                input,
                Span {
                    start: h + 1,
                    end: input.len(),
                },
            )
        })
    }
}

/// A parsed URI, IRI or LEIRI reference, borrowed from the input: the input and the offsets of its
/// components (RFC 3986 §3), each read with its span by an accessor.
///
/// `Display` writes the input, which the components make up with their delimiters
/// (RFC 3986 §5.3). [`ReferenceBuf`] is the owned form, with the same accessors.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Reference<'a> {
    input: &'a str,
    meta: Meta,
}

impl<'a> Reference<'a> {
    #[inline]
    pub(crate) fn from_meta(input: &'a str, meta: Meta) -> Self {
        Reference { input, meta }
    }

    #[cfg(test)]
    pub(crate) fn meta(&self) -> Meta {
        self.meta
    }

    /// The input the reference was parsed from.
    #[inline]
    pub fn as_str(&self) -> &'a str {
        self.input
    }

    /// The grammar it was parsed with.
    pub fn grammar(&self) -> Grammar {
        self.meta.grammar
    }

    /// The start rule it was parsed with.
    pub fn rule(&self) -> Rule {
        self.meta.rule
    }

    /// What kind of reference it is (RFC 3986 §4.1–§4.3).
    #[inline]
    pub fn kind(&self) -> ReferenceKind {
        self.meta.kind
    }

    /// The scheme (without the ":").
    #[inline]
    pub fn scheme(&self) -> Option<Component<'a>> {
        self.meta.scheme(self.input)
    }

    /// The authority (without the "//"), with its userinfo, host and port.
    #[inline]
    pub fn authority(&self) -> Option<Authority<'a>> {
        self.meta.authority(self.input)
    }

    /// The path (always present, possibly empty).
    #[inline]
    pub fn path(&self) -> Path<'a> {
        self.meta.path(self.input)
    }

    /// The query (without the "?"), when there is a "?".
    #[inline]
    pub fn query(&self) -> Option<Component<'a>> {
        self.meta.query(self.input)
    }

    /// The fragment (without the "#"), when there is a "#".
    #[inline]
    pub fn fragment(&self) -> Option<Component<'a>> {
        self.meta.fragment(self.input)
    }

    /// The owned copy.
    pub fn to_buf(&self) -> ReferenceBuf {
        ReferenceBuf {
            text: self.input.to_string(),
            meta: self.meta,
        }
    }
}

impl fmt::Debug for Reference<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Reference")
            .field("input", &self.input)
            .field("grammar", &self.grammar())
            .field("rule", &self.rule())
            .field("kind", &self.kind())
            .field("scheme", &self.scheme())
            .field("authority", &self.authority())
            .field("path", &self.path())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

impl fmt::Display for Reference<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.input)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Reference<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Reference", 8)?;
        st.serialize_field("grammar", &self.grammar())?;
        st.serialize_field("rule", self.rule().name())?;
        st.serialize_field("kind", &self.kind())?;
        st.serialize_field("scheme", &self.scheme())?;
        st.serialize_field("authority", &self.authority())?;
        st.serialize_field("path", &self.path())?;
        st.serialize_field("query", &self.query())?;
        st.serialize_field("fragment", &self.fragment())?;
        st.end()
    }
}

/// An owned reference: one `String` and the offsets of its components, the same as those of
/// [`Reference`], which [`ReferenceBuf::reference`] borrows. Resolution ([`crate::resolve()`]),
/// normalization ([`crate::normalize()`]) and relativization ([`crate::relativize()`]) return it.
///
/// ```
/// use iri_abnf::{resolve, Grammar};
///
/// let t = resolve(Grammar::Iri, "http://a/b/c/d;p?q", "../g?y#s").unwrap();
/// assert_eq!(t, "http://a/b/g?y#s");
/// assert_eq!(t.path().as_str(), "/b/g");
/// assert_eq!(t.query().unwrap().span.start, 13);
/// assert_eq!(t.fragment().unwrap().text, "s");
/// let s: String = t.into();
/// assert_eq!(s, "http://a/b/g?y#s");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct ReferenceBuf {
    pub(crate) text: String,
    pub(crate) meta: Meta,
}

impl ReferenceBuf {
    /// The reference, borrowed.
    pub fn reference(&self) -> Reference<'_> {
        Reference {
            input: &self.text,
            meta: self.meta,
        }
    }

    /// The text.
    #[inline]
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The text, as an owned string.
    pub fn into_string(self) -> String {
        self.text
    }

    /// The grammar the reference belongs to.
    pub fn grammar(&self) -> Grammar {
        self.meta.grammar
    }

    /// The rule it matches.
    pub fn rule(&self) -> Rule {
        self.meta.rule
    }

    /// What kind of reference it is (RFC 3986 §4.1–§4.3).
    #[inline]
    pub fn kind(&self) -> ReferenceKind {
        self.meta.kind
    }

    /// The scheme (without the ":").
    #[inline]
    pub fn scheme(&self) -> Option<Component<'_>> {
        self.meta.scheme(&self.text)
    }

    /// The authority (without the "//"), with its userinfo, host and port.
    #[inline]
    pub fn authority(&self) -> Option<Authority<'_>> {
        self.meta.authority(&self.text)
    }

    /// The path (always present, possibly empty).
    #[inline]
    pub fn path(&self) -> Path<'_> {
        self.meta.path(&self.text)
    }

    /// The query (without the "?"), when there is a "?".
    #[inline]
    pub fn query(&self) -> Option<Component<'_>> {
        self.meta.query(&self.text)
    }

    /// The fragment (without the "#"), when there is a "#".
    #[inline]
    pub fn fragment(&self) -> Option<Component<'_>> {
        self.meta.fragment(&self.text)
    }
}

impl fmt::Debug for ReferenceBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.reference(), f)
    }
}

impl fmt::Display for ReferenceBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The text: a `ReferenceBuf` can be used wherever a `&str` is expected.
impl std::ops::Deref for ReferenceBuf {
    type Target = str;

    fn deref(&self) -> &str {
        &self.text
    }
}

impl AsRef<str> for ReferenceBuf {
    fn as_ref(&self) -> &str {
        &self.text
    }
}

impl From<ReferenceBuf> for String {
    fn from(r: ReferenceBuf) -> String {
        r.text
    }
}

impl PartialEq<str> for ReferenceBuf {
    fn eq(&self, other: &str) -> bool {
        self.text == other
    }
}

impl PartialEq<&str> for ReferenceBuf {
    fn eq(&self, other: &&str) -> bool {
        self.text == *other
    }
}

impl PartialEq<String> for ReferenceBuf {
    fn eq(&self, other: &String) -> bool {
        &self.text == other
    }
}

impl PartialEq<ReferenceBuf> for &str {
    fn eq(&self, other: &ReferenceBuf) -> bool {
        *self == other.text
    }
}

impl PartialEq<ReferenceBuf> for String {
    fn eq(&self, other: &ReferenceBuf) -> bool {
        *self == other.text
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for ReferenceBuf {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.reference().serialize(s)
    }
}

/// RFC 3986 §5.3 component recomposition into a [`ReferenceBuf`] of `grammar`'s reference rule, for
/// components that make a valid reference together. `None` is "undefined", `Some("")` "defined but
/// empty". When the authority is undefined and the path begins with `//`, `/.` is written before the
/// path, and when neither scheme nor authority is defined and the first segment contains `:`, `./`
/// is written before it, so that the text always reads back as a path with the same meaning (see the
/// interpretation notes on resolution).
pub(crate) fn compose(
    grammar: Grammar,
    scheme: Option<&str>,
    authority: Option<&str>,
    path: &str,
    query: Option<&str>,
    fragment: Option<&str>,
) -> ReferenceBuf {
    let mut text = String::with_capacity(
        scheme.map_or(0, |s| s.len() + 1)
            + authority.map_or(0, |a| a.len() + 2)
            + path.len()
            + 2
            + query.map_or(0, |q| q.len() + 1)
            + fragment.map_or(0, |f| f.len() + 1),
    );
    if let Some(s) = scheme {
        text.push_str(s);
        text.push(':');
    }
    if let Some(a) = authority {
        text.push_str("//");
        text.push_str(a);
    }
    if authority.is_none() && path.starts_with("//") {
        text.push_str("/.");
    } else if scheme.is_none()
        && authority.is_none()
        && path.split('/').next().is_some_and(|s| s.contains(':'))
    {
        text.push_str("./");
    }
    text.push_str(path);
    if let Some(q) = query {
        text.push('?');
        text.push_str(q);
    }
    if let Some(f) = fragment {
        text.push('#');
        text.push_str(f);
    }
    ReferenceBuf::from_valid(grammar, text)
}

#[cfg(test)]
mod path_kind_tests {
    use super::*;

    /// Each alternative is a rule of the grammar it is named for.
    #[test]
    fn path_kinds_name_rules_of_their_grammar() {
        for grammar in Grammar::ALL {
            for kind in [
                PathKind::Abempty,
                PathKind::Absolute,
                PathKind::Noscheme,
                PathKind::Rootless,
                PathKind::Empty,
            ] {
                assert!(grammar.has(kind.rule(grammar)), "{grammar} {kind:?}");
                assert_eq!(
                    kind.rule(grammar).uri_counterpart(),
                    kind.rule(Grammar::Uri)
                );
            }
        }
        assert_eq!(PathKind::Noscheme.rule_name(Grammar::Iri), "ipath-noscheme");
    }
}

/// The typed result of a parse, by what the start rule describes.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case", tag = "component"))]
pub enum Components<'a> {
    /// A whole reference (`IRI-reference`, `IRI`, `absolute-IRI`, `irelative-ref` and their URI names).
    Reference(Reference<'a>),
    /// An authority (`iauthority`, `authority`).
    Authority(Authority<'a>),
    /// A host (`ihost`, `host`, `IP-literal`, `IPv4address`, `IPv6address`, `IPvFuture`, `ireg-name`).
    Host(Host<'a>),
    /// A port.
    Port(Port<'a>),
    /// A path (`ipath` or one of its alternatives).
    Path(Path<'a>),
    /// Any other rule: no typed component beyond the matched text.
    Text(Component<'a>),
}
