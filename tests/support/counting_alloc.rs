//! A counting global allocator for the allocation tests: every allocation and
//! reallocation is counted per thread, so a test can assert that a routine
//! allocates nothing between two readings. Include it with
//! `#[path = "support/counting_alloc.rs"] mod counting_alloc;`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

/// Forwards to the system allocator and counts.
pub struct Counting;

// SAFETY: every call is forwarded unchanged to the system allocator; counting
// touches only a const-initialised thread-local `Cell`, which never allocates
// (`try_with` also tolerates calls during thread teardown).
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
        // SAFETY: forwarded with the caller's layout.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
        // SAFETY: forwarded with the caller's pointer and layout.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations made so far by this thread.
pub fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

/// Runs `body` and returns its result with the allocations it made.
#[allow(dead_code)] // Not every test file needs both readings.
pub fn allocations_during<T>(body: impl FnOnce() -> T) -> (T, usize) {
    let before = allocations();
    let result = std::hint::black_box(body());
    (result, allocations() - before)
}

/// The counter really counts (else every "allocates nothing" test would pass).
#[test]
fn the_counter_sees_an_allocation() {
    let before = allocations();
    let boxed = std::hint::black_box(Box::new(7u64));
    assert!(allocations() > before);
    drop(boxed);
}
