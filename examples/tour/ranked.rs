//! The tour's ranked section.

/// Prints this routine's worked examples.
pub fn show() {}
