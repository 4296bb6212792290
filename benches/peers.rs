//! Throughput against other Rust URI/IRI crates, on the same inputs in one run.
//!
//! `cargo bench --bench peers`; `benches/peers-table.sh` runs it and prints a Markdown table.
//!
//! Operations, per input set:
//! - `validate`: is the input an IRI-reference? Ours (`validate`, with the start rule as `Rule::IriReference`: the verdict, and for an invalid input
//!   the error from the precompiled DFA of the `.abnf` rule), the verdict alone (`is_valid`), and each
//!   peer's parser used as a validator in its strictest RFC 3987 mode: `oxiri::IriRef::parse`,
//!   `fluent_uri::IriRef::parse`, `iri_string::types::IriReferenceStr::new`. `url::Url::parse` is
//!   WHATWG URL parsing, not RFC 3987 (it rejects relative references and accepts much that the RFCs
//!   do not): it is listed for scale only, as `url-whatwg`.
//! - `parse`: parse into components (scheme, authority, path, query, fragment): ours (`parse`, with
//!   spans), `fluent_uri::IriRef::parse` and `oxiri::IriRef::parse`, reading every component.
//! - `explain`: the full explanation of an invalid input (`explain`: the DFA's error and the rules the
//!   pest parser names), over the inputs of the set that `is_valid`
//!   rejects; only for a set that has some.
//!
//! Input sets (10,000 lines each, the first lines of each file, so the sample is deterministic):
//! - `mix`: `corpus.txt` from `../shared/bench/gen_corpus.py` (about 30% non-ASCII, 1% invalid),
//!   generated with python3 into `$CARGO_TARGET_DIR/bench-corpus/` (or `target/bench-corpus/`) when
//!   absent;
//! - `dbpedia`: `../shared/corpora/realworld-dbpedia-links/iris.txt.gz`;
//! - `ascii`: `corpus_ascii.txt` from the same generator.
//!
//! A set whose source is missing is skipped with a message; when all are, a small built-in list is
//! used, so that the bench always runs.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use iri_abnf::{is_valid, parse, validate, Grammar, Rule};

mod corpus;

use corpus::{dbpedia, generated};

/// Reads one input set, or says why it cannot.
type Loader = fn() -> Result<Vec<String>, String>;

/// The input sets that are available, by name.
fn sets() -> Vec<(&'static str, Vec<String>)> {
    let mut sets = Vec::new();
    let sources: [(&str, Loader); 3] = [
        ("mix", || generated("corpus.txt")),
        ("dbpedia", dbpedia),
        ("ascii", || generated("corpus_ascii.txt")),
    ];
    for (name, load) in sources {
        match load() {
            Ok(lines) if !lines.is_empty() => sets.push((name, lines)),
            Ok(_) => eprintln!("peers: skipping set {name}: no lines"),
            Err(e) => eprintln!("peers: skipping set {name}: {e}"),
        }
    }
    if sets.is_empty() {
        eprintln!("peers: no input set available; using the built-in list");
        sets.push(("builtin", corpus::builtin()));
    }
    sets
}

type Validator = fn(&str) -> bool;

fn ours(s: &str) -> bool {
    validate(Grammar::Iri, Rule::IriReference, s).is_ok()
}

fn oxiri_ok(s: &str) -> bool {
    oxiri::IriRef::parse(s).is_ok()
}

fn fluent_ok(s: &str) -> bool {
    fluent_uri::IriRef::parse(s).is_ok()
}

fn iri_string_ok(s: &str) -> bool {
    iri_string::types::IriReferenceStr::new(s).is_ok()
}

fn url_ok(s: &str) -> bool {
    url::Url::parse(s).is_ok()
}

/// Parse into components and read them: the total length of the components found.
type Parser = fn(&str) -> Option<usize>;

fn ours_parse(s: &str) -> Option<usize> {
    let r = parse(Grammar::Iri, s).ok()?;
    let authority = r.authority().map_or(0, |a| {
        a.userinfo().map_or(0, |u| u.as_str().len())
            + a.host().as_str().len()
            + a.port().map_or(0, |p| p.as_str().len())
    });
    Some(
        r.scheme().map_or(0, |c| c.as_str().len())
            + authority
            + r.path().as_str().len()
            + r.query().map_or(0, |c| c.as_str().len())
            + r.fragment().map_or(0, |c| c.as_str().len()),
    )
}

