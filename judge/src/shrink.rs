//! Shrinking a disagreement while it holds: delta debugging on the characters, then each character
//! replaced by the simplest of its class.

use crate::cases::Case;
use crate::characters::{simpler_of, simplest_of};
use crate::peer::{Broken, Peer};
use crate::reference::{difference, Reference};

/// Whether the disagreement `kind` still holds on each of `cases`, in the same direction: the
/// reference still accepts (`accepted`) or still rejects, and so the implementation still answers
/// the other way. A candidate on which both verdicts turned (the reference now rejects what the
/// implementation accepts, where it accepted what the implementation rejects) is another
/// disagreement, not a smaller witness of this one.
pub(crate) fn holds(
    peer: &mut Peer,
    reference: &Reference,
    cases: &[Case],
    kind: &str,
    accepted: bool,
) -> Result<Vec<bool>, Broken> {
    let sendable: Vec<Case> = cases.iter().filter(|c| peer.can_send(c)).cloned().collect();
    let answers = peer.ask(&sendable)?;
    let mut it = sendable.iter().zip(answers);
    Ok(cases
        .iter()
        .map(|c| {
            if !peer.can_send(c) {
                return false;
            }
            let (case, theirs) = it.next().expect("one answer per case sent");
            let ours = reference.verdict(case);
            reference.accepts(&ours) == accepted
                && difference(&ours, &theirs).as_deref() == Some(kind)
        })
        .collect())
}

/// The most parts ddmin splits an input into (so that a long input costs batches of bounded size).
pub(crate) const MAX_CHUNKS: usize = 128;

/// Delta debugging (ddmin) on the characters of the input, then each character replaced by the
/// simplest of its class (the low end of its range, `a`, `0`), while the disagreement holds in its
/// direction ([`holds`]; `accepted`: whether the reference accepts `case`).
pub(crate) fn shrink(
    peer: &mut Peer,
    reference: &Reference,
    case: &Case,
    kind: &str,
    accepted: bool,
) -> Result<Case, Broken> {
    let mut chars: Vec<char> = case.input.chars().collect();
    let mut n = 2usize;
    while chars.len() >= 2 {
        let chunk = chars.len().div_ceil(n);
        let candidates: Vec<Vec<char>> = (0..chars.len())
            .step_by(chunk)
            .map(|start| {
                let mut c = chars.clone();
                c.drain(start..(start + chunk).min(chars.len()));
                c
            })
            .collect();
        let cases: Vec<Case> = candidates.iter().map(|c| case.with_input(c)).collect();
        let ok = holds(peer, reference, &cases, kind, accepted)?;
        if let Some(i) = ok.iter().position(|&b| b) {
            chars = candidates[i].clone();
            n = (n - 1).max(2);
        } else if n >= chars.len().min(MAX_CHUNKS) {
            break;
        } else {
            n = (n * 2).min(chars.len()).min(MAX_CHUNKS);
        }
    }
    if chars.len() == 1 {
        let empty = case.with_input(&[]);
        if holds(
            peer,
            reference,
            std::slice::from_ref(&empty),
            kind,
            accepted,
        )?[0]
        {
            chars.clear();
        }
    }
    // Simplest members of each character's class: all at once if the disagreement holds so, else
    // one by one.
    let simplest: Vec<char> = chars.iter().map(|&c| simplest_of(c)).collect();
    if simplest != chars
        && holds(
            peer,
            reference,
            &[case.with_input(&simplest)],
            kind,
            accepted,
        )?[0]
    {
        return Ok(case.with_input(&simplest));
    }
    for i in 0..chars.len() {
        let c = chars[i];
        let mut options = simpler_of(c);
        options.retain(|&o| o < c);
        if options.is_empty() {
            continue;
        }
        let cases: Vec<Case> = options
            .iter()
            .map(|&o| {
                let mut v = chars.clone();
                v[i] = o;
                case.with_input(&v)
            })
            .collect();
        let ok = holds(peer, reference, &cases, kind, accepted)?;
        if let Some(j) = ok.iter().position(|&b| b) {
            chars[i] = options[j];
        }
    }
    Ok(case.with_input(&chars))
}
