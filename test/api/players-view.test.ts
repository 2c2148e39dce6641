// The players' view model (what `badzone serve` shows and `badzone report` records): built on the same function
// as `status --json`, never carrying the seed, with the newest event card and the round history replayed from the
// log. Expected values come from what `round --json` and `end --json` printed when the rounds were played.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { load } from '../../src/store/session.js';
import { PlayersViewBuilder, playersView } from '../../src/api/players-view.js';
import { cliJson, tempDir, readSession } from '../helpers.js';

const FILE = 'badzone-session.json';

async function game(seed: number): Promise<string> {
  const dir = tempDir('badzone-view-');
  await cliJson(
    dir,
    'new',
    '--seed',
    String(seed),
    '--grid',
    '3x3',
    '--gang',
    'Goliaths: Krag, Brute, Grub',
    '--gang',
    'Eschers: Vex, Nyx',
    '--reserve',
    'Eschers: Lyra',
    '--hazard',
    'roll',
    '--lairs',
    '2',
    '--structures',
    '2',
  );
  return dir;
}

function view(dir: string) {
  const file = path.join(dir, FILE);
  const { state, book } = load(file);
  return playersView(file, state, book);
}

/** Every key anywhere in a JSON value. */
function keys(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) for (const x of v) keys(x, out);
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      out.add(k);
      keys(x, out);
    }
  }
  return out;
}

/** A game of 20 rounds (round and end each), and a builder of its players' view from the file as it is now. */
async function twentyRounds(seed: number) {
  const dir = await game(seed);
  const file = path.join(dir, FILE);
  const b = new PlayersViewBuilder();
  const build = () => {
    const { state, book } = load(file);
    return b.build(file, state, book);
  };
  for (let i = 0; i < 20; i++) {
    await cliJson(dir, 'round');
    await cliJson(dir, 'end');
  }
  return { dir, b, build };
}

