//! The derivation of the tables of the library's `src/characters/derived.rs` from Unicode data, run by
//! `cargo xtask generate` (which writes the file) and `cargo xtask generate --check` (which checks
//! that the committed file is what the data gives).
//!
//! - Look-alikes of space and of delimiters (3987bis §4.1 b: "look-alikes of "space", "delims", and
//!   "unwise""; §9; UTR #36 §2), interpretation note 15 (f). A look-alike stays percent-encoded where
//!   the character it imitates means something in an IRI: space, "%", the gen-delims of RFC 3986 §2.2
//!   and RFC 2396's "delims" and "unwise" (§2.4.3) everywhere ([`EVERYWHERE`]), and "." in a host
//!   ([`IN_HOST`]), where UTS #46 maps U+3002, U+FF0E, U+FF61 and U+2024 to the label separator. The
//!   characters of a look-alike are those outside US-ASCII of General_Category P* (punctuation), S*
//!   (symbols) or Z* (separators) that show such a character by one of the [`Basis`]: their NFKC form
//!   or UTS #46 mapping holds it (U+FE52 SMALL FULL STOP is ".", U+3002 IDEOGRAPHIC FULL STOP is "."
//!   in a host name), their UTS #39 confusables skeleton (§4, `unicode-security`) is ASCII text that
//!   holds it (U+2215 DIVISION SLASH is "/"), or their skeleton is the delimiter's skeleton, once or
//!   more (U+066A ARABIC PERCENT SIGN and "%" are both "°/₀", U+2223 DIVIDES and "|" are both "l").
//!   Where the skeleton of a delimiter is also that of ASCII text that means nothing (the skeleton of
//!   "`" is that of "'", of `"` that of "''", of "|" that of "l", "1" and "I"), the data does not say
//!   which of them a character imitates: then a symbol or a separator counts (U+2223, U+2502 BOX
//!   DRAWINGS LIGHT VERTICAL, U+00B4 ACUTE ACCENT), and the punctuation of running text does not
//!   (U+2019 RIGHT SINGLE QUOTATION MARK, U+05F4 HEBREW PUNCTUATION GERSHAYIM, U+0964 DEVANAGARI
//!   DANDA). A character whose canonical decomposition (NFC) is ASCII with a delimiter of any kind
//!   is one in every normalized text (U+037E GREEK QUESTION MARK is ";"), whatever its category.
//!   Letters of living scripts that the data also maps to delimiters (U+01C3 LATIN LETTER RETROFLEX
//!   CLICK is "!", U+30CE KATAKANA LETTER NO looks like "/") are words' letters and are not taken.
//! - Marks that compose with a delimiter (RFC 3986 §2.2): the characters `c` for which an ASCII
//!   character `d` of [`is_syntax_character`] and `c` have a primary composite (Unicode §3.11, UAX #15):
//!   NFC of `d` followed by `c` no longer holds `d` (U+0338 COMBINING LONG SOLIDUS OVERLAY after "=" is
//!   U+2260 "≠").

use icu_properties::props::GeneralCategory;
use icu_properties::CodePointMapData;
use unicode_normalization::UnicodeNormalization;

/// The ASCII characters whose look-alikes stay percent-encoded in every component: space, "%", the
/// gen-delims of RFC 3986 §2.2 (`:/?#[]@`), and RFC 2396 §2.4.3's "delims" (`<>#%"`) and "unwise"
/// (`{}|\^[]``), which are not allowed in URIs at all, so that a look-alike would be read or typed
/// as one that ends or breaks the identifier.
pub const EVERYWHERE: &str = " %:/?#[]@<>\"{}|\\^`";

/// The ASCII characters whose look-alikes stay percent-encoded in a host only: ".", the label
/// separator (RFC 3986 §3.2.2; UTS #46 §4 maps U+3002, U+FF0E, U+FF61 to it and NFKC U+2024). In
/// a path "." makes a dot segment only alone or doubled, which no look-alike becomes without NFKC.
pub const IN_HOST: &str = ".";

