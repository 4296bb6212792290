//! `iri compare`: one input in every grammar, or two grammars' languages as wholes.

use std::ffi::OsString;
use std::fmt::Write as _;

use clap::{Args, ValueEnum};
use iri_abnf::compare::{
    compare_rules_as_printed, counterpart, rule_by_rule, Comparison, Relation, RuleComparison,
    Witness,
};
use iri_abnf::{AnyGrammar, Grammar, ParseError, Rule};
use serde::Serialize;

use super::args::AnyGrammarArg;
use super::input::{for_each_item, Decoding, InputArgs};
use super::output::{Out, EXIT_ERROR};
use super::records::{write_not_processed, ErrorRecord};

const COMPARE_HELP: &str = "\
Three modes:
  iri compare [INPUT...]             each input's verdict in every grammar (--grammars, default all
                                     nine), for the reference rule or the counterpart of --rule in
                                     each grammar; for a grammar that rejects it, the first offending
                                     character, its byte offset and the rules it cannot continue; the
                                     components in the first grammar that accepts it and has them;
                                     the LEIRI -> IRI and IRI -> URI mappings of 3987bis in turn, with
                                     their verdicts
  iri compare --languages A B        the relation between the languages of rule R (--rule, default the
                                     reference rule) in grammar A and its counterpart in grammar B:
                                     =, A ⊂ B, A ⊃ B, overlap or disjoint, with the shortest strings in
                                     one and not the other (--witnesses N of each)
  iri compare --matrix               the relation of every pair of the grammars (--grammars, default
                                     all nine), with one witness per non-empty difference

The grammars: uri, rfc3987, iri, leiri (the four with parse trees and components), rfc2396 (RFC 2396
Appendix A), rfc2732 (RFC 2396 with RFC 2732's IPv6 literals), masinter07 (draft-masinter-url-i18n-07,
2001), duerst01 (draft-duerst-iri-01, 2002) and iri-printed (3987bis as printed, without note 1).
The five after leiri have no pest parser: their errors name no rules, and they have no components.

--as-printed N,... compares the grammars as their documents print them, with those interpretation
notes (grammar/NOTES.md) taken back in each grammar whose files mark them: --as-printed 1 is 3987bis
(and LEIRI) with `ireg-name` as printed, without `pct-form`.

