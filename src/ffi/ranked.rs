//! C face of [`crate::ranked`]: commands as an array of structs, the order as
//! indices into that array, written to a caller-provided buffer.

use super::{flag, input_slice, ordo_status, output_ref, output_slice};
use crate::ranked::{self, Ranked};

/// The largest `cap` `ordo_ranked_order` accepts.
pub const ORDO_RANKED_MAX_CAP: usize = 64;
const _: () = assert!(ORDO_RANKED_MAX_CAP == ranked::MAX_CAP);

/// The index `ordo_ranked_order` writes for the last command (the end of the
/// turn); no command index can equal it.
pub const ORDO_RANKED_LAST: u32 = u32::MAX;

/// One command of a candidate order, as the game ranks it.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ordo_ranked_command {
    /// Every command of a lower group comes first.
    pub group: u32,
    /// 1 if `key` is set, 0 if the command has no key (never held back).
    /// Any other value is refused with `ORDO_ERR_INVALID_ARGUMENT`.
    pub has_key: u8,
    /// Within a group, the largest value comes first.
    pub value: i64,
    /// One command per key comes first in each round; read only if `has_key`.
    pub key: u64,
}

/// Writes to `out` the indices of the first `cap` of
/// `commands[0..command_count]` in ranked order: groups ascending; in a group,
/// one command per key first (all firsts, then all seconds), the largest value
/// first, ties in input order.
///
/// If `has_last` is 1, the last command (the end of the turn) is written as
/// `ORDO_RANKED_LAST`: appended when fewer than `cap` commands are written,
/// otherwise in place of the last of them; 0 writes commands only. `cap` 0
/// counts as 1 (unlike `ordo_select_order`, whose `cap` 0 writes nothing:
/// here the last command always has a place).
/// `*out_count` receives the number of indices written:
/// `min(command_count, cap - has_last) + has_last` (with `cap` at least 1).
///
/// Errors (nothing is written): `ORDO_ERR_NULL_POINTER` if `out_count` is
/// NULL, or `commands`/`out` is NULL with a non-zero length;
/// `ORDO_ERR_CAPACITY_EXCEEDED` if `cap > ORDO_RANKED_MAX_CAP` or
/// `command_count >= ORDO_RANKED_LAST`; `ORDO_ERR_INVALID_ARGUMENT` if
/// `has_last` or a `has_key` is neither 0 nor 1, or a pointer is misaligned
/// for its type;
/// `ORDO_ERR_BUFFER_TOO_SMALL` if `out_len` is below the count.
///
/// # Safety
/// `commands` must point to `command_count` readable commands (or be NULL
/// with `command_count` 0), `out` to `out_len` writable `uint32_t` (or be NULL
/// with `out_len` 0), and `out_count` to a writable `size_t`; none of them may
/// overlap.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn ordo_ranked_order(
    commands: *const ordo_ranked_command,
    command_count: usize,
    has_last: u8,
    cap: usize,
    out: *mut u32,
    out_len: usize,
    out_count: *mut usize,
) -> ordo_status {
    // SAFETY: the caller guarantees `commands` points to `command_count`
    // readable commands (or is NULL with `command_count` 0), as this
    // function's contract states.
    let commands = match unsafe { input_slice(commands, command_count) } {
        Ok(commands) => commands,
        Err(status) => return status,
    };
    // SAFETY: the caller guarantees `out` points to `out_len` writable,
    // exclusively ours `uint32_t` (or is NULL with `out_len` 0).
    let out = match unsafe { output_slice(out, out_len) } {
        Ok(out) => out,
        Err(status) => return status,
    };
    // SAFETY: the caller guarantees a non-NULL `out_count` is writable and
    // exclusively ours; NULL is refused.
    let out_count = match unsafe { output_ref(out_count) } {
        Ok(out_count) => out_count,
        Err(status) => return status,
    };
    match order_indices(commands, has_last, cap, out) {
        Ok(count) => {
            *out_count = count;
            ordo_status::ORDO_OK
        }
        Err(status) => status,
    }
}

