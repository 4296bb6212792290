//! Normalization and equivalence: the comparison ladder of RFC 3986 §6.2 and RFC 3987 §5.3, as named
//! [`Level`]s, each including the ones below it.
//!
//! | level | name | what it does | spec |
//! | --- | --- | --- | --- |
//! | [`Level::Simple`] | `simple` | nothing: character-by-character comparison | RFC 3986 §6.2.1; draft-duerst-iri-01 §2.3 |
//! | [`Level::Case`] | `case` | scheme and host to lowercase (ASCII letters only), hex digits of `%HH` to uppercase | RFC 3986 §6.2.2.1; RFC 3987 §5.3.2.1 |
//! | [`Level::Percent`] | `percent` | decode `%HH` of unreserved characters; for IRIs also UTF-8 sequences of the characters that URI-to-IRI conversion decodes, and percent-encode the characters it keeps encoded where the text holds them; never reserved ones | RFC 3986 §6.2.2.2; RFC 3987 §5.3.2.3; 3987bis §3.7 step 4 |
//! | [`Level::Path`] | `path` | remove dot segments; from a relative-path reference only `.` segments | RFC 3986 §6.2.2.3, §5.2.4 |
//! | [`Level::Scheme`] | `scheme` | drop an empty port; for the schemes of [`DEFAULT_PORTS`], drop the default port and leading zeros of a port, and write an empty path as `/` | RFC 3986 §6.2.3, §3.2.3 |
//! | [`Level::Nfc`] | `nfc` | Unicode Normalization Form C | RFC 3987 §5.3.2.2 |
//!
//! A registered name never turns into an IP address, and a host that could become one is compared as
//! written: when a `reg-name` could become an IP address
//! ([`could_become_ipv4`](crate::convert::reg_name::could_become_ipv4): the WHATWG URL Standard's host
//! parser, after percent-decoding and UTS #46 mapping, reads it as an address or as a failed one,
//! `inet_aton` agreeing), every level leaves the whole host as it is, so `http://%31%32%37.0.0.1/`
//! keeps its percent-encoding, and `http://%61.%31/`, `http://%41.%31/` and `http://a.%31/` are not
//! equivalent at any level (interpretation note 52). Other hosts are normalized as below.
//!
//! In a `reg-name`, the joiners and variation selectors stand as characters only in a label that is
//! a valid IDNA2008 U-label, as URI-to-IRI conversion has them (interpretation note 54).
//!
//! NFC is a level of its own and never applied below it: 3987bis §3.1 says input "that is already in a
//! Unicode form … should be left as is and not normalized or changed".
//!
//! An option, [`Options::ipv6_rfc5952`], writes IPv6 literals in the recommended text form of RFC 5952
//! (§4: lowercase, no leading zeros, `::` for the longest run of two or more zero fields, the first one
//! on a tie; §5: dotted decimal for the last 32 bits of IPv4-mapped `::ffff:0:0/96` and IPv4-translated
//! `::ffff:0:0:0/96` addresses), from the `case` level up.
//!
//! Properties, checked by the test suite: [`normalize`] is idempotent; its result is valid under the same
//! grammar; normalizing at one level and then at a higher one gives the higher level's result (so
//! equivalence at a level implies equivalence at every higher level).
//!
//! ```
//! use iri_abnf::Grammar;
//! use iri_abnf::normalize::{equivalent, normalize, Level};
//!
//! // RFC 3986 §6.2.2
//! let n = normalize(Grammar::Uri, "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", Level::Path).unwrap();
//! assert_eq!(n, "example://a/b/c/%7Bfoo%7D");
//! // draft-duerst-iri-01 §2.3
//! let (a, b) = ("foo://example.com/XML", "foo://example.com/XM%4c");
//! assert!(!equivalent(Grammar::Iri, a, b, Level::Simple).unwrap());
//! assert!(equivalent(Grammar::Iri, a, b, Level::Percent).unwrap());
//! // IRIs: percent-encoded UTF-8 of iunreserved characters is decoded, reserved characters are not
//! let n = normalize(Grammar::Iri, "http://ex/r%C3%A9sum%C3%A9?a%3Db", Level::Percent).unwrap();
//! assert_eq!(n, "http://ex/résumé?a%3Db");
//! // RFC 3986 §6.2.3
//! let n = normalize(Grammar::Iri, "HTTP://Example.COM:80", Level::Scheme).unwrap();
//! assert_eq!(n, "http://example.com/");
//! ```

