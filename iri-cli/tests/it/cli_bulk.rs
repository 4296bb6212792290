//! `iri check --jobs N` on a large input: the output is byte for byte that of `--jobs 1` in every
//! format, in input order, with the same exit status and the same messages on standard error.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

const LINES: usize = 50_000;
const MAX_LENGTH: usize = 300;

/// A deterministic mix: valid and invalid references, lines that are not UTF-8, lines over
/// `MAX_LENGTH`, empty lines and CR LF endings, after a byte order mark.
fn input() -> Vec<u8> {
    let mut data = b"\xEF\xBB\xBF".to_vec();
    let mut x: u64 = 3987;
    for i in 0..LINES {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let line: Vec<u8> = match (x >> 33) % 10 {
            0 => format!("http://example.org/a b/{i}").into_bytes(),
            1 => format!("http://[::{i:x}]:80/p?q#{i}").into_bytes(),
            2 => {
                let mut l = format!("http://r\u{e9}sum\u{e9}.example/{i}/").into_bytes();
                l.extend_from_slice(b"\xFF\xC3");
                l
            }
            3 => "x".repeat(MAX_LENGTH + (i % 7)).into_bytes(),
            4 => Vec::new(),
            5 => format!("../a/{i}?\u{1F600}#%zz").into_bytes(),
            6 => format!("mailto:user{i}@example.org\r").into_bytes(),
            _ => format!("http://\u{4F8B}\u{5B50}.example/{i}/\u{202E}x").into_bytes(),
        };
        data.extend_from_slice(&line);
        data.push(b'\n');
    }
    data
}

/// The input in a file of its own for each test (tests run at the same time).
fn input_file(test: &str) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cli_bulk_{test}.txt"));
    std::fs::write(&path, input()).expect("write input");
    path
}

fn check(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_iri"))
        .arg("check")
        .arg("--max-length")
        .arg(MAX_LENGTH.to_string())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run iri");
    // Written on another thread: the output is read meanwhile, or both pipes would fill up.
    let mut w = child.stdin.take().expect("stdin");
    let bytes = stdin.unwrap_or_default().to_vec();
    let writer = std::thread::spawn(move || w.write_all(&bytes));
    let out = child.wait_with_output().expect("wait");
    // A command that stops before reading (a usage error) closes its standard input: not a failure
    // of the test, which then checks the exit status.
    match writer.join().expect("writer") {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => panic!("write stdin: {e}"),
        _ => {}
    }
    out
}

fn assert_same(one: &Output, many: &Output, what: &str) {
    assert_eq!(one.status.code(), many.status.code(), "{what}: exit status");
    assert!(one.stdout == many.stdout, "{what}: standard output differs");
    assert_eq!(
        String::from_utf8_lossy(&one.stderr),
        String::from_utf8_lossy(&many.stderr),
        "{what}: standard error"
    );
}

#[test]
fn jobs_give_the_same_bytes_as_one_job_in_every_format() {
    let file = input_file("formats");
    let file = file.to_str().expect("UTF-8 path");
    for format in [
        &["--format", "text"][..],
        &["--format", "json"],
        &["--count"],
    ] {
        let run = |jobs: &str| {
            let mut args = vec!["--jobs", jobs, "--input", file];
            args.extend_from_slice(format);
            check(&args, None)
        };
        let one = run("1");
        let four = run("4");
        assert_eq!(one.status.code(), Some(1), "{format:?}");
        assert_same(&one, &four, &format!("{format:?}"));
        assert!(
            String::from_utf8_lossy(&one.stderr).is_empty() != (format == ["--format", "text"]),
            "{format:?}: the byte order mark note is in text mode only: {}",
            String::from_utf8_lossy(&one.stderr)
        );
    }
}

#[test]
fn json_records_are_in_input_order() {
    let file = input_file("order");
    let out = check(
        &[
            "--jobs",
            "4",
            "--format",
            "json",
            "--input",
            file.to_str().unwrap(),
        ],
        None,
    );
    let text = String::from_utf8(out.stdout).expect("JSON is UTF-8");
    let records: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON record per line"))
        .collect();
    assert_eq!(records.len(), LINES, "one record per line");
    assert_eq!(records[0]["bom_removed"], true);
    // Every line's own text comes back at its place (lines that are not text show their escapes).
    let data = input();
    let lines: Vec<&[u8]> = data[3..].split(|&b| b == b'\n').take(LINES).collect();
    for (i, (record, line)) in records.iter().zip(&lines).enumerate() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        match record["input"].as_str() {
            Some(s) => assert_eq!(s.as_bytes(), line, "record {i}"),
            None => {
                let kind = record["error"]["kind"].as_str().unwrap();
                assert!(
                    (kind == "too-long" && line.len() > MAX_LENGTH)
                        || (kind == "not-utf8" && std::str::from_utf8(line).is_err()),
                    "record {i}: {record}"
                );
            }
        }
    }
    let counts = check(
        &["--jobs", "4", "--count", "--input", file.to_str().unwrap()],
        None,
    );
    let valid = records.iter().filter(|r| r["valid"] == true).count();
    assert_eq!(
        String::from_utf8(counts.stdout).unwrap(),
        format!("valid: {valid}, invalid: {}\n", LINES - valid)
    );
}

#[test]
fn standard_input_and_arguments_too() {
    let data = input();
    for format in ["text", "json"] {
        let args = ["--format", format, "http://a/", "-i", "-"];
        let one = check(&[&["--jobs", "1"][..], &args].concat(), Some(&data));
        let three = check(&[&["--jobs", "3"][..], &args].concat(), Some(&data));
        assert_same(&one, &three, format);
        assert!(one.stdout.starts_with(b"{\"input\":\"http://a/\"") || format == "text");
    }
}

