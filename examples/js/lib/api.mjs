// The JavaScript face of libcarcassonne: classes over the opaque handles of
// the C library compiled to WebAssembly. `bind(core)` takes the instantiated
// module (the Emscripten glue's result) and returns the Engine.
//
// Ownership: a Game or Bot holds memory inside the module. Call free() when
// done (or use `using` where the runtime has Symbol.dispose); a finalizer
// frees what the garbage collector finds unreferenced, as a safety net only.
//
// This file is an ES module for the npm package; the build also turns it
// into a classic script for the web client (it strips the `export` words),
// so it imports nothing and uses no module-only syntax.

/** The library's status codes by number (carcassonne.h, carc_status). */
export const STATUS = {
  0: 'CARC_OK', '-1': 'CARC_E_NULL', '-2': 'CARC_E_RANGE', '-3': 'CARC_E_ILLEGAL_MOVE', '-4': 'CARC_E_PHASE',
  '-5': 'CARC_E_GAME_OVER', '-6': 'CARC_E_NOMEM', '-7': 'CARC_E_BUFFER', '-8': 'CARC_E_PARSE',
  '-9': 'CARC_E_NOT_FOUND', '-10': 'CARC_E_UNAVAILABLE', '-11': 'CARC_E_MISMATCH', '-12': 'CARC_E_VERSION',
  '-13': 'CARC_E_LIMIT', '-14': 'CARC_E_INVALID',
};

/** An error of the library: `status` is the carc_status number, `code` its name. */
export class CarcError extends Error {
  constructor(status, message) {
    super(message);
    this.name = 'CarcError';
    this.status = status;
    this.code = STATUS[status] || 'CARC_E_UNKNOWN';
  }
}

const PHASES = ['tile', 'figure', 'action', 'over'];
const MOVE_KINDS = { 1: 'tile', 2: 'figure', 3: 'pass', 4: 'action' };
const MOVE_CODES = { tile: 1, figure: 2, pass: 3, action: 4 };
const VIEW_SHAPES = ['game', 'player', 'figure', 'tile', 'feature'];
const EVENT_KINDS = ['score', 'completed', 'extra-turn'];
const REASONS = ['completed', 'final', 'action'];
const REMOVALS = ['unplaceable', 'face-up', 'hidden'];
const MOVE_SIZE = 16; // sizeof(carc_move) on wasm32, checked by glue.c
const SCRATCH = 1024; // bytes of out-parameters

/** Splits a seed (number, bigint or decimal string) into two 32-bit halves. */
function seedHalves(seed) {
  let s;
  try {
    s = BigInt(seed === undefined ? 0 : seed);
  } catch (e) {
    throw new CarcError(-2, `seed ${String(seed)} is not an integer (want 0 .. 2^64-1)`);
  }
  if (s < 0n || s >= 1n << 64n) throw new CarcError(-2, `seed ${s} is out of range (want 0 .. 2^64-1)`);
  return [Number(s & 0xffffffffn), Number(s >> 32n)];
}