use std::fmt;
use std::net::Ipv6Addr;
use std::str::FromStr;

use unicode_normalization::UnicodeNormalization;

use crate::characters::{
    decodes_to_iri, is_iprivate, is_leiri_ucschar, is_ucschar, is_unreserved, is_uri_char,
    not_appropriate, pct_octet, push_pct_utf8, Place,
};
use crate::convert::reg_name::could_become_ipv4;
use crate::grammar::{Grammar, NameKind, UnknownName};
use crate::operations::resolve::remove_dot_segments;
use crate::parsing::components::{compose, HostKind, Reference, ReferenceBuf};
use crate::parsing::error::ParseError;

/// A rung of the comparison ladder; each level includes the ones below it (see the
/// [module docs](self)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[non_exhaustive]
pub enum Level {
    /// `simple`: simple string comparison (RFC 3986 §6.2.1).
    Simple,
    /// `case`: case normalization (RFC 3986 §6.2.2.1, RFC 3987 §5.3.2.1).
    Case,
    /// `percent`: percent-encoding normalization (RFC 3986 §6.2.2.2, RFC 3987 §5.3.2.3).
    Percent,
    /// `path`: path segment normalization (RFC 3986 §6.2.2.3): all of syntax-based normalization.
    #[default]
    Path,
    /// `scheme`: scheme-based normalization for the schemes of [`DEFAULT_PORTS`] (RFC 3986 §6.2.3).
    Scheme,
    /// `nfc`: character normalization to NFC (RFC 3987 §5.3.2.2), on top of everything else.
    Nfc,
}

impl Level {
    /// All levels, lowest first.
    pub const ALL: [Level; 6] = [
        Level::Simple,
        Level::Case,
        Level::Percent,
        Level::Path,
        Level::Scheme,
        Level::Nfc,
    ];

    /// The name used in the CLI and in messages.
    pub fn name(self) -> &'static str {
        match self {
            Level::Simple => "simple",
            Level::Case => "case",
            Level::Percent => "percent",
            Level::Path => "path",
            Level::Scheme => "scheme",
            Level::Nfc => "nfc",
        }
    }

    /// One line on what the level adds to the one below.
    pub fn description(self) -> &'static str {
        match self {
            Level::Simple => "simple string comparison (RFC 3986 §6.2.1)",
            Level::Case => "lowercase scheme and host, uppercase %HH (RFC 3986 §6.2.2.1)",
            Level::Percent => "decode %HH of (i)unreserved characters (RFC 3986 §6.2.2.2)",
            Level::Path => "remove dot segments (RFC 3986 §6.2.2.3)",
            Level::Scheme => {
                "default ports and empty paths of http, https, ws, wss, ftp (RFC 3986 §6.2.3)"
            }
            Level::Nfc => "Unicode NFC (RFC 3987 §5.3.2.2)",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| UnknownName::new(NameKind::Level, s))
    }
}

/// What [`normalize_with`] does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Options {
    /// The level.
    pub level: Level,
    /// Write IPv6 literals as RFC 5952 recommends (from the `case` level up).
    pub ipv6_rfc5952: bool,
}

impl Options {
    /// These options with [`Options::level`] set.
    pub const fn with_level(mut self, level: Level) -> Self {
        self.level = level;
        self
    }

    /// These options with [`Options::ipv6_rfc5952`] set.
    pub const fn with_ipv6_rfc5952(mut self, ipv6_rfc5952: bool) -> Self {
        self.ipv6_rfc5952 = ipv6_rfc5952;
        self
    }
}

impl From<Level> for Options {
    fn from(level: Level) -> Self {
        Options {
            level,
            ipv6_rfc5952: false,
        }
    }
}

