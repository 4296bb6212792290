//! Grammar comparison: how the languages of two rules relate, computed exactly on their automata, with
//! the shortest strings that tell them apart.
//!
//! The grammars are regular, so each rule is a DFA ([`crate::abnf`]) and two languages can be compared
//! as wholes: the product of the two DFAs, explored from the pair of start states, reaches a pair where
//! one DFA accepts and the other does not exactly when a string is in one language and not in the
//! other. The product is explored one character at a time (a UTF-8 sequence, followed through both
//! DFAs by runs of bytes that both treat alike), so that its edges are labelled with ranges of code
//! points and the witnesses are strings, compared as the specs count them: in characters (3987bis §2.2,
//! "Terminals in the ABNF are characters").
//!
//! A witness of `A ∖ B` is the first string of that difference in shortlex order (fewest characters,
//! then smallest code points first). It comes with the character that decides it: where the other
//! grammar's automaton can no longer reach a string of its language (the offset its error would name,
//! as [`crate::validate`] gives it), or the end of the string when every prefix could still go on in
//! the other language. Where that character can be any of a range with the rest of the witness kept
//! (all of `iprivate` in a query, say), the range is given. More witnesses ([`compare`] with `n` > 1)
//! are the next strings of the difference in shortlex order, skipping the strings that only put
//! another character of a reported range at its position: each witness shows a different way in which
//! the languages part.
//!
//! ```
//! use iri_abnf::compare::{compare_rules, Relation};
//! use iri_abnf::{Grammar, Rule};
//!
//! let c = compare_rules((Grammar::Uri, Rule::UriReference), (Grammar::Iri, Rule::IriReference), 1)?;
//! assert_eq!(c.relation, Relation::ProperSubset);
//! assert!(c.only_a.is_empty());
//! // The shortest IRI reference that is not a URI reference: one character outside ASCII.
//! let w = &c.only_b[0];
//! assert_eq!(w.text, "\u{A0}");
//! assert_eq!(w.range, Some(('\u{A0}', '\u{D7FF}')));
//! # Ok::<(), iri_abnf::abnf::AbnfError>(())
//! ```

use std::collections::{HashMap, VecDeque};

use crate::abnf::{AbnfError, Dfa, State};
use crate::grammar::rule::Rule;
use crate::grammar::AnyGrammar;

/// How the language of `A` relates to the language of `B`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "kebab-case")
)]
pub enum Relation {
    /// The same strings.
    Equal,
    /// Every string of `A` is in `B`, and `B` has more (A ⊂ B).
    ProperSubset,
    /// Every string of `B` is in `A`, and `A` has more (A ⊃ B).
    ProperSuperset,
    /// Some strings in both, some only in `A`, some only in `B`.
    Overlapping,
    /// No string in both.
    Disjoint,
}

impl Relation {
    /// The relation as a symbol: `=`, `⊂`, `⊃`, `overlap` or `disjoint`.
    pub fn symbol(self) -> &'static str {
        match self {
            Relation::Equal => "=",
            Relation::ProperSubset => "⊂",
            Relation::ProperSuperset => "⊃",
            Relation::Overlapping => "overlap",
            Relation::Disjoint => "disjoint",
        }
    }
}

impl std::fmt::Display for Relation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.symbol())
    }
}

/// A string in one language and not in the other.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Witness {
    /// The string.
    pub text: String,
    /// The byte offset of the character that decides: the first character after which the other
    /// language has no string that begins with the text so far (the offset of its error), or the
    /// string's length when the other language has strings that go on from every prefix.
    pub offset: usize,
    /// `offset` in characters (0-based).
    pub column: usize,
    /// The characters that can stand at `offset` with the rest of the witness kept: the inclusive
    /// range around the witness's own character; `None` when `offset` is the end.
    pub range: Option<(char, char)>,
}

/// The comparison of two languages: see [`compare`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Comparison {
    /// How `A` relates to `B`.
    pub relation: Relation,
    /// Witnesses of `A ∖ B`, in shortlex order.
    pub only_a: Vec<Witness>,
    /// Witnesses of `B ∖ A`, in shortlex order.
    pub only_b: Vec<Witness>,
    /// The first string of `A ∩ B` in shortlex order, if there is one.
    pub common: Option<String>,
    /// The number of pairs of states of the product reached from the start.
    pub product_states: usize,
}

/// A language given by a [`Dfa`] over UTF-8 bytes, walked from its start state, whose verdict at
/// the end of the input ([`Dfa::accepts_end`]) says whether a string is in the language.
#[derive(Clone, Copy)]
struct Language<'a> {
    /// The DFA.
    dfa: &'a Dfa,
    /// The start state.
    start: State,
}

/// The product of the DFAs of `a` and `b`.
fn product(a: &Dfa, b: &Dfa) -> Product {
    Product::build(
        Language {
            dfa: a,
            start: a.start(),
        },
        Language {
            dfa: b,
            start: b.start(),
        },
    )
}

/// The longest witnesses looked for beyond the shortest, in characters.
const LONGER: usize = 4;

