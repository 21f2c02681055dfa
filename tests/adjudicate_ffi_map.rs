//! `ordo_map_build` validates a map description completely before it writes
//! anything: on thousands of random small descriptions (repeated names, bad
//! homes, coasts of the wrong province, borders over the wrong terrain or
//! missing their reverse) it succeeds exactly when the Rust `MapBuilder`
//! (with `check_symmetric`) accepts the same map, and when it fails the
//! buffer and `*out_map` are untouched.

use std::ffi::{CString, c_char};

use ordo::adjudicate::{Coast, Location, MapBuilder, Power, ProvinceInfo, ProvinceKind};
use ordo::ffi::adjudicate::*;
use ordo::ffi::ordo_status;

#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

const NAMES: [&str; 12] = [
    "Alpha", "Beta", "Gamma", "Delta", "Eps", "Zeta", "Eta", "Theta", "Iota", "Kappa", "ALPHA",
    "Lambda",
];

struct Desc {
    powers: Vec<CString>,
    names: Vec<(CString, CString)>,
    locations: Vec<ordo_map_location>,
    army: Vec<ordo_border>,
    fleet: Vec<ordo_border>,
}

fn random_desc(rng: &mut Rng) -> Desc {
    let power_count = 1 + rng.below(3);
    let powers = (0..power_count)
        .map(|i| {
            CString::new(if rng.chance(3) {
                "Red".to_string()
            } else {
                format!("Power{i}")
            })
            .unwrap()
        })
        .collect();
    let province_count = 2 + rng.below(6);
    let names: Vec<(CString, CString)> = (0..province_count)
        .map(|i| {
            let name = if rng.chance(5) {
                NAMES[rng.below(12)].to_string()
            } else {
                format!("Province{i}")
            };
            (
                CString::new(name).unwrap(),
                CString::new(format!("P{i}")).unwrap(),
            )
        })
        .collect();
    let mut locations = Vec::new();
    let kinds: Vec<u8> = (0..province_count).map(|_| rng.below(3) as u8).collect();
    for ((name, abbreviation), &kind) in names.iter().zip(&kinds) {
        let supply_centre = rng.chance(40) as u8;
        let home = if rng.chance(20) && (supply_centre == 1 || rng.chance(10)) {
            let unknown_too = usize::from(rng.chance(10));
            rng.below(power_count + unknown_too) as u8
        } else {
            ORDO_ADJUDICATE_NO_POWER
        };
        locations.push(ordo_map_location {
            name: name.as_ptr(),
            abbreviation: abbreviation.as_ptr(),
            kind,
            coast: 0,
            province: 0,
            supply_centre,
            home,
        });
    }
    let coastal: Vec<usize> = (0..province_count).filter(|&p| kinds[p] == 1).collect();
    for _ in 0..rng.below(3) {
        let province = if !coastal.is_empty() && !rng.chance(10) {
            coastal[rng.below(coastal.len())]
        } else {
            rng.below(province_count + 1)
        };
        locations.push(ordo_map_location {
            name: std::ptr::null(),
            abbreviation: std::ptr::null(),
            kind: 0,
            coast: 1 + rng.below(4) as u8,
            province: province as u16,
            supply_centre: 0,
            home: ORDO_ADJUDICATE_NO_POWER,
        });
    }
    // Mostly borders the terrain allows, sometimes any pair, sometimes without its reverse.
    let province_of = |l: usize| {
        if l < province_count {
            l
        } else {
            usize::from(locations[l].province).min(province_count - 1)
        }
    };
    let land: Vec<usize> = (0..province_count).filter(|&p| kinds[p] != 2).collect();
    let water: Vec<usize> = (0..locations.len())
        .filter(|&l| {
            let p = province_of(l);
            let has_coasts = locations[province_count..]
                .iter()
                .any(|c| usize::from(c.province) == p);
            kinds[p] != 0 && !(l < province_count && has_coasts)
        })
        .collect();
    let mut borders = |pool: &[usize], limit: usize| {
        let mut list = Vec::new();
        for _ in 0..rng.below(8) {
            let mut pick = || {
                if pool.is_empty() || rng.chance(3) {
                    rng.below(limit + 1) as u16
                } else {
                    pool[rng.below(pool.len())] as u16
                }
            };
            let (from, to) = (pick(), pick());
            list.push(ordo_border { from, to });
            if !rng.chance(3) {
                list.push(ordo_border { from: to, to: from });
            }
        }
        list
    };
    let army = borders(&land, province_count);
    let fleet = borders(&water, locations.len());
    Desc {
        powers,
        names,
        locations,
        army,
        fleet,
    }
}

