//! When to try again and how long to wait: exponential backoff with full jitter from a seeded
//! generator, so two clients do not retry in step and a test waits the same every run.

use std::time::Duration;

pub struct Backoff {
    base: Duration,
    max: Duration,
    state: u64,
}

impl Backoff {
    pub fn new(base: Duration, max: Duration, seed: u64) -> Self {
        Backoff { base, max, state: seed.max(1) }
    }

    /// xorshift64*: small, fast, and plenty for spreading retries.
    fn next_unit(&mut self) -> f64 {
        self.state ^= self.state >> 12;
        self.state ^= self.state << 25;
        self.state ^= self.state >> 27;
        let x = self.state.wrapping_mul(0x2545_f491_4f6c_dd1d);
        (x >> 11) as f64 / (1u64 << 53) as f64
    }

    /// The wait before retry number `retry` (1-based): half fixed, half jitter, capped.
    pub fn delay(&mut self, retry: u32) -> Duration {
        let exp = self.base.saturating_mul(1u32 << retry.saturating_sub(1).min(16));
        let capped = exp.min(self.max);
        capped / 2 + capped.mul_f64(self.next_unit() / 2.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_grow_stay_capped_and_jitter_is_seeded() {
        let mut a = Backoff::new(Duration::from_millis(100), Duration::from_millis(1000), 7);
        let mut b = Backoff::new(Duration::from_millis(100), Duration::from_millis(1000), 7);
        let da: Vec<Duration> = (1..=6).map(|r| a.delay(r)).collect();
        let db: Vec<Duration> = (1..=6).map(|r| b.delay(r)).collect();
        assert_eq!(da, db, "same seed, same waits");
        assert!(da[0] >= Duration::from_millis(50) && da[0] <= Duration::from_millis(100), "{da:?}");
        assert!(da[2] >= Duration::from_millis(200) && da[2] <= Duration::from_millis(400), "{da:?}");
        assert!(da.iter().all(|d| *d <= Duration::from_millis(1000)), "{da:?}");
        let mut c = Backoff::new(Duration::from_millis(100), Duration::from_millis(1000), 8);
        assert_ne!(da, (1..=6).map(|r| c.delay(r)).collect::<Vec<_>>(), "another seed, other jitter");
    }
}
