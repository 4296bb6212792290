//! Characters (RFC 3986 §2, 3987bis §2.2 and §5.1): the character classes of the grammars as
//! predicates on one character, and percent-encoding of octets (RFC 3986 §2.1). Shared by the
//! conversions and normalization.
//!
//! Each predicate is the ABNF rule of the same name (RFC 3986 Appendix A, 3987bis §2.2 and §5.1); the
//! tests check them against the pest grammars for every Unicode scalar value.

mod derived;
mod rfc3454;

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

/// The bidirectional formatting characters that an IRI must not contain (RFC 3987 §4.1; 3987bis
/// §3.7.1 example 3: "The direct use of this character is forbidden in an IRI"; §5.1: "the
/// restriction on bidirectional formatting characters in \[Bidi\]").
///
/// The seven that RFC 3987 §4.1 and draft-duerst-iri-01 §4.2 name (U+200E LEFT-TO-RIGHT MARK, U+200F
/// RIGHT-TO-LEFT MARK, U+202A LEFT-TO-RIGHT EMBEDDING, U+202B RIGHT-TO-LEFT EMBEDDING, U+202C POP
/// DIRECTIONAL FORMATTING, U+202D LEFT-TO-RIGHT OVERRIDE, U+202E RIGHT-TO-LEFT OVERRIDE), and the
/// explicit formatting characters that Unicode added later with the same effect (UAX #9 §2): U+061C
/// ARABIC LETTER MARK and the isolates U+2066 LEFT-TO-RIGHT ISOLATE, U+2067 RIGHT-TO-LEFT ISOLATE,
/// U+2068 FIRST STRONG ISOLATE and U+2069 POP DIRECTIONAL ISOLATE (interpretation note 15).
pub const BIDI_FORMATTING: [char; 12] = [
    '\u{061C}', '\u{200E}', '\u{200F}', '\u{202A}', '\u{202B}', '\u{202C}', '\u{202D}', '\u{202E}',
    '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}',
];

/// Whether `c` is one of [`BIDI_FORMATTING`].
pub fn is_bidi_formatting(c: char) -> bool {
    matches!(
        c,
        '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
    )
}

/// The component of an IRI where a character stands, as far as [`not_appropriate`] depends on it
/// (3987bis §2.2, §4.1 b): the query allows `iprivate`, and a host separates labels with "." and its
/// look-alikes (UTS #46 §4 maps U+3002 IDEOGRAPHIC FULL STOP to "."). The scheme and the port hold
/// US-ASCII only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Place {
    /// `iuserinfo`.
    Userinfo,
    /// `ihost` (a `ireg-name`; IP literals hold US-ASCII only).
    Host,
    /// `ipath`.
    Path,
    /// `iquery`.
    Query,
    /// `ifragment`.
    Fragment,
}

impl Place {
    /// Every place, in the order of the components.
    pub const ALL: [Place; 5] = [
        Place::Userinfo,
        Place::Host,
        Place::Path,
        Place::Query,
        Place::Fragment,
    ];