/// Whether the Rust builder accepts the description.
fn builder_accepts(desc: &Desc) -> bool {
    let mut builder = Box::new(MapBuilder::new());
    for power in &desc.powers {
        builder.power(power.to_str().unwrap());
    }
    let province_count = desc.locations.iter().take_while(|l| l.coast == 0).count();
    for (location, (name, abbreviation)) in desc.locations[..province_count].iter().zip(&desc.names)
    {
        builder.province(ProvinceInfo {
            name: name.to_str().unwrap(),
            abbreviation: abbreviation.to_str().unwrap(),
            kind: [
                ProvinceKind::Inland,
                ProvinceKind::Coastal,
                ProvinceKind::Sea,
            ][location.kind as usize],
            supply_centre: location.supply_centre == 1,
            home: (location.home != ORDO_ADJUDICATE_NO_POWER).then_some(Power(location.home)),
        });
    }
    builder.seal_provinces();
    for location in &desc.locations[province_count..] {
        let coast =
            [Coast::North, Coast::South, Coast::East, Coast::West][location.coast as usize - 1];
        builder.coast(Location(location.province as u8), coast);
    }
    let pairs = |list: &[ordo_border]| -> Vec<(Location, Location)> {
        list.iter()
            .map(|b| (Location(b.from as u8), Location(b.to as u8)))
            .collect()
    };
    builder.check_symmetric(&pairs(&desc.army));
    builder.check_symmetric(&pairs(&desc.fleet));
    for b in &desc.army {
        builder.army_border(Location(b.from as u8), Location(b.to as u8));
    }
    for b in &desc.fleet {
        builder.fleet_border(Location(b.from as u8), Location(b.to as u8));
    }
    builder.error().is_none()
}

#[test]
fn ordo_map_build_accepts_exactly_what_the_builder_accepts_and_writes_nothing_otherwise() {
    let mut rng = Rng::new(5);
    let mut buffer = vec![0x5A5A_5A5A_5A5A_5A5Au64; ORDO_MAP_BYTES / 8];
    let (mut accepted, mut refused) = (0, 0);
    for case in 0..10_000 {
        let desc = random_desc(&mut rng);
        let powers: Vec<*const c_char> = desc.powers.iter().map(|p| p.as_ptr()).collect();
        let c_desc = ordo_map_desc {
            powers: powers.as_ptr(),
            power_count: powers.len(),
            locations: desc.locations.as_ptr(),
            location_count: desc.locations.len(),
            army_borders: desc.army.as_ptr(),
            army_border_count: desc.army.len(),
            fleet_borders: desc.fleet.as_ptr(),
            fleet_border_count: desc.fleet.len(),
        };
        let sentinel = 0x1234 as *const ordo_map;
        let mut map = sentinel;
        // SAFETY: the description's arrays and names live in `desc` and
        // `powers`; the buffer holds ORDO_MAP_BYTES aligned bytes.
        let status = unsafe {
            ordo_map_build(
                &c_desc,
                buffer.as_mut_ptr().cast(),
                ORDO_MAP_BYTES,
                &mut map,
            )
        };
        let expected = builder_accepts(&desc);
        assert_eq!(
            status == ordo_status::ORDO_OK,
            expected,
            "case {case}: {status:?}"
        );
        if status == ordo_status::ORDO_OK {
            accepted += 1;
            let mut info = ordo_map_info {
                province_count: 0,
                location_count: 0,
                power_count: 0,
            };
            // SAFETY: `map` was just built in `buffer`, which is alive and unmoved.
            assert_eq!(
                unsafe { ordo_map_get_info(map, &mut info) },
                ordo_status::ORDO_OK
            );
            assert_eq!(usize::from(info.location_count), desc.locations.len());
            buffer.fill(0x5A5A_5A5A_5A5A_5A5A);
        } else {
            refused += 1;
            assert_eq!(status, ordo_status::ORDO_ERR_INVALID_MAP, "case {case}");
            assert_eq!(map, sentinel);
            assert!(
                buffer.iter().all(|&w| w == 0x5A5A_5A5A_5A5A_5A5A),
                "case {case}: buffer written on error"
            );
        }
    }
    assert!(
        accepted > 500 && refused > 500,
        "accepted {accepted}, refused {refused}"
    );
}

