//! C face of [`crate::adjudicate`]: maps, units, orders, rule options and
//! results as plain structs of fixed-width integers; everything the library
//! keeps lives in caller-provided storage.
//!
//! - Maps: [`ordo_map_standard`] returns the built-in standard map;
//!   [`ordo_map_build`] builds a map described by an [`ordo_map_desc`] into a
//!   caller buffer of `ORDO_MAP_BYTES` bytes aligned to `ORDO_MAP_ALIGN`. The
//!   names are copied into the buffer, which then holds the map at that
//!   address: it must not be moved or copied (a moved map is refused with
//!   `ORDO_ERR_INVALID_ARGUMENT`), only freed when no longer used.
//! - [`ordo_adjudicate`] decides one movement phase (DATC v3.1) with a
//!   caller workspace of `ORDO_ADJUDICATE_WORKSPACE_BYTES` bytes and writes
//!   one [`ordo_order_result`] per order, one [`ordo_unit_result`] per unit
//!   and the contested provinces.
//! - [`ordo_parse_order`] reads one order in conventional notation;
//!   [`ordo_map_find_location`], [`ordo_map_find_power`] and
//!   [`ordo_map_location_name`] translate between names and indices;
//!   [`ordo_result_text`] says why an order failed.
//! - The later phases: [`ordo_adjudicate_retreats`] and
//!   [`ordo_retreat_destinations`] for retreats, [`ordo_parse_adjustment`] and
//!   [`ordo_adjudicate_adjustments`] for builds and disbands;
//!   [`ordo_units_after_retreats`], [`ordo_units_after_adjustments`] and
//!   [`ordo_take_centres`] carry the board from one phase to the next.
//!
//! Location indices are the map's: provinces first (`0..province_count`),
//! then the coasts of multi-coast provinces.

use core::ffi::{c_char, c_void};
use core::fmt::Write as _;
use core::mem::{align_of, size_of};
use core::ptr::addr_of_mut;

use super::{
    flag, input_ref, input_slice, optional_input, optional_output, ordo_status, output_ref,
    output_slice,
};
use crate::adjudicate::{
    self as core_adj, Action, AdjacentConvoy, AdjudicateError, Adjustment, Coast, ConvoyDisruption,
    Dislodgement, FailReason, IllegalReason, Location, Map, MapBuilder, MultipleOrders, Order,
    Outcome, ParadoxRule, ParseError, ParseErrorKind, Power, ProvinceInfo, ProvinceKind,
    Resolution, RetreatResult, Rules, SupportCoast, Unit, UnitFate, UnitKind, Workspace,
    adjudicate_adjustments, adjudicate_retreats, name_well_formed, retreat_destinations,
};

use ordo_retreat_state::{
    ORDO_RETREAT_DISBANDED, ORDO_RETREAT_NOT_DISLODGED, ORDO_RETREAT_RETREATED,
};
use ordo_status::{
    ORDO_ERR_BUFFER_TOO_SMALL, ORDO_ERR_CAPACITY_EXCEEDED, ORDO_ERR_INVALID_ARGUMENT,
    ORDO_ERR_INVALID_MAP, ORDO_ERR_NULL_POINTER, ORDO_ERR_PARSE, ORDO_OK,
};

/// Most units in one adjudication.
pub const ORDO_ADJUDICATE_MAX_UNITS: usize = 64;
const _: () = assert!(ORDO_ADJUDICATE_MAX_UNITS == core_adj::MAX_UNITS);

/// Most orders in one adjudication (orders may outnumber units: foreign and
/// repeated orders are allowed and reported).
pub const ORDO_ADJUDICATE_MAX_ORDERS: usize = 128;
const _: () = assert!(ORDO_ADJUDICATE_MAX_ORDERS == core_adj::MAX_ORDERS);

/// Most locations (provinces plus coasts) of a map.
pub const ORDO_ADJUDICATE_MAX_LOCATIONS: usize = 256;
const _: () = assert!(ORDO_ADJUDICATE_MAX_LOCATIONS == core_adj::MAX_LOCATIONS);

/// Most powers of a map.
pub const ORDO_ADJUDICATE_MAX_POWERS: usize = 16;
const _: () = assert!(ORDO_ADJUDICATE_MAX_POWERS == core_adj::MAX_POWERS);

/// The longest name (province name, abbreviation or power name) in bytes,
/// without the terminating NUL.
pub const ORDO_ADJUDICATE_MAX_NAME_BYTES: usize = 64;
const _: () = assert!(ORDO_ADJUDICATE_MAX_NAME_BYTES == core_adj::MAX_NAME_BYTES);

/// Bytes of a buffer that holds any name `ordo_map_location_name` writes: the
/// longest name, a coast's four bytes (`(sc)`) and the terminating NUL.
pub const ORDO_ADJUDICATE_LOCATION_NAME_BUFFER: usize = ORDO_ADJUDICATE_MAX_NAME_BYTES + 5;

/// "No index": an absent location, order or unit in results and parsed orders.
pub const ORDO_ADJUDICATE_NONE: u16 = 0xFFFF;

/// No power: `ordo_map_location::home` of a province that is no power's home centre, and an
/// unowned province in the ownership array of `ordo_adjudicate_adjustments`.
pub const ORDO_ADJUDICATE_NO_POWER: u8 = 0xFF;

/// Bytes of the buffer `ordo_map_build` builds a map into (an upper bound of
/// the map's size on every platform, checked at compile time).
pub const ORDO_MAP_BYTES: usize = 81_920;

/// Alignment, in bytes, of the `ordo_map_build` buffer (`malloc` memory qualifies).
pub const ORDO_MAP_ALIGN: usize = 8;

/// Bytes of the workspace `ordo_adjudicate` works in (an upper bound of the
/// Rust workspace's size on every platform, checked at compile time).
pub const ORDO_ADJUDICATE_WORKSPACE_BYTES: usize = 12_288;

/// Alignment, in bytes, of the `ordo_adjudicate` workspace.
pub const ORDO_ADJUDICATE_WORKSPACE_ALIGN: usize = 8;

const _: () = assert!(size_of::<Workspace>() <= ORDO_ADJUDICATE_WORKSPACE_BYTES);
const _: () = assert!(align_of::<Workspace>() <= ORDO_ADJUDICATE_WORKSPACE_ALIGN);
const _: () = assert!(size_of::<CustomMap>() <= ORDO_MAP_BYTES);
const _: () = assert!(align_of::<CustomMap>() <= ORDO_MAP_ALIGN);

/// A map: the standard one (`ordo_map_standard`) or one built by
/// `ordo_map_build`. Opaque; used only through pointers.
pub struct ordo_map {
    _opaque: [u8; 0],
}

/// Army or fleet (`uint8_t` fields).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ordo_unit_kind {
    /// An army.
    ORDO_UNIT_ARMY = 0,
    /// A fleet.
    ORDO_UNIT_FLEET = 1,
    /// In an order only: the unit type was not written (both are accepted).
    ORDO_UNIT_UNSPECIFIED = 2,
}

/// What an order tells its unit (`ordo_order::kind`).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ordo_order_kind {
    /// Hold.
    ORDO_ORDER_HOLD = 0,
    /// Move to `to` (by convoy if `via_convoy`).
    ORDO_ORDER_MOVE = 1,
    /// Support the unit at `unit` to hold.
    ORDO_ORDER_SUPPORT_HOLD = 2,
    /// Support the unit at `unit` moving to `to`.
    ORDO_ORDER_SUPPORT_MOVE = 3,
    /// Convoy the army at `unit` to `to`.
    ORDO_ORDER_CONVOY = 4,
}

/// What a province is made of (`ordo_map_location::kind`).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ordo_province_kind {
    /// Land without coast: armies only.
    ORDO_PROVINCE_INLAND = 0,
    /// Land with a coast: armies and fleets.
    ORDO_PROVINCE_COASTAL = 1,
    /// Water: fleets only; only fleets at sea convoy.
    ORDO_PROVINCE_SEA = 2,
}

/// The coast of a location (`ordo_map_location::coast`).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ordo_coast {
    /// Not a coast: the location is a province.
    ORDO_COAST_NONE = 0,
    /// North coast.
    ORDO_COAST_NORTH = 1,
    /// South coast.
    ORDO_COAST_SOUTH = 2,
    /// East coast.
    ORDO_COAST_EAST = 3,
    /// West coast.
    ORDO_COAST_WEST = 4,
}

/// The result of one order (`ordo_order_result::outcome`).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ordo_outcome {
    /// The move moved, the support was given, the convoy held, the unit held.
    ORDO_OUTCOME_SUCCEEDS = 0,
    /// A legal order that failed; `fail` says why.
    ORDO_OUTCOME_FAILS = 1,
    /// An illegal order, ignored (its unit holds); `illegal` says why.
    ORDO_OUTCOME_ILLEGAL = 2,
}

/// Why a legal order failed (`ordo_order_result::fail`).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ordo_fail_reason {
    /// The order did not fail.
    ORDO_FAIL_NONE = 0,
    /// A move beaten by the unit at its destination.
    ORDO_FAIL_BOUNCED = 1,
    /// A move stopped by another move of at least its strength (standoff).
    ORDO_FAIL_STANDOFF = 2,
    /// The unit was dislodged.
    ORDO_FAIL_DISLODGED = 3,
    /// A support cut by an attack.
    ORDO_FAIL_CUT = 4,
    /// A convoyed move without an undisrupted route.
    ORDO_FAIL_NO_CONVOY = 5,
    /// Failed by the convoy paradox rule.
    ORDO_FAIL_PARADOX = 6,
    /// A support or convoy matching no order of its unit.
    ORDO_FAIL_VOID = 7,
    /// An adjustment beyond the builds or removals the power has due.
    ORDO_FAIL_NO_ALLOWANCE_LEFT = 8,
    /// A second build in one centre, or a second removal of one unit.
    ORDO_FAIL_DUPLICATE = 9,
}

/// Why an order is illegal (`ordo_order_result::illegal`), DATC 4.E.1.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ordo_illegal_reason {
    /// The order is legal.
    ORDO_ILLEGAL_NONE = 0,
    /// No unit at the ordered location.
    ORDO_ILLEGAL_NO_UNIT = 1,
    /// The unit belongs to another power.
    ORDO_ILLEGAL_FOREIGN_UNIT = 2,
    /// The order names the wrong coast of its fleet (strict option only).
    ORDO_ILLEGAL_WRONG_UNIT_COAST = 3,
    /// A move to the unit's own province.
    ORDO_ILLEGAL_SAME_PROVINCE = 4,
    /// An army ordered into a sea.
    ORDO_ILLEGAL_ARMY_TO_SEA = 5,
    /// A fleet ordered inland.
    ORDO_ILLEGAL_FLEET_TO_LAND = 6,
    /// The destination does not border the unit.
    ORDO_ILLEGAL_NOT_ADJACENT = 7,
    /// A move needing a convoy with no chain of fleets at sea.
    ORDO_ILLEGAL_NO_CONVOY_ROUTE = 8,
    /// A fleet ordered to be convoyed.
    ORDO_ILLEGAL_FLEET_CONVOYED = 9,
    /// An army's move names a coast (strict option only).
    ORDO_ILLEGAL_IRRELEVANT_COAST = 10,
    /// Two coasts are reachable and none is named.
    ORDO_ILLEGAL_COAST_NOT_SPECIFIED = 11,
    /// The named coast cannot be reached.
    ORDO_ILLEGAL_IMPOSSIBLE_COAST = 12,
    /// No unit where the supported or convoyed unit should be.
    ORDO_ILLEGAL_NO_TARGET_UNIT = 13,
    /// A unit supporting itself.
    ORDO_ILLEGAL_SUPPORTS_ITSELF = 14,
    /// The supporter cannot reach the supported province.
    ORDO_ILLEGAL_SUPPORT_UNREACHABLE = 15,
    /// The supported move is impossible.
    ORDO_ILLEGAL_SUPPORTED_MOVE_IMPOSSIBLE = 16,
    /// A support without the coast a stricter option requires.
    ORDO_ILLEGAL_SUPPORT_COAST_MISSING = 17,
    /// A convoy by a unit not at sea.
    ORDO_ILLEGAL_CONVOY_NOT_AT_SEA = 18,
    /// The convoyed unit is a fleet.
    ORDO_ILLEGAL_CONVOYED_UNIT_NOT_ARMY = 19,
    /// The convoying fleet lies on no convoy route.
    ORDO_ILLEGAL_CONVOY_NOT_ON_ROUTE = 20,
    /// The unit has several different legal orders.
    ORDO_ILLEGAL_CONFLICTING_ORDERS = 21,
    /// A retreat order for a unit that was not dislodged.
    ORDO_ILLEGAL_NOT_DISLODGED = 22,
    /// A retreat-phase order other than a move over one border.
    ORDO_ILLEGAL_NOT_A_RETREAT = 23,
    /// A retreat to the province the attacker came from (not by convoy).
    ORDO_ILLEGAL_RETREAT_TO_ATTACKER = 24,
    /// A retreat to a province left contested by a standoff.
    ORDO_ILLEGAL_RETREAT_TO_CONTESTED = 25,
    /// A retreat to a province occupied after the movement phase.
    ORDO_ILLEGAL_RETREAT_TO_OCCUPIED = 26,
    /// A build outside the power's home supply centres.
    ORDO_ILLEGAL_NOT_A_HOME_CENTRE = 27,
    /// A build in a home centre the power does not own.
    ORDO_ILLEGAL_CENTRE_NOT_OWNED = 28,
    /// A build in an occupied centre (on either coast).
    ORDO_ILLEGAL_CENTRE_OCCUPIED = 29,
}

/// Why `ordo_parse_order` could not read a text (`ordo_parse_error::kind`).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ordo_parse_error_kind {
    /// The text is empty or only spaces.
    ORDO_PARSE_EMPTY = 1,
    /// No location of the map is named here.
    ORDO_PARSE_UNKNOWN_LOCATION = 2,
    /// `(` or `/` not followed by a coast, or `(` not closed.
    ORDO_PARSE_BAD_COAST = 3,
    /// Neither hold, move, support nor convoy follows the unit.
    ORDO_PARSE_UNKNOWN_ORDER = 4,
    /// A convoy without `- destination`.
    ORDO_PARSE_EXPECTED_DESTINATION = 5,
    /// Text remains after a complete order.
    ORDO_PARSE_TRAILING_TEXT = 6,
    /// The text is not valid UTF-8.
    ORDO_PARSE_INVALID_UTF8 = 7,
}

/// Which name `ordo_map_location_name` writes.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ordo_name_style {
    /// The abbreviation and coast, e.g. `Stp(sc)`.
    ORDO_NAME_SHORT = 0,
    /// The full name and coast, e.g. `St Petersburg(sc)`.
    ORDO_NAME_FULL = 1,
}

/// Multi-route convoy disruption, DATC 4.A.1 (`ordo_rules::convoy_disruption`).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ordo_convoy_disruption {
    /// Disrupted only when every route is (DATC's choice).
    ORDO_CONVOY_DISRUPTION_ALL_ROUTES = 0,
    /// Disrupted when any route is (1971 rulebook).
    ORDO_CONVOY_DISRUPTION_ANY_ROUTE = 1,
}

