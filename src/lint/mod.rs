//! Diagnostics beyond the grammar: what the specs say a valid reference MUST NOT, SHOULD or SHOULD NOT
//! contain (interpretation note 8: validity is the ABNF only, so none of this changes a verdict).
//!
//! Each diagnostic has a stable [`Code`] (kebab-case, `bidi-formatting-character`), a [`Family`], a
//! default [`Severity`] (`error` for MUST / MUST NOT, `warning` for SHOULD / SHOULD NOT, `info` for
//! advice), the spec sections it comes from, a one-line summary, a long explanation with an example,
//! and inputs that fire it and close inputs that do not ([`LintInfo`]; the tests run every one). The
//! [`CATALOGUE`] holds them all; [`lint`] runs the checks on a parsed reference and gives a
//! [`Diagnostic`] per finding: its span (bytes and 1-based column), the component it is in, a message,
//! and, where the change is mechanical, the suggested replacement. The input is never rewritten.
//!
//! [`LintOptions`] sets the level of each code or family as rustc and clippy do: `allow` (off),
//! `warn`, `deny` (error), or the code's default.
//!
//! ```
//! use iri_abnf::lint::{lint, Code, LintOptions, Severity};
//! use iri_abnf::{parse, Grammar};
//!
//! // 3987bis §3.7.1 example 3 decodes to a RIGHT-TO-LEFT OVERRIDE, which an IRI must not contain.
//! let r = parse(Grammar::Leiri, "http://xn--99zt52a.example.org/\u{202E}").unwrap();
//! let found = lint(&r, &LintOptions::default());
//! assert_eq!(found[0].code, Code::BidiFormattingCharacter);
//! assert_eq!(found[0].severity, Severity::Error);
//! assert_eq!((found[0].span.start, found[0].column), (31, 32));
//! // Turned off by name, as `iri lint --allow bidi-formatting-character` does.
//! let mut options = LintOptions::default();
//! options.set("bidi-formatting-character", None).unwrap();
//! assert!(lint(&r, &options).iter().all(|d| d.code != Code::BidiFormattingCharacter));
//! ```

mod bidi;
mod characters;
mod generic;
mod host;
pub mod iana;
mod normalization;
mod percent;
mod profile;
mod schemes;
mod spoofing;

use std::fmt;

use crate::grammar::{NameKind, UnknownName};
use crate::parsing::components::{Reference, Span};

pub use profile::{Profile, PROFILES};

/// How much a diagnostic matters, from the spec's wording (RFC 2119).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Severity {
    /// Advice: what a careful producer would change.
    Info,
    /// The spec says SHOULD or SHOULD NOT.
    Warning,
    /// The spec says MUST or MUST NOT.
    Error,
}

impl Severity {
    /// `info`, `warning` or `error`.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }

    /// The severity of a name ([`Severity::name`]).
    pub fn from_name(name: &str) -> Option<Severity> {
        [Severity::Info, Severity::Warning, Severity::Error]
            .into_iter()
            .find(|s| s.name() == name)
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// A group of codes, which `--allow`, `--warn` and `--deny` take as one name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum Family {
    /// Bidirectional text (RFC 3987 §4, draft-duerst-iri-01 §4).
    Bidi,
    /// Unicode normalization (3987bis §3.1, draft-duerst-iri-01 §2.3).
    Normalization,
    /// Percent-encoding (RFC 3986 §2.1, §2.3, §2.4; 3987bis §3.7; draft-duerst-iri-01 §7).
    PercentEncoding,
    /// Characters to avoid (3987bis §2.2, §4.1; draft-duerst-iri-01 §5.1).
    Characters,
    /// Hosts: DNS names, IDNA, IP literals (RFC 3986 §3.2.2, RFC 1034 §3.1, RFC 5952).
    Host,
    /// Look-alikes and deception (3987bis §9; draft-masinter-url-i18n-07 §4.4; RFC 3986 §7.6; UTS #39).
    Spoofing,
    /// The generic syntax's advice (RFC 3986 §3.1, §3.2.1, §3.2.3, §4.3, §6.2).
    Generic,
    /// Scheme-specific syntax: `http` and `https` (RFC 9110 §4.2), `urn` (RFC 8141), `mailto` (RFC
    /// 6068), `data` (RFC 2397), `tag` (RFC 4151), `file` (RFC 8089).
    Schemes,
}

impl Family {
    /// Every family, in catalogue order.
    pub const ALL: [Family; 8] = [
        Family::Bidi,
        Family::Normalization,
        Family::PercentEncoding,
        Family::Characters,
        Family::Host,
        Family::Spoofing,
        Family::Generic,
        Family::Schemes,
    ];

