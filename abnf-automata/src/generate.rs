//! Random strings of a rule's language, and random mutations of strings, for testing parsers against the
//! ABNF.
//!
//! [`Generator`] walks a rule's AST ([`Node`]) with a small deterministic pseudo-random generator
//! (splitmix64), so that one seed always gives the same string. Every string it produces is in the
//! language of the rule (RFC 5234 §3 semantics, the same as [`crate::Dfa`]); its choices are
//! spread so that many seeds reach:
//!
//! - every alternative (RFC 5234 §3.2) whose shortest string fits in the length budget, each with the
//!   same weight;
//! - both ends of every numeric range (§3.4), the code points next to them, and code points throughout
//!   the range, including the supplementary planes and the tag range U+E0000-E0FFF of the 3987bis
//!   `iprivate`;
//! - the bounds of every repetition (§3.6, §3.7): the minimum, the minimum + 1, the maximum and the
//!   maximum - 1 where the budget allows, and counts in between; an unbounded repetition is given a
//!   maximum of its minimum + 24;
//! - both cases of the letters of case-insensitive quoted strings (§2.3).
//!
//! [`mutate`] makes small random edits with characters that sit at the edges of many grammars
//! (delimiters, white space, controls, noncharacters, broken escapes), to produce strings near the
//! language (inside or outside of it).

use std::collections::HashMap;

use crate::compile::{char_ranges, dependency_order};
use crate::rules::{AbnfError, AbnfRules, Node};

/// Extra occurrences an unbounded repetition may get beyond its minimum.
const UNBOUNDED_SPAN: usize = 24;
/// Longest "shortest string" of a start rule that the generator accepts to produce.
const MAX_SHORTEST: usize = 1 << 16;

/// splitmix64: a tiny, fast, deterministic pseudo-random generator.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// The generator with `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Where the generator's choices come from: [`Rng`] for seeded campaigns, the fuzzer's bytes for the
/// `arbitrary` feature. Every choice of the walk and of [`mutate`] is one call, so the same walk serves
/// both.
pub trait Choices {
    /// A number in `0..n`; 0 if `n` is 0.
    fn below(&mut self, n: usize) -> usize;

    /// A number in `0..=n`, saturating for `n == usize::MAX`.
    fn up_to(&mut self, n: usize) -> usize {
        self.below(n.saturating_add(1))
    }
}

impl Choices for Rng {
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }
}

/// Random strings of one rule's language.
#[derive(Clone, Debug)]
pub struct Generator<'r> {
    rules: &'r AbnfRules,
    start: &'r Node,
    /// Length in code points of the shortest string of each rule the start rule uses, by index.
    shortest: HashMap<usize, usize>,
}

