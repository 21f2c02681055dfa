//! Maps: provinces, their locations (a multi-coast province has one location
//! per coast besides the province itself), supply centres, and borders per
//! unit type as bitsets.
//!
//! Location numbering: location `i < province_count` is province `i` itself
//! (an army stands there, and so does a fleet in a province without coasts);
//! the coasts of multi-coast provinces follow. Army borders join provinces,
//! fleet borders join locations. A [`MapBuilder`] builds and validates a map;
//! [`crate::adjudicate::standard()`] is the standard map, built at compile
//! time by the same builder.

use super::{MAX_LOCATIONS, MAX_POWERS, Power};

/// A location of a map: a province, or one coast of a multi-coast province.
/// The index is the location's position in its map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Location(pub u8);

impl Location {
    /// The location's index in its map.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// What a province is made of: it decides which units may stand there and
/// whether a fleet there can convoy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum ProvinceKind {
    /// Land without a coast: armies only.
    Inland = 0,
    /// Land with a coast: armies, and fleets (on a coast, if it has several).
    Coastal = 1,
    /// Water: fleets only; only fleets in water provinces can convoy.
    Sea = 2,
}

/// A named coast of a multi-coast province.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Coast {
    /// North coast, `(nc)`.
    North = 0,
    /// South coast, `(sc)`.
    South = 1,
    /// East coast, `(ec)`.
    East = 2,
    /// West coast, `(wc)`.
    West = 3,
}

impl Coast {
    /// The conventional abbreviation: `"nc"`, `"sc"`, `"ec"` or `"wc"`.
    pub const fn abbreviation(self) -> &'static str {
        match self {
            Coast::North => "nc",
            Coast::South => "sc",
            Coast::East => "ec",
            Coast::West => "wc",
        }
    }
}

/// A fixed-size set of location (or province) indices, one bit each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct LocationSet(pub [u64; MAX_LOCATIONS / 64]);

impl LocationSet {
    /// The empty set.
    pub const EMPTY: LocationSet = LocationSet([0; MAX_LOCATIONS / 64]);

    /// Whether `index` is in the set.
    #[inline]
    pub const fn contains(&self, index: usize) -> bool {
        index < MAX_LOCATIONS && self.0[index / 64] & (1u64 << (index % 64)) != 0
    }

    /// Adds `index` (ignored when `index >= MAX_LOCATIONS`).
    #[inline]
    pub const fn insert(&mut self, index: usize) {
        if index < MAX_LOCATIONS {
            self.0[index / 64] |= 1u64 << (index % 64);
        }
    }

    /// Whether the set has no element.
    pub const fn is_empty(&self) -> bool {
        let mut i = 0;
        while i < self.0.len() {
            if self.0[i] != 0 {
                return false;
            }
            i += 1;
        }
        true
    }

    /// Whether the two sets share an element.
    #[inline]
    pub fn intersects(&self, other: &LocationSet) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }

    /// The elements in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(word_index, &word)| {
            let mut rest = word;
            core::iter::from_fn(move || {
                if rest == 0 {
                    return None;
                }
                let bit = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                Some(word_index * 64 + bit)
            })
        })
    }
}

/// One province of a [`Map`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProvinceInfo<'a> {
    /// Full name, e.g. `"North Sea"`; matched case-insensitively.
    pub name: &'a str,
    /// Short name, e.g. `"Nth"`; matched case-insensitively.
    pub abbreviation: &'a str,
    /// Inland, coastal or sea.
    pub kind: ProvinceKind,
    /// Whether the province is a supply centre.
    pub supply_centre: bool,
    /// The power whose home centre it is, if any.
    pub home: Option<Power>,
}

const EMPTY_PROVINCE: ProvinceInfo<'static> = ProvinceInfo {
    name: "",
    abbreviation: "",
    kind: ProvinceKind::Inland,
    supply_centre: false,
    home: None,
};

