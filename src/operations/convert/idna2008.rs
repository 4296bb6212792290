//! IDNA2008 as 3987bis §3.4.2 names it: the Domain Name Lookup checks of RFC 5891 §5.3–§5.4 on a
//! label, the derived property of RFC 5892 §3 for each code point, its contextual rules (RFC 5892
//! Appendix A) and the Bidi Rule of RFC 5893 §2.
//!
//! The derived property is computed from the Unicode properties RFC 5892 §2 defines it on, read from
//! the [`icu_properties`] data (the Unicode version the [`idna`] crate's UTS #46 tables use too), not
//! from a hand-written table:
//!
//! | RFC 5892 | category | property used |
//! | --- | --- | --- |
//! | §2.1 (A) | LetterDigits | `General_Category` ∈ {Ll, Lu, Lo, Nd, Lm, Mn, Mc} |
//! | §2.2 (B) | Unstable | `Changes_When_NFKC_Casefolded`, the Unicode property for NFKC(toCaseFold(NFKC(cp))) ≠ cp; for a `Default_Ignorable_Code_Point` (which that property always includes, as NFKC_Casefold removes them) NFKC(cp) ≠ cp |
//! | §2.3 (C) | IgnorableProperties | `Default_Ignorable_Code_Point`, `White_Space`, `Noncharacter_Code_Point` |
//! | §2.4 (D) | IgnorableBlocks | `Block` ∈ {Combining Diacritical Marks for Symbols, Musical Symbols, Ancient Greek Musical Notation} |
//! | §2.5 (E) | LDH | `a`–`z`, `0`–`9`, `-` |
//! | §2.6 (F) | Exceptions | the list of §2.6, in [`derived_property`] |
//! | §2.7 (G) | BackwardCompatible | empty (RFC 5892, RFC 6452) |
//! | §2.8 (H) | JoinControl | `Join_Control` |
//! | §2.9 (I) | OldHangulJamo | `Hangul_Syllable_Type` ∈ {L, V, T} |
//! | §2.10 (J) | Unassigned | `General_Category` = Cn and not `Noncharacter_Code_Point` |

use icu_properties::props::{
    BidiClass, Block, CanonicalCombiningClass, ChangesWhenNfkcCasefolded,
    DefaultIgnorableCodePoint, GeneralCategory, HangulSyllableType, JoinControl, JoiningType,
    NoncharacterCodePoint, Script, WhiteSpace,
};
use icu_properties::{CodePointMapData, CodePointSetData, PropertyNamesShort};

use crate::characters::is_bidi_formatting;

/// The IDNA2008 derived property value of a code point (RFC 5892 §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DerivedProperty {
    /// Allowed anywhere in a label.
    Pvalid,
    /// Allowed only where a join-control rule of RFC 5892 Appendix A holds (U+200C, U+200D).
    ContextJ,
    /// Allowed only where an "other" contextual rule of RFC 5892 Appendix A holds.
    ContextO,
    /// Never allowed; the category of RFC 5892 §2 that disallows it.
    Disallowed(Disallowed),
    /// Not assigned in the Unicode version of the data (RFC 5892 §2.10).
    Unassigned,
}

/// Why RFC 5892 §3 makes a code point DISALLOWED.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Disallowed {
    /// Listed as DISALLOWED in the Exceptions of §2.6.
    Exception,
    /// §2.2 Unstable: NFKC and case folding change it.
    Unstable,
    /// §2.3 IgnorableProperties: a default ignorable, white space or a noncharacter.
    IgnorableProperties,
    /// §2.4 IgnorableBlocks.
    IgnorableBlocks,
    /// §2.9 OldHangulJamo: a conjoining Hangul jamo.
    OldHangulJamo,
    /// Not in §2.1 LetterDigits: punctuation, a symbol, a control, a space, private use, …
    NotLetterDigits,
}

