//! What the CPU running ordo can do, found once, and the calls into the kernels compiled for
//! it (`select`'s `avx2` and `avx512` modules).
//!
//! Calling a `#[target_feature]` function is `unsafe`: the caller vouches that the CPU has the
//! feature. The crate keeps every `unsafe` under `ffi`, so these calls live here, each behind
//! a match on the level `detect` found. Off x86-64, and under Miri (which cannot run `cpuid`),
//! there is no kernel and every call answers `None`: the portable path decides, with the same
//! result.

#[cfg(all(target_arch = "x86_64", not(miri)))]
mod x86_64 {
    use core::arch::x86_64::{
        __cpuid, __cpuid_count, __m128i, __m256i, __m512i, _mm_loadu_si128, _mm256_andnot_si256,
        _mm256_cmpgt_epi32, _mm256_cmpgt_epi64, _mm256_loadu_si256, _mm256_mask_loadu_epi32,
        _mm256_maskload_epi32, _mm256_maskload_epi64, _mm256_or_si256, _mm256_set1_epi32,
        _mm256_set1_epi64x, _mm256_setr_epi32, _mm256_setr_epi64x, _mm512_loadu_si512,
        _mm512_maskz_loadu_epi64, _xgetbv,
    };
    use core::sync::atomic::{AtomicU8, AtomicUsize, Ordering};

    use crate::select::{Action, Columns, HEAD, IN_REGISTERS, KeyTable, avx2, avx512};

    /// What [`detect`] found, each level with every feature of the one before it.
    const UNKNOWN: u8 = 0;
    pub(crate) const NO_KERNEL: u8 = 1;
    pub(crate) const AVX2: u8 = 2;
    pub(crate) const AVX512: u8 = 3;

    /// The level the kernels may use, once [`detect`] has looked: the CPU's, or less when the
    /// caller has limited it ([`limit_level`]).
    static LEVEL: AtomicU8 = AtomicU8::new(UNKNOWN);

    /// The highest level the caller allows ([`limit_level`]); [`AVX512`] until it says less.
    static LIMIT: AtomicU8 = AtomicU8::new(AVX512);

    /// The CPU's own level, once [`detect`] has looked. A race only makes two threads look
    /// and store the same answer.
    static CPU: AtomicU8 = AtomicU8::new(UNKNOWN);

    /// From how many actions the AVX-512 passes run over more than 32 at the [`AVX512`]
    /// level, below it the AVX2 pass: set by [`detect`] from [`avx512_many_from`] (AMD's Zen 4
    /// and Zen 5), left at 0 (always AVX-512) on any other CPU. Read without ordering: a
    /// thread that sees the level before this only runs the other kernel, which chooses the
    /// same action.
    static AVX512_MANY_FROM: AtomicUsize = AtomicUsize::new(0);

    /// [`AVX512_MANY_FROM`] on AMD's Zen 4 (family 0x19), which runs AVX-512 on 256-bit
    /// halves. There the AVX2 pass (one pass, each lane keeping its best value's position, no
    /// branch on the data) measured faster than the AVX-512 passes (a masked `min`, then a
    /// search for the first member holding it) from 17 to 511 actions on every workload but
    /// one repeated input, most on fresh inputs (64 actions: 27 against 52 ns), and alike or
    /// slower from 512 (docs/select.md). On the Intel Xeon measured before, AVX-512 was ahead
    /// at 64. Up to 32 actions the AVX-512 kernels in registers run instead, faster than
    /// either pass.
    pub(super) const ZEN4_AVX512_MANY_FROM: usize = 512;

    /// [`AVX512_MANY_FROM`] on AMD's Zen 5 (family 0x1A), full-width AVX-512: the AVX-512
    /// passes lead on one repeated input at every length (64 actions: 18.6 against 20.6-24.2
    /// ns; 511: 65 against 108), but their search's branch costs fresh inputs more than the
    /// width gains, and there the AVX2 pass leads from 40 actions to 384 (64: 23-24 against
    /// 40-46 ns; 384: 78-80 against 94-104), by 5-20 % on to 768 and even at 1000. Beyond 384
    /// learnt inputs lose more to the AVX2 pass than fresh ones gain (640: 70-78 against
    /// 114-122 ns repeated, 127-148 against 123-130 fresh), so the bound stays there
    /// (docs/select.md).
    pub(super) const ZEN5_AVX512_MANY_FROM: usize = 385;

    /// The CPU's own level: [`NO_KERNEL`], [`AVX2`] or [`AVX512`], whatever the limit.
    fn cpu() -> u8 {
        match CPU.load(Ordering::Relaxed) {
            UNKNOWN => {
                let found = detect();
                CPU.store(found, Ordering::Relaxed);
                found
            }
            known => known,
        }
    }

    /// The level in use: [`NO_KERNEL`], [`AVX2`] or [`AVX512`].
    #[inline]
    pub(crate) fn level() -> u8 {
        match LEVEL.load(Ordering::Relaxed) {
            UNKNOWN => first_level(),
            known => known,
        }
    }

    /// [`level`] on its first call: the CPU's level under the limit, stored. Out of line, so
    /// that callers inlined into another crate save fewer registers for it.
    #[cold]
    #[inline(never)]
    fn first_level() -> u8 {
        let found = cpu().min(LIMIT.load(Ordering::Relaxed));
        // A limit set meanwhile has stored its own level, which stands.
        match LEVEL.compare_exchange(UNKNOWN, found, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => found,
            Err(stored) => stored,
        }
    }

    /// Lets the kernels use at most `limit` ([`NO_KERNEL`], [`AVX2`] or [`AVX512`]) from now
    /// on, and returns the level now in use: the lesser of `limit` and the CPU's.
    pub(crate) fn limit_level(limit: u8) -> u8 {
        LIMIT.store(limit, Ordering::Relaxed);
        let in_use = cpu().min(limit);
        LEVEL.store(in_use, Ordering::Relaxed);
        in_use
    }

    /// Whether the CPU has AVX2 and the OS saves its registers (whatever the limit: the tests
    /// call the kernels themselves).
    #[cfg(test)]
    pub(crate) fn has_avx2() -> bool {
        cpu() >= AVX2
    }

