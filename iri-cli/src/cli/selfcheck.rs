//! `iri selfcheck`: a differential campaign, pest grammars against the ABNF automata, or (with
//! `--components`) the fast component parser against the tree walker.

use clap::Args;
use iri_abnf::Grammar;
use iri_test::{run as run_campaign, Config};

use super::output::Out;
use super::{GrammarArg, EXIT_ERROR};

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

Examples:
  iri selfcheck --cases 10000                                  # every grammar, 10000 cases each
  iri selfcheck --grammar all --cases 1000000 --seed 7         # a long campaign (use --release)
  iri selfcheck --grammar iri --rule IPv6address --cases 50000
  iri selfcheck --components --cases 1000000                   # fast parser against the walker";

/// Check the pest grammars against the ABNF automata on generated strings.
#[derive(Args)]
#[command(after_help = SELFCHECK_HELP)]
pub struct SelfcheckArgs {
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

pub fn run(args: &SelfcheckArgs) -> i32 {
    let grammars = if args.grammar == "all" {
        Grammar::ALL.to_vec()
    } else {
        match <GrammarArg as clap::ValueEnum>::from_str(&args.grammar, false) {
            Ok(g) => vec![g.into()],
            Err(_) => {
                eprintln!(
                    "iri: unknown grammar {:?}: expected all, uri, rfc3987, iri or leiri",
                    args.grammar
                );
                return EXIT_ERROR;
            }
        }
    };
    // Every --rule must be a rule of every grammar checked; an unknown one is named with the list of
    // the grammar's rules, as `check --rule` does.
    for &grammar in &grammars {
        for name in &args.rule {
            if grammar.rule(name).is_none() {
                eprintln!(
                    "iri: {}",
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
    // Through `Out`: a closed pipe ends the output quietly (the campaign itself runs to its end).
    let mut out = Out::new();
    let report = run_campaign(&config, |m| out.record(&m.to_string()));
    match report {
        Err(e) => {
            out.note(&e.to_string());
            let _ = out.finish(true);
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
            out.failed = !report.mismatches.is_empty();
            out.finish(true)
        }
    }
}
