//! Prints, for each grammar's reference rule, the size of its automaton and how long reading the grammar
//! files and compiling the rule take (one-off figures for the module docs; membership speed is measured by
//! the criterion bench `cargo bench --bench validate`).
//!
//! `cargo xtask abnf-stats`

use std::time::Instant;

use iri_abnf::abnf::AbnfRules;
use iri_abnf::Grammar;

/// Prints the table.
pub fn run() {
    println!("| grammar | rule | states | memory | read | compile (best of 3) |");
    for grammar in Grammar::ALL {
        let rule = grammar.reference_rule();
        let t = Instant::now();
        let rules: &AbnfRules = iri_abnf::abnf::rules(grammar).expect("grammar loads");
        let read = t.elapsed();
        let mut build = std::time::Duration::MAX;
        let mut automaton = None;
        for _ in 0..3 {
            let t = Instant::now();
            automaton = Some(rules.compile(rule).expect("compiles"));
            build = build.min(t.elapsed());
        }
        let automaton = automaton.expect("built");
        println!(
            "| {grammar} | {rule} | {} | {} KiB | {:.2} ms | {:.1} ms |",
            automaton.state_count(),
            automaton.memory_usage() / 1024,
            read.as_secs_f64() * 1e3,
            build.as_secs_f64() * 1e3,
        );
    }
}
