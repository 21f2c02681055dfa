//! Ranked ordering: the bounded candidate order a planning bot tries first.
//!
//! Each command carries a `group` (lower first), a `value` (larger first) and
//! an optional `key`. A command's *round* is the number of commands of its group
//! with the same key that come before it in value order (ties: input order); a
//! command without a key has round 0. [`ranked_order`] returns the first `cap`
//! commands of the total order
//!
//! > group ascending, round ascending, value descending, input position ascending
//!
//! ("all firsts, then all seconds": in one group `a=10, a=1, b=9, b=8` orders as
//! `a10 b9 b8 a1`). An optional `last` command (the end of the turn) is appended
//! when fewer than `cap` commands are output, and otherwise takes the place of
//! the last of them, so the cap never cuts it. `cap` 0 counts as 1, and a `cap`
//! above [`MAX_CAP`] counts as [`MAX_CAP`].
//!
//! The commands are read once, in one pass, keeping a sorted buffer of at most
//! `cap` entries: a command that falls out of the buffer can never re-enter it,
//! because a newcomer only ever pushes others later (it bumps the round of the
//! same-key members it beats). Nothing is allocated.

use arrayvec::ArrayVec;
use core::cmp::Ordering;
use heapless::Vec;

/// The largest `cap` [`ranked_order`] honours (larger caps count as this).
pub const MAX_CAP: usize = 64;

/// One command of a candidate order, as the game ranks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ranked<T, V, K> {
    /// The command itself, returned as is.
    pub item: T,
    /// Its group: every command of a lower group comes first.
    pub group: u32,
    /// Its value within the group: the largest comes first.
    pub value: V,
    /// Its key, if any: one command per key comes first in each round.
    pub key: Option<K>,
}

impl<T, V, K> Ranked<T, V, K> {
    /// A command `item` of `group` with `value` and an optional `key`.
    pub const fn new(item: T, group: u32, value: V, key: Option<K>) -> Self {
        Ranked {
            item,
            group,
            value,
            key,
        }
    }
}

/// A command in the buffer, with its round so far and when it arrived.
///
/// `repr(C)` with the two counters first: with the command first, the compiler split the
/// copy of a newcomer around its key's tag into overlapping 16-byte pieces, whose reload after
/// the insertion's `memmove` could not be forwarded from the store buffer (15-25% slower at
/// 10 commands).
#[repr(C)]
struct Entry<T, V, K> {
    round: u32,
    /// Input order among the commands offered to the buffer (a rejected command needs
    /// none). A `u32` keeps the entry small, which makes insertions cheaper; [`renumber`]
    /// keeps the order exact past `u32::MAX` offers.
    arrival: u32,
    command: Ranked<T, V, K>,
}

impl<T, V, K> Entry<T, V, K> {
    /// The command that arrived `arrival`-th, before any same-key command is counted.
    fn new(command: Ranked<T, V, K>, arrival: u32) -> Self {
        Entry {
            command,
            round: 0,
            arrival,
        }
    }
}

/// The arrival number for the next command offered to `best`.
fn next_arrival<T, V, K>(best: &mut [Entry<T, V, K>], next: &mut u32) -> u32 {
    if *next == u32::MAX {
        *next = renumber(best);
    }
    let arrival = *next;
    *next += 1;
    arrival
}

/// Renumbers the buffered arrivals 0, 1, ... in the same order and returns the first free
/// number, so that every later command still arrives after all of them.
#[cold]
#[inline(never)]
fn renumber<T, V, K>(best: &mut [Entry<T, V, K>]) -> u32 {
    let mut earlier = [0u32; MAX_CAP + 1];
    for (count, entry) in earlier.iter_mut().zip(best.iter()) {
        let before = best.iter().filter(|other| other.arrival < entry.arrival);
        // Cannot truncate: at most `MAX_CAP + 1` entries.
        *count = before.count() as u32;
    }
    for (entry, count) in best.iter_mut().zip(earlier) {
        entry.arrival = count;
    }
    best.len() as u32
}

/// The group and round of the buffer's worst entry (a full buffer's rejection bar).
fn worst_rank<T, V, K>(best: &[Entry<T, V, K>]) -> (u32, u32) {
    best.last().map_or((u32::MAX, u32::MAX), |worst| {
        (worst.command.group, worst.round)
    })
}

impl<T, V: Ord, K: PartialEq> Entry<T, V, K> {
    /// Whether `self` comes strictly before `other` in the total order.
    fn precedes(&self, other: &Self) -> bool {
        let (a, b) = (&self.command, &other.command);
        if a.group != b.group {
            return a.group < b.group;
        }
        if self.round != other.round {
            return self.round < other.round;
        }
        match a.value.cmp(&b.value) {
            Ordering::Greater => true,
            Ordering::Less => false,
            Ordering::Equal => self.arrival < other.arrival,
        }
    }

