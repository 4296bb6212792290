//! The judge of `iri judge`: judges another URI/IRI implementation against the ABNF (RFC 3986,
//! RFC 3987, draft-ietf-iri-3987bis and the earlier grammars of `iri-abnf`). It starts the
//! implementation once, as a persistent child (an adapter), sends it cases over standard input and
//! reads its answers from standard output, pipelined; every disagreement with the reference is shrunk
//! while it holds, explained (offset, character, rule and ABNF line) and grouped into classes.
//!
//! [`run`] does a whole run from [`Options`]; [`Reference`] is the oracle alone: what the ABNF
//! answers about a [`Case`] in each [`Mode`].
//!
//! The modules, in the order data flows through them (each imports only earlier ones; `cargo xtask
//! layers` checks it): the notation of the spec documents' examples
//! (`notation`), the character classes (`characters`), the
//! fixed cases and the embedded suites (`cases`), the reference oracle (`reference`), the adapter
//! and its protocol (`peer`), the deciding character (`deciding`), classes and known classes
//! (`classes`), the explanation (`explain`), shrinking (`shrink`), the reports (`render`), and the
//! judging loop with classing (`pipeline`); this root puts a run together.

mod cases;
mod characters;
mod classes;
mod deciding;
mod explain;
pub mod notation;
mod peer;
mod pipeline;
mod reference;
mod render;
mod shrink;

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use iri_abnf::abnf::{rules, Generator};
use iri_abnf::{AnyGrammar, Rule};

pub use cases::Case;
pub use peer::Protocol;
pub use reference::{Mode, Reference, Verdict, COMPONENTS};
pub use render::Format;

use cases::{fixed_cases, resolve_cases, suite_records};
use classes::{classes_of, read_known, write_known, KnownClass};
use peer::{Broken, Peer, Setup};
use pipeline::{classify, judge_cases, Generation, Judged, Progress};
use reference::{components_rule, components_rules};
use render::{counted, render_markdown, render_text, Summary};

/// A run of the judge: what is judged, the cases, the adapter and the report. The `iri judge`
/// command's options, one field each; [`Options::new`] gives its defaults.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The grammar the implementation claims.
    pub grammar: AnyGrammar,
    /// The rule of `grammar` judged (its reference rule in resolve mode; one whose strings are all
    /// references in components mode).
    pub rule: Rule,
    /// What the adapter answers.
    pub mode: Mode,
    /// How cases and answers are written.
    pub protocol: Protocol,
    /// How many generated cases (after the fixed ones); `None`: 10,000, or no limit with `time`.
    pub cases: Option<u64>,
    /// The seed of the generated cases.
    pub seed: u64,
    /// The seconds after which no new case is sent.
    pub time: Option<f64>,
    /// The longest wait for one answer after the first, in seconds.
    pub timeout_per_answer: f64,
    /// The longest wait for the first answer, in seconds (the adapter's start-up and first batch).
    pub startup_timeout: f64,
    /// The most characters of a case sent; longer ones are counted as skipped.
    pub max_length: Option<usize>,
    /// No progress on standard error.
    pub quiet: bool,
    /// Near misses too: every other generated string gets one to three random edits.
    pub mutate: bool,
    /// The most characters of a generated string (where the rule allows).
    pub max_chars: usize,
    /// A folder of suites (`DIR/SUITE/*.jsonl` or `*.json`, with the spec examples of
    /// `DIR/../fixtures` when present) in place of the embedded ones.
    pub corpora: Option<PathBuf>,
    /// Only generated cases: no suites, grammar differences or boundary strings.
    pub generated_only: bool,
    /// How many disagreements are shrunk besides the shortest of each group of the same
    /// explanation (which always is).
    pub shrink: usize,
    /// A JSON file of known classes: they do not make the outcome [`Outcome::UnknownClasses`].
    pub known: Option<PathBuf>,
    /// A file to write the classes of this run to, in the format of `known`.
    pub write_known: Option<PathBuf>,
    /// The name the report gives the implementation (default: the command).
    pub name: Option<String>,
    /// The report's format.
    pub format: Format,
    /// The most classes the Markdown table lists, the most frequent first (0: every class).
    pub markdown_classes: usize,
    /// The adapter and its arguments.
    pub command: Vec<String>,
}

impl Options {
    /// The options of a run that judges `command` in verdict mode against the reference rule of
    /// `grammar`, over the line protocol, with the defaults of `iri judge`: 10,000 generated cases
    /// of at most 40 characters from seed 0 after the fixed cases, 10 s for an answer (60 s for the
    /// first), 200 disagreements shrunk besides the shortest of each group, a text report.
    pub fn new(grammar: AnyGrammar, command: Vec<String>) -> Options {
        Options {
            grammar,
            rule: grammar.reference_rule(),
            mode: Mode::Verdict,
            protocol: Protocol::Line,
            cases: None,
            seed: 0,
            time: None,
            timeout_per_answer: 10.0,
            startup_timeout: 60.0,
            max_length: None,
            quiet: false,
            mutate: false,
            max_chars: 40,
            corpora: None,
            generated_only: false,
            shrink: 200,
            known: None,
            write_known: None,
            name: None,
            format: Format::Text,
            markdown_classes: 25,
            command,
        }
    }
}