/// The schemes of the `scheme` level and their default ports. For these schemes, when there is an
/// authority: the default port is removed (compared as a number: `:080` is `:80`), leading zeros of
/// another port are removed, and an empty path becomes `/` (RFC 3986 §6.2.3: `http://example.com`,
/// `http://example.com/`, `http://example.com:/` and `http://example.com:80/` are equivalent). An
/// empty port is removed for every scheme (§3.2.3).
pub const DEFAULT_PORTS: &[(&str, u16)] = &[
    ("ftp", 21),
    ("http", 80),
    ("https", 443),
    ("ws", 80),
    ("wss", 443),
];

/// The default port of a scheme of [`DEFAULT_PORTS`] (the scheme compared without regard to ASCII case).
pub fn default_port(scheme: &str) -> Option<u16> {
    DEFAULT_PORTS
        .iter()
        .find(|(s, _)| s.eq_ignore_ascii_case(scheme))
        .map(|&(_, p)| p)
}

/// Normalizes `input` (any reference of `grammar`) at `level`.
pub fn normalize(grammar: Grammar, input: &str, level: Level) -> Result<ReferenceBuf, ParseError> {
    normalize_with(grammar, input, &Options::from(level))
}

/// Normalizes `input` with the given options.
///
/// ```
/// use iri_abnf::normalize::{normalize_with, Level, Options};
/// use iri_abnf::Grammar;
///
/// let o = Options::from(Level::Case).with_ipv6_rfc5952(true);
/// let n = normalize_with(Grammar::Uri, "http://[2001:DB8:0:0:0:0:0:1]/", &o).unwrap();
/// assert_eq!(n, "http://[2001:db8::1]/");
/// ```
pub fn normalize_with(
    grammar: Grammar,
    input: &str,
    options: &Options,
) -> Result<ReferenceBuf, ParseError> {
    let r = crate::parsing::split::parse(grammar, input)?;
    Ok(normalize_reference(&r, options))
}

/// Whether `a` and `b` are equivalent at `level`: their normal forms are the same string.
pub fn equivalent(grammar: Grammar, a: &str, b: &str, level: Level) -> Result<bool, ParseError> {
    equivalent_with(grammar, a, b, &Options::from(level))
}

/// [`equivalent`] with options.
pub fn equivalent_with(
    grammar: Grammar,
    a: &str,
    b: &str,
    options: &Options,
) -> Result<bool, ParseError> {
    Ok(normalize_with(grammar, a, options)? == normalize_with(grammar, b, options)?)
}

/// A component, for the rewriting passes of normalization.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Comp {
    Scheme,
    Userinfo,
    /// The host; whether it is a `reg-name` (the only host that can hold `%HH` and non-ASCII text).
    Host {
        reg_name: bool,
        ipv6: bool,
    },
    Port,
    Path,
    Query,
    Fragment,
}

impl Comp {
    /// Where a character of the component stands for [`not_appropriate`]: the host keeps the
    /// look-alikes of "." encoded, the query allows `iprivate` (the scheme and the port hold US-ASCII
    /// only).
    fn place(self) -> Place {
        match self {
            Comp::Userinfo => Place::Userinfo,
            Comp::Host { .. } => Place::Host,
            Comp::Query => Place::Query,
            Comp::Fragment => Place::Fragment,
            Comp::Scheme | Comp::Port | Comp::Path => Place::Path,
        }
    }
}

/// The reference with the text of each component replaced by what `f` makes of it, recomposed
/// (RFC 3986 §5.3) into a new reference of the same grammar.
fn rewrite(r: &Reference<'_>, mut f: impl FnMut(Comp, &str) -> String) -> ReferenceBuf {
    let scheme = r.scheme().map(|s| f(Comp::Scheme, s.as_str()));
    let authority = r.authority().map(|a| {
        let mut out = String::with_capacity(a.as_str().len());
        if let Some(u) = a.userinfo() {
            out.push_str(&f(Comp::Userinfo, u.as_str()));
            out.push('@');
        }
        let host = Comp::Host {
            reg_name: a.host().kind() == HostKind::RegName,
            ipv6: matches!(a.host().kind(), HostKind::Ipv6 { .. }),
        };
        out.push_str(&f(host, a.host().as_str()));
        if let Some(p) = a.port() {
            out.push(':');
            out.push_str(&f(Comp::Port, p.as_str()));
        }
        out
    });
    let path = f(Comp::Path, r.path().as_str());
    let query = r.query().map(|q| f(Comp::Query, q.as_str()));
    let fragment = r.fragment().map(|x| f(Comp::Fragment, x.as_str()));
    compose(
        r.grammar(),
        scheme.as_deref(),
        authority.as_deref(),
        &path,
        query.as_deref(),
        fragment.as_deref(),
    )
}

