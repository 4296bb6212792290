//! `iri judge`: judges another implementation against the ABNF. The judge is the crate `iri-judge`;
//! this subcommand turns the command line into its options, runs it and gives the exit status.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use iri_abnf::AnyGrammar;
use iri_judge::{Failure, Format, Mode, Options, Outcome, Protocol};

use super::args::{resolve_rule, AnyGrammarArg};
use super::output::{EXIT_ERROR, EXIT_INVALID, EXIT_OK};

const JUDGE_HELP: &str = "\
Starts COMMAND once and talks to it over its standard input and output, one case per line:

  verdict mode, line protocol (default): the input on one line in; `valid`/`invalid`, `1`/`0` or
      `true`/`false` on one line out. Inputs with a line feed, carriage return or NUL cannot be sent
      on a line: they are skipped and counted (use --protocol jsonl).
  --protocol jsonl: one JSON object per line both ways: {\"input\": str} in ({\"base\": str,
      \"reference\": str} in resolve mode); {\"valid\": bool} out. An answer that echoes \"input\" must
      echo the input sent.
  --mode components: the answer is a JSON object {\"valid\": bool, \"scheme\", \"authority\",
      \"userinfo\", \"host\", \"port\", \"path\", \"query\", \"fragment\"} (a string, or null for a
      component that is absent); a key left out is not compared. Compared with `iri parse`. The
      rule can be any whose strings are all references (URI, absolute-URI, relative-ref; IRI, …):
      the verdict is that rule's, the components those of the reference.
  --mode resolve: the input is a base and a reference (line protocol: base TAB reference); the answer
      is the target (RFC 3986 Section 5.2), or `invalid` (jsonl: {\"target\": str or null}). Compared
      with `iri resolve`.

The adapter must answer every line, in order, and flush its output at least whenever it has read
all the input it was given (cases are sent in batches, without waiting for each answer). Its first
answer may take up to --startup-timeout (loading a library, compiling a grammar, answering a whole
batch before the first flush); every later one up to --timeout-per-answer after the one before.

Cases, deterministic from --seed: the examples of the vendored suites and of the spec documents and
the other URLs of their texts (built into the command; --corpora reads a folder of suites instead),
the shortest strings that separate the judged grammar from each other grammar, boundary strings
(both ends, plus and minus one, of every ucschar and iprivate range, noncharacters, and long lines
of 1,009 to 65,545 characters, which take some parsers minutes: --max-length 1000 skips them),
then strings generated from the rule's ABNF (near misses too with --mutate), until --cases or
--time is reached. Progress goes to standard error (--quiet: none).

Every disagreement is shrunk while it holds in its direction (characters removed, then characters
replaced by the simplest of their class, asking the adapter again; a candidate is kept only when
both verdicts stay what they were), explained and grouped into classes (direction and character
class; the rule too where no character decides), each with its count, the rules it was seen in and
its shortest witness, which is a shrunk one. Where the reference rejects:
the offset, the character and the rules that could continue there. Where it accepts: the deciding
character, one whose replacement (by `a`, else by another character) makes the
adapter accept while the reference still accepts, preferring one that leaves the other characters
in their rules; and the rule and ABNF line that admit it. When no such replacement exists, the class
is \"no single character\" under the innermost rule whose text, replaced by a short string of that
rule, makes the adapter accept. A component difference is classed by the first component that differs (class
\"component value\"), shrunk while that component differs.

An adapter that exits, answers out of step (an answer that is not one of the accepted words, or
echoes another input) or stalls (no first answer within --startup-timeout, no later one within
--timeout-per-answer) ends the run with exit status 2 and a message naming the input awaiting an
answer and the last input sent (their first 200 characters, and their length).

Exit status: 0 no disagreement (with --known: no class outside the file); 1 disagreements; 2 usage
error, or a broken adapter.

Examples:
  iri judge --grammar rfc3987 -- target/release/judge-oxiri
  iri judge --grammar rfc3987 --mode components --format json -- target/release/judge-fluent-uri --components
  iri judge --time 20 --known judge/known/oxiri.json -- target/release/judge-oxiri";

/// Judge another implementation: send it cases and report where it departs from the ABNF.
#[derive(Args)]
#[command(after_help = JUDGE_HELP)]
pub struct JudgeArgs {
    /// The grammar the implementation claims.
    #[arg(long, short, value_enum, default_value = "iri")]
    grammar: AnyGrammarArg,
    /// The rule (default: the grammar's reference rule).
    #[arg(long, short)]
    rule: Option<String>,
    /// What the adapter answers.
    #[arg(long, value_enum, default_value = "verdict")]
    mode: JudgeMode,
    /// How cases and answers are written.
    #[arg(long, value_enum, default_value = "line")]
    protocol: JudgeProtocol,
    /// How many generated cases (after the fixed ones); without it, 10000, or no limit with --time.
    #[arg(long)]
    cases: Option<u64>,
    /// The seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Stop sending new cases after this many seconds.
    #[arg(long, value_name = "SECONDS")]
    time: Option<f64>,
    /// The longest wait for one answer after the first, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    timeout_per_answer: f64,
    /// The longest wait for the first answer, in seconds (the adapter's start-up, and its first
    /// batch).
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    startup_timeout: f64,
    /// Send no case longer than this many characters (they are counted as skipped): e.g. 1000
    /// skips the long lines of the boundary strings.
    #[arg(long, value_name = "CHARS")]
    max_length: Option<usize>,
    /// No progress on standard error.
    #[arg(long, short)]
    quiet: bool,
    /// Near misses too: every other generated string gets one to three random edits.
    #[arg(long)]
    mutate: bool,
    /// The most characters of a generated string (where the rule allows).
    #[arg(long, default_value_t = 40)]
    max_chars: usize,
    /// A folder of suites (DIR/SUITE/*.jsonl or *.json; with the spec examples of DIR/../fixtures
    /// when present) in place of the built-in ones; an error when it is missing or empty.
    #[arg(long, value_name = "DIR")]
    corpora: Option<PathBuf>,
    /// Only generated cases: no suites, grammar differences or boundary strings.
    #[arg(long)]
    generated_only: bool,
    /// How many disagreements are shrunk besides the shortest of each group of the same explanation
    /// (which always is); the others join the class of their group's shortest.
    #[arg(long, default_value_t = 200)]
    shrink: usize,
    /// A JSON list of known classes ({"reference_valid", "character_class"}, with "rule" where no
    /// character decides, and "kind" outside verdict mode): they do not make the exit status 1.
    #[arg(long, value_name = "FILE")]
    known: Option<PathBuf>,
    /// Write the classes of this run to FILE, in the format of --known (with their kind outside
    /// verdict mode), sorted: the known classes of a later run.
    #[arg(long, value_name = "FILE")]
    write_known: Option<PathBuf>,
    /// The name the report gives the implementation (default: the command).
    #[arg(long)]
    name: Option<String>,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "text")]
    format: JudgeFormat,
    /// The most classes the Markdown table lists, the most frequent first (0: every class).
    #[arg(long, value_name = "N", default_value_t = 25)]
    markdown_classes: usize,
    /// The adapter and its arguments.
    #[arg(last = true, required = true, value_name = "COMMAND")]
    command: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum JudgeMode {
    Verdict,
    Components,
    Resolve,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum JudgeProtocol {
    Line,
    Jsonl,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum JudgeFormat {
    Text,
    Json,
    Markdown,
}

impl From<JudgeMode> for Mode {
    fn from(m: JudgeMode) -> Mode {
        match m {
            JudgeMode::Verdict => Mode::Verdict,
            JudgeMode::Components => Mode::Components,
            JudgeMode::Resolve => Mode::Resolve,
        }
    }
}

impl From<JudgeProtocol> for Protocol {
    fn from(p: JudgeProtocol) -> Protocol {
        match p {
            JudgeProtocol::Line => Protocol::Line,
            JudgeProtocol::Jsonl => Protocol::Jsonl,
        }
    }
}

impl From<JudgeFormat> for Format {
    fn from(f: JudgeFormat) -> Format {
        match f {
            JudgeFormat::Text => Format::Text,
            JudgeFormat::Json => Format::Json,
            JudgeFormat::Markdown => Format::Markdown,
        }
    }
}

/// The judge's options of the command line (an error status when the rule is unknown).
fn options(args: &JudgeArgs) -> Result<Options, i32> {
    let grammar: AnyGrammar = args.grammar.into();
    let rule = resolve_rule(grammar, args.rule.as_deref())?;
    Ok(Options {
        grammar,
        rule,
        mode: args.mode.into(),
        protocol: args.protocol.into(),
        cases: args.cases,
        seed: args.seed,
        time: args.time,
        timeout_per_answer: args.timeout_per_answer,
        startup_timeout: args.startup_timeout,
        max_length: args.max_length,
        quiet: args.quiet,
        mutate: args.mutate,
        max_chars: args.max_chars,
        corpora: args.corpora.clone(),
        generated_only: args.generated_only,
        shrink: args.shrink,
        known: args.known.clone(),
        write_known: args.write_known.clone(),
        name: args.name.clone(),
        format: args.format.into(),
        markdown_classes: args.markdown_classes,
        command: args.command.clone(),
    })
}

pub fn run(args: &JudgeArgs) -> i32 {
    let options = match options(args) {
        Ok(o) => o,
        Err(code) => return code,
    };
    match iri_judge::run(&options, &mut std::io::stdout().lock()) {
        Ok(Outcome::NoUnknownClass) => EXIT_OK,
        Ok(Outcome::UnknownClasses(_)) => EXIT_INVALID,
        Err(Failure::Message(why)) => {
            eprintln!("iri: {why}");
            EXIT_ERROR
        }
        Err(Failure::Output(_)) => EXIT_ERROR,
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;
    use iri_abnf::AnyGrammar;
    use iri_judge::Options;

    use super::{options, JudgeArgs};

    #[derive(Parser)]
    struct Judge {
        #[command(flatten)]
        args: JudgeArgs,
    }

    /// The command's defaults are the judge's ([`Options::new`]).
    #[test]
    fn the_defaults_are_the_judges() {
        let cli = Judge::try_parse_from(["judge", "--", "adapter", "--flag"]).unwrap();
        let expected = Options::new(AnyGrammar::Iri, vec!["adapter".into(), "--flag".into()]);
        assert_eq!(options(&cli.args).unwrap(), expected);
    }
}
