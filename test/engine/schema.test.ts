// Session-file validation: a saved game round-trips; a broken one is refused naming the field at fault;
// a newer schemaVersion is refused by name.
import { describe, expect, it } from 'vitest';
import { createGame, defaultSetup, SCHEMA_VERSION, step, type SessionState } from '../../src/engine/index.js';
import { SchemaTooNew, validateSession } from '../../src/engine/schema.js';
import { Invalid } from '../../src/rules/check.js';
import { book } from './arbitraries.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

function game(mode: 'dice' | 'deck'): SessionState {
  let s = createGame(defaultSetup(1234, { mode, gangs: [{ name: 'G', battlefield: ['a', 'b'], reserve: ['c'] }], lairs: 2, structures: 1, hazard: 'roll' }), book);
  for (const a of [{ type: 'round' }, { type: 'place', eventId: 'treasure' }, { type: 'end' }, { type: 'round' }] as const) {
    const r = step(s, a, book);
    if (!r.ok) throw new Error('refused');
    s = r.state;
  }
  return s;
}

const load = (v: unknown) => validateSession(v, () => book);

function invalid(v: unknown): Invalid {
  try {
    load(v);
  } catch (e) {
    if (e instanceof Invalid) return e;
    throw e;
  }
  throw new Error('expected the session to be refused');
}

function edited(f: (s: Json) => void, mode: 'dice' | 'deck' = 'dice'): Json {
  const s = JSON.parse(JSON.stringify(game(mode)));
  f(s);
  return s;
}

