//! The adapter as a child process: starting it, sending cases in batches over its standard input and
//! reading its answers, in order, from its standard output, with the protocol's encodings.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command as Process, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::cases::Case;
use crate::reference::{Mode, Verdict, COMPONENTS};
use iri_abnf::report::escape;

/// How cases and answers are written on the pipe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// One case a line (in resolve mode: base TAB reference), one answer a line.
    Line,
    /// One JSON object a line both ways.
    Jsonl,
}

impl Protocol {
    /// The protocol's name, as reports give it.
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Line => "line",
            Protocol::Jsonl => "jsonl",
        }
    }
}

/// Why the adapter cannot be judged further.
pub(crate) struct Broken(pub(crate) String);

/// How the adapter is started and talked to.
pub(crate) struct Setup<'a> {
    /// The adapter and its arguments.
    pub(crate) command: &'a [String],
    pub(crate) mode: Mode,
    pub(crate) protocol: Protocol,
    /// The longest wait for an answer after the first, in seconds.
    pub(crate) timeout_per_answer: f64,
    /// The longest wait for the first answer, in seconds.
    pub(crate) startup_timeout: f64,
    /// Whether progress (the note that the adapter is slow to start) stays off standard error.
    pub(crate) quiet: bool,
}

/// What the reader thread sends: a line, or the end of the adapter's output.
enum Line {
    Text(String),
    Eof,
    Error(String),
}

/// The adapter: a child process, a writer thread that sends it batches, and a reader thread that
/// forwards its lines.
pub(crate) struct Peer {
    child: Child,
    to_writer: Option<Sender<Vec<u8>>>,
    from_reader: Receiver<Line>,
    pending: Vec<u8>,
    timeout: Duration,
    /// The longest wait for the first answer.
    startup: Duration,
    /// Whether progress (the note that the adapter is slow to start) stays off standard error.
    quiet: bool,
    mode: Mode,
    protocol: Protocol,
    sent: u64,
    answered: u64,
    last_sent: Option<Case>,
}

