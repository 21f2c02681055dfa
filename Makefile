# ordo: `make check` runs every test; `make help` lists the targets.
SHELL := /bin/bash
CARGO ?= cargo
NOSTD_TARGET := thumbv7em-none-eabihf
# Cortex-M0/M0+: no hardware divide, no 64-bit multiply, no atomic read-modify-write.
NOSTD_TARGET_SMALL := thumbv6m-none-eabi
CAPI_DIR := target/capi
export CARGO_TERM_COLOR ?= never

.PHONY: help check deps fmt-check clippy test doc header header-check lib nostd-check \
        ffi-check memcheck examples install install-check abi32 cross embedded bench clean miri \
        platforms fuzz coverage differential mutants

help:
	@echo "make check      every test: fmt, clippy, cargo test, header, no_std, C/C++, memcheck, examples, install-check, abi32, cross, embedded"
	@echo "make header     regenerate include/ordo.h from src/ffi/"
	@echo "make lib        build target/capi/libordo.a and libordo.so, SONAME libordo.so.<ABI> (panic = abort)"
	@echo "make install    install ordo.h, the libraries, ordo.pc and the CMake package under PREFIX (default /usr/local)"
	@echo "make install-check  install into target/ and build C and C++ programs through pkg-config and CMake"
	@echo "make bench      run the criterion benchmarks (see README)"
	@echo "make miri       unit tests and cheap FFI tests under Miri (nightly; not part of check)"
	@echo "make abi32      the C examples and C/C++ tests built for 32-bit x86 (examples' output compared with the host's)"
	@echo "make cross      every Rust test, optimised, on s390x and armv7 (qemu-user) and i686; the C examples and C/C++ tests on s390x and armv7"
	@echo "make embedded   the seeds' examples and worst cases on a Cortex-M4F under qemu, with their stack use, and every DATC case"
	@echo "make platforms  fixed-output tests under Miri on big-endian s390x and 32-bit i686 (nightly)"
	@echo "make fuzz       every cargo-fuzz target for FUZZ_SECONDS (default 30) each (nightly)"
	@echo "make coverage   lines of src/ run by the Rust tests and the C/C++ tests together (llvm-cov; not part of check)"
	@echo "make differential  adjudication against DipNet (Python diplomacy, from PyPI) on DIFF_POSITIONS random positions per mode (not part of check)"
	@echo "make mutants    mutation testing (cargo-mutants) of MUTANTS_ROUTINES (default: select ranked draw; also adjudicate, resolve, board); not part of check"

check: deps fmt-check clippy test doc header-check nostd-check ffi-check memcheck examples install-check \
       abi32 cross embedded
	@echo "make check: all passed"

# Installs what `check` needs and is missing (Debian packages when run as root,
# the rustfmt/clippy components and the no_std target through rustup).
deps:
	@bash .ci/deps.sh

# The crate and the two workspaces of its own (fuzz/, embedded/).
fmt-check:
	$(CARGO) fmt --all -- --check
	cd fuzz && $(CARGO) fmt -- --check
	cd embedded && $(CARGO) fmt -- --check

clippy:
	$(CARGO) clippy --all-targets -- -D warnings
	$(CARGO) clippy --lib --features capi -- -D warnings

test:
	$(CARGO) test --all-targets
	$(CARGO) test --doc

# The API docs build without a warning (broken links, missing docs).
doc:
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --no-deps

header:
	ORDO_BLESS_HEADER=1 $(CARGO) test --test header

header-check:
	$(CARGO) test --test header

# The shared library's SONAME carries the ABI version (libordo.so.2 for ORDO_ABI_VERSION 2), so
# a program linked against one ABI never loads another; the link of that name sits beside it.
ABI_VERSION := $(shell sed -n 's/^pub const ORDO_ABI_VERSION: u32 = \([0-9]*\);/\1/p' src/ffi/mod.rs)
SONAME := libordo.so.$(ABI_VERSION)
lib:
	$(CARGO) rustc --lib --profile capi --features capi --crate-type staticlib,cdylib -- \
		-C link-arg=-Wl,-soname,$(SONAME)
	ln -sf libordo.so $(CAPI_DIR)/$(SONAME)