    /// The name of the component ("userinfo", "host", "path", "query", "fragment").
    pub fn name(self) -> &'static str {
        match self {
            Place::Userinfo => "userinfo",
            Place::Host => "host",
            Place::Path => "path",
            Place::Query => "query",
            Place::Fragment => "fragment",
        }
    }

    /// The place of the component of that [name](Place::name), if it is one of them.
    pub fn from_name(name: &str) -> Option<Place> {
        Place::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// Why a character outside US-ASCII is not appropriate in an IRI: the source of each part of
/// [`not_appropriate`], in the order it checks them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum NotAppropriate {
    /// A bidi formatting character ([`BIDI_FORMATTING`]; RFC 3987 §4.1, 3987bis §3.7.1 example 3).
    BidiFormatting,
    /// RFC 3454 Table C.1.2, non-ASCII space characters (prohibited by Nameprep, RFC 3491 §5).
    NonAsciiSpace,
    /// RFC 3454 Table C.2.2, non-ASCII control characters, but U+200C ZERO WIDTH NON-JOINER and
    /// U+200D ZERO WIDTH JOINER, which IDNA2008 allows in context (RFC 5892 Appendix A.1, A.2).
    NonAsciiControl,
    /// RFC 3454 Table C.3, private use, outside the query (3987bis §2.2 `iprivate` is allowed in
    /// `iquery`).
    PrivateUse,
    /// RFC 3454 Table C.4, noncharacter code points.
    Noncharacter,
    /// RFC 3454 Table C.5, surrogate codes: no `char` is one; their UTF-8-style octets are never
    /// strictly legal UTF-8, so URI-to-IRI step 3 re-encodes them (3987bis §3.7, RFC 3629 §3). Given
    /// only by [`not_appropriate_code_point`].
    Surrogate,
    /// RFC 3454 Table C.6, inappropriate for plain text.
    PlainText,
    /// RFC 3454 Table C.7, inappropriate for canonical representation.
    CanonicalRepresentation,
    /// RFC 3454 Table C.8, change display properties or are deprecated.
    DisplayProperties,
    /// RFC 3454 Table C.9, tagging characters.
    Tagging,
    /// The Halfwidth and Fullwidth Forms U+FF01–U+FFEF: 3987bis §4.1 b names "the full-width
    /// equivalents of Latin characters, half-width Katakana characters for Japanese" among the
    /// look-alikes to avoid.
    HalfwidthFullwidth,
    /// Not allowed by the `iri` grammar in the component (3987bis §2.2): not a `ucschar`, and outside
    /// the query not an `iprivate` either (the C1 controls, noncharacters, specials, tags, …).
    NotUcschar,
    /// An invisible character ([`is_invisible`]: Default_Ignorable_Code_Point or General_Category Cf,
    /// UAX #44 §5.3, Unicode §5.21) that the tables of RFC 3454 (Unicode 3.2) do not list: U+00AD SOFT
    /// HYPHEN, U+034F COMBINING GRAPHEME JOINER, U+2064 INVISIBLE PLUS, U+0600 ARABIC NUMBER SIGN,
    /// U+13430 EGYPTIAN HIEROGLYPH VERTICAL JOINER, the Hangul fillers, …; 3987bis §4.1 b and §9
    /// (UTR #36 §2). Not the joiners and variation selectors that text needs
    /// ([`is_kept_invisible`]).
    FormatCharacter,
    /// A look-alike of space or of a delimiter that means something where it stands ([`look_alike_of`]:
    /// punctuation, symbols and separators whose NFKC form, UTS #46 mapping or UTS #39 skeleton shows
    /// space, "%", a gen-delim or one of RFC 2396's "delims" and "unwise", or "." in a host; and the
    /// characters whose canonical decomposition is an ASCII delimiter): 3987bis §4.1 b names
    /// "look-alikes of "space", "delims", and "unwise"".
    LookAlike,
    /// A character that composes with an ASCII delimiter under NFC ([`composes_with_delimiter`]:
    /// U+0338 COMBINING LONG SOLIDUS OVERLAY after "=" is "≠"): as a character it would let NFC
    /// (RFC 3987 §5.3.2.2) move where a component or a key-value pair ends (RFC 3986 §2.2).
    ComposesWithDelimiter,
}

impl NotAppropriate {
    /// Every reason, in the order [`not_appropriate`] checks them.
    pub const ALL: [NotAppropriate; 15] = [
        NotAppropriate::BidiFormatting,
        NotAppropriate::NonAsciiSpace,
        NotAppropriate::NonAsciiControl,
        NotAppropriate::PrivateUse,
        NotAppropriate::Noncharacter,
        NotAppropriate::Surrogate,
        NotAppropriate::PlainText,
        NotAppropriate::CanonicalRepresentation,
        NotAppropriate::DisplayProperties,
        NotAppropriate::Tagging,
        NotAppropriate::HalfwidthFullwidth,
        NotAppropriate::NotUcschar,
        NotAppropriate::FormatCharacter,
        NotAppropriate::LookAlike,
        NotAppropriate::ComposesWithDelimiter,
    ];

