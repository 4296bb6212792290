//! Test support for iri-abnf: the self-check harness, the invariant checker and the fuzz targets'
//! properties. Not published; the library's tests, the fuzz targets, `cargo xtask fuzz-corpus` and
//! the crate's binaries use it: `iri-selfcheck` runs the campaigns below, `judge-adapter` is the
//! implementation, with planted bugs, that the tests of `iri judge` judge.
//!
//! ## Differential checking
//!
//! The pest grammars against the automata compiled from the `.abnf` text.
//!
//! For every grammar and every one of its rules, strings are generated from the rule's ABNF
//! ([`iri_abnf::abnf::Generator`]), some are mutated ([`iri_abnf::abnf::mutate`]), and each string is checked
//! three ways:
//!
//! 1. **oracle**: the pest verdict (the pest parser alone, [`iri_abnf::syntax::pest_failure`]) equals the
//!    DFA verdict ([`iri_abnf::abnf::dfa`], precompiled or built from the ABNF) for the rule the string
//!    was generated from;
//! 2. **reference**: the same for the grammar's reference rule (`IRI-reference`, `URI-reference`), so
//!    that component strings and their mutations also exercise the whole-reference rule;
//! 3. **inclusion**: the languages nest, `uri` ⊆ `rfc3987` ⊆ `iri` ⊆ `leiri` for the reference rules
//!    (every URI-reference is an RFC 3987 IRI-reference, every RFC 3987 IRI-reference a 3987bis one,
//!    every 3987bis IRI-reference a LEIRI).
//!
//! With [`Config::components`] the campaign checks components instead of verdicts:
//!
//! 4. **components**: for the rule the string was generated from and for the reference rule, the fast
//!    component parser ([`iri_abnf::parse_components`], and [`iri_abnf::parse`] for the reference rule) and
//!    the pest tree walker ([`iri_abnf::tree::parse`]) agree: both reject the string with the same error, or
//!    both accept it with equal components (kind, every span and text, host kind, port, path kind and
//!    segments); see [`compare_components`].
//!
//! Everything is deterministic from the seed; a mismatch carries the seed of its case so that it can be
//! replayed with `iri-selfcheck --grammar G --rule R --seed S --cases 1`.
//!
//! ```
//! use iri_test::{run, Config};
//! use iri_abnf::Grammar;
//!
//! let config = Config { grammars: vec![Grammar::Uri], cases: 200, ..Config::default() };
//! let report = run(&config, |m| panic!("{m}")).unwrap();
//! assert_eq!(report.cases, 200);
//! assert!(report.mismatches.is_empty());
//! ```

#![forbid(unsafe_code)]

use std::fmt;

mod invariants;
pub use invariants::check_invariants;
// The notation of the spec documents' examples (3987bis §1.4): the judge's module, one source for
// the judge's built-in cases and for the tests, the fuzz corpora and the test data.
pub use iri_judge::notation::{self, decode_notation};
// `invariants` names the library's items through `crate::parsing::components` (it is compiled into the
// library's unit tests too, where that module is the library's own).
mod parsing {
    pub mod components {
        pub use iri_abnf::{Component, HostKind, PathKind, Reference, Span};
    }
}

use iri_abnf::abnf::{self, AbnfError, Generator};
use iri_abnf::abnf::{case_input, case_seed};
use iri_abnf::report::quote;
use iri_abnf::Grammar;
use iri_abnf::Span;
use iri_abnf::{Rule, RuleName};

/// What a campaign checks.
#[derive(Clone, Debug)]
pub struct Config {
    /// The grammars whose rules strings are generated from.
    pub grammars: Vec<Grammar>,
    /// The start rules to generate from (spec spelling); empty means every rule of the grammar.
    pub rules: Vec<String>,
    /// Cases per grammar.
    pub cases: u64,
    /// The campaign seed.
    pub seed: u64,
    /// Maximum length, in characters, of a generated string (before mutation).
    pub max_len: usize,
    /// Whether to also check the inclusions between the grammars' reference rules.
    pub inclusion: bool,
    /// Whether to compare the components of the fast parser with those of the tree walker, in place
    /// of the verdict and inclusion checks.
    pub components: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            grammars: Grammar::ALL.to_vec(),
            rules: Vec::new(),
            cases: 10_000,
            seed: 1,
            max_len: 48,
            inclusion: true,
            components: false,
        }
    }
}

