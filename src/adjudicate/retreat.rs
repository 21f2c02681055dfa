//! The retreat phase (DATC 6.H): where each dislodged unit may go, and the retreat orders decided.
//!
//! After the movement phase a dislodged unit either retreats over one border of its own kind
//! (never by convoy) or is disbanded. It may not retreat to a province occupied after the
//! movement phase, to a province left contested by a standoff (either coast, 6.H.16), nor to the
//! province its attacker came from unless that attack came by convoy (the 2023 rulebook and DATC's
//! preference, 4.A.5; 6.H.11, 6.H.12). An order to a unit that was not dislodged, or any order but
//! a move (a hold, a support, a convoy, a move via convoy), is illegal (6.H.1-6.H.4). Two or more
//! legal retreats to one province all fail with [`FailReason::Standoff`] (6.H.7, 6.H.8). A
//! dislodged unit without a successful retreat is disbanded.

use super::map::{Location, LocationSet, Map, ProvinceKind};
use super::order::{
    Action, FailReason, IllegalReason, Order, Outcome, Resolution, Rules, Unit, UnitKind,
};
use super::resolve::{AdjudicateError, fleet_destination};
use super::{MAX_LOCATIONS, MAX_ORDERS, MAX_UNITS, Power};

/// What the retreat phase did to one unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub enum RetreatResult {
    /// It was not dislodged: it stays where the movement phase left it.
    #[default]
    NotDislodged,
    /// It was dislodged and retreated to this location (a coast for a fleet going to one).
    Retreated(Location),
    /// It was dislodged and is removed from the board.
    Disbanded,
}

/// The decided retreat phase: one [`Outcome`] per retreat order (same index) and one
/// [`RetreatResult`] per unit (same index as the movement phase's units).
#[derive(Clone, Debug)]
pub struct RetreatResolution {
    outcomes: [Outcome; MAX_ORDERS],
    order_count: u16,
    units: [RetreatResult; MAX_UNITS],
    unit_count: u16,
}

impl RetreatResolution {
    /// The outcome of each retreat order, in input order.
    pub fn outcomes(&self) -> &[Outcome] {
        &self.outcomes[..usize::from(self.order_count)]
    }

    /// The result of each unit, in input order.
    pub fn units(&self) -> &[RetreatResult] {
        &self.units[..usize::from(self.unit_count)]
    }

    /// The unit results a caller hands back (the C face advances the board from them), without
    /// order outcomes; `None` for more than [`MAX_UNITS`] units.
    pub(crate) fn from_units(units: &[RetreatResult]) -> Option<Self> {
        let mut resolution = RetreatResolution {
            outcomes: [Outcome::Succeeds; MAX_ORDERS],
            order_count: 0,
            units: [RetreatResult::NotDislodged; MAX_UNITS],
            unit_count: u16::try_from(units.len()).ok()?,
        };
        resolution
            .units
            .get_mut(..units.len())?
            .copy_from_slice(units);
        Some(resolution)
    }
}

/// The board after the movement phase, as the retreat rules read it.
struct AfterMovement<'m> {
    map: &'m Map<'m>,
    /// Provinces holding a unit that was not dislodged.
    occupied: LocationSet,
    /// Provinces left contested by a standoff.
    contested: LocationSet,
}

impl<'m> AfterMovement<'m> {
    /// Checks that `movement` belongs to `units` on `map` and reads the board from it.
    fn new(
        map: &'m Map<'m>,
        units: &[Unit],
        movement: &Resolution,
    ) -> Result<AfterMovement<'m>, AdjudicateError> {
        if units.len() > MAX_UNITS {
            return Err(AdjudicateError::TooManyUnits);
        }
        if movement.units().len() != units.len() {
            return Err(AdjudicateError::MovementMismatch);
        }
        let on_map = |location: Location| location.index() < map.location_count();
        let mut occupied = LocationSet::EMPTY;
        for (index, (unit, result)) in units.iter().zip(movement.units()).enumerate() {
            let bad = AdjudicateError::BadUnit(index as u8);
            if !on_map(unit.location) || unit.power.index() >= map.power_count() {
                return Err(bad);
            }
            if result.dislodged.is_some() {
                continue;
            }
            let at = result.moved_to.unwrap_or(unit.location);
            if !on_map(at) {
                return Err(bad);
            }
            occupied.insert(map.province_of(at).index());
        }
        Ok(AfterMovement {
            map,
            occupied,
            contested: *movement.contested(),
        })
    }

    /// Where the dislodged `unit` would go when ordered to `to`, or why it may not.
    fn destination(
        &self,
        unit: &Unit,
        attacker_from: Location,
        attack_via_convoy: bool,
        to: Location,
        rules: &Rules,
    ) -> Result<Location, IllegalReason> {
        use IllegalReason::*;
        let map = self.map;
        if to.index() >= map.location_count() {
            return Err(NotAdjacent);
        }
        let province = map.province_of(to);
        if province == map.province_of(unit.location) {
            return Err(SameProvince);
        }
        let to = match unit.kind {
            UnitKind::Army => {
                if map.kind(to) == ProvinceKind::Sea {
                    return Err(ArmyToSea);
                }
                if rules.irrelevant_coast_illegal && map.coast_of(to).is_some() {
                    return Err(IrrelevantCoast);
                }
                if !map.army_border(unit.location, to) {
                    return Err(NotAdjacent);
                }
                province
            }
            UnitKind::Fleet => fleet_destination(map, unit.location, to, rules)?,
        };
        if province == map.province_of(attacker_from) && !attack_via_convoy {
            return Err(RetreatToAttacker);
        }
        if self.contested.contains(province.index()) {
            return Err(RetreatToContested);
        }
        if self.occupied.contains(province.index()) {
            return Err(RetreatToOccupied);
        }
        Ok(to)
    }
}

