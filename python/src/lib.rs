//! The extension module `iri_abnf._iri_abnf`: the library's entry points for Python. The package
//! `iri_abnf` (python/python/iri_abnf/__init__.py) re-exports it with docstrings and type stubs.
//!
//! Strings: a Python `str` is read as UTF-8. A `str` that holds a lone surrogate (which UTF-8 cannot
//! encode) is not a valid reference of any grammar: the checks answer `False` for it, every other
//! function raises `ValueError`. An argument that is not a `str` raises `TypeError`.
//!
//! Spans and offsets: spans (`Reference`, `Diagnostic`) are Python string indices (code points), so
//! that `s[start:end]` is the component; `IriSyntaxError.offset` is the UTF-8 byte offset of the
//! `iri` command and `column` its 1-based character column (`column - 1` indexes the `str`).

use std::ffi::{c_char, c_void, CStr};
use std::thread;

use iri_abnf::convert::reg_name::LabelSeparators;
use iri_abnf::convert::{
    leiri_to_iri, leiri_to_uri, preprocess as lib_preprocess, to_iri as lib_to_iri,
    to_uri as lib_to_uri, Charset, ConvertErrorKind, HostMapping, PreprocessOptions, Spaces,
    ToIriOptions, ToUriOptions,
};
use iri_abnf::lint::{
    lint_codes as lib_lint_codes, lint_report, LintOptions, Profile, DEFAULT_MAX_DIAGNOSTICS,
};
use iri_abnf::normalize::Level;
use iri_abnf::normalize::{normalize_with, Options as NormalizeOptions};
use iri_abnf::{AnyGrammar, Base, Grammar, HostKind, Mode, ParseError, ResolveError, Rule};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};

// The module is the package's, `iri_abnf` (not the extension module's name): the class's
// `__module__` and its name in tracebacks, `iri_abnf.IriSyntaxError`, are those it is imported as.
pyo3::create_exception!(
    iri_abnf,
    IriSyntaxError,
    PyValueError,
    "The input does not match the rule of the grammar (an ``iri_abnf.IriSyntaxError``, a
``ValueError``). ``str(e)`` is the message and, on its second line, the input with a caret under
the error; the attributes say the same as fields."
);

/// The UTF-8 of a `str`, borrowed from it; `None` for a lone surrogate (the error is cleared).
///
/// `PyString::to_str` is `PyUnicode_AsUTF8AndSize`, in the limited API from CPython 3.10 (the
/// floor of the abi3 wheel, `abi3-py310`): the UTF-8 cached in the object, alive as long as it.
fn utf8<'a>(s: &'a Bound<'_, PyString>) -> Option<&'a str> {
    // The UnicodeEncodeError of a lone surrogate is taken from the interpreter and dropped.
    s.to_str().ok()
}

/// The `str` argument `what`, or `TypeError`.
fn as_pystr<'a, 'py>(
    value: &'a Bound<'py, PyAny>,
    what: &str,
) -> PyResult<&'a Bound<'py, PyString>> {
    value.cast::<PyString>().map_err(|_| {
        let ty = value
            .get_type()
            .name()
            .map(|n| n.to_string())
            .unwrap_or_else(|_| "?".into());
        PyTypeError::new_err(format!("{what} must be str, not {ty}"))
    })
}

/// The text of the `str` argument `what`: `TypeError` for another type, `ValueError` for a lone
/// surrogate.
fn text<'a>(value: &'a Bound<'_, PyAny>, what: &str) -> PyResult<&'a str> {
    let s = as_pystr(value, what)?;
    utf8(s).ok_or_else(|| {
        let index = s
            .to_string_lossy()
            .chars()
            .position(|c| c == '\u{FFFD}')
            .unwrap_or(0);
        PyValueError::new_err(format!(
            "{what} holds a lone surrogate at index {index}, which UTF-8 cannot encode (no URI, IRI \
             or LEIRI can contain it)"
        ))
    })
}

