//! Units, orders, rule options and results.

use super::map::{Location, LocationSet};
use super::{MAX_ORDERS, MAX_UNITS, Power};

/// Army or fleet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum UnitKind {
    /// An army: moves over land, may be convoyed.
    Army = 0,
    /// A fleet: moves over water and along coasts, may convoy from a sea.
    Fleet = 1,
}

impl UnitKind {
    /// `"A"` or `"F"`.
    pub const fn letter(self) -> &'static str {
        match self {
            UnitKind::Army => "A",
            UnitKind::Fleet => "F",
        }
    }
}

/// A unit on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Unit {
    /// Army or fleet.
    pub kind: UnitKind,
    /// Its owner.
    pub power: Power,
    /// Where it stands: a province for an army (a coast given for an army is
    /// taken as its province); a sea, a coastal province without coasts, or a
    /// coast location for a fleet.
    pub location: Location,
}

/// What an order tells its unit to do. Locations are as written: a coast
/// location where the text named a coast, the province location otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Stay and defend.
    Hold,
    /// Move to `to`; `via_convoy` when the order says "via convoy".
    Move {
        /// The destination as written.
        to: Location,
        /// The order says "via convoy" (2000/2023 rulebook, DATC 4.A.3).
        via_convoy: bool,
    },
    /// Support the unit at `unit` to hold (it must not be ordered to move).
    SupportHold {
        /// The supported unit's type as written (ignored, DATC 4.C.2).
        kind: Option<UnitKind>,
        /// Where the supported unit stands.
        unit: Location,
    },
    /// Support the unit at `from` moving to `to`.
    SupportMove {
        /// The supported unit's type as written (ignored, DATC 4.C.2).
        kind: Option<UnitKind>,
        /// Where the supported unit stands.
        from: Location,
        /// Its destination; a coast location only when the order names one.
        to: Location,
    },
    /// Convoy the army at `from` to `to` (the fleet must be in a sea).
    Convoy {
        /// Where the convoyed army stands.
        from: Location,
        /// Its destination.
        to: Location,
    },
}

/// One order as written: the ordered unit's type (ignored, DATC 4.C.2) and
/// location (its coast is ignored, DATC 4.B.5), and what it should do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Order {
    /// The unit type as written, `None` when omitted (both accepted).
    pub kind: Option<UnitKind>,
    /// The location of the ordered unit as written.
    pub location: Location,
    /// What the unit is told to do.
    pub action: Action,
}

impl Order {
    /// A hold order for the unit at `location`.
    pub const fn hold(kind: UnitKind, location: Location) -> Order {
        Order {
            kind: Some(kind),
            location,
            action: Action::Hold,
        }
    }

    /// A move order over land or sea (not tagged "via convoy").
    pub const fn move_to(kind: UnitKind, location: Location, to: Location) -> Order {
        Order {
            kind: Some(kind),
            location,
            action: Action::Move {
                to,
                via_convoy: false,
            },
        }
    }
}

/// Multi-route convoy disruption (DATC 4.A.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub enum ConvoyDisruption {
    /// Disrupted only when every route is (1982 and later rulebooks; DATC's choice).
    #[default]
    AllRoutes,
    /// Disrupted when a fleet of any route is dislodged (1971 rulebook).
    AnyRoute,
}

/// Resolution of convoy paradoxes (DATC 4.A.2).
///
/// The rulebook rules (1971, 1982, 2000) each spare a support from "a convoyed army": an army
/// that goes by convoy. Under [`AdjacentConvoy::LandFallback`] an army whose convoy fails goes
/// over land and is not one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub enum ParadoxRule {
    /// The convoying fleets of the paradox core fail to convoy (Szykman; DATC's choice).
    #[default]
    Szykman,
    /// "All Hold": the convoys of the paradox core fail, and so do its moves
    /// (the armies of its convoys and the moves its supports support; a move
    /// is reported as [`FailReason::Paradox`] when the rule changed its result).
    AllHold,
    /// 1982 rulebook: a convoyed army does not cut a support of an action in a
    /// body of water that contains a fleet ordered to convoy; what remains
    /// paradoxical falls back to Szykman.
    Rule1982,
    /// 1971 rulebook: a convoyed army does not cut a support of a fleet's
    /// attack on one of the army's convoying fleets; what remains
    /// paradoxical falls back to Szykman.
    Rule1971,
    /// 2000/2023 rulebook: a convoyed army does not cut a support of an attack
    /// on a fleet without which the army has no convoy route; what remains
    /// paradoxical falls back to Szykman.
    Rule2000,
}

