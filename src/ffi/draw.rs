//! C face of [`crate::draw`]: the play order of a pile under an ordered hand,
//! for one pile, a strided batch of piles, or shuffles of one deck.
//!
//! Card ids are `uint32_t`; slots (indices into a pile) are `uint16_t`. Output
//! buffers follow one rule: a length of 0 (pointer NULL or not) means "not
//! wanted" and the buffer is skipped; any other length must hold every value
//! the call produces, or the call returns `ORDO_ERR_BUFFER_TOO_SMALL`.
//! Inputs and outputs must not overlap. `ordo_draw_play_order` builds the
//! desired-order table from `desired` on every call (about 0.25 us for 40
//! entries, more than drawing a 40-card pile); the batch functions build it
//! once for all their piles, and `ordo_draw_plan_init` builds it once into a
//! caller-owned `ordo_draw_plan` for any number of `ordo_draw_plan_play_order`
//! calls.

use super::{input_ref, input_slice, ordo_status, output_ref, output_slice, status_of_result};
use crate::draw::{DesiredOrder, DrawError, PlayOrder, SplitMix64};

/// The largest pile (hand plus deck) one call accepts, and the largest deck
/// `ordo_draw_shuffled_batch` shuffles and draws (`ordo_draw_shuffle` alone
/// takes a deck of any length).
pub const ORDO_DRAW_MAX_CARDS: usize = 256;
const _: () = assert!(ORDO_DRAW_MAX_CARDS == crate::draw::MAX_CARDS);

/// The longest desired order accepted.
pub const ORDO_DRAW_MAX_DESIRED: usize = 256;
const _: () = assert!(ORDO_DRAW_MAX_DESIRED == crate::draw::MAX_DESIRED);

fn status_of(error: DrawError) -> ordo_status {
    match error {
        DrawError::HandSizeZero | DrawError::StrideTooSmall | DrawError::PilesTooShort => {
            ordo_status::ORDO_ERR_INVALID_ARGUMENT
        }
        DrawError::TooManyCards | DrawError::DesiredTooLong => {
            ordo_status::ORDO_ERR_CAPACITY_EXCEEDED
        }
        DrawError::OutputTooSmall => ordo_status::ORDO_ERR_BUFFER_TOO_SMALL,
    }
}

fn check_desired(desired: &[u32]) -> Result<(), ordo_status> {
    if desired.len() > ORDO_DRAW_MAX_DESIRED {
        return Err(ordo_status::ORDO_ERR_CAPACITY_EXCEEDED);
    }
    Ok(())
}

fn check_output(len: usize, needed: usize) -> Result<(), ordo_status> {
    if len != 0 && len < needed {
        return Err(ordo_status::ORDO_ERR_BUFFER_TOO_SMALL);
    }
    Ok(())
}

/// Writes one play order into the `index`-th chunk of each wanted output.
fn write_chunk(
    index: usize,
    pile: &[u32],
    play: &PlayOrder,
    out_slots: &mut [u16],
    out_cards: &mut [u32],
) {
    let range = index * pile.len()..(index + 1) * pile.len();
    if let Some(chunk) = out_slots.get_mut(range.clone()) {
        for (out, slot) in chunk.iter_mut().zip(play.slots()) {
            *out = slot as u16;
        }
    }
    if let Some(chunk) = out_cards.get_mut(range) {
        for (out, card) in chunk.iter_mut().zip(play.cards(pile)) {
            *out = card;
        }
    }
}

