#!/bin/sh
# Run by `meson install` (meson.add_install_script): refreshes the dynamic
# loader's cache so programs find the new libcarcassonne.so.0 at once. Staged
# installs (DESTDIR, as package builds do) and installs by a user other than
# root leave it alone.
if [ -n "${DESTDIR:-}" ]; then
    exit 0
fi
if [ "$(id -u)" != 0 ]; then
    echo "ldconfig.sh: not root, so ldconfig was not run; if the library went to a system folder, run ldconfig as root" >&2
    exit 0
fi
for ldconfig in ldconfig /sbin/ldconfig /usr/sbin/ldconfig; do
    if command -v "$ldconfig" >/dev/null 2>&1; then
        exec "$ldconfig"
    fi
done
exit 0