/// Which check a mismatch failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    /// pest and the automaton disagree on `rule`.
    Oracle,
    /// The string is in the reference language of `grammar` but not in that of `wider`.
    Inclusion {
        /// The grammar whose language should contain the narrower one's.
        wider: Grammar,
    },
    /// The fast component parser and the tree walker disagree on `rule` (`pest` is the walker's
    /// verdict, `automaton` the fast parser's).
    Components {
        /// What differs.
        detail: String,
    },
}

/// One disagreement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// What failed.
    pub check: Check,
    /// The grammar.
    pub grammar: Grammar,
    /// The rule, in spec spelling.
    pub rule: String,
    /// The input.
    pub input: String,
    /// The pest verdict (for inclusion: membership in `grammar`).
    pub pest: bool,
    /// The automaton verdict (for inclusion: membership in the wider grammar).
    pub automaton: bool,
    /// The seed of the case, for replay.
    pub case_seed: u64,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.check {
            Check::Oracle => write!(
                f,
                "mismatch: grammar {} rule {} input {}: pest says {}, the ABNF automaton says {} (case seed {})",
                self.grammar,
                self.rule,
                quote(&self.input),
                verdict(self.pest),
                verdict(self.automaton),
                self.case_seed
            ),
            Check::Inclusion { wider } => write!(
                f,
                "inclusion: grammar {} rule {} accepts {} but grammar {wider} rejects it (case seed {})",
                self.grammar,
                self.rule,
                quote(&self.input),
                self.case_seed
            ),
            Check::Components { detail } => write!(
                f,
                "components: grammar {} rule {} input {}: {detail} (case seed {})",
                self.grammar,
                self.rule,
                quote(&self.input),
                self.case_seed
            ),
        }
    }
}

fn verdict(v: bool) -> &'static str {
    if v {
        "valid"
    } else {
        "invalid"
    }
}

/// What a campaign did.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Cases run (strings generated), over all grammars.
    pub cases: u64,
    /// Cases per grammar, with how many of the strings the grammar's reference rule accepted.
    pub per_grammar: Vec<(Grammar, u64, u64)>,
    /// Verdict comparisons made (oracle and inclusion).
    pub comparisons: u64,
    /// Every disagreement found.
    pub mismatches: Vec<Mismatch>,
}

/// The pest verdict: whether the pest parser of `grammar`, started at `rule`, consumes the whole input.
/// No automaton is involved ([`pest_accepts`]).
fn pest_ok(grammar: Grammar, rule: Rule, input: &str) -> bool {
    pest_accepts(grammar, rule, input).unwrap_or_else(|| panic!("{grammar} has no rule {rule}"))
}

/// Whether the pest parser of `grammar`, started at `rule`, matches the whole of `input`; `None` if
/// the grammar has no such rule. This is the pest verdict alone: [`iri_abnf::syntax::pest_failure`]
/// runs the pest parser and no automaton, and says where it fails, or nothing when it accepts.
pub fn pest_accepts(grammar: Grammar, rule: impl RuleName, input: &str) -> Option<bool> {
    let rule = grammar.rule(rule)?;
    Some(iri_abnf::syntax::pest_failure(grammar, rule, input).is_none())
}

/// Checks one string against every inclusion, starting from the narrowest grammar that accepts it.
fn check_inclusion(
    input: &str,
    case_seed: u64,
    report: &mut Report,
    on: &mut impl FnMut(&Mismatch),
) {
    let verdicts: Vec<bool> = Grammar::ALL
        .iter()
        .map(|&g| pest_ok(g, g.reference_rule(), input))
        .collect();
    report.comparisons += 3;
    for i in 0..Grammar::ALL.len() - 1 {
        if verdicts[i] && !verdicts[i + 1] {
            let (g, wider) = (Grammar::ALL[i], Grammar::ALL[i + 1]);
            let m = Mismatch {
                check: Check::Inclusion { wider },
                grammar: g,
                rule: g.reference_rule().to_string(),
                input: input.to_string(),
                pest: true,
                automaton: false,
                case_seed,
            };
            on(&m);
            report.mismatches.push(m);
        }
    }
}

