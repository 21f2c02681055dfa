//! The tour's adjudicate section: the rulebook's diagrams 4 to 8 (the seed),
//! adjudicated on the standard map with DATC's preferred rules.

use ordo::adjudicate::{Outcome, Rules, adjudicate, format_order, parse_turn, standard};

const DIAGRAMS: [(&str, &str); 5] = [
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
        "Diagram 8, a supported attack dislodges",
        include_str!("../turns/diagram8.txt"),
    ),
];

/// Prints this routine's worked examples.
pub fn show() {
    println!("== adjudicate: Diplomacy movement phase (DATC v3.1) ==");
    let map = standard();
    for (title, text) in DIAGRAMS {
        println!("{title}:");
        let turn = parse_turn(map, text).expect("the diagram files parse");
        let result = adjudicate(map, turn.units(), turn.orders(), &Rules::default())
            .expect("the diagrams are valid positions");
        for ((power, order), outcome) in turn.orders().iter().zip(result.outcomes()) {
            let verdict = match outcome {
                Outcome::Succeeds => "succeeds".to_string(),
                Outcome::Fails(reason) => format!("fails ({reason:?})"),
                Outcome::Illegal(reason) => format!("illegal ({reason:?})"),
            };
            let power = map.power_name(*power).unwrap_or("?");
            println!(
                "  {power:<8} {:<22} {verdict}",
                format_order(map, order).to_string()
            );
        }
        for (unit, unit_result) in turn.units().iter().zip(result.units()) {
            if let Some(dislodged) = unit_result.dislodged {
                println!(
                    "  dislodged: {} {} by the unit from {}",
                    unit.kind.letter(),
                    map.abbreviation(unit.location),
                    map.abbreviation(dislodged.from)
                );
            }
        }
    }
    println!();
}
