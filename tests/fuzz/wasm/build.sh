#!/usr/bin/env bash
# Builds the harnesses of tests/fuzz/ for WebAssembly (run by node:
# tests/fuzz/wasm/run.mjs) and natively with the same digest driver, for
# the comparison of the two (docs/fuzzing.md, "The WebAssembly build").
#
#   tests/fuzz/wasm/build.sh [BUILD_DIR [HARNESS...]]
#
# BUILD_DIR (default build-wasm-fuzz) gets:
#   native/          a native meson build: the generated headers, the schema
#                    headers, libcarcassonne.a and libcarcassonne-search.a
#   fuzz_H.cjs       harness H in WebAssembly, one CommonJS module with its .wasm inside
#   digest_H         harness H native, printing the digest of each input
# The library's sources and flags come from `meson introspect` of the
# native build, as in examples/js/scripts/build.sh. Each is compiled with
# emcc -O2 and $WASM_SANITIZE (default: -fsanitize=address,undefined, the
# runtimes Debian's emscripten 3.1.6 ships); WASM_SANITIZE=safe-heap builds
# with -s SAFE_HEAP=1 instead, WASM_SANITIZE=none with neither.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
out=$(mkdir -p "${1:-build-wasm-fuzz}" && cd "${1:-build-wasm-fuzz}" && pwd)
[ $# -gt 0 ] && shift
harnesses=${*:-load tileset api movetext json learn search}
jobs=${JOBS:-2}
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs} # Debian's emscripten finds acorn there under another node
for tool in emcc meson ninja cc node; do
    command -v "$tool" >/dev/null || { echo "build: $tool not found (apt-get install emscripten nodejs meson ninja-build gcc)" >&2; exit 1; }
done
case ${WASM_SANITIZE:-address,undefined} in
    none) san=(); link_san=() ;;
    safe-heap) san=(); link_san=(-s SAFE_HEAP=1) ;;
    *) san=(-fsanitize="${WASM_SANITIZE:-address,undefined}" -fno-sanitize-recover=undefined)
       link_san=("${san[@]}" -s INITIAL_MEMORY=268435456) ;;
esac

# 1. native: generated headers, schema headers, the static libraries
native=$out/native
[ -f "$native/build.ninja" ] || meson setup "$native" "$root" -Dtests=disabled -Db_lto=false >/dev/null
ninja -C "$native" -j "$jobs" libcarcassonne.a lib/search/libcarcassonne-search.a \
    tests/fuzz/replay/tileset_schema.h tests/fuzz/replay/state_schema.h >/dev/null

# 2. digest_calls.h: one macro per public function that returns a value
grep -hoE 'CARC_(SEARCH_)?API +(int|unsigned|const char \*|const void \*|void \*) *carc_[a-z0-9_]+\(' \
    "$root"/include/carcassonne.h "$root"/include/carcassonne_variant.h "$root"/include/carcassonne_search.h |
    grep -oE 'carc_[a-z0-9_]+' | sort -u |
    awk '{ printf "#define %s(...) FUZZ_CALL(%s, %s(__VA_ARGS__))\n", $1, $1, $1 }' > "$out/digest_calls.h.new"
cmp -s "$out/digest_calls.h.new" "$out/digest_calls.h" 2>/dev/null && rm "$out/digest_calls.h.new" ||
    mv "$out/digest_calls.h.new" "$out/digest_calls.h"

# 3. the libraries' objects, each file with the flags meson gives it
meson introspect "$native" --targets > "$out/targets.json"
describe() { # the flags (F), then the sources (S), of library $1
    node "$root/scripts/library-sources.mjs" "$out/targets.json" "$1"
}
sanflags="-O2 -g1 ${san[*]:-}"
compile() { # compile LIBRARY: prints its objects
    local lib=$1 flags=() sources=() l
    mapfile -t lines < <(describe "$lib")
    for l in "${lines[@]}"; do
        case $l in F*) flags+=("${l#F}") ;; S*) sources+=("${l#S}") ;; esac
    done
    [ ${#sources[@]} -gt 0 ] || { echo "build: no sources of $lib in $out/targets.json" >&2; return 1; }
    mkdir -p "$out/obj"
    for s in "${sources[@]}"; do
        o="$out/obj/$(echo "${s#"$root"/}" | tr '/' '_').o"
        echo "$o" >> "$out/$lib.objs"
        # rebuilt when the source, a header of the tree or the flags are newer
        if [ ! "$o" -nt "$s" ] || [ -n "$(find "$root/include" "$root/lib" "$root/variants" -name '*.h' -newer "$o" -print -quit)" ] ||
            [ "$out/flags" -nt "$o" ]; then
            printf '%s\n%s\n' "$o" "$s"
        fi
    done | xargs -r -d '\n' -n 2 -P "$jobs" emcc $sanflags -Wall "${flags[@]}" -c -o
}
echo "$sanflags ${link_san[*]:-}" > "$out/flags.new"
cmp -s "$out/flags.new" "$out/flags" 2>/dev/null && rm "$out/flags.new" || mv "$out/flags.new" "$out/flags"
rm -f "$out"/*.objs
compile carcassonne
compile carcassonne-search

# 4. each harness: its C with the digest driver, to WebAssembly and natively,
#    with clang there too where it is installed: C leaves the order of a
#    call's arguments open, and gcc and clang evaluate nested calls in
#    different orders, which would reorder the digested values
ncc=$(command -v clang || echo cc)
hflags=(${TRACE:+-DFUZZ_DIGEST_TRACE} -std=c11 -Wall -include "$here/digest.h" -I"$out" -I"$root/include" -I"$root/tests/fuzz"
    -I"$root/tests/json" -I"$native/tests/fuzz/replay")
link() { # harness $1: WebAssembly and native
    local h=$1 src=$root/tests/fuzz/fuzz_$1.c objs extra=() nlibs
    [ -f "$src" ] || { echo "build: no harness $src" >&2; return 1; }
    mapfile -t objs < "$out/carcassonne.objs"
    [ "$h" = search ] && mapfile -t extra < "$out/carcassonne-search.objs"
    emcc $sanflags "${hflags[@]}" "$src" "$here/driver.c" "${extra[@]}" "${objs[@]}" "${link_san[@]}" \
        -s ASSERTIONS=1 -s ALLOW_MEMORY_GROWTH=1 -s MODULARIZE=1 -s ENVIRONMENT=node \
        --profiling-funcs -s SINGLE_FILE=1 -s EXPORT_NAME=createHarness -s 'EXPORTED_FUNCTIONS=["_fuzz_one","_fuzz_result","_fuzz_leaks","_malloc","_free"]' \
        -o "$out/fuzz_$h.cjs"
    nlibs=("$native/libcarcassonne.a")
    [ "$h" = search ] && nlibs=("$native/lib/search/libcarcassonne-search.a" "${nlibs[@]}")
    "$ncc" -O2 "${hflags[@]}" -o "$out/digest_$h" "$src" "$here/driver.c" "$root/tests/fuzz/replay/replay.c" \
        "${nlibs[@]}" -lm -pthread
    echo "build: $out/fuzz_$h.cjs $(stat -c %s "$out/fuzz_$h.cjs") bytes, $out/digest_$h"
}
pids=()
for h in $harnesses; do # $jobs links at a time
    while [ "$(jobs -pr | wc -l)" -ge "$jobs" ]; do wait -n || true; done
    link "$h" &
    pids+=($!)
done
status=0
for p in "${pids[@]}"; do wait "$p" || status=1; done
exit $status
