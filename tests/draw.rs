//! The draw routine's examples and edge cases: the seed's worked example
//! verbatim, hand sizes 1 and >= n, empty and all-duplicate piles, unknown
//! cards and extra copies, the batch and shuffle entry points, bad input.

use ordo::draw::{DesiredOrder, DrawError, MAX_CARDS, MAX_DESIRED, Piles, SplitMix64};

const SEED_DESIRED: [u32; 9] = [1, 2, 3, 4, 2, 6, 7, 8, 2];
const SEED_SHUFFLED: [u32; 9] = [6, 2, 4, 8, 2, 7, 2, 1, 3];

/// The seed's "desired-order numbers" (1-based; 0 marks an unlisted card).
fn desired_numbers(desired: &[u32], pile: &[u32], hand: usize) -> Vec<usize> {
    let order = DesiredOrder::new(desired).unwrap();
    let play = order.play_order(pile, hand).unwrap();
    play.desired_positions()
        .map(|p| p.map_or(0, |p| p + 1))
        .collect()
}

fn slots(desired: &[u32], pile: &[u32], hand: usize) -> Vec<usize> {
    let order = DesiredOrder::new(desired).unwrap();
    order.play_order(pile, hand).unwrap().slots().collect()
}

#[test]
fn seed_worked_example_plays_2_4_5_6_7_1_3_8_9() {
    assert_eq!(
        desired_numbers(&SEED_DESIRED, &SEED_SHUFFLED, 3),
        [2, 4, 5, 6, 7, 1, 3, 8, 9]
    );
    let order = DesiredOrder::new(&SEED_DESIRED).unwrap();
    let play = order.play_order(&SEED_SHUFFLED, 3).unwrap();
    assert_eq!(
        play.slots().collect::<Vec<_>>(),
        [1, 2, 4, 0, 5, 7, 8, 3, 6]
    );
    assert_eq!(
        play.cards(&SEED_SHUFFLED).collect::<Vec<_>>(),
        [2, 4, 2, 6, 7, 1, 3, 8, 2]
    );
}

#[test]
fn seed_example_through_the_slice_api_and_u16_ids() {
    let desired: Vec<u16> = SEED_DESIRED.iter().map(|&c| c as u16).collect();
    let pile: Vec<u16> = SEED_SHUFFLED.iter().map(|&c| c as u16).collect();
    let order = DesiredOrder::new(&desired).unwrap();
    let mut out_slots = [0u16; 9];
    let mut out_cards = [0u16; 9];
    order
        .play_order_into(&pile, 3, &mut out_slots, &mut out_cards)
        .unwrap();
    assert_eq!(out_slots, [1, 2, 4, 0, 5, 7, 8, 3, 6]);
    assert_eq!(out_cards, [2, 4, 2, 6, 7, 1, 3, 8, 2]);
}

#[test]
fn keys_number_copies_in_draw_order() {
    let order = DesiredOrder::new(&SEED_DESIRED).unwrap();
    let mut keys = [0u16; 9];
    order.keys(&SEED_SHUFFLED, &mut keys).unwrap();
    // Zero-based: the three 2s (slots 1, 4, 6) get positions 1, 4, 8 in draw order.
    assert_eq!(keys, [5, 1, 3, 7, 4, 6, 8, 0, 2]);
}

#[test]
fn hand_of_one_plays_in_draw_order() {
    assert_eq!(
        slots(&SEED_DESIRED, &SEED_SHUFFLED, 1),
        (0..9).collect::<Vec<_>>()
    );
}

#[test]
fn hand_of_two_is_one_bubble_pass() {
    // 6 2 4 8 5 7 9 1 3 -> one pass carrying the larger: 2 4 6 5 7 8 1 3 9.
    assert_eq!(
        desired_numbers(&SEED_DESIRED, &SEED_SHUFFLED, 2),
        [2, 4, 6, 5, 7, 8, 1, 3, 9]
    );
}

#[test]
fn hand_at_least_the_pile_is_a_stable_sort_by_key() {
    for hand in [9, 10, 1000, usize::MAX] {
        assert_eq!(
            desired_numbers(&SEED_DESIRED, &SEED_SHUFFLED, hand),
            [1, 2, 3, 4, 5, 6, 7, 8, 9]
        );
    }
    // Unlisted cards keep draw order among themselves at the end.
    assert_eq!(slots(&[5, 4], &[9, 4, 8, 5, 7], 100), [3, 1, 0, 2, 4]);
}

