//! Typed, borrowed components of a parsed reference (RFC 3986 §3, 3987bis §2.2), each with its byte span.

use std::borrow::Cow;
use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};
use std::str::Utf8Error;

use crate::grammar::rule::Rule;
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

/// A piece of the input: its text, exactly as written, and where it is (RFC 3986 §3: the scheme,
/// userinfo, query, fragment, a path segment, or any rule's match; the `i` rules of 3987bis §2.2).
///
/// ```
/// use iri_abnf::{parse, Grammar, Span};
///
/// let r = parse(Grammar::Iri, "http://a/r%C3%A9sum%C3%A9?q=1").unwrap();
/// let query = r.query().unwrap();
/// assert_eq!(query.as_str(), "q=1");
/// assert_eq!(query.span(), Span { start: 26, end: 29 });
/// assert_eq!(r.path().decode().to_str().unwrap(), "/résumé");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Component<'a> {
    /// The text, exactly as in the input (no decoding).
    text: &'a str,
    /// Where the text is in the input.
    span: Span,
}

impl<'a> Component<'a> {
    #[inline]
    pub(crate) fn new(input: &'a str, span: Span) -> Self {
        Component {
            text: input.get(span.start..span.end).unwrap_or(""),
            span,
        }
    }

    /// The text, exactly as in the input: percent-encoded octets (RFC 3986 §2.1) stay encoded; see
    /// [`Component::decode`].
    #[inline]
    pub fn as_str(&self) -> &'a str {
        self.text
    }

    /// Where the text is in the input: `&input[span.start..span.end] == self.as_str()`.
    #[inline]
    pub fn span(&self) -> Span {
        self.span
    }

    /// The text with its `pct-encoded` triplets decoded (RFC 3986 §2.1, §2.4; 3987bis §2.2 and §3.2).
    /// Nothing is decoded until [`Decoded::to_bytes`] or [`Decoded::to_str`] is called, and they
    /// borrow the text when it has no `%`.
    ///
    /// Decoding is for reading a component's data once the reference has been split into its
    /// components: a decoded `%2F` is a "/" that is not a delimiter (RFC 3986 §2.4), so decode each
    /// path segment ([`Path::segments`]) rather than the whole path when the difference matters.
    ///
    /// ```
    /// use std::borrow::Cow;
    /// use iri_abnf::{parse, Grammar};
    ///
    /// let r = parse(Grammar::Iri, "http://a/r%C3%A9sum%C3%A9/%FF?plain").unwrap();
    /// let mut segments = r.path().segments();
    /// assert_eq!(segments.next().unwrap().decode().to_str().unwrap(), "résumé");
    /// let ff = segments.next().unwrap().decode();
    /// assert_eq!(ff.to_bytes(), [0xFF].as_slice());
    /// assert!(ff.to_str().is_err());
    /// assert_eq!(ff.to_string_lossy(), "\u{FFFD}");
    /// assert!(matches!(r.query().unwrap().decode().to_str(), Ok(Cow::Borrowed("plain"))));
    /// ```
    #[inline]
    pub fn decode(&self) -> Decoded<'a> {
        Decoded { text: self.text }
    }
}

/// The percent-decoded form of a [`Component`] ([`Component::decode`]): each `%HH` triplet stands for
/// the octet `HH` (RFC 3986 §2.1); every other character stands for its UTF-8 octets (3987bis §3.2).
/// In a valid reference every `%` begins a triplet; a `%` that does not (in text that was not
/// validated) is kept as it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Decoded<'a> {
    text: &'a str,
}

