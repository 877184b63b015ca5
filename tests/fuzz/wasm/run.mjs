#!/usr/bin/env node
// Runs the harnesses of tests/fuzz/ in their WebAssembly build under node
// (built by tests/fuzz/wasm/build.sh; docs/fuzzing.md, "The WebAssembly build").
//
//   node tests/fuzz/wasm/run.mjs BUILD_DIR [options] [FILE...]
//
//   --harness H[,H...]  the harnesses (default: all seven)
//   --seconds N         mutate for N seconds in all, shared evenly by the
//                       harnesses (default 0: replay only)
//   --runs N            or stop each harness after N mutated inputs
//   --seed S            the mutation's seed (default 1): a run with the same
//                       seed, harness and --runs feeds the same inputs
//   --timeout S         an input running longer fails (default 25, as libFuzzer's -timeout)
//   --out DIR           where a failing input is written (default BUILD_DIR)
//   --no-compare        do not compare digests with the native build
//   FILE...             replay these files through the one harness named
//                       by --harness, instead of its corpus
//
// For each harness: (a) every file of tests/fuzz/corpus/H, in name order,
// goes through the harness; the digest of each (what the library answered,
// digest.h) is compared with the native build's (BUILD_DIR/digest_H) of
// the same file; (b) inputs made by mutating the corpus (bit flips, bytes
// set, inserted, deleted, copied, dictionary words, numbers changed, two
// inputs spliced) are fed until the time is up. Any trap, abort,
// sanitizer report or invariant violation fails the run; the input is
// written to DIR/wasm-crash-H-SEED-N. Exit status 1 on any failure or
// digest mismatch, 2 on a usage error. Each harness runs in a worker
// thread that shows the main thread every input before it runs it (in
// shared memory); an input that runs past --timeout is written to
// DIR/wasm-timeout-H-SEED and the worker stopped.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const fuzzDir = resolve(here, '..');
const ALL = ['load', 'tileset', 'api', 'movetext', 'json', 'learn', 'search'];

function usage(msg) {
  console.error(`run.mjs: ${msg}\nusage: node run.mjs BUILD_DIR [--harness H,...] [--seconds N] [--runs N] [--seed S] [--timeout S] [--out DIR] [--no-compare] [FILE...]`);
  process.exit(2);
}

function parseArgs(argv) {
  const o = { harnesses: ALL, seconds: 0, runs: Infinity, seed: 1, timeout: 25, compare: true, files: [] };
  const number = (name, v) => {
    if (!/^[0-9]+(\.[0-9]+)?$/.test(v ?? '')) usage(`${name} takes a number, not "${v}"`);
    return Number(v);
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--harness') o.harnesses = (argv[++i] ?? '').split(',');
    else if (a === '--seconds') o.seconds = number(a, argv[++i]);
    else if (a === '--runs') o.runs = number(a, argv[++i]);
    else if (a === '--seed') o.seed = number(a, argv[++i]) >>> 0;
    else if (a === '--timeout') o.timeout = number(a, argv[++i]);
    else if (a === '--out') o.out = argv[++i];
    else if (a === '--no-compare') o.compare = false;
    else if (a.startsWith('--')) usage(`unknown option ${a}`);
    else if (!o.build) o.build = resolve(a);
    else o.files.push(resolve(a));
  }
  if (!o.build) usage('no BUILD_DIR');
  for (const h of o.harnesses) if (!ALL.includes(h)) usage(`no harness "${h}" (one of ${ALL.join(', ')})`);
  if (o.files.length && o.harnesses.length !== 1) usage('files to replay need exactly one --harness');
  o.out = resolve(o.out ?? o.build);
  return o;
}

// sfc32: a small generator with a 128-bit state, seeded from (seed, harness)
function generator(seed, name) {
  let a = 0x9e3779b9, b = 0x243f6a88, c = 0xb7e15162, d = seed >>> 0;
  for (const ch of name) a = Math.imul(a ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 12; i++) next();
  return { u32: next, below: (n) => (n > 0 ? next() % n : 0) };
}