/// Why a [`MapBuilder`] refused a map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapError {
    /// More than [`MAX_LOCATIONS`] locations (provinces plus coasts), or more
    /// than [`MAX_POWERS`] powers.
    TooLarge,
    /// A name or abbreviation is empty, too long, not written as words
    /// separated by single spaces (see [`MapBuilder::province`]), or used
    /// twice (case-insensitively).
    BadName,
    /// A location or province index is out of range.
    UnknownLocation,
    /// A coast was added to a province that is not coastal, or the same coast twice.
    BadCoast,
    /// A border joins a location to itself, or an army border touches a sea,
    /// or a fleet border touches an inland province or the province location
    /// of a multi-coast province.
    BadBorder,
    /// A home centre names a power the map does not have, or a home is not a supply centre.
    BadHome,
    /// A directed border list given to [`MapBuilder::check_symmetric`] is not symmetric.
    AsymmetricBorder,
    /// Coasts were added after [`MapBuilder::seal_provinces`], or provinces after coasts.
    OutOfOrder,
}

/// The longest province name, in bytes, a map accepts.
pub const MAX_NAME_BYTES: usize = 64;

/// A Diplomacy map: provinces, locations, supply centres, powers and
/// borders. A `Map` is plain data of fixed size (about 35 KiB); build one with
/// [`MapBuilder`] or use [`crate::adjudicate::standard()`].
#[derive(Clone, Debug)]
pub struct Map<'a> {
    pub(crate) provinces: [ProvinceInfo<'a>; MAX_LOCATIONS],
    pub(crate) province_count: u16,
    /// Province of each location.
    pub(crate) location_province: [u8; MAX_LOCATIONS],
    /// Coast of each location (`None` for a province location).
    pub(crate) location_coast: [Option<Coast>; MAX_LOCATIONS],
    pub(crate) location_count: u16,
    /// For each province: the set of its coast locations (empty when it has none).
    pub(crate) coasts: [LocationSet; MAX_LOCATIONS],
    /// Army borders, per province, as a set of provinces.
    pub(crate) army_borders: [LocationSet; MAX_LOCATIONS],
    /// Fleet borders, per location, as a set of locations.
    pub(crate) fleet_borders: [LocationSet; MAX_LOCATIONS],
    pub(crate) powers: [&'a str; MAX_POWERS],
    pub(crate) power_count: u8,
    /// Extra accepted names: `(alias, location)`.
    pub(crate) aliases: &'a [(&'a str, Location)],
}

impl<'a> Map<'a> {
    /// Number of provinces.
    pub const fn province_count(&self) -> usize {
        self.province_count as usize
    }

    /// Number of locations (provinces plus coasts).
    pub const fn location_count(&self) -> usize {
        self.location_count as usize
    }

    /// Number of powers.
    pub const fn power_count(&self) -> usize {
        self.power_count as usize
    }

