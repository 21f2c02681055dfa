//! Dual-map emulated draw: the whole play order of a shuffled pile under an
//! ordered hand, computed at once.
//!
//! Semantics. The *desired order* lists card ids in the order the player wants
//! to play them (duplicates allowed); the *pile* lists card ids in draw order
//! (mid-game: the hand first, then the deck). Each card of the pile gets a key:
//! the k-th copy of a card met in the pile is keyed by the k-th smallest
//! position of that card in the desired order; copies beyond those listed, and
//! cards absent from the desired order, are keyed after every listed position,
//! in draw order. Every key is therefore distinct. The player holds the next
//! `H` cards, plays the one with the smallest key (ties cannot happen; they
//! would go to the card drawn first), draws the next card, and repeats until
//! the pile and the hand are empty. The result is the play order, as slot
//! indices into the pile (and, through them, card ids).
//!
//! `H = 0` is an error; `H = 1` plays in draw order; `H >= n` is a stable sort
//! by key. Cards already in play (commanders, fortresses) are not drawn: leave
//! them out of the pile (they keep whatever order the caller gives them).
//!
//! Algorithm: the seed's, with both maps resolved up front. The seed's first
//! pass applies the second map (a card's next desired position, written over
//! every later copy) when it first compares a card: card 0 before the pass,
//! card `i + 1` at step `i`. It meets the cards in draw order, so the copies
//! of a card are numbered in draw order, and the keys can be computed in one
//! pass over the pile from a [`DesiredOrder`] (a hash table) built once. Then
//! the seed's `H - 1` bubble passes (swap a card with the next one only when
//! the next is strictly smaller) run overlapped, as a cascade of `H - 1`
//! one-card carries: each card flows through the carries; each carry keeps
//! the larger of itself and the card and passes on the smaller. One pass is
//! exactly a hand of 2 (it holds its carry and the card drawn next and plays
//! the smaller), and a hand of `h - 1` feeding a hand of 2 plays exactly like
//! a hand of `h`, so `H - 1` passes play like a hand of `H` (proof in
//! `docs/draw.md`; checked against the direct simulation and a literal
//! emulation of the seed by the property tests in `tests/draw_props.rs`).
//! A full hand (`H >= n`) is a sort by key, done by placing each entry at its
//! key (keys are distinct and at most `len + n`).
//!
//! The shuffle is Fisher–Yates over [`SplitMix64`] with unbiased bounded
//! integers (Lemire's multiply-and-reject), identical on every platform.

use arrayvec::ArrayVec;
use core::fmt;
use core::marker::PhantomData;

/// The largest pile (hand plus deck) one call accepts.
pub const MAX_CARDS: usize = 256;

/// The longest desired order a [`DesiredOrder`] accepts.
pub const MAX_DESIRED: usize = 256;

/// Hands up to this size use a cascade specialised at compile time; larger
/// hands (that are still smaller than the pile) use the same cascade with a
/// run-time number of carries.
const MAX_SPECIALISED_HAND: usize = 8;

// Every key and every slot fits in 16 bits, so an entry packs as
// `key << 16 | slot` into a u32 whose order is the key order.
const _: () = assert!(MAX_CARDS <= 1 << 16);
const _: () = assert!(MAX_DESIRED + MAX_CARDS < (1 << 16) - 1);

/// Why a draw was refused. Nothing is written to any output on error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawError {
    /// The hand size is 0; a hand holds at least one card.
    HandSizeZero,
    /// The pile (or a deck to shuffle) has more than [`MAX_CARDS`] cards.
    TooManyCards,
    /// The desired order has more than [`MAX_DESIRED`] entries.
    DesiredTooLong,
    /// A non-empty output slice is shorter than the number of values it must hold.
    OutputTooSmall,
    /// The stride between piles is smaller than a pile.
    StrideTooSmall,
    /// The pile buffer is shorter than `(count - 1) * stride + pile_len`.
    PilesTooShort,
}

