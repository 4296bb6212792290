//! `iri resolve`, `iri relativize`, `iri normalize` and `iri equal`: the reference operations of
//! RFC 3986 §5 and §6 (and RFC 3987 §5.3), under any grammar.

use std::ffi::OsString;
use std::io::Write;

use clap::{Args, ValueEnum};
use iri_abnf::error::quote;
use iri_abnf::normalize::{normalize_with, Options};
use iri_abnf::{Base, Grammar, Level, Mode};
use serde::Serialize;

use super::input::{for_each_input, utf8_error, Origin};
use super::{GrammarArg, EXIT_ERROR, EXIT_INVALID, EXIT_OK};

const INPUTS_HELP: &str = "\
Inputs: the arguments after the first, or else one per line of standard input (only the line
terminator \\n or \\r\\n is removed; spaces and tabs are part of the input). Input that is not UTF-8 is
reported on standard error with its line (or argument) and byte offset and is not processed.";

const RESOLVE_HELP: &str = "\
Resolves each REF against BASE with RFC 3986 Section 5.2 (3987bis Section 4.5 applies it to IRIs and
LEIRIs unchanged). BASE must have a scheme; a fragment in BASE is ignored (RFC 3986 Section 5.1).
--non-strict drops a scheme in REF that equals the base's (Section 5.2.2, backward compatibility):
http:g against http://a/b/c/d;p?q gives http://a/b/c/g instead of http:g.

