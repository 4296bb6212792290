//! Preprocessing raw strings before they are parsed as IRI references (draft-weber-iri-guidelines §4),
//! and converting input in a legacy encoding to Unicode (3987bis §3.1, draft-duerst-iri-01 §3.1).
//!
//! draft-weber-iri-guidelines §4, as implemented:
//!
//! 1. Remove leading and trailing U+0020 SPACE, U+000D CR, U+000A LF and U+0009 TAB, and no other
//!    whitespace ([`trim_ascii_whitespace`]).
//! 2. Spaces left inside: split into several references at each run of U+0020
//!    ([`Spaces::Split`], each piece trimmed again as an "independent reference-string"), or replace each U+0020 by `%20` ([`Spaces::Encode`]), as the caller chooses;
//!    [`Spaces::Keep`] leaves them.
//! 3. Transcode to Unicode: [`decode_legacy`], for bytes in a named encoding.
//! 4. "TODO: Should numerical character references be replaced with their corresponding character?"
//!    The draft leaves this open; this module decodes them only when asked
//!    ([`PreprocessOptions::decode_ncr`]).
//!
//! Normalization: 3987bis §3.1 says that input already in a Unicode form "should be left as is and not
//! normalized or changed", and that input in a legacy encoding is converted to Unicode, ideally NFC;
//! draft-duerst-iri-01 §3.1 variant B requires "a sequence of characters from the UCS normalized
//! according to NFC" for non-Unicode encodings and variant C forbids normalizing Unicode input.
//! draft-masinter-url-i18n-07 §2.3 step 2 normalized every IRI to NFC; 3987bis does not. So
//! [`decode_legacy`] normalizes to NFC when the encoding is not UCS-based, and Unicode input is
//! normalized only with [`PreprocessOptions::nfc`].

use encoding_rs::DecoderResult;
use std::borrow::Cow;
use unicode_normalization::UnicodeNormalization;

use super::query_charset::Charset;

/// What to do with U+0020 SPACE inside the trimmed string (draft-weber-iri-guidelines §4 step 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Spaces {
    /// Leave spaces as they are.
    #[default]
    Keep,
    /// "split the string into substrings on blocks of contiguous U+0020 SPACE characters"
    Split,
    /// "replace each U+0020 SPACE with a single percent-encoded U+0020 SPACE, written as "%20""
    Encode,
}

/// Options of [`preprocess`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct PreprocessOptions {
    /// Step 2.
    pub spaces: Spaces,
    /// Step 4: replace numeric character references (`&#xHHHH;`, `&#DDDD;`) by their characters. Off
    /// by default: the draft leaves the question open.
    pub decode_ncr: bool,
    /// Normalize the result to NFC. Off by default: 3987bis §3.1 leaves Unicode input as it is.
    pub nfc: bool,
}

impl PreprocessOptions {
    /// These options with [`PreprocessOptions::spaces`] set.
    pub const fn with_spaces(mut self, spaces: Spaces) -> Self {
        self.spaces = spaces;
        self
    }

    /// These options with [`PreprocessOptions::decode_ncr`] set.
    pub const fn with_decode_ncr(mut self, decode_ncr: bool) -> Self {
        self.decode_ncr = decode_ncr;
        self
    }

    /// These options with [`PreprocessOptions::nfc`] set.
    pub const fn with_nfc(mut self, nfc: bool) -> Self {
        self.nfc = nfc;
        self
    }
}

