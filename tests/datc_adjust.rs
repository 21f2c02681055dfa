//! DATC v3.1 adjustment-phase test cases 6.I.1 to 6.J.11 (builds, removals, civil disorder),
//! one `#[test]` per case, and 6.B.14 (building with an omitted coast). DATC describes each
//! position in prose ("Germany may build one", "Russia owns St Petersburg and has armies in
//! Livonia and Prussia"); each test writes that position as units and supply-centre owners
//! (choosing, where DATC leaves it open, centres and units that give exactly the stated number
//! of adjustments), then the orders verbatim.

mod datc_support;
use datc_support::record_adjustments;

use ordo::adjudicate::{
    Adjustment, AdjustmentResolution, FailReason, IllegalReason, Map, Outcome, Power, Unit,
    UnitFate, UnitKind, adjudicate_adjustments, parse_adjustment, standard,
};

struct Position {
    map: &'static Map<'static>,
    units: Vec<Unit>,
    owners: Vec<Option<Power>>,
}

fn power(name: &str) -> Power {
    standard().power_by_name(name).expect("a power")
}

impl Position {
    fn new() -> Position {
        let map = standard();
        Position {
            map,
            units: Vec::new(),
            owners: vec![None; map.province_count()],
        }
    }

    /// `power` owns these supply centres (full names or abbreviations).
    fn owns(mut self, who: &str, centres: &[&str]) -> Position {
        for centre in centres {
            let location = self.map.location_by_name(centre).expect("a centre");
            self.owners[self.map.province_of(location).index()] = Some(power(who));
        }
        self
    }

    /// `power` has these units (`"A Livonia"`, `"F Skagerrak"`, `"F Stp(sc)"`).
    fn has(mut self, who: &str, units: &[&str]) -> Position {
        for unit in units {
            let Ok(Adjustment::Remove {
                kind: Some(kind),
                location,
            }) = parse_adjustment(self.map, &format!("Remove {unit}"))
            else {
                panic!("{unit} is a unit");
            };
            self.units.push(Unit {
                kind,
                power: power(who),
                location,
            });
        }
        self
    }

    /// Adjudicates orders written as a turn file (power headers, one order per line).
    fn adjust(&self, text: &str) -> AdjustmentResolution {
        let mut who = None;
        let mut orders = Vec::new();
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
            if let Some(name) = line.strip_suffix(':') {
                who = Some(power(name));
                continue;
            }
            let order = parse_adjustment(self.map, line).expect("the order parses");
            orders.push((who.expect("a power header first"), order));
        }
        let result = adjudicate_adjustments(self.map, &self.units, &self.owners, &orders)
            .expect("the adjustment phase adjudicates");
        record_adjustments(&self.units, &self.owners, text, &result);
        result
    }

    /// The units civil disorder or orders removed, by location abbreviation.
    fn removed(&self, result: &AdjustmentResolution) -> Vec<&'static str> {
        self.units
            .iter()
            .zip(result.units())
            .filter(|(_, fate)| **fate != UnitFate::Stays)
            .map(|(unit, _)| self.map.abbreviation(unit.location))
            .collect()
    }
}

const SUCCEEDS: Outcome = Outcome::Succeeds;
const NO_ALLOWANCE: Outcome = Outcome::Fails(FailReason::NoAllowanceLeft);
const DUPLICATE: Outcome = Outcome::Fails(FailReason::Duplicate);

#[test]
fn datc_6_b_14() {
    // Building a fleet on a coast-ambiguous home centre without naming the coast fails.
    let position = Position::new().owns("Russia", &["Stp", "Mos"]);
    let result = position.adjust("Russia:\nBuild F St Petersburg");
    assert_eq!(
        result.outcomes(),
        [Outcome::Illegal(IllegalReason::CoastNotSpecified)]
    );
}

#[test]
fn datc_6_i_01() {
    // Germany may build one: three home centres, two units elsewhere.
    let position = Position::new()
        .owns("Germany", &["Berlin", "Kiel", "Munich"])
        .has("Germany", &["A Ruhr", "A Silesia"]);
    let result = position.adjust("Germany:\nBuild A Warsaw\nBuild A Kiel\nBuild A Munich");
    assert_eq!(
        result.outcomes(),
        [
            Outcome::Illegal(IllegalReason::NotAHomeCentre),
            SUCCEEDS,
            NO_ALLOWANCE,
        ]
    );
}