impl fmt::Display for DrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawError::HandSizeZero => "the hand size is 0",
            DrawError::TooManyCards => "the pile has more than MAX_CARDS cards",
            DrawError::DesiredTooLong => "the desired order has more than MAX_DESIRED entries",
            DrawError::OutputTooSmall => "an output slice is too small",
            DrawError::StrideTooSmall => "the stride is smaller than a pile",
            DrawError::PilesTooShort => "the pile buffer is shorter than count piles",
        })
    }
}

impl core::error::Error for DrawError {}

/// A card id: any unsigned integer type (`u8`, `u16`, `u32`, `u64`, `usize`),
/// or your own id type.
pub trait CardId: Copy {
    /// The id as a number: two ids are the same card exactly when their
    /// numbers are equal.
    fn number(self) -> u64;
}

macro_rules! card_id_for_integers {
    ($($t:ty),*) => {$(
        impl CardId for $t {
            #[inline(always)]
            fn number(self) -> u64 {
                self as u64
            }
        }
    )*};
}
card_id_for_integers!(u8, u16, u32, u64, usize);

/// Slots of the id table: a power of two at least twice [`MAX_DESIRED`], so
/// the table is at most half full and probe sequences are short.
const TABLE_BITS: u32 = 9;
const TABLE_SIZE: usize = 1 << TABLE_BITS;
const _: () = assert!(TABLE_SIZE >= 2 * MAX_DESIRED);
// Indices are masked to the array sizes (powers of two), which keeps the
// hot loop free of bounds checks.
const _: () = assert!(MAX_DESIRED.is_power_of_two() && MAX_DESIRED <= 1 << 15);
const EMPTY: u16 = u16::MAX;

/// Fibonacci hashing: the top bits of `number * 2^64 / phi` (deterministic).
#[inline(always)]
fn home_slot(number: u64) -> usize {
    (number.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - TABLE_BITS)) as usize
}

/// A desired order prepared for drawing: both of the seed's maps, as a hash
/// table from each distinct card id to its run of desired positions, in
/// ascending order.
///
/// Build it once per desired order and reuse it for every pile (it is
/// immutable, so one value can serve many threads). `T` is any [`CardId`],
/// typically `u16` or `u32`. The value is about 5 KiB (fixed arrays).
///
/// ```
/// use ordo::draw::DesiredOrder;
///
/// // The seed's worked example: a hand of 3.
/// let order = DesiredOrder::new(&[1u32, 2, 3, 4, 2, 6, 7, 8, 2])?;
/// let pile = [6, 2, 4, 8, 2, 7, 2, 1, 3];
/// let play = order.play_order(&pile, 3)?;
/// let numbers: Vec<usize> = play.desired_positions().flatten().map(|p| p + 1).collect();
/// assert_eq!(numbers, [2, 4, 5, 6, 7, 1, 3, 8, 9]);
/// assert!(play.cards(&pile).eq([2, 4, 2, 6, 7, 1, 3, 8, 2]));
/// # Ok::<(), ordo::draw::DrawError>(())
/// ```
// `repr(C)`: the C face stores one in caller memory (`ordo_draw_plan`); every
// field is an integer array or integer, so every bit pattern is valid.
#[repr(C)]
#[derive(Clone, Debug)]
pub struct DesiredOrder<T> {
    /// Open addressing with linear probing: each slot holds a distinct index
    /// (ids numbered by first appearance), or [`EMPTY`].
    table: [u16; TABLE_SIZE],
    /// The number of each distinct id.
    numbers: [u64; MAX_DESIRED],
    /// For distinct id `i`: `start | copies << 16`, its run in `entries`.
    runs: [u32; MAX_DESIRED],
    /// `(position + 1) << 16` for every desired position, grouped by id,
    /// ascending within a group: a play entry without its slot.
    entries: [u32; MAX_DESIRED],
    /// The length of the desired order.
    len: u16,
    /// Always zero. Makes the struct padding-free, so a typed write of one
    /// initialises every byte of the C plan it lives in (`ordo_draw_plan`
    /// promises plain words; padding would be uninitialised bytes).
    reserved: [u16; 3],
    ids: PhantomData<fn(T)>,
}

// No padding anywhere (see `reserved`): the size is the sum of the fields.
const _: () = assert!(
    core::mem::size_of::<DesiredOrder<u32>>() == 2 * TABLE_SIZE + (8 + 4 + 4) * MAX_DESIRED + 2 + 6
);

