//! Bidirectional text (RFC 3987 §4.1, §4.2; draft-duerst-iri-01 §4.1).

use unicode_bidi::{bidi_class, BidiClass};

use super::{code_point, component_at, pct_runs, text_components, Code, Sink};
use crate::components::{Reference, Span};

/// The characters of [`Code::BidiFormattingCharacter`]: the seven of RFC 3987 §4.1, the isolates
/// U+2066–U+2069 and U+061C ARABIC LETTER MARK (UAX #9 §2).
pub(super) fn is_bidi_control(c: char) -> bool {
    crate::characters::is_bidi_formatting(c) || matches!(c, '\u{2066}'..='\u{2069}' | '\u{61C}')
}

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
        && (input.contains("%E") || input.contains("%e"))
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
    c >= '\u{590}' && matches!(bidi_class(c), BidiClass::R | BidiClass::AL) && !is_bidi_control(c)
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

fn is_digit(c: char) -> bool {
    matches!(bidi_class(c), BidiClass::EN | BidiClass::AN)
}

/// Rules 1 and 2 of RFC 3987 §4.2 on one component.
fn component_rules(r: &Reference<'_>, piece: &str, span: Span, sink: &mut Sink<'_, '_>) {
    if !piece.chars().any(is_rtl) {
        return;
    }
    if piece
        .chars()
        .any(|c| bidi_class(c) == BidiClass::L && !is_bidi_control(c))
    {
        sink.push(
            Code::BidiMixedDirection,
            span,
            component_at(r, span.start),
            format!(
                "{} mixes right-to-left and left-to-right characters",
                crate::error::quote(piece)
            ),
            None,
        );
        return;
    }
    let edge_ok = |c: Option<char>| c.is_some_and(|c| is_rtl(c) || is_digit(c));
    if !edge_ok(piece.chars().next()) || !edge_ok(piece.chars().next_back()) {
        sink.push(
            Code::BidiComponentBoundary,
            span,
            component_at(r, span.start),
            format!(
                "the right-to-left component {} does not start and end with a right-to-left \
                 character or a digit",
                crate::error::quote(piece)
            ),
            None,
        );
    }
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
}
