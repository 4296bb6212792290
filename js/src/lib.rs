//! The WebAssembly module of the npm package `iri-abnf`: the library's entry points for JavaScript.
//! The package's own JavaScript (js/package/src/api.js) wraps these exports into the API that users
//! call (`isValid`, `validate`, `parse`, …): it checks the argument types, turns options objects into
//! arguments, and turns the records returned here into values and errors.
//!
//! Three kinds of export:
//! - [`rows`] gives a rule's DFA as rows of byte classes, which the wrapper's `isValid` and
//!   `checkMany` walk in JavaScript: a check does not cross into the module.
//! - [`check`], for a DFA without rows, reads the input from a buffer in the module's memory that the
//!   wrapper writes into ([`buffer`]), without the glue of `wasm-bindgen`.
//! - Everything else takes `&str` arguments and returns one JSON text, `{"ok": value}` or
//!   `{"error": {...}}` (see `Failure` below); the wrapper parses it and throws the error.
//!
//! Strings: the wrapper passes only well-formed strings (a lone surrogate, which UTF-8 cannot encode,
//! is refused before it reaches the module). Offsets: every span and error position is given both as
//! a UTF-8 byte offset (`offset`, as the `iri` command reports it) and as an index in UTF-16 code
//! units (`index`, `start`, `end`: as JavaScript strings count), so that `input.slice(start, end)` is
//! the component.
//!
//! Nothing here panics on any input: the library does not (its fuzz targets check it), and the
//! functions below index nothing they have not checked. A panic would trap and leave the module's
//! state undefined; the package's tests make a thousand hostile calls and check it still answers.

#![deny(unsafe_code)]

use std::cell::RefCell;

use iri_abnf::convert::{
    leiri_to_iri, leiri_to_uri, preprocess as lib_preprocess, to_iri as lib_to_iri,
    to_uri as lib_to_uri, Charset, ConvertError, ConvertErrorKind, HostMapping, PreprocessOptions,
    Spaces, ToIriOptions, ToUriOptions,
};
use iri_abnf::lint::{lint_report, LintOptions, Profile, DEFAULT_MAX_DIAGNOSTICS};
use iri_abnf::normalize::{normalize_with, Level, Options as NormalizeOptions};
use iri_abnf::{AnyGrammar, Base, Grammar, HostKind, Mode, ParseError, ResolveError, Rule};
use serde::Serialize;
use serde_json::{json, Value};
use wasm_bindgen::prelude::*;

// The viewer's data scripts are those of `iri serve`: one source, the command's.
#[path = "../../iri-cli/src/cli/serve/scripts.rs"]
mod viewer_scripts;

// ---------------------------------------------------------------------------------------------
// The checks: a rule as a number, the input in a buffer.
// ---------------------------------------------------------------------------------------------

/// How many rules a grammar may have in the numbering of [`rule_id`].
const RULES_PER_GRAMMAR: u32 = 1024;

/// The number of `rule` of `grammar` (the reference rule when `rule` is empty), for [`rows`] and
/// [`check`], as `{"ok": id}`; an unknown grammar or rule is `{"error": …}` of type `range`.
#[wasm_bindgen]
pub fn rule_id(grammar: &str, rule: &str) -> String {
    answer(rule_of(grammar, rule).map(|(g, r)| {
        let gi = AnyGrammar::ALL.iter().position(|&x| x == g).unwrap_or(0) as u32;
        let ri = Rule::ALL.iter().position(|&x| x == r).unwrap_or(0) as u32;
        gi * RULES_PER_GRAMMAR + ri
    }))
}

/// The grammar and rule of a number of [`rule_id`]; `None` for a number it does not give.
fn from_id(id: u32) -> Option<(AnyGrammar, Rule)> {
    let g = *AnyGrammar::ALL.get((id / RULES_PER_GRAMMAR) as usize)?;
    let r = *Rule::ALL.get((id % RULES_PER_GRAMMAR) as usize)?;
    g.has(r).then_some((g, r))
}