fn main_grammar(name: &str) -> PyResult<Grammar> {
    name.parse::<Grammar>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

fn any_grammar(name: &str) -> PyResult<AnyGrammar> {
    name.parse::<AnyGrammar>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The rule `name` of `grammar` (its reference rule when `None`).
fn rule_of(grammar: AnyGrammar, name: Option<&str>) -> PyResult<Rule> {
    match name {
        None => Ok(grammar.reference_rule()),
        // As `iri --rule` and the JavaScript package: the closest rules, then all of them.
        Some(n) => grammar
            .lookup_rule(n)
            .map_err(|e| PyValueError::new_err(e.to_string())),
    }
}

fn level(name: &str) -> PyResult<Level> {
    name.parse::<Level>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The code point index of byte offset `b` of `s`.
fn char_index(s: &str, b: usize) -> usize {
    s.get(..b).map_or(b, |p| p.chars().count())
}

/// `IriSyntaxError` for `e` (explained: the rules pest names, as the `iri` command shows them).
fn syntax_error(py: Python<'_>, e: ParseError, prefix: &str) -> PyErr {
    let e = e.explain();
    let message = format!("{prefix}{}\n{}", e.message(), e.render_caret());
    let err = IriSyntaxError::new_err(message);
    let value = err.value(py);
    let expected: Vec<String> = e.expected().iter().map(|x| x.to_string()).collect();
    let set = |k: &str, v: Bound<'_, PyAny>| {
        let _ = value.setattr(k, v);
    };
    set("offset", e.offset.into_pyobject(py).unwrap().into_any());
    set("column", e.column.into_pyobject(py).unwrap().into_any());
    set("expected", PyList::new(py, expected).unwrap().into_any());
    set("input", PyString::new(py, e.input()).into_any());
    set("grammar", PyString::new(py, e.grammar.name()).into_any());
    set(
        "rule",
        PyString::new(py, e.grammar.rule_name(e.rule)).into_any(),
    );
    set("reason", PyString::new(py, &e.message()).into_any());
    set("caret", PyString::new(py, &e.render_caret()).into_any());
    err
}

/// Whether ``s`` matches ``rule`` (the grammar's reference rule when ``None``; rule names as the
/// spec spells them, ``IRI-reference``, ``ihost``) of ``grammar`` to its end. ``False`` for a
/// ``str`` with a lone surrogate; ``ValueError`` for an unknown grammar or rule, naming the closest
/// ones.
#[pyfunction]
#[pyo3(signature = (s, grammar="iri", rule=None))]
fn is_valid(s: &Bound<'_, PyAny>, grammar: &str, rule: Option<&str>) -> PyResult<bool> {
    let g = any_grammar(grammar)?;
    let r = rule_of(g, rule)?;
    let s = as_pystr(s, "s")?;
    Ok(utf8(s).is_some_and(|t| iri_abnf::is_valid(g, r, t)))
}

/// Raises :class:`IriSyntaxError` unless ``s`` matches ``rule`` (the reference rule when
/// ``None``) of ``grammar``: the error says where and what was expected there. ``ValueError`` for a
/// lone surrogate, an unknown grammar or rule.
#[pyfunction]
#[pyo3(signature = (s, grammar="iri", rule=None))]
fn validate(
    py: Python<'_>,
    s: &Bound<'_, PyAny>,
    grammar: &str,
    rule: Option<&str>,
) -> PyResult<()> {
    let g = any_grammar(grammar)?;
    let r = rule_of(g, rule)?;
    let t = text(s, "s")?;
    iri_abnf::validate(g, r, t).map_err(|e| syntax_error(py, e, ""))
}

/// A component: its text and its span (code point indices).
type Part = Option<(String, (usize, usize))>;

/// A parsed reference (:func:`parse`): its components and their spans (``str`` indices, so that
/// ``s[start:end]`` is the component). ``str(ref)`` is the input.
///
/// Two references are equal when their inputs and grammars are (``==``, ``hash``: a reference is
/// the string it was parsed from, read by one grammar), so they serve as set members and dict keys;
/// a reference never equals a ``str``. Equal strings of different grammars are different
/// references; equivalent but different strings too (see :func:`equivalent`).
#[pyclass(frozen, get_all, eq, hash, module = "iri_abnf")]
struct Reference {
    /// The input.
    input: String,
    grammar: &'static str,
    /// `iri`, `absolute-iri`, `network-path`, `absolute-path`, `relative-path` or `empty`.
    kind: &'static str,
    scheme: Option<String>,
    userinfo: Option<String>,
    host: Option<String>,
    host_kind: Option<&'static str>,
    port: Option<String>,
    path: String,
    query: Option<String>,
    fragment: Option<String>,
    scheme_span: Option<(usize, usize)>,
    userinfo_span: Option<(usize, usize)>,
    host_span: Option<(usize, usize)>,
    port_span: Option<(usize, usize)>,
    path_span: (usize, usize),
    query_span: Option<(usize, usize)>,
    fragment_span: Option<(usize, usize)>,
}

// A reference is the string it was parsed from, read by one grammar: equality and the hash are
// those of the pair (every other field is a function of it).
impl PartialEq for Reference {
    fn eq(&self, other: &Self) -> bool {
        (&self.input, self.grammar) == (&other.input, other.grammar)
    }
}

impl Eq for Reference {}

impl std::hash::Hash for Reference {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (&self.input, self.grammar).hash(state);
    }
}

#[pymethods]
impl Reference {
    fn __str__(&self) -> &str {
        &self.input
    }

    fn __repr__(&self) -> String {
        format!("Reference({:?}, grammar={:?})", self.input, self.grammar)
    }
}

/// Parses ``s`` as a whole reference of ``grammar`` into its components (RFC 3986 §3; 3987bis
/// §2.2): a :class:`Reference`, or :class:`IriSyntaxError`.
#[pyfunction]
#[pyo3(signature = (s, grammar="iri"))]
fn parse(py: Python<'_>, s: &Bound<'_, PyAny>, grammar: &str) -> PyResult<Reference> {
    let g = main_grammar(grammar)?;
    let t = text(s, "s")?;
    let r = iri_abnf::parse(g, t).map_err(|e| syntax_error(py, e, ""))?;
    let span = |sp: iri_abnf::Span| (char_index(t, sp.start), char_index(t, sp.end));
    let part = |c: Option<iri_abnf::Component<'_>>| -> Part {
        c.map(|c| (c.as_str().to_string(), span(c.span())))
    };
    let auth = r.authority();
    let scheme = part(r.scheme());
    let userinfo = part(auth.as_ref().and_then(|a| a.userinfo()));
    let host = auth.as_ref().map(|a| {
        let h = a.host();
        let kind = match h.kind() {
            HostKind::Ipv4 { .. } => "ipv4",
            HostKind::Ipv6 { .. } => "ipv6",
            // As the `iri` command's JSON names them.
            HostKind::IpvFuture { .. } => "ipv-future",
            HostKind::RegName => "reg-name",
            _ => "other",
        };
        (h.as_str().to_string(), span(h.span()), kind)
    });
    let port = part(
        auth.as_ref()
            .and_then(|a| a.port().map(|p| p.as_component())),
    );
    let path = r.path();
    let query = part(r.query());
    let fragment = part(r.fragment());
    let split = |p: Part| match p {
        Some((t, s)) => (Some(t), Some(s)),
        None => (None, None),
    };
    let (scheme, scheme_span) = split(scheme);
    let (userinfo, userinfo_span) = split(userinfo);
    let (port, port_span) = split(port);
    let (query, query_span) = split(query);
    let (fragment, fragment_span) = split(fragment);
    Ok(Reference {
        input: t.to_string(),
        grammar: g.name(),
        kind: r.kind().as_str(),
        scheme,
        userinfo,
        host: host.as_ref().map(|h| h.0.clone()),
        host_kind: host.as_ref().map(|h| h.2),
        port,
        path: path.as_str().to_string(),
        query,
        fragment,
        scheme_span,
        userinfo_span,
        host_span: host.as_ref().map(|h| h.1),
        port_span,
        path_span: span(path.span()),
        query_span,
        fragment_span,
    })
}

fn convert_error(py: Python<'_>, e: iri_abnf::convert::ConvertError) -> PyErr {
    let message = e.message();
    match e.kind {
        ConvertErrorKind::Syntax(p) => syntax_error(py, p, ""),
        _ => PyValueError::new_err(message),
    }
}

/// Maps an IRI to a URI (3987bis §3.3–§3.6). ``host``: ``percent`` (percent-encode a
/// ``reg-name``, §3.4.1) or ``idna`` (its A-labels, §3.4.2, the IDNA2008 lookup of RFC 5891).
/// ``query_charset``: a WHATWG charset label for the query of http(s) IRIs (§3.5; ``None`` is
/// UTF-8). ``raw``: map an input that is not an IRI too. :class:`IriSyntaxError` for an invalid
/// input, ``ValueError`` for a host or query that cannot be mapped.
#[pyfunction]
#[pyo3(signature = (s, *, host="percent", query_charset=None, raw=false))]
fn to_uri(
    py: Python<'_>,
    s: &Bound<'_, PyAny>,
    host: &str,
    query_charset: Option<&str>,
    raw: bool,
) -> PyResult<String> {
    let t = text(s, "s")?;
    let host = match host {
        "percent" => HostMapping::Percent,
        "idna" => HostMapping::Idna,
        other => {
            return Err(PyValueError::new_err(format!(
                "host must be \"percent\" or \"idna\", not {other:?}"
            )))
        }
    };
    let charset = query_charset
        .map(|l| Charset::for_label(l).map_err(|e| PyValueError::new_err(e.to_string())))
        .transpose()?;
    let options = ToUriOptions::default()
        .with_host(host)
        .with_query_charset(charset)
        .with_raw(raw);
    lib_to_uri(t, &options)
        .map(|c| c.uri)
        .map_err(|e| convert_error(py, e))
}

/// Converts a URI to an IRI (3987bis §3.7): decodes the percent-encoded UTF-8 that may stand as
/// itself, and (unless ``keep_punycode``) the A-labels of the host that map back (§3.7 step 6).
#[pyfunction]
#[pyo3(signature = (s, *, keep_punycode=false))]
fn to_iri(py: Python<'_>, s: &Bound<'_, PyAny>, keep_punycode: bool) -> PyResult<String> {
    let t = text(s, "s")?;
    let options = ToIriOptions::default().with_convert_punycode(!keep_punycode);
    lib_to_iri(t, &options)
        .map(|c| c.iri)
        .map_err(|e| convert_error(py, e))
}

