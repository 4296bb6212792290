//! The tables of RFC 3454 Appendix C (stringprep) that Nameprep prohibits (RFC 3491 §5), as the RFC
//! lists them: C.1.2, C.2.2, C.3, C.4, C.6, C.7, C.8 and C.9 (C.5, the surrogate codes, holds no
//! `char`). The tables are of Unicode 3.2 and fixed by the RFC; they do not follow the Unicode
//! version of the crate's other data. A test compares them with the `stringprep` crate's on every
//! code point.

/// C.1.2 Non-ASCII space characters.
pub(crate) fn non_ascii_space(c: char) -> bool {
    matches!(
        c,
        '\u{00A0}' | '\u{1680}' | '\u{2000}'..='\u{200B}' | '\u{202F}' | '\u{205F}' | '\u{3000}'
    )
}

/// C.2.2 Non-ASCII control characters.
pub(crate) fn non_ascii_control(c: char) -> bool {
    matches!(
        c,
        '\u{0080}'..='\u{009F}'
            | '\u{06DD}'
            | '\u{070F}'
            | '\u{180E}'
            | '\u{200C}'
            | '\u{200D}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{2060}'..='\u{2063}'
            | '\u{206A}'..='\u{206F}'
            | '\u{FEFF}'
            | '\u{FFF9}'..='\u{FFFC}'
            | '\u{1D173}'..='\u{1D17A}'
    )
}

/// C.3 Private use.
pub(crate) fn private_use(c: char) -> bool {
    matches!(
        c,
        '\u{E000}'..='\u{F8FF}' | '\u{F0000}'..='\u{FFFFD}' | '\u{100000}'..='\u{10FFFD}'
    )
}

/// C.4 Non-character code points: U+FDD0–U+FDEF and the last two code points of each plane.
pub(crate) fn non_character(c: char) -> bool {
    matches!(c, '\u{FDD0}'..='\u{FDEF}') || (c as u32) & 0xFFFE == 0xFFFE
}

/// C.6 Inappropriate for plain text.
pub(crate) fn inappropriate_for_plain_text(c: char) -> bool {
    matches!(c, '\u{FFF9}'..='\u{FFFD}')
}

/// C.7 Inappropriate for canonical representation.
pub(crate) fn inappropriate_for_canonical_representation(c: char) -> bool {
    matches!(c, '\u{2FF0}'..='\u{2FFB}')
}

/// C.8 Change display properties or are deprecated.
pub(crate) fn change_display_properties_or_deprecated(c: char) -> bool {
    matches!(
        c,
        '\u{0340}' | '\u{0341}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{206A}'..='\u{206F}'
    )
}

/// C.9 Tagging characters.
pub(crate) fn tagging(c: char) -> bool {
    matches!(c, '\u{E0001}' | '\u{E0020}'..='\u{E007F}')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each table is the `stringprep` crate's, on every code point.
    #[test]
    fn the_tables_are_stringprep_s() {
        use stringprep::tables as s;
        type Table = fn(char) -> bool;
        let pairs: [(Table, Table, &str); 8] = [
            (non_ascii_space, s::non_ascii_space_character, "C.1.2"),
            (non_ascii_control, s::non_ascii_control_character, "C.2.2"),
            (private_use, s::private_use, "C.3"),
            (non_character, s::non_character_code_point, "C.4"),
            (
                inappropriate_for_plain_text,
                s::inappropriate_for_plain_text,
                "C.6",
            ),
            (
                inappropriate_for_canonical_representation,
                s::inappropriate_for_canonical_representation,
                "C.7",
            ),
            (
                change_display_properties_or_deprecated,
                s::change_display_properties_or_deprecated,
                "C.8",
            ),
            (tagging, s::tagging_character, "C.9"),
        ];
        for (ours, theirs, table) in pairs {
            let mut held = 0;
            for c in (0..=0x10FFFF).filter_map(char::from_u32) {
                assert_eq!(ours(c), theirs(c), "{table} U+{:04X}", c as u32);
                held += usize::from(ours(c));
            }
            assert!(held > 0, "{table} is empty");
        }
        // C.5 has no `char`.
        assert!(!(0..=0x10FFFF)
            .filter_map(char::from_u32)
            .any(s::surrogate_code));
    }
}
