//! A baseline for `iri check --count`: read a file of one reference per line and count the lines
//! `oxiri::IriRef::parse` accepts, on one thread. Used by `benches/bulk-check.sh`.
//!
//! The file is the first argument that is not an option, or `$OXIRI_LOOP_FILE`:
//! `OXIRI_LOOP_FILE=iris.txt cargo bench --bench oxiri_loop`. Without one it prints a usage line and
//! exits successfully, so that a plain `cargo bench` does not fail on it.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::time::Instant;

fn main() {
    // `cargo bench` passes `--bench` (and any filter); take the first argument that is not an option.
    let path = std::env::args_os()
        .skip(1)
        .find(|a| !a.to_string_lossy().starts_with('-'))
        .or_else(|| std::env::var_os("OXIRI_LOOP_FILE"));
    let Some(path) = path else {
        println!("usage: oxiri_loop FILE (or OXIRI_LOOP_FILE=FILE cargo bench --bench oxiri_loop)");
        return;
    };
    let started = Instant::now();
    let file = match File::open(&path) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("oxiri_loop: {}: {e}", path.to_string_lossy());
            std::process::exit(2);
        }
    };
    let mut reader = BufReader::with_capacity(1 << 16, file);
    let mut line = Vec::new();
    let (mut valid, mut invalid) = (0u64, 0u64);
    loop {
        line.clear();
        match reader.read_until(b'\n', &mut line) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                eprintln!("oxiri_loop: {}: {e}", path.to_string_lossy());
                std::process::exit(2);
            }
        }
        if line.last() == Some(&b'\n') {
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
        }
        let ok = std::str::from_utf8(&line).is_ok_and(|s| oxiri::IriRef::parse(s).is_ok());
        if ok {
            valid += 1;
        } else {
            invalid += 1;
        }
    }
    println!("valid: {valid}, invalid: {invalid}");
    eprintln!(
        "oxiri_loop: {} lines, {:.3} s",
        valid + invalid,
        started.elapsed().as_secs_f64()
    );
}
