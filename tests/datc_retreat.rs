//! DATC v3.1 retreat-phase test cases 6.H.1 to 6.H.16, one `#[test]` per case: the movement
//! phase transcribed verbatim as a turn file, then the retreat orders DATC gives (verbatim), or,
//! where DATC only says where a unit may or may not go, the unit's retreat destinations.
//! Everything runs under DATC's preferred rules (`Rules::default()`); 6.H.11 and 6.H.12 also
//! under the 1971 rules, whose convoy reading makes the dislodgement an ordinary one.

use ordo::adjudicate::{
    Action, AdjudicateError, FailReason, IllegalReason, Location, Map, Order, Outcome, Power,
    RetreatResolution, RetreatResult, Rules, Turn, Unit, adjudicate, adjudicate_retreats,
    parse_order, parse_turn, retreat_destinations, standard,
};

mod datc_support;
use datc_support::{record_movement, record_retreats, rules_named};

/// The movement phase of a case, adjudicated under a DATC option (`tests/datc.rs` names them).
struct Case {
    map: &'static Map<'static>,
    text: &'static str,
    option: &'static str,
    turn: Turn,
    movement: ordo::adjudicate::Resolution,
}

fn movement_with(text: &'static str, option: &'static str) -> Case {
    let map = standard();
    let rules = rules_named(option).expect("a DATC option");
    let turn = parse_turn(map, text).expect("the movement phase parses");
    let movement = adjudicate(map, turn.units(), turn.orders(), &rules).expect("adjudicates");
    record_movement(option, text, turn.units(), &movement);
    Case {
        map,
        text,
        option,
        turn,
        movement,
    }
}

fn movement(text: &'static str) -> Case {
    movement_with(text, "preferred")
}

impl Case {
    fn location(&self, name: &str) -> Location {
        self.map
            .location_by_name(name)
            .unwrap_or_else(|| panic!("{name} is a location"))
    }

    /// The index of the unit that stood in `province` before the movement phase.
    fn unit(&self, province: &str) -> usize {
        let province = self.map.province_of(self.location(province));
        self.turn
            .units()
            .iter()
            .position(|unit| self.map.province_of(unit.location) == province)
            .unwrap_or_else(|| panic!("a unit stood in {province:?}"))
    }

    fn dislodged(&self, province: &str) -> bool {
        self.movement.units()[self.unit(province)]
            .dislodged
            .is_some()
    }

    /// Where the unit from `province` may retreat, by location name.
    fn destinations(&self, province: &str) -> Vec<&'static str> {
        let set = retreat_destinations(
            self.map,
            self.turn.units(),
            &self.movement,
            self.unit(province),
        )
        .expect("retreat destinations");
        set.iter()
            .map(|l| {
                let l = Location(l as u8);
                match self.map.coast_of(l) {
                    Some(coast) => {
                        let name =
                            format!("{}({})", self.map.abbreviation(l), coast.abbreviation());
                        &*Box::leak(name.into_boxed_str())
                    }
                    None => self.map.abbreviation(l),
                }
            })
            .collect()
    }

    /// Orders written as a turn file (power headers, one order per line).
    fn orders(&self, text: &str) -> Vec<(Power, Order)> {
        let mut power = None;
        let mut orders = Vec::new();
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
            if let Some(name) = line.strip_suffix(':') {
                power = Some(self.map.power_by_name(name).expect("a power"));
                continue;
            }
            let order = parse_order(self.map, line).expect("the retreat order parses");
            orders.push((power.expect("a power header first"), order));
        }
        orders
    }

    /// Adjudicates retreat orders written as a turn file under DATC's preferred rules.
    fn retreat(&self, text: &str) -> RetreatResolution {
        let retreats = adjudicate_retreats(
            self.map,
            self.turn.units(),
            &self.movement,
            &self.orders(text),
            &Rules::default(),
        )
        .expect("the retreat phase adjudicates");
        record_retreats(
            self.option,
            self.text,
            self.turn.units(),
            &self.movement,
            text,
            &retreats,
        );
        retreats
    }

    fn result(&self, retreats: &RetreatResolution, province: &str) -> RetreatResult {
        retreats.units()[self.unit(province)]
    }
}

