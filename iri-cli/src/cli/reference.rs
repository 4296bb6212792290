//! `iri resolve`, `iri relativize`, `iri normalize` and `iri equal`: the reference operations of
//! RFC 3986 §5 and §6 (and RFC 3987 §5.3), under any grammar.

use std::ffi::OsString;

use clap::{Args, ValueEnum};
use iri_abnf::normalize::Level;
use iri_abnf::normalize::{normalize_with, Options};
use iri_abnf::report::quote;
use iri_abnf::{Base, Grammar, Mode};
use serde::Serialize;

use super::args::GrammarArg;
use super::input::{for_each_item, Decoding, InputArgs, Item, NotText, INPUTS_HELP};
use super::output::{is_false, Out, EXIT_ERROR, EXIT_INVALID, EXIT_OK};

const RESOLVE_HELP: &str = "\
Resolves each REF against BASE with RFC 3986 Section 5.2 (3987bis Section 4.5 applies it to IRIs and
LEIRIs unchanged). BASE must have a scheme; a fragment in BASE is ignored (RFC 3986 Section 5.1).
--non-strict drops a scheme in REF that equals the base's (Section 5.2.2, backward compatibility):
http:g against http://a/b/c/d;p?q gives http://a/b/c/g instead of http:g.

Output (--format text): the target IRI of each REF, one per line; a REF that is not a reference of
the grammar gives the line `error: ORIGIN: MESSAGE` in its place.
Output (--format json): one object per line:
  {\"base\": str, \"reference\": str | null, \"grammar\": str, \"mode\": \"strict\"|\"non-strict\",
   \"target\": str|null, \"error\": str|null}

Exit status: 0 every REF resolved, 1 at least one REF invalid (or not UTF-8, or too long), 2 usage
error, invalid BASE or BASE without a scheme, unreadable file.

Examples:
  iri resolve 'http://a/b/c/d;p?q' ../g '?y' '#s'      # http://a/b/g, http://a/b/c/d;p?y, ...
  iri resolve --non-strict 'http://a/b/c/d;p?q' http:g  # http://a/b/c/g
  printf 'g\\n../x\\n' | iri resolve --format json 'http://a/b/'";

const RELATIVIZE_HELP: &str = "\
For each TARGET (an IRI: it has a scheme), the shortest reference that resolves against BASE
(strictly, RFC 3986 Section 5.2) to exactly TARGET; every answer is checked by resolving it. A target
that no reference reaches (its path has dot segments, as in http://a/x/../y) is an error.

Output (--format text): the reference, one per line (an empty line is the empty reference); a TARGET
that fails gives the line `error: ORIGIN: MESSAGE` in its place.
Output (--format json): one object per line:
  {\"base\": str, \"target\": str | null, \"grammar\": str, \"reference\": str|null, \"error\": str|null}

Exit status: 0 every TARGET relativized, 1 at least one TARGET invalid or unreachable (or not UTF-8,
or too long), 2 usage error, invalid BASE or BASE without a scheme, unreadable file.

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
reference of the grammar gives the line `error: ORIGIN: MESSAGE` in its place.
Output (--format json): one object per line:
  {\"input\": str | null, \"grammar\": str, \"level\": str, \"normalized\": str|null, \"error\": str|null}

Exit status: 0 every INPUT normalized, 1 at least one INPUT invalid (or not UTF-8, or too long), 2
usage error, unreadable file.

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
grammar, not UTF-8 or longer than --max-length.

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
#[command(after_help = format!("{RESOLVE_HELP}\n\n{}", INPUTS_HELP))]
pub struct ResolveArgs {
    /// The grammar of the base and the references. One of the four with components (the historical grammars and
    /// iri-printed have a language only).
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
    #[command(flatten)]
    input: InputArgs,
    /// The references (strings, not file names: see --input).
    #[arg(value_name = "REF")]
    references: Vec<OsString>,
}

/// Find the shortest reference from a base IRI to each target IRI.
#[derive(Args)]
#[command(after_help = format!("{RELATIVIZE_HELP}\n\n{}", INPUTS_HELP))]
pub struct RelativizeArgs {
    /// The grammar of the base and the targets. One of the four with components (the historical grammars and
    /// iri-printed have a language only).
    #[arg(long, short, value_enum, default_value = "iri")]
    grammar: GrammarArg,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "text")]
    format: Format,
    /// The base IRI.
    #[arg(value_name = "BASE")]
    base: OsString,
    #[command(flatten)]
    input: InputArgs,
    /// The target IRIs (strings, not file names: see --input).
    #[arg(value_name = "TARGET")]
    targets: Vec<OsString>,
}

/// Normalize references (RFC 3986 Section 6.2, RFC 3987 Section 5.3).
#[derive(Args)]
#[command(after_help = format!("{LEVELS_HELP}\n\n{NORMALIZE_HELP}\n\n{}", INPUTS_HELP))]
pub struct NormalizeArgs {
    /// The grammar of the inputs. One of the four with components (the historical grammars and
    /// iri-printed have a language only).
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
    #[command(flatten)]
    input: InputArgs,
    /// The inputs (strings, not file names: see --input).
    #[arg(value_name = "INPUT")]
    inputs: Vec<OsString>,
}

/// Are two references equivalent at a level of the comparison ladder? (exit 0 yes, 1 no)
#[derive(Args)]
#[command(after_help = format!("{LEVELS_HELP}\n\n{EQUAL_HELP}"))]
pub struct EqualArgs {
    /// The grammar of the inputs. One of the four with components (the historical grammars and
    /// iri-printed have a language only).
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
    /// The longest input, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = super::input::DEFAULT_MAX_LENGTH)]
    max_length: usize,
    /// The first reference.
    #[arg(value_name = "A")]
    a: OsString,
    /// The second reference.
    #[arg(value_name = "B")]
    b: OsString,
}

/// An argument as text, or the error message naming it.
fn text_arg(arg: &OsString, n: usize, max_length: usize) -> Result<String, String> {
    let mut text = None;
    let opts = InputArgs {
        files: Vec::new(),
        max_length,
    };
    let mut message = String::new();
    let _ = for_each_item(
        std::slice::from_ref(arg),
        n,
        &opts,
        Decoding::Utf8,
        |item| match item.input {
            Ok(s) => text = Some(s.to_string()),
            Err(e) => {
                message = format!(
                    "{}: {} (input: \"{}\")",
                    item.origin,
                    e.message(),
                    e.escaped
                )
            }
        },
    );
    text.ok_or(message)
}

fn base(grammar: Grammar, arg: &OsString, max_length: usize) -> Result<Base, i32> {
    let text = text_arg(arg, 1, max_length).map_err(|m| {
        eprintln!("iri: BASE: {m}");
        EXIT_ERROR
    })?;
    base_of(grammar, &text).map_err(|m| {
        eprintln!("iri: {m}");
        EXIT_ERROR
    })
}

/// The base of `iri resolve` (RFC 3986 §5.1: an IRI with a scheme), or the error `iri resolve`
/// prints (and `iri serve` answers) for it.
pub fn base_of(grammar: Grammar, text: &str) -> Result<Base, String> {
    Base::new(grammar, text).map_err(|e| format!("BASE: {}", e.explain()))
}

/// The JSON error of an input that is not text.
fn not_text_error(e: &NotText) -> String {
    e.message()
}

/// The JSON record of one reference: the documented contract of `iri resolve --format json`.
#[derive(Serialize)]
pub struct ResolveRecord<'a> {
    pub base: &'a str,
    pub reference: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_escaped: Option<&'a str>,
    pub grammar: Grammar,
    pub mode: &'static str,
    pub target: Option<String>,
    pub error: Option<String>,
    #[serde(skip_serializing_if = "is_false")]
    pub bom_removed: bool,
}

/// The target of one reference resolved against `base` (RFC 3986 §5.2), or the error.
pub fn resolve_result(base: &Base, non_strict: bool, item: &Item<'_>) -> Result<String, String> {
    let mode = if non_strict {
        Mode::NonStrict
    } else {
        Mode::Strict
    };
    match item.input {
        Ok(reference) => base
            .resolve_with(reference, mode)
            .map(String::from)
            .map_err(|e| e.explain().to_string()),
        Err(ref e) => Err(not_text_error(e)),
    }
}

/// The record of one resolution, as `iri resolve --format json` writes it (and `iri serve` answers
/// `/api/resolve`).
pub fn resolve_record<'a>(
    base: &'a Base,
    grammar: Grammar,
    non_strict: bool,
    item: &'a Item<'a>,
    result: &Result<String, String>,
) -> ResolveRecord<'a> {
    ResolveRecord {
        base: base.as_str(),
        reference: item.input.as_ref().ok().copied(),
        input_escaped: item.input.as_ref().err().map(|e| e.escaped.as_str()),
        grammar,
        mode: if non_strict { "non-strict" } else { "strict" },
        target: result.as_ref().ok().cloned(),
        error: result.as_ref().err().cloned(),
        bom_removed: item.bom_removed,
    }
}