#[test]
fn hand_between_specialised_and_pile_size() {
    // A hand of 12 over a reversed 40-card pile: the first card played is the
    // smallest of the first 12, and so on (the run-time cascade).
    let desired: Vec<u32> = (0..40).collect();
    let pile: Vec<u32> = (0..40).rev().collect();
    let got: Vec<u32> = {
        let order = DesiredOrder::new(&desired).unwrap();
        let play = order.play_order(&pile, 12).unwrap();
        play.cards(&pile).collect()
    };
    // Hand {39..28}: plays 28, draws 27, plays 27, ... down to 0, then 29..39.
    let expected: Vec<u32> = (0..=28).rev().chain(29..40).collect();
    assert_eq!(got, expected);
}

#[test]
fn empty_pile_plays_nothing() {
    let order = DesiredOrder::new(&SEED_DESIRED).unwrap();
    let play = order.play_order(&[], 3).unwrap();
    assert!(play.is_empty());
    assert_eq!(play.len(), 0);
    let mut out = [7u16; 2];
    order.play_order_into(&[], 3, &mut out, &mut []).unwrap();
    assert_eq!(out, [7, 7]);
}

#[test]
fn empty_desired_order_plays_in_draw_order() {
    let order = DesiredOrder::<u32>::new(&[]).unwrap();
    assert!(order.is_empty());
    // A hand smaller than the pile, and hands that hold the whole pile.
    for hand in [3, 9, 12] {
        let play = order.play_order(&SEED_SHUFFLED, hand).unwrap();
        assert_eq!(play.slots().collect::<Vec<_>>(), (0..9).collect::<Vec<_>>());
        assert!(play.desired_positions().all(|p| p.is_none()));
    }
}

#[test]
fn a_hand_holding_the_whole_pile_plays_it_sorted_by_key() {
    // One listed card, then the unlisted ones in draw order, the last card of the pile too.
    for hand in [3, 5] {
        assert_eq!(slots(&[5], &[7, 5, 9], hand), [1, 0, 2]);
    }
}

#[test]
fn lengths_emptiness_and_the_largest_pile() {
    let order = DesiredOrder::new(&SEED_DESIRED).unwrap();
    assert_eq!((order.len(), order.is_empty()), (9, false));
    let play = order.play_order(&SEED_SHUFFLED, 3).unwrap();
    assert_eq!((play.len(), play.is_empty()), (9, false));
    // A pile of exactly MAX_CARDS cards is accepted.
    let largest = [2u32; MAX_CARDS];
    let mut keys = [0u16; MAX_CARDS];
    assert_eq!(order.keys(&largest, &mut keys), Ok(()));
    assert_eq!(order.play_order(&largest, 3).unwrap().len(), MAX_CARDS);
}

#[test]
fn all_duplicates_play_in_draw_order() {
    // Five copies of one card, three listed: every hand plays them in draw
    // order, keyed 1, 2, 3, then the two extra copies after them.
    for hand in 1..8 {
        assert_eq!(slots(&[7, 7, 7], &[7; 5], hand), [0, 1, 2, 3, 4]);
        assert_eq!(desired_numbers(&[7, 7, 7], &[7; 5], hand), [1, 2, 3, 0, 0]);
    }
}

#[test]
fn unknown_cards_and_extra_copies_play_after_all_listed_cards_in_draw_order() {
    // Desired lists 1 once and 2 once; the pile has an unknown 9, a second 1
    // and an unknown 8. With the whole pile in hand: 1, 2, then 9, 1, 8 as drawn.
    let pile = [9, 1, 1, 8, 2];
    assert_eq!(slots(&[1, 2], &pile, 5), [1, 4, 0, 2, 3]);
    // With a hand of 2: hold 9 1 -> 1; hold 9 1' -> 9 (drawn first);
    // hold 1' 8 -> 1'; hold 8 2 -> 2; then 8.
    assert_eq!(slots(&[1, 2], &pile, 2), [1, 0, 2, 4, 3]);
    assert_eq!(desired_numbers(&[1, 2], &pile, 2), [1, 0, 0, 2, 0]);
}