/// Compares the languages of `a` and `b` (each a rule's DFA: [`crate::abnf::dfa`],
/// [`crate::abnf::AbnfRules::compile`]), with up to `n` witnesses of each difference.
pub fn compare(a: &Dfa, b: &Dfa, n: usize) -> Comparison {
    let product = product(a, b);
    let only_a = product.witnesses(n, |p| Part::OnlyA.holds(p), Side::B);
    let only_b = product.witnesses(n, |p| Part::OnlyB.holds(p), Side::A);
    let common = product.shortest(|p| Part::Both.holds(p));
    let relation = match (only_a.is_empty(), only_b.is_empty(), common.is_some()) {
        (true, true, _) => Relation::Equal,
        (true, false, _) => Relation::ProperSubset,
        (false, true, _) => Relation::ProperSuperset,
        (false, false, true) => Relation::Overlapping,
        (false, false, false) => Relation::Disjoint,
    };
    Comparison {
        relation,
        only_a,
        only_b,
        common: common.map(|s| s.into_iter().filter_map(char::from_u32).collect()),
        product_states: product.pairs.len(),
    }
}

/// [`compare`] for a rule of each of two grammars, with their precompiled (or built) DFAs.
pub fn compare_rules(
    a: (impl Into<AnyGrammar>, Rule),
    b: (impl Into<AnyGrammar>, Rule),
    n: usize,
) -> Result<Comparison, AbnfError> {
    Ok(compare(rule_dfa(a)?, rule_dfa(b)?, n))
}

/// [`compare_rules`] with the interpretation notes `notes` taken back in each grammar whose files
/// mark them ([`crate::abnf::printed_automaton`]: the grammars as their documents print them); with
/// no such note, the precompiled DFAs.
pub fn compare_rules_as_printed(
    a: (impl Into<AnyGrammar>, Rule),
    b: (impl Into<AnyGrammar>, Rule),
    n: usize,
    notes: &[u32],
) -> Result<Comparison, AbnfError> {
    let (a, b): ((AnyGrammar, Rule), (AnyGrammar, Rule)) = ((a.0.into(), a.1), (b.0.into(), b.1));
    let marked = |g| !crate::abnf::marked_notes(g, notes).is_empty();
    if !marked(a.0) && !marked(b.0) {
        return compare_rules(a, b, n);
    }
    let x = crate::abnf::printed_automaton(a.0, a.1, notes)?;
    let y = crate::abnf::printed_automaton(b.0, b.1, notes)?;
    Ok(compare(&x, &y, n))
}

/// The DFA of a rule of a grammar, or why there is none.
fn rule_dfa((grammar, rule): (impl Into<AnyGrammar>, Rule)) -> Result<&'static Dfa, AbnfError> {
    crate::abnf::dfa(grammar, rule)
}

/// The comparison of one rule of a grammar with its counterpart in another ([`rule_by_rule`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct RuleComparison {
    /// The rule of the first grammar.
    pub a: Rule,
    /// Its counterpart in the second grammar.
    pub b: Rule,
    /// How their languages relate, with up to the asked number of witnesses.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub comparison: Comparison,
}

/// [`compare_rules_as_printed`] for every rule of `a` that has a [`counterpart`] in `b`, in the order
/// of `a`'s rules: where the two grammars' languages part, rule by rule (`notes` empty: the grammars
/// with every interpretation note).
pub fn rule_by_rule(
    a: impl Into<AnyGrammar>,
    b: impl Into<AnyGrammar>,
    n: usize,
    notes: &[u32],
) -> Result<Vec<RuleComparison>, AbnfError> {
    let (a, b) = (a.into(), b.into());
    a.rules()
        .iter()
        .filter_map(|&ra| Some((ra, counterpart(ra, b)?)))
        .map(|(ra, rb)| {
            Ok(RuleComparison {
                a: ra,
                b: rb,
                comparison: compare_rules_as_printed((a, ra), (b, rb), n, notes)?,
            })
        })
        .collect()
}

/// Random strings of one side of a comparison: of `A ∖ B`, `B ∖ A` or `A ∩ B` ([`Sampler::new`]),
/// sampled from the product of the two DFAs, not only the shortest.
pub struct Sampler {
    product: Product,
    /// The fewest characters from each pair to the target (`u32::MAX` for none).
    dist: Vec<u32>,
    /// Whether each pair is in the target.
    target: Vec<bool>,
}

/// Which strings a [`Sampler`] draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// In `A` and not in `B`.
    OnlyA,
    /// In `B` and not in `A`.
    OnlyB,
    /// In both.
    Both,
}

impl Part {
    /// Whether a string that `A` accepts or not (`x`) and `B` accepts or not (`y`) is in the part.
    fn holds(self, (x, y): (bool, bool)) -> bool {
        match self {
            Part::OnlyA => x && !y,
            Part::OnlyB => !x && y,
            Part::Both => x && y,
        }
    }
}

impl Sampler {
    /// The sampler of `part` of the languages of the DFAs `a` and `b`.
    pub fn new(a: &Dfa, b: &Dfa, part: Part) -> Sampler {
        let product = product(a, b);
        let target: Vec<bool> = product.accept.iter().map(|&p| part.holds(p)).collect();
        let dist = product.distances(|p| part.holds(p));
        Sampler {
            product,
            dist,
            target,
        }
    }

