//! [`select_columns`](super::select_columns) in AVX-512 vectors (AVX-512F and VL), for
//! actions whose lowest bucket is led by an integer column alone: the same index as
//! the portable scans. (From 33 to 511 actions on a CPU that runs AVX-512 on 256-bit halves,
//! AMD Zen 4, `ffi::cpu` runs the [`avx2`](super::avx2) pass instead, faster there.)
//!
//! Exactly eight actions are one register of buckets and one of values: the buckets' `min`,
//! the members as a mask, a masked `min` of their keys, a masked compare for the first member
//! holding it. One to seven are the same over one register of each loaded masked (its lanes
//! past the last action never members); nine to sixteen over two registers of each, the first
//! eight actions and the last eight (overlapping below sixteen); 17 to 32 over four, the first
//! sixteen and the last sixteen (overlapping below 32). More take three passes over
//! the columns:
//! 1. the lowest bucket, and whether every action is in it ([`avx2`](super::avx2)'s `min`);
//! 2. the preferred value among its members: eight actions a vector, each vector's members
//!    (a mask from comparing eight buckets with the lowest) folded into one of two running
//!    vectors by a masked `min` (a masked `max` when descending), with no branch on any
//!    action; then the lanes reduced;
//! 3. the first member holding that value: eight actions a vector, a masked compare, stopping
//!    at the first vector with a hit.
//!
//! AVX2 has no 64-bit `min` and no mask registers, so its kernel keeps a position beside each
//! lane's best value, a compare and two blends a quad; here a vector of eight costs a compare
//! of buckets and one masked `min`, and the position is found afterwards. Any other lead goes
//! to the portable scan ([`scan_other`]).
//!
//! [`select`](super::select) over three to 64 actions of any [`Action`] type (records: the
//! crate's `ActionRecord`, a caller's own) runs the eight-action form, its lanes filled action
//! by action: over eight ([`select_eight_actions`]), three to seven as eight with the last one
//! repeated ([`select_few_actions`]), or over the first eight and the last eight, the first
//! sixteen and the last sixteen, or the first 32 and the last 32
//! ([`select_head_and_tail_actions`]; 33 to 64 only here, where the 16 registers of their
//! lanes fit in the 32 the ISA has, and not when the first eight are all in bucket 0); any
//! other lead goes to the general scan ([`select_scan`]).
//!
//! Each function here is safe but compiled for AVX-512 (`#[target_feature]`): calling one from
//! code that is not needs a CPU with it, so `ffi::cpu`, which holds the crate's `unsafe`,
//! detects it once and is the only such caller, and also reads the columns into vectors.

use core::arch::x86_64::{
    __m128i, __m256i, __m512i, __mmask8, _mm_cvtsi128_si32, _mm_setzero_si128,
    _mm256_broadcastd_epi32, _mm256_cmpeq_epi32_mask, _mm256_mask_cmpeq_epi32_mask,
    _mm256_min_epu32, _mm256_set1_epi32, _mm512_mask_cmpeq_epi64_mask, _mm512_mask_max_epi64,
    _mm512_mask_min_epi64, _mm512_mask_reduce_min_epi64, _mm512_max_epi64, _mm512_min_epi64,
    _mm512_reduce_max_epi64, _mm512_reduce_min_epi64, _mm512_set1_epi64, _mm512_setr_epi64,
    _mm512_xor_si512,
};

use super::avx2::{
    HeadAndTail, buckets_of, first_eights, head_and_tail, last_eights, lead_of, lowest_bucket,
    lowest_lane,
};
use super::columns::scan_other;
use super::{Action, Columns, HEAD, KeyTable, last_repeated, select_scan};
use crate::ffi::cpu::{load_i64x8, load_i64x8_partial, load_u32x8, load_u32x8_partial};