#[test]
fn cards_in_play_are_left_out_of_the_pile() {
    // A commander (id 100) is in play from the start: the caller keeps it out
    // of the pile, and the desired order may still mention it harmlessly.
    let desired = [100, 3, 1, 2];
    let pile = [2, 1, 3];
    let played: Vec<u32> = {
        let order = DesiredOrder::new(&desired).unwrap();
        let play = order.play_order(&pile, 3).unwrap();
        play.cards(&pile).collect()
    };
    assert_eq!(played, [3, 1, 2]);
}

#[test]
fn bad_input_is_refused_and_nothing_is_written() {
    let order = DesiredOrder::new(&SEED_DESIRED).unwrap();
    let mut out_slots = [0xAAAAu16; MAX_CARDS + 1];
    let mut out_cards = [0xBBBBu32; MAX_CARDS + 1];
    let long_pile = [1u32; MAX_CARDS + 1];
    let cases: [(&[u32], usize, usize, usize, DrawError); 4] = [
        (&SEED_SHUFFLED, 0, 9, 9, DrawError::HandSizeZero),
        (
            &long_pile,
            3,
            MAX_CARDS + 1,
            MAX_CARDS + 1,
            DrawError::TooManyCards,
        ),
        (&SEED_SHUFFLED, 3, 8, 9, DrawError::OutputTooSmall),
        (&SEED_SHUFFLED, 3, 9, 1, DrawError::OutputTooSmall),
    ];
    for (pile, hand, slots_len, cards_len, error) in cases {
        let result = order.play_order_into(
            pile,
            hand,
            &mut out_slots[..slots_len],
            &mut out_cards[..cards_len],
        );
        assert_eq!(result, Err(error));
        assert!(out_slots.iter().all(|&s| s == 0xAAAA));
        assert!(out_cards.iter().all(|&c| c == 0xBBBB));
    }
    assert_eq!(
        order.play_order(&SEED_SHUFFLED, 0).unwrap_err(),
        DrawError::HandSizeZero
    );
    assert_eq!(
        order.play_order(&long_pile, 3).unwrap_err(),
        DrawError::TooManyCards
    );
    let mut long_keys = [0xAAAAu16; MAX_CARDS + 1];
    assert_eq!(
        order.keys(&long_pile, &mut long_keys),
        Err(DrawError::TooManyCards)
    );
    assert!(long_keys.iter().all(|&k| k == 0xAAAA));
    let mut keys = [0u16; 8];
    assert_eq!(
        order.keys(&SEED_SHUFFLED, &mut keys),
        Err(DrawError::OutputTooSmall)
    );
    assert_eq!(keys, [0; 8]);
    assert_eq!(
        DesiredOrder::new(&[0u32; MAX_DESIRED + 1]).unwrap_err(),
        DrawError::DesiredTooLong
    );
    assert!(DesiredOrder::new(&[0u32; MAX_DESIRED]).is_ok());
}

#[test]
fn capacity_pile_of_max_cards_plays() {
    let desired: Vec<u32> = (0..MAX_DESIRED as u32).collect();
    let mut pile: Vec<u32> = (0..MAX_CARDS as u32).collect();
    SplitMix64::new(5).shuffle(&mut pile);
    let order = DesiredOrder::new(&desired).unwrap();
    let play = order.play_order(&pile, MAX_CARDS).unwrap();
    let cards: Vec<u32> = play.cards(&pile).collect();
    assert_eq!(cards, (0..MAX_CARDS as u32).collect::<Vec<_>>());
}

