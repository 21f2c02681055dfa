//! The resolver: legality (DATC 4.E.1), then DATC section 5's equations
//! solved by the guess algorithm of 5.F with the backup rule, then the
//! outcome of every order and unit.
//!
//! Decisions are per unit (each unit follows at most one order): MOVE
//! succeeds, SUPPORT is given, CONVOY is kept up. All sets of units are
//! `u64` bitsets (bit = unit index), so [`MAX_UNITS`] is 64.

use super::map::{Location, Map, ProvinceKind};
use super::order::{
    Action, AdjacentConvoy, ConvoyDisruption, Dislodgement, FailReason, IllegalReason,
    MultipleOrders, Order, Outcome, ParadoxRule, Resolution, Rules, SupportCoast, Unit, UnitKind,
    UnitResult,
};
use super::{MAX_LOCATIONS, MAX_ORDERS, MAX_UNITS, Power};

const NONE: u8 = u8::MAX;

/// Most steps of one search for convoy routes without shortcut (the
/// legality of a convoy order, DATC 6.G.19; and, under the 1971 rule, the
/// fleets of every route). Past it every fleet is taken as on a route; the
/// standard map, with its 19 seas, never comes near it.
pub const MAX_ROUTE_SEARCH_STEPS: u32 = 1 << 16;

/// Why [`adjudicate`] refused its input (nothing is adjudicated then).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AdjudicateError {
    /// More than [`MAX_UNITS`] units.
    TooManyUnits,
    /// More than [`MAX_ORDERS`] orders.
    TooManyOrders,
    /// The unit at this index stands on a location the map does not have or
    /// cannot hold it (army in a sea, fleet inland, fleet on a multi-coast
    /// province without a coast), or its power is not the map's.
    BadUnit(u8),
    /// The unit at this index stands in the same province as an earlier unit.
    SharedProvince(u8),
    /// The order at this index names a location or power the map does not have.
    BadOrder(u8),
    /// The movement [`Resolution`] given to the retreat phase has a different number of units
    /// than the units given with it.
    MovementMismatch,
    /// The ownership list given to the adjustment phase does not have one entry per province,
    /// or names a power the map does not have.
    BadOwners,
    /// A retreat or adjustment result given to advance the board
    /// ([`units_after_retreats`](super::units_after_retreats),
    /// [`units_after_adjustments`](super::units_after_adjustments)) does not have one entry per
    /// unit, or per order, given with it, or a retreat result disagrees with the movement on
    /// which units were dislodged.
    PhaseMismatch,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Act {
    Hold,
    Move,
    SupportHold,
    SupportMove,
    Convoy,
}

#[inline]
fn bit(u: usize) -> u64 {
    1u64 << u
}

/// Iterates the set bits of a unit set.
#[inline]
fn units_of(mut set: u64) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let u = set.trailing_zeros() as usize;
        set &= set - 1;
        Some(u)
    })
}

/// The location a fleet at `from` reaches when ordered to `to`, another province, over one
/// border (DATC 4.B: an omitted coast is taken when only one is reachable, a named coast it
/// cannot reach is illegal or, with [`Rules::impossible_coast_ignored`], the reachable one).
pub(super) fn fleet_destination(
    map: &Map<'_>,
    from: Location,
    to: Location,
    rules: &Rules,
) -> Result<Location, IllegalReason> {
    use IllegalReason::*;
    if map.kind(to) == ProvinceKind::Inland {
        return Err(FleetToLand);
    }
    let to_province = map.province_of(to);
    if !map.has_coasts(to) {
        return if map.fleet_border(from, to_province) {
            Ok(to_province)
        } else {
            Err(NotAdjacent)
        };
    }
    let mut reachable = map
        .coasts(to)
        .iter()
        .filter(|&c| map.fleet_border(from, Location(c as u8)));
    let only = match (reachable.next(), reachable.next()) {
        (None, _) => return Err(NotAdjacent),
        (Some(c), None) => Some(Location(c as u8)),
        (Some(_), Some(_)) => None,
    };
    if map.coast_of(to).is_some() {
        if map.fleet_border(from, to) {
            Ok(to)
        } else if rules.impossible_coast_ignored {
            only.ok_or(ImpossibleCoast)
        } else {
            Err(ImpossibleCoast)
        }
    } else if rules.omitted_coast_illegal {
        Err(CoastNotSpecified)
    } else {
        only.ok_or(CoastNotSpecified)
    }
}

/// All working memory of one adjudication, plus its [`Resolution`]. Reuse
/// one across calls to avoid re-initialising it; its size is
/// [`WORKSPACE_BYTES`].
#[derive(Clone, Debug)]
pub struct Workspace {
    n: usize,
    power: [u8; MAX_UNITS],
    kind: [UnitKind; MAX_UNITS],
    loc: [Location; MAX_UNITS],
    prov: [u8; MAX_UNITS],
    /// Unit in each province, or `NONE`.
    unit_at: [u8; MAX_LOCATIONS],
    /// The effective order of each unit.
    order_of: [u8; MAX_UNITS],
    act: [Act; MAX_UNITS],
    /// Move: destination province; support/convoy: province of the support's
    /// action (held or moved-to province); convoy: the army's destination.
    dest: [u8; MAX_UNITS],
    /// Move: the destination location (with its coast for a fleet).
    dest_loc: [Location; MAX_UNITS],
    /// Support/convoy: the supported or convoyed unit.
    target: [u8; MAX_UNITS],
    /// Head-to-head opponent of a move, or `NONE`.
    h2h: [u8; MAX_UNITS],
    /// Units whose move goes by convoy.
    convoyed: u64,
    /// Adjacent moves that go by convoy exactly when their convoy route
    /// holds (1971 rule, land fallback), else over land.
    maybe_convoyed: u64,
    /// Supports and convoys that match the order of their target.
    matched: u64,
    /// Units giving a matched support to this unit's order.
    supports: [u64; MAX_UNITS],
    /// Fleets giving a matched convoy to this army's move.
    convoyers: [u64; MAX_UNITS],
    /// Moves into this unit's province.
    attackers: [u64; MAX_UNITS],
    /// The other moves into this move's destination.
    competitors: [u64; MAX_UNITS],
    /// Moves into each province (valid for the destinations of this call only).
    movers_to: [u64; MAX_LOCATIONS],
    /// Supports this unit's (convoyed) move does not cut (1982/2000 paradox rules).
    no_cut: [u64; MAX_UNITS],
    /// 1971 rule: fleets on some route of this army (all must hold).
    route_fleets: [u64; MAX_UNITS],
    /// Convoyed move: its matched convoying fleets bordering its origin.
    conv_start: [u64; MAX_UNITS],
    /// Convoyed move: its matched convoying fleets bordering its destination.
    conv_end: [u64; MAX_UNITS],
    /// Fleets in seas.
    sea_fleets: u64,
    /// Fleets in seas bordering this fleet's sea.
    sea_adjacent: [u64; MAX_UNITS],
    // Resolver state (DATC 5.F).
    resolved: u64,
    result: u64,
    visited: u64,
    in_cycle: u64,
    cycle: [u8; MAX_UNITS],
    cycle_len: usize,
    /// Stack depth (1-based) of each order being resolved.
    depth: [u8; MAX_UNITS],
    /// For an order retreated into a cycle: the highest stack depth its value depends on, a
    /// frame still on the stack.
    low_of: [u8; MAX_UNITS],
    /// The highest stack depth the order being adjudicated has met (`u8::MAX`: none).
    low: u8,
    stack_depth: u8,
    guess_based: bool,
    /// Convoys failed, and (All Hold) moves failed, by the paradox rule.
    paradox: u64,
    /// Per order: `None` = legal, else why illegal.
    illegal: [Option<IllegalReason>; MAX_ORDERS],
    /// Per order: the unit in the ordered province, or `NONE`.
    order_unit: [u8; MAX_ORDERS],
    /// Per legal move order: its destination (with the coast a fleet goes to).
    order_dest: [Location; MAX_ORDERS],
    resolution: Resolution,
}