/// What [`select_columns`](super::select_columns) returns over exactly [`HEAD`] actions.
#[target_feature(enable = "avx2,avx512f,avx512vl")]
pub(crate) fn select_eight<T: KeyTable + ?Sized>(
    buckets: &[u32; HEAD],
    columns: &Columns<'_>,
    rules: &T,
) -> usize {
    match least_member_of_eight(buckets, columns, rules) {
        Some(chosen) => chosen,
        None => scan_other(columns, rules),
    }
}

/// Over exactly [`HEAD`] actions: the lowest bucket (a `min` over one register), its members
/// (a mask), the least of their keys (a value, its bits inverted when descending; a masked
/// `min` over one register), then the first member holding it. `None` when the lowest bucket
/// is not led by an integer column alone.
#[target_feature(enable = "avx2,avx512f,avx512vl")]
#[inline]
pub(crate) fn least_member_of_eight<T: KeyTable + ?Sized>(
    buckets: &[u32; HEAD],
    columns: &Columns<'_>,
    rules: &T,
) -> Option<usize> {
    let values = |column| Some(load_i64x8(columns.field(column)?.first_chunk::<HEAD>()?));
    let buckets = load_u32x8(buckets);
    least_member_of_lanes(buckets, lowest_lane(buckets), values, rules)
}

/// What [`select`](super::select) returns over exactly [`HEAD`] actions of any [`Action`]
/// type when some bucket is led by an integer field alone ([`KeyTable::int_led`]).
#[target_feature(enable = "avx2,avx512f,avx512vl")]
pub(crate) fn select_eight_actions<A: Action, T: KeyTable + ?Sized>(
    head: &[A; HEAD],
    rules: &T,
) -> usize {
    match least_member_of_eight_actions(head, rules) {
        Some(chosen) => chosen,
        None => select_scan(head, rules).unwrap_or(0),
    }
}

/// [`least_member_of_eight`] over eight actions of any [`Action`] type: their buckets and
/// their lead's values read one by one into the lanes (records: each action's fields are
/// apart by its size, so no load reads eight of them, and a gather at that stride measured
/// slower than these reads, docs/select.md).
#[target_feature(enable = "avx2,avx512f,avx512vl")]
#[inline]
pub(crate) fn least_member_of_eight_actions<A: Action, T: KeyTable + ?Sized>(
    head: &[A; HEAD],
    rules: &T,
) -> Option<usize> {
    least_member_of_eight_read(|at| &head[at], rules)
}

/// What [`select`](super::select) returns over three to seven actions of any [`Action`] type
/// when some bucket is led by an integer field alone ([`KeyTable::int_led`]) (one or two: the
/// general scan).
#[target_feature(enable = "avx2,avx512f,avx512vl")]
pub(crate) fn select_few_actions<A: Action, T: KeyTable + ?Sized>(
    actions: &[A],
    rules: &T,
) -> Option<usize> {
    match least_member_of_few_actions(actions, rules) {
        Some(chosen) => Some(chosen),
        None => select_scan(actions, rules),
    }
}

/// [`least_member_of_eight_actions`] over one to seven actions, read as eight with the last
/// one repeated ([`last_repeated`]). `None` for no actions.
#[target_feature(enable = "avx2,avx512f,avx512vl")]
#[inline]
pub(crate) fn least_member_of_few_actions<A: Action, T: KeyTable + ?Sized>(
    actions: &[A],
    rules: &T,
) -> Option<usize> {
    let (last, action) = last_repeated(actions)?;
    Some(least_member_of_eight_read(action, rules)?.min(last))
}

