//! Fuzz target `parse`: see `iri_test::fuzz::parse_target` for the properties checked.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = iri_test::fuzz::parse_target(data) {
        panic!("{e}");
    }
});
