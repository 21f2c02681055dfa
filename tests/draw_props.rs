//! Property tests: the library's play order equals (1) the direct hand
//! simulation of the semantics and (2) a literal emulation of the
//! seed's algorithm (first map, second map applied as the first pass meets a
//! card, `H - 1` sequential bubble passes), both written naively here.

use ordo::draw::{DesiredOrder, Piles, SplitMix64};
use proptest::prelude::*;

/// The keys, naively: the k-th copy of a card in the pile takes the
/// k-th position of that card in the desired order; other cards come after
/// every listed position, in draw order.
fn naive_keys(desired: &[u32], pile: &[u32]) -> Vec<usize> {
    pile.iter()
        .enumerate()
        .map(|(slot, &card)| {
            let copy = pile[..slot].iter().filter(|&&c| c == card).count();
            let positions: Vec<usize> =
                (0..desired.len()).filter(|&p| desired[p] == card).collect();
            positions.get(copy).copied().unwrap_or(desired.len() + slot)
        })
        .collect()
}

/// Hold the next `hand` cards, play the smallest key (ties to the card drawn
/// first), draw, repeat.
fn direct_simulation(desired: &[u32], pile: &[u32], hand: usize) -> Vec<usize> {
    let keys = naive_keys(desired, pile);
    let mut held: Vec<usize> = Vec::new();
    let mut next = 0;
    let mut played = Vec::new();
    loop {
        while held.len() < hand && next < pile.len() {
            held.push(next);
            next += 1;
        }
        let Some(best) = (0..held.len()).min_by_key(|&i| (keys[held[i]], held[i])) else {
            break;
        };
        played.push(held.remove(best));
    }
    played
}

/// When the seed's first pass applies the second map.
#[derive(Clone, Copy, PartialEq)]
enum Remap {
    /// When a card is first compared: card 0 before the pass, card i + 1
    /// before it is compared with position i (the seed's trace: "when we see
    /// two being evaluated to swap in the first position").
    OnMeet,
    /// Only on the card at the current position i before comparing it with
    /// i + 1: a card that moves left is never checked.
    OnCurrentOnly,
}

/// The seed's algorithm, literally: values from the first map (a card's
/// lowest 1-based desired position), the second map (a position's next
/// position for the same card) applied by the first pass to every later
/// copy, then `hand - 1` sequential passes swapping with the next card only
/// when it is strictly smaller. Cards the seed leaves open (absent from the
/// desired order, copies beyond those listed) take `len + 1 + slot` when met.
fn seed_literal(desired: &[u32], pile: &[u32], hand: usize, remap: Remap) -> Vec<usize> {
    let d = desired.len();
    let first = |card: u32| desired.iter().position(|&c| c == card).map(|p| p + 1);
    let mut second: Vec<Option<usize>> = vec![None; d + 1];
    for p in 0..d {
        second[p + 1] = desired[p + 1..]
            .iter()
            .position(|&c| c == desired[p])
            .map(|q| p + 1 + q + 1);
    }
    // (value, slot)
    let mut a: Vec<(usize, usize)> = pile
        .iter()
        .enumerate()
        .map(|(slot, &card)| (first(card).unwrap_or(usize::MAX), slot))
        .collect();
    let n = a.len();
    if hand < 2 || n < 2 {
        return a.iter().map(|&(_, slot)| slot).collect();
    }
    let mut claimed = vec![false; d + 2];
    let mut met = vec![false; n];
    let mut meet = |a: &mut Vec<(usize, usize)>, index: usize| {
        let (value, slot) = a[index];
        if met[slot] {
            return;
        }
        met[slot] = true;
        if value == usize::MAX || claimed[value] {
            a[index].0 = d + 1 + slot;
            return;
        }
        claimed[value] = true;
        if let Some(next) = second[value].take() {
            for element in &mut a[index + 1..] {
                if element.0 == value {
                    element.0 = next;
                }
            }
        }
    };
    meet(&mut a, 0);
    for i in 0..n - 1 {
        match remap {
            Remap::OnMeet => meet(&mut a, i + 1),
            Remap::OnCurrentOnly => meet(&mut a, i),
        }
        if a[i + 1].0 < a[i].0 {
            a.swap(i, i + 1);
        }
    }
    // Unmet cards (possible only with OnCurrentOnly) keep their first-map value.
    for _ in 1..(hand - 1).min(n) {
        for i in 0..n - 1 {
            if a[i + 1].0 < a[i].0 {
                a.swap(i, i + 1);
            }
        }
    }
    a.iter().map(|&(_, slot)| slot).collect()
}

fn library(desired: &[u32], pile: &[u32], hand: usize) -> Vec<usize> {
    let order = DesiredOrder::new(desired).unwrap();
    order.play_order(pile, hand).unwrap().slots().collect()
}