/// Whether `%HH` sequences and (i)unreserved characters can be in the component: userinfo, a reg-name
/// host, path, query, fragment.
fn holds_text(comp: Comp) -> bool {
    match comp {
        Comp::Userinfo | Comp::Path | Comp::Query | Comp::Fragment => true,
        Comp::Host { reg_name, .. } => reg_name,
        Comp::Scheme | Comp::Port => false,
    }
}

/// Normalizes a parsed reference; the result is valid under the reference's grammar.
pub fn normalize_reference(r: &Reference<'_>, options: &Options) -> ReferenceBuf {
    let level = options.level;
    if level == Level::Simple {
        return r.to_buf();
    }
    let grammar = r.grammar();
    // case (§6.2.2.1)
    let mut n = rewrite(r, |comp, s| match comp {
        Comp::Scheme => s.to_ascii_lowercase(),
        Comp::Host { reg_name, .. } if reg_name => {
            not_an_ip(s, lowercase_outside_pct(&uppercase_pct(s)))
        }
        Comp::Host { .. } => lowercase_outside_pct(s),
        c if holds_text(c) => uppercase_pct(s),
        _ => s.to_string(),
    });
    // percent (§6.2.2.2)
    if level >= Level::Percent {
        n = rewrite(&n.reference(), |comp, s| match comp {
            Comp::Host { reg_name: true, .. } => not_an_ip(
                s,
                host_joiners(
                    &lowercase_outside_pct(&decode_unreserved(s, grammar, comp)),
                    grammar,
                    false,
                ),
            ),
            c if holds_text(c) => decode_unreserved(s, grammar, c),
            _ => s.to_string(),
        });
    }
    // nfc (RFC 3987 §5.3.2.2), before the path and scheme steps, which never touch non-ASCII text
    if level >= Level::Nfc && grammar != Grammar::Uri {
        n = rewrite(&n.reference(), |comp, s| match comp {
            Comp::Host { reg_name: true, .. } => not_an_ip(
                s,
                host_joiners(
                    &lowercase_outside_pct(&nfc(s, grammar, comp)),
                    grammar,
                    true,
                ),
            ),
            c if holds_text(c) => nfc(s, grammar, c),
            _ => s.to_string(),
        });
    }
    // path (§6.2.2.3)
    if level >= Level::Path {
        let absolute = n.scheme().is_some() || n.authority().is_some();
        n = rewrite(&n.reference(), |comp, s| match comp {
            Comp::Path if absolute || s.starts_with('/') => remove_dot_segments(s),
            Comp::Path if !s.is_empty() => remove_single_dot_segments(s),
            _ => s.to_string(),
        });
    }
    // scheme (§6.2.3; §3.2.3: normalizers "should omit the port component and its ':' delimiter if
    // port is empty or if its value would be the same as that of the scheme's default")
    if level >= Level::Scheme {
        if let Some(a) = n.authority() {
            let default = n.scheme().and_then(|s| default_port(s.as_str()));
            let port = a.port().map(|p| p.as_str()).filter(|p| !p.is_empty());
            let port = match (port, default) {
                (Some(p), Some(default)) => {
                    let digits = p.trim_start_matches('0');
                    let digits = if digits.is_empty() { "0" } else { digits };
                    (digits.parse::<u16>().ok() != Some(default)).then_some(digits)
                }
                (p, _) => p,
            };
            let mut authority = String::new();
            if let Some(u) = a.userinfo() {
                authority.push_str(u.as_str());
                authority.push('@');
            }
            authority.push_str(a.host().as_str());
            if let Some(p) = port {
                authority.push(':');
                authority.push_str(p);
            }
            let path = n.path().as_str();
            let path = if default.is_some() && path.is_empty() {
                "/"
            } else {
                path
            };
            n = compose(
                grammar,
                n.scheme().map(|s| s.as_str()),
                Some(&authority),
                path,
                n.query().map(|q| q.as_str()),
                n.fragment().map(|f| f.as_str()),
            );
        }
    }
    if options.ipv6_rfc5952 {
        n = rewrite(&n.reference(), |comp, s| match comp {
            Comp::Host { ipv6: true, .. } => s
                .strip_prefix('[')
                .and_then(|s| s.strip_suffix(']'))
                .and_then(|s| s.parse::<Ipv6Addr>().ok())
                .map_or_else(|| s.to_string(), |addr| format!("[{}]", ipv6_rfc5952(addr))),
            _ => s.to_string(),
        });
    }
    n
}

