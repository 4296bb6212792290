//! Mapping IRIs to URIs (3987bis §3.3–§3.6), component by component (§11.2.2).

use super::query_charset::{encode_component, Charset};
use super::reg_name::{reg_name_to_ascii, reg_name_to_ascii_uts46, RegNameMapping};
use super::{syntax_error, ConvertError, ConvertErrorKind};
use crate::grammar::Grammar;
use crate::parsing::components::Meta;

/// How the `ireg-name` is mapped (3987bis §3.4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum HostMapping {
    /// §3.4.1: the general percent-encoding of §3.3 ("SHOULD"), the default.
    #[default]
    Percent,
    /// §3.4.2 ("MAY"): each label through the IDNA2008 Domain Name Lookup procedure of RFC 5891
    /// (§5.3 to §5.5), which maps nothing: a code point RFC 5892 disallows (upper case, full-width
    /// forms, symbols) is an error. See [`super::reg_name::reg_name_to_ascii`].
    Idna,
    /// UTS #46 ToASCII, the mapping browsers use (the WHATWG URL Standard's, with its *beStrict*
    /// flags): it maps case and compatibility forms (`ｅｘａｍｐｌｅ` becomes `example`) and accepts
    /// some symbols IDNA2008 disallows. **Not** what 3987bis §3.4.2 names; see
    /// [`super::reg_name::reg_name_to_ascii_uts46`].
    Uts46,
}

impl HostMapping {
    /// One line naming the IDNA processing this mapping applies, or `None` for [`HostMapping::Percent`].
    pub const fn processing(self) -> Option<&'static str> {
        match self {
            HostMapping::Percent => None,
            HostMapping::Idna => Some(super::reg_name::IDNA_PROCESSING),
            HostMapping::Uts46 => Some(super::reg_name::UTS46_PROCESSING),
        }
    }
}

/// Options of [`to_uri`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ToUriOptions {
    /// How the host is mapped when it is an `ireg-name`.
    pub host: HostMapping,
    /// The document charset of the IRI's origin (3987bis §3.5). Used for the query of `http` and
    /// `https` IRIs when it is not UCS-based; `None` means UTF-8.
    pub query_charset: Option<Charset>,
    /// Map the input even when it is not a valid `IRI-reference`: §3.3 "is defined for all sequences
    /// of Unicode characters". The components are then found as RFC 3986 Appendix B does.
    pub raw: bool,
}

impl ToUriOptions {
    /// These options with [`ToUriOptions::host`] set.
    pub const fn with_host(mut self, host: HostMapping) -> Self {
        self.host = host;
        self
    }

    /// These options with [`ToUriOptions::query_charset`] set.
    pub const fn with_query_charset(mut self, charset: Option<Charset>) -> Self {
        self.query_charset = charset;
        self
    }

    /// These options with [`ToUriOptions::raw`] set.
    pub const fn with_raw(mut self, raw: bool) -> Self {
        self.raw = raw;
        self
    }
}

/// The result of [`to_uri`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct UriConversion {
    /// The URI.
    pub uri: String,
    /// Whether the input was valid under the grammar the conversion starts from (`iri` for
    /// [`to_uri`], `leiri` for [`super::leiri_to_uri()`]). Only `false` with [`ToUriOptions::raw`].
    pub input_valid: bool,
    /// Whether the result is a valid `URI-reference` (RFC 3986). Always `true` for a valid input.
    pub uri_valid: bool,
    /// Remarks on what was or was not done (a host left percent-encoded, a charset not applied).
    pub notes: Vec<String>,
}

impl UriConversion {
    /// The URI as a parsed reference of the `uri` grammar (RFC 3986), with its components; `None` when
    /// it is not a valid `URI-reference` (only possible for raw input).
    pub fn reference(&self) -> Option<crate::parsing::components::Reference<'_>> {
        crate::parsing::split::parse(Grammar::Uri, &self.uri).ok()
    }
}

