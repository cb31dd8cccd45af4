// Moving a ShowDoc installation from the admin console (#21): adminShowdoc/start takes the database
// file and a zip of Public/Uploads, keeps them in the upload storage, and the job 'import.showdoc'
// runs the import (followed with job/info). Administrators only — refused before the body is
// read; a zip that climbs out with '../', a file that is not SQLite, a bad address: clear
// messages, nothing imported, nothing kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeAdmin, makeUser, type Actor } from '../helpers/fixtures';
import { makeZip, type ZipSpec } from '../helpers/zip';
import { buildShowdocDb, SHOWDOC_FIXTURE } from '../fixtures/showdoc/buildShowdocDb';
import { items, jobs, users } from '../../server/db/schema';
import { waitForJob } from '../../server/jobs/control';
import { enqueueJob } from '../../server/jobs/enqueue';
import { uploadStorage } from '../../server/storage';
import { authorizeShowdocImportJob } from '../../server/policies/showdocImport';
import { removeStaleShowdocUploads, type ShowdocJobData } from '../../server/domain/showdoc/adminJob';
import * as jobRepo from '../../server/db/repos/jobs';
import { newJobId } from '../../server/jobs/ids';
import { ErrorCode } from '../../shared/errors';
import type { JobInfo } from '../../shared/api/job';
import type { ShowdocImportSummary } from '../../shared/api/adminShowdoc';

let app: TestApp;
let dir: string;
let admin: Actor;
let user: Actor;
let dbBytes: Buffer;
let uploadsZip: Buffer;

/** every file of a folder as zip entries, '/'-separated relative paths */
function zipOfFolder(root: string): ZipSpec[] {
  return (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((d) => d.isFile())
    .map((d) => {
      const full = path.join(d.parentPath, d.name);
      return { name: path.relative(root, full).split(path.sep).join('/'), data: fs.readFileSync(full) };
    });
}

interface Answer {
  error_code: number;
  error_message?: string;
  data: JobInfo;
}

async function start(form: { db?: Buffer; dbName?: string; uploads?: Buffer; site_url?: string; dry_run?: boolean }, token = admin.token, lang = 'en'): Promise<Answer> {
  const fd = new FormData();
  if (form.db) fd.append('db', new Blob([new Uint8Array(form.db)]), form.dbName ?? 'showdoc.db.php');
  if (form.uploads) fd.append('uploads', new Blob([new Uint8Array(form.uploads)], { type: 'application/zip' }), 'Uploads.zip');
  if (form.site_url !== undefined) fd.append('site_url', form.site_url);
  if (form.dry_run) fd.append('dry_run', '1');
  const res = await app.fetch('/api/adminShowdoc/start', { method: 'POST', headers: { 'X-API-Token': token, 'Accept-Language': lang }, body: fd });
  return (await res.json()) as Answer;
}

const info = async (jobId: string, lang = 'en') => (await app.call<JobInfo>('job/info', { job_id: jobId }, { token: admin.token, headers: { 'Accept-Language': lang } })).data;
const userCount = async () => (await app.deps.db.select({ n: count() }).from(users))[0].n;
const itemCount = async () => (await app.deps.db.select({ n: count() }).from(items))[0].n;
const jobCount = async () => (await app.deps.db.select({ n: count() }).from(jobs))[0].n;
/** the uploads kept for jobs (local storage: <DATA_DIR>/uploads/showdoc-uploads) */
const kept = () => {
  const d = path.join(dir, 'data', 'uploads', 'showdoc-uploads');
  return fs.existsSync(d) ? fs.readdirSync(d) : [];
};

/** an upload kept in the storage as adminShowdoc/start keeps it */
async function put(name: string, bytes: Buffer) {
  const { driver, prefix } = await uploadStorage(app.deps);
  const key = `${prefix}showdoc-uploads/${randomBytes(16).toString('hex')}.${name.endsWith('zip') ? 'zip' : 'db'}`;
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  await driver.put(key, { path: file, size: bytes.length }, 'application/octet-stream');
  return { key, name, size: bytes.length };
}

/** a job that ended; its info in English */
async function ended(r: Answer): Promise<JobInfo> {
  expect(r.error_code, r.error_message).toBe(0);
  expect(r.data.kind).toBe('import.showdoc');
  await waitForJob(app.deps, r.data.job_id);
  return info(r.data.job_id);
}

/** the Quire id of a ShowDoc id (the same unless the import had to remap it) */
const quireId = (s: ShowdocImportSummary, kind: 'item' | 'catalog' | 'page', id: number) => s.idMap[kind].find(([from]) => from === id)?.[1] ?? id;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-showdoc-admin-'));
  app = await startTestApp({ jobs: true, config: { dataDir: path.join(dir, 'data') } });
  admin = await makeAdmin(app, 'siteadmin');
  user = await makeUser(app, 'plainuser');
  const uploadsDir = path.join(dir, 'Public', 'Uploads');
  await buildShowdocDb(path.join(dir, 'showdoc.db.php'), { uploadsDir });
  dbBytes = fs.readFileSync(path.join(dir, 'showdoc.db.php'));
  uploadsZip = makeZip(zipOfFolder(uploadsDir));
});