/// When an army that can reach an adjacent province over land is convoyed (DATC 4.A.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub enum AdjacentConvoy {
    /// 2000/2023 rulebook, DATC's choice: convoyed when the order says "via
    /// convoy" or a fleet of the army's power is legally ordered to convoy it;
    /// then only the convoy route counts (no fallback to land).
    #[default]
    Rulebook2023,
    /// DPTG: convoyed only when the order says "via convoy".
    Explicit,
    /// As [`AdjacentConvoy::Rulebook2023`], but when the convoy route is
    /// disrupted or missing the army takes the land route (DATC v2's preference).
    LandFallback,
    /// 1971 rulebook as DATC reads it: no intent needed; the convoy route is
    /// used only when the unit at the destination moves to the army's
    /// province and the convoy route is not disrupted, otherwise the land route.
    Rulebook1971,
}

/// A support order that omits the coast of a supported fleet's move (DATC 4.B.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub enum SupportCoast {
    /// Allowed for every unit; it matches a move to any coast (DATC's choice for orders checked at adjudication).
    #[default]
    OmittedMatchesAny,
    /// Allowed only for a fleet of the supporter's own power (Calhamer).
    OmittedOwnOnly,
    /// The coast must be named whenever the destination has coasts.
    Required,
}

/// Several legal orders for one unit (DATC 4.D.3). Orders that say the same (a move to the same
/// place the same way, however its coast is written; a support or convoy of the same provinces,
/// whatever unit type it names) count as one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub enum MultipleOrders {
    /// Differing orders make the unit hold; each is reported as
    /// [`IllegalReason::ConflictingOrders`] (DATC's choice).
    #[default]
    Hold,
    /// The first legal order counts.
    First,
    /// The last legal order counts.
    Last,
}

impl MultipleOrders {
    /// The order each unit follows among its legal orders (DATC 4.D.3). `legal` gives each
    /// legal order as `(order index, unit)`, in input order, and `same(i, j)` says whether
    /// orders `i` and `j` say the same (then they count as one). On return `followed[unit]` is
    /// the index of the order the unit follows: its first legal order, or with differing orders
    /// the first (`First`), the last (`Last`) or none (`Hold`). Returns the units whose orders
    /// differ, one bit per unit.
    pub(crate) fn follow(
        self,
        legal: impl Iterator<Item = (usize, usize)>,
        mut same: impl FnMut(usize, usize) -> bool,
        followed: &mut [Option<u8>; MAX_UNITS],
    ) -> u64 {
        *followed = [None; MAX_UNITS];
        let mut differing = 0u64;
        for (order, unit) in legal {
            let (Some(slot), Ok(order)) = (followed.get_mut(unit), u8::try_from(order)) else {
                continue;
            };
            match *slot {
                None => *slot = Some(order),
                Some(current) if same(usize::from(current), usize::from(order)) => {}
                Some(_) => {
                    differing |= 1 << unit;
                    if self == MultipleOrders::Last {
                        *slot = Some(order);
                    }
                }
            }
        }
        if self == MultipleOrders::Hold {
            for (unit, slot) in followed.iter_mut().enumerate() {
                if differing & (1 << unit) != 0 {
                    *slot = None;
                }
            }
        }
        differing
    }
}

// A unit set is one `u64` bit per unit, and an order index fits a `u8`.
const _: () = assert!(MAX_UNITS <= 64 && MAX_ORDERS <= u8::MAX as usize);