fn fluent_parse(s: &str) -> Option<usize> {
    let r = fluent_uri::IriRef::parse(s).ok()?;
    let authority = r.authority().map_or(0, |a| {
        a.userinfo().map_or(0, |u| u.as_str().len())
            + a.host().len()
            + a.port().map_or(0, |p| p.as_str().len())
    });
    Some(
        r.scheme().map_or(0, |c| c.as_str().len())
            + authority
            + r.path().as_str().len()
            + r.query().map_or(0, |c| c.as_str().len())
            + r.fragment().map_or(0, |c| c.as_str().len()),
    )
}

fn oxiri_parse(s: &str) -> Option<usize> {
    let r = oxiri::IriRef::parse(s).ok()?;
    Some(
        r.scheme().map_or(0, str::len)
            + r.authority().map_or(0, str::len)
            + r.path().len()
            + r.query().map_or(0, str::len)
            + r.fragment().map_or(0, str::len),
    )
}

fn bench(c: &mut Criterion) {
    for (set, lines) in sets() {
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        let n = lines.len() as u64;

        let mut group = c.benchmark_group(format!("peers-{set}-validate"));
        group.throughput(Throughput::Elements(n));
        // One pass over the set is the unit; the slow engines take a large part of a second per pass.
        group.sampling_mode(SamplingMode::Flat);
        group.sample_size(10);
        let validators: [(&str, Validator); 5] = [
            ("ours", ours),
            ("oxiri", oxiri_ok),
            ("fluent-uri", fluent_ok),
            ("iri-string", iri_string_ok),
            ("url-whatwg", url_ok),
        ];
        let accepted: Vec<String> = validators
            .iter()
            .map(|(name, f)| format!("{name} {}", lines.iter().filter(|s| f(s)).count()))
            .collect();
        eprintln!(
            "peers: set {set}: {n} inputs; accepted: {}, is_valid {}",
            accepted.join(", "),
            lines
                .iter()
                .filter(|s| is_valid(Grammar::Iri, Rule::IriReference, s))
                .count()
        );
        for (name, f) in validators {
            group.bench_function(name, |b| {
                b.iter(|| lines.iter().filter(|s| f(black_box(s))).count())
            });
        }
        group.bench_function("is_valid", |b| {
            b.iter(|| {
                lines
                    .iter()
                    .filter(|s| is_valid(Grammar::Iri, Rule::IriReference, black_box(s)))
                    .count()
            })
        });
        group.finish();

        let mut group = c.benchmark_group(format!("peers-{set}-parse"));
        group.throughput(Throughput::Elements(n));
        group.sampling_mode(SamplingMode::Flat);
        group.sample_size(10);
        let parsers: [(&str, Parser); 3] = [
            ("ours", ours_parse),
            ("oxiri", oxiri_parse),
            ("fluent-uri", fluent_parse),
        ];
        for (name, f) in parsers {
            group.bench_function(name, |b| {
                b.iter(|| lines.iter().filter_map(|s| f(black_box(s))).sum::<usize>())
            });
        }
        group.finish();

        let invalid: Vec<&str> = lines
            .iter()
            .copied()
            .filter(|s| !is_valid(Grammar::Iri, Rule::IriReference, s))
            .collect();
        if invalid.is_empty() {
            continue;
        }
        let mut group = c.benchmark_group(format!("peers-{set}-explain"));
        group.throughput(Throughput::Elements(invalid.len() as u64));
        group.sampling_mode(SamplingMode::Flat);
        group.sample_size(10);
        group.bench_function("ours", |b| {
            b.iter(|| {
                invalid
                    .iter()
                    .filter(|s| {
                        iri_abnf::validate(Grammar::Iri, Rule::IriReference, black_box(s))
                            .map_err(iri_abnf::ParseError::explain)
                            .is_err()
                    })
                    .count()
            })
        });
        group.finish();
    }
}

criterion_group! {
    name = peers;
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = bench
}
criterion_main!(peers);
