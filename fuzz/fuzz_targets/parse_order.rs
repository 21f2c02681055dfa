//! `parse_order` (Rust) and `ordo_parse_order` (C) on arbitrary bytes.
//!
//! Checks: no panic; both faces agree (OK with the same order, or a parse
//! error at the same offset); on error `*out` is untouched; a parsed order
//! formats (`format_order`) to text that parses back to the same order.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ordo::adjudicate::{Action, UnitKind, format_order, parse_order, standard};
use ordo::ffi::adjudicate::{
    ORDO_ADJUDICATE_NONE, ordo_map_standard, ordo_order, ordo_parse_error, ordo_parse_error_kind,
    ordo_parse_order,
};
use ordo::ffi::ordo_status;

const SENTINEL: ordo_order = ordo_order {
    power: 0xAB,
    kind: 0xAB,
    unit_kind: 0xAB,
    target_kind: 0xAB,
    via_convoy: 0xAB,
    location: 0xABAB,
    unit: 0xABAB,
    to: 0xABAB,
};

fn kind_byte(kind: Option<UnitKind>) -> u8 {
    match kind {
        Some(UnitKind::Army) => 0,
        Some(UnitKind::Fleet) => 1,
        None => 2,
    }
}

fuzz_target!(|data: &[u8]| {
    let map = standard();
    let mut out = SENTINEL;
    let mut error = ordo_parse_error {
        offset: usize::MAX,
        kind: ordo_parse_error_kind::ORDO_PARSE_EMPTY,
    };
    // SAFETY: `data` is readable for its length; `out` and `error` are writable locals.
    let status = unsafe {
        ordo_parse_order(
            ordo_map_standard(),
            data.as_ptr().cast(),
            data.len(),
            3,
            &mut out,
            &mut error,
        )
    };
    let Ok(text) = core::str::from_utf8(data) else {
        assert_eq!(status, ordo_status::ORDO_ERR_PARSE);
        assert_eq!(out, SENTINEL);
        assert_eq!(error.kind, ordo_parse_error_kind::ORDO_PARSE_INVALID_UTF8);
        assert_eq!(
            Some(error.offset),
            core::str::from_utf8(data).err().map(|e| e.valid_up_to())
        );
        return;
    };
    match parse_order(map, text) {
        Err(e) => {
            assert_eq!(status, ordo_status::ORDO_ERR_PARSE);
            assert_eq!(out, SENTINEL, "written on error");
            assert_eq!(error.offset, e.at);
            assert!(e.at <= text.len());
        }
        Ok(order) => {
            assert_eq!(status, ordo_status::ORDO_OK);
            assert_eq!(out.power, 3);
            assert_eq!(out.location, u16::from(order.location.0));
            assert_eq!(out.unit_kind, kind_byte(order.kind));
            let none = ORDO_ADJUDICATE_NONE;
            let (kind, unit, to) = match order.action {
                Action::Hold => (0, none, none),
                Action::Move { to, .. } => (1, none, u16::from(to.0)),
                Action::SupportHold { unit, .. } => (2, u16::from(unit.0), none),
                Action::SupportMove { from, to, .. } => (3, u16::from(from.0), u16::from(to.0)),
                Action::Convoy { from, to } => (4, u16::from(from.0), u16::from(to.0)),
            };
            assert_eq!((out.kind, out.unit, out.to), (kind, unit, to));
            let formatted = format_order(map, &order).to_string();
            let again = parse_order(map, &formatted)
                .unwrap_or_else(|e| panic!("{text:?} -> {formatted:?} does not parse: {e}"));
            assert_eq!(again, order, "{text:?} -> {formatted:?}");
        }
    }
});
