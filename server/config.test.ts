// Environment → Config: defaults, and every bad value is one clear ConfigError line (main.ts prints
// it and exits 1 — checked on the real entry point at the end).
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { ConfigError, loadConfig } from './config';

const exec = promisify(execFile);

const fails = (env: NodeJS.ProcessEnv): string => {
  try {
    loadConfig(env);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    const msg = (e as Error).message;
    expect(msg).not.toContain('\n');
    return msg;
  }
  throw new Error(`config accepted ${JSON.stringify(env)}`);
};

describe('loadConfig', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 4999, host: '0.0.0.0', databaseUrl: null, redisUrl: null, smtp: null, tokenTtlDays: 30, rateLimitPerMinute: 600, webConcurrency: 1, testCaptcha: null, testFastHash: false, trustProxy: false, nodeEnv: 'development', logLevel: 'info' });
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.maxBodyBytes).toBe(8 * 1024 * 1024);
    expect(c.readCaches).toBe(true);
  });

  it('READ_CACHES=off turns the read caches off, rows keeps the row caches alone; other values are refused', () => {
    expect(loadConfig({ READ_CACHES: 'off' })).toMatchObject({ readCaches: false, answerCaches: false });
    expect(loadConfig({ READ_CACHES: 'rows' })).toMatchObject({ readCaches: true, answerCaches: false });
    expect(loadConfig({ READ_CACHES: 'on' })).toMatchObject({ readCaches: true, answerCaches: true });
    expect(loadConfig({})).toMatchObject({ readCaches: true, answerCaches: true });
    expect(fails({ READ_CACHES: 'no' })).toContain('READ_CACHES must be on, rows or off');
  });

  it('reads good values', () => {
    const c = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/quire-x',
      DATABASE_URL: 'postgres://u:p@db:5432/quire',
      REDIS_URL: 'redis://127.0.0.1:6379',
      PUBLIC_URL: 'https://docs.example.com/',
      SMTP_HOST: 'smtp.example.com',
      SMTP_USER: 'mailer@example.com',
      SMTP_PORT: '465',
      SMTP_SECURE: 'true',
      TOKEN_TTL_DAYS: '30',
      MAX_BODY_MB: '16',
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'debug',
      TRUST_PROXY: '1',
      WEB_CONCURRENCY: '2',
    });
    expect(c).toMatchObject({ webConcurrency: 2, port: 8080, dataDir: '/tmp/quire-x', databaseUrl: 'postgres://u:p@db:5432/quire', redisUrl: 'redis://127.0.0.1:6379', publicUrl: 'https://docs.example.com', tokenTtlDays: 30, rateLimitPerMinute: 0, logLevel: 'debug', trustProxy: true });
    expect(c.smtp).toEqual({ host: 'smtp.example.com', port: 465, secure: true, user: 'mailer@example.com', pass: '', from: 'mailer@example.com' });
    expect(c.maxBodyBytes).toBe(16 * 1024 * 1024);
    expect(loadConfig({ DATABASE_URL: '  ' }).databaseUrl).toBeNull();
  });

  it('refuses bad numbers with the variable name and the value', () => {
    expect(fails({ PORT: 'abc' })).toBe('PORT must be a whole number, got "abc"');
    expect(fails({ PORT: '70000' })).toBe('PORT must be between 0 and 65535, got 70000');
    expect(fails({ PORT: '-1' })).toMatch(/^PORT must be a whole number/);
    expect(fails({ PORT: '80.5' })).toMatch(/^PORT must be a whole number/);
    expect(fails({ TOKEN_TTL_DAYS: '0' })).toBe('TOKEN_TTL_DAYS must be between 1 and 3650, got 0');
    expect(fails({ MAX_BODY_MB: '100000' })).toMatch(/^MAX_BODY_MB must be between 1 and 512/);
    expect(fails({ RATE_LIMIT_PER_MINUTE: '-1' })).toBe('RATE_LIMIT_PER_MINUTE must be a whole number, got "-1"');
    expect(fails({ SMTP_HOST: 'smtp.example.com', SMTP_FROM: 'a@b.c', SMTP_PORT: 'x' })).toMatch(/^SMTP_PORT must be a whole number/);
    expect(fails({ HEAP_GROWING_PERCENT: '2000' })).toBe('HEAP_GROWING_PERCENT must be between 0 and 1000, got 2000');
    expect(fails({ HEAP_GROWING_PERCENT: 'low' })).toBe('HEAP_GROWING_PERCENT must be a whole number, got "low"');
    expect(loadConfig({}).heapGrowingPercent).toBe(100);
    expect(loadConfig({ HEAP_GROWING_PERCENT: '0' }).heapGrowingPercent).toBe(0);
  });

  it('refuses bad URLs without echoing credentials', () => {
    const mysql = fails({ DATABASE_URL: 'mysql://root:hunter2@db/quire' });
    expect(mysql).toMatch(/^DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//);
    expect(mysql).not.toContain('hunter2');
    expect(fails({ DATABASE_URL: 'not a url' })).toMatch(/^DATABASE_URL is not a valid URL/);
    expect(fails({ REDIS_URL: 'http://127.0.0.1:6379' })).toMatch(/^REDIS_URL must start with redis:\/\/ or rediss:\/\//);
    expect(fails({ PUBLIC_URL: 'ftp://docs.example.com' })).toMatch(/^PUBLIC_URL must start with http:\/\/ or https:\/\//);
  });

  it('refuses several processes without PostgreSQL and Redis to share', () => {
    const need = 'WEB_CONCURRENCY=2 needs DATABASE_URL and REDIS_URL (the embedded database serves one process)';
    expect(fails({ WEB_CONCURRENCY: '2' })).toBe(need);
    expect(fails({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/quire' })).toBe(need);
    expect(fails({ WEB_CONCURRENCY: '2', REDIS_URL: 'redis://127.0.0.1:6379' })).toBe(need);
    expect(fails({ WEB_CONCURRENCY: '0' })).toBe('WEB_CONCURRENCY must be between 1 and 64, got 0');
    expect(fails({ WEB_CONCURRENCY: 'auto' })).toBe('WEB_CONCURRENCY must be a whole number, got "auto"');
    expect(loadConfig({ WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
  });

  it('refuses incomplete mail settings, unknown log levels and the test captcha in production', () => {
    expect(fails({ SMTP_HOST: 'smtp.example.com' })).toBe('SMTP_FROM (or SMTP_USER) is required when SMTP_HOST is set');
    expect(fails({ LOG_LEVEL: 'verbose' })).toBe('LOG_LEVEL must be one of debug, info, warn, error, silent; got "verbose"');
    expect(fails({ NODE_ENV: 'production', QUIRE_TEST_CAPTCHA: 'abcd' })).toMatch(/QUIRE_TEST_CAPTCHA is a test-only switch/);
    expect(loadConfig({ NODE_ENV: 'test', QUIRE_TEST_CAPTCHA: 'abcd' }).testCaptcha).toBe('abcd');
  });

  it('takes the fast test hashing only as QUIRE_TEST_FAST_HASH=1, and never in production', () => {
    expect(fails({ NODE_ENV: 'production', QUIRE_TEST_FAST_HASH: '1' })).toBe('QUIRE_TEST_FAST_HASH is a test-only switch and is refused when NODE_ENV=production');
    expect(fails({ NODE_ENV: 'test', QUIRE_TEST_FAST_HASH: 'yes' })).toBe('QUIRE_TEST_FAST_HASH must be 1 or unset, got "yes"');
    expect(loadConfig({ NODE_ENV: 'test', QUIRE_TEST_FAST_HASH: '1' }).testFastHash).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).testFastHash).toBe(false);
  });

  it('the server prints one line and exits 1 on bad config', async () => {
    const run = exec(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env: { ...process.env, PORT: 'abc', DATABASE_URL: '' }, timeout: 60_000 });
    const err = await run.then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(err).not.toBeNull();
    expect(err!.code).toBe(1);
    expect(err!.stderr).toBe('quire: configuration error: PORT must be a whole number, got "abc"\n');
  }, 60_000);
});
