//! The pest parser, the explainer: the parse tree of a valid input and the error of an invalid one.
//!
//! `cargo bench --bench explain`. Input: the first 10,000 lines of `corpus.txt` from
//! `../shared/bench/gen_corpus.py` (about 30% non-ASCII, 1% invalid), generated with python3 into
//! `$CARGO_TARGET_DIR/bench-corpus/` (or `target/bench-corpus/`) when absent; a small built-in list
//! when the generator is missing. Grammar `iri`, rule `IRI-reference`. Times are per input.
//!
//! - `tree/mix`: [`syntax::parse_tree`] on every line (an invalid line gets its error);
//! - `tree/mix-valid`: the same on the valid lines only;
//! - `explain/mix-invalid`: [`explain`] of the invalid lines: the DFA finds the offset, then pest runs
//!   with error detail (which the library turns on for its pest parses) to name the rules it was
//!   trying there;
//! - `explain/pest-only`: that pest run alone ([`syntax::pest_failure`]).

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use iri_abnf::{is_valid, syntax, Grammar, Rule};

mod corpus;

const RULE: Rule = Rule::IriReference;

fn bench(c: &mut Criterion) {
    let lines = match corpus::generated("corpus.txt") {
        Ok(lines) if !lines.is_empty() => lines,
        Ok(_) => {
            eprintln!("explain: corpus.txt has no lines; using the built-in list");
            corpus::builtin()
        }
        Err(e) => {
            eprintln!("explain: {e}; using the built-in list");
            corpus::builtin()
        }
    };
    let all: Vec<&str> = lines.iter().map(String::as_str).collect();
    let (valid, invalid): (Vec<&str>, Vec<&str>) =
        all.iter().partition(|s| is_valid(Grammar::Iri, RULE, s));
    eprintln!(
        "explain: {} inputs, {} valid, {} invalid",
        all.len(),
        valid.len(),
        invalid.len()
    );

    let mut group = c.benchmark_group("tree");
    for (name, set) in [("mix", &all), ("mix-valid", &valid)] {
        group.throughput(Throughput::Elements(set.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                set.iter()
                    .map(
                        |s| match syntax::parse_tree(Grammar::Iri, RULE, black_box(s)) {
                            Ok(tree) => tree.children.len(),
                            Err(_) => 0,
                        },
                    )
                    .sum::<usize>()
            })
        });
    }
    group.finish();

    if invalid.is_empty() {
        return;
    }
    let mut group = c.benchmark_group("explain");
    group.throughput(Throughput::Elements(invalid.len() as u64));
    group.bench_function("mix-invalid", |b| {
        b.iter(|| {
            invalid
                .iter()
                .map(|s| {
                    match iri_abnf::validate(Grammar::Iri, RULE, black_box(s))
                        .map_err(iri_abnf::ParseError::explain)
                    {
                        Err(e) => e.expected().len(),
                        Ok(()) => 0,
                    }
                })
                .sum::<usize>()
        })
    });
    group.bench_function("pest-only", |b| {
        b.iter(|| {
            invalid
                .iter()
                .filter_map(|s| syntax::pest_failure(Grammar::Iri, RULE, black_box(s)))
                .map(|(offset, names)| offset + names.len())
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group! {
    name = explain;
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = bench
}
criterion_main!(explain);
