//! The fixed cases, sent before the generated ones: the vendored suites' examples, the spec
//! documents' examples and URLs, the strings that separate the grammars, boundary strings; and the
//! bases of generated resolve cases.

use std::collections::HashSet;
use std::io::Read;
use std::path::{Path, PathBuf};

use iri_abnf::compare::{compare_rules, counterpart};
use iri_abnf::{AnyGrammar, Rule};
use serde_json::Value;

use super::characters::RANGES;
use super::reference::Case;
use super::{JudgeArgs, JudgeMode};

/// The bases of generated resolve cases: those of RFC 3986 §5.4 and a few more shapes.
pub(super) fn resolve_bases() -> Vec<&'static str> {
    vec![
        "http://a/b/c/d;p?q",
        "http://a/bb/ccc/d;p?q",
        "http://a",
        "http://a/",
        "file:///x/y/",
        "urn:isbn:0451450523",
        "s:a/b",
        "s:/a/../b",
        "http://\u{e9}x.example/\u{4e2d}/\u{6587}?q#f",
    ]
}

/// The fixed cases: the vendored suites' examples, the strings that separate the grammars, boundary
/// strings. In resolve mode, the suites' base and reference pairs.
/// The examples of the spec documents (`spec-examples.jsonl`: the XML notation `&#xHHHH;` decoded to
/// the character, 3987bis §1.4; the strings in octet notation `<hh>` of §3.7.1, which are octets,
/// not characters, left out) and the other URLs of their texts (`seed-urls.jsonl`), from the folder
/// `fixtures` (tests/fixtures; its README gives the notation).
pub(super) fn spec_examples(fixtures: &Path) -> Vec<String> {
    let read = |name: &str, key: &str| -> Vec<String> {
        let text = std::fs::read_to_string(fixtures.join(name)).unwrap_or_default();
        text.lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter_map(|r| r.get(key).and_then(Value::as_str).map(str::to_string))
            .collect()
    };
    let mut out = Vec::new();
    for s in read("spec-examples.jsonl", "input") {
        if has_octet_notation(&s) {
            continue;
        }
        if let Some(decoded) = decode_xml_notation(&s) {
            out.push(decoded);
        }
    }
    out.extend(read("seed-urls.jsonl", "url"));
    out
}

/// Whether `s` holds an octet in the notation `<hh>` (two hex digits between angle brackets).
pub(super) fn has_octet_notation(s: &str) -> bool {
    s.as_bytes().windows(4).any(|w| {
        w[0] == b'<' && w[1].is_ascii_hexdigit() && w[2].is_ascii_hexdigit() && w[3] == b'>'
    })
}

/// `s` with every `&#xHHHH;` replaced by the character U+HHHH; `None` when one names no character.
pub(super) fn decode_xml_notation(s: &str) -> Option<String> {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find("&#x") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 3..];
        let end = after.find(';')?;
        let c = u32::from_str_radix(&after[..end], 16)
            .ok()
            .and_then(char::from_u32)?;
        out.push(c);
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    Some(out)
}

