//! Bucket selection: one action by category priority, then that category's tie-break.
//!
//! Every action carries a *bucket* (a `u32`; lower is preferred) and the fields a tie-break
//! reads: [`FIELDS`] signed integers, a name (bytes, compared byte-wise like `memcmp`, a prefix
//! before any longer name), a boolean flag (`false < true`) and its input position.
//! [`Rules`] give each bucket an ordered list of [`Key`]s, each a [`Field`] and a
//! [`Direction`]; a bucket without keys (or beyond the table) falls back to input order.
//!
//! The *total order* of actions is `(bucket, the bucket's key, input position)`, all ascending
//! except where a key says descending. [`select`] returns the first action of that order —
//! exactly what the seed's two-pass `min` returns (the first minimal action in input order of
//! the lowest bucket present); [`order`] writes the first `cap` of it; [`one_hot`] writes the
//! seed's one-hot distribution. [`select_by_key`] is the same choice over the caller's own
//! closures, and [`select_columns`] over actions kept as arrays (integer-only rules). Every
//! routine makes one pass over the actions, O(n) (`order`: O(n log cap) plus shifts, up to
//! eight actions the 28 pairs of their keys; the table-driven scans also read a few actions
//! twice: the buckets of the first eight actions before a scan, of the next eight too when
//! the first hold no action of bucket 0, and a short block on a scan's rare path;
//! [`select_columns`] on a CPU with AVX2 reads the bucket column twice, first for its lowest
//! bucket, and with AVX-512 up to three times), and allocates nothing. [`preset::RULES`] is
//! the seed's seven-bucket table.

use core::cmp::Ordering;

/// `$then` with `$column` (a lead's column, below [`FIELDS`]) and `$flip` (its direction's
/// [`Direction::flip`]) bound to `$c` and `$f` as constants, each pair in its own arm of one
/// jump rather than as values: the predicted arm reads its column's address and flips its
/// values while the lowest bucket and its rule's lead byte, on which a value would wait, are
/// still loading (criterion A/B in docs/select.md). A macro, so that each arm holds `$then`
/// itself: as a closure called from eight arms it was compiled as a call. `$then` may use `?`
/// and `return`, which leave the enclosing function.
macro_rules! on_lead {
    ($column:expr, $flip:expr, |$c:ident, $f:ident| $then:expr) => {{
        const _: () = assert!($crate::select::FIELDS == 4, "on_lead has an arm per column");
        const DESCENDING: u64 = $crate::select::Direction::Descending.flip();
        // One index for both, one jump: a branch on the direction after the jump on the
        // column measured slower.
        match $column | usize::from($flip == DESCENDING) << 2 {
            0 => on_lead!(@arm $c = 0, $f = 0, $then),
            1 => on_lead!(@arm $c = 1, $f = 0, $then),
            2 => on_lead!(@arm $c = 2, $f = 0, $then),
            3 => on_lead!(@arm $c = 3, $f = 0, $then),
            4 => on_lead!(@arm $c = 0, $f = DESCENDING, $then),
            5 => on_lead!(@arm $c = 1, $f = DESCENDING, $then),
            6 => on_lead!(@arm $c = 2, $f = DESCENDING, $then),
            _ => on_lead!(@arm $c = 3, $f = DESCENDING, $then),
        }
    }};
    (@arm $c:ident = $column:expr, $f:ident = $flip:expr, $then:expr) => {{
        let ($c, $f): (usize, u64) = ($column, $flip);
        $then
    }};
}

#[cfg(all(target_arch = "x86_64", not(miri)))]
pub(crate) mod avx2;
#[cfg(all(target_arch = "x86_64", not(miri)))]
pub(crate) mod avx512;
mod columns;
mod simd;

#[cfg(all(test, target_arch = "x86_64", not(miri)))]
pub(crate) use columns::select_columns_portable;
pub use columns::{Columns, one_hot_columns, order_columns, select_columns};
pub(crate) use columns::{one_hot_columns_in, order_columns_in, select_columns_in};
pub use simd::{Simd, limit_simd, simd_in_use};

/// The number of signed integer fields an action carries ([`Field::Int`] `0..FIELDS`).
pub const FIELDS: usize = 4;
/// The most buckets a [`Rules`] table may describe (buckets past the table are still allowed
/// in actions: they fall back to input order).
pub const MAX_BUCKETS: usize = 16;
/// The most keys one bucket's rule may list.
pub const MAX_KEYS: usize = 8;
/// The largest `cap` [`order`] accepts (its output is a sorted buffer of at most `cap` entries).
pub const MAX_ORDER: usize = 64;

/// What a tie-break key reads from an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// The integer field with this index (`0..FIELDS`), compared as `i64`.
    Int(u8),
    /// The name, compared byte-wise (unsigned bytes; a proper prefix sorts first).
    Name,
    /// The boolean flag, `false < true` (so [`Direction::Descending`] puts flagged actions first).
    Flag,
    /// The action's position in the input slice.
    Position,
}

/// The direction a key sorts in; the preferred action is the smallest in this direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Smaller values are preferred.
    Ascending,
    /// Larger values are preferred.
    Descending,
}

impl Direction {
    /// The mask a lead value read as a `u64` is XOR-ed with, so that the smallest result is
    /// the preferred value: none when ascending, all ones (the complement) when descending.
    pub(crate) const fn flip(self) -> u64 {
        match self {
            Direction::Ascending => 0,
            Direction::Descending => u64::MAX,
        }
    }
}

/// One tie-break key: a field and a direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    /// The field compared.
    pub field: Field,
    /// The direction it is compared in.
    pub direction: Direction,
}

impl Key {
    /// `field`, smallest first.
    pub const fn asc(field: Field) -> Key {
        Key {
            field,
            direction: Direction::Ascending,
        }
    }

    /// `field`, largest first.
    pub const fn desc(field: Field) -> Key {
        Key {
            field,
            direction: Direction::Descending,
        }
    }
}

/// Why a call was refused; nothing was written when it is returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SelectError {
    /// A key names [`Field::Int`] with an index of [`FIELDS`] or more.
    UnknownField,
    /// A table describes more than [`MAX_BUCKETS`] buckets.
    TooManyBuckets,
    /// A bucket's rule lists more than [`MAX_KEYS`] keys.
    TooManyKeys,
    /// [`order`] was asked for more than [`MAX_ORDER`] actions.
    CapTooLarge,
    /// The output buffer is shorter than the number of actions ([`one_hot`]).
    BufferTooSmall,
    /// A rule reads a name, a flag or an integer column that the [`Columns`] lack.
    MissingColumn,
    /// An integer column is not as long as the bucket column ([`Columns::with_field`]).
    ColumnLength,
}

impl core::fmt::Display for SelectError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            SelectError::UnknownField => "a key names an integer field that does not exist",
            SelectError::TooManyBuckets => "the rule table has more than MAX_BUCKETS buckets",
            SelectError::TooManyKeys => "a rule has more than MAX_KEYS keys",
            SelectError::CapTooLarge => "cap exceeds MAX_ORDER",
            SelectError::BufferTooSmall => "the output buffer is shorter than the actions",
            SelectError::MissingColumn => "a rule reads a field the columns do not carry",
            SelectError::ColumnLength => "a column is not as long as the bucket column",
        })
    }
}

impl core::error::Error for SelectError {}

/// Where and why [`Rules::new`] refused a table: its first problem, in the order the table is
/// read (buckets in order; within a bucket, its number of keys, then its keys in order).
/// `ordo_select_check_rules` reports the same for a C table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RulesError {
    /// [`SelectError::TooManyBuckets`], [`SelectError::TooManyKeys`] or
    /// [`SelectError::UnknownField`].
    pub error: SelectError,
    /// The bucket whose rule is at fault (0 for [`SelectError::TooManyBuckets`]).
    pub bucket: usize,
    /// The key at fault within that bucket's list (0 for the two `TooMany` errors).
    pub key: usize,
}

impl RulesError {
    const fn at(error: SelectError, bucket: usize, key: usize) -> RulesError {
        RulesError { error, bucket, key }
    }
}

impl core::fmt::Display for RulesError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.error {
            SelectError::TooManyBuckets => self.error.fmt(f),
            SelectError::TooManyKeys => write!(f, "bucket {}: {}", self.bucket, self.error),
            _ => write!(
                f,
                "bucket {}, key {}: {}",
                self.bucket, self.key, self.error
            ),
        }
    }
}

impl core::error::Error for RulesError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// The error alone, for callers that report statuses (and for `?` in functions returning
/// [`SelectError`]).
impl From<RulesError> for SelectError {
    fn from(problem: RulesError) -> SelectError {
        problem.error
    }
}

/// A validated rule table: `buckets[b]` is bucket `b`'s key list, most significant first.
///
/// Empty lists and buckets at or past `buckets.len()` order by input position alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules<'r> {
    buckets: &'r [&'r [Key]],
    /// The fields some key reads, as [`field_bit`]s (what [`select_columns`] needs present).
    reads: u8,
    /// Each bucket's [`BucketLead`], the last entry for every bucket from [`MAX_BUCKETS`] on, so
    /// that a scan learns in one load what leads a bucket.
    leads: [BucketLead; MAX_BUCKETS + 1],
    /// Whether some bucket's lead is an integer field alone ([`KeyTable::int_led`]).
    int_led: bool,
}

