//! Converting URIs to IRIs (3987bis §3.7), with the trace of §3.7.1.
//!
//! The six steps, as written:
//!
//! 1. Represent the URI as a sequence of octets in US-ASCII.
//! 2. Convert all percent-encodings ("%" followed by two hexadecimal digits) to the corresponding
//!    octets, except those corresponding to "%", characters in "reserved", and characters in US-ASCII
//!    not allowed in URIs.
//! 3. Re-percent-encode any octet produced in step 2 that is not part of a strictly legal UTF-8 octet
//!    sequence.
//! 4. Re-percent-encode all octets produced in step 3 that in UTF-8 represent characters that are not
//!    appropriate according to Section 2.2 and Section 4.1.
//! 5. Interpret the resulting octet sequence as a sequence of characters encoded in UTF-8.
//! 6. URIs known to contain domain names in the reg-name component SHOULD convert punycode-encoded
//!    domain name labels to the corresponding characters using the ToUnicode procedure.
//!
//! How this module reads them:
//!
//! - Step 2 decodes `%HH` to an octet when the octet is 0x80 or above, or an `unreserved` US-ASCII
//!   character (so `%41` becomes `A`); `%25`, reserved characters and the US-ASCII characters not
//!   allowed in URIs stay encoded, as written (their hex case is kept).
//! - Step 3 keeps only octets that form strictly legal UTF-8 (RFC 3629): overlong forms (`%C0%AF`,
//!   draft-duerst-iri-01 §7), surrogates (`%ED%A0%80`), values above U+10FFFF (`%F4%90%80%80`) and
//!   truncated or stray sequences are re-encoded.
//! - Step 4 re-encodes every character of [`not_appropriate`] (interpretation note 15), the one
//!   definition that normalization and `lint` use too: the bidi formatting characters
//!   ([`BIDI_FORMATTING`](crate::characters::BIDI_FORMATTING), §3.7.1 example 3), the tables of
//!   RFC 3454 that Nameprep prohibits (§4.1 b "characters excluded in \[RFC3491\]"; U+200C and
//!   U+200D stay, RFC 5892 A.1, A.2), the half-width and full-width forms (§4.1 b), the look-alikes
//!   of space and of the delimiters that mean something in the component (§4.1 b, note 15 (f): "."
//!   in a host only), and what the `iri` grammar does not allow in the component (§2.2: `ucschar`
//!   everywhere, `iprivate` in the query only). Other look-alikes are kept: §3.7 says "results may
//!   vary". Re-encoding uses uppercase hex digits, as example 3 shows.
//! - Step 6 converts the labels of a `reg-name` that begin with `xn--` to U-labels, only when the
//!   result is valid under the IDNA2008 lookup that `--host idna` applies, RFC 5891 §5.3–§5.4 and
//!   the Bidi Rule on the whole name, and holds no character of [`not_appropriate`]
//!   ([`punycode_to_unicode`]), and only when the whole name maps back: `--host idna` of the
//!   converted name gives the name of the input at the percent level (§3.7: the IRI "maps back to
//!   the URI used as an input"; §3.4.2 leaves a name whose octets are not UTF-8 "as is", so
//!   `http://%FF.xn--99zt52a/` keeps its A-label; interpretation note 53). It can be switched off
//!   with [`ToIriOptions::convert_punycode`]. §3.7.1 calls `xn--99zt52a` "not converted" and then
//!   shows it converted in step 6; this crate converts it (interpretation note 13).
//! - In a `reg-name`, step 4 keeps the joiners and variation selectors encoded unless their label
//!   is a valid IDNA2008 U-label (RFC 5892 A.1, A.2; interpretation note 54): `pay%E2%80%8Dpal.com`
//!   stays as it is; in the other components they decode (`i%E2%9D%A4%EF%B8%8F`).
//! - Steps 2 to 5 work component by component; the scheme, port and IP literals are left as they are.
//!   The component boundaries do not move: no step produces a delimiter.
//! - A registered name never turns into an IP address: a `reg-name` that could become one
//!   ([`could_become_ipv4`]: the WHATWG URL Standard's host parser, after percent-decoding and UTS
//!   #46 mapping, reads it as an address or as a failed one) is left exactly as written by every
//!   step: `http://%31%32%37.0.0.1/`, `http://%31%32%37.1/`, `http://a.%31/`,
//!   `http://%F0%9D%9F%8F%F0%9D%9F%90%F0%9D%9F%95.0.0.1/` (mathematical bold digits) and
//!   `http://127.0.0.%F0%9D%9F%8F/` are left as they are (RFC 3986 §3.2.2 reads `127.0.0.1` as an
//!   `IPv4address`, not a `reg-name`; interpretation note 52).
//! - "Never guess a legacy encoding" (§3.7, last paragraph): octets that are not UTF-8 stay
//!   percent-encoded, so `D%FCrst` stays as it is.