/// Convoy paradox resolution, DATC 4.A.2 (`ordo_rules::paradox`).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ordo_paradox_rule {
    /// Szykman rule (DATC's choice).
    ORDO_PARADOX_SZYKMAN = 0,
    /// Every move of the paradox fails ("All Hold").
    ORDO_PARADOX_ALL_HOLD = 1,
    /// 1982 rulebook, then Szykman.
    ORDO_PARADOX_RULE_1982 = 2,
    /// 1971 rulebook, then Szykman.
    ORDO_PARADOX_RULE_1971 = 3,
    /// 2000/2023 rulebook, then Szykman.
    ORDO_PARADOX_RULE_2000 = 4,
}

/// Convoys to adjacent provinces, DATC 4.A.3 (`ordo_rules::adjacent_convoy`).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ordo_adjacent_convoy {
    /// "Via convoy" or an own fleet convoying (2023 rulebook, DATC's choice).
    ORDO_ADJACENT_CONVOY_RULEBOOK_2023 = 0,
    /// Only "via convoy" (DPTG).
    ORDO_ADJACENT_CONVOY_EXPLICIT = 1,
    /// As 2023, falling back to land when the convoy fails.
    ORDO_ADJACENT_CONVOY_LAND_FALLBACK = 2,
    /// 1971 rulebook as DATC reads it.
    ORDO_ADJACENT_CONVOY_RULEBOOK_1971 = 3,
}

/// A support omitting a fleet's coast, DATC 4.B.4 (`ordo_rules::support_coast`).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ordo_support_coast {
    /// Matches a move to any coast (DATC's choice).
    ORDO_SUPPORT_COAST_OMITTED_MATCHES_ANY = 0,
    /// Allowed for own fleets only.
    ORDO_SUPPORT_COAST_OMITTED_OWN_ONLY = 1,
    /// Always required.
    ORDO_SUPPORT_COAST_REQUIRED = 2,
}

/// Several orders for one unit, DATC 4.D.3 (`ordo_rules::multiple_orders`).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ordo_multiple_orders {
    /// The unit holds; each order is illegal (DATC's choice).
    ORDO_MULTIPLE_ORDERS_HOLD = 0,
    /// The first legal order counts.
    ORDO_MULTIPLE_ORDERS_FIRST = 1,
    /// The last legal order counts.
    ORDO_MULTIPLE_ORDERS_LAST = 2,
}

/// One location of a map description: a province, or a coast of an earlier
/// multi-coast province. All provinces come first, then all coasts; the
/// index in the array is the location's index.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ordo_map_location {
    /// Province: its full name, NUL-terminated UTF-8 of 1 to
    /// `ORDO_ADJUDICATE_MAX_NAME_BYTES` bytes, unique (case-insensitively)
    /// among all names and abbreviations. Ignored for a coast (may be NULL).
    pub name: *const c_char,
    /// Province: its abbreviation, same rules as `name`. Ignored for a coast.
    pub abbreviation: *const c_char,
    /// Province: an `ordo_province_kind`. Ignored for a coast.
    pub kind: u8,
    /// `ORDO_COAST_NONE` for a province, else the `ordo_coast` of this coast.
    pub coast: u8,
    /// Coast: the index of its province (which must be coastal). Ignored for a province.
    pub province: u16,
    /// Province: 1 if a supply centre, else 0. Ignored for a coast.
    pub supply_centre: u8,
    /// Province: the index of the power whose home centre it is (it must be
    /// a supply centre), or `ORDO_ADJUDICATE_NO_POWER`. Ignored for a coast.
    pub home: u8,
}

/// One directed border: `to` is reachable from `from`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ordo_border {
    /// The location moved from.
    pub from: u16,
    /// The location moved to.
    pub to: u16,
}

/// A map description for `ordo_map_build`. Border lists are directed and
/// must be symmetric: every `{a, b}` needs its `{b, a}` (repeats are allowed).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ordo_map_desc {
    /// `power_count` NUL-terminated UTF-8 power names (1 to
    /// `ORDO_ADJUDICATE_MAX_NAME_BYTES` bytes, unique case-insensitively).
    pub powers: *const *const c_char,
    /// Number of powers, at most `ORDO_ADJUDICATE_MAX_POWERS`.
    pub power_count: usize,
    /// The locations: provinces first, then coasts.
    pub locations: *const ordo_map_location,
    /// Number of locations, at most `ORDO_ADJUDICATE_MAX_LOCATIONS`.
    pub location_count: usize,
    /// Army borders between provinces (neither a sea, not a province to itself).
    pub army_borders: *const ordo_border,
    /// Number of army borders.
    pub army_border_count: usize,
    /// Fleet borders between locations: seas, coasts, and coastal provinces
    /// without coasts (a multi-coast province is entered by its coasts), not
    /// within one province.
    pub fleet_borders: *const ordo_border,
    /// Number of fleet borders.
    pub fleet_border_count: usize,
}

/// A unit on the board.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ordo_unit {
    /// `ORDO_UNIT_ARMY` or `ORDO_UNIT_FLEET`.
    pub kind: u8,
    /// Its power's index.
    pub power: u8,
    /// Where it stands: a province for an army (a coast is taken as its
    /// province); a sea, a coastal province without coasts, or a coast for a fleet.
    pub location: u16,
}

/// One order as written. Fields an order kind does not use are ignored.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ordo_order {
    /// The index of the power that wrote it (an order for another power's
    /// unit is legal input and reported illegal, DATC 6.A.6).
    pub power: u8,
    /// An `ordo_order_kind`.
    pub kind: u8,
    /// The ordered unit's type as written: an `ordo_unit_kind`
    /// (`ORDO_UNIT_UNSPECIFIED` when omitted).
    pub unit_kind: u8,
    /// Support: the supported unit's type as written (an `ordo_unit_kind`).
    /// Convoy: `ORDO_UNIT_ARMY` when parsed (only armies are convoyed).
    pub target_kind: u8,
    /// Move: 1 if the order says "via convoy", else 0.
    pub via_convoy: u8,
    /// Where the ordered unit stands (its coast, if any, is ignored).
    pub location: u16,
    /// Support and convoy: where the supported or convoyed unit stands.
    pub unit: u16,
    /// Move, support to move, convoy: the destination (a coast only where
    /// the order names one).
    pub to: u16,
}

/// The rule options (DATC section 4). All zero is DATC's preferred choice
/// everywhere, so `ordo_rules rules = {0};` gives the defaults.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ordo_rules {
    /// An `ordo_convoy_disruption` (4.A.1).
    pub convoy_disruption: u8,
    /// An `ordo_paradox_rule` (4.A.2).
    pub paradox: u8,
    /// An `ordo_adjacent_convoy` (4.A.3).
    pub adjacent_convoy: u8,
    /// 1: a convoyed army cuts a support of an attack on its own province (4.A.4).
    pub convoyed_attack_cuts_support_on_itself: u8,
    /// 1: a unit dislodged from its attacker's origin never prevents there (4.A.7 a).
    pub dislodged_never_prevents_attacker_area: u8,
    /// 1: a fleet move without its only reachable coast is illegal (4.B.2).
    pub omitted_coast_illegal: u8,
    /// 1: an unreachable named coast is replaced by the reachable one, in a move and in a support
    /// of it (4.B.3).
    pub impossible_coast_ignored: u8,
    /// 1: an army's move naming a coast is illegal (4.B.6).
    pub irrelevant_coast_illegal: u8,
    /// An `ordo_support_coast` (4.B.4).
    pub support_coast: u8,
    /// 1: naming the wrong coast of the ordered fleet is illegal (4.B.5).
    pub wrong_unit_coast_illegal: u8,
    /// An `ordo_multiple_orders` (4.D.3).
    pub multiple_orders: u8,
}

/// The result of one order.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ordo_order_result {
    /// Succeeds, fails or illegal.
    pub outcome: ordo_outcome,
    /// Why it failed (`ORDO_FAIL_NONE` unless `outcome` is `ORDO_OUTCOME_FAILS`).
    pub fail: ordo_fail_reason,
    /// Why it is illegal (`ORDO_ILLEGAL_NONE` unless `outcome` is `ORDO_OUTCOME_ILLEGAL`).
    pub illegal: ordo_illegal_reason,
}

/// What happened to one unit.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ordo_unit_result {
    /// The index of the order it followed, `ORDO_ADJUDICATE_NONE` if it held without one.
    pub order: u16,
    /// Where it moved to (a coast for a fleet moving to one), or `ORDO_ADJUDICATE_NONE`.
    pub moved_to: u16,
    /// 1 if it was dislodged, else 0.
    pub dislodged: u8,
    /// If dislodged: 1 if the attack came by convoy (it may then retreat
    /// to `dislodged_from`), else 0.
    pub dislodged_via_convoy: u8,
    /// If dislodged: the index of the unit that dislodged it, else `ORDO_ADJUDICATE_NONE`.
    pub dislodged_by: u16,
    /// If dislodged: the location the attacker came from, else `ORDO_ADJUDICATE_NONE`.
    pub dislodged_from: u16,
}

/// What the retreat phase did to one unit (`ordo_retreat_result::state`).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ordo_retreat_state {
    /// It was not dislodged: it stays where the movement phase left it.
    ORDO_RETREAT_NOT_DISLODGED = 0,
    /// It was dislodged and retreated to `ordo_retreat_result::location`.
    ORDO_RETREAT_RETREATED = 1,
    /// It was dislodged and is removed from the board.
    ORDO_RETREAT_DISBANDED = 2,
}

/// The retreat phase's result for one unit.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ordo_retreat_result {
    /// Not dislodged, retreated or disbanded.
    pub state: ordo_retreat_state,
    /// Where it retreated to (a coast for a fleet going to one), else `ORDO_ADJUDICATE_NONE`.
    pub location: u16,
}

/// What an adjustment order does (`ordo_adjustment::kind`).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ordo_adjustment_kind {
    /// Build a unit of `unit_kind` at `location`.
    ORDO_ADJUST_BUILD = 0,
    /// Remove (disband) the unit at `location`.
    ORDO_ADJUST_REMOVE = 1,
}

/// One adjustment order, as written by `power`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ordo_adjustment {
    /// The index of the power that wrote it.
    pub power: u8,
    /// An `ordo_adjustment_kind`.
    pub kind: u8,
    /// An `ordo_unit_kind`: required for a build; `ORDO_UNIT_UNSPECIFIED` allowed for a removal.
    pub unit_kind: u8,
    /// Where to build (a coast for a fleet where there are two), or the unit to remove.
    pub location: u16,
}

/// What the adjustment phase did to one unit (`uint8_t` values of the fates array).
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ordo_unit_fate {
    /// It stays.
    ORDO_FATE_STAYS = 0,
    /// A removal order removed it.
    ORDO_FATE_REMOVED = 1,
    /// Civil disorder removed it.
    ORDO_FATE_REMOVED_IN_DISORDER = 2,
}

/// Where and why `ordo_parse_order` stopped.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ordo_parse_error {
    /// Byte offset in the text.
    pub offset: usize,
    /// An `ordo_parse_error_kind`.
    pub kind: ordo_parse_error_kind,
}

/// Counts of a map (`ordo_map_get_info`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ordo_map_info {
    /// Provinces: locations `0..province_count`.
    pub province_count: u16,
    /// Locations: provinces, then coasts.
    pub location_count: u16,
    /// Powers: indices `0..power_count`.
    pub power_count: u16,
}

// ---------------------------------------------------------------------------
// Map storage.

/// Tag of the standard map handle.
const STANDARD_TAG: u64 = 0x6f72_646f_5354_4431; // "ordoSTD1"
/// Tag of a built custom map.
const CUSTOM_TAG: u64 = 0x6f72_646f_4d41_5031; // "ordoMAP1"

/// What `ordo_map_standard` points to; recognised by its address.
static STANDARD_HANDLE: u64 = STANDARD_TAG;

/// Bytes for every name of a map: each province's name and abbreviation and
/// each power's name, at most `ORDO_ADJUDICATE_MAX_NAME_BYTES` each.
const NAME_POOL_BYTES: usize = ORDO_ADJUDICATE_MAX_NAME_BYTES
    * (2 * ORDO_ADJUDICATE_MAX_LOCATIONS + ORDO_ADJUDICATE_MAX_POWERS);

/// The layout of an `ordo_map_build` buffer. `builder`'s names point into
/// `names`, so the whole is valid only at `address`.
#[repr(C)]
struct CustomMap {
    tag: u64,
    address: usize,
    names: [u8; NAME_POOL_BYTES],
    builder: MapBuilder<'static>,
}

/// What a map buffer's builder starts as (copied in place, see `ordo_map_build`).
static EMPTY_BUILDER: MapBuilder<'static> = MapBuilder::new();

/// Returns a pointer to the standard map (75 provinces, 81 locations, the
/// seven powers Austria, England, France, Germany, Italy, Russia, Turkey as
/// indices 0 to 6). Never NULL; static, never freed.
#[unsafe(no_mangle)]
pub extern "C" fn ordo_map_standard() -> *const ordo_map {
    (&raw const STANDARD_HANDLE).cast()
}

/// The map behind a C pointer.
///
/// # Safety
/// `map` must be NULL, `ordo_map_standard()`, or a pointer that
/// `ordo_map_build` set and whose buffer is still alive and unmodified.
unsafe fn map_from<'m>(map: *const ordo_map) -> Result<&'m Map<'m>, ordo_status> {
    if map.is_null() {
        return Err(ORDO_ERR_NULL_POINTER);
    }
    if map == ordo_map_standard() {
        return Ok(core_adj::standard());
    }
    if !(map as usize).is_multiple_of(ORDO_MAP_ALIGN) {
        return Err(ORDO_ERR_INVALID_ARGUMENT);
    }
    let custom = map.cast::<CustomMap>();
    // SAFETY:
    // - `map` is non-NULL and aligned (checked), and by the contract points to
    //   a buffer `ordo_map_build` filled, so `tag` and `address` are initialised;
    // - only the two header words are read before they are checked.
    let (tag, address) = unsafe { ((*custom).tag, (*custom).address) };
    if tag != CUSTOM_TAG || address != map as usize {
        return Err(ORDO_ERR_INVALID_ARGUMENT);
    }
    // SAFETY: the tag and address match, so `ordo_map_build` completed at
    // this very address: the builder is initialised and its names point into
    // this buffer, which the caller keeps alive and unmodified while using it.
    let builder = unsafe { &(*custom).builder };
    builder.map().map_err(|_| ORDO_ERR_INVALID_ARGUMENT)
}

