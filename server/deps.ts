// Everything a request handler or domain operation may use, wired once at start.
// Domain code receives these; nothing here imports Koa or Socket.IO (BullMQ stays inside the
// job queue engine, server/jobs/engines).
import type { Config } from './config';
import type { Db } from './db/client';
import type { Logger } from './logger';
import { EventBus } from './events';
import { SettingsStore } from './domain/settings';
import { SessionCache } from './auth/sessionCache';
import { ReadCache } from './cache/readCache';
import { RequestLimits } from './http/requestLimits';
import { registerNoticeListeners } from './listeners';
import { registerChangeLogListeners } from './listeners/changeLog';
import { MailQueue } from './auth/mailQueue';
import type { JobQueue } from './jobs/queue';
import { createJobQueue } from './jobs/engines';

export interface AppDeps {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  log: Logger;
  events: EventBus;
  settings: SettingsStore;
  sessions: SessionCache;
  /** item, grant and page reads shared by requests (dropped on writes, here and on other nodes) */
  reads: ReadCache;
  /** per-user and per-IP limits on search and the public mock URLs */
  limits: RequestLimits;
  /** mails sent after the answer (password reset, email confirmation) */
  mail: MailQueue;
  /** background jobs (server/jobs): enqueueJob hands jobs to it; workers/ and the embedded server run them */
  jobs: JobQueue;
  /** unix seconds; replaceable in tests */
  now(): number;
}

export function createDeps(config: Config, db: Db, dbKind: 'pglite' | 'postgres', log: Logger, overrides: Partial<AppDeps> = {}): AppDeps {
  const events = overrides.events ?? new EventBus();
  events.onListenerError((err, name) => log.error('event listener failed', { event: name, err }));
  const now = overrides.now ?? (() => Math.floor(Date.now() / 1000));
  const settings = overrides.settings ?? new SettingsStore(db, events, { session_expire_days: config.tokenTtlDays });
  const sessions = overrides.sessions ?? new SessionCache(events);
  // embedded mode is one process: events see every write. With PostgreSQL other processes may
  // write (workers, nodes without Redis): entries live a few seconds at most
  // READ_CACHES=off: a time-to-live of 0 keeps nothing (the menu and search answer caches share it)
  const reads = overrides.reads ?? new ReadCache(events, !config.readCaches ? 0 : dbKind === 'pglite' ? 30_000 : 3_000);
  const limits = overrides.limits ?? new RequestLimits(config.rateLimitPerMinute, config.redisUrl ? { redisUrl: config.redisUrl, log } : null);
  const mail = overrides.mail ?? new MailQueue(config, log);
  // the queue engine is built from the other deps (it opens no connection until it is used)
  const deps = { config, db, dbKind, log, events, settings, sessions, reads, limits, mail, now, ...overrides } as AppDeps;
  deps.jobs ??= createJobQueue(deps);
  registerNoticeListeners(deps);
  registerChangeLogListeners(deps);
  return deps;
}