    /// [`Sampler::new`] for a rule of each of two grammars, with their precompiled (or built) DFAs.
    pub fn for_rules(
        a: (impl Into<AnyGrammar>, Rule),
        b: (impl Into<AnyGrammar>, Rule),
        part: Part,
    ) -> Result<Sampler, AbnfError> {
        Ok(Sampler::new(rule_dfa(a)?, rule_dfa(b)?, part))
    }

    /// The length in characters of the shortest string, or `None` when there is no string.
    pub fn shortest(&self) -> Option<usize> {
        self.dist
            .first()
            .filter(|&&d| d != u32::MAX)
            .map(|&d| d as usize)
    }

    /// A string of the part, of at most `max_chars` characters (or the shortest length, when that is
    /// more), the same for the same `seed`; `None` when the part is empty. The walk picks an edge
    /// from which the target stays within the budget, each with the same weight, and a character of
    /// its range uniformly, and stops at a string of the part with probability 1/4 at each step (and
    /// when the budget is spent).
    pub fn sample(&self, seed: u64, max_chars: usize) -> Option<String> {
        let mut rng = abnf_automata::Rng::new(seed);
        let mut next = move |n: u64| rng.next_u64() % n.max(1);
        let mut budget = max_chars.max(self.shortest()?);
        let (mut p, mut out) = (0, String::new());
        loop {
            if self.target[p] && (budget == 0 || next(4) == 0) {
                return Some(out);
            }
            let ok: Vec<&Edge> = self.product.edges[p]
                .iter()
                .filter(|e| self.dist[e.to] != u32::MAX && (self.dist[e.to] as usize) < budget)
                .collect();
            // The budget allows a way to the target from every pair the walk reaches.
            let e = ok.get(next(ok.len() as u64) as usize)?;
            let mut c = e.lo + next(u64::from(e.hi - e.lo) + 1) as u32;
            if (0xD800..0xE000).contains(&c) {
                c = e.lo;
            }
            out.push(char::from_u32(c)?);
            (p, budget) = (e.to, budget - 1);
        }
    }
}

/// The rule of `grammar` that corresponds to `rule`: the rule of the same name, or the rule that the
/// IRI grammars name with an `i` prefix (`ihost` for `host`, 3987bis §2.2) or the other way round, or
/// one of the renamed pairs (`IRI-reference` for `URI-reference`, `absolute-IRI` for `absolute-URI`,
/// `irelative-ref` for `relative-ref`, …, as [`Rule::uri_counterpart`] gives them), or one of the
/// names of the historical grammars ([`HISTORICAL_NAMES`]: `absoluteURI` for `absolute-URI`; and the
/// `i` forms of the IRI drafts, `iopaque-part` for RFC 2396's `opaque-part`).
///
/// ```
/// use iri_abnf::compare::counterpart;
/// use iri_abnf::{AnyGrammar, Grammar, Rule};
///
/// assert_eq!(counterpart(Rule::Ihost, Grammar::Uri), Some(Rule::Host));
/// assert_eq!(counterpart(Rule::AbsoluteIri, AnyGrammar::Rfc2396), Some(Rule::AbsoluteURI));
/// assert_eq!(counterpart(Rule::RelativeURI, AnyGrammar::Duerst01), Some(Rule::RelativeIRI));
/// assert_eq!(counterpart(Rule::RelativeIRI, Grammar::Iri), Some(Rule::IrelativeRef));
/// assert_eq!(counterpart(Rule::Iprivate, Grammar::Uri), None);
/// assert_eq!(counterpart(Rule::OpaquePart, AnyGrammar::Duerst01), Some(Rule::IopaquePart));
/// assert_eq!(counterpart(Rule::Iserver, AnyGrammar::Rfc2732), Some(Rule::Server));
/// ```
pub fn counterpart(rule: Rule, grammar: impl Into<AnyGrammar>) -> Option<Rule> {
    let grammar = grammar.into();
    if grammar.has(rule) {
        return Some(rule);
    }
    let uri = uri_name(rule);
    if grammar.has(uri) {
        return Some(uri);
    }
    Rule::ALL
        .into_iter()
        .find(|&r| grammar.has(r) && uri_name(r) == uri)
}

/// The rules of the historical grammars whose RFC 3986 counterpart has another name, with that rule:
/// what RFC 2396 Appendix A calls `absoluteURI` (a URI with a scheme, without fragment) and
/// `relativeURI` (a reference without a scheme) are RFC 3986's `absolute-URI` (§4.3) and
/// `relative-ref` (§4.2); the IRI drafts of 2001 and 2002 name theirs `absoluteIRI` and `relativeIRI`
/// after RFC 2396. The languages differ in more than the names: `relativeURI` has no fragment, which
/// `relative-ref` has (RFC 2396 adds it in `URI-reference`), so `#` separates the two.
pub const HISTORICAL_NAMES: [(Rule, Rule); 4] = [
    (Rule::AbsoluteURI, Rule::AbsoluteUri),
    (Rule::RelativeURI, Rule::RelativeRef),
    (Rule::AbsoluteIRI, Rule::AbsoluteUri),
    (Rule::RelativeIRI, Rule::RelativeRef),
];

