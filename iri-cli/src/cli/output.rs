//! Standard output of the subcommands: one record per input, the first write error remembered, and
//! the exit status at the end (0 all valid or done, 1 some input invalid or failed, 2 usage or I/O
//! error).
//!
//! Two settings of the whole command line shape every record: `--escape` (are data values shown with
//! escapes for a terminal, or written exactly?) and `-0`/`--null` (does a record end with a line feed
//! or with a NUL byte?); [`super::settings`] holds them.

use std::borrow::Cow;
use std::io::{IsTerminal, Write};

use serde::Serialize;

use iri_abnf::report::escape;

use super::input::{escape_controls, Item};
use super::settings::{settings, EscapeMode};

/// Exit code: every input was valid (or every operation succeeded).
pub const EXIT_OK: i32 = 0;
/// Exit code: at least one input was invalid or its operation failed (inputs that are not UTF-8 or
/// are longer than `--max-length` included).
pub const EXIT_INVALID: i32 = 1;
/// Exit code: usage error, unknown rule or charset, unreadable file, write error.
pub const EXIT_ERROR: i32 = 2;

/// The text message of a syntax error: what [`iri_abnf::ParseError::message`] says, with the full
/// list of what was expected under `--verbose`.
pub fn parse_message(e: &iri_abnf::ParseError) -> String {
    if settings().verbose {
        e.message_verbose()
    } else {
        e.message()
    }
}

/// Whether data values are escaped for display, for `mode` and whether standard output is a
/// terminal.
pub fn escapes(mode: EscapeMode, terminal: bool) -> bool {
    match mode {
        EscapeMode::Auto => terminal,
        EscapeMode::Always => true,
        EscapeMode::Never => false,
    }
}

/// A data value as a record shows it: escaped for display when `escape` is set; otherwise exact, or
/// `Err` with the reason when the exact string holds the record terminator (a line feed or carriage
/// return in text mode, NUL with `null`), which would split or change the record when it is read back.
pub fn shown_value(value: &str, escape_values: bool, null: bool) -> Result<Cow<'_, str>, String> {
    if escape_values {
        return Ok(escape(value));
    }
    let bad = if null {
        value
            .find('\0')
            .map(|at| (at, "a NUL character (U+0000)", "--escape always"))
    } else {
        value.find(['\n', '\r']).map(|at| {
            (
                at,
                "a line break",
                "-0 (--null, NUL-terminated records) or --escape always",
            )
        })
    };
    match bad {
        None => Ok(Cow::Borrowed(value)),
        Some((at, what, instead)) => Err(format!(
            "the result \"{}\" holds {what} at byte offset {at}, which would split its record; it \
             is not written (use {instead})",
            escape(value).chars().take(200).collect::<String>()
        )),
    }
}

/// Buffered standard output.
pub struct Out {
    out: std::io::BufWriter<std::io::StdoutLock<'static>>,
    error: Option<std::io::Error>,
    /// Data values are escaped for display (`--escape`, or standard output is a terminal).
    escape_values: bool,
    /// Records end with NUL (`-0`/`--null`).
    null: bool,
    /// With `null`: a line feed written last, held back because it may end a record.
    held_lf: bool,
    /// Some input was invalid or its operation failed.
    pub failed: bool,
    /// A progress bar on standard error, hidden while a message is written.
    pub progress: Option<indicatif::ProgressBar>,
}

