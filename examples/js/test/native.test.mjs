// The same games played natively and in WebAssembly, compared decision by
// decision: the player and phase, the number of legal moves and a hash of
// their texts in listing order, the move played, a hash of the state JSON
// after it and every score.
import test from 'node:test';
import assert from 'node:assert/strict';
import { load } from '../index.mjs';
import { SETUPS, jsTrace, native, label, ruleArgs } from './helpers.mjs';

const carc = await load();
const SEEDS = [1, 7, 2024];

for (const s of SETUPS) {
  test(`random games decision by decision: ${label(s)}`, () => {
    for (const seed of SEEDS) {
      const pick = seed * 31 + 5;
      const js = jsTrace(carc, { ...s, seed, pick });
      const nat = native('carc-trace', [s.variant, s.players, seed, pick, ...ruleArgs(s.rules)]).trimEnd().split('\n');
      assert.ok(js.length > 100, `a whole game has many decisions (got ${js.length})`);
      const first = js.findIndex((line, i) => line !== nat[i]);
      assert.equal(first === -1 && js.length === nat.length ? -1 : first, -1,
        `seed ${seed}: first difference at decision ${first}:\n  wasm:   ${js[first]}\n  native: ${nat[first]}`);
    }
  });
}

// carc-play gives each seat p a generator of its own, seeded from the game's
// seed S and p (examples/seat.c): state (S * 0x100000001B3 + p) *
// 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019. A bot here starts from seed * K + 1
// (K = 2654435761, glue.c), so the seed giving that state is
// (state - 1) / K modulo 2^64, K being odd.
const M64 = (1n << 64n) - 1n;
const K = 2654435761n;
const K_INV = (() => { let x = 1n; for (let i = 0; i < 7; i++) x = (x * (2n - K * x)) & M64; return x; })();
function seatSeed(seed, p) {
  const state = (((BigInt(seed) * 0x100000001B3n + BigInt(p)) & M64) * 0x9E3779B97F4A7C15n + 0x632BE59BD9B4E019n) & M64;
  return ((state - 1n) * K_INV) & M64;
}

for (const s of SETUPS.filter((x) => x.players <= 3)) {
  test(`greedy bots play the game carc-play plays: ${label(s)}`, () => {
    const seed = 11;
    const g = carc.newGame({ ...s, seed });
    const bots = Array.from({ length: s.players }, (_, p) => carc.newBot('greedy', g, seatSeed(seed, p)));
    try {
      while (!g.isOver()) bots[g.player].play(g);
      const out = native('examples/carc-play', ['--variant', s.variant, '--players', s.players, '--seed', seed, '--quiet',
        ...ruleArgs(s.rules).flatMap((r) => ['--rule', r])]);
      const final = out.trimEnd().split('\n').pop();
      assert.equal(`final: ${g.scores().join(' ')}`, final);
    } finally {
      bots.forEach((b) => b.free());
      g.free();
    }
  });
}