/// The locations the unit at index `unit` may retreat to after `movement` (empty when it was
/// not dislodged or has nowhere to go): every location a retreat order could name and succeed
/// with, were it the only retreat there. A fleet's destinations are coast locations where a
/// province has coasts.
///
/// Returns an error, as [`adjudicate_retreats`] does, when `movement` does not belong to `units`.
pub fn retreat_destinations(
    map: &Map<'_>,
    units: &[Unit],
    movement: &Resolution,
    unit: usize,
) -> Result<LocationSet, AdjudicateError> {
    let board = AfterMovement::new(map, units, movement)?;
    let mut options = LocationSet::EMPTY;
    let (Some(retreating), Some(result)) = (units.get(unit), movement.units().get(unit)) else {
        return Ok(options);
    };
    let Some(dislodged) = result.dislodged else {
        return Ok(options);
    };
    let rules = Rules::default();
    for to in 0..map.location_count().min(MAX_LOCATIONS) {
        let to = Location(to as u8);
        // A province with coasts is offered to fleets by its coasts, to armies as a whole.
        let offered = match retreating.kind {
            UnitKind::Army => map.coast_of(to).is_none(),
            UnitKind::Fleet => map.coast_of(to).is_some() || !map.has_coasts(to),
        };
        if offered
            && board
                .destination(retreating, dislodged.from, dislodged.via_convoy, to, &rules)
                .is_ok_and(|at| at == to)
        {
            options.insert(to.index());
        }
    }
    Ok(options)
}

