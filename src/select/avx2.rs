//! [`select_columns`](super::select_columns) in AVX2 vectors, on a CPU without AVX-512 (then
//! [`avx512`](super::avx512), but for 33 to 511 actions where AVX-512 runs on 256-bit halves),
//! for three or more actions whose lowest bucket is led by an integer column alone: the same
//! index as the portable scans, with no branch on any action's bucket or value (but one, from
//! nine actions, on whether the first eight hold bucket 0).
//!
//! Up to 32 actions are straight-line code: the buckets and values of one to seven actions
//! loaded masked into one register of buckets and two of values (`vpmaskmov`), of exactly
//! eight loaded whole, of nine to sixteen as the first eight and the last eight, of 17 to 32
//! as the first sixteen and the last sixteen (overlapping below sixteen and 32:
//! [`head_and_tail`]); then their lowest bucket (0 at once, by a predicted branch, when the
//! first eight hold it), its lead, the least of its members' keys as a tree, and the first
//! member holding it. More take three steps: the lowest bucket (a
//! vector `min` over the bucket column, which also tells whether every action is in one
//! bucket), its lead, then the first of its members with the preferred value (each lane of
//! two sets, four from [`MANY`] actions, keeps its best value and that value's first
//! position; the lanes are then reduced, the earlier position winning a tie; with one bucket
//! throughout, no action is tested for membership).
//! Any other lead goes to the portable scan ([`scan_other`]).
//!
//! [`select`](super::select) over three to 32 actions of any [`Action`] type (records: the
//! crate's `ActionRecord`, a caller's own) runs the same trees, its lanes filled action by
//! action: over eight ([`select_eight_actions`]), three to seven as eight with the last one
//! repeated ([`select_few_actions`]), or over the first eight and the last eight, or the first
//! sixteen and the last sixteen ([`select_head_and_tail_actions`]); any other lead goes to the
//! general scan ([`select_scan`]).
//!
//! Each function here is safe but compiled for AVX2 (`#[target_feature]`): calling one from
//! code that is not needs a CPU with AVX2, so `ffi::cpu`, which holds the crate's `unsafe`,
//! detects it once and is the only such caller, and also reads the columns into vectors.

use core::arch::x86_64::{
    __m128i, __m256i, _mm_cvtsi64_si128, _mm_cvtsi128_si32, _mm_cvtsi128_si64, _mm_min_epu32,
    _mm_setzero_si128, _mm_shuffle_epi32, _mm256_add_epi64, _mm256_and_si256, _mm256_blendv_epi8,
    _mm256_broadcastd_epi32, _mm256_castsi256_pd, _mm256_castsi256_si128, _mm256_cmpeq_epi32,
    _mm256_cmpeq_epi64, _mm256_cmpgt_epi64, _mm256_cvtepi32_epi64, _mm256_cvtepu32_epi64,
    _mm256_extracti128_si256, _mm256_min_epu32, _mm256_movemask_pd, _mm256_or_si256,
    _mm256_permute4x64_epi64, _mm256_set_epi64x, _mm256_set1_epi32, _mm256_set1_epi64x,
    _mm256_setr_epi32, _mm256_setr_epi64x, _mm256_setzero_si256, _mm256_shuffle_epi32,
    _mm256_sll_epi64, _mm256_testz_si256, _mm256_xor_si256,
};

use super::columns::scan_other;
use super::{Action, Columns, HEAD, KeyTable, last_repeated, select_scan};
use crate::ffi::cpu::{load_i64x4, load_i64x4x2_prefix, load_u32x4, load_u32x8, load_u32x8_prefix};

/// What [`select_columns`](super::select_columns) returns over exactly [`HEAD`] actions.
#[target_feature(enable = "avx2")]
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

/// From this many actions, [`first_best`] keeps four sets of lanes, below it two.
const MANY: usize = 128;

