// Type declarations of carcassonne-engine-unofficial: libcarcassonne, an
// unofficial Carcassonne rules engine, compiled to WebAssembly.
// The C header include/carcassonne.h is the manual of every call below.

/** The library's status codes by number. */
export declare const STATUS: Readonly<Record<string, string>>;

/** An error returned by the library. A call that throws changed nothing. */
export declare class CarcError extends Error {
  constructor(status: number, message: string);
  /** The carc_status number (negative). */
  readonly status: number;
  /** Its name, e.g. "CARC_E_ILLEGAL_MOVE". */
  readonly code: string;
}

/** Options of load(); both are for browsers that do not serve the .wasm beside the module. */
export interface LoadOptions {
  /** The bytes of carcassonne-core.wasm. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Maps a file name ("carcassonne-core.wasm") to the URL to fetch it from. */
  locateFile?: (file: string, prefix: string) => string;
}

/** Instantiates the WebAssembly module. */
export declare function load(options?: LoadOptions): Promise<Engine>;
export default load;

export type Phase = 'tile' | 'figure' | 'action' | 'over';
export type MoveKind = 'tile' | 'figure' | 'pass' | 'action';
export type ViewShape = 'game' | 'player' | 'figure' | 'tile' | 'feature';
export type Seed = number | bigint | string;

export interface FigureKind { readonly name: string; readonly perPlayer: number }
export interface RuleOption {
  readonly name: string; readonly help: string; readonly min: number; readonly max: number; readonly default: number;
}
export interface Bag { readonly name: string; readonly tokens: ReadonlyArray<{ readonly name: string; readonly initial: number }> }
export interface FeatureKind { readonly name: string; readonly color: string }
export interface ActionInfo {
  /** The code in Move.action. */
  readonly code: number;
  /** Its word in move text, e.g. "grow". */
  readonly name: string;
  readonly help: string;
  /** Which arguments follow the name in move text. */
  readonly args: { readonly target: boolean; readonly square: boolean; readonly feature: boolean };
}
export interface ViewInfo { readonly name: string; readonly help: string; readonly shape: ViewShape; readonly length: number }

/** A ruleset as it describes itself. */
export interface VariantInfo {
  readonly name: string;
  readonly title: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly tileCount: number;
  readonly tileTypeCount: number;
  readonly figures: ReadonlyArray<FigureKind>;
  readonly options: ReadonlyArray<RuleOption>;
  /** Scoring categories: the columns of a score sheet. */
  readonly categories: ReadonlyArray<string>;
  readonly bags: ReadonlyArray<Bag>;
  readonly kinds: ReadonlyArray<FeatureKind>;
  readonly actions: ReadonlyArray<ActionInfo>;
  readonly views: ReadonlyArray<ViewInfo>;
}

/** A move: from Game.moves(), Game.parseMove() or a bot. Coordinates grow east (x) and south (y). */
export interface Move {
  kind: MoveKind;
  /** tile: quarter turns clockwise. */
  rotation: number;
  /** figure: figure kind index. */
  figure: number;
  /** figure: feature index on the tile. */
  feature: number;
  x: number;
  y: number;
  /** tile: tile type index. */
  tile: number;
  /** action: the action's code (VariantInfo.actions). */
  action: number;
  /** action: its argument (often a figure id). */
  target: number;
  /** The move in the words of saved games, e.g. "tile K 2 -1 1". */
  text?: string;
}

export interface Decision { phase: Phase; player: number }
export interface PlacedTile { x: number; y: number; type: number; rotation: number; turn: number }
export interface Figure { id: number; owner: number; kind: number; onBoard: boolean; tileIndex: number; feature: number }
export interface Feature {
  kind: string; id: number; tiles: number; openEdges: number; complete: boolean; pointsNow: number;
  /** Figures of each player on it. */
  figures: number[];
}
export interface LogEntry {
  kind: 'score' | 'completed' | 'extra-turn';
  turn: number;
  player: number;
  points: number;
  category: string | null;
  reason: 'completed' | 'final' | 'action';
  tileIndex: number;
  x: number;
  y: number;
  feature: number;
  featureId: string;
  tiles: number;
  complete: boolean;
}
export interface RemovedTile { type: number; reason: 'unplaceable' | 'face-up' | 'hidden' }
export interface TileType {
  readonly name: string;
  readonly count: number;
  readonly isStart: boolean;
  readonly deck: string;
  /** The 12 edge-slot letters, slot 0 first. */
  readonly edges: string;
  readonly features: ReadonlyArray<{
    readonly id: string;
    readonly kind: string;
    /** The 12-bit mask of edge slots it covers (0 inside the tile). */
    readonly slots: number;
    /** Its nonzero attributes by name, e.g. { pennant: 1 } or { "animals.deer": 2 }. */
    readonly attrs: Readonly<Record<string, number>>;
  }>;
}
/** The state document (docs/state-json.md, checked by docs/state.schema.json); members may be added. */
export interface GameState {
  version: number;
  [member: string]: unknown;
}
export interface Projection { totals: number[]; breakdown: number[][] }
export interface TilePicture {
  /** SVG elements covering (0,0)-(size,size); classes styled by Game.tileStyle(). */
  svg: string;
  /** Where a figure on each feature stands, as fractions [x, y] of the square. */
  anchors: Array<[number, number]>;
}
export interface NewGameOptions {
  /** A variant name (Engine.variants()); default "base". */
  variant?: string;
  /** Default 2. */
  players?: number;
  /** Seed of the game's generator; default 1. */
  seed?: Seed;
  /** Ruleset options by name. */
  rules?: Record<string, number>;
}