/// What leads a bucket's key, as one byte: the integer column it reads ([`BucketLead::column`]),
/// its direction, and whether it decides alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BucketLead(u8);

impl BucketLead {
    /// The bits of the column: [`Field::Int`]'s index (0 for any other field, which is
    /// `NOT_ALONE`). Every value they hold names a column, so reading one needs no check.
    const COLUMN: u8 = FIELDS as u8 - 1;
    const DESCENDING: u8 = 1 << 3;
    /// More keys follow (ties go to them), or the lead reads no integer column.
    const NOT_ALONE: u8 = 1 << 4;

    /// The lead of a bucket whose keys start with `first` (none: the position) and number
    /// `count`.
    pub(crate) const fn of(first: Option<Key>, count: usize) -> BucketLead {
        let key = match first {
            Some(key) => key,
            None => Key::asc(Field::Position),
        };
        let mut byte = match key.field {
            Field::Int(index) if (index as usize) < FIELDS => index,
            _ => Self::NOT_ALONE,
        };
        if count > 1 {
            byte |= Self::NOT_ALONE;
        }
        if let Direction::Descending = key.direction {
            byte |= Self::DESCENDING;
        }
        BucketLead(byte)
    }

    /// The lead as one byte, for a table that stores it ([`BucketLead::from_byte`]).
    pub(crate) const fn to_byte(self) -> u8 {
        self.0
    }

    /// A stored lead. Every byte is one: the column bits always name a column, and the other
    /// bits are flags.
    pub(crate) const fn from_byte(byte: u8) -> BucketLead {
        BucketLead(byte)
    }

    /// The integer column that decides the bucket alone, and the flip that makes the smallest
    /// `u64` the preferred value ([`int_order`]); `None` when the bucket is led by another
    /// field or has more keys.
    pub(crate) const fn column(self) -> Option<(usize, u64)> {
        if self.0 & Self::NOT_ALONE != 0 {
            return None;
        }
        let direction = if self.0 & Self::DESCENDING != 0 {
            Direction::Descending
        } else {
            Direction::Ascending
        };
        Some(((self.0 & Self::COLUMN) as usize, direction.flip()))
    }
}
const _: () = assert!(
    FIELDS.is_power_of_two() && FIELDS <= BucketLead::DESCENDING as usize,
    "the column bits are a mask below the flags"
);

/// A field's bit in [`Rules`]'s `reads`; the position needs none, as every action has one.
pub(crate) const fn field_bit(field: Field) -> u8 {
    match field {
        Field::Int(index) => 1 << index,
        Field::Name => 1 << FIELDS,
        Field::Flag => 1 << (FIELDS + 1),
        Field::Position => 0,
    }
}
const _: () = assert!(FIELDS + 2 <= u8::BITS as usize);

impl<'r> Rules<'r> {
    /// Validates a table: at most [`MAX_BUCKETS`] buckets of at most [`MAX_KEYS`] keys, every
    /// [`Field::Int`] index below [`FIELDS`]. The error names the first problem and where it
    /// is.
    ///
    /// ```
    /// use ordo::select::{Field, Key, Rules, RulesError, SelectError};
    /// let table: &[&[Key]] = &[&[Key::asc(Field::Int(0))], &[Key::asc(Field::Int(9))]];
    /// assert_eq!(
    ///     Rules::new(table),
    ///     Err(RulesError { error: SelectError::UnknownField, bucket: 1, key: 0 })
    /// );
    /// ```
    pub const fn new(buckets: &'r [&'r [Key]]) -> Result<Rules<'r>, RulesError> {
        if buckets.len() > MAX_BUCKETS {
            return Err(RulesError::at(SelectError::TooManyBuckets, 0, 0));
        }
        let mut reads = 0;
        let mut int_led = false;
        let mut leads = [BucketLead::of(None, 0); MAX_BUCKETS + 1];
        let mut b = 0;
        while b < buckets.len() {
            let keys = buckets[b];
            if keys.len() > MAX_KEYS {
                return Err(RulesError::at(SelectError::TooManyKeys, b, 0));
            }
            // A `match`, as `Option::copied` may not be const at the minimum Rust version.
            let first = match keys.first() {
                Some(&key) => Some(key),
                None => None,
            };
            leads[b] = BucketLead::of(first, keys.len());
            int_led |= leads[b].column().is_some();
            let mut k = 0;
            while k < keys.len() {
                if let Field::Int(index) = keys[k].field
                    && index as usize >= FIELDS
                {
                    return Err(RulesError::at(SelectError::UnknownField, b, k));
                }
                reads |= field_bit(keys[k].field);
                k += 1;
            }
            b += 1;
        }
        Ok(Rules {
            buckets,
            reads,
            leads,
            int_led,
        })
    }

    /// The table without rules: every bucket falls back to input order.
    pub const fn input_order() -> Rules<'static> {
        Rules {
            buckets: &[],
            reads: 0,
            leads: [BucketLead::of(None, 0); MAX_BUCKETS + 1],
            int_led: false,
        }
    }

    /// The number of buckets the table describes.
    pub const fn len(&self) -> usize {
        self.buckets.len()
    }

    /// Whether the table describes no bucket.
    pub const fn is_empty(&self) -> bool {
        self.buckets.is_empty()
    }

    /// Bucket `bucket`'s keys, most significant first (empty when it has no rule).
    pub fn keys(&self, bucket: u32) -> &'r [Key] {
        usize::try_from(bucket)
            .ok()
            .and_then(|b| self.buckets.get(b))
            .copied()
            .unwrap_or(&[])
    }
}

/// Where the scans read each bucket's keys: a [`Rules`] table, or the C face's checked view of
/// a C table, which a call then reads in place instead of converting it first.
pub(crate) trait KeyTable {
    /// A bucket's keys, most significant first.
    type Keys<'t>: ExactSizeIterator<Item = Key> + Clone
    where
        Self: 't;
    /// Bucket `bucket`'s keys (none when it has no rule or lies past the table).
    fn keys_of(&self, bucket: u32) -> Self::Keys<'_>;
    /// The fields some key of some bucket reads, as [`field_bit`]s.
    fn reads(&self) -> u8;
    /// Whether some bucket's key is an integer field alone (its [`BucketLead::column`]): only
    /// then can [`least_member_of_eight`] decide. `false` when the table does not know, which
    /// leaves every choice to the general scan ([`select_scan`]).
    #[inline]
    fn int_led(&self) -> bool {
        false
    }
    /// What leads bucket `bucket`'s key.
    #[inline]
    fn lead_of(&self, bucket: u32) -> BucketLead {
        let keys = self.keys_of(bucket);
        BucketLead::of(keys.clone().next(), keys.len())
    }
}

impl KeyTable for Rules<'_> {
    type Keys<'t>
        = core::iter::Copied<core::slice::Iter<'t, Key>>
    where
        Self: 't;

    #[inline]
    fn keys_of(&self, bucket: u32) -> Self::Keys<'_> {
        self.keys(bucket).iter().copied()
    }

    #[inline]
    fn reads(&self) -> u8 {
        self.reads
    }

    #[inline]
    fn int_led(&self) -> bool {
        self.int_led
    }

    /// Read from the table `Rules::new` filled, in one load.
    #[inline]
    fn lead_of(&self, bucket: u32) -> BucketLead {
        self.leads[bucket.min(MAX_BUCKETS as u32) as usize]
    }
}

/// What the data-driven routines read from the caller's action type.
pub trait Action {
    /// The action's bucket; lower buckets are preferred.
    fn bucket(&self) -> u32;
    /// Integer field `index`; only called with `index < FIELDS` and an index the rules name
    /// (possibly for actions of any bucket).
    fn int(&self, index: usize) -> i64;
    /// The name, compared byte-wise. Defaults to empty.
    fn name(&self) -> &[u8] {
        &[]
    }
    /// The flag. Defaults to `false`.
    fn flag(&self) -> bool {
        false
    }
}

/// A ready-made [`Action`]: the fields as plain data, the name borrowed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ActionRecord<'n> {
    /// The bucket; lower is preferred.
    pub bucket: u32,
    /// The integer fields ([`Field::Int`] `i` reads `fields[i]`).
    pub fields: [i64; FIELDS],
    /// The flag.
    pub flag: bool,
    /// The name (bytes, compared byte-wise).
    pub name: &'n [u8],
}

impl<'n> ActionRecord<'n> {
    /// An action in `bucket` with zero fields, no flag and an empty name.
    pub const fn new(bucket: u32) -> ActionRecord<'static> {
        ActionRecord {
            bucket,
            fields: [0; FIELDS],
            flag: false,
            name: &[],
        }
    }

    /// The same action with integer field `index` set to `value` (an index of [`FIELDS`] or
    /// more leaves it unchanged).
    pub const fn with_field(mut self, index: usize, value: i64) -> Self {
        if index < FIELDS {
            self.fields[index] = value;
        }
        self
    }

    /// The same action with this name.
    pub const fn with_name<'m>(self, name: &'m [u8]) -> ActionRecord<'m> {
        ActionRecord {
            bucket: self.bucket,
            fields: self.fields,
            flag: self.flag,
            name,
        }
    }

    /// The same action with this flag.
    pub const fn with_flag(mut self, flag: bool) -> Self {
        self.flag = flag;
        self
    }
}

