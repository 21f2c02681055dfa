//! Rule options and behaviour the DATC cases do not pin down: reasons of
//! illegal and failed orders, repeated orders (4.D.3), support coasts
//! (4.B.4), omitted coasts (4.B.2), the "All Hold" paradox rule, dislodgement
//! records, contested provinces, and refused inputs.

use ordo::adjudicate::standard::*;
use ordo::adjudicate::{
    Action, AdjudicateError, FailReason, IllegalReason, Location, MAX_ORDERS, MAX_UNITS,
    MultipleOrders, Order, Outcome, ParadoxRule, Power, ProvinceKind, Resolution, Rules,
    SupportCoast, Turn, Unit, UnitKind, adjudicate, parse_turn, standard,
};

fn run(text: &str, rules: &Rules) -> (Turn, Resolution) {
    let map = standard();
    let turn = parse_turn(map, text).unwrap();
    let result = adjudicate(map, turn.units(), turn.orders(), rules).unwrap();
    (turn, result)
}

fn outcomes(text: &str, rules: &Rules) -> Vec<Outcome> {
    run(text, rules).1.outcomes().to_vec()
}

use FailReason::*;
use IllegalReason::*;
use Outcome::{Fails, Illegal, Succeeds};

#[test]
fn illegal_reasons() {
    let d = Rules::default();
    assert_eq!(
        outcomes("Germany:\nF Kiel - Munich", &d),
        [Illegal(FleetToLand)]
    );
    assert_eq!(
        outcomes("England:\nA Liverpool - Irish Sea", &d),
        [Illegal(ArmyToSea)]
    );
    assert_eq!(
        outcomes("Germany:\nF Kiel - Kiel", &d),
        [Illegal(SameProvince)]
    );
    assert_eq!(
        outcomes("England:\nF North Sea - Picardy", &d),
        [Illegal(NotAdjacent)]
    );
    assert_eq!(
        outcomes("France:\nF Portugal - Spain", &d),
        [Illegal(CoastNotSpecified)]
    );
    assert_eq!(
        outcomes("France:\nF Gascony - Spain(sc)", &d),
        [Illegal(ImpossibleCoast)]
    );
    assert_eq!(
        outcomes("Germany:\nA Yorkshire - Holland", &d),
        [Illegal(NoConvoyRoute)]
    );
    assert_eq!(
        outcomes("Germany:\nA Munich - Holland", &d),
        [Illegal(NotAdjacent)]
    );
    assert_eq!(
        outcomes("Austria:\nF Trieste Supports F Trieste", &d),
        [Illegal(SupportsItself)]
    );
    assert_eq!(
        outcomes(
            "Austria:\nA Rumania - Armenia\nTurkey:\nF Black Sea Supports A Rumania - Armenia",
            &d
        )[1],
        Illegal(SupportedMoveImpossible)
    );
    assert_eq!(
        outcomes(
            "Italy:\nF Rome Supports A Apulia - Venice\nA Apulia - Venice",
            &d
        )[0],
        Illegal(SupportUnreachable)
    );
    assert_eq!(
        outcomes("Italy:\nA Venice Hold\nF Naples Supports A Venice", &d)[1],
        Illegal(SupportUnreachable)
    );
    assert_eq!(
        outcomes(
            "Turkey:\nA Greece - Sevastopol\nF Constantinople Convoys A Greece - Sevastopol",
            &d
        ),
        [Illegal(NoConvoyRoute), Illegal(ConvoyNotAtSea)]
    );
    assert_eq!(
        outcomes(
            "England:\nF London - Belgium\nF North Sea Convoys A London - Belgium",
            &d
        )[1],
        Illegal(ConvoyedUnitNotArmy)
    );
    // A support of a fleet's move it cannot make, inland or along a coast it does not share,
    // cannot be given.
    assert_eq!(
        outcomes(
            "Germany:\nF Kiel Hold\nA Bohemia Supports F Kiel - Munich",
            &d
        )[1],
        Illegal(SupportedMoveImpossible)
    );
    assert_eq!(
        outcomes(
            "Germany:\nF Kiel Hold\nF Holland Supports F Kiel - Belgium",
            &d
        )[1],
        Illegal(SupportedMoveImpossible)
    );
    // A convoy to the army's own province is on no route (though the fleet borders it).
    assert_eq!(
        outcomes(
            "England:\nA London Hold\nF North Sea Convoys A London - London",
            &d
        )[1],
        Illegal(ConvoyNotOnRoute)
    );
    // A fleet only on a route with a shortcut is on none (DATC 6.G.19's rule): London to
    // Liverpool goes through the Channel and the Irish Sea, which border each other, so the
    // detour through the Mid-Atlantic is no route.
    assert_eq!(
        outcomes(
            "England:\nA London - Liverpool\nF English Channel Convoys A London - Liverpool\n\
             F Irish Sea Convoys A London - Liverpool\nF Mid-Atlantic Ocean Convoys A London - Liverpool",
            &d
        ),
        [Succeeds, Succeeds, Succeeds, Illegal(ConvoyNotOnRoute)]
    );
    // Nor is a longer detour whose ends border each other: London to Gascony goes through the
    // Channel and the Mid-Atlantic, and the Irish Sea and the North Atlantic are off the route
    // (the search must keep every fleet next to an earlier one out of the rest of the path).
    assert_eq!(
        outcomes(
            "England:\nA London - Gascony\nF English Channel Convoys A London - Gascony\n\
             F Mid-Atlantic Ocean Convoys A London - Gascony\nF Irish Sea Convoys A London - Gascony\n\
             F North Atlantic Ocean Convoys A London - Gascony",
            &d
        ),
        [
            Succeeds,
            Succeeds,
            Succeeds,
            Illegal(ConvoyNotOnRoute),
            Illegal(ConvoyNotOnRoute)
        ]
    );
    let g19 = "France:\nA Marseilles - Spain\nF Western Mediterranean Convoys A Marseilles - Spain\n\
               Italy:\nF Gulf of Lyon Convoys A Marseilles - Spain\nA Spain - Marseilles";
    assert_eq!(outcomes(g19, &d)[1], Illegal(ConvoyNotOnRoute));
    assert_eq!(
        outcomes("England:\nF London\nGermany:\nF London - North Sea", &d),
        [Illegal(ForeignUnit)]
    );
    // Through the struct API: an order for an empty province.
    let units = [Unit {
        kind: UnitKind::Army,
        power: FRANCE,
        location: PAR,
    }];
    let orders = [(FRANCE, Order::move_to(UnitKind::Army, BUR, PAR))];
    let result = adjudicate(standard(), &units, &orders, &d).unwrap();
    assert_eq!(result.outcomes(), [Illegal(NoUnit)]);
}

