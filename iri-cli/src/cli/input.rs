//! Inputs, from arguments, files (`--input FILE`) or standard input, one per line.
//!
//! Every input becomes exactly one [`Item`], in order, so that every subcommand writes exactly one
//! record per input: an input that cannot be processed as text (bytes that are not UTF-8, or not in the
//! `--input-encoding`, or a line over `--max-length`) is an item too, carrying a [`NotText`] that says
//! why and where, and the input's bytes shown with escapes. Nothing is replaced, guessed or dropped.
//!
//! Lines are read through a buffer with a bound: a line longer than `--max-length` is never held in
//! memory beyond the bound; its length is counted and the stream goes on with the next line.

use std::borrow::Cow;
use std::ffi::OsString;
use std::fmt;
use std::fs::File;
use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};

use clap::Args;
use iri_abnf::convert::decode_legacy;
use iri_abnf::convert::Charset;

/// How every subcommand that reads inputs reads them (appended to their help).
pub const INPUTS_HELP: &str = "\
Inputs: the INPUT arguments, then the lines of each --input FILE (`-` is standard input); with
neither, the lines of standard input. Only the line terminator \\n or \\r\\n is removed (spaces and
tabs are part of the input). With -0 (--null), inputs end at a NUL byte instead, and a line feed or
carriage return is part of the input. A positional argument is always an input string, never a file
name (a hint on standard error says so when it names an existing file). A byte order mark at the start of a
file or of standard input is removed and reported (JSON: \"bom_removed\": true).

Every input gives exactly one output record, in input order. An input that is not UTF-8, or longer
than --max-length (default 1 MiB), is not processed: its record says why, with the byte offset (the
first bad byte), and shows the bytes escaped (\\xHH for bytes that are not UTF-8); in JSON it has
\"input\": null and \"input_escaped\". Messages show control, bidi formatting and invisible
characters as \\u{X} and a backslash as \\\\, so that one record stays on its lines. Data values
(the results of the conversions, resolve, relativize, normalize and generate) are written exactly when
standard output is not a terminal, and escaped so on a terminal (--escape always|never|auto). An exact
value that holds a line break (U+000A or U+000D; a LEIRI may) cannot be one line of text: its record
is `error: ORIGIN: ...` saying so (exit status 1); -0 writes it exactly. JSON output is exact. A closed output pipe (`| head -1`) ends the command
quietly.";

/// The default of `--max-length`: 1 MiB.
pub const DEFAULT_MAX_LENGTH: usize = 1 << 20;

/// The byte order mark U+FEFF in UTF-8.
const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// The options shared by every subcommand that reads inputs.
#[derive(Args, Clone, Debug)]
pub struct InputArgs {
    /// Read inputs from FILE, one per line (repeatable; `-` is standard input); read after the
    /// INPUT arguments.
    #[arg(long = "input", short = 'i', value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// The longest input, in bytes. A longer line or argument gets an error record of its own
    /// (it is not checked) and the stream goes on.
    #[arg(long, value_name = "BYTES", default_value_t = DEFAULT_MAX_LENGTH)]
    pub max_length: usize,
}

impl Default for InputArgs {
    fn default() -> Self {
        InputArgs {
            files: Vec::new(),
            max_length: DEFAULT_MAX_LENGTH,
        }
    }
}

/// Where an input came from, for messages.
#[derive(Clone, Copy, Debug)]
pub enum Origin<'a> {
    /// The n-th argument (1-based, counting every positional argument of the subcommand).
    Argument(usize),
    /// The n-th line (1-based) of standard input.
    Stdin(usize),
    /// The n-th line (1-based) of a file.
    File(&'a Path, usize),
    /// A query parameter of a request to `iri serve`.
    Parameter(&'a str),
}

impl fmt::Display for Origin<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Argument(n) => write!(f, "argument {n}"),
            Origin::Stdin(n) => write!(f, "line {n}"),
            Origin::File(path, n) => write!(f, "{}: line {n}", path.display()),
            Origin::Parameter(name) => write!(f, "parameter {name}"),
        }
    }
}

/// Why an input is not processed as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotTextKind {
    /// Not UTF-8 (or not in the `--input-encoding`): the bytes of the malformed sequence.
    Malformed {
        /// The encoding the input was read as.
        encoding: &'static str,
        /// The malformed bytes at the offset.
        bytes: Vec<u8>,
        /// The input ends inside a multi-byte sequence.
        truncated: bool,
    },
    /// Longer than `--max-length`.
    TooLong {
        /// The limit in bytes.
        limit: usize,
    },
}

/// An input that is not processed as text: why, where, and its bytes shown with escapes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotText {
    /// Why.
    pub kind: NotTextKind,
    /// Byte offset of the first malformed byte, or the limit for an input that is too long.
    pub offset: usize,
    /// The input's length in bytes.
    pub length: u64,
    /// The input's bytes as text: valid UTF-8 with the characters of `needs_escape` and `\` escaped,
    /// other bytes as `\xHH`; for an input that is too long, only its first 64 bytes, then `…`.
    pub escaped: String,
}

impl NotText {
    /// The kind as the JSON `error.kind`: `not-utf8`, `undecodable` or `too-long`.
    pub fn kind_name(&self) -> &'static str {
        match &self.kind {
            NotTextKind::Malformed { encoding, .. } if *encoding == "UTF-8" => "not-utf8",
            NotTextKind::Malformed { .. } => "undecodable",
            NotTextKind::TooLong { .. } => "too-long",
        }
    }

    /// One line saying what is wrong and where.
    pub fn message(&self) -> String {
        match &self.kind {
            NotTextKind::Malformed {
                encoding,
                bytes,
                truncated,
            } => {
                let shown: Vec<String> = bytes.iter().map(|b| format!("0x{b:02X}")).collect();
                let what = if *truncated {
                    format!("truncated {encoding} sequence")
                } else {
                    format!("invalid {encoding}")
                };
                format!(
                    "not text: {what} at byte offset {} (bytes {}); the input is not checked",
                    self.offset,
                    shown.join(" ")
                )
            }
            NotTextKind::TooLong { limit } => format!(
                "input too long: {} bytes, over the limit of {limit} bytes (raise it with \
                 --max-length BYTES); the input is not checked",
                self.length
            ),
        }
    }
}

