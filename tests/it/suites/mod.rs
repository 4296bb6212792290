//! Shared machinery of `tests/validity_suites.rs`: the case list each suite builds, the known-deviation file and the runner that compares verdicts.

pub mod builders;

use std::collections::{BTreeMap, HashMap, HashSet};

use iri_abnf::{validate, Grammar};
use serde_json::Value;

/// The known-deviation file, relative to the crate root.
const DEVIATIONS: &str = "tests/validity_deviations.txt";

/// The suite names, as used in the deviation file and the summary lines.
pub const SUITES: &[&str] = &[
    "oxiri",
    "iri-string",
    "fluent-uri",
    "uriparser",
    "network-uri",
    "sophia-iri",
    "python-rfc3986",
    "jena-iri3986",
    "w3c-rdf-tests",
];

/// One validity assertion of a suite: `input` matches (or does not match) `rule` of `grammar` to its end.
#[derive(Clone, Debug)]
pub struct Case {
    pub suite: &'static str,
    pub grammar: Grammar,
    pub rule: &'static str,
    pub input: String,
    pub expect_valid: bool,
    /// Where the case comes from: corpus file, line and the suite's own test name.
    pub source_ref: String,
}

/// The cases of one suite, plus the records left out on purpose (counted by reason).
pub struct Cases {
    pub suite: &'static str,
    pub cases: Vec<Case>,
    pub skipped: BTreeMap<&'static str, usize>,
    seen: HashSet<(Grammar, &'static str, String, bool)>,
}

impl Cases {
    pub fn new(suite: &'static str) -> Self {
        assert!(SUITES.contains(&suite), "unknown suite {suite:?}");
        Cases {
            suite,
            cases: Vec::new(),
            skipped: BTreeMap::new(),
            seen: HashSet::new(),
        }
    }

    /// Adds a case; a repeat of the same grammar, rule, input and expectation is kept once (the first
    /// source is recorded).
    pub fn add(
        &mut self,
        grammar: Grammar,
        rule: &'static str,
        input: &str,
        expect_valid: bool,
        source_ref: &str,
    ) {
        if self
            .seen
            .insert((grammar, rule, input.to_string(), expect_valid))
        {
            self.cases.push(Case {
                suite: self.suite,
                grammar,
                rule,
                input: input.to_string(),
                expect_valid,
                source_ref: source_ref.to_string(),
            });
        }
    }

    /// Adds a case of a parser that follows RFC 3987: checked against `rfc3987`, and against `iri`
    /// (3987bis), which must agree unless the deviation file says where 3987bis differs.
    pub fn add_iri(
        &mut self,
        rule: &'static str,
        input: &str,
        expect_valid: bool,
        source_ref: &str,
    ) {
        self.add(Grammar::Rfc3987, rule, input, expect_valid, source_ref);
        self.add(Grammar::Iri, rule, input, expect_valid, source_ref);
    }

    /// Counts a record that is left out, with the reason printed in the summary.
    pub fn skip(&mut self, reason: &'static str) {
        *self.skipped.entry(reason).or_default() += 1;
    }
}

pub use crate::common::corpora::{external_jsonl, jsonl, read};

/// A string field of a record; panics (naming the field) when it is missing, as the corpus format says
/// it is there.
pub fn field<'a>(rec: &'a Value, key: &str) -> &'a str {
    rec.get(key)
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("record without string field {key:?}: {rec}"))
}

pub use crate::common::corpora::json_ascii;

struct Listed {
    line: usize,
    used: bool,
}

/// The deviation file's entries for one suite, keyed by (grammar, rule, input).
fn listed_deviations(suite: &str) -> HashMap<(Grammar, String, String), Listed> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/validity_deviations.txt");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let mut out = HashMap::new();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.splitn(5, '\t').collect();
        let [s, g, rule, input, reason] = fields[..] else {
            panic!("{DEVIATIONS}:{n}: expected 5 tab-separated fields: {line:?}");
        };
        let grammar: Grammar = g
            .parse()
            .unwrap_or_else(|e| panic!("{DEVIATIONS}:{n}: {e}"));
        assert!(
            grammar.rule(rule).is_some(),
            "{DEVIATIONS}:{n}: grammar {grammar} has no rule {rule:?}"
        );
        let input: String = serde_json::from_str(input).unwrap_or_else(|e| {
            panic!("{DEVIATIONS}:{n}: input is not a JSON string literal: {e}")
        });
        assert!(
            !reason.trim().is_empty(),
            "{DEVIATIONS}:{n}: the reason is empty"
        );
        assert!(
            SUITES.contains(&s),
            "{DEVIATIONS}:{n}: unknown suite {s:?}; the suites are {}",
            SUITES.join(", ")
        );
        if s != suite {
            continue;
        }
        let key = (grammar, rule.to_string(), input);
        if let Some(first) = out.insert(
            key,
            Listed {
                line: n,
                used: false,
            },
        ) {
            panic!(
                "{DEVIATIONS}:{n}: the same case is listed on line {}",
                first.line
            );
        }
    }
    out
}

