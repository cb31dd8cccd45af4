// Helpers of the import suites: sending a file to import/auto, counting everything an import
// could leave behind, and reading an item back as a tree of catalogs and pages.
import fs from 'node:fs';
import path from 'node:path';
import { asc, count, eq } from 'drizzle-orm';
import type { TestApp } from './app';
import { multipart } from './upload';
import { attachmentPages, attachments, catalogs, items, pageHistory, pages } from '../../server/db/schema';

export const FIXTURES = path.resolve('test/fixtures/imports');
export const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

export interface ImportAnswer {
  status: number;
  json: { error_code: number; error_message?: string; data?: any };
}

/** POSTs a file to /api/import/<action> (multipart field `file`). */
export async function sendImport(app: TestApp, token: string | undefined, bytes: Buffer, filename: string, fields: Record<string, string | number> = {}, opts: { action?: string; lang?: string } = {}): Promise<ImportAnswer> {
  const m = multipart(fields, [{ field: 'file', filename, bytes }]);
  const headers: Record<string, string> = { 'Content-Type': m.type };
  if (token) headers['X-API-Token'] = token;
  if (opts.lang) headers['Accept-Language'] = opts.lang;
  const res = await app.fetch(`/api/import/${opts.action ?? 'auto'}`, { method: 'POST', headers, body: m.body });
  return { status: res.status, json: (await res.json()) as ImportAnswer['json'] };
}

/** Every place an import writes to, counted (stored files on disk too, when dataDir is given). */
export async function counts(app: TestApp, dataDir?: string) {
  const db = app.deps.db;
  const n = async (t: typeof items | typeof pages | typeof catalogs | typeof attachments | typeof attachmentPages | typeof pageHistory) => Number((await db.select({ n: count() }).from(t as any))[0].n);
  const stored = () => {
    if (!dataDir) return 0;
    const root = path.join(dataDir, 'uploads');
    if (!fs.existsSync(root)) return 0;
    return (fs.readdirSync(root, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(root, p)).isFile()).length;
  };
  return {
    items: await n(items),
    pages: await n(pages),
    catalogs: await n(catalogs),
    attachments: await n(attachments),
    bindings: await n(attachmentPages),
    history: await n(pageHistory),
    storedFiles: stored(),
  };
}

export interface TreeCatalog {
  name: string;
  level: number;
  pages: { title: string; content: string; pageId: number }[];
  catalogs: TreeCatalog[];
}

/** The item's catalogs and live pages as a tree, in menu order (s_number, then id). */
export async function treeOf(app: TestApp, itemId: number, fromCat = 0): Promise<TreeCatalog> {
  const db = app.deps.db;
  const cats = await db.select().from(catalogs).where(eq(catalogs.itemId, itemId)).orderBy(asc(catalogs.sNumber), asc(catalogs.catId));
  const ps = await db.select().from(pages).where(eq(pages.itemId, itemId)).orderBy(asc(pages.sNumber), asc(pages.pageId));
  const build = (catId: number, name: string, level: number): TreeCatalog => ({
    name,
    level,
    pages: ps.filter((p) => p.catId === catId && p.isDel === 0).map((p) => ({ title: p.pageTitle, content: p.pageContent, pageId: p.pageId })),
    catalogs: cats.filter((c) => c.parentCatId === catId).map((c) => build(c.catId, c.catName, c.level)),
  });
  return build(fromCat, '', 1);
}

/** 'catalog/sub: page, page' lines, for comparing structures at a glance. */
export function outline(t: TreeCatalog, prefix = ''): string[] {
  const here = prefix || '/';
  const lines = t.pages.length ? [`${here}: ${t.pages.map((p) => p.title).join(' | ')}`] : [];
  for (const c of t.catalogs) lines.push(...outline(c, `${prefix}/${c.name}`));
  return lines;
}

export function findPage(t: TreeCatalog, title: string): { title: string; content: string; pageId: number } | undefined {
  return t.pages.find((p) => p.title === title) ?? t.catalogs.map((c) => findPage(c, title)).find(Boolean);
}

/** An OpenAPI document of `n` operations in tags of 100, each with parameters, a body and responses. */
export function bigApi(n: number): Buffer {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    paths[`/things${Math.floor(i / 2)}/{id}`] ??= {};
    (paths[`/things${Math.floor(i / 2)}/{id}`] as Record<string, unknown>)[i % 2 ? 'put' : 'get'] = {
      tags: [`group ${Math.floor(i / 100)}`],
      summary: `Operation ${i}`,
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
        { name: 'verbose', in: 'query', schema: { type: 'boolean' } },
      ],
      ...(i % 2 ? { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } } : {}),
      responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } }, '404': { description: 'missing' } },
    };
  }
  return Buffer.from(
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: `Big API ${n}`, version: '1' },
      paths,
      components: { schemas: { Thing: { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, name: { type: 'string', example: 'thing' }, tags: { type: 'array', items: { type: 'string' } } } } } },
    }),
  );
}
