#!/bin/sh
# Installs what a fresh Debian machine lacks to build libcarcassonne, then
# configures and builds it in ./build. Safe to run again.
set -eu
cd "$(dirname "$0")/.."
pkgs="gcc meson ninja-build pkg-config libcriterion-dev doxygen"
missing=""
for p in $pkgs; do
    dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends $missing
fi
[ -f build/build.ninja ] || meson setup build
ninja -C build