/// The play order of `pile` (card ids in draw order: the hand first, then
/// the deck) under a hand of `hand` cards and the desired order `desired`.
///
/// Each card's key is its copy's desired position: the k-th copy of a card in
/// the pile takes the k-th position of that card in `desired`; other copies
/// and cards absent from `desired` come after every listed card, in draw
/// order. Each turn the hand holds the next `hand` cards and plays the
/// smallest key (so `hand == 1` keeps draw order and `hand >= pile_len`
/// sorts by key). Writes `pile_len` slot indices into `out_slots` and the
/// matching card ids into `out_cards` (either may have length 0 to skip it).
///
/// Cards already in play (commanders, fortresses) must be left out of `pile`.
///
/// Returns `ORDO_ERR_NULL_POINTER` (a NULL array with a non-zero length),
/// `ORDO_ERR_INVALID_ARGUMENT` (`hand` is 0, or a pointer is misaligned for its
/// type), `ORDO_ERR_CAPACITY_EXCEEDED` (`pile_len > ORDO_DRAW_MAX_CARDS` or
/// `desired_len > ORDO_DRAW_MAX_DESIRED`),
/// `ORDO_ERR_BUFFER_TOO_SMALL` (a non-zero output length below `pile_len`).
/// On error nothing is written.
///
/// # Safety
/// - `desired` points to `desired_len` readable `uint32_t` and `pile` to
///   `pile_len` (either may be NULL when its length is 0);
/// - `out_slots` points to `out_slots_len` writable `uint16_t` and
///   `out_cards` to `out_cards_len` writable `uint32_t` (NULL allowed with
///   length 0);
/// - no output overlaps any other buffer of the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_draw_play_order(
    desired: *const u32,
    desired_len: usize,
    pile: *const u32,
    pile_len: usize,
    hand: usize,
    out_slots: *mut u16,
    out_slots_len: usize,
    out_cards: *mut u32,
    out_cards_len: usize,
) -> ordo_status {
    status_of_result((|| {
        // SAFETY: the caller guarantees `desired` points to `desired_len` u32s
        // (or is NULL with length 0), unmodified during the call.
        let desired = unsafe { input_slice(desired, desired_len) }?;
        // SAFETY: as above, for `pile` and `pile_len`.
        let pile = unsafe { input_slice(pile, pile_len) }?;
        // SAFETY: the caller guarantees `out_slots` points to `out_slots_len`
        // writable u16s that no other buffer of the call overlaps.
        let out_slots = unsafe { output_slice(out_slots, out_slots_len) }?;
        // SAFETY: as above, for `out_cards` and `out_cards_len`.
        let out_cards = unsafe { output_slice(out_cards, out_cards_len) }?;
        if hand == 0 {
            return Err(ordo_status::ORDO_ERR_INVALID_ARGUMENT);
        }
        check_desired(desired)?;
        // Filled in place: the table is never moved (small stacks matter).
        let mut order = DesiredOrder::empty();
        order.fill(desired);
        order
            .play_order_into(pile, hand, out_slots, out_cards)
            .map_err(status_of)
    })())
}

/// The play orders of `pile_count` piles of `pile_len` cards each, pile `i`
/// being `piles[i * stride .. i * stride + pile_len]`, under one desired order
/// and hand size (the semantics of `ordo_draw_play_order()`).
///
/// Outputs are dense: pile `i`'s slots go to
/// `out_slots[i * pile_len .. (i + 1) * pile_len]`, its cards likewise to
/// `out_cards`; each output needs `pile_count * pile_len` values, or length 0
/// to skip it. Identical to `pile_count` calls of `ordo_draw_play_order()`.
///
/// Returns `ORDO_ERR_NULL_POINTER` (a NULL buffer with a non-zero length),
/// `ORDO_ERR_INVALID_ARGUMENT` (`hand` is 0, `stride < pile_len`, or, when
/// `pile_count > 0`, `piles_len < (pile_count - 1) * stride + pile_len`; a
/// pointer misaligned for its type), `ORDO_ERR_CAPACITY_EXCEEDED` (`pile_len >
/// ORDO_DRAW_MAX_CARDS`, `desired_len > ORDO_DRAW_MAX_DESIRED`),
/// `ORDO_ERR_BUFFER_TOO_SMALL` (a non-empty output shorter than
/// `pile_count * pile_len`). On error nothing is written.
///
/// # Safety
/// - `desired` points to `desired_len` readable `uint32_t` and `piles` to
///   `piles_len` (NULL allowed with length 0);
/// - `out_slots` points to `out_slots_len` writable `uint16_t` and
///   `out_cards` to `out_cards_len` writable `uint32_t` (NULL allowed with
///   length 0);
/// - no output overlaps any other buffer of the call.
#[allow(clippy::too_many_arguments, reason = "a flat C signature")]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_draw_play_order_batch(
    desired: *const u32,
    desired_len: usize,
    piles: *const u32,
    piles_len: usize,
    pile_len: usize,
    stride: usize,
    pile_count: usize,
    hand: usize,
    out_slots: *mut u16,
    out_slots_len: usize,
    out_cards: *mut u32,
    out_cards_len: usize,
) -> ordo_status {
    status_of_result((|| {
        // SAFETY: the caller guarantees `desired` points to `desired_len` u32s
        // (or is NULL with length 0), unmodified during the call.
        let desired = unsafe { input_slice(desired, desired_len) }?;
        // SAFETY: as above, for `piles` and `piles_len`.
        let piles = unsafe { input_slice(piles, piles_len) }?;
        // SAFETY: the caller guarantees `out_slots` points to `out_slots_len`
        // writable u16s that no other buffer of the call overlaps.
        let out_slots = unsafe { output_slice(out_slots, out_slots_len) }?;
        // SAFETY: as above, for `out_cards` and `out_cards_len`.
        let out_cards = unsafe { output_slice(out_cards, out_cards_len) }?;
        if hand == 0 {
            return Err(ordo_status::ORDO_ERR_INVALID_ARGUMENT);
        }
        let piles =
            crate::draw::Piles::new(piles, pile_len, stride, pile_count).map_err(status_of)?;
        check_desired(desired)?;
        if pile_len == 0 {
            // Nothing to write however many piles there are; with `stride` 0
            // their count is unbounded, so do not visit them one by one.
            return Ok(());
        }
        // Filled in place: the table is never moved (small stacks matter).
        let mut order = DesiredOrder::empty();
        order.fill(desired);
        order
            .play_orders(&piles, hand, out_slots, out_cards)
            .map_err(status_of)
    })())
}

