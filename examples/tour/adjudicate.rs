//! The tour's adjudicate section.

/// Prints this routine's worked examples.
pub fn show() {}
