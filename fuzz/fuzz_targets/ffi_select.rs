//! `ordo_select`, `ordo_select_order`, `ordo_select_one_hot`, the columnar three, and all six
//! over a table prepared by `ordo_select_prepare`, on
//! arbitrary rule tables (counts over their bounds, unknown fields and directions, entries
//! past the counts), actions (small or full-range buckets and fields, names NULL with a
//! length; now and then copied up to eight times over, so that inputs reach 351 actions) and
//! columns (NULL arrays), against the safe API and a decoder written here.
//!
//! Checks: each call returns exactly the status the documented checks give, in their
//! documented order; on error nothing is written; on success the results equal the safe
//! `select`/`order`/`one_hot`, the prepared and the columnar results equal those over records.
#![no_main]

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use ordo::ffi::ordo_status::{self, *};
use ordo::ffi::select::*;
use ordo::select::{ActionRecord, Direction, Field, Key, Rules, one_hot, order, select};

const NAMES: [&[u8]; 5] = [b"", b"a", b"ab", b"Scout", b"\xff\x00"];

fn field_code(u: &mut Unstructured<'_>) -> arbitrary::Result<u32> {
    Ok(match u.arbitrary::<u8>()? % 10 {
        0..=4 => u32::from(u.arbitrary::<u8>()? % 4),
        5 => ORDO_SELECT_FIELD_NAME,
        6 => ORDO_SELECT_FIELD_FLAG,
        7 => ORDO_SELECT_FIELD_POSITION,
        _ => u.arbitrary()?,
    })
}

fn table(u: &mut Unstructured<'_>) -> arbitrary::Result<ordo_select_rules> {
    let mut rules = ordo_select_rules::default();
    let wild = u.arbitrary::<u8>()? >= 0xF0;
    rules.bucket_count = if wild {
        u.arbitrary()?
    } else {
        u32::from(u.arbitrary::<u8>()? % 6)
    };
    for rule in rules.buckets.iter_mut() {
        let wild = u.arbitrary::<u8>()? >= 0xF8;
        rule.key_count = if wild {
            u.arbitrary()?
        } else {
            u32::from(u.arbitrary::<u8>()? % 4)
        };
        for key in rule.keys.iter_mut() {
            key.field = field_code(u)?;
            let wild = u.arbitrary::<u8>()? >= 0xF8;
            key.direction = if wild {
                u.arbitrary()?
            } else {
                u32::from(u.arbitrary::<bool>()?)
            };
        }
    }
    Ok(rules)
}

/// The table as safe keys, or the status the C face must return for it and the problem
/// `ordo_select_check_rules` must name (first bad entry wins, in bucket then key order, the
/// count of a bucket before its keys, a key's field before its direction).
fn decode(
    table: &ordo_select_rules,
) -> Result<Vec<Vec<Key>>, (ordo_status, ordo_select_rules_error)> {
    use ordo_select_rules_error_kind::*;
    let refuse = |status, kind, bucket, key, value| {
        Err((
            status,
            ordo_select_rules_error {
                bucket,
                key,
                value,
                kind,
            },
        ))
    };
    let count = table.bucket_count as usize;
    if count > ORDO_SELECT_MAX_BUCKETS {
        let kind = ORDO_SELECT_RULES_TOO_MANY_BUCKETS;
        return refuse(ORDO_ERR_CAPACITY_EXCEEDED, kind, 0, 0, table.bucket_count);
    }
    let mut decoded = Vec::new();
    for (bucket, rule) in table.buckets[..count].iter().enumerate() {
        let bucket = bucket as u32;
        let key_count = rule.key_count as usize;
        if key_count > ORDO_SELECT_MAX_KEYS {
            let kind = ORDO_SELECT_RULES_TOO_MANY_KEYS;
            return refuse(ORDO_ERR_CAPACITY_EXCEEDED, kind, bucket, 0, rule.key_count);
        }
        let mut keys = Vec::new();
        for (index, key) in rule.keys[..key_count].iter().enumerate() {
            let index = index as u32;
            let field = match key.field {
                ORDO_SELECT_FIELD_NAME => Field::Name,
                ORDO_SELECT_FIELD_FLAG => Field::Flag,
                ORDO_SELECT_FIELD_POSITION => Field::Position,
                f if (f as usize) < ORDO_SELECT_FIELDS => Field::Int(f as u8),
                f => {
                    let kind = ORDO_SELECT_RULES_UNKNOWN_FIELD;
                    return refuse(ORDO_ERR_INVALID_ARGUMENT, kind, bucket, index, f);
                }
            };
            let direction = match key.direction {
                ORDO_SELECT_ASCENDING => Direction::Ascending,
                ORDO_SELECT_DESCENDING => Direction::Descending,
                d => {
                    let kind = ORDO_SELECT_RULES_UNKNOWN_DIRECTION;
                    return refuse(ORDO_ERR_INVALID_ARGUMENT, kind, bucket, index, d);
                }
            };
            keys.push(Key { field, direction });
        }
        decoded.push(keys);
    }
    Ok(decoded)
}

