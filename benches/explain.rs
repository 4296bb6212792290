//! The pest parser, the explainer: the parse tree of a valid input and the error of an invalid one.
//!
//! `cargo bench --bench explain`. Input: the first 10,000 lines of `corpus.txt` from
//! `../shared/bench/gen_corpus.py` (about 30% non-ASCII, 1% invalid), generated with python3 into
//! `$CARGO_TARGET_DIR/bench-corpus/` (or `target/bench-corpus/`) when absent; a small built-in list
//! when the generator is missing. Grammar `iri`, rule `IRI-reference`. Times are per input.
//!
//! - `tree/mix`: [`syntax::parse_tree`] on every line (an invalid line gets its error, without
//!   `pest::set_error_detail`);
//! - `tree/mix-valid`: the same on the valid lines only;
//! - `explain/mix-invalid`: [`explain`] of the invalid lines with `pest::set_error_detail(true)` (as
//!   the `iri` command runs it): the DFA finds the offset, then pest runs with error detail to name the
//!   rules it was trying there;
//! - `explain/pest-only`: that pest run alone ([`syntax::pest_failure`]).

use std::fs::File;
use std::hint::black_box;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use iri_abnf::{is_valid, syntax, Grammar};

/// Lines taken from the corpus.
const SAMPLE: usize = 10_000;

const SHARED: &str = "../shared";

const RULE: &str = "IRI-reference";

const BUILTIN: &[&str] = &[
    "http://example.org/a/b?q=1#frag",
    "http://r%C3%A9sum%C3%A9.example.org/",
    "//[2001:db8::7]:8080/p?x#y",
    "http://résumé.example.org/dé?ç#ü",
    "mailto:user@example.org?subject=hi",
    "../a/b;p?q",
    "not a uri at all",
    "urn:isbn:0451450523",
    "http://dbpedia.org/resource/Café_de_Flore",
    "http://[::1]:80/",
    "http://a/b c",
    "http://[fe80::1%25eth0]/",
];

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("target"))
}

/// The first `SAMPLE` lines of `corpus.txt`, generating the corpus first when it is absent.
fn mix() -> Result<Vec<String>, String> {
    let dir = target_dir().join("bench-corpus");
    let file = dir.join("corpus.txt");
    if !file.exists() {
        let script = Path::new(SHARED).join("bench/gen_corpus.py");
        if !script.exists() {
            return Err(format!("{} not found", script.display()));
        }
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let status = Command::new("python3")
            .arg(&script)
            .arg(&dir)
            .stdout(std::process::Stdio::null())
            .status()
            .map_err(|e| format!("running python3 {}: {e}", script.display()))?;
        if !status.success() {
            return Err(format!("python3 {}: {status}", script.display()));
        }
    }
    let f = File::open(&file).map_err(|e| format!("{}: {e}", file.display()))?;
    let mut out = Vec::with_capacity(SAMPLE);
    let mut reader = BufReader::new(f);
    let mut buf = Vec::new();
    while out.len() < SAMPLE {
        buf.clear();
        match reader.read_until(b'\n', &mut buf) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => return Err(format!("{}: {e}", file.display())),
        }
        while matches!(buf.last(), Some(b'\n' | b'\r')) {
            buf.pop();
        }
        if let Ok(s) = std::str::from_utf8(&buf) {
            out.push(s.to_string());
        }
    }
    Ok(out)
}

fn bench(c: &mut Criterion) {
    let lines = match mix() {
        Ok(lines) if !lines.is_empty() => lines,
        Ok(_) => {
            eprintln!("explain: corpus.txt has no lines; using the built-in list");
            BUILTIN.iter().map(|s| s.to_string()).collect()
        }
        Err(e) => {
            eprintln!("explain: {e}; using the built-in list");
            BUILTIN.iter().map(|s| s.to_string()).collect()
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

    pest::set_error_detail(false);
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
    pest::set_error_detail(true);
    let mut group = c.benchmark_group("explain");
    group.throughput(Throughput::Elements(invalid.len() as u64));
    group.bench_function("mix-invalid", |b| {
        b.iter(|| {
            invalid
                .iter()
                .map(
                    |s| match iri_abnf::explain(Grammar::Iri, RULE, black_box(s)) {
                        Err(e) => e.as_parse().map_or(0, |e| e.expected.len()),
                        Ok(()) => 0,
                    },
                )
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
    pest::set_error_detail(false);
}

criterion_group! {
    name = explain;
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = bench
}
criterion_main!(explain);