    /// Whether `self` and `command` share a group and a key (keyless commands
    /// share nothing).
    fn shares_key_with(&self, command: &Ranked<T, V, K>) -> bool {
        command.key.is_some()
            && self.command.group == command.group
            && self.command.key == command.key
    }
}

/// The first `cap` commands of `items` in the order of the module docs: groups
/// ascending, the best value first in a group, one per key first, and `last`,
/// if any, in place of the last of them.
///
/// `cap` 0 counts as 1, so the result is then `last` alone, or the best command
/// when there is no `last`; a `cap` above [`MAX_CAP`] counts as [`MAX_CAP`].
/// `items` is consumed in one pass (it may be any iterator) and nothing is
/// allocated.
///
/// ```
/// use ordo::ranked::{Ranked, ranked_order};
///
/// let plays = vec![
///     Ranked::new("strike a", 0, (5, 0), Some('a')),
///     Ranked::new("draw", 1, (0, 0), None),
///     Ranked::new("burn a", 0, (4, 0), Some('a')),
///     Ranked::new("strike b", 0, (3, 0), Some('b')),
/// ];
/// let order = ranked_order(plays.clone(), Some("end turn"), 10);
/// assert_eq!(order, ["strike a", "strike b", "burn a", "draw", "end turn"]);
/// assert_eq!(ranked_order(plays, Some("end turn"), 3), ["strike a", "strike b", "end turn"]);
/// ```
pub fn ranked_order<T, V, K, I>(items: I, last: Option<T>, cap: usize) -> Vec<T, MAX_CAP>
where
    V: Ord,
    K: PartialEq,
    I: IntoIterator<Item = Ranked<T, V, K>>,
{
    ranked_order_from(items, last, cap, 0)
}

/// [`ranked_order`], numbering the arrivals from `first_arrival` (tests start near
/// `u32::MAX` to exercise [`renumber`]).
fn ranked_order_from<T, V, K, I>(
    items: I,
    last: Option<T>,
    cap: usize,
    first_arrival: u32,
) -> Vec<T, MAX_CAP>
where
    V: Ord,
    K: PartialEq,
    I: IntoIterator<Item = Ranked<T, V, K>>,
{
    let cap = cap.clamp(1, MAX_CAP);
    let keep = if last.is_some() { cap - 1 } else { cap };
    // One spare slot: a newcomer is inserted before the worst entry is dropped.
    let mut best: ArrayVec<Entry<T, V, K>, { MAX_CAP + 1 }> = ArrayVec::new();
    if keep > 0 {
        let mut arrivals = first_arrival;
        // The rank of the worst buffered entry, kept in locals: most commands fall behind it
        // even at round 0, and that test is the whole cost of rejecting them. Until the
        // buffer is full, the bar lets every command in: no group is above `u32::MAX`, and
        // a worst round above 0 admits a round-0 newcomer of that group.
        let (mut worst_group, mut worst_round) = (u32::MAX, 1);
        for command in items {
            let passes_bar = match best.last() {
                // Against a worst entry of round 0, a round-0 newcomer must be of a lower
                // group, or of the same group with a larger value (a tie in value goes to the
                // worst entry, which arrived earlier). One branch per command: both values
                // are compared and a select picks the answer, because a branch on the group
                // alone is unpredictable when the groups interleave (n=300/cap=10: 0.88 to
                // 0.80 µs in a harness; 1000 commands: 1.61 to 1.37 µs).
                Some(worst) if worst_round == 0 => core::hint::select_unpredictable(
                    command.group == worst_group,
                    command.value > worst.command.value,
                    command.group < worst_group,
                ),
                _ => command.group <= worst_group,
            };
            if !passes_bar {
                continue;
            }
            let arrival = next_arrival(&mut best, &mut arrivals);
            offer(&mut best, keep, Entry::new(command, arrival));
            if best.len() == keep {
                (worst_group, worst_round) = worst_rank(&best);
            }
        }
    }
    let mut order = Vec::new();
    // `drain` moves the entries out one by one, not the whole buffer at once.
    for entry in best.drain(..) {
        // Cannot fail: at most `keep <= cap <= MAX_CAP` entries remain.
        let _ = order.push(entry.command.item);
    }
    if let Some(last) = last {
        // Cannot fail: `keep` left room for it.
        let _ = order.push(last);
    }
    order
}

