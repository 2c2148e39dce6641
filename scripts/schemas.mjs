// The JSON contract as JSON Schema (draft 2020-12): one file per `--json` output kind, one for the error object,
// and common.schema.json for the shapes they share. This script is their source: `npm run schemas` writes
// schemas/, and a test (test/api/contract.test.ts) fails when the files and this script disagree.
//
// Each output's top level lists every field as required and allows no other; nested objects require their
// documented fields but may grow new ones (a field added later is not a breaking change).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CONTRACT = 3;
const BASE = `https://badzone.invalid/schemas/${CONTRACT}/`;
const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

const ref = (name) => ({ $ref: `common.schema.json#/$defs/${name}` });
const str = { type: 'string' };
const int = { type: 'integer' };
const num = { type: 'number' };
const bool = { type: 'boolean' };
const nullable = (s) => ({ anyOf: [s, { type: 'null' }] });
const arr = (items) => ({ type: 'array', items });
const strings = arr(str);
/** An object whose listed fields are required (all but `optional`), open to new fields. */
const obj = (properties, optional = []) => ({
  type: 'object',
  properties,
  required: Object.keys(properties).filter((k) => !optional.includes(k)),
});

const common = {
  $schema: DIALECT,
  $id: `${BASE}common.schema.json`,
  title: 'badzone JSON contract: shared shapes',
  $defs: {
    session: { type: 'string', description: 'The session file, an absolute path.' },
    phase: { enum: ['setup', 'round', 'end'] },
    mode: { enum: ['dice', 'deck'] },
    timing: { enum: ['once', 'persistent'] },
    seed: {
      description:
        "The game's seed, as text (a whole number is a Mersenne Twister seed; letters and digits key ChaCha20); null while it is hidden (`new --hidden-seed`, until `reveal`). A number before schema 3.",
      ...nullable(str),
    },
    generator: {
      description:
        'The generator the seed rolls with: chacha20, or mt19937 (the Mersenne Twister) for a whole-number seed, whose rolls can be foreseen from a few of them.',
      enum: ['chacha20', 'mt19937'],
    },
    commitment: {
      description:
        'SHA-256 (hex) of "chacha20:SEED:SALT" ("SEED:SALT" for a Mersenne Twister seed) for a game with a hidden seed; null otherwise.',
      anyOf: [{ type: 'string', pattern: '^[0-9a-f]{64}$' }, { type: 'null' }],
    },
    worth: obj({ value: int, unit: str }),
    story: {
      description:
        "The GM's title, date, scenario and result for the battle report (session schema 6): free text, each null until given.",
      ...obj({ title: nullable(str), date: nullable(str), scenario: nullable(str), result: nullable(str) }),
    },
    orientation: {
      description:
        "Where 12 o'clock points: an edge of the table seen from the GM's seat, with row A along the far edge and A1 at its left-hand corner.",
      ...obj({ twelve: { enum: ['far', 'right', 'near', 'left'] } }),
    },
    firstScatter: {
      description:
        "Where 12 o'clock points, when this step made the game's first scatter (its card says it once); null otherwise.",
      ...nullable(ref('orientation')),
    },
    references: {
      description:
        "What the GM numbers on the table, and where 12 o'clock points: spawn points, Beast Lairs (and what each became) and large structures (standing or collapsed), by number.",
      ...obj({
        orientation: ref('orientation'),
        spawnPoints: arr(obj({ number: int, tile: str }, ['tile'])),
        lairs: nullable(arr(obj({ number: int, name: str, becomes: nullable(str), tile: str }, ['tile']))),
        structures: nullable(arr(obj({ number: int, name: str, standing: bool, tile: str }, ['tile']))),
      }),
    },
    mapSite: {
      description:
        'A numbered thing the GM set up (spawn point, Beast Lair / Monster Nest, large structure), with its tile when the GM said where it stands (null: listed beside the map). used: a spawn point used this round; becomes: what a lair turned into; collapsed: a structure that collapsed.',
      ...obj(
        { number: int, tile: nullable(str), used: { const: true }, becomes: nullable(str), collapsed: { const: true } },
        ['used', 'becomes', 'collapsed'],
      ),
    },
    scatter: obj({ round: int, distance: int, direction: int }),
    inPlay: obj(
      {
        eventId: str,
        name: str,
        sinceRound: int,
        discardOn: nullable(int),
        tile: nullable(str),
        worth: ref('worth'),
        scattered: { const: true },
        scatters: arr(ref('scatter')),
        carriedBy: obj({ gang: str, fighter: nullable(str) }),
      },
      ['tile', 'worth', 'scattered', 'scatters', 'carriedBy'],
    ),
    inPlayList: arr(ref('inPlay')),
    visibility: obj({
      level: str,
      name: str,
      rangeInches: nullable(num),
      pitchBlack: bool,
      rules: str,
      sinceRound: int,
      source: str,
      houseTable: bool,
    }),
    visibilityLevel: obj({ id: str, name: str, rangeInches: nullable(num), pitchBlack: bool, rules: str }),
    ploy: obj(
      { name: str, when: str, trigger: { enum: ['round-start', 'turn-start', 'on-event'] }, text: str, page: str },
      ['page'],
    ),
    hazard: obj({
      roll: int,
      nomadic: bool,
      id: nullable(str),
      name: str,
      effect: str,
      page: nullable(str),
      ploy: nullable(ref('ploy')),
      ployAtRoundStart: bool,
      turfOwner: nullable(str),
    }),
    roll: obj(
      { die: int, value: int, for: str, entered: { const: true }, card: { const: true }, d66: { const: true } },
      ['entered', 'card', 'd66'],
    ),
    outcome: obj({ kind: str, text: str }),
    draw: obj({ roll: int, eventId: str, outcome: { enum: ['once', 'placed', 'duplicate'] } }),
    resolved: obj({
      eventId: str,
      name: str,
      source: { enum: ['new', 'in-play'] },
      timing: ref('timing'),
      discardOn: nullable(int),
      rolls: arr(ref('roll')),
      outcomes: arr(ref('outcome')),
      text: str,
    }),
    eventPhase: obj({
      round: int,
      draws: arr(ref('draw')),
      reshuffled: bool,
      noNewEvent: bool,
      noNewEventReason: nullable(str),
      resolved: arr(ref('resolved')),
    }),
    trigger: obj({ eventId: str, name: str, rolls: arr(ref('roll')), outcomes: arr(ref('outcome')) }),
    applyNowItem: {
      description:
        'One line of what to apply in an Event Phase: an event in play (oldest first, the new one last), what a discarded event left on the battlefield, or a lasting condition events gave fighters in earlier rounds.',
      ...obj(
        {
          type: { enum: ['event', 'object', 'condition'] },
          eventId: str,
          name: str,
          sinceRound: int,
          fresh: bool,
          inForce: bool,
          discardOn: nullable(int),
          text: str,
          outcomes: arr(ref('outcome')),
          tile: nullable(str),
          scattered: { const: true },
          worth: ref('worth'),
          fighters: arr(obj({ gang: str, fighter: str })),
        },
        ['tile', 'scattered', 'worth', 'fighters'],
      ),
    },
    applyNow: arr(ref('applyNowItem')),
    battlefieldObject: obj(
      {
        eventId: str,
        what: str,
        tile: nullable(str),
        worth: ref('worth'),
        sinceRound: int,
        carriedBy: obj({ gang: str, fighter: nullable(str) }),
      },
      ['worth', 'carriedBy'],
    ),
    condition: obj({
      condition: str,
      gang: str,
      fighter: str,
      eventId: str,
      sinceRound: int,
      lasts: { enum: ['round', 'event', 'game'] },
    }),
    tilePick: obj(
      {
        eventId: str,
        what: str,
        round: int,
        tile: nullable(str),
        among: strings,
        confirmed: bool,
        correctedFrom: nullable(str),
        removesTile: bool,
      },
      ['correctedFrom'],
    ),
    battlefield: obj({
      objects: arr(ref('battlefieldObject')),
      conditions: arr(ref('condition')),
      tilePicks: arr(ref('tilePick')),
    }),
    check: obj(
      { eventId: str, name: str, roll: int, discardOn: int, discarded: bool, stays: arr(ref('battlefieldObject')) },
      ['stays'],
    ),
    endPhase: obj({ round: int, triggers: arr(ref('trigger')), checks: arr(ref('check')) }),
    dueInEndPhase: arr(
      obj({
        eventId: str,
        name: str,
        type: { enum: ['effect', 'discard-check'] },
        what: str,
        discardOn: nullable(int),
      }),
    ),
    newEvent: obj({
      eventId: str,
      name: str,
      roll: int,
      timing: ref('timing'),
      discardOn: nullable(int),
      effect: str,
      actsEachEventPhase: bool,
      actsInEndPhase: bool,
      clarifications: strings,
    }),
    clarification: obj({ id: str, name: str, text: str, events: strings, round: bool, short: str }, [
      'events',
      'round',
      'short',
    ]),
    eventRules: obj({
      eventId: str,
      name: str,
      timing: ref('timing'),
      discardOn: nullable(int),
      effect: str,
      gm: str,
      clarifications: strings,
    }),
    gang: obj({ name: str, battlefield: strings, reserve: strings, out: strings }),
    action: obj({ type: str }),
    edge: { enum: ['far', 'right', 'near', 'left'] },
    mapPoint: obj({ x: num, y: num }),
    mapPlace: {
      description:
        "Where a point lies, in inches from A1's outer corner (x along row A, y away from it): the tile still on the battlefield under it and the offset from that tile's center; tile null off the table (offTable, with the edge it crossed and drawAt, the point on the board's edge where it is drawn) or over a tile removed since setup (overRemoved).",
      ...obj(
        {
          x: num,
          y: num,
          tile: nullable(str),
          offset: ref('mapPoint'),
          offTable: { const: true },
          edge: ref('edge'),
          drawAt: ref('mapPoint'),
          overRemoved: str,
        },
        ['offset', 'offTable', 'edge', 'drawAt', 'overRemoved'],
      ),
    },
    mapScatter: obj({
      round: int,
      distance: int,
      direction: int,
      twelve: ref('edge'),
      from: ref('mapPlace'),
      to: ref('mapPlace'),
    }),
    mapMarker: {
      description:
        'A marker an event put on the battlefield: its number, the round that placed it, where it was put down (a tile center), each scatter, and where it is now.',
      ...obj(
        {
          id: int,
          kind: { enum: ['loot-casket', 'smoke-marker', 'frag-mine', 'golden-casket', 'large-blast', 'marker'] },
          eventId: str,
          what: str,
          round: int,
          origin: ref('mapPlace'),
          scatters: arr(ref('mapScatter')),
          at: ref('mapPlace'),
          radius: num,
          worth: ref('worth'),
          moved: { const: true },
          carriedBy: obj({ gang: str, fighter: nullable(str) }),
          live: bool,
        },
        ['radius', 'worth', 'moved', 'carriedBy'],
      ),
    },
    mapMarkers: arr(ref('mapMarker')),
    logRecord: obj({ seq: int, round: int, action: ref('action'), rolls: arr(ref('roll')) }),
    event: obj(
      {
        id: str,
        name: str,
        range: { type: 'array', items: int, minItems: 2, maxItems: 2 },
        count: int,
        timing: ref('timing'),
        discardOn: nullable(int),
        effect: str,
        gm: str,
        gmInPlay: str,
        short: str,
        standing: { type: 'boolean' },
        resolve: obj({
          onDraw: arr({ type: 'object' }),
          eachEventPhase: arr({ type: 'object' }),
          endPhase: arr({ type: 'object' }),
        }),
        rulings: strings,
      },
      ['gmInPlay', 'short', 'standing', 'rulings'],
    ),
  },
};

