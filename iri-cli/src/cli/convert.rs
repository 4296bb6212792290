//! `iri to-uri`, `iri to-iri`, `iri from-leiri` and `iri preprocess`: the conversions of
//! `iri_abnf::convert` (3987bis §3, §5.1; draft-weber-iri-guidelines §4).

use std::ffi::OsString;
use std::fmt::Write as _;

use clap::{Args, ValueEnum};
use iri_abnf::convert::{
    leiri_to_iri, leiri_to_uri, preprocess, to_iri, to_iri_steps, to_uri, Charset, ConvertError,
    ConvertErrorKind, HostMapping, IriConversion, PreprocessOptions, Spaces, ToIriOptions,
    ToUriOptions, Trace, UriConversion,
};
use iri_abnf::report::{column_of, escape, render_caret};
use serde::Serialize;

use super::input::{for_each_item, Decoding, InputArgs, Item, NotText, Origin, INPUTS_HELP};
use super::output::{is_false, Out, EXIT_ERROR};

/// A conversion's result with a syntax error fully explained ([`iri_abnf::ParseError::explain`]).
fn explain_syntax<T>(result: Result<T, ConvertError>) -> Result<T, ConvertError> {
    result.map_err(|mut e| {
        e.kind = match e.kind {
            ConvertErrorKind::Syntax(p) => ConvertErrorKind::Syntax(p.explain()),
            other => other,
        };
        e
    })
}

/// Output format of the conversion commands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One line per result on standard output; errors and notes on standard error.
    #[default]
    Text,
    /// One JSON object per input, one per line, on standard output.
    Json,
}

const TO_URI_HELP: &str = "\
Maps each IRI reference to a URI reference (draft-ietf-iri-3987bis Section 3.6): the IRI is parsed into
components, each component is mapped, and the URI is reassembled with the original delimiters.
  - every character not allowed anywhere in a URI becomes its UTF-8 octets as %HH (uppercase hex);
    existing %HH and URI characters are kept (Section 3.3)
  - the ireg-name is percent-encoded (--host percent, Section 3.4.1) or converted with IDNA
    (--host idna, Section 3.4.2): the IDNA2008 Domain Name Lookup of RFC 5891 Sections 5.3-5.5,
    label by label, which maps nothing: a code point RFC 5892 disallows (upper case, full-width
    forms, symbols, U+3002) is an error, and so is a label that breaks the Bidi Rule (RFC 5893) in a
    name with right-to-left characters
  - --host uts46 applies UTS #46 ToASCII instead, the mapping browsers use (nontransitional,
    UseSTD3ASCIIRules, CheckHyphens, CheckBidi, CheckJoiners, VerifyDnsLength): it maps case and
    full-width forms, which 3987bis does not ask for
  - under either, a name that would become an IPv4 address is an error, and a label that fails names
    its character and the rule
  - with --query-charset LABEL (a WHATWG Encoding Standard label), the query of an http or https IRI
    is encoded in that charset before percent-encoding (Section 3.5); a character the charset cannot
    represent is an error

The input must be a valid IRI-reference (grammar iri) unless --raw is given: Section 3.3 maps any
string.

