//! Conversions between IRIs, URIs and LEIRIs, and the preprocessing of raw strings, as the specs
//! describe them.
//!
//! 3987bis §11.2.2 ("NEW WAY") gives the processing model this module follows from IRI to URI:
//!
//! 1. parse the IRI into IRI components using the generic syntax;
//! 2. encode each component the way its kind requires: percent-encoding (§3.3), IDNA for domain names
//!    (§3.4.2), the document charset for http(s) queries (§3.5);
//! 3. reassemble a whole URI from the URI components (§3.6).
//!
//! | conversion | spec | entry point |
//! | --- | --- | --- |
//! | IRI → URI | 3987bis §3.3–§3.6 | [`to_uri()`], [`percent_encode`] |
//! | `ireg-name` with IDNA | 3987bis §3.4.2 | [`reg_name::reg_name_to_ascii`] |
//! | query with a document charset | 3987bis §3.5, draft-weber-iri-guidelines §6.1 | [`ToUriOptions::query_charset`], [`encode_component`] |
//! | URI → IRI, with the trace of §3.7.1 | 3987bis §3.7 | [`to_iri()`] |
//! | LEIRI → IRI / URI | 3987bis §5.1 | [`leiri_to_iri`], [`leiri_to_uri`] |
//! | raw strings | draft-weber-iri-guidelines §4, 3987bis §3.1, draft-duerst-iri-01 §3.1 | [`preprocess()`], [`decode_legacy`] |
//!
//! ```
//! use iri_abnf::convert::{to_iri, to_uri, HostMapping, ToIriOptions, ToUriOptions};
//!
//! // 3987bis §3.4.1 and §3.4.2 (§3.4.2 prints "xn--rsum-bad", the Punycode of "r\u{80}sum\u{80}";
//! // see interpretation note 11)
//! let iri = "http://r\u{E9}sum\u{E9}.example.org";
//! assert_eq!(to_uri(iri, &ToUriOptions::default()).unwrap().uri, "http://r%C3%A9sum%C3%A9.example.org");
//! let idna = ToUriOptions::default().with_host(HostMapping::Idna);
//! assert_eq!(to_uri(iri, &idna).unwrap().uri, "http://xn--rsum-bpad.example.org");
//!
//! // 3987bis §3.7.1, third example
//! let c = to_iri("http://xn--99zt52a.example.org/%e2%80%ae", &ToIriOptions::default()).unwrap();
//! assert_eq!(c.iri, "http://\u{7D0D}\u{8C46}.example.org/%E2%80%AE");
//! assert_eq!(c.trace.steps[1], "http://xn--99zt52a.example.org/<e2><80><ae>");
//! assert_eq!(c.trace.steps[5], "http://&#x7D0D;&#x8C46;.example.org/%E2%80%AE");
//! ```

pub mod idna2008;
mod leiri;
mod preprocess;
mod query_charset;
pub mod reg_name;
mod to_iri;
mod to_uri;

pub use leiri::{leiri_to_iri, leiri_to_uri, LeiriConversion};
pub use preprocess::{
    decode_legacy, decode_ncrs, preprocess, trim_ascii_whitespace, PreprocessOptions, Spaces,
    Undecodable,
};
pub use query_charset::{encode_component, Charset, Unmappable};
pub use to_iri::{to_iri, to_iri_steps, IriConversion, ToIriOptions, Trace};
pub(crate) use to_uri::map_components;
pub use to_uri::{to_uri, HostMapping, ToUriOptions, UriConversion};

use crate::characters::{is_uri_char, push_pct_utf8};
use crate::parsing::error::ParseError;

/// Why a conversion failed; [`ConvertError::offset`] is a byte offset into the input.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ConvertError {
    /// Byte offset in the input of what failed: the syntax error, the first byte of the failing
    /// label, or the character the charset cannot represent.
    pub offset: usize,
    /// What failed.
    pub kind: ConvertErrorKind,
}

/// The kinds of [`ConvertError`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ConvertErrorKind {
    /// The input is not valid under the grammar the conversion starts from (`iri` for IRI → URI,
    /// `uri` for URI → IRI, `leiri` for LEIRI conversions). Use the raw variants to convert anyway.
    Syntax(ParseError),
    /// A label of the `ireg-name` failed IDNA (3987bis §3.4.2); its offset is in the input.
    Idna(reg_name::IdnaFailure),
    /// The document charset cannot represent a character of the query (3987bis §3.5); its offset is
    /// in the input.
    Unmappable(Unmappable),
    /// A component given to the builder of the typed identifiers (`iri_abnf::Builder`) cannot be
    /// written in its place, percent-encoded or not (a "[" in a registered name, RFC 3986 §3.2.2; a
    /// scheme outside its characters, §3.1; an already percent-encoded component that does not
    /// match its rule, 3987bis §2.2); the offset is in the text of that component.
    Unencodable {
        /// The component: `scheme`, `userinfo`, `host`, `port`, `path`, `query` or `fragment`.
        component: &'static str,
        /// Why, with the section of the spec that says so.
        reason: &'static str,
    },
}