impl<'a> Decoded<'a> {
    /// The encoded text, as in the input.
    #[inline]
    pub fn as_encoded(&self) -> &'a str {
        self.text
    }

    /// Whether the text has a `%`, that is, whether decoding changes it (then [`Decoded::to_bytes`]
    /// and [`Decoded::to_str`] allocate).
    #[inline]
    pub fn has_percent(&self) -> bool {
        self.text.as_bytes().contains(&b'%')
    }

    /// The decoded octets; borrowed from the input when the text has no `%`.
    pub fn to_bytes(&self) -> Cow<'a, [u8]> {
        if !self.has_percent() {
            return Cow::Borrowed(self.text.as_bytes());
        }
        let bytes = self.text.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            match crate::characters::pct_octet(&bytes[i..]) {
                Some(octet) => {
                    out.push(octet);
                    i += 3;
                }
                None => {
                    out.push(bytes[i]);
                    i += 1;
                }
            }
        }
        Cow::Owned(out)
    }

    /// The decoded octets as a string, when they are UTF-8 (the octets of an IRI component are, for
    /// text, 3987bis §3.2); borrowed from the input when the text has no `%`.
    pub fn to_str(&self) -> Result<Cow<'a, str>, Utf8Error> {
        match self.to_bytes() {
            Cow::Borrowed(_) => Ok(Cow::Borrowed(self.text)),
            Cow::Owned(bytes) => String::from_utf8(bytes)
                .map(Cow::Owned)
                .map_err(|e| e.utf8_error()),
        }
    }

    /// The decoded octets as a string, with U+FFFD REPLACEMENT CHARACTER for octets that are not
    /// UTF-8; borrowed from the input when the text has no `%`.
    pub fn to_string_lossy(&self) -> Cow<'a, str> {
        match self.to_bytes() {
            Cow::Borrowed(_) => Cow::Borrowed(self.text),
            Cow::Owned(bytes) => match String::from_utf8(bytes) {
                Ok(s) => Cow::Owned(s),
                Err(e) => Cow::Owned(String::from_utf8_lossy(e.as_bytes()).into_owned()),
            },
        }
    }
}

impl fmt::Display for Component<'_> {
    /// The text, exactly as in the input ([`Component::as_str`]): the scheme, userinfo, query,
    /// fragment or path segment as written, percent-encoded triplets and all.
    ///
    /// ```
    /// use iri_abnf::IriRef;
    ///
    /// let r = IriRef::parse("http://us%20er@a/b?q=%41#f%C3%A9")?;
    /// assert_eq!(r.scheme().unwrap().to_string(), "http");
    /// assert_eq!(r.userinfo().unwrap().to_string(), "us%20er");
    /// assert_eq!(r.query().unwrap().to_string(), "q=%41");
    /// assert_eq!(r.fragment().unwrap().to_string(), "f%C3%A9");
    /// # Ok::<(), iri_abnf::ParseError>(())
    /// ```
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
    component: Component<'a>,
    /// Which ABNF alternative matched.
    kind: PathKind,
}

impl<'a> Path<'a> {
    #[inline]
    pub(crate) fn new(component: Component<'a>, kind: PathKind) -> Self {
        Path { component, kind }
    }

    /// The path text, as in the input (RFC 3986 §3.3; `ipath`, 3987bis §2.2); it may be empty.
    #[inline]
    pub fn as_str(&self) -> &'a str {
        self.component.text
    }

    /// Where the path is in the input.
    #[inline]
    pub fn span(&self) -> Span {
        self.component.span
    }

    /// The path text and span as a [`Component`].
    #[inline]
    pub fn as_component(&self) -> Component<'a> {
        self.component
    }

    /// Which alternative of the `path` rules matched (RFC 3986 §3.3).
    #[inline]
    pub fn kind(&self) -> PathKind {
        self.kind
    }

    /// The whole path, percent-decoded ([`Component::decode`]). A decoded `%2F` cannot be told from a
    /// "/" that separates segments (RFC 3986 §2.4): decode the [`Path::segments`] to keep them apart.
    #[inline]
    pub fn decode(&self) -> Decoded<'a> {
        self.component.decode()
    }

    /// The segments, as RFC 3986 §3.3 counts them: the path split at every "/", after the leading "/"
    /// when there is one. `""` has none, `"/"` has one empty segment, `"a//b"` has three.
    ///
    /// ```
    /// use iri_abnf::{parse, Grammar};
    ///
    /// let r = parse(Grammar::Iri, "http://a/b//c/").unwrap();
    /// let segments: Vec<&str> = r.path().segments().map(|s| s.as_str()).collect();
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