/// Preprocesses one raw string (draft-weber-iri-guidelines §4 steps 1, 2 and 4, then NFC when asked)
/// and returns the reference strings: one, or with [`Spaces::Split`] as many as there are
/// space-separated pieces (none for a blank string).
///
/// ```
/// use iri_abnf::convert::{preprocess, PreprocessOptions, Spaces};
///
/// let split = PreprocessOptions::default().with_spaces(Spaces::Split);
/// assert_eq!(preprocess(" \thttp://a/b  http://c/\r\n", &split), ["http://a/b", "http://c/"]);
/// let encode = PreprocessOptions::default().with_spaces(Spaces::Encode);
/// assert_eq!(preprocess("\u{3000}a b\u{A0}", &encode), ["\u{3000}a%20b\u{A0}"]);
/// let ncr = PreprocessOptions::default().with_decode_ncr(true);
/// assert_eq!(
///     preprocess("htt&#x0070;://www.example.com/&#x0066;&#x006f;&#x006f;bar&#x002f;foo&#x003f;bar", &ncr),
///     ["http://www.example.com/foobar/foo?bar"]
/// );
/// ```
pub fn preprocess(input: &str, options: &PreprocessOptions) -> Vec<String> {
    let trimmed = trim_ascii_whitespace(input);
    let pieces: Vec<Cow<'_, str>> = match options.spaces {
        Spaces::Keep => vec![Cow::Borrowed(trimmed)],
        Spaces::Encode => vec![Cow::Owned(trimmed.replace(' ', "%20"))],
        // Each piece is "an independent reference-string" and is trimmed as step 1 says.
        Spaces::Split => trimmed
            .split(' ')
            .map(trim_ascii_whitespace)
            .filter(|p| !p.is_empty())
            .map(Cow::Borrowed)
            .collect(),
    };
    // Each piece is copied once: the input is borrowed until a step changes it.
    pieces
        .into_iter()
        .map(|p| {
            let p = if options.decode_ncr {
                Cow::Owned(decode_ncrs(&p))
            } else {
                p
            };
            if options.nfc {
                nfc(p)
            } else {
                p.into_owned()
            }
        })
        .collect()
}

/// `text` in NFC, without a second copy when it is in NFC already.
fn nfc(text: Cow<'_, str>) -> String {
    if unicode_normalization::is_nfc(&text) {
        text.into_owned()
    } else {
        text.nfc().collect()
    }
}

/// Removes leading and trailing U+0020, U+000D, U+000A and U+0009 (draft-weber-iri-guidelines §4
/// step 1); "Unicode has many more characters that are considered whitespace, none of which are
/// affected".
pub fn trim_ascii_whitespace(s: &str) -> &str {
    s.trim_matches(|c| matches!(c, ' ' | '\r' | '\n' | '\t'))
}

/// Replaces the numeric character references `&#xHHHH;` (hex, `x` lowercase as in XML) and `&#DDDD;`
/// (decimal) by their characters. A reference to a value that is not a character (zero, a surrogate,
/// above U+10FFFF) is left as written.
///
/// ```
/// use iri_abnf::convert::decode_ncrs;
///
/// assert_eq!(decode_ncrs("&#x0066;&#111;o&#xD800;&#x;"), "foo&#xD800;&#x;");
/// ```
pub fn decode_ncrs(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find("&#") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let (digits, radix) = match after.strip_prefix('x') {
            Some(hex) => (hex, 16),
            None => (after, 10),
        };
        let len = digits
            .bytes()
            .take_while(|b| {
                if radix == 16 {
                    b.is_ascii_hexdigit()
                } else {
                    b.is_ascii_digit()
                }
            })
            .count();
        let c = (len > 0 && digits[len..].starts_with(';'))
            .then(|| u32::from_str_radix(&digits[..len], radix).ok())
            .flatten()
            .filter(|&v| v != 0)
            .and_then(char::from_u32);
        match c {
            Some(c) => {
                out.push(c);
                rest = &digits[len + 1..];
            }
            None => {
                out.push_str("&#");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Bytes that are not valid in the encoding they were said to be in: what [`decode_legacy`] gives
/// when it fails.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Undecodable {
    /// Byte offset of the first malformed byte.
    pub offset: usize,
    /// The malformed bytes.
    pub bytes: Vec<u8>,
    /// The encoding's name.
    pub charset: &'static str,
}

impl std::fmt::Display for Undecodable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let bytes: Vec<String> = self.bytes.iter().map(|b| format!("0x{b:02X}")).collect();
        write!(
            f,
            "not {}: malformed byte sequence at byte offset {} (bytes {})",
            self.charset,
            self.offset,
            bytes.join(" ")
        )
    }
}

