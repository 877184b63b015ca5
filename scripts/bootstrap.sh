#!/bin/sh
# Installs what a fresh Debian machine lacks to build, test and install
# libcarcassonne and its Python package, then configures and builds it in
# ./build. Runs apt-get as root, or through sudo for another user. Safe to run
# again.
set -eu
cd "$(dirname "$0")/.."
# the compiler and build tools; Criterion for the C suite; Doxygen for the API
# reference; dpkg-dev so meson installs into the multiarch libdir, where
# pkg-config and the loader look; help2man for the man pages; the binding's
# modules and pytest; pip, venv and meson-python for `pip install .`
pkgs="gcc libc6-dev meson ninja-build pkg-config libcriterion-dev doxygen dpkg-dev help2man
      python3 python3-cffi python3-numpy python3-pytest python3-pip python3-venv python3-mesonpy"
say() { echo "bootstrap.sh: $*" >&2; }

if ! command -v dpkg >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
    say "this script installs with apt-get (Debian and its derivatives). Elsewhere install a C11 compiler,"
    say "meson (0.60 or later), ninja, pkg-config and Criterion, then run: meson setup build && ninja -C build"
    exit 1
fi
missing=""
for p in $pkgs; do
    dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        if ! command -v sudo >/dev/null 2>&1; then
            say "missing Debian packages:$missing"
            say "not root and sudo is not installed: run this as root, or as root: apt-get install$missing"
            exit 1
        fi
        sudo="sudo"
    fi
    echo "bootstrap.sh: installing:$missing"
    if ! $sudo apt-get update -qq || ! DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
            --no-install-recommends $missing; then
        say "apt-get could not install:$missing (see its message above); install them and run this again"
        exit 1
    fi
fi
if [ ! -f build/build.ninja ]; then
    meson setup build
elif meson introspect --buildoptions build | grep -q '"name": "libdir", "value": "lib64"'; then
    # a build folder set up before dpkg-dev was there: move it to the multiarch libdir
    meson configure build -Dlibdir="lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)"
fi
ninja -C build