/// Reads a NUL-terminated name of at most `ORDO_ADJUDICATE_MAX_NAME_BYTES`
/// bytes: `Err(NULL_POINTER)` for NULL, `Err(INVALID_MAP)` when empty,
/// longer, not UTF-8, or not words separated by single spaces.
///
/// # Safety
/// A non-NULL `name` must point to a NUL-terminated string (or to at least
/// `ORDO_ADJUDICATE_MAX_NAME_BYTES + 1` readable bytes).
unsafe fn c_name<'a>(name: *const c_char) -> Result<&'a str, ordo_status> {
    if name.is_null() {
        return Err(ORDO_ERR_NULL_POINTER);
    }
    let mut len = 0;
    loop {
        // SAFETY: the string is NUL-terminated and `len` has not passed its
        // NUL (the loop stops there) nor the bound checked below.
        let byte = unsafe { *name.add(len) };
        if byte == 0 {
            break;
        }
        len += 1;
        if len > ORDO_ADJUDICATE_MAX_NAME_BYTES {
            return Err(ORDO_ERR_INVALID_MAP);
        }
    }
    // SAFETY: the `len` bytes before the NUL were just read, so they are
    // readable and stay valid for the call.
    let bytes = unsafe { core::slice::from_raw_parts(name.cast::<u8>(), len) };
    match core::str::from_utf8(bytes) {
        Ok(text) if name_well_formed(text) => Ok(text),
        _ => Err(ORDO_ERR_INVALID_MAP),
    }
}

fn province_kind(kind: u8) -> Result<ProvinceKind, ordo_status> {
    match kind {
        0 => Ok(ProvinceKind::Inland),
        1 => Ok(ProvinceKind::Coastal),
        2 => Ok(ProvinceKind::Sea),
        _ => Err(ORDO_ERR_INVALID_ARGUMENT),
    }
}

fn coast(coast: u8) -> Result<Option<Coast>, ordo_status> {
    match coast {
        0 => Ok(None),
        1 => Ok(Some(Coast::North)),
        2 => Ok(Some(Coast::South)),
        3 => Ok(Some(Coast::East)),
        4 => Ok(Some(Coast::West)),
        _ => Err(ORDO_ERR_INVALID_ARGUMENT),
    }
}

/// The checked description, with its names read.
struct Desc<'a> {
    powers: [&'a str; ORDO_ADJUDICATE_MAX_POWERS],
    power_count: usize,
    locations: &'a [ordo_map_location],
    province_count: usize,
    army_borders: &'a [ordo_border],
    fleet_borders: &'a [ordo_border],
}

/// The name and abbreviation of a province entry.
///
/// # Safety
/// As [`c_name`], for both names.
unsafe fn province_names<'a>(
    location: &ordo_map_location,
) -> Result<(&'a str, &'a str), ordo_status> {
    // SAFETY: forwarded contract.
    unsafe { Ok((c_name(location.name)?, c_name(location.abbreviation)?)) }
}

/// One bit per ordered pair of locations: checks that a border list is symmetric.
struct PairSet([u64; ORDO_ADJUDICATE_MAX_LOCATIONS * ORDO_ADJUDICATE_MAX_LOCATIONS / 64]);

impl PairSet {
    fn index(from: u16, to: u16) -> usize {
        usize::from(from) * ORDO_ADJUDICATE_MAX_LOCATIONS + usize::from(to)
    }
    fn symmetric(&mut self, borders: &[ordo_border]) -> bool {
        self.0.fill(0);
        for border in borders {
            let i = Self::index(border.from, border.to);
            self.0[i / 64] |= 1 << (i % 64);
        }
        borders.iter().all(|border| {
            let i = Self::index(border.to, border.from);
            self.0[i / 64] & (1 << (i % 64)) != 0
        })
    }
}

/// Checks a map description completely (everything `MapBuilder` would
/// refuse, and symmetry), writing nothing.
///
/// # Safety
/// The pointers of `desc` must satisfy `ordo_map_build`'s contract.
unsafe fn check_desc<'a>(desc: &'a ordo_map_desc) -> Result<Desc<'a>, ordo_status> {
    if desc.power_count > ORDO_ADJUDICATE_MAX_POWERS
        || desc.location_count > ORDO_ADJUDICATE_MAX_LOCATIONS
    {
        return Err(ORDO_ERR_CAPACITY_EXCEEDED);
    }
    // SAFETY: the contract says each array has its count of readable elements.
    let (power_names, locations, army_borders, fleet_borders) = unsafe {
        (
            input_slice(desc.powers, desc.power_count)?,
            input_slice(desc.locations, desc.location_count)?,
            input_slice(desc.army_borders, desc.army_border_count)?,
            input_slice(desc.fleet_borders, desc.fleet_border_count)?,
        )
    };
    let mut checked = Desc {
        powers: [""; ORDO_ADJUDICATE_MAX_POWERS],
        power_count: power_names.len(),
        locations,
        province_count: 0,
        army_borders,
        fleet_borders,
    };
    for (i, &name) in power_names.iter().enumerate() {
        // SAFETY: each power name is a NUL-terminated string by the contract.
        let name = unsafe { c_name(name)? };
        if checked.powers[..i]
            .iter()
            .any(|other| other.eq_ignore_ascii_case(name))
        {
            return Err(ORDO_ERR_INVALID_MAP);
        }
        checked.powers[i] = name;
    }
    // Enum values first: a bad one is an invalid argument, not an invalid map.
    for location in locations {
        let is_coast = coast(location.coast)?.is_some();
        if !is_coast {
            province_kind(location.kind)?;
            flag(location.supply_centre)?;
        }
    }
    let province_count = locations
        .iter()
        .take_while(|location| location.coast == 0)
        .count();
    checked.province_count = province_count;
    // Kinds were checked above; a coast entry's kind is never read.
    let kind = |p: usize| province_kind(locations[p].kind).unwrap_or(ProvinceKind::Inland);
    for (i, location) in locations.iter().enumerate() {
        if i < province_count {
            // SAFETY: a province's names are NUL-terminated strings by the contract.
            let (name, abbreviation) = unsafe { province_names(location)? };
            for earlier in &locations[..i] {
                // SAFETY: as above; the earlier names were read successfully.
                let (n, a) = unsafe { province_names(earlier)? };
                if [n, a]
                    .iter()
                    .any(|x| x.eq_ignore_ascii_case(name) || x.eq_ignore_ascii_case(abbreviation))
                {
                    return Err(ORDO_ERR_INVALID_MAP);
                }
            }
            let home_ok = location.home == ORDO_ADJUDICATE_NO_POWER
                || (usize::from(location.home) < checked.power_count
                    && location.supply_centre == 1);
            if !home_ok {
                return Err(ORDO_ERR_INVALID_MAP);
            }
        } else {
            // A coast: of a known coastal province, not twice.
            let province = usize::from(location.province);
            if location.coast == 0
                || province >= province_count
                || kind(province) != ProvinceKind::Coastal
                || locations[province_count..i].iter().any(|other| {
                    other.province == location.province && other.coast == location.coast
                })
            {
                return Err(ORDO_ERR_INVALID_MAP);
            }
        }
    }
    let province_of = |l: usize| {
        if l < province_count {
            l
        } else {
            usize::from(locations[l].province)
        }
    };
    let has_coasts = |p: usize| {
        locations[province_count..]
            .iter()
            .any(|c| usize::from(c.province) == p)
    };
    for border in army_borders {
        let (a, b) = (usize::from(border.from), usize::from(border.to));
        if a >= province_count
            || b >= province_count
            || a == b
            || kind(a) == ProvinceKind::Sea
            || kind(b) == ProvinceKind::Sea
        {
            return Err(ORDO_ERR_INVALID_MAP);
        }
    }
    let fleet_ok = |l: usize| {
        let p = province_of(l);
        kind(p) != ProvinceKind::Inland && !(l < province_count && has_coasts(p))
    };
    for border in fleet_borders {
        let (a, b) = (usize::from(border.from), usize::from(border.to));
        if a >= locations.len()
            || b >= locations.len()
            || province_of(a) == province_of(b)
            || !fleet_ok(a)
            || !fleet_ok(b)
        {
            return Err(ORDO_ERR_INVALID_MAP);
        }
    }
    let mut pairs =
        PairSet([0; ORDO_ADJUDICATE_MAX_LOCATIONS * ORDO_ADJUDICATE_MAX_LOCATIONS / 64]);
    if !pairs.symmetric(army_borders) || !pairs.symmetric(fleet_borders) {
        return Err(ORDO_ERR_INVALID_MAP);
    }
    Ok(checked)
}

/// Builds the map `desc` describes into `buffer` and sets `*out_map` to it
/// (the map is `buffer` itself). Locations, names and borders are as
/// `ordo_map_desc` and `ordo_map_location` document. The buffer must hold
/// `ORDO_MAP_BYTES` bytes aligned to `ORDO_MAP_ALIGN`; it needs no
/// initialisation. The names are copied, so `desc` may be freed afterwards;
/// the buffer may not be moved or copied while the map is used. Stack use:
/// under 12 KiB.
///
/// Errors (`*out_map` is not written; the buffer is not written either, except
/// after the checks, should the builder refuse what they accepted, which no
/// description is known to do: the buffer then holds no map):
/// `ORDO_ERR_NULL_POINTER` (`desc`, `buffer`, `out_map`, an array with a
/// non-zero count, a power name or a province name is NULL);
/// `ORDO_ERR_BUFFER_TOO_SMALL` (`buffer_len < ORDO_MAP_BYTES`);
/// `ORDO_ERR_INVALID_ARGUMENT` (a misaligned buffer, an unknown
/// `kind`/`coast` value, a `supply_centre` other than 0 or 1);
/// `ORDO_ERR_CAPACITY_EXCEEDED` (more than `ORDO_ADJUDICATE_MAX_POWERS`
/// powers or `ORDO_ADJUDICATE_MAX_LOCATIONS` locations);
/// `ORDO_ERR_INVALID_MAP` (a name empty, too long, not UTF-8, not words
/// separated by single spaces, or repeated; a home that is no power's or no
/// supply centre; a coast of an unknown or non-coastal province, or repeated;
/// a border naming an unknown location, joining a location to itself or within
/// a province, an army border touching a sea, a fleet border touching an
/// inland province or a multi-coast province's own location; a border list
/// that is not symmetric).
///
/// # Safety
/// `desc` must point to a readable `ordo_map_desc` whose arrays hold their
/// counts of elements (or are NULL with count 0) and whose names are
/// NUL-terminated; `buffer` must point to `buffer_len` writable bytes that
/// nothing else uses; `out_map` must point to a writable pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_map_build(
    desc: *const ordo_map_desc,
    buffer: *mut c_void,
    buffer_len: usize,
    out_map: *mut *const ordo_map,
) -> ordo_status {
    // SAFETY: `desc` is NULL or readable by the contract; `input_ref` refuses
    // NULL and a misaligned pointer.
    let desc = match unsafe { input_ref(desc) } {
        Ok(desc) => desc,
        Err(status) => return status,
    };
    if buffer.is_null() {
        return ORDO_ERR_NULL_POINTER;
    }
    // SAFETY: `out_map` is NULL or writable by the contract.
    let out_map = match unsafe { output_ref(out_map) } {
        Ok(out_map) => out_map,
        Err(status) => return status,
    };
    if buffer_len < ORDO_MAP_BYTES {
        return ORDO_ERR_BUFFER_TOO_SMALL;
    }
    if !(buffer as usize).is_multiple_of(ORDO_MAP_ALIGN) {
        return ORDO_ERR_INVALID_ARGUMENT;
    }
    // SAFETY: `desc`'s pointers follow this function's contract.
    let checked = match unsafe { check_desc(desc) } {
        Ok(checked) => checked,
        Err(status) => return status,
    };
    let custom = buffer.cast::<CustomMap>();
    // SAFETY:
    // - `buffer` is non-NULL, aligned for `CustomMap` and at least
    //   `ORDO_MAP_BYTES >= size_of::<CustomMap>()` writable bytes used by nothing else;
    // - every field is written through raw pointers before any reference to it exists.
    unsafe {
        addr_of_mut!((*custom).tag).write(0);
        addr_of_mut!((*custom).address).write(buffer as usize);
        // A copy of a static empty builder, not `write(MapBuilder::new())`,
        // which would build the 35 KiB value on the stack first.
        core::ptr::copy_nonoverlapping(
            &raw const EMPTY_BUILDER,
            addr_of_mut!((*custom).builder),
            1,
        );
    }
    // SAFETY: `custom` points into the caller's buffer (checked above).
    let pool = unsafe { addr_of_mut!((*custom).names) }.cast::<u8>();
    let mut used = 0;
    // Copies a checked name into the pool and returns it with the map's lifetime.
    let mut keep = |name: &str| -> &'static str {
        // Debug builds check the bound the SAFETY argument below relies on.
        debug_assert!(used + name.len() <= NAME_POOL_BYTES, "name pool overflow");
        // SAFETY:
        // - `used + name.len() <= NAME_POOL_BYTES`: at most two names per
        //   province and one per power, each at most the name bound;
        // - the pool lies in the caller's buffer, which outlives every use of
        //   the map by the contract (a moved buffer is refused by `map_from`),
        //   and the copied bytes are never written again, so the `'static`
        //   string stays valid and unchanged while the map is used;
        // - the bytes are a copy of a `&str`, hence UTF-8.
        unsafe {
            let at = pool.add(used);
            core::ptr::copy_nonoverlapping(name.as_ptr(), at, name.len());
            used += name.len();
            core::str::from_utf8_unchecked(core::slice::from_raw_parts(at, name.len()))
        }
    };
    // SAFETY: the builder was just initialised in the buffer, and this is the
    // only reference to it during the build.
    let builder = unsafe { &mut *addr_of_mut!((*custom).builder) };
    for &name in &checked.powers[..checked.power_count] {
        builder.power(keep(name));
    }
    for location in &checked.locations[..checked.province_count] {
        // SAFETY: `check_desc` read these names successfully.
        let Ok((name, abbreviation)) = (unsafe { province_names(location) }) else {
            return ORDO_ERR_INVALID_MAP;
        };
        builder.province(ProvinceInfo {
            name: keep(name),
            abbreviation: keep(abbreviation),
            kind: province_kind(location.kind).unwrap_or(ProvinceKind::Inland),
            supply_centre: location.supply_centre == 1,
            home: (location.home != ORDO_ADJUDICATE_NO_POWER).then_some(Power(location.home)),
        });
    }
    builder.seal_provinces();
    for location in &checked.locations[checked.province_count..] {
        if let Ok(Some(c)) = coast(location.coast) {
            builder.coast(Location(location.province as u8), c);
        }
    }
    for border in checked.army_borders {
        builder.army_border(Location(border.from as u8), Location(border.to as u8));
    }
    for border in checked.fleet_borders {
        builder.fleet_border(Location(border.from as u8), Location(border.to as u8));
    }
    if builder.map().is_err() {
        // `check_desc` refuses everything the builder refuses; this is a
        // safety net, and the buffer holds no map.
        return ORDO_ERR_INVALID_MAP;
    }
    // SAFETY: `tag` lies in the caller's buffer, aligned and writable.
    unsafe { addr_of_mut!((*custom).tag).write(CUSTOM_TAG) };
    *out_map = buffer.cast::<ordo_map>().cast_const();
    ORDO_OK
}

