#!/usr/bin/env bash
# The paths users take, each tried on a clean Debian 12 root (debootstrap),
# with the commands as README.md and docs/ write them: each block marked
# "<!-- clean-root: NAME -->" there is run here verbatim.
#   tests/install/check.sh base        a fresh debootstrap of bookworm and every
#                                      package the checks install, downloaded once
#   tests/install/check.sh readme      the set-up and test lines; meson install, then
#                                      the C example and follow-game.c via pkg-config
#                                      and python3 -m carcassonne; pip install . in a
#                                      venv; the Python demo from the checkout
#   tests/install/check.sh deb         dpkg-buildpackage, the symbols gate, lintian
#   tests/install/check.sh readme+deb  those two side by side
#   tests/install/check.sh installed   the .deb files on a root without a compiler:
#                                      import carcassonne, the programs, man pages;
#                                      then the C example via pkg-config
# Needs root and the network (deb.debian.org). CARC_ROOTS is where the roots
# live (default /var/tmp/carc-roots); the checks reuse its base root.
set -euo pipefail
. "$(dirname "$0")/roots.sh"
cd "$SRC"
trap 'for r in readme deb installed; do root_umount $r; done' EXIT

# the lines of a block without comments or blank lines
commands() { doc_block "$1" "$2" | sed 's/[[:space:]]*#.*//' | grep -v '^$'; }

# the README's C example, written into the root's /src as the README names it
write_demo() {
    doc_block README.md demo.c >"$ROOTS/$1/src/demo.c"
    [ -s "$ROOTS/$1/src/demo.c" ]
}