/// The derived property of `c` (RFC 5892 §3), in the order of that section: Exceptions,
/// BackwardCompatible (empty), Unassigned, LDH, JoinControl, Unstable, IgnorableProperties,
/// IgnorableBlocks, OldHangulJamo, LetterDigits, else DISALLOWED.
///
/// ```
/// use iri_abnf::convert::idna2008::{derived_property, DerivedProperty, Disallowed};
///
/// assert_eq!(derived_property('\u{E9}'), DerivedProperty::Pvalid);
/// assert_eq!(derived_property('\u{DF}'), DerivedProperty::Pvalid); // §2.6 exception
/// assert_eq!(derived_property('E'), DerivedProperty::Disallowed(Disallowed::Unstable));
/// assert_eq!(derived_property('\u{FF45}'), DerivedProperty::Disallowed(Disallowed::Unstable));
/// assert_eq!(derived_property('\u{2603}'), DerivedProperty::Disallowed(Disallowed::NotLetterDigits));
/// assert_eq!(derived_property('\u{200C}'), DerivedProperty::ContextJ);
/// assert_eq!(derived_property('\u{B7}'), DerivedProperty::ContextO);
/// ```
pub fn derived_property(c: char) -> DerivedProperty {
    use DerivedProperty::*;
    // §2.6 Exceptions (F).
    match c {
        '\u{DF}' | '\u{3C2}' | '\u{6FD}' | '\u{6FE}' | '\u{F0B}' | '\u{3007}' => return Pvalid,
        '\u{B7}'
        | '\u{375}'
        | '\u{5F3}'
        | '\u{5F4}'
        | '\u{30FB}'
        | '\u{660}'..='\u{669}'
        | '\u{6F0}'..='\u{6F9}' => return ContextO,
        '\u{640}' | '\u{7FA}' | '\u{302E}' | '\u{302F}' | '\u{3031}'..='\u{3035}' | '\u{303B}' => {
            return Disallowed(self::Disallowed::Exception)
        }
        _ => {}
    }
    // §2.7 BackwardCompatible (G) is empty.
    let gc = CodePointMapData::<GeneralCategory>::new().get(c);
    let noncharacter = CodePointSetData::new::<NoncharacterCodePoint>().contains(c);
    // §2.10 Unassigned (J).
    if gc == GeneralCategory::Unassigned && !noncharacter {
        return Unassigned;
    }
    // §2.5 LDH (E).
    if matches!(c, 'a'..='z' | '0'..='9' | '-') {
        return Pvalid;
    }
    // §2.8 JoinControl (H).
    if CodePointSetData::new::<JoinControl>().contains(c) {
        return ContextJ;
    }
    let ignorable = CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)
        || CodePointSetData::new::<WhiteSpace>().contains(c)
        || noncharacter;
    // §2.2 Unstable (B). Changes_When_NFKC_Casefolded also holds for every default ignorable,
    // which NFKC_Casefold removes; such a code point is Unstable only when NFKC itself changes it
    // (none has case), and otherwise §2.3's.
    let default_ignorable = CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c);
    let unstable = if default_ignorable {
        let mut buf = [0u8; 4];
        let s: &str = c.encode_utf8(&mut buf);
        icu_normalizer::ComposingNormalizerBorrowed::new_nfkc().normalize(s) != s
    } else {
        CodePointSetData::new::<ChangesWhenNfkcCasefolded>().contains(c)
    };
    if unstable {
        return Disallowed(self::Disallowed::Unstable);
    }
    // §2.3 IgnorableProperties (C).
    if ignorable {
        return Disallowed(self::Disallowed::IgnorableProperties);
    }
    // §2.4 IgnorableBlocks (D).
    let block = CodePointMapData::<Block>::new().get(c);
    if block == Block::CombiningDiacriticalMarksForSymbols
        || block == Block::MusicalSymbols
        || block == Block::AncientGreekMusicalNotation
    {
        return Disallowed(self::Disallowed::IgnorableBlocks);
    }
    // §2.9 OldHangulJamo (I).
    let hst = CodePointMapData::<HangulSyllableType>::new().get(c);
    if hst == HangulSyllableType::LeadingJamo
        || hst == HangulSyllableType::VowelJamo
        || hst == HangulSyllableType::TrailingJamo
    {
        return Disallowed(self::Disallowed::OldHangulJamo);
    }
    // §2.1 LetterDigits (A).
    if matches!(
        gc,
        GeneralCategory::LowercaseLetter
            | GeneralCategory::UppercaseLetter
            | GeneralCategory::OtherLetter
            | GeneralCategory::DecimalNumber
            | GeneralCategory::ModifierLetter
            | GeneralCategory::NonspacingMark
            | GeneralCategory::SpacingMark
    ) {
        return Pvalid;
    }
    Disallowed(self::Disallowed::NotLetterDigits)
}

