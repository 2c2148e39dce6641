// badzone completion bash|zsh|fish: generated from the commander program and the shipped tables, and the
// scripts really complete (bash always; zsh and fish when installed, else skipped with the reason printed).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { runCli, tempDir } from '../helpers.js';
import { buildProgram } from '../../src/cli/program.js';
import { shippedTables } from '../../src/store/tables.js';

const EVENT_IDS = shippedTables().events.results.map((e) => e.id);
const HAZARD_IDS = shippedTables().hazards.hazards.map((h) => h.id);

/** Every command path and its long flags, read from the real program (not a hand-kept list). */
function commandPaths(): { path: string; flags: string[] }[] {
  const program = buildProgram({} as never, () => undefined, '0.0.0');
  const out: { path: string; flags: string[] }[] = [];
  const walk = (c: Command, p: string) => {
    out.push({ path: p, flags: c.options.map((o) => o.long!).filter(Boolean) });
    for (const s of c.commands) walk(s, p ? `${p} ${s.name()}` : s.name());
  };
  walk(program, '');
  return out;
}

function has(bin: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${bin}`], { encoding: 'utf8' }).status === 0;
}

async function script(shell: string): Promise<string> {
  const r = await runCli(['completion', shell]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return r.stdout;
}

function save(text: string, name: string): string {
  const file = path.join(tempDir('badzone-completion-'), name);
  fs.writeFileSync(file, text);
  return file;
}

describe('badzone completion', () => {
  it('each script names every command, every flag and every event id', async () => {
    const paths = commandPaths();
    expect(paths.length).toBeGreaterThan(20);
    for (const shell of ['bash', 'zsh', 'fish']) {
      const s = await script(shell);
      for (const p of paths) {
        for (const word of p.path.split(' ').filter(Boolean)) expect(s, `${shell}: command ${p.path}`).toContain(word);
        for (const f of p.flags)
          expect(s, `${shell}: ${p.path} ${f}`).toContain(shell === 'fish' ? `-l ${f.slice(2)}` : f);
      }
      for (const id of EVENT_IDS) expect(s, `${shell}: event ${id}`).toContain(id);
      expect(s).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    }
  });

  it('refuses an unknown shell with exit 2', async () => {
    const r = await runCli(['completion', 'powershell']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bash, zsh, fish/);
    expect((await runCli(['completion'])).code).toBe(2);
  });

  it('bash: completes commands, subcommands, flags, flag values, event ids and files', async () => {
    const file = save(await script('bash'), 'badzone.bash');
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'my-table.json'), '{}');
    const cases: [string[], string[] | ((got: string[]) => void)][] = [
      [
        ['badzone', ''],
        (got) =>
          expect(got).toEqual(
            expect.arrayContaining(['round', 'end', 'play', 'completion', 'events', 'hazard', 'new', 'status']),
          ),
      ],
      [
        ['badzone', 'pl'],
        ['place', 'play'],
      ],
      [
        ['badzone', 'events', ''],
        ['list', 'show'],
      ],
      [
        ['badzone', 'events', 'show', 'col'],
        ['collapsed-structure', 'cold-snap', 'collapsed-section'],
      ],
      [['badzone', 'discard', ''], EVENT_IDS],
      // a flag's value is skipped when working out the command and its arguments
      [['badzone', 'place', '--session', 'x.json', 'static'], ['static-storm']],
      [
        ['badzone', 'new', '--mode', ''],
        ['dice', 'deck'],
      ],
      [
        ['badzone', 'new', '--hazard', '1'],
        ['1', '10'],
      ],
      [['badzone', 'round', '--ma'], ['--manual']],
      [
        ['badzone', 'play', '--'],
        ['--session', '--manual', '--seed', '--help'],
      ],
      [
        ['badzone', 'hazard', 'show', ''],
        [...HAZARD_IDS, 'nomadic'],
      ],
      [['badzone', 'visibility', 'set', 'p'], ['pitch-black']],
      [
        ['badzone', 'fighter', 'Krag', ''],
        ['battlefield', 'reserve', 'out'],
      ],
      [
        ['badzone', 'completion', ''],
        ['bash', 'zsh', 'fish'],
      ],
      [['badzone', 'table', 'lint', 'my-'], ['my-table.json']],
      [['badzone', 'roll', ''], []],
    ];
    for (const [words, want] of cases) {
      const r = spawnSync(
        'bash',
        [
          '-c',
          'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _badzone; printf "%s\\n" "${COMPREPLY[@]}"',
          'bash',
          file,
          ...words,
        ],
        { cwd: dir, encoding: 'utf8', timeout: 10_000 },
      );
      expect(r.status, r.stderr).toBe(0);
      const got = r.stdout.split('\n').filter((l) => l !== '');
      if (typeof want === 'function') want(got);
      else expect({ words, got: [...got].sort() }).toEqual({ words, got: [...want].sort() });
    }
  });

  it('fish: completes commands, event ids and flag values (skipped when fish is not installed)', async (ctx) => {
    if (!has('fish')) {
      console.log('skipped: fish is not installed');
      ctx.skip();
    }
    const file = save(await script('fish'), 'badzone.fish');
    expect(spawnSync('fish', ['-n', file]).status).toBe(0);
    const complete = (line: string): string[] => {
      const r = spawnSync('fish', ['-c', 'source $argv[1]; complete -C $argv[2]', file, line], {
        encoding: 'utf8',
        timeout: 10_000,
      });
      expect(r.stderr).toBe('');
      return r.stdout
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => l.split('\t')[0]!);
    };
    expect(complete('badzone ')).toEqual(expect.arrayContaining(['round', 'play', 'completion', 'events']));
    expect(complete('badzone events show col').sort()).toEqual([
      'cold-snap',
      'collapsed-section',
      'collapsed-structure',
    ]);
    expect(complete('badzone new --mode ').sort()).toEqual(['deck', 'dice']);
    expect(complete('badzone discard --session x.json static')).toEqual(['static-storm']);
    expect(complete('badzone round --ma')).toEqual(['--manual']);
  });

  it('zsh: the script parses, and its completer offers the right words (skipped when zsh is not installed)', async (ctx) => {
    if (!has('zsh')) {
      console.log('skipped: zsh is not installed');
      ctx.skip();
    }
    const file = save(await script('zsh'), '_badzone');
    expect(spawnSync('zsh', ['-n', file]).status).toBe(0);
    // zsh's completion system needs an interactive shell; here its builtins are stood in for, to see what the
    // completer hands them.
    const stubs = [
      'compdef() { : }',
      'compadd() { [[ $1 == -- ]] && shift; print -r -- "compadd $*" }',
      '_describe() { print -r -- "describe ${(j: :)${(P)4}}" }',
      '_files() { print -r -- "files" }',
      'source "$1"; shift',
      'words=("$@"); CURRENT=$#; _badzone',
    ].join('\n');
    const complete = (...words: string[]): string => {
      const r = spawnSync('zsh', ['-f', '-c', stubs, 'zsh', file, ...words], { encoding: 'utf8', timeout: 10_000 });
      expect(r.stderr).toBe('');
      return r.stdout.trim();
    };
    expect(complete('badzone', '')).toMatch(/^describe .*\bround:start the next round/);
    expect(complete('badzone', 'events', 'show', '')).toBe(`compadd ${EVENT_IDS.join(' ')}`);
    expect(complete('badzone', 'discard', '--session', 'x.json', '')).toBe(`compadd ${EVENT_IDS.join(' ')}`);
    expect(complete('badzone', 'new', '--mode', '')).toBe('compadd dice deck');
    expect(complete('badzone', 'round', '--')).toMatch(/^describe .*--manual:ask for each die/);
    expect(complete('badzone', 'table', 'lint', '')).toBe('files');
  });
});