    /// The section or table the reason comes from.
    pub fn source(self) -> &'static str {
        match self {
            NotAppropriate::BidiFormatting => "RFC 3987 §4.1; 3987bis §3.7.1; UAX #9 §2",
            NotAppropriate::NonAsciiSpace => "RFC 3454 Table C.1.2 via RFC 3491 §5",
            NotAppropriate::NonAsciiControl => "RFC 3454 Table C.2.2 via RFC 3491 §5",
            NotAppropriate::PrivateUse => {
                "RFC 3454 Table C.3 via RFC 3491 §5; 3987bis §2.2 iprivate"
            }
            NotAppropriate::Noncharacter => "RFC 3454 Table C.4 via RFC 3491 §5",
            NotAppropriate::Surrogate => "RFC 3454 Table C.5 via RFC 3491 §5",
            NotAppropriate::PlainText => "RFC 3454 Table C.6 via RFC 3491 §5",
            NotAppropriate::CanonicalRepresentation => "RFC 3454 Table C.7 via RFC 3491 §5",
            NotAppropriate::DisplayProperties => "RFC 3454 Table C.8 via RFC 3491 §5",
            NotAppropriate::Tagging => "RFC 3454 Table C.9 via RFC 3491 §5",
            NotAppropriate::HalfwidthFullwidth => "3987bis §4.1 b",
            NotAppropriate::NotUcschar => "3987bis §2.2 (ucschar, iprivate)",
            NotAppropriate::FormatCharacter => {
                "3987bis §4.1 b, §9; Default_Ignorable_Code_Point, General_Category Cf"
            }
            NotAppropriate::LookAlike => "3987bis §4.1 b; UTS #39 §4, NFKC, UTS #46",
            NotAppropriate::ComposesWithDelimiter => "RFC 3986 §2.2; RFC 3987 §5.3.2.2",
        }
    }

    /// What the characters of the reason are, in a few words.
    pub fn description(self) -> &'static str {
        match self {
            NotAppropriate::BidiFormatting => "bidirectional formatting character",
            NotAppropriate::NonAsciiSpace => "non-ASCII space character",
            NotAppropriate::NonAsciiControl => "non-ASCII control character",
            NotAppropriate::PrivateUse => "private-use character outside the query",
            NotAppropriate::Noncharacter => "noncharacter",
            NotAppropriate::Surrogate => "surrogate code",
            NotAppropriate::PlainText => "character inappropriate for plain text",
            NotAppropriate::CanonicalRepresentation => {
                "character inappropriate for canonical representation"
            }
            NotAppropriate::DisplayProperties => {
                "character that changes display properties or is deprecated"
            }
            NotAppropriate::Tagging => "tagging character",
            NotAppropriate::HalfwidthFullwidth => "half-width or full-width form",
            NotAppropriate::NotUcschar => "character outside ucschar",
            NotAppropriate::FormatCharacter => "default-ignorable or format character",
            NotAppropriate::LookAlike => "look-alike of a delimiter or of space",
            NotAppropriate::ComposesWithDelimiter => "mark that composes with a delimiter",
        }
    }
}

