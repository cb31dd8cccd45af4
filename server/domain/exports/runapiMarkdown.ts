// RunApi / API pages (JSON with info.url, showdoc-behaviour §6) become Markdown before an export
// renders them, as ShowDoc's Convert::runapiToMd does: 简要描述, 接口状态, 请求URL, 请求方式,
// 路径变量, Header, 请求Query参数, 请求Body参数, 请求参数示例, json字段说明, 成功/失败返回示例
// and their parameter tables, 备注.
import { indentJson } from '../open/runapiMarkdown';

interface Field {
  name?: unknown;
  type?: unknown;
  value?: unknown;
  require?: unknown;
  remark?: unknown;
  disable?: unknown;
}

const STATUS: Record<string, string> = { '1': '开发中', '2': '测试中', '3': '已完成', '4': '需修改', '5': '已废弃' };

const str = (v: unknown): string => (v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
const list = (v: unknown): Field[] => (Array.isArray(v) ? v.filter((f): f is Field => !!f && typeof f === 'object') : []);
const hasRows = (l: Field[]) => l.length > 0 && !!str(l[0].name);
const live = (l: Field[]) => l.filter((f) => str(f.name) && !(Number(f.disable) >= 1));
const yes = (f: Field) => (f.require && f.require !== '0' ? '是' : '否');
const remark = (f: Field) => (f.remark === undefined || f.remark === null ? '无' : str(f.remark));

const ENTITIES: Record<string, string> = { '&quot;': '"', '&#039;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>', '&amp;': '&' };
const decodeEntities = (s: string) => s.replace(/&(?:quot|#0?39|lt|gt|amp);/g, (m) => ENTITIES[m]);

/** The page's JSON when it is an API page (info.url set), else null. Content imported from ShowDoc may be HTML-escaped. */
export function parseApiPage(content: string): Record<string, any> | null {
  const s = content.trimStart();
  if (!s.startsWith('{')) return null;
  for (const text of [s, decodeEntities(s)]) {
    try {
      const v = JSON.parse(text) as unknown;
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        const info = (v as Record<string, any>).info;
        return info && typeof info === 'object' && str(info.url) ? (v as Record<string, any>) : null;
      }
    } catch {}
  }
  return null;
}

function table(title: string, head: string, rows: string[]): string {
  return ` \n##### ${title}\n\n${head}\n${rows.join('')}`;
}

export function apiPageToMarkdown(page: Record<string, any>): string {
  const info = (page.info ?? {}) as Record<string, unknown>;
  const request = (page.request ?? {}) as Record<string, any>;
  const response = (page.response ?? {}) as Record<string, unknown>;
  const params = (request.params ?? {}) as Record<string, unknown>;
  const method = str(info.method);
  const mode = str(params.mode);
  let query = list(request.query);
  let body = mode ? list(params[mode]) : [];
  // a GET without query rows shows its parameters as the query (ShowDoc)
  if (method === 'get' && !query.length && body.length) {
    query = body;
    body = [];
  }
  let url = str(info.url);
  if (hasRows(query)) url = url.split('?')[0];

  let md = `\n##### 简要描述\n\n- ${info.description === undefined ? '无' : str(info.description)}`;
  const status = STATUS[str(info.apiStatus)];
  if (status) md += `\n\n##### 接口状态\n\n - ${status}`;
  md += `\n\n##### 请求URL\n\n - \`${url}\` \n\n##### 请求方式\n\n- ${method}\n`;

  const pathVars = list(request.pathVariable);
  if (hasRows(pathVars)) {
    md += table('路径变量', '|变量名|必选|类型|说明|\n|:-----  |:-----|-----|-----|', live(pathVars).map((v) => `|${str(v.name)}|  ${yes(v)} |  ${str(v.type)} |  ${remark(v)} | \n`));
  }
  const headers = list(request.headers);
  if (hasRows(headers)) {
    md += table('Header ', '|字段名|示例值|必选|类型|说明|\n|:-----  |:-----|-----|-----|-----|', live(headers).map((h) => `|${str(h.name)}|  ${str(h.value)} |  ${yes(h)} |  ${str(h.type)} |  ${remark(h)} | \n`));
  }
  if (hasRows(query)) {
    md += table('请求Query参数', '|参数名|示例值|必选|类型|说明|\n|:-----  |:-----|-----|-----|-----|', live(query).map((q) => `|${str(q.name)}|  ${str(q.value)}|  ${yes(q)} |  ${str(q.type)} |  ${remark(q)} | \n`));
  }
  if (hasRows(body)) {
    md += table('请求Body参数', '|参数名|示例值|必选|类型|说明|\n|:-----  |:-----|-----|-----|-----|', live(body).map((p) => `|${str(p.name)}|  ${str(p.value)} |  ${yes(p)} |  ${str(p.type)} |  ${remark(p)} | \n`));
  }
  if (mode === 'json' && str(params.json)) md += ` \n##### 请求参数示例  \n\`\`\`\n${indentJson(str(params.json))}\n\n\`\`\` \n`;
  const jsonDesc = list(params.jsonDesc);
  if (mode === 'json' && hasRows(jsonDesc)) {
    md += table('json字段说明', '|字段名|必选|类型|说明|\n|:-----  |:-----|-----|-----|', live(jsonDesc).map((j) => `|${str(j.name)}|  ${yes(j)} |  ${str(j.type)} |  ${remark(j)} | \n`));
  }
  if (str(response.responseExample)) md += ` \n##### 成功返回示例  \n\`\`\`\n${indentJson(str(response.responseExample))}\n\n\`\`\` \n`;
  const okParams = list(response.responseParamsDesc);
  if (hasRows(okParams)) md += table('成功返回示例的参数说明 ', '|参数名|类型|说明|\n|:-----  |:-----|-----|', okParams.map((r) => `|${str(r.name)}| ${str(r.type)} |  ${remark(r)} | \n`));
  if (str(response.responseFailExample)) md += ` \n##### 失败返回示例  \n\`\`\`\n${indentJson(str(response.responseFailExample))}\n\n\`\`\` \n`;
  const failParams = list(response.responseFailParamsDesc);
  if (hasRows(failParams)) md += table('失败返回示例的参数说明 ', '|参数名|类型|说明|\n|:-----  |:-----|-----|', failParams.map((r) => `|${str(r.name)}| ${str(r.type)} |  ${remark(r)} | \n`));
  if (str(info.remark)) md += ` \n##### 备注 \n ${str(info.remark)}\n`;
  return md;
}

/** The Markdown an export renders for a page: API pages converted, anything else as written. */
export function markdownOfPage(content: string): string {
  const api = parseApiPage(content);
  return api ? apiPageToMarkdown(api) : content;
}
