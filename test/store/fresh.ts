// src/store and the errors it throws, loaded afresh for each test, after the test file's vi.mock of node:fs.
// Two reasons: test/setup.ts (every file's setup) has already loaded src/store with the real node:fs before a
// test file's mock applies; and a module's constants are evaluated when it loads, so only a module loaded inside
// a test shows a constant that `npm run mutation` changed (docs/development.md, Mutation testing).
import { vi } from 'vitest';

export interface Store {
  errors: typeof import('../../src/errors.js');
  files: typeof import('../../src/store/files.js');
  lock: typeof import('../../src/store/lock.js');
  permissions: typeof import('../../src/store/permissions.js');
  session: typeof import('../../src/store/session.js');
  tables: typeof import('../../src/store/tables.js');
}

export async function freshStore(): Promise<Store> {
  vi.resetModules();
  const errors = await import('../../src/errors.js');
  const files = await import('../../src/store/files.js');
  const lock = await import('../../src/store/lock.js');
  const permissions = await import('../../src/store/permissions.js');
  const tables = await import('../../src/store/tables.js');
  const session = await import('../../src/store/session.js');
  return { errors, files, lock, permissions, session, tables };
}
