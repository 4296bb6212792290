//! Standard output of the subcommands: one record per input, the first write error remembered, and
//! the exit status at the end (0 all valid or done, 1 some input invalid or failed, 2 usage or I/O
//! error).

use std::io::Write;

use serde::Serialize;

use super::input::{escape_controls, Item};
use super::{EXIT_ERROR, EXIT_INVALID, EXIT_OK};

/// Buffered standard output.
pub struct Out {
    out: std::io::BufWriter<std::io::StdoutLock<'static>>,
    error: Option<std::io::Error>,
    /// Some input was invalid or its operation failed.
    pub failed: bool,
    /// A progress bar on standard error, hidden while a message is written.
    pub progress: Option<indicatif::ProgressBar>,
}

impl Out {
    /// Standard output, buffered.
    pub fn new() -> Out {
        Out {
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

    /// Writes one line (`text` and a line feed).
    pub fn line(&mut self, text: &str) {
        if self.error.is_none() {
            if let Err(e) = writeln!(self.out, "{text}") {
                self.error = Some(e);
            }
        }
    }

    /// Writes text as it is.
    pub fn text(&mut self, text: &str) {
        if self.error.is_none() {
            if let Err(e) = self.out.write_all(text.as_bytes()) {
                self.error = Some(e);
            }
        }
    }

    /// Writes bytes as they are.
    pub fn bytes(&mut self, bytes: &[u8]) {
        if self.error.is_none() {
            if let Err(e) = self.out.write_all(bytes) {
                self.error = Some(e);
            }
        }
    }

    /// Writes one JSON record on one line.
    pub fn json<T: Serialize>(&mut self, record: &T) {
        if self.error.is_some() {
            return;
        }
        let written = serde_json::to_writer(&mut self.out, record)
            .map_err(std::io::Error::from)
            .and_then(|()| writeln!(self.out));
        if let Err(e) = written {
            self.error = Some(e);
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
        self.line(&format!("error: {origin}: {}", escape_controls(message)));
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

    /// The exit status: 2 on a write error (other than a closed pipe, which is silent) or when
    /// `read_ok` is false, else 1 if some input failed, else 0.
    pub fn finish(mut self, read_ok: bool) -> i32 {
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

/// `skip_serializing_if` for flags that are written only when set.
pub fn is_false(b: &bool) -> bool {
    !*b
}
