//! Mapping query components with a document charset (3987bis §3.5, draft-weber-iri-guidelines §6.1),
//! and legacy-charset components in general (Dürst 2001, Tables 1 and 2).
//!
//! 3987bis §3.5: "for schemes "http" and "https" and IRIs whose origin has a document charset other
//! than one which is UCS-based (e.g., UTF-8 or UTF-16) ... the "query" component of an IRI is mapped
//! into a URI by using the document charset rather than UTF-8 as the binary representation before
//! pct-encoding. This mapping is not applied for any other scheme or component."
//!
//! Charsets are named by the labels of the WHATWG Encoding Standard and implemented by
//! [`encoding_rs`]. Those labels are what browsers use for document charsets; they make `iso-8859-1` and
//! `latin1` labels of windows-1252, which this module follows. They also make `us-ascii`, `ascii` and
//! `ansi_x3.4-1968` labels of windows-1252; there this module departs from them and uses US-ASCII
//! itself, so that a character US-ASCII cannot represent is an error instead of a windows-1252 byte
//! (Dürst 2001, Table 1: the us-ascii row can only hold "March").

use encoding_rs::{EncoderResult, Encoding, UTF_16BE, UTF_16LE, UTF_8};

use crate::characters::{is_uri_char, push_pct};
use crate::grammar::{NameKind, UnknownName};

/// A document charset: an encoding of the WHATWG Encoding Standard, found by one of its labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Charset {
    encoding: &'static Encoding,
    /// The label named US-ASCII: only ASCII characters can be represented.
    ascii_only: bool,
}

/// A character that the charset cannot represent: what
/// [`ConvertErrorKind::Unmappable`](super::ConvertErrorKind::Unmappable) holds, and what
/// [`encode_component`] gives when it fails.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Unmappable {
    /// The character.
    pub character: char,
    /// Its byte offset in the text that was mapped.
    pub offset: usize,
    /// The charset's name.
    pub charset: &'static str,
}

impl std::fmt::Display for Unmappable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the charset {} cannot represent U+{:04X}{} at byte offset {}",
            self.charset,
            self.character as u32,
            if self.character.is_control() || crate::characters::is_bidi_formatting(self.character)
            {
                String::new()
            } else {
                format!(" '{}'", self.character)
            },
            self.offset
        )
    }
}

impl Charset {
    /// UTF-8.
    pub const UTF_8: Charset = Charset {
        encoding: UTF_8,
        ascii_only: false,
    };

    /// Finds the charset of a WHATWG label (ASCII case-insensitive, surrounding whitespace ignored):
    /// `iso-8859-1`, `shift_jis`, `macintosh`, `utf-8`, …. Labels of the "replacement" encoding
    /// (`iso-2022-kr`, …) are refused: it cannot encode.
    ///
    /// ```
    /// use iri_abnf::convert::Charset;
    ///
    /// assert_eq!(Charset::for_label("ISO-8859-1").unwrap().name(), "windows-1252");
    /// assert_eq!(Charset::for_label("us-ascii").unwrap().name(), "US-ASCII");
    /// assert_eq!(Charset::for_label("macintosh").unwrap().name(), "macintosh");
    /// assert!(Charset::for_label("utf-16").unwrap().is_ucs_based());
    /// assert!(Charset::for_label("klingon").is_err());
    /// ```
    pub fn for_label(label: &str) -> Result<Charset, UnknownName> {
        // The WHATWG labels of windows-1252 that name US-ASCII (see the module docs).
        const ASCII_LABELS: [&str; 3] = ["us-ascii", "ascii", "ansi_x3.4-1968"];
        let ascii_only = ASCII_LABELS
            .iter()
            .any(|l| l.eq_ignore_ascii_case(label.trim_matches(|c: char| c.is_ascii_whitespace())));
        match Encoding::for_label_no_replacement(label.as_bytes()) {
            Some(encoding) => Ok(Charset {
                encoding,
                ascii_only,
            }),
            None => Err(UnknownName::new(NameKind::Charset, label)),
        }
    }

    /// The encoding's name in the WHATWG Encoding Standard (`windows-1252`, `Shift_JIS`), or `US-ASCII`.
    pub fn name(&self) -> &'static str {
        if self.ascii_only {
            "US-ASCII"
        } else {
            self.encoding.name()
        }
    }

    /// Whether the charset is UCS-based (UTF-8, UTF-16LE, UTF-16BE): then §3.5 does not apply and
    /// the query is mapped with UTF-8 like every other component.
    pub fn is_ucs_based(&self) -> bool {
        self.encoding == UTF_8 || self.encoding == UTF_16LE || self.encoding == UTF_16BE
    }

    /// The underlying encoding.
    pub fn encoding(&self) -> &'static Encoding {
        self.encoding
    }
}