/// Why the character `c` outside US-ASCII is not appropriate in an IRI, or `None` when it is: the
/// characters that URI-to-IRI conversion keeps percent-encoded (3987bis §3.7 step 4: "characters that
/// are not appropriate according to Section 2.2 and Section 4.1"), that no normalization level decodes
/// (and that each level from `percent` up percent-encodes where the input holds them as characters),
/// and that `lint` never suggests decoding. `place`: the component the character is in; the query
/// allows `iprivate` (§2.2), and a host keeps the look-alikes of "." too ([`look_alike_of`]).
///
/// The set, in the order of [`NotAppropriate::ALL`] (interpretation note 15):
/// - the bidi formatting characters of [`BIDI_FORMATTING`] (RFC 3987 §4.1, 3987bis §3.7.1);
/// - the tables of RFC 3454 Appendix C that Nameprep prohibits (RFC 3491 §5; 3987bis §4.1 b names
///   "characters excluded in \[RFC3491\]"), as the RFC lists them: C.1.2, C.2.2 but U+200C and
///   U+200D (RFC 5892 Appendix A.1, A.2), C.3 outside the query, C.4, C.5, C.6, C.7, C.8 and C.9;
/// - the Halfwidth and Fullwidth Forms U+FF01–U+FFEF (3987bis §4.1 b);
/// - what §2.2 leaves out of `ucschar` (and, outside the query, of `iprivate`);
/// - the invisible characters of the Unicode version the crate ships ([`is_invisible`]), but the
///   joiners and variation selectors that text needs ([`is_kept_invisible`]; 3987bis §4.1 b, §9);
/// - the look-alikes of space and of the delimiters that mean something where they stand
///   ([`look_alike_of`]; §4.1 b): space, "%", the gen-delims, RFC 2396's "delims" and "unwise"
///   everywhere, "." in a host;
/// - the marks that compose with a delimiter ([`composes_with_delimiter`]; RFC 3986 §2.2).
///
/// US-ASCII characters are not the business of this predicate (`None`): step 2 of §3.7 decides for
/// them (unreserved characters are decoded, the others stay encoded).
///
/// ```
/// use iri_abnf::characters::{not_appropriate, NotAppropriate, Place};
///
/// let path = |c| not_appropriate(c, Place::Path);
/// assert_eq!(path('\u{202E}'), Some(NotAppropriate::BidiFormatting));
/// assert_eq!(path('\u{200B}'), Some(NotAppropriate::NonAsciiSpace));
/// assert_eq!(path('\u{FF21}'), Some(NotAppropriate::HalfwidthFullwidth));
/// assert_eq!(path('\u{E000}'), Some(NotAppropriate::PrivateUse));
/// assert_eq!(not_appropriate('\u{E000}', Place::Query), None);
/// assert_eq!(path('\u{2064}'), Some(NotAppropriate::FormatCharacter));
/// assert_eq!(path('\u{2215}'), Some(NotAppropriate::LookAlike)); // DIVISION SLASH
/// assert_eq!(path('\u{066A}'), Some(NotAppropriate::LookAlike)); // ARABIC PERCENT SIGN
/// assert_eq!(path('\u{3002}'), None); // IDEOGRAPHIC FULL STOP ends a sentence
/// assert_eq!(not_appropriate('\u{3002}', Place::Host), Some(NotAppropriate::LookAlike));
/// assert_eq!(path('\u{2019}'), None); // RIGHT SINGLE QUOTATION MARK
/// assert_eq!(path('\u{338}'), Some(NotAppropriate::ComposesWithDelimiter));
/// assert_eq!(path('\u{200C}'), None);
/// assert_eq!(path('\u{FE0F}'), None);
/// assert_eq!(path('\u{E9}'), None);
/// ```
pub fn not_appropriate(c: char, place: Place) -> Option<NotAppropriate> {
    let in_query = place == Place::Query;
    use rfc3454 as tables;
    if c.is_ascii() {
        return None;
    }
    // Latin-1 and the Latin Extended blocks are letters (U+00C0–U+024F but the two signs U+00D7 and
    // U+00F7), where nothing is not appropriate; checked by `not_appropriate_every_code_point`.
    if matches!(c, '\u{C0}'..='\u{D6}' | '\u{D8}'..='\u{F6}' | '\u{F8}'..='\u{24F}') {
        return None;
    }
    let reason = if is_bidi_formatting(c) {
        NotAppropriate::BidiFormatting
    } else if tables::non_ascii_space(c) {
        NotAppropriate::NonAsciiSpace
    } else if tables::non_ascii_control(c) && !matches!(c, '\u{200C}' | '\u{200D}') {
        NotAppropriate::NonAsciiControl
    } else if tables::private_use(c) && !in_query {
        NotAppropriate::PrivateUse
    } else if tables::non_character(c) {
        NotAppropriate::Noncharacter
    } else if tables::inappropriate_for_plain_text(c) {
        NotAppropriate::PlainText
    } else if tables::inappropriate_for_canonical_representation(c) {
        NotAppropriate::CanonicalRepresentation
    } else if tables::change_display_properties_or_deprecated(c) {
        NotAppropriate::DisplayProperties
    } else if tables::tagging(c) {
        NotAppropriate::Tagging
    } else if ('\u{FF01}'..='\u{FFEF}').contains(&c) {
        NotAppropriate::HalfwidthFullwidth
    } else if !(is_ucschar(c) || in_query && is_iprivate(c)) {
        NotAppropriate::NotUcschar
    } else if is_invisible(c) && !is_kept_invisible(c) {
        NotAppropriate::FormatCharacter
    } else if look_alike_of(c, place).is_some() {
        NotAppropriate::LookAlike
    } else if composes_with_delimiter(c) {
        NotAppropriate::ComposesWithDelimiter
    } else {
        return None;
    };
    Some(reason)
}

/// The invisible characters of the Unicode version the crate ships (that of `icu_properties`, which
/// `idna` uses too): Default_Ignorable_Code_Point (UAX #44 §5.3: "should be ignored in rendering")
/// or General_Category Cf (format characters, Unicode §23.2, some of which are visible, such as
/// U+0600 ARABIC NUMBER SIGN, and change the rendering of their neighbours). 3987bis §4.1 b and §9
/// (UTR #36 §2, "invisible characters") put them among the characters to avoid.
pub fn is_invisible(c: char) -> bool {
    use icu_properties::props::{DefaultIgnorableCodePoint, GeneralCategory};
    use icu_properties::{CodePointMapData, CodePointSetData};
    CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)
        || CodePointMapData::<GeneralCategory>::new().get(c) == GeneralCategory::Format
}

