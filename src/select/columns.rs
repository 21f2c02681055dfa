//! Bucket selection over columns: the choice of [`select`](super::select) for actions kept as
//! a struct of arrays, one bucket column and up to [`FIELDS`] integer columns of equal length.
//!
//! [`select_columns`] returns exactly what [`select`](super::select) returns over records
//! holding the same buckets and integers, under the same [`Rules`]; a rule that reads a name, a
//! flag or a column the [`Columns`] do not carry is refused. The scan starts from the lowest
//! bucket of the first eight actions (of the next eight, when lower) and is a bare argmin over
//! the lead column of the running best's bucket that reads an action's bucket only to find a
//! lower one (which restarts the scan there, under that bucket's lead; never once the best is
//! in bucket 0) or to check that an action beating the best by value is of the same bucket.
//! When the first eight actions hold several buckets, a scan's 64 actions from the block of
//! eight holding the best are compared instead with the bucket packed above the value, one
//! comparison that actions of worse buckets never pass. At most eight actions are scanned twice
//! instead, for their lowest bucket, then for its members. One pass beyond the first eight
//! actions, O(n), no allocation. Without the vector kernels, exactly eight actions, and nine to
//! sixteen as the first eight and the last eight, are chosen by trees without a branch when
//! their lowest bucket is led by an integer column alone: each eight's lowest bucket, then
//! each eight's first least member of it, the lead's column and direction taken by one
//! predicted jump.
//!
//! On a CPU with AVX2 (found once, by `ffi::cpu`), three or more actions whose lowest bucket is
//! led by an integer column alone are chosen in vectors instead ([`avx2`](super::avx2)), with
//! the same result: up to 32 in registers, with no loop; more by the bucket column's `min`
//! first, then one pass over the buckets and that column, each lane keeping its best member's
//! value and position (the bucket column read twice, no action's bucket or value behind a
//! branch). On a CPU with AVX-512, they go to [`avx512`](super::avx512) instead: up to 32
//! in registers, as masks; more by the same `min`, masked `min`s for the preferred value, then
//! a search for its first member (the bucket column read a third time, up to that member);
//! except from 33 to 511 actions on a CPU that runs AVX-512 on 256-bit halves (AMD Zen 4),
//! where the AVX2 pass measured faster. One or two actions take the portable scan whatever
//! the CPU: a compare or two costs less than a vector's round trip.
//!
//! [`order_columns`] and [`one_hot_columns`] are [`order`](super::order) and
//! [`one_hot`](super::one_hot) over the same columns, with the same results as over records.

use core::cmp::Ordering;

use super::{
    Action, Direction, FIELDS, Field, HEAD, IN_REGISTERS, Key, KeyTable, PACKED_PREFIX, Rules,
    SelectError, compare_within, earlier_least, field_bit, first_least, int_order, int_order_mask,
    least_member_of_eight_on_branches, lowest_bucket, lowest_of, member_key, one_hot_of, order_of,
    packed, scan_start,
};

/// How many actions the scan of [`select_columns`] unrolls.
const BLOCK: usize = 8;

/// Actions as columns: `buckets[i]` and `field(f)[i]` describe action `i`.
///
/// Every column present has the length of `buckets`; a column may be absent when no rule
/// reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Columns<'a> {
    buckets: &'a [u32],
    fields: [Option<&'a [i64]>; FIELDS],
    /// The [`field_bit`]s of the columns present, kept so that checking them against the
    /// rules is one test.
    present: u8,
}

impl<'a> Columns<'a> {
    /// One action per bucket, with no integer column yet.
    pub const fn new(buckets: &'a [u32]) -> Columns<'a> {
        Columns {
            buckets,
            fields: [None; FIELDS],
            present: 0,
        }
    }

    /// Adds (or replaces) integer column `index`.
    ///
    /// Returns [`SelectError::UnknownField`] when `index >= FIELDS` and
    /// [`SelectError::ColumnLength`] when `values` is not as long as the bucket column.
    pub const fn with_field(
        mut self,
        index: usize,
        values: &'a [i64],
    ) -> Result<Columns<'a>, SelectError> {
        if index >= FIELDS {
            return Err(SelectError::UnknownField);
        }
        if values.len() != self.buckets.len() {
            return Err(SelectError::ColumnLength);
        }
        self.fields[index] = Some(values);
        self.present |= field_bit(Field::Int(index as u8));
        Ok(self)
    }

    /// The number of actions.
    pub const fn len(&self) -> usize {
        self.buckets.len()
    }

