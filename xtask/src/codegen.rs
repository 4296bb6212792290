//! The Rust source of the `iri_abnf::Rule` enum, generated from the rule names of the `.abnf` files.
//!
//! [`rule_module`] writes `src/grammar/rules.rs`: one variant per distinct rule name of the grammars
//! (in the order of first appearance, `AnyGrammar::ALL` order: `uri`, then the rules `rfc3987`, `iri`,
//! `leiri` and the historical grammars add), the spec spelling of each (ABNF names are
//! case-insensitive, RFC 5234 §2.1: a name spelled two ways, `ALPHA` and RFC 2396's `alpha`, is one
//! rule, shown in its first spelling and found in any case), the rules of each grammar in `.abnf` order,
//! which grammars have each rule, and the RFC 3986 rule that each IRI rule renames.
//! [`crate::generate::all`] returns it with the other generated files. The output is laid out as `rustfmt`
//! leaves it.

use std::collections::HashMap;
use std::fmt::Write as _;

use iri_abnf::abnf::AbnfError;
use iri_abnf::AnyGrammar;

/// The variant name of a rule: each `-`-separated word with its first character upper case, and the
/// upper-case letters that follow it in a run lower case (`IRI-reference` → `IriReference`,
/// `IPv6address` → `Ipv6address`, `IPvFuture` → `IpvFuture`, `ireg-name` → `IregName`). A run of
/// upper-case letters after a lower-case one stays as it is, so that RFC 2396's `absoluteURI` is
/// `AbsoluteURI`, not the `AbsoluteUri` of RFC 3986's `absolute-URI`.
pub(crate) fn variant_name(rule: &str) -> String {
    let mut out = String::new();
    for word in rule.split('-') {
        // Whether the current run of upper-case letters began at the start of the word.
        let mut run_at_start = false;
        let mut previous_upper = false;
        for (i, c) in word.chars().enumerate() {
            let upper = c.is_ascii_uppercase();
            if i == 0 {
                out.push(c.to_ascii_uppercase());
                run_at_start = true;
            } else if upper && previous_upper && run_at_start {
                out.push(c.to_ascii_lowercase());
            } else {
                if upper && !previous_upper {
                    run_at_start = false;
                }
                out.push(c);
            }
            previous_upper = upper || (i == 0 && c.is_ascii_alphabetic());
        }
    }
    out
}