impl Peer {
    /// Starts the adapter: an error when there is no command or it cannot be started.
    pub(crate) fn start(args: &Setup) -> Result<Peer, String> {
        let Some((program, arguments)) = args.command.split_first() else {
            return Err("no adapter command".to_string());
        };
        let mut child = Process::new(program)
            .args(arguments)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start {program}: {e}"))?;
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
            startup: Duration::from_secs_f64(
                args.startup_timeout.max(args.timeout_per_answer).max(0.001),
            ),
            quiet: args.quiet,
            mode: args.mode,
            protocol: args.protocol,
            sent: 0,
            answered: 0,
            last_sent: None,
        })
    }

    /// Whether the case can be sent in this protocol.
    pub(crate) fn can_send(&self, case: &Case) -> bool {
        sendable(self.protocol, self.mode, case)
    }

    /// Queues a case (written at the next [`Peer::flush`] or when the batch is full).
    pub(crate) fn send(&mut self, case: &Case) {
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

    pub(crate) fn flush(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        let chunk = std::mem::replace(&mut self.pending, Vec::with_capacity(1 << 16));
        if let Some(w) = &self.to_writer {
            let _ = w.send(chunk);
        }
    }

    /// Every input sent so far (cases and probes).
    pub(crate) fn sent(&self) -> u64 {
        self.sent
    }

    /// The next line of the adapter: within the start-up allowance for the first answer (saying on
    /// standard error, once --timeout-per-answer has passed, that the adapter is slow), within
    /// --timeout-per-answer for the others.
    fn next_line(&mut self) -> Result<Line, RecvTimeoutError> {
        if self.answered > 0 {
            return self.from_reader.recv_timeout(self.timeout);
        }
        let start = Instant::now();
        match self.from_reader.recv_timeout(self.timeout) {
            Err(RecvTimeoutError::Timeout) if self.startup > self.timeout => {
                if !self.quiet {
                    eprintln!(
                        "iri judge: the adapter is slow to start: no answer after {} s; waiting up to {} s for its first (--startup-timeout)",
                        self.timeout.as_secs_f64(),
                        self.startup.as_secs_f64()
                    );
                }
                self.from_reader
                    .recv_timeout(self.startup.saturating_sub(start.elapsed()))
            }
            other => other,
        }
    }

    /// The answer to `case`, the oldest case without one.
    pub(crate) fn receive(&mut self, case: &Case) -> Result<Verdict, Broken> {
        self.flush();
        let line = match self.next_line() {
            Ok(Line::Text(line)) => line,
            Ok(Line::Eof) | Err(RecvTimeoutError::Disconnected) => {
                let status = self.child.wait().map(|s| s.to_string()).unwrap_or_default();
                return Err(self.broken(case, &format!("the adapter exited ({status})")));
            }
            Ok(Line::Error(e)) => {
                return Err(self.broken(case, &format!("reading the adapter's output failed: {e}")))
            }
            Err(RecvTimeoutError::Timeout) if self.answered == 0 => {
                return Err(self.broken(
                    case,
                    &format!(
                        "the adapter stalled: no first answer within {} s (the start-up allowance, --startup-timeout)",
                        self.startup.as_secs_f64()
                    ),
                ))
            }
            Err(RecvTimeoutError::Timeout) => {
                return Err(self.broken(
                    case,
                    &format!(
                        "the adapter stalled: no answer within {} s of the one before (--timeout-per-answer; an adapter that answers a whole batch before it flushes needs the time of a batch)",
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

    pub(crate) fn broken(&self, case: &Case, why: &str) -> Broken {
        let last = self.last_sent.as_ref().map_or(String::new(), describe);
        Broken(format!(
            "{why} after {} answers; awaiting the answer to {}; last input sent: {last}",
            self.answered,
            describe(case)
        ))
    }

    pub(crate) fn parse_answer(&self, case: &Case, line: &str) -> Result<Verdict, String> {
        let shown = || quoted(line);
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
            (Mode::Verdict, Protocol::Line) => match line.trim() {
                "valid" | "1" | "true" => Ok(Verdict::Valid(true)),
                "invalid" | "0" | "false" => Ok(Verdict::Valid(false)),
                _ => Err(format!(
                    "{} is not valid/invalid, 1/0 or true/false",
                    shown()
                )),
            },
            (Mode::Verdict, Protocol::Jsonl) => {
                let o = json(line)?;
                echo(&o)?;
                match o.get("valid") {
                    Some(Value::Bool(b)) => Ok(Verdict::Valid(*b)),
                    _ => Err(format!("{} has no boolean \"valid\"", shown())),
                }
            }
            (Mode::Components, _) => {
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
            (Mode::Resolve, Protocol::Line) => Ok(Verdict::Target(match line {
                "invalid" => None,
                target => Some(target.to_string()),
            })),
            (Mode::Resolve, Protocol::Jsonl) => {
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
    pub(crate) fn ask(&mut self, cases: &[Case]) -> Result<Vec<Verdict>, Broken> {
        for c in cases {
            self.send(c);
        }
        self.flush();
        cases.iter().map(|c| self.receive(c)).collect()
    }

    pub(crate) fn stop(mut self) {
        self.to_writer = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Whether a case can be sent in the protocol: a line cannot carry a line break or NUL (nor a tab
/// between base and reference).
pub(crate) fn sendable(protocol: Protocol, mode: Mode, case: &Case) -> bool {
    if protocol == Protocol::Jsonl {
        return true;
    }
    let bad = |s: &str| s.contains(['\n', '\r', '\0']);
    let tab = mode == Mode::Resolve
        && (case.input.contains('\t') || case.base.as_deref().is_some_and(|b| b.contains('\t')));
    !bad(&case.input) && !case.base.as_deref().is_some_and(bad) && !tab
}

/// The most characters of an input that a message shows.
const SHOWN: usize = 200;

/// A string for messages, escaped and quoted: its first [`SHOWN`] characters, then, when it is
/// longer, `…` and its length.
pub(crate) fn quoted(s: &str) -> String {
    match s.char_indices().nth(SHOWN) {
        None => format!("`{}`", escape(s)),
        Some((at, _)) => format!(
            "`{}…` ({} characters in all)",
            escape(&s[..at]),
            s.chars().count()
        ),
    }
}

/// A case for messages: the input (and base), escaped, quoted and cut ([`quoted`]).
pub(crate) fn describe(case: &Case) -> String {
    match &case.base {
        Some(base) => format!("base {} reference {}", quoted(base), quoted(&case.input)),
        None => quoted(&case.input),
    }
}
