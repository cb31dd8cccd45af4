// The Markdown ShowDoc renders for an HTTP API description (its Convert::runapiToMd), fed by
// the comment parser. Table layouts follow current ShowDoc; empty descriptions and remarks
// read '无' as in its classic back-end.

export interface ApiField {
  name: string;
  /** '1' required, '0' optional */
  require: string;
  type: string;
  value: string;
  remark: string;
}

export interface ApiDoc {
  title: string;
  description: string;
  /** lower-case HTTP method ('' when the comment gave none) */
  method: string;
  url: string;
  remark: string;
  headers: ApiField[];
  query: ApiField[];
  mode: 'formdata' | 'json';
  formdata: ApiField[];
  /** request JSON example (mode json) */
  json: string;
  jsonDesc: ApiField[];
  responseExample: string;
  responseParamsDesc: ApiField[];
}

/** PHP json_encode(json_decode(s), JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE); the text itself when not JSON. */
export function indentJson(s: string): string {
  if (!s) return s;
  try {
    const v: unknown = JSON.parse(s);
    if (v === null) return s;
    return JSON.stringify(v, null, 4);
  } catch {
    return s;
  }
}

const yes = (f: ApiField) => (f.require === '1' ? '是' : '否');
const orNone = (s: string) => (s ? s : '无');
const live = (list: ApiField[]) => list.filter((f) => f.name);
const hasRows = (list: ApiField[]) => list.length > 0 && !!list[0].name;

export function apiDocToMarkdown(doc: ApiDoc): string {
  let url = doc.url;
  if (hasRows(doc.query)) url = url.split('?')[0];

  let md = `\n##### 简要描述\n\n- ${orNone(doc.description)}`;
  md += `\n\n##### 请求URL\n\n - \`${url}\` \n\n##### 请求方式\n\n- ${doc.method}\n`;

  if (hasRows(doc.headers)) {
    md += ' \n##### Header \n\n|字段名|示例值|必选|类型|说明|\n|:-----  |:-----|-----|-----|-----|\n';
    for (const h of live(doc.headers)) md += `|${h.name}|  ${h.value} |  ${yes(h)} |  ${h.type} |  ${orNone(h.remark)} | \n`;
  }
  if (hasRows(doc.query)) {
    md += ' \n##### 请求Query参数\n\n|参数名|示例值|必选|类型|说明|\n|:-----  |:-----|-----|-----|-----|\n';
    for (const q of live(doc.query)) md += `|${q.name}|  ${q.value}|  ${yes(q)} |  ${q.type} |  ${orNone(q.remark)} | \n`;
  }
  if (doc.mode === 'formdata' && hasRows(doc.formdata)) {
    md += ' \n##### 请求Body参数\n\n|参数名|示例值|必选|类型|说明|\n|:-----  |:-----|-----|-----|-----|\n';
    for (const p of live(doc.formdata)) md += `|${p.name}|  ${p.value} |  ${yes(p)} |  ${p.type} |  ${orNone(p.remark)} | \n`;
  }
  if (doc.mode === 'json' && doc.json) {
    md += ` \n##### 请求参数示例  \n\`\`\`\n${indentJson(doc.json)}\n\n\`\`\` \n`;
  }
  if (doc.mode === 'json' && hasRows(doc.jsonDesc)) {
    md += ' \n##### json字段说明\n\n|字段名|必选|类型|说明|\n|:-----  |:-----|-----|-----|\n';
    for (const j of live(doc.jsonDesc)) md += `|${j.name}|  ${yes(j)} |  ${j.type} |  ${orNone(j.remark)} | \n`;
  }
  if (doc.responseExample) {
    md += ` \n##### 成功返回示例  \n\`\`\`\n${indentJson(doc.responseExample)}\n\n\`\`\` \n`;
  }
  if (hasRows(doc.responseParamsDesc)) {
    md += ' \n##### 成功返回示例的参数说明 \n\n|参数名|类型|说明|\n|:-----  |:-----|-----|\n';
    for (const r of doc.responseParamsDesc) md += `|${r.name}| ${r.type} |  ${orNone(r.remark)} | \n`;
  }
  if (doc.remark) md += ` \n##### 备注 \n ${doc.remark}\n`;
  return md;
}
