//! The judging proper: the cases made and the reference's verdicts computed on a thread of their own,
//! sent to the adapter pipelined, and its answers compared with the reference's.

use std::collections::{HashSet, VecDeque};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use iri_abnf::abnf::{mutate, Generator};
use iri_abnf::repository::nth_seed;

use super::cases::resolve_bases;
use super::peer::{sendable, Broken, Peer};
use super::reference::{difference, Case, Reference, Verdict};
use super::{JudgeArgs, JudgeMode, Progress};

/// Cases per batch of the producer thread.
const BATCH: usize = 1024;

/// The most cases sent and not yet answered.
const IN_FLIGHT: usize = 1 << 13;

/// A disagreement: the case, what differs (its kind: `verdict`, `component NAME`, `target`) and
/// whether the reference accepts the case.
pub(super) type Disagreement = (Case, String, bool);

/// What judging the cases found.
pub(super) struct Judged {
    /// The disagreements, each case once, in the order of the cases.
    pub(super) disagreements: Vec<Disagreement>,
    /// The cases sent.
    pub(super) cases: u64,
    /// The cases not sent (not sendable in the protocol).
    pub(super) skipped: u64,
    /// The cases not sent because they are longer than `--max-length`.
    pub(super) skipped_long: u64,
}

/// Sends the fixed cases, then generated ones until `--cases` or `--time`, and compares the answers
/// with the reference's verdicts.
pub(super) fn judge_cases(
    args: &JudgeArgs,
    peer: &mut Peer,
    reference: &Reference,
    generator: &Generator,
    fixed: Vec<Case>,
    start: Instant,
    progress: &Progress,
) -> Result<Judged, Broken> {
    let limit = args.cases.unwrap_or(if args.time.is_some() {
        u64::MAX
    } else {
        10_000
    });
    let deadline = args
        .time
        .map(|t| start + Duration::from_secs_f64(t.max(0.0)));
    let (protocol, mode) = (args.protocol, args.mode);
    let sendable = move |case: &Case| sendable(protocol, mode, case);
    let mut disagreements: Vec<Disagreement> = Vec::new();
    let (mut cases, mut skipped, mut skipped_long) = (0u64, 0u64, 0u64);
    let max_length = args.max_length.unwrap_or(usize::MAX);
    let broken = std::thread::scope(|scope| {
        // The cases and the reference's verdicts are made on a thread of their own, in batches, in
        // order: a run is the same for the same seed.
        let (to_main, batches) = mpsc::sync_channel::<Vec<(Case, Verdict)>>(16);
        let producer = scope.spawn(move || {
            let bases = resolve_bases();
            let (mut skipped, mut skipped_long) = (0u64, 0u64);
            let mut batch = Vec::with_capacity(BATCH);
            let mut generated = 0u64;
            let mut fixed = fixed.into_iter();
            loop {
                let case = match fixed.next() {
                    Some(c) => c,
                    None => {
                        if generated >= limit
                            || (generated & 255 == 0
                                && deadline.is_some_and(|d| Instant::now() >= d))
                        {
                            break;
                        }
                        let seed = nth_seed(args.seed, generated);
                        generated += 1;
                        let s = generator.generate(seed, args.max_chars);
                        let input = if args.mutate && seed & 1 == 1 {
                            mutate(seed, &s)
                        } else {
                            s
                        };
                        let base = (args.mode == JudgeMode::Resolve)
                            .then(|| bases[(seed >> 8) as usize % bases.len()].to_string());
                        Case { base, input }
                    }
                };
                if !sendable(&case) {
                    skipped += 1;
                    continue;
                }
                if max_length != usize::MAX && case.input.chars().count() > max_length {
                    skipped_long += 1;
                    continue;
                }
                let ours = reference.verdict(&case);
                batch.push((case, ours));
                if batch.len() == BATCH {
                    let full = std::mem::replace(&mut batch, Vec::with_capacity(BATCH));
                    if to_main.send(full).is_err() {
                        return (skipped, skipped_long);
                    }
                }
            }
            if !batch.is_empty() {
                let _ = to_main.send(batch);
            }
            (skipped, skipped_long)
        });
        let mut in_flight: VecDeque<(Case, Verdict)> = VecDeque::with_capacity(IN_FLIGHT);
        let mut seen = HashSet::new();
        let mut exhausted = false;
        let result = loop {
            while !exhausted && in_flight.len() + BATCH <= IN_FLIGHT {
                // Wait for a batch only when nothing is in flight.
                let next = if in_flight.is_empty() {
                    batches.recv().ok()
                } else {
                    match batches.try_recv() {
                        Ok(b) => Some(b),
                        Err(mpsc::TryRecvError::Empty) => break,
                        Err(mpsc::TryRecvError::Disconnected) => None,
                    }
                };
                let Some(batch) = next else {
                    exhausted = true;
                    break;
                };
                for (case, ours) in batch {
                    cases += 1;
                    peer.send(&case);
                    in_flight.push_back((case, ours));
                }
            }
            let Some((case, ours)) = in_flight.pop_front() else {
                break None;
            };
            progress.tick(|| {
                let s = start.elapsed().as_secs_f64();
                format!(
                    "{cases} cases sent in {s:.0} s ({:.0} cases/s), {} disagreements",
                    cases as f64 / s.max(1e-9),
                    disagreements.len()
                )
            });
            match peer.receive(&case) {
                Ok(theirs) => {
                    if let Some(kind) = difference(&ours, &theirs) {
                        if seen.insert(case.clone()) {
                            let accepted = reference.accepts(&ours);
                            disagreements.push((case, kind, accepted));
                        }
                    }
                }
                Err(b) => break Some(b),
            }
        };
        drop(batches);
        (skipped, skipped_long) = producer.join().unwrap_or((0, 0));
        result
    });
    match broken {
        Some(b) => Err(b),
        None => Ok(Judged {
            disagreements,
            cases,
            skipped,
            skipped_long,
        }),
    }
}