    /// The family's name (`percent-encoding`).
    pub fn name(self) -> &'static str {
        match self {
            Family::Bidi => "bidi",
            Family::Normalization => "normalization",
            Family::PercentEncoding => "percent-encoding",
            Family::Characters => "characters",
            Family::Host => "host",
            Family::Spoofing => "spoofing",
            Family::Generic => "generic",
            Family::Schemes => "schemes",
        }
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

macro_rules! catalogue {
    ($(
        $(#[$doc:meta])*
        $variant:ident {
            name: $name:literal,
            family: $family:ident,
            severity: $severity:ident,
            $(enabled: $enabled:literal,)?
            spec: $spec:literal,
            summary: $summary:literal,
            explanation: $explanation:literal,
            fires: [$($fires:literal),* $(,)?],
            quiet: [$($quiet:literal),* $(,)?] $(,)?
        }
    )*) => {
        /// A diagnostic's identity; see [`CATALOGUE`] for each one's name, family, severity and spec.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[non_exhaustive]
        pub enum Code {
            $($(#[$doc])* $variant,)*
        }

        /// Every diagnostic, in [`Code`] order.
        pub static CATALOGUE: &[LintInfo] = &[
            $(LintInfo {
                code: Code::$variant,
                name: $name,
                family: Family::$family,
                severity: Severity::$severity,
                enabled: true $(&& $enabled)?,
                spec: $spec,
                summary: $summary,
                explanation: $explanation,
                fires: &[$($fires),*],
                quiet: &[$($quiet),*],
            },)*
        ];
    };
}

/// What the catalogue says about one code.
#[derive(Debug)]
#[non_exhaustive]
pub struct LintInfo {
    /// The code.
    pub code: Code,
    /// Its stable name (kebab-case).
    pub name: &'static str,
    /// Its family.
    pub family: Family,
    /// Its default severity (the severity it has when it is on).
    pub severity: Severity,
    /// Whether it is on by default. Codes that only some uses want (a relative reference where an
    /// absolute one is required) are off unless a profile, the configuration or a flag turns them on.
    pub enabled: bool,
    /// The spec sections it comes from.
    pub spec: &'static str,
    /// One line.
    pub summary: &'static str,
    /// The long description (`iri lint --explain CODE`).
    pub explanation: &'static str,
    /// Inputs that fire it (each valid LEIRI references).
    pub fires: &'static [&'static str],
    /// Close inputs that do not.
    pub quiet: &'static [&'static str],
}

include!("catalogue.rs");

/// One of Apache Jena's IRI violation codes and what covers it here ([`JENA`]).
#[derive(Debug)]
pub struct JenaCode {
    /// Jena's name (`NOT_NFC`).
    pub jena: &'static str,
    /// The names of the codes of [`CATALOGUE`] that cover it (none: see `note`).
    pub codes: &'static [&'static str],
    /// Why none, or how the codes differ.
    pub note: &'static str,
}

const fn jena(jena: &'static str, codes: &'static [&'static str], note: &'static str) -> JenaCode {
    JenaCode { jena, codes, note }
}

include!("jena.rs");

impl Code {
    /// What the catalogue says about the code.
    pub fn info(self) -> &'static LintInfo {
        &CATALOGUE[self as usize]
    }

    /// The code's stable name.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The code of a name, if there is one.
    pub fn from_name(name: &str) -> Option<Code> {
        CATALOGUE.iter().find(|i| i.name == name).map(|i| i.code)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// One finding.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct Diagnostic {
    /// The code.
    pub code: Code,
    /// Its severity under the options.
    pub severity: Severity,
    /// The bytes of the input it concerns.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub span: Span,
    /// The 1-based character column of the span's start.
    pub column: usize,
    /// The component the span is in: `scheme`, `userinfo`, `host`, `port`, `path`, `query` or
    /// `fragment`.
    pub component: &'static str,
    /// What was found, in one line.
    pub message: String,
    /// The spec sections ([`LintInfo::spec`]).
    pub spec: &'static str,
    /// The text that could replace the span, where the change is mechanical.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub suggestion: Option<String>,
}

/// The level of each code: its default severity unless set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LintOptions {
    /// `None` in a slot: the default. `Some(None)`: allowed (off). `Some(Some(s))`: severity `s`.
    levels: Vec<Option<Option<Severity>>>,
}

impl LintOptions {
    /// Sets the level of a code or of every code of a family (by name): `None` turns it off
    /// (`allow`), `Some(severity)` reports it at that severity (`warn`, `deny`). Later calls override
    /// earlier ones, as command-line flags do.
    pub fn set(&mut self, name: &str, level: Option<Severity>) -> Result<(), UnknownName> {
        let codes: Vec<Code> = match Code::from_name(name) {
            Some(code) => vec![code],
            None => {
                let family = Family::ALL
                    .into_iter()
                    .find(|f| f.name() == name)
                    .ok_or_else(|| UnknownName::new(NameKind::LintCode, name))?;
                CATALOGUE
                    .iter()
                    .filter(|i| i.family == family)
                    .map(|i| i.code)
                    .collect()
            }
        };
        if self.levels.len() < CATALOGUE.len() {
            self.levels.resize(CATALOGUE.len(), None);
        }
        for code in codes {
            self.levels[code as usize] = Some(level);
        }
        Ok(())
    }

