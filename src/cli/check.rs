//! `iri check`: is each input valid under a grammar rule?

use std::ffi::OsString;
use std::time::Instant;

use clap::{Args, ValueEnum};
use iri_abnf::{validate, Error, Grammar, ParseError};
use serde::Serialize;

use super::input::{for_each_item, Decoding, InputArgs, NotText, NotTextKind};
use super::output::{is_false, Out};
use super::{resolve_rule, GrammarArg};

const CHECK_HELP: &str = "\
Output (--format text): one record per input, `valid \"INPUT\"` on one line, or `invalid \"INPUT\"`
followed by the error (byte offset, 1-based character column, what the grammar expected there) and the
input with a caret under the error. Control, bidi formatting and invisible characters are shown as
\\u{...} and a backslash as \\\\. An input that is not UTF-8 is shown as `invalid bytes \"...\"` with
each byte that is not UTF-8 as \\xHH.

Output (--format json): one JSON object per line per input:
  {\"input\": str | null, \"grammar\": str, \"rule\": str, \"valid\": bool,
   \"error\": null | {\"kind\": str, \"offset\": int, \"column\": int | null, \"expected\": [str],
                      \"message\": str}}
kind is `syntax` for an input that does not match the rule; offset is a byte offset into the input
(UTF-8), column a 1-based count of characters; expected lists rules in spec spelling (ireg-name,
port), literal characters in ABNF notation (\"/\", %x20) and `end of input`. An input that is not
processed has \"input\": null, \"input_escaped\": str (its bytes, escaped as in text output) and
error kind `not-utf8` (offset of the first bad byte) or `too-long` (longer than --max-length).
The record of an input whose byte order mark was removed has \"bom_removed\": true.

Inputs: the INPUT arguments, then the lines of each --input FILE (`-` is standard input); with
neither, the lines of standard input. Only the line terminator \\n or \\r\\n is removed (spaces and
tabs are part of the input); a UTF-8 byte order mark at the start of a file or of standard input is
removed and reported.

Exit status: 0 all inputs valid, 1 at least one invalid (or not UTF-8, or too long), 2 usage error,
unknown rule, unreadable file or write error.

Examples:
  iri check 'http://résumé.example.org'                      # valid under iri (the default)
  iri check --grammar uri 'http://résumé.example.org'        # invalid at byte offset 8, column 9
  iri check --grammar leiri 'http://example.org/a b'         # valid: space is a leiri-ucschar
  iri check --grammar iri --rule ihost 'résumé.example.org'  # any rule can be the start rule
  iri check --count --stats --input urls.txt                 # a file, one input per line
  printf 'http://[::1]/\\nhttp://1.2.3.256/\\n' | iri check --grammar uri --format json";

/// Check inputs against a grammar rule (default: the reference rule, IRI-reference).
#[derive(Args)]
#[command(after_help = CHECK_HELP)]
pub struct CheckArgs {
    /// The grammar.
    #[arg(long, short, value_enum, default_value = "iri")]
    grammar: GrammarArg,
    /// The start rule, in spec spelling (default: IRI-reference, or URI-reference for uri).
    #[arg(long, short)]
    rule: Option<String>,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "text")]
    format: CheckFormat,
    /// Print only a closing count of valid and invalid inputs (on standard output).
    #[arg(long, short, conflicts_with = "format")]
    count: bool,
    /// Print a summary on standard error at the end: inputs, valid, invalid, not UTF-8, too long,
    /// byte order marks removed, time and inputs per second.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    input: InputArgs,
    /// The inputs (strings, not file names: see --input).
    #[arg(value_name = "INPUT")]
    inputs: Vec<OsString>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum CheckFormat {
    Text,
    Json,
}

/// The JSON record of one input: the documented contract of `iri check --format json`.
#[derive(Serialize)]
pub struct CheckRecord<'a> {
    pub input: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_escaped: Option<&'a str>,
    pub grammar: Grammar,
    pub rule: &'a str,
    pub valid: bool,
    pub error: Option<ErrorRecord>,
    #[serde(skip_serializing_if = "is_false")]
    pub bom_removed: bool,
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
            expected: e.expected.iter().map(ToString::to_string).collect(),
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
    let what = match e.kind {
        NotTextKind::Malformed { .. } => "bytes",
        NotTextKind::TooLong { .. } => "prefix",
    };
    out.line(&format!(
        "invalid {what} \"{}\"\n  {}",
        e.escaped,
        e.message()
    ));
}