/// Writes a shuffled copy of `deck` to `out_pile[..deck_len]` and advances
/// `*rng_state`; `deck` is not modified.
///
/// The shuffle is Durstenfeld's Fisher–Yates (for `i` from `deck_len - 1`
/// down to 1, swap element `i` with element `below(i + 1)`) over SplitMix64
/// (state `+= 0x9E3779B97F4A7C15`; output: `z ^= z >> 30; z *= 0xBF58476D1CE4E5B9;
/// z ^= z >> 27; z *= 0x94D049BB133111EB; z ^= z >> 31`), where `below(b)` is
/// Lemire's unbiased bounded integer (the high 64 bits of `next * b`,
/// redrawing while the low 64 bits are below `2^64 mod b`). `*rng_state` is
/// the generator's whole state: seed it with any value. Identical on every
/// platform.
///
/// Returns `ORDO_ERR_NULL_POINTER` (NULL `rng_state`, or a NULL array with a
/// non-zero length), `ORDO_ERR_INVALID_ARGUMENT` (a pointer misaligned for
/// its type), `ORDO_ERR_BUFFER_TOO_SMALL` (`out_pile_len < deck_len`: unlike
/// the play-order outputs, the shuffled pile cannot be skipped). On error
/// nothing is written and the state is unchanged.
///
/// # Safety
/// - `deck` points to `deck_len` readable `uint32_t` (NULL allowed with length 0);
/// - `rng_state` points to a readable and writable `uint64_t`;
/// - `out_pile` points to `out_pile_len` writable `uint32_t` (NULL allowed
///   with length 0);
/// - no output overlaps any other buffer of the call.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_draw_shuffle(
    deck: *const u32,
    deck_len: usize,
    rng_state: *mut u64,
    out_pile: *mut u32,
    out_pile_len: usize,
) -> ordo_status {
    status_of_result((|| {
        // SAFETY: the caller guarantees `deck` points to `deck_len` u32s (or is
        // NULL with length 0), unmodified during the call.
        let deck = unsafe { input_slice(deck, deck_len) }?;
        // SAFETY: the caller guarantees a non-NULL `rng_state` is an aligned,
        // writable u64 that nothing else accesses during the call.
        let rng_state = unsafe { output_ref(rng_state) }?;
        // SAFETY: the caller guarantees `out_pile` points to `out_pile_len`
        // writable u32s that no other buffer of the call overlaps.
        let out_pile = unsafe { output_slice(out_pile, out_pile_len) }?;
        let out_pile = out_pile
            .get_mut(..deck.len())
            .ok_or(ordo_status::ORDO_ERR_BUFFER_TOO_SMALL)?;
        out_pile.copy_from_slice(deck);
        let mut rng = SplitMix64::new(*rng_state);
        rng.shuffle(out_pile);
        *rng_state = rng.state();
        Ok(())
    })())
}