#[test]
fn references_agree_on_the_seed_example() {
    let desired = [1, 2, 3, 4, 2, 6, 7, 8, 2];
    let pile = [6, 2, 4, 8, 2, 7, 2, 1, 3];
    let expected = [1, 2, 4, 0, 5, 7, 8, 3, 6];
    assert_eq!(direct_simulation(&desired, &pile, 3), expected);
    assert_eq!(seed_literal(&desired, &pile, 3, Remap::OnMeet), expected);
    assert_eq!(library(&desired, &pile, 3), expected);
}

#[test]
fn remapping_only_the_carried_card_is_not_the_seed() {
    // The 2 drawn second moves left past the 6 at once and is never the
    // current card, so none of the three 2s is ever remapped: all three keep
    // position 2 and tie, which the seed's trace rules out.
    let desired = [1, 2, 3, 4, 2, 6, 7, 8, 2];
    let pile = [6, 2, 4, 8, 2, 7, 2, 1, 3];
    assert_ne!(
        seed_literal(&desired, &pile, 3, Remap::OnCurrentOnly),
        direct_simulation(&desired, &pile, 3)
    );
}

fn deck() -> impl Strategy<Value = (Vec<u32>, Vec<u32>)> {
    // Desired ids 0..12 and pile ids 0..16: duplicates in both, cards 12..16
    // unknown, and copies beyond those listed.
    (
        prop::collection::vec(0u32..12, 0..40),
        prop::collection::vec(0u32..16, 0..64),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn play_order_equals_direct_simulation_and_seed_algorithm(
        (desired, pile) in deck(),
        hand in 1usize..=6,
    ) {
        let expected = direct_simulation(&desired, &pile, hand);
        prop_assert_eq!(&seed_literal(&desired, &pile, hand, Remap::OnMeet), &expected);
        let order = DesiredOrder::new(&desired).unwrap();
        let play = order.play_order(&pile, hand).unwrap();
        prop_assert_eq!(play.slots().collect::<Vec<_>>(), expected.clone());
        let cards: Vec<u32> = expected.iter().map(|&s| pile[s]).collect();
        prop_assert_eq!(play.cards(&pile).collect::<Vec<_>>(), cards.clone());
        let keys = naive_keys(&desired, &pile);
        let positions: Vec<Option<usize>> = expected
            .iter()
            .map(|&s| (keys[s] < desired.len()).then_some(keys[s]))
            .collect();
        prop_assert_eq!(play.desired_positions().collect::<Vec<_>>(), positions);
        // The slice face and 16-bit ids agree.
        let desired16: Vec<u16> = desired.iter().map(|&c| c as u16).collect();
        let pile16: Vec<u16> = pile.iter().map(|&c| c as u16).collect();
        let mut out_slots = vec![0u16; pile.len()];
        let mut out_cards = vec![0u16; pile.len()];
        DesiredOrder::new(&desired16)
            .unwrap()
            .play_order_into(&pile16, hand, &mut out_slots, &mut out_cards)
            .unwrap();
        prop_assert_eq!(out_slots.iter().map(|&s| s as usize).collect::<Vec<_>>(), expected);
        prop_assert_eq!(out_cards.iter().map(|&c| u32::from(c)).collect::<Vec<_>>(), cards);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// Large hands: the run-time cascade (9 <= H < n) and the sort (H >= n).
    #[test]
    fn large_hands_equal_direct_simulation((desired, pile) in deck(), hand in 1usize..=80) {
        prop_assert_eq!(library(&desired, &pile, hand), direct_simulation(&desired, &pile, hand));
    }

    #[test]
    fn batch_and_shuffle_equal_single_calls(
        (desired, deck) in deck(),
        hand in 1usize..=6,
        seed in any::<u64>(),
        count in 0usize..6,
        padding in 0usize..3,
    ) {
        let order = DesiredOrder::new(&desired).unwrap();
        let mut rng = SplitMix64::new(seed);
        let mut singles = Vec::new();
        let mut buffer = Vec::new();
        for _ in 0..count {
            let mut pile = deck.clone();
            rng.shuffle(&mut pile);
            singles.push((pile.clone(), library(&desired, &pile, hand)));
            buffer.extend_from_slice(&pile);
            buffer.extend(std::iter::repeat_n(99, padding));
        }
        let mut batch_rng = SplitMix64::new(seed);
        let mut batched = Vec::new();
        order
            .shuffled_play_orders(&deck, hand, &mut batch_rng, count, |pile, play| {
                batched.push((pile.to_vec(), play.slots().collect::<Vec<_>>()));
            })
            .unwrap();
        prop_assert_eq!(&batched, &singles);
        prop_assert_eq!(batch_rng, rng);

        let piles = Piles::new(&buffer, deck.len(), deck.len() + padding, count).unwrap();
        let mut out_slots = vec![0u16; count * deck.len()];
        order.play_orders(&piles, hand, &mut out_slots, &mut []).unwrap();
        let flat: Vec<usize> = singles.iter().flat_map(|(_, s)| s.iter().copied()).collect();
        prop_assert_eq!(out_slots.iter().map(|&s| s as usize).collect::<Vec<_>>(), flat);
    }
}
