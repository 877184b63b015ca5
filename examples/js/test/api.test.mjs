// The package's calls: errors that change nothing, saves, pictures and
// playouts compared with the native library, views, tokens and the log.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { load, CarcError } from '../index.mjs';
import { native, SETUPS, ruleArgs, label } from './helpers.mjs';

const carc = await load();
const tmp = mkdtempSync(path.join(tmpdir(), 'carc-js-'));

/** A game of `setup` after `decisions` random-ish decisions (always the first move but one). */
function played(setup, decisions, seed = 3) {
  const g = carc.newGame({ ...setup, seed });
  for (let d = 0; d < decisions && !g.isOver(); d++) {
    const moves = g.moves();
    g.apply(moves[d % moves.length]);
  }
  return g;
}

const throwsCarc = (f, code, pattern) => assert.throws(f, (e) => {
  assert.ok(e instanceof CarcError, `a CarcError (got ${e})`);
  assert.equal(e.code, code, e.message);
  if (pattern) assert.match(e.message, pattern);
  return true;
});

test('the variants are the native build\'s, with their tile counts', () => {
  const help = native('examples/carc-play', ['--help']);
  const names = help.match(/^Variants:(.*)$/m)[1].trim().split(/\s+/);
  assert.deepEqual(carc.variants().map((v) => v.name), names);
  for (const v of carc.variants()) {
    const g = carc.newGame({ variant: v.name, players: v.minPlayers });
    const types = g.tileTypes();
    assert.equal(types.length, v.tileTypeCount, v.name);
    assert.equal(types.reduce((a, t) => a + t.count, 0), v.tileCount, v.name);
    assert.equal(types.filter((t) => t.isStart).length, 1, `${v.name} has one start tile type`);
    g.free();
  }
});

test('a bad new game names what is wrong and what is accepted', () => {
  throwsCarc(() => carc.newGame({ variant: 'carcassone' }), 'CARC_E_NOT_FOUND', /base, hills-sheep/);
  throwsCarc(() => carc.newGame({ variant: 'base', players: 1 }), 'CARC_E_RANGE', /players 2\.\.5/);
  throwsCarc(() => carc.newGame({ variant: 'base', players: 9 }), 'CARC_E_RANGE');
  throwsCarc(() => carc.newGame({ variant: 'hills-sheep', rules: { wolves: 1 } }), 'CARC_E_NOT_FOUND', /sheep, hills/);
  throwsCarc(() => carc.newGame({ variant: 'hills-sheep', rules: { sheep: 2 } }), 'CARC_E_RANGE', /sheep 0\.\.1/);
  throwsCarc(() => carc.newGame({ variant: 'hills-sheep', rules: { sheep: 0.5 } }), 'CARC_E_RANGE', /integer/);
  throwsCarc(() => carc.newGame({ seed: -1 }), 'CARC_E_RANGE', /seed/);
  throwsCarc(() => carc.newGame({ seed: 'x' }), 'CARC_E_RANGE', /seed/);
  const big = carc.newGame({ seed: 2n ** 64n - 1n });
  assert.equal(big.phase, 'tile');
  assert.match(big.save(), /^seed 18446744073709551615$/m);
  big.free();
});