/// The rule without its IRI prefix that `rule` corresponds to ([`counterpart`]): the RFC 3986 rule,
/// or, for the rules of the IRI drafts that RFC 3986 does not have, the RFC 2396 rule of the name
/// without the `i` (`iopaque-part` for `opaque-part`, `iserver` for `server`).
fn uri_name(rule: Rule) -> Rule {
    if let Some(&(_, uri)) = HISTORICAL_NAMES.iter().find(|(old, _)| *old == rule) {
        return uri;
    }
    let uri = rule.uri_counterpart();
    if uri != rule {
        return uri;
    }
    rule.name()
        .strip_prefix('i')
        .and_then(Rule::from_name)
        .unwrap_or(rule)
}

/// Which DFA of the pair.
#[derive(Clone, Copy)]
enum Side {
    A,
    B,
}

/// An edge of the product: the characters `lo..=hi` lead to the pair `to`.
#[derive(Clone, Copy, Debug)]
struct Edge {
    lo: u32,
    hi: u32,
    to: usize,
}

/// The product of two DFAs, at character boundaries.
struct Product {
    /// The pairs of states reached, the start first.
    pairs: Vec<(State, State)>,
    /// The edges of each pair, by ascending characters.
    edges: Vec<Vec<Edge>>,
    /// The pairs with an edge to each pair (once per edge).
    reverse: Vec<Vec<usize>>,
    /// Whether each DFA accepts a string that ends at each pair.
    accept: Vec<(bool, bool)>,
    /// Whether each DFA's state of each pair reaches acceptance.
    live: Vec<(bool, bool)>,
}

/// The lead bytes of UTF-8 (RFC 3629 §4): first and last, the number of continuation bytes and the
/// bits of the code point in the lead byte.
const LEADS: [(u8, u8, u32, u32); 4] = [
    (0x00, 0x7F, 0, 0x7F),
    (0xC2, 0xDF, 1, 0x1F),
    (0xE0, 0xEF, 2, 0x0F),
    (0xF0, 0xF4, 3, 0x07),
];

/// The first continuation byte after a lead byte (RFC 3629 §4: narrower after E0, ED, F0 and F4).
fn second(lead: u8) -> (u8, u8) {
    match lead {
        0xE0 => (0xA0, 0xBF),
        0xED => (0x80, 0x9F),
        0xF0 => (0x90, 0xBF),
        0xF4 => (0x80, 0x8F),
        _ => (0x80, 0xBF),
    }
}

/// A pair of states, one of each DFA.
type Pair = (State, State);

/// Code point ranges with the pair they lead to.
type Ranges = Vec<(u32, u32, Pair)>;

/// The suffixes already explored: by pair, number of continuation bytes and range of the first.
type SuffixMemo = HashMap<(Pair, u32, (u8, u8)), Ranges>;

impl Product {
    fn build(a: Language<'_>, b: Language<'_>) -> Product {
        let mut index: HashMap<(State, State), usize> = HashMap::new();
        let mut pairs = vec![(a.start, b.start)];
        index.insert(pairs[0], 0);
        let mut edges = Vec::new();
        let mut memo: SuffixMemo = HashMap::new();
        // The runs of bytes in `lo..=hi` that lead from `pair` to one pair; a lead byte with a narrower
        // second byte (RFC 3629 §4) makes a run of its own.
        let runs = |pair: (State, State), lo: u8, hi: u8| -> Vec<(u8, u8, (State, State))> {
            let narrow = |x: u8| x >= 0xC0 && second(x) != (0x80, 0xBF);
            let mut runs: Vec<(u8, u8, (State, State))> = Vec::new();
            for byte in lo..=hi {
                let next = (a.dfa.next(pair.0, byte), b.dfa.next(pair.1, byte));
                match runs.last_mut() {
                    Some((_, end, to)) if *to == next && !narrow(*end) && !narrow(byte) => {
                        *end = byte
                    }
                    _ => runs.push((byte, byte, next)),
                }
            }
            runs
        };
        let mut k = 0;
        while let Some(&(sa, sb)) = pairs.get(k) {
            let mut ranges: Ranges = Vec::new();
            for (lo, hi, rem, mask) in LEADS {
                for (first, last, next) in runs((sa, sb), lo, hi) {
                    if a.dfa.is_dead(next.0) && b.dfa.is_dead(next.1) {
                        continue;
                    }
                    if rem == 0 {
                        ranges.push((u32::from(first), u32::from(last), next));
                        continue;
                    }
                    let suffixes = Self::suffixes(a, b, next, rem, second(first), &mut memo, &runs);
                    for lead in first..=last {
                        let high = (u32::from(lead) & mask) << (6 * rem);
                        for &(slo, shi, to) in &suffixes {
                            ranges.push((high | slo, high | shi, to));
                        }
                    }
                }
            }
            ranges.sort_by_key(|r| r.0);
            let mut out: Vec<Edge> = Vec::with_capacity(ranges.len());
            for (lo, hi, pair) in ranges {
                let to = *index.entry(pair).or_insert_with(|| {
                    pairs.push(pair);
                    pairs.len() - 1
                });
                match out.last_mut() {
                    Some(e) if e.to == to && e.hi + 1 == lo => e.hi = hi,
                    _ => out.push(Edge { lo, hi, to }),
                }
            }
            edges.push(out);
            k += 1;
        }
        let accept: Vec<(bool, bool)> = pairs
            .iter()
            .map(|&(x, y)| (a.dfa.accepts_end(x), b.dfa.accepts_end(y)))
            .collect();
        let mut reverse: Vec<Vec<usize>> = vec![Vec::new(); pairs.len()];
        for (from, out) in edges.iter().enumerate() {
            for e in out {
                reverse[e.to].push(from);
            }
        }
        let mut product = Product {
            pairs,
            edges,
            reverse,
            accept,
            live: Vec::new(),
        };
        let live_a = product.distances(|(x, _)| x);
        let live_b = product.distances(|(_, y)| y);
        product.live = live_a
            .iter()
            .zip(&live_b)
            .map(|(&x, &y)| (x != u32::MAX, y != u32::MAX))
            .collect();
        product
    }