/// What [`select_columns`](super::select_columns) returns over more than [`HEAD`] actions.
#[target_feature(enable = "avx2")]
pub(crate) fn select_many<T: KeyTable + ?Sized>(columns: &Columns<'_>, rules: &T) -> usize {
    match least_member_of_many(columns, rules) {
        Some(chosen) => chosen,
        None => scan_other(columns, rules),
    }
}

/// [`select_many`]'s own answer: the first member of the lowest bucket with the preferred
/// value, or `None` when that bucket is not led by an integer column alone (the portable scan
/// decides).
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn least_member_of_many<T: KeyTable + ?Sized>(
    columns: &Columns<'_>,
    rules: &T,
) -> Option<usize> {
    let buckets = columns.buckets();
    let (lowest, one_bucket) = lowest_bucket(buckets);
    // Bucket 0, the usual lowest, as a predicted branch: its lead is read without waiting for
    // the `min` over the buckets (only the branch's check does).
    let lead = match lowest {
        0 => lead_of(0, columns, rules),
        lowest => lead_of(lowest, columns, rules),
    };
    // Four sets of lanes wait less on one another over many actions; over fewer, their
    // reduction costs more than it saves.
    match lead? {
        lead if buckets.len() >= MANY => first_best_of::<4>(buckets, lead, lowest, one_bucket),
        lead => first_best_of::<2>(buckets, lead, lowest, one_bucket),
    }
}

/// [`first_best`] for a lead's `values` and direction (`true`: descending).
#[target_feature(enable = "avx2")]
#[inline]
fn first_best_of<const SETS: usize>(
    buckets: &[u32],
    (values, descending): (&[i64], bool),
    lowest: u32,
    one_bucket: bool,
) -> Option<usize> {
    // One bucket throughout (a predicted branch: mixed buckets are mixed in every block) spares
    // the pass its membership test.
    match (descending, one_bucket) {
        (false, false) => first_best::<false, false, SETS>(buckets, values, lowest),
        (true, false) => first_best::<true, false, SETS>(buckets, values, lowest),
        (false, true) => first_best::<false, true, SETS>(buckets, values, lowest),
        (true, true) => first_best::<true, true, SETS>(buckets, values, lowest),
    }
}

/// Over exactly [`HEAD`] actions, as trees: the lowest bucket, then the least of its members'
/// keys (a value, its bits inverted when descending, which reverses the order; other buckets'
/// as `i64::MAX`), then the first member holding it. `None` when the lowest bucket is not led
/// by an integer column alone.
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn least_member_of_eight<T: KeyTable + ?Sized>(
    buckets: &[u32; HEAD],
    columns: &Columns<'_>,
    rules: &T,
) -> Option<usize> {
    let values = |column| Some(quads(columns.field(column)?.first_chunk::<HEAD>()?));
    let buckets = load_u32x8(buckets);
    least_member_of_lanes(buckets, lowest_lane(buckets), values, rules)
}

/// What [`select`](super::select) returns over exactly [`HEAD`] actions of any [`Action`]
/// type when some bucket is led by an integer field alone ([`KeyTable::int_led`]).
#[target_feature(enable = "avx2")]
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
/// apart by its size, so no load reads eight of them).
#[target_feature(enable = "avx2")]
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
#[target_feature(enable = "avx2")]
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
#[target_feature(enable = "avx2")]
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
#[target_feature(enable = "avx2")]
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
#[target_feature(enable = "avx2")]
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
/// eight-action trees over the first `EIGHTS` eights and the last `EIGHTS` (overlapping below
/// twice as many), a register of buckets and two of values each, filled action by action. An
/// action in both may answer differently in each, but every lane that holds the lowest bucket
/// is some action's, so the answer is always an index of `actions`. `None` for fewer than
/// `HEAD * EIGHTS` actions, or when the lowest bucket is not led by an integer field alone.
#[target_feature(enable = "avx2")]
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
        first_least_member(buckets, lowest, values, flip, tail_at)
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

