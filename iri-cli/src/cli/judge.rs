//! `iri judge`: judges another implementation against the ABNF. It starts the implementation once,
//! as a persistent child (an adapter), sends it cases over standard input and reads its answers from
//! standard output, pipelined; every disagreement with the reference is shrunk while it holds,
//! explained (offset, character, rule and ABNF line) and grouped into classes.

use std::collections::{BTreeMap, HashSet, VecDeque};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command as Process, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use iri_abnf::abnf::{definition, mutate, rules, Generator};
use iri_abnf::compare::{compare_rules, counterpart};
use iri_abnf::repository::nth_seed;
use iri_abnf::{is_valid, AnyGrammar, Expected, Grammar, Rule};
use serde::Serialize;
use serde_json::Value;

use super::args::{resolve_rule, AnyGrammarArg};
use super::input::escape;
use super::output::{EXIT_ERROR, EXIT_INVALID, EXIT_OK};

const JUDGE_HELP: &str = "\
Starts COMMAND once and talks to it over its standard input and output, one case per line:

  verdict mode, line protocol (default): the input on one line in; `valid`/`invalid`, `1`/`0` or
      `true`/`false` on one line out. Inputs with a line feed, carriage return or NUL cannot be sent
      on a line: they are skipped and counted (use --protocol jsonl).
  --protocol jsonl: one JSON object per line both ways: {\"input\": str} in ({\"base\": str,
      \"reference\": str} in resolve mode); {\"valid\": bool} out. An answer that echoes \"input\" must
      echo the input sent.
  --mode components: the answer is a JSON object {\"valid\": bool, \"scheme\", \"authority\",
      \"userinfo\", \"host\", \"port\", \"path\", \"query\", \"fragment\"} (a string, or null for a
      component that is absent); a key left out is not compared. Compared with `iri parse`. The
      rule can be any whose strings are all references (URI, absolute-URI, relative-ref; IRI, …):
      the verdict is that rule's, the components those of the reference.
  --mode resolve: the input is a base and a reference (line protocol: base TAB reference); the answer
      is the target (RFC 3986 Section 5.2), or `invalid` (jsonl: {\"target\": str or null}). Compared
      with `iri resolve`.

The adapter must answer every line, in order, and flush its output at least whenever it has read
all the input it was given (cases are sent in batches, without waiting for each answer).

Cases, deterministic from --seed: the examples of the vendored suites (tests/corpora, --corpora),
the examples of the spec documents and the other URLs of their texts (tests/fixtures), the shortest
strings that separate the judged grammar from each other grammar, boundary strings
(both ends, plus and minus one, of every ucschar and iprivate range, noncharacters, long lines),
then strings generated from the rule's ABNF (near misses too with --mutate), until --cases or
--time is reached.

Every disagreement is shrunk while it holds (characters removed, then characters replaced by the
simplest of their class, asking the adapter again), explained and grouped into classes (direction,
rule, character class), each with its count and its shortest witness. Where the reference rejects:
the offset, the character and the rules that could continue there. Where it accepts: the deciding
character, one whose replacement (by `a`, else by another character) makes the
adapter accept while the reference still accepts, preferring one that leaves the other characters
in their rules; and the rule and ABNF line that admit it. When no such replacement exists, the class
is \"no single character\" under the innermost rule whose text, replaced by a short string of that
rule, makes the adapter accept. A component difference is classed by the first component that differs (class
\"component value\"), shrunk while that component differs.

An adapter that exits, answers out of step (an answer that is not one of the accepted words, or
echoes another input) or does not answer within --timeout-per-answer ends the run with exit status 2
and a message naming the input awaiting an answer and the last input sent.

Exit status: 0 no disagreement (with --known: no class outside the file); 1 disagreements; 2 usage
error, or a broken adapter.

Examples:
  iri judge --grammar rfc3987 -- target/release/judge-oxiri
  iri judge --grammar rfc3987 --mode components --format json -- target/release/judge-fluent-uri --components
  iri judge --time 20 --known judge/known/oxiri.json -- target/release/judge-oxiri";

/// Judge another implementation: send it cases and report where it departs from the ABNF.
#[derive(Args)]
#[command(after_help = JUDGE_HELP)]
pub struct JudgeArgs {
    /// The grammar the implementation claims.
    #[arg(long, short, value_enum, default_value = "iri")]
    grammar: AnyGrammarArg,
    /// The rule (default: the grammar's reference rule).
    #[arg(long, short)]
    rule: Option<String>,
    /// What the adapter answers.
    #[arg(long, value_enum, default_value = "verdict")]
    mode: JudgeMode,
    /// How cases and answers are written.
    #[arg(long, value_enum, default_value = "line")]
    protocol: Protocol,
    /// How many generated cases (after the fixed ones); without it, 10000, or no limit with --time.
    #[arg(long)]
    cases: Option<u64>,
    /// The seed.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Stop sending new cases after this many seconds.
    #[arg(long, value_name = "SECONDS")]
    time: Option<f64>,
    /// The longest wait for one answer, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    timeout_per_answer: f64,
    /// Near misses too: every other generated string gets one to three random edits.
    #[arg(long)]
    mutate: bool,
    /// The most characters of a generated string (where the rule allows).
    #[arg(long, default_value_t = 40)]
    max_chars: usize,
    /// The folder of the vendored suites (default: the repository's tests/corpora, when present).
    #[arg(long, value_name = "DIR")]
    corpora: Option<PathBuf>,
    /// Only generated cases: no suites, grammar differences or boundary strings.
    #[arg(long)]
    generated_only: bool,
    /// How many disagreements are shrunk (the shortest first); the others are explained as they are.
    #[arg(long, default_value_t = 200)]
    shrink: usize,
    /// A JSON list of known classes ({"reference_valid", "rule", "character_class"}): they do not
    /// make the exit status 1.
    #[arg(long, value_name = "FILE")]
    known: Option<PathBuf>,
    /// Write the classes of this run to FILE, in the format of --known (with their kind outside
    /// verdict mode), sorted: the known classes of a later run.
    #[arg(long, value_name = "FILE")]
    write_known: Option<PathBuf>,
    /// The name the report gives the implementation (default: the command).
    #[arg(long)]
    name: Option<String>,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "text")]
    format: JudgeFormat,
    /// The most classes the Markdown table lists, the most frequent first (0: every class).
    #[arg(long, value_name = "N", default_value_t = 25)]
    markdown_classes: usize,
    /// The adapter and its arguments.
    #[arg(last = true, required = true, value_name = "COMMAND")]
    command: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum JudgeMode {
    Verdict,
    Components,
    Resolve,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Protocol {
    Line,
    Jsonl,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum JudgeFormat {
    Text,
    Json,
    Markdown,
}

/// One case: an input, and in resolve mode the base it is resolved against.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Case {
    base: Option<String>,
    input: String,
}

/// What one side says about a case: the verdict, and the components or the target.
#[derive(Clone, Debug, PartialEq)]
enum Verdict {
    Valid(bool),
    Components(Option<BTreeMap<&'static str, Option<String>>>),
    Target(Option<String>),
}

const COMPONENTS: [&str; 8] = [
    "scheme",
    "authority",
    "userinfo",
    "host",
    "port",
    "path",
    "query",
    "fragment",
];

/// Why the adapter cannot be judged further.
struct Broken(String);

/// What the reader thread sends: a line, or the end of the adapter's output.
enum Line {
    Text(String),
    Eof,
    Error(String),
}

/// The adapter: a child process, a writer thread that sends it batches, and a reader thread that
/// forwards its lines.
struct Peer {
    child: Child,
    to_writer: Option<Sender<Vec<u8>>>,
    from_reader: Receiver<Line>,
    pending: Vec<u8>,
    timeout: Duration,
    mode: JudgeMode,
    protocol: Protocol,
    sent: u64,
    answered: u64,
    last_sent: Option<Case>,
}

impl Peer {
    fn start(args: &JudgeArgs) -> Result<Peer, String> {
        let mut child = Process::new(&args.command[0])
            .args(&args.command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", args.command[0]))?;
        let stdin: ChildStdin = child.stdin.take().ok_or("no standard input")?;
        let stdout = child.stdout.take().ok_or("no standard output")?;
        let (to_writer, writer_in) = mpsc::channel::<Vec<u8>>();
        std::thread::spawn(move || {
            let mut stdin = std::io::BufWriter::with_capacity(1 << 16, stdin);
            for chunk in writer_in {
                if stdin
                    .write_all(&chunk)
                    .and_then(|()| stdin.flush())
                    .is_err()
                {
                    // The adapter is gone; the reader sees the end of its output.
                    break;
                }
            }
        });
        let (reader_out, from_reader) = mpsc::channel::<Line>();
        std::thread::spawn(move || {
            let mut reader = BufReader::with_capacity(1 << 16, stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) => {
                        let _ = reader_out.send(Line::Eof);
                        break;
                    }
                    Ok(_) => {
                        if buf.last() == Some(&b'\n') {
                            buf.pop();
                            if buf.last() == Some(&b'\r') {
                                buf.pop();
                            }
                        }
                        let line = String::from_utf8_lossy(&buf).into_owned();
                        if reader_out.send(Line::Text(line)).is_err() {
                            break;
                        }
                    }
                    Err(e) => {
                        let _ = reader_out.send(Line::Error(e.to_string()));
                        break;
                    }
                }
            }
        });
        Ok(Peer {
            child,
            to_writer: Some(to_writer),
            from_reader,
            pending: Vec::with_capacity(1 << 16),
            timeout: Duration::from_secs_f64(args.timeout_per_answer.max(0.001)),
            mode: args.mode,
            protocol: args.protocol,
            sent: 0,
            answered: 0,
            last_sent: None,
        })
    }

    /// Whether the case can be sent in this protocol.
    fn can_send(&self, case: &Case) -> bool {
        sendable(self.protocol, self.mode, case)
    }

    /// Queues a case (written at the next [`Peer::flush`] or when the batch is full).
    fn send(&mut self, case: &Case) {
        match (self.protocol, &case.base) {
            (Protocol::Line, None) => self.pending.extend_from_slice(case.input.as_bytes()),
            (Protocol::Line, Some(base)) => {
                self.pending.extend_from_slice(base.as_bytes());
                self.pending.push(b'\t');
                self.pending.extend_from_slice(case.input.as_bytes());
            }
            (Protocol::Jsonl, None) => {
                let v = serde_json::json!({ "input": case.input });
                self.pending.extend_from_slice(v.to_string().as_bytes());
            }
            (Protocol::Jsonl, Some(base)) => {
                let v = serde_json::json!({ "base": base, "reference": case.input });
                self.pending.extend_from_slice(v.to_string().as_bytes());
            }
        }
        self.pending.push(b'\n');
        self.sent += 1;
        let last = self.last_sent.get_or_insert_with(|| Case {
            base: None,
            input: String::new(),
        });
        last.input.clear();
        last.input.push_str(&case.input);
        last.base.clone_from(&case.base);
        if self.pending.len() >= 1 << 15 {
            self.flush();
        }
    }

    fn flush(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        let chunk = std::mem::replace(&mut self.pending, Vec::with_capacity(1 << 16));
        if let Some(w) = &self.to_writer {
            let _ = w.send(chunk);
        }
    }

    /// The answer to `case`, the oldest case without one.
    fn receive(&mut self, case: &Case) -> Result<Verdict, Broken> {
        self.flush();
        let line = match self.from_reader.recv_timeout(self.timeout) {
            Ok(Line::Text(line)) => line,
            Ok(Line::Eof) | Err(RecvTimeoutError::Disconnected) => {
                let status = self.child.wait().map(|s| s.to_string()).unwrap_or_default();
                return Err(self.broken(case, &format!("the adapter exited ({status})")));
            }
            Ok(Line::Error(e)) => {
                return Err(self.broken(case, &format!("reading the adapter's output failed: {e}")))
            }
            Err(RecvTimeoutError::Timeout) => {
                return Err(self.broken(
                    case,
                    &format!(
                        "the adapter gave no answer within {} s",
                        self.timeout.as_secs_f64()
                    ),
                ))
            }
        };
        match self.parse_answer(case, &line) {
            Ok(v) => {
                self.answered += 1;
                Ok(v)
            }
            Err(why) => Err(self.broken(case, &format!("the adapter answered out of step: {why}"))),
        }
    }

    fn broken(&self, case: &Case, why: &str) -> Broken {
        let last = self.last_sent.as_ref().map_or(String::new(), describe);
        Broken(format!(
            "{why} after {} answers; awaiting the answer to {}; last input sent: {last}",
            self.answered,
            describe(case)
        ))
    }

    fn parse_answer(&self, case: &Case, line: &str) -> Result<Verdict, String> {
        let shown = || format!("`{}`", escape(line));
        let json = |line: &str| -> Result<serde_json::Map<String, Value>, String> {
            match serde_json::from_str::<Value>(line) {
                Ok(Value::Object(o)) => Ok(o),
                _ => Err(format!("{} is not a JSON object", shown())),
            }
        };
        let echo = |o: &serde_json::Map<String, Value>| -> Result<(), String> {
            for (key, sent) in [("input", Some(&case.input)), ("base", case.base.as_ref())] {
                let key = if key == "input" && case.base.is_some() {
                    "reference"
                } else {
                    key
                };
                if let (Some(v), Some(sent)) = (o.get(key), sent) {
                    if v.as_str() != Some(sent.as_str()) {
                        return Err(format!("it echoes {key} {v} for {}", describe(case)));
                    }
                }
            }
            Ok(())
        };
        match (self.mode, self.protocol) {
            (JudgeMode::Verdict, Protocol::Line) => match line.trim() {
                "valid" | "1" | "true" => Ok(Verdict::Valid(true)),
                "invalid" | "0" | "false" => Ok(Verdict::Valid(false)),
                _ => Err(format!(
                    "{} is not valid/invalid, 1/0 or true/false",
                    shown()
                )),
            },
            (JudgeMode::Verdict, Protocol::Jsonl) => {
                let o = json(line)?;
                echo(&o)?;
                match o.get("valid") {
                    Some(Value::Bool(b)) => Ok(Verdict::Valid(*b)),
                    _ => Err(format!("{} has no boolean \"valid\"", shown())),
                }
            }
            (JudgeMode::Components, _) => {
                let o = json(line)?;
                echo(&o)?;
                match o.get("valid") {
                    Some(Value::Bool(false)) => return Ok(Verdict::Components(None)),
                    Some(Value::Bool(true)) => {}
                    _ => return Err(format!("{} has no boolean \"valid\"", shown())),
                }
                let mut map = BTreeMap::new();
                for key in COMPONENTS {
                    match o.get(key) {
                        None => {}
                        Some(Value::Null) => {
                            map.insert(key, None);
                        }
                        Some(Value::String(s)) => {
                            map.insert(key, Some(s.clone()));
                        }
                        Some(Value::Number(n)) => {
                            map.insert(key, Some(n.to_string()));
                        }
                        Some(other) => {
                            return Err(format!("{key} is {other}, not a string or null"));
                        }
                    }
                }
                Ok(Verdict::Components(Some(map)))
            }
            (JudgeMode::Resolve, Protocol::Line) => Ok(Verdict::Target(match line {
                "invalid" => None,
                target => Some(target.to_string()),
            })),
            (JudgeMode::Resolve, Protocol::Jsonl) => {
                let o = json(line)?;
                echo(&o)?;
                match o.get("target") {
                    Some(Value::String(s)) => Ok(Verdict::Target(Some(s.clone()))),
                    Some(Value::Null) => Ok(Verdict::Target(None)),
                    _ => Err(format!("{} has no \"target\"", shown())),
                }
            }
        }
    }

    /// The answers to `cases`, sent as one batch.
    fn ask(&mut self, cases: &[Case]) -> Result<Vec<Verdict>, Broken> {
        for c in cases {
            self.send(c);
        }
        self.flush();
        cases.iter().map(|c| self.receive(c)).collect()
    }

    fn stop(mut self) {
        self.to_writer = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Whether a case can be sent in the protocol: a line cannot carry a line break or NUL (nor a tab
/// between base and reference).
fn sendable(protocol: Protocol, mode: JudgeMode, case: &Case) -> bool {
    if protocol == Protocol::Jsonl {
        return true;
    }
    let bad = |s: &str| s.contains(['\n', '\r', '\0']);
    let tab = mode == JudgeMode::Resolve
        && (case.input.contains('\t') || case.base.as_deref().is_some_and(|b| b.contains('\t')));
    !bad(&case.input) && !case.base.as_deref().is_some_and(bad) && !tab
}

/// Cases per batch of the producer thread.
const BATCH: usize = 1024;

/// The most cases sent and not yet answered.
const IN_FLIGHT: usize = 1 << 13;

/// A case for messages: the input (and base), escaped and quoted.
fn describe(case: &Case) -> String {
    match &case.base {
        Some(base) => format!(
            "base `{}` reference `{}`",
            escape(base),
            escape(&case.input)
        ),
        None => format!("`{}`", escape(&case.input)),
    }
}

/// The reference: what the ABNF says about a case.
struct Reference {
    grammar: AnyGrammar,
    rule: Rule,
    mode: JudgeMode,
}

impl Reference {
    fn verdict(&self, case: &Case) -> Verdict {
        match self.mode {
            JudgeMode::Verdict => Verdict::Valid(is_valid(self.grammar, self.rule, &case.input)),
            JudgeMode::Components => {
                let Some(g) = self.grammar.main() else {
                    return Verdict::Components(None);
                };
                // The verdict is the judged rule's; the components are those of the grammar's
                // reference rule, which holds the judged rule's language ([`components_rule`]).
                if self.rule != self.grammar.reference_rule()
                    && !is_valid(self.grammar, self.rule, &case.input)
                {
                    return Verdict::Components(None);
                }
                Verdict::Components(iri_abnf::parse(g, &case.input).ok().map(|r| {
                    let auth = r.authority();
                    let mut m = BTreeMap::new();
                    m.insert("scheme", r.scheme().map(|c| c.as_str().to_string()));
                    m.insert("authority", auth.as_ref().map(|a| a.as_str().to_string()));
                    m.insert(
                        "userinfo",
                        auth.as_ref()
                            .and_then(|a| a.userinfo())
                            .map(|c| c.as_str().to_string()),
                    );
                    m.insert("host", auth.as_ref().map(|a| a.host().as_str().to_string()));
                    m.insert(
                        "port",
                        auth.as_ref()
                            .and_then(|a| a.port())
                            .map(|p| p.as_str().to_string()),
                    );
                    m.insert("path", Some(r.path().as_str().to_string()));
                    m.insert("query", r.query().map(|c| c.as_str().to_string()));
                    m.insert("fragment", r.fragment().map(|c| c.as_str().to_string()));
                    m
                }))
            }
            JudgeMode::Resolve => {
                let Some(g) = self.grammar.main() else {
                    return Verdict::Target(None);
                };
                let base = case.base.as_deref().unwrap_or("");
                Verdict::Target(
                    iri_abnf::resolve(g, base, &case.input)
                        .ok()
                        .map(|t| t.as_str().to_string()),
                )
            }
        }
    }

    /// Whether the reference accepts the case (in resolve mode: whether it resolves it).
    fn accepts(&self, v: &Verdict) -> bool {
        match v {
            Verdict::Valid(b) => *b,
            Verdict::Components(c) => c.is_some(),
            Verdict::Target(t) => t.is_some(),
        }
    }
}

/// How the two sides differ on a case: `None` when they agree. The kind is what shrinking keeps.
fn difference(ours: &Verdict, theirs: &Verdict) -> Option<String> {
    match (ours, theirs) {
        (Verdict::Valid(a), Verdict::Valid(b)) => (a != b).then(|| "verdict".to_string()),
        (Verdict::Components(a), Verdict::Components(b)) => match (a, b) {
            (None, None) => None,
            (Some(_), None) | (None, Some(_)) => Some("verdict".to_string()),
            // The kind names the first component that differs: shrinking keeps it differing, and
            // the class is that component's.
            (Some(a), Some(b)) => differing(a, b).first().map(|k| format!("component {k}")),
        },
        (Verdict::Target(a), Verdict::Target(b)) => match (a, b) {
            (None, None) => None,
            (Some(_), None) | (None, Some(_)) => Some("verdict".to_string()),
            (Some(a), Some(b)) => (a != b).then(|| "target".to_string()),
        },
        _ => Some("verdict".to_string()),
    }
}

/// The components that differ (those the adapter reports), in the order of [`COMPONENTS`].
fn differing(
    ours: &BTreeMap<&'static str, Option<String>>,
    theirs: &BTreeMap<&'static str, Option<String>>,
) -> Vec<&'static str> {
    COMPONENTS
        .iter()
        .copied()
        .filter(|k| theirs.get(*k).is_some_and(|v| ours.get(*k) != Some(v)))
        .collect()
}

/// One disagreement, shrunk and explained.
#[derive(Clone, Debug, Serialize)]
struct Explained {
    witness: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    base: Option<String>,
    original: String,
    kind: String,
    reference_valid: bool,
    offset: usize,
    character: Option<String>,
    character_class: String,
    rule: String,
    section: String,
    abnf: String,
    explanation: String,
}

/// A class of disagreements.
#[derive(Clone, Debug, Serialize)]
struct Class {
    kind: String,
    reference_valid: bool,
    rule: String,
    character_class: String,
    section: String,
    abnf: String,
    count: usize,
    witness: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    base: Option<String>,
    offset: usize,
    character: Option<String>,
    explanation: String,
    examples: Vec<String>,
    known: bool,
}

#[derive(Serialize)]
struct Summary {
    implementation: String,
    grammar: &'static str,
    rule: &'static str,
    mode: &'static str,
    protocol: &'static str,
    seed: u64,
    cases: u64,
    skipped: u64,
    disagreements: usize,
    unknown_classes: usize,
    classes: Vec<Class>,
    seconds: f64,
    cases_per_second: f64,
}

/// The known classes of `--known`.
#[derive(serde::Deserialize)]
struct KnownClass {
    reference_valid: bool,
    rule: String,
    character_class: String,
    #[serde(default)]
    kind: Option<String>,
}

pub fn run(args: &JudgeArgs) -> i32 {
    let grammar: AnyGrammar = args.grammar.into();
    let rule = match resolve_rule(grammar, args.rule.as_deref()) {
        Ok(r) => r,
        Err(code) => return code,
    };
    if args.mode != JudgeMode::Verdict {
        if grammar.main().is_none() {
            eprintln!("iri: --mode components and resolve need one of the grammars uri, rfc3987, iri, leiri");
            return EXIT_ERROR;
        }
        if args.mode == JudgeMode::Resolve && rule != grammar.reference_rule() {
            eprintln!("iri: --mode resolve judges the reference rule only");
            return EXIT_ERROR;
        }
        if args.mode == JudgeMode::Components && !components_rule(grammar, rule) {
            eprintln!(
                "iri: --mode components judges a rule whose strings are all {} (e.g. {}); {} is not",
                grammar.rule_name(grammar.reference_rule()),
                components_rules(grammar).join(", "),
                grammar.rule_name(rule)
            );
            return EXIT_ERROR;
        }
    }
    let known: Vec<KnownClass> = match &args.known {
        None => Vec::new(),
        Some(path) => match std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|t| serde_json::from_str(&t).map_err(|e| e.to_string()))
        {
            Ok(k) => k,
            Err(e) => {
                eprintln!("iri: {}: {e}", path.display());
                return EXIT_ERROR;
            }
        },
    };
    let generator = match rules(grammar).and_then(|r| Generator::new(r, grammar.rule_name(rule))) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("iri: {e}");
            return EXIT_ERROR;
        }
    };
    let reference = Reference {
        grammar,
        rule,
        mode: args.mode,
    };
    let fixed = if args.generated_only {
        Vec::new()
    } else {
        fixed_cases(args, grammar, rule)
    };
    let mut peer = match Peer::start(args) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("iri: {e}");
            return EXIT_ERROR;
        }
    };
    let start = Instant::now();
    let limit = args.cases.unwrap_or(if args.time.is_some() {
        u64::MAX
    } else {
        10_000
    });
    let deadline = args
        .time
        .map(|t| start + Duration::from_secs_f64(t.max(0.0)));
    let (protocol, mode) = (args.protocol, args.mode);
    let sendable = move |case: &Case| sendable(protocol, mode, case);
    let mut disagreements: Vec<(Case, String, bool)> = Vec::new();
    let (mut cases, mut skipped) = (0u64, 0u64);
    let broken = std::thread::scope(|scope| {
        // The cases and the reference's verdicts are made on a thread of their own, in batches, in
        // order: a run is the same for the same seed.
        let (to_main, batches) = mpsc::sync_channel::<Vec<(Case, Verdict)>>(16);
        let reference = &reference;
        let generator = &generator;
        let producer = scope.spawn(move || {
            let bases = resolve_bases();
            let mut skipped = 0u64;
            let mut batch = Vec::with_capacity(BATCH);
            let mut generated = 0u64;
            let mut fixed = fixed.into_iter();
            loop {
                let case = match fixed.next() {
                    Some(c) => c,
                    None => {
                        if generated >= limit
                            || (generated & 255 == 0
                                && deadline.is_some_and(|d| Instant::now() >= d))
                        {
                            break;
                        }
                        let seed = nth_seed(args.seed, generated);
                        generated += 1;
                        let s = generator.generate(seed, args.max_chars);
                        let input = if args.mutate && seed & 1 == 1 {
                            mutate(seed, &s)
                        } else {
                            s
                        };
                        let base = (args.mode == JudgeMode::Resolve)
                            .then(|| bases[(seed >> 8) as usize % bases.len()].to_string());
                        Case { base, input }
                    }
                };
                if !sendable(&case) {
                    skipped += 1;
                    continue;
                }
                let ours = reference.verdict(&case);
                batch.push((case, ours));
                if batch.len() == BATCH {
                    let full = std::mem::replace(&mut batch, Vec::with_capacity(BATCH));
                    if to_main.send(full).is_err() {
                        return skipped;
                    }
                }
            }
            if !batch.is_empty() {
                let _ = to_main.send(batch);
            }
            skipped
        });
        let mut in_flight: VecDeque<(Case, Verdict)> = VecDeque::with_capacity(IN_FLIGHT);
        let mut seen = HashSet::new();
        let mut exhausted = false;
        let result = loop {
            while !exhausted && in_flight.len() + BATCH <= IN_FLIGHT {
                // Wait for a batch only when nothing is in flight.
                let next = if in_flight.is_empty() {
                    batches.recv().ok()
                } else {
                    match batches.try_recv() {
                        Ok(b) => Some(b),
                        Err(mpsc::TryRecvError::Empty) => break,
                        Err(mpsc::TryRecvError::Disconnected) => None,
                    }
                };
                let Some(batch) = next else {
                    exhausted = true;
                    break;
                };
                for (case, ours) in batch {
                    cases += 1;
                    peer.send(&case);
                    in_flight.push_back((case, ours));
                }
            }
            let Some((case, ours)) = in_flight.pop_front() else {
                break None;
            };
            match peer.receive(&case) {
                Ok(theirs) => {
                    if let Some(kind) = difference(&ours, &theirs) {
                        if seen.insert(case.clone()) {
                            let accepted = reference.accepts(&ours);
                            disagreements.push((case, kind, accepted));
                        }
                    }
                }
                Err(b) => break Some(b),
            }
        };
        drop(batches);
        skipped = producer.join().unwrap_or(0);
        result
    });
    if let Some(Broken(why)) = broken {
        eprintln!("iri: {why}");
        peer.stop();
        return EXIT_ERROR;
    }
    let elapsed = start.elapsed().as_secs_f64();

    // Explain every disagreement as it is (the adapter's answers to all probes in one batch), group
    // them by that explanation, and shrink the shortest few of each group; the others go to the class
    // of their group's first shrunk member.
    let mut order: Vec<usize> = (0..disagreements.len()).collect();
    order.sort_by_key(|&i| (disagreements[i].0.input.chars().count(), i));
    let prekeys = match explain_all(&mut peer, &reference, &disagreements, &order) {
        Ok(e) => e,
        Err(Broken(why)) => {
            eprintln!("iri: while explaining: {why}");
            peer.stop();
            return EXIT_ERROR;
        }
    };
    let mut groups: BTreeMap<(String, bool, String, String), Vec<usize>> = BTreeMap::new();
    for (k, e) in prekeys.iter().enumerate() {
        groups.entry(key_of(e)).or_default().push(k);
    }
    let mut explained: Vec<Explained> = Vec::with_capacity(disagreements.len());
    // Verdict differences and component (or target) differences have a budget each, so that
    // components mode shrinks the verdict differences as verdict mode does: the same classes.
    let mut budgets = [args.shrink, args.shrink];
    for members in groups.values() {
        let mut shrunk_keys: Vec<Explained> = Vec::new();
        for (m, &k) in members.iter().enumerate() {
            let (case, kind, accepted) = &disagreements[order[k]];
            let budget = &mut budgets[usize::from(kind != "verdict")];
            if m < SHRINK_PER_GROUP && *budget > 0 {
                *budget -= 1;
                let result = shrink(&mut peer, &reference, case, kind).and_then(|small| {
                    explain(&mut peer, &reference, case, &small, kind, *accepted)
                });
                match result {
                    Ok(e) => {
                        shrunk_keys.push(e.clone());
                        explained.push(e);
                    }
                    Err(Broken(why)) => {
                        eprintln!("iri: while shrinking: {why}");
                        peer.stop();
                        return EXIT_ERROR;
                    }
                }
            } else {
                // Counted in the class of the group's first shrunk member, as an example of it.
                let mut e = prekeys[k].clone();
                if let Some(first) = shrunk_keys.first() {
                    e = Explained {
                        original: e.original,
                        ..first.clone()
                    };
                }
                explained.push(e);
            }
        }
    }
    peer.stop();

    let mut classes: BTreeMap<(String, bool, String, String), Class> = BTreeMap::new();
    for e in &explained {
        let key = (
            e.kind.clone(),
            e.reference_valid,
            e.rule.clone(),
            e.character_class.clone(),
        );
        let class = classes.entry(key).or_insert_with(|| Class {
            kind: e.kind.clone(),
            reference_valid: e.reference_valid,
            rule: e.rule.clone(),
            character_class: e.character_class.clone(),
            section: e.section.clone(),
            abnf: e.abnf.clone(),
            count: 0,
            witness: e.witness.clone(),
            base: e.base.clone(),
            offset: e.offset,
            character: e.character.clone(),
            explanation: e.explanation.clone(),
            examples: Vec::new(),
            known: false,
        });
        class.count += 1;
        let shorter = (e.witness.chars().count(), &e.witness)
            < (class.witness.chars().count(), &class.witness);
        if shorter {
            class.witness = e.witness.clone();
            class.base = e.base.clone();
            class.offset = e.offset;
            class.character = e.character.clone();
            class.explanation = e.explanation.clone();
            class.section = e.section.clone();
            class.abnf = e.abnf.clone();
        }
        if class.examples.len() < 5 && !class.examples.contains(&e.original) {
            class.examples.push(e.original.clone());
        }
    }
    let mut classes: Vec<Class> = classes.into_values().collect();
    for c in &mut classes {
        c.known = known.iter().any(|k| {
            k.reference_valid == c.reference_valid
                && k.rule == c.rule
                && k.character_class == c.character_class
                && k.kind.as_deref().is_none_or(|kind| kind == c.kind)
        });
    }
    if let Some(path) = &args.write_known {
        let mut list: Vec<(bool, &str, &str, &str)> = classes
            .iter()
            .map(|c| {
                (
                    c.reference_valid,
                    c.rule.as_str(),
                    c.character_class.as_str(),
                    c.kind.as_str(),
                )
            })
            .collect();
        list.sort();
        /// A class of --known, in the order of the files' keys.
        #[derive(Serialize)]
        struct Known<'a> {
            reference_valid: bool,
            rule: &'a str,
            character_class: &'a str,
            #[serde(skip_serializing_if = "Option::is_none")]
            kind: Option<&'a str>,
        }
        let verdict = args.mode == JudgeMode::Verdict;
        let list: Vec<Known> = list
            .into_iter()
            .map(|(reference_valid, rule, character_class, kind)| Known {
                reference_valid,
                rule,
                character_class,
                kind: (!verdict).then_some(kind),
            })
            .collect();
        // One space of indentation, as the files in judge/known/ have.
        let mut text = Vec::new();
        let mut ser = serde_json::Serializer::with_formatter(
            &mut text,
            serde_json::ser::PrettyFormatter::with_indent(b" "),
        );
        if list.serialize(&mut ser).is_err() {
            return EXIT_ERROR;
        }
        text.push(b'\n');
        if let Err(e) = std::fs::write(path, text) {
            eprintln!("iri: {}: {e}", path.display());
            return EXIT_ERROR;
        }
    }
    classes.sort_by(|a, b| b.count.cmp(&a.count).then(a.witness.cmp(&b.witness)));
    let unknown = classes.iter().filter(|c| !c.known).count();
    let summary = Summary {
        implementation: args.name.clone().unwrap_or_else(|| args.command.join(" ")),
        grammar: grammar.name(),
        rule: grammar.rule_name(rule),
        mode: match args.mode {
            JudgeMode::Verdict => "verdict",
            JudgeMode::Components => "components",
            JudgeMode::Resolve => "resolve",
        },
        protocol: match args.protocol {
            Protocol::Line => "line",
            Protocol::Jsonl => "jsonl",
        },
        seed: args.seed,
        cases,
        skipped,
        disagreements: explained.len(),
        unknown_classes: unknown,
        classes,
        seconds: elapsed,
        cases_per_second: if elapsed > 0.0 {
            cases as f64 / elapsed
        } else {
            0.0
        },
    };
    let text = match args.format {
        JudgeFormat::Json => serde_json::to_string_pretty(&summary).unwrap_or_default() + "\n",
        JudgeFormat::Text => render_text(&summary),
        JudgeFormat::Markdown => render_markdown(&summary, args.markdown_classes),
    };
    let mut out = std::io::stdout().lock();
    if out
        .write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .is_err()
    {
        return EXIT_ERROR;
    }
    if unknown > 0 {
        EXIT_INVALID
    } else {
        EXIT_OK
    }
}