/// Shuffle-then-draw, `pile_count` times: each round shuffles a fresh copy of
/// `deck` as `ordo_draw_shuffle()` does (the state carrying over from round to
/// round) and computes its play order as `ordo_draw_play_order()` does.
///
/// Round `i` writes its shuffled pile to `out_piles[i * deck_len ..]`, its
/// slots to `out_slots[i * deck_len ..]` and its cards to
/// `out_cards[i * deck_len ..]`, `deck_len` values each; every output needs
/// `pile_count * deck_len` values, or length 0 to skip it. `*rng_state` is
/// advanced past all rounds. Identical to `pile_count` rounds of
/// `ordo_draw_shuffle()` then `ordo_draw_play_order()`.
///
/// `pile_count` and `hand` come in the order `ordo_draw_play_order_batch()`
/// takes them.
///
/// Returns `ORDO_ERR_NULL_POINTER` (NULL `rng_state`, or a NULL buffer with a
/// non-zero length), `ORDO_ERR_INVALID_ARGUMENT` (`hand` is 0, or a pointer is
/// misaligned for its type), `ORDO_ERR_CAPACITY_EXCEEDED` (`deck_len >
/// ORDO_DRAW_MAX_CARDS`, `desired_len > ORDO_DRAW_MAX_DESIRED`),
/// `ORDO_ERR_BUFFER_TOO_SMALL` (a non-empty output shorter than
/// `pile_count * deck_len`). On error nothing is written and the state is
/// unchanged.
///
/// # Safety
/// - `desired` points to `desired_len` readable `uint32_t` and `deck` to
///   `deck_len` (NULL allowed with length 0);
/// - `rng_state` points to a readable and writable `uint64_t`;
/// - `out_piles`, `out_slots`, `out_cards` point to `out_piles_len`
///   `uint32_t`, `out_slots_len` `uint16_t`, `out_cards_len` `uint32_t`,
///   writable (NULL allowed with length 0);
/// - no output overlaps any other buffer of the call.
#[allow(clippy::too_many_arguments, reason = "a flat C signature")]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_draw_shuffled_batch(
    desired: *const u32,
    desired_len: usize,
    deck: *const u32,
    deck_len: usize,
    rng_state: *mut u64,
    pile_count: usize,
    hand: usize,
    out_piles: *mut u32,
    out_piles_len: usize,
    out_slots: *mut u16,
    out_slots_len: usize,
    out_cards: *mut u32,
    out_cards_len: usize,
) -> ordo_status {
    status_of_result((|| {
        // SAFETY: the caller guarantees `desired` points to `desired_len` u32s
        // (or is NULL with length 0), unmodified during the call.
        let desired = unsafe { input_slice(desired, desired_len) }?;
        // SAFETY: as above, for `deck` and `deck_len`.
        let deck = unsafe { input_slice(deck, deck_len) }?;
        // SAFETY: the caller guarantees a non-NULL `rng_state` is an aligned,
        // writable u64 that nothing else accesses during the call.
        let rng_state = unsafe { output_ref(rng_state) }?;
        // SAFETY: the caller guarantees `out_piles` points to `out_piles_len`
        // writable u32s that no other buffer of the call overlaps.
        let out_piles = unsafe { output_slice(out_piles, out_piles_len) }?;
        // SAFETY: as above, for `out_slots` (u16s) and `out_slots_len`.
        let out_slots = unsafe { output_slice(out_slots, out_slots_len) }?;
        // SAFETY: as above, for `out_cards` and `out_cards_len`.
        let out_cards = unsafe { output_slice(out_cards, out_cards_len) }?;
        if hand == 0 {
            return Err(ordo_status::ORDO_ERR_INVALID_ARGUMENT);
        }
        if deck.len() > ORDO_DRAW_MAX_CARDS {
            return Err(ordo_status::ORDO_ERR_CAPACITY_EXCEEDED);
        }
        check_desired(desired)?;
        // Filled in place: the table is never moved (small stacks matter).
        let mut order = DesiredOrder::empty();
        order.fill(desired);
        let needed = pile_count.saturating_mul(deck.len());
        check_output(out_piles.len(), needed)?;
        check_output(out_slots.len(), needed)?;
        check_output(out_cards.len(), needed)?;
        if deck.is_empty() {
            // Nothing to write, and shuffling nothing leaves the state as it
            // is: done, without `pile_count` empty rounds.
            return Ok(());
        }
        let mut rng = SplitMix64::new(*rng_state);
        let mut round = 0;
        order
            .shuffled_play_orders(deck, hand, &mut rng, pile_count, |pile, play| {
                let range = round * pile.len()..(round + 1) * pile.len();
                if let Some(chunk) = out_piles.get_mut(range) {
                    chunk.copy_from_slice(pile);
                }
                write_chunk(round, pile, play, out_slots, out_cards);
                round += 1;
            })
            .map_err(status_of)?;
        *rng_state = rng.state();
        Ok(())
    })())
}