/// The size of a [`Workspace`] in bytes.
pub const WORKSPACE_BYTES: usize = core::mem::size_of::<Workspace>();

impl Default for Workspace {
    fn default() -> Self {
        Workspace::new()
    }
}

/// Adjudicates one movement phase with a [`Workspace`] on the stack
/// ([`WORKSPACE_BYTES`]) and returns a copy of the [`Resolution`].
/// `orders` pairs each order with the power that wrote it.
pub fn adjudicate(
    map: &Map<'_>,
    units: &[Unit],
    orders: &[(Power, Order)],
    rules: &Rules,
) -> Result<Resolution, AdjudicateError> {
    let mut workspace = Workspace::new();
    workspace.adjudicate(map, units, orders, rules).cloned()
}

impl Workspace {
    /// A fresh workspace.
    pub const fn new() -> Workspace {
        Workspace {
            n: 0,
            power: [0; MAX_UNITS],
            kind: [UnitKind::Army; MAX_UNITS],
            loc: [Location(0); MAX_UNITS],
            prov: [0; MAX_UNITS],
            unit_at: [NONE; MAX_LOCATIONS],
            order_of: [NONE; MAX_UNITS],
            act: [Act::Hold; MAX_UNITS],
            dest: [0; MAX_UNITS],
            dest_loc: [Location(0); MAX_UNITS],
            target: [NONE; MAX_UNITS],
            h2h: [NONE; MAX_UNITS],
            convoyed: 0,
            maybe_convoyed: 0,
            matched: 0,
            supports: [0; MAX_UNITS],
            convoyers: [0; MAX_UNITS],
            attackers: [0; MAX_UNITS],
            competitors: [0; MAX_UNITS],
            movers_to: [0; MAX_LOCATIONS],
            no_cut: [0; MAX_UNITS],
            route_fleets: [0; MAX_UNITS],
            conv_start: [0; MAX_UNITS],
            conv_end: [0; MAX_UNITS],
            sea_fleets: 0,
            sea_adjacent: [0; MAX_UNITS],
            resolved: 0,
            result: 0,
            visited: 0,
            in_cycle: 0,
            cycle: [0; MAX_UNITS],
            cycle_len: 0,
            depth: [0; MAX_UNITS],
            low_of: [0; MAX_UNITS],
            low: u8::MAX,
            stack_depth: 0,
            guess_based: false,
            paradox: 0,
            illegal: [None; MAX_ORDERS],
            order_unit: [NONE; MAX_ORDERS],
            order_dest: [Location(0); MAX_ORDERS],
            resolution: Resolution::new(),
        }
    }

    /// Adjudicates one movement phase (see the module docs of
    /// [`crate::adjudicate`]); the result borrows this workspace.
    pub fn adjudicate(
        &mut self,
        map: &Map<'_>,
        units: &[Unit],
        orders: &[(Power, Order)],
        rules: &Rules,
    ) -> Result<&Resolution, AdjudicateError> {
        self.load(map, units, orders)?;
        self.legality(map, orders, rules);
        self.choose_orders(map, orders, rules);
        self.link(map, orders, rules);
        let mut r = Resolver { w: self, rules };
        for u in 0..r.w.n {
            if r.w.act[u] != Act::Hold {
                r.resolve(u);
            }
        }
        r.outcomes(map, orders);
        Ok(&self.resolution)
    }

    fn load(
        &mut self,
        map: &Map<'_>,
        units: &[Unit],
        orders: &[(Power, Order)],
    ) -> Result<(), AdjudicateError> {
        if units.len() > MAX_UNITS {
            return Err(AdjudicateError::TooManyUnits);
        }
        if orders.len() > MAX_ORDERS {
            return Err(AdjudicateError::TooManyOrders);
        }
        for (i, (power, order)) in orders.iter().enumerate() {
            let locations_ok = |l: Location| l.index() < map.location_count();
            let ok = power.index() < map.power_count()
                && locations_ok(order.location)
                && match order.action {
                    Action::Hold => true,
                    Action::Move { to, .. } => locations_ok(to),
                    Action::SupportHold { unit, .. } => locations_ok(unit),
                    Action::SupportMove { from, to, .. } | Action::Convoy { from, to } => {
                        locations_ok(from) && locations_ok(to)
                    }
                };
            if !ok {
                return Err(AdjudicateError::BadOrder(i as u8));
            }
        }
        self.unit_at = [NONE; MAX_LOCATIONS];
        self.n = units.len();
        for (u, unit) in units.iter().enumerate() {
            let bad = AdjudicateError::BadUnit(u as u8);
            if unit.location.index() >= map.location_count()
                || unit.power.index() >= map.power_count()
            {
                return Err(bad);
            }
            let province = map.province_of(unit.location);
            let location = match (unit.kind, map.kind(unit.location)) {
                (UnitKind::Army, ProvinceKind::Sea) | (UnitKind::Fleet, ProvinceKind::Inland) => {
                    return Err(bad);
                }
                (UnitKind::Army, _) => province,
                (UnitKind::Fleet, _) => {
                    if map.coast_of(unit.location).is_none() && map.has_coasts(unit.location) {
                        return Err(bad);
                    }
                    unit.location
                }
            };
            if self.unit_at[province.index()] != NONE {
                return Err(AdjudicateError::SharedProvince(u as u8));
            }
            self.unit_at[province.index()] = u as u8;
            self.power[u] = unit.power.0;
            self.kind[u] = unit.kind;
            self.loc[u] = location;
            self.prov[u] = province.0;
        }
        self.sea_fleets = 0;
        for u in 0..self.n {
            if self.kind[u] == UnitKind::Fleet && map.kind(self.loc[u]) == ProvinceKind::Sea {
                self.sea_fleets |= bit(u);
            }
        }
        for u in units_of(self.sea_fleets) {
            let mut adjacent = 0;
            for v in units_of(self.sea_fleets) {
                if map.fleet_reaches_province(self.loc[u], Location(self.prov[v])) {
                    adjacent |= bit(v);
                }
            }
            self.sea_adjacent[u] = adjacent;
        }
        Ok(())
    }

    fn unit_in(&self, map: &Map<'_>, location: Location) -> Option<usize> {
        let u = self.unit_at[map.province_of(location).index()];
        (u != NONE).then_some(u as usize)
    }

    /// Fleets (of `allowed`) in seas bordering the province `province`.
    fn fleets_bordering(&self, map: &Map<'_>, province: u8, allowed: u64) -> u64 {
        let mut set = 0;
        for f in units_of(allowed & self.sea_fleets) {
            if map.fleet_reaches_province(self.loc[f], Location(province)) {
                set |= bit(f);
            }
        }
        set
    }