/// [`least_member_of_eight_actions`] over the eight actions `action(0..HEAD)`. Each caller
/// passes a closure of its own, so that each compiles to a function called once, which the
/// compiler inlines (`#[inline(always)]` is not allowed with `#[target_feature]`).
#[target_feature(enable = "avx2,avx512f,avx512vl")]
#[inline]
fn least_member_of_eight_read<'a, A: Action + 'a, T: KeyTable + ?Sized>(
    action: impl Fn(usize) -> &'a A,
    rules: &T,
) -> Option<usize> {
    let eight = [
        action(0),
        action(1),
        action(2),
        action(3),
        action(4),
        action(5),
        action(6),
        action(7),
    ];
    let (first, buckets) = buckets_of(eight);
    let values = |column| Some(values_of(eight, column));
    // A first action in bucket 0 settles the lowest bucket by a predicted branch, as in the
    // portable trees, so that the lead and its values are read without waiting for the `min`.
    match first {
        0 => least_member_of_lanes(buckets, _mm_setzero_si128(), values, rules),
        _ => least_member_of_lanes(buckets, lowest_lane(buckets), values, rules),
    }
}

/// What [`select`](super::select) returns over more than `HEAD * EIGHTS` actions of any
/// [`Action`] type and up to twice as many, when some bucket is led by an integer field alone
/// ([`KeyTable::int_led`]).
#[target_feature(enable = "avx2,avx512f,avx512vl")]
pub(crate) fn select_head_and_tail_actions<const EIGHTS: usize, A: Action, T: KeyTable + ?Sized>(
    actions: &[A],
    rules: &T,
) -> usize {
    match least_member_of_head_and_tail_actions::<EIGHTS, A, T>(actions, rules) {
        Some(chosen) => chosen,
        None => select_scan(actions, rules).unwrap_or(0),
    }
}

/// Over `HEAD * EIGHTS` actions of any [`Action`] type and up to twice as many, the
/// eight-action form over the first `EIGHTS` eights and the last `EIGHTS` (overlapping below
/// twice as many), a register of buckets and one of values each, filled action by action. An
/// action in both may answer differently in each, but every lane that holds the lowest bucket
/// is some action's, so the answer is always an index of `actions`. `None` for fewer than
/// `HEAD * EIGHTS` actions, or when the lowest bucket is not led by an integer field alone.
#[target_feature(enable = "avx2,avx512f,avx512vl")]
#[inline]
pub(crate) fn least_member_of_head_and_tail_actions<
    const EIGHTS: usize,
    A: Action,
    T: KeyTable + ?Sized,
>(
    actions: &[A],
    rules: &T,
) -> Option<usize> {
    let tail_at = actions.len().checked_sub(HEAD * EIGHTS)?;
    let sides: [&[[A; HEAD]; EIGHTS]; 2] = [first_eights(actions)?, last_eights(actions)?];
    let buckets = sides.map(|side| side.each_ref().map(|eight| buckets_of(eight.each_ref()).1));
    let chosen = |lowest: __m128i| {
        let (column, flip) = rules.lead_of(_mm_cvtsi128_si32(lowest) as u32).column()?;
        let values = sides.map(|side| {
            side.each_ref()
                .map(|eight| values_of(eight.each_ref(), column))
        });
        let lowest = _mm256_broadcastd_epi32(lowest);
        Some(first_least_member(buckets, lowest, values, flip, tail_at))
    };
    // Bucket 0 among the first eight settles the lowest bucket by a predicted branch, so that
    // the lead and its values are read without waiting for the `min` over every bucket.
    match _mm_cvtsi128_si32(lowest_lane(buckets[0][0])) {
        0 => chosen(_mm_setzero_si128()),
        _ => {
            let lowest = buckets.as_flattened().iter().copied();
            chosen(lowest_lane(lowest.reduce(|a, b| _mm256_min_epu32(a, b))?))
        }
    }
}

/// Integer field `column` of eight actions, one lane each.
#[target_feature(enable = "avx2,avx512f,avx512vl")]
#[inline]
fn values_of<A: Action>(eight: [&A; HEAD], column: usize) -> __m512i {
    let [a, b, c, d, e, f, g, h] = eight.map(|action| action.int(column));
    _mm512_setr_epi64(a, b, c, d, e, f, g, h)
}

