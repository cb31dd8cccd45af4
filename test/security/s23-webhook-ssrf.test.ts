// The notice webhook (#23) must not turn the server into a client of its own network (SSRF):
// loopback, private, link-local and metadata addresses, non-http schemes, names that resolve to
// such addresses and redirects are refused — when the address is saved, and again when a notice
// is sent (an address stored another way, or a receiver that redirects). A receiver on loopback is
// reachable only through the test-only allowance QUIRE_TEST_WEBHOOK_ALLOW (read when NODE_ENV=test).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { seedItem, until } from '../helpers/realtime';
import { jobs, userSettings } from '../../server/db/schema';
import { waitForJob } from '../../server/jobs/control';
import { loadConfig, ConfigError } from '../../server/config';

interface Receiver {
  port: number;
  hits: { path: string; body: string; type: string }[];
  close(): Promise<void>;
}

/** A local HTTP server; `/redirect` answers 302 to `redirectTo`, anything else 200. */
async function receiver(redirectTo = ''): Promise<Receiver> {
  const hits: Receiver['hits'] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      hits.push({ path: req.url ?? '', body, type: String(req.headers['content-type'] ?? '') });
      if (req.url === '/down') {
        res.writeHead(503);
        res.end('down');
        return;
      }
      if (req.url === '/redirect') {
        res.writeHead(302, { Location: redirectTo });
        res.end();
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, hits, close: () => new Promise((r) => server.close(() => r())) };
}

let app: TestApp;
let inner: Receiver; // stands for an internal service: nothing may ever reach it
let bot: Receiver; // the chat bot the test allows
let owner: { uid: number; user_token: string; username: string };
let user: { uid: number; user_token: string; username: string };

const save = (url: string, token = user.user_token) => app.call('user/savePushUrl', { push_url: url }, { token });
const current = async () => (await app.call('user/getPushUrl', {}, { token: user.user_token })).data.push_url;

/** Gives `user` a notice (added to a new item) and waits for its delivery job to end. */
async function noticeAndDelivery() {
  const before = (await app.deps.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, 'notice.push'))).length;
  const item = await seedItem(app.deps.db, owner, { itemName: 'Hooked' });
  const r = await app.call('member/save', { item_id: item, username: user.username, member_group_id: 0 }, { token: owner.user_token });
  expect(r.error_code).toBe(0);
  await until(async () => (await app.deps.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, 'notice.push'))).length > before, 'the delivery job');
  const [job] = await app.deps.db.select().from(jobs).where(eq(jobs.kind, 'notice.push')).orderBy(desc(jobs.addtime), desc(jobs.id)).limit(1);
  return waitForJob(app.deps, job.id);
}

beforeAll(async () => {
  inner = await receiver();
  bot = await receiver(`http://127.0.0.1:${inner.port}/secret`);
  app = await startTestApp({ jobs: true, env: { QUIRE_TEST_WEBHOOK_ALLOW: `127.0.0.1:${bot.port}` } });
  owner = await app.register('hook_owner');
  user = await app.register('hook_user');
});

afterAll(async () => {
  await app?.close();
  await Promise.all([inner?.close(), bot?.close()]);
});

describe('saving a webhook address', () => {
  const refused = () => [
    `http://127.0.0.1:${inner.port}/`,
    'http://10.0.0.1/hook',
    'http://169.254.169.254/latest/meta-data/',
    `http://[::1]:${inner.port}/`,
    'http://[::ffff:127.0.0.1]/',
    'http://0.0.0.0/',
    'http://192.168.1.1/',
    'http://2130706433/', // 127.0.0.1 as one number
    `http://localhost:${inner.port}/`, // a DNS name that resolves to loopback
    'http://metadata.google.internal/',
    'file:///etc/passwd',
    'gopher://127.0.0.1:6379/_INFO',
    'ftp://example.com/',
    `http://user:pw@127.0.0.1:${bot.port}/`,
    'not a url',
  ];

  it('refuses loopback, private, link-local addresses, private names and other schemes, and stores nothing', async () => {
    for (const url of refused()) {
      const r = await save(url);
      expect(r.error_code, url).toBe(10101);
      expect(await current(), url).toBe('');
    }
    expect(inner.hits).toHaveLength(0);
  });

  it('answers the refusal in Chinese too', async () => {
    const r = await app.call('user/savePushUrl', { push_url: 'http://10.0.0.1/' }, { token: user.user_token, headers: { 'Accept-Language': 'zh-CN' } });
    expect(r.error_message).toContain('不在公网上');
  });

  it('needs a login', async () => {
    expect((await app.call('user/savePushUrl', { push_url: 'https://example.com/' })).error_code).toBe(10102);
    expect((await app.call('user/getPushUrl', {})).error_code).toBe(10102);
  });
});

describe('sending a notice', () => {
  it('POSTs the notice as JSON to an allowed receiver', async () => {
    expect((await save(`http://127.0.0.1:${bot.port}/hook`)).error_code).toBe(0);
    expect(await current()).toBe(`http://127.0.0.1:${bot.port}/hook`);
    const job = await noticeAndDelivery();
    expect(job.state).toBe('done');
    const hit = bot.hits.find((h) => h.path === '/hook');
    expect(hit?.type).toContain('application/json');
    const body = JSON.parse(hit!.body);
    expect(body.notice_type).toBe('member_added');
    expect(body.content).toContain('Hooked');
    // the Chinese title is Chinese text, not an empty or English copy
    expect(body.title_zh).toMatch(/[\u4e00-\u9fff]/);
  });

  it('does not follow a redirect to a private address', async () => {
    expect((await save(`http://127.0.0.1:${bot.port}/redirect`)).error_code).toBe(0);
    const job = await noticeAndDelivery();
    expect(job.state).toBe('failed');
    expect(job.error).toContain('redirect');
    expect(bot.hits.filter((h) => h.path === '/redirect')).toHaveLength(1); // asked once: no retry of a refusal
    expect(inner.hits).toHaveLength(0);
  });

  it('checks the address again when sending: one stored past the save check is refused', async () => {
    await app.deps.db
      .update(userSettings)
      .set({ keyValue: `http://127.0.0.1:${inner.port}/stored-elsewhere` })
      .where(and(eq(userSettings.uid, user.uid), eq(userSettings.keyName, 'push_url')));
    const job = await noticeAndDelivery();
    expect(job.state).toBe('failed');
    expect(job.error).toContain('not on the public internet');
    expect(inner.hits).toHaveLength(0);
  });

  it('gives up after three tries when the receiver keeps failing', async () => {
    expect((await save(`http://127.0.0.1:${bot.port}/down`)).error_code).toBe(0);
    const job = await noticeAndDelivery();
    expect(job.state).toBe('failed');
    expect(job.errorVars).toMatchObject({ reason: 'HTTP 503' });
    expect(bot.hits.filter((h) => h.path === '/down')).toHaveLength(3);
  });

  it('an empty address removes the webhook', async () => {
    expect((await save('')).error_code).toBe(0);
    expect(await current()).toBe('');
  });
});

describe('the test-only allowance', () => {
  it('is refused outside NODE_ENV=test', () => {
    for (const NODE_ENV of ['production', 'development']) {
      expect(() => loadConfig({ NODE_ENV, QUIRE_TEST_WEBHOOK_ALLOW: '127.0.0.1:80', DATA_DIR: '/tmp/x' })).toThrow(ConfigError);
    }
    expect(loadConfig({ NODE_ENV: 'test', QUIRE_TEST_WEBHOOK_ALLOW: '127.0.0.1:80' }).testWebhookAllow).toEqual(['127.0.0.1:80']);
  });
});