use super::reg_name::{
    could_become_ipv4, label_allows_joiners, percent_level, punycode_to_unicode, reg_name_to_ascii,
    RegNameMapping,
};
use super::{push_xml_notation, syntax_error, ConvertError};
use crate::characters::{is_unreserved, not_appropriate, pct_octet, push_pct, Place};
use crate::grammar::Grammar;
use crate::parsing::components::{HostKind, Reference};

/// Options of [`to_iri`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ToIriOptions {
    /// Step 6: convert punycode labels of the `reg-name` with ToUnicode (default `true`).
    pub convert_punycode: bool,
    /// Record the string after each step in [`IriConversion::trace`] (default `true`); without it,
    /// the six steps of the trace are empty strings, and the conversion holds no copy of the input
    /// beyond the one it works on and the result.
    pub trace: bool,
}

impl ToIriOptions {
    /// These options with [`ToIriOptions::convert_punycode`] set.
    pub const fn with_convert_punycode(mut self, convert_punycode: bool) -> Self {
        self.convert_punycode = convert_punycode;
        self
    }

    /// These options with [`ToIriOptions::trace`] set.
    pub const fn with_trace(mut self, trace: bool) -> Self {
        self.trace = trace;
        self
    }
}

impl Default for ToIriOptions {
    fn default() -> Self {
        ToIriOptions {
            convert_punycode: true,
            trace: true,
        }
    }
}

/// The string after each of the six steps, in the notation of §3.7.1: raw octets as `<hh>` (lowercase
/// hex digits, steps 2–4), characters outside US-ASCII in XML notation `&#xHHHH;` (steps 5–6), and "&"
/// as `&amp;` (§1.4).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Trace {
    /// `steps[0]` is step 1, …, `steps[5]` step 6.
    pub steps: [String; 6],
}

impl Trace {
    /// What each step does, in the words of §3.7.
    pub const DESCRIPTIONS: [&'static str; 6] = [
        "Represent the URI as a sequence of octets in US-ASCII.",
        "Convert all percent-encodings to the corresponding octets, except those corresponding to \"%\", \
         characters in \"reserved\", and characters in US-ASCII not allowed in URIs.",
        "Re-percent-encode any octet produced in step 2 that is not part of a strictly legal UTF-8 octet \
         sequence.",
        "Re-percent-encode all octets produced in step 3 that in UTF-8 represent characters that are not \
         appropriate according to Section 2.2 and Section 4.1.",
        "Interpret the resulting octet sequence as a sequence of characters encoded in UTF-8.",
        "Convert punycode-encoded domain name labels to the corresponding characters using the ToUnicode \
         procedure.",
    ];
}

/// The result of [`to_iri`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct IriConversion {
    /// The IRI (the string after step 6, as characters).
    pub iri: String,
    /// The string after each step.
    pub trace: Trace,
}

impl IriConversion {
    /// The IRI as a parsed reference of the `iri` grammar (3987bis), with its components; `None` when
    /// it is not a valid `IRI-reference`.
    pub fn reference(&self) -> Option<crate::parsing::components::Reference<'_>> {
        crate::parsing::split::parse(Grammar::Iri, &self.iri).ok()
    }
}

/// What a piece of the URI is, for step 4 and step 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Scheme, delimiters, port, IP literals: left as they are.
    Verbatim,
    Userinfo,
    RegName,
    Path,
    Query,
    Fragment,
}

/// A piece of the URI, one component or the delimiters between two, as a sequence of units: a byte
/// below 0x80 is a US-ASCII character (a URI holds no other), a byte of 0x80 or above an octet that
/// step 2 decoded from `%HH` (it decodes no octet below 0x80: a US-ASCII one becomes its character
/// or stays encoded). One byte per unit keeps the conversion of a long URI within a few copies of it.
struct Piece {
    kind: Kind,
    units: Vec<u8>,
}

