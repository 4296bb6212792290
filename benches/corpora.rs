//! Throughput against the Rust URI/IRI crates on generated input sets, in one run.
//!
//! `cargo bench --bench corpora`; `benches/corpora-table.sh` runs it and prints a Markdown table.
//!
//! Input sets (10,000 strings each, generated in-process by `benches/corpus/sets.rs`, the same on every
//! run):
//! - `near-miss`: invalid strings one to three random edits (`iri_abnf::abnf::mutate`) away from valid
//!   IRI-references, generated from the rule `IRI-reference` of the grammar `iri` and, when
//!   `../shared/corpora/realworld-dbpedia-links/iris.txt.gz` is there, the valid lines of the DBpedia
//!   sample (alternately); only the strings that the grammar `iri` rejects are kept. It measures the
//!   error path.
//! - `spec-heavy`: valid IRI-references built around a string of one rule of one of the grammars `uri`,
//!   `rfc3987`, `iri` and `leiri` (every rule, put in its place: a host, a literal between brackets, a
//!   segment, a query...), weighted towards the IPv6 and IPvFuture literals, percent-encodings, the
//!   `ucschar` ranges and `iprivate` in queries; the other parts generated from the grammar `iri`.
//! - `non-ascii`: localized DBpedia and Wikipedia links (`http://{lang}.dbpedia.org/resource/{Title}`,
//!   `https://{lang}.wikipedia.org/wiki/{Title}`) with titles in CJK, Hangul, Cyrillic, Arabic, Hebrew,
//!   Devanagari, Thai and Greek letters; some with parentheses, percent-encoded words, queries and
//!   fragments.
//! - `adversarial`: a string of every rule of each of the nine grammars in turn (historical ones
//!   included), put in its place in a reference, then left as it is, mutated (`abnf::mutate`), given
//!   characters of a Unicode plane (every plane in turn, often at the ends of the `ucschar` and
//!   `iprivate` ranges), or both; a third valid, two thirds invalid. Also measured by length.
//! - `dbpedia` (for reference, when the shared corpus is there): its first 10,000 lines.
//!
//! Share of the strings with a `[`, a `%` and a non-ASCII character (also printed by each run):
//!
//! | set | `[` | `%` | non-ASCII |
//! |---|---:|---:|---:|
//! | near-miss (with the DBpedia lines) | 5.3% | 44.5% | 51.0% |
//! | spec-heavy | 36.5% | 42.5% | 47.9% |
//! | non-ascii | 0.0% | 16.4% | 92.5% |
//! | dbpedia | 0.0% | 1.6% | 0.0% |
//!
//! In spec-heavy, each of the 17 `ucschar` ranges is in about 300 strings, each of the 4 `iprivate`
//! ranges in about 1,200 (those of the tags U+E0000-E0FFF, a 3987bis addition, are the strings the
//! peers reject), an IPv6 literal in about 1,900 and an IPvFuture literal in about 1,600.
//!
//! Operations, per set:
//! - `validate`: is the input an IRI-reference? Ours (`is_valid` with the grammar `iri` and the rule
//!   `Rule::IriReference`: the verdict of the precompiled DFA; and `is_valid-by-name`, the same call
//!   with the rule given by its name `"IRI-reference"`, a literal whose lookup the compiler folds
//!   away; in the interleaved table also with the name hidden from the compiler, as a name read at
//!   run time is) and each peer's parser used as a validator in
//!   its strictest RFC 3987 mode: `oxiri::IriRef::parse`, `fluent_uri::IriRef::parse`,
//!   `iri_string::types::IriReferenceStr::new`.
//! - `parse`: ours (`parse` with the grammar `iri`), `oxiri::IriRef::parse` and
//!   `fluent_uri::IriRef::parse`, reading every component of a valid input (oxiri has no userinfo,
//!   host or port of its own and reads the authority whole); the result of an invalid one (ours: the error with its offset and what
//!   was expected) goes through `black_box`.
//!
//! With `CORPORA_INTERLEAVED=ROUNDS` (`benches/corpora-interleaved.sh`), the bench does not run criterion
//! but the interleaved measurement ([`interleaved`]): every contender over the set (warmed, then
//! timed) in each round, in turn, and the median over the rounds of each time and of each round's
//! ratio, as a Markdown table; `near-miss` also by the length of its strings.
//!
//! The interleaved measurement also times two plain walks of the same automaton, the yardstick of
//! `is_valid` (which must never be slower): a flat table of 256 entries per state indexed by the
//! byte, one lookup per byte ([`FlatWalk`], built from `Dfa::rows`), and the walk of
//! `regex-automata`'s DFA (`Dfa::next` for each byte); the ratio is to the faster of the two in the
//! round.
//! The flat walk's verdicts are checked against `is_valid`'s before measuring.
//!
//! With `CORPORA_SETS=set,set`, only those sets are generated and measured.
//!
//! With `CORPORA_DUMP=DIR`, the sets are written to `DIR/{set}.txt` to be looked at: one string a line,
//! as a Rust string literal (the near misses have controls and line breaks).
//!
//! Before measuring, each run prints, per set, how many strings each peer judges otherwise than ours,
//! with an example.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, Criterion, SamplingMode, Throughput};
use iri_abnf::{is_valid, parse, Grammar, Rule};