impl<'r> Generator<'r> {
    /// A generator for the rule `rule` of `rules`, a name in any case.
    ///
    /// Fails if the rule or a rule it uses is undefined, if they are recursive, or if the shortest string
    /// of the rule is longer than 65536 code points.
    pub fn new(rules: &'r AbnfRules, rule: impl AsRef<str>) -> Result<Generator<'r>, AbnfError> {
        let rule = rule.as_ref();
        let order = dependency_order(rules, rule)?;
        let mut generator = Generator {
            rules,
            start: &rules.defs[order.last().copied().unwrap_or(0)].node,
            shortest: HashMap::new(),
        };
        for i in order {
            let n = generator.min_len(&rules.defs[i].node);
            generator.shortest.insert(i, n);
        }
        let shortest = generator.min_len(generator.start);
        if shortest > MAX_SHORTEST {
            return Err(AbnfError::Limit {
                rule: rule.to_string(),
                message: format!("its shortest string is longer than {MAX_SHORTEST} characters"),
            });
        }
        Ok(generator)
    }

    /// A string of the rule's language, the same for the same `seed`.
    ///
    /// It has at most `max_len` code points, unless the rule has no string that short: then it is one
    /// of the rule's shortest strings.
    pub fn generate(&self, seed: u64, max_len: usize) -> String {
        self.generate_with(&mut Rng::new(seed), max_len)
    }

    /// A string of the rule's language, with every choice of the walk taken from `choices`.
    pub fn generate_with(&self, choices: &mut impl Choices, max_len: usize) -> String {
        let mut out = String::new();
        self.walk(self.start, max_len, choices, &mut out);
        out
    }

    /// Length in code points of the shortest string of `node` (`usize::MAX` if it has none).
    fn min_len(&self, node: &Node) -> usize {
        match node {
            Node::Alternation(items) => items
                .iter()
                .map(|n| self.min_len(n))
                .min()
                .unwrap_or(usize::MAX),
            Node::Concatenation(items) => items
                .iter()
                .fold(0usize, |acc, n| acc.saturating_add(self.min_len(n))),
            Node::Repetition { min, max, node } => {
                if *max == Some(0) || *min == 0 {
                    0
                } else {
                    self.min_len(node).saturating_mul(*min as usize)
                }
            }
            Node::Rule(name) => self
                .rules
                .index
                .get(&crate::rules::key(name))
                .and_then(|i| self.shortest.get(i))
                .copied()
                .unwrap_or(usize::MAX),
            Node::Range { first, last } => {
                if char_ranges(*first, *last).is_empty() {
                    usize::MAX
                } else {
                    1
                }
            }
            Node::String { text, .. } => text.chars().count(),
        }
    }

    /// Appends a string of `node` of at most `budget` code points (or a shortest one, if `budget` is
    /// below the shortest length) to `out`; returns its length in code points.
    fn walk<C: Choices>(&self, node: &Node, budget: usize, rng: &mut C, out: &mut String) -> usize {
        match node {
            Node::Range { first, last } => match pick_char(rng, *first, *last) {
                Some(c) => {
                    out.push(c);
                    1
                }
                None => 0,
            },
            Node::String {
                text,
                case_sensitive,
            } => {
                for c in text.chars() {
                    let c = if !case_sensitive && c.is_ascii_alphabetic() && rng.below(2) == 0 {
                        if c.is_ascii_lowercase() {
                            c.to_ascii_uppercase()
                        } else {
                            c.to_ascii_lowercase()
                        }
                    } else {
                        c
                    };
                    out.push(c);
                }
                text.chars().count()
            }
            Node::Rule(name) => match self.rules.rule(name) {
                Some(node) => self.walk(node, budget, rng, out),
                None => 0,
            },
            Node::Alternation(items) => {
                let fitting: Vec<&Node> =
                    items.iter().filter(|n| self.min_len(n) <= budget).collect();
                let pick = if fitting.is_empty() {
                    items.iter().min_by_key(|n| self.min_len(n))
                } else {
                    fitting.get(rng.below(fitting.len())).copied()
                };
                match pick {
                    Some(node) => self.walk(node, budget, rng, out),
                    None => 0,
                }
            }
            Node::Concatenation(items) => {
                let mins: Vec<usize> = items.iter().map(|n| self.min_len(n)).collect();
                let total = mins.iter().fold(0usize, |a, &m| a.saturating_add(m));
                self.walk_sequence(
                    items.iter().zip(mins),
                    budget.saturating_sub(total),
                    rng,
                    out,
                )
            }
            Node::Repetition { min, max, node } => {
                if *max == Some(0) {
                    return 0;
                }
                let m = self.min_len(node);
                let min = *min as usize;
                let wish = match max {
                    Some(max) => *max as usize,
                    None => min.saturating_add(UNBOUNDED_SPAN),
                };
                let fits = budget.checked_div(m).unwrap_or(usize::MAX);
                let upper = wish.min(fits).max(min);
                let n = match rng.below(100) {
                    0..=19 => min,
                    20..=29 => min.saturating_add(1),
                    30..=39 => upper,
                    40..=49 => upper.saturating_sub(1),
                    _ => min + rng.up_to(upper - min),
                }
                .clamp(min, upper);
                // When the repeated element can be empty, only `budget` occurrences can add anything:
                // the others are left empty (that is, out), however large the count.
                let n = if m == 0 {
                    n.min(budget.saturating_add(UNBOUNDED_SPAN))
                } else {
                    n
                };
                let total = m.saturating_mul(n);
                let items = std::iter::repeat_n((node.as_ref(), m), n);
                self.walk_sequence(items, budget.saturating_sub(total), rng, out)
            }
        }
    }

    /// Walks `items` (each with its shortest length) one after the other, sharing `slack` code points
    /// beyond their shortest lengths between them.
    fn walk_sequence<'n, C: Choices>(
        &self,
        items: impl Iterator<Item = (&'n Node, usize)>,
        mut slack: usize,
        rng: &mut C,
        out: &mut String,
    ) -> usize {
        let mut used = 0usize;
        for (node, m) in items {
            let extra = rng.up_to(slack);
            let produced = self.walk(node, m.saturating_add(extra), rng, out);
            slack = slack.saturating_sub(produced.saturating_sub(m));
            used = used.saturating_add(produced);
        }
        used
    }
}

/// A code point of `first..=last` (surrogates left out): often an end of the range or next to one.
fn pick_char(rng: &mut impl Choices, first: u32, last: u32) -> Option<char> {
    let ranges = char_ranges(first, last);
    let (lo, hi) = (ranges.first()?.0 as u32, ranges.last()?.1 as u32);
    let size = |&(a, b): &(char, char)| (b as u32 - a as u32) as usize + 1;
    let v = match rng.below(100) {
        0..=14 => lo,
        15..=29 => hi,
        30..=34 => lo.saturating_add(1).min(hi),
        35..=39 => hi.saturating_sub(1).max(lo),
        _ => {
            let mut index = rng.below(ranges.iter().map(size).sum());
            let mut value = lo;
            for r in &ranges {
                if index < size(r) {
                    value = r.0 as u32 + index as u32;
                    break;
                }
                index -= size(r);
            }
            value
        }
    };
    // lo + 1 or hi - 1 may fall into the surrogate gap of a split range.
    char::from_u32(v).or(char::from_u32(lo))
}

/// The seed of the `i`-th string of a campaign with seed `seed`: well spread, so that neighbouring
/// strings of a campaign, and campaigns with neighbouring seeds, do not share their choices.
///
/// ```
/// use abnf_automata::nth_seed;
///
/// assert_eq!(nth_seed(7, 3), nth_seed(7, 3));
/// assert_ne!(nth_seed(7, 3), nth_seed(7, 4));
/// assert_ne!(nth_seed(7, 3), nth_seed(8, 3));
/// ```
pub fn nth_seed(seed: u64, i: u64) -> u64 {
    Rng::new(seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15)).next_u64()
}