/// `iri resolve`.
pub fn run_resolve(args: &ResolveArgs) -> i32 {
    let grammar: Grammar = args.grammar.into();
    let base = match base(grammar, &args.base, args.input.max_length) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let mut out = Out::new();
    let read = for_each_item(&args.references, 2, &args.input, Decoding::Utf8, |item| {
        if out.broken() {
            return;
        }
        let result = resolve_result(&base, args.non_strict, &item);
        emit(&mut out, args.format, &item, &result, |_, _| {
            resolve_record(&base, grammar, args.non_strict, &item, &result)
        });
    });
    out.finish(read.is_ok())
}

/// Writes the record of one input: in text mode the result (escaped) or an `error:` line in its
/// place; in JSON mode the record that `record(result, error)` builds.
fn emit<T: Serialize>(
    out: &mut Out,
    format: Format,
    item: &Item<'_>,
    result: &Result<String, String>,
    record: impl FnOnce(Option<String>, Option<String>) -> T,
) {
    if result.is_err() {
        out.failed = true;
    }
    match format {
        Format::Text => {
            out.bom_note(item);
            match result {
                Ok(r) => out.value(item.origin, r),
                Err(e) => {
                    let message = match &item.input {
                        Ok(input) => format!("{}: {e}", quote(input)),
                        Err(nt) => format!("{e} (input: \"{}\")", nt.escaped),
                    };
                    out.error_line(item.origin, &message);
                }
            }
        }
        Format::Json => out.json(&record(
            result.as_ref().ok().cloned(),
            result.as_ref().err().cloned(),
        )),
    }
}