mod corpus;

use corpus::sets::{self, valid};

/// The sets, by name: the three generated ones, and the DBpedia sample when it is there.
fn input_sets() -> Vec<(&'static str, Vec<String>)> {
    let dbpedia = match corpus::dbpedia() {
        Ok(lines) => lines,
        Err(e) => {
            eprintln!("corpora: no dbpedia set and no DBpedia lines in near-miss: {e}");
            Vec::new()
        }
    };
    let chosen = std::env::var("CORPORA_SETS").ok();
    let wanted = |set: &str| {
        chosen
            .as_deref()
            .is_none_or(|sets| sets.split(',').any(|s| s == set))
    };
    let mut out = Vec::new();
    if wanted("near-miss") {
        out.push(("near-miss", sets::near_miss(&dbpedia)));
    }
    if wanted("spec-heavy") {
        out.push(("spec-heavy", sets::spec_heavy()));
    }
    if wanted("non-ascii") {
        out.push(("non-ascii", sets::non_ascii()));
    }
    if wanted("adversarial") {
        out.push(("adversarial", sets::adversarial()));
    }
    if !dbpedia.is_empty() && wanted("dbpedia") {
        out.push(("dbpedia", dbpedia));
    }
    out
}

/// The plain walk of the automaton `is_valid` walks (grammar `iri`, rule `IRI-reference`) as flat as
/// it gets: one table of 256 entries per state, indexed by the byte itself, one lookup per byte and a
/// test for the dead state, no runs, no classes. Built from [`iri_abnf::abnf::Dfa::rows`]; the yardstick
/// of "never slower than the plain walk".
struct FlatWalk {
    /// `next[s + b]`: the state after byte `b` from the state at `s` (a multiple of 256; 0 is the
    /// dead state).
    next: Vec<u32>,
    /// Whether the input may end in the state at `s`, at `s >> 8`.
    accept: Vec<bool>,
    start: u32,
}

impl FlatWalk {
    fn new() -> FlatWalk {
        let dfa = iri_abnf::abnf::dfa(Grammar::Iri, Rule::IriReference).expect("precompiled");
        let t = dfa.rows().expect("a table");
        // The states as the rows number them, renumbered densely from the dead state (0).
        let mut index = std::collections::HashMap::from([(0usize, 0usize)]);
        let mut order = vec![0usize];
        let mut todo = vec![t.start];
        index.insert(t.start, 1);
        order.push(t.start);
        while let Some(s) = todo.pop() {
            for c in 0..t.width {
                let to = usize::from(t.rows[s + c]);
                if let std::collections::hash_map::Entry::Vacant(e) = index.entry(to) {
                    e.insert(order.len());
                    order.push(to);
                    todo.push(to);
                }
            }
        }
        let mut next = vec![0u32; order.len() * 256];
        let mut accept = vec![false; order.len()];
        for (k, &s) in order.iter().enumerate().skip(1) {
            for b in 0..256 {
                let to = usize::from(t.rows[s + usize::from(t.classes[b])]);
                next[k * 256 + b] = (index[&to] * 256) as u32;
            }
            accept[k] = t.rows[s + t.width] != 0;
        }
        FlatWalk {
            next,
            accept,
            start: (index[&t.start] * 256) as u32,
        }
    }

    #[inline(never)]
    fn is_match(&self, input: &str) -> bool {
        let mut s = self.start;
        for &b in input.as_bytes() {
            s = self.next[s as usize + usize::from(b)];
            if s == 0 {
                return false;
            }
        }
        self.accept[s as usize >> 8]
    }
}

