//! Assembling an identifier from its components (RFC 3986 §5.3), each percent-encoded as its place
//! requires (RFC 3986 §2.1, 3987bis §3.1).

use super::{checked_meta, Iri, IriRef, Uri, UriRef};
use crate::characters::{is_iprivate, is_sub_delim, is_ucschar, is_unreserved, push_pct_utf8};
use crate::components::Meta;
use crate::convert::{ConvertError, ConvertErrorKind};
use crate::grammar::Grammar;
use crate::rule::Rule;

/// Assembles a [`Uri`], [`UriRef`], [`Iri`] or [`IriRef`] from the text of its components.
///
/// Each component is given as text, not percent-encoded: every character its place in the grammar
/// does not allow is written as the `%HH` triplets of its UTF-8 octets (RFC 3986 §2.1; 3987bis
/// §3.1), a "%" too (as `%25`), so that [`Component::decode`](crate::Component::decode) of the
/// built component gives the text back. An IRI keeps the characters of `ucschar` (and `iprivate` in
/// the query, 3987bis §2.2); a URI has them percent-encoded, the host too (3987bis §3.4.1).
///
/// What cannot be written in its place is refused with a [`ConvertError`] of kind
/// [`ConvertErrorKind::Unencodable`], whose offset is in the text of that component:
///
/// - a scheme that is not `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (RFC 3986 §3.1: a scheme has no
///   percent-encoding), or no scheme for a [`Uri`] or an [`Iri`];
/// - a host with "[" or "]" that is not an `IP-literal` (RFC 3986 §3.2.2: the brackets delimit an
///   IPv6 or future address; in a `reg-name` they are refused, not encoded);
/// - a userinfo or port without a host (RFC 3986 §3.2: they belong to an authority);
/// - a path that does not begin with "/" after an authority, or that begins with "//" without one
///   (RFC 3986 §3.3).
///
/// A relative-path reference whose first segment has a ":" is written after `./` (RFC 3986 §4.2),
/// which resolves to the same target.
///
/// ```
/// use iri_abnf::convert::ConvertErrorKind;
/// use iri_abnf::Builder;
///
/// let b = Builder::new()
///     .scheme("http")
///     .host("r\u{E9}sum\u{E9}.example")
///     .port(8080)
///     .path("/a b/100%")
///     .query("q=\u{E9}t\u{E9}&r=#1");
/// let iri = b.build_iri().unwrap();
/// assert_eq!(iri, "http://r\u{E9}sum\u{E9}.example:8080/a%20b/100%25?q=\u{E9}t\u{E9}&r=%231");
/// assert_eq!(iri.path().segments().nth(1).unwrap().decode().to_str().unwrap(), "100%");
/// let uri = b.build_uri().unwrap();
/// assert_eq!(uri, "http://r%C3%A9sum%C3%A9.example:8080/a%20b/100%25?q=%C3%A9t%C3%A9&r=%231");
///
/// let err = Builder::new().scheme("http").host("a[b").build_iri().unwrap_err();
/// assert_eq!(err.offset, 1);
/// assert!(matches!(err.kind, ConvertErrorKind::Unencodable { component: "host", .. }));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Builder<'a> {
    scheme: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<u16>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
}

/// Where a component goes: which characters it keeps as they are.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    /// `iuserinfo = *( iunreserved / pct-encoded / sub-delims / ":" )`
    Userinfo,
    /// `ireg-name = *( iunreserved / pct-encoded / sub-delims )`
    RegName,
    /// `ipath-*`: segments of `ipchar` separated by "/".
    Path,
    /// `iquery = *( ipchar / iprivate / "/" / "?" )`
    Query,
    /// `ifragment = *( ipchar / "/" / "?" )`
    Fragment,
}