#[test]
fn failure_reasons() {
    let d = Rules::default();
    // Cut support, then void support (no matching order).
    let text = "Austria:\nF Adriatic Sea Supports A Trieste - Venice\nA Trieste - Venice\nItaly:\nA Venice Hold\nF Ionian Sea - Adriatic Sea";
    assert_eq!(
        outcomes(text, &d),
        [Fails(Cut), Fails(Bounced), Succeeds, Fails(Bounced)]
    );
    let text = "Germany:\nA Berlin Supports A Prussia - Silesia\nRussia:\nA Prussia Hold";
    assert_eq!(outcomes(text, &d), [Fails(Void), Succeeds]);
    // A convoyed army without its convoy (DATC 6.D.8).
    let text = "Austria:\nF Ionian Sea Hold\nTurkey:\nA Greece - Naples";
    assert_eq!(outcomes(text, &d), [Succeeds, Fails(NoConvoy)]);
    // ... and with its convoy dislodged (no paradox: the attack on the fleet depends on
    // nothing the army does).
    let text = "England:\nA London - Belgium\nF North Sea Convoys A London - Belgium\n\
                Germany:\nF Helgoland Bight - North Sea\nF Skagerrak Supports F Helgoland Bight - North Sea";
    assert_eq!(
        outcomes(text, &d),
        [Fails(NoConvoy), Fails(Dislodged), Succeeds, Succeeds]
    );
    // The simple convoy paradox (DATC 6.F.14): by the Szykman rule the convoy fails, so the
    // army fails by the paradox and the fleet is dislodged.
    let text = "England:\nF London Supports F Wales - English Channel\nF Wales - English Channel\n\
                France:\nA Brest - London\nF English Channel Convoys A Brest - London";
    assert_eq!(
        outcomes(text, &d),
        [Succeeds, Succeeds, Fails(Paradox), Fails(Dislodged)]
    );
    // Pandin's paradox (DATC 6.F.16) is one: the convoy fails by the Szykman rule.
    let pandin = "England:\nF London Supports F Wales - English Channel\nF Wales - English Channel\n\
                  France:\nA Brest - London\nF English Channel Convoys A Brest - London\n\
                  Germany:\nF North Sea Supports F Belgium - English Channel\nF Belgium - English Channel";
    let got = outcomes(pandin, &d);
    assert_eq!(got[2..4], [Fails(Paradox), Fails(Paradox)]);
    assert_eq!((got[1], got[5]), (Fails(Standoff), Fails(Standoff)));
    // "All Hold": the moves of the paradox fail too. In Pandin's paradox Wales
    // bounces anyway (a standoff with Belgium); in the simple paradox (6.F.14) its
    // supported move fails by the rule, and the Channel is not dislodged.
    let all_hold = Rules {
        paradox: ParadoxRule::AllHold,
        ..d
    };
    let got = outcomes(pandin, &all_hold);
    assert_eq!(
        (got[1], got[2], got[3], got[5]),
        (
            Fails(Standoff),
            Fails(Paradox),
            Fails(Paradox),
            Fails(Standoff)
        )
    );
    let simple = "England:\nF London Supports F Wales - English Channel\nF Wales - English Channel\n\
                  France:\nA Brest - London\nF English Channel Convoys A Brest - London";
    let (_, r) = run(simple, &all_hold);
    assert_eq!(
        r.outcomes(),
        [Succeeds, Fails(Paradox), Fails(Paradox), Fails(Paradox)]
    );
    assert!(r.units().iter().all(|u| u.dislodged.is_none()));
}

