//! The specifications' ABNF, read and compiled to exact automata.
//!
//! The grammar files of `grammar/` (RFC 5234 syntax) are read and compiled by the crate
//! `abnf-automata`, which knows nothing of URIs: its reader ([`AbnfRules::parse`]), the compilation of
//! any rule as a start rule into a deterministic finite automaton, a [`Dfa`], that decides membership
//! of a whole string in the rule's language ([`AbnfRules::compile`], [`Dfa::is_match`]), the error
//! offset and what could come there ([`Dfa::check`], [`Dfa::continuations`]), the walks and the
//! generation of strings ([`generate`], [`mutate`], [`Generator`]); its documentation says how the
//! automata are built and walked. This module holds what is about the URI and IRI grammars: which
//! files make up each grammar ([`rules`]), the registry of their automata ([`registry`], [`dfa`]),
//! the scheme grammars ([`schemes`]), the grammars as their documents print them ([`as_printed`]),
//! and where each rule is defined ([`definition`]).
//!
//! ```
//! use iri_abnf::abnf::{dfa, generate, rules};
//! use iri_abnf::Grammar;
//!
//! let iri = dfa(Grammar::Iri, "IRI-reference")?;
//! assert!(iri.is_match("http://résumé.example.org/?q#f"));
//! assert!(!iri.is_match("http://example.org/a b"));
//! assert_eq!(iri.check("http://example.org/a b").unwrap_err().offset, 20);
//! assert!(dfa(Grammar::Leiri, "IRI-reference")?.is_match("http://example.org/a b"));
//!
//! let s = generate(rules(Grammar::Iri)?, "IRI-reference", 42, 30)?;
//! assert!(iri.is_match(&s));
//! # Ok::<(), iri_abnf::abnf::AbnfError>(())
//! ```
//!
//! # Grammars
//!
//! [`rules`] and [`dfa`] take any grammar ([`AnyGrammar`], or a [`Grammar`](crate::grammar::Grammar)):
//! the four main ones, `uri` (RFC 3986), `rfc3987` (RFC 3987), `iri` (draft-ietf-iri-3987bis §2.2) and
//! `leiri` (3987bis §5.1), and the five with a language only (RFC 2396, RFC 2732, the 2001 and 2002
//! IRI drafts, 3987bis as printed). Both build once per grammar (and per rule) and keep the result
//! for the life of the process. Rule references are inlined, so a grammar must not be recursive (the
//! URI and IRI grammars are not); terminals are Unicode code points (draft-ietf-iri-3987bis §2.2:
//! "Terminals in the ABNF are characters, not octets").
//!
//! # Size and speed
//!
//! `cargo xtask abnf-stats` prints, for the start rule `IRI-reference` (`URI-reference` for `uri`) of
//! each main grammar, the DFA's states (the dead state included, [`Dfa::state_count`]) and memory
//! ([`Dfa::memory_usage`]), and the time to read the grammar's files and to build the DFA
//! ([`AbnfRules::compile`]: HIR, NFA, determinization, minimization and the walk's table, best of
//! three); it also prints the size of the precompiled DFAs of each grammar and the time to load them.
//! The criterion bench `cargo bench --bench validate` measures membership ([`Dfa::is_match`] on
//! members and non-members of 10 to 36 bytes) against the pest grammar, and `cargo bench --bench
//! validate -- automaton-build` the build; `cargo bench --bench validate -- long-line` the walk over
//! a 10 MB line of `a`, `/`, `é` or percent-encoded octets after `http://a/`.
//!
//! # The built-in automata
//!
//! [`crate::validate`] and [`crate::is_valid`] do not wait for a build: the DFAs of 19 rules per main
//! grammar ([`registry::precompiled_rules`]: the reference, absolute, `IRI`/`URI` and relative rules, and
//! `scheme`, the authority, userinfo, host, `IP-literal`, `IPv4address`, `IPv6address`, reg-name,
//! `port`, the four path rules, query and fragment), and of the reference, absolute and relative rules
//! of the five grammars with a language only (3 or 4 each), are serialized into `src/abnf/automata/`
//! by `cargo xtask generate` (deterministic) and read without copying the first time they are asked
//! for ([`registry`]); any other rule is compiled on first use. Their walks are tuned for references
//! ([`registry::tuning`]): runs in the states of text, which hold every `unreserved` character (RFC
//! 3986 §2.3), "?" and "#" seen by the walk, so that [`crate::parse`] reads the ends of the path and
//! the query off the walk of an input longer than 32 bytes (and off the masks of its delimiters,
//! `byteset`, for a shorter one), and the states after `http://` and `https://` looked up ahead.
//! `cargo xtask generate --check` fails, naming the stale files, when the committed bytes are not
//! what the `.abnf` files compile to.

