#!/usr/bin/env bash
# Installs what `make check` needs and is missing. Idempotent.
set -euo pipefail

# The 32-bit, cross and embedded checks are set up only on an x86-64 host.
x86_64=false
[ "$(uname -m)" = x86_64 ] && x86_64=true

need_apt=()
[ -f /usr/include/cmocka.h ] || need_apt+=(libcmocka-dev)
command -v valgrind >/dev/null || need_apt+=(valgrind)
command -v gcc >/dev/null || need_apt+=(gcc)
command -v g++ >/dev/null || need_apt+=(g++)
command -v nm >/dev/null || need_apt+=(binutils)
command -v pkg-config >/dev/null || need_apt+=(pkg-config)
command -v curl >/dev/null || need_apt+=(curl)
# `make install-check` builds against the installed CMake package.
command -v cmake >/dev/null || need_apt+=(cmake)
# `make abi32` builds the C examples for 32-bit x86.
if $x86_64 && command -v gcc >/dev/null \
  && ! echo 'int main(void) { return 0; }' | gcc -m32 -x c - -o /dev/null 2>/dev/null; then
  need_apt+=(gcc-multilib)
fi
if $x86_64 && command -v g++ >/dev/null \
  && ! echo 'int main() { return 0; }' | g++ -m32 -x c++ - -o /dev/null 2>/dev/null; then
  need_apt+=(g++-multilib)
fi
# `make cross` runs the tests on s390x and armv7 under qemu-user, linked by clang against the
# cross libc and libgcc (Debian's cross gcc conflicts with gcc-multilib).
if $x86_64; then
  command -v qemu-s390x >/dev/null && command -v qemu-arm >/dev/null || need_apt+=(qemu-user)
  # `make embedded` runs on qemu's Cortex-M4 board.
  command -v qemu-system-arm >/dev/null || need_apt+=(qemu-system-arm)
  command -v clang >/dev/null || need_apt+=(clang)
  for arch in s390x:s390x-linux-gnu armhf:arm-linux-gnueabihf; do
    deb=${arch%%:*} triple=${arch#*:}
    command -v "$triple-ld" >/dev/null || need_apt+=("binutils-$triple")
    [ -e "/usr/$triple/lib/crt1.o" ] || need_apt+=("libc6-dev-$deb-cross")
    [ -d "/usr/lib/gcc-cross/$triple" ] || need_apt+=("libgcc-12-dev-$deb-cross")
    # The C++ tests' standard library for that target.
    [ -d "/usr/$triple/include/c++/12" ] || need_apt+=("libstdc++-12-dev-$deb-cross")
  done
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
  targets=$(rustup target list --installed 2>/dev/null || true)
  # add_target TARGET WHAT: adds TARGET unless installed; WHAT is skipped without it.
  add_target() {
    grep -qx "$1" <<<"$targets" || rustup target add "$1" \
      || echo "deps: could not add $1 ($2 will be SKIPPED)"
  }
  add_target thumbv7em-none-eabihf "its no_std build and the embedded run"
  add_target thumbv6m-none-eabi "its no_std build"
  add_target i686-unknown-linux-gnu "the 32-bit C build and its tests"
  if $x86_64; then
    add_target s390x-unknown-linux-gnu "its tests"
    add_target armv7-unknown-linux-gnueabihf "its tests"
  fi
fi

# The C tests built for another target link cmocka built for it: i386 (`make abi32`), s390x and
# armhf (`make cross`). Debian's packages are fetched and unpacked under target/cmocka-ARCH,
# each checked against the digest in bookworm's index: adding foreign architectures to apt
# would make every later `apt-get update` depend on their mirrors.
fetch_cmocka() { # fetch_cmocka DEB_ARCH TRIPLE SHA256
  local dir=target/cmocka-$1 deb=libcmocka0_1.1.5-2.1_$1.deb tmp
  [ -e "$dir/usr/lib/$2/libcmocka.so.0" ] && return
  tmp=$(mktemp -d)
  if curl -sSfL --retry 3 -o "$tmp/$deb" "http://deb.debian.org/debian/pool/main/c/cmocka/$deb" \
     && echo "$3  $tmp/$deb" | sha256sum -c --quiet - \
     && mkdir -p "$dir" && dpkg-deb -x "$tmp/$deb" "$dir"; then
    echo "deps: cmocka for $1 unpacked in $dir"
  else
    echo "deps: could not fetch $deb (the C tests for $1 will be SKIPPED)"
  fi
  rm -rf "$tmp"
}
if $x86_64; then
  fetch_cmocka i386 i386-linux-gnu 15cc34f8c784fcc534b8d412602b4de8e299311c5bd0809eb8e9ce17ce16ef66
  fetch_cmocka s390x s390x-linux-gnu 661e00ef2b05f743613a4325de7cff2e10ffb55b48018f1ba2af0c9247f81a08
  fetch_cmocka armhf arm-linux-gnueabihf c859917a7b402e8a1276cf1e6d8f9914edb209dd642fb99c228a2c13b2aecf18
fi