Output (--format text): the target IRI of each REF, one per line; a REF that is not a reference of
the grammar is reported on standard error.
Output (--format json): one object per line:
  {\"base\": str, \"reference\": str, \"grammar\": str, \"mode\": \"strict\"|\"non-strict\",
   \"target\": str|null, \"error\": str|null}

Exit status: 0 every REF resolved, 1 at least one REF invalid, 2 usage error, invalid BASE or BASE
without a scheme, unreadable or non-UTF-8 input.

Examples:
  iri resolve 'http://a/b/c/d;p?q' ../g '?y' '#s'      # http://a/b/g, http://a/b/c/d;p?y, ...
  iri resolve --non-strict 'http://a/b/c/d;p?q' http:g  # http://a/b/c/g
  printf 'g\\n../x\\n' | iri resolve --format json 'http://a/b/'";

const RELATIVIZE_HELP: &str = "\
For each TARGET (an IRI: it has a scheme), the shortest reference that resolves against BASE
(strictly, RFC 3986 Section 5.2) to exactly TARGET; every answer is checked by resolving it. A target
that no reference reaches (its path has dot segments, as in http://a/x/../y) is an error.

Output (--format text): the reference, one per line (an empty line is the empty reference).
Output (--format json): one object per line:
  {\"base\": str, \"target\": str, \"grammar\": str, \"reference\": str|null, \"error\": str|null}

Exit status: 0 every TARGET relativized, 1 at least one TARGET invalid or unreachable, 2 usage
error, invalid BASE or BASE without a scheme, unreadable or non-UTF-8 input.

Examples:
  iri relativize 'http://a/b/c/d;p?q' http://a/b/c/g http://a/x 'http://a/b/c/g:h'  # g, /x, ./g:h";

const LEVELS_HELP: &str = "\
Levels (--level), each including the ones above it:
  simple   simple string comparison (RFC 3986 Section 6.2.1)
  case     scheme and host to lowercase (ASCII letters), hex digits of %HH to uppercase (6.2.2.1)
  percent  decode %HH of unreserved characters; for IRIs also percent-encoded UTF-8 of iunreserved
           characters; never reserved ones (6.2.2.2, RFC 3987 5.3.2.3)
  path     remove dot segments (6.2.2.3); from a relative-path reference only \".\" segments [default]
  scheme   drop an empty port; for http, https, ws, wss and ftp also the default port and leading
           zeros of the port, and an empty path becomes \"/\" (6.2.3, 3.2.3)
  nfc      Unicode Normalization Form C (RFC 3987 5.3.2.2); never applied below this level
--ipv6-rfc5952 also writes IPv6 literals as RFC 5952 recommends (from the case level up).";

const NORMALIZE_HELP: &str = "\
Output (--format text): the normal form of each INPUT, one per line; an INPUT that is not a
reference of the grammar is reported on standard error.
Output (--format json): one object per line:
  {\"input\": str, \"grammar\": str, \"level\": str, \"normalized\": str|null, \"error\": str|null}

Inputs: the arguments, or else one per line of standard input (only the line terminator is removed).
Input that is not UTF-8 is reported with its line and byte offset and is not processed.

Exit status: 0 every INPUT normalized, 1 at least one INPUT invalid, 2 usage error, unreadable or
non-UTF-8 input.

Examples:
  iri normalize 'eXAMPLE://a/./b/../b/%63/%7bfoo%7d'       # example://a/b/c/%7Bfoo%7D
  iri normalize --level scheme 'HTTP://Example.COM:80'     # http://example.com/
  iri normalize --level case --ipv6-rfc5952 'http://[2001:DB8:0:0:0:0:0:1]/'";

const EQUAL_HELP: &str = "\
Whether A and B are equivalent at the level: their normal forms are the same string.

Output (--format text): `equivalent` or `not equivalent`, with the two normal forms.
Output (--format json): {\"a\": str, \"b\": str, \"grammar\": str, \"level\": str,
  \"equivalent\": bool|null, \"normalized\": [str, str]|null, \"error\": str|null}

Exit status: 0 equivalent, 1 not equivalent, 2 usage error, an input that is not a reference of the
grammar, or non-UTF-8 input.

Examples:
  iri equal --level percent foo://example.com/XML foo://example.com/XM%4c   # exit 0
  iri equal http://big.site/PopularPage.html http://big.site/popularpage.html  # exit 1";

/// Output format of the reference operations.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Format {
    Text,
    Json,
}

/// A level of the comparison ladder.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum LevelArg {
    /// Simple string comparison (RFC 3986 6.2.1)
    Simple,
    /// Case normalization (RFC 3986 6.2.2.1)
    Case,
    /// Percent-encoding normalization (RFC 3986 6.2.2.2, RFC 3987 5.3.2.3)
    Percent,
    /// Path segment normalization (RFC 3986 6.2.2.3)
    Path,
    /// Scheme-based normalization (RFC 3986 6.2.3)
    Scheme,
    /// Unicode NFC (RFC 3987 5.3.2.2)
    Nfc,
}

impl From<LevelArg> for Level {
    fn from(l: LevelArg) -> Level {
        match l {
            LevelArg::Simple => Level::Simple,
            LevelArg::Case => Level::Case,
            LevelArg::Percent => Level::Percent,
            LevelArg::Path => Level::Path,
            LevelArg::Scheme => Level::Scheme,
            LevelArg::Nfc => Level::Nfc,
        }
    }
}

/// Resolve references against a base IRI (RFC 3986 Section 5.2).
#[derive(Args)]
#[command(after_help = format!("{RESOLVE_HELP}\n\n{INPUTS_HELP}"))]
pub struct ResolveArgs {
    /// The grammar of the base and the references.
    #[arg(long, short, value_enum, default_value = "iri")]
    grammar: GrammarArg,
    /// Drop a reference's scheme when it equals the base's (RFC 3986 5.2.2 backward compatibility).
    #[arg(long)]
    non_strict: bool,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "text")]
    format: Format,
    /// The base IRI.
    #[arg(value_name = "BASE")]
    base: OsString,
    /// The references; if none, one per line of standard input.
    #[arg(value_name = "REF")]
    references: Vec<OsString>,
}

/// Find the shortest reference from a base IRI to each target IRI.
#[derive(Args)]
#[command(after_help = format!("{RELATIVIZE_HELP}\n\n{INPUTS_HELP}"))]
pub struct RelativizeArgs {
    /// The grammar of the base and the targets.
    #[arg(long, short, value_enum, default_value = "iri")]
    grammar: GrammarArg,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "text")]
    format: Format,
    /// The base IRI.
    #[arg(value_name = "BASE")]
    base: OsString,
    /// The target IRIs; if none, one per line of standard input.
    #[arg(value_name = "TARGET")]
    targets: Vec<OsString>,
}

/// Normalize references (RFC 3986 Section 6.2, RFC 3987 Section 5.3).
#[derive(Args)]
#[command(after_help = format!("{LEVELS_HELP}\n\n{NORMALIZE_HELP}"))]
pub struct NormalizeArgs {
    /// The grammar of the inputs.
    #[arg(long, short, value_enum, default_value = "iri")]
    grammar: GrammarArg,
    /// The level of the comparison ladder.
    #[arg(long, short, value_enum, default_value = "path")]
    level: LevelArg,
    /// Write IPv6 literals as RFC 5952 recommends.
    #[arg(long)]
    ipv6_rfc5952: bool,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "text")]
    format: Format,
    /// The inputs; if none, one per line of standard input.
    #[arg(value_name = "INPUT")]
    inputs: Vec<OsString>,
}

/// Are two references equivalent at a level of the comparison ladder? (exit 0 yes, 1 no)
#[derive(Args)]
#[command(after_help = format!("{LEVELS_HELP}\n\n{EQUAL_HELP}"))]
pub struct EqualArgs {
    /// The grammar of the inputs.
    #[arg(long, short, value_enum, default_value = "iri")]
    grammar: GrammarArg,
    /// The level of the comparison ladder.
    #[arg(long, short, value_enum, default_value = "path")]
    level: LevelArg,
    /// Write IPv6 literals as RFC 5952 recommends before comparing.
    #[arg(long)]
    ipv6_rfc5952: bool,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "text")]
    format: Format,
    /// The first reference.
    #[arg(value_name = "A")]
    a: OsString,
    /// The second reference.
    #[arg(value_name = "B")]
    b: OsString,
}

