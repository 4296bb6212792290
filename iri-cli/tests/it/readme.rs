//! The command blocks of README.md run as they are written.
//!
//! - A `console` block is a session: each line that begins with `$ ` is a command, the lines up to
//!   the next command are what it prints (standard output and standard error, as a terminal shows
//!   them). Every command runs, in order, in one shell at the repository's root, and prints exactly
//!   that; a last line `…` means that the output goes on, and only the lines before it are compared.
//! - An `sh` block is a script: it runs in a shell at the repository's root and must succeed.
//! - `iri` is the command this test binary was built with (`CARGO_BIN_EXE_iri`, first on `PATH`),
//!   and `cargo run --release -- ARGS` is that command with `ARGS` (what Cargo would build and run),
//!   so the test builds nothing.
//! - A block that cannot run here (it installs or builds something for minutes, or prints timings)
//!   has the line `<!-- readme-test: skip: REASON -->` just above its fence. The test prints each
//!   skipped block with its reason, and fails on a marker that stands above no command block.
//! - The other blocks run elsewhere: `rust` as doctests (src/lib.rs includes the README), `python`
//!   in python/tests/test_package.py, `js` in js/tests/readme.test.mjs; `toml` is a manifest. A
//!   block in any other language fails the test, so that a new kind of block is placed somewhere.

use std::path::Path;
use std::process::{Command, Stdio};

use crate::ROOT;

const MARKER: &str = "<!-- readme-test: skip: ";

/// One fenced block of the README.
#[derive(Debug)]
struct Block {
    /// The line of its opening fence (1-based).
    line: usize,
    lang: String,
    body: Vec<String>,
    /// The reason of a skip marker above it.
    skip: Option<String>,
}

/// The blocks of `text`, or the first misplaced marker or unclosed block.
fn blocks(text: &str) -> Result<Vec<Block>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some(lang) = lines[i].strip_prefix("```") else {
            if lines[i].starts_with(MARKER) {
                // A marker must stand just above a fence.
                let next = lines.get(i + 1).copied().unwrap_or("");
                if !next.starts_with("```") {
                    return Err(format!(
                        "README.md:{}: a skip marker that stands above no block",
                        i + 1
                    ));
                }
            }
            i += 1;
            continue;
        };
        let skip = match i.checked_sub(1).and_then(|p| lines[p].strip_prefix(MARKER)) {
            None => None,
            Some(r) => match r.strip_suffix(" -->") {
                Some(reason) => Some(reason.to_string()),
                None => return Err(format!("README.md:{i}: a marker ends with \" -->\"")),
            },
        };
        let start = i;
        i += 1;
        let mut body = Vec::new();
        while i < lines.len() && !lines[i].starts_with("```") {
            body.push(lines[i].to_string());
            i += 1;
        }
        if i == lines.len() {
            return Err(format!("README.md:{}: an unclosed block", start + 1));
        }
        out.push(Block {
            line: start + 1,
            lang: lang.trim().to_string(),
            body,
            skip,
        });
        i += 1;
    }
    Ok(out)
}

/// The shell prelude: `iri` first on `PATH`, and `cargo run --release --` as `iri`.
fn prelude() -> String {
    let bin = Path::new(env!("CARGO_BIN_EXE_iri"));
    let dir = bin.parent().expect("the binary's directory");
    format!(
        "PATH={dir}:$PATH\n\
         cargo() {{\n  \
           if [ \"$1 $2 $3\" = 'run --release --' ]; then shift 3; iri \"$@\"; return; fi\n  \
           echo \"readme test: only 'cargo run --release --' runs here, not cargo $*\" >&2; return 127\n\
         }}\n",
        dir = shell_quote(&dir.display().to_string())
    )
}

fn shell_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