    /// Whether the CPU has AVX2, AVX-512F and AVX-512VL, and the OS saves their registers.
    #[cfg(test)]
    pub(crate) fn has_avx512() -> bool {
        cpu() == AVX512
    }

    /// CPUID leaf 1 for AVX and OSXSAVE, leaf 7 for AVX2 and AVX-512, and XCR0 for the OS's
    /// saving of the SSE, AVX and AVX-512 state; with AVX-512, leaves 0 and 1 for whether it
    /// is AMD's Zen 4 or Zen 5 ([`AVX512_MANY_FROM`]).
    #[cold]
    fn detect() -> u8 {
        let (leaf_0, leaf_1) = (__cpuid(0), __cpuid(1));
        if !avx_and_xgetbv(leaf_1.ecx, leaf_0.eax) {
            return NO_KERNEL;
        }
        // SAFETY: CPUID reports OSXSAVE: the CPU has XGETBV and the OS has enabled it, so
        // reading XCR0 (register 0) cannot fault.
        let saved = unsafe { _xgetbv(0) };
        let leaf_7_ebx = __cpuid_count(7, 0).ebx;
        match (
            avx2_and_its_state(leaf_7_ebx, saved),
            avx512_and_its_state(leaf_7_ebx, saved),
        ) {
            (true, true) => {
                let vendor = [leaf_0.ebx, leaf_0.edx, leaf_0.ecx];
                AVX512_MANY_FROM.store(avx512_many_from(vendor, leaf_1.eax), Ordering::Relaxed);
                AVX512
            }
            (true, false) => AVX2,
            (false, _) => NO_KERNEL,
        }
    }

    /// [`AVX512_MANY_FROM`] for a CPU with AVX-512 of the `vendor` (leaf 0's `ebx`, `edx`,
    /// `ecx`) and signature (leaf 1's `eax`): [`ZEN4_AVX512_MANY_FROM`] for AMD's family 0x19,
    /// whose only members with AVX-512 are Zen 4 (Zen 3, the rest of the family, has none),
    /// [`ZEN5_AVX512_MANY_FROM`] for AMD's family 0x1A (Zen 5), 0 for any other.
    pub(super) fn avx512_many_from(vendor: [u32; 3], signature: u32) -> usize {
        const AUTHENTIC_AMD: [&[u8; 4]; 3] = [b"Auth", b"enti", b"cAMD"];
        let base_family = (signature >> 8) & 0xf;
        let family = match base_family {
            0xf => base_family + ((signature >> 20) & 0xff),
            base => base,
        };
        match family {
            _ if vendor != AUTHENTIC_AMD.map(|word| u32::from_le_bytes(*word)) => 0,
            0x19 => ZEN4_AVX512_MANY_FROM,
            0x1a => ZEN5_AVX512_MANY_FROM,
            _ => 0,
        }
    }

    /// The kernel for more than [`HEAD`] actions at `level`: the level's own, except that
    /// the AVX2 pass runs at [`AVX512`] from 33 actions ([`IN_REGISTERS`] + 1) to below
    /// `avx512_from` ([`AVX512_MANY_FROM`]).
    #[inline]
    pub(super) fn many_kernel(level: u8, avx512_from: usize, actions: usize) -> u8 {
        match level {
            AVX512 if actions > IN_REGISTERS && actions < avx512_from => AVX2,
            level => level,
        }
    }

    /// Whether leaf 1's `ecx` reports AVX and OSXSAVE (so that XGETBV may run) and the CPU
    /// has leaf 7, given the highest leaf, leaf 0's `eax`.
    pub(super) fn avx_and_xgetbv(leaf_1_ecx: u32, highest_leaf: u32) -> bool {
        const OSXSAVE: u32 = 1 << 27;
        const AVX: u32 = 1 << 28;
        leaf_1_ecx & (OSXSAVE | AVX) == OSXSAVE | AVX && highest_leaf >= 7
    }

    /// Whether leaf 7's `ebx` reports AVX2 and XCR0 says the OS saves the SSE and AVX state
    /// (bits 1 and 2).
    pub(super) fn avx2_and_its_state(leaf_7_ebx: u32, xcr0: u64) -> bool {
        const AVX2: u32 = 1 << 5;
        const SSE_AND_AVX_STATE: u64 = 0b110;
        leaf_7_ebx & AVX2 != 0 && xcr0 & SSE_AND_AVX_STATE == SSE_AND_AVX_STATE
    }

    /// Whether leaf 7's `ebx` reports AVX-512F and AVX-512VL and XCR0 says the OS saves the
    /// SSE and AVX state and the AVX-512 state: the mask registers, the upper halves of
    /// ZMM0-15 and ZMM16-31 (bits 5, 6 and 7).
    pub(super) fn avx512_and_its_state(leaf_7_ebx: u32, xcr0: u64) -> bool {
        const AVX512F_AND_VL: u32 = (1 << 16) | (1 << 31);
        const STATE: u64 = 0b1110_0110;
        leaf_7_ebx & AVX512F_AND_VL == AVX512F_AND_VL && xcr0 & STATE == STATE
    }