describe('validateSession', () => {
  it.each(['dice', 'deck'] as const)('a %s game survives a JSON round trip unchanged', (mode) => {
    const s = game(mode);
    const { state, migratedFrom } = load(JSON.parse(JSON.stringify(s)));
    expect(state).toEqual(s);
    expect(migratedFrom).toBeNull();
    expect(state.schemaVersion).toBe(SCHEMA_VERSION);
  });

  it('a fresh game validates too', () => {
    const s = createGame(defaultSetup(-5), book);
    expect(load(JSON.parse(JSON.stringify(s))).state).toEqual(s);
  });

  it('a newer schemaVersion is refused by name', () => {
    let err: unknown;
    try {
      load(edited((s) => (s.schemaVersion = SCHEMA_VERSION + 1)));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(SchemaTooNew);
    expect((err as SchemaTooNew).version).toBe(SCHEMA_VERSION + 1);
    expect((err as Error).message).toBe(`schemaVersion ${SCHEMA_VERSION + 1} is newer than this badzone understands (${SCHEMA_VERSION})`);
  });

  it.each<[string, (s: Json) => void, string, RegExp]>([
    ['rng.uses missing', (s) => delete s.rng.uses, 'rng.uses', /^expected a (non-negative integer|whole number)/],
    ['rng.uses negative', (s) => (s.rng.uses = -1), 'rng.uses', /^expected a (non-negative integer|whole number from 0)/],
    ['rng.uses fractional', (s) => (s.rng.uses = 2.5), 'rng.uses', /^expected a (non-negative integer|whole number)/],
    ['rng.uses text', (s) => (s.rng.uses = '12'), 'rng.uses', /^expected a (non-negative integer|whole number)/],
    ['rng.uses absurdly large', (s) => (s.rng.uses = 1e15), 'rng.uses', /^expected a/],
    ['rng missing', (s) => delete s.rng, 'rng', /expected an object, found nothing/],
    ['rng.seed not the game seed', (s) => (s.rng.seed += 1), 'rng.seed', /is not the game's seed/],
    ['rng.seed beyond int32', (s) => (s.rng.seed = 2 ** 31), 'rng.seed', /whole number from -2147483648 to 2147483647/],
    ['schemaVersion missing', (s) => delete s.schemaVersion, 'schemaVersion', /whole number/],
    ['schemaVersion 0', (s) => (s.schemaVersion = 0), 'schemaVersion', /from 1/],
    ['setup missing', (s) => delete s.setup, 'setup', /expected an object/],
    ['setup.mode unknown', (s) => (s.setup.mode = 'cards'), 'setup.mode', /"dice", "deck"/],
    ['setup.tiles not a list', (s) => (s.setup.tiles = 'A1,A2'), 'setup.tiles', /expected an array/],
    ['setup.gangs[0].battlefield a number', (s) => (s.setup.gangs[0].battlefield = 3), 'setup.gangs[0].battlefield', /expected an array/],
    ['round negative', (s) => (s.round = -1), 'round', /whole number from 0/],
    ['phase unknown', (s) => (s.phase = 'middle'), 'phase', /"setup", "round", "end"/],
    ['phase setup in round 2', (s) => (s.phase = 'setup'), 'phase', /does not go with round 2/],
    ['phase round in round 0', (s) => (s.round = 0), 'phase', /does not go with round 0/],
    ['inPlay not a list', (s) => (s.inPlay = {}), 'inPlay', /expected an array/],
    ['inPlay unknown event', (s) => (s.inPlay[0].eventId = 'giant-squid'), 'inPlay[0].eventId', /"giant-squid" is not an event of this game's table/],
    ['inPlay a Once event', (s) => (s.inPlay[0].eventId = 'dome-quake'), 'inPlay[0].eventId', /is a Once event and cannot be in play/],
    ['inPlay the same event twice', (s) => (s.inPlay = [s.inPlay[0], { ...s.inPlay[0] }]), 'inPlay[1].eventId', /is in play twice/],
    ['inPlay roll 65', (s) => (s.inPlay[0].roll = 65), 'inPlay[0].roll', /from 1 to 64/],
    ['inPlay sinceRound text', (s) => (s.inPlay[0].sinceRound = '1'), 'inPlay[0].sinceRound', /whole number/],
    ['visibility level unknown', (s) => (s.visibility.level = 'foggy'), 'visibility.level', /"foggy" is not a level/],
    ['hazard id unknown', (s) => (s.hazard = { roll: 3, id: 'lava', nomadic: false }), 'hazard.id', /"lava" is not on the Hazard Table/],
    ['a dice game with a deck', (s) => (s.deck = { drawPile: [], discardPile: [] }), 'deck', /a dice-mode game has no deck/],
    ['pendingEnd unknown', (s) => (s.pendingEnd = ['nope']), 'pendingEnd[0]', /not an event/],
    ['log missing', (s) => delete s.log, 'log', /expected an array, found nothing/],
    ['log empty', (s) => (s.log = []), 'log[0]', /starts with the game's setup/],
    ['log seq out of order', (s) => (s.log[2].seq = 7), 'log[2].seq', /expected 2, found 7/],
    ['log action unknown', (s) => (s.log[1].action.type = 'cheat'), 'log[1].action.type', /expected one of/],
    ['a roll above its die', (s) => (s.log[1].rolls[0].value = s.log[1].rolls[0].die + 1), 'log[1].rolls[0].value', /whole number from 1/],
    ['a roll entered: false', (s) => (s.log[1].rolls[0].entered = false), 'log[1].rolls[0].entered', /expected true or absent/],
    ['notes not text', (s) => (s.log[1].notes = [1]), 'log[1].notes[0]', /expected text/],
    ['tiles truncated to a string', (s) => (s.tiles = 'A'), 'tiles', /expected an array/],
    ['lairs entry without name', (s) => (s.lairs[0] = { becomes: null }), 'lairs[0].name', /expected text/],
    ['gangs without out', (s) => delete s.gangs[0].out, 'gangs[0].out', /expected an array, found nothing/],
    ['a __proto__ key', (s) => (s.visibility = JSON.parse('{"__proto__": {"x": 1}, "level": "normal", "sinceRound": 0, "source": "start"}')), 'visibility.__proto__', /not allowed/],
  ])('%s', (_name, f, path, problem) => {
    const e = invalid(edited(f));
    expect(e.path).toBe(path);
    expect(e.problem).toMatch(problem);
    expect(e.message).toBe(`${path}: ${e.problem}`);
  });

  it.each<[string, (s: Json) => void, string, RegExp]>([
    ['no deck', (s) => (s.deck = null), 'deck', /a deck-mode game needs a deck/],
    ['a card twice', (s) => s.deck.discardPile.push(s.deck.drawPile[0]), 'deck', /is in the deck twice/],
    ['a card missing', (s) => s.deck.drawPile.pop(), 'deck', /is missing/],
    ['a card 0', (s) => (s.deck.drawPile[0] = 0), 'deck.drawPile[0]', /from 1 to 64/],
  ])('deck mode: %s', (_name, f, path, problem) => {
    const e = invalid(edited(f, 'deck'));
    expect(e.path).toBe(path);
    expect(e.problem).toMatch(problem);
  });

  it('the whole file is not an object', () => {
    expect(invalid(null).path).toBe('(session)');
    expect(invalid([]).path).toBe('(session)');
    expect(invalid('{"schemaVersion": 1').path).toBe('(session)');
  });

  it('a truncated file: every prefix of the top-level fields is refused by name, never accepted', () => {
    const s = JSON.parse(JSON.stringify(game('dice')));
    const keys = Object.keys(s);
    for (let n = 0; n < keys.length; n++) {
      const partial = Object.fromEntries(keys.slice(0, n).map((k) => [k, s[k]]));
      const e = invalid(partial);
      expect(e.problem).toMatch(/expected|found nothing/);
    }
  });
});
