//! The draw benchmark's workload and baseline, shared by `benches/draw.rs` and
//! `examples/draw_timing.rs`: shuffled decks with duplicates and the direct simulation (hold H
//! cards, take the window minimum, remove it from the hand, draw). Include it with
//! `#[path = "support/draw_direct.rs"] mod draw_direct;` (from `examples/`:
//! `#[path = "../benches/support/draw_direct.rs"]`).

use ordo::draw::SplitMix64;

/// Pre-shuffled piles per deck size.
pub const PILES: usize = 256;

/// A deck of `n` cards with duplicates (about three copies of each id), its
/// desired order (ids ascending) and 256 shuffles of it.
pub fn fixture(n: usize) -> (Vec<u32>, Vec<Vec<u32>>) {
    let distinct = (n / 3).max(1) as u32;
    let mut desired: Vec<u32> = (0..n as u32).map(|i| 1000 + i % distinct).collect();
    desired.sort_unstable();
    let mut rng = SplitMix64::new(n as u64);
    let piles = (0..PILES)
        .map(|_| {
            let mut pile = desired.clone();
            rng.shuffle(&mut pile);
            pile
        })
        .collect();
    (desired, piles)
}

/// The desired order as `(id, position)` pairs sorted by id, then position.
pub struct DirectTable {
    sorted: Vec<(u32, u16)>,
}

impl DirectTable {
    pub fn new(desired: &[u32]) -> Self {
        let mut sorted: Vec<(u32, u16)> = (0u16..).zip(desired).map(|(p, &c)| (c, p)).collect();
        sorted.sort_unstable();
        DirectTable { sorted }
    }

    /// The k-th copy of a card takes the k-th entry of its run; others come
    /// after every listed position, in draw order.
    pub fn keys(&self, pile: &[u32], keys: &mut [u16]) {
        let mut used = vec![0u16; self.sorted.len()];
        for (slot, (&card, key)) in pile.iter().zip(keys.iter_mut()).enumerate() {
            let first = self.sorted.partition_point(|&(c, _)| c < card);
            *key = (self.sorted.len() + slot) as u16;
            if first < self.sorted.len() {
                let at = first + used[first] as usize;
                if at < self.sorted.len() && self.sorted[at].0 == card {
                    *key = self.sorted[at].1;
                    used[first] += 1;
                }
            }
        }
    }
}

/// The direct simulation: the hand is a Vec of (key, slot) in draw order.
pub fn direct_simulation(pile: &[u32], hand: usize, keys: &[u16], out: &mut [u16]) {
    let mut held: Vec<(u16, u16)> = Vec::with_capacity(hand);
    let mut next = 0;
    for played in out.iter_mut().take(pile.len()) {
        while held.len() < hand && next < pile.len() {
            held.push((keys[next], next as u16));
            next += 1;
        }
        let mut best = 0;
        for i in 1..held.len() {
            if held[i].0 < held[best].0 {
                best = i;
            }
        }
        *played = held.remove(best).1;
    }
}