Output (--format text): the URI, one line per input; a failed input gives the line
`error: ORIGIN: MESSAGE` in its place (the message is printed once: standard error shows only the
input with a caret under the error), and notes go to standard error. The URI is written exactly into
a pipe or a file, and escaped for display on a terminal (--escape).
Output (--format json): one object per line:
  {\"input\": str | null, \"output\": str | null, \"input_valid\": bool, \"output_valid\": bool, \"notes\": [str],
   \"error\": null | {\"kind\": \"syntax\" | \"idna\" | \"unmappable\", \"offset\": int, \"message\": str,
                      \"label\"?: str, \"character\"?: str}}

Exit status: 0 all converted, 1 at least one failed, 2 usage error, unknown charset, unreadable file.

Examples:
  iri to-uri 'http://résumé.example.org'                     # http://r%C3%A9sum%C3%A9.example.org
  iri to-uri --host idna 'http://résumé.example.org'         # http://xn--rsum-bpad.example.org
  iri to-uri --host idna 'http://ｅｘａｍｐｌｅ.com/'        # error: 'ｅ' (U+FF45) is DISALLOWED
  iri to-uri --host uts46 'http://ｅｘａｍｐｌｅ.com/'       # http://example.com/
  iri to-uri 'http://www.example.org/red%09rosé#red'         # http://www.example.org/red%09ros%C3%A9#red
  iri to-uri --query-charset iso-8859-1 'http://a/?März'     # http://a/?M%E4rz
  iri to-uri --raw 'http://a/b c'                            # http://a/b%20c (input not an IRI)";

const TO_IRI_HELP: &str = "\
Converts each URI reference to an IRI reference (draft-ietf-iri-3987bis Section 3.7):
  1. the URI as US-ASCII octets
  2. %HH decoded, except %25, reserved characters and US-ASCII characters not allowed in URIs
  3. octets that are not strictly legal UTF-8 re-encoded (overlong forms, surrogates, truncated, ...)
  4. characters not appropriate in their component re-encoded: not allowed there by the iri grammar
     (private use outside the query, noncharacters, C1 controls, ...), bidi formatting characters
     (U+200E, U+200F, U+202A-U+202E), non-ASCII white space, and look-alikes of space, \"%\", the
     gen-delims and RFC 2396's delims and unwise (U+2215, U+066A, U+2223), and of \".\" in a host
     (U+3002); quotation marks, apostrophes and sentence marks of running text are decoded
  5. the octets read as UTF-8
  6. punycode labels (xn--) of the reg-name converted with ToUnicode when the result is valid
     (--keep-punycode leaves them)
Octets that are not UTF-8 are never read in another encoding: D%FCrst stays as it is.

With --trace, the string after each step in the notation of Section 3.7.1: raw octets as <hh>,
characters outside US-ASCII as &#xHHHH;, and & as &amp;.

Output (--format text): the IRI, one line per input, followed with --trace by the six steps, indented;
a failed input gives the line `error: ORIGIN: MESSAGE` in its place (and a caret on standard error).
Output (--format json): one object per line:
  {\"input\": str | null, \"output\": str | null, \"error\": null | {\"kind\": \"syntax\", \"offset\": int,
   \"message\": str}, \"steps\"?: [str, str, str, str, str, str]}

Exit status: 0 all converted, 1 at least one input is not a URI reference, 2 usage error, unreadable
file.

Examples:
  iri to-iri 'http://www.example.org/D%C3%BCrst'             # http://www.example.org/Dürst
  iri to-iri 'http://www.example.org/D%FCrst'                # unchanged
  iri to-iri --trace 'http://xn--99zt52a.example.org/%e2%80%ae'";

const FROM_LEIRI_HELP: &str = "\
Converts each Legacy Extended IRI to an IRI (draft-ietf-iri-3987bis Section 5.1): every character
allowed by leiri-ucschar but not by ucschar (space, <>\"{}|\\^`, controls, private use, noncharacters,
...) is percent-encoded as UTF-8 octets, and so is every bidi formatting character (U+202E, ...),
which a LEIRI may hold and an IRI must not (RFC 3987 Section 4.1; a note names each: on standard
error, or in the record's \"notes\"). With --to uri, the IRI is then mapped to a URI as `iri to-uri` does.

The input must be a valid LEIRI (grammar leiri) unless --raw is given.

Output (--format text): the IRI or URI, one line per input; a failed input gives the line
`error: ORIGIN: MESSAGE` in its place (and a caret on standard error).
Output (--format json): one object per line:
  {\"input\": str | null, \"output\": str | null, \"input_valid\": bool, \"notes\": [str],
   \"error\": null | {...}}

Exit status: 0 all converted, 1 at least one failed, 2 usage error, unreadable file.

Examples:
  iri from-leiri 'http://example.org/a b/{x}'                # http://example.org/a%20b/%7Bx%7D
  iri from-leiri --to uri 'http://example.org/a b/résumé'    # http://example.org/a%20b/r%C3%A9sum%C3%A9";

const PREPROCESS_HELP: &str = "\
Prepares raw strings for parsing as IRI references (draft-weber-iri-guidelines Section 4):
  1. leading and trailing SP, CR, LF and TAB are removed (no other white space)
  2. spaces inside are kept, or with --split the string is split into several references at each run
     of spaces, or with --encode-spaces each space is written %20
  3. with --input-encoding LABEL (a WHATWG Encoding Standard label) the input bytes are decoded from
     that encoding and, for a legacy (non-Unicode) encoding, normalized to NFC (3987bis Section 3.1);
     a malformed byte sequence is an error with its byte offset
  4. with --decode-ncr, numeric character references (&#xHHHH; &#DDDD;) are replaced by their
     characters; the draft leaves this step open, so it is off by default
Unicode input is never normalized unless --nfc is given (3987bis Section 3.1; the older
draft-masinter-url-i18n-07 Section 2.3 normalized every IRI).

Input lines are UTF-8 unless --input-encoding is given. In UTF-16 a line ends with the code unit
U+000A; every encoding is decoded line by line, so a malformed line is reported with the byte offset
of its first undecodable byte and the lines after it are still processed. A byte order mark at the
start of the input (in its encoding) is removed and reported.

Output (--format text): one line per input: the resulting reference, or with --split the references
separated by a tab; an input that cannot be decoded gives the line `error: ORIGIN: MESSAGE`.
Output (--format json): one object per input:
  {\"input\": str | null, \"output\": [str] | null, \"error\": null | {\"kind\", \"offset\", \"message\"}}

Exit status: 0 all processed, 1 at least one input could not be decoded (or was too long), 2 usage
error, unknown encoding, unreadable file.";

/// Map IRIs to URIs (3987bis §3.3–§3.6).
#[derive(Args, Debug)]
#[command(after_help = format!("{TO_URI_HELP}\n\n{}", INPUTS_HELP))]
pub struct ToUriArgs {
    /// How the ireg-name is mapped: percent-encoding (§3.4.1), IDNA2008 lookup (§3.4.2, RFC 5891),
    /// or UTS #46 as browsers do (not what 3987bis names).
    #[arg(long, value_enum, default_value = "percent")]
    pub host: HostArg,
    /// The document charset for the query of http and https IRIs (§3.5), as a WHATWG label.
    #[arg(long, value_name = "LABEL")]
    pub query_charset: Option<String>,
    /// Map inputs that are not valid IRI references too (§3.3 is defined for any string).
    #[arg(long)]
    pub raw: bool,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "text")]
    pub format: Format,
    #[command(flatten)]
    pub input: InputArgs,
    /// The inputs (strings, not file names: see --input).
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<OsString>,
}

/// `--host`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum HostArg {
    /// §3.4.1: UTF-8 percent-encoding.
    Percent,
    /// §3.4.2: IDNA2008 Domain Name Lookup (RFC 5891 §5.3–§5.5) of each label; nothing is mapped.
    Idna,
    /// UTS #46 ToASCII, the mapping browsers use; not what 3987bis §3.4.2 names.
    Uts46,
}

impl From<HostArg> for HostMapping {
    fn from(host: HostArg) -> HostMapping {
        match host {
            HostArg::Percent => HostMapping::Percent,
            HostArg::Idna => HostMapping::Idna,
            HostArg::Uts46 => HostMapping::Uts46,
        }
    }
}

/// Convert URIs to IRIs (3987bis §3.7).
#[derive(Args, Debug)]
#[command(after_help = format!("{TO_IRI_HELP}\n\n{}", INPUTS_HELP))]
pub struct ToIriArgs {
    /// Show the string after each of the six steps, in the notation of §3.7.1.
    #[arg(long)]
    pub trace: bool,
    /// Skip step 6: leave punycode labels of the host as they are.
    #[arg(long)]
    pub keep_punycode: bool,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "text")]
    pub format: Format,
    #[command(flatten)]
    pub input: InputArgs,
    /// The inputs (strings, not file names: see --input).
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<OsString>,
}

/// Convert LEIRIs to IRIs or URIs (3987bis §5.1).
#[derive(Args, Debug)]
#[command(after_help = format!("{FROM_LEIRI_HELP}\n\n{}", INPUTS_HELP))]
pub struct FromLeiriArgs {
    /// What to convert to.
    #[arg(long, value_enum, default_value = "iri")]
    pub to: LeiriTarget,
    /// Convert inputs that are not valid LEIRIs too.
    #[arg(long)]
    pub raw: bool,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "text")]
    pub format: Format,
    #[command(flatten)]
    pub input: InputArgs,
    /// The inputs (strings, not file names: see --input).
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<OsString>,
}

