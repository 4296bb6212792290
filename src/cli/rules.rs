//! `iri rules`: the rules of a grammar, the names that `--rule` takes.

use clap::{Args, ValueEnum};
use iri_abnf::{Grammar, Rule};
use serde::Serialize;

use super::output::Out;
use super::GrammarArg;

const RULES_HELP: &str = "\
Prints the rules of the grammar, one per line, in the order of its .abnf files and spelled as in the
spec. Each of them can be the start rule (--rule) of check, parse and selfcheck, spelled so or with
'_' for '-'; the input must then match the rule to its end.

JSON (--format json), one record:
  {\"grammar\": str, \"reference_rule\": str, \"rules\": [str]}

Examples:
  iri rules                          # the rules of iri (draft-ietf-iri-3987bis)
  iri rules --grammar uri            # the rules of RFC 3986
  iri rules --grammar leiri --format json";

/// List the rules of a grammar (the names --rule takes).
#[derive(Args)]
#[command(after_help = RULES_HELP)]
pub struct RulesArgs {
    /// The grammar.
    #[arg(long, short, value_enum, default_value = "iri")]
    grammar: GrammarArg,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "text")]
    format: RulesFormat,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum RulesFormat {
    /// One rule name per line.
    Text,
    /// One JSON record.
    Json,
}

#[derive(Serialize)]
struct RulesRecord {
    grammar: Grammar,
    reference_rule: Rule,
    rules: &'static [Rule],
}

pub fn run(args: &RulesArgs) -> i32 {
    let grammar: Grammar = args.grammar.into();
    let mut out = Out::new();
    match args.format {
        RulesFormat::Text => {
            for rule in grammar.rules() {
                out.line(rule.name());
            }
        }
        RulesFormat::Json => out.json(&RulesRecord {
            grammar,
            reference_rule: grammar.reference_rule(),
            rules: grammar.rules(),
        }),
    }
    out.finish(true)
}