/// Over eight actions' `buckets`, given their lowest bucket in the low lane of `lowest` (a
/// `min` over one register, or 0 when the first action is in bucket 0): its members
/// (a mask), the least of their keys (a value, read by `values(column)`, its bits inverted
/// when descending; a masked `min` over one register), then the first member holding it.
/// `None` when the lowest bucket is not led by an integer column alone, or `values` has no
/// such column.
#[target_feature(enable = "avx2,avx512f,avx512vl")]
#[inline]
fn least_member_of_lanes<T: KeyTable + ?Sized>(
    buckets: __m256i,
    lowest: __m128i,
    values: impl FnOnce(usize) -> Option<__m512i>,
    rules: &T,
) -> Option<usize> {
    let (column, flip) = rules.lead_of(_mm_cvtsi128_si32(lowest) as u32).column()?;
    let values = values(column)?;
    let members = _mm256_cmpeq_epi32_mask(buckets, _mm256_broadcastd_epi32(lowest));
    let keys = _mm512_xor_si512(values, _mm512_set1_epi64(flip as i64));
    // Other buckets' lanes read as `i64::MAX`, which never beats a member.
    let least = _mm512_mask_reduce_min_epi64(members, keys);
    let hits = _mm512_mask_cmpeq_epi64_mask(members, keys, _mm512_set1_epi64(least));
    Some(hits.trailing_zeros() as usize)
}

/// What [`select_columns`](super::select_columns) returns over more than
/// [`HEAD`](super::HEAD) actions. The portable fallback is here, a tail call, as in
/// `avx2::select_many`: with [`least_member_of_many`]'s `Option` handed back through `ffi::cpu`
/// for the caller to fall back, a call took 12 instructions more (callgrind, 64 mixed actions,
/// 411 → 423).
#[target_feature(enable = "avx2,avx512f,avx512vl")]
pub(crate) fn select_many<T: KeyTable + ?Sized>(columns: &Columns<'_>, rules: &T) -> usize {
    match least_member_of_many(columns, rules) {
        Some(chosen) => chosen,
        None => scan_other(columns, rules),
    }
}

/// Over more than `HEAD * EIGHTS` actions and up to twice as many,
/// [`least_member_of_eight`] over the first `EIGHTS` eights of actions and the last `EIGHTS`
/// (`avx2::head_and_tail`), a register of buckets and one of values each. No loop, no action
/// read alone, and no mask built from the length: a masked load waits for its mask, which
/// waits for the length (criterion, docs/select.md).
#[target_feature(enable = "avx2,avx512f,avx512vl")]
#[inline]
pub(crate) fn least_member_of_head_and_tail<const EIGHTS: usize, T: KeyTable + ?Sized>(
    columns: &Columns<'_>,
    rules: &T,
) -> Option<usize> {
    let HeadAndTail {
        buckets,
        lowest,
        values,
        flip,
        tail_at,
    } = head_and_tail::<EIGHTS, T>(columns, rules)?;
    let values = values.map(|side| side.each_ref().map(|eight| load_i64x8(eight)));
    Some(first_least_member(buckets, lowest, values, flip, tail_at))
}

/// The first member holding the least key among the first `EIGHTS` eights of actions and the
/// last `EIGHTS`, the last eights' first position `tail_at`: their `buckets`, the `lowest` in
/// every lane, and the `values` of its lead (a key: the value's bits XORed with `flip`, all
/// ones when descending, which reverses the order).
#[target_feature(enable = "avx2,avx512f,avx512vl")]
#[inline]
fn first_least_member<const EIGHTS: usize>(
    buckets: [[__m256i; EIGHTS]; 2],
    lowest: __m256i,
    values: [[__m512i; EIGHTS]; 2],
    flip: u64,
    tail_at: usize,
) -> usize {
    let members = buckets.map(|side| side.map(|eight| _mm256_cmpeq_epi32_mask(eight, lowest)));
    let flip = _mm512_set1_epi64(flip as i64);
    let keys = values.map(|side| side.map(|eight| _mm512_xor_si512(eight, flip)));
    let eights = || members.as_flattened().iter().zip(keys.as_flattened());
    // Other buckets' lanes read as `i64::MAX`, which never beats a member.
    let least = eights().fold(_mm512_set1_epi64(i64::MAX), |least, (&members, &keys)| {
        _mm512_mask_min_epi64(least, members, least, keys)
    });
    let least = _mm512_set1_epi64(_mm512_reduce_min_epi64(least));
    // Each eight's hits, shifted up to its first position.
    let hits_from = |side: usize, start: usize| {
        let eights = members[side].iter().zip(&keys[side]).enumerate();
        eights.fold(0u64, |found, (at, (&members, &keys))| {
            let hits = _mm512_mask_cmpeq_epi64_mask(members, keys, least);
            found | u64::from(hits) << (start + HEAD * at)
        })
    };
    (hits_from(0, 0) | hits_from(1, tail_at)).trailing_zeros() as usize
}

