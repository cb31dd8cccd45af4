import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// ---------------------------------------------------------------------------------------------
// The house rules of docs/ARCHITECTURE.md, checked on every `npm run lint`.
// Data flows one way: http → api → policies / domain / presenters → repositories (server/db).
// realtime, listeners, workers and the operator CLI enter the way api does. Each layer lists what it must not import
// (relative import specifiers, matched by regular expression).
// ---------------------------------------------------------------------------------------------

/** a relative import of a top-level server folder, from anywhere below server/ */
const layer = (name) => `^(\\.\\./)+(server/)?${name}(/|$)`;
const ban = (name, why) => ({ regex: layer(name), message: why });

const noHttp = ban('http', 'Only api/ (and the app) use the HTTP layer: move what you need below it (errors.ts, auth/, lib/).');
const noApi = ban('api', 'Nothing imports the API handlers; put shared logic in domain/ or policies/.');
const noRealtime = ban('realtime', 'realtime/ is an entry layer like api/: talk to it through domain events.');
const noListeners = ban('listeners', 'listeners/ is an entry layer: talk to it through domain events.');
const noWorkers = { regex: '^(\\.\\./)+workers(/|$)', message: 'workers/ is an entry layer: register jobs there, do not import it.' };
const noPolicies = ban('policies', 'Access is decided above the domain: api/, realtime/, listeners/ and workers call policies, then the domain.');
const noDomain = ban('domain', 'This layer is below the domain.');
const noPresenters = ban('presenters', 'Presenters shape answers for api/ and realtime/; the domain returns rows.');
const noCache = ban('cache', 'This layer is below the read cache.');
const noRepos = ban('db/repos', 'Entry layers reach data through the domain or the policies.');
const drizzle = (why) => [
  { name: 'drizzle-orm', message: why },
  { name: 'drizzle-orm/pg-core', message: why },
];
const SQL_ONLY_IN_REPOS = 'SQL lives in the repositories (server/db/repos): call a repository function.';
const noSchemaValues = { regex: '^(\\.\\./)+(server/)?db/schema$', message: SQL_ONLY_IN_REPOS, allowTypeImports: true };
const frameworks = [
  { name: 'koa', message: 'Koa belongs to http/ and api/.' },
  { name: 'socket.io', message: 'Socket.IO belongs to realtime/.' },
  { name: 'bullmq', message: 'BullMQ belongs to workers/.' },
];

const sharedApiTypesOnly = {
  regex: '^@shared/api(/|$)',
  allowTypeImports: true,
  message: 'The client imports shared/api as types only (`import type`): its zod schemas must not enter the bundle.',
};
const noApiTypes = { message: 'client/src/api/types.ts is gone: answer types come from @shared/api/<controller>, Id/Flag/flag/sameId from the api barrel (api/ids.ts).' };

const restrict = (patterns, paths = []) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns, paths }],
});

