//! The specifications' ABNF, read and compiled to exact automata.
//!
//! The grammar files of `grammar/` (RFC 5234 syntax) are read by a small reader of this crate
//! ([`AbnfRules::parse`], see the `parse` module for what it accepts and why it is not the `abnf`
//! crate), and any rule can be compiled as a start rule into a deterministic finite automaton, a
//! [`Dfa`], that decides membership of a whole string in the rule's language ([`AbnfRules::compile`],
//! [`Dfa::is_match`]). [`dfa`] gives the DFA of a rule of a grammar, precompiled or built once.
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
//! # Semantics
//!
//! The automaton is exact for ABNF (RFC 5234 §3): alternation (§3.2) is the union of the languages,
//! concatenation (§3.1) their concatenation, repetition (§3.6, §3.7) and option (§3.8) the bounded
//! Kleene star; there is no ordered choice and no greedy repetition as in PEG. Rule references are
//! inlined, so a grammar must not be recursive (the URI and IRI grammars are not); recursion is reported as
//! [`AbnfError::Recursion`]. Terminals are Unicode code points (draft-ietf-iri-3987bis §2.2: "Terminals in
//! the ABNF are characters, not octets"), matched against the UTF-8 encoding of the input; quoted strings
//! are case-insensitive for the ASCII letters (RFC 5234 §2.3) unless written `%s"..."` (RFC 7405).
//!
//! The route is: AST ([`Node`]) → `regex_syntax::hir::Hir` (classes of code points, concatenation,
//! alternation, counted repetition) → Thompson NFA without captures → dense DFA of `regex-automata`, built
//! with `MatchKind::All` (every NFA thread is kept, so the union is not pruned by match priority), anchored
//! start states only, and minimized. The `regex-automata` types stay inside the crate: a [`Dfa`] is
//! walked through its own methods, and its states are opaque ([`State`]).
//!
//! # Grammars
//!
//! [`rules`] and [`dfa`] take any grammar ([`AnyGrammar`], or a [`Grammar`](crate::grammar::Grammar)): the four main ones,
//! `uri` (RFC 3986), `rfc3987` (RFC 3987), `iri` (draft-ietf-iri-3987bis §2.2) and `leiri` (3987bis §5.1),
//! and the five with a language only (RFC 2396, RFC 2732, the 2001 and 2002 IRI drafts, 3987bis as
//! printed). Both build once per grammar (and per rule) and keep the result for the life of the process.
//!
//! # Size and speed
//!
//! `cargo xtask abnf-stats` prints, for the start rule `IRI-reference` (`URI-reference` for `uri`) of
//! each main grammar, the DFA's states (the dead state included, [`Dfa::state_count`]) and memory
//! ([`Dfa::memory_usage`]), and the time to read the grammar's files and to build the DFA
//! ([`AbnfRules::compile`]: HIR, NFA, determinization, minimization and the walk's table, best of
//! three); it also prints the size of the precompiled DFAs of each grammar and the time to load them.
//! The criterion bench `cargo bench --bench validate` measures membership ([`Dfa::is_match`] on
//! members and non-members of 10 to 36 bytes) against the pest grammar, which also records the parse
//! attempts that make its error messages, and `cargo bench --bench validate -- automaton-build` the
//! build. Minimization is most of the build time; without it the DFAs would have several times as many
//! states.
//!
//! # Precompiled automata
//!
//! [`crate::validate`] and [`crate::is_valid`] do not wait for a build: the DFAs of 19 rules per main
//! grammar ([`precompiled::rules`]: the reference, absolute, `IRI`/`URI` and relative rules, and
//! `scheme`, the authority, userinfo, host, `IP-literal`, `IPv4address`, `IPv6address`, reg-name, `port`,
//! the four path rules, query and fragment), and of the reference, absolute and relative rules of the
//! five grammars with a language only (3 or 4 each), are serialized with [`Dfa::to_bytes_little_endian`]
//! into `src/abnf/automata/` by `cargo xtask generate` (deterministic) and included in the library with
//! 4-byte alignment. [`dfa`] loads one zero-copy with `DFA::from_bytes` the first time it is asked for;
//! any other rule, and every rule on a big-endian target or if the bytes do not load, is compiled at run
//! time with [`AbnfRules::compile`]. `cargo xtask generate --check` fails, naming the stale files, when
//! the committed bytes are not what the `.abnf` files compile to.
//!
//! The whole-reference rules are the largest files, the authority and host rules next, and the rules
//! of single components the smallest; the start rules of the scheme grammars of `grammar/schemes/`
//! ([`schemes`]) are precompiled alike. `cargo xtask abnf-stats` prints the bytes per grammar and per
//! scheme rule. Loading a DFA checks its tables, finds its dead ends and builds the compact table
//! described below, which takes a small fraction of building the DFA from the grammar (the same
//! command prints both).
//!
//! # The engine
//!
//! [`Dfa::is_match`] (no allocation) walks a compact copy of the DFA's transitions, built when the DFA
//! is loaded, with the states that differ only in reporting a match (one byte late, in
//! `regex-automata`) merged. Every state has a row of 16-bit offsets by byte class, and an input
//! shorter than 32 bytes is walked through the rows, one transition at a time. For a state of text,
//! whose set of the bytes that leave it unchanged holds every `unreserved` character (RFC 3986 §2.3:
//! inside a path segment, a host name, a query), the table also has the set of those bytes, with the
//! lead bytes of the characters that all come back to the state and their continuation bytes, and a
//! percent-encoded octet (RFC 3986 §2.1) continues such a run: the walk searches for the end of the
//! run instead of taking a transition for each byte, and then takes the transition of the byte that
//! ends it from the state's own table by byte. On x86-64 with AVX2 (detected at run time) the search
//! classifies 32 bytes at once against the set (two nibble table lookups per block, the layout of
//! `byteset`), escapes included; elsewhere it checks byte by byte, which does not wait for one check
//! before the next as transitions do. The other states (a port's digits, an IP literal's, a scheme)
//! have no run: theirs are short, and a search costs more than a few transitions. The vector code of `byteset` (this search, and the
//! masks of the delimiters among a reference's first bytes that the split of [`crate::parse`] reads
//! its scheme and authority from) is the crate's only `unsafe` code (the intrinsics and their
//! unaligned loads, each within the input or a table); the tests compare the search with the
//! byte-by-byte search on every start offset of inputs of 0 to 99 bytes, the walks with the plain walk
//! of the DFA, the masks with a byte-by-byte count, and the split from the masks with the split byte
//! by byte. "?" is left out of the sets of the states an input can reach before its first "?" or "#",
//! so the walk takes a transition on the first "?" and on each "#" (no state keeps "#"): `parse` reads
//! the ends of the path and the query (the first "?" or "#", and the first "#") off the walk of an
//! input longer than 32 bytes, and off the masks of its delimiters for a shorter one. The states after `http://` and `https://` are looked up when the table
//! is built. `cargo bench --bench validate -- long-line` measures the walk over a 10 MB line of `a`,
//! `/`, `é` or percent-encoded octets after `http://a/`. A DFA too large for the table's 16-bit entries
//! is walked itself, from the anchored start state with `next_state`, stopping at the dead state, with
//! `next_eoi_state` for the verdict; the tests compare the two walks.
//!
//! [`Dfa::check`] also gives the error offset, walking the DFA byte by byte when the input is rejected:
//! the first byte after which no string of the language can follow, moved back to the start of its
//! character, or the input's length when the input is a proper prefix of the language (grammar/NOTES.md
//! note 32). In a minimized DFA every state but the dead state reaches a match state; since matches are
//! reported one byte late, a state that reports a match and then dies counts as dead for the offset.
//! [`Dfa::continuations`] lists the characters that could come at the offset ([`Failure::state`]) as
//! code point ranges, exploring UTF-8 sequences from the state by runs of one byte class.

