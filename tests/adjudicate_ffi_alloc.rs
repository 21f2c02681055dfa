//! The C face allocates nothing either: a counting global allocator (per
//! thread) sees zero allocations while a custom map is built, orders are
//! parsed, a full board is adjudicated through the `extern "C"` functions, its retreat and
//! adjustment phases are decided, and the board and the centres' owners are advanced.

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
    let mut retreats = vec![
        ordo_retreat_result {
            state: ordo_retreat_state::ORDO_RETREAT_NOT_DISLODGED,
            location: 0
        };
        lines.len()
    ];
    let mut destinations = [0u16; ORDO_ADJUDICATE_MAX_LOCATIONS];
    let mut destination_count = 0usize;
    let mut owners = [ORDO_ADJUDICATE_NO_POWER; 75];
    owners[ordo::adjudicate::standard::VIE.index()] = 0;
    let mut fates = vec![0u8; lines.len()];
    let blank = ordo_unit {
        kind: 0,
        power: 0,
        location: 0,
    };
    let mut after_retreats = vec![blank; ORDO_ADJUDICATE_MAX_UNITS];
    let mut after_retreats_count = 0usize;
    let mut after_adjustments = vec![blank; ORDO_ADJUDICATE_MAX_UNITS];
    let mut after_adjustments_count = 0usize;
    let mut taken = owners;
    let mut build = ordo_adjustment {
        power: 0,
        kind: 0,
        unit_kind: 0,
        location: 0,
    };
    let build_text = "Build A Vienna";

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
        let status = ordo_adjudicate_retreats(
            map,
            units.as_ptr(),
            units.len(),
            unit_results.as_ptr(),
            unit_results.len(),
            contested.as_ptr(),
            contested_count,
            std::ptr::null(),
            0,
            std::ptr::null(),
            std::ptr::null_mut(),
            0,
            retreats.as_mut_ptr(),
            retreats.len(),
        );
        assert_eq!(status, ordo_status::ORDO_OK);
        let status = ordo_units_after_retreats(
            map,
            units.as_ptr(),
            units.len(),
            unit_results.as_ptr(),
            unit_results.len(),
            retreats.as_ptr(),
            retreats.len(),
            after_retreats.as_mut_ptr(),
            after_retreats.len(),
            &mut after_retreats_count,
        );
        assert_eq!(status, ordo_status::ORDO_OK);
        let status = ordo_take_centres(
            map,
            after_retreats.as_ptr(),
            after_retreats_count,
            taken.as_mut_ptr(),
            taken.len(),
        );
        assert_eq!(status, ordo_status::ORDO_OK);
        let dislodged = unit_results.iter().position(|u| u.dislodged == 1).unwrap();
        let status = ordo_retreat_destinations(
            map,
            units.as_ptr(),
            units.len(),
            unit_results.as_ptr(),
            unit_results.len(),
            contested.as_ptr(),
            contested_count,
            dislodged,
            destinations.as_mut_ptr(),
            destinations.len(),
            &mut destination_count,
        );
        assert_eq!(status, ordo_status::ORDO_OK);
        let status = ordo_parse_adjustment(
            map,
            build_text.as_ptr().cast::<c_char>(),
            build_text.len(),
            0,
            &mut build,
            std::ptr::null_mut(),
        );
        assert_eq!(status, ordo_status::ORDO_OK);
        let status = ordo_adjudicate_adjustments(
            map,
            units.as_ptr(),
            units.len(),
            owners.as_ptr(),
            owners.len(),
            &build,
            1,
            results.as_mut_ptr(),
            1,
            fates.as_mut_ptr(),
            fates.len(),
        );
        assert_eq!(status, ordo_status::ORDO_OK);
        let status = ordo_units_after_adjustments(
            map,
            units.as_ptr(),
            units.len(),
            &build,
            1,
            results.as_ptr(),
            1,
            fates.as_ptr(),
            fates.len(),
            after_adjustments.as_mut_ptr(),
            after_adjustments.len(),
            &mut after_adjustments_count,
        );
        assert_eq!(status, ordo_status::ORDO_OK);
    }
    assert_eq!(allocations() - before, 0, "the C face allocated");
    assert_eq!(
        retreats
            .iter()
            .filter(|r| r.state == ordo_retreat_state::ORDO_RETREAT_DISBANDED)
            .count(),
        1
    );
    // Austria owns one centre, the others none: civil disorder leaves one Austrian unit.
    assert_eq!(fates.iter().filter(|&&f| f == 0).count(), 1);
    assert_eq!(after_adjustments_count, 1);
    // The disbanded unit is gone, and every centre a unit stands on has an owner.
    assert_eq!(after_retreats_count, units.len() - 1);
    let standard = ordo::adjudicate::standard();
    let mut expected = owners;
    for unit in &after_retreats[..after_retreats_count] {
        let province = standard.province_of(ordo::adjudicate::Location(unit.location as u8));
        if standard.province(province.index()).unwrap().supply_centre {
            expected[province.index()] = unit.power;
        }
    }
    assert_eq!(taken, expected);
    assert_eq!(
        taken
            .iter()
            .filter(|&&o| o != ORDO_ADJUDICATE_NO_POWER)
            .count(),
        17
    );
    assert_eq!(units.len(), 34);
    assert_eq!(unit_results.iter().filter(|u| u.dislodged == 1).count(), 1);
    assert!(!custom.is_null());
}