#[test]
fn datc_6_h_01() {
    let case = movement(
        "Austria:\nF Trieste Hold\nA Serbia Hold\n\
         Turkey:\nF Greece Hold\n\
         Italy:\nA Venice Supports A Tyrolia - Trieste\nA Tyrolia - Trieste\n\
         F Ionian Sea - Greece\nF Aegean Sea Supports F Ionian Sea - Greece",
    );
    assert!(case.dislodged("Trieste") && case.dislodged("Greece"));
    let retreats = case.retreat(
        "Austria:\nF Trieste - Albania\nA Serbia Supports F Trieste - Albania\n\
         Turkey:\nF Greece - Albania",
    );
    assert_eq!(
        retreats.outcomes(),
        [
            Outcome::Fails(FailReason::Standoff),
            Outcome::Illegal(IllegalReason::NotDislodged),
            Outcome::Fails(FailReason::Standoff),
        ]
    );
    assert_eq!(case.result(&retreats, "Trieste"), RetreatResult::Disbanded);
    assert_eq!(case.result(&retreats, "Greece"), RetreatResult::Disbanded);
    assert_eq!(
        case.result(&retreats, "Serbia"),
        RetreatResult::NotDislodged
    );
}

#[test]
fn datc_6_h_02() {
    let case = movement(
        "England:\nA Liverpool - Edinburgh\nF Yorkshire Supports A Liverpool - Edinburgh\nF Norway Hold\n\
         Germany:\nA Kiel Supports A Ruhr - Holland\nA Ruhr - Holland\n\
         Russia:\nF Edinburgh Hold\nA Sweden Supports A Finland - Norway\nA Finland - Norway\nF Holland Hold",
    );
    assert!(case.dislodged("Norway") && case.dislodged("Edinburgh") && case.dislodged("Holland"));
    let retreats = case.retreat(
        "England:\nF Norway - North Sea\n\
         Russia:\nF Edinburgh - North Sea\nF Holland Supports F Edinburgh - North Sea",
    );
    assert_eq!(
        retreats.outcomes(),
        [
            Outcome::Fails(FailReason::Standoff),
            Outcome::Fails(FailReason::Standoff),
            Outcome::Illegal(IllegalReason::NotARetreat),
        ]
    );
    for province in ["Norway", "Edinburgh", "Holland"] {
        assert_eq!(case.result(&retreats, province), RetreatResult::Disbanded);
    }
}

#[test]
fn datc_6_h_03() {
    let case = movement(
        "England:\nF North Sea Hold\nA Holland Hold\n\
         Germany:\nF Kiel Supports A Ruhr - Holland\nA Ruhr - Holland",
    );
    assert!(case.dislodged("Holland"));
    let retreats =
        case.retreat("England:\nA Holland - Yorkshire\nF North Sea Convoys A Holland - Yorkshire");
    assert_eq!(
        retreats.outcomes(),
        [
            Outcome::Illegal(IllegalReason::NotAdjacent),
            Outcome::Illegal(IllegalReason::NotDislodged),
        ]
    );
    assert_eq!(case.result(&retreats, "Holland"), RetreatResult::Disbanded);
}

#[test]
fn datc_6_h_04() {
    let case = movement(
        "England:\nF North Sea Hold\nA Holland Hold\n\
         Germany:\nF Kiel Supports A Ruhr - Holland\nA Ruhr - Holland",
    );
    let retreats = case.retreat("England:\nA Holland - Belgium\nF North Sea - Norwegian Sea");
    assert_eq!(
        retreats.outcomes(),
        [
            Outcome::Succeeds,
            Outcome::Illegal(IllegalReason::NotDislodged),
        ]
    );
    assert_eq!(
        case.result(&retreats, "Holland"),
        RetreatResult::Retreated(case.location("Belgium"))
    );
    assert_eq!(
        case.result(&retreats, "North Sea"),
        RetreatResult::NotDislodged
    );
}

