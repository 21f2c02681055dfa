//! Advancing the board between phases, so that a game loop never rebuilds it by hand.
//!
//! - [`units_after_retreats`]: the units after a movement phase and its retreat phase, in the
//!   order given: a unit that was not dislodged where the movement phase left it, a retreated
//!   unit where it retreated to; a disbanded unit is gone.
//! - [`units_after_adjustments`]: the units after an adjustment phase: the units that stay, in
//!   the order given, then one new unit per successful build, in the order of the orders (an
//!   army stands on its province even when its build named a coast).
//! - [`take_centres`]: supply-centre ownership after a Fall turn: every supply centre a unit
//!   stands on passes to that unit's power; the others keep their owner.

use heapless::Vec;

use super::adjust::{Adjustment, AdjustmentResolution, UnitFate};
use super::map::Map;
use super::order::{Outcome, Resolution, Unit, UnitKind};
use super::resolve::AdjudicateError;
use super::retreat::{RetreatResolution, RetreatResult};
use super::{MAX_UNITS, Power};

/// The units on the board after the movement phase `movement` and the retreat phase `retreats`
/// that followed it, both decided for `units`. In the order of `units`: a unit that was not
/// dislodged where the movement phase left it, a retreated unit where it retreated to; a
/// disbanded unit is left out.
///
/// Errors: [`AdjudicateError::TooManyUnits`] for more than [`MAX_UNITS`] units;
/// [`AdjudicateError::PhaseMismatch`] when `movement` or `retreats` does not have one result per
/// unit, or they disagree on which units were dislodged.
///
/// ```
/// use ordo::adjudicate::{adjudicate, adjudicate_retreats, parse_turn, standard, Rules};
/// use ordo::adjudicate::{units_after_retreats, standard::BUR};
/// let map = standard();
/// let turn = parse_turn(map, "France:\nA Mar - Bur\nA Gas S A Mar - Bur\nGermany:\nA Bur H").unwrap();
/// let movement = adjudicate(map, turn.units(), turn.orders(), &Rules::default()).unwrap();
/// // Germany orders no retreat: its army in Burgundy is disbanded.
/// let retreats = adjudicate_retreats(map, turn.units(), &movement, &[], &Rules::default()).unwrap();
/// let board = units_after_retreats(turn.units(), &movement, &retreats).unwrap();
/// assert_eq!(board.len(), 2);
/// assert_eq!(board[0].location, BUR);
/// ```
pub fn units_after_retreats(
    units: &[Unit],
    movement: &Resolution,
    retreats: &RetreatResolution,
) -> Result<Vec<Unit, MAX_UNITS>, AdjudicateError> {
    if units.len() > MAX_UNITS {
        return Err(AdjudicateError::TooManyUnits);
    }
    if movement.units().len() != units.len() || retreats.units().len() != units.len() {
        return Err(AdjudicateError::PhaseMismatch);
    }
    let mut board = Vec::new();
    for ((unit, moved), retreat) in units.iter().zip(movement.units()).zip(retreats.units()) {
        let location = match (*retreat, moved.dislodged) {
            (RetreatResult::NotDislodged, None) => moved.moved_to.unwrap_or(unit.location),
            (RetreatResult::Retreated(to), Some(_)) => to,
            (RetreatResult::Disbanded, Some(_)) => continue,
            // Results of another phase: a dislodged unit that stays, or one that was not
            // dislodged and retreats.
            _ => return Err(AdjudicateError::PhaseMismatch),
        };
        // Cannot fail: at most `units.len() <= MAX_UNITS` units are pushed.
        let _ = board.push(Unit { location, ..*unit });
    }
    Ok(board)
}

