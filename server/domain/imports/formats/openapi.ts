// OpenAPI 3.x and Swagger 2.0 documents: one API page per operation (ShowDoc's
// ImportSwaggerController, one page per operation rather than one per tag it carries), pages
// in a catalog per first tag (the document's tag order first), untagged operations at the top
// of the import. $refs inside the document are resolved by swagger-parser; references to other
// files or URLs are never fetched (they show as their name). Recursive schemas are walked once.
import { ApiError } from '../../../errors';
import { ErrorCode } from '../../../../shared/errors';
import type { MessageVars } from '../../../../shared/messages';
import { PAGE_TITLE_MAX_CHARS } from '../../../../shared/limits';
import { IMPORT_LIMITS } from '../limits';
import { say, type ImportLang } from '../messages';
import { childNamed, emptyCatalog, type ImportPlan, type PlanCatalog } from '../plan';
import { apiDocMarkdown, emptyOperation, exampleText, scalarText, type ApiBody, type ApiField, type ApiOperation, type ApiResponse } from './apiDoc';
import { schemaExample, schemaFields, schemaNames, schemaType, type Schema, type SchemaNames } from './schema';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const isObj = (v: unknown): v is Schema => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const refuse = (template: string, vars?: Record<string, string | number>) => new ApiError(ErrorCode.GENERIC, template, vars);

export interface ReaderEnv {
  lang: ImportLang;
  /** a stage: an English template and its values (the job shows it in each reader's language) */
  progress(percent: number, stage: string, vars?: MessageVars): Promise<void>;
}

export function isOpenApi(doc: unknown): doc is Schema {
  return isObj(doc) && (typeof doc.swagger === 'string' || typeof doc.openapi === 'string' || typeof doc.swagger === 'number');
}

/** The document, dereferenced (recursive schemas become object cycles), or a clear refusal. */
async function dereference(doc: Schema, fileName: string): Promise<Schema> {
  const version = String(doc.swagger ?? doc.openapi ?? '');
  if (doc.swagger !== undefined && !/^2(\.0)?$/.test(version)) throw refuse('{name} is Swagger {version}; Quire imports Swagger 2.0 and OpenAPI 3.x', { name: fileName, version });
  if (doc.openapi !== undefined && !/^3\.\d+(\.\d+)?/.test(version)) throw refuse('{name} is OpenAPI {version}; Quire imports Swagger 2.0 and OpenAPI 3.x', { name: fileName, version });
  // what swagger-parser is strict about and real files get wrong (YAML numbers, newer 3.x) is evened out
  if (doc.swagger !== undefined) doc.swagger = '2.0';
  else doc.openapi = version.startsWith('3.0') ? '3.0.3' : '3.1.0';
  if (!isObj(doc.info)) doc.info = { title: '', version: '' };
  else if (typeof doc.info.version !== 'string') doc.info.version = scalarText(doc.info.version);
  if (doc.paths === undefined) doc.paths = {};
  if (!isObj(doc.paths)) throw refuse('{name} has no valid "paths" object', { name: fileName });
  try {
    // swagger-parser is loaded with the first OpenAPI import (memory: DESIGN §7)
    const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
    return (await SwaggerParser.dereference(doc as any, {
      resolve: { external: false, file: false, http: false },
      dereference: { circular: true },
    })) as unknown as Schema;
  } catch (e: any) {
    const detail = String(e?.message ?? e).slice(0, 300);
    if (e?.name === 'MissingPointerError') throw refuse('{name} refers to something it does not contain: {detail}', { name: fileName, detail });
    throw refuse('{name} could not be read as OpenAPI: {detail}', { name: fileName, detail });
  }
}

function baseUrl(doc: Schema, servers?: unknown): string {
  if (doc.swagger !== undefined) {
    const host = str(doc.host);
    const basePath = str(doc.basePath).replace(/\/+$/, '');
    if (!host) return basePath;
    const scheme = Array.isArray(doc.schemes) && typeof doc.schemes[0] === 'string' ? doc.schemes[0] : 'http';
    return `${scheme}://${host}${basePath}`;
  }
  const list = Array.isArray(servers) && servers.length ? servers : Array.isArray(doc.servers) ? doc.servers : [];
  const first = list.find(isObj);
  if (!first) return '';
  let url = str(first.url);
  // server variables take their default values
  if (isObj(first.variables)) {
    for (const [k, v] of Object.entries(first.variables)) if (isObj(v)) url = url.split(`{${k}}`).join(scalarText(v.default));
  }
  return url.replace(/\/+$/, '');
}

/** Operation parameters over path-level ones (same name and place). */
function parametersOf(pathItem: Schema, op: Schema): Schema[] {
  const byKey = new Map<string, Schema>();
  for (const list of [pathItem.parameters, op.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const p of list) if (isObj(p)) byKey.set(`${str(p.in)}:${str(p.name)}`, p);
  }
  return [...byKey.values()];
}

