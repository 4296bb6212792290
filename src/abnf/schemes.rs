//! The scheme-specific grammars of `grammar/schemes/`, compiled with the same machinery as the main
//! grammars: RFC 9110 §4.2.1-§4.2.2 (`http`, `https`), RFC 8141 §2 and §5.2 (`urn`), RFC 6068 §2
//! (`mailto`), RFC 2397 §3 (`data`), RFC 4151 §2.1 (`tag`) and RFC 8089 §2 (`file`).
//!
//! Each scheme file is read after `core.abnf` and `uri.abnf` (the RFC 3986 rules the scheme RFCs import:
//! `authority`, `host`, `path-absolute`, `pchar`, `query`, `fragment`, `unreserved`, `pct-encoded`), and
//! its start rule ([`SchemeRule`]) is compiled into a [`Dfa`] by `cargo xtask generate` and loaded on
//! first use ([`dfa`]), as the main grammars' rules are (`src/abnf/automata/`). The rules are defined
//! on URIs; `grammar/NOTES.md` note 44 says how an IRI is checked (its URI form, 3987bis §3.3), notes
//! 45-50 how the RFCs' text was read.
//!
//! Built at run time ([`SchemeRule::compile`]), most of them take about as long as a main grammar's
//! authority, but `mailtoURI` takes far longer, since the quoted local parts and domain literals of RFC
//! 6068, which may hold "@" and ",", make determinization explore many sets of states before
//! minimization. That is why they are precompiled. `cargo xtask abnf-stats` prints each rule's states,
//! memory, bytes and build time.
//!
//! ```
//! use iri_abnf::abnf::schemes::{dfa, SchemeRule};
//!
//! let urn = dfa(SchemeRule::Namestring);
//! assert!(urn.is_match("urn:example:a123,z456"));
//! // RFC 8141 §2: a NID has at least two characters.
//! assert_eq!(urn.check("urn:a:b").unwrap_err().offset, 5);
//! ```

use std::sync::OnceLock;

use super::{AbnfError, AbnfRules, Dfa};

/// A start rule of a scheme grammar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SchemeRule {
    /// `http-URI` (RFC 9110 §4.2.1).
    HttpUri,
    /// `https-URI` (RFC 9110 §4.2.2).
    HttpsUri,
    /// `namestring` (RFC 8141 §2).
    Namestring,
    /// `InformalNamespaceName` (RFC 8141 §5.2), for a NID alone.
    InformalNamespaceName,
    /// `mailtoURI` (RFC 6068 §2).
    MailtoUri,
    /// `dataurl` (RFC 2397 §3).
    Dataurl,
    /// `tagURI` (RFC 4151 §2.1).
    TagUri,
    /// `file-URI` (RFC 8089 §2).
    FileUri,
}

const COUNT: usize = 8;

type Source = (&'static str, &'static str);

const CORE: Source = ("grammar/core.abnf", include_str!("../../grammar/core.abnf"));
const URI: Source = ("grammar/uri.abnf", include_str!("../../grammar/uri.abnf"));
const HTTP: Source = (
    "grammar/schemes/http.abnf",
    include_str!("../../grammar/schemes/http.abnf"),
);
const URN: Source = (
    "grammar/schemes/urn.abnf",
    include_str!("../../grammar/schemes/urn.abnf"),
);
const MAILTO: Source = (
    "grammar/schemes/mailto.abnf",
    include_str!("../../grammar/schemes/mailto.abnf"),
);
const DATA: Source = (
    "grammar/schemes/data.abnf",
    include_str!("../../grammar/schemes/data.abnf"),
);
const TAG: Source = (
    "grammar/schemes/tag.abnf",
    include_str!("../../grammar/schemes/tag.abnf"),
);
const FILE: Source = (
    "grammar/schemes/file.abnf",
    include_str!("../../grammar/schemes/file.abnf"),
);

impl SchemeRule {
    /// Every start rule.
    pub const ALL: [SchemeRule; COUNT] = [
        SchemeRule::HttpUri,
        SchemeRule::HttpsUri,
        SchemeRule::Namestring,
        SchemeRule::InformalNamespaceName,
        SchemeRule::MailtoUri,
        SchemeRule::Dataurl,
        SchemeRule::TagUri,
        SchemeRule::FileUri,
    ];

