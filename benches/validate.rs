//! Validation speed, per grammar, on a mix of valid and invalid references: `validate` (the precompiled
//! DFA's verdict, and its error for an invalid input), `explain` (the same, with the rules the pest
//! parser names in the error), the DFA compiled from the `.abnf` text walked one byte at a time
//! (`AbnfRules::compile`, then `Dfa::next` for each byte) and `parse`; one 10 MB line of each of four kinds through `is_valid`
//! (the walk of the compact table, with the vector search of runs where the CPU has it) and through
//! the DFA walked one byte at a time (`Dfa::next`); and the time to build an automaton.
//! `cargo bench --bench validate`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use iri_abnf::{abnf, is_valid, parse, validate, Grammar, Rule};

/// The plain walk of `dfa`: one transition of the DFA itself per byte ([`abnf::Dfa::next`]),
/// stopping at the dead state, without the compact table of `Dfa::is_match`.
fn plain(dfa: &abnf::Dfa, input: &str) -> bool {
    let mut state = dfa.start();
    for &byte in input.as_bytes() {
        state = dfa.next(state, byte);
        if dfa.is_dead(state) {
            return false;
        }
    }
    dfa.accepts_end(state)
}

const INPUTS: &[&str] = &[
    "http://example.org/a/b?q=1#frag",
    "http://r%C3%A9sum%C3%A9.example.org/",
    "//[2001:db8::7]:8080/p?x#y",
    "http://résumé.example.org/dé?ç#ü",
    "mailto:user@example.org?subject=hi",
    "../a/b;p?q",
    "not a uri at all",
    "urn:isbn:0451450523",
];

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("validate");
    group.throughput(Throughput::Elements(INPUTS.len() as u64));
    for g in Grammar::ALL {
        let rule = g.reference_rule();
        group.bench_with_input(BenchmarkId::new("validate", g), &g, |b, &g| {
            b.iter(|| {
                INPUTS
                    .iter()
                    .filter(|s| validate(g, rule, s).is_ok())
                    .count()
            })
        });
        group.bench_with_input(BenchmarkId::new("explain", g), &g, |b, &g| {
            b.iter(|| {
                INPUTS
                    .iter()
                    .filter(|s| {
                        iri_abnf::validate(g, rule, s)
                            .map_err(iri_abnf::ParseError::explain)
                            .is_ok()
                    })
                    .count()
            })
        });
        let automaton = abnf::rules(g)
            .and_then(|rules| rules.compile(rule))
            .expect("automaton");
        group.bench_with_input(BenchmarkId::new("automaton", g), &g, |b, _| {
            b.iter(|| INPUTS.iter().filter(|s| plain(&automaton, s)).count())
        });
        group.bench_with_input(BenchmarkId::new("parse-components", g), &g, |b, &g| {
            b.iter(|| INPUTS.iter().filter(|s| parse(g, s).is_ok()).count())
        });
    }
    group.finish();
}

/// One valid line of 10 MB: a path of one character repeated, after `http://a/`.
fn long(c: &mut Criterion) {
    let mut group = c.benchmark_group("long-line");
    group.sample_size(10);
    let automaton = abnf::dfa(Grammar::Iri, Rule::IriReference).expect("automaton");
    for (name, unit) in [
        ("a", "a"),
        ("slash", "/"),
        ("e-acute", "é"),
        ("escape", "%41"),
    ] {
        let line = format!("http://a/{}", unit.repeat(10_000_000 / unit.len()));
        assert!(is_valid(Grammar::Iri, Rule::IriReference, &line));
        group.throughput(Throughput::Bytes(line.len() as u64));
        group.bench_with_input(BenchmarkId::new("is_valid", name), &line, |b, line| {
            b.iter(|| is_valid(Grammar::Iri, Rule::IriReference, line))
        });
        group.bench_with_input(BenchmarkId::new("automaton", name), &line, |b, line| {
            b.iter(|| plain(automaton, line))
        });
    }
    group.finish();
}

/// Building an automaton from the `.abnf` rules (HIR, NFA, determinization, minimization).
fn build(c: &mut Criterion) {
    let mut group = c.benchmark_group("automaton-build");
    group.sample_size(10);
    for g in Grammar::ALL {
        let rules = abnf::rules(g).expect("rules");
        group.bench_with_input(BenchmarkId::new("compile", g), &g, |b, &g| {
            b.iter(|| {
                rules
                    .compile(g.reference_rule())
                    .expect("compiles")
                    .state_count()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench, long, build);
criterion_main!(benches);