#[test]
fn datc_6_i_02() {
    let position = Position::new().owns("Russia", &["Moscow"]);
    let result = position.adjust("Russia:\nBuild F Moscow");
    assert_eq!(
        result.outcomes(),
        [Outcome::Illegal(IllegalReason::FleetToLand)]
    );
}

#[test]
fn datc_6_i_03() {
    let position = Position::new()
        .owns("Germany", &["Berlin", "Kiel"])
        .has("Germany", &["A Berlin"]);
    let result = position.adjust("Germany:\nBuild A Berlin");
    assert_eq!(
        result.outcomes(),
        [Outcome::Illegal(IllegalReason::CentreOccupied)]
    );
}

#[test]
fn datc_6_i_04() {
    let position = Position::new()
        .owns("Russia", &["St Petersburg", "Moscow"])
        .has("Russia", &["F St Petersburg(sc)"]);
    let result = position.adjust("Russia:\nBuild A St Petersburg(nc)");
    assert_eq!(
        result.outcomes(),
        [Outcome::Illegal(IllegalReason::CentreOccupied)]
    );
}

#[test]
fn datc_6_i_05() {
    // Russia took Berlin and left; Germany owns other centres (so has builds) but not Berlin.
    let position = Position::new()
        .owns("Germany", &["Kiel", "Munich", "Holland", "Denmark"])
        .owns("Russia", &["Berlin"]);
    let result = position.adjust("Germany:\nBuild A Berlin");
    assert_eq!(
        result.outcomes(),
        [Outcome::Illegal(IllegalReason::CentreNotOwned)]
    );
}

#[test]
fn datc_6_i_06() {
    let position = Position::new().owns("Germany", &["Warsaw"]);
    let result = position.adjust("Germany:\nBuild A Warsaw");
    assert_eq!(
        result.outcomes(),
        [Outcome::Illegal(IllegalReason::NotAHomeCentre)]
    );
}

#[test]
fn datc_6_i_07() {
    let position = Position::new().owns("Russia", &["Moscow", "Sevastopol"]);
    let result = position.adjust("Russia:\nBuild A Moscow\nBuild A Moscow");
    assert_eq!(result.outcomes(), [SUCCEEDS, DUPLICATE]);
}

#[test]
fn datc_6_j_01() {
    // France has to disband one: one centre, armies in Paris and Picardy.
    let position = Position::new()
        .owns("France", &["Paris"])
        .has("France", &["A Paris", "A Picardy"]);
    let result =
        position.adjust("France:\nRemove F Gulf of Lyon\nRemove A Picardy\nRemove A Paris");
    assert_eq!(
        result.outcomes(),
        [
            Outcome::Illegal(IllegalReason::NoUnit),
            SUCCEEDS,
            NO_ALLOWANCE
        ]
    );
    assert_eq!(position.removed(&result), ["Pic"]);
}

#[test]
fn datc_6_j_02() {
    // France has to disband two: one centre, three armies.
    let position = Position::new()
        .owns("France", &["Paris"])
        .has("France", &["A Paris", "A Picardy", "A Gascony"]);
    let result = position.adjust("France:\nRemove A Paris\nRemove A Paris");
    assert_eq!(result.outcomes(), [SUCCEEDS, DUPLICATE]);
    assert_eq!(result.units()[0], UnitFate::Removed);
    // Civil disorder removes the other one: Gascony and Picardy are both one move from Paris,
    // and Gascony comes first alphabetically.
    assert_eq!(result.units()[2], UnitFate::RemovedInDisorder);
    assert_eq!(result.units()[1], UnitFate::Stays);
}

#[test]
fn datc_6_j_03() {
    let position = Position::new()
        .owns("Russia", &["St Petersburg"])
        .has("Russia", &["A Livonia", "A Prussia"]);
    let result = position.adjust("");
    assert_eq!(position.removed(&result), ["Pru"]);
    assert_eq!(result.units()[1], UnitFate::RemovedInDisorder);
}

