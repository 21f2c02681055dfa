//! ordo on a Cortex-M4F: every routine's worked example, and its worst case at full capacity,
//! run on `thumbv7em-none-eabihf` under qemu's mps2-an386 board (`make embedded`).
//!
//! Each check compares the result with the value the host computes (the seeds' examples, or a
//! digest of a large result), so a difference between this target and the host fails the run.
//! Each also reports the most stack the library call used, its inputs built beforehand: the
//! free stack is painted just before the call and scanned just after it. The run exits through
//! semihosting: status 0 when every check passed, 1 on the first failure or panic.
//!
//! Then every DATC case as the host's tests (`tests/datc*.rs`) adjudicate it, under each option
//! they use: `make embedded` records them as turn files (`tests/datc_support`), each with the
//! digest of the host's result of each phase, and this run adjudicates each one again and
//! compares.
#![no_std]
#![no_main]

use core::fmt::Write;

// The single-core critical section that semihosting's output needs.
use cortex_m as _;

use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hprintln};
use ordo::adjudicate::{
    FailReason, Location, MAX_LOCATIONS, Map, MapBuilder, Order, Outcome, Power, ProvinceInfo,
    ProvinceKind, Rules, Unit, UnitKind, Workspace, adjudicate, adjudicate_adjustments,
    adjudicate_retreats, format_order, parse_adjustment, parse_order, parse_turn, standard,
};
use ordo::draw::{DesiredOrder, MAX_CARDS, SplitMix64};
use ordo::ranked::{MAX_CAP, Ranked, ranked_order};
use ordo::select::{ActionRecord, MAX_ORDER, order, preset, select};

// The option names and the result digest, shared with the host's DATC checks.
#[path = "../../tests/datc_support/shared.rs"]
mod datc_shared;
use datc_shared::{
    adjustment_digest, destinations_digest, result_digest, retreat_digest, rules_named,
};

include!(concat!(env!("OUT_DIR"), "/datc_cases.rs"));

#[entry]
fn main() -> ! {
    hprintln!("ordo on a Cortex-M4F (thumbv7em-none-eabihf, qemu mps2-an386)");
    hprintln!("{:<48} {:>7}", "check", "stack");
    run("ranked: the seed's example, cap 10", ranked_seed);
    run("ranked: 300 commands, cap 64", ranked_full);
    run("select: the preset, a purchase", select_purchase);
    run(
        "select: order of 256 preset actions, cap 64",
        select_order_full,
    );
    run("draw: the seed's example, hand of 3", draw_seed);
    run("draw: 256 shuffled cards, hand of 5", draw_full);
    run(
        "adjudicate: the full board, workspace on stack",
        adjudicate_full_board,
    );
    run("adjudicate: the 64-unit chain", adjudicate_chain);
    run("adjudicate: the DATC cases, as on the host", datc_cases);
    hprintln!("all checks passed");
    debug::exit(debug::EXIT_SUCCESS);
    #[allow(clippy::empty_loop)]
    loop {}
}

/// What a check returns: the stack its library call used, or why it failed.
type Checked = Result<u32, &'static str>;

/// Runs one check, prints the stack its library call used, and stops the run if it fails.
fn run(name: &str, check: fn() -> Checked) {
    match check() {
        Ok(used) => hprintln!("{name:<48} {used:>5} B"),
        Err(why) => fail(name, why),
    }
}

/// Calls `call` and measures the most stack it used: everything below this frame is painted
/// first, and after the call the lowest word no longer painted marks the high-water mark.
#[inline(never)]
fn stack_of<R>(call: impl FnOnce() -> R) -> (R, u32) {
    let free = cortex_m_stack::current_stack_free();
    cortex_m_stack::repaint_stack();
    let result = out_of_line(call);
    (result, free - cortex_m_stack::stack_painted())
}

