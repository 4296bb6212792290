//! The reports: text, Markdown and the JSON summary.

use serde::Serialize;

use crate::classes::Class;
use iri_abnf::report::escape;

/// The format of the report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// A paragraph for each class.
    Text,
    /// The summary as JSON.
    Json,
    /// A summary line and a table of the classes.
    Markdown,
}

/// The report of a run (the JSON report as it is; the other formats render it).
#[derive(Serialize)]
pub(crate) struct Summary {
    pub(crate) implementation: String,
    pub(crate) grammar: &'static str,
    pub(crate) rule: &'static str,
    pub(crate) mode: &'static str,
    pub(crate) protocol: &'static str,
    pub(crate) seed: u64,
    pub(crate) cases: u64,
    /// The cases not sent because they cannot be written in the protocol (a line break or NUL on a
    /// line).
    pub(crate) skipped: u64,
    /// The cases not sent because they are longer than `--max-length`.
    pub(crate) skipped_long: u64,
    pub(crate) disagreements: usize,
    pub(crate) unknown_classes: usize,
    pub(crate) classes: Vec<Class>,
    /// The time spent judging the cases (without shrinking and explaining), and its rate.
    pub(crate) seconds: f64,
    pub(crate) cases_per_second: f64,
    /// The wall time of the whole run, from the adapter's start to the report (shrinking and
    /// explaining included).
    pub(crate) wall_seconds: f64,
    /// Every input sent to the adapter (the cases, and the probes of shrinking and explaining), and
    /// their rate over the wall time.
    pub(crate) sent: u64,
    pub(crate) sent_per_second: f64,
}

/// `n` and the noun, singular for 1: "1 class", "3 classes".
pub(crate) fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

pub(crate) fn render_text(s: &Summary) -> String {
    let mut out = format!(
        "{}: {} {} ({} mode, {} protocol, seed {})\n{} cases ({} skipped: not sendable on a line{}), {} in {} ({:.0} cases/s)\nwall time {:.1} s with shrinking and explaining: {} inputs sent ({:.0}/s)\n",
        s.implementation,
        s.grammar,
        s.rule,
        s.mode,
        s.protocol,
        s.seed,
        s.cases,
        s.skipped + s.skipped_long,
        if s.skipped_long > 0 {
            format!("; {} longer than --max-length", s.skipped_long)
        } else {
            String::new()
        },
        counted(s.disagreements, "disagreement", "disagreements"),
        counted(s.classes.len(), "class", "classes"),
        s.cases_per_second,
        s.wall_seconds,
        s.sent,
        s.sent_per_second
    );
    for c in &s.classes {
        out.push_str(&format!(
            "\n{} {} (class {}, {}){}: {} cases\n  witness: `{}`{}\n  {}\n  rule {} ({}{})\n",
            if c.kind != "verdict" {
                "differs from the ABNF in the"
            } else if c.reference_valid {
                "rejects what the ABNF accepts"
            } else {
                "accepts what the ABNF rejects"
            },
            c.kind,
            c.character_class,
            c.rule,
            if c.known { " [known]" } else { "" },
            c.count,
            escape(&c.witness),
            c.base
                .as_ref()
                .map_or(String::new(), |b| format!(" against base `{}`", escape(b))),
            c.explanation,
            c.rule,
            c.section,
            if c.abnf.is_empty() {
                String::new()
            } else {
                format!(", {}", c.abnf)
            },
        ));
        if c.rules.len() > 1 {
            out.push_str(&format!("  seen in the rules {}\n", c.rules.join(", ")));
        }
        for e in &c.examples {
            out.push_str(&format!("  example: `{}`\n", escape(e)));
        }
    }
    out
}

/// A witness for a Markdown table cell.
pub(crate) fn cell(s: &str) -> String {
    let e = escape(s).replace('|', "\\|");
    if e.chars().count() > 60 {
        format!(
            "`{}…` ({} chars)",
            e.chars().take(60).collect::<String>(),
            s.chars().count()
        )
    } else {
        format!("`{e}`")
    }
}

/// The rules of a class for a Markdown table cell: the [`RULES_SHOWN`] most frequent, and how many
/// more there are.
fn rules_cell(rules: &[String]) -> String {
    let shown: Vec<String> = rules
        .iter()
        .take(RULES_SHOWN)
        .map(|r| format!("`{r}`"))
        .collect();
    match rules.len().saturating_sub(RULES_SHOWN) {
        0 => shown.join(", "),
        more => format!("{} and {more} more", shown.join(", ")),
    }
}

/// The most rules a cell of the Markdown table names.
const RULES_SHOWN: usize = 4;

/// The Markdown report: the summary line, then a table of the classes, the `limit` most frequent
/// (all for 0).
pub(crate) fn render_markdown(s: &Summary, limit: usize) -> String {
    let limit = if limit == 0 { usize::MAX } else { limit };
    let mut out = format!(
        "Judged against `{}` `{}` ({} mode, seed {}): {} cases ({} skipped), {} in {}.\n\n",
        s.grammar,
        s.rule,
        s.mode,
        s.seed,
        s.cases,
        s.skipped + s.skipped_long,
        counted(s.disagreements, "disagreement", "disagreements"),
        counted(s.classes.len(), "class", "classes"),
    );
    if s.classes.is_empty() {
        return out;
    }
    out.push_str(
        "| ABNF | what differs | character class | rules | section | cases | shortest witness |\n",
    );
    out.push_str("| --- | --- | --- | --- | --- | --- | --- |\n");
    for c in s.classes.iter().take(limit) {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {}{} | {} | {} |\n",
            if c.reference_valid {
                "accepts"
            } else {
                "rejects"
            },
            c.kind,
            c.character_class.replace('|', "\\|"),
            rules_cell(&c.rules),
            c.section,
            if c.abnf.is_empty() {
                String::new()
            } else {
                format!(" (`{}`)", c.abnf)
            },
            c.count,
            cell(&c.witness)
        ));
    }
    if s.classes.len() > limit {
        out.push_str(&format!(
            "\n…and {} more classes with fewer cases (`--format json` or `--markdown-classes 0` lists them all).\n",
            s.classes.len() - limit
        ));
    }
    out
}
