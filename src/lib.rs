//! # ordo
//!
//! Exact, allocation-free rules and bot routines for turn-based games, with a C ABI.
//!
//! | module | routine |
//! |---|---|
//! | [`ranked`] | the bounded candidate order of ranked groups a planning bot tries first |
//! | [`select`] | one action by category priority, then that category's tie-break key |
//! | [`draw`] | the play order of a shuffled deck under an ordered hand (dual-map emulated draw) |
//! | [`adjudicate`] | Diplomacy's movement, retreat and adjustment phases, DATC v3.1 |
//!
//! The crate is `#![no_std]` and never allocates: every capacity is a named
//! constant, and working memory is fixed-size or provided by the caller.
//! [`ffi`] is the C face (`include/ordo.h`); it is the only module with `unsafe`.
#![no_std]
#![deny(unsafe_op_in_unsafe_fn)]
#![deny(missing_docs)]

// Only `ffi` may use `unsafe`; the core modules cannot.
#[forbid(unsafe_code)]
pub mod adjudicate;
#[forbid(unsafe_code)]
pub mod draw;
pub mod ffi;
#[forbid(unsafe_code)]
pub mod ranked;
#[forbid(unsafe_code)]
pub mod select;

/// Marks the branch that calls it as rarely taken, so the compiler keeps it a branch instead of
/// turning it into conditional moves (`core::hint::cold_path`, which is newer than the MSRV).
#[cold]
#[inline(never)]
pub(crate) fn cold_path() {}

/// The README's Rust examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;

/// The Rust examples of `docs/`, compiled and run as doc tests.
#[cfg(doctest)]
mod docs_examples {
    #[doc = include_str!("../docs/adjudicate.md")]
    struct Adjudicate;
    #[doc = include_str!("../docs/draw.md")]
    struct Draw;
    #[doc = include_str!("../docs/select.md")]
    struct Select;
}
