//! Assembling an identifier from its components (RFC 3986 §5.3), each percent-encoded as its place
//! requires (RFC 3986 §2.1, 3987bis §3.1) and as 3987bis §4.1 asks of IRIs when they are created.

use super::{checked_meta, Iri, IriRef, Uri, UriRef};
use crate::characters::{
    decodes_to_iri, is_kept_invisible, is_sub_delim, is_unreserved, push_pct_utf8,
};
use crate::convert::{ConvertError, ConvertErrorKind};
use crate::grammar::rule::Rule;
use crate::grammar::Grammar;
use crate::parsing::components::{Meta, Reference};

/// Assembles a [`Uri`], [`UriRef`], [`Iri`] or [`IriRef`] from the text of its components.
///
/// Each component is given as text, not percent-encoded: every character its place in the grammar
/// does not allow is written as the `%HH` triplets of its UTF-8 octets (RFC 3986 §2.1; 3987bis
/// §3.1), a "%" too (as `%25`), so that [`Component::decode`](crate::Component::decode) of the
/// built component gives the text back. A URI has every character outside US-ASCII
/// percent-encoded, the host's too (3987bis §3.4.1).
///
/// An IRI keeps as they are the characters of `ucschar` (and `iprivate` in the query, 3987bis
/// §2.2) but those that §4.1 says to avoid "when IRIs are created": the characters of
/// [`not_appropriate`](crate::characters::not_appropriate), the set that URI-to-IRI conversion
/// keeps percent-encoded (§3.7 step 4) and normalization never decodes, among them the bidi
/// formatting characters (RFC 3987 §4.1), the invisible and format characters, and the
/// look-alikes of space and of the delimiters. Those are percent-encoded too, so that the IRI
/// built is the one [`Uri::to_iri`] gives of the URI built (the host apart, where §3.7 step 6
/// converts A-labels). Where no percent-encoding is allowed (the scheme, an `IP-literal`) they are
/// refused.
///
/// The `_encoded` setters ([`Builder::path_encoded`], [`Builder::query_encoded`], …) take a
/// component already percent-encoded: its `%HH` triplets are kept as they are, and the text is
/// checked against the component's rule of 3987bis §2.2 instead of being encoded (a `%` that
/// does not begin a triplet, a space, a `#` in a query, are refused at their offset). Its
/// characters outside US-ASCII are treated as above: kept in an IRI unless §4.1 says otherwise,
/// percent-encoded in a URI (§3.3). [`Builder::from`] an identifier, or `to_builder()`, starts
/// from the components of an identifier this way, to change some of them.
///
/// A host given to [`Builder::host`] that is an `IPv6address` (or an `IPvFuture` with a ":") is
/// written as the `IP-literal` that holds it, in brackets (RFC 3986 §3.2.2). In a registered name of
/// an IRI, the joiners and variation selectors that text needs stay characters only in a label that
/// is valid IDNA2008 (the CONTEXTJ rules of RFC 5892 hold: `pay\u{200D}pal` is written
/// `pay%E2%80%8Dpal`).
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
///   (RFC 3986 §3.3);
/// - the text given to an `_encoded` setter where it does not match the component's rule.
///
/// A relative-path reference whose first segment has a ":" is written after `./` (RFC 3986 §4.2),
/// which resolves to the same target.
///
/// ```
/// use iri_abnf::convert::ConvertErrorKind;
/// use iri_abnf::{Builder, Iri};
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
/// // 3987bis §4.1: a bidi override, a look-alike of "/" and an invisible character are
/// // percent-encoded; an IPv6 address becomes an IP-literal.
/// let iri = Builder::new()
///     .scheme("http")
///     .host("::1")
///     .path("/\u{202E}txt.exe/a\u{2215}b/\u{FEFF}")
///     .build_iri()
///     .unwrap();
/// assert_eq!(iri, "http://[::1]/%E2%80%AEtxt.exe/a%E2%88%95b/%EF%BB%BF");
///
/// // Already percent-encoded: kept, and checked.
/// let iri = Builder::new().scheme("http").host("a").path_encoded("/%41/b%20c").build_iri().unwrap();
/// assert_eq!(iri, "http://a/%41/b%20c");
/// let err = Builder::new().scheme("http").host("a").path_encoded("/a b").build_iri().unwrap_err();
/// assert_eq!(err.offset, 2);
///
/// // From an identifier, to change a component.
/// let base = Iri::parse("http://a/p?q#f").unwrap();
/// assert_eq!(Builder::from(&base).path("/\u{E9}").build_iri().unwrap(), "http://a/\u{E9}?q#f");
///
/// let err = Builder::new().scheme("http").host("a[b").build_iri().unwrap_err();
/// assert_eq!(err.offset, 1);
/// assert!(matches!(err.kind, ConvertErrorKind::Unencodable { component: "host", .. }));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Builder<'a> {
    scheme: Option<&'a str>,
    userinfo: Option<Text<'a>>,
    host: Option<Text<'a>>,
    port: Option<PortText<'a>>,
    path: Text<'a>,
    query: Option<Text<'a>>,
    fragment: Option<Text<'a>>,
}

