//! C face of [`crate::select`]: bucket selection over an array of `ordo_select_action`s and
//! an `ordo_select_rules` table.
//!
//! Every function checks, before it writes anything: the pointers (`ORDO_ERR_NULL_POINTER`;
//! an array may be NULL only when its length is 0), every action's name (NULL with a
//! non-zero length: `ORDO_ERR_NULL_POINTER`) and flag (other than 0 or 1:
//! `ORDO_ERR_INVALID_ARGUMENT`), the rule table (more than
//! `ORDO_SELECT_MAX_BUCKETS` buckets or `ORDO_SELECT_MAX_KEYS` keys:
//! `ORDO_ERR_CAPACITY_EXCEEDED`; an unknown field or direction: `ORDO_ERR_INVALID_ARGUMENT`),
//! then the cap (`ORDO_ERR_CAPACITY_EXCEEDED`) and the output length
//! (`ORDO_ERR_BUFFER_TOO_SMALL`).
//!
//! `ordo_select_prepare` checks a table once and keeps it as an `ordo_select_prepared_rules`,
//! which `ordo_select_prepared`, `ordo_select_prepared_order`, `ordo_select_prepared_one_hot`
//! and the `ordo_select_prepared_columnar*` three read without checking it again (only its
//! tag): the same choices, for an engine that calls them many times with one table.

use core::ffi::c_char;
use core::marker::PhantomData;

use super::{
    flag, input_ref, input_slice, optional_output, ordo_status, output_ref, output_slice,
    status_of_result,
};
use crate::select::{self, Action, Direction, Field, Key, KeyTable, SelectError};

/// The number of integer fields of an action (`fields[0..ORDO_SELECT_FIELDS]`); a key's
/// `field` below this value names that integer field.
pub const ORDO_SELECT_FIELDS: usize = 4;
/// The most buckets an `ordo_select_rules` table describes.
pub const ORDO_SELECT_MAX_BUCKETS: usize = 16;
/// The most keys one bucket's rule lists.
pub const ORDO_SELECT_MAX_KEYS: usize = 8;
/// The largest `cap` `ordo_select_order` accepts.
pub const ORDO_SELECT_MAX_ORDER: usize = 64;
const _: () = assert!(ORDO_SELECT_FIELDS == select::FIELDS);
const _: () = assert!(ORDO_SELECT_MAX_BUCKETS == select::MAX_BUCKETS);
const _: () = assert!(ORDO_SELECT_MAX_KEYS == select::MAX_KEYS);
const _: () = assert!(ORDO_SELECT_MAX_ORDER == select::MAX_ORDER);
const _: () = assert!(ORDO_SELECT_FIELDS <= u8::MAX as usize);

/// Key field: the name, compared byte-wise as unsigned bytes (a proper prefix sorts first).
pub const ORDO_SELECT_FIELD_NAME: u32 = 0x100;
/// Key field: the flag (0 before non-zero).
pub const ORDO_SELECT_FIELD_FLAG: u32 = 0x101;
/// Key field: the action's index in the input array.
pub const ORDO_SELECT_FIELD_POSITION: u32 = 0x102;
/// Key direction: smaller values are preferred.
pub const ORDO_SELECT_ASCENDING: u32 = 0;
/// Key direction: larger values are preferred.
pub const ORDO_SELECT_DESCENDING: u32 = 1;

/// Preset bucket 0: pending choices; name, then index.
pub const ORDO_SELECT_PRESET_PENDING: u32 = 0;
/// Preset bucket 1: purchase; cost descending, then name.
pub const ORDO_SELECT_PRESET_PURCHASE: u32 = 1;
/// Preset bucket 2: base ability; name.
pub const ORDO_SELECT_PRESET_BASE_ABILITY: u32 = 2;
/// Preset bucket 3: play card; name.
pub const ORDO_SELECT_PRESET_PLAY_CARD: u32 = 3;
/// Preset bucket 4: attack base; outposts (flag set) first, defense descending, cost
/// descending, name descending.
pub const ORDO_SELECT_PRESET_ATTACK_BASE: u32 = 4;
/// Preset bucket 5: attack opponent; index.
pub const ORDO_SELECT_PRESET_ATTACK_OPPONENT: u32 = 5;
/// Preset bucket 6: end turn; index.
pub const ORDO_SELECT_PRESET_END_TURN: u32 = 6;
/// The preset's integer field holding a card's cost.
pub const ORDO_SELECT_PRESET_COST: usize = 0;
/// The preset's integer field holding a base's defense.
pub const ORDO_SELECT_PRESET_DEFENSE: usize = 1;
const _: () = assert!(ORDO_SELECT_PRESET_PENDING == select::preset::PENDING);
const _: () = assert!(ORDO_SELECT_PRESET_PURCHASE == select::preset::PURCHASE);
const _: () = assert!(ORDO_SELECT_PRESET_BASE_ABILITY == select::preset::BASE_ABILITY);
const _: () = assert!(ORDO_SELECT_PRESET_PLAY_CARD == select::preset::PLAY_CARD);
const _: () = assert!(ORDO_SELECT_PRESET_ATTACK_BASE == select::preset::ATTACK_BASE);
const _: () = assert!(ORDO_SELECT_PRESET_ATTACK_OPPONENT == select::preset::ATTACK_OPPONENT);
const _: () = assert!(ORDO_SELECT_PRESET_END_TURN == select::preset::END_TURN);
const _: () = assert!(ORDO_SELECT_PRESET_COST == select::preset::COST);
const _: () = assert!(ORDO_SELECT_PRESET_DEFENSE == select::preset::DEFENSE);

/// One legal action.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ordo_select_action {
    /// The action's bucket; lower buckets are preferred. Buckets at or past the table's
    /// `bucket_count` order by index alone.
    pub bucket: u32,
    /// The flag: 0 (false) or 1 (true); any other value is refused with
    /// `ORDO_ERR_INVALID_ARGUMENT`.
    pub flag: u8,
    /// The integer fields the keys read.
    pub fields: [i64; ORDO_SELECT_FIELDS],
    /// The name's bytes (not necessarily NUL-terminated); may be NULL when `name_len` is 0.
    pub name: *const c_char,
    /// The name's length in bytes.
    pub name_len: usize,
}

/// One tie-break key.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ordo_select_key {
    /// `0..ORDO_SELECT_FIELDS` for an integer field, or `ORDO_SELECT_FIELD_NAME`,
    /// `ORDO_SELECT_FIELD_FLAG`, `ORDO_SELECT_FIELD_POSITION`.
    pub field: u32,
    /// `ORDO_SELECT_ASCENDING` or `ORDO_SELECT_DESCENDING`.
    pub direction: u32,
}

/// One bucket's rule: `keys[0..key_count]`, most significant first (none: index order).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ordo_select_rule {
    /// How many of `keys` are used (at most `ORDO_SELECT_MAX_KEYS`).
    pub key_count: u32,
    /// The keys; entries from `key_count` on are ignored.
    pub keys: [ordo_select_key; ORDO_SELECT_MAX_KEYS],
}

/// A rule table: `buckets[b]` is bucket `b`'s rule for `b < bucket_count`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ordo_select_rules {
    /// How many of `buckets` are used (at most `ORDO_SELECT_MAX_BUCKETS`).
    pub bucket_count: u32,
    /// The rules; entries from `bucket_count` on are ignored.
    pub buckets: [ordo_select_rule; ORDO_SELECT_MAX_BUCKETS],
}

/// What is wrong with a rule table (`ordo_select_rules_error::kind`).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ordo_select_rules_error_kind {
    /// `bucket_count` is above `ORDO_SELECT_MAX_BUCKETS` (`ORDO_ERR_CAPACITY_EXCEEDED`).
    ORDO_SELECT_RULES_TOO_MANY_BUCKETS = 1,
    /// A rule's `key_count` is above `ORDO_SELECT_MAX_KEYS` (`ORDO_ERR_CAPACITY_EXCEEDED`).
    ORDO_SELECT_RULES_TOO_MANY_KEYS = 2,
    /// A key's `field` is neither below `ORDO_SELECT_FIELDS` nor an `ORDO_SELECT_FIELD_*`
    /// (`ORDO_ERR_INVALID_ARGUMENT`).
    ORDO_SELECT_RULES_UNKNOWN_FIELD = 3,
    /// A key's `direction` is neither `ORDO_SELECT_ASCENDING` nor `ORDO_SELECT_DESCENDING`
    /// (`ORDO_ERR_INVALID_ARGUMENT`).
    ORDO_SELECT_RULES_UNKNOWN_DIRECTION = 4,
}

/// Where and why `ordo_select_check_rules` refused a table.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ordo_select_rules_error {
    /// The bucket whose rule is at fault (0 for `ORDO_SELECT_RULES_TOO_MANY_BUCKETS`).
    pub bucket: u32,
    /// The key at fault within that rule (0 for the two `TOO_MANY` kinds).
    pub key: u32,
    /// The value refused: the bucket count, the key count, the field or the direction.
    pub value: u32,
    /// An `ordo_select_rules_error_kind`.
    pub kind: ordo_select_rules_error_kind,
}

/// The status every `ordo_select*` call returns for a table with this problem.
impl From<ordo_select_rules_error> for ordo_status {
    fn from(error: ordo_select_rules_error) -> ordo_status {
        use ordo_select_rules_error_kind::*;
        match error.kind {
            ORDO_SELECT_RULES_TOO_MANY_BUCKETS | ORDO_SELECT_RULES_TOO_MANY_KEYS => {
                ordo_status::ORDO_ERR_CAPACITY_EXCEEDED
            }
            ORDO_SELECT_RULES_UNKNOWN_FIELD | ORDO_SELECT_RULES_UNKNOWN_DIRECTION => {
                ordo_status::ORDO_ERR_INVALID_ARGUMENT
            }
        }
    }
}

/// An `ordo_select_action` whose name has been checked: NULL only with length 0, and a length
/// that fits in `isize`. Only [`checked_actions`] makes these.
#[repr(transparent)]
struct CheckedAction<'a>(ordo_select_action, PhantomData<&'a [u8]>);

