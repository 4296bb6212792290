//! Look-alikes and deception (3987bis §4.1 b, §9; draft-masinter-url-i18n-07 §4.4;
//! draft-duerst-iri-01 §7; RFC 3986 §7.6; UTS #39 through `unicode-security`).

use unicode_script::{Script, UnicodeScript};
use unicode_security::general_security_profile::IdentifierType;
use unicode_security::{GeneralSecurityProfile, MixedScript};

use super::{code_point, component_at, text_components, Code, Sink};
use crate::characters::Place;
use crate::parsing::components::{HostKind, Reference, Span};

pub(super) fn check(r: &Reference<'_>, sink: &mut Sink<'_, '_>) {
    userinfo_looks_like_host(sink);
    if sink.ascii {
        return;
    }
    if sink.on(Code::SyntaxLookAlike) {
        syntax_look_alikes(r, sink);
    }
    if sink.on(Code::MixedScript) {
        for (_, c) in text_components(r) {
            if c.as_str().is_ascii() {
                continue;
            }
            for (offset, word) in words(c.as_str()) {
                // Below U+0370 every character is Latin, Common or Inherited: one script.
                if word.chars().all(|c| c < '\u{370}') || word.is_single_script() {
                    continue;
                }
                // Code points of no script (unassigned, private use, noncharacters) have their own
                // codes; the word mixes scripts only if its letters do.
                let named = scripts(word);
                if named.len() < 2
                    || word
                        .chars()
                        .filter(|c| c.script() != Script::Unknown)
                        .collect::<String>()
                        .is_single_script()
                {
                    continue;
                }
                let span = Span {
                    start: c.span().start + offset,
                    end: c.span().start + offset + word.len(),
                };
                sink.push(
                    Code::MixedScript,
                    span,
                    component_at(r, span.start),
                    format!(
                        "{} mixes the scripts {}",
                        crate::parsing::error::quote(word),
                        named.join(", ")
                    ),
                    None,
                );
            }
        }
    }
    let Some(authority) = sink.authority else {
        return;
    };
    let host = authority.host().as_component();
    if authority.host().kind() != HostKind::RegName || host.as_str().is_ascii() {
        return;
    }
    let mut at = host.span().start;
    for label in host.as_str().split('.') {
        let span = Span {
            start: at,
            end: at + label.len(),
        };
        at += label.len() + 1;
        if label.is_ascii() {
            continue;
        }
        if sink.on(Code::WholeScriptConfusable) {
            if let Some(latin) = whole_script_confusable(label) {
                sink.push(
                    Code::WholeScriptConfusable,
                    span,
                    "host",
                    format!(
                        "the label {} ({}) looks like the ASCII label {latin:?}",
                        crate::parsing::error::quote(label),
                        scripts(label).join(", ")
                    ),
                    None,
                );
            }
        }
        if sink.on(Code::RestrictedCharacter) {
            // The look-alikes of delimiters are `syntax-look-alike`'s.
            let candidates = label
                .char_indices()
                .filter(|&(_, c)| !c.is_ascii() && look_alike(c, Place::Host).is_none());
            for (i, c) in candidates {
                if let Some(reason) = restriction(c) {
                    sink.push(
                        Code::RestrictedCharacter,
                        Span {
                            start: span.start + i,
                            end: span.start + i + c.len_utf8(),
                        },
                        "host",
                        format!(
                            "{} is restricted from identifiers by UTS #39 ({reason})",
                            code_point(c)
                        ),
                        None,
                    );
                }
            }
        }
    }
}

/// The words of a component's text, with their byte offsets: the runs between the delimiters of
/// RFC 3987 §4.2 (gen-delims, sub-delims, ".") and the word separators "-", "_" and "~".
fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut offset = 0;
    text.split(|c: char| crate::characters::is_reserved(c) || matches!(c, '.' | '-' | '_' | '~'))
        .map(move |word| {
            let at = offset;
            offset += word.len() + 1;
            (at, word)
        })
        .filter(|(_, word)| !word.is_empty())
}

/// The scripts of the letters of `word` (not Common, Inherited or Unknown), in order of appearance.
fn scripts(word: &str) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for c in word.chars() {
        let script = c.script();
        if matches!(script, Script::Common | Script::Inherited | Script::Unknown) {
            continue;
        }
        let name = script.full_name();
        if !out.contains(&name) {
            out.push(name);
        }
    }
    out
}

