//! The command-line interface. It only calls the library; each subcommand is a module.

mod check;
mod compare;
mod convert;
mod generate;
mod input;
mod judge;
mod lint;
mod output;
mod packaging;
mod parse;
mod reference;
mod rules;
mod selfcheck;
mod serve;

use clap::{Parser, Subcommand, ValueEnum};
use iri_abnf::{AnyGrammar, Grammar, Rule};

/// Exit code: every input was valid (or every operation succeeded).
pub const EXIT_OK: i32 = 0;
/// Exit code: at least one input was invalid or its operation failed (inputs that are not UTF-8 or
/// are longer than `--max-length` included).
pub const EXIT_INVALID: i32 = 1;
/// Exit code: usage error, unknown rule or charset, unreadable file, write error.
pub const EXIT_ERROR: i32 = 2;

/// How every subcommand that reads inputs reads them (appended to their help).
pub const INPUTS_HELP: &str = "\
Inputs: the INPUT arguments, then the lines of each --input FILE (`-` is standard input); with
neither, the lines of standard input. Only the line terminator \\n or \\r\\n is removed (spaces and
tabs are part of the input). With -0 (--null), inputs end at a NUL byte instead, and a line feed or
carriage return is part of the input. A positional argument is always an input string, never a file
name (a hint on standard error says so when it names an existing file). A byte order mark at the start of a
file or of standard input is removed and reported (JSON: \"bom_removed\": true).

Every input gives exactly one output record, in input order. An input that is not UTF-8, or longer
than --max-length (default 1 MiB), is not processed: its record says why, with the byte offset (the
first bad byte), and shows the bytes escaped (\\xHH for bytes that are not UTF-8); in JSON it has
\"input\": null and \"input_escaped\". Messages show control, bidi formatting and invisible
characters as \\u{X} and a backslash as \\\\, so that one record stays on its lines. Data values
(the results of the conversions, resolve, relativize, normalize and generate) are written exactly when
standard output is not a terminal, and escaped so on a terminal (--escape always|never|auto). An exact
value that holds a line break (U+000A or U+000D; a LEIRI may) cannot be one line of text: its record
is `error: ORIGIN: ...` saying so (exit status 1); -0 writes it exactly. JSON output is exact. A closed output pipe (`| head -1`) ends the command
quietly.";

const EXIT_HELP: &str = "\
Exit status (every subcommand): 0 all inputs valid or every operation done; 1 at least one input
invalid or its operation failed (including inputs that are not UTF-8 or too long); 2 usage error,
unknown rule or charset, unreadable file, or write error.";

const GRAMMARS_HELP: &str = "\
Grammars (--grammar):
  uri       RFC 3986 Appendix A                                (reference rule: URI-reference)
  rfc3987   RFC 3987 Section 2.2 (2005)                        (reference rule: IRI-reference)
  iri       draft-ietf-iri-3987bis Section 2.2 [default]       (reference rule: IRI-reference)
  leiri     draft-ietf-iri-3987bis Section 5.1, Legacy Extended IRIs: IRI-reference with
            leiri-ucschar (space, <>\"{}|\\^`, controls, private use, ...) in place of ucschar

With a language only (check, compare, generate and rules take them; their errors name no rules):
  rfc2396      RFC 2396 Appendix A (1998)                          (reference rule: URI-reference)
  rfc2732      RFC 2396 as amended by RFC 2732 (IPv6, 1999)        (reference rule: URI-reference)
  masinter07   draft-masinter-url-i18n-07 Section 2.2 (2001)       (reference rule: IRI-reference)
  duerst01     draft-duerst-iri-01 Section 2.2 (2002)              (reference rule: IRI-reference)
  iri-printed  draft-ietf-iri-3987bis Section 2.2 as printed, without interpretation note 1
                                                                   (reference rule: IRI-reference)

Rules (--rule): any ABNF rule of the grammar, spelled as in the spec (IRI-reference, absolute-IRI,
irelative-ref, iauthority, ihost, ireg-name, ipath, iquery, ifragment, IPv6address, IPv4address,
dec-octet, ucschar, ...) or with '_' for '-'; `iri rules --grammar G` lists the rules of grammar G.
The input must match the rule to its end. The default is the grammar's reference rule. An unknown
rule name is an error that names the closest rules and lists the grammar's rules.";

/// The command line of `iri`.
#[derive(Parser)]
#[command(
    name = "iri",
    version,
    about = "Reference validator for URIs (RFC 3986), IRIs (RFC 3987, draft-ietf-iri-3987bis) and LEIRIs",
    long_about = "Reference validator for URIs (RFC 3986), IRIs (RFC 3987, draft-ietf-iri-3987bis) and \
LEIRIs (3987bis Section 5.1). Every verdict comes from the specs' ABNF: an input is valid when it matches \
the chosen rule of the chosen grammar, to its end.",
    after_help = format!("{GRAMMARS_HELP}\n\n{EXIT_HELP}")
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Show the data values that commands write (generate, to-uri, to-iri, from-leiri, preprocess,
    /// resolve, relativize, normalize, and the values of parse) with control, bidi formatting and
    /// invisible characters as \u{X} and `\` as `\\`: auto does so only when standard output is a
    /// terminal, and writes the exact strings into a pipe or a file. Messages are always escaped.
    #[arg(
        long,
        global = true,
        value_enum,
        default_value = "auto",
        value_name = "WHEN"
    )]
    escape: output::EscapeMode,
    /// NUL-terminated records, in input and output (as `find -print0` and `xargs -0`): input records
    /// end at a NUL byte (line feeds and carriage returns are part of them), and every output record
    /// ends with a NUL instead of its final line feed.
    #[arg(short = '0', long = "null", global = true)]
    null: bool,
    /// Messages of invalid inputs list in full, in ABNF notation, what the grammar expected at the
    /// error (by default a list of more than six items is summarized by class: "a letter, a digit,
    /// one of - . _ ~, ..."; JSON records always carry the full list as "expected").
    #[arg(long, short = 'v', global = true)]
    verbose: bool,
}

