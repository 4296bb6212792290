//! The input sets of the `corpora` bench, generated in-process and deterministic (the same strings on
//! every run and every machine):
//!
//! - [`near_miss`]: invalid strings one to three edits away from valid IRI-references;
//! - [`spec_heavy`]: valid IRI-references made from every rule of every grammar, weighted towards the
//!   IP literals, percent-encodings and the `ucschar` and `iprivate` ranges;
//! - [`non_ascii`]: localized DBpedia and Wikipedia links in ten scripts;
//! - [`adversarial`]: strings of every rule of every grammar, near misses and characters of every
//!   Unicode plane, a third of them valid.
//!
//! Each has [`SAMPLE`] strings.

use std::borrow::Cow;

use iri_abnf::abnf::nth_seed;
use iri_abnf::abnf::{mutate, rules, Generator};
use iri_abnf::{is_valid, Grammar, Rule};

use super::SAMPLE;

/// The seed of every set.
const SEED: u64 = 3987;

/// The most attempts per string kept before a generator is declared broken.
const ATTEMPTS: usize = 200;

/// Is `s` an IRI-reference of the grammar `iri`?
pub fn valid(s: &str) -> bool {
    is_valid(Grammar::Iri, Rule::IriReference, s)
}

/// splitmix64, for the choices the sets make outside the ABNF generator.
struct Rng(u64);

impl Rng {
    /// The next number: the library's generator seeding (a splitmix64 finaliser) over a counter.
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(1);
        iri_abnf::abnf::nth_seed(0x5EED, self.0)
    }

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// A number in `lo..=hi`.
    fn between(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    /// True `percent` times in 100.
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// A character of one of `ranges` (inclusive, all of assigned, non-surrogate code points), each
    /// range weighted by its size.
    fn char_in(&mut self, ranges: &[(u32, u32)]) -> char {
        let total: u32 = ranges.iter().map(|(a, b)| b - a + 1).sum();
        let mut i = self.below(total as usize) as u32;
        for &(a, b) in ranges {
            if i <= b - a {
                return char::from_u32(a + i).expect("a scalar value");
            }
            i -= b - a + 1;
        }
        unreachable!()
    }
}

/// Invalid strings near valid ones: valid IRI-references generated from the rule `IRI-reference` of
/// the grammar `iri` (and, alternately, the valid lines of `dbpedia` when it is not empty), each
/// edited by `mutate`, keeping the results that the grammar `iri` rejects.
pub fn near_miss(dbpedia: &[String]) -> Vec<String> {
    let rules = rules(Grammar::Iri).expect("the grammar iri loads");
    let generator = Generator::new(rules, "IRI-reference").expect("IRI-reference generates");
    let lines: Vec<&str> = dbpedia
        .iter()
        .map(String::as_str)
        .filter(|s| valid(s))
        .collect();
    let mut out = Vec::with_capacity(SAMPLE);
    let mut i = 0u64;
    while out.len() < SAMPLE {
        assert!(
            i < (ATTEMPTS * SAMPLE) as u64,
            "near-miss: too few near misses"
        );
        let seed = nth_seed(SEED, i);
        let base: Cow<str> = if i % 2 == 1 && !lines.is_empty() {
            Cow::Borrowed(lines[(i / 2) as usize % lines.len()])
        } else {
            Cow::Owned(generator.generate(seed, 60))
        };
        let s = mutate(seed, &base);
        if !valid(&s) {
            out.push(s);
        }
        i += 1;
    }
    out
}

/// Where the string of a rule goes in a spec-heavy reference.
#[derive(Clone, Copy, PartialEq)]
enum Slot {
    /// The whole reference.
    Whole,
    /// After `scheme ":"`.
    AfterScheme,
    Scheme,
    Authority,
    Userinfo,
    Host,
    /// Between `[` and `]`.
    Literal,
    Port,
    /// One path segment (the string repeated one to three times, for the one-character rules).
    Segment,
    Query,
    Fragment,
}