impl Action for ActionRecord<'_> {
    #[inline]
    fn bucket(&self) -> u32 {
        self.bucket
    }
    #[inline]
    fn int(&self, index: usize) -> i64 {
        // `index < FIELDS` always; the remainder only spares a bounds check in the hot loop.
        self.fields[index % FIELDS]
    }
    #[inline]
    fn name(&self) -> &[u8] {
        self.name
    }
    #[inline]
    fn flag(&self) -> bool {
        self.flag
    }
}

impl<T: Action + ?Sized> Action for &T {
    #[inline]
    fn bucket(&self) -> u32 {
        (**self).bucket()
    }
    #[inline]
    fn int(&self, index: usize) -> i64 {
        (**self).int(index)
    }
    #[inline]
    fn name(&self) -> &[u8] {
        (**self).name()
    }
    #[inline]
    fn flag(&self) -> bool {
        (**self).flag()
    }
}

/// Compares two actions of the same bucket by that bucket's `keys`, then by position.
///
/// Kept out of line: in [`select`] it runs only on ties of the leading key, and inlining it
/// into every specialised scan loop made short inputs markedly slower.
#[inline(never)]
fn compare_within<A: Action>(
    keys: impl Iterator<Item = Key>,
    a: &A,
    a_pos: usize,
    b: &A,
    b_pos: usize,
) -> Ordering {
    for key in keys {
        let ascending = match key.field {
            Field::Int(index) => a.int(usize::from(index)).cmp(&b.int(usize::from(index))),
            Field::Name => a.name().cmp(b.name()),
            Field::Flag => a.flag().cmp(&b.flag()),
            Field::Position => a_pos.cmp(&b_pos),
        };
        let ordering = match key.direction {
            Direction::Ascending => ascending,
            Direction::Descending => ascending.reverse(),
        };
        if ordering != Ordering::Equal {
            return ordering;
        }
    }
    a_pos.cmp(&b_pos)
}

/// A bucket's leading key, read as a `u64` whose ascending order agrees with the key's
/// order (non-strictly for names, which it reads through their first eight bytes). When
/// `decisive`, equal values mean equal keys; otherwise the full key decides a tie.
struct Lead<K> {
    keys: K,
    field: Field,
    flip: u64,
    decisive: bool,
}

impl<K: ExactSizeIterator<Item = Key> + Clone> Lead<K> {
    fn of(keys: K) -> Lead<K> {
        match keys.clone().next() {
            // No rule: position alone decides, and the first member already holds the lead.
            None => Lead {
                keys,
                field: Field::Position,
                flip: 0,
                decisive: true,
            },
            Some(first) => Lead {
                decisive: keys.len() == 1 && first.field != Field::Name,
                keys,
                field: first.field,
                flip: first.direction.flip(),
            },
        }
    }
}

impl<K> Lead<K> {
    /// The lead value of `action` at `position` (flipped for a descending key).
    fn value<A: Action>(&self, action: &A, position: usize) -> u64 {
        let ascending = match self.field {
            Field::Int(index) => int_order(action.int(usize::from(index))),
            Field::Name => name_prefix(action.name()),
            Field::Flag => u64::from(action.flag()),
            Field::Position => position as u64,
        };
        ascending ^ self.flip
    }
}

/// An action's bucket above its lead value (already flipped for the key's direction): one
/// `u128` whose order is the order by bucket, then by that value.
#[inline(always)]
fn packed(bucket: u32, value: u64) -> u128 {
    (u128::from(bucket) << 64) | u128::from(value)
}

/// Flipping the sign bit maps `i64` order onto `u64` order.
#[inline(always)]
fn int_order(value: i64) -> u64 {
    (value as u64) ^ (1 << 63)
}

/// `int_order(raw) ^ flip` as one mask, `raw as u64 ^ int_order_mask(flip)`: the compiler does
/// not fold the two masks on its own.
#[inline(always)]
fn int_order_mask(flip: u64) -> u64 {
    flip ^ int_order(0)
}

/// The first eight bytes of `name`, big-endian, zero-padded: monotone in byte-wise order.
///
/// A shorter name is read as two overlapping big-endian words, its first and its last (the
/// bytes they share are equal, so OR-ing them is exact): a few branches on the length class
/// instead of a loop over the bytes that ends at a different place for each name.
#[inline(always)]
fn name_prefix(name: &[u8]) -> u64 {
    // A last word goes where its first byte's place in the name is: `8 * (8 - len)` bits up,
    // whatever its width (only computed for `len < 8`).
    let tail_shift = || 8 * (8 - name.len() as u32);
    if let Some(head) = name.first_chunk::<8>() {
        u64::from_be_bytes(*head)
    } else if let (Some(first), Some(last)) = (name.first_chunk::<4>(), name.last_chunk::<4>()) {
        (u64::from(u32::from_be_bytes(*first)) << 32)
            | (u64::from(u32::from_be_bytes(*last)) << tail_shift())
    } else if let (Some(first), Some(last)) = (name.first_chunk::<2>(), name.last_chunk::<2>()) {
        (u64::from(u16::from_be_bytes(*first)) << 48)
            | (u64::from(u16::from_be_bytes(*last)) << tail_shift())
    } else {
        name.first().map_or(0, |&byte| u64::from(byte) << 56)
    }
}

/// How many actions a scan looks at first for their lowest bucket ([`lowest_of`]).
pub(crate) const HEAD: usize = 8;
const _: () = assert!(
    HEAD == 8,
    "lowest_of pairs eight buckets, a position in three bits"
);

/// The most actions the columns' vector kernels take in registers, with no loop: the first
/// two [`HEAD`]s and the last two (`select_head_and_tail`); more go to the many-action passes.
pub(crate) const IN_REGISTERS: usize = 4 * HEAD;

/// The position of the first of the [`HEAD`] buckets `bucket(0..HEAD)` that is their lowest,
/// and that bucket: where a scan starts so as to meet no lower bucket among them. A lower
/// bucket usually shows within the first few actions, and each one a scan meets costs it a
/// restart. Without a branch: each bucket packed with its position, and the least of the eight
/// found as a tree, written out: built with `array::map`, the tree was compiled as a call to
/// core's `try_map`, its operands passed through the stack (docs/select.md).
#[inline(always)]
fn lowest_of(bucket: impl Fn(usize) -> u32) -> (usize, u32) {
    let packed = |at: usize| (u64::from(bucket(at)) << 3) | at as u64;
    let pair = |at: usize| packed(at).min(packed(at + 1));
    let least = pair(0).min(pair(2)).min(pair(4).min(pair(6)));
    ((least & 7) as usize, (least >> 3) as u32)
}

/// The least of the [`HEAD`] buckets `bucket(0..HEAD)`, as a tree without a branch (without
/// its position, which [`lowest_of`] also finds).
#[inline(always)]
fn lowest_bucket(bucket: impl Fn(usize) -> u32) -> u32 {
    let pair = |at: usize| bucket(at).min(bucket(at + 1));
    pair(0).min(pair(2)).min(pair(4).min(pair(6)))
}

/// Where a scan of more than [`HEAD`] actions starts: `head`, the first eight actions' lowest
/// bucket and its first position ([`lowest_of`]), unless that bucket is not 0 and `next()`,
/// the same for the next eight (positions counted from their first), finds a lower one, which
/// would otherwise restart the scan.
#[inline(always)]
fn scan_start(head: (usize, u32), next: impl FnOnce() -> Option<(usize, u32)>) -> (usize, u32) {
    match head {
        (_, 0) => head,
        (_, bucket) => match next() {
            Some((at, lower)) if lower < bucket => (HEAD + at, lower),
            _ => head,
        },
    }
}

/// One to seven `actions` read as [`HEAD`], the last one repeated to fill the rest: the last
/// one's position, and position `at`'s action. A copy of the last action ties it and comes
/// after it, so a choice among the eight that falls on a copy is the last action's
/// (`position.min(last)`, which also keeps the answer an index of `actions` for an `Action`
/// that does not answer the same twice). `None` for no actions.
#[inline(always)]
pub(crate) fn last_repeated<'a, A>(
    actions: &'a [A],
) -> Option<(usize, impl Fn(usize) -> &'a A + Copy)> {
    let last = actions.len().checked_sub(1)?;
    Some((last, move |at: usize| &actions[at.min(last)]))
}

/// [`lowest_of`] the buckets of the first [`HEAD`] actions. Out of line, so that the scan's
/// loop is compiled as it is without it.
#[inline(never)]
fn lowest_in_head<A: Action>(head: &[A; HEAD]) -> (usize, u32) {
    lowest_of(|at| head[at].bucket())
}

