// app.js: the reference web client. One page, no server: it loads the
// library compiled to WebAssembly (lib/carcassonne.js, built by
// `npm --prefix examples/js run build`) and plays a whole game of any
// ruleset between people at this screen and bots.
//
// Every rule comes from the library: the client asks which moves are legal
// and shows them; it explains refusals but never decides legality itself.
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);
  const S = 64; // board square in SVG units
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
  const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
  const DIRS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

  const ui = {
    carc: null,
    game: null,
    seats: [],      // per seat: 'human' or a bot name
    bots: [],       // per seat: a Bot or null
    pace: 400,      // ms between bot moves on screen
    // The search bot thinks SEARCH_MS a decision in slices of SLICE_MS
    // (each slice grows the same tree: the search keeps it between runs on
    // one position), giving the page back between slices, so clicks,
    // scrolling and the status line stay live while it thinks.
    searchMs: 250,
    sliceMs: 25,
    seed: null,     // the game's seed when known (new games)
    pics: new Map(),
    style: '',
    sel: { pick: 0, rot: 0, square: null }, // the tile being placed
    choices: [],
    log: [],        // lines shown in the log panel, oldest first
    logSeen: 0,     // entries of game.log() already shown
    turn: 0,
    timer: null,
    timings: [],    // { player, bot, ms } of every bot decision
    message: { text: '', error: false },
    last: null,     // the decision rendered last: { phase, player, moves }
  };

  // ---- small helpers -----------------------------------------------------

  function say(text, error) {
    ui.message = { text, error: !!error };
    const el = $('message');
    el.textContent = text;
    el.className = error ? 'error' : text ? 'info' : '';
  }

  const seatLabel = (p) => `P${p + 1}`;
  const seatKind = (p) => (ui.seats[p] === 'human' ? 'human' : `${ui.seats[p]} bot`);
  const color = (p) => ui.carc.playerColor(p);
  const swatch = (p) => `<span class="swatch" style="background:${color(p)}"></span>`;
  const chip = (p) => `${swatch(p)}<b>${seatLabel(p)}</b>`;
  const typeName = (t) => (t >= 0 ? ui.game.tileTypes()[t].name : '?');
  const figureName = (k) => ui.game.variant.figures[k].name;

  /** Figure kind `kind` of seat `owner` as the library draws it, centred on (0,0), `scale` half-size. */
  function figureSVG(kind, owner, scale) {
    const key = `${kind}/${owner}/${scale}`;
    if (!ui.pics.has(key)) ui.pics.set(key, ui.carc.figureSVG(kind, owner, 0, 0, scale));
    return ui.pics.get(key);
  }

  function pic(type, rot) {
    const key = `${type}/${rot}`;
    if (!ui.pics.has(key)) ui.pics.set(key, ui.game.tileSVG(type, rot, S));
    return ui.pics.get(key);
  }

  function miniTile(type, rot, size, attrs) {
    if (type < 0) return `<svg class="mini" width="${size}" height="${size}" viewBox="0 0 ${S} ${S}" ${attrs || ''}><rect width="${S}" height="${S}" fill="#9e9789"/><text x="32" y="40" text-anchor="middle" font-size="24" fill="#fff">?</text></svg>`;
    return `<svg class="mini" width="${size}" height="${size}" viewBox="-1 -1 ${S + 2} ${S + 2}" ${attrs || ''}>${pic(type, rot).svg}</svg>`;
  }

  /** Where a figure on feature `feature` of placed tile `index` stands, in board units. */
  function anchorOf(index, feature) {
    const t = ui.game.tile(index);
    const a = pic(t.type, t.rotation).anchors[feature] || [0.5, 0.5];
    return { x: t.x + a[0], y: t.y + a[1], tile: t };
  }

  function featureWords(index, feature) {
    const t = ui.game.tile(index);
    const f = ui.game.tileTypes()[t.type].features[feature];
    return { kind: f ? f.kind : 'feature', id: f ? f.id : '?', x: t.x, y: t.y };
  }

  // ---- the decision of the moment ----------------------------------------

  function decision() {
    const g = ui.game;
    const d = g.decision();
    return { phase: d.phase, player: d.player, moves: d.phase === 'over' ? [] : g.moves() };
  }

  const isHuman = (p) => ui.seats[p] === 'human';

  /** Tile phase: the tile types one may place, and where each fits. */
  function tileOptions(moves) {
    const types = [];
    const fits = new Map(); // type -> Map("x,y" -> [rotations])
    for (const m of moves) {
      if (m.kind !== 'tile') continue;
      if (!fits.has(m.tile)) {
        types.push(m.tile);
        fits.set(m.tile, new Map());
      }
      const sq = fits.get(m.tile);
      const key = `${m.x},${m.y}`;
      if (!sq.has(key)) sq.set(key, []);
      sq.get(key).push(m.rotation);
    }
    return { types, fits };
  }

  function selectedType(opts) {
    if (ui.sel.pick >= opts.types.length) ui.sel.pick = 0;
    return opts.types[ui.sel.pick];
  }

  /** What the score of `player` becomes if `move` is played (on a copy, whose future is reseeded). */
  function gainOf(move, player) {
    const c = ui.game.clone();
    try {
      c.reseed(Math.floor(Math.random() * 2 ** 32));
      const before = c.score(player);
      c.apply(move);
      return c.score(player) - before;
    } finally {
      c.free();
    }
  }

  /** The figure and action choices of a decision, each with a label and, where it has one, a spot on the board. */
  function buildChoices(d) {
    const g = ui.game;
    const out = [];
    const figs = g.figures();
    const last = g.lastTile();
    const at = new Map(); // spots taken, to set markers side by side
    const spot = (x, y, dx, dy) => {
      const key = `${Math.round(x * 20)},${Math.round(y * 20)}`;
      const n = at.get(key) || 0;
      at.set(key, n + 1);
      return { x: x + n * dx, y: y + n * dy };
    };
    for (const m of d.moves) {
      if (m.kind === 'tile' || m.kind === 'pass') continue;
      const c = { move: m, label: m.text, x: null, y: null, svg: null, color: color(d.player), from: null, ring: null, tag: undefined };
      if (m.kind === 'figure') {
        const w = featureWords(last, m.feature);
        const a = anchorOf(last, m.feature);
        c.x = a.x;
        c.y = a.y;
        c.svg = figureSVG(m.figure, d.player, 0.075 * S);
        c.label = `${cap(figureName(m.figure))} on the ${w.kind} (${w.id})`;
      } else {
        const action = g.variant.actions.find((a) => a.code === m.action);
        const name = action ? action.name : `action ${m.action}`;
        const fig = action && action.args.target && name !== 'pick' ? figs[m.target] : null;
        const where = fig && fig.onBoard ? anchorOf(fig.tileIndex, fig.feature) : null;
        const sq = where ? `(${where.tile.x}, ${where.tile.y})` : '';
        c.tag = name;
        if (name === 'grow') {
          c.label = 'Grow the flock: draw a sheep token (a wolf scatters the flock)';
        } else if (name === 'guide') {
          const gain = gainOf(m, d.player);
          c.label = `Guide the flock home: score ${gain}`;
          c.tag = `guide +${gain}`;
        } else if (name === 'shaman-return') {
          c.label = `Shaman: take back your ${figureName(fig.kind)} at ${sq}`;
          c.tag = 'take back';
        } else if (name === 'remove') {
          const gain = g.figurePoints(m.target);
          c.label = `Take back your ${figureName(fig.kind)} at ${sq}: score ${gain}`;
          c.tag = `take back +${gain}`;
        } else if (name === 'hike') {
          const to = anchorOf(g.tileAt(m.x, m.y), m.feature);
          const gain = gainOf(m, d.player);
          c.label = `Hike from ${sq} to (${m.x}, ${m.y})${gain ? `: score ${gain}` : ''}`;
          c.tag = gain ? `+${gain}` : '';
          c.from = where;
          Object.assign(c, spot(to.x + 0.08, to.y, 0, 0.27));
        } else if (name === 'pick') {
          const bag = g.variant.bags.find((b) => b.name === 'harvest') || g.variant.bags[0];
          const token = bag && bag.tokens[m.target] ? bag.tokens[m.target].name : `token ${m.target}`;
          c.label = `Take a ${token} token`;
        } else if (action && action.help) {
          c.label = `${cap(name)}: ${action.help}`;
        }
        if (where && name !== 'hike') {
          c.ring = where;
          Object.assign(c, spot(where.x + 0.24, where.y - 0.05, 0, 0.27));
        }
      }
      out.push(c);
    }
    spreadDiscs(out.filter((c) => c.x !== null && c.tag === undefined));
    return out;
  }

  /** Moves figure spots apart until no two overlap (anchors of small features lie close). */
  function spreadDiscs(discs) {
    const gap = 0.28; // board squares between two centres: two discs and a margin
    for (let round = 0; round < 20; round++) {
      let moved = false;
      for (let a = 0; a < discs.length; a++) {
        for (let b = a + 1; b < discs.length; b++) {
          const p = discs[a];
          const q = discs[b];
          let dx = q.x - p.x;
          let dy = q.y - p.y;
          const d = Math.hypot(dx, dy);
          if (d >= gap) continue;
          if (d < 1e-6) [dx, dy] = [1, 0];
          const push = (gap - d) / 2 / (d < 1e-6 ? 1 : d);
          p.x -= dx * push;
          p.y -= dy * push;
          q.x += dx * push;
          q.y += dy * push;
          moved = true;
        }
      }
      if (!moved) break;
    }
  }

  // ---- drawing -----------------------------------------------------------

  // What is shown comes from the library's state document (Game.state(),
  // the JSON a server would send to players); the legal moves to act on
  // come from Game.moves().
  function render() {
    const g = ui.game;
    if (!g) return;
    const d = decision();
    const st = g.state();
    ui.last = d;
    ui.choices = d.phase === 'figure' || d.phase === 'action' ? buildChoices(d) : [];
    renderStatus(d, st);
    renderTurn(d, st);
    renderChoices(d);
    renderScores(d, st);
    renderExtras(st);
    readLog(st);
    renderLog();
    renderBoard(d, st);
  }

  /** Index of feature `id` on tile `index` of the state document's board. */
  const featureIndex = (st, index, id) => st.board[index].features.findIndex((f) => f.id === id);

  function renderStatus(d, st) {
    const el = $('status');
    if (st.over) {
      const w = st.winners;
      el.innerHTML = `<b>Game over.</b> ${w.length > 1 ? 'Shared win' : 'Winner'}: ${w.map(chip).join(' ')} `
        + `with ${st.seats[w[0]].score} points.`;
      return;
    }
    const what = d.phase === 'tile' ? 'place a tile'
      : d.phase === 'figure' ? 'place a figure on the new tile, or not'
        : 'choose';
    const who = isHuman(d.player) ? 'your move' : `${ui.seats[d.player]} bot thinking`;
    const t = ui.timings[ui.timings.length - 1];
    el.innerHTML = `${esc(st.variant.title)} · turn ${ui.turn} · ${st.decks.map((k) => k.left).reduce((a, b) => a + b, 0)} tiles left<br>`
      + `${chip(d.player)} (${who}): <b>${what}</b>`
      + (t ? `<br><span class="note">last bot move: ${seatLabel(t.player)} in ${t.ms < 0.1 ? 'under 0.1' : t.ms.toFixed(1)} ms</span>` : '');
  }

  function renderTurn(d, st) {
    const el = $('turn');
    const parts = [];
    if (d.phase === 'tile') {
      const opts = tileOptions(d.moves);
      const type = selectedType(opts);
      const human = isHuman(d.player);
      parts.push('<div class="tile-box">');
      parts.push(`<div class="tile-pic" title="the tile to place">${miniTile(type, ui.sel.rot, 96)}`
        + `<div class="tile-name">tile ${esc(typeName(type))}, turned ${ui.sel.rot * 90}°</div></div>`);
      if (human) {
        parts.push('<div class="tile-buttons">'
          + '<button type="button" data-do="rotl" title="Shift+R">⟲ turn</button>'
          + '<button type="button" data-do="rotr" title="R">turn ⟳</button>'
          + `<button type="button" data-do="place" class="primary" ${ui.sel.square ? '' : 'disabled'} title="Enter">`
          + `${ui.sel.square ? `Place on (${ui.sel.square.x}, ${ui.sel.square.y})` : 'Place'}</button></div>`);
      }
      parts.push('</div>');
      if (human) {
        parts.push(`<p class="hint">${ui.sel.square
          ? 'Click the tile again or press R to turn it; Enter places it, Esc takes it back.'
          : 'Click a highlighted square (bright: fits as turned now). Arrow keys move the tile.'}</p>`);
      }
    }
    const hands = [];
    // a ruleset that deals hands: everyone's (they lie face up); else the drawn tile is shown above
    const dealt = st.seats.some((seat) => seat.hand.length > 1 || (seat.hand.length && seat.seat !== d.player));
    for (const seat of st.seats) {
      if (dealt) hands.push([seat.seat, seat.hand.map((h) => h.type)]);
    }
    if (hands.length) {
      parts.push('<div class="hands"><h3>Hands</h3>');
      const opts = d.phase === 'tile' ? tileOptions(d.moves) : { types: [] };
      for (const [p, hand] of hands) {
        parts.push(`<div class="hand">${chip(p)} `);
        hand.forEach((t) => {
          const k = p === d.player ? opts.types.indexOf(t) : -1;
          const selected = k >= 0 && k === ui.sel.pick;
          parts.push(`<span class="hand-tile${selected ? ' selected' : ''}" ${k >= 0 && isHuman(p) ? `data-do="pick" data-k="${k}"` : ''} `
            + `title="tile ${esc(typeName(t))}${k >= 0 ? ': click to place this one (T)' : ''}">${miniTile(t, 0, 44)}</span>`);
        });
        parts.push('</div>');
      }
      parts.push('</div>');
    }
    el.innerHTML = parts.join('');
  }

  function renderChoices(d) {
    const el = $('choices');
    if (d.phase !== 'figure' && d.phase !== 'action') {
      el.innerHTML = '';
      return;
    }
    const human = isHuman(d.player);
    const pass = d.moves.find((m) => m.kind === 'pass');
    const rows = ui.choices.map((c, i) => `<li><button type="button" data-do="choose" data-i="${i}" data-move="${esc(c.move.text)}" ${human ? '' : 'disabled'}>`
      + `<kbd>${i + 1}</kbd> ${esc(c.label)}</button></li>`);
    if (pass) {
      const what = d.phase === 'figure' ? 'Place no figure' : 'Skip';
      rows.push(`<li><button type="button" data-do="pass" data-move="pass" ${human ? '' : 'disabled'}><kbd>P</kbd> ${what}</button></li>`);
    }
    const head = d.phase === 'figure' ? 'Now: a figure on the new tile (numbered spots), or another choice' : 'Now: choose';
    // what the ruleset asks, in a sentence, for the actions that open a decision of their own
    const why = {
      grow: 'The tile joined your shepherd\'s field: grow the flock, or guide it home and score it.',
      guide: 'The tile joined your shepherd\'s field: grow the flock, or guide it home and score it.',
      'shaman-return': 'The shaman lets you take one of your meeples back before the figure step, or skip.',
      pick: `Tied farmers share the harvest tokens of the completed field: ${seatLabel(d.player)} takes one.`,
      remove: 'Instead of placing a follower you may take one back: it scores its region now.',
      hike: 'Instead of placing a figure, a wanderer of yours may hike along its path: the arrows show where to.',
    };
    const kinds = d.moves.filter((m) => m.kind === 'action').map((m) => (ui.game.variant.actions.find((a) => a.code === m.action) || {}).name);
    const note = [...new Set(kinds.map((k) => why[k]).filter(Boolean))].join(' ');
    el.innerHTML = `<h3>${head}</h3>${note ? `<p class="hint">${esc(note)}</p>` : ''}<ol class="choice-list">${rows.join('')}</ol>`;
  }

  function renderScores(d, st) {
    const cats = st.variant.categories;
    const proj = !st.over && st.board.length > 1;
    const head = `<tr><th>player</th>${cats.map((c) => `<th>${esc(c.replace(/_/g, ' '))}</th>`).join('')}<th>total</th>`
      + `${proj ? '<th title="each total if the game ended now (final scoring included)">projected</th>' : ''}</tr>`;
    const rows = st.seats.map((seat) => {
      const p = seat.seat;
      const cls = [p === st.to_decide && !st.over ? 'to-move' : '', st.winners.includes(p) ? 'winner' : ''].join(' ');
      return `<tr class="${cls}" data-player="${p}"><td>${chip(p)} <span class="note">${esc(seatKind(p))}</span></td>`
        + `${cats.map((c) => `<td>${seat.breakdown[c]}</td>`).join('')}<td class="total">${seat.score}</td>`
        + `${proj ? `<td>${seat.projected.score}</td>` : ''}</tr>`;
    });
    $('scores').innerHTML = head + rows.join('');
  }

  function viewText(st, view, values) {
    const tokenName = (k) => {
      const bag = st.variant.bags[0];
      return bag && bag.tokens[k] ? bag.tokens[k].name : `token ${k}`;
    };
    if (view.name === 'flock') {
      const sheep = values.reduce((a, v, k) => a + v * (k + 1), 0);
      return sheep ? `${sheep} sheep` : '—';
    }
    if (view.name === 'last_token') return values[0] >= 0 ? tokenName(values[0]) : 'none yet';
    if (view.name === 'pool') return values.map((v, k) => (v ? `${tokenName(k)} ${v}` : '')).filter(Boolean).join(', ');
    if (view.name === 'picker') return seatLabel(values[0]);
    return values.join(' ');
  }

  function renderExtras(st) {
    const v = st.variant;
    const parts = [];
    const cols = v.figures.map((f) => ({ head: `${f.name}s left`, cell: (seat) => seat.supply[f.name] }));
    for (const view of v.views) {
      if (view.shape === 'player') cols.push({ head: view.name, title: view.help, cell: (seat) => viewText(st, view, seat.views[view.name]) });
    }
    for (const bag of v.bags) {
      const held = (seat) => Object.entries(seat.tokens[bag.name] || {}).filter(([, n]) => n).map(([t, n]) => `${t} ${n}`).join(', ');
      if (st.seats.some((seat) => held(seat)) || bag.name === 'harvest') cols.push({ head: `${bag.name} tokens`, cell: (seat) => held(seat) || '—' });
    }
    parts.push(`<table class="supply"><tr><th>player</th>${cols.map((c) => `<th title="${esc(c.title || '')}">${esc(c.head)}</th>`).join('')}</tr>`);
    for (const seat of st.seats) {
      parts.push(`<tr><td>${chip(seat.seat)}</td>${cols.map((c) => `<td>${esc(c.cell(seat))}</td>`).join('')}</tr>`);
    }
    parts.push('</table>');
    const lines = [];
    for (const view of v.views) {
      if (view.shape !== 'game') continue;
      const values = st.views[view.name];
      if ((view.name === 'pool' && !values.some((x) => x)) || (view.name === 'picker' && values[0] < 0)) continue; // nothing shared now
      lines.push(`<li title="${esc(view.help)}">${esc(view.name.replace('_', ' '))}: ${esc(viewText(st, view, values))}</li>`);
    }
    for (const bag of v.bags) {
      lines.push(`<li>${esc(bag.name)} ${bag.name === 'harvest' ? 'supply' : 'bag'}: `
        + `${Object.entries(st.bags[bag.name]).map(([t, n]) => `${esc(t)} ${n}`).join(', ')}</li>`);
    }
    if (lines.length) parts.push(`<ul class="views">${lines.join('')}</ul>`);
    if (st.out_of_play.length) {
      const why = { unplaceable: 'fit nowhere', 'face-up': 'out face up', face_up: 'out face up', hidden: 'hidden under a hill' };
      parts.push(`<h3>Out of the game (${st.out_of_play.length})</h3><div class="removed">`
        + st.out_of_play.map((r) => `<figure title="${r.tile ? `tile ${esc(r.tile)}: ` : ''}${why[r.reason] || esc(r.reason)}">`
          + `${miniTile(r.type ?? -1, 0, 34)}<figcaption>${why[r.reason] || esc(r.reason)}</figcaption></figure>`).join('') + '</div>');
    }
    $('extras').innerHTML = parts.join('');
  }

  function readLog(st) {
    for (const e of st.log.slice(ui.logSeen)) {
      ui.logSeen++;
      const where = e.tile !== null && e.tile >= 0 ? ` at (${e.x}, ${e.y})` : '';
      const f = where ? st.board[e.tile].features.find((x) => x.id === e.feature) : null;
      const kind = f ? f.kind : '';
      const what = `${kind && kind !== e.category ? `${kind}${where}` : where.trim()}`;
      if (e.kind === 'score') {
        if (!e.points) continue; // an award of nothing: not worth a line
        const why = { final: 'end of game', action: 'action', completed: 'completed' }[e.reason] || e.reason;
        ui.log.push({ cls: 'score', html: `${chip(e.player)} <b>+${e.points}</b> ${esc(e.category.replace(/_/g, ' '))} `
          + `<span class="note">${why}${what ? `, ${esc(what)}` : ''}</span>` });
      } else if (e.kind === 'completed') {
        ui.log.push({ cls: 'event', html: `${esc(cap(kind || 'feature'))}${esc(where)} completed; nobody scored it` });
      } else {
        ui.log.push({ cls: 'event', html: `${chip(e.player)} plays again (extra turn)` });
      }
    }
  }

  function renderLog() {
    const items = ui.log.slice(-200).reverse();
    $('log').innerHTML = items.map((l) => `<li class="${l.cls}">${l.html}</li>`).join('');
  }

  function renderBoard(d, st) {
    const tiles = st.board;
    const last = st.turn_tile ?? -1;
    const model = { S, style: ui.style, tiles: [], figures: [], targets: [], markers: [], arrows: [], badges: [], rings: [],
      ghost: null };
    let ext = { minx: 0, maxx: 0, miny: 0, maxy: 0 };
    const grow = (x, y) => {
      ext = { minx: Math.min(ext.minx, x), maxx: Math.max(ext.maxx, x), miny: Math.min(ext.miny, y), maxy: Math.max(ext.maxy, y) };
    };
    const lastIndex = last >= 0 ? last : (d.phase === 'tile' || d.phase === 'over' ? tiles.length - 1 : -1);
    tiles.forEach((t, i) => {
      grow(t.x, t.y);
      model.tiles.push({ ...t, svg: pic(t.type, t.rotation).svg, last: i === lastIndex && i > 0,
        turnLabel: i ? t.turn : undefined, title: `tile ${typeName(t.type)} at (${t.x}, ${t.y}), turn ${t.turn}` });
    });
    for (const f of st.figures) {
      if (f.tile === null) continue;
      const a = anchorOf(f.tile, featureIndex(st, f.tile, f.feature));
      const kind = st.variant.figures.findIndex((x) => x.name === f.kind);
      const fk = st.board[f.tile].features.find((x) => x.id === f.feature);
      model.figures.push({ x: a.x, y: a.y, svg: figureSVG(kind, f.owner, 0.15 * S),
        title: `${seatLabel(f.owner)}'s ${f.kind} on the ${fk ? fk.kind : ''} ${f.feature} at (${f.x}, ${f.y})` });
    }
    if (d.phase === 'tile') {
      const opts = tileOptions(d.moves);
      const type = selectedType(opts);
      for (const [key, rots] of opts.fits.get(type) || []) {
        const [x, y] = key.split(',').map(Number);
        grow(x, y);
        if (isHuman(d.player)) model.targets.push({ x, y, fitsNow: rots.includes(ui.sel.rot) });
      }
      if (ui.sel.square && isHuman(d.player)) {
        model.ghost = { x: ui.sel.square.x, y: ui.sel.square.y, svg: pic(type, ui.sel.rot).svg };
      }
    }
    if (isHuman(d.player)) {
      ui.choices.forEach((c, i) => {
        if (c.x === null) return;
        model.markers.push({ i, x: c.x, y: c.y, svg: c.svg, color: c.color, label: c.label, move: c.move.text, tag: c.tag });
        // keep the whole marker in view: a label reaches this far right (board.js draws it)
        const right = c.tag === undefined ? 0.2 : 0.1 + (6.6 * `${i + 1} ${c.tag}`.length) / S;
        grow(Math.floor(c.x + right), Math.floor(c.y + 0.15));
        if (c.from) model.arrows.push({ x1: c.from.x, y1: c.from.y, x2: c.x, y2: c.y });
        if (c.ring || c.from) model.rings.push(c.ring || c.from);
      });
    }
    // points scored in the last turn, beside their feature
    const lastTurn = tiles.length ? tiles[lastIndex >= 0 ? lastIndex : 0].turn : 0;
    const stacked = new Map(); // badges at one spot go one above the other
    for (const e of st.log) {
      if (e.kind !== 'score' || e.turn !== lastTurn || e.points <= 0 || e.tile === null || e.reason === 'final') continue;
      const a = anchorOf(e.tile, featureIndex(st, e.tile, e.feature));
      const key = `${e.tile}/${e.feature}`;
      const n = stacked.get(key) || 0;
      stacked.set(key, n + 1);
      model.badges.push({ x: a.x, y: a.y - 0.26 * n, text: `+${e.points}`, color: color(e.player) });
    }
    model.extent = ext;
    CarcBoard.draw($('board'), model);
  }

  // ---- playing -----------------------------------------------------------

  /** A move in a player's words (its move text goes in a tooltip). */
  function moveWords(move) {
    const g = ui.game;
    if (move.kind === 'tile') {
      return `placed tile ${typeName(move.tile)} at (${move.x}, ${move.y})${move.rotation ? `, turned ${move.rotation * 90}°` : ''}`;
    }
    if (move.kind === 'figure') {
      const w = featureWords(g.lastTile(), move.feature);
      return `put a ${figureName(move.figure)} on the ${w.kind} (${w.id})`;
    }
    if (move.kind === 'pass') return g.decision().phase === 'figure' ? 'placed no figure' : 'skipped';
    const c = ui.choices.find((x) => x.move.text === move.text);
    return c ? c.label.charAt(0).toLowerCase() + c.label.slice(1) : move.text;
  }

  function play(move, who) {
    const g = ui.game;
    const before = g.decision();
    const text = move.text || g.formatMove(move);
    const words = moveWords(move);
    g.apply(move); // throws on an illegal move, changing nothing
    if (before.phase === 'tile') ui.turn++;
    ui.log.push({ cls: 'move', html: `<span title="${esc(text)}">${chip(who)} ${esc(words)}</span>` });
    ui.sel = { pick: 0, rot: 0, square: null };
    say('');
    render();
    schedule();
  }

  function schedule() {
    clearTimeout(ui.timer);
    ui.timer = null;
    const g = ui.game;
    if (!g) return;
    const d = g.decision();
    if (d.phase === 'over' || isHuman(d.player)) return;
    ui.timer = setTimeout(botMove, ui.pace);
  }

  function botMove() {
    ui.timer = null;
    const d = ui.game.decision();
    if (d.phase === 'over' || isHuman(d.player)) return;
    const bot = ui.bots[d.player];
    // a lone move is given at once (no tree grows), so needs no slices
    if (bot.name === 'search' && ui.game.moves({ text: false }).length > 1) {
      think(bot, d, ui.game, 0);
      return;
    }
    const t0 = performance.now();
    const move = bot.choose(ui.game);
    ui.timings.push({ player: d.player, bot: bot.name, ms: performance.now() - t0, phase: d.phase });
    play(move, d.player);
  }

  /** One slice of the search bot's thinking on `game`; `spent` ms so far. The
   *  next slice waits on ui.timer, so a new game or a load cancels it. */
  function think(bot, d, game, spent) {
    ui.timer = null;
    if (ui.game !== game) return;
    const t0 = performance.now();
    const move = bot.choose(game);
    spent += performance.now() - t0;
    if (spent < ui.searchMs) {
      ui.timer = setTimeout(() => think(bot, d, game, spent), 0);
      return;
    }
    ui.timings.push({ player: d.player, bot: bot.name, ms: spent, phase: d.phase });
    play(move, d.player);
  }

  function placeTile() {
    const d = ui.last;
    if (!ui.sel.square) {
      say('Choose a square first: click one of the highlighted squares.', true);
      return;
    }
    const type = selectedType(tileOptions(d.moves));
    const m = d.moves.find((x) => x.kind === 'tile' && x.tile === type && x.x === ui.sel.square.x
      && x.y === ui.sel.square.y && x.rotation === ui.sel.rot);
    if (!m) {
      say(`Tile ${typeName(type)} does not fit on (${ui.sel.square.x}, ${ui.sel.square.y}) turned ${ui.sel.rot * 90}°: press R to turn it.`, true);
      return;
    }
    play(m, d.player);
  }

  /** Turns the tile: to the next rotation that fits the chosen square, or freely before one is chosen. */
  function rotate(step) {
    const d = ui.last;
    const opts = tileOptions(d.moves);
    const type = selectedType(opts);
    if (!ui.sel.square) {
      ui.sel.rot = (ui.sel.rot + step + 4) % 4;
      render();
      return;
    }
    const rots = opts.fits.get(type).get(`${ui.sel.square.x},${ui.sel.square.y}`);
    if (rots.length === 1 && rots[0] === ui.sel.rot) {
      say(`Tile ${typeName(type)} fits (${ui.sel.square.x}, ${ui.sel.square.y}) one way only.`);
    }
    for (let k = 1; k <= 4; k++) {
      const r = (ui.sel.rot + step * k + 8) % 4;
      if (rots.includes(r)) {
        ui.sel.rot = r;
        break;
      }
    }
    render();
  }

  function chooseSquare(x, y) {
    const d = ui.last;
    const opts = tileOptions(d.moves);
    const type = selectedType(opts);
    const rots = opts.fits.get(type).get(`${x},${y}`);
    if (ui.sel.square && ui.sel.square.x === x && ui.sel.square.y === y) {
      rotate(1);
      return;
    }
    ui.sel.square = { x, y };
    if (!rots.includes(ui.sel.rot)) {
      ui.sel.rot = rots.find((r) => r > ui.sel.rot) ?? rots[0];
      say(`Turned to ${ui.sel.rot * 90}° to fit.`);
    } else {
      say('');
    }
    render();
  }

  /** Why nothing happens when a tile square is clicked. */
  function whyNotSquare(x, y) {
    const g = ui.game;
    const d = ui.last;
    if (g.tileAt(x, y) >= 0) return `(${x}, ${y}) already holds a tile.`;
    const next = [[1, 0], [-1, 0], [0, 1], [0, -1]].some(([dx, dy]) => g.tileAt(x + dx, y + dy) >= 0);
    if (!next) return `(${x}, ${y}) touches no tile: a tile goes next to one already on the board.`;
    const opts = tileOptions(d.moves);
    const type = selectedType(opts);
    const other = opts.types.filter((t) => t !== type && opts.fits.get(t).has(`${x},${y}`));
    return `Tile ${typeName(type)} fits (${x}, ${y}) in no rotation: every side must match the side it touches.`
      + (other.length ? ` Tile ${other.map(typeName).join(', ')} of your hand fits there.` : '');
  }

  /** Why nothing happens when the board is clicked away from the choices. */
  function whyNotFigure(at) {
    const g = ui.game;
    const d = ui.last;
    const last = g.lastTile();
    if (d.phase === 'action') return 'Choose one of the numbered actions (click it or press its number).';
    if (last < 0) return 'Choose one of the numbered choices.';
    const t = g.tile(last);
    if (at.x !== t.x || at.y !== t.y) {
      return `Figures go on the tile just placed, framed at (${t.x}, ${t.y}); or choose a numbered choice, or P to place none.`;
    }
    const anchors = pic(t.type, t.rotation).anchors;
    let best = -1;
    let dist = 1e9;
    anchors.forEach(([ax, ay], k) => {
      const dd = (ax - (at.fx - t.x)) ** 2 + (ay - (at.fy - t.y)) ** 2;
      if (dd < dist) {
        dist = dd;
        best = k;
      }
    });
    if (best < 0) return 'No figure may go there.';
    const f = g.feature(last, best);
    const w = featureWords(last, best);
    const holders = f.figures.map((n, p) => (n ? seatLabel(p) : '')).filter(Boolean);
    if (holders.length) return `The ${w.kind} is taken: ${holders.join(' and ')} ${holders.length > 1 ? 'have' : 'has'} a figure on it.`;
    const left = g.variant.figures.map((_, k) => g.supply(d.player, k)).reduce((a, b) => a + b, 0);
    if (!left) return 'You have no figure left in supply.';
    return `No figure may stand on the ${w.kind} (${w.id}) under this ruleset's rules; the numbered spots are the ones allowed.`;
  }

  function choose(i) {
    const c = ui.choices[i];
    if (!c) {
      say(`There is no choice ${i + 1}.`, true);
      return;
    }
    play(c.move, ui.last.player);
  }

  function pass() {
    const m = ui.last.moves.find((x) => x.kind === 'pass');
    if (!m) {
      say(ui.last.phase === 'tile' ? 'A tile must be placed: it fits somewhere (the highlighted squares).'
        : 'There is no skipping here: choose one of the numbered choices.', true);
      return;
    }
    play(m, ui.last.player);
  }

  /** Refuses input when it is not a person's turn here; says why. */
  function humanTurn() {
    if (!ui.game) {
      say('Start a game first (New game).', true);
      return false;
    }
    const d = ui.last;
    if (d.phase === 'over') {
      say('The game is over. Start a new one with New game.', true);
      return false;
    }
    if (!isHuman(d.player)) {
      say(`Wait: ${seatLabel(d.player)} (${ui.seats[d.player]} bot) is playing.`, true);
      return false;
    }
    return true;
  }

  // ---- input -------------------------------------------------------------

  function onBoardClick(ev) {
    if (!humanTurn()) return;
    const d = ui.last;
    const el = ev.target.closest('[data-act]');
    const act = el ? el.dataset.act : 'board';
    try {
      if (d.phase === 'tile') {
        if (act === 'square' || act === 'ghost') {
          chooseSquare(Number(el.dataset.x), Number(el.dataset.y));
        } else {
          const at = CarcBoard.squareAt($('board'), S, ev);
          say(whyNotSquare(at.x, at.y), true);
        }
      } else if (act === 'choice') {
        choose(Number(el.dataset.i));
      } else {
        say(whyNotFigure(CarcBoard.squareAt($('board'), S, ev)), true);
      }
    } catch (e) {
      say(e.message, true);
    }
  }

  function onPanelClick(ev) {
    const el = ev.target.closest('[data-do]');
    if (!el || !humanTurn()) return;
    try {
      const act = el.dataset.do;
      if (act === 'rotl') rotate(-1);
      else if (act === 'rotr') rotate(1);
      else if (act === 'place') placeTile();
      else if (act === 'choose') choose(Number(el.dataset.i));
      else if (act === 'pass') pass();
      else if (act === 'pick') {
        ui.sel.pick = Number(el.dataset.k);
        ui.sel.square = null;
        render();
      }
    } catch (e) {
      say(e.message, true);
    }
  }

  function moveSquare(dx, dy) {
    const d = ui.last;
    const opts = tileOptions(d.moves);
    const squares = [...opts.fits.get(selectedType(opts)).keys()].map((k) => k.split(',').map(Number));
    const from = ui.sel.square || { x: 0, y: 0 };
    let best = null;
    let score = 1e9;
    for (const [x, y] of squares) {
      const ahead = (x - from.x) * dx + (y - from.y) * dy;
      if (ui.sel.square && ahead <= 0) continue;
      const side = Math.abs((x - from.x) * dy) + Math.abs((y - from.y) * dx);
      const s = ahead + 2 * side;
      if (s < score) {
        score = s;
        best = { x, y };
      }
    }
    if (!best) {
      say('No free square that way.');
      return;
    }
    chooseSquare(best.x, best.y);
  }

  function onKey(ev) {
    if (document.querySelector('dialog[open]') || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.target.closest && ev.target.closest('input, textarea, select')) return;
    const k = ev.key;
    const known = /^[1-9]$/.test(k) || ['r', 'R', 'p', 'P', 't', 'T', 'Enter', 'Escape'].includes(k) || DIRS[k];
    if (!known) return;
    ev.preventDefault();
    if (!humanTurn()) return;
    const d = ui.last;
    try {
      if (d.phase === 'tile') {
        if (k === 'r' || k === 'R') rotate(ev.shiftKey || k === 'R' ? -1 : 1);
        else if (k === 'Enter') placeTile();
        else if (k === 'Escape') {
          ui.sel.square = null;
          say('');
          render();
        } else if (DIRS[k]) moveSquare(...DIRS[k]);
        else if (k === 't' || k === 'T') {
          const n = tileOptions(d.moves).types.length;
          if (n < 2) say('You have one tile to place.');
          ui.sel.pick = (ui.sel.pick + 1) % n;
          ui.sel.square = null;
          render();
        } else if (k === 'p' || k === 'P') pass();
        else say('Place the tile first: click a highlighted square.', true);
      } else if (/^[1-9]$/.test(k)) choose(Number(k) - 1);
      else if (k === 'p' || k === 'P' || (k === 'Enter' && ui.choices.length === 0)) pass();
      else say(`Choose with the number keys 1 to ${Math.min(9, ui.choices.length)}${ui.last.moves.some((m) => m.kind === 'pass') ? ', or P for none' : ''}.`, true);
    } catch (e) {
      say(e.message, true);
    }
  }

  // ---- games: new, saved, loaded -----------------------------------------

  function start(game, seats, seed) {
    clearTimeout(ui.timer);
    if (ui.game) ui.game.free();
    ui.bots.forEach((b) => b && b.free());
    ui.game = game;
    ui.seats = seats;
    ui.seed = seed;
    ui.bots = seats.map((s, p) => (s === 'human' ? null
      : ui.carc.newBot(s, game, (seed ?? 1) * 7 + p, s === 'search' ? { milliseconds: ui.sliceMs } : undefined)));
    ui.pics = new Map();
    ui.style = game.tileStyle(S);
    ui.sel = { pick: 0, rot: 0, square: null };
    ui.log = [];
    ui.logSeen = 0;
    ui.timings = [];
    ui.turn = game.tiles().length;
    say('');
    render();
    schedule();
  }

  function fillSetup() {
    const carc = ui.carc;
    const sel = $('f-variant');
    if (!sel.options.length) {
      for (const v of carc.variants()) sel.add(new Option(v.title, v.name));
      $('f-seed').value = Math.floor(Math.random() * 1e6);
    }
    const v = carc.variant(sel.value);
    $('f-title').textContent = `${v.tileCount} tiles, ${v.minPlayers}–${v.maxPlayers} players; figures: `
      + v.figures.map((f) => `${f.perPlayer} ${f.name}${f.perPlayer > 1 ? 's' : ''}`).join(', ') + '.';
    const players = $('f-players');
    const keep = Number(players.value) || 2;
    players.innerHTML = '';
    for (let n = v.minPlayers; n <= v.maxPlayers; n++) players.add(new Option(String(n), String(n)));
    players.value = String(Math.min(Math.max(keep, v.minPlayers), v.maxPlayers));
    fillSeats();
    const opts = $('f-options');
    opts.innerHTML = '<legend>Ruleset options</legend>' + (v.options.length ? v.options.map((o) => (o.min === 0 && o.max === 1
      ? `<label class="opt"><input type="checkbox" name="${esc(o.name)}" ${o.default ? 'checked' : ''}> ${esc(o.name)} <span class="note">${esc(o.help)}</span></label>`
      : `<label class="opt">${esc(o.name)} <input type="number" name="${esc(o.name)}" min="${o.min}" max="${o.max}" value="${o.default}"> <span class="note">${esc(o.help)}</span></label>`)).join('')
      : '<p class="note">This ruleset has no options.</p>');
  }

  function fillSeats() {
    const n = Number($('f-players').value);
    const box = $('f-seats');
    const old = [...box.querySelectorAll('select')].map((s) => s.value);
    const bots = ui.carc.bots();
    let html = '<legend>Seats</legend>';
    for (let p = 0; p < n; p++) {
      const val = old[p] || (p === 0 ? 'human' : bots[0].name);
      html += `<label class="seat">${swatch(p)} ${seatLabel(p)} <select name="seat${p}">`
        + `<option value="human" ${val === 'human' ? 'selected' : ''}>person at this screen</option>`
        + bots.map((b) => `<option value="${esc(b.name)}" ${val === b.name ? 'selected' : ''} title="${esc(b.help)}">${esc(b.name)} bot</option>`).join('')
        + '</select></label>';
    }
    box.innerHTML = html;
  }

  function startFromSetup() {
    const variant = $('f-variant').value;
    const players = Number($('f-players').value);
    const seats = [...$('f-seats').querySelectorAll('select')].map((s) => s.value);
    const rules = {};
    for (const input of $('f-options').querySelectorAll('input')) {
      rules[input.name] = input.type === 'checkbox' ? (input.checked ? 1 : 0) : Number(input.value);
    }
    const seed = $('f-seed').value === '' ? 0 : Number($('f-seed').value);
    ui.pace = Number($('f-pace').value);
    try {
      const game = ui.carc.newGame({ variant, players, seed, rules });
      $('setup').close();
      start(game, seats, seed);
    } catch (e) {
      alert(e.message);
    }
  }

  function showSave() {
    if (!ui.game) return;
    const text = ui.game.save();
    $('save-text').value = text;
    $('save-download').href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  }

  function loadText(text) {
    const err = $('load-error');
    let game;
    try {
      game = ui.carc.loadGame(text);
    } catch (e) {
      err.textContent = `Not loaded: ${e.message} (${e.code}). The game on the board is unchanged.`;
      say(`Loading failed: ${e.message}. The game on the board is unchanged.`, true);
      return;
    }
    err.textContent = '';
    const seats = Array.from({ length: game.players }, (_, p) => ui.seats[p] || 'human');
    $('saveload').close();
    const seed = /^seed (\d+)$/m.exec(text);
    start(game, seats, seed ? Number(seed[1]) : null);
    say(`Loaded a ${game.variant.title} game of ${game.players} players.`);
  }

  // ---- start up ----------------------------------------------------------

  function wire() {
    $('board').addEventListener('click', onBoardClick);
    $('side').addEventListener('click', onPanelClick);
    // a choice in the list lights up its spot on the board, and the other way round
    const hot = (i, on) => {
      for (const el of document.querySelectorAll(`[data-i="${i}"]`)) el.classList.toggle('hot', on);
    };
    for (const [box, sel] of [['choices', '[data-do="choose"]'], ['board', '.choice']]) {
      $(box).addEventListener('mouseover', (ev) => { const el = ev.target.closest(sel); if (el) hot(el.dataset.i, true); });
      $(box).addEventListener('mouseout', (ev) => { const el = ev.target.closest(sel); if (el) hot(el.dataset.i, false); });
    }
    document.addEventListener('keydown', onKey);
    $('btn-new').addEventListener('click', () => {
      fillSetup();
      $('setup').showModal();
    });
    $('f-variant').addEventListener('change', fillSetup);
    $('f-players').addEventListener('change', fillSeats);
    $('f-reseed').addEventListener('click', () => { $('f-seed').value = Math.floor(Math.random() * 1e6); });
    $('setup-form').addEventListener('submit', (ev) => {
      ev.preventDefault();
      startFromSetup();
    });
    $('f-cancel').addEventListener('click', () => $('setup').close());
    $('btn-save').addEventListener('click', () => {
      showSave();
      $('load-error').textContent = '';
      $('saveload').showModal();
    });
    $('btn-save-now').addEventListener('click', showSave);
    $('btn-load-now').addEventListener('click', () => loadText($('save-text').value));
    $('load-file').addEventListener('change', async (ev) => {
      const file = ev.target.files[0];
      if (file) $('save-text').value = await file.text();
    });
    $('btn-saveload-close').addEventListener('click', () => $('saveload').close());
    $('btn-svg').addEventListener('click', () => {
      if (!ui.game) return;
      const svg = ui.game.toSVG(ui.seed !== null ? { seed: ui.seed } : {});
      window.open(URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' })), '_blank');
    });
    $('btn-keys').addEventListener('click', () => $('keys').showModal());
    $('btn-keys-close').addEventListener('click', () => $('keys').close());
  }

  async function main() {
    if (!window.Carcassonne) {
      say('lib/carcassonne.js is missing: build it with "npm --prefix examples/js run build".', true);
      return;
    }
    ui.carc = await window.Carcassonne.load();
    wire();
    fillSetup();
    $('setup').showModal();
    document.body.dataset.ready = '1';
  }

  // for tests and the curious: the state of the client, read only
  window.carcClient = {
    get game() { return ui.game; },
    get seats() { return ui.seats.slice(); },
    get timings() { return ui.timings.slice(); },
    get choices() { return ui.choices.map((c) => ({ text: c.move.text, label: c.label, onBoard: c.x !== null })); },
    get selection() {
      const d = ui.last;
      return { ...ui.sel, type: d && d.phase === 'tile' ? selectedType(tileOptions(d.moves)) : null };
    },
    /** Board square (x, y) in the page's pixels, for a test that clicks it. */
    squareOnScreen(x, y) {
      const svg = $('board');
      const m = svg.getScreenCTM();
      const pt = svg.createSVGPoint();
      pt.x = (x + 0.5) * S;
      pt.y = (y + 0.5) * S;
      const p = pt.matrixTransform(m);
      const r = svg.getBoundingClientRect();
      return p.x > r.left + 10 && p.x < r.right - 10 && p.y > r.top + 10 && p.y < r.bottom - 10 ? { x: p.x, y: p.y } : null;
    },
    get message() { return { ...ui.message }; },
    get busy() { return ui.timer !== null; },
  };
  main().catch((e) => say(`The client failed to start: ${e.message}`, true));
}());