    /// Sets the levels of lists of names (codes or families) as `iri lint` applies its `--allow`,
    /// `--warn` and `--deny` (and the lists of `iri.toml`): every family before every code, so that a
    /// code overrides its family whatever the order, and among families, or among codes, `deny` over
    /// `warn` over `allow`. The first unknown name is the error, and nothing after it is set.
    ///
    /// ```
    /// use iri_abnf::lint::{Code, LintOptions, Severity};
    ///
    /// let mut options = LintOptions::default();
    /// options.set_levels(&["uppercase-host"], &[], &["host"]).unwrap();
    /// // The family is denied, the code in it allowed.
    /// assert_eq!(options.severity(Code::from_name("uppercase-host").unwrap()), None);
    /// assert_eq!(
    ///     options.severity(Code::from_name("dns-hyphen").unwrap()),
    ///     Some(Severity::Error)
    /// );
    /// assert!(options.set_levels(&["no-such-code"], &[], &[]).is_err());
    /// ```
    pub fn set_levels<S: AsRef<str>>(
        &mut self,
        allow: &[S],
        warn: &[S],
        deny: &[S],
    ) -> Result<(), UnknownName> {
        let mut given: Vec<(bool, u8, &str, Option<Severity>)> = Vec::new();
        for (rank, names, level) in [
            (0, allow, None),
            (1, warn, Some(Severity::Warning)),
            (2, deny, Some(Severity::Error)),
        ] {
            for name in names {
                let name = name.as_ref();
                given.push((Code::from_name(name).is_some(), rank, name, level));
            }
        }
        given.sort_by_key(|&(is_code, rank, _, _)| (is_code, rank));
        for (_, _, name, level) in given {
            self.set(name, level)?;
        }
        Ok(())
    }

    /// The severity of `code` under these options, or `None` when it is allowed.
    pub fn severity(&self, code: Code) -> Option<Severity> {
        match self.levels.get(code as usize).copied().flatten() {
            Some(level) => level,
            None => {
                let info = code.info();
                info.enabled.then_some(info.severity)
            }
        }
    }
}

/// Where the checks put their findings.
pub(crate) struct Sink<'o, 'a> {
    options: &'o LintOptions,
    out: Vec<Diagnostic>,
    /// At most this many diagnostics are kept (the first in input order); `None`: all.
    limit: Option<usize>,
    /// How many diagnostics were left out under `limit`.
    omitted: usize,
    /// The highest severity of all the diagnostics, those left out included.
    highest: Option<Severity>,
    /// Only the codes are asked for ([`lint_codes`]): each finding is kept as its span and code,
    /// without its message and suggestion, here.
    codes: Option<Vec<(usize, usize, Code)>>,
    /// Whether the input is all ASCII: most checks have nothing to do then.
    pub(crate) ascii: bool,
    /// Whether the input has a "%".
    pub(crate) percent: bool,
    /// Whether the input has an ASCII space or control character (U+0000-U+0020, U+007F).
    pub(crate) space_or_control: bool,
    /// The reference's authority, looked up once for all the checks (a reference: the structure is
    /// large enough that copying it for each check shows).
    pub(crate) authority: Option<&'o crate::parsing::components::Authority<'a>>,
    /// The scheme, as far as the checks tell schemes apart.
    pub(crate) scheme: Scheme,
}

/// The schemes that some check treats on their own, told apart once per reference (scheme names are
/// case-insensitive, RFC 3986 §3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scheme {
    /// A relative reference.
    None,
    /// `http` or `https`, spelled in lower case (the common case: no upper-case letter to report).
    HttpLower {
        https: bool,
    },
    /// `http` or `https` with an upper-case letter.
    Http {
        https: bool,
    },
    Urn,
    Mailto,
    Data,
    Tag,
    File,
    Ftp,
    /// Any other scheme.
    Other,
}

impl Scheme {
    fn of(name: &str) -> Scheme {
        match name {
            "http" => return Scheme::HttpLower { https: false },
            "https" => return Scheme::HttpLower { https: true },
            _ => {}
        }
        let is = |known: &str| name.eq_ignore_ascii_case(known);
        if is("http") || is("https") {
            Scheme::Http { https: is("https") }
        } else if is("urn") {
            Scheme::Urn
        } else if is("mailto") {
            Scheme::Mailto
        } else if is("data") {
            Scheme::Data
        } else if is("tag") {
            Scheme::Tag
        } else if is("file") {
            Scheme::File
        } else if is("ftp") {
            Scheme::Ftp
        } else {
            Scheme::Other
        }
    }
}

/// What one pass over the bytes of an input tells about it: which checks have anything to do. Most
/// references are ASCII, without `%` and without spaces or controls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ByteClasses {
    ascii: bool,
    percent: bool,
    space_or_control: bool,
}