    /// Whether a chain of fleets of `allowed` joins the two provinces.
    fn chain_exists(&self, map: &Map<'_>, from: u8, to: u8, allowed: u64) -> bool {
        let allowed = allowed & self.sea_fleets;
        let end = self.fleets_bordering(map, to, allowed);
        let mut reached = self.fleets_bordering(map, from, allowed);
        let mut frontier = reached;
        while frontier != 0 {
            if frontier & end != 0 {
                return true;
            }
            let mut next = 0;
            for f in units_of(frontier) {
                next |= self.sea_adjacent[f];
            }
            frontier = next & allowed & !reached;
            reached |= frontier;
        }
        false
    }

    /// The fleets of `allowed` lying on some chain without shortcut (no two
    /// non-consecutive members, or an end and a non-end member, border each
    /// other) from province `from` to province `to`.
    fn fleets_on_routes(&self, map: &Map<'_>, from: u8, to: u8, allowed: u64) -> u64 {
        let allowed = allowed & self.sea_fleets;
        let near_from = self.fleets_bordering(map, from, allowed);
        let near_to = self.fleets_bordering(map, to, allowed);
        let mut union = 0u64;
        let mut budget = MAX_ROUTE_SEARCH_STEPS;
        // Explicit depth-first stack: (last fleet, path, forbidden, untried candidates).
        let mut stack = [(0usize, 0u64, 0u64, 0u64); MAX_UNITS];
        for first in units_of(near_from) {
            if near_to & bit(first) != 0 {
                union |= bit(first);
                continue;
            }
            let forbidden = near_from | bit(first);
            stack[0] = (
                first,
                bit(first),
                forbidden,
                self.sea_adjacent[first] & allowed & !forbidden,
            );
            let mut depth = 1;
            while depth > 0 {
                let (last, path, forbidden, candidates) = stack[depth - 1];
                if candidates == 0 {
                    depth -= 1;
                    continue;
                }
                let next = candidates.trailing_zeros() as usize;
                stack[depth - 1].3 &= !bit(next);
                if budget == 0 {
                    return allowed;
                }
                budget -= 1;
                let path = path | bit(next);
                if near_to & bit(next) != 0 {
                    union |= path;
                    continue;
                }
                let forbidden = forbidden | self.sea_adjacent[last] | bit(next);
                let candidates = self.sea_adjacent[next] & allowed & !forbidden;
                if depth < MAX_UNITS {
                    stack[depth] = (next, path, forbidden, candidates);
                    depth += 1;
                }
            }
        }
        union
    }

    /// Decides the legality of every order (DATC 4.E.1), from the position alone.
    fn legality(&mut self, map: &Map<'_>, orders: &[(Power, Order)], rules: &Rules) {
        // The last route search: (army's province, destination province, fleets on routes).
        let mut last_search: Option<(u8, u8, u64)> = None;
        for (i, (power, order)) in orders.iter().enumerate() {
            self.order_unit[i] = self.unit_in(map, order.location).map_or(NONE, |u| u as u8);
            let mut verdict = self.check(map, *power, order, rules);
            if let (Ok(_), Action::Convoy { from, to }) = (verdict, order.action) {
                let key = (map.province_of(from).0, map.province_of(to).0);
                let on_routes = match last_search {
                    Some((a, b, fleets)) if (a, b) == key => fleets,
                    _ => {
                        let fleets = self.fleets_on_routes(map, key.0, key.1, u64::MAX);
                        last_search = Some((key.0, key.1, fleets));
                        fleets
                    }
                };
                if on_routes & bit(self.order_unit[i] as usize) == 0 {
                    verdict = Err(IllegalReason::ConvoyNotOnRoute);
                }
            }
            match verdict {
                Ok(destination) => {
                    self.illegal[i] = None;
                    self.order_dest[i] = destination;
                }
                Err(reason) => self.illegal[i] = Some(reason),
            }
        }
    }

    fn check(
        &self,
        map: &Map<'_>,
        power: Power,
        order: &Order,
        rules: &Rules,
    ) -> Result<Location, IllegalReason> {
        use IllegalReason::*;
        let u = self.unit_in(map, order.location).ok_or(NoUnit)?;
        if self.power[u] != power.0 {
            return Err(ForeignUnit);
        }
        if rules.wrong_unit_coast_illegal
            && self.kind[u] == UnitKind::Fleet
            && map.coast_of(order.location).is_some()
            && order.location != self.loc[u]
        {
            return Err(WrongUnitCoast);
        }
        match order.action {
            Action::Hold => Ok(self.loc[u]),
            Action::Move { to, via_convoy } => self.move_destination(map, u, to, via_convoy, rules),
            Action::SupportHold { unit, .. } => {
                let t = self.unit_in(map, unit).ok_or(NoTargetUnit)?;
                if t == u {
                    return Err(SupportsItself);
                }
                if !self.reaches(map, u, Location(self.prov[t])) {
                    return Err(SupportUnreachable);
                }
                Ok(self.loc[u])
            }
            Action::SupportMove { from, to, .. } => {
                let t = self.unit_in(map, from).ok_or(NoTargetUnit)?;
                if t == u {
                    return Err(SupportsItself);
                }
                if !self.reaches(map, u, to) {
                    return Err(SupportUnreachable);
                }
                let to_province = map.province_of(to);
                if to_province.0 == self.prov[t] {
                    return Err(SupportedMoveImpossible);
                }
                match self.kind[t] {
                    UnitKind::Army => {
                        if map.kind(to) == ProvinceKind::Sea {
                            return Err(SupportedMoveImpossible);
                        }
                        let by_land = map.army_border(self.loc[t], to);
                        if !by_land && !self.chain_exists(map, self.prov[t], to_province.0, !bit(u))
                        {
                            return Err(SupportedMoveImpossible);
                        }
                    }
                    UnitKind::Fleet => {
                        let named_coast = map.coast_of(to).is_some();
                        let possible = if named_coast {
                            let to = self.supported_coast(map, t as u8, to, rules);
                            map.fleet_border(self.loc[t], to)
                        } else {
                            map.kind(to) != ProvinceKind::Inland
                                && map.fleet_reaches_province(self.loc[t], to)
                        };
                        if !possible {
                            return Err(SupportedMoveImpossible);
                        }
                        if !named_coast && map.has_coasts(to) {
                            let missing = match rules.support_coast {
                                SupportCoast::OmittedMatchesAny => false,
                                SupportCoast::OmittedOwnOnly => self.power[t] != self.power[u],
                                SupportCoast::Required => true,
                            };
                            if missing {
                                return Err(SupportCoastMissing);
                            }
                        }
                    }
                }
                Ok(self.loc[u])
            }
            Action::Convoy { from, to } => {
                if self.sea_fleets & bit(u) == 0 {
                    return Err(ConvoyNotAtSea);
                }
                let a = self.unit_in(map, from).ok_or(NoTargetUnit)?;
                if self.kind[a] != UnitKind::Army {
                    return Err(ConvoyedUnitNotArmy);
                }
                let to_province = map.province_of(to);
                if map.kind(to) != ProvinceKind::Coastal
                    || to_province.0 == self.prov[a]
                    || map.kind(from) != ProvinceKind::Coastal
                {
                    return Err(ConvoyNotOnRoute);
                }
                // Whether the fleet lies on a route is checked by `legality`,
                // once per army and destination.
                Ok(self.loc[u])
            }
        }
    }

