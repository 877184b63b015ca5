// play.mjs: the web client (examples/web) driven in headless Chromium.
// For every ruleset it sets up a game of people at the screen, plays it to
// the end by clicks and keys as a person would (square, R to turn, Enter or
// the Place button; numbered spots on the board, number keys, P), tries
// illegal clicks on the way, checks the final scores on the page against
// the native library replaying the same seed and moves, and saves
// screenshots. Then a game against the greedy bot, one against the search
// bot, and a corrupted save.
// Prints one line per check and ends with "N passed, N failed".
//   node tests/web/play.mjs [OUTDIR]
// CARC_NATIVE_BUILD: the native build with carc-trace (default build-js);
// CARC_WEB_ONLY=VARIANT: the whole games of that ruleset only.
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync, writeFileSync, existsSync, readdirSync, rmSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import { Browser } from './cdp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const nativeDir = process.env.CARC_NATIVE_BUILD || path.join(root, 'build-js');
const outDir = path.resolve(process.argv[2] || path.join(nativeDir, 'web-screenshots'));
const pageUrl = pathToFileURL(path.join(root, 'examples/web/index.html')).href;
mkdirSync(outDir, { recursive: true });
for (const f of readdirSync(outDir)) if (/\.(png|moves)$/.test(f)) rmSync(path.join(outDir, f)); // no stale pictures

// seeds under which the test's player meets every action of the ruleset
const SETUPS = [
  { variant: 'base', players: 2, seed: 101 },
  { variant: 'hills-sheep', players: 3, seed: 100 },
  { variant: 'hunters-gatherers', players: 2, seed: 106 },
  { variant: 'discovery', players: 2, seed: 100 },
  { variant: 'discovery', players: 3, seed: 100, rules: { hand: 1 } },
  { variant: 'over-hill-and-dale', players: 4, seed: 116 },
];
const label = (s) => `${s.variant} ${s.players}p${s.rules ? ` ${Object.entries(s.rules).map(([k, v]) => `${k}=${v}`).join(' ')}` : ''}`;
const slug = (s) => `${label(s)} ${s.seed}`.replace(/[ =]+/g, '-');

let passed = 0;
let failed = 0;
function report(ok, name, detail) {
  if (ok) passed++;
  else failed++;
  console.log(`${ok ? 'ok' : 'FAIL'} - ${name}${detail ? `: ${detail}` : ''}`);
}

// CARC_TEST_SECONDS, as the C and Python suites read it (300 unless set, 0
// for none): the most each part of the run below may take. A page stuck in a
// WebAssembly loop never answers, while this process stays free to notice;
// the part fails, and the run ends with the browser closed. The slowest
// part, the whole games, took 68 s on a 2-core machine busy with a CI run.
const LIMIT = /^\d{1,5}$/.test(process.env.CARC_TEST_SECONDS || '') && Number(process.env.CARC_TEST_SECONDS) <= 86400
  ? Number(process.env.CARC_TEST_SECONDS) : 300;