/// Writes the map's counts to `*out_info`.
///
/// Errors: `ORDO_ERR_NULL_POINTER` (`map` or `out_info` NULL),
/// `ORDO_ERR_INVALID_ARGUMENT` (`map` is not a live map).
///
/// # Safety
/// `map` must be `ordo_map_standard()` or a map `ordo_map_build` built whose
/// buffer is alive and unmoved; `out_info` must be writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_map_get_info(
    map: *const ordo_map,
    out_info: *mut ordo_map_info,
) -> ordo_status {
    // SAFETY: forwarded contract.
    let map = match unsafe { map_from(map) } {
        Ok(map) => map,
        Err(status) => return status,
    };
    // SAFETY: forwarded contract.
    let out_info = match unsafe { output_ref(out_info) } {
        Ok(out) => out,
        Err(status) => return status,
    };
    *out_info = ordo_map_info {
        province_count: map.province_count() as u16,
        location_count: map.location_count() as u16,
        power_count: map.power_count() as u16,
    };
    ORDO_OK
}

/// Borrows C text `(text, len)` as UTF-8.
///
/// # Safety
/// As `input_slice`.
unsafe fn c_text<'a>(
    text: *const c_char,
    len: usize,
) -> Result<Result<&'a str, usize>, ordo_status> {
    // SAFETY: forwarded contract.
    let bytes = unsafe { input_slice(text.cast::<u8>(), len)? };
    Ok(core::str::from_utf8(bytes).map_err(|e| e.valid_up_to()))
}

/// The location a name denotes: a province name, abbreviation or alias
/// (case-insensitively), optionally followed by a coast, `(nc)` or `/nc`.
fn find_location(map: &Map<'_>, name: &str) -> Option<Location> {
    let name = name.trim();
    if let Some(location) = map.location_by_name(name) {
        return Some(location);
    }
    let (province, coast_text) = name
        .strip_suffix(')')
        .and_then(|rest| rest.rsplit_once('('))
        .or_else(|| name.rsplit_once('/'))?;
    let province = map.location_by_name(province.trim())?;
    let coast_text = coast_text.trim();
    let coast = [Coast::North, Coast::South, Coast::East, Coast::West]
        .into_iter()
        .find(|c| c.abbreviation().eq_ignore_ascii_case(coast_text))?;
    map.coast_location(province, coast)
}

/// Finds the location named by `name[0..len]`: a province's name,
/// abbreviation or (standard map) accepted alias, case-insensitively,
/// optionally with a coast (`Stp(sc)`, `Spa/nc`), and writes its index.
///
/// Errors: `ORDO_ERR_NULL_POINTER` (`map`, `out_location`, or `name` with a
/// non-zero `len`, NULL); `ORDO_ERR_INVALID_ARGUMENT` (`map` not a live map);
/// `ORDO_ERR_PARSE` (no location has that name, or it is not UTF-8).
///
/// # Safety
/// `map` as for `ordo_map_get_info`; `name` must point to `len` readable
/// bytes; `out_location` must be writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_map_find_location(
    map: *const ordo_map,
    name: *const c_char,
    len: usize,
    out_location: *mut u16,
) -> ordo_status {
    // SAFETY: forwarded contract.
    let (map, name, out) =
        match unsafe { (map_from(map), c_text(name, len), output_ref(out_location)) } {
            (Ok(map), Ok(name), Ok(out)) => (map, name, out),
            (Err(status), _, _) | (_, Err(status), _) | (_, _, Err(status)) => return status,
        };
    match name.ok().and_then(|name| find_location(map, name)) {
        Some(location) => {
            *out = location.0.into();
            ORDO_OK
        }
        None => ORDO_ERR_PARSE,
    }
}

/// Finds the power named by `name[0..len]` (case-insensitively) and writes its index.
///
/// Errors: as `ordo_map_find_location`; `ORDO_ERR_PARSE` when no power has that name.
///
/// # Safety
/// As `ordo_map_find_location`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_map_find_power(
    map: *const ordo_map,
    name: *const c_char,
    len: usize,
    out_power: *mut u8,
) -> ordo_status {
    // SAFETY: forwarded contract.
    let (map, name, out) =
        match unsafe { (map_from(map), c_text(name, len), output_ref(out_power)) } {
            (Ok(map), Ok(name), Ok(out)) => (map, name, out),
            (Err(status), _, _) | (_, Err(status), _) | (_, _, Err(status)) => return status,
        };
    match name.ok().and_then(|name| map.power_by_name(name.trim())) {
        Some(power) => {
            *out = power.0;
            ORDO_OK
        }
        None => ORDO_ERR_PARSE,
    }
}

/// Writes into a byte buffer, counting what would not fit.
struct Bytes<'b> {
    out: &'b mut [u8],
    len: usize,
}

impl core::fmt::Write for Bytes<'_> {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        for &byte in s.as_bytes() {
            if let Some(slot) = self.out.get_mut(self.len) {
                *slot = byte;
            }
            self.len += 1;
        }
        Ok(())
    }
}

/// Writes the name of `location` as a NUL-terminated string to
/// `buf[0..buf_len]`: with `ORDO_NAME_SHORT` its abbreviation (`Stp(sc)`),
/// with `ORDO_NAME_FULL` its full name (`St Petersburg(sc)`); `*name_len`
/// receives its length without the NUL. A name is at most
/// `ORDO_ADJUDICATE_MAX_NAME_BYTES + 4` bytes: a buffer of
/// `ORDO_ADJUDICATE_LOCATION_NAME_BUFFER` bytes holds any of them.
///
/// Errors (nothing is written): `ORDO_ERR_NULL_POINTER` (`map`, `name_len`,
/// or `buf` with a non-zero `buf_len`, NULL); `ORDO_ERR_INVALID_ARGUMENT`
/// (`map` not a live map, `location` out of range, unknown `style`);
/// `ORDO_ERR_BUFFER_TOO_SMALL` (`buf_len` below the length plus one).
///
/// # Safety
/// `map` as for `ordo_map_get_info`; `buf` must point to `buf_len` writable
/// bytes; `name_len` must be writable; they must not overlap.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_map_location_name(
    map: *const ordo_map,
    location: u16,
    style: u8,
    buf: *mut c_char,
    buf_len: usize,
    name_len: *mut usize,
) -> ordo_status {
    // SAFETY: forwarded contract.
    let (map, buf, name_len) = match unsafe {
        (
            map_from(map),
            output_slice(buf.cast::<u8>(), buf_len),
            output_ref(name_len),
        )
    } {
        (Ok(map), Ok(buf), Ok(name_len)) => (map, buf, name_len),
        (Err(status), _, _) | (_, Err(status), _) | (_, _, Err(status)) => return status,
    };
    if usize::from(location) >= map.location_count() || style > 1 {
        return ORDO_ERR_INVALID_ARGUMENT;
    }
    let location = Location(location as u8);
    let name = if style == 0 {
        map.abbreviation(location)
    } else {
        map.name(location)
    };
    let coast = map.coast_of(location);
    let len = name.len() + if coast.is_some() { 4 } else { 0 };
    if buf.len() <= len {
        return ORDO_ERR_BUFFER_TOO_SMALL;
    }
    let mut writer = Bytes { out: buf, len: 0 };
    let _ = writer.write_str(name);
    if let Some(coast) = coast {
        let _ = write!(writer, "({})", coast.abbreviation());
    }
    writer.out[len] = 0;
    *name_len = len;
    ORDO_OK
}

fn unit_kind(kind: u8) -> Result<Option<UnitKind>, ordo_status> {
    match kind {
        0 => Ok(Some(UnitKind::Army)),
        1 => Ok(Some(UnitKind::Fleet)),
        2 => Ok(None),
        _ => Err(ORDO_ERR_INVALID_ARGUMENT),
    }
}

fn c_unit_kind(kind: Option<UnitKind>) -> u8 {
    match kind {
        Some(UnitKind::Army) => ordo_unit_kind::ORDO_UNIT_ARMY as u8,
        Some(UnitKind::Fleet) => ordo_unit_kind::ORDO_UNIT_FLEET as u8,
        None => ordo_unit_kind::ORDO_UNIT_UNSPECIFIED as u8,
    }
}

fn location(map: &Map<'_>, index: u16) -> Result<Location, ordo_status> {
    if usize::from(index) < map.location_count() {
        Ok(Location(index as u8))
    } else {
        Err(ORDO_ERR_INVALID_ARGUMENT)
    }
}

fn core_rules(rules: &ordo_rules) -> Result<Rules, ordo_status> {
    Ok(Rules {
        convoy_disruption: match rules.convoy_disruption {
            0 => ConvoyDisruption::AllRoutes,
            1 => ConvoyDisruption::AnyRoute,
            _ => return Err(ORDO_ERR_INVALID_ARGUMENT),
        },
        paradox: match rules.paradox {
            0 => ParadoxRule::Szykman,
            1 => ParadoxRule::AllHold,
            2 => ParadoxRule::Rule1982,
            3 => ParadoxRule::Rule1971,
            4 => ParadoxRule::Rule2000,
            _ => return Err(ORDO_ERR_INVALID_ARGUMENT),
        },
        adjacent_convoy: match rules.adjacent_convoy {
            0 => AdjacentConvoy::Rulebook2023,
            1 => AdjacentConvoy::Explicit,
            2 => AdjacentConvoy::LandFallback,
            3 => AdjacentConvoy::Rulebook1971,
            _ => return Err(ORDO_ERR_INVALID_ARGUMENT),
        },
        convoyed_attack_cuts_support_on_itself: flag(rules.convoyed_attack_cuts_support_on_itself)?,
        dislodged_never_prevents_attacker_area: flag(rules.dislodged_never_prevents_attacker_area)?,
        omitted_coast_illegal: flag(rules.omitted_coast_illegal)?,
        impossible_coast_ignored: flag(rules.impossible_coast_ignored)?,
        irrelevant_coast_illegal: flag(rules.irrelevant_coast_illegal)?,
        support_coast: match rules.support_coast {
            0 => SupportCoast::OmittedMatchesAny,
            1 => SupportCoast::OmittedOwnOnly,
            2 => SupportCoast::Required,
            _ => return Err(ORDO_ERR_INVALID_ARGUMENT),
        },
        wrong_unit_coast_illegal: flag(rules.wrong_unit_coast_illegal)?,
        multiple_orders: match rules.multiple_orders {
            0 => MultipleOrders::Hold,
            1 => MultipleOrders::First,
            2 => MultipleOrders::Last,
            _ => return Err(ORDO_ERR_INVALID_ARGUMENT),
        },
    })
}

fn unit(map: &Map<'_>, unit: &ordo_unit) -> Result<Unit, ordo_status> {
    if usize::from(unit.power) >= map.power_count() {
        return Err(ORDO_ERR_INVALID_ARGUMENT);
    }
    Ok(Unit {
        kind: unit_kind(unit.kind)?.ok_or(ORDO_ERR_INVALID_ARGUMENT)?,
        power: Power(unit.power),
        location: location(map, unit.location)?,
    })
}

fn order(map: &Map<'_>, order: &ordo_order) -> Result<(Power, Order), ordo_status> {
    if usize::from(order.power) >= map.power_count() {
        return Err(ORDO_ERR_INVALID_ARGUMENT);
    }
    let action = match order.kind {
        0 => Action::Hold,
        1 => Action::Move {
            to: location(map, order.to)?,
            via_convoy: flag(order.via_convoy)?,
        },
        2 => Action::SupportHold {
            kind: unit_kind(order.target_kind)?,
            unit: location(map, order.unit)?,
        },
        3 => Action::SupportMove {
            kind: unit_kind(order.target_kind)?,
            from: location(map, order.unit)?,
            to: location(map, order.to)?,
        },
        4 => Action::Convoy {
            from: location(map, order.unit)?,
            to: location(map, order.to)?,
        },
        _ => return Err(ORDO_ERR_INVALID_ARGUMENT),
    };
    Ok((
        Power(order.power),
        Order {
            kind: unit_kind(order.unit_kind)?,
            location: location(map, order.location)?,
            action,
        },
    ))
}

fn c_order(power: Power, order: &Order) -> ordo_order {
    let none = ORDO_ADJUDICATE_NONE;
    let (kind, target_kind, via_convoy, unit, to) = match order.action {
        Action::Hold => (ordo_order_kind::ORDO_ORDER_HOLD, None, false, none, none),
        Action::Move { to, via_convoy } => (
            ordo_order_kind::ORDO_ORDER_MOVE,
            None,
            via_convoy,
            none,
            to.0.into(),
        ),
        Action::SupportHold { kind, unit } => (
            ordo_order_kind::ORDO_ORDER_SUPPORT_HOLD,
            kind,
            false,
            unit.0.into(),
            none,
        ),
        Action::SupportMove { kind, from, to } => (
            ordo_order_kind::ORDO_ORDER_SUPPORT_MOVE,
            kind,
            false,
            from.0.into(),
            to.0.into(),
        ),
        Action::Convoy { from, to } => (
            ordo_order_kind::ORDO_ORDER_CONVOY,
            Some(UnitKind::Army),
            false,
            from.0.into(),
            to.0.into(),
        ),
    };
    ordo_order {
        power: power.0,
        kind: kind as u8,
        unit_kind: c_unit_kind(order.kind),
        target_kind: c_unit_kind(target_kind),
        via_convoy: via_convoy.into(),
        location: order.location.0.into(),
        unit,
        to,
    }
}

fn c_fail(reason: FailReason) -> ordo_fail_reason {
    use ordo_fail_reason::*;
    match reason {
        FailReason::Bounced => ORDO_FAIL_BOUNCED,
        FailReason::Standoff => ORDO_FAIL_STANDOFF,
        FailReason::Dislodged => ORDO_FAIL_DISLODGED,
        FailReason::Cut => ORDO_FAIL_CUT,
        FailReason::NoConvoy => ORDO_FAIL_NO_CONVOY,
        FailReason::Paradox => ORDO_FAIL_PARADOX,
        FailReason::Void => ORDO_FAIL_VOID,
        FailReason::NoAllowanceLeft => ORDO_FAIL_NO_ALLOWANCE_LEFT,
        FailReason::Duplicate => ORDO_FAIL_DUPLICATE,
    }
}