/// Among exactly [`HEAD`] actions whose lowest bucket is `lowest`, when that bucket is led by
/// an integer column alone: the first of its members with the least value, found as a tree
/// without a branch. `values(column)` reads that column's values by position (`None` when the
/// actions lack it). `None` for any other lead, and in the rare case that every member's value
/// is the largest, for the caller's general scan.
#[inline(always)]
fn least_member_of_eight<T: KeyTable + ?Sized, V: Fn(usize) -> i64>(
    lowest: u32,
    rules: &T,
    bucket: impl Fn(usize) -> u32,
    values: impl FnOnce(usize) -> Option<V>,
) -> Option<usize> {
    let (column, flip) = rules.lead_of(lowest).column()?;
    let value = values(column)?;
    least_member_by(lowest, int_order_mask(flip), bucket, value)
}

/// [`least_member_of_eight`] with the lead's column and direction taken by a jump
/// (`on_lead!`), for the portable path over columns, whose values are behind the column's
/// pointer. (Over records the same jump measured slower, and so did the vector kernels' on
/// varied and fresh inputs: docs/select.md.)
#[inline(always)]
fn least_member_of_eight_on_branches<T: KeyTable + ?Sized, V: Fn(usize) -> i64>(
    lowest: u32,
    rules: &T,
    bucket: impl Fn(usize) -> u32,
    values: impl FnOnce(usize) -> Option<V>,
) -> Option<usize> {
    let (column, flip) = rules.lead_of(lowest).column()?;
    on_lead!(column, flip, |column, flip| {
        least_member_by(lowest, int_order_mask(flip), bucket, values(column)?)
    })
}

/// The first member of `lowest` with the least value among the [`HEAD`] actions, each value
/// read as a `u64` XOR-ed with `order` ([`int_order_mask`]) ([`least_member_of_eight`]).
#[inline(always)]
fn least_member_by(
    lowest: u32,
    order: u64,
    bucket: impl Fn(usize) -> u32,
    value: impl Fn(usize) -> i64,
) -> Option<usize> {
    let (winner, _) = first_least(|at| member_key(lowest, order, bucket(at), value(at)));
    // A worse bucket's action wins only on position, when every member's value is the
    // largest too.
    (bucket(winner) == lowest).then_some(winner)
}

/// An action's key among the members of bucket `lowest`: its `value` read as a `u64`
/// XOR-ed with `order` ([`int_order_mask`]), so that the least key is the preferred value;
/// another bucket's action's the largest, which never beats a member.
#[inline(always)]
fn member_key(lowest: u32, order: u64, bucket: u32, value: i64) -> u64 {
    // Without a branch: as a plain `if`, the compiler loaded the value behind a branch on the
    // action's bucket, which no predictor learns on inputs it has not seen (docs/select.md).
    core::hint::select_unpredictable(bucket == lowest, value as u64 ^ order, u64::MAX)
}

/// The position of the first of the least of the [`HEAD`] keys `key(0..HEAD)`, and that key,
/// found as a tree without a branch (written out, as [`lowest_of`] is).
#[inline(always)]
fn first_least(key: impl Fn(usize) -> u64) -> (usize, u64) {
    let pair = |at: usize| earlier_least((at, key(at)), (at + 1, key(at + 1)));
    earlier_least(
        earlier_least(pair(0), pair(2)),
        earlier_least(pair(4), pair(6)),
    )
}

/// Of two (position, key) pairs, `earlier`'s first, the one with the lesser key: `later`
/// only when its key is strictly less, so that the earlier position wins a tie.
#[inline(always)]
fn earlier_least(earlier: (usize, u64), later: (usize, u64)) -> (usize, u64) {
    if later.1 < earlier.1 { later } else { earlier }
}

/// The running choice of [`select`]: the best index so far, its bucket and its lead value.
struct Best {
    index: usize,
    bucket: u32,
    value: u64,
}

/// Scans `actions[start..]` against `best`, whose bucket's lead key `value` reads (already
/// flipped for the key's direction). Returns the position of the first action of a lower
/// bucket, if any, for the caller to restart from with that bucket's lead.
///
/// The bucket and the lead value are packed into one `u128`, so the common case (a worse
/// action) costs one comparison and one well-predicted branch, as in a bare argmin (names:
/// [`scan_names`]).
#[inline(always)]
fn scan<A: Action, K: Iterator<Item = Key> + Clone>(
    actions: &[A],
    start: usize,
    best: &mut Best,
    lead: &Lead<K>,
    value: impl Fn(&A, usize) -> u64,
) -> Option<usize> {
    let mut best_key = packed(best.bucket, best.value);
    let tail = actions.get(start..).unwrap_or(&[]);
    let mut offer = |best_key: &mut u128, key: u128, action: &A, position: usize| {
        offer_to_best(actions, action, position, key, best, best_key, lead)
    };
    // One loop per kind of lead, so that the candidate test carries no extra branch.
    macro_rules! scan_tail {
        ($candidate:expr, $mark:expr) => {{
            let mut restart = None;
            for (offset, action) in tail.iter().enumerate() {
                let position = start + offset;
                let key = packed(action.bucket(), value(action, position));
                if $candidate(key, best_key) {
                    $mark();
                    if offer(&mut best_key, key, action, position) {
                        restart = Some(position);
                        break;
                    }
                }
            }
            restart
        }};
    }
    let restart = if lead.decisive {
        // An equal key loses to the incumbent (it came first), so only a smaller key is a
        // candidate: a new best or a lower bucket, both rare. Marking the branch cold keeps
        // the common case one comparison and one predicted branch; otherwise the compiler
        // turns the update into conditional moves, a dependency chain through `best_key`
        // that made the scan 1.45x slower.
        scan_tail!(|key, best| key < best, crate::cold_path)
    } else {
        // Ties on a lead that does not decide alone (a flag, a key with more after it) are
        // common and go to the full key.
        scan_tail!(|key, best| key <= best, || ())
    };
    best.value = best_key as u64;
    restart
}

/// [`scan`] for a bucket led by the name, from `start`. Each action is first tested on its
/// bucket and the first four bytes of its name ([`name_head`]), packed as `scan` packs the
/// bucket and the first eight: a test that every action of a lower bucket, and every action
/// of the best's bucket whose name may come first, passes. Only those read the first eight
/// bytes, then the whole key on a tie ([`offer_to_best`]).
///
/// A test on the bucket first, then the name of each of the best's members, is a branch
/// taken for one action in seven when the buckets are seven at random, which no predictor
/// learns on inputs it has not seen; the test on the name's head is passed by far fewer.
#[inline(always)]
fn scan_names<A: Action, K: Iterator<Item = Key> + Clone>(
    actions: &[A],
    start: usize,
    best: &mut Best,
    lead: &Lead<K>,
) -> Option<usize> {
    let flip_head = lead.flip as u32;
    let mut best_key = packed(best.bucket, best.value);
    // The best's packed key without the last four bytes of its name's prefix.
    let mut best_head = (best_key >> 32) as u64;
    let tail = actions.get(start..).unwrap_or(&[]);
    let mut restart = None;
    for (offset, action) in tail.iter().enumerate() {
        let head = u64::from(name_head(action.name()) ^ flip_head);
        if (u64::from(action.bucket()) << 32) | head > best_head {
            continue;
        }
        let position = start + offset;
        let key = packed(action.bucket(), name_prefix(action.name()) ^ lead.flip);
        if offer_to_best(actions, action, position, key, best, &mut best_key, lead) {
            restart = Some(position);
            break;
        }
        best_head = (best_key >> 32) as u64;
    }
    best.value = best_key as u64;
    restart
}

/// Offers `action`, at `position`, whose packed `(bucket, lead value)` is `key`, to the best
/// of a scan, whose packed key is `best_key`: returns true when it belongs to a lower bucket
/// (the caller restarts there); it becomes the best when its key is smaller, or equal and the
/// rest of a lead that does not decide alone puts it first.
#[inline(always)]
fn offer_to_best<A: Action, K: Iterator<Item = Key> + Clone>(
    actions: &[A],
    action: &A,
    position: usize,
    key: u128,
    best: &mut Best,
    best_key: &mut u128,
    lead: &Lead<K>,
) -> bool {
    if key > *best_key {
        return false;
    }
    if (key >> 64) as u32 != best.bucket {
        return true;
    }
    let better = key < *best_key
        || (!lead.decisive
            && actions.get(best.index).is_some_and(|incumbent| {
                compare_within(lead.keys.clone(), action, position, incumbent, best.index)
                    == Ordering::Less
            }));
    if better {
        best.index = position;
        *best_key = key;
    }
    false
}

/// The first four bytes of `name`, big-endian, zero-padded: the top half of [`name_prefix`],
/// with one branch on the length for names of four bytes or more.
#[inline(always)]
fn name_head(name: &[u8]) -> u32 {
    match name.first_chunk::<4>() {
        Some(head) => u32::from_be_bytes(*head),
        None => (name_prefix(name) >> 32) as u32,
    }
}

/// How many actions [`scan_int_alone`] tests before each look at its rare path.
const BLOCK: usize = 4;

/// The fewest actions after the incumbent that [`scan_int_alone`] takes; shorter scans stay in
/// [`scan`], where the call and the rare path's second reading of a block cost more than the
/// loop saves. Callgrind, mixed buckets, a call with `scan_int_alone` for every length against
/// this bound: 1 action 125 against 108 instructions, 5 306 against 254, 16 393 against 337,
/// 24 487 against 434.
const LONG_SCAN: usize = 31;