/// An argument as text, or the error message naming it.
fn text_arg(arg: &OsString, n: usize) -> Result<String, String> {
    let bytes = os_bytes(arg);
    match String::from_utf8(bytes) {
        Ok(s) => Ok(s),
        Err(e) => Err(utf8_error(
            Origin::Argument(n),
            e.as_bytes(),
            &e.utf8_error(),
        )),
    }
}

#[cfg(unix)]
fn os_bytes(s: &OsString) -> Vec<u8> {
    use std::os::unix::ffi::OsStrExt;
    s.as_bytes().to_vec()
}

#[cfg(not(unix))]
fn os_bytes(s: &OsString) -> Vec<u8> {
    match s.to_str() {
        Some(t) => t.as_bytes().to_vec(),
        None => vec![0xFF],
    }
}

/// Writes records, remembering the first write error; returns the exit code at the end.
struct Output {
    out: std::io::BufWriter<std::io::StdoutLock<'static>>,
    error: Option<std::io::Error>,
    failed: bool,
}

impl Output {
    fn new() -> Output {
        Output {
            out: std::io::BufWriter::new(std::io::stdout().lock()),
            error: None,
            failed: false,
        }
    }

    fn line(&mut self, text: &str) {
        if self.error.is_none() {
            if let Err(e) = writeln!(self.out, "{text}") {
                self.error = Some(e);
            }
        }
    }

    fn json<T: Serialize>(&mut self, record: &T) {
        match serde_json::to_string(record) {
            Ok(s) => self.line(&s),
            Err(e) => self.error = Some(std::io::Error::other(e)),
        }
    }

    /// A failed input: reported on standard error in text mode (after what was written so far).
    fn report(&mut self, origin: Origin, message: &str, format: Format) {
        self.failed = true;
        if let Format::Text = format {
            let _ = self.out.flush();
            eprintln!("iri: {origin}: {message}");
        }
    }

    fn finish(mut self, read: Result<(), ()>) -> i32 {
        if let Err(e) = self.out.flush() {
            self.error.get_or_insert(e);
        }
        if let Some(e) = self.error {
            if e.kind() != std::io::ErrorKind::BrokenPipe {
                eprintln!("iri: writing output: {e}");
            }
            return EXIT_ERROR;
        }
        if read.is_err() {
            EXIT_ERROR
        } else if self.failed {
            EXIT_INVALID
        } else {
            EXIT_OK
        }
    }
}

/// The inputs after the base: the remaining arguments (numbered from 2), or standard input.
fn for_each_after_base(args: &[OsString], mut each: impl FnMut(Origin, &str)) -> Result<(), ()> {
    if args.is_empty() {
        return for_each_input(args, each);
    }
    let mut ok = true;
    for (i, arg) in args.iter().enumerate() {
        match text_arg(arg, i + 2) {
            Ok(s) => each(Origin::Argument(i + 2), &s),
            Err(message) => {
                eprintln!("iri: {message}");
                ok = false;
            }
        }
    }
    if ok {
        Ok(())
    } else {
        Err(())
    }
}

fn base(grammar: Grammar, arg: &OsString) -> Result<Base, i32> {
    let text = text_arg(arg, 1).map_err(|m| {
        eprintln!("iri: {m}");
        EXIT_ERROR
    })?;
    Base::new(grammar, &text).map_err(|e| {
        eprintln!("iri: {e}");
        EXIT_ERROR
    })
}

#[derive(Serialize)]
struct ResolveRecord<'a> {
    base: &'a str,
    reference: &'a str,
    grammar: Grammar,
    mode: &'static str,
    target: Option<String>,
    error: Option<String>,
}

/// `iri resolve`.
pub fn run_resolve(args: &ResolveArgs) -> i32 {
    let grammar: Grammar = args.grammar.into();
    let base = match base(grammar, &args.base) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let mode = if args.non_strict {
        Mode::NonStrict
    } else {
        Mode::Strict
    };
    let mut out = Output::new();
    let read = for_each_after_base(&args.references, |origin, reference| {
        let result = base.resolve_with(reference, mode);
        match args.format {
            Format::Text => match &result {
                Ok(t) => out.line(t),
                Err(e) => out.report(origin, &e.to_string(), args.format),
            },
            Format::Json => {
                if result.is_err() {
                    out.failed = true;
                }
                out.json(&ResolveRecord {
                    base: base.as_str(),
                    reference,
                    grammar,
                    mode: if args.non_strict {
                        "non-strict"
                    } else {
                        "strict"
                    },
                    error: result.as_ref().err().map(ToString::to_string),
                    target: result.ok(),
                });
            }
        }
    });
    out.finish(read)
}

