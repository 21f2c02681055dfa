//! Allocation proof: `ordo::select` and its C face allocate nothing.
//!
//! A counting global allocator counts, per thread, every allocation; each routine runs on
//! prepared inputs between two readings of the counter.

use ordo::ffi::ordo_status;
use ordo::ffi::select::{
    ORDO_SELECT_FIELDS, ordo_select, ordo_select_action, ordo_select_one_hot, ordo_select_order,
    ordo_select_preset, ordo_select_rules,
};
use ordo::select::{ActionRecord, MAX_ORDER, one_hot, order, preset, select, select_by_key};

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
}

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
            ]
        }
    });
    assert_eq!(count, 0, "the C functions");
    assert_eq!(statuses, [ordo_status::ORDO_OK; 4]);
    assert_eq!(Some(chosen), select(&records, &preset::RULES));
    assert_eq!(written, MAX_ORDER);
    assert_eq!(probabilities[chosen], 1.0);
}