/// Every rule of the grammars `uri`, `rfc3987`, `iri` and `leiri` (a grammar without the rule skips it),
/// with its slot, the most characters of its strings and its weight among the rules.
const RULES: &[(&str, Slot, usize, usize)] = &[
    ("URI-reference", Slot::Whole, 60, 2),
    ("URI", Slot::Whole, 60, 1),
    ("absolute-URI", Slot::Whole, 60, 1),
    ("relative-ref", Slot::Whole, 60, 1),
    ("relative-part", Slot::Whole, 40, 1),
    ("IRI-reference", Slot::Whole, 60, 2),
    ("IRI", Slot::Whole, 60, 1),
    ("absolute-IRI", Slot::Whole, 60, 1),
    ("irelative-ref", Slot::Whole, 60, 1),
    ("irelative-part", Slot::Whole, 40, 1),
    ("path", Slot::Whole, 30, 1),
    ("ipath", Slot::Whole, 30, 1),
    ("path-abempty", Slot::Whole, 30, 1),
    ("ipath-abempty", Slot::Whole, 30, 1),
    ("path-absolute", Slot::Whole, 30, 1),
    ("ipath-absolute", Slot::Whole, 30, 1),
    ("path-noscheme", Slot::Whole, 30, 1),
    ("ipath-noscheme", Slot::Whole, 30, 1),
    ("path-empty", Slot::Whole, 0, 1),
    ("ipath-empty", Slot::Whole, 0, 1),
    ("hier-part", Slot::AfterScheme, 40, 1),
    ("ihier-part", Slot::AfterScheme, 40, 1),
    ("path-rootless", Slot::AfterScheme, 30, 1),
    ("ipath-rootless", Slot::AfterScheme, 30, 1),
    ("scheme", Slot::Scheme, 12, 1),
    ("authority", Slot::Authority, 40, 1),
    ("iauthority", Slot::Authority, 40, 1),
    ("userinfo", Slot::Userinfo, 16, 1),
    ("iuserinfo", Slot::Userinfo, 16, 1),
    ("host", Slot::Host, 40, 1),
    ("ihost", Slot::Host, 40, 1),
    ("reg-name", Slot::Host, 24, 1),
    ("ireg-name", Slot::Host, 24, 1),
    ("IP-literal", Slot::Host, 48, 2),
    ("IPv4address", Slot::Host, 15, 1),
    ("dec-octet", Slot::Host, 3, 1),
    ("IPv6address", Slot::Literal, 48, 4),
    ("IPvFuture", Slot::Literal, 32, 3),
    ("port", Slot::Port, 6, 1),
    ("segment", Slot::Segment, 16, 1),
    ("segment-nz", Slot::Segment, 16, 1),
    ("segment-nz-nc", Slot::Segment, 16, 1),
    ("isegment", Slot::Segment, 16, 1),
    ("isegment-nz", Slot::Segment, 16, 1),
    ("isegment-nz-nc", Slot::Segment, 16, 1),
    ("pchar", Slot::Segment, 3, 1),
    ("ipchar", Slot::Segment, 3, 1),
    ("unreserved", Slot::Segment, 1, 1),
    ("iunreserved", Slot::Segment, 1, 1),
    ("ucschar", Slot::Segment, 1, 4),
    ("leiri-ucschar", Slot::Segment, 1, 1),
    ("pct-encoded", Slot::Segment, 3, 3),
    ("pct-form", Slot::Segment, 3, 1),
    ("sub-delims", Slot::Segment, 1, 1),
    ("gen-delims", Slot::Segment, 1, 1),
    ("reserved", Slot::Segment, 1, 1),
    ("path-sep", Slot::Segment, 1, 1),
    ("h16", Slot::Segment, 4, 1),
    ("ls32", Slot::Segment, 15, 1),
    ("ALPHA", Slot::Segment, 1, 1),
    ("DIGIT", Slot::Segment, 1, 1),
    ("HEXDIG", Slot::Segment, 1, 1),
    ("query", Slot::Query, 24, 1),
    ("iquery", Slot::Query, 24, 1),
    ("iprivate", Slot::Query, 1, 3),
    ("fragment", Slot::Fragment, 24, 1),
    ("ifragment", Slot::Fragment, 24, 1),
];