#[test]
fn repeated_orders() {
    let text = "Germany:\nA Kiel - Denmark\nA Kiel - Holland\nA Kiel - Denmark";
    let d = Rules::default();
    assert_eq!(
        outcomes(text, &d),
        [
            Illegal(ConflictingOrders),
            Illegal(ConflictingOrders),
            Illegal(ConflictingOrders)
        ]
    );
    let first = Rules {
        multiple_orders: MultipleOrders::First,
        ..d
    };
    let (_, r) = run(text, &first);
    assert_eq!(
        r.outcomes(),
        [Succeeds, Illegal(ConflictingOrders), Succeeds]
    );
    assert_eq!(r.units()[0].moved_to, Some(DEN));
    let last = Rules {
        multiple_orders: MultipleOrders::Last,
        ..d
    };
    let (_, r) = run("Germany:\nA Kiel - Denmark\nA Kiel - Holland", &last);
    assert_eq!(r.units()[0].moved_to, Some(HOL));
    // Identical orders are one order; an illegal one does not count (DATC 4.D.3).
    assert_eq!(
        outcomes("Germany:\nA Kiel - Denmark\nA Kiel - Denmark", &d),
        [Succeeds, Succeeds]
    );
    assert_eq!(
        outcomes("Germany:\nA Kiel - Denmark\nA Kiel - Moscow", &d),
        [Succeeds, Illegal(NotAdjacent)]
    );
    // Orders that say the same, written differently, are one order too: a support naming
    // another unit type (4.C.2) ...
    let (_, r) = run(
        "Germany:\nA Belgium Hold\nA Holland Supports A Belgium\nA Holland Supports F Belgium\n\
         France:\nA Picardy - Belgium\nA Burgundy Supports A Picardy - Belgium",
        &d,
    );
    assert_eq!(r.outcomes()[1..3], [Succeeds, Succeeds]);
    assert_eq!(r.outcomes()[3], Fails(Bounced));
    assert!(r.units()[0].dislodged.is_none());
    // ... a supported move or a convoy written twice, a hold written twice ...
    let (_, r) = run(
        "Germany:\nA Munich Supports F Kiel - Berlin\nA Munich Supports A Kiel - Berlin\n\
         F Kiel - Berlin\nA Berlin Hold\nA Berlin Hold\n\
         England:\nA London - Belgium\nF North Sea Convoys A London - Belgium\n\
         F North Sea Convoys London - Belgium",
        &d,
    );
    assert_eq!(r.outcomes()[..2], [Succeeds, Succeeds]);
    assert_eq!(r.outcomes()[3..5], [Succeeds, Succeeds]);
    assert_eq!(r.outcomes()[6..8], [Succeeds, Succeeds]);
    // ... and a move with and without the one coast the fleet can reach.
    let (_, r) = run("France:\nF Gascony - Spain\nF Gascony - Spain(nc)", &d);
    assert_eq!(r.outcomes(), [Succeeds, Succeeds]);
    assert_eq!(r.units()[0].moved_to, Some(SPA_NC));
    // Supports or convoys of one unit naming another destination, or another unit, differ.
    for text in [
        "Germany:\nA Munich Supports A Berlin - Silesia\nA Munich Supports A Berlin - Kiel\nA Berlin Hold",
        "Germany:\nA Munich Supports A Berlin - Kiel\nA Munich Supports A Ruhr - Kiel\nA Berlin Hold\nA Ruhr Hold",
        "England:\nF North Sea Convoys A London - Norway\nF North Sea Convoys A London - Denmark\nA London Hold",
        "England:\nF North Sea Convoys A London - Norway\nF North Sea Convoys A Yorkshire - Norway\n\
         A London Hold\nA Yorkshire Hold",
    ] {
        assert_eq!(
            outcomes(text, &d)[..2],
            [Illegal(ConflictingOrders), Illegal(ConflictingOrders)],
            "{text}"
        );
    }
    // A hold and a move are not the same, nor a move via convoy and one over land.
    assert_eq!(
        outcomes("France:\nA Paris Hold\nA Paris - Burgundy", &d),
        [Illegal(ConflictingOrders), Illegal(ConflictingOrders)]
    );
    assert_eq!(
        outcomes(
            "England:\nA Yorkshire - London\nA Yorkshire - London via convoy\nF North Sea Hold",
            &d
        )[..2],
        [Illegal(ConflictingOrders), Illegal(ConflictingOrders)]
    );
}

