//! `ordo::select` beside its baselines, in the same run:
//! - `bare_argmin`: the first minimum of a plain `i64` array of the same length (the floor);
//! - `two_pass`: the seed's algorithm literally (find the best bucket, collect its members
//!   into a Vec, then `min` by the bucket's key);
//! - `argmin_records`: the same bare argmin, reading the key field from the same 56-byte
//!   `ActionRecord`s `ordo` reads (isolates the cost of the record layout; it ignores the
//!   buckets, so on mixed inputs it is a floor, not a choice);
//! - `ordo`: `select` with the data-driven table (integer-only rules) over `ActionRecord`s,
//!   `ordo_compact`: the same over a 16-byte caller type implementing `Action`,
//!   `ordo_by_key`: the closure API with the same keys, `ordo_by_lead` (one bucket only): the
//!   closure API with that bucket's key alone, one integer field (`ordo_by_lead_compact`:
//!   the same over the 16-byte caller type), and `ordo_columns`:
//!   `select_columns` over the same actions kept as columns (a `u32` bucket array and `i64`
//!   field arrays), with the CPU's best kernels; `ordo_columns_avx2` and
//!   `ordo_columns_portable`: the same with the kernels limited (`limit_simd`) to AVX2, as on
//!   a CPU without AVX-512 (measured only on a CPU with AVX2), and to none, as on a target
//!   without kernels.
//!
//! Workloads, n in {8, 64, 1000}: `one_bucket` (every action in one bucket, key = one integer
//! field descending: the argmin workload), `mixed` (buckets 0..4 at random, integer-only
//! rules), `mixed_varied` (the same, cycling through different inputs so that branch
//! prediction cannot learn them: as many as fit in 1 MiB, so that they stay in cache; the
//! columns' scan is learnt all the same), `mixed_fresh` (the same, a new input made for every
//! call outside the timing, as a bot's successive decisions are), `preset` (the seed's
//! table with names, buckets 0..7 at random, one repeated input) and `preset_fresh` (the
//! same, a new input for every call).
//!
//! `one_action`: each contender on a single action, the fixed cost of a call.
//!
//! `lengths` and `lengths_fresh`: the columns at each vector level and `ordo` over records
//! (`ordo_avx2`: the same limited to AVX2, the record kernels of a CPU without AVX-512;
//! `ordo_portable`: without kernels, what Arm, 32-bit and embedded targets run)
//! beside the bare argmin and the two-pass at the lengths between those, mixed buckets, one
//! repeated input and a new input for every call.
//!
//! `order`: the planner's first 8 actions (one bucket, mixed), `order` over records and
//! `order_columns` over columns, beside `sorted_prefix`, every index sorted by the total order
//! and the first 8 kept (what a planner writes without ordo).
//!
//! For the preset, `ordo_c` is the C face, `ordo_select`, over the same actions as C structs
//! (on each call it checks the C rule table, which the scan then reads in place, and every
//! action's name), and `ordo_c_prepared` the same with the table prepared once
//! (`ordo_select_prepared`: every action's name checked, the table not).
//!
//! `cargo bench --bench select -- --warm-up-time 1 --measurement-time 3`

use std::cmp::Reverse;
use std::hint::black_box;

use criterion::{BatchSize, BenchmarkId, Criterion, criterion_group, criterion_main};
use ordo::ffi::ordo_status;
use ordo::ffi::select::{
    ORDO_SELECT_NONE, ordo_select, ordo_select_action, ordo_select_prepare, ordo_select_prepared,
    ordo_select_prepared_rules, ordo_select_preset, ordo_select_rules,
};
use ordo::select::{
    Action, ActionRecord, Columns, Field, Key, Rules, Simd, limit_simd, order, order_columns,
    preset, select, select_by_key, select_columns,
};

const SIZES: [usize; 3] = [8, 64, 1000];

/// The lengths between (`select/lengths`): each of the columns' short paths, a few actions,
/// nine to sixteen, 17 to 32, and just past them.
const LENGTHS: [usize; 7] = [3, 5, 12, 16, 24, 32, 40];

/// How many actions the planner's order asks for (`select/order`).
const ORDER_CAP: usize = 8;

/// A small deterministic generator (xorshift64*), so every run sees the same data (but for the
/// fresh inputs, made as criterion asks for them, from generators of their own).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const INT_TABLE: &[&[Key]] = &[
    &[Key::desc(Field::Int(0))],
    &[Key::asc(Field::Int(1))],
    &[Key::desc(Field::Int(0)), Key::asc(Field::Int(1))],
    &[],
];
const INT_RULES: Rules<'static> = match Rules::new(INT_TABLE) {
    Ok(rules) => rules,
    Err(_) => panic!("valid"),
};