/// The generators of the parts of a spec-heavy reference that no rule is substituted into, from the
/// grammar `iri`.
struct Fillers {
    scheme: Generator<'static>,
    userinfo: Generator<'static>,
    reg_name: Generator<'static>,
    ipv4: Generator<'static>,
    ipv6: Generator<'static>,
    ipv_future: Generator<'static>,
    segment: Generator<'static>,
    query: Generator<'static>,
    fragment: Generator<'static>,
}

impl Fillers {
    /// The generators of the grammar `iri` for the parts around a featured string.
    fn of_iri() -> Fillers {
        let iri = rules(Grammar::Iri).expect("the grammar iri loads");
        let filler = |rule: &str| Generator::new(iri, rule).expect("a rule of iri");
        Fillers {
            scheme: filler("scheme"),
            userinfo: filler("iuserinfo"),
            reg_name: filler("ireg-name"),
            ipv4: filler("IPv4address"),
            ipv6: filler("IPv6address"),
            ipv_future: filler("IPvFuture"),
            segment: filler("isegment"),
            query: filler("iquery"),
            fragment: filler("ifragment"),
        }
    }
}

/// Valid IRI-references (grammar `iri`) that exercise every rule: each has a string of one rule of one
/// grammar (from the table above, rules weighted so that IPv6 and IPvFuture literals, percent-encodings,
/// `ucschar` and `iprivate` come often) in its slot, the other parts generated from the grammar `iri`
/// (hosts spread over registered names, IPv4, IPv6 and IPvFuture). Strings that the grammar `iri`
/// rejects (a string of `leiri`, or a relative path whose first segment has a colon) are left out.
pub fn spec_heavy() -> Vec<String> {
    let fillers = Fillers::of_iri();
    // Every (grammar, rule) that exists, repeated by its weight.
    let mut featured: Vec<(Slot, usize, Generator<'static>)> = Vec::new();
    for grammar in Grammar::ALL {
        let rules = rules(grammar).expect("the grammar loads");
        for &(rule, slot, budget, weight) in RULES {
            if let Ok(g) = Generator::new(rules, rule) {
                for _ in 0..weight {
                    featured.push((slot, budget, g.clone()));
                }
            }
        }
    }
    let mut out = Vec::with_capacity(SAMPLE);
    let mut i = 0u64;
    while out.len() < SAMPLE {
        assert!(
            i < (ATTEMPTS * SAMPLE) as u64,
            "spec-heavy: too few valid strings"
        );
        let seed = nth_seed(SEED + 1, i);
        let mut rng = Rng(seed);
        let (slot, budget, g) = rng.pick(&featured);
        let text = if *slot == Slot::Segment {
            (0..rng.between(1, 3) as u64)
                .map(|j| g.generate(nth_seed(seed, j), *budget))
                .collect()
        } else {
            g.generate(seed, *budget)
        };
        let s = assemble(&mut rng, &fillers, *slot, &text);
        if valid(&s) {
            out.push(s);
        }
        i += 1;
    }
    out
}

/// A reference with `text` in `slot` and the other parts from `fillers`.
fn assemble(rng: &mut Rng, f: &Fillers, slot: Slot, text: &str) -> String {
    let make = |rng: &mut Rng, g: &Generator, budget: usize| g.generate(rng.next_u64(), budget);
    if slot == Slot::Whole {
        return text.to_string();
    }
    let mut s = if slot == Slot::Scheme {
        text.to_string()
    } else {
        make(rng, &f.scheme, 8)
    };
    s.push(':');
    if slot == Slot::AfterScheme {
        s.push_str(text);
    } else {
        s.push_str("//");
        if slot == Slot::Authority {
            s.push_str(text);
        } else {
            let userinfo = match slot {
                Slot::Userinfo => Some(text.to_string()),
                _ if rng.chance(20) => Some(make(rng, &f.userinfo, 12)),
                _ => None,
            };
            if let Some(u) = userinfo {
                s.push_str(&u);
                s.push('@');
            }
            match slot {
                Slot::Host => s.push_str(text),
                Slot::Literal => {
                    s.push('[');
                    s.push_str(text);
                    s.push(']');
                }
                _ => match rng.below(6) {
                    0 => s.push_str(&make(rng, &f.ipv4, 15)),
                    1 => s.push_str(&format!("[{}]", make(rng, &f.ipv6, 40))),
                    2 => s.push_str(&format!("[{}]", make(rng, &f.ipv_future, 24))),
                    _ => s.push_str(&make(rng, &f.reg_name, 20)),
                },
            }
            if slot == Slot::Port {
                s.push(':');
                s.push_str(text);
            } else if rng.chance(25) {
                s.push(':');
                s.push_str(&rng.below(65536).to_string());
            }
        }
        let segments = rng.between(0, 3);
        let at = rng.between(0, segments);
        for k in 0..=segments {
            if slot == Slot::Segment && k == at {
                s.push('/');
                s.push_str(text);
            }
            if k < segments {
                s.push('/');
                s.push_str(&make(rng, &f.segment, 12));
            }
        }
    }
    if slot == Slot::Query {
        s.push('?');
        if rng.chance(50) {
            s.push_str(&make(rng, &f.query, 8));
        }
        s.push_str(text);
    } else if rng.chance(40) {
        s.push('?');
        s.push_str(&make(rng, &f.query, 16));
    }
    if slot == Slot::Fragment {
        s.push('#');
        s.push_str(text);
    } else if rng.chance(30) {
        s.push('#');
        s.push_str(&make(rng, &f.fragment, 12));
    }
    s
}

/// A script of localized titles: the DBpedia/Wikipedia language codes that use it, the ranges of its
/// letters, the ranges of its capital letters (for a script with cases), the ranges of the marks that
/// may follow a letter, the length of a word in letters, and what joins its words.
struct Script {
    langs: &'static [&'static str],
    letters: &'static [(u32, u32)],
    capitals: &'static [(u32, u32)],
    marks: &'static [(u32, u32)],
    word: (usize, usize),
    joiner: &'static str,
}

