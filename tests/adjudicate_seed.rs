//! The seed's five rulebook diagrams (4 to 8) with its statuses: SUCCESS,
//! FAILURE, STANDOFF, DISLODGED and SATISFIED (a support that was given).
//! The positions are the files of `examples/turns/`.

use ordo::adjudicate::standard::{BUR, FRANCE, GAS, GERMANY, MAR, SIL};
use ordo::adjudicate::{
    Action, FailReason, Order, Outcome, Rules, Unit, UnitKind, adjudicate, parse_turn, standard,
};

/// The seed's order statuses.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
enum Status {
    Success,
    Failure,
    Standoff,
    Dislodged,
    Satisfied,
}

/// Maps an outcome to the seed's status: a given support is SATISFIED, a
/// move stopped by an equal competitor is a STANDOFF, a dislodged holding
/// unit is DISLODGED, any other failure is a FAILURE.
fn status(order: &Order, outcome: Outcome) -> Status {
    match outcome {
        Outcome::Succeeds => match order.action {
            Action::SupportHold { .. } | Action::SupportMove { .. } => Status::Satisfied,
            _ => Status::Success,
        },
        Outcome::Fails(FailReason::Standoff) => Status::Standoff,
        Outcome::Fails(FailReason::Dislodged) => Status::Dislodged,
        Outcome::Fails(_) | Outcome::Illegal(_) => Status::Failure,
    }
}

/// Adjudicates a turn file and returns `(order text, status)` per order.
fn statuses(text: &str) -> Vec<(String, Status)> {
    let map = standard();
    let turn = parse_turn(map, text).expect("turn file parses");
    let result =
        adjudicate(map, turn.units(), turn.orders(), &Rules::default()).expect("adjudicates");
    turn.orders()
        .iter()
        .zip(result.outcomes())
        .map(|((_, order), &outcome)| {
            (
                ordo::adjudicate::format_order(map, order).to_string(),
                status(order, outcome),
            )
        })
        .collect()
}

fn expect(text: &str, expected: &[(&str, Status)]) {
    let got = statuses(text);
    let want: Vec<(String, Status)> = expected.iter().map(|&(o, s)| (o.to_string(), s)).collect();
    assert_eq!(got, want);
}

#[test]
fn diagram_4_standoff() {
    expect(
        include_str!("../examples/turns/diagram4.txt"),
        &[
            ("A Ber - Sil", Status::Standoff),
            ("A War - Sil", Status::Standoff),
        ],
    );
}

#[test]
fn diagram_5_chain_of_failed_moves() {
    expect(
        include_str!("../examples/turns/diagram5.txt"),
        &[
            ("A Pru H", Status::Success),
            ("A Ber - Pru", Status::Failure),
            ("A Kie - Ber", Status::Failure),
        ],
    );
}

#[test]
fn diagram_6_no_swap_without_convoy() {
    expect(
        include_str!("../examples/turns/diagram6.txt"),
        &[
            ("F Ber - Pru", Status::Failure),
            ("A Pru - Ber", Status::Failure),
        ],
    );
}

#[test]
fn diagram_7_rotation() {
    expect(
        include_str!("../examples/turns/diagram7.txt"),
        &[
            ("A Hol - Bel", Status::Success),
            ("F Bel - Nth", Status::Success),
            ("F Nth - Hol", Status::Success),
        ],
    );
}

#[test]
fn diagram_8_supported_attack_dislodges() {
    expect(
        include_str!("../examples/turns/diagram8.txt"),
        &[
            ("A Mar - Bur", Status::Success),
            ("A Gas S A Mar - Bur", Status::Satisfied),
            ("A Bur H", Status::Dislodged),
        ],
    );
}

/// Diagram 8 again through the struct API, checking the dislodgement record.
#[test]
fn diagram_8_through_the_struct_api() {
    let map = standard();
    let bur = map.location_by_name("Burgundy").unwrap();
    assert_eq!(bur, BUR);
    let units = [
        Unit {
            kind: UnitKind::Army,
            power: FRANCE,
            location: MAR,
        },
        Unit {
            kind: UnitKind::Army,
            power: FRANCE,
            location: GAS,
        },
        Unit {
            kind: UnitKind::Army,
            power: GERMANY,
            location: bur,
        },
    ];
    let orders = [
        (FRANCE, Order::move_to(UnitKind::Army, MAR, bur)),
        (
            FRANCE,
            Order {
                kind: Some(UnitKind::Army),
                location: GAS,
                action: Action::SupportMove {
                    kind: Some(UnitKind::Army),
                    from: MAR,
                    to: bur,
                },
            },
        ),
        (GERMANY, Order::hold(UnitKind::Army, bur)),
    ];
    let result = adjudicate(map, &units, &orders, &Rules::default()).unwrap();
    assert_eq!(
        result.outcomes(),
        &[
            Outcome::Succeeds,
            Outcome::Succeeds,
            Outcome::Fails(FailReason::Dislodged)
        ]
    );
    assert_eq!(result.units()[0].moved_to, Some(bur));
    let dislodged = result.units()[2].dislodged.expect("Burgundy is dislodged");
    assert_eq!(
        (dislodged.attacker, dislodged.from, dislodged.via_convoy),
        (0, MAR, false)
    );
    assert!(result.units()[1].dislodged.is_none());
    assert!(result.contested().is_empty());
}

/// The standoff of diagram 4 leaves Silesia contested (no retreat there).
#[test]
fn diagram_4_leaves_silesia_contested() {
    let map = standard();
    let turn = parse_turn(map, include_str!("../examples/turns/diagram4.txt")).unwrap();
    let result = adjudicate(map, turn.units(), turn.orders(), &Rules::default()).unwrap();
    assert_eq!(
        result.contested().iter().collect::<Vec<_>>(),
        vec![SIL.index()]
    );
    assert!(
        result
            .units()
            .iter()
            .all(|u| u.moved_to.is_none() && u.dislodged.is_none())
    );
}