/// Compares the fast component parser with the tree walker on one string: [`iri_abnf::parse_components`]
/// (and [`iri_abnf::parse`] for the grammar's reference rule) against [`iri_abnf::tree::parse`]. Returns the
/// verdict when they agree (equal components that also satisfy [`crate::check_invariants`] and display
/// as the input for a reference, or the same error: the walker's is [`iri_abnf::ParseError::explain`]'s, the fast
/// parser's is [`iri_abnf::validate`]'s, which is the same without the rule names), else what differs.
pub fn compare_components(
    grammar: Grammar,
    rule: impl RuleName,
    input: &str,
) -> Result<bool, String> {
    use iri_abnf::{parse, parse_components, Components};
    let rule = grammar.lookup_rule(&rule).map_err(|e| e.to_string())?;
    let parsed = iri_abnf::tree::parse(grammar, rule, input);
    let walker = parsed.clone().map(|p| p.components);
    let fast = parse_components(grammar, rule, input);
    if let Err(w) = &walker {
        let full = iri_abnf::validate(grammar, rule, input).map_err(iri_abnf::ParseError::explain);
        if full.as_ref().err() != Some(w) {
            return Err(format!("explain gives {full:?}, the walker {w}"));
        }
    }
    // The segments, which both parsers compute from the path's span (RFC 3986 §3.3), are those of the
    // parse tree.
    if let (Ok(p), Ok(f)) = (&parsed, &fast) {
        let path = match f {
            Components::Reference(r) => Some(r.path()),
            Components::Path(p) => Some(*p),
            _ => None,
        };
        if let (Some(path), Some(tree)) = (path, tree_segments(&p.tree)) {
            let spans: Vec<Span> = path.segments().map(|s| s.span()).collect();
            if spans != tree {
                return Err(format!(
                    "path segments {spans:?}, the parse tree has {tree:?}"
                ));
            }
        }
    }
    let walker_unnamed = walker.clone().map_err(without_rules);
    let verdict = match (&fast, &walker_unnamed) {
        (Ok(f), Ok(w)) => {
            if f != w {
                return Err(format!("fast parser gives {f:?}, the walker {w:?}"));
            }
            if let Components::Reference(r) = f {
                crate::check_invariants(r).map_err(|e| format!("invariant: {e}"))?;
            }
            true
        }
        (Err(f), Err(w)) => {
            if f != w {
                return Err(format!(
                    "fast parser fails with {f}, the walker with {w} (rules left out)"
                ));
            }
            false
        }
        (Ok(_), Err(e)) => return Err(format!("fast parser accepts, the walker rejects: {e}")),
        (Err(e), Ok(_)) => return Err(format!("fast parser rejects ({e}), the walker accepts")),
    };
    if rule == grammar.reference_rule() {
        match (parse(grammar, input), walker_unnamed) {
            (Ok(f), Ok(Components::Reference(w))) if f == w => {}
            (Err(f), Err(w)) if f == w => {}
            (f, w) => return Err(format!("parse gives {f:?}, the walker {w:?}")),
        }
    }
    Ok(verdict)
}

/// The spans of the segment nodes of the first path alternative in the tree (`ipath-abempty` …
/// `ipath-empty` and their URI names), if there is one.
fn tree_segments(node: &iri_abnf::syntax::SyntaxNode) -> Option<Vec<Span>> {
    let base = node.rule.uri_counterpart();
    if matches!(
        base,
        Rule::PathAbempty
            | Rule::PathAbsolute
            | Rule::PathNoscheme
            | Rule::PathRootless
            | Rule::PathEmpty
    ) {
        let mut spans: Vec<Span> = node
            .children
            .iter()
            .filter(|c| {
                matches!(
                    c.rule.uri_counterpart(),
                    Rule::Segment | Rule::SegmentNz | Rule::SegmentNzNc
                )
            })
            .map(|c| c.span)
            .collect();
        // `path-absolute = "/" [ segment-nz *( "/" segment ) ]` has no segment node for "/", which
        // `path-abempty` reads as "/" and one empty segment: the segments are counted as there.
        if base == Rule::PathAbsolute && spans.is_empty() {
            spans.push(Span {
                start: node.span.end,
                end: node.span.end,
            });
        }
        return Some(spans);
    }
    node.children.iter().find_map(tree_segments)
}

/// The error without the rules of its expected list: what [`iri_abnf::validate`] gives for the input
/// that [`iri_abnf::ParseError::explain`] gives `e` for.
fn without_rules(e: iri_abnf::ParseError) -> iri_abnf::ParseError {
    e.without_rules()
}