/// The invisible characters ([`is_invisible`]) that text needs and that [`not_appropriate`] does not
/// hold: U+200C ZERO WIDTH NON-JOINER and U+200D ZERO WIDTH JOINER (Persian, Indic scripts and emoji
/// ZWJ sequences; IDNA2008 allows them in context, RFC 5892 Appendix A.1, A.2), and the variation
/// selectors of `ucschar` (property Variation_Selector: U+180B–U+180D and U+180F MONGOLIAN FREE
/// VARIATION SELECTORs, U+FE00–U+FE0F VARIATION SELECTOR-1 to -16), which standardized and emoji
/// variation sequences need (U+2764 U+FE0F is the red heart emoji). The supplementary selectors
/// U+E0100–U+E01EF are outside `ucschar` (§2.2).
pub fn is_kept_invisible(c: char) -> bool {
    use icu_properties::props::VariationSelector;
    use icu_properties::CodePointSetData;
    matches!(c, '\u{200C}' | '\u{200D}')
        || is_ucschar(c) && CodePointSetData::new::<VariationSelector>().contains(c)
}

/// The ASCII text that `c` looks like when `c`, in `place`, is a look-alike of space or of a
/// delimiter that means something there (3987bis §4.1 b "look-alikes of "space", "delims", and
/// "unwise""; interpretation note 15 (f)). The delimiters: space, "%", the gen-delims of RFC 3986
/// §2.2 and RFC 2396 §2.4.3's "delims" and "unwise" (`:/?#[]@<>"{}|\^``) everywhere, and "." in a
/// host, where UTS #46 maps U+3002, U+FF0E, U+FF61 and U+2024 to the label separator. A look-alike
/// is a character outside US-ASCII of General_Category P*, S* or Z* whose NFKC form, UTS #46 mapping
/// or UTS #39 confusables skeleton (§4) is ASCII text holding such a delimiter, or whose skeleton is
/// that of the delimiter (U+066A ARABIC PERCENT SIGN, U+2052 COMMERCIAL MINUS SIGN and "%"; U+2223
/// DIVIDES, U+2502 BOX DRAWINGS LIGHT VERTICAL and "|"); where that skeleton is also one of ASCII
/// text that means nothing ("`" and "'", `"` and "''", "|" and "l"), only symbols and separators
/// count, and the punctuation of running text (U+2019 RIGHT SINGLE QUOTATION MARK, U+05F4 HEBREW
/// PUNCTUATION GERSHAYIM, U+0964 DEVANAGARI DANDA) is not taken. So are the characters whose
/// canonical decomposition is an ASCII delimiter of any kind (U+037E GREEK QUESTION MARK is ";").
/// Look-alikes of the sub-delims, of "-", "_" and "~" and, outside a host, of "." are not taken:
/// they delimit nothing in every IRI, and they are the typographic and script punctuation of text
/// (U+2026 HORIZONTAL ELLIPSIS, U+30A0 KATAKANA-HIRAGANA DOUBLE HYPHEN). From tables that
/// `cargo xtask generate` derives from the data of `unicode-security`, `unicode-normalization`,
/// `icu_properties` and `idna` (checked by `cargo xtask generate --check`). Letters that the data
/// maps to delimiters (U+01C3 LATIN LETTER RETROFLEX CLICK looks like "!") are not in it: they belong
/// to the words of their script.
///
/// ```
/// use iri_abnf::characters::{look_alike_of, Place};
///
/// assert_eq!(look_alike_of('\u{2215}', Place::Path), Some("/")); // DIVISION SLASH
/// assert_eq!(look_alike_of('\u{066A}', Place::Path), Some("%")); // ARABIC PERCENT SIGN
/// assert_eq!(look_alike_of('\u{2223}', Place::Query), Some("|")); // DIVIDES
/// assert_eq!(look_alike_of('\u{FE6A}', Place::Path), Some("%")); // SMALL PERCENT SIGN (NFKC)
/// assert_eq!(look_alike_of('\u{2800}', Place::Path), Some(" ")); // BRAILLE PATTERN BLANK
/// assert_eq!(look_alike_of('\u{3002}', Place::Host), Some(".")); // IDEOGRAPHIC FULL STOP
/// assert_eq!(look_alike_of('\u{3002}', Place::Path), None);
/// assert_eq!(look_alike_of('\u{2019}', Place::Path), None); // RIGHT SINGLE QUOTATION MARK
/// assert_eq!(look_alike_of('\u{1C3}', Place::Path), None); // a letter
/// ```
pub fn look_alike_of(c: char, place: Place) -> Option<&'static str> {
    let find = |table: &'static [(char, &'static str)]| {
        table
            .binary_search_by(|&(x, _)| x.cmp(&c))
            .ok()
            .map(|i| table[i].1)
    };
    find(&derived::LOOK_ALIKES).or_else(|| {
        if place == Place::Host {
            find(&derived::HOST_LOOK_ALIKES)
        } else {
            None
        }
    })
}