/// The short name of `c`'s general category ("Po", "So", …).
fn general_category_name(c: char) -> &'static str {
    PropertyNamesShort::<GeneralCategory>::new()
        .get(CodePointMapData::<GeneralCategory>::new().get(c))
        .unwrap_or("?")
}

/// Why `c`, whose derived property is `why`, is DISALLOWED: the category and its section of RFC 5892.
pub(crate) fn disallowed_reason(c: char, why: Disallowed) -> String {
    match why {
        Disallowed::Exception => {
            "it is listed as DISALLOWED among the exceptions (RFC 5892 §2.6)".into()
        }
        Disallowed::Unstable => {
            "NFKC and case folding change it (RFC 5892 §2.2 Unstable); IDNA2008 maps nothing".into()
        }
        Disallowed::IgnorableProperties => {
            let which = if CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c) {
                "a default ignorable code point"
            } else if CodePointSetData::new::<WhiteSpace>().contains(c) {
                "white space"
            } else {
                "a noncharacter"
            };
            format!("it is {which} (RFC 5892 §2.3 IgnorableProperties)")
        }
        Disallowed::IgnorableBlocks => {
            "its block is one RFC 5892 §2.4 excludes (IgnorableBlocks)".into()
        }
        Disallowed::OldHangulJamo => {
            "it is a conjoining Hangul jamo (RFC 5892 §2.9 OldHangulJamo); write the precomposed \
             syllable"
                .into()
        }
        Disallowed::NotLetterDigits => format!(
            "it is not a letter, digit or combining mark (general category {}; RFC 5892 §2.1 \
             LetterDigits)",
            general_category_name(c)
        ),
    }
}

/// Whether `c` is a combining mark (general category M: Mn, Mc, Me), which may not begin a label
/// (RFC 5891 §5.4, §4.2.3.2).
pub(crate) fn is_combining_mark(c: char) -> bool {
    matches!(
        CodePointMapData::<GeneralCategory>::new().get(c),
        GeneralCategory::NonspacingMark
            | GeneralCategory::SpacingMark
            | GeneralCategory::EnclosingMark
    )
}

/// A character as messages show it: `'é' (U+00E9)`, or the code point alone for the characters one
/// cannot see (controls, format characters such as U+00AD, spaces and separators, bidi formatting
/// characters).
pub(crate) fn describe_char(c: char) -> String {
    if is_invisible(c) || is_bidi_formatting(c) {
        format!("U+{:04X}", c as u32)
    } else {
        format!("'{c}' (U+{:04X})", c as u32)
    }
}

/// Whether `c` shows nothing (or nothing clear) by itself: a control, a format character, a space or
/// a separator, a combining mark (general categories Cc, Cf, Zs, Zl, Zp, Mn, Mc, Me), or a default
/// ignorable code point.
pub(crate) fn is_invisible(c: char) -> bool {
    is_combining_mark(c)
        || matches!(
            CodePointMapData::<GeneralCategory>::new().get(c),
            GeneralCategory::Control
                | GeneralCategory::Format
                | GeneralCategory::SpaceSeparator
                | GeneralCategory::LineSeparator
                | GeneralCategory::ParagraphSeparator
        )
        || CodePointSetData::new::<DefaultIgnorableCodePoint>().contains(c)
}

