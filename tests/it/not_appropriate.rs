//! One definition of the characters that are not appropriate in an IRI (3987bis §3.7 step 4, §4.1,
//! §2.2; `characters::not_appropriate`): URI-to-IRI conversion, every normalization level and `lint`
//! agree with it on every code point outside US-ASCII (the surrogates, which are no `char`, aside:
//! their octets are never strictly legal UTF-8, §3.7 step 3).

use iri_abnf::characters::{not_appropriate, push_pct_utf8, Place};
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
const CHARACTER_CODES: [Code; 9] = [
    Code::SyntaxLookAlike,
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
        let in_path = not_appropriate(c, Place::Path);

        // to-iri (3987bis §3.7 step 4), in each component that holds text.
        let uri = format!("http://u{encoded}v@a{encoded}b/x{encoded}?{encoded}#{encoded}");
        let iri = to_iri(&uri, &options).unwrap().iri;
        let [userinfo, host, path, query, fragment] = Place::ALL.map(|place| {
            if not_appropriate(c, place).is_some() {
                encoded.clone()
            } else {
                c.to_string()
            }
        });
        // In the host, a joiner or variation selector stands only in a valid IDNA2008 label, which
        // "a\u{200D}b" is not (RFC 5892 A.1, A.2; interpretation note 54).
        let host = if iri_abnf::characters::is_kept_invisible(c) {
            encoded.clone()
        } else {
            host
        };
        assert_eq!(
            iri,
            format!("http://u{userinfo}v@a{host}b/x{path}?{query}#{fragment}"),
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
                    .any(|x| !x.is_ascii() && not_appropriate(x, Place::Path).is_some()),
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
                        || !x.is_ascii() && not_appropriate(x, Place::Path).is_none()
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

/// The families of the predicate, each over every code point: the invisible characters
/// (Default_Ignorable_Code_Point or Cf) but the joiners and variation selectors, and the look-alikes
/// of space and of the delimiters that mean something everywhere, stay encoded in the host, the path
/// and the query; the look-alikes of "." stay encoded in the host alone; the kept invisible
/// characters are decoded; `normalize` at `percent` gives what `to-iri` gives, and a character as it
/// is and its percent-encoding meet (3987bis §3.6: both map to the same URI).
#[test]
fn families_stay_encoded_and_both_sides_meet_on_every_code_point() {
    use iri_abnf::characters::{is_invisible, is_kept_invisible, look_alike_of};
    let options = ToIriOptions::default();
    let (mut invisible, mut kept_invisible, mut look_alikes, mut host_look_alikes) = (0, 0, 0, 0);
    for c in (0x80..=0x10FFFFu32).filter_map(char::from_u32) {
        let cp = c as u32;
        let encoded = pct(c);
        let uri = format!("http://a{encoded}b/x{encoded}?{encoded}");
        let iri = to_iri(&uri, &options).unwrap().iri;
        if is_invisible(c) && !is_kept_invisible(c) || look_alike_of(c, Place::Path).is_some() {
            assert_eq!(iri, uri, "to-iri keeps U+{cp:04X} encoded");
            if look_alike_of(c, Place::Path).is_some() {
                look_alikes += 1;
            } else {
                invisible += 1;
            }
        } else if look_alike_of(c, Place::Host).is_some() {
            // Kept in the host; elsewhere as the rest of the predicate says (U+FF0E is full-width).
            let other = if not_appropriate(c, Place::Path).is_some() {
                encoded.clone()
            } else {
                c.to_string()
            };
            assert_eq!(
                iri,
                format!("http://a{encoded}b/x{other}?{other}"),
                "U+{cp:04X}"
            );
            host_look_alikes += 1;
        }
        if is_kept_invisible(c) {
            // Decoded in the path and the query; in the host only in a valid IDNA2008 label, which
            // "a\u{200D}b" is not (interpretation note 54).
            assert_eq!(iri, format!("http://a{encoded}b/x{c}?{c}"), "U+{cp:04X}");
            kept_invisible += 1;
        }
        // normalize agrees with to-iri on every code point, in the query too (private use: note 28).
        let n = normalize(Grammar::Iri, &uri, Level::Percent).unwrap();
        assert_eq!(n.as_str(), iri, "normalize percent U+{cp:04X}");
        // The character as it is (a LEIRI holds every code point but U+FFFE and U+FFFF) meets its
        // percent-encoding from the `percent` level on.
        if matches!(cp, 0xFFFE | 0xFFFF) {
            continue;
        }
        let raw = format!("http://a{c}b/x{c}?{c}");
        for level in [Level::Percent, Level::Nfc] {
            let a = normalize(Grammar::Leiri, &raw, level).unwrap();
            let b = normalize(Grammar::Leiri, &uri, level).unwrap();
            assert_eq!(a, b, "leiri {level} U+{cp:04X}");
        }
        if iri_abnf::is_valid(Grammar::Iri, "IRI-reference", &raw) {
            let a = normalize(Grammar::Iri, &raw, Level::Percent).unwrap();
            assert_eq!(a.as_str(), iri, "iri percent U+{cp:04X}");
        }
    }
    // The sizes, as `characters::not_appropriate`'s docs, interpretation note 15 and the changelog
    // give them.
    assert_eq!(
        (invisible, kept_invisible, look_alikes, host_look_alikes),
        (4184, 22, 153, 16),
        "invisible, kept, look-alikes, look-alikes of \".\" in a host"
    );
}

/// Every character that NFC composes with an ASCII delimiter (RFC 3986 §2.2), found here from NFC
/// alone: `to-iri` keeps it encoded after the delimiter, and no `lint` suggestion and no level of
/// `normalize` loses the delimiter. Likewise every character whose NFC is an ASCII delimiter (U+037E
/// GREEK QUESTION MARK is ";").
#[test]
fn no_decoding_or_suggestion_moves_a_delimiter() {
    let options = ToIriOptions::default();
    let lint_options = LintOptions::default();
    let delimiters: Vec<char> = (0x21..0x7Fu8)
        .map(char::from)
        .filter(|d| !d.is_ascii_alphanumeric() && !matches!(d, '%' | '-' | '_' | '~'))
        .collect();
    let (mut marks, mut singletons) = (0, 0);
    for c in (0x80..=0x10FFFFu32).filter_map(char::from_u32) {
        let cp = c as u32;
        let composes: Vec<char> = delimiters
            .iter()
            .copied()
            .filter(|&d| {
                let pair = format!("{d}{c}");
                !pair.nfc().collect::<String>().starts_with(d)
            })
            .collect();
        let nfc: String = c.to_string().nfc().collect();
        let singleton = nfc.chars().any(|x| delimiters.contains(&x));
        if composes.is_empty() && !singleton {
            continue;
        }
        for place in Place::ALL {
            assert!(not_appropriate(c, place).is_some(), "U+{cp:04X} {place:?}");
        }
        if singleton {
            singletons += 1;
        }
        if !composes.is_empty() {
            marks += 1;
        }
        let encoded = pct(c);
        for d in composes.iter().copied().chain(singleton.then_some('=')) {
            // In a URI's query the delimiter is written as it is where it may be, else as %HH.
            let written = if iri_abnf::characters::is_sub_delim(d) || ":@/?#".contains(d) {
                d.to_string()
            } else {
                pct(d)
            };
            let uri = format!("http://a/?x{written}{encoded}y");
            assert_eq!(to_iri(&uri, &options).unwrap().iri, uri, "U+{cp:04X} {d:?}");
            // As characters (in a LEIRI, which allows every printable ASCII character).
            let text = format!("http://a/?x{d}{c}y");
            let Ok(r) = parse(Grammar::Leiri, &text) else {
                continue;
            };
            let prefix = format!("http://a/?x{d}");
            for diagnostic in lint(&r, &lint_options) {
                if let Some(s) = &diagnostic.suggestion {
                    let applied = format!(
                        "{}{s}{}",
                        &text[..diagnostic.span.start],
                        &text[diagnostic.span.end..]
                    );
                    assert!(
                        applied.starts_with(&prefix),
                        "lint {:?} on {text:?}: {applied:?}",
                        diagnostic.code
                    );
                }
            }
            // From `percent` on, a LEIRI's "<" and ">" are percent-encoded (3987bis §5.1) and
            // still end where they did.
            for level in Level::ALL {
                let n = normalize(Grammar::Leiri, &text, level).unwrap();
                let prefix = if level >= Level::Percent {
                    format!("http://a/?x{written}")
                } else {
                    prefix.clone()
                };
                assert!(n.as_str().starts_with(&prefix), "{level} {text:?}: {n}");
            }
        }
    }
    assert!(marks >= 1 && singletons >= 2, "{marks} {singletons}");
}

/// The examples of the spec defects, with the spec's answer.
#[test]
fn examples_give_the_spec_answer() {
    use iri_abnf::convert::leiri_to_iri;
    use iri_abnf::normalize::equivalent;
    let iri = |s: &str| to_iri(s, &ToIriOptions::default()).unwrap().iri;
    // Look-alikes of delimiters and of space, in the host and the path (3987bis §4.1 b, §9).
    for s in [
        "http://example.com%E2%88%95evil.net/",
        "http://evil%E3%80%82com/",
    ] {
        assert_eq!(iri(s), s);
    }
    for c in [
        '\u{2044}', '\u{FE5F}', '\u{FE6A}', '\u{2039}', '\u{FE56}', '\u{0589}', '\u{2236}',
        '\u{115F}', '\u{3164}', '\u{2800}',
    ] {
        let s = format!("http://a{0}b/{0}?{0}", pct(c));
        assert_eq!(iri(&s), s, "U+{:04X}", c as u32);
    }
    // Look-alikes of "." are kept in the host alone (UTS #46 and NFKC make them label separators).
    for c in ['\u{FE52}', '\u{2024}'] {
        let s = format!("http://a{0}b/{0}?{0}", pct(c));
        assert_eq!(
            iri(&s),
            format!("http://a{0}b/{1}?{1}", pct(c), c),
            "U+{:04X}",
            c as u32
        );
    }
    // Invisible format characters newer than RFC 3454 (Unicode 3.2).
    for c in [
        '\u{2064}',
        '\u{0600}',
        '\u{08E2}',
        '\u{110BD}',
        '\u{13430}',
        '\u{1BCA0}',
    ] {
        let s = format!("http://a/{0}?{0}", pct(c));
        assert_eq!(iri(&s), s, "U+{:04X}", c as u32);
    }
    // The emoji variation selector and the joiners stay decoded, but in a host only in a label that
    // is a valid IDNA2008 U-label, which "i\u{2764}\u{FE0F}" is not (U+2764 and the selectors are
    // DISALLOWED; interpretation note 54).
    assert_eq!(
        iri("http://i%E2%9D%A4%EF%B8%8F.ws/"),
        "http://i\u{2764}%EF%B8%8F.ws/"
    );
    assert_eq!(
        iri("http://a/i%E2%9D%A4%EF%B8%8F"),
        "http://a/i\u{2764}\u{FE0F}"
    );
    assert_eq!(iri("/%E2%80%8C%E2%80%8D"), "/\u{200C}\u{200D}");
    // lint: no advice to write a look-alike; CGJ and the variation selectors are mentioned.
    let options = LintOptions::default();
    let codes = |s: &str, g: Grammar| -> Vec<(Code, Option<String>)> {
        lint(&parse(g, s).unwrap(), &options)
            .into_iter()
            .map(|d| (d.code, d.suggestion))
            .collect()
    };
    let found = codes("http://a/x%E2%88%95y", Grammar::Iri);
    assert!(!found.iter().any(|(c, _)| *c == Code::EncodedIriCharacter));
    for text in ["http://a/x\u{34F}y", "http://a/\u{2764}\u{FE0F}"] {
        assert!(
            codes(text, Grammar::Iri)
                .iter()
                .any(|(c, _)| *c == Code::InvisibleCharacter),
            "{text:?}"
        );
    }
    // not-nfc never swallows a delimiter, and to-iri keeps the mark encoded.
    for text in ["http://a/?x=\u{338}y", "http://a/a\u{37E}b"] {
        let found = codes(text, Grammar::Iri);
        assert!(!found.iter().any(|(c, _)| *c == Code::NotNfc), "{found:?}");
        assert!(
            found
                .iter()
                .any(|(c, _)| matches!(c, Code::NotAppropriateCharacter | Code::SyntaxLookAlike)),
            "{found:?}"
        );
    }
    assert_eq!(iri("http://a/?x=%CC%B8y"), "http://a/?x=%CC%B8y");
    // The comparison ladder: a character and its percent-encoding meet from `percent` on.
    for (a, b) in [
        ("http://h/\u{FF0F}", "http://h/%EF%BC%8F"),
        ("http://h/\u{2000}", "http://h/%E2%80%80"),
    ] {
        for level in Level::ALL {
            assert_eq!(
                equivalent(Grammar::Iri, a, b, level).unwrap(),
                level >= Level::Percent,
                "{a:?} {b:?} {level}"
            );
        }
    }
    // from-leiri: U+202E, which a LEIRI may hold and an IRI must not (RFC 3987 §4.1).
    let c = leiri_to_iri("http://a/\u{202E}txt.exe");
    assert_eq!(c.iri, "http://a/%E2%80%AEtxt.exe");
    assert!(c.notes[0].contains("U+202E"), "{:?}", c.notes);
    // Private use in the query: to-iri and normalize agree (decoded there, encoded elsewhere).
    let s = "http://a/%EE%80%80?%EE%80%80";
    assert_eq!(iri(s), "http://a/%EE%80%80?\u{E000}");
    assert_eq!(
        normalize(Grammar::Iri, s, Level::Percent).unwrap(),
        "http://a/%EE%80%80?\u{E000}"
    );
}

/// 3987bis §4.1 b names "look-alikes of "space", "delims", and "unwise"": a look-alike stays
/// encoded where the character it imitates means something (interpretation note 15 (f)). Checked
/// here against the UTS #39 data directly, over every code point of each family, in every
/// component: a character of General_Category P*, S* or Z* whose skeleton is that of space, "%", a
/// gen-delim or one of RFC 2396's delims and unwise stays encoded everywhere, but the punctuation
/// whose skeleton is also that of ASCII text that means nothing ("`" and "'", `"` and "''", "|" and
/// "l": quotation marks, apostrophes, primes and dandas of running text), which is decoded; one whose
/// skeleton is that of "." stays encoded in the host only.
#[test]
fn look_alikes_follow_what_they_imitate_in_every_component() {
    use icu_properties::props::GeneralCategory as G;
    use icu_properties::CodePointMapData;
    let skeleton = |s: &str| unicode_security::skeleton(s).collect::<String>();
    let everywhere = " %:/?#[]@<>\"{}|\\^`";
    let ambiguous = "\"|`";
    let targets: Vec<(char, String)> = everywhere
        .chars()
        .chain(['.'])
        .map(|t| (t, skeleton(&t.to_string())))
        .collect();
    let options = ToIriOptions::default();
    let mut counts = std::collections::BTreeMap::<&str, usize>::new();
    for c in (0x80..=0x10FFFFu32).filter_map(char::from_u32) {
        let category = CodePointMapData::<G>::new().get(c);
        let symbol = matches!(
            category,
            G::MathSymbol
                | G::CurrencySymbol
                | G::ModifierSymbol
                | G::OtherSymbol
                | G::SpaceSeparator
                | G::LineSeparator
                | G::ParagraphSeparator
        );
        let punctuation = matches!(
            category,
            G::ConnectorPunctuation
                | G::DashPunctuation
                | G::OpenPunctuation
                | G::ClosePunctuation
                | G::InitialPunctuation
                | G::FinalPunctuation
                | G::OtherPunctuation
        );
        if !symbol && !punctuation {
            continue;
        }
        let own = skeleton(&c.to_string());
        let Some(&(t, _)) = targets.iter().find(|(_, k)| *k == own) else {
            continue;
        };
        let encoded = pct(c);
        let uri = format!("http://u{encoded}v@a{encoded}b/x{encoded}?{encoded}#{encoded}");
        let got = to_iri(&uri, &options).unwrap().iri;
        // What the rest of the predicate says (full-width forms, white space, …), in the path.
        let other = not_appropriate(c, Place::Path)
            .filter(|&r| r != iri_abnf::characters::NotAppropriate::LookAlike);
        let (class, host_kept, kept) = if t == '.' {
            ("look-alike of \".\"", true, other.is_some())
        } else if ambiguous.contains(t) && punctuation {
            (
                "punctuation of running text",
                other.is_some(),
                other.is_some(),
            )
        } else {
            ("look-alike of a delimiter", true, true)
        };
        let show = |keep: bool| if keep { encoded.clone() } else { c.to_string() };
        let want = format!(
            "http://u{0}v@a{1}b/x{0}?{0}#{0}",
            show(kept),
            show(host_kept)
        );
        assert_eq!(got, want, "{class} {t:?}: U+{:04X}", c as u32);
        *counts.entry(class).or_default() += 1;
    }
    let counts: Vec<(&str, usize)> = counts.into_iter().collect();
    assert_eq!(
        counts,
        [
            ("look-alike of \".\"", 7),
            ("look-alike of a delimiter", 118),
            ("punctuation of running text", 35),
        ]
    );
}

/// The typographic and script punctuation of running text is decoded in the path, the query and the
/// fragment; the look-alikes of "%" and "|" and of "." in a host stay encoded (3987bis §4.1 b).
#[test]
fn running_text_decodes_and_look_alikes_stay() {
    let iri = |s: &str| to_iri(s, &ToIriOptions::default()).unwrap().iri;
    for (uri, text) in [
        ("Don%E2%80%99t_Stop_Me_Now", "Don\u{2019}t_Stop_Me_Now"),
        ("L%E2%80%99Or%C3%A9al", "L\u{2019}Or\u{E9}al"),
        ("Hello%E2%80%A6", "Hello\u{2026}"),
        (
            "%E3%83%A2%E3%83%BC%E3%83%8B%E3%83%B3%E3%82%B0%E5%A8%98%E3%80%82",
            "\u{30E2}\u{30FC}\u{30CB}\u{30F3}\u{30B0}\u{5A18}\u{3002}",
        ),
        (
            "%E3%82%B8%E3%83%A7%E3%83%B3%E3%82%A0%E3%82%B9%E3%83%9F%E3%82%B9",
            "\u{30B8}\u{30E7}\u{30F3}\u{30A0}\u{30B9}\u{30DF}\u{30B9}",
        ),
        ("%D7%A6%D7%94%D7%B4%D7%9C", "\u{5E6}\u{5D4}\u{5F4}\u{5DC}"),
        (
            "%E0%A4%B9%E0%A4%BF%E0%A4%A8%E0%A5%8D%E0%A4%A6%E0%A5%80%E0%A5%A4%E0%A5%A5",
            "\u{939}\u{93F}\u{928}\u{94D}\u{926}\u{940}\u{964}\u{965}",
        ),
        ("%E2%80%9Cquoted%E2%80%9D", "\u{201C}quoted\u{201D}"),
    ] {
        for (before, between) in [
            ("http://a/", "?"),
            ("http://a/x?", "#"),
            ("http://a/x#", "/"),
        ] {
            assert_eq!(
                iri(&format!("{before}{uri}{between}{uri}")),
                format!("{before}{text}{between}{text}"),
                "{uri}"
            );
        }
    }
    for c in [
        '\u{066A}', '\u{2052}', '\u{2223}', '\u{2502}', '\u{FE6A}', '\u{2215}',
    ] {
        let s = format!("http://a{0}b/{0}?{0}#{0}", pct(c));
        assert_eq!(iri(&s), s, "U+{:04X}", c as u32);
    }
    for c in ['\u{3002}', '\u{FF0E}', '\u{FF61}', '\u{2024}', '\u{2026}'] {
        let s = format!("http://a{0}b/", pct(c));
        assert_eq!(iri(&s), s, "U+{:04X}", c as u32);
    }
    assert_eq!(
        iri("http://evil%E3%80%82com/%E3%80%82"),
        "http://evil%E3%80%82com/\u{3002}"
    );
}