/// A string of the rule `rule` of `rules`, of at most `max_len` code points where the rule allows,
/// the same for the same `seed`. See [`Generator`].
pub fn generate(
    rules: &AbnfRules,
    rule: &str,
    seed: u64,
    max_len: usize,
) -> Result<String, AbnfError> {
    Ok(Generator::new(rules, rule)?.generate(seed, max_len))
}

/// Characters at the edges of grammars of text: ASCII delimiters and the percent sign, white space
/// and controls, bidi marks, the neighbours of the surrogates, private use, noncharacters and tags
/// (gathered from the URI and IRI grammars, whose edges these are).
const INTERESTING: &[char] = &[
    // Delimiters (RFC 3986 §2.2) and the percent sign.
    ':',
    '/',
    '?',
    '#',
    '[',
    ']',
    '@',
    '%',
    '!',
    '$',
    '&',
    '\'',
    '(',
    ')',
    '*',
    '+',
    ',',
    ';',
    '=',
    '.',
    '-',
    '_',
    '~',
    'v',
    'V',
    'f',
    'G',
    '0',
    '9',
    // Space and the ASCII characters that only `leiri-ucschar` allows (3987bis §5.1).
    ' ',
    '<',
    '>',
    '"',
    '{',
    '}',
    '|',
    '\\',
    '^',
    '`',
    // Controls.
    '\0',
    '\t',
    '\n',
    '\r',
    '\u{1F}',
    '\u{7F}',
    '\u{80}',
    '\u{9F}',
    // First ucschar, bidi marks and embeddings (3987bis §4.1).
    '\u{A0}',
    '\u{200E}',
    '\u{200F}',
    '\u{202A}',
    '\u{202B}',
    '\u{202C}',
    '\u{202D}',
    '\u{202E}',
    // Around the surrogates, private use (iprivate) and the ucschar gaps.
    '\u{D7FF}',
    '\u{E000}',
    '\u{F8FF}',
    '\u{F900}',
    '\u{FDCF}',
    '\u{FDF0}',
    '\u{FFEF}',
    '\u{F0000}',
    '\u{FFFFD}',
    '\u{100000}',
    '\u{10FFFD}',
    '\u{10FFFF}',
    // Tags: the 3987bis iprivate range U+E0000-E0FFF, and the first ucschar after it.
    '\u{E0000}',
    '\u{E0FFF}',
    '\u{E1000}',
    // Noncharacters.
    '\u{FDD0}',
    '\u{FFFE}',
    '\u{FFFF}',
    '\u{1FFFE}',
    '\u{1FFFF}',
    '\u{10000}',
];

/// Broken and unusual percent-encodings.
const PERCENT_FORMS: &[&str] = &[
    "%", "%G", "%g0", "%0G", "%2", "%%", "% 2", "%2f", "%2F", "%C3%A9", "%ZZ", "%\u{E9}", "%-1",
    "%00",
];

