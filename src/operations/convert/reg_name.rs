//! Mapping `ireg-name` (3987bis §3.4): percent-encoding (§3.4.1, the default) or IDNA (§3.4.2), and
//! the punycode labels of URI-to-IRI step 6 (§3.7).
//!
//! ## IDNA processing
//!
//! §3.4.2 asks for "the Domain Name Lookup procedure (Subsections 5.3 to 5.5) of \[RFC5891\]"
//! (IDNA2008) on each label. [`reg_name_to_ascii`] does that ([`HostMapping::Idna`]); the checks are
//! in [`super::idna2008`]:
//!
//! | step | check |
//! | --- | --- |
//! | RFC 5891 §5.3 | an A-label (`xn--…`, any case) must decode (Punycode, RFC 3492) to a valid U-label whose A-label is the label again |
//! | RFC 5891 §5.4 | a U-label is in NFC, has no "--" in positions 3–4, no combining mark first, only PVALID code points, CONTEXTJ and CONTEXTO code points only where their rule of RFC 5892 Appendix A holds, nothing UNASSIGNED; nothing is mapped (§5.2, local mapping, is not among the steps §3.4.2 names) |
//! | RFC 5891 §4.2.3.1 | no hyphen first or last (a U-label meets the checks of §4.2, RFC 5890 §2.3.2.1) |
//! | RFC 5891 §5.4, RFC 5893 §2 | if any label holds a right-to-left character (Bidi class R, AL or AN), every label satisfies the Bidi Rule |
//! | RFC 5891 §5.5 | the A-label is "xn--" and the Punycode of the U-label |
//! | RFC 1034 §3.1 | each label 1 to 63 octets, the name 1 to 253 octets with an optional final dot ([`idna::uts46::verify_dns_length`] on the ASCII form, in octets: a `%2F` the URI needs for one octet counts as one); an empty `ireg-name` is not a domain name and is not checked |
//!
//! [`reg_name_to_ascii_uts46`] ([`HostMapping::Uts46`]) runs what browsers run instead, **UTS #46
//! ToASCII, nontransitional**, which is not what 3987bis names: it maps case and compatibility forms
//! (`ｅｘａｍｐｌｅ` becomes `example`) and accepts symbols IDNA2008 disallows. It maps and checks every
//! label, all-ASCII ones too (UTS #46 §4): `EXAMPLE` becomes `example`, and `-e`, `ab--cd` and `a_b`
//! fail as `-é` does. Its flags are the
//! strictest the [`idna`] crate offers (the WHATWG URL Standard's *beStrict*,
//! [`idna::domain_to_ascii_strict`]):
//!
//! | UTS #46 flag | value |
//! | --- | --- |
//! | Transitional_Processing | false (the crate has no other mode) |
//! | UseSTD3ASCIIRules | true ([`AsciiDenyList::STD3`]: only letters, digits and "-") |
//! | CheckHyphens | true ([`Hyphens::Check`]: no "-" first or last, no "--" in positions 3–4) |
//! | CheckBidi | true (the crate's, on each label, and the Bidi Rule on every label of a name that holds a right-to-left character, as UTS #46 §4.1 step 4 asks) |
//! | CheckJoiners | true (always, in the crate) |
//! | VerifyDnsLength | true: as above (RFC 1034 §3.1) |
//! | IgnoreInvalidPunycode | false (always, in the crate) |
//!
//! Under both, labels are separated at U+002E only (§3.4.2), and a registered name does not turn
//! into an IP literal: a name that an IPv4 parser reads differently after percent-decoding and
//! mapping than as written, as an address or as a failed one, is an error. The reading is
//! [`ipv4_reading`](crate::ipv4_reading), the host parser of the WHATWG URL Standard (which
//! `inet_aton` agrees with): one to four parts, decimal, octal (`0…`) or hexadecimal (`0x…`, `0X…`),
//! a trailing dot ignored; so `%31%32%37.1`, `%30x7f.1` and `１２７.1` (under UTS #46) are refused as
//! `127.0.0.1` is, and `a.%31`, whose last label becomes a number, too. The same test keeps the host
//! percent-encoded in URI-to-IRI conversion and normalization. (An IPv6 literal cannot come out:
//! neither processing lets a ":" through.)
//!
//! ## Host names
//!
//! [`idn_hostname`] checks a host name on its own, as JSON Schema's `idn-hostname` format means it
//! (RFC 5890 §2.3.2.3): the same U-label and A-label checks as the lookup above and the Bidi Rule,
//! but on a string that is not a URI component, so nothing is percent-decoded, every ASCII label must
//! be an NR-LDH label or an A-label (RFC 5890 §2.3.1), and a final dot or an empty name is refused.
//!
//! Which characters separate its labels is a choice ([`LabelSeparators`]): U+002E only, as IDNA2008
//! has it and as [`idn_hostname`] does, or also the three dots that RFC 3490 §3.1 made separators
//! (U+3002, U+FF0E, U+FF61), as [`idn_hostname_with`] does with [`LabelSeparators::Rfc3490`]: the
//! JSON Schema Test Suite reads `idn-hostname` so, and RFC 5895 §2 maps them to U+002E for IDNA2008.
//!
//! [`HostMapping::Idna`]: super::HostMapping::Idna
//! [`HostMapping::Uts46`]: super::HostMapping::Uts46

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

use super::idna2008::{self, describe_char, DerivedProperty};
use crate::characters::{is_sub_delim, is_unreserved, pct_octet, push_pct};
use crate::parsing::error::quote;

/// One line naming the IDNA processing of [`reg_name_to_ascii`] (3987bis §3.4.2), as shown by the
/// command line.
pub const IDNA_PROCESSING: &str = "IDNA2008 Domain Name Lookup (RFC 5891 §5.3–§5.5): nothing \
mapped; U-labels in NFC, of PVALID code points and of CONTEXTJ/CONTEXTO ones where their rule holds \
(RFC 5892); no hyphen first, last or in positions 3–4; the Bidi Rule on every label of a name with \
right-to-left characters (RFC 5893); DNS lengths (RFC 1034 §3.1)";

/// One line naming the processing of [`reg_name_to_ascii_uts46`], as shown by the command line.
pub const UTS46_PROCESSING: &str = "UTS #46 ToASCII (browsers' mapping, not the IDNA2008 that \
3987bis §3.4.2 names), nontransitional, UseSTD3ASCIIRules=true, CheckHyphens=true, CheckBidi=true, \
CheckJoiners=true, VerifyDnsLength=true";

/// What [`ConvertErrorKind::Idna`](super::ConvertErrorKind::Idna) holds, and what [`reg_name_to_ascii`]
/// gives when it fails: a label that IDNA could not convert (3987bis §3.4.2: "if the domain name conversion fails, then the
/// entire IRI conversion fails"), or a name too long for the DNS.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct IdnaFailure {
    /// The label after percent-decoding, as given to ToASCII; the whole name (after percent-decoding)
    /// when it is the name that is too long.
    pub label: String,
    /// Byte offset of the label (or name) in the `ireg-name` text that was mapped.
    pub offset: usize,
    /// Why ToASCII rejected it.
    pub reason: String,
}

impl std::fmt::Display for IdnaFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "IDNA cannot convert the label {}: {}",
            quote(&self.label),
            self.reason
        )
    }
}

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

/// Which processing maps the labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Processing {
    /// RFC 5891 §5.3–§5.5 (3987bis §3.4.2).
    Lookup,
    /// UTS #46 ToASCII.
    Uts46,
}

/// Maps an `ireg-name` with IDNA as 3987bis §3.4.2 says: the Domain Name Lookup procedure of RFC
/// 5891 (§5.3 to §5.5), see the [module docs](self).
///
/// 1. The `pct-encoded` sequences are decoded; if the octets are not all valid UTF-8, the field is left
///    as it is ([`RegNameMapping::NotUtf8`]).
/// 2. The result is split at U+002E FULL STOP. Each label with a non-ASCII character must be a valid
///    U-label (RFC 5891 §5.4; nothing is mapped) and becomes its A-label (§5.5); a failure is an
///    [`IdnaFailure`] naming the label, the character and the rule.
/// 3. An all-ASCII label is kept, except that an A-label (`xn--…`) must be valid (§5.3), and that the
///    ASCII characters a `reg-name` cannot hold unencoded (decoded from `%HH`) are percent-encoded again.
/// 4. The ASCII form of the name must meet the DNS length limits (RFC 1034 §3.1): labels of 1 to 63
///    octets (only the root label, after a final dot, may be empty) and at most 253 octets without the
///    final dot, counted in octets (a `%HH` kept for one octet counts as one). A failure is an
///    [`IdnaFailure`] naming the label, or the whole name at offset 0.
/// 5. If a label holds a right-to-left character, every label must satisfy the Bidi Rule (RFC 5893
///    §2, RFC 5891 §5.4).
/// 6. The result must not be an IP address: a name that an IPv4 parser
///    ([`ipv4_reading`](crate::ipv4_reading): the WHATWG URL Standard's host parser, `inet_aton`)
///    reads as an address, or as a failed one, when it did not read the name so as written (an
///    `IPv4address` of RFC 3986 §3.2.2, `127.1`, `0x7f.1`, `a.1`) is an [`IdnaFailure`] naming the
///    label that became a number.
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
/// // Not an IP address after decoding: an IPv4 parser reads "127.1" as 127.0.0.1.
/// assert_eq!(reg_name_to_ascii("%31%32%37.1").unwrap_err().label, "127");
/// let err = reg_name_to_ascii("example.-résumé-.org").unwrap_err();
/// assert_eq!((err.label.as_str(), err.offset), ("-résumé-", 8));
/// // IDNA2008 maps nothing: full-width letters are DISALLOWED (RFC 5892 §2.2).
/// let err = reg_name_to_ascii("\u{FF45}xample.com").unwrap_err();
/// assert!(err.reason.contains("U+FF45") && err.reason.contains("DISALLOWED"));
/// ```
pub fn reg_name_to_ascii(reg_name: &str) -> Result<RegNameMapping, IdnaFailure> {
    map_reg_name(reg_name, Processing::Lookup)
}

