// Speed of the WebAssembly build under node: random games per second
// (base, 2 players) three ways, and how long the greedy bot takes to answer
// a move in each ruleset. Each figure is the median of --repeat runs; with a
// native build at hand (build-js, or $CARC_NATIVE_BUILD), carc-bench runs
// between them for the ratio.
//   node scripts/bench.mjs [--games N] [--repeat R]
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { load } from '../index.mjs';

const args = process.argv.slice(2);
const opt = (name, def) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : def);
const games = opt('--games', 20000);
const repeat = opt('--repeat', 5);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const nativeBench = path.join(process.env.CARC_NATIVE_BUILD || path.join(root, 'build-js'), 'examples', 'carc-bench');
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
// games per second of wall time, and per second of this process's CPU time
// (which a busy machine's other work does not inflate)
const cpuRates = {};
const rate = (n, f, name) => {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  f();
  const c = process.cpuUsage(c0);
  (cpuRates[name] ||= []).push(n / ((c.user + c.system) / 1e6));
  return n / ((performance.now() - t0) / 1000);
};

/** n random games from the start, a JavaScript call per decision: moves(options) and apply(). */
function jsGames(n, r, options) {
  let x = r + 1;
  for (let i = 0; i < n; i++) {
    const g = start.clone();
    g.reseed(i + r * n);
    for (let k = g.moveCount(); k > 0; k = g.moveCount()) {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      g.apply(g.moves(options)[x % k]);
    }
    g.free();
  }
}

const carc = await load();
const start = carc.newGame({ variant: 'base', players: 2, seed: 1 });
start.playouts(500, 99); // warm up: the engine compiles the module's hot code first
const moveByMove = [];
const playouts = [];
const jsLoop = [];
const jsBare = [];
const native = [];
for (let r = 0; r < repeat; r++) {
  moveByMove.push(rate(games, () => start.randomGames(games, r + 1), 'moves'));
  playouts.push(rate(games, () => start.playouts(games, r + 1), 'playouts'));
  const n = Math.max(1, Math.floor(games / 20));
  jsLoop.push(rate(n, () => jsGames(n, r, undefined), 'js'));
  jsBare.push(rate(n, () => jsGames(n, r, { text: false }), 'bare'));
  if (existsSync(nativeBench)) {
    // bash's `times` gives the CPU time of carc-bench, which plays the games twice
    // (move by move, then as playouts)
    const out = execFileSync('bash', ['-c', '"$0" "$@"; times', nativeBench, '--variant', 'base', '--players', '2',
      '--games', String(games), '--seed', String(r + 1)], { encoding: 'utf8' });
    native.push(Number(/games_per_second: (\d+)/.exec(out)[1]));
    const [u, sys] = out.trim().split('\n').pop().split(/\s+/).map((t) => {
      const [, mm, ss] = /(\d+)m([\d.]+)s/.exec(t);
      return Number(mm) * 60 + Number(ss);
    });
    (cpuRates.native ||= []).push((2 * games) / (u + sys));
  }
}
console.log(`base, 2 players, ${games} games a run, median of ${repeat} runs, node ${process.version}`);
console.log(`wasm_random_games_per_second: ${median(moveByMove).toFixed(0)}, per CPU second ${median(cpuRates.moves).toFixed(0)}   (move by move in WebAssembly: the loop of carc-bench)`);
console.log(`wasm_playouts_per_second: ${median(playouts).toFixed(0)}, per CPU second ${median(cpuRates.playouts).toFixed(0)}   (Game.playouts: carc_game_playouts)`);
console.log(`js_loop_games_per_second: ${median(jsLoop).toFixed(0)}, per CPU second ${median(cpuRates.js).toFixed(0)}   (a JavaScript loop: moves() with move text, apply(), per decision)`);
console.log(`js_loop_no_text_games_per_second: ${median(jsBare).toFixed(0)}, per CPU second ${median(cpuRates.bare).toFixed(0)}   (the same with moves({ text: false }))`);
if (native.length) {
  console.log(`native_games_per_second: ${median(native).toFixed(0)}, per CPU second ${median(cpuRates.native).toFixed(0)}   (carc-bench, run between the WebAssembly runs)`);
  console.log(`wasm_to_native: ${(median(moveByMove) / median(native)).toFixed(2)} wall, ${(median(cpuRates.moves) / median(cpuRates.native)).toFixed(2)} CPU`);
}
start.free();

console.log('greedy bot, time to answer a move (its whole turn), 2 players, 3 games a ruleset:');
for (const v of carc.variants()) {
  const turns = [];
  for (let s = 1; s <= 3; s++) {
    const g = carc.newGame({ variant: v.name, players: 2, seed: s });
    const bot = carc.newBot('greedy', g, s);
    bot.choose(g); // first call: compilation of the look-ahead's code, not counted
    let t = null;
    while (!g.isOver()) {
      if (g.phase === 'tile') {
        if (t !== null) turns.push(t);
        t = 0;
      }
      const t0 = performance.now();
      bot.play(g);
      t += performance.now() - t0;
    }
    turns.push(t);
    bot.free();
    g.free();
  }
  turns.sort((a, b) => a - b);
  console.log(`greedy_answer_ms ${v.name}: median ${median(turns).toFixed(2)}, p99 ${turns[Math.floor(turns.length * 0.99)].toFixed(2)}, max ${turns[turns.length - 1].toFixed(2)} (${turns.length} turns)`);
}
