//! The tour's adjudication section: the rulebook's diagrams 4 to 8 with the
//! seed's statuses (SUCCESS, FAILURE, STANDOFF, DISLODGED, SATISFIED), then
//! two convoy paradoxes: DATC 6.F.16 (Pandin's) and 6.F.14 (the simple one,
//! under the Szykman rule and under "All Hold").

use ordo::adjudicate::{
    Action, FailReason, Order, Outcome, ParadoxRule, Rules, adjudicate, format_order, parse_turn,
    standard,
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
    println!();
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
