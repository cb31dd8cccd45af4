// Reading a sheet item's stored content, whatever wrote it: Quire's workbook JSON, ShowDoc's
// x-spreadsheet array (raw, or HTML-escaped as ShowDoc stores it), or nothing yet.
import { emptyWorkbook, isWorkbook, normalizeWorkbook, type Workbook } from './workbook';
import { fromXSpreadsheet } from './xspreadsheet';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#039;': "'" };
const unescapeHtml = (s: string) => s.replace(/&(?:amp|lt|gt|quot|#0?39);/g, (e) => ENTITIES[e]);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The workbook a sheet item's stored content holds: ours, ShowDoc's x-spreadsheet array (raw
 * or HTML-escaped, as ShowDoc stores it), or an empty workbook for empty or unreadable content
 * (a brand-new table item has '' as content). Other text is kept in cell A1 rather than lost.
 */
export function parseWorkbookContent(content: string): Workbook {
  const text = content.trim();
  if (!text) return emptyWorkbook();
  let data = parseJson(text);
  if (data === undefined && text.includes('&')) data = parseJson(unescapeHtml(text));
  if (isWorkbook(data)) return normalizeWorkbook(data);
  if (Array.isArray(data)) return fromXSpreadsheet(data);
  const wb = emptyWorkbook();
  wb.sheets[0].cells['0,0'] = { v: content };
  return wb;
}