impl fmt::Display for Path<'_> {
    /// The path text, exactly as in the input ([`Path::as_str`]).
    ///
    /// ```
    /// use iri_abnf::Iri;
    ///
    /// let iri = Iri::parse("http://a/b%20c/d?q")?;
    /// assert_eq!(iri.path().to_string(), "/b%20c/d");
    /// assert_eq!(format!("<{}>", iri.path()), "</b%20c/d>");
    /// # Ok::<(), iri_abnf::ParseError>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.component.text)
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
        let mut st = s.serialize_struct("Path", 4)?;
        st.serialize_field("text", self.component.text)?;
        st.serialize_field("span", &self.component.span)?;
        st.serialize_field("kind", &self.kind)?;
        // From the iterator: a path of n "/" has n segments, which are never held as a list.
        st.serialize_field("segments", &SerializeSegments(self.segments()))?;
        st.end()
    }
}

/// The segments of a [`Path`] serialized as a sequence, one at a time as the iterator gives them.
#[cfg(feature = "serde")]
struct SerializeSegments<'a>(Segments<'a>);

#[cfg(feature = "serde")]
impl serde::Serialize for SerializeSegments<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.clone())
    }
}

/// The port digits, as written: they may be empty and may exceed 65535 (RFC 3986 §3.2.3: `port = *DIGIT`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Port<'a> {
    /// The digits and their span (the ":" before them is not included).
    #[cfg_attr(feature = "serde", serde(flatten))]
    component: Component<'a>,
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

impl<'a> Port<'a> {
    #[inline]
    pub(crate) fn new(component: Component<'a>) -> Self {
        Port { component }
    }

    /// The digits, as written (RFC 3986 §3.2.3), without the ":" before them; they may be empty.
    #[inline]
    pub fn as_str(&self) -> &'a str {
        self.component.text
    }

    /// Where the digits are in the input.
    #[inline]
    pub fn span(&self) -> Span {
        self.component.span
    }

    /// The digits and their span as a [`Component`].
    #[inline]
    pub fn as_component(&self) -> Component<'a> {
        self.component
    }

    /// The numeric value (RFC 3986 §3.2.3: decimal), or why there is none.
    ///
    /// ```
    /// use iri_abnf::{parse, Grammar, PortValue};
    ///
    /// let port = |s| parse(Grammar::Iri, s).unwrap().authority().unwrap().port().unwrap().value();
    /// assert_eq!(port("http://a:08080/"), PortValue::Number(8080));
    /// assert_eq!(port("http://a:/"), PortValue::Empty);
    /// assert_eq!(port("http://a:65536/"), PortValue::TooLarge);
    /// ```
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

impl fmt::Display for Port<'_> {
    /// The digits, exactly as in the input ([`Port::as_str`]): leading zeros kept, possibly empty or
    /// above 65535.
    ///
    /// ```
    /// use iri_abnf::Uri;
    ///
    /// assert_eq!(Uri::parse("http://a:08080/")?.port().unwrap().to_string(), "08080");
    /// assert_eq!(Uri::parse("http://a:/")?.port().unwrap().to_string(), "");
    /// # Ok::<(), iri_abnf::ParseError>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.component.text)
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

/// The host, as written, with its kind (RFC 3986 §3.2.2; `ihost`, 3987bis §2.2).
///
/// ```
/// use iri_abnf::{parse, Grammar, HostKind};
///
/// let r = parse(Grammar::Iri, "http://[v7.a:b]/").unwrap();
/// let host = r.authority().unwrap().host();
/// assert_eq!(host.as_str(), "[v7.a:b]");
/// assert_eq!((host.span().start, host.span().end), (7, 15));
/// match host.kind() {
///     HostKind::IpvFuture { version, address } => {
///         assert_eq!((version.as_str(), address.as_str()), ("7", "a:b"));
///     }
///     other => panic!("{other:?}"),
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Host<'a> {
    /// The host text (with the brackets of an IP-literal) and its span.
    #[cfg_attr(feature = "serde", serde(flatten))]
    component: Component<'a>,
    /// What the host is.
    #[cfg_attr(feature = "serde", serde(flatten))]
    kind: HostKind<'a>,
}