export function bind(core) {
  const m = core;
  const scratch = m._malloc(SCRATCH);
  let moveCap = 4096;
  let moveBuf = m._malloc(moveCap * MOVE_SIZE);
  const i32 = () => m.HEAP32; // re-read: views change when memory grows
  const str = (p) => (p ? m.UTF8ToString(p) : null);
  const strerror = (r) => m.UTF8ToString(m._carc_strerror(r));
  const check = (r, what) => {
    if (r < 0) throw new CarcError(r, `${what}: ${strerror(r)}`);
    return r;
  };
  const int = (k) => i32()[(scratch >> 2) + k];
  const ptr = (k) => m.HEAPU32[(scratch >> 2) + k];
  const cstr = (s) => {
    const n = m.lengthBytesUTF8(s) + 1;
    const p = m._malloc(n);
    m.stringToUTF8(s, p, n);
    return p;
  };
  const withStr = (s, f) => {
    const p = cstr(s);
    try {
      return f(p);
    } finally {
      m._free(p);
    }
  };
  /** Calls f(outPtr, lenPtr) that hands over a malloc'ed text; returns it. */
  const takeText = (f, what) => {
    check(f(scratch + 16, scratch + 20), what);
    const p = m.HEAPU32[(scratch + 16) >> 2];
    const len = m.HEAPU32[(scratch + 20) >> 2];
    const s = m.UTF8ToString(p, len);
    m._free(p);
    return s;
  };
  /** Calls f(buf, cap, lenPtr) that writes a text into a caller buffer: asks the size, then the text. */
  const callerText = (f, what) => {
    const r = f(0, 0, scratch);
    if (r !== -7 && r < 0) check(r, what);
    const len = m.HEAPU32[scratch >> 2];
    const buf = m._malloc(len + 1);
    try {
      check(f(buf, len + 1, scratch), what);
      return m.UTF8ToString(buf, len);
    } finally {
      m._free(buf);
    }
  };
  const finalizer = typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry(({ ptr: p, free }) => free(p)) : null;

  // ---- variants ----------------------------------------------------------
  const variantPtrs = new Map();
  const variantList = [];
  function describe(v) {
    check(m._cj_variant_describe(v, scratch, scratch + 64), 'carc_variant_describe');
    const n = Array.from({ length: 11 }, (_, k) => int(k));
    const info = {
      name: str(ptr(16)), title: str(ptr(17)), minPlayers: n[0], maxPlayers: n[1], tileCount: n[2],
      tileTypeCount: n[3], figures: [], options: [], categories: [], bags: [], kinds: [], actions: [], views: [],
    };
    for (let i = 0; i < n[4]; i++) {
      check(m._carc_variant_figure(v, i, scratch, scratch + 4), 'carc_variant_figure');
      info.figures.push({ name: str(ptr(0)), perPlayer: int(1) });
    }
    for (let i = 0; i < n[5]; i++) {
      check(m._carc_variant_option(v, i, scratch, scratch + 4, scratch + 8, scratch + 12, scratch + 16),
        'carc_variant_option');
      info.options.push({ name: str(ptr(0)), help: str(ptr(1)), min: int(2), max: int(3), default: int(4) });
    }
    for (let i = 0; i < n[6]; i++) {
      check(m._carc_variant_category(v, i, scratch), 'carc_variant_category');
      info.categories.push(str(ptr(0)));
    }
    for (let b = 0; b < n[7]; b++) {
      check(m._carc_variant_bag(v, b, scratch, scratch + 4), 'carc_variant_bag');
      const bag = { name: str(ptr(0)), tokens: [] };
      const kinds = int(1);
      for (let t = 0; t < kinds; t++) {
        check(m._carc_variant_bag_token(v, b, t, scratch, scratch + 4), 'carc_variant_bag_token');
        bag.tokens.push({ name: str(ptr(0)), initial: int(1) });
      }
      info.bags.push(bag);
    }
    for (let k = 0; k < n[8]; k++) {
      check(m._carc_variant_kind(v, k, scratch, scratch + 4), 'carc_variant_kind');
      info.kinds.push({ name: str(ptr(0)), color: str(ptr(1)) });
    }
    for (let i = 0; i < n[9]; i++) {
      check(m._carc_variant_action(v, i, scratch, scratch + 4, scratch + 8, scratch + 12), 'carc_variant_action');
      const a = int(2);
      info.actions.push({
        code: int(0), name: str(ptr(1)), help: str(ptr(3)),
        args: { target: !!(a & 1), square: !!(a & 2), feature: !!(a & 4) },
      });
    }
    for (let i = 0; i < n[10]; i++) {
      check(m._carc_variant_view(v, i, scratch, scratch + 4, scratch + 8, scratch + 12), 'carc_variant_view');
      info.views.push({ name: str(ptr(0)), help: str(ptr(1)), shape: VIEW_SHAPES[int(2)] || 'game', length: int(3) });
    }
    return Object.freeze(info);
  }
  check(m._carc_registry_count(0, scratch), 'carc_registry_count');
  for (let i = 0, n = int(0); i < n; i++) {
    check(m._carc_registry_at(0, i, scratch), 'carc_registry_at');
    const v = ptr(0);
    const info = describe(v);
    variantPtrs.set(info.name, v);
    variantList.push(info);
  }
  const variantByName = (name) => {
    const info = variantList.find((x) => x.name === name);
    if (!info) {
      throw new CarcError(-9, `no variant named "${name}" (built in: ${variantList.map((x) => x.name).join(', ')})`);
    }
    return info;
  };

  // ---- bots --------------------------------------------------------------
  const botKinds = [];
  for (let i = 0, n = m._cj_bot_count(); i < n; i++) {
    botKinds.push({ name: str(m._cj_bot_name(i)), help: str(m._cj_bot_help(i)) });
  }

  // ---- moves -------------------------------------------------------------
  // carc_move on wasm32 (little-endian, checked by glue.c): kind, rotation,
  // figure, feature (bytes 0-3), x, y (int16 at 4, 6), tile, action (uint16
  // at 8, 10), target (int32 at 12); `at` is 4-byte aligned (malloc, then steps of 16)
  function readMove(at) {
    const u8 = m.HEAPU8;
    const h = at >> 1;
    return {
      kind: MOVE_KINDS[u8[at]] || 'unknown', rotation: u8[at + 1], figure: u8[at + 2], feature: u8[at + 3],
      x: m.HEAP16[h + 2], y: m.HEAP16[h + 3], tile: m.HEAPU16[h + 4], action: m.HEAPU16[h + 5],
      target: m.HEAP32[(at >> 2) + 3],
    };
  }
  function writeMove(at, mv) {
    const code = MOVE_CODES[mv.kind];
    if (!code) throw new CarcError(-14, `move kind "${mv.kind}" is not one of tile, figure, pass, action`);
    m.HEAPU8.fill(0, at, at + MOVE_SIZE);
    const dv = new DataView(m.HEAPU8.buffer, at, MOVE_SIZE);
    dv.setUint8(0, code);
    dv.setUint8(1, (mv.rotation | 0) & 255);
    dv.setUint8(2, (mv.figure | 0) & 255);
    dv.setUint8(3, (mv.feature | 0) & 255);
    dv.setInt16(4, mv.x | 0, true);
    dv.setInt16(6, mv.y | 0, true);
    dv.setUint16(8, (mv.tile | 0) & 0xffff, true);
    dv.setUint16(10, (mv.action | 0) & 0xffff, true);
    dv.setInt32(12, mv.target | 0, true);
  }

  class Game {
    constructor(handle, variantInfo) {
      this._h = handle;
      /** The ruleset's description (Engine.variants() entry). */
      this.variant = variantInfo;
      check(m._carc_game_players(handle, scratch), 'carc_game_players');
      /** Number of players. */
      this.players = int(0);
      this._types = null;
      if (finalizer) finalizer.register(this, { ptr: handle, free: m._carc_game_free }, this);
    }

    get handle() {
      if (!this._h) throw new CarcError(-1, 'this game was freed');
      return this._h;
    }

    /** Releases the game's memory; the object is unusable afterwards. */
    free() {
      if (!this._h) return;
      if (finalizer) finalizer.unregister(this);
      m._carc_game_free(this._h);
      this._h = 0;
    }

    /** An independent copy. */
    clone() {
      check(m._carc_game_clone(this.handle, scratch), 'carc_game_clone');
      return new Game(ptr(0), this.variant);
    }

    /** What is asked now, and of whom: { phase: 'tile'|'figure'|'action'|'over', player }. */
    decision() {
      check(m._carc_game_state(this.handle, scratch, scratch + 4), 'carc_game_state');
      return { phase: PHASES[int(0)], player: int(1) };
    }

    get phase() { return this.decision().phase; }

    get player() { return this.decision().player; }

    isOver() {
      check(m._carc_game_is_over(this.handle, scratch), 'carc_game_is_over');
      return int(0) !== 0;
    }

    /** Seats with the highest score once the game is over. */
    winners() {
      check(m._carc_game_winners(this.handle, scratch), 'carc_game_winners');
      const mask = int(0);
      return Array.from({ length: this.players }, (_, p) => p).filter((p) => (mask >> p) & 1);
    }

    /** The tile type drawn for this turn, or null once it is placed or the game is over. */
    drawnTile() {
      const r = m._carc_game_drawn_tile(this.handle, scratch);
      if (r === -4 || r === -5) return null;
      check(r, 'carc_game_drawn_tile');
      return int(0);
    }

    /** The tile types in a player's hand (the drawn tile for the player to move, in games without hands). */
    hand(player) {
      check(m._carc_game_hand(this.handle, player, scratch + 64, 64, scratch), `carc_game_hand(${player})`);
      return Array.from({ length: Math.min(int(0), 64) }, (_, k) => int(16 + k));
    }

    /**
     * Every legal move of the current decision, each with its move text
     * (`{ text: false }` leaves the text out, for speed); [] once the game is over.
     */
    moves(options) {
      const withText = !(options && options.text === false);
      for (;;) {
        const r = m._carc_game_moves(this.handle, moveBuf, moveCap, scratch);
        if (r === -5) return [];
        const n = int(0);
        if (r === -7) {
          m._free(moveBuf);
          moveCap = n;
          moveBuf = m._malloc(moveCap * MOVE_SIZE);
          continue;
        }
        check(r, 'carc_game_moves');
        const out = [];
        for (let k = 0; k < n; k++) {
          const mv = readMove(moveBuf + k * MOVE_SIZE);
          if (withText) mv.text = this._format(moveBuf + k * MOVE_SIZE);
          out.push(mv);
        }
        return out;
      }
    }

    /** Number of legal moves of the current decision (0 once the game is over). */
    moveCount() {
      const r = m._carc_game_moves(this.handle, 0, 0, scratch);
      if (r === -5) return 0;
      check(r, 'carc_game_moves');
      return int(0);
    }

    _format(at) {
      const r = m._carc_move_format(this.handle, at, scratch + 64, SCRATCH - 64, scratch);
      check(r, 'carc_move_format');
      return m.UTF8ToString(scratch + 64, int(0));
    }

    /** A move as text, e.g. "tile K 2 -1 1". */
    formatMove(move) {
      const at = moveBuf + (moveCap - 1) * MOVE_SIZE;
      writeMove(at, move);
      return this._format(at);
    }

    /** Reads move text into a move (whether it is legal is apply's answer). */
    parseMove(text) {
      const at = moveBuf + (moveCap - 1) * MOVE_SIZE;
      withStr(text, (p) => check(m._carc_move_parse(this.handle, p, m.lengthBytesUTF8(text), at),
        `move "${text}"`));
      const mv = readMove(at);
      mv.text = this._format(at);
      return mv;
    }

    /**
     * Plays a move (an object from moves() or parseMove(), or move text).
     * An illegal move throws a CarcError (CARC_E_ILLEGAL_MOVE) and changes nothing.
     */
    apply(move) {
      const mv = typeof move === 'string' ? this.parseMove(move) : move;
      const at = moveBuf + (moveCap - 1) * MOVE_SIZE;
      writeMove(at, mv);
      const r = m._carc_game_apply(this.handle, at);
      if (r < 0) {
        let text = typeof move === 'string' ? move : mv.kind;
        if (typeof move !== 'string') {
          writeMove(at, mv);
          const f = m._carc_move_format(this.handle, at, scratch + 64, SCRATCH - 64, scratch);
          if (f === 0) text = m.UTF8ToString(scratch + 64, int(0));
        }
        throw new CarcError(r, `move "${text}": ${strerror(r)}`);
      }
    }

    /** A player's total score. */
    score(player) {
      check(m._carc_game_score(this.handle, player, scratch), `carc_game_score(${player})`);
      return int(0);
    }

    /** Every player's total score, in seat order. */
    scores() {
      return Array.from({ length: this.players }, (_, p) => this.score(p));
    }

    /** A player's points per scoring category, in the order of variant.categories. */
    breakdown(player) {
      const n = this.variant.categories.length;
      check(m._carc_game_score_breakdown(this.handle, player, scratch + 64, n), `carc_game_score_breakdown(${player})`);
      return Array.from({ length: n }, (_, k) => int(16 + k));
    }

    /** What each player would have if the game ended now: { totals, breakdown[player][category] }. */
    projection() {
      const P = this.players;
      const C = this.variant.categories.length;
      const buf = m._malloc(4 * (P + P * C) + 4);
      try {
        check(m._carc_game_projection(this.handle, buf, P, buf + 4 * P, P * C), 'carc_game_projection');
        const v = i32().slice(buf >> 2, (buf >> 2) + P + P * C);
        return {
          totals: Array.from(v.slice(0, P)),
          breakdown: Array.from({ length: P }, (_, p) => Array.from(v.slice(P + p * C, P + (p + 1) * C))),
        };
      } finally {
        m._free(buf);
      }
    }

    /** The tiles on the board in the order they were placed: { x, y, type, rotation, turn }. */
    tiles() {
      check(m._carc_game_tile_count(this.handle, scratch), 'carc_game_tile_count');
      const out = [];
      for (let i = 0, n = int(0); i < n; i++) out.push(this.tile(i));
      return out;
    }

    /** Placed tile `index`. */
    tile(index) {
      check(m._carc_game_tile(this.handle, index, scratch), `carc_game_tile(${index})`);
      return { x: int(0), y: int(1), type: int(2), rotation: int(3), turn: int(4) };
    }

    /** Index of the tile at (x, y), or -1. */
    tileAt(x, y) {
      check(m._carc_game_tile_at(this.handle, x, y, scratch), 'carc_game_tile_at');
      return int(0);
    }

    /** Index of the tile placed this turn, or -1 before placement. */
    lastTile() {
      check(m._carc_game_last_tile(this.handle, scratch), 'carc_game_last_tile');
      return int(0);
    }

    /** Every figure (ids are indices): { id, owner, kind, onBoard, tileIndex, feature }. */
    figures() {
      check(m._carc_game_figure_count(this.handle, scratch), 'carc_game_figure_count');
      const out = [];
      for (let i = 0, n = int(0); i < n; i++) {
        check(m._carc_game_figure(this.handle, i, scratch), `carc_game_figure(${i})`);
        out.push({ id: i, owner: int(0), kind: int(1), onBoard: int(2) !== 0, tileIndex: int(3), feature: int(4) });
      }
      return out;
    }

    /** Figures of kind `kind` (index or name) player `player` has in supply. */
    supply(player, kind) {
      const k = typeof kind === 'string' ? this.variant.figures.findIndex((f) => f.name === kind) : kind;
      check(m._carc_game_supply(this.handle, player, k, scratch), `carc_game_supply(${player}, ${kind})`);
      return int(0);
    }

    /** What the feature a figure stands on is worth now (what a Discovery removal scores). */
    figurePoints(figure) {
      check(m._carc_game_figure_points(this.handle, figure, scratch), `carc_game_figure_points(${figure})`);
      return int(0);
    }

    /** The feature that feature `feature` of placed tile `tileIndex` belongs to. */
    feature(tileIndex, feature) {
      check(m._cj_game_feature(this.handle, tileIndex, feature, scratch + 64, scratch),
        `carc_game_feature(${tileIndex}, ${feature})`);
      return {
        kind: str(ptr(0)), id: int(16), tiles: int(17), openEdges: int(18), complete: int(19) !== 0,
        pointsNow: int(20), figures: Array.from({ length: this.players }, (_, p) => int(21 + p)),
      };
    }

    /** The values of a view (by name or index) for one owner. */
    view(view, owner = 0) {
      const vi = typeof view === 'string' ? this.variant.views.findIndex((v) => v.name === view) : view;
      const info = this.variant.views[vi];
      if (!info) throw new CarcError(-9, `no view "${view}" (views: ${this.variant.views.map((v) => v.name).join(', ') || 'none'})`);
      const out = [];
      for (let k = 0; k < info.length; k++) {
        check(m._carc_game_view(this.handle, vi, owner, k, scratch), `carc_game_view(${info.name}, ${owner}, ${k})`);
        out.push(int(0));
      }
      return out;
    }

    /** Tokens of a bag (name or index) per token kind, held by `player`, or (-1) left in the bag. */
    tokens(bag, player = -1) {
      const b = typeof bag === 'string' ? this.variant.bags.findIndex((x) => x.name === bag) : bag;
      const info = this.variant.bags[b];
      if (!info) throw new CarcError(-9, `no bag "${bag}" (bags: ${this.variant.bags.map((x) => x.name).join(', ') || 'none'})`);
      return info.tokens.map((_, t) => {
        check(m._carc_game_tokens(this.handle, b, player, t, scratch), `carc_game_tokens(${info.name}, ${player})`);
        return int(0);
      });
    }

    /** Tiles that left the game unplaced: { type (-1 when hidden), reason }. */
    removed() {
      check(m._carc_game_removed_count(this.handle, scratch), 'carc_game_removed_count');
      const out = [];
      for (let i = 0, n = int(0); i < n; i++) {
        check(m._carc_game_removed(this.handle, i, scratch + 4, scratch + 8), `carc_game_removed(${i})`);
        out.push({ type: int(1), reason: REMOVALS[int(2)] || 'unplaceable' });
      }
      return out;
    }

    /** Tiles left to draw in stack `deck` (0: the main stack). */
    deckRemaining(deck = 0) {
      check(m._carc_game_deck_remaining(this.handle, deck, scratch), `carc_game_deck_remaining(${deck})`);
      return int(0);
    }

    /** Log entries from index `from` on (oldest first). */
    log(from = 0) {
      check(m._carc_game_log_count(this.handle, scratch), 'carc_game_log_count');
      const out = [];
      for (let i = from, n = int(0); i < n; i++) {
        check(m._cj_game_log(this.handle, i, scratch + 64, scratch), `carc_game_log(${i})`);
        const e = Array.from({ length: 12 }, (_, k) => int(16 + k));
        out.push({
          kind: EVENT_KINDS[e[0]] || 'score', turn: e[1], player: e[2], points: e[3],
          category: this.variant.categories[e[4]] ?? null, reason: REASONS[e[5]] || 'completed', tileIndex: e[6],
          x: e[7], y: e[8], feature: e[9], featureId: str(ptr(0)) || '', tiles: e[10], complete: e[11] !== 0,
        });
      }
      return out;
    }

    /**
     * The tile set's types: { name, count, isStart, deck, edges, features:
     * [{ id, kind, slots, attrs }] }, attrs holding the feature's nonzero
     * attributes by name (e.g. { pennant: 1 } or { 'animals.deer': 2 }).
     */
    tileTypes() {
      if (this._types) return this._types;
      check(m._carc_game_tileset(this.handle, scratch), 'carc_game_tileset');
      const ts = ptr(0);
      check(m._carc_tileset_attr_count(ts, scratch), 'carc_tileset_attr_count');
      const attrNames = [];
      for (let a = 0, n = int(0); a < n; a++) {
        check(m._carc_tileset_attr(ts, a, scratch), `carc_tileset_attr(${a})`);
        attrNames.push(str(ptr(0)));
      }
      check(m._carc_tileset_type_count(ts, scratch), 'carc_tileset_type_count');
      const types = [];
      for (let t = 0, n = int(0); t < n; t++) {
        check(m._cj_tile_type(ts, t, scratch + 64, scratch, scratch + 128), `carc_tileset_type(${t})`);
        const info = {
          name: str(ptr(0)), deck: str(ptr(1)), edges: m.UTF8ToString(scratch + 128, 13), count: int(16),
          isStart: int(17) !== 0, features: [],
        };
        for (let f = 0, nf = int(18); f < nf; f++) {
          check(m._carc_tileset_feature(ts, t, f, scratch, scratch + 4, scratch + 8), `carc_tileset_feature(${t}, ${f})`);
          const feat = { id: str(ptr(0)), kind: str(ptr(1)), slots: m.HEAPU32[(scratch >> 2) + 2], attrs: {} };
          attrNames.forEach((name, a) => {
            check(m._carc_tileset_feature_attr(ts, t, f, a, scratch), `carc_tileset_feature_attr(${t}, ${f}, ${a})`);
            if (int(0)) feat.attrs[name] = int(0);
          });
          info.features.push(Object.freeze(feat));
        }
        types.push(Object.freeze(info));
      }
      this._types = Object.freeze(types);
      return this._types;
    }

    /**
     * The public state of the game as the library's JSON document (text):
     * docs/state-json.md describes it, docs/state.schema.json checks it.
     * Unlike save text it tells nothing hidden, so it is what players may see.
     */
    stateJSON() {
      return callerText((buf, cap, len) => m._carc_game_state_json(this.handle, buf, cap, len), 'carc_game_state_json');
    }

    /** stateJSON() parsed. */
    state() {
      return JSON.parse(this.stateJSON());
    }

    /** The game as save text (the exact replay format; it reveals future draws: not for players). */
    save() {
      return callerText((buf, cap, len) => m._carc_game_save(this.handle, buf, cap, len), 'carc_game_save');
    }

    /** Says which tile is drawn next (or replaces this turn's tile); see carc_game_set_next_tile. */
    setNextTile(type) {
      check(m._carc_game_set_next_tile(this.handle, type), `carc_game_set_next_tile(${type})`);
    }

    /** Fixes the next token of a bag. */
    setNextToken(bag, token) {
      withStr(bag, (p) => check(m._carc_game_set_next_token(this.handle, p, token), `carc_game_set_next_token(${bag}, ${token})`));
    }

    /** Later random draws follow `seed`. */
    reseed(seed) {
      const [lo, hi] = seedHalves(seed);
      check(m._cj_game_reseed(this.handle, lo, hi), 'carc_game_reseed');
    }

    /** `n` random games to the end from here (the game unchanged): scores[i * players + p]. */
    playouts(n, seed = 1) {
      const [lo, hi] = seedHalves(seed);
      const cap = Math.max(1, n * this.players);
      const buf = m._malloc(4 * cap);
      try {
        check(m._cj_game_playouts(this.handle, n, lo, hi, buf, cap), 'carc_game_playouts');
        return i32().slice(buf >> 2, (buf >> 2) + n * this.players);
      } finally {
        m._free(buf);
      }
    }

    /**
     * Benchmark helper: `n` random games from this position through the
     * move-by-move C API inside WebAssembly (the loop of carc-bench), the
     * game unchanged. Returns the number of decisions played.
     */
    randomGames(n, seed = 1) {
      check(m._cj_bench_games(this.handle, n, seed >>> 0, scratch), 'random games');
      return m.HEAPF64[scratch >> 3];
    }

    /**
     * The game drawn as one SVG document (board, scores, legend); `seed`
     * (when known) and `note` (one more line) go into the caption.
     */
    toSVG(options = {}) {
      const known = options.seed !== undefined && options.seed !== null;
      const [lo, hi] = known ? seedHalves(options.seed) : [0, 0];
      const draw = (note) => takeText((o, l) => m._cj_render_svg(this.handle, options.tilePx | 0, known ? 1 : 0, lo, hi,
        note, o, l), 'render');
      return options.note ? withStr(String(options.note), draw) : draw(0);
    }

    /**
     * Tile type `type` turned `rotation` drawn in an SVG fragment covering
     * (0,0)-(size,size), and where a figure on each of its features stands
     * (fractions of the square). Its classes are styled by tileStyle(size).
     */
    tileSVG(type, rotation = 0, size = 64) {
      const nf = 16;
      const buf = m._malloc(8 * 2 * nf);
      try {
        const svg = takeText((o, l) => m._cj_tile_svg(this.handle, type, rotation, size, buf, nf, o, l),
          `tile ${type} turned ${rotation}`);
        const n = this.tileTypes()[type].features.length;
        const f64 = m.HEAPF64;
        const anchors = Array.from({ length: Math.min(n, nf) }, (_, k) => [f64[(buf >> 3) + 2 * k], f64[(buf >> 3) + 2 * k + 1]]);
        return { svg, anchors };
      } finally {
        m._free(buf);
      }
    }

    /** The CSS rules for the classes of tileSVG(), for squares of `size` pixels. */
    tileStyle(size = 64) {
      return takeText((o, l) => m._cj_tile_style(this.handle, size, o, l), 'tile style');
    }
  }

  /**
   * The options of newBot(): only a search bot takes any, its budget a
   * decision ({ iterations, milliseconds }, whichever ends first; the one
   * not given is no limit). Null when there are none.
   */
  function botBudget(kind, options) {
    if (options === undefined || options === null) return null;
    const keys = Object.keys(options);
    if (!keys.length) return null;
    const unknown = keys.filter((key) => key !== 'iterations' && key !== 'milliseconds');
    if (unknown.length) throw new CarcError(-9, `bot option ${unknown[0]}: not an option (options: iterations, milliseconds)`);
    if (kind !== 'search') throw new CarcError(-14, `bot ${kind} takes no options (only the search bot has a budget)`);
    const iterations = options.iterations ?? 0;
    const milliseconds = options.milliseconds ?? 0;
    if (!Number.isSafeInteger(iterations) || iterations < 0 || iterations > 1e15) {
      throw new CarcError(-2, `bot option iterations=${String(iterations)}: want a whole number, 0 to 10^15`);
    }
    if (typeof milliseconds !== 'number' || !(milliseconds >= 0 && milliseconds <= 1e9)) {
      throw new CarcError(-2, `bot option milliseconds=${String(milliseconds)}: want a number of milliseconds, 0 to 10^9`);
    }
    if (!iterations && !milliseconds) throw new CarcError(-2, 'bot options: give iterations or milliseconds above 0 (a search needs a budget)');
    return { iterations, milliseconds };
  }

  class Bot {
    constructor(kind, game, seed, options) {
      const k = botKinds.findIndex((b) => b.name === kind);
      if (k < 0) throw new CarcError(-9, `no bot named "${kind}" (bots: ${botKinds.map((b) => b.name).join(', ')})`);
      const budget = botBudget(kind, options);
      const [lo, hi] = seedHalves(seed);
      check(m._cj_bot_new(k, game.handle, lo, hi, scratch), `bot ${kind}`);
      this._h = ptr(0);
      if (budget) {
        const r = m._cj_bot_budget(this._h, budget.iterations, budget.milliseconds);
        if (r < 0) {
          m._cj_bot_free(this._h);
          this._h = 0;
          check(r, `bot ${kind} budget`);
        }
      }
      /** The bot's name. */
      this.name = kind;
      if (finalizer) finalizer.register(this, { ptr: this._h, free: m._cj_bot_free }, this);
    }

    /** The bot's move for the current decision of `game` (left unchanged). */
    choose(game) {
      if (!this._h) throw new CarcError(-1, 'this bot was freed');
      const at = moveBuf + (moveCap - 1) * MOVE_SIZE;
      check(m._cj_bot_choose(this._h, game.handle, at), `bot ${this.name}`);
      const mv = readMove(at);
      mv.text = game._format(at);
      return mv;
    }

    /** Chooses a move for `game` and applies it; returns the move. */
    play(game) {
      const mv = this.choose(game);
      game.apply(mv);
      return mv;
    }

    free() {
      if (!this._h) return;
      if (finalizer) finalizer.unregister(this);
      m._cj_bot_free(this._h);
      this._h = 0;
    }
  }
  if (typeof Symbol.dispose === 'symbol') {
    Game.prototype[Symbol.dispose] = Game.prototype.free;
    Bot.prototype[Symbol.dispose] = Bot.prototype.free;
  }

  const engine = {
    /** The library's version, e.g. "0.2.0". */
    version: m.UTF8ToString(m._carc_version()),
    /** Every built-in ruleset. */
    variants: () => variantList.slice(),
    /** One ruleset by name. */
    variant: (name) => variantByName(name),
    /** The bots compiled in: { name, help }. */
    bots: () => botKinds.map((b) => ({ ...b })),
    /** The library's text for a status code. */
    strerror,
    /**
     * Figure kind `kind` as the pictures draw it, in the colour of seat
     * `owner`: SVG elements centred on (x, y), its box of about [-1,1] scaled by `scale`.
     */
    figureSVG: (kind, owner, x = 0, y = 0, scale = 1) => takeText((o, l) => m._cj_figure_svg(kind, owner, x, y, scale, o, l),
      `figure ${kind}`),
    /** The colour the pictures give seat `player` ("#rrggbb"). */
    playerColor: (player) => str(m._cj_player_color(player)),
    /** A new game: { variant, players, seed, rules: { name: value } }. */
    newGame(options = {}) {
      const info = variantByName(options.variant ?? 'base');
      const players = options.players ?? 2;
      const [lo, hi] = seedHalves(options.seed ?? 1);
      const rules = Object.entries(options.rules ?? {});
      for (const [name, value] of rules) {
        if (!Number.isInteger(value)) throw new CarcError(-2, `rule ${name}=${value}: the value must be an integer`);
      }
      const ptrs = rules.map(([name]) => cstr(name));
      const names = m._malloc(4 * rules.length + 4);
      const values = m._malloc(4 * rules.length + 4);
      const vname = cstr(info.name);
      try {
        ptrs.forEach((p, k) => { m.HEAPU32[(names >> 2) + k] = p; });
        rules.forEach(([, v], k) => { i32()[(values >> 2) + k] = v; });
        const r = m._cj_game_new(vname, players, lo, hi, names, values, rules.length, scratch);
        if (r < 0) {
          let why = strerror(r);
          if (r === -2) why += ` (players ${info.minPlayers}..${info.maxPlayers}; options: ${info.options.map((o) => `${o.name} ${o.min}..${o.max}`).join(', ') || 'none'})`;
          if (r === -9) why += ` (options of ${info.name}: ${info.options.map((o) => o.name).join(', ') || 'none'})`;
          throw new CarcError(r, `new ${info.name} game: ${why}`);
        }
        return new Game(ptr(0), info);
      } finally {
        ptrs.forEach((p) => m._free(p));
        m._free(names);
        m._free(values);
        m._free(vname);
      }
    },
    /** Rebuilds a game from save text; a bad text throws a CarcError and nothing is made. */
    loadGame(text) {
      if (typeof text !== 'string') throw new CarcError(-1, 'loadGame wants the save text as a string');
      return withStr(text, (p) => {
        const err = m._malloc(256); // the library's reason: the line of the save and the fault
        try {
          m.HEAPU8[err] = 0;
          const r = m._cj_game_load(p, m.lengthBytesUTF8(text), scratch, err, 256);
          const why = m.UTF8ToString(err);
          if (r < 0) throw new CarcError(r, `load: ${strerror(r)}${why ? `: ${why}` : ''}`);
        } finally {
          m._free(err);
        }
        const g = ptr(0);
        check(m._carc_game_variant(g, scratch), 'carc_game_variant');
        const v = ptr(0);
        const info = variantList.find((x) => variantPtrs.get(x.name) === v);
        return new Game(g, info);
      });
    },
    /**
     * A bot by name (engine.bots()) for games like `game`; `seed` drives its
     * choices among equals. `options` only for "search": its budget a
     * decision, { iterations, milliseconds } (default 250 ms; with
     * iterations alone its games are the same for the same seed).
     */
    newBot(name, game, seed = 1, options = undefined) {
      return new Bot(name, game, seed, options);
    },
    Game,
    Bot,
    CarcError,
  };
  return Object.freeze(engine);
}