test('an illegal move throws and changes nothing', () => {
  for (const s of SETUPS) {
    const g = played(s, 9);
    let tried = 0;
    for (let d = 0; d < 4; d++) {
      const moves = g.moves().map((m) => m.text);
      const { phase } = g.decision();
      const before = g.save(); // after the lazy draw of the turn's tile
      if (phase === 'tile') {
        throwsCarc(() => g.apply({ ...g.moves()[0], x: 40, y: 40 }), 'CARC_E_ILLEGAL_MOVE', /not legal/);
        throwsCarc(() => g.apply('pass'), 'CARC_E_PHASE');
        tried |= 1;
      } else if (phase === 'figure') {
        throwsCarc(() => g.apply({ kind: 'tile', tile: 0, x: 0, y: 0, rotation: 0 }), 'CARC_E_PHASE');
        throwsCarc(() => g.apply({ kind: 'figure', figure: 0, feature: 99, x: 0, y: 0 }), 'CARC_E_ILLEGAL_MOVE');
        tried |= 2;
      }
      throwsCarc(() => g.apply('dance'), 'CARC_E_PARSE', /dance/);
      throwsCarc(() => g.apply({ kind: 'jump' }), 'CARC_E_INVALID', /tile, figure, pass, action/);
      assert.equal(g.save(), before, label(s));
      assert.deepEqual(g.moves().map((m) => m.text), moves, label(s));
      g.apply(g.moves()[0]);
    }
    assert.equal(tried, 3, `${label(s)}: a tile and a figure decision were tried`);
    g.free();
  }
});

test('save and load: the same game, and bad text refused with the library\'s error', () => {
  for (const s of SETUPS) {
    const g = played(s, 40);
    const text = g.save();
    const h = carc.loadGame(text);
    assert.equal(h.variant.name, s.variant);
    assert.equal(h.save(), text);
    assert.deepEqual(h.scores(), g.scores());
    assert.deepEqual(h.moves().map((m) => m.text), g.moves().map((m) => m.text));
    h.free();
    // a move that is not legal when replayed, a variant that does not exist, junk
    const lines = text.split('\n');
    const i = lines.findIndex((l) => l.startsWith('move tile'));
    const bad = lines.slice();
    bad[i] = bad[i].replace(/tile (\S+) (-?\d+) (-?\d+)/, 'tile $1 30 30');
    throwsCarc(() => carc.loadGame(bad.join('\n')), 'CARC_E_PARSE');
    throwsCarc(() => carc.loadGame(text.replace(/^variant .*$/m, 'variant chess')), 'CARC_E_NOT_FOUND');
    throwsCarc(() => carc.loadGame('hello'), 'CARC_E_PARSE');
    throwsCarc(() => carc.loadGame(42), 'CARC_E_NULL');
    g.free();
  }
});

test('move text: every legal move reads back as itself', () => {
  for (const s of SETUPS) {
    const g = played(s, 25);
    for (let d = 0; d < 12 && !g.isOver(); d++) {
      const moves = g.moves();
      const bare = g.moves({ text: false });
      assert.deepEqual(bare, moves.map(({ text, ...rest }) => rest), 'moves({ text: false }): the same moves without text');
      for (const m of moves) {
        const back = g.parseMove(m.text);
        assert.equal(back.text, m.text);
        assert.equal(g.formatMove(back), m.text);
      }
      g.apply(moves[moves.length - 1]);
    }
    g.free();
  }
});

test('the SVG picture is byte for byte the native renderer\'s', () => {
  for (const s of SETUPS.slice(0, 6)) {
    const g = played(s, 60);
    const file = path.join(tmp, 'g.sav');
    const svgFile = path.join(tmp, 'g.svg');
    writeFileSync(file, g.save());
    native('examples/carc-render', ['--load', file, '--svg', svgFile]);
    const svg = g.toSVG({ seed: 3, note: `Loaded from ${file}` });
    assert.ok(svg.startsWith('<?xml') && svg.includes('</svg>'), label(s));
    assert.equal(svg, readFileSync(svgFile, 'utf8'), label(s));
    g.free();
  }
});

