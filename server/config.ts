// Environment → typed configuration, validated once at start. A bad value is one clear line.
import path from 'node:path';

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
  from: string;
}

export interface Config {
  nodeEnv: string;
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL server; when absent the embedded PGlite database in dataDir/db is used */
  databaseUrl: string | null;
  redisUrl: string | null;
  /** public base URL (links in mails, attachment URLs); derived from the request when empty */
  publicUrl: string;
  smtp: SmtpConfig | null;
  /** default of the admin setting session_expire_days: idle days before a login token expires */
  tokenTtlDays: number;
  /** largest accepted JSON / form body, bytes */
  maxBodyBytes: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  trustProxy: boolean;
  /** test-only: every captcha answer is this value (refused in production) */
  testCaptcha: string | null;
  /** test-only (QUIRE_TEST_FAST_HASH=1): a light argon2id cost for new password hashes (auth/passwords.ts; refused in production) */
  testFastHash: boolean;
  /** directory holding the built web client */
  clientDist: string;
  /** READ_CACHES=off: no read or answer caches (items, grants, pages, menus, search answers); for measuring what the database answers alone */
  readCaches: boolean;
  /** READ_CACHES=on only: answers computed from many rows are kept (item menus, search answers); `rows` keeps the row caches alone */
  answerCaches: boolean;
  /** item/search and public mock calls allowed per user per minute (4× per address); 0 = no limit */
  rateLimitPerMinute: number;
  /** API processes on this machine sharing the port (node:cluster); > 1 needs PostgreSQL and Redis */
  webConcurrency: number;
  /** how far the V8 heap may grow past its live part before a full collection, in percent (server/heapGrowth.ts); 0 = V8's own rule */
  heapGrowingPercent: number;
  /** how long a stopping process lets running requests finish (SHUTDOWN_GRACE_MS) */
  shutdownGraceMs: number;
  /** with REDIS_URL: API processes also run background jobs (JOBS_IN_API=1); else only `npm run workers` do */
  jobsInApi: boolean;
  /** background jobs one process runs at once (JOB_CONCURRENCY) */
  jobConcurrency: number;
  /** a running job's claim (and BullMQ's lock): renewed while it runs, taken over when it ran out (QUIRE_JOB_LEASE_MS) */
  jobLeaseMs: number;
  /** test-only: the test job kinds of server/jobs/testKinds.ts are registered (QUIRE_TEST_JOBS=1; refused in production) */
  testJobs: boolean;
  /**
   * test-only (QUIRE_TEST_WEBHOOK_ALLOW, read only when NODE_ENV=test): `host:port` pairs the notice
   * webhook may reach although they are not public (a receiver the test starts on loopback)
   */
  testWebhookAllow: string[];
}

export class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, def: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function url(env: NodeJS.ProcessEnv, name: string, protocols: string[]): string | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL: "${redact(raw)}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.map((p) => p + '//').join(' or ')}, got "${redact(raw)}"`);
  }
  return raw;
}

/** Hide credentials when echoing a URL back in an error line. */
function redact(raw: string): string {
  return raw.replace(/\/\/([^@/]*)@/, '//***@');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV || 'development';
  const port = int(env, 'PORT', 4999, 0, 65535);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const redisUrl = url(env, 'REDIS_URL', ['redis:', 'rediss:']);
  const publicUrl = url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? '';

  let smtp: SmtpConfig | null = null;
  if (env.SMTP_HOST) {
    const from = env.SMTP_FROM || env.SMTP_USER || '';
    if (!from) throw new ConfigError('SMTP_FROM (or SMTP_USER) is required when SMTP_HOST is set');
    smtp = {
      host: env.SMTP_HOST,
      port: int(env, 'SMTP_PORT', 587, 1, 65535),
      secure: env.SMTP_SECURE === '1' || env.SMTP_SECURE === 'true',
      user: env.SMTP_USER || '',
      pass: env.SMTP_PASS || '',
      from,
    };
  }

  const logLevel = (env.LOG_LEVEL || (nodeEnv === 'test' ? 'warn' : 'info')) as Config['logLevel'];
  if (!['debug', 'info', 'warn', 'error', 'silent'].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of debug, info, warn, error, silent; got "${logLevel}"`);
  }

  const testCaptcha = env.QUIRE_TEST_CAPTCHA || null;
  if (testCaptcha && nodeEnv === 'production') {
    throw new ConfigError('QUIRE_TEST_CAPTCHA is a test-only switch and is refused when NODE_ENV=production');
  }

  const fastHash = env.QUIRE_TEST_FAST_HASH || '';
  if (fastHash && nodeEnv === 'production') {
    throw new ConfigError('QUIRE_TEST_FAST_HASH is a test-only switch and is refused when NODE_ENV=production');
  }
  if (fastHash && fastHash !== '1') throw new ConfigError(`QUIRE_TEST_FAST_HASH must be 1 or unset, got "${fastHash}"`);

  // processes on one machine share nothing but the port: the embedded database has a single
  // owner, and realtime relays and cache invalidation between processes go through Redis
  const webConcurrency = int(env, 'WEB_CONCURRENCY', 1, 1, 64);
  if (webConcurrency > 1 && (!databaseUrl || !redisUrl)) {
    throw new ConfigError(`WEB_CONCURRENCY=${webConcurrency} needs DATABASE_URL and REDIS_URL (the embedded database serves one process)`);
  }

  const heapGrowingPercent = int(env, 'HEAP_GROWING_PERCENT', 100, 0, 1000);

  const readCaches = (env.READ_CACHES || 'on').trim().toLowerCase();
  if (readCaches !== 'on' && readCaches !== 'rows' && readCaches !== 'off') throw new ConfigError(`READ_CACHES must be on, rows or off, got "${env.READ_CACHES}"`);

  const testJobs = env.QUIRE_TEST_JOBS === '1' || env.QUIRE_TEST_JOBS === 'true';
  if (testJobs && nodeEnv === 'production') {
    throw new ConfigError('QUIRE_TEST_JOBS is a test-only switch and is refused when NODE_ENV=production');
  }

  const webhookAllow = (env.QUIRE_TEST_WEBHOOK_ALLOW || '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  if (webhookAllow.length && nodeEnv !== 'test') {
    throw new ConfigError('QUIRE_TEST_WEBHOOK_ALLOW is a test-only switch and is read only when NODE_ENV=test');
  }

  return {
    nodeEnv,
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl,
    redisUrl,
    publicUrl: publicUrl.replace(/\/+$/, ''),
    smtp,
    tokenTtlDays: int(env, 'TOKEN_TTL_DAYS', 30, 1, 3650),
    maxBodyBytes: int(env, 'MAX_BODY_MB', 8, 1, 512) * 1024 * 1024,
    logLevel,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    testCaptcha,
    testFastHash: fastHash === '1',
    clientDist: path.resolve(env.CLIENT_DIST || 'dist/client'),
    readCaches: readCaches !== 'off',
    answerCaches: readCaches === 'on',
    rateLimitPerMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 600, 0, 1_000_000),
    webConcurrency,
    heapGrowingPercent,
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', 15_000, 0, 600_000),
    jobsInApi: env.JOBS_IN_API === '1' || env.JOBS_IN_API === 'true',
    jobConcurrency: int(env, 'JOB_CONCURRENCY', 2, 1, 32),
    jobLeaseMs: int(env, 'QUIRE_JOB_LEASE_MS', 30_000, 2_000, 600_000),
    testJobs,
    testWebhookAllow: webhookAllow,
  };
}