    /// Whether there are no actions.
    pub const fn is_empty(&self) -> bool {
        self.buckets.is_empty()
    }

    /// The bucket column.
    pub const fn buckets(&self) -> &'a [u32] {
        self.buckets
    }

    /// Integer column `index`, if present.
    pub fn field(&self, index: usize) -> Option<&'a [i64]> {
        self.fields.get(index).copied().flatten()
    }

    /// [`SelectError::MissingColumn`] unless the columns carry every field some key reads.
    pub(crate) fn serve<T: KeyTable + ?Sized>(&self, rules: &T) -> Result<(), SelectError> {
        if rules.reads() & !self.present != 0 {
            return Err(SelectError::MissingColumn);
        }
        Ok(())
    }

    /// Action `index` as an [`Action`], `None` past the end.
    fn row(&self, index: usize) -> Option<Row<'_, 'a>> {
        (index < self.len()).then_some(Row {
            columns: self,
            index,
        })
    }
}

/// The index of the first action in the total order `(bucket, the bucket's key, position)`,
/// or `Ok(None)` when there are no actions: what [`select`](super::select) returns over the
/// same actions as records.
///
/// Returns [`SelectError::MissingColumn`] when a key of any bucket the rules describe reads a
/// name, a flag or an integer column the `columns` lack (checked before anything else, so the
/// answer never depends on which buckets the actions use).
///
/// ```
/// use ordo::select::{Columns, Field, Key, Rules, select_columns};
/// // Bucket 0: damage, largest first; bucket 1: cost, smallest first.
/// const TABLE: &[&[Key]] = &[&[Key::desc(Field::Int(0))], &[Key::asc(Field::Int(1))]];
/// let rules = Rules::new(TABLE).expect("a valid table");
/// let buckets = [1, 0, 1, 0];
/// let damage = [0, 3, 0, 7];
/// let cost = [5, 0, 2, 0];
/// let columns = Columns::new(&buckets).with_field(0, &damage)?.with_field(1, &cost)?;
/// assert_eq!(select_columns(&columns, &rules)?, Some(3));
/// # Ok::<(), ordo::select::SelectError>(())
/// ```
// Inline, so that the checks and the dispatch on the length fold into the caller and the
// `Result` is never stored for it to read back (criterion A/B in docs/select.md: eight actions
// about 10 % faster).
#[inline]
pub fn select_columns(
    columns: &Columns<'_>,
    rules: &Rules<'_>,
) -> Result<Option<usize>, SelectError> {
    select_columns_in(columns, rules)
}

/// [`select_columns`] over any [`KeyTable`].
#[inline]
pub(crate) fn select_columns_in<T: KeyTable + ?Sized>(
    columns: &Columns<'_>,
    rules: &T,
) -> Result<Option<usize>, SelectError> {
    columns.serve(rules)?;
    Ok(scan_columns(columns, rules))
}

/// The choice of [`select_columns`] over columns already checked to serve the rules.
#[inline(always)]
fn scan_columns<T: KeyTable + ?Sized>(columns: &Columns<'_>, rules: &T) -> Option<usize> {
    let buckets = columns.buckets;
    match buckets.first_chunk::<HEAD>() {
        Some(head) if buckets.len() == HEAD => Some(select_eight(head, columns, rules)),
        _ if buckets.len() > IN_REGISTERS => Some(select_many(columns, rules)),
        _ if buckets.len() > 2 * HEAD => Some(select_head_and_tail::<2, T>(columns, rules)),
        _ if buckets.len() > HEAD => Some(select_head_and_tail::<1, T>(columns, rules)),
        _ if buckets.len() >= VECTORS_FROM => Some(select_few(columns, rules)),
        _ if buckets.is_empty() => None,
        _ => Some(scan_other(columns, rules)),
    }
}

/// The fewest actions the vector kernels take. Over one or two, the portable scan's compare
/// or two beats a vector's round trip (the masked loads, the lowest bucket back to a general
/// register), most on fresh inputs (criterion, docs/select.md: two actions 4.7-4.8 against
/// 6.2-6.9 ns with AVX-512 on one repeated input, 12.0-13.4 against 13.3-14.9 on fresh ones);
/// at three the two trade places by input (7.0-7.6 against 9.1-11.1 ns on one repeated input,
/// 7.7-8.5 against 7.0-7.6 on another, 11.2-11.3 against 11.9-12.8 on fresh ones but for an
/// outlier), from four the kernels lead.
const VECTORS_FROM: usize = 3;