mod automata;
pub(crate) mod byteset;
mod cases;
pub mod registry;
pub mod schemes;

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

pub use abnf_automata::{
    case_input, generate, mutate, nth_seed, AbnfError, AbnfRules, Dfa, Failure, Generator, Node,
    Origin, Ranges, Rows, State, Tuning,
};

use crate::grammar::rule::Rule;
use crate::grammar::AnyGrammar;
pub use cases::case_seed;
pub use registry::dfa;

/// A grammar file: its path in the repository and its text.
type Source = (&'static str, &'static str);

/// What makes up a grammar.
struct GrammarSpec {
    /// Files, loaded in order; a later file's rule replaces an earlier one of the same name.
    sources: &'static [Source],
    /// Rules removed after loading: rules that a later file made unreachable by replacing the rules
    /// that used them.
    removed: &'static [&'static str],
}

/// The one place that says which files make up each grammar ([`AnyGrammar::abnf_sources`]) and which
/// rules a replacement leaves unused.
fn grammar_spec(grammar: AnyGrammar) -> GrammarSpec {
    let removed: &'static [&'static str] = match grammar {
        // draft-ietf-iri-3987bis §5.1: "the ucschar production is replaced by the leiri-ucschar
        // production"; leiri.abnf replaces `iunreserved`, after which `ucschar` is used by no rule.
        AnyGrammar::Leiri => &["ucschar"],
        _ => &[],
    };
    GrammarSpec {
        sources: grammar.abnf_sources(),
        removed,
    }
}

fn load(grammar: AnyGrammar) -> Result<AbnfRules, AbnfError> {
    let spec = grammar_spec(grammar);
    let printed;
    let sources: Vec<(&str, &str)> = if grammar.printed_notes().is_empty() {
        spec.sources.to_vec()
    } else {
        printed = as_printed(spec.sources, grammar.printed_notes())?;
        printed.iter().map(|(f, t)| (*f, t.as_str())).collect()
    };
    let mut rules = AbnfRules::parse(&sources)?;
    for &name in spec.removed {
        if let Some(user) = rules.rule_names().into_iter().find(|&r| {
            rules
                .references(r)
                .iter()
                .any(|x| x.eq_ignore_ascii_case(name))
        }) {
            return Err(AbnfError::Limit {
                rule: name.to_string(),
                message: format!(
                    "cannot be removed from grammar `{grammar}`: rule `{user}` uses it"
                ),
            });
        }
        rules.remove(name);
    }
    Ok(rules)
}