/// The rule options of DATC section 4 that change adjudication. `Default`
/// is DATC v3.1's preferred choice everywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct Rules {
    /// DATC 4.A.1.
    pub convoy_disruption: ConvoyDisruption,
    /// DATC 4.A.2.
    pub paradox: ParadoxRule,
    /// DATC 4.A.3.
    pub adjacent_convoy: AdjacentConvoy,
    /// DATC 4.A.4: a convoyed army (one that goes by convoy, not one that falls
    /// back to land) cuts the support of an attack on its own province (the
    /// attack comes from the water). Default `false`: it does not.
    pub convoyed_attack_cuts_support_on_itself: bool,
    /// DATC 4.A.7: a unit dislodged by a unit coming from its destination has
    /// no effect there even without a head-to-head battle (choice a).
    /// Default `false`: only in a head-to-head battle (choice b).
    pub dislodged_never_prevents_attacker_area: bool,
    /// DATC 4.B.2: a fleet move without a coast where only one coast is
    /// reachable is illegal. Default `false`: the reachable coast is taken.
    pub omitted_coast_illegal: bool,
    /// DATC 4.B.3: a move to an unreachable coast goes to the reachable one
    /// (if exactly one), and a support of that move naming the same coast is
    /// read the same way. Default `false`: both orders are illegal.
    pub impossible_coast_ignored: bool,
    /// DATC 4.B.6: a coast named in an army's move makes it illegal.
    /// Default `false`: the coast is ignored.
    pub irrelevant_coast_illegal: bool,
    /// DATC 4.B.4.
    pub support_coast: SupportCoast,
    /// DATC 4.B.5: an order naming the wrong coast of its fleet is illegal.
    /// Default `false`: the coast is ignored.
    pub wrong_unit_coast_illegal: bool,
    /// DATC 4.D.3.
    pub multiple_orders: MultipleOrders,
}

/// Why an order is illegal (DATC 4.E.1): it is ignored, and its unit holds
/// unless it has another, legal, order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum IllegalReason {
    /// No unit stands at the ordered location.
    NoUnit = 1,
    /// The unit belongs to another power (DATC 6.A.6).
    ForeignUnit,
    /// The order names the wrong coast of its fleet (only with [`Rules::wrong_unit_coast_illegal`]).
    WrongUnitCoast,
    /// A move to the unit's own province (DATC 6.A.4).
    SameProvince,
    /// An army ordered into a sea.
    ArmyToSea,
    /// A fleet ordered into an inland province.
    FleetToLand,
    /// The destination does not border the unit's location (for this unit type).
    NotAdjacent,
    /// An army's move needs a convoy but no chain of fleets in seas joins the
    /// two provinces (DATC 6.D.32), or "via convoy" with no such chain.
    NoConvoyRoute,
    /// A fleet cannot be convoyed.
    FleetConvoyed,
    /// An army's move names a coast (only with [`Rules::irrelevant_coast_illegal`]).
    IrrelevantCoast,
    /// Two coasts are reachable and the order names none (DATC 4.B.1).
    CoastNotSpecified,
    /// The named coast cannot be reached (DATC 4.B.3).
    ImpossibleCoast,
    /// No unit stands where the supported or convoyed unit is said to be.
    NoTargetUnit,
    /// A unit supporting itself (DATC 6.A.8).
    SupportsItself,
    /// The supporter cannot move to the province it supports into.
    SupportUnreachable,
    /// The supported move itself is impossible (DATC 6.D.31: also when its
    /// only convoy route runs through the supporting fleet).
    SupportedMoveImpossible,
    /// A support naming no coast for a foreign fleet (or any fleet), under a
    /// stricter [`SupportCoast`] option.
    SupportCoastMissing,
    /// A convoy by a fleet that is not in a sea (DATC 6.F.1), or by an army.
    ConvoyNotAtSea,
    /// The convoyed unit is a fleet (DATC 6.A.7).
    ConvoyedUnitNotArmy,
    /// The convoying fleet lies on no convoy route, even with every fleet on
    /// the board convoying (DATC 6.G.19).
    ConvoyNotOnRoute,
    /// The unit has several different legal orders (DATC 4.D.3).
    ConflictingOrders,
    /// A retreat order for a unit that was not dislodged (DATC 6.H.4).
    NotDislodged,
    /// A retreat-phase order other than a move over one border: a hold, a support, a convoy or
    /// a move via convoy (DATC 6.H.1-6.H.3).
    NotARetreat,
    /// A retreat to the province the attacker came from, when it did not come by convoy
    /// (DATC 6.H.5, 6.H.10).
    RetreatToAttacker,
    /// A retreat to a province left contested by a standoff (DATC 6.H.6, 6.H.16).
    RetreatToContested,
    /// A retreat to a province occupied after the movement phase.
    RetreatToOccupied,
    /// A build outside the power's home supply centres (DATC 6.I.6).
    NotAHomeCentre,
    /// A build in a home centre the power does not own (DATC 6.I.5).
    CentreNotOwned,
    /// A build in an occupied centre, on either coast (DATC 6.I.3, 6.I.4).
    CentreOccupied,
}