/// Converts a LEIRI to an IRI (``to="iri"``) or a URI (``to="uri"``) by percent-encoding what
/// the IRI (or URI) grammar does not allow (3987bis §5.1). :class:`IriSyntaxError` for an input
/// that is not a LEIRI unless ``raw``.
#[pyfunction]
#[pyo3(signature = (s, *, to="iri", raw=false))]
fn from_leiri(py: Python<'_>, s: &Bound<'_, PyAny>, to: &str, raw: bool) -> PyResult<String> {
    let t = text(s, "s")?;
    match to {
        "iri" => {
            let c = leiri_to_iri(t);
            if !c.input_valid && !raw {
                if let Err(e) = iri_abnf::validate(Grammar::Leiri, Rule::IriReference, t) {
                    return Err(syntax_error(py, e, ""));
                }
            }
            Ok(c.iri)
        }
        "uri" => {
            let options = ToUriOptions::default().with_raw(raw);
            leiri_to_uri(t, &options)
                .map(|c| c.uri)
                .map_err(|e| convert_error(py, e))
        }
        other => Err(PyValueError::new_err(format!(
            "to must be \"iri\" or \"uri\", not {other:?}"
        ))),
    }
}

/// Preprocesses a raw string into references (draft-weber-iri-guidelines §4): trims spaces,
/// tabs, CR and LF (step 1); ``split`` splits at inner spaces into several references, or
/// ``encode_spaces`` writes each inner space as ``%20`` (step 2); ``decode_ncr`` decodes numeric
/// character references (step 4); ``nfc`` normalizes to NFC. A list of one reference, or several
/// with ``split``.
#[pyfunction]
#[pyo3(signature = (s, *, split=false, encode_spaces=false, nfc=false, decode_ncr=false))]
fn preprocess(
    s: &Bound<'_, PyAny>,
    split: bool,
    encode_spaces: bool,
    nfc: bool,
    decode_ncr: bool,
) -> PyResult<Vec<String>> {
    let t = text(s, "s")?;
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
    Ok(lib_preprocess(t, &options))
}

/// A resolution error as Python sees it: a syntax error (with its prefix for the base) or a
/// `ValueError`.
fn resolve_error(py: Python<'_>, e: ResolveError) -> PyErr {
    match e {
        ResolveError::InvalidBase(p) => syntax_error(py, p, "base: "),
        ResolveError::Reference(p) | ResolveError::Target(p) => syntax_error(py, p, ""),
        other => PyValueError::new_err(other.to_string()),
    }
}

/// Resolves ``reference`` against the absolute ``base`` (RFC 3986 §5.2); ``non_strict`` ignores
/// a scheme of the reference equal to the base's (§5.2.2). :class:`IriSyntaxError` (its message
/// begins with ``base:`` for the base) for an invalid argument.
#[pyfunction]
#[pyo3(signature = (base, reference, *, grammar="iri", non_strict=false))]
fn resolve(
    py: Python<'_>,
    base: &Bound<'_, PyAny>,
    reference: &Bound<'_, PyAny>,
    grammar: &str,
    non_strict: bool,
) -> PyResult<String> {
    let g = main_grammar(grammar)?;
    let (b, r) = (text(base, "base")?, text(reference, "reference")?);
    let base = Base::new(g, b).map_err(|e| resolve_error(py, e))?;
    let mode = if non_strict {
        Mode::NonStrict
    } else {
        Mode::Strict
    };
    base.resolve_with(r, mode)
        .map(String::from)
        .map_err(|e| resolve_error(py, e))
}

/// The shortest reference that resolves against ``base`` to ``target`` (the inverse of
/// :func:`resolve`, RFC 3986 §5.2).
#[pyfunction]
#[pyo3(signature = (base, target, *, grammar="iri"))]
fn relativize(
    py: Python<'_>,
    base: &Bound<'_, PyAny>,
    target: &Bound<'_, PyAny>,
    grammar: &str,
) -> PyResult<String> {
    let g = main_grammar(grammar)?;
    let (b, t) = (text(base, "base")?, text(target, "target")?);
    let base = Base::new(g, b).map_err(|e| resolve_error(py, e))?;
    base.relativize(t)
        .map(String::from)
        .map_err(|e| resolve_error(py, e))
}

/// Normalizes ``s`` up to ``level`` of the comparison ladder: ``simple``, ``case``, ``percent``,
/// ``path``, ``scheme`` or ``nfc`` (RFC 3986 §6.2, RFC 3987 §5.3); ``ipv6_rfc5952`` writes IPv6
/// addresses as RFC 5952 §4 recommends.
#[pyfunction]
#[pyo3(signature = (s, *, grammar="iri", level="path", ipv6_rfc5952=false))]
fn normalize(
    py: Python<'_>,
    s: &Bound<'_, PyAny>,
    grammar: &str,
    level: &str,
    ipv6_rfc5952: bool,
) -> PyResult<String> {
    let g = main_grammar(grammar)?;
    let options = NormalizeOptions::default()
        .with_level(self::level(level)?)
        .with_ipv6_rfc5952(ipv6_rfc5952);
    let t = text(s, "s")?;
    normalize_with(g, t, &options)
        .map(String::from)
        .map_err(|e| syntax_error(py, e, ""))
}

/// Whether ``a`` and ``b`` normalize to the same reference at ``level`` (see
/// :func:`normalize`).
#[pyfunction]
#[pyo3(signature = (a, b, *, grammar="iri", level="path", ipv6_rfc5952=false))]
fn equivalent(
    py: Python<'_>,
    a: &Bound<'_, PyAny>,
    b: &Bound<'_, PyAny>,
    grammar: &str,
    level: &str,
    ipv6_rfc5952: bool,
) -> PyResult<bool> {
    let g = main_grammar(grammar)?;
    let options = NormalizeOptions::default()
        .with_level(self::level(level)?)
        .with_ipv6_rfc5952(ipv6_rfc5952);
    let (a, b) = (text(a, "a")?, text(b, "b")?);
    let na = normalize_with(g, a, &options).map_err(|e| syntax_error(py, e, "argument 1: "))?;
    let nb = normalize_with(g, b, &options).map_err(|e| syntax_error(py, e, "argument 2: "))?;
    Ok(na == nb)
}

/// One finding of :func:`lint`. Diagnostics compare and hash by all their fields.
#[pyclass(frozen, get_all, eq, hash, module = "iri_abnf")]
#[derive(PartialEq, Eq, Hash)]
struct Diagnostic {
    code: &'static str,
    severity: &'static str,
    /// Code point indices.
    span: (usize, usize),
    component: &'static str,
    message: String,
    spec: &'static str,
    suggestion: Option<String>,
}

#[pymethods]
impl Diagnostic {
    fn __repr__(&self) -> String {
        format!(
            "Diagnostic(code={:?}, severity={:?}, span={:?}, message={:?})",
            self.code, self.severity, self.span, self.message
        )
    }
}