/// Whether `c` composes under NFC with an ASCII delimiter (a printable US-ASCII character other than
/// a letter, a digit, "-", "_" and "~"; Unicode §3.11 primary composites): U+0338 COMBINING LONG
/// SOLIDUS OVERLAY, which makes "=", "<" and ">" into U+2260, U+226E and U+226F. From the table that
/// `cargo xtask generate` derives from `unicode-normalization`.
pub fn composes_with_delimiter(c: char) -> bool {
    derived::DELIMITER_MARKS.contains(&c)
}

/// [`not_appropriate`] for any code point, surrogates included ([`NotAppropriate::Surrogate`]); `None`
/// also for a value above U+10FFFF.
pub fn not_appropriate_code_point(code_point: u32, place: Place) -> Option<NotAppropriate> {
    match char::from_u32(code_point) {
        Some(c) => not_appropriate(c, place),
        None if (0xD800..=0xDFFF).contains(&code_point) => Some(NotAppropriate::Surrogate),
        None => None,
    }
}

/// Whether URI-to-IRI conversion (3987bis §3.7 step 4) would hold `c`, decoded from octets, as a
/// character: outside US-ASCII and not [`not_appropriate`] in `place`.
pub fn decodes_to_iri(c: char, place: Place) -> bool {
    !c.is_ascii() && not_appropriate(c, place).is_none()
}

