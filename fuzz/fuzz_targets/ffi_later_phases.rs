//! The retreat and adjustment phases' C functions (`ordo_adjudicate_retreats`,
//! `ordo_retreat_destinations`, `ordo_adjudicate_adjustments`, `ordo_parse_adjustment`) and the
//! board's advance (`ordo_units_after_retreats`, `ordo_units_after_adjustments`,
//! `ordo_take_centres`) on the standard map: a movement phase adjudicated from raw unit and order
//! fields, then its outputs handed back (sometimes corrupted: bad flags, indices, contested
//! entries, lengths, enum bytes), raw retreat orders, raw owners and adjustment orders, output
//! buffers sometimes too short or NULL.
//!
//! Checks: a status, never a panic; on error no output is written; with the movement's own
//! outputs and valid orders, the retreat phase succeeds; a successful retreat phase never puts
//! two units in one province, and the board advanced from it is the one the results describe;
//! the adjustment phase's fates and outcomes are valid values; taking centres changes only
//! supply centres.
#![no_main]

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use ordo::ffi::adjudicate::{
    ORDO_ADJUDICATE_MAX_ORDERS, ORDO_ADJUDICATE_MAX_UNITS, ORDO_ADJUDICATE_NONE,
    ORDO_ADJUDICATE_WORKSPACE_BYTES, ordo_adjudicate, ordo_adjudicate_adjustments,
    ordo_adjudicate_retreats, ordo_adjustment, ordo_map_standard, ordo_order, ordo_order_result,
    ordo_parse_adjustment, ordo_retreat_destinations, ordo_retreat_result, ordo_retreat_state,
    ordo_take_centres, ordo_unit, ordo_unit_result, ordo_units_after_adjustments,
    ordo_units_after_retreats,
};
use ordo::ffi::ordo_status;
use ordo_fuzz::{enum_byte, index_u16, length_near};

const LOCATIONS: u16 = 81;
const PROVINCES: usize = 75;

fn unit(u: &mut Unstructured<'_>) -> ordo_unit {
    ordo_unit {
        kind: enum_byte(u, 2),
        power: enum_byte(u, 7),
        location: index_u16(u, LOCATIONS),
    }
}

fn order(u: &mut Unstructured<'_>) -> ordo_order {
    ordo_order {
        power: enum_byte(u, 7),
        kind: enum_byte(u, 5),
        unit_kind: enum_byte(u, 3),
        target_kind: enum_byte(u, 3),
        via_convoy: enum_byte(u, 2),
        location: index_u16(u, LOCATIONS),
        unit: index_u16(u, LOCATIONS),
        to: index_u16(u, LOCATIONS),
    }
}

