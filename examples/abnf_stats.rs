//! Prints, for each grammar's reference rule, the size of its automaton, how long it takes to build
//! (reading the grammar files, then compiling the rule) and how fast membership is.
//!
//! `cargo run --release --example abnf_stats`

use std::hint::black_box;
use std::time::Instant;

use iri_abnf::abnf::AbnfRules;
use iri_abnf::Grammar;

fn main() {
    let inputs = [
        "http://example.org/a/b?q=1#frag",
        "http://r%C3%A9sum%C3%A9.example.org/",
        "//[2001:db8::7]:8080/p?x#y",
        "http://résumé.example.org/dé?ç#ü",
        "mailto:user@example.org?subject=hi",
        "../a/b;p?q",
        "not a uri at all",
        "urn:isbn:0451450523",
    ];
    println!("| grammar | rule | states | memory | read | compile (best of 3) | is_match |");
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
        let rounds = 200_000;
        let t = Instant::now();
        let mut n = 0usize;
        for _ in 0..rounds {
            for s in inputs {
                n += usize::from(automaton.is_match(black_box(s)));
            }
        }
        let per = t.elapsed().as_nanos() as f64 / (rounds * inputs.len()) as f64;
        black_box(n);
        println!(
            "| {grammar} | {rule} | {} | {} KiB | {:.2} ms | {:.1} ms | {per:.0} ns |",
            automaton.state_count(),
            automaton.memory_usage() / 1024,
            read.as_secs_f64() * 1e3,
            build.as_secs_f64() * 1e3,
        );
    }
}
