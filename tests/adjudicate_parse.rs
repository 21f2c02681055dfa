//! The order parser and the turn-file reader: notations, names,
//! case-insensitivity, coasts, named errors, and a format round trip.

use ordo::adjudicate::standard::*;
use ordo::adjudicate::{
    Action, Order, ParseError, ParseErrorKind, TurnErrorKind, UnitKind, format_order, parse_order,
    parse_turn, standard,
};

fn parse(text: &str) -> Order {
    parse_order(standard(), text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn error(text: &str) -> ParseError {
    parse_order(standard(), text).expect_err(text)
}

fn mv(to: ordo::adjudicate::Location, via_convoy: bool) -> Action {
    Action::Move { to, via_convoy }
}

#[test]
fn the_issue_examples() {
    let army = Some(UnitKind::Army);
    let fleet = Some(UnitKind::Fleet);
    assert_eq!(
        parse("A Mar - Bur"),
        Order {
            kind: army,
            location: MAR,
            action: mv(BUR, false)
        }
    );
    assert_eq!(
        parse("A Gas S A Mar - Bur"),
        Order {
            kind: army,
            location: GAS,
            action: Action::SupportMove {
                kind: army,
                from: MAR,
                to: BUR
            }
        }
    );
    assert_eq!(
        parse("A Bur H"),
        Order {
            kind: army,
            location: BUR,
            action: Action::Hold
        }
    );
    assert_eq!(
        parse("F Nth C A Lon - Nwy"),
        Order {
            kind: fleet,
            location: NTH,
            action: Action::Convoy { from: LON, to: NWY }
        }
    );
    assert_eq!(
        parse("A Lon - Nwy via Convoy"),
        Order {
            kind: army,
            location: LON,
            action: mv(NWY, true)
        }
    );
    assert_eq!(
        parse("F Spa(sc) - Gol"),
        Order {
            kind: fleet,
            location: SPA_SC,
            action: mv(LYO, false)
        }
    );
}

#[test]
fn notations_and_names() {
    let same = |a: &str, b: &str| assert_eq!(parse(a), parse(b), "{a:?} vs {b:?}");
    same("A Mar - Bur", "a mar -> bur");
    same("A Mar - Bur", "A Marseilles - Burgundy");
    same("A Mar - Bur", "A MAR-BUR");
    same("A Mar - Bur", "Army Marseilles \u{2013} Burgundy");
    same("A Mar - Bur", "A Mar \u{2192} Bur");
    same("F Spa(sc) - Gol", "F Spain(south coast) - Gulf of Lyon");
    same("F Spa(sc) - Gol", "f spa/sc -> lyo");
    same("F Spa(sc) - Gol", "Fleet Spain (sc) - Gulf of Lyons");
    same("F Mao - Spa(nc)", "F Mid-Atlantic Ocean - Spain(nc)");
    same("F Mao - Spa(nc)", "F MID - spa / nc");
    same("F Stp(sc) - Bot", "F St Petersburg(sc) - Gulf of Bothnia");
    same("F Stp(sc) - Bot", "F St. Petersburg (south coast) - GoB");
    same("A Bur H", "A Burgundy Holds");
    same("A Bur H", "A Burgundy Hold");
    same("A Bur H", "A Bur");
    same(
        "A Gas S A Mar - Bur",
        "A Gascony Supports A Marseilles - Burgundy",
    );
    same(
        "F Nth C A Lon - Nwy",
        "F North Sea Convoys A London - Norway",
    );
    same("F Nth C A Lon - Nwy", "F North Sea convoy London - Norway");
    same("A Lon - Nwy via Convoy", "A London - Norway VIA CONVOY");
    same("A Lon - Nwy via Convoy", "A London - Norway by convoy");
    assert_eq!(
        parse("A Holland Supports Kiel").action,
        Action::SupportHold {
            kind: None,
            unit: KIE
        }
    );
    assert_eq!(
        parse("A Kie S F Hol H").action,
        Action::SupportHold {
            kind: Some(UnitKind::Fleet),
            unit: HOL
        }
    );
    assert_eq!(parse("Holland - Kiel").kind, None);
    // DATC 6.F.25 spells Ruhr "Rhur".
    assert_eq!(parse("A Rhur - Belgium").location, RUH);
}

#[test]
fn irrelevant_and_unknown_coasts_are_dropped() {
    assert_eq!(parse("F Brest(nc) - Mao").location, BRE);
    assert_eq!(parse("A Gas - Spa(nc)").action, mv(SPA_NC, false));
    assert_eq!(parse("F Mao - Spa(ec)").action, mv(SPA, false));
}

#[test]
fn named_errors() {
    assert_eq!(error("").kind, ParseErrorKind::Empty);
    assert_eq!(error("   ").kind, ParseErrorKind::Empty);
    assert_eq!(
        error("A Xyz - Bur"),
        ParseError {
            kind: ParseErrorKind::UnknownLocation,
            at: 2
        }
    );
    assert_eq!(
        error("A Par - "),
        ParseError {
            kind: ParseErrorKind::UnknownLocation,
            at: 8
        }
    );
    assert_eq!(
        error("A Par - Burgundyx"),
        ParseError {
            kind: ParseErrorKind::UnknownLocation,
            at: 8
        }
    );
    assert_eq!(
        error("A Par X"),
        ParseError {
            kind: ParseErrorKind::UnknownOrder,
            at: 6
        }
    );
    assert_eq!(
        error("F Nth C A Lon").kind,
        ParseErrorKind::ExpectedDestination
    );
    assert_eq!(
        error("A Par - Bur now"),
        ParseError {
            kind: ParseErrorKind::TrailingText,
            at: 12
        }
    );
    assert_eq!(error("F Spa(xc) - Gol").kind, ParseErrorKind::BadCoast);
    assert_eq!(error("F Spa(sc - Gol").kind, ParseErrorKind::BadCoast);
    assert_eq!(error("A Par S").kind, ParseErrorKind::UnknownLocation);
    assert!(
        error("A Xyz - Bur")
            .to_string()
            .contains("unknown location")
    );
}

#[test]
fn format_round_trips() {
    for text in [
        "A Mar - Bur",
        "A Gas S A Mar - Bur",
        "A Bur H",
        "F Nth C A Lon - Nwy",
        "A Lon - Nwy via Convoy",
        "F Spa(sc) - Lyo",
        "F Mao S F Gas - Spa(nc)",
        "A Kie S F Hol",
    ] {
        let order = parse(text);
        assert_eq!(format_order(standard(), &order).to_string(), text);
        assert_eq!(parse(&format_order(standard(), &order).to_string()), order);
    }
}

#[test]
fn turn_files() {
    let map = standard();
    let text = "
        # a comment line
        England:
        F London                      # a bare unit
        F Nth C A Lon - Nwy
        Germany
        F London - North Sea          # orders the English fleet: placed nothing
        A Kie - Den
        A Kie - Hol                   # second order for the same unit
        France:
        F Spa(sc)
        F Spa(nc) - Lyo               # the French fleet in Spain, coast ignored
    ";
    let turn = parse_turn(map, text).unwrap();
    assert_eq!(turn.units().len(), 4);
    assert_eq!(turn.units()[0].location, LON);
    assert_eq!(turn.units()[0].power, ENGLAND);
    assert_eq!(turn.units()[1].location, NTH);
    assert_eq!(turn.units()[3].location, SPA_SC);
    assert_eq!(turn.orders().len(), 5);
    assert_eq!(turn.orders()[1].0, GERMANY);
    let lines: Vec<(u32, u8, Option<u8>)> = turn
        .lines()
        .iter()
        .map(|l| (l.line, l.unit, l.order))
        .collect();
    assert_eq!(
        lines,
        vec![
            (3, 0, None),
            (4, 1, Some(0)),
            (6, 0, Some(1)),
            (7, 2, Some(2)),
            (8, 2, Some(3)),
            (10, 3, None),
            (11, 3, Some(4))
        ]
    );
}

#[test]
fn turn_file_errors() {
    let map = standard();
    let kind = |text: &str| parse_turn(map, text).unwrap_err().kind;
    let line = |text: &str| parse_turn(map, text).unwrap_err().line;
    assert_eq!(kind("A Par - Bur"), TurnErrorKind::NoPower);
    assert_eq!(kind("France:\nPar - Bur"), TurnErrorKind::MissingUnitKind);
    assert_eq!(kind("France:\nF Spain"), TurnErrorKind::BadUnitLocation);
    assert_eq!(kind("France:\nA Mao"), TurnErrorKind::BadUnitLocation);
    assert_eq!(
        kind("France:\nF Paris - Bur"),
        TurnErrorKind::BadUnitLocation
    );
    assert_eq!(kind("France:\nA Par\nA Par"), TurnErrorKind::Occupied);
    assert_eq!(line("France:\nA Par\n\nA Qqq - Bur"), 3);
    assert!(
        matches!(kind("France:\nA Par - Qqq"), TurnErrorKind::Parse(e) if e.kind == ParseErrorKind::UnknownLocation)
    );
}

#[test]
fn outcome_texts() {
    use ordo::adjudicate::{FailReason, IllegalReason, Outcome};
    assert_eq!(Outcome::Succeeds.to_string(), "SUCCEEDS");
    assert_eq!(Outcome::Fails(FailReason::Cut).to_string(), "FAILS");
    assert_eq!(
        Outcome::Illegal(IllegalReason::ForeignUnit).to_string(),
        "FAILS"
    );
    assert_eq!(Outcome::Succeeds.reason().to_string(), "");
    assert_eq!(
        Outcome::Fails(FailReason::Standoff).reason().to_string(),
        "standoff"
    );
    assert_eq!(
        Outcome::Illegal(IllegalReason::ForeignUnit)
            .reason()
            .to_string(),
        "illegal: the unit belongs to another power"
    );
}

#[test]
fn location_texts() {
    use ordo::adjudicate::format_location;
    assert_eq!(format_location(standard(), STP_SC).to_string(), "Stp(sc)");
    assert_eq!(format_location(standard(), NTH).to_string(), "Nth");
}

#[test]
fn nationality_in_support_and_convoy_is_ignored() {
    assert_eq!(
        parse("A Rum S Turkish F Con - Bul(sc)"),
        parse("A Rum S F Con - Bul(sc)")
    );
    assert_eq!(
        parse("A Gas Supports France A Mar - Bur"),
        parse("A Gas S A Mar - Bur")
    );
    assert_eq!(
        parse("F Nth Convoys English A Lon - Nwy"),
        parse("F Nth C A Lon - Nwy")
    );
}

#[test]
fn a_province_name_beats_a_nationality() {
    assert_eq!(
        parse("F Lon S English Channel - North Sea").action,
        Action::SupportMove {
            kind: None,
            from: ENG,
            to: NTH
        }
    );
    assert_eq!(
        parse("F Bre S English F English Channel").action,
        Action::SupportHold {
            kind: Some(UnitKind::Fleet),
            unit: ENG
        }
    );
}