fn lint_options(
    profile: &str,
    allow: Vec<String>,
    warn: Vec<String>,
    deny: Vec<String>,
) -> PyResult<LintOptions> {
    let mut options = LintOptions::default();
    Profile::from_name(profile)
        .ok_or_else(|| PyValueError::new_err(format!("unknown profile {profile:?}")))?
        .apply(&mut options)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    // As `iri lint`: families before codes, and deny over warn over allow at the same rank.
    options
        .set_levels(&allow, &warn, &deny)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(options)
}

/// The diagnostics of `s` (which must be a reference of `grammar`): at most `max_diagnostics` of
/// them (`None` or 0: all), the first in input order, and the number of the others. `lint` in the
/// package wraps them in a `Diagnostics` list.
#[pyfunction]
#[pyo3(signature = (s, *, grammar="iri", profile="default", allow=Vec::new(), warn=Vec::new(), deny=Vec::new(), max_diagnostics=Some(DEFAULT_MAX_DIAGNOSTICS)))]
#[allow(clippy::too_many_arguments)]
fn _lint(
    py: Python<'_>,
    s: &Bound<'_, PyAny>,
    grammar: &str,
    profile: &str,
    allow: Vec<String>,
    warn: Vec<String>,
    deny: Vec<String>,
    max_diagnostics: Option<usize>,
) -> PyResult<(Vec<Diagnostic>, usize)> {
    let g = main_grammar(grammar)?;
    let options = lint_options(profile, allow, warn, deny)?;
    let t = text(s, "s")?;
    let r = iri_abnf::parse(g, t).map_err(|e| syntax_error(py, e, ""))?;
    let limit = max_diagnostics.filter(|&n| n > 0);
    let report = lint_report(&r, &options, limit);
    // The spans in code points, counted on from one diagnostic to the next (they come in input
    // order): counting each from the start made an input of many diagnostics quadratic.
    let (mut at, mut index) = (0, 0);
    let diagnostics = report
        .diagnostics
        .into_iter()
        .map(|d| {
            let start = d.span.start.min(t.len());
            index += char_index(&t[at..], start - at);
            at = start;
            let end = index + char_index(&t[start..], d.span.end.min(t.len()) - start);
            Diagnostic {
                code: d.code.name(),
                severity: d.severity.name(),
                span: (index, end),
                component: d.component,
                message: d.message,
                spec: d.spec,
                suggestion: d.suggestion,
            }
        })
        .collect();
    Ok((diagnostics, report.omitted))
}

/// The verdict of every grammar on ``s`` (its reference rule, or ``rule``'s counterpart in each
/// grammar that has one): dicts with ``grammar``, ``rule``, ``valid`` and ``error`` (``offset``,
/// ``column``, ``expected``, ``message``) or ``None``.
#[pyfunction]
#[pyo3(signature = (s, rule=None))]
fn compare<'py>(
    py: Python<'py>,
    s: &Bound<'py, PyAny>,
    rule: Option<&str>,
) -> PyResult<Bound<'py, PyList>> {
    let t = text(s, "s")?;
    let rule = rule
        .map(|n| {
            n.parse::<Rule>()
                .map_err(|e| PyValueError::new_err(e.to_string()))
        })
        .transpose()?;
    let out = PyList::empty(py);
    for g in AnyGrammar::ALL {
        let r = match rule {
            None => g.reference_rule(),
            Some(r) => match iri_abnf::compare::counterpart(r, g) {
                Some(r) => r,
                None => continue,
            },
        };
        let d = PyDict::new(py);
        d.set_item("grammar", g.name())?;
        d.set_item("rule", g.rule_name(r))?;
        match iri_abnf::validate(g, r, t).map_err(ParseError::explain) {
            Ok(()) => {
                d.set_item("valid", true)?;
                d.set_item("error", py.None())?;
            }
            Err(e) => {
                d.set_item("valid", false)?;
                let err = PyDict::new(py);
                err.set_item("offset", e.offset)?;
                err.set_item("column", e.column)?;
                let expected: Vec<String> = e.expected().iter().map(|x| x.to_string()).collect();
                err.set_item("expected", expected)?;
                err.set_item("message", e.message())?;
                d.set_item("error", err)?;
            }
        }
        out.append(d)?;
    }
    Ok(out)
}

fn witnesses<'py>(
    py: Python<'py>,
    ws: &[iri_abnf::compare::Witness],
) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    for w in ws {
        let d = PyDict::new(py);
        d.set_item("text", &w.text)?;
        d.set_item("offset", w.offset)?;
        d.set_item("column", w.column)?;
        d.set_item(
            "range",
            w.range.map(|(a, b)| (a.to_string(), b.to_string())),
        )?;
        out.append(d)?;
    }
    Ok(out)
}

/// How the language of grammar ``a`` relates to that of ``b`` (reference rules, or ``rule``'s
/// counterparts), decided on their automata: ``a`` and ``b`` (grammar, rule), ``relation``
/// (``equal``, ``proper-subset``, ``proper-superset``, ``overlapping``, ``disjoint``), ``symbol``,
/// ``only_a`` and ``only_b`` (up to ``witnesses`` shortest strings each, as dicts with ``text``,
/// ``offset``, ``column``, ``range``), ``common``.
#[pyfunction]
#[pyo3(signature = (a, b, *, rule=None, witnesses=3))]
fn compare_languages<'py>(
    py: Python<'py>,
    a: &str,
    b: &str,
    rule: Option<&str>,
    witnesses: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let (ga, gb) = (any_grammar(a)?, any_grammar(b)?);
    let rule = rule
        .map(|n| {
            n.parse::<Rule>()
                .map_err(|e| PyValueError::new_err(e.to_string()))
        })
        .transpose()?;
    let side = |g: AnyGrammar| match rule {
        None => Some(g.reference_rule()),
        Some(r) => iri_abnf::compare::counterpart(r, g),
    };
    let (Some(ra), Some(rb)) = (side(ga), side(gb)) else {
        return Err(PyValueError::new_err(format!(
            "the rule has no counterpart in both {ga} and {gb}"
        )));
    };
    let c = py
        .detach(|| iri_abnf::compare::compare_rules((ga, ra), (gb, rb), witnesses))
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let d = PyDict::new(py);
    d.set_item("a", (ga.name(), ga.rule_name(ra)))?;
    d.set_item("b", (gb.name(), gb.rule_name(rb)))?;
    d.set_item("relation", relation_name(c.relation))?;
    d.set_item("symbol", c.relation.symbol())?;
    d.set_item("only_a", self::witnesses(py, &c.only_a)?)?;
    d.set_item("only_b", self::witnesses(py, &c.only_b)?)?;
    d.set_item("common", c.common)?;
    Ok(d)
}

fn relation_name(r: iri_abnf::compare::Relation) -> &'static str {
    use iri_abnf::compare::Relation::*;
    match r {
        Equal => "equal",
        ProperSubset => "proper-subset",
        ProperSuperset => "proper-superset",
        Overlapping => "overlapping",
        Disjoint => "disjoint",
    }
}

