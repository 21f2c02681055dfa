//! Property tests: `ordo::select` against the seed's two-pass algorithm, written literally
//! (find the best bucket, collect its members, take the first `min` by the bucket's key), and
//! `order` against a naive full stable sort; `select_columns` against the same two-pass `min`
//! over the records its columns describe; the C face (`ordo_select`, `ordo_select_order`), which
//! reads its C rule table in place, and its prepared tables (`ordo_select_prepared*`) against
//! the same, and any bytes behind a prepared table's tag as some table; every limit of the
//! vector level (`limit_simd`, `ordo_select_limit_simd`) against the same.

use core::cmp::Reverse;

use ordo::ffi::ordo_status;
use ordo::ffi::select::{
    ORDO_SELECT_ASCENDING, ORDO_SELECT_DESCENDING, ORDO_SELECT_FIELD_FLAG, ORDO_SELECT_FIELD_NAME,
    ORDO_SELECT_FIELD_POSITION, ORDO_SELECT_NONE, ORDO_SELECT_PREPARED_BYTES,
    ORDO_SELECT_SIMD_AVX2, ORDO_SELECT_SIMD_AVX512, ORDO_SELECT_SIMD_PORTABLE, ordo_select,
    ordo_select_action, ordo_select_columnar, ordo_select_columns, ordo_select_limit_simd,
    ordo_select_order, ordo_select_prepare, ordo_select_prepared, ordo_select_prepared_one_hot,
    ordo_select_prepared_order, ordo_select_prepared_rules, ordo_select_rules,
    ordo_select_simd_in_use,
};
use ordo::select::{
    self, ActionRecord, Columns, Direction, FIELDS, Field, Key, MAX_ORDER, Rules, one_hot,
    one_hot_columns, order, order_columns, preset, select, select_by_key, select_columns,
};
use proptest::prelude::*;

/// One component of a tuple key, as the seed builds it: a value, or a reversed value.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Part {
    Asc(Value),
    Desc(Reverse<Value>),
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Value {
    // Wide enough that the seed's negations cannot overflow.
    Int(i128),
    Name(Vec<u8>),
    Flag(bool),
    Index(usize),
}

/// The seed's `key_for(best)` for a data-driven table: the bucket's key as a tuple.
fn key_for(table: &[Vec<Key>], bucket: u32, action: &ActionRecord<'_>, index: usize) -> Vec<Part> {
    let keys = table.get(bucket as usize).cloned().unwrap_or_default();
    keys.iter()
        .map(|key| {
            let value = match key.field {
                Field::Int(i) => Value::Int(i128::from(action.fields[usize::from(i)])),
                Field::Name => Value::Name(action.name.to_vec()),
                Field::Flag => Value::Flag(action.flag),
                Field::Position => Value::Index(index),
            };
            match key.direction {
                Direction::Ascending => Part::Asc(value),
                Direction::Descending => Part::Desc(Reverse(value)),
            }
        })
        .collect()
}