    /// The name of a power (`None` when out of range).
    pub fn power_name(&self, power: Power) -> Option<&'a str> {
        (power.index() < self.power_count()).then(|| self.powers[power.index()])
    }

    /// The power with this name, case-insensitively.
    pub fn power_by_name(&self, name: &str) -> Option<Power> {
        (0..self.power_count())
            .find(|&i| self.powers[i].eq_ignore_ascii_case(name))
            .map(|i| Power(i as u8))
    }

    /// The province data of a province index (`None` when out of range).
    pub fn province(&self, province: usize) -> Option<&ProvinceInfo<'a>> {
        self.provinces[..self.province_count()].get(province)
    }

    /// The province location a location belongs to (itself for a province).
    #[inline]
    pub fn province_of(&self, location: Location) -> Location {
        Location(self.location_province[location.index()])
    }

    /// The coast of a coast location, `None` for a province location.
    pub fn coast_of(&self, location: Location) -> Option<Coast> {
        self.location_coast[location.index()]
    }

    /// The kind of the province a location belongs to.
    #[inline]
    pub fn kind(&self, location: Location) -> ProvinceKind {
        self.provinces[self.province_of(location).index()].kind
    }

    /// The coast location of `province` on `coast`, if it has that coast.
    pub fn coast_location(&self, province: Location, coast: Coast) -> Option<Location> {
        let province = self.province_of(province);
        self.coasts[province.index()]
            .iter()
            .find(|&l| self.location_coast[l] == Some(coast))
            .map(|l| Location(l as u8))
    }

    /// Whether the province of `location` has several coasts.
    #[inline]
    pub fn has_coasts(&self, location: Location) -> bool {
        !self.coasts[self.province_of(location).index()].is_empty()
    }

    /// The set of coast locations of the province of `location`.
    pub fn coasts(&self, location: Location) -> &LocationSet {
        &self.coasts[self.province_of(location).index()]
    }

    /// Whether an army can move between the provinces of `a` and `b`.
    #[inline]
    pub fn army_border(&self, a: Location, b: Location) -> bool {
        self.army_borders[self.province_of(a).index()].contains(self.province_of(b).index())
    }

    /// Whether a fleet can move between the locations `a` and `b` exactly.
    #[inline]
    pub fn fleet_border(&self, a: Location, b: Location) -> bool {
        self.fleet_borders[a.index()].contains(b.index())
    }

    /// Whether a fleet at `a` can move to some location of the province of `b`.
    #[inline]
    pub fn fleet_reaches_province(&self, a: Location, b: Location) -> bool {
        let province = self.province_of(b);
        let borders = &self.fleet_borders[a.index()];
        borders.contains(province.index()) || borders.intersects(&self.coasts[province.index()])
    }

    /// The provinces an army can move to from the province of `location`.
    pub fn army_neighbours(&self, location: Location) -> &LocationSet {
        &self.army_borders[self.province_of(location).index()]
    }

    /// The locations a fleet can move to from `location`.
    pub fn fleet_neighbours(&self, location: Location) -> &LocationSet {
        &self.fleet_borders[location.index()]
    }

    /// A readable short name of a location: the province abbreviation, plus
    /// the coast (`"Stp"`, `"Stp(sc)"` is written as abbreviation and coast).
    pub fn abbreviation(&self, location: Location) -> &'a str {
        self.provinces[self.province_of(location).index()].abbreviation
    }

    /// The full name of the province of a location.
    pub fn name(&self, location: Location) -> &'a str {
        self.provinces[self.province_of(location).index()].name
    }

    /// The location named `name` (a full name, an abbreviation or an alias,
    /// case-insensitively, runs of spaces equal; no coast).
    pub fn location_by_name(&self, name: &str) -> Option<Location> {
        super::parse::match_name(self, name.as_bytes())
            .filter(|&(_, used)| used == name.len())
            .map(|(l, _)| l)
    }
}

/// Builds a [`Map`], checking it as it goes. Every method is `const`, so a
/// map can be built at compile time (as the standard map is).
///
/// Order: [`power`](Self::power)s, then all [`province`](Self::province)s,
/// then [`coast`](Self::coast)s, then borders, then [`build`](Self::build).
/// Borders are undirected: one call joins both ways.
#[derive(Clone, Debug)]
pub struct MapBuilder<'a> {
    map: Map<'a>,
    provinces_sealed: bool,
    error: Option<MapError>,
}

/// Whether `name` can be found again by the parser and the lookups: not
/// empty, at most [`MAX_NAME_BYTES`], and words separated by single spaces.
/// Lookups trim their input and read any run of whitespace as one space, so
/// a name with whitespace at either end, two spaces in a row or another
/// whitespace character would be accepted yet never found.
pub(crate) const fn name_well_formed(name: &str) -> bool {
    let bytes = name.as_bytes();
    if bytes.is_empty() || bytes.len() > MAX_NAME_BYTES {
        return false;
    }
    let mut i = 0;
    while i < bytes.len() {
        let byte = bytes[i];
        if byte.is_ascii_whitespace() {
            let inner = i > 0 && i + 1 < bytes.len();
            if byte != b' ' || !inner || bytes[i + 1] == b' ' {
                return false;
            }
        }
        i += 1;
    }
    true
}

const fn names_equal(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if !a[i].eq_ignore_ascii_case(&b[i]) {
            return false;
        }
        i += 1;
    }
    true
}

impl<'a> Default for MapBuilder<'a> {
    fn default() -> Self {
        Self::new()
    }
}