/// `--to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LeiriTarget {
    /// An IRI (§5.1).
    Iri,
    /// A URI (§5.1, then §3.6).
    Uri,
}

/// Preprocess raw strings (draft-weber-iri-guidelines §4).
#[derive(Args, Debug)]
#[command(after_help = format!("{PREPROCESS_HELP}\n\n{}", INPUTS_HELP))]
pub struct PreprocessArgs {
    /// Split into several references at each run of spaces.
    #[arg(long, conflicts_with = "encode_spaces")]
    pub split: bool,
    /// Write each space as %20.
    #[arg(long)]
    pub encode_spaces: bool,
    /// Decode the input from this encoding (a WHATWG label); default UTF-8, strictly.
    #[arg(long, value_name = "LABEL")]
    pub input_encoding: Option<String>,
    /// Normalize to NFC (always done for legacy encodings).
    #[arg(long)]
    pub nfc: bool,
    /// Replace numeric character references by their characters (step 4, left open by the draft).
    #[arg(long)]
    pub decode_ncr: bool,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "text")]
    pub format: Format,
    #[command(flatten)]
    pub input: InputArgs,
    /// The inputs (strings, not file names: see --input).
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<OsString>,
}

/// The `error` member of a JSON record.
#[derive(Serialize, Debug)]
pub struct ErrorJson {
    pub kind: &'static str,
    pub offset: usize,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub character: Option<String>,
}