#[test]
fn datc_6_h_05() {
    let case = movement(
        "Russia:\nF Constantinople Supports F Black Sea - Ankara\nF Black Sea - Ankara\n\
         Turkey:\nF Ankara Hold",
    );
    assert!(case.dislodged("Ankara"));
    assert!(!case.destinations("Ankara").contains(&"Bla"));
    assert_eq!(case.destinations("Ankara"), ["Arm"]);
    let retreats = case.retreat("Turkey:\nF Ankara - Black Sea");
    assert_eq!(
        retreats.outcomes(),
        [Outcome::Illegal(IllegalReason::RetreatToAttacker)]
    );
    assert_eq!(case.result(&retreats, "Ankara"), RetreatResult::Disbanded);
}

#[test]
fn datc_6_h_06() {
    let case = movement(
        "Austria:\nA Budapest Supports A Trieste - Vienna\nA Trieste - Vienna\n\
         Germany:\nA Munich - Bohemia\nA Silesia - Bohemia\n\
         Italy:\nA Vienna Hold",
    );
    assert!(case.dislodged("Vienna"));
    assert!(!case.destinations("Vienna").contains(&"Boh"));
    assert_eq!(case.destinations("Vienna"), ["Gal", "Tyr"]);
    let retreats = case.retreat("Italy:\nA Vienna - Bohemia");
    assert_eq!(
        retreats.outcomes(),
        [Outcome::Illegal(IllegalReason::RetreatToContested)]
    );
}

#[test]
fn datc_6_h_07() {
    let case = movement(
        "Austria:\nA Budapest Supports A Trieste - Vienna\nA Trieste - Vienna\n\
         Germany:\nA Munich Supports A Silesia - Bohemia\nA Silesia - Bohemia\n\
         Italy:\nA Vienna Hold\nA Bohemia Hold",
    );
    let retreats = case.retreat("Italy:\nA Bohemia - Tyrolia\nA Vienna - Tyrolia");
    assert_eq!(
        retreats.outcomes(),
        [
            Outcome::Fails(FailReason::Standoff),
            Outcome::Fails(FailReason::Standoff),
        ]
    );
    assert_eq!(case.result(&retreats, "Bohemia"), RetreatResult::Disbanded);
    assert_eq!(case.result(&retreats, "Vienna"), RetreatResult::Disbanded);
}

#[test]
fn datc_6_h_08() {
    let case = movement(
        "England:\nA Liverpool - Edinburgh\nF Yorkshire Supports A Liverpool - Edinburgh\nF Norway Hold\n\
         Germany:\nA Kiel Supports A Ruhr - Holland\nA Ruhr - Holland\n\
         Russia:\nF Edinburgh Hold\nA Sweden Supports A Finland - Norway\nA Finland - Norway\nF Holland Hold",
    );
    let retreats = case.retreat(
        "England:\nF Norway - North Sea\n\
         Russia:\nF Edinburgh - North Sea\nF Holland - North Sea",
    );
    assert_eq!(
        retreats.outcomes(),
        [Outcome::Fails(FailReason::Standoff); 3]
    );
    for province in ["Norway", "Edinburgh", "Holland"] {
        assert_eq!(case.result(&retreats, province), RetreatResult::Disbanded);
    }
}

#[test]
fn datc_6_h_09() {
    let case = movement(
        "England:\nF Helgoland Bight - Kiel\nF Denmark Supports F Helgoland Bight - Kiel\n\
         Germany:\nA Berlin - Prussia\nF Kiel Hold\nA Silesia Supports A Berlin - Prussia\n\
         Russia:\nA Prussia - Berlin",
    );
    assert!(case.dislodged("Kiel") && case.dislodged("Prussia"));
    assert!(case.destinations("Kiel").contains(&"Ber"));
    let retreats = case.retreat("Germany:\nF Kiel - Berlin");
    assert_eq!(retreats.outcomes(), [Outcome::Succeeds]);
    assert_eq!(
        case.result(&retreats, "Kiel"),
        RetreatResult::Retreated(case.location("Berlin"))
    );
}