/// The choice of [`select_columns`] over exactly [`HEAD`] actions: in AVX-512 or AVX2 vectors
/// when the CPU has them ([`avx512`](super::avx512), [`avx2`](super::avx2)), otherwise
/// [`scan_eight`]. Out of line, so that each is a tail call and the check of the CPU costs
/// `select_columns` no register.
#[inline(never)]
fn select_eight<T: KeyTable + ?Sized>(
    head: &[u32; HEAD],
    columns: &Columns<'_>,
    rules: &T,
) -> usize {
    match crate::ffi::cpu::select_eight_columns(head, columns, rules) {
        Some(chosen) => chosen,
        None => scan_eight(head, columns, rules),
    }
}

/// The choice of [`select_columns`] without the vector kernels, for the tests that compare the
/// two, and for the test of the portable trees on every target.
#[cfg(test)]
pub(crate) fn select_columns_portable<T: KeyTable + ?Sized>(
    columns: &Columns<'_>,
    rules: &T,
) -> Option<usize> {
    match columns.buckets.first_chunk::<HEAD>() {
        Some(head) if columns.len() == HEAD => Some(scan_eight(head, columns, rules)),
        _ if (HEAD + 1..=2 * HEAD).contains(&columns.len()) => {
            Some(scan_first_and_last_eight(columns, rules))
        }
        _ if columns.is_empty() => None,
        _ => Some(scan_other(columns, rules)),
    }
}

/// The choice of [`select_columns`] over [`VECTORS_FROM`] to seven actions: in AVX-512 or AVX2
/// vectors when the CPU has them, otherwise [`scan_other`].
#[inline(never)]
fn select_few<T: KeyTable + ?Sized>(columns: &Columns<'_>, rules: &T) -> usize {
    match crate::ffi::cpu::select_few_columns(columns, rules) {
        Some(chosen) => chosen,
        None => scan_other(columns, rules),
    }
}

/// The choice of [`select_columns`] over more than `HEAD * EIGHTS` actions and up to twice
/// as many (`EIGHTS` eights of actions from each end): in AVX-512 or AVX2 vectors when the
/// CPU has them, otherwise [`scan_first_and_last_eight`] (one eight a side) or
/// [`scan_other`].
#[inline(never)]
fn select_head_and_tail<const EIGHTS: usize, T: KeyTable + ?Sized>(
    columns: &Columns<'_>,
    rules: &T,
) -> usize {
    match crate::ffi::cpu::select_head_and_tail_columns::<EIGHTS, T>(columns, rules) {
        Some(chosen) => chosen,
        None if EIGHTS == 1 => scan_first_and_last_eight(columns, rules),
        None => scan_other(columns, rules),
    }
}

/// The choice of [`select_columns`] over more than 32 actions: in AVX-512 or AVX2 vectors
/// when the CPU has them, otherwise [`scan_other`].
#[inline(never)]
fn select_many<T: KeyTable + ?Sized>(columns: &Columns<'_>, rules: &T) -> usize {
    match crate::ffi::cpu::select_many_columns(columns, rules) {
        Some(chosen) => chosen,
        None => scan_other(columns, rules),
    }
}

/// The choice of [`select_columns`] over exactly [`HEAD`] actions, a bot's usual handful:
/// their lowest bucket, then, when that bucket's only key is an integer column, the least of
/// its members' values, both as trees without a branch (other leads: [`scan_few`]). A first
/// action in bucket 0 settles the lowest bucket by a predicted branch, as over records, so
/// that the lead and its column are read without waiting for the tree; and the lead's column
/// and direction are taken by a predicted jump, so that the values are read and flipped
/// without waiting for the lead (docs/select.md).
///
/// Out of line, as [`scan_other`] is, so that each saves only the registers its own path
/// uses: with the other lengths' loops inline beside it, this path saved six registers more
/// on every call, about 20 of its instructions (docs/select.md).
#[inline(never)]
fn scan_eight<T: KeyTable + ?Sized>(head: &[u32; HEAD], columns: &Columns<'_>, rules: &T) -> usize {
    let lowest = match head[0] {
        0 => 0,
        _ => lowest_bucket(|at| head[at]),
    };
    let values = |column| {
        let raws = columns.field(column)?.first_chunk::<HEAD>()?;
        Some(|at: usize| raws[at])
    };
    match least_member_of_eight_on_branches(lowest, rules, |at| head[at], values) {
        Some(chosen) => chosen,
        None => scan_other(columns, rules),
    }
}