# The core builds for a bare-metal target, and the host static library
# references no allocator and no unwinder.
nostd-check: lib
	@for target in $(NOSTD_TARGET) $(NOSTD_TARGET_SMALL); do \
		if rustup target list --installed 2>/dev/null | grep -qx $$target; then \
			$(CARGO) build --lib --release --target $$target && \
			$(CARGO) rustc --lib --profile capi --features capi --crate-type staticlib --target $$target && \
			echo "no_std: built for $$target" || exit 1; \
		else \
			echo "SKIPPED: NO_STD TARGET BUILD ($$target could not be added)"; \
		fi; \
	done
	@bad=$$(nm -u $(CAPI_DIR)/libordo.a 2>/dev/null | grep -E '\b(malloc|calloc|realloc|free|_Unwind_[A-Za-z_]*)$$' | sort -u); \
	if [ -n "$$bad" ]; then echo "libordo.a references forbidden symbols:"; echo "$$bad"; exit 1; fi; \
	echo "no_std: libordo.a references no malloc/calloc/realloc/free/_Unwind_*"

ffi-check: lib
	$(MAKE) -C ffi-tests check

memcheck: lib
	$(MAKE) -C ffi-tests memcheck

examples: lib
	$(CARGO) run --release --example tour > /dev/null
	$(MAKE) -C examples/c run

# The C library for other build systems: the header, both libraries, a pkg-config file
# (`pkg-config --cflags --libs ordo`) and a CMake package (`find_package(ordo)`, the imported
# targets ordo::ordo, static, and ordo::shared), under $(DESTDIR)$(PREFIX).
PREFIX ?= /usr/local
VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
VERSION_PARTS := $(subst ., ,$(VERSION))
install: lib
	install -d $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig \
		$(DESTDIR)$(PREFIX)/lib/cmake/ordo
	install -m 644 include/ordo.h $(DESTDIR)$(PREFIX)/include/ordo.h
	install -m 644 $(CAPI_DIR)/libordo.a $(DESTDIR)$(PREFIX)/lib/libordo.a
	install -m 755 $(CAPI_DIR)/libordo.so $(DESTDIR)$(PREFIX)/lib/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(PREFIX)/lib/libordo.so
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' packaging/ordo.pc.in \
		> $(DESTDIR)$(PREFIX)/lib/pkgconfig/ordo.pc
	sed -e 's|@ABI_VERSION@|$(ABI_VERSION)|g' packaging/ordoConfig.cmake.in \
		> $(DESTDIR)$(PREFIX)/lib/cmake/ordo/ordoConfig.cmake
	sed -e 's|@VERSION@|$(VERSION)|' -e 's|@VERSION_MAJOR@|$(word 1,$(VERSION_PARTS))|' \
		-e 's|@VERSION_MINOR@|$(word 2,$(VERSION_PARTS))|' packaging/ordoConfigVersion.cmake.in \
		> $(DESTDIR)$(PREFIX)/lib/cmake/ordo/ordoConfigVersion.cmake

# Installs into target/ and builds against that prefix as a game would: a C program through
# pkg-config (shared library), then packaging/test through CMake, a C program on each imported
# target and a C++ one; every program runs. A request for a later minor version must fail.
INSTALL_CHECK := $(CURDIR)/target/install-check
install-check: lib
	rm -rf $(INSTALL_CHECK)
	$(MAKE) --no-print-directory install PREFIX=$(INSTALL_CHECK)/prefix
	export PKG_CONFIG_PATH=$(INSTALL_CHECK)/prefix/lib/pkgconfig && \
		$(CC) -std=c99 -Wall -Werror examples/c/version.c $$(pkg-config --cflags --libs ordo) \
			-o $(INSTALL_CHECK)/version_pkg_config && \
		LD_LIBRARY_PATH=$(INSTALL_CHECK)/prefix/lib $(INSTALL_CHECK)/version_pkg_config && \
		readelf -d $(INSTALL_CHECK)/version_pkg_config | grep -q 'NEEDED.*\[$(SONAME)\]' || \
		{ echo "the program does not name $(SONAME)"; exit 1; }
	@if command -v cmake >/dev/null; then \
		set -e; build=$(INSTALL_CHECK)/cmake; \
		cmake -S packaging/test -B $$build -DCMAKE_PREFIX_PATH=$(INSTALL_CHECK)/prefix >/dev/null; \
		cmake --build $$build >/dev/null; \
		for program in version_static select_shared consumer_cpp; do $$build/$$program; done; \
		if cmake -S packaging/test -B $$build-newer -DCMAKE_PREFIX_PATH=$(INSTALL_CHECK)/prefix \
			-DORDO_WANT=0.$$(( $(word 2,$(VERSION_PARTS)) + 1 )) 2>&1 | \
			grep -q 'considered but not accepted'; then :; else \
			echo "find_package did not refuse a request for a later minor version"; exit 1; \
		fi; \
		echo "install-check: pkg-config and CMake builds ran"; \
	else \
		echo "SKIPPED: THE CMAKE PACKAGE (cmake is missing)"; \
	fi