    /// The values of the `rem` continuation bytes (6 bits each, the first in `first`) that lead from
    /// `pair`, with the pair they lead to, as ranges.
    fn suffixes(
        a: Language<'_>,
        b: Language<'_>,
        pair: (State, State),
        rem: u32,
        first: (u8, u8),
        memo: &mut SuffixMemo,
        runs: &impl Fn((State, State), u8, u8) -> Vec<(u8, u8, (State, State))>,
    ) -> Ranges {
        if let Some(known) = memo.get(&(pair, rem, first)) {
            return known.clone();
        }
        let mut out: Ranges = Vec::new();
        for (c1, c2, next) in runs(pair, first.0, first.1) {
            if a.dfa.is_dead(next.0) && b.dfa.is_dead(next.1) {
                continue;
            }
            if rem == 1 {
                out.push((u32::from(c1 & 0x3F), u32::from(c2 & 0x3F), next));
                continue;
            }
            let sub = Self::suffixes(a, b, next, rem - 1, (0x80, 0xBF), memo, runs);
            for c in c1..=c2 {
                let high = u32::from(c & 0x3F) << (6 * (rem - 1));
                for &(slo, shi, to) in &sub {
                    match out.last_mut() {
                        Some(last) if last.2 == to && last.1 + 1 == high | slo => {
                            last.1 = high | shi
                        }
                        _ => out.push((high | slo, high | shi, to)),
                    }
                }
            }
        }
        memo.insert((pair, rem, first), out.clone());
        out
    }

    /// For each pair, the fewest characters that lead from it to a pair where `target` holds of the
    /// acceptances (`u32::MAX` for none).
    fn distances(&self, target: impl Fn((bool, bool)) -> bool) -> Vec<u32> {
        let mut dist = vec![u32::MAX; self.pairs.len()];
        let mut queue = VecDeque::new();
        for (p, &acc) in self.accept.iter().enumerate() {
            if target(acc) {
                dist[p] = 0;
                queue.push_back(p);
            }
        }
        while let Some(p) = queue.pop_front() {
            for &q in &self.reverse[p] {
                if dist[q] == u32::MAX {
                    dist[q] = dist[p] + 1;
                    queue.push_back(q);
                }
            }
        }
        dist
    }

    /// The first string in shortlex order that leads to a pair where `target` holds.
    fn shortest(&self, target: impl Fn((bool, bool)) -> bool) -> Option<Vec<u32>> {
        let dist = self.distances(target);
        let mut p = 0;
        let mut d = *dist.first()?;
        if d == u32::MAX {
            return None;
        }
        let mut out = Vec::new();
        while d > 0 {
            let e = self.edges[p].iter().find(|e| dist[e.to] == d - 1)?;
            out.push(e.lo);
            (p, d) = (e.to, d - 1);
        }
        Some(out)
    }

    /// The pair after `c` from `p`, if some edge has it.
    fn step(&self, p: usize, c: u32) -> Option<usize> {
        let edges = &self.edges[p];
        let i = edges.partition_point(|e| e.hi < c);
        edges.get(i).filter(|e| e.lo <= c).map(|e| e.to)
    }

    /// Up to `n` witnesses of the difference where `target` holds of the acceptances, in shortlex
    /// order (see the module documentation); `other` is the side that rejects them.
    fn witnesses(
        &self,
        n: usize,
        target: impl Fn((bool, bool)) -> bool + Copy,
        other: Side,
    ) -> Vec<Witness> {
        let dist = self.distances(target);
        let shortest = match dist.first() {
            Some(&d) if d != u32::MAX && n > 0 => d as usize,
            _ => return Vec::new(),
        };
        // exact[k][p]: some string of exactly k characters leads from p to the target.
        let mut exact: Vec<Vec<bool>> = vec![self.accept.iter().map(|&a| target(a)).collect()];
        let mut out = Vec::new();
        let mut length = shortest;
        let mut lower: Vec<u32> = Vec::new();
        while out.len() < n && length <= shortest + LONGER {
            while exact.len() <= length {
                let prev = &exact[exact.len() - 1];
                let next = self
                    .edges
                    .iter()
                    .map(|edges| edges.iter().any(|e| prev[e.to]))
                    .collect();
                exact.push(next);
            }
            let mut found = Vec::new();
            if !self.at_least(0, 0, length, &lower, true, &exact, &mut found) {
                length += 1;
                lower.clear();
                continue;
            }
            let witness = self.describe(&found, target, other);
            out.push(witness);
            let Some(end) = found.len().checked_sub(1) else {
                // The empty string: the only one of its length.
                length += 1;
                lower.clear();
                continue;
            };
            let witness = &out[out.len() - 1];
            // Skip the strings that only put another character of the range at its position.
            let column = witness.column.min(end);
            let last = match witness.range {
                Some((_, hi)) => u32::from(hi),
                None => found[column],
            };
            lower = found[..column].to_vec();
            lower.push(last);
            if !increment(&mut lower) {
                length += 1;
                lower.clear();
            }
        }
        out
    }

