//! Adjudication speed: random full-board positions (34 units on the standard
//! map; holds, moves, supports, convoys and convoyed moves), generated
//! deterministically from a seed, adjudicated by ordo and, on identical
//! positions in the same run, by the `diplomacy` crate 0.2; plus the whole
//! DATC suite (`tests/datc.rs`: 193 adjudications, parse + adjudicate).
//!
//! `cargo bench --bench adjudicate -- --warm-up-time 1 --measurement-time 3`
//!
//! One iteration adjudicates all [`POSITIONS`] positions: divide by it for
//! the time per position.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use diplomacy::judge::{MappedMainOrder, OrderState, Rulebook, Submission};
use ordo::adjudicate::{
    Action, Location, Map, Order, Power, ProvinceKind, Rules, Unit, UnitKind, Workspace,
    parse_turn, standard,
};

#[path = "../tests/datc_support/mod.rs"]
mod datc_support;

/// Positions per iteration.
const POSITIONS: usize = 64;
/// Units per position: one per supply centre, a full board.
const UNITS: usize = 34;

#[path = "../tests/support/rng.rs"]
mod rng;
use rng::Rng;

#[derive(Clone, Copy)]
enum Plan {
    Hold,
    Move(Location, bool),
    SupportHold(usize),
    SupportMove(usize),
    Convoy(usize, Location),
}

struct Position {
    units: Vec<Unit>,
    orders: Vec<(Power, Order)>,
    /// The same orders in the `diplomacy` crate's notation.
    diplomacy: Vec<MappedMainOrder>,
}

/// The provinces a unit at `location` may support into or move to.
fn reaches(map: &Map<'_>, kind: UnitKind, location: Location, province: Location) -> bool {
    match kind {
        UnitKind::Army => map.army_border(location, province),
        UnitKind::Fleet => map.fleet_reaches_province(location, province),
    }
}