/// Runs a campaign; `on_mismatch` sees each mismatch as it is found. Fails only if a rule is unknown or
/// an automaton cannot be built.
pub fn run(config: &Config, mut on_mismatch: impl FnMut(&Mismatch)) -> Result<Report, AbnfError> {
    let mut report = Report::default();
    for &grammar in &config.grammars {
        let rules = abnf::rules(grammar)?;
        let names: Vec<String> = if config.rules.is_empty() {
            grammar.rules().iter().map(|r| r.to_string()).collect()
        } else {
            config.rules.clone()
        };
        let mut targets = Vec::with_capacity(names.len());
        for name in &names {
            let spec = grammar.rule(name).ok_or_else(|| AbnfError::UndefinedRule {
                rule: name.clone(),
                used_by: None,
            })?;
            targets.push((
                spec,
                Generator::new(rules, spec)?,
                abnf::dfa(grammar, spec)?,
            ));
        }
        let reference = grammar.reference_rule();
        let reference_automaton = abnf::dfa(grammar, reference)?;
        let mut accepted = 0;
        for i in 0..config.cases {
            let seed = case_seed(config.seed, grammar, i);
            let (rule, generator, automaton) = &targets[(i % targets.len() as u64) as usize];
            let input = case_input(generator, seed, config.max_len);
            if config.components {
                for (r, is_reference) in [(*rule, *rule == reference), (reference, true)] {
                    report.comparisons += 1;
                    match compare_components(grammar, r, &input) {
                        Ok(v) => accepted += u64::from(v && is_reference),
                        Err(detail) => {
                            let m = Mismatch {
                                check: Check::Components { detail },
                                grammar,
                                rule: r.to_string(),
                                input: input.clone(),
                                pest: iri_abnf::tree::parse(grammar, r, &input).is_ok(),
                                automaton: iri_abnf::parse_components(grammar, r, &input).is_ok(),
                                case_seed: seed,
                            };
                            on_mismatch(&m);
                            report.mismatches.push(m);
                        }
                    }
                    if *rule == reference {
                        break;
                    }
                }
                report.cases += 1;
                continue;
            }
            let mut compare = |rule: Rule, automaton: &abnf::Dfa, report: &mut Report| {
                let p = pest_ok(grammar, rule, &input);
                let a = automaton.is_match(&input);
                report.comparisons += 1;
                if p != a {
                    let m = Mismatch {
                        check: Check::Oracle,
                        grammar,
                        rule: rule.to_string(),
                        input: input.clone(),
                        pest: p,
                        automaton: a,
                        case_seed: seed,
                    };
                    on_mismatch(&m);
                    report.mismatches.push(m);
                }
                p
            };
            compare(*rule, automaton, &mut report);
            if *rule != reference {
                accepted += u64::from(compare(reference, reference_automaton, &mut report));
            } else {
                accepted += u64::from(reference_automaton.is_match(&input));
            }
            if config.inclusion {
                check_inclusion(&input, seed, &mut report, &mut on_mismatch);
            }
            report.cases += 1;
        }
        report.per_grammar.push((grammar, config.cases, accepted));
    }
    Ok(report)
}

/// The checks behind the fuzz targets of `fuzz/`, on raw fuzzer bytes; the test `fuzz_regressions`
/// replays the saved inputs of `fuzz/regressions/<target>/` through the same functions. Each returns a
/// description of the first violated property.
pub mod fuzz {
    use crate::check_invariants;
    use iri_abnf::Grammar;
    use iri_abnf::Reference;
    use iri_abnf::{abnf, parse, Components};

    /// Input bytes that are not UTF-8 are not strings of any grammar (note 7): nothing to check.
    fn text(data: &[u8]) -> Option<&str> {
        std::str::from_utf8(data).ok()
    }

    fn reference_checks(g: Grammar, r: &Reference<'_>, input: &str) -> Result<(), String> {
        check_invariants(r).map_err(|e| format!("{g}: invariant: {e}"))?;
        if r.to_string() != input {
            return Err(format!("{g}: Display gives {:?}", r.to_string()));
        }
        Ok(())
    }

    /// `parse`: for every grammar, parsing never panics; a reference satisfies the invariant checker
    /// and displays as the input; an error points at a character boundary within the input with the
    /// matching column. The first byte also picks one rule per grammar to parse with. For the reference
    /// rule and that rule, the fast component parser agrees with the tree walker
    /// ([`super::compare_components`]).
    pub fn parse_target(data: &[u8]) -> Result<(), String> {
        let Some(input) = text(data) else {
            return Ok(());
        };
        for g in Grammar::ALL {
            match parse(g, input) {
                Ok(r) => reference_checks(g, &r, input)?,
                Err(e) => {
                    if e.offset > input.len() || !input.is_char_boundary(e.offset) {
                        return Err(format!("{g}: error offset {} is not a boundary", e.offset));
                    }
                    if e.column != input[..e.offset].chars().count() + 1 {
                        return Err(format!("{g}: column {} for offset {}", e.column, e.offset));
                    }
                    if e.expected().is_empty() {
                        return Err(format!("{g}: error expects nothing"));
                    }
                    let _ = e.render_caret();
                }
            }
            let rules = g.rules();
            let rule = rules[usize::from(data.first().copied().unwrap_or(0)) % rules.len()];
            if let Ok(p) = iri_abnf::tree::parse(g, rule, input) {
                if (p.tree.span.start, p.tree.span.end) != (0, input.len()) {
                    return Err(format!("{g} {rule}: tree does not span the input"));
                }
                if let Components::Reference(r) = &p.components {
                    reference_checks(g, r, input)?;
                }
            }
            for rule in [g.reference_rule(), rule] {
                super::compare_components(g, rule, input)
                    .map_err(|e| format!("{g} {rule}: {e}"))?;
            }
        }
        Ok(())
    }