/// Runs `script` with bash at the repository's root: exit status and standard output.
fn run(script: &str) -> (i32, String, String) {
    let out = Command::new("bash")
        .arg("-c")
        .arg(script)
        .current_dir(ROOT)
        .env("NO_COLOR", "1")
        .env("TERM", "dumb")
        .stdin(Stdio::null())
        .output()
        .expect("run bash");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A `console` block: its commands and what each prints (`None` past a `…` line: a prefix).
fn session(block: &Block) -> Vec<(String, Vec<String>, bool)> {
    let mut out: Vec<(String, Vec<String>, bool)> = Vec::new();
    for line in &block.body {
        if let Some(command) = line.strip_prefix("$ ") {
            out.push((command.to_string(), Vec::new(), false));
            continue;
        }
        let Some(last) = out.last_mut() else {
            panic!("README.md:{}: output before the first command", block.line);
        };
        assert!(!last.2, "README.md:{}: lines after `…`", block.line);
        if line == "…" {
            last.2 = true;
        } else {
            last.1.push(line.clone());
        }
    }
    assert!(
        !out.is_empty(),
        "README.md:{}: a console block without a command",
        block.line
    );
    out
}

fn run_console(block: &Block) -> Vec<String> {
    let commands = session(block);
    // Each command's output is followed by a marker line; `$?` is carried over the marker, so that
    // `echo $?` sees the command before it.
    let mut script = prelude();
    script.push_str("__status=0\n");
    for (k, (command, _, _)) in commands.iter().enumerate() {
        script.push_str(&format!(
            "(exit $__status); {{ {command}\n}} 2>&1; __status=$?; printf '\\n@@readme-{k}@@\\n'\n"
        ));
    }
    let (code, stdout, stderr) = run(&script);
    let mut failures = Vec::new();
    if code != 0 {
        failures.push(format!(
            "README.md:{}: the session's shell exited with {code}: {stderr}",
            block.line
        ));
    }
    let mut rest = stdout.as_str();
    for (k, (command, expected, prefix)) in commands.iter().enumerate() {
        let marker = format!("\n@@readme-{k}@@\n");
        let Some((printed, after)) = rest.split_once(&marker) else {
            failures.push(format!(
                "README.md:{}: `{command}` did not finish",
                block.line
            ));
            break;
        };
        rest = after;
        let got: Vec<&str> = printed.lines().collect();
        let matches = if *prefix {
            got.len() >= expected.len() && got[..expected.len()] == expected[..]
        } else {
            got == *expected
        };
        if !matches {
            failures.push(format!(
                "README.md:{}: `{command}` printed\n{printed}\n-- but the README shows{}\n{}",
                block.line,
                if *prefix { " (as the beginning)" } else { "" },
                expected.join("\n")
            ));
        }
    }
    failures
}

fn run_sh(block: &Block) -> Vec<String> {
    let script = format!("{}set -e\n{}\n", prelude(), block.body.join("\n"));
    let (code, stdout, stderr) = run(&script);
    if code == 0 {
        Vec::new()
    } else {
        vec![format!(
            "README.md:{}: the block exited with {code}\n{stdout}{stderr}",
            block.line
        )]
    }
}

#[test]
fn readme_commands_run_as_written() {
    let text = std::fs::read_to_string(Path::new(ROOT).join("README.md")).expect("README.md");
    let mut failures = Vec::new();
    let (mut ran, mut commands) = (0, 0);
    let mut skipped = Vec::new();
    for block in blocks(&text).unwrap_or_else(|e| panic!("{e}")) {
        let runs = matches!(block.lang.as_str(), "sh" | "console");
        match (&block.skip, block.lang.as_str()) {
            (Some(reason), _) if runs => {
                skipped.push(format!("README.md:{} ({}): {reason}", block.line, block.lang));
                continue;
            }
            (Some(_), lang) => failures.push(format!(
                "README.md:{}: a skip marker above a {lang} block, which this test does not run",
                block.line
            )),
            (None, "sh") => {
                failures.extend(run_sh(&block));
                commands += block.body.iter().filter(|l| !l.trim().is_empty()).count();
            }
            (None, "console") => {
                failures.extend(run_console(&block));
                commands += session(&block).len();
            }
            (None, "rust" | "python" | "js" | "toml") => continue,
            (None, lang) => failures.push(format!(
                "README.md:{}: a block of {lang:?}, which no test runs (see iri-cli/tests/it/readme.rs)",
                block.line
            )),
        }
        ran += 1;
    }
    eprintln!(
        "README.md: {ran} command blocks run ({commands} commands), {} skipped:",
        skipped.len()
    );
    for s in &skipped {
        eprintln!("  skipped {s}");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // The README has sessions of every kind of subcommand: a test that ran none would prove nothing.
    assert!(
        ran >= 6 && commands >= 12,
        "{ran} blocks, {commands} commands"
    );
}

/// The parser of the blocks and markers, on a small document.
#[test]
fn blocks_and_markers() {
    let doc = "text\n\n```sh\na\n```\n<!-- readme-test: skip: slow -->\n```console\n$ b\nout\n$ c\n…\n```\n";
    let found = blocks(doc).unwrap();
    assert_eq!(found.len(), 2);
    assert_eq!(
        (
            found[0].line,
            found[0].lang.as_str(),
            found[0].skip.as_deref()
        ),
        (3, "sh", None)
    );
    assert_eq!(found[1].skip.as_deref(), Some("slow"));
    let s = session(&found[1]);
    assert_eq!(s[0], ("b".to_string(), vec!["out".to_string()], false));
    assert_eq!(s[1], ("c".to_string(), vec![], true));
    let stray = blocks("<!-- readme-test: skip: x -->\ntext\n").unwrap_err();
    assert!(stray.contains("README.md:1: a skip marker"), "{stray}");
    assert!(blocks("```sh\na\n").unwrap_err().contains("unclosed"));
    assert!(blocks("<!-- readme-test: skip: x\n```sh\na\n```\n")
        .unwrap_err()
        .contains("-->"));
}