# The C examples built for 32-bit x86 (`gcc -m32` against an i686 `libordo.a`) print exactly
# what the host build prints: the header's layouts hold with a 32-bit `size_t`, and no result
# depends on the word size. Then the C and C++ tests, built the same way, pass (against the
# i386 cmocka that .ci/deps.sh unpacks under target/). They run under AddressSanitizer and
# UBSan, not valgrind: valgrind's 32-bit memcheck needs the i386 C library's debug symbols,
# which Debian ships only in an archive CI cannot reach.
ABI32_TARGET := i686-unknown-linux-gnu
ABI32_LIB := $(CURDIR)/target/$(ABI32_TARGET)/capi/libordo.a
CMOCKA_I386 := $(CURDIR)/target/cmocka-i386/usr/lib/i386-linux-gnu
SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=all
abi32: examples
	@if rustup target list --installed 2>/dev/null | grep -qx '$(ABI32_TARGET)' && \
		echo 'int main(void) { return 0; }' | $(CC) -m32 -x c - -o /dev/null 2>/dev/null; then \
		$(CARGO) rustc --lib --profile capi --features capi --crate-type staticlib \
			--target $(ABI32_TARGET) && \
		$(MAKE) -C examples/c compare-foreign FOREIGN=build-i686 FOREIGN_CC='$(CC) -m32' \
			FOREIGN_LIB=$(ABI32_LIB) && \
		if [ -e $(CMOCKA_I386)/libcmocka.so.0 ] && \
			echo 'int main() { return 0; }' | $(CXX) -m32 -x c++ - -o /dev/null 2>/dev/null; then \
			$(MAKE) -C ffi-tests foreign FOREIGN=build-i686 FOREIGN_LIB=$(ABI32_LIB) \
				FOREIGN_CC='$(CC) -m32 $(SANITIZE)' FOREIGN_CXX='$(CXX) -m32 $(SANITIZE)' \
				FOREIGN_CMOCKA=$(CMOCKA_I386); \
		else \
			echo "SKIPPED: 32-BIT C TESTS (cmocka for i386 in $(CMOCKA_I386) or g++ -m32 is missing)"; \
		fi; \
	else \
		echo "SKIPPED: 32-BIT C BUILD ($(ABI32_TARGET) or gcc -m32 is missing)"; \
	fi

# Same input, same output, on every platform, run rather than interpreted: every Rust test
# (the property tests and all 164 DATC cases among them) on a big-endian 64-bit target, a
# 32-bit ARM one and 32-bit x86 (.ci/cross.sh).
CROSS_TARGETS := s390x-unknown-linux-gnu armv7-unknown-linux-gnueabihf i686-unknown-linux-gnu
cross:
	@set -e; for target in $(CROSS_TARGETS); do bash .ci/cross.sh $$target; done

# ordo on a microcontroller: embedded/ runs each routine's worked example and its worst case
# on a Cortex-M4F (thumbv7em-none-eabihf, qemu's mps2-an386 board), checks the results against
# the host's, and prints the stack each call used; then every DATC case, recorded as the
# host's tests adjudicate it (ORDO_DATC_RECORD), each result compared with the host's. Its own
# crate and workspace, like fuzz/.
DATC_CASES := $(CURDIR)/target/datc-cases
embedded:
	@if rustup target list --installed 2>/dev/null | grep -qx '$(NOSTD_TARGET)' && \
		command -v qemu-system-arm >/dev/null; then \
		rm -rf $(DATC_CASES) && mkdir -p $(DATC_CASES) && \
		ORDO_DATC_RECORD=$(DATC_CASES) $(CARGO) test -q --test datc --test datc_retreat \
			--test datc_adjust && \
		cd embedded && export ORDO_DATC_CASES=$(DATC_CASES) && $(CARGO) fmt --check && \
		$(CARGO) clippy --release --locked -- -D warnings && \
		$(CARGO) run --release --locked; \
	else \
		echo "SKIPPED: EMBEDDED RUN ($(NOSTD_TARGET) or qemu-system-arm is missing)"; \
	fi