/// How a look-alike shows the character it imitates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Basis {
    /// Its canonical decomposition (NFC) is ASCII text with a delimiter (U+037E GREEK QUESTION MARK
    /// is ";"): the same character to every process that normalizes.
    Canonical,
    /// Its NFKC form is ASCII text that holds the character (U+FE6A SMALL PERCENT SIGN is "%").
    Compatibility,
    /// Its UTS #46 mapping, which browsers apply to host names, is ASCII text that holds the
    /// character (U+3002 IDEOGRAPHIC FULL STOP is ".").
    Uts46,
    /// Its UTS #39 confusables skeleton is ASCII text that holds the character (U+2215 DIVISION SLASH
    /// is "/").
    Skeleton,
    /// Its skeleton is the character's skeleton, once or more (U+066A ARABIC PERCENT SIGN and "%"
    /// are "°/₀", U+2223 DIVIDES and "|" are "l").
    SameSkeleton,
}

/// A look-alike: the ASCII text it shows, whether it matters in a host only ("." alone), and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LookAlike {
    /// The ASCII text the character shows or imitates.
    pub text: String,
    /// Whether the only character it imitates is one of [`IN_HOST`].
    pub host_only: bool,
    /// The first basis, in the order of [`Basis`], that shows a character of [`EVERYWHERE`] (or, for
    /// a host-only look-alike, of [`IN_HOST`]).
    pub basis: Basis,
}

/// The ASCII delimiters: space, every other printable US-ASCII character that is not a letter or
/// digit (the `reserved` gen-delims and sub-delims of RFC 3986 §2.2, RFC 2396's "delims" `<>#%"` and
/// "unwise" `{}|\^[]``, and "."), but the unreserved word characters "-", "_" and "~": what a mark
/// must not compose with, and what a canonical decomposition must not bring in.
pub fn is_syntax_character(b: u8) -> bool {
    b == b' ' || (b.is_ascii_graphic() && !b.is_ascii_alphanumeric() && !b"-_~".contains(&b))
}

/// Whether the General_Category of `c` is P*, S* or Z*.
fn punctuation_symbol_or_separator(c: char) -> bool {
    punctuation(c) || symbol_or_separator(c)
}

/// Whether the General_Category of `c` is P*.
fn punctuation(c: char) -> bool {
    use GeneralCategory as G;
    matches!(
        CodePointMapData::<GeneralCategory>::new().get(c),
        G::ConnectorPunctuation
            | G::DashPunctuation
            | G::OpenPunctuation
            | G::ClosePunctuation
            | G::InitialPunctuation
            | G::FinalPunctuation
            | G::OtherPunctuation
    )
}

/// Whether the General_Category of `c` is S* or Z*.
fn symbol_or_separator(c: char) -> bool {
    use GeneralCategory as G;
    matches!(
        CodePointMapData::<GeneralCategory>::new().get(c),
        G::MathSymbol
            | G::CurrencySymbol
            | G::ModifierSymbol
            | G::OtherSymbol
            | G::SpaceSeparator
            | G::LineSeparator
            | G::ParagraphSeparator
    )
}

/// The UTS #39 confusables skeleton of `s` (§4).
fn skeleton(s: &str) -> String {
    unicode_security::skeleton(s).collect()
}

/// A character of [`EVERYWHERE`] or [`IN_HOST`] with its skeleton, and whether that skeleton is also
/// the skeleton of ASCII text of one or two characters that holds none of them ("`" and "'", `"` and
/// "''", "|" and "l").
struct Imitated {
    c: char,
    skeleton: String,
    ambiguous: bool,
}

fn imitated() -> &'static [Imitated] {
    static TABLE: std::sync::OnceLock<Vec<Imitated>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let plain: Vec<char> = (0x20u8..0x7F)
            .map(char::from)
            .filter(|&a| !EVERYWHERE.contains(a) && !IN_HOST.contains(a))
            .collect();
        EVERYWHERE
            .chars()
            .chain(IN_HOST.chars())
            .map(|c| {
                let own = skeleton(&c.to_string());
                let ambiguous = plain.iter().any(|&a| {
                    skeleton(&a.to_string()) == own
                        || plain.iter().any(|&b| skeleton(&format!("{a}{b}")) == own)
                });
                Imitated {
                    c,
                    skeleton: own,
                    ambiguous,
                }
            })
            .collect()
    })
}

