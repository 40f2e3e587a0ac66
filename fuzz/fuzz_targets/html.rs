//! Any bytes named `.html`: the parser returns a document or a specific error, never a panic.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = specwright_intake::parse("fuzz.html", data);
});