#[test]
fn coast_options() {
    let b15 = "France:\nF Portugal Supports F Mid-Atlantic Ocean - Spain\nEngland:\nF Mid-Atlantic Ocean - Spain(nc)\n\
               Italy:\nF Gulf of Lyon Supports F Western Mediterranean - Spain(sc)\nF Western Mediterranean - Spain(sc)";
    assert_eq!(outcomes(b15, &Rules::default())[0], Succeeds);
    let own_only = Rules {
        support_coast: SupportCoast::OmittedOwnOnly,
        ..Rules::default()
    };
    let got = outcomes(b15, &own_only);
    assert_eq!((got[0], got[3]), (Illegal(SupportCoastMissing), Succeeds));
    let b7 = "France:\nF Portugal Supports F Mid-Atlantic Ocean - Spain\nF Mid-Atlantic Ocean - Spain(nc)";
    assert_eq!(outcomes(b7, &own_only)[0], Succeeds);
    let required = Rules {
        support_coast: SupportCoast::Required,
        ..Rules::default()
    };
    assert_eq!(outcomes(b7, &required)[0], Illegal(SupportCoastMissing));
    // Under every rule, a support names no coast where the province has none, and a named
    // coast always does.
    for support_coast in [
        SupportCoast::OmittedMatchesAny,
        SupportCoast::OmittedOwnOnly,
        SupportCoast::Required,
    ] {
        let rules = Rules {
            support_coast,
            ..Rules::default()
        };
        let no_coasts =
            "England:\nF London - English Channel\nF North Sea Supports F London - English Channel";
        assert_eq!(
            outcomes(no_coasts, &rules),
            [Succeeds, Succeeds],
            "{support_coast:?}"
        );
        let named = "France:\nF Portugal Supports F Mid-Atlantic Ocean - Spain(nc)\nF Mid-Atlantic Ocean - Spain(nc)";
        assert_eq!(
            outcomes(named, &rules),
            [Succeeds, Succeeds],
            "{support_coast:?}"
        );
    }
    let strict = Rules {
        omitted_coast_illegal: true,
        ..Rules::default()
    };
    assert_eq!(
        outcomes("France:\nF Gascony - Spain", &strict),
        [Illegal(CoastNotSpecified)]
    );
    let (_, r) = run("France:\nF Gascony - Spain", &Rules::default());
    assert_eq!(r.units()[0].moved_to, Some(SPA_NC));
}

#[test]
fn dislodgement_records_and_contested_provinces() {
    let text = "England:\nA London - Belgium via Convoy\nF North Sea Convoys A London - Belgium\nA Holland Supports A London - Belgium\n\
                France:\nA Belgium Hold\nA Picardy - Burgundy\nGermany:\nA Munich - Burgundy";
    let (_, r) = run(text, &Rules::default());
    let d = r.units()[3].dislodged.expect("Belgium is dislodged");
    assert_eq!((d.attacker, d.from, d.via_convoy), (0, LON, true));
    assert_eq!(r.units()[0].moved_to, Some(BEL));
    assert_eq!(r.contested().iter().collect::<Vec<_>>(), vec![BUR.index()]);
    // A dislodged convoy contests nothing (DATC 6.F.7).
    let text = "England:\nF North Sea Convoys A London - Holland\nA London - Holland\n\
                Germany:\nF Helgoland Bight Supports F Skagerrak - North Sea\nF Skagerrak - North Sea";
    let (_, r) = run(text, &Rules::default());
    assert!(r.units()[0].dislodged.is_some());
    assert!(r.contested().is_empty());
    // The loser of a head-to-head battle contests nothing either.
    let text = "Germany:\nA Berlin - Prussia\nA Silesia Supports A Berlin - Prussia\nRussia:\nA Prussia - Berlin";
    let (_, r) = run(text, &Rules::default());
    assert!(r.units()[2].dislodged.is_some());
    assert!(r.contested().is_empty());
}