    /// Whether unit `u` could move to the province of `to` (support reach).
    fn reaches(&self, map: &Map<'_>, u: usize, to: Location) -> bool {
        if map.province_of(to).0 == self.prov[u] {
            return false;
        }
        match self.kind[u] {
            UnitKind::Army => map.army_border(self.loc[u], to),
            UnitKind::Fleet => {
                map.kind(to) != ProvinceKind::Inland && map.fleet_reaches_province(self.loc[u], to)
            }
        }
    }

    /// The location a legal move of unit `u` goes to.
    fn move_destination(
        &self,
        map: &Map<'_>,
        u: usize,
        to: Location,
        via_convoy: bool,
        rules: &Rules,
    ) -> Result<Location, IllegalReason> {
        use IllegalReason::*;
        let to_province = map.province_of(to);
        if to_province.0 == self.prov[u] {
            return Err(SameProvince);
        }
        match self.kind[u] {
            UnitKind::Army => {
                if map.kind(to) == ProvinceKind::Sea {
                    return Err(ArmyToSea);
                }
                if rules.irrelevant_coast_illegal && map.coast_of(to).is_some() {
                    return Err(IrrelevantCoast);
                }
                let via_convoy =
                    via_convoy && rules.adjacent_convoy != AdjacentConvoy::Rulebook1971;
                if map.army_border(self.loc[u], to) && !via_convoy {
                    return Ok(to_province);
                }
                let coastal = map.kind(self.loc[u]) == ProvinceKind::Coastal
                    && map.kind(to) == ProvinceKind::Coastal;
                if coastal && self.chain_exists(map, self.prov[u], to_province.0, u64::MAX) {
                    Ok(to_province)
                } else if via_convoy
                    && rules.adjacent_convoy == AdjacentConvoy::LandFallback
                    && map.army_border(self.loc[u], to)
                {
                    // No chain of fleets at all: the land route, as when the chain is broken.
                    Ok(to_province)
                } else if coastal || via_convoy {
                    Err(NoConvoyRoute)
                } else {
                    Err(NotAdjacent)
                }
            }
            UnitKind::Fleet => {
                if via_convoy {
                    return Err(FleetConvoyed);
                }
                fleet_destination(map, self.loc[u], to, rules)
            }
        }
    }

    /// Where a support says fleet `t` moves: `to`, or, when `to` names a coast the fleet cannot
    /// reach and DATC 4.B.3's option ignores such a coast, the one coast it can reach (as its own
    /// move order is read).
    fn supported_coast(&self, map: &Map<'_>, t: u8, to: Location, rules: &Rules) -> Location {
        let fleet = self
            .kind
            .get(usize::from(t))
            .is_some_and(|&kind| kind == UnitKind::Fleet);
        if !fleet || !rules.impossible_coast_ignored || map.coast_of(to).is_none() {
            return to;
        }
        fleet_destination(map, self.loc[usize::from(t)], to, rules).unwrap_or(to)
    }

    /// Picks each unit's effective order among its legal orders (DATC 4.D.3); under
    /// `MultipleOrders::Hold` the differing orders of a unit are all illegal.
    // Out of line: inlined, its locals stay on the stack below the whole resolution.
    #[inline(never)]
    fn choose_orders(&mut self, map: &Map<'_>, orders: &[(Power, Order)], rules: &Rules) {
        let legal = (0..orders.len())
            .filter(|&i| self.illegal[i].is_none())
            .map(|i| (i, usize::from(self.order_unit[i])));
        let mut followed = [None; MAX_UNITS];
        let differing = rules.multiple_orders.follow(
            legal,
            |i, j| self.same_order(map, orders, i, j),
            &mut followed,
        );
        for (slot, order) in self.order_of.iter_mut().zip(followed) {
            *slot = order.unwrap_or(NONE);
        }
        if rules.multiple_orders == MultipleOrders::Hold {
            for i in 0..orders.len() {
                if self.illegal[i].is_none() && differing & bit(self.order_unit[i] as usize) != 0 {
                    self.illegal[i] = Some(IllegalReason::ConflictingOrders);
                }
            }
        }
    }
}

impl Workspace {
    /// Whether legal orders `i` and `j` say the same (DATC 4.D.3: "if the orders are the same,
    /// then it should just follow that order"): moves to the same destination (the coast a fleet
    /// goes to, however it was written) the same way, supports and convoys naming the same
    /// provinces whatever unit type they write (4.C.2), and, for a supported move, the same
    /// destination as written (its coast can matter, 4.B.4).
    fn same_order(&self, map: &Map<'_>, orders: &[(Power, Order)], i: usize, j: usize) -> bool {
        let (Some((_, a)), Some((_, b))) = (orders.get(i), orders.get(j)) else {
            return false;
        };
        let province = |location: Location| map.province_of(location);
        match (a.action, b.action) {
            (Action::Hold, Action::Hold) => true,
            (Action::Move { via_convoy: va, .. }, Action::Move { via_convoy: vb, .. }) => {
                va == vb && self.order_dest.get(i) == self.order_dest.get(j)
            }
            (Action::SupportHold { unit: ua, .. }, Action::SupportHold { unit: ub, .. }) => {
                province(ua) == province(ub)
            }
            (
                Action::SupportMove {
                    from: fa, to: ta, ..
                },
                Action::SupportMove {
                    from: fb, to: tb, ..
                },
            ) => province(fa) == province(fb) && ta == tb,
            (Action::Convoy { from: fa, to: ta }, Action::Convoy { from: fb, to: tb }) => {
                province(fa) == province(fb) && province(ta) == province(tb)
            }
            _ => false,
        }
    }
}