The languages are compared exactly, on the product of the two rules' automata (iri_abnf::compare).
A witness is the first string of a difference in shortlex order (fewest characters, then smallest
code points); it is shown with the character that decides it (where the other grammar's error is)
and, where any of a range of characters could stand there with the rest kept, that range. Further
witnesses skip the strings that only put another character of a shown range at its place.

Counterparts: a rule of the same name, or the rule that the IRI grammars name with an `i` prefix
(ihost for host), or a renamed pair (IRI-reference for URI-reference, absolute-IRI for absolute-URI).

JSON (--format json): per input {\"input\", \"grammars\": [{\"grammar\", \"rule\", \"valid\", \"error\"}],
\"split_differs\": [grammar] (when not empty), \"mappings\": [{\"from\", \"to\", \"result\", \"valid\"}]
(when not empty)}; for --languages one record {\"a\", \"b\", \"relation\", \"only_a\", \"only_b\",
\"common\", \"product_states\", \"rules\"} (a and b: {\"grammar\", \"rule\"}; witnesses: {\"text\",
\"offset\", \"column\", \"range\": [lo, hi] | null}; rules: one comparison per rule of A with a counterpart in B,
with \"a\" and \"b\" the two rules); for --matrix one record per ordered pair of different grammars,
without \"rules\".

Exit status: 0 when every input is valid in every grammar, or the languages are equal (--languages)
or every comparison ran (--matrix); 1 when an input is rejected by some grammar or the languages
differ; 2 for a usage error.

Examples:
  iri compare 'http://résumé.example.org' 'http://[v7.a:b]/'
  iri compare --languages uri iri
  iri compare --languages rfc3987 iri --rule ihost --witnesses 3
  iri compare --matrix
  iri compare --languages uri iri --as-printed 1   # the erratum of note 1
  iri compare --languages rfc2396 uri              # what RFC 3986 changed
  iri compare --matrix --grammars rfc2396,rfc2732,masinter07,duerst01,rfc3987";

/// Compare grammars: one input in each, or the languages of two grammars as wholes.
#[derive(Args)]
#[command(after_help = COMPARE_HELP)]
pub struct CompareArgs {
    /// The grammars of a per-input comparison or of the matrix (default: all).
    #[arg(long, value_enum, value_delimiter = ',')]
    grammars: Vec<AnyGrammarArg>,
    /// The rule (default: each grammar's reference rule); in each other grammar, its counterpart.
    #[arg(long, short)]
    rule: Option<String>,
    /// Compare the languages of grammars A and B as wholes.
    #[arg(long, num_args = 2, value_names = ["A", "B"], value_enum, conflicts_with = "matrix")]
    languages: Vec<AnyGrammarArg>,
    /// Compare the languages of every pair of grammars.
    #[arg(long)]
    matrix: bool,
    /// Witnesses of each difference (--languages; the matrix shows one).
    #[arg(long, default_value_t = 3)]
    witnesses: usize,
    /// Compare the grammars as their documents print them: take back these interpretation notes
    /// (grammar/NOTES.md) in each grammar whose files mark them (--languages and --matrix).
    #[arg(long, value_delimiter = ',', value_name = "NOTE")]
    as_printed: Vec<u32>,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "text")]
    format: CompareFormat,
    #[command(flatten)]
    input: InputArgs,
    /// The inputs (strings, not file names: see --input).
    #[arg(value_name = "INPUT")]
    inputs: Vec<OsString>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum CompareFormat {
    Text,
    Json,
}

/// One side of a language comparison.
#[derive(Clone, Serialize)]
struct Side {
    grammar: AnyGrammar,
    #[serde(skip)]
    rule: Rule,
    /// The rule as the grammar spells it.
    #[serde(rename = "rule")]
    rule_name: &'static str,
    /// The interpretation notes taken back in this grammar (--as-printed).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    as_printed: Vec<u32>,
}

impl Side {
    fn new(grammar: AnyGrammar, rule: Rule, notes: &[u32]) -> Side {
        Side {
            grammar,
            rule,
            rule_name: grammar.rule_name(rule),
            as_printed: iri_abnf::abnf::marked_notes(grammar, notes),
        }
    }

    /// The grammar, as printed where it is, and the rule.
    fn label(&self) -> String {
        match &self.as_printed[..] {
            [] => format!("{} {}", self.grammar, self.grammar.rule_name(self.rule)),
            notes => {
                let notes: Vec<String> = notes.iter().map(u32::to_string).collect();
                format!(
                    "{} (as printed, without note {}) {}",
                    self.grammar,
                    notes.join(", "),
                    self.grammar.rule_name(self.rule)
                )
            }
        }
    }
}

/// Prints why and gives the exit code when a note of `--as-printed` is marked by none of `grammars`.
fn check_notes(notes: &[u32], grammars: &[AnyGrammar]) -> Result<(), i32> {
    for &n in notes {
        // A note that records a transcription (the historical grammars' BNF, notes 33-43) has no
        // printed ABNF to go back to.
        for &g in grammars {
            if iri_abnf::abnf::marked_notes(g, &[n]).is_empty() {
                continue;
            }
            if let Err(e) = iri_abnf::abnf::printed_automaton(g, g.reference_rule(), &[n]) {
                eprintln!(
                    "iri: note {n} cannot be taken back in {g}: its printed text is not ABNF that \
                     compiles ({e}); the notes of the historical grammars record how their BNF was \
                     transcribed"
                );
                return Err(EXIT_ERROR);
            }
        }
        if grammars
            .iter()
            .all(|&g| iri_abnf::abnf::marked_notes(g, &[n]).is_empty())
        {
            let names: Vec<&str> = grammars.iter().map(|g| g.name()).collect();
            eprintln!(
                "iri: note {n} amends no rule of {} (grammar/NOTES.md lists the notes)",
                names.join(", ")
            );
            return Err(EXIT_ERROR);
        }
    }
    Ok(())
}

#[derive(Serialize)]
struct LanguagesRecord<'a> {
    a: &'a Side,
    b: &'a Side,
    #[serde(flatten)]
    comparison: &'a Comparison,
    /// The rules of `a` with a counterpart in `b` (--languages only).
    #[serde(skip_serializing_if = "Option::is_none")]
    rules: Option<Vec<RuleRecord<'a>>>,
}