fn run(u: &mut Unstructured<'_>) -> arbitrary::Result<()> {
    let map = ordo_map_standard();
    let units: Vec<ordo_unit> = (0..u.int_in_range(0..=40)?).map(|_| unit(u)).collect();
    let orders: Vec<ordo_order> = (0..u.int_in_range(0..=50)?).map(|_| order(u)).collect();
    let mut workspace = vec![0u64; ORDO_ADJUDICATE_WORKSPACE_BYTES / 8 + 1];
    let none_result = ordo_unit_result {
        order: 0,
        moved_to: 0,
        dislodged: 0,
        dislodged_via_convoy: 0,
        dislodged_by: 0,
        dislodged_from: 0,
    };
    let mut order_results = vec![
        ordo_order_result {
            outcome: ordo::ffi::adjudicate::ordo_outcome::ORDO_OUTCOME_SUCCEEDS,
            fail: ordo::ffi::adjudicate::ordo_fail_reason::ORDO_FAIL_NONE,
            illegal: ordo::ffi::adjudicate::ordo_illegal_reason::ORDO_ILLEGAL_NONE,
        };
        ORDO_ADJUDICATE_MAX_ORDERS + 1
    ];
    let mut movement = vec![none_result; units.len()];
    let mut contested = vec![0u16; 256];
    let mut contested_count = 0usize;
    // SAFETY: every array holds the length passed with it.
    let status = unsafe {
        ordo_adjudicate(
            map,
            units.as_ptr(),
            units.len(),
            orders.as_ptr(),
            orders.len(),
            core::ptr::null(),
            workspace.as_mut_ptr().cast(),
            workspace.len() * 8,
            order_results.as_mut_ptr(),
            order_results.len(),
            movement.as_mut_ptr(),
            movement.len(),
            contested.as_mut_ptr(),
            contested.len(),
            &mut contested_count,
        )
    };
    let movement_ok = status == ordo_status::ORDO_OK;
    contested.truncate(if movement_ok { contested_count } else { 0 });
    // Corrupt the handed-back results now and then.
    let corrupted = u.arbitrary::<u8>()? % 4 == 0;
    if corrupted && !movement.is_empty() {
        let i = usize::from(u.arbitrary::<u8>()?) % movement.len();
        match u.arbitrary::<u8>()? % 4 {
            0 => movement[i].dislodged = u.arbitrary()?,
            1 => movement[i].dislodged_from = u.arbitrary()?,
            2 => movement[i].dislodged_by = u.arbitrary()?,
            _ => contested.push(u.arbitrary()?),
        }
    }

    let retreat_orders: Vec<ordo_order> = (0..u.int_in_range(0..=20)?).map(|_| order(u)).collect();
    let sentinel = ordo_retreat_result {
        state: ordo_retreat_state::ORDO_RETREAT_DISBANDED,
        location: 0xABCD,
    };
    let results_len = length_near(u, retreat_orders.len());
    let fates_len = length_near(u, units.len());
    let mut retreat_results = vec![sentinel; fates_len];
    let mut retreat_outcomes = order_results.clone();
    retreat_outcomes.truncate(results_len);
    let before = (retreat_results.clone(), retreat_outcomes.clone());
    // SAFETY: every array holds the length passed with it.
    let status = unsafe {
        ordo_adjudicate_retreats(
            map,
            units.as_ptr(),
            units.len(),
            movement.as_ptr(),
            movement.len(),
            contested.as_ptr(),
            contested.len(),
            retreat_orders.as_ptr(),
            retreat_orders.len(),
            core::ptr::null(),
            retreat_outcomes.as_mut_ptr(),
            retreat_outcomes.len(),
            retreat_results.as_mut_ptr(),
            retreat_results.len(),
        )
    };
    if status != ordo_status::ORDO_OK {
        assert!(
            before == (retreat_results.clone(), retreat_outcomes.clone()),
            "written on error"
        );
        let valid_orders = retreat_orders.iter().all(|o| {
            o.power < 7
                && o.kind < 5
                && o.unit_kind < 3
                && o.target_kind < 3
                && o.via_convoy < 2
                && o.location < LOCATIONS
                && o.unit < LOCATIONS
                && o.to < LOCATIONS
        });
        assert!(
            !(movement_ok
                && !corrupted
                && valid_orders
                && results_len >= retreat_orders.len()
                && fates_len >= units.len()),
            "the movement's own outputs were refused: {status:?}"
        );
    } else if movement_ok && !corrupted {
        // One unit per province after the retreats (the movement's own outputs).
        let mut seen = [false; 256];
        let mut board = Vec::new();
        for ((unit, moved), retreat) in units.iter().zip(&movement).zip(&retreat_results) {
            let at = match retreat.state {
                ordo_retreat_state::ORDO_RETREAT_NOT_DISLODGED => {
                    if moved.moved_to == ORDO_ADJUDICATE_NONE {
                        unit.location
                    } else {
                        moved.moved_to
                    }
                }
                ordo_retreat_state::ORDO_RETREAT_RETREATED => retreat.location,
                ordo_retreat_state::ORDO_RETREAT_DISBANDED => continue,
            };
            let province = province_of(at);
            assert!(!seen[province], "two units in province {province}");
            seen[province] = true;
            board.push(ordo_unit {
                location: at,
                ..*unit
            });
        }
        advance_after_retreats(
            u,
            &units,
            &movement,
            &retreat_results[..units.len()],
            &board,
        )?;
    }

    let unit_index = usize::from(u.arbitrary::<u8>()?) % (units.len() + 2);
    let mut where_ = vec![0xEEEEu16; length_near(u, 8)];
    let mut count = 0xDEADusize;
    // SAFETY: every array holds the length passed with it.
    let status = unsafe {
        ordo_retreat_destinations(
            map,
            units.as_ptr(),
            units.len(),
            movement.as_ptr(),
            movement.len(),
            contested.as_ptr(),
            contested.len(),
            unit_index,
            where_.as_mut_ptr(),
            where_.len(),
            &mut count,
        )
    };
    if status != ordo_status::ORDO_OK {
        assert_eq!(count, 0xDEAD);
        assert!(where_.iter().all(|&w| w == 0xEEEE));
    } else {
        assert!(count <= where_.len());
        assert!(where_[..count].windows(2).all(|w| w[0] < w[1]));
    }

    let owners_len = length_near(u, PROVINCES);
    let owners: Vec<u8> = (0..owners_len)
        .map(|_| {
            if u.arbitrary::<u8>().unwrap_or(0) < 128 {
                0xFF
            } else {
                enum_byte(u, 7)
            }
        })
        .collect();
    let adjustments: Vec<ordo_adjustment> = (0..u.int_in_range(0..=16)?)
        .map(|_| ordo_adjustment {
            power: enum_byte(u, 7),
            kind: enum_byte(u, 2),
            unit_kind: enum_byte(u, 3),
            location: index_u16(u, LOCATIONS),
        })
        .collect();
    let mut outcomes = order_results.clone();
    outcomes.truncate(length_near(u, adjustments.len()));
    let mut fates = vec![0xEEu8; length_near(u, units.len())];
    let before = (outcomes.clone(), fates.clone());
    // SAFETY: every array holds the length passed with it.
    let status = unsafe {
        ordo_adjudicate_adjustments(
            map,
            units.as_ptr(),
            units.len(),
            owners.as_ptr(),
            owners.len(),
            adjustments.as_ptr(),
            adjustments.len(),
            outcomes.as_mut_ptr(),
            outcomes.len(),
            fates.as_mut_ptr(),
            fates.len(),
        )
    };
    if status != ordo_status::ORDO_OK {
        assert!(before == (outcomes, fates), "written on error");
    } else {
        assert!(fates[..units.len()].iter().all(|&f| f <= 2));
        advance_after_adjustments(
            u,
            &units,
            &adjustments,
            &outcomes[..adjustments.len()],
            &fates[..units.len()],
        )?;
    }
    take_centres(u, &units, &owners)?;

    let text: Vec<u8> = (0..u.int_in_range(0..=24)?)
        .map(|_| u.arbitrary().unwrap_or(b' '))
        .collect();
    let mut parsed = ordo_adjustment {
        power: 9,
        kind: 9,
        unit_kind: 9,
        location: 9,
    };
    // SAFETY: `text` holds its length; `parsed` is writable; the error pointer may be NULL.
    let status = unsafe {
        ordo_parse_adjustment(
            map,
            text.as_ptr().cast(),
            text.len(),
            3,
            &mut parsed,
            core::ptr::null_mut(),
        )
    };
    if status != ordo_status::ORDO_OK {
        assert_eq!(parsed.kind, 9);
    } else {
        assert!(parsed.kind < 2 && parsed.location < LOCATIONS);
    }
    Ok(())
}

