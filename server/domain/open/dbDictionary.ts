// Data dictionary from showdoc_db.sh: two tab-separated tables with a header line
// (TABLE_NAME, TABLE_COMMENT) and (TABLE_NAME, COLUMN_NAME, COLUMN_DEFAULT, IS_NULLABLE,
// COLUMN_TYPE, COLUMN_COMMENT), as printed by `mysql -e`. One Markdown page per table,
// byte for byte the document ShowDoc's open/updateDbItem writes.
import { restoreAmpersands } from './entities';

export interface DictionaryPage {
  title: string;
  markdown: string;
}

interface Column {
  name: string;
  def: string;
  nullable: string;
  type: string;
  comment: string;
}

interface Table {
  name: string;
  comment: string;
  columns: Map<string, Column>;
}

const rows = (text: string) =>
  restoreAmpersands(text)
    .split('\n')
    .slice(1) // header line
    .map((l) => l.replace(/\r$/, ''))
    .map((l) => l.split('\t'));

export function buildDictionary(tableInfo: string, tableDetail: string): DictionaryPage[] {
  const tables = new Map<string, Table>();
  for (const cells of rows(tableInfo)) {
    const name = cells[0] ?? '';
    if (!name.trim()) continue;
    tables.set(name, { name: name.trim(), comment: cells[1] ?? '', columns: new Map() });
  }
  for (const cells of rows(tableDetail)) {
    const [table = '', column = ''] = cells;
    if (!table.trim() || !column) continue;
    let t = tables.get(table);
    if (!t) {
      t = { name: table.trim(), comment: '', columns: new Map() };
      tables.set(table, t);
    }
    t.columns.set(column, {
      name: column,
      def: cells[2] ?? '',
      nullable: cells[3] ?? '',
      type: cells[4] ?? '',
      comment: cells[5] ? cells[5] : '无',
    });
  }
  return [...tables.values()].map((t) => ({ title: t.name, markdown: tableMarkdown(t) }));
}

function tableMarkdown(t: Table): string {
  let md = `- ${t.comment} \n \n`;
  md += '|字段|类型|允许空|默认|注释| \n ';
  md += '|:----    |:-------    |:--- |----|------      | \n ';
  for (const c of t.columns.values()) {
    md += `|${c.name} |${c.type} |${c.nullable} | ${c.def} | ${c.comment}  | \n `;
  }
  return md;
}
