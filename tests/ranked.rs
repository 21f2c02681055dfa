//! Ranked ordering: the seed's examples, edge cases, and a property test
//! against a naive reference (stable sort plus per-key counters).

use ordo::ranked::{MAX_CAP, Ranked, ranked_order};
use proptest::prelude::*;
use std::collections::HashMap;

/// The order written the obvious way: sort by group then value (stable),
/// count rounds per (group, key), sort again by (group, round), cut.
fn naive<T: Clone, V: Ord + Clone, K: std::hash::Hash + Eq + Clone>(
    items: &[Ranked<T, V, K>],
    last: Option<T>,
    cap: usize,
) -> Vec<T> {
    let cap = cap.clamp(1, MAX_CAP);
    let mut by_value: Vec<(usize, &Ranked<T, V, K>)> = items.iter().enumerate().collect();
    by_value.sort_by(|(_, a), (_, b)| a.group.cmp(&b.group).then(b.value.cmp(&a.value)));
    let mut seen: HashMap<(u32, K), u32> = HashMap::new();
    // (group, round, place in value order, command)
    type Placed<'a, T, V, K> = (u32, u32, usize, &'a Ranked<T, V, K>);
    let mut ranked: Vec<Placed<T, V, K>> = Vec::new();
    for (sorted_at, (_, item)) in by_value.iter().enumerate() {
        let round = match &item.key {
            None => 0,
            Some(key) => {
                let counter = seen.entry((item.group, key.clone())).or_insert(0);
                *counter += 1;
                *counter - 1
            }
        };
        ranked.push((item.group, round, sorted_at, item));
    }
    ranked.sort_by_key(|&(group, round, sorted_at, _)| (group, round, sorted_at));
    let keep = if last.is_some() { cap - 1 } else { cap };
    let mut out: Vec<T> = ranked
        .into_iter()
        .take(keep)
        .map(|(.., item)| item.item.clone())
        .collect();
    out.extend(last);
    out
}

fn seed_plays() -> Vec<Ranked<&'static str, (i32, i32), char>> {
    vec![
        Ranked::new("strike a", 0, (5, 0), Some('a')),
        Ranked::new("draw", 1, (0, 0), None),
        Ranked::new("burn a", 0, (4, 0), Some('a')),
        Ranked::new("strike b", 0, (3, 0), Some('b')),
    ]
}

#[test]
fn seed_example_cap_ten() {
    let order = ranked_order(seed_plays(), Some("end turn"), 10);
    assert_eq!(
        order,
        ["strike a", "strike b", "burn a", "draw", "end turn"]
    );
}

#[test]
fn seed_example_cap_three_keeps_the_end_of_the_turn() {
    assert_eq!(
        ranked_order(seed_plays(), Some("end turn"), 3),
        ["strike a", "strike b", "end turn"]
    );
}

#[test]
fn all_firsts_then_all_seconds() {
    let items = [
        Ranked::new("a10", 0, 10, Some('a')),
        Ranked::new("a1", 0, 1, Some('a')),
        Ranked::new("b9", 0, 9, Some('b')),
        Ranked::new("b8", 0, 8, Some('b')),
    ];
    assert_eq!(ranked_order(items, None, 10), ["a10", "b9", "b8", "a1"]);
}

#[test]
fn no_commands_and_no_last_is_empty() {
    let none: [Ranked<u8, u8, u8>; 0] = [];
    assert!(ranked_order(none, None, 10).is_empty());
}

#[test]
fn only_the_last_command() {
    let none: [Ranked<&str, u8, u8>; 0] = [];
    assert_eq!(ranked_order(none, Some("end"), 10), ["end"]);
}

#[test]
fn cap_zero_counts_as_one() {
    assert_eq!(
        ranked_order(seed_plays(), Some("end turn"), 0),
        ["end turn"]
    );
    assert_eq!(ranked_order(seed_plays(), None, 0), ["strike a"]);
}

#[test]
fn cap_one_is_the_last_or_the_best() {
    assert_eq!(
        ranked_order(seed_plays(), Some("end turn"), 1),
        ["end turn"]
    );
    assert_eq!(ranked_order(seed_plays(), None, 1), ["strike a"]);
}

#[test]
fn the_last_is_appended_when_fewer_than_cap() {
    let items = [Ranked::new("x", 0, 1, None::<u8>)];
    assert_eq!(ranked_order(items, Some("end"), 5), ["x", "end"]);
}

#[test]
fn the_last_replaces_the_last_of_exactly_cap() {
    let items = [
        Ranked::new("x", 0, 2, None::<u8>),
        Ranked::new("y", 0, 1, None),
    ];
    assert_eq!(ranked_order(items.clone(), Some("end"), 2), ["x", "end"]);
    assert_eq!(ranked_order(items, Some("end"), 3), ["x", "y", "end"]);
}