impl From<&ConvertError> for ErrorJson {
    fn from(e: &ConvertError) -> Self {
        let (kind, label, character) = match &e.kind {
            ConvertErrorKind::Syntax(_) => ("syntax", None, None),
            ConvertErrorKind::Idna(i) => ("idna", Some(i.label.clone()), None),
            ConvertErrorKind::Unmappable(u) => ("unmappable", None, Some(u.character.to_string())),
            _ => ("other", None, None),
        };
        ErrorJson {
            kind,
            offset: e.offset,
            message: e.message(),
            label,
            character,
        }
    }
}

impl From<&NotText> for ErrorJson {
    fn from(e: &NotText) -> Self {
        ErrorJson {
            kind: e.kind_name(),
            offset: e.offset,
            message: e.message(),
            label: None,
            character: None,
        }
    }
}

/// The fields every conversion record starts with: the input (or, when it is not text, `null` and
/// its bytes escaped) and whether a byte order mark was removed from it.
#[derive(Serialize)]
pub struct InputJson<'a> {
    pub input: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_escaped: Option<&'a str>,
    #[serde(skip_serializing_if = "is_false")]
    pub bom_removed: bool,
}

impl<'a> InputJson<'a> {
    pub fn of(item: &'a Item<'a>) -> Self {
        InputJson {
            input: item.input.as_ref().ok().copied(),
            input_escaped: item.input.as_ref().err().map(|e| e.escaped.as_str()),
            bom_removed: item.bom_removed,
        }
    }
}

/// The JSON record of one input: the documented contract of `iri to-uri --format json`.
#[derive(Serialize)]
pub struct UriRecord<'a> {
    #[serde(flatten)]
    pub input: InputJson<'a>,
    pub output: Option<&'a str>,
    pub input_valid: bool,
    pub output_valid: bool,
    pub notes: Vec<String>,
    pub error: Option<ErrorJson>,
}

/// The JSON record of one input: the documented contract of `iri to-iri --format json`.
#[derive(Serialize)]
pub struct IriRecord<'a> {
    #[serde(flatten)]
    pub input: InputJson<'a>,
    pub output: Option<&'a str>,
    pub error: Option<ErrorJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<TraceSteps<'a>>,
}

/// The `steps` of a to-iri record (3987bis §3.7.1), serialized as they are made
/// ([`iri_abnf::convert::to_iri_steps`]): the six strings of the trace of a long URI are never held
/// together.
pub struct TraceSteps<'a> {
    /// The URI converted.
    pub uri: &'a str,
    /// The options it was converted with.
    pub options: ToIriOptions,
}

