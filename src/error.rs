//! Errors with positions: byte offset, character column, the rules and tokens expected there, and a
//! caret rendering of the input (in the manner of regex-syntax's diagnostics).

use std::collections::{BTreeSet, HashMap};
use std::fmt;

use pest::error::{ErrorVariant, InputLocation};
use pest::RuleType;

use crate::grammar::Grammar;

/// The input does not match the start rule.
///
/// `offset` is the byte offset of the first character that cannot be part of any match (or the input's
/// length when the input ends too early); `column` is the 1-based character position of that offset.
/// `expected` lists, in spec spelling, the rules that could continue at that offset (`ireg-name`,
/// `port`) and the literal characters the grammar would accept there (`"/"`, `"?"`), plus
/// `end of input` when the input could end there.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ParseError {
    /// The grammar the input was checked against.
    pub grammar: Grammar,
    /// The start rule, in spec spelling.
    pub rule: &'static str,
    /// The input, kept for rendering.
    #[serde(skip)]
    pub input: String,
    /// Byte offset of the error.
    pub offset: usize,
    /// 1-based character column of the error.
    pub column: usize,
    /// What the grammar would accept at the offset.
    pub expected: Vec<String>,
}

impl ParseError {
    pub(crate) fn internal(grammar: Grammar, rule: &'static str, input: &str, what: &str) -> Self {
        ParseError {
            grammar,
            rule,
            input: input.to_string(),
            offset: 0,
            column: 1,
            expected: vec![format!("(internal error: {what})")],
        }
    }

    /// What is at the offset: `character 'é' (U+00E9)` or `end of input`.
    pub fn found(&self) -> String {
        match self.input.get(self.offset..).and_then(|s| s.chars().next()) {
            Some(c) => format!("character {} (U+{:04X})", quote_char(c), c as u32),
            None => "end of input".to_string(),
        }
    }

    /// One line: `invalid character 'é' (U+00E9) at byte offset 8 (column 9); expected …`.
    pub fn message(&self) -> String {
        let found = self.found();
        let what = if found == "end of input" {
            "unexpected end of input".to_string()
        } else {
            format!("invalid {found}")
        };
        format!(
            "{what} at byte offset {} (column {}) for {} `{}`; expected {}",
            self.offset,
            self.column,
            self.grammar,
            self.rule,
            self.expected_text()
        )
    }

    fn expected_text(&self) -> String {
        match self.expected.as_slice() {
            [] => "nothing more".to_string(),
            [one] => one.clone(),
            many => format!("one of {}", many.join(", ")),
        }
    }