/// What [`select_columns`](super::select_columns) returns over more than `HEAD * EIGHTS`
/// actions and up to twice as many ([`least_member_of_head_and_tail`]).
#[target_feature(enable = "avx2,avx512f,avx512vl")]
pub(crate) fn select_head_and_tail<const EIGHTS: usize, T: KeyTable + ?Sized>(
    columns: &Columns<'_>,
    rules: &T,
) -> usize {
    match least_member_of_head_and_tail::<EIGHTS, T>(columns, rules) {
        Some(chosen) => chosen,
        None => scan_other(columns, rules),
    }
}

/// What [`select_columns`](super::select_columns) returns over one to seven actions.
#[target_feature(enable = "avx2,avx512f,avx512vl")]
pub(crate) fn select_few<T: KeyTable + ?Sized>(columns: &Columns<'_>, rules: &T) -> usize {
    match least_member_of_few(columns, rules) {
        Some(chosen) => chosen,
        None => scan_other(columns, rules),
    }
}

/// Over one to seven actions, [`least_member_of_eight`] over one register of each column
/// loaded masked: the lanes past the last action read nothing (their buckets read as
/// `u32::MAX`) and are never members. `None` when the lowest bucket is not led by an integer
/// column alone, or when there are no actions.
#[target_feature(enable = "avx2,avx512f,avx512vl")]
#[inline]
pub(crate) fn least_member_of_few<T: KeyTable + ?Sized>(
    columns: &Columns<'_>,
    rules: &T,
) -> Option<usize> {
    let buckets = columns.buckets();
    let present = ((1u32 << buckets.len().min(HEAD)) - 1) as __mmask8;
    let buckets = load_u32x8_partial(buckets);
    let lowest = lowest_lane(buckets);
    let (column, flip) = rules.lead_of(_mm_cvtsi128_si32(lowest) as u32).column()?;
    let values = columns.field(column)?;
    // The lanes past the last action are never members, even when the lowest bucket is the
    // `u32::MAX` they read.
    let members = _mm256_mask_cmpeq_epi32_mask(present, buckets, _mm256_broadcastd_epi32(lowest));
    let keys = _mm512_xor_si512(load_i64x8_partial(values), _mm512_set1_epi64(flip as i64));
    let least = _mm512_mask_reduce_min_epi64(members, keys);
    let hits = _mm512_mask_cmpeq_epi64_mask(members, keys, _mm512_set1_epi64(least));
    // No member (no action at all) leaves no hit.
    (hits != 0).then(|| hits.trailing_zeros() as usize)
}

/// [`select_many`]'s own answer: the first member of the lowest bucket with the preferred
/// value, or `None` when that bucket is not led by an integer column alone (the portable scan
/// decides).
#[target_feature(enable = "avx2,avx512f,avx512vl")]
#[inline]
pub(crate) fn least_member_of_many<T: KeyTable + ?Sized>(
    columns: &Columns<'_>,
    rules: &T,
) -> Option<usize> {
    let buckets = columns.buckets();
    let (lowest, one_bucket) = lowest_bucket(buckets);
    let (values, descending) = lead_of(lowest, columns, rules)?;
    // One bucket throughout (a predicted branch: mixed buckets are mixed in every vector)
    // spares both passes the compare of buckets.
    match (descending, one_bucket) {
        (false, false) => first_best::<false, false>(buckets, values, lowest),
        (true, false) => first_best::<true, false>(buckets, values, lowest),
        (false, true) => first_best::<false, true>(buckets, values, lowest),
        (true, true) => first_best::<true, true>(buckets, values, lowest),
    }
}