bench:
	$(CARGO) bench

# Undefined behaviour hunting (docs/hardening.md). Needs a nightly toolchain;
# not part of `check`.
miri:
	@rustup +nightly component list --installed 2>/dev/null | grep -q '^miri' || \
		rustup +nightly component add miri rust-src
	$(CARGO) +nightly miri test --lib
	$(CARGO) +nightly miri test --test fuzz_regressions --test adjudicate_ffi_alloc --test select_alloc \
		--test threads

# Same input, same output, on every platform: the tests with fixed expected outputs (the
# seeds' examples, the DATC, the golden draws) interpreted by Miri on a big-endian 64-bit
# target and a little-endian 32-bit one (docs/hardening.md). Nothing is linked, so the
# host's gcc and ar stand in for the cross tools that a dev-dependency's build script
# asks for. The property test of ranked ordering (10,000 cases) is left to `make check`.
# Needs a nightly toolchain; not part of `check`.
PLATFORM_TARGETS := s390x-unknown-linux-gnu i686-unknown-linux-gnu
PLATFORM_TESTS := --lib --test ranked --test select --test draw --test adjudicate_seed \
        --test datc --test datc_retreat --test datc_adjust
platforms:
	@rustup +nightly component list --installed 2>/dev/null | grep -q '^miri' || \
		rustup +nightly component add miri rust-src
	@for target in $(PLATFORM_TARGETS); do \
		cc_target=$$(echo $$target | tr - _) && \
		env CC_$$cc_target=gcc AR_$$cc_target=ar CRATE_CC_NO_DEFAULTS=1 \
			$(CARGO) +nightly miri test --target $$target $(PLATFORM_TESTS) \
			-- --skip equals_the_naive_reference || exit 1; \
	done
	@echo "make platforms: the fixed-output tests pass on $(PLATFORM_TARGETS)"

# Each fuzz target for FUZZ_SECONDS, one after the other (fuzz/, docs/hardening.md);
# fuzz/seeds/<target> holds committed seed inputs, fuzz/corpus/ the grown corpus, and the
# targets that read order text take the notation's words and the map's names as a dictionary.
FUZZ_SECONDS ?= 30
FUZZ_TARGETS := parse_order parse_turn ffi_adjudicate ffi_map_build ffi_ranked ffi_draw \
        adjudicate_shuffle ffi_later_phases ffi_select
FUZZ_TEXT_TARGETS := parse_order parse_turn
fuzz:
	@command -v cargo-fuzz >/dev/null || $(CARGO) install cargo-fuzz --locked
	@for target in $(FUZZ_TARGETS); do \
		mkdir -p fuzz/corpus/$$target && \
		seeds=$$(test -d fuzz/seeds/$$target && echo seeds/$$target); \
		dict=$$(case " $(FUZZ_TEXT_TARGETS) " in *" $$target "*) echo -dict=dicts/diplomacy.dict;; esac); \
		(cd fuzz && $(CARGO) +nightly fuzz run --debug-assertions $$target corpus/$$target $$seeds -- \
			-max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 $$dict) || exit 1; \
	done
	@echo "make fuzz: no target failed in $(FUZZ_SECONDS) s each"

# Mutation testing (docs/hardening.md): cargo-mutants changes the library one mutant at a time
# (an operator flipped, a function's result replaced), builds and runs only the Rust tests of
# that routine (`MUTANTS_TESTS_<routine>`, passed to every cargo call);
# each mutant no test catches is listed in target/mutants/<routine>/mutants.out/missed.txt.
# The C tests do not run, so the C faces' checks count only where Rust tests call them.
# docs/hardening.md lists the last run's survivors and why each changes no result.
# About 10 minutes a routine on 2 cores (resolve and board: below); not part of `check`.
MUTANTS_ROUTINES ?= select ranked draw
MUTANTS_FILES_select := src/select/mod.rs src/select/columns.rs src/select/avx2.rs src/select/avx512.rs \
	src/ffi/select.rs src/ffi/cpu.rs