/// The ABNF sources with the amendments of the interpretation notes `notes` taken back: each rule
/// marked `; [note N]` for one of them is replaced by the printed rule that the file keeps as a
/// comment just above it (`; name = …`, with its continuation lines), so that a grammar can be compiled
/// as its document prints it (note 1: `ireg-name` of 3987bis without `pct-form`). An error names a
/// marked rule without a printed rule above it, or a note that marks no rule.
///
/// ```
/// use iri_abnf::abnf::{as_printed, AbnfRules};
/// use iri_abnf::Grammar;
///
/// let sources = as_printed(Grammar::Iri.abnf_sources(), &[1])?;
/// let borrowed: Vec<(&str, &str)> = sources.iter().map(|(f, t)| (*f, t.as_str())).collect();
/// let printed = AbnfRules::parse(&borrowed)?.compile("IRI-reference")?;
/// assert!(!printed.is_match("http://r%C3%A9sum%C3%A9.example.org"));
/// assert!(iri_abnf::is_valid(Grammar::Iri, "IRI-reference", "http://r%C3%A9sum%C3%A9.example.org"));
/// # Ok::<(), iri_abnf::abnf::AbnfError>(())
/// ```
pub fn as_printed<'a>(
    sources: &[(&'a str, &str)],
    notes: &[u32],
) -> Result<Vec<(&'a str, String)>, AbnfError> {
    let mut used = vec![false; notes.len()];
    let mut out = Vec::with_capacity(sources.len());
    for &(file, text) in sources {
        let lines: Vec<&str> = text.lines().collect();
        let mut kept: Vec<String> = Vec::with_capacity(lines.len());
        let mut i = 0;
        while let Some(&line) = lines.get(i) {
            let marked = notes
                .iter()
                .position(|n| !line.starts_with(';') && line.contains(&format!("[note {n}]")));
            let Some(k) = marked else {
                kept.push(line.to_string());
                i += 1;
                continue;
            };
            used[k] = true;
            let syntax = |message: String| AbnfError::Syntax {
                file: file.to_string(),
                line: i + 1,
                column: 1,
                message,
            };
            // The printed rule: the comment lines just above, from the one that defines a rule.
            let name = line.split(['=', ' ']).next().unwrap_or_default();
            let mut start = kept.len();
            while start > 0 && kept[start - 1].starts_with(';') {
                start -= 1;
                let body = kept[start].trim_start_matches(';').trim_start();
                if body.split(['=', ' ']).next() == Some(name) {
                    break;
                }
            }
            let defines = kept
                .get(start)
                .map(|l| l.trim_start_matches(';').trim_start())
                .is_some_and(|b| b.split(['=', ' ']).next() == Some(name) && b.contains('='));
            if name.is_empty() || !defines {
                return Err(syntax(format!(
                    "the rule marked [note {}] has no printed rule above it",
                    notes[k]
                )));
            }
            for printed in &mut kept[start..] {
                let body = printed.trim_start_matches(';');
                *printed = body.strip_prefix(' ').unwrap_or(body).to_string();
            }
            // Skip the amended rule and its continuation lines.
            i += 1;
            while lines
                .get(i)
                .is_some_and(|l| l.starts_with([' ', '\t']) && !l.trim().is_empty())
            {
                i += 1;
            }
        }
        out.push((file, kept.join("\n") + "\n"));
    }
    if let Some(k) = used.iter().position(|&u| !u) {
        return Err(AbnfError::Limit {
            rule: format!("[note {}]", notes[k]),
            message: "no rule of the grammar is marked with this note".to_string(),
        });
    }
    Ok(out)
}

/// The notes of `notes` that the files of `grammar` mark on some rule (`; [note N]`) and that the
/// grammar has not already taken back ([`AnyGrammar::printed_notes`]).
pub fn marked_notes(grammar: impl Into<AnyGrammar>, notes: &[u32]) -> Vec<u32> {
    let grammar = grammar.into();
    notes
        .iter()
        .copied()
        .filter(|n| !grammar.printed_notes().contains(n))
        .filter(|n| {
            let mark = format!("[note {n}]");
            grammar.abnf_sources().iter().any(|(_, text)| {
                text.lines()
                    .any(|l| !l.starts_with(';') && l.contains(&mark))
            })
        })
        .collect()
}

/// The automaton of `rule` of `grammar` as its document prints it: with the interpretation notes of
/// `notes` that the grammar's files mark taken back ([`as_printed`]; the others do not apply to it),
/// compiled now.
///
/// ```
/// use iri_abnf::abnf::printed_automaton;
/// use iri_abnf::{Grammar, Rule};
///
/// let printed = printed_automaton(Grammar::Iri, Rule::IregName, &[1])?;
/// assert!(!printed.is_match("r%C3%A9sum%C3%A9.example.org"));
/// // The note does not apply to RFC 3986: its rule as written.
/// assert!(printed_automaton(Grammar::Uri, Rule::RegName, &[1])?.is_match("r%C3%A9sum%C3%A9"));
/// # Ok::<(), iri_abnf::abnf::AbnfError>(())
/// ```
pub fn printed_automaton(
    grammar: impl Into<AnyGrammar>,
    rule: Rule,
    notes: &[u32],
) -> Result<Dfa, AbnfError> {
    let grammar = grammar.into();
    let mut notes = marked_notes(grammar, notes);
    notes.extend_from_slice(grammar.printed_notes());
    let sources = as_printed(grammar.abnf_sources(), &notes)?;
    let sources: Vec<(&str, &str)> = sources.iter().map(|(f, t)| (*f, t.as_str())).collect();
    let mut rules = AbnfRules::parse(&sources)?;
    for &name in grammar_spec(grammar).removed {
        rules.remove(name);
    }
    rules.compile_with(rule.name(), registry::tuning())
}

/// Where a rule of a grammar is defined: the `.abnf` file and the line of its definition, and the
/// document and section that the file transcribes at that line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Definition {
    /// The rule, as the grammar spells it.
    pub rule: &'static str,
    /// The file, as in [`AnyGrammar::abnf_sources`] (`grammar/iri.abnf`).
    pub file: &'static str,
    /// The 1-based line of the definition in the file.
    pub line: usize,
    /// The document and section (`draft-ietf-iri-3987bis, Section 2.2`).
    pub spec: &'static str,
}

