//! `ordo_ranked_order` on arbitrary commands (including `has_key` values
//! other than 0/1), caps and output lengths, against the safe `ranked_order`.
//!
//! Checks: a status, never a panic; on error neither `out` nor `*out_count`
//! is written; on success the indices equal the safe API's order; the
//! status is an error exactly when the documented conditions hold.
#![no_main]

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use ordo::ffi::ordo_status;
use ordo::ffi::ranked::{
    ORDO_RANKED_LAST, ORDO_RANKED_MAX_CAP, ordo_ranked_command, ordo_ranked_order,
};
use ordo::ranked::{Ranked, ranked_order};
use ordo_fuzz::enum_byte;

fn run(u: &mut Unstructured<'_>) -> arbitrary::Result<()> {
    let n = usize::from(u.arbitrary::<u8>()?);
    let mut commands = Vec::with_capacity(n);
    for _ in 0..n {
        let small = u.arbitrary::<bool>()?;
        commands.push(ordo_ranked_command {
            group: if small {
                u32::from(u.arbitrary::<u8>()? % 4)
            } else {
                u.arbitrary()?
            },
            has_key: enum_byte(u, 2),
            value: if small {
                i64::from(u.arbitrary::<i8>()? % 5)
            } else {
                u.arbitrary()?
            },
            key: if small {
                u64::from(u.arbitrary::<u8>()? % 6)
            } else {
                u.arbitrary()?
            },
        });
    }
    // Mostly 0 or 1; now and then a byte `ordo_ranked_order` must refuse.
    let has_last_byte = match u.arbitrary::<u8>()? {
        byte @ 0..=250 => byte & 1,
        byte => byte,
    };
    let has_last = has_last_byte == 1;
    let cap = usize::from(u.arbitrary::<u8>()? % 72);
    let out_len = usize::from(u.arbitrary::<u8>()? % 72);
    let null_out = out_len == 0 && u.arbitrary::<bool>()?;
    let mut out = vec![0xABAB_ABABu32; out_len];
    let mut count = usize::MAX;
    // SAFETY: `commands` holds `n` elements, `out` `out_len`; `count` is a local.
    let status = unsafe {
        ordo_ranked_order(
            commands.as_ptr(),
            commands.len(),
            has_last_byte,
            cap,
            if null_out {
                core::ptr::null_mut()
            } else {
                out.as_mut_ptr()
            },
            out_len,
            &mut count,
        )
    };
    let effective = cap.max(1);
    let wanted = if has_last {
        n.min(effective - 1) + 1
    } else {
        n.min(effective)
    };
    let expected_status = if cap > ORDO_RANKED_MAX_CAP {
        ordo_status::ORDO_ERR_CAPACITY_EXCEEDED
    } else if has_last_byte > 1 || commands.iter().any(|c| c.has_key > 1) {
        ordo_status::ORDO_ERR_INVALID_ARGUMENT
    } else if out_len < wanted {
        ordo_status::ORDO_ERR_BUFFER_TOO_SMALL
    } else {
        ordo_status::ORDO_OK
    };
    assert_eq!(status, expected_status);
    if status != ordo_status::ORDO_OK {
        assert!(out.iter().all(|&x| x == 0xABAB_ABAB), "written on error");
        assert_eq!(count, usize::MAX);
        return Ok(());
    }
    let items = commands
        .iter()
        .zip(0u32..)
        .map(|(c, i)| Ranked::new(i, c.group, c.value, (c.has_key == 1).then_some(c.key)));
    let expected = ranked_order(items, has_last.then_some(ORDO_RANKED_LAST), cap);
    assert_eq!(count, expected.len());
    assert_eq!(out[..count], expected[..]);
    assert!(out[count..].iter().all(|&x| x == 0xABAB_ABAB));
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
