//! `ordo_adjudicate` on arbitrary unit and order arrays of the standard map
//! (fields from raw bytes, including unknown enum values, bad flags and
//! out-of-range indices), arbitrary rules, and buffers that are sometimes
//! too short, NULL or misaligned.
//!
//! Checks: a status, never a panic; on error no output (results, contested,
//! `*contested_count`) is written; on success the results equal those of the
//! safe `adjudicate` on the same input decoded by a reference decoder written
//! here; whenever the reference decodes the input, the safe API accepts it
//! and the buffers suffice, the C call succeeds.
#![no_main]

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use ordo::adjudicate::{
    Action, AdjacentConvoy, ConvoyDisruption, Location, MultipleOrders, Order, ParadoxRule, Power,
    Rules, SupportCoast, Unit, UnitKind, adjudicate, standard,
};
use ordo::ffi::adjudicate::{
    ORDO_ADJUDICATE_NONE, ORDO_ADJUDICATE_WORKSPACE_BYTES, ordo_adjudicate, ordo_map_standard,
    ordo_order, ordo_order_result, ordo_rules, ordo_unit, ordo_unit_result,
};
use ordo::ffi::ordo_status;
use ordo_fuzz::{enum_byte, index_u16, length_near};

const LOCATIONS: u16 = 81;
const POWERS: u8 = 7;

fn kind_of(b: u8) -> Option<Option<UnitKind>> {
    match b {
        0 => Some(Some(UnitKind::Army)),
        1 => Some(Some(UnitKind::Fleet)),
        2 => Some(None),
        _ => None,
    }
}

fn flag(b: u8) -> Option<bool> {
    match b {
        0 => Some(false),
        1 => Some(true),
        _ => None,
    }
}

fn loc(i: u16) -> Option<Location> {
    (i < LOCATIONS).then_some(Location(i as u8))
}

fn ref_unit(u: &ordo_unit) -> Option<Unit> {
    (u.power < POWERS).then_some(())?;
    Some(Unit {
        kind: kind_of(u.kind)??,
        power: Power(u.power),
        location: loc(u.location)?,
    })
}

fn ref_order(o: &ordo_order) -> Option<(Power, Order)> {
    (o.power < POWERS).then_some(())?;
    let action = match o.kind {
        0 => Action::Hold,
        1 => Action::Move {
            to: loc(o.to)?,
            via_convoy: flag(o.via_convoy)?,
        },
        2 => Action::SupportHold {
            kind: kind_of(o.target_kind)?,
            unit: loc(o.unit)?,
        },
        3 => Action::SupportMove {
            kind: kind_of(o.target_kind)?,
            from: loc(o.unit)?,
            to: loc(o.to)?,
        },
        4 => Action::Convoy {
            from: loc(o.unit)?,
            to: loc(o.to)?,
        },
        _ => return None,
    };
    Some((
        Power(o.power),
        Order {
            kind: kind_of(o.unit_kind)?,
            location: loc(o.location)?,
            action,
        },
    ))
}

fn ref_rules(r: &ordo_rules) -> Option<Rules> {
    Some(Rules {
        convoy_disruption: [ConvoyDisruption::AllRoutes, ConvoyDisruption::AnyRoute]
            .get(usize::from(r.convoy_disruption))
            .copied()?,
        paradox: [
            ParadoxRule::Szykman,
            ParadoxRule::AllHold,
            ParadoxRule::Rule1982,
            ParadoxRule::Rule1971,
            ParadoxRule::Rule2000,
        ]
        .get(usize::from(r.paradox))
        .copied()?,
        adjacent_convoy: [
            AdjacentConvoy::Rulebook2023,
            AdjacentConvoy::Explicit,
            AdjacentConvoy::LandFallback,
            AdjacentConvoy::Rulebook1971,
        ]
        .get(usize::from(r.adjacent_convoy))
        .copied()?,
        convoyed_attack_cuts_support_on_itself: flag(r.convoyed_attack_cuts_support_on_itself)?,
        dislodged_never_prevents_attacker_area: flag(r.dislodged_never_prevents_attacker_area)?,
        omitted_coast_illegal: flag(r.omitted_coast_illegal)?,
        impossible_coast_ignored: flag(r.impossible_coast_ignored)?,
        irrelevant_coast_illegal: flag(r.irrelevant_coast_illegal)?,
        support_coast: [
            SupportCoast::OmittedMatchesAny,
            SupportCoast::OmittedOwnOnly,
            SupportCoast::Required,
        ]
        .get(usize::from(r.support_coast))
        .copied()?,
        wrong_unit_coast_illegal: flag(r.wrong_unit_coast_illegal)?,
        multiple_orders: [
            MultipleOrders::Hold,
            MultipleOrders::First,
            MultipleOrders::Last,
        ]
        .get(usize::from(r.multiple_orders))
        .copied()?,
    })
}

