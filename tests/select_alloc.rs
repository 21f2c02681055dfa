//! Allocation proof: `ordo::select` and its C face allocate nothing.
//!
//! A counting global allocator counts, per thread, every allocation; each routine runs on
//! prepared inputs between two readings of the counter.

use ordo::ffi::ordo_status;
use ordo::ffi::select::{
    ORDO_SELECT_FIELDS, ordo_select, ordo_select_action, ordo_select_check_rules,
    ordo_select_columnar, ordo_select_columnar_one_hot, ordo_select_columnar_order,
    ordo_select_columns, ordo_select_one_hot, ordo_select_order, ordo_select_prepare,
    ordo_select_prepared, ordo_select_prepared_columnar, ordo_select_prepared_columnar_one_hot,
    ordo_select_prepared_columnar_order, ordo_select_prepared_one_hot, ordo_select_prepared_order,
    ordo_select_prepared_rules, ordo_select_preset, ordo_select_rules, ordo_select_rules_error,
    ordo_select_rules_error_kind,
};
use ordo::select::{
    ActionRecord, Columns, Field, Key, MAX_ORDER, Rules, one_hot, one_hot_columns, order,
    order_columns, preset, select, select_by_key, select_columns,
};

#[path = "support/counting_alloc.rs"]
mod counting_alloc;
use counting_alloc::allocations_during;

const NAMES: [&str; 5] = ["Scout", "Viper", "Battle Pod", "Trade Pod", "Blob Wheel"];

fn actions(n: usize) -> Vec<ActionRecord<'static>> {
    (0..n)
        .map(|i| {
            ActionRecord::new((i * 5 % 7) as u32)
                .with_field(preset::COST, (i * 3 % 8) as i64)
                .with_field(preset::DEFENSE, (i % 6) as i64)
                .with_flag(i % 4 == 0)
                .with_name(NAMES[i % NAMES.len()].as_bytes())
        })
        .collect()
}

#[test]
fn rust_routines_allocate_nothing() {
    let actions = actions(1000);
    let mut out = [0usize; MAX_ORDER];
    let mut probabilities = vec![0.0f64; actions.len()];

    let (chosen, count) = allocations_during(|| select(&actions, &preset::RULES));
    assert_eq!(count, 0, "select");
    assert!(chosen.is_some());

    let (written, count) = allocations_during(|| order(&actions, &preset::RULES, &mut out));
    assert_eq!(count, 0, "order");
    assert_eq!(written, Ok(MAX_ORDER));

    let (hot, count) = allocations_during(|| one_hot(&actions, &preset::RULES, &mut probabilities));
    assert_eq!(count, 0, "one_hot");
    assert_eq!(hot, Ok(chosen));

    let (by_key, count) =
        allocations_during(|| select_by_key(&actions, |a| a.bucket, |_, a| (a.fields[0], a.name)));
    assert_eq!(count, 0, "select_by_key");
    assert!(by_key.is_some());

    let buckets: Vec<u32> = actions.iter().map(|a| a.bucket).collect();
    let costs: Vec<i64> = actions.iter().map(|a| a.fields[preset::COST]).collect();
    let columns = Columns::new(&buckets)
        .with_field(preset::COST, &costs)
        .unwrap();
    let (by_columns, count) = allocations_during(|| select_columns(&columns, &COST_RULES));
    assert_eq!(count, 0, "select_columns");
    assert!(matches!(by_columns, Ok(Some(_))));

    let (written, count) = allocations_during(|| order_columns(&columns, &COST_RULES, &mut out));
    assert_eq!(count, 0, "order_columns");
    assert_eq!(written, Ok(MAX_ORDER));

    let (hot, count) =
        allocations_during(|| one_hot_columns(&columns, &COST_RULES, &mut probabilities));
    assert_eq!(count, 0, "one_hot_columns");
    assert_eq!(hot, by_columns);
}

/// Every bucket by cost, most expensive first: integer-only rules for the columnar entry.
const BY_COST: &[Key] = &[Key::desc(Field::Int(preset::COST as u8))];
const COST_TABLE: &[&[Key]] = &[BY_COST; 7];
const COST_RULES: Rules<'static> = match Rules::new(COST_TABLE) {
    Ok(rules) => rules,
    Err(_) => panic!("valid"),
};

