// Postman collections v2.0 and v2.1 (ShowDoc's ImportPostmanController): folders become
// catalogs, requests API pages — URL, method, headers, query and path variables, the body
// (raw example, or form fields), and the saved responses as examples. Collection variables
// ({{baseUrl}}) stay as written. Collections v1 are refused with a way out.
import { ApiError } from '../../../errors';
import { ErrorCode } from '../../../../shared/errors';
import { PAGE_TITLE_MAX_CHARS } from '../../../../shared/limits';
import { IMPORT_LIMITS } from '../limits';
import { say, type ImportLang } from '../messages';
import { emptyCatalog, type ImportPlan, type PlanCatalog } from '../plan';
import { apiDocMarkdown, emptyOperation, exampleText, type ApiBody, type ApiField, type ApiOperation } from './apiDoc';
import type { ReaderEnv } from './openapi';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);
const refuse = (template: string, vars?: Record<string, string | number>) => new ApiError(ErrorCode.GENERIC, template, vars);

/** v2.x: an info block and an item tree (the schema URL names the version). */
export function isPostman(doc: unknown): doc is Obj {
  if (!isObj(doc) || !isObj(doc.info)) return false;
  return /getpostman\.com\/json\/collection\/v2/i.test(str(doc.info.schema)) || (typeof doc.info._postman_id === 'string' && Array.isArray(doc.item));
}

/** v1 collections: requests and folders side by side, with an id. */
export const isPostmanV1 = (doc: unknown) => isObj(doc) && Array.isArray(doc.requests) && (typeof doc.id === 'string' || Array.isArray(doc.folders));

const describe = (d: unknown) => (isObj(d) ? str(d.content) : str(d));

function urlOf(u: unknown): { display: string; query: ApiField[]; pathParams: ApiField[] } {
  if (typeof u === 'string') return { display: u.split('?')[0], query: queryFromRaw(u), pathParams: pathParamsFromRaw(u, []) };
  if (!isObj(u)) return { display: '', query: [], pathParams: [] };
  const query = list(u.query)
    .filter((q) => q.disabled !== true)
    .map((q) => field(str(q.key), str(q.value), describe(q.description)));
  let display = str(u.raw).split('?')[0];
  if (!display) {
    const host = Array.isArray(u.host) ? u.host.map(str).join('.') : str(u.host);
    const path = Array.isArray(u.path) ? u.path.map((p) => (isObj(p) ? str(p.value) : str(p))).join('/') : str(u.path);
    const port = str(u.port);
    display = `${u.protocol ? `${str(u.protocol)}://` : ''}${host}${port ? `:${port}` : ''}${path ? `/${path.replace(/^\//, '')}` : ''}`;
  }
  return { display, query: query.length ? query : queryFromRaw(str(u.raw)), pathParams: pathParamsFromRaw(display, list(u.variable)) };
}

function queryFromRaw(raw: string): ApiField[] {
  const q = raw.split('?')[1];
  if (!q) return [];
  return q
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [k, ...v] = pair.split('=');
      return field(safeDecode(k), safeDecode(v.join('=')), '');
    });
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** :id segments, described by the request's variables when it has them. */
function pathParamsFromRaw(url: string, variables: Obj[]): ApiField[] {
  const out: ApiField[] = [];
  for (const m of url.matchAll(/(?:^|\/):([A-Za-z_][\w-]*)/g)) {
    const v = variables.find((x) => str(x.key) === m[1]);
    out.push({ name: m[1], type: 'string', required: true, description: v ? describe(v.description) : '', example: v ? str(v.value) : '' });
  }
  return out;
}

const field = (name: string, value: string, description: string, type = 'string'): ApiField => ({ name, type, required: false, description, example: value });

function headersOf(h: unknown): ApiField[] {
  if (typeof h === 'string') {
    return h
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('//'))
      .map((line) => {
        const i = line.indexOf(':');
        return field(i < 0 ? line : line.slice(0, i).trim(), i < 0 ? '' : line.slice(i + 1).trim(), '');
      });
  }
  return list(h)
    .filter((x) => x.disabled !== true)
    .map((x) => field(str(x.key), str(x.value), describe(x.description)));
}