    /// Four values as one vector, the first in the lowest lane. For the AVX2 kernels: built
    /// lane by lane instead, the vector was often assembled with shuffles.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn load_i64x4(values: &[i64; 4]) -> __m256i {
        // SAFETY: `values` is 32 readable bytes, and an unaligned load needs no alignment.
        unsafe { _mm256_loadu_si256(values.as_ptr().cast()) }
    }

    /// Eight values as one vector, the first in the lowest lane.
    #[target_feature(enable = "avx512f")]
    #[inline]
    pub(crate) fn load_i64x8(values: &[i64; 8]) -> __m512i {
        // SAFETY: `values` is 64 readable bytes, and an unaligned load needs no alignment.
        unsafe { _mm512_loadu_si512(values.as_ptr().cast()) }
    }

    /// The first eight values (all of them when fewer) as one vector, the first in the lowest
    /// lane; the lanes past the last value read 0.
    #[target_feature(enable = "avx512f")]
    #[inline]
    pub(crate) fn load_i64x8_partial(values: &[i64]) -> __m512i {
        let lanes = values.len().min(8);
        // SAFETY: a masked load reads only the lanes its mask enables, here the first `lanes`
        // elements of `values`, all readable; the lanes it masks off are not accessed and
        // cannot fault. An unaligned load needs no alignment.
        unsafe { _mm512_maskz_loadu_epi64(((1u32 << lanes) - 1) as u8, values.as_ptr()) }
    }

    /// The first eight buckets (all of them when fewer) as one vector, the first in the lowest
    /// lane; the lanes past the last bucket read `u32::MAX`.
    #[target_feature(enable = "avx512f,avx512vl")]
    #[inline]
    pub(crate) fn load_u32x8_partial(buckets: &[u32]) -> __m256i {
        let lanes = buckets.len().min(8);
        let past = _mm256_set1_epi32(-1);
        // SAFETY: as in `load_i64x8_partial`: only the first `lanes` buckets are read.
        unsafe {
            _mm256_mask_loadu_epi32(past, ((1u32 << lanes) - 1) as u8, buckets.as_ptr().cast())
        }
    }

    /// For the AVX2 kernels, the first eight buckets (all of them when fewer) as one vector,
    /// the first in the lowest lane, the lanes past the last bucket reading `u32::MAX`; and
    /// which lanes hold a bucket (all ones) and which do not (zero).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn load_u32x8_prefix(buckets: &[u32]) -> (__m256i, __m256i) {
        let lanes = buckets.len().min(8) as i32;
        let present = _mm256_cmpgt_epi32(
            _mm256_set1_epi32(lanes),
            _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
        );
        // SAFETY: a masked load reads only the lanes whose mask has its top bit set, here the
        // first `lanes` elements of `buckets`, all readable; the lanes it masks off are not
        // accessed and cannot fault (they read 0). An unaligned load needs no alignment.
        let read = unsafe { _mm256_maskload_epi32(buckets.as_ptr().cast(), present) };
        (
            _mm256_or_si256(read, _mm256_andnot_si256(present, _mm256_set1_epi32(-1))),
            present,
        )
    }

    /// For the AVX2 kernels, the first eight values (all of them when fewer) as two vectors of
    /// four, the first in the lowest lane of the first; the lanes past the last value read 0.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn load_i64x4x2_prefix(values: &[i64]) -> [__m256i; 2] {
        let lanes = _mm256_set1_epi64x(values.len().min(8) as i64);
        let present = [
            _mm256_cmpgt_epi64(lanes, _mm256_setr_epi64x(0, 1, 2, 3)),
            _mm256_cmpgt_epi64(lanes, _mm256_setr_epi64x(4, 5, 6, 7)),
        ];
        let first = values.as_ptr();
        // SAFETY: as in `load_u32x8_prefix`: only the first `min(len, 8)` values are read.
        // The second quad's address is computed with `wrapping_add`, so it is never an
        // out-of-bounds `add` even when fewer than five values exist (then its mask reads
        // nothing).
        unsafe {
            [
                _mm256_maskload_epi64(first.cast(), present[0]),
                _mm256_maskload_epi64(first.wrapping_add(4).cast(), present[1]),
            ]
        }
    }

    /// Eight buckets as one vector, the first in the lowest lane.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn load_u32x8(buckets: &[u32; 8]) -> __m256i {
        // SAFETY: `buckets` is 32 readable bytes, and an unaligned load needs no alignment.
        unsafe { _mm256_loadu_si256(buckets.as_ptr().cast()) }
    }

    /// Four buckets as one vector, the first in the lowest lane.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(crate) fn load_u32x4(buckets: &[u32; 4]) -> __m128i {
        // SAFETY: `buckets` is 16 readable bytes, and an unaligned load needs no alignment.
        unsafe { _mm_loadu_si128(buckets.as_ptr().cast()) }
    }

    /// [`avx2::select_eight`] when the CPU has AVX2, `None` when it lacks it.
    #[inline]
    pub(crate) fn select_eight_columns<T: KeyTable + ?Sized>(
        buckets: &[u32; HEAD],
        columns: &Columns<'_>,
        rules: &T,
    ) -> Option<usize> {
        match level() {
            // SAFETY: as in `select_many_columns`.
            AVX512 => Some(unsafe { avx512::select_eight(buckets, columns, rules) }),
            // SAFETY: the kernel is compiled for AVX2 and nothing else; the CPU has it and
            // the OS saves the YMM registers (`detect`).
            AVX2 => Some(unsafe { avx2::select_eight(buckets, columns, rules) }),
            _ => None,
        }
    }

    /// [`avx512::select_eight_actions`] when the CPU has AVX-512,
    /// [`avx2::select_eight_actions`] when it has AVX2, `None` when it lacks both.
    #[inline]
    pub(crate) fn select_eight_actions<A: Action, T: KeyTable + ?Sized>(
        head: &[A; HEAD],
        rules: &T,
    ) -> Option<usize> {
        match level() {
            // SAFETY: as in `select_many_columns`.
            AVX512 => Some(unsafe { avx512::select_eight_actions(head, rules) }),
            // SAFETY: as in `select_eight_columns`.
            AVX2 => Some(unsafe { avx2::select_eight_actions(head, rules) }),
            _ => None,
        }
    }

    /// [`avx512::select_few_actions`] when the CPU has AVX-512, [`avx2::select_few_actions`]
    /// when it has AVX2, `None` when it lacks both.
    #[inline]
    pub(crate) fn select_few_actions<A: Action, T: KeyTable + ?Sized>(
        actions: &[A],
        rules: &T,
    ) -> Option<Option<usize>> {
        match level() {
            // SAFETY: as in `select_many_columns`.
            AVX512 => Some(unsafe { avx512::select_few_actions(actions, rules) }),
            // SAFETY: as in `select_eight_columns`.
            AVX2 => Some(unsafe { avx2::select_few_actions(actions, rules) }),
            _ => None,
        }
    }

    /// [`avx512::select_head_and_tail_actions`] when the CPU has AVX-512 (over four eights a
    /// side only when the first eight are not all in bucket 0),
    /// [`avx2::select_head_and_tail_actions`] when it has AVX2 and `EIGHTS` is at most 2,
    /// otherwise `None`.
    #[inline]
    pub(crate) fn select_head_and_tail_actions<
        const EIGHTS: usize,
        A: Action,
        T: KeyTable + ?Sized,
    >(
        actions: &[A],
        rules: &T,
    ) -> Option<usize> {
        match level() {
            // With the first eight all in bucket 0 the scan compares values alone, faster than
            // filling 64 lanes (one bucket of 64: 25.9-27.3 ns against 34.9-38.1, Zen 4).
            AVX512
                if EIGHTS == 4
                    && actions.iter().take(HEAD).fold(0, |any, a| any | a.bucket()) == 0 =>
            {
                None
            }
            // SAFETY: as in `select_many_columns`.
            AVX512 => Some(unsafe {
                avx512::select_head_and_tail_actions::<EIGHTS, A, T>(actions, rules)
            }),
            // Not over 33 to 64 (four eights a side): their lanes take 24 of AVX2's 16
            // registers, and went through the stack at twice the scan's time (Zen 3).
            // SAFETY: as in `select_eight_columns`.
            AVX2 if EIGHTS <= 2 => {
                Some(unsafe { avx2::select_head_and_tail_actions::<EIGHTS, A, T>(actions, rules) })
            }
            _ => None,
        }
    }

    /// [`avx512::select_few`] when the CPU has AVX-512, [`avx2::select_few`] when it has
    /// AVX2, `None` when it lacks both.
    #[inline]
    pub(crate) fn select_few_columns<T: KeyTable + ?Sized>(
        columns: &Columns<'_>,
        rules: &T,
    ) -> Option<usize> {
        match level() {
            // SAFETY: as in `select_many_columns`.
            AVX512 => Some(unsafe { avx512::select_few(columns, rules) }),
            // SAFETY: as in `select_eight_columns`.
            AVX2 => Some(unsafe { avx2::select_few(columns, rules) }),
            _ => None,
        }
    }

    /// [`avx512::select_head_and_tail`] when the CPU has AVX-512,
    /// [`avx2::select_head_and_tail`] when it has AVX2, `None` when it lacks both.
    #[inline]
    pub(crate) fn select_head_and_tail_columns<const EIGHTS: usize, T: KeyTable + ?Sized>(
        columns: &Columns<'_>,
        rules: &T,
    ) -> Option<usize> {
        match level() {
            // SAFETY: as in `select_many_columns`.
            AVX512 => Some(unsafe { avx512::select_head_and_tail::<EIGHTS, _>(columns, rules) }),
            // SAFETY: as in `select_eight_columns`.
            AVX2 => Some(unsafe { avx2::select_head_and_tail::<EIGHTS, _>(columns, rules) }),
            _ => None,
        }
    }

    /// [`avx512::select_many`] when the CPU has AVX-512, [`avx2::select_many`] when it has
    /// AVX2 (or has AVX-512 on 256-bit halves and there are 33 to 511 actions:
    /// [`many_kernel`]), `None` when it lacks both.
    #[inline]
    pub(crate) fn select_many_columns<T: KeyTable + ?Sized>(
        columns: &Columns<'_>,
        rules: &T,
    ) -> Option<usize> {
        let level = level();
        let avx512_from = AVX512_MANY_FROM.load(Ordering::Relaxed);
        match many_kernel(level, avx512_from, columns.len()) {
            // SAFETY: the kernel is compiled for AVX2, AVX-512F and AVX-512VL and nothing
            // else; the CPU has all three and the OS saves their registers (`detect`).
            AVX512 => Some(unsafe { avx512::select_many(columns, rules) }),
            // SAFETY: as in `select_eight_columns` (the AVX-512 level has AVX2 too).
            AVX2 => Some(unsafe { avx2::select_many(columns, rules) }),
            _ => None,
        }
    }

    /// The AVX2 and the AVX-512 kernels' own answers over exactly [`HEAD`] actions, before
    /// any fallback to the portable scan: each `None` when the CPU lacks its level or the
    /// kernel declines (the lowest bucket not led by an integer field alone).
    #[cfg(test)]
    pub(crate) fn eight_actions_answers<A: Action, T: KeyTable + ?Sized>(
        head: &[A; HEAD],
        rules: &T,
    ) -> [Option<usize>; 2] {
        [
            // SAFETY: as in `select_eight_columns`, the CPU checked first.
            has_avx2().then(|| unsafe { avx2::least_member_of_eight_actions(head, rules) }),
            // SAFETY: as in `select_many_columns`, the CPU checked first.
            has_avx512().then(|| unsafe { avx512::least_member_of_eight_actions(head, rules) }),
        ]
        .map(Option::flatten)
    }

    /// The AVX2 and the AVX-512 kernels' own answers over one to seven actions, as
    /// [`eight_actions_answers`].
    #[cfg(test)]
    pub(crate) fn few_actions_answers<A: Action, T: KeyTable + ?Sized>(
        actions: &[A],
        rules: &T,
    ) -> [Option<usize>; 2] {
        [
            // SAFETY: as in `select_eight_columns`, the CPU checked first.
            has_avx2().then(|| unsafe { avx2::least_member_of_few_actions(actions, rules) }),
            // SAFETY: as in `select_many_columns`, the CPU checked first.
            has_avx512().then(|| unsafe { avx512::least_member_of_few_actions(actions, rules) }),
        ]
        .map(Option::flatten)
    }

    /// The AVX2 and the AVX-512 kernels' own answers over more than `HEAD * EIGHTS` actions
    /// and up to twice as many, before any fallback to the portable scan: each `None` when the
    /// CPU lacks its level or the kernel declines.
    #[cfg(test)]
    pub(crate) fn head_and_tail_actions_answers<
        const EIGHTS: usize,
        A: Action,
        T: KeyTable + ?Sized,
    >(
        actions: &[A],
        rules: &T,
    ) -> [Option<usize>; 2] {
        [
            // SAFETY: as in `select_eight_columns`, the CPU checked first.
            has_avx2().then(|| unsafe {
                avx2::least_member_of_head_and_tail_actions::<EIGHTS, A, T>(actions, rules)
            }),
            // SAFETY: as in `select_many_columns`, the CPU checked first.
            has_avx512().then(|| unsafe {
                avx512::least_member_of_head_and_tail_actions::<EIGHTS, A, T>(actions, rules)
            }),
        ]
        .map(Option::flatten)
    }

    /// The AVX2 kernels' own answer over the columns, before any fallback to the portable
    /// scan: `None` when the CPU lacks AVX2, when there are no actions, or when the kernel
    /// declines (the lowest bucket not led by an integer column alone). For the tests, which
    /// would not otherwise see a kernel that declines, nor the AVX2 kernel over more than
    /// [`HEAD`] actions on a CPU with AVX-512.
    #[cfg(test)]
    pub(crate) fn avx2_answer<T: KeyTable + ?Sized>(
        columns: &Columns<'_>,
        rules: &T,
    ) -> Option<usize> {
        if !has_avx2() {
            return None;
        }
        let buckets = columns.buckets();
        match buckets.first_chunk::<HEAD>() {
            // SAFETY: as in `select_eight_columns`.
            Some(head) if buckets.len() == HEAD => unsafe {
                avx2::least_member_of_eight(head, columns, rules)
            },
            // SAFETY: as in `select_eight_columns`.
            Some(_) if buckets.len() <= 2 * HEAD => unsafe {
                avx2::least_member_of_head_and_tail::<1, T>(columns, rules)
            },
            // SAFETY: as in `select_eight_columns`.
            Some(_) if buckets.len() <= IN_REGISTERS => unsafe {
                avx2::least_member_of_head_and_tail::<2, T>(columns, rules)
            },
            // SAFETY: as in `select_eight_columns`.
            Some(_) => unsafe { avx2::least_member_of_many(columns, rules) },
            // SAFETY: as in `select_eight_columns`.
            None => unsafe { avx2::least_member_of_few(columns, rules) },
        }
    }

    /// The AVX-512 kernels' own answer, as [`avx2_answer`]: `None` when the CPU lacks
    /// AVX-512, when there are no actions, or when the kernel declines.
    #[cfg(test)]
    pub(crate) fn avx512_answer<T: KeyTable + ?Sized>(
        columns: &Columns<'_>,
        rules: &T,
    ) -> Option<usize> {
        if !has_avx512() {
            return None;
        }
        let buckets = columns.buckets();
        match buckets.first_chunk::<HEAD>() {
            // SAFETY: as in `select_many_columns`.
            Some(head) if buckets.len() == HEAD => unsafe {
                avx512::least_member_of_eight(head, columns, rules)
            },
            // SAFETY: as in `select_many_columns`.
            Some(_) if buckets.len() <= 2 * HEAD => unsafe {
                avx512::least_member_of_head_and_tail::<1, T>(columns, rules)
            },
            // SAFETY: as in `select_many_columns`.
            Some(_) if buckets.len() <= IN_REGISTERS => unsafe {
                avx512::least_member_of_head_and_tail::<2, T>(columns, rules)
            },
            // SAFETY: as in `select_many_columns`.
            Some(_) => unsafe { avx512::least_member_of_many(columns, rules) },
            // SAFETY: as in `select_many_columns`.
            None => unsafe { avx512::least_member_of_few(columns, rules) },
        }
    }
}

