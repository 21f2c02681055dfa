//! Property tests of the adjudicator on random positions of the standard map.
//!
//! Positions of up to 60 units: distinct provinces (spread over the board or clustered around
//! one province, so units meet), random owners among a few powers, one order per unit: holds,
//! moves to neighbours, supports of neighbouring units' orders (matching or not), and, in the
//! general positions, convoys along chains of fleets, moves that need a convoy (some "via
//! convoy"), and now and then an order to a foreign unit or a support that matches nothing.
//!
//! Properties (general positions; DATC's preferred rules, or any combination of the rule
//! options of DATC section 4):
//! - no two units end in one province (a dislodged unit has not moved and its attacker has);
//! - every dislodged unit has a successful attacker of another power that moved into its
//!   province from the location recorded;
//! - results do not depend on the order in which units and orders are given (shuffle);
//! - adjudication is deterministic, with a fresh or a reused workspace;
//! - after random movement phases, retreats keep one unit per province and succeed only to
//!   offered destinations; adjustments leave a power with removals due exactly one unit per
//!   centre, and build only in empty, owned home centres; civil disorder removes exactly the
//!   units a naive reference (Floyd-Warshall distances, then a sort) picks.
//!
//! Positions of up to 16 units are also compared with a naive reference written here: the
//! equations of DATC 5.B (with PATH over chains of convoying fleets and the 2023 rule for
//! convoys to adjacent provinces) evaluated for every assignment of success or failure to the
//! moves, keeping the consistent ones. One solution: it must be ordo's (every move, support,
//! hold and dislodgement, and the contested provinces). Several without a convoy
//! (circular movement): every move of the cycles succeeds, the union. Otherwise a paradox, which
//! the reference leaves alone. The reference takes ordo's legality verdicts as given (an illegal
//! order is a hold); convoy-free positions of legal orders must have none.

use ordo::adjudicate::{
    Action, AdjacentConvoy, ConvoyDisruption, Location, Map, MultipleOrders, Order, Outcome,
    ParadoxRule, Power, ProvinceKind, Resolution, Rules, SupportCoast, Unit, UnitKind, Workspace,
    adjudicate, format_order, standard,
};
use proptest::prelude::*;

#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

#[derive(Clone, Debug)]
struct Position {
    units: Vec<Unit>,
    orders: Vec<(Power, Order)>,
}

fn province(map: &Map<'_>, location: Location) -> usize {
    map.province_of(location).index()
}

fn locations(set: &ordo::adjudicate::LocationSet) -> Vec<Location> {
    set.iter().map(|i| Location(i as u8)).collect()
}

/// Where the unit can move without a convoy (fleets: exact coast locations).
fn neighbours(map: &Map<'_>, unit: &Unit) -> Vec<Location> {
    match unit.kind {
        UnitKind::Army => locations(map.army_neighbours(unit.location)),
        UnitKind::Fleet => locations(map.fleet_neighbours(unit.location)),
    }
}

/// Whether the unit could move into the province of `target` (what a support needs).
fn reaches(map: &Map<'_>, unit: &Unit, target: Location) -> bool {
    match unit.kind {
        UnitKind::Army => {
            map.kind(target) != ProvinceKind::Sea && map.army_border(unit.location, target)
        }
        UnitKind::Fleet => map.fleet_reaches_province(unit.location, target),
    }
}

/// Picks `count` distinct provinces: uniformly, or the `count` nearest to a random province.
fn pick_provinces(map: &Map<'_>, rng: &mut Rng, count: usize) -> Vec<usize> {
    let n = map.province_count();
    if rng.chance(25) {
        let mut all: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut all);
        all.truncate(count);
        return all;
    }
    let mut order = vec![rng.below(n)];
    let mut seen = vec![false; n];
    seen[order[0]] = true;
    let mut next = 0;
    while order.len() < count && next < order.len() {
        let here = Location(order[next] as u8);
        next += 1;
        let mut around: Vec<usize> = locations(map.army_neighbours(here))
            .into_iter()
            .chain(locations(map.fleet_neighbours(here)))
            .chain(
                locations(map.coasts(here))
                    .into_iter()
                    .flat_map(|c| locations(map.fleet_neighbours(c))),
            )
            .map(|l| province(map, l))
            .collect();
        rng.shuffle(&mut around);
        for p in around {
            if !seen[p] && order.len() < count {
                seen[p] = true;
                order.push(p);
            }
        }
    }
    order
}

fn random_units(map: &Map<'_>, rng: &mut Rng, count: usize, powers: usize) -> Vec<Unit> {
    pick_provinces(map, rng, count)
        .into_iter()
        .map(|p| {
            let here = Location(p as u8);
            let kind = match map.kind(here) {
                ProvinceKind::Inland => UnitKind::Army,
                ProvinceKind::Sea => UnitKind::Fleet,
                ProvinceKind::Coastal => {
                    if rng.chance(50) {
                        UnitKind::Army
                    } else {
                        UnitKind::Fleet
                    }
                }
            };
            let coasts = locations(map.coasts(here));
            let location = match kind {
                UnitKind::Fleet if !coasts.is_empty() => rng.pick(&coasts).unwrap(),
                _ => here,
            };
            Unit {
                kind,
                power: Power(rng.below(powers) as u8),
                location,
            }
        })
        .collect()
}

/// How to generate orders.
#[derive(Clone, Copy)]
struct Style {
    /// Convoys, moves needing a convoy, foreign orders and supports matching nothing.
    wild: bool,
    /// Most moves (the rest hold), to keep the reference's enumeration small.
    max_moves: usize,
}

/// Seas next to a location where a fleet could convoy from (all coasts of a province count).
fn seas_next_to(map: &Map<'_>, location: Location) -> Vec<Location> {
    let here = map.province_of(location);
    let mut from = vec![here];
    from.extend(locations(map.coasts(here)));
    let mut seas: Vec<Location> = from
        .into_iter()
        .flat_map(|l| locations(map.fleet_neighbours(l)))
        .filter(|&l| map.kind(l) == ProvinceKind::Sea)
        .collect();
    seas.sort();
    seas.dedup();
    seas
}

