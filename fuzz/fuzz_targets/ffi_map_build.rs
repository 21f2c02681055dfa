//! `ordo_map_build` on arbitrary map descriptions: names from a small
//! alphabet with a space (so that repeats and multi-word names happen) or arbitrary bytes (invalid UTF-8,
//! too long, NULL), location kinds, coasts, homes and supply-centre flags
//! from raw bytes, border lists that are usually but not always symmetric.
//!
//! Checks: a status, never a panic; on error neither the buffer nor
//! `*out_map` is written; on success the safe `MapBuilder` accepts the same
//! description, the C map reports the same counts, every location's name
//! comes back through `ordo_map_location_name` and is found again by
//! `ordo_map_find_location` (and every power by `ordo_map_find_power`), a
//! copy of the buffer at another address is refused, and `ordo_parse_order`
//! and `ordo_adjudicate` run on the new map.
#![no_main]

use std::ffi::CString;

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use ordo::adjudicate::{Coast, Location, MapBuilder, Power, ProvinceInfo, ProvinceKind};
use ordo::ffi::adjudicate::{
    ORDO_ADJUDICATE_NO_POWER, ORDO_ADJUDICATE_WORKSPACE_BYTES, ORDO_MAP_BYTES, ordo_adjudicate,
    ordo_border, ordo_map, ordo_map_build, ordo_map_desc, ordo_map_find_location,
    ordo_map_find_power, ordo_map_get_info, ordo_map_info, ordo_map_location,
    ordo_map_location_name, ordo_order, ordo_order_result, ordo_parse_order, ordo_unit,
    ordo_unit_result,
};
use ordo::ffi::ordo_status;
use ordo_fuzz::enum_byte;

const FILL: u64 = 0xA5A5_A5A5_A5A5_A5A5;

/// A name: `None` for NULL; otherwise mostly 1-4 letters and spaces of a
/// small alphabet, sometimes arbitrary bytes (no NUL).
fn name(u: &mut Unstructured<'_>) -> arbitrary::Result<Option<CString>> {
    let shape = u.arbitrary::<u8>()?;
    let bytes: Vec<u8> = match shape {
        0 => return Ok(None),
        1..=8 => {
            let len = usize::from(u.arbitrary::<u8>()? % 70);
            (0..len)
                .map(|_| u.arbitrary::<u8>().map(|b| b.max(1)))
                .collect::<Result<_, _>>()?
        }
        _ => {
            // Spaces too: words separated by one space are accepted, a space at
            // either end or two in a row are refused.
            let len = 1 + usize::from(shape % 4);
            (0..len)
                .map(|_| u.arbitrary::<u8>().map(|b| b"abcdAB "[usize::from(b % 7)]))
                .collect::<Result<_, _>>()?
        }
    };
    Ok(Some(CString::new(bytes).expect("no NUL")))
}

fn border_list(u: &mut Unstructured<'_>, bound: u16) -> arbitrary::Result<Vec<ordo_border>> {
    let n = usize::from(u.arbitrary::<u8>()? % 24);
    let mut borders = Vec::new();
    for _ in 0..n {
        let from = u16::from(u.arbitrary::<u8>()?) % bound.max(1);
        let to = u16::from(u.arbitrary::<u8>()?) % bound.max(1);
        borders.push(ordo_border { from, to });
        if u.arbitrary::<u8>()? != 0 {
            borders.push(ordo_border { from: to, to: from });
        }
    }
    Ok(borders)
}

fn to_str(name: &CString) -> &str {
    name.to_str().expect("accepted names are UTF-8")
}

fn c_map_counts(map: *const ordo_map) -> ordo_map_info {
    let mut info = ordo_map_info {
        province_count: 0,
        location_count: 0,
        power_count: 0,
    };
    // SAFETY: `map` is a live map; `info` a local.
    assert_eq!(
        unsafe { ordo_map_get_info(map, &mut info) },
        ordo_status::ORDO_OK
    );
    info
}