#[test]
fn c_functions_allocate_nothing() {
    let records = actions(1000);
    let c_actions: Vec<ordo_select_action> = records
        .iter()
        .map(|a| {
            let mut fields = [0i64; ORDO_SELECT_FIELDS];
            fields.copy_from_slice(&a.fields);
            ordo_select_action {
                bucket: a.bucket,
                flag: u8::from(a.flag),
                fields,
                name: a.name.as_ptr().cast(),
                name_len: a.name.len(),
            }
        })
        .collect();
    let mut rules = ordo_select_rules::default();
    let mut chosen = 0usize;
    let mut out = [0usize; MAX_ORDER];
    let mut written = 0usize;
    let mut probabilities = vec![0.0f64; c_actions.len()];
    let buckets: Vec<u32> = records.iter().map(|a| a.bucket).collect();
    let costs: Vec<i64> = records.iter().map(|a| a.fields[preset::COST]).collect();
    let mut columns = ordo_select_columns {
        buckets: buckets.as_ptr(),
        fields: [core::ptr::null(); ORDO_SELECT_FIELDS],
        count: buckets.len(),
    };
    columns.fields[preset::COST] = costs.as_ptr();
    let mut cost_rules = ordo_select_rules {
        bucket_count: 1,
        ..Default::default()
    };
    cost_rules.buckets[0].key_count = 1;
    cost_rules.buckets[0].keys[0].field = preset::COST as u32;
    let mut by_columns = usize::MAX;
    let mut columns_out = [usize::MAX; MAX_ORDER];
    let mut columns_written = 0usize;
    let mut columns_hot = vec![0.5f64; buckets.len()];
    let mut broken = cost_rules;
    broken.buckets[0].keys[0].field = 99;
    let mut prepared = core::mem::MaybeUninit::<ordo_select_prepared_rules>::uninit();
    let mut by_prepared = usize::MAX;
    let mut prepared_out = [usize::MAX; MAX_ORDER];
    let mut prepared_written = 0usize;
    let mut prepared_hot = vec![0.5f64; c_actions.len()];
    let mut cost_prepared = core::mem::MaybeUninit::<ordo_select_prepared_rules>::uninit();
    let mut by_prepared_columns = usize::MAX;
    let mut prepared_columns_out = [usize::MAX; MAX_ORDER];
    let mut prepared_columns_written = 0usize;
    let mut prepared_columns_hot = vec![0.5f64; buckets.len()];
    let mut problem = ordo_select_rules_error {
        bucket: 7,
        key: 7,
        value: 7,
        kind: ordo_select_rules_error_kind::ORDO_SELECT_RULES_TOO_MANY_KEYS,
    };

    let (statuses, count) = allocations_during(|| {
        // SAFETY: every pointer comes from a live Rust value or Vec of the stated length, and
        // every name points into a `'static` string of `name_len` bytes.
        unsafe {
            [
                ordo_select_preset(&mut rules),
                ordo_select(c_actions.as_ptr(), c_actions.len(), &rules, &mut chosen),
                ordo_select_order(
                    c_actions.as_ptr(),
                    c_actions.len(),
                    &rules,
                    MAX_ORDER,
                    out.as_mut_ptr(),
                    out.len(),
                    &mut written,
                ),
                ordo_select_one_hot(
                    c_actions.as_ptr(),
                    c_actions.len(),
                    &rules,
                    probabilities.as_mut_ptr(),
                    probabilities.len(),
                ),
                ordo_select_columnar(&columns, &cost_rules, &mut by_columns),
                ordo_select_columnar_order(
                    &columns,
                    &cost_rules,
                    MAX_ORDER,
                    columns_out.as_mut_ptr(),
                    columns_out.len(),
                    &mut columns_written,
                ),
                ordo_select_columnar_one_hot(
                    &columns,
                    &cost_rules,
                    columns_hot.as_mut_ptr(),
                    columns_hot.len(),
                ),
                ordo_select_check_rules(&rules, &mut problem),
                ordo_select_check_rules(&broken, &mut problem),
                ordo_select_prepare(&rules, prepared.as_mut_ptr()),
                ordo_select_prepared(
                    c_actions.as_ptr(),
                    c_actions.len(),
                    prepared.as_ptr(),
                    &mut by_prepared,
                ),
                ordo_select_prepared_order(
                    c_actions.as_ptr(),
                    c_actions.len(),
                    prepared.as_ptr(),
                    MAX_ORDER,
                    prepared_out.as_mut_ptr(),
                    prepared_out.len(),
                    &mut prepared_written,
                ),
                ordo_select_prepared_one_hot(
                    c_actions.as_ptr(),
                    c_actions.len(),
                    prepared.as_ptr(),
                    prepared_hot.as_mut_ptr(),
                    prepared_hot.len(),
                ),
                ordo_select_prepare(&cost_rules, cost_prepared.as_mut_ptr()),
                ordo_select_prepared_columnar(
                    &columns,
                    cost_prepared.as_ptr(),
                    &mut by_prepared_columns,
                ),
                ordo_select_prepared_columnar_order(
                    &columns,
                    cost_prepared.as_ptr(),
                    MAX_ORDER,
                    prepared_columns_out.as_mut_ptr(),
                    prepared_columns_out.len(),
                    &mut prepared_columns_written,
                ),
                ordo_select_prepared_columnar_one_hot(
                    &columns,
                    cost_prepared.as_ptr(),
                    prepared_columns_hot.as_mut_ptr(),
                    prepared_columns_hot.len(),
                ),
            ]
        }
    });
    assert_eq!(count, 0, "the C functions");
    assert_eq!(statuses[..8], [ordo_status::ORDO_OK; 8]);
    assert_eq!(statuses[8], ordo_status::ORDO_ERR_INVALID_ARGUMENT);
    assert_eq!(statuses[9..], [ordo_status::ORDO_OK; 8]);
    assert_eq!(by_prepared_columns, by_columns);
    assert_eq!(prepared_columns_out, columns_out);
    assert_eq!(prepared_columns_hot, columns_hot);
    assert_eq!(by_prepared, chosen);
    assert_eq!(prepared_out, out);
    assert_eq!(prepared_hot, probabilities);
    assert_eq!((problem.bucket, problem.key, problem.value), (0, 0, 99));
    assert!(by_columns < buckets.len());
    assert_eq!(columns_written, MAX_ORDER);
    assert_eq!(columns_out[0], by_columns);
    assert_eq!(columns_hot[by_columns], 1.0);
    assert_eq!(Some(chosen), select(&records, &preset::RULES));
    assert_eq!(written, MAX_ORDER);
    assert_eq!(probabilities[chosen], 1.0);
}