/// The size of an `ordo_draw_plan`, in `uint64_t` words (6 KiB).
pub const ORDO_DRAW_PLAN_WORDS: usize = 768;

/// A desired order prepared once by `ordo_draw_plan_init()` and used by
/// `ordo_draw_plan_play_order()` for any number of piles, so that each draw
/// skips building the table (which costs more than the draw itself).
///
/// The caller owns the storage (stack, heap, static); its contents are
/// private. It holds no pointers: copy it with `memcpy`, share it read-only
/// between threads, discard it without any call. Its layout belongs to the
/// library that wrote it: do not store it across library versions.
#[repr(C)]
pub struct ordo_draw_plan {
    /// Private; written by `ordo_draw_plan_init()`.
    opaque: [u64; ORDO_DRAW_PLAN_WORDS],
}

/// What an initialised plan holds. Every field is a plain integer or an array
/// of them, so every bit pattern is a valid value: a plan that C corrupted
/// gives wrong orders, never undefined behaviour (every index derived from it
/// is masked or checked).
#[repr(C)]
struct PlanStorage {
    magic: u64,
    order: DesiredOrder<u32>,
}

/// Marks a plan written by `ordo_draw_plan_init()` ("ordoDRAW").
const PLAN_MAGIC: u64 = 0x6F72_646F_4452_4157;

const _: () =
    assert!(core::mem::size_of::<PlanStorage>() <= core::mem::size_of::<ordo_draw_plan>());
const _: () =
    assert!(core::mem::align_of::<PlanStorage>() <= core::mem::align_of::<ordo_draw_plan>());
// No padding in the storage: a plan is fully initialised by `ordo_draw_plan_init`.
const _: () =
    assert!(core::mem::size_of::<PlanStorage>() == 8 + core::mem::size_of::<DesiredOrder<u32>>());