/// Maps an `ireg-name` with UTS #46 ToASCII, the mapping browsers use, which is **not** the IDNA2008
/// lookup 3987bis §3.4.2 names: it maps case and compatibility forms, and accepts some symbols that
/// IDNA2008 disallows. The steps are those of [`reg_name_to_ascii`], with UTS #46 ToASCII (flags in
/// the [module docs](self)) in place of RFC 5891 §5.3–§5.5, on every label: an all-ASCII label is
/// mapped (to lower case) and checked (UseSTD3ASCIIRules, CheckHyphens) too (UTS #46 §4).
///
/// ```
/// use iri_abnf::convert::reg_name::reg_name_to_ascii_uts46;
///
/// assert_eq!(reg_name_to_ascii_uts46("\u{FF45}xample.com").unwrap().as_str(), "example.com");
/// assert_eq!(reg_name_to_ascii_uts46("R\u{E9}sum\u{E9}.example").unwrap().as_str(), "xn--rsum-bpad.example");
/// assert_eq!(reg_name_to_ascii_uts46("EXAMPLE.COM").unwrap().as_str(), "example.com");
/// assert_eq!(reg_name_to_ascii_uts46("a_b.com").unwrap_err().label, "a_b");
/// // Never an IP address, in any form an IPv4 parser reads.
/// let err = reg_name_to_ascii_uts46("\u{FF11}\u{FF12}\u{FF17}.0.0.1").unwrap_err();
/// assert_eq!((err.label.as_str(), err.offset), ("\u{FF11}\u{FF12}\u{FF17}", 0));
/// assert!(reg_name_to_ascii_uts46("\u{FF11}\u{FF12}\u{FF17}.1").is_err());
/// assert!(reg_name_to_ascii_uts46("%30x7f.1").is_err());
/// ```
pub fn reg_name_to_ascii_uts46(reg_name: &str) -> Result<RegNameMapping, IdnaFailure> {
    map_reg_name(reg_name, Processing::Uts46)
}

/// Checks that `name` is an internationalized host name, the `idn-hostname` format of JSON Schema
/// (JSON Schema Validation 2020-12 §7.3.3 and draft-07 §7.3.3, which define it by RFC 5890
/// §2.3.2.3), and gives its ASCII form: every U-label replaced by its A-label (RFC 5891 §5.5), the
/// other labels as written. See the [module docs](self#host-names).
///
/// The name is a string of its own, not a URI component: nothing is percent-decoded (a `%` is not a
/// letter, digit or hyphen) and nothing is mapped (the local mapping of RFC 5891 §5.2 is not
/// applied: upper case in a U-label and full-width forms fail).
///
/// 1. The name is split at U+002E FULL STOP, the only label separator of IDNA2008 (RFC 3490 §3.1
///    also made U+3002, U+FF0E and U+FF61 separators; RFC 5895 §2 leaves that to a local mapping,
///    and IDNA2008 disallows the three characters, RFC 5892). Every label has 1 to 63 octets, so the
///    name is not empty and has no dot first, last or twice in a row: a host name is the preferred
///    name syntax of RFC 1034 §3.5 (as RFC 1123 §2.1 relaxes it), which has no root label.
/// 2. An all-ASCII label is either an A-label, "xn--" (any case) whose Punycode decodes to a valid
///    U-label that encodes back to the label (RFC 5891 §5.3, RFC 5890 §2.3.2.1), or an NR-LDH label
///    (RFC 5890 §2.3.1): letters, digits and hyphens, no hyphen first or last (RFC 1034 §3.5; a
///    digit may come first, RFC 1123 §2.1), and not "--" in the third and fourth positions, which
///    makes a reserved LDH label (R-LDH) that is neither an A-label nor NR-LDH.
/// 3. A label with a non-ASCII character is a U-label (RFC 5890 §2.3.2.1) as RFC 5891 §5.4 and
///    §4.2.3 check it: in NFC; only PVALID code points, and CONTEXTJ or CONTEXTO ones where their
///    rule of RFC 5892 Appendix A holds; nothing unassigned; no "--" in the third and fourth
///    positions; no hyphen first or last; no combining mark first.
/// 4. In the ASCII form, every label has at most 63 octets and the name at most 253 (RFC 1034 §3.1;
///    an A-label is an LDH label, RFC 5890 §2.3.2.1).
/// 5. If a label holds a right-to-left character (Bidi class R, AL or AN), every label satisfies
///    the Bidi Rule (RFC 5893 §2; RFC 5891 §4.2.3.4, §5.4).
///
/// RFC 5890 §2.3.2.3 calls a name an IDN when at least one label is an A-label or a U-label; a name
/// of NR-LDH labels only (a `hostname` of JSON Schema) is accepted as well, as draft-07 §7.3.3 says
/// (a host name of RFC 1034, or an internationalized one) and as `idn-hostname`, the
/// internationalized counterpart of `hostname`, implies in 2020-12. A failure is an [`IdnaFailure`] naming the label
/// and its byte offset in `name`, or the whole name at offset 0 (empty, too long).
///
/// ```
/// use iri_abnf::convert::reg_name::idn_hostname;
///
/// assert_eq!(idn_hostname("\u{C2E4}\u{B840}.\u{D14C}\u{C2A4}\u{D2B8}").unwrap(), "xn--9n2bp8q.xn--9t4b11yi5a");
/// assert_eq!(idn_hostname("R\u{E9}sum\u{E9}.example").unwrap_err().label, "R\u{E9}sum\u{E9}");
/// assert_eq!(idn_hostname("XN--9n2bp8q.example").unwrap(), "XN--9n2bp8q.example");
/// assert_eq!(idn_hostname("host-name.example").unwrap(), "host-name.example");
/// // RFC 5892 A.3: U+00B7 MIDDLE DOT only between two 'l'.
/// assert!(idn_hostname("l\u{B7}l").is_ok());
/// assert!(idn_hostname("a\u{B7}l").unwrap_err().reason.contains("RFC 5892 A.3"));
/// // The Bidi Rule (RFC 5893 §2) on every label of a name with a right-to-left character.
/// let err = idn_hostname("0a.\u{5D0}").unwrap_err();
/// assert_eq!((err.label.as_str(), err.offset), ("0a", 0));
/// // Not a URI component: no percent-encoding, and only U+002E separates labels.
/// assert!(idn_hostname("r%C3%A9sum%C3%A9.example").is_err());
/// assert!(idn_hostname("a\u{3002}b").unwrap_err().reason.contains("DISALLOWED"));
/// assert!(idn_hostname("example.").is_err());
/// ```
pub fn idn_hostname(name: &str) -> Result<String, IdnaFailure> {
    idn_hostname_with(name, LabelSeparators::Idna2008)
}

/// The characters that separate the labels of a host name in [`idn_hostname_with`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LabelSeparators {
    /// U+002E FULL STOP only: the strict IDNA2008 lookup (RFC 5891 §5.2 leaves any other dot to a
    /// local mapping). The other dots are DISALLOWED characters (RFC 5892), so a
    /// label holding one is not a U-label. What [`idn_hostname`] does.
    #[default]
    Idna2008,
    /// U+002E FULL STOP, U+3002 IDEOGRAPHIC FULL STOP, U+FF0E FULLWIDTH FULL STOP and U+FF61
    /// HALFWIDTH IDEOGRAPHIC FULL STOP: the label separators of RFC 3490 §3.1 (IDNA2003), which the
    /// mapping of RFC 5895 §2 turns into U+002E before an IDNA2008 lookup (step 4 maps U+3002;
    /// step 2 maps the full-width and half-width forms to their decompositions, U+002E and U+3002). The JSON Schema Test Suite reads `idn-hostname`
    /// so (cases "ideographic full stop as label separator" and the like); the labels between them
    /// are checked as under [`LabelSeparators::Idna2008`], and the ASCII form joins them with U+002E.
    Rfc3490,
}

impl LabelSeparators {
    /// Both, [`LabelSeparators::Idna2008`] first.
    pub const ALL: [LabelSeparators; 2] = [LabelSeparators::Idna2008, LabelSeparators::Rfc3490];

    /// `idna2008` or `rfc3490`, as the bindings and their options name them.
    pub fn name(self) -> &'static str {
        match self {
            LabelSeparators::Idna2008 => "idna2008",
            LabelSeparators::Rfc3490 => "rfc3490",
        }
    }

    /// The separator named `name` ([`LabelSeparators::name`]), if any.
    pub fn from_name(name: &str) -> Option<LabelSeparators> {
        LabelSeparators::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Whether `c` separates two labels.
    pub fn is_separator(self, c: char) -> bool {
        match self {
            LabelSeparators::Idna2008 => c == '.',
            LabelSeparators::Rfc3490 => matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}'),
        }
    }
}

/// [`idn_hostname`] with the label separators `separators`: under [`LabelSeparators::Rfc3490`],
/// U+3002, U+FF0E and U+FF61 separate labels as U+002E does (RFC 3490 §3.1, RFC 5895 §2), so that
/// `a\u{3002}b` is the host name `a.b`, while `example\u{3002}` still ends in an empty label and a
/// lone `\u{FF0E}` is still two. Offsets in a failure are byte offsets in `name` as given.
///
/// ```
/// use iri_abnf::convert::reg_name::{idn_hostname_with, LabelSeparators};
///
/// assert_eq!(idn_hostname_with("a\u{3002}b", LabelSeparators::Rfc3490).unwrap(), "a.b");
/// assert_eq!(
///     idn_hostname_with("b\u{FC}cher\u{FF0E}example", LabelSeparators::Rfc3490).unwrap(),
///     "xn--bcher-kva.example"
/// );
/// assert!(idn_hostname_with("a\u{3002}b", LabelSeparators::Idna2008).is_err());
/// let err = idn_hostname_with("a\u{FF61}b_c", LabelSeparators::Rfc3490).unwrap_err();
/// assert_eq!((err.label.as_str(), err.offset), ("b_c", 4));
/// assert!(idn_hostname_with("example\u{3002}", LabelSeparators::Rfc3490).is_err());
/// ```
pub fn idn_hostname_with(name: &str, separators: LabelSeparators) -> Result<String, IdnaFailure> {
    if name.is_empty() {
        return Err(IdnaFailure {
            label: String::new(),
            offset: 0,
            reason: "the name is empty; a host name has at least one label of 1 to 63 octets (RFC \
                     1034 §3.5, RFC 1123 §2.1)"
                .to_string(),
        });
    }
    let mut labels = Vec::new();
    let mut offset = 0;
    for label in name.split(|c| separators.is_separator(c)) {
        let (ascii, unicode) = hostname_label(label).map_err(|reason| IdnaFailure {
            label: label.to_string(),
            offset,
            reason,
        })?;
        labels.push(Label {
            decoded: label,
            raw: label,
            offset,
            unicode,
            ascii,
        });
        offset += label.len();
        // The separator after the label, if any (one to three bytes in UTF-8).
        offset += name[offset..].chars().next().map_or(0, char::len_utf8);
    }
    let out = labels
        .iter()
        .map(|l| l.ascii.as_str())
        .collect::<Vec<_>>()
        .join(".");
    if out.len() > 253 {
        return Err(IdnaFailure {
            label: name.to_string(),
            offset: 0,
            reason: format!(
                "the name's ASCII form is {} octets long; a domain name has at most 253 as text \
                 (255 octets in the wire form of RFC 1034 §3.1)",
                out.len()
            ),
        });
    }
    bidi_domain(&labels, Processing::Lookup)?;
    Ok(out)
}

