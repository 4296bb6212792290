//! `iri lint`: what the specs say beyond the grammar, for each input (see `iri_abnf::lint`).

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{ArgAction, Args, ValueEnum};
use iri_abnf::lint::{
    lint_report, Code, Diagnostic, Family, LintOptions, Profile, Severity, CATALOGUE,
    DEFAULT_MAX_DIAGNOSTICS, PROFILES,
};
use iri_abnf::{Grammar, ParseError};
use serde::{Deserialize, Serialize};

use super::args::GrammarArg;
use super::input::{for_each_item, Decoding, InputArgs};
use super::output::{Out, EXIT_ERROR, EXIT_OK};
use super::records::{diagnostics_text, write_invalid, write_not_processed, ErrorRecord};

const LINT_HELP: &str = "\
Checks each input against the grammar, then against what the specs say beyond it: bidirectional
text, Unicode normalization, percent-encoding, characters to avoid, hosts and the generic syntax's
advice. Each diagnostic has a code, a severity (error: the spec says MUST or MUST NOT; warning:
SHOULD or SHOULD NOT; info: advice), the span it concerns, the spec sections and, where the change
is mechanical, a suggestion. The input is never rewritten.

Levels, as rustc and clippy take them: --allow CODE turns a code off, --warn CODE reports it as a
warning, --deny CODE as an error; a family name (bidi, normalization, percent-encoding, characters,
host, spoofing, generic, schemes) stands for all its codes. A code's own level overrides its
family's (--deny generic --allow uppercase-scheme); for the same name, --deny wins over --warn, and
--warn over --allow. `iri lint --list` lists the codes and the profiles, `iri lint --explain CODE` explains one.

Profiles (--profile NAME) set levels first: default (the catalogue's), strict (every info code a
warning), minting (new identifiers: absolute, normalized), rdf (relative references are errors; quiet
on percent-encoding and compatibility characters), security (deception is an error, style is off).
Some codes are off unless a profile or a flag turns them on (relative-reference).

