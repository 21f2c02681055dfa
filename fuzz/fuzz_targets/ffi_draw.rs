//! The `ordo_draw_*` C functions on arbitrary desired orders, piles, hands,
//! strides, counts and output lengths, against the safe `draw` API; and
//! `ordo_draw_plan_play_order` on a plan whose bytes were overwritten.
//!
//! Checks: a status, never a panic; on error no output (nor the RNG state)
//! is written; on success the outputs equal the safe API's.
#![no_main]

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use ordo::draw::{DesiredOrder, Piles, SplitMix64};
use ordo::ffi::draw::{
    ORDO_DRAW_PLAN_WORDS, ordo_draw_plan, ordo_draw_plan_init, ordo_draw_plan_play_order,
    ordo_draw_play_order, ordo_draw_play_order_batch, ordo_draw_shuffle, ordo_draw_shuffled_batch,
};
use ordo::ffi::ordo_status;
use ordo_fuzz::length_near;

const S16: u16 = 0xABAB;
const S32: u32 = 0xABAB_ABAB;

fn cards(u: &mut Unstructured<'_>, max: usize) -> arbitrary::Result<Vec<u32>> {
    let len = usize::from(u.arbitrary::<u16>()?) % (max + 1);
    let wide = u.arbitrary::<bool>()?;
    (0..len)
        .map(|_| {
            Ok(if wide {
                u.arbitrary::<u32>()?
            } else {
                u32::from(u.arbitrary::<u8>()? % 12)
            })
        })
        .collect()
}

fn hand(u: &mut Unstructured<'_>) -> arbitrary::Result<usize> {
    Ok(match u.arbitrary::<u8>()? {
        255 => usize::MAX,
        b => usize::from(b % 12),
    })
}

/// The safe API's order of one pile as (slots, cards), or None on error.
fn reference(desired: &[u32], pile: &[u32], hand: usize) -> Option<(Vec<u16>, Vec<u32>)> {
    let order = DesiredOrder::new(desired).ok()?;
    let play = order.play_order(pile, hand).ok()?;
    Some((
        play.slots().map(|s| s as u16).collect(),
        play.cards(pile).collect(),
    ))
}

fn untouched<T: PartialEq + Copy>(buffer: &[T], sentinel: T) -> bool {
    buffer.iter().all(|&x| x == sentinel)
}

fn one_pile(u: &mut Unstructured<'_>) -> arbitrary::Result<()> {
    let desired = cards(u, 260)?;
    let pile = cards(u, 260)?;
    let hand = hand(u)?;
    let slots_len = length_near(u, pile.len());
    let cards_len = length_near(u, pile.len());
    let mut slots = vec![S16; slots_len];
    let mut out_cards = vec![S32; cards_len];
    // SAFETY: every buffer holds its length; no overlap.
    let status = unsafe {
        ordo_draw_play_order(
            desired.as_ptr(),
            desired.len(),
            pile.as_ptr(),
            pile.len(),
            hand,
            slots.as_mut_ptr(),
            slots_len,
            out_cards.as_mut_ptr(),
            cards_len,
        )
    };
    let expected = reference(&desired, &pile, hand);
    let fits = |len: usize| len == 0 || len >= pile.len();
    let ok = expected.is_some() && fits(slots_len) && fits(cards_len);
    assert_eq!(status == ordo_status::ORDO_OK, ok, "{status:?}");
    if !ok {
        assert!(
            untouched(&slots, S16) && untouched(&out_cards, S32),
            "written on error"
        );
        return Ok(());
    }
    let (want_slots, want_cards) = expected.unwrap_or_default();
    if slots_len != 0 {
        assert_eq!(slots[..pile.len()], want_slots[..]);
        assert!(untouched(&slots[pile.len()..], S16));
    }
    if cards_len != 0 {
        assert_eq!(out_cards[..pile.len()], want_cards[..]);
        assert!(untouched(&out_cards[pile.len()..], S32));
    }

    // The same through a plan, possibly with overwritten bytes.
    let mut plan = ordo_draw_plan_zeroed();
    // SAFETY: `plan` is a writable local; `desired` holds its length.
    let status = unsafe { ordo_draw_plan_init(desired.as_ptr(), desired.len(), &mut plan) };
    assert_eq!(status, ordo_status::ORDO_OK);
    let corrupt = u.arbitrary::<u8>()? == 0;
    if corrupt {
        // SAFETY: the plan is plain words; every byte after the magic is overwritten.
        let words = unsafe {
            core::slice::from_raw_parts_mut((&raw mut plan).cast::<u64>(), ORDO_DRAW_PLAN_WORDS)
        };
        for w in &mut words[1..] {
            *w = u.arbitrary().unwrap_or(0);
        }
    }
    let mut plan_slots = vec![S16; pile.len()];
    // SAFETY: `plan` is initialised; buffers hold their lengths.
    let status = unsafe {
        ordo_draw_plan_play_order(
            &plan,
            pile.as_ptr(),
            pile.len(),
            hand,
            plan_slots.as_mut_ptr(),
            plan_slots.len(),
            core::ptr::null_mut(),
            0,
        )
    };
    if !corrupt {
        assert_eq!(status, ordo_status::ORDO_OK);
        if !pile.is_empty() {
            assert_eq!(plan_slots, want_slots);
        }
    } else if status != ordo_status::ORDO_OK {
        assert!(untouched(&plan_slots, S16));
    }
    Ok(())
}

