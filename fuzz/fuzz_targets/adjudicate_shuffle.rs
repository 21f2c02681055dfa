//! Adjudication invariants on random positions of the standard map: units
//! placed where they may stand, orders mostly to neighbours (holds, moves,
//! convoyed moves, supports of real units, convoys), some for foreign or
//! missing units, some units with two orders or none, random rule options.
//!
//! Checks: `adjudicate` accepts every such position; the result does not
//! depend on the order of the unit list nor of the order list: shuffling
//! both gives the same outcome per order, the same result per unit (with
//! order and attacker indices renumbered) and the same contested provinces.
//! (With `MultipleOrders::First`/`Last` the order of a unit's orders is
//! meaningful, so the target keeps `MultipleOrders::Hold`.)
#![no_main]

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use ordo::adjudicate::{
    Action, AdjacentConvoy, ConvoyDisruption, Location, Map, MultipleOrders, Order, ParadoxRule,
    Power, ProvinceKind, Rules, SupportCoast, Unit, UnitKind, UnitResult, adjudicate, standard,
};

fn pick(
    u: &mut Unstructured<'_>,
    set: impl Iterator<Item = usize>,
) -> arbitrary::Result<Option<Location>> {
    let all: Vec<usize> = set.collect();
    if all.is_empty() {
        return Ok(None);
    }
    let i = usize::from(u.arbitrary::<u8>()?) % all.len();
    Ok(Some(Location(all[i] as u8)))
}

fn neighbour(u: &mut Unstructured<'_>, map: &Map<'_>, unit: &Unit) -> arbitrary::Result<Location> {
    let set = match unit.kind {
        UnitKind::Army => map.army_neighbours(unit.location),
        UnitKind::Fleet => map.fleet_neighbours(unit.location),
    };
    Ok(match pick(u, set.iter())? {
        Some(l) => l,
        None => Location(u.arbitrary::<u8>()? % 81),
    })
}

fn position(u: &mut Unstructured<'_>, map: &Map<'_>) -> arbitrary::Result<Vec<Unit>> {
    let wanted = usize::from(u.arbitrary::<u8>()? % 40);
    let mut units: Vec<Unit> = Vec::new();
    for _ in 0..wanted {
        let mut location = Location(u.arbitrary::<u8>()? % 81);
        let province = map.province_of(location);
        if units
            .iter()
            .any(|other| map.province_of(other.location) == province)
        {
            continue;
        }
        let kind = match map.kind(location) {
            ProvinceKind::Sea => UnitKind::Fleet,
            ProvinceKind::Inland => UnitKind::Army,
            ProvinceKind::Coastal if map.coast_of(location).is_some() => UnitKind::Fleet,
            ProvinceKind::Coastal if map.has_coasts(location) => UnitKind::Army,
            ProvinceKind::Coastal => {
                if u.arbitrary()? {
                    UnitKind::Army
                } else {
                    UnitKind::Fleet
                }
            }
        };
        if kind == UnitKind::Army {
            location = province;
        }
        units.push(Unit {
            kind,
            power: Power(u.arbitrary::<u8>()? % 7),
            location,
        });
    }
    Ok(units)
}

fn orders(
    u: &mut Unstructured<'_>,
    map: &Map<'_>,
    units: &[Unit],
) -> arbitrary::Result<Vec<(Power, Order)>> {
    let mut orders = Vec::new();
    for unit in units {
        let count = match u.arbitrary::<u8>()? % 16 {
            0 => 0,
            1 => 2,
            _ => 1,
        };
        for _ in 0..count {
            let action = match u.arbitrary::<u8>()? % 10 {
                0 => Action::Hold,
                1..=4 => Action::Move {
                    to: neighbour(u, map, unit)?,
                    via_convoy: false,
                },
                5 => Action::Move {
                    to: Location(u.arbitrary::<u8>()? % 81),
                    via_convoy: u.arbitrary()?,
                },
                6 => {
                    let other = &units[usize::from(u.arbitrary::<u8>()?) % units.len()];
                    Action::SupportHold {
                        kind: if u.arbitrary()? {
                            Some(other.kind)
                        } else {
                            None
                        },
                        unit: other.location,
                    }
                }
                7 | 8 => {
                    let other = &units[usize::from(u.arbitrary::<u8>()?) % units.len()];
                    Action::SupportMove {
                        kind: if u.arbitrary()? {
                            Some(other.kind)
                        } else {
                            None
                        },
                        from: other.location,
                        to: neighbour(u, map, other)?,
                    }
                }
                _ => {
                    let other = &units[usize::from(u.arbitrary::<u8>()?) % units.len()];
                    Action::Convoy {
                        from: other.location,
                        to: Location(u.arbitrary::<u8>()? % 81),
                    }
                }
            };
            let power = if u.arbitrary::<u8>()? < 8 {
                Power(u.arbitrary::<u8>()? % 7)
            } else {
                unit.power
            };
            let kind = match u.arbitrary::<u8>()? % 8 {
                0 => None,
                _ => Some(unit.kind),
            };
            orders.push((
                power,
                Order {
                    kind,
                    location: unit.location,
                    action,
                },
            ));
        }
    }
    // A few orders for units that may not exist.
    for _ in 0..u.arbitrary::<u8>()? % 3 {
        let location = Location(u.arbitrary::<u8>()? % 81);
        let to = Location(u.arbitrary::<u8>()? % 81);
        orders.push((
            Power(u.arbitrary::<u8>()? % 7),
            Order {
                kind: Some(UnitKind::Army),
                location,
                action: Action::Move {
                    to,
                    via_convoy: false,
                },
            },
        ));
    }
    Ok(orders)
}