/// One rule of a rule-by-rule comparison, each rule as its grammar spells it.
#[derive(Serialize)]
struct RuleRecord<'a> {
    a: &'static str,
    b: &'static str,
    #[serde(flatten)]
    comparison: &'a Comparison,
}

/// The verdict of one grammar in an input's record.
#[derive(Serialize)]
pub struct Verdict {
    pub grammar: AnyGrammar,
    /// The rule as the grammar spells it.
    pub rule: &'static str,
    pub valid: bool,
    pub error: Option<ErrorRecord>,
}

/// The JSON record of one input: the documented contract of `iri compare --format json` with inputs.
#[derive(Serialize)]
pub struct InputRecord<'a> {
    pub input: &'a str,
    pub grammars: Vec<Verdict>,
    /// The grammars that accept the input but split it into other components than the first that
    /// accepts it (with the reference rules only; only the four main grammars have components).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub split_differs: Vec<Grammar>,
    /// LEIRI → IRI (3987bis §5.1) and IRI → URI (§3.3–§3.6) of the input, where the grammar it maps
    /// from accepts it (with the reference rules only).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub mappings: Vec<Mapping>,
}

/// One mapping between grammars, with the verdict of its result in the target grammar.
#[derive(Serialize)]
pub struct Mapping {
    pub from: Grammar,
    pub to: Grammar,
    pub result: String,
    pub valid: bool,
}

/// The record of one input in every grammar of `grammars`, as `iri compare --format json` writes it
/// (and `iri serve` answers `/api/compare`): for `rule` (`None`: the reference rules) or its
/// counterpart in each grammar; and for each verdict, why the grammar rejects the input in a few
/// words, from its error fully explained (the text output shows it). Each error is dropped once
/// read: an error keeps a copy of the input, and nine of them would hold nine copies of a long one.
pub fn input_record<'a>(
    grammars: &[AnyGrammar],
    rule: Option<Rule>,
    input: &'a str,
) -> (InputRecord<'a>, Vec<Option<String>>) {
    let mut verdicts = Vec::new();
    let mut whys = Vec::new();
    for &g in grammars {
        let Some(r) = rule_in(rule, g) else {
            continue;
        };
        // `rule_in` gives a rule of the grammar, so the error is a syntax error.
        let parse_error = iri_abnf::validate(g, r, input)
            .map_err(ParseError::explain)
            .err();
        let error = parse_error.as_ref().map(ErrorRecord::from);
        whys.push(parse_error.as_ref().map(why));
        verdicts.push(Verdict {
            grammar: g,
            rule: g.rule_name(r),
            valid: error.is_none(),
            error,
        });
    }
    let (mut split_differs, mut maps) = (Vec::new(), Vec::new());
    if rule.is_none() {
        let splits: Vec<(Grammar, String)> = verdicts
            .iter()
            .filter(|v| v.valid)
            .filter_map(|v| v.grammar.main())
            .filter_map(|g| Some((g, iri_abnf::compare::split_signature(g, input)?)))
            .collect();
        if let Some((_, first)) = splits.first() {
            split_differs = splits
                .iter()
                .filter(|(_, s)| s != first)
                .map(|&(g, _)| g)
                .collect();
        }
        maps = mappings(grammars, input);
    }
    let record = InputRecord {
        input,
        grammars: verdicts,
        split_differs,
        mappings: maps,
    };
    (record, whys)
}

