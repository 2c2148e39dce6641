// A game on disk, as a JavaScript object: every command that reads or changes a game is a method here, returning
// the object `--json` prints and throwing the typed errors of src/errors.ts. The command line calls these methods
// and only parses flags, prompts and prints. A Game holds no state of its own but the path: every method reads the
// file afresh (another process, `badzone play` or a shell, may have changed it), and every change takes the lock.
import { RefusedError, UsageError } from '../errors.js';
import {
  createGame as engineCreate,
  defaultSetup,
  logNotes,
  redo as engineRedo,
  replay,
  ReplayError,
  setManualDice,
  setStory,
  step,
  undo as engineUndo,
  verify as engineVerify,
  type RoundReport,
} from '../engine/index.js';
import { emptyStory, type EnteredDie, type SessionState } from '../engine/state.js';
import { pathMarksProblem } from '../engine/markers.js';
import type { RuleBook } from '../rules/book.js';
import { create, load, loadForChecking, noSession, sessionPath, tryLoad } from '../store/session.js';
import { mutate } from '../store/session.js';
import { exists } from '../store/files.js';
import { bookFor, shippedTables } from '../store/tables.js';
import { diceValues, eventArg, tileNames, wholeNumber } from './args.js';
import { commit, refusalError, type ActionOf, type Ask } from './commit.js';
import { isCoded, why } from './codes.js';
import { resolveSetup, siteTiles, storyWith, type NewGameOptions, type StoryOptions } from './setup.js';
import { mapSites } from './map-sites.js';
import { SITE_KINDS, type SitesAt } from '../engine/state.js';
import type {
  BattlefieldView,
  CollapseData,
  DetailsData,
  DiceModeData,
  DiscardData,
  EndData,
  FighterData,
  HazardView,
  LogData,
  MapData,
  MapMarker,
  MarkerData,
  NewData,
  OrientationData,
  PlaceData,
  RedoData,
  RenameData,
  RevealData,
  RoundData,
  SitesData,
  StatusData,
  UndoData,
  VerifyData,
  VisibilityData,
} from './types.js';
import {
  applyNow,
  battlefieldView,
  CONTRACT,
  dueInEndPhase,
  eventPhaseView,
  firstScatter,
  hazardView,
  inPlayView,
  newEventCard,
  roundNotes,
  seedFields,
  summary,
  visibilityView,
} from './views.js';
import { buildReport, type ReportData } from './report.js';
import { gameStatus } from './read.js';
import { changedMarkers, mapView, markerView } from './map.js';
import * as path from 'node:path';
import { commitmentOf, committedText, freshSalt, osRandomSeed } from './seed.js';
import type { Seed } from '../dice/rng.js';
import { echo } from '../rules/limits.js';
import { EDGES, isEdge, type Edge } from '../rules/orientation.js';

/** Where and how the library works: the folder relative paths start from, and where fresh seeds come from. */
export interface GameContext {
  /** Relative session and table paths start here (default: process.cwd()). */
  cwd?: string;
  /**
   * A fresh seed for a new game or roll (default: 128 bits from the operating system, in base32, for ChaCha20). A
   * number seeds the Mersenne Twister instead (tests that pin dice); a hidden seed must be text (ChaCha20).
   */
  randomSeed?: () => Seed;
  /** The clock, for the names of backup files (default: now). */
  now?: () => Date;
}

export interface OpenOptions extends GameContext {
  /** `round` starts a game with the defaults when the file does not exist yet (as `badzone round` does). */
  createIfMissing?: boolean;
}

// EnteredDie, the engine's: a die rolled at the table, or null for "badzone rolls this one" (logged as rolled).
export type { EnteredDie };

export interface RoundOptions {
  /**
   * Dice rolled at the table for this round's Event Phase, in the order badzone asks for them; the rest are rolled.
   * While the last round's End Phase is open and needs dice, giving these without `endDice` is refused (UsageError,
   * naming the End Phase's rolls): a die rolled for the new round never goes into the old End Phase.
   */
  dice?: EnteredDie[];
  /** Dice for the last round's End Phase when it is still open (resolved first); refused when none is open. */
  endDice?: EnteredDie[];
  /** Tiles that hold player models (for Collapsed Section). */
  occupied?: string[];
  /** Ask a person for dice or occupied tiles not given (see Ask). */
  ask?: Ask;
}

export interface DiceOptions {
  /** Dice rolled at the table, in the order badzone asks for them (null: badzone rolls that one); the rest are rolled. */
  dice?: EnteredDie[];
  ask?: Ask;
}

