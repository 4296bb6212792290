//! The notation of the spec documents' examples (3987bis §1.4): `&#xHHHH;` is the character
//! U+HHHH, `&amp;` is "&", and `<hh>` is the raw octet 0xhh. The repository's fixtures
//! (`tests/fixtures/spec-examples.jsonl`) are written in it; `iri judge`'s built-in cases decode them
//! here, and the test-support crate uses it for the test suites, the fuzz corpora and the portable
//! test data.

/// The octets that `s`, written in the notation of 3987bis §1.4, denotes: UTF-8 text unless it holds
/// a raw octet (`<hh>`) that is not. Everything that is not a complete `&#xHHHH;` naming a
/// character, `&amp;` or `<hh>` stands for itself.
pub fn decode_notation(s: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut rest = s;
    while let Some(c) = rest.chars().next() {
        if let Some(after) = rest.strip_prefix("&#x") {
            if let Some(end) = after.find(';') {
                if let Some(ch) = u32::from_str_radix(&after[..end], 16)
                    .ok()
                    .and_then(char::from_u32)
                {
                    out.extend_from_slice(ch.encode_utf8(&mut [0; 4]).as_bytes());
                    rest = &after[end + 1..];
                    continue;
                }
            }
        }
        if let Some(after) = rest.strip_prefix("&amp;") {
            out.push(b'&');
            rest = after;
            continue;
        }
        let b = rest.as_bytes();
        if c == '<'
            && b.len() >= 4
            && b[3] == b'>'
            && b[1].is_ascii_hexdigit()
            && b[2].is_ascii_hexdigit()
        {
            if let Ok(octet) = u8::from_str_radix(&rest[1..3], 16) {
                out.push(octet);
                rest = &rest[4..];
                continue;
            }
        }
        out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// Whether `s` holds a raw octet in the notation `<hh>` of 3987bis §1.4: it denotes octets, which
/// are text only when they happen to be UTF-8.
pub fn has_octet_notation(s: &str) -> bool {
    s.as_bytes().windows(4).any(|w| {
        w[0] == b'<' && w[1].is_ascii_hexdigit() && w[2].is_ascii_hexdigit() && w[3] == b'>'
    })
}

/// The text that `s`, in the notation of 3987bis §1.4, denotes, when it is text: `None` when `s`
/// holds a raw octet (`<hh>`: octets, not characters) or a `&#x` reference that names no character
/// (`&#xD800;`, or one without its `;`).
pub fn notation_text(s: &str) -> Option<String> {
    if has_octet_notation(s) {
        return None;
    }
    String::from_utf8(decode_notation(s))
        .ok()
        .filter(|t| !t.contains("&#x"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_characters_octets_and_ampersands() {
        assert_eq!(decode_notation("r&#xE9;sum&#xE9;"), "résumé".as_bytes());
        assert_eq!(decode_notation("D<c3><bc>rst"), "Dürst".as_bytes());
        assert_eq!(decode_notation("D<fc>rst"), b"D\xFCrst");
        assert_eq!(decode_notation("a&amp;b<x>&#xD800;"), b"a&b<x>&#xD800;");
    }

    #[test]
    fn text_only_where_the_notation_denotes_text() {
        assert_eq!(
            notation_text("http://r&#xE9;sum&#xE9;.example.org").as_deref(),
            Some("http://résumé.example.org")
        );
        assert_eq!(notation_text("http://www.example.org/D<c3><bc>rst"), None);
        assert!(has_octet_notation("D<c3><bc>rst") && !has_octet_notation("D<c3"));
        assert_eq!(notation_text("a&#xD800;"), None);
    }
}