function paramField(p: Schema, names: SchemaNames): ApiField {
  const schema = isObj(p.schema) ? p.schema : p; // Swagger 2 keeps type/format/items on the parameter
  // an array parameter's allowed values are its items'
  const values = Array.isArray(schema.enum) ? schema.enum : isObj(schema.items) && Array.isArray(schema.items.enum) ? schema.items.enum : [];
  let example = p.example ?? (isObj(p.examples) ? Object.values(p.examples).find(isObj)?.value : undefined) ?? schema.example ?? schema.default;
  if (example === undefined && values.length) example = values[0];
  const notes = [str(p.description)];
  if (values.length) notes.push(`(${values.slice(0, 20).map(scalarText).join(', ')})`);
  if (p.deprecated === true) notes.push('(deprecated)');
  return {
    name: str(p.name),
    type: schemaType(schema, names) || 'string',
    required: p.required === true || p.in === 'path',
    description: notes.filter(Boolean).join(' '),
    example: typeof example === 'object' && example !== null ? JSON.stringify(example) : scalarText(example),
  };
}

/** The media type a reader cares about most: JSON, then forms, then the first. */
function pickMedia(content: Schema): [string, Schema] | undefined {
  const entries = Object.entries(content).filter((e): e is [string, Schema] => isObj(e[1]));
  return (
    entries.find(([t]) => /^application\/(.+\+)?json/i.test(t)) ??
    entries.find(([t]) => /x-www-form-urlencoded|multipart\/form-data/i.test(t)) ??
    entries.find(([t]) => /json/i.test(t)) ??
    entries[0]
  );
}

function mediaExample(media: Schema): unknown {
  if (media.example !== undefined) return media.example;
  if (isObj(media.examples)) {
    for (const ex of Object.values(media.examples)) if (isObj(ex) && ex.value !== undefined) return ex.value;
  }
  return schemaExample(media.schema);
}

function formFields(schema: unknown, names: SchemaNames): ApiField[] {
  return schemaFields(schema, names).map((f) => (/\(binary\)|string\(binary\)/.test(f.type) ? { ...f, type: 'file' } : f));
}

function requestBody3(op: Schema, names: SchemaNames): ApiBody | undefined {
  const body = op.requestBody;
  if (!isObj(body) || !isObj(body.content)) return undefined;
  const picked = pickMedia(body.content);
  if (!picked) return undefined;
  const [contentType, media] = picked;
  if (/x-www-form-urlencoded|multipart\/form-data/i.test(contentType)) {
    return { contentType, example: '', fields: formFields(media.schema, names), form: true };
  }
  return { contentType, example: exampleText(mediaExample(media)), fields: schemaFields(media.schema, names), form: false };
}

function requestBody2(op: Schema, params: Schema[], doc: Schema, names: SchemaNames): ApiBody | undefined {
  const bodyParam = params.find((p) => p.in === 'body');
  const form = params.filter((p) => p.in === 'formData');
  const consumes = (Array.isArray(op.consumes) ? op.consumes : Array.isArray(doc.consumes) ? doc.consumes : []).map(String);
  if (bodyParam) {
    const schema = bodyParam.schema;
    return { contentType: consumes.find((c) => /json/i.test(c)) ?? consumes[0] ?? 'application/json', example: exampleText(schemaExample(schema)), fields: schemaFields(schema, names), form: false };
  }
  if (form.length) {
    return {
      contentType: consumes[0] ?? 'application/x-www-form-urlencoded',
      example: '',
      fields: form.map((p) => {
        const f = paramField(p, names);
        return p.type === 'file' ? { ...f, type: 'file' } : f;
      }),
      form: true,
    };
  }
  return undefined;
}

function responses(op: Schema, doc: Schema, names: SchemaNames, swagger2: boolean): ApiResponse[] {
  if (!isObj(op.responses)) return [];
  const entries = Object.entries(op.responses).filter((e): e is [string, Schema] => isObj(e[1]));
  const rank = (s: string) => (/^\d/.test(s) ? Number(s.replace(/x/gi, '0')) : 1000);
  entries.sort((a, b) => rank(a[0]) - rank(b[0]));
  return entries.map(([status, r]) => {
    const out: ApiResponse = { status, description: str(r.description), contentType: '', example: '', fields: [] };
    if (swagger2) {
      const produces = (Array.isArray(op.produces) ? op.produces : Array.isArray(doc.produces) ? doc.produces : []).map(String);
      const examples = isObj(r.examples) ? r.examples : {};
      const exType = Object.keys(examples).find((t) => /json/i.test(t)) ?? Object.keys(examples)[0];
      out.contentType = exType ?? produces[0] ?? '';
      const ex = exType !== undefined ? examples[exType] : r.schema !== undefined ? schemaExample(r.schema) : undefined;
      out.example = exampleText(ex);
      out.fields = schemaFields(r.schema, names);
    } else if (isObj(r.content)) {
      const picked = pickMedia(r.content);
      if (picked) {
        out.contentType = picked[0];
        out.example = exampleText(mediaExample(picked[1]));
        out.fields = schemaFields(picked[1].schema, names);
      }
    }
    return out;
  });
}

