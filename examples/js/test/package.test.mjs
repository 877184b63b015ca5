// The package as npm ships it: its files and size, its name and README
// saying it is unofficial, and its TypeScript declarations.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const pkgDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));

test('npm pack: the module, the .wasm, the declarations, at most 250 KB gzipped', () => {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const [info] = JSON.parse(execFileSync(npm, ['pack', '--dry-run', '--json'], { cwd: pkgDir, encoding: 'utf8' }));
  const files = info.files.map((f) => f.path).sort();
  for (const f of ['index.mjs', 'index.d.ts', 'lib/api.mjs', 'dist/carcassonne-core.mjs', 'dist/carcassonne-core.wasm',
    'README.md', 'LICENSE', 'package.json']) {
    assert.ok(files.includes(f), `${f} is in the package (it has ${files.join(', ')})`);
  }
  assert.ok(!files.some((f) => f.startsWith('test/') || f.startsWith('src/')), 'tests and C sources stay out');
  assert.ok(info.size <= 250 * 1024, `packed size ${info.size} bytes is at most 250 KB`);
  assert.ok(info.size > 50 * 1024, `packed size ${info.size} bytes holds the .wasm`);
});

test('the name and the README say this is an unofficial rules engine', () => {
  assert.match(pkg.name, /unofficial/);
  assert.match(pkg.description, /[Uu]nofficial/);
  const readme = readFileSync(path.join(pkgDir, 'README.md'), 'utf8');
  assert.match(readme.split('\n').slice(0, 5).join('\n'), /unofficial/i);
});

test('index.d.ts: a strict TypeScript program using the package compiles', () => {
  const tsc = path.join(pkgDir, 'node_modules', '.bin', 'tsc');
  assert.ok(existsSync(tsc), 'typescript is installed: run "npm ci" in examples/js first');
  const project = path.join(pkgDir, 'test', 'types', 'tsconfig.json');
  execFileSync(tsc, ['-p', project], { cwd: pkgDir, encoding: 'utf8' });
});

test('index.d.ts declares every method the Game and Engine objects have', async () => {
  const { load } = await import('../index.mjs');
  const carc = await load();
  const dts = readFileSync(path.join(pkgDir, 'index.d.ts'), 'utf8');
  const block = (name) => dts.slice(dts.indexOf(`class ${name} `) >= 0 ? dts.indexOf(`class ${name} `)
    : dts.indexOf(`interface ${name} `)).split('\n}\n')[0];
  const declared = (name, key) => new RegExp(`\\n\\s+(readonly )?${key}[(?:]`).test(block(name));
  const game = carc.newGame();
  const methods = Object.getOwnPropertyNames(Object.getPrototypeOf(game))
    .filter((k) => k !== 'constructor' && !k.startsWith('_') && k !== 'handle');
  for (const k of methods) assert.ok(declared('Game', k), `Game.${k} is declared`);
  for (const k of Object.keys(carc)) assert.ok(declared('Engine', k), `Engine.${k} is declared`);
  game.free();
});
