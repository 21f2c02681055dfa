//! The C face of ordo: every `extern "C"` function and every `unsafe` block of
//! the crate lives under this module, and `include/ordo.h` is generated from it
//! by cbindgen (`make header`).
//!
//! Conventions, for every exported function:
//! - it returns an [`ordo_status`]; [`ordo_status::ORDO_OK`] is the only success;
//! - it checks every pointer, length, capacity, index, flag and enum value it is
//!   given before it writes anything, so on any error the caller's buffers are
//!   untouched, except an optional error detail (a parse's, a rule table's),
//!   written because the call failed, and `ordo_adjudicate`'s workspace, which
//!   is scratch;
//! - inputs are borrowed for the duration of the call only, outputs go to
//!   caller-provided buffers, and nothing is allocated;
//! - enum values coming from C are taken as fixed-width integers and checked,
//!   because an out-of-range C enum is undefined behaviour in Rust.
#![allow(non_camel_case_types)]

pub mod adjudicate;
pub(crate) mod cpu;
pub mod draw;
pub mod ranked;
pub mod select;

use core::ffi::c_char;

/// The version of the C ABI described by `include/ordo.h`. It changes whenever
/// a struct layout, a signature or the meaning of a status changes.
pub const ORDO_ABI_VERSION: u32 = 2;

/// The result of every ordo function.
///
/// `ORDO_OK` is zero; every other value names one kind of failure, and a
/// function that fails has written nothing to its outputs (but an optional
/// error detail, and `ordo_adjudicate`'s scratch workspace).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ordo_status {
    /// Success.
    ORDO_OK = 0,
    /// A required pointer was NULL (a NULL pointer is accepted only for an
    /// array whose length is zero, or where a parameter's docs say so).
    ORDO_ERR_NULL_POINTER = 1,
    /// An input exceeds a fixed capacity of the library (see the
    /// `ORDO_*_MAX_*` constants).
    ORDO_ERR_CAPACITY_EXCEEDED = 2,
    /// The caller's output buffer is smaller than the function needs.
    ORDO_ERR_BUFFER_TOO_SMALL = 3,
    /// An argument is outside its documented range (an unknown enum value, an
    /// index out of bounds, a zero where a positive number is required, a
    /// pointer not aligned for its type).
    ORDO_ERR_INVALID_ARGUMENT = 4,
    /// Text could not be parsed (see the parse function's docs for details).
    ORDO_ERR_PARSE = 5,
    /// A map description is inconsistent (unknown location, asymmetric border).
    ORDO_ERR_INVALID_MAP = 6,
}

impl ordo_status {
    /// A static, NUL-terminated English description of the status.
    pub const fn message(self) -> &'static core::ffi::CStr {
        match self {
            ordo_status::ORDO_OK => c"ok",
            ordo_status::ORDO_ERR_NULL_POINTER => c"a required pointer was NULL",
            ordo_status::ORDO_ERR_CAPACITY_EXCEEDED => c"an input exceeds a fixed capacity",
            ordo_status::ORDO_ERR_BUFFER_TOO_SMALL => c"the output buffer is too small",
            ordo_status::ORDO_ERR_INVALID_ARGUMENT => c"an argument is outside its range",
            ordo_status::ORDO_ERR_PARSE => c"the text could not be parsed",
            ordo_status::ORDO_ERR_INVALID_MAP => c"the map description is inconsistent",
        }
    }
}

/// The ABI version the library was built with; compare it with
/// `ORDO_ABI_VERSION` from the header you compiled against.
#[unsafe(no_mangle)]
pub extern "C" fn ordo_abi_version() -> u32 {
    ORDO_ABI_VERSION
}

/// A static, NUL-terminated description of `status` (any integer is accepted;
/// an unknown value gets "unknown status"). Never NULL; do not free it.
#[unsafe(no_mangle)]
pub extern "C" fn ordo_status_str(status: i32) -> *const c_char {
    let message = match status_from_i32(status) {
        Some(status) => status.message(),
        None => c"unknown status",
    };
    message.as_ptr()
}