impl<T: CardId> DesiredOrder<T> {
    /// Prepares `desired` (card ids in the wanted play order; duplicates allowed).
    ///
    /// # Errors
    /// [`DrawError::DesiredTooLong`] when `desired` has more than [`MAX_DESIRED`] entries.
    pub fn new(desired: &[T]) -> Result<Self, DrawError> {
        if desired.len() > MAX_DESIRED {
            return Err(DrawError::DesiredTooLong);
        }
        let mut order = Self::empty();
        order.fill(desired);
        Ok(order)
    }

    /// The empty desired order, to [`fill`](Self::fill) in place (the C face
    /// builds the table where it keeps it, never moving 5 KiB around).
    #[inline(always)]
    pub(crate) fn empty() -> Self {
        DesiredOrder {
            table: [EMPTY; TABLE_SIZE],
            numbers: [0; MAX_DESIRED],
            runs: [0; MAX_DESIRED],
            entries: [0; MAX_DESIRED],
            len: 0,
            reserved: [0; 3],
            ids: PhantomData,
        }
    }

    /// Fills an [`empty`](Self::empty) desired order with `desired`, whose
    /// entries past [`MAX_DESIRED`] are ignored (callers check the length).
    pub(crate) fn fill(&mut self, desired: &[T]) {
        let desired = desired.get(..MAX_DESIRED).unwrap_or(desired);
        let order = self;
        order.len = desired.len() as u16;
        // Pass 1: distinct ids (numbered by first appearance) and their copies.
        let mut index_of = [0u16; MAX_DESIRED];
        let mut copies = [0u16; MAX_DESIRED];
        let mut distinct = 0u16;
        for (&card, index_out) in desired.iter().zip(index_of.iter_mut()) {
            let number = card.number();
            let mut slot = home_slot(number);
            for _ in 0..TABLE_SIZE {
                slot &= TABLE_SIZE - 1;
                let index = &mut order.table[slot];
                if *index == EMPTY {
                    *index = distinct;
                    order.numbers[usize::from(distinct) & (MAX_DESIRED - 1)] = number;
                    distinct += 1;
                }
                if order.numbers[usize::from(*index) & (MAX_DESIRED - 1)] == number {
                    *index_out = *index;
                    break;
                }
                slot += 1;
            }
            copies[usize::from(*index_out) & (MAX_DESIRED - 1)] += 1;
        }
        // Runs in order of first appearance; `copies` becomes each run's end,
        // a fill cursor for pass 2.
        let mut start = 0u32;
        for (run, count) in order
            .runs
            .iter_mut()
            .zip(copies.iter_mut())
            .take(usize::from(distinct))
        {
            *run = start | u32::from(*count) << 16;
            start += u32::from(*count);
            *count = start as u16;
        }
        // Pass 2, backwards: positions in ascending order within each run.
        for (position, &index) in (0..desired.len() as u32).zip(&index_of).rev() {
            let end = &mut copies[usize::from(index) & (MAX_DESIRED - 1)];
            *end = end.wrapping_sub(1);
            order.entries[usize::from(*end) & (MAX_DESIRED - 1)] = (position + 1) << 16;
        }
    }

    /// The distinct index (below [`MAX_DESIRED`]) of the id whose number is
    /// `number`, if listed.
    #[inline(always)]
    fn find(&self, number: u64) -> Option<usize> {
        let mut slot = home_slot(number);
        // The table is at most half full, so an empty slot ends every probe
        // sequence; the bound only keeps the loop obviously finite.
        for _ in 0..TABLE_SIZE {
            slot &= TABLE_SIZE - 1;
            let index = self.table[slot];
            if index == EMPTY {
                return None;
            }
            let index = usize::from(index) & (MAX_DESIRED - 1);
            if self.numbers[index] == number {
                return Some(index);
            }
            slot += 1;
        }
        None
    }

