//! `iri judge`: judges another implementation against the ABNF. It starts the implementation once,
//! as a persistent child (an adapter), sends it cases over standard input and reads its answers from
//! standard output, pipelined; every disagreement with the reference is shrunk while it holds,
//! explained (offset, character, rule and ABNF line) and grouped into classes.
//!
//! One job per file: the command line and the run are here; the child and its protocol
//! ([`peer`]), the reference's verdicts ([`reference`]), the fixed cases ([`cases`]), the character
//! classes ([`characters`]), shrinking ([`shrink`]), the deciding character ([`deciding`]), the
//! explanation ([`explain`]), classes and known classes ([`classes`]), the judging loop
//! ([`pipeline`]) and the reports ([`render`]).

mod cases;
mod characters;
mod classes;
mod deciding;
mod explain;
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
use cases::fixed_cases;
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
all the input it was given (cases are sent in batches, without waiting for each answer).

Cases, deterministic from --seed: the examples of the vendored suites (tests/corpora, --corpora),
the examples of the spec documents and the other URLs of their texts (tests/fixtures), the shortest
strings that separate the judged grammar from each other grammar, boundary strings
(both ends, plus and minus one, of every ucschar and iprivate range, noncharacters, long lines),
then strings generated from the rule's ABNF (near misses too with --mutate), until --cases or
--time is reached.

Every disagreement is shrunk while it holds (characters removed, then characters replaced by the
simplest of their class, asking the adapter again), explained and grouped into classes (direction,
rule, character class), each with its count and its shortest witness. Where the reference rejects:
the offset, the character and the rules that could continue there. Where it accepts: the deciding
character, one whose replacement (by `a`, else by another character) makes the
adapter accept while the reference still accepts, preferring one that leaves the other characters
in their rules; and the rule and ABNF line that admit it. When no such replacement exists, the class
is \"no single character\" under the innermost rule whose text, replaced by a short string of that
rule, makes the adapter accept. A component difference is classed by the first component that differs (class
\"component value\"), shrunk while that component differs.

An adapter that exits, answers out of step (an answer that is not one of the accepted words, or
echoes another input) or does not answer within --timeout-per-answer ends the run with exit status 2
and a message naming the input awaiting an answer and the last input sent.

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
    /// The longest wait for one answer, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    timeout_per_answer: f64,
    /// Near misses too: every other generated string gets one to three random edits.
    #[arg(long)]
    mutate: bool,
    /// The most characters of a generated string (where the rule allows).
    #[arg(long, default_value_t = 40)]
    max_chars: usize,
    /// The folder of the vendored suites (default: the repository's tests/corpora, when present).
    #[arg(long, value_name = "DIR")]
    corpora: Option<PathBuf>,
    /// Only generated cases: no suites, grammar differences or boundary strings.
    #[arg(long)]
    generated_only: bool,
    /// How many disagreements are shrunk (the shortest first); the others are explained as they are.
    #[arg(long, default_value_t = 200)]
    shrink: usize,
    /// A JSON list of known classes ({"reference_valid", "rule", "character_class"}): they do not
    /// make the exit status 1.
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
        fixed_cases(args, grammar, rule)
    };
    let mut peer = match Peer::start(args) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("iri: {e}");
            return EXIT_ERROR;
        }
    };
    let start = Instant::now();
    let judged = match judge_cases(args, &mut peer, &reference, &generator, fixed, start) {
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
    } = judged;
    let elapsed = start.elapsed().as_secs_f64();
    let explained = match classify(&mut peer, &reference, &disagreements, args.shrink) {
        Ok(e) => e,
        Err(why) => {
            eprintln!("iri: {why}");
            peer.stop();
            return EXIT_ERROR;
        }
    };
    peer.stop();
    let mut classes = classes_of(&explained, &known);
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
        disagreements: explained.len(),
        unknown_classes: unknown,
        classes,
        seconds: elapsed,
        cases_per_second: if elapsed > 0.0 {
            cases as f64 / elapsed
        } else {
            0.0
        },
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
