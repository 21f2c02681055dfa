//! The capacities of the adjudicator (also exported to C by `src/ffi/`).

/// Most units on the board in one adjudication (the resolver keeps sets of
/// units as `u64` bitsets).
pub const MAX_UNITS: usize = 64;
/// Most orders in one adjudication (orders may outnumber units: foreign and repeated orders).
pub const MAX_ORDERS: usize = 128;
/// Most locations (provinces plus coasts) of a map.
pub const MAX_LOCATIONS: usize = 256;
/// Most powers of a map.
pub const MAX_POWERS: usize = 16;
