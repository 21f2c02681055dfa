//! What the DATC cases' host checks (`tests/datc_support`) and their run on a Cortex-M4F
//! (`embedded/`, which includes this file) share: the rules an option name stands for, and the
//! digest of a result. Core only, no `std`.

use ordo::adjudicate::{
    AdjacentConvoy, AdjustmentResolution, ConvoyDisruption, Map, Outcome, ParadoxRule, Resolution,
    RetreatResolution, RetreatResult, Rules, Unit, UnitFate, retreat_destinations,
};

/// The [`Rules`] of a DATC option name (the names are listed in the module
/// docs of `tests/datc.rs`), or of several joined by `+`; `None` for an unknown name.
pub fn rules_named(name: &str) -> Option<Rules> {
    let mut rules = Rules::default();
    for option in name.split('+') {
        apply(option, &mut rules)?;
    }
    Some(rules)
}

/// Sets the choices of one option name in `rules`; `None` for an unknown name.
fn apply(name: &str, rules: &mut Rules) -> Option<()> {
    match name {
        "preferred" => {}
        "rules-1971" => {
            rules.convoy_disruption = ConvoyDisruption::AnyRoute;
            rules.paradox = ParadoxRule::Rule1971;
            rules.adjacent_convoy = AdjacentConvoy::Rulebook1971;
        }
        "any-route" => rules.convoy_disruption = ConvoyDisruption::AnyRoute,
        "paradox-1971" => rules.paradox = ParadoxRule::Rule1971,
        "adjacent-1971" => rules.adjacent_convoy = AdjacentConvoy::Rulebook1971,
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
        _ => return None,
    }
    Some(())
}

/// FNV-1a over every order's outcome and then every unit's dislodgement (0, or 1 + the
/// location the attack came from); the Cortex-M4F run compares it with its own.
pub fn result_digest(result: &Resolution) -> u64 {
    let dislodged = result
        .units()
        .iter()
        .map(|unit| unit.dislodged.map_or(0, |d| 1 + d.from.index() as u64));
    fnv1a(result.outcomes().iter().map(outcome_code).chain(dislodged))
}

/// FNV-1a over every dislodged unit's retreat destinations after a movement phase: the unit's
/// index, then 1 + each location it may retreat to (or `u64::MAX` when they are refused).
pub fn destinations_digest(map: &Map<'_>, units: &[Unit], result: &Resolution) -> u64 {
    let dislodged = result
        .units()
        .iter()
        .enumerate()
        .filter(|(_, unit)| unit.dislodged.is_some());
    dislodged.fold(FNV_OFFSET, |hash, (index, _)| {
        let hash = fnv1a_step(hash, index as u64);
        match retreat_destinations(map, units, result, index) {
            Ok(set) => set
                .iter()
                .fold(hash, |hash, location| fnv1a_step(hash, 1 + location as u64)),
            Err(_) => fnv1a_step(hash, u64::MAX),
        }
    })
}

/// FNV-1a over every retreat order's outcome and then every unit's fate (0 not dislodged, 1
/// disbanded, 2 + the location it retreated to).
pub fn retreat_digest(retreats: &RetreatResolution) -> u64 {
    let fates = retreats.units().iter().map(|fate| match fate {
        RetreatResult::NotDislodged => 0,
        RetreatResult::Disbanded => 1,
        RetreatResult::Retreated(to) => 2 + to.index() as u64,
    });
    fnv1a(retreats.outcomes().iter().map(outcome_code).chain(fates))
}

/// FNV-1a over every adjustment order's outcome and then every unit's fate (0 stays, 1
/// removed by an order, 2 removed in civil disorder).
pub fn adjustment_digest(adjustments: &AdjustmentResolution) -> u64 {
    let fates = adjustments.units().iter().map(|fate| match fate {
        UnitFate::Stays => 0,
        UnitFate::Removed => 1,
        UnitFate::RemovedInDisorder => 2,
    });
    fnv1a(adjustments.outcomes().iter().map(outcome_code).chain(fates))
}

fn outcome_code(outcome: &Outcome) -> u64 {
    match outcome {
        Outcome::Succeeds => 0,
        Outcome::Fails(reason) => 0x100 + *reason as u64,
        Outcome::Illegal(reason) => 0x200 + *reason as u64,
    }
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

fn fnv1a_step(hash: u64, value: u64) -> u64 {
    (hash ^ value).wrapping_mul(0x0000_0100_0000_01b3)
}

fn fnv1a(values: impl Iterator<Item = u64>) -> u64 {
    values.fold(FNV_OFFSET, fnv1a_step)
}