fn rules(u: &mut Unstructured<'_>) -> arbitrary::Result<Rules> {
    Ok(Rules {
        convoy_disruption: *u.choose(&[ConvoyDisruption::AllRoutes, ConvoyDisruption::AnyRoute])?,
        paradox: *u.choose(&[
            ParadoxRule::Szykman,
            ParadoxRule::AllHold,
            ParadoxRule::Rule1982,
            ParadoxRule::Rule1971,
            ParadoxRule::Rule2000,
        ])?,
        adjacent_convoy: *u.choose(&[
            AdjacentConvoy::Rulebook2023,
            AdjacentConvoy::Explicit,
            AdjacentConvoy::LandFallback,
            AdjacentConvoy::Rulebook1971,
        ])?,
        convoyed_attack_cuts_support_on_itself: u.arbitrary()?,
        dislodged_never_prevents_attacker_area: u.arbitrary()?,
        omitted_coast_illegal: u.arbitrary()?,
        impossible_coast_ignored: u.arbitrary()?,
        irrelevant_coast_illegal: u.arbitrary()?,
        support_coast: *u.choose(&[
            SupportCoast::OmittedMatchesAny,
            SupportCoast::OmittedOwnOnly,
            SupportCoast::Required,
        ])?,
        wrong_unit_coast_illegal: u.arbitrary()?,
        multiple_orders: MultipleOrders::Hold,
    })
}

/// A permutation of `0..n` from the input (Fisher-Yates).
fn permutation(u: &mut Unstructured<'_>, n: usize) -> Vec<usize> {
    let mut p: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        let j = usize::from(u.arbitrary::<u16>().unwrap_or(0)) % (i + 1);
        p.swap(i, j);
    }
    p
}

fn inverse(p: &[usize]) -> Vec<usize> {
    let mut inv = vec![0; p.len()];
    for (new, &old) in p.iter().enumerate() {
        inv[old] = new;
    }
    inv
}

fn run(u: &mut Unstructured<'_>) -> arbitrary::Result<()> {
    let map = standard();
    let units = position(u, map)?;
    if units.is_empty() {
        return Ok(());
    }
    let orders = orders(u, map, &units)?;
    let rules = rules(u)?;
    let first = adjudicate(map, &units, &orders, &rules).expect("a valid position");

    let p = permutation(u, units.len());
    let q = permutation(u, orders.len());
    let units2: Vec<Unit> = p.iter().map(|&i| units[i]).collect();
    let orders2: Vec<(Power, Order)> = q.iter().map(|&i| orders[i]).collect();
    let second = adjudicate(map, &units2, &orders2, &rules).expect("a valid position");
    let p_inv = inverse(&p);

    for (new, &old) in q.iter().enumerate() {
        assert_eq!(
            second.outcomes()[new],
            first.outcomes()[old],
            "order {old} {:?} of {units:?} / {orders:?} under {rules:?}",
            orders[old]
        );
    }
    for (new, &old) in p.iter().enumerate() {
        let r = first.units()[old];
        let expected = UnitResult {
            // Identical orders for one unit count as one, reported by the
            // first of them in input order: compared below by content.
            order: None,
            moved_to: r.moved_to,
            dislodged: r.dislodged.map(|mut d| {
                d.attacker = p_inv[usize::from(d.attacker)] as u8;
                d
            }),
        };
        let got = second.units()[new];
        let context = || format!("unit {old} of {units:?} / {orders:?} under {rules:?}");
        assert_eq!(UnitResult { order: None, ..got }, expected, "{}", context());
        // Orders that say the same are one order (DATC 4.D.3), and the one
        // reported is the first of them in input order: compare what they
        // order. They may differ in how the ordered unit is written (unit type
        // omitted, `Par H` for `A Par H`; a coast for an army, `A Bul(ec)`),
        // in the unit type a support names, and in how a move's coast is
        // written (`F Gas - Spa` and `F Gas - Spa(nc)`).
        let meaning = |action: Action| match action {
            Action::Hold => Action::Hold,
            Action::Move { to, via_convoy } => Action::Move {
                to: map.province_of(to),
                via_convoy,
            },
            Action::SupportHold { unit, .. } => Action::SupportHold {
                kind: None,
                unit: map.province_of(unit),
            },
            Action::SupportMove { from, to, .. } => Action::SupportMove {
                kind: None,
                from: map.province_of(from),
                to,
            },
            Action::Convoy { from, to } => Action::Convoy {
                from: map.province_of(from),
                to: map.province_of(to),
            },
        };
        let gist = |(power, order): (Power, Order)| {
            (
                power,
                map.province_of(order.location),
                meaning(order.action),
            )
        };
        assert_eq!(
            got.order.map(|o| gist(orders2[usize::from(o)])),
            r.order.map(|o| gist(orders[usize::from(o)])),
            "{}",
            context()
        );
    }
    assert!(first.contested().iter().eq(second.contested().iter()));
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