#[test]
fn refused_inputs() {
    let map = standard();
    let d = Rules::default();
    let army = |power, location| Unit {
        kind: UnitKind::Army,
        power,
        location,
    };
    let fleet = |power, location| Unit {
        kind: UnitKind::Fleet,
        power,
        location,
    };
    assert_eq!(
        adjudicate(map, &[army(FRANCE, NTH)], &[], &d).unwrap_err(),
        AdjudicateError::BadUnit(0)
    );
    assert_eq!(
        adjudicate(map, &[fleet(FRANCE, PAR)], &[], &d).unwrap_err(),
        AdjudicateError::BadUnit(0)
    );
    assert_eq!(
        adjudicate(map, &[fleet(FRANCE, SPA)], &[], &d).unwrap_err(),
        AdjudicateError::BadUnit(0)
    );
    assert_eq!(
        adjudicate(map, &[army(ordo::adjudicate::Power(7), PAR)], &[], &d).unwrap_err(),
        AdjudicateError::BadUnit(0)
    );
    assert_eq!(
        adjudicate(map, &[fleet(FRANCE, SPA_NC), army(ITALY, SPA)], &[], &d).unwrap_err(),
        AdjudicateError::SharedProvince(1)
    );
    let orders = [(ordo::adjudicate::Power(9), Order::hold(UnitKind::Army, PAR))];
    assert_eq!(
        adjudicate(map, &[army(FRANCE, PAR)], &orders, &d).unwrap_err(),
        AdjudicateError::BadOrder(0)
    );
    let too_many: Vec<Unit> = (0..65)
        .map(|i| army(FRANCE, ordo::adjudicate::Location(i)))
        .collect();
    assert_eq!(
        adjudicate(map, &too_many, &[], &d).unwrap_err(),
        AdjudicateError::TooManyUnits
    );
    let orders = vec![(FRANCE, Order::hold(UnitKind::Army, PAR)); 129];
    assert_eq!(
        adjudicate(map, &[army(FRANCE, PAR)], &orders, &d).unwrap_err(),
        AdjudicateError::TooManyOrders
    );
    // Exactly the capacities are accepted: MAX_UNITS units (an army on every land province
    // the list reaches, a fleet on every sea) and MAX_ORDERS orders.
    let as_many_as_allowed: Vec<Unit> = (0..map.location_count())
        .map(|i| Location(i as u8))
        .filter(|&at| map.coast_of(at).is_none())
        .map(|at| match map.kind(at) {
            ProvinceKind::Sea => fleet(FRANCE, at),
            _ => army(FRANCE, at),
        })
        .take(MAX_UNITS)
        .collect();
    assert_eq!(as_many_as_allowed.len(), MAX_UNITS);
    let r = adjudicate(map, &as_many_as_allowed, &[], &d).unwrap();
    assert_eq!(r.units().len(), MAX_UNITS);
    let orders = vec![(FRANCE, Order::hold(UnitKind::Army, PAR)); MAX_ORDERS];
    let r = adjudicate(map, &[army(FRANCE, PAR)], &orders, &d).unwrap();
    assert_eq!(r.outcomes().len(), MAX_ORDERS);
    // An order is refused for the first power or location past the map's, wherever it names
    // the location.
    let past_powers = Power(map.power_count() as u8);
    let past_locations = Location(map.location_count() as u8);
    let french = |action| {
        let order = Order {
            kind: Some(UnitKind::Army),
            location: PAR,
            action,
        };
        (FRANCE, order)
    };
    let mut refused = vec![
        (past_powers, Order::hold(UnitKind::Army, PAR)),
        (FRANCE, Order::hold(UnitKind::Army, past_locations)),
        (FRANCE, Order::move_to(UnitKind::Army, PAR, past_locations)),
        french(Action::SupportHold {
            kind: None,
            unit: past_locations,
        }),
    ];
    for (from, to) in [(past_locations, BUR), (BUR, past_locations)] {
        refused.push(french(Action::SupportMove {
            kind: None,
            from,
            to,
        }));
        refused.push(french(Action::Convoy { from, to }));
    }
    for order in refused {
        assert_eq!(
            adjudicate(map, &[army(FRANCE, PAR)], &[order], &d).unwrap_err(),
            AdjudicateError::BadOrder(0),
            "{order:?}"
        );
    }
    // An army given a coast stands in the province.
    let r = adjudicate(
        map,
        &[army(FRANCE, SPA_NC)],
        &[(FRANCE, Order::move_to(UnitKind::Army, SPA, GAS))],
        &d,
    )
    .unwrap();
    assert_eq!(r.outcomes(), [Succeeds]);
}

/// Found by the order-independence property test: an army reading a convoy
/// that is still a guess deeper in a cycle must not settle on that guess
/// (DATC 5.F's `recursion_hits` misses this; the resolver uses low links).
#[test]
fn results_do_not_depend_on_which_order_is_resolved_first() {
    let orders = [
        "France:\nF Mao C A Naf - Gas",
        "Germany:\nF Gas S F Mao",
        "Austria:\nA Par S A Naf - Gas",
        "Russia:\nA Naf - Gas",
        "Germany:\nF Por - Mao",
    ];
    let expected = [
        Succeeds,
        Fails(Dislodged),
        Succeeds,
        Succeeds,
        Fails(Bounced),
    ];
    let mut permutation = [0usize, 1, 2, 3, 4];
    // Every rotation and its reverse.
    for start in 0..5 {
        for reverse in [false, true] {
            for (k, slot) in permutation.iter_mut().enumerate() {
                *slot = if reverse {
                    (start + 5 - k) % 5
                } else {
                    (start + k) % 5
                };
            }
            let text: String = permutation
                .iter()
                .map(|&i| format!("{}\n", orders[i]))
                .collect();
            let got = outcomes(&text, &Rules::default());
            for (k, &i) in permutation.iter().enumerate() {
                assert_eq!(got[k], expected[i], "{text}");
            }
        }
    }
}

