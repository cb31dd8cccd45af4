// A data dictionary in Markdown, laid out as ShowDoc's SQL tool lays it out: per table a
// "- name comment" line, then | field | type | null | default | comment | (a comment-less
// column shows "-"). Headings and yes/no follow the reader's language.
import { localize } from '../../../shared/messages';
import type { SqlTable } from './parse';

type Lang = 'en' | 'zh';

/** a cell's text on one line, its pipes escaped so the table keeps its columns */
const cell = (s: string) =>
  s
    .replace(/\r?\n|\r/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();

const row = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |\n`;

export function tablesToMarkdown(tables: SqlTable[], lang: Lang): string {
  const head = ['Field', 'Type', 'Null', 'Default', 'Comment'].map((h) => localize(h, lang));
  const yes = localize('Yes', lang);
  const no = localize('No', lang);
  return tables
    .map((t) => {
      let md = `\n- ${cell(`${t.name} ${t.comment}`)}\n\n`;
      md += row(head) + row(head.map(() => '---'));
      for (const c of t.columns) md += row([c.name, c.type, c.nullable ? yes : no, c.defaultValue, c.comment || '-']);
      return md + '\n';
    })
    .join('');
}