fn c_illegal(reason: IllegalReason) -> ordo_illegal_reason {
    use ordo_illegal_reason::*;
    match reason {
        IllegalReason::NoUnit => ORDO_ILLEGAL_NO_UNIT,
        IllegalReason::ForeignUnit => ORDO_ILLEGAL_FOREIGN_UNIT,
        IllegalReason::WrongUnitCoast => ORDO_ILLEGAL_WRONG_UNIT_COAST,
        IllegalReason::SameProvince => ORDO_ILLEGAL_SAME_PROVINCE,
        IllegalReason::ArmyToSea => ORDO_ILLEGAL_ARMY_TO_SEA,
        IllegalReason::FleetToLand => ORDO_ILLEGAL_FLEET_TO_LAND,
        IllegalReason::NotAdjacent => ORDO_ILLEGAL_NOT_ADJACENT,
        IllegalReason::NoConvoyRoute => ORDO_ILLEGAL_NO_CONVOY_ROUTE,
        IllegalReason::FleetConvoyed => ORDO_ILLEGAL_FLEET_CONVOYED,
        IllegalReason::IrrelevantCoast => ORDO_ILLEGAL_IRRELEVANT_COAST,
        IllegalReason::CoastNotSpecified => ORDO_ILLEGAL_COAST_NOT_SPECIFIED,
        IllegalReason::ImpossibleCoast => ORDO_ILLEGAL_IMPOSSIBLE_COAST,
        IllegalReason::NoTargetUnit => ORDO_ILLEGAL_NO_TARGET_UNIT,
        IllegalReason::SupportsItself => ORDO_ILLEGAL_SUPPORTS_ITSELF,
        IllegalReason::SupportUnreachable => ORDO_ILLEGAL_SUPPORT_UNREACHABLE,
        IllegalReason::SupportedMoveImpossible => ORDO_ILLEGAL_SUPPORTED_MOVE_IMPOSSIBLE,
        IllegalReason::SupportCoastMissing => ORDO_ILLEGAL_SUPPORT_COAST_MISSING,
        IllegalReason::ConvoyNotAtSea => ORDO_ILLEGAL_CONVOY_NOT_AT_SEA,
        IllegalReason::ConvoyedUnitNotArmy => ORDO_ILLEGAL_CONVOYED_UNIT_NOT_ARMY,
        IllegalReason::ConvoyNotOnRoute => ORDO_ILLEGAL_CONVOY_NOT_ON_ROUTE,
        IllegalReason::ConflictingOrders => ORDO_ILLEGAL_CONFLICTING_ORDERS,
        IllegalReason::NotDislodged => ORDO_ILLEGAL_NOT_DISLODGED,
        IllegalReason::NotARetreat => ORDO_ILLEGAL_NOT_A_RETREAT,
        IllegalReason::RetreatToAttacker => ORDO_ILLEGAL_RETREAT_TO_ATTACKER,
        IllegalReason::RetreatToContested => ORDO_ILLEGAL_RETREAT_TO_CONTESTED,
        IllegalReason::RetreatToOccupied => ORDO_ILLEGAL_RETREAT_TO_OCCUPIED,
        IllegalReason::NotAHomeCentre => ORDO_ILLEGAL_NOT_A_HOME_CENTRE,
        IllegalReason::CentreNotOwned => ORDO_ILLEGAL_CENTRE_NOT_OWNED,
        IllegalReason::CentreOccupied => ORDO_ILLEGAL_CENTRE_OCCUPIED,
    }
}

fn c_outcome(outcome: Outcome) -> ordo_order_result {
    let (outcome, fail, illegal) = match outcome {
        Outcome::Succeeds => (
            ordo_outcome::ORDO_OUTCOME_SUCCEEDS,
            ordo_fail_reason::ORDO_FAIL_NONE,
            ordo_illegal_reason::ORDO_ILLEGAL_NONE,
        ),
        Outcome::Fails(reason) => (
            ordo_outcome::ORDO_OUTCOME_FAILS,
            c_fail(reason),
            ordo_illegal_reason::ORDO_ILLEGAL_NONE,
        ),
        Outcome::Illegal(reason) => (
            ordo_outcome::ORDO_OUTCOME_ILLEGAL,
            ordo_fail_reason::ORDO_FAIL_NONE,
            c_illegal(reason),
        ),
    };
    ordo_order_result {
        outcome,
        fail,
        illegal,
    }
}

/// Every fail reason, for decoding C values.
const FAIL_REASONS: [FailReason; 9] = [
    FailReason::Bounced,
    FailReason::Standoff,
    FailReason::Dislodged,
    FailReason::Cut,
    FailReason::NoConvoy,
    FailReason::Paradox,
    FailReason::Void,
    FailReason::NoAllowanceLeft,
    FailReason::Duplicate,
];

/// Every illegal reason, for decoding C values.
const ILLEGAL_REASONS: [IllegalReason; 29] = [
    IllegalReason::NoUnit,
    IllegalReason::ForeignUnit,
    IllegalReason::WrongUnitCoast,
    IllegalReason::SameProvince,
    IllegalReason::ArmyToSea,
    IllegalReason::FleetToLand,
    IllegalReason::NotAdjacent,
    IllegalReason::NoConvoyRoute,
    IllegalReason::FleetConvoyed,
    IllegalReason::IrrelevantCoast,
    IllegalReason::CoastNotSpecified,
    IllegalReason::ImpossibleCoast,
    IllegalReason::NoTargetUnit,
    IllegalReason::SupportsItself,
    IllegalReason::SupportUnreachable,
    IllegalReason::SupportedMoveImpossible,
    IllegalReason::SupportCoastMissing,
    IllegalReason::ConvoyNotAtSea,
    IllegalReason::ConvoyedUnitNotArmy,
    IllegalReason::ConvoyNotOnRoute,
    IllegalReason::ConflictingOrders,
    IllegalReason::NotDislodged,
    IllegalReason::NotARetreat,
    IllegalReason::RetreatToAttacker,
    IllegalReason::RetreatToContested,
    IllegalReason::RetreatToOccupied,
    IllegalReason::NotAHomeCentre,
    IllegalReason::CentreNotOwned,
    IllegalReason::CentreOccupied,
];

/// The longest text `ordo_result_text` writes, without its NUL.
pub const ORDO_ADJUDICATE_MAX_REASON_BYTES: usize = 64;

/// The outcome an `ordo_order_result`'s three fields denote, if consistent.
fn outcome_from(outcome: u8, fail: u8, illegal: u8) -> Option<Outcome> {
    match (outcome, fail, illegal) {
        (0, 0, 0) => Some(Outcome::Succeeds),
        (1, _, 0) => FAIL_REASONS
            .into_iter()
            .find(|&r| c_fail(r) as u8 == fail)
            .map(Outcome::Fails),
        (2, 0, _) => ILLEGAL_REASONS
            .into_iter()
            .find(|&r| c_illegal(r) as u8 == illegal)
            .map(Outcome::Illegal),
        _ => None,
    }
}

/// Writes why an order failed as NUL-terminated English text to
/// `buf[0..buf_len]`, from the fields of its `ordo_order_result`: `""` when it
/// succeeded, the fail reason (`"bounced"`, `"standoff"`, `"support cut"`,
/// ...) or `"illegal: "` and why (`"illegal: the unit belongs to another
/// power"`); `*text_len` receives the length without the NUL, at most
/// `ORDO_ADJUDICATE_MAX_REASON_BYTES`.
///
/// Errors (nothing is written): `ORDO_ERR_NULL_POINTER` (`text_len`, or `buf`
/// with a non-zero `buf_len`, NULL); `ORDO_ERR_INVALID_ARGUMENT` (values that
/// no result has: an unknown outcome or reason, a reason that does not go
/// with the outcome); `ORDO_ERR_BUFFER_TOO_SMALL` (`buf_len` below the length plus one).
///
/// # Safety
/// `buf` must point to `buf_len` writable bytes and `text_len` to a writable
/// `size_t`; they must not overlap.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_result_text(
    outcome: u8,
    fail: u8,
    illegal: u8,
    buf: *mut c_char,
    buf_len: usize,
    text_len: *mut usize,
) -> ordo_status {
    // SAFETY: forwarded contract.
    let (buf, text_len) = match unsafe {
        (
            output_slice(buf.cast::<u8>(), buf_len),
            output_ref(text_len),
        )
    } {
        (Ok(buf), Ok(text_len)) => (buf, text_len),
        (Err(status), _) | (_, Err(status)) => return status,
    };
    let Some(outcome) = outcome_from(outcome, fail, illegal) else {
        return ORDO_ERR_INVALID_ARGUMENT;
    };
    let mut counter = Bytes {
        out: &mut [],
        len: 0,
    };
    let _ = write!(counter, "{}", outcome.reason());
    let len = counter.len;
    if buf.len() <= len {
        return ORDO_ERR_BUFFER_TOO_SMALL;
    }
    let mut writer = Bytes { out: buf, len: 0 };
    let _ = write!(writer, "{}", outcome.reason());
    writer.out[len] = 0;
    *text_len = len;
    ORDO_OK
}

/// The text, or the parse error of its first invalid UTF-8 byte.
fn utf8_or_parse_error(text: Result<&str, usize>) -> Result<&str, ordo_parse_error> {
    text.map_err(|offset| ordo_parse_error {
        offset,
        kind: ordo_parse_error_kind::ORDO_PARSE_INVALID_UTF8,
    })
}

/// A parse error as C sees it.
fn c_parse_error(error: ParseError) -> ordo_parse_error {
    use ordo_parse_error_kind::*;
    ordo_parse_error {
        offset: error.at,
        kind: match error.kind {
            ParseErrorKind::Empty => ORDO_PARSE_EMPTY,
            ParseErrorKind::UnknownLocation => ORDO_PARSE_UNKNOWN_LOCATION,
            ParseErrorKind::BadCoast => ORDO_PARSE_BAD_COAST,
            ParseErrorKind::UnknownOrder => ORDO_PARSE_UNKNOWN_ORDER,
            ParseErrorKind::ExpectedDestination => ORDO_PARSE_EXPECTED_DESTINATION,
            ParseErrorKind::TrailingText => ORDO_PARSE_TRAILING_TEXT,
        },
    }
}

/// Reads one order in conventional notation from `text[0..len]` (UTF-8;
/// case-insensitive; `A Mar - Bur`, `A Gas S A Mar - Bur`, `F Nth C A Lon -
/// Nwy`, `A Lon - Nwy via Convoy`, `F Spa(sc) - Gol`, `A Bur H`; a unit alone
/// holds) and writes it to `*out` as written by `power`. Unused location
/// fields are set to `ORDO_ADJUDICATE_NONE`.
///
/// Errors (`*out` is not written): `ORDO_ERR_NULL_POINTER` (`map`, `out`,
/// or `text` with a non-zero `len`, NULL); `ORDO_ERR_INVALID_ARGUMENT` (`map`
/// not a live map, `power` not one of its powers, a misaligned `out` or
/// `error`, refused before the text is read); `ORDO_ERR_PARSE` (the text
/// is not an order: if `error` is not NULL, `*error` receives the byte
/// offset and the `ordo_parse_error_kind` — the one output written on an error).
///
/// # Safety
/// `map` as for `ordo_map_get_info`; `text` must point to `len` readable
/// bytes; `out` and a non-NULL `error` must be writable; no overlap.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_parse_order(
    map: *const ordo_map,
    text: *const c_char,
    len: usize,
    power: u8,
    out: *mut ordo_order,
    error: *mut ordo_parse_error,
) -> ordo_status {
    // SAFETY: forwarded contract.
    unsafe {
        parse_into(map, text, len, power, out, error, |map, text| {
            core_adj::parse_order(map, text).map(|order| c_order(Power(power), &order))
        })
    }
}

/// The body of the C parse functions: checks the arguments, parses `text[0..len]` with
/// `parse` and writes `*out`, or `*error` (when not NULL) on a parse error.
///
/// # Safety
/// As `ordo_parse_order`.
unsafe fn parse_into<T>(
    map: *const ordo_map,
    text: *const c_char,
    len: usize,
    power: u8,
    out: *mut T,
    error: *mut ordo_parse_error,
    parse: impl FnOnce(&Map<'_>, &str) -> Result<T, ParseError>,
) -> ordo_status {
    // SAFETY: forwarded contract; each helper refuses NULL (but for the optional
    // `error`) and a misaligned pointer before anything is read or written.
    let checked = unsafe {
        (|| {
            Ok((
                map_from(map)?,
                c_text(text, len)?,
                output_ref(out)?,
                optional_output(error)?,
            ))
        })()
    };
    let (map, text, out, error) = match checked {
        Ok(checked) => checked,
        Err(status) => return status,
    };
    if usize::from(power) >= map.power_count() {
        return ORDO_ERR_INVALID_ARGUMENT;
    }
    match utf8_or_parse_error(text).and_then(|text| parse(map, text).map_err(c_parse_error)) {
        Ok(parsed) => {
            *out = parsed;
            ORDO_OK
        }
        Err(details) => {
            if let Some(error) = error {
                *error = details;
            }
            ORDO_ERR_PARSE
        }
    }
}

/// Adjudicates one movement phase on `map` (DATC v3.1): `units[0..unit_count]`
/// stand on the board, `orders[0..order_count]` are the orders written
/// (several or none per unit, possibly for foreign units: reported illegal),
/// `rules` the options (NULL: DATC's preferences). Writes one result per
/// order to `order_results[0..order_count]`, one per unit to
/// `unit_results[0..unit_count]`, and the provinces left contested by a
/// standoff (ascending province indices) to `contested[0..*contested_count]`.
///
/// `workspace` is scratch memory of `workspace_len >=
/// ORDO_ADJUDICATE_WORKSPACE_BYTES` bytes aligned to
/// `ORDO_ADJUDICATE_WORKSPACE_ALIGN`, needing no initialisation and holding
/// nothing between calls (one per thread); a call may overwrite it even when
/// it fails. Stack use besides it: under 32 KiB for any position (a 64-unit
/// dependency chain is the worst case).
///
/// Errors (no result buffer, nor `*contested_count`, is written):
/// `ORDO_ERR_NULL_POINTER` (`map`, `workspace`, `contested_count`, or an
/// array with a non-zero length, NULL); `ORDO_ERR_CAPACITY_EXCEEDED` (more
/// than `ORDO_ADJUDICATE_MAX_UNITS` units or `ORDO_ADJUDICATE_MAX_ORDERS`
/// orders); `ORDO_ERR_BUFFER_TOO_SMALL` (a result array or the workspace is
/// too short; `contested_len` below the number of contested provinces, at
/// most one per unit ordered to move, so `unit_count` entries always suffice);
/// `ORDO_ERR_INVALID_ARGUMENT` (`map` not a live map; a misaligned
/// workspace; an unknown enum value or a flag other than 0/1; a power or
/// location out of range; a unit the map cannot hold there: an army at sea,
/// a fleet inland or on a multi-coast province without its coast; two units
/// in one province).
///
/// # Safety
/// `map` as for `ordo_map_get_info`; every array must hold its length of
/// elements (or be NULL with length 0); `rules` must be NULL or readable;
/// `workspace` must point to `workspace_len` writable bytes; outputs must be
/// writable; no output may overlap another output, an input or the workspace.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn ordo_adjudicate(
    map: *const ordo_map,
    units: *const ordo_unit,
    unit_count: usize,
    orders: *const ordo_order,
    order_count: usize,
    rules: *const ordo_rules,
    workspace: *mut c_void,
    workspace_len: usize,
    order_results: *mut ordo_order_result,
    order_results_len: usize,
    unit_results: *mut ordo_unit_result,
    unit_results_len: usize,
    contested: *mut u16,
    contested_len: usize,
    contested_count: *mut usize,
) -> ordo_status {
    // SAFETY: every pointer follows this function's contract; each helper
    // refuses NULL with a non-zero length.
    let checked = unsafe {
        (|| {
            let map = map_from(map)?;
            let units = input_slice(units, unit_count)?;
            let orders = input_slice(orders, order_count)?;
            let rules = optional_input(rules)?.copied().unwrap_or_default();
            let order_results = output_slice(order_results, order_results_len)?;
            let unit_results = output_slice(unit_results, unit_results_len)?;
            let contested = output_slice(contested, contested_len)?;
            let contested_count = output_ref(contested_count)?;
            if workspace.is_null() {
                return Err(ORDO_ERR_NULL_POINTER);
            }
            Ok((
                map,
                units,
                orders,
                rules,
                order_results,
                unit_results,
                contested,
                contested_count,
            ))
        })()
    };
    let (map, units, orders, rules_in, order_results, unit_results, contested, contested_count) =
        match checked {
            Ok(checked) => checked,
            Err(status) => return status,
        };
    if units.len() > ORDO_ADJUDICATE_MAX_UNITS || orders.len() > ORDO_ADJUDICATE_MAX_ORDERS {
        return ORDO_ERR_CAPACITY_EXCEEDED;
    }
    if order_results.len() < orders.len()
        || unit_results.len() < units.len()
        || workspace_len < ORDO_ADJUDICATE_WORKSPACE_BYTES
    {
        return ORDO_ERR_BUFFER_TOO_SMALL;
    }
    if !(workspace as usize).is_multiple_of(ORDO_ADJUDICATE_WORKSPACE_ALIGN) {
        return ORDO_ERR_INVALID_ARGUMENT;
    }
    let rules = match core_rules(&rules_in) {
        Ok(rules) => rules,
        Err(status) => return status,
    };
    let core_units = match core_units_of(map, units) {
        Ok(core_units) => core_units,
        Err(status) => return status,
    };
    let core_orders = match core_orders_of(map, orders) {
        Ok(core_orders) => core_orders,
        Err(status) => return status,
    };
    let workspace = workspace.cast::<Workspace>();
    // SAFETY: `workspace` is non-NULL, aligned for `Workspace` (checked) and
    // points to at least `ORDO_ADJUDICATE_WORKSPACE_BYTES >= size_of::<Workspace>()`
    // writable bytes nothing else uses; it is initialised here before the
    // reference is made, so its previous contents do not matter.
    let workspace = unsafe {
        workspace.write(Workspace::new());
        &mut *workspace
    };
    let resolution = match workspace.adjudicate(
        map,
        &core_units[..units.len()],
        &core_orders[..orders.len()],
        &rules,
    ) {
        Ok(resolution) => resolution,
        Err(AdjudicateError::TooManyUnits | AdjudicateError::TooManyOrders) => {
            return ORDO_ERR_CAPACITY_EXCEEDED;
        }
        Err(_) => return ORDO_ERR_INVALID_ARGUMENT,
    };
    let contested_provinces = resolution.contested().iter().count();
    if contested_provinces > contested.len() {
        return ORDO_ERR_BUFFER_TOO_SMALL;
    }
    for (slot, &outcome) in order_results.iter_mut().zip(resolution.outcomes()) {
        *slot = c_outcome(outcome);
    }
    for (slot, result) in unit_results.iter_mut().zip(resolution.units()) {
        let none = ORDO_ADJUDICATE_NONE;
        *slot = ordo_unit_result {
            order: result.order.map_or(none, u16::from),
            moved_to: result.moved_to.map_or(none, |l| l.0.into()),
            dislodged: result.dislodged.is_some().into(),
            dislodged_via_convoy: result.dislodged.is_some_and(|d| d.via_convoy).into(),
            dislodged_by: result.dislodged.map_or(none, |d| d.attacker.into()),
            dislodged_from: result.dislodged.map_or(none, |d| d.from.0.into()),
        };
    }
    for (slot, province) in contested.iter_mut().zip(resolution.contested().iter()) {
        *slot = province as u16;
    }
    *contested_count = contested_provinces;
    ORDO_OK
}

