//! `iri lint` against `iri check` on the DBpedia links corpus, in memory: the stages that the two
//! commands run per input, without reading the file or writing output. The target, "the lint pass over
//! the DBpedia file takes at most 3 times the time of `iri check` on the same file", is about the
//! commands: `benches/lint-vs-check.sh` times them. This bench shows where the time of a lint goes, and
//! sets it against the verdict alone (the DFA), which is stricter than the target: parsing a reference
//! into its components, which every lint needs, already takes about twice the verdict.
//!
//! `cargo bench --bench lint` (shorter: `cargo bench --bench lint -- --sample-size 10
//! --warm-up-time 1 --measurement-time 10`).
//!
//! The inputs are the lines of `../shared/corpora/realworld-dbpedia-links/iris.txt.gz` (1,730,768
//! IRIs), inflated in memory with `flate2`; lines that are not UTF-8 are left out (`iri check` and
//! `iri lint` report them without checking them). Without the file the bench prints why and does
//! nothing.
//!
//! What is timed, per input, with the grammar `iri` and the default lint options:
//! - `check`: the verdict as `iri check --count` gets it (`count_one` in `src/cli/check.rs`): the
//!   reference rule's DFA, `abnf::dfa(..).is_match`;
//! - `check-validate`: `validate(..).is_ok()`, what `iri check` without `--count` costs on a valid
//!   input (`explain` is `validate` there; the pest explanation runs only for an invalid one);
//! - `lint-path`: one input as `iri lint` handles it (`src/cli/lint.rs`): `parse` (the DFA, then the
//!   split at the delimiters), then `lint::lint(&reference, &LintOptions::default())` on a valid
//!   input, or, on an invalid one, the explanation of its error as the command gives it (`explain`,
//!   with pest's error detail, which the library turns on); no output is written;
//! - `parse`: the first stage of `lint-path` alone (`parse`, valid and invalid inputs);
//! - `lint-only`: the second stage alone, `lint` on the references parsed beforehand (the valid
//!   inputs).
//!
//! Two measurements in one run:
//! 1. one timed pass of each over the whole file (in chunks of 65,536 inputs, `Instant` around each
//!    chunk), printed as a table of seconds and ns per input with the ratio lint-path / check: the
//!    figure of the target;
//! 2. criterion on the same inputs, all of them (`LINT_BENCH_STRIDE=N` takes every Nth line instead,
//!    for a shorter run), throughput in inputs. One pass over the file is the unit (flat sampling):
//!    about a second for the slowest stage, so a sample of 10 (the default here) takes seconds.
//!
//! The whole-file pass runs only under `cargo bench` (criterion's `--bench`), not under `cargo test
//! --benches`. End to end, with reading and output, `iri lint --format json --input FILE` against
//! `iri check --jobs 1 --count --input FILE` measure the same target on the command line.

use std::fs::File;
use std::hint::black_box;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::time::{Duration, Instant};

use criterion::{Criterion, SamplingMode, Throughput};
use iri_abnf::lint::{lint, LintOptions};
use iri_abnf::{abnf, parse, validate, Grammar, ParseError, Reference, Rule};

/// The directory beside the clone that holds the third-party corpora.
const SHARED: &str = "../shared";

/// The criterion inputs: every `STRIDE`th line (by default every line).
const STRIDE: usize = 1;

/// Inputs per timed chunk of the whole-file pass.
const CHUNK: usize = 1 << 16;

/// Every line of the gzip file that is UTF-8, without its line terminator.
fn load() -> Result<Vec<String>, String> {
    let file = Path::new(SHARED).join("corpora/realworld-dbpedia-links/iris.txt.gz");
    let f = File::open(&file).map_err(|e| format!("{}: {e}", file.display()))?;
    let mut reader = BufReader::with_capacity(1 << 16, flate2::read::MultiGzDecoder::new(f));
    let mut lines = Vec::new();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match reader.read_until(b'\n', &mut buf) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => return Err(format!("{}: {e}", file.display())),
        }
        if buf.last() == Some(&b'\n') {
            buf.pop();
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
        }
        if let Ok(s) = std::str::from_utf8(&buf) {
            lines.push(s.to_string());
        }
    }
    Ok(lines)
}

