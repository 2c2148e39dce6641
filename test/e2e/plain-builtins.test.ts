// Start-up: the bundles use Node's built-in modules as they are, not through esbuild's copy of each (__toESM: a
// getter for every export, made when the bundle starts). scripts/bundle.mjs's plainBuiltins removes the copies
// from the whole command line's bundle (written with spaces) and from each command's own (minified whitespace).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.js';

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