#[test]
fn datc_6_h_10() {
    let case = movement(
        "England:\nA Kiel Hold\n\
         Germany:\nA Berlin - Kiel\nA Munich Supports A Berlin - Kiel\nA Prussia Hold\n\
         Russia:\nA Warsaw - Prussia\nA Silesia Supports A Warsaw - Prussia",
    );
    assert!(case.dislodged("Kiel") && case.dislodged("Prussia"));
    assert!(!case.destinations("Kiel").contains(&"Ber"));
    assert!(case.destinations("Prussia").contains(&"Ber"));
    let retreats = case.retreat("England:\nA Kiel - Berlin\nGermany:\nA Prussia - Berlin");
    assert_eq!(
        retreats.outcomes(),
        [
            Outcome::Illegal(IllegalReason::RetreatToAttacker),
            Outcome::Succeeds,
        ]
    );
    assert_eq!(case.result(&retreats, "Kiel"), RetreatResult::Disbanded);
    assert_eq!(
        case.result(&retreats, "Prussia"),
        RetreatResult::Retreated(case.location("Berlin"))
    );
}

const CASE_6_H_11: &str = "France:\nA Gascony - Marseilles via convoy\nA Burgundy Supports A Gascony - Marseilles\n\
     F Mid-Atlantic Ocean Convoys A Gascony - Marseilles\nF Western Mediterranean Convoys A Gascony - Marseilles\n\
     F Gulf of Lyon Convoys A Gascony - Marseilles\n\
     Italy:\nA Marseilles Hold";

#[test]
fn datc_6_h_11() {
    // 2023 rules (DATC's preference): dislodged by a convoy, so it may retreat to Gascony.
    let case = movement(CASE_6_H_11);
    assert!(case.dislodged("Marseilles"));
    assert!(case.destinations("Marseilles").contains(&"Gas"));
    let retreats = case.retreat("Italy:\nA Marseilles - Gascony");
    assert_eq!(retreats.outcomes(), [Outcome::Succeeds]);
}

#[test]
fn datc_6_h_11_rules_1971() {
    // The 1971 rules take the land route: an ordinary dislodgement, no retreat to Gascony. Their
    // reading of convoys to adjacent provinces alone does the same.
    for option in ["rules-1971", "adjacent-1971"] {
        let case = movement_with(CASE_6_H_11, option);
        assert!(case.dislodged("Marseilles"), "{option}");
        assert!(
            !case.destinations("Marseilles").contains(&"Gas"),
            "{option}"
        );
    }
}

const CASE_6_H_12: &str = "England:\nA Liverpool - Edinburgh via convoy\nF Irish Sea Convoys A Liverpool - Edinburgh\n\
     F English Channel Convoys A Liverpool - Edinburgh\nF North Sea Convoys A Liverpool - Edinburgh\n\
     France:\nF Brest - English Channel\nF Mid-Atlantic Ocean Supports F Brest - English Channel\n\
     Russia:\nA Edinburgh - Liverpool via convoy\nF Norwegian Sea Convoys A Edinburgh - Liverpool\n\
     F North Atlantic Ocean Convoys A Edinburgh - Liverpool\nA Clyde Supports A Edinburgh - Liverpool";

#[test]
fn datc_6_h_12() {
    // 2023 rules: the army in Liverpool is dislodged by a convoy and may retreat to Edinburgh.
    let case = movement(CASE_6_H_12);
    assert!(case.dislodged("Liverpool"));
    assert!(case.destinations("Liverpool").contains(&"Edi"));
    let retreats = case.retreat("England:\nA Liverpool - Edinburgh");
    assert_eq!(retreats.outcomes(), [Outcome::Succeeds]);
}

#[test]
fn datc_6_h_12_rules_1971() {
    // The 1971 rules: Edinburgh moves over land, Liverpool is not dislodged; their reading of
    // convoys to adjacent provinces alone does the same.
    for option in ["rules-1971", "adjacent-1971"] {
        let case = movement_with(CASE_6_H_12, option);
        assert!(!case.dislodged("Liverpool"), "{option}");
        assert!(case.destinations("Liverpool").is_empty(), "{option}");
    }
}