/// Whether components mode can judge `rule`: when every string of its language is one of the
/// grammar's reference rule (`URI-reference`, `IRI-reference`, `LEIRI-reference`), decided by
/// comparing the two rules' automata ([`compare_rules`]); `iri_abnf::parse` splits those strings.
fn components_rule(grammar: AnyGrammar, rule: Rule) -> bool {
    rule == grammar.reference_rule()
        || compare_rules((grammar, rule), (grammar, grammar.reference_rule()), 1)
            .is_ok_and(|c| c.only_a.is_empty())
}

/// The start rules of references that components mode can judge (for messages).
fn components_rules(grammar: AnyGrammar) -> Vec<&'static str> {
    let names = if grammar.main() == Some(Grammar::Uri) {
        ["URI", "absolute-URI", "relative-ref", "URI-reference"]
    } else {
        ["IRI", "absolute-IRI", "irelative-ref", "IRI-reference"]
    };
    names
        .into_iter()
        .filter(|n| grammar.rule(n).is_some_and(|r| components_rule(grammar, r)))
        .collect()
}

/// The bases of generated resolve cases: those of RFC 3986 §5.4 and a few more shapes.
fn resolve_bases() -> Vec<&'static str> {
    vec![
        "http://a/b/c/d;p?q",
        "http://a/bb/ccc/d;p?q",
        "http://a",
        "http://a/",
        "file:///x/y/",
        "urn:isbn:0451450523",
        "s:a/b",
        "s:/a/../b",
        "http://\u{e9}x.example/\u{4e2d}/\u{6587}?q#f",
    ]
}

