//! `iri completions` and `iri man`: shell completions and man pages generated from the command-line
//! definitions (`clap_complete`, `clap_mangen`), so that they never disagree with `--help`.

use std::path::PathBuf;

use clap::Args;
use clap_complete::Shell;

use super::output::{Out, EXIT_ERROR, EXIT_OK};

const COMPLETIONS_HELP: &str = "\
Writes the completion script for SHELL to standard output.

Examples:
  iri completions bash > ~/.local/share/bash-completion/completions/iri
  iri completions zsh > \"${fpath[1]}/_iri\"
  iri completions fish > ~/.config/fish/completions/iri.fish";

const MAN_HELP: &str = "\
Writes the man page of `iri` (roff) to standard output, or with --out-dir the pages iri.1 and
iri-SUBCOMMAND.1 for every subcommand into DIR.

Examples:
  iri man | man -l -
  iri man --out-dir /usr/local/share/man/man1";

/// Print a shell completion script.
#[derive(Args)]
#[command(after_help = COMPLETIONS_HELP)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    shell: Shell,
}

/// Print the man page, or write one per subcommand.
#[derive(Args)]
#[command(after_help = MAN_HELP)]
pub struct ManArgs {
    /// Write iri.1 and iri-SUBCOMMAND.1 into this directory instead.
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
}

/// Writes the completion script of `cmd`, the command line of `iri`.
pub fn run_completions(args: &CompletionsArgs, mut cmd: clap::Command) -> i32 {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "iri", &mut script);
    // Through `Out`: a closed pipe ends the command quietly.
    let mut out = Out::new();
    out.bytes(&script);
    out.finish(true)
}

/// Writes the man page of `cmd`, the command line of `iri`, or one page per subcommand.
pub fn run_man(args: &ManArgs, cmd: clap::Command) -> i32 {
    let result = match &args.out_dir {
        None => clap_mangen::Man::new(cmd).render(&mut std::io::stdout()),
        Some(dir) => write_pages(cmd, dir),
    };
    match result {
        Ok(()) => EXIT_OK,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => EXIT_ERROR,
        Err(e) => {
            eprintln!("iri: writing the man page: {e}");
            EXIT_ERROR
        }
    }
}

fn write_pages(cmd: clap::Command, dir: &std::path::Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let mut pages = vec![("iri.1".to_string(), cmd.clone())];
    for sub in cmd.get_subcommands() {
        let name = format!("iri-{}", sub.get_name());
        pages.push((format!("{name}.1"), sub.clone().name(name)));
    }
    for (file, page) in pages {
        let mut bytes = Vec::new();
        clap_mangen::Man::new(page).render(&mut bytes)?;
        std::fs::write(dir.join(&file), bytes)?;
        eprintln!("iri: wrote {}", dir.join(&file).display());
    }
    Ok(())
}
