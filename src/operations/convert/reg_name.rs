//! Mapping `ireg-name` (3987bis §3.4): percent-encoding (§3.4.1, the default) or IDNA (§3.4.2), and
//! the punycode labels of URI-to-IRI step 6 (§3.7).
//!
//! ## IDNA processing
//!
//! §3.4.2 asks for "the Domain Name Lookup procedure (Subsections 5.3 to 5.5) of \[RFC5891\]" (IDNA2008)
//! on each label. The [`idna`] crate implements UTS #46 (Unicode IDNA Compatibility Processing), not
//! IDNA2008 itself, so this module runs **UTS #46 ToASCII, nontransitional**, with the strictest flags
//! the crate offers (the WHATWG URL Standard's *beStrict*, [`idna::domain_to_ascii_strict`]):
//!
//! | UTS #46 flag | value |
//! | --- | --- |
//! | Transitional_Processing | false (the crate has no other mode) |
//! | UseSTD3ASCIIRules | true ([`AsciiDenyList::STD3`]: only letters, digits and "-") |
//! | CheckHyphens | true ([`Hyphens::Check`]: no "-" first or last, no "--" in positions 3–4) |
//! | CheckBidi | true (always, in the crate) |
//! | CheckJoiners | true (always, in the crate) |
//! | VerifyDnsLength | true: each label 1 to 63 octets ([`DnsLength::Verify`] on each label), the name 1 to 253 octets with an optional final dot ([`idna::uts46::verify_dns_length`] on the ASCII form of the name; RFC 1034 §3.1); an empty `ireg-name` is not a domain name and is not checked |
//! | IgnoreInvalidPunycode | false (always, in the crate) |
//!
//! UTS #46 is more permissive than IDNA2008 in places (it maps case and compatibility characters and
//! accepts symbols that IDNA2008 disallows); see the interpretation notes.

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

use crate::characters::{is_bidi_formatting, is_sub_delim, is_unreserved, pct_octet, push_pct};

/// One line naming the IDNA processing and its flags, as shown by the command line.
pub const IDNA_PROCESSING: &str = "UTS #46 ToASCII, nontransitional, UseSTD3ASCIIRules=true, \
CheckHyphens=true, CheckBidi=true, CheckJoiners=true, VerifyDnsLength=true";

/// A label that IDNA could not convert (3987bis §3.4.2: "if the domain name conversion fails, then the
/// entire IRI conversion fails"), or a name too long for the DNS.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct IdnaError {
    /// The label after percent-decoding, as given to ToASCII; the whole name (after percent-decoding)
    /// when it is the name that is too long.
    pub label: String,
    /// Byte offset of the label (or name) in the `ireg-name` text that was mapped.
    pub offset: usize,
    /// Why ToASCII rejected it.
    pub reason: String,
}

impl std::fmt::Display for IdnaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "IDNA cannot convert the label {}: {}",
            crate::error::quote(&self.label),
            self.reason
        )
    }
}

impl std::error::Error for IdnaError {}

/// What [`reg_name_to_ascii`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegNameMapping {
    /// The labels were converted (§3.4.2): the `reg-name` text.
    Idna(String),
    /// The percent-encoded octets are not UTF-8, so IDNA was not applied: "leave the entire field as is
    /// without any change" (§3.4.2). The text is the field after the general percent-encoding of
    /// §3.3, which leaves existing `%HH` as they are.
    NotUtf8(String),
}

impl RegNameMapping {
    /// The resulting `reg-name` text.
    pub fn as_str(&self) -> &str {
        match self {
            RegNameMapping::Idna(s) | RegNameMapping::NotUtf8(s) => s,
        }
    }
}