/// Prepares `desired` (card ids in the wanted play order; duplicates allowed)
/// into `*plan`, for `ordo_draw_plan_play_order()`.
///
/// Returns `ORDO_ERR_NULL_POINTER` (NULL `plan`, or NULL `desired` with a
/// non-zero length), `ORDO_ERR_INVALID_ARGUMENT` (`plan` or `desired`
/// misaligned for its type), `ORDO_ERR_CAPACITY_EXCEEDED` (`desired_len >
/// ORDO_DRAW_MAX_DESIRED`). On error `*plan` is untouched.
///
/// # Safety
/// - `desired` points to `desired_len` readable `uint32_t` (NULL allowed with
///   length 0);
/// - `plan` points to a writable `ordo_draw_plan` that does not overlap `desired`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_draw_plan_init(
    desired: *const u32,
    desired_len: usize,
    plan: *mut ordo_draw_plan,
) -> ordo_status {
    status_of_result((|| {
        // SAFETY: the caller guarantees `desired` points to `desired_len` u32s
        // (or is NULL with length 0), unmodified during the call.
        let desired = unsafe { input_slice(desired, desired_len) }?;
        if plan.is_null() {
            return Err(ordo_status::ORDO_ERR_NULL_POINTER);
        }
        if !plan.is_aligned() {
            return Err(ordo_status::ORDO_ERR_INVALID_ARGUMENT);
        }
        check_desired(desired)?;
        let storage = plan.cast::<PlanStorage>();
        // SAFETY:
        // - `plan` is non-NULL and the caller guarantees it points to a
        //   writable `ordo_draw_plan` that nothing else accesses during the
        //   call, and it is aligned for it (checked above);
        // - `PlanStorage` fits in it, with no stricter alignment (checked at
        //   compile time), so the field pointers are in bounds and aligned;
        // - `write` neither reads nor drops the old, maybe uninitialised,
        //   contents; after it the field is initialised, so the `&mut` to it
        //   is valid. The table is filled in place, never copied;
        // - `PlanStorage` has no padding (compile-time check) and the bytes
        //   after it lie within the plan, so afterwards every byte of the plan
        //   is initialised: a caller may read or copy it as plain words.
        unsafe {
            let order = &raw mut (*storage).order;
            order.write(DesiredOrder::empty());
            (*order).fill(desired);
            (&raw mut (*storage).magic).write(PLAN_MAGIC);
            let tail = core::mem::size_of::<ordo_draw_plan>() - core::mem::size_of::<PlanStorage>();
            storage.add(1).cast::<u8>().write_bytes(0, tail);
        }
        Ok(())
    })())
}

/// The play order of `pile` under a hand of `hand` cards and the desired
/// order prepared in `*plan`: the same result as `ordo_draw_play_order()`
/// with that desired order, without rebuilding its table. Writes `pile_len`
/// slot indices into `out_slots` and the matching card ids into `out_cards`
/// (either may have length 0 to skip it).
///
/// Returns `ORDO_ERR_NULL_POINTER` (NULL `plan`, or a NULL array with a
/// non-zero length), `ORDO_ERR_INVALID_ARGUMENT` (`hand` is 0, `*plan` was not
/// prepared by `ordo_draw_plan_init()`, or a pointer is misaligned for its
/// type), `ORDO_ERR_CAPACITY_EXCEEDED` (`pile_len > ORDO_DRAW_MAX_CARDS`),
/// `ORDO_ERR_BUFFER_TOO_SMALL` (a non-zero output length below `pile_len`). On
/// error nothing is written.
///
/// # Safety
/// - `plan` points to a readable `ordo_draw_plan` whose bytes are initialised
///   (prepared by `ordo_draw_plan_init()`, or at least zeroed), not written
///   during the call;
/// - `pile` points to `pile_len` readable `uint32_t` (NULL allowed with length 0);
/// - `out_slots` points to `out_slots_len` writable `uint16_t` and
///   `out_cards` to `out_cards_len` writable `uint32_t` (NULL allowed with
///   length 0);
/// - no output overlaps any other buffer of the call.
#[allow(clippy::too_many_arguments, reason = "a flat C signature")]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_draw_plan_play_order(
    plan: *const ordo_draw_plan,
    pile: *const u32,
    pile_len: usize,
    hand: usize,
    out_slots: *mut u16,
    out_slots_len: usize,
    out_cards: *mut u32,
    out_cards_len: usize,
) -> ordo_status {
    status_of_result((|| {
        // SAFETY: the caller guarantees `pile` points to `pile_len` u32s (or
        // is NULL with length 0), unmodified during the call.
        let pile = unsafe { input_slice(pile, pile_len) }?;
        // SAFETY: the caller guarantees `out_slots` points to `out_slots_len`
        // writable u16s that no other buffer of the call overlaps.
        let out_slots = unsafe { output_slice(out_slots, out_slots_len) }?;
        // SAFETY: as above, for `out_cards` and `out_cards_len`.
        let out_cards = unsafe { output_slice(out_cards, out_cards_len) }?;
        // SAFETY: a non-NULL `plan` points to an initialised `ordo_draw_plan`
        // that nothing writes during the call (caller); `input_ref` refuses
        // NULL and a misaligned pointer.
        let plan = unsafe { input_ref(plan) }?;
        // SAFETY: `PlanStorage` fits in the plan with no stricter alignment
        // (compile-time checks), and every bit pattern is a valid
        // `PlanStorage` (integer fields only), so reading the plan as one is
        // sound whatever C wrote.
        let storage = unsafe { &*core::ptr::from_ref(plan).cast::<PlanStorage>() };
        if storage.magic != PLAN_MAGIC || storage.order.len() > ORDO_DRAW_MAX_DESIRED {
            return Err(ordo_status::ORDO_ERR_INVALID_ARGUMENT);
        }
        if hand == 0 {
            return Err(ordo_status::ORDO_ERR_INVALID_ARGUMENT);
        }
        storage
            .order
            .play_order_into(pile, hand, out_slots, out_cards)
            .map_err(status_of)
    })())
}

