//! Third-party parsers can panic on hostile input (pdf-extract does on some CID fonts). Such a
//! panic is caught at the page or document it happened in and becomes an error for that part;
//! the default hook would print a backtrace on the user's terminal, so it is silenced while a
//! guarded call runs on this thread.

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Once;

thread_local! {
    static GUARDED: Cell<u32> = const { Cell::new(0) };
}

static HOOK: Once = Once::new();

/// Runs `f`, turning a panic into `Err(message)`.
pub(crate) fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if GUARDED.with(|g| g.get()) == 0 {
                previous(info);
            }
        }));
    });
    GUARDED.with(|g| g.set(g.get() + 1));
    let result = catch_unwind(AssertUnwindSafe(f));
    GUARDED.with(|g| g.set(g.get().saturating_sub(1)));
    result.map_err(|payload| {
        payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "parser failure".to_string())
    })
}
