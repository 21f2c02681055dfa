//! Which vector kernels [`select_columns`](super::select_columns), the C face's columnar
//! calls and [`select`](super::select) over eight to 64 actions may use: the CPU's best by
//! default, found once at run time; a caller may limit them (to avoid AVX-512 on CPUs that
//! slow their clock for it, or to measure one path). The choice is only a matter of speed:
//! every level returns the same answers as the portable scans.
//!
//! The limit is process-wide and takes effect for the calls that start after it is set;
//! setting it from several threads at once leaves one of their limits in force.

use crate::ffi::cpu;

/// A level of vector instructions, each with every instruction of the one before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Simd {
    /// No vector kernel: the portable scans (every target).
    Portable,
    /// The AVX2 kernels (x86-64).
    Avx2,
    /// The AVX-512 kernels (x86-64 with AVX-512F and AVX-512VL), and the AVX2 ones (which
    /// also run from 33 to 511 actions on a CPU whose AVX-512 runs on 256-bit halves, AMD
    /// Zen 4, where they measured faster).
    Avx512,
}

impl Simd {
    fn from_level(level: u8) -> Simd {
        match level {
            cpu::AVX512 => Simd::Avx512,
            cpu::AVX2 => Simd::Avx2,
            _ => Simd::Portable,
        }
    }

    fn level(self) -> u8 {
        match self {
            Simd::Portable => cpu::NO_KERNEL,
            Simd::Avx2 => cpu::AVX2,
            Simd::Avx512 => cpu::AVX512,
        }
    }
}

/// The level the kernels use now: the CPU's best, or less when [`limit_simd`] has limited it
/// ([`Simd::Portable`] on targets without kernels, and under Miri).
pub fn simd_in_use() -> Simd {
    Simd::from_level(cpu::level())
}

/// Lets the kernels use at most `limit` from now on (`Simd::Avx512` lifts any limit), and
/// returns the level now in use: the lesser of `limit` and what the CPU has.
///
/// ```
/// use ordo::select::{Simd, limit_simd, simd_in_use};
///
/// assert_eq!(limit_simd(Simd::Portable), Simd::Portable);
/// assert_eq!(simd_in_use(), Simd::Portable);
/// assert!(limit_simd(Simd::Avx512) >= Simd::Portable);
/// ```
pub fn limit_simd(limit: Simd) -> Simd {
    Simd::from_level(cpu::limit_level(limit.level()))
}