// libFuzzer's dictionary format: one "word" a line, \xNN \\ \" escapes
function readDictionary(path) {
  if (!existsSync(path)) return [];
  const words = [];
  for (const line of readFileSync(path, 'latin1').split('\n')) {
    const m = /^[^#"]*"(.*)"\s*$/.exec(line);
    if (!m) continue;
    const bytes = [];
    for (let i = 0; i < m[1].length; i++) {
      const ch = m[1][i];
      if (ch === '\\' && m[1][i + 1] === 'x') {
        bytes.push(parseInt(m[1].slice(i + 2, i + 4), 16));
        i += 3;
      } else if (ch === '\\') bytes.push(m[1].charCodeAt(++i));
      else bytes.push(ch.charCodeAt(0));
    }
    words.push(Uint8Array.from(bytes));
  }
  return words;
}

const INTERESTING = [0, 1, 0x7f, 0x80, 0xff, 0x20, 0x0a, 0x3d, 0x2d, 0x30, 0x39, 0x22, 0x7b];
const NUMBERS = ['0', '1', '-1', '2', '3', '4', '5', '63', '64', '255', '256', '65535', '65536', '2147483647',
  '-2147483648', '4294967295', '9223372036854775807', '18446744073709551615', '99999999999999999999'];

// One mutation of `x` (a Uint8Array), the kind drawn by r; `other` is
// another input of the corpus (for splices), `dict` the dictionary's words.
function mutateOnce(x, r, other, dict, maxLen) {
  const n = x.length;
  const at = (k = 0) => r.below(n + k);
  const insert = (pos, bytes) => Uint8Array.from([...x.subarray(0, pos), ...bytes, ...x.subarray(pos)]);
  switch (r.below(10)) {
    case 0: { // flip a bit
      if (!n) return Uint8Array.of(r.u32() & 255);
      const y = x.slice();
      y[at()] ^= 1 << r.below(8);
      return y;
    }
    case 1: { // a byte set to a random or a notable value
      if (!n) return Uint8Array.of(INTERESTING[r.below(INTERESTING.length)]);
      const y = x.slice();
      y[at()] = r.below(2) ? r.u32() & 255 : INTERESTING[r.below(INTERESTING.length)];
      return y;
    }
    case 2: { // random bytes inserted
      const k = 1 + r.below(8);
      return insert(at(1), Array.from({ length: k }, () => r.u32() & 255));
    }
    case 3: { // a range deleted
      if (!n) return x;
      const p = at(), k = 1 + r.below(Math.min(n - p, 1 + r.below(64)));
      return Uint8Array.from([...x.subarray(0, p), ...x.subarray(p + k)]);
    }
    case 4: { // a range copied elsewhere
      if (!n) return x;
      const p = at(), k = 1 + r.below(Math.min(n - p, 64));
      return insert(at(1), x.subarray(p, p + k));
    }
    case 5:
    case 6: { // a dictionary word inserted or written over
      if (!dict.length) return mutateOnce(x, r, other, dict, maxLen);
      const w = dict[r.below(dict.length)], p = at(1);
      if (r.below(2)) return insert(p, w);
      const y = x.slice();
      y.set(w.subarray(0, Math.max(0, n - p)), p);
      return y;
    }
    case 7: { // a decimal number replaced
      const text = Buffer.from(x).toString('latin1');
      const spans = [...text.matchAll(/-?[0-9]+/g)];
      if (!spans.length) return mutateOnce(x, r, other, dict, maxLen);
      const m = spans[r.below(spans.length)];
      const v = r.below(2) ? NUMBERS[r.below(NUMBERS.length)] : String(BigInt(m[0]) + BigInt(r.below(5)) - 2n);
      return new Uint8Array(Buffer.from(text.slice(0, m.index) + v + text.slice(m.index + m[0].length), 'latin1'));
    }
    case 8: { // a range of bytes set to one value (byte-coded harnesses)
      if (!n) return x;
      const y = x.slice(), p = at();
      y.fill(r.below(2) ? 0xff : r.u32() & 255, p, Math.min(n, p + 1 + r.below(16)));
      return y;
    }
    default: { // splice: the start of one input, the end of another
      const p = r.below(n + 1), q = r.below(other.length + 1);
      return Uint8Array.from([...x.subarray(0, p), ...other.subarray(q)]).subarray(0, maxLen);
    }
  }
}

function mutate(corpus, r, dict, maxLen) {
  let x = corpus[r.below(corpus.length)].data;
  for (let k = 1 + r.below(4); k > 0; k--) x = mutateOnce(x, r, corpus[r.below(corpus.length)].data, dict, maxLen);
  return x.length > maxLen ? x.subarray(0, maxLen) : x;
}

class Harness {
  constructor(name, build) {
    this.name = name;
    this.path = join(build, `fuzz_${name}.cjs`);
    if (!existsSync(this.path)) usage(`${this.path} missing (tests/fuzz/wasm/build.sh ${build})`);
  }

  async start() {
    const create = createRequire(import.meta.url)(this.path); // emscripten 3.1.6 makes node modules CommonJS
    this.m = await create({ noExitRuntime: true });
  }

  // One input: its digest and calls, or throws what the module threw
  run(data) {
    note(data);
    const m = this.m;
    const p = m._malloc(Math.max(data.length, 1));
    const heap = m.HEAPU8 ?? new Uint8Array(m.wasmMemory?.buffer ?? m.asm.memory.buffer);
    heap.set(data, p);
    m._fuzz_one(p, data.length); // a module that throws here is started again, so no free
    m._free(p);
    const hex = (v) => (v >>> 0).toString(16).padStart(8, '0');
    return { digest: hex(m._fuzz_result(1)) + hex(m._fuzz_result(0)), calls: m._fuzz_result(2) >>> 0 };
  }
}

function readCorpus(files) {
  return files.map((f) => ({ name: basename(f), path: f, data: new Uint8Array(readFileSync(f)) }));
}

function corpusFiles(name) {
  const dir = join(fuzzDir, 'corpus', name);
  if (!existsSync(dir)) return [];
  // name order by bytes, as the native driver's strcmp
  return readdirSync(dir).filter((f) => !f.startsWith('.')).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
    .map((f) => join(dir, f)).filter((f) => statSync(f).isFile());
}

function describe(e) {
  return String(e && e.message ? e.message : e).split('\n')[0];
}

async function runHarness(name, o, seconds) {
  const h = new Harness(name, o.build);
  await h.start();
  const files = o.files.length ? o.files : corpusFiles(name);
  const inputs = readCorpus(files);
  const result = { name, replayed: 0, failures: 0, mismatches: 0, compared: 0, execs: 0, ms: 0, slowest: 0 };
  const fail = async (what, data, e) => {
    result.failures++;
    const file = join(o.out, `wasm-crash-${name}-${o.seed}-${what}`);
    writeFileSync(file, data);
    console.error(`wasm fuzz_${name}: ${describe(e)}\n  input written to ${file}\n  replay: node ${join(here, 'run.mjs')} ${o.build} --harness ${name} ${file}`);
    await h.start(); // a module that trapped is left in no known state
  };

  // (a) replay
  const lines = [];
  const t0 = performance.now();
  for (const x of inputs) {
    try {
      const d = h.run(x.data);
      lines.push(`${x.name} ${d.digest} ${d.calls}`);
      result.replayed++;
    } catch (e) {
      lines.push(`${x.name} failed`);
      await fail(`replay-${x.name}`, x.data, e);
    }
  }
  result.replayMs = performance.now() - t0;
  const native = join(o.build, `digest_${name}`);
  if (o.compare && existsSync(native) && files.length) {
    let out;
    try {
      out = execFileSync(native, files, { encoding: 'utf8', maxBuffer: 1 << 26, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) { // the native build failed on an input too: the lines up to it
      out = e.stdout ?? '';
      console.error(`wasm fuzz_${name}: the native ${native} failed: ${describe(e.stderr || e)}`);
    }
    const theirs = out.trim().split('\n').filter((l) => !l.startsWith('replay: ')); // replay.c's count
    for (let i = 0; i < lines.length; i++) {
      result.compared++;
      if (theirs[i] !== lines[i]) {
        result.mismatches++;
        if (result.mismatches <= 5) console.error(`wasm fuzz_${name}: digest differs from native: wasm "${lines[i]}", native "${theirs[i]}"`);
      }
    }
  }

  const leaks = (phase) => { // LeakSanitizer over everything still allocated
    if (h.m._fuzz_leaks() === 1) {
      result.failures++;
      console.error(`wasm fuzz_${name}: blocks leaked during the ${phase} (LeakSanitizer's report above)`);
    }
  };
  leaks('replay');

  // (b) mutation
  const pool = inputs.filter((x) => x.data.length > 0);
  if ((seconds > 0 || Number.isFinite(o.runs)) && o.runs > 0 && pool.length) {
    const r = generator(o.seed, name);
    const dict = readDictionary(join(fuzzDir, `${name}.dict`));
    const maxLen = Math.min(1 << 16, 2 * Math.max(...pool.map((x) => x.data.length)));
    const start = performance.now(), cpu0 = process.cpuUsage();
    const until = seconds > 0 ? start + seconds * 1000 : Infinity;
    while (result.execs < o.runs && performance.now() < until) {
      const x = mutate(pool, r, dict, maxLen);
      const t = performance.now();
      try {
        h.run(x);
      } catch (e) {
        await fail(String(result.execs + 1), x, e);
        break; // the seed and --runs N replay it: one finding a run
      }
      result.slowest = Math.max(result.slowest, performance.now() - t);
      result.execs++;
    }
    result.ms = performance.now() - start;
    const cpu = process.cpuUsage(cpu0); // the process's, nearly all this worker's on a shared machine
    result.cpuMs = (cpu.user + cpu.system) / 1000;
    if (!result.failures) leaks('mutation');
  }
  return result;
}

// The worker's side of the watch: ctl[0] counts inputs started, ctl[1] is
// the length of the one running, its bytes follow (the first NOTE_CAP).
const NOTE_CAP = 1 << 17;
let ctl, noted;
function note(data) {
  if (!ctl) return;
  noted.set(data.subarray(0, NOTE_CAP));
  Atomics.store(ctl, 1, data.length);
  Atomics.add(ctl, 0, 1);
}

// One harness in a worker, watched: resolves with its result, or a failed
// one when an input runs past the timeout (the worker is then stopped)
function supervise(name, o, seconds) {
  const sab = new SharedArrayBuffer(8 + NOTE_CAP);
  const c = new Int32Array(sab, 0, 2);
  return new Promise((done, fail) => {
    const w = new Worker(new URL(import.meta.url), { workerData: { name, o, seconds, sab } });
    let seen = -1, since = performance.now(), over = false;
    const watch = setInterval(() => {
      const now = Atomics.load(c, 0);
      if (now !== seen) {
        seen = now;
        since = performance.now();
      } else if (Atomics.load(c, 1) >= 0 && performance.now() - since > o.timeout * 1000) {
        over = true;
        clearInterval(watch);
        const n = Math.min(Atomics.load(c, 1), NOTE_CAP);
        const file = join(o.out, `wasm-timeout-${name}-${o.seed}`);
        writeFileSync(file, new Uint8Array(sab, 8, n));
        console.error(`wasm fuzz_${name}: an input ran more than ${o.timeout} s\n  input written to ${file}\n` +
          `  replay: node ${join(here, 'run.mjs')} ${o.build} --harness ${name} ${file}`);
        w.terminate().then(() => done({ name, replayed: 0, failures: 1, mismatches: 0, compared: 0, execs: 0, ms: 0, replayMs: 0, slowest: 0 }));
      }
    }, 250);
    w.on('message', (r) => {
      clearInterval(watch);
      done(r);
    });
    w.on('error', (e) => {
      clearInterval(watch);
      fail(e);
    });
    w.on('exit', () => {
      clearInterval(watch);
      if (!over) done({ name, replayed: 0, failures: 1, mismatches: 0, compared: 0, execs: 0, ms: 0, replayMs: 0, slowest: 0 });
    });
  });
}

if (!isMainThread) {
  const { name, o, seconds, sab } = workerData;
  ctl = new Int32Array(sab, 0, 2);
  noted = new Uint8Array(sab, 8, NOTE_CAP);
  Atomics.store(ctl, 1, -1); // starting: no input yet
  parentPort.postMessage(await runHarness(name, o, seconds));
} else {
  const o = parseArgs(process.argv.slice(2));
  const each = o.seconds / o.harnesses.length;
  console.log(`wasm fuzz: ${o.harnesses.join(', ')}; seed ${o.seed}, ${o.seconds} s of mutation in all`);
  let failed = 0, replayed = 0, execs = 0;
  for (const name of o.harnesses) new Harness(name, o.build); // each built, before any runs
  for (const name of o.harnesses) {
    const r = await supervise(name, o, each);
    const rate = r.ms > 0 ? (r.execs / (r.ms / 1000)).toFixed(0) : '0';
    const cmp = r.compared ? `, digests ${r.compared - r.mismatches}/${r.compared} equal to native` : '';
    console.log(`wasm fuzz_${name}: ${r.replayed} inputs replayed in ${(r.replayMs / 1000).toFixed(1)} s${cmp}; ` +
      `${r.execs} mutated inputs in ${(r.ms / 1000).toFixed(1)} s (${rate}/s` +
      (r.cpuMs > 0 ? `, ${(r.execs / (r.cpuMs / 1000)).toFixed(0)} per CPU second` : '') + `, slowest ${r.slowest.toFixed(0)} ms)` +
      (r.failures ? `; ${r.failures} FAILED` : ''));
    failed += r.failures + r.mismatches;
    replayed += r.replayed;
    execs += r.execs;
  }
  console.log(`wasm fuzz: ${replayed} inputs replayed, ${execs} mutated inputs, seed ${o.seed}, ${failed ? `${failed} failures` : 'no failure'}`);
  process.exit(failed ? 1 : 0);
}