impl Serialize for TraceSteps<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(Some(Trace::DESCRIPTIONS.len()))?;
        let mut failed = None;
        // The URI was converted already, so the steps are made again without an error.
        let _ = to_iri_steps(self.uri, &self.options, |_, step| {
            if failed.is_none() {
                failed = seq.serialize_element(step).err();
            }
        });
        match failed {
            Some(e) => Err(e),
            None => seq.end(),
        }
    }
}

/// The JSON record of one input: the documented contract of `iri from-leiri --format json`.
#[derive(Serialize)]
pub struct LeiriRecord<'a> {
    #[serde(flatten)]
    pub input: InputJson<'a>,
    pub output: Option<&'a str>,
    pub input_valid: bool,
    /// What the conversion did beyond the grammar (a bidi formatting character percent-encoded,
    /// 3987bis §5.1 and RFC 3987 §4.1), as the text format writes on standard error.
    pub notes: Vec<String>,
    pub error: Option<ErrorJson>,
}

/// The result of a conversion of one input: the conversion or its error, or why the input is not
/// processed.
pub type Outcome<'a, T> = Result<Result<T, ConvertError>, &'a NotText>;

/// IRI → URI of one input (3987bis §3.6), its syntax error fully explained.
pub fn to_uri_outcome<'a>(
    options: &ToUriOptions,
    item: &'a Item<'a>,
) -> Outcome<'a, UriConversion> {
    match &item.input {
        Ok(input) => Ok(explain_syntax(to_uri(input, options))),
        Err(e) => Err(e),
    }
}

/// The record of a conversion to a URI, as `iri to-uri --format json` writes it (and `iri serve`
/// answers `/api/convert?command=to-uri`).
pub fn uri_record<'a>(item: &'a Item<'a>, result: &'a Outcome<'_, UriConversion>) -> UriRecord<'a> {
    match result {
        Ok(Ok(c)) => UriRecord {
            input: InputJson::of(item),
            output: Some(&c.uri),
            input_valid: c.input_valid,
            output_valid: c.uri_valid,
            notes: notes_with_validity(c.input_valid, &c.notes, "IRI-reference"),
            error: None,
        },
        Ok(Err(e)) => UriRecord {
            input: InputJson::of(item),
            output: None,
            input_valid: !matches!(e.kind, ConvertErrorKind::Syntax(_)),
            output_valid: false,
            notes: Vec::new(),
            error: Some(e.into()),
        },
        Err(e) => UriRecord {
            input: InputJson::of(item),
            output: None,
            input_valid: false,
            output_valid: false,
            notes: Vec::new(),
            error: Some((*e).into()),
        },
    }
}

/// URI → IRI of one input (3987bis §3.7), its syntax error fully explained.
pub fn to_iri_outcome<'a>(
    options: &ToIriOptions,
    item: &'a Item<'a>,
) -> Outcome<'a, IriConversion> {
    match &item.input {
        Ok(input) => Ok(explain_syntax(to_iri(input, options))),
        Err(e) => Err(e),
    }
}

/// The record of a conversion to an IRI, as `iri to-iri --format json` writes it (with the steps of
/// §3.7.1 made with `options` when `trace` is set, `--trace`), and `iri serve` answers
/// `/api/convert?command=to-iri`. The steps are made as the record is written, whether or not
/// `options` kept them in the conversion.
pub fn iri_record<'a>(
    item: &'a Item<'a>,
    result: &'a Outcome<'_, IriConversion>,
    trace: bool,
    options: &ToIriOptions,
) -> IriRecord<'a> {
    let converted = match result {
        Ok(Ok(c)) => Some(c),
        _ => None,
    };
    let error = match result {
        Ok(Ok(_)) => None,
        Ok(Err(e)) => Some(ErrorJson::from(e)),
        Err(e) => Some(ErrorJson::from(*e)),
    };
    let steps = match (&item.input, converted) {
        (Ok(uri), Some(_)) if trace => Some(TraceSteps {
            uri,
            options: *options,
        }),
        _ => None,
    };
    IriRecord {
        input: InputJson::of(item),
        output: converted.map(|c| c.iri.as_str()),
        error,
        steps,
    }
}