/// One label of [`idn_hostname`]: its ASCII form and the Unicode form the Bidi Rule sees, or why it
/// is neither an NR-LDH label, nor an A-label, nor a U-label.
fn hostname_label(label: &str) -> Result<(String, String), String> {
    if label.is_empty() {
        return Err(
            "it is empty (a dot first, last or two in a row); every label of a host name has 1 to \
             63 octets, and a host name has no final dot (RFC 1034 §3.5, RFC 1123 §2.1)"
                .to_string(),
        );
    }
    let too_long = |ascii: &str| {
        let shown = if ascii != label {
            format!(" {}", quote(ascii))
        } else {
            String::new()
        };
        format!(
            "its ASCII form{shown} is {} octets long; a DNS label has at most 63 (RFC 1034 §3.1, \
             RFC 5890 §2.3.2.1)",
            ascii.len()
        )
    };
    if !label.is_ascii() {
        check_u_label(label, Separators::Hostname)?;
        let encoded = idna::punycode::encode_str(label)
            .ok_or_else(|| "its Punycode overflows (RFC 3492 §6.4; RFC 5891 §5.5)".to_string())?;
        let ascii = format!("xn--{encoded}");
        if ascii.len() > 63 {
            return Err(too_long(&ascii));
        }
        return Ok((ascii, label.to_string()));
    }
    if let Some(c) = label
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '-'))
    {
        let percent = if c == '%' {
            " (a host name is not percent-encoded)"
        } else {
            ""
        };
        return Err(format!(
            "it contains {}{percent}; an ASCII label holds letters, digits and hyphens only (LDH: \
             RFC 5890 §2.3.1, RFC 1034 §3.5)",
            describe_char(c)
        ));
    }
    if label.len() > 63 {
        return Err(too_long(label));
    }
    if is_a_label(label) {
        let unicode = a_label_to_u_label(label, Separators::Hostname)?;
        return Ok((label.to_string(), unicode));
    }
    if label.starts_with('-') || label.ends_with('-') {
        return Err(
            "a hyphen is first or last (RFC 1034 §3.5, RFC 5890 §2.3.1 LDH label)".to_string(),
        );
    }
    if label.get(2..4) == Some("--") {
        return Err(
            "\"--\" is in the third and fourth positions and the label does not begin with \
             \"xn--\": a reserved LDH label (R-LDH), which is neither an NR-LDH label nor an \
             A-label (RFC 5890 §2.3.1, §2.3.2.3)"
                .to_string(),
        );
    }
    Ok((label.to_string(), label.to_string()))
}

/// Which rule the messages name for the label separator, when a character is one under UTS #46.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Separators {
    /// An `ireg-name` (3987bis §3.4.2).
    Iri,
    /// A host name on its own ([`idn_hostname`]).
    Hostname,
}

impl Separators {
    fn rule(self) -> &'static str {
        match self {
            Separators::Iri => "3987bis §3.4.2 separates labels only at U+002E FULL STOP",
            Separators::Hostname => {
                "IDNA2008 separates labels only at U+002E FULL STOP (the other dots of RFC 3490 \
                 §3.1 are left to a local mapping: RFC 5891 §5.2, RFC 5895 §2)"
            }
        }
    }
}

/// One label of a name being mapped.
struct Label<'a> {
    /// After percent-decoding.
    decoded: &'a str,
    /// As written in the `ireg-name`.
    raw: &'a str,
    /// Byte offset in the `ireg-name`.
    offset: usize,
    /// The Unicode form the Bidi Rule is checked on (the U-label of an A-label; the UTS #46 mapping
    /// under UTS #46).
    unicode: String,
    /// The ASCII form.
    ascii: String,
}

fn map_reg_name(reg_name: &str, processing: Processing) -> Result<RegNameMapping, IdnaFailure> {
    let (decoded, origin) = pct_decode_with_offsets(reg_name);
    let decoded = match String::from_utf8(decoded) {
        Ok(s) => s,
        Err(_) => return Ok(RegNameMapping::NotUtf8(super::percent_encode(reg_name))),
    };
    let mut labels = Vec::new();
    let mut start = 0;
    for label in decoded.split('.') {
        let offset = origin.get(start).copied().unwrap_or(reg_name.len());
        let raw_end = origin
            .get(start + label.len())
            .copied()
            .unwrap_or(reg_name.len());
        start += label.len() + 1;
        let (ascii, unicode) = label_to_ascii(label, offset, processing)?;
        labels.push(Label {
            decoded: label,
            raw: &reg_name[offset.min(raw_end)..raw_end],
            offset,
            unicode,
            ascii,
        });
    }
    let out = labels
        .iter()
        .map(|l| l.ascii.as_str())
        .collect::<Vec<_>>()
        .join(".");
    // An empty reg-name (`file:///x`) names no domain: there is nothing to look up. The lengths are
    // those of the name the DNS sees, in octets (RFC 1034 §3.1): a "%2F" that the URI needs for one
    // octet of the label counts as one (RFC 3986 §3.2.2: the percent-encoding is the URI's).
    if !reg_name.is_empty() {
        let pairs: Vec<_> = labels.iter().map(|l| (l.decoded, l.offset)).collect();
        let octets = String::from_utf8_lossy(&pct_decode_with_offsets(&out).0).into_owned();
        verify_dns_length(&octets, &decoded, &pairs)?;
    }
    bidi_domain(&labels, processing)?;
    not_an_ip_address(reg_name, &out, &labels)?;
    Ok(RegNameMapping::Idna(out))
}