/// Runs `call` in a frame of its own, below the paint: inlined into the caller instead, the
/// routine's locals would sit in the caller's frame, set up before the stack was painted, and
/// go uncounted.
#[inline(never)]
fn out_of_line<R>(call: impl FnOnce() -> R) -> R {
    call()
}

fn fail(name: &str, why: &str) -> ! {
    hprintln!("FAILED: {name}: {why}");
    debug::exit(debug::EXIT_FAILURE);
    #[allow(clippy::empty_loop)]
    loop {}
}

#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    hprintln!("panic: {info}");
    debug::exit(debug::EXIT_FAILURE);
    #[allow(clippy::empty_loop)]
    loop {}
}

fn check(ok: bool, why: &'static str) -> Result<(), &'static str> {
    if ok { Ok(()) } else { Err(why) }
}

/// FNV-1a over a sequence of integers: a digest the host computes the same way.
fn digest(values: impl IntoIterator<Item = u64>) -> u64 {
    values
        .into_iter()
        .fold(0xcbf2_9ce4_8422_2325, |hash, value| {
            (hash ^ value).wrapping_mul(0x0000_0100_0000_01b3)
        })
}

fn ranked_seed() -> Checked {
    let plays = [
        Ranked::new("strike a", 0, (5, 0), Some('a')),
        Ranked::new("draw", 1, (0, 0), None),
        Ranked::new("burn a", 0, (4, 0), Some('a')),
        Ranked::new("strike b", 0, (3, 0), Some('b')),
    ];
    let (order, used) = stack_of(|| ranked_order(plays, Some("end turn"), 10));
    check(
        order[..] == ["strike a", "strike b", "burn a", "draw", "end turn"],
        "not the seed's order",
    )?;
    Ok(used)
}

fn ranked_full() -> Checked {
    let commands = (0..300u32).map(|i| Ranked::new(i, i % 3, (i * 7919) % 1000, Some(i % 13)));
    let (order, used) = stack_of(|| ranked_order(commands, Some(u32::MAX), MAX_CAP));
    check(order.len() == MAX_CAP, "not cap entries")?;
    check(
        digest(order.iter().map(|&i| u64::from(i))) == RANKED_FULL_DIGEST,
        "not the host's order",
    )?;
    Ok(used)
}
const RANKED_FULL_DIGEST: u64 = 0x5557_6000_f94e_ccda;

fn purchase(name: &'static str, cost: i64) -> ActionRecord<'static> {
    ActionRecord::new(preset::PURCHASE)
        .with_name(name.as_bytes())
        .with_field(preset::COST, cost)
}

fn select_purchase() -> Checked {
    let actions = [
        ActionRecord::new(preset::PLAY_CARD).with_name(b"Scout"),
        purchase("Explorer", 2),
        purchase("Cutter", 2),
        purchase("Trade Pod", 5),
        purchase("Blob Fighter", 3),
        ActionRecord::new(preset::END_TURN).with_name(b"end turn"),
    ];
    let (chosen, used) = stack_of(|| select(&actions, &preset::RULES));
    check(chosen == Some(3), "not the most expensive card")?;
    Ok(used)
}

const NAMES: [&str; 8] = [
    "Scout",
    "Viper",
    "Explorer",
    "Cutter",
    "Trade Pod",
    "Blob",
    "Outpost",
    "Battle Pod",
];

fn select_order_full() -> Checked {
    let mut rng = SplitMix64::new(7);
    let actions: [ActionRecord<'static>; 256] = core::array::from_fn(|_| {
        let bucket = rng.below(7) as u32;
        let name = NAMES[rng.below(8) as usize];
        ActionRecord::new(bucket)
            .with_name(name.as_bytes())
            .with_flag(rng.below(2) == 1)
            .with_field(preset::COST, rng.below(8) as i64)
            .with_field(preset::DEFENSE, rng.below(8) as i64)
    });
    let mut out = [0usize; MAX_ORDER];
    let (written, used) = stack_of(|| order(&actions, &preset::RULES, &mut out));
    check(written == Ok(MAX_ORDER), "not cap entries")?;
    check(
        digest(out.iter().map(|&i| i as u64)) == SELECT_ORDER_DIGEST,
        "not the host's order",
    )?;
    Ok(used)
}
const SELECT_ORDER_DIGEST: u64 = 0x9994_e9e8_4031_635c;

fn draw_seed() -> Checked {
    let desired = [1u32, 2, 3, 4, 2, 6, 7, 8, 2];
    let shuffled = [6u32, 2, 4, 8, 2, 7, 2, 1, 3];
    let order = DesiredOrder::new(&desired).map_err(|_| "refused")?;
    let (play, used) = stack_of(|| order.play_order(&shuffled, 3));
    let play = play.map_err(|_| "refused")?;
    let seed_numbers = [2, 4, 5, 6, 7, 1, 3, 8, 9];
    check(
        play.desired_positions()
            .map(|p| p.map_or(0, |p| p + 1))
            .eq(seed_numbers),
        "not the seed's desired numbers",
    )?;
    Ok(used)
}

fn draw_full() -> Checked {
    // 256 cards of 200 kinds; the desired order lists each kind once.
    let desired: [u32; 200] = core::array::from_fn(|i| (i as u32 * 37) % 200);
    let mut pile: [u32; MAX_CARDS] = core::array::from_fn(|i| i as u32 % 200);
    SplitMix64::new(2024).shuffle(&mut pile);
    let order = DesiredOrder::new(&desired).map_err(|_| "refused")?;
    let (play, used) = stack_of(|| order.play_order(&pile, 5));
    let play = play.map_err(|_| "refused")?;
    check(play.len() == MAX_CARDS, "not every card played")?;
    check(
        digest(play.slots().map(|s| s as u64)) == DRAW_FULL_DIGEST,
        "not the host's play order",
    )?;
    Ok(used)
}
const DRAW_FULL_DIGEST: u64 = 0xa227_7370_8d0a_493b;

fn adjudicate_full_board() -> Checked {
    let map = standard();
    let turn = parse_turn(map, include_str!("../../examples/turns/full_board.txt"))
        .map_err(|_| "the turn does not parse")?;
    check(turn.units().len() == 34, "not 34 units")?;
    // `adjudicate` keeps its workspace on the stack, so the figure includes it.
    let (result, used) =
        stack_of(|| adjudicate(map, turn.units(), turn.orders(), &Rules::default()));
    let result = result.map_err(|_| "refused")?;
    let outcome_of = |text: &str| {
        let mut written = Line::default();
        turn.orders()
            .iter()
            .position(|(_, o)| {
                written.0.clear();
                write!(written, "{}", format_order(map, o)).is_ok() && written.0 == text
            })
            .map(|at| result.outcomes()[at])
    };
    check(
        outcome_of("A Par - Bur") == Some(Outcome::Succeeds),
        "Paris does not take Burgundy",
    )?;
    check(
        outcome_of("A Mun - Bur") == Some(Outcome::Fails(FailReason::Standoff)),
        "Munich does not bounce",
    )?;
    check(
        outcome_of("A Bul - Gre") == Some(Outcome::Fails(FailReason::Bounced)),
        "Bulgaria is not bounced",
    )?;
    check(
        digest(result.outcomes().iter().map(outcome_code)) == FULL_BOARD_DIGEST,
        "not the host's outcomes",
    )?;
    Ok(used)
}
const FULL_BOARD_DIGEST: u64 = 0xcc57_3ec6_1374_1c9a;

/// A line of text on the stack, for comparing formatted orders.
#[derive(Default)]
struct Line(heapless::String<64>);

impl Write for Line {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        self.0.push_str(s).map_err(|_| core::fmt::Error)
    }
}