/// A string's UTF-8 as the checking threads see it: a pointer into a `str` that the caller keeps
/// alive and the length, or a null pointer for a lone surrogate.
#[derive(Clone, Copy)]
struct Text(*const u8, usize);

// SAFETY: the bytes are immutable and outlive the threads (the caller holds the objects).
unsafe impl Send for Text {}
unsafe impl Sync for Text {}

impl Text {
    /// A lone surrogate's.
    const NONE: Text = Text(std::ptr::null(), 0);

    fn get(&self) -> Option<&[u8]> {
        // SAFETY: see the type.
        (!self.0.is_null()).then(|| unsafe { std::slice::from_raw_parts(self.0, self.1) })
    }
}

/// The threads to check with: every core.
fn threads(n: usize) -> usize {
    let cores = thread::available_parallelism().map_or(1, |c| c.get());
    // Below a few thousand strings one thread is faster than starting more.
    cores.min(n / 4096 + 1).max(1)
}

/// `f(i)` for every `i < n` into `out`, in chunks over every core.
fn parallel<T: Send>(out: &mut [T], f: impl Fn(usize) -> T + Sync) {
    let n = out.len();
    let k = threads(n);
    if k <= 1 {
        for (i, o) in out.iter_mut().enumerate() {
            *o = f(i);
        }
        return;
    }
    let chunk = n.div_ceil(k);
    thread::scope(|scope| {
        for (c, part) in out.chunks_mut(chunk).enumerate() {
            let f = &f;
            scope.spawn(move || {
                for (j, o) in part.iter_mut().enumerate() {
                    *o = f(c * chunk + j);
                }
            });
        }
    });
}

/// The DFA of a rule, loaded (or built) once before the threads; `None` for a rule the grammar does
/// not have (`iri_abnf::is_valid` then says `false`).
fn rule_dfa(g: AnyGrammar, r: Rule) -> Option<&'static iri_abnf::abnf::Dfa> {
    iri_abnf::abnf::dfa(g, r).ok()
}

/// Whether `t` matches the rule: its DFA's walk over the bytes when there is one.
#[inline]
fn matches(dfa: Option<&iri_abnf::abnf::Dfa>, g: AnyGrammar, r: Rule, t: &str) -> bool {
    match dfa {
        Some(dfa) => dfa.is_match(t),
        None => iri_abnf::is_valid(g, r, t),
    }
}

/// [`matches`] on bytes that need not be UTF-8 (`false` for those that are not): the DFA decides on
/// them as they are (it matches UTF-8 only, `Dfa::is_match_bytes`), with no UTF-8 check of its own.
#[inline]
fn matches_bytes(dfa: Option<&iri_abnf::abnf::Dfa>, g: AnyGrammar, r: Rule, b: &[u8]) -> bool {
    match dfa {
        Some(dfa) => dfa.is_match_bytes(b),
        None => std::str::from_utf8(b).is_ok_and(|t| iri_abnf::is_valid(g, r, t)),
    }
}

/// A pointer that the threads of [`many`] share; each index is written by one thread only.
struct Shared<T>(*mut T);

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Shared<T> {}

// SAFETY: see the type: the threads write disjoint indices, and read an index only once the thread
// that wrote it has published it (`ready`, release/acquire).
unsafe impl<T> Send for Shared<T> {}
unsafe impl<T> Sync for Shared<T> {}

impl<T> Shared<T> {
    /// The pointer to index `i` (a method, so that a closure captures the whole `Shared`).
    ///
    /// # Safety
    /// `i` is within the allocation.
    unsafe fn at(self, i: usize) -> *mut T {
        unsafe { self.0.add(i) }
    }
}

/// How many strings ahead [`many`] asks for the memory of the next ones: each is an object of its
/// own, wherever the allocator put it, so that reading one after the other waits for the memory each
/// time.
const PREFETCH: usize = 8;

/// Asks the processor to load the cache line at `p` (a hint: it reads nothing, and does nothing on
/// other architectures).
#[inline(always)]
fn prefetch<T>(p: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch does not access memory, whatever the address.
    unsafe {
        std::arch::x86_64::_mm_prefetch(p.cast::<i8>(), std::arch::x86_64::_MM_HINT_T0)
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// Whether [`many`] keeps the GIL after it has read the strings, while it runs `f` on the last
/// ones.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Gil {
    /// For an `f` that costs about what reading a string costs (a verdict): the call holds the GIL
    /// throughout, as it does while it reads anyway, so that no other thread can drop a string of
    /// the list meanwhile and no string needs a reference of its own (two calls into the
    /// interpreter per string fewer).
    Hold,
    /// For an `f` that costs much more (a lint): the GIL is released once the strings are read,
    /// and each string of the caller's list is held by a reference until the end.
    Release,
}

/// `f` on the text of every `str` of an iterable (`None` for a lone surrogate), in order, on every
/// core. The calling thread reads the strings (holding the GIL: a `str`'s UTF-8 is read in place),
/// and publishes them chunk by chunk to the other threads, which run `f` on them while it reads on;
/// then it runs `f` on chunks too, holding the GIL or not as `gil` says. A string is thus checked
/// just after it was read, while its bytes are still in the cache.
fn many<'py, T: Clone + Default + Send>(
    strings: &Bound<'py, PyAny>,
    gil: Gil,
    f: impl Fn(Option<&str>) -> T + Sync,
) -> PyResult<Vec<T>> {
    use pyo3::ffi;
    use std::sync::atomic::{AtomicUsize, Ordering};
    const CHUNK: usize = 4096;
    let py = strings.py();
    // A list is read as it is (nothing else runs while the GIL is held; its items are held by a
    // reference each before it is released); any other iterable is made a list first, which
    // holds them.
    let (list, own) = match strings.cast::<PyList>() {
        Ok(list) => (list.clone(), false),
        // SAFETY: PySequence_List returns a new reference, or null with an error set.
        Err(_) => unsafe {
            let list = Bound::from_owned_ptr_or_err(py, ffi::PySequence_List(strings.as_ptr()))?;
            (list.cast_into::<PyList>()?, true)
        },
    };
    let n = list.len();
    // Room for the texts, written (and then published) one by one below: not filled beforehand.
    let mut texts: Vec<Text> = Vec::with_capacity(n);
    let mut out = vec![T::default(); n];
    // The strings of the caller's list, when the GIL is released before the end: each held by a
    // reference until then (a list made here holds its own).
    let take_references = !own && gil == Gil::Release;
    let mut held: Vec<*mut ffi::PyObject> = Vec::with_capacity(if take_references { n } else { 0 });
    let (texts_p, out_p) = (Shared(texts.as_mut_ptr()), Shared(out.as_mut_ptr()));
    let (ready, next) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let work = || {
        loop {
            let start = next.fetch_add(CHUNK, Ordering::Relaxed);
            if start >= n {
                break;
            }
            let end = (start + CHUNK).min(n);
            while ready.load(Ordering::Acquire) < end {
                thread::yield_now();
            }
            for i in start..end {
                // SAFETY: `i` was published by the reading thread and is this thread's alone.
                unsafe {
                    let t = (*texts_p.at(i)).get();
                    *out_p.at(i) = f(t.map(|b| std::str::from_utf8_unchecked(b)));
                }
            }
        }
    };
    let mut failed = None;
    thread::scope(|scope| {
        for _ in 1..threads(n) {
            scope.spawn(work);
        }
        // SAFETY: `i` is within the list; the item is borrowed from it (the GIL is held).
        let get = |i: usize| unsafe { ffi::PyList_GetItem(list.as_ptr(), i as ffi::Py_ssize_t) };
        // The next items, each asked for once and its memory prefetched `PREFETCH` items ahead.
        let mut ahead = [std::ptr::null_mut(); PREFETCH];
        for (i, slot) in ahead.iter_mut().enumerate().take(n) {
            *slot = get(i);
            prefetch(*slot);
        }
        // The type object of `str`, a static of the interpreter.
        let str_type = std::ptr::addr_of_mut!(ffi::PyUnicode_Type);
        for i in 0..n {
            let item = ahead[i % PREFETCH];
            if i + PREFETCH < n {
                ahead[i % PREFETCH] = get(i + PREFETCH);
                prefetch(ahead[i % PREFETCH]);
            }
            // SAFETY: a live object (its type read in place for an exact `str`, the usual case;
            // a subclass of `str` is asked of the interpreter).
            if unsafe { ffi::Py_TYPE(item) } != str_type
                && unsafe { ffi::PyUnicode_Check(item) } == 0
            {
                // SAFETY: as above; a new reference for the message.
                let item = unsafe { Bound::from_borrowed_ptr(py, item) };
                failed = as_pystr(&item, "every item").err();
                for j in i..n {
                    // SAFETY: not published yet; within the room for `n` texts.
                    unsafe { texts_p.at(j).write(Text::NONE) };
                }
                break;
            }
            if take_references {
                // SAFETY: a live object, released below.
                unsafe { ffi::Py_IncRef(item) };
                held.push(item);
            }
            let mut size: ffi::Py_ssize_t = 0;
            // SAFETY: a str; its UTF-8 is cached in it, alive as long as it (see `utf8`).
            let p = unsafe { ffi::PyUnicode_AsUTF8AndSize(item, &mut size) };
            let text = if p.is_null() {
                // A lone surrogate: the UnicodeEncodeError is dropped.
                drop(PyErr::take(py));
                Text::NONE
            } else {
                Text(p.cast::<u8>(), size as usize)
            };
            // SAFETY: `i` is not published yet: no other thread reads it; within the room for `n`
            // texts.
            unsafe { texts_p.at(i).write(text) };
            if (i + 1) % CHUNK == 0 {
                ready.store(i + 1, Ordering::Release);
            }
        }
        // On an error the other threads run through what is left (as lone surrogates).
        ready.store(n, Ordering::Release);
        match gil {
            Gil::Hold => work(),
            Gil::Release => py.detach(work),
        }
    });
    for (i, &item) in held.iter().enumerate() {
        if let Some(&ahead) = held.get(i + PREFETCH) {
            prefetch(ahead);
        }
        // SAFETY: the references taken above.
        unsafe { ffi::Py_DecRef(item) };
    }
    match failed {
        Some(e) => Err(e),
        None => Ok(out),
    }
}

