// The search bot (libcarcassonne-search compiled in): listed by bots(),
// legal and applied in whole games of every ruleset, deterministic with an
// iteration budget and the same games as carc-play's search, its options
// refused with a reason, and a strength smoke test against random.
// Iteration budgets are small (tens to hundreds) to keep the suite fast.
import test from 'node:test';
import assert from 'node:assert/strict';
import { load, CarcError } from '../index.mjs';
import { native, SETUPS, ruleArgs, label } from './helpers.mjs';

const carc = await load();

const throwsCarc = (f, code, pattern) => assert.throws(f, (e) => {
  assert.ok(e instanceof CarcError, `a CarcError (got ${e})`);
  assert.equal(e.code, code, e.message);
  if (pattern) assert.match(e.message, pattern);
  return true;
});

/**
 * Plays `g` to its end, seat p by bots[p]. Each move a bot chooses must be
 * in the legal list of that decision, leave the game unchanged until it is
 * played, and apply. Returns the decisions each seat made.
 */
function playOut(g, bots) {
  const made = bots.map(() => 0);
  for (let guard = 0; !g.isOver(); guard++) {
    assert.ok(guard < 2000, 'the game ends');
    const { player } = g.decision();
    const legal = g.moves().map((m) => m.text);
    const before = g.save();
    const m = bots[player].choose(g);
    assert.equal(g.save(), before, `${bots[player].name} left the game unchanged`);
    assert.ok(legal.includes(m.text), `${bots[player].name} chose ${m.text}, one of ${legal.length} legal moves`);
    g.apply(m);
    assert.notEqual(g.save(), before, `${m.text} was played`);
    made[player]++;
  }
  return made;
}

test('bots() lists the search bot with its help', () => {
  const search = carc.bots().find((b) => b.name === 'search');
  assert.ok(search, `search is compiled in (bots: ${carc.bots().map((b) => b.name).join(', ')})`);
  assert.match(search.help, /tree search/);
  assert.match(search.help, /quarter of a second/); // the default budget, as the page shows it
});

// one setup per ruleset and rule option, search at a different seat each time
for (const [i, s] of SETUPS.entries()) {
  test(`a search bot (40 iterations) plays a whole game against greedy: ${label(s)}`, () => {
    const g = carc.newGame({ ...s, seed: 31 + i });
    const at = i % s.players;
    const bots = Array.from({ length: s.players }, (_, p) =>
      (p === at ? carc.newBot('search', g, 5 + i, { iterations: 40 }) : carc.newBot('greedy', g, p)));
    try {
      const made = playOut(g, bots);
      assert.equal(g.decision().phase, 'over');
      assert.ok(made[at] >= 10, `the search made ${made[at]} decisions`);
      assert.equal(g.scores().length, s.players);
    } finally {
      bots.forEach((b) => b.free());
      g.free();
    }
  });
}

/** A whole game of search bots (one per seat, seeds from `seed`) with a budget; returns the save text. */
function searchGame(s, seed, options) {
  const g = carc.newGame({ ...s, seed });
  const bots = Array.from({ length: s.players }, (_, p) => carc.newBot('search', g, seed * 10 + p, options));
  try {
    playOut(g, bots);
    return { save: g.save(), scores: g.scores() };
  } finally {
    bots.forEach((b) => b.free());
    g.free();
  }
}

test('with an iteration budget the search plays the same game for the same seed', () => {
  const s = { variant: 'hills-sheep', players: 2 };
  const a = searchGame(s, 4, { iterations: 60 });
  const b = searchGame(s, 4, { iterations: 60 });
  assert.equal(a.save, b.save);
  const c = searchGame(s, 4, { iterations: 61 });
  assert.notEqual(c.save, a.save, 'one more iteration a decision changes some choice');
});

// The seed carc-play gives a seat's search (seat.c: game seed * FNV prime + seat)
// and the bot seed of the package that makes the same search seed (glue.c:
// bot seed * K + 1, K = 2654435761, odd, so invertible modulo 2^64).
const M64 = (1n << 64n) - 1n;
const K = 2654435761n;
const K_INV = (() => { let x = 1n; for (let i = 0; i < 7; i++) x = (x * (2n - K * x)) & M64; return x; })();
const searchSeed = (seed, p) => ((((BigInt(seed) * 0x100000001B3n + BigInt(p)) & M64) - 1n) * K_INV) & M64;