/// How many actions a scan of mixed buckets compares packed, the bucket above the value,
/// before it tests the value alone ([`scan_int_alone`]; the columns' `scan_int`, from the
/// block of eight that holds the best). While the best is still weak, actions of worse
/// buckets often beat it by value, and each such action is a turn of the rare path (on inputs
/// no predictor has seen, a mispredicted branch), which the packed comparison spares.
const PACKED_PREFIX: usize = 64;

/// How [`scan_blocks`] tests an action against the leader: packed `(bucket, value)`, which
/// only actions of the leader's bucket or a lower one can pass; or, once the leader is in
/// bucket 0, where no action can be of a lower bucket, the raw value alone, signed, below the
/// leader's (ascending) or above it (descending).
const PACKED: u8 = 0;
/// See [`PACKED`].
const VALUE_BELOW: u8 = 1;
/// See [`PACKED`].
const VALUE_ABOVE: u8 = 2;
/// [`PACKED`] with the leader known to be in bucket 0 (the packed prefix of a scan in bucket
/// 0): its bucket word a constant zero, the comparison takes one instruction less an action.
const PACKED_IN_ZERO: u8 = 3;

/// Tests each block of `blocks`, the first action at `position`, against `leader` as `TEST`
/// says (one comparison and one rarely taken branch an action) and hands a block that has an
/// action passing to [`offer_block`], which passes over the actions of worse buckets that
/// the value tests let through. Returns the position of the first action of a lower bucket,
/// if any.
#[inline(always)]
fn scan_blocks<A: Action, const TEST: u8>(
    blocks: &[[A; BLOCK]],
    mut position: usize,
    key: impl Fn(&A) -> u128 + Copy,
    raw: impl Fn(&A) -> i64,
    order: u64,
    leader: &mut Leader,
) -> Option<usize> {
    for block in blocks {
        let lead = ((leader.key as u64) ^ order) as i64;
        let passes = match TEST {
            VALUE_BELOW => block.iter().any(|action| raw(action) < lead),
            VALUE_ABOVE => block.iter().any(|action| raw(action) > lead),
            PACKED_IN_ZERO => block
                .iter()
                .any(|action| key(action) < u128::from(leader.key as u64)),
            _ => block.iter().any(|action| key(action) < leader.key),
        };
        if passes {
            let restart = offer_block(block, position, key, leader);
            if restart.is_some() {
                return restart;
            }
        }
        position += BLOCK;
    }
    None
}

/// The best so far of [`scan_int_alone`]: its position and its packed `(bucket, value)`.
struct Leader {
    index: usize,
    key: u128,
}

/// Offers the actions of `block`, the first at `position`, to `leader` in input order, after
/// one of them has beaten it: each smaller key in the leader's bucket becomes the leader, and
/// the first action of a lower bucket stops the offer and is returned, for the caller to
/// restart from. Cold and out of line, so that the scan's loop keeps nothing of it.
#[cold]
#[inline(never)]
fn offer_block<A: Action>(
    block: &[A],
    position: usize,
    key: impl Fn(&A) -> u128,
    leader: &mut Leader,
) -> Option<usize> {
    let bucket = (leader.key >> 64) as u32;
    for (offset, action) in block.iter().enumerate() {
        let key = key(action);
        if key < leader.key {
            if (key >> 64) as u32 != bucket {
                return Some(position + offset);
            }
            *leader = Leader {
                index: position + offset,
                key,
            };
        }
    }
    None
}

/// [`scan`] for a bucket whose only key is an integer field, from its incumbent at `start`.
///
/// Each action costs one comparison with the leader and a branch that is rarely taken, in
/// blocks of [`BLOCK`] ([`scan_blocks`]); what the rare branch does (a new best, a lower
/// bucket, their positions) is in [`offer_block`]. The comparison is packed, the bucket above
/// the value, unless the incumbent is in bucket 0; then it is the raw value alone (two
/// instructions an action instead of six: callgrind, 1000 actions of one bucket, 8.1 → 4.2
/// an action), except for the first [`PACKED_PREFIX`] actions when the eight after the
/// incumbent are not all in bucket 0. In [`scan`]'s loop the position, the update and the
/// field's address took registers the loop then reloaded from the stack (11.2 instructions
/// an action over 1000 mixed actions).
#[inline(never)]
fn scan_int_alone<A: Action>(
    actions: &[A],
    start: usize,
    best: &mut Best,
    field: usize,
    flip: u64,
) -> Option<usize> {
    let order = int_order_mask(flip);
    let key = |action: &A| packed(action.bucket(), action.int(field) as u64 ^ order);
    let raw = |action: &A| action.int(field);
    let (incumbent, tail) = actions.get(start..)?.split_first()?;
    let mut leader = Leader {
        index: start,
        key: key(incumbent),
    };
    let (blocks, rest) = tail.as_chunks::<BLOCK>();
    // The leader stays in the incumbent's bucket: an action of a lower one ends the scan.
    let mut restart = if incumbent.bucket() != 0 {
        scan_blocks::<A, PACKED>(blocks, start + 1, key, raw, order, &mut leader)
    } else {
        let one_bucket_ahead = blocks.first_chunk::<2>().is_some_and(|ahead| {
            let buckets = |any, action: &A| any | action.bucket();
            ahead.as_flattened().iter().fold(0, buckets) == 0
        });
        let packed_blocks = if one_bucket_ahead {
            0
        } else {
            PACKED_PREFIX / BLOCK
        };
        let (prefix, later) = blocks.split_at(blocks.len().min(packed_blocks));
        let position = start + 1 + prefix.len() * BLOCK;
        scan_blocks::<A, PACKED_IN_ZERO>(prefix, start + 1, key, raw, order, &mut leader).or_else(
            || {
                if flip == Direction::Ascending.flip() {
                    scan_blocks::<A, VALUE_BELOW>(later, position, key, raw, order, &mut leader)
                } else {
                    scan_blocks::<A, VALUE_ABOVE>(later, position, key, raw, order, &mut leader)
                }
            },
        )
    };
    let position = start + 1 + blocks.len() * BLOCK;
    if restart.is_none() && rest.iter().any(|action| key(action) < leader.key) {
        restart = offer_block(rest, position, key, &mut leader);
    }
    best.index = leader.index;
    best.value = leader.key as u64;
    restart
}

/// The index of the first action in the total order `(bucket, the bucket's key, position)`,
/// or `None` when `actions` is empty. One pass, no allocation.
///
/// ```
/// use ordo::select::{select, preset, ActionRecord};
/// let actions = [
///     ActionRecord::new(preset::END_TURN),
///     ActionRecord::new(preset::PURCHASE).with_field(preset::COST, 3).with_name(b"Scout"),
///     ActionRecord::new(preset::PURCHASE).with_field(preset::COST, 5).with_name(b"Cutter"),
/// ];
/// // Purchases come before ending the turn, and the most expensive card is bought first.
/// assert_eq!(select(&actions, &preset::RULES), Some(2));
/// ```
pub fn select<A: Action>(actions: &[A], rules: &Rules<'_>) -> Option<usize> {
    select_in(actions, rules)
}

/// [`select`] over any [`KeyTable`].
#[inline(always)]
pub(crate) fn select_in<A: Action, T: KeyTable + ?Sized>(
    actions: &[A],
    rules: &T,
) -> Option<usize> {
    match actions.first_chunk::<HEAD>() {
        Some(head) if actions.len() == HEAD && rules.int_led() => {
            match crate::ffi::cpu::select_eight_actions(head, rules) {
                Some(chosen) => Some(chosen),
                None => Some(select_eight(head, rules)),
            }
        }
        Some(_) if actions.len() <= 8 * HEAD && rules.int_led() => {
            let chosen = match actions.len() {
                9..=16 => crate::ffi::cpu::select_head_and_tail_actions::<1, A, T>(actions, rules),
                17..=32 => crate::ffi::cpu::select_head_and_tail_actions::<2, A, T>(actions, rules),
                _ => crate::ffi::cpu::select_head_and_tail_actions::<4, A, T>(actions, rules),
            };
            chosen.or_else(|| select_scan(actions, rules))
        }
        None if actions.len() > 2 && rules.int_led() => {
            crate::ffi::cpu::select_few_actions(actions, rules)
                .unwrap_or_else(|| select_few(actions, rules))
        }
        _ => select_scan(actions, rules),
    }
}