impl Action for CheckedAction<'_> {
    #[inline]
    fn bucket(&self) -> u32 {
        self.0.bucket
    }
    #[inline]
    fn int(&self, index: usize) -> i64 {
        self.0.fields.get(index).copied().unwrap_or(0)
    }
    #[inline]
    fn name(&self) -> &[u8] {
        // NULL only with length 0 (checked), so a non-NULL empty name needs no test here.
        if self.0.name.is_null() {
            return &[];
        }
        // SAFETY:
        // - `checked_actions` made this value only after checking that a non-NULL `name`
        //   comes with a length that fits in `isize`;
        // - the C caller guarantees that `name` points to `name_len` readable bytes that stay
        //   valid and unmodified for the call, which outlives `'a` and this borrow.
        unsafe { core::slice::from_raw_parts(self.0.name.cast::<u8>(), self.0.name_len) }
    }
    #[inline]
    fn flag(&self) -> bool {
        // 0 or 1: `checked_actions` refused the rest.
        self.0.flag != 0
    }
}

/// Checks every action's name and flag and views the array as [`CheckedAction`]s.
fn checked_actions<'a>(
    actions: &'a [ordo_select_action],
) -> Result<&'a [CheckedAction<'a>], ordo_status> {
    // Folded without a branch per action; the offending action is looked for only on failure.
    // A length is suspect when it is not 0 and its name is NULL, or when its top bit is set; a
    // flag when a bit other than the lowest is set. Each kind has an accumulator of its own,
    // so that an action costs three ORs and a conditional move.
    let (mut lengths, mut flags, mut null_lengths) = (0usize, 0u8, 0usize);
    for action in actions {
        lengths |= action.name_len;
        flags |= action.flag;
        null_lengths |= if action.name.is_null() {
            action.name_len
        } else {
            0
        };
    }
    let suspect = (lengths >> (usize::BITS - 1)) | usize::from(flags & !1) | null_lengths;
    if suspect != 0 {
        // The first action with a problem names it.
        for action in actions {
            if action.name.is_null() && action.name_len != 0 {
                return Err(ordo_status::ORDO_ERR_NULL_POINTER);
            }
            if action.name_len > isize::MAX as usize {
                return Err(ordo_status::ORDO_ERR_INVALID_ARGUMENT);
            }
            flag(action.flag)?;
        }
    }
    let checked: *const [CheckedAction<'a>] =
        core::ptr::slice_from_raw_parts(actions.as_ptr().cast(), actions.len());
    // SAFETY:
    // - `CheckedAction` is `repr(transparent)` over `ordo_select_action` (its other field is
    //   a zero-sized `PhantomData`), so the layouts and the slice length agree;
    // - every element was checked above, which is `CheckedAction`'s invariant;
    // - the new slice borrows `actions` for the same `'a`.
    Ok(unsafe { &*checked })
}

/// A C key as a [`Key`], or why it is refused: an unknown field or direction, with the value.
fn key_from_c(key: &ordo_select_key) -> Result<Key, (ordo_select_rules_error_kind, u32)> {
    use ordo_select_rules_error_kind::{
        ORDO_SELECT_RULES_UNKNOWN_DIRECTION, ORDO_SELECT_RULES_UNKNOWN_FIELD,
    };
    let field = match key.field {
        ORDO_SELECT_FIELD_NAME => Field::Name,
        ORDO_SELECT_FIELD_FLAG => Field::Flag,
        ORDO_SELECT_FIELD_POSITION => Field::Position,
        index => match u8::try_from(index) {
            Ok(small) if usize::from(small) < ORDO_SELECT_FIELDS => Field::Int(small),
            _ => return Err((ORDO_SELECT_RULES_UNKNOWN_FIELD, key.field)),
        },
    };
    let direction = match key.direction {
        ORDO_SELECT_ASCENDING => Direction::Ascending,
        ORDO_SELECT_DESCENDING => Direction::Descending,
        _ => return Err((ORDO_SELECT_RULES_UNKNOWN_DIRECTION, key.direction)),
    };
    Ok(Key { field, direction })
}

fn key_to_c(key: &Key) -> ordo_select_key {
    ordo_select_key {
        field: match key.field {
            Field::Int(index) => u32::from(index),
            Field::Name => ORDO_SELECT_FIELD_NAME,
            Field::Flag => ORDO_SELECT_FIELD_FLAG,
            Field::Position => ORDO_SELECT_FIELD_POSITION,
        },
        direction: match key.direction {
            Direction::Ascending => ORDO_SELECT_ASCENDING,
            Direction::Descending => ORDO_SELECT_DESCENDING,
        },
    }
}

/// An `ordo_select_rules` table that has been checked: at most `ORDO_SELECT_MAX_BUCKETS`
/// buckets, each of at most `ORDO_SELECT_MAX_KEYS` keys, every described key's field and
/// direction known. The scans read it in place through [`KeyTable`]; only [`checked_rules`]
/// makes these.
#[derive(Clone, Copy)]
struct CheckedRules<'t> {
    buckets: &'t [ordo_select_rule],
    reads: u8,
}

/// Checks a C table and returns its first problem: buckets in order; within a rule, its key
/// count, then its keys in order, a key's field before its direction.
fn checked_rules(table: &ordo_select_rules) -> Result<CheckedRules<'_>, ordo_select_rules_error> {
    use ordo_select_rules_error_kind::{
        ORDO_SELECT_RULES_TOO_MANY_BUCKETS, ORDO_SELECT_RULES_TOO_MANY_KEYS,
    };
    let fault = |kind, bucket, key, value| ordo_select_rules_error {
        bucket,
        key,
        value,
        kind,
    };
    let buckets = usize::try_from(table.bucket_count)
        .ok()
        .and_then(|count| table.buckets.get(..count))
        .ok_or_else(|| fault(ORDO_SELECT_RULES_TOO_MANY_BUCKETS, 0, 0, table.bucket_count))?;
    let mut reads = 0;
    for (bucket, rule) in (0..).zip(buckets) {
        let keys = keys_of_rule(rule)
            .ok_or_else(|| fault(ORDO_SELECT_RULES_TOO_MANY_KEYS, bucket, 0, rule.key_count))?;
        for (index, key) in (0..).zip(keys) {
            let key = key_from_c(key).map_err(|(kind, value)| fault(kind, bucket, index, value))?;
            reads |= select::field_bit(key.field);
        }
    }
    Ok(CheckedRules { buckets, reads })
}

/// A rule's keys, `keys[..key_count]`; `None` when `key_count` is too large.
fn keys_of_rule(rule: &ordo_select_rule) -> Option<&[ordo_select_key]> {
    rule.keys.get(..usize::try_from(rule.key_count).ok()?)
}

/// Whether some key of `rules` reads a name or a flag, which C columns cannot serve.
fn reads_name_or_flag<T: KeyTable + ?Sized>(rules: &T) -> bool {
    rules.reads() & (select::field_bit(Field::Name) | select::field_bit(Field::Flag)) != 0
}

impl KeyTable for CheckedRules<'_> {
    type Keys<'k>
        = CheckedKeys<'k>
    where
        Self: 'k;

    #[inline]
    fn keys_of(&self, bucket: u32) -> CheckedKeys<'_> {
        let rule = usize::try_from(bucket)
            .ok()
            .and_then(|bucket| self.buckets.get(bucket));
        CheckedKeys(rule.and_then(keys_of_rule).unwrap_or(&[]).iter())
    }

    #[inline]
    fn reads(&self) -> u8 {
        self.reads
    }
}

/// A checked rule's keys, decoded one by one as the scan reads them.
#[derive(Clone)]
struct CheckedKeys<'k>(core::slice::Iter<'k, ordo_select_key>);

impl Iterator for CheckedKeys<'_> {
    type Item = Key;

    #[inline]
    fn next(&mut self) -> Option<Key> {
        self.0.next().map(key_from_checked)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl ExactSizeIterator for CheckedKeys<'_> {}

/// [`key_from_c`] for a key [`checked_rules`] accepted, without a failure path. The scans
/// decode keys as they read them; going through `key_from_c` there made the C call 5-7 %
/// slower (criterion A/B, preset, 8 to 1000 actions).
#[inline]
fn key_from_checked(key: &ordo_select_key) -> Key {
    Key {
        field: match key.field {
            ORDO_SELECT_FIELD_NAME => Field::Name,
            ORDO_SELECT_FIELD_FLAG => Field::Flag,
            ORDO_SELECT_FIELD_POSITION => Field::Position,
            // Checked to be below ORDO_SELECT_FIELDS, which fits in a u8.
            index => Field::Int(index as u8),
        },
        direction: if key.direction == ORDO_SELECT_DESCENDING {
            Direction::Descending
        } else {
            Direction::Ascending
        },
    }
}

unsafe fn inputs<'a>(
    actions: *const ordo_select_action,
    action_count: usize,
    rules: *const ordo_select_rules,
) -> Result<(&'a [CheckedAction<'a>], &'a ordo_select_rules), ordo_status> {
    // SAFETY: the caller guarantees `actions` points to `action_count` readable actions
    // valid for the call (or is NULL, which `input_slice` handles).
    let actions = unsafe { input_slice(actions, action_count) }?;
    // SAFETY: the caller guarantees a non-NULL `rules` points to a readable table that stays
    // valid for the call; `input_ref` refuses NULL and a misaligned pointer.
    let rules = unsafe { input_ref(rules) }?;
    Ok((checked_actions(actions)?, rules))
}

/// Selects the first action in the order (bucket, the bucket's key, index) and writes its
/// index to `*chosen`; with no actions, writes `ORDO_SELECT_NONE`.
///
/// Returns `ORDO_ERR_NULL_POINTER` (NULL `rules` or `chosen`, NULL `actions` with a non-zero
/// count, a NULL name with a non-zero length), `ORDO_ERR_CAPACITY_EXCEEDED` (a table over
/// its bounds) or `ORDO_ERR_INVALID_ARGUMENT` (an unknown field or direction, a `name_len`
/// above `PTRDIFF_MAX`, a `flag` other than 0 or 1, a misaligned pointer), writing nothing.
///
/// # Safety
/// `actions` must point to `action_count` readable actions (or be NULL with a count of 0),
/// each non-NULL `name` to `name_len` readable bytes; `rules` must point to a readable table
/// and `chosen` to a writable `size_t`. All must stay valid, and the inputs unmodified, for
/// the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_select(
    actions: *const ordo_select_action,
    action_count: usize,
    rules: *const ordo_select_rules,
    chosen: *mut usize,
) -> ordo_status {
    status_of_result((|| {
        // SAFETY: forwarded from this function's contract.
        let (actions, table) = unsafe { inputs(actions, action_count, rules) }?;
        // SAFETY: the caller guarantees a non-NULL `chosen` is writable and exclusively ours.
        let chosen = unsafe { output_ref(chosen) }?;
        let rules = checked_rules(table)?;
        *chosen = select::select_scan(actions, &rules).unwrap_or(ORDO_SELECT_NONE);
        Ok(())
    })())
}

