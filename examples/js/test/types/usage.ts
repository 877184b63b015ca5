// Compiled by test/package.test.mjs with tsc --strict --noEmit against
// index.d.ts: the declarations describe the calls as a user makes them.
import load, { CarcError, type BotOptions, type Move, type VariantInfo } from 'carcassonne-engine-unofficial';

async function main(): Promise<number> {
  const carc = await load();
  const names: string[] = carc.variants().map((v: VariantInfo) => v.name);
  const hs = carc.variant('hills-sheep');
  const shepherd: number = hs.figures.findIndex((f) => f.name === 'shepherd');
  const game = carc.newGame({ variant: names[0], players: 3, seed: 42n, rules: {} });
  const bot = carc.newBot(carc.bots()[0].name, game, 1);
  const budget: BotOptions = { iterations: 200 };
  const searcher = carc.bots().some((b) => b.name === 'search') ? carc.newBot('search', game, 2n, budget) : null;
  // @ts-expect-error a budget is a number of iterations, not text
  const wrong: BotOptions = { iterations: '200' };
  try {
    while (game.phase !== 'over') {
      const moves: Move[] = game.moves();
      if (game.player === 0) game.apply(moves[0]);
      else bot.play(game);
    }
    const total: number = game.scores().reduce((a, b) => a + b, 0);
    const text: string = game.save();
    const again = carc.loadGame(text);
    const svg: string = again.toSVG({ tilePx: 48, seed: 42 });
    const pic = again.tileSVG(0, 1, 64);
    const [ax, ay]: [number, number] = pic.anchors[0];
    const log = again.log().filter((e) => e.kind === 'score' && e.reason === 'final');
    const playouts: Int32Array = again.playouts(10, 'seed' === text ? 1 : 2);
    again.free();
    return total + svg.length + ax + ay + log.length + playouts.length + shepherd + (wrong.iterations ?? 0);
  } catch (e) {
    if (e instanceof CarcError) return e.status;
    throw e;
  } finally {
    bot.free();
    searcher?.free();
    game.free();
  }
}

main().then((n) => console.log(n));