#[cfg(test)]
mod tests {
    use super::*;

    const DESIRED: [u32; 9] = [1, 2, 3, 4, 2, 6, 7, 8, 2];
    const DECK: [u32; 9] = [6, 2, 4, 8, 2, 7, 2, 1, 3];

    /// `ordo_draw_shuffled_batch` of three rounds into buffers of the given lengths (each
    /// filled with 7 first), from state 42: the status, the state after, the buffers.
    fn shuffled_batch(
        desired: &[u32],
        lengths: [usize; 3],
    ) -> (ordo_status, u64, [u32; 27], [u16; 27], [u32; 27]) {
        let (mut piles, mut slots, mut cards) = ([7u32; 27], [7u16; 27], [7u32; 27]);
        let mut state = 42u64;
        // SAFETY: valid pointers, lengths within the arrays, no overlap.
        let status = unsafe {
            ordo_draw_shuffled_batch(
                desired.as_ptr(),
                desired.len(),
                DECK.as_ptr(),
                DECK.len(),
                &mut state,
                3,
                3,
                piles.as_mut_ptr(),
                lengths[0],
                slots.as_mut_ptr(),
                lengths[1],
                cards.as_mut_ptr(),
                lengths[2],
            )
        };
        (status, state, piles, slots, cards)
    }

    #[test]
    fn a_shuffled_batch_is_rounds_of_shuffle_then_draw() {
        let (status, state, piles, slots, cards) = shuffled_batch(&DESIRED, [27; 3]);
        assert_eq!(status, ordo_status::ORDO_OK);
        let order = DesiredOrder::new(&DESIRED).expect("a valid desired order");
        let mut rng = SplitMix64::new(42);
        for round in 0..3 {
            let mut pile = DECK;
            rng.shuffle(&mut pile);
            let play = order.play_order(&pile, 3).expect("a valid pile");
            let chunk = round * 9..round * 9 + 9;
            assert_eq!(piles[chunk.clone()], pile, "round {round}");
            assert!(
                play.slots()
                    .map(|s| s as u16)
                    .eq(slots[chunk.clone()].iter().copied())
            );
            assert!(play.cards(&pile).eq(cards[chunk].iter().copied()));
        }
        assert_eq!(state, rng.state());
        // Outputs of length 0 are skipped; the others are written as before.
        let (status, after, only_piles, untouched_slots, untouched_cards) =
            shuffled_batch(&DESIRED, [27, 0, 0]);
        assert_eq!(status, ordo_status::ORDO_OK);
        assert_eq!((after, only_piles), (state, piles));
        assert_eq!((untouched_slots, untouched_cards), ([7; 27], [7; 27]));
    }

    #[test]
    fn a_shuffled_batch_refuses_short_outputs_and_long_desired_orders() {
        let untouched = (42, [7u32; 27], [7u16; 27], [7u32; 27]);
        for lengths in [[26, 27, 27], [27, 1, 27], [27, 27, 26]] {
            let (status, state, piles, slots, cards) = shuffled_batch(&DESIRED, lengths);
            assert_eq!(
                status,
                ordo_status::ORDO_ERR_BUFFER_TOO_SMALL,
                "{lengths:?}"
            );
            assert_eq!((state, piles, slots, cards), untouched);
        }
        let longest = [5u32; ORDO_DRAW_MAX_DESIRED + 1];
        let (status, ..) = shuffled_batch(&longest[..ORDO_DRAW_MAX_DESIRED], [27; 3]);
        assert_eq!(status, ordo_status::ORDO_OK);
        let (status, state, piles, slots, cards) = shuffled_batch(&longest, [27; 3]);
        assert_eq!(status, ordo_status::ORDO_ERR_CAPACITY_EXCEEDED);
        assert_eq!((state, piles, slots, cards), untouched);
    }