/// Maps a component with a charset: characters allowed in URIs and existing `%HH` stay as they are
/// (3987bis §3.4.3 note); every run of other characters is encoded in the charset and each resulting
/// octet written as `%HH` with uppercase hex digits. With a UCS-based charset this is exactly the
/// UTF-8 mapping of §3.3.
///
/// The rows of Tables 1 and 2 of Dürst (2001):
///
/// ```
/// use iri_abnf::convert::{encode_component, Charset};
///
/// let via = |label: &str, s: &str| encode_component(s, Charset::for_label(label).unwrap()).unwrap();
/// assert_eq!(via("us-ascii", "March"), "March");
/// let err = encode_component("März", Charset::for_label("us-ascii").unwrap()).unwrap_err();
/// assert_eq!((err.character, err.offset, err.charset), ('ä', 1, "US-ASCII"));
/// assert_eq!(via("iso-8859-1", "März"), "M%E4rz");
/// assert_eq!(via("macintosh", "März"), "M%8Arz");
/// assert_eq!(via("utf-8", "März"), "M%C3%A4rz");
/// let err = encode_component("M\u{1F600}rz", Charset::for_label("iso-8859-1").unwrap()).unwrap_err();
/// assert_eq!((err.character, err.offset), ('\u{1F600}', 1));
/// ```
pub fn encode_component(text: &str, charset: Charset) -> Result<String, Unmappable> {
    if charset.ascii_only {
        if let Some((offset, character)) = text.char_indices().find(|(_, c)| !c.is_ascii()) {
            return Err(Unmappable {
                character,
                offset,
                charset: charset.name(),
            });
        }
    }
    let encoding = if charset.is_ucs_based() {
        UTF_8
    } else {
        charset.encoding
    };
    let mut out = String::with_capacity(text.len());
    let mut run_start = None;
    for (i, c) in text.char_indices() {
        if is_uri_char(c) {
            if let Some(start) = run_start.take() {
                encode_run(&text[start..i], start, encoding, &mut out)?;
            }
            out.push(c);
        } else if run_start.is_none() {
            run_start = Some(i);
        }
    }
    if let Some(start) = run_start {
        encode_run(&text[start..], start, encoding, &mut out)?;
    }
    Ok(out)
}

/// The error for the character that ends `text[..read]`, the last one the encoder read, at `base` +
/// its offset. The character is taken from the input: the encoder reports U+FFFD instead of the
/// characters that an encoding refuses whatever they are (ISO-2022-JP refuses U+000E, U+000F and
/// U+001B, WHATWG Encoding §12.2.2), so its length would misplace the offset.
fn unmappable(text: &str, read: usize, base: usize, encoding: &'static Encoding) -> Unmappable {
    let (offset, character) = text[..read]
        .char_indices()
        .next_back()
        .unwrap_or((0, '\u{FFFD}'));
    Unmappable {
        character,
        offset: base + offset,
        charset: encoding.name(),
    }
}

/// Encodes one run of characters that URIs do not allow; `base` is the run's offset in the component.
fn encode_run(
    run: &str,
    base: usize,
    encoding: &'static Encoding,
    out: &mut String,
) -> Result<(), Unmappable> {
    let mut encoder = encoding.new_encoder();
    let capacity = encoder
        .max_buffer_length_from_utf8_without_replacement(run.len())
        .unwrap_or(run.len().saturating_mul(8));
    let mut bytes = Vec::with_capacity(capacity);
    let (result, read) = encoder.encode_from_utf8_to_vec_without_replacement(run, &mut bytes, true);
    match result {
        EncoderResult::InputEmpty => {
            for b in bytes {
                push_pct(out, b);
            }
            Ok(())
        }
        EncoderResult::Unmappable(_) => Err(unmappable(run, read, base, encoding)),
        EncoderResult::OutputFull => {
            // The buffer has the worst-case size; should it not suffice, encode in pieces.
            let mut rest = &run[read..];
            let mut offset = base + read;
            for b in bytes {
                push_pct(out, b);
            }
            while !rest.is_empty() {
                let mut chunk = Vec::with_capacity(64);
                let (result, read) =
                    encoder.encode_from_utf8_to_vec_without_replacement(rest, &mut chunk, true);
                for b in chunk {
                    push_pct(out, b);
                }
                if let EncoderResult::Unmappable(_) = result {
                    return Err(unmappable(rest, read, offset, encoding));
                }
                rest = &rest[read..];
                offset += read;
            }
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stateful_encodings_and_offsets() {
        let jis = Charset::for_label("iso-2022-jp").unwrap();
        // ESC $ B, the two JIS X 0208 bytes of each character, ESC ( B: all percent-encoded.
        assert_eq!(
            encode_component("q=\u{65E5}\u{672C}", jis).unwrap(),
            "q=%1B%24%42%46%7C%4B%5C%1B%28%42"
        );
        let sjis = Charset::for_label("shift_jis").unwrap();
        assert_eq!(encode_component("a b", sjis).unwrap(), "a%20b");
        assert_eq!(encode_component("%41\u{65E5}", sjis).unwrap(), "%41%93%FA");
        let latin = Charset::for_label("latin1").unwrap();
        let e = encode_component("a=\u{E9}&b=\u{3042}", latin).unwrap_err();
        assert_eq!(
            (e.character, e.offset, e.charset),
            ('\u{3042}', 7, "windows-1252")
        );
        assert!(Charset::for_label("iso-2022-kr").is_err());
        // ISO-2022-JP refuses SI whatever follows; the encoder says U+FFFD, the error names SI and its
        // offset, after the three bytes of U+300C.
        let e = encode_component("/\u{300C} \u{F}%E2", jis).unwrap_err();
        assert_eq!((e.character, e.offset), ('\u{F}', 5));
        let e = encode_component("\u{1B}", jis).unwrap_err();
        assert_eq!((e.character, e.offset), ('\u{1B}', 0));
    }
}