/// A Python list of the booleans of `values`: the more frequent value repeated by the interpreter,
/// then the others set one by one.
fn bool_list<'py>(py: Python<'py>, values: &[bool]) -> PyResult<Bound<'py, PyList>> {
    let trues = values.iter().filter(|&&v| v).count();
    let majority = trues * 2 >= values.len();
    let one = PyList::new(py, [majority])?;
    // SAFETY: PySequence_Repeat returns a new reference, or null with an error set.
    let list = unsafe {
        Bound::from_owned_ptr_or_err(
            py,
            pyo3::ffi::PySequence_Repeat(one.as_ptr(), values.len() as pyo3::ffi::Py_ssize_t),
        )?
        .cast_into::<PyList>()?
    };
    for (i, &v) in values.iter().enumerate() {
        if v != majority {
            list.set_item(i, v)?;
        }
    }
    Ok(list)
}

/// :func:`is_valid` on every string, on every core (the GIL is held while the strings are read,
/// not while they are checked).
#[pyfunction]
#[pyo3(signature = (strings, grammar="iri", rule=None))]
fn check_many<'py>(
    py: Python<'py>,
    strings: &Bound<'py, PyAny>,
    grammar: &str,
    rule: Option<&str>,
) -> PyResult<Bound<'py, PyList>> {
    let g = any_grammar(grammar)?;
    let r = rule_of(g, rule)?;
    let dfa = rule_dfa(g, r);
    let out = many(strings, Gil::Hold, |t| {
        t.is_some_and(|t| matches(dfa, g, r, t))
    })?;
    bool_list(py, &out)
}

/// The Arrow C data interface (arrow/c/abi.h).
#[repr(C)]
struct ArrowSchema {
    format: *const c_char,
    name: *const c_char,
    metadata: *const c_char,
    flags: i64,
    n_children: i64,
    children: *mut *mut ArrowSchema,
    dictionary: *mut ArrowSchema,
    release: Option<unsafe extern "C" fn(*mut ArrowSchema)>,
    private_data: *mut c_void,
}

#[repr(C)]
struct ArrowArray {
    length: i64,
    null_count: i64,
    offset: i64,
    n_buffers: i64,
    n_children: i64,
    buffers: *mut *const c_void,
    children: *mut *mut ArrowArray,
    dictionary: *mut ArrowArray,
    release: Option<unsafe extern "C" fn(*mut ArrowArray)>,
    private_data: *mut c_void,
}

fn capsule_pointer<T>(capsule: &Bound<'_, PyAny>, name: &CStr) -> PyResult<*mut T> {
    // SAFETY: PyCapsule_GetPointer checks the type and the name, and sets an error on failure.
    let p = unsafe { pyo3::ffi::PyCapsule_GetPointer(capsule.as_ptr(), name.as_ptr()) };
    if p.is_null() {
        return Err(PyErr::take(capsule.py())
            .unwrap_or_else(|| PyValueError::new_err("not an Arrow capsule")));
    }
    Ok(p.cast::<T>())
}

/// A string or large_string array read in place through the Arrow C data interface: the threads
/// read it while the caller holds the capsules (whose destructors release it).
struct ArrowStrings {
    len: usize,
    offset: usize,
    large: bool,
    /// The validity bitmap, or 0 when no element is null.
    validity: usize,
    offsets: usize,
    data: usize,
}