/// One input.
pub struct Item<'a> {
    /// Where it came from.
    pub origin: Origin<'a>,
    /// The text, or why there is none.
    pub input: Result<&'a str, NotText>,
    /// A byte order mark at the start of its source was removed from this input.
    pub bom_removed: bool,
}

/// How input bytes become text.
#[derive(Clone, Copy, Debug, Default)]
pub enum Decoding {
    /// UTF-8, strictly.
    #[default]
    Utf8,
    /// A WHATWG encoding, strictly (`decode_legacy`: no replacement, NFC for legacy encodings).
    Charset(Charset),
}

impl Decoding {
    /// The byte sequence of a line feed, and whether lines are made of 2-byte code units.
    fn utf16(self) -> Option<Utf16> {
        match self {
            Decoding::Utf8 => None,
            Decoding::Charset(c) => match c.encoding().name() {
                "UTF-16LE" => Some(Utf16::Le),
                "UTF-16BE" => Some(Utf16::Be),
                _ => None,
            },
        }
    }

    fn bom(self) -> &'static [u8] {
        match self.utf16() {
            Some(Utf16::Le) => b"\xFF\xFE",
            Some(Utf16::Be) => b"\xFE\xFF",
            None => UTF8_BOM,
        }
    }

    /// Decodes one input.
    fn decode(self, bytes: &[u8]) -> Result<Cow<'_, str>, NotText> {
        match self {
            Decoding::Utf8 => match std::str::from_utf8(bytes) {
                Ok(s) => Ok(Cow::Borrowed(s)),
                Err(e) => {
                    let at = e.valid_up_to();
                    let len = e.error_len().unwrap_or(bytes.len() - at);
                    Err(NotText {
                        kind: NotTextKind::Malformed {
                            encoding: "UTF-8",
                            bytes: bytes[at..at + len].to_vec(),
                            truncated: e.error_len().is_none(),
                        },
                        offset: at,
                        length: bytes.len() as u64,
                        escaped: escape_bytes(bytes),
                    })
                }
            },
            Decoding::Charset(c) => match decode_legacy(bytes, c) {
                Ok(s) => Ok(Cow::Owned(s)),
                Err(e) => Err(NotText {
                    kind: NotTextKind::Malformed {
                        encoding: e.charset,
                        truncated: e.offset + e.bytes.len() == bytes.len()
                            && c.encoding().name() != "UTF-8",
                        bytes: e.bytes,
                    },
                    offset: e.offset,
                    length: bytes.len() as u64,
                    escaped: escape_bytes(bytes),
                }),
            },
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Utf16 {
    Le,
    Be,
}

/// Bytes as text for display: UTF-8 runs with `\` as `\\` and the characters of
/// [`needs_escape`](iri_abnf::report::needs_escape) as `\u{X}`, every other byte as `\xHH`.
pub fn escape_bytes(bytes: &[u8]) -> String {
    let mut out = String::new();
    for chunk in bytes.utf8_chunks() {
        iri_abnf::report::escape_into(chunk.valid(), &mut out);
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02X}"));
        }
    }
    out
}

