//! C face of [`crate::ranked`] (under construction).