function securityNotes(op: Schema, doc: Schema): string[] {
  const req = Array.isArray(op.security) ? op.security : Array.isArray(doc.security) ? doc.security : [];
  const defs = isObj(doc.components) && isObj(doc.components.securitySchemes) ? doc.components.securitySchemes : isObj(doc.securityDefinitions) ? doc.securityDefinitions : {};
  const names = [...new Set(req.filter(isObj).flatMap((r) => Object.keys(r)))];
  return names.map((n) => {
    const d = isObj(defs[n]) ? defs[n] : {};
    const how = d.type === 'apiKey' ? `${str(d.in)} ${str(d.name)}` : [str(d.type), str(d.scheme)].filter(Boolean).join(' ');
    return how ? `${n} (${how.trim()})` : n;
  });
}

const oneLine = (s: string) => s.split('\n')[0].trim();

function titleOf(op: Schema, method: string, path: string): string {
  const t = oneLine(str(op.summary)) || str(op.operationId) || oneLine(str(op.description)) || `${method.toUpperCase()} ${path}`;
  return t.length > PAGE_TITLE_MAX_CHARS ? t.slice(0, PAGE_TITLE_MAX_CHARS) : t;
}

export async function planOpenApi(raw: Schema, fileName: string, env: ReaderEnv): Promise<ImportPlan> {
  const swagger2 = raw.swagger !== undefined;
  const version = String(raw.swagger ?? raw.openapi);
  await env.progress(5, 'Resolving references');
  const doc = await dereference(raw, fileName);
  const names = schemaNames(doc);
  const info = isObj(doc.info) ? doc.info : {};
  const root = emptyCatalog();
  const tagOrder = (Array.isArray(doc.tags) ? doc.tags : []).filter(isObj).map((t) => str(t.name)).filter(Boolean);
  for (const t of tagOrder) childNamed(root, t);

  const paths = Object.entries(isObj(doc.paths) ? doc.paths : {}).filter((e): e is [string, Schema] => isObj(e[1]));
  // operations in the document's order (a path's methods as written, not a fixed order)
  const opsOf = (item: Schema) => Object.keys(item).filter((k): k is (typeof METHODS)[number] => (METHODS as readonly string[]).includes(k) && isObj(item[k]));
  const total = paths.reduce((n, [, item]) => n + opsOf(item).length, 0);
  if (total === 0) throw refuse('{name} describes no operations (its "paths" are empty)', { name: fileName });
  if (total > IMPORT_LIMITS.pages) throw refuse('{name} has {count} operations; one import creates at most {max} pages', { name: fileName, count: total, max: IMPORT_LIMITS.pages });

  let done = 0;
  for (const [path, item] of paths) {
    for (const method of opsOf(item)) {
      const op = item[method] as Schema;
      const params = parametersOf(item, op);
      const api: ApiOperation = {
        ...emptyOperation(),
        title: titleOf(op, method, path),
        summary: oneLine(str(op.summary)),
        description: str(op.description),
        method,
        url: baseUrl(doc, isObj(op) && Array.isArray(op.servers) ? op.servers : item.servers) + path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => paramField(p, names)),
        headers: params.filter((p) => p.in === 'header').map((p) => paramField(p, names)),
        query: params.filter((p) => p.in === 'query').map((p) => paramField(p, names)),
        cookies: params.filter((p) => p.in === 'cookie').map((p) => paramField(p, names)),
        body: swagger2 ? requestBody2(op, params, doc, names) : requestBody3(op, names),
        responses: responses(op, doc, names, swagger2),
      };
      if (op.deprecated === true) api.notes.push(say(env.lang, 'Deprecated'));
      if (str(op.operationId)) api.notes.push(`operationId: \`${str(op.operationId)}\``);
      const auth = securityNotes(op, doc);
      if (auth.length) api.notes.push(say(env.lang, 'Authentication: {schemes}', { schemes: auth.join(', ') }));
      const tags = Array.isArray(op.tags) ? op.tags.map(String).filter(Boolean) : [];
      if (tags.length > 1) api.notes.push(say(env.lang, 'Also tagged: {tags}', { tags: tags.slice(1).join(', ') }));
      const catalog: PlanCatalog = tags.length ? childNamed(root, tags[0]) : root;
      catalog.pages.push({ title: api.title, content: apiDocMarkdown(api, env.lang), source: `${method.toUpperCase()} ${path}` });
      if (++done % 250 === 0) await env.progress(5 + Math.round((done / total) * 25), 'Reading operation {n} of {total}', { n: done, total });
    }
  }
  // tags listed in the document but used by no operation make no empty catalogs
  root.catalogs = root.catalogs.filter((c) => c.pages.length);
  return {
    format: 'openapi',
    formatLabel: swagger2 ? 'Swagger 2.0' : `OpenAPI ${version}`,
    item: { name: str(info.title).trim() || 'from swagger', description: str(info.description), itemType: 1, password: { kind: 'random' } },
    root,
    assets: new Map(),
    skipped: [],
  };
}