/// Text output of an invalid input: the message and the caret rendering.
pub fn write_invalid(out: &mut Out, e: &ParseError) {
    let mut text = format!(
        "invalid {}\n  {}\n",
        iri_abnf::error::quote(&e.input),
        e.message()
    );
    for l in e.render_caret().lines() {
        text.push_str("  | ");
        text.push_str(l);
        text.push('\n');
    }
    out.text(&text);
}

#[derive(Default)]
struct Stats {
    inputs: u64,
    valid: u64,
    invalid: u64,
    not_utf8: u64,
    too_long: u64,
    boms: u64,
}

pub fn run(args: &CheckArgs) -> i32 {
    let grammar: Grammar = args.grammar.into();
    let rule = match resolve_rule(grammar, args.rule.as_deref()) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let started = Instant::now();
    let mut out = Out::new();
    let mut stats = Stats::default();
    let read = for_each_item(&args.inputs, 1, &args.input, Decoding::Utf8, |item| {
        if out.broken() {
            return;
        }
        stats.inputs += 1;
        if item.bom_removed {
            stats.boms += 1;
            if !args.count && matches!(args.format, CheckFormat::Text) {
                out.bom_note(&item);
            }
        }
        let input = match item.input {
            Ok(input) => input,
            Err(e) => {
                stats.invalid += 1;
                match e.kind {
                    NotTextKind::Malformed { .. } => stats.not_utf8 += 1,
                    NotTextKind::TooLong { .. } => stats.too_long += 1,
                }
                if args.count {
                    return;
                }
                match args.format {
                    CheckFormat::Json => out.json(&CheckRecord {
                        input: None,
                        input_escaped: Some(&e.escaped),
                        grammar,
                        rule,
                        valid: false,
                        error: Some(ErrorRecord::from(&e)),
                        bom_removed: item.bom_removed,
                    }),
                    CheckFormat::Text => write_not_text(&mut out, &e),
                }
                return;
            }
        };
        let result = validate(grammar, rule, input);
        let error = match &result {
            Ok(()) => {
                stats.valid += 1;
                None
            }
            Err(Error::Parse(e)) => {
                stats.invalid += 1;
                Some(e)
            }
            Err(Error::Rule(_)) => return, // resolved above
        };
        if args.count {
            return;
        }
        match args.format {
            CheckFormat::Json => out.json(&CheckRecord {
                input: Some(input),
                input_escaped: None,
                grammar,
                rule,
                valid: error.is_none(),
                error: error.map(ErrorRecord::from),
                bom_removed: item.bom_removed,
            }),
            CheckFormat::Text => match error {
                None => out.line(&format!("valid {}", iri_abnf::error::quote(input))),
                Some(e) => write_invalid(&mut out, e),
            },
        }
    });
    if args.count {
        out.line(&format!(
            "valid: {}, invalid: {}",
            stats.valid, stats.invalid
        ));
    }
    out.failed = stats.invalid > 0;
    if args.stats {
        let secs = started.elapsed().as_secs_f64();
        out.flush();
        eprintln!(
            "iri: stats: {} inputs, {} valid, {} invalid ({} not UTF-8, {} too long), {} byte \
             order marks removed, {:.3} s, {:.0} inputs/s",
            stats.inputs,
            stats.valid,
            stats.invalid,
            stats.not_utf8,
            stats.too_long,
            stats.boms,
            secs,
            if secs > 0.0 {
                stats.inputs as f64 / secs
            } else {
                0.0
            }
        );
    }
    out.finish(read.is_ok())
}
