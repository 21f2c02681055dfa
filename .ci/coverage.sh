#!/usr/bin/env bash
# `make coverage`: line coverage of the library (src/) by every Rust test and every C and C++
# test of ffi-tests/, together. The Rust tests and the C library are built with
# `-C instrument-coverage`; each test program writes its profile, and a line counts as covered
# when any program ran it, so a line only the C tests reach counts too.
# Prints the lines covered, file by file, and writes the lines not covered to
# $COVERAGE_DIR/missing.txt (an absolute path; default target/coverage).
set -euo pipefail
cd "$(dirname "$0")/.."

rustup component add llvm-tools >/dev/null 2>&1 || rustup component add llvm-tools-preview >/dev/null
tools="$(rustc --print sysroot)/lib/rustlib/$(rustc -vV | sed -n 's/^host: //p')/bin"
out="${COVERAGE_DIR:-$PWD/target/coverage}"
rm -rf "$out/profiles"
mkdir -p "$out/profiles"
export CARGO_TARGET_DIR="$out/cargo"
export RUSTFLAGS="-C instrument-coverage"
export LLVM_PROFILE_FILE="$out/profiles/%p-%m.profraw"
# Optimised a little: a C test runs ordo on a 32 KiB stack, which a debug build overflows.
export CARGO_PROFILE_DEV_OPT_LEVEL=1

# The Rust tests, and the list of the programs they ran.
cargo test --all-targets --quiet
cargo test --all-targets --no-run --message-format=json 2>/dev/null |
    sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' > "$out/objects"

# The C library and the C and C++ tests against it (built apart from the real ones).
# The profile the Rust tests are built with (so that llvm-cov matches their functions with the
# C library's), with the C library's panic strategy.
cargo rustc --lib --features capi --crate-type staticlib --config 'profile.dev.panic="abort"' --quiet
lib="$CARGO_TARGET_DIR/debug/libordo.a"
cbuild="$out/ffi-tests"
rm -rf "$cbuild" && mkdir -p "$cbuild"
# A C program pulls in the profile runtime only when asked (rustc asks for Rust programs).
link=("$lib" -Wl,-u,__llvm_profile_runtime -lcmocka -lpthread -ldl -lm)
for test in ffi-tests/test_*.c ffi-tests/test_*.cpp; do
    name="$cbuild/$(basename "${test%.*}")_${test##*.}"
    case "$test" in
        *.c) cc -std=c99 -O1 -g -Iinclude -Iffi-tests "$test" "${link[@]}" -o "$name" ;;
        *) c++ -std=c++17 -O1 -g -Iinclude -Iffi-tests "$test" "${link[@]}" -o "$name" ;;
    esac
    "$name" >/dev/null
    echo "$name" >> "$out/objects"
done

"$tools/llvm-profdata" merge -sparse "$out"/profiles/*.profraw -o "$out/ordo.profdata"
# One lcov export per program, merged line by line (a line is covered when any program ran it):
# the entry points are `#[no_mangle]`, so every program that holds one holds it under the same
# name, and one report over all programs at once would count only the first program's copy.
# Only the library: src/, not the tests, benches, examples or the standard library.
ignore='(/\.cargo/|/rustc/|/tests/|/benches/|/examples/|/ffi-tests/|/lib/rustlib/)'
rm -rf "$out/lcov" && mkdir -p "$out/lcov"
n=0
while read -r object; do
    n=$((n + 1))
    "$tools/llvm-cov" export -format=lcov -instr-profile="$out/ordo.profdata" \
        -ignore-filename-regex="$ignore" "$object" > "$out/lcov/$n.info" 2>/dev/null
done < "$out/objects"
python3 .ci/coverage_merge.py "$PWD/" "$out/missing.txt" "$out"/lcov/*.info
echo "coverage: uncovered lines, file by file, in $out/missing.txt"