/// The fixed cases: the vendored suites' examples, the strings that separate the grammars, boundary
/// strings. In resolve mode, the suites' base and reference pairs.
/// The examples of the spec documents (`spec-examples.jsonl`: the XML notation `&#xHHHH;` decoded to
/// the character, 3987bis §1.4; the strings in octet notation `<hh>` of §3.7.1, which are octets,
/// not characters, left out) and the other URLs of their texts (`seed-urls.jsonl`), from the folder
/// `fixtures` (tests/fixtures; its README gives the notation).
fn spec_examples(fixtures: &Path) -> Vec<String> {
    let read = |name: &str, key: &str| -> Vec<String> {
        let text = std::fs::read_to_string(fixtures.join(name)).unwrap_or_default();
        text.lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter_map(|r| r.get(key).and_then(Value::as_str).map(str::to_string))
            .collect()
    };
    let mut out = Vec::new();
    for s in read("spec-examples.jsonl", "input") {
        if has_octet_notation(&s) {
            continue;
        }
        if let Some(decoded) = decode_xml_notation(&s) {
            out.push(decoded);
        }
    }
    out.extend(read("seed-urls.jsonl", "url"));
    out
}

/// Whether `s` holds an octet in the notation `<hh>` (two hex digits between angle brackets).
fn has_octet_notation(s: &str) -> bool {
    s.as_bytes().windows(4).any(|w| {
        w[0] == b'<' && w[1].is_ascii_hexdigit() && w[2].is_ascii_hexdigit() && w[3] == b'>'
    })
}

