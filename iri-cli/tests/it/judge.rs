//! `iri judge` against the adapter of its tests (`judge-adapter`, a binary of the test-support crate
//! `iri-test`), which answers as the ABNF does or with a planted bug: each bug is found with a
//! minimal witness, or reported as a broken adapter.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use serde_json::Value;

const IRI: &str = env!("CARGO_BIN_EXE_iri");

/// The `judge-adapter` binary, built once per test run by Cargo with the profile, the target and into
/// the target folder of the `iri` under test (Cargo rebuilds it when its sources changed, so it is
/// never stale or missing); a failed build fails the test.
fn adapter() -> &'static Path {
    static ADAPTER: OnceLock<PathBuf> = OnceLock::new();
    ADAPTER.get_or_init(|| {
        // `iri` is TARGET_DIR/PROFILE/iri, or TARGET_DIR/TRIPLE/PROFILE/iri with `--target`; Cargo
        // marks the target folder with CACHEDIR.TAG.
        let profile_dir = Path::new(IRI).parent().expect("the folder of iri");
        let profile = match profile_dir.file_name().and_then(|n| n.to_str()) {
            Some("debug") => "dev",
            Some(name) => name,
            None => panic!("no profile folder in {IRI}"),
        };
        let above = profile_dir
            .parent()
            .expect("the folder above the profile's");
        let (target_dir, triple) = if above.join("CACHEDIR.TAG").exists() {
            (above, None)
        } else {
            let root = above.parent().filter(|r| r.join("CACHEDIR.TAG").exists());
            let root = root.unwrap_or_else(|| panic!("no target folder above {IRI}"));
            (root, above.file_name())
        };
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| env!("CARGO").into());
        let mut build = Command::new(cargo);
        build
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            // With the package of `iri` too, so that the library is built with the features it has
            // in `iri` (one build of it, not two).
            .args(["build", "--quiet", "-p", "iri-cli", "-p", "iri-test"])
            .args(["--bin", "judge-adapter", "--profile", profile])
            .arg("--target-dir")
            .arg(target_dir);
        if let Some(triple) = triple {
            build.arg("--target").arg(triple);
        }
        let status = build.status().expect("cargo runs");
        assert!(status.success(), "building judge-adapter: {status}");
        let exe = profile_dir.join(format!("judge-adapter{}", std::env::consts::EXE_SUFFIX));
        assert!(exe.is_file(), "{} was not built", exe.display());
        exe
    })
}

/// Runs `iri judge ARGS -- judge-adapter ADAPTER`, with the JSON report.
fn judge(args: &[&str], adapter_args: &[&str]) -> Output {
    Command::new(IRI)
        .arg("judge")
        .args(["--format", "json"])
        .args(args)
        .arg("--")
        .arg(adapter())
        .args(adapter_args)
        .output()
        .expect("iri runs")
}