impl Workspace {
    /// Effective actions, convoy intent, matching, and the per-unit sets the
    /// resolver reads (supports per order, attackers per unit, competitors
    /// per move, head-to-head opponents).
    fn link(&mut self, map: &Map<'_>, orders: &[(Power, Order)], rules: &Rules) {
        let n = self.n;
        self.convoyed = 0;
        self.maybe_convoyed = 0;
        self.matched = 0;
        for u in 0..n {
            self.act[u] = Act::Hold;
            self.target[u] = NONE;
            self.h2h[u] = NONE;
            self.supports[u] = 0;
            self.convoyers[u] = 0;
            self.attackers[u] = 0;
            self.competitors[u] = 0;
            self.no_cut[u] = 0;
            self.route_fleets[u] = 0;
            self.conv_start[u] = 0;
            self.conv_end[u] = 0;
            let oi = self.order_of[u];
            if oi == NONE {
                continue;
            }
            let order = &orders[oi as usize].1;
            let unit_in = |l: Location| self.unit_at[map.province_of(l).index()];
            match order.action {
                Action::Hold => {}
                Action::Move { to, via_convoy } => {
                    // Legal, so the destination exists.
                    let to = self
                        .move_destination(map, u, to, via_convoy, rules)
                        .unwrap_or(to);
                    self.act[u] = Act::Move;
                    self.dest_loc[u] = to;
                    self.dest[u] = map.province_of(to).0;
                }
                Action::SupportHold { unit, .. } => {
                    self.act[u] = Act::SupportHold;
                    self.target[u] = unit_in(unit);
                    self.dest[u] = map.province_of(unit).0;
                }
                Action::SupportMove { from, to, .. } => {
                    let target = unit_in(from);
                    self.act[u] = Act::SupportMove;
                    self.target[u] = target;
                    self.dest[u] = map.province_of(to).0;
                    self.dest_loc[u] = self.supported_coast(map, target, to, rules);
                }
                Action::Convoy { from, to } => {
                    self.act[u] = Act::Convoy;
                    self.target[u] = unit_in(from);
                    self.dest[u] = map.province_of(to).0;
                }
            }
        }
        // Moves per destination; convoys offered to each army's move.
        let (mut convoy_offers, mut own_convoy_offers) = (0u64, 0u64);
        for u in 0..n {
            if self.act[u] == Act::Move {
                self.movers_to[self.dest[u] as usize] = 0;
            }
        }
        for u in 0..n {
            match self.act[u] {
                Act::Move => self.movers_to[self.dest[u] as usize] |= bit(u),
                Act::Convoy => {
                    let t = self.target[u] as usize;
                    if self.act[t] == Act::Move && self.dest[t] == self.dest[u] {
                        convoy_offers |= bit(t);
                        if self.power[t] == self.power[u] {
                            own_convoy_offers |= bit(t);
                        }
                    }
                }
                _ => {}
            }
        }
        // Convoy intent (DATC 4.A.3).
        for u in 0..n {
            if self.act[u] != Act::Move || self.kind[u] != UnitKind::Army {
                continue;
            }
            let via_convoy = matches!(
                orders[self.order_of[u] as usize].1.action,
                Action::Move {
                    via_convoy: true,
                    ..
                }
            );
            let by_land = map.army_border(self.loc[u], self.dest_loc[u]);
            if !by_land {
                self.convoyed |= bit(u);
                continue;
            }
            let convoy_offered = |own_only: bool| {
                let offers = if own_only {
                    own_convoy_offers
                } else {
                    convoy_offers
                };
                offers & bit(u) != 0
            };
            match rules.adjacent_convoy {
                AdjacentConvoy::Rulebook2023 => {
                    if via_convoy || convoy_offered(true) {
                        self.convoyed |= bit(u);
                    }
                }
                AdjacentConvoy::Explicit => {
                    if via_convoy {
                        self.convoyed |= bit(u);
                    }
                }
                AdjacentConvoy::LandFallback => {
                    if via_convoy || convoy_offered(true) {
                        self.maybe_convoyed |= bit(u);
                    }
                }
                AdjacentConvoy::Rulebook1971 => {
                    let v = self.unit_at[self.dest[u] as usize];
                    let opposite = v != NONE
                        && self.act[v as usize] == Act::Move
                        && self.dest[v as usize] == self.prov[u];
                    if opposite && convoy_offered(false) {
                        self.maybe_convoyed |= bit(u);
                    }
                }
            }
        }
        // Matching supports and convoys.
        for s in 0..n {
            let t = self.target[s];
            if t == NONE {
                continue;
            }
            let t = t as usize;
            let matches = match self.act[s] {
                Act::SupportHold => self.act[t] != Act::Move,
                Act::SupportMove => {
                    self.act[t] == Act::Move
                        && self.dest[t] == self.dest[s]
                        && (self.kind[t] == UnitKind::Army
                            || map.coast_of(self.dest_loc[s]).is_none()
                            || self.dest_loc[s] == self.dest_loc[t])
                }
                Act::Convoy => {
                    self.act[t] == Act::Move
                        && (self.convoyed | self.maybe_convoyed) & bit(t) != 0
                        && self.dest[t] == self.dest[s]
                }
                _ => false,
            };
            if matches {
                self.matched |= bit(s);
                if self.act[s] == Act::Convoy {
                    self.convoyers[t] |= bit(s);
                } else {
                    self.supports[t] |= bit(s);
                }
            }
        }
        // Attackers, competitors, head-to-head battles, convoy route ends.
        for u in 0..n {
            if self.act[u] != Act::Move {
                continue;
            }
            let v = self.unit_at[self.dest[u] as usize];
            if v != NONE {
                let v = v as usize;
                self.attackers[v] |= bit(u);
                if self.act[v] == Act::Move
                    && self.dest[v] == self.prov[u]
                    && self.convoyed & (bit(u) | bit(v)) == 0
                {
                    self.h2h[u] = v as u8;
                }
            }
            self.competitors[u] = self.movers_to[self.dest[u] as usize] & !bit(u);
            if (self.convoyed | self.maybe_convoyed) & bit(u) != 0 {
                let fleets = self.convoyers[u];
                self.conv_start[u] = self.fleets_bordering(map, self.prov[u], fleets);
                self.conv_end[u] = self.fleets_bordering(map, self.dest[u], fleets);
                if rules.convoy_disruption == ConvoyDisruption::AnyRoute {
                    self.route_fleets[u] =
                        self.fleets_on_routes(map, self.prov[u], self.dest[u], fleets);
                }
            }
        }
        // Static paradox rules (DATC 4.A.2, 1971, 1982 and 2000): supports a convoyed army does
        // not cut.
        if matches!(
            rules.paradox,
            ParadoxRule::Rule1971 | ParadoxRule::Rule1982 | ParadoxRule::Rule2000
        ) {
            for a in units_of(self.convoyed | self.maybe_convoyed) {
                let s = self.unit_at[self.dest[a] as usize];
                if s == NONE || !matches!(self.act[s as usize], Act::SupportHold | Act::SupportMove)
                {
                    continue;
                }
                let s = s as usize;
                let f = self.unit_at[self.dest[s] as usize];
                if f == NONE {
                    continue;
                }
                let f = f as usize;
                let exempt = match rules.paradox {
                    // "... attacks a fleet which is supporting a fleet which is attacking one of
                    // the convoy fleets": any of them, needed for the route or not.
                    ParadoxRule::Rule1971 => {
                        let attacker = self.target[s];
                        self.kind[s] == UnitKind::Fleet
                            && self.act[s] == Act::SupportMove
                            && attacker != NONE
                            && self.kind[attacker as usize] == UnitKind::Fleet
                            && self.convoyers[a] & bit(f) != 0
                    }
                    // "... supporting an action in a body of water that contains a convoying
                    // fleet".
                    ParadoxRule::Rule1982 => {
                        self.sea_fleets & bit(f) != 0 && self.act[f] == Act::Convoy
                    }
                    // 2000: "... supporting an attack against one of the fleets necessary for the
                    // army to convoy".
                    _ => {
                        self.act[s] == Act::SupportMove
                            && self.convoyers[a] & bit(f) != 0
                            && !self.chain_exists(
                                map,
                                self.prov[a],
                                self.dest[a],
                                self.convoyers[a] & !bit(f),
                            )
                    }
                };
                if exempt {
                    self.no_cut[a] |= bit(s);
                }
            }
        }
        self.resolved = 0;
        self.result = 0;
        self.visited = 0;
        self.in_cycle = 0;
        self.cycle_len = 0;
        self.low = u8::MAX;
        self.stack_depth = 0;
        self.guess_based = false;
        self.paradox = 0;
    }
}

/// DATC section 5: `resolve` (generic: memo, cycle detection, guesses,
/// backup rule) and `adjudicate` (the rules, per order type).
struct Resolver<'w> {
    w: &'w mut Workspace,
    rules: &'w Rules,
}

