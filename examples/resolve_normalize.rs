//! Resolve references against a base IRI (RFC 3986 §5.2) and normalize the results (RFC 3986 §6.2,
//! RFC 3987 §5.3), then compare two IRIs at a level of the comparison ladder.
//!
//! ```sh
//! cargo run --example resolve_normalize -- 'http://a/b/c/d;p?q' '../g' './%7Euser'
//! ```

use iri_abnf::normalize::normalize_reference;
use iri_abnf::normalize::{equivalent, Level};
use iri_abnf::{Base, Grammar, ReferenceBuf};

/// Each reference resolved against `base`, then normalized up to the path level.
pub fn resolve_all(base: &str, references: &[&str]) -> Result<Vec<ReferenceBuf>, String> {
    // A `Base` is parsed once and resolves many references.
    let base = Base::new(Grammar::Iri, base).map_err(|e| e.to_string())?;
    references
        .iter()
        .map(|r| {
            // The target is already parsed: normalization takes its components as they are.
            let target = base.resolve(r).map_err(|e| e.to_string())?;
            Ok(normalize_reference(
                &target.reference(),
                &Level::Path.into(),
            ))
        })
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (base, refs) = match args.split_first() {
        Some((b, r)) if !r.is_empty() => (b.clone(), r.to_vec()),
        _ => (
            "http://a/b/c/d;p?q".to_string(),
            vec!["../g".to_string(), "./%7Euser".to_string()],
        ),
    };
    let refs: Vec<&str> = refs.iter().map(String::as_str).collect();
    match resolve_all(&base, &refs) {
        Ok(targets) => {
            for (r, t) in refs.iter().zip(&targets) {
                println!("{r} -> {t}");
            }
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
    let same = equivalent(
        Grammar::Iri,
        "HTTP://Example.org/%7e",
        "http://example.org/~",
        Level::Percent,
    );
    println!("HTTP://Example.org/%7e == http://example.org/~ at the percent level: {same:?}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_and_normalizes() {
        let t = resolve_all("http://a/b/c/d;p?q", &["../g", "./%7Euser", "HTTP://X/./y"]).unwrap();
        assert_eq!(t, ["http://a/b/g", "http://a/b/c/~user", "http://x/y"]);
        assert!(resolve_all("/no/scheme", &["g"]).is_err());
        assert_eq!(
            equivalent(
                Grammar::Iri,
                "HTTP://Example.org/%7e",
                "http://example.org/~",
                Level::Percent
            ),
            Ok(true)
        );
    }
}