/// The `reg-name` `normalized` from `written` by one step, or `written` exactly as it is when either
/// could become an IP address ([`could_become_ipv4`]: the WHATWG URL Standard's host parser, after
/// percent-decoding and UTS #46 mapping, reads it as an address or as a failed one). A registered
/// name never turns into an IP address (RFC 3986 §3.2.2 reads `127.0.0.1` as an `IPv4address`; the
/// WHATWG host parser and `inet_aton` read `127.1` and `0x7f.1` as addresses too), and a host that
/// could become one is compared as written, at every level: `http://%61.%31/`, `http://%41.%31/`
/// and `http://a.%31/` are three hosts (interpretation note 52, which departs from RFC 3986 §2.3 and
/// §6.2.2 on purpose).
fn not_an_ip(written: &str, normalized: String) -> String {
    if written != normalized && (could_become_ipv4(written) || could_become_ipv4(&normalized)) {
        written.to_string()
    } else {
        normalized
    }
}

/// In the IRI grammars, the joiners and variation selectors of a `reg-name` stand as characters only
/// in a label that is a valid IDNA2008 U-label, as URI-to-IRI conversion has them (step 4,
/// interpretation note 54): elsewhere they are percent-encoded; with `decode` (the `nfc` level, after
/// which a label may have become valid) those of a valid label written `%HH` are decoded.
fn host_joiners(host: &str, grammar: Grammar, decode: bool) -> String {
    if grammar == Grammar::Uri {
        return host.to_string();
    }
    crate::convert::reg_name::host_joiners(host, decode)
}

/// A relative-path reference without its `.` segments. Removing them never changes what the
/// reference resolves to, whatever the base (§5.2.3 merge, then §5.2.4 removes them anyway). `..`
/// segments stay: against a base path without "/" (`urn:x`), `a/../b` resolves to `urn:/b` and `b` to
/// `urn:b`, so no base-free rewriting of `seg/..` is right for every base. `./` stays in front of a
/// first segment with ":" or an empty one, and a path that would become empty is written `./`.
fn remove_single_dot_segments(path: &str) -> String {
    let segments: Vec<&str> = path.split('/').collect();
    let mut kept: Vec<&str> = Vec::with_capacity(segments.len());
    for (i, s) in segments.iter().enumerate() {
        if *s == "." {
            if i + 1 == segments.len() {
                // A final "." names the directory: keep its trailing "/".
                kept.push("");
            }
        } else {
            kept.push(s);
        }
    }
    let joined = kept.join("/");
    let first = kept.first().copied().unwrap_or("");
    if first.is_empty() || first.contains(':') {
        format!("./{joined}")
    } else {
        joined
    }
}

/// `%hh` → `%HH` (RFC 3986 §6.2.2.1).
fn uppercase_pct(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if pct_at(b, i).is_some() {
            out.push('%');
            out.push(char::from(b[i + 1].to_ascii_uppercase()));
            out.push(char::from(b[i + 2].to_ascii_uppercase()));
            i += 3;
        } else {
            let c = s[i..].chars().next().unwrap_or('\0');
            out.push(c);
            i += c.len_utf8().max(1);
        }
    }
    out
}

/// ASCII letters to lowercase, except the hex digits of `%HH`.
fn lowercase_outside_pct(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if pct_at(b, i).is_some() {
            out.push_str(&s[i..i + 3]);
            i += 3;
        } else {
            let c = s[i..].chars().next().unwrap_or('\0');
            out.push(c.to_ascii_lowercase());
            i += c.len_utf8().max(1);
        }
    }
    out
}

