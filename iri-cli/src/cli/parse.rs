//! `iri parse`: the typed components or the parse tree of one input.

use clap::{Args, ValueEnum};
use iri_abnf::report::quote;
use iri_abnf::report::write_description;
use iri_abnf::syntax::SyntaxNode;
use iri_abnf::{parse_components, Components, Grammar, ParseError, Rule};
use serde::Serialize;
use std::ffi::OsString;
use std::fmt::Write as _;

use super::args::{resolve_rule, rule_arg, GrammarArg, ABSOLUTE_HELP};
use super::input::{escape_bytes, for_each_item, Decoding, InputArgs, NotText};
use super::output::{is_false, Out, EXIT_ERROR};
use super::records::{write_invalid, write_not_text, ErrorRecord};
use super::settings::null_records;

const PARSE_HELP: &str = "\
Output:
  text  the typed components: scheme, authority (userinfo, host and its kind, port digits and value),
        path (which ABNF alternative matched, its segments), query, fragment, each with its byte span
        start..end; absent components are shown as `-`
  json  {\"input\", \"grammar\", \"rule\", \"valid\", \"components\": {...} | null, \"error\": null | {...}}
        (the error object is the one of `iri check --format json`); with --tree also \"tree\": the
        parse tree as {\"rule\", \"span\": {\"start\", \"end\"}, \"children\": [...]}, or null for an
        invalid input or one over 65536 bytes (the limit of --format tree)
  tree  the pest parse tree: one line per rule that carries structure, indented, with its span and the
        text it matched (character-level rules such as ALPHA or ipchar leave no node); only for inputs
        of at most 65536 bytes (pest and the tree hold up to about 140 bytes per input byte): a longer
        input gets a record saying so, and counts as not processed

Every input gives one record, in input order; text and tree records start with the line
`input: ORIGIN \"INPUT\"` (ORIGIN is `argument N`, `line N` of standard input or `FILE: line N`) and
are separated by a blank line (with -0, each ends with a NUL instead). The values are quoted exactly
when standard output is not a terminal, and escaped for display on a terminal (--escape).
An input that is not processed (not UTF-8, or longer than --max-length) is shown as in `iri check`.

Inputs: the INPUT arguments, then the lines of each --input FILE (`-` is standard input); with
neither, every line of standard input (with -0, NUL-terminated records instead of lines). An input
that holds a line break is written exactly only with -0 or escaped (--escape always); otherwise its
record is `error: ORIGIN: ...` saying so.

Exit status: 0 all inputs valid, 1 at least one invalid (or not UTF-8, or too long), 2 usage error,
unknown rule, unreadable file or write error.

Examples:
  iri parse 'http://user@[v7.a:b]:8042/p/q?x#y'
  iri parse --grammar uri --format tree 'http://1.2.3.256/'     # a reg-name: first-match-wins
  iri parse --rule IPv6address --format json '1::2:3:4:5:6'
  printf 'http://a/\\nmailto:x@y\\n' | iri parse --format json  # one JSON object per line";

/// Parse inputs and show their components or parse trees.
#[derive(Args)]
#[command(after_help = PARSE_HELP)]
pub struct ParseArgs {
    /// The grammar: one of the four with parse trees and components (the historical grammars and
    /// iri-printed have a language only: `iri check`, `compare` and `generate` take them).
    #[arg(long, short, value_enum, default_value = "iri")]
    grammar: GrammarArg,
    /// The start rule, in spec spelling or with '_' for '-' (default: IRI-reference, or URI-reference
    /// for uri); `iri rules --grammar G` lists the rules of grammar G.
    #[arg(long, short)]
    rule: Option<String>,
    #[arg(long, short = 'A', conflicts_with = "rule", help = ABSOLUTE_HELP)]
    absolute: bool,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "text")]
    format: ParseFormat,
    /// With --format json: add the parse tree to each record ("tree").
    #[arg(long)]
    tree: bool,
    #[command(flatten)]
    input: InputArgs,
    /// The inputs (strings, not file names: see --input).
    #[arg(value_name = "INPUT")]
    inputs: Vec<OsString>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum ParseFormat {
    Text,
    Json,
    Tree,
}

/// The JSON record of one input: the documented contract of `iri parse --format json`.
#[derive(Serialize)]
pub struct ParseRecord<'a> {
    pub input: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_escaped: Option<&'a str>,
    pub grammar: Grammar,
    pub rule: Rule,
    pub valid: bool,
    pub components: Option<Components<'a>>,
    pub error: Option<ErrorRecord>,
    #[serde(skip_serializing_if = "is_false")]
    pub bom_removed: bool,
    /// With `--tree`: the parse tree of a valid input of at most [`TREE_LIMIT`] bytes, else null.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tree: Option<Option<SyntaxNode>>,
}

