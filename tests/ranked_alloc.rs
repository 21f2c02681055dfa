//! Ranked ordering allocates nothing: a counting global allocator watches it.

use ordo::ranked::{MAX_CAP, Ranked, ranked_order};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

struct Counting;

// SAFETY: every call is forwarded unchanged to the system allocator; the
// counter is a const-initialised thread-local, which itself never allocates.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|count| count.set(count.get() + 1));
        // SAFETY: forwarded with the caller's own layout.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by `System` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|count| count.set(count.get() + 1));
        // SAFETY: forwarded with the caller's own pointer and layout.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations_during<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let before = ALLOCATIONS.with(Cell::get);
    let result = f();
    (result, ALLOCATIONS.with(Cell::get) - before)
}

#[test]
fn ranked_order_allocates_nothing() {
    let commands: Vec<_> = (0..1000u32)
        .map(|i| Ranked::new(i, i % 4, (i * 7919) % 97, (i % 3 != 0).then_some(i % 13)))
        .collect();
    for cap in [0, 1, 3, 10, MAX_CAP] {
        let (order, allocations) =
            allocations_during(|| ranked_order(commands.iter().cloned(), Some(u32::MAX), cap));
        assert_eq!(allocations, 0, "cap {cap}");
        assert_eq!(order.last(), Some(&u32::MAX));
    }
}

#[test]
fn the_counter_sees_an_allocation() {
    let (boxed, allocations) = allocations_during(|| Box::new(7u64));
    assert_eq!(*boxed, 7);
    assert_eq!(allocations, 1);
}