/// The choice of [`select_columns`] over nine to sixteen actions without the vector kernels:
/// [`scan_eight`]'s trees over the first eight actions and the last eight (overlapping below
/// sixteen): each eight's lowest bucket, then each eight's first least member of the lowest,
/// then the first eight's unless the last's is strictly less (other leads: [`scan_other`]). An
/// action in both eights holds the same key in each, and the first eight is taken first, so
/// the first least of all wins. No loop and no branch on any one action, where the general
/// scan leaves its loop for each new best: on fresh inputs it takes half the time, and a
/// little less on a learnt one (docs/select.md). From 17 to 32 actions the same trees over
/// two eights a side ran fresh inputs faster but a learnt one 1.7x slower, so those keep the
/// general scan.
#[inline(never)]
fn scan_first_and_last_eight<T: KeyTable + ?Sized>(columns: &Columns<'_>, rules: &T) -> usize {
    match least_member_of_first_and_last_eight(columns, rules) {
        Some(chosen) => chosen,
        None => scan_other(columns, rules),
    }
}

/// [`scan_first_and_last_eight`]'s own answer: `None` when there are fewer than [`HEAD`]
/// actions, when the lowest bucket is not led by an integer column alone, or in the rare case
/// that every member's value is the largest and another bucket's action comes first.
#[inline(always)]
fn least_member_of_first_and_last_eight<T: KeyTable + ?Sized>(
    columns: &Columns<'_>,
    rules: &T,
) -> Option<usize> {
    let buckets = columns.buckets;
    let last_at = buckets.len().checked_sub(HEAD)?;
    let (first, last) = (
        buckets.first_chunk::<HEAD>()?,
        buckets.last_chunk::<HEAD>()?,
    );
    let lowest = lowest_bucket(|at| first[at]).min(lowest_bucket(|at| last[at]));
    let (column, flip) = rules.lead_of(lowest).column()?;
    on_lead!(column, flip, |column, flip| {
        let values = columns.field(column)?;
        let (first_values, last_values) =
            (values.first_chunk::<HEAD>()?, values.last_chunk::<HEAD>()?);
        let order = int_order_mask(flip);
        let in_first = first_least(|at| member_key(lowest, order, first[at], first_values[at]));
        let (at, key) = first_least(|at| member_key(lowest, order, last[at], last_values[at]));
        let (chosen, _) = earlier_least(in_first, (last_at + at, key));
        // A worse bucket's action wins only on position, when every member's value is the
        // largest too.
        (buckets.get(chosen) == Some(&lowest)).then_some(chosen)
    })
}

/// The choice of [`select_columns`] over any number of actions but exactly [`HEAD`] (and over
/// those when their lowest bucket is not led by an integer column alone).
#[inline(never)]
pub(super) fn scan_other<T: KeyTable + ?Sized>(columns: &Columns<'_>, rules: &T) -> usize {
    if columns.len() <= HEAD {
        scan_few(columns, rules)
    } else {
        scan_many(columns, rules)
    }
}

/// The choice of [`select_columns`] over more than [`HEAD`] actions.
#[inline(always)]
fn scan_many<T: KeyTable + ?Sized>(columns: &Columns<'_>, rules: &T) -> usize {
    let buckets = columns.buckets;
    let first = buckets.first().copied().unwrap_or(0);
    let mut best = Best {
        index: 0,
        bucket: first,
    };
    if first != 0
        && let Some(head) = buckets.first_chunk::<HEAD>()
    {
        let (index, bucket) = scan_start(lowest_of(|at| head[at]), || {
            let next = buckets.get(HEAD..)?.first_chunk::<HEAD>()?;
            Some(lowest_of(|at| next[at]))
        });
        best = Best { index, bucket };
    }
    // Several buckets among the first eight: the scans start packed (`scan_int`).
    let mixed = buckets
        .first_chunk::<HEAD>()
        .is_some_and(|head| head.iter().any(|&bucket| bucket != first));
    // Each round scans until an action of a lower bucket appears, which happens at most once
    // per bucket value, so the actions are visited once in all.
    loop {
        let keys = rules.keys_of(best.bucket);
        let lead = keys.clone().next().unwrap_or(Key::asc(Field::Position));
        let flip = lead.direction.flip();
        let restart = match column_of(columns, &lead) {
            None => scan_position(buckets, &mut best, lead.direction),
            Some(values) if keys.len() == 1 => {
                scan_int::<true>(buckets, values, flip, mixed, &mut best, |_, _| false)
            }
            Some(values) => scan_int::<false>(buckets, values, flip, mixed, &mut best, |a, b| {
                compare_rest(columns, keys.clone(), a, b) == Ordering::Less
            }),
        };
        match restart.and_then(|at| Some((at, *buckets.get(at)?))) {
            Some((at, bucket)) => best = Best { index: at, bucket },
            None => return best.index,
        }
    }
}

