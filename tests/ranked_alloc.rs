//! Ranked ordering allocates nothing: a counting global allocator watches it.

use ordo::ranked::{MAX_CAP, Ranked, ranked_order};

#[path = "support/counting_alloc.rs"]
mod counting_alloc;
use counting_alloc::allocations_during;

#[test]
fn ranked_order_allocates_nothing() {
    let commands: Vec<_> = (0..1000u32)
        .map(|i| Ranked::new(i, i % 4, (i * 7919) % 97, (i % 3 != 0).then_some(i % 13)))
        .collect();
    for cap in [0, 1, 3, 10, MAX_CAP] {
        let (order, allocations) =
            allocations_during(|| ranked_order(commands.iter().cloned(), Some(u32::MAX), cap));
        assert_eq!(allocations, 0, "cap {cap}");
        assert_eq!(order.last(), Some(&u32::MAX));
    }
}
