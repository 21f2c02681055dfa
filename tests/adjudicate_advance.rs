//! Advancing the board between phases (`units_after_retreats`, `units_after_adjustments`,
//! `take_centres`): a whole game year played through them, and every error. The property
//! tests of `tests/adjudicate_props.rs` compare them with naive versions on random positions.

use ordo::adjudicate::standard::{
    AUSTRIA, BEL, BUR, ENGLAND, FRANCE, GAL, GERMANY, HOL, KIE, MAR, MUN, PAR, RUH, SER, STP,
    STP_SC, TRI, VIE,
};
use ordo::adjudicate::{
    AdjudicateError, Adjustment, FailReason, Location, Outcome, Power, RetreatResult, Rules, Unit,
    UnitKind, adjudicate, adjudicate_adjustments, adjudicate_retreats, parse_adjustment,
    parse_order, parse_turn, standard, take_centres, units_after_adjustments, units_after_retreats,
};

fn army(power: Power, location: Location) -> Unit {
    Unit {
        kind: UnitKind::Army,
        power,
        location,
    }
}

/// Owners of the standard map's home centres, as at the start of a game.
fn home_owners() -> Vec<Option<Power>> {
    let map = standard();
    (0..map.province_count())
        .map(|p| map.province(p).unwrap().home)
        .collect()
}

#[test]
fn a_year_from_spring_moves_to_winter_builds() {
    let map = standard();
    let rules = Rules::default();
    // Spring: France walks into Burgundy, Germany into the Ruhr and Holland.
    let spring = parse_turn(
        map,
        "France:\nA Par - Bur\nA Mar S A Par - Bur\nGermany:\nA Mun - Ruh\nA Kie - Hol\n",
    )
    .unwrap();
    let movement = adjudicate(map, spring.units(), spring.orders(), &rules).unwrap();
    let retreats = adjudicate_retreats(map, spring.units(), &movement, &[], &rules).unwrap();
    let board = units_after_retreats(spring.units(), &movement, &retreats).unwrap();
    assert_eq!(
        &board[..],
        [
            army(FRANCE, BUR),
            army(FRANCE, MAR),
            army(GERMANY, RUH),
            army(GERMANY, HOL)
        ]
    );

    // Fall: France and Germany both go for Belgium, and Germany's supported attack wins; the
    // army from Marseilles bounces off the French army that stayed in Burgundy.
    let orders: Vec<(Power, _)> = [
        (FRANCE, "A Bur - Bel"),
        (FRANCE, "A Mar - Bur"),
        (GERMANY, "A Ruh - Bel"),
        (GERMANY, "A Hol S A Ruh - Bel"),
    ]
    .iter()
    .map(|&(power, text)| (power, parse_order(map, text).unwrap()))
    .collect();
    let movement = adjudicate(map, &board, &orders, &rules).unwrap();
    assert_eq!(
        movement.outcomes(),
        [
            Outcome::Fails(FailReason::Standoff),
            Outcome::Fails(FailReason::Bounced),
            Outcome::Succeeds,
            Outcome::Succeeds
        ]
    );
    let retreats = adjudicate_retreats(map, &board, &movement, &[], &rules).unwrap();
    assert!(
        retreats
            .units()
            .iter()
            .all(|r| *r == RetreatResult::NotDislodged)
    );
    let board = units_after_retreats(&board, &movement, &retreats).unwrap();
    assert_eq!(
        &board[..],
        [
            army(FRANCE, BUR),
            army(FRANCE, MAR),
            army(GERMANY, BEL),
            army(GERMANY, HOL)
        ]
    );

    // Winter: the centres Germany stands on become German; Paris and Munich stay home-owned.
    let mut owners = home_owners();
    take_centres(map, &board, &mut owners).unwrap();
    assert_eq!(owners[BEL.index()], Some(GERMANY));
    assert_eq!(owners[HOL.index()], Some(GERMANY));
    assert_eq!(owners[MAR.index()], Some(FRANCE));
    assert_eq!(owners[BUR.index()], None);
    // Germany: 3 home centres + Bel + Hol = 5 centres, 2 units: 3 builds; France: 3 and 2, 1.
    let adjustments: Vec<(Power, Adjustment)> = [
        (GERMANY, "Build A Munich"),
        (GERMANY, "Build F Kiel"),
        (FRANCE, "Build A Paris"),
        (FRANCE, "Build A Marseilles"), // occupied, and France's one build is spent
    ]
    .iter()
    .map(|&(power, text)| (power, parse_adjustment(map, text).unwrap()))
    .collect();
    let result = adjudicate_adjustments(map, &board, &owners, &adjustments).unwrap();
    let next = units_after_adjustments(map, &board, &adjustments, &result).unwrap();
    let fleet_kie = Unit {
        kind: UnitKind::Fleet,
        power: GERMANY,
        location: KIE,
    };
    assert_eq!(
        &next[..],
        [
            army(FRANCE, BUR),
            army(FRANCE, MAR),
            army(GERMANY, BEL),
            army(GERMANY, HOL),
            army(GERMANY, MUN),
            fleet_kie,
            army(FRANCE, PAR),
        ]
    );
}