#[test]
fn value_ties_keep_the_input_order() {
    let items = [
        Ranked::new("first", 0, 7, None::<u8>),
        Ranked::new("second", 0, 7, None),
        Ranked::new("third", 0, 7, None),
    ];
    assert_eq!(ranked_order(items, None, 10), ["first", "second", "third"]);
}

#[test]
fn same_key_value_ties_take_rounds_in_input_order() {
    let items = [
        Ranked::new("k first", 0, 5, Some(1)),
        Ranked::new("other", 0, 1, Some(2)),
        Ranked::new("k second", 0, 5, Some(1)),
    ];
    assert_eq!(
        ranked_order(items, None, 10),
        ["k first", "other", "k second"]
    );
}

#[test]
fn keyless_commands_are_never_held_back() {
    let items = [
        Ranked::new("keyed best", 0, 9, Some('a')),
        Ranked::new("keyed second", 0, 8, Some('a')),
        Ranked::new("keyless low", 0, 1, None),
        Ranked::new("keyless lower", 0, 0, None),
    ];
    assert_eq!(
        ranked_order(items, None, 10),
        ["keyed best", "keyless low", "keyless lower", "keyed second"]
    );
}

#[test]
fn groups_come_in_ascending_order_whatever_the_values() {
    let items = [
        Ranked::new("g2", 2, 100, None::<u8>),
        Ranked::new("g0", 0, -5, None),
        Ranked::new("g7", 7, 1000, None),
        Ranked::new("g1", 1, 0, None),
    ];
    assert_eq!(ranked_order(items, None, 10), ["g0", "g1", "g2", "g7"]);
}

#[test]
fn keys_are_per_group() {
    let items = [
        Ranked::new("g0 a high", 0, 9, Some('a')),
        Ranked::new("g0 a low", 0, 1, Some('a')),
        Ranked::new("g1 a", 1, 5, Some('a')),
    ];
    // The group-1 command is the first of its key in its group: round 0 there.
    assert_eq!(
        ranked_order(items, None, 10),
        ["g0 a high", "g0 a low", "g1 a"]
    );
}

#[test]
fn one_key_for_all_is_plain_value_order() {
    let items: Vec<_> = [3, 9, 1, 7]
        .into_iter()
        .map(|value| Ranked::new(value, 0, value, Some(())))
        .collect();
    assert_eq!(ranked_order(items, None, 10), [9, 7, 3, 1]);
}

#[test]
fn a_cap_above_the_maximum_counts_as_the_maximum() {
    let items: Vec<_> = (0..200u32)
        .map(|i| Ranked::new(i, 0, i, None::<u8>))
        .collect();
    let order = ranked_order(items, None, 1000);
    assert_eq!(order.len(), MAX_CAP);
    assert_eq!(order[0], 199);
    assert_eq!(order[MAX_CAP - 1], 199 - (MAX_CAP as u32 - 1));
}

#[test]
fn many_groups_under_a_small_cap() {
    let items: Vec<_> = (0..100u32)
        .rev()
        .map(|group| Ranked::new(group, group, 0, None::<u8>))
        .collect();
    assert_eq!(ranked_order(items, Some(999), 4), [0, 1, 2, 999]);
}

#[test]
fn any_iterator_is_accepted() {
    let order = ranked_order(
        (0..10).map(|i| Ranked::new(i, 0, i % 3, Some(i % 2))),
        None,
        3,
    );
    let items: Vec<_> = (0..10)
        .map(|i| Ranked::new(i, 0, i % 3, Some(i % 2)))
        .collect();
    assert_eq!(order[..], naive(&items, None, 3)[..]);
}

#[test]
fn the_buffer_holds_exactly_max_cap_under_bumps() {
    // Increasing values of one key: every newcomer bumps every member.
    let items: Vec<_> = (0..300u32)
        .map(|i| Ranked::new(i, 0, i, Some(i % 5)))
        .collect();
    let expected = naive(&items, Some(u32::MAX), MAX_CAP);
    assert_eq!(ranked_order(items, Some(u32::MAX), MAX_CAP), expected[..]);
}

type Case = (Vec<(u32, i8, Option<u8>)>, bool, usize);

fn case() -> impl Strategy<Value = Case> {
    (
        prop::collection::vec(
            (0u32..4, -3i8..4, prop::option::weighted(0.8, 0u8..5)),
            0..60,
        ),
        any::<bool>(),
        0usize..=(MAX_CAP + 2),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    /// Small domains give many ties in group, value and key.
    #[test]
    fn equals_the_naive_reference((commands, has_last, cap) in case()) {
        let items: Vec<Ranked<usize, i8, u8>> = commands
            .iter()
            .enumerate()
            .map(|(i, &(group, value, key))| Ranked::new(i, group, value, key))
            .collect();
        let last = has_last.then_some(usize::MAX);
        let expected = naive(&items, last, cap);
        let got = ranked_order(items, last, cap);
        prop_assert_eq!(&got[..], &expected[..]);
    }
}