/// Why a grammar rejects an input, in a few words: the offending character and the rules that pest
/// names there (the rules whose language does not have the character at that place), or what the
/// grammar expected.
fn why(e: &iri_abnf::ParseError) -> String {
    let rules: Vec<String> = e
        .expected()
        .iter()
        .filter_map(|x| match x {
            iri_abnf::Expected::Rule(r) => Some(r.to_string()),
            _ => None,
        })
        .collect();
    let or = |items: &[String]| match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    };
    let others = e.expected().len() - rules.len();
    let more = match others {
        0 => String::new(),
        // No rules named (a grammar without a pest parser, or pest failing elsewhere): what could come
        // there, when the list is short.
        n if rules.is_empty() && n <= 8 => {
            let items: Vec<String> = e.expected().iter().map(ToString::to_string).collect();
            format!("one of {}", items.join(", "))
        }
        n if rules.is_empty() => format!("one of {n} characters or ranges"),
        n => format!(" (or one of {n} other characters or ranges)"),
    };
    match e.input()[e.offset..].chars().next() {
        Some(c) => {
            let shown = if c.is_ascii_graphic() {
                format!("'{c}'")
            } else {
                format!("{} ({})", quoted(&c.to_string()), code_point(c))
            };
            if rules.is_empty() {
                format!("{shown} at {} is not {more}", e.offset)
            } else {
                format!(
                    "{shown} at {} cannot continue {}{more}",
                    e.offset,
                    or(&rules)
                )
            }
        }
        None if rules.is_empty() => format!("it ends at {} where {more} must follow", e.offset),
        None => format!(
            "it ends at {} where {}{more} must follow",
            e.offset,
            or(&rules)
        ),
    }
}