#[test]
fn removals_and_civil_disorder_leave_the_board() {
    let map = standard();
    // Austria: three units, one centre (Vienna): two removals due, one ordered.
    let units = [army(AUSTRIA, VIE), army(AUSTRIA, GAL), army(AUSTRIA, SER)];
    let mut owners = vec![None; map.province_count()];
    owners[VIE.index()] = Some(AUSTRIA);
    let orders = [(AUSTRIA, parse_adjustment(map, "Remove A Gal").unwrap())];
    let result = adjudicate_adjustments(map, &units, &owners, &orders).unwrap();
    let next = units_after_adjustments(map, &units, &orders, &result).unwrap();
    assert_eq!(next.len(), 1);
    assert_eq!(next[0].power, AUSTRIA);
}

#[test]
fn an_army_built_with_a_coast_stands_on_the_province() {
    let map = standard();
    let russia = map.power_by_name("Russia").unwrap();
    let mut owners = vec![None; map.province_count()];
    owners[STP.index()] = Some(russia);
    let build = Adjustment::Build {
        kind: UnitKind::Army,
        location: STP_SC,
    };
    let orders = [(russia, build)];
    let result = adjudicate_adjustments(map, &[], &owners, &orders).unwrap();
    assert_eq!(result.outcomes(), [Outcome::Succeeds]);
    let next = units_after_adjustments(map, &[], &orders, &result).unwrap();
    assert_eq!(&next[..], [army(russia, STP)]);
}