    /// The input on one line (characters that would disturb the display escaped as `\u{…}`) with a caret
    /// under the error, as two lines.
    pub fn render_caret(&self) -> String {
        let (line, caret_col) = render_line(&self.input, self.offset);
        format!("{line}\n{:>width$}", "^", width = caret_col + 1)
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.message())?;
        for line in self.render_caret().lines() {
            writeln!(f, "  | {line}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ParseError {}

/// 1-based character column of a byte offset (the offset is clamped to the input and to a character
/// boundary at or before it).
pub fn column_of(input: &str, offset: usize) -> usize {
    let mut end = offset.min(input.len());
    while !input.is_char_boundary(end) {
        end -= 1;
    }
    input[..end].chars().count() + 1
}

/// Characters that would make a terminal rendering lie about the input: controls, the bidirectional
/// formatting characters (which reorder what follows them on screen), and characters that show nothing
/// (zero-width and invisible format characters, tags, noncharacters). They are shown as `\u{…}`.
pub fn needs_escape(c: char) -> bool {
    let cp = c as u32;
    c.is_control()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{FFF0}'..='\u{FFFB}'
                | '\u{E0000}'..='\u{E0FFF}'
        )
        || (0xFDD0..=0xFDEF).contains(&cp)
        || cp & 0xFFFE == 0xFFFE
}

/// Renders the input for display and returns the display column (0-based, in characters) of `offset`.
fn render_line(input: &str, offset: usize) -> (String, usize) {
    let mut out = String::new();
    let mut caret = None;
    let mut col = 0;
    for (i, c) in input.char_indices() {
        if i >= offset && caret.is_none() {
            caret = Some(col);
        }
        if needs_escape(c) {
            let e = format!("\\u{{{:X}}}", c as u32);
            col += e.len();
            out.push_str(&e);
        } else {
            col += 1;
            out.push(c);
        }
    }
    (out, caret.unwrap_or(col))
}

/// The input quoted for display, with the characters of [`needs_escape`] and `"`/`\` escaped.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if needs_escape(c) => out.push_str(&format!("\\u{{{:X}}}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn quote_char(c: char) -> String {
    if needs_escape(c) {
        format!("'\\u{{{:X}}}'", c as u32)
    } else if c == '\'' {
        "'\\''".to_string()
    } else {
        format!("'{c}'")
    }
}

/// Formats a character of the grammar the way ABNF does: `"/"` for a printable ASCII character,
/// `%xHH` otherwise.
fn abnf_char(c: char) -> String {
    if c.is_ascii_graphic() && c != '"' || c == ' ' {
        format!("\"{c}\"")
    } else {
        format!("%x{:02X}", c as u32)
    }
}

pub(crate) fn from_pest<R: RuleType>(
    grammar: Grammar,
    rule: &'static str,
    input: &str,
    error: &pest::error::Error<R>,
    spec: &HashMap<R, &'static str>,
) -> ParseError {
    let pest_offset = match error.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    // Rules (spec spelling) and tokens (ABNF notation) expected at the offset, kept apart so that the
    // characters a named rule stands for are not listed one by one.
    let mut expected = BTreeSet::new();
    let mut tokens = BTreeSet::new();
    let mut end_of_input = false;
    let mut offset = pest_offset;
    if let Some(attempts) = error.parse_attempts() {
        offset = attempts.max_position.max(pest_offset);
        for stack in attempts.call_stacks() {
            // The rule that was trying to match at the offset, named in spec spelling; tokens are
            // listed below on their own. The start wrapper itself is not something a person expects.
            let deepest = stack.deepest.get_rule().and_then(|r| spec.get(r)).copied();
            let parent = stack.parent.as_ref().and_then(|r| spec.get(r)).copied();
            if let Some(name) = deepest.or(parent) {
                if name != rule {
                    expected.insert(name.to_string());
                }
            }
        }
        for token in attempts.expected_tokens() {
            // pest does not export the token type; its Debug form tells the kind, Display the text.
            let kind = format!("{token:?}");
            let text = token.to_string();
            let chars: Vec<char> = text.chars().collect();
            if kind.starts_with("Range") && chars.len() == 4 {
                tokens.insert((
                    false,
                    format!("%x{:02X}-{:02X}", chars[0] as u32, chars[3] as u32),
                ));
            } else if kind.starts_with("Insensitive") && chars.len() == 1 {
                // Only "v" of IPvFuture is matched case-insensitively.
                tokens.insert((
                    false,
                    format!("\"{}\" (either case)", chars[0].to_ascii_lowercase()),
                ));
            } else if chars.len() == 1 {
                // gen-delims (RFC 3986 §2.2) separate components: always worth naming.
                let delim = ":/?#[]@".contains(chars[0]);
                tokens.insert((delim, abnf_char(chars[0])));
            } else if !text.is_empty() && !kind.starts_with("BuiltIn") {
                tokens.insert((true, format!("\"{text}\"")));
            }
        }
    }
    if let ErrorVariant::ParsingError { positives, .. } = &error.variant {
        for r in positives {
            match spec.get(r) {
                Some(&name) if name != rule => {
                    expected.insert(name.to_string());
                }
                Some(_) => {}
                None => {
                    // Only EOI is unnamed in the tables.
                    if format!("{r:?}") == "EOI" {
                        end_of_input = true;
                    }
                }
            }
        }
    }
    // With a rule to name, list only the delimiters besides it; with none (a character-level start rule
    // such as `dec-octet`), list every token.
    let with_rules = !expected.is_empty();
    let mut expected: Vec<String> = expected.into_iter().collect();
    expected.extend(
        tokens
            .into_iter()
            .filter(|(delim, _)| *delim || !with_rules)
            .map(|(_, t)| t),
    );
    if end_of_input {
        expected.push("end of input".to_string());
    }
    let offset = offset.min(input.len());
    ParseError {
        grammar,
        rule,
        input: input.to_string(),
        offset,
        column: column_of(input, offset),
        expected,
    }
}