/// `input` with one to three random edits: an inserted, deleted or replaced character, a duplicated
/// substring, a broken percent-encoding, or a letter of the other case. The same `seed` and `input`
/// always give the same result.
pub fn mutate(seed: u64, input: &str) -> String {
    let mut rng = Rng::new(seed ^ 0x6D75_7461_7465);
    let mut chars: Vec<char> = input.chars().collect();
    for _ in 0..1 + rng.below(3) {
        edit(&mut rng, &mut chars);
    }
    chars.into_iter().collect()
}

/// One edit of [`mutate`], chosen by `rng`: an inserted, deleted or replaced character, a duplicated
/// substring, a broken percent-encoding, or a letter of the other case.
pub fn edit(rng: &mut impl Choices, chars: &mut Vec<char>) {
    fn interesting(rng: &mut impl Choices) -> char {
        INTERESTING[rng.below(INTERESTING.len())]
    }
    let len = chars.len();
    match rng.below(7) {
        0 | 1 => {
            let c = interesting(rng);
            chars.insert(rng.up_to(len), c);
        }
        2 if len > 0 => {
            chars.remove(rng.below(len));
        }
        3 if len > 0 => {
            let at = rng.below(len);
            chars[at] = interesting(rng);
        }
        4 if len > 0 => {
            let from = rng.below(len);
            let to = from + 1 + rng.below((len - from).min(8));
            let copy: Vec<char> = chars[from..to].to_vec();
            let at = rng.up_to(len);
            chars.splice(at..at, copy);
        }
        5 => {
            let form = PERCENT_FORMS[rng.below(PERCENT_FORMS.len())];
            let at = rng.up_to(len);
            chars.splice(at..at, form.chars());
        }
        _ => {
            let letters: Vec<usize> = (0..len)
                .filter(|&i| chars[i].is_ascii_alphabetic())
                .collect();
            if let Some(&i) = letters.get(rng.below(letters.len())) {
                let c = chars[i];
                chars[i] = if c.is_ascii_lowercase() {
                    c.to_ascii_uppercase()
                } else {
                    c.to_ascii_lowercase()
                };
            } else {
                let c = interesting(rng);
                chars.insert(rng.up_to(len), c);
            }
        }
    }
}

