//! The adjustment phase (DATC 6.I, 6.J): builds, removals and civil disorder.
//!
//! Each power may build as many units as it owns supply centres beyond its units, and must
//! remove as many as it has units beyond its centres. Orders are taken one by one, in input
//! order (DATC 4.D.4, 4.D.6): a legal order succeeds while the power's allowance lasts and fails
//! with [`FailReason::NoAllowanceLeft`] after (also when the power has no adjustment of that
//! kind due). A build needs an empty home supply centre the power owns (both coasts empty), a
//! fleet a coastal one (with its coast named where there are two), and one build per centre
//! ([`FailReason::Duplicate`]); a removal needs one of the power's units, removed once.
//!
//! Removals still due after the orders happen by civil disorder (2023 rulebook): the unit
//! farthest from any supply centre its power owns goes first, distance counted in moves over
//! any border, land or sea, whatever the unit's kind; on a tie fleets go before armies, then by
//! province name, alphabetically.

use super::map::{Location, Map, ProvinceKind};
use super::order::{FailReason, IllegalReason, Outcome, Unit, UnitKind};
use super::resolve::AdjudicateError;
use super::{MAX_LOCATIONS, MAX_ORDERS, MAX_POWERS, MAX_UNITS, Power};

/// One adjustment order, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Adjustment {
    /// Build a unit of `kind` at `location` (a coast for a fleet where the province has two).
    Build {
        /// Army or fleet.
        kind: UnitKind,
        /// Where, as written.
        location: Location,
    },
    /// Remove (disband) the unit at `location`.
    Remove {
        /// The unit type as written (ignored).
        kind: Option<UnitKind>,
        /// Where the unit stands, as written.
        location: Location,
    },
}

/// What the adjustment phase did to one unit on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub enum UnitFate {
    /// It stays.
    #[default]
    Stays,
    /// A removal order removed it.
    Removed,
    /// Civil disorder removed it (its power ordered too few removals).
    RemovedInDisorder,
}

/// The decided adjustment phase: one [`Outcome`] per order (a build that succeeds is a new
/// unit) and one [`UnitFate`] per unit.
#[derive(Clone, Debug)]
pub struct AdjustmentResolution {
    outcomes: [Outcome; MAX_ORDERS],
    order_count: u16,
    units: [UnitFate; MAX_UNITS],
    unit_count: u16,
}

impl AdjustmentResolution {
    /// The outcome of each order, in input order.
    pub fn outcomes(&self) -> &[Outcome] {
        &self.outcomes[..usize::from(self.order_count)]
    }

    /// The fate of each unit, in input order.
    pub fn units(&self) -> &[UnitFate] {
        &self.units[..usize::from(self.unit_count)]
    }

    /// The outcomes and fates a caller hands back (the C face advances the board from them);
    /// `None` for more than [`MAX_ORDERS`] outcomes or [`MAX_UNITS`] fates.
    pub(crate) fn from_parts(outcomes: &[Outcome], fates: &[UnitFate]) -> Option<Self> {
        let mut resolution = AdjustmentResolution {
            outcomes: [Outcome::Succeeds; MAX_ORDERS],
            order_count: u16::try_from(outcomes.len()).ok()?,
            units: [UnitFate::Stays; MAX_UNITS],
            unit_count: u16::try_from(fates.len()).ok()?,
        };
        resolution
            .outcomes
            .get_mut(..outcomes.len())?
            .copy_from_slice(outcomes);
        resolution
            .units
            .get_mut(..fates.len())?
            .copy_from_slice(fates);
        Some(resolution)
    }
}