/// The bytes of `values`, one `T` each, in storage aligned for `T` (`T` is plain old data:
/// integers only), with one byte sometimes overwritten, so that a C caller's stray enum byte
/// reaches the function.
fn bytes_of<T: Copy>(
    u: &mut Unstructured<'_>,
    values: &[T],
) -> arbitrary::Result<(Vec<u64>, bool)> {
    let size = core::mem::size_of_val(values);
    let mut storage = vec![0u64; size.div_ceil(8).max(1)];
    // SAFETY: `storage` holds at least `size` bytes and is 8-aligned; `values` is `size`
    // readable bytes of integers without padding holes that matter (padding is copied as is).
    unsafe {
        core::ptr::copy_nonoverlapping(
            values.as_ptr().cast::<u8>(),
            storage.as_mut_ptr().cast::<u8>(),
            size,
        );
    }
    let corrupt = size > 0 && u.arbitrary::<u8>()? % 8 == 0;
    if corrupt {
        let at = usize::from(u.arbitrary::<u8>()?) % size;
        let byte: u8 = u.arbitrary()?;
        // SAFETY: `at < size`, inside `storage`.
        unsafe { *storage.as_mut_ptr().cast::<u8>().add(at) = byte };
    }
    Ok((storage, corrupt))
}

fn advance_after_retreats(
    u: &mut Unstructured<'_>,
    units: &[ordo_unit],
    movement: &[ordo_unit_result],
    retreats: &[ordo_retreat_result],
    expected: &[ordo_unit],
) -> arbitrary::Result<()> {
    let map = ordo_map_standard();
    let (raw, corrupt) = bytes_of(u, retreats)?;
    let blank = ordo_unit {
        kind: 9,
        power: 9,
        location: 9,
    };
    let mut out = vec![blank; length_near(u, expected.len())];
    let mut count = 0xDEADusize;
    // SAFETY: every array holds the length passed with it; `raw` holds `retreats.len()` results'
    // bytes, aligned; the function reads their enum fields as plain bytes.
    let status = unsafe {
        ordo_units_after_retreats(
            map,
            units.as_ptr(),
            units.len(),
            movement.as_ptr(),
            movement.len(),
            raw.as_ptr().cast::<ordo_retreat_result>(),
            retreats.len(),
            out.as_mut_ptr(),
            out.len(),
            &mut count,
        )
    };
    if status != ordo_status::ORDO_OK {
        assert_eq!(count, 0xDEAD);
        assert!(out.iter().all(|o| *o == blank), "written on error");
        assert!(
            corrupt || out.len() < expected.len(),
            "refused its own results: {status:?}"
        );
    } else if !corrupt {
        assert_eq!(&out[..count], expected);
    }
    Ok(())
}

