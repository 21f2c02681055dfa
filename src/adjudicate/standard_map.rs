//! The standard map of Diplomacy (2023 rulebook): 75 provinces (14 inland,
//! 42 coastal, 19 sea), 81 locations (St Petersburg, Spain and Bulgaria have
//! two coasts each), 34 supply centres of which 22 are home centres of the
//! seven powers, 111 army borders and 141 fleet borders. Built at compile
//! time; the location constants (`LON`, `STP_SC`, ...) name its locations.

use super::Power;
use super::map::{Location, Map, MapBuilder, ProvinceInfo};
pub use super::standard_data::*;
use super::standard_data::{ARMY_BORDERS, COASTS, FLEET_BORDERS, PROVINCES};

/// Austria (Austria-Hungary).
pub const AUSTRIA: Power = Power(0);
/// England.
pub const ENGLAND: Power = Power(1);
/// France.
pub const FRANCE: Power = Power(2);
/// Germany.
pub const GERMANY: Power = Power(3);
/// Italy.
pub const ITALY: Power = Power(4);
/// Russia.
pub const RUSSIA: Power = Power(5);
/// Turkey.
pub const TURKEY: Power = Power(6);

/// Other accepted spellings: common abbreviations of other conventions,
/// "Gulf of Lyons", "St. Petersburg", and DATC's misspelling "Rhur" (6.F.25).
const ALIASES: &[(&str, Location)] = &[
    ("Lyons", LYO),
    ("Gulf of Lyons", LYO),
    ("GoL", LYO),
    ("Mid", MAO),
    ("Mid Atlantic Ocean", MAO),
    ("Mid-Atlantic", MAO),
    ("Nat", NAO),
    ("North Atlantic", NAO),
    ("Tyn", TYS),
    ("Tyrrhenian", TYS),
    ("Ech", ENG),
    ("Channel", ENG),
    ("Heligoland Bight", HEL),
    ("Helgoland", HEL),
    ("Wme", WES),
    ("Western Med", WES),
    ("Eme", EAS),
    ("Eastern Med", EAS),
    ("GoB", BOT),
    ("Bothnia", BOT),
    ("Lpl", LVP),
    ("Lvo", LVN),
    ("Nor", NWY),
    ("St. Petersburg", STP),
    ("Saint Petersburg", STP),
    ("St.Petersburg", STP),
    ("StPetersburg", STP),
    ("Rhur", RUH),
    ("Tunisia", TUN),
];

const fn build() -> Map<'static> {
    let mut b = MapBuilder::new();
    let names = [
        "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
    ];
    let mut i = 0;
    while i < names.len() {
        b.power(names[i]);
        i += 1;
    }
    let mut i = 0;
    while i < PROVINCES.len() {
        let (abbreviation, name, kind, supply_centre, home) = PROVINCES[i];
        b.province(ProvinceInfo {
            name,
            abbreviation,
            kind,
            supply_centre,
            home: if home == u8::MAX {
                None
            } else {
                Some(Power(home))
            },
        });
        i += 1;
    }
    let mut i = 0;
    while i < COASTS.len() {
        b.coast(Location(COASTS[i].0), COASTS[i].1);
        i += 1;
    }
    let mut i = 0;
    while i < ARMY_BORDERS.len() {
        b.army_border(Location(ARMY_BORDERS[i].0), Location(ARMY_BORDERS[i].1));
        i += 1;
    }
    let mut i = 0;
    while i < FLEET_BORDERS.len() {
        b.fleet_border(Location(FLEET_BORDERS[i].0), Location(FLEET_BORDERS[i].1));
        i += 1;
    }
    b.aliases(ALIASES);
    match b.build() {
        Ok(map) => map,
        Err(_) => panic!("the standard map data is inconsistent"),
    }
}

static STANDARD: Map<'static> = build();

/// The standard map (a reference to data built at compile time).
pub fn standard() -> &'static Map<'static> {
    &STANDARD
}