impl ArrowStrings {
    /// The array of `array.__arrow_c_array__()`, and the capsules to hold while it is read.
    fn of<'py>(
        array: &Bound<'py, PyAny>,
        what: &str,
    ) -> PyResult<(ArrowStrings, Bound<'py, PyAny>)> {
        if !array.hasattr("__arrow_c_array__")? {
            return Err(PyTypeError::new_err(format!(
                "{what} needs a pyarrow string array (an object with __arrow_c_array__)"
            )));
        }
        let capsules = array.call_method0("__arrow_c_array__")?;
        let (schema, arr): (Bound<'_, PyAny>, Bound<'_, PyAny>) = capsules.extract()?;
        let schema = capsule_pointer::<ArrowSchema>(&schema, c"arrow_schema")?;
        let arr = capsule_pointer::<ArrowArray>(&arr, c"arrow_array")?;
        // SAFETY: the capsules own live structs (released by their destructors, which run when
        // the caller drops `capsules`).
        let (schema, arr) = unsafe { (&*schema, &*arr) };
        // SAFETY: the format is a nul-terminated string.
        let format = unsafe { CStr::from_ptr(schema.format) }.to_bytes();
        let large = match format {
            b"u" => false,
            b"U" => true,
            other => {
                return Err(PyTypeError::new_err(format!(
                    "{what} needs a string or large_string array, not Arrow format {:?}",
                    String::from_utf8_lossy(other)
                )))
            }
        };
        if arr.n_buffers != 3 || arr.length < 0 || arr.offset < 0 {
            return Err(PyValueError::new_err("malformed Arrow string array"));
        }
        // SAFETY: a string array has the validity, offsets and data buffers.
        let bufs = unsafe { std::slice::from_raw_parts(arr.buffers, 3) };
        let has_nulls = arr.null_count != 0 && !bufs[0].is_null();
        Ok((
            ArrowStrings {
                len: arr.length as usize,
                offset: arr.offset as usize,
                large,
                validity: if has_nulls { bufs[0] as usize } else { 0 },
                offsets: bufs[1] as usize,
                data: bufs[2] as usize,
            },
            capsules,
        ))
    }

    fn has_nulls(&self) -> bool {
        self.validity != 0
    }

    /// Whether element `i` is not null.
    #[inline]
    fn present(&self, i: usize) -> bool {
        if self.validity == 0 {
            return true;
        }
        let j = self.offset + i;
        // SAFETY: the validity bitmap has offset + length bits.
        unsafe { (*((self.validity as *const u8).add(j / 8)) >> (j % 8)) & 1 == 1 }
    }

    /// The bytes of element `i` (empty for a null one).
    #[inline]
    fn bytes(&self, i: usize) -> &[u8] {
        let j = self.offset + i;
        // SAFETY: offsets has offset + length + 1 entries, pointing into data.
        unsafe {
            let (a, b) = if self.large {
                let o = self.offsets as *const i64;
                (*o.add(j) as usize, *o.add(j + 1) as usize)
            } else {
                let o = self.offsets as *const i32;
                (*o.add(j) as usize, *o.add(j + 1) as usize)
            };
            if b <= a {
                return &[];
            }
            std::slice::from_raw_parts((self.data as *const u8).add(a), b - a)
        }
    }

    /// The text of element `i`: `None` for a null element or one that is not UTF-8.
    #[inline]
    fn text(&self, i: usize) -> Option<&str> {
        if !self.present(i) {
            return None;
        }
        std::str::from_utf8(self.bytes(i)).ok()
    }
}

/// `f(i)` for every `i < n` as an Arrow bitmap (bit `i` of byte `i / 8`, LSB first).
fn bitmap(n: usize, f: impl Fn(usize) -> bool) -> Vec<u8> {
    let mut bytes = vec![0u8; n.div_ceil(8)];
    for i in 0..n {
        if f(i) {
            bytes[i / 8] |= 1 << (i % 8);
        }
    }
    bytes
}

/// The verdicts on a pyarrow string or large_string array, read in place through the Arrow C data
/// interface (`__arrow_c_array__`): `(length, verdict bitmap, validity bitmap or None)`, bit `i` of
/// the bitmaps for element `i` (LSB first), a null element null in the result.
#[pyfunction]
#[pyo3(signature = (array, grammar="iri", rule=None))]
fn _check_arrow<'py>(
    py: Python<'py>,
    array: &Bound<'py, PyAny>,
    grammar: &str,
    rule: Option<&str>,
) -> PyResult<(usize, Bound<'py, PyBytes>, Option<Bound<'py, PyBytes>>)> {
    let g = any_grammar(grammar)?;
    let r = rule_of(g, rule)?;
    let dfa = rule_dfa(g, r);
    let (strings, capsules) = ArrowStrings::of(array, "check_arrow")?;
    let n = strings.len;
    // The verdict bitmap, a byte (eight elements) at a time on every core; a value that is not
    // UTF-8 is `False` (`matches_bytes`).
    let mut verdicts = vec![0u8; n.div_ceil(8)];
    py.detach(|| {
        parallel(&mut verdicts, |k| {
            (8 * k..(8 * k + 8).min(n)).fold(0u8, |byte, i| {
                let valid = strings.present(i) && matches_bytes(dfa, g, r, strings.bytes(i));
                byte | u8::from(valid) << (i % 8)
            })
        })
    });
    let verdicts = PyBytes::new(py, &verdicts);
    let nulls = strings
        .has_nulls()
        .then(|| PyBytes::new(py, &bitmap(n, |i| strings.present(i))));
    drop(capsules);
    Ok((n, verdicts, nulls))
}

/// The lint of one input: the indices in `CATALOGUE` of its diagnostics' codes, in `lint`'s order;
/// `None` for an input that is not a reference of the grammar (or null, or not UTF-8).
type Codes = Option<Vec<u16>>;

/// The codes of `t`'s diagnostics, or `None` if it is not a reference of `g`.
fn lint_codes(g: Grammar, options: &LintOptions, t: &str) -> Codes {
    let r = iri_abnf::parse(g, t).ok()?;
    // The codes alone, without a diagnostic's message for each (`lint_codes`).
    Some(
        lib_lint_codes(&r, options)
            .into_iter()
            .map(|code| code as u16)
            .collect(),
    )
}

/// The names of the lint codes, by index.
fn code_name(index: u16) -> &'static str {
    iri_abnf::lint::CATALOGUE[usize::from(index)].name
}

/// :func:`lint` on every string, on every core (as :func:`check_many`): per string the tuple of
/// the codes of all its diagnostics (in :func:`lint`'s order, without a limit), ``None`` for one
/// that is not a reference of the grammar (:func:`lint` raises ``IriSyntaxError`` for it, or
/// ``ValueError`` for a lone surrogate).
#[pyfunction]
#[pyo3(signature = (strings, *, grammar="iri", profile="default", allow=Vec::new(), warn=Vec::new(), deny=Vec::new()))]
fn lint_many<'py>(
    py: Python<'py>,
    strings: &Bound<'py, PyAny>,
    grammar: &str,
    profile: &str,
    allow: Vec<String>,
    warn: Vec<String>,
    deny: Vec<String>,
) -> PyResult<Bound<'py, PyList>> {
    let g = main_grammar(grammar)?;
    let options = lint_options(profile, allow, warn, deny)?;
    rule_dfa(g.into(), g.reference_rule());
    let out = many(strings, Gil::Release, |t| {
        t.and_then(|t| lint_codes(g, &options, t))
    })?;
    // One str object per code, shared by every tuple that names it.
    let mut names: Vec<Option<Bound<'py, PyString>>> = vec![None; iri_abnf::lint::CATALOGUE.len()];
    let empty = PyTuple::empty(py);
    let list = PyList::empty(py);
    for codes in out {
        match codes {
            None => list.append(py.None())?,
            Some(c) if c.is_empty() => list.append(&empty)?,
            Some(c) => {
                let items = c.iter().map(|&k| {
                    names[usize::from(k)]
                        .get_or_insert_with(|| PyString::intern(py, code_name(k)))
                        .clone()
                });
                let items: Vec<Bound<'py, PyString>> = items.collect();
                list.append(PyTuple::new(py, items)?)?;
            }
        }
    }
    Ok(list)
}

