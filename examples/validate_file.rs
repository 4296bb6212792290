//! Validate every line of a file (or of standard input) as an IRI reference of draft-ietf-iri-3987bis
//! and print the invalid ones with the position of the error.
//!
//! ```sh
//! cargo run --example validate_file -- urls.txt
//! ```

use std::io::{BufRead, BufReader};

use iri_abnf::{validate, Grammar, Rule};

/// Counts of one run.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub valid: usize,
    pub invalid: usize,
}

/// Checks each line of `reader` against `IRI-reference` of the `iri` grammar, writing one line per
/// invalid input to `out`.
pub fn validate_lines(
    reader: impl BufRead,
    out: &mut impl std::io::Write,
) -> std::io::Result<Counts> {
    let mut counts = Counts::default();
    for (n, line) in reader.lines().enumerate() {
        let line = line?;
        match validate(Grammar::Iri, Rule::IriReference, &line) {
            Ok(()) => counts.valid += 1,
            Err(e) => {
                counts.invalid += 1;
                // `message()` names the byte offset, the column and what the grammar expected there.
                writeln!(out, "line {}: {}", n + 1, e.message())?;
            }
        }
    }
    Ok(counts)
}

fn main() -> std::io::Result<()> {
    let mut stdout = std::io::stdout().lock();
    let counts = match std::env::args_os().nth(1) {
        Some(path) => validate_lines(BufReader::new(std::fs::File::open(path)?), &mut stdout)?,
        None => validate_lines(std::io::stdin().lock(), &mut stdout)?,
    };
    println!("{} valid, {} invalid", counts.valid, counts.invalid);
    std::process::exit(if counts.invalid == 0 { 0 } else { 1 });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_invalid_lines_with_their_offsets() {
        let input = "http://résumé.example.org/\nhttp://example.org/a b\n/relative?q#f\n";
        let mut out = Vec::new();
        let counts = validate_lines(input.as_bytes(), &mut out).unwrap();
        assert_eq!(
            counts,
            Counts {
                valid: 2,
                invalid: 1
            }
        );
        let out = String::from_utf8(out).unwrap();
        // The message says first what is wrong and how to fix it, then where and what the ABNF expected.
        assert!(
            out.starts_with(
                "line 2: a space is not allowed in an IRI: encode it as %20. \
                 invalid character ' ' (U+0020) at byte offset 20 (column 21)"
            ),
            "{out}"
        );
        assert_eq!(out.lines().count(), 1, "{out}");
    }
}
