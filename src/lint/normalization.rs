//! Unicode normalization (3987bis §3.1, §4.1 b; RFC 3987 §5.3.2.2; draft-duerst-iri-01 §2.3).

use unicode_normalization::{is_nfc_quick, is_nfkc_quick, IsNormalized, UnicodeNormalization};

use super::{code_point, component_at, Code, Sink};
use crate::components::{Reference, Span};

pub(super) fn check(r: &Reference<'_>, sink: &mut Sink<'_, '_>) {
    if sink.ascii {
        return;
    }
    let input = r.as_str();
    if sink.on(Code::NotNfc) && is_nfc_quick(input.chars()) != IsNormalized::Yes {
        for (start, end) in chunks(input) {
            let chunk = &input[start..end];
            let nfc: String = chunk.nfc().collect();
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
                        crate::error::quote(chunk)
                    ),
                    Some(nfc),
                );
            }
        }
    }
    if sink.on(Code::CompatibilityCharacter) && is_nfkc_quick(input.chars()) != IsNormalized::Yes {
        // White space is `invisible-character`'s, the half-width and full-width forms (and the rest
        // of `characters::not_appropriate`) `not-appropriate-character`'s.
        let candidates = input.char_indices().filter(|&(_, c)| {
            !c.is_ascii()
                && !crate::characters::is_non_ascii_white_space(c)
                && crate::characters::not_appropriate(c, true).is_none()
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
                        crate::error::quote(&nfkc)
                    ),
                    Some(nfkc),
                );
            }
        }
    }
}

/// The byte ranges of `text` that NFC can change independently: each maximal run of non-ASCII
/// characters with the ASCII character before it, if any (a combining mark can follow an ASCII
/// letter). NFC of the text is NFC of the chunks and the ASCII between them, since an ASCII character
/// never combines with what precedes it and never reorders (canonical combining class 0).
fn chunks(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii() {
            i += 1;
            continue;
        }
        let start = if i > 0 { i - 1 } else { 0 };
        while i < b.len() && !b[i].is_ascii() {
            i += 1;
        }
        out.push((start, i));
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
}
