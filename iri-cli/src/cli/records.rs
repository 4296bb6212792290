//! The records that several subcommands write alike: the `error` member of a JSON record, the record
//! of an input that is not processed, the text of an invalid input with its caret, and the text of
//! lint diagnostics (`check`, `lint`, `parse`, `compare` and `serve` share them, so that an input
//! reads the same whichever subcommand reports it).

use std::fmt::Write as _;

use iri_abnf::lint::Diagnostic;
use iri_abnf::ParseError;
use serde::Serialize;

use super::input::{NotText, NotTextKind};
use super::output::{parse_message, Out};

/// The record of an input that is not processed, in the subcommands that read inputs one at a
/// time: `"input": null`, the bytes escaped and the error (its members in the order in which they
/// have always been written).
#[derive(Serialize)]
pub struct NotProcessedRecord<'a> {
    pub error: ErrorRecord,
    pub input: Option<&'a str>,
    pub input_escaped: &'a str,
}

impl<'a> From<&'a NotText> for NotProcessedRecord<'a> {
    fn from(e: &'a NotText) -> Self {
        NotProcessedRecord {
            error: ErrorRecord::from(e),
            input: None,
            input_escaped: &e.escaped,
        }
    }
}

/// The `error` member of a JSON record.
#[derive(Serialize)]
pub struct ErrorRecord {
    pub kind: &'static str,
    pub offset: usize,
    pub column: Option<usize>,
    pub expected: Vec<String>,
    pub message: String,
}

impl From<&ParseError> for ErrorRecord {
    fn from(e: &ParseError) -> Self {
        ErrorRecord {
            kind: "syntax",
            offset: e.offset,
            column: Some(e.column),
            expected: e.expected().iter().map(ToString::to_string).collect(),
            message: e.message(),
        }
    }
}

impl From<&NotText> for ErrorRecord {
    fn from(e: &NotText) -> Self {
        ErrorRecord {
            kind: e.kind_name(),
            offset: e.offset,
            column: None,
            expected: Vec::new(),
            message: e.message(),
        }
    }
}

/// Text output of an input that is not processed: `invalid bytes "…"` and the reason.
pub fn write_not_text(out: &mut Out, e: &NotText) {
    out.line(&not_text_record(e));
}

/// The record of an input that is not processed, in JSON (`"input": null`, the escaped bytes and the
/// error, as `iri check` writes it) or as text; it marks the output failed. For the subcommands that
/// read inputs one at a time.
pub fn write_not_processed(out: &mut Out, e: &NotText, json: bool) {
    out.failed = true;
    if json {
        out.json(&NotProcessedRecord::from(e));
    } else {
        write_not_text(out, e);
        out.end_record();
    }
}

/// The text record of an input that is not processed, without the final line feed.
pub fn not_text_record(e: &NotText) -> String {
    let what = match e.kind {
        NotTextKind::Malformed { .. } => "bytes",
        NotTextKind::TooLong { .. } => "prefix",
    };
    format!("invalid {what} \"{}\"\n  {}", e.escaped, e.message())
}

/// Text output of an invalid input: the message and the caret rendering.
pub fn write_invalid(out: &mut Out, e: &ParseError) {
    out.text(&invalid_record(e));
}

/// The text record of an invalid input, with its final line feed.
pub fn invalid_record(e: &ParseError) -> String {
    let mut text = format!(
        "invalid {}\n  {}\n",
        iri_abnf::report::quote(e.input()),
        parse_message(e)
    );
    for l in e.render_caret().lines() {
        text.push_str("  | ");
        text.push_str(l);
        text.push('\n');
    }
    text
}

/// The diagnostics of an input as text, each with its span under the input (a window of a long line:
/// `render_span`), and the number of those left out under `--max-diagnostics` (`iri lint`, `iri check
/// --lint`).
pub fn diagnostics_text(input: &str, diagnostics: &[Diagnostic], omitted: usize) -> String {
    let mut s = String::new();
    for d in diagnostics {
        let _ = writeln!(
            s,
            "  {}[{}]: {} ({})",
            d.severity, d.code, d.message, d.spec
        );
        for l in iri_abnf::report::render_span(input, d.span.start, d.span.end).lines() {
            let _ = writeln!(s, "  | {l}");
        }
        if let Some(suggestion) = &d.suggestion {
            let what = if suggestion.is_empty() {
                "remove it".to_string()
            } else {
                format!("write {}", iri_abnf::report::quote(suggestion))
            };
            let _ = writeln!(
                s,
                "  = suggestion: {what} (byte {}, column {}, {})",
                d.span.start, d.column, d.component
            );
        }
    }
    if omitted > 0 {
        let _ = writeln!(
            s,
            "  = and {omitted} more diagnostic{} (--max-diagnostics 0 shows all)",
            if omitted == 1 { "" } else { "s" }
        );
    }
    s
}
