//! Regression tests for what Miri and the fuzz targets (`fuzz/`,
//! docs/hardening.md) found. Each test names the finding; all are cheap
//! enough to run under Miri (`make miri`).

use ordo::ffi::draw::{ORDO_DRAW_PLAN_WORDS, ordo_draw_plan, ordo_draw_plan_init};
use ordo::ffi::ordo_status;

/// Miri: `ordo_draw_plan_init` left the padding after the table's length
/// uninitialised (a typed write does not initialise padding), although the
/// plan is documented as plain words that C may copy and Rust may read. Now
/// every byte of the plan is initialised: reading each word is defined
/// (Miri checks it), and the words past the table are zero.
#[test]
fn an_initialised_plan_is_fully_initialised_plain_words() {
    let mut plan: ordo_draw_plan = unsafe_zeroed_plan();
    // Any earlier contents: fill every byte, then prepare the plan over them.
    // SAFETY: the plan is plain words; every byte is written.
    unsafe { core::ptr::write_bytes((&raw mut plan).cast::<u8>(), 0xEE, size_of_plan()) };
    let desired = [3u32, 1, 4, 1, 5, 9, 2, 6];
    // SAFETY: `plan` is a writable local; `desired` holds its length.
    let status = unsafe { ordo_draw_plan_init(&mut plan, desired.as_ptr(), desired.len()) };
    assert_eq!(status, ordo_status::ORDO_OK);
    // SAFETY: `ordo_draw_plan` is `ORDO_DRAW_PLAN_WORDS` u64 words, all
    // initialised by `ordo_draw_plan_init` (the point of the test).
    let words: &[u64] = unsafe {
        core::slice::from_raw_parts((&raw const plan).cast::<u64>(), ORDO_DRAW_PLAN_WORDS)
    };
    let sum = words.iter().fold(0u64, |acc, &w| acc.wrapping_add(w));
    assert_ne!(sum, 0);
    // The last word lies past the prepared table: zeroed, not left as 0xEE.
    assert_eq!(words[ORDO_DRAW_PLAN_WORDS - 1], 0);
    // A copy by value (what C's `memcpy` or struct assignment does) is defined.
    // SAFETY: as above.
    let copy: ordo_draw_plan = unsafe { core::ptr::read(&plan) };
    // SAFETY: as above, for the copy.
    let copied: &[u64] = unsafe {
        core::slice::from_raw_parts((&raw const copy).cast::<u64>(), ORDO_DRAW_PLAN_WORDS)
    };
    assert_eq!(copied, words);
}

fn size_of_plan() -> usize {
    core::mem::size_of::<ordo_draw_plan>()
}

fn unsafe_zeroed_plan() -> ordo_draw_plan {
    // SAFETY: `ordo_draw_plan` is plain integer words; all zero is a valid value.
    unsafe { core::mem::zeroed() }
}

/// Review while writing the `ffi_draw` target: with `pile_len` 0 and
/// `stride` 0 any `pile_count` is valid, and `ordo_draw_play_order_batch`
/// visited every empty pile (`SIZE_MAX` of them: a hang); likewise
/// `ordo_draw_shuffled_batch` with an empty deck ran `pile_count` empty
/// rounds. Both now return at once (this test hangs otherwise).
#[test]
fn empty_piles_in_any_number_return_at_once() {
    use ordo::ffi::draw::{ordo_draw_play_order_batch, ordo_draw_shuffled_batch};
    let desired = [1u32, 2];
    // SAFETY: NULL arrays with length 0; no outputs.
    let status = unsafe {
        ordo_draw_play_order_batch(
            desired.as_ptr(),
            desired.len(),
            core::ptr::null(),
            0,
            0,
            0,
            usize::MAX,
            1,
            core::ptr::null_mut(),
            0,
            core::ptr::null_mut(),
            0,
        )
    };
    assert_eq!(status, ordo_status::ORDO_OK);
    let mut state = 42u64;
    // SAFETY: as above; `state` is a writable local.
    let status = unsafe {
        ordo_draw_shuffled_batch(
            desired.as_ptr(),
            desired.len(),
            core::ptr::null(),
            0,
            1,
            &mut state,
            usize::MAX,
            core::ptr::null_mut(),
            0,
            core::ptr::null_mut(),
            0,
            core::ptr::null_mut(),
            0,
        )
    };
    assert_eq!(status, ordo_status::ORDO_OK);
    assert_eq!(
        state, 42,
        "shuffling an empty deck leaves the state as it is"
    );
}