mod automata;
pub(crate) mod byteset;
mod compile;
pub(crate) mod engine;
pub(crate) mod generate;
mod parse;
pub(crate) mod precompiled;
pub mod schemes;

use std::collections::HashMap;
use std::fmt;
use std::sync::{Mutex, OnceLock};

use crate::grammar::AnyGrammar;

pub use engine::{dfa, Dfa, Failure, Matcher, Rows, State};
pub use generate::{generate, mutate, Generator};

/// An ABNF expression (RFC 5234 §3, §4), as read from a grammar file.
///
/// Groups `( ... )` (§3.5) leave no node of their own; an option `[ ... ]` (§3.8) is the repetition
/// `*1( ... )`; a numeric concatenation `%x41.42` (§3.4) is a [`Node::Concatenation`] of single-value
/// [`Node::Range`]s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// `a / b / ...`: the union of the alternatives' languages (RFC 5234 §3.2).
    Alternation(Vec<Node>),
    /// `a b ...`: one after the other (RFC 5234 §3.1).
    Concatenation(Vec<Node>),
    /// `min*max element` (RFC 5234 §3.6, §3.7); `max` is `None` for no upper bound.
    Repetition {
        /// Fewest occurrences.
        min: u32,
        /// Most occurrences, `None` for any number.
        max: Option<u32>,
        /// What is repeated.
        node: Box<Node>,
    },
    /// A reference to a rule by name; rule names are case-insensitive (RFC 5234 §2.1).
    Rule(String),
    /// One code point from `first` to `last` inclusive (RFC 5234 §2.3, §3.4); a single value has
    /// `first == last`. Surrogate code points in the range are never matched.
    Range {
        /// Lowest code point.
        first: u32,
        /// Highest code point.
        last: u32,
    },
    /// A literal text string (RFC 5234 §2.3): case-insensitive for ASCII letters unless written
    /// `%s"..."` (RFC 7405).
    String {
        /// The characters between the quotes.
        text: String,
        /// `%s"..."`.
        case_sensitive: bool,
    },
}

