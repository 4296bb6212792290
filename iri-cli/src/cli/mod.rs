//! The command-line interface. It only calls the library; each subcommand is a module.
//!
//! What the subcommands share is in modules of its own, which import no subcommand: the shared
//! options ([`args`]), the settings of the whole command line ([`settings`]), the reading of inputs
//! ([`input`]), standard output and the exit codes ([`output`]) and the records several subcommands
//! write alike ([`records`]). This module only defines the command line and dispatches to the
//! subcommands.

mod args;
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
mod records;
mod reference;
mod rules;
mod serve;
mod settings;

use clap::{CommandFactory, Parser, Subcommand};

use output::{EXIT_ERROR, EXIT_OK};

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
    escape: settings::EscapeMode,
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
    Judge(judge::JudgeArgs),
    Serve(serve::ServeArgs),
    Completions(packaging::CompletionsArgs),
    Man(packaging::ManArgs),
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
    settings::configure(settings::Settings {
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
        Command::Judge(args) => judge::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Completions(args) => packaging::run_completions(&args, Cli::command()),
        Command::Man(args) => packaging::run_man(&args, Cli::command()),
    }
}
