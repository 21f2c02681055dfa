//! The random-position generator of the tests and benches: ordo's own SplitMix64, so a seed
//! decides a whole position, with picks by plain modulo, which is all a test generator needs.
//! Include it with `#[path = "support/rng.rs"] mod rng;` (from `benches/`:
//! `#[path = "../tests/support/rng.rs"]`).

#![allow(dead_code, reason = "each test uses the helpers it needs")]

use ordo::draw::SplitMix64;

/// A deterministic generator seeded once.
pub struct Rng(SplitMix64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(SplitMix64::new(seed))
    }

    pub fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A value in `0..n`; `n` must not be 0.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    /// One of `items`, or `None` when there are none.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> Option<T> {
        (!items.is_empty()).then(|| items[self.below(items.len())])
    }

    /// Fisher-Yates.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}