/// The octet of the `%HH` at byte `i`, if there is one.
fn pct_at(b: &[u8], i: usize) -> Option<u8> {
    b.get(i..).and_then(pct_octet)
}

/// Whether a non-ASCII character may appear literally in a component of the grammar.
fn nonascii_allowed(grammar: Grammar, comp: Comp, c: char) -> bool {
    match grammar {
        Grammar::Uri => false,
        Grammar::Rfc3987 | Grammar::Iri => is_ucschar(c) || (comp == Comp::Query && is_iprivate(c)),
        // leiri-ucschar: %x7F-D7FF / %xE000-FFFD / %x10000-10FFFF
        Grammar::Leiri => is_leiri_ucschar(c) && c as u32 >= 0x7F,
    }
}

/// Whether the `percent` level percent-encodes `c` where the text of a component holds it as it is:
/// a character that it would keep encoded ([`decode_unreserved`]). In the `uri` grammar there is none.
fn keeps_encoded(c: char, grammar: Grammar, place: Place) -> bool {
    match grammar {
        Grammar::Uri => false,
        Grammar::Leiri if c.is_ascii() => !is_uri_char(c),
        _ => !c.is_ascii() && !decodes_to_iri(c, place),
    }
}

/// Decodes `%HH` of unreserved characters and, in the IRI grammars, percent-encoded UTF-8 of the
/// characters that URI-to-IRI conversion would decode in the component ([`decodes_to_iri`]: `ucschar`,
/// and `iprivate` in the query, never a character of [`not_appropriate`], 3987bis §3.7 step 4), and
/// percent-encodes the characters that the text holds as they are and that it keeps encoded: the
/// characters of [`not_appropriate`], and in the `leiri` grammar the US-ASCII characters that URIs do
/// not allow (space, `<>"{}|\^``, the controls, 3987bis §5.1). So a character and its percent-encoding,
/// which map to the same URI (3987bis §3.6), meet (`／` and `%EF%BC%8F`, `\u{2000}` and `%E2%80%80`).
/// Every other `%HH` is kept, with uppercase hex digits. Invalid UTF-8 (overlong forms, surrogates,
/// truncated sequences) is never decoded.
fn decode_unreserved(s: &str, grammar: Grammar, comp: Comp) -> String {
    let iri = grammar != Grammar::Uri;
    let place = comp.place();
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < b.len() {
        let Some(first) = pct_at(b, i) else {
            let c = s[i..].chars().next().unwrap_or('\0');
            if keeps_encoded(c, grammar, place) {
                push_pct_utf8(&mut out, c);
            } else {
                out.push(c);
            }
            i += c.len_utf8().max(1);
            continue;
        };
        let width = match first {
            0x00..=0x7F => 1,
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => 0,
        };
        let mut decoded = None;
        if width == 1 {
            let c = char::from(first);
            if is_unreserved(c) {
                decoded = Some(c);
            }
        } else if width > 1 && iri {
            let mut bytes = [first, 0, 0, 0];
            let mut ok = true;
            for (k, slot) in bytes.iter_mut().enumerate().take(width).skip(1) {
                match pct_at(b, i + 3 * k) {
                    Some(o) if o & 0xC0 == 0x80 => *slot = o,
                    _ => {
                        ok = false;
                        break;
                    }
                }
            }
            if ok {
                if let Some(c) = std::str::from_utf8(&bytes[..width])
                    .ok()
                    .and_then(|t| t.chars().next())
                {
                    if decodes_to_iri(c, place) {
                        decoded = Some(c);
                    }
                }
            }
        }
        match decoded {
            Some(c) => {
                out.push(c);
                i += 3 * c.len_utf8();
            }
            None => {
                out.push_str(&s[i..i + 3].to_ascii_uppercase());
                i += 3;
            }
        }
    }
    out
}