impl<'a> Host<'a> {
    #[inline]
    pub(crate) fn new(component: Component<'a>, kind: HostKind<'a>) -> Self {
        Host { component, kind }
    }

    /// The host text, as in the input, with the brackets of an `IP-literal` (RFC 3986 §3.2.2).
    #[inline]
    pub fn as_str(&self) -> &'a str {
        self.component.text
    }

    /// Where the host is in the input.
    #[inline]
    pub fn span(&self) -> Span {
        self.component.span
    }

    /// The host text and span as a [`Component`].
    #[inline]
    pub fn as_component(&self) -> Component<'a> {
        self.component
    }

    /// What the host is: the typed host (RFC 3986 §3.2.2: `IP-literal`, `IPv4address` or `reg-name`).
    #[inline]
    pub fn kind(&self) -> HostKind<'a> {
        self.kind
    }

    /// The host text, percent-decoded ([`Component::decode`]): for a `reg-name`, the name's octets
    /// (RFC 3986 §3.2.2: UTF-8 for non-ASCII names).
    #[inline]
    pub fn decode(&self) -> Decoded<'a> {
        self.component.decode()
    }

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
            HostKind::Ipv6 { address } => address.as_str().parse().ok(),
            _ => None,
        }
    }
}

impl fmt::Display for Host<'_> {
    /// The host text, exactly as in the input ([`Host::as_str`]), with the brackets of an
    /// `IP-literal` (RFC 3986 §3.2.2).
    ///
    /// ```
    /// use iri_abnf::Iri;
    ///
    /// assert_eq!(Iri::parse("http://[::1]:80/")?.host().unwrap().to_string(), "[::1]");
    /// let iri = Iri::parse("http://R%C3%A9sum%C3%A9.example/")?;
    /// assert_eq!(iri.host().unwrap().to_string(), "R%C3%A9sum%C3%A9.example");
    /// # Ok::<(), iri_abnf::ParseError>(())
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.component.text)
    }
}

/// How an IPv4 parser reads a host's text, as written (no percent-decoding): see [`ipv4_reading`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Ipv4Reading {
    /// The last label is not a number: a name, to the WHATWG URL Standard's host parser (its "ends in
    /// a number" check is false) and to `inet_aton`.
    Name,
    /// One to four numbers that make an address: the WHATWG URL Standard's IPv4 parser returns it,
    /// and `inet_aton` (POSIX `inet_addr`) reads the same address.
    Address(Ipv4Addr),
    /// The last label is a number, so the WHATWG URL Standard's host parser hands the host to its
    /// IPv4 parser, which fails (a part that is not a number, more than four parts, a value out of
    /// range): not a name, and no address either.
    Failure,
}

impl Ipv4Reading {
    /// Whether an IPv4 parser takes the host for an address ([`Ipv4Reading::Address`]) or for a
    /// failed one ([`Ipv4Reading::Failure`]), rather than for a name.
    pub fn would_parse_as_ipv4(self) -> bool {
        self != Ipv4Reading::Name
    }
}

