//! The pest grammars accept exactly the ABNF: for every grammar and every rule, strings generated from
//! the rule's `.abnf` text and mutations of them get the same verdict from pest and from the automaton
//! compiled from the `.abnf` files; and the reference languages nest (uri ⊆ rfc3987 ⊆ iri ⊆ leiri).
//! Sized for CI; `iri selfcheck` runs long campaigns with the same code.

use iri_abnf::abnf::{self, Generator};
use iri_abnf::abnf::{case_input, case_seed};
use iri_abnf::Grammar;
use iri_test::{run, Config};

/// Cases per grammar: 50,000 in release builds (CI runs `cargo test --release`), 6,000 in debug builds;
/// overridable for a longer local run (`IRI_ABNF_DIFFERENTIAL_CASES=200000`). Each grammar runs at
/// least [`per_rule`] cases per rule whatever this says.
fn cases() -> u64 {
    let default = if cfg!(debug_assertions) {
        6_000
    } else {
        50_000
    };
    std::env::var("IRI_ABNF_DIFFERENTIAL_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The fewest cases generated from each rule: the cases go round the rules, so a grammar runs at least
/// this many times its number of rules. Every rule is checked with this many strings of its own (half
/// of them mutated), besides the reference rule on every string.
fn per_rule() -> u64 {
    if cfg!(debug_assertions) {
        150
    } else {
        1_500
    }
}

#[test]
fn pest_agrees_with_the_abnf_automaton_on_every_rule() {
    for (seed, g) in (0x5EED_u64..).zip(Grammar::ALL) {
        let config = Config {
            grammars: vec![g],
            cases: cases().max(per_rule() * g.rules().len() as u64),
            seed,
            ..Config::default()
        };
        let mut shown = 0;
        let report = run(&config, |m| {
            if shown < 20 {
                eprintln!("{m}");
                shown += 1;
            }
        })
        .unwrap_or_else(|e| panic!("{g}: {e}"));
        let (_, n, accepted) = report.per_grammar[0];
        println!(
            "{g}: {n} cases over {} rules (seed {seed:#x}), {accepted} accepted, {} comparisons",
            g.rules().len(),
            report.comparisons
        );
        assert!(
            report.mismatches.is_empty(),
            "{g}: {} mismatches (seed {seed:#x}), first: {}",
            report.mismatches.len(),
            report.mismatches[0]
        );
        // The campaign is not vacuous: both verdicts occur, and every rule was a start rule.
        assert!(
            accepted > n / 5 && accepted < n,
            "{g}: {accepted} of {n} accepted"
        );
        assert!(n >= per_rule() * g.rules().len() as u64);
    }
}

#[test]
fn generated_strings_cover_both_verdicts_for_each_rule() {
    // For each rule, unmutated strings (even seeds) are members and some mutations are not: the
    // differential test compares verdicts on both sides of every rule's boundary.
    for g in Grammar::ALL {
        let rules = abnf::rules(g).expect("rules load");
        for &rule in g.rules() {
            let generator = Generator::new(rules, rule).expect("generator");
            let (mut members, mut non_members) = (0, 0);
            for i in 0..60u64 {
                let seed = case_seed(9, g, i);
                let s = case_input(&generator, seed, 32);
                let ok = iri_abnf::validate(g, rule, &s).is_ok();
                if seed & 1 == 0 {
                    assert!(ok, "{g} {rule}: generated {s:?} is rejected");
                }
                if ok {
                    members += 1;
                } else {
                    non_members += 1;
                }
            }
            assert!(members > 0, "{g} {rule}: no member generated");
            // Rules whose language is every string of some characters (e.g. `iquery` under leiri is
            // closed under most edits) may see no non-member; the reference rule must.
            if rule == g.reference_rule() {
                assert!(non_members > 0, "{g} {rule}: no non-member generated");
            }
        }
    }
}