/// How a run ended, when it could judge the adapter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// No disagreement outside the known classes.
    NoUnknownClass,
    /// This many classes of disagreements outside the known classes.
    UnknownClasses(usize),
}

/// Why a run could not judge the adapter.
#[derive(Debug)]
pub enum Failure {
    /// Options that do not go together, a file that cannot be read or written, or a broken adapter
    /// (one that exits, answers out of step or stalls): the message.
    Message(String),
    /// The report could not be written.
    Output(std::io::Error),
}

/// Judges the adapter of `options.command` and writes the report to `out`; progress goes to
/// standard error (unless `options.quiet`).
pub fn run(options: &Options, out: &mut dyn Write) -> Result<Outcome, Failure> {
    let fail = |message: String| Err(Failure::Message(message));
    let (grammar, rule, mode) = (options.grammar, options.rule, options.mode);
    if mode != Mode::Verdict {
        if grammar.main().is_none() {
            return fail(
                "--mode components and resolve need one of the grammars uri, rfc3987, iri, leiri"
                    .to_string(),
            );
        }
        if mode == Mode::Resolve && rule != grammar.reference_rule() {
            return fail("--mode resolve judges the reference rule only".to_string());
        }
        if mode == Mode::Components && !components_rule(grammar, rule) {
            return fail(format!(
                "--mode components judges a rule whose strings are all {} (e.g. {}); {} is not",
                grammar.rule_name(grammar.reference_rule()),
                components_rules(grammar).join(", "),
                grammar.rule_name(rule)
            ));
        }
    }
    let known: Vec<KnownClass> = match &options.known {
        None => Vec::new(),
        Some(path) => match read_known(path) {
            Ok(k) => k,
            Err(e) => return fail(format!("{}: {e}", path.display())),
        },
    };
    let generator = match rules(grammar).and_then(|r| Generator::new(r, grammar.rule_name(rule))) {
        Ok(g) => g,
        Err(e) => return fail(e.to_string()),
    };
    let reference = Reference {
        grammar,
        rule,
        mode,
    };
    let fixed = if options.generated_only {
        Vec::new()
    } else {
        match suite_records(options.corpora.as_deref()) {
            Ok(records) if mode == Mode::Resolve => resolve_cases(&records),
            Ok(records) => fixed_cases(grammar, rule, &records),
            Err(e) => return fail(e),
        }
    };
    let command = options.command.first().map_or("", String::as_str);
    let progress = Progress::new(options.quiet);
    progress.say(&format!(
        "judging {}: {} fixed cases, then generated ones",
        options.name.as_deref().unwrap_or(command),
        fixed.len()
    ));
    let mut peer = match Peer::start(&Setup {
        command: &options.command,
        mode,
        protocol: options.protocol,
        timeout_per_answer: options.timeout_per_answer,
        startup_timeout: options.startup_timeout,
        quiet: options.quiet,
    }) {
        Ok(p) => p,
        Err(e) => return fail(e),
    };
    let generation = Generation {
        mode,
        protocol: options.protocol,
        cases: options.cases,
        seed: options.seed,
        time: options.time,
        max_length: options.max_length,
        mutate: options.mutate,
        max_chars: options.max_chars,
    };
    let start = Instant::now();
    let judged = match judge_cases(
        &generation,
        &mut peer,
        &reference,
        &generator,
        fixed,
        start,
        &progress,
    ) {
        Ok(j) => j,
        Err(Broken(why)) => {
            peer.stop();
            return fail(why);
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
        options.shrink,
        &progress,
    ) {
        Ok(e) => e,
        Err(why) => {
            peer.stop();
            return fail(why);
        }
    };
    let sent = peer.sent();
    peer.stop();
    let wall = start.elapsed().as_secs_f64();
    let mut classes = classes_of(&explained, &known);
    progress.say(&format!(
        "done in {wall:.1} s: {} in {}, {sent} inputs sent ({:.0}/s)",
        counted(explained.len(), "disagreement", "disagreements"),
        counted(classes.len(), "class", "classes"),
        rate(sent, wall)
    ));
    if let Some(path) = &options.write_known {
        if let Err(e) = write_known(path, &classes, mode == Mode::Verdict) {
            return fail(format!("{}: {e}", path.display()));
        }
    }
    classes.sort_by(|a, b| b.count.cmp(&a.count).then(a.witness.cmp(&b.witness)));
    let unknown = classes.iter().filter(|c| !c.known).count();
    let summary = Summary {
        implementation: options
            .name
            .clone()
            .unwrap_or_else(|| options.command.join(" ")),
        grammar: grammar.name(),
        rule: grammar.rule_name(rule),
        mode: mode.name(),
        protocol: options.protocol.name(),
        seed: options.seed,
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
    let text = match options.format {
        Format::Json => serde_json::to_string_pretty(&summary).unwrap_or_default() + "\n",
        Format::Text => render_text(&summary),
        Format::Markdown => render_markdown(&summary, options.markdown_classes),
    };
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(Failure::Output)?;
    Ok(if unknown > 0 {
        Outcome::UnknownClasses(unknown)
    } else {
        Outcome::NoUnknownClass
    })
}

/// `n` per second over `seconds` (0 for no time).
fn rate(n: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        n as f64 / seconds
    } else {
        0.0
    }
}
