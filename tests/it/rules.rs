//! Rule identities: every rule of every grammar reads back from its spec spelling and from the spelling
//! with `_`, displays as the spec spells it, and belongs to exactly the grammars whose `.abnf` files
//! define it; unknown names are errors that suggest the close ones.

use std::collections::BTreeSet;

use iri_abnf::abnf::rules;
use iri_abnf::{AnyGrammar, Grammar, NameKind, Rule, UnknownName};

#[test]
fn every_rule_round_trips_through_its_names() {
    for g in AnyGrammar::ALL {
        for &rule in g.rules() {
            // As the grammar's files spell it, and as `Rule` spells it.
            assert_eq!(g.rule(g.rule_name(rule)), Some(rule), "{g}");
            let name = rule.name();
            assert_eq!(rule.to_string(), name, "{g}");
            assert_eq!(name.parse::<Rule>(), Ok(rule), "{g} {name}");
            let underscores = name.replace('-', "_");
            assert_eq!(underscores.parse::<Rule>(), Ok(rule), "{g} {underscores}");
            assert_eq!(g.rule(name), Some(rule), "{g} {name}");
            assert_eq!(g.rule(&underscores), Some(rule), "{g} {underscores}");
            assert_eq!(g.rule(rule), Some(rule), "{g} {name}");
            assert!(g.has(rule), "{g} {name}");
            assert!(rule.grammars().any(|x| x == g), "{g} {name}");
            // Rules and names are interchangeable where a rule is looked up, and in `is_valid`.
            assert_eq!(g.lookup_rule(name), Ok(rule), "{g} {name}");
            assert_eq!(
                iri_abnf::is_valid(g, rule, ""),
                iri_abnf::is_valid(g, name, ""),
                "{g} {name}"
            );
        }
    }
}

#[test]
fn the_rules_are_the_abnf_rules_of_each_grammar() {
    let mut all = BTreeSet::new();
    for g in AnyGrammar::ALL {
        let abnf = rules(g).expect("the grammar loads").rule_names();
        // Each grammar's rules, spelled as its files spell them.
        let names: Vec<&str> = g.rules().iter().map(|&r| g.rule_name(r)).collect();
        assert_eq!(
            names, abnf,
            "{g}: AnyGrammar::rules is the .abnf rule list, in order"
        );
        for &name in &abnf {
            let rule = g.rule(name).unwrap_or_else(|| panic!("{g}: {name}"));
            assert!(
                rule.name().eq_ignore_ascii_case(name),
                "{g}: {name} is {rule}"
            );
        }
        all.extend(abnf.iter().map(|n| n.to_ascii_lowercase()));
        for rule in Rule::ALL {
            assert_eq!(
                g.has(rule),
                names.contains(&g.rule_name(rule)),
                "{g}: has({rule}) differs from its rule list"
            );
        }
        if let Some(main) = g.main() {
            assert_eq!(main.rules(), g.rules(), "{g}");
            assert!(g.rules().iter().all(|&r| g.rule_name(r) == r.name()));
        }
    }
    let every: BTreeSet<String> = Rule::ALL
        .iter()
        .map(|r| r.name().to_ascii_lowercase())
        .collect();
    assert_eq!(every, all, "Rule::ALL is the union of the grammars' rules");
    assert_eq!(Rule::ALL.len(), Rule::COUNT);
    assert_eq!(every.len(), Rule::COUNT, "one variant per name");
    for (i, rule) in Rule::ALL.into_iter().enumerate() {
        assert_eq!(
            rule as usize, i,
            "{rule}: Rule::ALL is in declaration order"
        );
        assert!(rule.grammars().next().is_some(), "{rule} is in no grammar");
    }
}