/// The movement phase's results, as C hands them back, as the core's [`Resolution`].
fn movement_from(
    map: &Map<'_>,
    units: &[Unit],
    results: &[ordo_unit_result],
    contested: &[u16],
) -> Result<Resolution, ordo_status> {
    if results.len() != units.len() {
        return Err(ORDO_ERR_INVALID_ARGUMENT);
    }
    let location = |index: u16| location(map, index);
    let mut movement = Resolution::new();
    movement.unit_count = units.len() as u16;
    for (slot, result) in movement.units.iter_mut().zip(results) {
        let none = ORDO_ADJUDICATE_NONE;
        slot.moved_to = match result.moved_to {
            l if l == none => None,
            l => Some(location(l)?),
        };
        slot.dislodged = if flag(result.dislodged)? {
            let attacker = result.dislodged_by;
            if usize::from(attacker) >= units.len() {
                return Err(ORDO_ERR_INVALID_ARGUMENT);
            }
            Some(Dislodgement {
                attacker: attacker as u8,
                from: location(result.dislodged_from)?,
                via_convoy: flag(result.dislodged_via_convoy)?,
            })
        } else {
            None
        };
    }
    for &province in contested {
        let province = location(province)?;
        if map.province_of(province) != province {
            return Err(ORDO_ERR_INVALID_ARGUMENT);
        }
        movement.contested.insert(province.index());
    }
    Ok(movement)
}

/// `items` decoded one by one into the front of a fixed array whose other slots hold `fill`:
/// the core's view of a C array, without allocating. `ORDO_ERR_CAPACITY_EXCEEDED` when more
/// than `N` items, else the first decoding error.
fn decode_all<C, T: Copy, const N: usize>(
    items: &[C],
    fill: T,
    decode: impl Fn(&C) -> Result<T, ordo_status>,
) -> Result<[T; N], ordo_status> {
    if items.len() > N {
        return Err(ORDO_ERR_CAPACITY_EXCEEDED);
    }
    let mut decoded = [fill; N];
    for (slot, item) in decoded.iter_mut().zip(items) {
        *slot = decode(item)?;
    }
    Ok(decoded)
}

/// The units of a C position, checked against `map`, in a fixed array.
fn core_units_of(
    map: &Map<'_>,
    units: &[ordo_unit],
) -> Result<[Unit; ORDO_ADJUDICATE_MAX_UNITS], ordo_status> {
    let fill = Unit {
        kind: UnitKind::Army,
        power: Power(0),
        location: Location(0),
    };
    decode_all(units, fill, |u| unit(map, u))
}

/// The orders of a C movement or retreat phase, checked against `map`, in a fixed array.
fn core_orders_of(
    map: &Map<'_>,
    orders: &[ordo_order],
) -> Result<[(Power, Order); ORDO_ADJUDICATE_MAX_ORDERS], ordo_status> {
    let fill = (Power(0), Order::hold(UnitKind::Army, Location(0)));
    decode_all(orders, fill, |o| order(map, o))
}

/// Adjudicates the retreat phase that follows a movement phase (DATC v3.1, 6.H): `units`,
/// `movement[0..movement_count]` and `contested[0..contested_count]` exactly as given to and
/// written by `ordo_adjudicate` (`movement_count == unit_count`), and the retreat orders
/// `orders[0..order_count]` (only moves are retreats; anything else is reported illegal).
/// `rules` (NULL: DATC's preferences) is read for its coast options and `multiple_orders`. Writes
/// one result per order to `order_results[0..order_count]` and one per unit to
/// `retreat_results[0..unit_count]`.
///
/// A dislodged unit retreats over one border of its kind, never by convoy, and not to a
/// province occupied after the movement phase, left contested by a standoff, or the one its
/// attacker came from (unless that attack came by convoy). Two or more retreats to one province
/// all fail (`ORDO_FAIL_STANDOFF`); a dislodged unit without a successful retreat is disbanded.
///
/// Errors (nothing is written): `ORDO_ERR_NULL_POINTER` (`map`, or an array with a non-zero
/// length, NULL); `ORDO_ERR_CAPACITY_EXCEEDED` (more than `ORDO_ADJUDICATE_MAX_UNITS` units or
/// `ORDO_ADJUDICATE_MAX_ORDERS` orders); `ORDO_ERR_BUFFER_TOO_SMALL` (a result array too short);
/// `ORDO_ERR_INVALID_ARGUMENT` (`map` not a live map; `movement_count != unit_count`; an unknown
/// enum value, a flag other than 0/1, a unit, power or location out of range; a contested entry
/// that is not a province).
///
/// # Safety
/// `map` as for `ordo_map_get_info`; every array must hold its length of elements (or be NULL
/// with length 0); `rules` must be NULL or readable; outputs must be writable and overlap
/// nothing else.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn ordo_adjudicate_retreats(
    map: *const ordo_map,
    units: *const ordo_unit,
    unit_count: usize,
    movement: *const ordo_unit_result,
    movement_count: usize,
    contested: *const u16,
    contested_count: usize,
    orders: *const ordo_order,
    order_count: usize,
    rules: *const ordo_rules,
    order_results: *mut ordo_order_result,
    order_results_len: usize,
    retreat_results: *mut ordo_retreat_result,
    retreat_results_len: usize,
) -> ordo_status {
    // SAFETY: every pointer follows this function's contract; each helper
    // refuses NULL with a non-zero length.
    let checked = unsafe {
        (|| {
            Ok((
                map_from(map)?,
                input_slice(units, unit_count)?,
                input_slice(movement, movement_count)?,
                input_slice(contested, contested_count)?,
                input_slice(orders, order_count)?,
                optional_input(rules)?.copied().unwrap_or_default(),
                output_slice(order_results, order_results_len)?,
                output_slice(retreat_results, retreat_results_len)?,
            ))
        })()
    };
    let (map, units, movement, contested, orders, rules, order_results, retreat_results) =
        match checked {
            Ok(checked) => checked,
            Err(status) => return status,
        };
    if units.len() > ORDO_ADJUDICATE_MAX_UNITS || orders.len() > ORDO_ADJUDICATE_MAX_ORDERS {
        return ORDO_ERR_CAPACITY_EXCEEDED;
    }
    if order_results.len() < orders.len() || retreat_results.len() < units.len() {
        return ORDO_ERR_BUFFER_TOO_SMALL;
    }
    let prepared = (|| {
        let rules = core_rules(&rules)?;
        let core_units = core_units_of(map, units)?;
        let units = core_units.get(..units.len()).unwrap_or(&[]);
        let movement = movement_from(map, units, movement, contested)?;
        let core_orders = core_orders_of(map, orders)?;
        let orders = core_orders.get(..orders.len()).unwrap_or(&[]);
        adjudicate_retreats(map, units, &movement, orders, &rules)
            .map_err(|_| ORDO_ERR_INVALID_ARGUMENT)
    })();
    let retreats = match prepared {
        Ok(retreats) => retreats,
        Err(status) => return status,
    };
    for (slot, &outcome) in order_results.iter_mut().zip(retreats.outcomes()) {
        *slot = c_outcome(outcome);
    }
    for (slot, result) in retreat_results.iter_mut().zip(retreats.units()) {
        *slot = c_retreat(*result);
    }
    ORDO_OK
}

fn c_retreat(result: RetreatResult) -> ordo_retreat_result {
    let (state, location) = match result {
        RetreatResult::NotDislodged => (ORDO_RETREAT_NOT_DISLODGED, ORDO_ADJUDICATE_NONE),
        RetreatResult::Retreated(to) => (ORDO_RETREAT_RETREATED, u16::from(to.0)),
        RetreatResult::Disbanded => (ORDO_RETREAT_DISBANDED, ORDO_ADJUDICATE_NONE),
    };
    ordo_retreat_result { state, location }
}

/// Writes the locations the unit `units[unit_index]` may retreat to after a movement phase
/// (`units`, `movement`, `contested` as for `ordo_adjudicate_retreats`), ascending, to
/// `destinations[0..*destination_count]`: none when it was not dislodged. A fleet's
/// destinations are coasts where a province has them.
///
/// Errors (nothing is written): as `ordo_adjudicate_retreats`, plus `ORDO_ERR_NULL_POINTER`
/// for a NULL `destination_count`, `ORDO_ERR_INVALID_ARGUMENT` for `unit_index >= unit_count`,
/// and `ORDO_ERR_BUFFER_TOO_SMALL` when `destinations_len` is below the number of destinations
/// (`ORDO_ADJUDICATE_MAX_LOCATIONS` always suffices).
///
/// # Safety
/// As `ordo_adjudicate_retreats`; `destination_count` must be writable.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn ordo_retreat_destinations(
    map: *const ordo_map,
    units: *const ordo_unit,
    unit_count: usize,
    movement: *const ordo_unit_result,
    movement_count: usize,
    contested: *const u16,
    contested_count: usize,
    unit_index: usize,
    destinations: *mut u16,
    destinations_len: usize,
    destination_count: *mut usize,
) -> ordo_status {
    // SAFETY: every pointer follows this function's contract; each helper
    // refuses NULL with a non-zero length.
    let checked = unsafe {
        (|| {
            Ok((
                map_from(map)?,
                input_slice(units, unit_count)?,
                input_slice(movement, movement_count)?,
                input_slice(contested, contested_count)?,
                output_slice(destinations, destinations_len)?,
                output_ref(destination_count)?,
            ))
        })()
    };
    let (map, units, movement, contested, destinations, destination_count) = match checked {
        Ok(checked) => checked,
        Err(status) => return status,
    };
    if units.len() > ORDO_ADJUDICATE_MAX_UNITS {
        return ORDO_ERR_CAPACITY_EXCEEDED;
    }
    if unit_index >= units.len() {
        return ORDO_ERR_INVALID_ARGUMENT;
    }
    let found = (|| {
        let core_units = core_units_of(map, units)?;
        let units = core_units.get(..units.len()).unwrap_or(&[]);
        let movement = movement_from(map, units, movement, contested)?;
        retreat_destinations(map, units, &movement, unit_index)
            .map_err(|_| ORDO_ERR_INVALID_ARGUMENT)
    })();
    let found = match found {
        Ok(found) => found,
        Err(status) => return status,
    };
    let count = found.iter().count();
    if count > destinations.len() {
        return ORDO_ERR_BUFFER_TOO_SMALL;
    }
    for (slot, location) in destinations.iter_mut().zip(found.iter()) {
        *slot = location as u16;
    }
    *destination_count = count;
    ORDO_OK
}

/// Reads one adjustment order (`Build A Warsaw`, `Build F Stp(sc)`, `Remove A Paris`,
/// `Disband F Nth`, `A Par Disband`; case-insensitive; a build names its unit type) from
/// `text[0..len]` and writes it to `*out` as written by `power`.
///
/// Errors (`*out` is not written): as `ordo_parse_order`.
///
/// # Safety
/// As `ordo_parse_order`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_parse_adjustment(
    map: *const ordo_map,
    text: *const c_char,
    len: usize,
    power: u8,
    out: *mut ordo_adjustment,
    error: *mut ordo_parse_error,
) -> ordo_status {
    // SAFETY: forwarded contract.
    unsafe {
        parse_into(map, text, len, power, out, error, |map, text| {
            core_adj::parse_adjustment(map, text).map(|a| c_adjustment(Power(power), a))
        })
    }
}