impl ByteClasses {
    /// Eight bytes at a time (the last eight overlap the others when the length is not a multiple of
    /// eight), each class a test for a byte below `n` in a word: there is one in the word `w` exactly
    /// when `(w - n * 0x0101..) & !w & 0x8080..` is not zero, for `n` up to 0x80 and whatever the
    /// other bytes are (a borrow starts only at such a byte, and `!w` clears the bytes of 0x80 and
    /// more that the subtraction leaves high). `%` and DEL are the zero bytes of `w` XOR them.
    fn of(b: &[u8]) -> ByteClasses {
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGH: u64 = ONES * 0x80;
        /// The bits of the `%` bytes and of the space and control bytes of an ASCII word.
        fn classes(w: u64) -> (u64, u64) {
            let below = |w: u64, n: u64| w.wrapping_sub(ONES * n) & !w;
            let pct = w ^ (ONES * u64::from(b'%'));
            let del = w ^ (ONES * 0x7F);
            (below(pct, 1), below(w, 0x21) | below(del, 1))
        }
        let word = |at: usize| {
            let mut w = [0; 8];
            w.copy_from_slice(&b[at..at + 8]);
            u64::from_le_bytes(w)
        };
        let (mut any, mut pct, mut ctl) = (0, 0, 0);
        if b.len() >= 8 {
            let last = b.len() - 8;
            let mut at = 0;
            loop {
                let w = word(at.min(last));
                let (p, c) = classes(w);
                any |= w;
                pct |= p;
                ctl |= c;
                if at >= last {
                    break;
                }
                at += 8;
            }
        } else {
            for &x in b {
                any |= u64::from(x);
                pct |= u64::from(x == b'%') << 7;
                ctl |= u64::from(x <= b' ' || x == 0x7F) << 7;
            }
        }
        ByteClasses {
            ascii: any & HIGH == 0,
            percent: pct & HIGH != 0,
            space_or_control: ctl & HIGH != 0,
        }
    }
}

impl Sink<'_, '_> {
    /// Whether `code` is on (so that a check can skip work).
    pub(crate) fn on(&self, code: Code) -> bool {
        self.options.severity(code).is_some()
    }

    /// Records a finding, unless its code is allowed.
    pub(crate) fn push(
        &mut self,
        code: Code,
        span: Span,
        component: &'static str,
        message: String,
        suggestion: Option<String>,
    ) {
        let Some(severity) = self.options.severity(code) else {
            return;
        };
        self.highest = self.highest.max(Some(severity));
        if let Some(codes) = &mut self.codes {
            codes.push((span.start, span.end, code));
            return;
        }
        // The column is counted once all the diagnostics are in (`Sink::finish`): counting it here,
        // from the start of the input, made an input of many diagnostics take time quadratic in its
        // length.
        self.out.push(Diagnostic {
            code,
            severity,
            span,
            column: 0,
            component,
            message,
            spec: code.info().spec,
            suggestion,
        });
        if let Some(limit) = self.limit {
            // Twice the limit, then back to it: the first `limit` in input order are kept, in
            // memory proportional to the limit and time linear in the diagnostics.
            if self.out.len() >= limit.saturating_mul(2).max(64) {
                self.trim(limit);
            }
        }
    }

    /// Keeps the first `limit` diagnostics in input order, counting the others as omitted.
    fn trim(&mut self, limit: usize) {
        if self.out.len() > limit {
            self.out
                .select_nth_unstable_by_key(limit, |d| (d.span.start, d.span.end, d.code));
            self.omitted += self.out.len() - limit;
            self.out.truncate(limit);
        }
    }

