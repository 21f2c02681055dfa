//! The tour's select section.

/// Prints this routine's worked examples.
pub fn show() {}
