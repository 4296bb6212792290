//! `judge-adapter`: the adapter that the tests of `iri judge` judge. It answers as the ABNF does
//! (verdict mode, line protocol; `--components`: JSON components; `--resolve`: the target of RFC 3986
//! §5.2), or with a planted bug (`--bug`) that the judge must find, shrink and class, or report as a
//! broken adapter. The answers as the ABNF gives them are the judge's own reference oracle's
//! (`iri_judge::Reference`); the bugs are planted on them. A test double: not part of the published
//! `iri` command.

#![forbid(unsafe_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, ValueEnum};
use iri_abnf::{is_valid, AnyGrammar};
use iri_judge::{Case, Mode, Reference, Verdict};
use serde_json::Value;

/// A planted bug.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Bug {
    /// None: the adapter answers as the ABNF does.
    None,
    /// Rejects every input with a character of U+00A0–U+D7FF (the first `ucschar` range dropped).
    DropUcschar,
    /// Accepts `^` wherever the ABNF would accept `a`.
    AcceptCaret,
    /// Rejects an IP literal whose IPvFuture begins with an upper-case `V` (`[V`).
    RejectUpperV,
    /// Rejects every IPvFuture literal (`[v` or `[V`).
    RejectIpvfuture,
    /// Reports the host in lower case (components mode).
    LowercaseHost,
    /// Exits after --after answers.
    Die,
    /// Stops answering (but keeps running) after --after answers.
    Hang,
    /// Answers `maybe` after --after answers.
    OutOfStep,
    /// Rejects every input that ends with `:` (`a:`, a scheme and an empty path, among them).
    RejectTrailingColon,
    /// Rejects every input with a supplementary `ucschar` (U+10000–U+EFFFD but the `iprivate`
    /// U+E0000–U+E0FFF): the thirteen ranges of planes 1 to 14 dropped.
    DropSupplementary,
    /// Stops answering (but keeps running) at the first line of more than 1,000 characters.
    HangLong,
}

/// Answers as the ABNF does, with a planted bug if asked: the adapter of `iri judge`'s tests.
#[derive(Parser)]
#[command(name = "judge-adapter")]
struct AdapterArgs {
    /// The grammar whose reference rule the answers are those of (any grammar `iri judge --grammar`
    /// takes).
    #[arg(long, short, default_value = "iri", value_parser = any_grammar)]
    grammar: AnyGrammar,
    /// A planted bug (repeat the option for several).
    #[arg(long, value_enum)]
    bug: Vec<Bug>,
    /// How many answers come before the bugs `die`, `hang` and `out-of-step`.
    #[arg(long, default_value_t = 100)]
    after: u64,
    /// Components mode: a JSON object of the components in place of the verdict.
    #[arg(long)]
    components: bool,
    /// JSON lines in and out ({"input": str} in; {"input": str, "valid": bool} out).
    #[arg(long)]
    jsonl: bool,
    /// Resolve mode (base TAB reference in, the target out).
    #[arg(long)]
    resolve: bool,
    /// A slow start: having read its first line, the adapter waits this many milliseconds (as a
    /// parser that loads or compiles its grammar first), then answers every line it has read before
    /// it flushes (a whole chunk at once).
    #[arg(long, value_name = "MS", default_value_t = 0)]
    slow_start: u64,
}

/// A grammar by its name (`uri`, `rfc3987`, `iri`, `leiri`, `rfc2396`, …).
fn any_grammar(name: &str) -> Result<AnyGrammar, String> {
    AnyGrammar::ALL
        .into_iter()
        .find(|g| g.name() == name)
        .ok_or_else(|| format!("unknown grammar {name:?}"))
}