    /// `render`: byte 0 gives a length of padding, the rest is the input after it: from byte 0 =
    /// 0xFC on, `a` repeated `(byte0 - 0xFB) × 17,500` times (up to 70,000 characters), so that errors
    /// fall past the window of a long line and past the format width limit of 65,535; none below (the
    /// fast, common case: a padded input is slow under the sanitizer). For every grammar the
    /// error's `message()`, `render_caret()` and `Display` never panic, `Display` is one line and
    /// `{:#}` that line and the caret lines, and the caret line is spaces
    /// and one `^` under the character at the offset: the rendered line before the caret is the input
    /// before the offset as displayed ([`iri_abnf::report::render_caret`]), or its end after a `…` when
    /// the line is cut, and likewise from the caret on.
    pub fn render_target(data: &[u8]) -> Result<(), String> {
        let [pad, rest @ ..] = data else {
            return Ok(());
        };
        let Some(tail) = text(rest) else {
            return Ok(());
        };
        let input = "a".repeat(usize::from(pad.saturating_sub(0xFB)) * 17_500) + tail;
        for g in Grammar::ALL {
            if let Err(e) = parse(g, &input) {
                let _ = e.message();
                let line = e.to_string();
                let shown = format!("{e:#}");
                let caret = e.render_caret();
                let lines: String = caret.lines().map(|l| format!("\n  | {l}")).collect();
                if line.contains('\n') || shown != format!("{line}{lines}") {
                    return Err(format!(
                        "{g}: Display is not one line, or `{{:#}}` not it and the caret lines"
                    ));
                }
                check_caret(&input, e.offset, &caret).map_err(|m| format!("{g}: {m}"))?;
            }
        }
        // The same at an offset picked by the input's length, whatever the grammar says.
        let mut offset = (usize::from(*pad) * 7919) % (input.len() + 1);
        while !input.is_char_boundary(offset) {
            offset -= 1;
        }
        check_caret(
            &input,
            offset,
            &iri_abnf::report::render_caret(&input, offset),
        )
    }

    fn check_caret(input: &str, offset: usize, rendered: &str) -> Result<(), String> {
        // The window of `render_caret`, as its documentation gives it: a line of more than 4000
        // display columns is cut to 1000 on each side of the caret.
        const CARET_LINE_MAX: usize = 4000;
        const CARET_CONTEXT: usize = 1000;
        // The input as the rendering shows it: the characters of `needs_escape` as `\u{…}`.
        let display_text = |s: &str| -> String {
            s.chars()
                .map(|c| {
                    if iri_abnf::report::needs_escape(c) {
                        format!("\\u{{{:X}}}", c as u32)
                    } else {
                        c.to_string()
                    }
                })
                .collect()
        };
        let Some((line, caret)) = rendered.split_once('\n') else {
            return Err(format!("caret rendering is not two lines: {rendered:?}"));
        };
        let col = caret.len().saturating_sub(1);
        if caret != format!("{}^", " ".repeat(col)) {
            return Err(format!("caret line {caret:?}"));
        }
        let before: String = line.chars().take(col).collect();
        if before.chars().count() != col {
            return Err(format!("caret at column {col} past the line"));
        }
        let full = display_text(&input[..offset]);
        let fits = match before.strip_prefix('…') {
            Some(tail) if before != full => full.ends_with(tail),
            _ => before == full,
        };
        if !fits {
            return Err(format!(
                "offset {offset}: the line before the caret is not the input's"
            ));
        }
        let after = display_text(&input[offset..]);
        let shown_after: String = line.chars().skip(col).collect();
        let fits = match shown_after.strip_suffix('…') {
            Some(head) if shown_after != after => after.starts_with(head),
            _ => shown_after == after,
        };
        if !fits {
            return Err(format!(
                "offset {offset}: the line from the caret is not the input's"
            ));
        }
        if line.chars().count() > CARET_LINE_MAX.max(2 * CARET_CONTEXT + 20) {
            return Err(format!(
                "a line of {} columns shown whole",
                line.chars().count()
            ));
        }
        Ok(())
    }