/// Writes the components of a valid reference on one line, as they are formatted: each with its text
/// and span, the host with its kind (nothing when `grammar` rejects the input).
fn write_components_line(out: &mut Out, grammar: Grammar, input: &str) {
    let Ok(r) = iri_abnf::parse(grammar, input) else {
        return;
    };
    // (name, component, what follows it): a handful, each written in place.
    let mut parts: Vec<(&str, iri_abnf::Component<'_>, String)> = Vec::new();
    parts.extend(r.scheme().map(|c| ("scheme", c, String::new())));
    if let Some(a) = r.authority() {
        parts.extend(a.userinfo().map(|c| ("userinfo", c, String::new())));
        let kind = match a.host().kind() {
            iri_abnf::HostKind::Ipv4 { .. } => "IPv4address",
            iri_abnf::HostKind::Ipv6 { .. } => "IPv6address",
            iri_abnf::HostKind::IpvFuture { .. } => "IPvFuture",
            _ => "reg-name",
        };
        parts.push(("host", a.host().as_component(), format!(" ({kind})")));
        parts.extend(a.port().map(|p| ("port", p.as_component(), String::new())));
    }
    let path = r.path();
    parts.push((
        "path",
        path.as_component(),
        format!(" ({})", path.kind().rule(grammar)),
    ));
    parts.extend(r.query().map(|c| ("query", c, String::new())));
    parts.extend(r.fragment().map(|c| ("fragment", c, String::new())));
    let _ = write!(out, "  components ({grammar}): ");
    for (n, (name, c, after)) in parts.iter().enumerate() {
        let _ = write!(
            out,
            "{}{name} {} {}..{}{after}",
            if n == 0 { "" } else { ", " },
            Quoted(c.as_str()),
            c.span().start,
            c.span().end
        );
    }
    out.line("");
}

/// The mappings of 3987bis between the grammars of `grammars` that apply to `input`, in turn: LEIRI →
/// IRI, then IRI → URI of the input or, when the input is not an IRI, of that IRI.
fn mappings(grammars: &[AnyGrammar], input: &str) -> Vec<Mapping> {
    let mut out = Vec::new();
    let has = |g: Grammar| grammars.contains(&AnyGrammar::from(g));
    if has(Grammar::Leiri) && has(Grammar::Iri) {
        let c = iri_abnf::convert::leiri_to_iri(input);
        if c.input_valid && c.iri != input {
            let valid = iri_abnf::is_valid(Grammar::Iri, Rule::IriReference, &c.iri);
            out.push(Mapping {
                from: Grammar::Leiri,
                to: Grammar::Iri,
                result: c.iri,
                valid,
            });
        }
    }
    if has(Grammar::Iri) && has(Grammar::Uri) {
        // The IRI is the input, or what the LEIRI mapping made of it (not copied: it is long when
        // the input is).
        let iri = out.first().map_or(input, |m| m.result.as_str());
        let options = iri_abnf::convert::ToUriOptions::default();
        if let Ok(c) = iri_abnf::convert::to_uri(iri, &options) {
            if c.uri != iri {
                out.push(Mapping {
                    from: Grammar::Iri,
                    to: Grammar::Uri,
                    valid: c.uri_valid,
                    result: c.uri,
                });
            }
        }
    }
    out
}

/// The rule named by `--rule` in some grammar of `grammars` (the first that has it), or `None` for
/// the reference rules; prints why and gives the exit code when no grammar has it.
pub(super) fn named_rule(name: Option<&str>, grammars: &[AnyGrammar]) -> Result<Option<Rule>, i32> {
    named_rule_of(name, grammars).map_err(|message| {
        eprintln!("iri: {message}");
        EXIT_ERROR
    })
}

/// The rule named by `--rule` in some grammar of `grammars` (the first that has it), or `None` for
/// the reference rules; or the message that says no grammar has it.
pub(super) fn named_rule_of(
    name: Option<&str>,
    grammars: &[AnyGrammar],
) -> Result<Option<Rule>, String> {
    let Some(name) = name else {
        return Ok(None);
    };
    match grammars.iter().find_map(|g| g.rule(name)) {
        Some(rule) => Ok(Some(rule)),
        None => Err(format!(
            "no grammar of {} has a rule \"{name}\"; `iri rules --grammar G` lists them",
            grammars
                .iter()
                .map(|g| g.name())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// The rule of `grammar` to compare: the counterpart of `rule`, or the reference rule.
pub(super) fn rule_in(rule: Option<Rule>, grammar: AnyGrammar) -> Option<Rule> {
    match rule {
        Some(rule) => counterpart(rule, grammar),
        None => Some(grammar.reference_rule()),
    }
}

pub fn run(args: &CompareArgs) -> i32 {
    let mut grammars: Vec<AnyGrammar> = args.grammars.iter().map(|&g| g.into()).collect();
    if grammars.is_empty() {
        grammars = AnyGrammar::ALL.to_vec();
    }
    if let [a, b] = args.languages[..] {
        return run_languages(args, a.into(), b.into());
    }
    if args.matrix {
        return run_matrix(args, &grammars);
    }
    run_inputs(args, &grammars)
}

fn run_languages(args: &CompareArgs, a: AnyGrammar, b: AnyGrammar) -> i32 {
    let rule = match named_rule(args.rule.as_deref(), &[a, b]) {
        Ok(rule) => rule,
        Err(code) => return code,
    };
    let (Some(ra), Some(rb)) = (rule_in(rule, a), rule_in(rule, b)) else {
        eprintln!(
            "iri: the rule {} has no counterpart in both {a} and {b}",
            args.rule.as_deref().unwrap_or_default()
        );
        return EXIT_ERROR;
    };
    if let Err(code) = check_notes(&args.as_printed, &[a, b]) {
        return code;
    }
    let (sa, sb) = (
        Side::new(a, ra, &args.as_printed),
        Side::new(b, rb, &args.as_printed),
    );
    let comparison =
        match compare_rules_as_printed((a, ra), (b, rb), args.witnesses, &args.as_printed) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("iri: {e}");
                return EXIT_ERROR;
            }
        };
    let rules = match rule_by_rule(a, b, 1, &args.as_printed) {
        Ok(rules) => rules,
        Err(e) => {
            eprintln!("iri: {e}");
            return EXIT_ERROR;
        }
    };
    let mut out = Out::new();
    match args.format {
        CompareFormat::Json => out.json(&LanguagesRecord {
            a: &sa,
            b: &sb,
            comparison: &comparison,
            rules: Some(
                rules
                    .iter()
                    .map(|r| RuleRecord {
                        a: a.rule_name(r.a),
                        b: b.rule_name(r.b),
                        comparison: &r.comparison,
                    })
                    .collect(),
            ),
        }),
        CompareFormat::Text => {
            let name = |s: &Side| s.label();
            out.line(&format!(
                "{} {} {}  ({} pairs of states)",
                name(&sa),
                comparison.relation,
                name(&sb),
                comparison.product_states
            ));
            for (witnesses, (yes, no)) in [
                (&comparison.only_a, (&sa, &sb)),
                (&comparison.only_b, (&sb, &sa)),
            ] {
                if witnesses.is_empty() {
                    out.line(&format!("in {}, not in {}: none", name(yes), name(no)));
                    continue;
                }
                out.line(&format!("in {}, not in {}:", name(yes), name(no)));
                for w in witnesses {
                    out.line(&format!("  {}", describe(w, no.grammar)));
                }
            }
            match &comparison.common {
                Some(s) => out.line(&format!("first common string: {}", quoted(s))),
                None => out.line("no common string"),
            }
            let equal: Vec<String> = rules
                .iter()
                .filter(|r| r.comparison.relation == Relation::Equal)
                .map(|r| same_or_pair(r, a, b))
                .collect();
            out.line(&format!(
                "rule by rule ({} rules of {a} with a counterpart in {b}):",
                rules.len()
            ));
            out.line(&format!("  = {}", equal.join(", ")));
            for r in rules
                .iter()
                .filter(|r| r.comparison.relation != Relation::Equal)
            {
                let c = &r.comparison;
                let mut line = format!("  {} {}", c.relation, same_or_pair(r, a, b));
                for (w, other) in [(c.only_a.first(), b), (c.only_b.first(), a)] {
                    if let Some(w) = w {
                        let _ = write!(line, "; {}", describe(w, other));
                    }
                }
                out.line(&line);
            }
        }
    }
    let code = out.finish(true);
    if code == 0 && comparison.relation != Relation::Equal {
        1
    } else {
        code
    }
}

/// A string in double quotes on one line: `"` and `\` escaped with a backslash, and controls,
/// invisible characters and spaces other than U+0020 as `\u{X}`.
fn quoted(text: &str) -> String {
    Quoted(text).to_string()
}

/// [`quoted`] as it is formatted, the runs of characters that need no escape written whole.
struct Quoted<'a>(&'a str);

impl std::fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_char('"')?;
        let mut run = 0;
        for (at, c) in self.0.char_indices() {
            let escaped = match c {
                '"' | '\\' => true,
                c => iri_abnf::report::needs_escape(c) || (c.is_whitespace() && c != ' '),
            };
            if !escaped {
                continue;
            }
            f.write_str(&self.0[run..at])?;
            run = at + c.len_utf8();
            if c == '"' || c == '\\' {
                f.write_char('\\')?;
                f.write_char(c)?;
            } else {
                write!(f, "\\u{{{:X}}}", c as u32)?;
            }
        }
        f.write_str(&self.0[run..])?;
        f.write_char('"')
    }
}

