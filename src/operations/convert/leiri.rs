//! Converting Legacy Extended IRIs to IRIs and URIs (3987bis §5.1).
//!
//! "To convert a string allowed as a LEIRI to an IRI, each character allowed in leiri-ucschar but not in
//! ucschar must be percent-encoding using Section 3.3." Those characters are space, `<>"{}|\^``, the
//! C0 controls, DEL and the C1 controls, the private use characters (also in the query, where `iprivate`
//! would allow them: §5.1 says *each* such character), the noncharacters, the specials and the tags
//! ([`is_leiri_only`]).
//!
//! The bidi formatting characters ([`BIDI_FORMATTING`](crate::characters::BIDI_FORMATTING)) are
//! percent-encoded too (interpretation note 16): §5.1 allows them in a LEIRI ("did not enforce the
//! restriction on bidirectional formatting characters in \[Bidi\]"), but RFC 3987 §4.1 says an IRI
//! "MUST NOT contain" them, and 3987bis §3.7.1 example 3 calls U+202E "forbidden in an IRI". Their
//! percent-encoding maps to the same URI (3987bis §3.6), so LEIRI → URI is unchanged; each one
//! encoded is named in [`LeiriConversion::notes`].

use super::to_uri::{map_components, ToUriOptions, UriConversion};
use super::{syntax_error, ConvertError, ConvertErrorKind};
use crate::characters::{is_bidi_formatting, is_leiri_only, push_pct_utf8};
use crate::grammar::Grammar;

/// The result of [`leiri_to_iri`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LeiriConversion {
    /// The IRI: the input with every [`is_leiri_only`] character percent-encoded (UTF-8, uppercase hex).
    pub iri: String,
    /// Whether the input is a valid `IRI-reference` of the `leiri` grammar. When it is, [`Self::iri`] is
    /// a valid `IRI-reference` of the `iri` grammar.
    pub input_valid: bool,
    /// One note for each bidi formatting character percent-encoded (RFC 3987 §4.1), with its byte
    /// offset in the input.
    pub notes: Vec<String>,
}

impl LeiriConversion {
    /// The IRI as a parsed reference of the `iri` grammar (3987bis), with its components; `None` when
    /// it is not a valid `IRI-reference` (the input was not a valid LEIRI).
    pub fn reference(&self) -> Option<crate::parsing::components::Reference<'_>> {
        crate::parsing::split::parse(Grammar::Iri, &self.iri).ok()
    }
}

/// Converts a LEIRI to an IRI (3987bis §5.1). The mapping is defined for any string; the result says
/// whether the input was a valid LEIRI. The bidi formatting characters, which a LEIRI may hold and an
/// IRI must not (RFC 3987 §4.1), are percent-encoded too, each with a note.
///
/// ```
/// use iri_abnf::convert::leiri_to_iri;
///
/// let c = leiri_to_iri("http://example.org/a b/{x}?\u{E000}#r\u{E9}sum\u{E9}");
/// assert_eq!(c.iri, "http://example.org/a%20b/%7Bx%7D?%EE%80%80#r\u{E9}sum\u{E9}");
/// assert!(c.input_valid && c.notes.is_empty());
/// assert!(!leiri_to_iri("http://a/%zz").input_valid);
/// let c = leiri_to_iri("http://a/\u{202E}txt.exe");
/// assert_eq!(c.iri, "http://a/%E2%80%AEtxt.exe");
/// assert_eq!(c.notes.len(), 1);
/// ```
pub fn leiri_to_iri(leiri: &str) -> LeiriConversion {
    let input_valid = crate::syntax::validate(
        Grammar::Leiri,
        crate::grammar::rule::Rule::IriReference,
        leiri,
    )
    .is_ok();
    let mut iri = String::with_capacity(leiri.len());
    let mut notes = Vec::new();
    for (i, c) in leiri.char_indices() {
        if is_bidi_formatting(c) {
            notes.push(format!(
                "U+{:04X} at byte {i} percent-encoded: a LEIRI may hold a bidi formatting character \
                 (3987bis §5.1), an IRI must not (RFC 3987 §4.1)",
                c as u32
            ));
        }
        if encoded(c) {
            push_pct_utf8(&mut iri, c);
        } else {
            iri.push(c);
        }
    }
    LeiriConversion {
        iri,
        input_valid,
        notes,
    }
}

/// Whether LEIRI → IRI percent-encodes `c`: [`is_leiri_only`] (3987bis §5.1) or a bidi formatting
/// character (RFC 3987 §4.1).
fn encoded(c: char) -> bool {
    is_leiri_only(c) || is_bidi_formatting(c)
}

/// Converts a LEIRI to a URI: [`leiri_to_iri`], then [`super::to_uri()`] with the options given. The
/// input must be a valid LEIRI unless [`ToUriOptions::raw`] is set; [`UriConversion::input_valid`]
/// tells whether it was.
///
/// ```
/// use iri_abnf::convert::{leiri_to_uri, ToUriOptions};
///
/// let c = leiri_to_uri("http://example.org/a b/r\u{E9}sum\u{E9}", &ToUriOptions::default()).unwrap();
/// assert_eq!(c.uri, "http://example.org/a%20b/r%C3%A9sum%C3%A9");
/// assert_eq!(leiri_to_uri("http://a/%zz", &ToUriOptions::default()).unwrap_err().offset, 10);
/// ```
pub fn leiri_to_uri(leiri: &str, options: &ToUriOptions) -> Result<UriConversion, ConvertError> {
    if !options.raw {
        if let Err(e) = crate::syntax::validate(
            Grammar::Leiri,
            crate::grammar::rule::Rule::IriReference,
            leiri,
        ) {
            return Err(syntax_error(e));
        }
    }
    let iri = leiri_to_iri(leiri);
    map_components(&iri.iri, iri.input_valid, options).map_err(|mut e| {
        // The offset refers to the IRI; move it back onto the LEIRI character it came from.
        let back = leiri_offset(leiri, e.offset);
        e.offset = back;
        match &mut e.kind {
            ConvertErrorKind::Idna(i) => i.offset = back,
            ConvertErrorKind::Unmappable(u) => u.offset = back,
            ConvertErrorKind::Syntax(_) | ConvertErrorKind::Unencodable { .. } => {}
        }
        e
    })
}

/// The byte offset in `leiri` of the character whose mapping covers byte `iri_offset` of the IRI.
fn leiri_offset(leiri: &str, iri_offset: usize) -> usize {
    let mut out = 0;
    for (i, c) in leiri.char_indices() {
        let len = if encoded(c) {
            3 * c.len_utf8()
        } else {
            c.len_utf8()
        };
        if iri_offset < out + len {
            return i;
        }
        out += len;
    }
    leiri.len()
}