#[derive(Subcommand)]
enum Command {
    Check(check::CheckArgs),
    Compare(compare::CompareArgs),
    Generate(generate::GenerateArgs),
    Parse(parse::ParseArgs),
    Rules(rules::RulesArgs),
    Lint(lint::LintArgs),
    ToUri(convert::ToUriArgs),
    ToIri(convert::ToIriArgs),
    FromLeiri(convert::FromLeiriArgs),
    Preprocess(convert::PreprocessArgs),
    Resolve(reference::ResolveArgs),
    Relativize(reference::RelativizeArgs),
    Normalize(reference::NormalizeArgs),
    Equal(reference::EqualArgs),
    Selfcheck(selfcheck::SelfcheckArgs),
    Judge(judge::JudgeArgs),
    /// The built-in adapter of `iri judge`'s tests (answers as the ABNF does, with a planted bug).
    #[command(hide = true)]
    JudgeAdapter(judge::AdapterArgs),
    Serve(serve::ServeArgs),
    Completions(packaging::CompletionsArgs),
    Man(packaging::ManArgs),
}

/// The grammar option shared by the subcommands.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum GrammarArg {
    /// RFC 3986 Appendix A
    Uri,
    /// RFC 3987 Section 2.2
    Rfc3987,
    /// draft-ietf-iri-3987bis Section 2.2
    Iri,
    /// draft-ietf-iri-3987bis Section 5.1 (Legacy Extended IRIs)
    Leiri,
}

impl From<GrammarArg> for Grammar {
    fn from(g: GrammarArg) -> Grammar {
        match g {
            GrammarArg::Uri => Grammar::Uri,
            GrammarArg::Rfc3987 => Grammar::Rfc3987,
            GrammarArg::Iri => Grammar::Iri,
            GrammarArg::Leiri => Grammar::Leiri,
        }
    }
}

/// The grammar option of the subcommands that need a language only (check, compare, generate, rules):
/// the four grammars and the five without a parse tree or components.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum AnyGrammarArg {
    /// RFC 3986 Appendix A
    Uri,
    /// RFC 3987 Section 2.2
    Rfc3987,
    /// draft-ietf-iri-3987bis Section 2.2
    Iri,
    /// draft-ietf-iri-3987bis Section 5.1 (Legacy Extended IRIs)
    Leiri,
    /// RFC 2396 Appendix A (1998)
    Rfc2396,
    /// RFC 2396 as amended by RFC 2732 Section 3 (IPv6 literals, 1999)
    Rfc2732,
    /// draft-masinter-url-i18n-07 Section 2.2 (2001)
    Masinter07,
    /// draft-duerst-iri-01 Section 2.2 (2002)
    Duerst01,
    /// draft-ietf-iri-3987bis Section 2.2 as printed (without interpretation note 1)
    IriPrinted,
}

