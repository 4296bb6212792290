//! The conversions of one spec example as text: every conversion of `iri_abnf::convert` that applies to
//! it (3987bis §3, §4.4, §5.1, §7.4; draft-weber-iri-guidelines §4; Dürst 2001 Tables 1 and 2). The
//! spec-example snapshots (`tests/spec_examples.rs`) carry this text below the grammar verdicts.

use std::fmt::Write as _;

use iri_abnf::convert::encode_component;
use iri_abnf::convert::{
    leiri_to_iri, preprocess, to_iri, to_uri, Charset, ConvertError, ConvertErrorKind, HostMapping,
    PreprocessOptions, ToIriOptions, ToUriOptions,
};
use iri_abnf::report::quote;
use iri_abnf::{validate, Grammar};

use super::Example;

/// The conversion error with its syntax error fully explained, as the `iri` command shows it: the
/// conversions give `validate`'s error, and `explain` adds the rules pest names.
pub fn explained(mut e: ConvertError) -> ConvertError {
    e.kind = match e.kind {
        ConvertErrorKind::Syntax(p) => match iri_abnf::validate(p.grammar, p.rule, p.input())
            .map_err(iri_abnf::ParseError::explain)
        {
            Err(full) => {
                assert_eq!(full.offset, p.offset, "{}", p.input());
                ConvertErrorKind::Syntax(full)
            }
            other => panic!("{}: explain gives {other:?} for {p}", p.input()),
        },
        other => other,
    };
    e
}

/// The charset of a WHATWG label.
pub fn charset(label: &str) -> Charset {
    Charset::for_label(label).unwrap_or_else(|e| panic!("{e}"))
}

/// The URI of an IRI (3987bis §3.6, default options).
pub fn uri(s: &str) -> String {
    to_uri(s, &ToUriOptions::default())
        .unwrap_or_else(|e| panic!("{s:?}: {e}"))
        .uri
}

/// Validity under the grammar's reference rule.
pub fn valid(g: Grammar, s: &str) -> bool {
    validate(g, g.reference_rule(), s).is_ok()
}

/// The example with this id, exactly as printed (notation kept).
fn printed(id: &str) -> String {
    super::spec_examples()
        .into_iter()
        .find(|e| e.id == id)
        .unwrap_or_else(|| panic!("no example {id}"))
        .input
}

fn to_uri_text(input: &str, opts: &ToUriOptions) -> String {
    match to_uri(input, opts) {
        Ok(c) => {
            let mut t = quote(&c.uri);
            for n in c.notes {
                let _ = write!(t, "\n    note: {n}");
            }
            t
        }
        Err(e) => format!("error: {}", explained(e).message()),
    }
}

pub fn write_to_uri(s: &mut String, name: &str, input: &str, opts: &ToUriOptions) {
    let _ = writeln!(s, "{name}: {}", to_uri_text(input, opts));
}