fn advance_after_adjustments(
    u: &mut Unstructured<'_>,
    units: &[ordo_unit],
    adjustments: &[ordo_adjustment],
    outcomes: &[ordo_order_result],
    fates: &[u8],
) -> arbitrary::Result<()> {
    let map = ordo_map_standard();
    let (raw, _) = bytes_of(u, outcomes)?;
    let blank = ordo_unit {
        kind: 9,
        power: 9,
        location: 9,
    };
    let mut out = vec![blank; length_near(u, ORDO_ADJUDICATE_MAX_UNITS)];
    let mut count = 0xDEADusize;
    // SAFETY: as in `advance_after_retreats`.
    let status = unsafe {
        ordo_units_after_adjustments(
            map,
            units.as_ptr(),
            units.len(),
            adjustments.as_ptr(),
            adjustments.len(),
            raw.as_ptr().cast::<ordo_order_result>(),
            outcomes.len(),
            fates.as_ptr(),
            fates.len(),
            out.as_mut_ptr(),
            out.len(),
            &mut count,
        )
    };
    if status != ordo_status::ORDO_OK {
        assert_eq!(count, 0xDEAD);
        assert!(out.iter().all(|o| *o == blank), "written on error");
    } else {
        let stays = fates.iter().filter(|&&f| f == 0).count();
        assert!(count >= stays && count <= out.len());
        let kept: Vec<ordo_unit> = units
            .iter()
            .zip(fates)
            .filter(|&(_, &f)| f == 0)
            .map(|(unit, _)| *unit)
            .collect();
        assert_eq!(&out[..stays], &kept[..]);
    }
    Ok(())
}

fn take_centres(
    u: &mut Unstructured<'_>,
    units: &[ordo_unit],
    owners: &[u8],
) -> arbitrary::Result<()> {
    let map = ordo_map_standard();
    let mut taken = owners.to_vec();
    let n = length_near(u, units.len()).min(units.len());
    // SAFETY: every array holds the length passed with it.
    let status =
        unsafe { ordo_take_centres(map, units.as_ptr(), n, taken.as_mut_ptr(), taken.len()) };
    if status != ordo_status::ORDO_OK {
        assert_eq!(taken, owners, "written on error");
    } else {
        let standard = ordo::adjudicate::standard();
        for (p, (&after, &before)) in taken.iter().zip(owners).enumerate() {
            if after != before {
                assert!(
                    standard.province(p).unwrap().supply_centre,
                    "province {p} is no centre"
                );
            }
        }
    }
    Ok(())
}

/// The province of a standard-map location: coasts (75..81) belong to Bulgaria, Spain, St
/// Petersburg, which the map reports; the fuzz target asks the safe API.
fn province_of(location: u16) -> usize {
    let map = ordo::adjudicate::standard();
    map.province_of(ordo::adjudicate::Location(location as u8))
        .index()
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
