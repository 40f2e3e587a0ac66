//! A bound on how deep reading a sentence may go: rules rewrite a sentence and read the rewrite
//! again, and a document is hostile input — however its words rewrite, reading them ends.

/// How deep a sentence's rewrites may read each other: a spec's sentence is rewritten a few
/// times at most ("X를 눌러 연다" → "'X'를 누른다"); more is a rewrite that comes back to itself.
const MAX_REWRITES: u32 = 12;

thread_local! {
    static DEPTH: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// One more level of reading on this thread, given back when dropped.
pub(super) struct Deeper;

impl Deeper {
    pub(super) fn enter() -> Option<Deeper> {
        let depth = DEPTH.with(|d| {
            d.set(d.get() + 1);
            d.get()
        });
        let guard = Deeper;
        (depth <= MAX_REWRITES).then_some(guard)
    }
}

impl Drop for Deeper {
    fn drop(&mut self) {
        DEPTH.with(|d| d.set(d.get().saturating_sub(1)));
    }
}