/// Text for display on one terminal line, for messages that already quote their inputs: only the
/// characters of [`needs_escape`](iri_abnf::report::needs_escape) become `\u{X}`.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(iri_abnf::report::needs_escape) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if iri_abnf::report::needs_escape(c) {
            out.push_str(&format!("\\u{{{:X}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Reads records (lines ending in LF, or in the UTF-16 code unit of LF; with `null` (`-0`), records
/// ending in NUL) from a source in large reads made straight into a [`Batch`]'s buffer, which the
/// records then borrow: a record is not copied, except the one a batch ends in the middle of, which
/// begins the next batch. The terminator, and a CR before an LF, are not part of a record. Of a
/// record longer than `bound` bytes only the first `bound + 2` are kept (the rest is read, counted
/// and dropped), so that memory stays bounded whatever the input.
struct Records<R> {
    reader: R,
    /// The start of a record that the last batch ended in the middle of.
    carry: Vec<u8>,
    /// How many bytes of a record's start are kept (even, for UTF-16).
    keep: usize,
    utf16: Option<Utf16>,
    /// The byte order mark that the first record may start with.
    bom: &'static [u8],
    null: bool,
    /// Records taken so far (the first one may start with a byte order mark).
    taken: usize,
    /// Standard input from a terminal: a batch ends with the first read that completes a record, so
    /// that each line is answered as it is typed.
    interactive: bool,
    ended: bool,
}

/// Calls `each` with the offset of every `byte` in `hay`, in order. A block of 64 bytes at a time
/// becomes a mask of where the byte is (four vector compares on x86-64), so that short lines cost a
/// bit each rather than a search each.
#[inline]
fn positions(hay: &[u8], byte: u8, mut each: impl FnMut(usize)) {
    let mut blocks = hay.chunks_exact(64);
    let mut base = 0;
    for block in &mut blocks {
        let mut mask = block_mask(block, byte);
        while mask != 0 {
            each(base + mask.trailing_zeros() as usize);
            mask &= mask - 1;
        }
        base += 64;
    }
    for (i, &b) in blocks.remainder().iter().enumerate() {
        if b == byte {
            each(base + i);
        }
    }
}

/// The mask of the bytes of a 64-byte block that are `byte` (bit `i` for byte `i`).
#[cfg(target_arch = "x86_64")]
#[inline]
#[allow(unsafe_code)]
fn block_mask(block: &[u8], byte: u8) -> u64 {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
    };
    assert!(block.len() >= 64);
    // SAFETY: SSE2 is part of every x86-64 processor; the four loads read 16 bytes each at offsets
    // 0, 16, 32 and 48 of `block`, which has 64 (asserted above), and `loadu` takes any alignment.
    unsafe {
        let needle = _mm_set1_epi8(byte as i8);
        let word = |i: usize| {
            let v = _mm_loadu_si128(block.as_ptr().add(i).cast::<__m128i>());
            u64::from(_mm_movemask_epi8(_mm_cmpeq_epi8(v, needle)) as u16)
        };
        word(0) | word(16) << 16 | word(32) << 32 | word(48) << 48
    }
}

/// The mask of the bytes of a 64-byte block that are `byte` (bit `i` for byte `i`).
#[cfg(not(target_arch = "x86_64"))]
#[inline]
fn block_mask(block: &[u8], byte: u8) -> u64 {
    block
        .iter()
        .enumerate()
        .fold(0, |mask, (i, &b)| mask | u64::from(b == byte) << i)
}

/// The most bytes asked of the source in one read.
const READ_BYTES: usize = 256 << 10;

impl<R: std::io::Read> Records<R> {
    fn new(reader: R, bound: usize, decoding: Decoding, null: bool, interactive: bool) -> Self {
        let keep = bound.saturating_add(2);
        let utf16 = decoding.utf16();
        Records {
            reader,
            carry: Vec::new(),
            keep: if utf16.is_some() {
                keep.saturating_add(keep % 2)
            } else {
                keep
            },
            utf16,
            bom: decoding.bom(),
            null,
            taken: 0,
            interactive,
            ended: false,
        }
    }

    /// The width of a code unit.
    fn unit(&self) -> usize {
        if self.utf16.is_some() {
            2
        } else {
            1
        }
    }

    /// Takes the records that end in `data[scan..filled]` (`scan` is at a code unit boundary of the
    /// record that begins at `start`, which is `long` when it is longer than the bound); returns
    /// where the record after them begins.
    fn split(
        &mut self,
        (data, filled): (&[u8], usize),
        lines: &mut Vec<Line>,
        mut start: usize,
        scan: usize,
        long: &mut Option<(usize, u64)>,
    ) -> usize {
        let end_byte = if self.null { 0x00 } else { 0x0A };
        let utf16 = self.utf16;
        let hay = &data[scan..filled];
        let mut end_at = |at: usize| {
            self.end_record(data, lines, start, at, long.take());
            start = at + self.unit();
        };
        match utf16 {
            None => positions(hay, end_byte, |t| end_at(scan + t)),
            Some(order) => {
                // The byte of the unit that holds the character (the other one is 0).
                let (at, other) = match order {
                    Utf16::Le => (0, 1),
                    Utf16::Be => (1, 0),
                };
                for (i, u) in hay.chunks_exact(2).enumerate() {
                    if u[at] == end_byte && u[other] == 0 {
                        end_at(scan + 2 * i);
                    }
                }
            }
        }
        start
    }

    /// Adds the record that begins at `start` and whose terminator is at `at` (`long`: where its kept
    /// bytes end and how many were dropped), without a CR before an LF.
    fn end_record(
        &mut self,
        data: &[u8],
        lines: &mut Vec<Line>,
        start: usize,
        at: usize,
        long: Option<(usize, u64)>,
    ) {
        // The unit before the terminator is in `data` even for a long record (see `fill`).
        let cr = if !self.null && self.ends_with_cr(&data[start..at]) {
            self.unit()
        } else {
            0
        };
        // A record found whole may still be longer than the bound: it keeps as many bytes.
        let (end, length) = match long {
            None => ((at - cr).min(start + self.keep), (at - cr - start) as u64),
            Some((kept, dropped)) => (kept, (at - cr - start) as u64 + dropped),
        };
        self.take(data, lines, start, end, length);
    }

    /// Whether `bytes` ends with a carriage return (as a code unit for UTF-16).
    fn ends_with_cr(&self, bytes: &[u8]) -> bool {
        matches!(
            (self.utf16, bytes),
            (None, [.., b'\r'])
                | (Some(Utf16::Le), [.., b'\r', 0])
                | (Some(Utf16::Be), [.., 0, b'\r'])
        )
    }

    /// Adds the next records to `batch` (cleared by the caller) until it is full, the source ends
    /// (`Ok(false)`) or, when interactive, a read completed a record; `Ok(true)` when the source has
    /// more. A read error ends the source after the records read before it.
    fn fill(&mut self, batch: &mut Batch) -> std::io::Result<bool> {
        if self.ended {
            return Ok(false);
        }
        let unit = self.unit();
        batch.filled = 0;
        batch.append(&self.carry);
        self.carry.clear();
        // The record being read: where it starts, where the search for its end goes on, and, for a
        // record longer than the bound, where its kept bytes end and how many bytes were dropped.
        let mut start = 0;
        let mut scan = 0;
        let mut long: Option<(usize, u64)> = None;
        loop {
            start = self.split(
                (&batch.data, batch.filled),
                &mut batch.lines,
                start,
                scan,
                &mut long,
            );
            let pending = batch.filled - start;
            if long.is_none() && pending > self.keep {
                long = Some((start + self.keep, 0));
            }
            match &mut long {
                // Drop what was read past the kept bytes (whole code units), but the last unit,
                // which may be the CR of a CR LF.
                Some((kept, dropped)) => {
                    let past = batch.filled - *kept;
                    let drop = (past - past % unit).saturating_sub(unit);
                    batch.data.copy_within(*kept + drop..batch.filled, *kept);
                    batch.filled -= drop;
                    *dropped += drop as u64;
                    scan = *kept;
                }
                None => scan = start + pending - pending % unit,
            }
            let stop = long.is_none()
                && (batch.full_at(start) || (self.interactive && !batch.lines.is_empty()));
            if stop {
                self.carry
                    .extend_from_slice(&batch.data[start..batch.filled]);
                batch.filled = start;
                return Ok(true);
            }
            batch.reserve(READ_BYTES);
            let read = loop {
                match self.reader.read(&mut batch.data[batch.filled..]) {
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    other => break other,
                }
            };
            match read {
                Ok(0) => {
                    self.ended = true;
                    // The last record, without a terminator.
                    if start < batch.filled || long.is_some() {
                        let (end, length) = match long {
                            None => (
                                batch.filled.min(start + self.keep),
                                (batch.filled - start) as u64,
                            ),
                            Some((kept, dropped)) => {
                                (kept, (batch.filled - start) as u64 + dropped)
                            }
                        };
                        self.take(&batch.data, &mut batch.lines, start, end, length);
                    }
                    return Ok(false);
                }
                Ok(n) => batch.filled += n,
                Err(e) => {
                    self.ended = true;
                    return Err(e);
                }
            }
        }
    }

    /// Adds the record at `start..end` of the batch's buffer (its length in the source is `length`),
    /// without the byte order mark that may begin the source.
    fn take(
        &mut self,
        data: &[u8],
        lines: &mut Vec<Line>,
        mut start: usize,
        end: usize,
        mut length: u64,
    ) {
        self.taken += 1;
        let bom_removed = self.taken == 1 && data[start..end].starts_with(self.bom);
        if bom_removed {
            start += self.bom.len();
            length -= self.bom.len() as u64;
        }
        lines.push(Line {
            start,
            end,
            length,
            bom_removed,
        });
    }
}

/// Reads every input and calls `each` with one [`Item`] per input, in order: the positional
/// `args` (numbered from `first_arg`), then each `--input` file (`-` = standard input), or standard
/// input when there are neither. Returns `Err(())`, after saying why on standard error, when a file
/// cannot be opened or read (the other inputs are still read).
pub fn for_each_item(
    args: &[OsString],
    first_arg: usize,
    opts: &InputArgs,
    decoding: Decoding,
    mut each: impl FnMut(Item<'_>),
) -> Result<(), ()> {
    // The same reading as the batches of `iri check`, taken one input at a time.
    let mut reader = BatchReader::new(args, first_arg, opts, None, decoding);
    let mut batch = Batch::default();
    while reader.fill(&mut batch) {
        let mut notes = batch.notes.iter().peekable();
        for i in 0..batch.len() {
            while let Some((_, message)) = notes.next_if(|(at, _)| *at <= i) {
                eprintln!("iri: {message}");
            }
            let (bytes, length, bom_removed) = batch.raw(i);
            let input = input_of(bytes, length, opts.max_length, decoding);
            each(Item {
                origin: batch.origin(i, &opts.files),
                input: input.as_deref().map_err(Clone::clone),
                bom_removed,
            });
        }
        for (_, message) in notes {
            eprintln!("iri: {message}");
        }
    }
    if reader.ok() {
        Ok(())
    } else {
        Err(())
    }
}

/// One input given whole, as the command line takes an argument (no byte order mark is removed): its
/// UTF-8 text, or why it is not processed (not UTF-8, or longer than `max_length` bytes).
pub fn text_of(bytes: &[u8], max_length: usize) -> Result<Cow<'_, str>, NotText> {
    input_of(bytes, bytes.len() as u64, max_length, Decoding::Utf8)
}

/// An input's text, or why it is not processed.
fn input_of(
    bytes: &[u8],
    length: u64,
    max_length: usize,
    decoding: Decoding,
) -> Result<Cow<'_, str>, NotText> {
    if length > max_length as u64 {
        let shown = &bytes[..bytes.len().min(64)];
        // Cut at a character boundary where the shown bytes are UTF-8.
        let cut = match std::str::from_utf8(shown) {
            Ok(_) => shown.len(),
            Err(e) if e.error_len().is_none() => e.valid_up_to(),
            Err(_) => shown.len(),
        };
        return Err(NotText {
            kind: NotTextKind::TooLong { limit: max_length },
            offset: max_length,
            length,
            escaped: format!("{}…", escape_bytes(&shown[..cut])),
        });
    }
    decoding.decode(bytes)
}