    /// `oracle`: byte 0 picks the grammar, byte 1 the rule, the rest is the input; the pest verdict must
    /// equal the automaton's, for that rule and for the reference rule; and on each of the input's
    /// lines, the two walks of the reference rule's automaton (`is_match`, which searches the runs of
    /// a line that begins with `http://` or `https://` from 16 bytes on, and `check`, from 32) must
    /// agree.
    pub fn oracle_target(data: &[u8]) -> Result<(), String> {
        let [gb, rb, rest @ ..] = data else {
            return Ok(());
        };
        let Some(input) = text(rest) else {
            return Ok(());
        };
        let g = Grammar::ALL[usize::from(*gb) % Grammar::ALL.len()];
        let rules = g.rules();
        for rule in [rules[usize::from(*rb) % rules.len()], g.reference_rule()] {
            let automaton = abnf::dfa(g, rule).map_err(|e| format!("{g} {rule}: {e}"))?;
            let p = super::pest_ok(g, rule, input);
            if p != automaton.is_match(input) {
                return Err(format!(
                    "{g} {rule} {:?}: pest says {p}, the automaton {}",
                    input, !p
                ));
            }
        }
        let automaton = abnf::dfa(g, g.reference_rule()).map_err(|e| format!("{g}: {e}"))?;
        for line in input.split('\n') {
            let m = automaton.is_match(line);
            if m != automaton.check(line).is_ok() {
                return Err(format!("{g} {line:?}: is_match says {m}, check {}", !m));
            }
        }
        Ok(())
    }

    /// `inclusion`: the reference languages nest, uri ⊆ rfc3987 ⊆ iri ⊆ leiri.
    pub fn inclusion_target(data: &[u8]) -> Result<(), String> {
        let Some(input) = text(data) else {
            return Ok(());
        };
        let v: Vec<bool> = Grammar::ALL
            .iter()
            .map(|&g| iri_abnf::validate(g, g.reference_rule(), input).is_ok())
            .collect();
        for (i, pair) in v.windows(2).enumerate() {
            if pair[0] && !pair[1] {
                return Err(format!(
                    "{:?} is in {} but not in {}",
                    input,
                    Grammar::ALL[i],
                    Grammar::ALL[i + 1]
                ));
            }
        }
        Ok(())
    }

