//! Interleaved min-of-rounds timing of the draw routine beside the direct
//! simulation, a cross-check of `benches/draw.rs` that stays stable on a busy
//! machine (each side's best round out of 15, the sides alternating).
//!
//! `cargo run --release --example draw_timing`
use ordo::draw::{DesiredOrder, SplitMix64};
use std::hint::black_box;
use std::time::Instant;

/// Direct keys: a sorted `(id, position)` table, binary search, per-call counters.
fn table_keys(sorted: &[(u32, u16)], pile: &[u32], keys: &mut [u16]) {
    let mut used = vec![0u16; sorted.len()];
    for (slot, (&card, key)) in pile.iter().zip(keys.iter_mut()).enumerate() {
        let first = sorted.partition_point(|&(c, _)| c < card);
        *key = (sorted.len() + slot) as u16;
        let at = first + used.get(first).copied().unwrap_or(0) as usize;
        if at < sorted.len() && sorted[at].0 == card {
            *key = sorted[at].1;
            used[first] += 1;
        }
    }
}

/// The direct simulation: window minimum, remove, draw.
fn hand(pile_len: usize, hand: usize, keys: &[u16], out: &mut [u16]) {
    let mut held: Vec<(u16, u16)> = Vec::with_capacity(hand);
    let mut next = 0;
    for played in out.iter_mut().take(pile_len) {
        while held.len() < hand && next < pile_len {
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

fn best_of<F: FnMut(usize)>(iters: usize, mut f: F) -> f64 {
    let start = Instant::now();
    for i in 0..iters {
        f(i);
    }
    start.elapsed().as_nanos() as f64 / iters as f64
}

fn main() {
    println!("| cards | H | ordo | direct | ratio | direct (ordo keys) | ratio |");
    println!("|---|---|---|---|---|---|---|");
    let mut rows = Vec::new();
    let mut builds = Vec::new();
    for n in [10usize, 40, 256] {
        let distinct = (n / 3).max(1) as u32;
        let mut desired: Vec<u32> = (0..n as u32).map(|i| 1000 + i % distinct).collect();
        desired.sort_unstable();
        let mut rng = SplitMix64::new(n as u64);
        let piles: Vec<Vec<u32>> = (0..256)
            .map(|_| {
                let mut pile = desired.clone();
                rng.shuffle(&mut pile);
                pile
            })
            .collect();
        let order = DesiredOrder::new(&desired).unwrap();
        let mut sorted: Vec<(u32, u16)> = (0u16..).zip(&desired).map(|(p, &c)| (c, p)).collect();
        sorted.sort_unstable();
        let mut keys = vec![0u16; n];
        let mut out = vec![0u16; n];
        let iters = 200_000 / n;
        for h in [2, 3, 5] {
            let (mut ours, mut direct, mut direct_ordo) = (f64::MAX, f64::MAX, f64::MAX);
            for _ in 0..15 {
                ours = ours.min(best_of(iters, |i| {
                    order
                        .play_order_into(black_box(&piles[i % 256]), h, &mut out, &mut [])
                        .unwrap();
                    black_box(&out);
                }));
                direct = direct.min(best_of(iters, |i| {
                    let pile = black_box(&piles[i % 256]);
                    table_keys(&sorted, pile, &mut keys);
                    hand(pile.len(), h, &keys, &mut out);
                    black_box(&out);
                }));
                direct_ordo = direct_ordo.min(best_of(iters, |i| {
                    let pile = black_box(&piles[i % 256]);
                    order.keys(pile, &mut keys).unwrap();
                    hand(pile.len(), h, &keys, &mut out);
                    black_box(&out);
                }));
            }
            rows.push(format!(
                "| {n} | {h} | {ours:.0} ns | {direct:.0} ns | {:.1}x | {direct_ordo:.0} ns | {:.1}x |",
                direct / ours,
                direct_ordo / ours
            ));
        }
        let mut build = f64::MAX;
        for _ in 0..15 {
            build = build.min(best_of(iters, |i| {
                black_box(DesiredOrder::new(black_box(&piles[i % 256])).unwrap());
            }));
        }
        builds.push(format!("{n} entries: {build:.0} ns"));
    }
    for row in rows {
        println!("{row}");
    }
    println!(
        "DesiredOrder::new (once per desired order; every C single call): {}",
        builds.join(", ")
    );
}