/// How an IPv4 parser reads `host`: the host parser of the WHATWG URL Standard (§3.5 host parsing:
/// "ends in a number", then the IPv4 parser and the IPv4 number parser), which `inet_aton` agrees
/// with on every address it accepts.
///
/// The host is split at "."; one final empty part (a trailing dot) is dropped. If the last part is
/// not a number, the host is a [`Name`](Ipv4Reading::Name). Otherwise every part must be a number
/// and there may be one to four: `0x` or `0X` and hexadecimal digits (`0x` alone is 0), `0` and
/// octal digits, or decimal digits; all but the last at most 255, the last less than 256^(5 −
/// parts). The text is read as written: `%31` is not a digit and `１` (U+FF11) is not one either.
///
/// RFC 3986 §3.2.2 reads only the dotted-decimal `IPv4address` as an address and leaves the rest to
/// `reg-name`; a conversion that maps or decodes a `reg-name` must not change this reading of it
/// (see [`crate::convert::reg_name`]), or the name would turn into an IP address.
///
/// ```
/// use iri_abnf::{ipv4_reading, Ipv4Reading};
/// use std::net::Ipv4Addr;
///
/// let localhost = Ipv4Reading::Address(Ipv4Addr::new(127, 0, 0, 1));
/// for host in ["127.0.0.1", "127.1", "0x7f.1", "0X7F.0.0.1.", "017700000001", "2130706433"] {
///     assert_eq!(ipv4_reading(host), localhost, "{host}");
/// }
/// assert_eq!(ipv4_reading("example.com"), Ipv4Reading::Name);
/// assert_eq!(ipv4_reading("%31%32%37.a"), Ipv4Reading::Name);
/// assert_eq!(ipv4_reading("a.1"), Ipv4Reading::Failure);
/// assert_eq!(ipv4_reading("%31%32%37.1"), Ipv4Reading::Failure);
/// assert_eq!(ipv4_reading("1.2.3.256"), Ipv4Reading::Failure);
/// assert!(!ipv4_reading("0x7g").would_parse_as_ipv4());
/// ```
pub fn ipv4_reading(host: &str) -> Ipv4Reading {
    let host = match host.strip_suffix('.') {
        Some(h) if !h.is_empty() => h,
        _ => host,
    };
    // "Ends in a number": the last part is all digits or an IPv4 number. Most names do not, and
    // are told apart here, before their parts are collected.
    let last = host.rsplit('.').next().unwrap_or("");
    let ends_in_a_number = (!last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()))
        || ipv4_number(last).is_some();
    if !ends_in_a_number {
        return Ipv4Reading::Name;
    }
    let parts: Vec<&str> = host.split('.').collect();
    if parts.len() > 4 {
        return Ipv4Reading::Failure;
    }
    let Some(numbers) = parts
        .iter()
        .map(|p| ipv4_number(p))
        .collect::<Option<Vec<u64>>>()
    else {
        return Ipv4Reading::Failure;
    };
    let (&last, rest) = numbers.split_last().unwrap_or((&0, &[]));
    if rest.iter().any(|&n| n > 255) || last >= 256u64.pow(5 - numbers.len() as u32) {
        return Ipv4Reading::Failure;
    }
    let mut address = last;
    for (i, &n) in rest.iter().enumerate() {
        address += n << (8 * (3 - i));
    }
    u32::try_from(address).map_or(Ipv4Reading::Failure, |a| {
        Ipv4Reading::Address(Ipv4Addr::from(a))
    })
}

/// The IPv4 number parser of the WHATWG URL Standard: `0x`/`0X` and hexadecimal digits, `0` and
/// octal digits, or decimal digits; `None` for anything else. A value beyond `u64` is `u64::MAX`, out
/// of range as well.
fn ipv4_number(part: &str) -> Option<u64> {
    if part.is_empty() {
        return None;
    }
    let (digits, radix) =
        if let Some(hex) = part.strip_prefix("0x").or_else(|| part.strip_prefix("0X")) {
            (hex, 16)
        } else if part.len() >= 2 && part.starts_with('0') {
            (&part[1..], 8)
        } else {
            (part, 10)
        };
    if digits.is_empty() {
        return Some(0);
    }
    if !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    // Every character is a digit, so only a value of more than 64 bits fails, and that is out of
    // range anyway.
    Some(u64::from_str_radix(digits, radix).unwrap_or(u64::MAX))
}

