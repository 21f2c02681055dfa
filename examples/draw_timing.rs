//! Interleaved min-of-rounds timing of the draw routine beside the direct
//! simulation, a cross-check of `benches/draw.rs` that stays stable on a busy
//! machine (each side's best round out of 15, the sides alternating).
//!
//! `cargo run --release --example draw_timing`
use ordo::draw::DesiredOrder;
use std::hint::black_box;
use std::time::Instant;

#[path = "../benches/support/draw_direct.rs"]
mod draw_direct;
use draw_direct::{DirectTable, PILES, direct_simulation, fixture};

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
        let (desired, piles) = fixture(n);
        let order = DesiredOrder::new(&desired).unwrap();
        let table = DirectTable::new(&desired);
        let mut keys = vec![0u16; n];
        let mut out = vec![0u16; n];
        let iters = 200_000 / n;
        for h in [2, 3, 5] {
            let (mut ours, mut direct, mut direct_ordo) = (f64::MAX, f64::MAX, f64::MAX);
            for _ in 0..15 {
                ours = ours.min(best_of(iters, |i| {
                    order
                        .play_order_into(black_box(&piles[i % PILES]), h, &mut out, &mut [])
                        .unwrap();
                    black_box(&out);
                }));
                direct = direct.min(best_of(iters, |i| {
                    let pile = black_box(&piles[i % PILES]);
                    table.keys(pile, &mut keys);
                    direct_simulation(pile, h, &keys, &mut out);
                    black_box(&out);
                }));
                direct_ordo = direct_ordo.min(best_of(iters, |i| {
                    let pile = black_box(&piles[i % PILES]);
                    order.keys(pile, &mut keys).unwrap();
                    direct_simulation(pile, h, &keys, &mut out);
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
                black_box(DesiredOrder::new(black_box(&piles[i % PILES])).unwrap());
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
