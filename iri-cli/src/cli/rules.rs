//! `iri rules`: the rules of a grammar, the names that `--rule` takes.

use clap::{Args, ValueEnum};
use iri_abnf::abnf::{definition, Definition};
use iri_abnf::AnyGrammar;
use serde::Serialize;

use super::args::AnyGrammarArg;
use super::output::Out;

const RULES_HELP: &str = "\
Prints the rules of the grammar, one per line, in the order of its .abnf files and spelled as in the
spec. Each of them can be the start rule (--rule) of check, compare, generate and parse, spelled so
or with '_' for '-'; the input must then match the rule to its end. The grammars rfc2396, rfc2732,
masinter07, duerst01 and iri-printed have a language only: check, compare and generate take them,
parse does not.

JSON (--format json), one record:
  {\"grammar\": str, \"reference_rule\": str, \"rules\": [str],
   \"definitions\": [{\"rule\": str, \"file\": str, \"line\": int, \"spec\": str}]}
definitions gives, per rule in the same order, the grammar file and the line that define it and the
document and section the file transcribes there (grammar/iri.abnf, draft-ietf-iri-3987bis, Section 2.2).

Examples:
  iri rules                          # the rules of iri (draft-ietf-iri-3987bis)
  iri rules --grammar uri            # the rules of RFC 3986
  iri rules --grammar leiri --format json
  iri rules --grammar rfc2396        # RFC 2396 (1998), with absoluteURI, hier-part, opaque-part";

/// List the rules of a grammar (the names --rule takes).
#[derive(Args)]
#[command(after_help = RULES_HELP)]
pub struct RulesArgs {
    /// The grammar.
    #[arg(long, short, value_enum, default_value = "iri")]
    grammar: AnyGrammarArg,
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

/// The JSON record: the documented contract of `iri rules --format json`.
#[derive(Serialize)]
pub struct RulesRecord {
    pub grammar: AnyGrammar,
    pub reference_rule: &'static str,
    pub rules: Vec<&'static str>,
    pub definitions: Vec<Definition>,
}

/// The record of `grammar`'s rules, as `iri rules --format json` writes it (and `iri serve` answers
/// `/api/rules`).
pub fn rules_record(grammar: AnyGrammar) -> RulesRecord {
    RulesRecord {
        grammar,
        reference_rule: grammar.rule_name(grammar.reference_rule()),
        rules: grammar
            .rules()
            .iter()
            .map(|&r| grammar.rule_name(r))
            .collect(),
        definitions: grammar
            .rules()
            .iter()
            .filter_map(|&r| definition(grammar, r))
            .collect(),
    }
}

pub fn run(args: &RulesArgs) -> i32 {
    let grammar: AnyGrammar = args.grammar.into();
    let names = grammar.rules().iter().map(|&r| grammar.rule_name(r));
    let mut out = Out::new();
    match args.format {
        RulesFormat::Text => {
            for name in names {
                out.record(name);
            }
        }
        RulesFormat::Json => out.json(&rules_record(grammar)),
    }
    out.finish(true)
}