fn outcome_code(outcome: &Outcome) -> u64 {
    match outcome {
        Outcome::Succeeds => 0,
        Outcome::Fails(reason) => 0x100 + *reason as u64,
        Outcome::Illegal(reason) => 0x200 + *reason as u64,
    }
}

const PROVINCES: [&str; 64] = [
    "P0", "P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9", "P10", "P11", "P12", "P13", "P14",
    "P15", "P16", "P17", "P18", "P19", "P20", "P21", "P22", "P23", "P24", "P25", "P26", "P27",
    "P28", "P29", "P30", "P31", "P32", "P33", "P34", "P35", "P36", "P37", "P38", "P39", "P40",
    "P41", "P42", "P43", "P44", "P45", "P46", "P47", "P48", "P49", "P50", "P51", "P52", "P53",
    "P54", "P55", "P56", "P57", "P58", "P59", "P60", "P61", "P62", "P63",
];

/// The deepest dependency chain: a ring of 64 inland provinces, unit i moving into province
/// i + 1, the last holding; every move bounces. The workspace is outside the measured call.
fn adjudicate_chain() -> Checked {
    let mut builder = MapBuilder::new();
    let owner = builder.power("Owner");
    let other = builder.power("Other");
    let provinces: [Location; 64] = core::array::from_fn(|i| {
        builder.province(ProvinceInfo {
            name: PROVINCES[i],
            abbreviation: PROVINCES[i],
            kind: ProvinceKind::Inland,
            supply_centre: false,
            home: None,
        })
    });
    for i in 0..64 {
        builder.army_border(provinces[i], provinces[(i + 1) % 64]);
    }
    let map = builder.build().map_err(|_| "the map is refused")?;
    let units: [Unit; 64] = core::array::from_fn(|i| Unit {
        kind: UnitKind::Army,
        power: if i == 63 { other } else { owner },
        location: provinces[i],
    });
    let orders: [_; 64] = core::array::from_fn(|i| {
        if i == 63 {
            (other, Order::hold(UnitKind::Army, provinces[63]))
        } else {
            (
                owner,
                Order::move_to(UnitKind::Army, provinces[i], provinces[i + 1]),
            )
        }
    });
    let mut workspace = Workspace::new();
    let (result, used) =
        stack_of(|| workspace.adjudicate(&map, &units, &orders, &Rules::default()));
    let result = result.map_err(|_| "refused")?;
    check(
        result.outcomes()[..63]
            .iter()
            .all(|&o| o == Outcome::Fails(FailReason::Bounced))
            && result.outcomes()[63] == Outcome::Succeeds,
        "not every move bounced",
    )?;
    Ok(used)
}

