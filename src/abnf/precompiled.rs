//! DFAs compiled ahead of time and committed under `src/abnf/automata/`, loaded zero-copy.
//!
//! For each grammar, the rules of [`rules`] are compiled by `cargo xtask automata` (which calls
//! [`generate`]) into one file each, `src/abnf/automata/<grammar>.<rule>.dfa`: the dense DFA serialized
//! with `to_bytes_little_endian`. The generated `src/abnf/automata/mod.rs` includes them with 4-byte
//! alignment, and [`load`] deserializes one with `DFA::from_bytes` (no copy; the tables are checked once).
//! On a big-endian target, or if the bytes do not load, the rule is compiled at run time instead, as
//! every rule outside the list is. The test `tests/automata_current.rs` fails when the committed files
//! differ from what the `.abnf` files compile to.

use regex_automata::dfa::dense::DFA;
use regex_automata::dfa::Automaton as _;
use regex_automata::util::primitives::StateID;
use regex_automata::util::start;
use regex_automata::Anchored;

use super::AbnfError;
use crate::grammar::AnyGrammar;
use crate::rule::Rule;

/// The directory of the generated files, relative to the crate root.
pub const DIR: &str = "src/abnf/automata";

/// The command that writes the files.
pub const COMMAND: &str = "cargo xtask automata";

/// The rules that are precompiled for `grammar`: whole references and their kinds, and, for the four
/// main grammars, the rules a component parser checks one by one. The other grammars have no component
/// parser; their component rules are compiled on first use, as every rule outside the list is.
pub fn rules(grammar: AnyGrammar) -> &'static [Rule] {
    match grammar {
        AnyGrammar::Uri => &[
            Rule::UriReference,
            Rule::AbsoluteUri,
            Rule::Uri,
            Rule::RelativeRef,
            Rule::Scheme,
            Rule::Authority,
            Rule::Userinfo,
            Rule::Host,
            Rule::IpLiteral,
            Rule::Ipv4address,
            Rule::Ipv6address,
            Rule::RegName,
            Rule::Port,
            Rule::PathAbempty,
            Rule::PathAbsolute,
            Rule::PathNoscheme,
            Rule::PathRootless,
            Rule::Query,
            Rule::Fragment,
        ],
        AnyGrammar::Rfc3987 | AnyGrammar::Iri | AnyGrammar::Leiri => &[
            Rule::IriReference,
            Rule::AbsoluteIri,
            Rule::Iri,
            Rule::IrelativeRef,
            Rule::Scheme,
            Rule::Iauthority,
            Rule::Iuserinfo,
            Rule::Ihost,
            Rule::IpLiteral,
            Rule::Ipv4address,
            Rule::Ipv6address,
            Rule::IregName,
            Rule::Port,
            Rule::IpathAbempty,
            Rule::IpathAbsolute,
            Rule::IpathNoscheme,
            Rule::IpathRootless,
            Rule::Iquery,
            Rule::Ifragment,
        ],
        AnyGrammar::Rfc2396 | AnyGrammar::Rfc2732 => {
            &[Rule::UriReference, Rule::AbsoluteURI, Rule::RelativeURI]
        }
        AnyGrammar::Masinter07 | AnyGrammar::Duerst01 => {
            &[Rule::IriReference, Rule::AbsoluteIRI, Rule::RelativeIRI]
        }
        AnyGrammar::IriPrinted => &[
            Rule::IriReference,
            Rule::AbsoluteIri,
            Rule::Iri,
            Rule::IrelativeRef,
        ],
    }
}

/// The generated file of the [`Rule`] enum, in [`DIR`].
pub const RULES_FILE: &str = "rules.rs";

/// The text of [`RULES_FILE`]: the [`Rule`] enum and its tables, from the rule names of the `.abnf`
/// files (see [`crate::rule`]). [`generate`] returns it with the automata.
pub fn rule_source() -> Result<String, AbnfError> {
    super::codegen::rule_module(COMMAND)
}

/// The file name of a rule's DFA.
pub fn file_name(grammar: AnyGrammar, rule: Rule) -> String {
    format!("{grammar}.{rule}.dfa")
}

