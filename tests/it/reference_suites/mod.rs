//! Shared machinery of `tests/resolve_suites.rs` and `tests/normalize_suites.rs`: reading the corpora
//! (see `tests/common/corpora.rs`), the deviation files and the runner that counts cases per suite.
//!
//! A deviation file has one line per case where a peer expects something other than what this crate
//! gives, `suite<TAB>case<TAB>reason`; the case is one or more JSON string literals (non-ASCII escaped)
//! separated by one space. A listed case that agrees again fails the test, as does a line that matches
//! no case. Lines starting with '#' and empty lines are ignored.
#![allow(dead_code)]

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::PathBuf;

use serde_json::Value;

pub use crate::common::corpora::json_ascii;
use crate::common::corpora::read;

/// The records of a JSON Lines corpus file.
pub fn jsonl(relative: &str) -> Vec<Value> {
    crate::common::corpora::jsonl(relative)
        .into_iter()
        .map(|(_, v)| v)
        .collect()
}

/// The records of an external JSON Lines corpus file, or `None` when the external corpora are absent
/// (the skip is already reported; see `corpora::external`).
pub fn external_jsonl(relative: &str) -> Option<Vec<Value>> {
    crate::common::corpora::external_jsonl(relative)
        .map(|records| records.into_iter().map(|(_, v)| v).collect())
}

/// The elements of a corpus file holding one JSON array.
pub fn json_array(relative: &str) -> Vec<Value> {
    match serde_json::from_str(&read(relative)) {
        Ok(Value::Array(items)) => items,
        other => panic!("{relative}: expected a JSON array, got {other:?}"),
    }
}

/// A string field of a record (`None` when absent or null).
pub fn s<'a>(v: &'a Value, key: &str) -> Option<&'a str> {
    v.get(key).and_then(Value::as_str)
}

/// A string field that the corpus format says is there.
pub fn field(v: &Value, key: &str) -> String {
    s(v, key)
        .unwrap_or_else(|| panic!("record without string field {key:?}: {v}"))
        .to_string()
}

/// A case key: the parts as JSON string literals, separated by one space.
pub fn key(parts: &[&str]) -> String {
    parts
        .iter()
        .map(|p| json_ascii(p))
        .collect::<Vec<_>>()
        .join(" ")
}

struct Listed {
    line: usize,
    used: bool,
}

#[derive(Default)]
struct Count {
    run: usize,
    passed: usize,
    deviations: usize,
}

/// Runs the cases of one corpus folder (its suites are `folder` and `folder/…`) against a deviation
/// file, counts them per suite, and fails on any unexplained difference or stale line.
pub struct Runner {
    file: &'static str,
    folder: &'static str,
    listed: HashMap<(String, Vec<String>), Listed>,
    counts: Vec<(String, Count)>,
    problems: Vec<String>,
}

impl Runner {
    pub fn new(file: &'static str, folder: &'static str) -> Runner {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(file);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let mut listed = HashMap::new();
        for (i, line) in text.lines().enumerate() {
            let n = i + 1;
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let [suite, case, reason] = line.splitn(3, '\t').collect::<Vec<_>>()[..] else {
                panic!("{file}:{n}: expected suite<TAB>case<TAB>reason: {line:?}");
            };
            assert!(!reason.trim().is_empty(), "{file}:{n}: the reason is empty");
            let parts: Result<Vec<String>, _> = serde_json::Deserializer::from_str(case)
                .into_iter::<String>()
                .collect();
            let parts = parts.unwrap_or_else(|e| {
                panic!("{file}:{n}: the case is not JSON string literals: {e}")
            });
            assert_eq!(key(&parts.iter().map(String::as_str).collect::<Vec<_>>()), case, "{file}:{n}: write the case as `key` does (JSON, non-ASCII escaped, one space between)");
            if suite != folder && !suite.starts_with(&format!("{folder}/")) {
                continue;
            }
            if let Some(first) = listed.insert(
                (suite.to_string(), parts),
                Listed {
                    line: n,
                    used: false,
                },
            ) {
                panic!("{file}:{n}: the same case is listed on line {}", first.line);
            }
        }
        Runner {
            file,
            folder,
            listed,
            counts: Vec::new(),
            problems: Vec::new(),
        }
    }

