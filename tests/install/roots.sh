# Clean Debian roots for the install checks (sourced by tests/install/check.sh).
# One debootstrap of bookworm per CI run, kept in $CARC_ROOTS (default
# /var/tmp/carc-roots), and one download of every package the checks install;
# each check then works in a fresh copy of that root, installing from the
# downloaded files. Needs root (debootstrap, chroot, mount).
ROOTS=${CARC_ROOTS:-/var/tmp/carc-roots}
MIRROR=${CARC_MIRROR:-http://deb.debian.org/debian}
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

# What the checks install beyond the set-up script's list and the package's
# build dependencies (both read from the tree): compilers for the installed
# root's C example come last there.
EXTRA_PACKAGES="gcc libc6-dev pkg-config python3-venv build-essential"

# the pristine root, made once
root_base() {
    [ -f "$ROOTS/base/.ready" ] && return 0
    rm -rf --one-file-system "$ROOTS/base" "$ROOTS/base.tmp" "$ROOTS/archives"
    mkdir -p "$ROOTS"
    # minbase: the smallest Debian there is, so nothing the README needs is there by chance
    debootstrap --variant=minbase bookworm "$ROOTS/base.tmp" "$MIRROR" >"$ROOTS/debootstrap.log" 2>&1 ||
        { tail -n 20 "$ROOTS/debootstrap.log"; return 1; }
    # the security and update suites a real install has
    printf 'deb %s bookworm main\ndeb %s bookworm-updates main\ndeb http://deb.debian.org/debian-security bookworm-security main\n' \
        "$MIRROR" "$MIRROR" >"$ROOTS/base.tmp/etc/apt/sources.list"
    # speed only, nothing a user sees: no fsync per file, no man-db index rebuilt per install
    echo force-unsafe-io >"$ROOTS/base.tmp/etc/dpkg/dpkg.cfg.d/carc-ci-unsafe-io"
    echo 'man-db man-db/auto-update boolean false' | chroot "$ROOTS/base.tmp" debconf-set-selections
    chroot "$ROOTS/base.tmp" apt-get update -qq
    chroot "$ROOTS/base.tmp" apt-get clean  # debootstrap's own packages
    mv "$ROOTS/base.tmp" "$ROOTS/base"
    root_download
    touch "$ROOTS/base/.ready"
}

# every package any check installs, downloaded once into $ROOTS/archives
root_download() {
    local r="$ROOTS/download" pkgs
    rm -rf --one-file-system "$r"
    cp -a --reflink=auto "$ROOTS/base" "$r"
    mkdir -p "$r/src/debian"
    cp "$SRC/debian/control" "$r/src/debian/"
    pkgs=$(sed -n '/^pkgs="/,/"$/p' "$SRC/scripts/bootstrap.sh" | tr -d '"' | sed 's/^pkgs=//')
    chroot "$r" apt-get install -y -qq --download-only --no-install-recommends $pkgs $EXTRA_PACKAGES >/dev/null
    chroot "$r" apt-get build-dep -y -qq --download-only /src >/dev/null
    mkdir -p "$ROOTS/archives"
    mv "$r"/var/cache/apt/archives/*.deb "$ROOTS/archives/"
    rm -rf --one-file-system "$r"
}

# root_new NAME: a fresh copy of the base root with the checkout's files in
# /src and the downloaded packages in apt's cache
root_new() {
    local r="$ROOTS/$1"
    root_umount "$1"
    rm -rf --one-file-system "$r"
    cp -a --reflink=auto "$ROOTS/base" "$r"
    cp -al "$ROOTS/archives"/*.deb "$r/var/cache/apt/archives/"
    mkdir -p "$r/src"
    # the tracked files and new ones not ignored: what a clean clone holds
    (cd "$SRC" && git ls-files -z --cached --others --exclude-standard |
        while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
        tar --null -T - -cf -) | tar -xf - -C "$r/src"
}

root_mount() {
    local r="$ROOTS/$1"
    mountpoint -q "$r/proc" || mount -t proc proc "$r/proc"
    mountpoint -q "$r/dev" || mount --bind /dev "$r/dev"
    mountpoint -q "$r/dev/pts" || mount --bind /dev/pts "$r/dev/pts"
}

root_umount() {
    local r="$ROOTS/$1" m
    for m in dev/pts dev proc; do
        if mountpoint -q "$r/$m" 2>/dev/null; then umount "$r/$m" || umount -l "$r/$m"; fi
    done
}

# root_run NAME SCRIPT: runs SCRIPT with bash -e in /src of the root, as a
# login of root there would: a plain environment, nothing set by hand
# (ROOT_ENV adds variables)
root_run() {
    local name=$1 status
    shift
    root_mount "$name"
    chroot "$ROOTS/$name" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM=dumb DEBIAN_FRONTEND=noninteractive \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin ${ROOT_ENV:-} \
        bash -ec "PS4='+ \$(date +%T) '; cd /src; $*"
    status=$?
    root_umount "$name"
    # /dev is the host's: a tool that renamed a file over /dev/null would
    # leave every later redirection writing into a regular file
    if [ ! -c /dev/null ]; then
        echo "root_run $name: /dev/null is no longer a device" >&2
        return 1
    fi
    return $status
}

# doc_block FILE NAME: the fenced block after "<!-- clean-root: NAME -->" in FILE
doc_block() {
    awk -v name="$2" '
        $0 ~ "<!-- clean-root: " name " -->" {want = 1; next}
        want && /^```/ {if (inside) exit; inside = 1; next}
        inside {print}' "$SRC/$1"
}