afterAll(async () => {
  await app?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('adminShowdoc/start: who may', () => {
  it('a user who is not an administrator is refused, and nothing is queued or kept', async () => {
    const jobsBefore = await jobCount();
    const r = await start({ db: dbBytes, uploads: uploadsZip }, user.token);
    expect(r.error_code).toBe(ErrorCode.NO_PERMISSION);
    expect(await jobCount()).toBe(jobsBefore);
    expect(kept()).toEqual([]);
  });

  it('an anonymous caller is refused', async () => {
    const fd = new FormData();
    fd.append('db', new Blob([new Uint8Array(dbBytes)]), 'showdoc.db.php');
    const res = await app.fetch('/api/adminShowdoc/start', { method: 'POST', body: fd });
    expect(((await res.json()) as Answer).error_code).toBe(ErrorCode.NOT_LOGGED_IN);
  });

  it('a non-administrator is answered before the body is read (it never has to arrive)', async () => {
    // a body that sends its first bytes and then waits: only an answer given before reading it can come back
    let stop: () => void = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('--x\r\nContent-Disposition: form-data; name="db"; filename="showdoc.db.php"\r\n\r\nSQLite format 3'));
        stop = () => c.close();
      },
    });
    const res = await app.fetch('/api/adminShowdoc/start', {
      method: 'POST',
      headers: { 'X-API-Token': user.token, 'Content-Type': 'multipart/form-data; boundary=x' },
      body,
      duplex: 'half',
    } as RequestInit);
    stop();
    expect(((await res.json()) as Answer).error_code).toBe(ErrorCode.NO_PERMISSION);
  });

  it('the job asks again when it runs: an administrator demoted meanwhile is refused', async () => {
    const demoted = await makeAdmin(app, 'soondemoted');
    await expect(authorizeShowdocImportJob(app.deps, demoted.uid)).resolves.toBeUndefined();
    await app.deps.db.update(users).set({ groupid: 2 }).where(eq(users.uid, demoted.uid));
    await expect(authorizeShowdocImportJob(app.deps, demoted.uid)).rejects.toThrow(/Only administrators can move a ShowDoc installation/);
  });
});