/// `s` with every `&#xHHHH;` replaced by the character U+HHHH; `None` when one names no character.
fn decode_xml_notation(s: &str) -> Option<String> {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find("&#x") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 3..];
        let end = after.find(';')?;
        let c = u32::from_str_radix(&after[..end], 16)
            .ok()
            .and_then(char::from_u32)?;
        out.push(c);
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    Some(out)
}

fn fixed_cases(args: &JudgeArgs, grammar: AnyGrammar, rule: Rule) -> Vec<Case> {
    let mut out: Vec<Case> = Vec::new();
    let mut seen = HashSet::new();
    let mut push = |out: &mut Vec<Case>, case: Case| {
        if seen.insert(case.clone()) {
            out.push(case);
        }
    };
    let dir = args.corpora.clone().or_else(|| {
        let d = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpora");
        d.is_dir().then_some(d)
    });
    let mut records: Vec<Value> = Vec::new();
    if let Some(dir) = &dir {
        let mut files: Vec<PathBuf> = Vec::new();
        if let Ok(entries) = std::fs::read_dir(dir) {
            for e in entries.flatten() {
                if let Ok(inner) = std::fs::read_dir(e.path()) {
                    files.extend(inner.flatten().map(|f| f.path()));
                }
            }
        }
        files.sort();
        for f in files {
            let mut text = String::new();
            let read = std::fs::File::open(&f).and_then(|mut file| file.read_to_string(&mut text));
            if read.is_err() {
                continue;
            }
            match f.extension().and_then(|e| e.to_str()) {
                Some("jsonl") => records.extend(
                    text.lines()
                        .filter_map(|l| serde_json::from_str::<Value>(l).ok()),
                ),
                Some("json") => {
                    if let Ok(Value::Array(a)) = serde_json::from_str::<Value>(&text) {
                        records.extend(a);
                    }
                }
                _ => {}
            }
        }
    }
    // The examples of the spec documents and the other URLs of their texts (tests/fixtures).
    let fixtures = dir
        .as_deref()
        .and_then(Path::parent)
        .map(|tests| tests.join("fixtures"));
    if let Some(fixtures) = fixtures {
        records.extend(spec_examples(&fixtures).into_iter().map(|s| {
            let mut o = serde_json::Map::new();
            o.insert("input".into(), Value::String(s));
            Value::Object(o)
        }));
    }
    if args.mode == JudgeMode::Resolve {
        for r in &records {
            if let (Some(Value::String(b)), Some(Value::String(i))) =
                (r.get("base"), r.get("reference"))
            {
                push(
                    &mut out,
                    Case {
                        base: Some(b.clone()),
                        input: i.clone(),
                    },
                );
            }
        }
        return out;
    }
    for r in &records {
        for key in ["input", "reference", "base", "expected"] {
            if let Some(Value::String(s)) = r.get(key) {
                push(
                    &mut out,
                    Case {
                        base: None,
                        input: s.clone(),
                    },
                );
            }
        }
    }
    // The strings in the judged grammar's language and not in another's, and the other way round.
    for other in AnyGrammar::ALL {
        if other == grammar {
            continue;
        }
        let Some(r) = counterpart(rule, other) else {
            continue;
        };
        if let Ok(c) = compare_rules((grammar, rule), (other, r), 4) {
            for w in c.only_a.iter().chain(&c.only_b) {
                push(
                    &mut out,
                    Case {
                        base: None,
                        input: w.text.clone(),
                    },
                );
            }
        }
    }
    for s in boundary_strings() {
        push(
            &mut out,
            Case {
                base: None,
                input: s,
            },
        );
    }
    out
}