/// The document and section each `.abnf` file transcribes: from its first line, or from the first
/// line that starts with the marker given (a file that collects rules of two sections).
const SOURCE_SPECS: &[(&str, Option<&str>, &str)] = &[
    ("grammar/core.abnf", None, "RFC 5234, Appendix B.1"),
    ("grammar/uri.abnf", None, "RFC 3986, Appendix A"),
    ("grammar/rfc3987.abnf", None, "RFC 3987, Section 2.2"),
    (
        "grammar/iri.abnf",
        None,
        "draft-ietf-iri-3987bis, Section 2.2",
    ),
    (
        "grammar/leiri.abnf",
        None,
        "draft-ietf-iri-3987bis, Section 5.1",
    ),
    ("grammar/rfc2396.abnf", None, "RFC 2396, Appendix A"),
    (
        "grammar/rfc2396.abnf",
        Some("; Section 2.4.3,"),
        "RFC 2396, Section 2.4.3",
    ),
    ("grammar/rfc2732.abnf", None, "RFC 2732, Section 3"),
    (
        "grammar/rfc2732.abnf",
        Some("; RFC 2373 Appendix B"),
        "RFC 2373, Appendix B",
    ),
    (
        "grammar/masinter-url-i18n-07.abnf",
        None,
        "draft-masinter-url-i18n-07, Section 2.2",
    ),
    (
        "grammar/duerst-iri-01.abnf",
        None,
        "draft-duerst-iri-01, Section 2.2",
    ),
];

/// Where `rule` of `grammar` is defined ([`Definition`]), or `None` when the grammar has no such rule.
/// The rules of `iri-printed` are those of `iri`: the rule that note 1 amends is printed in the comment
/// above its definition.
///
/// ```
/// use iri_abnf::abnf::definition;
/// use iri_abnf::{AnyGrammar, Grammar, Rule};
///
/// let d = definition(Grammar::Iri, Rule::IregName).unwrap();
/// assert_eq!((d.rule, d.file, d.spec), ("ireg-name", "grammar/iri.abnf", "draft-ietf-iri-3987bis, Section 2.2"));
/// let text = Grammar::Iri.abnf_sources()[1].1;
/// assert!(text.lines().nth(d.line - 1).unwrap().starts_with("ireg-name "));
/// assert_eq!(definition(Grammar::Iri, Rule::Alpha).unwrap().spec, "RFC 5234, Appendix B.1");
/// assert_eq!(definition(AnyGrammar::Rfc2396, "control").unwrap().spec, "RFC 2396, Section 2.4.3");
/// assert!(definition(Grammar::Uri, Rule::Ihost).is_none());
/// ```
pub fn definition(
    grammar: impl Into<AnyGrammar>,
    rule: impl crate::grammar::rule::RuleName,
) -> Option<Definition> {
    let grammar = grammar.into();
    let rule = grammar.rule(rule)?;
    let source = match grammar {
        AnyGrammar::IriPrinted => AnyGrammar::Iri,
        g => g,
    };
    let name = grammar.rule_name(rule);
    let origin = rules(source).ok()?.origin(name)?;
    let &(file, text) = source
        .abnf_sources()
        .iter()
        .find(|(f, _)| *f == origin.file)?;
    let spec = SOURCE_SPECS
        .iter()
        .rev()
        .filter(|(f, _, _)| *f == file)
        .find(|(_, marker, _)| match marker {
            None => true,
            Some(m) => text
                .lines()
                .position(|l| l.starts_with(m))
                .is_some_and(|at| at < origin.line),
        })
        .map_or_else(|| grammar.spec(), |(_, _, spec)| *spec);
    Some(Definition {
        rule: name,
        file,
        line: origin.line,
        spec,
    })
}