#[cfg(all(target_arch = "x86_64", not(miri)))]
pub(crate) use x86_64::{
    AVX2, AVX512, NO_KERNEL, level, limit_level, load_i64x4, load_i64x4x2_prefix, load_i64x8,
    load_i64x8_partial, load_u32x4, load_u32x8, load_u32x8_partial, load_u32x8_prefix,
    select_eight_actions, select_eight_columns, select_few_actions, select_few_columns,
    select_head_and_tail_actions, select_head_and_tail_columns, select_many_columns,
};
#[cfg(all(test, target_arch = "x86_64", not(miri)))]
pub(crate) use x86_64::{
    avx2_answer, avx512_answer, eight_actions_answers, few_actions_answers, has_avx2, has_avx512,
    head_and_tail_actions_answers,
};

/// The levels, as on x86-64; this target has none but [`NO_KERNEL`].
#[cfg(not(all(target_arch = "x86_64", not(miri))))]
pub(crate) const NO_KERNEL: u8 = 1;
#[cfg(not(all(target_arch = "x86_64", not(miri))))]
pub(crate) const AVX2: u8 = 2;
#[cfg(not(all(target_arch = "x86_64", not(miri))))]
pub(crate) const AVX512: u8 = 3;

/// Without a kernel for this target: always [`NO_KERNEL`].
#[cfg(not(all(target_arch = "x86_64", not(miri))))]
pub(crate) fn level() -> u8 {
    NO_KERNEL
}