    #[test]
    fn a_misaligned_plan_is_refused_before_it_is_read_or_written() {
        let mut words = [0u64; ORDO_DRAW_PLAN_WORDS + 1];
        let misaligned = crate::ffi::misaligned::<ordo_draw_plan, _>(&mut words);
        // SAFETY: valid `desired`; the misaligned plan is refused before any write.
        let status = unsafe { ordo_draw_plan_init(DESIRED.as_ptr(), DESIRED.len(), misaligned) };
        assert_eq!(status, ordo_status::ORDO_ERR_INVALID_ARGUMENT);
        assert!(words.iter().all(|&word| word == 0));
        let (mut slots, mut cards) = ([7u16; 9], [7u32; 9]);
        // SAFETY: valid pile and outputs; the misaligned plan is refused before any read.
        let status = unsafe {
            ordo_draw_plan_play_order(
                misaligned,
                DECK.as_ptr(),
                DECK.len(),
                3,
                slots.as_mut_ptr(),
                slots.len(),
                cards.as_mut_ptr(),
                cards.len(),
            )
        };
        assert_eq!(status, ordo_status::ORDO_ERR_INVALID_ARGUMENT);
        assert_eq!((slots, cards), ([7; 9], [7; 9]));
    }

    /// A plan is plain bytes that C may overwrite: with the magic intact, any
    /// contents give some order (or none), never a panic or out-of-bounds
    /// access (this runs with debug assertions and overflow checks on).
    #[test]
    fn a_corrupted_plan_is_memory_safe() {
        let (desired, pile) = (DESIRED, DECK);
        let mut plan = ordo_draw_plan {
            opaque: [0; ORDO_DRAW_PLAN_WORDS],
        };
        // SAFETY: valid pointers and lengths, no overlap.
        let status = unsafe { ordo_draw_plan_init(desired.as_ptr(), desired.len(), &mut plan) };
        assert_eq!(status, ordo_status::ORDO_OK);
        let mut state = 0x1234_5678_9ABC_DEF0u64;
        // Miri runs a few rounds: each is thousands of checked accesses.
        let rounds = if cfg!(miri) { 6 } else { 200 };
        for round in 0..rounds {
            let mut corrupted = ordo_draw_plan {
                opaque: plan.opaque,
            };
            // Keep the magic (word 0) and overwrite everything else; the
            // length (a u16 near the end) is kept in range half the time.
            for word in corrupted.opaque.iter_mut().skip(1) {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                *word = state;
            }
            if round % 2 == 0 {
                let storage = &mut corrupted as *mut ordo_draw_plan as *mut PlanStorage;
                // SAFETY: the plan is initialised, aligned and large enough
                // for a `PlanStorage` (compile-time checks), and every bit
                // pattern is a valid one.
                unsafe { (*storage).order = DesiredOrder::empty() };
                // SAFETY: as above.
                let order = unsafe { &mut (*storage).order };
                order.fill(&desired);
                // Garbage back into the table, keeping the length valid.
                let bytes = core::mem::size_of::<DesiredOrder<u32>>() / 8 - 1;
                for word in corrupted.opaque.iter_mut().skip(1).take(bytes) {
                    state = state
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    *word = state;
                }
            }
            for hand in [1, 2, 3, 9, 12] {
                let mut slots = [0u16; 9];
                let mut cards = [0u32; 9];
                // SAFETY: valid pointers and lengths, no overlap.
                let status = unsafe {
                    ordo_draw_plan_play_order(
                        &corrupted,
                        pile.as_ptr(),
                        pile.len(),
                        hand,
                        slots.as_mut_ptr(),
                        slots.len(),
                        cards.as_mut_ptr(),
                        cards.len(),
                    )
                };
                if round % 2 == 0 {
                    assert_eq!(status, ordo_status::ORDO_OK);
                } else {
                    assert!(matches!(
                        status,
                        ordo_status::ORDO_OK | ordo_status::ORDO_ERR_INVALID_ARGUMENT
                    ));
                }
            }
        }
    }
}