/// Decides the retreat phase that follows `movement`, the [`Resolution`] of
/// [`adjudicate`](super::adjudicate) for the same `map` and `units`. `orders` are the retreat
/// orders, each with the power that wrote it; only moves are retreats. `rules` are read for the
/// coast options of DATC 4.B and for `multiple_orders` (the convoy options do not apply: nothing
/// is convoyed).
///
/// A unit with several legal retreat orders to different places follows `rules.multiple_orders`
/// (DATC 4.D.3): by default none of them (each is [`IllegalReason::ConflictingOrders`] and the
/// unit is disbanded), or the first or the last (the others are
/// [`IllegalReason::ConflictingOrders`]). Orders to the same place count as one.
///
/// ```
/// use ordo::adjudicate::{adjudicate, adjudicate_retreats, parse_order, parse_turn, standard};
/// use ordo::adjudicate::{Outcome, RetreatResult, Rules, standard::TYR};
/// let map = standard();
/// let turn = parse_turn(map, "Austria:\nA Bud S A Tri - Vie\nA Tri - Vie\nItaly:\nA Vie H").unwrap();
/// let rules = Rules::default();
/// let movement = adjudicate(map, turn.units(), turn.orders(), &rules).unwrap();
/// let italy = map.power_by_name("Italy").unwrap();
/// let retreat = (italy, parse_order(map, "A Vie - Tyr").unwrap());
/// let retreats = adjudicate_retreats(map, turn.units(), &movement, &[retreat], &rules).unwrap();
/// assert_eq!(retreats.outcomes(), [Outcome::Succeeds]);
/// assert_eq!(retreats.units()[2], RetreatResult::Retreated(TYR));
/// ```
pub fn adjudicate_retreats(
    map: &Map<'_>,
    units: &[Unit],
    movement: &Resolution,
    orders: &[(Power, Order)],
    rules: &Rules,
) -> Result<RetreatResolution, AdjudicateError> {
    if orders.len() > MAX_ORDERS {
        return Err(AdjudicateError::TooManyOrders);
    }
    let board = AfterMovement::new(map, units, movement)?;
    let mut resolution = RetreatResolution {
        outcomes: [Outcome::Succeeds; MAX_ORDERS],
        order_count: orders.len() as u16,
        units: [RetreatResult::NotDislodged; MAX_UNITS],
        unit_count: units.len() as u16,
    };
    // Each legal order's unit and destination; illegal orders are reported at once.
    let mut legal: [Option<(usize, Location)>; MAX_ORDERS] = [None; MAX_ORDERS];
    for (index, (power, order)) in orders.iter().enumerate() {
        if order.location.index() >= map.location_count() || power.index() >= map.power_count() {
            return Err(AdjudicateError::BadOrder(index as u8));
        }
        match retreat_of(&board, units, movement, *power, order, rules) {
            Ok(retreat) => legal[index] = Some(retreat),
            Err(reason) => resolution.outcomes[index] = Outcome::Illegal(reason),
        }
    }
    // Per unit: the order it follows and where that takes it, chosen among its legal orders as
    // DATC 4.D.3 says (orders to the same place are one order).
    let mut followed = [None; MAX_UNITS];
    let retreats = legal.iter().take(orders.len()).enumerate();
    let to_of = |index: usize| legal[index].map(|(_, to)| to);
    rules.multiple_orders.follow(
        retreats.filter_map(|(index, retreat)| Some((index, retreat.as_ref()?.0))),
        |i, j| to_of(i) == to_of(j),
        &mut followed,
    );
    let chosen = followed.map(|order| to_of(usize::from(order?)));
    for (index, retreat) in legal.iter().enumerate().take(orders.len()) {
        let Some((unit, to)) = *retreat else {
            continue;
        };
        if chosen[unit] != Some(to) {
            resolution.outcomes[index] = Outcome::Illegal(IllegalReason::ConflictingOrders);
        }
    }
    for (unit, result) in movement.units().iter().enumerate() {
        if result.dislodged.is_none() {
            continue;
        }
        let Some(slot) = resolution.units.get_mut(unit) else {
            continue;
        };
        *slot = RetreatResult::Disbanded;
        let Some(to) = chosen.get(unit).copied().flatten() else {
            continue;
        };
        let province = map.province_of(to);
        let bounced = chosen.iter().enumerate().any(|(other, choice)| {
            other != unit && choice.is_some_and(|there| map.province_of(there) == province)
        });
        if bounced {
            // The order followed, and any repeat of it.
            for (index, retreat) in legal.iter().enumerate().take(orders.len()) {
                if *retreat == Some((unit, to)) {
                    resolution.outcomes[index] = Outcome::Fails(FailReason::Standoff);
                }
            }
        } else {
            *slot = RetreatResult::Retreated(to);
        }
    }
    Ok(resolution)
}

/// The unit a retreat order moves and where to, or why the order is illegal.
fn retreat_of(
    board: &AfterMovement<'_>,
    units: &[Unit],
    movement: &Resolution,
    power: Power,
    order: &Order,
    rules: &Rules,
) -> Result<(usize, Location), IllegalReason> {
    use IllegalReason::*;
    let map = board.map;
    let province = map.province_of(order.location);
    // The unit that stood there before the movement phase and was dislodged from it, or else
    // the unit that stands there now.
    let standing = |dislodged: bool| {
        units
            .iter()
            .zip(movement.units())
            .position(|(unit, result)| {
                let at = if dislodged {
                    unit.location
                } else {
                    result.moved_to.unwrap_or(unit.location)
                };
                result.dislodged.is_some() == dislodged && map.province_of(at) == province
            })
    };
    let Some(u) = standing(true) else {
        return Err(if standing(false).is_some() {
            NotDislodged
        } else {
            NoUnit
        });
    };
    let (Some(unit), Some(dislodged)) = (
        units.get(u),
        movement.units().get(u).and_then(|r| r.dislodged),
    ) else {
        return Err(NoUnit);
    };
    if unit.power != power {
        return Err(ForeignUnit);
    }
    if rules.wrong_unit_coast_illegal
        && unit.kind == UnitKind::Fleet
        && map.coast_of(order.location).is_some()
        && order.location != unit.location
    {
        return Err(WrongUnitCoast);
    }
    match order.action {
        Action::Move {
            to,
            via_convoy: false,
        } => board
            .destination(unit, dislodged.from, dislodged.via_convoy, to, rules)
            .map(|to| (u, to)),
        _ => Err(NotARetreat),
    }
}
