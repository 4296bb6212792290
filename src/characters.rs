//! Characters (RFC 3986 §2, 3987bis §2.2 and §5.1): the character classes of the grammars as
//! predicates on one character, and percent-encoding of octets (RFC 3986 §2.1). Shared by the
//! conversions and normalization.
//!
//! Each predicate is the ABNF rule of the same name (RFC 3986 Appendix A, 3987bis §2.2 and §5.1); the
//! tests check them against the pest grammars for every Unicode scalar value.

/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"` (RFC 3986 §2.3).
pub fn is_unreserved(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_' | '~')
}

/// `gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"` (RFC 3986 §2.2).
pub fn is_gen_delim(c: char) -> bool {
    matches!(c, ':' | '/' | '?' | '#' | '[' | ']' | '@')
}

/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="` (RFC 3986 §2.2).
pub fn is_sub_delim(c: char) -> bool {
    matches!(
        c,
        '!' | '$' | '&' | '\'' | '(' | ')' | '*' | '+' | ',' | ';' | '='
    )
}

/// `reserved = gen-delims / sub-delims` (RFC 3986 §2.2).
pub fn is_reserved(c: char) -> bool {
    is_gen_delim(c) || is_sub_delim(c)
}

/// A character that is allowed somewhere in a valid URI: `unreserved`, `reserved`, or the "%" of
/// `pct-encoded` (RFC 3986 §2). 3987bis §3.3 percent-encodes every other character; §3.7 step 2 calls
/// the other US-ASCII characters "characters in US-ASCII not allowed in URIs" (controls, space,
/// `"<>\^`{|}` and DEL).
pub fn is_uri_char(c: char) -> bool {
    is_unreserved(c) || is_reserved(c) || c == '%'
}

/// `ucschar` (3987bis §2.2): the non-ASCII characters allowed in every IRI component except the
/// scheme. It leaves out the C1 controls (U+0080–U+009F), the surrogates, private use, the
/// noncharacters U+FDD0–U+FDEF and U+xFFFE–U+xFFFF, the specials U+FFF0–U+FFFF and the tags
/// U+E0000–U+E0FFF.
pub fn is_ucschar(c: char) -> bool {
    let c = c as u32;
    matches!(c, 0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF | 0xE1000..=0xEFFFD)
        || ((0x10000..=0xDFFFD).contains(&c) && (c & 0xFFFF) <= 0xFFFD)
}