#[derive(Serialize)]
struct RelativizeRecord<'a> {
    base: &'a str,
    target: &'a str,
    grammar: Grammar,
    reference: Option<String>,
    error: Option<String>,
}

/// `iri relativize`.
pub fn run_relativize(args: &RelativizeArgs) -> i32 {
    let grammar: Grammar = args.grammar.into();
    let base = match base(grammar, &args.base) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let mut out = Output::new();
    let read = for_each_after_base(&args.targets, |origin, target| {
        let result = base.relativize(target);
        match args.format {
            Format::Text => match &result {
                Ok(r) => out.line(r),
                Err(e) => out.report(origin, &e.to_string(), args.format),
            },
            Format::Json => {
                if result.is_err() {
                    out.failed = true;
                }
                out.json(&RelativizeRecord {
                    base: base.as_str(),
                    target,
                    grammar,
                    error: result.as_ref().err().map(ToString::to_string),
                    reference: result.ok(),
                });
            }
        }
    });
    out.finish(read)
}

#[derive(Serialize)]
struct NormalizeRecord<'a> {
    input: &'a str,
    grammar: Grammar,
    level: Level,
    normalized: Option<String>,
    error: Option<String>,
}

/// `iri normalize`.
pub fn run_normalize(args: &NormalizeArgs) -> i32 {
    let grammar: Grammar = args.grammar.into();
    let options = Options {
        level: args.level.into(),
        ipv6_rfc5952: args.ipv6_rfc5952,
    };
    let mut out = Output::new();
    let read = for_each_input(&args.inputs, |origin, input| {
        let result = normalize_with(grammar, input, &options);
        match args.format {
            Format::Text => match &result {
                Ok(n) => out.line(n),
                Err(e) => out.report(
                    origin,
                    &format!("{}: {}", quote(input), e.message()),
                    args.format,
                ),
            },
            Format::Json => {
                if result.is_err() {
                    out.failed = true;
                }
                out.json(&NormalizeRecord {
                    input,
                    grammar,
                    level: options.level,
                    error: result.as_ref().err().map(|e| e.message()),
                    normalized: result.ok(),
                });
            }
        }
    });
    out.finish(read)
}

#[derive(Serialize)]
struct EqualRecord<'a> {
    a: &'a str,
    b: &'a str,
    grammar: Grammar,
    level: Level,
    equivalent: Option<bool>,
    normalized: Option<[String; 2]>,
    error: Option<String>,
}

/// `iri equal`.
pub fn run_equal(args: &EqualArgs) -> i32 {
    let grammar: Grammar = args.grammar.into();
    let options = Options {
        level: args.level.into(),
        ipv6_rfc5952: args.ipv6_rfc5952,
    };
    let (a, b) = match (text_arg(&args.a, 1), text_arg(&args.b, 2)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(m), _) | (_, Err(m)) => {
            eprintln!("iri: {m}");
            return EXIT_ERROR;
        }
    };
    let na = normalize_with(grammar, &a, &options);
    let nb = normalize_with(grammar, &b, &options);
    let (result, error) = match (na, nb) {
        (Ok(na), Ok(nb)) => (Some((na == nb, [na, nb])), None),
        (Err(e), _) => (
            None,
            Some(format!("argument 1: {}: {}", quote(&a), e.message())),
        ),
        (_, Err(e)) => (
            None,
            Some(format!("argument 2: {}: {}", quote(&b), e.message())),
        ),
    };
    let mut out = Output::new();
    match args.format {
        Format::Json => out.json(&EqualRecord {
            a: &a,
            b: &b,
            grammar,
            level: options.level,
            equivalent: result.as_ref().map(|(eq, _)| *eq),
            normalized: result.as_ref().map(|(_, n)| n.clone()),
            error: error.clone(),
        }),
        Format::Text => {
            if let Some((eq, [na, nb])) = &result {
                let verdict = if *eq { "equivalent" } else { "not equivalent" };
                out.line(&format!("{verdict} at level {}", options.level));
                out.line(&format!("  {}", quote(na)));
                out.line(&format!("  {}", quote(nb)));
            }
        }
    }
    if let Some(e) = &error {
        let _ = out.out.flush();
        eprintln!("iri: {e}");
    }
    let code = out.finish(Ok(()));
    if code != EXIT_OK {
        return code;
    }
    match result {
        None => EXIT_ERROR,
        Some((true, _)) => EXIT_OK,
        Some((false, _)) => EXIT_INVALID,
    }
}