Configuration: ./iri.toml (or --config FILE; --no-config reads none), for example
  [lint]
  profile = \"rdf\"
  allow = [\"not-nfc\"]
  deny = [\"bidi\"]
  fail-on = \"warning\"
Its levels apply after the profile and before the command line's; --profile and --fail-on override
its profile and fail-on.

Output (--format text): per input with diagnostics, the input, then each diagnostic as
`severity[code]: message (spec)`, the input with carets under the span (a line longer than 120
columns is shown as a window of 40 columns on each side of the span, cut with `…`), and the
suggestion. An input that does not match the grammar is reported as `iri check` reports it.

At most --max-diagnostics N diagnostics of each input are shown (default 20; 0 shows all): the first
in input order, then `= and M more diagnostics`. An input can hold a diagnostic per character or
escape; the exit status counts them all.

Output (--format json): one JSON object per line per input:
  {\"input\": str, \"valid\": bool, \"error\": null | {...as iri check...},
   \"diagnostics\": [{\"code\": str, \"severity\": str, \"start\": int, \"end\": int, \"column\": int,
                     \"component\": str, \"message\": str, \"spec\": str, \"suggestion\": str?}],
   \"diagnostics_omitted\": int}
start and end are byte offsets, column a 1-based count of characters; diagnostics_omitted counts the
diagnostics beyond --max-diagnostics.

Exit status: 0 when every input is valid and no diagnostic at or above --fail-on (default: error)
fired; 1 otherwise; 2 for a usage error (an unknown code, for one).

Examples:
  iri lint 'http://example.org/%c3%a9'                 # info: lower-case hex digits, an encoded é
  iri lint --grammar leiri 'http://example.org/\u{202E}txt'
  iri lint --allow percent-encoding --deny not-nfc --input iris.txt
  iri lint --fail-on warning --format json 'HTTP://Example.org:80/'
  iri lint --profile rdf --input triples-iris.txt
  iri lint --list
  iri lint --explain bidi-formatting-character";

/// Report what the specs say beyond the grammar: bidi, normalization, percent-encoding, hosts, ...
#[derive(Args)]
#[command(after_help = LINT_HELP)]
pub struct LintArgs {
    /// The grammar the inputs must match first (one of the four with components).
    #[arg(long, short, value_enum, default_value = "iri")]
    grammar: GrammarArg,
    #[command(flatten)]
    levels: LevelArgs,
    /// Exit 1 when a diagnostic of this severity or above fired [default: error, or the
    /// configuration's fail-on].
    #[arg(long, value_enum)]
    fail_on: Option<FailOn>,
    /// Print the catalogue of codes and exit.
    #[arg(long, conflicts_with = "explain")]
    list: bool,
    /// Print the long description of a code and exit.
    #[arg(long, value_name = "CODE")]
    explain: Option<String>,
    /// Output format.
    #[arg(long, short, value_enum, default_value = "text")]
    format: LintFormat,
    #[command(flatten)]
    input: InputArgs,
    /// The inputs (strings, not file names: see --input).
    #[arg(value_name = "INPUT")]
    inputs: Vec<OsString>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum LintFormat {
    Text,
    Json,
}

/// The levels of the codes: a profile, the configuration file and `--allow`, `--warn`, `--deny`
/// (shared by `iri lint` and `iri check --lint`).
#[derive(Args, Clone, Debug, Default)]
pub struct LevelArgs {
    /// Start from a profile's levels: default, strict, minting, rdf or security (`iri lint --list`
    /// shows them) [default: the configuration's profile, or default].
    #[arg(long, value_name = "NAME", value_parser = profile_names())]
    profile: Option<String>,
    /// Turn a code or family off.
    #[arg(long, value_name = "CODE", action = ArgAction::Append)]
    allow: Vec<String>,
    /// Report a code or family as a warning.
    #[arg(long, value_name = "CODE", action = ArgAction::Append)]
    warn: Vec<String>,
    /// Report a code or family as an error.
    #[arg(long, value_name = "CODE", action = ArgAction::Append)]
    deny: Vec<String>,
    /// Read the configuration from FILE instead of ./iri.toml.
    #[arg(long, value_name = "FILE", conflicts_with = "no_config")]
    config: Option<PathBuf>,
    /// Read no configuration file.
    #[arg(long)]
    no_config: bool,
    /// Show at most N diagnostics of each input, the first in input order, and the number of the
    /// others; 0 shows all [default: 20].
    #[arg(long, value_name = "N")]
    max_diagnostics: Option<usize>,
}

impl LevelArgs {
    /// The same options with another profile (`--profile NAME`).
    pub fn with_profile(&self, name: &str) -> LevelArgs {
        LevelArgs {
            profile: Some(name.to_string()),
            ..self.clone()
        }
    }

    /// The most diagnostics of one input to show (`--max-diagnostics`): `None` for all.
    pub fn max_diagnostics(&self) -> Option<usize> {
        match self.max_diagnostics {
            None => Some(DEFAULT_MAX_DIAGNOSTICS),
            Some(0) => None,
            Some(n) => Some(n),
        }
    }

    /// Whether any of the options was given.
    pub fn is_given(&self) -> bool {
        self.max_diagnostics.is_some()
            || self.profile.is_some()
            || !self.allow.is_empty()
            || !self.warn.is_empty()
            || !self.deny.is_empty()
            || self.config.is_some()
            || self.no_config
    }
}

fn profile_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(PROFILES.iter().map(|p| p.name))
}

/// The `[lint]` table of `iri.toml`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct LintConfig {
    profile: Option<String>,
    #[serde(default)]
    allow: Vec<String>,
    #[serde(default)]
    warn: Vec<String>,
    #[serde(default)]
    deny: Vec<String>,
    fail_on: Option<FailOn>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfigFile {
    #[serde(default)]
    lint: LintConfig,
}

/// The default configuration file, read from the working directory.
pub const CONFIG_FILE: &str = "iri.toml";

/// The configuration and the file it came from: `--config FILE`, else `./iri.toml` if it exists,
/// else none.
fn read_config(args: &LevelArgs) -> Result<(LintConfig, PathBuf), String> {
    if args.no_config {
        return Ok((LintConfig::default(), PathBuf::new()));
    }
    let path = match &args.config {
        Some(path) => path.clone(),
        None => {
            let path = PathBuf::from(CONFIG_FILE);
            if !path.exists() {
                return Ok((LintConfig::default(), path));
            }
            path
        }
    };
    let text = std::fs::read_to_string(&path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let file: ConfigFile = toml::from_str(&text)
        .map_err(|e| format!("{}: {}", path.display(), e.to_string().trim_end()))?;
    if let Some(p) = &file.lint.profile {
        if Profile::from_name(p).is_none() {
            let names: Vec<&str> = PROFILES.iter().map(|p| p.name).collect();
            return Err(format!(
                "{}: unknown profile {p:?} (one of: {})",
                path.display(),
                names.join(", ")
            ));
        }
    }
    Ok((file.lint, path))
}

/// The options and the `fail-on` of the configuration, in this order (later wins): the profile
/// (`--profile`, else the configuration's), the configuration's levels, the command line's. Within
/// the configuration and within the command line, families before codes, and `deny` over `warn`
/// over `allow`.
pub fn levels(args: &LevelArgs) -> Result<(LintOptions, Option<Severity>), String> {
    let (config, path) = read_config(args)?;
    let profile = args
        .profile
        .as_deref()
        .or(config.profile.as_deref())
        .unwrap_or("default");
    let mut options = LintOptions::default();
    Profile::from_name(profile)
        .ok_or_else(|| format!("unknown profile {profile:?}"))?
        .apply(&mut options)
        .map_err(|e| e.to_string())?;
    // Families before codes, deny over warn over allow (`LintOptions::set_levels`); the command
    // line over the configuration.
    options
        .set_levels(&config.allow, &config.warn, &config.deny)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    options
        .set_levels(&args.allow, &args.warn, &args.deny)
        .map_err(|e| e.to_string())?;
    Ok((options, config.fail_on.map(Severity::from)))
}

#[derive(Clone, Copy, Debug, ValueEnum, Deserialize)]
#[serde(rename_all = "lowercase")]
enum FailOn {
    Info,
    Warning,
    Error,
}

impl From<FailOn> for Severity {
    fn from(f: FailOn) -> Severity {
        match f {
            FailOn::Info => Severity::Info,
            FailOn::Warning => Severity::Warning,
            FailOn::Error => Severity::Error,
        }
    }
}

/// The JSON record of one input: the documented contract of `iri lint --format json`.
#[derive(Serialize)]
pub struct LintRecord<'a> {
    pub input: &'a str,
    pub valid: bool,
    pub error: Option<ErrorRecord>,
    pub diagnostics: Vec<Diagnostic>,
    /// How many diagnostics were left out under `--max-diagnostics`.
    pub diagnostics_omitted: usize,
    /// The highest severity of the diagnostics, those left out included.
    #[serde(skip)]
    pub highest: Option<Severity>,
}

/// The record of one input, as `iri lint --format json` writes it (and `iri serve` answers
/// `/api/lint`): the input must be a reference of `grammar` first; and for an invalid input its
/// error, fully explained (the text output draws its caret). At most `limit` diagnostics, the first
/// in input order (`None`: all).
pub fn lint_record<'a>(
    grammar: Grammar,
    options: &LintOptions,
    limit: Option<usize>,
    input: &'a str,
) -> (LintRecord<'a>, Option<ParseError>) {
    let (report, error) = match iri_abnf::parse(grammar, input) {
        Ok(r) => (lint_report(&r, options, limit), None),
        Err(e) => (Default::default(), Some(e.explain())),
    };
    let record = LintRecord {
        input,
        valid: error.is_none(),
        error: error.as_ref().map(ErrorRecord::from),
        diagnostics: report.diagnostics,
        diagnostics_omitted: report.omitted,
        highest: report.highest,
    };
    (record, error)
}

pub fn run(args: &LintArgs) -> i32 {
    if args.list {
        return list(args.format);
    }
    if let Some(name) = &args.explain {
        return explain(name);
    }
    let (options, config_fail_on) = match levels(&args.levels) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("iri: {e}");
            return EXIT_ERROR;
        }
    };
    let grammar: Grammar = args.grammar.into();
    let limit = args.levels.max_diagnostics();
    let fail_on: Severity = args
        .fail_on
        .map(Severity::from)
        .or(config_fail_on)
        .unwrap_or(Severity::Error);
    let mut out = Out::new();
    let read = for_each_item(&args.inputs, 1, &args.input, Decoding::Utf8, |item| {
        if out.broken() {
            return;
        }
        let input = match &item.input {
            Ok(input) => *input,
            Err(e) => {
                write_not_processed(&mut out, e, matches!(args.format, LintFormat::Json));
                return;
            }
        };
        let (record, error) = lint_record(grammar, &options, limit, input);
        if error.is_some() || record.highest >= Some(fail_on) {
            out.failed = true;
        }
        match args.format {
            LintFormat::Json => out.json(&record),
            LintFormat::Text => {
                if let Some(e) = &error {
                    write_invalid(&mut out, e);
                    out.end_record();
                } else if !record.diagnostics.is_empty() {
                    out.text(&text_record(input, &record));
                    out.end_record();
                }
            }
        }
    });
    out.finish(read.is_ok())
}

