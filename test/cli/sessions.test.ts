// Session paths the person typed (issue 10, item 14) and the table `events` shows in a game's folder (item 15).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers.js';
import { shippedTables } from '../../src/store/tables.js';

const READERS: string[][] = [
  ['round'],
  ['end'],
  ['status'],
  ['log'],
  ['undo'],
  ['verify'],
  ['discard', 'static-storm'],
  ['place', 'static-storm'],
  ['visibility'],
  ['visibility', 'set', 'dark'],
  ['fighter', 'Krag', 'out'],
  ['reveal'],
  ['report'],
  ['redo'],
  ['rename', 'fighter', 'Krag', 'Bob'],
  ['collapse', 'A1'],
  ['dice'],
  ['dice', 'manual'],
];

describe('a mistyped session path never starts a new game', () => {
  it.each(READERS)(
    '%s with a --session that does not exist: exit 3, the command that starts one, did you mean, nothing written',
    async (...args) => {
      const dir = tempDir();
      expect((await runCli(['new', '--seed', '5', '--session', 'typo-session.json'], { cwd: dir })).code).toBe(0);
      const before = fs.readdirSync(dir).sort();
      const r = await runCli([...args, '--session', 'typo-sesion.json'], { cwd: dir });
      expect(r.code, r.stderr).toBe(3);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(
        `badzone: There is no game at ${path.join(dir, 'typo-sesion.json')}. Did you mean typo-session.json? To start one there: \`badzone new --session typo-sesion.json\` (or \`badzone play --session typo-sesion.json\`).\n`,
      );
      expect(fs.readdirSync(dir).sort()).toEqual(before);
    },
  );

  it('with --json the same is one error object (no-session, exit 3)', async () => {
    const dir = tempDir();
    const r = await runCli(['round', '--session', 'nope.json', '--json'], { cwd: dir });
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stderr).error).toMatchObject({
      code: 3,
      kind: 'no-session',
      message: expect.stringContaining('badzone new --session nope.json'),
    });
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('BADZONE_SESSION naming a missing file: exit 3, nothing written; a folder that does not exist is named', async () => {
    const dir = tempDir();
    const env = { BADZONE_SESSION: 'campaign.json' };
    const r = await runCli(['round'], { cwd: dir, env });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(
      /BADZONE_SESSION names .*campaign\.json, where there is no game\. To start one there: `badzone new` \(it uses BADZONE_SESSION too\)/,
    );
    expect(fs.readdirSync(dir)).toEqual([]);
    const deep = await runCli(['round', '--session', 'no/such/game.json'], { cwd: dir });
    expect(deep.code).toBe(3);
    expect(deep.stderr).toContain(`its folder ${path.join(dir, 'no', 'such')} does not exist`);
    // The hint does not send the GM to a `new` that would fail the same way: the folder comes first.
    expect(deep.stderr.replace(/\s+/g, ' ')).toMatch(
      /To start one there, create the folder first, then `(npx )?badzone new --session no\/such\/game\.json`; or check the path\./,
    );
    expect(deep.stderr).not.toMatch(/play --session/);
    // `new` is what creates, at the named path.
    expect((await runCli(['new', '--seed', '2'], { cwd: dir, env })).code).toBe(0);
    expect(fs.readdirSync(dir)).toEqual(['campaign.json']);
    expect((await runCli(['round'], { cwd: dir, env })).code).toBe(0);
  });

  it('a file that is not JSON: exit 4, the advice names that file and says to check the path', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'notes.txt'), '# my notes\n');
    const r = await runCli(['status', '--session', 'notes.txt'], { cwd: dir });
    expect(r.code).toBe(4);
    expect(r.stderr.replace(/\s+/g, ' ')).toMatch(
      /start a new game in its place with `(npx )?badzone new --force --session \S*notes\.txt`; if it is not a badzone game, check the path\./,
    );
    fs.writeFileSync(path.join(dir, 'badzone-session.json'), '{');
    const own = await runCli(['status'], { cwd: dir });
    expect(own.code).toBe(4);
    expect(own.stderr.replace(/\s+/g, ' ')).toMatch(
      /with `(npx )?badzone new --force` in its folder; if it is not a badzone game, check the path\./,
    );
    expect(fs.readFileSync(path.join(dir, 'notes.txt'), 'utf8')).toBe('# my notes\n');
  });

  it("only the folder's own session is started on demand by round (also when named as it is)", async () => {
    const dir = tempDir();
    const r = await runCli(['round'], { cwd: dir, seeds: [9] });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/No game here: started a new one/);
    const other = tempDir();
    const named = await runCli(['round', '--session', 'badzone-session.json'], { cwd: other, seeds: [9] });
    expect(named.code).toBe(0);
    expect(fs.readdirSync(other)).toEqual(['badzone-session.json']);
    // Any other command still needs a game.
    const third = tempDir();
    expect((await runCli(['end'], { cwd: third })).code).toBe(3);
    expect(fs.readdirSync(third)).toEqual([]);
  });
});