/// A rule and its counterpart, each as its grammar spells it: `host / ihost`, or the name once when
/// it is the same.
fn same_or_pair(r: &RuleComparison, a: AnyGrammar, b: AnyGrammar) -> String {
    let (x, y) = (a.rule_name(r.a), b.rule_name(r.b));
    if x == y {
        x.to_string()
    } else {
        format!("{x} / {y}")
    }
}

/// A witness on one line: the string, and the character that decides against `other`.
fn describe(w: &Witness, other: AnyGrammar) -> String {
    let mut line = quoted(&w.text);
    if w.offset == w.text.len() {
        let _ = write!(line, "  ({other} needs more, or another ending)");
    } else {
        let c = w.text[w.offset..].chars().next().unwrap_or_default();
        let _ = write!(line, "  ({other} rejects {} at {}", code_point(c), w.offset);
        match w.range {
            Some((lo, hi)) if lo != hi => {
                let _ = write!(line, "; any of {}–{} there", code_point(lo), code_point(hi));
            }
            _ => {}
        }
        line.push(')');
    }
    line
}

fn code_point(c: char) -> String {
    if c.is_ascii_graphic() {
        format!("'{c}'")
    } else {
        format!("U+{:04X}", c as u32)
    }
}

fn run_matrix(args: &CompareArgs, grammars: &[AnyGrammar]) -> i32 {
    let rule = match named_rule(args.rule.as_deref(), grammars) {
        Ok(rule) => rule,
        Err(code) => return code,
    };
    if let Err(code) = check_notes(&args.as_printed, grammars) {
        return code;
    }
    let sides: Vec<Side> = grammars
        .iter()
        .filter_map(|&g| Some(Side::new(g, rule_in(rule, g)?, &args.as_printed)))
        .collect();
    let mut out = Out::new();
    let mut rows = Vec::new();
    for a in &sides {
        for b in &sides {
            if a.grammar == b.grammar {
                continue;
            }
            match compare_rules_as_printed(
                (a.grammar, a.rule),
                (b.grammar, b.rule),
                1,
                &args.as_printed,
            ) {
                Ok(c) => rows.push((a, b, c)),
                Err(e) => {
                    eprintln!("iri: {e}");
                    return EXIT_ERROR;
                }
            }
        }
    }
    match args.format {
        CompareFormat::Json => {
            for (a, b, c) in &rows {
                out.json(&LanguagesRecord {
                    a,
                    b,
                    comparison: c,
                    rules: None,
                });
            }
        }
        CompareFormat::Text => {
            let width = sides
                .iter()
                .map(|s| s.grammar.name().len())
                .max()
                .unwrap_or(0)
                .max(7);
            let mut header = format!("{:width$}", "A \\ B");
            for s in &sides {
                let _ = write!(header, "  {:>width$}", s.grammar.name());
            }
            out.line(&header);
            for a in &sides {
                let mut line = format!("{:width$}", a.grammar.name());
                for b in &sides {
                    let cell = rows
                        .iter()
                        .find(|(x, y, _)| x.grammar == a.grammar && y.grammar == b.grammar)
                        .map_or("=", |(_, _, c)| c.relation.symbol());
                    let _ = write!(line, "  {cell:>width$}");
                }
                out.line(&line);
            }
            out.line("");
            let rules: Vec<String> = sides.iter().map(Side::label).collect();
            out.line(&format!("rules: {}", rules.join(", ")));
            out.line("shortest strings in A and not in B:");
            for (a, b, c) in &rows {
                if let Some(w) = c.only_a.first() {
                    out.line(&format!(
                        "  {} ∖ {}: {}",
                        a.grammar,
                        b.grammar,
                        describe(w, b.grammar)
                    ));
                }
            }
        }
    }
    out.finish(true)
}