#[test]
fn batch_agrees_with_single_calls() {
    let order = DesiredOrder::new(&SEED_DESIRED).unwrap();
    let mut rng = SplitMix64::new(99);
    let (pile_len, stride, count) = (9, 12, 20);
    let mut buffer = vec![0u32; (count - 1) * stride + pile_len];
    for pile in buffer.chunks_mut(stride) {
        pile[..pile_len].copy_from_slice(&SEED_SHUFFLED);
        rng.shuffle(&mut pile[..pile_len]);
        for padding in pile.iter_mut().skip(pile_len) {
            *padding = 1000; // must never be read
        }
    }
    let piles = Piles::new(&buffer, pile_len, stride, count).unwrap();
    assert_eq!(piles.count(), count);
    assert_eq!(piles.pile_len(), pile_len);
    for hand in 1..=10 {
        let mut out_slots = vec![0u16; count * pile_len];
        let mut out_cards = vec![0u32; count * pile_len];
        order
            .play_orders(&piles, hand, &mut out_slots, &mut out_cards)
            .unwrap();
        for (index, pile) in piles.iter().enumerate() {
            let mut slots = [0u16; 9];
            let mut cards = [0u32; 9];
            order
                .play_order_into(pile, hand, &mut slots, &mut cards)
                .unwrap();
            assert_eq!(out_slots[index * 9..][..9], slots);
            assert_eq!(out_cards[index * 9..][..9], cards);
            assert!(cards.iter().all(|&c| c != 1000));
        }
        // Skipping the cards output still writes the slots.
        let mut only_slots = vec![0u16; count * pile_len];
        order
            .play_orders(&piles, hand, &mut only_slots, &mut [])
            .unwrap();
        assert_eq!(only_slots, out_slots);
    }
}

#[test]
fn batch_layout_errors() {
    let buffer = [1u32; 30];
    assert_eq!(
        Piles::new(&buffer, 10, 9, 2).unwrap_err(),
        DrawError::StrideTooSmall
    );
    assert_eq!(
        Piles::new(&buffer, 10, 11, 3).unwrap_err(),
        DrawError::PilesTooShort
    );
    assert_eq!(
        Piles::new(&buffer, 10, usize::MAX, 3).unwrap_err(),
        DrawError::PilesTooShort
    );
    assert!(Piles::new(&buffer, 10, 10, 3).is_ok());
    assert!(Piles::new(&buffer, 10, 20, 2).is_ok());
    assert!(Piles::new(&buffer, 10, 20, 0).is_ok());
    let big = vec![1u32; 2 * (MAX_CARDS + 1)];
    assert_eq!(
        Piles::new(&big, MAX_CARDS + 1, MAX_CARDS + 1, 2).unwrap_err(),
        DrawError::TooManyCards
    );
    let piles = Piles::new(&buffer, 10, 10, 3).unwrap();
    assert_eq!(piles.get(3), None);
    let order = DesiredOrder::new(&[1u32]).unwrap();
    let mut out = [9u16; 29];
    assert_eq!(
        order.play_orders(&piles, 3, &mut out, &mut []),
        Err(DrawError::OutputTooSmall)
    );
    assert_eq!(
        order.play_orders(&piles, 0, &mut [], &mut []),
        Err(DrawError::HandSizeZero)
    );
    assert!(out.iter().all(|&s| s == 9));
}

#[test]
fn splitmix64_golden_outputs() {
    // The published SplitMix64 sequence for seed 0.
    let mut rng = SplitMix64::new(0);
    assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
    assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    assert_eq!(rng.next_u64(), 0x06C4_5D18_8009_454F);
    let mut rng = SplitMix64::new(7);
    let draws: Vec<u64> = (0..10).map(|_| rng.below(6)).collect();
    assert_eq!(draws, [2, 0, 5, 3, 2, 1, 2, 1, 0, 2]);
    assert_eq!(SplitMix64::new(1).below(0), 0);
}

#[test]
fn below_draws_again_in_the_biased_zone() {
    // Lemire's method written out naively: draw until the low half of the product is at least
    // 2^64 mod bound. With a bound just above 2^63, about half the draws are rejected.
    let bound = (1u64 << 63) + 1;
    let threshold = bound.wrapping_neg() % bound;
    let mut rng = SplitMix64::new(7);
    let mut reference = SplitMix64::new(7);
    let mut draws = 0;
    for _ in 0..64 {
        let expected = loop {
            draws += 1;
            let product = u128::from(reference.next_u64()) * u128::from(bound);
            if product as u64 >= threshold {
                break (product >> 64) as u64;
            }
        };
        assert_eq!(rng.below(bound), expected);
        assert_eq!(rng.state(), reference.state());
    }
    assert!(draws > 64, "no draw was rejected: {draws}");
}