fn status_from_i32(value: i32) -> Option<ordo_status> {
    use ordo_status::*;
    [
        ORDO_OK,
        ORDO_ERR_NULL_POINTER,
        ORDO_ERR_CAPACITY_EXCEEDED,
        ORDO_ERR_BUFFER_TOO_SMALL,
        ORDO_ERR_INVALID_ARGUMENT,
        ORDO_ERR_PARSE,
        ORDO_ERR_INVALID_MAP,
    ]
    .into_iter()
    .find(|status| *status as i32 == value)
}

/// A C flag: a byte that must be 0 or 1 (`ORDO_ERR_INVALID_ARGUMENT` otherwise). Taken as a
/// byte because a Rust `bool` holding anything else would be undefined behaviour before any
/// check could run.
pub(crate) fn flag(value: u8) -> Result<bool, ordo_status> {
    match value {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(ordo_status::ORDO_ERR_INVALID_ARGUMENT),
    }
}

/// The status of a call whose body reports failure as `Err(status)`.
pub(crate) fn status_of_result(result: Result<(), ordo_status>) -> ordo_status {
    match result {
        Ok(()) => ordo_status::ORDO_OK,
        Err(status) => status,
    }
}

/// Borrows a C array `(ptr, len)` as a slice.
///
/// A NULL `ptr` is accepted when `len` is 0 (C callers often pass NULL for an
/// empty array) and refused otherwise; a misaligned `ptr` is refused with
/// `ORDO_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// If `ptr` is not NULL it must point to `len` initialised, properly aligned
/// values of `T` that stay valid and unmodified for `'a`.
pub(crate) unsafe fn input_slice<'a, T>(ptr: *const T, len: usize) -> Result<&'a [T], ordo_status> {
    if ptr.is_null() {
        return if len == 0 {
            Ok(&[])
        } else {
            Err(ordo_status::ORDO_ERR_NULL_POINTER)
        };
    }
    if !ptr.is_aligned() || len > isize::MAX as usize / core::mem::size_of::<T>().max(1) {
        return Err(ordo_status::ORDO_ERR_INVALID_ARGUMENT);
    }
    // SAFETY:
    // - `ptr` is non-NULL and aligned (checked above), and the caller
    //   guarantees it points to `len` initialised `T`s that stay valid and
    //   unaliased by writers for `'a`;
    // - the total size fits in `isize`, checked above.
    Ok(unsafe { core::slice::from_raw_parts(ptr, len) })
}

/// Borrows a caller's output buffer `(ptr, len)` as a mutable slice.
///
/// A NULL `ptr` is accepted when `len` is 0 and refused otherwise; a
/// misaligned `ptr` is refused with `ORDO_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// If `ptr` is not NULL it must point to `len` properly aligned values of `T`,
/// writable and not accessed through any other pointer for `'a`.
pub(crate) unsafe fn output_slice<'a, T>(
    ptr: *mut T,
    len: usize,
) -> Result<&'a mut [T], ordo_status> {
    if ptr.is_null() {
        return if len == 0 {
            Ok(&mut [])
        } else {
            Err(ordo_status::ORDO_ERR_NULL_POINTER)
        };
    }
    if !ptr.is_aligned() || len > isize::MAX as usize / core::mem::size_of::<T>().max(1) {
        return Err(ordo_status::ORDO_ERR_INVALID_ARGUMENT);
    }
    // SAFETY:
    // - `ptr` is non-NULL and aligned (checked above), and the caller
    //   guarantees it points to `len` writable `T`s that nothing else
    //   accesses for `'a`;
    // - the total size fits in `isize`, checked above.
    Ok(unsafe { core::slice::from_raw_parts_mut(ptr, len) })
}