/// Maps an IRI reference to a URI reference (3987bis §3.6): the IRI is parsed into components
/// (§3.2), each component is mapped (§3.3; §3.4 for the `ireg-name`; §3.5 for the query of `http` and
/// `https` with a non-UCS document charset) and the URI is reassembled with the original delimiters.
///
/// The input must be a valid `IRI-reference` of the `iri` grammar unless [`ToUriOptions::raw`] is set.
/// Domain names elsewhere in the IRI (in the query, say) are not touched (§3.4.3 note).
///
/// ```
/// use iri_abnf::convert::{to_uri, Charset, HostMapping, ToUriOptions};
///
/// let opts = ToUriOptions::default();
/// // 3987bis §3.4.3, first note: the domain name in the query is percent-encoded like any text.
/// let iri = "http://validator.w3.org/check?uri=http%3A%2F%2Fr\u{E9}sum\u{E9}.example.org";
/// assert_eq!(
///     to_uri(iri, &opts).unwrap().uri,
///     "http://validator.w3.org/check?uri=http%3A%2F%2Fr%C3%A9sum%C3%A9.example.org"
/// );
/// // §3.5: the query of an http IRI from an iso-8859-1 page.
/// let latin1 = opts.with_query_charset(Some(Charset::for_label("iso-8859-1").unwrap()));
/// assert_eq!(to_uri("http://a/M\u{E4}rz?M\u{E4}rz#M\u{E4}rz", &latin1).unwrap().uri, "http://a/M%C3%A4rz?M%E4rz#M%C3%A4rz");
/// // Not an IRI: an error with the offset, unless raw.
/// assert_eq!(to_uri("http://a/b c", &opts).unwrap_err().offset, 10);
/// let raw = to_uri("http://a/b c", &opts.with_raw(true)).unwrap();
/// assert_eq!((raw.uri.as_str(), raw.input_valid, raw.uri_valid), ("http://a/b%20c", false, true));
/// ```
pub fn to_uri(input: &str, options: &ToUriOptions) -> Result<UriConversion, ConvertError> {
    let input_valid = match crate::syntax::validate(
        Grammar::Iri,
        crate::grammar::rule::Rule::IriReference,
        input,
    ) {
        Ok(()) => true,
        Err(e) if !options.raw => return Err(syntax_error(e)),
        Err(_) => false,
    };
    map_components(input, input_valid, options)
}

pub(crate) fn map_components(
    input: &str,
    input_valid: bool,
    options: &ToUriOptions,
) -> Result<UriConversion, ConvertError> {
    // RFC 3986 Appendix B on any string (the grammar's own split when the input is valid).
    let parts = crate::parsing::split::lenient(
        Grammar::Iri,
        crate::grammar::rule::Rule::IriReference,
        input,
    );
    let mut notes = Vec::new();
    let mut out = String::with_capacity(input.len() + input.len() / 2);
    let mut done = 0;

    // §3.4: the ireg-name (an IP literal starts with "[").
    // Percent-encoding (§3.4.1) only adds `%HH`, so it cannot turn a registered name into an IP
    // address; the IDNA mappings check that themselves.
    let idna: Option<IdnaMap> = match options.host {
        HostMapping::Percent => None,
        HostMapping::Idna => Some(reg_name_to_ascii),
        HostMapping::Uts46 => Some(reg_name_to_ascii_uts46),
    };
    if let Some(idna) = idna {
        if let Some(host) = parts.authority.map(|a| a.host) {
            let text = &input[host.start..host.end];
            if !text.starts_with('[') {
                let mapped = idna(text).map_err(|mut e| {
                    e.offset += host.start;
                    ConvertError {
                        offset: e.offset,
                        kind: ConvertErrorKind::Idna(e),
                    }
                })?;
                if let RegNameMapping::NotUtf8(_) = mapped {
                    notes.push(format!(
                        "host {} left as it is: its percent-encoded octets are not UTF-8 \
                         (3987bis §3.4.2)",
                        crate::parsing::error::quote(text)
                    ));
                }
                super::push_percent_encoded(&mut out, &input[done..host.start]);
                out.push_str(mapped.as_str());
                done = host.end;
            }
        }
    }

    // §3.5: the query of http and https IRIs with a document charset that is not UCS-based.
    if let (Some(charset), Some(query)) = (options.query_charset, parts.query) {
        if !charset.is_ucs_based() {
            if is_http(input, &parts) {
                let mapped = encode_component(&input[query.start..query.end], charset).map_err(
                    |mut e| {
                        e.offset += query.start;
                        ConvertError {
                            offset: e.offset,
                            kind: ConvertErrorKind::Unmappable(e),
                        }
                    },
                )?;
                super::push_percent_encoded(&mut out, &input[done..query.start]);
                out.push_str(&mapped);
                done = query.end;
            } else {
                let why = match parts.scheme(input) {
                    Some(s) => {
                        format!("the scheme is {}", crate::parsing::error::quote(s.as_str()))
                    }
                    None => "the reference has no scheme".to_string(),
                };
                notes.push(format!(
                    "query mapped with UTF-8, not {}: {why}, and 3987bis §3.5 applies to the \
                     schemes http and https only",
                    charset.name()
                ));
            }
        }
    }
    super::push_percent_encoded(&mut out, &input[done..]);
    let uri_valid =
        crate::syntax::validate(Grammar::Uri, crate::grammar::rule::Rule::UriReference, &out)
            .is_ok();
    Ok(UriConversion {
        uri: out,
        input_valid,
        uri_valid,
        notes,
    })
}

/// [`reg_name_to_ascii`] or [`reg_name_to_ascii_uts46`].
type IdnaMap = fn(&str) -> Result<RegNameMapping, super::reg_name::IdnaFailure>;

fn is_http(input: &str, parts: &Meta) -> bool {
    parts.scheme(input).is_some_and(|s| {
        s.as_str().eq_ignore_ascii_case("http") || s.as_str().eq_ignore_ascii_case("https")
    })
}