fn ordo_draw_plan_zeroed() -> ordo_draw_plan {
    // SAFETY: `ordo_draw_plan` is plain integers; all zero is a valid value.
    unsafe { core::mem::zeroed() }
}

fn batch(u: &mut Unstructured<'_>) -> arbitrary::Result<()> {
    let desired = cards(u, 40)?;
    let buffer = cards(u, 600)?;
    let pile_len = usize::from(u.arbitrary::<u8>()? % 24);
    let stride = pile_len + usize::from(u.arbitrary::<u8>()? % 4)
        - usize::from(pile_len > 0 && u.arbitrary::<u8>()? == 0);
    // With empty piles and stride 0 any count is valid: SIZE_MAX must not hang.
    let count = match u.arbitrary::<u8>()? {
        255 if pile_len == 0 && stride == 0 => usize::MAX,
        b => usize::from(b % 40),
    };
    let hand = hand(u)?;
    let needed = count.saturating_mul(pile_len);
    let slots_len = length_near(u, needed);
    let cards_len = length_near(u, needed);
    let mut slots = vec![S16; slots_len];
    let mut out_cards = vec![S32; cards_len];
    // SAFETY: every buffer holds its length; no overlap.
    let status = unsafe {
        ordo_draw_play_order_batch(
            desired.as_ptr(),
            desired.len(),
            buffer.as_ptr(),
            buffer.len(),
            pile_len,
            stride,
            count,
            hand,
            slots.as_mut_ptr(),
            slots_len,
            out_cards.as_mut_ptr(),
            cards_len,
        )
    };
    let fits = |len: usize| len == 0 || len >= needed;
    let piles = Piles::new(&buffer, pile_len, stride, count).ok();
    // Empty piles have nothing to compare (and may be SIZE_MAX of them).
    let expected: Option<Vec<(Vec<u16>, Vec<u32>)>> =
        piles.filter(|_| pile_len > 0).and_then(|piles| {
            piles
                .iter()
                .map(|pile| reference(&desired, pile, hand))
                .collect()
        });
    let valid = piles.is_some() && hand != 0 && fits(slots_len) && fits(cards_len);
    assert_eq!(status == ordo_status::ORDO_OK, valid, "{status:?}");
    if !valid {
        assert!(
            untouched(&slots, S16) && untouched(&out_cards, S32),
            "written on error"
        );
        return Ok(());
    }
    let expected = expected.unwrap_or_default();
    for (i, (want_slots, want_cards)) in expected.iter().enumerate() {
        let range = i * pile_len..(i + 1) * pile_len;
        if slots_len != 0 {
            assert_eq!(slots[range.clone()], want_slots[..]);
        }
        if cards_len != 0 {
            assert_eq!(out_cards[range], want_cards[..]);
        }
    }
    Ok(())
}