/// Offers one command, which precedes the worst of a full buffer at round 0 (or comes while
/// the buffer is filling), to the buffer of the `keep` best commands seen so far.
///
/// Out of line: left to the inliner, it landed inside the loop for some calling crates and
/// not for others, and the rejection loop's speed moved with it (60% apart).
#[inline(never)]
fn offer<T, V: Ord, K: PartialEq>(
    best: &mut ArrayVec<Entry<T, V, K>, { MAX_CAP + 1 }>,
    keep: usize,
    mut newcomer: Entry<T, V, K>,
) {
    let full = best.len() == keep;
    // The newcomer's round counts only the same-key commands still in the
    // buffer. If one ahead of it was dropped, the count is low, but the
    // newcomer then sorts after that dropped command and is dropped too.
    let mut beaten = 0;
    for entry in best.iter() {
        if !entry.shares_key_with(&newcomer.command) {
            continue;
        }
        if entry.command.value >= newcomer.command.value {
            newcomer.round += 1;
            if full && best.last().is_some_and(|worst| !newcomer.precedes(worst)) {
                // Already behind the worst entry: it would be dropped at once,
                // and it beats no one in the buffer (it would precede the worst).
                return;
            }
        } else {
            beaten += 1;
        }
    }
    if beaten > 0 {
        settle_bumped(best, &newcomer.command);
    }
    // The newcomer precedes the worst entry (it passed the bar, or it stopped short of the
    // worst while its round was counted) and every entry it bumped.
    if full {
        best.pop();
    }
    let at = best
        .iter()
        .rposition(|entry| !newcomer.precedes(entry))
        .map_or(0, |i| i + 1);
    // Cannot fail: the buffer holds fewer than `keep <= MAX_CAP` entries here.
    let _ = best.try_insert(at, newcomer);
}

/// Adds a round to each entry that `command` beats on its key, and moves it later to its
/// place. A bump only moves an entry later, so settling the entries from the back finds the
/// entries behind each one already sorted: one short move per bumped entry, where sorting the
/// whole buffer again cost about a sixth of the pass at 300 commands.
fn settle_bumped<T, V: Ord, K: PartialEq>(best: &mut [Entry<T, V, K>], command: &Ranked<T, V, K>) {
    for at in (0..best.len()).rev() {
        if !(best[at].shares_key_with(command) && best[at].command.value < command.value) {
            continue;
        }
        best[at].round += 1;
        let mut to = at;
        while to + 1 < best.len() && best[to + 1].precedes(&best[at]) {
            to += 1;
        }
        best[at..=to].rotate_left(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_per_key_first_within_a_group() {
        let commands = [
            Ranked::new("a10", 0, 10, Some('a')),
            Ranked::new("a1", 0, 1, Some('a')),
            Ranked::new("b9", 0, 9, Some('b')),
            Ranked::new("b8", 0, 8, Some('b')),
        ];
        assert_eq!(ranked_order(commands, None, 10), ["a10", "b9", "b8", "a1"]);
    }

    #[test]
    fn a_newcomer_bumps_the_same_key_commands_it_beats() {
        let commands = [
            Ranked::new("a1", 0, 1, Some('a')),
            Ranked::new("b9", 0, 9, Some('b')),
            Ranked::new("a10", 0, 10, Some('a')),
        ];
        assert_eq!(ranked_order(commands, None, 2), ["a10", "b9"]);
    }

    #[test]
    fn arrivals_stay_in_input_order_across_the_u32_wrap() {
        // Values and keys from a tiny range, so that ties on value decide often.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n) as u32
        };
        let cases = if cfg!(miri) { 20 } else { 2_000 };
        for case in 0..cases {
            let len = next(40) as usize;
            let mut commands: Vec<Ranked<usize, u32, u32>, 40> = Vec::new();
            for item in 0..len {
                let key = (next(4) > 0).then(|| next(3));
                let _ = commands.push(Ranked::new(item, next(2), next(4), key));
            }
            let cap = next(12) as usize;
            let last = (case % 2 == 0).then_some(usize::MAX);
            let expected = ranked_order(commands.clone(), last, cap);
            for first_arrival in [u32::MAX - 3, u32::MAX - 1, u32::MAX] {
                let wrapped = ranked_order_from(commands.clone(), last, cap, first_arrival);
                assert_eq!(
                    wrapped, expected,
                    "case {case}, first arrival {first_arrival}"
                );
            }
        }
    }

    #[test]
    fn renumbering_keeps_the_order_and_frees_the_numbers_above() {
        let mut best: ArrayVec<Entry<(), u32, u32>, { MAX_CAP + 1 }> = ArrayVec::new();
        for arrival in [u32::MAX - 1, 7, u32::MAX - 9, 100] {
            best.push(Entry::new(Ranked::new((), 0, 0, None), arrival));
        }
        assert_eq!(renumber(&mut best), 4);
        let arrivals: Vec<u32, 4> = best.iter().map(|entry| entry.arrival).collect();
        assert_eq!(arrivals, [3, 0, 2, 1]);
    }

    #[test]
    fn renumbering_a_full_buffer_renumbers_every_entry() {
        let mut best: ArrayVec<Entry<(), u32, u32>, { MAX_CAP + 1 }> = ArrayVec::new();
        // The spare slot in use too, arrivals high and in reverse order.
        for rank in (0..=MAX_CAP as u32).rev() {
            best.push(Entry::new(
                Ranked::new((), 0, 0, None),
                u32::MAX - 100 + rank,
            ));
        }
        assert_eq!(renumber(&mut best), MAX_CAP as u32 + 1);
        assert!(
            best.iter()
                .map(|entry| entry.arrival)
                .eq((0..=MAX_CAP as u32).rev())
        );
    }
}
