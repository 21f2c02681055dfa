#!/usr/bin/env bash
# Installs what `make check` needs and is missing. Idempotent.
set -euo pipefail

need_apt=()
[ -f /usr/include/cmocka.h ] || need_apt+=(libcmocka-dev)
command -v valgrind >/dev/null || need_apt+=(valgrind)
command -v gcc >/dev/null || need_apt+=(gcc)
command -v g++ >/dev/null || need_apt+=(g++)
command -v nm >/dev/null || need_apt+=(binutils)
command -v pkg-config >/dev/null || need_apt+=(pkg-config)
# `make abi32` builds the C examples for 32-bit x86.
if [ "$(uname -m)" = x86_64 ] && command -v gcc >/dev/null \
  && ! echo 'int main(void) { return 0; }' | gcc -m32 -x c - -o /dev/null 2>/dev/null; then
  need_apt+=(gcc-multilib)
fi
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "deps: apt-get install ${need_apt[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
  else
    echo "deps: missing ${need_apt[*]}; install them (e.g. sudo apt-get install ${need_apt[*]})" >&2
    exit 1
  fi
fi

if command -v rustup >/dev/null; then
  installed=$(rustup component list --installed 2>/dev/null || true)
  grep -q '^rustfmt' <<<"$installed" || rustup component add rustfmt
  grep -q '^clippy' <<<"$installed" || rustup component add clippy
  rustup target list --installed 2>/dev/null | grep -qx thumbv7em-none-eabihf \
    || rustup target add thumbv7em-none-eabihf \
    || echo "deps: could not add thumbv7em-none-eabihf (the no_std build will be SKIPPED)"
  rustup target list --installed 2>/dev/null | grep -qx i686-unknown-linux-gnu \
    || rustup target add i686-unknown-linux-gnu \
    || echo "deps: could not add i686-unknown-linux-gnu (the 32-bit C build will be SKIPPED)"
fi
