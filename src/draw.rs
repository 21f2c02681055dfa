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
//! Algorithm: the seed's, with both maps resolved up front. The "second map"
//! (a duplicate's next desired position, applied to every later copy when the
//! first pass meets a copy) numbers the copies of a card in the order the
//! first pass meets them, which is draw order; so the keys are computed in one
//! pass over the pile from a [`DesiredOrder`] built once. Then the seed's
//! `H - 1` bubble passes (swap a card with the next one only when the next is
//! strictly smaller) run overlapped, as a cascade of `H - 1` one-card
//! carries: each card flows through the carries, and each carry keeps the
//! larger of itself and the incoming card and passes the smaller on. One such
//! pass is exactly a hand of 2 (it holds its carry and the card drawn next and
//! plays the smaller), and a hand of `a` feeding a hand of `b` plays exactly
//! like a hand of `a + b - 1`, so `H - 1` passes play like a hand of `H`
//! (proof in `docs/draw.md`; checked against the direct simulation by the
//! property test `tests/draw_props.rs`).
//!
//! The shuffle is Fisher–Yates over [`SplitMix64`] with unbiased bounded
//! integers (Lemire's multiply-and-reject), identical on every platform.

use arrayvec::ArrayVec;
use core::fmt;

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

/// A desired order prepared for drawing: both of the seed's maps, as a table
/// from each distinct card id to its desired positions in ascending order.
///
/// Build it once per desired order and reuse it for every pile (it is
/// immutable, so one value can serve many threads). `T` is any totally ordered
/// card id, typically `u16` or `u32`.
#[derive(Clone, Debug)]
pub struct DesiredOrder<T> {
    /// The distinct card ids, ascending.
    ids: ArrayVec<T, MAX_DESIRED>,
    /// For distinct id `i`, its positions are `positions[run_start[i]..run_end[i]]`.
    run_start: [u16; MAX_DESIRED],
    run_end: [u16; MAX_DESIRED],
    /// Zero-based desired positions, grouped by id, ascending within a group.
    positions: [u16; MAX_DESIRED],
    /// The length of the desired order.
    len: u16,
}