    /// The number of entries of the desired order.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the desired order is empty (then every pile plays in draw order).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Writes each pile card's key into `keys[..pile.len()]`: the zero-based
    /// desired position for a listed copy, `self.len() + slot` for a copy
    /// beyond those listed or a card absent from the desired order.
    ///
    /// # Errors
    /// [`DrawError::TooManyCards`] when the pile has more than [`MAX_CARDS`]
    /// cards; [`DrawError::OutputTooSmall`] when `keys` is shorter than the pile.
    pub fn keys(&self, pile: &[T], keys: &mut [u16]) -> Result<(), DrawError> {
        if pile.len() > MAX_CARDS {
            return Err(DrawError::TooManyCards);
        }
        if keys.len() < pile.len() {
            return Err(DrawError::OutputTooSmall);
        }
        let mut keyer = Keyer::new(self);
        for ((slot, &card), key) in (0u32..).zip(pile).zip(keys.iter_mut()) {
            *key = (keyer.entry(slot, card) >> 16) as u16 - 1;
        }
        Ok(())
    }

    /// The play order of `pile` under a hand of `hand` cards.
    ///
    /// # Errors
    /// [`DrawError::HandSizeZero`], [`DrawError::TooManyCards`].
    pub fn play_order(&self, pile: &[T], hand: usize) -> Result<PlayOrder, DrawError> {
        check_pile(pile.len(), hand)?;
        let mut order = PlayOrder {
            entries: ArrayVec::new(),
            listed: self.len,
        };
        let entries = &mut order.entries;
        self.play(pile, hand, |entry| {
            let _ = entries.try_push(entry);
        });
        Ok(order)
    }

    /// The play order of `pile` under a hand of `hand` cards, written as slot
    /// indices into `out_slots[..pile.len()]` and as card ids into
    /// `out_cards[..pile.len()]`. An empty output slice is skipped.
    ///
    /// # Errors
    /// [`DrawError::HandSizeZero`], [`DrawError::TooManyCards`], and
    /// [`DrawError::OutputTooSmall`] when a non-empty output is shorter than
    /// the pile. Nothing is written on error.
    pub fn play_order_into(
        &self,
        pile: &[T],
        hand: usize,
        out_slots: &mut [u16],
        out_cards: &mut [T],
    ) -> Result<(), DrawError> {
        check_pile(pile.len(), hand)?;
        check_output(out_slots.len(), pile.len())?;
        check_output(out_cards.len(), pile.len())?;
        self.write_order(pile, hand, out_slots, out_cards);
        Ok(())
    }

    /// The play order of every pile of `piles` under a hand of `hand` cards,
    /// written densely: pile `i`'s order goes to
    /// `out_slots[i * pile_len..(i + 1) * pile_len]` (and likewise
    /// `out_cards`). An empty output slice is skipped. Equal to calling
    /// [`play_order_into`](Self::play_order_into) on each pile.
    ///
    /// # Errors
    /// [`DrawError::HandSizeZero`], and [`DrawError::OutputTooSmall`] when a
    /// non-empty output is shorter than `count * pile_len`. Nothing is
    /// written on error.
    pub fn play_orders(
        &self,
        piles: &Piles<'_, T>,
        hand: usize,
        out_slots: &mut [u16],
        out_cards: &mut [T],
    ) -> Result<(), DrawError> {
        check_pile(piles.pile_len, hand)?;
        let needed = piles.total_cards();
        check_output(out_slots.len(), needed)?;
        check_output(out_cards.len(), needed)?;
        for (index, pile) in piles.iter().enumerate() {
            let range = index * piles.pile_len..(index + 1) * piles.pile_len;
            self.write_order(
                pile,
                hand,
                out_slots.get_mut(range.clone()).unwrap_or_default(),
                out_cards.get_mut(range).unwrap_or_default(),
            );
        }
        Ok(())
    }