/// The most lines in one [`Batch`].
pub const BATCH_LINES: usize = 4 * 1024;
/// A [`Batch`] is closed once it holds this many bytes of inputs (a line is never split).
pub const BATCH_BYTES: usize = 4 << 20;

/// Where the inputs of a [`Batch`] come from: a batch never mixes sources.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Source {
    /// The positional arguments.
    #[default]
    Arguments,
    /// Standard input.
    Stdin,
    /// The n-th `--input` file (0-based index into [`InputArgs::files`]).
    File(usize),
}

/// One input of a [`Batch`]: its bytes (up to the `--max-length` bound) and its full length.
#[derive(Clone, Copy, Debug)]
struct Line {
    start: usize,
    end: usize,
    length: u64,
    bom_removed: bool,
}

/// A run of consecutive inputs from one source, read ahead in bulk so that they can be checked on
/// other threads; its buffers are reused from batch to batch.
#[derive(Debug, Default)]
pub struct Batch {
    /// Where the inputs come from.
    pub source: Source,
    /// The number (1-based) of the first input: its line, or its argument number.
    pub first: usize,
    /// The inputs' bytes, read into place: `data[..filled]` holds them (the rest is room for the next
    /// read, kept from batch to batch).
    data: Vec<u8>,
    filled: usize,
    lines: Vec<Line>,
    /// Messages for standard error, each to be printed just before the input of that index (an
    /// index equal to [`Batch::len`] means after the last input).
    pub notes: Vec<(usize, String)>,
}

impl Batch {
    /// Empties the batch, keeping its buffers.
    fn clear(&mut self, source: Source, first: usize) {
        self.source = source;
        self.first = first;
        self.filled = 0;
        self.lines.clear();
        self.notes.clear();
    }

    /// Room for `more` bytes after the filled ones.
    fn reserve(&mut self, more: usize) {
        let want = self.filled + more;
        if self.data.len() < want {
            self.data.resize(want, 0);
        }
    }

    /// Appends bytes to the filled ones.
    fn append(&mut self, bytes: &[u8]) {
        self.reserve(bytes.len());
        self.data[self.filled..self.filled + bytes.len()].copy_from_slice(bytes);
        self.filled += bytes.len();
    }

    /// Appends an input: its bytes (at most the bound and 2 more), its full length and whether a
    /// byte order mark was removed from it.
    pub fn push(&mut self, bytes: &[u8], length: u64, bom_removed: bool) {
        let start = self.filled;
        self.append(bytes);
        self.lines.push(Line {
            start,
            end: self.filled,
            length,
            bom_removed,
        });
    }