/// Decides the adjustment phase: `units` on the board of `map`, `owners[p]` the owner of
/// province `p` (one entry per province, [`Map::province_count`]; entries of provinces that are
/// not supply centres are ignored), `orders` each with the power that wrote it.
///
/// ```
/// use ordo::adjudicate::{adjudicate_adjustments, parse_adjustment, standard, Outcome, Power};
/// use ordo::adjudicate::{Unit, UnitKind, standard::{GERMANY, BER, KIE, MUN, RUH}};
/// let map = standard();
/// let mut owners = vec![None; map.province_count()];
/// for centre in [BER, KIE, MUN] {
///     owners[centre.index()] = Some(GERMANY);
/// }
/// let units = [Unit { kind: UnitKind::Army, power: GERMANY, location: RUH }];
/// let orders = [
///     (GERMANY, parse_adjustment(map, "Build F Kiel").unwrap()),
///     (GERMANY, parse_adjustment(map, "Build A Munich").unwrap()),
///     (GERMANY, parse_adjustment(map, "Build A Berlin").unwrap()),
/// ];
/// let result = adjudicate_adjustments(map, &units, &owners, &orders).unwrap();
/// assert!(result.outcomes()[..2].iter().all(|o| o.succeeded()));
/// assert!(!result.outcomes()[2].succeeded()); // three centres, one unit: two builds
/// ```
pub fn adjudicate_adjustments(
    map: &Map<'_>,
    units: &[Unit],
    owners: &[Option<Power>],
    orders: &[(Power, Adjustment)],
) -> Result<AdjustmentResolution, AdjudicateError> {
    if units.len() > MAX_UNITS {
        return Err(AdjudicateError::TooManyUnits);
    }
    if orders.len() > MAX_ORDERS {
        return Err(AdjudicateError::TooManyOrders);
    }
    let board = Board::new(map, units, owners)?;
    for (index, (power, order)) in orders.iter().enumerate() {
        let location = match *order {
            Adjustment::Build { location, .. } | Adjustment::Remove { location, .. } => location,
        };
        if power.index() >= map.power_count() || location.index() >= map.location_count() {
            return Err(AdjudicateError::BadOrder(index as u8));
        }
    }
    let mut resolution = AdjustmentResolution {
        outcomes: [Outcome::Succeeds; MAX_ORDERS],
        order_count: orders.len() as u16,
        units: [UnitFate::Stays; MAX_UNITS],
        unit_count: units.len() as u16,
    };
    // Builds (positive) or removals (negative) still due, per power.
    let mut due = board.due;
    let mut built = [false; MAX_LOCATIONS];
    for (index, (power, order)) in orders.iter().enumerate() {
        let p = power.index();
        let outcome = match *order {
            Adjustment::Build { kind, location } => board
                .build_site(*power, kind, location)
                .map_err(Outcome::Illegal)
                .and_then(|province| {
                    if built.get(province).copied().unwrap_or(true) {
                        Err(Outcome::Fails(FailReason::Duplicate))
                    } else if due.get(p).is_none_or(|&d| d <= 0) {
                        Err(Outcome::Fails(FailReason::NoAllowanceLeft))
                    } else {
                        Ok((province, 1))
                    }
                })
                .map(|(province, change)| {
                    if let Some(slot) = built.get_mut(province) {
                        *slot = true;
                    }
                    change
                }),
            Adjustment::Remove { location, .. } => board
                .unit_of(*power, location)
                .map_err(Outcome::Illegal)
                .and_then(|u| {
                    if resolution.units.get(u) != Some(&UnitFate::Stays) {
                        Err(Outcome::Fails(FailReason::Duplicate))
                    } else if due.get(p).is_none_or(|&d| d >= 0) {
                        Err(Outcome::Fails(FailReason::NoAllowanceLeft))
                    } else {
                        Ok(u)
                    }
                })
                .map(|u| {
                    if let Some(fate) = resolution.units.get_mut(u) {
                        *fate = UnitFate::Removed;
                    }
                    -1
                }),
        };
        match outcome {
            Ok(change) => {
                if let Some(d) = due.get_mut(p) {
                    *d -= change;
                }
            }
            Err(outcome) => {
                if let Some(slot) = resolution.outcomes.get_mut(index) {
                    *slot = outcome;
                }
            }
        }
    }
    for (p, &still_due) in due.iter().enumerate().take(map.power_count()) {
        for _ in still_due..0 {
            match board.civil_disorder_victim(Power(p as u8), &resolution.units) {
                Some(u) => {
                    if let Some(fate) = resolution.units.get_mut(u) {
                        *fate = UnitFate::RemovedInDisorder;
                    }
                }
                None => break,
            }
        }
    }
    Ok(resolution)
}

/// The board of the adjustment phase: who stands where, who owns what, and what is due.
struct Board<'m, 'u> {
    map: &'m Map<'m>,
    units: &'u [Unit],
    /// The unit in each province, if any.
    unit_at: [Option<u8>; MAX_LOCATIONS],
    owners: [Option<Power>; MAX_LOCATIONS],
    /// Owned centres minus units, per power.
    due: [i32; MAX_POWERS],
}

impl<'m, 'u> Board<'m, 'u> {
    fn new(
        map: &'m Map<'m>,
        units: &'u [Unit],
        owners: &[Option<Power>],
    ) -> Result<Board<'m, 'u>, AdjudicateError> {
        if owners.len() != map.province_count()
            || owners
                .iter()
                .flatten()
                .any(|power| power.index() >= map.power_count())
        {
            return Err(AdjudicateError::BadOwners);
        }
        let mut board = Board {
            map,
            units,
            unit_at: [None; MAX_LOCATIONS],
            owners: [None; MAX_LOCATIONS],
            due: [0; MAX_POWERS],
        };
        for (province, owner) in owners.iter().enumerate() {
            let centre = map
                .province(province)
                .is_some_and(|info| info.supply_centre);
            if let (true, Some(power), Some(slot)) = (centre, owner, board.owners.get_mut(province))
            {
                *slot = Some(*power);
                if let Some(d) = board.due.get_mut(power.index()) {
                    *d += 1;
                }
            }
        }
        for (u, unit) in units.iter().enumerate() {
            let bad = AdjudicateError::BadUnit(u as u8);
            if unit.location.index() >= map.location_count()
                || unit.power.index() >= map.power_count()
            {
                return Err(bad);
            }
            let province = map.province_of(unit.location).index();
            match board.unit_at.get_mut(province) {
                Some(slot @ None) => *slot = Some(u as u8),
                _ => return Err(AdjudicateError::SharedProvince(u as u8)),
            }
            if let Some(d) = board.due.get_mut(unit.power.index()) {
                *d -= 1;
            }
        }
        Ok(board)
    }

