//! The tour's adjudication section: the rulebook's diagrams 4 to 8 with the
//! seed's statuses (SUCCESS, FAILURE, STANDOFF, DISLODGED, SATISFIED), then
//! two convoy paradoxes: DATC 6.F.16 (Pandin's) and 6.F.14 (the simple one,
//! under the Szykman rule and under "All Hold"), a retreat after Diagram 8 and
//! the board for the Fall turn, and a winter's civil disorder.

use ordo::adjudicate::{
    Action, FailReason, Order, Outcome, ParadoxRule, RetreatResult, Rules, Unit, UnitKind,
    adjudicate, adjudicate_adjustments, adjudicate_retreats, format_order, parse_order, parse_turn,
    retreat_destinations, standard, units_after_retreats,
};

/// Prints this routine's worked examples.
pub fn show() {
    println!("== Diplomacy adjudication (seed 004: rulebook diagrams 4-8)");
    let diagrams = [
        (
            "Diagram 4, a standoff",
            include_str!("../turns/diagram4.txt"),
        ),
        (
            "Diagram 5, a chain of failed moves",
            include_str!("../turns/diagram5.txt"),
        ),
        (
            "Diagram 6, no swap without a convoy",
            include_str!("../turns/diagram6.txt"),
        ),
        (
            "Diagram 7, a rotation",
            include_str!("../turns/diagram7.txt"),
        ),
        (
            "Diagram 8, a supported attack",
            include_str!("../turns/diagram8.txt"),
        ),
    ];
    for (title, text) in diagrams {
        println!("{title}:");
        print_turn(text, &Rules::default());
    }

    let pandin = "England:\nF London Supports F Wales - English Channel\nF Wales - English Channel\n\
                  France:\nA Brest - London\nF English Channel Convoys A Brest - London\n\
                  Germany:\nF North Sea Supports F Belgium - English Channel\nF Belgium - English Channel\n";
    println!("DATC 6.F.16, Pandin's paradox (Szykman rule, DATC's choice): nothing moves:");
    print_turn(pandin, &Rules::default());
    let simple = "England:\nF London Supports F Wales - English Channel\nF Wales - English Channel\n\
                  France:\nA Brest - London\nF English Channel Convoys A Brest - London\n";
    println!("DATC 6.F.14, the simple convoy paradox, Szykman rule: London's support stands:");
    print_turn(simple, &Rules::default());
    let all_hold = Rules {
        paradox: ParadoxRule::AllHold,
        ..Rules::default()
    };
    println!("The same under the \"All Hold\" rule:");
    print_turn(simple, &all_hold);
    show_retreat_and_winter();
    println!();
}

/// After Diagram 8: where the dislodged army of Burgundy may retreat; then a winter in which
/// France owns two centres for three units and orders no removal (civil disorder, DATC 6.J).
fn show_retreat_and_winter() {
    let map = standard();
    let turn = parse_turn(map, include_str!("../turns/diagram8.txt")).expect("diagram 8 parses");
    let movement =
        adjudicate(map, turn.units(), turn.orders(), &Rules::default()).expect("adjudicates");
    let options = retreat_destinations(map, turn.units(), &movement, 2).expect("retreats");
    let names: Vec<&str> = options
        .iter()
        .map(|l| map.abbreviation(ordo::adjudicate::Location(l as u8)))
        .collect();
    println!(
        "The retreat phase after Diagram 8: A Bur may retreat to {names:?} (not Mar, whence the attack came)"
    );
    let german = turn.units()[2].power;
    let retreat = [(german, parse_order(map, "A Bur - Ruh").expect("parses"))];
    let retreats = adjudicate_retreats(map, turn.units(), &movement, &retreat, &Rules::default())
        .expect("adjudicates");
    if let RetreatResult::Retreated(to) = retreats.units()[2] {
        println!(
            "  A Bur - Ruh: the army retreats to {}",
            map.abbreviation(to)
        );
    }
    let fall = units_after_retreats(turn.units(), &movement, &retreats).expect("advances");
    let board: Vec<String> = fall
        .iter()
        .map(|unit| {
            let power = map.power_name(unit.power).unwrap_or("?");
            format!("{power} A {}", map.abbreviation(unit.location))
        })
        .collect();
    println!("  The board for the Fall turn: {}", board.join(", "));

    let france = map.power_by_name("France").expect("France");
    let mut owners = vec![None; map.province_count()];
    for centre in ["Par", "Mar"] {
        owners[map.location_by_name(centre).expect("a centre").index()] = Some(france);
    }
    let units: Vec<Unit> = ["Bur", "Gas", "Pic"]
        .iter()
        .map(|&at| Unit {
            kind: UnitKind::Army,
            power: france,
            location: map.location_by_name(at).expect("a province"),
        })
        .collect();
    let winter = adjudicate_adjustments(map, &units, &owners, &[]).expect("adjudicates");
    println!(
        "A winter: France owns Par and Mar, has armies in Bur, Gas, Pic and orders no removal:"
    );
    for (unit, fate) in units.iter().zip(winter.units()) {
        println!("  A {}: {fate:?}", map.abbreviation(unit.location));
    }
    println!("  (all three armies are one move from a centre: on the tie the first by name goes)");
}

/// The seed's status of an order: a given support is SATISFIED, a move
/// stopped by an equal competitor a STANDOFF, a dislodged unit's order
/// DISLODGED, any other failure (or illegal order) a FAILURE.
fn seed_status(order: &Order, outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Succeeds => match order.action {
            Action::SupportHold { .. } | Action::SupportMove { .. } => "SATISFIED",
            _ => "SUCCESS",
        },
        Outcome::Fails(FailReason::Standoff) => "STANDOFF",
        Outcome::Fails(FailReason::Dislodged) => "DISLODGED",
        Outcome::Fails(_) | Outcome::Illegal(_) => "FAILURE",
    }
}

fn print_turn(text: &str, rules: &Rules) {
    let map = standard();
    let turn = parse_turn(map, text).expect("the tour's turns parse");
    let result =
        adjudicate(map, turn.units(), turn.orders(), rules).expect("the tour's turns adjudicate");
    for ((power, order), &outcome) in turn.orders().iter().zip(result.outcomes()) {
        let power = map.power_name(*power).unwrap_or("?");
        let written = format_order(map, order).to_string();
        let status = seed_status(order, outcome);
        println!("  {power:<8} {written:<28} {status:<10} {outcome:?}");
    }
    for (unit, unit_result) in turn.units().iter().zip(result.units()) {
        if let Some(dislodged) = unit_result.dislodged {
            println!(
                "  {} {} is dislodged by the unit from {}{}",
                unit.kind.letter(),
                map.abbreviation(unit.location),
                map.abbreviation(dislodged.from),
                if dislodged.via_convoy {
                    " (by convoy)"
                } else {
                    ""
                }
            );
        }
    }
}