fn run(u: &mut Unstructured<'_>) -> arbitrary::Result<()> {
    let power_count = usize::from(u.arbitrary::<u8>()? % 18);
    let power_names: Vec<Option<CString>> = (0..power_count)
        .map(|_| name(u))
        .collect::<Result<_, _>>()?;
    let province_count = usize::from(u.arbitrary::<u8>()? % 12);
    let coast_count = usize::from(u.arbitrary::<u8>()? % 5);
    let mut names: Vec<(Option<CString>, Option<CString>)> = Vec::new();
    let mut locations = Vec::new();
    for _ in 0..province_count {
        names.push((name(u)?, name(u)?));
        let home = match u.arbitrary::<u8>()? {
            b if b < 0xC0 => ORDO_ADJUDICATE_NO_POWER,
            b => b % 20,
        };
        locations.push(ordo_map_location {
            name: core::ptr::null(),
            abbreviation: core::ptr::null(),
            kind: enum_byte(u, 3),
            coast: if u.arbitrary::<u8>()? == 0 {
                enum_byte(u, 5)
            } else {
                0
            },
            province: 0,
            supply_centre: enum_byte(u, 2),
            home,
        });
    }
    for _ in 0..coast_count {
        names.push((None, None));
        locations.push(ordo_map_location {
            name: core::ptr::null(),
            abbreviation: core::ptr::null(),
            kind: enum_byte(u, 3),
            coast: enum_byte(u, 5),
            province: u16::from(u.arbitrary::<u8>()?) % (province_count as u16 + 1),
            supply_centre: 0,
            home: 0,
        });
    }
    for (location, (n, a)) in locations.iter_mut().zip(&names) {
        location.name = n.as_ref().map_or(core::ptr::null(), |n| n.as_ptr());
        location.abbreviation = a.as_ref().map_or(core::ptr::null(), |a| a.as_ptr());
    }
    let location_bound = locations.len() as u16 + 1;
    let army_borders = border_list(u, province_count as u16 + 1)?;
    let fleet_borders = border_list(u, location_bound)?;
    let power_ptrs: Vec<*const core::ffi::c_char> = power_names
        .iter()
        .map(|n| n.as_ref().map_or(core::ptr::null(), |n| n.as_ptr()))
        .collect();
    let desc = ordo_map_desc {
        powers: power_ptrs.as_ptr(),
        power_count,
        locations: locations.as_ptr(),
        location_count: locations.len(),
        army_borders: army_borders.as_ptr(),
        army_border_count: army_borders.len(),
        fleet_borders: fleet_borders.as_ptr(),
        fleet_border_count: fleet_borders.len(),
    };
    let mut buffer = vec![FILL; ORDO_MAP_BYTES / 8];
    let sentinel_map = std::ptr::dangling::<ordo_map>();
    let mut out_map = sentinel_map;
    // SAFETY: the description's arrays hold their counts and its names are
    // NUL-terminated; the buffer holds `ORDO_MAP_BYTES` aligned bytes.
    let status = unsafe {
        ordo_map_build(
            &desc,
            buffer.as_mut_ptr().cast(),
            ORDO_MAP_BYTES,
            &mut out_map,
        )
    };
    if status != ordo_status::ORDO_OK {
        assert_eq!(out_map, sentinel_map, "{status:?}: out_map written");
        assert!(
            buffer.iter().all(|&w| w == FILL),
            "{status:?}: buffer written"
        );
        return Ok(());
    }
    assert_eq!(out_map, buffer.as_ptr().cast());

    // The safe builder must accept the same description.
    let mut builder = Box::new(MapBuilder::new());
    for n in &power_names {
        builder.power(to_str(n.as_ref().expect("accepted")));
    }
    let kinds = [
        ProvinceKind::Inland,
        ProvinceKind::Coastal,
        ProvinceKind::Sea,
    ];
    let coasts = [Coast::North, Coast::South, Coast::East, Coast::West];
    let provinces = locations.iter().take_while(|l| l.coast == 0).count();
    for (l, (n, a)) in locations.iter().zip(&names).take(provinces) {
        builder.province(ProvinceInfo {
            name: to_str(n.as_ref().expect("accepted")),
            abbreviation: to_str(a.as_ref().expect("accepted")),
            kind: kinds[usize::from(l.kind)],
            supply_centre: l.supply_centre == 1,
            home: (l.home != ORDO_ADJUDICATE_NO_POWER).then_some(Power(l.home)),
        });
    }
    builder.seal_provinces();
    for l in &locations[provinces..] {
        builder.coast(Location(l.province as u8), coasts[usize::from(l.coast) - 1]);
    }
    for b in &army_borders {
        builder.army_border(Location(b.from as u8), Location(b.to as u8));
    }
    for b in &fleet_borders {
        builder.fleet_border(Location(b.from as u8), Location(b.to as u8));
    }
    let safe = builder
        .map()
        .expect("the C face built a map the safe builder refuses");

    let map: *const ordo_map = out_map;
    let info = c_map_counts(map);
    assert_eq!(usize::from(info.province_count), safe.province_count());
    assert_eq!(usize::from(info.location_count), safe.location_count());
    assert_eq!(usize::from(info.power_count), safe.power_count());

    // Letters and digits in words separated by single spaces (as every accepted name's
    // spaces are): found again whatever their spacing in the text.
    let plain = |s: &str| s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b' ');
    for l in 0..info.location_count {
        let mut buf = [0 as core::ffi::c_char; 80];
        let mut len = 0usize;
        for style in [0u8, 1] {
            // SAFETY: live map; `buf` and `len` are locals.
            let status = unsafe {
                ordo_map_location_name(map, l, style, buf.as_mut_ptr(), buf.len(), &mut len)
            };
            assert_eq!(status, ordo_status::ORDO_OK);
            let text: Vec<u8> = buf[..len].iter().map(|&b| b as u8).collect();
            let text = String::from_utf8(text).expect("names are UTF-8");
            let location = Location(l as u8);
            let base = if style == 0 {
                safe.abbreviation(location)
            } else {
                safe.name(location)
            };
            assert!(text.starts_with(base));
            let mut found = u16::MAX;
            // SAFETY: live map; `text` readable; `found` a local.
            let status = unsafe {
                ordo_map_find_location(map, text.as_ptr().cast(), text.len(), &mut found)
            };
            if plain(base) {
                assert_eq!(status, ordo_status::ORDO_OK, "{text:?} not found");
                // Names are unique case-insensitively, and a custom map has no aliases.
                assert_eq!(found, l, "{text:?}");
            }
        }
    }
    for (p, n) in power_names.iter().enumerate() {
        let n = to_str(n.as_ref().expect("accepted"));
        let mut found = u8::MAX;
        // SAFETY: live map; `n` readable; `found` a local.
        let status = unsafe { ordo_map_find_power(map, n.as_ptr().cast(), n.len(), &mut found) };
        if plain(n) {
            assert_eq!(status, ordo_status::ORDO_OK);
            assert_eq!(usize::from(found), p);
        }
    }

    // A copy at another address is refused.
    let mut moved = buffer.clone();
    let mut info2 = ordo_map_info {
        province_count: 0,
        location_count: 0,
        power_count: 0,
    };
    // SAFETY: `moved` is initialised memory of the right size; refused before use.
    let status = unsafe { ordo_map_get_info(moved.as_mut_ptr().cast(), &mut info2) };
    assert_eq!(status, ordo_status::ORDO_ERR_INVALID_ARGUMENT);

    // The parser and the adjudicator run on it.
    if info.power_count > 0 && info.location_count > 0 {
        let text = u.arbitrary::<&str>().unwrap_or("");
        let mut order = ordo_order {
            power: 0,
            kind: 0,
            unit_kind: 0,
            target_kind: 0,
            via_convoy: 0,
            location: 0,
            unit: 0,
            to: 0,
        };
        // SAFETY: live map; `text` readable; `order` a local; NULL error allowed.
        let _ = unsafe {
            ordo_parse_order(
                map,
                text.as_ptr().cast(),
                text.len(),
                0,
                &mut order,
                core::ptr::null_mut(),
            )
        };
        let n = usize::from(u.arbitrary::<u8>().unwrap_or(0) % 8);
        let units: Vec<ordo_unit> = (0..n)
            .map(|_| ordo_unit {
                kind: u.arbitrary::<u8>().unwrap_or(0) % 2,
                power: u.arbitrary::<u8>().unwrap_or(0) % info.power_count as u8,
                location: u16::from(u.arbitrary::<u8>().unwrap_or(0)) % info.location_count,
            })
            .collect();
        let orders: Vec<ordo_order> = units
            .iter()
            .map(|unit| ordo_order {
                power: unit.power,
                kind: 1,
                unit_kind: 2,
                target_kind: 2,
                via_convoy: u.arbitrary::<u8>().unwrap_or(0) % 2,
                location: unit.location,
                unit: 0,
                to: u16::from(u.arbitrary::<u8>().unwrap_or(0)) % info.location_count,
            })
            .collect();
        let mut workspace = vec![0u64; ORDO_ADJUDICATE_WORKSPACE_BYTES / 8];
        let mut order_results = vec![
            ordo_order_result {
                outcome: ordo::ffi::adjudicate::ordo_outcome::ORDO_OUTCOME_SUCCEEDS,
                fail: ordo::ffi::adjudicate::ordo_fail_reason::ORDO_FAIL_NONE,
                illegal: ordo::ffi::adjudicate::ordo_illegal_reason::ORDO_ILLEGAL_NONE,
            };
            orders.len()
        ];
        let mut unit_results = vec![
            ordo_unit_result {
                order: 0,
                moved_to: 0,
                dislodged: 0,
                dislodged_via_convoy: 0,
                dislodged_by: 0,
                dislodged_from: 0,
            };
            units.len()
        ];
        let mut contested = [0u16; 256];
        let mut contested_count = 0usize;
        // SAFETY: every buffer holds its length; no overlap.
        let _ = unsafe {
            ordo_adjudicate(
                map,
                units.as_ptr(),
                units.len(),
                orders.as_ptr(),
                orders.len(),
                core::ptr::null(),
                workspace.as_mut_ptr().cast(),
                ORDO_ADJUDICATE_WORKSPACE_BYTES,
                order_results.as_mut_ptr(),
                order_results.len(),
                unit_results.as_mut_ptr(),
                unit_results.len(),
                contested.as_mut_ptr(),
                contested.len(),
                &mut contested_count,
            )
        };
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
