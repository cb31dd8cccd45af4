import { defineConfig } from 'vitest/config';
import path from 'node:path';

// Browser suite: a real server process (PGlite in a temp data dir, built client) driven by
// real Chromium through playwright-core. Two files at a time: each has its own server, data
// directory and ports, and most of a file's time is spent waiting on the browser and the server.
export default defineConfig({
  resolve: { alias: { '@shared': path.resolve('shared') } },
  test: {
    name: 'e2e',
    include: ['test/e2e/**/*.test.ts', 'test/security/**/*.browser.test.ts'],
    // the scale-out setup needs a PostgreSQL server, as the http-postgres suites do
    exclude: process.env.TEST_DATABASE_URL ? [] : ['test/e2e/scale-out.test.ts'],
    environment: 'node',
    // a migrated data directory each test server copies (helpers/globalSetup.ts)
    globalSetup: ['test/e2e/helpers/globalSetup.ts'],
    // a light argon2 cost for the passwords the suite creates (auth/passwords.ts)
    env: { QUIRE_TEST_FAST_HASH: '1' },
    testTimeout: 120_000,
    hookTimeout: 180_000,
    maxWorkers: 2,
    // files share a worker's module graph (playwright-core and the helpers load once per worker, not
    // once per file): each file still starts its own server and browser; see docs/DEVELOPING.md
    isolate: false,
    // expect.poll waits 1 s by default: too short for a browser and a server on a busy 2-core machine
    expect: { poll: { timeout: 10_000 } },
  },
});