/// The choice of [`select`] over exactly [`HEAD`] actions, a bot's usual handful, when some
/// bucket is led by an integer field alone: their lowest bucket, then, when that bucket's lead
/// is such a field, the least of its members' values, both as trees without a branch (other
/// leads: [`select_scan`]). On a CPU with AVX2 or AVX-512, [`select_in`] runs the same trees
/// in vectors instead (`avx2::select_eight_actions`, `avx512::select_eight_actions`): on the
/// Zen 4 EPYC, 7-25 % faster with AVX2 and 22-25 % with AVX-512; and over nine to 32
/// actions, over the first eight and the last eight, or the first sixteen and the last
/// sixteen (`avx2::select_head_and_tail_actions`, `avx512::select_head_and_tail_actions`):
/// over twice as fast on fresh inputs of 12 and 16 (Zen 4), about a fifth faster at 24 and 32
/// (Zen 3), a quarter to two fifths faster there with AVX-512 (Zen 4); with AVX-512 also
/// over 33 to 64, the first 32 and the last 32: about a third faster on mixed inputs of 64,
/// learnt or fresh (Zen 4, docs/select.md); and over three to seven, as eight with the last
/// one repeated (`select_few_actions`; fresh inputs of three and five on a Zen 4 about twice
/// as fast, one repeated input of five about a third faster and of three a fifth slower).
#[inline(never)]
fn select_eight<A: Action, T: KeyTable + ?Sized>(head: &[A; HEAD], rules: &T) -> usize {
    match least_member_of_eight_read(|at| &head[at], rules) {
        Some(chosen) => chosen,
        None => select_scan(head, rules).unwrap_or(0),
    }
}

/// The choice of [`select`] over three to seven actions when some bucket is led by an integer
/// field alone: [`select_eight`]'s trees over them as eight, the last one repeated
/// ([`last_repeated`]), where the general scan leaves its loop for each new best, a branch no
/// predictor learns on inputs it has not seen (fresh inputs of five on a Zen 4: 31.6 → 17.2-17.8
/// ns; one repeated input of three, which the scan's branches learn: 12.5-13.7 → 15.8-21.8).
/// On a CPU with AVX2 or AVX-512, [`select_in`] runs the same trees in vectors instead
/// (`avx2::select_few_actions`, `avx512::select_few_actions`). One or two actions take the
/// general scan.
#[inline(never)]
fn select_few<A: Action, T: KeyTable + ?Sized>(actions: &[A], rules: &T) -> Option<usize> {
    let (last, action) = last_repeated(actions)?;
    match least_member_of_eight_read(action, rules) {
        Some(chosen) => Some(chosen.min(last)),
        None => select_scan(actions, rules),
    }
}

/// The eight actions `action(0..HEAD)`'s lowest bucket (settled by a predicted branch when the
/// first is in bucket 0, so that the values load without waiting for the tree), then
/// [`least_member_of_eight`] over them: the trees of [`select_eight`] and [`select_few`].
#[inline(always)]
fn least_member_of_eight_read<'a, A: Action + 'a, T: KeyTable + ?Sized>(
    action: impl Fn(usize) -> &'a A + Copy,
    rules: &T,
) -> Option<usize> {
    let lowest = match action(0).bucket() {
        0 => 0,
        _ => lowest_bucket(|at| action(at).bucket()),
    };
    let values = |column| Some(move |at: usize| action(at).int(column));
    least_member_of_eight(lowest, rules, |at| action(at).bucket(), values)
}

/// The choice of [`select`] by the general scan, which also finds the least member of exactly
/// [`HEAD`] actions as [`select_eight`] does (the C face calls it directly: with the dispatch
/// to `select_eight` inline, `ordo_select`'s own checks compiled to about 130 instructions a
/// call more on the preset).
pub(crate) fn select_scan<A: Action, T: KeyTable + ?Sized>(
    actions: &[A],
    rules: &T,
) -> Option<usize> {
    let mut position = 0;
    let mut best = Best {
        index: 0,
        bucket: actions.first()?.bucket(),
        value: 0,
    };
    if let Some(head) = actions.first_chunk::<HEAD>() {
        if best.bucket != 0 {
            (position, best.bucket) = scan_start(lowest_in_head(head), || {
                Some(lowest_in_head(actions.get(HEAD..)?.first_chunk()?))
            });
            best.index = position;
        }
        if actions.len() == HEAD {
            if let Some(chosen) = least_member_of_eight(
                best.bucket,
                rules,
                |at| head[at].bucket(),
                |column| Some(move |at: usize| head[at].int(column)),
            ) {
                return Some(chosen);
            }
            // The lowest bucket's only member among the eight is chosen whatever its key.
            let another = head.iter().enumerate().fold(false, |seen, (at, action)| {
                seen | ((at > position) & (action.bucket() == best.bucket))
            });
            if !another {
                return Some(position);
            }
        }
    }
    // Each round scans until an action of a lower bucket appears, which happens at most once
    // per bucket value, so the actions are visited once in all.
    loop {
        let lead = Lead::of(rules.keys_of(best.bucket));
        let flip = lead.flip;
        let restart = match lead.field {
            Field::Int(index)
                if lead.decisive && actions.len().saturating_sub(position + 1) >= LONG_SCAN =>
            {
                scan_int_alone(actions, position, &mut best, usize::from(index), flip)
            }
            Field::Int(index) => {
                let index = usize::from(index);
                let value = |action: &A, _: usize| int_order(action.int(index)) ^ flip;
                best.value = actions.get(position).map_or(0, |a| value(a, position));
                scan(actions, position + 1, &mut best, &lead, value)
            }
            Field::Name => {
                best.value = actions
                    .get(position)
                    .map_or(0, |a| name_prefix(a.name()) ^ flip);
                scan_names(actions, position + 1, &mut best, &lead)
            }
            Field::Flag => {
                let value = |action: &A, _: usize| u64::from(action.flag()) ^ flip;
                best.value = actions.get(position).map_or(0, |a| value(a, position));
                scan(actions, position + 1, &mut best, &lead, value)
            }
            // No rule: every member ties and input order decides.
            Field::Position if lead.keys.len() == 0 => {
                best.value = 0;
                scan(actions, position + 1, &mut best, &lead, |_: &A, _| 0)
            }
            Field::Position => {
                best.value = (position as u64) ^ flip;
                scan(actions, position + 1, &mut best, &lead, |_: &A, at| {
                    (at as u64) ^ flip
                })
            }
        };
        match restart.and_then(|at| Some((at, actions.get(at)?.bucket()))) {
            Some((at, bucket)) => {
                position = at;
                best.index = at;
                best.bucket = bucket;
            }
            None => return Some(best.index),
        }
    }
}

/// Writes the indices of the first `out.len()` actions of the total order
/// `(bucket, key, position)` to the front of `out` and returns how many it wrote
/// (`min(out.len(), actions.len())`); the rest of `out` is left as it was.
///
/// `out.len()` is the cap and may be at most [`MAX_ORDER`]; otherwise it returns
/// [`SelectError::CapTooLarge`] and writes nothing. The buffer is kept sorted by insertion,
/// so the cost is O(n log cap) comparisons plus the shifts; up to eight actions, each one's
/// place is instead counted from the 28 pairs of their keys, without a branch.
pub fn order<A: Action>(
    actions: &[A],
    rules: &Rules<'_>,
    out: &mut [usize],
) -> Result<usize, SelectError> {
    order_in(actions, rules, out)
}

/// [`order`] over any [`KeyTable`].
pub(crate) fn order_in<A: Action, T: KeyTable + ?Sized>(
    actions: &[A],
    rules: &T,
    out: &mut [usize],
) -> Result<usize, SelectError> {
    order_of(actions.len(), |index| actions.get(index), rules, out)
}

/// [`order`] over `count` actions, the action at a position read through `action_at`
/// (records, or a row of columns).
pub(crate) fn order_of<A: Action, T: KeyTable + ?Sized>(
    count: usize,
    action_at: impl Fn(usize) -> Option<A>,
    rules: &T,
    out: &mut [usize],
) -> Result<usize, SelectError> {
    let cap = out.len();
    if cap > MAX_ORDER {
        return Err(SelectError::CapTooLarge);
    }
    if cap == 0 {
        return Ok(0);
    }
    if count <= HEAD {
        return Ok(order_by_rank(count, action_at, rules, out));
    }
    // Beside each held index, its bucket and lead value packed as in `select`'s scan: most
    // comparisons are then one integer comparison, and only equal packed keys of a lead that
    // does not decide alone read the actions again.
    let mut held_keys = [0u128; MAX_ORDER];
    let mut len = 0;
    for (position, action) in (0..count).map_while(|at| Some((at, action_at(at)?))) {
        let bucket = action.bucket();
        // Full, and a worse bucket than the last entry's: out without computing its key.
        if len == cap
            && held_keys
                .get(cap - 1)
                .is_some_and(|&last| bucket > (last >> 64) as u32)
        {
            continue;
        }
        let lead = Lead::of(rules.keys_of(bucket));
        let key = packed(bucket, lead.value(&action, position));
        // Whether the new action comes before the entry in `slot`, their packed keys equal
        // (the entry held came first in input order).
        let beats_equal = |slot: usize| {
            !lead.decisive
                && out.get(slot).is_some_and(|&at| {
                    action_at(at).is_some_and(|held| {
                        compare_within(lead.keys.clone(), &action, position, &held, at)
                            == Ordering::Less
                    })
                })
        };
        let held = held_keys.get(..len).unwrap_or(&[]);
        let before = |slot: usize| {
            held.get(slot)
                .is_some_and(|&other| key < other || (key == other && beats_equal(slot)))
        };
        if len == cap && !before(len - 1) {
            continue;
        }
        // The held entries are sorted and all earlier in input order, so the new action goes
        // after every entry of a lower packed key and after each equal one it does not beat.
        // The lower ones are counted without a branch: on inputs the predictor has not seen,
        // a binary search mispredicts about one step in two (docs/select.md).
        let mut slot = held
            .iter()
            .map(|&held| usize::from(held < key))
            .sum::<usize>();
        while slot < len && !before(slot) {
            slot += 1;
        }
        // Insert at `slot` by carrying each displaced entry one place right; when the buffer
        // is full, the last entry falls off.
        let end = len.min(cap - 1);
        let mut carried = (position, key);
        for (entry, held) in out.iter_mut().zip(&mut held_keys).take(end + 1).skip(slot) {
            core::mem::swap(entry, &mut carried.0);
            core::mem::swap(held, &mut carried.1);
        }
        len = (len + 1).min(cap);
    }
    Ok(len)
}