#[test]
fn shuffle_golden_outputs() {
    // Computed by an independent implementation of the documented algorithm.
    let mut rng = SplitMix64::new(42);
    let mut cards: Vec<u32> = (0..10).collect();
    rng.shuffle(&mut cards);
    assert_eq!(cards, [8, 3, 6, 5, 4, 0, 9, 2, 1, 7]);
    assert_eq!(rng.state(), 0x8FF3_4785_799E_5CE7);
    let mut cards: Vec<u16> = (0..40).collect();
    SplitMix64::new(2026).shuffle(&mut cards);
    assert_eq!(
        cards,
        [
            23, 39, 1, 36, 0, 11, 22, 24, 21, 4, 27, 29, 17, 9, 15, 6, 2, 38, 19, 20, 12, 13, 35,
            5, 3, 16, 30, 8, 33, 31, 7, 10, 26, 32, 37, 28, 14, 25, 18, 34
        ]
    );
}

#[test]
fn bounded_integers_are_unbiased_enough() {
    // 60,000 draws below 6: each face within 5% of 10,000.
    let mut rng = SplitMix64::new(3);
    let mut counts = [0u32; 6];
    for _ in 0..60_000 {
        counts[rng.below(6) as usize] += 1;
    }
    assert!(
        counts.iter().all(|&c| (9_500..=10_500).contains(&c)),
        "{counts:?}"
    );
}

#[test]
fn shuffled_play_orders_agree_with_shuffle_then_draw() {
    let order = DesiredOrder::new(&SEED_DESIRED).unwrap();
    let mut batch_rng = SplitMix64::new(11);
    let mut seen = Vec::new();
    order
        .shuffled_play_orders(&SEED_SHUFFLED, 3, &mut batch_rng, 50, |pile, play| {
            seen.push((pile.to_vec(), play.slots().collect::<Vec<_>>()));
        })
        .unwrap();
    assert_eq!(seen.len(), 50);
    let mut rng = SplitMix64::new(11);
    for (pile, slots) in &seen {
        let mut expected_pile = SEED_SHUFFLED;
        rng.shuffle(&mut expected_pile);
        assert_eq!(pile, &expected_pile);
        let play = order.play_order(&expected_pile, 3).unwrap();
        assert_eq!(slots, &play.slots().collect::<Vec<_>>());
    }
    assert_eq!(rng, batch_rng);
    // Refused input: nothing called, the generator not advanced.
    let before = batch_rng;
    let result = order.shuffled_play_orders(&SEED_SHUFFLED, 0, &mut batch_rng, 5, |_, _| {
        panic!("must not be called")
    });
    assert_eq!(result, Err(DrawError::HandSizeZero));
    assert_eq!(batch_rng, before);
}

#[test]
fn errors_have_messages() {
    let errors = [
        DrawError::HandSizeZero,
        DrawError::TooManyCards,
        DrawError::DesiredTooLong,
        DrawError::OutputTooSmall,
        DrawError::StrideTooSmall,
        DrawError::PilesTooShort,
    ];
    let messages: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
    for (i, m) in messages.iter().enumerate() {
        assert!(!m.is_empty());
        assert!(!messages[..i].contains(m));
    }
}

#[test]
fn readme_example() -> Result<(), DrawError> {
    // The Rust example of docs/draw.md, verbatim.
    let order = DesiredOrder::new(&[1u32, 2, 3, 4, 2, 6, 7, 8, 2])?; // build once
    let pile = [6, 2, 4, 8, 2, 7, 2, 1, 3];
    let play = order.play_order(&pile, 3)?;
    assert!(play.slots().eq([1, 2, 4, 0, 5, 7, 8, 3, 6]));
    assert!(play.cards(&pile).eq([2, 4, 2, 6, 7, 1, 3, 8, 2]));

    // Into caller buffers (an empty slice is skipped):
    let mut slots = [0u16; 9];
    order.play_order_into(&pile, 3, &mut slots, &mut [])?;

    // Many piles in one buffer (stride >= pile length), one desired order:
    let buffer = [pile, pile].concat();
    let piles = Piles::new(&buffer, 9, 9, 2)?;
    let mut all_slots = [0u16; 18];
    order.play_orders(&piles, 3, &mut all_slots, &mut [])?;

    // Shuffle-then-draw (SplitMix64, Fisher–Yates):
    let mut rng = SplitMix64::new(2026);
    order.shuffled_play_orders(&pile, 3, &mut rng, 1000, |shuffled, play| {
        let _first_card = play.cards(shuffled).next();
    })?;

    assert_eq!(slots, [1, 2, 4, 0, 5, 7, 8, 3, 6]);
    assert_eq!(all_slots[9..], slots);
    Ok(())
}
