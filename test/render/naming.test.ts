// Commands named in text for a person: as they run badzone (npx or not), and with the --session they gave.
import { describe, expect, it } from 'vitest';
import { nameCommand } from '../../src/render/naming.js';
import { sessionArg } from '../../src/cli/main.js';
import { runCli, tempDir } from '../helpers.js';

describe('nameCommand', () => {
  it('names the command as the person runs it', () => {
    expect(nameCommand('Run `badzone end` next.', 'npx badzone')).toBe('Run `npx badzone end` next.');
    expect(nameCommand('Run `badzone end` next.', 'badzone')).toBe('Run `badzone end` next.');
    expect(
      nameCommand('Nothing to name.', () => {
        throw new Error('not asked when no command is named');
      }),
    ).toBe('Nothing to name.');
  });

  it('adds the --session the person gave to commands on a game, and only to those', () => {
    const s = "'my game.json'";
    expect(nameCommand('Continue it with `badzone round` or `badzone play`.', 'badzone', s)).toBe(
      "Continue it with `badzone round --session 'my game.json'` or `badzone play --session 'my game.json'`.",
    );
    expect(nameCommand('See `badzone fighter out Krag`.', 'npx badzone', 'g.json')).toBe(
      'See `npx badzone fighter out Krag --session g.json`.',
    );
    // Not twice, not to --help, not to commands that read no game.
    expect(nameCommand('`badzone new --force --session x.json`', 'badzone', 'g.json')).toBe(
      '`badzone new --force --session x.json`',
    );
    expect(nameCommand('`badzone round --help`', 'badzone', 'g.json')).toBe('`badzone round --help`');
    expect(nameCommand('`badzone events list` and `badzone roll D6`', 'badzone', 'g.json')).toBe(
      '`badzone events list` and `badzone roll D6`',
    );
  });

  it('a --session with an escape sequence or a line break is shown escaped, never sent to the terminal', async () => {
    const dir = tempDir();
    const name = 'a\u001b[31mb\n.json';
    expect((await runCli(['new', '--seed', '1', '--session', name], { cwd: dir })).code).toBe(0);
    const r = await runCli(['new', '--seed', '1', '--session', name], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(r.stderr).toContain("--session 'a\\x1b[31mb\\x0a.json'`");
  });

  it('sessionArg reads --session X and --session=X (the last one), not after --', () => {
    expect(sessionArg(['round', '--session', 'a.json'])).toBe('a.json');
    expect(sessionArg(['round', '--session=b.json', '--session', 'c.json'])).toBe('c.json');
    expect(sessionArg(['round'])).toBeUndefined();
    expect(sessionArg(['discard', '--', '--session', 'x'])).toBeUndefined();
  });
});

describe('hints that name commands keep the --session the person gave', () => {
  it('new on an existing game, and a second end: the suggested command works as written', async () => {
    const dir = tempDir();
    expect((await runCli(['new', '--seed', '3', '--session', 'g.json'], { cwd: dir })).code).toBe(0);
    const again = await runCli(['new', '--seed', '3', '--session', 'g.json'], { cwd: dir });
    expect(again.code).toBe(1);
    expect(again.stderr.replace(/\s+/g, ' ')).toMatch(
      /Continue it with `(npx )?badzone (play|round) --session g\.json`/,
    );
    expect(again.stderr).not.toMatch(/`(npx )?badzone (round|play)`/);
    expect((await runCli(['round', '--session', 'g.json'], { cwd: dir })).code).toBe(0);
    expect((await runCli(['end', '--session', 'g.json'], { cwd: dir })).code).toBe(0);
    const twice = await runCli(['end', '--session', 'g.json'], { cwd: dir });
    expect(twice.code).toBe(1);
    expect(twice.stderr.replace(/\s+/g, ' ')).toMatch(/`(npx )?badzone round --session g\.json`/);
    // JSON is data: the message is not rewritten.
    const j = await runCli(['end', '--session', 'g.json', '--json'], { cwd: dir });
    expect(JSON.parse(j.stderr).error.message).not.toMatch(/--session/);
  });
});

describe('a hint is laid out with the command as the person types it', () => {
  it('status on a game with an unconfirmed tile pick: no line overruns, no command broken across lines', async () => {
    const { createGame, step, defaultSetup } = await import('../../src/engine/index.js');
    const { shippedBook } = await import('../../src/store/tables.js');
    const { statusView } = await import('../../src/api/views.js');
    const { renderText } = await import('../../src/render/text.js');
    const { makeStyle } = await import('../../src/render/style.js');
    const book = shippedBook();
    let s = createGame(defaultSetup(20261130), book);
    for (let i = 0; i < 20; i++) {
      const r = step(s, { type: 'round' }, book);
      if (!r.ok) throw new Error('round refused');
      s = r.state;
    }
    expect(s.tilePicks.some((t) => !t.confirmed)).toBe(true);
    const st = makeStyle(false, 80, {
      hints: true,
      commandName: () => 'node ../badzone/bin/badzone.js',
      session: 'g.json',
    });
    const text = renderText({ kind: 'status', data: statusView('my-game.json', s, book) }, st);
    const lines = text.split('\n');
    expect(text).toContain('`node ../badzone/bin/badzone.js collapse TILE --session g.json`');
    expect(text).toContain('`node ../badzone/bin/badzone.js collapse --occupied TILES --session g.json`');
    for (const l of lines) {
      expect(l.length).toBeLessThanOrEqual(80);
      // Each command in backticks starts and ends on the same line.
      expect((l.match(/`/g) ?? []).length % 2).toBe(0);
    }
    // The paragraph is wrapped once, with the names in it: each continuation line is indented as the others, and
    // none could have taken the next line's first word (named after wrapping, "to have" ended a short line).
    const start = lines.findIndex((l) => l.startsWith('Unconfirmed:'));
    let end = start + 1;
    while (lines[end]?.startsWith(' ')) end++;
    const para = lines.slice(start, end);
    expect(para.length).toBeGreaterThan(2);
    for (let i = 1; i < para.length; i++) {
      expect(para[i]).toMatch(/^ {2}\S/);
      // The next line's first word, or its first command in backticks (a line never breaks inside one that fits).
      const next = /^(`[^`]*`\S*|\S+)/.exec(para[i + 1]?.trim() ?? '')?.[0];
      if (next !== undefined) expect(para[i]!.length + 1 + next.length).toBeGreaterThan(80);
    }
  });
});