const SCRIPTS: &[Script] = &[
    // CJK unified ideographs.
    Script {
        langs: &["zh"],
        letters: &[(0x4E00, 0x9FA5)],
        capitals: &[],
        marks: &[],
        word: (1, 4),
        joiner: "",
    },
    // Hiragana, katakana and kanji.
    Script {
        langs: &["ja"],
        letters: &[(0x3041, 0x3093), (0x30A1, 0x30F3), (0x4E00, 0x9FA5)],
        capitals: &[],
        marks: &[],
        word: (2, 5),
        joiner: "・",
    },
    // Hangul syllables.
    Script {
        langs: &["ko"],
        letters: &[(0xAC00, 0xD7A3)],
        capitals: &[],
        marks: &[],
        word: (2, 4),
        joiner: "_",
    },
    // Cyrillic: Russian, and Ukrainian with і ї є ґ.
    Script {
        langs: &["ru"],
        letters: &[(0x0430, 0x044F)],
        capitals: &[(0x0410, 0x042F)],
        marks: &[],
        word: (3, 10),
        joiner: "_",
    },
    Script {
        langs: &["uk"],
        letters: &[
            (0x0430, 0x044F),
            (0x0454, 0x0454),
            (0x0456, 0x0457),
            (0x0491, 0x0491),
        ],
        capitals: &[(0x0410, 0x042F), (0x0404, 0x0404), (0x0406, 0x0407)],
        marks: &[],
        word: (3, 10),
        joiner: "_",
    },
    // Arabic letters (right to left).
    Script {
        langs: &["ar"],
        letters: &[(0x0627, 0x063A), (0x0641, 0x064A)],
        capitals: &[],
        marks: &[],
        word: (3, 8),
        joiner: "_",
    },
    // Hebrew letters (right to left).
    Script {
        langs: &["he"],
        letters: &[(0x05D0, 0x05EA)],
        capitals: &[],
        marks: &[],
        word: (2, 7),
        joiner: "_",
    },
    // Devanagari consonants and vowel signs.
    Script {
        langs: &["hi"],
        letters: &[(0x0915, 0x0939)],
        capitals: &[],
        marks: &[(0x093E, 0x094C)],
        word: (2, 6),
        joiner: "_",
    },
    // Thai consonants and vowels.
    Script {
        langs: &["th"],
        letters: &[(0x0E01, 0x0E2E)],
        capitals: &[],
        marks: &[(0x0E31, 0x0E39)],
        word: (2, 8),
        joiner: "_",
    },
    // Greek.
    Script {
        langs: &["el"],
        letters: &[(0x03AC, 0x03CE)],
        capitals: &[(0x0391, 0x03A1), (0x03A3, 0x03A9)],
        marks: &[],
        word: (3, 10),
        joiner: "_",
    },
];

