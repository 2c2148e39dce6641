// What the tests of src/store/files.ts share (one topic a file, in this folder): for each test, src/store loaded
// afresh and a fresh temp folder, as live bindings (F is files.ts, E the errors, dir the folder); mocks made with
// vi.spyOn restored after each test.
// Each test file mocks node:fs with the seam itself: vi.mock is hoisted above the imports only in a test file.
import { afterEach, beforeEach, vi } from 'vitest';
import { freshStore, type Store } from '../fresh.js';
import { list as listIn, sessionIn, useTempFolder } from '../kit.js';

export let F: Store['files'];
export let E: Store['errors'];
export let dir = '';

/** Call once, at the top of a test file. */
export function useFilesHarness(): void {
  beforeEach(async () => {
    ({ files: F, errors: E } = await freshStore());
  });
  useTempFolder('badzone-files-', (d) => (dir = d));
  afterEach(() => vi.restoreAllMocks());
}

/** The names in `d` (the test's folder by default), sorted. */
export const list = (d = dir): string[] => listIn(d);

/** A session file in the test's folder (game.json, an old game's content by default); returns its path. */
export const session = (name?: string, text?: string): string => sessionIn(dir, name, text);