/// Borrows a single input value the call requires.
///
/// A NULL `ptr` is refused with `ORDO_ERR_NULL_POINTER`, a misaligned one with
/// `ORDO_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// If `ptr` is not NULL and aligned it must point to an initialised `T` that
/// nothing writes for `'a`.
pub(crate) unsafe fn input_ref<'a, T>(ptr: *const T) -> Result<&'a T, ordo_status> {
    // SAFETY: forwarded contract.
    unsafe { optional_input(ptr) }?.ok_or(ordo_status::ORDO_ERR_NULL_POINTER)
}

/// Borrows a single input value the call may go without: `None` for NULL.
///
/// A misaligned `ptr` is refused with `ORDO_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// As for [`input_ref`].
pub(crate) unsafe fn optional_input<'a, T>(ptr: *const T) -> Result<Option<&'a T>, ordo_status> {
    if !ptr.is_aligned() {
        return Err(ordo_status::ORDO_ERR_INVALID_ARGUMENT);
    }
    // SAFETY: `ptr` is aligned (checked above); the caller guarantees that a
    // non-NULL `ptr` points to an initialised `T` nothing writes for `'a`;
    // `as_ref` returns None for NULL.
    Ok(unsafe { ptr.as_ref() })
}

/// Borrows a single output value the call requires.
///
/// A NULL `ptr` is refused with `ORDO_ERR_NULL_POINTER`, a misaligned one with
/// `ORDO_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// If `ptr` is not NULL and aligned it must point to a writable `T` that
/// nothing else accesses for `'a`.
pub(crate) unsafe fn output_ref<'a, T>(ptr: *mut T) -> Result<&'a mut T, ordo_status> {
    // SAFETY: forwarded contract.
    unsafe { optional_output(ptr) }?.ok_or(ordo_status::ORDO_ERR_NULL_POINTER)
}

/// Borrows a single output value the caller may decline: `None` for NULL.
///
/// A misaligned `ptr` is refused with `ORDO_ERR_INVALID_ARGUMENT`.
///
/// # Safety
/// As for [`output_ref`].
pub(crate) unsafe fn optional_output<'a, T>(ptr: *mut T) -> Result<Option<&'a mut T>, ordo_status> {
    if !ptr.is_aligned() {
        return Err(ordo_status::ORDO_ERR_INVALID_ARGUMENT);
    }
    // SAFETY: `ptr` is aligned (checked above); the caller guarantees that a
    // non-NULL `ptr` is writable and exclusively ours for `'a`; `as_mut`
    // returns None for NULL.
    Ok(unsafe { ptr.as_mut() })
}

/// A pointer one byte into `words`, for the tests: misaligned for any `T` aligned to more than
/// a byte, wherever `words` lies (words, not bytes, so that Miri cannot place the byte where a
/// `T` would be aligned).
#[cfg(test)]
pub(crate) fn misaligned<T, W>(words: &mut [W]) -> *mut T {
    let pointer = words.as_mut_ptr().cast::<u8>().wrapping_add(1).cast::<T>();
    assert!(
        !pointer.is_aligned(),
        "a byte into a word is misaligned for T"
    );
    pointer
}

/// The C library's panic handler: a panic is a bug in ordo (every input is
/// checked before use), and it must never unwind into C, so it aborts.
#[cfg(all(feature = "capi", not(test)))]
#[panic_handler]
fn panic(_info: &core::panic::PanicInfo) -> ! {
    #[cfg(not(target_os = "none"))]
    {
        unsafe extern "C" {
            fn abort() -> !;
        }
        // SAFETY: `abort` from the C library takes no arguments, never returns
        // and is safe to call from any thread at any time.
        unsafe { abort() }
    }
    #[cfg(target_os = "none")]
    loop {
        core::hint::spin_loop();
    }
}

