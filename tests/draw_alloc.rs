//! The draw routine allocates nothing: a counting global allocator (per
//! thread) sees zero allocations across every entry point.

use ordo::draw::{DesiredOrder, Piles, SplitMix64};

#[path = "support/counting_alloc.rs"]
mod counting_alloc;
use counting_alloc::allocations;

#[test]
fn every_entry_point_allocates_nothing() {
    // Inputs are prepared before counting.
    let desired: Vec<u32> = (0..40).map(|i| i % 14).collect();
    let mut pile = desired.clone();
    pile.push(77); // an unknown card
    let mut buffer = vec![0u32; 4 * 50];
    let mut out_slots = vec![0u16; 4 * 41];
    let mut out_cards = vec![0u32; 4 * 41];
    let mut keys = vec![0u16; 41];

    let before = allocations();
    let order = DesiredOrder::new(&desired).unwrap();
    let mut rng = SplitMix64::new(1);
    rng.shuffle(&mut pile);
    for hand in [1, 2, 3, 5, 9, 41, 100] {
        let play = order.play_order(&pile, hand).unwrap();
        assert_eq!(play.len(), 41);
        assert_eq!(play.slots().count(), 41);
        assert_eq!(play.cards(&pile).count(), 41);
        assert_eq!(play.desired_positions().filter(Option::is_none).count(), 1);
        order
            .play_order_into(&pile, hand, &mut out_slots[..41], &mut out_cards[..41])
            .unwrap();
    }
    order.keys(&pile, &mut keys).unwrap();
    for chunk in buffer.chunks_mut(50) {
        chunk[..41].copy_from_slice(&pile);
        rng.shuffle(&mut chunk[..41]);
    }
    let piles = Piles::new(&buffer, 41, 50, 4).unwrap();
    order
        .play_orders(&piles, 3, &mut out_slots, &mut out_cards)
        .unwrap();
    let mut calls = 0;
    order
        .shuffled_play_orders(&pile, 3, &mut rng, 10, |_, play| calls += play.len())
        .unwrap();
    let after = allocations();

    assert_eq!(calls, 410);
    assert_eq!(after - before, 0, "the draw routine allocated");
}