/// The buckets of eight actions, one lane each, and the first of them. Each action's bucket
/// is read once, so that the lowest bucket is some lane's, with a member, even for an
/// `Action` whose `bucket` does not answer the same twice.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) fn buckets_of<A: Action>(eight: [&A; HEAD]) -> (u32, __m256i) {
    let [a, b, c, d, e, f, g, h] = eight.map(|action| action.bucket() as i32);
    (a as u32, _mm256_setr_epi32(a, b, c, d, e, f, g, h))
}

/// Integer field `column` of eight actions, as two quads.
#[target_feature(enable = "avx2")]
#[inline]
fn values_of<A: Action>(eight: [&A; HEAD], column: usize) -> [__m256i; 2] {
    let [a, b, c, d, e, f, g, h] = eight.map(|action| action.int(column));
    [
        _mm256_setr_epi64x(a, b, c, d),
        _mm256_setr_epi64x(e, f, g, h),
    ]
}

/// Over eight actions' `buckets`, as trees, given their lowest in the low lane of `lowest`:
/// the least of its members' keys (a value, read by `values(column)` as two quads, its bits
/// inverted when descending, which reverses the order; other buckets' as `i64::MAX`), then the
/// first member holding it. `None` when the lowest bucket is not led by an integer column alone, or
/// `values` has no such column.
#[target_feature(enable = "avx2")]
#[inline]
fn least_member_of_lanes<T: KeyTable + ?Sized>(
    buckets: __m256i,
    lowest: __m128i,
    values: impl FnOnce(usize) -> Option<[__m256i; 2]>,
    rules: &T,
) -> Option<usize> {
    let (column, flip) = rules.lead_of(_mm_cvtsi128_si32(lowest) as u32).column()?;
    let values = values(column)?;
    let member = _mm256_cmpeq_epi32(buckets, _mm256_broadcastd_epi32(lowest));
    let (keys, members) = member_keys(member, values, flip);
    let least = least_lane(keys[0], keys[1]);
    Some(hits(keys, members, least).trailing_zeros() as usize)
}

/// What [`select_columns`](super::select_columns) returns over more than `HEAD * EIGHTS`
/// actions and up to twice as many ([`least_member_of_head_and_tail`]).
#[target_feature(enable = "avx2")]
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
#[target_feature(enable = "avx2")]
pub(crate) fn select_few<T: KeyTable + ?Sized>(columns: &Columns<'_>, rules: &T) -> usize {
    match least_member_of_few(columns, rules) {
        Some(chosen) => chosen,
        None => scan_other(columns, rules),
    }
}

/// Over one to seven actions, [`least_member_of_eight`] over the columns loaded masked (the
/// lanes past the last action read nothing, their buckets read as `u32::MAX`, and are never
/// members). `None` when the lowest bucket is not led by an integer column alone, or when
/// there are no actions.
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn least_member_of_few<T: KeyTable + ?Sized>(
    columns: &Columns<'_>,
    rules: &T,
) -> Option<usize> {
    let (buckets, present) = load_u32x8_prefix(columns.buckets());
    let lowest = lowest_lane(buckets);
    let (column, flip) = rules.lead_of(_mm_cvtsi128_si32(lowest) as u32).column()?;
    let values = columns.field(column)?;
    // The lanes past the last action are never members, even when the lowest bucket is the
    // `u32::MAX` they read.
    let member = _mm256_and_si256(
        _mm256_cmpeq_epi32(buckets, _mm256_broadcastd_epi32(lowest)),
        present,
    );
    let (keys, members) = member_keys(member, load_i64x4x2_prefix(values), flip);
    let least = least_lane(keys[0], keys[1]);
    // No member (no action at all) leaves no hit.
    let hits = hits(keys, members, least);
    (hits != 0).then(|| hits.trailing_zeros() as usize)
}