/// Why a legal order failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum FailReason {
    /// A move beaten by the unit holding, or returning, or fighting
    /// head-to-head at its destination.
    Bounced = 1,
    /// A move stopped by another move to the same province with at least its
    /// strength (a standoff).
    Standoff,
    /// The ordered unit was dislodged (hold, support, convoy).
    Dislodged,
    /// A support cut by an attack.
    Cut,
    /// A convoyed move without an undisrupted convoy route.
    NoConvoy,
    /// A convoy that failed by the paradox rule (Szykman), or, with
    /// [`ParadoxRule::AllHold`], a move of the paradox.
    Paradox,
    /// A support or convoy that matches no order of the unit it names (void).
    Void,
    /// An adjustment beyond the builds or removals the power has due (DATC 6.I.1, 6.J.1).
    NoAllowanceLeft,
    /// A second build in one centre, or a second removal of one unit (DATC 6.I.7, 6.J.2).
    Duplicate,
}

impl IllegalReason {
    /// A short English description, e.g. `"the unit belongs to another power"`.
    pub const fn description(self) -> &'static str {
        use IllegalReason::*;
        match self {
            NoUnit => "no unit stands there",
            ForeignUnit => "the unit belongs to another power",
            WrongUnitCoast => "the order names the wrong coast of the fleet",
            SameProvince => "a move to the unit's own province",
            ArmyToSea => "an army cannot move to sea",
            FleetToLand => "a fleet cannot move inland",
            NotAdjacent => "the destination does not border the unit",
            NoConvoyRoute => "no chain of fleets can convoy this move",
            FleetConvoyed => "a fleet cannot be convoyed",
            IrrelevantCoast => "a coast in an army's move",
            CoastNotSpecified => "the coast must be named",
            ImpossibleCoast => "the named coast cannot be reached",
            NoTargetUnit => "no unit stands where the order says",
            SupportsItself => "a unit cannot support itself",
            SupportUnreachable => "the supporter cannot reach that province",
            SupportedMoveImpossible => "the supported move is impossible",
            SupportCoastMissing => "the support must name the coast",
            ConvoyNotAtSea => "only a fleet at sea can convoy",
            ConvoyedUnitNotArmy => "only an army can be convoyed",
            ConvoyNotOnRoute => "the fleet is on no convoy route",
            ConflictingOrders => "the unit has conflicting orders",
            NotDislodged => "the unit was not dislodged",
            NotARetreat => "only a move over one border is a retreat",
            RetreatToAttacker => "a retreat to the attacker's province",
            RetreatToContested => "a retreat to a contested province",
            RetreatToOccupied => "a retreat to an occupied province",
            NotAHomeCentre => "not a home supply centre of the power",
            CentreNotOwned => "the power does not own the centre",
            CentreOccupied => "the centre is occupied",
        }
    }
}