    /// Appends to `out` the first string of exactly `length - i` characters from pair `p`, not before
    /// `lower[i..]` while `tight`, that leads to the target (`exact`); whether there is one.
    #[allow(clippy::too_many_arguments)]
    fn at_least(
        &self,
        p: usize,
        i: usize,
        length: usize,
        lower: &[u32],
        tight: bool,
        exact: &[Vec<bool>],
        out: &mut Vec<u32>,
    ) -> bool {
        if i == length {
            return exact[0][p];
        }
        let need = length - i - 1;
        let bound = lower.get(i).copied().filter(|_| tight);
        if let Some(c) = bound {
            if let Some(q) = self.step(p, c).filter(|&q| exact[need][q]) {
                out.push(c);
                if self.at_least(q, i + 1, length, lower, true, exact, out) {
                    return true;
                }
                out.pop();
            }
        }
        let from = bound.map_or(0, |c| c + 1);
        for e in &self.edges[p] {
            if e.hi < from || !exact[need][e.to] {
                continue;
            }
            out.push(e.lo.max(from));
            // Not tight any more: the first string of the rest, which `exact` says exists.
            let done = self.at_least(e.to, i + 1, length, lower, false, exact, out);
            debug_assert!(done);
            return done;
        }
        false
    }

    /// The witness `text` (code points) of the difference where `target` holds, whose deciding
    /// character is where the `other` side stops being live.
    fn describe(
        &self,
        text: &[u32],
        target: impl Fn((bool, bool)) -> bool,
        other: Side,
    ) -> Witness {
        let live = |p: usize| match other {
            Side::A => self.live[p].0,
            Side::B => self.live[p].1,
        };
        let mut path = vec![0];
        for &c in text {
            let p = *path.last().unwrap_or(&0);
            path.push(self.step(p, c).unwrap_or(0));
        }
        let s: String = text.iter().filter_map(|&c| char::from_u32(c)).collect();
        let column = (1..path.len())
            .find(|&i| !live(path[i]))
            .map_or(text.len(), |i| i - 1);
        let offset = s
            .char_indices()
            .nth(column)
            .map_or(s.len(), |(offset, _)| offset);
        let mut range = None;
        if column < text.len() {
            // The characters at `column` after which the rest of the witness still reaches the target.
            let rest = &text[column + 1..];
            let reaches = |mut q: usize| {
                for &c in rest {
                    match self.step(q, c) {
                        Some(next) => q = next,
                        None => return false,
                    }
                }
                target(self.accept[q])
            };
            let mut good: Vec<(u32, u32)> = Vec::new();
            let mut known: HashMap<usize, bool> = HashMap::new();
            for e in &self.edges[path[column]] {
                if *known.entry(e.to).or_insert_with(|| reaches(e.to)) {
                    match good.last_mut() {
                        Some(last)
                            if last.1 + 1 == e.lo || (last.1 == 0xD7FF && e.lo == 0xE000) =>
                        {
                            last.1 = e.hi
                        }
                        _ => good.push((e.lo, e.hi)),
                    }
                }
            }
            let c = text[column];
            range = good
                .into_iter()
                .find(|&(lo, hi)| lo <= c && c <= hi)
                .and_then(|(lo, hi)| Some((char::from_u32(lo)?, char::from_u32(hi)?)));
        }
        Witness {
            text: s,
            offset,
            column,
            range,
        }
    }
}

/// The next sequence of code points of the same length after `s` in lexicographic order, skipping the
/// surrogates; `false` if `s` is the last one.
fn increment(s: &mut Vec<u32>) -> bool {
    while let Some(c) = s.pop() {
        let next = match c {
            0xD7FF => Some(0xE000),
            0x10FFFF => None,
            c => Some(c + 1),
        };
        if let Some(next) = next {
            s.push(next);
            return true;
        }
    }
    false
}

