//! `iri generate`: strings of a grammar's language, near misses, and strings that separate two
//! grammars, for fuzz campaigns against other parsers.

use std::collections::BTreeMap;

use clap::{Args, ValueEnum};
use iri_abnf::abnf::nth_seed;
use iri_abnf::abnf::{mutate, rules, Generator};
use iri_abnf::compare::{Part, Sampler};
use iri_abnf::{is_valid, AnyGrammar};
use serde::Serialize;

use super::args::AnyGrammarArg;
use super::compare::{named_rule, rule_in};
use super::output::{Out, EXIT_ERROR};

const GENERATE_HELP: &str = "\
Strings for fuzz campaigns, deterministic from --seed (the same seed gives the same strings):
  iri generate --grammar G [--rule R]           strings of the language of rule R (default: the
                                                reference rule), generated from its ABNF: every
                                                alternative, the ends of every range and the bounds of
                                                every repetition are reached over many seeds
  iri generate --grammar G --mutate             near misses: each string with one to three random edits
                                                (inside or outside the language)
  iri generate --in A --not-in B [--rule R]     strings in grammar A and not in grammar B, sampled from
                                                the product of their automata (not only the shortest)

--max-chars is the most characters of a string (a rule whose shortest string is longer gets its
shortest length); unlike the --max-length of the commands that read inputs, it counts characters.

Output: text is one string per line, exact when standard output is not a terminal (so that
`iri generate | iri check` checks the strings themselves) and shown as `iri check` shows inputs on a
terminal (`\\` as `\\\\`, controls and invisible characters as \\u{X}; --escape sets it). A string
that holds a line break (LEIRIs may) gets the record `error: string N: ...` in text; with -0 (--null)
every string is written exactly and ends with NUL. JSON is one record per string, exact:
  {\"text\": str, \"valid\": {\"duerst01\": bool, \"iri\": bool, \"iri-printed\": bool, \"leiri\": bool,
             \"masinter07\": bool, \"rfc2396\": bool, \"rfc2732\": bool, \"rfc3987\": bool, \"uri\": bool}}
with the verdict of every grammar (its reference rule, or the counterpart of --rule; a grammar
without a counterpart of the rule is left out).

Examples:
  iri generate --count 5 --seed 1
  iri generate --grammar uri --rule IPv6address --count 3
  iri generate --mutate --format json --count 100 --seed 7 > cases.jsonl
  iri generate --in iri --not-in rfc3987 --count 3
  iri generate --in rfc2396 --not-in uri --count 3   # RFC 2396 references that RFC 3986 rejects";

/// Generate strings of a grammar, near misses, or strings that separate two grammars.
#[derive(Args)]
#[command(after_help = GENERATE_HELP)]
pub struct GenerateArgs {
    /// The grammar whose language the strings are of.
    #[arg(
        long,
        short,
        value_enum,
        default_value = "iri",
        conflicts_with = "within"
    )]
    grammar: AnyGrammarArg,
    /// The rule (default: the reference rule); with --in/--not-in, its counterpart in each grammar.
    #[arg(long, short)]
    rule: Option<String>,
    /// How many strings.
    #[arg(long, short = 'n', default_value_t = 10)]
    count: u64,
    /// The seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The most characters of a string (where the rule allows).
    #[arg(long, default_value_t = 40)]
    max_chars: usize,
    /// Edit each string randomly (near misses).
    #[arg(long)]
    mutate: bool,
    /// Strings in this grammar... (with --not-in).
    #[arg(long = "in", value_enum, requires = "outside", value_name = "A")]
    within: Option<AnyGrammarArg>,
    /// ...and not in this one.
    #[arg(long = "not-in", value_enum, requires = "within", value_name = "B")]
    outside: Option<AnyGrammarArg>,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "text")]
    format: GenerateFormat,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum GenerateFormat {
    Text,
    Json,
}

#[derive(Serialize)]
struct Record<'a> {
    text: &'a str,
    valid: BTreeMap<&'static str, bool>,
}

pub fn run(args: &GenerateArgs) -> i32 {
    let rule = match named_rule(args.rule.as_deref(), &AnyGrammar::ALL) {
        Ok(rule) => rule,
        Err(code) => return code,
    };
    let mut strings: Vec<String> = Vec::new();
    if let (Some(a), Some(b)) = (args.within, args.outside) {
        let (a, b): (AnyGrammar, AnyGrammar) = (a.into(), b.into());
        let (Some(ra), Some(rb)) = (rule_in(rule, a), rule_in(rule, b)) else {
            eprintln!("iri: the rule has no counterpart in both {a} and {b}");
            return EXIT_ERROR;
        };
        let sampler = match Sampler::for_rules((a, ra), (b, rb), Part::OnlyA) {
            Ok(sampler) => sampler,
            Err(e) => {
                eprintln!("iri: {e}");
                return EXIT_ERROR;
            }
        };
        if sampler.shortest().is_none() {
            eprintln!("iri: no string is in {a} {ra} and not in {b} {rb}");
            return 1;
        }
        for i in 0..args.count {
            if let Some(s) = sampler.sample(nth_seed(args.seed, i), args.max_chars) {
                strings.push(s);
            }
        }
    } else {
        let grammar: AnyGrammar = args.grammar.into();
        let Some(r) = rule_in(rule, grammar) else {
            eprintln!("iri: the grammar {grammar} has no counterpart of the rule");
            return EXIT_ERROR;
        };
        let generator = match rules(grammar).and_then(|rules| Generator::new(rules, r)) {
            Ok(g) => g,
            Err(e) => {
                eprintln!("iri: {e}");
                return EXIT_ERROR;
            }
        };
        for i in 0..args.count {
            let seed = nth_seed(args.seed, i);
            let s = generator.generate(seed, args.max_chars);
            strings.push(if args.mutate { mutate(seed, &s) } else { s });
        }
    }
    let mut out = Out::new();
    for (i, s) in strings.iter().enumerate() {
        if out.broken() {
            break;
        }
        match args.format {
            GenerateFormat::Text => out.value(format_args!("string {}", i + 1), s),
            GenerateFormat::Json => {
                let valid = AnyGrammar::ALL
                    .iter()
                    .filter_map(|&g| Some((g.name(), is_valid(g, rule_in(rule, g)?, s))))
                    .collect();
                out.json(&Record { text: s, valid });
            }
        }
    }
    out.finish(true)
}