/// LEIRI → IRI or URI of one input (3987bis §5.1, then §3.6), its syntax error fully explained: the
/// output, whether the input was a valid LEIRI, and notes.
pub fn leiri_outcome<'a>(
    to: LeiriTarget,
    raw: bool,
    item: &'a Item<'a>,
) -> Outcome<'a, (String, bool, Vec<String>)> {
    match &item.input {
        Ok(input) => Ok(explain_syntax(convert_leiri(to, raw, input))),
        Err(e) => Err(e),
    }
}

/// The record of a LEIRI conversion, as `iri from-leiri --format json` writes it (and `iri serve`
/// answers `/api/convert?command=from-leiri`).
pub fn leiri_record<'a>(
    item: &'a Item<'a>,
    result: &'a Outcome<'_, (String, bool, Vec<String>)>,
) -> LeiriRecord<'a> {
    match result {
        Ok(Ok((output, valid, notes))) => LeiriRecord {
            input: InputJson::of(item),
            output: Some(output),
            input_valid: *valid,
            notes: notes.clone(),
            error: None,
        },
        Ok(Err(e)) => LeiriRecord {
            input: InputJson::of(item),
            output: None,
            input_valid: !matches!(e.kind, ConvertErrorKind::Syntax(_)),
            notes: Vec::new(),
            error: Some(e.into()),
        },
        Err(e) => LeiriRecord {
            input: InputJson::of(item),
            output: None,
            input_valid: false,
            notes: Vec::new(),
            error: Some((*e).into()),
        },
    }
}

#[derive(Serialize)]
struct PreprocessRecord<'a> {
    #[serde(flatten)]
    input: InputJson<'a>,
    output: Option<Vec<String>>,
    error: Option<ErrorJson>,
}

/// Reports a failed conversion in text mode: the message once, as the `error:` record in place of the
/// result on standard output, and on standard error only where it is: the input with a caret.
fn report_error(out: &mut Out, origin: Origin<'_>, input: &str, e: &ConvertError) {
    let message = match &e.kind {
        ConvertErrorKind::Syntax(p) => super::output::parse_message(p),
        _ => e.message(),
    };
    out.error_line(origin, &message);
    let mut msg = format!(
        "{origin}: the error is at byte offset {} (column {}):",
        e.offset,
        column_of(input, e.offset)
    );
    for line in render_caret(input, e.offset).lines() {
        msg.push_str("\n  | ");
        msg.push_str(line);
    }
    out.note(&msg);
}

/// Reports an input that is not text in text mode: an `error:` line in place of the result.
fn report_not_text(out: &mut Out, origin: Origin<'_>, e: &NotText) {
    out.error_line(
        origin,
        &format!("{} (input: \"{}\")", e.message(), e.escaped),
    );
}

fn charset_arg(label: Option<&str>) -> Result<Option<Charset>, i32> {
    match label {
        None => Ok(None),
        Some(l) => Charset::for_label(l).map(Some).map_err(|e| {
            eprintln!("iri: {e}");
            EXIT_ERROR
        }),
    }
}

/// `iri to-uri`.
pub fn run_to_uri(args: &ToUriArgs) -> i32 {
    let query_charset = match charset_arg(args.query_charset.as_deref()) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let options = ToUriOptions::default()
        .with_host(args.host.into())
        .with_query_charset(query_charset)
        .with_raw(args.raw);
    let mut out = Out::new();
    let mut idna_failed = false;
    let read = for_each_item(&args.inputs, 1, &args.input, Decoding::Utf8, |item| {
        if out.broken() {
            return;
        }
        let result = to_uri_outcome(&options, &item);
        out.failed |= !matches!(result, Ok(Ok(_)));
        idna_failed |= matches!(&result, Ok(Err(e)) if matches!(e.kind, ConvertErrorKind::Idna(_)));
        match args.format {
            Format::Json => out.json(&uri_record(&item, &result)),
            Format::Text => {
                out.bom_note(&item);
                match &result {
                    Ok(Ok(c)) => {
                        out.value(item.origin, &c.uri);
                        let notes = notes_with_validity(c.input_valid, &c.notes, "IRI-reference");
                        for n in notes {
                            out.note(&format!("{}: note: {}", item.origin, escape(&n)));
                        }
                    }
                    Ok(Err(e)) => {
                        report_error(&mut out, item.origin, item.input.as_ref().unwrap_or(&""), e)
                    }
                    Err(e) => report_not_text(&mut out, item.origin, e),
                }
            }
        }
    });
    if let (true, Format::Text, Some(processing)) =
        (idna_failed, args.format, options.host.processing())
    {
        out.note(&format!("IDNA processing: {processing}"));
    }
    out.finish(read.is_ok())
}

