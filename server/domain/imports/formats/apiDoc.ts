// One HTTP operation as an API page: the editor's API-document template (summary, URL, method,
// parameter tables, request example, response example and fields, notes), extended with what
// OpenAPI and Postman files say beyond it (path parameters, headers, every response status).
// OpenAPI, Postman and RunApi JSON pages (ShowDoc exports) are all turned into this shape.
import type { ImportLang } from '../messages';

export interface ApiField {
  name: string;
  type: string;
  required: boolean;
  description: string;
  /** '' when the file gives none */
  example: string;
}

export interface ApiBody {
  /** 'application/json', 'multipart/form-data'… ('' unknown) */
  contentType: string;
  /** a JSON (or other) example, pretty-printed */
  example: string;
  /** form fields, or the fields of a JSON body */
  fields: ApiField[];
  /** form bodies list their fields as parameters; JSON bodies as an example plus field notes */
  form: boolean;
}

export interface ApiResponse {
  /** '200', '404', 'default' */
  status: string;
  description: string;
  contentType: string;
  example: string;
  fields: ApiField[];
}

export interface ApiOperation {
  title: string;
  summary: string;
  description: string;
  method: string;
  url: string;
  pathParams: ApiField[];
  headers: ApiField[];
  query: ApiField[];
  cookies: ApiField[];
  body?: ApiBody;
  responses: ApiResponse[];
  /** extra lines for the notes: deprecated, operation id, authentication, remarks */
  notes: string[];
}

export const emptyOperation = (): ApiOperation => ({
  title: '',
  summary: '',
  description: '',
  method: 'GET',
  url: '',
  pathParams: [],
  headers: [],
  query: [],
  cookies: [],
  responses: [],
  notes: [],
});

const LABELS = {
  en: {
    summary: 'Summary',
    url: 'URL',
    method: 'Method',
    pathParams: 'Path parameters',
    headers: 'Headers',
    query: 'Query parameters',
    cookies: 'Cookies',
    params: 'Parameters',
    requestExample: 'Request example',
    requestFields: 'Request fields',
    responseExample: 'Response example',
    responseFields: 'Response fields',
    responses: 'Responses',
    otherExample: 'Example of {status}',
    notes: 'Notes',
    cols: ['Name', 'Required', 'Type', 'Description'],
    example: 'Example',
    responseCols: ['Name', 'Type', 'Description'],
    statusCols: ['Status', 'Description'],
    yes: 'yes',
    no: 'no',
    none: '-',
  },
  zh: {
    summary: '简要描述：',
    url: '请求URL：',
    method: '请求方式：',
    pathParams: '路径参数：',
    headers: '请求头：',
    query: 'Query参数：',
    cookies: 'Cookie：',
    params: '参数：',
    requestExample: '请求示例',
    requestFields: '请求参数说明',
    responseExample: '返回示例',
    responseFields: '返回参数说明',
    responses: '返回状态码',
    otherExample: '{status} 返回示例',
    notes: '备注',
    cols: ['参数名', '必选', '类型', '说明'],
    example: '示例值',
    responseCols: ['参数名', '类型', '说明'],
    statusCols: ['状态码', '说明'],
    yes: '是',
    no: '否',
    none: '无',
  },
} as const;

/** A table cell: one line, no column breaks. */
const cell = (s: string) => s.replace(/\r?\n+/g, ' ').replace(/\|/g, '\\|').trim();

function fieldTable(fields: ApiField[], l: (typeof LABELS)[ImportLang], withRequired = true): string {
  const withExample = fields.some((f) => f.example !== '');
  const head: string[] = withRequired ? [...l.cols] : [...l.responseCols];
  if (withExample) head.splice(head.length - 1, 0, l.example);
  const rows = fields.map((f) => {
    const cols = withRequired ? [f.name, f.required ? l.yes : l.no, f.type] : [f.name, f.type];
    if (withExample) cols.push(f.example);
    cols.push(f.description || l.none);
    return `|${cols.map(cell).join('|')}|`;
  });
  return [`|${head.join('|')}|`, `|${head.map((_, i) => (i === 0 ? ':----' : '-----')).join('|')}|`, ...rows].join('\n');
}