describe('adminShowdoc/start: bad input refused at once, nothing kept', () => {
  it.each([
    ['no database file', {}, /Choose the ShowDoc database file/],
    ['an empty database file', { db: Buffer.alloc(0) }, /Choose the ShowDoc database file/],
    ['a site address that is not http(s)', { db: Buffer.from('x'), site_url: 'javascript:alert(1)' }, /must start with http:\/\/ or https:\/\//],
    ['a zip that climbs out with ../', { db: Buffer.from('x'), uploads: makeZip([{ name: 'ok.png', data: 'a' }, { name: '../../evil.php', data: '<?php' }]) }, /path that leads outside it \(\.\.\/\.\.\/evil\.php\)/],
    ['a zip with an absolute path', { db: Buffer.from('x'), uploads: makeZip([{ name: '/etc/cron.d/x', data: 'a' }]) }, /absolute path \(\/etc\/cron\.d\/x\)/],
    ['a zip with a symbolic link', { db: Buffer.from('x'), uploads: makeZip([{ name: 'link', data: '/etc/passwd', mode: 0o120777 }]) }, /symbolic link \(link\)/],
    ['an uploads file that is not a zip', { db: Buffer.from('x'), uploads: Buffer.from('not a zip at all') }, /damaged or incomplete/],
  ])('%s', async (_what, form, message) => {
    const [usersBefore, jobsBefore] = [await userCount(), await jobCount()];
    const r = await start(form as Parameters<typeof start>[0]);
    expect(r.error_code).toBe(ErrorCode.GENERIC);
    expect(r.error_message).toMatch(message);
    expect(await userCount()).toBe(usersBefore);
    expect(await jobCount()).toBe(jobsBefore);
    expect(kept()).toEqual([]);
  });

  it('answers in Chinese', async () => {
    const r = await start({ db: Buffer.from('x'), uploads: makeZip([{ name: '../evil', data: 'a' }]) }, admin.token, 'zh-CN');
    expect(r.error_message).toBe('压缩包中含有指向包外的路径（../evil），已拒绝');
  });
});

describe('import.showdoc: the job fails clearly and imports nothing', () => {
  it('a file that is not SQLite: the importer\'s message, in English and Chinese; the kept uploads are removed', async () => {
    const [usersBefore, itemsBefore] = [await userCount(), await itemCount()];
    const r = await start({ db: Buffer.from('<?php echo "this is not a database";'), dbName: 'showdoc.db.php', uploads: uploadsZip });
    const job = await ended(r);
    expect(job.state).toBe('failed');
    expect(job.error).toMatch(/showdoc\.db\.php is not a SQLite database; choose the file Sqlite\/showdoc\.db\.php/);
    expect((await info(r.data.job_id, 'zh-CN,zh;q=0.9')).error).toMatch(/不是 SQLite 数据库/);
    expect(await userCount()).toBe(usersBefore);
    expect(await itemCount()).toBe(itemsBefore);
    expect(kept()).toEqual([]);
  });

  it('a zip with ../ paths that reaches the job (kept before a check existed, or by another client): refused, nothing written', async () => {
    const data: ShowdocJobData = {
      driver: 'local',
      db: await put('showdoc.db.php', dbBytes),
      uploads: await put('evil.zip', makeZip([{ name: 'a.png', data: 'a' }, { name: '../../../../tmp/evil.sh', data: 'rm -rf /' }])),
      siteUrl: '',
      dryRun: false,
    };
    const [usersBefore, itemsBefore] = [await userCount(), await itemCount()];
    const { jobId } = await enqueueJob(app.deps, 'import.showdoc', data, { uid: admin.uid });
    await waitForJob(app.deps, jobId);
    const job = await info(jobId);
    expect(job.state).toBe('failed');
    expect(job.error).toBe('The zip file contains a path that leads outside it (../../../../tmp/evil.sh); it was refused');
    expect(await userCount()).toBe(usersBefore);
    expect(await itemCount()).toBe(itemsBefore);
    expect(fs.existsSync('/tmp/evil.sh') && fs.readFileSync('/tmp/evil.sh', 'utf8') === 'rm -rf /').toBe(false);
    expect(kept()).toEqual([]);
  });
});

describe('import.showdoc: the uploads a cancelled import kept', () => {
  it('stay for Retry, and go a week after the job ended', async () => {
    const data: ShowdocJobData = { driver: 'local', db: await put('showdoc.db.php', dbBytes), uploads: await put('Uploads.zip', uploadsZip), siteUrl: '', dryRun: false };
    const id = newJobId();
    await jobRepo.insert(app.deps.db, { id, kind: 'import.showdoc', uid: admin.uid, itemId: 0, data, addtime: app.deps.now() - 8 * 86400 });
    await app.deps.db.update(jobs).set({ state: 'cancelled', finishedAt: app.deps.now() - 6 * 86400 }).where(eq(jobs.id, id));
    expect(await removeStaleShowdocUploads(app.deps)).toBe(0);
    expect(kept().sort()).toEqual([path.basename(data.db.key), path.basename(data.uploads!.key)].sort());
    await app.deps.db.update(jobs).set({ finishedAt: app.deps.now() - 7 * 86400 - 60 }).where(eq(jobs.id, id));
    expect(await removeStaleShowdocUploads(app.deps)).toBe(1);
    expect(kept()).toEqual([]);
    await app.deps.db.delete(jobs).where(eq(jobs.id, id));
  });
});

describe('import.showdoc: an administrator moves a ShowDoc site (needs the import, server/domain/showdoc/import.ts)', () => {
  it('a dry run counts what it would import and writes nothing', async () => {
    const [usersBefore, itemsBefore] = [await userCount(), await itemCount()];
    const job = await ended(await start({ db: dbBytes, uploads: uploadsZip, dry_run: true }));
    expect(job.state, job.error).toBe('done');
    const s = job.summary as ShowdocImportSummary;
    expect(s.dryRun).toBe(true);
    expect(s.tables.user.source).toBe(Object.keys(SHOWDOC_FIXTURE.users).length);
    expect(s.tables.page.source).toBeGreaterThanOrEqual(Object.keys(SHOWDOC_FIXTURE.pages).length - 1);
    expect(await userCount()).toBe(usersBefore);
    expect(await itemCount()).toBe(itemsBefore);
    expect(kept()).toEqual([]);
  });

  it('without the zip (a dry run, before anything was imported): every file is reported missing', async () => {
    const job = await ended(await start({ db: dbBytes, dry_run: true }));
    expect(job.state, job.error).toBe('done');
    const s = job.summary as ShowdocImportSummary;
    expect(s.missingFilesTotal).toBeGreaterThan(0);
    expect(s.missingFiles).toContain(SHOWDOC_FIXTURE.attachment.file);
  });

  it('the database and the zip: users log in with their old passwords, pages and files arrive, the report is kept', async () => {
    const r = await start({ db: dbBytes, uploads: uploadsZip, site_url: SHOWDOC_FIXTURE.siteUrl });
    expect(r.data.state === 'queued' || r.data.state === 'running' || r.data.state === 'done').toBe(true);
    const job = await ended(r);
    expect(job.state, job.error).toBe('done');
    expect(job.progress).toBe(100);
    const s = job.summary as ShowdocImportSummary;
    expect(s.dryRun).toBe(false);
    expect(s.tables.user.source).toBe(Object.keys(SHOWDOC_FIXTURE.users).length);
    // the attachment's file was in the zip
    expect(s.missingFiles).toEqual([]);
    expect(s.missingFilesTotal).toBe(0);
    // the whiteboard item is reported, with its reason
    expect(s.skipped.some((k) => k.table === 'item' && k.key === String(SHOWDOC_FIXTURE.items.whiteboard))).toBe(true);

    const alice = SHOWDOC_FIXTURE.users.alice;
    const login = await app.call<{ user_token: string }>('user/login', { username: alice.username, password: alice.password });
    expect(login.error_code, login.error_message).toBe(0);
    const page = await app.call<{ page_content: string }>('page/info', { page_id: quireId(s, 'page', SHOWDOC_FIXTURE.pages.welcome) }, { token: login.data.user_token });
    expect(page.error_code, page.error_message).toBe(0);
    expect(page.data.page_content).toContain('<b>"Quire" & \'ShowDoc\'</b>');
    expect(page.data.page_content).not.toContain(SHOWDOC_FIXTURE.siteUrl);
    expect(kept()).toEqual([]);
  });
});