fn random_orders(
    map: &Map<'_>,
    rng: &mut Rng,
    units: &[Unit],
    style: Style,
) -> Vec<(Power, Order)> {
    let coastal: Vec<Location> = (0..map.province_count())
        .map(|p| Location(p as u8))
        .filter(|&l| map.kind(l) == ProvinceKind::Coastal)
        .collect();
    let fleet_at = |sea: Location| {
        units
            .iter()
            .position(|u| u.kind == UnitKind::Fleet && u.location == sea)
    };
    let mut actions: Vec<Option<Action>> = vec![None; units.len()];
    let mut moves = 0;
    if style.wild {
        // Convoyed moves along chains of fleets, most of them with their convoy orders.
        for (i, unit) in units.iter().enumerate() {
            if unit.kind != UnitKind::Army
                || map.kind(unit.location) != ProvinceKind::Coastal
                || !rng.chance(30)
            {
                continue;
            }
            let mut chain = Vec::new();
            let mut here = unit.location;
            for _ in 0..1 + rng.below(3) {
                let next: Vec<usize> = seas_next_to(map, here)
                    .into_iter()
                    .filter_map(fleet_at)
                    .filter(|&f| actions[f].is_none() && !chain.contains(&f))
                    .collect();
                let Some(f) = rng.pick(&next) else { break };
                chain.push(f);
                here = units[f].location;
            }
            let Some(&last) = chain.last() else { continue };
            let landings: Vec<Location> = locations(map.fleet_neighbours(units[last].location))
                .into_iter()
                .map(|l| map.province_of(l))
                .filter(|&l| {
                    map.kind(l) == ProvinceKind::Coastal && l != map.province_of(unit.location)
                })
                .collect();
            let Some(to) = rng.pick(&landings) else {
                continue;
            };
            moves += 1;
            actions[i] = Some(Action::Move {
                to,
                via_convoy: rng.chance(30),
            });
            for f in chain {
                if rng.chance(85) {
                    actions[f] = Some(Action::Convoy {
                        from: unit.location,
                        to,
                    });
                }
            }
        }
    }
    // Then holds and moves; supports and convoys (None) refer to them afterwards.
    for (i, unit) in units.iter().enumerate() {
        if actions[i].is_some() {
            continue;
        }
        let roll = rng.below(100);
        let near = neighbours(map, unit);
        actions[i] = if roll < 20 || moves >= style.max_moves {
            Some(Action::Hold)
        } else if roll < 65 && !near.is_empty() {
            moves += 1;
            Some(Action::Move {
                to: rng.pick(&near).unwrap(),
                via_convoy: false,
            })
        } else if roll < 70
            && style.wild
            && unit.kind == UnitKind::Army
            && map.kind(unit.location) == ProvinceKind::Coastal
        {
            moves += 1;
            let to = rng.pick(&coastal).unwrap();
            Some(Action::Move {
                to,
                via_convoy: rng.chance(30),
            })
        } else {
            None
        };
    }
    let planned = actions.clone();
    for (i, unit) in units.iter().enumerate() {
        if actions[i].is_some() {
            continue;
        }
        if style.wild && rng.chance(5) {
            let from = rng
                .pick(&units.iter().map(|u| u.location).collect::<Vec<_>>())
                .unwrap();
            let to = rng.pick(&coastal).unwrap();
            actions[i] = Some(Action::SupportMove {
                kind: None,
                from,
                to,
            });
            continue;
        }
        if style.wild && map.kind(unit.location) == ProvinceKind::Sea && rng.chance(10) {
            // A convoy for any army's move (often not on its route: illegal, or unmatched).
            let armies: Vec<(Location, Location)> = units
                .iter()
                .zip(&planned)
                .filter(|(u, _)| u.kind == UnitKind::Army)
                .map(|(u, a)| match a {
                    Some(Action::Move { to, .. }) => (u.location, *to),
                    _ => (u.location, rng.pick(&coastal).unwrap()),
                })
                .collect();
            if let Some((from, to)) = rng.pick(&armies) {
                actions[i] = Some(Action::Convoy { from, to });
                continue;
            }
        }
        // Supports of neighbouring units: mostly of their move when it goes where this unit
        // reaches, else of their hold.
        let mut support_moves = Vec::new();
        let mut support_holds = Vec::new();
        for (j, other) in units.iter().enumerate() {
            if j == i {
                continue;
            }
            if let Some(Action::Move { to, .. }) = planned[j] {
                let possible = neighbours(map, other).contains(&to) || style.wild;
                if possible
                    && province(map, to) != province(map, unit.location)
                    && reaches(map, unit, to)
                {
                    let to = if rng.chance(50) {
                        map.province_of(to)
                    } else {
                        to
                    };
                    support_moves.push(Action::SupportMove {
                        kind: Some(other.kind),
                        from: other.location,
                        to,
                    });
                }
            }
            if reaches(map, unit, other.location) {
                support_holds.push(Action::SupportHold {
                    kind: Some(other.kind),
                    unit: other.location,
                });
            }
        }
        let support = if support_moves.is_empty() || (!support_holds.is_empty() && rng.chance(30)) {
            rng.pick(&support_holds)
        } else {
            rng.pick(&support_moves)
        };
        actions[i] = Some(support.unwrap_or(Action::Hold));
    }
    let mut orders: Vec<(Power, Order)> = units
        .iter()
        .zip(actions)
        .map(|(u, a)| {
            (
                u.power,
                Order {
                    kind: Some(u.kind),
                    location: u.location,
                    action: a.unwrap(),
                },
            )
        })
        .collect();
    if style.wild && rng.chance(20) && !units.is_empty() {
        let target = units[rng.below(units.len())];
        let foreign = Power(((target.power.0 as usize + 1 + rng.below(6)) % 7) as u8);
        orders.push((
            foreign,
            Order {
                kind: Some(target.kind),
                location: target.location,
                action: Action::Hold,
            },
        ));
    }
    orders
}