test('one tile: its picture, an anchor per feature, the style of its kinds', () => {
  const g = carc.newGame({ variant: 'hills-sheep' });
  const types = g.tileTypes();
  const style = g.tileStyle(64);
  for (let t = 0; t < types.length; t++) {
    for (let r = 0; r < 4; r++) {
      const { svg, anchors } = g.tileSVG(t, r, 64);
      assert.equal(anchors.length, types[t].features.length);
      for (const [x, y] of anchors) assert.ok(x > 0 && x < 1 && y > 0 && y < 1, `${types[t].name}: anchor inside`);
      for (const c of svg.match(/class="[klo]\d+"/g) || []) assert.ok(style.includes(`.${c.slice(7, -1)}{`), c);
    }
  }
  // a tile turned a quarter: anchors turn with it (x' = 1 - y, y' = x)
  const a0 = g.tileSVG(3, 0).anchors;
  const a1 = g.tileSVG(3, 1).anchors;
  a0.forEach(([x, y], k) => {
    assert.ok(Math.abs(a1[k][0] - (1 - y)) < 0.05 && Math.abs(a1[k][1] - x) < 0.05, `feature ${k} turns`);
  });
  throwsCarc(() => g.tileSVG(types.length, 0), 'CARC_E_RANGE');
  throwsCarc(() => g.tileSVG(0, 4), 'CARC_E_RANGE');
  g.free();
});

test('playouts: the native library\'s scores, and the game unchanged', () => {
  for (const s of SETUPS) {
    const g = carc.newGame({ ...s, seed: 5 });
    const before = g.save();
    const scores = g.playouts(20, 99);
    const nat = native('carc-trace', ['--playouts', 20, 99, s.variant, s.players, 5, ...ruleArgs(s.rules)])
      .trim().split('\n').map((l) => l.split(' ').map(Number));
    assert.deepEqual(Array.from(scores), nat.flat(), label(s));
    assert.equal(g.save(), before);
    assert.deepEqual(Array.from(g.playouts(20, 99)), Array.from(scores));
    g.free();
  }
});

test('the log adds up to the breakdown, the breakdown to the score', () => {
  for (const s of SETUPS) {
    const g = played(s, 1000, 8);
    assert.ok(g.isOver(), label(s));
    const sheet = Array.from({ length: g.players }, () => g.variant.categories.map(() => 0));
    for (const e of g.log()) {
      if (e.kind === 'score') sheet[e.player][g.variant.categories.indexOf(e.category)] += e.points;
    }
    for (let p = 0; p < g.players; p++) {
      assert.deepEqual(sheet[p], g.breakdown(p), `${label(s)} player ${p}`);
      assert.equal(g.breakdown(p).reduce((a, b) => a + b, 0), g.score(p));
    }
    assert.deepEqual(g.projection().totals, g.scores());
    const best = Math.max(...g.scores());
    assert.deepEqual(g.winners(), g.scores().flatMap((x, p) => (x === best ? [p] : [])));
    g.free();
  }
});

test('views, tokens, hands and figures read what the ruleset keeps', () => {
  const hs = carc.newGame({ variant: 'hills-sheep', players: 2, seed: 4 });
  const bag = hs.tokens('sheep');
  assert.deepEqual(bag, hs.variant.bags[0].tokens.map((t) => t.initial));
  assert.deepEqual(hs.view('flock', 0), [0, 0, 0, 0]);
  throwsCarc(() => hs.view('herd', 0), 'CARC_E_NOT_FOUND', /flock, last_token/);
  throwsCarc(() => hs.view('flock', 7), 'CARC_E_RANGE');
  throwsCarc(() => hs.tokens('harvest'), 'CARC_E_NOT_FOUND', /sheep/);
  assert.equal(hs.supply(0, 'shepherd'), 1);
  assert.equal(hs.supply(1, 'follower'), 7);
  assert.equal(hs.figures().length, 2 * 8);
  hs.free();
  const ds = carc.newGame({ variant: 'discovery', players: 3, rules: { hand: 1 } });
  for (let p = 0; p < 3; p++) assert.equal(ds.hand(p).length, 2, `player ${p} holds two tiles`);
  const tiles = new Set(ds.moves().map((m) => m.tile));
  assert.deepEqual([...tiles].sort(), [...new Set(ds.hand(0))].sort());
  ds.free();
});