thread_local! {
    /// The input buffer of the checks (the module runs on one thread).
    static BUFFER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// The address of the input buffer, with room for at least `len` bytes. The address changes when
/// the buffer grows, and the module's memory (`memory.buffer`) may be replaced then.
#[wasm_bindgen]
pub fn buffer(len: usize) -> *mut u8 {
    BUFFER.with(|b| {
        let mut b = b.borrow_mut();
        if b.len() < len {
            b.resize(len.next_power_of_two(), 0);
        }
        b.as_mut_ptr()
    })
}

/// The module's memory (`WebAssembly.Memory`), which the wrapper writes the input buffer of.
#[wasm_bindgen]
pub fn wasm_memory() -> JsValue {
    wasm_bindgen::memory()
}

/// Whether the first `len` bytes of the buffer match rule `id`: 1 or 0; -1 for an `id` that
/// [`rule_id`] does not give or a `len` past the buffer. Bytes that are not UTF-8 match nothing.
#[wasm_bindgen]
pub fn check(id: u32, len: usize) -> i32 {
    let Some((g, r)) = from_id(id) else {
        return -1;
    };
    BUFFER.with(|b| {
        let b = b.borrow();
        match b.get(..len) {
            Some(bytes) => match std::str::from_utf8(bytes) {
                Ok(s) => i32::from(iri_abnf::is_valid(g, r, s)),
                Err(_) => 0,
            },
            None => -1,
        }
    })
}

/// The DFA of rule `id` as rows of byte classes ([`iri_abnf::abnf::Rows`]), which the wrapper walks
/// in JavaScript over the UTF-8 of a string without copying it here: `[width, start]` followed by the
/// 256 byte classes and then the rows, as 16-bit numbers; empty when the DFA has no rows (it is too
/// large for 16-bit entries) or the rule is not the grammar's, and [`check`] must be called instead.
#[wasm_bindgen]
pub fn rows(id: u32) -> Vec<u16> {
    let Some((g, r)) = from_id(id) else {
        return Vec::new();
    };
    let Ok(dfa) = iri_abnf::abnf::dfa(g, r) else {
        return Vec::new();
    };
    let Some(t) = dfa.rows() else {
        return Vec::new();
    };
    let (Ok(width), Ok(start)) = (u16::try_from(t.width), u16::try_from(t.start)) else {
        return Vec::new();
    };
    let mut out = Vec::with_capacity(2 + 256 + t.rows.len());
    out.push(width);
    out.push(start);
    out.extend(t.classes.iter().map(|&c| u16::from(c)));
    out.extend_from_slice(t.rows);
    out
}

// ---------------------------------------------------------------------------------------------
// Everything else: strings in, one JSON answer out.
// ---------------------------------------------------------------------------------------------

/// Why a call failed, as the wrapper turns it into a JavaScript error.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
enum Failure {
    /// The input does not match the rule: `IriSyntaxError`.
    /// (Boxed: the record is large, and every `Result` of the module carries a `Failure`.)
    Syntax(Box<SyntaxRecord>),
    /// An argument outside its values (an unknown grammar, rule, level, profile): `RangeError`.
    Range { message: String },
    /// A conversion that cannot be made (IDNA, a charset, …): `IriError` with its `kind`.
    Conversion {
        kind: &'static str,
        message: String,
        offset: usize,
        index: usize,
    },
    /// A resolution that cannot be made (a base with a fragment, …): `IriError`.
    Resolution { kind: &'static str, message: String },
}

/// An `IriSyntaxError`'s members.
#[derive(Serialize)]
struct SyntaxRecord {
    /// The message, prefixed with the argument it is about when there are several.
    message: String,
    /// The input and a caret line under the error.
    caret: String,
    /// UTF-8 byte offset.
    offset: usize,
    /// UTF-16 index.
    index: usize,
    /// 1-based column in characters (code points), as the `iri` command prints it.
    column: usize,
    expected: Vec<String>,
    grammar: &'static str,
    rule: &'static str,
    input: String,
    /// The argument: `input`, `base`, `reference`, `target`, `a`, `b`.
    argument: &'static str,
}

fn syntax(e: ParseError, argument: &'static str) -> Failure {
    let e = e.explain();
    Failure::Syntax(Box::new(SyntaxRecord {
        message: e.message(),
        caret: e.render_caret(),
        offset: e.offset,
        index: utf16_index(e.input(), e.offset),
        column: e.column,
        expected: e.expected().iter().map(ToString::to_string).collect(),
        grammar: e.grammar.name(),
        rule: e.grammar.rule_name(e.rule),
        input: e.input().to_string(),
        argument,
    }))
}

fn range(message: impl Into<String>) -> Failure {
    Failure::Range {
        message: message.into(),
    }
}

/// `{"ok": value}` or `{"error": failure}`.
fn answer<T: Serialize>(result: Result<T, Failure>) -> String {
    let value = match result {
        Ok(v) => json!({ "ok": v }),
        Err(f) => json!({ "error": f }),
    };
    value.to_string()
}

/// The UTF-16 index of byte offset `b` of `s` (of the character boundary at or before it).
fn utf16_index(s: &str, b: usize) -> usize {
    let mut b = b.min(s.len());
    while !s.is_char_boundary(b) {
        b -= 1;
    }
    s[..b].encode_utf16().count()
}

/// The UTF-16 indices of every byte offset of a string, for the answers that give many spans
/// (`lint`'s diagnostics can be as many as the input's bytes): [`utf16_index`] counts from the
/// start each time, which made `lint` quadratic.
struct Utf16Indices {
    /// The index of each byte offset `0..=len`; `None` when the string is ASCII (the identity).
    table: Option<Vec<u32>>,
    len: usize,
}

impl Utf16Indices {
    fn new(s: &str) -> Self {
        let table = (!s.is_ascii()).then(|| {
            let mut table = Vec::with_capacity(s.len() + 1);
            let mut index = 0u32;
            for c in s.chars() {
                // The bytes inside a character take the index of its start, as in `utf16_index`.
                table.extend(std::iter::repeat_n(index, c.len_utf8()));
                index += c.len_utf16() as u32;
            }
            table.push(index);
            table
        });
        Utf16Indices {
            table,
            len: s.len(),
        }
    }

    /// The UTF-16 index of byte offset `b` (as [`utf16_index`]).
    fn get(&self, b: usize) -> usize {
        let b = b.min(self.len);
        match &self.table {
            Some(t) => t[b] as usize,
            None => b,
        }
    }
}

fn any_grammar(name: &str) -> Result<AnyGrammar, Failure> {
    name.parse::<AnyGrammar>().map_err(|e| range(e.to_string()))
}

fn main_grammar(name: &str) -> Result<Grammar, Failure> {
    name.parse::<Grammar>().map_err(|e| range(e.to_string()))
}

/// Rule `rule` of `grammar`, its reference rule when `rule` is empty.
fn rule_of(grammar: &str, rule: &str) -> Result<(AnyGrammar, Rule), Failure> {
    let g = any_grammar(grammar)?;
    if rule.is_empty() {
        return Ok((g, g.reference_rule()));
    }
    g.lookup_rule(rule)
        .map(|r| (g, r))
        .map_err(|e| range(e.to_string()))
}

/// `null` when `input` matches the rule; the syntax error otherwise.
#[wasm_bindgen]
pub fn validate(input: &str, grammar: &str, rule: &str) -> String {
    answer(rule_of(grammar, rule).and_then(|(g, r)| {
        iri_abnf::validate(g, r, input)
            .map(|()| Value::Null)
            .map_err(|e| syntax(e, "input"))
    }))
}

/// A component: its text and its span in UTF-16 indices.
fn part(input: &str, c: Option<(&str, iri_abnf::Span)>) -> (Value, Value) {
    match c {
        Some((text, span)) => (
            json!(text),
            json!([utf16_index(input, span.start), utf16_index(input, span.end)]),
        ),
        None => (Value::Null, Value::Null),
    }
}

/// The components of `input`, a whole reference of `grammar` (RFC 3986 §3), with their spans.
#[wasm_bindgen]
pub fn parse(input: &str, grammar: &str) -> String {
    answer(main_grammar(grammar).and_then(|g| {
        let r = iri_abnf::parse(g, input).map_err(|e| syntax(e, "input"))?;
        let auth = r.authority();
        fn comp<'a>(c: Option<iri_abnf::Component<'a>>) -> Option<(&'a str, iri_abnf::Span)> {
            c.map(|c| (c.as_str(), c.span()))
        }
        let (scheme, scheme_span) = part(input, comp(r.scheme()));
        let (userinfo, userinfo_span) = part(input, comp(auth.as_ref().and_then(|a| a.userinfo())));
        let host = auth.as_ref().map(|a| a.host());
        let (host_text, host_span) = part(input, host.as_ref().map(|h| (h.as_str(), h.span())));
        let host_kind = host.as_ref().map(|h| match h.kind() {
            HostKind::Ipv4 { .. } => "ipv4",
            HostKind::Ipv6 { .. } => "ipv6",
            HostKind::IpvFuture { .. } => "ipv-future",
            HostKind::RegName => "reg-name",
            _ => "other",
        });
        let (port, port_span) = part(
            input,
            comp(
                auth.as_ref()
                    .and_then(|a| a.port().map(|p| p.as_component())),
            ),
        );
        let path = r.path();
        let (path_text, path_span) = part(input, Some((path.as_str(), path.span())));
        let (query, query_span) = part(input, comp(r.query()));
        let (fragment, fragment_span) = part(input, comp(r.fragment()));
        Ok(json!({
            "input": input,
            "grammar": g.name(),
            "kind": r.kind().as_str(),
            "scheme": scheme,
            "userinfo": userinfo,
            "host": host_text,
            "hostKind": host_kind,
            "port": port,
            "path": path_text,
            "query": query,
            "fragment": fragment,
            "spans": {
                "scheme": scheme_span,
                "userinfo": userinfo_span,
                "host": host_span,
                "port": port_span,
                "path": path_span,
                "query": query_span,
                "fragment": fragment_span,
            },
        }))
    }))
}

fn convert_failure(input: &str, e: ConvertError) -> Failure {
    let message = e.message();
    let kind = match e.kind {
        ConvertErrorKind::Syntax(p) => return syntax(p, "input"),
        ConvertErrorKind::Idna(_) => "idna",
        ConvertErrorKind::Unmappable(_) => "unmappable",
        ConvertErrorKind::Unencodable { .. } => "unencodable",
        _ => "other",
    };
    Failure::Conversion {
        kind,
        message,
        offset: e.offset,
        index: utf16_index(input, e.offset),
    }
}

/// IRI → URI (3987bis §3.3–§3.6). `host`: `percent` (§3.4.1), `idna` (§3.4.2) or `uts46`;
/// `query_charset`: a WHATWG encoding label for the query of http(s) (§3.5), or none (UTF-8). An
/// empty label is an unknown label, as for `iri to-uri --query-charset ''`.
#[wasm_bindgen]
pub fn to_uri(input: &str, host: &str, query_charset: Option<String>, raw: bool) -> String {
    let run = || {
        let host = match host {
            "percent" => HostMapping::Percent,
            "idna" => HostMapping::Idna,
            "uts46" => HostMapping::Uts46,
            other => {
                return Err(range(format!(
                    "host must be \"percent\", \"idna\" or \"uts46\", not {other:?}"
                )))
            }
        };
        let charset = match query_charset {
            None => None,
            Some(label) => Some(Charset::for_label(&label).map_err(|e| range(e.to_string()))?),
        };
        let options = ToUriOptions::default()
            .with_host(host)
            .with_query_charset(charset)
            .with_raw(raw);
        lib_to_uri(input, &options)
            .map(|c| c.uri)
            .map_err(|e| convert_failure(input, e))
    };
    answer(run())
}

/// URI → IRI (3987bis §3.7).
#[wasm_bindgen]
pub fn to_iri(input: &str, keep_punycode: bool) -> String {
    let options = ToIriOptions::default().with_convert_punycode(!keep_punycode);
    answer(
        lib_to_iri(input, &options)
            .map(|c| c.iri)
            .map_err(|e| convert_failure(input, e)),
    )
}

/// LEIRI → IRI or URI (3987bis §5.1); `to` is `iri` or `uri`.
#[wasm_bindgen]
pub fn from_leiri(input: &str, to: &str, raw: bool) -> String {
    let run = || match to {
        "iri" => {
            let c = leiri_to_iri(input);
            if !c.input_valid && !raw {
                iri_abnf::validate(Grammar::Leiri, Rule::IriReference, input)
                    .map_err(|e| syntax(e, "input"))?;
            }
            Ok(c.iri)
        }
        "uri" => {
            let options = ToUriOptions::default().with_raw(raw);
            leiri_to_uri(input, &options)
                .map(|c| c.uri)
                .map_err(|e| convert_failure(input, e))
        }
        other => Err(range(format!(
            "to must be \"iri\" or \"uri\", not {other:?}"
        ))),
    };
    answer(run())
}

/// Preprocesses a raw string (draft-weber-iri-guidelines §4): one reference, or several with `split`.
#[wasm_bindgen]
pub fn preprocess(
    input: &str,
    split: bool,
    encode_spaces: bool,
    nfc: bool,
    decode_ncr: bool,
) -> String {
    let options = PreprocessOptions::default()
        .with_spaces(if split {
            Spaces::Split
        } else if encode_spaces {
            Spaces::Encode
        } else {
            Spaces::Keep
        })
        .with_decode_ncr(decode_ncr)
        .with_nfc(nfc);
    answer::<Vec<String>>(Ok(lib_preprocess(input, &options)))
}

fn resolve_failure(e: ResolveError, argument: &'static str) -> Failure {
    match e {
        ResolveError::InvalidBase(p) => syntax(p, "base"),
        ResolveError::Reference(p) | ResolveError::Target(p) => syntax(p, argument),
        other => Failure::Resolution {
            kind: "resolution",
            message: other.to_string(),
        },
    }
}

/// Resolves `reference` against `base` (RFC 3986 §5.2).
#[wasm_bindgen]
pub fn resolve(base: &str, reference: &str, grammar: &str, non_strict: bool) -> String {
    let run = || {
        let g = main_grammar(grammar)?;
        let base = Base::new(g, base).map_err(|e| resolve_failure(e, "base"))?;
        let mode = if non_strict {
            Mode::NonStrict
        } else {
            Mode::Strict
        };
        base.resolve_with(reference, mode)
            .map(String::from)
            .map_err(|e| resolve_failure(e, "reference"))
    };
    answer(run())
}

/// The shortest reference from `base` to `target`.
#[wasm_bindgen]
pub fn relativize(base: &str, target: &str, grammar: &str) -> String {
    let run = || {
        let g = main_grammar(grammar)?;
        let base = Base::new(g, base).map_err(|e| resolve_failure(e, "base"))?;
        base.relativize(target)
            .map(String::from)
            .map_err(|e| resolve_failure(e, "target"))
    };
    answer(run())
}

fn normalize_options(level: &str, ipv6_rfc5952: bool) -> Result<NormalizeOptions, Failure> {
    let level = level.parse::<Level>().map_err(|e| range(e.to_string()))?;
    Ok(NormalizeOptions::default()
        .with_level(level)
        .with_ipv6_rfc5952(ipv6_rfc5952))
}

/// Normalizes `input` up to `level` (RFC 3986 §6.2, RFC 3987 §5.3).
#[wasm_bindgen]
pub fn normalize(input: &str, grammar: &str, level: &str, ipv6_rfc5952: bool) -> String {
    let run = || {
        let g = main_grammar(grammar)?;
        let options = normalize_options(level, ipv6_rfc5952)?;
        normalize_with(g, input, &options)
            .map(String::from)
            .map_err(|e| syntax(e, "input"))
    };
    answer(run())
}

/// Whether `a` and `b` normalize to the same reference at `level`.
#[wasm_bindgen]
pub fn equivalent(a: &str, b: &str, grammar: &str, level: &str, ipv6_rfc5952: bool) -> String {
    let run = || {
        let g = main_grammar(grammar)?;
        let options = normalize_options(level, ipv6_rfc5952)?;
        let na = normalize_with(g, a, &options).map_err(|e| syntax(e, "a"))?;
        let nb = normalize_with(g, b, &options).map_err(|e| syntax(e, "b"))?;
        Ok(na == nb)
    };
    answer(run())
}

/// The lint levels of `profile` with `allow`, `warn` and `deny` (code or family names, each a JSON
/// array of strings) over them, as `iri lint` applies them: families before codes, and deny over
/// warn over allow at the same rank. Every name given counts: an empty one, or one with a line
/// break, is an unknown name as it is for `iri lint`.
fn lint_options(
    profile: &str,
    allow: &str,
    warn: &str,
    deny: &str,
) -> Result<LintOptions, Failure> {
    let names = |json: &str| -> Result<Vec<String>, Failure> {
        if json.is_empty() {
            return Ok(Vec::new());
        }
        serde_json::from_str(json).map_err(|e| range(format!("not a JSON array of names: {e}")))
    };
    let (allow, warn, deny) = (names(allow)?, names(warn)?, names(deny)?);
    let mut options = LintOptions::default();
    Profile::from_name(profile)
        .ok_or_else(|| range(format!("unknown profile {profile:?}")))?
        .apply(&mut options)
        .map_err(|e| range(e.to_string()))?;
    options
        .set_levels(&allow, &warn, &deny)
        .map_err(|e| range(e.to_string()))?;
    Ok(options)
}

/// The diagnostics of `input` (a reference of `grammar`): what the specs say beyond the grammar. At
/// most `max_diagnostics` of them (0: all), the first in input order, as
/// `{"diagnostics": [...], "omitted": n}`.
#[wasm_bindgen]
pub fn lint(
    input: &str,
    grammar: &str,
    profile: &str,
    allow: &str,
    warn: &str,
    deny: &str,
    max_diagnostics: u32,
) -> String {
    let run = || {
        let g = main_grammar(grammar)?;
        let options = lint_options(profile, allow, warn, deny)?;
        let r = iri_abnf::parse(g, input).map_err(|e| syntax(e, "input"))?;
        let limit = (max_diagnostics > 0).then_some(max_diagnostics as usize);
        let report = lint_report(&r, &options, limit);
        let indices = Utf16Indices::new(input);
        let diagnostics = report
            .diagnostics
            .into_iter()
            .map(|d| {
                json!({
                    "code": d.code.name(),
                    "severity": d.severity.name(),
                    "message": d.message,
                    "start": indices.get(d.span.start),
                    "end": indices.get(d.span.end),
                    "offset": [d.span.start, d.span.end],
                    "component": d.component,
                    "spec": d.spec,
                    "suggestion": d.suggestion,
                })
            })
            .collect::<Vec<_>>();
        Ok(json!({ "diagnostics": diagnostics, "omitted": report.omitted }))
    };
    answer(run())
}

/// The most diagnostics of one input that `lint` returns unless told otherwise.
#[wasm_bindgen]
pub fn default_max_diagnostics() -> u32 {
    DEFAULT_MAX_DIAGNOSTICS as u32
}

/// The verdict of every grammar on `input` (its reference rule, or the counterpart of `rule`).
#[wasm_bindgen]
pub fn compare(input: &str, rule: &str) -> String {
    let run = || {
        let rule = if rule.is_empty() {
            None
        } else {
            Some(rule.parse::<Rule>().map_err(|e| range(e.to_string()))?)
        };
        let mut out = Vec::new();
        for g in AnyGrammar::ALL {
            let r = match rule {
                None => g.reference_rule(),
                Some(r) => match iri_abnf::compare::counterpart(r, g) {
                    Some(r) => r,
                    None => continue,
                },
            };
            let error = match iri_abnf::validate(g, r, input).map_err(ParseError::explain) {
                Ok(()) => Value::Null,
                Err(e) => json!({
                    "offset": e.offset,
                    "index": utf16_index(input, e.offset),
                    "column": e.column,
                    "expected": e.expected().iter().map(ToString::to_string).collect::<Vec<_>>(),
                    "message": e.message(),
                }),
            };
            out.push(json!({
                "grammar": g.name(),
                "rule": g.rule_name(r),
                "valid": error.is_null(),
                "error": error,
            }));
        }
        Ok(out)
    };
    answer(run())
}

/// How the language of grammar `a` relates to that of `b` (their reference rules, or the
/// counterparts of `rule`), with up to `witnesses` shortest strings in one and not the other.
#[wasm_bindgen]
pub fn compare_languages(a: &str, b: &str, rule: &str, witnesses: usize) -> String {
    let run = || {
        let (ga, gb) = (any_grammar(a)?, any_grammar(b)?);
        let rule = if rule.is_empty() {
            None
        } else {
            Some(rule.parse::<Rule>().map_err(|e| range(e.to_string()))?)
        };
        let side = |g: AnyGrammar| match rule {
            None => Some(g.reference_rule()),
            Some(r) => iri_abnf::compare::counterpart(r, g),
        };
        let (Some(ra), Some(rb)) = (side(ga), side(gb)) else {
            return Err(range(format!(
                "the rule has no counterpart in both {ga} and {gb}"
            )));
        };
        let c = iri_abnf::compare::compare_rules((ga, ra), (gb, rb), witnesses)
            .map_err(|e| range(e.to_string()))?;
        let list = |ws: &[iri_abnf::compare::Witness]| -> Vec<Value> {
            ws.iter()
                .map(|w| {
                    json!({
                        "text": w.text,
                        "offset": w.offset,
                        "index": utf16_index(&w.text, w.offset),
                        "column": w.column,
                        "range": w.range.map(|(x, y)| [x.to_string(), y.to_string()]),
                    })
                })
                .collect()
        };
        use iri_abnf::compare::Relation::*;
        let relation = match c.relation {
            Equal => "equal",
            ProperSubset => "proper-subset",
            ProperSuperset => "proper-superset",
            Overlapping => "overlapping",
            Disjoint => "disjoint",
        };
        Ok(json!({
            "a": {"grammar": ga.name(), "rule": ga.rule_name(ra)},
            "b": {"grammar": gb.name(), "rule": gb.rule_name(rb)},
            "relation": relation,
            "symbol": c.relation.symbol(),
            "onlyA": list(&c.only_a),
            "onlyB": list(&c.only_b),
            "common": c.common,
        }))
    };
    answer(run())
}

/// The grammars: name, spec and reference rule.
#[wasm_bindgen]
pub fn grammars() -> String {
    let list: Vec<Value> = AnyGrammar::ALL
        .iter()
        .map(|g| {
            json!({
                "name": g.name(),
                "spec": g.spec(),
                "referenceRule": g.rule_name(g.reference_rule()),
                "main": Grammar::ALL.iter().any(|m| AnyGrammar::from(*m) == *g),
            })
        })
        .collect();
    answer::<Vec<Value>>(Ok(list))
}

/// The rule names of `grammar`, as its ABNF spells them.
#[wasm_bindgen]
pub fn rules(grammar: &str) -> String {
    answer(any_grammar(grammar).map(|g| {
        g.rules()
            .iter()
            .map(|&r| g.rule_name(r))
            .collect::<Vec<_>>()
    }))
}

/// The library's version.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// Whether `input` is an internationalized host name, JSON Schema's `idn-hostname`
/// ([`iri_abnf::convert::reg_name::idn_hostname_with`]: RFC 5890 §2.3.2.3, RFC 5891 §5.3–§5.5,
/// RFC 5893 §2), its labels separated as `separators` names
/// ([`iri_abnf::convert::reg_name::LabelSeparators`]: `rfc3490`, U+002E and U+3002, U+FF0E, U+FF61
/// as RFC 3490 §3.1; `idna2008`, U+002E only): its ASCII form (every U-label replaced by its
/// A-label) as `{"ok": …}`, or an error of type `conversion` and kind `idna` naming the label that
/// fails, at its offset; an unknown `separators` is of type `range`.
#[wasm_bindgen]
pub fn idn_hostname(input: &str, separators: &str) -> String {
    use iri_abnf::convert::reg_name::{idn_hostname_with, LabelSeparators};
    let Some(separators) = LabelSeparators::from_name(separators) else {
        let names: Vec<String> = LabelSeparators::ALL
            .iter()
            .map(|s| format!("{:?}", s.name()))
            .collect();
        return answer::<String>(Err(range(format!(
            "option separators must be {}, not {separators:?}",
            names.join(" or ")
        ))));
    };
    answer(
        idn_hostname_with(input, separators).map_err(|e| Failure::Conversion {
            kind: "idna",
            message: e.to_string(),
            offset: e.offset,
            index: utf16_index(input, e.offset),
        }),
    )
}

// ---------------------------------------------------------------------------------------------
// The viewer's: the records of `iri serve`'s JSON API, for the static build of its page.
// ---------------------------------------------------------------------------------------------
//
// The page of `iri serve` (iri-cli/src/cli/serve/) also builds as a static site (js/viewer/), where
// its backend (js/viewer/backend.js) answers the API's paths with these exports instead of HTTP.
// Each returns `{"ok": record}`, the record being the one that the endpoint answers (the record of
// the subcommand's `--format json`, with UTF-8 byte offsets as the `iri` command gives them), or
// `{"error": {"type": "range", "message"}}` where the endpoint answers status 400 with the message.
// They are built from the library's public API as the command builds them; js/tests/viewer.test.mjs
// compares their answers with those of `iri serve`. The inputs have no length limit here (`iri
// serve` refuses those over --max-length, 1 MiB by default); the parse tree has the limit of `iri
// parse --tree`.

/// The longest input the viewer's parse record gives a tree for, as `iri parse --format json --tree`
/// (pest and the tree hold up to about 140 bytes per input byte).
const VIEWER_TREE_LIMIT: usize = 64 << 10;

/// The `error` member of the records of `check`, `parse`, `compare` and `lint` for a syntax error.
#[derive(Serialize)]
struct ViewerError {
    kind: &'static str,
    offset: usize,
    column: Option<usize>,
    expected: Vec<String>,
    message: String,
}

impl From<&ParseError> for ViewerError {
    fn from(e: &ParseError) -> Self {
        ViewerError {
            kind: "syntax",
            offset: e.offset,
            column: Some(e.column),
            expected: e.expected().iter().map(ToString::to_string).collect(),
            message: e.message(),
        }
    }
}

/// The viewer's `/api/rules?grammar=G`: the record of `iri rules --format json`, with the file, line
/// and section that define each rule.
#[wasm_bindgen]
pub fn viewer_rules(grammar: &str) -> String {
    answer(any_grammar(grammar).map(|g| {
        json!({
            "grammar": g,
            "reference_rule": g.rule_name(g.reference_rule()),
            "rules": g.rules().iter().map(|&r| g.rule_name(r)).collect::<Vec<_>>(),
            "definitions": g
                .rules()
                .iter()
                .filter_map(|&r| iri_abnf::abnf::definition(g, r))
                .collect::<Vec<_>>(),
        })
    }))
}

/// The record's `mappings`: LEIRI → IRI (3987bis §5.1) and IRI → URI (§3.3–§3.6) of the input, where
/// the grammar it maps from accepts it.
fn viewer_mappings(input: &str) -> Vec<Value> {
    let mut out = Vec::new();
    let mut iri = input.to_string();
    let c = leiri_to_iri(input);
    if c.input_valid && c.iri != input {
        let valid = iri_abnf::is_valid(Grammar::Iri, Rule::IriReference, &c.iri);
        iri.clone_from(&c.iri);
        out.push(json!({
            "from": Grammar::Leiri,
            "to": Grammar::Iri,
            "result": c.iri,
            "valid": valid,
        }));
    }
    if let Ok(c) = lib_to_uri(&iri, &ToUriOptions::default()) {
        if c.uri != iri {
            out.push(json!({
                "from": Grammar::Iri,
                "to": Grammar::Uri,
                "result": c.uri,
                "valid": c.uri_valid,
            }));
        }
    }
    out
}

/// The viewer's `/api/compare?input=S[&rule=R]`: the record of `iri compare --format json` for one
/// input in every grammar, with the reference rules, or with `rule` (named in any grammar) and its
/// counterparts.
#[wasm_bindgen]
pub fn viewer_compare(input: &str, rule: &str) -> String {
    let run = || {
        let rule = if rule.is_empty() {
            None
        } else {
            match AnyGrammar::ALL.iter().find_map(|g| g.rule(rule)) {
                Some(r) => Some(r),
                None => {
                    let names: Vec<&str> = AnyGrammar::ALL.iter().map(|g| g.name()).collect();
                    return Err(range(format!(
                        "no grammar of {} has a rule \"{rule}\"; `iri rules --grammar G` lists them",
                        names.join(", ")
                    )));
                }
            }
        };
        let mut verdicts = Vec::new();
        let mut splits: Vec<(Grammar, String)> = Vec::new();
        for g in AnyGrammar::ALL {
            let r = match rule {
                None => g.reference_rule(),
                Some(r) => match iri_abnf::compare::counterpart(r, g) {
                    Some(r) => r,
                    None => continue,
                },
            };
            let error = iri_abnf::validate(g, r, input)
                .map_err(ParseError::explain)
                .err();
            if error.is_none() && rule.is_none() {
                if let Some(split) = g
                    .main()
                    .and_then(|m| Some((m, iri_abnf::compare::split_signature(m, input)?)))
                {
                    splits.push(split);
                }
            }
            verdicts.push(json!({
                "grammar": g,
                "rule": g.rule_name(r),
                "valid": error.is_none(),
                "error": error.as_ref().map(ViewerError::from),
            }));
        }
        let mut record = json!({ "input": input, "grammars": verdicts });
        if let Some((_, first)) = splits.first() {
            let differs: Vec<Grammar> = splits
                .iter()
                .filter(|(_, s)| s != first)
                .map(|&(g, _)| g)
                .collect();
            if !differs.is_empty() {
                record["split_differs"] = json!(differs);
            }
        }
        if rule.is_none() {
            let mappings = viewer_mappings(input);
            if !mappings.is_empty() {
                record["mappings"] = json!(mappings);
            }
        }
        Ok(record)
    };
    answer(run())
}

/// The rule `rule` of `grammar` (its reference rule when empty), with the message of `iri serve`.
fn viewer_rule(grammar: Grammar, rule: &str) -> Result<Rule, Failure> {
    if rule.is_empty() {
        return Ok(grammar.reference_rule());
    }
    grammar.lookup_rule(rule).map_err(|e| range(e.to_string()))
}

/// The viewer's `/api/parse?input=S&grammar=G[&rule=R][&tree=true]`: the record of `iri parse
/// --format json [--tree]`, with the typed components and the parse tree (byte spans).
#[wasm_bindgen]
pub fn viewer_parse(input: &str, grammar: &str, rule: &str, tree: bool) -> String {
    let run = || {
        let g = main_grammar(grammar)?;
        let r = viewer_rule(g, rule)?;
        let (components, error) = match iri_abnf::parse_components(g, r, input) {
            Ok(c) => (Some(c), None),
            Err(e) => (None, Some(e.explain())),
        };
        let mut record = json!({
            "input": input,
            "grammar": g,
            "rule": r,
            "valid": components.is_some(),
            "components": components,
            "error": error.as_ref().map(ViewerError::from),
        });
        if tree {
            let t = if components.is_some() && input.len() <= VIEWER_TREE_LIMIT {
                iri_abnf::syntax::parse_tree(g, r, input).ok()
            } else {
                None
            };
            record["tree"] = json!(t);
        }
        Ok(record)
    };
    answer(run())
}

/// The viewer's `/api/lint?input=S&grammar=G`: the record of `iri lint --format json` at the default
/// levels (`iri serve` without iri.toml or level options).
#[wasm_bindgen]
pub fn viewer_lint(input: &str, grammar: &str) -> String {
    let run = || {
        let g = main_grammar(grammar)?;
        let (report, error) = match iri_abnf::parse(g, input) {
            Ok(r) => (
                lint_report(&r, &LintOptions::default(), Some(DEFAULT_MAX_DIAGNOSTICS)),
                None,
            ),
            Err(e) => (Default::default(), Some(e.explain())),
        };
        Ok(json!({
            "input": input,
            "valid": error.is_none(),
            "error": error.as_ref().map(ViewerError::from),
            "diagnostics": report.diagnostics,
            "diagnostics_omitted": report.omitted,
        }))
    };
    answer(run())
}

/// The `error` member of a conversion record (`iri to-uri`, `to-iri`, `from-leiri`), its syntax
/// error fully explained.
fn viewer_convert_error(mut e: ConvertError) -> Value {
    e.kind = match e.kind {
        ConvertErrorKind::Syntax(p) => ConvertErrorKind::Syntax(p.explain()),
        other => other,
    };
    let mut record = json!({
        "kind": match e.kind {
            ConvertErrorKind::Syntax(_) => "syntax",
            ConvertErrorKind::Idna(_) => "idna",
            ConvertErrorKind::Unmappable(_) => "unmappable",
            _ => "other",
        },
        "offset": e.offset,
        "message": e.message(),
    });
    match &e.kind {
        ConvertErrorKind::Idna(i) => record["label"] = json!(i.label),
        ConvertErrorKind::Unmappable(u) => record["character"] = json!(u.character.to_string()),
        _ => {}
    }
    record
}

/// The viewer's `/api/convert?command=to-uri&input=S`: the record of `iri to-uri --format json`
/// (3987bis §3.6, the host percent-encoded).
#[wasm_bindgen]
pub fn viewer_to_uri(input: &str) -> String {
    let record = match lib_to_uri(input, &ToUriOptions::default()) {
        Ok(c) => {
            let mut notes = Vec::with_capacity(c.notes.len() + 1);
            if !c.input_valid {
                notes.push(
                    "the input is not a valid IRI-reference; mapped as a raw string (3987bis §3.3)"
                        .to_string(),
                );
            }
            notes.extend(c.notes);
            json!({
                "input": input,
                "output": c.uri,
                "input_valid": c.input_valid,
                "output_valid": c.uri_valid,
                "notes": notes,
                "error": null,
            })
        }
        Err(e) => json!({
            "input": input,
            "output": null,
            "input_valid": !matches!(e.kind, ConvertErrorKind::Syntax(_)),
            "output_valid": false,
            "notes": [],
            "error": viewer_convert_error(e),
        }),
    };
    answer::<Value>(Ok(record))
}

/// The viewer's `/api/convert?command=to-iri&input=S[&trace=true]`: the record of `iri to-iri
/// --format json [--trace]` (3987bis §3.7, with the string after each step in the notation of
/// §3.7.1).
#[wasm_bindgen]
pub fn viewer_to_iri(input: &str, trace: bool) -> String {
    let record = match lib_to_iri(input, &ToIriOptions::default()) {
        Ok(c) => {
            let mut record = json!({ "input": input, "output": c.iri, "error": null });
            if trace {
                record["steps"] = json!(c.trace.steps);
            }
            record
        }
        Err(e) => json!({ "input": input, "output": null, "error": viewer_convert_error(e) }),
    };
    answer::<Value>(Ok(record))
}

/// The viewer's `/api/convert?command=from-leiri&input=S`: the record of `iri from-leiri --format
/// json` (3987bis §5.1, to an IRI).
#[wasm_bindgen]
pub fn viewer_from_leiri(input: &str) -> String {
    let c = leiri_to_iri(input);
    let notes = c.notes;
    let result = if c.input_valid {
        Ok(c.iri)
    } else {
        iri_abnf::validate(Grammar::Leiri, Rule::IriReference, input)
            .map(|()| c.iri)
            .map_err(ConvertError::from)
    };
    let record = match result {
        Ok(output) => json!({
            "input": input,
            "output": output,
            "input_valid": c.input_valid,
            "notes": notes,
            "error": null,
        }),
        Err(e) => json!({
            "input": input,
            "output": null,
            "input_valid": !matches!(e.kind, ConvertErrorKind::Syntax(_)),
            "notes": [],
            "error": viewer_convert_error(e),
        }),
    };
    answer::<Value>(Ok(record))
}

/// The viewer's `/api/resolve?base=B&input=S&grammar=G`: the record of `iri resolve --format json B
/// S` (RFC 3986 §5.2, strict); a base that is not an IRI is the usage error of `iri serve`.
#[wasm_bindgen]
pub fn viewer_resolve(base: &str, input: &str, grammar: &str) -> String {
    let run = || {
        let g = main_grammar(grammar)?;
        let base = Base::new(g, base).map_err(|e| range(format!("BASE: {}", e.explain())))?;
        let result = base
            .resolve_with(input, Mode::Strict)
            .map(String::from)
            .map_err(|e| e.explain().to_string());
        Ok(json!({
            "base": base.as_str(),
            "reference": input,
            "grammar": g,
            "mode": "strict",
            "target": result.as_ref().ok(),
            "error": result.as_ref().err(),
        }))
    };
    answer(run())
}

/// The viewer's `needs-escape.js`, as `iri serve` writes it
/// (`needs_escape_script` of `iri serve`, whose file this module includes).
#[wasm_bindgen]
pub fn viewer_needs_escape_js() -> String {
    viewer_scripts::needs_escape_script()
}

/// The viewer's `not-appropriate.js`, as `iri serve` writes it
/// (`not_appropriate_script` of `iri serve`, whose file this module includes).
#[wasm_bindgen]
pub fn viewer_not_appropriate_js() -> String {
    viewer_scripts::not_appropriate_script()
}

/// The viewer's grammar files, which the rules of the parse tree link to: `{"ok": [[file, text],
/// …]}`, each file of [`AnyGrammar::abnf_sources`] once (`grammar/iri.abnf`), as `iri serve` serves
/// them.
#[wasm_bindgen]
pub fn viewer_grammar_files() -> String {
    let mut files: Vec<(&str, &str)> = Vec::new();
    for g in AnyGrammar::ALL {
        for &(file, text) in g.abnf_sources() {
            if !files.iter().any(|(f, _)| *f == file) {
                files.push((file, text));
            }
        }
    }
    answer::<Vec<(&str, &str)>>(Ok(files))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(s: &str) -> Value {
        let v: Value = serde_json::from_str(s).unwrap();
        v["ok"].clone()
    }

    #[test]
    fn rule_ids_round_trip() {
        for g in AnyGrammar::ALL {
            for &r in g.rules() {
                let id = ok(&rule_id(g.name(), g.rule_name(r))).as_u64().unwrap() as u32;
                assert_eq!(from_id(id), Some((g, r)));
            }
        }
        assert!(from_id(u32::MAX).is_none());
    }

    #[test]
    #[allow(unsafe_code)]
    fn check_reads_the_buffer() {
        let id = ok(&rule_id("uri", "")).as_u64().unwrap() as u32;
        let s = b"http://example.org/\nnot a uri\n";
        let p = buffer(s.len());
        unsafe { std::ptr::copy_nonoverlapping(s.as_ptr(), p, s.len()) };
        assert_eq!(check(id, 19), 1);
        assert_eq!(check(id, s.len()), 0);
        assert_eq!(check(id, usize::MAX), -1);
    }

    #[test]
    fn idn_hostname_answers() {
        for separators in ["rfc3490", "idna2008"] {
            assert_eq!(
                ok(&idn_hostname("b\u{FC}cher.example", separators)),
                "xn--bcher-kva.example"
            );
        }
        // U+3002 separates labels under RFC 3490 §3.1 only; the offsets are the input's.
        assert_eq!(
            ok(&idn_hostname("b\u{FC}cher\u{3002}example", "rfc3490")),
            "xn--bcher-kva.example"
        );
        let v: Value =
            serde_json::from_str(&idn_hostname("b\u{FC}cher\u{3002}example", "idna2008")).unwrap();
        assert_eq!(v["error"]["kind"].as_str(), Some("idna"), "{v}");
        let v: Value = serde_json::from_str(&idn_hostname("a\u{3002}b_c", "rfc3490")).unwrap();
        assert_eq!(
            (v["error"]["offset"].as_u64(), v["error"]["index"].as_u64()),
            (Some(4), Some(2)),
            "{v}"
        );
        let v: Value = serde_json::from_str(&idn_hostname("a", "uts46")).unwrap();
        assert_eq!(v["error"]["type"].as_str(), Some("range"), "{v}");
        let v: Value = serde_json::from_str(&idn_hostname("\u{E9}.a_b", "rfc3490")).unwrap();
        let e = &v["error"];
        assert_eq!(
            (e["type"].as_str(), e["kind"].as_str()),
            (Some("conversion"), Some("idna"))
        );
        assert_eq!(
            (e["offset"].as_u64(), e["index"].as_u64()),
            (Some(3), Some(2))
        );
        assert!(e["message"].as_str().unwrap().contains("\"a_b\""), "{e}");
    }

    #[test]
    fn the_viewer_records_give_byte_offsets() {
        let input = "http://\u{E9}/\u{1F600}";
        let r = ok(&viewer_parse(input, "iri", "", true));
        assert_eq!(r["valid"], true);
        // The path starts after the two bytes of U+00E9, and the tree spans the input's bytes.
        assert_eq!(r["components"]["path"]["span"]["start"], 9);
        assert_eq!(r["tree"]["rule"], "IRI-reference");
        assert_eq!(r["tree"]["span"]["end"], input.len());
        let r = ok(&viewer_compare("http://\u{E9}/", ""));
        let uri = &r["grammars"][0];
        assert_eq!(
            (&uri["grammar"], &uri["error"]["offset"]),
            (&json!("uri"), &json!(7))
        );
        // Over the limit of `iri parse --tree`, no tree; the components still.
        let long = "a".repeat(VIEWER_TREE_LIMIT + 1);
        let r = ok(&viewer_parse(&long, "iri", "", true));
        assert_eq!((&r["valid"], &r["tree"]), (&json!(true), &Value::Null));
        let e: Value = serde_json::from_str(&viewer_resolve("/a", "b", "iri")).unwrap();
        assert!(
            e["error"]["message"]
                .as_str()
                .unwrap()
                .starts_with("BASE: "),
            "{e}"
        );
    }

    #[test]
    fn the_viewer_grammar_files_hold_every_definition() {
        let files: Vec<(String, String)> =
            serde_json::from_value(ok(&viewer_grammar_files())).unwrap();
        for g in AnyGrammar::ALL {
            let rules = ok(&viewer_rules(g.name()));
            let definitions = rules["definitions"].as_array().unwrap();
            assert_eq!(definitions.len(), g.rules().len(), "{g}");
            for d in definitions {
                let (_, text) = files.iter().find(|(f, _)| *f == d["file"]).unwrap();
                let line = text
                    .lines()
                    .nth(d["line"].as_u64().unwrap() as usize - 1)
                    .unwrap();
                assert!(
                    line.starts_with(d["rule"].as_str().unwrap()),
                    "{g}: {d}: {line}"
                );
            }
        }
        assert!(viewer_needs_escape_js().contains("[0x2028,0x202E]"));
    }

    #[test]
    fn utf16_indices() {
        let s = "a😀é/";
        assert_eq!(utf16_index(s, 0), 0);
        assert_eq!(utf16_index(s, 1), 1);
        assert_eq!(utf16_index(s, 5), 3);
        assert_eq!(utf16_index(s, 7), 4);
        assert_eq!(utf16_index(s, 3), 1);
    }

    #[test]
    fn utf16_index_table() {
        for s in ["", "abc", "a😀é/", "é", "😀", "x\u{10FFFF}yé😀z"] {
            let t = Utf16Indices::new(s);
            for b in 0..=s.len() + 2 {
                assert_eq!(t.get(b), utf16_index(s, b), "{s:?} at {b}");
            }
        }
    }

    #[test]
    fn lint_levels_take_every_name() {
        let v: Value =
            serde_json::from_str(&lint("HTTP://a/", "iri", "default", "[\"\"]", "", "", 20))
                .unwrap();
        assert_eq!(v["error"]["type"], "range");
        let v: Value = serde_json::from_str(&lint(
            "HTTP://a/",
            "iri",
            "default",
            "",
            "",
            "[\"uppercase-scheme\"]",
            20,
        ))
        .unwrap();
        assert_eq!(v["ok"]["diagnostics"][0]["severity"], "error");
        assert_eq!(v["ok"]["omitted"], 0);
    }

    /// At most `max_diagnostics` (0: all), the first in input order, and the count of the others.
    #[test]
    fn lint_keeps_the_first_diagnostics() {
        let input = format!("http://a/{}", "%7e".repeat(50));
        for (max, kept) in [(0, 100), (1, 1), (20, 20), (100, 100), (200, 100)] {
            let v: Value =
                serde_json::from_str(&lint(&input, "iri", "default", "", "", "", max)).unwrap();
            let found = v["ok"]["diagnostics"].as_array().unwrap();
            assert_eq!(found.len(), kept, "{max}");
            assert_eq!(v["ok"]["omitted"], 100 - kept, "{max}");
            assert_eq!(found[kept - 1]["start"], 9 + 3 * ((kept - 1) / 2), "{max}");
        }
    }
}
