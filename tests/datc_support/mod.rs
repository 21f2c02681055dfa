//! Glue for the DATC cases (`tests/datc.rs`): reads a turn file whose lines
//! may end in `=> expectation, ...`, adjudicates it on the standard map, and
//! asserts every expectation (see `/work/datc-format.md`):
//! `succeeds`, `fails` (illegal counts as failing), `illegal`, `dislodged`,
//! `not dislodged`. Also records the cases for the Cortex-M4F run (`tests/datc.rs`,
//! `tests/datc_retreat.rs` and `tests/datc_adjust.rs`; see [`record`]).
#![allow(dead_code)]

use std::cell::Cell;

use ordo::adjudicate::{
    AdjustmentResolution, Order, Outcome, Power, Resolution, RetreatResolution, Rules, Unit,
    adjudicate, format_order, parse_turn, standard,
};

// Shared with the Cortex-M4F run (`embedded/`), which has no `std`.
mod shared;
pub use shared::{
    adjustment_digest, destinations_digest, result_digest, retreat_digest, rules_named,
};

/// Adjudicates `text` with DATC's preferred rules and checks its expectations.
pub fn check(text: &str) {
    check_rules(text, &Rules::default(), "preferred");
}

/// Adjudicates `text` under the named option and checks its expectations.
pub fn check_with(text: &str, option: &str) {
    let rules = rules_named(option).unwrap_or_else(|| panic!("unknown DATC option {option:?}"));
    check_rules(text, &rules, option);
}

/// Checks `text` under the 1971 rulebook (`"rules-1971"`) and under `alone`, the one of its
/// choices that the case is about: DATC gives the 1971 outcome for that issue, so the choice
/// alone must give it too.
pub fn check_1971(text: &str, alone: &str) {
    check_with(text, "rules-1971");
    check_with(text, alone);
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
    record_movement(option, &stripped, turn.units(), &result);
    let mut report = format!("option {option}:\n");
    let mut failures = Vec::new();
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
        let Some(Some(expected)) = expectations.get(entry.line as usize) else {
            continue;
        };
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

/// With `ORDO_DATC_RECORD` set to a directory, writes each adjudicated case there as a turn
/// file, `<test>.<n>.turn` (the test's `n`-th record), headed by comment lines that name the
/// option and give the digest of each phase's result: `make embedded` runs every case again on
/// a Cortex-M4F and compares the digests.
fn record(option: &str, digests: &[(&str, u64)], body: &str) {
    thread_local!(static CALLS: Cell<usize> = const { Cell::new(0) });
    let Some(dir) = std::env::var_os("ORDO_DATC_RECORD") else {
        return;
    };
    let call = CALLS.with(|calls| calls.replace(calls.get() + 1));
    let current = std::thread::current();
    let test = current.name().unwrap_or("unnamed");
    let mut text = format!("# ordo DATC case {test}.{call}\n# option {option}\n");
    for (key, digest) in digests {
        text.push_str(&format!("# {key} {digest:016x}\n"));
    }
    text.push_str(body);
    let path = std::path::Path::new(&dir).join(format!("{test}.{call}.turn"));
    // A new file each time: two test files with a test of the same name would otherwise
    // overwrite each other's records.
    let mut file = std::fs::File::create_new(&path)
        .unwrap_or_else(|e| panic!("cannot create {path:?} (recorded twice?): {e}"));
    std::io::Write::write_all(&mut file, text.as_bytes())
        .unwrap_or_else(|e| panic!("cannot write {path:?}: {e}"));
}

/// The digests of a movement phase: its result, and the retreat destinations of every unit
/// it dislodged.
fn movement_digests(units: &[Unit], result: &Resolution) -> [(&'static str, u64); 2] {
    [
        ("digest", result_digest(result)),
        (
            "destinations digest",
            destinations_digest(standard(), units, result),
        ),
    ]
}

/// Records a movement phase (`text`, adjudicated under `option`) with its digests.
pub fn record_movement(option: &str, text: &str, units: &[Unit], result: &Resolution) {
    record(option, &movement_digests(units, result), text);
}

/// Records a movement phase and the retreat phase after it (the retreat orders after a
/// `# retreats` line, adjudicated under DATC's preferred rules), with both phases' digests.
pub fn record_retreats(
    option: &str,
    text: &str,
    units: &[Unit],
    result: &Resolution,
    retreat_orders: &str,
    retreats: &RetreatResolution,
) {
    let [movement, destinations] = movement_digests(units, result);
    let digests = [
        movement,
        destinations,
        ("retreat digest", retreat_digest(retreats)),
    ];
    record(
        option,
        &digests,
        &format!("{text}\n# retreats\n{retreat_orders}\n"),
    );
}

/// Records an adjustment phase: the centres' owners (`# owners`, one entry per province: a
/// power's index or `-`), the units as a turn file (a power header before each, in their
/// order), and the orders after a `# adjustments` line, with the result.
pub fn record_adjustments(
    units: &[Unit],
    owners: &[Option<Power>],
    orders: &str,
    adjustments: &AdjustmentResolution,
) {
    let map = standard();
    let mut body = String::from("# owners");
    for owner in owners {
        match owner {
            Some(power) => body.push_str(&format!(" {}", power.index())),
            None => body.push_str(" -"),
        }
    }
    body.push('\n');
    for unit in units {
        let hold = format_order(map, &Order::hold(unit.kind, unit.location));
        let power = map
            .power_name(unit.power)
            .expect("a unit's power is on the map");
        body.push_str(&format!("{power}:\n{hold}\n"));
    }
    body.push_str(&format!("# adjustments\n{orders}\n"));
    let digests = [("adjustment digest", adjustment_digest(adjustments))];
    record("preferred", &digests, &body);
}