/// The movement-phase facts the DATC retreat cases (6.H) rely on.
#[test]
fn facts_for_the_retreat_phase() {
    let d = Rules::default();
    let contested = |r: &Resolution| r.contested().iter().collect::<Vec<_>>();
    // 6.H.6: the standoff in Bohemia makes it contested.
    let text = "Austria:\nA Budapest Supports A Trieste - Vienna\nA Trieste - Vienna\n\
                Germany:\nA Munich - Bohemia\nA Silesia - Bohemia\nItaly:\nA Vienna Hold";
    let (_, r) = run(text, &d);
    assert!(r.units()[4].dislodged.is_some());
    assert_eq!(contested(&r), vec![BOH.index()]);
    // 6.H.9: the unit dislodged in a head-to-head battle does not contest its attacker's area.
    let text = "England:\nF Helgoland Bight - Kiel\nF Denmark Supports F Helgoland Bight - Kiel\n\
                Germany:\nA Berlin - Prussia\nF Kiel Hold\nA Silesia Supports A Berlin - Prussia\n\
                Russia:\nA Prussia - Berlin";
    let (_, r) = run(text, &d);
    assert!(r.units()[3].dislodged.is_some() && r.units()[5].dislodged.is_some());
    assert!(!r.contested().contains(BER.index()));
    // 6.H.12: Liverpool is dislodged by the army from Edinburgh, which came by convoy.
    let text = "England:\nA Liverpool - Edinburgh via convoy\nF Irish Sea Convoys A Liverpool - Edinburgh\n\
                F English Channel Convoys A Liverpool - Edinburgh\nF North Sea Convoys A Liverpool - Edinburgh\n\
                France:\nF Brest - English Channel\nF Mid-Atlantic Ocean Supports F Brest - English Channel\n\
                Russia:\nA Edinburgh - Liverpool via convoy\nF Norwegian Sea Convoys A Edinburgh - Liverpool\n\
                F North Atlantic Ocean Convoys A Edinburgh - Liverpool\nA Clyde Supports A Edinburgh - Liverpool";
    let (_, r) = run(text, &d);
    let d0 = r.units()[0].dislodged.expect("Liverpool is dislodged");
    assert_eq!((d0.from, d0.via_convoy), (EDI, true));
    // 6.H.16: a standoff on one coast of Spain contests the province.
    let text = "France:\nF Mid-Atlantic Ocean - Spain(nc)\nF Gascony - Spain(nc)\nF Western Mediterranean Hold\n\
                Italy:\nF Tunis Supports F Tyrrhenian Sea - Western Mediterranean\nF Tyrrhenian Sea - Western Mediterranean";
    let (_, r) = run(text, &d);
    assert!(r.units()[2].dislodged.is_some());
    assert_eq!(contested(&r), vec![SPA.index()]);
}

/// A convoy through a sea of `rows` x `columns` fleets from Start (beside the first corner) to
/// End (beside the opposite one), and a fleet in a bay that borders only the first row's second
/// sea: a chain through the bay would enter and leave it by the same sea, so the bay lies on no
/// route. Returns the outcome of the bay's convoy order.
fn bay_convoy(rows: usize, columns: usize) -> Outcome {
    use ordo::adjudicate::{Action, Location, MapBuilder, ProvinceInfo, ProvinceKind};
    let names: Vec<String> = (0..rows * columns + 3).map(|i| format!("P{i}")).collect();
    let mut b = MapBuilder::new();
    let me = b.power("Me");
    let province = |b: &mut MapBuilder<'_>, name: &'static str, kind| {
        b.province(ProvinceInfo {
            name,
            abbreviation: name,
            kind,
            supply_centre: false,
            home: None,
        })
    };
    let names: &'static [String] = names.leak();
    let start = province(&mut b, &names[0], ProvinceKind::Coastal);
    let end = province(&mut b, &names[1], ProvinceKind::Coastal);
    let bay = province(&mut b, &names[2], ProvinceKind::Sea);
    let seas: Vec<Location> = (0..rows * columns)
        .map(|i| province(&mut b, &names[3 + i], ProvinceKind::Sea))
        .collect();
    let sea = |r: usize, c: usize| seas[r * columns + c];
    for r in 0..rows {
        for c in 0..columns {
            if c + 1 < columns {
                b.fleet_border(sea(r, c), sea(r, c + 1));
            }
            if r + 1 < rows {
                b.fleet_border(sea(r, c), sea(r + 1, c));
            }
        }
    }
    b.fleet_border(start, sea(0, 0));
    b.fleet_border(end, sea(rows - 1, columns - 1));
    b.fleet_border(bay, sea(0, 1));
    let map = b.build().unwrap();
    let unit = |kind, location| Unit {
        kind,
        power: me,
        location,
    };
    let convoy = |location| Order {
        kind: Some(UnitKind::Fleet),
        location,
        action: Action::Convoy {
            from: start,
            to: end,
        },
    };
    let mut units = vec![unit(UnitKind::Army, start), unit(UnitKind::Fleet, bay)];
    let mut orders = vec![
        (me, Order::move_to(UnitKind::Army, start, end)),
        (me, convoy(bay)),
    ];
    for &sea in &seas {
        units.push(unit(UnitKind::Fleet, sea));
        orders.push((me, convoy(sea)));
    }
    let result = adjudicate(&map, &units, &orders, &Rules::default()).unwrap();
    assert_eq!(result.outcomes()[0], Succeeds, "the army is convoyed");
    result.outcomes()[1]
}