impl<'a> MapBuilder<'a> {
    /// An empty builder.
    pub const fn new() -> Self {
        MapBuilder {
            map: Map {
                provinces: [EMPTY_PROVINCE; MAX_LOCATIONS],
                province_count: 0,
                location_province: [0; MAX_LOCATIONS],
                location_coast: [None; MAX_LOCATIONS],
                location_count: 0,
                coasts: [LocationSet::EMPTY; MAX_LOCATIONS],
                army_borders: [LocationSet::EMPTY; MAX_LOCATIONS],
                fleet_borders: [LocationSet::EMPTY; MAX_LOCATIONS],
                powers: [""; MAX_POWERS],
                power_count: 0,
                aliases: &[],
            },
            provinces_sealed: false,
            error: None,
        }
    }

    const fn fail(&mut self, error: MapError) {
        if self.error.is_none() {
            self.error = Some(error);
        }
    }

    const fn name_ok(&self, name: &str) -> bool {
        if !name_well_formed(name) {
            return false;
        }
        let mut i = 0;
        while i < self.map.province_count as usize {
            let p = &self.map.provinces[i];
            if names_equal(p.name, name) || names_equal(p.abbreviation, name) {
                return false;
            }
            i += 1;
        }
        true
    }

    /// Adds a power and returns it.
    pub const fn power(&mut self, name: &'a str) -> Power {
        let index = self.map.power_count as usize;
        if index >= MAX_POWERS {
            self.fail(MapError::TooLarge);
            return Power(0);
        }
        if !name_well_formed(name) {
            self.fail(MapError::BadName);
        }
        let mut i = 0;
        while i < index {
            if names_equal(self.map.powers[i], name) {
                self.fail(MapError::BadName);
            }
            i += 1;
        }
        self.map.powers[index] = name;
        self.map.power_count += 1;
        Power(index as u8)
    }

    /// Adds a province and returns its location. Its name and abbreviation
    /// must be unique (case-insensitively) and well formed: at most
    /// [`MAX_NAME_BYTES`], words separated by single spaces, no whitespace at
    /// either end (the same holds for powers and aliases).
    pub const fn province(&mut self, info: ProvinceInfo<'a>) -> Location {
        let index = self.map.province_count as usize;
        if self.provinces_sealed {
            self.fail(MapError::OutOfOrder);
            return Location(0);
        }
        if index >= MAX_LOCATIONS {
            self.fail(MapError::TooLarge);
            return Location(0);
        }
        if !self.name_ok(info.name) || !self.name_ok(info.abbreviation) {
            self.fail(MapError::BadName);
        }
        if let Some(home) = info.home
            && (home.0 >= self.map.power_count || !info.supply_centre)
        {
            self.fail(MapError::BadHome);
        }
        self.map.provinces[index] = info;
        self.map.location_province[index] = index as u8;
        self.map.province_count += 1;
        self.map.location_count += 1;
        Location(index as u8)
    }

    /// Ends the province list; called by the first [`coast`](Self::coast) or border.
    pub const fn seal_provinces(&mut self) {
        self.provinces_sealed = true;
    }

    /// Adds a coast to a coastal province and returns its location.
    pub const fn coast(&mut self, province: Location, coast: Coast) -> Location {
        self.seal_provinces();
        let index = self.map.location_count as usize;
        if index >= MAX_LOCATIONS {
            self.fail(MapError::TooLarge);
            return Location(0);
        }
        if province.0 as usize >= self.map.province_count as usize {
            self.fail(MapError::UnknownLocation);
            return Location(0);
        }
        if !matches!(
            self.map.provinces[province.0 as usize].kind,
            ProvinceKind::Coastal
        ) {
            self.fail(MapError::BadCoast);
        }
        let mut i = 0;
        while i < index {
            if self.map.location_province[i] == province.0
                && matches!(self.map.location_coast[i], Some(c) if c as u8 == coast as u8)
            {
                self.fail(MapError::BadCoast);
            }
            i += 1;
        }
        self.map.location_province[index] = province.0;
        self.map.location_coast[index] = Some(coast);
        self.map.coasts[province.0 as usize].insert(index);
        self.map.location_count += 1;
        Location(index as u8)
    }

    const fn valid(&self, l: Location) -> bool {
        (l.0 as usize) < self.map.location_count as usize
    }