// Fields that carry a grant (item/team member groups, catalog limits): reading them is deciding
// access, which only server/policies does (repositories load them, presenters show them).
const GRANT_FIELDS = '/^(memberGroup|memberGroupId|teamMemberGroupId|catIds|MEMBER_GROUP|TEAM_MEMBER_GROUP)$/';
// The server runs as a bundle (scripts/buildServer.mjs) where every module shares the bundle's
// location: a file found relative to a module's own URL would be looked for in dist/server.
const BUNDLE_PATH_MESSAGE = "A path from import.meta.url breaks in the server's bundle: use fromRoot('server/…') from server/paths.ts.";
const bundlePaths = [
  { selector: "NewExpression[callee.name='URL'] > MemberExpression.arguments[object.type='MetaProperty'][property.name='url']", message: BUNDLE_PATH_MESSAGE },
  { selector: "CallExpression[callee.name='fileURLToPath'] > MemberExpression.arguments[object.type='MetaProperty'][property.name='url']", message: BUNDLE_PATH_MESSAGE },
  { selector: "MemberExpression[object.type='MetaProperty'][property.name=/^(dirname|filename)$/]", message: BUNDLE_PATH_MESSAGE },
];
const grantRule = {
  'no-restricted-syntax': [
    'error',
    { selector: `MemberExpression[property.name=${GRANT_FIELDS}]`, message: 'Grant fields are read only in server/policies: ask a policy (can…) instead.' },
    { selector: `ImportSpecifier[imported.name=${GRANT_FIELDS}]`, message: 'Grant constants are used only in server/policies.' },
    ...bundlePaths,
  ],
};

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'coverage/', 'server/db/migrations/', '**/.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
      'no-control-regex': 'off',
    },
  },
  // --- layers (tests beside the code may reach further: they set up what they test) ---
  // Every server file outside the layers below (app.ts, deps.ts, jobs/, …) still keeps SQL out.
  {
    files: ['server/**/*.ts', 'workers/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([noSchemaValues], drizzle(SQL_ONLY_IN_REPOS)),
  },
  {
    files: ['server/domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([noHttp, noApi, noRealtime, noListeners, noWorkers, noPolicies, noPresenters, noSchemaValues], [...drizzle(SQL_ONLY_IN_REPOS), ...frameworks]),
  },
  {
    files: ['server/policies/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([noHttp, noApi, noRealtime, noListeners, noWorkers, noDomain, noPresenters, noSchemaValues], [...drizzle(SQL_ONLY_IN_REPOS), ...frameworks]),
  },
  {
    files: ['server/presenters/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([noHttp, noApi, noRealtime, noListeners, noWorkers, noDomain, noPolicies, noCache, noSchemaValues], [...drizzle(SQL_ONLY_IN_REPOS), ...frameworks]),
  },
  {
    files: ['server/db/**/*.ts', 'server/lib/**/*.ts', 'server/errors.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([noHttp, noApi, noRealtime, noListeners, noWorkers, noDomain, noPolicies, noPresenters, noCache], frameworks),
  },
  {
    files: ['server/auth/**/*.ts', 'server/cache/**/*.ts', 'server/storage/**/*.ts', 'server/mock/**/*.ts', 'server/net/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([noHttp, noApi, noRealtime, noListeners, noWorkers, noDomain, noPolicies, noPresenters, noSchemaValues], [...drizzle(SQL_ONLY_IN_REPOS), ...frameworks]),
  },
  // the queue (server/jobs): below the entry layers, beside the domain; its SQL in repos/jobs.ts
  {
    files: ['server/jobs/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([noHttp, noApi, noRealtime, noListeners, noWorkers, noPolicies, noPresenters, noSchemaValues], [...drizzle(SQL_ONLY_IN_REPOS), ...frameworks.filter((f) => f.name !== 'bullmq')]),
  },
  {
    files: ['server/api/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([noRealtime, noListeners, noWorkers, noSchemaValues, noRepos], drizzle(SQL_ONLY_IN_REPOS)),
  },
  {
    files: ['server/realtime/**/*.ts', 'server/listeners/**/*.ts', 'workers/**/*.ts', 'server/cli/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([noHttp, noApi, noSchemaValues, noRepos], drizzle(SQL_ONLY_IN_REPOS)),
  },
  {
    files: ['server/http/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([noApi, noRealtime, noListeners, noWorkers, noPolicies, noPresenters, noSchemaValues], drizzle(SQL_ONLY_IN_REPOS)),
  },
  // --- the client reads the answer shapes of shared/api as types only: its zod schemas stay out of the
  // bundle. Answer types come straight from @shared/api/<controller>, the id and flag helpers from
  // api/ids.ts (through the api barrel); a client-side list of answer types (api/types.ts) is gone for good.
  {
    files: ['client/**/*.{ts,tsx}'],
    rules: restrict([sharedApiTypesOnly, { ...noApiTypes, regex: '^(\\.\\.?/)+api/types$' }]),
  },
  {
    files: ['client/src/api/**/*.{ts,tsx}'],
    rules: restrict([sharedApiTypesOnly, { ...noApiTypes, regex: '^(\\.\\.?/)+types$' }]),
  },
  // --- files the server reads are found from the project root (server/paths.ts), not from a module's URL ---
  {
    files: ['server/**/*.ts', 'workers/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...bundlePaths] },
  },
  // --- grant fields: decided in policies, loaded by repositories, shown by presenters ---
  {
    files: ['server/**/*.ts', 'workers/**/*.ts'],
    ignores: ['server/policies/**', 'server/db/**', 'server/presenters/**', '**/*.test.ts'],
    rules: grantRule,
  },
);