#[test]
fn names_are_case_insensitive_with_either_separator() {
    assert_eq!("IRI-reference".parse::<Rule>(), Ok(Rule::IriReference));
    assert_eq!("IRI_reference".parse::<Rule>(), Ok(Rule::IriReference));
    assert_eq!("IPv6address".parse::<Rule>(), Ok(Rule::Ipv6address));
    assert_eq!("leiri_ucschar".parse::<Rule>(), Ok(Rule::LeiriUcschar));
    // ABNF names are case-insensitive (RFC 5234 §2.1), wherever a rule is named.
    for (name, rule) in [
        ("ipv6ADDRESS", Rule::Ipv6address),
        ("ipv6address", Rule::Ipv6address),
        ("iri-REFERENCE", Rule::IriReference),
        ("IRI_Reference", Rule::IriReference),
        ("IRI-REFERENCE", Rule::IriReference),
        ("Ireg_Name", Rule::IregName),
        ("Alpha", Rule::Alpha),
        ("IPV6REFERENCE", Rule::Ipv6reference),
    ] {
        assert_eq!(name.parse::<Rule>(), Ok(rule), "{name:?}");
        for g in rule.grammars() {
            assert_eq!(g.rule(name), Some(rule), "{g} {name:?}");
        }
    }
    assert_eq!(Grammar::Iri.rule("ipv6ADDRESS"), Some(Rule::Ipv6address));
    assert_eq!(Grammar::Uri.rule("IRI_Reference"), None);
    assert!(iri_abnf::is_valid(Grammar::Iri, "ipv6ADDRESS", "::1"));
    assert!(iri_abnf::is_valid(
        Grammar::Iri,
        "iri-REFERENCE",
        "r\u{E9}sum\u{E9}"
    ));
    assert!(iri_abnf::is_valid(
        Grammar::Uri,
        String::from("uri_REFERENCE"),
        "a/b"
    ));
    assert_eq!(
        Grammar::Uri.lookup_rule(String::from("uri_REFERENCE")),
        Ok(Rule::UriReference)
    );
    assert!(iri_abnf::validate(AnyGrammar::Rfc2396, Rule::AbsoluteURI, "http://a/").is_ok());
    for name in [
        "",
        "IriReference",
        " ihost",
        "ihost ",
        "ihost\n",
        "i-host",
        "EOI",
        "start_ihost",
        "ireg-name-",
        "ireg name",
        "ïhost",
    ] {
        assert_eq!(
            name.parse::<Rule>(),
            Err(UnknownName::new(NameKind::Rule(None), name)),
            "{name:?}"
        );
        for g in Grammar::ALL {
            assert_eq!(g.rule(name), None, "{g} {name:?}");
        }
    }
    // A name that two grammars' files spell differently is one rule, found by each of those spellings
    // (and by any other case).
    assert_eq!("alpha".parse::<Rule>(), Ok(Rule::Alpha));
    assert_eq!("ALPHA".parse::<Rule>(), Ok(Rule::Alpha));
    assert_eq!("IPv6reference".parse::<Rule>(), Ok(Rule::Ipv6reference));
    assert_eq!("ipv6reference".parse::<Rule>(), Ok(Rule::Ipv6reference));
    assert_eq!(
        AnyGrammar::Duerst01.rule_name(Rule::Ipv6reference),
        "IPv6reference"
    );
    assert_eq!(
        AnyGrammar::Rfc2732.rule_name(Rule::Ipv6reference),
        "ipv6reference"
    );
    // RFC 2396's `absoluteURI` and RFC 3986's `absolute-URI` are two rules.
    assert_ne!(
        "absoluteURI".parse::<Rule>(),
        "absolute-URI".parse::<Rule>()
    );
    assert_eq!(
        AnyGrammar::Rfc2396.rule("absoluteURI"),
        Some(Rule::AbsoluteURI)
    );
    assert_eq!(AnyGrammar::Rfc2396.rule("absolute-URI"), None);
    assert_eq!(AnyGrammar::Rfc2396.rule("hier_part"), Some(Rule::HierPart));
}

#[test]
fn a_rule_of_another_grammar_is_not_a_rule_of_this_one() {
    assert_eq!(Grammar::Uri.rule(Rule::Ihost), None);
    assert_eq!(Grammar::Uri.rule("ihost"), None);
    assert_eq!(Grammar::Iri.rule(Rule::Host), None);
    assert_eq!(Grammar::Leiri.rule(Rule::Ucschar), None);
    assert_eq!(Grammar::Iri.rule(Rule::Ucschar), Some(Rule::Ucschar));
    assert_eq!(Grammar::Rfc3987.rule(Rule::PctForm), None);
    assert_eq!(
        Rule::Ucschar.grammars().collect::<Vec<_>>(),
        [AnyGrammar::Rfc3987, AnyGrammar::Iri, AnyGrammar::IriPrinted]
    );
    let e = iri_abnf::validate(Grammar::Uri, Rule::Ihost, "x").unwrap_err();
    assert_eq!(e.kind(), iri_abnf::ErrorKind::UnknownRule, "{e:?}");
    assert_eq!(
        (e.grammar, e.rule, e.offset),
        (AnyGrammar::Uri, Rule::Ihost, 0)
    );
    assert_eq!(
        e.message(),
        UnknownName::rule(AnyGrammar::Uri, "ihost").to_string()
    );
    assert_eq!(
        Grammar::Uri.lookup_rule("ihost"),
        Err(UnknownName::rule(AnyGrammar::Uri, "ihost"))
    );
    assert!(!iri_abnf::is_valid(Grammar::Uri, Rule::Ihost, "x"));
    assert!(iri_abnf::is_valid(Grammar::Iri, Rule::Ihost, "x"));
}

#[test]
fn the_reference_rules() {
    assert_eq!(Grammar::Uri.reference_rule(), Rule::UriReference);
    for g in [Grammar::Rfc3987, Grammar::Iri, Grammar::Leiri] {
        assert_eq!(g.reference_rule(), Rule::IriReference);
    }
    for g in Grammar::ALL {
        assert!(g.has(g.reference_rule()), "{g}");
        assert_eq!(g.reference_rule().uri_counterpart(), Rule::UriReference);
    }
}