fn report(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// Asserts that `iri judge` ended with `code`, showing its error output otherwise.
fn exits(out: &Output, code: i32) {
    assert_eq!(
        out.status.code(),
        Some(code),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The one class of disagreements in the report (asserting that there is exactly one).
fn only_class(r: &Value) -> Value {
    let classes = r["classes"].as_array().unwrap();
    assert_eq!(classes.len(), 1, "{r}");
    classes[0].clone()
}

#[test]
fn a_correct_adapter_gives_no_disagreement() {
    for grammar in ["iri", "uri", "rfc3987", "leiri"] {
        let out = judge(
            &["--grammar", grammar, "--mutate", "--cases", "3000"],
            &["--grammar", grammar],
        );
        assert_eq!(
            out.status.code(),
            Some(0),
            "{grammar}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let r = report(&out);
        assert_eq!(r["disagreements"], 0, "{grammar}: {r}");
        assert_eq!(r["classes"].as_array().unwrap().len(), 0);
        // The suites, the grammar differences and the boundary strings come before the 3000.
        assert!(r["cases"].as_u64().unwrap() > 5000, "{r}");
    }
}

#[test]
fn a_correct_adapter_agrees_on_components_and_over_jsonl() {
    let out = judge(
        &["--mode", "components", "--cases", "2000"],
        &["--components"],
    );
    exits(&out, 0);
    assert_eq!(report(&out)["disagreements"], 0);
    let out = judge(&["--protocol", "jsonl", "--cases", "2000"], &["--jsonl"]);
    exits(&out, 0);
    let r = report(&out);
    assert_eq!(r["disagreements"], 0);
    // Over JSON lines, nothing is skipped; over lines, the inputs with line breaks or NUL are.
    assert_eq!(r["skipped"], 0);
    let out = judge(&["--cases", "10"], &[]);
    assert!(report(&out)["skipped"].as_u64().unwrap() > 0);
}

#[test]
fn a_correct_adapter_agrees_on_resolution() {
    let out = judge(&["--mode", "resolve", "--cases", "2000"], &["--resolve"]);
    exits(&out, 0);
    let r = report(&out);
    assert_eq!(r["disagreements"], 0);
    // The suites' base and reference pairs come before the generated ones.
    assert!(r["cases"].as_u64().unwrap() > 2300, "{r}");
    // An adapter that answers with components, not targets, disagrees on almost every case: in the
    // line protocol any line is a target.
    let out = judge(&["--mode", "resolve", "--cases", "500"], &["--components"]);
    assert_eq!(out.status.code(), Some(1));
    let r = report(&out);
    let (d, c) = (
        r["disagreements"].as_u64().unwrap(),
        r["cases"].as_u64().unwrap(),
    );
    assert!(d > c * 9 / 10, "{r}");
}

#[test]
fn a_dropped_character_class_is_one_class_with_a_one_character_witness() {
    let out = judge(&["--mutate", "--cases", "5000"], &["--bug", "drop-ucschar"]);
    exits(&out, 1);
    let r = report(&out);
    let c = &only_class(&r);
    // The low end of the range, alone: a path segment of one character.
    assert_eq!(c["witness"], "\u{A0}");
    assert_eq!(c["reference_valid"], true);
    assert_eq!(c["character_class"], "ucschar %xA0-D7FF");
    assert_eq!(c["section"], "draft-ietf-iri-3987bis, Section 2.2");
    assert!(c["abnf"].as_str().unwrap().starts_with("grammar/iri.abnf:"));
    assert_eq!(c["count"], r["disagreements"]);
    assert!(c["count"].as_u64().unwrap() > 10);
}

#[test]
fn an_accepted_character_is_found_where_the_abnf_rejects_it() {
    let out = judge(&["--mutate", "--cases", "5000"], &["--bug", "accept-caret"]);
    assert_eq!(out.status.code(), Some(1));
    let r = report(&out);
    let c = &only_class(&r);
    assert_eq!(c["witness"], "^");
    assert_eq!(c["reference_valid"], false);
    assert_eq!(c["offset"], 0);
    assert_eq!(c["character"], "^");
    assert!(
        c["explanation"]
            .as_str()
            .unwrap()
            .contains("invalid character '^'"),
        "{c}"
    );
    assert!(!c["examples"].as_array().unwrap().is_empty());
}

/// A broken adapter ends the run with status 2, no report on standard output, and a message naming
/// the input awaiting an answer.
fn assert_broken(out: &Output, why: &str) {
    exits(out, 2);
    assert!(out.stdout.is_empty(), "a broken run reports nothing");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(why), "{err}");
    assert!(err.contains("after 40 answers"), "{err}");
    assert!(err.contains("awaiting the answer to `"), "{err}");
    assert!(err.contains("last input sent: `"), "{err}");
}

#[test]
fn an_adapter_that_dies_is_reported() {
    let out = judge(&["--cases", "100"], &["--bug", "die", "--after", "40"]);
    assert_broken(&out, "the adapter exited");
}

#[test]
fn an_adapter_that_hangs_is_reported_after_the_timeout() {
    let start = Instant::now();
    let out = judge(
        &["--cases", "100", "--timeout-per-answer", "1"],
        &["--bug", "hang", "--after", "40"],
    );
    assert_broken(&out, "no answer within 1 s");
    assert!(start.elapsed() < Duration::from_secs(30));
}

#[test]
fn an_adapter_out_of_step_is_reported() {
    let out = judge(
        &["--cases", "100"],
        &["--bug", "out-of-step", "--after", "40"],
    );
    assert_broken(&out, "`maybe` is not valid/invalid");
}

#[test]
fn the_run_is_deterministic_from_the_seed() {
    let run = |seed: &str| {
        let mut r = report(&judge(
            &[
                "--generated-only",
                "--mutate",
                "--cases",
                "3000",
                "--seed",
                seed,
            ],
            &["--bug", "drop-ucschar"],
        ));
        // The times, and the rates over them, are not the seed's.
        for timing in [
            "seconds",
            "cases_per_second",
            "wall_seconds",
            "sent_per_second",
        ] {
            r[timing] = Value::Null;
        }
        r
    };
    let a = run("5");
    assert_eq!(a, run("5"));
    assert_ne!(
        a["classes"][0]["examples"],
        run("6")["classes"][0]["examples"]
    );
}

#[test]
fn known_classes_do_not_fail_the_run() {
    let dir = std::env::temp_dir().join(format!("iri-judge-known-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let known = dir.join("known.json");
    std::fs::write(
        &known,
        r#"[{"reference_valid": true, "rule": "isegment-nz-nc", "character_class": "ucschar %xA0-D7FF"}]"#,
    )
    .unwrap();
    let known = known.to_str().unwrap();
    let out = judge(
        &["--cases", "3000", "--known", known],
        &["--bug", "drop-ucschar"],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let r = report(&out);
    assert_eq!(r["unknown_classes"], 0);
    assert_eq!(r["classes"][0]["known"], true);
    // Another bug's class is not known.
    let out = judge(
        &["--cases", "3000", "--known", known],
        &["--bug", "accept-caret"],
    );
    assert_eq!(out.status.code(), Some(1));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The classes of a report, as (reference_valid, rule, character_class) with the kind.
fn classes(r: &Value) -> Vec<(String, bool, String, String)> {
    let mut v: Vec<_> = r["classes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["kind"].as_str().unwrap().to_string(),
                c["reference_valid"].as_bool().unwrap(),
                c["rule"].as_str().unwrap().to_string(),
                c["character_class"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    v.sort();
    v
}

#[test]
fn the_deciding_character_turns_the_implementations_verdict() {
    // The adapter rejects an IPvFuture written with an upper-case `V`: replacing the `/` of `//[V…`
    // ends the disagreement by making both sides reject, which decides nothing; the deciding
    // character is the `V`, whose replacement by `v` makes the adapter accept.
    for grammar in ["uri", "rfc3987"] {
        let out = judge(
            &["--grammar", grammar, "--mutate", "--cases", "20000"],
            &["--grammar", grammar, "--bug", "reject-upper-v"],
        );
        exits(&out, 1);
        let r = report(&out);
        let c = &only_class(&r);
        assert_eq!(c["reference_valid"], true);
        assert_eq!(c["rule"], "IPvFuture", "{c}");
        assert_eq!(c["character"], "V", "{c}");
        assert_eq!(c["character_class"], "ALPHA");
        let w = c["witness"].as_str().unwrap();
        assert_eq!(
            c["offset"].as_u64().unwrap() as usize,
            w.find("[V").unwrap() + 1
        );
        assert!(w.starts_with("//[V"), "{w}");
        assert!(
            c["explanation"]
                .as_str()
                .unwrap()
                .contains("accepts the input with \"v\" there"),
            "{c}"
        );
    }
}

#[test]
fn without_a_deciding_character_the_innermost_rule_decides() {
    // The adapter rejects every IPvFuture literal: no single character replaced (by one the ABNF
    // still admits) makes it accept, but the IP literal replaced by another (an IPv6 address) does.
    let out = judge(
        &["--grammar", "uri", "--mutate", "--cases", "20000"],
        &["--grammar", "uri", "--bug", "reject-ipvfuture"],
    );
    exits(&out, 1);
    let r = report(&out);
    let c = &only_class(&r);
    assert_eq!(c["reference_valid"], true);
    assert_eq!(c["character_class"], "no single character", "{c}");
    assert_eq!(c["rule"], "IP-literal", "{c}");
    assert_eq!(c["character"], Value::Null);
    let w = c["witness"].as_str().unwrap();
    assert_eq!(
        c["offset"].as_u64().unwrap() as usize,
        w.find('[').unwrap(),
        "{c}"
    );
    let e = c["explanation"].as_str().unwrap();
    assert!(e.contains("no single character replaced"), "{e}");
    assert!(e.contains("with the IP-literal `["), "{e}");
}

#[test]
fn the_reference_error_decides_where_the_abnf_rejects() {
    // The other direction: the offset of the reference's error, whatever the adapter answers to
    // probes (the `^` at the end of `a^`).
    let out = judge(
        &["--mutate", "--cases", "5000", "--shrink", "0"],
        &["--bug", "accept-caret"],
    );
    let r = report(&out);
    for c in r["classes"].as_array().unwrap() {
        assert_eq!(c["reference_valid"], false);
        assert_eq!(c["character"], "^", "{c}");
        let w = c["witness"].as_str().unwrap();
        assert_eq!(
            c["offset"].as_u64().unwrap() as usize,
            w.find('^').unwrap(),
            "{c}"
        );
    }
}

#[test]
fn a_component_difference_is_classed_by_the_component() {
    let out = judge(
        &["--mode", "components", "--mutate", "--cases", "5000"],
        &["--components", "--bug", "lowercase-host"],
    );
    exits(&out, 1);
    let r = report(&out);
    // One class whatever the witnesses' first characters: the host differs.
    let c = &only_class(&r);
    assert_eq!(c["kind"], "component host");
    assert_eq!(c["rule"], "ihost");
    assert_eq!(c["character_class"], "component value");
    assert_eq!(c["count"], r["disagreements"]);
    // Shrunk while the host differs: `//` and one upper-case letter.
    assert_eq!(c["witness"], "//A");
    assert_eq!(
        c["explanation"],
        "the host differs: the implementation reports `a`, the ABNF `A`"
    );
}

#[test]
fn verdict_differences_give_the_same_classes_in_components_mode() {
    for bug in ["drop-ucschar", "reject-upper-v"] {
        let verdict = report(&judge(&["--mutate", "--cases", "5000"], &["--bug", bug]));
        let components = report(&judge(
            &["--mode", "components", "--mutate", "--cases", "5000"],
            &["--components", "--bug", bug],
        ));
        assert_eq!(classes(&verdict), classes(&components), "{bug}");
        assert_eq!(verdict["disagreements"], components["disagreements"]);
    }
}

#[test]
fn components_mode_judges_the_rules_of_references() {
    // Every start rule whose strings are all references: the verdict is the rule's, the components
    // those of the reference. The adapter answers as `URI-reference`: where the rule is narrower,
    // the only disagreements are the references outside it, which the ABNF rejects.
    for rule in ["URI", "absolute-URI", "relative-ref", "URI-reference"] {
        let out = judge(
            &[
                "--grammar",
                "uri",
                "--rule",
                rule,
                "--mode",
                "components",
                "--cases",
                "2000",
            ],
            &["--grammar", "uri", "--components"],
        );
        assert_ne!(
            out.status.code(),
            Some(2),
            "{rule}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let r = report(&out);
        for c in r["classes"].as_array().unwrap() {
            assert_eq!(c["kind"], "verdict", "{rule}: {c}");
            assert_eq!(c["reference_valid"], false, "{rule}: {c}");
        }
        assert_eq!(
            r["disagreements"] == 0,
            rule == "URI-reference",
            "{rule}: {r}"
        );
    }
    for (grammar, rule) in [
        ("iri", "IRI"),
        ("rfc3987", "absolute-IRI"),
        ("leiri", "irelative-ref"),
    ] {
        let out = judge(
            &[
                "--grammar",
                grammar,
                "--rule",
                rule,
                "--mode",
                "components",
                "--cases",
                "200",
            ],
            &["--grammar", grammar, "--components"],
        );
        assert_ne!(out.status.code(), Some(2), "{grammar} {rule}");
    }
    // A rule with strings that are not references (`a:b` is a path, and a URI with a scheme `a`).
    for rule in ["path", "authority", "segment"] {
        let out = judge(
            &["--grammar", "uri", "--rule", rule, "--mode", "components"],
            &["--grammar", "uri", "--components"],
        );
        assert_eq!(out.status.code(), Some(2), "{rule}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("URI, absolute-URI, relative-ref, URI-reference"),
            "{err}"
        );
    }
}

/// `--markdown-classes N` lists the N most frequent classes, then says how many more there are; 0
/// lists every class of the JSON report.
#[test]
fn the_markdown_table_lists_the_most_frequent_classes() {
    let markdown = |n: &str| {
        let out = Command::new(IRI)
            .args([
                "judge",
                "--grammar",
                "uri",
                "--cases",
                "3000",
                "--format",
                "markdown",
            ])
            .args(["--markdown-classes", n, "--"])
            .arg(adapter())
            .args(["--grammar", "iri"])
            .output()
            .expect("iri runs");
        assert_eq!(out.status.code(), Some(1));
        String::from_utf8(out.stdout).expect("UTF-8")
    };
    let rows = |text: &str| {
        text.lines()
            .filter(|l| l.starts_with("| ") && !l.starts_with("| ABNF") && !l.starts_with("| ---"))
            .count()
    };
    // An IRI parser judged against RFC 3986: a class for each rule that admits non-ASCII characters.
    let json = report(&judge(
        &["--grammar", "uri", "--cases", "3000"],
        &["--grammar", "iri"],
    ));
    let total = json["classes"].as_array().expect("classes").len();
    assert!(total > 1, "{total}");
    let all = markdown("0");
    assert_eq!(rows(&all), total);
    assert!(!all.contains("more classes"));
    let one = markdown("1");
    assert_eq!(rows(&one), 1);
    assert!(
        one.contains(&format!("…and {} more classes with fewer cases", total - 1)),
        "{one}"
    );
}

/// The verdicts of `judge-adapter ADAPTER` on `inputs` (one a line; `valid` or `invalid` back).
fn adapter_verdicts(adapter_args: &[&str], inputs: &[&str]) -> Vec<bool> {
    use std::io::Write;
    let mut child = Command::new(adapter())
        .args(adapter_args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("judge-adapter runs");
    let mut stdin = child.stdin.take().expect("stdin");
    for input in inputs {
        writeln!(stdin, "{input}").expect("writing to judge-adapter");
    }
    drop(stdin);
    let out = child.wait_with_output().expect("judge-adapter ends");
    let verdicts: Vec<bool> = String::from_utf8(out.stdout)
        .expect("UTF-8")
        .lines()
        .map(|l| match l {
            "valid" => true,
            "invalid" => false,
            other => panic!("judge-adapter answered {other:?}"),
        })
        .collect();
    assert_eq!(verdicts.len(), inputs.len());
    verdicts
}

#[test]
fn shrinking_keeps_both_verdicts() {
    // The adapter accepts `^` where the ABNF would accept `a`, and rejects every input that ends with
    // `:`. Shrinking `http://a^/x` by removing characters can reach `http:`, which the ABNF accepts
    // and the adapter rejects: another disagreement, in the other direction, which must not become
    // the witness of the first.
    let bugs = ["--bug", "accept-caret", "--bug", "reject-trailing-colon"];
    let out = judge(&["--mutate", "--cases", "5000"], &bugs);
    exits(&out, 1);
    let r = report(&out);
    let classes = r["classes"].as_array().unwrap();
    let witnesses: Vec<&str> = classes
        .iter()
        .map(|c| c["witness"].as_str().unwrap())
        .collect();
    // The ABNF's verdicts (the adapter without a bug) and the implementation's on every witness.
    let abnf = adapter_verdicts(&[], &witnesses);
    let implementation = adapter_verdicts(&bugs, &witnesses);
    for (k, c) in classes.iter().enumerate() {
        let reference_valid = c["reference_valid"].as_bool().unwrap();
        assert_eq!(abnf[k], reference_valid, "the ABNF's verdict turned: {c}");
        assert_eq!(implementation[k], !reference_valid, "{c}");
        assert!(
            !c["explanation"].as_str().unwrap().contains("resolve"),
            "{c}"
        );
    }
    // Both bugs are found, each in its direction.
    let caret: Vec<_> = classes
        .iter()
        .filter(|c| c["reference_valid"] == false)
        .collect();
    assert_eq!(caret.len(), 1, "{r}");
    assert_eq!(caret[0]["witness"], "^");
    assert!(classes
        .iter()
        .any(|c| c["reference_valid"] == true && c["character"] == ":"));
}

#[test]
fn one_cause_over_many_ranges_and_rules_is_one_class() {
    // The adapter rejects every supplementary `ucschar` (thirteen ranges), which the cases hold in
    // paths, queries, fragments, host names and user information: one class, listing those rules.
    let out = judge(
        &["--mutate", "--cases", "5000"],
        &["--bug", "drop-supplementary"],
    );
    exits(&out, 1);
    let r = report(&out);
    let c = &only_class(&r);
    assert_eq!(
        c["character_class"],
        "ucschar %x10000-1FFFD … %xE1000-EFFFD"
    );
    assert_eq!(c["reference_valid"], true);
    assert_eq!(c["witness"], "\u{10000}");
    assert_eq!(c["count"], r["disagreements"]);
    let rules: Vec<&str> = c["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    for rule in ["isegment", "iquery", "ifragment", "ireg-name", "iuserinfo"] {
        assert!(rules.contains(&rule), "{rule} not in {rules:?}");
    }
    // A file of known classes of an earlier version, which named one range and one rule, knows it.
    let dir = std::env::temp_dir().join(format!("iri-judge-ranges-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let known = dir.join("known.json");
    std::fs::write(
        &known,
        r#"[{"reference_valid": true, "rule": "iquery", "character_class": "ucschar %x20000-2FFFD"}]"#,
    )
    .unwrap();
    let out = judge(
        &[
            "--mutate",
            "--cases",
            "5000",
            "--known",
            known.to_str().unwrap(),
        ],
        &["--bug", "drop-supplementary"],
    );
    exits(&out, 0);
    assert_eq!(report(&out)["unknown_classes"], 0);
    // Written back, the class has no rule (the character decides) and the range's merged name.
    let written = dir.join("written.json");
    let out = judge(
        &["--cases", "200", "--write-known", written.to_str().unwrap()],
        &["--bug", "drop-supplementary"],
    );
    exits(&out, 1);
    let list: Value = serde_json::from_str(&std::fs::read_to_string(&written).unwrap()).unwrap();
    assert_eq!(
        list,
        serde_json::json!([{"reference_valid": true, "character_class": "ucschar %x10000-1FFFD … %xE1000-EFFFD"}])
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_class_has_a_shrunk_witness() {
    // With no budget for shrinking, the shortest disagreement of each group is shrunk all the same:
    // no class of unshrunk witnesses (nor "no single character" for inputs too long to probe).
    for (bug, witness) in [
        ("drop-ucschar", "\u{A0}"),
        ("drop-supplementary", "\u{10000}"),
    ] {
        let out = judge(
            &["--mutate", "--cases", "5000", "--shrink", "0"],
            &["--bug", bug],
        );
        exits(&out, 1);
        let r = report(&out);
        let c = &only_class(&r);
        assert_eq!(c["witness"], witness, "{bug}");
        assert_eq!(c["count"], r["disagreements"], "{bug}");
        assert!(c["count"].as_u64().unwrap() > 100, "{bug}: {c}");
    }
}

#[test]
fn a_slow_starting_adapter_is_judged_and_a_stalled_one_reported() {
    // The adapter's first answer comes 2.5 s after its first line (and then it answers every line it
    // has read before it flushes): past --timeout-per-answer, within the start-up allowance.
    let out = judge(
        &["--cases", "300", "--timeout-per-answer", "1"],
        &["--slow-start", "2500"],
    );
    exits(&out, 0);
    assert_eq!(report(&out)["disagreements"], 0);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("the adapter is slow to start"), "{err}");
    // An adapter that never answers is stalled, once the start-up allowance has passed.
    let start = Instant::now();
    let out = judge(
        &[
            "--cases",
            "100",
            "--timeout-per-answer",
            "1",
            "--startup-timeout",
            "2",
        ],
        &["--bug", "hang", "--after", "0"],
    );
    exits(&out, 2);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("the adapter stalled: no first answer within 2 s"),
        "{err}"
    );
    assert!(err.contains("after 0 answers"), "{err}");
    assert!(start.elapsed() < Duration::from_secs(30));
}

#[test]
fn long_lines_can_be_skipped_and_messages_cut_them() {
    // The adapter stops answering at its first line of more than 1,000 characters.
    let out = judge(
        &["--cases", "100", "--timeout-per-answer", "1"],
        &["--bug", "hang-long"],
    );
    exits(&out, 2);
    let err = String::from_utf8_lossy(&out.stderr);
    // The awaited input, `http://a/` and 1,000 `a`, is cut to its first 200 characters and its length.
    assert!(
        err.contains(&format!(
            "awaiting the answer to `http://a/{}…` (1009 characters in all)",
            "a".repeat(191)
        )),
        "{err}"
    );
    assert!(!err.contains(&"a".repeat(201)), "{err}");
    let out = judge(
        &[
            "--cases",
            "100",
            "--timeout-per-answer",
            "1",
            "--max-length",
            "1000",
        ],
        &["--bug", "hang-long"],
    );
    exits(&out, 0);
    let r = report(&out);
    // The long lines of the boundary strings (three shapes of about 1,000, 8,192 and 65,536
    // characters) but the shortest, 500 `é` in a path (509 characters).
    assert_eq!(r["skipped_long"], 8, "{r}");
}

#[test]
fn a_missing_corpora_folder_fails() {
    let missing = std::env::temp_dir().join(format!("iri-judge-no-corpora-{}", std::process::id()));
    let out = judge(
        &["--cases", "10", "--corpora", missing.to_str().unwrap()],
        &[],
    );
    exits(&out, 2);
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no such folder"), "{err}");
}

#[test]
fn the_fixed_cases_are_built_in() {
    // A copy of `iri` in a folder of its own, run there: the cases of the repository's suites, as
    // many as with --corpora naming them.
    let dir = std::env::temp_dir().join(format!("iri-judge-installed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let installed = dir.join(format!("iri{}", std::env::consts::EXE_SUFFIX));
    std::fs::copy(IRI, &installed).unwrap();
    let cases = |corpora: Option<&Path>| {
        let mut command = Command::new(&installed);
        command
            .current_dir(&dir)
            .args(["judge", "--format", "json", "--cases", "0"]);
        if let Some(c) = corpora {
            command.arg("--corpora").arg(c);
        }
        let out = command.arg("--").arg(adapter()).output().expect("iri runs");
        exits(&out, 0);
        report(&out)["cases"].as_u64().unwrap()
    };
    let built_in = cases(None);
    let repository = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpora");
    assert_eq!(built_in, cases(Some(&repository)));
    // The suites' strings, and the grammar differences and boundary strings (about 1,000).
    assert!(built_in > 2400, "{built_in}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn progress_goes_to_standard_error_and_the_report_has_the_wall_time() {
    let out = judge(&["--mutate", "--cases", "3000"], &["--bug", "drop-ucschar"]);
    exits(&out, 1);
    let err = String::from_utf8_lossy(&out.stderr);
    for phase in [
        "iri judge: judging ",
        " cases judged in ",
        "iri judge: done in ",
    ] {
        assert!(err.contains(phase), "{phase}: {err}");
    }
    let r = report(&out);
    let (seconds, wall) = (
        r["seconds"].as_f64().unwrap(),
        r["wall_seconds"].as_f64().unwrap(),
    );
    assert!(wall >= seconds && seconds > 0.0, "{r}");
    // Every case, and the probes of shrinking and explaining.
    assert!(
        r["sent"].as_u64().unwrap() > r["cases"].as_u64().unwrap(),
        "{r}"
    );
    assert!(r["sent_per_second"].as_f64().unwrap() > 0.0, "{r}");
    let out = judge(&["--quiet", "--cases", "100"], &[]);
    exits(&out, 0);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