impl Script {
    fn word(&self, rng: &mut Rng, capital: bool) -> String {
        let mut w = String::new();
        for k in 0..rng.between(self.word.0, self.word.1) {
            if k == 0 && capital && !self.capitals.is_empty() {
                w.push(rng.char_in(self.capitals));
            } else {
                w.push(rng.char_in(self.letters));
            }
            if !self.marks.is_empty() && rng.chance(40) {
                w.push(rng.char_in(self.marks));
            }
        }
        w
    }

    /// Words joined with `_` (or the script's joiner), the first one capitalized.
    fn words(&self, rng: &mut Rng, lo: usize, hi: usize) -> String {
        let n = rng.between(lo, hi);
        let mut out = String::new();
        for k in 0..n {
            if k > 0 {
                out.push_str(if self.joiner.is_empty() || rng.chance(30) {
                    "_"
                } else {
                    self.joiner
                });
            }
            out.push_str(&self.word(rng, k == 0));
        }
        out
    }
}

/// The UTF-8 bytes of `s` percent-encoded, as a browser copies a Wikipedia link.
fn percent_encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Localized DBpedia resources and Wikipedia articles, mostly non-ASCII:
/// `http://{lang}.dbpedia.org/resource/{Title}` and `https://{lang}.wikipedia.org/wiki/{Title}`, with
/// titles of one to four words of the letters of CJK (zh, ja), Hangul (ko), Cyrillic (ru, uk), Arabic,
/// Hebrew, Devanagari (hi), Thai and Greek; spaces as `_`; some with a parenthesized disambiguation or a
/// year, some with a comma, some with a word or the whole title percent-encoded, some with a query or
/// a fragment. Every one is a valid IRI-reference of the grammar `iri` (asserted).
pub fn non_ascii() -> Vec<String> {
    let mut rng = Rng(SEED + 2);
    let mut out = Vec::with_capacity(SAMPLE);
    while out.len() < SAMPLE {
        let script = rng.pick(SCRIPTS);
        let lang = *rng.pick(script.langs);
        let mut title = script.words(&mut rng, 1, 4);
        if rng.chance(8) {
            title.push_str(",_");
            title.push_str(&script.words(&mut rng, 1, 2));
        }
        if rng.chance(12) {
            title.push_str("_(");
            if rng.chance(50) {
                title.push_str(&script.word(&mut rng, false));
            } else {
                title.push_str(&rng.between(1800, 2024).to_string());
            }
            title.push(')');
        }
        let title = match rng.below(100) {
            // The whole title percent-encoded.
            0..=5 => percent_encode(&title),
            // One of its words.
            6..=15 => {
                let words: Vec<&str> = title.split('_').collect();
                let k = rng.below(words.len());
                let mut parts: Vec<String> = words.iter().map(|w| w.to_string()).collect();
                parts[k] = percent_encode(words[k]);
                parts.join("_")
            }
            _ => title,
        };
        let wikipedia = rng.chance(50);
        let mut s = if wikipedia {
            format!("https://{lang}.wikipedia.org/wiki/{title}")
        } else {
            format!("http://{lang}.dbpedia.org/resource/{title}")
        };
        if rng.chance(10) {
            match rng.below(4) {
                0 => s.push_str(&format!("?oldid={}", rng.between(100_000, 99_999_999))),
                1 => s.push_str("?action=history"),
                2 => s.push_str(&format!("?uselang={lang}")),
                _ => s.push_str(&format!("?search={}", script.words(&mut rng, 1, 2))),
            }
        }
        if rng.chance(12) {
            s.push('#');
            if rng.chance(25) {
                s.push_str(&format!("cite_note-{}", rng.between(1, 120)));
            } else {
                s.push_str(&script.words(&mut rng, 1, 3));
            }
        }
        assert!(valid(&s), "non-ascii: not a valid IRI-reference: {s:?}");
        out.push(s);
    }
    out
}

