//! Prints the sizes and times that the module docs of `iri_abnf::abnf` describe, measured on the machine
//! it runs on: for each grammar's reference rule, the size of its DFA and how long reading the grammar
//! files and compiling the rule take; the number and size of the precompiled DFAs per grammar and how
//! long loading them takes; and the size and build time of each scheme rule. Membership speed is
//! measured by the criterion bench `cargo bench --bench validate`.
//!
//! `cargo xtask abnf-stats` (in a release build for release figures: `cargo run --release -p xtask --
//! abnf-stats`)

use std::time::{Duration, Instant};

use iri_abnf::abnf::registry::precompiled_rules;
use iri_abnf::abnf::{self, schemes::SchemeRule, AbnfRules};
use iri_abnf::{AnyGrammar, Grammar};

/// Prints the tables.
pub fn run() {
    // Loading first, while no DFA of this process is loaded yet.
    println!("| grammar | precompiled rules | bytes | load (first use) |");
    for grammar in AnyGrammar::ALL {
        let rules = precompiled_rules(grammar);
        let t = Instant::now();
        let dfas: Vec<&abnf::Dfa> = rules
            .iter()
            .map(|&rule| abnf::dfa(grammar, rule).expect("loads"))
            .collect();
        let load = t.elapsed();
        let bytes: usize = dfas.iter().map(|d| d.to_bytes_little_endian().len()).sum();
        let precompiled = dfas.iter().all(|d| d.is_precompiled());
        println!(
            "| {grammar} | {}{} | {} KB | {} |",
            rules.len(),
            if precompiled { "" } else { " (built)" },
            bytes / 1000,
            ms(load),
        );
    }
    println!();
    println!("| grammar | rule | states | memory | read | compile (best of 3) |");
    for grammar in Grammar::ALL {
        let rule = grammar.reference_rule();
        let t = Instant::now();
        let rules: &AbnfRules = abnf::rules(grammar).expect("grammar loads");
        let read = t.elapsed();
        let (dfa, build) = best_of_3(|| rules.compile(rule).expect("compiles"));
        println!(
            "| {grammar} | {rule} | {} | {} KiB | {} | {} |",
            dfa.state_count(),
            dfa.memory_usage() / 1024,
            ms(read),
            ms(build),
        );
    }
    println!();
    println!("| scheme rule | states | memory | bytes | compile (best of 3) |");
    for rule in SchemeRule::ALL {
        let (dfa, build) = best_of_3(|| rule.compile().expect("compiles"));
        println!(
            "| {} | {} | {} KiB | {} KB | {} |",
            rule.name(),
            dfa.state_count(),
            dfa.memory_usage() / 1024,
            dfa.to_bytes_little_endian().len() / 1000,
            ms(build),
        );
    }
}

/// The value of `f` and the shortest of three runs.
fn best_of_3<T>(f: impl Fn() -> T) -> (T, Duration) {
    let mut best = Duration::MAX;
    let mut value = None;
    for _ in 0..3 {
        let t = Instant::now();
        value = Some(f());
        best = best.min(t.elapsed());
    }
    (value.expect("ran"), best)
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}