    /// The diagnostics in input order (by span, then code), with their columns: one pass over the
    /// input, whatever the number of diagnostics.
    fn finish(mut self, input: &str) -> LintReport {
        if let Some(limit) = self.limit {
            self.trim(limit);
        }
        let mut out = self.out;
        out.sort_by_key(|d| (d.span.start, d.span.end, d.code));
        let (mut at, mut column) = (0, 1);
        for d in &mut out {
            let start = d.span.start.min(input.len());
            if let Some(between) = input.get(at..start) {
                column += between.chars().count();
                at = start;
            }
            d.column = column;
        }
        LintReport {
            diagnostics: out,
            omitted: self.omitted,
            highest: self.highest,
        }
    }
}

/// The catalogue as a Markdown page: a table per family (code, default severity, spec, summary), then
/// each code's explanation and examples. `src/lint/CATALOGUE.md` is this text ([`codes`] shows it in
/// the docs); `tests/lint_catalogue.rs` fails when the file is stale.
pub fn catalogue_markdown() -> String {
    use std::fmt::Write as _;
    let mut s = String::from(
        "# The lint catalogue\n\n\
         Generated from `src/lint/catalogue.rs` (`iri lint --list`, `iri lint --explain CODE`); do not \
         edit. Severities are the defaults: `error` for MUST / MUST NOT, `warning` for SHOULD / SHOULD \
         NOT, `info` for advice.\n",
    );
    for family in Family::ALL {
        let _ = write!(
            s,
            "\n## {family}\n\n| code | severity | spec | summary |\n| --- | --- | --- | --- |\n"
        );
        for i in CATALOGUE.iter().filter(|i| i.family == family) {
            let _ = writeln!(
                s,
                "| [`{}`](#{}) | {}{} | {} | {} |",
                i.name,
                i.name,
                i.severity,
                if i.enabled { "" } else { " (off)" },
                i.spec,
                i.summary
            );
        }
    }
    s.push_str(
        "\n## Profiles\n\n\
         `iri lint --profile NAME` (or `profile = \"NAME\"` in `iri.toml`) sets these levels before any \
         `--allow`, `--warn` or `--deny`; `off` is allowed.\n\n| profile | for |\n| --- | --- |\n",
    );
    for p in PROFILES {
        let _ = writeln!(s, "| `{}` | {} |", p.name, p.summary);
    }
    let _ = write!(s, "\n| code |");
    for p in PROFILES {
        let _ = write!(s, " {} |", p.name);
    }
    let _ = write!(s, "\n| --- |{}\n", " --- |".repeat(PROFILES.len()));
    let profiles: Vec<LintOptions> = PROFILES.iter().map(|p| p.options()).collect();
    for i in CATALOGUE {
        let _ = write!(s, "| [`{}`](#{}) |", i.name, i.name);
        for o in &profiles {
            let _ = write!(s, " {} |", o.severity(i.code).map_or("off", |x| x.name()));
        }
        s.push('\n');
    }
    s.push_str(
        "\n## Apache Jena's violation codes\n\n\
         Each of the 63 codes of Jena's IRI checker and the codes here that cover it; a code with \
         none is a grammar error here (reported as an invalid input), out of scope, internal to \
         Jena, or not yet covered.\n\n| Jena | here | note |\n| --- | --- | --- |\n",
    );
    for j in JENA {
        let codes: Vec<String> = j.codes.iter().map(|c| format!("[`{c}`](#{c})")).collect();
        let _ = writeln!(s, "| `{}` | {} | {} |", j.jena, codes.join(", "), j.note);
    }
    s.push_str("\n## Explanations\n");
    for i in CATALOGUE {
        let _ = write!(
            s,
            "\n### {}\n\n{}, {}. {}\n\n{}\n\n",
            i.name,
            i.family,
            default_level(i),
            i.spec,
            i.explanation
        );
        // Every character outside printable ASCII as `\u{X}`, so that the examples of `not-nfc`
        // show the difference.
        let shown = |list: &[&str]| -> String {
            list.iter()
                .map(|x| {
                    let escaped: String = x
                        .chars()
                        .map(|c| {
                            if c.is_ascii_graphic() || c == ' ' {
                                c.to_string()
                            } else {
                                format!("\\u{{{:X}}}", c as u32)
                            }
                        })
                        .collect();
                    format!("`{escaped}`")
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let _ = writeln!(
            s,
            "Fires on {}; quiet on {}.",
            shown(i.fires),
            shown(i.quiet)
        );
    }
    s
}

/// `warning by default`, or `off by default (warning when on)`.
pub fn default_level(info: &LintInfo) -> String {
    if info.enabled {
        format!("{} by default", info.severity)
    } else {
        format!("off by default ({} when on)", info.severity)
    }
}

#[doc = include_str!("CATALOGUE.md")]
pub mod codes {}

/// The diagnostics of a parsed reference under `options`, in input order (by span, then code): all
/// of them, in time linear in the input and its diagnostics ([`lint_report`] keeps the first few).
pub fn lint(reference: &Reference<'_>, options: &LintOptions) -> Vec<Diagnostic> {
    lint_report(reference, options, None).diagnostics
}

/// How many diagnostics of one input the command line, the server and the bindings show unless told
/// otherwise (`--max-diagnostics`, `max_diagnostics`, `maxDiagnostics`): the first in input order,
/// with the count of the others. The limit of clang's `-ferror-limit`; an input can hold a
/// diagnostic per character or escape, and without a limit its report would be many times its size.
pub const DEFAULT_MAX_DIAGNOSTICS: usize = 20;

/// What [`lint_report`] found: the first diagnostics in input order and how many more there were.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub struct LintReport {
    /// The diagnostics kept, in input order (by span, then code).
    pub diagnostics: Vec<Diagnostic>,
    /// How many diagnostics were found beyond those kept (0 without a limit).
    pub omitted: usize,
    /// The highest severity of all the diagnostics found, those left out included (`None`: none
    /// found): what decides an exit status or a verdict on the severity.
    pub highest: Option<Severity>,
}

/// The first `limit` diagnostics of a parsed reference under `options` (all of them for `None`), in
/// input order, and the number of the others. An input can hold a diagnostic per character or
/// escape (a line of `%7e` has two per three bytes); with a limit, the memory held is proportional
/// to the limit rather than to the input, and the time stays linear in the input.
///
/// ```
/// use iri_abnf::lint::{lint_report, Code, LintOptions};
/// use iri_abnf::{parse, Grammar};
///
/// let input = format!("http://example.org/{}", "%7e".repeat(1000));
/// let r = parse(Grammar::Iri, &input).unwrap();
/// // Each %7e has lower-case hexadecimal digits and encodes the unreserved "~".
/// let report = lint_report(&r, &LintOptions::default(), Some(3));
/// assert_eq!(report.diagnostics.len(), 3);
/// assert_eq!(report.omitted, 2 * 1000 - 3);
/// assert_eq!(report.diagnostics[2].code, Code::LowercasePercentEncoding);
/// assert_eq!((report.diagnostics[2].span.start, report.diagnostics[2].column), (22, 23));
/// assert_eq!(report.highest, Some(iri_abnf::lint::Severity::Warning));
/// ```
pub fn lint_report(
    reference: &Reference<'_>,
    options: &LintOptions,
    limit: Option<usize>,
) -> LintReport {
    let input = reference.as_str();
    let mut report = run_checks(reference, options, limit, false, |sink| sink.finish(input));
    host::keep_suggestions_off_addresses(reference, &mut report.diagnostics);
    report
}

/// The codes of every diagnostic of a parsed reference under `options`, in the order of [`lint`]:
/// what bulk linting counts, held as a span and a code each rather than as a [`Diagnostic`] with
/// its message (an input can hold a diagnostic per character or escape).
///
/// ```
/// use iri_abnf::lint::{lint, lint_codes, Code, LintOptions};
/// use iri_abnf::{parse, Grammar};
///
/// let r = parse(Grammar::Iri, "HTTP://a/%7e").unwrap();
/// let codes = lint_codes(&r, &LintOptions::default());
/// assert_eq!(codes, [Code::UppercaseScheme, Code::LowercasePercentEncoding, Code::EncodedUnreserved]);
/// let all: Vec<Code> = lint(&r, &LintOptions::default()).iter().map(|d| d.code).collect();
/// assert_eq!(codes, all);
/// ```
pub fn lint_codes(reference: &Reference<'_>, options: &LintOptions) -> Vec<Code> {
    let mut keys =
        run_checks(reference, options, None, true, |sink| sink.codes).unwrap_or_default();
    keys.sort_by_key(|&(start, end, code)| (start, end, code));
    keys.into_iter().map(|(_, _, code)| code).collect()
}

/// The checks of every family on a parsed reference, into a sink (with `limit`, or of codes only),
/// and what `finish` makes of it.
fn run_checks<T>(
    reference: &Reference<'_>,
    options: &LintOptions,
    limit: Option<usize>,
    codes: bool,
    finish: impl FnOnce(Sink<'_, '_>) -> T,
) -> T {
    let input = reference.as_str();
    // One look at the bytes decides which checks have anything to do: most references are ASCII
    // without percent-encoding.
    let classes = ByteClasses::of(input.as_bytes());
    let authority = reference.authority();
    let mut sink = Sink {
        options,
        out: Vec::new(),
        limit,
        omitted: 0,
        highest: None,
        codes: codes.then(Vec::new),
        ascii: classes.ascii,
        percent: classes.percent,
        space_or_control: classes.space_or_control,
        authority: authority.as_ref(),
        scheme: reference
            .scheme()
            .map_or(Scheme::None, |s| Scheme::of(s.as_str())),
    };
    bidi::check(reference, &mut sink);
    normalization::check(reference, &mut sink);
    percent::check(reference, &mut sink);
    characters::check(reference, &mut sink);
    host::check(reference, &mut sink);
    spoofing::check(reference, &mut sink);
    generic::check(reference, &mut sink);
    schemes::check(reference, &mut sink);
    finish(sink)
}

/// The components of a reference that hold text, with their names: userinfo, host, path, query and
/// fragment (the scheme and the port are ASCII by the grammar).
pub(crate) fn text_components<'a>(
    r: &Reference<'a>,
) -> impl Iterator<Item = (&'static str, crate::parsing::components::Component<'a>)> {
    let authority = r.authority();
    let userinfo = authority.and_then(|a| a.userinfo());
    let host = authority.map(|a| a.host().as_component());
    let path = Some(r.path().as_component());
    [
        ("userinfo", userinfo),
        ("host", host),
        ("path", path),
        ("query", r.query()),
        ("fragment", r.fragment()),
    ]
    .into_iter()
    .filter_map(|(name, c)| Some((name, c?)))
}

/// The name of the component of `r` that holds the byte at `offset` (see [`Diagnostic::component`]).
pub(crate) fn component_at(r: &Reference<'_>, offset: usize) -> &'static str {
    let within = |c: Option<crate::parsing::components::Component<'_>>| {
        c.is_some_and(|c| c.span().start <= offset && offset < c.span().end.max(c.span().start + 1))
    };
    let authority = r.authority();
    if within(r.scheme()) {
        "scheme"
    } else if within(authority.and_then(|a| a.userinfo())) {
        "userinfo"
    } else if within(authority.map(|a| a.host().as_component())) {
        "host"
    } else if within(authority.and_then(|a| a.port().map(|p| p.as_component()))) {
        "port"
    } else if within(r.query()) {
        "query"
    } else if within(r.fragment()) {
        "fragment"
    } else {
        "path"
    }
}

/// `U+202E RIGHT-TO-LEFT OVERRIDE`-style name of a character, as far as the message needs it.
pub(crate) fn code_point(c: char) -> String {
    format!("U+{:04X}", c as u32)
}

/// The decoded octets of the `%HH` triplets from `start` on in `text`: each run of consecutive
/// triplets with its byte range in `text`.
pub(crate) fn pct_runs(text: &str) -> Vec<(usize, usize, Vec<u8>)> {
    let b = text.as_bytes();
    let mut runs = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let start = i;
            let mut octets = Vec::new();
            while let Some(o) = b.get(i..).and_then(|s| {
                if s.first() == Some(&b'%') {
                    crate::characters::pct_octet(s)
                } else {
                    None
                }
            }) {
                octets.push(o);
                i += 3;
            }
            if octets.is_empty() {
                i += 1;
            } else {
                runs.push((start, i, octets));
            }
        } else {
            i += 1;
        }
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Inputs made of pieces that each fire diagnostics (escapes, bidi controls, spaces of other
    /// kinds, compatibility characters, upper-case letters), drawn by a small generator from `seed`.
    fn noisy(seed: u64, pieces: usize) -> String {
        const PIECES: [&str; 12] = [
            "%7e",
            "%C3%A9",
            "%c3%a9",
            "\u{200E}",
            "\u{00A0}",
            "\u{200B}",
            "\u{FF21}",
            "%E2%80%AE",
            "a",
            "é",
            "%41",
            "/",
        ];
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut s = String::from(
            ["http://a/", "HTTP://A.example/", "x:", "//h\u{00E9}/"][seed as usize % 4],
        );
        for _ in 0..pieces {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            s.push_str(PIECES[(x % PIECES.len() as u64) as usize]);
        }
        s
    }

    /// The columns counted in one pass are those counted from the start for each diagnostic, and a
    /// report with a limit keeps the first diagnostics of the whole list and counts the rest, with
    /// the highest severity of them all.
    #[test]
    fn a_limited_report_is_the_head_of_the_whole_list() {
        let options = LintOptions::default();
        let mut seen = 0;
        for seed in 0..400u64 {
            let input = noisy(seed, (seed % 97) as usize);
            let Ok(r) = crate::parse(crate::Grammar::Iri, &input) else {
                continue;
            };
            let all = lint(&r, &options);
            seen += all.len();
            for d in &all {
                assert_eq!(
                    d.column,
                    input[..d.span.start].chars().count() + 1,
                    "{input:?}"
                );
            }
            let keys: Vec<_> = all
                .iter()
                .map(|d| (d.span.start, d.span.end, d.code))
                .collect();
            assert!(keys.windows(2).all(|w| w[0] <= w[1]), "{input:?}");
            let highest = all.iter().map(|d| d.severity).max();
            for limit in [0, 1, 2, 5, 31, 32, 33, 64, 65, 200] {
                let report = lint_report(&r, &options, Some(limit));
                let kept = limit.min(all.len());
                assert_eq!(report.diagnostics, all[..kept], "{input:?} {limit}");
                assert_eq!(report.omitted, all.len() - kept, "{input:?} {limit}");
                assert_eq!(report.highest, highest, "{input:?} {limit}");
            }
            let codes: Vec<Code> = all.iter().map(|d| d.code).collect();
            assert_eq!(lint_codes(&r, &options), codes, "{input:?}");
            let whole = lint_report(&r, &options, None);
            assert_eq!((whole.diagnostics, whole.omitted), (all, 0));
        }
        // The inputs are made of diagnostics: thousands of them in all.
        assert!(seen > 10_000, "{seen}");
    }

    /// [`ByteClasses::of`] against the byte-by-byte definition: every byte value at every place of
    /// inputs of 0 to 40 bytes, alone and beside a non-ASCII byte, a `%` and a control.
    #[test]
    fn byte_classes_are_the_bytes_classes() {
        let plain = |b: &[u8]| ByteClasses {
            ascii: b.is_ascii(),
            percent: b.contains(&b'%'),
            space_or_control: b.iter().any(|&x| x <= b' ' || x == 0x7F),
        };
        let mut checked = 0;
        for len in 0..=40 {
            let mut text = vec![b'a'; len];
            assert_eq!(ByteClasses::of(&text), plain(&text), "{len}");
            for at in 0..len {
                for x in 0..=255u8 {
                    text[at] = x;
                    assert_eq!(
                        ByteClasses::of(&text),
                        plain(&text),
                        "{x:#x} at {at} of {len}"
                    );
                    for (other, with) in [(0, 0xC3), (len - 1, b'%'), (len / 2, 0x1F)] {
                        if other != at {
                            let keep = text[other];
                            text[other] = with;
                            assert_eq!(ByteClasses::of(&text), plain(&text), "{x:#x} at {at}");
                            text[other] = keep;
                        }
                    }
                    checked += 1;
                }
                text[at] = b'a';
            }
        }
        assert_eq!(checked, 256 * (0..=40).sum::<usize>());
    }

    #[test]
    fn schemes_are_told_apart_without_regard_to_case() {
        assert_eq!(Scheme::of("http"), Scheme::HttpLower { https: false });
        assert_eq!(Scheme::of("HTTPS"), Scheme::Http { https: true });
        assert_eq!(Scheme::of("hTtp"), Scheme::Http { https: false });
        assert_eq!(Scheme::of("httpx"), Scheme::Other);
        assert_eq!(Scheme::of("URN"), Scheme::Urn);
        assert_eq!(Scheme::of("MailTo"), Scheme::Mailto);
        assert_eq!(Scheme::of("ftp"), Scheme::Ftp);
        assert_eq!(Scheme::of("tag"), Scheme::Tag);
    }

    #[test]
    fn the_catalogue_is_in_code_order_with_unique_names() {
        for (i, info) in CATALOGUE.iter().enumerate() {
            assert_eq!(info.code as usize, i, "{}", info.name);
            assert_eq!(Code::from_name(info.name), Some(info.code));
            assert!(
                info.name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
                "{}",
                info.name
            );
            assert!(Family::ALL.iter().all(|f| f.name() != info.name));
            assert!(
                !info.fires.is_empty() && !info.quiet.is_empty(),
                "{}",
                info.name
            );
            assert!(
                !info.spec.is_empty() && info.summary.len() < 100,
                "{}",
                info.name
            );
        }
    }

    #[test]
    fn levels() {
        let mut o = LintOptions::default();
        assert_eq!(o.severity(Code::UppercaseScheme), Some(Severity::Warning));
        o.set("generic", None).unwrap();
        assert_eq!(o.severity(Code::UppercaseScheme), None);
        o.set("uppercase-scheme", Some(Severity::Error)).unwrap();
        assert_eq!(o.severity(Code::UppercaseScheme), Some(Severity::Error));
        assert_eq!(o.severity(Code::EmptyPort), None);
        assert!(o.set("nope", None).is_err());
    }

    #[test]
    fn percent_runs() {
        assert_eq!(pct_runs("a%41%42b%zz%4"), vec![(1, 7, vec![0x41, 0x42])]);
    }
}
