//! Rule identities: every rule of every grammar reads back from its spec spelling and from the spelling
//! with `_`, displays as the spec spells it, and belongs to exactly the grammars whose `.abnf` files
//! define it; unknown names are errors that suggest the close ones.

use std::collections::BTreeSet;

use iri_abnf::abnf::rules;
use iri_abnf::{Grammar, Rule, UnknownRule, UnknownRuleName};

#[test]
fn every_rule_round_trips_through_its_names() {
    for g in Grammar::ALL {
        for &rule in g.rules() {
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
            // Rules and names are interchangeable where a start rule is expected.
            assert_eq!(
                iri_abnf::validate(g, rule, "").is_ok(),
                iri_abnf::validate(g, name, "").is_ok(),
                "{g} {name}"
            );
        }
    }
}

#[test]
fn the_rules_are_the_abnf_rules_of_each_grammar() {
    let mut all = BTreeSet::new();
    for g in Grammar::ALL {
        let abnf = rules(g).expect("the grammar loads").rule_names();
        let names: Vec<&str> = g.rules().iter().map(|r| r.name()).collect();
        assert_eq!(
            names, abnf,
            "{g}: Grammar::rules is the .abnf rule list, in order"
        );
        all.extend(abnf);
        for rule in Rule::ALL {
            assert_eq!(
                g.has(rule),
                names.contains(&rule.name()),
                "{g}: has({rule}) differs from its rule list"
            );
        }
    }
    let every: BTreeSet<&str> = Rule::ALL.iter().map(|r| r.name()).collect();
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
fn spelling_is_exact_but_for_underscores() {
    assert_eq!("IRI-reference".parse::<Rule>(), Ok(Rule::IriReference));
    assert_eq!("IRI_reference".parse::<Rule>(), Ok(Rule::IriReference));
    assert_eq!("IPv6address".parse::<Rule>(), Ok(Rule::Ipv6address));
    assert_eq!("leiri_ucschar".parse::<Rule>(), Ok(Rule::LeiriUcschar));
    for name in [
        "",
        "iri-reference",
        "IRI-REFERENCE",
        "IriReference",
        "ipv6address",
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
            Err(UnknownRuleName(name.to_string())),
            "{name:?}"
        );
        for g in Grammar::ALL {
            assert_eq!(g.rule(name), None, "{g} {name:?}");
        }
    }
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
        [Grammar::Rfc3987, Grammar::Iri]
    );
    let e = iri_abnf::validate(Grammar::Uri, Rule::Ihost, "x").unwrap_err();
    assert!(
        matches!(&e, iri_abnf::Error::Rule(UnknownRule { grammar: Grammar::Uri, name }) if name == "ihost"),
        "{e:?}"
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
    let e = UnknownRule {
        grammar: Grammar::Uri,
        name: "ihost".into(),
    };
    let text = e.to_string();
    assert!(
        text.starts_with(
            "the grammar `uri` has no rule \"ihost\" (did you mean `host`?); its rules are: ALPHA, \
             DIGIT, HEXDIG, URI, hier-part,"
        ),
        "{text}"
    );
    assert!(text.ends_with(", gen-delims, sub-delims"), "{text}");
    let e = UnknownRule {
        grammar: Grammar::Iri,
        name: "URI-reference".into(),
    };
    assert!(
        e.to_string()
            .contains("has no rule \"URI-reference\" (did you mean `IRI-reference`?)"),
        "{e}"
    );
    let e = UnknownRule {
        grammar: Grammar::Iri,
        name: "zzzz".into(),
    };
    assert!(
        e.to_string()
            .starts_with("the grammar `iri` has no rule \"zzzz\"; its rules are: ALPHA,"),
        "{e}"
    );
    assert_eq!(
        UnknownRuleName("ipv6address".into()).to_string(),
        "no grammar has a rule \"ipv6address\" (did you mean `IPv6address`?)"
    );
    assert_eq!(
        UnknownRuleName("zzzz".into()).to_string(),
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
    let e = UnknownRule {
        grammar: Grammar::Iri,
        name: "IPv5address".into(),
    };
    assert!(
        e.to_string().contains(
            "has no rule \"IPv5address\" (did you mean `IPv6address` or `IPv4address`?);"
        ),
        "{e}"
    );
    let e = UnknownRule {
        grammar: Grammar::Iri,
        name: "isegment-n".into(),
    };
    assert!(
        e.to_string()
            .contains("has no rule \"isegment-n\" (did you mean `isegment-nz`?);"),
        "{e}"
    );
    let e = UnknownRule {
        grammar: Grammar::Uri,
        name: "hots".into(),
    };
    assert!(
        e.to_string()
            .contains("has no rule \"hots\" (did you mean `host`?);"),
        "{e}"
    );
}
