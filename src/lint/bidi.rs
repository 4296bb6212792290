//! Bidirectional text (RFC 3987 §4.1, §4.2; draft-duerst-iri-01 §4.1).

use icu_properties::props::BidiClass;
use icu_properties::CodePointMapData;

use super::{code_point, component_at, pct_runs, text_components, Code, Sink};
use crate::characters::is_bidi_formatting as is_bidi_control;
use crate::parsing::components::{Reference, Span};

pub(super) fn check(r: &Reference<'_>, sink: &mut Sink<'_, '_>) {
    if sink.ascii && !sink.percent {
        return;
    }
    let input = r.as_str();
    if sink.on(Code::BidiFormattingCharacter) && !sink.ascii {
        for (i, c) in input.char_indices().filter(|&(_, c)| is_bidi_control(c)) {
            sink.push(
                Code::BidiFormattingCharacter,
                Span {
                    start: i,
                    end: i + c.len_utf8(),
                },
                component_at(r, i),
                format!("bidirectional formatting character {}", code_point(c)),
                Some(String::new()),
            );
        }
    }
    if sink.percent
        && sink.on(Code::EncodedBidiFormattingCharacter)
        // The UTF-8 of U+061C begins with %D8, that of the others with %E2.
        && (input.contains("%E") || input.contains("%e") || input.contains("%D8") || input.contains("%d8"))
    {
        for (start, _, octets) in pct_runs(input) {
            let mut at = start;
            for chunk in octets.utf8_chunks() {
                for c in chunk.valid().chars() {
                    let len = 3 * c.len_utf8();
                    if is_bidi_control(c) {
                        sink.push(
                            Code::EncodedBidiFormattingCharacter,
                            Span {
                                start: at,
                                end: at + len,
                            },
                            component_at(r, at),
                            format!(
                                "percent-encoded bidirectional formatting character {}",
                                code_point(c)
                            ),
                            None,
                        );
                    }
                    at += len;
                }
                at += 3 * chunk.invalid().len();
            }
        }
    }
    if sink.ascii
        || !(sink.on(Code::BidiMixedDirection) || sink.on(Code::BidiComponentBoundary))
        || !input.chars().any(in_rtl_blocks)
    {
        return;
    }
    for (_, c) in text_components(r) {
        if c.as_str().is_ascii() {
            continue;
        }
        let mut start = 0;
        for piece in c.as_str().split(is_delimiter) {
            let span = Span {
                start: c.span().start + start,
                end: c.span().start + start + piece.len(),
            };
            start += piece.len() + 1;
            component_rules(r, piece, span, sink);
        }
    }
}

/// The delimiters between the components of RFC 3987 §4.2: gen-delims, sub-delims and ".".
fn is_delimiter(c: char) -> bool {
    crate::characters::is_reserved(c) || c == '.'
}

/// A strong right-to-left character (bidi class `R` or `AL`), not counting the marks RLM and ALM,
/// which are formatting characters ([`Code::BidiFormattingCharacter`]).
fn is_rtl(c: char) -> bool {
    // Nothing below the Hebrew block is right-to-left (UAX #9 Table 4: R and AL start at U+0590);
    // most non-ASCII text is Latin and is done here without a table look-up.
    c >= '\u{590}'
        && matches!(
            bidi_class(c),
            BidiClass::RightToLeft | BidiClass::ArabicLetter
        )
        && !is_bidi_control(c)
}

/// Whether `c` lies in the blocks that hold every strong right-to-left character (Hebrew to Arabic
/// Extended-A, the Hebrew and Arabic presentation forms, and the right-to-left ranges of plane 1):
/// the rules of RFC 3987 §4.2 have nothing to do in a text without one. A test checks every
/// character's bidi class against it.
fn in_rtl_blocks(c: char) -> bool {
    matches!(
        c,
        '\u{590}'..='\u{8FF}' | '\u{FB1D}'..='\u{FEFF}' | '\u{10800}'..='\u{10FFF}' | '\u{1E800}'..='\u{1EFFF}'
    )
}

/// The characters of a component for the rules of RFC 3987 §4.2: each run of `%HH` that is UTF-8 is
/// decoded, wherever it is in the component, so that an encoded character counts as the character
/// it stands for at either end (`\u{5D2}\u{5D4}%31` and `%32\u{5D8}\u{5D9}` are read alike); a `%HH`
/// that is not part of UTF-8 stays as its three ASCII characters.
fn decoded(piece: &str) -> Vec<char> {
    if !piece.contains('%') {
        return piece.chars().collect();
    }
    let mut out = Vec::with_capacity(piece.len());
    let mut at = 0;
    for (start, end, octets) in pct_runs(piece) {
        out.extend(piece[at..start].chars());
        let mut i = start;
        for chunk in octets.utf8_chunks() {
            out.extend(chunk.valid().chars());
            i += 3 * chunk.valid().len();
            out.extend(piece[i..i + 3 * chunk.invalid().len()].chars());
            i += 3 * chunk.invalid().len();
        }
        at = end;
    }
    out.extend(piece[at..].chars());
    out
}

