// src/store/nearby.ts: looking around a session path the person typed. folderExists: whether the file's folder is
// there. similarSession: the .json file beside it that is a small typo away (at most max(2, floor(length / 5))
// edits, case ignored, never the name itself), the closest first and ties by name, among at most the first 2000
// .json names of the folder.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { arm } from './fs-seam.js';
import { useTempFolder } from './kit.js';

vi.mock('node:fs', async (importOriginal) => (await import('./fs-seam.js')).seamed(await importOriginal()));

let nearby: typeof import('../../src/store/nearby.js');
let dir = '';

beforeEach(async () => {
  vi.resetModules();
  nearby = await import('../../src/store/nearby.js');
});
useTempFolder('badzone-nearby-', (d) => (dir = d));

const touch = (...names: string[]) => names.forEach((n) => fs.writeFileSync(path.join(dir, n), '{}'));
const similar = (name: string) => nearby.similarSession(path.join(dir, name));
/** The folder lists exactly these names, in this order (the order readdir gives is the system's). */
const listing = (names: string[]) => arm('readdirSync', { returns: names }, (args) => args[0] === dir);

describe('folderExists', () => {
  it('true for a file in an existing folder (whether or not the file is there)', () => {
    expect(nearby.folderExists(path.join(dir, 'new.json'))).toBe(true);
    touch('g.json');
    expect(nearby.folderExists(path.join(dir, 'g.json'))).toBe(true);
  });

  it('false when the folder is missing, or is a file', () => {
    expect(nearby.folderExists(path.join(dir, 'missing', 'g.json'))).toBe(false);
    touch('plain.json');
    expect(nearby.folderExists(path.join(dir, 'plain.json', 'g.json'))).toBe(false);
  });
});

describe('similarSession', () => {
  it('a one-letter typo finds the file beside it', () => {
    touch('campaign.json', 'notes.txt');
    expect(similar('campain.json')).toBe(path.join(dir, 'campaign.json'));
  });

  it('case is ignored both ways, and the file is given as it is named', () => {
    touch('Campaign.JSON');
    expect(similar('campain.json')).toBe(path.join(dir, 'Campaign.JSON'));
    expect(similar('CAMPAIN.JSON')).toBe(path.join(dir, 'Campaign.JSON'));
  });

  it('never the name itself (nor itself in other case): nothing else near gives null', () => {
    touch('game.json');
    expect(similar('game.json')).toBeNull();
    expect(similar('GAME.json')).toBeNull();
    touch('gane.json');
    expect(similar('game.json')).toBe(path.join(dir, 'gane.json'));
  });

  it('only .json files are offered', () => {
    touch('game.json~', 'game.jsonx', 'gam.txt');
    expect(similar('game.json')).toBeNull();
  });

  it('no folder, or one that cannot be listed: null', () => {
    expect(nearby.similarSession(path.join(dir, 'missing', 'g.json'))).toBeNull();
    arm('readdirSync', { throws: Object.assign(new Error('EACCES'), { code: 'EACCES' }) }, (args) => args[0] === dir);
    touch('gg.json');
    expect(similar('g.json')).toBeNull();
  });

  it('at most two edits for a short name (max(2, floor(length / 5)))', () => {
    // "ab.json" is 7 characters: floor(7 / 5) = 1, so the bound is 2.
    touch('abcd.json');
    expect(similar('ab.json')).toBe(path.join(dir, 'abcd.json'));
    expect(similar('a.json')).toBeNull(); // 3 edits away
  });

  it('a long name allows floor(length / 5) edits, and not one more', () => {
    // 20 characters: up to 4 edits.
    const want = 'summer-campaign.json';
    expect(want.length).toBe(20);
    touch('summer-cmpgn.json'); // 3 letters dropped: 3 edits
    expect(similar(want)).toBe(path.join(dir, 'summer-cmpgn.json'));
    fs.rmSync(path.join(dir, 'summer-cmpgn.json'));
    touch('summr-cmpgn.json'); // 4 edits: the bound
    expect(similar(want)).toBe(path.join(dir, 'summr-cmpgn.json'));
    fs.rmSync(path.join(dir, 'summr-cmpgn.json'));
    touch('sumr-cmpgn.json'); // 5 edits
    expect(similar(want)).toBeNull();
  });

  it('the closest first; at the same distance, the first by name; in whatever order the folder lists them', () => {
    const far = 'gamexy.json'; // 2 edits from game.json
    const near = ['gamf.json', 'gamd.json', 'gama.json']; // 1 edit each
    for (const order of [
      [far, ...near],
      [...near, far],
      [near[0]!, far, near[2]!, near[1]!],
    ]) {
      listing(order);
      expect(similar('game.json'), order.join(' ')).toBe(path.join(dir, 'gama.json'));
    }
    // Nearer but later by name: still the nearer.
    listing(['zame.json', 'gamexy.json']);
    expect(similar('game.json')).toBe(path.join(dir, 'zame.json'));
    listing(['gamexy.json', 'zame.json']);
    expect(similar('game.json')).toBe(path.join(dir, 'zame.json'));
  });

  it('looks at no more than the first 2000 .json names the folder lists', () => {
    const filler = Array.from({ length: 2000 }, (_, i) => `unrelated-${String(i).padStart(5, '0')}.json`);
    listing([...filler, 'gane.json']);
    expect(similar('game.json')).toBeNull();
    listing([...filler.slice(1), 'gane.json', filler[0]!]);
    expect(similar('game.json')).toBe(path.join(dir, 'gane.json'));
    // Other files do not count against the 2000.
    listing(['notes.txt', ...filler.slice(1), 'gane.json']);
    expect(similar('game.json')).toBe(path.join(dir, 'gane.json'));
  });
});