test('bots: the move chosen is legal and the game is unchanged until it is played', () => {
  assert.deepEqual(carc.bots().map((b) => b.name).slice(0, 2), ['greedy', 'random']);
  for (const s of SETUPS) {
    const g = played(s, 7);
    for (const name of ['greedy', 'random']) {
      const bot = carc.newBot(name, g, 3);
      const before = g.save();
      const m = bot.choose(g);
      assert.equal(g.save(), before);
      assert.ok(g.moves().some((x) => x.text === m.text), `${name} chose ${m.text}`);
      bot.free();
    }
    throwsCarc(() => carc.newBot('oracle', g), 'CARC_E_NOT_FOUND', /greedy, random/);
    g.free();
  }
});

test('a freed game or bot refuses calls; clones are independent', () => {
  const g = carc.newGame({ seed: 9 });
  const c = g.clone();
  c.apply(c.moves()[0]);
  assert.notEqual(c.save(), g.save());
  assert.equal(g.decision().phase, 'tile');
  g.free();
  g.free();
  assert.throws(() => g.moves(), /freed/);
  const bot = carc.newBot('random', c);
  bot.free();
  assert.throws(() => bot.choose(c), /freed/);
  c.free();
});

test('the state JSON says what the calls say, and nothing hidden', () => {
  for (const s of SETUPS) {
    const g = played(s, 57, 12);
    const doc = g.state();
    assert.equal(doc.version, 1);
    assert.equal(doc.variant.name, s.variant);
    assert.equal(doc.phase, g.decision().phase);
    assert.equal(doc.to_decide, g.decision().player);
    assert.deepEqual(doc.moves, g.moves().map((m) => m.text));
    assert.deepEqual(doc.seats.map((x) => x.score), g.scores());
    assert.deepEqual(doc.seats.map((x) => x.projected.score), g.projection().totals);
    assert.deepEqual(doc.board.map((t) => [t.x, t.y, t.type, t.rotation]), g.tiles().map((t) => [t.x, t.y, t.type, t.rotation]));
    assert.deepEqual(doc.figures.map((f) => [f.owner, f.tile ?? -1]), g.figures().map((f) => [f.owner, f.onBoard ? f.tileIndex : -1]));
    assert.equal(doc.log.length, g.log().length);
    assert.ok(!/"seed"/.test(g.stateJSON()), 'no seed in the state document');
    const before = g.save();
    g.stateJSON();
    assert.equal(g.save(), before, 'writing the document changes nothing');
    g.free();
  }
});

test('tile facts: the attributes players score by', () => {
  const g = carc.newGame({ variant: 'base' });
  const pennants = g.tileTypes().reduce((n, t) => n + t.count * t.features.filter((f) => f.attrs.pennant).length, 0);
  assert.equal(pennants, 10, 'the classic tile set has ten tiles with a pennant');
  g.free();
  const hg = carc.newGame({ variant: 'hunters-gatherers' });
  const names = new Set(hg.tileTypes().flatMap((t) => t.features.flatMap((f) => Object.keys(f.attrs))));
  assert.ok([...names].some((n) => n.startsWith('animals.')), `animals among ${[...names].join(', ')}`);
  // every attribute on a tile is drawn as a symbol titled with its word (pennant, aurochs, fish...)
  hg.tileTypes().forEach((t, k) => {
    const titles = (hg.tileSVG(k, 1).svg.match(/<title>[^<]*<\/title>/g) || []).join(' ');
    for (const name of t.features.flatMap((f) => Object.keys(f.attrs))) {
      assert.ok(titles.includes(name.split('.').pop()), `tile ${t.name}: a symbol titled ${name} (${titles})`);
    }
  });
  hg.free();
});

test('a figure as the pictures draw it, in its seat\'s colour', () => {
  const svg = carc.figureSVG(1, 2, 5, 6, 3);
  assert.match(svg, /translate\(5\.0 6\.0\) scale\(3\.00\)/);
  assert.ok(svg.includes(`fill="${carc.playerColor(2)}"`), svg);
  assert.notEqual(carc.figureSVG(0, 2), carc.figureSVG(1, 2), 'figure kinds have their own shapes');
});