/// The choice of [`select_columns`] over at most [`HEAD`] actions (at least one): their
/// lowest bucket found first, then one pass over its members. Without the general scan's
/// restarts and calls out of line, a call costs less: see `docs/select.md`.
#[inline(always)]
fn scan_few<T: KeyTable + ?Sized>(columns: &Columns<'_>, rules: &T) -> usize {
    let buckets = columns.buckets;
    // The first position of the lowest bucket (the loop compiled to conditional moves).
    let (mut best, mut bucket) = (0, buckets.first().copied().unwrap_or(0));
    for (at, &b) in buckets.iter().enumerate() {
        if b < bucket {
            (best, bucket) = (at, b);
        }
    }
    // The lead as one byte, which `Rules` keeps for every bucket: decoding the bucket's first
    // key cost a call on eight actions about 20 of its 180 instructions (docs/select.md).
    let lead = rules.lead_of(bucket);
    match lead
        .column()
        .and_then(|(index, flip)| Some((columns.field(index)?, flip)))
    {
        // A decisive integer lead: an argmin over its column that reads other buckets'
        // values as the largest, which never beats a member, each chosen without a branch
        // (as in `least_member_of_eight`).
        Some((values, flip)) => {
            let key = |raw: i64, b: u32| {
                core::hint::select_unpredictable(b == bucket, int_order(raw) ^ flip, u64::MAX)
            };
            let mut best_value = values.get(best).map_or(0, |&raw| key(raw, bucket));
            for (at, (&raw, &b)) in values.iter().zip(buckets).enumerate() {
                let candidate = key(raw, b);
                if candidate < best_value {
                    (best, best_value) = (at, candidate);
                }
            }
            best
        }
        // Otherwise each later member against the best by the whole key.
        None => {
            let keys = rules.keys_of(bucket);
            let row = |index| Row { columns, index };
            for (at, &b) in buckets.iter().enumerate().skip(best + 1) {
                if b == bucket
                    && compare_within(keys.clone(), &row(at), at, &row(best), best)
                        == Ordering::Less
                {
                    best = at;
                }
            }
            best
        }
    }
}

/// [`order`](super::order) over columns: writes the indices of the first `out.len()` actions of
/// the total order `(bucket, key, position)` to the front of `out` and returns how many it
/// wrote (`min(out.len(), columns.len())`); the rest of `out` is left as it was.
///
/// Returns, writing nothing, [`SelectError::MissingColumn`] as [`select_columns`] does and
/// [`SelectError::CapTooLarge`] when `out.len()` is above [`MAX_ORDER`](super::MAX_ORDER).
///
/// ```
/// use ordo::select::{Columns, Field, Key, Rules, order_columns};
/// // Bucket 0: damage, largest first; bucket 1: cost, smallest first.
/// const TABLE: &[&[Key]] = &[&[Key::desc(Field::Int(0))], &[Key::asc(Field::Int(1))]];
/// let rules = Rules::new(TABLE).expect("a valid table");
/// let buckets = [1, 0, 1, 0];
/// let damage = [0, 3, 0, 7];
/// let cost = [5, 0, 2, 0];
/// let columns = Columns::new(&buckets).with_field(0, &damage)?.with_field(1, &cost)?;
/// let mut plan = [0; 3];
/// assert_eq!(order_columns(&columns, &rules, &mut plan), Ok(3));
/// assert_eq!(plan, [3, 1, 2]);
/// # Ok::<(), ordo::select::SelectError>(())
/// ```
pub fn order_columns(
    columns: &Columns<'_>,
    rules: &Rules<'_>,
    out: &mut [usize],
) -> Result<usize, SelectError> {
    order_columns_in(columns, rules, out)
}

/// [`order_columns`] over any [`KeyTable`].
pub(crate) fn order_columns_in<T: KeyTable + ?Sized>(
    columns: &Columns<'_>,
    rules: &T,
    out: &mut [usize],
) -> Result<usize, SelectError> {
    columns.serve(rules)?;
    order_of(columns.len(), |index| columns.row(index), rules, out)
}

/// [`one_hot`](super::one_hot) over columns: writes 1.0 on the action [`select_columns`]
/// chooses and 0.0 on the others to `out[..columns.len()]`, and returns the chosen index.
///
/// Returns, writing nothing, [`SelectError::MissingColumn`] as [`select_columns`] does and
/// [`SelectError::BufferTooSmall`] when `out` is shorter than the columns.
pub fn one_hot_columns(
    columns: &Columns<'_>,
    rules: &Rules<'_>,
    out: &mut [f64],
) -> Result<Option<usize>, SelectError> {
    one_hot_columns_in(columns, rules, out)
}