/// RFC 5893 §2 on the whole name (RFC 5891 §5.4; UTS #46 §4.1 step 4 for CheckBidi): a name with a
/// character of Bidi class R, AL or AN in any label is a "Bidi domain name" (RFC 5893 §1.4), and then
/// every label must satisfy the Bidi Rule, ASCII labels included.
fn bidi_domain(labels: &[Label<'_>], processing: Processing) -> Result<(), IdnaFailure> {
    let Some((holder, rtl)) = labels
        .iter()
        .find_map(|l| idna2008::first_rtl(&l.unicode).map(|c| (l, c)))
    else {
        return Ok(());
    };
    for l in labels.iter().filter(|l| !l.unicode.is_empty()) {
        if let Err(why) = idna2008::bidi_rule(&l.unicode) {
            let in_label = if std::ptr::eq(holder, l) {
                String::new()
            } else {
                format!(" in the label {}", quote(holder.decoded))
            };
            let shown = if l.unicode != l.decoded {
                format!(" (read as {})", quote(&l.unicode))
            } else {
                String::new()
            };
            let check = match processing {
                Processing::Lookup => "RFC 5893 §2, RFC 5891 §5.4",
                Processing::Uts46 => "RFC 5893 §2, UTS #46 CheckBidi",
            };
            return Err(IdnaFailure {
                label: l.decoded.to_string(),
                offset: l.offset,
                reason: format!(
                    "the name holds the right-to-left character {}{in_label}, so every label must \
                     satisfy the Bidi Rule ({check}); this label{shown} does not: {why}",
                    describe_char(rtl)
                ),
            });
        }
    }
    Ok(())
}

/// A registered name never turns into an IP address: an IPv4 parser must read the ASCII form `ascii`
/// of `reg_name` as it reads `reg_name` as written, or as a name ([`mapped_ipv4_reading`], which
/// follows the WHATWG URL Standard's host parser and `inet_aton`). A name that becomes an `IPv4address` (RFC
/// 3986 §3.2.2), a shorter address such as `127.1` or `0x7f.1`, or a name whose last label becomes a
/// number (which the WHATWG host parser reads as a failed IPv4 address) is an [`IdnaFailure`]
/// naming the label that became a number. (The IRI grammar reads a host that is an `IPv4address`
/// as written as an address, not as an `ireg-name`; the other forms are names as written, and stay
/// what they were when the mapping leaves them as they are.)
fn not_an_ip_address(reg_name: &str, ascii: &str, labels: &[Label<'_>]) -> Result<(), IdnaFailure> {
    // The reading of the result is the one reading of a name that could become an address
    // (`mapped_ipv4_reading`); a name that an IPv4 parser reads the same way as written stays what
    // it was.
    let reading = mapped_ipv4_reading(ascii);
    if reg_name == ascii
        || !reading.would_parse_as_ipv4()
        || reading == crate::parsing::components::ipv4_reading(reg_name)
    {
        return Ok(());
    }
    let changed = |l: &&Label<'_>| l.raw != l.ascii;
    let Some(culprit) = labels
        .iter()
        .filter(changed)
        .find(|l| crate::parsing::components::ipv4_reading(&l.ascii).would_parse_as_ipv4())
        .or_else(|| labels.iter().find(changed))
        .or_else(|| labels.last())
    else {
        return Ok(());
    };
    let written = if culprit.raw != culprit.decoded {
        format!(" (written {})", quote(culprit.raw))
    } else {
        String::new()
    };
    let v4 = crate::syntax::validate(
        crate::grammar::Grammar::Uri,
        crate::grammar::rule::Rule::Ipv4address,
        ascii,
    )
    .is_ok();
    let what = match reading {
        _ if v4 => "an IPv4 address (RFC 3986 §3.2.2 IPv4address)".to_string(),
        crate::parsing::components::Ipv4Reading::Address(a) => format!(
            "which an IPv4 parser (the WHATWG URL Standard's host parser, inet_aton) reads as the \
             IP address {a}"
        ),
        _ => "a name whose last label is a number, which the WHATWG URL Standard's host parser \
              reads as an IPv4 address (and refuses as an invalid one)"
            .to_string(),
    };
    Err(IdnaFailure {
        label: culprit.decoded.to_string(),
        offset: culprit.offset,
        reason: format!(
            "this label{written} becomes {}, and the name becomes {}, {what}; a registered name \
             must not turn into an IP address",
            quote(&culprit.ascii),
            quote(ascii)
        ),
    })
}

/// DNS length limits (RFC 1034 §3.1; UTS #46 VerifyDnsLength, §4.2 ToASCII step 4) on the whole
/// ASCII form `ascii` of the name: each label 1 to 63 octets, the name 1 to 253 octets not counting a
/// final dot (the empty root label), the limits of RFC 1034 §3.1 (63 octets a label, 255 octets a
/// name in its wire form, which is 253 as text). The verdict is the [`idna`] crate's
/// ([`idna::uts46::verify_dns_length`], with the root label allowed); the error names the limit, and
/// the label (`labels`: each decoded label and its offset) or the whole `name`.
fn verify_dns_length(ascii: &str, name: &str, labels: &[(&str, usize)]) -> Result<(), IdnaFailure> {
    if idna::uts46::verify_dns_length(ascii, true) {
        return Ok(());
    }
    let without_root = ascii.strip_suffix('.').unwrap_or(ascii);
    for (a, &(label, offset)) in without_root.split('.').zip(labels) {
        let fail = |reason: String| IdnaFailure {
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
    Err(IdnaFailure {
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
        format!(" {}", quote(ascii))
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
            DnsLength::Ignore,
        )
        .map(|c| c.into_owned())
}

/// UTS #46 ToUnicode of `label` (the mapped form, with U+FFFD where it fails).
fn uts46_to_unicode(label: &str) -> String {
    Uts46::new()
        .to_unicode(label.as_bytes(), AsciiDenyList::STD3, Hyphens::Check)
        .0
        .into_owned()
}

/// What UTS #46 maps `c` to, when that is not `c` itself and not a failure.
fn uts46_mapping(c: char) -> Option<String> {
    let mut buf = [0u8; 4];
    let mapped = Uts46::new()
        .to_unicode(
            c.encode_utf8(&mut buf).as_bytes(),
            AsciiDenyList::EMPTY,
            Hyphens::Allow,
        )
        .0
        .into_owned();
    (mapped.chars().ne(std::iter::once(c)) && !mapped.contains('\u{FFFD}')).then_some(mapped)
}

fn is_a_label(label: &str) -> bool {
    label
        .as_bytes()
        .get(..4)
        .is_some_and(|p| p.eq_ignore_ascii_case(b"xn--"))
}

/// One label: its ASCII form and the Unicode form the Bidi Rule sees.
fn label_to_ascii(
    label: &str,
    offset: usize,
    processing: Processing,
) -> Result<(String, String), IdnaFailure> {
    let fail = |reason: String| IdnaFailure {
        label: label.to_string(),
        offset,
        reason,
    };
    if processing == Processing::Uts46 && label.is_ascii() && !label.is_empty() {
        // UTS #46 §4 maps and checks every label, all-ASCII ones too: "A"–"Z" become "a"–"z",
        // UseSTD3ASCIIRules leaves letters, digits and "-", CheckHyphens applies, and an A-label is
        // decoded and checked (§4.1 step 4).
        return match uts46_to_ascii(label) {
            Ok(ascii) => Ok((ascii, uts46_to_unicode(label))),
            Err(_) if is_a_label(label) => Err(fail(a_label_reason(label))),
            Err(_) => Err(fail(reason(label))),
        };
    }
    if label.is_ascii() {
        let unicode = if is_a_label(label) {
            a_label_to_u_label(label, Separators::Iri).map_err(fail)?
        } else {
            label.to_string()
        };
        let mut out = String::with_capacity(label.len());
        for c in label.chars() {
            if is_unreserved(c) || is_sub_delim(c) {
                out.push(c);
            } else {
                push_pct(&mut out, c as u8);
            }
        }
        return Ok((out, unicode));
    }
    match processing {
        Processing::Lookup => {
            check_u_label(label, Separators::Iri).map_err(fail)?;
            // RFC 5891 §5.5. Punycode fails only on overflow, which 63 octets cannot reach; the
            // length check names the label if it is too long.
            let encoded = idna::punycode::encode_str(label).ok_or_else(|| {
                fail("its Punycode overflows (RFC 3492 §6.4; RFC 5891 §5.5)".to_string())
            })?;
            Ok((format!("xn--{encoded}"), label.to_string()))
        }
        Processing::Uts46 => match uts46_to_ascii(label) {
            Ok(ascii) if ascii.contains('.') => Err(fail(separator_reason(label, &ascii))),
            Ok(ascii) if ascii.is_empty() => Err(fail(maps_to_nothing_reason(label))),
            Ok(ascii) => Ok((ascii, uts46_to_unicode(label))),
            Err(_) => Err(fail(reason(label))),
        },
    }
}

/// Why a label that UTS #46 maps to several labels fails: the characters it maps to ".".
fn separator_reason(label: &str, ascii: &str) -> String {
    let dots: Vec<String> = label
        .chars()
        .filter(|&c| c != '.' && uts46_mapping(c).is_some_and(|m| m.contains('.')))
        .map(describe_char)
        .collect();
    let which = if dots.is_empty() {
        String::new()
    } else {
        format!("{} maps to \".\", a label separator, so ", dots.join(", "))
    };
    format!(
        "{which}UTS #46 maps it to {}, more than one label; 3987bis §3.4.2 separates labels only \
         at U+002E FULL STOP",
        quote(ascii)
    )
}

/// Why a label that UTS #46 maps to nothing fails.
fn maps_to_nothing_reason(label: &str) -> String {
    let gone: Vec<String> = label.chars().map(describe_char).collect();
    format!(
        "UTS #46 maps {} to nothing (ignored), which leaves the label empty; a DNS label has 1 to 63 \
         octets (RFC 1034 §3.1)",
        gone.join(", ")
    )
}

/// RFC 5891 §5.4 on a putative U-label (the Bidi Rule, which concerns the whole name, apart), with
/// the hyphen rules that §4.2.3.1 sets for every U-label (RFC 5890 §2.3.2.1). The reason names the
/// character and the rule.
fn check_u_label(label: &str, separators: Separators) -> Result<(), String> {
    let chars: Vec<char> = label.chars().collect();
    for &c in &chars {
        match idna2008::derived_property(c) {
            DerivedProperty::Disallowed(why) => {
                let hint = match uts46_mapping(c) {
                    Some(m) if m.contains('.') => format!(
                        "; UTS #46 would map it to {}, a label separator, but {}",
                        quote(&m),
                        separators.rule()
                    ),
                    Some(m) if m.is_empty() => "; UTS #46 would map it to nothing".to_string(),
                    Some(m) => format!("; UTS #46 would map it to {}", quote(&m)),
                    None => String::new(),
                };
                return Err(format!(
                    "it contains {}, which IDNA2008 disallows (RFC 5892 DISALLOWED, RFC 5891 \
                     §5.4): {}{hint}",
                    describe_char(c),
                    idna2008::disallowed_reason(c, why)
                ));
            }
            DerivedProperty::Unassigned => {
                return Err(format!(
                    "it contains U+{:04X}, which is unassigned in the Unicode version used (RFC \
                     5892 §2.10 UNASSIGNED, RFC 5891 §5.4)",
                    c as u32
                ))
            }
            _ => {}
        }
    }
    if !idna2008::is_nfc(label) {
        return Err(format!(
            "it is not in Normalization Form C (RFC 5891 §5.4); its NFC form is {}",
            quote(&idna2008::nfc(label))
        ));
    }
    if chars.get(2..4) == Some(&['-', '-']) {
        return Err("\"--\" is in the third and fourth positions (RFC 5891 §5.4)".to_string());
    }
    if chars.first() == Some(&'-') || chars.last() == Some(&'-') {
        return Err(
            "a hyphen is first or last (RFC 5891 §4.2.3.1, which every U-label meets: \
                    RFC 5890 §2.3.2.1)"
                .to_string(),
        );
    }
    if let Some(&first) = chars.first().filter(|&&c| idna2008::is_combining_mark(c)) {
        return Err(format!(
            "it begins with the combining mark {} (RFC 5891 §5.4, §4.2.3.2)",
            describe_char(first)
        ));
    }
    for (i, &c) in chars.iter().enumerate() {
        if matches!(
            idna2008::derived_property(c),
            DerivedProperty::ContextJ | DerivedProperty::ContextO
        ) {
            idna2008::contextual_rule(&chars, i)
                .map_err(|why| format!("{why}; RFC 5891 §5.4 rejects the label"))?;
        }
    }
    Ok(())
}

/// RFC 5891 §5.3: an A-label (`xn--…`, any case, taken in lower case) decodes to a U-label that
/// passes §5.4, and whose A-label (§5.5) is the label again. The U-label, or why not.
fn a_label_to_u_label(label: &str, separators: Separators) -> Result<String, String> {
    let lower = label.to_ascii_lowercase();
    let Some(u) = idna::punycode::decode_to_string(&lower[4..]) else {
        return Err(
            "it begins with \"xn--\" but the rest is not valid Punycode (RFC 3492; RFC 5891 §5.3)"
                .to_string(),
        );
    };
    let decoded = quote(&u);
    if u.is_empty() {
        return Err("nothing follows \"xn--\"".to_string());
    }
    if u.is_ascii() {
        return Err(format!(
            "it begins with \"xn--\" but its Punycode decodes to the all-ASCII {decoded}; an A-label \
             encodes a label with non-ASCII characters (RFC 5890 §2.3.2.1)"
        ));
    }
    if let Err(why) = check_u_label(&u, separators) {
        return Err(format!(
            "it begins with \"xn--\" but its Punycode decodes to {decoded}, which is not a valid \
             U-label (RFC 5891 §5.3): {why}"
        ));
    }
    match idna::punycode::encode_str(&u) {
        Some(back) if format!("xn--{back}") == lower => Ok(u),
        back => Err(format!(
            "it begins with \"xn--\" and decodes to {decoded}, whose A-label is {} (RFC 5891 §5.3: \
             the label must be the same)",
            quote(&format!("xn--{}", back.unwrap_or_default()))
        )),
    }
}

fn a_label_reason(label: &str) -> String {
    let Some(u) = idna::punycode::decode_to_string(&label[4..]) else {
        return "it begins with \"xn--\" but the rest is not valid Punycode".to_string();
    };
    let decoded = crate::parsing::error::quote(&u);
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
            crate::parsing::error::quote(&back)
        ),
        Ok(_) => "it violates the UTS #46 validity criteria".to_string(),
    }
}

/// Tells which UTS #46 check rejects a label, by relaxing the flags one at a time.
fn reason(label: &str) -> String {
    let uts = Uts46::new();
    let with = |deny, hyphens| {
        uts.to_ascii(label.as_bytes(), deny, hyphens, DnsLength::Ignore)
            .is_ok()
    };
    if with(AsciiDenyList::STD3, Hyphens::Allow) {
        let mapped = uts
            .to_unicode(label.as_bytes(), AsciiDenyList::STD3, Hyphens::Allow)
            .0;
        let which = if mapped.starts_with('-') || mapped.ends_with('-') {
            "a hyphen is first or last"
        } else {
            "\"--\" is in the third and fourth positions"
        };
        return format!("{which} (UTS #46 CheckHyphens)");
    }
    if with(AsciiDenyList::EMPTY, Hyphens::Allow) {
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
            && !idna2008::is_combining_mark(c)
            && !matches!(c, '\u{200C}' | '\u{200D}')
        {
            return format!("it contains {}, which UTS #46 disallows", describe_char(c));
        }
    }
    if let Some(first) = label
        .chars()
        .next()
        .filter(|&c| idna2008::is_combining_mark(c))
    {
        return format!(
            "it begins with the combining mark {} (UTS #46 validity criteria)",
            describe_char(first)
        );
    }
    if label.chars().any(|c| matches!(c, '\u{200C}' | '\u{200D}')) {
        return "it contains U+200C ZERO WIDTH NON-JOINER or U+200D ZERO WIDTH JOINER outside the \
                contexts RFC 5892 A.1 and A.2 allow (UTS #46 CheckJoiners)"
            .to_string();
    }
    if let Err(why) = idna2008::bidi_rule(&uts46_to_unicode(label)) {
        return format!(
            "it does not satisfy the Bidi Rule (RFC 5893 §2, UTS #46 CheckBidi): {why}"
        );
    }
    "it violates the UTS #46 validity criteria".to_string()
}

/// How the host parser of the WHATWG URL Standard (§3.5 host parsing) reads a `reg-name` as far as
/// IPv4 goes: the name is percent-decoded, read as UTF-8 (an octet that is not UTF-8 becomes U+FFFD),
/// mapped by UTS #46 (case folding, compatibility forms, ignored characters, the dots U+3002, U+FF0E
/// and U+FF61; a character that fails the validity checks counts as U+FFFD, which is no digit), and
/// the result goes to [`ipv4_reading`](crate::ipv4_reading) (its "ends in a number" check, then the
/// IPv4 parser). So `%31%32%37.0.0.1`, `𝟏𝟐𝟕.0.0.1` (U+1D7CF MATHEMATICAL BOLD DIGIT ONE …), `¹²⁷.1`,
/// `①②⑦.0.0.1`, `１２７.0.0.1` and `127.0.0.𝟏` read as 127.0.0.1, and `a.%31` as a failed address.
///
/// This is the one reading by which a registered name "could become an IP address" ([`could_become_ipv4`]):
/// URI-to-IRI conversion and every normalization level keep such a host as written, `--host uts46`
/// refuses to map a name into one, and `lint` reports it (`ipv4-like-reg-name`).
///
/// ```
/// use iri_abnf::convert::reg_name::mapped_ipv4_reading;
/// use iri_abnf::Ipv4Reading;
/// use std::net::Ipv4Addr;
///
/// let localhost = Ipv4Reading::Address(Ipv4Addr::new(127, 0, 0, 1));
/// for host in ["127.0.0.1", "%31%32%37.1", "\u{1D7CF}\u{1D7D0}\u{1D7D5}.0.0.1", "\u{B9}\u{B2}\u{2077}.0.0.1",
///     "\u{2460}\u{2461}\u{2466}.0.0.1", "127.0.0.%F0%9D%9F%8F", "0X7F.1", "127\u{3002}1"] {
///     assert_eq!(mapped_ipv4_reading(host), localhost, "{host}");
/// }
/// assert_eq!(mapped_ipv4_reading("a.%31"), Ipv4Reading::Failure);
/// assert_eq!(mapped_ipv4_reading("%31%32%37.a"), Ipv4Reading::Name);
/// assert_eq!(mapped_ipv4_reading("example.com"), Ipv4Reading::Name);
/// ```
pub fn mapped_ipv4_reading(reg_name: &str) -> crate::parsing::components::Ipv4Reading {
    // US-ASCII without "%": UTS #46 only lower-cases it (and decodes A-labels, which are no
    // numbers), and the IPv4 parser reads "0X" and hexadecimal digits in either case.
    if reg_name.is_ascii() && !reg_name.contains('%') {
        return crate::parsing::components::ipv4_reading(reg_name);
    }
    let (octets, _) = pct_decode_with_offsets(reg_name);
    let (mapped, _) = Uts46::new().to_unicode(&octets, AsciiDenyList::EMPTY, Hyphens::Allow);
    crate::parsing::components::ipv4_reading(&mapped)
}

/// Whether the `reg-name` could become an IP address: [`mapped_ipv4_reading`] reads it as an address
/// or as a failed one (the last label, once decoded and mapped, is a number). URI-to-IRI conversion
/// and normalization leave such a host exactly as written (interpretation note 52).
///
/// ```
/// use iri_abnf::convert::reg_name::could_become_ipv4;
///
/// assert!(could_become_ipv4("%61.%31") && could_become_ipv4("A.1") && could_become_ipv4("\u{2460}.0.0.1"));
/// assert!(!could_become_ipv4("%31%32%37.%C3%A9") && !could_become_ipv4("example.com"));
/// ```
pub fn could_become_ipv4(reg_name: &str) -> bool {
    mapped_ipv4_reading(reg_name).would_parse_as_ipv4()
}

/// A `reg-name` at the percent level of RFC 3986 §6.2.2 (§6.2.2.1 and §6.2.2.2): ASCII letters in
/// lower case, `%HH` of unreserved characters decoded, the other `%HH` with uppercase hexadecimal
/// digits. Two names are the same "at the percent level" when these forms are equal.
pub(crate) fn percent_level(reg_name: &str) -> String {
    let b = reg_name.as_bytes();
    let mut out = String::with_capacity(reg_name.len());
    let mut i = 0;
    while i < b.len() {
        match pct_octet(&b[i..]) {
            Some(o) if o.is_ascii() && is_unreserved(char::from(o)) => {
                out.push(char::from(o).to_ascii_lowercase());
                i += 3;
            }
            Some(o) => {
                push_pct(&mut out, o);
                i += 3;
            }
            None => {
                let c = reg_name[i..].chars().next().unwrap_or('\0');
                out.push(c.to_ascii_lowercase());
                i += c.len_utf8().max(1);
            }
        }
    }
    out
}

/// Whether a joiner or variation selector ([`is_kept_invisible`](crate::characters::is_kept_invisible):
/// U+200C, U+200D, the variation selectors of `ucschar`) may stand as a character in the host label
/// `label` (as URI-to-IRI conversion and normalization have it, `%HH` left in it): only when the label
/// is a valid IDNA2008 U-label (RFC 5891 §5.4: PVALID code points, CONTEXTJ ones where the rules of RFC
/// 5892 Appendix A.1 and A.2 hold, NFC, no hyphen rules broken). The variation selectors are
/// DISALLOWED by IDNA2008 (RFC 5892 §2.6), so they never stand in a host; ZWNJ and ZWJ stand after a
/// virama, or ZWNJ between joining letters (`pay\u{200D}pal.com` keeps `%E2%80%8D`).
pub(crate) fn label_allows_joiners(label: &str) -> bool {
    !label.is_ascii() && check_u_label(label, Separators::Iri).is_ok()
}

/// [`label_allows_joiners`] on a label of a `reg-name` as a URI writes it (`raw`, without "." or
/// `%2E`), read as URI-to-IRI conversion reads it after step 4: `%HH` of unreserved characters and
/// UTF-8 of appropriate characters decoded, the rest kept as `%HH`.
pub(crate) fn uri_label_allows_joiners(raw: &str) -> bool {
    let b = raw.as_bytes();
    let mut shown = String::with_capacity(raw.len());
    let mut octets = Vec::new();
    let mut i = 0;
    let flush = |octets: &mut Vec<u8>, shown: &mut String| {
        for chunk in octets.utf8_chunks() {
            for c in chunk.valid().chars() {
                if crate::characters::not_appropriate(c, crate::characters::Place::Host).is_none() {
                    shown.push(c);
                } else {
                    crate::characters::push_pct_utf8(shown, c);
                }
            }
            for &o in chunk.invalid() {
                push_pct(shown, o);
            }
        }
        octets.clear();
    };
    while i < b.len() {
        match pct_octet(&b[i..]) {
            Some(o) if o >= 0x80 => {
                octets.push(o);
                i += 3;
                continue;
            }
            _ => flush(&mut octets, &mut shown),
        }
        match pct_octet(&b[i..]) {
            Some(o) if is_unreserved(char::from(o)) => {
                shown.push(char::from(o));
                i += 3;
            }
            Some(_) => {
                shown.push_str(&raw[i..i + 3]);
                i += 3;
            }
            None => {
                let c = raw[i..].chars().next().unwrap_or('\0');
                shown.push(c);
                i += c.len_utf8().max(1);
            }
        }
    }
    flush(&mut octets, &mut shown);
    label_allows_joiners(&shown)
}

/// The host `reg_name` with the joiners and variation selectors of each label that
/// [`label_allows_joiners`] refuses percent-encoded (`%E2%80%8D`), and, with `decode`, those written
/// `%HH` in a label that allows them decoded. Labels are separated at ".".
pub(crate) fn host_joiners(reg_name: &str, decode: bool) -> String {
    let kept = crate::characters::is_kept_invisible;
    if reg_name.is_ascii() && !(decode && reg_name.contains('%')) {
        return reg_name.to_string();
    }
    let mut out = String::with_capacity(reg_name.len());
    for (k, label) in reg_name.split('.').enumerate() {
        if k > 0 {
            out.push('.');
        }
        let decoded = if decode {
            decode_joiners(label)
        } else {
            label.to_string()
        };
        if !decoded.chars().any(kept) {
            out.push_str(label);
        } else if label_allows_joiners(&decoded) {
            out.push_str(&decoded);
        } else {
            for c in label.chars() {
                if kept(c) {
                    crate::characters::push_pct_utf8(&mut out, c);
                } else {
                    out.push(c);
                }
            }
        }
    }
    out
}

/// `label` with the `%HH` sequences that encode a joiner or a variation selector of `ucschar`
/// decoded.
fn decode_joiners(label: &str) -> String {
    let b = label.as_bytes();
    let mut out = String::with_capacity(label.len());
    let mut i = 0;
    while i < b.len() {
        let mut octets = [0u8; 3];
        let triplets = (0..3).map(|k| b.get(i + 3 * k..).and_then(pct_octet));
        let mut n = 0;
        for (slot, o) in octets.iter_mut().zip(triplets) {
            match o {
                Some(o) => {
                    *slot = o;
                    n += 1;
                }
                None => break,
            }
        }
        let c = (n == 3)
            .then(|| std::str::from_utf8(&octets).ok())
            .flatten()
            .and_then(|t| t.chars().next())
            .filter(|&c| crate::characters::is_kept_invisible(c));
        match c {
            Some(c) => {
                out.push(c);
                i += 9;
            }
            None => {
                let c = label[i..].chars().next().unwrap_or('\0');
                out.push(c);
                i += c.len_utf8().max(1);
            }
        }
    }
    out
}

/// URI-to-IRI step 6 (3987bis §3.7) for one label: the U-label of a punycode label (`xn--…`, any
/// case), when it is valid; `None` leaves the label as it is.
///
/// Valid means what `--host idna` ([`reg_name_to_ascii`]) asks of an A-label, so that mapping the IRI
/// back to a URI restores the label (up to ASCII case): the Punycode decodes to a U-label that passes
/// RFC 5891 §5.4, whose A-label is the label again (§5.3), and that satisfies the Bidi Rule (RFC 5893
/// §2) if it holds a right-to-left character; in addition every character is one that step 4 of §3.7
/// keeps as it is ([`decodes_to_iri`](crate::characters::decodes_to_iri): a `ucschar`, not
/// [`not_appropriate`](crate::characters::not_appropriate)). The Bidi Rule on the other labels of
/// the name is [`punycode_to_unicode`]'s.
///
/// ```
/// use iri_abnf::convert::reg_name::punycode_label_to_unicode;
///
/// assert_eq!(punycode_label_to_unicode("xn--99zt52a").as_deref(), Some("\u{7D0D}\u{8C46}"));
/// assert_eq!(punycode_label_to_unicode("example"), None);
/// assert_eq!(punycode_label_to_unicode("\u{E9}t\u{E9}"), None);
/// assert_eq!(punycode_label_to_unicode("xn--zz"), None);
/// // U+2603 SNOWMAN: valid under UTS #46, DISALLOWED under IDNA2008.
/// assert_eq!(punycode_label_to_unicode("xn--n3h"), None);
/// ```
pub fn punycode_label_to_unicode(label: &str) -> Option<String> {
    if !is_a_label(label) {
        return None;
    }
    let unicode = a_label_to_u_label(label, Separators::Iri).ok()?;
    if idna2008::has_rtl(&unicode) && idna2008::bidi_rule(&unicode).is_err() {
        return None;
    }
    if !unicode.chars().all(|c| {
        (c.is_ascii() && (is_unreserved(c)))
            || crate::characters::decodes_to_iri(c, crate::characters::Place::Host)
    }) {
        return None;
    }
    Some(unicode)
}

/// URI-to-IRI step 6 (3987bis §3.7) for a whole `reg-name`: each punycode label that
/// [`punycode_label_to_unicode`] converts; but if the converted name holds a right-to-left character
/// and a label of it does not satisfy the Bidi Rule (RFC 5893 §2, which RFC 5891 §5.4 applies to the
/// whole name), the name is left as it is, so that `--host idna` maps the IRI back.
///
/// ```
/// use iri_abnf::convert::reg_name::punycode_to_unicode;
///
/// assert_eq!(punycode_to_unicode("xn--4db.example"), "\u{5D0}.example");
/// // "0a" begins with a digit: not a valid label of a name with right-to-left characters.
/// assert_eq!(punycode_to_unicode("0a.xn--4db"), "0a.xn--4db");
/// ```
pub fn punycode_to_unicode(reg_name: &str) -> String {
    let converted: Vec<String> = reg_name
        .split('.')
        .map(|label| punycode_label_to_unicode(label).unwrap_or_else(|| label.to_string()))
        .collect();
    let joined = converted.join(".");
    if joined == reg_name {
        return joined;
    }
    // The labels the Bidi Rule sees: A-labels left unconverted count as their U-labels.
    let unicode: Vec<String> = converted
        .iter()
        .map(|l| {
            if is_a_label(l) {
                a_label_to_u_label(l, Separators::Iri).unwrap_or_else(|_| l.clone())
            } else {
                l.clone()
            }
        })
        .collect();
    if unicode.iter().any(|l| idna2008::has_rtl(l))
        && unicode
            .iter()
            .filter(|l| !l.is_empty())
            .any(|l| idna2008::bidi_rule(l).is_err())
    {
        return reg_name.to_string();
    }
    joined
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_name_the_check() {
        // RFC 5891 §5.3–§5.4 (3987bis §3.4.2).
        let r = |s: &str| reg_name_to_ascii(s).unwrap_err().reason;
        assert!(
            r("-résumé").contains("RFC 5891 §4.2.3.1"),
            "{}",
            r("-résumé")
        );
        assert!(
            r("ré--sumé").contains("third and fourth"),
            "{}",
            r("ré--sumé")
        );
        assert!(
            r("ré_sumé").contains("'_' (U+005F)") && r("ré_sumé").contains("general category Pc"),
            "{}",
            r("ré_sumé")
        );
        assert!(
            r("\u{0301}résumé").contains("combining mark U+0301")
                || r("\u{0301}résumé").contains("combining mark '\u{301}' (U+0301)"),
            "{}",
            r("\u{0301}résumé")
        );
        assert!(
            r("a\u{200D}é").contains("RFC 5892 A.2"),
            "{}",
            r("a\u{200D}é")
        );
        assert!(r("a\u{B7}é").contains("RFC 5892 A.3"), "{}", r("a\u{B7}é"));
        assert!(r("é\u{05D0}").contains("Bidi Rule"), "{}", r("é\u{05D0}"));
        assert!(r(&"é".repeat(70)).contains("at most 63"));
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
        // Not NFC: nothing is normalized.
        assert!(
            r("e\u{301}.com").contains("Normalization Form C")
                && r("e\u{301}.com").contains("\"\u{E9}\""),
            "{}",
            r("e\u{301}.com")
        );
        // Unassigned code points (RFC 5892 §2.10).
        assert!(r("a\u{378}").contains("UNASSIGNED"), "{}", r("a\u{378}"));
        // A-label whose U-label is valid but not in the label's own Punycode is impossible to
        // build by hand; the round trip is checked on a label that decodes to a disallowed one.
        assert!(r("xn--n3h").contains("U+2603"), "{}", r("xn--n3h"));
    }

    /// Code points IDNA2008 disallows are rejected, not mapped; the message names the label, the
    /// character, RFC 5892's category and what UTS #46 would have done.
    #[test]
    fn idna2008_maps_nothing() {
        let e = |s: &str| reg_name_to_ascii(s).unwrap_err();
        let full_width = e("\u{FF11}\u{FF12}\u{FF17}.0.0.1");
        assert_eq!(
            (full_width.label.as_str(), full_width.offset),
            ("\u{FF11}\u{FF12}\u{FF17}", 0)
        );
        for part in [
            "'\u{FF11}' (U+FF11)",
            "DISALLOWED",
            "RFC 5892 §2.2",
            "RFC 5891 §5.4",
            "\"1\"",
        ] {
            assert!(
                full_width.reason.contains(part),
                "{part}: {}",
                full_width.reason
            );
        }
        let example = e("\u{FF45}\u{FF58}\u{FF41}\u{FF4D}\u{FF50}\u{FF4C}\u{FF45}.com");
        assert!(example.reason.contains("U+FF45") && example.reason.contains("\"e\""));
        // Upper case is DISALLOWED in a U-label (no case mapping); an all-ASCII label is not a
        // U-label and is kept.
        let upper = e("R\u{E9}sum\u{E9}.example");
        assert!(upper.reason.contains("'R' (U+0052)"), "{}", upper.reason);
        assert_eq!(
            reg_name_to_ascii("EXAMPLE.org").unwrap().as_str(),
            "EXAMPLE.org"
        );
        // Symbols that UTS #46 accepts.
        assert!(e("\u{2603}.com").reason.contains("general category So"));
        assert_eq!(
            reg_name_to_ascii_uts46("\u{2603}.com").unwrap().as_str(),
            "xn--n3h.com"
        );
        // Sharp s and final sigma are PVALID (RFC 5892 §2.6) and kept, as nontransitional UTS #46
        // keeps them.
        assert_eq!(
            reg_name_to_ascii("fa\u{DF}.de").unwrap().as_str(),
            reg_name_to_ascii_uts46("fa\u{DF}.de").unwrap().as_str()
        );
        // Joiners where RFC 5892 A.1 allows them (Persian, Devanagari).
        assert!(reg_name_to_ascii("\u{645}\u{6CC}\u{200C}\u{62E}").is_ok());
        assert!(reg_name_to_ascii("\u{915}\u{94D}\u{200D}\u{937}").is_ok());
        // A-labels: valid ones are kept as written; one whose U-label IDNA2008 refuses is an error.
        assert_eq!(
            reg_name_to_ascii("XN--99zt52a.example").unwrap().as_str(),
            "XN--99zt52a.example"
        );
        assert!(reg_name_to_ascii("xn--n3h.com").is_err());
        assert!(reg_name_to_ascii_uts46("xn--n3h.com").is_ok());
    }

    /// U+3002 and U+00AD: the real reason under both processings, not a length.
    #[test]
    fn separators_and_ignored_characters() {
        let strict = reg_name_to_ascii("\u{E9}\u{3002}").unwrap_err();
        assert_eq!(strict.label, "\u{E9}\u{3002}");
        for part in [
            "'\u{3002}' (U+3002)",
            "DISALLOWED",
            "general category Po",
            "label separator",
        ] {
            assert!(strict.reason.contains(part), "{part}: {}", strict.reason);
        }
        assert!(!strict.reason.contains("octets"), "{}", strict.reason);
        let uts46 = reg_name_to_ascii_uts46("\u{E9}\u{3002}").unwrap_err();
        for part in [
            "'\u{3002}' (U+3002) maps to \".\"",
            "more than one label",
            "U+002E",
        ] {
            assert!(uts46.reason.contains(part), "{part}: {}", uts46.reason);
        }
        assert!(!uts46.reason.contains("octets"), "{}", uts46.reason);
        let strict = reg_name_to_ascii("\u{AD}.org").unwrap_err();
        assert_eq!((strict.label.as_str(), strict.offset), ("\u{AD}", 0));
        for part in [
            "U+00AD",
            "DISALLOWED",
            "default ignorable",
            "RFC 5892 §2.3",
            "to nothing",
        ] {
            assert!(strict.reason.contains(part), "{part}: {}", strict.reason);
        }
        let uts46 = reg_name_to_ascii_uts46("\u{AD}.org").unwrap_err();
        for part in ["U+00AD", "to nothing", "label empty"] {
            assert!(uts46.reason.contains(part), "{part}: {}", uts46.reason);
        }
        assert!(!uts46.reason.contains("at most 63"), "{}", uts46.reason);
        // A soft hyphen inside a label is dropped by UTS #46, refused by IDNA2008.
        assert_eq!(
            reg_name_to_ascii_uts46("ab\u{AD}c.org").unwrap().as_str(),
            "abc.org"
        );
        assert!(reg_name_to_ascii("ab\u{AD}c.org").is_err());
    }

    /// The Bidi Rule on every label of a name with a right-to-left character (RFC 5893 §2, RFC
    /// 5891 §5.4), ASCII labels included, under both processings.
    #[test]
    fn bidi_rule_on_the_whole_name() {
        for (map, hyphen) in [
            (reg_name_to_ascii as fn(&str) -> _, "condition 6"),
            // UTS #46 checks the hyphens of an all-ASCII label before the Bidi Rule.
            (reg_name_to_ascii_uts46, "CheckHyphens"),
        ] {
            let e = map("0a.\u{5D0}").unwrap_err();
            assert_eq!((e.label.as_str(), e.offset), ("0a", 0));
            for part in [
                "U+05D0",
                "Bidi Rule",
                "RFC 5893 §2",
                "'0' (U+0030, Bidi class EN)",
                "condition 1",
            ] {
                assert!(e.reason.contains(part), "{part}: {}", e.reason);
            }
            assert!(map("a0.\u{5D0}").is_ok());
            assert!(map("www.\u{5D0}\u{5D1}.com").is_ok());
            // No right-to-left character: the rule does not apply.
            assert!(map("0a.\u{E9}").is_ok());
            // Arabic-Indic digits are AN, which makes a Bidi domain name too.
            assert!(map("0a.\u{627}").is_err());
            // An A-label counts as its U-label.
            let e = map("0a.xn--4db").unwrap_err();
            assert_eq!(e.label, "0a");
            // The label that fails is named, wherever it is.
            let e = map("\u{5D0}.a-").unwrap_err();
            assert_eq!((e.label.as_str(), e.offset), ("a-", 3));
            assert!(e.reason.contains(hyphen), "{}", e.reason);
        }
    }

    /// A registered name never becomes an IP address (3987bis §3.4; RFC 3986 §3.2.2).
    #[test]
    fn never_an_ip_address() {
        let e = reg_name_to_ascii_uts46("\u{FF11}\u{FF12}\u{FF17}.0.0.1").unwrap_err();
        for part in ["\"127.0.0.1\"", "IPv4address", "IP address"] {
            assert!(e.reason.contains(part), "{part}: {}", e.reason);
        }
        // Percent-decoding, under either processing.
        for map in [reg_name_to_ascii, reg_name_to_ascii_uts46] {
            let e = map("%31%32%37.0.0.1").unwrap_err();
            assert_eq!((e.label.as_str(), e.offset), ("127", 0));
            assert!(e.reason.contains("written \"%31%32%37\""), "{}", e.reason);
            let e = map("1.2.3.%34").unwrap_err();
            assert_eq!((e.label.as_str(), e.offset), ("4", 6));
            // The last label becomes a number: the WHATWG URL Standard reads an IPv4 address.
            let e = map("a.%31").unwrap_err();
            assert!(e.reason.contains("WHATWG"), "{}", e.reason);
            assert!(map("a.0x%31").is_err());
            // Written as a number already, or not a number after all: no error here.
            assert!(map("\u{E9}.1").is_ok());
            assert!(map("%31a.b").is_ok());
            assert!(map("1.2.3.256").is_ok());
        }
        let e = reg_name_to_ascii_uts46("a.\u{FF10}x7f").unwrap_err();
        assert!(e.reason.contains("\"a.0x7f\""), "{}", e.reason);
    }

    /// Not only the last label or an exact `IPv4address`: every form an IPv4 parser reads as an
    /// address (the WHATWG URL Standard's host parser, `inet_aton`), reached by decoding or mapping.
    #[test]
    fn never_a_shorter_ipv4_form() {
        for map in [reg_name_to_ascii, reg_name_to_ascii_uts46] {
            for (name, label, offset, becomes) in [
                ("%31%32%37.1", "127", 0, "\"127.1\""),
                ("%31%32%37.0.0.1.", "127", 0, "\"127.0.0.1.\""),
                ("%30x7f.1", "0x7f", 0, "\"0x7f.1\""),
                ("%30X7F.1", "0X7F", 0, "IP address 127.0.0.1"),
                ("0x7f.%30.%30.%31", "0", 5, "\"0x7f.0.0.1\""),
                ("%32130706433", "2130706433", 0, "\"2130706433\""),
                ("%30177.1", "0177", 0, "\"0177.1\""),
            ] {
                let e = map(name).unwrap_err();
                assert_eq!((e.label.as_str(), e.offset), (label, offset), "{name}");
                for part in [becomes, "IP address 127.0.0.1", "WHATWG", "inet_aton"] {
                    assert!(e.reason.contains(part), "{name}: {part}: {}", e.reason);
                }
            }
            // What an IPv4 parser reads as written stays as it is.
            for name in ["127.1", "0x7f.1", "1.2.3.256", "a.1", "\u{E9}.1"] {
                assert!(map(name).is_ok(), "{name}");
            }
        }
        // UTS #46 maps full-width digits and letters, and upper case, before the test.
        for (name, becomes) in [
            ("\u{FF11}\u{FF12}\u{FF17}.1", "\"127.1\""),
            ("0\u{FF58}7f.1", "\"0x7f.1\""),
            ("0\u{FF38}7F.1", "\"0x7f.1\""),
        ] {
            let e = reg_name_to_ascii_uts46(name).unwrap_err();
            assert_eq!(e.offset, 0, "{name}");
            assert!(e.reason.contains(becomes), "{name}: {}", e.reason);
        }
        // An address as written stays the same address.
        assert_eq!(
            reg_name_to_ascii_uts46("0X7F.1").unwrap().as_str(),
            "0x7f.1"
        );
        // IDNA2008 maps nothing: full-width forms are refused for themselves; "0X7F" as written is
        // a number already.
        assert!(reg_name_to_ascii("0\u{FF58}7f.1")
            .unwrap_err()
            .reason
            .contains("DISALLOWED"));
        assert_eq!(reg_name_to_ascii("0X7F.1").unwrap().as_str(), "0X7F.1");
    }

    /// UTS #46 §4 maps and checks every label, all-ASCII ones too; IDNA2008 lookup (RFC 5891
    /// §5.3–§5.5) concerns A-labels and U-labels and keeps the other ASCII labels.
    #[test]
    fn uts46_maps_every_ascii_label() {
        for c in (0x21u8..0x7F).map(char::from).filter(|&c| c != '.') {
            let name = format!("a{c}b.example");
            let std3 = c.is_ascii_alphanumeric() || c == '-';
            match reg_name_to_ascii_uts46(&name) {
                Ok(m) => {
                    assert!(std3, "{name}");
                    assert_eq!(m.as_str(), name.to_ascii_lowercase(), "{name}");
                }
                Err(e) => {
                    assert!(!std3, "{name}: {}", e.reason);
                    assert_eq!((e.label.as_str(), e.offset), (&name[..3], 0), "{name}");
                    let ch = describe_char(c);
                    assert!(
                        e.reason.contains(&ch) && e.reason.contains("UseSTD3ASCIIRules"),
                        "{name}: {}",
                        e.reason
                    );
                }
            }
            // The same character percent-encoded, where the reg-name cannot hold it as it is.
            let encoded = format!("a%{:02X}b.example", c as u32);
            assert_eq!(reg_name_to_ascii_uts46(&encoded).is_ok(), std3, "{encoded}");
            // IDNA2008 lookup keeps an all-ASCII label that is not an A-label.
            assert!(reg_name_to_ascii(&encoded).is_ok(), "{encoded}");
        }
        // Upper case: every letter, as written and percent-encoded.
        for c in 'A'..='Z' {
            let lower = c.to_ascii_lowercase();
            assert_eq!(
                reg_name_to_ascii_uts46(&format!("{c}x.{c}"))
                    .unwrap()
                    .as_str(),
                format!("{lower}x.{lower}")
            );
            assert_eq!(
                reg_name_to_ascii_uts46(&format!("%{:02X}x", c as u32))
                    .unwrap()
                    .as_str(),
                format!("{lower}x")
            );
        }
        assert_eq!(
            reg_name_to_ascii_uts46("EXAMPLE.COM").unwrap().as_str(),
            "example.com"
        );
        assert_eq!(
            reg_name_to_ascii_uts46("XN--99ZT52A.Example")
                .unwrap()
                .as_str(),
            "xn--99zt52a.example"
        );
        // Hyphens, in every position of a label of six (CheckHyphens: not first or last, not "--"
        // in the third and fourth positions).
        for i in 0..6 {
            for j in i..6 {
                let mut label: Vec<char> = "abcdef".chars().collect();
                label[i] = '-';
                label[j] = '-';
                let label: String = label.into_iter().collect();
                let bad = i == 0 || j == 5 || (i == 2 && j == 3);
                let name = format!("x.{label}.y");
                match reg_name_to_ascii_uts46(&name) {
                    Ok(m) => {
                        assert!(!bad, "{name}");
                        assert_eq!(m.as_str(), name);
                    }
                    Err(e) => {
                        assert!(bad, "{name}: {}", e.reason);
                        assert_eq!((e.label.as_str(), e.offset), (label.as_str(), 2));
                        assert!(e.reason.contains("CheckHyphens"), "{}", e.reason);
                    }
                }
            }
        }
        // The examples: ASCII labels fail as their non-ASCII counterparts do.
        for (name, label, why) in [
            ("-e.com", "-e", "CheckHyphens"),
            ("-\u{E9}.com", "-\u{E9}", "CheckHyphens"),
            ("ab--cd.com", "ab--cd", "CheckHyphens"),
            ("a_b.com", "a_b", "'_' (U+005F)"),
            ("a!b.com", "a!b", "'!' (U+0021)"),
            ("a!\u{E9}.com", "a!\u{E9}", "'!' (U+0021)"),
            ("a%20b.com", "a b", "U+0020"),
        ] {
            let e = reg_name_to_ascii_uts46(name).unwrap_err();
            assert_eq!((e.label.as_str(), e.offset), (label, 0), "{name}");
            assert!(e.reason.contains(why), "{name}: {}", e.reason);
        }
    }

    /// RFC 1034 §3.1 counts the octets of a label; the percent-encoding a URI needs for one octet
    /// (RFC 3986 §3.2.2) is not three of them.
    #[test]
    fn lengths_count_encoded_octets_once() {
        for n in [1, 22, 62, 63, 64, 66, 80] {
            for (unit, octets) in [("%2F", 1), ("%20", 1), ("a%2Fb", 3)] {
                let label = unit.repeat(n);
                let octets = n * octets;
                let name = format!("x.{label}.com");
                let got = reg_name_to_ascii(&name);
                if octets <= 63 {
                    assert_eq!(got.unwrap().as_str(), name, "{name}");
                } else {
                    let e = got.unwrap_err();
                    assert_eq!(e.offset, 2, "{name}");
                    assert!(
                        e.reason.contains(&format!(" {octets} octets")),
                        "{name}: {}",
                        e.reason
                    );
                }
            }
            // Under UTS #46 the octets are letters, decoded and mapped: "%41" is one octet, "a".
            let name = format!("x.{}.com", "%41".repeat(n));
            match reg_name_to_ascii_uts46(&name) {
                Ok(m) => {
                    assert!(n <= 63);
                    assert_eq!(m.as_str(), format!("x.{}.com", "a".repeat(n)));
                }
                Err(e) => {
                    assert!(n > 63, "{name}: {}", e.reason);
                    assert!(e.reason.contains(&format!(" {n} octets")), "{}", e.reason);
                }
            }
        }
        // The example of the issue: 22 octets "/" written as 66 characters.
        let name = format!("{}.com", "%2F".repeat(22));
        assert_eq!(reg_name_to_ascii(&name).unwrap().as_str(), name);
        // The name: four labels of 63 encoded octets make 255 octets (with the dots), not 759.
        let label = "%2F".repeat(63);
        let e = reg_name_to_ascii(&[label.as_str(); 4].join(".")).unwrap_err();
        assert!(e.reason.contains("255 octets"), "{}", e.reason);
        let name = [label.as_str(), &label, &label, &"%2F".repeat(61)].join(".");
        assert_eq!(reg_name_to_ascii(&name).unwrap().as_str(), name);
    }

    #[test]
    fn uts46_reasons_name_the_check() {
        let r = |s: &str| reg_name_to_ascii_uts46(s).unwrap_err().reason;
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
        assert!(r(&"é".repeat(70)).contains("at most 63"));
        assert!(r("xn--zz-").contains("all-ASCII"), "{}", r("xn--zz-"));
        assert!(r("xn--").contains("nothing follows"), "{}", r("xn--"));
        assert!(
            r("xn--rsum-bad").contains("U+0080"),
            "{}",
            r("xn--rsum-bad")
        );
        assert!(
            r("a\u{3002}\u{E9}").contains("more than one label"),
            "{}",
            r("a\u{3002}\u{E9}")
        );
    }

    #[test]
    fn step_6_follows_the_lookup() {
        assert_eq!(punycode_label_to_unicode("xn--n3h"), None);
        assert_eq!(
            punycode_label_to_unicode("xn--4db").as_deref(),
            Some("\u{5D0}")
        );
        assert_eq!(punycode_to_unicode("xn--4db.0a"), "xn--4db.0a");
        assert_eq!(punycode_to_unicode("xn--4db.a0"), "\u{5D0}.a0");
        assert_eq!(
            punycode_to_unicode("xn--rsum-bpad.XN--99zt52a"),
            "r\u{E9}sum\u{E9}.\u{7D0D}\u{8C46}"
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

    /// `idn_hostname`: host names of NR-LDH labels, A-labels and U-labels (RFC 5890 §2.3.2.3).
    #[test]
    fn idn_hostnames_that_are_valid() {
        for (name, ascii) in [
            ("hostname", "hostname"),
            ("Host-Name.Example", "Host-Name.Example"),
            // RFC 1123 §2.1: a digit may come first.
            ("1host", "1host"),
            (
                "\u{C2E4}\u{B840}.\u{D14C}\u{C2A4}\u{D2B8}",
                "xn--9n2bp8q.xn--9t4b11yi5a",
            ),
            (
                "xn--ihqwcrb4cv8a8dqg056pqjye",
                "xn--ihqwcrb4cv8a8dqg056pqjye",
            ),
            ("XN--9n2bp8q", "XN--9n2bp8q"),
            ("b\u{FC}cher.example", "xn--bcher-kva.example"),
            // Exceptions of RFC 5892 §2.6 that are PVALID.
            ("\u{DF}\u{3C2}\u{F0B}\u{3007}", "xn--zca29lwxobi7a"),
            // Contextual rules that hold (RFC 5892 A.1–A.9).
            ("l\u{B7}l", "xn--ll-0ea"),
            ("\u{3B1}\u{375}\u{3B2}", "xn--wva3je"),
            ("\u{5D0}\u{5F3}\u{5D1}", "xn--4dbc5h"),
            ("\u{30FB}\u{3041}", "xn--k8j5u"),
            ("\u{628}\u{660}\u{628}", "xn--ngba1o"),
            ("\u{6F0}0", "xn--0-gyc"),
            ("\u{915}\u{94D}\u{200D}\u{937}", "xn--11b2ezcw70k"),
            ("\u{628}\u{64A}\u{200C}\u{628}\u{64A}", "xn--ngba5hb2804a"),
        ] {
            assert_eq!(idn_hostname(name).as_deref(), Ok(ascii), "{name}");
        }
    }

    #[test]
    fn idn_hostname_lengths() {
        let a = |n: usize| "a".repeat(n);
        assert!(idn_hostname(&a(63)).is_ok());
        let e = idn_hostname(&a(64)).unwrap_err();
        assert!(e.reason.contains("64 octets"), "{}", e.reason);
        // 253 octets, and one more.
        assert!(idn_hostname(&[a(63), a(63), a(63), a(61)].join(".")).is_ok());
        let e = idn_hostname(&[a(63), a(63), a(63), a(62)].join(".")).unwrap_err();
        assert_eq!(e.offset, 0);
        assert!(e.reason.contains("254 octets"), "{}", e.reason);
        // The A-label counts: 60 'ü' make a 63-character U-label of more than 63 octets in ASCII.
        let e = idn_hostname(&"\u{FC}".repeat(60)).unwrap_err();
        assert!(
            e.reason.contains("ASCII form \"xn--") && e.reason.contains("at most 63"),
            "{}",
            e.reason
        );
        // Empty names and labels; no final dot.
        assert!(idn_hostname("").unwrap_err().reason.contains("empty"));
        for (name, offset) in [(".", 0), ("a..b", 2), (".example", 0), ("example.", 8)] {
            let e = idn_hostname(name).unwrap_err();
            assert_eq!((e.label.as_str(), e.offset), ("", offset), "{name}");
            assert!(e.reason.contains("empty"), "{}", e.reason);
        }
    }

    #[test]
    fn idn_hostname_reasons() {
        let r = |s: &str| idn_hostname(s).unwrap_err().reason;
        for (name, part) in [
            ("-hello", "hyphen is first or last"),
            ("hello-", "hyphen is first or last"),
            ("ab--cd", "R-LDH"),
            ("my_host", "'_' (U+005F)"),
            ("r%C3%A9sum%C3%A9", "not percent-encoded"),
            ("a b", "letters, digits and hyphens"),
            ("xn--X", "not valid Punycode"),
            ("xn--example-", "all-ASCII"),
            ("xn---9uc", "RFC 5891 §5.3"),
            ("XN--aa---o47jg78q", "third and fourth"),
            ("xn--7a", "DISALLOWED"),
            ("-r\u{E9}sum\u{E9}", "RFC 5891 §4.2.3.1"),
            ("\u{302E}\u{C2E4}\u{B840}", "U+302E"),
            ("\u{301}hello", "combining mark"),
            ("a\u{B7}l", "RFC 5892 A.3"),
            ("\u{3B1}\u{375}S", "'S' (U+0053)"),
            ("\u{3B1}\u{375}", "RFC 5892 A.4"),
            ("def\u{30FB}abc", "RFC 5892 A.7"),
            ("\u{628}\u{660}\u{6F0}", "RFC 5892 A.8"),
            ("\u{915}\u{200D}\u{937}", "RFC 5892 A.2"),
            ("\u{915}\u{94D}\u{200C}\u{937}x\u{200C}y", "RFC 5892 A.1"),
            ("0a.\u{5D0}", "Bidi Rule"),
            ("0\u{627}", "Bidi Rule"),
            ("a\u{5D0}", "Bidi Rule"),
            ("\u{5D0}0\u{660}", "Bidi Rule"),
            ("xn--0ca24w", "Bidi Rule"),
            ("R\u{E9}sum\u{E9}", "'R' (U+0052)"),
            ("e\u{301}t\u{E9}", "Normalization Form C"),
        ] {
            let why = r(name);
            assert!(why.contains(part), "{name}: {why}");
        }
        // Only U+002E separates labels; the message says where the other dots went.
        for dot in ['\u{3002}', '\u{FF0E}', '\u{FF61}'] {
            let e = idn_hostname(&format!("a{dot}b")).unwrap_err();
            assert_eq!(e.label, format!("a{dot}b"));
            for part in ["DISALLOWED", "label separator", "RFC 5895 §2"] {
                assert!(e.reason.contains(part), "{part}: {}", e.reason);
            }
            assert!(!e.reason.contains("3987bis"), "{}", e.reason);
        }
        // The offset is that of the label.
        let e = idn_hostname("www.ex_ample.com").unwrap_err();
        assert_eq!((e.label.as_str(), e.offset), ("ex_ample", 4));
    }

    /// Under `LabelSeparators::Rfc3490` the three dots of RFC 3490 §3.1 are U+002E: every name of
    /// labels (valid ones and failing ones, empty ones included) joined by any mix of the four
    /// separators has the verdict, ASCII form and failing label of the name joined by U+002E, and
    /// the failure's offset is that of its label in the name as given.
    #[test]
    fn idn_hostname_rfc3490_separators() {
        const DOTS: [char; 4] = ['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'];
        let labels = [
            "a",
            "example",
            "b\u{FC}cher",
            "xn--bcher-kva",
            "\u{3C0}\u{3B1}\u{3C1}\u{3AC}\u{3B4}\u{3B5}\u{3B9}\u{3B3}\u{3BC}\u{3B1}",
            "\u{5D0}\u{5D1}",
            "0a",
            "",
            "a_b",
            "-a",
            "R\u{E9}sum\u{E9}",
            &"x".repeat(64),
        ];
        let mut checked = 0;
        for a in labels {
            for b in labels {
                for c in labels {
                    for (i, d1) in DOTS.iter().enumerate() {
                        // Two separators, all 16 pairs over the loops of `a`/`b`/`c`.
                        let d2 = DOTS[(i + a.len() + b.len()) % 4];
                        let name = format!("{a}{d1}{b}{d2}{c}");
                        let plain = format!("{a}.{b}.{c}");
                        let got = idn_hostname_with(&name, LabelSeparators::Rfc3490);
                        let want = idn_hostname(&plain);
                        match (&got, &want) {
                            (Ok(g), Ok(w)) => assert_eq!(g, w, "{name:?}"),
                            (Err(g), Err(w)) => {
                                assert_eq!(g.reason, w.reason, "{name:?}");
                                assert_eq!(
                                    name.get(g.offset..g.offset + g.label.len()),
                                    Some(g.label.as_str()),
                                    "{name:?}"
                                );
                                if w.label == plain {
                                    // A failure of the whole name (its length).
                                    assert_eq!((g.label.as_str(), g.offset), (name.as_str(), 0));
                                } else {
                                    // The same label fails, the same one of the three.
                                    assert_eq!(g.label, w.label, "{name:?}");
                                    let index = |s: &str, o: usize| {
                                        s[..o].chars().filter(|c| DOTS.contains(c)).count()
                                    };
                                    assert_eq!(
                                        index(&name, g.offset),
                                        index(&plain, w.offset),
                                        "{name:?}"
                                    );
                                }
                            }
                            _ => panic!("{name:?}: {got:?}, but {plain:?}: {want:?}"),
                        }
                        // The strict lookup never takes the other dots for separators.
                        if *d1 != '.' || d2 != '.' {
                            assert!(
                                idn_hostname_with(&name, LabelSeparators::Idna2008).is_err(),
                                "{name:?}"
                            );
                        }
                        checked += 1;
                    }
                }
            }
        }
        assert_eq!(checked, 12 * 12 * 12 * 4);
        // The names of the JSON Schema Test Suite: alone, first or last, the dots make empty labels.
        for dot in &DOTS[1..] {
            for name in [
                format!("{dot}"),
                format!("{dot}example"),
                format!("example{dot}"),
            ] {
                let e = idn_hostname_with(&name, LabelSeparators::Rfc3490).unwrap_err();
                assert!(e.reason.contains("empty"), "{name:?}: {}", e.reason);
            }
        }
        assert_eq!(LabelSeparators::default(), LabelSeparators::Idna2008);
        for s in LabelSeparators::ALL {
            assert_eq!(LabelSeparators::from_name(s.name()), Some(s));
        }
        assert_eq!(LabelSeparators::from_name("uts46"), None);
        // Every other code point is a separator under neither.
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let rfc3490 = LabelSeparators::Rfc3490.is_separator(c);
            assert_eq!(rfc3490, DOTS.contains(&c), "{c:?}");
            assert_eq!(LabelSeparators::Idna2008.is_separator(c), c == '.', "{c:?}");
        }
    }
}
