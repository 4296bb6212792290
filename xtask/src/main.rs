//! Repository tasks: `cargo xtask <task>` (an alias in `.cargo/config.toml`).
//!
//! - `generate [--check]`: writes (or checks) every generated file: the precompiled DFAs of
//!   `src/abnf/automata/`, the rule table `src/grammar/rules.rs`, the pest start wrappers
//!   `grammar/start-*.pest` and the lint catalogue page `src/lint/CATALOGUE.md`.
//! - `testdata [--check]`: writes (or checks) the portable test data of `testdata/` (cases with the
//!   verdicts, offsets, components, conversions and normalization of each grammar, resolution cases,
//!   and the same cases in the JSON Schema Test Suite's format).
//! - `layers`: checks that the library's modules (and the judge's) import only earlier layers,
//!   without circles.
//! - `fuzz-corpus`: writes seed corpora for the fuzz targets into `fuzz/corpus/<target>/`.
//! - `abnf-stats`: prints the sizes and the build and load times of the DFAs (the figures of the
//!   `iri_abnf::abnf` docs).

#![forbid(unsafe_code)]

mod abnf_stats;
mod codegen;
mod derived_characters;
mod fuzz_corpus;
mod generate;
mod layers;
mod testdata;

use std::path::Path;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// The repository's root (the library's folder), whatever the working directory.
pub fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

#[derive(Parser)]
#[command(name = "xtask", about = "Repository tasks of iri-abnf")]
struct Args {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Write every generated file (automata, rule table, pest start wrappers, lint catalogue page).
    Generate {
        /// Only report whether the files are current; exit with status 1 if not.
        #[arg(long)]
        check: bool,
    },
    /// Write the portable test data of `testdata/` (see testdata/README.md).
    Testdata {
        /// Only report whether the files are current (the first differing line of each stale file);
        /// exit with status 1 if not.
        #[arg(long)]
        check: bool,
    },
    /// Check that the library's modules, and the judge's, import only modules of earlier layers, and
    /// no circles.
    Layers,
    /// Write seed corpora for the fuzz targets into `fuzz/corpus/<target>/` (spec examples and strings
    /// generated from every rule of every grammar).
    FuzzCorpus,
    /// Print the sizes and the build and load times of the DFAs.
    AbnfStats,
}

fn main() -> ExitCode {
    match Args::parse().task {
        Task::Generate { check } => generate(check),
        Task::Testdata { check } => match testdata::run(check) {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) if !check => ExitCode::SUCCESS,
            Ok(false) => ExitCode::FAILURE,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        Task::Layers => match layers::check(root()) {
            Ok(errors) if errors.is_empty() => {
                println!(
                    "layers: {} units of the library, {} of the ABNF crate and {} of the judge in order, no violation",
                    layers::ORDER.len(),
                    layers::ABNF_ORDER.len(),
                    layers::JUDGE_ORDER.len()
                );
                ExitCode::SUCCESS
            }
            Ok(errors) => {
                for e in &errors {
                    eprintln!("{e}");
                }
                eprintln!("layers: {} violation(s)", errors.len());
                ExitCode::FAILURE
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
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

fn generate(check: bool) -> ExitCode {
    let files = match generate::all() {
        Ok(files) => files,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let root = root();
    let mut stale = Vec::new();
    for f in &files {
        let path = root.join(&f.path);
        if std::fs::read(&path).ok().as_deref() != Some(&f.bytes[..]) {
            stale.push(f.path.display().to_string());
            if !check {
                if let Err(e) = path
                    .parent()
                    .map_or(Ok(()), std::fs::create_dir_all)
                    .and_then(|_| std::fs::write(&path, &f.bytes))
                {
                    eprintln!("error: {}: {e}", path.display());
                    return ExitCode::FAILURE;
                }
            }
        }
    }
    // Automata that are not generated any more.
    let wanted: Vec<_> = files.iter().map(|f| root.join(&f.path)).collect();
    if let Ok(entries) = std::fs::read_dir(root.join(generate::AUTOMATA)) {
        for entry in entries.flatten() {
            let p = entry.path();
            if !wanted
                .iter()
                .any(|w| w.canonicalize().ok() == p.canonicalize().ok())
            {
                stale.push(format!("{} (not generated any more)", p.display()));
                if !check {
                    let _ = std::fs::remove_file(&p);
                }
            }
        }
    }
    if check {
        if stale.is_empty() {
            println!("generate: {} files current", files.len());
            ExitCode::SUCCESS
        } else {
            eprintln!("stale: {}\nrun `{}`", stale.join(", "), generate::COMMAND);
            ExitCode::FAILURE
        }
    } else {
        println!("generate: {} files, {} written", files.len(), stale.len());
        ExitCode::SUCCESS
    }
}
