//! The judging proper: the cases made and the reference's verdicts computed on a thread of their own,
//! sent to the adapter pipelined, and its answers compared with the reference's; then every
//! disagreement explained, shrunk and classed; and the progress of both on standard error.

use std::cell::Cell;
use std::collections::{BTreeMap, HashSet, VecDeque};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use iri_abnf::abnf::nth_seed;
use iri_abnf::abnf::{mutate, Generator};

use crate::cases::{resolve_bases, Case};
use crate::classes::{key_of, Explained, Key};
use crate::explain::{explain, explain_all};
use crate::peer::{sendable, Broken, Peer, Protocol};
use crate::reference::{difference, Disagreement, Mode, Reference, Verdict};
use crate::shrink::shrink;

/// Cases per batch of the producer thread.
const BATCH: usize = 1024;

/// The most cases sent and not yet answered.
const IN_FLIGHT: usize = 1 << 13;

/// The generated cases, and how the cases are sent.
pub(crate) struct Generation {
    pub(crate) mode: Mode,
    pub(crate) protocol: Protocol,
    /// How many generated cases (after the fixed ones); `None`: 10,000, or no limit with `time`.
    pub(crate) cases: Option<u64>,
    pub(crate) seed: u64,
    /// The seconds after which no new case is sent.
    pub(crate) time: Option<f64>,
    /// The most characters of a case sent; longer ones are counted as skipped.
    pub(crate) max_length: Option<usize>,
    /// Whether every other generated string gets one to three random edits.
    pub(crate) mutate: bool,
    /// The most characters of a generated string (where the rule allows).
    pub(crate) max_chars: usize,
}

/// What judging the cases found.
pub(crate) struct Judged {
    /// The disagreements, each case once, in the order of the cases.
    pub(crate) disagreements: Vec<Disagreement>,
    /// The cases sent.
    pub(crate) cases: u64,
    /// The cases not sent (not sendable in the protocol).
    pub(crate) skipped: u64,
    /// The cases not sent because they are longer than `--max-length`.
    pub(crate) skipped_long: u64,
}

/// Sends the fixed cases, then generated ones until `--cases` or `--time`, and compares the answers
/// with the reference's verdicts.
pub(crate) fn judge_cases(
    args: &Generation,
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
                        let base = (args.mode == Mode::Resolve)
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

/// How many disagreements of one group (the same explanation before shrinking) are shrunk.
pub(crate) const SHRINK_PER_GROUP: usize = 3;

/// Explains every disagreement as it is (the adapter's answers to all probes in one batch), groups
/// them by that explanation, and shrinks the shortest of each group, and the next few of each group
/// while `budget` lasts (a budget for each kind); the others go to the class of their group's first
/// shrunk member. So every class has a shrunk witness. The explained disagreements, in the order of
/// their length.
pub(crate) fn classify(
    peer: &mut Peer,
    reference: &Reference,
    disagreements: &[Disagreement],
    budget: usize,
    progress: &Progress,
) -> Result<Vec<Explained>, String> {
    let mut order: Vec<usize> = (0..disagreements.len()).collect();
    order.sort_by_key(|&i| (disagreements[i].0.input.chars().count(), i));
    let prekeys = explain_all(peer, reference, disagreements, &order)
        .map_err(|Broken(why)| format!("while explaining: {why}"))?;
    let mut groups: BTreeMap<Key, Vec<usize>> = BTreeMap::new();
    for (k, e) in prekeys.iter().enumerate() {
        groups.entry(key_of(e)).or_default().push(k);
    }
    let mut explained: Vec<Explained> = Vec::with_capacity(disagreements.len());
    // Verdict differences and component (or target) differences have a budget each, so that
    // components mode shrinks the verdict differences as verdict mode does: the same classes.
    let mut budgets = [budget, budget];
    for (g, members) in groups.values().enumerate() {
        progress.tick(|| format!("shrinking: group {} of {}", g + 1, groups.len()));
        let mut shrunk_keys: Vec<Explained> = Vec::new();
        for (m, &k) in members.iter().enumerate() {
            let (case, kind, accepted) = &disagreements[order[k]];
            let budget = &mut budgets[usize::from(kind != "verdict")];
            if m == 0 || (m < SHRINK_PER_GROUP && *budget > 0) {
                if m > 0 {
                    *budget -= 1;
                }
                let mut e = shrink(peer, reference, case, kind, *accepted)
                    .and_then(|small| explain(peer, reference, case, &small, kind, *accepted))
                    .map_err(|Broken(why)| format!("while shrinking: {why}"))?;
                e.seen_in.clone_from(&prekeys[k].rule);
                shrunk_keys.push(e.clone());
                explained.push(e);
            } else {
                // Counted in the class of the group's first shrunk member (there is one: the first
                // member of every group is shrunk), as an example of it.
                let first = shrunk_keys
                    .first()
                    .expect("the group's first member is shrunk");
                explained.push(Explained {
                    original: prekeys[k].original.clone(),
                    seen_in: prekeys[k].rule.clone(),
                    ..first.clone()
                });
            }
        }
    }
    Ok(explained)
}

/// Progress on standard error: a line for each phase, and one every few seconds within a phase.
pub(crate) struct Progress {
    quiet: bool,
    last: Cell<Instant>,
}

/// The least time between two lines of progress within a phase.
const PROGRESS_EVERY: Duration = Duration::from_secs(5);

impl Progress {
    pub(crate) fn new(quiet: bool) -> Progress {
        Progress {
            quiet,
            last: Cell::new(Instant::now()),
        }
    }

    /// Writes a line of progress.
    pub(crate) fn say(&self, what: &str) {
        if !self.quiet {
            eprintln!("iri judge: {what}");
            self.last.set(Instant::now());
        }
    }

    /// Writes the line that `what` makes when the last line is [`PROGRESS_EVERY`] old.
    pub(crate) fn tick(&self, what: impl FnOnce() -> String) {
        if !self.quiet && self.last.get().elapsed() >= PROGRESS_EVERY {
            self.say(&what());
        }
    }
}