fn c_adjustment(power: Power, adjustment: Adjustment) -> ordo_adjustment {
    let (kind, unit_kind, location) = match adjustment {
        Adjustment::Build { kind, location } => (
            ordo_adjustment_kind::ORDO_ADJUST_BUILD,
            Some(kind),
            location,
        ),
        Adjustment::Remove { kind, location } => {
            (ordo_adjustment_kind::ORDO_ADJUST_REMOVE, kind, location)
        }
    };
    ordo_adjustment {
        power: power.0,
        kind: kind as u8,
        unit_kind: c_unit_kind(unit_kind),
        location: location.0.into(),
    }
}

fn adjustment(map: &Map<'_>, order: &ordo_adjustment) -> Result<(Power, Adjustment), ordo_status> {
    if usize::from(order.power) >= map.power_count() {
        return Err(ORDO_ERR_INVALID_ARGUMENT);
    }
    let location = location(map, order.location)?;
    let kind = unit_kind(order.unit_kind)?;
    let adjustment = match (order.kind, kind) {
        (0, Some(kind)) => Adjustment::Build { kind, location },
        (1, kind) => Adjustment::Remove { kind, location },
        _ => return Err(ORDO_ERR_INVALID_ARGUMENT),
    };
    Ok((Power(order.power), adjustment))
}

/// The owner of each province of a C ownership array (`ORDO_ADJUDICATE_NO_POWER` for none),
/// checked against `map`: one entry per province, each a power of the map or none.
fn core_owners_of(
    map: &Map<'_>,
    owners: &[u8],
) -> Result<[Option<Power>; ORDO_ADJUDICATE_MAX_LOCATIONS], ordo_status> {
    if owners.len() != map.province_count() {
        return Err(ORDO_ERR_INVALID_ARGUMENT);
    }
    decode_all(owners, None, |&owner| match owner {
        ORDO_ADJUDICATE_NO_POWER => Ok(None),
        power if usize::from(power) < map.power_count() => Ok(Some(Power(power))),
        _ => Err(ORDO_ERR_INVALID_ARGUMENT),
    })
}

/// The adjustment orders of a C array, checked against `map`, in a fixed array.
fn core_adjustments_of(
    map: &Map<'_>,
    orders: &[ordo_adjustment],
) -> Result<[(Power, Adjustment); ORDO_ADJUDICATE_MAX_ORDERS], ordo_status> {
    let fill = Adjustment::Remove {
        kind: None,
        location: Location(0),
    };
    decode_all(orders, (Power(0), fill), |o| adjustment(map, o))
}

/// Adjudicates the adjustment phase (DATC v3.1, 6.I, 6.J): `units[0..unit_count]` on the board,
/// `owners[0..owners_len]` the owner of each province (`owners_len` must be the map's province
/// count; `ORDO_ADJUDICATE_NO_POWER` for none; entries of provinces that are not supply centres
/// are ignored), `orders[0..order_count]` the build and removal orders. Writes one result per
/// order to `order_results[0..order_count]` (a successful build is a new unit) and one
/// `ordo_unit_fate` per unit to `fates[0..unit_count]`.
///
/// Orders are taken one by one: a legal one succeeds while the power's allowance (owned centres
/// minus units) lasts, then fails with `ORDO_FAIL_NO_ALLOWANCE_LEFT`. Builds need an empty, owned
/// home centre (a fleet a coastal one, with its coast named where there are two), one per
/// centre. Removals still due afterwards happen by civil disorder: the unit farthest (in moves
/// over any border) from an owned centre first; fleets before armies; then by province name.
///
/// Errors (nothing is written): `ORDO_ERR_NULL_POINTER` (`map`, or an array with a non-zero
/// length, NULL); `ORDO_ERR_CAPACITY_EXCEEDED` (more than `ORDO_ADJUDICATE_MAX_UNITS` units or
/// `ORDO_ADJUDICATE_MAX_ORDERS` orders); `ORDO_ERR_BUFFER_TOO_SMALL` (a result array too short);
/// `ORDO_ERR_INVALID_ARGUMENT` (`map` not a live map; `owners_len` not the province count; an
/// owner, power, unit kind, adjustment kind or location out of range; a build without a unit
/// kind; a unit the map cannot hold there or two units in one province).
///
/// # Safety
/// `map` as for `ordo_map_get_info`; every array must hold its length of elements (or be NULL
/// with length 0); outputs must be writable and overlap nothing else.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn ordo_adjudicate_adjustments(
    map: *const ordo_map,
    units: *const ordo_unit,
    unit_count: usize,
    owners: *const u8,
    owners_len: usize,
    orders: *const ordo_adjustment,
    order_count: usize,
    order_results: *mut ordo_order_result,
    order_results_len: usize,
    fates: *mut u8,
    fates_len: usize,
) -> ordo_status {
    // SAFETY: every pointer follows this function's contract; each helper
    // refuses NULL with a non-zero length.
    let checked = unsafe {
        (|| {
            Ok((
                map_from(map)?,
                input_slice(units, unit_count)?,
                input_slice(owners, owners_len)?,
                input_slice(orders, order_count)?,
                output_slice(order_results, order_results_len)?,
                output_slice(fates, fates_len)?,
            ))
        })()
    };
    let (map, units, owners, orders, order_results, fates) = match checked {
        Ok(checked) => checked,
        Err(status) => return status,
    };
    if units.len() > ORDO_ADJUDICATE_MAX_UNITS || orders.len() > ORDO_ADJUDICATE_MAX_ORDERS {
        return ORDO_ERR_CAPACITY_EXCEEDED;
    }
    if order_results.len() < orders.len() || fates.len() < units.len() {
        return ORDO_ERR_BUFFER_TOO_SMALL;
    }
    let decided = (|| {
        let core_units = core_units_of(map, units)?;
        let units = core_units.get(..units.len()).unwrap_or(&[]);
        let core_owners = core_owners_of(map, owners)?;
        let core_orders = core_adjustments_of(map, orders)?;
        let orders = core_orders.get(..orders.len()).unwrap_or(&[]);
        let owners = core_owners.get(..owners.len()).unwrap_or(&[]);
        adjudicate_adjustments(map, units, owners, orders).map_err(|_| ORDO_ERR_INVALID_ARGUMENT)
    })();
    let decided = match decided {
        Ok(decided) => decided,
        Err(status) => return status,
    };
    for (slot, &outcome) in order_results.iter_mut().zip(decided.outcomes()) {
        *slot = c_outcome(outcome);
    }
    for (slot, fate) in fates.iter_mut().zip(decided.units()) {
        *slot = match fate {
            UnitFate::Stays => ordo_unit_fate::ORDO_FATE_STAYS,
            UnitFate::Removed => ordo_unit_fate::ORDO_FATE_REMOVED,
            UnitFate::RemovedInDisorder => ordo_unit_fate::ORDO_FATE_REMOVED_IN_DISORDER,
        } as u8;
    }
    ORDO_OK
}

/// `ordo_retreat_result` as C hands it back: its state as a plain byte, so that a value outside
/// `ordo_retreat_state` is refused instead of being read as an enum (undefined behaviour).
#[repr(C)]
struct RetreatResultBytes {
    state: u8,
    location: u16,
}

/// `ordo_order_result` as C hands it back, each enum as a plain byte (see above).
#[repr(C)]
struct OrderResultBytes {
    outcome: u8,
    fail: u8,
    illegal: u8,
}

// The byte mirrors have the layout of the structs they read: the same fields, in the same
// order, of the same sizes (each enum is `repr(u8)`).
const _: () = {
    assert!(size_of::<RetreatResultBytes>() == size_of::<ordo_retreat_result>());
    assert!(align_of::<RetreatResultBytes>() == align_of::<ordo_retreat_result>());
    assert!(size_of::<OrderResultBytes>() == size_of::<ordo_order_result>());
    assert!(align_of::<OrderResultBytes>() == align_of::<ordo_order_result>());
};

/// Writes `units` to `out[0..*out_count]`, or `ORDO_ERR_BUFFER_TOO_SMALL` (nothing written).
fn write_units(units: &[Unit], out: &mut [ordo_unit], out_count: &mut usize) -> ordo_status {
    if out.len() < units.len() {
        return ORDO_ERR_BUFFER_TOO_SMALL;
    }
    for (slot, unit) in out.iter_mut().zip(units) {
        *slot = c_unit(unit);
    }
    *out_count = units.len();
    ORDO_OK
}

fn c_unit(unit: &Unit) -> ordo_unit {
    ordo_unit {
        kind: match unit.kind {
            UnitKind::Army => ordo_unit_kind::ORDO_UNIT_ARMY,
            UnitKind::Fleet => ordo_unit_kind::ORDO_UNIT_FLEET,
        } as u8,
        power: unit.power.0,
        location: u16::from(unit.location.0),
    }
}

/// Writes the units on the board after a movement phase and its retreat phase to
/// `next_units[0..*next_unit_count]`: `units`, `movement` as given to and written by
/// `ordo_adjudicate`, and `retreats` as written by `ordo_adjudicate_retreats` (one per unit).
/// In the order of `units`: a unit that was not dislodged where the movement phase left it, a
/// retreated unit where it retreated to; a disbanded unit is left out. `unit_count` entries
/// always suffice.
///
/// Errors (nothing is written): `ORDO_ERR_NULL_POINTER` (`map` or `next_unit_count`, or an array
/// with a non-zero length, NULL); `ORDO_ERR_CAPACITY_EXCEEDED` (more than
/// `ORDO_ADJUDICATE_MAX_UNITS` units); `ORDO_ERR_BUFFER_TOO_SMALL` (`next_units_len` below the
/// number of units that remain); `ORDO_ERR_INVALID_ARGUMENT` (`map` not a live map;
/// `movement_count` or `retreat_count` not `unit_count`; a unit, location, state or flag out of
/// range; a retreat result that disagrees with the movement on which units were dislodged).
///
/// # Safety
/// `map` as for `ordo_map_get_info`; every array must hold its length of elements (or be NULL
/// with length 0); outputs must be writable and overlap nothing else.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn ordo_units_after_retreats(
    map: *const ordo_map,
    units: *const ordo_unit,
    unit_count: usize,
    movement: *const ordo_unit_result,
    movement_count: usize,
    retreats: *const ordo_retreat_result,
    retreat_count: usize,
    next_units: *mut ordo_unit,
    next_units_len: usize,
    next_unit_count: *mut usize,
) -> ordo_status {
    // SAFETY: every pointer follows this function's contract; each helper refuses NULL with a
    // non-zero length. `RetreatResultBytes` has the layout of `ordo_retreat_result` (asserted
    // above), and every byte pattern is one of its values.
    let checked = unsafe {
        (|| {
            Ok((
                map_from(map)?,
                input_slice(units, unit_count)?,
                input_slice(movement, movement_count)?,
                input_slice(retreats.cast::<RetreatResultBytes>(), retreat_count)?,
                output_slice(next_units, next_units_len)?,
                output_ref(next_unit_count)?,
            ))
        })()
    };
    let (map, units, movement, retreats, next_units, next_unit_count) = match checked {
        Ok(checked) => checked,
        Err(status) => return status,
    };
    if units.len() > ORDO_ADJUDICATE_MAX_UNITS {
        return ORDO_ERR_CAPACITY_EXCEEDED;
    }
    let advanced = (|| {
        let core_units = core_units_of(map, units)?;
        let units = core_units.get(..units.len()).unwrap_or(&[]);
        let movement = movement_from(map, units, movement, &[])?;
        if retreats.len() != units.len() {
            return Err(ORDO_ERR_INVALID_ARGUMENT);
        }
        let results: [_; ORDO_ADJUDICATE_MAX_UNITS] =
            decode_all(retreats, RetreatResult::NotDislodged, |result| {
                match (result.state, result.location) {
                    (0, ORDO_ADJUDICATE_NONE) => Ok(RetreatResult::NotDislodged),
                    (1, to) => Ok(RetreatResult::Retreated(location(map, to)?)),
                    (2, ORDO_ADJUDICATE_NONE) => Ok(RetreatResult::Disbanded),
                    _ => Err(ORDO_ERR_INVALID_ARGUMENT),
                }
            })?;
        let results = results.get(..units.len()).unwrap_or(&[]);
        let retreats =
            core_adj::RetreatResolution::from_units(results).ok_or(ORDO_ERR_INVALID_ARGUMENT)?;
        core_adj::units_after_retreats(units, &movement, &retreats)
            .map_err(|_| ORDO_ERR_INVALID_ARGUMENT)
    })();
    match advanced {
        Ok(board) => write_units(&board, next_units, next_unit_count),
        Err(status) => status,
    }
}