impl ConvertError {
    /// One line: what failed, where, and why.
    pub fn message(&self) -> String {
        match &self.kind {
            ConvertErrorKind::Syntax(e) => e.message(),
            ConvertErrorKind::Idna(e) => format!("{e} (byte offset {})", self.offset),
            ConvertErrorKind::Unmappable(e) => format!("query (3987bis §3.5): {e}"),
            ConvertErrorKind::Unencodable { component, reason } => {
                format!(
                    "cannot build the {component} (byte offset {} of it): {reason}",
                    self.offset
                )
            }
        }
    }
}

impl std::fmt::Display for ConvertError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for ConvertError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ConvertErrorKind::Syntax(e) => Some(e),
            // The other kinds are no errors of their own: what failed, with its details.
            ConvertErrorKind::Idna(_)
            | ConvertErrorKind::Unmappable(_)
            | ConvertErrorKind::Unencodable { .. } => None,
        }
    }
}

/// The "XML Notation" of 3987bis §1.4, used by the examples of §3.7.1: every character outside
/// US-ASCII as `&#xHHHH;` (uppercase hex digits, no leading zeros), and "&" as `&amp;`.
///
/// ```
/// assert_eq!(iri_abnf::convert::xml_notation("D\u{FC}rst?a&b"), "D&#xFC;rst?a&amp;b");
/// ```
pub fn xml_notation(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        push_xml_notation(&mut out, c);
    }
    out
}

pub(crate) fn push_xml_notation(out: &mut String, c: char) {
    match c {
        '&' => out.push_str("&amp;"),
        c if c.is_ascii() => out.push(c),
        c => {
            use std::fmt::Write;
            let _ = write!(out, "&#x{:X};", c as u32);
        }
    }
}

fn syntax_error(e: ParseError) -> ConvertError {
    ConvertError::from(e)
}

/// The syntax error of a conversion: [`ConvertErrorKind::Syntax`] at the error's offset.
impl From<ParseError> for ConvertError {
    fn from(e: ParseError) -> Self {
        ConvertError {
            offset: e.offset,
            kind: ConvertErrorKind::Syntax(e),
        }
    }
}

/// The general percent-encoding of 3987bis §3.3, for any string: every character that is not allowed
/// anywhere in a valid URI (neither `unreserved`, `reserved` nor "%") is converted to UTF-8 and each
/// octet written as `%HH` with uppercase hex digits. Existing `%HH` and URI characters are left as they
/// are (§3.4.3 note), so the mapping is the identity on URIs and idempotent.
///
/// ```
/// use iri_abnf::convert::percent_encode;
///
/// // 3987bis §3.4.3
/// assert_eq!(
///     percent_encode("http://www.example.org/red%09ros\u{E9}#red"),
///     "http://www.example.org/red%09ros%C3%A9#red"
/// );
/// assert_eq!(percent_encode("a b<\u{7F}>"), "a%20b%3C%7F%3E");
/// ```
pub fn percent_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    push_percent_encoded(&mut out, s);
    out
}

pub(crate) fn push_percent_encoded(out: &mut String, s: &str) {
    for c in s.chars() {
        if is_uri_char(c) {
            out.push(c);
        } else {
            push_pct_utf8(out, c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::error::Error as _;

    #[test]
    fn errors_give_their_source() {
        let e = to_uri("http://a/b c", &ToUriOptions::default()).unwrap_err();
        assert!(matches!(e.kind, ConvertErrorKind::Syntax(_)));
        let parse = e.source().unwrap().downcast_ref::<ParseError>().unwrap();
        assert_eq!(parse.offset, 10);

        let idna = ToUriOptions::default().with_host(HostMapping::Idna);
        let e = to_uri("http://-r\u{E9}sum\u{E9}.example/", &idna).unwrap_err();
        let ConvertErrorKind::Idna(inner) = &e.kind else {
            panic!("{e:?}")
        };
        assert_eq!(inner.label, "-r\u{E9}sum\u{E9}");
        assert!(e.source().is_none());

        let sjis = ToUriOptions::default()
            .with_query_charset(Some(Charset::for_label("shift_jis").unwrap()));
        let e = to_uri("http://example.jp/?q=\u{E9}", &sjis).unwrap_err();
        let ConvertErrorKind::Unmappable(inner) = &e.kind else {
            panic!("{e:?}")
        };
        assert_eq!(inner.character, '\u{E9}');
        assert!(e.source().is_none());
    }
}