/// The text of a component, as given to the builder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Text<'a> {
    /// Text to percent-encode for its place.
    Plain(&'a str),
    /// Text already percent-encoded, checked against the component's rule.
    Encoded(&'a str),
}

impl Default for Text<'_> {
    fn default() -> Self {
        Text::Plain("")
    }
}

impl<'a> Text<'a> {
    fn as_str(self) -> &'a str {
        match self {
            Text::Plain(s) | Text::Encoded(s) => s,
        }
    }
}

/// The port, as a number or as the digits of an identifier (`port = *DIGIT`, RFC 3986 §3.2.3:
/// possibly empty, with leading zeros or above 65535).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PortText<'a> {
    Number(u16),
    Digits(&'a str),
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

impl Place {
    /// The component's name in the errors.
    fn name(self) -> &'static str {
        match self {
            Place::Userinfo => "userinfo",
            Place::RegName => "host",
            Place::Path => "path",
            Place::Query => "query",
            Place::Fragment => "fragment",
        }
    }

    /// Why an `_encoded` text was refused.
    fn encoded_reason(self) -> &'static str {
        match self {
            Place::Userinfo => {
                "an encoded userinfo is `iuserinfo`: iunreserved, sub-delims, \":\" and \"%\" \
                 followed by two hexadecimal digits (RFC 3986 §2.1, §3.2.1; 3987bis §2.2)"
            }
            Place::RegName => {
                "an encoded host is `ihost`: an IP-literal in brackets, an IPv4address, or a \
                 registered name of iunreserved, sub-delims and \"%\" followed by two hexadecimal \
                 digits (RFC 3986 §2.1, §3.2.2; 3987bis §2.2)"
            }
            Place::Path => {
                "an encoded path is segments of `ipchar` (iunreserved, sub-delims, \":\", \"@\" and \
                 \"%\" followed by two hexadecimal digits) separated by \"/\" (RFC 3986 §2.1, \
                 §3.3; 3987bis §2.2)"
            }
            Place::Query => {
                "an encoded query is `iquery`: ipchar, iprivate, \"/\", \"?\" and \"%\" followed by \
                 two hexadecimal digits (RFC 3986 §2.1, §3.4; 3987bis §2.2)"
            }
            Place::Fragment => {
                "an encoded fragment is `ifragment`: ipchar, \"/\", \"?\" and \"%\" followed by two \
                 hexadecimal digits (RFC 3986 §2.1, §3.5; 3987bis §2.2)"
            }
        }
    }
}

impl Place {
    /// The component as the characters of 3987bis §4.1 take it (a look-alike of "." is one to
    /// avoid in a host only).
    fn characters(self) -> crate::characters::Place {
        match self {
            Place::Userinfo => crate::characters::Place::Userinfo,
            Place::RegName => crate::characters::Place::Host,
            Place::Path => crate::characters::Place::Path,
            Place::Query => crate::characters::Place::Query,
            Place::Fragment => crate::characters::Place::Fragment,
        }
    }
}

/// Whether `c` stands for itself in `place`: in an IRI when `iri`, in a URI otherwise. A character
/// outside US-ASCII does in an IRI when URI-to-IRI conversion would decode it there
/// ([`decodes_to_iri`]: `ucschar`, `iprivate` in the query, and not one of the characters that
/// 3987bis §4.1 says to avoid); never in a URI (3987bis §3.3).
fn keeps(place: Place, c: char, iri: bool) -> bool {
    if !c.is_ascii() {
        return iri && decodes_to_iri(c, place.characters());
    }
    let ipchar = is_unreserved(c) || is_sub_delim(c) || matches!(c, ':' | '@');
    match place {
        Place::Userinfo => is_unreserved(c) || is_sub_delim(c) || c == ':',
        Place::RegName => is_unreserved(c) || is_sub_delim(c),
        Place::Path => ipchar || c == '/',
        Place::Query | Place::Fragment => ipchar || matches!(c, '/' | '?'),
    }
}

