// Start-up: what the bundles do with Node's built-in modules. They use them as they are, not through esbuild's copy
// of each (__toESM: a getter for every export, made when the bundle starts): scripts/bundle.mjs's plainBuiltins
// removes the copies from the whole command line's bundle (written with spaces) and from each command's own
// (minified whitespace). And `status` loads no built-in module it does not use: not node:module (its stand-in,
// ownRequire, gives the bundle's own require()) nor node:os (lazyOs), which bin/badzone.js does not load either.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT, tempDir } from '../helpers.js';

const { plainBuiltins } = (await import(pathToFileURL(path.join(ROOT, 'scripts', 'bundle.mjs')).href)) as {
  plainBuiltins: (code: string) => string;
};

/** The built-in modules `code` still copies: `fs6` for `fs6=__toESM(require("node:fs"),1)`. */
function copied(code: string): string[] {
  return [...code.matchAll(/([\w$]+)\s*=\s*__toESM\(require\("node:[a-z_/]+"\),\s*1\)/g)].map((m) => m[1]!);
}

describe('plainBuiltins', () => {
  it('uses a built-in module as it is, in the spaced and in the minified form', () => {
    expect(plainBuiltins('var fs = __toESM(require("node:fs"), 1);\nfs.readFileSync(f);')).toBe(
      'var fs = require("node:fs");\nfs.readFileSync(f);',
    );
    expect(
      plainBuiltins('var fs6=__toESM(require("node:fs"),1),path3=__toESM(require("node:path"),1);fs6.statSync(f);'),
    ).toBe('var fs6=require("node:fs"),path3=require("node:path");fs6.statSync(f);');
  });

  it("keeps the copy of a module whose default is used (a built-in module's namespace has no default)", () => {
    for (const code of [
      'var process2 = __toESM(require("node:process"), 1);\n(0, process2.default.exit)(1);',
      'var process2=__toESM(require("node:process"),1);(0,process2.default.exit)(1);',
    ])
      expect(plainBuiltins(code)).toBe(code);
    // Only that one: another name that ends the same is not it.
    expect(plainBuiltins('var os=__toESM(require("node:os"),1),my_os={};my_os.default;')).toBe(
      'var os=require("node:os"),my_os={};my_os.default;',
    );
  });

  it('leaves no copy in the built bundles but of a module whose default is used', () => {
    const dist = path.join(ROOT, 'dist');
    const bundles = fs.readdirSync(dist).filter((f) => /^badzone(-[a-z]+)?\.js$/.test(f));
    expect(bundles).toContain('badzone-status.js');
    for (const name of bundles) {
      const code = fs.readFileSync(path.join(dist, name), 'latin1');
      const needless = copied(code).filter(
        (v) => !new RegExp(`(?<![\\w$])${v.replace(/\$/g, '\\$')}\\.default\\b`).test(code),
      );
      expect(needless, name).toEqual([]);
    }
    expect(copied(fs.readFileSync(path.join(dist, 'badzone-status.js'), 'latin1'))).toEqual([]);
  });
});

describe('the built-in modules status loads', () => {
  it("are those a script that does nothing loads, and node:vm (bin/badzone.js's): not node:module, not node:os", () => {
    const dir = tempDir('badzone-builtins-');
    const session = path.join(dir, 'game.json');
    expect(spawnSync(process.execPath, [BIN, 'new', '--seed', '7', '--session', session]).status).toBe(0);
    const hook = path.join(dir, 'loaded.cjs');
    fs.writeFileSync(
      hook,
      "process.on('exit', () => require('node:fs').writeSync(3, process.moduleLoadList.join('\\n')));",
    );
    const loaded = (args: string[]) => {
      // The list goes out on a descriptor of its own; the command's output goes to a pipe, as a script's would.
      const r = spawnSync(process.execPath, ['-r', hook, ...args], {
        cwd: dir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      });
      expect(r.status, r.stderr).toBe(0);
      return { list: String(r.output[3]).split('\n'), stdout: r.stdout };
    };
    fs.writeFileSync(path.join(dir, 'nothing.js'), '');
    const before = new Set(loaded([path.join(dir, 'nothing.js')]).list);
    const status = loaded([BIN, 'status', '--session', session]);
    expect(status.stdout, 'status ran').toMatch(/In play/);
    const more = status.list.filter((m) => !before.has(m));
    for (const m of ['NativeModule module', 'NativeModule os', 'NativeModule internal/modules/esm/loader'])
      expect(more, m).not.toContain(m);
    expect(more).toEqual(['NativeModule vm']);
  });

  it("is given the bundle's own require() for createRequire(import.meta.url): the only form the sources use", () => {
    const calls: string[] = [];
    const walk = (d: string): void => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const f = path.join(d, e.name);
        if (e.isDirectory()) walk(f);
        else if (/\.ts$/.test(e.name))
          for (const m of fs.readFileSync(f, 'utf8').matchAll(/\bcreateRequire\(([^)]*)\)/g))
            calls.push(`${path.relative(ROOT, f)}: ${m[1]}`);
      }
    };
    walk(path.join(ROOT, 'src'));
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((c) => !c.endsWith(': import.meta.url'))).toEqual([]);
  });
});