/// Without a kernel for this target: the limit changes nothing.
#[cfg(not(all(target_arch = "x86_64", not(miri))))]
pub(crate) fn limit_level(_limit: u8) -> u8 {
    NO_KERNEL
}

/// Without a kernel for this target: the portable path decides.
#[cfg(not(all(target_arch = "x86_64", not(miri))))]
pub(crate) fn select_eight_columns<T: crate::select::KeyTable + ?Sized>(
    _buckets: &[u32; crate::select::HEAD],
    _columns: &crate::select::Columns<'_>,
    _rules: &T,
) -> Option<usize> {
    None
}

/// Without a kernel for this target: the portable path decides.
#[cfg(not(all(target_arch = "x86_64", not(miri))))]
pub(crate) fn select_eight_actions<
    A: crate::select::Action,
    T: crate::select::KeyTable + ?Sized,
>(
    _head: &[A; crate::select::HEAD],
    _rules: &T,
) -> Option<usize> {
    None
}

/// Without a kernel for this target: the portable path decides.
#[cfg(not(all(target_arch = "x86_64", not(miri))))]
pub(crate) fn select_few_actions<A: crate::select::Action, T: crate::select::KeyTable + ?Sized>(
    _actions: &[A],
    _rules: &T,
) -> Option<Option<usize>> {
    None
}

/// Without a kernel for this target: the portable path decides.
#[cfg(not(all(target_arch = "x86_64", not(miri))))]
pub(crate) fn select_head_and_tail_actions<
    const EIGHTS: usize,
    A: crate::select::Action,
    T: crate::select::KeyTable + ?Sized,
>(
    _actions: &[A],
    _rules: &T,
) -> Option<usize> {
    None
}

/// Without a kernel for this target: the portable path decides.
#[cfg(not(all(target_arch = "x86_64", not(miri))))]
pub(crate) fn select_few_columns<T: crate::select::KeyTable + ?Sized>(
    _columns: &crate::select::Columns<'_>,
    _rules: &T,
) -> Option<usize> {
    None
}

/// Without a kernel for this target: the portable path decides.
#[cfg(not(all(target_arch = "x86_64", not(miri))))]
pub(crate) fn select_head_and_tail_columns<
    const EIGHTS: usize,
    T: crate::select::KeyTable + ?Sized,