/// Over more than `HEAD * EIGHTS` actions and up to twice as many, [`least_member_of_eight`]
/// over the first `EIGHTS` eights of actions and the last `EIGHTS` ([`head_and_tail`]): the
/// least key of all their members, then the first member holding it. No loop, no action read
/// alone, no mask built from the length.
#[target_feature(enable = "avx2")]
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
    let values = values.map(|side| side.each_ref().map(|eight| quads(eight)));
    first_least_member(buckets, lowest, values, flip, tail_at)
}

/// The first member holding the least key among the first `EIGHTS` eights of actions and the
/// last `EIGHTS`, the last eights' first position `tail_at`: their `buckets`, the `lowest` in
/// every lane, and the `values` of its lead as quads (keys: [`member_keys`]). `None` only
/// when `EIGHTS` is 0.
#[target_feature(enable = "avx2")]
#[inline]
fn first_least_member<const EIGHTS: usize>(
    buckets: [[__m256i; EIGHTS]; 2],
    lowest: __m256i,
    values: [[[__m256i; 2]; EIGHTS]; 2],
    flip: u64,
    tail_at: usize,
) -> Option<usize> {
    let [head, tail] = [0, 1].map(|side| {
        core::array::from_fn::<_, EIGHTS, _>(|eight| {
            let member = _mm256_cmpeq_epi32(buckets[side][eight], lowest);
            member_keys(member, values[side][eight], flip)
        })
    });
    // The least of every eight's first quad, and of every eight's second, then of both.
    let quad = |at: usize| {
        let eights = head.iter().chain(&tail).map(|(keys, _)| keys[at]);
        eights.reduce(|a, b| least_of(a, b))
    };
    let least = least_lane(quad(0)?, quad(1)?);
    // Each eight's hits, shifted up to its first position.
    let hits_from = |eights: &[([__m256i; 2], [__m256i; 2]); EIGHTS], start: usize| {
        let eights = eights.iter().enumerate();
        eights.fold(0u64, |found, (at, &(keys, members))| {
            found | u64::from(hits(keys, members, least)) << (start + HEAD * at)
        })
    };
    Some((hits_from(&head, 0) | hits_from(&tail, tail_at)).trailing_zeros() as usize)
}

/// More than `HEAD * EIGHTS` actions and up to twice as many, as their first `EIGHTS` eights
/// and their last `EIGHTS`, which overlap when there are fewer than twice as many
/// ([`head_and_tail`]).
pub(super) struct HeadAndTail<'a, const EIGHTS: usize> {
    /// The buckets of the first eights, then of the last eights.
    pub(super) buckets: [[__m256i; EIGHTS]; 2],
    /// Their lowest bucket, in every lane.
    pub(super) lowest: __m256i,
    /// The values of the column leading the lowest bucket, the first eights, then the last.
    pub(super) values: [&'a [[i64; HEAD]; EIGHTS]; 2],
    /// The lead's flip: all ones when descending, which reverses the order.
    pub(super) flip: u64,
    /// The last eights' first position: 1 to `HEAD * EIGHTS`.
    pub(super) tail_at: usize,
}