fn position(seed: u64, count: usize, powers: usize, style: Style) -> Position {
    let map = standard();
    let mut rng = Rng::new(seed);
    let units = random_units(map, &mut rng, count, powers);
    let orders = random_orders(map, &mut rng, &units, style);
    Position { units, orders }
}

fn describe(position: &Position) -> String {
    let map = standard();
    let mut text = String::new();
    for u in &position.units {
        text.push_str(&format!(
            "unit {:?} of power {} at {}{}\n",
            u.kind,
            u.power.0,
            map.abbreviation(u.location),
            map.coast_of(u.location)
                .map(|c| format!("({})", c.abbreviation()))
                .unwrap_or_default()
        ));
    }
    for (p, o) in &position.orders {
        text.push_str(&format!("power {}: {}\n", p.0, format_order(map, o)));
    }
    text
}

fn run(position: &Position) -> Resolution {
    run_with(position, &Rules::default())
}

fn run_with(position: &Position, rules: &Rules) -> Resolution {
    adjudicate(standard(), &position.units, &position.orders, rules)
        .unwrap_or_else(|e| panic!("adjudication refused {e:?}:\n{}", describe(position)))
}

/// Any combination of the rule options (DATC section 4); `multiple_orders` only when not
/// `order_free` (the first or the last of several orders depends on their order).
fn random_rules(rng: &mut Rng, order_free: bool) -> Rules {
    let mut rules = Rules::default();
    if rng.chance(40) {
        return rules;
    }
    rules.convoy_disruption = rng
        .pick(&[ConvoyDisruption::AllRoutes, ConvoyDisruption::AnyRoute])
        .unwrap();
    rules.paradox = rng
        .pick(&[
            ParadoxRule::Szykman,
            ParadoxRule::AllHold,
            ParadoxRule::Rule1971,
            ParadoxRule::Rule1982,
            ParadoxRule::Rule2000,
        ])
        .unwrap();
    rules.adjacent_convoy = rng
        .pick(&[
            AdjacentConvoy::Rulebook2023,
            AdjacentConvoy::Explicit,
            AdjacentConvoy::LandFallback,
            AdjacentConvoy::Rulebook1971,
        ])
        .unwrap();
    rules.convoyed_attack_cuts_support_on_itself = rng.chance(50);
    rules.dislodged_never_prevents_attacker_area = rng.chance(50);
    rules.omitted_coast_illegal = rng.chance(50);
    rules.impossible_coast_ignored = rng.chance(50);
    rules.irrelevant_coast_illegal = rng.chance(50);
    rules.wrong_unit_coast_illegal = rng.chance(50);
    rules.support_coast = rng
        .pick(&[
            SupportCoast::OmittedMatchesAny,
            SupportCoast::OmittedOwnOnly,
            SupportCoast::Required,
        ])
        .unwrap();
    if !order_free {
        rules.multiple_orders = rng
            .pick(&[
                MultipleOrders::Hold,
                MultipleOrders::First,
                MultipleOrders::Last,
            ])
            .unwrap();
    }
    rules
}

/// No two units end in one province; dislodged units stay and have a successful attacker.
fn check_invariants(position: &Position, result: &Resolution) -> Result<(), TestCaseError> {
    let map = standard();
    let units = &position.units;
    let unit_results = result.units();
    let outcomes = result.outcomes();
    prop_assert_eq!(unit_results.len(), units.len());
    prop_assert_eq!(outcomes.len(), position.orders.len());
    let mut occupied = vec![None; map.province_count()];
    for (i, (unit, r)) in units.iter().zip(unit_results).enumerate() {
        if let Some(to) = r.moved_to {
            let o = r.order.expect("a unit that moved followed an order") as usize;
            prop_assert_eq!(outcomes[o], Outcome::Succeeds);
            match position.orders[o].1.action {
                Action::Move { to: ordered, .. } => {
                    prop_assert_eq!(province(map, ordered), province(map, to))
                }
                other => prop_assert!(false, "unit {} moved on {:?}", i, other),
            }
            prop_assert!(r.dislodged.is_none(), "unit {} moved and was dislodged", i);
        }
        if let Some(o) = r.order {
            let o = o as usize;
            if matches!(position.orders[o].1.action, Action::Move { .. }) {
                prop_assert_eq!(
                    outcomes[o] == Outcome::Succeeds,
                    r.moved_to.is_some(),
                    "unit {}: move outcome {:?} but moved_to {:?}",
                    i,
                    outcomes[o],
                    r.moved_to
                );
            }
        }
        if let Some(d) = r.dislodged {
            let a = d.attacker as usize;
            prop_assert!(
                a < units.len() && a != i,
                "unit {} dislodged by unit {}",
                i,
                a
            );
            let attacker = &units[a];
            let arrived = unit_results[a].moved_to;
            prop_assert_eq!(
                arrived.map(|l| province(map, l)),
                Some(province(map, unit.location)),
                "unit {} dislodged by unit {}, which did not move into its province",
                i,
                a
            );
            prop_assert_ne!(
                attacker.power,
                unit.power,
                "unit {} dislodged by its own power",
                i
            );
            prop_assert_eq!(province(map, d.from), province(map, attacker.location));
            continue;
        }
        let end = province(map, r.moved_to.unwrap_or(unit.location));
        if let Some(other) = occupied[end] {
            prop_assert!(
                false,
                "units {} and {} both end in province {}",
                other,
                i,
                map.abbreviation(Location(end as u8))
            );
        }
        occupied[end] = Some(i);
    }
    Ok(())
}