/// [`order_of`] over at most [`HEAD`] actions: each action's rank in the total order is the
/// number of actions before it there, and the action is written at its rank when that is
/// below the cap. The ranks come from the 28 pairs of eight packed keys (bucket, lead value),
/// the absent actions' keys the largest, each pair compared once and without a branch; only
/// when two actions hold an equal packed key are the ranks counted again, those actions
/// ordered by input order or, for a lead that does not decide alone, by the full key. No
/// insertion and no shifts, whose branches an unseen input mispredicts (docs/select.md).
fn order_by_rank<A: Action, T: KeyTable + ?Sized>(
    count: usize,
    action_at: impl Fn(usize) -> Option<A>,
    rules: &T,
    out: &mut [usize],
) -> usize {
    let mut keys = [u128::MAX; HEAD];
    let mut len = 0;
    for (key, position) in keys.iter_mut().zip(0..count) {
        let Some(action) = action_at(position) else {
            break;
        };
        let bucket = action.bucket();
        *key = packed(
            bucket,
            Lead::of(rules.keys_of(bucket)).value(&action, position),
        );
        len += 1;
    }
    // No action's packed key is the largest `u128` (its bucket is below `u32::MAX` in the top
    // bits' half), so an absent action's comes after every action's and is never counted.
    let mut ranks = [0usize; HEAD];
    let mut tied = false;
    for earlier in 0..HEAD {
        for later in earlier + 1..HEAD {
            let later_first = keys[later] < keys[earlier];
            ranks[earlier] += usize::from(later_first);
            ranks[later] += usize::from(!later_first);
            tied |= (keys[later] == keys[earlier]) & (later < len);
        }
    }
    if tied {
        ranks_with_ties(
            keys.get(..len).unwrap_or(&[]),
            &action_at,
            rules,
            &mut ranks,
        );
    }
    for (position, &rank) in ranks.iter().enumerate().take(len) {
        if let Some(slot) = out.get_mut(rank) {
            *slot = position;
        }
    }
    len.min(out.len())
}

/// [`order_by_rank`]'s ranks when some actions hold an equal packed key: each action's rank
/// counted against every other, an equal packed key (the same bucket, so the same lead)
/// before it when earlier in input order or, for a lead that does not decide alone, when
/// less by the full key.
#[cold]
#[inline(never)]
fn ranks_with_ties<A: Action, T: KeyTable + ?Sized>(
    keys: &[u128],
    action_at: &impl Fn(usize) -> Option<A>,
    rules: &T,
    ranks: &mut [usize; HEAD],
) {
    for ((position, &key), rank) in keys.iter().enumerate().zip(ranks.iter_mut()) {
        let lead = Lead::of(rules.keys_of((key >> 64) as u32));
        let before = |other: usize| match (lead.decisive, action_at(other), action_at(position)) {
            (true, _, _) => other < position,
            (false, Some(a), Some(b)) => {
                compare_within(lead.keys.clone(), &a, other, &b, position) == Ordering::Less
            }
            (false, _, _) => false,
        };
        *rank = keys.iter().filter(|&&other| other < key).count()
            + (keys.iter().enumerate())
                .filter(|&(other, &held)| held == key && other != position && before(other))
                .count();
    }
}

/// Writes the seed's one-hot distribution to `out[..actions.len()]`: `1.0` on the
/// [`select`]ed action, `0.0` elsewhere, and returns the selected index (`None`, writing
/// nothing, when there are no actions). `out` may be longer; the rest is left as it was.
///
/// Returns [`SelectError::BufferTooSmall`], writing nothing, when `out` is shorter than
/// `actions`.
pub fn one_hot<A: Action>(
    actions: &[A],
    rules: &Rules<'_>,
    out: &mut [f64],
) -> Result<Option<usize>, SelectError> {
    one_hot_in(actions, rules, out)
}

/// [`one_hot`] over any [`KeyTable`].
pub(crate) fn one_hot_in<A: Action, T: KeyTable + ?Sized>(
    actions: &[A],
    rules: &T,
    out: &mut [f64],
) -> Result<Option<usize>, SelectError> {
    one_hot_of(actions.len(), || select_in(actions, rules), out)
}

/// The one-hot of `count` actions into `out[..count]`: 1.0 on the action `choose` returns,
/// 0.0 on the others. [`SelectError::BufferTooSmall`] before anything is chosen or written
/// when `out` is shorter than `count`.
pub(crate) fn one_hot_of(
    count: usize,
    choose: impl FnOnce() -> Option<usize>,
    out: &mut [f64],
) -> Result<Option<usize>, SelectError> {
    let out = out.get_mut(..count).ok_or(SelectError::BufferTooSmall)?;
    let chosen = choose();
    out.fill(0.0);
    if let Some(slot) = chosen.and_then(|index| out.get_mut(index)) {
        *slot = 1.0;
    }
    Ok(chosen)
}

/// The seed's `_select` over the caller's own types, in one pass: the first action in input
/// order whose `(priority, key)` is minimal, or `None` when `actions` is empty.
///
/// `key(&priority, action)` is the key of `action` within its priority class (the seed's
/// `key_for(best)(action)`); it is evaluated only for actions whose priority is not worse than
/// the best seen so far.
///
/// ```
/// use core::cmp::Reverse;
/// use ordo::select::select_by_key;
/// // (category, cost, name)
/// let actions = [(6, 0, "end"), (1, 3, "Scout"), (1, 5, "Cutter"), (1, 5, "Blob")];
/// let chosen = select_by_key(&actions, |a| a.0, |_category, a| (Reverse(a.1), a.2));
/// assert_eq!(chosen, Some(3));
/// ```
pub fn select_by_key<'a, A, P, K>(
    actions: &'a [A],
    mut priority: impl FnMut(&'a A) -> P,
    mut key: impl FnMut(&P, &'a A) -> K,
) -> Option<usize>
where
    P: Ord,
    K: Ord,
{
    let (first, rest) = actions.split_first()?;
    let mut best = 0;
    let mut best_priority = priority(first);
    let mut best_key = key(&best_priority, first);
    let mut offer = |position: usize, action: &'a A| {
        let candidate = priority(action);
        // A worse priority is passed over on one test; the rest share one path, whose
        // decision a compiler can make without a branch per outcome of a three-way compare.
        if candidate > best_priority {
            return;
        }
        let candidate_key = key(&candidate, action);
        if candidate < best_priority || candidate_key < best_key {
            best_key = candidate_key;
            best_priority = candidate;
            best = position;
        }
    };
    // In blocks of four, unrolled. As a plain loop, the compiler turned a one-field key's
    // update into conditional moves, a dependency chain through the best (1.9-3.3x slower),
    // and the scan of inputs the branch predictor cannot learn was 1.4-3.0x slower, depending
    // on where the code landed; blocks of two did almost as well, blocks of eight lost most
    // of the gain (docs/select.md).
    let (blocks, tail) = rest.as_chunks::<4>();
    let mut position = 1;
    for block in blocks {
        for (offset, action) in block.iter().enumerate() {
            offer(position + offset, action);
        }
        position += block.len();
    }
    for (offset, action) in tail.iter().enumerate() {
        offer(position + offset, action);
    }
    Some(best)
}

pub mod preset {
    //! The seed's table ("V2 — Ordered List" of a deck-builder bot): seven buckets, each with the
    //! tie-break its table documents.
    //!
    //! | bucket | constant | tie-break ([`RULES`]) |
    //! |---|---|---|
    //! | 0 | [`PENDING`] | name, then index (position) |
    //! | 1 | [`PURCHASE`] | [`COST`] descending, then name |
    //! | 2 | [`BASE_ABILITY`] | name |
    //! | 3 | [`PLAY_CARD`] | name |
    //! | 4 | [`ATTACK_BASE`] | flag (outpost) descending = outposts first, [`DEFENSE`] descending, [`COST`] descending, name descending |
    //! | 5 | [`ATTACK_OPPONENT`] | index (position) |
    //! | 6 | [`END_TURN`] | index (position) |
    //!
    //! The seed's `index` is the action's position in the engine's legal-action list, so it maps
    //! to [`Field::Position`]; its string comparison (code points) equals byte-wise comparison of
    //! UTF-8 names.

    use super::{Field, Key, Rules};