/// [`one_hot_columns`] over any [`KeyTable`].
pub(crate) fn one_hot_columns_in<T: KeyTable + ?Sized>(
    columns: &Columns<'_>,
    rules: &T,
    out: &mut [f64],
) -> Result<Option<usize>, SelectError> {
    columns.serve(rules)?;
    one_hot_of(columns.len(), || scan_columns(columns, rules), out)
}

/// The column `key` reads, `None` for the position (and for a name or a flag, which
/// [`select_columns`] refuses before it scans).
fn column_of<'a>(columns: &Columns<'a>, key: &Key) -> Option<&'a [i64]> {
    match key.field {
        Field::Int(index) => columns.field(usize::from(index)),
        Field::Position | Field::Name | Field::Flag => None,
    }
}

/// The running choice: the best index so far and its bucket.
struct Best {
    index: usize,
    bucket: u32,
}

/// Scans from `best.index` for a bucket led by the position: the first member is preferred
/// when ascending, the last when descending. Returns the position of the first action of a
/// lower bucket, if any.
fn scan_position(buckets: &[u32], best: &mut Best, direction: Direction) -> Option<usize> {
    let start = best.index;
    for (offset, &bucket) in buckets.get(start..).unwrap_or(&[]).iter().enumerate() {
        if bucket < best.bucket {
            return Some(start + offset);
        }
        if bucket == best.bucket && direction == Direction::Descending {
            best.index = start + offset;
        }
    }
    None
}

/// Scans from `best.index` for a bucket led by the integer column `values`, read through
/// [`int_order`] and `flip` (all ones when descending) so that the smallest `u64` is
/// preferred. Returns the position of the first action of a lower bucket, if any, for the
/// caller to restart from.
///
/// `DECISIVE`: the lead is the bucket's only key, so an equal value loses to the earlier
/// incumbent and only a smaller value is a candidate. Otherwise an equal value is a candidate
/// and `beats(candidate, incumbent)` decides by the rest of the key.
///
/// `mixed`: the first eight actions hold several buckets, so the [`PACKED_PREFIX`] actions
/// from the block of eight holding the best go to [`scan_packed`], while the best is still
/// easy to beat by value and actions of worse buckets often do; the rest to [`scan_values`],
/// whose test costs less once they rarely do.
fn scan_int<const DECISIVE: bool>(
    buckets: &[u32],
    values: &[i64],
    flip: u64,
    mixed: bool,
    best: &mut Best,
    mut beats: impl FnMut(usize, usize) -> bool,
) -> Option<usize> {
    let mut from = best.index;
    if mixed {
        // From the block that holds the best: the actions before it in that block are of
        // worse buckets (the scan met none of a lower one), which never pass the packed test,
        // and whole blocks spare the loop for the remainder.
        let aligned = from - from % BLOCK;
        let end = aligned.saturating_add(PACKED_PREFIX).min(values.len());
        let prefix = (
            buckets.get(..end).unwrap_or(buckets),
            values.get(..end).unwrap_or(values),
        );
        if let Some(restart) = scan_packed::<DECISIVE>(prefix, aligned, flip, best, &mut beats) {
            return Some(restart);
        }
        if end == values.len() {
            return None;
        }
        from = end;
    }
    // Bucket 0 has nothing below it, so its scan needs no test of the bucket: a loop of its
    // own rather than a flag tested in the shared loop.
    if best.bucket == 0 {
        scan_values::<DECISIVE, true>(buckets, values, flip, from, best, beats)
    } else {
        scan_values::<DECISIVE, false>(buckets, values, flip, from, best, beats)
    }
}