#[test]
fn datc_6_h_13() {
    let case = movement(
        "England:\nA Picardy Hold\nF English Channel Convoys A Picardy - London\n\
         France:\nA Paris - Picardy\nA Brest Supports A Paris - Picardy",
    );
    assert!(case.dislodged("Picardy"));
    assert!(!case.destinations("Picardy").contains(&"Lon"));
    assert_eq!(case.destinations("Picardy"), ["Bel", "Bur"]);
    let retreats = case.retreat("England:\nA Picardy - London");
    assert_eq!(
        retreats.outcomes(),
        [Outcome::Illegal(IllegalReason::NotAdjacent)]
    );
}

#[test]
fn datc_6_h_14() {
    let case = movement(
        "England:\nA Picardy Hold\nF English Channel Supports A Picardy - Belgium\n\
         France:\nA Paris - Picardy\nA Brest Supports A Paris - Picardy\nA Burgundy Hold\n\
         Germany:\nA Munich Supports A Marseilles - Burgundy\nA Marseilles - Burgundy",
    );
    assert!(case.dislodged("Picardy") && case.dislodged("Burgundy"));
    let retreats = case.retreat("England:\nA Picardy - Belgium\nFrance:\nA Burgundy - Belgium");
    assert_eq!(
        retreats.outcomes(),
        [Outcome::Fails(FailReason::Standoff); 2]
    );
    assert_eq!(case.result(&retreats, "Picardy"), RetreatResult::Disbanded);
    assert_eq!(case.result(&retreats, "Burgundy"), RetreatResult::Disbanded);
}

#[test]
fn datc_6_h_15() {
    let case = movement(
        "England:\nF Portugal Hold\n\
         France:\nF Spain(sc) - Portugal\nF Mid-Atlantic Ocean Supports F Spain(sc) - Portugal",
    );
    assert!(case.dislodged("Portugal"));
    assert!(case.destinations("Portugal").is_empty());
    let retreats = case.retreat("England:\nF Portugal - Spain(nc)");
    assert_eq!(
        retreats.outcomes(),
        [Outcome::Illegal(IllegalReason::RetreatToAttacker)]
    );
    assert_eq!(case.result(&retreats, "Portugal"), RetreatResult::Disbanded);
}

#[test]
fn datc_6_h_16() {
    let case = movement(
        "France:\nF Mid-Atlantic Ocean - Spain(nc)\nF Gascony - Spain(nc)\nF Western Mediterranean Hold\n\
         Italy:\nF Tunis Supports F Tyrrhenian Sea - Western Mediterranean\n\
         F Tyrrhenian Sea - Western Mediterranean",
    );
    assert!(case.dislodged("Western Mediterranean"));
    assert!(
        !case
            .destinations("Western Mediterranean")
            .contains(&"Spa(sc)")
    );
    let retreats = case.retreat("France:\nF Western Mediterranean - Spain(sc)");
    assert_eq!(
        retreats.outcomes(),
        [Outcome::Illegal(IllegalReason::RetreatToContested)]
    );
}

/// Italy's army in Vienna dislodged by Austria's supported attack from Trieste.
const VIENNA_DISLODGED: &str =
    "Austria:\nA Budapest Supports A Trieste - Vienna\nA Trieste - Vienna\nItaly:\nA Vienna Hold";

#[test]
fn units_without_a_retreat_order_are_disbanded_and_others_stay() {
    let case = movement(VIENNA_DISLODGED);
    let retreats = case.retreat("");
    assert!(retreats.outcomes().is_empty());
    assert_eq!(case.result(&retreats, "Vienna"), RetreatResult::Disbanded);
    assert_eq!(
        case.result(&retreats, "Budapest"),
        RetreatResult::NotDislodged
    );
    // Nowhere to go for a unit that was not dislodged, or for no unit at all.
    for unit in [case.unit("Budapest"), case.turn.units().len()] {
        let destinations =
            retreat_destinations(case.map, case.turn.units(), &case.movement, unit).unwrap();
        assert!(destinations.is_empty(), "unit {unit}");
    }
    // Vienna: not Trieste (the attacker came from there), not Budapest (occupied).
    let mut vienna = case.destinations("Vienna");
    vienna.sort_unstable();
    assert_eq!(vienna, ["Boh", "Gal", "Tyr"]);
}