>(
    _columns: &crate::select::Columns<'_>,
    _rules: &T,
) -> Option<usize> {
    None
}

/// Without a kernel for this target: the portable path decides.
#[cfg(not(all(target_arch = "x86_64", not(miri))))]
pub(crate) fn select_many_columns<T: crate::select::KeyTable + ?Sized>(
    _columns: &crate::select::Columns<'_>,
    _rules: &T,
) -> Option<usize> {
    None
}

#[cfg(all(test, target_arch = "x86_64", not(miri)))]
mod tests {
    extern crate std;

    use core::arch::x86_64::{__m256i, __m512i};

    use crate::select::{
        ActionRecord, Columns, Field, Key, KeyTable, MAX_BUCKETS, Rules, select, select_columns,
        select_columns_portable, select_scan,
    };

    #[test]
    fn avx2_is_found_exactly_when_the_cpu_has_it() {
        assert_eq!(super::has_avx2(), std::is_x86_feature_detected!("avx2"));
    }

    #[test]
    fn avx512_is_found_exactly_when_the_cpu_has_it_and_avx2() {
        assert_eq!(
            super::has_avx512(),
            std::is_x86_feature_detected!("avx2")
                && std::is_x86_feature_detected!("avx512f")
                && std::is_x86_feature_detected!("avx512vl")
        );
    }