/// Whether the skeleton of `t` is also that of ASCII text that means nothing in an IRI, so that the
/// data does not say which of the two a character with that skeleton imitates: true of "`", `"` and
/// "|" alone.
#[cfg(test)]
fn ambiguous_skeleton(t: char) -> bool {
    imitated().iter().any(|i| i.c == t && i.ambiguous)
}

/// How many times `unit` makes `text`, if it does.
fn repeats(text: &str, unit: &str) -> Option<usize> {
    if unit.is_empty() || text.is_empty() || !text.len().is_multiple_of(unit.len()) {
        return None;
    }
    let n = text.len() / unit.len();
    (unit.repeat(n) == text).then_some(n)
}

/// The look-alike that `c` is, if it is one (see the [module docs](self)).
pub fn look_alike(c: char) -> Option<LookAlike> {
    if c.is_ascii() {
        return None;
    }
    let mut buf = [0u8; 4];
    let one = &*c.encode_utf8(&mut buf);
    let nfc: String = one.nfc().collect();
    if nfc != one && nfc.is_ascii() && nfc.bytes().any(is_syntax_character) {
        return Some(LookAlike {
            text: nfc,
            host_only: false,
            basis: Basis::Canonical,
        });
    }
    if !punctuation_symbol_or_separator(c) {
        return None;
    }
    let nfkc: String = one.nfkc().collect();
    // The character between two letters, so that a label separator is seen as one.
    let (mapped, result) = idna::domain_to_unicode(&format!("a{c}b"));
    let uts46 = mapped
        .strip_prefix('a')
        .and_then(|m| m.strip_suffix('b'))
        .filter(|_| result.is_ok())
        .map(str::to_string);
    let own = skeleton(one);
    let texts = [
        (Basis::Compatibility, Some(nfkc)),
        (Basis::Uts46, uts46),
        (Basis::Skeleton, Some(own.clone())),
    ];
    let symbol = symbol_or_separator(c);
    let find = |set: &str| -> Option<(Basis, String)> {
        for (basis, text) in &texts {
            if let Some(text) = text.as_ref().filter(|t| t.is_ascii()) {
                if text.chars().any(|x| set.contains(x)) {
                    return Some((*basis, text.clone()));
                }
            }
        }
        imitated()
            .iter()
            .filter(|i| set.contains(i.c) && (symbol || !i.ambiguous))
            .find_map(|i| {
                repeats(&own, &i.skeleton).map(|n| (Basis::SameSkeleton, i.c.to_string().repeat(n)))
            })
    };
    if let Some((basis, text)) = find(EVERYWHERE) {
        return Some(LookAlike {
            text,
            host_only: false,
            basis,
        });
    }
    find(IN_HOST).map(|(basis, text)| LookAlike {
        text,
        host_only: true,
        basis,
    })
}

/// Whether `c` composes with an ASCII character of [`is_syntax_character`] under NFC.
pub fn composes_with_delimiter(c: char) -> bool {
    !c.is_ascii()
        && (0x20..0x7F)
            .filter(|&b| is_syntax_character(b))
            .any(|b| unicode_normalization::char::compose(char::from(b), c).is_some())
}

