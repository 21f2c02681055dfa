//! Diplomacy order adjudication: the movement, retreat and adjustment phases, per DATC v3.1.
//!
//! Given a [`Map`], the [`Unit`]s on it and the orders each power wrote
//! (`(Power, Order)` pairs), [`adjudicate`] decides every order: it succeeds,
//! fails (and why), or is illegal (and why, DATC 4.E.1: an illegal order is
//! ignored and its unit holds). It also tells, per unit, whether it moved and
//! whether it was dislodged, by which unit, from where and whether by convoy,
//! and which provinces a standoff left contested: all a retreat phase needs.
//!
//! Semantics are DATC v3.1's section 5 equations (MOVE, SUPPORT, CONVOY,
//! PATH, ATTACK/HOLD/DEFEND/PREVENT STRENGTH) with the guess algorithm of
//! 5.F, the backup rule (circular movement succeeds; convoy paradoxes by the
//! Szykman rule) and DATC's preferred choice for every rule option of
//! section 4. The options a DATC case spells out are in [`Rules`] (its
//! `Default` is DATC's preference). Legality is decided before adjudication
//! from the position alone (DATC 4.E.1): a move needing a convoy is legal
//! when a chain of fleets in seas joins its ends (6.D.32); a convoy is legal
//! when its fleet lies on a chain of fleets without shortcut from the army to
//! its destination (6.G.19); a support is legal when the supporter can reach
//! the destination and the supported move is possible without the
//! supporter's own convoy (6.D.31).
//!
//! # API
//! - [`standard()`]: the standard map; [`MapBuilder`]: any other map up to
//!   [`MAX_LOCATIONS`] locations.
//! - [`parse_order`]: one order from conventional notation; [`Turn`] /
//!   [`parse_turn`]: a whole position and its orders from a turn file.
//! - [`adjudicate`] (workspace on the stack) or [`Workspace::adjudicate`]
//!   (caller-owned workspace): the [`Resolution`].
//! - [`adjudicate_retreats`] and [`retreat_destinations`]: the retreat phase;
//!   [`parse_adjustment`] and [`adjudicate_adjustments`]: the adjustment phase.
//! - [`units_after_retreats`], [`units_after_adjustments`] and
//!   [`take_centres`]: the board and the centres' owners for the next phase.
//!
//! ```
//! use ordo::adjudicate::{adjudicate, parse_turn, standard, Outcome, Rules};
//! let map = standard();
//! let turn = parse_turn(map, "France:\nA Mar - Bur\nA Gas S A Mar - Bur\nGermany:\nA Bur H").unwrap();
//! let result = adjudicate(map, turn.units(), turn.orders(), &Rules::default()).unwrap();
//! assert_eq!(result.outcomes()[0], Outcome::Succeeds);
//! assert!(result.units()[2].dislodged.is_some());
//! ```
//!
//! # Cost
//! No allocation, no `std`. All working memory is the [`Workspace`]
//! ([`WORKSPACE_BYTES`], 8.8 KiB on 64-bit targets): caller-owned with
//! [`Workspace::adjudicate`], on the stack with [`adjudicate`]. A [`Map`] is
//! plain data of about 35 KiB; the standard one is a `static` built at
//! compile time. Per call the resolver first indexes the position (unit per
//! province, matched supports per order, attackers per unit, competitors per
//! move, head-to-head pairs, convoy route ends; all as `u64` unit sets), then
//! resolves each decision once (memoised; a cycle is tried with two guesses
//! at its ancestor only).
//!
//! Recursion: each nested `resolve` is a different unit's order, so the depth
//! is at most [`MAX_UNITS`] levels of at most six small frames; the worst
//! case (64 units each moving into the next one's province) runs on a
//! 32 KiB thread with the workspace outside it, and a full 34-unit board with
//! the workspace on that 32 KiB stack (both tested, debug build). A debug
//! build for s390x, whose ABI reserves 160 bytes in every call frame, needs
//! 64 KiB for the worst case; a Cortex-M4F uses 9,336 bytes for it (144 per
//! unit, `make embedded`).

// The C header is generated from `src/ffi/` only: cbindgen skips these
// modules (the C face re-declares what C needs, with `ORDO_` names).
/// cbindgen:ignore
mod adjust;
/// cbindgen:ignore
mod advance;
/// cbindgen:ignore
mod capacity;
/// cbindgen:ignore
mod map;
/// cbindgen:ignore
mod order;
/// cbindgen:ignore
pub(crate) mod parse;
/// cbindgen:ignore
mod resolve;
/// cbindgen:ignore
mod retreat;
/// cbindgen:ignore
mod standard_data;
/// cbindgen:ignore
mod turn;

/// The standard map of Diplomacy (2023 rulebook): [`standard()`], its
/// locations (`standard::LON`, `standard::STP_SC`, ...) and powers
/// (`standard::FRANCE`, ...). 75 provinces (14 inland, 42 coastal, 19 seas),
/// 81 locations (St Petersburg, Spain and Bulgaria have two coasts), 34
/// supply centres of which 22 are home centres, 111 army and 141 fleet
/// borders; built at compile time.
pub mod standard {
    pub use super::standard_map::*;
}
/// cbindgen:ignore
mod standard_map;

pub use adjust::{Adjustment, AdjustmentResolution, UnitFate, adjudicate_adjustments};
pub use advance::{take_centres, units_after_adjustments, units_after_retreats};
pub(crate) use map::name_well_formed;
pub use map::{
    Coast, Location, LocationSet, MAX_NAME_BYTES, Map, MapBuilder, MapError, ProvinceInfo,
    ProvinceKind,
};
pub use order::{
    Action, AdjacentConvoy, ConvoyDisruption, Dislodgement, FailReason, IllegalReason,
    MultipleOrders, Order, Outcome, ParadoxRule, Resolution, Rules, SupportCoast, Unit, UnitKind,
    UnitResult,
};
pub use parse::{
    LocationDisplay, OrderDisplay, ParseError, ParseErrorKind, format_location, format_order,
    parse_adjustment, parse_order,
};
pub use resolve::{
    AdjudicateError, MAX_ROUTE_SEARCH_STEPS, WORKSPACE_BYTES, Workspace, adjudicate,
};
pub use retreat::{RetreatResolution, RetreatResult, adjudicate_retreats, retreat_destinations};
pub use standard_map::standard;
pub use turn::{MAX_TURN_LINES, Turn, TurnError, TurnErrorKind, TurnLine, parse_turn};

pub use capacity::{MAX_LOCATIONS, MAX_ORDERS, MAX_POWERS, MAX_UNITS};

/// A power (a player), by index in its map's power list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Power(pub u8);

impl Power {
    /// The index in the map's power list.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}
