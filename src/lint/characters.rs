//! Characters to avoid (3987bis §2.2, §4.1 b, §5.1; draft-duerst-iri-01 §5.1;
//! draft-masinter-url-i18n-07 §3.1).

use icu_properties::props::{GeneralCategory, PrependedConcatenationMark};
use unicode_script::{Script, UnicodeScript};
use unicode_security::general_security_profile::IdentifierType;
use unicode_security::GeneralSecurityProfile;

use super::{code_point, component_at, Code, Sink};
use crate::characters::{not_appropriate, NotAppropriate, Place};
use crate::parsing::components::{Reference, Span};

/// The private-use planes and area (the code points of `iprivate` but the tag block).
fn is_private_use(c: char) -> bool {
    matches!(c, '\u{E000}'..='\u{F8FF}' | '\u{F0000}'..='\u{FFFFD}' | '\u{100000}'..='\u{10FFFD}')
}

pub(super) fn check(r: &Reference<'_>, sink: &mut Sink<'_, '_>) {
    let input = r.as_str();
    // In ASCII only the space and the controls are of interest.
    if sink.ascii && !sink.space_or_control {
        return;
    }
    for (i, c) in input.char_indices() {
        // ASCII: only the space and the controls (LEIRI) are of interest.
        if c.is_ascii() && c != ' ' && !c.is_ascii_control() {
            continue;
        }
        let span = Span {
            start: i,
            end: i + c.len_utf8(),
        };
        let v = c as u32;
        let (code, what) = if is_private_use(c) && component_at(r, i) != "query" {
            (Code::PrivateUseCharacter, "private-use character")
        } else if crate::characters::is_noncharacter(c) {
            (Code::Noncharacter, "noncharacter")
        } else if (0xE0000..=0xE0FFF).contains(&v) {
            (Code::TagCharacter, "tag character")
        } else if c == ' ' || crate::characters::is_non_ascii_white_space(c) {
            (Code::InvisibleCharacter, "white-space character")
        } else if c.is_control() {
            (Code::InvisibleCharacter, "control character")
        } else if crate::characters::is_invisible(c)
            && !crate::characters::is_bidi_formatting(c)
            && c.identifier_type() != Some(IdentifierType::Deprecated)
            && !icu_properties::CodePointSetData::new::<PrependedConcatenationMark>().contains(c)
        {
            // Default_Ignorable_Code_Point or Cf (the bidi controls and the deprecated format
            // characters U+206A-U+206F have their own codes, and the prepended concatenation marks
            // such as U+0600 ARABIC NUMBER SIGN, which are visible, are `not-appropriate-character`'s): the one
            // property test of `characters::is_invisible`, so that the joiners and variation
            // selectors that URI-to-IRI conversion keeps are mentioned too.
            let component = component_at(r, i);
            let format = icu_properties::CodePointMapData::<GeneralCategory>::new().get(c)
                == GeneralCategory::Format;
            let what = if format {
                "invisible format character"
            } else {
                "invisible character"
            };
            let why = if crate::characters::is_kept_invisible(c) {
                "a joiner or variation selector that text needs, which URI-to-IRI conversion keeps \
                 (3987bis §4.1 b)"
                    .to_string()
            } else {
                let place = Place::from_name(component).unwrap_or(Place::Path);
                let reason = not_appropriate(c, place).unwrap_or(NotAppropriate::FormatCharacter);
                format!("not appropriate in an IRI ({})", reason.source())
            };
            sink.push(
                Code::InvisibleCharacter,
                span,
                component,
                format!("{what} {} in the {component}: {why}", code_point(c)),
                None,
            );
            continue;
        } else if (('\u{A0}'..='\u{2FF}').contains(&c) && c != '\u{149}')
            || ('\u{4E00}'..='\u{9FFF}').contains(&c)
            || ('\u{AC00}'..='\u{D7A3}').contains(&c)
        {
            // Latin-1 to the spacing modifiers, the CJK Unified Ideographs and the Hangul syllables:
            // all assigned (Unicode 14 filled U+9FFD-U+9FFF), U+0149 the only deprecated one, and
            // the rest of this chain has nothing here (the common cases, without a table look-up).
            continue;
        } else if c.identifier_type() == Some(IdentifierType::Deprecated) {
            (Code::DeprecatedCharacter, "deprecated character")
        } else if let Some(reason) = not_appropriate(
            c,
            Place::from_name(component_at(r, i)).unwrap_or(Place::Path),
        )
        .filter(|&reason| {
            !matches!(
                reason,
                NotAppropriate::BidiFormatting | NotAppropriate::LookAlike
            )
        }) {
            // The rest of the one set of 3987bis §3.7 step 4 (the bidi formatting characters are
            // `bidi-formatting-character`'s, the look-alikes `syntax-look-alike`'s).
            let component = component_at(r, i);
            sink.push(
                Code::NotAppropriateCharacter,
                span,
                component,
                format!(
                    "{} {} in the {component}: not appropriate in an IRI ({})",
                    reason.description(),
                    code_point(c),
                    reason.source(),
                ),
                None,
            );
            continue;
        } else if c.script() == Script::Unknown && !crate::characters::is_noncharacter(c) {
            // Unknown: unassigned, private use, noncharacters and surrogates (UAX #24); the
            // private use outside the query and the noncharacters are reported above.
            if is_private_use(c) {
                continue;
            }
            (Code::UnassignedCodePoint, "unassigned code point")
        } else {
            continue;
        };
        // Looked up only for a finding: the common characters pass without it.
        let component = component_at(r, i);
        sink.push(
            code,
            span,
            component,
            format!("{what} {} in the {component}", code_point(c)),
            None,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ranges that `check` passes without a look-up have nothing for its later branches.
    #[test]
    fn the_skipped_ranges_are_assigned_and_not_deprecated() {
        let ranges = [
            ('\u{A0}', '\u{2FF}'),
            ('\u{4E00}', '\u{9FFF}'),
            ('\u{AC00}', '\u{D7A3}'),
        ];
        for (first, last) in ranges {
            for c in first..=last {
                if c == '\u{149}' {
                    continue;
                }
                assert_ne!(c.script(), Script::Unknown, "U+{:04X}", c as u32);
                assert_ne!(
                    c.identifier_type(),
                    Some(IdentifierType::Deprecated),
                    "U+{:04X}",
                    c as u32
                );
                // White space, controls and invisible characters are reported before the skip, the
                // look-alikes by `syntax-look-alike`.
                if !c.is_control()
                    && !crate::characters::is_non_ascii_white_space(c)
                    && !crate::characters::is_invisible(c)
                {
                    assert!(
                        matches!(
                            not_appropriate(c, Place::Path),
                            None | Some(NotAppropriate::LookAlike)
                        ),
                        "U+{:04X}",
                        c as u32
                    );
                }
            }
        }
        assert_eq!(
            '\u{149}'.identifier_type(),
            Some(IdentifierType::Deprecated)
        );
    }
}