fn notes_with_validity(input_valid: bool, notes: &[String], rule: &str) -> Vec<String> {
    let mut all = Vec::with_capacity(notes.len() + 1);
    if !input_valid {
        all.push(format!(
            "the input is not a valid {rule}; mapped as a raw string (3987bis §3.3)"
        ));
    }
    all.extend(notes.iter().cloned());
    all
}

/// `iri to-iri`.
pub fn run_to_iri(args: &ToIriArgs) -> i32 {
    // The steps of --trace are made again as they are written (`to_iri_steps`): each is a copy of
    // the input or more, and the six are never held together.
    let options = ToIriOptions::default()
        .with_convert_punycode(!args.keep_punycode)
        .with_trace(false);
    let mut out = Out::new();
    let read = for_each_item(&args.inputs, 1, &args.input, Decoding::Utf8, |item| {
        if out.broken() {
            return;
        }
        let result = to_iri_outcome(&options, &item);
        out.failed |= !matches!(result, Ok(Ok(_)));
        match args.format {
            Format::Json => out.json(&iri_record(&item, &result, args.trace, &options)),
            Format::Text => {
                out.bom_note(&item);
                match &result {
                    Ok(Ok(c)) => match out.shown(&c.iri) {
                        Ok(shown) => {
                            // Written as it is formatted, without a copy of the IRI or a step.
                            let _ = writeln!(out, "{shown}");
                            if let (true, Ok(uri)) = (args.trace, &item.input) {
                                // The steps are in the notation of §3.7.1, shown for people.
                                let _ = to_iri_steps(uri, &options, |k, step| {
                                    let _ = writeln!(out, "  {}. {}", k + 1, escape(step));
                                });
                            }
                            out.end_record();
                        }
                        Err(why) => out.error_line(item.origin, &why),
                    },
                    Ok(Err(e)) => {
                        report_error(&mut out, item.origin, item.input.as_ref().unwrap_or(&""), e)
                    }
                    Err(e) => report_not_text(&mut out, item.origin, e),
                }
            }
        }
    });
    out.finish(read.is_ok())
}

/// `iri from-leiri`.
pub fn run_from_leiri(args: &FromLeiriArgs) -> i32 {
    let mut out = Out::new();
    let read = for_each_item(&args.inputs, 1, &args.input, Decoding::Utf8, |item| {
        if out.broken() {
            return;
        }
        let result = leiri_outcome(args.to, args.raw, &item);
        out.failed |= !matches!(result, Ok(Ok(_)));
        match args.format {
            Format::Json => out.json(&leiri_record(&item, &result)),
            Format::Text => {
                out.bom_note(&item);
                match &result {
                    Ok(Ok((output, valid, notes))) => {
                        out.value(item.origin, output);
                        let notes =
                            notes_with_validity(*valid, notes, "LEIRI (IRI-reference of leiri)");
                        for n in notes {
                            out.note(&format!("{}: note: {}", item.origin, escape(&n)));
                        }
                    }
                    Ok(Err(e)) => {
                        report_error(&mut out, item.origin, item.input.as_ref().unwrap_or(&""), e)
                    }
                    Err(e) => report_not_text(&mut out, item.origin, e),
                }
            }
        }
    });
    out.finish(read.is_ok())
}