/// [`scan_int`] for a bucket with nothing below it (`LOWEST`) or not.
///
/// The scan, from `start`, is a bare argmin over `values` that reads an action's bucket only
/// when its value beats the best (rare with one bucket, and late in a long scan) or, unless
/// `LOWEST`, to find a lower bucket. An action of a worse bucket that beats the best by value
/// is tested and passed over.
// Out of line: inlined into `select_columns`, the loop's state no longer fits in registers.
#[inline(never)]
fn scan_values<const DECISIVE: bool, const LOWEST: bool>(
    buckets: &[u32],
    values: &[i64],
    flip: u64,
    start: usize,
    best: &mut Best,
    mut beats: impl FnMut(usize, usize) -> bool,
) -> Option<usize> {
    let value = |raw: i64| int_order(raw) ^ flip;
    let mut best_value = values.get(best.index).map_or(0, |&raw| value(raw));
    // Offers the action at `position`; returns it when it belongs to a lower bucket.
    let offer = |position: usize, raw: i64, bucket: u32| -> Option<usize> {
        let key = value(raw);
        let candidate = if DECISIVE {
            key < best_value
        } else {
            key <= best_value
        };
        if candidate | (!LOWEST & (bucket < best.bucket)) {
            // Rare: out of the hot loop, which then stays a compare and a predicted branch
            // instead of a chain of conditional moves through the best.
            crate::cold_path();
            if bucket < best.bucket {
                return Some(position);
            }
            // Not a lower bucket, so the value made it a candidate.
            if bucket == best.bucket
                && (DECISIVE || key < best_value || beats(position, best.index))
            {
                best.index = position;
                best_value = key;
            }
        }
        None
    };
    first_lower(buckets, values, start, offer)
}

/// [`scan_int`] over mixed buckets: each action's bucket and value packed into one `u128`, so
/// that one comparison finds both a lower bucket and a better member, and an action of a worse
/// bucket, which packs larger, never leaves the loop. Two instructions an action more than
/// [`scan_values`]'s test, whose branch is also taken for every action of a worse bucket with
/// a better value: on mixed buckets, a branch no predictor learns on inputs it has not seen
/// (docs/select.md).
///
/// Scans from `start`, at or before `best.index`: every action before the best is of a worse
/// bucket, so it packs larger and is passed over.
#[inline(never)]
fn scan_packed<const DECISIVE: bool>(
    (buckets, values): (&[u32], &[i64]),
    start: usize,
    flip: u64,
    best: &mut Best,
    mut beats: impl FnMut(usize, usize) -> bool,
) -> Option<usize> {
    let pack = |bucket: u32, raw: i64| packed(bucket, int_order(raw) ^ flip);
    let mut best_key = values
        .get(best.index)
        .map_or(0, |&raw| pack(best.bucket, raw));
    let offer = |position: usize, raw: i64, bucket: u32| -> Option<usize> {
        let key = pack(bucket, raw);
        let candidate = if DECISIVE {
            key < best_key
        } else {
            key <= best_key
        };
        if candidate {
            crate::cold_path();
            if bucket < best.bucket {
                return Some(position);
            }
            // Of the best's bucket: a worse one packs larger.
            if DECISIVE || key < best_key || beats(position, best.index) {
                best.index = position;
                best_key = key;
            }
        }
        None
    };
    first_lower(buckets, values, start, offer)
}

/// Offers the actions from `start` on to `offer(position, value, bucket)`, which returns the
/// position of an action of a lower bucket, and returns the first it returns. In blocks,
/// unrolled: the loop's own counting would cost as much as an offer's test.
#[inline(always)]
fn first_lower(
    buckets: &[u32],
    values: &[i64],
    start: usize,
    mut offer: impl FnMut(usize, i64, u32) -> Option<usize>,
) -> Option<usize> {
    let (blocks, rest) = values.get(start..).unwrap_or(&[]).as_chunks::<BLOCK>();
    let (bucket_blocks, bucket_rest) = buckets.get(start..).unwrap_or(&[]).as_chunks::<BLOCK>();
    let mut base = start;
    for (block, bucket_block) in blocks.iter().zip(bucket_blocks) {
        for (offset, (&raw, &bucket)) in block.iter().zip(bucket_block).enumerate() {
            if let Some(restart) = offer(base + offset, raw, bucket) {
                return Some(restart);
            }
        }
        base += BLOCK;
    }
    for (offset, (&raw, &bucket)) in rest.iter().zip(bucket_rest).enumerate() {
        if let Some(restart) = offer(base + offset, raw, bucket) {
            return Some(restart);
        }
    }
    None
}

/// Compares actions `a` and `b`, whose lead values are equal, by the other `keys` and then by
/// position, as [`compare_within`] compares records.
fn compare_rest(
    columns: &Columns<'_>,
    keys: impl Iterator<Item = Key>,
    a: usize,
    b: usize,
) -> Ordering {
    let row = |index| Row { columns, index };
    compare_within(keys.skip(1), &row(a), a, &row(b), b)
}

/// One action of the columns, read as an [`Action`] (no name, no flag: the rules were checked
/// not to read them).
struct Row<'c, 'a> {
    columns: &'c Columns<'a>,
    index: usize,
}

