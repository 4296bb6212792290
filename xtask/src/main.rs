//! Repository tasks: `cargo xtask <task>` (an alias in `.cargo/config.toml`).
//!
//! - `automata`: writes the precompiled DFAs of `src/abnf/automata/` from the `.abnf` files.
//! - `fuzz-corpus`: writes seed corpora for the fuzz targets into `fuzz/corpus/<target>/`.
//! - `abnf-stats`: prints the size and build time of each grammar's reference automaton.

mod abnf_stats;
mod fuzz_corpus;

use std::path::{Path, PathBuf};

/// The repository's root (the library's folder), whatever the working directory.
pub fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "xtask", about = "Repository tasks of iri-abnf")]
struct Args {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Compile the precompiled rules of every grammar and write src/abnf/automata/.
    Automata {
        /// Only report whether the files are current; exit with status 1 if not.
        #[arg(long)]
        check: bool,
    },
    /// Write seed corpora for the fuzz targets into `fuzz/corpus/<target>/` (spec examples and strings
    /// generated from every rule of every grammar).
    FuzzCorpus,
    /// Print the size and build time of each grammar's reference automaton (for src/abnf docs).
    AbnfStats,
}

fn main() -> ExitCode {
    match Args::parse().task {
        Task::Automata { check } => automata(check),
        Task::FuzzCorpus => match fuzz_corpus::run() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        Task::AbnfStats => {
            abnf_stats::run();
            ExitCode::SUCCESS
        }
    }
}

fn automata(check: bool) -> ExitCode {
    let dir: PathBuf = crate::root().join(iri_abnf::abnf::precompiled::DIR);
    let files = match iri_abnf::abnf::precompiled::generate() {
        Ok(files) => files,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut stale = Vec::new();
    let mut total = 0;
    for (name, bytes) in &files {
        let path = dir.join(name);
        total += bytes.len();
        if std::fs::read(&path).ok().as_deref() != Some(bytes.as_slice()) {
            stale.push(name.clone());
            if !check {
                if let Err(e) =
                    std::fs::create_dir_all(&dir).and_then(|_| std::fs::write(&path, bytes))
                {
                    eprintln!("error: {}: {e}", path.display());
                    return ExitCode::FAILURE;
                }
            }
        }
        println!("{:>9} {name}", bytes.len());
    }
    let wanted: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    if let Ok(entries) = std::fs::read_dir(&dir) {
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if !wanted.contains(&name.as_str()) {
                stale.push(name.clone());
                if !check {
                    let _ = std::fs::remove_file(entry.path());
                }
            }
        }
    }
    println!("{total:>9} total in {}", dir.display());
    if check && !stale.is_empty() {
        eprintln!(
            "stale: {}; run `{}`",
            stale.join(", "),
            iri_abnf::abnf::precompiled::COMMAND
        );
        return ExitCode::FAILURE;
    }
    if !check {
        println!("{} file(s) written", stale.len());
    }
    ExitCode::SUCCESS
}