/// Every recorded DATC case: its header names it, its option and the digest of the host's
/// result of each phase (the movement phase, and the retreat phase when the case has retreat
/// orders after a `# retreats` line; or an adjustment phase, its orders after a
/// `# adjustments` line); the results here must have the same digests. The largest stack any
/// phase used.
fn datc_cases() -> Checked {
    let map = standard();
    let mut workspace = Workspace::new();
    let mut most = 0;
    let mut retreat_phases = 0;
    let mut adjustment_phases = 0;
    check(
        !DATC_CASES.is_empty(),
        "no DATC cases recorded (build through `make embedded`)",
    )?;
    for case in DATC_CASES {
        let header = |key: &str| {
            case.lines()
                .find_map(|line| {
                    line.strip_prefix("# ")?
                        .strip_prefix(key)?
                        .strip_prefix(' ')
                })
                .map(str::trim)
        };
        let digest = |key: &str| header(key).and_then(|hex| u64::from_str_radix(hex, 16).ok());
        let name = header("ordo DATC case").ok_or("a case without a name")?;
        let differs = |what: &str| {
            hprintln!("DATC case {name}: {what} differs from the host's");
            "a DATC case's result differs from the host's"
        };
        let rules = header("option")
            .and_then(rules_named)
            .ok_or("a case without a known option")?;
        if let Some((position, orders)) = case.split_once("\n# adjustments\n") {
            let owners = owners_of(map, header("owners").ok_or("a case without owners")?)?;
            let turn = parse_turn(map, position).map_err(|_| "a position does not parse")?;
            let orders = orders_of(map, orders, parse_adjustment)?;
            let (adjustments, used) =
                stack_of(|| adjudicate_adjustments(map, turn.units(), &owners, &orders));
            let adjustments = adjustments.map_err(|_| "an adjustment phase is refused")?;
            if Some(adjustment_digest(&adjustments)) != digest("adjustment digest") {
                return Err(differs("the adjustment phase"));
            }
            most = most.max(used);
            adjustment_phases += 1;
            continue;
        }
        let (movement, retreat_orders) = match case.split_once("\n# retreats\n") {
            Some((movement, orders)) => (movement, Some(orders)),
            None => (*case, None),
        };
        let turn = parse_turn(map, movement).map_err(|_| "a case does not parse")?;
        let (result, used) =
            stack_of(|| workspace.adjudicate(map, turn.units(), turn.orders(), &rules));
        let result = result.map_err(|_| "a case is refused")?;
        if Some(result_digest(result)) != digest("digest") {
            return Err(differs("the movement phase"));
        }
        let (destinations, used_by_destinations) =
            stack_of(|| destinations_digest(map, turn.units(), result));
        if Some(destinations) != digest("destinations digest") {
            return Err(differs("the retreat destinations after the movement phase"));
        }
        most = most.max(used_by_destinations);
        most = most.max(used);
        let Some(text) = retreat_orders else {
            continue;
        };
        let orders = orders_of(map, text, parse_order)?;
        let (retreats, used) =
            stack_of(|| adjudicate_retreats(map, turn.units(), result, &orders, &Rules::default()));
        let retreats = retreats.map_err(|_| "a retreat phase is refused")?;
        if Some(retreat_digest(&retreats)) != digest("retreat digest") {
            return Err(differs("the retreat phase"));
        }
        most = most.max(used);
        retreat_phases += 1;
    }
    hprintln!(
        "{} DATC records: {} movement phases ({} with a retreat phase), {} adjustment phases",
        DATC_CASES.len(),
        DATC_CASES.len() - adjustment_phases,
        retreat_phases,
        adjustment_phases
    );
    Ok(most)
}