    /// Shuffles a copy of `deck` with `rng` ([`SplitMix64::shuffle`]) and
    /// computes its play order, `count` times in a row, calling
    /// `each(shuffled_pile, &play_order)` for each. Equal to `count` rounds of
    /// copy, [`SplitMix64::shuffle`], [`play_order`](Self::play_order).
    ///
    /// # Errors
    /// [`DrawError::HandSizeZero`], [`DrawError::TooManyCards`]; then `each`
    /// is never called and `rng` is not advanced.
    pub fn shuffled_play_orders<F>(
        &self,
        deck: &[T],
        hand: usize,
        rng: &mut SplitMix64,
        count: usize,
        mut each: F,
    ) -> Result<(), DrawError>
    where
        F: FnMut(&[T], &PlayOrder),
    {
        check_pile(deck.len(), hand)?;
        let mut pile: ArrayVec<T, MAX_CARDS> = ArrayVec::new();
        for _ in 0..count {
            pile.clear();
            // Cannot fail: the deck fits, checked above.
            let _ = pile.try_extend_from_slice(deck);
            rng.shuffle(&mut pile);
            let order = self.play_order(&pile, hand)?;
            each(&pile, &order);
        }
        Ok(())
    }

    /// Writes the play order as slots and cards (empty outputs skipped).
    fn write_order(&self, pile: &[T], hand: usize, out_slots: &mut [u16], out_cards: &mut [T]) {
        // Specialised by the outputs wanted: the per-card work is small, and
        // a skipped output should cost nothing.
        let mut slots = out_slots.iter_mut();
        if out_cards.is_empty() {
            self.play(pile, hand, |entry| {
                if let Some(out) = slots.next() {
                    *out = entry as u16;
                }
            });
            return;
        }
        let mut cards = out_cards.iter_mut();
        self.play(pile, hand, |entry| {
            if let Some(out) = slots.next() {
                *out = entry as u16;
            }
            if let (Some(out), Some(&card)) = (cards.next(), pile.get((entry & 0xFFFF) as usize)) {
                *out = card;
            }
        });
    }

    /// Calls `emit` with each card's entry `(key + 1) << 16 | slot`, in play
    /// order. Keys are offset by one so that 0 is below every entry (the
    /// cascade's empty carry). The pile must fit and `hand` be at least 1.
    // Not inlined: each caller instantiates it once, and its scratch arrays
    // must not pile up in one frame.
    #[inline(never)]
    fn play<F: FnMut(u32)>(&self, pile: &[T], hand: usize, emit: F) {
        // One keyer for every branch keeps the stack small.
        let mut keyer = Keyer::new(self);
        if hand >= pile.len() {
            // The whole pile is in hand: `n - 1` passes are a full bubble sort,
            // that is a sort by key. Keys are distinct and at most
            // `len + n`, so each entry goes straight to its key's place.
            let mut by_key = [0u32; MAX_DESIRED + MAX_CARDS + 1];
            let by_key = by_key
                .get_mut(..=self.len() + pile.len())
                .unwrap_or_default();
            for (slot, &card) in (0u32..).zip(pile) {
                let entry = keyer.entry(slot, card);
                if let Some(place) = by_key.get_mut((entry >> 16) as usize) {
                    *place = entry;
                }
            }
            by_key
                .iter()
                .copied()
                .filter(|&entry| entry != 0)
                .for_each(emit);
            return;
        }
        match hand {
            0 | 1 => cascade::<0, T, F>(&mut keyer, pile, emit),
            2 => cascade::<1, T, F>(&mut keyer, pile, emit),
            3 => cascade::<2, T, F>(&mut keyer, pile, emit),
            4 => cascade::<3, T, F>(&mut keyer, pile, emit),
            5 => cascade::<4, T, F>(&mut keyer, pile, emit),
            6 => cascade::<5, T, F>(&mut keyer, pile, emit),
            7 => cascade::<6, T, F>(&mut keyer, pile, emit),
            MAX_SPECIALISED_HAND => cascade::<7, T, F>(&mut keyer, pile, emit),
            _ => {
                let mut carries = [0u32; MAX_CARDS];
                let carries = carries.get_mut(..hand - 1).unwrap_or_default();
                let mut emit = emit;
                for (slot, &card) in (0u32..).zip(pile) {
                    let played = feed(keyer.entry(slot, card), carries);
                    if played != 0 {
                        emit(played);
                    }
                }
                for _ in 0..carries.len() {
                    let played = feed(u32::MAX, carries);
                    if played != 0 {
                        emit(played);
                    }
                }
            }
        }
    }
}

