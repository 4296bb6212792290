//! `iri parse`: the typed components or the parse tree of one input.

use clap::{Args, ValueEnum};
use iri_abnf::error::quote;
use iri_abnf::report::describe;
use iri_abnf::{parse_rule, Components, Error, Grammar};
use serde::Serialize;
use std::ffi::OsString;

use super::check::ErrorRecord;
use super::input::{for_each_input, Origin};
use super::{resolve_rule, GrammarArg, EXIT_ERROR, EXIT_INVALID, EXIT_OK};

const PARSE_HELP: &str = "\
Output:
  text  the typed components: scheme, authority (userinfo, host and its kind, port digits and value),
        path (which ABNF alternative matched, its segments), query, fragment, each with its byte span
        start..end; absent components are shown as `-`
  json  {\"input\", \"grammar\", \"rule\", \"valid\", \"components\": {...} | null, \"error\": null | {...}}
        (the error object is the one of `iri check --format json`)
  tree  the pest parse tree: one line per rule that carries structure, indented, with its span and the
        text it matched (character-level rules such as ALPHA or ipchar leave no node)

Exit status: 0 valid, 1 invalid, 2 usage error, unknown rule or non-UTF-8 input.

Examples:
  iri parse 'http://user@[v7.a:b]:8042/p/q?x#y'
  iri parse --grammar uri --format tree 'http://1.2.3.256/'     # a reg-name: first-match-wins
  iri parse --rule IPv6address --format json '1::2:3:4:5:6'";

/// Parse one input and show its components or its parse tree.
#[derive(Args)]
#[command(after_help = PARSE_HELP)]
pub struct ParseArgs {
    /// The grammar.
    #[arg(long, short, value_enum, default_value = "iri")]
    grammar: GrammarArg,
    /// The start rule, in spec spelling (default: IRI-reference, or URI-reference for uri).
    #[arg(long, short)]
    rule: Option<String>,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "text")]
    format: ParseFormat,
    /// The input (if absent, the first line of standard input).
    #[arg(value_name = "INPUT")]
    input: Option<OsString>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum ParseFormat {
    Text,
    Json,
    Tree,
}

#[derive(Serialize)]
struct ParseRecord<'a> {
    input: &'a str,
    grammar: Grammar,
    rule: &'a str,
    valid: bool,
    components: Option<&'a Components<'a>>,
    error: Option<ErrorRecord>,
}

pub fn run(args: &ParseArgs) -> i32 {
    let grammar: Grammar = args.grammar.into();
    let rule = match resolve_rule(grammar, args.rule.as_deref()) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let inputs: Vec<OsString> = args.input.iter().cloned().collect();
    let mut code = None;
    let read = for_each_input(&inputs, |origin, input| {
        if code.is_some() {
            return; // only the first line of standard input
        }
        code = Some(parse_one(args, grammar, rule, origin, input));
    });
    match (read, code) {
        (Err(()), _) => EXIT_ERROR,
        (Ok(()), Some(c)) => c,
        (Ok(()), None) => {
            eprintln!("iri: no input");
            EXIT_ERROR
        }
    }
}

fn parse_one(
    args: &ParseArgs,
    grammar: Grammar,
    rule: &'static str,
    _: Origin,
    input: &str,
) -> i32 {
    let result = parse_rule(grammar, rule, input);
    let (parsed, error) = match &result {
        Ok(p) => (Some(p), None),
        Err(Error::Parse(e)) => (None, Some(e)),
        Err(Error::Rule(e)) => {
            eprintln!("iri: {e}");
            return EXIT_ERROR;
        }
    };
    let text = match args.format {
        ParseFormat::Json => {
            let record = ParseRecord {
                input,
                grammar,
                rule,
                valid: parsed.is_some(),
                components: parsed.map(|p| &p.components),
                error: error.map(ErrorRecord::from),
            };
            match serde_json::to_string(&record) {
                Ok(s) => s + "\n",
                Err(e) => {
                    eprintln!("iri: {e}");
                    return EXIT_ERROR;
                }
            }
        }
        ParseFormat::Tree => match parsed {
            Some(p) => {
                let mut s = String::new();
                p.tree.write_tree(input, &mut s);
                s
            }
            None => String::new(),
        },
        ParseFormat::Text => match parsed {
            Some(p) => describe(grammar, rule, &p.components),
            None => String::new(),
        },
    };
    print!("{text}");
    match error {
        None => EXIT_OK,
        Some(e) => {
            if !matches!(args.format, ParseFormat::Json) {
                println!("invalid {}\n  {}", quote(input), e.message());
                for l in e.render_caret().lines() {
                    println!("  | {l}");
                }
            }
            EXIT_INVALID
        }
    }
}