/// Whether `c` stands for itself in `place`: in an IRI when `iri`, in a URI otherwise.
fn keeps(place: Place, c: char, iri: bool) -> bool {
    let iunreserved = is_unreserved(c) || (iri && is_ucschar(c));
    let ipchar = iunreserved || is_sub_delim(c) || matches!(c, ':' | '@');
    match place {
        Place::Userinfo => iunreserved || is_sub_delim(c) || c == ':',
        Place::RegName => iunreserved || is_sub_delim(c),
        Place::Path => ipchar || c == '/',
        Place::Query => ipchar || matches!(c, '/' | '?') || (iri && is_iprivate(c)),
        Place::Fragment => ipchar || matches!(c, '/' | '?'),
    }
}

/// Writes `text` into `out` with every character that `place` does not keep percent-encoded.
fn push_encoded(out: &mut String, text: &str, place: Place, iri: bool) {
    for c in text.chars() {
        if keeps(place, c, iri) {
            out.push(c);
        } else {
            push_pct_utf8(out, c);
        }
    }
}

/// The refusal of a component.
fn refuse(component: &'static str, offset: usize, reason: &'static str) -> ConvertError {
    ConvertError {
        offset,
        kind: ConvertErrorKind::Unencodable { component, reason },
    }
}

impl<'a> Builder<'a> {
    /// A builder with no component: it builds the empty relative reference.
    pub fn new() -> Self {
        Builder::default()
    }

    /// The scheme (RFC 3986 §3.1), without the ":".
    pub fn scheme(mut self, scheme: &'a str) -> Self {
        self.scheme = Some(scheme);
        self
    }

    /// The userinfo of the authority (RFC 3986 §3.2.1), without the "@"; it needs a host.
    pub fn userinfo(mut self, userinfo: &'a str) -> Self {
        self.userinfo = Some(userinfo);
        self
    }

    /// The host (RFC 3986 §3.2.2), which makes an authority: an `IP-literal` in brackets, kept as it
    /// is, or a registered name (or IPv4 address), percent-encoded where needed. It may be empty.
    pub fn host(mut self, host: &'a str) -> Self {
        self.host = Some(host);
        self
    }

    /// The port (RFC 3986 §3.2.3); it needs a host.
    pub fn port(mut self, port: u16) -> Self {
        self.port = Some(port);
        self
    }

    /// The path (RFC 3986 §3.3), with "/" between its segments; empty unless set.
    pub fn path(mut self, path: &'a str) -> Self {
        self.path = path;
        self
    }

    /// The query (RFC 3986 §3.4), without the "?".
    pub fn query(mut self, query: &'a str) -> Self {
        self.query = Some(query);
        self
    }

    /// The fragment (RFC 3986 §3.5), without the "#".
    pub fn fragment(mut self, fragment: &'a str) -> Self {
        self.fragment = Some(fragment);
        self
    }

    /// An [`Iri`] of 3987bis (§2.2); it needs a scheme.
    pub fn build_iri(&self) -> Result<Iri<String>, ConvertError> {
        let (text, meta) = self.build(true, true)?;
        Ok(Iri { text, meta })
    }

    /// An [`IriRef`] of 3987bis (§2.2).
    pub fn build_iri_ref(&self) -> Result<IriRef<String>, ConvertError> {
        let (text, meta) = self.build(true, false)?;
        Ok(IriRef { text, meta })
    }

    /// A [`Uri`] (RFC 3986 §3); it needs a scheme.
    pub fn build_uri(&self) -> Result<Uri<String>, ConvertError> {
        let (text, meta) = self.build(false, true)?;
        Ok(Uri { text, meta })
    }

    /// A [`UriRef`] (RFC 3986 §4.1).
    pub fn build_uri_ref(&self) -> Result<UriRef<String>, ConvertError> {
        let (text, meta) = self.build(false, false)?;
        Ok(UriRef { text, meta })
    }