fn run(u: &mut Unstructured<'_>) -> arbitrary::Result<()> {
    let unit_count = usize::from(u.arbitrary::<u8>()? % 68);
    let order_count = usize::from(u.arbitrary::<u8>()? % 132);
    let mut units = Vec::with_capacity(unit_count);
    for _ in 0..unit_count {
        units.push(ordo_unit {
            kind: enum_byte(u, 2),
            power: enum_byte(u, POWERS),
            location: index_u16(u, LOCATIONS),
        });
    }
    let mut orders = Vec::with_capacity(order_count);
    for _ in 0..order_count {
        orders.push(ordo_order {
            power: enum_byte(u, POWERS),
            kind: enum_byte(u, 5),
            unit_kind: enum_byte(u, 3),
            target_kind: enum_byte(u, 3),
            via_convoy: enum_byte(u, 2),
            location: index_u16(u, LOCATIONS),
            unit: index_u16(u, LOCATIONS),
            to: index_u16(u, LOCATIONS),
        });
    }
    let rules = if u.arbitrary::<bool>()? {
        Some(ordo_rules {
            convoy_disruption: enum_byte(u, 2),
            paradox: enum_byte(u, 5),
            adjacent_convoy: enum_byte(u, 4),
            convoyed_attack_cuts_support_on_itself: enum_byte(u, 2),
            dislodged_never_prevents_attacker_area: enum_byte(u, 2),
            omitted_coast_illegal: enum_byte(u, 2),
            impossible_coast_ignored: enum_byte(u, 2),
            irrelevant_coast_illegal: enum_byte(u, 2),
            support_coast: enum_byte(u, 3),
            wrong_unit_coast_illegal: enum_byte(u, 2),
            multiple_orders: enum_byte(u, 3),
        })
    } else {
        None
    };
    let order_results_len = length_near(u, order_count);
    let unit_results_len = length_near(u, unit_count);
    let contested_len = usize::from(u.arbitrary::<u8>()? % 80);
    let workspace_shape = u.arbitrary::<u8>()? % 16;
    let null_contested_count = u.arbitrary::<u8>()? == 0xFF;

    let result_sentinel = ordo_order_result {
        outcome: ordo::ffi::adjudicate::ordo_outcome::ORDO_OUTCOME_ILLEGAL,
        fail: ordo::ffi::adjudicate::ordo_fail_reason::ORDO_FAIL_VOID,
        illegal: ordo::ffi::adjudicate::ordo_illegal_reason::ORDO_ILLEGAL_NO_UNIT,
    };
    let unit_sentinel = ordo_unit_result {
        order: 0xABAB,
        moved_to: 0xABAB,
        dislodged: 0xAB,
        dislodged_via_convoy: 0xAB,
        dislodged_by: 0xABAB,
        dislodged_from: 0xABAB,
    };
    let mut order_results = vec![result_sentinel; order_results_len];
    let mut unit_results = vec![unit_sentinel; unit_results_len];
    let mut contested = vec![0xABABu16; contested_len];
    let mut contested_count = usize::MAX;
    let mut workspace = vec![0u64; ORDO_ADJUDICATE_WORKSPACE_BYTES / 8 + 1];
    let (workspace_ptr, workspace_len) = match workspace_shape {
        0 => (
            workspace.as_mut_ptr().cast::<u8>().wrapping_add(4),
            ORDO_ADJUDICATE_WORKSPACE_BYTES,
        ),
        1 => (
            workspace.as_mut_ptr().cast::<u8>(),
            ORDO_ADJUDICATE_WORKSPACE_BYTES - 1,
        ),
        2 => (core::ptr::null_mut(), 0),
        _ => (
            workspace.as_mut_ptr().cast::<u8>(),
            ORDO_ADJUDICATE_WORKSPACE_BYTES,
        ),
    };
    // SAFETY: every array holds its length of elements; the outputs are
    // distinct allocations; the workspace pointer lies within its buffer
    // with at least `workspace_len` bytes after it.
    let status = unsafe {
        ordo_adjudicate(
            ordo_map_standard(),
            units.as_ptr(),
            units.len(),
            orders.as_ptr(),
            orders.len(),
            rules.as_ref().map_or(core::ptr::null(), |r| r),
            workspace_ptr.cast(),
            workspace_len,
            order_results.as_mut_ptr(),
            order_results.len(),
            unit_results.as_mut_ptr(),
            unit_results.len(),
            contested.as_mut_ptr(),
            contested.len(),
            if null_contested_count {
                core::ptr::null_mut()
            } else {
                &mut contested_count
            },
        )
    };

    // The reference: decode, then the safe API.
    let decoded_units: Option<Vec<Unit>> = units.iter().map(ref_unit).collect();
    let decoded_orders: Option<Vec<(Power, Order)>> = orders.iter().map(ref_order).collect();
    let decoded_rules = match &rules {
        Some(r) => ref_rules(r),
        None => Some(Rules::default()),
    };
    let buffers_ok = order_results_len >= order_count
        && unit_results_len >= unit_count
        && workspace_shape > 2
        && !null_contested_count;
    let reference = match (decoded_units, decoded_orders, decoded_rules) {
        (Some(us), Some(os), Some(rules)) if unit_count <= 64 && order_count <= 128 => {
            adjudicate(standard(), &us, &os, &rules).ok()
        }
        _ => None,
    };

    if status != ordo_status::ORDO_OK {
        assert!(
            order_results.iter().all(|r| *r == result_sentinel),
            "{status:?}: results written"
        );
        assert!(
            unit_results.iter().all(|r| *r == unit_sentinel),
            "{status:?}: units written"
        );
        assert!(
            contested.iter().all(|&c| c == 0xABAB),
            "{status:?}: contested written"
        );
        assert_eq!(contested_count, usize::MAX, "{status:?}: count written");
        if let Some(resolution) = &reference {
            let needed = resolution.contested().iter().count();
            assert!(
                !buffers_ok || needed > contested_len,
                "refused ({status:?}) an input the safe API accepts"
            );
        }
        return Ok(());
    }
    let resolution = reference.expect("C accepted an input the reference refuses");
    assert!(buffers_ok);
    let none = ORDO_ADJUDICATE_NONE;
    for (c, outcome) in order_results.iter().zip(resolution.outcomes()) {
        use ordo::adjudicate::Outcome;
        let class = match outcome {
            Outcome::Succeeds => 0,
            Outcome::Fails(_) => 1,
            Outcome::Illegal(_) => 2,
        };
        assert_eq!(c.outcome as u8, class);
        // The reason, compared through its text: C fields -> text == core reason.
        let mut buf = [0 as core::ffi::c_char; 80];
        let mut len = 0usize;
        // SAFETY: `buf` and `len` are writable locals.
        let status = unsafe {
            ordo::ffi::adjudicate::ordo_result_text(
                c.outcome as u8,
                c.fail as u8,
                c.illegal as u8,
                buf.as_mut_ptr(),
                buf.len(),
                &mut len,
            )
        };
        assert_eq!(status, ordo_status::ORDO_OK);
        let text: Vec<u8> = buf[..len].iter().map(|&b| b as u8).collect();
        assert_eq!(
            String::from_utf8(text).unwrap(),
            outcome.reason().to_string()
        );
    }
    assert!(
        order_results[order_count..]
            .iter()
            .all(|r| *r == result_sentinel)
    );
    for (c, r) in unit_results.iter().zip(resolution.units()) {
        let expected = ordo_unit_result {
            order: r.order.map_or(none, u16::from),
            moved_to: r.moved_to.map_or(none, |l| l.0.into()),
            dislodged: r.dislodged.is_some().into(),
            dislodged_via_convoy: r.dislodged.is_some_and(|d| d.via_convoy).into(),
            dislodged_by: r.dislodged.map_or(none, |d| d.attacker.into()),
            dislodged_from: r.dislodged.map_or(none, |d| d.from.0.into()),
        };
        assert_eq!(*c, expected);
    }
    assert!(
        unit_results[unit_count..]
            .iter()
            .all(|r| *r == unit_sentinel)
    );
    let expected: Vec<u16> = resolution.contested().iter().map(|p| p as u16).collect();
    assert_eq!(contested_count, expected.len());
    assert_eq!(contested[..expected.len()], expected[..]);
    assert!(contested[expected.len()..].iter().all(|&c| c == 0xABAB));
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