/// Whether a unit of a [`Piece`] is a decoded octet rather than a character.
fn is_octet(unit: u8) -> bool {
    unit >= 0x80
}

/// Converts a URI reference to an IRI reference (3987bis §3.7). The input must be a valid
/// `URI-reference` (RFC 3986); the result is a valid `IRI-reference` of the `iri` grammar without bidi
/// formatting characters.
///
/// ```
/// use iri_abnf::convert::{to_iri, ToIriOptions};
///
/// let opts = ToIriOptions::default();
/// // 3987bis §3.7.1, first and second examples
/// assert_eq!(to_iri("http://www.example.org/D%C3%BCrst", &opts).unwrap().iri, "http://www.example.org/D\u{FC}rst");
/// let c = to_iri("http://www.example.org/D%FCrst", &opts).unwrap();
/// assert_eq!(c.iri, "http://www.example.org/D%FCrst");
/// assert_eq!(c.trace.steps[1], "http://www.example.org/D<fc>rst");
/// // Step 2 decodes unreserved characters; reserved ones and %25 stay encoded.
/// assert_eq!(to_iri("/%41%2F%25%7e", &opts).unwrap().iri, "/A%2F%25~");
/// // Overlong UTF-8 (draft-duerst-iri-01 §7) is re-encoded in step 3.
/// assert_eq!(to_iri("%C0%AF..", &opts).unwrap().iri, "%C0%AF..");
/// // Not a URI:
/// assert_eq!(to_iri("http://r\u{E9}sum\u{E9}.example.org", &opts).unwrap_err().offset, 8);
/// ```
pub fn to_iri(uri: &str, options: &ToIriOptions) -> Result<IriConversion, ConvertError> {
    let reference = crate::parsing::split::parse(Grammar::Uri, uri).map_err(syntax_error)?;
    let mut steps: [String; 6] = Default::default();
    let mut keep = |k: usize, step: String| steps[k] = step;
    let written = keeps_host(&reference, None);
    let iri = convert(
        uri,
        &reference,
        options,
        written,
        traced(options, &mut keep),
    );
    let iri = if !written && keeps_host(&reference, Some(&iri)) {
        convert(uri, &reference, options, true, traced(options, &mut keep))
    } else {
        iri
    };
    Ok(IriConversion {
        iri,
        trace: Trace { steps },
    })
}

/// The trace of [`to_iri`] (the string after each of the six steps, as [`Trace::steps`]), each step
/// given to `each` with its index (0 for step 1) as soon as it is made, and dropped after: the trace
/// of a long URI without its six strings held together. `options.trace` does not matter.
///
/// ```
/// use iri_abnf::convert::{to_iri, to_iri_steps, ToIriOptions};
///
/// let opts = ToIriOptions::default();
/// let mut steps = Vec::new();
/// to_iri_steps("http://a/D%FCrst", &opts, |k, step| steps.push((k, step.to_string()))).unwrap();
/// let trace = to_iri("http://a/D%FCrst", &opts).unwrap().trace;
/// assert_eq!(steps.len(), 6);
/// assert!(steps.iter().all(|(k, step)| trace.steps[*k] == *step));
/// assert_eq!(steps[1].1, "http://a/D<fc>rst");
/// ```
pub fn to_iri_steps(
    uri: &str,
    options: &ToIriOptions,
    mut each: impl FnMut(usize, &str),
) -> Result<(), ConvertError> {
    let reference = crate::parsing::split::parse(Grammar::Uri, uri).map_err(syntax_error)?;
    let mut keep_host = keeps_host(&reference, None);
    if !keep_host {
        let iri = convert(uri, &reference, options, false, None);
        keep_host = keeps_host(&reference, Some(&iri));
    }
    let mut give = |k: usize, step: String| each(k, &step);
    convert(uri, &reference, options, keep_host, Some(&mut give));
    Ok(())
}

/// `keep` as the receiver of the steps when `options` asks for the trace.
fn traced<'k>(
    options: &ToIriOptions,
    keep: &'k mut dyn FnMut(usize, String),
) -> Option<&'k mut dyn FnMut(usize, String)> {
    options.trace.then_some(keep)
}

