//! The command-line interface. It only calls the library; each subcommand is a module.

mod check;
mod convert;
mod input;
mod parse;
mod reference;
mod selfcheck;

use clap::{Parser, Subcommand, ValueEnum};
use iri_abnf::Grammar;

/// Exit code: every input was valid (or every operation succeeded).
pub const EXIT_OK: i32 = 0;
/// Exit code: at least one input was invalid.
pub const EXIT_INVALID: i32 = 1;
/// Exit code: usage error, unknown rule, unreadable or non-UTF-8 input.
pub const EXIT_ERROR: i32 = 2;

const GRAMMARS_HELP: &str = "\
Grammars (--grammar):
  uri       RFC 3986 Appendix A                                (reference rule: URI-reference)
  rfc3987   RFC 3987 Section 2.2 (2005)                        (reference rule: IRI-reference)
  iri       draft-ietf-iri-3987bis Section 2.2 [default]       (reference rule: IRI-reference)
  leiri     draft-ietf-iri-3987bis Section 5.1, Legacy Extended IRIs: IRI-reference with
            leiri-ucschar (space, <>\"{}|\\^`, controls, private use, ...) in place of ucschar

Rules (--rule): any ABNF rule of the grammar, spelled as in the spec (IRI-reference, absolute-IRI,
irelative-ref, iauthority, ihost, ireg-name, ipath, iquery, ifragment, IPv6address, IPv4address,
dec-octet, ucschar, ...) or with '_' for '-'. The input must match the rule to its end. The default is
the grammar's reference rule. An unknown rule name is an error that lists the grammar's rules.";

#[derive(Parser)]
#[command(
    name = "iri",
    version,
    about = "Reference validator for URIs (RFC 3986), IRIs (RFC 3987, draft-ietf-iri-3987bis) and LEIRIs",
    long_about = "Reference validator for URIs (RFC 3986), IRIs (RFC 3987, draft-ietf-iri-3987bis) and \
LEIRIs (3987bis Section 5.1). Every verdict comes from the specs' ABNF: an input is valid when it matches \
the chosen rule of the chosen grammar, to its end.",
    after_help = GRAMMARS_HELP
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Check(check::CheckArgs),
    Parse(parse::ParseArgs),
    ToUri(convert::ToUriArgs),
    ToIri(convert::ToIriArgs),
    FromLeiri(convert::FromLeiriArgs),
    Preprocess(convert::PreprocessArgs),
    Resolve(reference::ResolveArgs),
    Relativize(reference::RelativizeArgs),
    Normalize(reference::NormalizeArgs),
    Equal(reference::EqualArgs),
    Selfcheck(selfcheck::SelfcheckArgs),
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

/// Resolves `--rule` (or the grammar's reference rule) to its spec spelling, or prints the error that
/// lists the grammar's rules.
pub fn resolve_rule(grammar: Grammar, rule: Option<&str>) -> Result<&'static str, i32> {
    let name = rule.unwrap_or(grammar.reference_rule());
    grammar.rule(name).ok_or_else(|| {
        eprintln!(
            "iri: {}",
            iri_abnf::UnknownRule {
                grammar,
                name: name.to_string()
            }
        );
        EXIT_ERROR
    })
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
    match cli.command {
        Command::Check(args) => check::run(&args),
        Command::Parse(args) => parse::run(&args),
        Command::ToUri(args) => convert::run_to_uri(&args),
        Command::ToIri(args) => convert::run_to_iri(&args),
        Command::FromLeiri(args) => convert::run_from_leiri(&args),
        Command::Preprocess(args) => convert::run_preprocess(&args),
        Command::Resolve(args) => reference::run_resolve(&args),
        Command::Relativize(args) => reference::run_relativize(&args),
        Command::Normalize(args) => reference::run_normalize(&args),
        Command::Equal(args) => reference::run_equal(&args),
        Command::Selfcheck(args) => selfcheck::run(&args),
    }
}