/// `*chosen` after `ordo_select` or `ordo_select_columnar` on zero actions: `SIZE_MAX`.
// The header spells it `SIZE_MAX` (cbindgen.toml's `after_includes`), usable in `#if`.
pub const ORDO_SELECT_NONE: usize = usize::MAX;

/// Writes the indices of the first `min(cap, action_count)` actions in the order (bucket,
/// the bucket's key, index) to `out[0..]` and their number to `*out_count`; the rest of `out` is
/// left as it was.
///
/// Returns, writing nothing: `ORDO_ERR_NULL_POINTER` (NULL `rules` or `out_count`, a NULL array
/// with a non-zero length, a NULL name with a non-zero length), `ORDO_ERR_CAPACITY_EXCEEDED`
/// (a table over its bounds, or `cap > ORDO_SELECT_MAX_ORDER`), `ORDO_ERR_INVALID_ARGUMENT`
/// (as for `ordo_select`), `ORDO_ERR_BUFFER_TOO_SMALL` (`out_len <
/// min(cap, action_count)`).
///
/// # Safety
/// As for `ordo_select`; `out` must point to `out_len` writable `size_t`s (or be NULL with
/// `out_len` 0) that nothing else accesses during the call, and `out_count` to a writable
/// `size_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_select_order(
    actions: *const ordo_select_action,
    action_count: usize,
    rules: *const ordo_select_rules,
    cap: usize,
    out: *mut usize,
    out_len: usize,
    out_count: *mut usize,
) -> ordo_status {
    status_of_result((|| {
        // SAFETY: forwarded from this function's contract.
        let (actions, table) = unsafe { inputs(actions, action_count, rules) }?;
        // SAFETY: forwarded from this function's contract.
        let (out, out_count) = unsafe { order_outputs(out, out_len, out_count) }?;
        write_order(actions, &checked_rules(table)?, cap, out, out_count)
    })())
}

/// An order's outputs: `out_len` entries at `out` and the count at `out_count`, checked.
///
/// # Safety
/// A non-NULL `out` must point to `out_len` writable `size_t`s, and a non-NULL `out_count` to
/// a writable `size_t`, that nothing else accesses during the call.
unsafe fn order_outputs<'a>(
    out: *mut usize,
    out_len: usize,
    out_count: *mut usize,
) -> Result<(&'a mut [usize], &'a mut usize), ordo_status> {
    // SAFETY: the caller guarantees a non-NULL `out` points to `out_len` writable, exclusively
    // ours `size_t`s; `output_slice` refuses NULL with a non-zero length and misalignment.
    let out = unsafe { output_slice(out, out_len) }?;
    // SAFETY: the caller guarantees a non-NULL `out_count` is writable and exclusively ours;
    // `output_ref` refuses NULL and misalignment.
    let out_count = unsafe { output_ref(out_count) }?;
    Ok((out, out_count))
}

/// The order's check of `cap` and of `out`'s length, then the order itself, once the inputs
/// and the table have passed theirs.
fn write_order<T: KeyTable + ?Sized>(
    actions: &[CheckedAction<'_>],
    rules: &T,
    cap: usize,
    out: &mut [usize],
    out_count: &mut usize,
) -> Result<(), ordo_status> {
    if cap > ORDO_SELECT_MAX_ORDER {
        return Err(ordo_status::ORDO_ERR_CAPACITY_EXCEEDED);
    }
    let wanted = cap.min(actions.len());
    let out = out
        .get_mut(..wanted)
        .ok_or(ordo_status::ORDO_ERR_BUFFER_TOO_SMALL)?;
    *out_count = select::order_in(actions, rules, out)
        .map_err(|_| ordo_status::ORDO_ERR_CAPACITY_EXCEEDED)?;
    Ok(())
}

/// Writes the one-hot distribution over the actions (a policy's action probabilities, all on
/// the choice) to `out[0..action_count]`: 1.0 on the action `ordo_select` chooses, 0.0 on
/// every other (nothing when there are no actions).
///
/// Returns, writing nothing: `ORDO_ERR_NULL_POINTER`, `ORDO_ERR_CAPACITY_EXCEEDED` and
/// `ORDO_ERR_INVALID_ARGUMENT` as `ordo_select` does (`out` may be NULL only when `out_len`
/// is 0), `ORDO_ERR_BUFFER_TOO_SMALL` when `out_len < action_count`.
///
/// # Safety
/// As for `ordo_select`; `out` must point to `out_len` writable doubles (or be NULL with
/// `out_len` 0) that nothing else accesses during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_select_one_hot(
    actions: *const ordo_select_action,
    action_count: usize,
    rules: *const ordo_select_rules,
    out: *mut f64,
    out_len: usize,
) -> ordo_status {
    status_of_result((|| {
        // SAFETY: forwarded from this function's contract.
        let (actions, table) = unsafe { inputs(actions, action_count, rules) }?;
        // SAFETY: the caller guarantees a non-NULL `out` points to `out_len` writable,
        // exclusively ours doubles.
        let out = unsafe { output_slice(out, out_len) }?;
        write_one_hot(actions, &checked_rules(table)?, out)
    })())
}

/// The one-hot distribution, once the inputs and the table have passed their checks.
fn write_one_hot<T: KeyTable + ?Sized>(
    actions: &[CheckedAction<'_>],
    rules: &T,
    out: &mut [f64],
) -> Result<(), ordo_status> {
    select::one_hot_in(actions, rules, out)
        .map(|_| ())
        .map_err(|_| ordo_status::ORDO_ERR_BUFFER_TOO_SMALL)
}

/// The size of an `ordo_select_prepared_rules`, in bytes.
pub const ORDO_SELECT_PREPARED_BYTES: usize = 176;

/// A rule table checked once, by `ordo_select_prepare()`, and kept in the form the scans
/// read: for an engine that calls `ordo_select_prepared*()` many times with one table (a
/// planner's rollouts), each call then skips the check that `ordo_select()` makes of its
/// table.
///
/// The caller owns the storage (stack, heap, static); its contents are private. It holds no
/// pointers: copy it with `memcpy`, share it read-only between threads, discard it without any
/// call; it stays valid when the table it was prepared from changes or goes away. Its layout
/// belongs to the library that wrote it: do not store it across library versions.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ordo_select_prepared_rules {
    /// Private; written by `ordo_select_prepare()`.
    opaque: [u8; ORDO_SELECT_PREPARED_BYTES],
}

// Where a prepared table keeps what. Every byte is a plain integer and every value of every
// byte is some table (counts and indices are clamped where read), so a prepared table that C
// corrupted gives wrong choices, never undefined behaviour; the tag tells one never prepared.
const PREPARED_TAG: core::ops::Range<usize> = 0..4;
const PREPARED_BUCKET_COUNT: usize = 4;
const PREPARED_INT_LED: usize = 5;
const PREPARED_READS: usize = 6;
const PREPARED_KEY_COUNTS: usize = 8;
const PREPARED_KEYS: usize = PREPARED_KEY_COUNTS + ORDO_SELECT_MAX_BUCKETS;
const PREPARED_LEADS: usize = PREPARED_KEYS + ORDO_SELECT_MAX_BUCKETS * ORDO_SELECT_MAX_KEYS;
const _: () = assert!(PREPARED_LEADS + ORDO_SELECT_MAX_BUCKETS < ORDO_SELECT_PREPARED_BYTES);

/// Marks a table written by `ordo_select_prepare()` ("ordp").
const PREPARED_MAGIC: [u8; 4] = *b"ordp";

/// A prepared key's byte: the field's code in the low three bits (an integer field's index,
/// then the name, the flag, the position), the direction in the next.
const PREPARED_DESCENDING: u8 = 1 << 3;
const PREPARED_NAME: u8 = ORDO_SELECT_FIELDS as u8;
const PREPARED_FLAG: u8 = PREPARED_NAME + 1;
const _: () = assert!(
    PREPARED_FLAG < 7,
    "the field codes fit in three bits, the position among them"
);

fn key_to_prepared(key: Key) -> u8 {
    let field = match key.field {
        Field::Int(index) => index,
        Field::Name => PREPARED_NAME,
        Field::Flag => PREPARED_FLAG,
        Field::Position => PREPARED_FLAG + 1,
    };
    match key.direction {
        Direction::Ascending => field,
        Direction::Descending => field | PREPARED_DESCENDING,
    }
}

/// The key of a prepared byte. Every byte is a key: codes past the flag's, the position.
#[inline]
fn key_from_prepared(byte: u8) -> Key {
    let field = match byte & (PREPARED_DESCENDING - 1) {
        code if code < PREPARED_NAME => Field::Int(code),
        PREPARED_NAME => Field::Name,
        PREPARED_FLAG => Field::Flag,
        _ => Field::Position,
    };
    let direction = if byte & PREPARED_DESCENDING != 0 {
        Direction::Descending
    } else {
        Direction::Ascending
    };
    Key { field, direction }
}

impl ordo_select_prepared_rules {
    /// The prepared form of a checked table (every byte written: no padding).
    fn of(table: &CheckedRules<'_>) -> ordo_select_prepared_rules {
        let mut bytes = [0; ORDO_SELECT_PREPARED_BYTES];
        bytes[PREPARED_TAG].copy_from_slice(&PREPARED_MAGIC);
        bytes[PREPARED_READS] = table.reads;
        // At most ORDO_SELECT_MAX_BUCKETS (checked), so the count fits in its byte.
        bytes[PREPARED_BUCKET_COUNT] = table.buckets.len() as u8;
        // Each bucket's lead as the table's calls find it; every bucket past the table (the
        // last entry stands for them all) that of a bucket without a rule.
        let leads: [select::BucketLead; ORDO_SELECT_MAX_BUCKETS + 1] =
            core::array::from_fn(|bucket| table.lead_of(bucket as u32));
        bytes[PREPARED_INT_LED] = u8::from(leads.iter().any(|lead| lead.column().is_some()));
        for (byte, lead) in bytes[PREPARED_LEADS..].iter_mut().zip(leads) {
            *byte = lead.to_byte();
        }
        for (bucket, at) in (0..).zip(0..table.buckets.len()) {
            let keys = table.keys_of(bucket);
            bytes[PREPARED_KEY_COUNTS + at] = keys.len() as u8;
            let slots = PREPARED_KEYS + at * ORDO_SELECT_MAX_KEYS;
            for (slot, key) in bytes[slots..].iter_mut().zip(keys) {
                *slot = key_to_prepared(key);
            }
        }
        ordo_select_prepared_rules { opaque: bytes }
    }