/// The safe body of `ordo_ranked_order`: validates everything, then writes
/// `out[..count]` and returns `count`.
fn order_indices(
    commands: &[ordo_ranked_command],
    has_last: u8,
    cap: usize,
    out: &mut [u32],
) -> Result<usize, ordo_status> {
    if cap > ORDO_RANKED_MAX_CAP || commands.len() >= ORDO_RANKED_LAST as usize {
        return Err(ordo_status::ORDO_ERR_CAPACITY_EXCEEDED);
    }
    let has_last = flag(has_last)?;
    if commands.iter().any(|command| command.has_key > 1) {
        return Err(ordo_status::ORDO_ERR_INVALID_ARGUMENT);
    }
    let cap = cap.max(1);
    let count = if has_last {
        commands.len().min(cap - 1) + 1
    } else {
        commands.len().min(cap)
    };
    let out = out
        .get_mut(..count)
        .ok_or(ordo_status::ORDO_ERR_BUFFER_TOO_SMALL)?;
    let ranked = commands.iter().zip(0u32..).map(|(command, index)| {
        Ranked::new(
            index,
            command.group,
            command.value,
            (command.has_key == 1).then_some(command.key),
        )
    });
    let order = ranked::ranked_order(ranked, has_last.then_some(ORDO_RANKED_LAST), cap);
    out.copy_from_slice(&order);
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(group: u32, value: i64, key: Option<u64>) -> ordo_ranked_command {
        ordo_ranked_command {
            group,
            has_key: key.is_some() as u8,
            value,
            key: key.unwrap_or(0),
        }
    }

    #[test]
    fn the_seed_example_as_indices() {
        let commands = [
            command(0, 5, Some(b'a'.into())),
            command(1, 0, None),
            command(0, 4, Some(b'a'.into())),
            command(0, 3, Some(b'b'.into())),
        ];
        let mut out = [0u32; 8];
        let count = order_indices(&commands, 1, 10, &mut out).unwrap();
        assert_eq!(out[..count], [0, 3, 2, 1, ORDO_RANKED_LAST]);
    }

    #[test]
    fn the_count_is_capped_and_the_last_command_kept() {
        let commands: [ordo_ranked_command; 5] =
            core::array::from_fn(|at| command(0, at as i64, None));
        let mut out = [7u32; ORDO_RANKED_MAX_CAP];
        // Five commands under a cap of 3: two of them, then the last command.
        assert_eq!(order_indices(&commands, 1, 3, &mut out), Ok(3));
        assert_eq!(out[..4], [4, 3, ORDO_RANKED_LAST, 7]);
        assert_eq!(order_indices(&commands, 0, 3, &mut out), Ok(3));
        assert_eq!(out[..4], [4, 3, 2, 7]);
        // The largest cap is accepted.
        assert_eq!(
            order_indices(&commands, 1, ORDO_RANKED_MAX_CAP, &mut out),
            Ok(6)
        );
        assert_eq!(out[..6], [4, 3, 2, 1, 0, ORDO_RANKED_LAST]);
    }

    #[test]
    fn errors_leave_the_output_untouched() {
        let mut bad = command(0, 1, None);
        bad.has_key = 2;
        let mut out = [7u32; 4];
        let status = order_indices(&[bad], 0, 4, &mut out);
        assert_eq!(status, Err(ordo_status::ORDO_ERR_INVALID_ARGUMENT));
        let status = order_indices(&[command(0, 1, None); 3], 1, 10, &mut out[..2]);
        assert_eq!(status, Err(ordo_status::ORDO_ERR_BUFFER_TOO_SMALL));
        // `has_last` is a checked byte, like `has_key`.
        let status = order_indices(&[command(0, 1, None); 3], 2, 10, &mut out);
        assert_eq!(status, Err(ordo_status::ORDO_ERR_INVALID_ARGUMENT));
        let status = order_indices(&[], 0, ORDO_RANKED_MAX_CAP + 1, &mut out);
        assert_eq!(status, Err(ordo_status::ORDO_ERR_CAPACITY_EXCEEDED));
        assert_eq!(out, [7; 4]);
    }
}
