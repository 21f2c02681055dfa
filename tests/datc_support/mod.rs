//! Glue for the DATC cases (`tests/datc.rs`): reads a turn file whose lines
//! may end in `=> expectation, ...`, adjudicates it on the standard map, and
//! asserts every expectation (see `/work/datc-format.md`):
//! `succeeds`, `fails` (illegal counts as failing), `illegal`, `dislodged`,
//! `not dislodged`.
#![allow(dead_code)]

use ordo::adjudicate::{
    AdjacentConvoy, ConvoyDisruption, Outcome, ParadoxRule, Rules, adjudicate, format_order,
    parse_turn, standard,
};

/// The [`Rules`] of a DATC option name (the names are listed in the module
/// docs of `tests/datc.rs`).
pub fn rules_named(name: &str) -> Rules {
    let mut rules = Rules::default();
    match name {
        "preferred" => {}
        "rules-1971" => {
            rules.convoy_disruption = ConvoyDisruption::AnyRoute;
            rules.paradox = ParadoxRule::Rule1971;
            rules.adjacent_convoy = AdjacentConvoy::Rulebook1971;
        }
        "paradox-1982" => rules.paradox = ParadoxRule::Rule1982,
        "paradox-2000" => rules.paradox = ParadoxRule::Rule2000,
        "all-hold" => rules.paradox = ParadoxRule::AllHold,
        "dptg" => rules.adjacent_convoy = AdjacentConvoy::Explicit,
        "convoy-fallback" => rules.adjacent_convoy = AdjacentConvoy::LandFallback,
        "attack-via-convoy-cuts" => rules.convoyed_attack_cuts_support_on_itself = true,
        "dislodged-never-prevents" => rules.dislodged_never_prevents_attacker_area = true,
        "ignore-impossible-coast" => rules.impossible_coast_ignored = true,
        "wrong-unit-coast-fails" => rules.wrong_unit_coast_illegal = true,
        "irrelevant-coast-fails" => rules.irrelevant_coast_illegal = true,
        other => panic!("unknown DATC option name {other:?}"),
    }
    rules
}

/// Adjudicates `text` with DATC's preferred rules and checks its expectations.
pub fn check(text: &str) {
    check_rules(text, &Rules::default(), "preferred");
}

/// Adjudicates `text` under the named option and checks its expectations.
pub fn check_with(text: &str, option: &str) {
    check_rules(text, &rules_named(option), option);
}

fn check_rules(text: &str, rules: &Rules, option: &str) {
    let map = standard();
    let mut stripped = String::new();
    let mut expectations: Vec<Option<Vec<String>>> = Vec::new();
    for line in text.lines() {
        match line.split_once("=>") {
            Some((order, expect)) => {
                stripped.push_str(order);
                expectations.push(Some(
                    expect.split(',').map(|e| e.trim().to_lowercase()).collect(),
                ));
            }
            None => {
                stripped.push_str(line);
                expectations.push(None);
            }
        }
        stripped.push('\n');
    }
    let turn = parse_turn(map, &stripped).unwrap_or_else(|e| {
        panic!(
            "turn file error {e:?} on line {:?}",
            stripped.lines().nth(e.line)
        )
    });
    let result = adjudicate(map, turn.units(), turn.orders(), rules)
        .expect("adjudication refused the position");
    let mut report = format!("option {option}:\n");
    for entry in turn.lines() {
        let source = stripped
            .lines()
            .nth(entry.line as usize)
            .unwrap_or("")
            .trim();
        let unit = result.units()[entry.unit as usize];
        let outcome = entry.order.map(|o| result.outcomes()[o as usize]);
        report.push_str(&format!(
            "  {source:<55} {outcome:?} dislodged={:?}\n",
            unit.dislodged.map(|d| map.abbreviation(d.from))
        ));
    }
    let mut failures = Vec::new();
    for entry in turn.lines() {
        let Some(Some(expected)) = expectations.get(entry.line as usize) else {
            continue;
        };
        let source = stripped
            .lines()
            .nth(entry.line as usize)
            .unwrap_or("")
            .trim();
        let unit = result.units()[entry.unit as usize];
        let outcome = entry.order.map(|o| result.outcomes()[o as usize]);
        for e in expected {
            let ok = match e.as_str() {
                "succeeds" => outcome == Some(Outcome::Succeeds),
                "fails" => matches!(outcome, Some(Outcome::Fails(_) | Outcome::Illegal(_))),
                "illegal" => matches!(outcome, Some(Outcome::Illegal(_))),
                "dislodged" => unit.dislodged.is_some(),
                "not dislodged" => unit.dislodged.is_none(),
                other => panic!("unknown expectation {other:?} on {source:?}"),
            };
            if !ok {
                let written = entry
                    .order
                    .map(|o| format_order(map, &turn.orders()[o as usize].1).to_string());
                failures.push(format!(
                    "{source:?} ({written:?}): expected {e}, got {outcome:?} / {unit:?}"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}\n{report}", failures.join("\n"));
}