/// Whether `label` is in Normalization Form C.
pub(crate) fn is_nfc(label: &str) -> bool {
    icu_normalizer::ComposingNormalizerBorrowed::new_nfc().is_normalized(label)
}

/// `label` in Normalization Form C.
pub(crate) fn nfc(label: &str) -> String {
    icu_normalizer::ComposingNormalizerBorrowed::new_nfc()
        .normalize(label)
        .into_owned()
}

/// The contextual rule of RFC 5892 Appendix A for the character at `i` of `chars`: `Ok(())` when it
/// holds, else the reason. A.1 and A.2 for U+200C and U+200D (CONTEXTJ), A.3 to A.9 for the CONTEXTO
/// characters; every CONTEXTO character of §2.6 has a rule, and all of them are tested (RFC 5891
/// §5.4 makes that optional on lookup and "strongly encourages" it).
pub(crate) fn contextual_rule(chars: &[char], i: usize) -> Result<(), String> {
    let c = chars[i];
    let before = i.checked_sub(1).map(|j| chars[j]);
    let after = chars.get(i + 1).copied();
    let script = |c: char| CodePointMapData::<Script>::new().get(c);
    let virama = |c: Option<char>| {
        c.is_some_and(|c| {
            CodePointMapData::<CanonicalCombiningClass>::new().get(c)
                == CanonicalCombiningClass::Virama
        })
    };
    match c {
        '\u{200C}' => {
            if virama(before) {
                return Ok(());
            }
            // (Joining_Type:{L,D})(Joining_Type:T)*\u200C(Joining_Type:T)*(Joining_Type:{R,D})
            let jt = |c: char| CodePointMapData::<JoiningType>::new().get(c);
            let left = chars[..i]
                .iter()
                .rev()
                .find(|&&c| jt(c) != JoiningType::Transparent)
                .is_some_and(|&c| {
                    matches!(jt(c), JoiningType::LeftJoining | JoiningType::DualJoining)
                });
            let right = chars[i + 1..]
                .iter()
                .find(|&&c| jt(c) != JoiningType::Transparent)
                .is_some_and(|&c| {
                    matches!(jt(c), JoiningType::RightJoining | JoiningType::DualJoining)
                });
            if left && right {
                Ok(())
            } else {
                Err(
                    "U+200C ZERO WIDTH NON-JOINER is allowed only after a virama or between a \
                     left- or dual-joining and a right- or dual-joining character (RFC 5892 A.1)"
                        .into(),
                )
            }
        }
        '\u{200D}' => {
            if virama(before) {
                Ok(())
            } else {
                Err("U+200D ZERO WIDTH JOINER is allowed only after a virama (RFC 5892 A.2)".into())
            }
        }
        '\u{B7}' => {
            if before == Some('l') && after == Some('l') {
                Ok(())
            } else {
                Err("U+00B7 MIDDLE DOT is allowed only between two 'l' (RFC 5892 A.3)".into())
            }
        }
        '\u{375}' => {
            if after.is_some_and(|a| script(a) == Script::Greek) {
                Ok(())
            } else {
                Err(
                    "U+0375 GREEK LOWER NUMERAL SIGN must be followed by a Greek character (RFC \
                     5892 A.4)"
                        .into(),
                )
            }
        }
        '\u{5F3}' | '\u{5F4}' => {
            if before.is_some_and(|b| script(b) == Script::Hebrew) {
                Ok(())
            } else {
                Err(format!(
                    "U+{:04X} HEBREW PUNCTUATION {} must follow a Hebrew character (RFC 5892 {})",
                    c as u32,
                    if c == '\u{5F3}' {
                        "GERESH"
                    } else {
                        "GERSHAYIM"
                    },
                    if c == '\u{5F3}' { "A.5" } else { "A.6" }
                ))
            }
        }
        '\u{30FB}' => {
            if chars.iter().any(|&c| {
                let s = script(c);
                s == Script::Hiragana || s == Script::Katakana || s == Script::Han
            }) {
                Ok(())
            } else {
                Err(
                    "U+30FB KATAKANA MIDDLE DOT needs a Hiragana, Katakana or Han character in \
                     the label (RFC 5892 A.7)"
                        .into(),
                )
            }
        }
        '\u{660}'..='\u{669}' => {
            if chars.iter().any(|c| ('\u{6F0}'..='\u{6F9}').contains(c)) {
                Err(
                    "Arabic-Indic digits (U+0660–0669) may not be mixed with Extended \
                     Arabic-Indic digits (U+06F0–06F9) in one label (RFC 5892 A.8)"
                        .into(),
                )
            } else {
                Ok(())
            }
        }
        '\u{6F0}'..='\u{6F9}' => {
            if chars.iter().any(|c| ('\u{660}'..='\u{669}').contains(c)) {
                Err(
                    "Extended Arabic-Indic digits (U+06F0–06F9) may not be mixed with \
                     Arabic-Indic digits (U+0660–0669) in one label (RFC 5892 A.9)"
                        .into(),
                )
            } else {
                Ok(())
            }
        }
        // Every CONTEXTJ and CONTEXTO code point is one of the above (RFC 5892 §2.6, §2.8); a
        // code point without a rule fails (RFC 5891 §5.4).
        _ => Err(format!(
            "U+{:04X} needs a contextual rule and RFC 5892 Appendix A has none for it (RFC 5891 \
             §5.4)",
            c as u32
        )),
    }
}