MUTANTS_TESTS_select := --lib --test=select --test=select_props --test=select_alloc
MUTANTS_FILES_ranked := src/ranked.rs src/ffi/ranked.rs
MUTANTS_TESTS_ranked := --lib --test=ranked --test=ranked_alloc
MUTANTS_FILES_draw := src/draw.rs src/ffi/draw.rs
MUTANTS_TESTS_draw := --lib --test=draw --test=draw_props --test=draw_alloc
# The adjudicator's later phases and order types, under every Rust test.
MUTANTS_FILES_adjudicate := src/adjudicate/retreat.rs src/adjudicate/adjust.rs \
	src/adjudicate/advance.rs src/adjudicate/order.rs
MUTANTS_TESTS_adjudicate := --lib --tests
# The movement resolver (DATC section 5's resolve and adjudicate), under every Rust test
# (about 40 minutes).
MUTANTS_FILES_resolve := src/adjudicate/resolve.rs
MUTANTS_TESTS_resolve := --lib --tests
# The map and its builder, the standard map, the parsers and the C face of adjudication
# (about 45 minutes).
MUTANTS_FILES_board := src/adjudicate/map.rs src/adjudicate/standard_map.rs \
	src/adjudicate/parse.rs src/adjudicate/turn.rs src/adjudicate/mod.rs src/ffi/adjudicate.rs
MUTANTS_TESTS_board := --lib --tests
mutants:
	@command -v cargo-mutants >/dev/null || $(CARGO) install cargo-mutants --locked
	@$(foreach routine,$(MUTANTS_ROUTINES),mkdir -p target/mutants/$(routine) && $(CARGO) mutants \
		$(addprefix -f ,$(MUTANTS_FILES_$(routine))) --profile release \
		-C=--config=profile.release.codegen-units=16 -C=--config=profile.release.incremental=true \
		$(addprefix -C=,$(MUTANTS_TESTS_$(routine))) --exclude-re 'tests::' -j 2 \
		--output target/mutants/$(routine) || true;)
	@for routine in $(MUTANTS_ROUTINES); do \
		echo "== $$routine: $$(wc -l < target/mutants/$$routine/mutants.out/caught.txt) caught," \
			"$$(wc -l < target/mutants/$$routine/mutants.out/timeout.txt) timed out," \
			"$$(wc -l < target/mutants/$$routine/mutants.out/missed.txt) missed:"; \
		cat target/mutants/$$routine/mutants.out/missed.txt; \
	done

# Which lines of the library the tests run: the Rust tests and the C and C++ tests, built with
# `-C instrument-coverage`, each program's lines merged (a line run by any counts).
coverage: deps
	bash .ci/coverage.sh

# Adjudication cross-checked against DipNet, the Python `diplomacy` package (tools/differential,
# docs/adjudicate.md): random positions per mode, each disagreement minimised and written to
# target/differential/<mode>/cases/, then sorted into the known classes (DipNet's choices and
# bugs); a disagreement outside them fails the target.
DIFF_POSITIONS ?= 2000
DIFF_SEED ?= 1
DIFF_ENV := target/dipenv
differential:
	$(CARGO) build --release --example adjudicate
	@test -x $(DIFF_ENV)/bin/python || \
		(python3 -m venv $(DIFF_ENV) && $(DIFF_ENV)/bin/pip install -q diplomacy==1.1.2)
	@rm -rf target/differential
	@for mode in plain convoy tricky; do \
		$(DIFF_ENV)/bin/python tools/differential/diff.py --ordo target/release/examples/adjudicate \
			--mode $$mode --n $(DIFF_POSITIONS) --seed $(DIFF_SEED) --filter-known \
			--out target/differential || exit 1; \
	done
	$(DIFF_ENV)/bin/python tools/differential/classify.py target/release/examples/adjudicate \
		target/differential/plain target/differential/convoy target/differential/tricky

clean:
	$(CARGO) clean
	$(MAKE) -C ffi-tests clean
	$(MAKE) -C examples/c clean