/// A registered name never turns into an IP address: the `reg-name` stays exactly as written when it
/// could become one ([`could_become_ipv4`]: the WHATWG URL Standard's host parser, after
/// percent-decoding and UTS #46 mapping, reads it as an address or as a failed one), as written
/// (`iri` is `None`) or in the converted `iri`.
fn keeps_host(reference: &Reference<'_>, iri: Option<&str>) -> bool {
    let Some(written) = reference
        .authority()
        .map(|a| a.host())
        .filter(|h| h.kind() == HostKind::RegName)
    else {
        return false;
    };
    match iri {
        None => could_become_ipv4(written.as_str()),
        Some(iri) => crate::parsing::split::parse(Grammar::Iri, iri)
            .ok()
            .and_then(|r| r.authority().map(|a| a.host().as_str().to_string()))
            .is_some_and(|now| now != written.as_str() && could_become_ipv4(&now)),
    }
}

/// The six steps, giving the string after each to `trace` when there is one (each is a copy of the
/// URI or more); with `keep_host`, the `reg-name` is left as written by every step. Returns the IRI.
fn convert(
    uri: &str,
    reference: &Reference<'_>,
    options: &ToIriOptions,
    keep_host: bool,
    mut trace: Option<&mut dyn FnMut(usize, String)>,
) -> String {
    let mut step = |k: usize, make: &dyn Fn() -> String| {
        if let Some(trace) = trace.as_mut() {
            trace(k, make());
        }
    };
    let mut pieces = pieces(uri, reference);
    if keep_host {
        for p in pieces.iter_mut().filter(|p| p.kind == Kind::RegName) {
            p.kind = Kind::Verbatim;
        }
    }
    step(0, &|| render(&pieces));
    for p in &mut pieces {
        step2(p);
    }
    step(1, &|| render(&pieces));
    for p in &mut pieces {
        step3(p);
    }
    step(2, &|| render(&pieces));
    for p in &mut pieces {
        step4(p);
    }
    step(3, &|| render(&pieces));
    let mut strings: Vec<(Kind, String)> = pieces.into_iter().map(|p| (p.kind, step5(p))).collect();
    step(4, &|| render_strings(&strings));
    if options.convert_punycode {
        let written = reference.authority().map_or("", |a| a.host().as_str());
        for (kind, s) in &mut strings {
            if *kind == Kind::RegName {
                *s = step6(written, s);
            }
        }
    }
    step(5, &|| render_strings(&strings));
    // The pieces joined, the first one's string reused (the path of a long URI is most of it).
    let mut strings = strings.into_iter().map(|(_, s)| s);
    let mut iri = strings.next().unwrap_or_default();
    for s in strings {
        iri.push_str(&s);
    }
    iri
}

/// Step 1: the URI as pieces of US-ASCII characters, each with the kind of its component.
fn pieces(uri: &str, r: &Reference<'_>) -> Vec<Piece> {
    let mut spans = Vec::new();
    if let Some(a) = r.authority() {
        if let Some(u) = a.userinfo() {
            spans.push((Kind::Userinfo, u.span()));
        }
        let kind = match a.host().kind() {
            HostKind::RegName => Kind::RegName,
            _ => Kind::Verbatim,
        };
        spans.push((kind, a.host().span()));
    }
    spans.push((Kind::Path, r.path().span()));
    if let Some(q) = r.query() {
        spans.push((Kind::Query, q.span()));
    }
    if let Some(f) = r.fragment() {
        spans.push((Kind::Fragment, f.span()));
    }
    let mut out = Vec::new();
    let mut at = 0;
    for (kind, span) in spans {
        if at < span.start {
            out.push(piece(Kind::Verbatim, &uri[at..span.start]));
        }
        out.push(piece(kind, &uri[span.start..span.end]));
        at = span.end;
    }
    if at < uri.len() {
        out.push(piece(Kind::Verbatim, &uri[at..]));
    }
    out
}

fn piece(kind: Kind, text: &str) -> Piece {
    // A URI-reference is US-ASCII (RFC 3986 §2): every byte is a character unit.
    debug_assert!(text.is_ascii());
    Piece {
        kind,
        units: text.as_bytes().to_vec(),
    }
}

