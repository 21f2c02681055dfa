//! A tour of ordo: every seed's worked example, run through the library.
//!
//! `cargo run --release --example tour`
mod adjudicate;
mod draw;
mod ranked;
mod select;

fn main() {
    ranked::show();
    select::show();
    draw::show();
    adjudicate::show();
}
