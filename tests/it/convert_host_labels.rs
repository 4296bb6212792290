//! The labels of a `reg-name` in URI-to-IRI conversion (3987bis §3.7): step 6 converts A-labels only
//! when the whole name maps back to the input (interpretation note 53), and joiners and variation
//! selectors decode in a host only in a label that is a valid IDNA2008 U-label (interpretation note
//! 54), in `to_iri`, `normalize` and `lint` alike.

use crate::common::host_of;
use iri_abnf::convert::reg_name::{could_become_ipv4, punycode_to_unicode};
use iri_abnf::convert::{to_iri, to_uri, HostMapping, ToIriOptions, ToUriOptions};
use iri_abnf::lint::{lint, LintOptions};
use iri_abnf::normalize::{normalize, Level};
use iri_abnf::{parse, Grammar};

/// A URI "at the percent level": [`normalize`] in the `uri` grammar at [`Level::Percent`], that is
/// RFC 3986 §6.2.2.1 (scheme and host letters in lower case, hex digits of `%HH` in upper case) and
/// §6.2.2.2 (`%HH` of unreserved characters decoded). Two URIs are equal at the percent level when
/// these forms are the same string.
fn at_percent_level(uri: &str) -> String {
    normalize(Grammar::Uri, uri, Level::Percent)
        .unwrap()
        .as_str()
        .to_string()
}

/// Every name of one to three labels from a pool of A-labels (valid, in upper case, invalid, of
/// right-to-left text, of symbols IDNA2008 disallows), ASCII labels, percent-encoded octets that are
/// UTF-8 or not, and numbers: step 6 converts exactly when the converted name maps back, and then
/// `to-uri --host idna` of the IRI is the input at the percent level.
#[test]
fn step_6_converts_exactly_when_the_name_maps_back() {
    let pool = [
        "xn--99zt52a",
        "XN--99ZT52A",
        "xn--rsum-bpad",
        "xn--4db",
        "xn--n3h",
        "xn--zz-",
        "xn--rsum-bad",
        "example",
        "a_b",
        "0a",
        "%41",
        "%2F",
        "%FF",
        "%C3%A9",
        "%E2%80%AE",
        "%e7%b4%8d",
        "1",
    ];
    let mut names: Vec<String> = pool.iter().map(|s| s.to_string()).collect();
    for a in pool {
        for b in pool {
            names.push(format!("{a}.{b}"));
            for c in ["xn--99zt52a", "%FF", "example", "xn--4db"] {
                names.push(format!("{a}.{b}.{c}"));
            }
        }
    }
    let idna = ToUriOptions::default().with_host(HostMapping::Idna);
    let plain = ToIriOptions::default().with_convert_punycode(false);
    let (mut converted, mut refused, mut kept_as_written) = (0, 0, 0);
    for name in &names {
        let uri = format!("http://{name}/p%C3%A9?q=%e2%82%ac#f");
        let c = to_iri(&uri, &ToIriOptions::default()).unwrap().iri;
        if could_become_ipv4(name) {
            // The host stays as written (interpretation note 52); the rest is converted.
            assert_eq!(host_of(Grammar::Iri, &c), *name, "{uri}");
            kept_as_written += 1;
            continue;
        }
        let without = to_iri(&uri, &plain).unwrap().iri;
        // Step 6 as it was before the name had to map back: every label that converts on its own.
        let host = host_of(Grammar::Iri, &without);
        let naive = without.replacen(&host, &punycode_to_unicode(&host), 1);
        let maps_back =
            to_uri(&naive, &idna).is_ok_and(|u| at_percent_level(&u.uri) == at_percent_level(&uri));
        if c != without {
            assert!(maps_back, "{uri} → {c}");
            assert_eq!(c, naive, "{uri}");
            let back = to_uri(&c, &idna).unwrap().uri;
            assert_eq!(
                at_percent_level(&back),
                at_percent_level(&uri),
                "{uri} → {c} → {back}"
            );
            converted += 1;
        } else {
            assert!(naive == without || !maps_back, "{uri}: {naive} maps back");
            if naive != without {
                refused += 1;
            }
        }
    }
    assert!(
        converted > 100 && refused > 100 && kept_as_written > 10,
        "{converted} {refused} {kept_as_written}"
    );
    // §3.4.2: octets that are not UTF-8 leave the entire field as is.
    let c = to_iri("http://%FF.xn--99zt52a/", &ToIriOptions::default());
    assert_eq!(c.unwrap().iri, "http://%FF.xn--99zt52a/");
}

