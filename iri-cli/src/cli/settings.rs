//! The settings of the whole command line that shape the output and the reading of inputs:
//! `--escape` (are data values shown with escapes for a terminal, or written exactly?), `-0`/`--null`
//! (does a record end with a line feed or with a NUL byte, and where does an input end?) and
//! `--verbose`. [`configure`] sets them once, before a subcommand runs.

use std::sync::OnceLock;

use clap::ValueEnum;

/// When data values (the strings that `generate`, the conversions, `resolve`, `relativize`,
/// `normalize` and `parse` write) are shown with escapes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum EscapeMode {
    /// Escape when standard output is a terminal, write exact strings otherwise (as `ls` does).
    #[default]
    Auto,
    /// Always show control, bidi formatting and invisible characters as \u{X} and `\` as `\\`.
    Always,
    /// Always write the exact strings.
    Never,
}

/// The settings of the whole command line that shape the output and the reading of inputs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Settings {
    /// `--escape`.
    pub escape: EscapeMode,
    /// `-0`/`--null`: records are read and written NUL-terminated.
    pub null: bool,
    /// `--verbose`: messages list in full what was expected.
    pub verbose: bool,
}

static SETTINGS: OnceLock<Settings> = OnceLock::new();

/// Sets the settings of this run (the first call wins).
pub fn configure(settings: Settings) {
    let _ = SETTINGS.set(settings);
}

/// The settings of this run (the defaults when [`configure`] was not called).
pub fn settings() -> Settings {
    SETTINGS.get().copied().unwrap_or_default()
}

/// Records are NUL-terminated (`-0`/`--null`), in input and in output.
pub fn null_records() -> bool {
    settings().null
}