/// The units on the board of `map` after the adjustment phase `adjustments`, decided for
/// `units` and `orders`: the units that stay, in their order, then one new unit per successful
/// build, in the order of `orders` (an army stands on its province even when its build named a
/// coast).
///
/// Errors: [`AdjudicateError::TooManyUnits`] when the units that stay and the new ones exceed
/// [`MAX_UNITS`]; [`AdjudicateError::PhaseMismatch`] when `adjustments` does not have one
/// result per unit and one per order; [`AdjudicateError::BadOrder`] for a successful build at a
/// location the map does not have.
///
/// ```
/// use ordo::adjudicate::{adjudicate_adjustments, parse_adjustment, standard, Unit, UnitKind};
/// use ordo::adjudicate::{units_after_adjustments, standard::{GERMANY, BER, KIE, RUH}};
/// let map = standard();
/// let mut owners = vec![None; map.province_count()];
/// owners[BER.index()] = Some(GERMANY);
/// owners[KIE.index()] = Some(GERMANY);
/// let units = [Unit { kind: UnitKind::Army, power: GERMANY, location: RUH }];
/// let orders = [(GERMANY, parse_adjustment(map, "Build F Kiel").unwrap())];
/// let result = adjudicate_adjustments(map, &units, &owners, &orders).unwrap();
/// let board = units_after_adjustments(map, &units, &orders, &result).unwrap();
/// assert_eq!(board[1], Unit { kind: UnitKind::Fleet, power: GERMANY, location: KIE });
/// ```
pub fn units_after_adjustments(
    map: &Map<'_>,
    units: &[Unit],
    orders: &[(Power, Adjustment)],
    adjustments: &AdjustmentResolution,
) -> Result<Vec<Unit, MAX_UNITS>, AdjudicateError> {
    if adjustments.units().len() != units.len() || adjustments.outcomes().len() != orders.len() {
        return Err(AdjudicateError::PhaseMismatch);
    }
    let mut board = Vec::new();
    for (unit, fate) in units.iter().zip(adjustments.units()) {
        if *fate == UnitFate::Stays {
            board
                .push(*unit)
                .map_err(|_| AdjudicateError::TooManyUnits)?;
        }
    }
    for (index, ((power, order), outcome)) in orders.iter().zip(adjustments.outcomes()).enumerate()
    {
        let Adjustment::Build { kind, location } = *order else {
            continue;
        };
        if *outcome != Outcome::Succeeds {
            continue;
        }
        if location.index() >= map.location_count() {
            return Err(AdjudicateError::BadOrder(index as u8));
        }
        let location = match kind {
            UnitKind::Army => map.province_of(location),
            UnitKind::Fleet => location,
        };
        let built = Unit {
            kind,
            power: *power,
            location,
        };
        board
            .push(built)
            .map_err(|_| AdjudicateError::TooManyUnits)?;
    }
    Ok(board)
}

/// Passes every supply centre of `map` that one of `units` stands on to that unit's power, in
/// `owners` (one entry per province, as [`adjudicate_adjustments`](super::adjudicate_adjustments)
/// reads it). Call it after a Fall turn's retreat phase, with [`units_after_retreats`]'s units.
///
/// Errors (`owners` is left as it was): [`AdjudicateError::TooManyUnits`] for more than
/// [`MAX_UNITS`] units; [`AdjudicateError::BadOwners`] when `owners` does not have one entry per
/// province; [`AdjudicateError::BadUnit`] for a unit on a location, or of a power, the map
/// does not have.
///
/// ```
/// use ordo::adjudicate::{take_centres, standard, Unit, UnitKind};
/// use ordo::adjudicate::standard::{FRANCE, BEL, BUR};
/// let map = standard();
/// let mut owners = vec![None; map.province_count()];
/// let units = [
///     Unit { kind: UnitKind::Army, power: FRANCE, location: BEL },
///     Unit { kind: UnitKind::Army, power: FRANCE, location: BUR },
/// ];
/// take_centres(map, &units, &mut owners).unwrap();
/// assert_eq!(owners[BEL.index()], Some(FRANCE));
/// assert_eq!(owners[BUR.index()], None); // Burgundy is not a supply centre
/// ```
pub fn take_centres(
    map: &Map<'_>,
    units: &[Unit],
    owners: &mut [Option<Power>],
) -> Result<(), AdjudicateError> {
    if units.len() > MAX_UNITS {
        return Err(AdjudicateError::TooManyUnits);
    }
    if owners.len() != map.province_count() {
        return Err(AdjudicateError::BadOwners);
    }
    let off_map = |unit: &Unit| {
        unit.location.index() >= map.location_count() || unit.power.index() >= map.power_count()
    };
    if let Some(bad) = units.iter().position(off_map) {
        return Err(AdjudicateError::BadUnit(bad as u8));
    }
    for unit in units {
        let province = map.province_of(unit.location).index();
        let centre = map
            .province(province)
            .is_some_and(|info| info.supply_centre);
        if let (true, Some(owner)) = (centre, owners.get_mut(province)) {
            *owner = Some(unit.power);
        }
    }
    Ok(())
}