#[derive(Serialize)]
struct RelativizeRecord<'a> {
    base: &'a str,
    target: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    input_escaped: Option<&'a str>,
    grammar: Grammar,
    reference: Option<String>,
    error: Option<String>,
    #[serde(skip_serializing_if = "is_false")]
    bom_removed: bool,
}

/// `iri relativize`.
pub fn run_relativize(args: &RelativizeArgs) -> i32 {
    let grammar: Grammar = args.grammar.into();
    let base = match base(grammar, &args.base, args.input.max_length) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let mut out = Out::new();
    let read = for_each_item(&args.targets, 2, &args.input, Decoding::Utf8, |item| {
        if out.broken() {
            return;
        }
        let result = match item.input {
            Ok(target) => base
                .relativize(target)
                .map(String::from)
                .map_err(|e| e.explain().to_string()),
            Err(ref e) => Err(not_text_error(e)),
        };
        emit(&mut out, args.format, &item, &result, |reference, error| {
            RelativizeRecord {
                base: base.as_str(),
                target: item.input.as_ref().ok().copied(),
                input_escaped: item.input.as_ref().err().map(|e| e.escaped.as_str()),
                grammar,
                reference,
                error,
                bom_removed: item.bom_removed,
            }
        });
    });
    out.finish(read.is_ok())
}

#[derive(Serialize)]
struct NormalizeRecord<'a> {
    input: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    input_escaped: Option<&'a str>,
    grammar: Grammar,
    level: Level,
    normalized: Option<String>,
    error: Option<String>,
    #[serde(skip_serializing_if = "is_false")]
    bom_removed: bool,
}

/// `iri normalize`.
pub fn run_normalize(args: &NormalizeArgs) -> i32 {
    let grammar: Grammar = args.grammar.into();
    let options = Options::default()
        .with_level(args.level.into())
        .with_ipv6_rfc5952(args.ipv6_rfc5952);
    let mut out = Out::new();
    let read = for_each_item(&args.inputs, 1, &args.input, Decoding::Utf8, |item| {
        if out.broken() {
            return;
        }
        let result = match item.input {
            Ok(input) => normalize_with(grammar, input, &options)
                .map(String::from)
                .map_err(|e| e.explain().message()),
            Err(ref e) => Err(not_text_error(e)),
        };
        emit(
            &mut out,
            args.format,
            &item,
            &result,
            |normalized, error| NormalizeRecord {
                input: item.input.as_ref().ok().copied(),
                input_escaped: item.input.as_ref().err().map(|e| e.escaped.as_str()),
                grammar,
                level: options.level,
                normalized,
                error,
                bom_removed: item.bom_removed,
            },
        );
    });
    out.finish(read.is_ok())
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
    let options = Options::default()
        .with_level(args.level.into())
        .with_ipv6_rfc5952(args.ipv6_rfc5952);
    let (a, b) = match (
        text_arg(&args.a, 1, args.max_length),
        text_arg(&args.b, 2, args.max_length),
    ) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(m), _) | (_, Err(m)) => {
            eprintln!("iri: {m}");
            return EXIT_ERROR;
        }
    };
    let na = normalize_with(grammar, &a, &options).map_err(iri_abnf::ParseError::explain);
    let nb = normalize_with(grammar, &b, &options).map_err(iri_abnf::ParseError::explain);
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
    let mut out = Out::new();
    match args.format {
        Format::Json => out.json(&EqualRecord {
            a: &a,
            b: &b,
            grammar,
            level: options.level,
            equivalent: result.as_ref().map(|(eq, _)| *eq),
            normalized: result
                .as_ref()
                .map(|(_, [a, b])| [a.to_string(), b.to_string()]),
            error: error.clone(),
        }),
        Format::Text => match &result {
            Some((eq, [na, nb])) => {
                let verdict = if *eq { "equivalent" } else { "not equivalent" };
                out.line(&format!("{verdict} at level {}", options.level));
                out.line(&format!("  {}", quote(na)));
                out.line(&format!("  {}", quote(nb)));
                out.end_record();
            }
            // The error once: on standard error with the other usage errors (exit status 2);
            // JSON carries it in its record.
            None => out.note(error.as_deref().unwrap_or_default()),
        },
    }
    let code = out.finish(true);
    if code != EXIT_OK {
        return code;
    }
    match result {
        None => EXIT_ERROR,
        Some((true, _)) => EXIT_OK,
        Some((false, _)) => EXIT_INVALID,
    }
}