    /// Whether the batch is full, with the bytes from `pending` on not yet in a record.
    fn full_at(&self, pending: usize) -> bool {
        self.lines.len() >= BATCH_LINES || pending >= BATCH_BYTES
    }

    /// The number of inputs.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// The batch has no inputs.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// The `i`-th input's bytes (at most the `--max-length` bound and 2 more), its full length in
    /// bytes, and whether a byte order mark was removed from it.
    pub fn raw(&self, i: usize) -> (&[u8], u64, bool) {
        let l = self.lines[i];
        (&self.data[l.start..l.end], l.length, l.bom_removed)
    }

    /// Where the `i`-th input comes from.
    pub fn origin<'a>(&self, i: usize, files: &'a [PathBuf]) -> Origin<'a> {
        let n = self.first + i;
        match self.source {
            Source::Arguments => Origin::Argument(n),
            Source::Stdin => Origin::Stdin(n),
            Source::File(f) => Origin::File(&files[f], n),
        }
    }

    /// The `i`-th input as an [`Item`] (UTF-8), with `text` as the buffer of its decoded form.
    pub fn item<'a>(&'a self, i: usize, files: &'a [PathBuf], max_length: usize) -> Item<'a> {
        let (bytes, length, bom_removed) = self.raw(i);
        let input = match input_of(bytes, length, max_length, Decoding::Utf8) {
            Ok(Cow::Borrowed(s)) => Ok(s),
            // UTF-8 decoding borrows; a copy would only come from another decoding.
            Ok(Cow::Owned(_)) => unreachable!("UTF-8 decoding borrows"),
            Err(e) => Err(e),
        };
        Item {
            origin: self.origin(i, files),
            input,
            bom_removed,
        }
    }
}

/// Reads the inputs of a subcommand (the positional arguments, then each `--input` file, `-` being
/// standard input, or standard input alone) in [`Batch`]es; [`for_each_item`] takes them one by one.
/// Lines are split and byte order marks recognized as `decoding` says (UTF-16 lines end at the code
/// unit U+000A); the inputs are decoded when they are taken ([`Batch::item`] for UTF-8).
pub struct BatchReader<'a> {
    args: &'a [OsString],
    first_arg: usize,
    opts: &'a InputArgs,
    /// The next source to open: 0 is the arguments, `k` the `k`-th entry of `files`.
    next: usize,
    files: Vec<Option<usize>>,
    current: Option<Open<'a>>,
    progress: Option<indicatif::ProgressBar>,
    decoding: Decoding,
    ok: bool,
}

impl<'a> BatchReader<'a> {
    /// A reader of the inputs; `progress`, when given, advances by the bytes read from files.
    pub fn new(
        args: &'a [OsString],
        first_arg: usize,
        opts: &'a InputArgs,
        progress: Option<indicatif::ProgressBar>,
        decoding: Decoding,
    ) -> Self {
        // The sources after the arguments: each file (by index), `None` for standard input.
        let files = if !opts.files.is_empty() {
            opts.files
                .iter()
                .enumerate()
                .map(|(i, p)| (p.as_os_str() != "-").then_some(i))
                .collect()
        } else if args.is_empty() {
            vec![None]
        } else {
            Vec::new()
        };
        BatchReader {
            args,
            first_arg,
            opts,
            next: 0,
            files,
            current: None,
            progress,
            decoding,
            ok: true,
        }
    }

    /// No file failed to open or read so far.
    pub fn ok(&self) -> bool {
        self.ok
    }

    /// Fills `batch` with the next inputs; `false` when there are no more (the batch is then empty).
    /// A file that cannot be opened or read is reported in the batch's notes, and reading goes on.
    pub fn fill(&mut self, batch: &mut Batch) -> bool {
        loop {
            if self.next == 0 {
                self.next = 1;
                if !self.args.is_empty() {
                    batch.clear(Source::Arguments, self.first_arg);
                    for (i, arg) in self.args.iter().enumerate() {
                        let bytes = os_bytes(arg);
                        let path = Path::new(arg);
                        if !arg.is_empty() && path.is_file() {
                            batch.notes.push((
                                i,
                                format!(
                                    "hint: argument {} ({}) is taken as an input string, and it \
                                     also names a file; to read the file's lines, use --input {}",
                                    self.first_arg + i,
                                    path.display(),
                                    path.display()
                                ),
                            ));
                        }
                        batch.push(&bytes, bytes.len() as u64, false);
                    }
                    return true;
                }
            }
            if self.current.is_none() {
                let Some(&source) = self.files.get(self.next - 1) else {
                    batch.clear(Source::Arguments, 0);
                    return false;
                };
                self.next += 1;
                // Sendable, so that the checking threads of `iri check` can take turns reading.
                let reader: std::io::Result<Box<dyn Read + Send + 'a>> = match source {
                    None => Ok(Box::new(std::io::stdin())),
                    Some(i) => File::open(&self.opts.files[i]).map(|f| {
                        Box::new(Counted {
                            inner: f,
                            progress: self.progress.clone(),
                        }) as Box<dyn Read + Send>
                    }),
                };
                let source = source.map_or(Source::Stdin, Source::File);
                match reader {
                    Ok(r) => {
                        // Standard input from a terminal is answered line by line.
                        let interactive = source == Source::Stdin && std::io::stdin().is_terminal();
                        if interactive {
                            // Without it, a command run with no input looks as if it hangs.
                            eprintln!(
                                "iri: reading inputs from the terminal, one per line; end with \
                                 Ctrl-D (--help shows the other ways to give inputs)"
                            );
                        }
                        let records = Records::new(
                            r,
                            self.opts.max_length,
                            self.decoding,
                            super::settings::null_records(),
                            interactive,
                        );
                        self.current = Some((source, records, 0));
                    }
                    Err(e) => {
                        batch.clear(source, 1);
                        self.read_error(batch, e);
                        return true;
                    }
                }
            }
            let Some((source, records, n)) = self.current.as_mut() else {
                continue;
            };
            batch.clear(*source, *n + 1);
            let more = records.fill(batch);
            *n += batch.len();
            match more {
                Ok(true) => return true,
                Ok(false) => self.current = None,
                Err(e) => {
                    self.current = None;
                    self.read_error(batch, e);
                }
            }
            if !batch.is_empty() || !batch.notes.is_empty() {
                return true;
            }
        }
    }

    fn read_error(&mut self, batch: &mut Batch, e: std::io::Error) {
        let what = match batch.source {
            Source::File(i) => self.opts.files[i].display().to_string(),
            _ => "standard input".to_string(),
        };
        batch
            .notes
            .push((batch.len(), format!("reading {what}: {e}")));
        self.ok = false;
    }
}

