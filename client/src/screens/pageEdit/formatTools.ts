// Format tools of the editor: JSON → Markdown table, JSON beautifier, tab-separated text → table.
// Pure functions so they are tested without a browser.

export interface TableHeaders {
  field: string;
  type: string;
  example: string;
}

const cell = (v: string) => v.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'float';
  return typeof v;
}

function example(v: unknown): string {
  if (v === null) return 'null';
  if (typeof v === 'object') return '';
  return String(v);
}

/** Every field of the JSON value as [path, type, example], parents before children. */
function flatten(value: unknown, prefix: string, out: [string, string, string][], depth: number): void {
  if (depth > 20) return;
  if (Array.isArray(value)) {
    // the first element stands for all of them
    if (value.length && typeof value[0] === 'object' && value[0] !== null) flatten(value[0], `${prefix}[]`, out, depth + 1);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [key, v] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    out.push([path, typeOf(v), example(v)]);
    flatten(v, path, out, depth + 1);
  }
}

/** Throws SyntaxError on bad JSON (the caller shows 'Json解析失败'). */
export function jsonToMarkdownTable(json: string, headers: TableHeaders): string {
  const value: unknown = JSON.parse(json);
  const rows: [string, string, string][] = [];
  flatten(value, '', rows, 0);
  if (!rows.length) throw new SyntaxError('no fields');
  const lines = [`|${headers.field}|${headers.type}|${headers.example}|`, '|:----|:----|:----|'];
  for (const [path, type, ex] of rows) lines.push(`|${cell(path)}|${type}|${cell(ex)}|`);
  return lines.join('\n') + '\n';
}

/** Pretty JSON in a fenced block; text that is not JSON comes back unchanged. */
export function beautifyJson(text: string): string {
  try {
    return '```json\n' + JSON.stringify(JSON.parse(text), null, 2) + '\n```\n';
  } catch {
    return text;
  }
}

/** Rows of tab-separated text (as copied from a spreadsheet) → Markdown table; first row is the header. */
export function tsvToMarkdownTable(text: string): string {
  const rows = text
    .replace(/\r\n/g, '\n')
    .split('\n')
    .filter((r) => r.trim() !== '')
    .map((r) => r.split('\t').map((c) => cell(c.trim())));
  if (!rows.length) return '';
  const width = Math.max(...rows.map((r) => r.length));
  const pad = (r: string[]) => [...r, ...Array<string>(width - r.length).fill('')];
  const line = (r: string[]) => `|${pad(r).join('|')}|`;
  return [line(rows[0]), `|${Array<string>(width).fill(':----').join('|')}|`, ...rows.slice(1).map(line)].join('\n') + '\n';
}

/** Does pasted text look like a spreadsheet selection (at least two columns)? */
export function looksTabular(text: string): boolean {
  const rows = text.trim().split(/\r?\n/);
  return rows.length >= 1 && rows.every((r) => r.includes('\t'));
}