/// The seed's `key_for` for `INT_TABLE`, as tuple keys.
fn int_key(bucket: u32, a: &ActionRecord<'_>, index: usize) -> (i64, i64, usize) {
    match bucket {
        0 => (-a.fields[0], 0, 0),
        1 => (a.fields[1], 0, 0),
        2 => (-a.fields[0], a.fields[1], 0),
        _ => (0, 0, index),
    }
}

/// `INT_TABLE` as the closure API's key.
fn closure_key(&bucket: &u32, a: &ActionRecord<'_>) -> (Reverse<i64>, i64) {
    match bucket {
        0 => (Reverse(a.fields[0]), 0),
        1 => (Reverse(-a.fields[1]), 0),
        2 => (Reverse(a.fields[0]), a.fields[1]),
        _ => (Reverse(0), 0),
    }
}

/// Bucket 0's rule of `INT_TABLE` alone, as the closure API's key: with one bucket, the same
/// choice as `closure_key` without its `match` on the priority.
fn lead_key(_: &u32, a: &ActionRecord<'_>) -> Reverse<i64> {
    Reverse(a.fields[0])
}

/// The most bytes of records `mixed_varied` cycles through: they stay in the L2 cache (2 MiB a
/// core on the machine this was chosen on; the AMD EPYC of later runs has 1 MiB, which they
/// fill to about nine tenths, with the batches of fresh inputs alike). 64 inputs of 1000 records (3.5 MiB) did not, and the
/// contenders over records then measured the memory (about 3x slower), not the scan.
const VARIED_BYTES: usize = 1 << 20;