impl From<AnyGrammarArg> for AnyGrammar {
    fn from(g: AnyGrammarArg) -> AnyGrammar {
        match g {
            AnyGrammarArg::Uri => AnyGrammar::Uri,
            AnyGrammarArg::Rfc3987 => AnyGrammar::Rfc3987,
            AnyGrammarArg::Iri => AnyGrammar::Iri,
            AnyGrammarArg::Leiri => AnyGrammar::Leiri,
            AnyGrammarArg::Rfc2396 => AnyGrammar::Rfc2396,
            AnyGrammarArg::Rfc2732 => AnyGrammar::Rfc2732,
            AnyGrammarArg::Masinter07 => AnyGrammar::Masinter07,
            AnyGrammarArg::Duerst01 => AnyGrammar::Duerst01,
            AnyGrammarArg::IriPrinted => AnyGrammar::IriPrinted,
        }
    }
}

/// The help of `--absolute`.
pub const ABSOLUTE_HELP: &str =
    "Check against the grammar's absolute reference rule instead of the \
reference rule: URI (RFC 3986 §4.3 with a fragment) for uri, IRI for rfc3987, iri and leiri, \
absoluteURI or absoluteIRI (no fragment) for the grammars that have no such rule. The same as \
--rule URI or --rule IRI. Under the default rule a relative reference is valid: the empty string \
and `hello` are valid IRI-references";

/// The rule that `--absolute` stands for in `grammar`: the absolute reference with an optional
/// fragment (`URI`, RFC 3986 §3; `IRI`, RFC 3987 §2.2 and 3987bis §2.2), or for the grammars without
/// one, `absoluteURI` (RFC 2396 §3) or `absoluteIRI`, which have no fragment.
pub fn absolute_rule(grammar: impl Into<AnyGrammar>) -> &'static str {
    let grammar = grammar.into();
    ["URI", "IRI", "absoluteURI", "absoluteIRI"]
        .into_iter()
        .find(|name| grammar.rule(name).is_some())
        .unwrap_or("absolute-IRI")
}

/// The rule name of `--rule` or `--absolute` (clap keeps the two exclusive), or `None` for the
/// reference rule.
pub fn rule_arg(
    grammar: impl Into<AnyGrammar>,
    rule: Option<&str>,
    absolute: bool,
) -> Option<&str> {
    if absolute {
        Some(absolute_rule(grammar))
    } else {
        rule
    }
}

/// Resolves `--rule` (default: the grammar's reference rule), or prints the error that names the
/// closest rules and lists the grammar's rules.
pub fn resolve_rule(grammar: impl Into<AnyGrammar>, rule: Option<&str>) -> Result<Rule, i32> {
    rule_of(grammar, rule).map_err(|e| {
        eprintln!("iri: {e}");
        EXIT_ERROR
    })
}

/// The rule `--rule` names (default: the grammar's reference rule), or the error that names the
/// closest rules and lists the grammar's rules.
pub fn rule_of(
    grammar: impl Into<AnyGrammar>,
    rule: Option<&str>,
) -> Result<Rule, iri_abnf::UnknownName> {
    let grammar = grammar.into();
    let Some(name) = rule else {
        return Ok(grammar.reference_rule());
    };
    grammar.lookup_rule(name)
}

/// Runs the command line and returns the process exit code.
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { EXIT_ERROR } else { EXIT_OK };
            let _ = e.print();
            return code;
        }
    };
    output::configure(output::Settings {
        escape: cli.escape,
        null: cli.null,
        verbose: cli.verbose,
    });
    match cli.command {
        Command::Check(args) => check::run(&args),
        Command::Compare(args) => compare::run(&args),
        Command::Generate(args) => generate::run(&args),
        Command::Parse(args) => parse::run(&args),
        Command::Rules(args) => rules::run(&args),
        Command::Lint(args) => lint::run(&args),
        Command::ToUri(args) => convert::run_to_uri(&args),
        Command::ToIri(args) => convert::run_to_iri(&args),
        Command::FromLeiri(args) => convert::run_from_leiri(&args),
        Command::Preprocess(args) => convert::run_preprocess(&args),
        Command::Resolve(args) => reference::run_resolve(&args),
        Command::Relativize(args) => reference::run_relativize(&args),
        Command::Normalize(args) => reference::run_normalize(&args),
        Command::Equal(args) => reference::run_equal(&args),
        Command::Selfcheck(args) => selfcheck::run(&args),
        Command::Judge(args) => judge::run(&args),
        Command::JudgeAdapter(args) => judge::run_adapter(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Completions(args) => packaging::run_completions(&args),
        Command::Man(args) => packaging::run_man(&args),
    }
}