fn bidi_class(c: char) -> BidiClass {
    CodePointMapData::<BidiClass>::new().get(c)
}

fn bidi_name(class: BidiClass) -> &'static str {
    PropertyNamesShort::<BidiClass>::new()
        .get(class)
        .unwrap_or("?")
}

/// Whether `label` holds a character of Bidi class R, AL or AN, which makes the domain name it is in
/// a "Bidi domain name" (RFC 5893 §1.4).
pub(crate) fn has_rtl(label: &str) -> bool {
    label.chars().any(|c| {
        let b = bidi_class(c);
        b == BidiClass::RightToLeft || b == BidiClass::ArabicLetter || b == BidiClass::ArabicNumber
    })
}

/// The first character of `label` of Bidi class R, AL or AN.
pub(crate) fn first_rtl(label: &str) -> Option<char> {
    label.chars().find(|&c| has_rtl(c.encode_utf8(&mut [0; 4])))
}

/// The Bidi Rule (RFC 5893 §2) on one non-empty label: `Ok(())` when its six conditions hold, else
/// the reason, naming the condition and the character.
pub(crate) fn bidi_rule(label: &str) -> Result<(), String> {
    use BidiClass as B;
    let named = |c: char| {
        let shown = describe_char(c);
        let class = bidi_name(bidi_class(c));
        match shown.strip_suffix(')') {
            Some(open) => format!("{open}, Bidi class {class})"),
            None => format!("{shown} (Bidi class {class})"),
        }
    };
    let Some(first) = label.chars().next() else {
        return Ok(());
    };
    let rtl = match bidi_class(first) {
        B::LeftToRight => false,
        B::RightToLeft | B::ArabicLetter => true,
        _ => {
            return Err(format!(
                "it begins with {}; condition 1 asks for a first character of class L, R or AL",
                named(first)
            ))
        }
    };
    let allowed: &[BidiClass] = if rtl {
        &[
            B::RightToLeft,
            B::ArabicLetter,
            B::ArabicNumber,
            B::EuropeanNumber,
            B::EuropeanSeparator,
            B::CommonSeparator,
            B::EuropeanTerminator,
            B::OtherNeutral,
            B::BoundaryNeutral,
            B::NonspacingMark,
        ]
    } else {
        &[
            B::LeftToRight,
            B::EuropeanNumber,
            B::EuropeanSeparator,
            B::CommonSeparator,
            B::EuropeanTerminator,
            B::OtherNeutral,
            B::BoundaryNeutral,
            B::NonspacingMark,
        ]
    };
    let direction = if rtl {
        "right-to-left"
    } else {
        "left-to-right"
    };
    if let Some(c) = label.chars().find(|&c| !allowed.contains(&bidi_class(c))) {
        return Err(format!(
            "it is a {direction} label, as its first character {} makes it, and holds {}, which condition \
             {} does not allow",
            named(first),
            named(c),
            if rtl { 2 } else { 5 }
        ));
    }
    let last = label
        .chars()
        .rev()
        .find(|&c| bidi_class(c) != B::NonspacingMark);
    let end_ok: &[BidiClass] = if rtl {
        &[
            B::RightToLeft,
            B::ArabicLetter,
            B::EuropeanNumber,
            B::ArabicNumber,
        ]
    } else {
        &[B::LeftToRight, B::EuropeanNumber]
    };
    match last {
        Some(c) if end_ok.contains(&bidi_class(c)) => {}
        Some(c) => {
            return Err(format!(
                "it is a {direction} label and ends with {}; condition {} asks for {} at the end \
                 (before any NSM)",
                named(c),
                if rtl { 3 } else { 6 },
                if rtl { "R, AL, EN or AN" } else { "L or EN" }
            ))
        }
        None => {}
    }
    if rtl {
        let en = label.chars().find(|&c| bidi_class(c) == B::EuropeanNumber);
        let an = label.chars().find(|&c| bidi_class(c) == B::ArabicNumber);
        if let (Some(en), Some(an)) = (en, an) {
            return Err(format!(
                "it holds both {} and {}; condition 4 allows European or Arabic digits in a \
                 right-to-left label, not both",
                named(en),
                named(an)
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use DerivedProperty::*;

    #[test]
    fn derived_properties_of_rfc_5892() {
        let d = |c| Disallowed(c);
        for (c, want) in [
            ('a', Pvalid),
            ('0', Pvalid),
            ('-', Pvalid),
            ('A', d(super::Disallowed::Unstable)),
            ('_', d(super::Disallowed::NotLetterDigits)),
            ('.', d(super::Disallowed::NotLetterDigits)),
            ('\u{E9}', Pvalid),
            ('\u{C9}', d(super::Disallowed::Unstable)),
            ('\u{301}', Pvalid),
            ('\u{5D0}', Pvalid),
            ('\u{627}', Pvalid),
            ('\u{AC00}', Pvalid),
            ('\u{7D0D}', Pvalid),
            ('\u{DF}', Pvalid),
            ('\u{3C2}', Pvalid),
            ('\u{F0B}', Pvalid),
            ('\u{3007}', Pvalid),
            ('\u{B7}', ContextO),
            ('\u{375}', ContextO),
            ('\u{5F3}', ContextO),
            ('\u{30FB}', ContextO),
            ('\u{663}', ContextO),
            ('\u{6F3}', ContextO),
            ('\u{640}', d(super::Disallowed::Exception)),
            ('\u{3031}', d(super::Disallowed::Exception)),
            ('\u{200C}', ContextJ),
            ('\u{200D}', ContextJ),
            ('\u{FF45}', d(super::Disallowed::Unstable)),
            ('\u{FF11}', d(super::Disallowed::Unstable)),
            ('\u{2163}', d(super::Disallowed::Unstable)),
            ('\u{AD}', d(super::Disallowed::IgnorableProperties)),
            ('\u{200B}', d(super::Disallowed::IgnorableProperties)),
            ('\u{3000}', d(super::Disallowed::Unstable)),
            ('\u{2028}', d(super::Disallowed::IgnorableProperties)),
            ('\u{FDD0}', d(super::Disallowed::IgnorableProperties)),
            ('\u{FFFF}', d(super::Disallowed::IgnorableProperties)),
            ('\u{20D0}', d(super::Disallowed::IgnorableBlocks)),
            ('\u{1D165}', d(super::Disallowed::IgnorableBlocks)),
            ('\u{1100}', d(super::Disallowed::OldHangulJamo)),
            ('\u{11A8}', d(super::Disallowed::OldHangulJamo)),
            ('\u{2603}', d(super::Disallowed::NotLetterDigits)),
            ('\u{3002}', d(super::Disallowed::NotLetterDigits)),
            ('\u{E000}', d(super::Disallowed::NotLetterDigits)),
            ('\u{7F}', d(super::Disallowed::NotLetterDigits)),
            ('\u{378}', Unassigned),
            ('\u{10FFFD}', d(super::Disallowed::NotLetterDigits)),
        ] {
            assert_eq!(derived_property(c), want, "U+{:04X}", c as u32);
        }
    }

    #[test]
    fn contextual_rules() {
        let ok = |s: &str| {
            let chars: Vec<char> = s.chars().collect();
            (0..chars.len())
                .filter(|&i| matches!(derived_property(chars[i]), ContextJ | ContextO))
                .all(|i| contextual_rule(&chars, i).is_ok())
        };
        // A.1: ZWNJ after a virama, or between joining Arabic letters (Persian "می‌خواهم").
        assert!(ok("\u{915}\u{94D}\u{200C}\u{937}"));
        assert!(ok("\u{645}\u{6CC}\u{200C}\u{62E}"));
        assert!(!ok("a\u{200C}b"));
        assert!(!ok("\u{627}\u{200C}\u{628}")); // ALEF is right-joining: not before ZWNJ
                                                // A.2: ZWJ after a virama only.
        assert!(ok("\u{915}\u{94D}\u{200D}\u{937}"));
        assert!(!ok("\u{645}\u{200D}\u{62E}"));
        // A.3 to A.9.
        assert!(ok("l\u{B7}l") && !ok("a\u{B7}l") && !ok("l\u{B7}"));
        assert!(ok("\u{375}\u{3B1}") && !ok("\u{375}a"));
        assert!(ok("\u{5D0}\u{5F3}") && !ok("\u{5F3}\u{5D0}") && ok("\u{5D0}\u{5F4}"));
        assert!(ok("\u{30A2}\u{30FB}") && !ok("a\u{30FB}"));
        assert!(ok("\u{661}\u{662}") && !ok("\u{661}\u{6F2}"));
        assert!(ok("\u{6F1}\u{6F2}") && !ok("\u{6F1}\u{662}"));
    }

    #[test]
    fn bidi_rule_conditions() {
        let r = |s: &str| bidi_rule(s).err().unwrap_or_default();
        assert!(bidi_rule("\u{5D0}\u{5D1}").is_ok());
        assert!(bidi_rule("abc").is_ok());
        assert!(bidi_rule("a1").is_ok());
        assert!(bidi_rule("\u{5D0}1").is_ok());
        assert!(bidi_rule("\u{5D0}\u{5B0}").is_ok()); // ends in a mark after R
        assert!(
            r("0a").contains("condition 1") && r("0a").contains("EN"),
            "{}",
            r("0a")
        );
        assert!(r("\u{5D0}a").contains("condition 2"), "{}", r("\u{5D0}a"));
        assert!(r("\u{5D0}-").contains("condition 3"), "{}", r("\u{5D0}-"));
        assert!(
            r("\u{627}1\u{661}").contains("condition 4"),
            "{}",
            r("\u{627}1\u{661}")
        );
        assert!(r("a\u{5D0}").contains("condition 5"), "{}", r("a\u{5D0}"));
        assert!(r("a-").contains("condition 6"), "{}", r("a-"));
        assert!(has_rtl("\u{661}") && has_rtl("a\u{5D0}") && !has_rtl("abc"));
    }
}