/** A top-level output: `kind` and `schema` first, every field required, nothing else allowed. */
function output(kind, description, properties, optional = []) {
  const props = { kind: { const: kind }, schema: { const: CONTRACT }, ...properties };
  return {
    $schema: DIALECT,
    $id: `${BASE}${kind}.schema.json`,
    title: `badzone ${kind.replace('-', ' ')} --json`,
    description,
    type: 'object',
    properties: props,
    required: Object.keys(props).filter((k) => !optional.includes(k)),
    additionalProperties: false,
  };
}

const seedFields = { seed: ref('seed'), generator: ref('generator'), commitment: ref('commitment') };
const summary = {
  session: ref('session'),
  round: int,
  phase: ref('phase'),
  mode: ref('mode'),
  ...seedFields,
  inPlay: ref('inPlayList'),
  visibility: ref('visibility'),
  hazard: nullable(ref('hazard')),
};
const verifyResult = {
  ok: bool,
  entries: int,
  rolls: { description: 'Dice in the log: fromSeed + entered.', ...int },
  fromSeed: { description: 'Dice badzone rolled (or drew) from the seed.', ...int },
  entered: {
    description: 'Dice the GM entered by hand (marked entered in the log): no seed vouches for them.',
    ...int,
  },
  problem: nullable(str),
  seq: nullable(int),
};