/// The plain walk through `regex-automata`'s own DFA (`Dfa::next` for each byte, stopping at the
/// dead state).
fn plain(s: &str) -> bool {
    static DFA: std::sync::OnceLock<&iri_abnf::abnf::Dfa> = std::sync::OnceLock::new();
    let dfa = DFA.get_or_init(|| {
        iri_abnf::abnf::dfa(Grammar::Iri, Rule::IriReference).expect("precompiled")
    });
    let mut state = dfa.start();
    for &byte in s.as_bytes() {
        state = dfa.next(state, byte);
        if dfa.is_dead(state) {
            return false;
        }
    }
    dfa.accepts_end(state)
}

type Validator = fn(&str) -> bool;

fn ours(s: &str) -> bool {
    valid(s)
}

/// Ours with the rule given by name, the form the crate docs teach for any start rule: the same
/// verdict as [`ours`], plus the lookup of the name.
fn ours_by_name(s: &str) -> bool {
    is_valid(Grammar::Iri, "IRI-reference", s)
}

/// Ours with the rule given by a name that the compiler does not know (read at run time, as from a
/// command line): the lookup of the name is not folded away.
fn ours_by_runtime_name(s: &str) -> bool {
    is_valid(Grammar::Iri, black_box("IRI-reference"), s)
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

const PEERS: [(&str, Validator); 3] = [
    ("oxiri", oxiri_ok),
    ("fluent-uri", fluent_ok),
    ("iri-string", iri_string_ok),
];

/// Parse into components and read them: the total length of the components found, or 0 for an
/// invalid input (whose error goes through `black_box`).
type Parser = fn(&str) -> usize;

fn ours_parse(s: &str) -> usize {
    let r = match parse(Grammar::Iri, s) {
        Ok(r) => r,
        Err(e) => {
            black_box(e);
            return 0;
        }
    };
    let authority = r.authority().map_or(0, |a| {
        a.userinfo().map_or(0, |u| u.as_str().len())
            + a.host().as_str().len()
            + a.port().map_or(0, |p| p.as_str().len())
    });
    r.scheme().map_or(0, |c| c.as_str().len())
        + authority
        + r.path().as_str().len()
        + r.query().map_or(0, |c| c.as_str().len())
        + r.fragment().map_or(0, |c| c.as_str().len())
}

fn fluent_parse(s: &str) -> usize {
    let r = match fluent_uri::IriRef::parse(s) {
        Ok(r) => r,
        Err(e) => {
            black_box(e);
            return 0;
        }
    };
    let authority = r.authority().map_or(0, |a| {
        a.userinfo().map_or(0, |u| u.as_str().len())
            + a.host().len()
            + a.port().map_or(0, |p| p.as_str().len())
    });
    r.scheme().map_or(0, |c| c.as_str().len())
        + authority
        + r.path().as_str().len()
        + r.query().map_or(0, |c| c.as_str().len())
        + r.fragment().map_or(0, |c| c.as_str().len())
}

/// oxiri's parse, reading every component it has.
fn oxiri_parse(s: &str) -> usize {
    let r = match oxiri::IriRef::parse(s) {
        Ok(r) => r,
        Err(e) => {
            black_box(e);
            return 0;
        }
    };
    // oxiri has no userinfo, host or port of its own: the authority is read whole.
    r.scheme().map_or(0, str::len)
        + r.authority().map_or(0, str::len)
        + r.path().len()
        + r.query().map_or(0, str::len)
        + r.fragment().map_or(0, str::len)
}

/// Prints the shares of the set and, for each peer, the strings it judges otherwise than ours.
fn report(set: &str, lines: &[&str]) {
    let owned: Vec<String> = lines.iter().map(|s| s.to_string()).collect();
    let (bracket, percent, non_ascii) = sets::shares(&owned);
    let accepted = lines.iter().filter(|s| valid(s)).count();
    eprintln!(
        "corpora: set {set}: {} strings, {accepted} valid; with '[' {bracket:.1}%, with '%' \
         {percent:.1}%, non-ASCII {non_ascii:.1}%",
        lines.len()
    );
    // The 3987bis `iprivate` adds the tags U+E0000-E0FFF (allowed in a query only), which RFC 3987 has
    // in neither `ucschar` nor `iprivate`; the peers follow RFC 3987.
    let tags = |s: &&str| s.chars().any(|c| ('\u{E0000}'..='\u{E0FFF}').contains(&c));
    for (peer, f) in PEERS {
        let (with_tags, others): (Vec<&str>, Vec<&str>) = lines
            .iter()
            .copied()
            .filter(|s| valid(s) && !f(s))
            .partition(tags);
        if !with_tags.is_empty() || !others.is_empty() {
            eprintln!(
                "corpora: set {set}: {peer} rejects {} strings that ours accepts: {} with a tag \
                 character (U+E0000-E0FFF) in the query, e.g. {:?}; {} others, e.g. {:?}",
                with_tags.len() + others.len(),
                with_tags.len(),
                with_tags.first().unwrap_or(&""),
                others.len(),
                others.first().unwrap_or(&""),
            );
        }
        let accepts: Vec<&str> = lines
            .iter()
            .copied()
            .filter(|s| !valid(s) && f(s))
            .collect();
        if let Some(example) = accepts.first() {
            eprintln!(
                "corpora: set {set}: {peer} accepts {} strings that ours rejects, e.g. {example:?}",
                accepts.len()
            );
        }
    }
}

fn bench(c: &mut Criterion) {
    let flat = FlatWalk::new();
    let dump = std::env::var_os("CORPORA_DUMP").map(std::path::PathBuf::from);
    for (set, lines) in input_sets() {
        if let Some(dir) = &dump {
            let file = dir.join(format!("{set}.txt"));
            let text: String = lines.iter().map(|s| format!("{s:?}\n")).collect();
            std::fs::write(&file, text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        }
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        let n = lines.len() as u64;
        report(set, &lines);

        let mut group = c.benchmark_group(format!("corpora-{set}-validate"));
        group.throughput(Throughput::Elements(n));
        group.sampling_mode(SamplingMode::Flat);
        group.sample_size(20);
        let validators = [
            ("is_valid", ours as Validator),
            ("is_valid-by-name", ours_by_name),
            ("plain-walk", plain),
        ]
        .into_iter()
        .chain(PEERS);
        for (name, f) in validators {
            group.bench_function(name, |b| {
                b.iter(|| lines.iter().filter(|s| f(black_box(s))).count())
            });
        }
        group.bench_function("flat-walk", |b| {
            b.iter(|| lines.iter().filter(|s| flat.is_match(black_box(s))).count())
        });
        group.finish();

        let mut group = c.benchmark_group(format!("corpora-{set}-parse"));
        group.throughput(Throughput::Elements(n));
        group.sampling_mode(SamplingMode::Flat);
        group.sample_size(20);
        let parsers: [(&str, Parser); 3] = [
            ("ours", ours_parse),
            ("oxiri", oxiri_parse),
            ("fluent-uri", fluent_parse),
        ];
        for (name, f) in parsers {
            group.bench_function(name, |b| {
                b.iter(|| lines.iter().map(|s| f(black_box(s))).sum::<usize>())
            });
        }
        group.finish();
    }
}

/// The interleaved measurement (`CORPORA_INTERLEAVED=ROUNDS`): in each round, every contender goes
/// over the set once untimed and twice timed, one after the other, in an order that turns from round to round, and its time
/// per input is noted. Ours and the peers are then compared within each round, under the same
/// conditions of the machine, and the table gives the median over the rounds of each time and of each
/// round's ratio, with the ratio's quartiles. On a virtual machine whose speed drifts over seconds,
/// this ratio moves less between runs than the ratio of two criterion benchmarks measured one after
/// the other.
fn interleaved(rounds: usize) {
    let flat: &'static FlatWalk = Box::leak(Box::new(FlatWalk::new()));
    type Contender = (&'static str, Box<dyn Fn(&str) -> usize>);
    let contenders: Vec<Contender> = vec![
        ("is_valid", Box::new(|s| usize::from(ours(s)))),
        ("oxiri", Box::new(|s| usize::from(oxiri_ok(s)))),
        ("fluent-uri", Box::new(|s| usize::from(fluent_ok(s)))),
        ("iri-string", Box::new(|s| usize::from(iri_string_ok(s)))),
        ("parse", Box::new(ours_parse)),
        ("fluent-uri parse", Box::new(fluent_parse)),
        (
            "is_valid by name",
            Box::new(|s| usize::from(ours_by_name(s))),
        ),
        (
            "is_valid by run-time name",
            Box::new(|s| usize::from(ours_by_runtime_name(s))),
        ),
        (
            "flat walk",
            Box::new(move |s| usize::from(flat.is_match(s))),
        ),
        ("plain walk", Box::new(|s| usize::from(plain(s)))),
        ("oxiri parse", Box::new(oxiri_parse)),
    ];
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        (v[v.len() / 2], v[v.len() / 4], v[v.len() * 3 / 4])
    };
    let mut table = String::new();
    table.push_str(
        "| set | is_valid (ours) | oxiri | fluent-uri | iri-string | is_valid ÷ fastest peer \
         (quartiles) | parse (ours) | parse (oxiri) | parse (fluent-uri) | parse ÷ oxiri (quartiles) | \
         parse ÷ fluent-uri (quartiles) | is_valid by name | by name ÷ by `Rule` (quartiles) | by run-time name ÷ by `Rule` \
         (quartiles) | flat walk | plain walk (regex-automata) | is_valid ÷ fastest plain walk \
         (quartiles) |\n",
    );
    table.push_str(
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    // The sets, and `near-miss` by the length of its strings, which tells how much of its time is
    // the mix of lengths.
    let mut sets: Vec<(String, Vec<String>)> = Vec::new();
    for (set, lines) in input_sets() {
        let by_length: &[(&str, std::ops::Range<usize>)] = match set {
            "near-miss" | "adversarial" => {
                &[("<16", 0..16), ("16–31", 16..32), ("≥32", 32..usize::MAX)]
            }
            _ => &[],
        };
        let parts: Vec<(String, Vec<String>)> = by_length
            .iter()
            .map(|(name, range)| {
                let part = lines.iter().filter(|s| range.contains(&s.len())).cloned();
                (format!("{set} {name} bytes"), part.collect())
            })
            .collect();
        sets.push((set.to_string(), lines));
        sets.extend(parts);
    }
    for (set, lines) in &sets {
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        report(set, &lines);
        if let Some(s) = lines.iter().find(|s| flat.is_match(s) != ours(s)) {
            panic!("corpora: set {set}: the flat walk and is_valid disagree on {s:?}");
        }
        // times[c][r]: contender c in round r, ns per input.
        let mut times = vec![Vec::with_capacity(rounds); contenders.len()];
        for round in 0..rounds {
            for k in 0..contenders.len() {
                let c = (round + k) % contenders.len();
                let f = &contenders[c].1;
                // One pass untimed, so that the timed ones find the contender's code and tables in
                // the caches and its branches learnt, as criterion's warm-up does.
                let mut sum: usize = lines.iter().map(|s| f(black_box(s))).sum();
                let start = std::time::Instant::now();
                for _ in 0..2 {
                    for s in &lines {
                        sum += f(black_box(s));
                    }
                }
                black_box(sum);
                let ns = start.elapsed().as_nanos() as f64 / (2 * lines.len()) as f64;
                times[c].push(ns);
            }
        }
        let ratio = |ours: usize, of: &[usize]| {
            median(
                (0..rounds)
                    .map(|r| {
                        let fastest = of.iter().map(|&p| times[p][r]).fold(f64::MAX, f64::min);
                        times[ours][r] / fastest
                    })
                    .collect(),
            )
        };
        let cell = |c: usize| format!("{:.1}", median(times[c].clone()).0);
        let (v, v1, v3) = ratio(0, &[1, 2, 3]);
        let (p, p1, p3) = ratio(4, &[5]);
        let (o, o1, o3) = ratio(4, &[10]);
        let (n, n1, n3) = ratio(6, &[0]);
        let (m, m1, m3) = ratio(7, &[0]);
        let (w, w1, w3) = ratio(0, &[8, 9]);
        table.push_str(&format!(
            "| {set} | {} | {} | {} | {} | {v:.2}× ({v1:.2}–{v3:.2}) | {} | {} | {} \
             | {o:.2}× ({o1:.2}–{o3:.2}) | {p:.2}× ({p1:.2}–{p3:.2}) \
             | {} | {n:.2}× ({n1:.2}–{n3:.2}) | {m:.2}× ({m1:.2}–{m3:.2}) | {} | {} \
             | {w:.2}× ({w1:.2}–{w3:.2}) |\n",
            cell(0),
            cell(1),
            cell(2),
            cell(3),
            cell(4),
            cell(10),
            cell(5),
            cell(6),
            cell(8),
            cell(9),
        ));
    }
    println!("{table}");
    println!(
        "Median over {rounds} rounds of the time per input in ns, and of each round's ratio (its \
         quartiles in brackets); 10,000 inputs per set, the parts of `near-miss` its strings of each \
         length."
    );
}

criterion_group! {
    name = corpora;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = bench
}

fn main() {
    match std::env::var("CORPORA_INTERLEAVED") {
        Ok(rounds) => interleaved(
            rounds
                .parse()
                .expect("CORPORA_INTERLEAVED: a number of rounds"),
        ),
        Err(_) => {
            corpora();
            Criterion::default().configure_from_args().final_summary();
        }
    }
}
