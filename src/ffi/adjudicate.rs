//! C face of [`crate::adjudicate`] (under construction).