    fn is_prepared(&self) -> bool {
        self.opaque[PREPARED_TAG] == PREPARED_MAGIC
    }
}

impl KeyTable for ordo_select_prepared_rules {
    type Keys<'k> = PreparedKeys<'k>;

    #[inline]
    fn keys_of(&self, bucket: u32) -> PreparedKeys<'_> {
        let bytes = &self.opaque;
        let keys = usize::try_from(bucket)
            .ok()
            .filter(|&bucket| bucket < usize::from(bytes[PREPARED_BUCKET_COUNT]))
            .and_then(|bucket| {
                let count = usize::from(*bytes.get(PREPARED_KEY_COUNTS + bucket)?);
                let first = PREPARED_KEYS + bucket * ORDO_SELECT_MAX_KEYS;
                bytes.get(first..first + count.min(ORDO_SELECT_MAX_KEYS))
            });
        PreparedKeys(keys.unwrap_or(&[]).iter())
    }

    #[inline]
    fn reads(&self) -> u8 {
        self.opaque[PREPARED_READS]
    }

    #[inline]
    fn int_led(&self) -> bool {
        self.opaque[PREPARED_INT_LED] != 0
    }

    #[inline]
    fn lead_of(&self, bucket: u32) -> select::BucketLead {
        let at = bucket.min(ORDO_SELECT_MAX_BUCKETS as u32) as usize;
        select::BucketLead::from_byte(self.opaque[PREPARED_LEADS + at])
    }
}

/// A prepared rule's keys, decoded one by one as the scan reads them.
#[derive(Clone)]
pub(crate) struct PreparedKeys<'k>(core::slice::Iter<'k, u8>);

impl Iterator for PreparedKeys<'_> {
    type Item = Key;

    #[inline]
    fn next(&mut self) -> Option<Key> {
        self.0.next().map(|&byte| key_from_prepared(byte))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl ExactSizeIterator for PreparedKeys<'_> {}

/// Checks `rules` as every `ordo_select*` call does and writes its prepared form to
/// `*prepared`, for `ordo_select_prepared`, `ordo_select_prepared_order`,
/// `ordo_select_prepared_one_hot` and the `ordo_select_prepared_columnar*` three.
///
/// Returns, writing nothing: `ORDO_ERR_NULL_POINTER` (NULL `rules` or `prepared`), and for a
/// table with a problem the status `ordo_select` returns for it
/// (`ORDO_ERR_CAPACITY_EXCEEDED`, `ORDO_ERR_INVALID_ARGUMENT`; `ordo_select_check_rules`
/// says where the problem lies).
///
/// # Safety
/// `rules` must point to a readable table and `prepared` to a writable
/// `ordo_select_prepared_rules` that nothing else accesses during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_select_prepare(
    rules: *const ordo_select_rules,
    prepared: *mut ordo_select_prepared_rules,
) -> ordo_status {
    status_of_result((|| {
        // SAFETY: the caller guarantees a non-NULL `rules` points to a readable table that
        // stays valid for the call; `input_ref` refuses NULL and a misaligned pointer.
        let table = unsafe { input_ref(rules) }?;
        // SAFETY: the caller guarantees a non-NULL `prepared` is writable and exclusively
        // ours; `output_ref` refuses NULL and a misaligned pointer.
        let out = unsafe { output_ref(prepared) }?;
        *out = ordo_select_prepared_rules::of(&checked_rules(table)?);
        Ok(())
    })())
}

/// The actions, checked, and a prepared table whose tag is right.
///
/// # Safety
/// As for [`inputs`], with `prepared` for `rules`.
unsafe fn prepared_inputs<'a>(
    actions: *const ordo_select_action,
    action_count: usize,
    prepared: *const ordo_select_prepared_rules,
) -> Result<(&'a [CheckedAction<'a>], &'a ordo_select_prepared_rules), ordo_status> {
    // SAFETY: the caller guarantees `actions` points to `action_count` readable actions
    // valid for the call (or is NULL, which `input_slice` handles).
    let actions = unsafe { input_slice(actions, action_count) }?;
    // SAFETY: forwarded from this function's contract.
    let prepared = unsafe { prepared_ref(prepared) }?;
    Ok((checked_actions(actions)?, prepared))
}

/// A prepared table, refused when `ordo_select_prepare` did not write it (its tag).
///
/// # Safety
/// A non-NULL `prepared` must point to a readable `ordo_select_prepared_rules` that stays
/// valid for the call.
unsafe fn prepared_ref<'a>(
    prepared: *const ordo_select_prepared_rules,
) -> Result<&'a ordo_select_prepared_rules, ordo_status> {
    // SAFETY: the caller guarantees a non-NULL `prepared` points to a readable prepared table
    // that stays valid for the call; `input_ref` refuses NULL and a misaligned pointer.
    let prepared: &ordo_select_prepared_rules = unsafe { input_ref(prepared) }?;
    if !prepared.is_prepared() {
        return Err(ordo_status::ORDO_ERR_INVALID_ARGUMENT);
    }
    Ok(prepared)
}

/// `ordo_select` with a table prepared by `ordo_select_prepare`: the same choice, without the
/// table's check.
///
/// Returns, writing nothing: `ORDO_ERR_NULL_POINTER` (NULL `prepared` or `chosen`, NULL
/// `actions` with a non-zero count, a NULL name with a non-zero length),
/// `ORDO_ERR_INVALID_ARGUMENT` (a `prepared` that `ordo_select_prepare` did not write, a
/// `name_len` above `PTRDIFF_MAX`, a `flag` other than 0 or 1, a misaligned pointer).
///
/// # Safety
/// As for `ordo_select`, with `prepared` pointing to a readable `ordo_select_prepared_rules`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_select_prepared(
    actions: *const ordo_select_action,
    action_count: usize,
    prepared: *const ordo_select_prepared_rules,
    chosen: *mut usize,
) -> ordo_status {
    status_of_result((|| {
        // SAFETY: forwarded from this function's contract.
        let (actions, rules) = unsafe { prepared_inputs(actions, action_count, prepared) }?;
        // SAFETY: the caller guarantees a non-NULL `chosen` is writable and exclusively ours.
        let chosen = unsafe { output_ref(chosen) }?;
        *chosen = select::select_in(actions, rules).unwrap_or(ORDO_SELECT_NONE);
        Ok(())
    })())
}

/// `ordo_select_order` with a table prepared by `ordo_select_prepare`.
///
/// Returns, writing nothing: `ORDO_ERR_NULL_POINTER` and `ORDO_ERR_INVALID_ARGUMENT` as
/// `ordo_select_prepared` does (and NULL `out_count`, NULL `out` with a non-zero `out_len`),
/// `ORDO_ERR_CAPACITY_EXCEEDED` (`cap > ORDO_SELECT_MAX_ORDER`), `ORDO_ERR_BUFFER_TOO_SMALL`
/// (`out_len < min(cap, action_count)`).
///
/// # Safety
/// As for `ordo_select_order`, with `prepared` pointing to a readable
/// `ordo_select_prepared_rules`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_select_prepared_order(
    actions: *const ordo_select_action,
    action_count: usize,
    prepared: *const ordo_select_prepared_rules,
    cap: usize,
    out: *mut usize,
    out_len: usize,
    out_count: *mut usize,
) -> ordo_status {
    status_of_result((|| {
        // SAFETY: forwarded from this function's contract.
        let (actions, rules) = unsafe { prepared_inputs(actions, action_count, prepared) }?;
        // SAFETY: forwarded from this function's contract.
        let (out, out_count) = unsafe { order_outputs(out, out_len, out_count) }?;
        write_order(actions, rules, cap, out, out_count)
    })())
}

/// `ordo_select_one_hot` with a table prepared by `ordo_select_prepare`.
///
/// Returns, writing nothing: `ORDO_ERR_NULL_POINTER` and `ORDO_ERR_INVALID_ARGUMENT` as
/// `ordo_select_prepared` does (`out` may be NULL only when `out_len` is 0),
/// `ORDO_ERR_BUFFER_TOO_SMALL` when `out_len < action_count`.
///
/// # Safety
/// As for `ordo_select_one_hot`, with `prepared` pointing to a readable
/// `ordo_select_prepared_rules`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_select_prepared_one_hot(
    actions: *const ordo_select_action,
    action_count: usize,
    prepared: *const ordo_select_prepared_rules,
    out: *mut f64,
    out_len: usize,
) -> ordo_status {
    status_of_result((|| {
        // SAFETY: forwarded from this function's contract.
        let (actions, rules) = unsafe { prepared_inputs(actions, action_count, prepared) }?;
        // SAFETY: the caller guarantees a non-NULL `out` points to `out_len` writable,
        // exclusively ours doubles.
        let out = unsafe { output_slice(out, out_len) }?;
        write_one_hot(actions, rules, out)
    })())
}

/// Actions as columns (a struct of arrays), for `ordo_select_columnar`: action `i` has bucket
/// `buckets[i]` and integer field `f` equal to `fields[f][i]`; no name, no flag.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ordo_select_columns {
    /// `count` buckets; may be NULL when `count` is 0.
    pub buckets: *const u32,
    /// Integer field columns of `count` values each; NULL for a column no rule reads.
    pub fields: [*const i64; ORDO_SELECT_FIELDS],
    /// The number of actions.
    pub count: usize,
}