/// One LEIRI conversion: the output, whether the input was a valid LEIRI, and notes.
fn convert_leiri(
    to: LeiriTarget,
    raw: bool,
    input: &str,
) -> Result<(String, bool, Vec<String>), ConvertError> {
    match to {
        LeiriTarget::Iri => {
            let c = leiri_to_iri(input);
            if !c.input_valid && !raw {
                match iri_abnf::validate(
                    iri_abnf::Grammar::Leiri,
                    iri_abnf::Rule::IriReference,
                    input,
                ) {
                    Err(e) => Err(ConvertError::from(e)),
                    _ => Ok((c.iri, c.input_valid, c.notes)),
                }
            } else {
                Ok((c.iri, c.input_valid, c.notes))
            }
        }
        LeiriTarget::Uri => {
            let options = ToUriOptions::default().with_raw(raw);
            leiri_to_uri(input, &options).map(|c| (c.uri, c.input_valid, c.notes))
        }
    }
}

/// `iri preprocess`.
pub fn run_preprocess(args: &PreprocessArgs) -> i32 {
    let charset = match charset_arg(args.input_encoding.as_deref()) {
        Ok(c) => c,
        Err(code) => return code,
    };
    let options = PreprocessOptions::default()
        .with_spaces(if args.split {
            Spaces::Split
        } else if args.encode_spaces {
            Spaces::Encode
        } else {
            Spaces::Keep
        })
        .with_decode_ncr(args.decode_ncr)
        // Legacy input is normalized by `decode_legacy`; NCRs decoded after it are normalized too.
        .with_nfc(args.nfc || charset.is_some_and(|c| !c.is_ucs_based()));
    let decoding = match charset {
        None => Decoding::Utf8,
        Some(c) => Decoding::Charset(c),
    };
    let mut out = Out::new();
    let read = for_each_item(&args.inputs, 1, &args.input, decoding, |item| {
        if out.broken() {
            return;
        }
        let refs = item.input.as_ref().map(|input| preprocess(input, &options));
        match args.format {
            Format::Json => out.json(&PreprocessRecord {
                input: InputJson::of(&item),
                error: refs.as_ref().err().map(|e| ErrorJson::from(*e)),
                output: refs.ok(),
            }),
            Format::Text => {
                out.bom_note(&item);
                match refs {
                    // One record per input: several references (--split) are separated by a tab.
                    // Escaped for display, a tab inside a reference is `\u{9}`; written exactly, a
                    // reference that holds a tab cannot be told from two, so the record is an error
                    // that says so.
                    Ok(refs) => {
                        let shown: Result<Vec<_>, String> =
                            refs.iter().map(|r| out.shown(r)).collect();
                        match shown {
                            Ok(shown)
                                if refs.len() > 1 && shown.iter().any(|r| r.contains('\t')) =>
                            {
                                out.error_line(
                                    item.origin,
                                    "a reference of --split holds a tab, which separates the \
                                     references of a record; it is not written (use --format json \
                                     or --escape always)",
                                );
                            }
                            Ok(shown) => {
                                // Written in place, not joined into a copy.
                                for (k, r) in shown.iter().enumerate() {
                                    out.text(if k == 0 { "" } else { "\t" });
                                    out.text(r);
                                }
                                out.record("");
                            }
                            Err(why) => out.error_line(item.origin, &why),
                        }
                    }
                    Err(e) => report_not_text(&mut out, item.origin, e),
                }
            }
        }
        if item.input.is_err() {
            out.failed = true;
        }
    });
    out.finish(read.is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_json_carries_label_and_character() {
        let idna = ToUriOptions::default().with_host(HostMapping::Idna);
        let e = to_uri("http://-\u{E9}.org/", &idna).unwrap_err();
        let j = ErrorJson::from(&e);
        assert_eq!(
            (j.kind, j.offset, j.label.as_deref()),
            ("idna", 7, Some("-\u{E9}"))
        );
        let sjis = ToUriOptions::default()
            .with_query_charset(Some(Charset::for_label("shift_jis").unwrap()));
        let e = to_uri("http://a/?\u{E9}", &sjis).unwrap_err();
        let j = ErrorJson::from(&e);
        assert_eq!(
            (j.kind, j.offset, j.character.as_deref()),
            ("unmappable", 10, Some("\u{E9}"))
        );
        assert!(j.message.contains("U+00E9"), "{}", j.message);
    }
}