impl Resolver<'_> {
    fn push_cycle(&mut self, u: usize) {
        let w = &mut *self.w;
        if w.in_cycle & bit(u) == 0 && w.cycle_len < MAX_UNITS {
            w.cycle[w.cycle_len] = u as u8;
            w.cycle_len += 1;
            w.in_cycle |= bit(u);
        }
    }

    fn truncate_cycle(&mut self, len: usize) {
        let w = &mut *self.w;
        while w.cycle_len > len {
            w.cycle_len -= 1;
            w.in_cycle &= !bit(w.cycle[w.cycle_len] as usize);
        }
    }

    fn settle(&mut self, u: usize, success: bool) {
        let w = &mut *self.w;
        w.resolved |= bit(u);
        if success {
            w.result |= bit(u);
        } else {
            w.result &= !bit(u);
        }
    }

    #[inline]
    fn current(&self, u: usize) -> bool {
        self.w.result & bit(u) != 0
    }

    /// DATC 5.F `resolve`: the decision of unit `u`'s order, memoised. On
    /// a dependency cycle the first visit guesses "fails"; an order returns a
    /// guess-based result (and joins `cycle`) while its value depends on an
    /// order higher on the stack. DATC's `recursion_hits` counter is replaced
    /// by Tarjan-style low links (the highest stack depth a result depends
    /// on, also through orders already in `cycle`), so that only the true
    /// ancestor of the whole cycle tries the second guess and, when the two
    /// guesses disagree, applies the backup rule.
    fn resolve(&mut self, u: usize) -> bool {
        let b = bit(u);
        if self.w.resolved & b != 0 {
            return self.current(u);
        }
        if self.w.visited & b != 0 {
            // We hit a cyclic dependency: answer with the guess, and remember
            // how high up the stack this answer depends.
            self.push_cycle(u);
            self.w.guess_based = true;
            self.w.low = self.w.low.min(self.w.depth[u]);
            return self.current(u);
        }
        if self.w.in_cycle & b != 0 {
            // In a cycle not yet resolved: the value given earlier, which
            // depends on the stack as high as that order did.
            self.w.guess_based = true;
            self.w.low = self.w.low.min(self.w.low_of[u]);
            return self.current(u);
        }
        self.w.visited |= b;
        self.w.stack_depth += 1;
        self.w.depth[u] = self.w.stack_depth;
        let old_cycle_len = self.w.cycle_len;
        let old_guess_based = self.w.guess_based;
        let old_low = self.w.low;
        self.w.guess_based = false;
        self.w.low = u8::MAX;
        self.w.result &= !b; // First guess: the order fails.
        let first = self.adjudicate(u);
        let result = if self.w.resolved & b != 0 {
            // A backup rule deeper down settled this order ("All Hold"); what
            // else its adjudication met still counts for the orders above.
            self.w.low = self.w.low.min(old_low);
            self.w.guess_based |= old_guess_based;
            self.current(u)
        } else if !self.w.guess_based {
            // No cycle met: the result is final.
            self.w.guess_based = old_guess_based;
            self.w.low = old_low;
            self.settle(u, first);
            first
        } else if self.w.low >= self.w.depth[u] {
            // Everything this order met depends on nothing above it: it is
            // the ancestor of the whole cycle. Try the other guess.
            self.truncate_cycle(old_cycle_len);
            self.w.result |= b; // Second guess: the order succeeds.
            let second = if self.w.resolved & b != 0 {
                self.current(u)
            } else {
                self.adjudicate(u)
            };
            self.w.low = old_low;
            self.w.guess_based = old_guess_based;
            if self.w.resolved & b != 0 {
                self.truncate_cycle(old_cycle_len);
                self.current(u)
            } else if first == second {
                // A cycle with a single consistent resolution.
                self.truncate_cycle(old_cycle_len);
                self.settle(u, first);
                first
            } else {
                // Zero or two resolutions: the backup rule, then resolve again.
                self.backup_rule(old_cycle_len);
                self.truncate_cycle(old_cycle_len);
                self.w.visited &= !b;
                self.w.stack_depth -= 1;
                return self.resolve(u);
            }
        } else {
            // Not the ancestor of the cycle: retreat with the guess-based result.
            self.push_cycle(u);
            self.w.low_of[u] = self.w.low;
            // The orders that retreated below this one depend on it, so on what it depends
            // on: lower their low links to its own. Otherwise one could still name this
            // frame's depth after it pops, and an order later resolved at that depth would
            // take itself for the ancestor of their cycle (Tarjan's low links rest on the
            // same rule). No position found needs it; see docs/hardening.md.
            self.lower_low_links(old_cycle_len, self.w.low);
            self.w.low = self.w.low.min(old_low);
            self.w.guess_based = true;
            if first {
                self.w.result |= b;
            } else {
                self.w.result &= !b;
            }
            first
        };
        self.w.visited &= !b;
        self.w.stack_depth -= 1;
        result
    }

    /// Lowers the low links of the cycle's members from `from` on to at most `low`.
    // Out of line for the same reason as `backup_rule`: a loop's locals in `resolve` would
    // widen every level's frame (a debug build then overflowed the 32 KiB stack test).
    #[inline(never)]
    fn lower_low_links(&mut self, from: usize, low: u8) {
        let w = &mut *self.w;
        for &member in &w.cycle[from..w.cycle_len] {
            let link = &mut w.low_of[member as usize];
            *link = (*link).min(low);
        }
    }

    /// DATC 5.B.9: a cycle of moves only is circular movement (all succeed);
    /// a cycle with convoys is a convoy paradox: the convoys fail (Szykman),
    /// and with "All Hold" the moves of the paradox (convoyed armies and
    /// supported moves of the cycle's orders) fail too; any other cycle fails
    /// as a whole.
    // Out of line: `resolve` nests once per unit of a dependency chain, and inlined there
    // this rule's locals, needed once per cycle, would widen every level's frame.
    #[inline(never)]
    fn backup_rule(&mut self, from: usize) {
        let mut members = 0u64;
        for i in from..self.w.cycle_len {
            members |= bit(self.w.cycle[i] as usize);
        }
        let convoys = units_of(members)
            .filter(|&u| self.w.act[u] == Act::Convoy)
            .fold(0u64, |s, u| s | bit(u));
        if convoys != 0 {
            for f in units_of(convoys) {
                self.settle(f, false);
                self.w.paradox |= bit(f);
            }
            if self.rules.paradox == ParadoxRule::AllHold {
                // The moves of the paradox: the armies of its convoys and the
                // moves its supports support. They depend on the cycle, so
                // none of them is settled yet.
                let mut moves = 0u64;
                for m in units_of(members) {
                    let target = self.w.target[m];
                    if target != NONE
                        && self.w.matched & bit(m) != 0
                        && self.w.act[target as usize] == Act::Move
                    {
                        moves |= bit(target as usize);
                    }
                }
                for m in units_of(moves & !self.w.resolved) {
                    self.settle(m, false);
                    self.w.paradox |= bit(m);
                }
            }
        } else if units_of(members).all(|u| self.w.act[u] == Act::Move) {
            for m in units_of(members) {
                self.settle(m, true);
            }
        } else {
            for m in units_of(members) {
                self.settle(m, false);
            }
        }
    }

    /// DATC 5.C `adjudicate`: the rule of the order, reading other orders
    /// through `resolve`.
    fn adjudicate(&mut self, u: usize) -> bool {
        match self.w.act[u] {
            Act::Hold => true,
            Act::Move => self.adjudicate_move(u),
            Act::SupportHold | Act::SupportMove => self.adjudicate_support(u),
            Act::Convoy => self.adjudicate_convoy(u),
        }
    }

    /// DATC 5.B.1 MOVE: ATTACK STRENGTH beats the DEFEND STRENGTH of the
    /// head-to-head opponent, or else the HOLD STRENGTH of the destination,
    /// and the PREVENT STRENGTH of every other move to the same province.
    fn adjudicate_move(&mut self, u: usize) -> bool {
        if !self.path(u) {
            return false;
        }
        let attack = self.attack_strength(u);
        if attack == 0 {
            return false;
        }
        let opponent = self.head_to_head(u);
        let resisted = if opponent != NONE {
            self.defend_strength(opponent as usize)
        } else {
            self.hold_strength(self.w.dest[u] as usize)
        };
        if attack <= resisted {
            return false;
        }
        for c in units_of(self.w.competitors[u]) {
            if attack <= self.prevent_strength(c) {
                return false;
            }
        }
        true
    }

    /// DATC 5.B.2 SUPPORT: cut by a move into the supporter's province with a
    /// PATH, of another power, not from the province the support goes into
    /// (unless the option of 4.A.4 says a convoyed attack cuts); or cut by a
    /// dislodging move. A support that matches no order is void.
    fn adjudicate_support(&mut self, s: usize) -> bool {
        if self.w.matched & bit(s) == 0 {
            return false;
        }
        let attackers = self.w.attackers[s];
        for a in units_of(attackers) {
            if self.w.power[a] == self.w.power[s] || self.exempt_by_paradox_rule(a, s) {
                continue;
            }
            let from_supported_destination =
                self.w.act[s] == Act::SupportMove && self.w.dest[s] == self.w.prov[a];
            if from_supported_destination
                && !(self.rules.convoyed_attack_cuts_support_on_itself && self.uses_convoy(a))
            {
                continue;
            }
            if self.path(a) {
                return false;
            }
        }
        for a in units_of(attackers) {
            // The static paradox rules take precedence over the dislodge rule (DATC 6.F.17).
            if !self.exempt_by_paradox_rule(a, s) && self.resolve(a) {
                return false;
            }
        }
        true
    }

    /// Whether a static paradox rule (1971, 1982, 2000) keeps army `a` from cutting support
    /// `s`: each begins "if a convoyed army attacks", so only while `a` goes by convoy (an army
    /// that may fall back to land is exempt only when it does not).
    fn exempt_by_paradox_rule(&mut self, a: usize, s: usize) -> bool {
        self.w.no_cut[a] & bit(s) != 0 && self.uses_convoy(a)
    }

    /// DATC 5.B.3 CONVOY: kept up unless the fleet is dislodged. Per 5.D the
    /// moves against the fleet are adjudicated, not resolved, so that convoy
    /// paradoxes form single clean cycles.
    // Out of line for the same reason as `backup_rule`.
    #[inline(never)]
    fn adjudicate_convoy(&mut self, f: usize) -> bool {
        if self.w.matched & bit(f) == 0 {
            return false;
        }
        for a in units_of(self.w.attackers[f]) {
            let dislodges = if self.w.resolved & bit(a) != 0 {
                self.current(a)
            } else {
                self.adjudicate_move(a)
            };
            if dislodges {
                return false;
            }
        }
        true
    }

    /// DATC 5.B.4 PATH: a move over land always has one; a convoyed move
    /// needs a chain of fleets with successful matching CONVOY orders (every
    /// route must hold under the 1971 rule, DATC 4.A.1).
    fn path(&mut self, u: usize) -> bool {
        if self.w.convoyed & bit(u) == 0 {
            // Over land (or, for a move that may use a convoy, by whichever route holds).
            return true;
        }
        self.convoy_route(u)
    }

    /// Whether the convoy route of army `u` holds (see [`Self::path`]).
    fn convoy_route(&mut self, u: usize) -> bool {
        if self.rules.convoy_disruption == ConvoyDisruption::AnyRoute {
            let route = self.w.route_fleets[u];
            if route == 0 {
                return false;
            }
            return units_of(route).all(|f| self.resolve(f));
        }
        let fleets = self.w.convoyers[u];
        let end = self.w.conv_end[u];
        let mut candidates = self.w.conv_start[u];
        let mut tried = 0u64;
        loop {
            let untried = candidates & !tried;
            if untried == 0 {
                return false;
            }
            let f = untried.trailing_zeros() as usize;
            tried |= bit(f);
            if self.resolve(f) {
                if end & bit(f) != 0 {
                    return true;
                }
                candidates |= self.w.sea_adjacent[f] & fleets;
            }
        }
    }

    /// Whether the move of `u` goes by convoy (DATC 4.A.3).
    fn uses_convoy(&mut self, u: usize) -> bool {
        if self.w.convoyed & bit(u) != 0 {
            return true;
        }
        self.w.maybe_convoyed & bit(u) != 0 && self.convoy_route(u)
    }

    /// The head-to-head opponent of move `u`, or `NONE`: the unit at its
    /// destination moving into its province, neither by convoy.
    fn head_to_head(&mut self, u: usize) -> u8 {
        let v = self.w.h2h[u];
        if v == NONE {
            return NONE;
        }
        if self.w.maybe_convoyed & (bit(u) | bit(v as usize)) != 0
            && (self.uses_convoy(u) || self.uses_convoy(v as usize))
        {
            return NONE;
        }
        v
    }

    fn count_supports(&mut self, u: usize, except_power: u8) -> u32 {
        let mut count = 0;
        for s in units_of(self.w.supports[u]) {
            if self.w.power[s] != except_power && self.resolve(s) {
                count += 1;
            }
        }
        count
    }

    /// DATC 5.B.5 HOLD STRENGTH of a province: 0 empty or left by a
    /// successful move, 1 for a failed move, else 1 plus successful hold supports.
    fn hold_strength(&mut self, province: usize) -> u32 {
        let v = self.w.unit_at[province];
        if v == NONE {
            return 0;
        }
        let v = v as usize;
        if self.w.act[v] == Act::Move {
            return if self.resolve(v) { 0 } else { 1 };
        }
        1 + self.count_supports(v, NONE)
    }

    /// DATC 5.B.6 PREVENT STRENGTH: 0 without PATH or when losing a
    /// head-to-head battle (with the 4.A.7 literal option: whenever this unit
    /// was dislodged by the unit from its destination), else 1 plus supports.
    fn prevent_strength(&mut self, u: usize) -> u32 {
        if !self.path(u) {
            return 0;
        }
        let opponent = self.head_to_head(u);
        if opponent != NONE && self.resolve(opponent as usize) {
            return 0;
        }
        if opponent == NONE && self.rules.dislodged_never_prevents_attacker_area {
            let v = self.w.unit_at[self.w.dest[u] as usize];
            if v != NONE {
                let v = v as usize;
                // Only a dislodged unit loses its effect: in a swap both moves succeed.
                if self.w.act[v] == Act::Move
                    && self.w.dest[v] == self.w.prov[u]
                    && self.resolve(v)
                    && !self.resolve(u)
                {
                    return 0;
                }
            }
        }
        1 + self.count_supports(u, NONE)
    }

    /// DATC 5.B.7 DEFEND STRENGTH: 1 plus successful supports.
    fn defend_strength(&mut self, u: usize) -> u32 {
        1 + self.count_supports(u, NONE)
    }

    /// DATC 5.B.8 ATTACK STRENGTH: 0 without PATH; 1 plus supports into an
    /// empty or vacated (not head-to-head) province; 0 against a unit of the
    /// own power; else 1 plus the supports not of the defender's power.
    // Inlined so that a dependency chain nests two frames per unit, not three: on a
    // Cortex-M4F the deepest chain went from 14,820 to 9,288 bytes of stack.
    #[inline(always)]
    fn attack_strength(&mut self, u: usize) -> u32 {
        if !self.path(u) {
            return 0;
        }
        let v = self.w.unit_at[self.w.dest[u] as usize];
        if v == NONE {
            return 1 + self.count_supports(u, NONE);
        }
        let v = v as usize;
        if self.w.act[v] == Act::Move && self.head_to_head(u) == NONE && self.resolve(v) {
            return 1 + self.count_supports(u, NONE);
        }
        if self.w.power[v] == self.w.power[u] {
            return 0;
        }
        1 + self.count_supports(u, self.w.power[v])
    }

    /// The outcome of every order, the result of every unit, the contested provinces.
    fn outcomes(&mut self, map: &Map<'_>, orders: &[(Power, Order)]) {
        let n = self.w.n;
        for (i, slot) in self.w.resolution.outcomes[..orders.len()]
            .iter_mut()
            .enumerate()
        {
            *slot = match self.w.illegal[i] {
                Some(reason) => Outcome::Illegal(reason),
                None => Outcome::Succeeds,
            };
        }
        for u in 0..n {
            let moved = self.w.act[u] == Act::Move && self.current(u);
            let dislodger = if moved {
                None
            } else {
                units_of(self.w.attackers[u]).find(|&a| self.w.result & bit(a) != 0)
            };
            let dislodged = dislodger.map(|a| Dislodgement {
                attacker: a as u8,
                from: self.w.loc[a],
                via_convoy: self.uses_convoy(a),
            });
            let oi = self.w.order_of[u];
            self.w.resolution.units[u] = UnitResult {
                order: (oi != NONE).then_some(oi),
                moved_to: moved.then_some(self.w.dest_loc[u]),
                dislodged,
            };
            if oi == NONE {
                continue;
            }
            let succeeded = self.current(u);
            let outcome = match self.w.act[u] {
                Act::Hold => {
                    if dislodged.is_some() {
                        Outcome::Fails(FailReason::Dislodged)
                    } else {
                        Outcome::Succeeds
                    }
                }
                _ if succeeded => Outcome::Succeeds,
                Act::Move => Outcome::Fails(self.move_failure(u)),
                Act::SupportHold | Act::SupportMove | Act::Convoy => {
                    Outcome::Fails(if self.w.matched & bit(u) == 0 {
                        FailReason::Void
                    } else if dislodged.is_some() {
                        FailReason::Dislodged
                    } else if self.w.paradox & bit(u) != 0 {
                        FailReason::Paradox
                    } else if self.w.act[u] == Act::Convoy {
                        FailReason::Dislodged
                    } else {
                        FailReason::Cut
                    })
                }
            };
            self.w.resolution.outcomes[oi as usize] = outcome;
        }
        // Orders that say the same as the one followed share its outcome.
        for i in 0..orders.len() {
            let u = self.w.order_unit[i];
            if self.w.illegal[i].is_none() && u != NONE {
                let followed = self.w.order_of[u as usize];
                if followed != NONE && followed as usize != i {
                    self.w.resolution.outcomes[i] =
                        if self.w.same_order(map, orders, followed as usize, i) {
                            self.w.resolution.outcomes[followed as usize]
                        } else {
                            Outcome::Illegal(IllegalReason::ConflictingOrders)
                        };
                }
            }
        }
        let mut contested = super::map::LocationSet::EMPTY;
        for u in 0..n {
            if self.w.act[u] != Act::Move {
                continue;
            }
            let province = self.w.dest[u] as usize;
            if contested.contains(province) {
                continue;
            }
            let movers = self.w.competitors[u] | bit(u);
            if units_of(movers).any(|m| self.current(m)) {
                continue;
            }
            if units_of(movers).any(|m| self.prevent_strength(m) > 0) {
                contested.insert(province);
            }
        }
        self.w.resolution.contested = contested;
        self.w.resolution.order_count = orders.len() as u16;
        self.w.resolution.unit_count = n as u16;
    }

    /// Why a move failed: a competitor as strong (standoff), the paradox or a
    /// missing convoy, or else the defender.
    fn move_failure(&mut self, u: usize) -> FailReason {
        // A move failed by "All Hold" that would succeed on its own merits
        // (every other order is settled now).
        if self.w.paradox & bit(u) != 0 && self.adjudicate_move(u) {
            return FailReason::Paradox;
        }
        if !self.path(u) {
            return if self.w.convoyers[u] & self.w.paradox != 0 {
                FailReason::Paradox
            } else {
                FailReason::NoConvoy
            };
        }
        let attack = self.attack_strength(u);
        for c in units_of(self.w.competitors[u]) {
            if attack <= self.prevent_strength(c) {
                return FailReason::Standoff;
            }
        }
        FailReason::Bounced
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::adjudicate::standard::{self, *};

    fn fleets(workspace: &mut Workspace, at: &[Location]) {
        let mut units = [Unit {
            kind: UnitKind::Fleet,
            power: ENGLAND,
            location: NTH,
        }; 8];
        for (slot, &location) in units.iter_mut().zip(at) {
            slot.location = location;
        }
        workspace
            .load(standard::standard(), &units[..at.len()], &[])
            .unwrap();
    }

    #[test]
    fn unit_sets_iterate_in_order() {
        let got: [usize; 3] = {
            let mut it = units_of(0b1000_0101);
            [it.next().unwrap(), it.next().unwrap(), it.next().unwrap()]
        };
        assert_eq!(got, [0, 2, 7]);
        assert!(units_of(0).next().is_none());
    }

    #[test]
    fn convoy_routes_without_shortcut() {
        let map = standard::standard();
        let mut w = Workspace::new();
        // DATC 6.G.19: Marseilles to Spain via the Gulf of Lyon; through the Western
        // Mediterranean as well would be a detour (the Gulf borders Spain).
        fleets(&mut w, &[LYO, WES]);
        assert_eq!(w.fleets_on_routes(map, MAR.0, SPA.0, u64::MAX), 0b01);
        // London to Belgium: the North Sea and the Channel are both routes of their own.
        fleets(&mut w, &[NTH, ENG, IRI]);
        assert_eq!(w.fleets_on_routes(map, LON.0, BEL.0, u64::MAX), 0b011);
        // Greece to Naples: the Ionian Sea only (the Aegean and Tyrrhenian are dead ends).
        fleets(&mut w, &[ION, AEG, TYS]);
        assert_eq!(w.fleets_on_routes(map, GRE.0, NAP.0, u64::MAX), 0b001);
        // Liverpool to Edinburgh: Nao-Nwg, and Iri-Eng-Nth.
        fleets(&mut w, &[NAO, NWG, IRI, ENG, NTH]);
        assert_eq!(w.fleets_on_routes(map, LVP.0, EDI.0, u64::MAX), 0b11111);
        assert!(w.chain_exists(map, LVP.0, EDI.0, 0b00011));
        assert!(!w.chain_exists(map, LVP.0, EDI.0, 0b00101));
    }
}