check_readme() {
    # docs/python.md repeats README lines; they must not drift apart
    diff <(commands README.md python) <(commands docs/python.md pip)
    diff <(commands README.md python-checkout) <(commands docs/python.md checkout)
    root_new readme
    write_demo readme
    root_run readme "
        set -x
        $(doc_block README.md try)
        $(doc_block README.md test) 2>&1 | tee /tmp/test.out
        tail -n 1 /tmp/test.out | grep -E '^[0-9]+ passed, 0 failed$'
        $(doc_block README.md install-c)
        $(doc_block README.md build-demo)
        # no variable set by hand: the loader and pkg-config find the library
        pkg-config --variable=libdir carcassonne | grep -x /usr/local/lib/\$(dpkg-architecture -qDEB_HOST_MULTIARCH)
        ldconfig -p | grep -q 'libcarcassonne.so.0 '
        cd examples/clients && $(doc_block docs/client-guide.md follow-game) && cd /src
        # every installed program answers --help and has its man page
        for p in /usr/local/bin/carc-*; do
            \"\$p\" --help >/dev/null
            test -s /usr/local/share/man/man1/\$(basename \"\$p\").1
        done
        # the Python package meson installed, used away from the checkout
        (cd /tmp && python3 -c 'import carcassonne as c; print(c.__version__, c.LOAD_INFO[\"library\"], c.LOAD_INFO[\"include_dir\"]); assert c.__version__ == c.version()')
        test \"\$(cd /tmp && python3 -m carcassonne --seed 42 | tail -n 1)\" = \"\$(carc-play --seed 42 | tail -n 1)\"
        $(doc_block README.md python)
        # the venv's package holds its own library, and finds no compiler on PATH
        (cd /tmp && env -u CC PATH=/src/venv/bin /src/venv/bin/python -c 'import carcassonne as c, shutil; print(c.LOAD_INFO[\"library\"]); assert shutil.which(\"cc\") is None; assert c.LOAD_INFO[\"library\"].startswith(\"/src/venv/\"); assert \"bundled\" in c.LOAD_INFO[\"include_dir\"]')
        $(doc_block README.md python-checkout)
    " || return 1
}

check_deb() {
    root_new deb
    # built without its tests here: CI runs them on the same tree elsewhere,
    # and they would add their build dependencies and minutes
    ROOT_ENV="DEB_BUILD_OPTIONS=nocheck" root_run deb "
        set -x
        $(doc_block README.md deb)
        # the symbols gate: a symbol gone from the library, or one not listed, fails
        # (-O names a file of the root: dpkg-gensymbols replaces its output file
        # by a rename, and /dev here is the host's, bound)
        sed 's/^\( carc_game_new@\)/ carc_removed_on_purpose@LIBCARCASSONNE_0 0.1.0\n\1/' \
            debian/libcarcassonne0.symbols >/tmp/removed.symbols
        grep -v ' carc_game_new@' debian/libcarcassonne0.symbols >/tmp/added.symbols
        dpkg-gensymbols -c4 -plibcarcassonne0 -Pdebian/libcarcassonne0 -Idebian/libcarcassonne0.symbols -O/tmp/gensymbols.out
        for f in /tmp/removed.symbols /tmp/added.symbols; do
            if dpkg-gensymbols -c4 -plibcarcassonne0 -Pdebian/libcarcassonne0 -I\$f -O/tmp/gensymbols.out >/tmp/gate.out 2>&1; then
                echo \"dpkg-gensymbols accepted \$f\"; exit 1
            fi
            grep -E 'carc_removed_on_purpose|carc_game_new' /tmp/gate.out
        done
    " || return 1 # (set -e does not stop a function called in an || list)
    rm -rf "$ROOTS/out" && mkdir -p "$ROOTS/out"
    cp "$ROOTS/deb"/*.deb "$ROOTS/deb"/*.changes "$ROOTS/deb"/*.buildinfo "$ROOTS/out/"
    ls "$ROOTS/out"
    # lintian of the host (the same Debian release), not as root: errors fail,
    # warnings and notes are listed
    chmod -R a+rX "$ROOTS/out"
    (cd /tmp && runuser -u nobody -- lintian --fail-on error --display-info --pedantic "$ROOTS/out"/*.changes)
    echo "lintian: no errors"
}

check_installed() {
    [ -f "$ROOTS/out/libcarcassonne0_"*.deb ] || { echo "no packages in $ROOTS/out: run the deb check first" >&2; return 1; }
    root_new installed
    mkdir -p "$ROOTS/installed/debs"
    cp "$ROOTS/out"/{libcarcassonne0,libcarcassonne-dev,carcassonne-tools,python3-carcassonne}_*.deb "$ROOTS/installed/debs/"
    write_demo installed
    root_run installed "
        set -x
        apt-get install -y -qq --no-install-recommends /debs/*.deb >/dev/null
        ! command -v cc && ! command -v gcc && ! command -v cpp
        (cd /tmp && python3 -c 'import carcassonne as c; print(c.__version__, c.LOAD_INFO[\"library\"], c.LOAD_INFO[\"include_dir\"]); assert c.__version__ == c.version()')
        test \"\$(python3 -m carcassonne --seed 42 | tail -n 1)\" = \"\$(carc-play --seed 42 | tail -n 1)\"
        for p in /usr/bin/carc-*; do \"\$p\" --help >/dev/null; test -s /usr/share/man/man1/\$(basename \"\$p\").1.gz; done
        apt-get install -y -qq --no-install-recommends gcc libc6-dev pkg-config >/dev/null
        $(doc_block README.md build-demo)
        cd examples/clients && $(doc_block docs/client-guide.md follow-game)
    "
}

# readme and deb at once, each into its log, shown when both are done
check_readme_deb() {
    local s1=0 s2=0
    check_readme >"$ROOTS/readme.log" 2>&1 &
    local pid=$!
    check_deb >"$ROOTS/deb.log" 2>&1 || s2=$?
    wait "$pid" || s1=$?
    echo "--- readme (exit $s1)"; cat "$ROOTS/readme.log"
    echo "--- deb (exit $s2)"; cat "$ROOTS/deb.log"
    [ "$s1" -eq 0 ] && [ "$s2" -eq 0 ]
}

case "${1:-}" in
base) rm -f "$ROOTS/base/.ready" && root_base ;;
readme) root_base && check_readme ;;
deb) root_base && check_deb ;;
readme+deb) root_base && check_readme_deb ;;
installed) root_base && check_installed ;;
*) echo "usage: tests/install/check.sh base|readme|deb|readme+deb|installed" >&2; exit 2 ;;
esac
