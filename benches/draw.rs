//! The emulated draw beside the direct simulation (hold H cards, take the
//! window minimum, remove it from the hand, draw), in the same run.
//!
//! `cargo bench --bench draw -- --warm-up-time 1 --measurement-time 3`
//!
//! - `ordo`: [`DesiredOrder::play_order_into`], slots out;
//! - `direct`: the direct simulation written here: keys from a sorted
//!   `(id, position)` table built once (binary search, per-call counters),
//!   then the hand as a `Vec` (window minimum, `remove`, `push`);
//! - `direct_ordo_keys`: the same hand simulation on keys from ordo's own
//!   table ([`DesiredOrder::keys`]), which isolates the hand.
//!
//! Each iteration plays one of 256 pre-shuffled piles (cycled), so no side
//! can learn one pile's branches.
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use ordo::draw::{DesiredOrder, SplitMix64};
use std::hint::black_box;

const PILES: usize = 256;

/// A deck of `n` cards with duplicates (about three copies of each id), its
/// desired order (ids ascending) and 256 shuffles of it.
fn fixture(n: usize) -> (Vec<u32>, Vec<Vec<u32>>) {
    let distinct = (n / 3).max(1) as u32;
    let mut desired: Vec<u32> = (0..n as u32).map(|i| 1000 + i % distinct).collect();
    desired.sort_unstable();
    let mut rng = SplitMix64::new(n as u64);
    let piles = (0..PILES)
        .map(|_| {
            let mut pile = desired.clone();
            rng.shuffle(&mut pile);
            pile
        })
        .collect();
    (desired, piles)
}

/// The desired order as `(id, position)` pairs sorted by id, then position.
struct DirectTable {
    sorted: Vec<(u32, u16)>,
}

impl DirectTable {
    fn new(desired: &[u32]) -> Self {
        let mut sorted: Vec<(u32, u16)> = (0u16..).zip(desired).map(|(p, &c)| (c, p)).collect();
        sorted.sort_unstable();
        DirectTable { sorted }
    }

    /// The k-th copy of a card takes the k-th entry of its run; others come
    /// after every listed position, in draw order.
    fn keys(&self, pile: &[u32], keys: &mut [u16]) {
        let mut used = vec![0u16; self.sorted.len()];
        for (slot, (&card, key)) in pile.iter().zip(keys.iter_mut()).enumerate() {
            let first = self.sorted.partition_point(|&(c, _)| c < card);
            *key = (self.sorted.len() + slot) as u16;
            if first < self.sorted.len() {
                let at = first + used[first] as usize;
                if at < self.sorted.len() && self.sorted[at].0 == card {
                    *key = self.sorted[at].1;
                    used[first] += 1;
                }
            }
        }
    }
}

/// The direct simulation: the hand is a Vec of (key, slot) in draw order.
fn direct_simulation(pile: &[u32], hand: usize, keys: &[u16], out: &mut [u16]) {
    let mut held: Vec<(u16, u16)> = Vec::with_capacity(hand);
    let mut next = 0;
    for played in out.iter_mut().take(pile.len()) {
        while held.len() < hand && next < pile.len() {
            held.push((keys[next], next as u16));
            next += 1;
        }
        let mut best = 0;
        for i in 1..held.len() {
            if held[i].0 < held[best].0 {
                best = i;
            }
        }
        *played = held.remove(best).1;
    }
}

fn bench(c: &mut Criterion) {
    for n in [10, 40, 256] {
        let (desired, piles) = fixture(n);
        let order = DesiredOrder::new(&desired).unwrap();
        let table = DirectTable::new(&desired);
        let mut group = c.benchmark_group(format!("draw/{n}"));
        for hand in [2, 3, 5] {
            // Both sides agree before they are timed.
            let mut keys = vec![0u16; n];
            for pile in &piles {
                let mut ours = vec![0u16; n];
                let mut theirs = vec![0u16; n];
                order
                    .play_order_into(pile, hand, &mut ours, &mut [])
                    .unwrap();
                table.keys(pile, &mut keys);
                direct_simulation(pile, hand, &keys, &mut theirs);
                assert_eq!(ours, theirs);
                order.keys(pile, &mut keys).unwrap();
                direct_simulation(pile, hand, &keys, &mut theirs);
                assert_eq!(ours, theirs);
            }
            let mut out = vec![0u16; n];
            let mut index = 0;
            group.bench_function(BenchmarkId::new("ordo", hand), |b| {
                b.iter(|| {
                    index = (index + 1) % PILES;
                    order
                        .play_order_into(black_box(&piles[index]), hand, &mut out, &mut [])
                        .unwrap();
                    black_box(&out);
                })
            });
            group.bench_function(BenchmarkId::new("direct", hand), |b| {
                b.iter(|| {
                    index = (index + 1) % PILES;
                    let pile = black_box(&piles[index]);
                    table.keys(pile, &mut keys);
                    direct_simulation(pile, hand, &keys, &mut out);
                    black_box(&out);
                })
            });
            group.bench_function(BenchmarkId::new("direct_ordo_keys", hand), |b| {
                b.iter(|| {
                    index = (index + 1) % PILES;
                    let pile = black_box(&piles[index]);
                    order.keys(pile, &mut keys).unwrap();
                    direct_simulation(pile, hand, &keys, &mut out);
                    black_box(&out);
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