/// What the kernels over more than `HEAD * EIGHTS` actions and up to twice as many read
/// first: the buckets of the first `EIGHTS` eights of actions and of the last `EIGHTS`, their
/// lowest bucket, and its lead's values. An action in both holds the same bucket and value in
/// each, so no `min` sees anything new, and its hits land on one position once the last
/// eights' are shifted up by `tail_at`. `None` when there are fewer than `HEAD * EIGHTS`
/// actions or the lowest bucket is not led by an integer column alone.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) fn head_and_tail<'a, const EIGHTS: usize, T: KeyTable + ?Sized>(
    columns: &Columns<'a>,
    rules: &T,
) -> Option<HeadAndTail<'a, EIGHTS>> {
    let buckets = columns.buckets();
    let tail_at = buckets.len().checked_sub(HEAD * EIGHTS)?;
    let (head, tail) = (first_eights(buckets)?, last_eights(buckets)?);
    let buckets = [head, tail].map(|side| side.each_ref().map(|eight| load_u32x8(eight)));
    let read = |lowest: __m128i| {
        let (column, flip) = rules.lead_of(_mm_cvtsi128_si32(lowest) as u32).column()?;
        let values = columns.field(column)?;
        Some(HeadAndTail {
            buckets,
            lowest: _mm256_broadcastd_epi32(lowest),
            values: [first_eights(values)?, last_eights(values)?],
            flip,
            tail_at,
        })
    };
    // Bucket 0 among the first eight settles the lowest bucket by a predicted branch, so that
    // the lead's column is read without waiting for the `min` over every bucket.
    match _mm_cvtsi128_si32(lowest_lane(buckets[0][0])) {
        0 => read(_mm_setzero_si128()),
        _ => {
            let lowest = buckets.as_flattened().iter().copied();
            read(lowest_lane(lowest.reduce(|a, b| _mm256_min_epu32(a, b))?))
        }
    }
}

/// The first `EIGHTS` eights of `column`, when it holds as many.
pub(super) fn first_eights<T, const EIGHTS: usize>(column: &[T]) -> Option<&[[T; HEAD]; EIGHTS]> {
    column.as_chunks::<HEAD>().0.first_chunk::<EIGHTS>()
}

/// The last `EIGHTS` eights of `column`, when it holds as many.
pub(super) fn last_eights<T, const EIGHTS: usize>(column: &[T]) -> Option<&[[T; HEAD]; EIGHTS]> {
    let tail = column.get(column.len().checked_sub(HEAD * EIGHTS)?..)?;
    tail.as_chunks::<HEAD>().0.first_chunk::<EIGHTS>()
}

/// Eight values as two quads, the first four and the last four.
#[target_feature(enable = "avx2")]
#[inline]
fn quads(values: &[i64; HEAD]) -> [__m256i; 2] {
    let (quads, _) = values.as_chunks::<4>();
    [load_i64x4(&quads[0]), load_i64x4(&quads[1])]
}

/// Eight actions' keys and membership, as two quads of 64-bit lanes each: `member` (one
/// 32-bit lane per action, all ones for a member) widened, and each member's value as its key
/// (its bits XORed with `flip`, all ones when descending, which reverses the order), other
/// actions' as `i64::MAX`, which never beats a member.
#[target_feature(enable = "avx2")]
#[inline]
fn member_keys(member: __m256i, values: [__m256i; 2], flip: u64) -> ([__m256i; 2], [__m256i; 2]) {
    let members = [
        _mm256_cvtepi32_epi64(_mm256_castsi256_si128(member)),
        _mm256_cvtepi32_epi64(_mm256_extracti128_si256::<1>(member)),
    ];
    let flip = _mm256_set1_epi64x(flip as i64);
    let keys = [0, 1].map(|half| {
        let key = _mm256_xor_si256(values[half], flip);
        _mm256_blendv_epi8(_mm256_set1_epi64x(i64::MAX), key, members[half])
    });
    (keys, members)
}

/// The members among eight actions ([`member_keys`]) whose key is `least` (in every lane), as
/// the low eight bits: a member, not only the key, so that a bucket whose members all hold
/// `i64::MAX` still picks its first.
#[target_feature(enable = "avx2")]
#[inline]
fn hits(keys: [__m256i; 2], members: [__m256i; 2], least: __m256i) -> u32 {
    let hits = [0, 1].map(|half| {
        let at_least = _mm256_and_si256(_mm256_cmpeq_epi64(keys[half], least), members[half]);
        _mm256_movemask_pd(_mm256_castsi256_pd(at_least)) as u32
    });
    hits[0] | hits[1] << 4
}

