// Shared by the tests: where the native programs are, the rulesets played,
// and the JavaScript twin of test/native/carc-trace.c.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../../..');
export const nativeDir = process.env.CARC_NATIVE_BUILD || path.join(root, 'build-js');

/** Runs a program of the native build and returns its standard output. */
export function native(program, args) {
  const exe = path.join(nativeDir, program);
  if (!existsSync(exe)) {
    throw new Error(`${exe} is missing: run "npm run build" first (it builds the native programs too)`);
  }
  return execFileSync(exe, args.map(String), { encoding: 'utf8', maxBuffer: 64 << 20 });
}

/** Every ruleset, and the options that change how a turn goes. */
export const SETUPS = [
  { variant: 'base', players: 2 },
  { variant: 'base', players: 5 },
  { variant: 'hills-sheep', players: 3 },
  { variant: 'hills-sheep', players: 2, rules: { sheep: 0, hill_tiebreak: 1 } },
  { variant: 'hunters-gatherers', players: 4 },
  { variant: 'discovery', players: 2 },
  { variant: 'discovery', players: 3, rules: { hand: 1 } },
  { variant: 'over-hill-and-dale', players: 3 },
  { variant: 'over-hill-and-dale', players: 2, rules: { scarecrow_sets: 1 } },
];

export const ruleArgs = (rules = {}) => Object.entries(rules).map(([k, v]) => `${k}=${v}`);
export const label = (s) => `${s.variant} ${s.players}p${Object.keys(s.rules || {}).length ? ' ' + ruleArgs(s.rules).join(' ') : ''}`;

const hex = (h) => h.toString(16).padStart(8, '0');

function fnv(h, s) {
  for (const b of Buffer.from(s, 'utf8')) h = Math.imul(h ^ b, 16777619) >>> 0;
  return Math.imul(h ^ 10, 16777619) >>> 0;
}

/**
 * Plays a game through the package, choosing each move with xorshift32
 * seeded by `pick` (or the move texts of `moves`), and returns the lines
 * carc-trace prints for the same game.
 */
export function jsTrace(carc, { variant, players, seed, pick, rules, moves }) {
  const g = carc.newGame({ variant, players, seed, rules });
  let x = pick >>> 0 || 0x9e3779b9;
  const out = [];
  try {
    for (let d = 0; ; d++) {
      const { phase, player } = g.decision();
      if (phase === 'over') break;
      const legal = g.moves();
      let h = 2166136261;
      for (const mv of legal) h = fnv(h, mv.text);
      let m;
      if (moves) {
        if (d >= moves.length) throw new Error('the moves ended before the game');
        m = g.parseMove(moves[d]);
      } else {
        x ^= x << 13; x >>>= 0;
        x ^= x >>> 17;
        x ^= x << 5; x >>>= 0;
        m = legal[x % legal.length];
      }
      const text = m.text;
      g.apply(m);
      const j = fnv(2166136261, g.stateJSON());
      out.push(`${d} p${player} ${phase} n=${legal.length} h=${hex(h)} ${text} j=${hex(j)} | ${g.scores().join(' ')}`);
    }
    out.push(`final: ${g.scores().join(' ')}`);
    return out;
  } finally {
    g.free();
  }
}
