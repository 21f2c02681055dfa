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
use ordo::draw::DesiredOrder;
use std::hint::black_box;

#[path = "support/draw_direct.rs"]
mod draw_direct;
use draw_direct::{DirectTable, PILES, direct_simulation, fixture};

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
