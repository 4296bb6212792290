//! `iri check`: is each input valid under a grammar rule?

use std::ffi::OsString;
use std::io::Write;

use clap::{Args, ValueEnum};
use iri_abnf::{validate, Error, Grammar, ParseError};
use serde::Serialize;

use super::input::for_each_input;
use super::{resolve_rule, GrammarArg, EXIT_ERROR, EXIT_INVALID, EXIT_OK};

const CHECK_HELP: &str = "\
Output (--format text): one line per input, `valid \"INPUT\"` or `invalid \"INPUT\"` followed by the
error (byte offset, 1-based character column, what the grammar expected there) and the input with a
caret under the error. Control and bidi formatting characters are shown as \\u{...}.

Output (--format json): one JSON object per line per input:
  {\"input\": str, \"grammar\": str, \"rule\": str, \"valid\": bool,
   \"error\": null | {\"offset\": int, \"column\": int, \"expected\": [str], \"message\": str}}
offset is a byte offset into the input (UTF-8), column a 1-based count of characters; expected lists
rules in spec spelling (ireg-name, port), literal characters in ABNF notation (\"/\", %x20) and
`end of input`.

Inputs: the INPUT arguments, or else one input per line of standard input (only the line terminator
\\n or \\r\\n is removed; spaces and tabs are part of the input). Input that is not UTF-8 is reported on
standard error with its line and byte offset and is not checked.

Exit status: 0 all inputs valid, 1 at least one invalid, 2 usage error, unknown rule, unreadable or
non-UTF-8 input.

Examples:
  iri check 'http://résumé.example.org'                      # valid under iri (the default)
  iri check --grammar uri 'http://résumé.example.org'        # invalid at byte offset 8, column 9
  iri check --grammar leiri 'http://example.org/a b'         # valid: space is a leiri-ucschar
  iri check --grammar iri --rule ihost 'résumé.example.org'  # any rule can be the start rule
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
    /// The inputs; if none, one input per line of standard input.
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
    pub input: &'a str,
    pub grammar: Grammar,
    pub rule: &'a str,
    pub valid: bool,
    pub error: Option<ErrorRecord>,
}

/// The `error` member of a JSON record.
#[derive(Serialize)]
pub struct ErrorRecord {
    pub offset: usize,
    pub column: usize,
    pub expected: Vec<String>,
    pub message: String,
}

impl From<&ParseError> for ErrorRecord {
    fn from(e: &ParseError) -> Self {
        ErrorRecord {
            offset: e.offset,
            column: e.column,
            expected: e.expected.clone(),
            message: e.message(),
        }
    }
}

pub fn run(args: &CheckArgs) -> i32 {
    let grammar: Grammar = args.grammar.into();
    let rule = match resolve_rule(grammar, args.rule.as_deref()) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let (mut valid, mut invalid) = (0u64, 0u64);
    let mut write_error = None;
    let read = for_each_input(&args.inputs, |_, input| {
        if write_error.is_some() {
            return;
        }
        let result = validate(grammar, rule, input);
        let error = match &result {
            Ok(()) => {
                valid += 1;
                None
            }
            Err(Error::Parse(e)) => {
                invalid += 1;
                Some(e)
            }
            Err(Error::Rule(_)) => return, // resolved above
        };
        let written = if args.count {
            Ok(())
        } else {
            match args.format {
                CheckFormat::Json => {
                    let record = CheckRecord {
                        input,
                        grammar,
                        rule,
                        valid: error.is_none(),
                        error: error.map(ErrorRecord::from),
                    };
                    serde_json::to_writer(&mut out, &record)
                        .map_err(std::io::Error::from)
                        .and_then(|()| writeln!(out))
                }
                CheckFormat::Text => match error {
                    None => writeln!(out, "valid {}", iri_abnf::error::quote(input)),
                    Some(e) => write!(
                        out,
                        "invalid {}\n  {}\n",
                        iri_abnf::error::quote(input),
                        e.message()
                    )
                    .and_then(|()| {
                        e.render_caret()
                            .lines()
                            .try_for_each(|l| writeln!(out, "  | {l}"))
                    }),
                },
            }
        };
        if let Err(e) = written {
            write_error = Some(e);
        }
    });
    if args.count && write_error.is_none() {
        if let Err(e) = writeln!(out, "valid: {valid}, invalid: {invalid}") {
            write_error = Some(e);
        }
    }
    if let Err(e) = out.flush() {
        write_error.get_or_insert(e);
    }
    if let Some(e) = write_error {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            eprintln!("iri: writing output: {e}");
        }
        return EXIT_ERROR;
    }
    if read.is_err() {
        EXIT_ERROR
    } else if invalid > 0 {
        EXIT_INVALID
    } else {
        EXIT_OK
    }
}
