//! Unicode normalization (3987bis §3.1, §4.1 b; RFC 3987 §5.3.2.2; draft-duerst-iri-01 §2.3).

use unicode_normalization::{is_nfc_quick, is_nfkc_quick, IsNormalized, UnicodeNormalization};

use super::{code_point, component_at, Code, Sink};
use crate::characters::Place;
use crate::parsing::components::{Reference, Span};

pub(super) fn check(r: &Reference<'_>, sink: &mut Sink<'_, '_>) {
    if sink.ascii {
        return;
    }
    let input = r.as_str();
    if sink.on(Code::NotNfc) && is_nfc_quick(input.chars()) != IsNormalized::Yes {
        for (start, end) in chunks(input) {
            let chunk = &input[start..end];
            let nfc = nfc_keeping_delimiters(chunk);
            if nfc != chunk {
                // Only the characters that NFC changes: the common prefix and suffix left out.
                let prefix: usize = chunk
                    .chars()
                    .zip(nfc.chars())
                    .take_while(|(a, b)| a == b)
                    .map(|(a, _)| a.len_utf8())
                    .sum();
                let suffix: usize = chunk[prefix..]
                    .chars()
                    .rev()
                    .zip(nfc[prefix..].chars().rev())
                    .take_while(|(a, b)| a == b)
                    .map(|(a, _)| a.len_utf8())
                    .sum();
                let (start, end) = (start + prefix, end - suffix);
                let chunk = &input[start..end];
                let nfc = nfc[prefix..nfc.len() - suffix].to_string();
                sink.push(
                    Code::NotNfc,
                    Span { start, end },
                    component_at(r, start),
                    format!(
                        "{} is not in Normalization Form C",
                        crate::parsing::error::quote(chunk)
                    ),
                    Some(nfc),
                );
            }
        }
    }
    if sink.on(Code::CompatibilityCharacter) && is_nfkc_quick(input.chars()) != IsNormalized::Yes {
        // White space is `invisible-character`'s, the half-width and full-width forms (and the rest
        // of `characters::not_appropriate`) `not-appropriate-character`'s.
        let candidates = input.char_indices().filter(|&(i, c)| {
            !c.is_ascii()
                && !crate::characters::is_non_ascii_white_space(c)
                && crate::characters::not_appropriate(
                    c,
                    Place::from_name(component_at(r, i)).unwrap_or(Place::Path),
                )
                .is_none()
        });
        for (i, c) in candidates {
            let one = std::iter::once(c);
            if is_nfkc_quick(one.clone()) == IsNormalized::Yes {
                continue;
            }
            let nfkc: String = one.clone().nfkc().collect();
            let nfc: String = one.nfc().collect();
            // A character that NFC already changes is `not-nfc`'s.
            if nfkc != nfc {
                sink.push(
                    Code::CompatibilityCharacter,
                    Span {
                        start: i,
                        end: i + c.len_utf8(),
                    },
                    component_at(r, i),
                    format!(
                        "compatibility character {} (NFKC: {})",
                        code_point(c),
                        crate::parsing::error::quote(&nfkc)
                    ),
                    Some(nfkc),
                );
            }
        }
    }
}

/// NFC of a chunk of [`chunks`], with every character that NFC brings in and that is a delimiter (an
/// ASCII character other than a letter or digit: U+037E GREEK QUESTION MARK is canonically ";") or
/// not appropriate in an IRI percent-encoded, as the `nfc` level of `normalize` writes it: a
/// suggestion never moves where a component or a key-value pair ends (RFC 3986 §2.2).
fn nfc_keeping_delimiters(chunk: &str) -> String {
    let mut out = String::with_capacity(chunk.len());
    for c in chunk.nfc() {
        if c.is_ascii_alphanumeric()
            || !c.is_ascii() && crate::characters::not_appropriate(c, Place::Query).is_none()
        {
            out.push(c);
        } else {
            crate::characters::push_pct_utf8(&mut out, c);
        }
    }
    out
}

/// Whether NFC may change `c` together with its neighbours in a suggestion: a character outside
/// US-ASCII that is appropriate in an IRI. The ASCII characters other than letters and digits (the
/// delimiters) and the characters of `characters::not_appropriate` (which other codes report, and
/// which URI-to-IRI conversion and every normalization level keep percent-encoded) bound the chunks:
/// U+0338 after "=" is not composed into "≠", U+037E is not made ";".
fn in_chunk(c: char) -> bool {
    !c.is_ascii() && crate::characters::not_appropriate(c, Place::Query).is_none()
}

/// The byte ranges of `text` that NFC can change independently without moving a delimiter: each
/// maximal run of characters of [`in_chunk`] with the ASCII letter or digit before it, if any (a
/// combining mark can follow an ASCII letter). Where no delimiter and no character of
/// `characters::not_appropriate` stands, NFC of the text is NFC of the chunks and the ASCII between
/// them, since an ASCII character never combines with what precedes it and never reorders (canonical
/// combining class 0).
fn chunks(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut previous: Option<(usize, char)> = None;
    let mut run: Option<usize> = None;
    for (i, c) in text.char_indices() {
        if in_chunk(c) {
            if run.is_none() {
                run = Some(match previous {
                    Some((p, q)) if q.is_ascii_alphanumeric() => p,
                    _ => i,
                });
            }
        } else if let Some(start) = run.take() {
            out.push((start, i));
        }
        previous = Some((i, c));
    }
    if let Some(start) = run {
        out.push((start, text.len()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// NFC of the text is the chunks' NFC with the ASCII between them unchanged.
    #[test]
    fn chunks_are_independent() {
        for text in [
            "re\u{301}sum\u{E9}",
            "\u{301}a",
            "\u{1100}\u{1161}x\u{212B}",
            "a\u{308}\u{301}.b\u{327}\u{301}",
            "abc",
        ] {
            let mut rebuilt = String::new();
            let mut at = 0;
            for (s, e) in chunks(text) {
                rebuilt.push_str(&text[at..s]);
                rebuilt.extend(text[s..e].nfc());
                at = e;
            }
            rebuilt.push_str(&text[at..]);
            assert_eq!(rebuilt, text.nfc().collect::<String>(), "{text:?}");
        }
    }

    /// A delimiter and a character that is not appropriate bound the chunks: NFC would compose "="
    /// and U+0338 into U+2260 and make U+037E a ";".
    #[test]
    fn chunks_stop_at_delimiters_and_not_appropriate_characters() {
        assert_eq!(chunks("x=\u{338}y"), vec![]);
        assert_eq!(chunks("a\u{37E}b"), vec![]);
        assert_eq!(chunks("=e\u{301}"), vec![(1, 4)]);
        assert_eq!(chunks("\u{338}e\u{301}"), vec![(2, 5)]);
        assert_eq!(nfc_keeping_delimiters("e\u{301}"), "\u{E9}");
    }
}