fn shuffles(u: &mut Unstructured<'_>) -> arbitrary::Result<()> {
    let desired = cards(u, 40)?;
    let deck = cards(u, 260)?;
    let hand = hand(u)?;
    let seed: u64 = u.arbitrary()?;
    let count = usize::from(u.arbitrary::<u8>()? % 6);

    let mut state = seed;
    let pile_len = length_near(u, deck.len());
    let mut pile = vec![S32; pile_len];
    // SAFETY: buffers hold their lengths; `state` is a local.
    let status = unsafe {
        ordo_draw_shuffle(
            deck.as_ptr(),
            deck.len(),
            &mut state,
            pile.as_mut_ptr(),
            pile_len,
        )
    };
    if pile_len < deck.len() {
        assert_eq!(status, ordo_status::ORDO_ERR_BUFFER_TOO_SMALL);
        assert_eq!(state, seed);
        assert!(untouched(&pile, S32));
    } else {
        assert_eq!(status, ordo_status::ORDO_OK);
        let mut rng = SplitMix64::new(seed);
        let mut want = deck.clone();
        rng.shuffle(&mut want);
        assert_eq!(pile[..deck.len()], want[..]);
        assert_eq!(state, rng.state());
    }

    let needed = count * deck.len();
    let piles_len = length_near(u, needed);
    let slots_len = length_near(u, needed);
    let cards_len = length_near(u, needed);
    let mut piles = vec![S32; piles_len];
    let mut slots = vec![S16; slots_len];
    let mut out_cards = vec![S32; cards_len];
    let mut state = seed;
    // SAFETY: buffers hold their lengths; no overlap.
    let status = unsafe {
        ordo_draw_shuffled_batch(
            desired.as_ptr(),
            desired.len(),
            deck.as_ptr(),
            deck.len(),
            &mut state,
            count,
            hand,
            piles.as_mut_ptr(),
            piles_len,
            slots.as_mut_ptr(),
            slots_len,
            out_cards.as_mut_ptr(),
            cards_len,
        )
    };
    let fits = |len: usize| len == 0 || len >= needed;
    let order = DesiredOrder::new(&desired).ok();
    let mut rng = SplitMix64::new(seed);
    let mut expected = Vec::new();
    let safe = order.as_ref().map(|order| {
        order.shuffled_play_orders(&deck, hand, &mut rng, count, |pile, play| {
            expected.push((
                pile.to_vec(),
                play.slots().map(|s| s as u16).collect::<Vec<_>>(),
                play.cards(pile).collect::<Vec<_>>(),
            ));
        })
    });
    let valid =
        matches!(safe, Some(Ok(()))) && fits(piles_len) && fits(slots_len) && fits(cards_len);
    assert_eq!(status == ordo_status::ORDO_OK, valid, "{status:?}");
    if !valid {
        assert_eq!(state, seed, "RNG state written on error");
        assert!(untouched(&piles, S32) && untouched(&slots, S16) && untouched(&out_cards, S32));
        return Ok(());
    }
    assert_eq!(state, rng.state());
    for (i, (want_pile, want_slots, want_cards)) in expected.iter().enumerate() {
        let range = i * deck.len()..(i + 1) * deck.len();
        if piles_len != 0 {
            assert_eq!(piles[range.clone()], want_pile[..]);
        }
        if slots_len != 0 {
            assert_eq!(slots[range.clone()], want_slots[..]);
        }
        if cards_len != 0 {
            assert_eq!(out_cards[range], want_cards[..]);
        }
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let _ = match u.arbitrary::<u8>().unwrap_or(0) % 3 {
        0 => one_pile(&mut u),
        1 => batch(&mut u),
        _ => shuffles(&mut u),
    };
});