/// The ASCII label that `label` looks like, when `label` is written in one script other than Latin
/// and its UTS #39 skeleton (§4) is ASCII letters, digits and hyphens with at least one letter.
fn whole_script_confusable(label: &str) -> Option<String> {
    let mut script = None;
    for c in label.chars() {
        let s = c.script();
        if matches!(s, Script::Common | Script::Inherited) {
            continue;
        }
        if s == Script::Latin || script.is_some_and(|t| t != s) {
            return None;
        }
        script = Some(s);
    }
    script?;
    let skeleton: String = unicode_security::skeleton(label).collect();
    let ascii_label = skeleton
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-');
    (ascii_label && skeleton.bytes().any(|b| b.is_ascii_alphabetic())).then_some(skeleton)
}

/// Why UTS #39 restricts `c` from identifiers, unless it is allowed or another code reports it
/// (compatibility characters, deprecated and default-ignorable ones, noncharacters, unassigned).
fn restriction(c: char) -> Option<&'static str> {
    if c.identifier_allowed() {
        return None;
    }
    match c.identifier_type()? {
        IdentifierType::Technical => Some("Technical"),
        IdentifierType::Uncommon_Use => Some("Uncommon_Use"),
        IdentifierType::Limited_Use => Some("Limited_Use"),
        IdentifierType::Obsolete => Some("Obsolete"),
        IdentifierType::Exclusion => Some("Exclusion"),
        IdentifierType::Not_XID => Some("Not_XID"),
        IdentifierType::Not_Character
        | IdentifierType::Deprecated
        | IdentifierType::Default_Ignorable
        | IdentifierType::Not_NFKC
        | IdentifierType::Inclusion
        | IdentifierType::Recommended => None,
    }
}

/// The ASCII text that the non-ASCII `c` looks like, when `c` is a look-alike of a delimiter
/// ([`characters::look_alike_of`](crate::characters::look_alike_of), the set that URI-to-IRI
/// conversion keeps encoded in `place`; 3987bis §4.1 b). White space is `invisible-character`'s.
fn look_alike(c: char, place: Place) -> Option<&'static str> {
    if crate::characters::is_non_ascii_white_space(c) {
        return None;
    }
    crate::characters::look_alike_of(c, place)
}

fn syntax_look_alikes(r: &Reference<'_>, sink: &mut Sink<'_, '_>) {
    let input = r.as_str();
    for (i, c) in input.char_indices().filter(|&(_, c)| !c.is_ascii()) {
        let component = component_at(r, i);
        let place = Place::from_name(component).unwrap_or(Place::Path);
        let Some(text) = look_alike(c, place) else {
            continue;
        };
        sink.push(
            Code::SyntaxLookAlike,
            Span {
                start: i,
                end: i + c.len_utf8(),
            },
            component,
            format!(
                "{} looks like {:?}, which it does not stand for",
                code_point(c),
                text
            ),
            None,
        );
    }
}

/// RFC 3986 §7.6: a userinfo that starts with a domain name of three or more labels, or with an
/// IPv4 address.
fn userinfo_looks_like_host(sink: &mut Sink<'_, '_>) {
    let Some(userinfo) = sink.authority.and_then(|a| a.userinfo()) else {
        return;
    };
    let name_len = userinfo
        .as_str()
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-'))
        .count();
    let name = userinfo.as_str()[..name_len].trim_end_matches('.');
    let labels: Vec<&str> = name.split('.').collect();
    let all_digits = |l: &&str| !l.is_empty() && l.bytes().all(|b| b.is_ascii_digit());
    let ipv4 = labels.len() == 4 && labels.iter().all(all_digits);
    // Three labels at least: "j.doe" is a common user name.
    let domain = labels.len() >= 3
        && labels.iter().all(|l| !l.is_empty())
        && labels
            .last()
            .is_some_and(|l| l.as_bytes()[0].is_ascii_alphabetic());
    if (ipv4 || domain) && sink.on(Code::UserinfoLooksLikeHost) {
        let host = sink.authority.map_or("", |a| a.host().as_str());
        sink.push(
            Code::UserinfoLooksLikeHost,
            userinfo.span(),
            "userinfo",
            format!("the userinfo reads as the host {name}, but the host is {host}"),
            None,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_at_delimiters_and_separators() {
        let w: Vec<_> = words("a-b_c~d.e(f)").collect();
        assert_eq!(
            w,
            vec![(0, "a"), (2, "b"), (4, "c"), (6, "d"), (8, "e"), (10, "f")]
        );
    }

    #[test]
    fn confusable_labels() {
        assert_eq!(
            whole_script_confusable("\u{430}\u{440}\u{440}\u{4CF}\u{435}").as_deref(),
            Some("apple")
        );
        assert_eq!(whole_script_confusable("apple"), None);
        assert_eq!(
            whole_script_confusable("\u{43C}\u{43E}\u{441}\u{43A}\u{432}\u{430}"),
            None
        );
    }
}