/// Every conversion that applies to one example, as text (the example's id, source and printed form are
/// written by the caller, `tests/spec_examples.rs`).
pub fn report(example: &Example) -> String {
    let mut s = String::new();
    if let Some(step) = later_step(&example.id) {
        // An intermediate or final string of §3.7.1: compare it with the trace of the example's input.
        let input_id = format!("{}1", &example.id[..example.id.len() - 1]);
        let c = to_iri(&printed(&input_id), &ToIriOptions::default()).unwrap();
        let computed = &c.trace.steps[step - 1];
        let _ = writeln!(s, "step {step} of {input_id}, computed: {computed}");
        let _ = writeln!(
            s,
            "{}",
            if *computed == example.input {
                "same as printed"
            } else {
                "DIFFERS from printed"
            }
        );
        return s;
    }
    // 001 §4 step 4: the numeric character references are part of the input string.
    let bytes = if example.id == "001-4-step4-ncr-reference" {
        example.input.clone().into_bytes()
    } else {
        example.bytes()
    };
    let Ok(input) = String::from_utf8(bytes) else {
        let _ = writeln!(
            s,
            "input: not text (octet notation of an intermediate step); no conversion applies"
        );
        return s;
    };
    let _ = writeln!(s, "input: {}", quote(&input));
    let _ = writeln!(
        s,
        "valid: uri {}, iri {}, leiri {}",
        valid(Grammar::Uri, &input),
        valid(Grammar::Iri, &input),
        valid(Grammar::Leiri, &input)
    );

    let _ = writeln!(s, "\nIRI → URI (3987bis §3.6)");
    let percent = to_uri_text(&input, &ToUriOptions::default());
    let _ = writeln!(s, "  host percent (§3.4.1): {percent}");
    for (name, opts) in [
        (
            "host idna (§3.4.2)",
            ToUriOptions::default().with_host(HostMapping::Idna),
        ),
        (
            "query iso-8859-1 (§3.5)",
            ToUriOptions::default().with_query_charset(Some(charset("iso-8859-1"))),
        ),
    ] {
        let out = to_uri_text(&input, &opts);
        if out == percent {
            let _ = writeln!(s, "  {name}: the same");
        } else {
            let _ = writeln!(s, "  {name}: {out}");
        }
    }

    let _ = writeln!(s, "\nURI → IRI (3987bis §3.7)");
    let round_trip = !valid(Grammar::Uri, &input) && valid(Grammar::Iri, &input);
    let source = if round_trip {
        let mapped = uri(&input);
        let _ = writeln!(
            s,
            "  (the input is not a URI; converting its URI {})",
            quote(&mapped)
        );
        mapped
    } else {
        input.clone()
    };
    match to_iri(&source, &ToIriOptions::default()) {
        Ok(c) => {
            let _ = writeln!(s, "  result: {}", quote(&c.iri));
            for (k, step) in c.trace.steps.iter().enumerate() {
                let _ = writeln!(s, "  {}. {step}", k + 1);
            }
        }
        Err(e) => {
            let _ = writeln!(s, "  error: {}", explained(e).message());
        }
    }

    let l = leiri_to_iri(&input);
    if l.iri != input {
        let _ = writeln!(s, "\nLEIRI → IRI (3987bis §5.1): {}", quote(&l.iri));
    }

    // Seed-specific conversions.
    if let Some((table, label, word)) = table_row(&example.id) {
        let c = charset(label);
        let out = match encode_component(word, c) {
            Ok(o) => quote(&o),
            Err(e) => format!("error: {e}"),
        };
        let _ = writeln!(
            s,
            "\nDürst 2001 Table {table} row: {word} → bytes {} in {label} ({}) → URI characters {out}",
            hex_bytes(word, c),
            c.name()
        );
    }
    if example.id == "001-4-step4-ncr-reference" {
        let ncr = PreprocessOptions::default().with_decode_ncr(true);
        let _ = writeln!(
            s,
            "\npreprocess --decode-ncr (001 §4 step 4): {:?}",
            preprocess(&example.input, &ncr)
        );
    }
    s
}

/// The octets of `word` in the charset, as Tables 1 and 2 print them (`4D E4 72 7A`).
pub fn hex_bytes(word: &str, c: Charset) -> String {
    let (bytes, _, _) = c.encoding().encode(word);
    bytes
        .iter()
        .map(|b| format!("{b:02X}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// For an example of Tables 1 and 2 of Dürst (2001): the table, the charset label and the word.
pub fn table_row(id: &str) -> Option<(u8, &'static str, &'static str)> {
    let table = if id.starts_with("003-2-table1-") {
        1
    } else if id.starts_with("003-3-table2-") {
        2
    } else {
        return None;
    };
    let label = ["us-ascii", "iso-8859-1", "macintosh", "utf-8"]
        .into_iter()
        .find(|l| id.contains(&format!("-{l}-")))?;
    let word = if label == "us-ascii" || id.contains("-march-") {
        "March"
    } else {
        "M\u{E4}rz"
    };
    Some((table, label, word))
}

/// `Some(k)` for the ids of §3.7.1 steps 2 to 6.
pub fn later_step(id: &str) -> Option<usize> {
    let k = id.strip_prefix("000-3.7.1-ex")?.split_once("-step")?.1;
    let k: usize = k.parse().ok()?;
    (k >= 2).then_some(k)
}

/// The examples that take part in a conversion (those of 000 §3, §4.4, §7.4 and the authors' pages,
/// 001 §4, 002 §2.3 and §7, 003 and 004 §3.1 and §9).
pub fn relevant(id: &str) -> bool {
    const PREFIXES: &[&str] = &[
        "000-3.",
        "000-4.4-",
        "000-7.4-",
        "000-authors-",
        "001-4-",
        "002-2.3-",
        "002-7-overlong",
        "002-authors-",
        "003-2-",
        "003-3-",
        "003-header-author-homepage",
        "004-3.1-",
        "004-9-",
    ];
    PREFIXES.iter().any(|p| id.starts_with(p))
}
