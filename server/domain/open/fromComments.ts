// API pages from code comments, as showdoc_api.sh sends them: every /** … */ block that
// contains both '@title' and 'showdoc' becomes one page. Tags are read the way ShowDoc's
// FromCommentsController reads them (one-line tags: rest of the line after the first
// occurrence; multi-line tags: whitespace-separated words after '@tag').
import { decodeSpecialChars, restoreAmpersands } from './entities';
import { apiDocToMarkdown, indentJson, type ApiDoc, type ApiField } from './runapiMarkdown';

export interface CommentPage {
  title: string;
  catPath: string;
  sNumber: number;
  markdown: string;
}

/** the comment blocks of a request body that describe an API */
export function apiBlocks(content: string): string[] {
  const text = restoreAmpersands(decodeSpecialChars(content));
  const blocks = text.match(/\/\*\*[\s\S]*?\*\//g) ?? [];
  return blocks.filter((b) => b.includes('@title') && b.includes('showdoc'));
}

/** ShowDoc's parse_one_line: the first '@tag' followed by at least one character on its line. */
export function oneLine(tag: string, block: string): string {
  const m = new RegExp(`@${tag}[^\\n]+`).exec(block);
  if (!m) return '';
  return m[0].split(`@${tag}`).join('').trim();
}

/** ShowDoc's parse_muti_line: every '@'-separated piece whose first word is the tag. */
export function multiLine(tag: string, block: string): string[][] {
  const out: string[][] = [];
  for (const piece of block.split('@')) {
    const words = piece.trim().split(/\s+/);
    if (words[0] && words[0] === tag) out.push(words.slice(1));
  }
  return out;
}

const field = (w: string[]): ApiField => ({
  name: w[0] ?? '',
  require: w[1] === '必选' ? '1' : '0',
  type: w[2] ?? '',
  value: '',
  remark: w[3] ?? '',
});

export function parseApiBlock(block: string): { doc: ApiDoc; catPath: string; sNumber: number } {
  const method = oneLine('method', block).toLowerCase();
  const params = multiLine('param', block);
  const jsonParam = decodeSpecialChars(oneLine('json_param', block));
  const ret = decodeSpecialChars(oneLine('return', block));
  const doc: ApiDoc = {
    title: oneLine('title', block),
    description: oneLine('description', block),
    method,
    url: oneLine('url', block),
    remark: oneLine('remark', block),
    headers: multiLine('header', block).map(field),
    query: [],
    mode: 'formdata',
    formdata: [],
    json: '',
    jsonDesc: [],
    responseExample: indentJson(ret),
    responseParamsDesc: multiLine('return_param', block).map((w) => ({ name: w[0] ?? '', require: '0', type: w[1] ?? '', value: '', remark: w[2] ?? '' })),
  };
  if (jsonParam) {
    doc.mode = 'json';
    doc.json = jsonParam;
    doc.jsonDesc = params.map(field);
  }
  if (params.length) {
    if (method === 'get') {
      doc.query = params.map(field);
      doc.url += (doc.url.includes('?') ? '&' : '?') + params.map((w) => `${w[0] ?? ''}=&`).join('');
    } else {
      doc.formdata = params.map(field);
    }
  }
  const n = Number.parseInt(oneLine('number', block), 10);
  return { doc, catPath: oneLine('catalog', block), sNumber: Number.isFinite(n) && n !== 0 ? n : 99 };
}

export function commentPages(content: string): CommentPage[] {
  return apiBlocks(content).map((block) => {
    const { doc, catPath, sNumber } = parseApiBlock(block);
    return { title: doc.title, catPath, sNumber, markdown: apiDocToMarkdown(doc) };
  });
}