/// The string of one case of a campaign: generated from the generator's rule, and mutated ([`mutate`])
/// for odd seeds,
/// so that a campaign sees valid strings and near misses in equal parts.
pub fn case_input(generator: &Generator<'_>, case_seed: u64, max_len: usize) -> String {
    let s = generator.generate(case_seed, max_len);
    if case_seed & 1 == 1 {
        mutate(case_seed, &s)
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn rules(text: &str) -> AbnfRules {
        AbnfRules::parse(&[("t.abnf", text)]).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn deterministic() {
        let r = &crate::fixtures::rules("iri");
        let g = Generator::new(r, "IRI-reference").expect("generator");
        for seed in 0..50 {
            assert_eq!(g.generate(seed, 40), g.generate(seed, 40));
            assert_eq!(mutate(seed, "http://a/b"), mutate(seed, "http://a/b"));
        }
        let distinct: HashSet<String> = (0..50).map(|s| g.generate(s, 40)).collect();
        assert!(distinct.len() > 40, "{distinct:?}");
    }

    #[test]
    fn length_budget() {
        let r = &crate::fixtures::rules("leiri");
        for rule in ["IRI-reference", "IRI", "ipath", "iquery"] {
            let g = Generator::new(r, rule).expect("generator");
            for seed in 0..500 {
                assert!(g.generate(seed, 30).chars().count() <= 30, "{rule} {seed}");
            }
        }
        // IPv6address has no string shorter than "::".
        let g = Generator::new(r, "IPv6address").expect("generator");
        assert_eq!(g.generate(1, 0), "::");
    }

    #[test]
    fn reaches_range_ends_and_planes() {
        let r = &crate::fixtures::rules("iri");
        let g = Generator::new(r, "iprivate").expect("generator");
        let seen: HashSet<char> = (0..4000)
            .flat_map(|s| g.generate(s, 1).chars().collect::<Vec<_>>())
            .collect();
        for c in [
            '\u{E000}',
            '\u{F8FF}',
            '\u{E0000}',
            '\u{E0FFF}',
            '\u{F0000}',
            '\u{FFFFD}',
            '\u{100000}',
            '\u{10FFFD}',
        ] {
            assert!(seen.contains(&c), "U+{:04X} never generated", c as u32);
        }
        let g = Generator::new(r, "ucschar").expect("generator");
        let seen: HashSet<char> = (0..20000)
            .flat_map(|s| g.generate(s, 1).chars().collect::<Vec<_>>())
            .collect();
        for c in [
            '\u{A0}',
            '\u{D7FF}',
            '\u{FDCF}',
            '\u{FDF0}',
            '\u{FFEF}',
            '\u{1FFFD}',
            '\u{E1000}',
            '\u{EFFFD}',
        ] {
            assert!(seen.contains(&c), "U+{:04X} never generated", c as u32);
        }
        let planes: HashSet<u32> = seen.iter().map(|&c| c as u32 >> 16).collect();
        assert_eq!(planes.len(), 15, "{planes:?}");
    }

    #[test]
    fn reaches_alternatives_bounds_and_cases() {
        let r = rules("a = 2*5\"x\" / \"v\" 1*%x30-31 / ( \"q\" [ \"r\" ] )\n");
        let g = Generator::new(&r, "a").expect("generator");
        let seen: HashSet<String> = (0..3000).map(|s| g.generate(s, 10)).collect();
        for s in [
            "xx", "xxx", "xxxx", "xxxxx", "XxXxX", "v0", "V1", "q", "qr", "QR",
        ] {
            assert!(seen.iter().any(|x| x == s), "{s} never generated");
        }
        assert!(seen.iter().any(|x| x.len() == 10 && x.starts_with('v')));
        // A group that can only be empty, and a surrogate-split range.
        let r = rules("a = 0\"x\" %xD7FE-E001\n");
        let g = Generator::new(&r, "a").expect("generator");
        let seen: HashSet<String> = (0..300).map(|s| g.generate(s, 10)).collect();
        for c in ['\u{D7FE}', '\u{D7FF}', '\u{E000}', '\u{E001}'] {
            assert!(seen.contains(&c.to_string()), "{c:?}");
        }
        assert_eq!(seen.len(), 4);
    }

    #[test]
    fn reaches_the_ipv6_forms() {
        let r = &crate::fixtures::rules("uri");
        let g = Generator::new(r, "IPv6address").expect("generator");
        let all: Vec<String> = (0..2000).map(|s| g.generate(s, 48)).collect();
        let has = |f: &dyn Fn(&str) -> bool| all.iter().any(|s| f(s));
        assert!(
            has(&|s| !s.contains("::") && s.split(':').count() == 8),
            "no full form"
        );
        assert!(
            has(&|s| !s.contains("::") && s.contains('.')),
            "no full form with IPv4"
        );
        assert!(has(&|s| s == "::"), "no ::");
        assert!(
            has(&|s| s.starts_with("::") && s.split(':').count() == 9),
            "no ::5(h16:)ls32"
        );
        assert!(has(&|s| s.ends_with("::") && s.len() > 2), "no h16::");
        // The number of groups before "::" in each of the forms 3 to 9 (the optional prefix).
        for before in 1..=7 {
            assert!(
                has(&|s| s
                    .find("::")
                    .is_some_and(|i| i > 0 && s[..i].split(':').count() == before)),
                "no form with {before} groups before ::"
            );
        }
    }

    #[test]
    fn errors() {
        let r = rules("a = b\nc = \"x\" c\nd = 300( 300\"xx\" )\n");
        assert!(matches!(
            Generator::new(&r, "a"),
            Err(AbnfError::UndefinedRule { .. })
        ));
        assert!(matches!(
            Generator::new(&r, "c"),
            Err(AbnfError::Recursion { .. })
        ));
        assert!(matches!(
            Generator::new(&r, "d"),
            Err(AbnfError::Limit { .. })
        ));
        assert!(matches!(
            generate(&r, "zz", 0, 5),
            Err(AbnfError::UndefinedRule { .. })
        ));
    }

    #[test]
    fn mutations() {
        let mut changed = 0;
        let mut seen: HashSet<char> = HashSet::new();
        for seed in 0..2000 {
            let m = mutate(seed, "http://example.org/a?b#c");
            changed += usize::from(m != "http://example.org/a?b#c");
            seen.extend(m.chars());
            let _ = mutate(seed, "");
        }
        assert!(changed > 1900, "{changed}");
        for c in [
            '\u{E0000}',
            '\u{202E}',
            ' ',
            '<',
            '\u{FFFE}',
            '\u{10FFFD}',
            '\u{D7FF}',
            '\0',
        ] {
            assert!(seen.contains(&c), "{c:?}");
        }
        assert!(!mutate(7, "").is_empty());
    }
}