/// `iri check --count` on one input.
fn check(dfa: &abnf::Dfa, s: &str) -> bool {
    dfa.is_match(s)
}

/// `iri check` without `--count` on one input, but for the explanation of an invalid one.
fn check_validate(s: &str) -> bool {
    validate(Grammar::Iri, Rule::IriReference, s).is_ok()
}

/// The error as `iri lint` reports it (`cli::explained`): `explain`'s when it is at the same offset.
fn explained(e: ParseError) -> ParseError {
    match iri_abnf::validate(e.grammar, e.rule, e.input()).map_err(ParseError::explain) {
        Err(full) if full.offset == e.offset => full,
        _ => e,
    }
}

/// `iri lint` on one input, without the output: the number of diagnostics, or 1 for an error.
fn lint_path(s: &str, options: &LintOptions) -> usize {
    match parse(Grammar::Iri, s) {
        Ok(r) => lint(&r, options).len(),
        Err(e) => {
            black_box(explained(e));
            1
        }
    }
}

fn parsed(lines: &[&'static str]) -> Vec<Reference<'static>> {
    lines
        .iter()
        .filter_map(|s| parse(Grammar::Iri, s).ok())
        .collect()
}

/// The seconds of each stage over all of `lines`, timed chunk by chunk.
#[derive(Default)]
struct Totals {
    check: Duration,
    check_validate: Duration,
    lint_path: Duration,
    parse: Duration,
    lint_only: Duration,
    explain: Duration,
    valid: usize,
    invalid: usize,
    diagnostics: usize,
}

/// Runs `f`, adding its time to `total`.
fn timed<R>(total: &mut Duration, f: impl FnOnce() -> R) -> R {
    let started = Instant::now();
    let r = f();
    *total += started.elapsed();
    r
}

fn whole_file(lines: &[&'static str], dfa: &abnf::Dfa, options: &LintOptions) -> Totals {
    let mut t = Totals::default();
    for chunk in lines.chunks(CHUNK) {
        let valid = timed(&mut t.check, || {
            chunk.iter().filter(|s| check(dfa, black_box(s))).count()
        });
        let v = timed(&mut t.check_validate, || {
            chunk
                .iter()
                .filter(|s| check_validate(black_box(s)))
                .count()
        });
        assert_eq!(v, valid, "validate and the DFA disagree");
        t.diagnostics += timed(&mut t.lint_path, || {
            chunk
                .iter()
                .map(|s| lint_path(black_box(s), options))
                .sum::<usize>()
        });
        // Timed without keeping the references (as `lint-path` does not), then kept for `lint-only`.
        timed(&mut t.parse, || {
            chunk
                .iter()
                .filter(|s| parse(Grammar::Iri, black_box(s)).is_ok())
                .count()
        });
        let results: Vec<_> = chunk.iter().map(|s| parse(Grammar::Iri, s)).collect();
        let (references, errors): (Vec<_>, Vec<_>) = results.into_iter().partition(Result::is_ok);
        timed(&mut t.lint_only, || {
            for r in references.iter().flatten() {
                black_box(lint(black_box(r), options));
            }
        });
        timed(&mut t.explain, || {
            for e in errors.into_iter().filter_map(Result::err) {
                black_box(explained(e));
            }
        });
        t.valid += valid;
        t.invalid += chunk.len() - valid;
    }
    t
}

fn print_whole_file(t: &Totals) {
    let n = (t.valid + t.invalid) as f64;
    let row = |name: &str, d: Duration, what: &str| {
        println!(
            "| {name:<14} | {:>9.3} | {:>10.1} | {:>5.2} | {what}",
            d.as_secs_f64(),
            d.as_secs_f64() * 1e9 / n,
            d.as_secs_f64() / t.check.as_secs_f64()
        );
    };
    println!(
        "\nlint: whole file, one pass: {} inputs ({} valid, {} invalid), {} diagnostics",
        t.valid + t.invalid,
        t.valid,
        t.invalid,
        t.diagnostics
    );
    println!("| stage          |   seconds | ns / input | × check | what");
    println!("| -------------- | --------- | ---------- | ------- | ----");
    row("check", t.check, "DFA verdict (iri check --count)");
    row("check-validate", t.check_validate, "validate().is_ok()");
    row(
        "lint-path",
        t.lint_path,
        "parse + lint (+ explain if invalid)",
    );
    row("parse", t.parse, "parse alone, every input");
    row("lint-only", t.lint_only, "lint alone, parsed valid inputs");
    row("explain", t.explain, "explained(), invalid inputs");
    let ratio = t.lint_path.as_secs_f64() / t.check.as_secs_f64();
    println!(
        "lint-path / check = {ratio:.2} (in memory, against the verdict alone; the commands' ratio, \
         the target's, is benches/lint-vs-check.sh's)\n"
    );
}

fn bench(c: &mut Criterion, lines: &[&'static str], dfa: &abnf::Dfa, options: &LintOptions) {
    let stride = std::env::var("LINT_BENCH_STRIDE")
        .ok()
        .and_then(|s| s.parse::<usize>().ok())
        .filter(|&s| s > 0)
        .unwrap_or(STRIDE);
    let sample: Vec<&'static str> = lines.iter().copied().step_by(stride).collect();
    let references = parsed(&sample);
    eprintln!(
        "lint: criterion inputs: every line from the first in steps of {stride}, {} inputs ({} valid)",
        sample.len(),
        references.len()
    );
    let mut group = c.benchmark_group("lint-dbpedia");
    group.throughput(Throughput::Elements(sample.len() as u64));
    group.sampling_mode(SamplingMode::Flat);
    group.bench_function("check", |b| {
        b.iter(|| sample.iter().filter(|s| check(dfa, black_box(s))).count())
    });
    group.bench_function("check-validate", |b| {
        b.iter(|| {
            sample
                .iter()
                .filter(|s| check_validate(black_box(s)))
                .count()
        })
    });
    group.bench_function("lint-path", |b| {
        b.iter(|| {
            sample
                .iter()
                .map(|s| lint_path(black_box(s), options))
                .sum::<usize>()
        })
    });
    group.bench_function("parse", |b| {
        b.iter(|| {
            sample
                .iter()
                .filter(|s| parse(Grammar::Iri, black_box(s)).is_ok())
                .count()
        })
    });
    group.throughput(Throughput::Elements(references.len() as u64));
    group.bench_function("lint-only", |b| {
        b.iter(|| {
            references
                .iter()
                .map(|r| lint(black_box(r), options).len())
                .sum::<usize>()
        })
    });
    group.finish();
}

fn main() {
    // As the `iri` command does (src/main.rs): the explanation of an invalid input names its rules.
    let lines = match load() {
        Ok(lines) => lines,
        Err(e) => {
            eprintln!("lint: skipping: {e}");
            return;
        }
    };
    // Kept for the whole run: the references borrow from them.
    let lines: &'static [String] = Vec::leak(lines);
    let lines: Vec<&'static str> = lines.iter().map(String::as_str).collect();
    let Ok(dfa) = abnf::dfa(Grammar::Iri, Rule::IriReference) else {
        eprintln!("lint: no DFA for IRI-reference");
        return;
    };
    let options = LintOptions::default();
    if std::env::args().any(|a| a == "--bench") {
        print_whole_file(&whole_file(&lines, dfa, &options));
    }
    let mut c = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10))
        .configure_from_args();
    bench(&mut c, &lines, dfa, &options);
    c.final_summary();
}