/// Never called. The C library is built with `panic = "abort"`, but the
/// precompiled `core` of hosted targets was built for unwinding, and its
/// unwind tables still name this symbol, so the linker needs it defined.
/// (Bare-metal targets ship a `core` built for abort and need nothing.)
#[cfg(all(feature = "capi", not(test), not(target_os = "none")))]
#[unsafe(no_mangle)]
extern "C" fn rust_eh_personality() {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_has_a_message_and_round_trips() {
        for value in 0..7 {
            let status = status_from_i32(value).expect("statuses are dense from 0");
            assert_eq!(status as i32, value);
            assert!(!status.message().to_bytes().is_empty());
        }
        assert_eq!(status_from_i32(7), None);
        assert_eq!(status_from_i32(-1), None);
    }

    #[test]
    fn misaligned_pointers_are_refused() {
        let mut out = [0u32; 4];
        let misaligned = misaligned::<u32, _>(&mut out);
        // SAFETY: the misaligned pointer is refused before any dereference.
        let refused = unsafe { input_slice(misaligned.cast_const(), 2) };
        assert_eq!(refused, Err(ordo_status::ORDO_ERR_INVALID_ARGUMENT));
        // SAFETY: as above.
        let refused = unsafe { output_slice(misaligned, 1) };
        assert_eq!(refused.err(), Some(ordo_status::ORDO_ERR_INVALID_ARGUMENT));
        // SAFETY: as above.
        let refused = unsafe { output_ref(misaligned) };
        assert_eq!(refused.err(), Some(ordo_status::ORDO_ERR_INVALID_ARGUMENT));
        // SAFETY: as above.
        let refused = unsafe { optional_output(misaligned) };
        assert_eq!(refused.err(), Some(ordo_status::ORDO_ERR_INVALID_ARGUMENT));
        // SAFETY: as above.
        let refused = unsafe { input_ref(misaligned.cast_const()) };
        assert_eq!(refused.err(), Some(ordo_status::ORDO_ERR_INVALID_ARGUMENT));
        // SAFETY: as above.
        let refused = unsafe { optional_input(misaligned.cast_const()) };
        assert_eq!(refused.err(), Some(ordo_status::ORDO_ERR_INVALID_ARGUMENT));
        assert_eq!(out, [0; 4]);
    }

    #[test]
    fn single_values_are_required_or_optional_as_named() {
        let mut value = 7u32;
        // SAFETY: NULL is refused or read as None before any dereference.
        unsafe {
            assert_eq!(
                input_ref::<u32>(core::ptr::null()),
                Err(ordo_status::ORDO_ERR_NULL_POINTER)
            );
            assert_eq!(optional_input::<u32>(core::ptr::null()), Ok(None));
            assert_eq!(
                output_ref::<u32>(core::ptr::null_mut()).err(),
                Some(ordo_status::ORDO_ERR_NULL_POINTER)
            );
            assert_eq!(
                optional_output::<u32>(core::ptr::null_mut()).ok(),
                Some(None)
            );
        }
        // SAFETY: `value` is aligned, initialised and not otherwise used while borrowed.
        unsafe {
            assert_eq!(input_ref(&raw const value), Ok(&7));
            assert_eq!(optional_input(&raw const value), Ok(Some(&7)));
            *output_ref(&raw mut value).expect("aligned") = 8;
            if let Ok(Some(out)) = optional_output(&raw mut value) {
                *out += 1;
            }
        }
        assert_eq!(value, 9);
    }

    #[test]
    fn input_slice_accepts_null_only_when_empty() {
        // SAFETY: NULL with a zero length is the documented empty array.
        let empty = unsafe { input_slice::<u32>(core::ptr::null(), 0) };
        assert_eq!(empty, Ok(&[][..]));
        // SAFETY: NULL is refused before any dereference.
        let refused = unsafe { input_slice::<u32>(core::ptr::null(), 3) };
        assert_eq!(refused, Err(ordo_status::ORDO_ERR_NULL_POINTER));
    }
}