/// The position of the first member of bucket `lowest` with the least value (`DESCENDING`:
/// the largest), among `buckets` and their `values`; `None` when no action is in `lowest`.
/// `EVERY`: every action is in `lowest`, so no bucket is compared.
#[target_feature(enable = "avx2,avx512f,avx512vl")]
#[inline]
fn first_best<const DESCENDING: bool, const EVERY: bool>(
    buckets: &[u32],
    values: &[i64],
    lowest: u32,
) -> Option<usize> {
    let better = |value: i64, than: i64| {
        if DESCENDING {
            value > than
        } else {
            value < than
        }
    };
    let lowest_lanes = _mm256_set1_epi32(lowest as i32);
    // The lanes of eight actions that are members of `lowest`.
    let members = |buckets: &[u32; 8]| -> __mmask8 {
        if EVERY {
            0xff
        } else {
            _mm256_cmpeq_epi32_mask(load_u32x8(buckets), lowest_lanes)
        }
    };
    // Each member's value folded into `best`, lane by lane; other lanes keep theirs.
    let keep = |best: __m512i, values: &[i64; 8], buckets: &[u32; 8]| {
        let (values, members) = (load_i64x8(values), members(buckets));
        if DESCENDING {
            _mm512_mask_max_epi64(best, members, best, values)
        } else {
            _mm512_mask_min_epi64(best, members, best, values)
        }
    };
    let (value_eights, value_rest) = values.as_chunks::<8>();
    let (bucket_eights, bucket_rest) = buckets.as_chunks::<8>();
    // Two running vectors, so that each `min` waits only for the one two vectors before.
    let (value_pairs, value_left) = value_eights.as_chunks::<2>();
    let (bucket_pairs, bucket_left) = bucket_eights.as_chunks::<2>();
    let worst = _mm512_set1_epi64(if DESCENDING { i64::MIN } else { i64::MAX });
    let mut sets = [worst; 2];
    for (values, buckets) in value_pairs.iter().zip(bucket_pairs) {
        sets[0] = keep(sets[0], &values[0], &buckets[0]);
        sets[1] = keep(sets[1], &values[1], &buckets[1]);
    }
    for (values, buckets) in value_left.iter().zip(bucket_left) {
        sets[0] = keep(sets[0], values, buckets);
    }
    let mut best = if DESCENDING {
        _mm512_reduce_max_epi64(_mm512_max_epi64(sets[0], sets[1]))
    } else {
        _mm512_reduce_min_epi64(_mm512_min_epi64(sets[0], sets[1]))
    };
    for (&value, &bucket) in value_rest.iter().zip(bucket_rest) {
        if bucket == lowest && better(value, best) {
            best = value;
        }
    }
    // The first member holding `best`. Every member holding the worst value leaves `best`
    // there, which they hold: no case of its own.
    let best_lanes = _mm512_set1_epi64(best);
    for (eight, (values, buckets)) in value_eights.iter().zip(bucket_eights).enumerate() {
        let hits = _mm512_mask_cmpeq_epi64_mask(members(buckets), load_i64x8(values), best_lanes);
        if hits != 0 {
            return Some(8 * eight + hits.trailing_zeros() as usize);
        }
    }
    let first_rest = 8 * value_eights.len();
    let at = value_rest
        .iter()
        .zip(bucket_rest)
        .position(|(&value, &bucket)| bucket == lowest && value == best)?;
    Some(first_rest + at)
}