/// A random full board: 34 units in distinct provinces, powers dealt in
/// turn; about half the units move, fleets at sea convoy an adjacent army
/// (which then moves "via convoy"), and holding units support a move they
/// can reach or a neighbour holding.
fn random_position(map: &Map<'_>, rng: &mut Rng) -> Position {
    let mut provinces: Vec<usize> = (0..map.province_count()).collect();
    for i in (1..provinces.len()).rev() {
        provinces.swap(i, rng.below(i + 1));
    }
    let mut units = Vec::with_capacity(UNITS);
    for (i, &p) in provinces.iter().take(UNITS).enumerate() {
        let province = Location(p as u8);
        let kind = match map.province(p).unwrap().kind {
            ProvinceKind::Inland => UnitKind::Army,
            ProvinceKind::Sea => UnitKind::Fleet,
            ProvinceKind::Coastal if rng.chance(50) => UnitKind::Army,
            ProvinceKind::Coastal => UnitKind::Fleet,
        };
        let coasts: Vec<usize> = map.coasts(province).iter().collect();
        let location = match (kind, rng.pick(&coasts)) {
            (UnitKind::Fleet, Some(coast)) => Location(coast as u8),
            _ => province,
        };
        units.push(Unit {
            kind,
            power: Power((i % 7) as u8),
            location,
        });
    }
    let province_of = |u: &Unit| map.province_of(u.location);
    let mut plans = vec![Plan::Hold; UNITS];
    for (plan, unit) in plans.iter_mut().zip(&units) {
        if rng.chance(50) {
            let targets: Vec<Location> = match unit.kind {
                UnitKind::Army => map.army_neighbours(unit.location).iter(),
                UnitKind::Fleet => map.fleet_neighbours(unit.location).iter(),
            }
            .map(|l| Location(l as u8))
            .collect();
            if let Some(to) = rng.pick(&targets) {
                *plan = Plan::Move(to, false);
            }
        }
    }
    for f in 0..UNITS {
        let fleet = units[f];
        if fleet.kind != UnitKind::Fleet
            || map.kind(fleet.location) != ProvinceKind::Sea
            || !matches!(plans[f], Plan::Hold)
            || !rng.chance(50)
        {
            continue;
        }
        let armies: Vec<usize> = (0..UNITS)
            .filter(|&a| {
                units[a].kind == UnitKind::Army
                    && map.fleet_reaches_province(fleet.location, province_of(&units[a]))
                    && matches!(plans[a], Plan::Hold | Plan::Move(..))
            })
            .collect();
        let Some(a) = rng.pick(&armies) else { continue };
        let shores: Vec<Location> = (0..map.province_count())
            .map(|p| Location(p as u8))
            .filter(|&p| {
                map.kind(p) == ProvinceKind::Coastal
                    && p != province_of(&units[a])
                    && map.fleet_reaches_province(fleet.location, p)
            })
            .collect();
        let Some(to) = rng.pick(&shores) else {
            continue;
        };
        plans[a] = Plan::Move(to, true);
        plans[f] = Plan::Convoy(a, to);
    }
    for s in 0..UNITS {
        if !matches!(plans[s], Plan::Hold) || !rng.chance(60) {
            continue;
        }
        let unit = units[s];
        let candidates: Vec<Plan> = (0..UNITS)
            .filter(|&t| t != s)
            .filter_map(|t| match plans[t] {
                Plan::Move(to, _) => {
                    let to = map.province_of(to);
                    (to != province_of(&unit) && reaches(map, unit.kind, unit.location, to))
                        .then_some(Plan::SupportMove(t))
                }
                _ => reaches(map, unit.kind, unit.location, province_of(&units[t]))
                    .then_some(Plan::SupportHold(t)),
            })
            .collect();
        if let Some(plan) = rng.pick(&candidates) {
            plans[s] = plan;
        }
    }
    let region = |l: Location| match map.coast_of(l) {
        Some(coast) => format!(
            "{}({})",
            map.abbreviation(l).to_lowercase(),
            coast.abbreviation()
        ),
        None => map.abbreviation(l).to_lowercase(),
    };
    let mut orders = Vec::with_capacity(UNITS);
    let mut diplomacy = Vec::with_capacity(UNITS);
    for (unit, plan) in units.iter().zip(&plans) {
        let at = unit.location;
        let (action, words) = match *plan {
            Plan::Hold => (Action::Hold, "holds".to_string()),
            Plan::Move(to, via_convoy) => (
                Action::Move { to, via_convoy },
                format!(
                    "-> {}{}",
                    region(to),
                    if via_convoy { " via convoy" } else { "" }
                ),
            ),
            Plan::SupportHold(t) => (
                Action::SupportHold {
                    kind: Some(units[t].kind),
                    unit: units[t].location,
                },
                format!(
                    "supports {} {}",
                    units[t].kind.letter(),
                    region(units[t].location)
                ),
            ),
            Plan::SupportMove(t) => {
                let Plan::Move(to, _) = plans[t] else {
                    unreachable!()
                };
                let to = map.province_of(to);
                (
                    Action::SupportMove {
                        kind: Some(units[t].kind),
                        from: units[t].location,
                        to,
                    },
                    format!(
                        "supports {} {} -> {}",
                        units[t].kind.letter(),
                        region(units[t].location),
                        region(to)
                    ),
                )
            }
            Plan::Convoy(a, to) => (
                Action::Convoy {
                    from: units[a].location,
                    to,
                },
                format!("convoys A {} -> {}", region(units[a].location), region(to)),
            ),
        };
        orders.push((
            unit.power,
            Order {
                kind: Some(unit.kind),
                location: at,
                action,
            },
        ));
        let text = format!(
            "{}: {} {} {words}",
            map.power_name(unit.power).unwrap(),
            unit.kind.letter(),
            region(at)
        );
        diplomacy.push(text.parse().unwrap_or_else(|e| panic!("{text}: {e}")));
    }
    Position {
        units,
        orders,
        diplomacy,
    }
}

