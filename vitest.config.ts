import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    env: { NO_COLOR: '1', FORCE_COLOR: '' },
    // The run's own temp folder, checked empty at the end (test/global-setup.ts); tempDir()s removed per file.
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
  },
});