export const SCHEMAS = {
  common,
  error: {
    $schema: DIALECT,
    $id: `${BASE}error.schema.json`,
    title: 'badzone --json error (on stderr)',
    description: 'With --json, a command that fails prints this one object on stderr and exits with `code`.',
    type: 'object',
    properties: {
      error: {
        type: 'object',
        properties: {
          code: { type: 'integer', minimum: 1, maximum: 7 },
          kind: { enum: ['refused', 'usage', 'no-session', 'invalid', 'locked', 'io', 'output'] },
          message: str,
          hint: nullable(str),
        },
        required: ['code', 'kind', 'message', 'hint'],
        additionalProperties: false,
      },
    },
    required: ['error'],
    additionalProperties: false,
  },
  new: output('new', 'A new game (`badzone new`).', {
    ...summary,
    backup: nullable(str),
    setup: obj(
      {
        mode: ref('mode'),
        tiles: strings,
        spawnPoints: int,
        gangs: arr(obj({ name: str, battlefield: strings, reserve: strings })),
        turfOwner: nullable(str),
        lairs: nullable(int),
        structures: nullable(int),
        hazard: { anyOf: [{ const: 'roll' }, int, { type: 'null' }] },
        table: str,
        visibilityTable: str,
        orientation: ref('orientation'),
        spawnAt: strings,
        lairsAt: strings,
        structuresAt: strings,
      },
      ['spawnAt', 'lairsAt', 'structuresAt'],
    ),
    commandLine: str,
    hazardRoll: nullable(int),
    clarifications: arr(ref('clarification')),
    story: ref('story'),
  }),
  round: output('round', "A round's Event Phase (and the last End Phase, when it resolved it first).", {
    session: ref('session'),
    startedNew: bool,
    round: int,
    phase: ref('phase'),
    mode: ref('mode'),
    ...seedFields,
    endPhase: nullable(ref('endPhase')),
    eventPhase: ref('eventPhase'),
    inPlay: ref('inPlayList'),
    visibility: ref('visibility'),
    hazard: nullable(ref('hazard')),
    dueInEndPhase: ref('dueInEndPhase'),
    notes: strings,
    newEvent: nullable(ref('newEvent')),
    roundNotes: strings,
    battlefield: ref('battlefield'),
    applyNow: ref('applyNow'),
    firstScatter: ref('firstScatter'),
    markers: ref('mapMarkers'),
  }),
  end: output('end', "A round's End Phase.", {
    session: ref('session'),
    round: int,
    phase: ref('phase'),
    ...seedFields,
    triggers: arr(ref('trigger')),
    checks: arr(ref('check')),
    inPlay: ref('inPlayList'),
    visibility: ref('visibility'),
    battlefield: ref('battlefield'),
    firstScatter: ref('firstScatter'),
    markers: ref('mapMarkers'),
  }),
  status: output(
    'status',
    'Where the game stands (with --full, also the rules of the events in play and the clarifications).',
    {
      ...summary,
      tiles: strings,
      tilesRemoved: strings,
      spawnPoints: int,
      gangs: arr(ref('gang')),
      lairs: nullable(arr(obj({ name: str, becomes: nullable(str) }))),
      structures: nullable(strings),
      deck: nullable(obj({ drawPile: int, discardPile: int })),
      table: str,
      dueInEndPhase: ref('dueInEndPhase'),
      logEntries: int,
      battlefield: ref('battlefield'),
      manualDice: bool,
      redoable: int,
      references: ref('references'),
      markers: ref('mapMarkers'),
      rules: arr(ref('eventRules')),
      clarifications: arr(ref('clarification')),
    },
    ['rules', 'clarifications'],
  ),
  log: output('log', 'The log: every command that changed the game, every die, with what it was for.', {
    session: ref('session'),
    ...seedFields,
    round: nullable(int),
    entries: arr({ allOf: [ref('logRecord'), obj({ notes: strings })] }),
  }),
  undo: output('undo', 'The game after `undo`.', {
    ...summary,
    undone: ref('logRecord'),
    remaining: int,
    redoable: int,
  }),
  redo: output('redo', 'The game after `redo`: the step undone last, re-applied with the same rolls.', {
    ...summary,
    redone: ref('logRecord'),
    notes: strings,
    redoable: int,
  }),
  rename: output('rename', "A fighter's or a gang's new name.", {
    session: ref('session'),
    what: { enum: ['fighter', 'gang'] },
    gang: str,
    from: str,
    to: str,
    gangs: arr(ref('gang')),
  }),
  collapse: output('collapse', 'The right tile recorded for an unconfirmed Collapsed Section pick.', {
    session: ref('session'),
    eventId: str,
    what: str,
    from: nullable(str),
    to: nullable(str),
    rolledAmong: nullable(strings),
    tiles: strings,
    rolls: arr(ref('roll')),
    tilePicks: arr(ref('tilePick')),
  }),
  orientation: output('orientation', "Where 12 o'clock points (and whether this command changed it).", {
    session: ref('session'),
    orientation: ref('orientation'),
    from: nullable({ enum: ['far', 'right', 'near', 'left'] }),
    changed: bool,
  }),
  details: output('details', "The battle report's title, date, scenario and result, kept in the game.", {
    session: ref('session'),
    story: ref('story'),
    changed: bool,
  }),
  sites: output(
    'sites',
    'Where the spawn points, Beast Lairs and large structures stand, each by number (and which lists this command changed).',
    {
      session: ref('session'),
      spawnPoints: arr(ref('mapSite')),
      lairs: arr(ref('mapSite')),
      structures: arr(ref('mapSite')),
      changed: arr({ enum: ['spawnAt', 'lairsAt', 'structuresAt'] }),
      from: nullable(
        obj({ spawnAt: strings, lairsAt: strings, structuresAt: strings }, ['spawnAt', 'lairsAt', 'structuresAt']),
      ),
    },
  ),
  dice: output('dice', "The game's dice preference (kept in the session).", {
    session: ref('session'),
    manualDice: bool,
    changed: bool,
  }),
  verify: output(
    'verify',
    'Whether every roll and the state follow from the seed (and, with --commitment, the seed from the commitment).',
    {
      session: ref('session'),
      ...seedFields,
      ...verifyResult,
      commitmentChecked: nullable(obj({ given: { type: 'string', pattern: '^[0-9a-f]{64}$' }, matches: bool })),
    },
  ),
  reveal: output('reveal', 'A hidden seed, revealed, with what its commitment hashes.', {
    session: ref('session'),
    seed: str,
    generator: ref('generator'),
    salt: { type: 'string', pattern: '^[0-9a-f]{32}$' },
    commitment: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    hashed: str,
    firstReveal: bool,
  }),
  report: output(
    'report',
    'The battle report (`badzone report --format json`): a record of the game that `badzone verify --file` checks.',
    {
      version: str,
      story: ref('story'),
      setup: obj({
        mode: ref('mode'),
        tiles: strings,
        spawnPoints: int,
        gangs: arr(obj({ name: str, battlefield: strings, reserve: strings })),
        lairs: nullable(int),
        structures: nullable(int),
        table: str,
        turfOwner: nullable(str),
      }),
      ...seedFields,
      check: strings,
      view: obj({
        kind: { const: 'players-view' },
        game: str,
        round: int,
        phase: ref('phase'),
        inPlay: ref('inPlayList'),
        visibility: ref('visibility'),
        hazard: nullable(ref('hazard')),
        dueInEndPhase: ref('dueInEndPhase'),
        gangs: arr(ref('gang')),
        newEvent: nullable(
          obj({
            round: int,
            eventId: str,
            name: str,
            roll: int,
            card: bool,
            entered: bool,
            timing: ref('timing'),
            discardOn: nullable(int),
            effect: str,
            outcomes: arr(ref('outcome')),
            rolls: arr(ref('roll')),
          }),
        ),
        noNewEvent: nullable(str),
        applyNow: ref('applyNow'),
        lastEndPhase: nullable(
          obj({
            round: int,
            triggers: arr(ref('trigger')),
            checks: arr(ref('check')),
            rolls: arr(ref('roll')),
            resolvedBy: { enum: ['end', 'round'] },
          }),
        ),
        history: arr(
          obj({
            round: int,
            setup: nullable({ type: 'object' }),
            eventPhase: nullable({ type: 'object' }),
            endPhase: nullable({ type: 'object' }),
            gm: arr({ type: 'object' }),
          }),
        ),
        historyProblem: nullable(str),
        dice: {
          description: 'Every die in the log, and how many the GM entered by hand (the rest came from the seed).',
          ...obj({ rolls: int, entered: int }),
        },
      }),
      caskets: {
        description:
          "Each Loot Casket and Treasure's golden casket on the battlefield at the end: who holds it (carriedBy, as the GM recorded it; null: nobody recorded), or the tile it lies on (null: on no tile).",
        ...arr(
          obj({
            id: int,
            kind: { enum: ['loot-casket', 'golden-casket'] },
            what: str,
            eventId: str,
            round: int,
            worth: nullable(ref('worth')),
            carriedBy: nullable(obj({ gang: str, fighter: nullable(str) })),
            tile: nullable(str),
            offTable: bool,
          }),
        ),
      },
      session: {
        ...obj({ schemaVersion: int, setup: { type: 'object' }, log: arr(ref('logRecord')) }),
        description:
          "The session file's game, its log as objects (the file packs it: docs/json.md, The session file); no checkpoints or hash.",
      },
    },
  ),
  discard: output(
    'discard',
    'An event the GM took out of play (or, when it was not in play, what it left on the battlefield).',
    {
      session: ref('session'),
      eventId: str,
      name: str,
      inPlay: ref('inPlayList'),
      stays: arr(ref('battlefieldObject')),
      removed: ref('battlefieldObject'),
    },
    ['stays', 'removed'],
  ),
  place: output('place', 'An event the GM put into play, with its on-draw rolls.', {
    session: ref('session'),
    eventId: str,
    name: str,
    outcomes: arr(ref('outcome')),
    inPlay: ref('inPlayList'),
    firstScatter: ref('firstScatter'),
    markers: ref('mapMarkers'),
  }),
  map: output(
    'map',
    'The battlefield map: the tiles as laid out, every marker and where it landed, the numbered sites.',
    {
      round: int,
      phase: ref('phase'),
      rows: int,
      cols: int,
      width: num,
      height: num,
      tiles: arr(
        obj(
          {
            name: str,
            row: int,
            col: int,
            center: ref('mapPoint'),
            state: { enum: ['in', 'removed'] },
            unconfirmed: { const: true },
          },
          ['unconfirmed'],
        ),
      ),
      orientation: ref('orientation'),
      markers: ref('mapMarkers'),
      spawnPoints: arr(ref('mapSite')),
      lairs: arr(ref('mapSite')),
      structures: arr(ref('mapSite')),
    },
  ),
  marker: output('marker', 'A marker the GM cleared, moved to a tile center, or said a fighter carries.', {
    session: ref('session'),
    op: { enum: ['clear', 'move', 'carry'] },
    markers: ref('mapMarkers'),
    left: int,
  }),
  visibility: output('visibility', 'The visibility (and whether this command set it).', {
    session: ref('session'),
    changed: bool,
    from: nullable(str),
    visibility: ref('visibility'),
    levels: arr(ref('visibilityLevel')),
  }),
  fighter: output('fighter', 'A fighter the GM moved (or added).', {
    session: ref('session'),
    name: str,
    gang: str,
    from: str,
    to: str,
    gangs: arr(ref('gang')),
  }),
  roll: output('roll', 'The dice roller.', {
    expression: str,
    seed: { description: 'The seed rolled with, as text (a whole number is a Mersenne Twister seed).', ...str },
    generator: ref('generator'),
    times: int,
    results: {
      description: 'The rolls in order: all of them with --json (at most 1,000,000 dice in all), none with --summary.',
      ...arr(obj({ total: num, dice: arr(int), direction: int }, ['direction'])),
    },
    unlisted: { description: 'Rolls made but not listed in results.', ...int },
    scatter: bool,
    totals: {
      description: 'Over all the rolls (sd: population standard deviation).',
      ...obj({ min: num, max: num, mean: num, sd: num }),
    },
    distribution: {
      description: 'With --summary: how many rolls gave each total, by total.',
      ...nullable(arr(obj({ total: num, count: int }))),
    },
    directions: {
      description: "With --summary and --scatter: how many rolls gave each direction, 1 to 12 o'clock.",
      ...nullable(arr(int)),
    },
  }),
  'hazard-roll': output('hazard-roll', 'A roll on the Hazard Table.', {
    roll: int,
    seed: { description: 'The seed rolled with, as text; null for your own roll (--roll).', ...nullable(str) },
    generator: nullable(ref('generator')),
    nomadic: bool,
    homeTurf: bool,
    hazard: ref('hazard'),
    meaning: str,
    ratingLimit: nullable(int),
  }),
  'hazard-rolls': output(
    'hazard-rolls',
    'Home Turf rolls on the Hazard Table for the crews named with --crew, in that order, from one seed.',
    {
      seed: { description: 'The seed rolled with, as text; the crews are rolled one after another from it.', ...str },
      generator: ref('generator'),
      rolls: arr(
        obj({
          crew: { description: 'The crew, as named.', ...str },
          roll: int,
          nomadic: bool,
          hazard: ref('hazard'),
          meaning: str,
          ratingLimit: nullable(int),
        }),
      ),
    },
  ),
  'hazard-list': output(
    'hazard-list',
    "The Hazard Table (the table file's format).",
    {
      name: str,
      die: { const: 'D10' },
      source: str,
      intro: str,
      hazards: arr(obj({ roll: int, id: str, name: str, effect: str, page: str, ploy: ref('ploy') }, ['page'])),
      nomadic: obj({ roll: int, name: str, effect: str, ratingLimit: int, standardRatingLimit: int, page: str }, [
        'page',
      ]),
    },
    ['source'],
  ),
  'hazard-show': output('hazard-show', 'One hazard.', {
    roll: int,
    nomadic: bool,
    hazard: ref('hazard'),
    nomadicRule: nullable(obj({ roll: int, name: str, effect: str, ratingLimit: int, standardRatingLimit: int })),
  }),
  'events-list': output('events-list', "The Badzone Event Table (or the game's or a given table).", {
    table: str,
    tableFrom: { enum: ['shipped', 'game', 'file'] },
    tableFile: nullable(str),
    events: arr(ref('event')),
  }),
  'events-show': output('events-show', 'One event of the table.', {
    table: str,
    tableFrom: { enum: ['shipped', 'game', 'file'] },
    tableFile: nullable(str),
    event: ref('event'),
    clarifications: strings,
  }),
  'table-lint': output('table-lint', 'Whether a table file is valid.', {
    file: str,
    valid: bool,
    tableKind: nullable({ enum: ['events', 'visibility', 'hazards'] }),
    events: nullable(int),
    problem: nullable(str),
    heaviest: {
      description:
        'For a valid event table: the event whose one phase can roll the most dice on the largest battlefield, against the limit a command rolls within.',
      ...nullable(
        obj({
          eventId: str,
          name: str,
          phase: { enum: ['Event Phase', 'End Phase'] },
          dice: int,
          limit: int,
          tilesThatFit: int,
        }),
      ),
    },
  }),
  simulate: output('simulate', 'What a table does over many simulated games.', {
    stopped: {
      description:
        'Null when every game asked for was played; else the run stopped early (Ctrl-C, or the work limit) and the figures are over the games finished.',
      ...nullable(obj({ after: int, of: int, why: { enum: ['interrupted', 'work limit'] } })),
    },
    games: int,
    rounds: int,
    seed: {
      description: 'The seed, as text (a whole number is a Mersenne Twister seed; other text keys ChaCha20).',
      ...str,
    },
    generator: {
      description: 'The generator the games were rolled with: the one the seed picks, as for a game.',
      ...ref('generator'),
    },
    mode: ref('mode'),
    events: arr(
      obj({
        eventId: str,
        name: str,
        range: arr(int),
        timing: ref('timing'),
        discardOn: nullable(int),
        appearedIn: num,
        meanRoundsInPlay: nullable(num),
      }),
    ),
    perRound: arr(
      obj({
        round: int,
        inPlay: obj({ mean: num, p50: num, p90: num, max: num }),
        visibilityReduced: num,
        spawned: { type: 'object' },
      }),
    ),
    duplicatesPerGame: num,
    reshufflesPerGame: num,
    noNewEventPerGame: num,
    randomNumbers: int,
    table: str,
    visibilityTable: str,
    normalVisibility: str,
    setup: obj({ tiles: int, spawnPoints: int, gangs: int, lairs: nullable(int), structures: nullable(int) }),
  }),
};

/** The files: name -> text. */
export function schemaFiles() {
  return Object.fromEntries(
    Object.entries(SCHEMAS).map(([k, s]) => [`${k}.schema.json`, `${JSON.stringify(s, null, 2)}\n`]),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'schemas');
  fs.mkdirSync(dir, { recursive: true });
  for (const f of fs.readdirSync(dir)) if (f.endsWith('.schema.json')) fs.rmSync(path.join(dir, f));
  for (const [name, text] of Object.entries(schemaFiles())) fs.writeFileSync(path.join(dir, name), text);
  process.stdout.write(`wrote ${Object.keys(SCHEMAS).length} schemas to ${path.relative(process.cwd(), dir) || '.'}\n`);
}