/// The share of `set` (in percent) that has a `[`, a `%` and a non-ASCII character.
pub fn shares(set: &[String]) -> (f64, f64, f64) {
    let share = |f: &dyn Fn(&str) -> bool| {
        100.0 * set.iter().filter(|s| f(s)).count() as f64 / set.len().max(1) as f64
    };
    (
        share(&|s| s.contains('[')),
        share(&|s| s.contains('%')),
        share(&|s| !s.is_ascii()),
    )
}

/// Where the string of a rule of a historical grammar (RFC 2396, RFC 2732, draft-masinter-url-i18n-07,
/// draft-duerst-iri-01) goes in an adversarial reference; the rules of the main grammars take their
/// slot from [`RULES`], a rule in neither table is the whole string.
const HISTORICAL: &[(&str, Slot)] = &[
    ("absoluteURI", Slot::Whole),
    ("relativeURI", Slot::Whole),
    ("net_path", Slot::Whole),
    ("abs_path", Slot::Whole),
    ("rel_path", Slot::Whole),
    ("absoluteIRI", Slot::Whole),
    ("relativeIRI", Slot::Whole),
    ("inet_path", Slot::Whole),
    ("iabs_path", Slot::Whole),
    ("irel_path", Slot::Whole),
    ("opaque_part", Slot::AfterScheme),
    ("uric_no_slash", Slot::AfterScheme),
    ("iopaque_part", Slot::AfterScheme),
    ("iric_no_slash", Slot::AfterScheme),
    ("server", Slot::Authority),
    ("hostport", Slot::Authority),
    ("iserver", Slot::Authority),
    ("ihostport", Slot::Authority),
    ("hostname", Slot::Host),
    ("domainlabel", Slot::Host),
    ("toplabel", Slot::Host),
    ("IPv6reference", Slot::Host),
    ("ihostname", Slot::Host),
    ("idomainlabel", Slot::Host),
    ("itoplabel", Slot::Host),
    ("IPv6prefix", Slot::Literal),
    ("hexpart", Slot::Literal),
    ("hexseq", Slot::Literal),
    ("hex4", Slot::Literal),
];

/// How many strings of [`adversarial`] are valid IRI-references: a third.
pub const ADVERSARIAL_VALID: usize = SAMPLE / 3;

/// A character of Unicode plane `plane` (0 to 16), half of the time one at an end of a range that
/// the grammars tell apart (the ends of the `ucschar` and `iprivate` ranges of RFC 3987 §2.2 and
/// 3987bis §2.2, the noncharacters at the end of each plane, the ends of the lengths of UTF-8,
/// RFC 3629 §3), otherwise any character of the plane.
fn plane_char(rng: &mut Rng, plane: u32) -> char {
    const BMP_ENDS: &[u32] = &[
        0x7F, 0x80, 0x9F, 0xA0, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xF8FF, 0xF900, 0xFDCF, 0xFDD0,
        0xFDEF, 0xFDF0, 0xFFEF, 0xFFF0, 0xFFFD, 0xFFFE, 0xFFFF,
    ];
    const PLANE_ENDS: &[u32] = &[0x0000, 0x0001, 0xFFFD, 0xFFFE, 0xFFFF];
    const TAG_ENDS: &[u32] = &[0xE0000, 0xE0FFF, 0xE1000];
    let base = plane << 16;
    let code = if rng.chance(50) {
        if plane == 0 {
            *rng.pick(BMP_ENDS)
        } else if plane == 14 && rng.chance(50) {
            *rng.pick(TAG_ENDS)
        } else {
            base + rng.pick(PLANE_ENDS)
        }
    } else if plane == 0 {
        rng.char_in(&[(0x20, 0xD7FF), (0xE000, 0xFFFF)]) as u32
    } else {
        base + rng.below(0x10000) as u32
    };
    char::from_u32(code).expect("not a surrogate")
}