/// Selects, like `ordo_select`, the first action in the order (bucket, the bucket's key,
/// index) over actions given as columns, and writes its index to `*chosen`; with no actions,
/// writes `ORDO_SELECT_NONE`. For engines that keep actions as arrays, and the fastest entry
/// point for integer-only rules.
///
/// Returns, writing nothing: `ORDO_ERR_NULL_POINTER` (NULL `columns`, `rules` or `chosen`,
/// NULL `buckets` with a non-zero `count`, or a NULL column that a key of the table reads
/// while `count` is non-zero), `ORDO_ERR_CAPACITY_EXCEEDED` (a table over its bounds),
/// `ORDO_ERR_INVALID_ARGUMENT` (an unknown field or direction, a key reading the name or the
/// flag, which columns do not carry, a misaligned column or a `count` too large for one).
///
/// # Safety
/// `columns` must point to a readable `ordo_select_columns` whose non-NULL `buckets` and
/// `fields` each point to `count` readable values; `rules` must point to a readable table and
/// `chosen` to a writable `size_t`. All must stay valid, and the inputs unmodified, for the
/// call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_select_columnar(
    columns: *const ordo_select_columns,
    rules: *const ordo_select_rules,
    chosen: *mut usize,
) -> ordo_status {
    status_of_result((|| {
        // SAFETY: forwarded from this function's contract.
        let (columns, rules) = unsafe { columnar_inputs(columns, rules) }?;
        // SAFETY: the caller guarantees a non-NULL `chosen` is writable and exclusively ours.
        let chosen = unsafe { output_ref(chosen) }?;
        *chosen = select::select_columns_in(&columns, &rules)
            .map_err(status_of)?
            .unwrap_or(ORDO_SELECT_NONE);
        Ok(())
    })())
}

/// Writes, like `ordo_select_order`, the indices of the first `min(cap, count)` actions of the
/// order (bucket, the bucket's key, index) over actions given as columns to `out` and their
/// number to `*out_count`.
///
/// Returns, writing nothing: the statuses of `ordo_select_columnar` for the columns and the
/// table, `ORDO_ERR_NULL_POINTER` (NULL `out_count`, NULL `out` with a non-zero `out_len`),
/// `ORDO_ERR_CAPACITY_EXCEEDED` (`cap > ORDO_SELECT_MAX_ORDER`), `ORDO_ERR_BUFFER_TOO_SMALL`
/// (`out_len < min(cap, count)`).
///
/// # Safety
/// As for `ordo_select_columnar`; `out` must point to `out_len` writable `size_t`s (or be
/// NULL with `out_len` 0) that nothing else accesses during the call, and `out_count` to a
/// writable `size_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_select_columnar_order(
    columns: *const ordo_select_columns,
    rules: *const ordo_select_rules,
    cap: usize,
    out: *mut usize,
    out_len: usize,
    out_count: *mut usize,
) -> ordo_status {
    status_of_result((|| {
        // SAFETY: forwarded from this function's contract.
        let (columns, rules) = unsafe { columnar_inputs(columns, rules) }?;
        // SAFETY: forwarded from this function's contract.
        let (out, out_count) = unsafe { order_outputs(out, out_len, out_count) }?;
        write_columnar_order(&columns, &rules, cap, out, out_count)
    })())
}

/// [`write_order`] over columns.
fn write_columnar_order<T: KeyTable + ?Sized>(
    columns: &select::Columns<'_>,
    rules: &T,
    cap: usize,
    out: &mut [usize],
    out_count: &mut usize,
) -> Result<(), ordo_status> {
    if cap > ORDO_SELECT_MAX_ORDER {
        return Err(ordo_status::ORDO_ERR_CAPACITY_EXCEEDED);
    }
    let out = out
        .get_mut(..cap.min(columns.len()))
        .ok_or(ordo_status::ORDO_ERR_BUFFER_TOO_SMALL)?;
    *out_count = select::order_columns_in(columns, rules, out).map_err(status_of)?;
    Ok(())
}

/// Writes, like `ordo_select_one_hot`, 1.0 on the action `ordo_select_columnar` chooses and
/// 0.0 on every other to `out[0..count]` (nothing when there are no actions).
///
/// Returns, writing nothing: the statuses of `ordo_select_columnar` for the columns and the
/// table, `ORDO_ERR_NULL_POINTER` (NULL `out` with a non-zero `out_len`),
/// `ORDO_ERR_BUFFER_TOO_SMALL` (`out_len < count`).
///
/// # Safety
/// As for `ordo_select_columnar`; `out` must point to `out_len` writable doubles (or be NULL
/// with `out_len` 0) that nothing else accesses during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_select_columnar_one_hot(
    columns: *const ordo_select_columns,
    rules: *const ordo_select_rules,
    out: *mut f64,
    out_len: usize,
) -> ordo_status {
    status_of_result((|| {
        // SAFETY: forwarded from this function's contract.
        let (columns, rules) = unsafe { columnar_inputs(columns, rules) }?;
        // SAFETY: the caller guarantees a non-NULL `out` points to `out_len` writable,
        // exclusively ours doubles.
        let out = unsafe { output_slice(out, out_len) }?;
        write_columnar_one_hot(&columns, &rules, out)
    })())
}

/// [`write_one_hot`] over columns.
fn write_columnar_one_hot<T: KeyTable + ?Sized>(
    columns: &select::Columns<'_>,
    rules: &T,
    out: &mut [f64],
) -> Result<(), ordo_status> {
    select::one_hot_columns_in(columns, rules, out)
        .map(|_| ())
        .map_err(status_of)
}

/// `ordo_select_columnar` with a table prepared by `ordo_select_prepare`: the same choice,
/// without the table's check.
///
/// Returns, writing nothing: the statuses of `ordo_select_columnar` for the columns (and a
/// prepared table with a key reading the name or the flag: `ORDO_ERR_INVALID_ARGUMENT`),
/// `ORDO_ERR_NULL_POINTER` (NULL `prepared` or `chosen`), `ORDO_ERR_INVALID_ARGUMENT` (a
/// `prepared` that `ordo_select_prepare` did not write).
///
/// # Safety
/// As for `ordo_select_columnar`, with `prepared` pointing to a readable
/// `ordo_select_prepared_rules`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_select_prepared_columnar(
    columns: *const ordo_select_columns,
    prepared: *const ordo_select_prepared_rules,
    chosen: *mut usize,
) -> ordo_status {
    status_of_result((|| {
        // SAFETY: forwarded from this function's contract.
        let (columns, rules) = unsafe { prepared_columnar_inputs(columns, prepared) }?;
        // SAFETY: the caller guarantees a non-NULL `chosen` is writable and exclusively ours.
        let chosen = unsafe { output_ref(chosen) }?;
        *chosen = select::select_columns_in(&columns, rules)
            .map_err(status_of)?
            .unwrap_or(ORDO_SELECT_NONE);
        Ok(())
    })())
}

/// `ordo_select_columnar_order` with a table prepared by `ordo_select_prepare`.
///
/// Returns, writing nothing: the statuses of `ordo_select_prepared_columnar` for the columns
/// and the prepared table, then those of `ordo_select_columnar_order` for the cap and the
/// outputs.
///
/// # Safety
/// As for `ordo_select_columnar_order`, with `prepared` pointing to a readable
/// `ordo_select_prepared_rules`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_select_prepared_columnar_order(
    columns: *const ordo_select_columns,
    prepared: *const ordo_select_prepared_rules,
    cap: usize,
    out: *mut usize,
    out_len: usize,
    out_count: *mut usize,
) -> ordo_status {
    status_of_result((|| {
        // SAFETY: forwarded from this function's contract.
        let (columns, rules) = unsafe { prepared_columnar_inputs(columns, prepared) }?;
        // SAFETY: forwarded from this function's contract.
        let (out, out_count) = unsafe { order_outputs(out, out_len, out_count) }?;
        write_columnar_order(&columns, rules, cap, out, out_count)
    })())
}

/// `ordo_select_columnar_one_hot` with a table prepared by `ordo_select_prepare`.
///
/// Returns, writing nothing: the statuses of `ordo_select_prepared_columnar` for the columns
/// and the prepared table, `ORDO_ERR_NULL_POINTER` (NULL `out` with a non-zero `out_len`),
/// `ORDO_ERR_BUFFER_TOO_SMALL` (`out_len < count`).
///
/// # Safety
/// As for `ordo_select_columnar_one_hot`, with `prepared` pointing to a readable
/// `ordo_select_prepared_rules`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_select_prepared_columnar_one_hot(
    columns: *const ordo_select_columns,
    prepared: *const ordo_select_prepared_rules,
    out: *mut f64,
    out_len: usize,
) -> ordo_status {
    status_of_result((|| {
        // SAFETY: forwarded from this function's contract.
        let (columns, rules) = unsafe { prepared_columnar_inputs(columns, prepared) }?;
        // SAFETY: the caller guarantees a non-NULL `out` points to `out_len` writable,
        // exclusively ours doubles.
        let out = unsafe { output_slice(out, out_len) }?;
        write_columnar_one_hot(&columns, rules, out)
    })())
}

/// Vector level: no vector kernel, the portable scans (every target).
pub const ORDO_SELECT_SIMD_PORTABLE: u32 = 0;
/// Vector level: the AVX2 kernels (x86-64).
pub const ORDO_SELECT_SIMD_AVX2: u32 = 1;
/// Vector level: the AVX-512 kernels (x86-64 with AVX-512F and AVX-512VL), and the AVX2 ones.
pub const ORDO_SELECT_SIMD_AVX512: u32 = 2;

/// The C value of a vector level.
fn simd_code(level: select::Simd) -> u32 {
    match level {
        select::Simd::Portable => ORDO_SELECT_SIMD_PORTABLE,
        select::Simd::Avx2 => ORDO_SELECT_SIMD_AVX2,
        select::Simd::Avx512 => ORDO_SELECT_SIMD_AVX512,
    }
}