fn main() -> ExitCode {
    let args = AdapterArgs::parse();
    let grammar = args.grammar;
    let rule = grammar.reference_rule();
    // What the ABNF says: the verdict of the grammar's reference rule; the components of the
    // reference (3987bis §2.2, RFC 3986 §3); the target of the reference resolved against the base
    // (RFC 3986 §5.2).
    let reference = Reference {
        grammar,
        rule,
        mode: if args.resolve {
            Mode::Resolve
        } else if args.components {
            Mode::Components
        } else {
            Mode::Verdict
        },
    };
    let stdin = std::io::stdin();
    let mut input = BufReader::new(stdin.lock());
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut line = String::new();
    let mut answered = 0u64;
    let has = |bug: Bug| args.bug.contains(&bug);
    loop {
        // Flushed whenever every line read so far is answered, so that the judge can pipeline.
        if input.buffer().is_empty() && out.flush().is_err() {
            return ExitCode::from(2);
        }
        line.clear();
        match input.read_line(&mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if line.ends_with('\n') {
            line.pop();
        }
        if answered == 0 && args.slow_start > 0 {
            std::thread::sleep(Duration::from_millis(args.slow_start));
        }
        if has(Bug::HangLong) && line.chars().count() > 1000 {
            let _ = out.flush();
            loop {
                std::thread::sleep(Duration::from_secs(3600));
            }
        }
        let text = if args.jsonl {
            match serde_json::from_str::<Value>(&line) {
                Ok(v) => v
                    .get("input")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_string(),
                Err(_) => String::new(),
            }
        } else {
            line.clone()
        };
        if answered >= args.after {
            if has(Bug::Die) {
                return ExitCode::SUCCESS;
            }
            if has(Bug::Hang) {
                let _ = out.flush();
                loop {
                    std::thread::sleep(Duration::from_secs(3600));
                }
            }
            if has(Bug::OutOfStep) {
                let _ = writeln!(out, "maybe");
                answered += 1;
                continue;
            }
        }
        answered += 1;
        let (base, input) = match text.split_once('\t').filter(|_| args.resolve) {
            Some((base, reference)) => (Some(base), reference),
            None => (None, text.as_str()),
        };
        let mut answer = reference.verdict(&Case {
            base: base.map(str::to_string),
            input: input.to_string(),
        });
        let dropped = (has(Bug::DropUcschar)
            && text.chars().any(|c| ('\u{A0}'..='\u{D7FF}').contains(&c)))
            || (has(Bug::DropSupplementary)
                && text.chars().any(|c| {
                    ('\u{10000}'..='\u{EFFFD}').contains(&c)
                        && !('\u{E0000}'..='\u{E0FFF}').contains(&c)
                        && (c as u32 & 0xFFFF) <= 0xFFFD
                }))
            || (has(Bug::RejectTrailingColon) && text.ends_with(':'));
        let caret = has(Bug::AcceptCaret)
            && text.contains('^')
            && is_valid(grammar, rule, &text.replace('^', "a"));
        let upper_v = (has(Bug::RejectUpperV) && text.contains("[V"))
            || (has(Bug::RejectIpvfuture) && (text.contains("[v") || text.contains("[V")));
        if has(Bug::LowercaseHost) {
            if let Verdict::Components(Some(m)) = &mut answer {
                if let Some(Some(host)) = m.get_mut("host") {
                    *host = host.to_lowercase();
                }
            }
        }
        if dropped || upper_v {
            answer = match answer {
                Verdict::Valid(_) => Verdict::Valid(false),
                Verdict::Components(_) => Verdict::Components(None),
                a => a,
            };
        } else if caret {
            answer = Verdict::Valid(true);
        }
        let written = match answer {
            Verdict::Valid(b) if args.jsonl => {
                writeln!(out, "{}", serde_json::json!({ "input": text, "valid": b }))
            }
            Verdict::Valid(b) => writeln!(out, "{}", if b { "valid" } else { "invalid" }),
            Verdict::Components(None) => writeln!(out, "{{\"valid\":false}}"),
            Verdict::Components(Some(m)) => {
                let mut o = serde_json::Map::new();
                o.insert("valid".into(), Value::Bool(true));
                for (k, v) in m {
                    o.insert(k.into(), v.map_or(Value::Null, Value::String));
                }
                writeln!(out, "{}", Value::Object(o))
            }
            Verdict::Target(t) => writeln!(out, "{}", t.as_deref().unwrap_or("invalid")),
        };
        if written.is_err() {
            return ExitCode::from(2);
        }
    }
    let _ = out.flush();
    ExitCode::SUCCESS
}