/// The source being read: which, its lines, and how many were read.
type Open<'a> = (Source, Records<Box<dyn Read + Send + 'a>>, usize);

/// A reader that advances a progress bar by the bytes it reads.
struct Counted<R> {
    inner: R,
    progress: Option<indicatif::ProgressBar>,
}

impl<R: std::io::Read> std::io::Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        if let Some(p) = &self.progress {
            p.inc(n as u64);
        }
        Ok(n)
    }
}

/// The bytes of the records that begin in `start..end` of a source (a file read from `start - 1`
/// on, or from 0 when `start` is 0): the records are those of the whole source, each whole, so that
/// the regions of a file, read in turn, give its records once each and in order. A region's bytes
/// run from just after the first terminator at or after `start - 1` (from 0 for the first region)
/// to the first terminator at or after `end - 1`, or to the end of the source.
struct Region<R> {
    inner: R,
    /// The offset in the source of the next byte `inner` gives.
    pos: u64,
    end: u64,
    terminator: u8,
    /// The bytes before the region's first record are still being passed over.
    skipping: bool,
    done: bool,
    progress: Option<indicatif::ProgressBar>,
}

impl<R: Read> Read for Region<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        loop {
            if self.done || buf.is_empty() {
                return Ok(0);
            }
            let n = self.inner.read(buf)?;
            if n == 0 {
                self.done = true;
                return Ok(0);
            }
            let at = self.pos;
            self.pos += n as u64;
            let mut from = 0;
            if self.skipping {
                let Some(k) = buf[..n].iter().position(|&b| b == self.terminator) else {
                    continue;
                };
                self.skipping = false;
                from = k + 1;
                if at + from as u64 >= self.end {
                    // The record that ends there is the last one of the region before; the next one
                    // begins at or after the end of this one.
                    self.done = true;
                    return Ok(0);
                }
            }
            // The region's last record ends at the first terminator at or after `end - 1`.
            let last = (self.end.saturating_sub(1).saturating_sub(at)).min(n as u64) as usize;
            let mut to = n;
            let search = last.max(from);
            if let Some(k) = buf[search..n].iter().position(|&b| b == self.terminator) {
                to = search + k + 1;
                self.done = true;
            }
            buf.copy_within(from..to, 0);
            if let Some(p) = &self.progress {
                p.inc((to - from) as u64);
            }
            if to > from {
                return Ok(to - from);
            }
        }
    }
}

/// The bytes a region of [`FileRegions`] spans at most (the records that begin in it).
pub const REGION_BYTES: u64 = 4 << 20;

/// The input files of a subcommand as regions of [`REGION_BYTES`] that can be read at once on several
/// threads, each from its own handle and each into its own batches: for a reader that needs the
/// records but not their numbers or their order (`iri check --count`). Only when every input is a
/// regular file (no argument, no standard input) and the lines are UTF-8.
pub struct FileRegions<'a> {
    opts: &'a InputArgs,
    /// The regions: the file's index, and where the region starts and ends (the last region of a
    /// file ends at `u64::MAX`, so that it reads the file to its end, whatever its length then).
    regions: Vec<(usize, u64, u64)>,
    null: bool,
    progress: Option<indicatif::ProgressBar>,
}

impl<'a> FileRegions<'a> {
    /// The regions of the files of `opts`, or `None` when the inputs are not all regular files
    /// (or there are arguments, or a file cannot be looked at: the reader in turn then says why).
    pub fn new(
        args: &[OsString],
        opts: &'a InputArgs,
        progress: Option<indicatif::ProgressBar>,
    ) -> Option<FileRegions<'a>> {
        FileRegions::with_size(args, opts, progress, REGION_BYTES)
    }

    fn with_size(
        args: &[OsString],
        opts: &'a InputArgs,
        progress: Option<indicatif::ProgressBar>,
        size: u64,
    ) -> Option<FileRegions<'a>> {
        if !args.is_empty() || opts.files.is_empty() {
            return None;
        }
        let mut regions = Vec::new();
        for (i, path) in opts.files.iter().enumerate() {
            if path.as_os_str() == "-" {
                return None;
            }
            let meta = std::fs::metadata(path).ok()?;
            if !meta.is_file() {
                return None;
            }
            let len = meta.len();
            let mut start = 0;
            loop {
                let end = start + size;
                if end >= len {
                    regions.push((i, start, u64::MAX));
                    break;
                }
                regions.push((i, start, end));
                start = end;
            }
        }
        Some(FileRegions {
            opts,
            regions,
            null: super::settings::null_records(),
            progress,
        })
    }

    /// The number of regions.
    pub fn len(&self) -> usize {
        self.regions.len()
    }

    /// The file of region `k` (its index among the input files).
    pub fn file(&self, k: usize) -> usize {
        self.regions[k].0
    }

    /// Reads the records of region `k` into `batch`, one batch at a time, calling `each` with every
    /// batch (its line numbers are not known: each batch starts at 0). A file that cannot be opened or
    /// read gives its message, after the batches of the records read before the error.
    pub fn read(
        &self,
        k: usize,
        batch: &mut Batch,
        mut each: impl FnMut(&Batch),
    ) -> Result<(), String> {
        use std::io::{Seek, SeekFrom};
        let (file, start, end) = self.regions[k];
        let path = &self.opts.files[file];
        let error = |e: std::io::Error| format!("reading {}: {e}", path.display());
        let mut f = File::open(path).map_err(error)?;
        f.seek(SeekFrom::Start(start.saturating_sub(1)))
            .map_err(error)?;
        let region = Region {
            inner: f,
            pos: start.saturating_sub(1),
            end,
            terminator: if self.null { 0x00 } else { 0x0A },
            skipping: start > 0,
            done: false,
            progress: self.progress.clone(),
        };
        let mut records = Records::new(
            region,
            self.opts.max_length,
            Decoding::Utf8,
            self.null,
            false,
        );
        if start > 0 {
            // Only the first record of the file may begin with a byte order mark.
            records.taken = 1;
        }
        loop {
            batch.clear(Source::File(file), 0);
            let more = records.fill(batch);
            each(batch);
            if !more.map_err(error)? {
                return Ok(());
            }
        }
    }
}