/// The seed's `_select`, literally: two passes, a Vec of members, then `min`.
fn two_pass<K: Ord>(
    actions: &[ActionRecord<'_>],
    key: impl Fn(u32, &ActionRecord<'_>, usize) -> K,
) -> Option<usize> {
    let best = actions.iter().map(|a| a.bucket).min()?;
    let members: Vec<(usize, &ActionRecord<'_>)> = actions
        .iter()
        .enumerate()
        .filter(|(_, a)| a.bucket == best)
        .collect();
    // `min_by_key` returns the first minimum, like Python's `min`.
    members
        .into_iter()
        .min_by_key(|&(index, a)| key(best, a, index))
        .map(|(index, _)| index)
}

/// The seed's own key functions for its seven categories (`_KEY_FOR`), over the preset's
/// field layout; `Reverse` plays `_RevStr` and the negations.
fn seed_key(category: u32, a: &ActionRecord<'_>, index: usize) -> Vec<Part> {
    use Part::*;
    use Value::*;
    let name = || Name(a.name.to_vec());
    let cost = i128::from(a.fields[preset::COST]);
    let defense = i128::from(a.fields[preset::DEFENSE]);
    match category {
        0 => vec![Asc(name()), Asc(Index(index))],
        1 => vec![Asc(Int(-cost)), Asc(name())],
        2 | 3 => vec![Asc(name())],
        4 => vec![
            Asc(Flag(!a.flag)),
            Asc(Int(-defense)),
            Asc(Int(-cost)),
            Desc(Reverse(name())),
        ],
        _ => vec![Asc(Index(index))],
    }
}

const NAMES: &[&[u8]] = &[
    b"",
    b"a",
    b"ab",
    b"ab\0",
    b"abc",
    b"b",
    b"abcdefgh",
    b"abcdefghi",
    b"abcdefghj",
    b"abcdefgh\0",
    b"\xff",
    b"\x7f",
];

fn int_value() -> impl Strategy<Value = i64> {
    prop_oneof![
        8 => -2i64..=2,
        1 => Just(i64::MIN),
        1 => Just(i64::MAX),
        1 => any::<i64>(),
    ]
}

fn action(max_bucket: u32) -> impl Strategy<Value = ActionRecord<'static>> {
    action_between(0, max_bucket)
}

fn action_between(low: u32, high: u32) -> impl Strategy<Value = ActionRecord<'static>> {
    (
        low..=high,
        proptest::array::uniform4(int_value()),
        any::<bool>(),
        proptest::sample::select(NAMES),
    )
        .prop_map(|(bucket, fields, flag, name)| ActionRecord {
            bucket,
            fields,
            flag,
            name,
        })
}

fn key() -> impl Strategy<Value = Key> {
    directed(prop_oneof![
        (0..FIELDS as u8).prop_map(Field::Int),
        Just(Field::Name),
        Just(Field::Flag),
        Just(Field::Position),
    ])
}

/// A key on each field `fields` draws, in either direction.
fn directed(fields: impl Strategy<Value = Field>) -> impl Strategy<Value = Key> {
    (fields, any::<bool>()).prop_map(|(field, descending)| Key {
        field,
        direction: if descending {
            Direction::Descending
        } else {
            Direction::Ascending
        },
    })
}

fn table() -> impl Strategy<Value = Vec<Vec<Key>>> {
    proptest::collection::vec(proptest::collection::vec(key(), 0..=4), 0..=6)
}

/// A key the columns can serve: an integer field or the position (drawn directly rather
/// than filtered from `key()`, whose rejects a full table of buckets would exhaust).
fn column_key() -> impl Strategy<Value = Key> {
    directed(prop_oneof![
        (0..FIELDS as u8).prop_map(Field::Int),
        Just(Field::Position),
    ])
}

fn column_table() -> impl Strategy<Value = Vec<Vec<Key>>> {
    proptest::collection::vec(proptest::collection::vec(column_key(), 0..=3), 0..=4)
}

/// Actions long enough for several blocks of eight, with few buckets (so that whole blocks
/// of one bucket occur) or many.
fn column_actions() -> impl Strategy<Value = Vec<ActionRecord<'static>>> {
    (0u32..=5).prop_flat_map(|max_bucket| proptest::collection::vec(action(max_bucket), 0..72))
}

/// Actions long enough for the scan of mixed buckets to leave its packed start (64 actions)
/// for the bare test: a run of higher buckets, then any, so that lower buckets also appear
/// after the packed start and restart the scan there.
fn long_column_actions() -> impl Strategy<Value = Vec<ActionRecord<'static>>> {
    (1u32..=5).prop_flat_map(|max_bucket| {
        (
            proptest::collection::vec(action_between(1, max_bucket), 0..100),
            proptest::collection::vec(action(max_bucket), 0..120),
        )
            .prop_map(|(mut higher, any)| {
                higher.extend(any);
                higher
            })
    })
}