/// Writes the units on the board after an adjustment phase to
/// `next_units[0..*next_unit_count]`: `units` and `orders` as given to
/// `ordo_adjudicate_adjustments`, `order_results` and `fates` as it wrote them (one per order,
/// one per unit). The units that stay, in their order, then one new unit per successful build,
/// in the order of `orders` (an army stands on its province even when the build named a coast).
/// `ORDO_ADJUDICATE_MAX_UNITS` entries always suffice.
///
/// Errors (nothing is written): `ORDO_ERR_NULL_POINTER` (`map` or `next_unit_count`, or an array
/// with a non-zero length, NULL); `ORDO_ERR_CAPACITY_EXCEEDED` (more than
/// `ORDO_ADJUDICATE_MAX_UNITS` units or `ORDO_ADJUDICATE_MAX_ORDERS` orders, or more units than
/// that after the builds); `ORDO_ERR_BUFFER_TOO_SMALL` (`next_units_len` below the number of
/// units after the phase); `ORDO_ERR_INVALID_ARGUMENT` (`map` not a live map; `order_result_count`
/// not `order_count` or `fate_count` not `unit_count`; a unit, order, result or fate out of range).
///
/// # Safety
/// As `ordo_units_after_retreats`.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn ordo_units_after_adjustments(
    map: *const ordo_map,
    units: *const ordo_unit,
    unit_count: usize,
    orders: *const ordo_adjustment,
    order_count: usize,
    order_results: *const ordo_order_result,
    order_result_count: usize,
    fates: *const u8,
    fate_count: usize,
    next_units: *mut ordo_unit,
    next_units_len: usize,
    next_unit_count: *mut usize,
) -> ordo_status {
    // SAFETY: every pointer follows this function's contract; each helper refuses NULL with a
    // non-zero length. `OrderResultBytes` has the layout of `ordo_order_result` (asserted
    // above), and every byte pattern is one of its values.
    let checked = unsafe {
        (|| {
            Ok((
                map_from(map)?,
                input_slice(units, unit_count)?,
                input_slice(orders, order_count)?,
                input_slice(order_results.cast::<OrderResultBytes>(), order_result_count)?,
                input_slice(fates, fate_count)?,
                output_slice(next_units, next_units_len)?,
                output_ref(next_unit_count)?,
            ))
        })()
    };
    let (map, units, orders, order_results, fates, next_units, next_unit_count) = match checked {
        Ok(checked) => checked,
        Err(status) => return status,
    };
    if units.len() > ORDO_ADJUDICATE_MAX_UNITS || orders.len() > ORDO_ADJUDICATE_MAX_ORDERS {
        return ORDO_ERR_CAPACITY_EXCEEDED;
    }
    let advanced = (|| {
        if order_results.len() != orders.len() || fates.len() != units.len() {
            return Err(ORDO_ERR_INVALID_ARGUMENT);
        }
        let core_units = core_units_of(map, units)?;
        let units = core_units.get(..units.len()).unwrap_or(&[]);
        let core_orders = core_adjustments_of(map, orders)?;
        let outcomes: [_; ORDO_ADJUDICATE_MAX_ORDERS] =
            decode_all(order_results, Outcome::Succeeds, |r| {
                outcome_from(r.outcome, r.fail, r.illegal).ok_or(ORDO_ERR_INVALID_ARGUMENT)
            })?;
        let core_fates: [_; ORDO_ADJUDICATE_MAX_UNITS] =
            decode_all(fates, UnitFate::Stays, |&fate| match fate {
                0 => Ok(UnitFate::Stays),
                1 => Ok(UnitFate::Removed),
                2 => Ok(UnitFate::RemovedInDisorder),
                _ => Err(ORDO_ERR_INVALID_ARGUMENT),
            })?;
        let orders = core_orders.get(..orders.len()).unwrap_or(&[]);
        let outcomes = outcomes.get(..orders.len()).unwrap_or(&[]);
        let fates = core_fates.get(..units.len()).unwrap_or(&[]);
        let decided = core_adj::AdjustmentResolution::from_parts(outcomes, fates)
            .ok_or(ORDO_ERR_INVALID_ARGUMENT)?;
        core_adj::units_after_adjustments(map, units, orders, &decided).map_err(|e| match e {
            AdjudicateError::TooManyUnits => ORDO_ERR_CAPACITY_EXCEEDED,
            _ => ORDO_ERR_INVALID_ARGUMENT,
        })
    })();
    match advanced {
        Ok(board) => write_units(&board, next_units, next_unit_count),
        Err(status) => status,
    }
}

/// Passes every supply centre of `map` that one of `units[0..unit_count]` stands on to that
/// unit's power in `owners[0..owners_len]` (one `uint8_t` per province, as
/// `ordo_adjudicate_adjustments` reads it; `ORDO_ADJUDICATE_NO_POWER` for none); the other
/// entries are left as they are. Call it after a Fall turn's retreat phase, with the units of
/// `ordo_units_after_retreats`.
///
/// Errors (`owners` is not written): `ORDO_ERR_NULL_POINTER` (`map`, or an array with a non-zero
/// length, NULL); `ORDO_ERR_CAPACITY_EXCEEDED` (more than `ORDO_ADJUDICATE_MAX_UNITS` units);
/// `ORDO_ERR_INVALID_ARGUMENT` (`map` not a live map; `owners_len` not the province count; an
/// owner, unit kind, power or location out of range).
///
/// # Safety
/// `map` as for `ordo_map_get_info`; `units` must hold `unit_count` elements and `owners`
/// `owners_len` writable bytes (or be NULL with length 0), not overlapping.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_take_centres(
    map: *const ordo_map,
    units: *const ordo_unit,
    unit_count: usize,
    owners: *mut u8,
    owners_len: usize,
) -> ordo_status {
    // SAFETY: every pointer follows this function's contract; each helper refuses NULL with a
    // non-zero length.
    let checked = unsafe {
        (|| {
            Ok((
                map_from(map)?,
                input_slice(units, unit_count)?,
                output_slice(owners, owners_len)?,
            ))
        })()
    };
    let (map, units, owners) = match checked {
        Ok(checked) => checked,
        Err(status) => return status,
    };
    if units.len() > ORDO_ADJUDICATE_MAX_UNITS {
        return ORDO_ERR_CAPACITY_EXCEEDED;
    }
    let taken = (|| {
        let core_units = core_units_of(map, units)?;
        let units = core_units.get(..units.len()).unwrap_or(&[]);
        let mut core_owners = core_owners_of(map, owners)?;
        let province_owners = core_owners.get_mut(..owners.len()).unwrap_or(&mut []);
        core_adj::take_centres(map, units, province_owners)
            .map_err(|_| ORDO_ERR_INVALID_ARGUMENT)?;
        Ok(core_owners)
    })();
    match taken {
        Ok(taken) => {
            for (slot, owner) in owners.iter_mut().zip(taken) {
                *slot = owner.map_or(ORDO_ADJUDICATE_NO_POWER, |power| power.0);
            }
            ORDO_OK
        }
        Err(status) => status,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ptr;

    #[test]
    fn standard_map_handle_resolves() {
        // SAFETY: the standard handle is always valid.
        let map = unsafe { map_from(ordo_map_standard()) }.unwrap();
        assert_eq!(map.location_count(), 81);
        // SAFETY: NULL is refused before any read.
        assert_eq!(
            unsafe { map_from(ptr::null()) }.err(),
            Some(ORDO_ERR_NULL_POINTER)
        );
    }

    #[test]
    fn every_c_option_value_names_its_rule() {
        use ordo_adjacent_convoy::*;
        use ordo_convoy_disruption::*;
        use ordo_multiple_orders::*;
        use ordo_paradox_rule::*;
        use ordo_support_coast::*;
        // Each C value of one option field names its rule.
        macro_rules! option_values {
            ($field:ident: $($value:expr => $rule:expr),+ $(,)?) => {$(
                let rules = ordo_rules {
                    $field: $value as u8,
                    ..ordo_rules::default()
                };
                assert_eq!(core_rules(&rules).unwrap().$field, $rule, stringify!($value));
            )+};
        }
        option_values!(convoy_disruption: ORDO_CONVOY_DISRUPTION_ANY_ROUTE => ConvoyDisruption::AnyRoute);
        option_values!(paradox:
            ORDO_PARADOX_SZYKMAN => ParadoxRule::Szykman,
            ORDO_PARADOX_ALL_HOLD => ParadoxRule::AllHold,
            ORDO_PARADOX_RULE_1982 => ParadoxRule::Rule1982,
            ORDO_PARADOX_RULE_1971 => ParadoxRule::Rule1971,
            ORDO_PARADOX_RULE_2000 => ParadoxRule::Rule2000,
        );
        option_values!(adjacent_convoy:
            ORDO_ADJACENT_CONVOY_EXPLICIT => AdjacentConvoy::Explicit,
            ORDO_ADJACENT_CONVOY_LAND_FALLBACK => AdjacentConvoy::LandFallback,
            ORDO_ADJACENT_CONVOY_RULEBOOK_1971 => AdjacentConvoy::Rulebook1971,
        );
        option_values!(support_coast:
            ORDO_SUPPORT_COAST_OMITTED_OWN_ONLY => SupportCoast::OmittedOwnOnly,
            ORDO_SUPPORT_COAST_REQUIRED => SupportCoast::Required,
        );
        option_values!(multiple_orders:
            ORDO_MULTIPLE_ORDERS_FIRST => MultipleOrders::First,
            ORDO_MULTIPLE_ORDERS_LAST => MultipleOrders::Last,
        );
        let unspecified = ordo_unit_kind::ORDO_UNIT_UNSPECIFIED as u8;
        assert_eq!(unit_kind(unspecified), Ok(None));
        assert_eq!(c_unit_kind(None), unspecified);
        let map = crate::adjudicate::standard();
        assert_eq!(location(map, 80), Ok(Location(80)));
        assert_eq!(location(map, 81), Err(ORDO_ERR_INVALID_ARGUMENT));
    }

    #[test]
    fn the_c_arrays_are_decoded_and_written_up_to_their_bounds() {
        let map = crate::adjudicate::standard();
        // Exactly N items fit; one more is too many.
        let exactly = decode_all::<u8, u8, 4>(&[1, 2, 3, 4], 0, |&x| Ok(x));
        assert_eq!(exactly, Ok([1, 2, 3, 4]));
        let past = decode_all::<u8, u8, 4>(&[1, 2, 3, 4, 5], 0, |&x| Ok(x));
        assert_eq!(past, Err(ORDO_ERR_CAPACITY_EXCEEDED));
        // Owners: the last power is one, the next index is not.
        let mut owners = [ORDO_ADJUDICATE_NO_POWER; 75];
        owners[0] = 6;
        assert_eq!(core_owners_of(map, &owners).unwrap()[0], Some(Power(6)));
        owners[0] = 7;
        assert_eq!(core_owners_of(map, &owners), Err(ORDO_ERR_INVALID_ARGUMENT));
        // A removal may leave its unit kind unspecified.
        let removal = ordo_adjustment {
            power: 0,
            kind: 1,
            unit_kind: ordo_unit_kind::ORDO_UNIT_FLEET as u8,
            location: 0,
        };
        assert_eq!(
            adjustment(map, &removal),
            Ok((
                Power(0),
                Adjustment::Remove {
                    kind: Some(UnitKind::Fleet),
                    location: Location(0)
                }
            ))
        );
        // Units fill an output of exactly their number.
        let units = [Unit {
            kind: UnitKind::Army,
            power: Power(2),
            location: Location(0),
        }];
        let mut out = [c_unit(&units[0]); 1];
        out[0].power = 0;
        let mut count = 0;
        assert_eq!(write_units(&units, &mut out, &mut count), ORDO_OK);
        assert_eq!((count, out[0].power), (1, 2));
        assert_eq!(
            write_units(&units, &mut [], &mut count),
            ORDO_ERR_BUFFER_TOO_SMALL
        );
        // A location's name is written, NUL-terminated, with its length.
        let mut name = [0x55 as c_char; 32];
        let mut len = 0;
        // SAFETY: the standard map's handle is always valid; `name` holds 32 bytes.
        let status = unsafe {
            ordo_map_location_name(ordo_map_standard(), 0, 1, name.as_mut_ptr(), 32, &mut len)
        };
        assert_eq!(status, ORDO_OK);
        let expected = map.name(Location(0)).as_bytes();
        let written: [u8; 32] = name.map(|c| c.to_ne_bytes()[0]);
        assert_eq!((&written[..len], written[len]), (expected, 0));
    }

    #[test]
    fn zeroed_rules_are_the_defaults() {
        assert_eq!(core_rules(&ordo_rules::default()), Ok(Rules::default()));
        let bad = ordo_rules {
            paradox: 5,
            ..ordo_rules::default()
        };
        assert_eq!(core_rules(&bad), Err(ORDO_ERR_INVALID_ARGUMENT));
    }

    #[test]
    fn parsed_orders_round_trip_through_the_c_struct() {
        let map = core_adj::standard();
        for text in [
            "A Mar - Bur",
            "A Gas S A Mar - Bur",
            "F Nth C A Lon - Nwy",
            "A Lon - Nwy via Convoy",
            "F Spa(sc) - Gol",
            "A Bur H",
            "A Tyr S A Vie",
        ] {
            let parsed = core_adj::parse_order(map, text).unwrap();
            let c = c_order(Power(2), &parsed);
            let (power, back) = order(map, &c).unwrap();
            assert_eq!(power, Power(2));
            // The convoyed unit's kind is not kept by the core's order.
            assert_eq!(back, parsed, "{text}");
        }
    }

    #[test]
    fn misaligned_single_values_are_refused_before_they_are_read_or_written() {
        let mut words = [0u64; size_of::<ordo_map_desc>() / 8 + 2];
        let error = crate::ffi::misaligned::<ordo_parse_error, _>(&mut words);
        let desc = error.cast::<ordo_map_desc>().cast_const();
        assert!(!desc.is_aligned());
        let blank = ordo_order {
            power: 9,
            kind: 9,
            unit_kind: 9,
            target_kind: 9,
            via_convoy: 9,
            location: 9,
            unit: 9,
            to: 9,
        };
        let mut out = blank;
        let text = "A Mar -";
        // SAFETY: `text` is readable for its length and `out` writable; the misaligned
        // `error` is refused before the text is parsed or anything is written.
        let status = unsafe {
            ordo_parse_order(
                ordo_map_standard(),
                text.as_ptr().cast(),
                text.len(),
                0,
                &mut out,
                error,
            )
        };
        assert_eq!(status, ORDO_ERR_INVALID_ARGUMENT);
        assert_eq!(out, blank);
        assert!(words.iter().all(|&word| word == 0));
        let mut buffer = [0u64; 4];
        let mut map = ptr::null();
        // SAFETY: `buffer` and `map` are writable; the misaligned `desc` is refused before
        // anything is read through it or written.
        let status = unsafe {
            ordo_map_build(
                desc,
                buffer.as_mut_ptr().cast(),
                size_of_val(&buffer),
                &mut map,
            )
        };
        assert_eq!(status, ORDO_ERR_INVALID_ARGUMENT);
        assert!(map.is_null() && buffer == [0; 4]);
    }

    #[test]
    fn every_result_decodes_and_its_text_fits() {
        const FAILS_END: usize = 1 + FAIL_REASONS.len();
        let mut outcomes = [Outcome::Succeeds; FAILS_END + ILLEGAL_REASONS.len()];
        for (slot, r) in outcomes[1..FAILS_END].iter_mut().zip(FAIL_REASONS) {
            *slot = Outcome::Fails(r);
        }
        for (slot, r) in outcomes[FAILS_END..].iter_mut().zip(ILLEGAL_REASONS) {
            *slot = Outcome::Illegal(r);
        }
        for outcome in outcomes {
            let c = c_outcome(outcome);
            assert_eq!(
                outcome_from(c.outcome as u8, c.fail as u8, c.illegal as u8),
                Some(outcome)
            );
            let mut counter = Bytes {
                out: &mut [],
                len: 0,
            };
            let _ = write!(counter, "{}", outcome.reason());
            assert!(counter.len <= ORDO_ADJUDICATE_MAX_REASON_BYTES);
        }
        assert_eq!(outcome_from(1, 0, 0), None);
        assert_eq!(outcome_from(1, FAILS_END as u8, 0), None);
        assert_eq!(outcome_from(2, 0, ILLEGAL_REASONS.len() as u8 + 1), None);
        assert_eq!(outcome_from(2, 1, 3), None);
        assert_eq!(outcome_from(3, 0, 0), None);
    }

    #[test]
    fn location_names_with_coasts_are_found() {
        let map = core_adj::standard();
        let stp_sc = find_location(map, "Stp(sc)").unwrap();
        assert_eq!(map.coast_of(stp_sc), Some(Coast::South));
        assert_eq!(
            find_location(map, "spa/nc").map(|l| map.coast_of(l)),
            Some(Some(Coast::North))
        );
        assert_eq!(find_location(map, "Paris"), map.location_by_name("Par"));
        assert_eq!(find_location(map, "Par(nc)"), None);
        assert_eq!(find_location(map, "Atlantis"), None);
    }
}