#[test]
fn datc_6_j_04() {
    let position = Position::new()
        .owns("Russia", &["Moscow"])
        .has("Russia", &["A Livonia", "A Ukraine"]);
    let result = position.adjust("");
    assert_eq!(position.removed(&result), ["Lvn"]);
}

#[test]
fn datc_6_j_05() {
    let position = Position::new()
        .owns("Russia", &["St Petersburg"])
        .has("Russia", &["F Skagerrak", "F North Atlantic Ocean"]);
    let result = position.adjust("");
    assert_eq!(position.removed(&result), ["Nao"]);
}

#[test]
fn datc_6_j_06() {
    let position = Position::new()
        .owns("Russia", &["Munich"])
        .has("Russia", &["F Gulf of Bothnia", "F North Sea"]);
    let result = position.adjust("");
    assert_eq!(position.removed(&result), ["Bot"]);
}

#[test]
fn datc_6_j_07() {
    // Russia has to remove one: two centres, three units.
    let position = Position::new()
        .owns("Russia", &["St Petersburg", "Warsaw"])
        .has("Russia", &["A Bohemia", "F Skagerrak", "F North Sea"]);
    let result = position.adjust("");
    assert_eq!(position.removed(&result), ["Nth"]);
}

#[test]
fn datc_6_j_08() {
    let position = Position::new()
        .owns("Russia", &["Warsaw"])
        .has("Russia", &["A Tyrolia", "F Baltic Sea"]);
    let result = position.adjust("");
    assert_eq!(position.removed(&result), ["Tyr"]);
}

#[test]
fn datc_6_j_09() {
    let position = Position::new()
        .owns("Russia", &["St Petersburg", "Sevastopol"])
        .has("Russia", &["A Albania", "A Sevastopol", "F Baltic Sea"]);
    assert_eq!(position.removed(&position.adjust("")), ["Alb"]);
    let position = Position::new()
        .owns("Russia", &["St Petersburg", "Sevastopol"])
        .has("Russia", &["A Albania", "A Sevastopol", "F Skagerrak"]);
    assert_eq!(position.removed(&position.adjust("")), ["Alb"]);
}

#[test]
fn datc_6_j_10() {
    let position = Position::new()
        .owns("Italy", &["Naples"])
        .has("Italy", &["A Albania", "A Piedmont"]);
    let result = position.adjust("");
    assert_eq!(position.removed(&result), ["Pie"]);
}

#[test]
fn datc_6_j_11() {
    let position = Position::new()
        .owns("Italy", &["Warsaw"])
        .has("Italy", &["A Warsaw", "A Tuscany"]);
    let result = position.adjust("");
    assert_eq!(position.removed(&result), ["Tus"]);
}

#[test]
fn a_power_without_centres_loses_every_unit() {
    let position = Position::new().has("Italy", &["A Rome", "F Naples"]);
    let result = position.adjust("");
    assert_eq!(result.units(), [UnitFate::RemovedInDisorder; 2]);
}

#[test]
fn removals_and_builds_of_the_wrong_kind_or_power() {
    let position = Position::new()
        .owns("France", &["Paris", "Brest", "Marseilles"])
        .has("France", &["A Burgundy"])
        .owns("Germany", &["Munich"])
        .has("Germany", &["A Ruhr"]);
    let result =
        position.adjust("France:\nRemove A Burgundy\nRemove A Ruhr\nBuild F Paris\nBuild F Brest");
    assert_eq!(
        result.outcomes(),
        [
            NO_ALLOWANCE, // France has builds due, not removals
            Outcome::Illegal(IllegalReason::ForeignUnit),
            Outcome::Illegal(IllegalReason::FleetToLand),
            SUCCEEDS,
        ]
    );
    assert_eq!(result.units(), [UnitFate::Stays; 2]);
}

