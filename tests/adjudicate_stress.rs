//! A deterministic stress test aimed at convoys and paradoxes: dense random
//! positions around the English Channel, the North Sea and Iberia (many
//! fleets at sea, armies moving by convoy, supports of neighbouring units'
//! orders, attacks on convoying fleets), under DATC's preferred rules and the
//! alternatives. Checked: no two units end in one province; every dislodged
//! unit's recorded attacker moved into its province; the results do not
//! depend on the order in which units and orders are given.

use ordo::adjudicate::{
    Action, AdjacentConvoy, ConvoyDisruption, FailReason, Location, Order, Outcome, ParadoxRule,
    Power, ProvinceKind, Rules, Unit, UnitKind, Workspace, format_order, standard,
};

#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

const REGION: [&str; 22] = [
    "Lon", "Wal", "Yor", "Edi", "Lvp", "Cly", "Nth", "Eng", "Iri", "Nao", "Nwg", "Ska", "Hel",
    "Bel", "Hol", "Pic", "Bre", "Mao", "Den", "Nwy", "Gas", "Spa",
];

const LANDINGS: [&str; 21] = [
    "Lon", "Wal", "Yor", "Edi", "Lvp", "Cly", "Bel", "Hol", "Pic", "Bre", "Gas", "Den", "Nwy",
    "Kie", "Swe", "Por", "Spa", "Naf", "Mar", "Stp", "Fin",
];

fn position(seed: u64) -> (Vec<Unit>, Vec<(Power, Order)>) {
    let map = standard();
    let mut rng = Rng::new(seed);
    let count = 6 + rng.below(16);
    let powers = 1 + rng.below(4);
    let mut units: Vec<Unit> = Vec::new();
    let mut used = [false; 256];
    for _ in 0..200 {
        if units.len() == count {
            break;
        }
        let province = map
            .location_by_name(REGION[rng.below(REGION.len())])
            .unwrap();
        if used[province.index()] {
            continue;
        }
        let coasts: Vec<usize> = map.coasts(province).iter().collect();
        let (kind, location) = match map.kind(province) {
            ProvinceKind::Sea => (UnitKind::Fleet, province),
            ProvinceKind::Inland => (UnitKind::Army, province),
            ProvinceKind::Coastal if rng.below(2) == 0 => (UnitKind::Army, province),
            ProvinceKind::Coastal if coasts.is_empty() => (UnitKind::Fleet, province),
            ProvinceKind::Coastal => (
                UnitKind::Fleet,
                Location(coasts[rng.below(coasts.len())] as u8),
            ),
        };
        used[province.index()] = true;
        units.push(Unit {
            kind,
            power: Power(rng.below(powers) as u8),
            location,
        });
    }
    let neighbours = |u: &Unit| -> Vec<Location> {
        let set = match u.kind {
            UnitKind::Army => map.army_neighbours(u.location),
            UnitKind::Fleet => map.fleet_neighbours(u.location),
        };
        set.iter().map(|i| Location(i as u8)).collect()
    };
    let reaches = |u: &Unit, target: Location| {
        map.province_of(target) != map.province_of(u.location)
            && match u.kind {
                UnitKind::Army => map.army_border(u.location, target),
                UnitKind::Fleet => {
                    map.kind(target) != ProvinceKind::Inland
                        && map.fleet_reaches_province(u.location, target)
                }
            }
    };
    let mut plan: Vec<Option<Location>> = vec![None; units.len()];
    for (i, u) in units.iter().enumerate() {
        match rng.below(10) {
            0..=3 => {
                let around = neighbours(u);
                if !around.is_empty() {
                    plan[i] = Some(around[rng.below(around.len())]);
                }
            }
            4 | 5 if u.kind == UnitKind::Army && map.kind(u.location) == ProvinceKind::Coastal => {
                let to = map
                    .location_by_name(LANDINGS[rng.below(LANDINGS.len())])
                    .unwrap();
                if to != u.location {
                    plan[i] = Some(to);
                }
            }
            _ => {}
        }
    }
    let mut orders = Vec::new();
    for (i, u) in units.iter().enumerate() {
        let action = if let Some(to) = plan[i] {
            Action::Move {
                to,
                via_convoy: rng.below(4) == 0,
            }
        } else {
            let at_sea = u.kind == UnitKind::Fleet && map.kind(u.location) == ProvinceKind::Sea;
            let armies: Vec<usize> = (0..units.len())
                .filter(|&k| at_sea && units[k].kind == UnitKind::Army && plan[k].is_some())
                .collect();
            let helped: Vec<usize> = (0..units.len())
                .filter(|&k| k != i && reaches(u, plan[k].unwrap_or(units[k].location)))
                .collect();
            if !armies.is_empty() && rng.below(2) == 0 {
                let k = armies[rng.below(armies.len())];
                Action::Convoy {
                    from: units[k].location,
                    to: plan[k].unwrap(),
                }
            } else if !helped.is_empty() && rng.below(5) != 0 {
                let k = helped[rng.below(helped.len())];
                match plan[k] {
                    Some(to) => Action::SupportMove {
                        kind: None,
                        from: units[k].location,
                        to,
                    },
                    None => Action::SupportHold {
                        kind: None,
                        unit: units[k].location,
                    },
                }
            } else {
                Action::Hold
            }
        };
        orders.push((
            u.power,
            Order {
                kind: Some(u.kind),
                location: u.location,
                action,
            },
        ));
    }
    // Make convoy paradoxes likely: the unit at a convoy's landing supports
    // an attack on the convoying fleet.
    for f in 0..units.len() {
        let Action::Convoy { to, .. } = orders[f].1.action else {
            continue;
        };
        let sea = units[f].location;
        let at_landing = units
            .iter()
            .position(|u| map.province_of(u.location) == map.province_of(to));
        let attacker =
            (0..units.len()).find(|&y| y != f && Some(y) != at_landing && reaches(&units[y], sea));
        if let (Some(x), Some(y)) = (at_landing, attacker)
            && reaches(&units[x], sea)
        {
            orders[y].1.action = Action::Move {
                to: sea,
                via_convoy: false,
            };
            orders[x].1.action = Action::SupportMove {
                kind: None,
                from: units[y].location,
                to: sea,
            };
        }
    }
    (units, orders)
}