#[test]
fn past_the_route_search_bound_every_fleet_counts_as_on_a_route() {
    // A small sea: the search ends, and the bay's convoy is not on any route.
    assert_eq!(bay_convoy(2, 3), Illegal(ConvoyNotOnRoute));
    // 6 x 10 seas hold more shortcut-free chains than MAX_ROUTE_SEARCH_STEPS steps visit: the
    // search stops there and, as documented, counts every fleet as on a route.
    assert_eq!(bay_convoy(6, 10), Succeeds);
}

#[test]
fn defaults_are_the_empty_values() {
    use ordo::adjudicate::{
        Coast, MapBuilder, ParseError, ParseErrorKind, TurnErrorKind, Workspace,
    };
    let empty = Resolution::default();
    assert!(empty.outcomes().is_empty() && empty.units().is_empty());
    let text = "Germany:\nA Munich - Ruhr";
    let turn = parse_turn(standard(), text).unwrap();
    let mut workspace = Workspace::default();
    let result = workspace
        .adjudicate(standard(), turn.units(), turn.orders(), &Rules::default())
        .unwrap();
    assert_eq!(result.outcomes(), [Succeeds]);
    let map = MapBuilder::default().build().unwrap();
    assert_eq!((map.province_count(), map.power_count()), (0, 0));
    assert_eq!(Coast::West.abbreviation(), "wc");
    let error = ParseError {
        kind: ParseErrorKind::Empty,
        at: 0,
    };
    assert_eq!(TurnErrorKind::from(error), TurnErrorKind::Parse(error));
}

#[test]
fn a_static_paradox_rule_spares_no_support_from_an_army_that_went_over_land() {
    use ordo::adjudicate::AdjacentConvoy;
    // The English Channel is dislodged, so under the DATC v2 fallback Picardy's army goes to
    // Belgium over land: it is no "convoyed army", and its attack cuts Belgium's support of
    // Holland into the North Sea, which holds a convoying fleet (what the 1982 rule protects).
    let text = "France:\nA Picardy - Belgium via convoy\nF English Channel Convoys A Picardy - Belgium\n\
                A Burgundy Supports A Picardy - Belgium\n\
                England:\nF Mid-Atlantic Ocean - English Channel\n\
                F Irish Sea Supports F Mid-Atlantic Ocean - English Channel\n\
                F North Sea Convoys A Yorkshire - Norway\nA Yorkshire - Norway\n\
                Germany:\nF Holland - North Sea\nF Belgium Supports F Holland - North Sea";
    for paradox in [ParadoxRule::Szykman, ParadoxRule::Rule1982] {
        let rules = Rules {
            adjacent_convoy: AdjacentConvoy::LandFallback,
            paradox,
            ..Rules::default()
        };
        let (turn, result) = run(text, &rules);
        let dislodged = |province| {
            let at = turn.units().iter().position(|u| u.location == province);
            result.units()[at.unwrap()].dislodged.is_some()
        };
        assert_eq!(
            result.outcomes()[0],
            Succeeds,
            "{paradox:?}: Picardy - Belgium"
        );
        assert_eq!(result.units()[0].moved_to, Some(BEL), "{paradox:?}");
        assert!(
            dislodged(ENG) && dislodged(BEL) && !dislodged(NTH),
            "{paradox:?}"
        );
        assert!(
            !result.outcomes()[8].succeeded(),
            "{paradox:?}: Belgium's support"
        );
        assert!(
            !result.outcomes()[7].succeeded(),
            "{paradox:?}: Holland - North Sea"
        );
        assert_eq!(
            result.outcomes()[6],
            Succeeds,
            "{paradox:?}: Yorkshire - Norway"
        );
    }
}

#[test]
fn the_land_fallback_covers_a_convoy_with_no_fleets() {
    use ordo::adjudicate::AdjacentConvoy;
    let fallback = Rules {
        adjacent_convoy: AdjacentConvoy::LandFallback,
        ..Rules::default()
    };
    for text in [
        "France:\nA Belgium - Holland via convoy",
        "France:\nA Belgium - Holland via convoy\nF Irish Sea Hold",
        "France:\nA Burgundy - Belgium via convoy\nF North Sea Hold",
    ] {
        let (turn, result) = run(text, &fallback);
        assert_eq!(result.outcomes()[0], Succeeds, "{text}");
        let (_, order) = turn.orders()[0];
        let ordo::adjudicate::Action::Move { to, .. } = order.action else {
            panic!("a move");
        };
        assert_eq!(result.units()[0].moved_to, Some(to), "{text}");
        // DATC's preference (2023, no fallback): there is no route, so the order is illegal.
        assert_eq!(
            outcomes(text, &Rules::default())[0],
            Illegal(NoConvoyRoute),
            "{text}"
        );
    }
}