    /// The rule's name, as its RFC spells it.
    pub fn name(self) -> &'static str {
        match self {
            SchemeRule::HttpUri => "http-URI",
            SchemeRule::HttpsUri => "https-URI",
            SchemeRule::Namestring => "namestring",
            SchemeRule::InformalNamespaceName => "InformalNamespaceName",
            SchemeRule::MailtoUri => "mailtoURI",
            SchemeRule::Dataurl => "dataurl",
            SchemeRule::TagUri => "tagURI",
            SchemeRule::FileUri => "file-URI",
        }
    }

    /// The section that defines the rule.
    pub fn spec(self) -> &'static str {
        match self {
            SchemeRule::HttpUri => "RFC 9110 §4.2.1",
            SchemeRule::HttpsUri => "RFC 9110 §4.2.2",
            SchemeRule::Namestring => "RFC 8141 §2",
            SchemeRule::InformalNamespaceName => "RFC 8141 §5.2",
            SchemeRule::MailtoUri => "RFC 6068 §2",
            SchemeRule::Dataurl => "RFC 2397 §3",
            SchemeRule::TagUri => "RFC 4151 §2.1",
            SchemeRule::FileUri => "RFC 8089 §2",
        }
    }

    /// The files the rule is read from, in load order.
    pub fn sources(self) -> [(&'static str, &'static str); 3] {
        let scheme = match self {
            SchemeRule::HttpUri | SchemeRule::HttpsUri => HTTP,
            SchemeRule::Namestring | SchemeRule::InformalNamespaceName => URN,
            SchemeRule::MailtoUri => MAILTO,
            SchemeRule::Dataurl => DATA,
            SchemeRule::TagUri => TAG,
            SchemeRule::FileUri => FILE,
        };
        [CORE, URI, scheme]
    }

    /// The rules of the rule's files ([`SchemeRule::sources`]), read now.
    pub fn rules(self) -> Result<AbnfRules, AbnfError> {
        AbnfRules::parse(&self.sources())
    }

    /// The rule compiled now, with the walk's tuning of the built-in automata
    /// ([`super::registry::tuning`]).
    pub fn compile(self) -> Result<Dfa, AbnfError> {
        self.rules()?
            .compile_with(self.name(), super::registry::tuning())
    }
}

