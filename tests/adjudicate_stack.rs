//! The resolver on a small stack: a full 34-unit board (workspace on the
//! thread's stack, through `adjudicate`) and the deepest dependency chain
//! the capacity allows (64 units, each moving into the next one's province,
//! workspace owned outside the thread) both run on a 32 KiB thread; on
//! s390x in a debug build, on the larger thread the README gives for it.

use ordo::adjudicate::{
    FailReason, Location, MapBuilder, Order, Outcome, ProvinceInfo, ProvinceKind, Rules, Unit,
    UnitKind, Workspace, adjudicate, parse_turn, standard,
};

/// The README's stack figures. An unoptimised s390x build needs more: its ABI
/// reserves a 160-byte register save area in every call frame, and the
/// deepest chain nests two frames per unit.
const SMALL_STACK: usize = if cfg!(all(target_arch = "s390x", debug_assertions)) {
    80 * 1024
} else {
    32 * 1024
};

#[test]
fn full_board_on_a_small_stack() {
    let map = standard();
    let turn = parse_turn(map, include_str!("../examples/turns/full_board.txt")).unwrap();
    assert_eq!(turn.units().len(), 34);
    let expected = adjudicate(map, turn.units(), turn.orders(), &Rules::default()).unwrap();
    let (units, orders) = (turn.units().to_vec(), turn.orders().to_vec());
    let outcomes = std::thread::Builder::new()
        .stack_size(SMALL_STACK)
        .spawn(move || {
            let result = adjudicate(standard(), &units, &orders, &Rules::default()).unwrap();
            result.outcomes().to_vec()
        })
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(outcomes, expected.outcomes());
    // Spot checks: Paris takes Burgundy, Munich bounces, Bulgaria is dislodged by Serbia.
    let at = |text: &str| {
        turn.orders()
            .iter()
            .position(|(_, o)| ordo::adjudicate::format_order(map, o).to_string() == text)
            .unwrap()
    };
    assert_eq!(outcomes[at("A Par - Bur")], Outcome::Succeeds);
    assert_eq!(
        outcomes[at("A Mun - Bur")],
        Outcome::Fails(FailReason::Standoff)
    );
    assert_eq!(outcomes[at("A Ser - Bul")], Outcome::Succeeds);
    assert_eq!(
        outcomes[at("A Bul - Gre")],
        Outcome::Fails(FailReason::Bounced)
    );
    assert_eq!(outcomes[at("A Ven - Tri")], Outcome::Succeeds);
    assert_eq!(outcomes[at("F Sev - Bla")], Outcome::Succeeds);
    assert_eq!(
        outcomes[at("A War - Gal")],
        Outcome::Fails(FailReason::Standoff)
    );
}

#[test]
fn sixty_four_unit_chain_on_a_small_stack() {
    // A ring of 64 inland provinces; unit i moves to province i+1, the last holds,
    // so resolving unit 0 recurses through the whole chain.
    let names: Vec<String> = (0..64).map(|i| format!("P{i}")).collect();
    let mut builder = MapBuilder::new();
    let owner = builder.power("Owner");
    let other = builder.power("Other");
    let provinces: Vec<Location> = names
        .iter()
        .map(|name| {
            builder.province(ProvinceInfo {
                name,
                abbreviation: name,
                kind: ProvinceKind::Inland,
                supply_centre: false,
                home: None,
            })
        })
        .collect();
    for i in 0..64 {
        builder.army_border(provinces[i], provinces[(i + 1) % 64]);
    }
    let map = Box::new(builder.build().unwrap());
    let units: Vec<Unit> = (0..64)
        .map(|i| Unit {
            kind: UnitKind::Army,
            power: if i == 63 { other } else { owner },
            location: provinces[i],
        })
        .collect();
    let mut orders: Vec<_> = (0..63)
        .map(|i| {
            (
                owner,
                Order::move_to(UnitKind::Army, provinces[i], provinces[i + 1]),
            )
        })
        .collect();
    orders.push((other, Order::hold(UnitKind::Army, provinces[63])));
    let mut workspace = Box::new(Workspace::new());
    let outcomes = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(SMALL_STACK)
            .spawn_scoped(scope, || {
                workspace
                    .adjudicate(&map, &units, &orders, &Rules::default())
                    .unwrap()
                    .outcomes()
                    .to_vec()
            })
            .unwrap()
            .join()
            .unwrap()
    });
    assert!(
        outcomes[..63]
            .iter()
            .all(|&o| o == Outcome::Fails(FailReason::Bounced))
    );
    assert_eq!(outcomes[63], Outcome::Succeeds);
}