/// Where something was written: a rule of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// The rule's name, as spelled at its definition.
    pub rule: String,
    /// The file that defines it.
    pub file: String,
    /// The 1-based line of its definition.
    pub line: usize,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` ({}:{})", self.rule, self.file, self.line)
    }
}

/// What went wrong reading or compiling ABNF.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum AbnfError {
    /// The text is not ABNF this reader accepts (RFC 5234 §4), or defines a rule twice.
    Syntax {
        /// The file name given to [`AbnfRules::parse`].
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A rule is used or asked for that no file defines.
    UndefinedRule {
        /// The missing rule.
        rule: String,
        /// The rule whose definition refers to it; `None` when it was asked for directly.
        used_by: Option<Origin>,
    },
    /// A rule refers to itself, directly or through other rules; the automata need a grammar without
    /// recursion.
    Recursion {
        /// The rules of the cycle, first and last the same.
        cycle: Vec<String>,
    },
    /// Two rule names of the grammars cannot be told apart in the generated [`crate::rule::Rule`] enum (two
    /// spellings of one name, or two names with one variant name).
    Naming {
        /// The second of the two names.
        rule: String,
        /// What it clashes with.
        message: String,
    },
    /// Compiling the rule would exceed a size or nesting limit.
    Limit {
        /// The start rule.
        rule: String,
        /// Which limit.
        message: String,
    },
}

impl fmt::Display for AbnfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AbnfError::Syntax {
                file,
                line,
                column,
                message,
            } => write!(f, "{file}:{line}:{column}: {message}"),
            AbnfError::UndefinedRule { rule, used_by } => match used_by {
                Some(origin) => write!(f, "rule `{rule}`, used by {origin}, is not defined"),
                None => write!(f, "rule `{rule}` is not defined"),
            },
            AbnfError::Recursion { cycle } => {
                write!(
                    f,
                    "recursive rules cannot be compiled: {}",
                    cycle.join(" -> ")
                )
            }
            AbnfError::Naming { rule, message } | AbnfError::Limit { rule, message } => {
                write!(f, "rule `{rule}`: {message}")
            }
        }
    }
}

impl std::error::Error for AbnfError {}

/// One rule of a rule set.
#[derive(Clone, Debug)]
struct RuleDef {
    origin: Origin,
    node: Node,
}

/// A set of ABNF rules read from one or more files (RFC 5234 §4 `rulelist`).
#[derive(Clone, Debug)]
pub struct AbnfRules {
    /// In definition order.
    defs: Vec<RuleDef>,
    /// Lower-cased name → index in `defs` (rule names are case-insensitive, RFC 5234 §2.1).
    index: HashMap<String, usize>,
}

fn key(name: &str) -> String {
    name.to_ascii_lowercase()
}

impl AbnfRules {
    /// Reads the rule lists of `sources`, given as `(file name, text)`, in order.
    ///
    /// Within one file a rule is defined once with `=` and may get more alternatives with `=/`
    /// (RFC 5234 §3.3). A rule defined with `=` in a later file replaces the rule of the same name of an
    /// earlier file, keeping its place in [`AbnfRules::rule_names`]; `=/` in a later file adds to it.
    pub fn parse(sources: &[(&str, &str)]) -> Result<AbnfRules, AbnfError> {
        let mut rules = AbnfRules {
            defs: Vec::new(),
            index: HashMap::new(),
        };
        for &(file, text) in sources {
            let mut in_this_file: HashMap<String, usize> = HashMap::new();
            for parsed in parse::parse_rulelist(file, text)? {
                let k = key(&parsed.name);
                let existing = rules.index.get(&k).copied();
                if parsed.incremental {
                    let Some(i) = existing else {
                        return Err(AbnfError::Syntax {
                            file: file.to_string(),
                            line: parsed.line,
                            column: 1,
                            message: format!(
                                "`{} =/` adds alternatives to a rule that is not defined before it \
                                 (RFC 5234 §3.3)",
                                parsed.name
                            ),
                        });
                    };
                    let def = &mut rules.defs[i];
                    let old = std::mem::replace(&mut def.node, Node::Alternation(Vec::new()));
                    let mut alternatives = match old {
                        Node::Alternation(alternatives) => alternatives,
                        other => vec![other],
                    };
                    match parsed.node {
                        Node::Alternation(more) => alternatives.extend(more),
                        other => alternatives.push(other),
                    }
                    def.node = Node::Alternation(alternatives);
                    continue;
                }
                if let Some(first_line) = in_this_file.get(&k) {
                    return Err(AbnfError::Syntax {
                        file: file.to_string(),
                        line: parsed.line,
                        column: 1,
                        message: format!(
                            "rule `{}` is already defined on line {first_line} of this file; use `=/` to \
                             add alternatives (RFC 5234 §3.3)",
                            parsed.name
                        ),
                    });
                }
                in_this_file.insert(k.clone(), parsed.line);
                let def = RuleDef {
                    origin: Origin {
                        rule: parsed.name,
                        file: file.to_string(),
                        line: parsed.line,
                    },
                    node: parsed.node,
                };
                match existing {
                    Some(i) => rules.defs[i] = def,
                    None => {
                        rules.index.insert(k, rules.defs.len());
                        rules.defs.push(def);
                    }
                }
            }
        }
        Ok(rules)
    }

    /// The rule names in definition order, spelled as at their (last) definition.
    pub fn rule_names(&self) -> Vec<&str> {
        self.defs.iter().map(|d| d.origin.rule.as_str()).collect()
    }

    /// Removes the rule `name` (any case), if there is one.
    pub fn remove(&mut self, name: &str) {
        if let Some(i) = self.index.remove(&key(name)) {
            self.defs.remove(i);
            for v in self.index.values_mut() {
                if *v > i {
                    *v -= 1;
                }
            }
        }
    }

    /// The definition of the rule `name` (any case).
    pub fn rule(&self, name: &str) -> Option<&Node> {
        self.def(name).map(|d| &d.node)
    }

    /// Where the rule `name` (any case) is defined.
    pub fn origin(&self, name: &str) -> Option<&Origin> {
        self.def(name).map(|d| &d.origin)
    }

    fn def(&self, name: &str) -> Option<&RuleDef> {
        self.index.get(&key(name)).and_then(|&i| self.defs.get(i))
    }

    /// The names of the rules that the definition of `name` refers to, each once, in order of first use.
    pub fn references(&self, name: &str) -> Vec<&str> {
        fn walk<'n>(node: &'n Node, out: &mut Vec<&'n str>) {
            match node {
                Node::Alternation(items) | Node::Concatenation(items) => {
                    items.iter().for_each(|n| walk(n, out))
                }
                Node::Repetition { node, .. } => walk(node, out),
                Node::Rule(r) => {
                    if !out.iter().any(|o| o.eq_ignore_ascii_case(r)) {
                        out.push(r)
                    }
                }
                Node::Range { .. } | Node::String { .. } => {}
            }
        }
        let mut out = Vec::new();
        if let Some(node) = self.rule(name) {
            walk(node, &mut out);
        }
        out
    }

    /// Compiles the rule `start` (a name in any case, or a [`crate::rule::Rule`]) into a [`Dfa`] that
    /// accepts exactly the strings of its language, built now and owned by the caller ([`dfa`] keeps
    /// the one of a grammar's rule).
    ///
    /// Fails if `start` or a rule it uses is not defined, if the rules it uses are recursive, or if the
    /// automaton would exceed the size limits.
    pub fn compile(&self, start: impl AsRef<str>) -> Result<Dfa, AbnfError> {
        let (dfa, start) = compile::compile(self, start.as_ref())?;
        Ok(Dfa::built(dfa, start))
    }
}

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

/// The automata of the grammars as their documents print them (for the repository's crates).
pub(crate) mod printed {
    use crate::abnf::{as_printed, grammar_spec, marked_notes, AbnfError, AbnfRules, Dfa};
    use crate::grammar::AnyGrammar;

    /// The automaton of `rule` of `grammar` as its document prints it: with the interpretation notes of
    /// `notes` that the grammar's files mark taken back ([`as_printed`]; the others do not apply to it),
    /// compiled now.
    ///
    /// ```
    /// use iri_abnf::repository::printed_automaton;
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
        rule: crate::rule::Rule,
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
        rules.compile(rule)
    }
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
    rule: impl crate::rule::RuleName,
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
    fn errors_wrap_no_other_error() {
        use std::error::Error as _;
        let rules = super::AbnfRules::parse(&[("t.abnf", "a = b\n")]).unwrap();
        let e = rules.compile("a").unwrap_err();
        assert!(matches!(e, super::AbnfError::UndefinedRule { .. }), "{e}");
        assert!(e.source().is_none());
    }

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
    fn later_files_replace_rules_in_place() {
        let rules = AbnfRules::parse(&[
            ("a.abnf", "one = \"1\"\ntwo = \"2\"\nthree = two\n"),
            ("b.abnf", "TWO = \"22\"\nfour = \"4\"\none =/ \"11\"\n"),
        ])
        .expect("parses");
        assert_eq!(rules.rule_names(), ["one", "TWO", "three", "four"]);
        assert_eq!(
            rules.origin("two"),
            Some(&Origin {
                rule: "TWO".into(),
                file: "b.abnf".into(),
                line: 1
            })
        );
        let a = rules.compile("three").expect("compiles");
        assert!(a.is_match("22") && !a.is_match("2"));
        let a = rules.compile("ONE").expect("compiles");
        assert!(a.is_match("1") && a.is_match("11") && !a.is_match("111"));
    }

    #[test]
    fn definition_errors() {
        let e = AbnfRules::parse(&[("a.abnf", "x = \"1\"\ny = \"2\"\nX = \"3\"\n")]).unwrap_err();
        assert!(
            matches!(&e, AbnfError::Syntax { file, line: 3, message, .. }
                if file == "a.abnf" && message.contains("line 1")),
            "{e}"
        );
        let e = AbnfRules::parse(&[("a.abnf", "x = \"1\"\n"), ("b.abnf", "\ny =/ \"2\"\n")])
            .unwrap_err();
        assert!(
            matches!(&e, AbnfError::Syntax { file, line: 2, .. } if file == "b.abnf"),
            "{e}"
        );
        assert_eq!(
            e.to_string().split(':').take(2).collect::<Vec<_>>(),
            ["b.abnf", "2"]
        );
    }

    #[test]
    fn remove_keeps_the_order() {
        let mut rules =
            AbnfRules::parse(&[("a", "a = \"1\"\nb = \"2\"\nc = \"3\"\n")]).expect("parses");
        rules.remove("B");
        rules.remove("nope");
        assert_eq!(rules.rule_names(), ["a", "c"]);
        assert!(rules.rule("c").is_some() && rules.rule("b").is_none());
    }

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
        let c = dfa(Grammar::Uri, crate::rule::Rule::DecOctet).expect("compiles");
        assert!(std::ptr::eq(a, b) && std::ptr::eq(a, c));
        assert!(a.is_match("255") && !a.is_match("256"));
    }
}