impl Action for Row<'_, '_> {
    fn bucket(&self) -> u32 {
        self.columns
            .buckets
            .get(self.index)
            .copied()
            .unwrap_or(u32::MAX)
    }

    fn int(&self, index: usize) -> i64 {
        let column = self.columns.field(index).unwrap_or(&[]);
        column.get(self.index).copied().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::vec::Vec;

    use super::*;

    /// The seed's two-pass choice, literally: the members of the lowest bucket, then the
    /// first of them least by that bucket's keys (input order without keys).
    fn two_pass(buckets: &[u32], fields: &[&[i64]; 2], rules: &Rules<'_>) -> Option<usize> {
        let lowest = *buckets.iter().min()?;
        let members: Vec<usize> = (0..buckets.len())
            .filter(|&i| buckets[i] == lowest)
            .collect();
        let key = |i: usize| -> Vec<i128> {
            let keys = rules.keys(lowest);
            let read = |key: &Key| -> i128 {
                let value = match key.field {
                    Field::Int(column) => i128::from(fields[usize::from(column)][i]),
                    Field::Position => i as i128,
                    Field::Name | Field::Flag => unreachable!("integer tables only"),
                };
                match key.direction {
                    Direction::Ascending => value,
                    Direction::Descending => -value,
                }
            };
            keys.iter().map(read).collect()
        };
        members
            .into_iter()
            .min_by(|&a, &b| key(a).cmp(&key(b)).then(a.cmp(&b)))
    }

    /// The portable choice over nine to 32 actions (the trees over the first and last eight
    /// to sixteen, the general scan past it) is the seed's two-pass `min`'s: every such
    /// length, a lowest bucket led by either column in either direction, by two keys or by
    /// none; buckets from one to many, values with ties and both extremes, and the rare case
    /// where every member holds the largest.
    #[test]
    fn the_portable_trees_choose_as_the_two_pass() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut below = |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        let leads = [
            Key::asc(Field::Int(0)),
            Key::desc(Field::Int(0)),
            Key::asc(Field::Int(1)),
            Key::desc(Field::Int(1)),
            Key::asc(Field::Position),
        ];
        let cases = if cfg!(miri) { 240 } else { 40_000 };
        for case in 0..cases {
            let n = 9 + case % 24;
            let rule = [leads[below(5) as usize], leads[below(5) as usize]];
            let len = [0, 1, 1, 1, 2][below(5) as usize];
            let rules_of: [&[Key]; 4] = [&rule[..len]; 4];
            let rules = Rules::new(&rules_of).expect("a valid table");
            let spread = [1, 2, 5][below(3) as usize];
            let base = below(3) as u32;
            let largest = below(8) == 0;
            let buckets: Vec<u32> = (0..n).map(|_| base + below(spread) as u32).collect();
            let mut value = || match below(8) {
                _ if largest => i64::MAX,
                0 => i64::MIN,
                1 => i64::MAX,
                _ => below(5) as i64 - 2,
            };
            let fields: [Vec<i64>; 2] = [
                (0..n).map(|_| value()).collect(),
                (0..n).map(|_| value()).collect(),
            ];
            let columns = Columns::new(&buckets)
                .with_field(0, &fields[0])
                .and_then(|c| c.with_field(1, &fields[1]))
                .expect("equal lengths");
            let expected = two_pass(&buckets, &[&fields[0], &fields[1]], &rules);
            assert_eq!(
                select_columns_portable(&columns, &rules),
                expected,
                "case {case}: {n} actions, buckets {buckets:?}, fields {fields:?}, rule {:?}",
                &rule[..len],
            );
            // The trees answer by themselves whenever the lowest bucket is led by an integer
            // column alone, but when every member holds the largest value: a tree that
            // declined would leave the choice to the general scan, the same answer, slower.
            if n <= 2 * HEAD {
                let own = least_member_of_first_and_last_eight(&columns, &rules);
                let lowest = buckets.iter().min().copied().unwrap_or(0);
                match (rules.lead_of(lowest).column(), own) {
                    (None, own) => assert_eq!(own, None, "case {case}: not led by a column"),
                    (Some(_), Some(chosen)) => assert_eq!(Some(chosen), expected),
                    (Some((column, flip)), None) => assert!(
                        (0..n).all(|at| buckets[at] != lowest
                            || fields[column][at] as u64 ^ int_order_mask(flip) == u64::MAX),
                        "case {case}: the trees declined {n} actions, buckets {buckets:?}",
                    ),
                }
            }
        }
    }
}