/// The RFC 3986 rule that `rule` renames (draft-ietf-iri-3987bis §2.2: "If the non-terminal contains
/// 'URI', this has been changed to 'IRI'. Otherwise, an 'i' has been prefixed."), when `uri` has it.
fn uri_counterpart<'a>(rule: &'a str, uri: &[&'a str]) -> Option<&'a str> {
    if uri.contains(&rule) {
        return None;
    }
    if rule.contains("IRI") {
        let renamed = rule.replacen("IRI", "URI", 1);
        return uri.iter().copied().find(|&u| u == renamed);
    }
    rule.strip_prefix('i').filter(|rest| uri.contains(rest))
}

/// The rule names of each grammar, in `.abnf` order.
fn grammar_rules() -> Result<Vec<(AnyGrammar, Vec<&'static str>)>, AbnfError> {
    AnyGrammar::ALL
        .into_iter()
        .map(|g| Ok((g, iri_abnf::abnf::rules(g)?.rule_names())))
        .collect()
}

/// The text of `src/abnf/automata/rules.rs`.
pub(crate) fn rule_module(command: &str) -> Result<String, AbnfError> {
    let grammars = grammar_rules()?;
    // Distinct names (ABNF names are case-insensitive, RFC 5234 §2.1) in order of first appearance,
    // each in its first spelling, with the grammars that have it and its other spellings.
    let mut names: Vec<&str> = Vec::new();
    let mut canonical: HashMap<String, &str> = HashMap::new();
    let mut members: HashMap<&str, Vec<AnyGrammar>> = HashMap::new();
    let mut spellings: Vec<&str> = Vec::new();
    for (g, rules) in &grammars {
        for &rule in rules {
            let name = *canonical.entry(rule.to_ascii_lowercase()).or_insert(rule);
            let list = members.entry(name).or_default();
            if list.is_empty() {
                names.push(name);
            }
            list.push(*g);
            if !spellings.contains(&rule) {
                spellings.push(rule);
            }
        }
    }
    // Two names with one variant name could not be told apart.
    let mut seen: HashMap<String, &str> = HashMap::new();
    for &name in &names {
        if let Some(other) = seen.insert(variant_name(name), name) {
            return Err(AbnfError::Naming {
                rule: name.to_string(),
                message: format!("cannot be told apart from `{other}` in the `Rule` enum"),
            });
        }
    }
    let uri: Vec<&str> = grammars
        .iter()
        .find(|(g, _)| *g == AnyGrammar::Uri)
        .map(|(_, r)| r.clone())
        .unwrap_or_default();
    let variant: HashMap<&str, String> = spellings
        .iter()
        .map(|&n| (n, variant_name(canonical[&n.to_ascii_lowercase()])))
        .collect();
    let count = names.len();
    let max_len = names.iter().map(|n| n.len()).max().unwrap_or(0);

    let mut s = String::new();
    let _ = write!(
        s,
        "//! The rules of the grammars (see `crate::grammar::rule`). Generated by `{command}` from the\n\
         //! `.abnf` files; do not edit.\n\
         \n\
         use crate::grammar::AnyGrammar;\n\
         \n\
         /// An ABNF rule of one or more of the grammars: one variant per rule name of the `.abnf` files, in\n\
         /// the order of first appearance (`uri`, then the rules `rfc3987`, `iri`, `leiri` and the\n\
         /// historical grammars add).\n\
         ///\n\
         /// [`Rule::name`] and `Display` give the spec spelling (`IRI-reference`), `FromStr` takes it or\n\
         /// the spelling with `_` for `-`; [`AnyGrammar::rules`] and [`AnyGrammar::has`] say which grammar\n\
         /// has which rule. See [`RuleName`](crate::RuleName).\n\
         #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]\n\
         #[non_exhaustive]\n\
         pub enum Rule {{\n"
    );
    for &name in &names {
        let gs: Vec<&str> = members[name].iter().map(|g| g.name()).collect();
        let others: Vec<String> = spellings
            .iter()
            .filter(|&&o| o != name && o.eq_ignore_ascii_case(name))
            .map(|o| format!("`{o}`"))
            .collect();
        let also = if others.is_empty() {
            String::new()
        } else {
            format!(", also spelled {}", others.join(", "))
        };
        let _ = write!(s, "    /// `{name}` ({}{also})", gs.join(", "));
        match uri_counterpart(name, &uri) {
            Some(u) => {
                let _ = writeln!(s, ": the IRI form of `{u}`.");
            }
            None => s.push_str(".\n"),
        }
        let _ = writeln!(s, "    {},", variant[name]);
    }
    s.push_str("}\n\nimpl Rule {\n");
    let _ = write!(
        s,
        "    /// Every rule, in declaration order.\n    pub const ALL: [Rule; {count}] = [\n"
    );
    for &name in &names {
        let _ = writeln!(s, "        Rule::{},", variant[name]);
    }
    s.push_str("    ];\n\n");
    let _ = write!(
        s,
        "    /// The number of rules.\n    pub const COUNT: usize = {count};\n\n\
         \x20   /// The length of the longest rule name.\n    pub(crate) const MAX_NAME_LEN: usize = {max_len};\n\n"
    );
    s.push_str(
        "    /// The rule's name in spec spelling (`IRI-reference`, `ireg-name`).\n    \
         pub const fn name(self) -> &'static str {\n        match self {\n",
    );
    for &name in &names {
        let _ = writeln!(s, "            Rule::{} => {name:?},", variant[name]);
    }
    s.push_str("        }\n    }\n\n");

    s.push_str(
        "    /// The RFC 3986 rule that this rule of RFC 3987 or 3987bis renames (3987bis §2.2: \"If the\n    \
         /// non-terminal contains 'URI', this has been changed to 'IRI'. Otherwise, an 'i' has been\n    \
         /// prefixed.\"): `URI-reference` for `IRI-reference`, `reg-name` for `ireg-name`. Every other\n    \
         /// rule is its own counterpart (`IP-literal`, `ucschar`, `iprivate`).\n    \
         pub const fn uri_counterpart(self) -> Rule {\n        match self {\n",
    );
    for &name in &names {
        if let Some(u) = uri_counterpart(name, &uri) {
            let _ = writeln!(
                s,
                "            Rule::{} => Rule::{},",
                variant[name], variant[u]
            );
        }
    }
    s.push_str("            other => other,\n        }\n    }\n\n");

    s.push_str(
        "    /// The grammars that have the rule, one bit each (bit `g as usize` for grammar `g`).\n    \
         #[inline(always)]\n    pub(crate) const fn grammar_bits(self) -> u16 {\n        \
         // A reference to the constant, which is promoted to a static: indexing the constant itself\n        \
         // at run time may copy it onto the stack first, and a static of this crate would hide its\n        \
         // contents from the optimizer of a dependent crate, which folds the lookup of a known rule.\n        \
         let bits: &'static [u16; Rule::COUNT] = &GRAMMAR_BITS;\n        \
         bits[self as usize]\n    }\n}\n\n",
    );

    let _ = writeln!(
        s,
        "/// Bit `g as usize` is set when grammar `g` has the rule, indexed by `Rule as usize`.\n\
         const GRAMMAR_BITS: [u16; {count}] = ["
    );
    for &name in &names {
        let bits: u16 = members[name].iter().map(|&g| 1u16 << g as usize).sum();
        let _ = writeln!(s, "    0b{bits:09b}, // {name}");
    }
    s.push_str("];\n\n");

    s.push_str(
        "/// The rules of `grammar`, in the order of its `.abnf` files.\n\
         pub(crate) const fn rules(grammar: AnyGrammar) -> &'static [Rule] {\n    match grammar {\n",
    );
    for (g, _) in &grammars {
        let _ = writeln!(
            s,
            "        AnyGrammar::{g:?} => &{}_RULES,",
            g.name().to_ascii_uppercase().replace('-', "_")
        );
    }
    s.push_str("    }\n}\n\n");

    s.push_str(
        "/// How `grammar` spells `rule` when its file does not spell it as [`Rule::name`] does (ABNF names\n\
         /// are case-insensitive, RFC 5234 §2.1).\n\
         pub(crate) const fn spelling(grammar: AnyGrammar, rule: Rule) -> Option<&'static str> {\n    \
         match (grammar, rule) {\n",
    );
    for (g, rules) in &grammars {
        for &r in rules {
            if canonical[&r.to_ascii_lowercase()] != r {
                let _ = writeln!(
                    s,
                    "        (AnyGrammar::{g:?}, Rule::{}) => Some({r:?}),",
                    variant[r]
                );
            }
        }
    }
    s.push_str("        _ => None,\n    }\n}\n");
    for (g, rules) in &grammars {
        let _ = write!(
            s,
            "\n/// The rules of `{g}`, in `.abnf` order.\nconst {}_RULES: [Rule; {}] = [\n",
            g.name().to_ascii_uppercase().replace('-', "_"),
            rules.len()
        );
        for &r in rules {
            let _ = writeln!(s, "    Rule::{},", variant[r]);
        }
        s.push_str("];\n");
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_names() {
        for (rule, variant) in [
            ("IRI-reference", "IriReference"),
            ("IRI", "Iri"),
            ("absolute-URI", "AbsoluteUri"),
            ("IP-literal", "IpLiteral"),
            ("IPv6address", "Ipv6address"),
            ("IPvFuture", "IpvFuture"),
            ("ireg-name", "IregName"),
            ("ALPHA", "Alpha"),
            ("h16", "H16"),
            ("ls32", "Ls32"),
            ("leiri-ucschar", "LeiriUcschar"),
            ("isegment-nz-nc", "IsegmentNzNc"),
            ("absoluteURI", "AbsoluteURI"),
            ("relativeIRI", "RelativeIRI"),
            ("IPv6reference", "Ipv6reference"),
            ("ipv6reference", "Ipv6reference"),
            ("hier-part", "HierPart"),
        ] {
            assert_eq!(variant_name(rule), variant, "{rule}");
        }
    }

    #[test]
    fn counterparts() {
        let uri = [
            "URI",
            "URI-reference",
            "absolute-URI",
            "reg-name",
            "host",
            "path",
        ];
        assert_eq!(uri_counterpart("IRI", &uri), Some("URI"));
        assert_eq!(
            uri_counterpart("IRI-reference", &uri),
            Some("URI-reference")
        );
        assert_eq!(uri_counterpart("absolute-IRI", &uri), Some("absolute-URI"));
        assert_eq!(uri_counterpart("ireg-name", &uri), Some("reg-name"));
        assert_eq!(uri_counterpart("ipath", &uri), Some("path"));
        assert_eq!(uri_counterpart("host", &uri), None);
        assert_eq!(uri_counterpart("iprivate", &uri), None);
        assert_eq!(uri_counterpart("ucschar", &uri), None);
    }
}