fn pct(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        }
    }
    out
}

/// Each of ZWJ, ZWNJ, the variation selectors of `ucschar` (VS1–VS16, the Mongolian free variation
/// selectors) and VS17–VS256, in host labels where RFC 5892 A.1 and A.2 hold and where they do not:
/// `to_iri`, the `percent` and `nfc` levels and `lint`'s suggestion decode the character in a host
/// only in a valid IDNA2008 label; in a path the rule of 3987bis §4.1 b stands (decoded, but VS17–256,
/// which are not `ucschar`).
#[test]
fn joiners_and_variation_selectors_in_hosts() {
    let (zwj, zwnj) = ('\u{200D}', '\u{200C}');
    // (label, character, whether the label is a valid U-label)
    let mut cases: Vec<(String, char, bool)> = vec![
        (format!("\u{915}\u{94D}{zwj}"), zwj, true),
        (format!("\u{915}\u{94D}{zwj}\u{937}"), zwj, true),
        (format!("\u{915}\u{94D}{zwnj}\u{937}"), zwnj, true),
        (format!("\u{628}{zwnj}\u{628}"), zwnj, true),
    ];
    let selectors = ('\u{FE00}'..='\u{FE0F}')
        .chain(['\u{180B}', '\u{180C}', '\u{180D}', '\u{180F}'])
        .chain('\u{E0100}'..='\u{E01EF}');
    for j in [zwj, zwnj].into_iter().chain(selectors) {
        for label in [
            format!("pay{j}pal"),
            format!("{j}a"),
            format!("\u{E9}{j}"),
            format!("\u{915}{j}\u{937}"),
            format!("\u{628}{j}a"),
            format!("\u{2764}{j}"),
        ] {
            cases.push((label, j, false));
        }
        if !matches!(j, '\u{200C}' | '\u{200D}') {
            // After a virama, where a joiner would be valid: a selector is DISALLOWED (RFC 5892 §2.6).
            cases.push((format!("\u{915}\u{94D}{j}"), j, false));
        }
    }
    let mut checked = 0;
    for (label, j, valid) in &cases {
        let encoded_j = pct(&j.to_string());
        let uri = format!("http://{}.example/", pct(label));
        let iri = to_iri(&uri, &ToIriOptions::default()).unwrap().iri;
        let host = host_of(Grammar::Iri, &iri);
        assert_eq!(host.contains(*j), *valid, "{uri} → {iri}");
        assert_eq!(host.contains(&encoded_j), !valid, "{uri} → {iri}");
        for level in [Level::Percent, Level::Nfc] {
            for input in [uri.clone(), format!("http://{label}.example/")] {
                let Ok(n) = normalize(Grammar::Iri, &input, level) else {
                    continue;
                };
                let host = host_of(Grammar::Iri, n.as_str());
                assert_eq!(host.contains(*j), *valid, "{input} at {level}: {n}");
            }
        }
        // lint suggests decoding the character exactly where to-iri decodes it.
        let found = lint(&parse(Grammar::Iri, &uri).unwrap(), &LintOptions::default());
        let suggested = found
            .iter()
            .any(|d| d.suggestion.as_deref() == Some(&j.to_string()));
        assert_eq!(suggested, *valid, "{uri}: {found:?}");
        // In a path: the rule of 3987bis §4.1 b, whatever the label.
        let path = format!("http://a/{}", pct(label));
        let in_path = to_iri(&path, &ToIriOptions::default()).unwrap().iri;
        let kept = iri_abnf::characters::is_kept_invisible(*j);
        assert_eq!(in_path.contains(*j), kept, "{path} → {in_path}");
        checked += 1;
    }
    assert_eq!(checked, cases.len());
    assert!(checked > 256 * 5, "{checked}");
    // The examples: a name that looks like paypal.com stays encoded; the red heart decodes in a path.
    let o = ToIriOptions::default();
    assert_eq!(
        to_iri("http://pay%E2%80%8Dpal.com/", &o).unwrap().iri,
        "http://pay%E2%80%8Dpal.com/"
    );
    assert_eq!(
        to_iri("http://a/i%E2%9D%A4%EF%B8%8F", &o).unwrap().iri,
        "http://a/i\u{2764}\u{FE0F}"
    );
}