/// The seed's `STAGES` bubble passes, overlapped, fed as the keys are
/// computed: carry `j` is pass `j`'s carried card. A card flows through the
/// carries; each keeps the larger of itself and the card and passes on the
/// smaller (no swap on a tie). Empty carries hold 0, below every entry, so
/// exactly `STAGES` outputs are 0s, to drop; `STAGES` trailing `u32::MAX`
/// inputs flush the carries (and are never output).
#[inline(always)]
fn cascade<const STAGES: usize, T: CardId, F: FnMut(u32)>(
    keyer: &mut Keyer<'_, T>,
    pile: &[T],
    mut emit: F,
) {
    // A fixed-size array indexed by constants stays in registers.
    let mut carries = [0u32; STAGES];
    for (slot, &card) in (0u32..).zip(pile) {
        let played = feed(keyer.entry(slot, card), &mut carries);
        if played != 0 {
            emit(played);
        }
    }
    for _ in 0..STAGES {
        let played = feed(u32::MAX, &mut carries);
        if played != 0 {
            emit(played);
        }
    }
}

/// One bubble step per carry: keep the larger, pass on the smaller.
#[inline(always)]
fn feed(mut card: u32, carries: &mut [u32]) -> u32 {
    for carry in carries.iter_mut() {
        let smaller = card.min(*carry);
        *carry = card.max(*carry);
        card = smaller;
    }
    card
}

/// The keys of one pile, card by card: the first map is the table lookup, the
/// second map the per-id count of positions already taken.
struct Keyer<'a, T> {
    order: &'a DesiredOrder<T>,
    taken: [u16; MAX_DESIRED],
    after_listed: u32,
}

impl<'a, T: CardId> Keyer<'a, T> {
    #[inline(always)]
    fn new(order: &'a DesiredOrder<T>) -> Self {
        Keyer {
            order,
            taken: [0; MAX_DESIRED],
            after_listed: (u32::from(order.len) + 1) << 16,
        }
    }

    /// The entry `(key + 1) << 16 | slot` of the card drawn at `slot`.
    #[inline(always)]
    fn entry(&mut self, slot: u32, card: T) -> u32 {
        let unlisted = (self.after_listed + (slot << 16)) | slot;
        let Some(index) = self.order.find(card.number()) else {
            return unlisted;
        };
        let run = self.order.runs[index];
        let taken = &mut self.taken[index];
        if u32::from(*taken) >= run >> 16 {
            return unlisted;
        }
        let at = (run & 0xFFFF) + u32::from(*taken);
        *taken += 1;
        self.order.entries[at as usize & (MAX_DESIRED - 1)] | slot
    }
}

/// Many piles of the same length in one buffer: pile `i` is
/// `buffer[i * stride..i * stride + pile_len]`.
#[derive(Clone, Copy, Debug)]
pub struct Piles<'a, T> {
    buffer: &'a [T],
    pile_len: usize,
    stride: usize,
    count: usize,
}

impl<'a, T> Piles<'a, T> {
    /// Describes `count` piles of `pile_len` cards, `stride` elements apart.
    ///
    /// # Errors
    /// [`DrawError::TooManyCards`] when `pile_len > MAX_CARDS`;
    /// [`DrawError::StrideTooSmall`] when `stride < pile_len` (whatever
    /// `count` is); [`DrawError::PilesTooShort`] when `count > 0` and `buffer`
    /// is shorter than `(count - 1) * stride + pile_len`.
    pub fn new(
        buffer: &'a [T],
        pile_len: usize,
        stride: usize,
        count: usize,
    ) -> Result<Self, DrawError> {
        if pile_len > MAX_CARDS {
            return Err(DrawError::TooManyCards);
        }
        if stride < pile_len {
            return Err(DrawError::StrideTooSmall);
        }
        if count > 0 {
            let needed = (count - 1)
                .checked_mul(stride)
                .and_then(|start| start.checked_add(pile_len))
                .ok_or(DrawError::PilesTooShort)?;
            if buffer.len() < needed {
                return Err(DrawError::PilesTooShort);
            }
        }
        Ok(Piles {
            buffer,
            pile_len,
            stride,
            count,
        })
    }

    /// The number of piles.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The length of every pile.
    pub fn pile_len(&self) -> usize {
        self.pile_len
    }