/// Long inputs almost all in bucket 0, so that the records' scan soon has its leader there
/// and tests the value alone (from the start when the actions after the first are of its
/// bucket); actions of worse buckets, with any value, pass that test and must be passed over.
fn long_bucket_zero_actions() -> impl Strategy<Value = Vec<ActionRecord<'static>>> {
    proptest::collection::vec(
        prop_oneof![9 => action_between(0, 0), 1 => action_between(1, 3)],
        0..200,
    )
}

/// A table whose bucket 0 is led by one integer field alone, in either direction (the
/// records' scan of the value alone), the other buckets as [`column_table`] draws them.
fn int_led_table() -> impl Strategy<Value = Vec<Vec<Key>>> {
    (
        directed((0..FIELDS as u8).prop_map(Field::Int)),
        column_table(),
    )
        .prop_map(|(lead, rest)| {
            let mut table = vec![vec![lead]];
            table.extend(rest.into_iter().skip(1));
            table
        })
}

/// The records' buckets and integer fields as columns' arrays.
fn column_data(actions: &[ActionRecord<'_>]) -> (Vec<u32>, Vec<Vec<i64>>) {
    let buckets = actions.iter().map(|a| a.bucket).collect();
    let fields = (0..FIELDS)
        .map(|f| actions.iter().map(|a| a.fields[f]).collect())
        .collect();
    (buckets, fields)
}

/// Columns over [`column_data`]'s arrays, every integer field present.
fn columns<'a>(buckets: &'a [u32], fields: &'a [Vec<i64>]) -> Columns<'a> {
    fields
        .iter()
        .enumerate()
        .fold(Columns::new(buckets), |columns, (index, column)| {
            columns.with_field(index, column).unwrap()
        })
}

/// `select_columns` over the actions' columns chooses what the seed's two-pass `min` chooses
/// over the records.
fn columns_choose_as_two_pass(
    table: &[Vec<Key>],
    actions: &[ActionRecord<'_>],
) -> Result<(), TestCaseError> {
    let expected = two_pass(actions, |bucket, a, i| key_for(table, bucket, a, i));
    let (buckets, fields) = column_data(actions);
    let columns = columns(&buckets, &fields);
    let got = with_rules(table, |rules| select_columns(&columns, rules));
    prop_assert_eq!(got, Ok(expected));
    Ok(())
}

/// `select` over the records chooses what the seed's two-pass `min` chooses.
fn records_choose_as_two_pass(
    table: &[Vec<Key>],
    actions: &[ActionRecord<'_>],
) -> Result<(), TestCaseError> {
    let expected = two_pass(actions, |bucket, a, i| key_for(table, bucket, a, i));
    let got = with_rules(table, |rules| select(actions, rules));
    prop_assert_eq!(got, expected);
    Ok(())
}

fn with_rules<T>(table: &[Vec<Key>], body: impl FnOnce(&Rules<'_>) -> T) -> T {
    let lists: Vec<&[Key]> = table.iter().map(Vec::as_slice).collect();
    body(&Rules::new(&lists).expect("generated tables are valid"))
}

/// The total order (bucket, key, position) by a full stable sort.
fn naive_order(table: &[Vec<Key>], actions: &[ActionRecord<'_>]) -> Vec<usize> {
    let mut indices: Vec<usize> = (0..actions.len()).collect();
    indices.sort_by_key(|&i| {
        (
            actions[i].bucket,
            key_for(table, actions[i].bucket, &actions[i], i),
        )
    });
    indices
}

/// A generated table as a C rule table, the entries past each count filled with keys that
/// would be refused, to show that they are not read.
fn c_table(table: &[Vec<Key>]) -> ordo_select_rules {
    let mut c = ordo_select_rules::default();
    for rule in &mut c.buckets {
        for key in &mut rule.keys {
            key.field = 99;
            key.direction = 7;
        }
    }
    c.bucket_count = table.len() as u32;
    for (rule, keys) in c.buckets.iter_mut().zip(table) {
        rule.key_count = keys.len() as u32;
        for (c_key, key) in rule.keys.iter_mut().zip(keys) {
            c_key.field = match key.field {
                Field::Int(index) => u32::from(index),
                Field::Name => ORDO_SELECT_FIELD_NAME,
                Field::Flag => ORDO_SELECT_FIELD_FLAG,
                Field::Position => ORDO_SELECT_FIELD_POSITION,
            };
            c_key.direction = match key.direction {
                Direction::Ascending => ORDO_SELECT_ASCENDING,
                Direction::Descending => ORDO_SELECT_DESCENDING,
            };
        }
    }
    c
}

/// The actions as C structs (an empty name as NULL, which the C face allows).
fn c_actions(actions: &[ActionRecord<'static>]) -> Vec<ordo_select_action> {
    actions
        .iter()
        .map(|a| ordo_select_action {
            bucket: a.bucket,
            flag: u8::from(a.flag),
            fields: a.fields,
            name: if a.name.is_empty() {
                core::ptr::null()
            } else {
                a.name.as_ptr().cast()
            },
            name_len: a.name.len(),
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn select_is_the_seed_two_pass_min(
        table in table(),
        // Long enough for several restarts at lower buckets and long runs after them.
        actions in proptest::collection::vec(action(7), 0..48),
    ) {
        let expected = two_pass(&actions, |bucket, a, i| key_for(&table, bucket, a, i));
        let got = with_rules(&table, |rules| select(&actions, rules));
        prop_assert_eq!(got, expected);
    }

    /// Exactly eight actions over records and through the C face: the trees when some bucket
    /// is led by an integer field alone and the lowest bucket is one of them; the general
    /// scan from that lowest bucket otherwise, and for tables without such a bucket.
    #[test]
    fn select_over_eight_actions_is_the_seed_two_pass_min(
        table in prop_oneof![column_table(), table()],
        actions in (0u32..=5).prop_flat_map(|max_bucket| {
            proptest::collection::vec(action(max_bucket), 8)
        }),
    ) {
        let expected = two_pass(&actions, |bucket, a, i| key_for(&table, bucket, a, i));
        let got = with_rules(&table, |rules| select(&actions, rules));
        prop_assert_eq!(got, expected);
        let rules = c_table(&table);
        let c = c_actions(&actions);
        let mut chosen = usize::MAX;
        // SAFETY: `c` holds `c.len()` actions whose names point into static strings, `rules`
        // is a valid table, and `chosen` is writable; all outlive the call.
        let status = unsafe { ordo_select(c.as_ptr(), c.len(), &rules, &mut chosen) };
        prop_assert_eq!(status, ordo_status::ORDO_OK);
        prop_assert_eq!(Some(chosen), expected);
    }

    #[test]
    fn select_columns_is_the_seed_two_pass_min(
        table in column_table(),
        actions in column_actions(),
    ) {
        columns_choose_as_two_pass(&table, &actions)?;
    }

    #[test]
    fn select_columns_over_at_most_eight_actions_is_the_seed_two_pass_min(
        table in column_table(),
        // At most eight actions take a path of their own (lowest bucket first, then its
        // members); nine take the general scan.
        actions in (0u32..=5).prop_flat_map(|max_bucket| {
            proptest::collection::vec(action(max_bucket), 0..=9)
        }),
    ) {
        columns_choose_as_two_pass(&table, &actions)?;
    }

    #[test]
    fn select_columns_over_eight_actions_under_a_full_table_is_the_seed_two_pass_min(
        // Every bucket the table can describe, and buckets past it, which the columns' path
        // for eight actions reads as one entry.
        table in proptest::collection::vec(
            proptest::collection::vec(column_key(), 0..=2),
            select::MAX_BUCKETS,
        ),
        actions in (0u32..=20).prop_flat_map(|low| {
            proptest::collection::vec(action_between(low, low + 4), 1..=9)
        }),
    ) {
        columns_choose_as_two_pass(&table, &actions)?;
    }

    #[test]
    fn order_and_one_hot_over_columns_are_as_over_records(
        table in column_table(),
        actions in column_actions(),
        cap in 0..=MAX_ORDER,
    ) {
        let (buckets, fields) = column_data(&actions);
        let columns = columns(&buckets, &fields);
        let expected = naive_order(&table, &actions);
        let mut out = vec![usize::MAX; cap];
        let written = with_rules(&table, |rules| order_columns(&columns, rules, &mut out));
        prop_assert_eq!(written, Ok(cap.min(actions.len())));
        prop_assert_eq!(&out[..cap.min(actions.len())], &expected[..cap.min(actions.len())]);
        prop_assert!(out[cap.min(actions.len())..].iter().all(|&slot| slot == usize::MAX));

        let mut hot = vec![-1.0f64; actions.len() + 1];
        let chosen = with_rules(&table, |rules| one_hot_columns(&columns, rules, &mut hot));
        prop_assert_eq!(chosen, Ok(expected.first().copied()));
        for (i, &p) in hot[..actions.len()].iter().enumerate() {
            prop_assert_eq!(p, if Some(&i) == expected.first() { 1.0 } else { 0.0 });
        }
        prop_assert_eq!(hot[actions.len()], -1.0);
    }

    #[test]
    fn preset_is_the_seed_key_table(actions in proptest::collection::vec(action(8), 0..24)) {
        let expected = two_pass(&actions, seed_key);
        prop_assert_eq!(select(&actions, &preset::RULES), expected);
        // The same choice through the closure API with the seed's keys.
        let by_key = select_by_key(
            &actions,
            |a| a.bucket,
            |&bucket, a| {
                let index = (a as *const ActionRecord<'_> as usize
                    - actions.as_ptr() as usize)
                    / size_of::<ActionRecord<'_>>();
                seed_key(bucket, a, index)
            },
        );
        prop_assert_eq!(by_key, expected);
    }

    #[test]
    fn order_is_the_head_of_a_full_sort(
        table in table(),
        actions in proptest::collection::vec(action(7), 0..40),
        cap in 0..=MAX_ORDER,
    ) {
        let expected = naive_order(&table, &actions);
        let mut out = vec![usize::MAX; cap];
        let written = with_rules(&table, |rules| order(&actions, rules, &mut out)).unwrap();
        prop_assert_eq!(written, cap.min(actions.len()));
        prop_assert_eq!(&out[..written], &expected[..written]);
        prop_assert!(out[written..].iter().all(|&slot| slot == usize::MAX));
    }

    #[test]
    fn one_hot_marks_the_selection(
        table in table(),
        actions in proptest::collection::vec(action(7), 0..16),
    ) {
        let mut out = vec![-1.0f64; actions.len() + 1];
        let chosen = with_rules(&table, |rules| one_hot(&actions, rules, &mut out)).unwrap();
        prop_assert_eq!(chosen, with_rules(&table, |rules| select::select(&actions, rules)));
        for (i, &p) in out[..actions.len()].iter().enumerate() {
            prop_assert_eq!(p, if Some(i) == chosen { 1.0 } else { 0.0 });
        }
        prop_assert_eq!(out[actions.len()], -1.0);
    }

    #[test]
    fn the_c_face_is_the_seed_two_pass_min_and_the_full_sort(
        table in table(),
        actions in proptest::collection::vec(action(7), 0..40),
        cap in 0..=MAX_ORDER,
    ) {
        let rules = c_table(&table);
        let c = c_actions(&actions);
        let mut chosen = usize::MAX - 1;
        // SAFETY: `c` holds `c.len()` actions whose names point into static strings, `rules`
        // is a valid table, and `chosen` is writable; all outlive the call.
        let status = unsafe { ordo_select(c.as_ptr(), c.len(), &rules, &mut chosen) };
        prop_assert_eq!(status, ordo_status::ORDO_OK);
        let expected = two_pass(&actions, |bucket, a, i| key_for(&table, bucket, a, i));
        prop_assert_eq!(Some(chosen).filter(|&i| i != usize::MAX), expected);
        let mut out = vec![usize::MAX; cap];
        let mut written = usize::MAX;
        // SAFETY: as above, and `out` holds `cap` writable entries.
        let status = unsafe {
            ordo_select_order(c.as_ptr(), c.len(), &rules, cap, out.as_mut_ptr(), cap, &mut written)
        };
        prop_assert_eq!(status, ordo_status::ORDO_OK);
        let sorted = naive_order(&table, &actions);
        prop_assert_eq!(written, cap.min(actions.len()));
        prop_assert_eq!(&out[..written], &sorted[..written]);
    }

    /// Through a prepared table: the same choice, order and one-hot distribution (exactly
    /// eight actions often, for the trees an integer-led table takes).
    #[test]
    fn the_prepared_c_face_is_the_seed_two_pass_min_and_the_full_sort(
        table in prop_oneof![table(), int_led_table()],
        actions in prop_oneof![
            proptest::collection::vec(action(7), 0..40),
            proptest::collection::vec(action(7), 8..=8),
        ],
        cap in 0..=MAX_ORDER,
    ) {
        let c = c_actions(&actions);
        let prepared = prepare(&c_table(&table));
        let mut chosen = usize::MAX - 1;
        // SAFETY: `c` holds `c.len()` actions whose names point into static strings,
        // `prepared` was written by `ordo_select_prepare`, and `chosen` is writable.
        let status = unsafe { ordo_select_prepared(c.as_ptr(), c.len(), &prepared, &mut chosen) };
        prop_assert_eq!(status, ordo_status::ORDO_OK);
        let expected = two_pass(&actions, |bucket, a, i| key_for(&table, bucket, a, i));
        prop_assert_eq!(Some(chosen).filter(|&i| i != usize::MAX), expected);
        let mut out = vec![usize::MAX; cap];
        let mut written = usize::MAX;
        // SAFETY: as above, and `out` holds `cap` writable entries.
        let status = unsafe {
            ordo_select_prepared_order(
                c.as_ptr(), c.len(), &prepared, cap, out.as_mut_ptr(), cap, &mut written,
            )
        };
        prop_assert_eq!(status, ordo_status::ORDO_OK);
        let sorted = naive_order(&table, &actions);
        prop_assert_eq!(written, cap.min(actions.len()));
        prop_assert_eq!(&out[..written], &sorted[..written]);
        let mut probabilities = vec![-1.0f64; c.len()];
        // SAFETY: as above, and `probabilities` holds `c.len()` writable doubles.
        let status = unsafe {
            ordo_select_prepared_one_hot(
                c.as_ptr(), c.len(), &prepared, probabilities.as_mut_ptr(), c.len(),
            )
        };
        prop_assert_eq!(status, ordo_status::ORDO_OK);
        for (i, &p) in probabilities.iter().enumerate() {
            prop_assert_eq!(p, if Some(i) == expected { 1.0 } else { 0.0 });
        }
    }

    /// Whatever C writes behind a prepared table's tag is some table: every call succeeds and
    /// answers within the actions, the order with distinct indices.
    #[test]
    fn any_bytes_behind_the_tag_are_some_table(
        bytes in proptest::collection::vec(any::<u8>(), ORDO_SELECT_PREPARED_BYTES),
        actions in prop_oneof![
            proptest::collection::vec(action(20), 0..40),
            proptest::collection::vec(action(20), 8..=8),
        ],
    ) {
        let prepared = prepare(&ordo_select_rules::default());
        let mut opaque: [u8; ORDO_SELECT_PREPARED_BYTES] = bytes.try_into().unwrap();
        // The tag stays as `ordo_select_prepare` wrote it.
        // SAFETY: `ordo_select_prepared_rules` is `repr(C)` over one byte array of this size.
        let tag: [u8; ORDO_SELECT_PREPARED_BYTES] = unsafe { core::mem::transmute(prepared) };
        opaque[..4].copy_from_slice(&tag[..4]);
        // SAFETY: as above; every byte pattern is a value of a byte array.
        let corrupted: ordo_select_prepared_rules = unsafe { core::mem::transmute(opaque) };
        let c = c_actions(&actions);
        let mut chosen = usize::MAX - 1;
        // SAFETY: `c` holds `c.len()` actions whose names point into static strings.
        let status = unsafe { ordo_select_prepared(c.as_ptr(), c.len(), &corrupted, &mut chosen) };
        prop_assert_eq!(status, ordo_status::ORDO_OK);
        prop_assert!(chosen < c.len() || (c.is_empty() && chosen == usize::MAX));
        let mut out = vec![usize::MAX; MAX_ORDER];
        let mut written = 0;
        // SAFETY: as above, and `out` holds `MAX_ORDER` writable entries.
        let status = unsafe {
            ordo_select_prepared_order(
                c.as_ptr(), c.len(), &corrupted, MAX_ORDER, out.as_mut_ptr(), MAX_ORDER,
                &mut written,
            )
        };
        prop_assert_eq!(status, ordo_status::ORDO_OK);
        prop_assert_eq!(written, c.len().min(MAX_ORDER));
        let mut seen = vec![false; c.len()];
        for &index in &out[..written] {
            prop_assert!(index < c.len() && !seen[index]);
            seen[index] = true;
        }
        // (Not that the order starts at the choice: a corrupted table's stored leads, which
        // the choice reads, may disagree with its keys, which the order reads.)
    }
}

/// `ordo_select_prepare` over `table`, which must be valid.
fn prepare(table: &ordo_select_rules) -> ordo_select_prepared_rules {
    let mut prepared = core::mem::MaybeUninit::<ordo_select_prepared_rules>::uninit();
    // SAFETY: `table` is a readable table; `prepared` is writable storage of the right type.
    let status = unsafe { ordo_select_prepare(table, prepared.as_mut_ptr()) };
    assert_eq!(status, ordo_status::ORDO_OK);
    // SAFETY: `ordo_select_prepare` returned `ORDO_OK`, so it wrote every byte.
    unsafe { prepared.assume_init() }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn select_columns_over_long_mixed_inputs_is_the_seed_two_pass_min(
        table in column_table(),
        actions in long_column_actions(),
    ) {
        columns_choose_as_two_pass(&table, &actions)?;
    }

    /// The same long inputs over records, where a bucket led by one integer field alone is
    /// scanned in blocks (several blocks, lower buckets late in the input, a remainder).
    #[test]
    fn select_over_long_mixed_inputs_is_the_seed_two_pass_min(
        table in column_table(),
        actions in long_column_actions(),
    ) {
        records_choose_as_two_pass(&table, &actions)?;
    }

    /// Long inputs mostly in bucket 0 under a table whose bucket 0 is led by one integer
    /// field alone: the records' scan tests the value alone once its leader is in bucket 0.
    #[test]
    fn select_over_long_inputs_in_bucket_zero_is_the_seed_two_pass_min(
        table in int_led_table(),
        actions in long_bucket_zero_actions(),
    ) {
        records_choose_as_two_pass(&table, &actions)?;
        columns_choose_as_two_pass(&table, &actions)?;
    }
}

/// Held by the two tests that set the vector level's limit, so that each reads back its own.
static SIMD_LIMIT: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The level `limit_simd(limit)` leaves in use on this CPU: the lesser of `limit` and the
/// CPU's own.
fn expected_simd(limit: select::Simd) -> select::Simd {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    let cpu = match (
        std::is_x86_feature_detected!("avx2"),
        std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512vl"),
    ) {
        (true, true) => select::Simd::Avx512,
        (true, false) => select::Simd::Avx2,
        (false, _) => select::Simd::Portable,
    };
    #[cfg(not(all(target_arch = "x86_64", not(miri))))]
    let cpu = select::Simd::Portable;
    limit.min(cpu)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3_000))]

    /// Under every limit of the vector level (holding [`SIMD_LIMIT`], so that the level it
    /// reads back is its own), `select_columns` and the C face's
    /// `ordo_select_columnar` choose what the seed's two-pass `min` chooses: eight actions
    /// and longer inputs, the lowest bucket led by an integer column alone or not. The other
    /// tests meanwhile run under whatever limit is in force, with the same answers.
    #[test]
    fn every_simd_level_chooses_as_the_two_pass(
        limit in prop_oneof![
            Just(select::Simd::Portable),
            Just(select::Simd::Avx2),
            Just(select::Simd::Avx512),
        ],
        table in prop_oneof![int_led_table(), column_table()],
        actions in prop_oneof![
            proptest::collection::vec(action(3), 8..=8),
            long_column_actions(),
        ],
    ) {
        let _held = SIMD_LIMIT.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        prop_assert_eq!(select::limit_simd(limit), expected_simd(limit));
        prop_assert_eq!(select::simd_in_use(), expected_simd(limit));
        columns_choose_as_two_pass(&table, &actions)?;

        let (buckets, fields) = column_data(&actions);
        let c_columns = ordo_select_columns {
            buckets: buckets.as_ptr(),
            fields: core::array::from_fn(|f| fields[f].as_ptr()),
            count: actions.len(),
        };
        let expected = two_pass(&actions, |bucket, a, i| key_for(&table, bucket, a, i));
        let mut chosen = usize::MAX - 1;
        // SAFETY: the columns point to `count` values each, the table is readable, `chosen`
        // is writable.
        let status = unsafe { ordo_select_columnar(&c_columns, &c_table(&table), &mut chosen) };
        prop_assert_eq!(status, ordo_status::ORDO_OK);
        prop_assert_eq!(chosen, expected.unwrap_or(ORDO_SELECT_NONE));
    }
}

/// The C face of the limit: each `ORDO_SELECT_SIMD_*` value sets it and reads back as
/// `ordo_select_simd_in_use` does; an unknown value, and a misaligned or NULL output, change
/// nothing and write nothing.
#[test]
fn the_c_simd_limit_sets_reads_back_and_refuses_bad_input() {
    let _held = SIMD_LIMIT
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let levels = [
        (ORDO_SELECT_SIMD_PORTABLE, select::Simd::Portable),
        (ORDO_SELECT_SIMD_AVX2, select::Simd::Avx2),
        (ORDO_SELECT_SIMD_AVX512, select::Simd::Avx512),
    ];
    let code = |level: select::Simd| levels.iter().find(|(_, l)| *l == level).unwrap().0;
    for (limit, level) in levels {
        let mut in_use = u32::MAX;
        // SAFETY: `in_use` is a writable `u32`.
        let status = unsafe { ordo_select_limit_simd(limit, &mut in_use) };
        assert_eq!(status, ordo_status::ORDO_OK);
        assert_eq!(in_use, code(expected_simd(level)));
        let mut read = u32::MAX;
        // SAFETY: as above.
        assert_eq!(
            unsafe { ordo_select_simd_in_use(&mut read) },
            ordo_status::ORDO_OK
        );
        assert_eq!(read, in_use);
        // SAFETY: a NULL `in_use` is allowed here.
        let status = unsafe { ordo_select_limit_simd(limit, core::ptr::null_mut()) };
        assert_eq!(status, ordo_status::ORDO_OK);
    }
    let before = select::simd_in_use();
    for bad in [3, 4, u32::MAX] {
        let mut in_use = 7;
        // SAFETY: `in_use` is a writable `u32`.
        let status = unsafe { ordo_select_limit_simd(bad, &mut in_use) };
        assert_eq!(status, ordo_status::ORDO_ERR_INVALID_ARGUMENT);
        assert_eq!(in_use, 7);
        assert_eq!(select::simd_in_use(), before);
    }
    let mut words = [0u32; 2];
    let misaligned = words
        .as_mut_ptr()
        .cast::<u8>()
        .wrapping_add(1)
        .cast::<u32>();
    // SAFETY: the function refuses a misaligned pointer before writing through it.
    let status = unsafe { ordo_select_limit_simd(ORDO_SELECT_SIMD_PORTABLE, misaligned) };
    assert_eq!(status, ordo_status::ORDO_ERR_INVALID_ARGUMENT);
    assert_eq!(select::simd_in_use(), before);
    assert_eq!(words, [0, 0]);
    // SAFETY: NULL is refused before any write.
    let status = unsafe { ordo_select_simd_in_use(core::ptr::null_mut()) };
    assert_eq!(status, ordo_status::ORDO_ERR_NULL_POINTER);
}