fn rules(choice: u64) -> Rules {
    let mut rules = Rules::default();
    match choice % 7 {
        1 => {
            rules.convoy_disruption = ConvoyDisruption::AnyRoute;
            rules.paradox = ParadoxRule::Rule1971;
            rules.adjacent_convoy = AdjacentConvoy::Rulebook1971;
        }
        2 => rules.paradox = ParadoxRule::Rule1982,
        3 => rules.paradox = ParadoxRule::Rule2000,
        4 => rules.paradox = ParadoxRule::AllHold,
        5 => rules.adjacent_convoy = AdjacentConvoy::LandFallback,
        6 => {
            rules.adjacent_convoy = AdjacentConvoy::Explicit;
            rules.dislodged_never_prevents_attacker_area = true;
            rules.convoyed_attack_cuts_support_on_itself = true;
        }
        _ => {}
    }
    rules
}

#[test]
fn dense_convoy_positions_are_consistent_and_order_independent() {
    let map = standard();
    let (mut first, mut second) = (Box::new(Workspace::new()), Box::new(Workspace::new()));
    let mut paradoxes = 0;
    for seed in 0..10_000u64 {
        let (units, orders) = position(seed);
        let rules = rules(seed);
        let a = first.adjudicate(map, &units, &orders, &rules).unwrap();
        let describe = || {
            let lines: Vec<String> = orders
                .iter()
                .map(|(p, o)| format!("{} {}", p.0, format_order(map, o)))
                .collect();
            format!("seed {seed}, {rules:?}\n{}", lines.join("\n"))
        };
        paradoxes += a
            .outcomes()
            .iter()
            .filter(|o| **o == Outcome::Fails(FailReason::Paradox))
            .count();
        let mut end = [usize::MAX; 256];
        for (i, (unit, result)) in units.iter().zip(a.units()).enumerate() {
            if let Some(d) = result.dislodged {
                let attacker = a.units()[d.attacker as usize];
                assert_eq!(
                    attacker.moved_to.map(|l| map.province_of(l)),
                    Some(map.province_of(unit.location)),
                    "{}",
                    describe()
                );
                assert_eq!(
                    units[d.attacker as usize].location,
                    d.from,
                    "{}",
                    describe()
                );
                continue;
            }
            let province = map
                .province_of(result.moved_to.unwrap_or(unit.location))
                .index();
            assert_eq!(
                end[province],
                usize::MAX,
                "two units end in one province\n{}",
                describe()
            );
            end[province] = i;
        }
        let mut permutation: Vec<usize> = (0..units.len()).collect();
        let mut rng = Rng::new(!seed);
        for k in (1..permutation.len()).rev() {
            permutation.swap(k, rng.below(k + 1));
        }
        let units2: Vec<Unit> = permutation.iter().map(|&i| units[i]).collect();
        let orders2: Vec<(Power, Order)> = permutation.iter().map(|&i| orders[i]).collect();
        let b = second.adjudicate(map, &units2, &orders2, &rules).unwrap();
        for (k, &i) in permutation.iter().enumerate() {
            assert_eq!(
                b.outcomes()[k],
                a.outcomes()[i],
                "order {i}\n{}",
                describe()
            );
            assert_eq!(
                b.units()[k].moved_to,
                a.units()[i].moved_to,
                "unit {i}\n{}",
                describe()
            );
        }
        assert_eq!(a.contested(), b.contested(), "{}", describe());
    }
    assert!(
        paradoxes > 0,
        "the positions should include convoy paradoxes"
    );
}