    /// Joins two provinces for armies (both must be inland or coastal).
    pub const fn army_border(&mut self, a: Location, b: Location) {
        self.seal_provinces();
        let count = self.map.province_count as usize;
        if a.0 as usize >= count || b.0 as usize >= count {
            self.fail(MapError::UnknownLocation);
            return;
        }
        if a.0 == b.0
            || matches!(self.map.provinces[a.0 as usize].kind, ProvinceKind::Sea)
            || matches!(self.map.provinces[b.0 as usize].kind, ProvinceKind::Sea)
        {
            self.fail(MapError::BadBorder);
            return;
        }
        self.map.army_borders[a.0 as usize].insert(b.0 as usize);
        self.map.army_borders[b.0 as usize].insert(a.0 as usize);
    }

    const fn fleet_location_ok(&self, l: Location) -> bool {
        let province = self.map.location_province[l.0 as usize] as usize;
        let kind = self.map.provinces[province].kind;
        if matches!(kind, ProvinceKind::Inland) {
            return false;
        }
        // The province location of a multi-coast province holds no fleet.
        self.map.location_coast[l.0 as usize].is_some() || self.map.coasts[province].is_empty()
    }

    /// Joins two locations for fleets (seas, coasts, coastal provinces
    /// without coasts). Locations of one province cannot be joined.
    pub const fn fleet_border(&mut self, a: Location, b: Location) {
        self.seal_provinces();
        if !self.valid(a) || !self.valid(b) {
            self.fail(MapError::UnknownLocation);
            return;
        }
        let pa = self.map.location_province[a.0 as usize];
        let pb = self.map.location_province[b.0 as usize];
        if pa == pb || !self.fleet_location_ok(a) || !self.fleet_location_ok(b) {
            self.fail(MapError::BadBorder);
            return;
        }
        self.map.fleet_borders[a.0 as usize].insert(b.0 as usize);
        self.map.fleet_borders[b.0 as usize].insert(a.0 as usize);
    }