/// The lint of a pyarrow string or large_string array, read in place: with `counts`, a dict of the
/// number of diagnostics per code name (of every element); otherwise the buffers of an Arrow
/// `list<string>` array of the codes per element, null for an element that is null, not UTF-8 or not
/// a reference of the grammar: `(length, validity bitmap, list offsets, string offsets, string
/// data, number of codes)`, the offsets little-endian `int32`.
#[pyfunction]
#[pyo3(signature = (array, *, grammar="iri", profile="default", allow=Vec::new(), warn=Vec::new(), deny=Vec::new(), counts=false))]
#[allow(clippy::too_many_arguments)]
fn _lint_arrow<'py>(
    py: Python<'py>,
    array: &Bound<'py, PyAny>,
    grammar: &str,
    profile: &str,
    allow: Vec<String>,
    warn: Vec<String>,
    deny: Vec<String>,
    counts: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let g = main_grammar(grammar)?;
    let options = lint_options(profile, allow, warn, deny)?;
    rule_dfa(g.into(), g.reference_rule());
    let (strings, capsules) = ArrowStrings::of(array, "lint_arrow")?;
    let n = strings.len;
    let mut out: Vec<Codes> = vec![None; n];
    py.detach(|| {
        parallel(&mut out, |i| {
            strings.text(i).and_then(|t| lint_codes(g, &options, t))
        })
    });
    drop(capsules);
    if counts {
        let mut tally = vec![0u64; iri_abnf::lint::CATALOGUE.len()];
        for k in out.iter().flatten().flatten() {
            tally[usize::from(*k)] += 1;
        }
        let d = PyDict::new(py);
        for (k, &c) in tally.iter().enumerate() {
            if c > 0 {
                d.set_item(code_name(k as u16), c)?;
            }
        }
        return Ok(d.into_any());
    }
    let total: usize = out.iter().flatten().map(Vec::len).sum();
    let mut list_offsets: Vec<u8> = Vec::with_capacity(4 * (n + 1));
    let mut string_offsets: Vec<u8> = Vec::with_capacity(4 * (total + 1));
    let mut data: Vec<u8> = Vec::new();
    let offset32 = |v: usize| -> PyResult<[u8; 4]> {
        i32::try_from(v).map(i32::to_le_bytes).map_err(|_| {
            PyValueError::new_err("the lint of the array exceeds an Arrow list's size")
        })
    };
    let mut m = 0usize;
    list_offsets.extend(offset32(0)?);
    string_offsets.extend(offset32(0)?);
    for codes in &out {
        for &k in codes.iter().flatten() {
            data.extend_from_slice(code_name(k).as_bytes());
            string_offsets.extend(offset32(data.len())?);
            m += 1;
        }
        list_offsets.extend(offset32(m)?);
    }
    let validity = out
        .iter()
        .any(Option::is_none)
        .then(|| PyBytes::new(py, &bitmap(n, |i| out[i].is_some())));
    (
        n,
        validity,
        PyBytes::new(py, &list_offsets),
        PyBytes::new(py, &string_offsets),
        PyBytes::new(py, &data),
        m,
    )
        .into_pyobject(py)
        .map(|t| t.into_any())
}

/// Whether ``s`` is an internationalized host name as JSON Schema's ``idn-hostname`` means it
/// (RFC 5890 §2.3.2.3): NR-LDH labels, A-labels and U-labels (IDNA2008: RFC 5891 §5.3–§5.5, the
/// contextual rules of RFC 5892), the Bidi Rule (RFC 5893 §2), at most 63 octets a label and 253 the
/// name in ASCII; no empty label, no final dot, no percent-encoding. ``separators``: ``rfc3490``
/// (the default) separates labels at U+002E and at U+3002, U+FF0E, U+FF61, as RFC 3490 §3.1 and the
/// mapping of RFC 5895 §2 do (and the JSON Schema Test Suite); ``idna2008`` at U+002E only, the
/// strict IDNA2008 lookup, where the other three are DISALLOWED characters (RFC 5892).
#[pyfunction]
#[pyo3(signature = (s, *, separators="rfc3490"))]
fn is_idn_hostname(s: &Bound<'_, PyAny>, separators: &str) -> PyResult<bool> {
    let separators = label_separators(separators)?;
    let s = as_pystr(s, "s")?;
    Ok(utf8(s)
        .is_some_and(|t| iri_abnf::convert::reg_name::idn_hostname_with(t, separators).is_ok()))
}

/// The label separators named `name` (`iri_abnf::convert::reg_name::LabelSeparators`).
fn label_separators(name: &str) -> PyResult<LabelSeparators> {
    LabelSeparators::from_name(name).ok_or_else(|| {
        let names: Vec<String> = LabelSeparators::ALL
            .iter()
            .map(|s| format!("{:?}", s.name()))
            .collect();
        PyValueError::new_err(format!(
            "separators must be {}, not {name:?}",
            names.join(" or ")
        ))
    })
}

/// The library's version.
const VERSION: &str = env!("CARGO_PKG_VERSION");

#[pymodule]
fn _iri_abnf(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", VERSION)?;
    m.add("IriSyntaxError", m.py().get_type::<IriSyntaxError>())?;
    m.add_class::<Reference>()?;
    m.add_class::<Diagnostic>()?;
    m.add_function(wrap_pyfunction!(is_valid, m)?)?;
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(to_uri, m)?)?;
    m.add_function(wrap_pyfunction!(to_iri, m)?)?;
    m.add_function(wrap_pyfunction!(from_leiri, m)?)?;
    m.add_function(wrap_pyfunction!(preprocess, m)?)?;
    m.add_function(wrap_pyfunction!(resolve, m)?)?;
    m.add_function(wrap_pyfunction!(relativize, m)?)?;
    m.add_function(wrap_pyfunction!(normalize, m)?)?;
    m.add_function(wrap_pyfunction!(equivalent, m)?)?;
    m.add_function(wrap_pyfunction!(_lint, m)?)?;
    m.add("DEFAULT_MAX_DIAGNOSTICS", DEFAULT_MAX_DIAGNOSTICS)?;
    m.add_function(wrap_pyfunction!(compare, m)?)?;
    m.add_function(wrap_pyfunction!(compare_languages, m)?)?;
    m.add_function(wrap_pyfunction!(check_many, m)?)?;
    m.add_function(wrap_pyfunction!(_check_arrow, m)?)?;
    m.add_function(wrap_pyfunction!(lint_many, m)?)?;
    m.add_function(wrap_pyfunction!(_lint_arrow, m)?)?;
    m.add_function(wrap_pyfunction!(is_idn_hostname, m)?)?;
    Ok(())
}