/// The authority component (RFC 3986 §3.2; `iauthority`, 3987bis §2.2):
/// `[ userinfo "@" ] host [ ":" port ]`.
///
/// ```
/// use iri_abnf::{parse, Grammar, PortValue};
///
/// let r = parse(Grammar::Iri, "http://us%C3%A9r@example.org:8042/").unwrap();
/// let auth = r.authority().unwrap();
/// assert_eq!(auth.as_str(), "us%C3%A9r@example.org:8042");
/// assert_eq!((auth.span().start, auth.span().end), (7, 33));
/// assert_eq!(auth.userinfo().unwrap().decode().to_str().unwrap(), "usér");
/// assert_eq!(auth.host().as_str(), "example.org");
/// assert_eq!(auth.port().unwrap().value(), PortValue::Number(8042));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Authority<'a> {
    /// The whole authority (without the leading "//").
    #[cfg_attr(feature = "serde", serde(flatten))]
    component: Component<'a>,
    /// The userinfo, when there is an "@" (it may be empty).
    userinfo: Option<Component<'a>>,
    /// The host (always present, possibly an empty reg-name).
    host: Host<'a>,
    /// The port, when there is a ":" after the host (it may be empty).
    port: Option<Port<'a>>,
}

impl<'a> Authority<'a> {
    /// The whole authority, as in the input, without the leading "//" (RFC 3986 §3.2).
    #[inline]
    pub fn as_str(&self) -> &'a str {
        self.component.text
    }

    /// Where the authority is in the input.
    #[inline]
    pub fn span(&self) -> Span {
        self.component.span
    }

    /// The whole authority's text and span as a [`Component`].
    #[inline]
    pub fn as_component(&self) -> Component<'a> {
        self.component
    }

    /// The userinfo (RFC 3986 §3.2.1), without the "@", when there is an "@"; it may be empty.
    #[inline]
    pub fn userinfo(&self) -> Option<Component<'a>> {
        self.userinfo
    }

    /// The host (RFC 3986 §3.2.2): always present, possibly an empty `reg-name`.
    #[inline]
    pub fn host(&self) -> Host<'a> {
        self.host
    }

    /// The port (RFC 3986 §3.2.3), without the ":", when a ":" follows the host; it may be empty.
    #[inline]
    pub fn port(&self) -> Option<Port<'a>> {
        self.port
    }
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

    /// The offsets (the typed identifiers keep them beside their own storage).
    #[inline]
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
/// normalization ([`crate::normalize::normalize()`]) and relativization ([`crate::relativize()`]) return it.
///
/// ```
/// use iri_abnf::{resolve, Grammar};
///
/// let t = resolve(Grammar::Iri, "http://a/b/c/d;p?q", "../g?y#s").unwrap();
/// assert_eq!(t, "http://a/b/g?y#s");
/// assert_eq!(t.path().as_str(), "/b/g");
/// assert_eq!(t.query().unwrap().span().start, 13);
/// assert_eq!(t.fragment().unwrap().as_str(), "s");
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

impl<'a> Components<'a> {
    /// The text the start rule matched, with its span, as a [`Component`] (for a
    /// [`Components::Reference`], the whole input).
    ///
    /// ```
    /// use iri_abnf::{parse_components, Grammar, Rule};
    ///
    /// let c = parse_components(Grammar::Iri, Rule::Ihost, "r%C3%A9sum%C3%A9.example").unwrap();
    /// assert_eq!(c.as_component().as_str(), "r%C3%A9sum%C3%A9.example");
    /// assert_eq!(c.as_component().decode().to_str().unwrap(), "résumé.example");
    /// ```
    pub fn as_component(&self) -> Component<'a> {
        match self {
            Components::Reference(r) => Component::new(
                r.as_str(),
                Span {
                    start: 0,
                    end: r.as_str().len(),
                },
            ),
            Components::Authority(a) => a.as_component(),
            Components::Host(h) => h.as_component(),
            Components::Port(p) => p.as_component(),
            Components::Path(p) => p.as_component(),
            Components::Text(c) => *c,
        }
    }
}

impl fmt::Display for Components<'_> {
    /// The text the start rule matched, exactly as in the input ([`Components::as_component`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_component().text)
    }
}

#[cfg(test)]
mod decode_tests {
    use super::*;
    use std::borrow::Cow;

