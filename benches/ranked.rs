//! Ranked ordering beside the naive reference (stable sort, per-key counters,
//! second sort, cut), on identical inputs in the same run.
//!
//! `cargo bench --bench ranked`

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use ordo::ranked::{Ranked, ranked_order};
use std::collections::HashMap;
use std::hint::black_box;

/// A bot's legal commands: 4 groups, values with ties, 20 keys, some keyless.
fn commands(n: usize) -> Vec<Ranked<u32, i64, u32>> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    (0..n as u32)
        .map(|i| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let key = (!state.is_multiple_of(5)).then_some((state >> 8) as u32 % 20);
            Ranked::new(i, (state >> 16) as u32 % 4, (state >> 24) as i64 % 50, key)
        })
        .collect()
}

fn naive(items: &[Ranked<u32, i64, u32>], last: Option<u32>, cap: usize) -> Vec<u32> {
    let mut by_value: Vec<&Ranked<u32, i64, u32>> = items.iter().collect();
    by_value.sort_by(|a, b| a.group.cmp(&b.group).then(b.value.cmp(&a.value)));
    let mut seen: HashMap<(u32, u32), u32> = HashMap::new();
    let mut ranked: Vec<(u32, u32, usize, u32)> = by_value
        .iter()
        .enumerate()
        .map(|(at, item)| {
            let round = item.key.map_or(0, |key| {
                let counter = seen.entry((item.group, key)).or_insert(0);
                *counter += 1;
                *counter - 1
            });
            (item.group, round, at, item.item)
        })
        .collect();
    ranked.sort_unstable();
    let keep = if last.is_some() { cap - 1 } else { cap };
    let mut out: Vec<u32> = ranked.iter().take(keep).map(|r| r.3).collect();
    out.extend(last);
    out
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("ranked_order");
    for n in [10, 100, 300, 1000] {
        let items = commands(n);
        for cap in [3, 10] {
            assert_eq!(
                ranked_order(items.iter().cloned(), Some(u32::MAX), cap)[..],
                naive(&items, Some(u32::MAX), cap)[..]
            );
            let id = format!("n={n}/cap={cap}");
            group.bench_with_input(BenchmarkId::new("ordo", &id), &items, |b, items| {
                b.iter(|| ranked_order(black_box(items).iter().cloned(), Some(u32::MAX), cap))
            });
            group.bench_with_input(BenchmarkId::new("naive", &id), &items, |b, items| {
                b.iter(|| naive(black_box(items), Some(u32::MAX), cap))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