    /// The AVX2 masked loads read exactly the slice they are given, up to eight elements: the
    /// lanes past its end read 0 (values) or `u32::MAX` (buckets), and are the lanes marked
    /// absent, whatever lies beyond it.
    #[test]
    fn prefix_loads_read_only_the_slice() {
        if !super::has_avx2() {
            return;
        }
        let values: [i64; 9] = [-1, 2, -3, 4, -5, 6, -7, 8, -9];
        let buckets: [u32; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        for len in 0..=values.len() {
            // SAFETY: the CPU has AVX2 (checked above), all either load needs.
            let ((read_buckets, present), read_values) = unsafe {
                (
                    super::load_u32x8_prefix(&buckets[..len]),
                    super::load_i64x4x2_prefix(&values[..len]),
                )
            };
            // SAFETY: each array is as large as its vectors, and any bits are a valid integer.
            let (read_buckets, present, read_values) = unsafe {
                (
                    core::mem::transmute::<__m256i, [u32; 8]>(read_buckets),
                    core::mem::transmute::<__m256i, [u32; 8]>(present),
                    core::mem::transmute::<[__m256i; 2], [i64; 8]>(read_values),
                )
            };
            for lane in 0..8 {
                let expected = match lane < len {
                    true => (values[lane], buckets[lane], u32::MAX),
                    false => (0, u32::MAX, 0),
                };
                assert_eq!(
                    (read_values[lane], read_buckets[lane], present[lane]),
                    expected,
                    "{len} elements, lane {lane}"
                );
            }
        }
    }

    /// The masked loads read exactly the slice they are given, up to eight elements: the lanes
    /// past its end read 0 (values) or `u32::MAX` (buckets), whatever lies beyond it.
    #[test]
    fn partial_loads_read_only_the_slice() {
        if !super::has_avx512() {
            return;
        }
        let values: [i64; 9] = [-1, 2, -3, 4, -5, 6, -7, 8, -9];
        let buckets: [u32; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        for len in 0..=values.len() {
            // SAFETY: the CPU has AVX-512F and VL (checked above), all either load needs.
            let (read_values, read_buckets) = unsafe {
                (
                    super::load_i64x8_partial(&values[..len]),
                    super::load_u32x8_partial(&buckets[..len]),
                )
            };
            // SAFETY: each vector is as large as its array, and any bits are a valid integer.
            let (read_values, read_buckets): ([i64; 8], [u32; 8]) = unsafe {
                (
                    core::mem::transmute::<__m512i, [i64; 8]>(read_values),
                    core::mem::transmute::<__m256i, [u32; 8]>(read_buckets),
                )
            };
            for lane in 0..8 {
                let expected = match lane < len {
                    true => (values[lane], buckets[lane]),
                    false => (0, u32::MAX),
                };
                assert_eq!(
                    (read_values[lane], read_buckets[lane]),
                    expected,
                    "{len} elements, lane {lane}"
                );
            }
        }
    }

    /// As for AVX2: each bit alone missing, with every other present.
    #[test]
    fn avx512_needs_every_bit_it_reads() {
        use super::x86_64::avx512_and_its_state;
        const F: u32 = 1 << 16;
        const VL: u32 = 1 << 31;
        const STATE: u64 = 0b1110_0110;
        assert!(avx512_and_its_state(F | VL, STATE));
        assert!(avx512_and_its_state(u32::MAX, u64::MAX));
        assert!(!avx512_and_its_state(!F, u64::MAX), "no AVX-512F");
        assert!(!avx512_and_its_state(!VL, u64::MAX), "no AVX-512VL");
        for (bit, state) in [
            (1, "SSE"),
            (2, "AVX"),
            (5, "mask registers'"),
            (6, "upper ZMM0-15"),
            (7, "ZMM16-31"),
        ] {
            assert!(
                !avx512_and_its_state(u32::MAX, !(1 << bit)),
                "the {state} state not saved"
            );
        }
        assert!(!avx512_and_its_state(0, 0));
    }

    /// The AVX2 pass's bound at the AVX-512 level is Zen 4's for AMD's family 0x19 and Zen
    /// 5's for family 0x1A, read from the signature's base and extended family, and none (0)
    /// for anything else: not their neighbours, not Intel's family 6, not another vendor's
    /// family 0x19 or 0x1A.
    #[test]
    fn the_avx2_pass_bound_is_amd_zen_4_and_zen_5_alone() {
        use super::x86_64::{ZEN4_AVX512_MANY_FROM, ZEN5_AVX512_MANY_FROM, avx512_many_from};
        let word = |bytes: &[u8; 4]| u32::from_le_bytes(*bytes);
        let amd = [word(b"Auth"), word(b"enti"), word(b"cAMD")];
        let intel = [word(b"Genu"), word(b"ineI"), word(b"ntel")];
        let hygon = [word(b"Hygo"), word(b"nGen"), word(b"uine")];
        // Family, model, stepping as leaf 1's `eax` encodes them.
        let signature = |family: u32, model: u32| {
            let (base, extended) = if family >= 0xf {
                (0xf, family - 0xf)
            } else {
                (family, 0)
            };
            extended << 20 | (model >> 4) << 16 | base << 8 | (model & 0xf) << 4 | 1
        };
        assert_eq!(
            signature(0x19, 0x11),
            0x00a1_0f11,
            "the Zen 4 EPYC measured"
        );
        assert_eq!(
            signature(0x1a, 0x02),
            0x00b0_0f21,
            "the Zen 5 EPYC measured"
        );
        for model in [0x11, 0x61, 0xa0] {
            let zen4 = avx512_many_from(amd, signature(0x19, model));
            assert_eq!(zen4, ZEN4_AVX512_MANY_FROM, "Zen 4 {model:#x}");
        }
        for model in [0x02, 0x11, 0x44] {
            let zen5 = avx512_many_from(amd, signature(0x1a, model));
            assert_eq!(zen5, ZEN5_AVX512_MANY_FROM, "Zen 5 {model:#x}");
        }
        for family in [0x17, 0x18, 0x1b, 0x6, 0xf] {
            let other = avx512_many_from(amd, signature(family, 0x11));
            assert_eq!(other, 0, "AMD {family:#x}");
        }
        for (vendor, family, name) in [
            (intel, 0x6, "the Intel Xeon"),
            (intel, 0x19, "Intel 0x19"),
            (intel, 0x1a, "Intel 0x1a"),
            (hygon, 0x19, "Hygon 0x19"),
            (hygon, 0x1a, "Hygon 0x1a"),
        ] {
            assert_eq!(
                avx512_many_from(vendor, signature(family, 0x11)),
                0,
                "{name}"
            );
        }
        // The extended family counts only under base family 0xf.
        assert_eq!(avx512_many_from(amd, 0x00a1_0611), 0, "base family 6");
        assert_eq!(
            avx512_many_from(amd, 0x00b0_0621),
            0,
            "base family 6, extended 0xb"
        );
    }

    /// The kernel over more than eight actions: the level's own, but for the AVX2 pass at
    /// the AVX-512 level from 33 actions to below the bound the detection set (each CPU's).
    #[test]
    fn the_avx2_pass_runs_at_avx512_only_between_32_and_the_bound() {
        use super::x86_64::{ZEN4_AVX512_MANY_FROM, ZEN5_AVX512_MANY_FROM, many_kernel};
        use super::{AVX2, AVX512, NO_KERNEL};
        for bound in [ZEN4_AVX512_MANY_FROM, ZEN5_AVX512_MANY_FROM] {
            for actions in [9, 16, 17, 32, bound, bound + 1, 1000] {
                assert_eq!(many_kernel(AVX512, bound, actions), AVX512, "{actions}");
            }
            for actions in [33, 64, bound - 1] {
                assert_eq!(many_kernel(AVX512, bound, actions), AVX2, "{actions}");
                assert_eq!(
                    many_kernel(AVX512, 0, actions),
                    AVX512,
                    "full width, {actions}"
                );
            }
            for actions in [9, 17, 64, bound, 1000] {
                assert_eq!(many_kernel(AVX2, bound, actions), AVX2, "{actions}");
                assert_eq!(
                    many_kernel(NO_KERNEL, bound, actions),
                    NO_KERNEL,
                    "{actions}"
                );
            }
        }
    }

    /// Each bit the detection reads, alone missing, with every other present: on this
    /// machine's CPU only the all-present case is seen.
    #[test]
    fn avx2_needs_every_bit_it_reads() {
        use super::x86_64::{avx_and_xgetbv, avx2_and_its_state};
        const OSXSAVE: u32 = 1 << 27;
        const AVX: u32 = 1 << 28;
        let others = !(OSXSAVE | AVX);
        assert!(avx_and_xgetbv(OSXSAVE | AVX, 7));
        assert!(avx_and_xgetbv(u32::MAX, 0x20));
        assert!(!avx_and_xgetbv(OSXSAVE | AVX, 6));
        assert!(!avx_and_xgetbv(others | AVX, 7), "no OSXSAVE");
        assert!(!avx_and_xgetbv(others | OSXSAVE, 7), "no AVX");
        assert!(!avx_and_xgetbv(0, 7));
        assert!(avx2_and_its_state(1 << 5, 0b111));
        assert!(avx2_and_its_state(u32::MAX, 0b110));
        assert!(!avx2_and_its_state(!(1 << 5), u64::MAX), "no AVX2");
        assert!(
            !avx2_and_its_state(1 << 5, !0b100),
            "the AVX state not saved"
        );
        assert!(
            !avx2_and_its_state(1 << 5, !0b010),
            "the SSE state not saved"
        );
        assert!(!avx2_and_its_state(0, 0));
    }

    /// xorshift64*, so that every run sees the same cases.
    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n
        }
        fn value(&mut self) -> i64 {
            match self.below(10) {
                0 => i64::MIN,
                1 => i64::MAX,
                2 => self.below(u64::MAX) as i64,
                _ => self.below(5) as i64 - 2,
            }
        }
    }

    /// A random rule table over `keys`: each bucket's rule (two keys drawn from `keys`), how
    /// many of them it uses (none to two, one most often), and how many buckets it describes.
    fn random_table(
        rng: &mut Rng,
        keys: &[Key],
    ) -> ([[Key; 2]; MAX_BUCKETS], [usize; MAX_BUCKETS], usize) {
        let mut table = [[keys[0]; 2]; MAX_BUCKETS];
        let mut lens = [0; MAX_BUCKETS];
        for (rule, len) in table.iter_mut().zip(&mut lens) {
            *rule = [0, 1].map(|_| keys[rng.below(keys.len() as u64) as usize]);
            *len = [0, 1, 1, 1, 2][rng.below(5) as usize];
        }
        let described = rng.below(MAX_BUCKETS as u64 + 1) as usize;
        (table, lens, described)
    }