/// Orders written as the host's tests write them: power headers (`Austria:`), then one order
/// per line, each read by `parse` (retreats: `parse_order`; adjustments: `parse_adjustment`).
fn orders_of<O, E>(
    map: &Map<'_>,
    text: &str,
    parse: fn(&Map<'_>, &str) -> Result<O, E>,
) -> Result<heapless::Vec<(Power, O), 34>, &'static str> {
    let mut orders = heapless::Vec::new();
    let mut power = None;
    for line in text.lines().map(str::trim).filter(|line| !line.is_empty()) {
        if let Some(name) = line.strip_suffix(':') {
            power = Some(map.power_by_name(name).ok_or("an unknown power")?);
            continue;
        }
        let order = parse(map, line).map_err(|_| "an order does not parse")?;
        let power = power.ok_or("an order before any power")?;
        orders
            .push((power, order))
            .map_err(|_| "more than 34 orders")?;
    }
    Ok(orders)
}

/// The centres' owners as recorded: one entry per province, a power's index or `-`.
fn owners_of(
    map: &Map<'_>,
    entries: &str,
) -> Result<heapless::Vec<Option<Power>, MAX_LOCATIONS>, &'static str> {
    let mut owners = heapless::Vec::new();
    for entry in entries.split_whitespace() {
        let owner = match entry {
            "-" => None,
            index => Some(Power(index.parse().map_err(|_| "a bad owner")?)),
        };
        owners.push(owner).map_err(|_| "too many owners")?;
    }
    check(
        owners.len() == map.province_count(),
        "not one owner entry per province",
    )?;
    Ok(owners)
}