#[test]
fn stats_say_the_jobs() {
    let out = check(&["--jobs", "2", "--stats", "--count"], Some(b"http://a/\n"));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("1 inputs, 1 valid") && err.contains("2 jobs"),
        "{err}"
    );
    let out = check(&["--jobs", "0"], Some(b"http://a/\n"));
    assert_eq!(out.status.code(), Some(2), "--jobs 0 is a usage error");
}

/// `--count` on files with several jobs reads regions of the files on every thread at once: the
/// counts, and the statistics of `--stats` (inputs, valid, invalid, not UTF-8, too long, byte order
/// marks), are those of one job, over files of several regions (a byte order mark that is not at
/// the start of the file is no byte order mark) and a file named twice.
#[test]
fn counts_by_regions_are_the_counts_of_one_job() {
    let once = input();
    let big = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_bulk_regions.txt");
    std::fs::write(&big, once.repeat(5)).expect("write input");
    assert!(
        once.len() * 5 > 3 * (4 << 20),
        "the file spans several regions"
    );
    let small = input_file("regions_small");
    let (big, small) = (big.to_str().unwrap(), small.to_str().unwrap());
    let stats = |out: &Output| {
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        // The statistics without the time and the number of jobs.
        let end = err.find(" removed, ").expect("the statistics") + " removed".len();
        (
            out.status.code(),
            out.stdout.clone(),
            err[..end].to_string(),
        )
    };
    for files in [&[big][..], &[small, big, small]] {
        let run = |jobs: &str| {
            let mut args = vec!["--count", "--stats", "--jobs", jobs];
            for f in files {
                args.extend(["--input", f]);
            }
            check(&args, None)
        };
        let one = stats(&run("1"));
        // The byte order mark of each file's first line.
        let boms = format!(" {} byte order marks removed", files.len());
        assert!(one.2.ends_with(&boms), "{}", one.2);
        assert_eq!(stats(&run("2")), one, "{files:?}");
        assert_eq!(stats(&run("3")), one, "{files:?}");
    }
}

/// Each record says where its input is: `"line"` in JSON for every input from a file or standard
/// input (on the fast path of valid inputs too, and with `--lint`), `--> FILE:LINE` under the text
/// record of an invalid one; `--only` prints the records of one verdict, the same with any number
/// of jobs, and the exit status stays that of the whole run.
#[test]
fn records_carry_their_line_and_only_filters_them() {
    let file = input_file("records_carry_their_line");
    let path = file.to_str().unwrap();
    let whole = check(&["--format", "json", "--jobs", "1", "--input", path], None);
    let records: Vec<serde_json::Value> = String::from_utf8_lossy(&whole.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(records.len() > 100);
    for (i, r) in records.iter().enumerate() {
        assert_eq!(r["line"], i + 1, "{r}");
    }
    let invalid: Vec<usize> = records
        .iter()
        .filter(|r| r["valid"] == false)
        .map(|r| r["line"].as_u64().unwrap() as usize)
        .collect();
    assert!(!invalid.is_empty() && invalid.len() < records.len());
    for jobs in ["1", "2", "3"] {
        for (only, valid) in [("invalid", false), ("valid", true)] {
            for lint in [false, true] {
                let mut args = vec!["--format", "json", "--jobs", jobs, "--only", only];
                if lint {
                    args.push("--lint");
                }
                let out = check(&args, Some(&input()));
                assert_eq!(
                    out.status.code(),
                    Some(1),
                    "{args:?}: some input is invalid"
                );
                let lines: Vec<usize> = String::from_utf8_lossy(&out.stdout)
                    .lines()
                    .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
                    .map(|r| {
                        assert_eq!(r["valid"], valid, "{args:?}");
                        r["line"].as_u64().unwrap() as usize
                    })
                    .collect();
                let expected: Vec<usize> = records
                    .iter()
                    .filter(|r| r["valid"] == valid)
                    .map(|r| r["line"].as_u64().unwrap() as usize)
                    .collect();
                assert_eq!(lines, expected, "{args:?}");
            }
        }
    }
    // Text: FILE:LINE under each invalid record, `<stdin>:LINE` for standard input.
    let text = check(&["--only", "invalid", "--input", path], None);
    let places: Vec<String> = String::from_utf8_lossy(&text.stdout)
        .lines()
        .filter_map(|l| l.strip_prefix("  --> ").map(str::to_string))
        .collect();
    let want: Vec<String> = invalid.iter().map(|n| format!("{path}:{n}")).collect();
    assert_eq!(places, want);
    let text = check(&["--only", "invalid"], Some(b"http://a/\nhttp://a b/\n"));
    assert!(
        String::from_utf8_lossy(&text.stdout).ends_with("  --> <stdin>:2\n"),
        "{}",
        String::from_utf8_lossy(&text.stdout)
    );
    assert!(!String::from_utf8_lossy(&text.stdout)
        .lines()
        .any(|l| l.starts_with("valid \"")));
    // An argument has no line.
    let args = check(&["--format", "json", "http://a/", "a b"], None);
    for l in String::from_utf8_lossy(&args.stdout).lines() {
        let r: serde_json::Value = serde_json::from_str(l).unwrap();
        assert!(r.get("line").is_none(), "{r}");
    }
    // --only does not go with --count.
    let out = check(&["--count", "--only", "valid"], Some(b"a\n"));
    assert_eq!(out.status.code(), Some(2));
}