impl<T: Copy + Ord> DesiredOrder<T> {
    /// Prepares `desired` (card ids in the wanted play order; duplicates allowed).
    ///
    /// # Errors
    /// [`DrawError::DesiredTooLong`] when `desired` has more than [`MAX_DESIRED`] entries.
    pub fn new(desired: &[T]) -> Result<Self, DrawError> {
        if desired.len() > MAX_DESIRED {
            return Err(DrawError::DesiredTooLong);
        }
        let mut by_id: ArrayVec<(T, u16), MAX_DESIRED> = ArrayVec::new();
        for (position, &card) in (0u16..).zip(desired) {
            by_id.push((card, position));
        }
        // Positions are distinct, so an unstable sort is deterministic.
        by_id.sort_unstable();
        let mut order = DesiredOrder {
            ids: ArrayVec::new(),
            run_start: [0; MAX_DESIRED],
            run_end: [0; MAX_DESIRED],
            positions: [0; MAX_DESIRED],
            len: 0,
        };
        for (index, (&(card, position), stored)) in
            (0u16..).zip(by_id.iter().zip(order.positions.iter_mut()))
        {
            *stored = position;
            let distinct = order.ids.len();
            if order.ids.last() != Some(&card) {
                order.ids.push(card);
                if let Some(start) = order.run_start.get_mut(distinct) {
                    *start = index;
                }
            }
            if let Some(end) = order.run_end.get_mut(order.ids.len() - 1) {
                *end = index + 1;
            }
        }
        order.len = by_id.len() as u16;
        Ok(order)
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
        let mut entries = ArrayVec::new();
        self.push_entries(pile, &mut entries);
        for (key, entry) in keys.iter_mut().zip(&entries) {
            *key = (entry >> 16) as u16 - 1;
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
        self.push_entries(pile, &mut order.entries);
        arrange(&mut order.entries, hand);
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
        let mut entries = ArrayVec::new();
        self.push_entries(pile, &mut entries);
        arrange(&mut entries, hand);
        write_order(&entries, pile, out_slots, out_cards);
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
        let mut entries = ArrayVec::new();
        for (index, pile) in piles.iter().enumerate() {
            entries.clear();
            self.push_entries(pile, &mut entries);
            arrange(&mut entries, hand);
            let range = index * piles.pile_len..(index + 1) * piles.pile_len;
            write_order(
                &entries,
                pile,
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

    /// Appends one entry `(key + 1) << 16 | slot` per pile card. Keys are
    /// offset by one so that 0 is below every entry (the cascade's empty carry).
    fn push_entries(&self, pile: &[T], entries: &mut ArrayVec<u32, MAX_CARDS>) {
        // The second map: for each distinct id, the next unused position.
        let distinct = self.ids.len();
        let mut next: ArrayVec<u16, MAX_DESIRED> = ArrayVec::new();
        let _ = next.try_extend_from_slice(self.run_start.get(..distinct).unwrap_or_default());
        let after_listed = u32::from(self.len) + 1;
        for (slot, card) in (0u32..).zip(pile) {
            let mut key = after_listed + slot;
            if let Ok(id) = self.ids.binary_search(card)
                && let (Some(cursor), Some(&end)) = (next.get_mut(id), self.run_end.get(id))
                && *cursor < end
            {
                if let Some(&position) = self.positions.get(usize::from(*cursor)) {
                    key = u32::from(position) + 1;
                }
                *cursor += 1;
            }
            // The pile fits, checked by every caller.
            let _ = entries.try_push(key << 16 | slot);
        }
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
    /// [`DrawError::StrideTooSmall`] when `stride < pile_len` (and `count > 1`
    /// or not: the layout is checked either way); [`DrawError::PilesTooShort`]
    /// when `buffer` is shorter than `(count - 1) * stride + pile_len`.
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
            cards.swap(i, j.min(i));
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

fn write_order<T: Copy>(entries: &[u32], pile: &[T], out_slots: &mut [u16], out_cards: &mut [T]) {
    for (out, &entry) in out_slots.iter_mut().zip(entries) {
        *out = entry as u16;
    }
    for (out, &entry) in out_cards.iter_mut().zip(entries) {
        if let Some(&card) = pile.get((entry & 0xFFFF) as usize) {
            *out = card;
        }
    }
}

/// Puts distinct entries in the play order of a hand of `hand` cards.
fn arrange(entries: &mut [u32], hand: usize) {
    if hand >= entries.len() {
        // The whole pile is in hand: `n - 1` passes are a full bubble sort.
        entries.sort_unstable();
        return;
    }
    match hand {
        0 | 1 => {}
        2 => cascade::<1>(entries),
        3 => cascade::<2>(entries),
        4 => cascade::<3>(entries),
        5 => cascade::<4>(entries),
        6 => cascade::<5>(entries),
        7 => cascade::<6>(entries),
        MAX_SPECIALISED_HAND => cascade::<7>(entries),
        _ => {
            let mut carries = [0u32; MAX_CARDS];
            cascade_slice(entries, carries.get_mut(..hand - 1).unwrap_or_default());
        }
    }
}

/// The seed's `STAGES` bubble passes, overlapped: carry `j` is pass `j`'s
/// carried card. A card flows through the carries; each keeps the larger of
/// itself and the card and passes on the smaller (no swap on a tie). Empty
/// carries hold 0, below every entry, so the first `STAGES` outputs are 0s to
/// drop; `STAGES` trailing `u32::MAX` inputs flush the carries.
fn cascade<const STAGES: usize>(entries: &mut [u32]) {
    let mut carries = [0u32; STAGES];
    cascade_slice(entries, &mut carries);
}

#[inline(always)]
fn cascade_slice(entries: &mut [u32], carries: &mut [u32]) {
    let stages = carries.len();
    let len = entries.len();
    for read in 0..len + stages {
        let mut card = entries.get(read).copied().unwrap_or(u32::MAX);
        for carry in carries.iter_mut() {
            let smaller = card.min(*carry);
            *carry = card.max(*carry);
            card = smaller;
        }
        if let Some(out) = read.checked_sub(stages).and_then(|write| entries.get_mut(write)) {
            *out = card;
        }
    }
}
