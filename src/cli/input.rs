//! Inputs from arguments or from standard input, one per line, as text: bytes that are not UTF-8 are an
//! error naming the line and the byte offset, never replaced or guessed.

use std::ffi::OsString;
use std::io::{BufRead, Write};

/// Where an input came from, for error messages.
#[derive(Clone, Copy, Debug)]
pub enum Origin {
    /// The n-th argument (1-based).
    Argument(usize),
    /// The n-th line of standard input (1-based).
    Line(usize),
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Origin::Argument(n) => write!(f, "argument {n}"),
            Origin::Line(n) => write!(f, "line {n}"),
        }
    }
}

/// Describes bytes that are not UTF-8: the byte offset of the first bad byte and the bytes there.
pub fn utf8_error(origin: Origin, bytes: &[u8], e: &std::str::Utf8Error) -> String {
    let at = e.valid_up_to();
    let bad_len = e.error_len().unwrap_or(bytes.len() - at);
    let bad: Vec<String> = bytes[at..at + bad_len]
        .iter()
        .map(|b| format!("0x{b:02X}"))
        .collect();
    let what = if e.error_len().is_some() {
        "invalid UTF-8"
    } else {
        "truncated UTF-8 sequence"
    };
    format!(
        "{origin}: not text: {what} at byte offset {at} (bytes {}); the input is not checked",
        bad.join(" ")
    )
}

/// Calls `each` for every input: the arguments if there are any, else the lines of standard input with
/// only the line terminator (`\n` or `\r\n`) removed. Inputs that are not UTF-8 are reported on
/// standard error and skipped. Returns `Err(())` if any input was not text or stdin could not be read.
pub fn for_each_input(args: &[OsString], mut each: impl FnMut(Origin, &str)) -> Result<(), ()> {
    let mut ok = true;
    if !args.is_empty() {
        for (i, arg) in args.iter().enumerate() {
            let origin = Origin::Argument(i + 1);
            let bytes = os_bytes(arg);
            match std::str::from_utf8(&bytes) {
                Ok(s) => each(origin, s),
                Err(e) => {
                    eprintln!("iri: {}", utf8_error(origin, &bytes, &e));
                    ok = false;
                }
            }
        }
        return if ok { Ok(()) } else { Err(()) };
    }
    let read = for_each_stdin_line(|line_no, bytes| {
        let origin = Origin::Line(line_no);
        match std::str::from_utf8(bytes) {
            Ok(s) => each(origin, s),
            Err(e) => {
                let _ = std::io::stdout().flush();
                eprintln!("iri: {}", utf8_error(origin, bytes, &e));
                ok = false;
            }
        }
    });
    if ok && read.is_ok() {
        Ok(())
    } else {
        Err(())
    }
}

/// Calls `each` with the 1-based number and the bytes of every line of standard input, with only the
/// line terminator (`\n` or `\r\n`) removed. Returns `Err(())` (after saying why) if reading fails.
pub fn for_each_stdin_line(mut each: impl FnMut(usize, &[u8])) -> Result<(), ()> {
    let stdin = std::io::stdin();
    let mut reader = stdin.lock();
    let mut buf = Vec::new();
    let mut line_no = 0;
    loop {
        buf.clear();
        match reader.read_until(b'\n', &mut buf) {
            Ok(0) => return Ok(()),
            Ok(_) => {}
            Err(e) => {
                eprintln!("iri: reading standard input: {e}");
                return Err(());
            }
        }
        line_no += 1;
        if buf.last() == Some(&b'\n') {
            buf.pop();
            if buf.last() == Some(&b'\r') {
                buf.pop();
            }
        }
        each(line_no, &buf);
    }
}

#[cfg(unix)]
pub fn os_bytes(s: &OsString) -> Vec<u8> {
    use std::os::unix::ffi::OsStrExt;
    s.as_bytes().to_vec()
}

#[cfg(not(unix))]
pub fn os_bytes(s: &OsString) -> Vec<u8> {
    // Elsewhere an OsString that is not Unicode cannot be split into bytes faithfully; report it as
    // such rather than guess.
    match s.to_str() {
        Some(t) => t.as_bytes().to_vec(),
        None => vec![0xFF],
    }
}
