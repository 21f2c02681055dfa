#!/usr/bin/env bash
# `make cross`: every Rust test, built optimised for TARGET and run there: under qemu-user for
# s390x (big-endian, 64-bit) and armv7 (32-bit ARM, hard float), natively for i686. On the two
# foreign targets the C examples must then print what the host build prints, and the C and C++
# tests must pass (i686 gets both from `make abi32`). Everything links with clang against
# Debian's cross libc, libgcc and libstdc++: Debian's cross gcc would remove gcc-multilib, which
# the 32-bit C build needs. Prints SKIPPED when the target's tools are missing (.ci/deps.sh
# installs them when run as root).
set -euo pipefail
target=$1
case $target in
  s390x-unknown-linux-gnu) triple=s390x-linux-gnu; qemu=qemu-s390x; deb=s390x ;;
  armv7-unknown-linux-gnueabihf) triple=arm-linux-gnueabihf; qemu=qemu-arm; deb=armhf ;;
  i686-unknown-linux-gnu) triple=; qemu=; deb= ;;
  *) echo "cross: unknown target $target" >&2; exit 2 ;;
esac
missing=()
rustup target list --installed 2>/dev/null | grep -qx "$target" || missing+=("the rustup target")
if [ -n "$triple" ]; then
  command -v clang >/dev/null || missing+=(clang)
  command -v "$qemu" >/dev/null || missing+=("$qemu")
  command -v "$triple-ld" >/dev/null || missing+=("$triple-ld")
  [ -e "/usr/$triple/lib/crt1.o" ] || missing+=("the $triple libc")
  [ -d "/usr/lib/gcc-cross/$triple" ] || missing+=("the $triple libgcc")
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "SKIPPED: TESTS ON $target (missing: ${missing[*]})"
  exit 0
fi
if [ -n "$triple" ]; then
  upper=$(echo "$target" | tr 'a-z-' 'A-Z_')
  export "CARGO_TARGET_${upper}_LINKER=clang"
  export "CARGO_TARGET_${upper}_RUSTFLAGS=-C link-arg=--target=$triple"
  export "CARGO_TARGET_${upper}_RUNNER=$qemu -L /usr/$triple"
  export "CC_$(echo "$target" | tr - _)=clang"
fi
echo "== cargo test on $target${qemu:+ (under $qemu)}"
cargo test --release --target "$target" --lib --tests

[ -n "$triple" ] || exit 0
root=$(pwd)
lib=$root/target/$target/capi/libordo.a
run="$qemu -L /usr/$triple"
echo "== the C examples and the C and C++ tests on $target (under $qemu)"
cargo rustc --lib --profile capi --features capi --crate-type staticlib --target "$target"
make -C examples/c compare-foreign FOREIGN="build-$target" FOREIGN_LIB="$lib" \
  FOREIGN_CC="clang --target=$triple" FOREIGN_RUN="$run"
cmocka=$root/target/cmocka-$deb/usr/lib/$triple
if [ ! -e "$cmocka/libcmocka.so.0" ] || [ ! -d "/usr/$triple/include/c++/12" ]; then
  echo "SKIPPED: C TESTS ON $target (cmocka in $cmocka or the $triple libstdc++ is missing)"
  exit 0
fi
make -C ffi-tests foreign FOREIGN="build-$target" FOREIGN_LIB="$lib" FOREIGN_CMOCKA="$cmocka" \
  FOREIGN_CC="clang --target=$triple" FOREIGN_CXX="clang++ --target=$triple" FOREIGN_RUN="$run"
