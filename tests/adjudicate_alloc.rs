//! Adjudication allocates nothing: a counting global allocator (per thread)
//! sees zero allocations while positions are parsed and adjudicated,
//! including a convoy paradox and a circular movement.

use ordo::adjudicate::{Rules, Workspace, adjudicate, parse_turn, standard};

#[path = "support/counting_alloc.rs"]
mod counting_alloc;
use counting_alloc::allocations;

const POSITIONS: [&str; 3] = [
    include_str!("../examples/turns/full_board.txt"),
    // DATC 6.F.24: a second-order convoy paradox (Szykman).
    "England:\nF Edinburgh - North Sea\nF London Supports F Edinburgh - North Sea\nF Irish Sea - English Channel\n\
     F Mid-Atlantic Ocean Supports F Irish Sea - English Channel\nFrance:\nA Brest - London\n\
     F English Channel Convoys A Brest - London\nF Belgium Supports F English Channel\nRussia:\nA Norway - Belgium\n\
     F North Sea Convoys A Norway - Belgium\n",
    // DATC 6.C.4: circular movement with an attacked convoy.
    "Austria:\nA Trieste - Serbia\nA Serbia - Bulgaria\nTurkey:\nA Bulgaria - Trieste\n\
     F Aegean Sea Convoys A Bulgaria - Trieste\nF Ionian Sea Convoys A Bulgaria - Trieste\n\
     F Adriatic Sea Convoys A Bulgaria - Trieste\nItaly:\nF Naples - Ionian Sea\n",
];

#[test]
fn adjudication_allocates_nothing() {
    let map = standard();
    let mut workspace = Workspace::new();
    let before = allocations();
    let mut succeeded = 0;
    for text in POSITIONS {
        let turn = parse_turn(map, text).unwrap();
        let on_stack = adjudicate(map, turn.units(), turn.orders(), &Rules::default()).unwrap();
        let reused = workspace
            .adjudicate(map, turn.units(), turn.orders(), &Rules::default())
            .unwrap();
        assert_eq!(on_stack.outcomes(), reused.outcomes());
        succeeded += reused.outcomes().iter().filter(|o| o.succeeded()).count();
    }
    assert_eq!(allocations() - before, 0, "adjudication allocated");
    assert!(succeeded > 30);
}

#[test]
fn the_retreat_phase_allocates_nothing() {
    use ordo::adjudicate::{RetreatResult, adjudicate_retreats, parse_order, retreat_destinations};
    let map = standard();
    let turn = parse_turn(
        map,
        "Austria:\nA Budapest Supports A Trieste - Vienna\nA Trieste - Vienna\nItaly:\nA Vienna Hold",
    )
    .unwrap();
    let italy = map.power_by_name("Italy").unwrap();
    let orders = [(italy, parse_order(map, "A Vie - Tyr").unwrap())];
    let before = allocations();
    let movement = adjudicate(map, turn.units(), turn.orders(), &Rules::default()).unwrap();
    let options = retreat_destinations(map, turn.units(), &movement, 2).unwrap();
    let retreats =
        adjudicate_retreats(map, turn.units(), &movement, &orders, &Rules::default()).unwrap();
    assert_eq!(allocations() - before, 0, "the retreat phase allocated");
    assert!(!options.is_empty());
    assert!(matches!(retreats.units()[2], RetreatResult::Retreated(_)));
}

#[test]
fn the_adjustment_phase_allocates_nothing() {
    use ordo::adjudicate::standard::{FRANCE, PAR, PIC, RUSSIA, STP};
    use ordo::adjudicate::{Unit, UnitFate, UnitKind, adjudicate_adjustments, parse_adjustment};
    let map = standard();
    let mut owners = [None; 256];
    owners[PAR.index()] = Some(FRANCE);
    owners[STP.index()] = Some(RUSSIA);
    let owners = &owners[..map.province_count()];
    let units = [
        Unit {
            kind: UnitKind::Army,
            power: FRANCE,
            location: PAR,
        },
        Unit {
            kind: UnitKind::Army,
            power: FRANCE,
            location: PIC,
        },
    ];
    let before = allocations();
    let orders = [(RUSSIA, parse_adjustment(map, "Build A Stp").unwrap())];
    let result = adjudicate_adjustments(map, &units, owners, &orders).unwrap();
    assert_eq!(allocations() - before, 0, "the adjustment phase allocated");
    assert!(result.outcomes()[0].succeeded());
    assert_eq!(result.units()[1], UnitFate::RemovedInDisorder);
}
