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

for (const s of SETUPS.filter((x) => x.players <= 3)) {
  test(`greedy bots play the game carc-play plays: ${label(s)}`, () => {
    const seed = 11;
    const g = carc.newGame({ ...s, seed });
    const bot = carc.newBot('greedy', g, seed);
    try {
      while (!g.isOver()) bot.play(g);
      const out = native('examples/carc-play', ['--variant', s.variant, '--players', s.players, '--seed', seed, '--quiet',
        ...ruleArgs(s.rules).flatMap((r) => ['--rule', r])]);
      const final = out.trimEnd().split('\n').pop();
      assert.equal(`final: ${g.scores().join(' ')}`, final);
    } finally {
      bot.free();
      g.free();
    }
  });
}