fn verdict(valid: bool) -> &'static str {
    if valid {
        "valid"
    } else {
        "invalid"
    }
}

fn describe(case: &Case) -> String {
    format!(
        "{} {} {}: suite says {}, we say {} (from {})",
        case.grammar,
        case.rule,
        json_ascii(&case.input),
        verdict(case.expect_valid),
        verdict(!case.expect_valid),
        case.source_ref
    )
}

/// Runs a suite's cases, compares each verdict with the suite's and with the deviation file, prints the
/// counts and fails on any unlisted deviation, listed case that now agrees, or stale listing.
pub fn run(cases: Cases) {
    let suite = cases.suite;
    let mut listed = listed_deviations(suite);
    let (mut passed, mut deviations) = (0usize, 0usize);
    let mut by_grammar: BTreeMap<Grammar, (usize, usize)> = BTreeMap::new();
    let mut problems = Vec::new();
    let mut expectations: HashMap<(Grammar, &str, &str), bool> = HashMap::new();
    for case in &cases.cases {
        let key = (case.grammar, case.rule, case.input.as_str());
        if expectations.insert(key, case.expect_valid) == Some(!case.expect_valid) {
            problems.push(format!(
                "the suite states both verdicts for {} {} {} (one from {})",
                case.grammar,
                case.rule,
                json_ascii(&case.input),
                case.source_ref
            ));
        }
    }
    for case in &cases.cases {
        by_grammar.entry(case.grammar).or_default().0 += 1;
        let rule = case
            .grammar
            .lookup_rule(case.rule)
            .unwrap_or_else(|e| panic!("{suite}: {e}"));
        let ours = validate(case.grammar, rule, &case.input).is_ok();
        let key = (case.grammar, case.rule.to_string(), case.input.clone());
        let entry = listed.get_mut(&key);
        let agrees = ours == case.expect_valid;
        match (agrees, entry) {
            (true, None) => passed += 1,
            (false, Some(l)) => {
                l.used = true;
                deviations += 1;
                by_grammar.entry(case.grammar).or_default().1 += 1;
            }
            (true, Some(l)) => {
                l.used = true;
                problems.push(format!(
                    "{DEVIATIONS}:{}: listed, but the verdicts now agree; remove the line\n    case: {} {} {} (suite and we: {})",
                    l.line,
                    case.grammar,
                    case.rule,
                    json_ascii(&case.input),
                    verdict(ours)
                ));
            }
            (false, None) => problems.push(format!(
                "unlisted deviation: {}\n    after triage, add to {DEVIATIONS}:\n{}\t{}\t{}\t{}\tREASON",
                describe(case),
                case.suite,
                case.grammar,
                case.rule,
                json_ascii(&case.input)
            )),
        }
    }
    let mut stale: Vec<usize> = listed
        .values()
        .filter(|l| !l.used)
        .map(|l| l.line)
        .collect();
    stale.sort_unstable();
    for line in stale {
        problems.push(format!(
            "{DEVIATIONS}:{line}: listed for suite {suite}, but no case of the suite has that grammar, rule and input; remove the line"
        ));
    }
    let mut report = String::new();
    for (reason, n) in &cases.skipped {
        report += &format!("suite {suite}: skipped {n}: {reason}\n");
    }
    let per_grammar: Vec<String> = by_grammar
        .iter()
        .map(|(g, (n, d))| format!("{g} {n} ({d} deviations)"))
        .collect();
    report += &format!(
        "suite {suite}: cases per grammar: {}\n",
        per_grammar.join(", ")
    );
    let run = cases.cases.len();
    report += &format!("suite {suite}: run {run}, passed {passed}, deviations {deviations}\n");
    print!("{report}");
    // Also straight to the process's stderr, past the test harness's capture, so that the counts show
    // in CI output with and without --nocapture.
    let _ = std::io::Write::write_all(&mut std::io::stderr(), report.as_bytes());
    assert!(
        problems.is_empty(),
        "suite {suite}: {} problem(s):\n{}",
        problems.len(),
        problems.join("\n")
    );
    assert_eq!(
        run,
        passed + deviations,
        "suite {suite}: counts do not add up"
    );
    assert!(run > 0, "suite {suite}: no cases were loaded");
}

/// For a suite whose data is external and absent (the skip notice is already printed): the suite's lines
/// of the deviation file are still read and checked (fields, grammar, rule, JSON input, reason), and a
/// summary line says the suite did not run.
pub fn skipped(suite: &'static str) {
    assert!(SUITES.contains(&suite), "unknown suite {suite:?}");
    let listed = listed_deviations(suite);
    let report = format!(
        "suite {suite}: SKIPPED (external corpora absent): no case run; {} listed deviation(s) not checked\n",
        listed.len()
    );
    // The skip itself is announced once per suite by `corpora::external`; this line is the test's own
    // output (shown with --nocapture or on failure).
    print!("{report}");
}