/// Compiles every rule of [`rules`] of every grammar and returns the files of `src/abnf/automata/`
/// as (file name, contents): one `.dfa` file per rule, the Rust module `mod.rs` that includes them, and
/// `rules.rs`, the [`Rule`] enum generated from the rule names of the `.abnf` files (see
/// [`crate::rule`]). The output depends only on the `.abnf` files.
pub fn generate() -> Result<Vec<(String, Vec<u8>)>, AbnfError> {
    let mut files = Vec::new();
    let mut table = String::new();
    for grammar in AnyGrammar::ALL {
        for &rule in rules(grammar) {
            let automaton = super::rules(grammar)?.compile(rule)?;
            let (bytes, pad) = automaton.dfa().to_bytes_little_endian();
            let name = file_name(grammar, rule);
            let ident = format!("{grammar}_{rule}")
                .to_ascii_uppercase()
                .replace('-', "_");
            table.push_str(&format!(
                "static {ident}: &Aligned<[u8]> = &Aligned {{\n    _align: [],\n    bytes: \
                 *include_bytes!(\"{name}\"),\n}};\n"
            ));
            files.push((name, bytes[pad..].to_vec()));
        }
    }
    let mut list = String::new();
    for grammar in AnyGrammar::ALL {
        for &rule in rules(grammar) {
            let ident = format!("{grammar}_{rule}")
                .to_ascii_uppercase()
                .replace('-', "_");
            list.push_str(&format!(
                "        (AnyGrammar::{grammar:?}, Rule::{rule:?}) => &{ident}.bytes,\n"
            ));
        }
    }
    // The start rules of the scheme grammars (`super::schemes`), whose `mailtoURI` takes over half a
    // second to build.
    let mut schemes = String::new();
    for rule in super::schemes::SchemeRule::ALL {
        let automaton = rule.compile()?;
        let (bytes, pad) = automaton.dfa().to_bytes_little_endian();
        let name = format!("schemes.{}.dfa", rule.name());
        let ident = format!("schemes_{}", rule.name())
            .to_ascii_uppercase()
            .replace('-', "_");
        table.push_str(&format!(
            "static {ident}: &Aligned<[u8]> = &Aligned {{\n    _align: [],\n    bytes: \
             *include_bytes!(\"{name}\"),\n}};\n"
        ));
        schemes.push_str(&format!(
            "        SchemeRule::{rule:?} => &{ident}.bytes,\n"
        ));
        files.push((name, bytes[pad..].to_vec()));
    }
    let module = format!(
        "//! The precompiled DFAs (see `abnf::precompiled`). Generated by `{COMMAND}`; do not edit.\n\
         \n\
         use super::schemes::SchemeRule;\n\
         use crate::grammar::AnyGrammar;\n\
         use crate::rule::Rule;\n\
         \n\
         /// Bytes with the alignment of `u32`, as `DFA::from_bytes` needs.\n\
         #[repr(C)]\n\
         struct Aligned<B: ?Sized> {{\n    _align: [u32; 0],\n    bytes: B,\n}}\n\
         \n\
         {table}\
         \n\
         /// The little-endian DFA bytes of a precompiled rule.\n\
         pub(super) fn bytes(grammar: AnyGrammar, rule: Rule) -> Option<&'static [u8]> {{\n    \
         Some(match (grammar, rule) {{\n{list}        _ => return None,\n    }})\n}}\n\
         \n\
         /// The little-endian DFA bytes of a scheme rule.\n\
         pub(super) fn scheme_bytes(rule: SchemeRule) -> &'static [u8] {{\n    \
         match rule {{\n{schemes}    }}\n}}\n"
    );
    files.push(("mod.rs".to_string(), module.into_bytes()));
    files.push((RULES_FILE.to_string(), rule_source()?.into_bytes()));
    Ok(files)
}

/// The precompiled DFA of `rule` of `grammar` and its anchored start state, if there is one and it loads
/// on this target.
pub fn load(grammar: AnyGrammar, rule: Rule) -> Option<(DFA<&'static [u32]>, StateID)> {
    if cfg!(target_endian = "big") {
        return None;
    }
    from_bytes(super::automata::bytes(grammar, rule)?)
}

/// The precompiled DFA of a scheme rule and its anchored start state, if it loads on this target.
pub fn load_scheme(rule: super::schemes::SchemeRule) -> Option<(DFA<&'static [u32]>, StateID)> {
    if cfg!(target_endian = "big") {
        return None;
    }
    from_bytes(super::automata::scheme_bytes(rule))
}

/// A DFA read zero-copy from little-endian bytes, and its anchored start state.
fn from_bytes(bytes: &'static [u8]) -> Option<(DFA<&'static [u32]>, StateID)> {
    let (dfa, _) = DFA::from_bytes(bytes).ok()?;
    let start = match dfa.universal_start_state(Anchored::Yes) {
        Some(s) => s,
        None => dfa
            .start_state(&start::Config::new().anchored(Anchored::Yes))
            .ok()?,
    };
    Some((dfa, start))
}
