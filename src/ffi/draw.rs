//! C face of [`crate::draw`] (under construction).