/// `ucschar` and `iprivate` (3987bis §2.2) as ranges.
const RANGES: &[(&str, u32, u32)] = &[
    ("ucschar", 0xA0, 0xD7FF),
    ("ucschar", 0xF900, 0xFDCF),
    ("ucschar", 0xFDF0, 0xFFEF),
    ("ucschar", 0x10000, 0x1FFFD),
    ("ucschar", 0x20000, 0x2FFFD),
    ("ucschar", 0x30000, 0x3FFFD),
    ("ucschar", 0x40000, 0x4FFFD),
    ("ucschar", 0x50000, 0x5FFFD),
    ("ucschar", 0x60000, 0x6FFFD),
    ("ucschar", 0x70000, 0x7FFFD),
    ("ucschar", 0x80000, 0x8FFFD),
    ("ucschar", 0x90000, 0x9FFFD),
    ("ucschar", 0xA0000, 0xAFFFD),
    ("ucschar", 0xB0000, 0xBFFFD),
    ("ucschar", 0xC0000, 0xCFFFD),
    ("ucschar", 0xD0000, 0xDFFFD),
    ("ucschar", 0xE1000, 0xEFFFD),
    ("iprivate", 0xE000, 0xF8FF),
    ("iprivate", 0xE0000, 0xE0FFF),
    ("iprivate", 0xF0000, 0xFFFFD),
    ("iprivate", 0x100000, 0x10FFFD),
];

/// Both ends, plus and minus one, of every `ucschar` and `iprivate` range, the noncharacters, in
/// each component; and long lines.
fn boundary_strings() -> Vec<String> {
    let mut chars: Vec<char> = Vec::new();
    for &(_, lo, hi) in RANGES {
        for v in [lo.wrapping_sub(1), lo, lo + 1, hi - 1, hi, hi + 1] {
            chars.extend(char::from_u32(v));
        }
    }
    chars.extend([
        '\u{FDD0}',
        '\u{FDEF}',
        '\u{FFFE}',
        '\u{FFFF}',
        '\u{1FFFE}',
        '\u{10FFFF}',
    ]);
    chars.extend([
        '\u{7F}', '\u{80}', '\u{9F}', '\u{200E}', '\u{202E}', '\u{FEFF}',
    ]);
    let mut out = Vec::new();
    for c in chars {
        for shape in [
            "{}",
            "a{}",
            "http://a/{}",
            "http://{}/",
            "http://{}@a/",
            "s:?{}",
            "s:#{}",
            "{}:a",
        ] {
            out.push(shape.replace("{}", &c.to_string()));
        }
    }
    for n in [1000usize, 8192, 65536] {
        out.push(format!("http://a/{}", "a".repeat(n)));
        out.push(format!("http://a/?{}", "%41".repeat(n / 3)));
        out.push(format!("http://a/{}", "\u{e9}".repeat(n / 2)));
    }
    out
}

/// How many disagreements of one group (the same explanation before shrinking) are shrunk.
const SHRINK_PER_GROUP: usize = 3;

/// The class of an explained disagreement.
fn key_of(e: &Explained) -> (String, bool, String, String) {
    (
        e.kind.clone(),
        e.reference_valid,
        e.rule.clone(),
        e.character_class.clone(),
    )
}

/// Explains every disagreement as it is, in `order`, asking the adapter about all their probes in
/// batches.
fn explain_all(
    peer: &mut Peer,
    reference: &Reference,
    disagreements: &[(Case, String, bool)],
    order: &[usize],
) -> Result<Vec<Explained>, Broken> {
    let probed: Vec<usize> = order
        .iter()
        .copied()
        .filter(|&i| disagreements[i].2 && disagreements[i].1 == "verdict")
        .collect();
    let cases: Vec<&Case> = probed.iter().map(|&i| &disagreements[i].0).collect();
    let found = deciding(peer, reference, &cases)?;
    let decided: BTreeMap<usize, Decided> = probed
        .iter()
        .zip(found)
        .filter_map(|(&i, d)| d.map(|d| (i, d)))
        .collect();
    Ok(order
        .iter()
        .map(|&i| {
            let (case, kind, accepted) = &disagreements[i];
            explain_with(
                reference,
                case,
                case,
                kind,
                *accepted,
                decided.get(&i).cloned(),
                None,
            )
        })
        .collect())
}