/// Rules 1 and 2 of RFC 3987 §4.2 on one component (its characters decoded, [`decoded`]).
///
/// Rule 2, "A component using right-to-left characters SHOULD start and end with right-to-left
/// characters": the first character must be right-to-left (`R` or `AL`); so must the last, after the
/// nonspacing marks that end the component, which take the direction of the character before them
/// (UAX #9 rule W1; RFC 5893 §2 rule 3 allows them at the end of a right-to-left label). A digit
/// (`EN` or `AN`) at either end breaks the rule; digits inside are fine, the softening that
/// draft-duerst-iri-01 §4.1 asks of its restriction 3.
fn component_rules(r: &Reference<'_>, piece: &str, span: Span, sink: &mut Sink<'_, '_>) {
    let chars = decoded(piece);
    if !chars.iter().copied().any(is_rtl) {
        return;
    }
    if chars
        .iter()
        .any(|&c| bidi_class(c) == BidiClass::LeftToRight && !is_bidi_control(c))
    {
        sink.push(
            Code::BidiMixedDirection,
            span,
            component_at(r, span.start),
            format!(
                "{} mixes right-to-left and left-to-right characters",
                crate::parsing::error::quote(piece)
            ),
            None,
        );
        return;
    }
    let first = chars.first().copied();
    let last = chars
        .iter()
        .rev()
        .copied()
        .find(|&c| bidi_class(c) != BidiClass::NonspacingMark);
    if !first.is_some_and(is_rtl) || !last.is_some_and(is_rtl) {
        sink.push(
            Code::BidiComponentBoundary,
            span,
            component_at(r, span.start),
            format!(
                "the right-to-left component {} does not start and end with a right-to-left \
                 character",
                crate::parsing::error::quote(piece)
            ),
            None,
        );
    }
}

/// The Bidi_Class of `c` (UAX #9 §3.2), from the Unicode data the crate's other properties come from.
fn bidi_class(c: char) -> BidiClass {
    CodePointMapData::<BidiClass>::new().get(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`in_rtl_blocks`] holds every character of bidi class R or AL (UAX #9, through `unicode-bidi`)
    /// but the marks RLM and ALM (which [`is_rtl`] leaves to `bidi-formatting-character`).
    #[test]
    fn every_right_to_left_character_is_in_the_blocks() {
        let mut rtl = 0;
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            if is_rtl(c) {
                assert!(in_rtl_blocks(c), "U+{:04X}", c as u32);
                rtl += 1;
            }
        }
        // Hebrew and Arabic alone have more than a thousand.
        assert!(rtl > 1000, "{rtl}");
        assert!(!in_rtl_blocks('a') && !in_rtl_blocks('\u{58F}') && in_rtl_blocks('\u{5D0}'));
    }

    fn codes(input: &str) -> Vec<&'static str> {
        let r = crate::parsing::split::parse(crate::grammar::Grammar::Leiri, input).unwrap();
        crate::lint::lint(&r, &crate::lint::LintOptions::default())
            .into_iter()
            .map(|d| d.code.info().name)
            .filter(|n| n.starts_with("bidi") || n.starts_with("encoded-bidi"))
            .collect()
    }

    #[test]
    fn combining_marks_at_the_end_are_fine() {
        // UAX #9 W1: the marks take the direction of the letter before them.
        assert_eq!(
            codes("http://a/\u{643}\u{62A}\u{627}\u{628}\u{64C}"),
            Vec::<&str>::new()
        );
        assert_eq!(
            codes("http://a/\u{5D0}\u{5D1}\u{5D2}\u{5B0}"),
            Vec::<&str>::new()
        );
        // A mark at the start has no letter before it.
        assert_eq!(
            codes("http://a/\u{5B0}\u{5D0}"),
            ["bidi-component-boundary"]
        );
    }

    #[test]
    fn digits_at_either_end_warn_and_inside_do_not() {
        for input in [
            "http://a/2024\u{5E9}\u{5E0}\u{5D4}",
            "http://a/\u{5E9}\u{5E0}\u{5D4}2024",
            "http://a/\u{660}\u{643}\u{62A}\u{627}\u{628}",
            "http://a/\u{643}\u{62A}\u{627}\u{628}\u{661}",
        ] {
            assert_eq!(codes(input), ["bidi-component-boundary"], "{input}");
        }
        assert_eq!(codes("http://a/\u{5E9}2024\u{5E0}"), Vec::<&str>::new());
        assert_eq!(codes("http://a/\u{643}\u{661}\u{628}"), Vec::<&str>::new());
    }

    #[test]
    fn percent_encoded_ends_are_decoded_alike() {
        assert_eq!(codes("/\u{5D2}\u{5D4}%31"), ["bidi-component-boundary"]);
        assert_eq!(codes("/%32\u{5D8}\u{5D9}"), ["bidi-component-boundary"]);
        // An encoded right-to-left letter at the end is a right-to-left letter.
        assert_eq!(codes("/\u{5D2}\u{5D4}%D7%90"), Vec::<&str>::new());
        assert_eq!(codes("/%D7%90\u{5D2}"), Vec::<&str>::new());
        // Octets that are not UTF-8 stay "%" and hex digits, as they are displayed.
        assert_eq!(codes("/\u{5D2}%FF"), ["bidi-mixed-direction"]);
        assert_eq!(codes("/\u{5D2}%80"), ["bidi-component-boundary"]);
        assert_eq!(
            decoded("a%D7%90%FFb%41"),
            ['a', '\u{5D0}', '%', 'F', 'F', 'b', 'A']
        );
    }

    #[test]
    fn every_bidi_formatting_character_is_reported_raw_and_encoded() {
        assert_eq!(codes("/a\u{61C}b"), ["bidi-formatting-character"]);
        assert_eq!(codes("/a%D8%9Cb"), ["encoded-bidi-formatting-character"]);
        assert_eq!(codes("/a%E2%81%A6b"), ["encoded-bidi-formatting-character"]);
        for c in crate::characters::BIDI_FORMATTING {
            let mut encoded = String::from("/");
            crate::characters::push_pct_utf8(&mut encoded, c);
            assert_eq!(codes(&encoded), ["encoded-bidi-formatting-character"]);
            assert_eq!(codes(&format!("/{c}")), ["bidi-formatting-character"]);
        }
    }
}