pub(super) fn fixed_cases(args: &JudgeArgs, grammar: AnyGrammar, rule: Rule) -> Vec<Case> {
    let mut out: Vec<Case> = Vec::new();
    let mut seen = HashSet::new();
    let mut push = |out: &mut Vec<Case>, case: Case| {
        if seen.insert(case.clone()) {
            out.push(case);
        }
    };
    let dir = args.corpora.clone().or_else(|| {
        let d = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/corpora");
        d.is_dir().then_some(d)
    });
    let mut records: Vec<Value> = Vec::new();
    if let Some(dir) = &dir {
        let mut files: Vec<PathBuf> = Vec::new();
        if let Ok(entries) = std::fs::read_dir(dir) {
            for e in entries.flatten() {
                if let Ok(inner) = std::fs::read_dir(e.path()) {
                    files.extend(inner.flatten().map(|f| f.path()));
                }
            }
        }
        files.sort();
        for f in files {
            let mut text = String::new();
            let read = std::fs::File::open(&f).and_then(|mut file| file.read_to_string(&mut text));
            if read.is_err() {
                continue;
            }
            match f.extension().and_then(|e| e.to_str()) {
                Some("jsonl") => records.extend(
                    text.lines()
                        .filter_map(|l| serde_json::from_str::<Value>(l).ok()),
                ),
                Some("json") => {
                    if let Ok(Value::Array(a)) = serde_json::from_str::<Value>(&text) {
                        records.extend(a);
                    }
                }
                _ => {}
            }
        }
    }
    // The examples of the spec documents and the other URLs of their texts (tests/fixtures).
    let fixtures = dir
        .as_deref()
        .and_then(Path::parent)
        .map(|tests| tests.join("fixtures"));
    if let Some(fixtures) = fixtures {
        records.extend(spec_examples(&fixtures).into_iter().map(|s| {
            let mut o = serde_json::Map::new();
            o.insert("input".into(), Value::String(s));
            Value::Object(o)
        }));
    }
    if args.mode == JudgeMode::Resolve {
        for r in &records {
            if let (Some(Value::String(b)), Some(Value::String(i))) =
                (r.get("base"), r.get("reference"))
            {
                push(
                    &mut out,
                    Case {
                        base: Some(b.clone()),
                        input: i.clone(),
                    },
                );
            }
        }
        return out;
    }
    for r in &records {
        for key in ["input", "reference", "base", "expected"] {
            if let Some(Value::String(s)) = r.get(key) {
                push(
                    &mut out,
                    Case {
                        base: None,
                        input: s.clone(),
                    },
                );
            }
        }
    }
    // The strings in the judged grammar's language and not in another's, and the other way round.
    for other in AnyGrammar::ALL {
        if other == grammar {
            continue;
        }
        let Some(r) = counterpart(rule, other) else {
            continue;
        };
        if let Ok(c) = compare_rules((grammar, rule), (other, r), 4) {
            for w in c.only_a.iter().chain(&c.only_b) {
                push(
                    &mut out,
                    Case {
                        base: None,
                        input: w.text.clone(),
                    },
                );
            }
        }
    }
    for s in boundary_strings() {
        push(
            &mut out,
            Case {
                base: None,
                input: s,
            },
        );
    }
    out
}

/// Both ends, plus and minus one, of every `ucschar` and `iprivate` range, the noncharacters, in
/// each component; and long lines.
pub(super) fn boundary_strings() -> Vec<String> {
    let mut chars: Vec<char> = Vec::new();
    for &(_, lo, hi) in RANGES {
        for v in [lo.wrapping_sub(1), lo, lo + 1, hi - 1, hi, hi + 1] {
            chars.extend(char::from_u32(v));
        }
    }
    chars.extend([
        '\u{FDD0}',
        '\u{FDEF}',
        '\u{FFFE}',
        '\u{FFFF}',
        '\u{1FFFE}',
        '\u{10FFFF}',
    ]);
    chars.extend([
        '\u{7F}', '\u{80}', '\u{9F}', '\u{200E}', '\u{202E}', '\u{FEFF}',
    ]);
    let mut out = Vec::new();
    for c in chars {
        for shape in [
            "{}",
            "a{}",
            "http://a/{}",
            "http://{}/",
            "http://{}@a/",
            "s:?{}",
            "s:#{}",
            "{}:a",
        ] {
            out.push(shape.replace("{}", &c.to_string()));
        }
    }
    for n in [1000usize, 8192, 65536] {
        out.push(format!("http://a/{}", "a".repeat(n)));
        out.push(format!("http://a/?{}", "%41".repeat(n / 3)));
        out.push(format!("http://a/{}", "\u{e9}".repeat(n / 2)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{decode_xml_notation, has_octet_notation, spec_examples};
    use std::path::Path;

    #[test]
    fn xml_notation_is_decoded_and_octet_notation_recognized() {
        assert_eq!(
            decode_xml_notation("http://r&#xE9;sum&#xE9;.example.org").as_deref(),
            Some("http://résumé.example.org")
        );
        assert_eq!(
            decode_xml_notation("a&#x10FFFF;b").as_deref(),
            Some("a\u{10FFFF}b")
        );
        assert_eq!(decode_xml_notation("a&#xD800;").as_deref(), None);
        assert_eq!(decode_xml_notation("a&#x41").as_deref(), None);
        assert!(has_octet_notation("http://www.example.org/D<c3><bc>rst"));
        assert!(!has_octet_notation("http://a/<b>"));
    }

    #[test]
    fn the_spec_examples_are_cases() {
        let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures");
        let cases = spec_examples(&fixtures);
        // 91 examples less those in octet notation, plus the 71 other URLs of the texts.
        assert!(cases.len() > 140, "{}", cases.len());
        assert!(cases.iter().any(|c| c == "http://résumé.example.org"));
        assert!(cases
            .iter()
            .all(|c| !c.contains("&#x") && !has_octet_notation(c)));
    }
}
