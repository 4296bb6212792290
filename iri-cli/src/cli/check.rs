//! `iri check`: is each input valid under a grammar rule?

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io::IsTerminal;
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::Instant;

use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use iri_abnf::lint::{lint_report, Diagnostic, LintOptions, LintReport};
use iri_abnf::{validate, AnyGrammar, Grammar, ParseError, Rule};
use serde::Serialize;

use super::args::{resolve_rule, rule_arg, AnyGrammarArg, ABSOLUTE_HELP};
use super::input::{
    Batch, BatchReader, Decoding, FileRegions, InputArgs, Item, NotText, NotTextKind, Origin,
};
use super::lint::{levels, LevelArgs};
use super::output::{is_false, Out, EXIT_ERROR};
use super::records::{diagnostics_text, invalid_record, not_text_record, ErrorRecord};
use super::settings::null_records;

const CHECK_HELP: &str = "\
Output (--format text): one record per input, `valid \"INPUT\"` on one line, or `invalid \"INPUT\"`
followed by the error (byte offset, 1-based character column, what the grammar expected there), the
input with a caret under the error and, for an input from a file or standard input, where it is:
`  --> FILE:LINE` (`<stdin>:LINE`). Control, bidi formatting and invisible characters are shown as
\\u{...} and a backslash as \\\\. An input that is not UTF-8 is shown as `invalid bytes \"...\"` with
each byte that is not UTF-8 as \\xHH.