/// A lazily filled, never freed cell per key. Only keys that were checked to be valid are inserted, so
/// the number of cells is bounded by the grammars' rules.
fn cell<V: Send + Sync + 'static>(
    map: &'static OnceLock<Mutex<HashMap<String, &'static OnceLock<V>>>>,
    key: String,
) -> &'static OnceLock<V> {
    let mut map = map
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    map.entry(key)
        .or_insert_with(|| Box::leak(Box::new(OnceLock::new())))
}

type Cells<V> = OnceLock<Mutex<HashMap<String, &'static OnceLock<V>>>>;

/// The rules of a grammar, read once from its `.abnf` files.
pub fn rules(grammar: impl Into<AnyGrammar>) -> Result<&'static AbnfRules, AbnfError> {
    static RULES: Cells<Result<AbnfRules, AbnfError>> = OnceLock::new();
    let grammar = grammar.into();
    cell(&RULES, grammar.name().to_string())
        .get_or_init(|| load(grammar))
        .as_ref()
        .map_err(Clone::clone)
}

#[cfg(test)]
mod tests {

    #[test]
    fn every_rule_has_its_definition_line_and_a_section() {
        use crate::grammar::AnyGrammar;
        for g in AnyGrammar::ALL {
            for &rule in g.rules() {
                let d = super::definition(g, rule).unwrap_or_else(|| panic!("{g} {rule}"));
                let text = super::SOURCE_SPECS
                    .iter()
                    .find(|(f, _, _)| *f == d.file)
                    .and_then(|_| g.abnf_sources().iter().find(|(f, _)| *f == d.file))
                    .unwrap_or_else(|| panic!("{g} {rule}: {} has no spec", d.file))
                    .1;
                let line = text.lines().nth(d.line - 1).unwrap_or_default();
                let defined = line.split(['=', ' ']).next().unwrap_or_default();
                assert!(defined.eq_ignore_ascii_case(d.rule), "{g} {rule}: {line}");
                assert!(
                    d.spec.contains("Section") || d.spec.contains("Appendix"),
                    "{d:?}"
                );
            }
        }
        let d = super::definition(AnyGrammar::Rfc2732, "IPv6address").unwrap();
        assert_eq!(d.spec, "RFC 2373, Appendix B");
        let d = super::definition(AnyGrammar::Rfc2732, "host").unwrap();
        assert_eq!(d.spec, "RFC 2732, Section 3");
        let d = super::definition(AnyGrammar::Rfc2396, "host").unwrap();
        assert_eq!(d.spec, "RFC 2396, Appendix A");
        let d = super::definition(AnyGrammar::Leiri, "leiri-ucschar").unwrap();
        assert_eq!(d.spec, "draft-ietf-iri-3987bis, Section 5.1");
    }

    use super::*;
    use crate::grammar::Grammar;

    #[test]
    fn grammars_load() {
        for (g, n) in Grammar::ALL.into_iter().zip([39, 42, 44, 44]) {
            let r = rules(g).unwrap_or_else(|e| panic!("{g}: {e}"));
            assert_eq!(r.rule_names().len(), n, "{g}");
        }
        let leiri = rules(Grammar::Leiri).expect("loads");
        assert!(leiri.rule("ucschar").is_none());
        assert_eq!(leiri.rule_names().last(), Some(&"leiri-ucschar"));
        assert_eq!(
            leiri.origin("iunreserved").map(|o| o.file.as_str()),
            Some("grammar/leiri.abnf")
        );
        let iri = rules(Grammar::Iri).expect("loads");
        assert_eq!(
            iri.rule_names().iter().position(|&r| r == "iunreserved"),
            leiri.rule_names().iter().position(|&r| r == "iunreserved")
        );
        assert!(matches!(
            dfa(Grammar::Iri, "nope"),
            Err(AbnfError::UndefinedRule { used_by: None, .. })
        ));
        assert!(matches!(
            dfa(Grammar::Uri, "ihost"),
            Err(AbnfError::UndefinedRule { used_by: None, .. })
        ));
        let a = dfa(Grammar::Uri, "dec-octet").expect("compiles");
        let b = dfa(Grammar::Uri, "DEC-OCTET").expect("compiles");
        let c = dfa(Grammar::Uri, crate::grammar::rule::Rule::DecOctet).expect("compiles");
        assert!(std::ptr::eq(a, b) && std::ptr::eq(a, c));
        assert!(a.is_match("255") && !a.is_match("256"));
    }
}