fn same_resolution(a: &Resolution, b: &Resolution) -> bool {
    a.outcomes() == b.outcomes() && a.units() == b.units() && a.contested() == b.contested()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn no_two_units_in_one_province_and_dislodged_units_have_attackers(
        seed in any::<u64>(),
        count in 2usize..=60,
        powers in 1usize..=7,
    ) {
        let position = position(seed, count, powers, Style { wild: true, max_moves: usize::MAX });
        let rules = random_rules(&mut Rng::new(seed ^ 0x5EED), false);
        let result = run_with(&position, &rules);
        check_invariants(&position, &result)
            .map_err(|e| TestCaseError::fail(format!("{e}\n{rules:?}\n{}", describe(&position))))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    /// Units and orders given in another order: the same results, re-indexed.
    #[test]
    fn results_do_not_depend_on_the_order_of_units_and_orders(
        seed in any::<u64>(),
        shuffle_seed in any::<u64>(),
        count in 2usize..=60,
        powers in 1usize..=7,
    ) {
        let original = position(seed, count, powers, Style { wild: true, max_moves: usize::MAX });
        let mut rng = Rng::new(shuffle_seed);
        let mut unit_perm: Vec<usize> = (0..original.units.len()).collect();
        let mut order_perm: Vec<usize> = (0..original.orders.len()).collect();
        rng.shuffle(&mut unit_perm);
        rng.shuffle(&mut order_perm);
        let shuffled = Position {
            units: unit_perm.iter().map(|&i| original.units[i]).collect(),
            orders: order_perm.iter().map(|&i| original.orders[i]).collect(),
        };
        let rules = random_rules(&mut rng, true);
        let first = run_with(&original, &rules);
        let second = run_with(&shuffled, &rules);
        let context =
            || format!("{rules:?}\n{}\nshuffled:\n{}", describe(&original), describe(&shuffled));
        for (k, &o) in order_perm.iter().enumerate() {
            prop_assert_eq!(
                second.outcomes()[k], first.outcomes()[o], "order {}\n{}", o, context()
            );
        }
        for (j, &i) in unit_perm.iter().enumerate() {
            let (a, b) = (first.units()[i], second.units()[j]);
            prop_assert_eq!(a.moved_to, b.moved_to, "unit {}\n{}", i, context());
            prop_assert_eq!(
                a.order,
                b.order.map(|k| order_perm[k as usize] as u8),
                "unit {}\n{}", i, context()
            );
            prop_assert_eq!(
                a.dislodged.map(|d| {
                    let attacker = unit_perm.iter().position(|&x| x == d.attacker as usize);
                    (attacker, d.from, d.via_convoy)
                }),
                b.dislodged.map(|d| (Some(d.attacker as usize), d.from, d.via_convoy)),
                "unit {}\n{}", i, context()
            );
        }
        prop_assert_eq!(first.contested(), second.contested());
    }

    /// The same input gives the same output, with a fresh workspace or one that adjudicated
    /// another position before.
    #[test]
    fn adjudication_is_deterministic(
        seed in any::<u64>(),
        other_seed in any::<u64>(),
        count in 2usize..=60,
        powers in 1usize..=7,
    ) {
        let style = Style { wild: true, max_moves: usize::MAX };
        let position = position(seed, count, powers, style);
        let other = position_of_other_size(other_seed, style);
        let rules = random_rules(&mut Rng::new(seed ^ other_seed), false);
        let first = run_with(&position, &rules);
        let second = run_with(&position, &rules);
        prop_assert!(same_resolution(&first, &second), "{}", describe(&position));
        let map = standard();
        let mut workspace = Workspace::new();
        workspace.adjudicate(map, &other.units, &other.orders, &Rules::default()).unwrap();
        let reused = workspace
            .adjudicate(map, &position.units, &position.orders, &rules)
            .unwrap()
            .clone();
        prop_assert!(same_resolution(&first, &reused), "{}", describe(&position));
    }
}

fn position_of_other_size(seed: u64, style: Style) -> Position {
    let mut rng = Rng::new(seed);
    let count = 2 + rng.below(33);
    let powers = 1 + rng.below(7);
    position(rng.next(), count, powers, style)
}

// ---- The naive reference: DATC 5.B by enumeration ----

#[derive(Clone, Copy, Debug, PartialEq)]
enum Plan {
    Hold,
    Move { dest: usize, via_convoy: bool },
    SupportHold { target: Option<usize> },
    SupportMove { target: Option<usize>, dest: usize },
    Convoy { army: Option<usize>, dest: usize },
}

/// The reference's verdict, per unit.
struct Reference {
    /// The unit's move succeeded.
    moved: Vec<bool>,
    /// The unit's support was given (matching, not cut, not dislodged).
    support_given: Vec<bool>,
    /// The unit that dislodged it.
    dislodged_by: Vec<Option<usize>>,
    /// Per province: no unit moved in, yet a move with a PREVENT STRENGTH above zero was
    /// ordered there (ordo's documented meaning of a contested province).
    contested: Vec<bool>,
}

/// What the reference makes of a position, given the orders ordo followed and judged legal
/// (legality is DATC 4.E.1's business and tested by the DATC cases; an illegal order is a hold).
enum Verdict {
    /// The equations have exactly one solution, or only circular movement makes several.
    Solved(Reference),
    /// No solution or several with a convoy involved: a paradox, left to the Szykman rule.
    Paradox,
}

fn reference(position: &Position, result: &Resolution, rules: &Rules) -> Verdict {
    let map = standard();
    let units = &position.units;
    let n = units.len();
    let home: Vec<usize> = units.iter().map(|u| province(map, u.location)).collect();
    let home = &home;
    let unit_at = |p: usize| home.iter().position(|&h| h == p);
    let plans: Vec<Plan> = (0..n)
        .map(|u| {
            let Some(o) = result.units()[u].order else {
                return Plan::Hold;
            };
            let o = o as usize;
            if matches!(result.outcomes()[o], Outcome::Illegal(_)) {
                return Plan::Hold;
            }
            match position.orders[o].1.action {
                Action::Hold => Plan::Hold,
                Action::Move { to, via_convoy } => Plan::Move {
                    dest: province(map, to),
                    via_convoy,
                },
                Action::SupportHold { unit, .. } => Plan::SupportHold {
                    target: unit_at(province(map, unit)),
                },
                Action::SupportMove { from, to, .. } => Plan::SupportMove {
                    target: unit_at(province(map, from)),
                    dest: province(map, to),
                },
                Action::Convoy { from, to } => Plan::Convoy {
                    army: unit_at(province(map, from)),
                    dest: province(map, to),
                },
            }
        })
        .collect();
    let plans = &plans;
    let dest = |u: usize| match plans[u] {
        Plan::Move { dest, .. } => Some(dest),
        _ => None,
    };
    let convoys_for = |m: usize| {
        (0..n).filter(move |&f| match plans[f] {
            Plan::Convoy {
                army: Some(a),
                dest: d,
            } => a == m && dest(m) == Some(d),
            _ => false,
        })
    };
    // 2023 rulebook (DATC 4.A.3): an army goes by convoy when it cannot walk there, when its
    // order says "via convoy", or when a fleet of its own power is (legally) ordered to convoy it;
    // DPTG: only the first two.
    let own_fleet_shows_intent = rules.adjacent_convoy == AdjacentConvoy::Rulebook2023;
    let convoyed: Vec<bool> = (0..n)
        .map(|m| match plans[m] {
            Plan::Move { dest, via_convoy } => {
                units[m].kind == UnitKind::Army
                    && (!map.army_border(units[m].location, Location(dest as u8))
                        || via_convoy
                        || (own_fleet_shows_intent
                            && convoys_for(m).any(|f| units[f].power == units[m].power)))
            }
            _ => false,
        })
        .collect();
    let convoyed = &convoyed;
    let valid: Vec<bool> = (0..n)
        .map(|s| match plans[s] {
            Plan::SupportHold { target: Some(t) } => dest(t).is_none(),
            Plan::SupportMove {
                target: Some(t),
                dest: d,
            } => dest(t) == Some(d),
            _ => false,
        })
        .collect();
    let valid = &valid;
    let supported_area = |s: usize| match plans[s] {
        Plan::SupportHold { target: Some(t) } => Some(home[t]),
        Plan::SupportMove { dest, .. } => Some(dest),
        _ => None,
    };
    let movers: Vec<usize> = (0..n).filter(|&u| dest(u).is_some()).collect();
    let movers = &movers;
    let head_to_head = |m: usize| {
        let x = unit_at(dest(m)?)?;
        (dest(x) == Some(home[m]) && !convoyed[m] && !convoyed[x]).then_some(x)
    };

    type Evaluation = (Vec<bool>, Vec<bool>, Vec<Option<usize>>, Vec<bool>);
    let evaluate = |ok: &[bool]| -> Evaluation {
        let mut dislodger = vec![None; map.province_count()];
        for &m in movers {
            if ok[m] {
                dislodger[dest(m).unwrap()] = Some(m);
            }
        }
        // PATH: over land, or a chain of undislodged fleets convoying this very move.
        let path: Vec<bool> = (0..n)
            .map(|m| {
                let Some(d) = dest(m) else { return false };
                if !convoyed[m] {
                    return true;
                }
                let fleets: Vec<usize> = convoys_for(m)
                    .filter(|&f| dislodger[home[f]].is_none())
                    .collect();
                let mut reached: Vec<usize> = fleets
                    .iter()
                    .copied()
                    .filter(|&f| map.fleet_reaches_province(units[f].location, units[m].location))
                    .collect();
                let mut k = 0;
                while k < reached.len() {
                    let f = reached[k];
                    k += 1;
                    if map.fleet_reaches_province(units[f].location, Location(d as u8)) {
                        return true;
                    }
                    for &g in &fleets {
                        if !reached.contains(&g)
                            && map.fleet_border(units[f].location, units[g].location)
                        {
                            reached.push(g);
                        }
                    }
                }
                false
            })
            .collect();
        let given: Vec<bool> = (0..n)
            .map(|s| {
                let cut = movers.iter().any(|&m| {
                    m != s
                        && dest(m) == Some(home[s])
                        && path[m]
                        && units[m].power != units[s].power
                        && (supported_area(s) != Some(home[m])
                            || (convoyed[m] && rules.convoyed_attack_cuts_support_on_itself))
                });
                valid[s] && !cut && dislodger[home[s]].is_none()
            })
            .collect();
        let given = &given;
        let move_supporters = |m: usize| {
            (0..n).filter(move |&s| {
                given[s] && matches!(plans[s], Plan::SupportMove { target: Some(t), .. } if t == m)
            })
        };
        let hold_strength = |p: usize| match unit_at(p) {
            None => 0,
            Some(x) if dest(x).is_some() => usize::from(!ok[x]),
            Some(x) => {
                1 + (0..n)
                    .filter(|&s| given[s] && plans[s] == Plan::SupportHold { target: Some(x) })
                    .count()
            }
        };
        let attack = |m: usize| {
            if !path[m] {
                return 0;
            }
            match unit_at(dest(m).unwrap()) {
                Some(x) if !(dest(x).is_some() && head_to_head(m) != Some(x) && ok[x]) => {
                    if units[x].power == units[m].power {
                        0
                    } else {
                        1 + move_supporters(m)
                            .filter(|&s| units[s].power != units[x].power)
                            .count()
                    }
                }
                _ => 1 + move_supporters(m).count(),
            }
        };
        // DATC 4.A.7 choice a: a unit dislodged by a unit from its destination never prevents.
        let beaten_from_destination = |m: usize| {
            rules.dislodged_never_prevents_attacker_area
                && dislodger[home[m]].is_some_and(|x| !ok[m] && Some(home[x]) == dest(m))
        };
        let prevent = |m: usize| match head_to_head(m) {
            _ if !path[m] || beaten_from_destination(m) => 0,
            Some(x) if ok[x] => 0,
            _ => 1 + move_supporters(m).count(),
        };
        let mut success = vec![false; n];
        for &m in movers {
            let d = dest(m).unwrap();
            let a = attack(m);
            let resistance = match head_to_head(m) {
                Some(x) => 1 + move_supporters(x).count(),
                None => hold_strength(d),
            };
            success[m] = a > resistance
                && movers
                    .iter()
                    .all(|&o| o == m || dest(o) != Some(d) || a > prevent(o));
        }
        let dislodged_by = (0..n)
            .map(|u| {
                if dest(u).is_some() && ok[u] {
                    None
                } else {
                    dislodger[home[u]]
                }
            })
            .collect();
        let mut contested = vec![false; map.province_count()];
        for &m in movers {
            let d = dest(m).unwrap();
            contested[d] |= dislodger[d].is_none() && prevent(m) > 0;
        }
        (success, given.clone(), dislodged_by, contested)
    };

    let mut solutions = Vec::new();
    for bits in 0u32..(1 << movers.len()) {
        let mut ok = vec![false; n];
        for (k, &m) in movers.iter().enumerate() {
            ok[m] = bits & (1 << k) != 0;
        }
        let (success, ..) = evaluate(&ok);
        if movers.iter().all(|&m| success[m] == ok[m]) {
            solutions.push(ok);
        }
    }
    let chosen = match solutions.len() {
        1 => solutions.pop().unwrap(),
        _ if convoyed.iter().any(|&c| c) => return Verdict::Paradox,
        // Without convoys, several solutions only come from circular movement: it moves.
        _ => {
            let union: Vec<bool> = (0..n).map(|u| solutions.iter().any(|s| s[u])).collect();
            assert!(
                solutions.contains(&union),
                "several resolutions without a convoy"
            );
            union
        }
    };
    let (_, support_given, dislodged_by, contested) = evaluate(&chosen);
    Verdict::Solved(Reference {
        moved: chosen,
        support_given,
        dislodged_by,
        contested,
    })
}

/// Compares ordo's resolution with the reference's, order by order and unit by unit.
fn compare_with_reference(
    position: &Position,
    result: &Resolution,
    rules: &Rules,
) -> Result<bool, TestCaseError> {
    let Verdict::Solved(expected) = reference(position, result, rules) else {
        return Ok(false);
    };
    for (p, &contested) in expected.contested.iter().enumerate() {
        prop_assert_eq!(
            result.contested().contains(p),
            contested,
            "province {} contested",
            standard().abbreviation(Location(p as u8))
        );
    }
    for (u, unit) in result.units().iter().enumerate() {
        prop_assert_eq!(
            unit.dislodged.map(|d| d.attacker as usize),
            expected.dislodged_by[u],
            "unit {} dislodgement",
            u
        );
        let Some(o) = unit.order else { continue };
        let (o, order) = (o as usize, &position.orders[o as usize].1);
        let outcome = result.outcomes()[o];
        if matches!(outcome, Outcome::Illegal(_)) {
            continue;
        }
        let want = match order.action {
            Action::Move { .. } => expected.moved[u],
            Action::SupportHold { .. } | Action::SupportMove { .. } => expected.support_given[u],
            Action::Hold => expected.dislodged_by[u].is_none(),
            Action::Convoy { .. } => continue,
        };
        prop_assert_eq!(
            outcome == Outcome::Succeeds,
            want,
            "order {} ({}): ordo {:?}, reference {}",
            o,
            format_order(standard(), order),
            outcome,
            want
        );
    }
    Ok(true)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// Positions of legal holds, moves to neighbours and supports agree with the reference
    /// (and no order of theirs is judged illegal).
    #[test]
    fn convoy_free_positions_match_the_naive_reference(
        seed in any::<u64>(),
        count in 2usize..=14,
        powers in 2usize..=4,
    ) {
        let position = position(seed, count, powers, Style { wild: false, max_moves: 10 });
        let result = run(&position);
        let context =
            |e: TestCaseError| TestCaseError::fail(format!("{e}\n{}", describe(&position)));
        for (o, outcome) in result.outcomes().iter().enumerate() {
            prop_assert!(
                !matches!(outcome, Outcome::Illegal(_)),
                "order {} judged illegal: {:?}\n{}", o, outcome, describe(&position)
            );
        }
        check_invariants(&position, &result).map_err(context)?;
        let solved =
            compare_with_reference(&position, &result, &Rules::default()).map_err(context)?;
        prop_assert!(solved, "no resolution without convoys:\n{}", describe(&position));
    }

    /// Positions with convoys (and illegal orders, taken as holds) agree with the reference
    /// wherever the equations have one solution (the rest are paradoxes), under DATC's
    /// preferred rules or the options of 4.A.3 (DPTG), 4.A.4 and 4.A.7 that the reference knows.
    #[test]
    fn positions_with_convoys_match_the_naive_reference(
        seed in any::<u64>(),
        count in 2usize..=16,
        powers in 2usize..=4,
        dptg in any::<bool>(),
        convoyed_attack_cuts in any::<bool>(),
        dislodged_never_prevents in any::<bool>(),
    ) {
        let position = position(seed, count, powers, Style { wild: true, max_moves: 10 });
        let mut rules = Rules::default();
        if dptg {
            rules.adjacent_convoy = AdjacentConvoy::Explicit;
        }
        rules.convoyed_attack_cuts_support_on_itself = convoyed_attack_cuts;
        rules.dislodged_never_prevents_attacker_area = dislodged_never_prevents;
        let result = run_with(&position, &rules);
        let context = |e: TestCaseError| {
            TestCaseError::fail(format!("{e}\n{rules:?}\n{}", describe(&position)))
        };
        check_invariants(&position, &result).map_err(context)?;
        compare_with_reference(&position, &result, &rules).map_err(context)?;
    }
}

// ---------------------------------------------------------------------------------------------
// The retreat and adjustment phases, played after random movement phases.
// ---------------------------------------------------------------------------------------------

/// The board after the movement and retreat phases: each surviving unit where it ended.
fn after_retreats(
    position: &Position,
    movement: &Resolution,
    retreats: &ordo::adjudicate::RetreatResolution,
) -> Vec<Unit> {
    use ordo::adjudicate::RetreatResult;
    position
        .units
        .iter()
        .zip(movement.units())
        .zip(retreats.units())
        .filter_map(|((unit, moved), retreat)| match retreat {
            RetreatResult::NotDislodged => Some(Unit {
                location: moved.moved_to.unwrap_or(unit.location),
                ..*unit
            }),
            RetreatResult::Retreated(to) => Some(Unit {
                location: *to,
                ..*unit
            }),
            RetreatResult::Disbanded => None,
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// Retreats: every destination `retreat_destinations` offers succeeds when ordered alone;
    /// random retreat orders (offered destinations, neighbours, supports) never put two units
    /// in one province, and a retreat succeeds only to an offered destination nobody else
    /// retreats to. `units_after_retreats` matches the naive board advance written here.
    #[test]
    fn retreats_keep_one_unit_per_province(
        seed in any::<u64>(),
        count in 2usize..=60,
        powers in 1usize..=7,
    ) {
        use ordo::adjudicate::{RetreatResult, adjudicate_retreats, retreat_destinations};
        let map = standard();
        let position = position(seed, count, powers, Style { wild: true, max_moves: usize::MAX });
        let movement = run(&position);
        let mut rng = Rng::new(seed ^ 0xBAC);
        let mut orders = Vec::new();
        let mut offered = Vec::new();
        for (u, unit) in position.units.iter().enumerate() {
            let options = locations(&retreat_destinations(map, &position.units, &movement, u).unwrap());
            if movement.units()[u].dislodged.is_none() {
                prop_assert!(options.is_empty());
            }
            for &to in &options {
                let alone = [(unit.power, Order { kind: Some(unit.kind), location: unit.location,
                    action: Action::Move { to, via_convoy: false } })];
                let result = adjudicate_retreats(map, &position.units, &movement, &alone, &Rules::default()).unwrap();
                prop_assert_eq!(result.outcomes(), [Outcome::Succeeds]);
                prop_assert_eq!(result.units()[u], RetreatResult::Retreated(to));
            }
            let to = match rng.below(4) {
                0 => None,
                1 => rng.pick(&neighbours(map, unit)),
                _ => rng.pick(&options),
            };
            if let Some(to) = to {
                orders.push((unit.power, Order { kind: Some(unit.kind), location: unit.location,
                    action: Action::Move { to, via_convoy: false } }));
            }
            offered.push(options);
        }
        let retreats = adjudicate_retreats(map, &position.units, &movement, &orders, &Rules::default()).unwrap();
        for (u, result) in retreats.units().iter().enumerate() {
            if let RetreatResult::Retreated(to) = result {
                prop_assert!(offered[u].contains(to), "unit {} retreated to an unoffered {:?}", u, to);
            }
            prop_assert_eq!(
                movement.units()[u].dislodged.is_none(),
                *result == RetreatResult::NotDislodged
            );
        }
        let board = after_retreats(&position, &movement, &retreats);
        let advanced = ordo::adjudicate::units_after_retreats(&position.units, &movement, &retreats).unwrap();
        prop_assert_eq!(&advanced[..], &board[..]);
        let mut seen = vec![false; map.province_count()];
        for unit in &board {
            let p = province(map, unit.location);
            prop_assert!(!seen[p], "two units in {}\n{}", map.abbreviation(unit.location), describe(&position));
            seen[p] = true;
        }
    }

    /// Adjustments after a random movement and retreat phase, with random owners and random
    /// orders: a power with removals due ends with exactly as many units as centres (orders or
    /// civil disorder), one with builds due with at most that many; builds only in empty, owned
    /// home centres, one each; only the power's own units are removed. The next board and the
    /// centres taken match naive versions written here.
    #[test]
    fn adjustments_balance_units_and_centres(
        seed in any::<u64>(),
        count in 2usize..=40,
        powers in 1usize..=7,
    ) {
        use ordo::adjudicate::{Adjustment, UnitFate, adjudicate_adjustments};
        let map = standard();
        let position = position(seed, count, powers, Style { wild: false, max_moves: usize::MAX });
        let movement = run(&position);
        let retreats = ordo::adjudicate::adjudicate_retreats(map, &position.units, &movement, &[], &Rules::default()).unwrap();
        let board = after_retreats(&position, &movement, &retreats);
        let mut rng = Rng::new(seed ^ 0xAD);
        let mut owners = vec![None; map.province_count()];
        for owner in owners.iter_mut() {
            if rng.chance(40) {
                *owner = Some(Power(rng.below(7) as u8));
            }
        }
        let centres: Vec<usize> = (0..map.province_count())
            .filter(|&p| map.province(p).unwrap().supply_centre)
            .collect();
        let mut orders = Vec::new();
        for _ in 0..rng.below(12) {
            let power = Power(rng.below(7) as u8);
            let order = if rng.chance(50) {
                let at = Location(rng.pick(&centres).unwrap() as u8);
                let kind = if rng.chance(50) { UnitKind::Army } else { UnitKind::Fleet };
                let location = map.coasts(at).iter().next().map_or(at, |c| Location(c as u8));
                Adjustment::Build { kind, location }
            } else {
                let Some(unit) = rng.pick(&board) else { continue };
                Adjustment::Remove { kind: None, location: unit.location }
            };
            orders.push((power, order));
        }
        let result = adjudicate_adjustments(map, &board, &owners, &orders).unwrap();
        let mut built_in = vec![false; map.province_count()];
        let mut final_count = [0i32; 7];
        for (unit, fate) in board.iter().zip(result.units()) {
            if *fate == UnitFate::Stays {
                final_count[unit.power.index()] += 1;
            }
        }
        for ((power, order), outcome) in orders.iter().zip(result.outcomes()) {
            match (order, outcome) {
                (Adjustment::Build { location, .. }, Outcome::Succeeds) => {
                    let p = province(map, *location);
                    let info = map.province(p).unwrap();
                    prop_assert_eq!(info.home, Some(*power));
                    prop_assert_eq!(owners[p], Some(*power));
                    prop_assert!(!board.iter().any(|u| province(map, u.location) == p));
                    prop_assert!(!built_in[p], "two builds in {}", info.name);
                    built_in[p] = true;
                    final_count[power.index()] += 1;
                }
                (Adjustment::Remove { location, .. }, Outcome::Succeeds) => {
                    let unit = board.iter().position(|u| province(map, u.location) == province(map, *location)).unwrap();
                    prop_assert_eq!(board[unit].power, *power);
                    prop_assert_eq!(result.units()[unit], UnitFate::Removed);
                }
                _ => {}
            }
        }
        // The next board, the naive way: the units that stay, then each successful build.
        let mut next: Vec<Unit> = board.iter().zip(result.units())
            .filter(|(_, fate)| **fate == UnitFate::Stays)
            .map(|(unit, _)| *unit)
            .collect();
        for ((power, order), outcome) in orders.iter().zip(result.outcomes()) {
            if let (Adjustment::Build { kind, location }, Outcome::Succeeds) = (order, outcome) {
                let location = if *kind == UnitKind::Army { Location(province(map, *location) as u8) } else { *location };
                next.push(Unit { kind: *kind, power: *power, location });
            }
        }
        let advanced = ordo::adjudicate::units_after_adjustments(map, &board, &orders, &result).unwrap();
        prop_assert_eq!(&advanced[..], &next[..]);
        // Centres change hands where a unit stands on them, and nowhere else.
        let mut taken = owners.clone();
        ordo::adjudicate::take_centres(map, &board, &mut taken).unwrap();
        for p in 0..map.province_count() {
            let standing = board.iter().find(|u| province(map, u.location) == p);
            let expected = match standing {
                Some(unit) if map.province(p).unwrap().supply_centre => Some(unit.power),
                _ => owners[p],
            };
            prop_assert_eq!(taken[p], expected, "province {}", p);
        }
        for (p, &kept) in final_count.iter().enumerate() {
            let owned = centres.iter().filter(|&&c| owners[c] == Some(Power(p as u8))).count() as i32;
            let had = board.iter().filter(|u| u.power.index() == p).count() as i32;
            if had > owned {
                prop_assert_eq!(kept, owned, "power {} keeps one unit per centre", p);
            } else {
                prop_assert!(kept <= owned.max(had));
            }
        }
    }
}

/// Civil disorder, the naive way: all-pairs distances by Floyd-Warshall over every border
/// (army or fleet, any coast) between provinces, then the units sorted by (distance to the
/// nearest owned centre descending, fleets first, province name), the first `due` removed.
fn naive_civil_disorder(
    map: &Map<'_>,
    units: &[Unit],
    owners: &[Option<Power>],
    power: Power,
) -> Vec<usize> {
    let n = map.province_count();
    let inf = u32::MAX / 4;
    let mut d = vec![vec![inf; n]; n];
    for (a, row) in d.iter_mut().enumerate() {
        row[a] = 0;
    }
    for a in 0..map.location_count() {
        let la = Location(a as u8);
        let pa = province(map, la);
        for b in map
            .fleet_neighbours(la)
            .iter()
            .chain(map.army_neighbours(la).iter())
        {
            let pb = province(map, Location(b as u8));
            d[pa][pb] = d[pa][pb].min(1);
            d[pb][pa] = d[pb][pa].min(1);
        }
    }
    for k in 0..n {
        for i in 0..n {
            for j in 0..n {
                let via = d[i][k] + d[k][j];
                if via < d[i][j] {
                    d[i][j] = via;
                }
            }
        }
    }
    let centres: Vec<usize> = (0..n)
        .filter(|&p| map.province(p).unwrap().supply_centre && owners[p] == Some(power))
        .collect();
    let mine: Vec<usize> = (0..units.len())
        .filter(|&u| units[u].power == power)
        .collect();
    let due = mine.len().saturating_sub(centres.len());
    let distance = |u: usize| {
        let p = province(map, units[u].location);
        centres.iter().map(|&c| d[p][c]).min().unwrap_or(inf)
    };
    let name = |u: usize| {
        map.province(province(map, units[u].location))
            .unwrap()
            .name
            .to_ascii_lowercase()
    };
    let mut order = mine.clone();
    order.sort_by(|&a, &b| {
        distance(b)
            .cmp(&distance(a))
            .then((units[b].kind == UnitKind::Fleet).cmp(&(units[a].kind == UnitKind::Fleet)))
            .then(name(a).cmp(&name(b)))
    });
    let mut removed: Vec<usize> = order.into_iter().take(due).collect();
    removed.sort_unstable();
    removed
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// With no adjustment orders, civil disorder removes exactly the units the naive reference
    /// picks, for every power.
    #[test]
    fn civil_disorder_matches_the_naive_reference(
        seed in any::<u64>(),
        count in 1usize..=34,
        powers in 1usize..=7,
    ) {
        use ordo::adjudicate::{UnitFate, adjudicate_adjustments};
        let map = standard();
        let mut rng = Rng::new(seed);
        let units = random_units(map, &mut rng, count, powers);
        let mut owners = vec![None; map.province_count()];
        for owner in owners.iter_mut() {
            if rng.chance(30) {
                *owner = Some(Power(rng.below(powers) as u8));
            }
        }
        let result = adjudicate_adjustments(map, &units, &owners, &[]).unwrap();
        for p in 0..powers {
            let power = Power(p as u8);
            let expected = naive_civil_disorder(map, &units, &owners, power);
            let actual: Vec<usize> = (0..units.len())
                .filter(|&u| units[u].power == power && result.units()[u] == UnitFate::RemovedInDisorder)
                .collect();
            prop_assert_eq!(actual, expected, "power {}", p);
        }
    }
}