/// NFC of the text between ASCII delimiters: every ASCII character other than a letter or digit, and
/// every `%HH`, is a boundary that NFC does not cross, so that no delimiter is composed away (`=` and
/// U+0338 would compose to `≠`). A character that NFC brings in and that the component does not allow
/// literally is percent-encoded: an ASCII symbol from a singleton decomposition (U+037E GREEK QUESTION
/// MARK is canonically `;`, U+1FEF GREEK VARIA is `` ` ``), a non-ASCII character outside the
/// grammar's set, or one of [`not_appropriate`] (the `percent` level has already percent-encoded
/// those that the input held).
fn nfc(s: &str, grammar: Grammar, comp: Comp) -> String {
    let mut out = String::with_capacity(s.len());
    let b = s.as_bytes();
    let mut piece = 0;
    let mut i = 0;
    let flush = |out: &mut String, text: &str| {
        if text.is_ascii() {
            out.push_str(text);
            return;
        }
        for c in text.nfc() {
            if c.is_ascii_alphanumeric()
                || !c.is_ascii()
                    && nonascii_allowed(grammar, comp, c)
                    && not_appropriate(c, comp.place()).is_none()
            {
                out.push(c);
            } else {
                let mut buf = [0u8; 4];
                for byte in c.encode_utf8(&mut buf).bytes() {
                    out.push_str(&format!("%{byte:02X}"));
                }
            }
        }
    };
    while i < b.len() {
        let c = s[i..].chars().next().unwrap_or('\0');
        if c.is_ascii() && !c.is_ascii_alphanumeric() {
            flush(&mut out, &s[piece..i]);
            let len = if pct_at(b, i).is_some() { 3 } else { 1 };
            out.push_str(&s[i..i + len]);
            i += len;
            piece = i;
        } else {
            i += c.len_utf8();
        }
    }
    flush(&mut out, &s[piece..]);
    out
}

/// The text form of an IPv6 address that RFC 5952 recommends (§4 and §5).
///
/// ```
/// use iri_abnf::normalize::ipv6_rfc5952;
///
/// let text = |s: &str| ipv6_rfc5952(s.parse().unwrap());
/// assert_eq!(text("2001:0DB8:0000:0000:0001:0000:0000:0001"), "2001:db8::1:0:0:1");
/// assert_eq!(text("2001:db8:0:1:1:1:1:1"), "2001:db8:0:1:1:1:1:1");
/// assert_eq!(text("0:0:0:0:0:ffff:c000:0201"), "::ffff:192.0.2.1");
/// assert_eq!(text("::192.0.2.1"), "::c000:201");
/// assert_eq!(text("::"), "::");
/// ```
pub fn ipv6_rfc5952(addr: Ipv6Addr) -> String {
    let f = addr.segments();
    // §5: well-known prefixes of IPv4-embedded addresses.
    let mapped = f[..5] == [0; 5] && f[5] == 0xffff;
    let translated = f[..4] == [0; 4] && f[4] == 0xffff && f[5] == 0;
    let hex_fields = if mapped || translated { 6 } else { 8 };
    // §4.2.1–§4.2.3: the longest run of at least two zero fields, the first on a tie.
    let (mut best_start, mut best_len) = (0, 0);
    let mut i = 0;
    while i < hex_fields {
        if f[i] == 0 {
            let start = i;
            while i < hex_fields && f[i] == 0 {
                i += 1;
            }
            if i - start > best_len {
                best_start = start;
                best_len = i - start;
            }
        } else {
            i += 1;
        }
    }
    let field = |k: usize| format!("{:x}", f[k]);
    let mut out = String::new();
    if best_len >= 2 {
        let head: Vec<String> = (0..best_start).map(field).collect();
        let tail: Vec<String> = (best_start + best_len..hex_fields).map(field).collect();
        out.push_str(&head.join(":"));
        out.push_str("::");
        out.push_str(&tail.join(":"));
        if hex_fields == 6 && !tail.is_empty() {
            out.push(':');
        }
    } else {
        let all: Vec<String> = (0..hex_fields).map(field).collect();
        out.push_str(&all.join(":"));
        if hex_fields == 6 {
            out.push(':');
        }
    }
    if hex_fields == 6 {
        let [a, b] = f[6].to_be_bytes();
        let [c, d] = f[7].to_be_bytes();
        out.push_str(&format!("{a}.{b}.{c}.{d}"));
    }
    out
}