/// The DATC adjudications of `tests/datc.rs`: every `check(text)`,
/// `check_with(text, "option")` and `check_1971(text, "option")` (two: the 1971
/// rules and the option) call (the text a literal or a `let`-bound one), with
/// expectations stripped and the rules the options name.
fn datc_cases() -> Vec<(String, Rules)> {
    let code: String = include_str!("../tests/datc.rs")
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    // The string literal starting at `at` (which must be a quote) and the rest after it.
    let literal = |at: &str| -> (String, usize) {
        let end = at[1..].find('"').expect("closed literal") + 1;
        (at[1..end].to_string(), end + 1)
    };
    let strip = |text: &str| -> String {
        text.lines()
            .map(|line| line.split("=>").next().unwrap())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let mut bound: Vec<(String, String)> = Vec::new();
    let mut cases = Vec::new();
    let mut i = 0;
    while i < code.len() {
        let rest = &code[i..];
        let boundary = i == 0 || !code.as_bytes()[i - 1].is_ascii_alphanumeric();
        if boundary && rest.starts_with("let ") {
            let (name, value) = rest[4..].split_once('=').expect("let binding");
            let value = value.trim_start();
            if value.starts_with('"') {
                bound.push((name.trim().to_string(), literal(value).0));
            }
            i += 4;
            continue;
        }
        let call = ["check(", "check_with(", "check_1971("]
            .into_iter()
            .find(|call| boundary && rest.starts_with(call));
        let Some(call) = call else {
            i += rest.chars().next().map_or(1, char::len_utf8);
            continue;
        };
        let args = rest[call.len()..].trim_start();
        let (text, after) = if args.starts_with('"') {
            let (text, used) = literal(args);
            (text, &args[used..])
        } else {
            let name_len = args.find([',', ')']).expect("an argument");
            let name = args[..name_len].trim();
            let text = bound
                .iter()
                .rev()
                .find(|(n, _)| n == name)
                .map(|(_, text)| text.clone())
                .unwrap_or_else(|| panic!("unbound DATC text {name}"));
            (text, &args[name_len..])
        };
        let named = |option: &str| {
            datc_support::rules_named(option)
                .unwrap_or_else(|| panic!("unknown DATC option {option:?}"))
        };
        let option = || literal(after.trim_start().trim_start_matches(',').trim_start()).0;
        match call {
            "check_with(" => cases.push((strip(&text), named(&option()))),
            "check_1971(" => {
                cases.push((strip(&text), named("rules-1971")));
                cases.push((strip(&text), named(&option())));
            }
            _ => cases.push((strip(&text), Rules::default())),
        }
        i += call.len();
    }
    cases
}

fn bench(c: &mut Criterion) {
    let map = standard();
    let mut rng = Rng::new(0x6f72_646f_2024);
    let positions: Vec<Position> = (0..POSITIONS)
        .map(|_| random_position(map, &mut rng))
        .collect();
    let diplomacy_map = diplomacy::geo::standard_map();
    let rules = Rules::default();
    let mut workspace = Box::new(Workspace::new());

    // Same positions, same verdicts? Count the moves both call successful.
    let (mut moves, mut agree) = (0, 0);
    for position in &positions {
        let ours = workspace
            .adjudicate(map, &position.units, &position.orders, &rules)
            .unwrap()
            .outcomes()
            .to_vec();
        let submission = Submission::with_inferred_state(diplomacy_map, position.diplomacy.clone());
        let theirs = submission.adjudicate(Rulebook::default());
        for ((_, order), (outcome, d)) in position
            .orders
            .iter()
            .zip(ours.iter().zip(&position.diplomacy))
        {
            if let Action::Move { .. } = order.action {
                moves += 1;
                let succeeded = theirs.get(d).map(|o| bool::from(OrderState::from(o)));
                agree += usize::from(succeeded == Some(outcome.succeeded()));
            }
        }
    }
    eprintln!(
        "{POSITIONS} positions of {UNITS} units; {moves} moves, diplomacy 0.2 agrees on {agree} \
         (it lacks some borders of the standard map, so a few legal moves differ)"
    );

    let mut group = c.benchmark_group("adjudicate");
    group.throughput(Throughput::Elements(POSITIONS as u64));
    group.bench_function("ordo/64 positions", |b| {
        b.iter(|| {
            for position in &positions {
                let result = workspace
                    .adjudicate(
                        map,
                        black_box(&position.units),
                        black_box(&position.orders),
                        &rules,
                    )
                    .unwrap();
                black_box(result.outcomes());
            }
        })
    });
    group.bench_function("diplomacy-0.2/64 positions", |b| {
        b.iter_batched(
            || {
                positions
                    .iter()
                    .map(|p| p.diplomacy.clone())
                    .collect::<Vec<_>>()
            },
            |all_orders| {
                for orders in all_orders {
                    let submission =
                        Submission::with_inferred_state(diplomacy_map, black_box(orders));
                    let outcome = submission.adjudicate(Rulebook::default());
                    black_box(outcome.all_orders().count());
                }
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();

    let cases = datc_cases();
    assert!(cases.len() >= 129, "every DATC case of tests/datc.rs");
    eprintln!("DATC: {} adjudications", cases.len());
    let mut group = c.benchmark_group("datc");
    group.throughput(Throughput::Elements(cases.len() as u64));
    group.bench_function("ordo/parse+adjudicate all cases", |b| {
        b.iter(|| {
            for (text, rules) in &cases {
                let turn = parse_turn(map, black_box(text)).unwrap();
                let result = workspace
                    .adjudicate(map, turn.units(), turn.orders(), rules)
                    .unwrap();
                black_box(result.outcomes());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