/// The bytes of an argument.
#[cfg(unix)]
pub fn os_bytes(s: &OsString) -> Vec<u8> {
    use std::os::unix::ffi::OsStrExt;
    s.as_bytes().to_vec()
}

/// The bytes of an argument.
#[cfg(not(unix))]
pub fn os_bytes(s: &OsString) -> Vec<u8> {
    // Elsewhere an OsString that is not Unicode cannot be split into bytes faithfully; report it as
    // such rather than guess.
    match s.to_str() {
        Some(t) => t.as_bytes().to_vec(),
        None => vec![0xFF],
    }
}

/// Reads all of a reader (for tests of the line reader).
#[cfg(test)]
fn lines_of(data: &[u8], bound: usize, utf16: Option<Utf16>) -> Vec<(Vec<u8>, u64)> {
    records_of(data, bound, utf16, false)
}

/// Reads all of a source, lines or NUL-terminated records, three bytes a read, in full batches and
/// in batches of one read each (for tests of the record reader).
#[cfg(test)]
fn records_of(data: &[u8], bound: usize, utf16: Option<Utf16>, null: bool) -> Vec<(Vec<u8>, u64)> {
    /// A source that gives at most three bytes a read.
    struct Trickle<'d>(&'d [u8]);
    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = buf.len().min(3).min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    let decoding = match utf16 {
        None => Decoding::Utf8,
        Some(Utf16::Le) => Decoding::Charset(Charset::for_label("UTF-16LE").unwrap()),
        Some(Utf16::Be) => Decoding::Charset(Charset::for_label("UTF-16BE").unwrap()),
    };
    let read = |interactive: bool| {
        let mut r = Records::new(Trickle(data), bound, decoding, null, interactive);
        let mut out = Vec::new();
        let mut batch = Batch::default();
        loop {
            batch.clear(Source::Stdin, 1);
            let more = r.fill(&mut batch).unwrap();
            out.extend((0..batch.len()).map(|i| {
                let (bytes, length, _) = batch.raw(i);
                (bytes.to_vec(), length)
            }));
            if !more {
                return out;
            }
        }
    };
    let whole = read(false);
    assert_eq!(
        read(true),
        whole,
        "batches of one read each split the same records"
    );
    whole
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_split_at_lf_and_crlf_with_their_lengths() {
        let got = lines_of(b"ab\r\ncd\n\nlast", 100, None);
        let want: Vec<(Vec<u8>, u64)> = vec![
            (b"ab".to_vec(), 2),
            (b"cd".to_vec(), 2),
            (b"".to_vec(), 0),
            (b"last".to_vec(), 4),
        ];
        assert_eq!(got, want);
        assert!(lines_of(b"", 100, None).is_empty());
        assert_eq!(lines_of(b"\n", 100, None), vec![(Vec::new(), 0)]);
    }

    /// The records of a file read region by region, the regions in order, with `bound` and `null`,
    /// and how many had a byte order mark removed.
    fn records_by_region(
        data: &[u8],
        bound: usize,
        null: bool,
        size: u64,
    ) -> (Vec<(Vec<u8>, u64)>, usize) {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static N: AtomicUsize = AtomicUsize::new(0);
        let path = std::env::temp_dir().join(format!(
            "iri-regions-{}-{}.txt",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::write(&path, data).unwrap();
        let opts = InputArgs {
            files: vec![path.clone()],
            max_length: bound,
        };
        let mut regions = FileRegions::with_size(&[], &opts, None, size).expect("a regular file");
        regions.null = null;
        let (mut out, mut boms) = (Vec::new(), 0);
        let mut batch = Batch::default();
        for k in 0..regions.len() {
            regions
                .read(k, &mut batch, |batch| {
                    for i in 0..batch.len() {
                        let (bytes, length, bom) = batch.raw(i);
                        out.push((bytes.to_vec(), length));
                        boms += usize::from(bom);
                    }
                })
                .unwrap();
        }
        std::fs::remove_file(&path).unwrap();
        (out, boms)
    }

    /// Read region by region, with regions of every size from 1 byte, a file gives the records it
    /// gives read whole: line ends, CR LF, empty lines and long lines that cross regions, a byte
    /// order mark on the first record only, NUL records, a last record without a terminator.
    #[test]
    fn regions_give_the_records_of_the_whole_file() {
        let mut long = vec![b'x'; 40];
        long.extend_from_slice(b"\r\n");
        let files: [(&[u8], bool); 8] = [
            (b"ab\r\ncd\n\nlast", false),
            (b"\xEF\xBB\xBFbom\n\xEF\xBB\xBFnot\n", false),
            (b"\n\n\n", false),
            (b"", false),
            (b"one", false),
            (&long, false),
            (b"a\nb\r\n\0\0c\r", true),
            (b"\r\n\r\nxyz\r\n\r", false),
        ];
        for (data, null) in files {
            for bound in [3, 100] {
                let whole = records_of(data, bound, None, null);
                let boms = usize::from(data.starts_with(UTF8_BOM));
                for size in (1..=12).chain([64, 1 << 20]) {
                    assert_eq!(
                        records_by_region(data, bound, null, size),
                        (whole.clone(), boms),
                        "{data:?}, bound {bound}, regions of {size} bytes"
                    );
                }
            }
        }
        // Many lines across many regions.
        let data: Vec<u8> = (0..500)
            .flat_map(|i| format!("line {i}{}\n", "y".repeat(i % 37)).into_bytes())
            .collect();
        for size in [7, 100, 4096] {
            assert_eq!(
                records_by_region(&data, 100, false, size).0,
                records_of(&data, 100, None, false)
            );
        }
    }

    #[test]
    fn nul_terminated_records_keep_their_line_breaks() {
        let got = records_of(b"a\nb\r\n\0\0c\r", 100, None, true);
        let want: Vec<(Vec<u8>, u64)> = vec![
            (b"a\nb\r\n".to_vec(), 5),
            (b"".to_vec(), 0),
            (b"c\r".to_vec(), 2),
        ];
        assert_eq!(got, want);
        let le: Vec<u8> = "x\ny\0z"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let got = records_of(&le, 100, Some(Utf16::Le), true);
        assert_eq!(
            got,
            vec![(vec![b'x', 0, b'\n', 0, b'y', 0], 6), (vec![b'z', 0], 2)]
        );
    }

    #[test]
    fn a_long_line_is_held_only_to_the_bound_and_counted_in_full() {
        let mut data = vec![b'a'; 1000];
        data.extend_from_slice(b"\nok\n");
        let got = lines_of(&data, 10, None);
        assert_eq!(got.len(), 2);
        assert!(got[0].0.len() <= 12, "kept {} bytes", got[0].0.len());
        assert_eq!(got[0].1, 1000);
        assert_eq!(got[1], (b"ok".to_vec(), 2));
    }

    #[test]
    fn a_long_line_loses_its_cr_lf_as_a_short_one_does() {
        for n in [11, 12, 13, 40, 1000] {
            let mut data = vec![b'a'; n];
            data.extend_from_slice(b"\r\nok\r\n\r");
            let got = lines_of(&data, 10, None);
            assert_eq!(got.len(), 3, "{n}");
            assert_eq!(got[0].1, n as u64, "{n}: the length without CR LF");
            assert_eq!(got[1], (b"ok".to_vec(), 2));
            assert_eq!(got[2], (b"\r".to_vec(), 1), "a CR without LF stays");
        }
        let le: Vec<u8> = format!("{}\r\nz", "b".repeat(30))
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let got = lines_of(&le, 10, Some(Utf16::Le));
        assert_eq!(got[0].1, 60);
        assert_eq!(got[1], (vec![b'z', 0], 2));
    }

    /// Large reads in full batches give the records that reads of three bytes give, for LF and NUL
    /// records, with long lines (also across reads and batches), CR LF, a byte order mark and no
    /// final terminator.
    #[test]
    fn large_reads_give_the_records_small_ones_give() {
        let mut data = UTF8_BOM.to_vec();
        let mut i = 0u64;
        while data.len() < 5 << 20 {
            i += 1;
            let n = (i * 7919 % 97) as usize;
            let long = if i.is_multiple_of(50) { 20 } else { 1 }
                + if i.is_multiple_of(997) { 2000 } else { 0 };
            data.extend(std::iter::repeat_n(b'a' + (i % 26) as u8, n * long));
            data.extend_from_slice(match i % 3 {
                0 => b"\r\n",
                1 => b"\0",
                _ => b"\n",
            });
        }
        data.extend_from_slice(b"last\r");
        for null in [false, true] {
            let mut read = Records::new(&data[..], 300, Decoding::Utf8, null, false);
            let mut got = Vec::new();
            let mut batches = 0;
            loop {
                let mut batch = Batch::default();
                batch.clear(Source::File(0), 1);
                let more = read.fill(&mut batch).unwrap();
                batches += 1;
                got.extend((0..batch.len()).map(|i| {
                    let (bytes, length, _) = batch.raw(i);
                    (bytes.to_vec(), length)
                }));
                if !more {
                    break;
                }
            }
            let want = records_of(&data, 300, None, null);
            assert!(batches > 1, "{batches} batches");
            assert!(got.iter().all(|(kept, _)| kept.len() <= 302));
            if let Some(i) = (0..want.len().max(got.len())).find(|&i| got.get(i) != want.get(i)) {
                panic!(
                    "-0 {null}: record {i} of {}/{}: {:?} against {:?}",
                    got.len(),
                    want.len(),
                    got.get(i).map(|r| (r.0.len(), r.1)),
                    want.get(i).map(|r| (r.0.len(), r.1))
                );
            }
        }
    }

    #[test]
    fn utf16_lines_split_on_whole_code_units() {
        // "a\u{A00}" has the byte 0x0A inside a code unit; only the LF code unit ends a line.
        let le: Vec<u8> = "a\u{A00}\r\nb\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let got = lines_of(&le, 100, Some(Utf16::Le));
        assert_eq!(got.len(), 2, "{got:?}");
        assert_eq!(got[0].0, vec![b'a', 0, 0, 0x0A]);
        assert_eq!(got[1].0, vec![b'b', 0]);
        let be: Vec<u8> = "x\ny".encode_utf16().flat_map(u16::to_be_bytes).collect();
        let got = lines_of(&be, 100, Some(Utf16::Be));
        assert_eq!(got, vec![(vec![0, b'x'], 2), (vec![0, b'y'], 2)]);
    }

    #[test]
    fn escapes_mark_bytes_and_invisible_characters() {
        assert_eq!(escape_bytes(b"a\xFFb\\"), "a\\xFFb\\\\");
    }

    #[test]
    fn too_long_inputs_say_the_limit_and_show_a_prefix() {
        let long = vec![b'x'; 100];
        let e = input_of(&long, 100, 10, Decoding::Utf8).unwrap_err();
        assert_eq!(e.kind_name(), "too-long");
        assert!(e.message().contains("100 bytes") && e.message().contains("--max-length"));
        assert_eq!(e.escaped, format!("{}…", "x".repeat(64)));
    }
}