/// A map at every capacity, each name as long as allowed, builds and keeps every name.
#[test]
fn ordo_map_build_holds_every_name_at_full_length() {
    let long = |letter: char, i: usize| {
        CString::new(format!(
            "{letter}{i:0>width$}",
            width = ORDO_ADJUDICATE_MAX_NAME_BYTES - 1
        ))
        .unwrap()
    };
    let powers: Vec<CString> = (0..ORDO_ADJUDICATE_MAX_POWERS)
        .map(|i| long('P', i))
        .collect();
    let names: Vec<(CString, CString)> = (0..ORDO_ADJUDICATE_MAX_LOCATIONS)
        .map(|i| (long('N', i), long('A', i)))
        .collect();
    let locations: Vec<ordo_map_location> = names
        .iter()
        .map(|(name, abbreviation)| ordo_map_location {
            name: name.as_ptr(),
            abbreviation: abbreviation.as_ptr(),
            kind: 0,
            coast: 0,
            province: 0,
            supply_centre: 0,
            home: ORDO_ADJUDICATE_NO_POWER,
        })
        .collect();
    let power_pointers: Vec<*const c_char> = powers.iter().map(|p| p.as_ptr()).collect();
    let desc = ordo_map_desc {
        powers: power_pointers.as_ptr(),
        power_count: power_pointers.len(),
        locations: locations.as_ptr(),
        location_count: locations.len(),
        army_borders: core::ptr::null(),
        army_border_count: 0,
        fleet_borders: core::ptr::null(),
        fleet_border_count: 0,
    };
    let mut buffer = vec![0u64; ORDO_MAP_BYTES / 8];
    let mut map = core::ptr::null();
    // SAFETY: the description's arrays and names live until the end of the test; the buffer
    // holds ORDO_MAP_BYTES aligned bytes.
    let status =
        unsafe { ordo_map_build(&desc, buffer.as_mut_ptr().cast(), ORDO_MAP_BYTES, &mut map) };
    assert_eq!(status, ordo_status::ORDO_OK);
    for (i, (name, abbreviation)) in names.iter().enumerate() {
        for text in [name, abbreviation] {
            let mut location = u16::MAX;
            // SAFETY: `map` was built in `buffer`, alive and unmoved; `text` is a C string.
            let status = unsafe {
                ordo_map_find_location(map, text.as_ptr(), text.as_bytes().len(), &mut location)
            };
            assert_eq!((status, usize::from(location)), (ordo_status::ORDO_OK, i));
        }
    }
    for (i, name) in powers.iter().enumerate() {
        let mut power = u8::MAX;
        // SAFETY: as above.
        let status =
            unsafe { ordo_map_find_power(map, name.as_ptr(), name.as_bytes().len(), &mut power) };
        assert_eq!((status, usize::from(power)), (ordo_status::ORDO_OK, i));
    }
}