/// The longest input explained before shrinking, in characters.
const MAX_PROBED: usize = 512;

/// How many rounds of probes [`deciding`] tries: `a`, then other characters. (Not removals: taking
/// a character out joins its neighbours, e.g. two percent-encodings into one UTF-8 sequence, and
/// turns the verdict for reasons that are not the character's.)
const ROUNDS: usize = 2;

/// The replacements of round 1 (after `a` in round 0): the other case of a letter, a digit, the
/// other unreserved characters, a sub-delim, the delimiters of components, a `ucschar`.
const REPLACEMENTS: &[char] = &[
    '0', '-', '.', '_', '~', '!', ':', '@', '/', '?', '#', '%', '\u{A0}',
];

/// The probes of an input the reference accepts, in round `round` of [`deciding`]: each character
/// replaced by `a` (`b` for an `a`) in round 0; by each of [`REPLACEMENTS`] and the other case of a
/// letter in round 1. Only the probes that the reference still accepts, each with the position and
/// the replacement.
fn probes_of(reference: &Reference, case: &Case, round: usize) -> Vec<(usize, char, Case)> {
    let chars: Vec<char> = case.input.chars().collect();
    let mut out = Vec::new();
    if chars.len() > MAX_PROBED {
        // A long input is explained once shrunk.
        return out;
    }
    for (i, &c) in chars.iter().enumerate() {
        let mut edits = Vec::new();
        if round == 0 {
            edits.push(if c == 'a' { 'b' } else { 'a' });
        } else {
            if c.is_ascii_alphabetic() {
                edits.push(if c.is_ascii_lowercase() {
                    c.to_ascii_uppercase()
                } else {
                    c.to_ascii_lowercase()
                });
            }
            let digit = if c == '0' { '1' } else { '0' };
            edits.extend(
                std::iter::once(digit)
                    .chain(REPLACEMENTS.iter().copied().skip(1))
                    .filter(|&r| r != c && r != 'a' && r != 'b'),
            );
        }
        for r in edits {
            let mut v = chars.clone();
            v[i] = r;
            let probe = with_input(case, &v);
            if reference.accepts(&reference.verdict(&probe)) {
                out.push((i, r, probe));
            }
        }
    }
    out
}

/// The deciding character of each case (disagreements where the reference accepts and the
/// implementation rejects): a position where one replacement makes the implementation accept while
/// the reference still accepts, by the earliest round of [`probes_of`] that has one, with the
/// replacement; `None` when no single replacement does. Replacing a delimiter so that both sides reject ends a disagreement too, but
/// decides nothing: only the implementation's verdict turning counts. Of several such, the
/// first (from the left) that leaves every other character in the same rule of the reference's
/// parse, else the last (where a parser reading from the left gives up, as the reference's offset
/// where it rejects): the `:` of `A://:` and of `a://:8` (a port after an empty host), not the `/`
/// whose replacement turns the input into a path.
fn deciding(
    peer: &mut Peer,
    reference: &Reference,
    cases: &[&Case],
) -> Result<Vec<Option<Decided>>, Broken> {
    let mut found: Vec<Option<Decided>> = vec![None; cases.len()];
    for round in 0..ROUNDS {
        let mut probes = Vec::new();
        let mut owners = Vec::new();
        for (n, case) in cases.iter().enumerate() {
            if found[n].is_some() {
                continue;
            }
            for (at, edit, probe) in probes_of(reference, case, round) {
                if peer.can_send(&probe) {
                    owners.push((n, at, edit));
                    probes.push(probe);
                }
            }
        }
        if probes.is_empty() {
            continue;
        }
        let answers = peer.ask(&probes)?;
        // The edits that turn the implementation's verdict, per case, in order of position.
        let mut flips: Vec<Vec<(usize, char, usize)>> = vec![Vec::new(); cases.len()];
        for (k, ((n, at, edit), theirs)) in owners.into_iter().zip(answers).enumerate() {
            if reference.accepts(&theirs) {
                flips[n].push((at, edit, k));
            }
        }
        for (n, list) in flips.iter().enumerate() {
            if list.is_empty() || found[n].is_some() {
                continue;
            }
            let before = char_rules(reference, &cases[n].input);
            // Every other character in the same rule before and after the replacement.
            let keeps = |&&(at, _, k): &&(usize, char, usize)| match (
                &before,
                char_rules(reference, &probes[k].input),
            ) {
                (Some(b), Some(a)) => (0..b.len()).all(|i| i == at || a[i] == b[i]),
                _ => false,
            };
            let pick = list.iter().find(keeps).unwrap_or(&list[list.len() - 1]);
            found[n] = Some(Decided::Char(pick.0, pick.1));
        }
    }
    // No single character: the innermost node of the reference's parse whose text, replaced by
    // another string of its rule, makes the implementation accept.
    let mut generators = BTreeMap::new();
    let mut probes = Vec::new();
    let mut owners = Vec::new();
    for (n, case) in cases.iter().enumerate() {
        if found[n].is_some() || case.input.chars().count() > MAX_PROBED {
            continue;
        }
        for (node, start, end, with, probe) in node_probes(reference, case, &mut generators) {
            if peer.can_send(&probe) {
                owners.push((n, node, start, end, with));
                probes.push(probe);
            }
        }
    }
    if !probes.is_empty() {
        let answers = peer.ask(&probes)?;
        for ((n, rule, start, end, with), theirs) in owners.into_iter().zip(answers) {
            // The probes of a case come innermost first: the first that turns the verdict.
            if found[n].is_none() && reference.accepts(&theirs) {
                found[n] = Some(Decided::Node {
                    rule,
                    start,
                    end,
                    with,
                });
            }
        }
    }
    Ok(found)
}

/// What decides a disagreement where the reference accepts ([`deciding`]).
#[derive(Clone, Debug)]
enum Decided {
    /// The character at a position (in characters), with the replacement that turns the verdict.
    Char(usize, char),
    /// No single character does; the innermost rule of the reference's parse (its bytes
    /// `start..end`) whose text replaced by `with` turns the verdict.
    Node {
        rule: Rule,
        start: usize,
        end: usize,
        with: String,
    },
}

/// How many strings of a rule replace a node's text in [`node_probes`].
const NODE_REPLACEMENTS: u64 = 6;

/// The probes of the last round of [`deciding`]: the text of each node of the reference's parse
/// tree (but the root, innermost first: by length, then deepest, then leftmost) replaced by a few
/// short strings of its rule, where the reference still accepts.
#[allow(clippy::type_complexity)]
fn node_probes<'g>(
    reference: &Reference,
    case: &Case,
    generators: &mut BTreeMap<Rule, Option<Generator<'g>>>,
) -> Vec<(Rule, usize, usize, String, Case)> {
    let mut out = Vec::new();
    let Some(g) = reference.grammar.main() else {
        return out;
    };
    let Ok(tree) = iri_abnf::syntax::parse_tree(g, reference.rule, &case.input) else {
        return out;
    };
    let Ok(all) = rules(reference.grammar) else {
        return out;
    };
    let mut nodes: Vec<(usize, usize, usize, usize, Rule)> = Vec::new();
    fn walk(
        node: &iri_abnf::syntax::SyntaxNode,
        depth: usize,
        out: &mut Vec<(usize, usize, usize, usize, Rule)>,
    ) {
        if depth > 0 && node.span.end > node.span.start {
            let len = node.span.end - node.span.start;
            out.push((
                len,
                usize::MAX - depth,
                node.span.start,
                node.span.end,
                node.rule,
            ));
        }
        for child in &node.children {
            walk(child, depth + 1, out);
        }
    }
    walk(&tree, 0, &mut nodes);
    nodes.sort();
    let mut seen_spans = HashSet::new();
    for (_, _, start, end, rule) in nodes {
        if !seen_spans.insert((start, end)) {
            // The same text as a deeper node: that one was tried.
            continue;
        }
        let generator = generators
            .entry(rule)
            .or_insert_with(|| Generator::new(all, reference.grammar.rule_name(rule)).ok());
        let Some(generator) = generator.as_ref() else {
            continue;
        };
        let text = &case.input[start..end];
        let mut tried = HashSet::new();
        for seed in 0..NODE_REPLACEMENTS {
            let with = generator.generate(seed, 8);
            if with == text || !tried.insert(with.clone()) {
                continue;
            }
            let input = format!("{}{with}{}", &case.input[..start], &case.input[end..]);
            let probe = Case {
                base: case.base.clone(),
                input,
            };
            if reference.accepts(&reference.verdict(&probe)) {
                out.push((rule, start, end, with, probe));
            }
        }
    }
    out
}