/// Writes `text` into `out` for `place`: every character that `place` does not keep
/// percent-encoded, or, for an already encoded text (which matches the component's rule), every
/// character outside US-ASCII that it does not keep.
fn push_text(out: &mut String, text: Text<'_>, place: Place, iri: bool) {
    let (text, encoded) = match text {
        Text::Plain(s) => (s, false),
        Text::Encoded(s) => (s, true),
    };
    for c in text.chars() {
        if keeps(place, c, iri) || (encoded && c.is_ascii()) {
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

/// Checks an already encoded `text` against `rule` of the `iri` grammar (3987bis §2.2): the
/// refusal is at the offset where the text goes wrong.
fn check_encoded(text: &str, rule: Rule, place: Place) -> Result<(), ConvertError> {
    match crate::syntax::validate(Grammar::Iri, rule, text) {
        Ok(()) => Ok(()),
        Err(e) => Err(refuse(place.name(), e.offset, place.encoded_reason())),
    }
}

/// Whether a host given without brackets is an address that only an `IP-literal` can hold (RFC
/// 3986 §3.2.2): an `IPv6address`, or an `IPvFuture` with a ":" (one without is a `reg-name` as
/// well, and stays one).
fn needs_brackets(host: &str) -> bool {
    host.contains(':')
        && [Rule::Ipv6address, Rule::IpvFuture]
            .into_iter()
            .any(|rule| crate::syntax::validate(Grammar::Uri, rule, host).is_ok())
}

impl<'a> Builder<'a> {
    /// A builder with no component: it builds the empty relative reference.
    pub fn new() -> Self {
        Builder::default()
    }

    /// The components of `r`, as written ([`Builder::from`]).
    pub(crate) fn from_reference(r: Reference<'a>) -> Self {
        let authority = r.authority();
        Builder {
            scheme: r.scheme().map(|c| c.as_str()),
            userinfo: authority
                .and_then(|a| a.userinfo())
                .map(|c| Text::Encoded(c.as_str())),
            host: authority.map(|a| Text::Encoded(a.host().as_str())),
            port: authority
                .and_then(|a| a.port())
                .map(|p| PortText::Digits(p.as_str())),
            path: Text::Encoded(r.path().as_str()),
            query: r.query().map(|c| Text::Encoded(c.as_str())),
            fragment: r.fragment().map(|c| Text::Encoded(c.as_str())),
        }
    }

    /// The scheme (RFC 3986 §3.1), without the ":".
    pub fn scheme(mut self, scheme: &'a str) -> Self {
        self.scheme = Some(scheme);
        self
    }

    /// The userinfo of the authority (RFC 3986 §3.2.1), without the "@"; it needs a host.
    pub fn userinfo(mut self, userinfo: &'a str) -> Self {
        self.userinfo = Some(Text::Plain(userinfo));
        self
    }

    /// The userinfo, already percent-encoded: an `iuserinfo` (3987bis §2.2) whose `%HH` triplets
    /// are kept as they are (see [`Builder`]).
    pub fn userinfo_encoded(mut self, userinfo: &'a str) -> Self {
        self.userinfo = Some(Text::Encoded(userinfo));
        self
    }

    /// The host (RFC 3986 §3.2.2), which makes an authority: an `IP-literal` in brackets, kept as it
    /// is; an `IPv6address` (or an `IPvFuture` with a ":") without them, written in brackets as
    /// the `IP-literal` that holds it; or a registered name (or IPv4 address), percent-encoded
    /// where needed. It may be empty.
    ///
    /// ```
    /// use iri_abnf::Builder;
    ///
    /// let uri = Builder::new().scheme("http").host("2001:db8::1").port(8080).build_uri().unwrap();
    /// assert_eq!(uri, "http://[2001:db8::1]:8080");
    /// assert_eq!(uri.host().unwrap().ipv6(), Some("2001:db8::1".parse().unwrap()));
    /// ```
    pub fn host(mut self, host: &'a str) -> Self {
        self.host = Some(Text::Plain(host));
        self
    }

    /// The host, already percent-encoded: an `ihost` (3987bis §2.2; an `IP-literal`, an
    /// `IPv4address` or an `ireg-name` whose `%HH` triplets are kept as they are), or an
    /// `IPv6address` without brackets as [`Builder::host`] takes it.
    pub fn host_encoded(mut self, host: &'a str) -> Self {
        self.host = Some(Text::Encoded(host));
        self
    }

    /// The port (RFC 3986 §3.2.3); it needs a host.
    pub fn port(mut self, port: u16) -> Self {
        self.port = Some(PortText::Number(port));
        self
    }

    /// The path (RFC 3986 §3.3), with "/" between its segments; empty unless set.
    pub fn path(mut self, path: &'a str) -> Self {
        self.path = Text::Plain(path);
        self
    }

    /// The path, already percent-encoded: segments of `ipchar` separated by "/" (3987bis §2.2),
    /// whose `%HH` triplets are kept as they are: `path_encoded("/a%2Fb")` has one segment,
    /// `path("/a%2Fb")` writes `/a%252Fb`.
    pub fn path_encoded(mut self, path: &'a str) -> Self {
        self.path = Text::Encoded(path);
        self
    }

    /// The query (RFC 3986 §3.4), without the "?".
    pub fn query(mut self, query: &'a str) -> Self {
        self.query = Some(Text::Plain(query));
        self
    }

    /// The query, already percent-encoded: an `iquery` (3987bis §2.2) whose `%HH` triplets are
    /// kept as they are, `&` and `=` with them (`query_encoded("q=a%26b&r=1")` has two pairs).
    pub fn query_encoded(mut self, query: &'a str) -> Self {
        self.query = Some(Text::Encoded(query));
        self
    }

    /// The fragment (RFC 3986 §3.5), without the "#".
    pub fn fragment(mut self, fragment: &'a str) -> Self {
        self.fragment = Some(Text::Plain(fragment));
        self
    }

    /// The fragment, already percent-encoded: an `ifragment` (3987bis §2.2) whose `%HH` triplets
    /// are kept as they are.
    pub fn fragment_encoded(mut self, fragment: &'a str) -> Self {
        self.fragment = Some(Text::Encoded(fragment));
        self
    }

    /// No scheme: the builder builds a relative reference.
    pub fn clear_scheme(mut self) -> Self {
        self.scheme = None;
        self
    }

    /// No authority: no userinfo, host or port.
    pub fn clear_authority(mut self) -> Self {
        self.userinfo = None;
        self.host = None;
        self.port = None;
        self
    }

    /// No userinfo (and no "@").
    pub fn clear_userinfo(mut self) -> Self {
        self.userinfo = None;
        self
    }

    /// No port (and no ":" after the host).
    pub fn clear_port(mut self) -> Self {
        self.port = None;
        self
    }

    /// No query (and no "?").
    pub fn clear_query(mut self) -> Self {
        self.query = None;
        self
    }

    /// No fragment (and no "#").
    ///
    /// ```
    /// use iri_abnf::Iri;
    ///
    /// let iri = Iri::parse("http://u@a:81/p?q#f").unwrap();
    /// let b = iri.to_builder().clear_fragment().clear_query().clear_port().clear_userinfo();
    /// assert_eq!(b.build_iri().unwrap(), "http://a/p");
    /// assert_eq!(b.clear_authority().clear_scheme().build_iri_ref().unwrap(), "/p");
    /// ```
    pub fn clear_fragment(mut self) -> Self {
        self.fragment = None;
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
        let path = self.path.as_str();
        if let Text::Encoded(text) = self.path {
            // ipath-abempty covers the empty path and those that begin with "/", ipath-rootless
            // the others (its first segment is not empty); where each may stand is checked below.
            let rule = if text.is_empty() || text.starts_with('/') {
                Rule::IpathAbempty
            } else {
                Rule::IpathRootless
            };
            check_encoded(text, rule, Place::Path)?;
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
                if let Text::Encoded(text) = userinfo {
                    check_encoded(text, Rule::Iuserinfo, Place::Userinfo)?;
                }
                push_text(&mut out, userinfo, Place::Userinfo, iri);
                out.push('@');
            }
            push_host(&mut out, host, iri)?;
            match self.port {
                Some(PortText::Number(port)) => {
                    out.push(':');
                    out.push_str(&port.to_string());
                }
                Some(PortText::Digits(digits)) => {
                    // port = *DIGIT (RFC 3986 §3.2.3)
                    if let Some(i) = digits.find(|c: char| !c.is_ascii_digit()) {
                        return Err(refuse(
                            "port",
                            i,
                            "a port is decimal digits (RFC 3986 §3.2.3)",
                        ));
                    }
                    out.push(':');
                    out.push_str(digits);
                }
                None => {}
            }
            if !path.is_empty() && !path.starts_with('/') {
                return Err(refuse(
                    "path",
                    0,
                    "after an authority the path is empty or begins with \"/\" (RFC 3986 §3.3)",
                ));
            }
        } else if path.starts_with("//") {
            return Err(refuse(
                "path",
                0,
                "without an authority the path cannot begin with \"//\" (RFC 3986 §3.3)",
            ));
        } else if self.scheme.is_none()
            && path
                .split('/')
                .next()
                .is_some_and(|first| first.contains(':'))
        {
            // RFC 3986 §4.2: "Such a segment must be preceded by a dot-segment".
            out.push_str("./");
        }
        push_text(&mut out, self.path, Place::Path, iri);
        if let Some(query) = self.query {
            if let Text::Encoded(text) = query {
                check_encoded(text, Rule::Iquery, Place::Query)?;
            }
            out.push('?');
            push_text(&mut out, query, Place::Query, iri);
        }
        if let Some(fragment) = self.fragment {
            if let Text::Encoded(text) = fragment {
                check_encoded(text, Rule::Ifragment, Place::Fragment)?;
            }
            out.push('#');
            push_text(&mut out, fragment, Place::Fragment, iri);
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

/// Writes the host (RFC 3986 §3.2.2): an `IP-literal` as it is, an address that needs one in
/// brackets, a `reg-name` (or `IPv4address`) percent-encoded for its place.
fn push_host(out: &mut String, host: Text<'_>, iri: bool) -> Result<(), ConvertError> {
    let text = host.as_str();
    if text.starts_with('[') {
        if !crate::parsing::split::is_valid(Grammar::Uri, Rule::IpLiteral, text) {
            return Err(refuse(
                "host",
                0,
                "a host in brackets is an IP-literal: an IPv6address or an IPvFuture, in US-ASCII \
                 and without percent-encoding (RFC 3986 §3.2.2)",
            ));
        }
        out.push_str(text);
    } else if needs_brackets(text) {
        out.push('[');
        out.push_str(text);
        out.push(']');
    } else if let Some(i) = text.find(['[', ']']) {
        return Err(refuse(
            "host",
            i,
            "\"[\" and \"]\" only delimit an IP-literal (RFC 3986 §3.2.2); in a \
             registered name they are refused, not percent-encoded",
        ));
    } else {
        if let Text::Encoded(text) = host {
            check_encoded(text, Rule::IregName, Place::RegName)?;
        }
        push_reg_name(out, host, iri);
    }
    Ok(())
}

/// Writes a `reg-name` label by label: as [`push_text`] does, but that in an IRI the joiners and
/// variation selectors ([`is_kept_invisible`], which text needs elsewhere) stay characters only in a
/// label that is valid IDNA2008 (RFC 5891 §5.4, with the CONTEXTJ rules of RFC 5892 Appendix A.1 and
/// A.2): `pay\u{200D}pal` would look like `paypal` (3987bis §4.1 b, invisible characters).
fn push_reg_name(out: &mut String, host: Text<'_>, iri: bool) {
    let encoded = matches!(host, Text::Encoded(_));
    for (i, label) in host.as_str().split('.').enumerate() {
        if i > 0 {
            out.push('.');
        }
        // The predicate of URI-to-IRI conversion (3987bis §3.7 step 4), so that a built IRI's host
        // holds a joiner where conversion would decode it, and nowhere else.
        let joiners_kept = !iri
            || !label.chars().any(is_kept_invisible)
            || crate::convert::reg_name::label_allows_joiners(label);
        for c in label.chars() {
            let kept = keeps(Place::RegName, c, iri) && (joiners_kept || !is_kept_invisible(c));
            if kept || (encoded && c.is_ascii()) {
                out.push(c);
            } else {
                push_pct_utf8(out, c);
            }
        }
    }
}
