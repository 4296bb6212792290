//! Profiles: named sets of levels for the uses the catalogue's defaults do not fit
//! (`iri lint --profile NAME`, `profile = "NAME"` in `iri.toml`).

use super::{Code, Family, LintOptions, Severity, CATALOGUE};
use crate::grammar::UnknownName;

/// A named set of levels, applied before any `--allow`, `--warn` or `--deny`.
#[derive(Debug)]
pub struct Profile {
    /// Its name (`rdf`).
    pub name: &'static str,
    /// What it is for, in one line.
    pub summary: &'static str,
    /// What it does beyond the levels (`strict` raises every info to a warning).
    raise_info: bool,
    /// Levels by code or family name, applied in order: `None` allows (turns off), `Some` sets the
    /// severity.
    levels: &'static [(&'static str, Option<Severity>)],
}

const ERROR: Option<Severity> = Some(Severity::Error);
const WARNING: Option<Severity> = Some(Severity::Warning);
const ALLOW: Option<Severity> = None;

/// Every profile. `default` is the catalogue's own levels.
pub static PROFILES: &[Profile] = &[
    Profile {
        name: "default",
        summary: "the catalogue's severities; quiet on ordinary data",
        raise_info: false,
        levels: &[],
    },
    Profile {
        name: "strict",
        summary: "all advice reported: every info code becomes a warning",
        raise_info: true,
        levels: &[],
    },
    Profile {
        name: "minting",
        summary:
            "for new identifiers: absolute, normalized (RFC 3986 §6.2), characters as they are",
        raise_info: false,
        levels: &[
            ("relative-reference", WARNING),
            ("encoded-iri-character", WARNING),
            ("lowercase-percent-encoding", WARNING),
            ("uppercase-host", WARNING),
            ("default-port", WARNING),
            ("ipv6-not-canonical", WARNING),
            ("compatibility-character", WARNING),
            ("unassigned-code-point", WARNING),
        ],
    },
    Profile {
        name: "rdf",
        summary: "for RDF data: IRIs must be absolute; quiet on the encodings RDF data is full of",
        raise_info: false,
        levels: &[
            ("relative-reference", ERROR),
            ("encoded-iri-character", ALLOW),
            ("compatibility-character", ALLOW),
            ("lowercase-percent-encoding", ALLOW),
        ],
    },
    Profile {
        name: "security",
        summary: "for untrusted input: deception is an error, style is off",
        raise_info: false,
        levels: &[
            ("bidi", ERROR),
            ("spoofing", ERROR),
            ("characters", ERROR),
            ("unassigned-code-point", WARNING),
            ("invalid-idn", ERROR),
            ("ipv4-like-reg-name", ERROR),
            ("percent-encoded-host", ALLOW),
            ("overlong-utf8", ERROR),
            ("encoded-surrogate", ERROR),
            ("encoded-nul", ERROR),
            ("encoded-bidi-formatting-character", ERROR),
            ("userinfo-password", ERROR),
            ("uppercase-scheme", ALLOW),
            ("uppercase-host", ALLOW),
            ("empty-port", ALLOW),
            ("default-port", ALLOW),
            ("lowercase-percent-encoding", ALLOW),
            ("encoded-unreserved", ALLOW),
            ("encoded-iri-character", ALLOW),
            ("ipv6-not-canonical", ALLOW),
        ],
    },
];

impl Profile {
    /// The profile of a name.
    pub fn from_name(name: &str) -> Option<&'static Profile> {
        PROFILES.iter().find(|p| p.name == name)
    }

    /// The options of the profile alone.
    pub fn options(&self) -> LintOptions {
        let mut options = LintOptions::default();
        self.apply(&mut options)
            .expect("the profiles name catalogue codes and families (tested)");
        options
    }

    /// Sets the profile's levels in `options` (over any set before).
    pub fn apply(&self, options: &mut LintOptions) -> Result<(), UnknownName> {
        if self.raise_info {
            for info in CATALOGUE.iter().filter(|i| i.severity == Severity::Info) {
                if info.enabled {
                    options.set(info.name, WARNING)?;
                }
            }
        }
        // Families first, so that a code's own level overrides its family's.
        let is_family = |name: &str| Family::ALL.iter().any(|f| f.name() == name);
        for pass in [true, false] {
            for &(name, level) in self.levels.iter().filter(|(n, _)| is_family(n) == pass) {
                options.set(name, level)?;
            }
        }
        Ok(())
    }

    /// The severity of `code` under the profile alone (`None`: off).
    pub fn severity(&self, code: Code) -> Option<Severity> {
        self.options().severity(code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_profile_names_codes_and_families_of_the_catalogue() {
        for p in PROFILES {
            let mut o = LintOptions::default();
            p.apply(&mut o)
                .unwrap_or_else(|e| panic!("{}: {e}", p.name));
        }
        assert_eq!(
            Profile::from_name("default").unwrap().options(),
            LintOptions::default()
        );
    }

    #[test]
    fn levels_of_the_profiles() {
        let rdf = Profile::from_name("rdf").unwrap();
        assert_eq!(rdf.severity(Code::RelativeReference), Some(Severity::Error));
        assert_eq!(rdf.severity(Code::EncodedIriCharacter), None);
        assert_eq!(rdf.severity(Code::NotNfc), Some(Severity::Warning));
        let strict = Profile::from_name("strict").unwrap();
        assert_eq!(
            strict.severity(Code::UppercaseHost),
            Some(Severity::Warning)
        );
        assert_eq!(strict.severity(Code::RelativeReference), None);
        let security = Profile::from_name("security").unwrap();
        assert_eq!(security.severity(Code::MixedScript), Some(Severity::Error));
        assert_eq!(
            security.severity(Code::UnassignedCodePoint),
            Some(Severity::Warning)
        );
        assert_eq!(security.severity(Code::UppercaseScheme), None);
    }
}