#[test]
fn retreat_orders_to_different_places_follow_the_multiple_orders_option() {
    use ordo::adjudicate::MultipleOrders;
    let case = movement(VIENNA_DISLODGED);
    let text = "Italy:\nA Vienna - Tyrolia\nA Vienna - Galicia\nA Vienna - Tyrolia";
    let conflict = Outcome::Illegal(IllegalReason::ConflictingOrders);
    // DATC 4.D.3's choice: differing orders are no order, and the unit is disbanded.
    let retreats = case.retreat(text);
    assert_eq!(retreats.outcomes(), [conflict; 3]);
    assert_eq!(case.result(&retreats, "Vienna"), RetreatResult::Disbanded);
    let orders = case.orders(text);
    for (choice, outcomes, to) in [
        (
            MultipleOrders::First,
            [Outcome::Succeeds, conflict, Outcome::Succeeds],
            "Tyrolia",
        ),
        (
            MultipleOrders::Last,
            [Outcome::Succeeds, conflict, Outcome::Succeeds],
            "Tyrolia",
        ),
    ] {
        let rules = Rules {
            multiple_orders: choice,
            ..Rules::default()
        };
        let retreats =
            adjudicate_retreats(case.map, case.turn.units(), &case.movement, &orders, &rules)
                .unwrap();
        assert_eq!(retreats.outcomes(), outcomes, "{choice:?}");
        assert_eq!(
            case.result(&retreats, "Vienna"),
            RetreatResult::Retreated(case.location(to)),
            "{choice:?}"
        );
    }
    let last = Rules {
        multiple_orders: MultipleOrders::Last,
        ..Rules::default()
    };
    let orders = case.orders("Italy:\nA Vienna - Tyrolia\nA Vienna - Galicia");
    let retreats =
        adjudicate_retreats(case.map, case.turn.units(), &case.movement, &orders, &last).unwrap();
    assert_eq!(retreats.outcomes(), [conflict, Outcome::Succeeds]);
    assert_eq!(
        case.result(&retreats, "Vienna"),
        RetreatResult::Retreated(case.location("Galicia"))
    );
}

#[test]
fn a_repeated_retreat_order_is_one_order() {
    let case = movement(VIENNA_DISLODGED);
    let retreats = case.retreat("Italy:\nA Vienna - Tyrolia\nA Vienna - Tyrolia");
    assert_eq!(retreats.outcomes(), [Outcome::Succeeds; 2]);
    assert_eq!(
        case.result(&retreats, "Vienna"),
        RetreatResult::Retreated(case.location("Tyrolia"))
    );
    // 6.H.7 with Vienna's retreat written twice: both copies bounce.
    let case = movement(
        "Austria:\nA Budapest Supports A Trieste - Vienna\nA Trieste - Vienna\n\
         Germany:\nA Munich Supports A Silesia - Bohemia\nA Silesia - Bohemia\n\
         Italy:\nA Vienna Hold\nA Bohemia Hold",
    );
    let retreats =
        case.retreat("Italy:\nA Vienna - Tyrolia\nA Bohemia - Tyrolia\nA Vienna - Tyrolia");
    assert_eq!(
        retreats.outcomes(),
        [Outcome::Fails(FailReason::Standoff); 3]
    );
    assert_eq!(case.result(&retreats, "Vienna"), RetreatResult::Disbanded);
}

#[test]
fn a_foreign_retreat_order_is_illegal() {
    let case = movement(VIENNA_DISLODGED);
    let retreats = case.retreat("Austria:\nA Vienna - Tyrolia");
    assert_eq!(
        retreats.outcomes(),
        [Outcome::Illegal(IllegalReason::ForeignUnit)]
    );
}