/// The text of `src/characters/derived.rs`, headed by `command`.
pub fn module(command: &str) -> String {
    let mut look_alikes = Vec::new();
    let mut host_look_alikes = Vec::new();
    let mut marks = Vec::new();
    for c in (0x80..=0x10FFFFu32).filter_map(char::from_u32) {
        if let Some(l) = look_alike(c) {
            if l.host_only {
                host_look_alikes.push((c, l.text));
            } else {
                look_alikes.push((c, l.text));
            }
        }
        if composes_with_delimiter(c) {
            marks.push(c);
        }
    }
    let mut s = format!(
        "//! Characters derived from Unicode data for `characters::not_appropriate` (3987bis §4.1 b, §9;\n\
         //! RFC 3986 §2.2), by `xtask/src/derived_characters.rs`. Generated by `{command}`; do not edit.\n\n"
    );
    let table = |s: &mut String, doc: &str, name: &str, list: &[(char, String)]| {
        s.push_str(&format!(
            "{doc}\n\
             /// ({} characters), each with the ASCII text it looks like, in code point order.\n\
             pub(super) const {name}: [(char, &str); {}] = [\n",
            list.len(),
            list.len()
        ));
        for (c, text) in list {
            s.push_str(&format!("    ('\\u{{{:04X}}}', {text:?}),\n", *c as u32));
        }
        s.push_str("];\n\n");
    };
    table(
        &mut s,
        "/// The look-alikes of space and of the delimiters that mean something in every component",
        "LOOK_ALIKES",
        &look_alikes,
    );
    table(
        &mut s,
        "/// The look-alikes of \".\" alone, which mean something in a host only",
        "HOST_LOOK_ALIKES",
        &host_look_alikes,
    );
    let count = match marks.len() {
        1 => "1 character".to_string(),
        n => format!("{n} characters"),
    };
    s.push_str(&format!(
        "/// The characters that compose with an ASCII delimiter under NFC ({count}).\n"
    ));
    let items: Vec<String> = marks
        .iter()
        .map(|c| format!("'\\u{{{:04X}}}'", *c as u32))
        .collect();
    // As `rustfmt` writes it: on one line when it fits in 100 columns.
    let one_line = format!(
        "pub(super) const DELIMITER_MARKS: [char; {}] = [{}];\n",
        marks.len(),
        items.join(", ")
    );
    if one_line.len() <= 101 {
        s.push_str(&one_line);
    } else {
        s.push_str(&format!(
            "pub(super) const DELIMITER_MARKS: [char; {}] = [\n",
            marks.len()
        ));
        for item in &items {
            s.push_str(&format!("    {item},\n"));
        }
        s.push_str("];\n");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The classes of look-alikes and their sizes (interpretation note 15 (f)), counted from the
    /// data: a change of the data or of the rules shows here.
    #[test]
    fn look_alike_classes_and_counts() {
        use std::collections::BTreeMap;
        let mut counts: BTreeMap<(bool, Basis), usize> = BTreeMap::new();
        // The punctuation whose skeleton is that of "`", `"` or "|" (alone or repeated) and that is
        // not taken: the apostrophes, quotation marks, primes and dandas of running text.
        let mut running_text = Vec::new();
        for c in (0x80..=0x10FFFFu32).filter_map(char::from_u32) {
            if let Some(l) = look_alike(c) {
                *counts.entry((l.host_only, l.basis)).or_default() += 1;
                continue;
            }
            if !punctuation_symbol_or_separator(c) {
                continue;
            }
            let own = skeleton(&c.to_string());
            if imitated()
                .iter()
                .any(|i| i.ambiguous && repeats(&own, &i.skeleton).is_some())
            {
                assert!(!symbol_or_separator(c), "U+{:04X}", c as u32);
                running_text.push(c);
            }
        }
        let ambiguous: String = EVERYWHERE
            .chars()
            .chain(IN_HOST.chars())
            .filter(|&t| ambiguous_skeleton(t))
            .collect();
        assert_eq!(ambiguous, "\"|`");
        let got: Vec<(bool, Basis, usize)> =
            counts.into_iter().map(|((h, b), n)| (h, b, n)).collect();
        assert_eq!(
            got,
            [
                (false, Basis::Canonical, 2),
                (false, Basis::Compatibility, 56),
                (false, Basis::Skeleton, 74),
                (false, Basis::SameSkeleton, 21),
                (true, Basis::Compatibility, 9),
                (true, Basis::Uts46, 2),
                (true, Basis::Skeleton, 5),
            ]
        );
        for c in [
            '\u{2019}', '\u{05F4}', '\u{0964}', '\u{0965}', '\u{201C}', '\u{2032}',
        ] {
            assert!(running_text.contains(&c), "U+{:04X}", c as u32);
        }
        let list: Vec<String> = running_text
            .iter()
            .map(|&c| format!("U+{:04X}", c as u32))
            .collect();
        assert_eq!(running_text.len(), 49, "{}", list.join(" "));
    }
}