/// Converts bytes in the given encoding to Unicode (3987bis §3.1): decoded without replacement (a
/// malformed sequence is an error, never replaced or guessed), without BOM sniffing, and normalized to
/// NFC when the encoding is not UCS-based (draft-duerst-iri-01 §3.1 variant B). UTF-8 and UTF-16 input
/// is not normalized (variant C).
///
/// ```
/// use iri_abnf::convert::{decode_legacy, Charset};
///
/// let latin1 = Charset::for_label("iso-8859-1").unwrap();
/// assert_eq!(decode_legacy(b"M\xE4rz", latin1).unwrap(), "M\u{E4}rz");
/// let mac = Charset::for_label("macintosh").unwrap();
/// assert_eq!(decode_legacy(b"M\x8Arz", mac).unwrap(), "M\u{E4}rz");
/// // windows-1258 writes "ệ" as e + two combining marks; NFC composes them.
/// let vn = Charset::for_label("windows-1258").unwrap();
/// assert_eq!(decode_legacy(b"Vi\xEA\xF2t", vn).unwrap(), "Vi\u{1EC7}t");
/// let utf8 = Charset::for_label("utf-8").unwrap();
/// assert_eq!(decode_legacy("e\u{301}".as_bytes(), utf8).unwrap(), "e\u{301}");
/// assert_eq!(decode_legacy(b"a\xFF", utf8).unwrap_err().offset, 1);
/// ```
pub fn decode_legacy(bytes: &[u8], charset: Charset) -> Result<String, Undecodable> {
    let encoding = charset.encoding();
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let capacity = decoder
        .max_utf8_buffer_length_without_replacement(bytes.len())
        .unwrap_or(bytes.len().saturating_mul(3));
    let mut text = String::with_capacity(capacity);
    let (result, read) = decoder.decode_to_string_without_replacement(bytes, &mut text, true);
    match result {
        DecoderResult::InputEmpty => {}
        DecoderResult::Malformed(bad, after) => {
            let end = read - usize::from(after);
            let start = end.saturating_sub(usize::from(bad));
            return Err(Undecodable {
                offset: start,
                bytes: bytes[start..end].to_vec(),
                charset: encoding.name(),
            });
        }
        DecoderResult::OutputFull => {
            // The buffer has the worst-case size; decode the rest without the size promise.
            let mut rest = &bytes[read..];
            let mut base = read;
            while !rest.is_empty() {
                text.reserve(rest.len() * 3 + 16);
                let (result, read) =
                    decoder.decode_to_string_without_replacement(rest, &mut text, true);
                if let DecoderResult::Malformed(bad, after) = result {
                    let end = base + read - usize::from(after);
                    let start = end.saturating_sub(usize::from(bad));
                    return Err(Undecodable {
                        offset: start,
                        bytes: bytes[start..end].to_vec(),
                        charset: encoding.name(),
                    });
                }
                rest = &rest[read..];
                base += read;
            }
        }
    }
    Ok(if charset.is_ucs_based() {
        text
    } else {
        nfc(Cow::Owned(text))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_errors_name_the_bytes() {
        let sjis = Charset::for_label("shift_jis").unwrap();
        let e = decode_legacy(b"a\x81", sjis).unwrap_err();
        assert_eq!((e.offset, e.bytes.as_slice()), (1, &b"\x81"[..]));
    }

    #[test]
    fn trimming_is_ascii_only() {
        assert_eq!(
            trim_ascii_whitespace("\u{A0} a \u{2003}"),
            "\u{A0} a \u{2003}"
        );
        assert_eq!(trim_ascii_whitespace("\t\r\n a b \n"), "a b");
        assert_eq!(trim_ascii_whitespace("\u{B}a\u{C}"), "\u{B}a\u{C}");
        let split = PreprocessOptions {
            spaces: Spaces::Split,
            ..Default::default()
        };
        assert!(preprocess("  \t ", &split).is_empty());
        assert_eq!(preprocess("a\tb", &split), ["a\tb"]);
        assert_eq!(preprocess("a\t \t b", &split), ["a", "b"]);
    }

    #[test]
    fn malformed_offsets() {
        let sjis = Charset::for_label("shift_jis").unwrap();
        let e = decode_legacy(b"ab\x82", sjis).unwrap_err();
        assert_eq!((e.offset, e.charset), (2, "Shift_JIS"));
        let utf16 = Charset::for_label("utf-16le").unwrap();
        assert_eq!(decode_legacy(b"a\x00b\x00", utf16).unwrap(), "ab");
        assert!(decode_legacy(b"a\x00\x00\xD8", utf16).is_err());
    }
}