/// Lets the vector kernels (the columnar calls', and the prepared calls' over three to 64
/// actions) use at most `limit` (an `ORDO_SELECT_SIMD_*` value; `ORDO_SELECT_SIMD_AVX512`
/// lifts any limit) from now on, process-wide, and writes the level now in use (the lesser
/// of `limit` and what the CPU has) to `*in_use` unless it is NULL. Only speed changes: every
/// level returns the same choices. For engines that avoid AVX-512 (some CPUs lower their
/// clock for it) and for measuring one path.
///
/// Returns, changing nothing: `ORDO_ERR_INVALID_ARGUMENT` (an unknown `limit`, a misaligned
/// `in_use`).
///
/// # Safety
/// `in_use` must be NULL or point to a writable `uint32_t` that nothing else accesses during
/// the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_select_limit_simd(limit: u32, in_use: *mut u32) -> ordo_status {
    status_of_result((|| {
        let limit = match limit {
            ORDO_SELECT_SIMD_PORTABLE => select::Simd::Portable,
            ORDO_SELECT_SIMD_AVX2 => select::Simd::Avx2,
            ORDO_SELECT_SIMD_AVX512 => select::Simd::Avx512,
            _ => return Err(ordo_status::ORDO_ERR_INVALID_ARGUMENT),
        };
        // SAFETY: the caller guarantees a non-NULL `in_use` is writable and exclusively ours.
        let in_use = unsafe { optional_output(in_use) }?;
        let now = simd_code(select::limit_simd(limit));
        if let Some(in_use) = in_use {
            *in_use = now;
        }
        Ok(())
    })())
}

/// Writes the vector level the kernels use now (an `ORDO_SELECT_SIMD_*` value) to
/// `*in_use`.
///
/// Returns, writing nothing: `ORDO_ERR_NULL_POINTER` (NULL `in_use`),
/// `ORDO_ERR_INVALID_ARGUMENT` (a misaligned `in_use`).
///
/// # Safety
/// `in_use` must point to a writable `uint32_t` that nothing else accesses during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_select_simd_in_use(in_use: *mut u32) -> ordo_status {
    status_of_result((|| {
        // SAFETY: the caller guarantees a non-NULL `in_use` is writable and exclusively ours.
        let in_use = unsafe { output_ref(in_use) }?;
        *in_use = simd_code(select::simd_in_use());
        Ok(())
    })())
}

/// The status of a core error. The C face checks its inputs first, so of these a call meets
/// only `MissingColumn` (a NULL column that a key reads: the C columns have one count, and a
/// key naming the name or the flag is refused before); the rest are mapped all the same.
fn status_of(error: SelectError) -> ordo_status {
    match error {
        SelectError::MissingColumn => ordo_status::ORDO_ERR_NULL_POINTER,
        SelectError::BufferTooSmall => ordo_status::ORDO_ERR_BUFFER_TOO_SMALL,
        SelectError::CapTooLarge | SelectError::TooManyBuckets | SelectError::TooManyKeys => {
            ordo_status::ORDO_ERR_CAPACITY_EXCEEDED
        }
        SelectError::UnknownField | SelectError::ColumnLength => {
            ordo_status::ORDO_ERR_INVALID_ARGUMENT
        }
    }
}

/// The columns and the checked table of a columnar call: `ORDO_ERR_NULL_POINTER` for a NULL
/// `columns` or `rules`, NULL `buckets` with a non-zero count, or a NULL column that a key
/// reads; `ORDO_ERR_INVALID_ARGUMENT` for a key reading the name or the flag, a misaligned
/// column or a count too large for one; the table's own statuses.
///
/// # Safety
/// As for `ordo_select_columnar`'s `columns` and `rules`.
unsafe fn columnar_inputs<'a>(
    columns: *const ordo_select_columns,
    rules: *const ordo_select_rules,
) -> Result<(select::Columns<'a>, CheckedRules<'a>), ordo_status> {
    // SAFETY: the caller guarantees a non-NULL `columns` points to a readable value that
    // stays valid for the call; `input_ref` refuses NULL and a misaligned pointer.
    let columns = unsafe { input_ref(columns) }?;
    // SAFETY: as for `columns`.
    let table = unsafe { input_ref(rules) }?;
    // SAFETY: forwarded from this function's contract.
    let core_columns = unsafe { columns_of(columns) }?;
    let rules = checked_rules(table)?;
    served(&core_columns, &rules)?;
    Ok((core_columns, rules))
}

/// [`columnar_inputs`] with a prepared table.
///
/// # Safety
/// As for `ordo_select_prepared_columnar`'s `columns` and `prepared`.
unsafe fn prepared_columnar_inputs<'a>(
    columns: *const ordo_select_columns,
    prepared: *const ordo_select_prepared_rules,
) -> Result<(select::Columns<'a>, &'a ordo_select_prepared_rules), ordo_status> {
    // SAFETY: the caller guarantees a non-NULL `columns` points to a readable value that
    // stays valid for the call; `input_ref` refuses NULL and a misaligned pointer.
    let columns = unsafe { input_ref(columns) }?;
    // SAFETY: forwarded from this function's contract.
    let prepared = unsafe { prepared_ref(prepared) }?;
    // SAFETY: forwarded from this function's contract.
    let core_columns = unsafe { columns_of(columns) }?;
    served(&core_columns, prepared)?;
    Ok((core_columns, prepared))
}

/// The arrays of `columns`: `ORDO_ERR_NULL_POINTER` for NULL `buckets` with a non-zero count,
/// `ORDO_ERR_INVALID_ARGUMENT` for a misaligned array or a count too large for one. A NULL
/// field array is left out (refused later if a key reads it).
///
/// # Safety
/// Every non-NULL array of `columns` must point to `count` readable values that stay valid
/// and unmodified for `'a`.
unsafe fn columns_of<'a>(
    columns: &ordo_select_columns,
) -> Result<select::Columns<'a>, ordo_status> {
    let count = columns.count;
    // SAFETY: the caller guarantees a non-NULL `buckets` points to `count` readable values
    // valid for the call (NULL is handled by `input_slice`).
    let buckets = unsafe { input_slice(columns.buckets, count) }?;
    let mut core_columns = select::Columns::new(buckets);
    for (index, &column) in columns.fields.iter().enumerate() {
        if column.is_null() && count != 0 {
            continue; // absent; a key reading it is refused when the call reads the rules
        }
        // SAFETY: the caller guarantees a non-NULL column points to `count` readable values
        // valid for the call; a NULL one reaches here only with a count of 0.
        let values = unsafe { input_slice(column, count) }?;
        core_columns = core_columns
            .with_field(index, values)
            .map_err(|_| ordo_status::ORDO_ERR_INVALID_ARGUMENT)?;
    }
    Ok(core_columns)
}

/// Whether `columns` serve `rules`: `ORDO_ERR_INVALID_ARGUMENT` for a key reading the name
/// or the flag, which C columns do not carry; `ORDO_ERR_NULL_POINTER` for a field array a key
/// reads that is absent.
fn served<T: KeyTable + ?Sized>(
    columns: &select::Columns<'_>,
    rules: &T,
) -> Result<(), ordo_status> {
    if reads_name_or_flag(rules) {
        return Err(ordo_status::ORDO_ERR_INVALID_ARGUMENT);
    }
    columns.serve(rules).map_err(status_of)
}

/// Writes the preset table, a deck-builder bot's ordered-list policy (seven buckets: pending,
/// purchase, base ability, play card, attack base, attack opponent, end turn; see
/// `ORDO_SELECT_PRESET_*`) to `*rules`.
///
/// Returns `ORDO_ERR_NULL_POINTER` when `rules` is NULL and `ORDO_ERR_INVALID_ARGUMENT` when it
/// is misaligned.
///
/// # Safety
/// `rules` must be NULL or point to a writable `ordo_select_rules` that nothing else accesses
/// during the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_select_preset(rules: *mut ordo_select_rules) -> ordo_status {
    // SAFETY: the caller guarantees a non-NULL `rules` is writable and exclusively ours.
    match unsafe { output_ref(rules) } {
        Ok(out) => {
            *out = preset_table();
            ordo_status::ORDO_OK
        }
        Err(status) => status,
    }
}

/// Checks a rule table as every `ordo_select*` call checks it, and says where its first
/// problem lies: for a table read from data (a mod, a configuration file), checked once when
/// it is loaded, with a message that names the bucket and the key.
///
/// Returns `ORDO_OK` for a valid table, writing nothing. Otherwise returns the status every
/// `ordo_select*` call returns for that table (`ORDO_ERR_CAPACITY_EXCEEDED` or
/// `ORDO_ERR_INVALID_ARGUMENT`) and, if `error` is not NULL, writes the first problem to
/// `*error` (buckets in order; within a rule, its key count, then its keys in order, a key's
/// field before its direction). Returns, before checking anything, `ORDO_ERR_NULL_POINTER`
/// when `rules` is NULL and `ORDO_ERR_INVALID_ARGUMENT` when `error` is misaligned.
///
/// The columnar calls also refuse keys that read the name or the flag, which columns do not
/// carry; that is a property of the call, not of the table, and is not reported here.
///
/// # Safety
/// `rules` must point to a readable table and `error` be NULL or point to a writable
/// `ordo_select_rules_error`; both must stay valid for the call and must not overlap.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_select_check_rules(
    rules: *const ordo_select_rules,
    error: *mut ordo_select_rules_error,
) -> ordo_status {
    status_of_result((|| {
        // SAFETY: the caller guarantees a non-NULL `rules` points to a readable table that
        // stays valid for the call; `input_ref` refuses NULL and a misaligned pointer.
        let table = unsafe { input_ref(rules) }?;
        // SAFETY: the caller guarantees a non-NULL `error` is writable and exclusively ours
        // for the call; `optional_output` refuses a misaligned pointer.
        let out = unsafe { optional_output(error) }?;
        let Err(problem) = checked_rules(table) else {
            return Ok(());
        };
        if let Some(out) = out {
            *out = problem;
        }
        Err(problem.into())
    })())
}