/// Maps an `ireg-name` with IDNA (3987bis §3.4.2).
///
/// 1. The `pct-encoded` sequences are decoded; if the octets are not all valid UTF-8, the field is left
///    as it is ([`RegNameMapping::NotUtf8`]).
/// 2. The result is split at U+002E FULL STOP. Each label with a non-ASCII character goes through
///    UTS #46 ToASCII with the flags of the [module docs](self); a failure is an [`IdnaError`] naming
///    the label. The result must be one label (UTS #46 maps U+3002 and other full stops to "."; §3.4.2
///    takes only U+002E as the separator).
/// 3. An all-ASCII label is kept, except that an A-label (`xn--…`) must pass ToASCII too, and that the
///    ASCII characters a `reg-name` cannot hold unencoded (decoded from `%HH`) are percent-encoded again.
/// 4. The ASCII form of the name must meet the DNS length limits (UTS #46 VerifyDnsLength, RFC 1034
///    §3.1): labels of 1 to 63 octets (only the root label, after a final dot, may be empty) and at
///    most 253 octets without the final dot. A failure is an [`IdnaError`] naming the label, or the
///    whole name at offset 0.
///
/// ```
/// use iri_abnf::convert::reg_name::{reg_name_to_ascii, RegNameMapping};
///
/// // 3987bis §3.4.2 (which prints "xn--rsum-bad": see interpretation note 11)
/// assert_eq!(
///     reg_name_to_ascii("résumé.example.org").unwrap(),
///     RegNameMapping::Idna("xn--rsum-bpad.example.org".into())
/// );
/// assert_eq!(reg_name_to_ascii("r%C3%A9sum%C3%A9.example.org").unwrap().as_str(), "xn--rsum-bpad.example.org");
/// // Not UTF-8: left as it is.
/// assert_eq!(
///     reg_name_to_ascii("r%E9sum%E9.example.org").unwrap(),
///     RegNameMapping::NotUtf8("r%E9sum%E9.example.org".into())
/// );
/// let err = reg_name_to_ascii("example.-résumé-.org").unwrap_err();
/// assert_eq!((err.label.as_str(), err.offset), ("-résumé-", 8));
/// ```
pub fn reg_name_to_ascii(reg_name: &str) -> Result<RegNameMapping, IdnaError> {
    let (decoded, origin) = pct_decode_with_offsets(reg_name);
    let decoded = match String::from_utf8(decoded) {
        Ok(s) => s,
        Err(_) => return Ok(RegNameMapping::NotUtf8(super::percent_encode(reg_name))),
    };
    let mut out = String::with_capacity(reg_name.len());
    let mut labels = Vec::new();
    let mut start = 0;
    for (i, label) in decoded.split('.').enumerate() {
        if i > 0 {
            out.push('.');
        }
        let offset = origin.get(start).copied().unwrap_or(reg_name.len());
        start += label.len() + 1;
        out.push_str(&label_to_ascii(label, offset)?);
        labels.push((label, offset));
    }
    // An empty reg-name (`file:///x`) names no domain: there is nothing to look up.
    if !reg_name.is_empty() {
        verify_dns_length(&out, &decoded, &labels)?;
    }
    Ok(RegNameMapping::Idna(out))
}

/// UTS #46 VerifyDnsLength (§4.2 ToASCII step 4) on the whole ASCII form `ascii` of the name: each
/// label 1 to 63 octets, the name 1 to 253 octets not counting a final dot (the empty root label),
/// the limits of RFC 1034 §3.1 (63 octets a label, 255 octets a name in its wire form, which is 253
/// as text). The verdict is the [`idna`] crate's ([`idna::uts46::verify_dns_length`], with the root
/// label allowed); the error names the limit, and the label (`labels`: each decoded label and its
/// offset) or the whole `name`.
fn verify_dns_length(ascii: &str, name: &str, labels: &[(&str, usize)]) -> Result<(), IdnaError> {
    if idna::uts46::verify_dns_length(ascii, true) {
        return Ok(());
    }
    let without_root = ascii.strip_suffix('.').unwrap_or(ascii);
    for (a, &(label, offset)) in without_root.split('.').zip(labels) {
        let fail = |reason: String| IdnaError {
            label: label.to_string(),
            offset,
            reason,
        };
        if a.is_empty() {
            return Err(fail(
                "it is empty (a dot first or two dots in a row); only the root label, after a final \
                 dot, may be empty (RFC 1034 §3.1, UTS #46 VerifyDnsLength)"
                    .to_string(),
            ));
        }
        if a.len() > 63 {
            return Err(fail(label_too_long(label, a)));
        }
    }
    Err(IdnaError {
        label: name.to_string(),
        offset: 0,
        reason: format!(
            "the name's ASCII form is {} octets long (not counting a final dot); a DNS name has at \
             most 253 (RFC 1034 §3.1, UTS #46 VerifyDnsLength)",
            without_root.len()
        ),
    })
}

fn label_too_long(label: &str, ascii: &str) -> String {
    let shown = if ascii != label && ascii.len() <= 80 {
        format!(" {}", crate::error::quote(ascii))
    } else {
        String::new()
    };
    format!(
        "its ASCII form{shown} is {} octets long; a DNS label has at most 63 (RFC 1034 §3.1, \
         UTS #46 VerifyDnsLength)",
        ascii.len()
    )
}