describe("events list / events show inside a game's folder", () => {
  /** A table file: the shipped table with Power Outage renamed (a group's own table). */
  function houseTable(dir: string): string {
    const t = structuredClone(shippedTables().events);
    t.name = 'House Table';
    t.results[0]!.name = 'Blackout';
    const f = path.join(dir, 'house.json');
    fs.writeFileSync(f, JSON.stringify(t));
    return f;
  }

  it("show the game's own table and say which table they show; --table chooses one", async () => {
    const dir = tempDir();
    houseTable(dir);
    expect((await runCli(['new', '--seed', '3', '--table', 'house.json'], { cwd: dir })).code).toBe(0);
    fs.rmSync(path.join(dir, 'house.json'));
    const list = await runCli(['events', 'list'], { cwd: dir });
    expect(list.code).toBe(0);
    expect(
      list.stdout
        .replace(/\n\s+/g, ' ')
        .startsWith(`House Table: this game's table (${path.join(dir, 'badzone-session.json')})`),
    ).toBe(true);
    expect(list.stdout).toMatch(/Blackout/);
    const show = await runCli(['events', 'show', '1', '--json'], { cwd: dir });
    expect(JSON.parse(show.stdout)).toMatchObject({
      table: 'House Table',
      tableFrom: 'game',
      event: { name: 'Blackout' },
    });
    // Outside the folder: the shipped table, and it says so.
    const elsewhere = tempDir();
    const shipped = await runCli(['events', 'show', '1'], { cwd: elsewhere });
    expect(shipped.stdout).toMatch(/^Power Outage/);
    expect(shipped.stdout).toMatch(/Badzone Event Table: the shipped table \(no game here\)/);
    // --session names the game from anywhere; --table wins over the game.
    const viaSession = JSON.parse(
      (
        await runCli(['events', 'list', '--json', '--session', path.join(dir, 'badzone-session.json')], {
          cwd: elsewhere,
        })
      ).stdout,
    );
    expect({ table: viaSession.table, from: viaSession.tableFrom, first: viaSession.events[0].name }).toEqual({
      table: 'House Table',
      from: 'game',
      first: 'Blackout',
    });
    const file = houseTable(elsewhere);
    const t = JSON.parse((await runCli(['events', 'show', '1', '--json', '--table', file], { cwd: dir })).stdout);
    expect({ from: t.tableFrom, file: t.tableFile }).toEqual({ from: 'file', file });
    // A named session that does not exist is refused, as everywhere.
    expect((await runCli(['events', 'list', '--session', 'nope.json'], { cwd: dir })).code).toBe(3);
  });

  it("a folder's session that cannot be read: the shipped table, with a warning", async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'badzone-session.json'), '{');
    const r = await runCli(['events', 'show', 'wild-snake-spill'], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/cannot be read .*showing the shipped table/);
    // The clarifications that matter for the event are shown with it.
    expect(r.stdout).toMatch(/Clarifications of the rules:/);
    expect(r.stdout).toMatch(/Roaming Horrors are not affected by the Badzone Event Table\./);
    expect(r.stdout.replace(/\s+/g, ' ')).toMatch(
      /"Battlefield surface" means the floor of the battlefield, its lowest level: it affects all models there, even those that fly\./,
    );
  });
});