/** One game. It owns memory inside the module: call free() when done. */
export declare class Game {
  private constructor();
  readonly variant: VariantInfo;
  readonly players: number;
  /** The phase of the current decision (may draw the turn's tile). */
  readonly phase: Phase;
  /** The player who decides now. */
  readonly player: number;
  free(): void;
  clone(): Game;
  decision(): Decision;
  isOver(): boolean;
  /** Seats with the highest score; throws CARC_E_PHASE before the end. */
  winners(): number[];
  drawnTile(): number | null;
  hand(player: number): number[];
  /** Every legal move of the current decision, with their text unless `{ text: false }`; [] once the game is over. */
  moves(options?: { text?: boolean }): Move[];
  moveCount(): number;
  formatMove(move: Move): string;
  parseMove(text: string): Move;
  /** Plays a move object or move text; an illegal move throws CarcError and changes nothing. */
  apply(move: Move | string): void;
  score(player: number): number;
  scores(): number[];
  breakdown(player: number): number[];
  projection(): Projection;
  tiles(): PlacedTile[];
  tile(index: number): PlacedTile;
  tileAt(x: number, y: number): number;
  lastTile(): number;
  figures(): Figure[];
  supply(player: number, kind: number | string): number;
  figurePoints(figure: number): number;
  feature(tileIndex: number, feature: number): Feature;
  view(view: number | string, owner?: number): number[];
  tokens(bag: number | string, player?: number): number[];
  removed(): RemovedTile[];
  deckRemaining(deck?: number): number;
  log(from?: number): LogEntry[];
  tileTypes(): ReadonlyArray<TileType>;
  /** The public state as the library's JSON document (docs/state-json.md); nothing hidden in it. */
  stateJSON(): string;
  /** stateJSON() parsed; the document is versioned by its `version` member. */
  state(): GameState;
  /** The exact replay text; it reveals future draws, so keep it from players during a game. */
  save(): string;
  setNextTile(type: number): void;
  setNextToken(bag: string, token: number): void;
  reseed(seed: Seed): void;
  /** n random games to the end from here: scores[i * players + p]. The game is unchanged. */
  playouts(n: number, seed?: Seed): Int32Array;
  /** Benchmark helper: n random games move by move inside WebAssembly; returns the decisions played. */
  randomGames(n: number, seed?: number): number;
  toSVG(options?: { tilePx?: number; seed?: Seed; note?: string }): string;
  tileSVG(type: number, rotation?: number, size?: number): TilePicture;
  tileStyle(size?: number): string;
}

/** A bot. It owns memory inside the module: call free() when done. */
export declare class Bot {
  private constructor();
  readonly name: string;
  /** Its move for the current decision of the game (left unchanged). */
  choose(game: Game): Move;
  /** choose() then apply(). */
  play(game: Game): Move;
  free(): void;
}

export interface BotInfo { name: string; help: string }

/**
 * Options of newBot(), for the "search" bot only: its budget a decision,
 * whichever ends first; one left out is no limit, and at least one is
 * above 0. Without them a search bot thinks 250 ms a decision. With
 * `iterations` alone its moves depend only on the seed and the game.
 */
export interface BotOptions {
  /** New iterations of the tree search a decision (a whole number). */
  iterations?: number;
  /** Wall-clock milliseconds a decision. */
  milliseconds?: number;
}

/** What load() resolves to. */
export interface Engine {
  /** The library's version, e.g. "0.2.0". */
  readonly version: string;
  variants(): VariantInfo[];
  /** Throws CARC_E_NOT_FOUND for an unknown name. */
  variant(name: string): VariantInfo;
  /** The bots compiled in ("greedy", "random", ...). */
  bots(): BotInfo[];
  strerror(status: number): string;
  /** Figure kind `kind` as pictures draw it, in seat `owner`'s colour: SVG elements centred on (x, y), a box of about [-1,1] scaled by `scale`. */
  figureSVG(kind: number, owner: number, x?: number, y?: number, scale?: number): string;
  /** The colour pictures give seat `player`, "#rrggbb". */
  playerColor(player: number): string;
  newGame(options?: NewGameOptions): Game;
  /** Rebuilds a game from save text; bad text throws CarcError (CARC_E_PARSE, ...) whose message names the line at fault. */
  loadGame(text: string): Game;
  /** Throws CARC_E_NOT_FOUND for an unknown name, CARC_E_INVALID for options to a bot that takes none, CARC_E_RANGE for a bad budget. */
  newBot(name: string, game: Game, seed?: Seed, options?: BotOptions): Bot;
  readonly Game: typeof Game;
  readonly Bot: typeof Bot;
  readonly CarcError: typeof CarcError;
}