    /// Pile `index`, or `None` when `index >= count`.
    pub fn get(&self, index: usize) -> Option<&'a [T]> {
        if index >= self.count {
            return None;
        }
        let start = index.checked_mul(self.stride)?;
        self.buffer.get(start..start.checked_add(self.pile_len)?)
    }

    /// The piles in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &'a [T]> + '_ {
        (0..self.count).map(|index| self.get(index).unwrap_or_default())
    }

    /// `count * pile_len`, saturating (a saturated need fails every output check).
    fn total_cards(&self) -> usize {
        self.count.saturating_mul(self.pile_len)
    }
}

/// The play order of one pile: which slot is played first, second, ...
#[derive(Clone, Debug)]
pub struct PlayOrder {
    entries: ArrayVec<u32, MAX_CARDS>,
    listed: u16,
}

impl PlayOrder {
    /// The number of cards played (the pile's length).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the pile was empty.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The slot (index into the pile) of each card, in play order.
    pub fn slots(&self) -> impl ExactSizeIterator<Item = usize> + '_ {
        self.entries.iter().map(|&entry| (entry & 0xFFFF) as usize)
    }

    /// The card ids in play order, read from `pile`, which must be the pile
    /// this order was computed from (slots outside a different pile are skipped).
    pub fn cards<'a, T: Copy>(&'a self, pile: &'a [T]) -> impl Iterator<Item = T> + 'a {
        self.slots().filter_map(|slot| pile.get(slot).copied())
    }

    /// Each played card's zero-based position in the desired order, in play
    /// order; `None` for a copy beyond those listed or a card absent from the
    /// desired order. (The seed numbers positions from 1.)
    pub fn desired_positions(&self) -> impl ExactSizeIterator<Item = Option<usize>> + '_ {
        let listed = u32::from(self.listed);
        self.entries.iter().map(move |&entry| {
            let key = (entry >> 16) - 1;
            (key < listed).then_some(key as usize)
        })
    }
}

/// SplitMix64 (Steele, Lea and Flood, 2014), the shuffle's generator: the
/// state advances by `0x9E37_79B9_7F4A_7C15` and each output is the state
/// mixed by `z ^= z >> 30; z *= 0xBF58_476D_1CE4_E5B9; z ^= z >> 27;
/// z *= 0x94D0_49BB_1331_11EB; z ^= z >> 31` (wrapping). The state is the
/// seed, and the whole generator is that one `u64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose state is `seed`.
    pub const fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }

    /// The current state (pass it to [`new`](Self::new) to resume).
    pub const fn state(&self) -> u64 {
        self.state
    }

    /// The next 64-bit output.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..bound` (0 when `bound` is 0), by Lemire's
    /// method: `m = next_u64() * bound` in 128 bits; while the low 64 bits of
    /// `m` are below `2^64 mod bound`, draw again; the result is `m >> 64`.
    pub fn below(&mut self, bound: u64) -> u64 {
        let mut product = u128::from(self.next_u64()) * u128::from(bound);
        if (product as u64) < bound {
            let threshold = bound.wrapping_neg() % bound;
            while (product as u64) < threshold {
                product = u128::from(self.next_u64()) * u128::from(bound);
            }
        }
        (product >> 64) as u64
    }

    /// Shuffles `cards` in place (Durstenfeld's Fisher–Yates): for `i` from
    /// `len - 1` down to 1, swap `cards[i]` with `cards[below(i + 1)]`.
    pub fn shuffle<T>(&mut self, cards: &mut [T]) {
        for i in (1..cards.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            if let Some((last, rest)) = cards.get_mut(..=i).and_then(<[T]>::split_last_mut)
                && let Some(other) = rest.get_mut(j)
            {
                core::mem::swap(last, other);
            }
        }
    }
}

fn check_pile(pile_len: usize, hand: usize) -> Result<(), DrawError> {
    if hand == 0 {
        return Err(DrawError::HandSizeZero);
    }
    if pile_len > MAX_CARDS {
        return Err(DrawError::TooManyCards);
    }
    Ok(())
}

fn check_output(out_len: usize, needed: usize) -> Result<(), DrawError> {
    if out_len != 0 && out_len < needed {
        return Err(DrawError::OutputTooSmall);
    }
    Ok(())
}
