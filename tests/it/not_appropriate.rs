//! One definition of the characters that are not appropriate in an IRI (3987bis §3.7 step 4, §4.1,
//! §2.2; `characters::not_appropriate`): URI-to-IRI conversion, every normalization level and `lint`
//! agree with it on every code point outside US-ASCII (the surrogates, which are no `char`, aside:
//! their octets are never strictly legal UTF-8, §3.7 step 3).

use iri_abnf::characters::{not_appropriate, push_pct_utf8};
use iri_abnf::convert::{to_iri, ToIriOptions};
use iri_abnf::lint::{lint, Code, LintOptions};
use iri_abnf::normalize::{normalize, Level};
use iri_abnf::{parse, Grammar};
use unicode_normalization::UnicodeNormalization;

fn pct(c: char) -> String {
    let mut s = String::new();
    push_pct_utf8(&mut s, c);
    s
}

/// The codes that report a character, as it is, that is not appropriate in an IRI.
const CHARACTER_CODES: [Code; 8] = [
    Code::BidiFormattingCharacter,
    Code::NotAppropriateCharacter,
    Code::PrivateUseCharacter,
    Code::Noncharacter,
    Code::TagCharacter,
    Code::InvisibleCharacter,
    Code::DeprecatedCharacter,
    Code::UnassignedCodePoint,
];

#[test]
fn to_iri_normalize_and_lint_agree_with_the_predicate_on_every_code_point() {
    let options = ToIriOptions::default();
    let lint_options = LintOptions::default();
    let (mut kept, mut decoded) = (0, 0);
    for c in (0x80..=0x10FFFFu32).filter_map(char::from_u32) {
        let cp = c as u32;
        let encoded = pct(c);
        let in_path = not_appropriate(c, false);
        let in_query = not_appropriate(c, true);

        // to-iri (3987bis §3.7 step 4), in the path and in the query.
        let uri = format!("http://a/x{encoded}?{encoded}");
        let iri = to_iri(&uri, &options).unwrap().iri;
        let path = if in_path.is_some() {
            encoded.clone()
        } else {
            c.to_string()
        };
        let query = if in_query.is_some() {
            encoded.clone()
        } else {
            c.to_string()
        };
        assert_eq!(
            iri,
            format!("http://a/x{path}?{query}"),
            "to-iri U+{cp:04X}"
        );
        if in_path.is_some() {
            kept += 1;
        } else {
            decoded += 1;
        }

        // normalize: no level decodes into a character of the predicate; from `percent` on the
        // others are decoded (in the path; `iprivate` stays encoded in the query, note 28).
        let input = format!("http://a/{encoded}");
        for level in Level::ALL {
            let n = normalize(Grammar::Iri, &input, level).unwrap();
            let n = n.as_str();
            assert!(
                !n.chars()
                    .any(|x| !x.is_ascii() && not_appropriate(x, false).is_some()),
                "normalize {level} U+{cp:04X}: {n:?}"
            );
            let want = if level < Level::Percent || in_path.is_some() {
                input.clone()
            } else if level < Level::Nfc {
                format!("http://a/{c}")
            } else {
                // NFC may change the character (U+2126 OHM SIGN is U+03A9); what it brings in that
                // the path cannot hold as it is is encoded again.
                let nfc: String = c.to_string().nfc().collect();
                let mut s = String::from("http://a/");
                for x in nfc.chars() {
                    if x.is_ascii_alphanumeric()
                        || !x.is_ascii() && not_appropriate(x, false).is_none()
                    {
                        s.push(x);
                    } else {
                        push_pct_utf8(&mut s, x);
                    }
                }
                s
            };
            assert_eq!(n, want, "normalize {level} U+{cp:04X}");
        }

        // lint: `encoded-iri-character` suggests decoding exactly what to-iri decodes.
        let r = parse(Grammar::Iri, &input).unwrap();
        let suggests = lint(&r, &lint_options)
            .iter()
            .any(|d| d.code == Code::EncodedIriCharacter);
        assert_eq!(suggests, in_path.is_none(), "lint {input:?}");

        // lint: as it is (in a LEIRI, which can hold every code point but U+FFFE and U+FFFF), a
        // character of the predicate is reported, and the codes of the predicate fire on no other.
        if matches!(cp, 0xFFFE | 0xFFFF) {
            continue;
        }
        let raw = format!("http://a/x{c}");
        let r = parse(Grammar::Leiri, &raw).unwrap();
        let found: Vec<Code> = lint(&r, &lint_options)
            .into_iter()
            .filter(|d| d.span.start == 10 && CHARACTER_CODES.contains(&d.code))
            .map(|d| d.code)
            .collect();
        match in_path {
            Some(_) => assert!(!found.is_empty(), "lint U+{cp:04X} as it is"),
            None => assert!(
                !found.iter().any(|&code| matches!(
                    code,
                    Code::NotAppropriateCharacter | Code::BidiFormattingCharacter
                )),
                "lint U+{cp:04X} as it is: {found:?}"
            ),
        }
    }
    // The private-use planes alone are more than 130,000; most of the rest is decoded.
    assert!(kept > 130_000 && decoded > 900_000, "{kept} {decoded}");
}