/// `iprivate = %xE000-F8FF / %xE0000-E0FFF / %xF0000-FFFFD / %x100000-10FFFD` (3987bis §2.2): allowed
/// in `iquery` only.
pub fn is_iprivate(c: char) -> bool {
    matches!(c as u32, 0xE000..=0xF8FF | 0xE0000..=0xE0FFF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

/// `leiri-ucschar` (3987bis §5.1): space, `<>"{}|\^``, the C0 controls, and every character from
/// U+007F on except the surrogates and U+FFFE/U+FFFF.
pub fn is_leiri_ucschar(c: char) -> bool {
    matches!(
        c,
        ' ' | '<' | '>' | '"' | '{' | '}' | '|' | '\\' | '^' | '`' | '\u{0}'..='\u{1F}'
    ) || matches!(c as u32, 0x7F..=0xD7FF | 0xE000..=0xFFFD | 0x10000..=0x10FFFF)
}

/// The noncharacters (Unicode §23.7): U+FDD0–U+FDEF and the last two code points of every plane
/// (U+xFFFE, U+xFFFF). `ucschar` has none of them (3987bis §2.2).
pub fn is_noncharacter(c: char) -> bool {
    let v = c as u32;
    (0xFDD0..=0xFDEF).contains(&v) || v & 0xFFFE == 0xFFFE
}

/// The characters that 3987bis §5.1 percent-encodes when converting a LEIRI to an IRI: allowed by
/// `leiri-ucschar` but not by `ucschar`.
pub fn is_leiri_only(c: char) -> bool {
    is_leiri_ucschar(c) && !is_ucschar(c)
}

/// The bidirectional formatting characters that an IRI must not contain (3987bis §3.7.1 example 3:
/// "The direct use of this character is forbidden in an IRI"; §5.1: "the restriction on bidirectional
/// formatting characters in \[Bidi\]").
///
/// The list is the one draft-duerst-iri-01 §4.2 prints (and §4.1 restriction 2 forbids in
/// components), the same seven that RFC 3987 §4.1 names: U+200E LEFT-TO-RIGHT MARK, U+200F
/// RIGHT-TO-LEFT MARK, U+202A LEFT-TO-RIGHT EMBEDDING, U+202B RIGHT-TO-LEFT EMBEDDING, U+202C POP
/// DIRECTIONAL FORMATTING, U+202D LEFT-TO-RIGHT OVERRIDE and U+202E RIGHT-TO-LEFT OVERRIDE. The
/// isolates U+2066–U+2069 and U+061C ARABIC LETTER MARK, added to Unicode after these documents, are
/// not on it (see the interpretation notes).
pub const BIDI_FORMATTING: [char; 7] = [
    '\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}',
];

/// Whether `c` is one of [`BIDI_FORMATTING`].
pub fn is_bidi_formatting(c: char) -> bool {
    BIDI_FORMATTING.contains(&c)
}

/// The characters outside US-ASCII with the Unicode property White_Space: U+0085, U+00A0, U+1680,
/// U+2000–U+200A, U+2028, U+2029, U+202F, U+205F and U+3000. 3987bis §4.1 b names "look-alikes of
/// "space"" among the characters to avoid, and draft-masinter-url-i18n-07 §3.1 writes U+00A0 as
/// `%C2%A0` in an IRI; URI-to-IRI step 4 keeps these percent-encoded.
pub fn is_non_ascii_white_space(c: char) -> bool {
    matches!(
        c,
        '\u{85}' | '\u{A0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200A}' | '\u{2028}' | '\u{2029}' | '\u{202F}' | '\u{205F}' | '\u{3000}'
    )
}

/// The uppercase hexadecimal digits of §3.3 ("The hexadecimal notation SHOULD use uppercase letters").
const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// Appends `%HH` for one octet, with uppercase hexadecimal digits (3987bis §3.3, RFC 3986 §2.1).
pub fn push_pct(out: &mut String, octet: u8) {
    out.push('%');
    out.push(HEX[usize::from(octet >> 4)] as char);
    out.push(HEX[usize::from(octet & 0xF)] as char);
}

/// Appends the UTF-8 octets of `c`, each as `%HH` (3987bis §3.3 "Convert to UTF-8", "Percent encode").
pub fn push_pct_utf8(out: &mut String, c: char) {
    let mut buf = [0u8; 4];
    for &b in c.encode_utf8(&mut buf).as_bytes() {
        push_pct(out, b);
    }
}

/// The octet of a `pct-encoded` triplet (`%` and two hex digits, either case) at the start of `s`.
pub fn pct_octet(s: &[u8]) -> Option<u8> {
    match s {
        [b'%', h, l, ..] if h.is_ascii_hexdigit() && l.is_ascii_hexdigit() => {
            Some((hex_value(*h) << 4) | hex_value(*l))
        }
        _ => None,
    }
}

fn hex_value(d: u8) -> u8 {
    match d {
        b'0'..=b'9' => d - b'0',
        b'a'..=b'f' => d - b'a' + 10,
        _ => d - b'A' + 10,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pct_helpers() {
        let mut s = String::new();
        push_pct(&mut s, 0x0A);
        push_pct_utf8(&mut s, 'é');
        assert_eq!(s, "%0A%C3%A9");
        assert_eq!(pct_octet(b"%e2%80"), Some(0xE2));
        assert_eq!(pct_octet(b"%4c"), Some(0x4C));
        assert_eq!(pct_octet(b"%4"), None);
        assert_eq!(pct_octet(b"%G0"), None);
    }
}