async function limited(name, part) {
  if (!LIMIT) return part();
  let timer;
  const late = new Promise((resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} ran past its time limit of ${LIMIT} s (CARC_TEST_SECONDS; 300 unless set): a page that never answers?`)), LIMIT * 1000);
  });
  try {
    return await Promise.race([part(), late]);
  } finally {
    clearTimeout(timer);
  }
}

let rng = 0x2545f491;
function rand(n) {
  rng ^= rng << 13; rng >>>= 0;
  rng ^= rng >>> 17;
  rng ^= rng << 5; rng >>>= 0;
  return rng % n;
}

async function shot(page, name) {
  const file = path.join(outDir, `${name}.png`);
  writeFileSync(file, await page.screenshot());
  return file;
}

/** The tile being placed: its type, rotation and square. */
const readSelection = (page) => page.eval('window.carcClient.selection');

/** What the page shows now, read from its client object. */
function readState(page) {
  return page.eval(`(() => {
    const c = window.carcClient, g = c.game, d = g.decision();
    return { phase: d.phase, player: d.player, busy: c.busy, sel: c.selection, choices: c.choices,
      message: c.message, save: g.save(),
      moves: d.phase === 'over' ? [] : g.moves().map((m) => ({ kind: m.kind, text: m.text, tile: m.tile, x: m.x, y: m.y, rotation: m.rotation })) };
  })()`);
}

async function setUp(page, s, seats, pace, beforeStart) {
  if (!(await page.eval('document.getElementById("setup").open'))) await page.click('#btn-new');
  await page.waitFor('document.getElementById("setup").open');
  await page.eval(`(() => {
    const set = (el, v) => { el.value = String(v); el.dispatchEvent(new Event('change')); };
    set(document.getElementById('f-variant'), ${JSON.stringify(s.variant)});
    set(document.getElementById('f-players'), ${s.players});
    ${JSON.stringify(seats)}.forEach((v, i) => set(document.querySelector('select[name=seat' + i + ']'), v));
    for (const [k, v] of Object.entries(${JSON.stringify(s.rules || {})})) {
      const input = document.querySelector('#f-options input[name="' + k + '"]');
      if (input.type === 'checkbox') input.checked = !!v; else input.value = String(v);
    }
    document.getElementById('f-seed').value = ${s.seed};
    document.getElementById('f-pace').value = '${pace}';
  })()`);
  if (beforeStart) await beforeStart();
  await page.click('#f-start');
  await page.waitFor('window.carcClient.game && !document.getElementById("setup").open');
}

/** Picks the move a test player makes: any legal one, favouring figures and actions so every kind is seen. */
function pickMove(moves) {
  const actions = moves.filter((m) => m.kind === 'action');
  const figures = moves.filter((m) => m.kind === 'figure');
  if (actions.length && rand(2) === 0) return actions[rand(actions.length)];
  if (figures.length && rand(10) < 7) return figures[rand(figures.length)];
  return moves[rand(moves.length)];
}

/** Plays one tile move by clicks and keys. */
async function playTile(page, st, m, turn, shots) {
  let sel = st.sel;
  for (let k = 0; sel.type !== m.tile; k++) { // a hand: T picks the next tile
    if (k > 4) throw new Error(`T never selected tile ${m.tile}`);
    await page.press('t');
    sel = await readSelection(page);
  }
  await page.click(`rect.target[data-x="${m.x}"][data-y="${m.y}"]`);
  sel = await readSelection(page);
  for (let k = 0; sel.rot !== m.rotation; k++) {
    if (k > 4) throw new Error(`R never turned the tile to ${m.rotation}: ${JSON.stringify(sel)}`);
    if (k === 1) await page.click(`g.ghost`); // a click on the shown tile turns it too
    else await page.press('r');
    sel = await readSelection(page);
  }
  if (!sel.square || sel.square.x !== m.x || sel.square.y !== m.y) throw new Error(`the tile is not shown at (${m.x}, ${m.y})`);
  if (shots && !shots.tile && turn >= 8) shots.tile = await shot(page, `${shots.name}-1-tile`);
  if (turn % 2) await page.press('Enter');
  else await page.click('button[data-do="place"]');
}

/** Plays one figure, action or pass move by clicks and keys. */
async function playChoice(page, st, m, turn, shots) {
  if (m.kind === 'pass') {
    if (turn % 2) await page.press('p');
    else await page.click('button[data-do="pass"]');
    return;
  }
  const i = st.choices.findIndex((c) => c.text === m.text);
  if (i < 0) throw new Error(`no choice for ${m.text}: ${JSON.stringify(st.choices)}`);
  const c = st.choices[i];
  if (shots && m.kind === 'action' && !shots.action) shots.action = await shot(page, `${shots.name}-3-action`);
  if (shots && m.kind === 'figure' && !shots.figure && turn >= 8) shots.figure = await shot(page, `${shots.name}-2-figure`);
  if (c.onBoard && turn % 3 !== 1) await page.click(`g.choice[data-i="${i}"] :is(.disc, .pill)`);
  else if (i < 9 && turn % 3 === 1) await page.press(String(i + 1));
  else await page.click(`button[data-do="choose"][data-i="${i}"]`);
}

/** Illegal clicks: each must say why and leave the game as it was. */
async function tryIllegal(page, st, checks) {
  const before = st.save;
  let what = null;
  if (st.phase === 'tile' && !checks.taken) {
    const at = await page.eval('window.carcClient.squareOnScreen(0, 0)');
    await page.clickAt(at.x, at.y);
    what = checks.taken = 'a click on a square that holds a tile';
  } else if (st.phase === 'tile' && !checks.far) {
    const at = await page.eval(`(() => { const g = window.carcClient.game;
      for (let r = 2; r < 9; r++) for (let x = -r; x <= r; x++) for (let y = -r; y <= r; y++) {
        if (g.tileAt(x, y) >= 0 || [[1,0],[-1,0],[0,1],[0,-1]].some(([a, b]) => g.tileAt(x + a, y + b) >= 0)) continue;
        const p = window.carcClient.squareOnScreen(x, y); if (p) return p; }
      return null; })()`);
    if (!at) return null;
    await page.clickAt(at.x, at.y);
    what = checks.far = 'a click on a square no tile touches';
  } else if (st.phase === 'figure' && !checks.figure) {
    const at = await page.eval('window.carcClient.squareOnScreen(0, 0)');
    const last = await page.eval('(() => { const g = window.carcClient.game; const t = g.tile(g.lastTile()); return [t.x, t.y]; })()');
    if (last[0] === 0 && last[1] === 0) return null;
    await page.clickAt(at.x, at.y);
    what = checks.figure = 'a click off the new tile in the figure step';
  } else {
    return null;
  }
  const after = await readState(page);
  const ok = after.message.error && after.message.text.length > 10 && after.save === before;
  report(ok, `${checks.name}: ${what} says why and changes nothing`, ok ? `"${after.message.text}"` : JSON.stringify(after.message));
  return after;
}

async function playGame(page, s, seats, options = {}) {
  const name = slug(s);
  rng = s.seed * 2654435761 >>> 0 || 1; // each game's choices follow its own seed
  const shots = options.shots ? { name } : null;
  const checks = { name: label(s) };
  let turn = 0;
  let decisions = 0;
  let played = null; // the move played last and the save text before it
  const kinds = new Set(); // kinds of move played: tile, figure, pass, and each action by name
  for (let guard = 0; guard < 3000; guard++) {
    let st = await readState(page);
    if (played) {
      if (st.save === played.before) throw new Error(`the move ${played.move.text} was not played: ${st.message.text}`);
      const moveLines = (text) => text.split('\n').filter((l) => l.startsWith('move '));
      const done = moveLines(st.save)[moveLines(played.before).length]; // bots may have played after it
      if (done !== `move ${played.move.text}`) throw new Error(`meant to play ${played.move.text}, the page played ${done}`);
    }
    played = null;
    if (st.phase === 'over') break;
    if (seats[st.player] !== 'human' || st.busy) {
      await page.waitFor(`(() => { const c = window.carcClient, d = c.game.decision(); return !c.busy && (d.phase === 'over' || ${JSON.stringify(seats)}[d.player] === 'human'); })()`, 20000);
      continue;
    }
    if (options.illegal && turn >= 3) st = (await tryIllegal(page, st, checks)) || st;
    const m = pickMove(st.moves);
    played = { move: m, before: st.save };
    kinds.add(m.kind === 'action' ? m.text.split(' ').slice(0, 2).join(' ') : m.kind);
    if (m.kind === 'tile') {
      turn++;
      await playTile(page, st, m, turn, shots);
    } else {
      await playChoice(page, st, m, turn, shots);
    }
    decisions++;
  }
  if (shots) await shot(page, `${name}-4-end`);
  return { decisions, turn, kinds: [...kinds].sort() };
}

async function pageScores(page) {
  return page.eval('[...document.querySelectorAll("#scores tr[data-player] td.total")].map((td) => Number(td.textContent))');
}

async function saveText(page) {
  await page.click('#btn-save');
  await page.waitFor('document.getElementById("saveload").open');
  const text = await page.eval('document.getElementById("save-text").value');
  await page.click('#btn-saveload-close');
  return text;
}

function nativeFinal(s, text) {
  const moves = text.split('\n').filter((l) => l.startsWith('move ')).map((l) => l.slice(5));
  const file = path.join(outDir, `${slug(s)}.moves`);
  writeFileSync(file, `${moves.join('\n')}\n`);
  const rules = Object.entries(s.rules || {}).map(([k, v]) => `${k}=${v}`);
  const out = execFileSync(path.join(nativeDir, 'carc-trace'), ['--moves', file, s.variant, s.players, s.seed, ...rules],
    { encoding: 'utf8' }).trim().split('\n');
  return { final: out.pop().replace('final: ', '').split(' ').map(Number), decisions: out.length };
}

async function wholeGames(page) {
  const only = process.env.CARC_WEB_ONLY; // e.g. "discovery": the setups of one ruleset
  for (const s of SETUPS.filter((x) => !only || x.variant === only)) {
    const seats = Array.from({ length: s.players }, () => 'human');
    try {
      await setUp(page, s, seats, 0);
      const { decisions, kinds } = await playGame(page, s, seats, { shots: true, illegal: true });
      const want = (await page.eval('window.carcClient.game.variant.actions.map((a) => a.name)')).map((a) => `action ${a}`);
      const missing = want.filter((a) => !kinds.includes(a));
      report(missing.length === 0, `${label(s)}: every action of the ruleset was played by clicks or keys`,
        missing.length ? `never offered: ${missing.join(', ')} (another seed would)` : kinds.filter((k) => k.startsWith('action')).join(', '));
      const shown = await pageScores(page);
      const nat = nativeFinal(s, await saveText(page));
      report(JSON.stringify(shown) === JSON.stringify(nat.final) && nat.decisions === decisions,
        `${label(s)}: a whole game by clicks and keys, final scores as native`,
        `page ${shown.join(' ')}, native ${nat.final.join(' ')}, ${decisions} decisions`);
    } catch (e) {
      report(false, `${label(s)}: a whole game by clicks and keys`, e.stack);
      await shot(page, `${slug(s)}-failure`);
    }
  }
}

async function botGame(page) {
  const s = { variant: 'base', players: 2, seed: 201 };
  const seats = ['human', 'greedy'];
  try {
    await setUp(page, s, seats, 0);
    await playGame(page, s, seats);
    const timings = await page.eval('window.carcClient.timings');
    // a bot's answer: the decisions of its turn, timed inside the page
    const turns = [];
    for (const t of timings) {
      if (t.phase === 'tile') turns.push(0);
      turns[turns.length - 1] += t.ms;
    }
    turns.sort((a, b) => a - b);
    const median = turns[Math.floor(turns.length / 2)];
    const max = turns[turns.length - 1];
    const nat = nativeFinal(s, await saveText(page));
    const shown = await pageScores(page);
    report(JSON.stringify(shown) === JSON.stringify(nat.final) && turns.length > 30,
      'base 2p: a game against the greedy bot, final scores as native', `page ${shown.join(' ')}, native ${nat.final.join(' ')}`);
    console.log(`measure - greedy bot answer to a human move, base 2p: median ${median.toFixed(1)} ms, max ${max.toFixed(1)} ms over ${turns.length} turns`);
  } catch (e) {
    report(false, 'base 2p: a game against the greedy bot', e.stack);
  }
}

/**
 * A person against the search bot (libcarcassonne-search, 250 ms a
 * decision), the bot chosen in the seat selector: the game reaches its end
 * with the scores the native library gives its moves, the page said the
 * search bot was thinking and how long its last move took, and nothing went
 * to the console's errors.
 */
async function searchGame(page) {
  const s = { variant: 'base', players: 2, seed: 202 };
  const seats = ['search', 'human'];
  const errors = page.errors.length;
  try {
    // every text the status line takes, painted or not (a bot's move runs in one task)
    await page.eval(`(() => {
      const el = document.getElementById('status'), seen = window.statusSeen = [];
      new MutationObserver(() => { const t = el.textContent; if (seen[seen.length - 1] !== t) seen.push(t); })
        .observe(el, { childList: true, subtree: true, characterData: true });
    })()`);
    // a heartbeat every 10 ms: the gaps between its beats are how long the
    // page could not answer a click (the search thinks in slices)
    await page.eval(`(() => {
      const gaps = window.beatGaps = [];
      let last = performance.now();
      window.beat = setInterval(() => { const t = performance.now(); gaps.push(t - last); last = t; }, 10);
    })()`);
    let offered = null;
    await setUp(page, s, seats, 0, async () => {
      offered = await page.eval(`(() => { const sel = document.querySelector('select[name=seat0]'),
        o = [...sel.options].find((x) => x.value === 'search');
        return o && { text: o.text, title: o.title, chosen: sel.value }; })()`);
      await shot(page, `${slug(s)}-0-setup`);
    });
    report(offered && offered.chosen === 'search' && offered.text === 'search bot' && /tree search/.test(offered.title),
      'the seat selector offers the search bot, with its help', JSON.stringify(offered));
    const t0 = Date.now();
    const { decisions } = await playGame(page, s, seats, { shots: true });
    const seconds = (Date.now() - t0) / 1000;
    const status = await page.eval('document.getElementById("status").textContent');
    const shown = await pageScores(page);
    const nat = nativeFinal(s, await saveText(page));
    report(/^Game over\./.test(status) && shown.length === 2 && JSON.stringify(shown) === JSON.stringify(nat.final),
      'base 2p: a whole game against the search bot, final scores as native', `page ${shown.join(' ')}, native ${nat.final.join(' ')}, "${status}"`);
    const seen = await page.eval('window.statusSeen');
    const thinking = seen.filter((t) => /search bot thinking/.test(t)).length;
    // the search sits at seat 0, which the page calls P1
    const notes = seen.map((t) => /last bot move: P1 in ([\d.]+) ms/.exec(t)).filter(Boolean).map((x) => Number(x[1]));
    report(thinking >= 20 && notes.length >= 20 && notes.some((ms) => ms >= 200),
      'the status line said the search bot was thinking, then how long its move took',
      `${thinking} times thinking, ${notes.length} notes, longest ${Math.max(...notes).toFixed(0)} ms`);
    const timings = (await page.eval('window.carcClient.timings')).filter((t) => t.bot === 'search').map((t) => t.ms).sort((a, b) => a - b);
    const median = timings[Math.floor(timings.length / 2)];
    report(timings.length > 30 && median >= 200, 'the search bot used its budget (250 ms a decision)',
      `${timings.length} decisions, median ${median.toFixed(1)} ms`);
    const gaps = await page.eval('(clearInterval(window.beat), window.beatGaps)');
    const stalls = gaps.filter((g) => g >= 200).length;
    report(stalls * 10 <= timings.length, 'the page stays responsive while the search thinks (a stall of 200 ms or more in at most one decision in ten)',
      `${stalls} stalls over ${timings.length} search decisions, longest gap ${Math.max(...gaps).toFixed(0)} ms over ${gaps.length} beats`);
    report(page.errors.length === errors, 'no console error during the game against the search bot', page.errors.slice(errors).join('\n'));
    console.log(`measure - search bot in the page, base 2p: median ${median.toFixed(1)} ms a decision over ${timings.length} decisions; the whole game (${decisions} moves by clicks) took ${seconds.toFixed(1)} s; longest stall ${Math.max(...gaps).toFixed(0)} ms`);
  } catch (e) {
    report(false, 'base 2p: a game against the search bot', e.stack);
    await shot(page, `${slug(s)}-failure`);
  }
}

async function corruptedSave(page) {
  try {
    const s = { variant: 'hills-sheep', players: 2, seed: 301 };
    await setUp(page, s, ['human', 'greedy'], 0);
    for (let i = 0; i < 6; i++) { // a few moves, so there is a game to keep
      const st = await readState(page);
      if (st.busy || st.player !== 0) {
        await page.waitFor('!window.carcClient.busy && window.carcClient.game.decision().player === 0');
        continue;
      }
      const m = st.moves[0];
      if (m.kind === 'tile') await playTile(page, st, m, 1, null);
      else await playChoice(page, st, m, 1, null);
    }
    await page.waitFor('!window.carcClient.busy');
    const text = await saveText(page);
    const bad = text.replace(/^move tile (\S+) (-?\d+) (-?\d+)/m, 'move tile $1 $2 99');
    await page.click('#btn-save');
    await page.eval(`document.getElementById('save-text').value = ${JSON.stringify(bad)}`);
    await page.click('#btn-load-now');
    const err = await page.eval('document.getElementById("load-error").textContent');
    const msg = await page.eval('window.carcClient.message');
    await shot(page, 'corrupted-save');
    const kept = await page.eval('window.carcClient.game.save()');
    report(/CARC_E_PARSE/.test(err) && /malformed/.test(err) && msg.error && kept === text,
      'a corrupted save shows the library\'s error and keeps the game', `"${err}"`);
    await page.eval(`document.getElementById('save-text').value = ${JSON.stringify(text)}`);
    await page.click('#btn-load-now');
    const open = await page.eval('document.getElementById("saveload").open');
    const loaded = await page.eval('window.carcClient.game.save()');
    report(!open && loaded === text, 'the same save, unchanged, loads again', open ? 'the dialog stayed open' : '');
  } catch (e) {
    report(false, 'corrupted save', e.stack);
  }
}

/**
 * A static server of examples/ on a free local port: the client as a web
 * site serves it, and a page importing the npm package's ES module.
 */
function serve() {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
    '.wasm': 'application/wasm', '.svg': 'image/svg+xml' };
  const esm = `<!doctype html><meta charset="utf-8"><script type="module">
    import { load } from '/js/index.mjs';
    const carc = await load();
    const g = carc.newGame({ variant: 'discovery', players: 3, seed: 5 });
    let x = 7; // the choices of carc-trace's xorshift32, pick seed 7
    while (g.phase !== 'over') {
      const moves = g.moves();
      x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
      g.apply(moves[x % moves.length]);
    }
    document.body.dataset.esm = JSON.stringify({ version: carc.version, scores: g.scores() });
  </script><body>`;
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    if (url.pathname === '/esm.html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(esm);
      return;
    }
    const file = path.join(root, 'examples', path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(path.join(root, 'examples')) || !existsSync(file)) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function overHttp(page) {
  const server = await serve();
  const base = `http://127.0.0.1:${server.address().port}`;
  try {
    await page.goto(`${base}/web/index.html`);
    await page.waitFor('document.body.dataset.ready === "1" || document.getElementById("message").textContent', 20000);
    report(await page.eval('document.body.dataset.ready === "1"'), 'the page starts from a static web server too');
    await page.goto(`${base}/esm.html`);
    await page.waitFor('document.body.dataset.esm', 20000);
    const got = JSON.parse(await page.eval('document.body.dataset.esm'));
    const nat = native3();
    report(JSON.stringify(got.scores) === JSON.stringify(nat), 'the npm package\'s ES module plays a game in the browser as native does',
      `browser ${got.scores.join(' ')}, native ${nat.join(' ')}`);
  } catch (e) {
    report(false, 'over a static web server', e.stack);
  } finally {
    server.close();
  }
}

/** The final scores of the game esm.html plays (discovery, 3 players, seed 5, picks of seed 7), natively. */
function native3() {
  const out = execFileSync(path.join(nativeDir, 'carc-trace'), ['discovery', '3', '5', '7'], { encoding: 'utf8' });
  return out.trim().split('\n').pop().replace('final: ', '').split(' ').map(Number);
}

async function main() {
  for (const f of [path.join(root, 'examples/web/lib/carcassonne.js'), path.join(nativeDir, 'carc-trace')]) {
    if (!existsSync(f)) {
      report(false, 'the build', `${f} is missing: run npm --prefix examples/js run build`);
      console.log(`${passed} passed, ${failed} failed`);
      process.exit(1);
    }
  }
  const browser = await Browser.launch();
  try {
    const page = await browser.newPage(1400, 900);
    await page.goto(pageUrl);
    await page.waitFor('document.body.dataset.ready === "1" || document.getElementById("message").textContent', 20000);
    const ready = await page.eval('document.body.dataset.ready === "1"');
    report(ready, 'the page starts from file:// and offers a new game', ready ? '' : await page.eval('document.getElementById("message").textContent'));
    if (ready) {
      await shot(page, 'setup');
      await limited('the whole games', () => wholeGames(page));
      await limited('the game against the greedy bot', () => botGame(page));
      await limited('the game against the search bot', () => searchGame(page));
      await limited('the corrupted save', () => corruptedSave(page));
      await limited('the page over HTTP', () => overHttp(page));
    }
    report(page.errors.length === 0, 'no script error in the page', page.errors.join('\n'));
    await limited('the speed page', async () => {
      await page.goto(pageUrl.replace(/index\.html$/, 'bench.html'));
      await page.waitFor('document.body.dataset.result', 120000);
    });
    const speed = JSON.parse(await page.eval('document.body.dataset.result'));
    console.log(`measure - random games per second in Chromium, base 2p: ${speed.randomGames} move by move, ${speed.playouts} by playouts (wall clock, this machine's load included)`);
  } finally {
    await browser.close();
  }
  console.log(`screenshots: ${outDir}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.log(`FAIL - the browser test: ${e.stack}`);
  console.log(`${passed} passed, ${failed + 1} failed`);
  process.exit(1);
});