#[test]
fn uri_counterparts_follow_the_3987bis_renaming() {
    for rule in Rule::ALL {
        let base = rule.uri_counterpart();
        assert!(Grammar::Uri.has(base) || base == rule, "{rule} → {base}");
        assert_eq!(base.uri_counterpart(), base, "{rule}: one step");
        if base != rule {
            // 3987bis §2.2: "URI" became "IRI", or an "i" was prefixed.
            let name = rule.name();
            assert!(
                name == base.name().replacen("URI", "IRI", 1) || name == format!("i{base}"),
                "{rule} → {base}"
            );
            assert!(!Grammar::Uri.has(rule), "{rule}");
        }
    }
    assert_eq!(Rule::IregName.uri_counterpart(), Rule::RegName);
    assert_eq!(Rule::AbsoluteIri.uri_counterpart(), Rule::AbsoluteUri);
    assert_eq!(Rule::Iri.uri_counterpart(), Rule::Uri);
    assert_eq!(Rule::IpathEmpty.uri_counterpart(), Rule::PathEmpty);
    assert_eq!(Rule::IpLiteral.uri_counterpart(), Rule::IpLiteral);
    assert_eq!(Rule::Iprivate.uri_counterpart(), Rule::Iprivate);
    assert_eq!(Rule::Ucschar.uri_counterpart(), Rule::Ucschar);
}

#[test]
fn unknown_names_suggest_the_close_rules() {
    let e = UnknownName::rule(AnyGrammar::Uri, "ihost");
    let text = e.to_string();
    assert!(
        text.starts_with(
            "the grammar `uri` has no rule \"ihost\" (did you mean `host`?); its rules are: ALPHA, \
             DIGIT, HEXDIG, URI, hier-part,"
        ),
        "{text}"
    );
    assert!(text.ends_with(", gen-delims, sub-delims"), "{text}");
    let e = UnknownName::rule(AnyGrammar::Iri, "URI-reference");
    assert!(
        e.to_string()
            .contains("has no rule \"URI-reference\" (did you mean `IRI-reference`?)"),
        "{e}"
    );
    let e = UnknownName::rule(AnyGrammar::Iri, "zzzz");
    assert!(
        e.to_string()
            .starts_with("the grammar `iri` has no rule \"zzzz\"; its rules are: ALPHA,"),
        "{e}"
    );
    assert_eq!(
        UnknownName::new(NameKind::Rule(None), "ipv6adress").to_string(),
        "no grammar has a rule \"ipv6adress\" (did you mean `IPv6address`?)"
    );
    assert_eq!(
        UnknownName::new(NameKind::Rule(None), "zzzz").to_string(),
        "no grammar has a rule \"zzzz\""
    );
}

#[test]
fn rules_compare_with_their_spelling() {
    assert_eq!(Rule::IregName, "ireg-name");
    assert_eq!("ireg-name", Rule::IregName);
    assert_ne!(Rule::IregName, "ireg_name");
    assert_eq!(format!("{:>10}|", Rule::Port), "      port|");
    let as_str: &str = Rule::Ihost.as_ref();
    assert_eq!(as_str, "ihost");
}

#[test]
fn several_close_rules_are_all_named() {
    let e = UnknownName::rule(AnyGrammar::Iri, "IPv5address");
    assert!(
        e.to_string().contains(
            "has no rule \"IPv5address\" (did you mean `IPv6address` or `IPv4address`?);"
        ),
        "{e}"
    );
    let e = UnknownName::rule(AnyGrammar::Iri, "isegment-n");
    assert!(
        e.to_string()
            .contains("has no rule \"isegment-n\" (did you mean `isegment-nz`?);"),
        "{e}"
    );
    let e = UnknownName::rule(AnyGrammar::Uri, "hots");
    assert!(
        e.to_string()
            .contains("has no rule \"hots\" (did you mean `host`?);"),
        "{e}"
    );
}

/// Every rule of every grammar compiles to an automaton that accepts the strings generated from the
/// rule's ABNF (3987bis as printed included: its files are those of `iri` with note 1 taken back).
#[test]
fn every_rule_of_every_grammar_compiles() {
    for g in AnyGrammar::ALL {
        let set = rules(g).expect("the grammar loads");
        for &rule in g.rules() {
            let a = set
                .compile(g.rule_name(rule))
                .unwrap_or_else(|e| panic!("{g} {rule}: {e}"));
            // And accepts the strings generated from the rule's ABNF.
            let generator = iri_abnf::abnf::Generator::new(set, g.rule_name(rule))
                .unwrap_or_else(|e| panic!("{g} {rule}: {e}"));
            for seed in 0..5 {
                let s = generator.generate(seed, 20);
                assert!(a.is_match(&s), "{g} {rule}: {s:?}");
            }
        }
    }
}
