// RunApi pages (ShowDoc's API pages: JSON with info.url, showdoc-behaviour §6) as they come in
// ShowDoc exports of RunApi items: turned into the same API page as OpenAPI operations, as
// ShowDoc itself converts them (runapiToMd) when they leave a RunApi item.
import type { ImportLang } from '../messages';
import { apiDocMarkdown, emptyOperation, exampleText, type ApiField, type ApiOperation } from './apiDoc';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const rows = (v: unknown): ApiField[] =>
  (Array.isArray(v) ? v.filter(isObj) : [])
    .filter((r) => str(r.name) && r.disable !== '1' && r.disable !== true)
    .map((r) => ({ name: str(r.name), type: str(r.type) || 'string', required: str(r.require) === '1', description: str(r.remark), example: str(r.value) }));

const STATUS = ['', 'Developing', 'Testing', 'Done', 'Needs changes', 'Deprecated'];
const STATUS_ZH = ['', '开发中', '测试中', '已完成', '需修改', '已废弃'];

/** The Markdown of a RunApi page, or null when the content is not one (plain Markdown). */
export function runapiToMarkdown(content: string, lang: ImportLang): string | null {
  const t = content.trim();
  if (!t.startsWith('{') || !t.includes('"info"')) return null;
  let doc: unknown;
  try {
    doc = JSON.parse(t);
  } catch {
    return null;
  }
  if (!isObj(doc) || !isObj(doc.info) || !str(doc.info.url)) return null;
  const info = doc.info;
  const req = isObj(doc.request) ? doc.request : {};
  const params = isObj(req.params) ? req.params : {};
  const res = isObj(doc.response) ? doc.response : {};
  const mode = str(params.mode);
  const op: ApiOperation = {
    ...emptyOperation(),
    title: str(info.title),
    summary: str(info.description) || str(info.title),
    method: str(info.method) || 'get',
    url: str(info.url),
    pathParams: rows(req.pathVariable),
    headers: rows(req.headers),
    query: rows(req.query),
    cookies: rows(req.cookies),
  };
  if (mode === 'json') {
    const json = str(params.json);
    if (json || rows(params.jsonDesc).length) op.body = { contentType: 'application/json', example: exampleText(json), fields: rows(params.jsonDesc), form: false };
  } else if (mode === 'formdata' || mode === 'urlencoded') {
    const fields = rows(params[mode]);
    if (fields.length) op.body = { contentType: mode === 'formdata' ? 'multipart/form-data' : 'application/x-www-form-urlencoded', example: '', fields, form: true };
  }
  const ok = str(res.responseExample);
  const okFields = rows(res.responseParamsDesc);
  if (ok || okFields.length) op.responses.push({ status: '200', description: '', contentType: '', example: exampleText(ok), fields: okFields });
  const fail = str(res.responseFailExample);
  if (fail) op.responses.push({ status: 'fail', description: '', contentType: '', example: exampleText(fail), fields: rows(res.responseFailParamsDesc) });
  const status = Number(str(info.apiStatus));
  if (status > 0 && status < STATUS.length) op.notes.push(lang === 'zh' ? `接口状态：${STATUS_ZH[status]}` : `Status: ${STATUS[status]}`);
  if (str(info.remark)) op.notes.push(str(info.remark));
  return apiDocMarkdown(op, lang);
}