/// Decodes every `%HH` to its octet and records, for each output octet, the byte offset in `s` it came
/// from.
fn pct_decode_with_offsets(s: &str) -> (Vec<u8>, Vec<usize>) {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut origin = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if let Some(octet) = pct_octet(&bytes[i..]) {
            out.push(octet);
            origin.push(i);
            i += 3;
        } else {
            out.push(bytes[i]);
            origin.push(i);
            i += 1;
        }
    }
    (out, origin)
}

fn uts46_to_ascii(label: &str) -> Result<String, idna::Errors> {
    Uts46::new()
        .to_ascii(
            label.as_bytes(),
            AsciiDenyList::STD3,
            Hyphens::Check,
            DnsLength::Verify,
        )
        .map(|c| c.into_owned())
}

fn is_a_label(label: &str) -> bool {
    label
        .as_bytes()
        .get(..4)
        .is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"))
}

fn label_to_ascii(label: &str, offset: usize) -> Result<String, IdnaError> {
    let fail = |reason: String| IdnaError {
        label: label.to_string(),
        offset,
        reason,
    };
    if label.is_ascii() {
        if is_a_label(label) && uts46_to_ascii(label).is_err() {
            return Err(fail(a_label_reason(label)));
        }
        let mut out = String::with_capacity(label.len());
        for c in label.chars() {
            if is_unreserved(c) || is_sub_delim(c) {
                out.push(c);
            } else {
                push_pct(&mut out, c as u8);
            }
        }
        return Ok(out);
    }
    match uts46_to_ascii(label) {
        Ok(ascii) if ascii.contains('.') => Err(fail(format!(
            "UTS #46 maps it to {}, more than one label; 3987bis §3.4.2 separates labels only at \
             U+002E FULL STOP",
            crate::error::quote(&ascii)
        ))),
        Ok(ascii) => Ok(ascii),
        Err(_) => Err(fail(reason(label))),
    }
}

fn a_label_reason(label: &str) -> String {
    let Some(u) = idna::punycode::decode_to_string(&label[4..]) else {
        return "it begins with \"xn--\" but the rest is not valid Punycode".to_string();
    };
    let decoded = crate::error::quote(&u);
    if u.is_empty() {
        return "nothing follows \"xn--\"".to_string();
    }
    if u.is_ascii() {
        return format!(
            "it begins with \"xn--\" but its Punycode decodes to the all-ASCII {decoded}; an A-label \
             encodes a label with non-ASCII characters"
        );
    }
    match uts46_to_ascii(&u) {
        Err(_) => format!(
            "it begins with \"xn--\" but its Punycode decodes to {decoded}, which is not a valid \
             U-label ({})",
            reason(&u)
        ),
        Ok(back) if !back.eq_ignore_ascii_case(label) => format!(
            "it begins with \"xn--\" and decodes to {decoded}, whose A-label is {}",
            crate::error::quote(&back)
        ),
        Ok(_) => "it violates the UTS #46 validity criteria".to_string(),
    }
}

/// Tells which UTS #46 check rejects a label, by relaxing the flags one at a time.
fn reason(label: &str) -> String {
    let uts = Uts46::new();
    let with = |deny, hyphens, len| uts.to_ascii(label.as_bytes(), deny, hyphens, len).is_ok();
    if let (false, Ok(ascii)) = (
        with(AsciiDenyList::STD3, Hyphens::Check, DnsLength::Verify),
        uts.to_ascii(
            label.as_bytes(),
            AsciiDenyList::STD3,
            Hyphens::Check,
            DnsLength::Ignore,
        ),
    ) {
        return label_too_long(label, &ascii);
    }
    if with(AsciiDenyList::STD3, Hyphens::Allow, DnsLength::Ignore) {
        return "a hyphen is first or last, or \"--\" is in the third and fourth positions (UTS #46 \
                CheckHyphens)"
            .to_string();
    }
    if with(AsciiDenyList::EMPTY, Hyphens::Allow, DnsLength::Ignore) {
        if let Some(c) = label
            .chars()
            .find(|c| c.is_ascii() && !(c.is_ascii_alphanumeric() || *c == '-'))
        {
            return format!(
                "it contains {}, which UseSTD3ASCIIRules does not allow (letters, digits and \"-\" only)",
                describe_char(c)
            );
        }
        return "a character maps to one that UseSTD3ASCIIRules does not allow (letters, digits and \
                \"-\" only)"
            .to_string();
    }
    // A character that fails alone is disallowed by the UTS #46 mapping table.
    for c in label.chars() {
        let mut buf = [0u8; 4];
        let alone = c.encode_utf8(&mut buf);
        if !c.is_ascii()
            && uts
                .to_ascii(
                    alone.as_bytes(),
                    AsciiDenyList::EMPTY,
                    Hyphens::Allow,
                    DnsLength::Ignore,
                )
                .is_err()
            && !is_mark(c)
            && !matches!(c, '\u{200C}' | '\u{200D}')
        {
            return format!("it contains {}, which UTS #46 disallows", describe_char(c));
        }
    }
    if label.chars().next().is_some_and(is_mark) {
        return "it begins with a combining mark (UTS #46 validity criteria)".to_string();
    }
    if label.chars().any(|c| matches!(c, '\u{200C}' | '\u{200D}')) {
        return "it contains U+200C ZERO WIDTH NON-JOINER or U+200D ZERO WIDTH JOINER outside the \
                contexts RFC 5892 allows (UTS #46 CheckJoiners)"
            .to_string();
    }
    "it violates the UTS #46 validity criteria (most likely the RFC 5893 Bidi rule, CheckBidi)"
        .to_string()
}