#[test]
fn a_mismatched_movement_resolution_is_refused() {
    let case = movement("Italy:\nA Vienna Hold");
    let other = parse_turn(case.map, "Italy:\nA Vienna Hold\nA Rome Hold").unwrap();
    assert_eq!(
        adjudicate_retreats(
            case.map,
            other.units(),
            &case.movement,
            &[],
            &Rules::default()
        )
        .unwrap_err(),
        AdjudicateError::MovementMismatch
    );
}

#[test]
fn strict_rules_refuse_a_retreat_naming_a_coast_the_unit_does_not_use() {
    // The army in Gascony and the fleet on Bulgaria's east coast are dislodged.
    let case = movement(
        "Italy:\nA Gascony Hold\nF Bulgaria(ec) Hold\n\
         France:\nA Brest - Gascony\nA Paris Supports A Brest - Gascony\n\
         Russia:\nF Black Sea - Bulgaria\nA Rumania Supports F Black Sea - Bulgaria",
    );
    assert!(case.dislodged("Gascony") && case.dislodged("Bulgaria"));
    // An army naming a coast, a fleet named on the coast it does not hold.
    let orders = case.orders("Italy:\nA Gascony - Spain(nc)\nF Bulgaria(sc) - Constantinople");
    let lenient = case.retreat("Italy:\nA Gascony - Spain(nc)\nF Bulgaria(sc) - Constantinople");
    assert_eq!(lenient.outcomes(), [Outcome::Succeeds, Outcome::Succeeds]);
    assert_eq!(
        case.result(&lenient, "Gascony"),
        RetreatResult::Retreated(case.location("Spain"))
    );
    let strict = Rules {
        irrelevant_coast_illegal: true,
        wrong_unit_coast_illegal: true,
        ..Rules::default()
    };
    let retreats = adjudicate_retreats(
        case.map,
        case.turn.units(),
        &case.movement,
        &orders,
        &strict,
    )
    .unwrap();
    assert_eq!(
        retreats.outcomes(),
        [
            Outcome::Illegal(IllegalReason::IrrelevantCoast),
            Outcome::Illegal(IllegalReason::WrongUnitCoast)
        ]
    );
    assert_eq!(case.result(&retreats, "Gascony"), RetreatResult::Disbanded);
    assert_eq!(case.result(&retreats, "Bulgaria"), RetreatResult::Disbanded);
}

#[test]
fn a_retreat_off_the_map_is_illegal_and_an_order_off_the_map_is_refused() {
    let case = movement(VIENNA_DISLODGED);
    let vienna = case.location("Vienna");
    let italy = case.map.power_by_name("Italy").unwrap();
    let retreat_to = |to: Location| Order {
        kind: None,
        location: vienna,
        action: Action::Move {
            to,
            via_convoy: false,
        },
    };
    let adjudicate = |orders: &[(Power, Order)]| {
        adjudicate_retreats(
            case.map,
            case.turn.units(),
            &case.movement,
            orders,
            &Rules::default(),
        )
    };
    let retreats = adjudicate(&[(italy, retreat_to(Location(250)))]).unwrap();
    assert_eq!(
        retreats.outcomes(),
        [Outcome::Illegal(IllegalReason::NotAdjacent)]
    );
    assert_eq!(case.result(&retreats, "Vienna"), RetreatResult::Disbanded);
    let tyrolia = retreat_to(case.location("Tyrolia"));
    let off_map = Order {
        location: Location(250),
        ..tyrolia
    };
    assert_eq!(
        adjudicate(&[(italy, tyrolia), (italy, off_map)]).unwrap_err(),
        AdjudicateError::BadOrder(1)
    );
    assert_eq!(
        adjudicate(&[(Power(7), tyrolia)]).unwrap_err(),
        AdjudicateError::BadOrder(0)
    );
}

