//! Character classes as the grammars' rules split them, and the simplest member of each.

/// `ucschar` and `iprivate` (3987bis §2.2) as ranges.
pub(crate) const RANGES: &[(&str, u32, u32)] = &[
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

/// The classes of [`RANGES`] that span several ranges: the ranges of `ucschar` in the supplementary
/// planes 1 to 14, and those of `iprivate` in planes 15 and 16. An implementation that leaves out one
/// of them (a table of the Basic Multilingual Plane, UTF-16 code units taken for characters) almost
/// always leaves out the others: one cause, one class. The label, the lowest and highest character.
const MERGED: &[(&str, u32, u32)] = &[
    ("ucschar %x10000-1FFFD … %xE1000-EFFFD", 0x10000, 0xEFFFD),
    (
        "iprivate %xF0000-FFFFD / %x100000-10FFFD",
        0xF0000,
        0x10FFFD,
    ),
];

/// The range of [`RANGES`] that holds `v`: its name and ends.
fn range_of(v: u32) -> Option<(&'static str, u32, u32)> {
    RANGES
        .iter()
        .copied()
        .find(|(_, lo, hi)| (*lo..=*hi).contains(&v))
}

/// The class of [`MERGED`] that holds the range of [`RANGES`] named `name` starting at `lo`: its
/// label and lowest character.
fn merged_of(name: &str, lo: u32) -> Option<(&'static str, u32)> {
    MERGED
        .iter()
        .find(|(label, first, last)| label.starts_with(name) && (*first..=*last).contains(&lo))
        .map(|&(label, first, _)| (label, first))
}

/// The simplest members of a character's class, simplest first: the lowest character of its merged
/// class ([`MERGED`]) and the low end of its range; `a`; `0`. Empty for a character that is its own
/// class.
pub(crate) fn simpler_of(c: char) -> Vec<char> {
    let mut out = Vec::new();
    if let Some((name, lo, _)) = range_of(c as u32) {
        if let Some((_, first)) = merged_of(name, lo) {
            out.extend(char::from_u32(first));
        }
        out.extend(char::from_u32(lo));
    } else if c.is_ascii_alphabetic() {
        out.push('a');
    } else if c.is_ascii_digit() {
        out.push('0');
    }
    out.dedup();
    out
}

/// The simplest member of a character's class ([`simpler_of`]).
pub(crate) fn simplest_of(c: char) -> char {
    simpler_of(c).first().copied().unwrap_or(c)
}

/// The class of a character, as the grammars' rules split them: a range of `ucschar` or `iprivate`
/// (or the merged ranges of [`MERGED`]), `ALPHA`, `DIGIT`, the controls, one ASCII character, the
/// noncharacters.
pub(crate) fn character_class(c: char) -> String {
    let v = c as u32;
    if let Some((name, lo, hi)) = range_of(v) {
        return match merged_of(name, lo) {
            Some((label, _)) => label.to_string(),
            None => format!("{name} %x{lo:X}-{hi:X}"),
        };
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

/// A character class as written in a file of known classes, in the classes of this version: the
/// range of a merged class ([`MERGED`]) named alone (`ucschar %x20000-2FFFD`, as earlier versions
/// wrote) is that class; any other class is itself.
pub(crate) fn normalized_class(class: &str) -> String {
    let Some((name, range)) = class.split_once(" %x") else {
        return class.to_string();
    };
    let lo = range
        .split_once('-')
        .and_then(|(lo, _)| u32::from_str_radix(lo, 16).ok());
    match lo.and_then(|lo| merged_of(name, lo)) {
        Some((label, _)) => label.to_string(),
        None => class.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::{character_class, normalized_class, simplest_of};

    #[test]
    fn the_supplementary_ranges_are_one_class() {
        let planes = character_class('\u{20000}');
        assert_eq!(planes, "ucschar %x10000-1FFFD … %xE1000-EFFFD");
        assert_eq!(character_class('\u{E1000}'), planes);
        assert_eq!(character_class('\u{A0}'), "ucschar %xA0-D7FF");
        assert_eq!(character_class('\u{E0000}'), "iprivate %xE0000-E0FFF");
        assert_eq!(
            character_class('\u{10FFFD}'),
            "iprivate %xF0000-FFFFD / %x100000-10FFFD"
        );
        assert_eq!(simplest_of('\u{5ABCD}'), '\u{10000}');
        assert_eq!(simplest_of('\u{100001}'), '\u{F0000}');
        assert_eq!(simplest_of('\u{E0001}'), '\u{E0000}');
        // The classes of earlier versions' files of known classes.
        assert_eq!(normalized_class("ucschar %x20000-2FFFD"), planes);
        assert_eq!(normalized_class("ucschar %x10000-1FFFD"), planes);
        assert_eq!(normalized_class("ucschar %xA0-D7FF"), "ucschar %xA0-D7FF");
        assert_eq!(normalized_class("\"%\""), "\"%\"");
        assert_eq!(normalized_class(&planes), planes);
    }
}
