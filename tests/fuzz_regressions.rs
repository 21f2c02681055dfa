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
    let status = unsafe { ordo_draw_plan_init(desired.as_ptr(), desired.len(), &mut plan) };
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
            &mut state,
            usize::MAX,
            1,
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

/// The C face's refusal paths, as the fuzz targets drive them, in a form Miri
/// can run (`make miri`): raw bytes that are not UTF-8, enum bytes out of
/// range, a misaligned or short workspace, a name that is not UTF-8. Each
/// call returns its status and writes nothing.
#[test]
fn refusals_write_nothing() {
    use ordo::ffi::adjudicate::*;
    use ordo::ffi::ranked::{ordo_ranked_command, ordo_ranked_order};

    let map = ordo_map_standard();
    // Text that is not UTF-8: only `*error` is written.
    let sentinel = ordo_order {
        power: 0xAB,
        kind: 0xAB,
        unit_kind: 0xAB,
        target_kind: 0xAB,
        via_convoy: 0xAB,
        location: 0xABAB,
        unit: 0xABAB,
        to: 0xABAB,
    };
    let mut out = sentinel;
    let mut error = ordo_parse_error {
        offset: 0,
        kind: ordo_parse_error_kind::ORDO_PARSE_EMPTY,
    };
    let text = b"A Par - Bu\xFFr";
    // SAFETY: `text` is readable for its length; `out` and `error` are locals.
    let status = unsafe {
        ordo_parse_order(
            map,
            text.as_ptr().cast(),
            text.len(),
            2,
            &mut out,
            &mut error,
        )
    };
    assert_eq!(status, ordo_status::ORDO_ERR_PARSE);
    assert_eq!(out, sentinel);
    assert_eq!(error.offset, 10);
    assert_eq!(error.kind, ordo_parse_error_kind::ORDO_PARSE_INVALID_UTF8);

    // Adjudication: a bad unit kind, a bad flag, a misaligned and a short workspace.
    let good_unit = ordo_unit {
        kind: 0,
        power: 2,
        location: 45,
    };
    let hold = ordo_order {
        power: 2,
        kind: 0,
        unit_kind: 2,
        target_kind: 2,
        via_convoy: 0,
        location: 45,
        unit: ORDO_ADJUDICATE_NONE,
        to: ORDO_ADJUDICATE_NONE,
    };
    let mut workspace = vec![0u64; ORDO_ADJUDICATE_WORKSPACE_BYTES / 8 + 1];
    let base = workspace.as_mut_ptr().cast::<u8>();
    let cases: [(ordo_unit, ordo_order, usize, usize, ordo_status); 4] = [
        (
            ordo_unit {
                kind: 7,
                ..good_unit
            },
            hold,
            0,
            ORDO_ADJUDICATE_WORKSPACE_BYTES,
            ordo_status::ORDO_ERR_INVALID_ARGUMENT,
        ),
        (
            good_unit,
            ordo_order {
                kind: 1,
                to: 46,
                via_convoy: 2,
                ..hold
            },
            0,
            ORDO_ADJUDICATE_WORKSPACE_BYTES,
            ordo_status::ORDO_ERR_INVALID_ARGUMENT,
        ),
        (
            good_unit,
            hold,
            4,
            ORDO_ADJUDICATE_WORKSPACE_BYTES,
            ordo_status::ORDO_ERR_INVALID_ARGUMENT,
        ),
        (
            good_unit,
            hold,
            0,
            ORDO_ADJUDICATE_WORKSPACE_BYTES - 1,
            ordo_status::ORDO_ERR_BUFFER_TOO_SMALL,
        ),
    ];
    for (unit, order, offset, workspace_len, expected) in cases {
        let result_sentinel = ordo_order_result {
            outcome: ordo_outcome::ORDO_OUTCOME_ILLEGAL,
            fail: ordo_fail_reason::ORDO_FAIL_VOID,
            illegal: ordo_illegal_reason::ORDO_ILLEGAL_NO_UNIT,
        };
        let unit_sentinel = ordo_unit_result {
            order: 0xABAB,
            moved_to: 0xABAB,
            dislodged: 0xAB,
            dislodged_via_convoy: 0xAB,
            dislodged_by: 0xABAB,
            dislodged_from: 0xABAB,
        };
        let mut order_results = [result_sentinel];
        let mut unit_results = [unit_sentinel];
        let mut contested = [0xABABu16; 4];
        let mut contested_count = usize::MAX;
        // SAFETY: one unit and one order; the workspace pointer lies in its
        // buffer with at least `workspace_len` bytes after it; outputs are locals.
        let status = unsafe {
            ordo_adjudicate(
                map,
                &unit,
                1,
                &order,
                1,
                core::ptr::null(),
                base.add(offset).cast(),
                workspace_len,
                order_results.as_mut_ptr(),
                1,
                unit_results.as_mut_ptr(),
                1,
                contested.as_mut_ptr(),
                contested.len(),
                &mut contested_count,
            )
        };
        assert_eq!(
            status, expected,
            "{unit:?} {order:?} +{offset} {workspace_len}"
        );
        assert_eq!(order_results, [result_sentinel]);
        assert_eq!(unit_results, [unit_sentinel]);
        assert_eq!(contested, [0xABAB; 4]);
        assert_eq!(contested_count, usize::MAX);
    }

    // A map whose power name is not UTF-8: neither the buffer nor the map pointer is written.
    let bad_name = [b'R', 0xFF, 0];
    let powers = [bad_name.as_ptr().cast::<core::ffi::c_char>()];
    let desc = ordo_map_desc {
        powers: powers.as_ptr(),
        power_count: 1,
        locations: core::ptr::null(),
        location_count: 0,
        army_borders: core::ptr::null(),
        army_border_count: 0,
        fleet_borders: core::ptr::null(),
        fleet_border_count: 0,
    };
    let mut buffer = vec![0x5A5A_5A5A_5A5A_5A5Au64; ORDO_MAP_BYTES / 8];
    let mut built = map;
    // SAFETY: the description's arrays hold their counts; the name is
    // NUL-terminated; the buffer holds ORDO_MAP_BYTES aligned bytes.
    let status = unsafe {
        ordo_map_build(
            &desc,
            buffer.as_mut_ptr().cast(),
            ORDO_MAP_BYTES,
            &mut built,
        )
    };
    assert_eq!(status, ordo_status::ORDO_ERR_INVALID_MAP);
    assert_eq!(built, map);
    assert!(buffer.iter().all(|&w| w == 0x5A5A_5A5A_5A5A_5A5A));

    // A ranked command whose `has_key` is neither 0 nor 1.
    let commands = [ordo_ranked_command {
        group: 0,
        has_key: 2,
        value: 1,
        key: 0,
    }];
    let mut order = [0xABAB_ABABu32; 4];
    let mut count = usize::MAX;
    // SAFETY: one command; `order` and `count` are locals.
    let status = unsafe {
        ordo_ranked_order(
            commands.as_ptr(),
            1,
            1,
            4,
            order.as_mut_ptr(),
            4,
            &mut count,
        )
    };
    assert_eq!(status, ordo_status::ORDO_ERR_INVALID_ARGUMENT);
    assert_eq!(order, [0xABAB_ABAB; 4]);
    assert_eq!(count, usize::MAX);
}