    /// `convert`: the conversions of [`iri_abnf::convert`] never panic, on any string, and keep their
    /// properties: IRI → URI (3987bis §3.3–§3.6) gives URI characters only, a valid URI for a valid IRI,
    /// is idempotent and the identity on URIs; URI → IRI (§3.7) gives a valid IRI without bidi
    /// formatting characters that maps back to the URI up to hex case and percent-encoded unreserved
    /// characters, with a trace that starts at the input and ends at the result; LEIRI → IRI (§5.1)
    /// leaves no `leiri-ucschar`-only character and gives a valid IRI for a valid LEIRI; preprocessing
    /// (draft-weber-iri-guidelines §4) leaves no leading or trailing ASCII white space. Error offsets are
    /// character boundaries of the input.
    pub fn convert_target(data: &[u8]) -> Result<(), String> {
        use iri_abnf::characters::{is_bidi_formatting, is_leiri_only, is_uri_char};
        use iri_abnf::convert::{
            leiri_to_iri, leiri_to_uri, preprocess, to_iri, to_uri, xml_notation, Charset,
            ConvertError, HostMapping, PreprocessOptions, Spaces, ToIriOptions, ToUriOptions,
        };
        let Some(input) = text(data) else {
            return Ok(());
        };
        let valid = |g: Grammar, s: &str| iri_abnf::validate(g, g.reference_rule(), s).is_ok();
        let boundary = |e: &ConvertError, what: &str| {
            if e.offset > input.len() || !input.is_char_boundary(e.offset) {
                Err(format!(
                    "{what}: error offset {} is not a boundary",
                    e.offset
                ))
            } else {
                Ok(())
            }
        };
        let (is_iri, is_uri, is_leiri) = (
            valid(Grammar::Iri, input),
            valid(Grammar::Uri, input),
            valid(Grammar::Leiri, input),
        );
        let charsets = [
            None,
            Charset::for_label("windows-1252").ok(),
            Charset::for_label("shift_jis").ok(),
            Charset::for_label("iso-2022-jp").ok(),
        ];
        for host in [HostMapping::Percent, HostMapping::Idna, HostMapping::Uts46] {
            for query_charset in charsets {
                let opts = ToUriOptions::default()
                    .with_host(host)
                    .with_query_charset(query_charset)
                    .with_raw(true);
                let what = format!("to_uri {host:?} {:?}", query_charset.map(|c| c.name()));
                match to_uri(input, &opts) {
                    Ok(c) => {
                        if !c.uri.chars().all(is_uri_char) {
                            return Err(format!("{what}: {:?} has non-URI characters", c.uri));
                        }
                        if c.input_valid != is_iri {
                            return Err(format!("{what}: input_valid {}", c.input_valid));
                        }
                        if c.uri_valid != valid(Grammar::Uri, &c.uri) {
                            return Err(format!("{what}: uri_valid {}", c.uri_valid));
                        }
                        if is_iri && !c.uri_valid {
                            return Err(format!("{what}: {:?} is not a URI", c.uri));
                        }
                        if is_iri {
                            let again =
                                to_uri(&c.uri, &opts).map_err(|e| format!("{what}: {e}"))?;
                            if again.uri != c.uri {
                                return Err(format!("{what}: not idempotent: {:?}", again.uri));
                            }
                        }
                        if is_uri && host == HostMapping::Percent && c.uri != input {
                            return Err(format!("{what}: not the identity on a URI: {:?}", c.uri));
                        }
                    }
                    Err(e) => boundary(&e, &what)?,
                }
                if let Err(e) = leiri_to_uri(input, &opts) {
                    boundary(&e, "leiri_to_uri")?;
                }
            }
        }
        let once = iri_abnf::convert::percent_encode(input);
        if iri_abnf::convert::percent_encode(&once) != once {
            return Err(format!("percent_encode is not idempotent: {once:?}"));
        }

        for convert_punycode in [false, true] {
            match to_iri(
                input,
                &ToIriOptions::default().with_convert_punycode(convert_punycode),
            ) {
                Ok(c) => {
                    if !is_uri {
                        return Err("to_iri accepted a string that is not a URI".to_string());
                    }
                    if !valid(Grammar::Iri, &c.iri) {
                        return Err(format!("to_iri: {:?} is not an IRI", c.iri));
                    }
                    if c.iri.chars().any(is_bidi_formatting) {
                        return Err(format!(
                            "to_iri: {:?} has a bidi formatting character",
                            c.iri
                        ));
                    }
                    if c.trace.steps[0] != xml_notation(input)
                        || c.trace.steps[5] != xml_notation(&c.iri)
                    {
                        return Err(format!("to_iri: trace {:?}", c.trace.steps));
                    }
                    if !convert_punycode {
                        let back = to_uri(&c.iri, &ToUriOptions::default())
                            .map_err(|e| format!("to_iri then to_uri: {e}"))?;
                        if normalize_pct(&back.uri) != normalize_pct(input) {
                            return Err(format!("to_iri {:?} maps back to {:?}", c.iri, back.uri));
                        }
                    }
                }
                Err(e) => {
                    if is_uri {
                        return Err(format!("to_iri refused a URI: {e}"));
                    }
                    boundary(&e, "to_iri")?;
                }
            }
        }

        let l = leiri_to_iri(input);
        if l.input_valid != is_leiri || l.iri.chars().any(is_leiri_only) {
            return Err(format!("leiri_to_iri: {:?}", l.iri));
        }
        if is_leiri && !valid(Grammar::Iri, &l.iri) {
            return Err(format!("leiri_to_iri: {:?} is not an IRI", l.iri));
        }

        for spaces in [Spaces::Keep, Spaces::Split, Spaces::Encode] {
            let opts = PreprocessOptions::default()
                .with_spaces(spaces)
                .with_decode_ncr(true)
                .with_nfc(true);
            let _ = preprocess(input, &opts);
            let plain = PreprocessOptions::default().with_spaces(spaces);
            for r in preprocess(input, &plain) {
                let trimmed = iri_abnf::convert::trim_ascii_whitespace(&r);
                if trimmed != r {
                    return Err(format!("preprocess {spaces:?}: {r:?} is not trimmed"));
                }
            }
        }
        Ok(())
    }