/// Step 2: `%HH` → octet, for octets ≥ 0x80 and unreserved US-ASCII characters.
fn step2(p: &mut Piece) {
    if p.kind == Kind::Verbatim {
        return;
    }
    // Every unit is a character here; a triplet becomes one unit, so the units are rewritten in
    // place, the write index never passing the read index.
    let units = &mut p.units;
    let (mut read, mut write) = (0, 0);
    while read < units.len() {
        let (unit, width) = match pct_octet(&units[read..]) {
            Some(o) if is_octet(o) => (o, 3),
            Some(o) if is_unreserved(o as char) => (o, 3),
            _ => (units[read], 1),
        };
        units[write] = unit;
        write += 1;
        read += width;
    }
    units.truncate(write);
}

/// Calls `f` for each maximal run of octets of the piece and puts what it writes in their place.
fn map_octet_runs(p: &mut Piece, mut f: impl FnMut(&[u8], &mut Vec<u8>)) {
    if !p.units.iter().copied().any(is_octet) {
        return;
    }
    let mut out = Vec::with_capacity(p.units.len());
    let mut rest = &p.units[..];
    while let Some(start) = rest.iter().position(|&u| is_octet(u)) {
        out.extend_from_slice(&rest[..start]);
        let len = rest[start..]
            .iter()
            .position(|&u| !is_octet(u))
            .unwrap_or(rest.len() - start);
        f(&rest[start..start + len], &mut out);
        rest = &rest[start + len..];
    }
    out.extend_from_slice(rest);
    p.units = out;
}

/// Appends each octet as `%HH`: three character units.
fn pct_units(out: &mut Vec<u8>, octets: &[u8]) {
    let mut s = String::with_capacity(3);
    for &o in octets {
        s.clear();
        push_pct(&mut s, o);
        out.extend_from_slice(s.as_bytes());
    }
}

/// Step 3: octets that are not part of strictly legal UTF-8 are re-encoded.
fn step3(p: &mut Piece) {
    map_octet_runs(p, |run, out| {
        for chunk in run.utf8_chunks() {
            // A valid chunk of a run of octets (all 0x80 or above) is whole non-ASCII characters:
            // its bytes stay octets.
            out.extend_from_slice(chunk.valid().as_bytes());
            pct_units(out, chunk.invalid());
        }
    });
}

/// Step 4: octets of characters not appropriate in the component are re-encoded. In a `reg-name`, a
/// joiner or variation selector is appropriate only in a label that is a valid IDNA2008 U-label
/// ([`label_allows_joiners`](super::reg_name::label_allows_joiners): RFC 5891 §5.4, the CONTEXTJ
/// rules of RFC 5892 A.1 and A.2), so that `pay%E2%80%8Dpal.com` does not become a name that looks
/// like `paypal.com`.
fn step4(p: &mut Piece) {
    let kind = p.kind;
    if kind == Kind::RegName {
        reg_name_joiners(p);
    }
    map_octet_runs(p, |run, out| {
        // After step 3 every run is legal UTF-8.
        let text = String::from_utf8_lossy(run);
        for c in text.chars() {
            let mut buf = [0u8; 4];
            let octets = c.encode_utf8(&mut buf).as_bytes();
            if appropriate(c, kind) {
                out.extend_from_slice(octets);
            } else {
                pct_units(out, octets);
            }
        }
    });
}

/// The joiners and variation selectors that step 3 left as octets in a label of a `reg-name` that is
/// not a valid IDNA2008 U-label, re-encoded (the rest of step 4 for a `reg-name`). The label is read
/// as step 5 would read it, with the other characters that step 4 keeps encoded counted as `%HH`.
fn reg_name_joiners(p: &mut Piece) {
    use crate::characters::is_kept_invisible;
    if !p.units.iter().copied().any(is_octet) {
        return;
    }
    // After step 3 the units are legal UTF-8: characters below 0x80, octets of whole characters.
    let Ok(text) = std::str::from_utf8(&p.units) else {
        return;
    };
    if !text.chars().any(is_kept_invisible) {
        return;
    }
    let mut units = Vec::with_capacity(p.units.len() + 16);
    for (k, label) in text.split('.').enumerate() {
        if k > 0 {
            units.push(b'.');
        }
        let allows = !label.chars().any(is_kept_invisible) || {
            let mut shown = String::with_capacity(label.len());
            for c in label.chars() {
                if c.is_ascii() || appropriate(c, Kind::RegName) {
                    shown.push(c);
                } else {
                    crate::characters::push_pct_utf8(&mut shown, c);
                }
            }
            label_allows_joiners(&shown)
        };
        for c in label.chars() {
            let mut buf = [0u8; 4];
            let octets = c.encode_utf8(&mut buf).as_bytes();
            if !allows && is_kept_invisible(c) {
                pct_units(&mut units, octets);
            } else {
                units.extend_from_slice(octets);
            }
        }
    }
    p.units = units;
}