    /// The text (RFC 3986 §5.3 recomposition of the encoded components) and its offsets, as a
    /// string of the absolute or the reference rule of the `iri` or the `uri` grammar.
    fn build(&self, iri: bool, absolute: bool) -> Result<(String, Meta), ConvertError> {
        let mut out = String::new();
        if let Some(scheme) = self.scheme {
            // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
            let bad = scheme.char_indices().find(|&(i, c)| {
                !(c.is_ascii_alphabetic()
                    || (i > 0 && (c.is_ascii_digit() || matches!(c, '+' | '-' | '.'))))
            });
            if let Some((i, _)) = bad {
                return Err(refuse(
                    "scheme",
                    i,
                    "a scheme is a letter followed by letters, digits, \"+\", \"-\" and \".\", \
                     and is never percent-encoded (RFC 3986 §3.1)",
                ));
            }
            if scheme.is_empty() {
                return Err(refuse(
                    "scheme",
                    0,
                    "a scheme has at least one letter (RFC 3986 §3.1)",
                ));
            }
            out.push_str(scheme);
            out.push(':');
        } else if absolute {
            return Err(refuse(
                "scheme",
                0,
                "an absolute identifier has a scheme (RFC 3986 §3, §4.3)",
            ));
        }
        let has_authority = self.host.is_some() || self.userinfo.is_some() || self.port.is_some();
        if has_authority {
            let Some(host) = self.host else {
                return Err(refuse(
                    "host",
                    0,
                    "a userinfo or a port belongs to an authority, which has a host (RFC 3986 §3.2)",
                ));
            };
            out.push_str("//");
            if let Some(userinfo) = self.userinfo {
                push_encoded(&mut out, userinfo, Place::Userinfo, iri);
                out.push('@');
            }
            if host.starts_with('[') {
                if crate::parsing::split::is_valid(Grammar::Uri, Rule::IpLiteral, host)
                    != Some(true)
                {
                    return Err(refuse(
                        "host",
                        0,
                        "a host in brackets is an IP-literal: an IPv6address or an IPvFuture \
                         (RFC 3986 §3.2.2)",
                    ));
                }
                out.push_str(host);
            } else if let Some(i) = host.find(['[', ']']) {
                return Err(refuse(
                    "host",
                    i,
                    "\"[\" and \"]\" only delimit an IP-literal (RFC 3986 §3.2.2); in a \
                     registered name they are refused, not percent-encoded",
                ));
            } else {
                push_encoded(&mut out, host, Place::RegName, iri);
            }
            if let Some(port) = self.port {
                out.push(':');
                out.push_str(&port.to_string());
            }
            if !self.path.is_empty() && !self.path.starts_with('/') {
                return Err(refuse(
                    "path",
                    0,
                    "after an authority the path is empty or begins with \"/\" (RFC 3986 §3.3)",
                ));
            }
        } else if self.path.starts_with("//") {
            return Err(refuse(
                "path",
                0,
                "without an authority the path cannot begin with \"//\" (RFC 3986 §3.3)",
            ));
        } else if self.scheme.is_none()
            && self
                .path
                .split('/')
                .next()
                .is_some_and(|first| first.contains(':'))
        {
            // RFC 3986 §4.2: "Such a segment must be preceded by a dot-segment".
            out.push_str("./");
        }
        push_encoded(&mut out, self.path, Place::Path, iri);
        if let Some(query) = self.query {
            out.push('?');
            push_encoded(&mut out, query, Place::Query, iri);
        }
        if let Some(fragment) = self.fragment {
            out.push('#');
            push_encoded(&mut out, fragment, Place::Fragment, iri);
        }
        let grammar = if iri { Grammar::Iri } else { Grammar::Uri };
        let rule = match (iri, absolute) {
            (true, true) => Rule::Iri,
            (true, false) => Rule::IriReference,
            (false, true) => Rule::Uri,
            (false, false) => Rule::UriReference,
        };
        // Every component was checked or encoded for its place, so the text matches the rule; the
        // check makes that sure, and its error would name what does not.
        let meta = checked_meta(grammar, rule, &out)?;
        Ok((out, meta))
    }
}
