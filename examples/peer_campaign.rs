//! A differential campaign against another IRI parser: strings from this crate's generators, judged
//! by the 3987bis grammar (`iri`, `IRI-reference`) and by `oxiri::IriRef::parse` (a dev-dependency),
//! with the disagreements counted and the first of each kind shown.
//!
//! ```sh
//! cargo run --release --example peer_campaign -- [COUNT] [SEED]
//! ```
//!
//! Three sources, COUNT strings each (default 100,000, seed 1): strings of `IRI-reference`
//! ([`Generator`]), the same with one to three random edits ([`mutate`]), and strings of the LEIRI
//! grammar that are not IRIs ([`Sampler`] of `leiri ∖ iri`, which a strict IRI parser must reject).

use std::collections::BTreeMap;

use iri_abnf::abnf::nth_seed;
use iri_abnf::abnf::{mutate, rules, Generator};
use iri_abnf::compare::{Part, Sampler};
use iri_abnf::{is_valid, Grammar, Rule};

/// A source of strings: the string of a seed.
type Source<'a> = Box<dyn Fn(u64) -> String + 'a>;

/// What a disagreement is about. For a string that 3987bis accepts and oxiri rejects: whether RFC
/// 3987 (the grammar oxiri follows) rejects it too, and the character where it does, by the range of
/// the grammars it falls in; for one that oxiri accepts and 3987bis rejects: the character of the
/// error.
fn kind(ours: bool, s: &str) -> String {
    let at = |g: Grammar| {
        let dfa = iri_abnf::abnf::dfa(g, Rule::IriReference).unwrap();
        dfa.check(s)
            .err()
            .and_then(|f| s[f.offset..].chars().next())
    };
    let range = |c: char| match c as u32 {
        0xE0000..=0xE0FFF => "a tag character U+E0000-E0FFF".to_string(),
        0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD => {
            "a private use character".to_string()
        }
        c => format!("U+{c:04X}"),
    };
    if ours {
        match at(Grammar::Rfc3987) {
            Some(c) => format!("3987bis accepts, oxiri and RFC 3987 reject: {}", range(c)),
            None => "3987bis and RFC 3987 accept, oxiri rejects".to_string(),
        }
    } else {
        match at(Grammar::Iri) {
            Some(c) => format!("oxiri accepts, 3987bis rejects: {}", range(c)),
            None => "oxiri accepts, 3987bis rejects at the end".to_string(),
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let count: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let generator =
        Generator::new(rules(Grammar::Iri).expect("grammar"), Rule::IriReference).expect("rule");
    let dfa = |g: Grammar| iri_abnf::abnf::dfa(g, Rule::IriReference).expect("dfa");
    let (leiri, iri) = (dfa(Grammar::Leiri), dfa(Grammar::Iri));
    let sampler = Sampler::new(leiri, iri, Part::OnlyA);
    let sources: [(&str, Source<'_>); 3] = [
        (
            "generated IRI-reference",
            Box::new(|s| generator.generate(s, 40)),
        ),
        (
            "mutated",
            Box::new(|s| mutate(s, &generator.generate(s, 40))),
        ),
        (
            "leiri, not iri",
            Box::new(|s| sampler.sample(s, 40).unwrap_or_default()),
        ),
    ];
    for (name, source) in &sources {
        let mut kinds: BTreeMap<String, (u64, String)> = BTreeMap::new();
        let (mut agree, mut ours_valid) = (0u64, 0u64);
        for i in 0..count {
            let s = source(nth_seed(seed, i));
            let ours = is_valid(Grammar::Iri, Rule::IriReference, &s);
            let theirs = oxiri::IriRef::parse(s.as_str()).is_ok();
            ours_valid += u64::from(ours);
            if ours == theirs {
                agree += 1;
            } else {
                let e = kinds.entry(kind(ours, &s)).or_insert((0, s.clone()));
                e.0 += 1;
            }
        }
        println!(
            "{name}: {count} strings, {ours_valid} valid IRI references, {agree} verdicts agree"
        );
        for (k, (n, example)) in &kinds {
            println!("  {n:>7}  {k}  e.g. {example:?}");
        }
    }
}
