//! Turn files: a position and its orders as text (no_std, fixed capacity).
//!
//! - `France:` (a power name of the map, the colon optional) starts that
//!   power's block.
//! - An order line (`A Par - Bur`) places the unit it names for the current
//!   power and orders it. If a unit of the same power already stands in that
//!   province (any coast), the order is for that unit; if a unit of another
//!   power stands there, the line orders that foreign unit (illegal, DATC
//!   6.A.6) and places nothing.
//! - A bare unit line (`A Par`, `F Stp(sc)`) places a unit without an order
//!   (it holds).
//! - `#` starts a comment; blank lines and indentation are ignored.

use super::map::{Location, Map, ProvinceKind};
use super::order::{Order, Unit, UnitKind};
use super::parse::{ParseError, parse_order, parse_unit};
use super::{MAX_ORDERS, MAX_UNITS, Power};
use arrayvec::ArrayVec;

/// Most content lines (unit or order lines) of one turn file.
pub const MAX_TURN_LINES: usize = MAX_UNITS + MAX_ORDERS;

/// What went wrong in a turn file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnErrorKind {
    /// The line is neither a power header, a unit nor an order.
    Parse(ParseError),
    /// A unit or order line before any power header.
    NoPower,
    /// A line that places a unit does not say `A` or `F`.
    MissingUnitKind,
    /// A fleet placed in a multi-coast province without a coast, an army in a
    /// sea, or a fleet inland.
    BadUnitLocation,
    /// A bare unit line for a province that already has a unit.
    Occupied,
    /// More than [`MAX_UNITS`] units, [`MAX_ORDERS`] orders or [`MAX_TURN_LINES`] lines.
    TooLarge,
}

/// A turn-file error and its line (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TurnError {
    /// 0-based line number.
    pub line: usize,
    /// What went wrong.
    pub kind: TurnErrorKind,
}

/// One content line of a turn file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TurnLine {
    /// 0-based line number in the text.
    pub line: u32,
    /// The unit the line placed or ordered (index into [`Turn::units`]).
    pub unit: u8,
    /// The order of the line (index into [`Turn::orders`]), `None` for a bare unit line.
    pub order: Option<u8>,
}

/// A parsed turn: units, orders and which line gave which.
#[derive(Clone, Debug, Default)]
pub struct Turn {
    units: ArrayVec<Unit, MAX_UNITS>,
    orders: ArrayVec<(Power, Order), MAX_ORDERS>,
    lines: ArrayVec<TurnLine, MAX_TURN_LINES>,
}

impl Turn {
    /// The units, in the order the file placed them.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// The orders with the power that wrote them, in file order.
    pub fn orders(&self) -> &[(Power, Order)] {
        &self.orders
    }

    /// The content lines (units and orders) in file order.
    pub fn lines(&self) -> &[TurnLine] {
        &self.lines
    }
}

fn header<'a>(map: &Map<'a>, line: &str) -> Option<Power> {
    let name = line.strip_suffix(':').unwrap_or(line).trim_end();
    map.power_by_name(name)
}

fn place(map: &Map<'_>, kind: UnitKind, location: Location) -> Option<Location> {
    match (kind, map.kind(location)) {
        (UnitKind::Army, ProvinceKind::Sea) | (UnitKind::Fleet, ProvinceKind::Inland) => None,
        (UnitKind::Army, _) => Some(map.province_of(location)),
        (UnitKind::Fleet, _) => {
            (map.coast_of(location).is_some() || !map.has_coasts(location)).then_some(location)
        }
    }
}

/// Parses a turn file (see the module docs).
pub fn parse_turn(map: &Map<'_>, text: &str) -> Result<Turn, TurnError> {
    let mut turn = Turn::default();
    let mut power: Option<Power> = None;
    for (number, raw) in text.lines().enumerate() {
        let fail = |kind| TurnError { line: number, kind };
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if let Some(p) = header(map, line) {
            power = Some(p);
            continue;
        }
        let power = power.ok_or(fail(TurnErrorKind::NoPower))?;
        let (kind, location, after) =
            parse_unit(map, line).map_err(|e| fail(TurnErrorKind::Parse(e)))?;
        let bare = line[after..].trim().is_empty();
        let order = if bare {
            None
        } else {
            Some(parse_order(map, line).map_err(|e| fail(TurnErrorKind::Parse(e)))?)
        };
        let province = map.province_of(location);
        let existing = turn
            .units
            .iter()
            .position(|u| map.province_of(u.location) == province);
        let unit = match existing {
            Some(_) if bare => return Err(fail(TurnErrorKind::Occupied)),
            Some(index) => index,
            None => {
                let kind = kind.ok_or(fail(TurnErrorKind::MissingUnitKind))?;
                let location =
                    place(map, kind, location).ok_or(fail(TurnErrorKind::BadUnitLocation))?;
                turn.units
                    .try_push(Unit {
                        kind,
                        power,
                        location,
                    })
                    .map_err(|_| fail(TurnErrorKind::TooLarge))?;
                turn.units.len() - 1
            }
        };
        let order_index = match order {
            Some(order) => {
                turn.orders
                    .try_push((power, order))
                    .map_err(|_| fail(TurnErrorKind::TooLarge))?;
                Some((turn.orders.len() - 1) as u8)
            }
            None => None,
        };
        turn.lines
            .try_push(TurnLine {
                line: number as u32,
                unit: unit as u8,
                order: order_index,
            })
            .map_err(|_| fail(TurnErrorKind::TooLarge))?;
    }
    Ok(turn)
}

impl From<ParseError> for TurnErrorKind {
    fn from(e: ParseError) -> Self {
        TurnErrorKind::Parse(e)
    }
}