/// The record of one input, as `iri parse --format json` writes it (and `iri serve` answers
/// `/api/parse`), with the parse tree when `tree` is set (`--tree`); and for an invalid input its
/// error, fully explained (the text output draws its caret).
pub fn parse_record<'a>(
    grammar: Grammar,
    rule: Rule,
    tree: bool,
    input: Result<&'a str, &'a NotText>,
    bom_removed: bool,
) -> (ParseRecord<'a>, Option<ParseError>) {
    let input = match input {
        Ok(input) => input,
        Err(e) => {
            let record = ParseRecord {
                input: None,
                input_escaped: Some(&e.escaped),
                grammar,
                rule,
                valid: false,
                components: None,
                error: Some(ErrorRecord::from(e)),
                bom_removed,
                tree: tree.then_some(None),
            };
            return (record, None);
        }
    };
    // The components come from the fast parser; the tree, where asked for, from pest (the same
    // components: the tests compare them).
    let (components, error) = match parse_components(grammar, rule, input) {
        Ok(c) => (Some(c), None),
        Err(e) => (None, Some(e.explain())),
    };
    let syntax_tree = if tree && components.is_some() && input.len() <= TREE_LIMIT {
        iri_abnf::syntax::parse_tree(grammar, rule, input).ok()
    } else {
        None
    };
    let record = ParseRecord {
        input: Some(input),
        input_escaped: None,
        grammar,
        rule,
        valid: components.is_some(),
        components,
        error: error.as_ref().map(ErrorRecord::from),
        bom_removed,
        tree: tree.then_some(syntax_tree),
    };
    (record, error)
}

pub fn run(args: &ParseArgs) -> i32 {
    if args.tree && !matches!(args.format, ParseFormat::Json) {
        eprintln!("iri: --tree adds the tree to the JSON records (--format json); --format tree prints it as text");
        return EXIT_ERROR;
    }
    let grammar: Grammar = args.grammar.into();
    let rule = match resolve_rule(
        grammar,
        rule_arg(grammar, args.rule.as_deref(), args.absolute),
    ) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let mut out = Out::new();
    let mut count = 0u64;
    let read = for_each_item(&args.inputs, 1, &args.input, Decoding::Utf8, |item| {
        if out.broken() {
            return;
        }
        // Text and tree records span several lines: a blank line separates them (a NUL ends each
        // with -0).
        let text = !matches!(args.format, ParseFormat::Json);
        if count > 0 && text && !null_records() {
            out.line("");
        }
        count += 1;
        if text {
            out.bom_note(&item);
        }
        match &item.input {
            Ok(input) if text => {
                // The record names its input: where it comes from (argument n, line n, FILE: line
                // n) and its text, quoted as the values below.
                match out.shown(input) {
                    Ok(shown) => {
                        let _ = writeln!(out, "input: {} \"{shown}\"", item.origin);
                        parse_one(&mut out, args, grammar, rule, input);
                        out.end_record();
                    }
                    Err(why) => {
                        out.failed = true;
                        out.error_line(item.origin, &why);
                    }
                }
            }
            Err(e) if text => {
                out.failed = true;
                out.line(&format!("input: {}", item.origin));
                write_not_text(&mut out, e);
                out.end_record();
            }
            _ => {
                let (record, _) = parse_record(
                    grammar,
                    rule,
                    args.tree,
                    item.input.as_ref().copied(),
                    item.bom_removed,
                );
                out.failed |= !record.valid;
                out.json(&record);
            }
        }
    });
    out.finish(read.is_ok())
}

/// The longest input `--format tree` builds a parse tree for. Pest's token queue (two 40-byte tokens
/// per node) and the tree (56 bytes and a child list per node) hold up to about 140 bytes per input
/// byte (`/` repeated: one `segment` node per byte), so this bound keeps the tree within about 9 MiB
/// whatever the input; `--format text` and `json` give the components of longer inputs in a few bytes
/// per input byte (`benches/hostile.sh`).
pub const TREE_LIMIT: usize = 64 << 10;

/// The text record of an input over [`TREE_LIMIT`], in the shape of an input over `--max-length`.
fn tree_too_long_record(input: &str) -> String {
    let mut cut = input.len().min(64);
    while !input.is_char_boundary(cut) {
        cut -= 1;
    }
    format!(
        "invalid prefix \"{}…\"\n  input too long for a parse tree: {} bytes, over the limit of \
         {TREE_LIMIT} bytes for --format tree (pest holds about 140 bytes per input byte); use \
         --format json or text for the components",
        escape_bytes(&input.as_bytes()[..cut]),
        input.len()
    )
}

/// The text and tree output of one input.
fn parse_one(out: &mut Out, args: &ParseArgs, grammar: Grammar, rule: Rule, input: &str) {
    // The tree comes from pest; the components from the fast parser (the same components).
    if matches!(args.format, ParseFormat::Tree) {
        if input.len() > TREE_LIMIT {
            out.failed = true;
            out.line(&tree_too_long_record(input));
            return;
        }
        match iri_abnf::tree::parse(grammar, rule, input) {
            Ok(p) => {
                let mut s = String::new();
                p.tree.write_tree(input, &mut s);
                out.text(&s);
            }
            Err(e) => {
                out.failed = true;
                write_invalid(out, &e);
            }
        }
        return;
    }
    let (record, error) = parse_record(grammar, rule, false, Ok(input), false);
    out.failed |= !record.valid;
    match (&record.components, &error) {
        // The values as data: exact in double quotes (their spans delimit them), or escaped for
        // display (`--escape`).
        // Written as it is formatted: a path of n "/" has n segment lines.
        (Some(c), _) if out.escapes() => {
            let _ = write_description(out, grammar, rule, c, quote);
        }
        (Some(c), _) => {
            let _ = write_description(out, grammar, rule, c, |s| format!("\"{s}\""));
        }
        (None, Some(e)) => write_invalid(out, e),
        (None, None) => {}
    }
}