#[test]
fn retreats_beyond_the_capacities_are_refused() {
    let case = movement("Italy:\nA Vienna Hold");
    let italy = case.map.power_by_name("Italy").unwrap();
    let hold = (italy, parse_order(case.map, "A Vienna Hold").unwrap());
    let as_many_as_allowed = vec![hold; ordo::adjudicate::MAX_ORDERS];
    assert!(
        adjudicate_retreats(
            case.map,
            case.turn.units(),
            &case.movement,
            &as_many_as_allowed,
            &Rules::default()
        )
        .is_ok(),
        "MAX_ORDERS orders are allowed"
    );
    let too_many_orders = vec![hold; ordo::adjudicate::MAX_ORDERS + 1];
    assert_eq!(
        adjudicate_retreats(
            case.map,
            case.turn.units(),
            &case.movement,
            &too_many_orders,
            &Rules::default()
        )
        .unwrap_err(),
        AdjudicateError::TooManyOrders
    );
    let too_many_units = vec![case.turn.units()[0]; ordo::adjudicate::MAX_UNITS + 1];
    assert_eq!(
        adjudicate_retreats(
            case.map,
            &too_many_units,
            &case.movement,
            &[],
            &Rules::default()
        )
        .unwrap_err(),
        AdjudicateError::TooManyUnits
    );
    let off_map = [Unit {
        location: Location(250),
        ..case.turn.units()[0]
    }];
    assert_eq!(
        adjudicate_retreats(case.map, &off_map, &case.movement, &[], &Rules::default())
            .unwrap_err(),
        AdjudicateError::BadUnit(0)
    );
}

// Retreat destinations on which DipNet (the Python `diplomacy` package) and ordo disagree,
// found by the differential run of `tools/differential`; the movement-phase ones are in
// `tests/adjudicate_dipnet.rs`. DipNet lets a unit dislodged by a convoyed army retreat to
// any neighbour, occupied or contested, and withholds the convoyed attacker's origin when it
// judges the convoy disrupted by an attack that fails.

/// A unit dislodged by a convoyed army may not retreat to an occupied province (Munich) any more
/// than one dislodged over land; only the attacker's origin becomes open to it (DATC 4.A.5,
/// 6.H.11).
#[test]
fn dislodged_by_a_convoyed_army_the_unit_still_may_not_retreat_to_an_occupied_province() {
    let case = movement(
        "Austria:\nA Kiel Hold\n\
         Turkey:\nA Prussia - Kiel\nF Baltic Sea Convoys A Prussia - Kiel\n\
         A Munich Supports A Prussia - Kiel",
    );
    assert!(case.dislodged("Kiel"));
    assert_eq!(case.destinations("Kiel"), ["Ber", "Den", "Hol", "Ruh"]);
}

/// Nor to a province left empty by a standoff (Armenia, DATC 6.H.6), nor to the province of the
/// convoying fleet (Black Sea): only Rumania, the convoyed army's origin, is open.
#[test]
fn dislodged_by_a_convoyed_army_the_unit_still_may_not_retreat_to_a_contested_province() {
    let case = movement(
        "Austria:\nA Rumania - Sevastopol\nF Black Sea Convoys A Rumania - Sevastopol\n\
         A Ankara - Armenia\n\
         England:\nA Ukraine Supports A Rumania - Sevastopol\n\
         France:\nF Sevastopol - Armenia",
    );
    assert!(case.dislodged("Sevastopol"));
    assert_eq!(case.destinations("Sevastopol"), ["Rum"]);
}

/// An attack on the convoying fleet supported only by the fleet's own power fails (DATC 6.D.12),
/// so the convoy stands and the unit it dislodges may retreat to the army's origin, Armenia
/// (DATC 4.A.5, 6.H.11).
#[test]
fn a_convoy_that_an_own_power_support_cannot_break_opens_the_attackers_origin_to_retreat() {
    let case = movement(
        "England:\nF Sevastopol - Black Sea\n\
         Russia:\nA Armenia - Sevastopol\nF Black Sea Convoys A Armenia - Sevastopol\n\
         F Constantinople Supports F Sevastopol - Black Sea\n\
         A Moscow Supports A Armenia - Sevastopol",
    );
    assert!(case.dislodged("Sevastopol"));
    let mut destinations = case.destinations("Sevastopol");
    destinations.sort_unstable();
    assert_eq!(destinations, ["Arm", "Rum"]);
}