    fn count(&mut self, suite: &str) -> &mut Count {
        assert!(
            suite == self.folder || suite.starts_with(&format!("{}/", self.folder)),
            "suite {suite} is not part of {}",
            self.folder
        );
        let i = match self.counts.iter().position(|(s, _)| s == suite) {
            Some(i) => i,
            None => {
                self.counts.push((suite.to_string(), Count::default()));
                self.counts.len() - 1
            }
        };
        &mut self.counts[i].1
    }

    /// Records one case: `outcome` is `Ok(())` when we agree with the peer, else `Err(what we give
    /// and what the peer expects)`.
    pub fn case(&mut self, suite: &str, parts: &[&str], outcome: Result<(), String>) {
        let file = self.file;
        self.count(suite).run += 1;
        let id = (
            suite.to_string(),
            parts.iter().map(|p| p.to_string()).collect::<Vec<_>>(),
        );
        let listed = self.listed.get_mut(&id).map(|l| {
            l.used = true;
            l.line
        });
        match (outcome, listed) {
            (Ok(()), None) => self.count(suite).passed += 1,
            (Err(_), Some(_)) => self.count(suite).deviations += 1,
            (Ok(()), Some(line)) => {
                self.count(suite).passed += 1;
                self.problems.push(format!(
                    "{file}:{line}: listed, but we now agree with the peer; remove the line\n    case: {suite} {}",
                    key(parts)
                ));
            }
            (Err(detail), None) => self.problems.push(format!(
                "unlisted deviation: {suite} {}: {detail}\n    after triage, add to {file}:\n{suite}\t{}\tREASON",
                key(parts),
                key(parts)
            )),
        }
    }

    /// A failure that no deviation can excuse (one of this crate's own invariants).
    pub fn invariant(&mut self, suite: &str, parts: &[&str], what: String) {
        self.problems
            .push(format!("INVARIANT broken: {suite} {}: {what}", key(parts)));
    }

    /// For a folder whose data is external and absent (the skip notice is already printed): no case
    /// runs; the deviation file was read and checked by `new`, and a summary line says the folder did
    /// not run.
    pub fn skipped(self) {
        let report = format!(
            "suite {}: SKIPPED (external corpora absent): no case run; {} listed deviation(s) not checked\n",
            self.folder,
            self.listed.len()
        );
        print!("{report}");
        let _ = std::io::Write::write_all(&mut std::io::stderr(), report.as_bytes());
    }

    /// Prints the counts and fails on problems.
    pub fn finish(mut self) {
        let mut report = String::new();
        let (mut run, mut passed, mut deviations) = (0, 0, 0);
        for (suite, c) in &self.counts {
            let _ = writeln!(
                report,
                "suite {suite}: run {}, passed {}, deviations {}",
                c.run, c.passed, c.deviations
            );
            run += c.run;
            passed += c.passed;
            deviations += c.deviations;
        }
        print!("{report}");
        // Also straight to the process's stderr, past the test harness's capture, so that the counts
        // show with and without --nocapture.
        let _ = std::io::Write::write_all(&mut std::io::stderr(), report.as_bytes());
        let mut stale: Vec<usize> = self
            .listed
            .values()
            .filter(|l| !l.used)
            .map(|l| l.line)
            .collect();
        stale.sort_unstable();
        for line in stale {
            self.problems.push(format!(
                "{}:{line}: listed for {}, but no such case was run; remove the line",
                self.file, self.folder
            ));
        }
        assert!(
            self.problems.is_empty(),
            "{}: {} problem(s):\n{}",
            self.folder,
            self.problems.len(),
            self.problems.join("\n")
        );
        assert_eq!(
            run,
            passed + deviations,
            "{}: counts do not add up",
            self.folder
        );
        assert!(run > 0, "{}: no case was run", self.folder);
    }
}
