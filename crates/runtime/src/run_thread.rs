//! Every run on a thread of its own, with the stack the engine needs: a sentence answered by
//! another sentence nests the engine's steps, and how deep that goes depends on the spec, not
//! on the host. The CLI, the desktop shell and a test each run the API in a runtime of their
//! own choosing (the shell's workers have 2 MiB); a run never depends on which.

use std::future::Future;
use std::time::{Duration, Instant};
use tokio::task::JoinHandle;

/// The stack of a run's thread.
const RUN_STACK: usize = 16 * 1024 * 1024;
/// How long a run's thread lets work the run left behind finish (a browser closed in the
/// background after a stop) before its runtime ends it.
const AFTERWORK: Duration = Duration::from_secs(10);

/// Runs `run` to its end on a new thread with its own single-threaded runtime; the handle
/// resolves when `run` has ended (what it left running finishes after, on that thread).
pub(crate) fn spawn_run<F>(name: String, run: F) -> JoinHandle<()>
where
    F: Future<Output = ()> + Send + 'static,
{
    let (ended, ended_rx) = tokio::sync::oneshot::channel::<()>();
    // The run travels to its thread inside a cell the failure path can take it back from.
    let cell = std::sync::Arc::new(std::sync::Mutex::new(Some(Box::pin(run))));
    let on_thread = std::sync::Arc::clone(&cell);
    let spawned = std::thread::Builder::new().name(name).stack_size(RUN_STACK).spawn(move || {
        let taken = on_thread.lock().unwrap_or_else(|p| p.into_inner()).take();
        let Some(run) = taken else { return };
        let runtime = match tokio::runtime::Builder::new_current_thread().enable_all().build() {
            Ok(runtime) => runtime,
            Err(e) => {
                tracing::error!(error = %e, "a run's runtime could not start");
                return;
            }
        };
        runtime.block_on(run);
        let _ = ended.send(());
        let started = Instant::now();
        runtime.block_on(async {
            while runtime_busy() && started.elapsed() < AFTERWORK {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        });
    });
    match spawned {
        Ok(_) => tokio::spawn(async move {
            let _ = ended_rx.await;
        }),
        // No thread to be had: the run goes on the host's runtime as it is.
        Err(e) => {
            tracing::warn!(error = %e, "a run's thread could not start; running on the host's runtime");
            let taken = cell.lock().unwrap_or_else(|p| p.into_inner()).take();
            tokio::spawn(async move {
                if let Some(run) = taken {
                    run.await;
                }
            })
        }
    }
}

/// Whether the current runtime still has tasks besides the one asking.
fn runtime_busy() -> bool {
    tokio::runtime::Handle::current().metrics().num_alive_tasks() > 0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A run whose depth takes more stack than a 2 MiB worker has ends on its own thread, and
    /// the handle resolves when it has.
    #[tokio::test(flavor = "current_thread")]
    async fn a_deep_run_has_the_stack_it_needs() {
        fn deep(n: u32) -> u64 {
            // About 4 KiB of stack a level, kept from being optimised away.
            let buffer = std::hint::black_box([n as u8; 4096]);
            if n == 0 {
                return buffer[0] as u64;
            }
            deep(n - 1) + buffer[100] as u64
        }
        let (tx, rx) = tokio::sync::oneshot::channel();
        let handle = spawn_run("deep".into(), async move {
            // 1,000 levels: some 4 MiB, twice a default worker's stack.
            let _ = tx.send(deep(1000));
        });
        handle.await.unwrap();
        let expected: u64 = (1..=1000u32).map(|n| u64::from(n % 256)).sum();
        assert_eq!(rx.await.unwrap(), expected);
    }
}