/// Whether a character decoded from octets may stay a character in the component (step 4): never in
/// the scheme, port or an IP literal; elsewhere when it is not [`not_appropriate`] there.
fn appropriate(c: char, kind: Kind) -> bool {
    let place = match kind {
        Kind::Verbatim => return false,
        Kind::Userinfo => Place::Userinfo,
        Kind::RegName => Place::Host,
        Kind::Path => Place::Path,
        Kind::Query => Place::Query,
        Kind::Fragment => Place::Fragment,
    };
    not_appropriate(c, place).is_none()
}

/// Step 5: the octets, now legal UTF-8 of appropriate characters, read as characters (the units are
/// the UTF-8 of the result already: a character unit is its own US-ASCII byte).
fn step5(p: Piece) -> String {
    String::from_utf8(p.units)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Step 6: punycode labels of a reg-name, converted only when the whole name maps back to the name
/// `written` in the URI (§3.7: the IRI "maps back to the URI used as an input"): `--host idna`
/// ([`reg_name_to_ascii`], §3.4.2) of the converted name must give `written` at the percent level
/// (RFC 3986 §6.2.2.1 and §6.2.2.2: case of letters and hex digits, `%HH` of unreserved characters).
/// A name with octets that are not UTF-8 is left "as is" by §3.4.2, and a label that the lookup
/// refuses fails the whole name, so `%FF.xn--99zt52a` keeps its A-label.
fn step6(written: &str, reg_name: &str) -> String {
    let converted = punycode_to_unicode(reg_name);
    if converted == reg_name {
        return converted;
    }
    match reg_name_to_ascii(&converted) {
        Ok(RegNameMapping::Idna(ascii)) if percent_level(&ascii) == percent_level(written) => {
            converted
        }
        _ => reg_name.to_string(),
    }
}

fn render(pieces: &[Piece]) -> String {
    let mut out = String::new();
    for p in pieces {
        for &u in &p.units {
            if is_octet(u) {
                use std::fmt::Write;
                let _ = write!(out, "<{u:02x}>");
            } else {
                push_xml_notation(&mut out, char::from(u));
            }
        }
    }
    out
}

fn render_strings(strings: &[(Kind, String)]) -> String {
    let mut out = String::new();
    for (_, s) in strings {
        for c in s.chars() {
            push_xml_notation(&mut out, c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn iri(s: &str) -> String {
        to_iri(s, &ToIriOptions::default()).unwrap().iri
    }

    #[test]
    fn strictly_legal_utf8() {
        assert_eq!(iri("/%ED%A0%80"), "/%ED%A0%80"); // surrogate
        assert_eq!(iri("/%F4%90%80%80"), "/%F4%90%80%80"); // above U+10FFFF
        assert_eq!(iri("/%E2%82"), "/%E2%82"); // truncated
        assert_eq!(iri("/%E2%82x%AC"), "/%E2%82x%AC"); // interrupted
        assert_eq!(iri("/%e2%82%ac"), "/\u{20AC}");
        assert_eq!(iri("/%c3%a9%e9"), "/\u{E9}%E9");
        assert_eq!(iri("/%F0%9F%98%80"), "/\u{1F600}");
        assert_eq!(iri("/%E0%80%AF"), "/%E0%80%AF"); // overlong, three octets
    }

    #[test]
    fn appropriateness_by_component() {
        // U+E000 (private use): in the query only.
        assert_eq!(
            iri("/%EE%80%80?%EE%80%80#%EE%80%80"),
            "/%EE%80%80?\u{E000}#%EE%80%80"
        );
        // C1 control, noncharacter, special, tag.
        assert_eq!(
            iri("/%C2%85%EF%B7%90%EF%BF%BE%F3%A0%80%81"),
            "/%C2%85%EF%B7%90%EF%BF%BE%F3%A0%80%81"
        );
        // Bidi formatting characters, even in the query, the isolates and ALM too; white space
        // look-alikes, U+200B ZERO WIDTH SPACE among them (RFC 3454 C.1.2).
        assert_eq!(iri("?%E2%80%8E%E2%80%AA"), "?%E2%80%8E%E2%80%AA");
        assert_eq!(iri("/%E2%81%A6x%D8%9C"), "/%E2%81%A6x%D8%9C");
        assert_eq!(
            iri("/%C2%A0%E3%80%80%E2%80%8B"),
            "/%C2%A0%E3%80%80%E2%80%8B"
        );
        // Full-width Latin and half-width Katakana (3987bis §4.1 b).
        assert_eq!(iri("/%EF%BC%A1%EF%BD%B6"), "/%EF%BC%A1%EF%BD%B6");
        // ZWNJ and ZWJ, which Persian and Indic words need, are decoded (RFC 5892 A.1, A.2).
        assert_eq!(iri("/%E2%80%8C%E2%80%8D"), "/\u{200C}\u{200D}");
        // A tag (RFC 3454 C.9) stays encoded even in the query, where iprivate would allow it.
        assert_eq!(iri("?%F3%A0%80%81"), "?%F3%A0%80%81");
        // Reserved and not-allowed US-ASCII characters stay encoded, in their case.
        assert_eq!(iri("/%2f%3A%20%3c%7F%25"), "/%2f%3A%20%3c%7F%25");
        // userinfo and host are decoded too; port and IP literals are untouched.
        assert_eq!(iri("//%C3%A9@%C3%A9x:8/"), "//\u{E9}@\u{E9}x:8/");
        assert_eq!(iri("//[::1]/"), "//[::1]/");
    }

    #[test]
    fn punycode_only_in_reg_name() {
        assert_eq!(
            iri("http://xn--99zt52a.example.org/xn--99zt52a?xn--99zt52a"),
            "http://\u{7D0D}\u{8C46}.example.org/xn--99zt52a?xn--99zt52a"
        );
        let keep = ToIriOptions::default().with_convert_punycode(false);
        assert_eq!(
            to_iri("http://xn--99zt52a.example.org/", &keep)
                .unwrap()
                .iri,
            "http://xn--99zt52a.example.org/"
        );
        // Invalid punycode is left alone.
        assert_eq!(iri("http://xn--zz-.example/"), "http://xn--zz-.example/");
        assert_eq!(
            iri("http://&@xn--99zt52a/").as_str(),
            "http://&@\u{7D0D}\u{8C46}/"
        );
    }

    #[test]
    fn without_trace_same_iri_and_empty_steps() {
        let untraced = ToIriOptions::default().with_trace(false);
        for uri in [
            "http://a/?x=%C3%A9&y",
            "http://xn--99zt52a.example.org/%e2%80%ae%ED%A0%80%41%2F",
            "//%C3%A9@%C3%A9x:8/%C0%AF?%EE%80%80#%F0%9F%98%80",
            "http://%31%32%37.0.0.1/",
            "",
        ] {
            let traced = to_iri(uri, &ToIriOptions::default()).unwrap();
            let c = to_iri(uri, &untraced).unwrap();
            assert_eq!(c.iri, traced.iri, "{uri}");
            assert!(c.trace.steps.iter().all(String::is_empty), "{uri}");
            // The steps one at a time are the trace, in order, whatever `trace` says.
            let mut steps = Vec::new();
            to_iri_steps(uri, &untraced, |k, step| steps.push((k, step.to_string()))).unwrap();
            let expected: Vec<(usize, String)> =
                traced.trace.steps.iter().cloned().enumerate().collect();
            assert_eq!(steps, expected, "{uri}");
        }
    }

    #[test]
    fn trace_notation_escapes_ampersand() {
        let c = to_iri("http://a/?x=%C3%A9&y", &ToIriOptions::default()).unwrap();
        assert_eq!(c.trace.steps[0], "http://a/?x=%C3%A9&amp;y");
        assert_eq!(c.trace.steps[1], "http://a/?x=<c3><a9>&amp;y");
        assert_eq!(c.trace.steps[5], "http://a/?x=&#xE9;&amp;y");
        assert_eq!(c.iri, "http://a/?x=\u{E9}&y");
    }
}