/** The right tile for the last unconfirmed tile pick (Collapsed Section): the tile, or the occupied tiles to roll among the others. */
export type CollapseOptions =
  | { tile: string; occupied?: undefined }
  | ({ occupied: string[]; tile?: undefined } & DiceOptions);

/** The session file a path names: a folder (or a path ending in a slash) means badzone-session.json inside it. */
export function resolveSessionPath(file: string, cwd: string = process.cwd()): string {
  if (typeof file !== 'string' || file.trim() === '')
    throw new UsageError('Give the path of a session file.', why('bad-option', { option: 'path', given: file }));
  return sessionPath(file, {}, cwd);
}

/** Open the game at `file`. Throws NoSessionError (exit 3) when there is none, unless `createIfMissing`. */
export async function openGame(file: string, opts: OpenOptions = {}): Promise<Game> {
  const full = resolveSessionPath(file, opts.cwd);
  if (!opts.createIfMissing && !exists(full)) {
    // Reading says why when the path itself is wrong (a file where a folder should be, no permission).
    tryLoad(full);
    throw noSession(full);
  }
  return new Game(full, opts);
}

export { type GameRead, loadGame, readGame } from './read.js';

/** Set up a new game at `file` (a folder means badzone-session.json inside it); `game.created` holds what `new` shows. */
export async function newGame(file: string, opts: NewGameOptions & GameContext = {}): Promise<Game> {
  const cwd = opts.cwd ?? process.cwd();
  const full = resolveSessionPath(file, cwd);
  const setup = resolveSetup(opts, cwd, opts.randomSeed ?? osRandomSeed);
  if (opts.hiddenSeed === true) {
    // The commitment hides a seed only if the seed cannot be found from the rolls: ChaCha20's can't be.
    if (setup.generator !== 'chacha20')
      throw new UsageError(
        `A hidden seed keys ChaCha20, but the fresh seed given was ${echo(String(setup.seed))} (a Mersenne Twister seed, found from a few rolls).`,
        why('hidden-seed-not-chacha', { seed: String(setup.seed) }),
      );
    const salt = freshSalt();
    setup.hiddenSeed = { salt, commitment: commitmentOf(setup.seed, salt), revealed: false };
  }
  const story = storyWith(emptyStory(), opts.story);
  const book = bookFor(setup);
  const state = setStory(engineCreate(setup, book), story);
  const stamp = (opts.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-');
  const { backup } = create(full, state, opts.force === true, stamp);
  const { table, visibilityTable, seed: _seed, generator: _generator, hiddenSeed: _hidden, ...rest } = setup;
  const created: NewData = {
    kind: 'new',
    schema: CONTRACT,
    ...summary(full, state, book),
    backup,
    setup: {
      ...rest,
      table: table ? `${table.name} (${opts.table ?? 'own table'})` : shippedTables().events.name,
      visibilityTable: visibilityTable
        ? `${visibilityTable.name} (${opts.visibilityTable ?? 'own table'})`
        : shippedTables().visibility.name,
    },
    hazardRoll: state.hazard?.roll ?? null,
    clarifications: book.events.clarifications ?? [],
    story: state.story,
  };
  const game = new Game(full, opts);
  game.created = created;
  return game;
}

/** `verify` on a game already read: replay it, and check the commitment when one is given. */
function verifyLoaded(
  file: string,
  state: SessionState,
  book: RuleBook,
  opts: { commitment?: string },
  pathMarks?: unknown,
): VerifyData {
  const given = opts.commitment === undefined ? undefined : commitmentArg(opts.commitment);
  let r = engineVerify(state, book);
  // The file's cached path points, which a command would draw from were its hash to match, must be the paths' own.
  const marks = r.ok ? pathMarksProblem(state, pathMarks) : null;
  if (marks !== null) r = { ...r, ok: false, problem: marks, seq: null };
  const base = { kind: 'verify' as const, schema: CONTRACT, session: file, ...seedFields(state.setup) };
  if (given === undefined) return { ...base, ...r, commitmentChecked: null };
  const h = state.setup.hiddenSeed;
  let problem: string | null = null;
  if (!h) problem = 'this game has no commitment: it was not started with a hidden seed';
  else if (h.commitment !== given)
    problem = `the game's commitment is ${h.commitment}, not ${given}: this is not the game that was committed to`;
  else if (commitmentOf(state.setup.seed, h.salt) !== given)
    problem =
      'the seed and salt in the file do not hash to the commitment: the seed (or the salt) was changed after the game was started';
  const checked = { given, matches: problem === null };
  if (problem !== null)
    return {
      ...base,
      ...r,
      ok: false,
      problem: r.ok ? problem : `${problem}; and ${r.problem}`,
      seq: r.ok ? null : r.seq,
      commitmentChecked: checked,
    };
  return { ...base, ...r, commitmentChecked: checked };
}

/**
 * Check a session file, or the session inside a battle report (`badzone report --format json`), against its seed
 * (and a commitment, when given): `game.verify()` for a file that need not be a game to play on. Reads only.
 */
export async function verifyFile(file: string, opts: GameContext & { commitment?: string } = {}): Promise<VerifyData> {
  const full = path.resolve(opts.cwd ?? process.cwd(), file);
  const { state, book, pathMarks } = loadForChecking(full);
  return verifyLoaded(
    full,
    state,
    book,
    opts.commitment !== undefined ? { commitment: opts.commitment } : {},
    pathMarks,
  );
}

export class Game {
  /** What `newGame` made (the `new --json` object); null for a game opened with `openGame`. */
  created: NewData | null = null;
  private readonly randomSeed: () => Seed;

  constructor(
    /** The session file's absolute path. */
    readonly file: string,
    private readonly opts: OpenOptions = {},
  ) {
    this.randomSeed = opts.randomSeed ?? osRandomSeed;
  }

  /**
   * Where the game stands: round, phase, events in play, visibility, hazard, tiles, rosters. `full` adds the rules
   * text of each event in play and the event table's clarifications.
   */
  async status(opts: { full?: boolean } = {}): Promise<StatusData> {
    return gameStatus(this.file, opts);
  }

  /** The game's Hazard in full, with its Home Turf Ploy and when that may be enacted (null: no Hazard). */
  async hazard(): Promise<HazardView | null> {
    const { state, book } = load(this.file);
    return hazardView(state, book);
  }

  /**
   * The current round's Event Phase as it was when the round started (`badzone play` resuming mid-round):
   * replayed from the log up to that step, so its rolls and picks are the ones made; the events in play, the
   * visibility and what is due are the game's now. The End Phase resolved before it is not repeated. Refused
   * before round 1.
   */
  async currentRound(): Promise<RoundData> {
    const { state, book } = load(this.file);
    const at = state.log.map((e) => e.action.type).lastIndexOf('round');
    if (at < 1 || state.log[at]!.round !== state.round)
      throw new RefusedError(`No round has started yet in ${this.file}.`, why('no-round-started', { file: this.file }));
    let report: RoundReport;
    let after: SessionState;
    let markers: MapMarker[];
    try {
      const before = replay(
        state.setup,
        state.log.slice(1, at).map((e) => e.action),
        book,
      );
      const r = step(before, state.log[at]!.action, book);
      if (!r.ok || r.report.kind !== 'round') throw new ReplayError(`log entry ${at} (round) no longer applies`, at);
      report = r.report;
      after = r.state;
      markers = changedMarkers(before, after);
    } catch (e) {
      if (e instanceof ReplayError)
        throw new RefusedError(
          `Round ${state.round}'s Event Phase does not follow from the log: ${e.message}.`,
          why('log-does-not-follow', { doing: 'round', round: state.round, seq: e.seq, problem: e.message }),
        );
      throw e;
    }
    return this.roundView(state, book, { ...report, endPhase: null }, battlefieldView(after), false, at, markers);
  }

  /** The next round: the last round's End Phase first if it is still open, then the Event Phase. */
  async round(opts: RoundOptions = {}): Promise<RoundData> {
    const dice = diceValues(opts.dice, 'dice');
    const endDice = diceValues(opts.endDice, 'endDice');
    // Checked against this game's tiles, or the default tiles of the game `round` would start.
    // Any tile of the battlefield may be named, collapsed ones too (a GM listing where models stand need not know).
    let occupied: string[] | undefined;
    if (opts.occupied !== undefined)
      occupied = tileNames(
        opts.occupied,
        tryLoad(this.file)?.state.setup.tiles ?? defaultSetup(0).tiles,
        'The occupied tiles',
      );
    const action: ActionOf<'round'> = {
      type: 'round',
      ...(occupied ? { occupied } : {}),
      ...(dice ? { dice } : {}),
      ...(endDice ? { endDice } : {}),
    };
    const c = await commit(this.file, action, {
      ask: opts.ask,
      createIfMissing: this.opts.createIfMissing === true,
      randomSeed: this.randomSeed,
    });
    return this.roundView(
      c.state,
      c.book,
      c.report,
      battlefieldView(c.state),
      c.created !== null,
      c.state.log.length - 1,
      changedMarkers(c.before, c.state),
    );
  }

  /**
   * A round's view: its report, the battlefield right after its Event Phase, and the game as it stands in `state`.
   * `seq`: the round's log entry.
   */
  private roundView(
    state: SessionState,
    book: RuleBook,
    r: RoundReport,
    battlefield: BattlefieldView,
    startedNew: boolean,
    seq: number,
    markers: MapMarker[],
  ): RoundData {
    const inPlay = inPlayView(state, book);
    return {
      kind: 'round',
      schema: CONTRACT,
      session: this.file,
      startedNew,
      round: r.round,
      phase: state.phase,
      mode: state.setup.mode,
      ...seedFields(state.setup),
      endPhase: r.endPhase,
      eventPhase: eventPhaseView(r),
      inPlay,
      visibility: visibilityView(state, book),
      hazard: hazardView(state, book),
      dueInEndPhase: dueInEndPhase(state, book),
      notes: r.notes,
      newEvent: newEventCard(r, book),
      roundNotes: roundNotes(book),
      battlefield,
      applyNow: applyNow(r.round, r.eventPhase.resolved, inPlay, battlefield, book),
      firstScatter: firstScatter(state.log, seq, state.orientation),
      markers,
    };
  }

  /** This round's End Phase: End-Phase effects, then the discard rolls. */
  async end(opts: DiceOptions = {}): Promise<EndData> {
    const dice = diceValues(opts.dice, 'dice');
    const c = await commit(
      this.file,
      { type: 'end', ...(dice ? { dice } : {}) },
      { ask: opts.ask, randomSeed: this.randomSeed },
    );
    const r = c.report;
    return {
      kind: 'end',
      schema: CONTRACT,
      session: this.file,
      round: r.round,
      triggers: r.triggers,
      checks: r.checks,
      battlefield: battlefieldView(c.state),
      phase: c.state.phase,
      ...seedFields(c.state.setup),
      inPlay: inPlayView(c.state, c.book),
      visibility: visibilityView(c.state, c.book),
      firstScatter: firstScatter(c.state.log, c.state.log.length - 1, c.state.orientation),
      markers: changedMarkers(c.before, c.state),
    };
  }

  /** Back to the state before the last command that changed the game, dice position included. */
  async undo(): Promise<UndoData> {
    return mutate(this.file, (loaded) => {
      if (!loaded) throw noSession(this.file);
      let u: ReturnType<typeof engineUndo>;
      try {
        u = engineUndo(loaded.state, loaded.book, loaded.before());
      } catch (e) {
        // A hand-edited log whose actions no longer apply: say which entry, change nothing.
        if (e instanceof ReplayError)
          throw new RefusedError(
            `Cannot undo: ${e.message}. Nothing was changed.`,
            why('log-does-not-follow', { doing: 'undo', round: loaded.state.round, seq: e.seq, problem: e.message }),
          );
        throw e;
      }
      if (!u) throw new RefusedError('Nothing to undo: the game is as it was set up.', why('nothing-to-undo', {}));
      const result: UndoData = {
        kind: 'undo',
        schema: CONTRACT,
        ...summary(this.file, u.state, loaded.book),
        undone: u.undone,
        remaining: u.state.log.length - 1,
        redoable: u.state.redo.length,
      };
      return { state: u.state, result, checkpoints: u.checkpoints };
    });
  }

  /**
   * The step undone last, again (of those undone since the last new step): the same action, entered dice and
   * occupied tiles, and so the same rolls. The redo list is kept in the session file, so this works in a later
   * process; any new step clears it.
   */
  async redo(): Promise<RedoData> {
    return mutate(this.file, (loaded) => {
      if (!loaded) throw noSession(this.file);
      const r = engineRedo(loaded.state, loaded.book);
      if (r === null)
        throw new RefusedError(
          'Nothing to redo: no step was undone since the last new one.',
          why('nothing-to-redo', {}),
        );
      if (!r.ok) throw refusalError(r.refusal);
      const result: RedoData = {
        kind: 'redo',
        schema: CONTRACT,
        ...summary(this.file, r.state, loaded.book),
        redone: r.record,
        notes: r.notes,
        redoable: r.state.redo.length,
      };
      return { state: r.state, result };
    });
  }

  /**
   * "Enter my own dice from now on" (`manual: true`) or "let badzone roll" (false), kept in the session so it
   * still holds after quitting and resuming; without `manual`, only says which it is. Not a step of the game:
   * it is not logged, undone or redone.
   */
  async diceMode(opts: { manual?: boolean } = {}): Promise<DiceModeData> {
    if (opts.manual === undefined)
      return {
        kind: 'dice',
        schema: CONTRACT,
        session: this.file,
        manualDice: load(this.file).state.manualDice,
        changed: false,
      };
    if (typeof opts.manual !== 'boolean')
      throw new UsageError(
        'manual is true (enter your own dice) or false (badzone rolls).',
        why('bad-option', { option: 'manual', given: opts.manual }),
      );
    const manual = opts.manual;
    return mutate(this.file, (loaded) => {
      if (!loaded) throw noSession(this.file);
      const changed = loaded.state.manualDice !== manual;
      const result: DiceModeData = { kind: 'dice', schema: CONTRACT, session: this.file, manualDice: manual, changed };
      return { state: changed ? setManualDice(loaded.state, manual) : null, result };
    });
  }

  /**
   * The GM's title, date, scenario and result for the battle report; `set` sets the fields it gives (text) or clears
   * them (null), the others staying as they are. Kept in the session, but not a step of the game: not logged, undone
   * or redone, and the dice and what `verify` checks are the same without it.
   */
  async details(opts: { set?: StoryOptions } = {}): Promise<DetailsData> {
    const base = { kind: 'details' as const, schema: CONTRACT, session: this.file };
    if (opts.set === undefined) return { ...base, story: load(this.file).state.story, changed: false };
    storyWith(emptyStory(), opts.set); // refused before the lock is taken
    return mutate(this.file, (loaded) => {
      if (!loaded) throw noSession(this.file);
      const story = storyWith(loaded.state.story, opts.set);
      const changed = JSON.stringify(story) !== JSON.stringify(loaded.state.story);
      return { state: changed ? setStory(loaded.state, story) : null, result: { ...base, story, changed } };
    });
  }

  /** Whether the game prefers the GM's own dice (false when there is no game yet). */
  async prefersManualDice(): Promise<boolean> {
    return tryLoad(this.file)?.state.manualDice ?? false;
  }

  /** Rename a fighter (`fighter`, in `gang` when two gangs share the name) or a gang (`gang` alone). A logged step. */
  async rename(opts: { fighter?: string; gang?: string; to: string }): Promise<RenameData> {
    const text = (v: unknown, name: string): string | undefined => {
      if (v === undefined) return undefined;
      if (typeof v !== 'string' || v.trim() === '' || v.length > 200)
        throw new UsageError(
          `${name} is a name of 1 to 200 characters.`,
          why('bad-option', { option: name, given: v }),
        );
      return v.trim();
    };
    const fighter = text(opts.fighter, 'fighter');
    const gang = text(opts.gang, 'gang');
    const to = text(opts.to, 'to');
    if (to === undefined)
      throw new UsageError('Give the new name (to).', why('missing-option', { option: 'to', choices: null }));
    if (fighter === undefined && gang === undefined)
      throw new UsageError('Say which fighter or gang to rename.', why('rename-what', {}));
    const c = await commit(
      this.file,
      { type: 'rename', to, ...(fighter !== undefined ? { fighter } : {}), ...(gang !== undefined ? { gang } : {}) },
      { randomSeed: this.randomSeed },
    );
    return { ...c.report, schema: CONTRACT, session: this.file, gangs: c.state.gangs };
  }

  /**
   * Record the right tile for the last unconfirmed tile pick (Collapsed Section made with no occupied tiles known):
   * name the tile, or give the occupied tiles and badzone rolls among the others (`dice`/`ask` for your own die).
   * The log keeps both the first pick and this correction.
   */
  async collapse(opts: CollapseOptions): Promise<CollapseData> {
    const known = load(this.file).state.setup.tiles;
    let action: ActionOf<'collapse'>;
    let ask: Ask | undefined;
    if (opts.tile !== undefined) {
      if (typeof opts.tile !== 'string' || opts.tile.trim() === '')
        throw new UsageError(
          'tile is a tile name, like "B2".',
          why('bad-option', { option: 'tile', given: opts.tile }),
        );
      if (opts.occupied !== undefined)
        throw new UsageError(
          'Name the right tile, or give the occupied tiles for badzone to roll among the others (not both).',
          why('tile-or-occupied', {}),
        );
      action = { type: 'collapse', tile: opts.tile.trim().toUpperCase() };
    } else {
      const occupied = tileNames(opts.occupied, known, 'The occupied tiles');
      if (occupied === undefined)
        throw new UsageError(
          'Name the right tile, or give the occupied tiles for badzone to roll among the others.',
          why('tile-or-occupied', {}),
        );
      const dice = diceValues(opts.dice, 'dice');
      action = { type: 'collapse', occupied, ...(dice ? { dice } : {}) };
      ask = opts.ask;
    }
    const c = await commit(this.file, action, { ask, randomSeed: this.randomSeed });
    const rolls = c.state.log[c.state.log.length - 1]!.rolls;
    return {
      ...c.report,
      schema: CONTRACT,
      session: this.file,
      rolls,
      tilePicks: c.state.tilePicks,
    };
  }

  /** Every command that changed the game, every die rolled or entered, with what it was for (`round`: only that round). */
  async log(opts: { round?: number } = {}): Promise<LogData> {
    const round = opts.round === undefined ? null : wholeNumber(opts.round, 'round', 0, 10_000_000);
    const { state, book } = load(this.file);
    const notes = logNotes(state, book);
    const all = state.log.map((r, i) => ({ ...r, notes: notes[i] ?? [] }));
    const entries = round === null ? all : all.filter((r) => r.round === round);
    return { kind: 'log', schema: CONTRACT, session: this.file, ...seedFields(state.setup), round, entries };
  }

  /**
   * Replay the log from the seed and setup: does every roll, and the state, follow? (`ok: false` says what does not.)
   * With `commitment` (the hash the players were shown at the start), also check that it is this game's
   * commitment and that the seed and salt in the file hash to it: then every die badzone rolled came from the committed
   * seed (`fromSeed`; the dice entered by hand, `entered`, come from no seed).
   */
  async verify(opts: { commitment?: string } = {}): Promise<VerifyData> {
    const { state, book, pathMarks } = load(this.file, { trust: false });
    return verifyLoaded(this.file, state, book, opts, pathMarks);
  }

  /**
   * The game as a record for a campaign (`badzone report`): setup, Hazard, each round's events, dice and End Phase,
   * the seed (or, while it is hidden, its commitment), and the session, so that `verifyFile` can check the record.
   * `version`: the badzone that wrote it.
   */
  async report(version: string): Promise<ReportData> {
    const { state, book } = load(this.file);
    return buildReport(this.file, state, book, version);
  }

  /** Show the hidden seed and its salt, so that anyone can check the commitment; from now on outputs show the seed. */
  async reveal(): Promise<RevealData> {
    return mutate(this.file, (loaded) => {
      if (!loaded) throw noSession(this.file);
      const h = loaded.state.setup.hiddenSeed;
      if (!h)
        throw new RefusedError(
          `The seed of this game was never hidden: it is ${loaded.state.setup.seed}.`,
          why('seed-not-hidden', { seed: String(loaded.state.setup.seed) }),
        );
      const { seed, generator } = loaded.state.setup;
      const result: RevealData = {
        kind: 'reveal',
        schema: CONTRACT,
        session: this.file,
        seed: String(seed),
        generator,
        salt: h.salt,
        commitment: h.commitment,
        hashed: committedText(seed, h.salt),
        firstReveal: !h.revealed,
      };
      if (h.revealed) return { state: null, result };
      const setup = { ...loaded.state.setup, hiddenSeed: { ...h, revealed: true } };
      return { state: { ...loaded.state, setup }, result };
    });
  }

  /** Take an event out of play by hand (id, D64 number or name). */
  async discard(event: string | number): Promise<DiscardData> {
    const eventId = eventArg(load(this.file).book, event);
    // An event no longer in play may still have left something on the battlefield (Treasure's casket): that goes.
    const c = await commit(this.file, { type: 'discard', eventId }, { randomSeed: this.randomSeed });
    const r = c.report;
    const out: DiscardData = {
      kind: 'discard',
      schema: CONTRACT,
      session: this.file,
      eventId: r.eventId,
      name: r.name,
      inPlay: inPlayView(c.state, c.book),
    };
    if (r.stays) out.stays = r.stays;
    if (r.removed) out.removed = r.removed;
    return out;
  }

  /** Put a persistent event into play by hand; its on-draw rolls are made. */
  async place(event: string | number, opts: DiceOptions = {}): Promise<PlaceData> {
    const eventId = eventArg(load(this.file).book, event);
    const dice = diceValues(opts.dice, 'dice');
    const c = await commit(
      this.file,
      { type: 'place', eventId, ...(dice ? { dice } : {}) },
      { ask: opts.ask, randomSeed: this.randomSeed },
    );
    const r = c.report;
    return {
      kind: 'place',
      schema: CONTRACT,
      session: this.file,
      eventId: r.eventId,
      name: r.name,
      outcomes: r.outcomes,
      inPlay: inPlayView(c.state, c.book),
      firstScatter: firstScatter(c.state.log, c.state.log.length - 1, c.state.orientation),
      markers: changedMarkers(c.before, c.state),
    };
  }

  /** The visibility, with the table's levels; `set` (a level's id or name) changes it. */
  async visibility(opts: { set?: string } = {}): Promise<VisibilityData> {
    const loaded = load(this.file);
    const levels = loaded.book.visibility.levels;
    if (opts.set === undefined) {
      return {
        kind: 'visibility',
        schema: CONTRACT,
        session: this.file,
        changed: false,
        from: null,
        visibility: visibilityView(loaded.state, loaded.book),
        levels,
      };
    }
    if (typeof opts.set !== 'string' || opts.set.trim() === '')
      throw new UsageError(
        `Say which level: ${levels.map((l) => l.id).join(', ')}.`,
        why('missing-option', { option: 'set', choices: levels.map((l) => l.id) }),
      );
    const wanted = opts.set.trim().toLowerCase();
    const match = levels.find((l) => l.id === wanted || l.name.toLowerCase() === wanted);
    if (!match)
      throw new UsageError(
        `There is no visibility level "${echo(String(opts.set))}". Levels: ${levels.map((l) => l.id).join(', ')}.`,
        why('no-such-level', { level: String(opts.set), levels: levels.map((l) => l.id) }),
      );
    const c = await commit(this.file, { type: 'visibility', level: match.id }, { randomSeed: this.randomSeed });
    const from = c.report.from;
    return {
      kind: 'visibility',
      schema: CONTRACT,
      session: this.file,
      changed: true,
      from,
      visibility: visibilityView(c.state, c.book),
      levels,
    };
  }

  /**
   * Where 12 o'clock points; `twelve` (an edge: far, right, near or left, seen from the GM's seat with row A along
   * the far edge) changes it from now on. A step of the game: logged, undone and redone like any other. It rolls
   * nothing, but where a later scatter lands on the board follows from it.
   */
  async orientation(opts: { twelve?: Edge } = {}): Promise<OrientationData> {
    const base = { kind: 'orientation' as const, schema: CONTRACT, session: this.file };
    const now = load(this.file).state.orientation;
    // Asked for where it already points: nothing to log.
    if (opts.twelve === undefined || opts.twelve === now.twelve)
      return { ...base, orientation: now, from: null, changed: false };
    if (!isEdge(opts.twelve))
      throw new UsageError(
        `twelve is the edge 12 o'clock points to: ${EDGES.join(', ')}; not "${echo(String(opts.twelve))}".`,
      );
    const c = await commit(this.file, { type: 'orientation', twelve: opts.twelve }, { randomSeed: this.randomSeed });
    return { ...base, orientation: c.state.orientation, from: c.report.from, changed: true };
  }

  /**
   * Where the spawn points, Beast Lairs and large structures stand, each by number with its tile (null: not given).
   * Each list given (one tile of the layout per thing, in number order; several may share a tile) sets where they
   * stand from now on, null takes it back. A step of the game (logged, undone and redone); positions as they
   * already are change nothing and log nothing.
   */
  async sites(
    opts: { spawnAt?: string[] | null; lairsAt?: string[] | null; structuresAt?: string[] | null } = {},
  ): Promise<SitesData> {
    const action: ActionOf<'sites'> = { type: 'sites' };
    for (const k of SITE_KINDS) {
      const v = opts[k];
      if (v !== undefined) action[k] = v === null ? null : siteTiles(v, k);
    }
    const shown = (state: SessionState, changed: SitesData['changed'], from: SitesAt | null): SitesData => ({
      kind: 'sites',
      schema: CONTRACT,
      session: this.file,
      ...mapSites(state),
      changed,
      from,
    });
    if (SITE_KINDS.every((k) => action[k] === undefined)) return shown(load(this.file).state, [], null);
    try {
      const c = await commit(this.file, action, { randomSeed: this.randomSeed });
      return shown(c.state, c.report.changed, c.report.from);
    } catch (e) {
      // Already where they were said to stand: nothing to log.
      if (isCoded(e) && e.code === 'sites-unchanged') return shown(load(this.file).state, [], null);
      throw e;
    }
  }

  /** The battlefield map: the tiles as laid out, every marker and where it landed, the numbered sites (issue 22). */
  async map(): Promise<MapData> {
    const { state } = load(this.file);
    return { kind: 'map', schema: CONTRACT, ...mapView(state) };
  }

  /**
   * The GM's word about a marker (its number, as the map gives it): `clear` takes it off the battlefield (`'all'`:
   * every marker), `move` puts it at the center of `tile`, `carry` says a fighter of `gang` (`fighter`, when named)
   * holds it. A step of the game: logged, undone and redone like any other.
   */
  async marker(
    op: 'clear' | 'move' | 'carry',
    which: number | 'all',
    opts: { tile?: string; gang?: string; fighter?: string } = {},
  ): Promise<MarkerData> {
    if (op !== 'clear' && op !== 'move' && op !== 'carry')
      throw new UsageError(
        `What to do with the marker? clear, move or carry, not "${echo(String(op))}".`,
        why('bad-option', { option: 'op', given: op }),
      );
    if (!(which === 'all' && op === 'clear') && !(Number.isInteger(which) && (which as number) >= 1))
      throw new UsageError(
        `A marker is named by its number on the map${op === 'clear' ? ' (or all)' : ''}, not "${echo(String(which))}".`,
        why('bad-option', { option: 'marker', given: which }),
      );
    let action: ActionOf<'marker'>;
    if (op === 'clear') action = { type: 'marker', op, marker: which };
    else if (op === 'move') {
      const tile = opts.tile?.trim();
      if (!tile)
        throw new UsageError(
          'Say which tile to move the marker to.',
          why('missing-option', { option: 'tile', choices: null }),
        );
      action = { type: 'marker', op, marker: which as number, tile };
    } else {
      const gang = opts.gang?.trim();
      if (!gang)
        throw new UsageError(
          'Say which gang carries the marker.',
          why('missing-option', { option: 'gang', choices: null }),
        );
      const fighter = opts.fighter?.trim();
      action = { type: 'marker', op, marker: which as number, gang, ...(fighter ? { fighter } : {}) };
    }
    const c = await commit(this.file, action, { randomSeed: this.randomSeed });
    const ids = new Set(c.report.markers);
    const markers =
      op === 'clear'
        ? c.before.markers.filter((m) => ids.has(m.id)).map((m) => markerView(c.before, m))
        : changedMarkers(c.before, c.state);
    return {
      kind: 'marker',
      schema: CONTRACT,
      session: this.file,
      op,
      markers,
      left: c.state.markers.filter((m) => !m.carriedBy).length,
    };
  }

  /** Move a fighter to the battlefield, the reserve or out of the game; with `gang`, a new name is added to it. */
  async fighter(
    name: string,
    to: 'battlefield' | 'reserve' | 'out',
    opts: { gang?: string } = {},
  ): Promise<FighterData> {
    if (to !== 'battlefield' && to !== 'reserve' && to !== 'out')
      throw new UsageError(
        `Where to? battlefield, reserve or out, not "${echo(String(to))}".`,
        why('bad-option', { option: 'to', given: to }),
      );
    // A new fighter's or gang's name is checked (length, control characters) by the engine's step, where it is stored.
    if (typeof name !== 'string' || name.trim() === '')
      throw new UsageError("Give the fighter's name.", why('bad-option', { option: 'name', given: name }));
    const gang = opts.gang?.trim();
    const c = await commit(
      this.file,
      { type: 'fighter', name: name.trim(), to, ...(gang ? { gang } : {}) },
      { randomSeed: this.randomSeed },
    );
    const r = c.report;
    return {
      kind: 'fighter',
      schema: CONTRACT,
      session: this.file,
      name: r.name,
      gang: r.gang,
      from: r.from,
      to: r.to,
      gangs: c.state.gangs,
    };
  }
}

/** A commitment as the players wrote it down: 64 hex digits (any case, spaces around ignored). */
function commitmentArg(v: unknown): string {
  const t = typeof v === 'string' ? v.trim().toLowerCase() : '';
  if (!/^[0-9a-f]{64}$/.test(t))
    throw new UsageError(
      `A commitment is 64 hex digits (a SHA-256, as a game with a hidden seed showed it), not ${echo(JSON.stringify(v) ?? String(v))}.`,
      why('bad-option', { option: 'commitment', given: v }),
    );
  return t;
}