/// The DFA of `rule`, loaded on first use and kept: the precompiled one of `src/abnf/automata/`
/// (`cargo xtask generate`), or, on a big-endian target, one compiled now.
///
/// # Panics
/// If the rule's automaton cannot be built (every one is, which the tests check).
pub fn dfa(rule: SchemeRule) -> &'static Dfa {
    static DFAS: [OnceLock<Dfa>; COUNT] = [const { OnceLock::new() }; COUNT];
    DFAS[rule as usize].get_or_init(|| {
        super::registry::precompiled_scheme(rule as usize).unwrap_or_else(|| {
            rule.compile()
                .unwrap_or_else(|e| panic!("{}: {e}", rule.name()))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `rule` accepts each of `good` and rejects each of `bad` at the given offset.
    #[track_caller]
    fn decides(rule: SchemeRule, good: &[&str], bad: &[(&str, usize)]) {
        let dfa = dfa(rule);
        let mut wrong = Vec::new();
        for g in good {
            if let Err(f) = dfa.check(g) {
                wrong.push(format!("rejects {g} at {}", f.offset));
            }
        }
        for &(b, offset) in bad {
            match dfa.check(b) {
                Ok(()) => wrong.push(format!("accepts {b}")),
                Err(f) if f.offset != offset => {
                    wrong.push(format!("rejects {b} at {}, not {offset}", f.offset))
                }
                Err(_) => {}
            }
        }
        assert!(wrong.is_empty(), "{}: {wrong:#?}", rule.name());
    }

    #[test]
    fn the_precompiled_automata_load() {
        for rule in SchemeRule::ALL {
            let dfa = dfa(rule);
            assert_eq!(
                dfa.is_precompiled(),
                cfg!(target_endian = "little"),
                "{}",
                rule.name()
            );
        }
    }

    #[test]
    fn every_rule_compiles() {
        for rule in SchemeRule::ALL {
            let a = rule
                .compile()
                .unwrap_or_else(|e| panic!("{}: {e}", rule.name()));
            assert!(a.state_count() > 2, "{}", rule.name());
        }
    }

    #[test]
    fn http() {
        // RFC 9110 §4.2.1, §4.2.3 examples.
        decides(
            SchemeRule::HttpUri,
            &[
                "http://www.example.com/",
                "http://www.example.com:80/~smith/home.html",
                "http://WWW.EXAMPLE.COM/%7Esmith/home.html",
                "HTTP://example.com",
                "http://@/",
            ],
            &[
                ("http:/a", 6),
                ("http:a", 5),
                ("https://a/", 4),
                ("http://a/#f", 9),
            ],
        );
        decides(
            SchemeRule::HttpsUri,
            &["https://example.com/?q"],
            &[("https:example.com", 6), ("http://a/", 4)],
        );
    }

    #[test]
    fn urn() {
        // RFC 8141 §2.2 and §3.2.
        decides(
            SchemeRule::Namestring,
            &[
                "urn:example:1/406/47452/2",
                "urn:example:a123,z456",
                "URN:example:a123,z456",
                "urn:EXAMPLE:a123,z456",
                "urn:example:a123,z456?+abc",
                "urn:example:a123,z456?=xyz",
                "urn:example:a123,z456#789",
                "urn:example:a123,z456/foo",
                "urn:example:a123%2Cz456",
                "urn:example:%D0%B0123,z456",
                "urn:example:a?+r?=q#f",
                // A q-component may hold "?+".
                "urn:example:a?=q?+r",
            ],
            &[
                // NID: 2 to 32 characters, alphanumeric at both ends.
                ("urn:a:b", 5),
                ("urn:-ab:c", 4),
                ("urn:ab-:c", 7),
                ("urn:abcdefghijabcdefghijabcdefghijabc:c", 36),
                // NSS: at least one character, not starting with "/".
                ("urn:example:", 12),
                ("urn:example:/a", 12),
                // A "?" that does not start an r- or q-component.
                ("urn:example:a?b", 14),
                ("urn:example:a?+", 15),
                ("urn:ex ample:a", 6),
            ],
        );
        decides(
            SchemeRule::InformalNamespaceName,
            &["urn-1", "urn-7", "URN-1234"],
            &[("urn-0", 4), ("urn-x", 4), ("urn-", 4), ("urn-12a", 6)],
        );
    }

    #[test]
    fn mailto() {
        // RFC 6068 §6.1, §6.2, §6.3.
        decides(
            SchemeRule::MailtoUri,
            &[
                "mailto:chris@example.com",
                "mailto:infobot@example.com?subject=current-issue",
                "mailto:infobot@example.com?body=send%20current-issue",
                "mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index",
                "mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E",
                "mailto:majordomo@example.com?body=subscribe%20bamboo-l",
                "mailto:joe@example.com?cc=bob@example.com&body=hello",
                "mailto:gorby%25kremvax@example.com",
                "mailto:unlikely%3Faddress@example.com?blat=foop",
                "mailto:Mike%26family@example.org",
                "mailto:%22not%40me%22@example.org",
                "mailto:%22oh%5C%5Cno%22@example.org",
                "mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org",
                "mailto:user@example.org?subject=caf%C3%A9",
                "mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D",
                "mailto:user@example.org?subject=%3D%3Fiso-8859-1%3FQ%3Fcaf%3DE9%3F%3D",
                "mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9",
                "mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO",
                // §2: the three forms with "to".
                "mailto:addr1@an.example,addr2@an.example",
                "mailto:?to=addr1@an.example,addr2@an.example",
                "mailto:addr1@an.example?to=addr2@an.example",
                "mailto:",
                "mailto:user@%5B192.0.2.1%5D",
            ],
            &[
                // §6.1: "using "?" twice, is incorrect".
                ("mailto:joe@example.com?cc=bob@example.com?body=hello", 41),
                ("mailto:joe", 10),
                ("mailto:joe@", 11),
                ("mailto:a@b/c", 10),
                ("mailto:a.@b", 9),
                ("mailto:Mike&family@example.org", 11),
                ("mailto:a@b?x", 12),
            ],
        );
    }

    #[test]
    fn data() {
        // RFC 2397 §4 (the GIF's base64 cut short).
        decides(
            SchemeRule::Dataurl,
            &[
                "data:,A%20brief%20note",
                "data:image/gif;base64,R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAw",
                "data:application/vnd-xxx-query,select_vcount,fcol_from_fieldtable/local",
                "data:text/plain;charset=iso-8859-7,%be%be",
                "data:;base64,SGk=",
                "data:;charset=utf-8,x",
                "DATA:text/plain,?q",
            ],
            &[
                // §4 prints `%be%fg%be`: "%fg" is not a percent-encoding.
                ("data:text/plain;charset=iso-8859-7,%be%fg%be", 40),
                ("data:text/plain", 15),
                ("data:text,x", 9),
                ("data:text/plain;charset,x", 23),
                ("data:text/pl@in,x", 12),
                ("data:;base64;a=b,x", 12),
            ],
        );
    }

    #[test]
    fn tag() {
        // RFC 4151 §2.1.
        decides(
            SchemeRule::TagUri,
            &[
                "tag:timothy@hpl.hp.com,2001:web/externalHome",
                "tag:sandro@w3.org,2004-05:Sandro",
                "tag:my-ids.com,2001-09-15:TimKindberg:presentations:UBath2004-05-19",
                "tag:blogger.com,1999:blog-555",
                "tag:yaml.org,2002:int",
                "tag:a,2000:#f",
            ],
            &[
                ("tag:yaml.org:int", 12),
                ("tag:yaml.org,02:int", 15),
                ("tag:yaml.org,2002-1:int", 19),
                // An `emailAddress` may hold "-", "." and "_": the rule fails at the ",".
                ("tag:-yaml.org,2002:int", 13),
                ("tag:yaml-.org,2002:int", 13),
                ("tag:yaml_org,2002:int", 12),
                ("tag:a@b@c,2002:x", 7),
            ],
        );
    }

    #[test]
    fn file() {
        // RFC 8089 Appendix B, and the nonstandard forms of Appendix E.
        decides(
            SchemeRule::FileUri,
            &[
                "file:///path/to/file",
                "file:/path/to/file",
                "file://host.example.com/path/to/file",
                "file://localhost/etc/fstab",
                "file:///c:/path/to/file",
                "FILE:///x",
            ],
            &[
                ("file:c:/path/to/file", 5),
                ("file://///host.example.com/path/to/file", 8),
                ("file://host.example.com", 23),
                ("file:path", 5),
                ("file:///a?q", 9),
                ("file://u@h/a", 8),
                ("file://h:80/a", 8),
            ],
        );
    }
}
