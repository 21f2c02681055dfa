//! C face of [`crate::select`] (under construction).