fn run(u: &mut Unstructured<'_>) -> arbitrary::Result<()> {
    let rules = table(u)?;
    let n = usize::from(u.arbitrary::<u8>()? % 40);
    let mut actions = Vec::with_capacity(n);
    // The first action with a problem names the status: a NULL name, else a bad flag.
    let mut action_status = None;
    for _ in 0..n {
        let small = u.arbitrary::<bool>()?;
        let mut fields = [0i64; ORDO_SELECT_FIELDS];
        for field in &mut fields {
            *field = if small {
                i64::from(u.arbitrary::<i8>()? % 3)
            } else {
                u.arbitrary()?
            };
        }
        let name = NAMES[usize::from(u.arbitrary::<u8>()?) % NAMES.len()];
        let nulled = u.arbitrary::<u8>()? >= 0xFC;
        // Mostly 0 or 1; now and then another value, which every call refuses.
        let raw_flag = u.arbitrary::<u8>()?;
        let flag = if raw_flag >= 0xF8 {
            raw_flag
        } else {
            raw_flag & 1
        };
        if action_status.is_none() {
            if nulled && !name.is_empty() {
                action_status = Some(ORDO_ERR_NULL_POINTER);
            } else if flag > 1 {
                action_status = Some(ORDO_ERR_INVALID_ARGUMENT);
            }
        }
        actions.push(ordo_select_action {
            bucket: if small {
                u32::from(u.arbitrary::<u8>()? % 4)
            } else {
                u.arbitrary()?
            },
            flag,
            fields,
            name: if nulled {
                core::ptr::null()
            } else {
                name.as_ptr().cast()
            },
            name_len: name.len(),
        });
    }
    // Now and then the actions again, up to eight times over, each copy's small buckets and
    // fields shifted, so that the columnar scan's paths past its first 64 actions (the packed
    // prefix, then the bare test, restarts at a lower bucket) are reached.
    if n > 0 && u.arbitrary::<u8>()? >= 0xE0 {
        let copies = 1 + u32::from(u.arbitrary::<u8>()? % 8);
        for copy in 1..=copies {
            for at in 0..n {
                let mut action = actions[at];
                if action.bucket < 4 {
                    action.bucket ^= copy & 3;
                }
                for field in &mut action.fields {
                    *field = field.wrapping_sub(i64::from(copy));
                }
                actions.push(action);
            }
        }
    }
    let n = actions.len();
    let cap = usize::from(u.arbitrary::<u8>()? % 70);
    let out_len = usize::from(u.arbitrary::<u8>()? % 70);
    let hot_len = ordo_fuzz::length_near(u, n);

    let decoded = decode(&rules);
    let table_status = decoded.as_ref().err().map(|&(status, _)| status);

    // The load-time check: the calls' status, and the first problem named; nothing written
    // for a valid table.
    let untouched = ordo_select_rules_error {
        bucket: 0x5e17,
        key: 0x5e17,
        value: 0x5e17,
        kind: ordo_select_rules_error_kind::ORDO_SELECT_RULES_TOO_MANY_KEYS,
    };
    let mut problem = untouched;
    // SAFETY: `rules` and `problem` are locals.
    let checked = unsafe { ordo_select_check_rules(&rules, &mut problem) };
    match &decoded {
        Ok(_) => assert_eq!((checked, problem), (ORDO_OK, untouched)),
        Err((status, expected)) => assert_eq!((checked, problem), (*status, *expected)),
    }
    let common = action_status.or(table_status);

    let mut chosen = 0x5e17usize;
    // SAFETY: `actions` holds `n` actions whose non-NULL names point to `name_len` bytes of
    // `NAMES`; `rules` and `chosen` are locals.
    let status = unsafe { ordo_select(actions.as_ptr(), n, &rules, &mut chosen) };
    assert_eq!(status, common.unwrap_or(ORDO_OK));

    let mut out = vec![0x5e17usize; out_len];
    let mut written = 0x5e17usize;
    // SAFETY: as above; `out` holds `out_len` values.
    let order_status = unsafe {
        ordo_select_order(
            actions.as_ptr(),
            n,
            &rules,
            cap,
            out.as_mut_ptr(),
            out_len,
            &mut written,
        )
    };
    let expected_order_status = common.unwrap_or(if cap > ORDO_SELECT_MAX_ORDER {
        ORDO_ERR_CAPACITY_EXCEEDED
    } else if out_len < cap.min(n) {
        ORDO_ERR_BUFFER_TOO_SMALL
    } else {
        ORDO_OK
    });
    assert_eq!(order_status, expected_order_status);

    let mut hot = vec![-1.0f64; hot_len];
    // SAFETY: as above; `hot` holds `hot_len` doubles.
    let hot_status =
        unsafe { ordo_select_one_hot(actions.as_ptr(), n, &rules, hot.as_mut_ptr(), hot_len) };
    let expected_hot_status = common.unwrap_or(if hot_len < n {
        ORDO_ERR_BUFFER_TOO_SMALL
    } else {
        ORDO_OK
    });
    assert_eq!(hot_status, expected_hot_status);

    // The table prepared once: refused as the calls refuse it, nothing written; once prepared,
    // the same statuses but the table's, and the same results.
    let mut prepared = core::mem::MaybeUninit::<ordo_select_prepared_rules>::zeroed();
    // SAFETY: `rules` is a local table; `prepared` is local storage of the right type.
    let prepare_status = unsafe { ordo_select_prepare(&rules, prepared.as_mut_ptr()) };
    assert_eq!(prepare_status, table_status.unwrap_or(ORDO_OK));
    // SAFETY: zeroed, then either untouched or fully written by `ordo_select_prepare`.
    let prepared = unsafe { prepared.assume_init() };
    if prepare_status != ORDO_OK {
        // SAFETY: `ordo_select_prepared_rules` is `repr(C)` over one byte array.
        let bytes: [u8; ORDO_SELECT_PREPARED_BYTES] = unsafe { core::mem::transmute(prepared) };
        assert!(
            bytes.iter().all(|&byte| byte == 0),
            "a refused table writes nothing"
        );
    } else {
        let mut by_prepared = 0x5e17usize;
        // SAFETY: as for `ordo_select`, with `prepared` written by `ordo_select_prepare`.
        let status =
            unsafe { ordo_select_prepared(actions.as_ptr(), n, &prepared, &mut by_prepared) };
        assert_eq!(status, action_status.unwrap_or(ORDO_OK));
        assert_eq!(by_prepared, chosen);
        let mut prepared_out = vec![0x5e17usize; out_len];
        let mut prepared_written = 0x5e17usize;
        // SAFETY: as above; `prepared_out` holds `out_len` values.
        let status = unsafe {
            ordo_select_prepared_order(
                actions.as_ptr(),
                n,
                &prepared,
                cap,
                prepared_out.as_mut_ptr(),
                out_len,
                &mut prepared_written,
            )
        };
        assert_eq!(status, expected_order_status);
        assert_eq!((prepared_written, &prepared_out), (written, &out));
        let mut prepared_hot = vec![-1.0f64; hot_len];
        // SAFETY: as above; `prepared_hot` holds `hot_len` doubles.
        let status = unsafe {
            ordo_select_prepared_one_hot(
                actions.as_ptr(),
                n,
                &prepared,
                prepared_hot.as_mut_ptr(),
                hot_len,
            )
        };
        assert_eq!(status, expected_hot_status);
        assert_eq!(prepared_hot, hot);
    }

    // Columns: the same buckets and integers; a NULL array now and then.
    let buckets: Vec<u32> = actions.iter().map(|a| a.bucket).collect();
    let fields: Vec<Vec<i64>> = (0..ORDO_SELECT_FIELDS)
        .map(|f| actions.iter().map(|a| a.fields[f]).collect())
        .collect();
    let mut columns = ordo_select_columns {
        buckets: buckets.as_ptr(),
        fields: [core::ptr::null(); ORDO_SELECT_FIELDS],
        count: n,
    };
    let mut present = [false; ORDO_SELECT_FIELDS];
    for (f, column) in fields.iter().enumerate() {
        present[f] = u.arbitrary::<u8>()? >= 0x20;
        if present[f] {
            columns.fields[f] = column.as_ptr();
        }
    }
    let mut by_columns = 0x5e17usize;
    // SAFETY: every non-NULL array holds `n` values; `rules` and `by_columns` are locals.
    let columns_status = unsafe { ordo_select_columnar(&columns, &rules, &mut by_columns) };
    let expected_columns_status = table_status.unwrap_or_else(|| {
        let keys = decoded.as_ref().map(Vec::as_slice).unwrap_or(&[]);
        let all = || keys.iter().flatten();
        if all().any(|k| matches!(k.field, Field::Name | Field::Flag)) {
            ORDO_ERR_INVALID_ARGUMENT
        } else if n > 0
            && all().any(|k| matches!(k.field, Field::Int(f) if !present[usize::from(f)]))
        {
            ORDO_ERR_NULL_POINTER
        } else {
            ORDO_OK
        }
    });
    assert_eq!(columns_status, expected_columns_status);

    // The columnar order and one-hot: the columns' statuses first, then the buffers'.
    let mut columns_out = vec![0x5e17usize; out_len];
    let mut columns_written = 0x5e17usize;
    // SAFETY: as for `ordo_select_columnar`; `columns_out` holds `out_len` values.
    let columns_order_status = unsafe {
        ordo_select_columnar_order(
            &columns,
            &rules,
            cap,
            columns_out.as_mut_ptr(),
            out_len,
            &mut columns_written,
        )
    };
    let buffer_status = |status: ordo_status, too_small: bool| match status {
        ORDO_OK if too_small => ORDO_ERR_BUFFER_TOO_SMALL,
        other => other,
    };
    let expected_columns_order_status = match expected_columns_status {
        ORDO_OK if cap > ORDO_SELECT_MAX_ORDER => ORDO_ERR_CAPACITY_EXCEEDED,
        status => buffer_status(status, out_len < cap.min(n)),
    };
    assert_eq!(columns_order_status, expected_columns_order_status);
    let mut columns_hot = vec![-1.0f64; hot_len];
    // SAFETY: as for `ordo_select_columnar`; `columns_hot` holds `hot_len` doubles.
    let columns_hot_status = unsafe {
        ordo_select_columnar_one_hot(&columns, &rules, columns_hot.as_mut_ptr(), hot_len)
    };
    assert_eq!(
        columns_hot_status,
        buffer_status(expected_columns_status, hot_len < n)
    );

    // The columnar three over the prepared table: the same statuses and results.
    if prepare_status == ORDO_OK {
        let mut by_prepared = 0x5e17usize;
        // SAFETY: as for `ordo_select_columnar`, with `prepared` written by
        // `ordo_select_prepare`.
        let status =
            unsafe { ordo_select_prepared_columnar(&columns, &prepared, &mut by_prepared) };
        assert_eq!((status, by_prepared), (columns_status, by_columns));
        let mut prepared_out = vec![0x5e17usize; out_len];
        let mut prepared_written = 0x5e17usize;
        // SAFETY: as above; `prepared_out` holds `out_len` values.
        let status = unsafe {
            ordo_select_prepared_columnar_order(
                &columns,
                &prepared,
                cap,
                prepared_out.as_mut_ptr(),
                out_len,
                &mut prepared_written,
            )
        };
        assert_eq!(status, columns_order_status);
        assert_eq!(
            (prepared_written, &prepared_out),
            (columns_written, &columns_out)
        );
        let mut prepared_hot = vec![-1.0f64; hot_len];
        // SAFETY: as above; `prepared_hot` holds `hot_len` doubles.
        let status = unsafe {
            ordo_select_prepared_columnar_one_hot(
                &columns,
                &prepared,
                prepared_hot.as_mut_ptr(),
                hot_len,
            )
        };
        assert_eq!((status, &prepared_hot), (columns_hot_status, &columns_hot));
    }

    if status != ORDO_OK {
        assert_eq!(chosen, 0x5e17, "written on error");
    }
    if order_status != ORDO_OK {
        assert!(
            out.iter().all(|&x| x == 0x5e17) && written == 0x5e17,
            "written on error"
        );
    }
    if hot_status != ORDO_OK {
        assert!(hot.iter().all(|&p| p == -1.0), "written on error");
    }
    if columns_status != ORDO_OK {
        assert_eq!(by_columns, 0x5e17, "written on error");
    }
    if columns_order_status != ORDO_OK {
        assert!(
            columns_out.iter().all(|&x| x == 0x5e17) && columns_written == 0x5e17,
            "written on error"
        );
    }
    if columns_hot_status != ORDO_OK {
        assert!(columns_hot.iter().all(|&p| p == -1.0), "written on error");
    }
    let Ok(keys) = decoded else { return Ok(()) };
    if action_status.is_some() {
        return Ok(());
    }
    let lists: Vec<&[Key]> = keys.iter().map(Vec::as_slice).collect();
    let safe_rules = Rules::new(&lists).expect("decoded tables are valid");
    let records: Vec<ActionRecord<'_>> = actions
        .iter()
        .map(|a| {
            let name: &[u8] = if a.name.is_null() {
                &[] // NULL only with a length of 0 here
            } else {
                // SAFETY: a non-NULL name points to `name_len` bytes of `NAMES`.
                unsafe { core::slice::from_raw_parts(a.name.cast::<u8>(), a.name_len) }
            };
            ActionRecord {
                bucket: a.bucket,
                fields: a.fields,
                flag: a.flag != 0,
                name,
            }
        })
        .collect();
    let expected = select(&records, &safe_rules);
    assert_eq!(chosen, expected.unwrap_or(ORDO_SELECT_NONE));
    if columns_status == ORDO_OK {
        assert_eq!(by_columns, chosen, "columns and records disagree");
    }
    let mut safe_out = vec![0usize; cap.min(n)];
    let safe_order = order(&records, &safe_rules, &mut safe_out);
    for (status, written, out) in [
        (order_status, written, &out),
        (columns_order_status, columns_written, &columns_out),
    ] {
        if status == ORDO_OK {
            assert_eq!(safe_order, Ok(safe_out.len()));
            assert_eq!(written, safe_out.len());
            assert_eq!(out[..written], safe_out[..]);
            assert!(out[written..].iter().all(|&x| x == 0x5e17));
        }
    }
    let mut safe_hot = vec![-1.0f64; hot_len];
    let safe_chosen = one_hot(&records, &safe_rules, &mut safe_hot);
    for (status, hot) in [(hot_status, &hot), (columns_hot_status, &columns_hot)] {
        if status == ORDO_OK {
            assert_eq!(safe_chosen, Ok(expected));
            assert_eq!(*hot, safe_hot);
        }
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