    /// A URI up to hex case and percent-encoded unreserved characters (3987bis §3.7).
    fn normalize_pct(uri: &str) -> String {
        use iri_abnf::characters::{is_unreserved, pct_octet, push_pct};
        let b = uri.as_bytes();
        let mut out = String::with_capacity(uri.len());
        let mut i = 0;
        while i < b.len() {
            if let Some(o) = pct_octet(&b[i..]) {
                if is_unreserved(char::from(o)) {
                    out.push(char::from(o));
                } else {
                    push_pct(&mut out, o);
                }
                i += 3;
            } else if let Some(c) = uri[i..].chars().next() {
                out.push(c);
                i += c.len_utf8();
            } else {
                break;
            }
        }
        out
    }
    /// `resolve`: byte 0 picks the grammar (bits 0-1) and the RFC 5952 option (bit 2); the rest is a
    /// base and a reference separated by the first newline. Nothing panics, and:
    /// - at every level, normalizing base and reference gives a reference of the grammar, normalizing
    ///   that again changes nothing, and a level applied to the level below gives the level's result;
    /// - resolving the reference against a base with a scheme gives an IRI of the grammar, strictly and
    ///   non-strictly;
    /// - relativizing that target gives a reference, no longer than the one given, that resolves back
    ///   to it; relativizing the reference itself, when it has a scheme, gives a reference that
    ///   resolves to it or says it is unreachable.
    pub fn resolve_target(data: &[u8]) -> Result<(), String> {
        use iri_abnf::normalize::{normalize_with, Level, Options};
        use iri_abnf::{relativize, resolve, resolve_with, Mode, ResolveError};

        let [flags, rest @ ..] = data else {
            return Ok(());
        };
        let Some(input) = text(rest) else {
            return Ok(());
        };
        let g = Grammar::ALL[usize::from(*flags & 3)];
        let ipv6_rfc5952 = flags & 4 != 0;
        let (base, reference) = input.split_once('\n').unwrap_or((input, ""));
        for text in [base, reference] {
            let mut previous: Option<String> = None;
            for level in Level::ALL {
                let options = Options::default()
                    .with_level(level)
                    .with_ipv6_rfc5952(ipv6_rfc5952);
                let Ok(n) = normalize_with(g, text, &options) else {
                    break;
                };
                if iri_abnf::validate(g, g.reference_rule(), &n).is_err() {
                    return Err(format!(
                        "{g} {level}: {text:?} normalizes to the invalid {n:?}"
                    ));
                }
                match normalize_with(g, &n, &options) {
                    Ok(again) if again == n => {}
                    other => return Err(format!("{g} {level}: {text:?}: {n:?}, then {other:?}")),
                }
                if let Some(p) = &previous {
                    match normalize_with(g, p, &options) {
                        Ok(from_below) if from_below == n => {}
                        other => {
                            return Err(format!(
                                "{g} {level}: {text:?}: {n:?}, but {other:?} from the level below"
                            ))
                        }
                    }
                }
                previous = Some(n.into_string());
            }
        }
        let rule = if g == Grammar::Uri {
            iri_abnf::Rule::Uri
        } else {
            iri_abnf::Rule::Iri
        };
        let Ok(target) = resolve(g, base, reference) else {
            return Ok(());
        };
        if iri_abnf::validate(g, rule, &target).is_err() {
            return Err(format!(
                "{g}: {base:?} + {reference:?} resolves to the invalid {target:?}"
            ));
        }
        match resolve_with(g, base, reference, Mode::NonStrict) {
            Ok(t) if iri_abnf::validate(g, rule, &t).is_ok() => {}
            other => {
                return Err(format!(
                    "{g}: non-strict {base:?} + {reference:?}: {other:?}"
                ))
            }
        }
        let rel = relativize(g, base, &target)
            .map_err(|e| format!("{g}: {base:?} to {target:?} (reached by {reference:?}): {e}"))?;
        match resolve(g, base, &rel) {
            Ok(t) if t == target => {}
            other => {
                return Err(format!(
                    "{g}: {base:?} + {rel:?} gives {other:?}, not {target:?}"
                ))
            }
        }
        if rel.chars().count() > reference.chars().count() {
            return Err(format!(
                "{g}: {base:?} to {target:?}: {rel:?} is longer than {reference:?}"
            ));
        }
        match relativize(g, base, reference) {
            Ok(rel) => match resolve(g, base, &rel) {
                Ok(t) if t == reference => {}
                other => {
                    return Err(format!(
                        "{g}: {base:?} + {rel:?} gives {other:?}, not {reference:?}"
                    ))
                }
            },
            Err(ResolveError::Unreachable { .. } | ResolveError::TargetNoScheme { .. }) => {}
            Err(e) => return Err(format!("{g}: relativize {base:?} to {reference:?}: {e}")),
        }
        Ok(())
    }
}