describe('the players\u2019 view model', () => {
  it('is status --json\u2019s data, less the seed and the file path, plus the card and the history', async () => {
    const dir = await game(7);
    for (let i = 0; i < 3; i++) await cliJson(dir, 'round');
    const status = await cliJson(dir, 'status');
    const v = view(dir);
    const { seed, session, kind, ...rest } = status;
    expect(seed).toBe('7');
    expect(session).toBe(path.join(dir, FILE));
    expect(kind).toBe('status');
    expect(v).toMatchObject(rest);
    expect(v.kind).toBe('players-view');
    expect(Object.keys(v).sort()).toEqual(
      [
        ...Object.keys(rest),
        'kind',
        'game',
        'newEvent',
        'noNewEvent',
        'applyNow',
        'lastEndPhase',
        'history',
        'historyProblem',
        'eventNames',
        'dice',
      ].sort(),
    );
    expect(v.game).toBe(FILE);
  });

  // A Mersenne Twister seed, and a ChaCha20 seed like the fresh ones new games get.
  it.each([987654321, 'NVRSHWNK2Q7ZLXM4CP3WB6TD5E'])(
    'never carries the seed or the dice position, anywhere in it (seed %s)',
    async (seed) => {
      const dir = tempDir('badzone-view-');
      await cliJson(dir, 'new', '--seed', String(seed), '--gang', 'A: a1, a2', '--hazard', 'roll');
      for (let i = 0; i < 4; i++) {
        await cliJson(dir, 'round');
        await cliJson(dir, 'end');
      }
      const v = view(dir);
      const k = keys(v);
      expect(k.has('seed')).toBe(false);
      expect(k.has('rng')).toBe(false);
      expect(k.has('uses')).toBe(false);
      expect(JSON.stringify(v)).not.toContain(String(seed));
      expect(JSON.stringify(v)).not.toContain(path.dirname(path.join(dir, FILE)));
    },
  );

  it('the card is the newest event as `round` showed it: name, roll, rules, picks and dice', async () => {
    const dir = await game(11);
    for (let n = 1; n <= 8; n++) {
      const r = await cliJson(dir, 'round');
      const v = view(dir);
      if (!r.newEvent) {
        expect(v.newEvent).toBeNull();
        expect(v.noNewEvent).toBe(r.eventPhase.noNewEvent);
        continue;
      }
      const fresh = r.eventPhase.resolved.find((x: any) => x.source === 'new');
      expect(v.newEvent).toMatchObject({
        round: n,
        eventId: r.newEvent.eventId,
        name: r.newEvent.name,
        roll: r.newEvent.roll,
        timing: r.newEvent.timing,
        discardOn: r.newEvent.discardOn,
        effect: r.newEvent.effect,
        card: false,
        entered: false,
      });
      expect(v.newEvent!.outcomes).toEqual(fresh.outcomes);
      expect(v.newEvent!.rolls).toEqual(fresh.rolls);
      expect(v.newEvent!.redrawn.map((d) => d.roll)).toEqual(
        r.eventPhase.draws.filter((d: any) => d.outcome === 'duplicate').map((d: any) => d.roll),
      );
      if (n % 2 === 0) await cliJson(dir, 'end');
    }
  });

  it('a D64 the GM entered is marked entered on the card and in the history', async () => {
    const dir = await game(3);
    const r = await cliJson(dir, 'round', '--dice', '33');
    expect(r.newEvent.eventId).toBe('static-storm');
    const v = view(dir);
    expect(v.newEvent).toMatchObject({ eventId: 'static-storm', roll: 33, entered: true });
    const ep = v.history[0]!.eventPhase!;
    expect(ep.rolls[0]).toMatchObject({ die: 64, value: 33, entered: true });
    expect(ep.rolls.slice(1).every((x) => x.entered === undefined)).toBe(true);
  });

  it('the history, newest first, has each round\u2019s Event Phase and End Phase as `round` and `end` printed them, dice split between them', async () => {
    const dir = await game(5);
    const rounds: any[] = [];
    const ends: any[] = [];
    for (let n = 1; n <= 6; n++) {
      const r = await cliJson(dir, 'round');
      rounds.push(r);
      if (r.endPhase) ends[n - 2] = r.endPhase;
      // Skip `end` every third round: the next `round` resolves it.
      if (n % 3 !== 0) ends[n - 1] = await cliJson(dir, 'end');
    }
    const v = view(dir);
    expect(v.history.map((h) => h.round)).toEqual([6, 5, 4, 3, 2, 1, 0]);
    const file = readSession(path.join(dir, FILE));
    for (let n = 1; n <= 6; n++) {
      const h = v.history.find((x) => x.round === n)!;
      const r = rounds[n - 1];
      expect(h.eventPhase!.draws.map((d) => [d.roll, d.eventId, d.outcome])).toEqual(
        r.eventPhase.draws.map((d: any) => [d.roll, d.eventId, d.outcome]),
      );
      expect(h.eventPhase!.resolved.map((x) => x.outcomes)).toEqual(r.eventPhase.resolved.map((x: any) => x.outcomes));
      const e = ends[n - 1];
      if (e) {
        expect(h.endPhase!.checks).toEqual(e.checks);
        expect(h.endPhase!.triggers.map((t) => t.outcomes)).toEqual(e.triggers.map((t: any) => t.outcomes));
        expect(h.endPhase!.resolvedBy).toBe(n % 3 === 0 ? 'round' : 'end');
        // One D6 per discard check, in order, after the triggers' dice.
        expect(h.endPhase!.rolls.slice(h.endPhase!.rolls.length - e.checks.length).map((x) => x.value)).toEqual(
          e.checks.map((c: any) => c.roll),
        );
      }
      // Every die of the log is in exactly one place: the setup, an Event Phase, an End Phase or a GM action.
    }
    const all = v.history.flatMap((h) => [
      ...(h.setup?.rolls ?? []),
      ...(h.endPhase?.rolls ?? []),
      ...(h.eventPhase?.rolls ?? []),
      ...h.gm.flatMap((g) => g.rolls),
    ]);
    const logged = file.log.flatMap((x: any) => x.rolls);
    expect(all.length).toBe(logged.length);
    expect(new Set(all.map((x) => JSON.stringify(x))).size).toBeGreaterThan(0);
    expect([...all].map((x) => JSON.stringify(x)).sort()).toEqual(logged.map((x: any) => JSON.stringify(x)).sort());
  });

  it('after `end` the view carries what that End Phase did, as `end` printed it, until the next `round`', async () => {
    const dir = await game(7);
    for (let n = 1; n <= 2; n++) {
      await cliJson(dir, 'round');
      await cliJson(dir, 'end');
    }
    const r3 = await cliJson(dir, 'round');
    expect(view(dir).lastEndPhase).toBeNull();
    const e = await cliJson(dir, 'end');
    const done = view(dir).lastEndPhase!;
    expect(done.round).toBe(3);
    expect(done.resolvedBy).toBe('end');
    expect(done.triggers.map((t) => [t.name, t.outcomes.map((o) => o.text)])).toEqual([
      ['Headhunters', ['2 Hive Scum with Autoguns at spawn point 4']],
    ]);
    expect(done.checks.map((c) => [c.name, c.roll, c.discardOn, c.discarded])).toEqual([['Headhunters', 3, 4, false]]);
    expect(done.checks).toEqual(e.checks);
    expect(r3.round).toBe(3);
    await cliJson(dir, 'round');
    expect(view(dir).lastEndPhase).toBeNull();
  });

  it('GM commands appear in their round\u2019s history, in words', async () => {
    const dir = await game(9);
    await cliJson(dir, 'fighter', 'Lyra', 'battlefield');
    await cliJson(dir, 'round');
    await cliJson(dir, 'visibility', 'set', 'dark');
    await cliJson(dir, 'place', 'static-storm');
    const v = view(dir);
    expect(v.history.find((h) => h.round === 0)!.gm.map((g) => g.notes)).toEqual([
      ['GM moved Lyra (Eschers) from reserve to battlefield'],
    ]);
    const gm = v.history.find((h) => h.round === 1)!.gm;
    expect(gm.map((g) => g.action)).toEqual(['visibility', 'place']);
    expect(gm[0]!.notes[0]).toBe('GM set visibility to Dark');
    expect(gm[1]!.notes[0]).toBe('GM placed Static Storm in play');
  });

  it('an update steps only the new log entries; an undo replays from the start and matches a fresh build', async () => {
    const dir = await game(13);
    const file = path.join(dir, FILE);
    const b = new PlayersViewBuilder();
    const build = () => {
      const { state, book } = load(file);
      return b.build(file, state, book);
    };
    build();
    expect(b.history.stepped).toBe(0);
    await cliJson(dir, 'round');
    build();
    expect(b.history.stepped).toBe(1);
    await cliJson(dir, 'end');
    await cliJson(dir, 'round');
    const before = build();
    expect(b.history.stepped).toBe(3);
    await cliJson(dir, 'undo');
    const after = build();
    expect(b.history.stepped).toBe(3 + 2);
    expect(after).toEqual(view(dir));
    expect(after.round).toBe(before.round - 1);
    expect(after.newEvent!.round).toBe(1);
  });

  it('an undo deep in a long game resumes from a kept state, not from the start', async () => {
    const { dir, b, build } = await twentyRounds(19);
    build();
    expect(b.history.stepped).toBe(40);
    await cliJson(dir, 'undo');
    await cliJson(dir, 'undo');
    const after = build();
    // 38 entries after setup are left; the kept state after entry 32 is the nearest: entries 33 to 38 are replayed.
    expect(b.history.stepped).toBe(40 + 6);
    expect(after).toEqual(view(dir));
    await cliJson(dir, 'round');
    expect(build()).toEqual(view(dir));
    expect(b.history.stepped).toBe(47);
  });

  it('an update rebuilds only the rounds its entries touch: every other round is the same object as before', async () => {
    const { dir, b, build } = await twentyRounds(29);
    const before = build().history;
    expect(b.history.regrouped).toBe(21); // the setup and 20 rounds, once
    // A round: round 21, and round 20 (a round can resolve the End Phase left before it).
    await cliJson(dir, 'round');
    const round = build();
    expect(b.history.regrouped).toBe(2);
    expect(round).toEqual(view(dir));
    expect(round.history.slice(2)).toEqual(before.slice(1));
    round.history.slice(2).forEach((h, i) => expect(h).toBe(before[i + 1]));
    // A GM command in round 21: only round 21.
    await cliJson(dir, 'visibility', 'set', 'dark');
    const gm = build();
    expect(b.history.regrouped).toBe(1);
    expect(gm).toEqual(view(dir));
    gm.history.slice(1).forEach((h, i) => expect(h).toBe(round.history[i + 1]));
    // Nothing new: nothing rebuilt.
    build();
    expect(b.history.regrouped).toBe(0);
    // Two undos: back to the kept state after entry 32 (round 16), and every round from there is rebuilt.
    await cliJson(dir, 'undo');
    await cliJson(dir, 'undo');
    const undone = build();
    expect(undone).toEqual(view(dir));
    expect(b.history.regrouped).toBe(5);
    undone.history.slice(5).forEach((h, i) => expect(h).toBe(before[i + 5]));
  });

  it('an undo in a long game with a scattering Pillar of Flame and Psykers resumes from a kept state that later steps did not change', async () => {
    const dir = await game(23);
    const file = path.join(dir, FILE);
    const b = new PlayersViewBuilder();
    const build = () => {
      const { state, book } = load(file);
      return b.build(file, state, book);
    };
    // Pillar of Flame (D64 49) scatters in every End Phase; Wyld Magic (41) makes Psykers.
    await cliJson(dir, 'round', '--dice', '49');
    await cliJson(dir, 'end');
    await cliJson(dir, 'round', '--dice', '41');
    for (let i = 0; i < 18; i++) {
      await cliJson(dir, 'end');
      await cliJson(dir, 'round');
    }
    build();
    for (let k = 0; k < 3; k++) {
      await cliJson(dir, 'undo');
      expect(build()).toEqual(view(dir));
    }
    const v = view(dir);
    const pillar = v.inPlay.find((p) => p.eventId === 'pillar-of-flame');
    if (pillar) expect(pillar.scatters?.length).toBeGreaterThan(10);
    await cliJson(dir, 'round');
    expect(build()).toEqual(view(dir));
  });

  it('a log entry that no longer replays stops the history there and says so', async () => {
    const dir = await game(17);
    await cliJson(dir, 'round');
    await cliJson(dir, 'end');
    const file = path.join(dir, FILE);
    const s = readSession(file);
    // A second `end` in a row is refused by the engine: the replay cannot apply it.
    s.log.push({ seq: s.log.length, round: 1, action: { type: 'end' }, rolls: [] });
    fs.writeFileSync(file, JSON.stringify(s));
    const v = view(dir);
    expect(v.historyProblem).toContain('log entry 3 (end)');
    expect(v.history[0]!.round).toBe(1);
  });
});
