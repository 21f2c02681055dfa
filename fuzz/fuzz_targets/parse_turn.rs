//! `parse_turn` on arbitrary text.
//!
//! Checks: no panic; a parsed turn respects its capacities, its lines point
//! at existing units and orders, no two units share a province, every unit
//! stands where its kind may stand; every order formats and parses back to
//! itself; the turn adjudicates without error.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ordo::adjudicate::{
    MAX_ORDERS, MAX_TURN_LINES, MAX_UNITS, ProvinceKind, Rules, UnitKind, adjudicate, format_order,
    parse_order, parse_turn, standard,
};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else {
        return;
    };
    let map = standard();
    let Ok(turn) = parse_turn(map, text) else {
        return;
    };
    assert!(turn.units().len() <= MAX_UNITS);
    assert!(turn.orders().len() <= MAX_ORDERS);
    assert!(turn.lines().len() <= MAX_TURN_LINES);
    for line in turn.lines() {
        assert!(usize::from(line.unit) < turn.units().len());
        if let Some(order) = line.order {
            assert!(usize::from(order) < turn.orders().len());
        }
    }
    for (i, unit) in turn.units().iter().enumerate() {
        assert!(usize::from(unit.power.0) < map.power_count());
        match (unit.kind, map.kind(unit.location)) {
            (UnitKind::Army, ProvinceKind::Sea) | (UnitKind::Fleet, ProvinceKind::Inland) => {
                panic!("unit {i} cannot stand at {:?}", unit.location)
            }
            (UnitKind::Army, _) => assert_eq!(map.province_of(unit.location), unit.location),
            (UnitKind::Fleet, _) => {
                assert!(map.coast_of(unit.location).is_some() || !map.has_coasts(unit.location))
            }
        }
        for other in &turn.units()[..i] {
            assert_ne!(
                map.province_of(other.location),
                map.province_of(unit.location)
            );
        }
    }
    for (_, order) in turn.orders() {
        let formatted = format_order(map, order).to_string();
        assert_eq!(
            parse_order(map, &formatted).as_ref(),
            Ok(order),
            "{formatted:?}"
        );
    }
    let result = adjudicate(map, turn.units(), turn.orders(), &Rules::default());
    assert!(result.is_ok(), "{result:?}");
});