    /// The province a build order may build in, or why it may not.
    fn build_site(
        &self,
        power: Power,
        kind: UnitKind,
        location: Location,
    ) -> Result<usize, IllegalReason> {
        use IllegalReason::*;
        let map = self.map;
        let province = map.province_of(location).index();
        let info = map.province(province).ok_or(NotAHomeCentre)?;
        if !info.supply_centre || info.home != Some(power) {
            return Err(NotAHomeCentre);
        }
        if self.owners.get(province).copied().flatten() != Some(power) {
            return Err(CentreNotOwned);
        }
        if self.unit_at.get(province).copied().flatten().is_some() {
            return Err(CentreOccupied);
        }
        match kind {
            // An army ignores a coast written with it.
            UnitKind::Army if info.kind == ProvinceKind::Sea => Err(ArmyToSea),
            UnitKind::Army => Ok(province),
            UnitKind::Fleet if info.kind != ProvinceKind::Coastal => Err(FleetToLand),
            UnitKind::Fleet if map.has_coasts(location) && map.coast_of(location).is_none() => {
                Err(CoastNotSpecified)
            }
            UnitKind::Fleet => Ok(province),
        }
    }

    /// The index of `power`'s unit in the province of `location`, or why there is none.
    fn unit_of(&self, power: Power, location: Location) -> Result<usize, IllegalReason> {
        let province = self.map.province_of(location).index();
        let u = usize::from(
            self.unit_at
                .get(province)
                .copied()
                .flatten()
                .ok_or(IllegalReason::NoUnit)?,
        );
        match self.units.get(u) {
            Some(unit) if unit.power == power => Ok(u),
            Some(_) => Err(IllegalReason::ForeignUnit),
            None => Err(IllegalReason::NoUnit),
        }
    }

    /// The next unit of `power` civil disorder removes: the farthest from an owned centre, fleets
    /// first on a tie, then by province name.
    fn civil_disorder_victim(&self, power: Power, fates: &[UnitFate]) -> Option<usize> {
        let distance = self.distances_to_owned_centres(power);
        let map = self.map;
        let name = |unit: &Unit| {
            map.province(map.province_of(unit.location).index())
                .map_or("", |info| info.name)
        };
        self.units
            .iter()
            .enumerate()
            .filter(|&(u, unit)| unit.power == power && fates.get(u) == Some(&UnitFate::Stays))
            .min_by(|&(_, a), &(_, b)| {
                let far = |unit: &Unit| {
                    distance
                        .get(map.province_of(unit.location).index())
                        .copied()
                        .unwrap_or(u16::MAX)
                };
                far(b)
                    .cmp(&far(a))
                    .then_with(|| (b.kind == UnitKind::Fleet).cmp(&(a.kind == UnitKind::Fleet)))
                    .then_with(|| {
                        let (a, b) = (name(a).bytes(), name(b).bytes());
                        a.map(|c| c.to_ascii_lowercase())
                            .cmp(b.map(|c| c.to_ascii_lowercase()))
                    })
            })
            .map(|(u, _)| u)
    }

    /// Moves from each province to the nearest supply centre `power` owns, over any border
    /// (`u16::MAX` where none is reachable).
    fn distances_to_owned_centres(&self, power: Power) -> [u16; MAX_LOCATIONS] {
        let map = self.map;
        let mut distance = [u16::MAX; MAX_LOCATIONS];
        let mut queue = [0u8; MAX_LOCATIONS];
        let (mut head, mut tail) = (0, 0);
        for (province, owner) in self.owners.iter().enumerate().take(map.province_count()) {
            if *owner == Some(power)
                && let (Some(d), Some(slot)) = (distance.get_mut(province), queue.get_mut(tail))
            {
                *d = 0;
                *slot = province as u8;
                tail += 1;
            }
        }
        while let Some(&province) = queue.get(head).filter(|_| head < tail) {
            head += 1;
            let here = Location(province);
            let next = distance
                .get(usize::from(province))
                .copied()
                .unwrap_or(u16::MAX)
                .saturating_add(1);
            let by_land = map.army_neighbours(here).iter();
            let from_coasts = map.coasts(here).iter().chain([usize::from(province)]);
            let by_sea =
                from_coasts.flat_map(|from| map.fleet_neighbours(Location(from as u8)).iter());
            for neighbour in by_land.chain(by_sea) {
                let neighbour = map.province_of(Location(neighbour as u8)).index();
                if let Some(d) = distance.get_mut(neighbour)
                    && *d == u16::MAX
                    && let Some(slot) = queue.get_mut(tail)
                {
                    *d = next;
                    *slot = neighbour as u8;
                    tail += 1;
                }
            }
        }
        distance
    }
}