/// Combining marks (general category M), found the way the `idna` data does: a mark alone is not a
/// valid label, but the same mark after "a" is.
fn is_mark(c: char) -> bool {
    let uts = Uts46::new();
    let mut alone = [0u8; 4];
    let with_base = format!("a{c}");
    uts.to_ascii(
        c.encode_utf8(&mut alone).as_bytes(),
        AsciiDenyList::EMPTY,
        Hyphens::Allow,
        DnsLength::Ignore,
    )
    .is_err()
        && uts
            .to_ascii(
                with_base.as_bytes(),
                AsciiDenyList::EMPTY,
                Hyphens::Allow,
                DnsLength::Ignore,
            )
            .is_ok()
}

fn describe_char(c: char) -> String {
    if c.is_control() || is_bidi_formatting(c) {
        format!("U+{:04X}", c as u32)
    } else {
        format!("'{c}' (U+{:04X})", c as u32)
    }
}

/// URI-to-IRI step 6 (3987bis §3.7) for one label: the ToUnicode form of a punycode label (`xn--…`,
/// any case), when that form is valid; `None` leaves the label as it is.
///
/// Valid means: UTS #46 ToUnicode reports no error (same flags as ToASCII, see the
/// [module docs](self)); the result is not ASCII; every character is one that step 4 of §3.7 keeps
/// as it is ([`decodes_to_iri`](crate::characters::decodes_to_iri): a `ucschar`, not
/// [`not_appropriate`](crate::characters::not_appropriate)); and ToASCII of the result gives
/// the label back (up to ASCII case), so that mapping the IRI back to a URI with IDNA (§3.4.2)
/// restores it.
///
/// ```
/// use iri_abnf::convert::reg_name::punycode_label_to_unicode;
///
/// assert_eq!(punycode_label_to_unicode("xn--99zt52a").as_deref(), Some("\u{7D0D}\u{8C46}"));
/// assert_eq!(punycode_label_to_unicode("example"), None);
/// assert_eq!(punycode_label_to_unicode("\u{E9}t\u{E9}"), None);
/// assert_eq!(punycode_label_to_unicode("xn--zz"), None);
/// ```
pub fn punycode_label_to_unicode(label: &str) -> Option<String> {
    if !is_a_label(label) {
        return None;
    }
    let (unicode, result) =
        Uts46::new().to_unicode(label.as_bytes(), AsciiDenyList::STD3, Hyphens::Check);
    result.ok()?;
    let unicode = unicode.into_owned();
    if unicode.is_ascii()
        || unicode.contains('.')
        || !unicode.chars().all(|c| {
            (c.is_ascii() && (is_unreserved(c))) || crate::characters::decodes_to_iri(c, false)
        })
    {
        return None;
    }
    match uts46_to_ascii(&unicode) {
        Ok(back) if back.eq_ignore_ascii_case(label) => Some(unicode),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_name_the_check() {
        let r = |s: &str| reg_name_to_ascii(s).unwrap_err().reason;
        assert!(r("-résumé").contains("CheckHyphens"), "{}", r("-résumé"));
        assert!(r("ré_sumé").contains("'_' (U+005F)"), "{}", r("ré_sumé"));
        assert!(
            r("\u{0301}résumé").contains("combining mark"),
            "{}",
            r("\u{0301}résumé")
        );
        assert!(
            r("a\u{200D}é").contains("CheckJoiners"),
            "{}",
            r("a\u{200D}é")
        );
        assert!(r("é\u{05D0}").contains("Bidi"), "{}", r("é\u{05D0}"));
        assert!(r(&"é".repeat(70)).contains("VerifyDnsLength"));
        assert!(r("xn--zz-").contains("all-ASCII"), "{}", r("xn--zz-"));
        assert!(r("xn--").contains("nothing follows"), "{}", r("xn--"));
        assert!(
            r("xn--a!b").contains("not valid Punycode"),
            "{}",
            r("xn--a!b")
        );
        assert!(
            r("xn--rsum-bad").contains("U+0080"),
            "{}",
            r("xn--rsum-bad")
        );
        assert!(
            r("a\u{3002}é").contains("more than one label"),
            "{}",
            r("a\u{3002}é")
        );
    }

    #[test]
    fn dns_length_limits() {
        let a = |n: usize| "a".repeat(n);
        // A label of 64 octets, ASCII or from ToASCII, is too long; 63 is the most.
        let e = reg_name_to_ascii(&format!("x.{}.org", a(64))).unwrap_err();
        assert_eq!((e.label.as_str(), e.offset), (a(64).as_str(), 2));
        assert!(
            e.reason.contains("64 octets") && e.reason.contains("at most 63"),
            "{}",
            e.reason
        );
        assert!(e.reason.contains("RFC 1034 §3.1") && e.reason.contains("VerifyDnsLength"));
        assert!(reg_name_to_ascii(&format!("x.{}.org", a(63))).is_ok());
        // "é" and 56 "a": "xn--", 56 "a", "-" and 3 more, 64 octets; with 55 "a", 63.
        let e = reg_name_to_ascii(&format!("x.é{}", a(56))).unwrap_err();
        assert_eq!(e.offset, 2);
        assert!(
            e.reason.contains("64 octets") && e.reason.contains("at most 63"),
            "{}",
            e.reason
        );
        assert_eq!(
            reg_name_to_ascii(&format!("é{}", a(55)))
                .unwrap()
                .as_str()
                .len(),
            63
        );
        // A name of 254 octets is too long (without a final dot); 253 is the most, 254 with the dot.
        let name = |last: usize| format!("{}.{}.{}.{}", a(63), a(63), a(63), a(last));
        assert_eq!(name(62).len(), 254);
        let e = reg_name_to_ascii(&name(62)).unwrap_err();
        assert_eq!((e.label.as_str(), e.offset), (name(62).as_str(), 0));
        assert!(
            e.reason.contains("254 octets") && e.reason.contains("at most 253"),
            "{}",
            e.reason
        );
        assert!(e.reason.contains("RFC 1034 §3.1") && e.reason.contains("VerifyDnsLength"));
        assert_eq!(reg_name_to_ascii(&name(61)).unwrap().as_str(), name(61));
        assert!(reg_name_to_ascii(&format!("{}.", name(61))).is_ok());
        assert!(reg_name_to_ascii(&format!("{}..", name(61))).is_err());
        // Counted on the ASCII form: "résumé" is "xn--rsum-bpad", 13 octets.
        let mixed = |last: usize| format!("résumé.{}.{}.{}.{}", a(63), a(63), a(63), a(last));
        assert!(reg_name_to_ascii(&mixed(48))
            .unwrap_err()
            .reason
            .contains("254 octets"));
        assert_eq!(reg_name_to_ascii(&mixed(47)).unwrap().as_str().len(), 253);
        // Percent-encoded octets count as what they decode to.
        assert!(reg_name_to_ascii(&format!("x.{}%61.org", a(63))).is_err());
        // Empty labels, except the root label after a final dot.
        let e = reg_name_to_ascii("a..b").unwrap_err();
        assert_eq!((e.label.as_str(), e.offset), ("", 2));
        assert!(e.reason.contains("empty"), "{}", e.reason);
        assert_eq!(reg_name_to_ascii(".a").unwrap_err().offset, 0);
        assert!(reg_name_to_ascii("a.").is_ok());
    }

    #[test]
    fn ascii_labels_are_kept() {
        assert_eq!(
            reg_name_to_ascii("Example.ORG").unwrap().as_str(),
            "Example.ORG"
        );
        assert_eq!(
            reg_name_to_ascii("my_host.x").unwrap().as_str(),
            "my_host.x"
        );
        assert_eq!(reg_name_to_ascii("a%20b.x").unwrap().as_str(), "a%20b.x");
        assert_eq!(reg_name_to_ascii("%41b.x").unwrap().as_str(), "Ab.x");
        assert_eq!(reg_name_to_ascii("").unwrap().as_str(), "");
        assert_eq!(reg_name_to_ascii("a.").unwrap().as_str(), "a.");
        assert_eq!(
            reg_name_to_ascii("xn--99zt52a.example").unwrap().as_str(),
            "xn--99zt52a.example"
        );
    }
}