/// The text of an input's diagnostics.
fn text_record(input: &str, record: &LintRecord<'_>) -> String {
    format!(
        "{}\n{}",
        iri_abnf::report::quote(input),
        diagnostics_text(input, &record.diagnostics, record.diagnostics_omitted)
    )
}

#[derive(Serialize)]
struct CodeRecord {
    code: &'static str,
    family: Family,
    severity: Severity,
    enabled: bool,
    spec: &'static str,
    summary: &'static str,
}

fn list(format: LintFormat) -> i32 {
    let mut out = Out::new();
    match format {
        LintFormat::Json => {
            for i in CATALOGUE {
                out.json(&CodeRecord {
                    code: i.name,
                    family: i.family,
                    severity: i.severity,
                    enabled: i.enabled,
                    spec: i.spec,
                    summary: i.summary,
                });
            }
        }
        LintFormat::Text => {
            let width = CATALOGUE.iter().map(|i| i.name.len()).max().unwrap_or(0);
            for family in Family::ALL {
                out.line(&format!("{family}:"));
                for i in CATALOGUE.iter().filter(|i| i.family == family) {
                    let level = if i.enabled {
                        i.severity.name().to_string()
                    } else {
                        format!("{} (off)", i.severity)
                    };
                    out.line(&format!(
                        "  {:width$}  {:13}  {} ({})",
                        i.name, level, i.summary, i.spec
                    ));
                }
            }
            out.line("profiles (--profile NAME):");
            for p in PROFILES {
                out.line(&format!("  {:width$}  {}", p.name, p.summary));
            }
        }
    }
    out.finish(true)
}

fn explain(name: &str) -> i32 {
    let Some(code) = Code::from_name(name) else {
        eprintln!(
            "iri: {}",
            iri_abnf::UnknownName::new(iri_abnf::NameKind::LintCode, name)
        );
        return EXIT_ERROR;
    };
    let i = code.info();
    let mut out = Out::new();
    out.line(&format!(
        "{} ({}, {})",
        i.name,
        i.family,
        iri_abnf::lint::default_level(i)
    ));
    out.line("");
    out.line(i.summary);
    out.line(&format!("Spec: {}", i.spec));
    out.line("");
    for paragraph in i.explanation.split("\n\n") {
        for line in wrap(paragraph, 100) {
            out.line(&line);
        }
        out.line("");
    }
    for (what, list) in [("Fires on", i.fires), ("Quiet on", i.quiet)] {
        let shown: Vec<String> = list.iter().map(|s| iri_abnf::report::quote(s)).collect();
        out.line(&format!("{what}: {}", shown.join(", ")));
    }
    let code = out.finish(true);
    if code == 0 {
        EXIT_OK
    } else {
        code
    }
}

/// `text` in lines of at most `width` characters, broken at spaces (a longer word stays whole).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}