/// The innermost rule of the reference's parse tree at each character of `input`, or `None` when
/// the reference rejects it.
fn char_rules(reference: &Reference, input: &str) -> Option<Vec<Rule>> {
    let g = reference.grammar.main()?;
    let tree = iri_abnf::syntax::parse_tree(g, reference.rule, input).ok()?;
    let mut by_byte = vec![tree.rule; input.len()];
    fn fill(node: &iri_abnf::syntax::SyntaxNode, out: &mut [Rule]) {
        for b in node.span.start..node.span.end.min(out.len()) {
            out[b] = node.rule;
        }
        for child in &node.children {
            fill(child, out);
        }
    }
    fill(&tree, &mut by_byte);
    Some(input.char_indices().map(|(b, _)| by_byte[b]).collect())
}

/// Whether the disagreement `kind` still holds on `case`.
fn holds(
    peer: &mut Peer,
    reference: &Reference,
    cases: &[Case],
    kind: &str,
) -> Result<Vec<bool>, Broken> {
    let sendable: Vec<Case> = cases.iter().filter(|c| peer.can_send(c)).cloned().collect();
    let answers = peer.ask(&sendable)?;
    let mut it = sendable.iter().zip(answers);
    Ok(cases
        .iter()
        .map(|c| {
            if !peer.can_send(c) {
                return false;
            }
            let (case, theirs) = it.next().expect("one answer per case sent");
            difference(&reference.verdict(case), &theirs).as_deref() == Some(kind)
        })
        .collect())
}

fn with_input(case: &Case, chars: &[char]) -> Case {
    Case {
        base: case.base.clone(),
        input: chars.iter().collect(),
    }
}

/// The most parts ddmin splits an input into (so that a long input costs batches of bounded size).
const MAX_CHUNKS: usize = 128;

/// Delta debugging (ddmin) on the characters of the input, then each character replaced by the
/// simplest of its class (the low end of its range, `a`, `0`), while the disagreement holds.
fn shrink(peer: &mut Peer, reference: &Reference, case: &Case, kind: &str) -> Result<Case, Broken> {
    let mut chars: Vec<char> = case.input.chars().collect();
    let mut n = 2usize;
    while chars.len() >= 2 {
        let chunk = chars.len().div_ceil(n);
        let candidates: Vec<Vec<char>> = (0..chars.len())
            .step_by(chunk)
            .map(|start| {
                let mut c = chars.clone();
                c.drain(start..(start + chunk).min(chars.len()));
                c
            })
            .collect();
        let cases: Vec<Case> = candidates.iter().map(|c| with_input(case, c)).collect();
        let ok = holds(peer, reference, &cases, kind)?;
        if let Some(i) = ok.iter().position(|&b| b) {
            chars = candidates[i].clone();
            n = (n - 1).max(2);
        } else if n >= chars.len().min(MAX_CHUNKS) {
            break;
        } else {
            n = (n * 2).min(chars.len()).min(MAX_CHUNKS);
        }
    }
    if chars.len() == 1 {
        let empty = with_input(case, &[]);
        if holds(peer, reference, std::slice::from_ref(&empty), kind)?[0] {
            chars.clear();
        }
    }
    // Simplest members of each character's class: all at once if the disagreement holds so, else
    // one by one.
    let simplest: Vec<char> = chars.iter().map(|&c| simplest_of(c)).collect();
    if simplest != chars && holds(peer, reference, &[with_input(case, &simplest)], kind)?[0] {
        return Ok(with_input(case, &simplest));
    }
    for i in 0..chars.len() {
        let c = chars[i];
        let mut options: Vec<char> = Vec::new();
        if let Some(&(_, lo, _)) = RANGES
            .iter()
            .find(|(_, lo, hi)| (*lo..=*hi).contains(&(c as u32)))
        {
            options.extend(char::from_u32(lo));
        }
        if c.is_ascii_alphabetic() {
            options.push('a');
        }
        if c.is_ascii_digit() {
            options.push('0');
        }
        options.retain(|&o| o < c);
        if options.is_empty() {
            continue;
        }
        let cases: Vec<Case> = options
            .iter()
            .map(|&o| {
                let mut v = chars.clone();
                v[i] = o;
                with_input(case, &v)
            })
            .collect();
        let ok = holds(peer, reference, &cases, kind)?;
        if let Some(j) = ok.iter().position(|&b| b) {
            chars[i] = options[j];
        }
    }
    Ok(with_input(case, &chars))
}

/// The simplest member of a character's class: the low end of its range, `a` or `0`.
fn simplest_of(c: char) -> char {
    if let Some(&(_, lo, _)) = RANGES
        .iter()
        .find(|(_, lo, hi)| (*lo..=*hi).contains(&(c as u32)))
    {
        return char::from_u32(lo).unwrap_or(c);
    }
    if c.is_ascii_alphabetic() {
        return 'a';
    }
    if c.is_ascii_digit() {
        return '0';
    }
    c
}

/// The class of a character, as the grammars' rules split them.
fn character_class(c: char) -> String {
    let v = c as u32;
    if let Some((name, lo, hi)) = RANGES.iter().find(|(_, lo, hi)| (*lo..=*hi).contains(&v)) {
        return format!("{name} %x{lo:X}-{hi:X}");
    }
    match c {
        'a'..='z' | 'A'..='Z' => "ALPHA".to_string(),
        '0'..='9' => "DIGIT".to_string(),
        '\0'..='\u{1F}' | '\u{7F}' => "CTL".to_string(),
        '\u{80}'..='\u{9F}' => "C1 control".to_string(),
        ' ' => "SP".to_string(),
        '!'..='~' => format!("\"{c}\""),
        _ if iri_abnf::characters::is_noncharacter(c) => "noncharacter".to_string(),
        _ => format!("other non-ASCII U+{v:04X}"),
    }
}

/// Explains a shrunk disagreement: the deciding character, the rule and the ABNF line.
fn explain(
    peer: &mut Peer,
    reference: &Reference,
    original: &Case,
    shrunk: &Case,
    kind: &str,
    accepted: bool,
) -> Result<Explained, Broken> {
    let decided = if accepted && kind == "verdict" {
        deciding(peer, reference, &[shrunk])?.swap_remove(0)
    } else {
        None
    };
    // A component difference names the values of both sides.
    let theirs = if kind.starts_with("component") && peer.can_send(shrunk) {
        peer.ask(std::slice::from_ref(shrunk))?.pop()
    } else {
        None
    };
    Ok(explain_with(
        reference,
        original,
        shrunk,
        kind,
        accepted,
        decided,
        theirs.as_ref(),
    ))
}

/// The character class of a disagreement that no single character decides: the reference accepts
/// the input, and no replacement of one character that the reference still accepts makes
/// the implementation accept it.
const NO_SINGLE_CHARACTER: &str = "no single character";

/// The character class of a component difference: the whole value of a component differs.
const COMPONENT_VALUE: &str = "component value";

/// A component's value for messages.
fn value_of(v: Option<&Option<String>>) -> String {
    match v {
        Some(Some(s)) => format!("`{}`", escape(s)),
        Some(None) => "absent".to_string(),
        None => "not reported".to_string(),
    }
}