fn preset_table() -> ordo_select_rules {
    let mut table = ordo_select_rules::default();
    for (rule, keys) in table.buckets.iter_mut().zip(select::preset::TABLE) {
        for (slot, key) in rule.keys.iter_mut().zip(keys.iter()) {
            *slot = key_to_c(key);
        }
        rule.key_count = keys.len().min(ORDO_SELECT_MAX_KEYS) as u32;
        table.bucket_count += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preset_round_trips_through_the_c_table() {
        let table = preset_table();
        assert_eq!(table.bucket_count, 7);
        let checked = checked_rules(&table).expect("the preset table is valid");
        let preset = select::preset::RULES;
        assert_eq!(checked.reads, KeyTable::reads(&preset));
        for bucket in 0..=ORDO_SELECT_MAX_BUCKETS as u32 {
            assert!(
                checked.keys_of(bucket).eq(preset.keys_of(bucket)),
                "{bucket}"
            );
        }
        assert_eq!(checked.keys_of(u32::MAX).len(), 0);
    }

    #[test]
    fn checked_keys_decode_as_the_checked_conversion_does() {
        let fields = (0..ORDO_SELECT_FIELDS as u32).chain([
            ORDO_SELECT_FIELD_NAME,
            ORDO_SELECT_FIELD_FLAG,
            ORDO_SELECT_FIELD_POSITION,
        ]);
        for field in fields {
            for direction in [ORDO_SELECT_ASCENDING, ORDO_SELECT_DESCENDING] {
                let key = ordo_select_key { field, direction };
                assert_eq!(key_from_c(&key), Ok(key_from_checked(&key)));
            }
        }
    }

    /// The problem `checked_rules` reports, as `(kind, bucket, key, value)`.
    fn problem(table: &ordo_select_rules) -> Option<(ordo_select_rules_error_kind, u32, u32, u32)> {
        let error = checked_rules(table).err()?;
        Some((error.kind, error.bucket, error.key, error.value))
    }

    #[test]
    fn checking_a_table_reports_its_first_problem_and_where() {
        use ordo_select_rules_error_kind::*;
        let mut table = preset_table();
        table.buckets[4].keys[2].field = 9;
        table.buckets[4].keys[1].direction = 7;
        table.buckets[5].key_count = ORDO_SELECT_MAX_KEYS as u32 + 1;
        // Bucket 4's key 1 comes before its key 2, and bucket 4 before bucket 5.
        assert_eq!(
            problem(&table),
            Some((ORDO_SELECT_RULES_UNKNOWN_DIRECTION, 4, 1, 7))
        );
        // A key's field is checked before its direction.
        table.buckets[4].keys[1].field = 4;
        assert_eq!(
            problem(&table),
            Some((ORDO_SELECT_RULES_UNKNOWN_FIELD, 4, 1, 4))
        );
        table.buckets[4].keys[1] = key_to_c(&Key::desc(Field::Int(1)));
        assert_eq!(
            problem(&table),
            Some((ORDO_SELECT_RULES_UNKNOWN_FIELD, 4, 2, 9))
        );
        table.buckets[4].keys[2] = key_to_c(&Key::desc(Field::Int(0)));
        assert_eq!(
            problem(&table),
            Some((ORDO_SELECT_RULES_TOO_MANY_KEYS, 5, 0, 9))
        );
        // A rule's key count is checked before its keys.
        table.buckets[5].keys[0].field = 99;
        assert_eq!(
            problem(&table),
            Some((ORDO_SELECT_RULES_TOO_MANY_KEYS, 5, 0, 9))
        );
        // Keys past a rule's key_count and buckets past bucket_count are not read.
        table.buckets[5].key_count = 0;
        table.buckets[9].keys[0].field = 99;
        assert!(checked_rules(&table).is_ok());
        // The bucket count is checked before any rule.
        table.bucket_count = u32::MAX;
        table.buckets[0].key_count = u32::MAX;
        assert_eq!(
            problem(&table),
            Some((ORDO_SELECT_RULES_TOO_MANY_BUCKETS, 0, 0, u32::MAX))
        );
    }

    #[test]
    fn check_rules_refuses_a_misaligned_error_before_reading_the_table() {
        let mut table = preset_table();
        table.bucket_count = u32::MAX;
        let mut words = [0u32; core::mem::size_of::<ordo_select_rules_error>() / 4 + 1];
        let misaligned = crate::ffi::misaligned(&mut words);
        // SAFETY: `table` is readable; the misaligned pointer is refused before any write.
        let status = unsafe { ordo_select_check_rules(&table, misaligned) };
        assert_eq!(status, ordo_status::ORDO_ERR_INVALID_ARGUMENT);
        assert!(words.iter().all(|&word| word == 0));
    }

    #[test]
    fn misaligned_tables_and_columns_are_refused_before_they_are_read() {
        let mut words = [0usize; size_of::<ordo_select_rules>() / size_of::<usize>() + 2];
        let rules = crate::ffi::misaligned::<ordo_select_rules, _>(&mut words).cast_const();
        let columns = rules.cast::<ordo_select_columns>();
        assert!(!columns.is_aligned());
        let table = preset_table();
        let buckets = [0u32; 2];
        let good_columns = ordo_select_columns {
            buckets: buckets.as_ptr(),
            fields: [core::ptr::null(); ORDO_SELECT_FIELDS],
            count: buckets.len(),
        };
        let action = ordo_select_action {
            bucket: 0,
            flag: 0,
            fields: [0; ORDO_SELECT_FIELDS],
            name: core::ptr::null(),
            name_len: 0,
        };
        let mut chosen = 7usize;
        // SAFETY: every pointer but the misaligned one is valid; the misaligned one is
        // refused before anything is read through it, and `chosen` before it is written.
        let statuses = unsafe {
            [
                ordo_select(&action, 1, rules, &mut chosen),
                ordo_select_columnar(columns, &table, &mut chosen),
                ordo_select_columnar(&good_columns, rules, &mut chosen),
                ordo_select_check_rules(rules, core::ptr::null_mut()),
            ]
        };
        assert_eq!(statuses, [ordo_status::ORDO_ERR_INVALID_ARGUMENT; 4]);
        assert_eq!(chosen, 7);
    }

    #[test]
    fn every_problem_has_the_status_of_the_calls() {
        use ordo_select_rules_error_kind::*;
        for (kind, status) in [
            (
                ORDO_SELECT_RULES_TOO_MANY_BUCKETS,
                ordo_status::ORDO_ERR_CAPACITY_EXCEEDED,
            ),
            (
                ORDO_SELECT_RULES_TOO_MANY_KEYS,
                ordo_status::ORDO_ERR_CAPACITY_EXCEEDED,
            ),
            (
                ORDO_SELECT_RULES_UNKNOWN_FIELD,
                ordo_status::ORDO_ERR_INVALID_ARGUMENT,
            ),
            (
                ORDO_SELECT_RULES_UNKNOWN_DIRECTION,
                ordo_status::ORDO_ERR_INVALID_ARGUMENT,
            ),
        ] {
            let error = ordo_select_rules_error {
                bucket: 0,
                key: 0,
                value: 0,
                kind,
            };
            assert_eq!(ordo_status::from(error), status, "{kind:?}");
        }
    }

    fn action(name: *const c_char, name_len: usize) -> ordo_select_action {
        ordo_select_action {
            bucket: 0,
            flag: 0,
            fields: [0; ORDO_SELECT_FIELDS],
            name,
            name_len,
        }
    }

    #[test]
    fn checking_names_refuses_null_with_a_length_and_lengths_past_isize() {
        let scout: *const c_char = b"Scout".as_ptr().cast();
        let null = core::ptr::null();
        let longest = isize::MAX as usize;
        let good = [action(scout, 5), action(null, 0), action(scout, 0)];
        let checked = checked_actions(&good).expect("valid names");
        let names: [&[u8]; 3] = [b"Scout", b"", b""];
        assert!(checked.iter().map(Action::name).eq(names));
        // `isize::MAX` bytes is a valid length (the check never reads the name).
        assert!(checked_actions(&[action(scout, longest)]).is_ok());
        let refused = |actions: &[ordo_select_action]| checked_actions(actions).err();
        use ordo_status::{ORDO_ERR_INVALID_ARGUMENT as INVALID, ORDO_ERR_NULL_POINTER as NULL};
        for at in 0..good.len() {
            let mut bad = good;
            bad[at] = action(null, 1);
            assert_eq!(refused(&bad), Some(NULL), "NULL name of length 1 at {at}");
            bad[at] = action(null, longest + 1);
            assert_eq!(
                refused(&bad),
                Some(NULL),
                "NULL is checked before the length"
            );
            bad[at] = action(scout, longest + 1);
            assert_eq!(
                refused(&bad),
                Some(INVALID),
                "a length past isize::MAX at {at}"
            );
        }
        // Two equal problems do not cancel out, and the first problem in the array is the one
        // reported, whatever the valid actions before it.
        assert_eq!(refused(&[action(null, 1), action(null, 1)]), Some(NULL));
        assert_eq!(
            refused(&[action(scout, longest), action(null, 1)]),
            Some(NULL)
        );
        assert_eq!(
            refused(&[
                action(scout, 5),
                action(scout, longest + 1),
                action(null, 1)
            ]),
            Some(INVALID)
        );
    }

    #[test]
    fn checking_actions_refuses_a_flag_other_than_0_or_1_and_the_first_problem_wins() {
        use ordo_status::{ORDO_ERR_INVALID_ARGUMENT as INVALID, ORDO_ERR_NULL_POINTER as NULL};
        let scout: *const c_char = b"Scout".as_ptr().cast();
        let flagged = |flag: u8| ordo_select_action {
            flag,
            ..action(scout, 5)
        };
        let refused = |actions: &[ordo_select_action]| checked_actions(actions).err();
        let good = [flagged(0), flagged(1)];
        let checked = checked_actions(&good).expect("valid flags");
        assert!(checked.iter().map(Action::flag).eq([false, true]));
        for flag in [2, 3, 0x80, u8::MAX] {
            for at in 0..3 {
                let mut actions = [flagged(1), flagged(0), flagged(1)];
                actions[at].flag = flag;
                assert_eq!(refused(&actions), Some(INVALID), "flag {flag} at {at}");
            }
        }
        let null_name = action(core::ptr::null(), 1);
        assert_eq!(refused(&[flagged(2), null_name]), Some(INVALID));
        assert_eq!(refused(&[null_name, flagged(2)]), Some(NULL));
    }

    #[test]
    fn checking_actions_finds_each_fault_whatever_the_other_actions_hold() {
        use ordo_status::{ORDO_ERR_INVALID_ARGUMENT as INVALID, ORDO_ERR_NULL_POINTER as NULL};
        let scout: *const c_char = b"Scout".as_ptr().cast();
        let refused = |actions: &[ordo_select_action]| checked_actions(actions).err();
        let plain = action(scout, 5);
        // A bad flag among actions whose flags are all 0, so that no other action's flag
        // sets the lowest bit.
        for flag in [2, 0x80, 0xfe] {
            let bad = ordo_select_action { flag, ..plain };
            assert_eq!(refused(&[plain, bad, plain]), Some(INVALID), "flag {flag}");
        }
        // Faults of two kinds whose fold terms are equal (a top bit and a NULL name of length
        // 1 both fold to 1): neither hides the other.
        let too_long = action(scout, 1 << (usize::BITS - 1));
        let null_name = action(core::ptr::null(), 1);
        assert_eq!(refused(&[too_long, null_name]), Some(INVALID));
        assert_eq!(refused(&[null_name, too_long]), Some(NULL));
        let bad_flag = ordo_select_action { flag: 2, ..plain };
        let null_two = action(core::ptr::null(), 2);
        assert_eq!(refused(&[bad_flag, null_two]), Some(INVALID));
        assert_eq!(refused(&[null_two, bad_flag]), Some(NULL));
    }

    #[test]
    fn a_checked_table_knows_the_fields_it_reads() {
        let mut table = ordo_select_rules {
            bucket_count: 2,
            ..Default::default()
        };
        table.buckets[0].key_count = 1;
        table.buckets[0].keys[0] = key_to_c(&Key::asc(Field::Int(2)));
        table.buckets[1].key_count = 1;
        table.buckets[1].keys[0] = key_to_c(&Key::desc(Field::Position));
        let checked = checked_rules(&table).expect("a valid table");
        // The position needs no column; integer field 2 does.
        assert_eq!(KeyTable::reads(&checked), 1 << 2);
        assert!(!reads_name_or_flag(&checked));
        for field in [Field::Name, Field::Flag] {
            table.buckets[1].keys[0] = key_to_c(&Key::desc(field));
            let checked = checked_rules(&table).expect("a valid table");
            assert!(reads_name_or_flag(&checked), "{field:?}");
            let prepared = ordo_select_prepared_rules::of(&checked);
            assert!(reads_name_or_flag(&prepared), "{field:?}");
        }
    }

    #[test]
    fn keys_convert_both_ways() {
        for key in [
            Key::asc(Field::Int(0)),
            Key::desc(Field::Int(3)),
            Key::asc(Field::Name),
            Key::desc(Field::Flag),
            Key::asc(Field::Position),
        ] {
            assert_eq!(key_from_c(&key_to_c(&key)), Ok(key));
        }
        let bad_field = ordo_select_key {
            field: 4,
            direction: 0,
        };
        assert_eq!(
            key_from_c(&bad_field),
            Err((
                ordo_select_rules_error_kind::ORDO_SELECT_RULES_UNKNOWN_FIELD,
                4
            ))
        );
        let bad_direction = ordo_select_key {
            field: 0,
            direction: 2,
        };
        assert_eq!(
            key_from_c(&bad_direction),
            Err((
                ordo_select_rules_error_kind::ORDO_SELECT_RULES_UNKNOWN_DIRECTION,
                2
            ))
        );
    }

    #[test]
    fn every_core_error_has_its_status() {
        use ordo_status::*;
        for (error, status) in [
            (SelectError::MissingColumn, ORDO_ERR_NULL_POINTER),
            (SelectError::BufferTooSmall, ORDO_ERR_BUFFER_TOO_SMALL),
            (SelectError::CapTooLarge, ORDO_ERR_CAPACITY_EXCEEDED),
            (SelectError::TooManyBuckets, ORDO_ERR_CAPACITY_EXCEEDED),
            (SelectError::TooManyKeys, ORDO_ERR_CAPACITY_EXCEEDED),
            (SelectError::UnknownField, ORDO_ERR_INVALID_ARGUMENT),
            (SelectError::ColumnLength, ORDO_ERR_INVALID_ARGUMENT),
        ] {
            assert_eq!(status_of(error), status, "{error:?}");
        }
    }

    #[test]
    fn a_prepared_table_reads_as_the_table_it_was_prepared_from() {
        let table = preset_table();
        let prepared = ordo_select_prepared_rules::of(&checked_rules(&table).unwrap());
        let preset = select::preset::RULES;
        assert!(prepared.is_prepared());
        assert_eq!(prepared.reads(), KeyTable::reads(&preset));
        assert_eq!(prepared.int_led(), KeyTable::int_led(&preset));
        for bucket in (0..=ORDO_SELECT_MAX_BUCKETS as u32 + 1).chain([u32::MAX]) {
            assert!(
                prepared.keys_of(bucket).eq(preset.keys_of(bucket)),
                "{bucket}"
            );
            assert_eq!(prepared.lead_of(bucket), preset.lead_of(bucket), "{bucket}");
        }
        let empty = ordo_select_rules::default();
        let prepared = ordo_select_prepared_rules::of(&checked_rules(&empty).unwrap());
        assert!(prepared.is_prepared());
        assert_eq!(prepared.keys_of(0).len(), 0);
        assert!(!prepared.int_led());
        // A bucket led by an integer field alone, in the second bucket.
        let mut led = ordo_select_rules {
            bucket_count: 2,
            ..Default::default()
        };
        led.buckets[1].key_count = 1;
        led.buckets[1].keys[0] = key_to_c(&Key::desc(Field::Int(3)));
        let prepared = ordo_select_prepared_rules::of(&checked_rules(&led).unwrap());
        let keys: &[&[Key]] = &[&[], &[Key::desc(Field::Int(3))]];
        let rules = select::Rules::new(keys).unwrap();
        assert!(prepared.int_led() && KeyTable::int_led(&rules));
        assert_eq!(prepared.lead_of(1), rules.lead_of(1));
        assert_eq!(
            prepared.lead_of(1).column(),
            Some((3, Direction::Descending.flip()))
        );
        // A full table: the bucket past it has no rule.
        let full = ordo_select_rules {
            bucket_count: ORDO_SELECT_MAX_BUCKETS as u32,
            buckets: [led.buckets[1]; ORDO_SELECT_MAX_BUCKETS],
        };
        let prepared = ordo_select_prepared_rules::of(&checked_rules(&full).unwrap());
        assert_eq!(
            prepared.keys_of(ORDO_SELECT_MAX_BUCKETS as u32 - 1).len(),
            1
        );
        assert_eq!(prepared.keys_of(ORDO_SELECT_MAX_BUCKETS as u32).len(), 0);
    }

    #[test]
    fn every_key_survives_its_byte_and_every_byte_is_a_key() {
        let fields = (0..ORDO_SELECT_FIELDS as u8).map(Field::Int).chain([
            Field::Name,
            Field::Flag,
            Field::Position,
        ]);
        for field in fields {
            for direction in [Direction::Ascending, Direction::Descending] {
                let key = Key { field, direction };
                assert_eq!(key_from_prepared(key_to_prepared(key)), key);
            }
        }
        for byte in 0..=u8::MAX {
            let key = key_from_prepared(byte);
            assert_eq!(key_from_prepared(key_to_prepared(key)), key, "{byte}");
        }
    }

    #[test]
    fn the_prepared_calls_refuse_a_table_never_prepared_and_names_over_columns() {
        let never = ordo_select_prepared_rules {
            opaque: [0; ORDO_SELECT_PREPARED_BYTES],
        };
        let action = ordo_select_action {
            bucket: 0,
            flag: 0,
            fields: [1, 2, 3, 4],
            name: core::ptr::null(),
            name_len: 0,
        };
        let values = [5i64];
        let buckets = [0u32];
        let columns = ordo_select_columns {
            buckets: buckets.as_ptr(),
            fields: [values.as_ptr(); ORDO_SELECT_FIELDS],
            count: 1,
        };
        let mut named = preset_table();
        named.bucket_count = 1;
        let named = ordo_select_prepared_rules::of(&checked_rules(&named).unwrap());
        let (mut chosen, mut out, mut written, mut hot) = (7usize, [7usize; 1], 7usize, [7.0f64]);
        let invalid = ordo_status::ORDO_ERR_INVALID_ARGUMENT;
        // SAFETY: every pointer is to a live local of the stated length.
        unsafe {
            assert_eq!(
                ordo_select_prepared(&action, 1, &never, &mut chosen),
                invalid
            );
            let status = ordo_select_prepared_order(
                &action,
                1,
                &never,
                1,
                out.as_mut_ptr(),
                1,
                &mut written,
            );
            assert_eq!(status, invalid);
            let status = ordo_select_prepared_one_hot(&action, 1, &never, hot.as_mut_ptr(), 1);
            assert_eq!(status, invalid);
            for table in [&never, &named] {
                let status = ordo_select_prepared_columnar(&columns, table, &mut chosen);
                assert_eq!(status, invalid);
                let status = ordo_select_prepared_columnar_order(
                    &columns,
                    table,
                    1,
                    out.as_mut_ptr(),
                    1,
                    &mut written,
                );
                assert_eq!(status, invalid);
                let status =
                    ordo_select_prepared_columnar_one_hot(&columns, table, hot.as_mut_ptr(), 1);
                assert_eq!(status, invalid);
            }
            let status = ordo_select_prepared(&action, 1, core::ptr::null(), &mut chosen);
            assert_eq!(status, ordo_status::ORDO_ERR_NULL_POINTER);
            // Over columns, a cap above `ORDO_SELECT_MAX_ORDER` is refused, and one below is not.
            let by_position = ordo_select_prepared_rules::of(
                &checked_rules(&ordo_select_rules::default()).unwrap(),
            );
            let mut long = [7usize; ORDO_SELECT_MAX_ORDER + 1];
            for (cap, expected) in [
                (
                    ORDO_SELECT_MAX_ORDER + 1,
                    ordo_status::ORDO_ERR_CAPACITY_EXCEEDED,
                ),
                (1, ordo_status::ORDO_OK),
            ] {
                let status = ordo_select_prepared_columnar_order(
                    &columns,
                    &by_position,
                    cap,
                    long.as_mut_ptr(),
                    long.len(),
                    &mut written,
                );
                assert_eq!(status, expected, "{cap}");
            }
            assert_eq!((written, long[0], long[1]), (1, 0, 7));
            written = 7;
            let status = ordo_select_prepare(core::ptr::null(), &mut named.clone());
            assert_eq!(status, ordo_status::ORDO_ERR_NULL_POINTER);
        }
        assert_eq!((chosen, out, written, hot), (7, [7], 7, [7.0]));
    }
}