    fn decoded(text: &str) -> Decoded<'_> {
        Component::new(
            text,
            Span {
                start: 0,
                end: text.len(),
            },
        )
        .decode()
    }

    #[test]
    fn utf8_triplets_decode_to_a_string() {
        let d = decoded("r%C3%A9sum%C3%A9");
        assert!(d.has_percent());
        assert_eq!(d.as_encoded(), "r%C3%A9sum%C3%A9");
        assert_eq!(d.to_bytes(), "résumé".as_bytes());
        assert!(matches!(d.to_str(), Ok(Cow::Owned(s)) if s == "résumé"));
        assert_eq!(d.to_string_lossy(), "résumé");
        // Lowercase hex digits are the same octets (RFC 3986 §2.1).
        assert_eq!(decoded("%c3%a9").to_str().unwrap(), "é");
    }

    #[test]
    fn octets_that_are_not_utf8_are_bytes_only() {
        let d = decoded("%FF");
        assert_eq!(d.to_bytes(), [0xFF].as_slice());
        let err = d.to_str().unwrap_err();
        assert_eq!(err.valid_up_to(), 0);
        assert_eq!(d.to_string_lossy(), "\u{FFFD}");
        assert_eq!(decoded("a%E9b").to_string_lossy(), "a\u{FFFD}b");
    }

    #[test]
    fn no_percent_borrows() {
        let d = decoded("résumé/x");
        assert!(!d.has_percent());
        assert!(matches!(d.to_bytes(), Cow::Borrowed(b) if b == "résumé/x".as_bytes()));
        assert!(matches!(d.to_str(), Ok(Cow::Borrowed("résumé/x"))));
        assert!(matches!(d.to_string_lossy(), Cow::Borrowed("résumé/x")));
        assert!(matches!(decoded("").to_str(), Ok(Cow::Borrowed(""))));
    }

    #[test]
    fn only_triplets_decode() {
        // A "%" without two hex digits after it (not in a valid reference) stays as it is.
        assert_eq!(decoded("%").to_bytes(), b"%".as_slice());
        assert_eq!(decoded("%4").to_bytes(), b"%4".as_slice());
        assert_eq!(decoded("%zz%41").to_bytes(), b"%zzA".as_slice());
        // Decoding is done once: "%2541" is "%41", not "A".
        assert_eq!(decoded("%2541").to_str().unwrap(), "%41");
        // Delimiters decode like any other octet (RFC 3986 §2.4).
        assert_eq!(decoded("a%2Fb%3F").to_str().unwrap(), "a/b?");
    }

    #[test]
    fn every_component_type_decodes() {
        let input = "http://%C3%A9@%C3%A9.x:80/%C3%A9/b?%C3%A9#%C3%A9";
        let r = crate::parsing::split::parse(Grammar::Iri, input).unwrap();
        let a = r.authority().unwrap();
        for c in [
            r.scheme().unwrap(),
            a.as_component(),
            a.userinfo().unwrap(),
            a.host().as_component(),
            a.port().unwrap().as_component(),
            r.path().as_component(),
            r.query().unwrap(),
            r.fragment().unwrap(),
        ] {
            assert_eq!(c.as_str(), &input[c.span().start..c.span().end]);
        }
        assert_eq!(a.userinfo().unwrap().decode().to_str().unwrap(), "é");
        assert_eq!(a.host().decode().to_str().unwrap(), "é.x");
        assert_eq!(a.as_component().decode().to_str().unwrap(), "é@é.x:80");
        assert_eq!(r.path().decode().to_str().unwrap(), "/é/b");
        let segments: Vec<_> = r
            .path()
            .segments()
            .map(|s| s.decode().to_str().unwrap().into_owned())
            .collect();
        assert_eq!(segments, ["é", "b"]);
        assert_eq!(r.query().unwrap().decode().to_str().unwrap(), "é");
        assert_eq!(r.fragment().unwrap().decode().to_str().unwrap(), "é");
        assert_eq!(a.port().unwrap().as_str(), "80");
        assert_eq!(a.port().unwrap().span(), Span { start: 23, end: 25 });
        assert_eq!(r.path().kind(), PathKind::Abempty);
        assert_eq!(a.host().kind(), HostKind::RegName);
    }
}