#[test]
fn an_ignored_impossible_coast_is_ignored_in_a_support_too() {
    // Gascony reaches only Spain's north coast. DATC's preference: both French orders are
    // illegal. With 4.B.3 choice a, the move goes to the north coast, and so does the support
    // that names the same impossible coast, which outweighs England's move.
    let text = "France:\nF Gascony - Spain(sc)\nF Marseilles Supports F Gascony - Spain(sc)\n\
                England:\nF Mid-Atlantic Ocean - Spain(nc)";
    assert_eq!(
        outcomes(text, &Rules::default())[..2],
        [Illegal(ImpossibleCoast), Illegal(SupportedMoveImpossible)]
    );
    let ignored = Rules {
        impossible_coast_ignored: true,
        ..Rules::default()
    };
    let (_, r) = run(text, &ignored);
    assert_eq!(r.outcomes(), [Succeeds, Succeeds, Fails(Standoff)]);
    assert_eq!(r.units()[0].moved_to, Some(SPA_NC));
}

/// Which convoys a move takes (DATC 4.A.3) and which convoy orders match it: only a convoy to
/// the army's own destination is one, and a convoy order matches only an army that goes by
/// convoy there.
#[test]
fn a_convoy_matches_only_an_army_convoyed_to_its_destination() {
    use ordo::adjudicate::AdjacentConvoy;
    let d = Rules::default();
    // An own convoy elsewhere does not make an army convoyed (2023 rulebook): Brest goes to
    // Picardy over land, and the convoy to London has no army to carry.
    let (_, r) = run(
        "France:\nA Brest - Picardy\nF English Channel Convoys A Brest - London",
        &d,
    );
    assert_eq!(r.outcomes(), [Succeeds, Fails(Void)]);
    assert_eq!(r.units()[0].moved_to, Some(PIC));
    // Under the DATC v2 land fallback, an own convoy of an army to a neighbour is taken when
    // it stands, so the army swaps places with the one coming the other way.
    let fallback = Rules {
        adjacent_convoy: AdjacentConvoy::LandFallback,
        ..d
    };
    let (_, r) = run(
        "France:\nA Brest - Picardy\nF English Channel Convoys A Brest - Picardy\n\
         Germany:\nA Picardy - Brest",
        &fallback,
    );
    assert_eq!(r.outcomes(), [Succeeds, Succeeds, Succeeds]);
    assert_eq!(
        (r.units()[0].moved_to, r.units()[2].moved_to),
        (Some(PIC), Some(BRE))
    );
    // A convoy order is void for an army going there over land (a foreign fleet's offer
    // does not make it convoyed), going elsewhere, or not moving at all.
    for text in [
        "England:\nA London - Yorkshire\nGermany:\nF North Sea Convoys A London - Yorkshire",
        "England:\nA London - Wales\nGermany:\nF North Sea Convoys A London - Yorkshire",
        "England:\nA London Supports F Edinburgh - Yorkshire\nF Edinburgh - Yorkshire\n\
         Germany:\nF North Sea Convoys A London - Yorkshire",
    ] {
        let got = outcomes(text, &d);
        assert_eq!(got[got.len() - 1], Fails(Void), "{text}");
    }
}

/// The static paradox rules (DATC 4.A.2) spare exactly the supports they name, no others.
#[test]
fn static_paradox_rules_spare_only_the_supports_they_name() {
    let brest_london = "France:\nA Brest - London\nF English Channel Convoys A Brest - London\n";
    let under = |paradox| Rules {
        paradox,
        ..Rules::default()
    };
    // 1971: "a fleet which is supporting a fleet which is attacking one of the convoy
    // fleets". A support of the convoying fleet to hold is cut ...
    let text = format!("{brest_london}England:\nF London Supports F English Channel");
    assert_eq!(
        outcomes(&text, &under(ParadoxRule::Rule1971))[2],
        Fails(Cut)
    );
    // ... and so is a support of a fleet's attack on a fleet that convoys nothing (under the
    // 1982 rule too: the North Sea holds no convoying fleet).
    let text = format!(
        "{brest_london}England:\nF London Supports F Yorkshire - North Sea\nF Yorkshire - North Sea\n\
         Germany:\nF North Sea Hold"
    );
    for paradox in [ParadoxRule::Rule1971, ParadoxRule::Rule1982] {
        assert_eq!(
            outcomes(&text, &under(paradox))[2],
            Fails(Cut),
            "{paradox:?}"
        );
    }
    // 1982: a support of an attack on the one fleet at sea, which convoys, is spared. The
    // Channel holds with two supports, so the convoy stands and the army attacks London
    // (and bounces), and London's support still stands.
    let text = format!(
        "{brest_london}F Picardy Supports F English Channel\nF Belgium Supports F English Channel\n\
         England:\nF London Supports F Wales - English Channel\nF Wales - English Channel"
    );
    assert_eq!(
        outcomes(&text, &under(ParadoxRule::Rule1982)),
        [
            Fails(Bounced),
            Succeeds,
            Succeeds,
            Succeeds,
            Succeeds,
            Fails(Bounced)
        ]
    );
}