/// The lowest of the buckets (`u32::MAX` when there are none), and whether every bucket is
/// the first one.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) fn lowest_bucket(buckets: &[u32]) -> (u32, bool) {
    let (eights, rest) = buckets.as_chunks::<8>();
    let first_bucket = buckets.first().copied().unwrap_or(0);
    let first = _mm256_set1_epi32(first_bucket as i32);
    let start = (_mm256_set1_epi32(-1), _mm256_setzero_si256());
    let (lowest, differ) = eights.iter().fold(start, |(lowest, differ), eight| {
        let eight = load_u32x8(eight);
        let differ = _mm256_or_si256(differ, _mm256_xor_si256(eight, first));
        (_mm256_min_epu32(lowest, eight), differ)
    });
    let lowest = _mm_cvtsi128_si32(lowest_lane(lowest)) as u32;
    let one = _mm256_testz_si256(differ, differ) == 1;
    rest.iter().fold((lowest, one), |(low, one), &bucket| {
        (low.min(bucket), one && bucket == first_bucket)
    })
}

/// The column leading bucket `bucket` and whether it is descending, when the lead is an
/// integer column alone that the `columns` carry.
#[inline(always)]
pub(super) fn lead_of<'a, T: KeyTable + ?Sized>(
    bucket: u32,
    columns: &Columns<'a>,
    rules: &T,
) -> Option<(&'a [i64], bool)> {
    let (column, flip) = rules.lead_of(bucket).column()?;
    Some((columns.field(column)?, flip != 0))
}

/// The position of the first member of bucket `lowest` with the least value (`DESCENDING`:
/// the largest), among `buckets` and their `values`; `None` when no action is in `lowest`.
/// `EVERY`: every action is in `lowest`, so none is tested.
///
/// The quads (four actions) go in blocks of `SETS`, each quad of a block to its own set of
/// lanes, so that a quad waits only for its set's quad in the block before. Each lane keeps
/// the best value a member has shown it and the block that showed it (its position follows);
/// a later block replaces it only when strictly better. A set starts from the worst value,
/// which no member replaces when it holds that value too: when the best of all is the worst
/// value, the first member is the answer.
#[target_feature(enable = "avx2")]
#[inline]
fn first_best<const DESCENDING: bool, const EVERY: bool, const SETS: usize>(
    buckets: &[u32],
    values: &[i64],
    lowest: u32,
) -> Option<usize> {
    let worst = if DESCENDING { i64::MIN } else { i64::MAX };
    let better = |value: i64, than: i64| {
        if DESCENDING {
            value > than
        } else {
            value < than
        }
    };
    // The lanes where `value` is strictly better than `than`.
    let better_lanes = |value: __m256i, than: __m256i| {
        if DESCENDING {
            _mm256_cmpgt_epi64(value, than)
        } else {
            _mm256_cmpgt_epi64(than, value)
        }
    };
    let lowest_lanes = _mm256_set1_epi64x(i64::from(lowest));
    let keep = |(best, at): (__m256i, __m256i), values: &[i64; 4], buckets: &[u32; 4], here| {
        let values = load_i64x4(values);
        let replace = if EVERY {
            better_lanes(values, best)
        } else {
            let buckets = _mm256_cvtepu32_epi64(load_u32x4(buckets));
            _mm256_and_si256(
                better_lanes(values, best),
                _mm256_cmpeq_epi64(buckets, lowest_lanes),
            )
        };
        let best = _mm256_blendv_epi8(best, values, replace);
        (best, _mm256_blendv_epi8(at, here, replace))
    };
    let (value_quads, value_rest) = values.as_chunks::<4>();
    let (bucket_quads, bucket_rest) = buckets.as_chunks::<4>();
    let (value_blocks, value_left) = value_quads.as_chunks::<SETS>();
    let (bucket_blocks, bucket_left) = bucket_quads.as_chunks::<SETS>();
    let one = _mm256_set1_epi64x(1);
    let mut block = _mm256_setzero_si256();
    let mut sets = [(_mm256_set1_epi64x(worst), _mm256_set1_epi64x(0)); SETS];
    for (values, buckets) in value_blocks.iter().zip(bucket_blocks) {
        for set in 0..SETS {
            sets[set] = keep(sets[set], &values[set], &buckets[set], block);
        }
        block = _mm256_add_epi64(block, one);
    }
    for (set, (values, buckets)) in value_left.iter().zip(bucket_left).enumerate() {
        sets[set] = keep(sets[set], values, buckets, block);
    }
    // The best value of all lanes, then the least position among the lanes holding it.
    let flip = _mm256_set1_epi64x(if DESCENDING { -1 } else { 0 });
    let flipped = sets.map(|(values, _)| _mm256_xor_si256(values, flip));
    let best = _mm256_xor_si256(least_of_all(flipped), flip);
    // A lane's position: its block, its set's quad in the block, its place in the quad.
    let block_shift = _mm_cvtsi64_si128(i64::from((4 * SETS).trailing_zeros()));
    let mut set_lanes = _mm256_set_epi64x(3, 2, 1, 0);
    let at = sets.map(|(values, block)| {
        let holds = _mm256_cmpeq_epi64(values, best);
        let at = _mm256_add_epi64(_mm256_sll_epi64(block, block_shift), set_lanes);
        set_lanes = _mm256_add_epi64(set_lanes, _mm256_set1_epi64x(4));
        _mm256_blendv_epi8(_mm256_set1_epi64x(i64::MAX), at, holds)
    });
    let mut chosen = (
        _mm_cvtsi128_si64(_mm256_castsi256_si128(best)),
        _mm_cvtsi128_si64(_mm256_castsi256_si128(least_of_all(at))) as usize,
    );
    let first_rest = 4 * value_quads.len();
    for (at, (&value, &bucket)) in value_rest.iter().zip(bucket_rest).enumerate() {
        if bucket == lowest && better(value, chosen.0) {
            chosen = (value, first_rest + at);
        }
    }
    if chosen.0 == worst {
        // Every member holds the worst value (rare), or none is in `lowest`.
        return buckets.iter().position(|&bucket| bucket == lowest);
    }
    Some(chosen.1)
}

