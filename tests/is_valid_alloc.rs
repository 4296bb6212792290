//! `is_valid` (and `validate` of a valid input) allocate nothing once the rule's DFA is loaded, and
//! neither do `parse` and `validate` of an invalid input of up to 54 bytes (the error keeps such an
//! input inline), nor the borrowed typed identifiers (`Iri<&str>`, …) of a valid input: a counting
//! global allocator in this test binary of its own.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use iri_abnf::{is_valid, parse, validate, Grammar, Iri, IriRef, Rule, Uri, UriRef};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

const CASES: &[(&str, bool)] = &[
    ("http://example.org/a/b?q=1#frag", true),
    ("http://r%C3%A9sum%C3%A9.example.org/", true),
    ("//[2001:db8::7]:8080/p?x#y", true),
    ("../a/b;p?q", true),
    ("", true),
    ("not a uri at all", false),
    ("http://[::1", false),
    ("#a#b", false),
    ("http://example.org/%", false),
];

/// The only test of this binary, so no other thread allocates while it counts.
#[test]
fn is_valid_allocates_nothing() {
    // Rules by name, as users pass them (the underscore spelling included).
    let rules = |g: Grammar| {
        [
            g.reference_rule().name(),
            "IPv6address",
            "port",
            "dec-octet",
            "dec_octet",
        ]
    };
    // Warm up: the DFAs (precompiled or, for `dec-octet`, built now) and the rule tables.
    for g in Grammar::ALL {
        for rule in rules(g) {
            for (s, _) in CASES {
                let _ = is_valid(g, rule, s);
            }
        }
    }
    for g in Grammar::ALL {
        let _ = validate(g, g.reference_rule(), "http://a/");
    }
    let per_grammar = rules(Grammar::Iri).len();
    let mut verdicts = Vec::with_capacity(4 * per_grammar * CASES.len());
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    for g in Grammar::ALL {
        for rule in rules(g) {
            for (s, _) in CASES {
                verdicts.push(is_valid(g, rule, s));
            }
        }
    }
    let mid = ALLOCATIONS.load(Ordering::Relaxed);
    assert_eq!(mid - before, 0, "allocations by is_valid");
    let mut ok = 0;
    for g in Grammar::ALL {
        for (s, valid) in CASES {
            if *valid {
                ok += usize::from(validate(g, g.reference_rule(), s).is_ok());
            }
        }
    }
    let after = ALLOCATIONS.load(Ordering::Relaxed);
    assert_eq!(after - mid, 0, "allocations by validate of valid inputs");
    assert_eq!(ok, 4 * CASES.iter().filter(|(_, v)| *v).count());
    let reference: Vec<bool> = verdicts
        .chunks(CASES.len())
        .step_by(per_grammar)
        .flatten()
        .copied()
        .collect();
    // `dec_octet` is `dec-octet`.
    for g in verdicts.chunks(CASES.len() * per_grammar) {
        assert_eq!(g[3 * CASES.len()..4 * CASES.len()], g[4 * CASES.len()..]);
    }
    // A LEIRI may hold spaces.
    let expected: Vec<bool> = Grammar::ALL
        .iter()
        .flat_map(|&g| {
            CASES
                .iter()
                .map(move |(s, v)| *v || (g == Grammar::Leiri && *s == "not a uri at all"))
        })
        .collect();
    assert_eq!(reference, expected);
    assert!(!is_valid(Grammar::Iri, "no-such-rule", "x"));

    // Errors: the copy of the input is inline up to 54 bytes, on the heap beyond.
    let short = "http://example.org/a b/\u{7F}/0123456789012345";
    let long = "http://example.org/a b/0123456789012345678901234567890123456789";
    assert!(short.len() <= 54 && long.len() > 54);
    // Warm up: the DFA of `URI`.
    let _ = validate(Grammar::Uri, Rule::Uri, short);
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let errors = [parse(Grammar::Iri, short).err()];
    let validated = validate(Grammar::Uri, Rule::Uri, short).err();
    let mid = ALLOCATIONS.load(Ordering::Relaxed);
    assert_eq!(mid - before, 0, "allocations by errors of short inputs");
    let long_error = parse(Grammar::Iri, long).err();
    let after = ALLOCATIONS.load(Ordering::Relaxed);
    assert_eq!(
        after - mid,
        1,
        "allocations by the error of a long input (its copy)"
    );
    for e in errors.iter().chain([&long_error]) {
        let e = e.as_ref().expect("an error");
        assert_eq!(e.offset, "http://example.org/a".len());
        assert!(e.input() == short || e.input() == long);
    }
    assert_eq!(long_error.expect("an error").input(), long);
    let validated = validated.expect("an error");
    assert_eq!((validated.offset, validated.input()), (20, short));

    // The borrowed typed identifiers cost what `parse` costs: nothing is allocated for a valid input.
    let absolute: Vec<bool> = CASES
        .iter()
        .map(|(s, _)| parse(Grammar::Iri, s).is_ok_and(|r| r.scheme().is_some()))
        .collect();
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let mut parsed = 0;
    for ((s, valid), absolute) in CASES.iter().zip(absolute) {
        if *valid {
            let r = IriRef::parse(*s).expect("an IRI reference");
            let u = UriRef::parse(*s).expect("a URI reference");
            parsed += usize::from(r.path() == u.path());
            if absolute {
                let i = Iri::parse(*s).expect("an IRI");
                let u = Uri::parse(*s).expect("a URI");
                parsed += usize::from(i.scheme() == u.scheme());
            }
        }
    }
    let after = ALLOCATIONS.load(Ordering::Relaxed);
    assert_eq!(after - before, 0, "allocations by the borrowed typed parse");
    // Five references, two of them with a scheme.
    assert_eq!(parsed, 7);
}
