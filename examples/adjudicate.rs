//! Adjudicates one Diplomacy movement phase from a turn file.
//!
//! ```text
//! cargo run --release --example adjudicate                          # the rulebook's diagram 8
//! cargo run --release --example adjudicate -- examples/turns/diagram7.txt
//! cargo run --release --example adjudicate -- - < my_turn.txt       # stdin
//! ```
//!
//! A turn file: `France:` starts a power's block; an order line (`A Par -
//! Bur`) places the unit it names for that power and orders it; a bare unit
//! line (`A Par`, `F Stp(sc)`) places a unit that holds; an order line for a
//! province where another power's unit stands orders that foreign unit
//! (illegal, DATC 6.A.6); `#` starts a comment.
//!
//! Output: one line per order, `<order as written>\t<SUCCEEDS|FAILS>\t<reason>`,
//! then one line per dislodged unit, `dislodged\t<unit>\tby <location>\tretreats: <where>`,
//! listing the locations a retreat order could take it to (`none (disbanded)` if there are
//! none: the unit is disbanded in the retreat phase).

use std::fmt::Write as _;
use std::io::Read as _;

use ordo::adjudicate::{
    Action, Location, Map, Outcome, Rules, TurnErrorKind, adjudicate, parse_turn,
    retreat_destinations, standard,
};

/// The seed's diagram 8, adjudicated when no file is given.
const DIAGRAM_8: &str = include_str!("turns/diagram8.txt");

/// Why an order succeeded or failed, in a few words: what it did when it
/// succeeded, else the library's description of the reason.
fn reason(action: &Action, outcome: Outcome) -> String {
    match outcome {
        Outcome::Succeeds => match action {
            Action::Hold => "held",
            Action::Move { .. } => "moved",
            Action::SupportHold { .. } | Action::SupportMove { .. } => "support given",
            Action::Convoy { .. } => "convoyed",
        }
        .to_string(),
        failed => failed.reason().to_string(),
    }
}

/// A location as `Stp(sc)`.
fn place(map: &Map<'_>, location: Location) -> String {
    match map.coast_of(location) {
        Some(coast) => format!("{}({})", map.abbreviation(location), coast.abbreviation()),
        None => map.abbreviation(location).to_string(),
    }
}

/// Adjudicates a turn file on the standard map with DATC's rules and returns
/// the report (or a message naming the offending line).
pub fn report(text: &str) -> Result<String, String> {
    let map = standard();
    let turn = parse_turn(map, text).map_err(|e| {
        let what = match e.kind {
            TurnErrorKind::Parse(p) => p.to_string(),
            TurnErrorKind::NoPower => "no power header (like `France:`) before this line".into(),
            TurnErrorKind::MissingUnitKind => "say `A` or `F` to place a unit".into(),
            TurnErrorKind::BadUnitLocation => "that unit cannot stand there".into(),
            TurnErrorKind::Occupied => "a unit already stands there".into(),
            TurnErrorKind::TooLarge => "too many units or orders".into(),
        };
        format!("line {}: {what}", e.line + 1)
    })?;
    let result = adjudicate(map, turn.units(), turn.orders(), &Rules::default())
        .map_err(|e| format!("cannot adjudicate: {e:?}"))?;
    let lines: Vec<&str> = text.lines().collect();
    let mut out = String::new();
    for line in turn.lines() {
        let Some(order) = line.order else { continue };
        let written = lines[line.line as usize]
            .split('#')
            .next()
            .unwrap_or("")
            .trim();
        let (_, order_data) = &turn.orders()[usize::from(order)];
        let outcome = result.outcomes()[usize::from(order)];
        let why = reason(&order_data.action, outcome);
        writeln!(out, "{written}\t{outcome}\t{why}").unwrap();
    }
    for (index, (unit, unit_result)) in turn.units().iter().zip(result.units()).enumerate() {
        if let Some(dislodged) = unit_result.dislodged {
            let kind = unit.kind.letter();
            let at = place(map, unit.location);
            let by = place(map, dislodged.from);
            let options = retreat_destinations(map, turn.units(), &result, index)
                .map_err(|e| format!("cannot list retreats: {e:?}"))?;
            let mut retreats: Vec<String> = options
                .iter()
                .map(|to| place(map, Location(to as u8)))
                .collect();
            if retreats.is_empty() {
                retreats.push("none (disbanded)".into());
            }
            let retreats = retreats.join(" ");
            writeln!(out, "dislodged\t{kind} {at}\tby {by}\tretreats: {retreats}").unwrap();
        }
    }
    Ok(out)
}

#[allow(dead_code)] // the tests include this file for `report` only
fn main() {
    let text = match std::env::args().nth(1).as_deref() {
        None => DIAGRAM_8.to_string(),
        Some("-") => {
            let mut text = String::new();
            if let Err(e) = std::io::stdin().read_to_string(&mut text) {
                eprintln!("adjudicate: cannot read stdin: {e}");
                std::process::exit(2);
            }
            text
        }
        Some(path) => match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("adjudicate: cannot read {path}: {e}");
                std::process::exit(2);
            }
        },
    };
    match report(&text) {
        Ok(out) => print!("{out}"),
        Err(message) => {
            eprintln!("adjudicate: {message}");
            std::process::exit(1);
        }
    }
}