    /// Extra names accepted by the parser, e.g. `("Lpl", LVP)`.
    pub const fn aliases(&mut self, aliases: &'a [(&'a str, Location)]) {
        self.aliases_checked(aliases);
    }

    const fn aliases_checked(&mut self, aliases: &'a [(&'a str, Location)]) {
        let mut i = 0;
        while i < aliases.len() {
            if !self.valid(aliases[i].1) || !self.name_ok(aliases[i].0) {
                self.fail(MapError::BadName);
            }
            i += 1;
        }
        self.map.aliases = aliases;
    }

    /// Checks that a directed border list (as a C caller might give it) is
    /// symmetric: every `(a, b)` has its `(b, a)`. Call it before adding the
    /// borders with [`army_border`](Self::army_border) or
    /// [`fleet_border`](Self::fleet_border).
    pub const fn check_symmetric(&mut self, directed: &[(Location, Location)]) {
        let mut i = 0;
        while i < directed.len() {
            let (a, b) = directed[i];
            let mut found = false;
            let mut j = 0;
            while j < directed.len() {
                if directed[j].0.0 == b.0 && directed[j].1.0 == a.0 {
                    found = true;
                }
                j += 1;
            }
            if !found {
                self.fail(MapError::AsymmetricBorder);
            }
            i += 1;
        }
    }

    /// The first error met, if any.
    pub const fn error(&self) -> Option<MapError> {
        self.error
    }

    /// The finished map without moving it (a `Map` is about 35 KiB), or the
    /// first error met while building it.
    pub const fn map(&self) -> Result<&Map<'a>, MapError> {
        match self.error {
            Some(error) => Err(error),
            None => Ok(&self.map),
        }
    }

    /// The finished map, or the first error met while building it.
    pub const fn build(self) -> Result<Map<'a>, MapError> {
        match self.error {
            Some(error) => Err(error),
            None => Ok(self.map),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::adjudicate::standard::{self, *};

    const LAND: ProvinceInfo<'static> = ProvinceInfo {
        name: "Land",
        abbreviation: "Lnd",
        kind: ProvinceKind::Inland,
        supply_centre: false,
        home: None,
    };
    const SEA: ProvinceInfo<'static> = ProvinceInfo {
        name: "Sea",
        abbreviation: "Sea",
        kind: ProvinceKind::Sea,
        supply_centre: false,
        home: None,
    };
    const SHORE: ProvinceInfo<'static> = ProvinceInfo {
        name: "Shore",
        abbreviation: "Sho",
        kind: ProvinceKind::Coastal,
        supply_centre: true,
        home: None,
    };

    #[test]
    fn standard_map_counts() {
        let map = standard::standard();
        assert_eq!(map.province_count(), 75);
        assert_eq!(map.location_count(), 81);
        assert_eq!(map.power_count(), 7);
        let provinces = || (0..75).map(|p| map.province(p).unwrap());
        assert_eq!(provinces().filter(|p| p.supply_centre).count(), 34);
        assert_eq!(provinces().filter(|p| p.home.is_some()).count(), 22);
        assert_eq!(
            provinces().filter(|p| p.kind == ProvinceKind::Sea).count(),
            19
        );
        assert_eq!(
            provinces()
                .filter(|p| p.kind == ProvinceKind::Inland)
                .count(),
            14
        );
        assert_eq!(map.province(STP.index()).unwrap().home, Some(RUSSIA));
        assert_eq!(map.power_by_name("tURKEY"), Some(TURKEY));
    }

    #[test]
    fn standard_map_tricky_borders() {
        let map = standard::standard();
        assert!(map.fleet_border(BOT, STP_SC) && !map.fleet_border(BOT, STP_NC));
        assert!(map.fleet_border(MAO, SPA_NC) && map.fleet_border(MAO, SPA_SC));
        assert!(map.fleet_border(GAS, SPA_NC) && !map.fleet_border(GAS, SPA_SC));
        assert!(map.fleet_border(CON, BUL_EC) && map.fleet_border(CON, BUL_SC));
        assert!(map.fleet_border(BLA, BUL_EC) && map.fleet_border(AEG, BUL_SC));
        assert!(map.fleet_border(KIE, DEN) && map.army_border(KIE, DEN));
        assert!(map.fleet_border(CON, SMY) && map.army_border(CON, SMY));
        assert!(map.army_border(NWY, STP) && map.fleet_border(NWY, STP_NC));
        assert!(map.fleet_border(LVP, NAO) && !map.fleet_border(CLY, IRI));
        assert!(map.army_border(ROM, VEN) && !map.fleet_border(ROM, VEN));
        assert!(
            !map.fleet_border(SPA, LYO),
            "the province location of Spain holds no fleet"
        );
        assert!(map.fleet_reaches_province(LYO, SPA) && !map.fleet_reaches_province(SPA_NC, LYO));
        assert_eq!(map.coast_location(STP, Coast::South), Some(STP_SC));
        assert_eq!(map.province_of(BUL_EC), BUL);
    }

    #[test]
    fn borders_are_symmetric_and_counted() {
        let map = standard::standard();
        let (mut army, mut fleet) = (0, 0);
        for a in 0..map.location_count() {
            for b in 0..map.location_count() {
                let (la, lb) = (Location(a as u8), Location(b as u8));
                if a < 75 && b < 75 && map.army_borders[a].contains(b) {
                    assert!(map.army_borders[b].contains(a));
                    army += 1;
                }
                if map.fleet_border(la, lb) {
                    assert!(map.fleet_border(lb, la));
                    fleet += 1;
                }
            }
        }
        assert_eq!((army / 2, fleet / 2), (111, 141));
    }

    #[test]
    fn builder_rejects_bad_maps() {
        let mut b = MapBuilder::new();
        b.province(LAND);
        b.province(ProvinceInfo {
            abbreviation: "lnd",
            name: "Other",
            ..LAND
        });
        assert_eq!(b.build().unwrap_err(), MapError::BadName);

        let mut b = MapBuilder::new();
        let land = b.province(LAND);
        let sea = b.province(SEA);
        b.army_border(land, sea);
        assert_eq!(b.build().unwrap_err(), MapError::BadBorder);

        let mut b = MapBuilder::new();
        let shore = b.province(SHORE);
        let sea = b.province(SEA);
        b.coast(shore, Coast::North);
        b.fleet_border(shore, sea);
        assert_eq!(b.build().unwrap_err(), MapError::BadBorder);

        let mut b = MapBuilder::new();
        let land = b.province(LAND);
        b.coast(land, Coast::North);
        assert_eq!(b.build().unwrap_err(), MapError::BadCoast);

        let mut b = MapBuilder::new();
        b.province(ProvinceInfo {
            home: Some(Power(0)),
            supply_centre: true,
            ..LAND
        });
        assert_eq!(b.build().unwrap_err(), MapError::BadHome);

        let mut b = MapBuilder::new();
        let land = b.province(LAND);
        b.army_border(land, Location(9));
        assert_eq!(b.build().unwrap_err(), MapError::UnknownLocation);

        let mut b = MapBuilder::new();
        let land = b.province(LAND);
        let shore = b.province(SHORE);
        b.check_symmetric(&[(land, shore)]);
        assert_eq!(b.build().unwrap_err(), MapError::AsymmetricBorder);

        let mut b = MapBuilder::new();
        let names = [
            "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q",
        ];
        for name in &names[..=MAX_POWERS] {
            b.power(name);
        }
        assert_eq!(b.build().unwrap_err(), MapError::TooLarge);

        let mut b = MapBuilder::new();
        b.province(SHORE);
        b.coast(Location(0), Coast::North);
        b.province(SEA);
        assert_eq!(b.error(), Some(MapError::OutOfOrder));
        assert_eq!(b.map().err(), Some(MapError::OutOfOrder));
    }

    #[test]
    fn builder_rejects_bad_names_and_full_maps() {
        let too_long = core::str::from_utf8(&[b'x'; MAX_NAME_BYTES + 1]).unwrap();
        // Names the lookups could never find: they trim their input and read
        // a run of whitespace as one space.
        let unfindable = [" Lead", "Ld ", "New  York", "New\tYork", " ", "\n"];
        for name in ["", too_long].into_iter().chain(unfindable) {
            let mut b = MapBuilder::new();
            b.province(ProvinceInfo { name, ..LAND });
            assert_eq!(b.error(), Some(MapError::BadName), "province {name:?}");
            let mut b = MapBuilder::new();
            b.power(name);
            assert_eq!(b.error(), Some(MapError::BadName), "power {name:?}");
        }
        let longest = core::str::from_utf8(&[b'x'; MAX_NAME_BYTES]).unwrap();
        let mut b = MapBuilder::new();
        b.province(ProvinceInfo {
            name: longest,
            ..LAND
        });
        assert_eq!(b.error(), None);
        // Words separated by single spaces are found again.
        let mut b = MapBuilder::new();
        let york = b.province(ProvinceInfo {
            name: "New York",
            ..LAND
        });
        let map = b.build().expect("a well-formed name");
        assert_eq!(map.location_by_name("new   york"), Some(york));

        // Names distinct whatever their case, so that `location_by_name` finds each.
        let names: [[u8; 2]; MAX_LOCATIONS + 1] =
            core::array::from_fn(|i| [b'a' + (i / 26) as u8, b'a' + (i % 26) as u8]);
        let name = |i: usize| core::str::from_utf8(&names[i]).unwrap();
        let mut b = MapBuilder::new();
        for i in 0..MAX_LOCATIONS {
            let at = b.province(ProvinceInfo {
                name: name(i),
                abbreviation: name(i),
                ..SHORE
            });
            assert_eq!(at, Location(i as u8));
        }
        assert_eq!(b.error(), None, "{MAX_LOCATIONS} provinces fit");
        assert_eq!(
            b.province(ProvinceInfo {
                name: name(MAX_LOCATIONS),
                abbreviation: name(MAX_LOCATIONS),
                ..SHORE
            }),
            Location(0)
        );
        assert_eq!(b.error(), Some(MapError::TooLarge));

        let mut b = MapBuilder::new();
        for i in 0..MAX_LOCATIONS - 1 {
            b.province(ProvinceInfo {
                name: name(i),
                abbreviation: name(i),
                ..SHORE
            });
        }
        assert_eq!(
            b.coast(Location(0), Coast::North).0 as usize,
            MAX_LOCATIONS - 1
        );
        assert_eq!(b.error(), None, "{MAX_LOCATIONS} locations fit");
        assert_eq!(b.coast(Location(1), Coast::North), Location(0));
        assert_eq!(b.error(), Some(MapError::TooLarge));
    }

    #[test]
    fn builder_checks_aliases() {
        let small = |aliases: &'static [(&'static str, Location)]| {
            let mut b = MapBuilder::new();
            b.province(LAND);
            b.province(SHORE);
            b.aliases(aliases);
            b.build()
        };
        let map = small(&[("Inland", Location(0)), ("Beach", Location(1))]).unwrap();
        let order = crate::adjudicate::parse_order(&map, "A Inland - Beach").unwrap();
        assert_eq!(order.location, Location(0));
        assert_eq!(
            order.action,
            crate::adjudicate::Action::Move {
                to: Location(1),
                via_convoy: false
            }
        );
        // An alias must be a new name of a location that exists.
        assert_eq!(
            small(&[("Beach", Location(2))]).unwrap_err(),
            MapError::BadName
        );
        assert_eq!(
            small(&[("Shore", Location(0))]).unwrap_err(),
            MapError::BadName
        );
        assert_eq!(small(&[("", Location(0))]).unwrap_err(), MapError::BadName);
        // Every alias is checked, not only the first.
        assert_eq!(
            small(&[("Inland", Location(0)), ("Beach", Location(2))]).unwrap_err(),
            MapError::BadName
        );
    }

    #[test]
    fn builder_makes_a_small_map() {
        let mut b = MapBuilder::new();
        let me = b.power("Me");
        let land = b.province(ProvinceInfo {
            home: Some(me),
            supply_centre: true,
            ..LAND
        });
        let shore = b.province(SHORE);
        let sea = b.province(SEA);
        let north = b.coast(shore, Coast::North);
        b.army_border(land, shore);
        b.fleet_border(north, sea);
        let map = b.build().unwrap();
        assert_eq!((map.province_count(), map.location_count()), (3, 4));
        assert!(map.army_border(land, shore) && map.army_border(shore, land));
        assert!(map.fleet_border(sea, north) && map.fleet_reaches_province(sea, shore));
        assert_eq!(map.location_by_name("sho"), Some(shore));
        assert_eq!(map.location_by_name("nowhere"), None);
        assert_eq!(map.power_name(me), Some("Me"));
        assert_eq!(map.power_name(Power(1)), None);
        assert_eq!((map.name(shore), map.name(north)), ("Shore", "Shore"));
    }

    #[test]
    fn builder_holds_max_powers() {
        let names: [[u8; 1]; MAX_POWERS + 1] = core::array::from_fn(|i| [b'a' + i as u8]);
        let name = |i: usize| core::str::from_utf8(&names[i]).unwrap();
        let mut b = MapBuilder::new();
        for i in 0..MAX_POWERS {
            assert_eq!(b.power(name(i)), Power(i as u8));
        }
        assert_eq!(b.error(), None, "{MAX_POWERS} powers fit");
        assert_eq!(b.power(name(MAX_POWERS)), Power(0));
        assert_eq!(b.error(), Some(MapError::TooLarge));
    }

    #[test]
    fn location_set_operations() {
        let mut set = LocationSet::EMPTY;
        assert!(set.is_empty());
        set.insert(3);
        set.insert(200);
        set.insert(1000);
        assert!(set.contains(200) && !set.contains(4) && !set.contains(1000));
        // The last index fits; the first past it is ignored and never contained.
        set.insert(MAX_LOCATIONS - 1);
        set.insert(MAX_LOCATIONS);
        assert!(set.contains(MAX_LOCATIONS - 1) && !set.contains(MAX_LOCATIONS));
        let mut items = [0usize; 2];
        for (slot, item) in items.iter_mut().zip(set.iter()) {
            *slot = item;
        }
        assert_eq!(items, [3, 200]);
        let mut other = LocationSet::EMPTY;
        other.insert(200);
        assert!(set.intersects(&other));
    }
}