impl FailReason {
    /// A short English description, e.g. `"bounced"`.
    pub const fn description(self) -> &'static str {
        match self {
            FailReason::Bounced => "bounced",
            FailReason::Standoff => "standoff",
            FailReason::Dislodged => "dislodged",
            FailReason::Cut => "support cut",
            FailReason::NoConvoy => "no convoy route",
            FailReason::Paradox => "convoy paradox",
            FailReason::Void => "matches no order",
            FailReason::NoAllowanceLeft => "no build or removal left",
            FailReason::Duplicate => "already built or removed there",
        }
    }
}

/// The result of one order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The move moved, the support was given, the convoy was kept up, the unit held.
    Succeeds,
    /// The order was legal but failed.
    Fails(FailReason),
    /// The order was illegal and ignored.
    Illegal(IllegalReason),
}

impl Outcome {
    /// Whether the order succeeded.
    pub const fn succeeded(self) -> bool {
        matches!(self, Outcome::Succeeds)
    }

    /// Why it failed, or `""` when it succeeded: the description of its
    /// [`FailReason`], or `"illegal: "` and the description of its [`IllegalReason`].
    pub fn reason(self) -> impl core::fmt::Display {
        struct Reason(Outcome);
        impl core::fmt::Display for Reason {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                match self.0 {
                    Outcome::Succeeds => Ok(()),
                    Outcome::Fails(reason) => f.write_str(reason.description()),
                    Outcome::Illegal(reason) => write!(f, "illegal: {}", reason.description()),
                }
            }
        }
        Reason(self)
    }
}

/// `SUCCEEDS` or `FAILS` (an illegal order fails).
impl core::fmt::Display for Outcome {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(if self.succeeded() {
            "SUCCEEDS"
        } else {
            "FAILS"
        })
    }
}

/// How a unit was dislodged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dislodgement {
    /// Index (in the unit slice) of the unit that dislodged it.
    pub attacker: u8,
    /// The location the attacker came from.
    pub from: Location,
    /// Whether the attacker came by convoy (then the dislodged unit may
    /// retreat to `from`, 2023 rulebook, DATC 4.A.5).
    pub via_convoy: bool,
}

/// What happened to one unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct UnitResult {
    /// The index of the order it followed (`None`: it held without a legal order).
    pub order: Option<u8>,
    /// Where it moved to (a coast location for a fleet going to a coast), if it moved.
    pub moved_to: Option<Location>,
    /// Set when it was dislodged.
    pub dislodged: Option<Dislodgement>,
}

/// The adjudicated turn: one [`Outcome`] per order (same index), one
/// [`UnitResult`] per unit (same index), and the provinces left contested.
#[derive(Clone, Debug)]
pub struct Resolution {
    pub(crate) outcomes: [Outcome; MAX_ORDERS],
    pub(crate) order_count: u16,
    pub(crate) units: [UnitResult; MAX_UNITS],
    pub(crate) unit_count: u16,
    pub(crate) contested: LocationSet,
}

impl Default for Resolution {
    fn default() -> Self {
        Resolution::new()
    }
}

impl Resolution {
    /// An empty resolution.
    pub const fn new() -> Resolution {
        Resolution {
            outcomes: [Outcome::Succeeds; MAX_ORDERS],
            order_count: 0,
            units: [UnitResult {
                order: None,
                moved_to: None,
                dislodged: None,
            }; MAX_UNITS],
            unit_count: 0,
            contested: LocationSet::EMPTY,
        }
    }

    /// The outcome of each order, in input order.
    pub fn outcomes(&self) -> &[Outcome] {
        &self.outcomes[..self.order_count as usize]
    }

    /// The result of each unit, in input order.
    pub fn units(&self) -> &[UnitResult] {
        &self.units[..self.unit_count as usize]
    }

    /// Provinces (province locations) where a standoff happened: no unit
    /// moved in, and at least one move with a nonzero PREVENT STRENGTH was
    /// ordered there. A dislodged unit may not retreat there.
    pub fn contested(&self) -> &LocationSet {
        &self.contested
    }
}
