//! Helpers shared by ordo's fuzz targets.

use arbitrary::Unstructured;

/// A byte that is mostly one of `0..valid`, and otherwise any value (an
/// out-of-range C enum or flag): the C face must refuse those with a status.
pub fn enum_byte(u: &mut Unstructured<'_>, valid: u8) -> u8 {
    let b: u8 = u.arbitrary().unwrap_or(0);
    if b >= 0xF0 { b } else { b % valid }
}

/// An index mostly below `bound` (bound > 0), sometimes any `u16`.
pub fn index_u16(u: &mut Unstructured<'_>, bound: u16) -> u16 {
    let b: u8 = u.arbitrary().unwrap_or(0);
    if b >= 0xF8 {
        u.arbitrary().unwrap_or(u16::MAX)
    } else {
        u16::from(b) % bound
    }
}

/// A length near `wanted`: exactly it most of the time, otherwise one less,
/// one more, or zero.
pub fn length_near(u: &mut Unstructured<'_>, wanted: usize) -> usize {
    match u.arbitrary::<u8>().unwrap_or(0) % 8 {
        0 => wanted.saturating_sub(1),
        1 => wanted + 1,
        2 => 0,
        _ => wanted,
    }
}
