import { defineConfig } from 'vitest/config';
import path from 'node:path';

// Suites that start the app run once on PGlite and, when TEST_DATABASE_URL is set,
// again against the PostgreSQL server (project "http-postgres").
const appSuites = ['test/http/**/*.test.ts', 'test/realtime/**/*.test.ts', 'test/security/**/*.test.ts'];
// browser tests in test/security run in the e2e suite (vitest.e2e.config.ts)
const browserSuites = ['test/security/**/*.browser.test.ts'];
const withServer = !!process.env.TEST_DATABASE_URL;
// Inline projects do not inherit the root's timeouts: set them on each (CI machines are small).
// Two files at a time (vitest's default on 2 cores is one): each suite has its own database and
// ephemeral ports, and most of a file's time is spent waiting on servers, not computing. The
// cluster suites share the Redis server's queues, so they run after the rest, one at a time.
const timeouts = { testTimeout: 60_000, hookTimeout: 120_000, maxWorkers: 2 };
// The server suites share one module graph per worker (isolate: false): each file still builds its
// own app, database and ports (test/helpers/app.ts), but the server's modules load once per worker
// instead of once per file, which halves the suites' time. The client suite (happy-dom, React)
// keeps a fresh module graph per file.
const shared = { isolate: false };
const clusterSuites = ['test/cluster/**/*.test.ts'];
// twenty 20-second Redis outages (issue #24): mostly waiting, so CI runs it beside the browser suite
const outageSuites = ['test/outage/**/*.test.ts'];
// Tests hash thousands of passwords: a light argon2 cost, switched on explicitly (auth/passwords.ts)
const fastHash = { QUIRE_TEST_FAST_HASH: '1' };

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['test/helpers/globalSetup.ts'],
    projects: [
      {
        test: {
          ...timeouts,
          ...shared,
          name: 'unit',
          include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'workers/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          env: fastHash,
        },
      },
      {
        // the client imports shared code as @shared/* (vite.config.ts has the same alias)
        resolve: { alias: { '@shared': path.resolve('shared') } },
        test: {
          ...timeouts,
          name: 'client',
          include: ['client/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          ...timeouts,
          ...shared,
          name: 'http-pglite',
          include: appSuites,
          exclude: browserSuites,
          env: { ...fastHash, QUIRE_TEST_DB: 'pglite' },
        },
      },
      ...(withServer
        ? [
            {
              test: {
                ...timeouts,
                ...shared,
                name: 'http-postgres',
                include: appSuites,
                exclude: browserSuites,
                env: { ...fastHash, QUIRE_TEST_DB: 'postgres' },
              },
            },
            {
              test: {
                ...timeouts,
                name: 'cluster',
                include: clusterSuites,
                maxWorkers: 1,
                sequence: { groupOrder: 1 },
                env: { ...fastHash, QUIRE_TEST_DB: 'postgres' },
              },
            },
            {
              test: {
                ...timeouts,
                name: 'cluster-outage',
                include: outageSuites,
                maxWorkers: 1,
                sequence: { groupOrder: 2 },
                env: { ...fastHash, QUIRE_TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
