//! Text for the reports and messages: inputs escaped so that each stays on one line and shows its
//! invisible characters.

use std::borrow::Cow;

use iri_abnf::report::needs_escape;

/// Text for display on one terminal line: `\` as `\\`, and control, bidi formatting and invisible
/// characters ([`needs_escape`]) as `\u{X}`, as the `iri` command shows inputs. The JSON report
/// never goes through this: it is exact.
pub(crate) fn escape(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| c == '\\' || needs_escape(c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c == '\\' {
            out.push_str("\\\\");
        } else if needs_escape(c) {
            out.push_str(&format!("\\u{{{:X}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn backslashes_and_invisible_characters_are_escaped() {
        assert_eq!(escape("http://a/b"), "http://a/b");
        assert_eq!(escape("a\\b"), "a\\\\b");
        assert_eq!(escape("a\u{202E}b\nc"), "a\\u{202E}b\\u{A}c");
    }
}