function bodyOf(b: unknown, headers: ApiField[]): ApiBody | undefined {
  if (!isObj(b)) return undefined;
  const mode = str(b.mode);
  const declared = headers.find((h) => h.name.toLowerCase() === 'content-type')?.example ?? '';
  if (mode === 'urlencoded' || mode === 'formdata') {
    const fields = list(b[mode])
      .filter((x) => x.disabled !== true)
      .map((x) => field(str(x.key), x.type === 'file' ? '' : str(x.value), describe(x.description), x.type === 'file' ? 'file' : 'string'));
    return { contentType: mode === 'formdata' ? 'multipart/form-data' : 'application/x-www-form-urlencoded', example: '', fields, form: true };
  }
  if (mode === 'raw') {
    const language = isObj(b.options) && isObj(b.options.raw) ? str(b.options.raw.language) : '';
    const raw = str(b.raw);
    if (!raw.trim()) return undefined;
    const contentType = declared || (language === 'json' ? 'application/json' : language === 'xml' ? 'application/xml' : language ? `text/${language}` : '');
    return { contentType, example: /json/i.test(contentType) || /^\s*[[{]/.test(raw) ? exampleText(raw) : raw, fields: [], form: false };
  }
  if (mode === 'graphql' && isObj(b.graphql)) {
    const g = b.graphql;
    const example = str(g.query) + (str(g.variables).trim() ? `\n\n${str(g.variables)}` : '');
    return { contentType: 'application/graphql', example, fields: [], form: false };
  }
  if (mode === 'file') return { contentType: declared || 'application/octet-stream', example: '(binary)', fields: [], form: false };
  return undefined;
}

/** A name that is a long URL reads better as its last two path segments (ShowDoc does this too). */
function titleOf(name: string, url: string, method: string): string {
  let t = name.trim();
  if (!t || /^(https?:\/\/|\{\{)/.test(t)) {
    const parts = (t || url).split('?')[0].split('/').filter(Boolean);
    t = parts.length >= 2 ? parts.slice(-2).join('/') : parts[0] || `${method} ${url}`;
  }
  return t.length > PAGE_TITLE_MAX_CHARS ? t.slice(0, PAGE_TITLE_MAX_CHARS) : t;
}

function operationOf(item: Obj, lang: ImportLang): ApiOperation {
  const req = isObj(item.request) ? item.request : { url: str(item.request) };
  const method = (str(req.method) || 'GET').toUpperCase();
  const url = urlOf(req.url);
  const headers = headersOf(req.header);
  const op: ApiOperation = {
    ...emptyOperation(),
    title: titleOf(str(item.name), url.display, method),
    description: describe(req.description) || describe(item.description),
    method,
    url: url.display,
    pathParams: url.pathParams,
    headers,
    query: url.query,
    body: bodyOf(req.body, headers),
  };
  op.summary = op.description.split('\n')[0].trim() || op.title;
  for (const r of list(item.response)) {
    const body = str(r.body);
    const contentType = list(r.header).find((h) => str(h.key).toLowerCase() === 'content-type');
    op.responses.push({
      status: str(r.code) || '200',
      description: [str(r.status), str(r.name)].filter(Boolean).join(' — '),
      contentType: contentType ? str(contentType.value) : str(r._postman_previewlanguage),
      example: /^\s*[[{]/.test(body) ? exampleText(body) : body,
      fields: [],
    });
  }
  if (isObj(req.auth) && str(req.auth.type) && req.auth.type !== 'noauth') op.notes.push(say(lang, 'Authentication: {schemes}', { schemes: str(req.auth.type) }));
  return op;
}

export async function planPostman(doc: Obj, fileName: string, env: ReaderEnv): Promise<ImportPlan> {
  const info = isObj(doc.info) ? doc.info : {};
  const root = emptyCatalog();
  let total = 0;
  const count = (items: Obj[]) => {
    for (const it of items) {
      if (Array.isArray(it.item)) count(list(it.item));
      else if (it.request !== undefined) total++;
    }
  };
  count(list(doc.item));
  if (total === 0) throw refuse('{name} holds no requests', { name: fileName });
  if (total > IMPORT_LIMITS.pages) throw refuse('{name} has {count} requests; one import creates at most {max} pages', { name: fileName, count: total, max: IMPORT_LIMITS.pages });
  let done = 0;
  const walk = async (items: Obj[], into: PlanCatalog, depth: number) => {
    for (const it of items) {
      if (Array.isArray(it.item)) {
        if (depth > 64) continue; // a folder nesting no one makes by hand
        const folder = emptyCatalog(str(it.name).trim() || say(env.lang, 'Untitled'));
        into.catalogs.push(folder);
        await walk(list(it.item), folder, depth + 1);
      } else if (it.request !== undefined) {
        const op = operationOf(it, env.lang);
        into.pages.push({ title: op.title, content: apiDocMarkdown(op, env.lang), source: `${op.method} ${op.url}` });
        if (++done % 250 === 0) await env.progress(5 + Math.round((done / total) * 25), 'Reading request {n} of {total}', { n: done, total });
      }
    }
  };
  await walk(list(doc.item), root, 0);
  const version = /v2\.0/.test(str(info.schema)) ? 'v2.0' : 'v2.1';
  return {
    format: 'postman',
    formatLabel: `Postman collection ${version}`,
    item: { name: str(info.name).trim() || 'from postman', description: describe(info.description), itemType: 1, password: { kind: 'random' } },
    root,
    assets: new Map(),
    skipped: [],
  };
}

