//! The C face allocates nothing either: a counting global allocator (per
//! thread) sees zero allocations while a custom map is built, orders are
//! parsed and a full board is adjudicated through the `extern "C"` functions.

use std::ffi::c_char;

use ordo::ffi::adjudicate::*;
use ordo::ffi::ordo_status;

#[path = "support/counting_alloc.rs"]
mod counting_alloc;
use counting_alloc::allocations;

const FULL_BOARD: &str = include_str!("../examples/turns/full_board.txt");

#[test]
fn the_c_face_allocates_nothing() {
    // Everything the calls need is allocated before counting.
    let mut map_buffer = vec![0u64; ORDO_MAP_BYTES / 8];
    let mut workspace = vec![0u64; ORDO_ADJUDICATE_WORKSPACE_BYTES / 8];
    let powers = [c"Red".as_ptr(), c"Blue".as_ptr()];
    let location = |name: &'static std::ffi::CStr, kind| ordo_map_location {
        name: name.as_ptr(),
        abbreviation: name.as_ptr(),
        kind,
        coast: 0,
        province: 0,
        supply_centre: 0,
        home: ORDO_ADJUDICATE_NO_POWER,
    };
    let locations = [
        location(c"Left", 0),
        location(c"Right", 0),
        location(c"Middle", 0),
    ];
    let army = [
        ordo_border { from: 0, to: 2 },
        ordo_border { from: 2, to: 0 },
        ordo_border { from: 1, to: 2 },
        ordo_border { from: 2, to: 1 },
    ];
    let desc = ordo_map_desc {
        powers: powers.as_ptr(),
        power_count: 2,
        locations: locations.as_ptr(),
        location_count: 3,
        army_borders: army.as_ptr(),
        army_border_count: 4,
        fleet_borders: std::ptr::null(),
        fleet_border_count: 0,
    };
    let lines: Vec<(&str, &str)> = {
        let mut power = "";
        FULL_BOARD
            .lines()
            .map(|l| l.split('#').next().unwrap().trim())
            .filter(|l| !l.is_empty())
            .filter_map(|l| match l.strip_suffix(':') {
                Some(p) => {
                    power = p;
                    None
                }
                None => Some((power, l)),
            })
            .collect()
    };
    let mut units = vec![
        ordo_unit {
            kind: 0,
            power: 0,
            location: 0
        };
        lines.len()
    ];
    let mut orders = vec![
        ordo_order {
            power: 0,
            kind: 0,
            unit_kind: 0,
            target_kind: 0,
            via_convoy: 0,
            location: 0,
            unit: 0,
            to: 0
        };
        lines.len()
    ];
    let mut results = vec![
        ordo_order_result {
            outcome: ordo_outcome::ORDO_OUTCOME_FAILS,
            fail: ordo_fail_reason::ORDO_FAIL_NONE,
            illegal: ordo_illegal_reason::ORDO_ILLEGAL_NONE
        };
        lines.len()
    ];
    let mut unit_results = vec![
        ordo_unit_result {
            order: 0,
            moved_to: 0,
            dislodged: 0,
            dislodged_via_convoy: 0,
            dislodged_by: 0,
            dislodged_from: 0
        };
        lines.len()
    ];
    let mut contested = [0u16; 8];
    let mut contested_count = 0usize;
    let mut custom: *const ordo_map = std::ptr::null();

    let before = allocations();
    // SAFETY: every pointer refers to live, correctly sized memory above.
    unsafe {
        let status = ordo_map_build(
            &desc,
            map_buffer.as_mut_ptr().cast(),
            ORDO_MAP_BYTES,
            &mut custom,
        );
        assert_eq!(status, ordo_status::ORDO_OK);
        let map = ordo_map_standard();
        for (i, (power, text)) in lines.iter().enumerate() {
            let mut p = 0u8;
            let status =
                ordo_map_find_power(map, power.as_ptr().cast::<c_char>(), power.len(), &mut p);
            assert_eq!(status, ordo_status::ORDO_OK);
            let status = ordo_parse_order(
                map,
                text.as_ptr().cast::<c_char>(),
                text.len(),
                p,
                &mut orders[i],
                std::ptr::null_mut(),
            );
            assert_eq!(status, ordo_status::ORDO_OK);
            units[i] = ordo_unit {
                kind: orders[i].unit_kind,
                power: p,
                location: orders[i].location,
            };
        }
        let status = ordo_adjudicate(
            map,
            units.as_ptr(),
            units.len(),
            orders.as_ptr(),
            orders.len(),
            std::ptr::null(),
            workspace.as_mut_ptr().cast(),
            ORDO_ADJUDICATE_WORKSPACE_BYTES,
            results.as_mut_ptr(),
            results.len(),
            unit_results.as_mut_ptr(),
            unit_results.len(),
            contested.as_mut_ptr(),
            contested.len(),
            &mut contested_count,
        );
        assert_eq!(status, ordo_status::ORDO_OK);
    }
    assert_eq!(allocations() - before, 0, "the C face allocated");
    assert_eq!(units.len(), 34);
    assert_eq!(unit_results.iter().filter(|u| u.dislodged == 1).count(), 1);
    assert!(!custom.is_null());
}
