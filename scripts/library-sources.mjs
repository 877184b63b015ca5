// The C sources of one library and the flags meson compiles them with, read
// from `meson introspect BUILD --targets`, for builds that compile the same
// files another way (examples/js/scripts/build.sh, tests/fuzz/wasm/build.sh).
//
//   node scripts/library-sources.mjs TARGETS_JSON LIBRARY
//
// Prints one line a flag ("F" then -I, -D or -std=) and one a source ("S"
// then its path); nothing when the build has no such library. The shared
// library is read if there is one, else the static one.
import { readFileSync } from 'node:fs';

const [file, name] = process.argv.slice(2);
if (!file || !name) {
  console.error('usage: node scripts/library-sources.mjs TARGETS_JSON LIBRARY');
  process.exit(2);
}
const all = JSON.parse(readFileSync(file, 'utf8')).filter((t) => t.name === name);
const lib = all.find((t) => t.type === 'shared library') || all.find((t) => t.type === 'static library');
for (const s of lib ? lib.target_sources : []) {
  for (const p of s.parameters) if (/^-[ID]/.test(p) || p.startsWith('-std=')) console.log('F' + p);
  for (const f of s.sources.concat(s.generated_sources)) if (f.endsWith('.c')) console.log('S' + f);
}