impl Out {
    /// Standard output, buffered.
    pub fn new() -> Out {
        let settings = settings();
        Out {
            escape_values: escapes(settings.escape, std::io::stdout().is_terminal()),
            null: settings.null,
            held_lf: false,
            out: std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock()),
            error: None,
            failed: false,
            progress: None,
        }
    }

    /// Has writing failed (for example a closed pipe)? Then nothing more is worth computing.
    pub fn broken(&self) -> bool {
        self.error.is_some()
    }

    /// Writes bytes, holding back a final line feed with `-0` (see [`Out::end_record`]).
    fn write(&mut self, bytes: &[u8]) {
        if self.error.is_some() || bytes.is_empty() {
            return;
        }
        let mut result = Ok(());
        if self.null {
            if std::mem::take(&mut self.held_lf) {
                result = self.out.write_all(b"\n");
            }
            let (body, lf) = match bytes.strip_suffix(b"\n") {
                Some(body) => (body, true),
                None => (bytes, false),
            };
            result = result.and_then(|()| self.out.write_all(body));
            self.held_lf = lf;
        } else {
            result = self.out.write_all(bytes);
        }
        if let Err(e) = result {
            self.error = Some(e);
        }
    }

    /// Ends the record written since the last end: with `-0`, its final line feed becomes a NUL (or a
    /// NUL is added); in text mode every record already ends with its line feed.
    pub fn end_record(&mut self) {
        if self.null && self.error.is_none() {
            self.held_lf = false;
            if let Err(e) = self.out.write_all(b"\0") {
                self.error = Some(e);
            }
        }
    }

    /// Writes one line (`text` and a line feed) inside a record.
    pub fn line(&mut self, text: &str) {
        self.write(text.as_bytes());
        self.write(b"\n");
    }

    /// Writes a one-line record: `text` and the record terminator.
    pub fn record(&mut self, text: &str) {
        self.line(text);
        self.end_record();
    }

    /// Writes a data value as its record (exact, or escaped for display: [`shown_value`]); a value
    /// that cannot be written exactly gets an `error:` record in its place, which says why.
    pub fn value(&mut self, origin: impl std::fmt::Display, value: &str) {
        match self.shown(value) {
            Ok(shown) => self.record(&shown),
            Err(why) => self.error_line(origin, &why),
        }
    }

    /// Data values are escaped for display (`--escape`, or standard output is a terminal).
    pub fn escapes(&self) -> bool {
        self.escape_values
    }

    /// A data value as this output shows it ([`shown_value`]).
    pub fn shown<'v>(&self, value: &'v str) -> Result<Cow<'v, str>, String> {
        shown_value(value, self.escape_values, self.null)
    }

    /// Text as it is.
    pub fn text(&mut self, text: &str) {
        self.write(text.as_bytes());
    }

    /// Writes bytes as they are.
    pub fn bytes(&mut self, bytes: &[u8]) {
        self.write(bytes);
    }

    /// Writes one JSON record on one line (ended by NUL with `-0`), serialized straight into the
    /// buffered output as it is built: a record is never held whole, so one of any size (the parse
    /// of a long path lists a segment per "/") takes no more memory than its parts. JSON text holds
    /// no raw line feed or NUL (both are escaped in strings), so it needs none of the care of
    /// [`Out::write`].
    pub fn json<T: Serialize>(&mut self, record: &T) {
        if self.error.is_some() {
            return;
        }
        // A line feed held back by text written before is written first, as `write` does.
        if std::mem::take(&mut self.held_lf) {
            if let Err(e) = self.out.write_all(b"\n") {
                self.error = Some(e);
                return;
            }
        }
        match serde_json::to_writer(&mut self.out, record) {
            Ok(()) => {
                self.write(b"\n");
                self.end_record();
            }
            Err(e) => self.error = Some(std::io::Error::from(e)),
        }
    }

    /// Flushes standard output, so that it comes before what goes to standard error next.
    pub fn flush(&mut self) {
        if let Err(e) = self.out.flush() {
            self.error.get_or_insert(e);
        }
    }

    /// Writes a message to standard error, after what was written to standard output so far.
    pub fn note(&mut self, message: &str) {
        self.flush();
        match &self.progress {
            Some(p) => p.suspend(|| eprintln!("iri: {message}")),
            None => eprintln!("iri: {message}"),
        }
    }

    /// In text mode, the line that stands in place of a failed result on standard output:
    /// `error: ORIGIN: MESSAGE`, kept on one line (messages quote inputs with escapes already; any
    /// control character left is escaped here).
    pub fn error_line(&mut self, origin: impl std::fmt::Display, message: &str) {
        self.failed = true;
        self.record(&format!("error: {origin}: {}", escape_controls(message)));
    }

    /// Says on standard error that a byte order mark was removed from this input.
    pub fn bom_note(&mut self, item: &Item<'_>) {
        if item.bom_removed {
            self.note(&format!(
                "{}: a byte order mark (U+FEFF) at the start of the input was removed",
                item.origin
            ));
        }
    }

    /// The exit status: 2 on a write error (other than a closed pipe, which ends the command quietly,
    /// as a reader such as `head` expects) or when `read_ok` is false, else 1 if some input failed,
    /// else 0.
    pub fn finish(mut self, read_ok: bool) -> i32 {
        // A line feed held back at the end of a record that was not ended is written as it was.
        if std::mem::take(&mut self.held_lf) && self.error.is_none() {
            if let Err(e) = self.out.write_all(b"\n") {
                self.error = Some(e);
            }
        }
        self.flush();
        if let Some(e) = self.error {
            if e.kind() != std::io::ErrorKind::BrokenPipe {
                eprintln!("iri: writing output: {e}");
            }
            return EXIT_ERROR;
        }
        if !read_ok {
            EXIT_ERROR
        } else if self.failed {
            EXIT_INVALID
        } else {
            EXIT_OK
        }
    }
}

/// Text written to the output as it is formatted (`write!(out, ...)`): a record of many lines is never
/// held whole.
impl std::fmt::Write for Out {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.write(s.as_bytes());
        Ok(())
    }
}

/// `skip_serializing_if` for flags that are written only when set.
pub fn is_false(b: &bool) -> bool {
    !*b
}
