//! The data scripts of the viewer's page (`iri serve`, and its static build in the npm package,
//! which includes this file): which characters the page shows as badges, and which are not
//! appropriate in an IRI's path, from the library's own predicates.

use iri_abnf::characters::{not_appropriate, NotAppropriate, Place};
use iri_abnf::report::needs_escape;

/// The script of the viewer's page (`iri serve`, and its static build in the npm package) that tells
/// it which characters to show as `<U+XXXX>` badges: the characters of [`needs_escape`], as ranges of
/// code points (`const NEEDS_ESCAPE = [[first, last], …];`).
pub fn needs_escape_script() -> String {
    let mut ranges: Vec<(u32, u32)> = Vec::new();
    for c in (0..=0x10FFFF).filter_map(char::from_u32) {
        if !needs_escape(c) {
            continue;
        }
        let c = c as u32;
        match ranges.last_mut() {
            Some((_, end)) if *end + 1 == c => *end = c,
            _ => ranges.push((c, c)),
        }
    }
    let list: Vec<String> = ranges
        .iter()
        .map(|(a, b)| format!("[0x{a:X},0x{b:X}]"))
        .collect();
    format!(
        "// The characters that iri_abnf::report::needs_escape shows escaped, as ranges.\n\
         const NEEDS_ESCAPE = [{}];\n",
        list.join(",")
    )
}

/// The script of the viewer's page that tells it which characters are not appropriate in an IRI's
/// path ([`not_appropriate`], the set that URI-to-IRI conversion
/// keeps percent-encoded, 3987bis §3.7 step 4), as ranges of code points with the index of their
/// reason in `NOT_APPROPRIATE_REASONS` (the reason's description and source).
pub fn not_appropriate_script() -> String {
    let mut ranges: Vec<(u32, u32, usize)> = Vec::new();
    for c in (0..=0x10FFFF).filter_map(char::from_u32) {
        let Some(reason) = not_appropriate(c, Place::Path) else {
            continue;
        };
        let k = NotAppropriate::ALL
            .iter()
            .position(|&r| r == reason)
            .unwrap_or(0);
        let c = c as u32;
        match ranges.last_mut() {
            Some((_, end, j)) if *end + 1 == c && *j == k => *end = c,
            _ => ranges.push((c, c, k)),
        }
    }
    let list: Vec<String> = ranges
        .iter()
        .map(|(a, b, k)| format!("[0x{a:X},0x{b:X},{k}]"))
        .collect();
    let reasons: Vec<String> = NotAppropriate::ALL
        .iter()
        .map(|r| format!("{:?}", format!("{} ({})", r.description(), r.source())))
        .collect();
    format!(
        "// The characters that iri_abnf::characters::not_appropriate holds in the path, as\n\
         // ranges [first, last, reason], and the reasons.\n\
         const NOT_APPROPRIATE = [{}];\n\
         const NOT_APPROPRIATE_REASONS = [{}];\n",
        list.join(","),
        reasons.join(",")
    )
}
