#!/usr/bin/env bash
# `make cross`: every Rust test, built optimised for TARGET and run there: under qemu-user for
# s390x (big-endian, 64-bit) and armv7 (32-bit ARM, hard float), natively for i686. The two
# foreign targets link with clang against Debian's cross libc and libgcc: Debian's cross gcc
# would remove gcc-multilib, which the 32-bit C build needs. Prints SKIPPED when the target's
# tools are missing (.ci/deps.sh installs them when run as root).
set -euo pipefail
target=$1
case $target in
  s390x-unknown-linux-gnu) triple=s390x-linux-gnu; qemu=qemu-s390x ;;
  armv7-unknown-linux-gnueabihf) triple=arm-linux-gnueabihf; qemu=qemu-arm ;;
  i686-unknown-linux-gnu) triple=; qemu= ;;
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