    /// `select_columns` (the AVX2 or AVX-512 kernels, on a CPU that has them) and each kernel
    /// by itself choose what the portable scans choose: every length to 80, and from 124 to
    /// 147 every way a longer one ends after the kernels' blocks; buckets in one (or one and a
    /// stray) to past the table's reach; values with many ties and both extremes; leads of
    /// either direction, of two keys, of the position, or none.
    #[test]
    fn select_columns_chooses_as_the_portable_scans() {
        const LONGEST: usize = 1000;
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let lengths = (0..=80).chain(124..=147).chain([1000]);
        for (case, n) in lengths.cycle().take(12_000).enumerate() {
            let keys = [
                Key::asc(Field::Int(0)),
                Key::desc(Field::Int(0)),
                Key::asc(Field::Int(1)),
                Key::desc(Field::Int(1)),
                Key::asc(Field::Position),
                Key::desc(Field::Position),
            ];
            let (table, lens, described) = random_table(&mut rng, &keys);
            let slices: [&[Key]; MAX_BUCKETS] = core::array::from_fn(|b| &table[b][..lens[b]]);
            let rules = Rules::new(&slices[..described]).expect("a valid table");
            let spread = [1, 2, 4, 24][case % 4];
            let mut buckets = [0u32; LONGEST];
            let mut fields = [[0i64; LONGEST]; 2];
            let base = rng.below(3) as u32;
            for at in 0..n {
                buckets[at] = base + rng.below(spread) as u32;
                fields[0][at] = rng.value();
                fields[1][at] = rng.value();
            }
            // One bucket but for a single stray, above or below it, anywhere: what a test of
            // "one bucket throughout" must not miss.
            if spread == 1 && n > 0 && rng.below(2) == 0 {
                let stray = rng.below(n as u64) as usize;
                buckets[stray] = [base + 1, base.saturating_sub(1)][rng.below(2) as usize];
            }
            let columns = Columns::new(&buckets[..n])
                .with_field(0, &fields[0][..n])
                .and_then(|c| c.with_field(1, &fields[1][..n]))
                .expect("equal lengths");
            let portable = select_columns_portable(&columns, &rules);
            assert_eq!(
                select_columns(&columns, &rules),
                Ok(portable),
                "case {case}: {n} actions, buckets {:?}, fields {:?}, rules {:?}",
                &buckets[..n.min(16)],
                &fields[0][..n.min(16)],
                &slices[..described],
            );
            // The kernels answer by themselves exactly when the lowest bucket is led by an
            // integer column alone: one that declined would leave the choice to the portable
            // scan, the same answer, only slower, which the comparison above cannot see.
            let lowest = buckets[..n].iter().min();
            let int_led = lowest.is_some_and(|&bucket| rules.lead_of(bucket).column().is_some());
            let avx2 = super::avx2_answer(&columns, &rules);
            let avx512 = super::avx512_answer(&columns, &rules);
            assert_eq!(
                avx2.is_some(),
                int_led && n > 0 && super::has_avx2(),
                "case {case}: {n} actions, lowest bucket {lowest:?}, rules {:?}",
                &slices[..described],
            );
            assert_eq!(
                avx512.is_some(),
                int_led && n > 0 && super::has_avx512(),
                "case {case}: {n} actions, lowest bucket {lowest:?}, rules {:?}",
                &slices[..described],
            );
            // On a CPU with AVX-512, `select_columns` runs the AVX2 kernels only on some
            // lengths, and on some CPUs: each compared here by itself.
            for (kernel, answer) in [("AVX2", avx2), ("AVX-512", avx512)] {
                if answer.is_some() {
                    assert_eq!(
                        answer, portable,
                        "case {case}: the {kernel} kernel, {n} actions"
                    );
                }
            }
        }
    }

    /// `select` over one to 64 records (the AVX2 or AVX-512 kernels from three, on a CPU that
    /// has them; from 33 AVX-512 alone) and each kernel by itself, over one or two actions
    /// and the AVX2 one over 33 to 64 too, which `select` does not call, choose what the
    /// portable scan chooses, on tables
    /// and inputs drawn as in `select_columns_chooses_as_the_portable_scans`.
    #[test]
    fn select_over_one_to_sixty_four_actions_chooses_as_the_portable_scan() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        for case in 0..57_000 {
            let keys = [
                Key::asc(Field::Int(0)),
                Key::desc(Field::Int(0)),
                Key::asc(Field::Int(3)),
                Key::desc(Field::Int(3)),
                Key::asc(Field::Position),
                Key::desc(Field::Flag),
            ];
            let (table, lens, described) = random_table(&mut rng, &keys);
            let slices: [&[Key]; MAX_BUCKETS] = core::array::from_fn(|b| &table[b][..lens[b]]);
            let rules = Rules::new(&slices[..described]).expect("a valid table");
            let spread = [1, 2, 4, 24][case % 4];
            let base = [0, 0, 1, 2][rng.below(4) as usize];
            let all: [ActionRecord<'static>; 64] = core::array::from_fn(|_| {
                let mut action = ActionRecord::new(base + rng.below(spread) as u32);
                action.fields = [0; 4].map(|_| rng.value());
                action.flag = rng.below(2) == 1;
                action
            });
            let n = 1 + case / 4 % 64;
            let actions = &all[..n];
            let portable = select_scan(actions, &rules);
            assert_eq!(
                select(actions, &rules),
                portable,
                "case {case}: {actions:?}"
            );
            let lowest = actions
                .iter()
                .map(|action| action.bucket)
                .min()
                .unwrap_or(0);
            let int_led = rules.lead_of(lowest).column().is_some();
            let answers = match actions.first_chunk() {
                None => super::few_actions_answers(actions, &rules),
                Some(head) if n == 8 => super::eight_actions_answers(head, &rules),
                _ if n <= 16 => super::head_and_tail_actions_answers::<1, _, _>(actions, &rules),
                _ if n <= 32 => super::head_and_tail_actions_answers::<2, _, _>(actions, &rules),
                _ => super::head_and_tail_actions_answers::<4, _, _>(actions, &rules),
            };
            let levels = [super::has_avx2(), super::has_avx512()];
            for ((kernel, answer), has) in ["AVX2", "AVX-512"].iter().zip(answers).zip(levels) {
                assert_eq!(answer.is_some(), int_led && has, "case {case}: {kernel}");
                if answer.is_some() {
                    assert_eq!(
                        answer, portable,
                        "case {case}: the {kernel} kernel, {actions:?}"
                    );
                }
            }
        }
    }
}