#[test]
fn a_result_for_other_units_or_orders_is_refused() {
    let map = standard();
    let rules = Rules::default();
    let turn = parse_turn(map, "Austria:\nA Vie - Tri\nA Bud H\n").unwrap();
    let movement = adjudicate(map, turn.units(), turn.orders(), &rules).unwrap();
    let retreats = adjudicate_retreats(map, turn.units(), &movement, &[], &rules).unwrap();
    assert_eq!(
        units_after_retreats(&turn.units()[..1], &movement, &retreats),
        Err(AdjudicateError::PhaseMismatch)
    );
    // As many units as allowed are not too many, only not this phase's (64 against 2).
    assert_eq!(
        units_after_retreats(&[turn.units()[0]; 64], &movement, &retreats),
        Err(AdjudicateError::PhaseMismatch)
    );
    let other = parse_turn(map, "Austria:\nA Vie H\n").unwrap();
    let fewer = adjudicate(map, other.units(), other.orders(), &rules).unwrap();
    assert_eq!(
        units_after_retreats(turn.units(), &fewer, &retreats),
        Err(AdjudicateError::PhaseMismatch)
    );
    // Results of another turn with as many units: Austria's armies were not dislodged there.
    let dislodging = parse_turn(
        map,
        "Austria:\nA Vie H\nA Bud H\nRussia:\nA Gal - Vie\nA Boh S A Gal - Vie\n",
    )
    .unwrap();
    let movement_4 = adjudicate(map, dislodging.units(), dislodging.orders(), &rules).unwrap();
    let retreats_4 =
        adjudicate_retreats(map, dislodging.units(), &movement_4, &[], &rules).unwrap();
    assert_eq!(retreats_4.units()[0], RetreatResult::Disbanded);
    let other_turn = parse_turn(
        map,
        "Austria:\nA Vie H\nA Bud H\nRussia:\nA Gal H\nA Boh H\n",
    )
    .unwrap();
    let quiet = adjudicate(map, other_turn.units(), other_turn.orders(), &rules).unwrap();
    assert_eq!(
        units_after_retreats(other_turn.units(), &quiet, &retreats_4),
        Err(AdjudicateError::PhaseMismatch)
    );
    let quiet_retreats = adjudicate_retreats(map, other_turn.units(), &quiet, &[], &rules).unwrap();
    assert_eq!(
        units_after_retreats(dislodging.units(), &movement_4, &quiet_retreats),
        Err(AdjudicateError::PhaseMismatch)
    );
    let too_many = [army(AUSTRIA, VIE); 65];
    assert_eq!(
        units_after_retreats(&too_many, &movement, &retreats),
        Err(AdjudicateError::TooManyUnits)
    );

    let owners = home_owners();
    let units = [army(AUSTRIA, TRI)];
    let orders = [(AUSTRIA, parse_adjustment(map, "Build A Vienna").unwrap())];
    let result = adjudicate_adjustments(map, &units, &owners, &orders).unwrap();
    assert_eq!(
        units_after_adjustments(map, &units, &[], &result),
        Err(AdjudicateError::PhaseMismatch)
    );
    assert_eq!(
        units_after_adjustments(map, &[], &orders, &result),
        Err(AdjudicateError::PhaseMismatch)
    );
    // The same number of orders, but not the ones decided: a build off the map is refused.
    let off_map = [(
        AUSTRIA,
        Adjustment::Build {
            kind: UnitKind::Army,
            location: Location(250),
        },
    )];
    assert_eq!(
        units_after_adjustments(map, &units, &off_map, &result),
        Err(AdjudicateError::BadOrder(0))
    );
    assert_eq!(
        units_after_adjustments(map, &units, &orders, &result)
            .unwrap()
            .last(),
        Some(&army(AUSTRIA, VIE))
    );
}

#[test]
fn take_centres_refuses_bad_input_and_leaves_owners_alone() {
    let map = standard();
    let mut owners = home_owners();
    let before = owners.clone();
    let mut short = vec![None; map.province_count() - 1];
    assert_eq!(
        take_centres(map, &[army(ENGLAND, BEL)], &mut short),
        Err(AdjudicateError::BadOwners)
    );
    let off_map = [army(ENGLAND, BEL), army(ENGLAND, Location(250))];
    assert_eq!(
        take_centres(map, &off_map, &mut owners),
        Err(AdjudicateError::BadUnit(1))
    );
    assert_eq!(owners, before, "nothing is written on an error");
    let foreign = [army(Power(7), BEL)];
    assert_eq!(
        take_centres(map, &foreign, &mut owners),
        Err(AdjudicateError::BadUnit(0))
    );
    assert_eq!(owners, before);
    let mut taken = owners.clone();
    assert!(take_centres(map, &[army(ENGLAND, BEL); 64], &mut taken).is_ok());
    let too_many = [army(ENGLAND, BEL); 65];
    assert_eq!(
        take_centres(map, &too_many, &mut owners),
        Err(AdjudicateError::TooManyUnits)
    );
    assert_eq!(owners, before);
    // A unit on another power's home centre takes it.
    take_centres(map, &[army(ENGLAND, PAR)], &mut owners).unwrap();
    assert_eq!(owners[PAR.index()], Some(ENGLAND));
}
