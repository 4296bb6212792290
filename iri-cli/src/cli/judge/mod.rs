//! `iri judge`: judges another implementation against the ABNF. It starts the implementation once,
//! as a persistent child (an adapter), sends it cases over standard input and reads its answers from
//! standard output, pipelined; every disagreement with the reference is shrunk while it holds,
//! explained (offset, character, rule and ABNF line) and grouped into classes.
//!
//! One job per file: the command line and the run are here; the child and its protocol
//! ([`peer`]), the reference's verdicts ([`mod@reference`]), the fixed cases ([`cases`]), the character
//! classes ([`characters`]), shrinking ([`shrink`]), the deciding character ([`deciding`]), the
//! explanation ([`explain`]), classes and known classes ([`classes`]), the judging loop
//! ([`pipeline`]) and the reports ([`render`]).

mod cases;
mod characters;
mod classes;
mod deciding;
mod explain;
pub(crate) mod notation;
mod peer;
mod pipeline;
mod reference;
mod render;
mod shrink;

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, ValueEnum};
use iri_abnf::abnf::{rules, Generator};
use iri_abnf::AnyGrammar;

use super::args::{resolve_rule, AnyGrammarArg};
use super::output::{EXIT_ERROR, EXIT_INVALID, EXIT_OK};
use cases::{fixed_cases, suite_records};
use classes::{classes_of, classify, read_known, write_known, KnownClass};
use peer::{Broken, Peer};
use pipeline::{judge_cases, Judged};
use reference::{components_rule, components_rules, Reference};
use render::{render_markdown, render_text, Summary};

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
    protocol: Protocol,
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
enum Protocol {
    Line,
    Jsonl,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum JudgeFormat {
    Text,
    Json,
    Markdown,
}

pub fn run(args: &JudgeArgs) -> i32 {
    let grammar: AnyGrammar = args.grammar.into();
    let rule = match resolve_rule(grammar, args.rule.as_deref()) {
        Ok(r) => r,
        Err(code) => return code,
    };
    if args.mode != JudgeMode::Verdict {
        if grammar.main().is_none() {
            eprintln!("iri: --mode components and resolve need one of the grammars uri, rfc3987, iri, leiri");
            return EXIT_ERROR;
        }
        if args.mode == JudgeMode::Resolve && rule != grammar.reference_rule() {
            eprintln!("iri: --mode resolve judges the reference rule only");
            return EXIT_ERROR;
        }
        if args.mode == JudgeMode::Components && !components_rule(grammar, rule) {
            eprintln!(
                "iri: --mode components judges a rule whose strings are all {} (e.g. {}); {} is not",
                grammar.rule_name(grammar.reference_rule()),
                components_rules(grammar).join(", "),
                grammar.rule_name(rule)
            );
            return EXIT_ERROR;
        }
    }
    let known: Vec<KnownClass> = match &args.known {
        None => Vec::new(),
        Some(path) => match read_known(path) {
            Ok(k) => k,
            Err(e) => {
                eprintln!("iri: {}: {e}", path.display());
                return EXIT_ERROR;
            }
        },
    };
    let generator = match rules(grammar).and_then(|r| Generator::new(r, grammar.rule_name(rule))) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("iri: {e}");
            return EXIT_ERROR;
        }
    };
    let reference = Reference {
        grammar,
        rule,
        mode: args.mode,
    };
    let fixed = if args.generated_only {
        Vec::new()
    } else {
        match suite_records(args.corpora.as_deref()) {
            Ok(records) => fixed_cases(args, grammar, rule, &records),
            Err(e) => {
                eprintln!("iri: {e}");
                return EXIT_ERROR;
            }
        }
    };
    let progress = Progress::new(args.quiet);
    progress.say(&format!(
        "judging {}: {} fixed cases, then generated ones",
        args.name.as_deref().unwrap_or(&args.command[0]),
        fixed.len()
    ));
    let mut peer = match Peer::start(args) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("iri: {e}");
            return EXIT_ERROR;
        }
    };
    let start = Instant::now();
    let judged = match judge_cases(
        args, &mut peer, &reference, &generator, fixed, start, &progress,
    ) {
        Ok(j) => j,
        Err(Broken(why)) => {
            eprintln!("iri: {why}");
            peer.stop();
            return EXIT_ERROR;
        }
    };
    let Judged {
        disagreements,
        cases,
        skipped,
        skipped_long,
    } = judged;
    let elapsed = start.elapsed().as_secs_f64();
    progress.say(&format!(
        "{cases} cases judged in {elapsed:.1} s ({:.0} cases/s); shrinking and explaining {} disagreements",
        rate(cases, elapsed),
        disagreements.len()
    ));
    let explained = match classify(
        &mut peer,
        &reference,
        &disagreements,
        args.shrink,
        &progress,
    ) {
        Ok(e) => e,
        Err(why) => {
            eprintln!("iri: {why}");
            peer.stop();
            return EXIT_ERROR;
        }
    };
    let sent = peer.sent();
    peer.stop();
    let wall = start.elapsed().as_secs_f64();
    let mut classes = classes_of(&explained, &known);
    progress.say(&format!(
        "done in {wall:.1} s: {} in {}, {sent} inputs sent ({:.0}/s)",
        render::counted(explained.len(), "disagreement", "disagreements"),
        render::counted(classes.len(), "class", "classes"),
        rate(sent, wall)
    ));
    if let Some(path) = &args.write_known {
        if let Err(e) = write_known(path, &classes, args.mode == JudgeMode::Verdict) {
            eprintln!("iri: {}: {e}", path.display());
            return EXIT_ERROR;
        }
    }
    classes.sort_by(|a, b| b.count.cmp(&a.count).then(a.witness.cmp(&b.witness)));
    let unknown = classes.iter().filter(|c| !c.known).count();
    let summary = Summary {
        implementation: args.name.clone().unwrap_or_else(|| args.command.join(" ")),
        grammar: grammar.name(),
        rule: grammar.rule_name(rule),
        mode: match args.mode {
            JudgeMode::Verdict => "verdict",
            JudgeMode::Components => "components",
            JudgeMode::Resolve => "resolve",
        },
        protocol: match args.protocol {
            Protocol::Line => "line",
            Protocol::Jsonl => "jsonl",
        },
        seed: args.seed,
        cases,
        skipped,
        skipped_long,
        disagreements: explained.len(),
        unknown_classes: unknown,
        classes,
        seconds: elapsed,
        cases_per_second: rate(cases, elapsed),
        wall_seconds: wall,
        sent,
        sent_per_second: rate(sent, wall),
    };
    let text = match args.format {
        JudgeFormat::Json => serde_json::to_string_pretty(&summary).unwrap_or_default() + "\n",
        JudgeFormat::Text => render_text(&summary),
        JudgeFormat::Markdown => render_markdown(&summary, args.markdown_classes),
    };
    let mut out = std::io::stdout().lock();
    if out
        .write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .is_err()
    {
        return EXIT_ERROR;
    }
    if unknown > 0 {
        EXIT_INVALID
    } else {
        EXIT_OK
    }
}

/// `n` per second over `seconds` (0 for no time).
fn rate(n: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        n as f64 / seconds
    } else {
        0.0
    }
}

/// Progress on standard error: a line for each phase, and one every few seconds within a phase.
pub(super) struct Progress {
    quiet: bool,
    last: std::cell::Cell<Instant>,
}

/// The least time between two lines of progress within a phase.
const PROGRESS_EVERY: std::time::Duration = std::time::Duration::from_secs(5);

impl Progress {
    fn new(quiet: bool) -> Progress {
        Progress {
            quiet,
            last: std::cell::Cell::new(Instant::now()),
        }
    }

    /// Writes a line of progress.
    pub(super) fn say(&self, what: &str) {
        if !self.quiet {
            eprintln!("iri judge: {what}");
            self.last.set(Instant::now());
        }
    }

    /// Writes the line that `what` makes when the last line is [`PROGRESS_EVERY`] old.
    pub(super) fn tick(&self, what: impl FnOnce() -> String) {
        if !self.quiet && self.last.get().elapsed() >= PROGRESS_EVERY {
            self.say(&what());
        }
    }
}
