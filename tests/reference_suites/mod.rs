//! Shared by the third-party suite runners: where the corpora are, reading JSON Lines, and the
//! deviation lists (one line per case that a peer answers differently, with the reason).
#![allow(dead_code)]

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;
use std::path::PathBuf;

/// The third-party corpora: `$IRI_ABNF_CORPORA`, else `../shared/corpora` beside the repository.
/// Missing corpora fail the test: the suites never pass by running nothing.
pub fn corpora_dir() -> PathBuf {
    let dir = match std::env::var_os("IRI_ABNF_CORPORA") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpora")),
    };
    assert!(
        dir.join("README.txt").is_file(),
        "third-party corpora not found at {} (set IRI_ABNF_CORPORA to the corpora folder)",
        dir.display()
    );
    dir
}

/// The records of a `.jsonl` file under the corpora folder.
pub fn jsonl(relative: &str) -> Vec<serde_json::Value> {
    let path = corpora_dir().join(relative);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| {
            serde_json::from_str(l)
                .unwrap_or_else(|e| panic!("{}:{}: bad JSON: {e}", path.display(), i + 1))
        })
        .collect()
}

/// A string field of a record (`None` when absent or null).
pub fn s<'a>(v: &'a serde_json::Value, key: &str) -> Option<&'a str> {
    v.get(key).and_then(|x| x.as_str())
}

/// A case key: each part in Rust debug quoting, joined by a space (`"http://a/b" "../g"`).
pub fn key(parts: &[&str]) -> String {
    parts
        .iter()
        .map(|p| format!("{p:?}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A deviation file: lines `suite<TAB>case key<TAB>reason`; `#` comments and blank lines are skipped.
pub struct Deviations {
    file: &'static str,
    entries: HashMap<(String, String), String>,
}

impl Deviations {
    pub fn load(file: &'static str) -> Deviations {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(file);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let mut entries = HashMap::new();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let mut cols = line.splitn(3, '\t');
            let (Some(suite), Some(case), Some(reason)) = (cols.next(), cols.next(), cols.next())
            else {
                panic!("{file}:{}: expected suite<TAB>case<TAB>reason", i + 1);
            };
            assert!(!reason.trim().is_empty(), "{file}:{}: empty reason", i + 1);
            let old = entries.insert((suite.to_string(), case.to_string()), reason.to_string());
            assert!(old.is_none(), "{file}:{}: duplicate entry", i + 1);
        }
        Deviations { file, entries }
    }
}

#[derive(Default)]
struct Count {
    run: usize,
    passed: usize,
    deviations: usize,
}

/// Runs cases against a deviation list and keeps the counts per suite.
pub struct Runner {
    deviations: Deviations,
    seen: HashSet<(String, String)>,
    counts: BTreeMap<String, Count>,
    order: Vec<String>,
    failures: Vec<String>,
}

impl Runner {
    pub fn new(deviations: Deviations) -> Runner {
        Runner {
            deviations,
            seen: HashSet::new(),
            counts: BTreeMap::new(),
            order: Vec::new(),
            failures: Vec::new(),
        }
    }

    /// Records one case: `outcome` is `Ok(())` when we agree with the peer, `Err(what we got and what
    /// the peer expects)` otherwise.
    pub fn case(&mut self, suite: &str, key: &str, outcome: Result<(), String>) {
        if !self.counts.contains_key(suite) {
            self.order.push(suite.to_string());
        }
        let count = self.counts.entry(suite.to_string()).or_default();
        count.run += 1;
        let id = (suite.to_string(), key.to_string());
        let listed = self.deviations.entries.contains_key(&id);
        if !self.seen.insert(id) {
            // The same case twice in a suite (some suites repeat cases): same verdict both times.
        }
        match (outcome, listed) {
            (Ok(()), false) => count.passed += 1,
            (Ok(()), true) => {
                count.passed += 1;
                self.failures.push(format!(
                    "{suite}\t{key}: listed in {} but now agrees with the peer; remove the line",
                    self.deviations.file
                ));
            }
            (Err(_), true) => count.deviations += 1,
            (Err(detail), false) => self.failures.push(format!("{suite}\t{key}\t{detail}")),
        }
    }

    /// A failure that no deviation can excuse (one of our own invariants).
    pub fn invariant(&mut self, suite: &str, key: &str, what: String) {
        self.failures
            .push(format!("{suite}\t{key}\tINVARIANT: {what}"));
    }

    /// Prints the per-suite counts and fails on any unexplained difference or stale deviation line.
    pub fn finish(self, title: &str) {
        let mut report = String::new();
        let _ = writeln!(report, "{title}: suite run/passed/deviations");
        let (mut run, mut passed, mut dev) = (0, 0, 0);
        for suite in &self.order {
            let c = &self.counts[suite];
            let _ = writeln!(
                report,
                "  {suite:<34} {:>4} {:>4} {:>4}",
                c.run, c.passed, c.deviations
            );
            run += c.run;
            passed += c.passed;
            dev += c.deviations;
        }
        let _ = writeln!(report, "  {:<34} {run:>4} {passed:>4} {dev:>4}", "total");
        // Straight to the process's stderr, past the test harness's output capture, so that the counts
        // show with and without --nocapture.
        let _ = std::io::Write::write_all(&mut std::io::stderr(), report.as_bytes());
        let mut failures = self.failures;
        for (suite, case) in self.deviations.entries.keys() {
            if !self.seen.contains(&(suite.clone(), case.clone())) {
                failures.push(format!(
                    "{suite}\t{case}: listed in {} but no such case was run; remove the line",
                    self.deviations.file
                ));
            }
        }
        failures.sort();
        assert!(
            failures.is_empty(),
            "{} case(s) differ without a listed reason (suite<TAB>case<TAB>detail):\n{}",
            failures.len(),
            failures.join("\n")
        );
        assert_eq!(
            run,
            passed + dev,
            "every case either passes or is a listed deviation"
        );
        assert!(run > 0, "no case was run");
    }
}

/// The elements of a `.json` file holding one array, under the corpora folder.
pub fn jsonl_array(relative: &str) -> Vec<serde_json::Value> {
    let path = corpora_dir().join(relative);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    match serde_json::from_str(&text) {
        Ok(serde_json::Value::Array(items)) => items,
        other => panic!("{}: expected a JSON array, got {other:?}", path.display()),
    }
}
