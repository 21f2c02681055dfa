//! The tour's draw section.

/// Prints this routine's worked examples.
pub fn show() {}