/// How many different inputs of `n` actions `mixed_varied` cycles through: as many as fit in
/// `VARIED_BYTES`, rounded down to a power of two so that the next input is found with a mask
/// (2048 at 8 actions, 256 at 64, 16 at 1000: about 16,000 actions whatever `n`). Fewer do
/// not defeat the branch predictor: with 64 inputs of 64 actions it learned the whole cycle,
/// and the closure API's scan (then a plain loop) took 36 ns, as on one repeated input,
/// against 135 ns on 256 (scratch loop).
fn varied_inputs(n: usize) -> usize {
    let fit = VARIED_BYTES / (n * size_of::<ActionRecord<'static>>());
    1 << fit.max(1).ilog2()
}

/// The seed's `_select`, literally: the best bucket, its members collected, then `min`.
fn two_pass<'n, K: Ord>(
    actions: &[ActionRecord<'n>],
    key_for: impl Fn(u32, &ActionRecord<'n>, usize) -> K,
) -> Option<usize> {
    let best = actions.iter().map(|a| a.bucket).min()?;
    let members: Vec<(usize, &ActionRecord<'n>)> = actions
        .iter()
        .enumerate()
        .filter(|(_, a)| a.bucket == best)
        .collect();
    members
        .into_iter()
        .min_by_key(|&(index, a)| key_for(best, a, index))
        .map(|(index, _)| index)
}

/// The plan a planner would write without ordo: every index sorted by the total order
/// `(bucket, key, position)` (a stable sort), then the first `cap` kept.
fn sorted_prefix(actions: &[ActionRecord<'_>], cap: usize) -> Vec<usize> {
    let mut indices: Vec<usize> = (0..actions.len()).collect();
    indices.sort_by_key(|&i| {
        (
            actions[i].bucket,
            int_key(actions[i].bucket, &actions[i], i),
        )
    });
    indices.truncate(cap);
    indices
}

/// A caller's own compact action type: a bucket and one score (16 bytes).
#[derive(Clone, Copy)]
struct Compact {
    bucket: u32,
    score: i64,
}

impl Action for Compact {
    fn bucket(&self) -> u32 {
        self.bucket
    }
    fn int(&self, _index: usize) -> i64 {
        self.score
    }
}

/// The actions as columns: buckets, field 0 and field 1 (what `INT_TABLE` reads).
struct ColumnData {
    buckets: Vec<u32>,
    fields: [Vec<i64>; 2],
}

impl ColumnData {
    fn of(actions: &[ActionRecord<'_>]) -> ColumnData {
        ColumnData {
            buckets: actions.iter().map(|a| a.bucket).collect(),
            fields: [0, 1].map(|f| actions.iter().map(|a| a.fields[f]).collect()),
        }
    }

    fn columns(&self) -> Columns<'_> {
        let [zero, one] = &self.fields;
        Columns::new(&self.buckets)
            .with_field(0, zero)
            .and_then(|c| c.with_field(1, one))
            .expect("equal lengths")
    }
}

/// A columns call's answer read as a caller's `match` reads it, field by field. The `Result`
/// comes back in memory, and `black_box` of the whole value copies it with one 16-byte load,
/// which the CPU cannot forward from the two 8-byte stores that wrote it: the load waits for
/// them to reach the cache (a scratch loop on the model-207 Xeon, 8 actions: 9.38 ns a call
/// read whole, 6.02 read this way, the bare argmin 4.18). `select`'s `Option` comes back in
/// registers and pays no such wait.
#[inline(always)]
fn answer<E>(result: Result<Option<usize>, E>) -> Option<usize> {
    result.ok().flatten()
}

/// The vector levels measured beside the CPU's best (`ordo_columns`): AVX2 alone, as on a CPU
/// without AVX-512 (when this CPU has AVX2), and the portable scans, as on a target without
/// kernels. Each bench sets its limit while it runs and lifts it after.
fn limited_levels() -> Vec<(&'static str, Simd)> {
    let levels = [
        ("ordo_columns_avx2", Simd::Avx2),
        ("ordo_columns_portable", Simd::Portable),
    ];
    let reachable = levels
        .into_iter()
        .filter(|&(_, level)| limit_simd(level) == level)
        .collect();
    limit_simd(Simd::Avx512);
    reachable
}

/// Whether the CPU has AVX2, so that a row limited to it measures its kernels.
fn reaches_avx2() -> bool {
    limited_levels()
        .iter()
        .any(|&(_, level)| level == Simd::Avx2)
}

/// `body` with the vector kernels limited to `level`; the limit is lifted after.
fn limited<T>(level: Simd, body: impl FnOnce() -> T) -> T {
    limit_simd(level);
    let out = body();
    limit_simd(Simd::Avx512);
    out
}

/// A bare argmin over the records' key field (field 0, descending, as the rule reads it).
fn argmin_records(actions: &[ActionRecord<'_>]) -> Option<usize> {
    let (first, rest) = actions.split_first()?;
    let mut best = 0;
    let mut best_value = -first.fields[0];
    for (offset, action) in rest.iter().enumerate() {
        let value = -action.fields[0];
        if value < best_value {
            best_value = value;
            best = offset + 1;
        }
    }
    Some(best)
}

/// The first minimum of a plain integer array.
fn bare_argmin(values: &[i64]) -> Option<usize> {
    let (&first, rest) = values.split_first()?;
    let mut best = 0;
    let mut best_value = first;
    for (offset, &value) in rest.iter().enumerate() {
        if value < best_value {
            best_value = value;
            best = offset + 1;
        }
    }
    Some(best)
}

const NAMES: [&str; 8] = [
    "Scout",
    "Viper",
    "Battle Pod",
    "Trade Pod",
    "Blob Wheel",
    "Cutter",
    "Explorer",
    "Battle Blob",
];

fn actions(n: usize, buckets: u64, rng: &mut Rng) -> Vec<ActionRecord<'static>> {
    (0..n)
        .map(|_| {
            ActionRecord::new(rng.below(buckets) as u32)
                .with_field(0, rng.below(1000) as i64 - 500)
                .with_field(1, rng.below(1000) as i64 - 500)
                .with_flag(rng.below(2) == 1)
                .with_name(NAMES[rng.below(NAMES.len() as u64) as usize].as_bytes())
        })
        .collect()
}

/// The seed's `_KEY_FOR` over the preset's fields, as one tuple type (a bucket leaves the
/// components it does not use constant): (not outpost, a negated field, another, name,
/// name descending, index).
type SeedKey<'a> = (bool, i64, i64, &'a [u8], Reverse<&'a [u8]>, usize);

fn seed_key<'a>(category: u32, a: &ActionRecord<'a>, index: usize) -> SeedKey<'a> {
    let cost = a.fields[preset::COST];
    let defense = a.fields[preset::DEFENSE];
    let none: &[u8] = &[];
    match category {
        0 => (false, 0, 0, a.name, Reverse(none), index),
        1 => (false, -cost, 0, a.name, Reverse(none), 0),
        2 | 3 => (false, 0, 0, a.name, Reverse(none), 0),
        4 => (!a.flag, -defense, -cost, none, Reverse(a.name), 0),
        _ => (false, 0, 0, none, Reverse(none), index),
    }
}

fn bench_select(c: &mut Criterion) {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for (workload, buckets) in [("one_bucket", 1u64), ("mixed", 4)] {
        let mut group = c.benchmark_group(format!("select/{workload}"));
        for n in SIZES {
            let actions = actions(n, buckets, &mut rng);
            // The argmin floor sees the same key the rule reads: field 0, descending.
            let values: Vec<i64> = actions.iter().map(|a| -a.fields[0]).collect();
            assert_eq!(
                select(&actions, &INT_RULES),
                two_pass(&actions, int_key),
                "ordo and the literal version agree"
            );
            let compact: Vec<Compact> = actions
                .iter()
                .map(|a| Compact {
                    bucket: a.bucket,
                    score: a.fields[0],
                })
                .collect();
            let data = ColumnData::of(&actions);
            let columns = data.columns();
            assert_eq!(
                select_columns(&columns, &INT_RULES),
                Ok(select(&actions, &INT_RULES))
            );
            group.bench_with_input(BenchmarkId::new("ordo_columns", n), &columns, |b, c| {
                b.iter(|| answer(select_columns(black_box(c), &INT_RULES)))
            });
            for (name, level) in limited_levels() {
                group.bench_with_input(BenchmarkId::new(name, n), &columns, |b, c| {
                    limited(level, || {
                        b.iter(|| answer(select_columns(black_box(c), &INT_RULES)))
                    })
                });
            }
            assert_eq!(argmin_records(&actions), bare_argmin(&values));
            group.bench_with_input(BenchmarkId::new("argmin_records", n), &actions, |b, a| {
                b.iter(|| argmin_records(black_box(a)))
            });
            if buckets == 1 {
                assert_eq!(select(&actions, &INT_RULES), bare_argmin(&values));
                assert_eq!(select(&compact, &INT_RULES), bare_argmin(&values));
                group.bench_with_input(BenchmarkId::new("ordo_compact", n), &compact, |b, a| {
                    b.iter(|| select(black_box(a), &INT_RULES))
                });
                assert_eq!(
                    select_by_key(&actions, |a| a.bucket, lead_key),
                    bare_argmin(&values)
                );
                group.bench_with_input(BenchmarkId::new("ordo_by_lead", n), &actions, |b, a| {
                    b.iter(|| select_by_key(black_box(a), |a| a.bucket, lead_key))
                });
                let compact_lead = |_: &u32, a: &Compact| Reverse(a.score);
                assert_eq!(
                    select_by_key(&compact, |a| a.bucket, compact_lead),
                    bare_argmin(&values)
                );
                group.bench_with_input(
                    BenchmarkId::new("ordo_by_lead_compact", n),
                    &compact,
                    |b, a| b.iter(|| select_by_key(black_box(a), |a| a.bucket, compact_lead)),
                );
            }
            group.bench_with_input(BenchmarkId::new("bare_argmin", n), &values, |b, v| {
                b.iter(|| bare_argmin(black_box(v)))
            });
            group.bench_with_input(BenchmarkId::new("ordo", n), &actions, |b, a| {
                b.iter(|| select(black_box(a), &INT_RULES))
            });
            group.bench_with_input(BenchmarkId::new("ordo_by_key", n), &actions, |b, a| {
                b.iter(|| select_by_key(black_box(a), |a| a.bucket, closure_key))
            });
            group.bench_with_input(BenchmarkId::new("two_pass", n), &actions, |b, a| {
                b.iter(|| two_pass(black_box(a), int_key))
            });
        }
        group.finish();
    }

    // Varied inputs: each iteration takes the next of several different inputs, so the branch
    // predictor cannot learn one input (fixed inputs flatter every branchy contender).
    let mut group = c.benchmark_group("select/mixed_varied");
    for n in SIZES {
        let count = varied_inputs(n);
        let inputs: Vec<Vec<ActionRecord<'static>>> =
            (0..count).map(|_| actions(n, 4, &mut rng)).collect();
        let arrays: Vec<Vec<i64>> = inputs
            .iter()
            .map(|set| set.iter().map(|a| -a.fields[0]).collect())
            .collect();
        let data: Vec<ColumnData> = inputs.iter().map(|set| ColumnData::of(set)).collect();
        let columns: Vec<Columns<'_>> = data.iter().map(ColumnData::columns).collect();
        for (set, columns) in inputs.iter().zip(&columns) {
            assert_eq!(select(set, &INT_RULES), two_pass(set, int_key));
            assert_eq!(
                select_columns(columns, &INT_RULES),
                Ok(select(set, &INT_RULES))
            );
            assert_eq!(
                select_by_key(set, |a| a.bucket, closure_key),
                select(set, &INT_RULES)
            );
        }
        let mut next = 0usize;
        group.bench_function(BenchmarkId::new("bare_argmin", n), |b| {
            b.iter(|| {
                next = (next + 1) & (count - 1);
                bare_argmin(black_box(&arrays[next]))
            })
        });
        group.bench_function(BenchmarkId::new("argmin_records", n), |b| {
            b.iter(|| {
                next = (next + 1) & (count - 1);
                argmin_records(black_box(&inputs[next]))
            })
        });
        group.bench_function(BenchmarkId::new("ordo", n), |b| {
            b.iter(|| {
                next = (next + 1) & (count - 1);
                select(black_box(&inputs[next]), &INT_RULES)
            })
        });
        group.bench_function(BenchmarkId::new("ordo_by_key", n), |b| {
            b.iter(|| {
                next = (next + 1) & (count - 1);
                select_by_key(black_box(&inputs[next]), |a| a.bucket, closure_key)
            })
        });
        group.bench_function(BenchmarkId::new("ordo_columns", n), |b| {
            b.iter(|| {
                next = (next + 1) & (count - 1);
                answer(select_columns(black_box(&columns[next]), &INT_RULES))
            })
        });
        for (name, level) in limited_levels() {
            group.bench_function(BenchmarkId::new(name, n), |b| {
                limited(level, || {
                    b.iter(|| {
                        next = (next + 1) & (count - 1);
                        answer(select_columns(black_box(&columns[next]), &INT_RULES))
                    })
                })
            });
        }
        group.bench_function(BenchmarkId::new("two_pass", n), |b| {
            b.iter(|| {
                next = (next + 1) & (count - 1);
                two_pass(black_box(&inputs[next]), int_key)
            })
        });
    }
    group.finish();

    // Fresh inputs: every call sees an input made for it (outside the timing), which no
    // branch predictor can have learnt. `mixed_varied`'s cycle is learnt for the columns' scan
    // on the development machine: 2048 inputs of 64 actions in a scratch loop measure as one
    // repeated input does (49 ns), 4096 inputs 137 ns.
    // Their own generator: how many inputs criterion asks for varies from run to run (and
    // with the filter), and the inputs of the groups after this one must not.
    let mut fresh_rng = Rng(rng.next());
    let mut group = c.benchmark_group("select/mixed_fresh");
    for n in SIZES {
        let batch = BatchSize::NumIterations(varied_inputs(n) as u64);
        let mut fresh = || actions(n, 4, &mut fresh_rng);
        let probe = fresh();
        assert_eq!(select(&probe, &INT_RULES), two_pass(&probe, int_key));
        group.bench_function(BenchmarkId::new("bare_argmin", n), |b| {
            b.iter_batched_ref(
                || fresh().iter().map(|a| -a.fields[0]).collect::<Vec<i64>>(),
                |values| bare_argmin(values),
                batch,
            )
        });
        // The floor over the records' layout: the same bare argmin, reading its values from
        // the 56-byte records `ordo` reads.
        group.bench_function(BenchmarkId::new("argmin_records", n), |b| {
            b.iter_batched_ref(&mut fresh, |set| argmin_records(set), batch)
        });
        group.bench_function(BenchmarkId::new("ordo", n), |b| {
            b.iter_batched_ref(&mut fresh, |set| select(set, &INT_RULES), batch)
        });
        group.bench_function(BenchmarkId::new("ordo_by_key", n), |b| {
            b.iter_batched_ref(
                &mut fresh,
                |set| select_by_key(set, |a| a.bucket, closure_key),
                batch,
            )
        });
        // The columns are built in the call, as a caller building them per decision does.
        group.bench_function(BenchmarkId::new("ordo_columns", n), |b| {
            b.iter_batched_ref(
                || ColumnData::of(&fresh()),
                |data| answer(select_columns(&data.columns(), &INT_RULES)),
                batch,
            )
        });
        for (name, level) in limited_levels() {
            group.bench_function(BenchmarkId::new(name, n), |b| {
                limited(level, || {
                    b.iter_batched_ref(
                        || ColumnData::of(&fresh()),
                        |data| answer(select_columns(&data.columns(), &INT_RULES)),
                        batch,
                    )
                })
            });
        }
        group.bench_function(BenchmarkId::new("two_pass", n), |b| {
            b.iter_batched_ref(&mut fresh, |set| two_pass(set, int_key), batch)
        });
    }
    group.finish();

    let mut group = c.benchmark_group("select/preset");
    for n in SIZES {
        let actions = actions(n, 7, &mut rng);
        assert_eq!(
            select(&actions, &preset::RULES),
            two_pass(&actions, seed_key)
        );
        group.bench_with_input(BenchmarkId::new("ordo", n), &actions, |b, a| {
            b.iter(|| select(black_box(a), &preset::RULES))
        });
        group.bench_with_input(BenchmarkId::new("two_pass", n), &actions, |b, a| {
            b.iter(|| two_pass(black_box(a), seed_key))
        });
        let c_actions: Vec<ordo_select_action> = actions.iter().map(c_action).collect();
        let mut c_rules = ordo_select_rules::default();
        // SAFETY: `c_rules` is a live, exclusively borrowed table.
        let status = unsafe { ordo_select_preset(&mut c_rules) };
        assert_eq!(status, ordo_status::ORDO_OK);
        assert_eq!(
            c_select(&c_actions, &c_rules),
            select(&actions, &preset::RULES).unwrap_or(ORDO_SELECT_NONE)
        );
        group.bench_with_input(BenchmarkId::new("ordo_c", n), &c_actions, |b, a| {
            b.iter(|| c_select(black_box(a), &c_rules))
        });
        let prepared = c_prepare(&c_rules);
        assert_eq!(
            c_select_prepared(&c_actions, &prepared),
            c_select(&c_actions, &c_rules)
        );
        group.bench_with_input(
            BenchmarkId::new("ordo_c_prepared", n),
            &c_actions,
            |b, a| b.iter(|| c_select_prepared(black_box(a), &prepared)),
        );
    }
    group.finish();

    // The preset on fresh inputs, as `mixed_fresh`: whether the lowest bucket has another
    // member among eight actions (about one input in two over seven buckets) is then a
    // branch no predictor has learnt. A generator seeded apart, so that the inputs of the
    // groups after this one stay what they were.
    let mut fresh_rng = Rng(0x5eed_f7e5_4b1e_c7a1);
    let mut c_rules = ordo_select_rules::default();
    // SAFETY: `c_rules` is a live, exclusively borrowed table.
    let status = unsafe { ordo_select_preset(&mut c_rules) };
    assert_eq!(status, ordo_status::ORDO_OK);
    let prepared = c_prepare(&c_rules);
    let mut group = c.benchmark_group("select/preset_fresh");
    for n in SIZES {
        let batch = BatchSize::NumIterations(varied_inputs(n) as u64);
        let mut fresh = || actions(n, 7, &mut fresh_rng);
        let probe = fresh();
        assert_eq!(select(&probe, &preset::RULES), two_pass(&probe, seed_key));
        group.bench_function(BenchmarkId::new("ordo", n), |b| {
            b.iter_batched_ref(&mut fresh, |set| select(set, &preset::RULES), batch)
        });
        group.bench_function(BenchmarkId::new("ordo_c", n), |b| {
            b.iter_batched_ref(
                || fresh().iter().map(c_action).collect::<Vec<_>>(),
                |set| c_select(set, &c_rules),
                batch,
            )
        });
        group.bench_function(BenchmarkId::new("ordo_c_prepared", n), |b| {
            b.iter_batched_ref(
                || fresh().iter().map(c_action).collect::<Vec<_>>(),
                |set| c_select_prepared(set, &prepared),
                batch,
            )
        });
        group.bench_function(BenchmarkId::new("two_pass", n), |b| {
            b.iter_batched_ref(&mut fresh, |set| two_pass(set, seed_key), batch)
        });
    }
    group.finish();

    // The planner's order: the first `ORDER_CAP` actions of the total order.
    for (workload, buckets) in [("one_bucket", 1u64), ("mixed", 4)] {
        let mut group = c.benchmark_group(format!("select/order/{workload}"));
        for n in SIZES {
            let actions = actions(n, buckets, &mut rng);
            let data = ColumnData::of(&actions);
            let columns = data.columns();
            let expected = sorted_prefix(&actions, ORDER_CAP);
            let mut plan = [0usize; ORDER_CAP];
            let written = order(&actions, &INT_RULES, &mut plan).expect("cap within MAX_ORDER");
            assert_eq!(plan[..written], expected[..], "ordo and the sort agree");
            let written = order_columns(&columns, &INT_RULES, &mut plan).expect("columns present");
            assert_eq!(plan[..written], expected[..], "columns and the sort agree");
            group.bench_with_input(BenchmarkId::new("ordo", n), &actions, |b, a| {
                b.iter(|| order(black_box(a), &INT_RULES, &mut plan))
            });
            group.bench_with_input(BenchmarkId::new("ordo_columns", n), &columns, |b, c| {
                b.iter(|| order_columns(black_box(c), &INT_RULES, &mut plan).ok())
            });
            group.bench_with_input(BenchmarkId::new("sorted_prefix", n), &actions, |b, a| {
                b.iter(|| sorted_prefix(black_box(a), ORDER_CAP))
            });
        }
        group.finish();
    }

    // The order on fresh mixed inputs, as a planner's successive decisions see them: the
    // repeated inputs above let the predictor learn the buffer's insertions.
    let mut fresh_rng = Rng(rng.next());
    let mut group = c.benchmark_group("select/order/mixed_fresh");
    for n in SIZES {
        let batch = BatchSize::NumIterations(varied_inputs(n) as u64);
        let mut fresh = || actions(n, 4, &mut fresh_rng);
        let probe = fresh();
        let mut plan = [0usize; ORDER_CAP];
        let written = order(&probe, &INT_RULES, &mut plan).expect("cap within MAX_ORDER");
        assert_eq!(plan[..written], sorted_prefix(&probe, ORDER_CAP)[..]);
        group.bench_function(BenchmarkId::new("ordo", n), |b| {
            b.iter_batched_ref(&mut fresh, |set| order(set, &INT_RULES, &mut plan), batch)
        });
        // The columns are built in the call, as for `select_columns` on fresh inputs.
        group.bench_function(BenchmarkId::new("ordo_columns", n), |b| {
            b.iter_batched_ref(
                || ColumnData::of(&fresh()),
                |data| order_columns(&data.columns(), &INT_RULES, &mut plan).ok(),
                batch,
            )
        });
        group.bench_function(BenchmarkId::new("sorted_prefix", n), |b| {
            b.iter_batched_ref(&mut fresh, |set| sorted_prefix(set, ORDER_CAP), batch)
        });
    }
    group.finish();

    // One action: what a call costs before it compares anything, the floor under the
    // figures at 8 actions.
    let mut group = c.benchmark_group("select/one_action");
    let single = actions(1, 1, &mut rng);
    let values: Vec<i64> = single.iter().map(|a| -a.fields[0]).collect();
    let data = ColumnData::of(&single);
    let columns = data.columns();
    assert_eq!(select_columns(&columns, &INT_RULES), Ok(Some(0)));
    group.bench_with_input(BenchmarkId::new("ordo_columns", 1), &columns, |b, c| {
        b.iter(|| answer(select_columns(black_box(c), &INT_RULES)))
    });
    group.bench_with_input(BenchmarkId::new("ordo", 1), &single, |b, a| {
        b.iter(|| select(black_box(a), &INT_RULES))
    });
    group.bench_with_input(BenchmarkId::new("ordo_by_key", 1), &single, |b, a| {
        b.iter(|| select_by_key(black_box(a), |a| a.bucket, closure_key))
    });
    group.bench_with_input(BenchmarkId::new("bare_argmin", 1), &values, |b, v| {
        b.iter(|| bare_argmin(black_box(v)))
    });
    group.finish();
    // The lengths between the workloads' sizes (`select/lengths`, `select/lengths_fresh`):
    // mixed buckets, one repeated input and a new input for every call, the columns at each
    // vector level beside the bare argmin and the two-pass, for a bot's other usual handfuls.
    let mut group = c.benchmark_group("select/lengths");
    for n in LENGTHS {
        let actions = actions(n, 4, &mut rng);
        let values: Vec<i64> = actions.iter().map(|a| -a.fields[0]).collect();
        let data = ColumnData::of(&actions);
        let columns = data.columns();
        assert_eq!(
            select_columns(&columns, &INT_RULES),
            Ok(two_pass(&actions, int_key))
        );
        group.bench_with_input(BenchmarkId::new("ordo_columns", n), &columns, |b, c| {
            b.iter(|| answer(select_columns(black_box(c), &INT_RULES)))
        });
        for (name, level) in limited_levels() {
            group.bench_with_input(BenchmarkId::new(name, n), &columns, |b, c| {
                limited(level, || {
                    b.iter(|| answer(select_columns(black_box(c), &INT_RULES)))
                })
            });
        }
        group.bench_with_input(BenchmarkId::new("ordo", n), &actions, |b, a| {
            b.iter(|| select(black_box(a), &INT_RULES))
        });
        if reaches_avx2() {
            group.bench_with_input(BenchmarkId::new("ordo_avx2", n), &actions, |b, a| {
                limited(Simd::Avx2, || b.iter(|| select(black_box(a), &INT_RULES)))
            });
        }
        group.bench_with_input(BenchmarkId::new("ordo_portable", n), &actions, |b, a| {
            limited(Simd::Portable, || {
                b.iter(|| select(black_box(a), &INT_RULES))
            })
        });
        group.bench_with_input(BenchmarkId::new("bare_argmin", n), &values, |b, v| {
            b.iter(|| bare_argmin(black_box(v)))
        });
        group.bench_with_input(BenchmarkId::new("two_pass", n), &actions, |b, a| {
            b.iter(|| two_pass(black_box(a), int_key))
        });
    }
    group.finish();
    let mut fresh_rng = Rng(rng.next());
    let mut group = c.benchmark_group("select/lengths_fresh");
    for n in LENGTHS {
        let batch = BatchSize::NumIterations(varied_inputs(n) as u64);
        let mut fresh = || actions(n, 4, &mut fresh_rng);
        group.bench_function(BenchmarkId::new("ordo_columns", n), |b| {
            b.iter_batched_ref(
                || ColumnData::of(&fresh()),
                |data| answer(select_columns(&data.columns(), &INT_RULES)),
                batch,
            )
        });
        for (name, level) in limited_levels() {
            group.bench_function(BenchmarkId::new(name, n), |b| {
                limited(level, || {
                    b.iter_batched_ref(
                        || ColumnData::of(&fresh()),
                        |data| answer(select_columns(&data.columns(), &INT_RULES)),
                        batch,
                    )
                })
            });
        }
        group.bench_function(BenchmarkId::new("ordo", n), |b| {
            b.iter_batched_ref(&mut fresh, |set| select(set, &INT_RULES), batch)
        });
        if reaches_avx2() {
            group.bench_function(BenchmarkId::new("ordo_avx2", n), |b| {
                limited(Simd::Avx2, || {
                    b.iter_batched_ref(&mut fresh, |set| select(set, &INT_RULES), batch)
                })
            });
        }
        group.bench_function(BenchmarkId::new("ordo_portable", n), |b| {
            limited(Simd::Portable, || {
                b.iter_batched_ref(&mut fresh, |set| select(set, &INT_RULES), batch)
            })
        });
        group.bench_function(BenchmarkId::new("bare_argmin", n), |b| {
            b.iter_batched_ref(
                || fresh().iter().map(|a| -a.fields[0]).collect::<Vec<i64>>(),
                |values| bare_argmin(values),
                batch,
            )
        });
        group.bench_function(BenchmarkId::new("two_pass", n), |b| {
            b.iter_batched_ref(&mut fresh, |set| two_pass(set, int_key), batch)
        });
    }
    group.finish();
}

/// An action as a C caller passes it to `ordo_select`.
fn c_action(action: &ActionRecord<'_>) -> ordo_select_action {
    ordo_select_action {
        bucket: action.bucket,
        flag: u8::from(action.flag),
        fields: action.fields,
        name: action.name.as_ptr().cast(),
        name_len: action.name.len(),
    }
}

/// The C face, `ordo_select`, called as a C caller calls it.
fn c_select(actions: &[ordo_select_action], rules: &ordo_select_rules) -> usize {
    let mut chosen = 0;
    // SAFETY: `actions` points to `actions.len()` live actions whose names point to
    // `name_len` bytes of `'static` strings; `rules` and `chosen` are live for the call.
    let status = unsafe { ordo_select(actions.as_ptr(), actions.len(), rules, &mut chosen) };
    assert_eq!(status, ordo_status::ORDO_OK);
    chosen
}

/// `ordo_select_prepare` over a valid table.
fn c_prepare(rules: &ordo_select_rules) -> ordo_select_prepared_rules {
    let mut prepared = std::mem::MaybeUninit::<ordo_select_prepared_rules>::uninit();
    // SAFETY: `rules` is a live table; `prepared` is writable storage of the right type.
    let status = unsafe { ordo_select_prepare(rules, prepared.as_mut_ptr()) };
    assert_eq!(status, ordo_status::ORDO_OK);
    // SAFETY: `ordo_select_prepare` returned `ORDO_OK`, so it wrote every byte.
    unsafe { prepared.assume_init() }
}

/// The C face with a prepared table, `ordo_select_prepared`, called as a C caller calls it.
fn c_select_prepared(
    actions: &[ordo_select_action],
    prepared: &ordo_select_prepared_rules,
) -> usize {
    let mut chosen = 0;
    // SAFETY: as in `c_select`, with `prepared` written by `ordo_select_prepare`.
    let status =
        unsafe { ordo_select_prepared(actions.as_ptr(), actions.len(), prepared, &mut chosen) };
    assert_eq!(status, ordo_status::ORDO_OK);
    chosen
}

criterion_group!(benches, bench_select);
criterion_main!(benches);