/// The characters outside US-ASCII with the Unicode property White_Space: U+0085, U+00A0, U+1680,
/// U+2000–U+200A, U+2028, U+2029, U+202F, U+205F and U+3000. 3987bis §4.1 b names "look-alikes of
/// "space"" among the characters to avoid. [`not_appropriate`] holds every one of them (RFC 3454
/// Tables C.1.2 and C.2.2).
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

    /// One Unicode version for all the Unicode data of the crate: the version constants of the
    /// unicode-rs crates (UTS #39 and its scripts, and the normalization forms they use) agree, and
    /// the ICU4X data (properties, normalization, and the UTS #46 mapping of `idna`, which comes from
    /// `icu_normalizer`) is of that version too. ICU4X has no version constant: its data is of the
    /// same version when it assigns the code points that `unicode-script` gives a script (UAX #24:
    /// `Unknown` is the script of exactly the unassigned, private-use and surrogate code points) and
    /// decomposes every code point as `unicode-normalization` does. RFC 3454's tables are of Unicode
    /// 3.2 by definition and fixed (`rfc3454`).
    #[test]
    fn unicode_versions_agree() {
        use icu_properties::props::GeneralCategory as Gc;
        use icu_properties::CodePointMapData;
        use unicode_normalization::UnicodeNormalization;
        use unicode_script::UnicodeScript;
        let (a, b, c) = unicode_normalization::UNICODE_VERSION;
        let version = (u64::from(a), u64::from(b), u64::from(c));
        assert_eq!(
            unicode_security::UNICODE_VERSION,
            version,
            "unicode-security"
        );
        assert_eq!(unicode_script::UNICODE_VERSION, version, "unicode-script");
        let nfd = icu_normalizer::DecomposingNormalizerBorrowed::new_nfd();
        let nfkd = icu_normalizer::DecomposingNormalizerBorrowed::new_nfkd();
        let gc = CodePointMapData::<Gc>::new();
        let mut assigned = 0;
        for ch in (0..=0x10FFFF).filter_map(char::from_u32) {
            let icu_assigned = !matches!(gc.get(ch), Gc::Unassigned | Gc::PrivateUse);
            let has_script = ch.script() != unicode_script::Script::Unknown;
            assert_eq!(icu_assigned, has_script, "U+{:04X}", ch as u32);
            assigned += usize::from(icu_assigned);
            let text = ch.encode_utf8(&mut [0; 4]).to_string();
            assert_eq!(
                nfd.normalize(&text),
                text.nfd().collect::<String>(),
                "NFD U+{:04X}",
                ch as u32
            );
            assert_eq!(
                nfkd.normalize(&text),
                text.nfkd().collect::<String>(),
                "NFKD U+{:04X}",
                ch as u32
            );
        }
        // Unicode 16.0 has 154,998 characters (neither private use nor surrogates); the data is newer.
        assert!(assigned > 154_998, "{assigned} assigned code points");
    }

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

    /// One example of each reason, and the exceptions the issue of each names.
    #[test]
    fn not_appropriate_reasons() {
        use NotAppropriate::*;
        let cases = [
            ('\u{061C}', Some(BidiFormatting)),
            ('\u{200E}', Some(BidiFormatting)),
            ('\u{202E}', Some(BidiFormatting)),
            ('\u{2066}', Some(BidiFormatting)),
            ('\u{2069}', Some(BidiFormatting)),
            ('\u{A0}', Some(NonAsciiSpace)),
            ('\u{200B}', Some(NonAsciiSpace)),
            ('\u{3000}', Some(NonAsciiSpace)),
            ('\u{85}', Some(NonAsciiControl)),
            ('\u{2028}', Some(NonAsciiControl)),
            ('\u{FEFF}', Some(NonAsciiControl)),
            ('\u{06DD}', Some(NonAsciiControl)),
            ('\u{200C}', None),
            ('\u{200D}', None),
            ('\u{E000}', Some(PrivateUse)),
            ('\u{10FFFD}', Some(PrivateUse)),
            ('\u{FDD0}', Some(Noncharacter)),
            ('\u{1FFFF}', Some(Noncharacter)),
            ('\u{FFFD}', Some(PlainText)),
            ('\u{2FF0}', Some(CanonicalRepresentation)),
            ('\u{0340}', Some(DisplayProperties)),
            ('\u{206A}', Some(NonAsciiControl)), // also C.8: the first table wins
            ('\u{341}', Some(DisplayProperties)),
            ('\u{E0001}', Some(Tagging)),
            ('\u{E0041}', Some(Tagging)),
            ('\u{FF21}', Some(HalfwidthFullwidth)),
            ('\u{FF76}', Some(HalfwidthFullwidth)),
            ('\u{FFEF}', Some(HalfwidthFullwidth)),
            ('\u{FF00}', None),
            ('\u{FFF0}', Some(NotUcschar)),
            ('\u{E0100}', Some(NotUcschar)),
            // Invisible characters newer than RFC 3454 (Unicode 3.2), and the ones it did not list.
            ('\u{AD}', Some(FormatCharacter)),
            ('\u{34F}', Some(FormatCharacter)),
            ('\u{2064}', Some(FormatCharacter)),
            ('\u{0600}', Some(FormatCharacter)),
            ('\u{08E2}', Some(FormatCharacter)),
            ('\u{110BD}', Some(FormatCharacter)),
            ('\u{13430}', Some(FormatCharacter)),
            ('\u{1BCA0}', Some(FormatCharacter)),
            ('\u{115F}', Some(FormatCharacter)),
            ('\u{3164}', Some(FormatCharacter)),
            ('\u{180B}', None),
            ('\u{FE00}', None),
            ('\u{FE0F}', None),
            // Look-alikes of delimiters and of space (3987bis §4.1 b).
            ('\u{2215}', Some(LookAlike)),
            ('\u{2044}', Some(LookAlike)),
            ('\u{066A}', Some(LookAlike)),
            ('\u{2052}', Some(LookAlike)),
            ('\u{2223}', Some(LookAlike)),
            ('\u{2502}', Some(LookAlike)),
            // "." means something in a host only.
            ('\u{3002}', None),
            ('\u{FE52}', None),
            ('\u{2024}', None),
            ('\u{FE5F}', Some(LookAlike)),
            ('\u{FE6A}', Some(LookAlike)),
            ('\u{2039}', Some(LookAlike)),
            ('\u{FE56}', Some(LookAlike)),
            ('\u{0589}', Some(LookAlike)),
            ('\u{2236}', Some(LookAlike)),
            ('\u{2800}', Some(LookAlike)),
            ('\u{037E}', Some(LookAlike)),
            // Letters that the data maps to delimiters stay (U+30CE KATAKANA LETTER NO, U+01C3).
            ('\u{30CE}', None),
            ('\u{1C3}', None),
            ('\u{2013}', None), // EN DASH looks like "-", a word character
            // Typographic and script punctuation of running text (interpretation note 15 (f)).
            ('\u{2019}', None),
            ('\u{2026}', None),
            ('\u{30A0}', None),
            ('\u{05F4}', None),
            ('\u{0964}', None),
            ('\u{0965}', None),
            ('\u{338}', Some(ComposesWithDelimiter)),
            ('\u{E9}', None),
            ('\u{5D0}', None),
            ('\u{1F600}', None),
            ('a', None),
            (' ', None),
        ];
        for (c, want) in cases {
            for place in [Place::Userinfo, Place::Path, Place::Fragment] {
                assert_eq!(not_appropriate(c, place), want, "U+{:04X}", c as u32);
            }
        }
        // In the query, private use and the rest of iprivate are appropriate; tags (C.9) are not.
        assert_eq!(not_appropriate('\u{E000}', Place::Query), None);
        // U+E0100 VARIATION SELECTOR-17 is `iprivate` there but invisible.
        assert_eq!(
            not_appropriate('\u{E0100}', Place::Query),
            Some(FormatCharacter)
        );
        assert_eq!(not_appropriate('\u{E0041}', Place::Query), Some(Tagging));
        assert_eq!(
            not_appropriate_code_point(0xD800, Place::Path),
            Some(Surrogate)
        );
        assert_eq!(not_appropriate_code_point(0x110000, Place::Path), None);
        // The look-alikes of "." in a host only (UTS #46 label separators, NFKC).
        for c in ['\u{3002}', '\u{FE52}', '\u{2024}', '\u{2026}'] {
            assert_eq!(
                not_appropriate(c, Place::Host),
                Some(LookAlike),
                "U+{:04X}",
                c as u32
            );
        }
    }

    /// The predicate over every code point: what it says of the grammar (§2.2) and of the sets it is
    /// made of, and that the shortcut below U+0340 agrees with the full check.
    #[test]
    fn not_appropriate_every_code_point() {
        let mut flagged = 0;
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            for in_query in [false, true] {
                let place = if in_query { Place::Query } else { Place::Path };
                let r = not_appropriate(c, place);
                if c.is_ascii() {
                    assert_eq!(r, None);
                    continue;
                }
                let grammar = is_ucschar(c) || in_query && is_iprivate(c);
                if !grammar {
                    assert!(r.is_some(), "U+{:04X}", c as u32);
                }
                if is_bidi_formatting(c) || is_non_ascii_white_space(c) || is_noncharacter(c) {
                    assert!(r.is_some(), "U+{:04X}", c as u32);
                }
                if ('\u{FF01}'..='\u{FFEF}').contains(&c) {
                    assert!(r.is_some(), "U+{:04X}", c as u32);
                }
                if r.is_some() && !in_query {
                    flagged += 1;
                }
            }
            // The Latin letters that the predicate passes without a look-up are in no part of it.
            if matches!(c, '\u{C0}'..='\u{24F}') && !matches!(c, '\u{D7}' | '\u{F7}') {
                let t = |f: fn(char) -> bool| f(c);
                use rfc3454::*;
                assert!(
                    is_ucschar(c)
                        && !is_invisible(c)
                        && look_alike_of(c, Place::Host).is_none()
                        && !composes_with_delimiter(c)
                        && ![
                            non_ascii_space as fn(char) -> bool,
                            non_ascii_control,
                            private_use,
                            non_character,
                            inappropriate_for_plain_text,
                            inappropriate_for_canonical_representation,
                            change_display_properties_or_deprecated,
                            tagging,
                        ]
                        .into_iter()
                        .any(t),
                    "U+{:04X}",
                    c as u32
                );
            }
            // Every invisible character, look-alike and delimiter mark is held, but the kept ones.
            if is_invisible(c) && !is_kept_invisible(c)
                || look_alike_of(c, Place::Query).is_some()
                || composes_with_delimiter(c)
            {
                assert!(
                    not_appropriate(c, Place::Query).is_some(),
                    "U+{:04X}",
                    c as u32
                );
            }
            if look_alike_of(c, Place::Host).is_some() {
                assert!(
                    not_appropriate(c, Place::Host).is_some(),
                    "U+{:04X}",
                    c as u32
                );
            }
            if is_kept_invisible(c) {
                for place in Place::ALL {
                    assert_eq!(not_appropriate(c, place), None, "U+{:04X}", c as u32);
                }
            }
        }
        // The private-use planes alone are more than 130,000.
        assert!(flagged > 130_000, "{flagged}");
    }
}