Output (--format json): one JSON object per line per input:
  {\"input\": str | null, \"grammar\": str, \"rule\": str, \"valid\": bool,
   \"error\": null | {\"kind\": str, \"offset\": int, \"column\": int | null, \"expected\": [str],
                      \"message\": str},
   \"line\": int}
line is the input's line in its file or standard input (its record with -0), absent for an INPUT
argument.
kind is `syntax` for an input that does not match the rule; offset is a byte offset into the input
(UTF-8), column a 1-based count of characters; expected lists rules in spec spelling (ireg-name,
port), literal characters in ABNF notation (\"/\", %x20) and `end of input`. An input that is not
processed has \"input\": null, \"input_escaped\": str (its bytes, escaped as in text output) and
error kind `not-utf8` (offset of the first bad byte) or `too-long` (longer than --max-length).
The record of an input whose byte order mark was removed has \"bom_removed\": true.

--only invalid prints the records of the invalid inputs alone (--only valid, of the valid ones);
the exit status, --stats and the order of the records are those of the whole run.

With --lint: in text, each valid input's diagnostics follow its `valid` line as `iri lint` prints
them; in JSON, each record has \"diagnostics\": [...] and \"diagnostics_omitted\": int as in `iri lint
--format json` (empty and 0 for an invalid input). --profile, --allow, --warn, --deny, --config and
--no-config set the levels, and --max-diagnostics the most diagnostics shown per input, as for `iri
lint` (`iri lint --help`); the verdict and the exit status stay the grammar's.

Inputs: the INPUT arguments, then the lines of each --input FILE (`-` is standard input); with
neither, the lines of standard input. Only the line terminator \\n or \\r\\n is removed (spaces and
tabs are part of the input); a UTF-8 byte order mark at the start of a file or of standard input is
removed and reported. With -0 (--null), inputs end at a NUL byte (a line feed is part of the input)
and every record ends with a NUL instead of its final line feed.

Relative references: the default rule is the grammar's reference rule (IRI-reference, URI-reference),
which takes relative references too: the empty string and `hello` are valid (a relative path).
To accept only absolute references (with a scheme), use --absolute (-A), the same as --rule IRI
(--rule URI for uri).

Exit status: 0 all inputs valid, 1 at least one invalid (or not UTF-8, or too long), 2 usage error,
unknown rule, unreadable file or write error.

Examples:
  iri check 'http://résumé.example.org'                      # valid under iri (the default)
  iri check --grammar uri 'http://résumé.example.org'        # invalid at byte offset 8, column 9
  iri check --grammar leiri 'http://example.org/a b'         # valid: space is a leiri-ucschar
  iri check --grammar iri --rule ihost 'résumé.example.org'  # any rule can be the start rule
  iri check hello                                            # valid: a relative reference
  iri check --absolute hello                                 # invalid: no scheme
  iri check --grammar rfc2396 'http://[::1]/'                # RFC 2396 (1998) had no IP literals
  iri check --count --stats --input urls.txt                 # a file, one input per line
  iri check --only invalid --input urls.txt                  # the invalid lines, with FILE:LINE
  iri check --count --jobs 4 --input urls.txt                # on 4 threads (default: all cores)
  iri check --lint --profile rdf --input iris.txt            # verdicts and diagnostics
  printf 'http://[::1]/\\nhttp://1.2.3.256/\\n' | iri check --grammar uri --format json";

/// Check inputs against a grammar rule (default: the reference rule, IRI-reference).
#[derive(Args)]
#[command(after_help = CHECK_HELP)]
pub struct CheckArgs {
    /// The grammar. The five after leiri have a language but no pest parser: their errors name no
    /// rules.
    #[arg(long, short, value_enum, default_value = "iri")]
    grammar: AnyGrammarArg,
    /// The start rule, in spec spelling or with '_' for '-' (default: IRI-reference, or URI-reference
    /// for uri, rfc2396 and rfc2732); `iri rules --grammar G` lists the rules of grammar G.
    #[arg(long, short)]
    rule: Option<String>,
    #[arg(long, short = 'A', conflicts_with = "rule", help = ABSOLUTE_HELP)]
    absolute: bool,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "text")]
    format: CheckFormat,
    /// Print only a closing count of valid and invalid inputs (on standard output).
    #[arg(long, short, conflicts_with = "format")]
    count: bool,
    /// Print a summary on standard error at the end: inputs, valid, invalid, not UTF-8, too long,
    /// byte order marks removed, time and inputs per second.
    #[arg(long)]
    stats: bool,
    /// Check on N threads (default: the number of cores). Inputs are read in batches, which the
    /// threads take turns reading and check meanwhile; the output is the same, in input order, for
    /// any N. With 1, all on one thread.
    #[arg(long, short, value_name = "N")]
    jobs: Option<NonZeroUsize>,
    /// Print only the records of valid inputs, or only those of invalid ones (the exit status and
    /// --stats still count every input).
    #[arg(long, value_enum, value_name = "VERDICT", conflicts_with = "count")]
    only: Option<Only>,
    /// Add the diagnostics of `iri lint` to each valid input's record (grammars uri, rfc3987, iri
    /// and leiri; reference rules). The verdict and the exit status stay the grammar's.
    #[arg(long, conflicts_with = "count")]
    lint: bool,
    /// With --lint: the levels of the codes, as `iri lint` takes them.
    #[command(flatten)]
    levels: LevelArgs,
    #[command(flatten)]
    input: InputArgs,
    /// The inputs (strings, not file names: see --input).
    #[arg(value_name = "INPUT")]
    inputs: Vec<OsString>,
}

/// `--only`: the records of which verdict to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Only {
    Valid,
    Invalid,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum CheckFormat {
    Text,
    Json,
}

/// The JSON record of one input: the documented contract of `iri check --format json`.
#[derive(Serialize)]
pub struct CheckRecord<'a> {
    pub input: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_escaped: Option<&'a str>,
    pub grammar: AnyGrammar,
    /// The start rule as the grammar spells it.
    pub rule: &'static str,
    pub valid: bool,
    pub error: Option<ErrorRecord>,
    #[serde(skip_serializing_if = "is_false")]
    pub bom_removed: bool,
    /// With `--lint`, the diagnostics of a valid input (empty for an invalid one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub diagnostics: Option<Vec<Diagnostic>>,
    /// With `--lint`, how many diagnostics were left out under `--max-diagnostics`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub diagnostics_omitted: Option<usize>,
    /// The input's line in its file or standard input (its record with `-0`); none for an argument.
    /// Last, so that the fast path of valid inputs writes it after the record's constant part.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
}

/// What `iri check` checks each input against: the grammar, the start rule and, with `--lint`, the
/// grammar whose components the lint reads and the levels.
pub struct CheckOptions {
    pub grammar: AnyGrammar,
    pub rule: Rule,
    /// With `--lint`: the grammar whose components the lint reads, the levels and the most
    /// diagnostics of one input to keep (`None`: all).
    pub lint: Option<(Grammar, LintOptions, Option<usize>)>,
}

/// The record of one input, as `iri check --format json` writes it (and `iri serve` answers
/// `/api/check`), and for an invalid input its error, fully explained (the text output draws its
/// caret).
pub fn check_record<'a>(
    options: &CheckOptions,
    input: Result<&'a str, &'a NotText>,
    bom_removed: bool,
) -> (CheckRecord<'a>, Option<ParseError>) {
    let (grammar, rule) = (options.grammar, options.rule);
    let input = match input {
        Ok(input) => input,
        Err(e) => {
            let record = CheckRecord {
                input: None,
                input_escaped: Some(&e.escaped),
                grammar,
                rule: grammar.rule_name(rule),
                valid: false,
                error: Some(ErrorRecord::from(e)),
                bom_removed,
                diagnostics: options.lint.as_ref().map(|_| Vec::new()),
                diagnostics_omitted: options.lint.as_ref().map(|_| 0),
                line: None,
            };
            return (record, None);
        }
    };
    // A record shows the full explanation of an invalid input. The rule is the grammar's (resolved
    // before any input is read), so the only error is a syntax error.
    let error = iri_abnf::validate(grammar, rule, input)
        .map_err(ParseError::explain)
        .err();
    // A valid input of a reference rule is a valid reference of the grammar: it parses.
    let report = options
        .lint
        .as_ref()
        .map(|(main, levels, limit)| match &error {
            None => iri_abnf::parse(*main, input)
                .map(|reference| lint_report(&reference, levels, *limit))
                .unwrap_or_default(),
            Some(_) => LintReport::default(),
        });
    let (diagnostics, diagnostics_omitted) = match report {
        Some(report) => (Some(report.diagnostics), Some(report.omitted)),
        None => (None, None),
    };
    let record = CheckRecord {
        input: Some(input),
        input_escaped: None,
        grammar,
        rule: grammar.rule_name(rule),
        valid: error.is_none(),
        error: error.as_ref().map(ErrorRecord::from),
        bom_removed,
        diagnostics,
        diagnostics_omitted,
        line: None,
    };
    (record, error)
}

#[derive(Clone, Copy, Default)]
struct Stats {
    inputs: u64,
    valid: u64,
    invalid: u64,
    not_utf8: u64,
    too_long: u64,
    boms: u64,
}

impl Stats {
    fn add(&mut self, o: &Stats) {
        self.inputs += o.inputs;
        self.valid += o.valid;
        self.invalid += o.invalid;
        self.not_utf8 += o.not_utf8;
        self.too_long += o.too_long;
        self.boms += o.boms;
    }
}

/// What does not change from input to input.
struct Ctx<'a> {
    options: CheckOptions,
    count: bool,
    format: CheckFormat,
    files: &'a [PathBuf],
    max_length: usize,
    /// The rule's DFA, looked up once: `--count` needs only the verdict.
    dfa: Option<&'static iri_abnf::abnf::Dfa>,
    /// The JSON record of a valid input after its `"input"` value (the grammar, the rule, the
    /// verdict): the same for every valid input without `--lint`.
    valid_json_tail: Option<String>,
    /// The rule's language has no character that a JSON string escapes ([`json_as_is`]): a valid
    /// input is written as it is, without a look for one.
    json_as_is: bool,
    /// `-0`: records end with a NUL.
    null: bool,
    /// `--only`: the verdict whose records are printed.
    only: Option<Only>,
}

/// The output of one batch: the bytes for standard output, the messages for standard error (each
/// at its offset in the bytes) and the counts. Its buffers are reused from batch to batch.
#[derive(Default)]
struct Rendered {
    out: Vec<u8>,
    notes: Vec<(usize, String)>,
    stats: Stats,
    /// Room for a quoted input.
    text: String,
}

/// Checks every input of a batch and renders its records; the same on any thread, so that the
/// output does not depend on `--jobs`.
fn render(ctx: &Ctx, batch: &Batch, r: &mut Rendered) {
    r.out.clear();
    r.notes.clear();
    r.stats = Stats::default();
    let mut notes = batch.notes.iter().peekable();
    for i in 0..batch.len() {
        while let Some((_, message)) = notes.next_if(|(at, _)| *at <= i) {
            r.notes.push((r.out.len(), message.clone()));
        }
        if ctx.count {
            count_one(ctx, batch, i, &mut r.stats);
        } else if !render_valid(ctx, batch, i, r) {
            render_one(ctx, &batch.item(i, ctx.files, ctx.max_length), r);
        }
    }
    for (_, message) in notes {
        r.notes.push((r.out.len(), message.clone()));
    }
}

/// `--count`: only the verdict, from the bytes as read (nothing allocated here). The DFA decides on
/// the bytes (it matches UTF-8 only); only a rejected input is checked for UTF-8, to count why.
fn count_one(ctx: &Ctx, batch: &Batch, i: usize, stats: &mut Stats) {
    let (bytes, length, bom_removed) = batch.raw(i);
    stats.inputs += 1;
    stats.boms += u64::from(bom_removed);
    if length > ctx.max_length as u64 {
        stats.invalid += 1;
        stats.too_long += 1;
        return;
    }
    // The verdict alone: no error to explain, so no pest.
    let valid = match ctx.dfa {
        Some(dfa) => dfa.is_match_bytes(bytes),
        None => std::str::from_utf8(bytes)
            .is_ok_and(|input| validate(ctx.options.grammar, ctx.options.rule, input).is_ok()),
    };
    if valid {
        stats.valid += 1;
    } else {
        stats.invalid += 1;
        stats.not_utf8 += u64::from(std::str::from_utf8(bytes).is_err());
    }
}

/// The record of a valid input, written straight from its bytes when nothing else goes in it (no
/// `--lint`, no byte order mark removed): the same bytes as [`render_record`] writes. `false` when
/// the input is not such an input (then nothing was written).
#[allow(unsafe_code)]
fn render_valid(ctx: &Ctx, batch: &Batch, i: usize, r: &mut Rendered) -> bool {
    let (bytes, length, bom_removed) = batch.raw(i);
    if bom_removed || length > ctx.max_length as u64 || ctx.options.lint.is_some() {
        return false;
    }
    let Some(dfa) = ctx.dfa.filter(|dfa| dfa.is_match_bytes(bytes)) else {
        return false;
    };
    let input = if dfa.is_precompiled() {
        // SAFETY: a precompiled DFA matches well-formed UTF-8 only (the library's test
        // `every_dfa_matches_only_utf8` walks each one beside a UTF-8 decoder to show it), and it
        // matched these bytes. A check would cost a fifth of the time of the JSON records.
        unsafe { std::str::from_utf8_unchecked(bytes) }
    } else {
        // Built at run time the same way, but no test walked it.
        match std::str::from_utf8(bytes) {
            Ok(input) => input,
            Err(_) => return false,
        }
    };
    r.stats.inputs += 1;
    r.stats.valid += 1;
    if ctx.only == Some(Only::Invalid) {
        return true;
    }
    match (ctx.format, &ctx.valid_json_tail) {
        (CheckFormat::Json, Some(tail)) => {
            r.out.extend_from_slice(b"{\"input\":");
            if !ctx.json_as_is && needs_json_escape(input.as_bytes()) {
                // Writing JSON into memory cannot fail.
                let _ = serde_json::to_writer(&mut r.out, input);
            } else {
                // What serde_json writes for such a string: the string between quotes.
                r.out.push(b'"');
                r.out.extend_from_slice(input.as_bytes());
                r.out.push(b'"');
            }
            match line_of(batch.origin(i, ctx.files)) {
                // The tail ends with the record's closing brace: the line goes before it.
                Some(line) => {
                    r.out.extend_from_slice(&tail.as_bytes()[..tail.len() - 1]);
                    r.out.extend_from_slice(b",\"line\":");
                    r.out
                        .extend_from_slice(itoa::Buffer::new().format(line).as_bytes());
                    r.out.push(b'}');
                }
                None => r.out.extend_from_slice(tail.as_bytes()),
            }
        }
        (CheckFormat::Json, None) => return false,
        (CheckFormat::Text, _) => {
            r.text.clear();
            iri_abnf::report::quote_into(input, &mut r.text);
            r.out.extend_from_slice(b"valid ");
            r.out.extend_from_slice(r.text.as_bytes());
        }
    }
    r.out.push(if ctx.null { 0 } else { b'\n' });
    true
}

/// Whether a JSON string of `bytes` (UTF-8) has escapes: a quotation mark, a reverse solidus or a
/// control character U+0000 to U+001F (RFC 8259 §7), which serde_json writes escaped and every other
/// character as it is. Only a rule of `leiri` (3987bis §5.1) or of `--rule` lets such a character
/// into a valid input. Without an early exit, so that the loop is compiled to vector compares.
fn needs_json_escape(bytes: &[u8]) -> bool {
    bytes.iter().fold(false, |any, &b| {
        any | (b < 0x20) | (b == b'"') | (b == b'\\')
    })
}

/// Whether no string of the language of `dfa` has a character that a JSON string escapes: a
/// quotation mark, a reverse solidus or a control character U+0000 to U+001F (RFC 8259 §7), which
/// only LEIRI (3987bis §5.1) allows of the grammars' references.
fn json_as_is(dfa: Option<&iri_abnf::abnf::Dfa>) -> bool {
    dfa.is_some_and(|dfa| (0..0x20).chain([b'"', b'\\']).all(|b| dfa.excludes(b)))
}

/// What follows `{"input":"..."` in the JSON record of every valid input without `--lint`.
fn valid_json_tail(options: &CheckOptions) -> Option<String> {
    let record = CheckRecord {
        input: Some(""),
        input_escaped: None,
        grammar: options.grammar,
        rule: options.grammar.rule_name(options.rule),
        valid: true,
        error: None,
        bom_removed: false,
        diagnostics: None,
        diagnostics_omitted: None,
        line: None,
    };
    let whole = serde_json::to_string(&record).ok()?;
    whole.strip_prefix("{\"input\":\"\"").map(str::to_string)
}

fn render_one(ctx: &Ctx, item: &Item<'_>, r: &mut Rendered) {
    render_record(ctx, item, r);
    // With -0 a record ends with a NUL in place of its final line feed.
    if null_records() {
        if r.out.last() == Some(&b'\n') {
            r.out.pop();
        }
        r.out.push(0);
    }
}

fn render_record(ctx: &Ctx, item: &Item<'_>, r: &mut Rendered) {
    let stats = &mut r.stats;
    stats.inputs += 1;
    if item.bom_removed {
        stats.boms += 1;
        if matches!(ctx.format, CheckFormat::Text) {
            r.notes.push((
                r.out.len(),
                format!(
                    "{}: a byte order mark (U+FEFF) at the start of the input was removed",
                    item.origin
                ),
            ));
        }
    }
    match &item.input {
        Ok(_) => {}
        Err(e) => match e.kind {
            NotTextKind::Malformed { .. } => stats.not_utf8 += 1,
            NotTextKind::TooLong { .. } => stats.too_long += 1,
        },
    }
    let (mut record, error) =
        check_record(&ctx.options, item.input.as_ref().copied(), item.bom_removed);
    record.line = line_of(item.origin);
    if record.valid {
        stats.valid += 1;
    } else {
        stats.invalid += 1;
    }
    let wanted = if record.valid {
        Only::Valid
    } else {
        Only::Invalid
    };
    if ctx.only.is_some_and(|only| only != wanted) {
        return;
    }
    match ctx.format {
        CheckFormat::Json => json_line(&mut r.out, &record),
        CheckFormat::Text => match (&item.input, &error) {
            (Err(e), _) => {
                r.out.extend_from_slice(not_text_record(e).as_bytes());
                r.out.push(b'\n');
                place(&mut r.out, item.origin);
            }
            (Ok(_), Some(e)) => {
                r.out.extend_from_slice(invalid_record(e).as_bytes());
                place(&mut r.out, item.origin);
            }
            (Ok(input), None) => {
                r.out.extend_from_slice(b"valid ");
                r.out
                    .extend_from_slice(iri_abnf::report::quote(input).as_bytes());
                r.out.push(b'\n');
                let diagnostics = record.diagnostics.as_deref().unwrap_or_default();
                let omitted = record.diagnostics_omitted.unwrap_or_default();
                r.out
                    .extend_from_slice(diagnostics_text(input, diagnostics, omitted).as_bytes());
            }
        },
    }
}

/// The line of an input in its file or standard input: none for an argument.
fn line_of(origin: Origin<'_>) -> Option<usize> {
    match origin {
        Origin::Stdin(n) | Origin::File(_, n) => Some(n),
        Origin::Argument(_) | Origin::Parameter(_) => None,
    }
}

/// After the text record of an invalid input from a file or standard input, the line that says
/// where it is, `  --> FILE:LINE` (`<stdin>:LINE`), as rustc points at a place.
fn place(out: &mut Vec<u8>, origin: Origin<'_>) {
    let (file, n) = match origin {
        Origin::Stdin(n) => (std::borrow::Cow::Borrowed("<stdin>"), n),
        Origin::File(path, n) => (path.to_string_lossy(), n),
        Origin::Argument(_) | Origin::Parameter(_) => return,
    };
    out.extend_from_slice(format!("  --> {file}:{n}\n").as_bytes());
}

/// One JSON record and a line feed.
fn json_line(out: &mut Vec<u8>, record: &CheckRecord<'_>) {
    // Writing these records into memory cannot fail.
    if serde_json::to_writer(&mut *out, record).is_ok() {
        out.push(b'\n');
    }
}

/// Writes a rendered batch: its bytes, with each message on standard error at its place.
fn emit(out: &mut Out, r: &Rendered) {
    let mut at = 0;
    for (offset, message) in &r.notes {
        out.bytes(&r.out[at..*offset]);
        if out.broken() {
            return;
        }
        out.note(message);
        at = *offset;
    }
    out.bytes(&r.out[at..]);
}

/// The progress bar: only when standard error is a terminal and the inputs are files.
fn progress_bar(args: &CheckArgs) -> Option<ProgressBar> {
    let files = &args.input.files;
    if files.is_empty() || files.iter().any(|f| f.as_os_str() == "-") {
        return None;
    }
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let total: u64 = files
        .iter()
        .filter_map(|f| std::fs::metadata(f).ok())
        .map(|m| m.len())
        .sum();
    let style = ProgressStyle::with_template(
        "{bar:40.cyan/blue} {bytes}/{total_bytes} {msg} [{elapsed_precise}, {eta} left]",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    Some(ProgressBar::new(total).with_style(style))
}

/// Everything on the calling thread, batch after batch.
fn run_serial(
    args: &CheckArgs,
    ctx: &Ctx,
    out: &mut Out,
    mut done: impl FnMut(&mut Out, &Rendered),
    progress: Option<ProgressBar>,
) -> bool {
    let mut reader = BatchReader::new(&args.inputs, 1, &args.input, progress, Decoding::Utf8);
    let mut batch = Batch::default();
    let mut r = Rendered::default();
    while reader.fill(&mut batch) {
        render(ctx, &batch, &mut r);
        done(out, &r);
        if out.broken() {
            break;
        }
    }
    reader.ok()
}

/// `jobs` checking threads that take turns reading the next batch, and the output written here, in
/// input order. A thread reads a batch while the others check theirs, so that reading, which cannot
/// be shared, overlaps the checks without a thread of its own (on as many cores as jobs). A fixed
/// number of batches circulate (a checker, then here, then back), so memory stays flat whatever the
/// size of the input.
fn run_parallel(
    args: &CheckArgs,
    ctx: &Ctx,
    jobs: usize,
    out: &mut Out,
    mut done: impl FnMut(&mut Out, &Rendered),
    progress: Option<ProgressBar>,
) -> bool {
    let slots = 2 * jobs + 1;
    let (free_tx, free_rx) = mpsc::channel::<(Batch, Rendered)>();
    for _ in 0..slots {
        let _ = free_tx.send(Default::default());
    }
    let free_rx = Mutex::new(free_rx);
    // The reader, and the number of the next batch it fills.
    let reader = Mutex::new((
        BatchReader::new(&args.inputs, 1, &args.input, progress, Decoding::Utf8),
        0u64,
    ));
    let (done_tx, done_rx) = mpsc::channel::<(u64, Batch, Rendered)>();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let (free_rx, reader, done_tx) = (&free_rx, &reader, done_tx.clone());
            scope.spawn(move || loop {
                let slot = free_rx.lock().unwrap_or_else(|e| e.into_inner()).recv();
                let Ok((mut batch, mut r)) = slot else {
                    break;
                };
                let seq = {
                    let mut reader = reader.lock().unwrap_or_else(|e| e.into_inner());
                    if !reader.0.fill(&mut batch) {
                        break;
                    }
                    reader.1 += 1;
                    reader.1 - 1
                };
                render(ctx, &batch, &mut r);
                if done_tx.send((seq, batch, r)).is_err() {
                    break;
                }
            });
        }
        drop(done_tx);
        let mut pending = BTreeMap::new();
        let mut next = 0;
        'write: while let Ok((seq, batch, r)) = done_rx.recv() {
            pending.insert(seq, (batch, r));
            while let Some((batch, r)) = pending.remove(&next) {
                done(out, &r);
                next += 1;
                if out.broken() {
                    break 'write;
                }
                let _ = free_tx.send((batch, r));
            }
        }
        // Stops the checkers: no batch comes back, and no one takes their results.
        drop(free_tx);
        drop(done_rx);
    });
    let (reader, _) = reader.into_inner().unwrap_or_else(|e| e.into_inner());
    reader.ok()
}

/// `--count` on files on `jobs` threads that each read regions of the files of their own
/// ([`FileRegions`]), with no turns and no order to keep: only the counts are printed. The counts
/// are those of the other paths: a file that fails to be read counts the records read before the
/// error, as when it is read in turn, and none after it (the regions after the one that failed are
/// dropped).
fn run_regions(
    ctx: &Ctx,
    jobs: usize,
    regions: &FileRegions,
    out: &mut Out,
    mut done: impl FnMut(&mut Out, &Rendered),
) -> bool {
    let next = AtomicUsize::new(0);
    // Per region: its counts, and the message of the error that ended its file.
    let mut results: Vec<(usize, Stats, Option<String>)> = std::thread::scope(|scope| {
        let threads: Vec<_> = (0..jobs)
            .map(|_| {
                scope.spawn(|| {
                    let (mut batch, mut r) = (Batch::default(), Rendered::default());
                    let mut mine = Vec::new();
                    loop {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        if k >= regions.len() {
                            return mine;
                        }
                        let mut stats = Stats::default();
                        let read = regions.read(k, &mut batch, |batch| {
                            render(ctx, batch, &mut r);
                            stats.add(&r.stats);
                        });
                        mine.push((k, stats, read.err()));
                    }
                })
            })
            .collect();
        threads
            .into_iter()
            .flat_map(|t| t.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    results.sort_unstable_by_key(|&(k, _, _)| k);
    let mut ok = true;
    let mut failed = None;
    let mut total = Rendered::default();
    for (k, stats, error) in results {
        let file = regions.file(k);
        if failed == Some(file) {
            continue;
        }
        total.stats.add(&stats);
        if let Some(message) = error {
            total.notes.push((0, message));
            failed = Some(file);
            ok = false;
        }
    }
    done(out, &total);
    ok
}

/// The rules whose every match is a reference of its grammar, so that `--lint` can read its
/// components.
const REFERENCE_RULES: [&str; 8] = [
    "IRI-reference",
    "IRI",
    "absolute-IRI",
    "irelative-ref",
    "URI-reference",
    "URI",
    "absolute-URI",
    "relative-ref",
];

/// `--lint`'s grammar and levels, or why they cannot be had.
fn lint_context(
    args: &CheckArgs,
    grammar: AnyGrammar,
    rule: Rule,
) -> Result<Option<(Grammar, LintOptions, Option<usize>)>, String> {
    if !args.lint {
        if args.levels.is_given() {
            return Err(
                "--profile, --allow, --warn, --deny, --config and --max-diagnostics apply with --lint"
                    .into(),
            );
        }
        return Ok(None);
    }
    let main = lint_grammar(grammar, rule)?;
    let (options, _) = levels(&args.levels)?;
    Ok(Some((main, options, args.levels.max_diagnostics())))
}

/// The grammar whose components `--lint` reads for `rule` of `grammar`, or why there is none: the lint
/// reads the components of a reference (3987bis §2.2, RFC 3986 §4.1).
pub fn lint_grammar(grammar: AnyGrammar, rule: Rule) -> Result<Grammar, String> {
    let Some(main) = grammar.main() else {
        return Err(format!(
            "--lint needs the components of grammar uri, rfc3987, iri or leiri; {grammar} has none"
        ));
    };
    let name = grammar.rule_name(rule);
    if !REFERENCE_RULES.contains(&name) {
        return Err(format!(
            "--lint reads references: rule {name} is not one (use {}, the default)",
            grammar.rule_name(grammar.reference_rule())
        ));
    }
    Ok(main)
}

pub fn run(args: &CheckArgs) -> i32 {
    let grammar: AnyGrammar = args.grammar.into();
    let rule = match resolve_rule(
        grammar,
        rule_arg(grammar, args.rule.as_deref(), args.absolute),
    ) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let jobs = match args.jobs {
        Some(n) => n.get(),
        None => std::thread::available_parallelism().map_or(1, NonZeroUsize::get),
    };
    let lint = match lint_context(args, grammar, rule) {
        Ok(lint) => lint,
        Err(message) => {
            eprintln!("iri: {message}");
            return EXIT_ERROR;
        }
    };
    let options = CheckOptions {
        grammar,
        rule,
        lint,
    };
    let dfa = iri_abnf::abnf::dfa(grammar, rule).ok();
    let ctx = Ctx {
        valid_json_tail: valid_json_tail(&options),
        // Only JSON records ask (the question reads every row of the DFA for each of 34 bytes).
        json_as_is: matches!(args.format, CheckFormat::Json) && !args.count && json_as_is(dfa),
        null: null_records(),
        only: args.only,
        options,
        count: args.count,
        format: args.format,
        files: &args.input.files,
        max_length: args.input.max_length,
        dfa,
    };
    let started = Instant::now();
    let mut out = Out::new();
    let progress = progress_bar(args);
    out.progress = progress.clone();
    let mut stats = Stats::default();
    let done = |out: &mut Out, r: &Rendered| {
        emit(out, r);
        stats.add(&r.stats);
        if let Some(p) = &progress {
            let secs = started.elapsed().as_secs_f64();
            if secs > 0.0 {
                p.set_message(format!("{:.0} lines/s", stats.inputs as f64 / secs));
            }
        }
    };
    let regions = (args.count && jobs > 1)
        .then(|| FileRegions::new(&args.inputs, &args.input, progress.clone()))
        .flatten();
    let read_ok = if let Some(regions) = regions {
        run_regions(&ctx, jobs, &regions, &mut out, done)
    } else if jobs == 1 {
        run_serial(args, &ctx, &mut out, done, progress.clone())
    } else {
        run_parallel(args, &ctx, jobs, &mut out, done, progress.clone())
    };
    if let Some(p) = &progress {
        p.finish_and_clear();
    }
    out.progress = None;
    if args.count {
        out.record(&format!(
            "valid: {}, invalid: {}",
            stats.valid, stats.invalid
        ));
    }
    out.failed = stats.invalid > 0;
    if args.stats {
        let secs = started.elapsed().as_secs_f64();
        out.flush();
        eprintln!(
            "iri: stats: {} inputs, {} valid, {} invalid ({} not UTF-8, {} too long), {} byte \
             order marks removed, {:.3} s, {:.0} inputs/s, {jobs} {}",
            stats.inputs,
            stats.valid,
            stats.invalid,
            stats.not_utf8,
            stats.too_long,
            stats.boms,
            secs,
            if secs > 0.0 {
                stats.inputs as f64 / secs
            } else {
                0.0
            },
            if jobs == 1 { "job" } else { "jobs" }
        );
    }
    out.finish(read_ok)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The record of a valid input written from its bytes is the record `render_record` writes, in
    /// both formats, with and without `-0`, for every main grammar; the inputs it does not take (not
    /// valid, not UTF-8, too long, a byte order mark removed) are left to `render_record`.
    #[test]
    fn valid_records_from_bytes_are_the_records() {
        let inputs: [&[u8]; 14] = [
            b"http://example.org/a?b#c",
            // Written as they are in JSON (LEIRI allows them): DEL, and U+2028.
            b"http://a/\x7F",
            "http://a/\u{2028}".as_bytes(),
            b"",
            b"../a/b",
            "http://r\u{e9}sum\u{e9}.example/\u{4F8B}".as_bytes(),
            "http://a/\u{202E}x\u{200B}".as_bytes(),
            b"http://a/b c\"d\\e",
            b"http://a/\x01",
            "http://a/\u{1F600}?\u{E000}".as_bytes(),
            b"http://[::1]:80/",
            b"http://a/%zz",
            b"http://a/\xFF",
            &[b'a'; 40],
        ];
        let mut written = 0;
        for grammar in [Grammar::Uri, Grammar::Rfc3987, Grammar::Iri, Grammar::Leiri] {
            let rule = grammar.reference_rule();
            let options = CheckOptions {
                grammar: grammar.into(),
                rule,
                lint: None,
            };
            for format in [CheckFormat::Text, CheckFormat::Json] {
                for null in [false, true] {
                    let dfa = iri_abnf::abnf::dfa(grammar, rule).ok();
                    // Written as they are in all but LEIRI, which allows `"`, `\` and controls.
                    assert_eq!(json_as_is(dfa), grammar != Grammar::Leiri, "{grammar}");
                    let ctx = Ctx {
                        valid_json_tail: valid_json_tail(&options),
                        json_as_is: json_as_is(dfa),
                        null,
                        options: CheckOptions {
                            grammar: grammar.into(),
                            rule,
                            lint: None,
                        },
                        count: false,
                        format,
                        files: &[],
                        max_length: 30,
                        dfa,
                        only: None,
                    };
                    let mut batch = Batch::default();
                    for input in inputs {
                        batch.push(input, input.len() as u64, false);
                    }
                    batch.push(b"http://a/", 9, true);
                    for i in 0..batch.len() {
                        let mut fast = Rendered::default();
                        let mut slow = Rendered::default();
                        let item = batch.item(i, &[], ctx.max_length);
                        let valid = item.input.as_ref().is_ok_and(|s| {
                            iri_abnf::is_valid(grammar, rule, s) && !item.bom_removed
                        });
                        assert_eq!(render_valid(&ctx, &batch, i, &mut fast), valid);
                        if !valid {
                            assert!(fast.out.is_empty());
                            continue;
                        }
                        // The record as `render_one` writes it (tests run without -0: with it, its
                        // final line feed becomes a NUL).
                        render_one(&ctx, &item, &mut slow);
                        if null {
                            assert_eq!(slow.out.pop(), Some(b'\n'));
                            slow.out.push(0);
                        }
                        assert_eq!(
                            String::from_utf8_lossy(&fast.out),
                            String::from_utf8_lossy(&slow.out),
                            "{grammar} {format:?} -0 {null}"
                        );
                        assert_eq!(fast.stats.valid, 1);
                        written += 1;
                    }
                }
            }
        }
        assert!(written > 40, "{written} records compared");
    }
}
