//! Character classes as the grammars' rules split them, and the simplest member of each.

/// `ucschar` and `iprivate` (3987bis §2.2) as ranges.
pub(super) const RANGES: &[(&str, u32, u32)] = &[
    ("ucschar", 0xA0, 0xD7FF),
    ("ucschar", 0xF900, 0xFDCF),
    ("ucschar", 0xFDF0, 0xFFEF),
    ("ucschar", 0x10000, 0x1FFFD),
    ("ucschar", 0x20000, 0x2FFFD),
    ("ucschar", 0x30000, 0x3FFFD),
    ("ucschar", 0x40000, 0x4FFFD),
    ("ucschar", 0x50000, 0x5FFFD),
    ("ucschar", 0x60000, 0x6FFFD),
    ("ucschar", 0x70000, 0x7FFFD),
    ("ucschar", 0x80000, 0x8FFFD),
    ("ucschar", 0x90000, 0x9FFFD),
    ("ucschar", 0xA0000, 0xAFFFD),
    ("ucschar", 0xB0000, 0xBFFFD),
    ("ucschar", 0xC0000, 0xCFFFD),
    ("ucschar", 0xD0000, 0xDFFFD),
    ("ucschar", 0xE1000, 0xEFFFD),
    ("iprivate", 0xE000, 0xF8FF),
    ("iprivate", 0xE0000, 0xE0FFF),
    ("iprivate", 0xF0000, 0xFFFFD),
    ("iprivate", 0x100000, 0x10FFFD),
];

/// The simplest member of a character's class: the low end of its range, `a` or `0`.
pub(super) fn simplest_of(c: char) -> char {
    if let Some(&(_, lo, _)) = RANGES
        .iter()
        .find(|(_, lo, hi)| (*lo..=*hi).contains(&(c as u32)))
    {
        return char::from_u32(lo).unwrap_or(c);
    }
    if c.is_ascii_alphabetic() {
        return 'a';
    }
    if c.is_ascii_digit() {
        return '0';
    }
    c
}

/// The class of a character, as the grammars' rules split them.
pub(super) fn character_class(c: char) -> String {
    let v = c as u32;
    if let Some((name, lo, hi)) = RANGES.iter().find(|(_, lo, hi)| (*lo..=*hi).contains(&v)) {
        return format!("{name} %x{lo:X}-{hi:X}");
    }
    match c {
        'a'..='z' | 'A'..='Z' => "ALPHA".to_string(),
        '0'..='9' => "DIGIT".to_string(),
        '\0'..='\u{1F}' | '\u{7F}' => "CTL".to_string(),
        '\u{80}'..='\u{9F}' => "C1 control".to_string(),
        ' ' => "SP".to_string(),
        '!'..='~' => format!("\"{c}\""),
        _ if iri_abnf::characters::is_noncharacter(c) => "noncharacter".to_string(),
        _ => format!("other non-ASCII U+{v:04X}"),
    }
}