fn run_inputs(args: &CompareArgs, grammars: &[AnyGrammar]) -> i32 {
    let rule = match named_rule(args.rule.as_deref(), grammars) {
        Ok(rule) => rule,
        Err(code) => return code,
    };
    let mut out = Out::new();
    let read = for_each_item(&args.inputs, 1, &args.input, Decoding::Utf8, |item| {
        if out.broken() {
            return;
        }
        let input = match &item.input {
            Ok(input) => *input,
            Err(e) => {
                write_not_processed(&mut out, e, matches!(args.format, CompareFormat::Json));
                return;
            }
        };
        let (record, whys) = input_record(grammars, rule, input);
        if record.grammars.iter().any(|v| !v.valid) {
            out.failed = true;
        }
        let InputRecord {
            grammars: verdicts,
            split_differs,
            mappings: maps,
            ..
        } = &record;
        match args.format {
            CompareFormat::Json => out.json(&record),
            CompareFormat::Text => {
                // Written as they are formatted: the input and the mappings may be long.
                let _ = writeln!(out, "{}", Quoted(input));
                let width = grammars.iter().map(|g| g.name().len()).max().unwrap_or(0);
                for (v, why) in verdicts.iter().zip(&whys) {
                    let head = format!("  {:width$}  {}", v.grammar.name(), v.rule);
                    match why {
                        None => out.line(&format!("{head}: valid")),
                        Some(why) => out.line(&format!("{head}: invalid, {why}")),
                    }
                }
                let main = verdicts
                    .iter()
                    .filter(|v| v.valid)
                    .find_map(|v| v.grammar.main());
                if let Some(g) = main.filter(|_| rule.is_none()) {
                    write_components_line(&mut out, g, input);
                }
                if !split_differs.is_empty() {
                    let names: Vec<&str> = split_differs.iter().map(|g| g.name()).collect();
                    out.line(&format!(
                        "  components: {} split it otherwise than the first grammar that accepts it",
                        names.join(", ")
                    ));
                }
                for m in maps {
                    let _ = writeln!(
                        out,
                        "  {} → {}: {} ({} in {})",
                        m.from,
                        m.to,
                        Quoted(&m.result),
                        if m.valid { "valid" } else { "invalid" },
                        m.to
                    );
                }
                out.end_record();
            }
        }
    });
    out.finish(read.is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_escapes_quotes_backslashes_and_invisible_characters() {
        assert_eq!(
            quoted("a\"b\\c\u{200B}\td \u{E9}"),
            "\"a\\\"b\\\\c\\u{200B}\\u{9}d \u{E9}\""
        );
        assert_eq!(quoted(""), "\"\"");
        assert_eq!(quoted("\u{7F}"), "\"\\u{7F}\"");
    }
}