/// Explains a disagreement on `shrunk`. `decided` is its deciding character or rule ([`deciding`]) where the
/// reference accepts; `theirs` the adapter's answer, for a component difference.
fn explain_with(
    reference: &Reference,
    original: &Case,
    shrunk: &Case,
    kind: &str,
    accepted: bool,
    decided: Option<Decided>,
    theirs: Option<&Verdict>,
) -> Explained {
    let grammar = reference.grammar;
    let input = &shrunk.input;
    let start_rule = grammar.rule_name(reference.rule).to_string();
    let mut rule = start_rule.clone();
    let offset;
    let explanation;
    // The class of what differs, when it is not a character's.
    let mut class: Option<&str> = None;
    if let Some(name) = kind.strip_prefix("component ") {
        // The class is the component that differs (the kind), not a character's.
        offset = 0;
        class = Some(COMPONENT_VALUE);
        rule = component_rule(grammar, name).unwrap_or(rule);
        let ours = reference.verdict(shrunk);
        explanation = match (&ours, theirs) {
            (Verdict::Components(Some(a)), Some(Verdict::Components(Some(b)))) => differing(a, b)
                .iter()
                .map(|n| {
                    format!(
                        "the {n} differs: the implementation reports {}, the ABNF {}",
                        value_of(b.get(n)),
                        value_of(a.get(n))
                    )
                })
                .collect::<Vec<_>>()
                .join("; "),
            _ => format!("the {name} differs from the ABNF's"),
        };
    } else if kind == "target" {
        offset = 0;
        explanation = match reference.verdict(shrunk) {
            Verdict::Target(Some(t)) => format!(
                "the target differs from RFC 3986 Section 5.2's, `{}`",
                escape(&t)
            ),
            _ => "the target differs from RFC 3986 Section 5.2's".to_string(),
        };
        rule = "RFC 3986 Section 5.2".to_string();
    } else if !accepted {
        // The reference rejects: the offset, the character and the rules from `explain`.
        match iri_abnf::validate(grammar, reference.rule, input) {
            Err(e) => {
                let p = e.explain();
                offset = p.offset;
                if let Some(Expected::Rule(r)) = p.expected().first() {
                    rule = grammar.rule_name(*r).to_string();
                }
                explanation = p.message();
            }
            Ok(()) => {
                // Resolve mode: the base or the reference is invalid.
                offset = 0;
                explanation = "the reference does not resolve".to_string();
            }
        }
    } else if let Some(Decided::Node {
        rule: node,
        start,
        end,
        with,
    }) = &decided
    {
        // No single character decides; the innermost rule whose text, replaced, does.
        offset = *start;
        class = Some(NO_SINGLE_CHARACTER);
        rule = grammar.rule_name(*node).to_string();
        explanation = format!(
            "the ABNF admits the input as {start_rule}; the implementation rejects it, and no single character replaced (by one the ABNF still admits there) makes it accept; with the {rule} `{}` replaced by `{}` it does",
            escape(&input[*start..*end]),
            escape(with)
        );
    } else if let Some(Decided::Char(at, replacement)) = decided {
        // The reference accepts: the deciding character is one whose replacement makes the implementation accept while the reference still accepts.
        offset = input.char_indices().nth(at).map_or(input.len(), |(b, _)| b);
        if let Some(g) = grammar.main() {
            if let Ok(tree) = iri_abnf::syntax::parse_tree(g, reference.rule, input) {
                rule = deepest(&tree, offset, input.len())
                    .map_or(rule, |r| grammar.rule_name(r).to_string());
            }
        }
        let ch = input[offset..].chars().next();
        let fix = format!(
            "it accepts the input with {} there",
            iri_abnf::repository::quote(&replacement.to_string())
        );
        explanation = match ch {
            Some(c) => format!(
                "the ABNF admits {} (U+{:04X}) at byte offset {offset} in {rule}; the implementation rejects it ({fix})",
                iri_abnf::repository::quote(&c.to_string()),
                c as u32
            ),
            None => format!("the ABNF admits the input as {rule}; the implementation rejects it"),
        };
    } else if input.is_empty() {
        offset = 0;
        explanation =
            format!("the ABNF admits the empty input as {rule}; the implementation rejects it");
    } else {
        // No single character decides: the input as a whole.
        offset = 0;
        class = Some(NO_SINGLE_CHARACTER);
        explanation = format!(
            "the ABNF admits the input as {rule}; the implementation rejects it, and no single character replaced (by one the ABNF still admits there) makes it accept"
        );
    }
    let ch = input
        .get(offset..)
        .and_then(|s| s.chars().next())
        .filter(|_| class.is_none());
    let (section, abnf) = match definition(grammar, rule.as_str()) {
        Some(d) => (d.spec.to_string(), format!("{}:{}", d.file, d.line)),
        None => (grammar.spec().to_string(), String::new()),
    };
    Explained {
        witness: input.clone(),
        base: shrunk.base.clone(),
        original: original.input.clone(),
        kind: kind.to_string(),
        reference_valid: accepted,
        offset,
        character: ch.map(|c| c.to_string()),
        character_class: match class {
            Some(c) => c.to_string(),
            None => ch.map_or_else(|| "end of input".to_string(), character_class),
        },
        rule,
        section,
        abnf,
        explanation,
    }
}

/// The rule of a component in a grammar.
fn component_rule(grammar: AnyGrammar, name: &str) -> Option<String> {
    let i = grammar.main() != Some(Grammar::Uri);
    let rule = match (name, i) {
        ("scheme", _) => "scheme",
        ("authority", true) => "iauthority",
        ("authority", false) => "authority",
        ("userinfo", true) => "iuserinfo",
        ("userinfo", false) => "userinfo",
        ("host", true) => "ihost",
        ("host", false) => "host",
        ("port", _) => "port",
        ("path", true) => "ipath",
        ("path", false) => "path",
        ("query", true) => "iquery",
        ("query", false) => "query",
        ("fragment", true) => "ifragment",
        ("fragment", false) => "fragment",
        _ => return None,
    };
    grammar.rule(rule).map(|r| grammar.rule_name(r).to_string())
}

/// The innermost node of the tree whose span holds the byte at `offset`.
fn deepest(node: &iri_abnf::syntax::SyntaxNode, offset: usize, len: usize) -> Option<Rule> {
    let inside = |s: iri_abnf::Span| {
        (s.start <= offset && offset < s.end)
            || (offset == len && s.end == len && s.start <= offset)
    };
    if !inside(node.span) {
        return None;
    }
    for child in &node.children {
        if let Some(r) = deepest(child, offset, len) {
            return Some(r);
        }
    }
    Some(node.rule)
}

/// `n` and the noun, singular for 1: "1 class", "3 classes".
fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn render_text(s: &Summary) -> String {
    let mut out = format!(
        "{}: {} {} ({} mode, {} protocol, seed {})\n{} cases ({} skipped: not sendable on a line), {} in {} ({:.0} cases/s)\n",
        s.implementation,
        s.grammar,
        s.rule,
        s.mode,
        s.protocol,
        s.seed,
        s.cases,
        s.skipped,
        counted(s.disagreements, "disagreement", "disagreements"),
        counted(s.classes.len(), "class", "classes"),
        s.cases_per_second
    );
    for c in &s.classes {
        out.push_str(&format!(
            "\n{} {} (class {}, {}){}: {} cases\n  witness: `{}`{}\n  {}\n  rule {} ({}{})\n",
            if c.kind != "verdict" {
                "differs from the ABNF in the"
            } else if c.reference_valid {
                "rejects what the ABNF accepts"
            } else {
                "accepts what the ABNF rejects"
            },
            c.kind,
            c.character_class,
            c.rule,
            if c.known { " [known]" } else { "" },
            c.count,
            escape(&c.witness),
            c.base
                .as_ref()
                .map_or(String::new(), |b| format!(" against base `{}`", escape(b))),
            c.explanation,
            c.rule,
            c.section,
            if c.abnf.is_empty() {
                String::new()
            } else {
                format!(", {}", c.abnf)
            },
        ));
        for e in &c.examples {
            out.push_str(&format!("  example: `{}`\n", escape(e)));
        }
    }
    out
}

/// A witness for a Markdown table cell.
fn cell(s: &str) -> String {
    let e = escape(s).replace('|', "\\|");
    if e.chars().count() > 60 {
        format!(
            "`{}…` ({} chars)",
            e.chars().take(60).collect::<String>(),
            s.chars().count()
        )
    } else {
        format!("`{e}`")
    }
}

/// The Markdown report: the summary line, then a table of the classes, the `limit` most frequent
/// (all for 0).
fn render_markdown(s: &Summary, limit: usize) -> String {
    let limit = if limit == 0 { usize::MAX } else { limit };
    let mut out = format!(
        "Judged against `{}` `{}` ({} mode, seed {}): {} cases ({} skipped), {} in {}.\n\n",
        s.grammar,
        s.rule,
        s.mode,
        s.seed,
        s.cases,
        s.skipped,
        counted(s.disagreements, "disagreement", "disagreements"),
        counted(s.classes.len(), "class", "classes"),
    );
    if s.classes.is_empty() {
        return out;
    }
    out.push_str(
        "| ABNF | what differs | character class | rule | section | cases | shortest witness |\n",
    );
    out.push_str("| --- | --- | --- | --- | --- | --- | --- |\n");
    for c in s.classes.iter().take(limit) {
        out.push_str(&format!(
            "| {} | {} | {} | `{}` | {}{} | {} | {} |\n",
            if c.reference_valid {
                "accepts"
            } else {
                "rejects"
            },
            c.kind,
            c.character_class.replace('|', "\\|"),
            c.rule,
            c.section,
            if c.abnf.is_empty() {
                String::new()
            } else {
                format!(" (`{}`)", c.abnf)
            },
            c.count,
            cell(&c.witness)
        ));
    }
    if s.classes.len() > limit {
        out.push_str(&format!(
            "\n…and {} more classes with fewer cases (`--format json` or `--markdown-classes 0` lists them all).\n",
            s.classes.len() - limit
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{decode_xml_notation, has_octet_notation, spec_examples};
    use std::path::Path;

    #[test]
    fn xml_notation_is_decoded_and_octet_notation_recognized() {
        assert_eq!(
            decode_xml_notation("http://r&#xE9;sum&#xE9;.example.org").as_deref(),
            Some("http://résumé.example.org")
        );
        assert_eq!(
            decode_xml_notation("a&#x10FFFF;b").as_deref(),
            Some("a\u{10FFFF}b")
        );
        assert_eq!(decode_xml_notation("a&#xD800;").as_deref(), None);
        assert_eq!(decode_xml_notation("a&#x41").as_deref(), None);
        assert!(has_octet_notation("http://www.example.org/D<c3><bc>rst"));
        assert!(!has_octet_notation("http://a/<b>"));
    }

    #[test]
    fn the_spec_examples_are_cases() {
        let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
        let cases = spec_examples(&fixtures);
        // 91 examples less those in octet notation, plus the 71 other URLs of the texts.
        assert!(cases.len() > 140, "{}", cases.len());
        assert!(cases.iter().any(|c| c == "http://résumé.example.org"));
        assert!(cases
            .iter()
            .all(|c| !c.contains("&#x") && !has_octet_notation(c)));
    }
}
