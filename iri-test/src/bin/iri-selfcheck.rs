//! `iri-selfcheck`: a differential campaign of the self-check harness ([`iri_test::run`]), pest
//! grammars against the ABNF automata, or (with `--components`) the fast component parser against
//! the tree walker. A tool of the repository, not part of the published `iri` command:
//! `cargo run --release -p iri-test --bin iri-selfcheck -- --cases 10000`.

#![forbid(unsafe_code)]

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use iri_abnf::Grammar;
use iri_test::{run as run_campaign, Config};

const SELFCHECK_HELP: &str = "\
Generates strings from every rule's ABNF (and mutations of them), and checks that the pest grammar and
the automaton compiled from the .abnf files give the same verdict, for the rule and for the grammar's
reference rule; also that the reference languages nest (uri within rfc3987 within iri within leiri).
With --components, compares instead the components of the fast parser (the input split at its
delimiters once the automaton accepts it) with those the tree walker reads off the pest parse tree, for
the rule and for the reference rule: same verdict and error, equal components and spans.
Every mismatch is printed as one line with the grammar, the rule, the escaped input and its case seed.
Deterministic: the same options give the same cases.

Exit status: 0 no mismatch, 1 mismatches found, 2 usage error.

Examples (from the repository: cargo run --release -p iri-test --bin iri-selfcheck -- OPTIONS):
  iri-selfcheck --cases 10000                                  # every grammar, 10000 cases each
  iri-selfcheck --grammar all --cases 1000000 --seed 7         # a long campaign (use --release)
  iri-selfcheck --grammar iri --rule IPv6address --cases 50000
  iri-selfcheck --components --cases 1000000                   # fast parser against the walker";

/// Exit status: no mismatch.
const EXIT_OK: u8 = 0;
/// Exit status: mismatches found.
const EXIT_INVALID: u8 = 1;
/// Exit status: usage error, unknown grammar or rule, or a write error.
const EXIT_ERROR: u8 = 2;

/// Check the pest grammars against the ABNF automata on generated strings.
#[derive(Parser)]
#[command(name = "iri-selfcheck", version, after_help = SELFCHECK_HELP)]
struct SelfcheckArgs {
    /// The grammar, or `all`.
    #[arg(long, short, default_value = "all")]
    grammar: String,
    /// Generate only from these rules (repeatable; default: every rule of the grammar); `iri rules
    /// --grammar G` lists the rules of grammar G.
    #[arg(long, short)]
    rule: Vec<String>,
    /// Cases per grammar.
    #[arg(long, short, default_value_t = 10_000)]
    cases: u64,
    /// Campaign seed.
    #[arg(long, short, default_value_t = 1)]
    seed: u64,
    /// Maximum length of a generated string, in characters.
    #[arg(long, default_value_t = 48)]
    max_len: usize,
    /// Skip the inclusion checks.
    #[arg(long)]
    no_inclusion: bool,
    /// Compare the fast component parser with the tree walker (instead of the verdict checks).
    #[arg(long)]
    components: bool,
}

/// Standard output, one record a line: the first write error is remembered and ends the output
/// (the campaign itself runs to its end); a closed pipe (`| head -1`) ends it quietly.
struct Out {
    out: std::io::BufWriter<std::io::StdoutLock<'static>>,
    error: Option<std::io::Error>,
}

impl Out {
    fn new() -> Out {
        Out {
            out: std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock()),
            error: None,
        }
    }

    /// Writes one line.
    fn record(&mut self, text: &str) {
        if self.error.is_none() {
            if let Err(e) = writeln!(self.out, "{text}") {
                self.error = Some(e);
            }
        }
    }

    /// Flushes standard output; the exit status is 2 after a write error other than a closed pipe
    /// (which ends the output quietly, as a reader such as `head` expects), else `status`.
    fn finish(mut self, status: u8) -> u8 {
        if self.error.is_none() {
            if let Err(e) = self.out.flush() {
                self.error = Some(e);
            }
        }
        match self.error {
            Some(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                eprintln!("iri-selfcheck: writing output: {e}");
                EXIT_ERROR
            }
            Some(_) => EXIT_ERROR,
            None => status,
        }
    }
}

fn main() -> ExitCode {
    let args = match SelfcheckArgs::try_parse() {
        Ok(args) => args,
        Err(e) => {
            let code = if e.use_stderr() { EXIT_ERROR } else { EXIT_OK };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    ExitCode::from(run(&args))
}

fn run(args: &SelfcheckArgs) -> u8 {
    let grammars = if args.grammar == "all" {
        Grammar::ALL.to_vec()
    } else {
        match Grammar::ALL.into_iter().find(|g| g.name() == args.grammar) {
            Some(g) => vec![g],
            None => {
                eprintln!(
                    "iri-selfcheck: unknown grammar {:?}: expected all, uri, rfc3987, iri or leiri",
                    args.grammar
                );
                return EXIT_ERROR;
            }
        }
    };
    // Every --rule must be a rule of every grammar checked; an unknown one is named with the list of
    // the grammar's rules, as `iri check --rule` does.
    for &grammar in &grammars {
        for name in &args.rule {
            if grammar.rule(name).is_none() {
                eprintln!(
                    "iri-selfcheck: {}",
                    iri_abnf::UnknownName::rule(grammar, name.as_str())
                );
                return EXIT_ERROR;
            }
        }
    }
    let config = Config {
        grammars,
        rules: args.rule.clone(),
        cases: args.cases,
        seed: args.seed,
        max_len: args.max_len,
        inclusion: !args.no_inclusion,
        components: args.components,
    };
    let mut out = Out::new();
    let report = run_campaign(&config, |m| out.record(&m.to_string()));
    match report {
        Err(e) => {
            // What was written comes before the message.
            let _ = out.out.flush();
            eprintln!("iri-selfcheck: {e}");
            let _ = out.finish(EXIT_ERROR);
            EXIT_ERROR
        }
        Ok(report) => {
            for (g, cases, accepted) in &report.per_grammar {
                out.record(&format!(
                    "grammar {g}: {cases} cases, {accepted} accepted by {}",
                    g.reference_rule()
                ));
            }
            out.record(&format!(
                "cases run: {}, comparisons: {}, mismatches: {} (seed {})",
                report.cases,
                report.comparisons,
                report.mismatches.len(),
                args.seed
            ));
            out.finish(if report.mismatches.is_empty() {
                EXIT_OK
            } else {
                EXIT_INVALID
            })
        }
    }
}