for (const s of [SETUPS[0], SETUPS[2], SETUPS[5]]) {
  test(`the search in WebAssembly plays the game carc-play --bot search:30 plays: ${label(s)}`, () => {
    const seed = 12;
    const g = carc.newGame({ ...s, seed });
    const bots = Array.from({ length: s.players }, (_, p) => carc.newBot('search', g, searchSeed(seed, p), { iterations: 30 }));
    try {
      playOut(g, bots);
      const out = native('examples/carc-play', ['--variant', s.variant, '--players', s.players, '--seed', seed, '--quiet',
        '--bot', 'search:30', ...ruleArgs(s.rules).flatMap((r) => ['--rule', r])]);
      assert.equal(`final: ${g.scores().join(' ')}`, out.trimEnd().split('\n').pop());
    } finally {
      bots.forEach((b) => b.free());
      g.free();
    }
  });
}

test('the default budget (250 ms a decision) answers with a legal move', () => {
  const g = carc.newGame({ seed: 3 });
  const bot = carc.newBot('search', g, 1);
  try {
    const t0 = performance.now();
    const m = bot.choose(g);
    const ms = performance.now() - t0;
    assert.ok(g.moves().some((x) => x.text === m.text), m.text);
    assert.ok(ms >= 200, `it thought ${ms.toFixed(0)} ms, about its 250 ms`);
  } finally {
    bot.free();
    g.free();
  }
});

test('bad bot options are refused with the reason, and nothing is made', () => {
  const g = carc.newGame({ seed: 2 });
  const before = g.save();
  throwsCarc(() => carc.newBot('greedy', g, 1, { iterations: 100 }), 'CARC_E_INVALID', /greedy takes no options/);
  throwsCarc(() => carc.newBot('search', g, 1, { iteration: 100 }), 'CARC_E_NOT_FOUND', /iteration: not an option \(options: iterations, milliseconds\)/);
  for (const bad of [-1, 1.5, '100', 1e15 + 1, NaN]) {
    throwsCarc(() => carc.newBot('search', g, 1, { iterations: bad }), 'CARC_E_RANGE', /iterations=.*: want a whole number, 0 to 10\^15/);
  }
  for (const bad of [-5, Infinity, NaN, '250', 2e9]) {
    throwsCarc(() => carc.newBot('search', g, 1, { milliseconds: bad }), 'CARC_E_RANGE', /milliseconds=.*: want a number of milliseconds, 0 to 10\^9/);
  }
  throwsCarc(() => carc.newBot('search', g, 1, { iterations: 0, milliseconds: 0 }), 'CARC_E_RANGE', /needs a budget/);
  assert.equal(g.save(), before);
  // an empty options object, or none, is the default bot; both budgets: whichever ends first
  for (const options of [{}, { iterations: 20, milliseconds: 10000 }]) {
    const bot = carc.newBot('search', g, 1, options);
    const m = bot.choose(g);
    assert.ok(g.moves().some((x) => x.text === m.text), m.text);
    bot.free();
  }
  g.free();
});

test('strength smoke: search (300 iterations) beats random in every game of 4 paired deals of base', () => {
  const results = [];
  for (let deal = 1; deal <= 4; deal++) {
    for (const at of [0, 1]) { // the same deal with the seats swapped
      const g = carc.newGame({ variant: 'base', players: 2, seed: 900 + deal });
      const bots = [0, 1].map((p) => (p === at ? carc.newBot('search', g, deal, { iterations: 300 }) : carc.newBot('random', g, deal)));
      try {
        playOut(g, bots);
        const sc = g.scores();
        results.push({ deal, at, search: sc[at], random: sc[1 - at] });
      } finally {
        bots.forEach((b) => b.free());
        g.free();
      }
    }
  }
  const lost = results.filter((r) => r.search <= r.random);
  assert.equal(lost.length, 0, `search won ${results.length - lost.length} of ${results.length}: ${JSON.stringify(results)}`);
});