    /// Bucket 0: pending choices (forced discards, scraps, ...).
    pub const PENDING: u32 = 0;
    /// Bucket 1: buy a card.
    pub const PURCHASE: u32 = 1;
    /// Bucket 2: use a base's ability.
    pub const BASE_ABILITY: u32 = 2;
    /// Bucket 3: play a card.
    pub const PLAY_CARD: u32 = 3;
    /// Bucket 4: attack a base.
    pub const ATTACK_BASE: u32 = 4;
    /// Bucket 5: attack the opponent.
    pub const ATTACK_OPPONENT: u32 = 5;
    /// Bucket 6: end the turn.
    pub const END_TURN: u32 = 6;
    /// The integer field holding a card's cost.
    pub const COST: usize = 0;
    /// The integer field holding a base's defense (hit points).
    pub const DEFENSE: usize = 1;

    const COST_FIELD: Field = Field::Int(COST as u8);
    const DEFENSE_FIELD: Field = Field::Int(DEFENSE as u8);

    /// The keys of each bucket, indexed by bucket.
    pub const TABLE: &[&[Key]] = &[
        &[Key::asc(Field::Name), Key::asc(Field::Position)],
        &[Key::desc(COST_FIELD), Key::asc(Field::Name)],
        &[Key::asc(Field::Name)],
        &[Key::asc(Field::Name)],
        // The seed's `not is_outpost` ascending is the flag descending: outposts first.
        &[
            Key::desc(Field::Flag),
            Key::desc(DEFENSE_FIELD),
            Key::desc(COST_FIELD),
            Key::desc(Field::Name),
        ],
        &[Key::asc(Field::Position)],
        &[Key::asc(Field::Position)],
    ];

    /// [`TABLE`], validated (at compile time).
    pub const RULES: Rules<'static> = match Rules::new(TABLE) {
        Ok(rules) => rules,
        Err(_) => panic!("the preset table is valid"),
    };
}

#[cfg(test)]
mod tests {
    use super::{
        ActionRecord, BucketLead, Direction, FIELDS, Field, HEAD, Key, KeyTable, MAX_BUCKETS,
        Rules, first_least, lowest_of, name_head, name_prefix, select_few, select_scan,
    };

    /// The first position of the least bucket, the long way.
    fn naive_lowest(head: &[u32; HEAD]) -> (usize, u32) {
        let lowest = *head.iter().min().expect("eight buckets");
        let index = head
            .iter()
            .position(|&bucket| bucket == lowest)
            .expect("present");
        (index, lowest)
    }

    #[test]
    fn lowest_of_is_the_first_position_of_the_least_bucket_for_every_arrangement() {
        // Every arrangement of four values, the extremes included, in eight places.
        const VALUES: [u32; 4] = [0, 1, 7, u32::MAX];
        // Under Miri, every eleventh arrangement: the whole set takes minutes there.
        let step = if cfg!(miri) { 11 } else { 1 };
        for code in (0..VALUES.len().pow(HEAD as u32)).step_by(step) {
            let head: [u32; HEAD] = core::array::from_fn(|at| VALUES[(code >> (2 * at)) & 3]);
            assert_eq!(lowest_of(|at| head[at]), naive_lowest(&head), "{head:?}");
        }
    }

    #[test]
    fn first_least_is_the_first_position_of_the_least_key_for_every_arrangement() {
        // Every arrangement of three values, the extremes included, in eight places.
        const VALUES: [u64; 3] = [0, 1, u64::MAX];
        // Under Miri, every seventh arrangement: the whole set takes minutes there.
        let step = if cfg!(miri) { 7 } else { 1 };
        for code in (0..VALUES.len().pow(HEAD as u32)).step_by(step) {
            let keys: [u64; HEAD] = core::array::from_fn(|at| {
                VALUES[code / VALUES.len().pow(at as u32) % VALUES.len()]
            });
            let least = *keys.iter().min().expect("eight keys");
            let first = keys.iter().position(|&key| key == least);
            assert_eq!(
                Some(first_least(|at| keys[at])),
                first.map(|at| (at, least)),
                "{keys:?}"
            );
        }
    }

    #[test]
    fn the_few_action_trees_choose_as_the_general_scan() {
        // Integer leads, a lead that does not decide alone and a bucket without a rule; values
        // from a small range, so that ties (and the repeated last action's copies) are common.
        const TABLE: &[&[Key]] = &[
            &[Key::desc(Field::Int(0))],
            &[Key::asc(Field::Int(1))],
            &[Key::desc(Field::Int(0)), Key::asc(Field::Int(1))],
            &[],
        ];
        let rules = Rules::new(TABLE).expect("a valid table");
        let mut state = 0x853c_49e6_748f_ea9b_u64;
        let mut below = |bound: u64| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % bound
        };
        let cases = if cfg!(miri) { 700 } else { 21_000 };
        for case in 0..cases {
            let all: [ActionRecord<'static>; HEAD - 1] = core::array::from_fn(|_| {
                ActionRecord::new(below(4) as u32)
                    .with_field(0, below(5) as i64 - 2)
                    .with_field(1, below(5) as i64 - 2)
            });
            let actions = &all[..1 + case % (HEAD - 1)];
            assert_eq!(
                select_few(actions, &rules),
                select_scan(actions, &rules),
                "{actions:?}"
            );
        }
    }

    /// The definition: the first eight bytes, zero-padded, read big-endian.
    fn naive_prefix(name: &[u8]) -> u64 {
        let mut bytes = [0u8; 8];
        for (slot, &byte) in bytes.iter_mut().zip(name) {
            *slot = byte;
        }
        u64::from_be_bytes(bytes)
    }

    #[test]
    fn name_prefix_is_the_first_eight_bytes_zero_padded_at_every_length() {
        let patterns: [&[u8]; 3] = [
            b"\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c",
            b"\xff\xfe\x00\x80\x7f\x01\xff\x00\x10\x20\x30\x40",
            b"Battle Blob!",
        ];
        for pattern in patterns {
            for len in 0..=pattern.len() {
                let name = &pattern[..len];
                assert_eq!(name_prefix(name), naive_prefix(name), "{name:?}");
            }
        }
    }

    #[test]
    fn name_head_is_the_top_half_of_name_prefix_at_every_length() {
        let pattern = b"\xff\x01\x80\x7f\x00\x02";
        for len in 0..=pattern.len() {
            let name = &pattern[..len];
            assert_eq!(
                name_head(name),
                (naive_prefix(name) >> 32) as u32,
                "{name:?}"
            );
        }
    }

    /// The column that decides a bucket alone, the long way: its only key, if that reads an
    /// integer field, with the flip of its direction.
    fn naive_column(keys: &[Key]) -> Option<(usize, u64)> {
        match keys {
            [
                Key {
                    field: Field::Int(index),
                    direction,
                },
            ] => Some((
                usize::from(*index),
                match direction {
                    Direction::Ascending => 0,
                    Direction::Descending => u64::MAX,
                },
            )),
            _ => None,
        }
    }

    #[test]
    fn the_lead_rules_keep_is_the_one_their_keys_name_for_every_bucket() {
        const FIELD_KINDS: usize = FIELDS + 3;
        const KEYS: usize = 2 * FIELD_KINDS;
        let keys: [Key; KEYS] = core::array::from_fn(|at| Key {
            field: match at % FIELD_KINDS {
                index if index < FIELDS => Field::Int(index as u8),
                index if index == FIELDS => Field::Position,
                index if index == FIELDS + 1 => Field::Name,
                _ => Field::Flag,
            },
            direction: if at < FIELD_KINDS {
                Direction::Ascending
            } else {
                Direction::Descending
            },
        });
        let pairs: [[Key; 2]; KEYS * KEYS] =
            core::array::from_fn(|at| [keys[at / KEYS], keys[at % KEYS]]);
        // Every key alone, every pair, and none, in tables of every bucket count up to the
        // most (so that each list meets every bucket number in some table).
        let list = |at: usize| -> &[Key] {
            match at {
                0 => &[],
                at if at <= KEYS => core::slice::from_ref(&keys[at - 1]),
                at => &pairs[at - 1 - KEYS],
            }
        };
        let lists = 1 + KEYS + KEYS * KEYS;
        let far = [16, 17, 1000, u32::MAX];
        for width in 1..=MAX_BUCKETS {
            // Under Miri, three widths: the whole set takes minutes there.
            if cfg!(miri) && !matches!(width, 1 | 3 | MAX_BUCKETS) {
                continue;
            }
            for first in 0..lists {
                let mut table: [&[Key]; MAX_BUCKETS] = [&[]; MAX_BUCKETS];
                // The lists taken cyclically, so that each also leads the last bucket.
                for (slot, at) in table.iter_mut().zip(first..first + width) {
                    *slot = list(at % lists);
                }
                let rules = Rules::new(&table[..width]).expect("a valid table");
                for bucket in (0..=MAX_BUCKETS as u32).chain(far) {
                    let expected = naive_column(rules.keys(bucket));
                    assert_eq!(rules.lead_of(bucket).column(), expected, "{bucket}");
                    // The default, which reads the keys, as the C face's table does.
                    let keys = rules.keys_of(bucket);
                    let read = BucketLead::of(keys.clone().next(), keys.len());
                    assert_eq!(read.column(), expected, "{bucket}");
                }
            }
        }
        assert_eq!(Rules::input_order().lead_of(0).column(), None);
    }
}