/// Adversarial strings: a string of one rule of one of the nine grammars (every rule of every grammar
/// in turn, historical ones included), put in its place in a reference (the other parts generated
/// from the grammar `iri`, the scheme of some `http` or `https`), then left as it is, edited by `mutate` (near misses), given characters of
/// a Unicode plane (every plane in turn, supplementary `ucschar` and `iprivate` ranges included, often
/// characters at the ends of ranges) inserted or replacing one, or both. A third of the strings kept are
/// valid IRI-references of the grammar `iri` ([`ADVERSARIAL_VALID`]), the rest invalid, so that a walk
/// sees the error path, short and long strings, and state changes at every kind of character.
pub fn adversarial() -> Vec<String> {
    let fillers = Fillers::of_iri();
    // Every rule of every grammar, with its slot.
    let mut featured: Vec<(Slot, usize, Generator<'static>)> = Vec::new();
    for grammar in iri_abnf::AnyGrammar::ALL {
        let abnf = rules(grammar).expect("the grammar loads");
        for &rule in grammar.rules() {
            let name = grammar.rule_name(rule);
            let (slot, budget) = RULES
                .iter()
                .find(|r| r.0.eq_ignore_ascii_case(rule.name()))
                .map(|r| (r.1, r.2.max(1)))
                .or_else(|| {
                    HISTORICAL
                        .iter()
                        .find(|r| r.0.eq_ignore_ascii_case(name))
                        .map(|r| (r.1, 40))
                })
                .unwrap_or((Slot::Segment, 8));
            let g = Generator::new(abnf, name).expect("every rule generates");
            featured.push((slot, budget, g));
        }
    }
    let (mut valid_n, mut invalid_n) = (0, 0);
    let mut out = Vec::with_capacity(SAMPLE);
    let mut i = 0u64;
    while out.len() < SAMPLE {
        assert!(
            i < (ATTEMPTS * SAMPLE) as u64,
            "adversarial: too few strings of one kind"
        );
        let seed = nth_seed(SEED + 3, i);
        let mut rng = Rng(seed);
        let (slot, budget, g) = &featured[i as usize % featured.len()];
        let text = g.generate(seed, *budget);
        let mut s = assemble(&mut rng, &fillers, *slot, &text);
        // Some of them web links, whose beginning the walk looks up.
        if !matches!(slot, Slot::Whole | Slot::Scheme) && rng.chance(15) {
            let scheme = if rng.chance(50) { "http" } else { "https" };
            s = format!("{scheme}{}", &s[s.find(':').expect("a scheme")..]);
        }
        let plane = (i / featured.len() as u64 % 17) as u32;
        let kind = rng.below(4);
        if kind & 1 == 1 {
            s = mutate(seed, &s);
        }
        if kind & 2 == 2 {
            let mut chars: Vec<char> = s.chars().collect();
            for _ in 0..rng.between(1, 3) {
                let c = plane_char(&mut rng, plane);
                let at = rng.below(chars.len() + 1);
                if at < chars.len() && rng.chance(50) {
                    chars[at] = c;
                } else {
                    chars.insert(at, c);
                }
            }
            s = chars.into_iter().collect();
        }
        if valid(&s) {
            if valid_n < ADVERSARIAL_VALID {
                valid_n += 1;
                out.push(s);
            }
        } else if invalid_n < SAMPLE - ADVERSARIAL_VALID {
            invalid_n += 1;
            out.push(s);
        }
        i += 1;
    }
    out
}