/// The components of `input` as the reference rule of `grammar` splits it ([`crate::parse`]), as a
/// text that compares equal for equal splits: every span, the host kind, the path kind and the
/// reference kind; `None` when the grammar rejects the input. `iri compare` and the viewer compare the
/// split of the grammars that accept an input with it (`split_differs`).
pub fn split_signature(grammar: crate::grammar::Grammar, input: &str) -> Option<String> {
    let r = crate::parsing::split::parse(grammar, input).ok()?;
    let span = |c: Option<crate::parsing::components::Component<'_>>| {
        c.map(|c| (c.span().start, c.span().end))
    };
    let authority = r.authority().map(|a| {
        format!(
            "{:?} {:?} {:?} {:?}",
            span(Some(a.as_component())),
            span(a.userinfo()),
            (a.host().span().start, a.host().span().end, a.host().kind()),
            a.port().map(|p| (p.span().start, p.span().end)),
        )
    });
    let path = r.path();
    Some(format!(
        "{:?} {authority:?} {:?} {:?} {:?} {:?}",
        span(r.scheme()),
        (path.span().start, path.span().end, path.kind()),
        span(r.query()),
        span(r.fragment()),
        r.kind(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::Grammar;
    use crate::is_valid;

    fn reference(g: Grammar) -> (Grammar, Rule) {
        (g, g.reference_rule())
    }

    /// Every witness is in one language and not in the other, decides where the other's error is, and
    /// any character of its range keeps it a witness.
    fn check(a: (Grammar, Rule), b: (Grammar, Rule), c: &Comparison) {
        for (w, (yes, no)) in c
            .only_a
            .iter()
            .map(|w| (w, (a, b)))
            .chain(c.only_b.iter().map(|w| (w, (b, a))))
        {
            assert!(is_valid(yes.0, yes.1, &w.text), "{w:?} not in {yes:?}");
            assert!(!is_valid(no.0, no.1, &w.text), "{w:?} in {no:?}");
            let failure = crate::abnf::dfa(no.0, no.1)
                .unwrap()
                .check(&w.text)
                .unwrap_err();
            assert_eq!(failure.offset, w.offset, "{w:?}");
            assert_eq!(w.text[..w.offset].chars().count(), w.column);
            if let Some((lo, hi)) = w.range {
                for c in [lo, hi] {
                    let mut t = w.text.clone();
                    let ch = t[w.offset..].chars().next().unwrap();
                    t.replace_range(
                        w.offset..w.offset + ch.len_utf8(),
                        c.encode_utf8(&mut [0; 4]),
                    );
                    assert!(
                        is_valid(yes.0, yes.1, &t) && !is_valid(no.0, no.1, &t),
                        "{t:?}"
                    );
                }
            }
        }
        if let Some(s) = &c.common {
            assert!(is_valid(a.0, a.1, s) && is_valid(b.0, b.1, s));
        }
    }

    #[test]
    fn a_grammar_equals_itself() {
        for g in Grammar::ALL {
            let c = compare_rules(reference(g), reference(g), 3).unwrap();
            assert_eq!(c.relation, Relation::Equal, "{g}");
            assert!(c.only_a.is_empty() && c.only_b.is_empty());
            assert_eq!(c.common.as_deref(), Some(""));
        }
    }

    #[test]
    fn the_chain_of_grammars() {
        let chain = [Grammar::Uri, Grammar::Rfc3987, Grammar::Iri, Grammar::Leiri];
        for (i, &a) in chain.iter().enumerate() {
            for &b in &chain[i + 1..] {
                let c = compare_rules(reference(a), reference(b), 3).unwrap();
                check(reference(a), reference(b), &c);
                assert_eq!(c.relation, Relation::ProperSubset, "{a} {b}");
                assert_eq!(c.only_b.len(), 3, "{a} {b}");
                // Shortlex order, and different strings.
                for pair in c.only_b.windows(2) {
                    let key = |w: &Witness| (w.text.chars().count(), w.text.clone());
                    assert!(key(&pair[0]) < key(&pair[1]), "{pair:?}");
                }
            }
        }
    }

    #[test]
    fn shortest_witnesses_of_known_differences() {
        // The first character of `ucschar` (RFC 3987 §2.2) is a relative reference on its own.
        let c = compare_rules(reference(Grammar::Uri), reference(Grammar::Rfc3987), 1).unwrap();
        let w = &c.only_b[0];
        assert_eq!(w.text, "\u{A0}");
        assert_eq!((w.offset, w.column), (0, 0));
        assert_eq!(w.range, Some(('\u{A0}', '\u{D7FF}')));
        // LEIRI adds characters of one code point that 3987bis does not allow: the first is a control.
        let c = compare_rules(reference(Grammar::Iri), reference(Grammar::Leiri), 1).unwrap();
        assert_eq!(c.only_b[0].text, "\u{0}");
        check(reference(Grammar::Iri), reference(Grammar::Leiri), &c);
    }

    #[test]
    fn rules_compare_across_grammars() {
        for (a, b, relation) in [
            (Rule::Host, Rule::Ihost, Relation::ProperSubset),
            (Rule::Scheme, Rule::Scheme, Relation::Equal),
            (Rule::Ipv6address, Rule::Ipv6address, Relation::Equal),
            (Rule::Port, Rule::Scheme, Relation::Disjoint),
        ] {
            let (a, b) = ((Grammar::Uri, a), (Grammar::Iri, b));
            let c = compare_rules(a, b, 2).unwrap();
            check(a, b, &c);
            assert_eq!(c.relation, relation, "{a:?} {b:?}");
        }
        let (a, b) = ((Grammar::Uri, Rule::Segment), (Grammar::Uri, Rule::RegName));
        let c = compare_rules(a, b, 2).unwrap();
        check(a, b, &c);
        assert_eq!(c.relation, Relation::ProperSuperset);
        // ":" and "@" are `pchar` and not `reg-name`.
        assert_eq!(c.only_a[0].text, ":");
        assert_eq!(c.only_a[1].text, "@");
    }

    #[test]
    fn rule_by_rule_names_where_the_grammars_part() {
        let rules = rule_by_rule(Grammar::Rfc3987, Grammar::Iri, 1, &[]).unwrap();
        let parting: Vec<(Rule, Relation)> = rules
            .iter()
            .filter(|r| r.comparison.relation != Relation::Equal)
            .map(|r| (r.a, r.comparison.relation))
            .collect();
        for r in &rules {
            check((Grammar::Rfc3987, r.a), (Grammar::Iri, r.b), &r.comparison);
        }
        // 3987bis adds U+E0000-E0FFF to `iprivate`, which only a query has.
        assert!(
            parting.contains(&(Rule::Iprivate, Relation::ProperSubset)),
            "{parting:?}"
        );
        assert!(
            parting.contains(&(Rule::Iquery, Relation::ProperSubset)),
            "{parting:?}"
        );
        assert!(
            !parting.iter().any(|&(r, _)| r == Rule::Ifragment),
            "{parting:?}"
        );
        assert!(rules.len() > 30);
    }

    #[test]
    fn samples_are_in_their_part() {
        let (a, b) = (reference(Grammar::Rfc3987), reference(Grammar::Iri));
        let (da, db) = (
            crate::abnf::dfa(a.0, a.1).unwrap(),
            crate::abnf::dfa(b.0, b.1).unwrap(),
        );
        let only_b = Sampler::new(da, db, Part::OnlyB);
        assert_eq!(only_b.shortest(), Some(2));
        let mut distinct = std::collections::HashSet::new();
        for seed in 0..500 {
            let s = only_b.sample(seed, 30).unwrap();
            assert!(s.chars().count() <= 30, "{s:?}");
            assert!(!is_valid(a.0, a.1, &s) && is_valid(b.0, b.1, &s), "{s:?}");
            assert_eq!(only_b.sample(seed, 30).as_deref(), Some(s.as_str()));
            distinct.insert(s);
        }
        assert!(distinct.len() > 400, "{}", distinct.len());
        let both = Sampler::new(da, db, Part::Both);
        for seed in 0..200 {
            let s = both.sample(seed, 30).unwrap();
            assert!(is_valid(a.0, a.1, &s) && is_valid(b.0, b.1, &s), "{s:?}");
        }
        assert_eq!(Sampler::new(da, db, Part::OnlyA).sample(1, 30), None);
    }

    /// 3987bis as printed (without note 1) does not contain RFC 3986: the erratum, with its shortest
    /// witness, a percent-encoded octet in a host.
    #[test]
    fn printed_3987bis_does_not_contain_uri() {
        let sources = crate::abnf::as_printed(Grammar::Iri.abnf_sources(), &[1]).unwrap();
        let sources: Vec<(&str, &str)> = sources.iter().map(|(f, t)| (*f, t.as_str())).collect();
        let printed = crate::abnf::AbnfRules::parse(&sources)
            .unwrap()
            .compile("IRI-reference")
            .unwrap();
        let uri = crate::abnf::dfa(Grammar::Uri, Rule::UriReference).unwrap();
        let c = compare(uri, &printed, 2);
        assert_eq!(c.relation, Relation::Overlapping);
        let w = &c.only_a[0];
        assert_eq!(w.text, "//%00");
        // The printed grammar could still read "%00" as a userinfo ("//%00@h"): it rejects at the end.
        assert_eq!((w.offset, w.column), (5, 5));
        assert_eq!(w.range, None);
        assert!(is_valid(Grammar::Uri, Rule::UriReference, &w.text));
        assert!(
            is_valid(Grammar::Iri, Rule::IriReference, &w.text),
            "note 1"
        );
        assert!(!printed.is_match(&w.text));
        // What 3987bis adds to RFC 3986 is still there.
        assert_eq!(c.only_b[0].text, "\u{A0}");
        // Only the marked rule changes; a note that marks no rule is an error.
        let n = |t: &str| t.lines().count();
        let original = Grammar::Iri.abnf_sources();
        assert_eq!(n(sources[1].1), n(original[1].1) - 1);
        assert!(crate::abnf::as_printed(Grammar::Uri.abnf_sources(), &[1]).is_err());
        assert!(crate::abnf::as_printed(Grammar::Iri.abnf_sources(), &[999]).is_err());
    }

    #[test]
    fn counterparts() {
        assert_eq!(
            counterpart(Rule::UriReference, Grammar::Iri),
            Some(Rule::IriReference)
        );
        assert_eq!(
            counterpart(Rule::IriReference, Grammar::Uri),
            Some(Rule::UriReference)
        );
        assert_eq!(counterpart(Rule::Ihost, Grammar::Uri), Some(Rule::Host));
        assert_eq!(counterpart(Rule::Host, Grammar::Leiri), Some(Rule::Ihost));
        assert_eq!(
            counterpart(Rule::Scheme, Grammar::Rfc3987),
            Some(Rule::Scheme)
        );
        assert_eq!(counterpart(Rule::Iprivate, Grammar::Uri), None);
    }

    #[test]
    fn increments_skip_the_surrogates() {
        let mut s = vec![0x41, 0xD7FF];
        assert!(increment(&mut s));
        assert_eq!(s, [0x41, 0xE000]);
        let mut s = vec![0x41, 0x10FFFF];
        assert!(increment(&mut s));
        assert_eq!(s, [0x42]);
        let mut s = vec![0x10FFFF];
        assert!(!increment(&mut s));
    }
}