/** A fenced block long enough for backticks in the text. */
function fence(text: string, lang: string): string {
  const longest = Math.max(2, ...Array.from(text.matchAll(/`{3,}/g), (m) => m[0].length));
  const f = '`'.repeat(longest + 1);
  return `${f}${lang}\n${text}\n${f}`;
}

const codeLang = (contentType: string, example: string) =>
  /json/i.test(contentType) || /^\s*[[{]/.test(example) ? 'json' : /xml/i.test(contentType) ? 'xml' : '';

export function apiDocMarkdown(op: ApiOperation, lang: ImportLang): string {
  const l = LABELS[lang];
  const out: string[] = [];
  const heading = (s: string) => out.push(`**${s}**`);
  const summary = op.summary || op.description.split(/\n\s*\n/)[0] || op.title;
  heading(l.summary);
  out.push(`- ${cell(summary) || l.none}`);
  if (op.description && op.description.trim() !== summary.trim()) out.push(op.description.trim());
  heading(l.url);
  out.push(`- \` ${op.url} \``);
  heading(l.method);
  out.push(`- ${op.method.toUpperCase()}`);
  const table = (label: string, fields: ApiField[]) => {
    if (!fields.length) return;
    heading(label);
    out.push(fieldTable(fields, l));
  };
  table(l.pathParams, op.pathParams);
  table(l.headers, op.headers);
  table(l.query, op.query);
  table(l.cookies, op.cookies);
  if (op.body) {
    if (op.body.form) table(l.params, op.body.fields);
    else {
      if (op.body.example) {
        heading(l.requestExample);
        out.push(fence(op.body.example, codeLang(op.body.contentType, op.body.example)));
      }
      table(l.requestFields, op.body.fields);
    }
  }
  const main = op.responses.find((r) => /^2/.test(r.status) && (r.example || r.fields.length)) ?? op.responses.find((r) => r.example || r.fields.length);
  if (main) {
    if (main.example) {
      heading(l.responseExample);
      out.push(fence(main.example, codeLang(main.contentType, main.example)));
    }
    if (main.fields.length) {
      heading(l.responseFields);
      out.push(fieldTable(main.fields, l, false));
    }
  }
  const listed = op.responses.filter((r) => r.status !== '' && (r.status !== main?.status || op.responses.length > 1));
  if (listed.length) {
    heading(l.responses);
    out.push(
      [`|${l.statusCols.join('|')}|`, '|:----|-----|', ...listed.map((r) => `|${cell(r.status)}|${cell(r.description) || l.none}|`)].join('\n'),
    );
    for (const r of listed) {
      if (r === main || !r.example) continue;
      heading(l.otherExample.replace('{status}', r.status));
      out.push(fence(r.example, codeLang(r.contentType, r.example)));
    }
  }
  if (op.notes.length) {
    heading(l.notes);
    out.push(op.notes.map((n) => `- ${n}`).join('\n'));
  }
  return out.join('\n\n') + '\n';
}

/** JSON text of a value, pretty-printed; strings that hold JSON are re-indented, other strings kept. */
export function exampleText(v: unknown): string {
  if (v === undefined) return '';
  if (typeof v === 'string') {
    const t = v.trim();
    if (/^[[{]/.test(t)) {
      try {
        return JSON.stringify(JSON.parse(t), null, 2);
      } catch {}
    }
    return v;
  }
  try {
    return JSON.stringify(v, null, 2) ?? '';
  } catch {
    return '';
  }
}

/** A scalar example as it goes in a table cell. */
export function scalarText(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') {
    try {
      return JSON.stringify(v);
    } catch {
      return '';
    }
  }
  return String(v);
}
