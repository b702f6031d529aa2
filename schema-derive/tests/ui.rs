//! Misuse of the macros is a compile error pointing at the offending attribute.

#[test]
fn misuse_is_reported_at_the_attribute() {
    trybuild::TestCases::new().compile_fail("tests/ui/*.rs");
}