#[test]
fn adjustment_orders_parse_in_every_spelling() {
    let map = standard();
    for text in [
        "Build A Warsaw",
        "build a war",
        "B A War",
        "A War Build",
        "A Warsaw B",
    ] {
        assert!(
            matches!(
                parse_adjustment(map, text),
                Ok(Adjustment::Build {
                    kind: UnitKind::Army,
                    ..
                })
            ),
            "{text}"
        );
    }
    for text in [
        "Remove A Paris",
        "Disband F Nth",
        "A Par D",
        "F North Sea Disband",
        "R Par",
    ] {
        assert!(
            matches!(parse_adjustment(map, text), Ok(Adjustment::Remove { .. })),
            "{text}"
        );
    }
    for text in [
        "",
        "Build Warsaw",
        "Build A Nowhere",
        "A Par Hold",
        "Build A War now",
    ] {
        assert!(parse_adjustment(map, text).is_err(), "{text}");
    }
}

#[test]
fn malformed_ownership_is_refused() {
    let map = standard();
    assert_eq!(
        adjudicate_adjustments(map, &[], &[None; 3], &[]).unwrap_err(),
        ordo::adjudicate::AdjudicateError::BadOwners
    );
    let mut owners = vec![None; map.province_count()];
    owners[0] = Some(Power(99));
    assert_eq!(
        adjudicate_adjustments(map, &[], &owners, &[]).unwrap_err(),
        ordo::adjudicate::AdjudicateError::BadOwners
    );
}

#[test]
fn malformed_units_and_orders_are_refused() {
    use ordo::adjudicate::{AdjudicateError, Location, MAX_ORDERS, MAX_UNITS};
    let position = Position::new()
        .owns("France", &["Paris", "Brest"])
        .has("France", &["A Paris"]);
    let build = parse_adjustment(position.map, "Build F Brest").unwrap();
    let adjust = |units: &[Unit], orders: &[(Power, Adjustment)]| {
        adjudicate_adjustments(position.map, units, &position.owners, orders)
    };
    let france = power("France");
    assert!(adjust(&position.units, &[(france, build)]).is_ok());
    // At the capacities: not refused as too many (64 copies of one unit are refused as such).
    assert_ne!(
        adjust(&[position.units[0]; MAX_UNITS], &[]).err(),
        Some(AdjudicateError::TooManyUnits)
    );
    assert!(adjust(&position.units, &vec![(france, build); MAX_ORDERS]).is_ok());
    assert_eq!(
        adjust(&[position.units[0]; MAX_UNITS + 1], &[]).unwrap_err(),
        AdjudicateError::TooManyUnits
    );
    assert_eq!(
        adjust(&position.units, &vec![(france, build); MAX_ORDERS + 1]).unwrap_err(),
        AdjudicateError::TooManyOrders
    );
    let off_map = Adjustment::Build {
        kind: UnitKind::Army,
        location: Location(250),
    };
    assert_eq!(
        adjust(&position.units, &[(france, build), (france, off_map)]).unwrap_err(),
        AdjudicateError::BadOrder(1)
    );
    assert_eq!(
        adjust(&position.units, &[(Power(7), build)]).unwrap_err(),
        AdjudicateError::BadOrder(0)
    );
    let stray = Unit {
        location: Location(250),
        ..position.units[0]
    };
    assert_eq!(
        adjust(&[position.units[0], stray], &[]).unwrap_err(),
        AdjudicateError::BadUnit(1)
    );
    let paris_again = Unit {
        kind: UnitKind::Fleet,
        ..position.units[0]
    };
    assert_eq!(
        adjust(&[position.units[0], paris_again], &[]).unwrap_err(),
        AdjudicateError::SharedProvince(1)
    );
}

#[test]
fn an_army_is_not_built_at_sea_on_a_map_with_a_sea_home_centre() {
    use ordo::adjudicate::{MapBuilder, ProvinceInfo, ProvinceKind};
    let mut builder = MapBuilder::new();
    let red = builder.power("Red");
    let sea = builder.province(ProvinceInfo {
        name: "Home Sea",
        abbreviation: "Hsa",
        kind: ProvinceKind::Sea,
        supply_centre: true,
        home: Some(red),
    });
    let map = builder.build().expect("a sea may be a home centre");
    let army = Adjustment::Build {
        kind: UnitKind::Army,
        location: sea,
    };
    let result = adjudicate_adjustments(&map, &[], &[Some(red)], &[(red, army)]);
    assert_eq!(
        result.unwrap().outcomes(),
        [Outcome::Illegal(IllegalReason::ArmyToSea)]
    );
}