/// The least of eight unsigned 32-bit lanes, in every lane of the result's low half.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) fn lowest_lane(lanes: __m256i) -> __m128i {
    let half = _mm_min_epu32(
        _mm256_castsi256_si128(lanes),
        _mm256_extracti128_si256::<1>(lanes),
    );
    let pair = _mm_min_epu32(half, _mm_shuffle_epi32::<0b01_00_11_10>(half));
    _mm_min_epu32(pair, _mm_shuffle_epi32::<0b10_11_00_01>(pair))
}

/// The lesser of each signed 64-bit lane of `a` and `b`.
#[target_feature(enable = "avx2")]
#[inline]
fn least_of(a: __m256i, b: __m256i) -> __m256i {
    _mm256_blendv_epi8(a, b, _mm256_cmpgt_epi64(a, b))
}

/// The least signed 64-bit lane of an even number of `lanes`, in every lane.
#[target_feature(enable = "avx2")]
#[inline]
fn least_of_all<const SETS: usize>(lanes: [__m256i; SETS]) -> __m256i {
    let (low, high) = lanes.split_at(SETS / 2);
    let fold = |half: &[__m256i]| half.iter().copied().reduce(|a, b| least_of(a, b));
    match (fold(low), fold(high)) {
        (Some(low), Some(high)) => least_lane(low, high),
        _ => lanes
            .first()
            .copied()
            .unwrap_or_else(|| _mm256_set1_epi64x(i64::MAX)),
    }
}

/// The least signed 64-bit lane of `low` and `high`, in every lane.
#[target_feature(enable = "avx2")]
#[inline]
fn least_lane(low: __m256i, high: __m256i) -> __m256i {
    let four = least_of(low, high);
    let two = least_of(four, _mm256_permute4x64_epi64::<0b01_00_11_10>(four));
    least_of(two, _mm256_shuffle_epi32::<0b01_00_11_10>(two))
}
