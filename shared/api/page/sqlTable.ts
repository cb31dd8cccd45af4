// page/sqlToMarkdownTable: CREATE TABLE statements → a data-dictionary Markdown table (the
// editor's "SQL → table" tool, and ShowDoc's).
import { endpoint } from '../contract';
import { oneOf, text } from '../fields';

export const SQL_TABLE_MAX_CHARS = 65_536;

export const sqlToMarkdownTable = endpoint<{ markdown: string }>()('page/sqlToMarkdownTable', {
  sql: text({ raw: true, max: SQL_TABLE_MAX_CHARS }),
  /** Quire's addition; ShowDoc's clients send none and every dialect is tried */
  dialect: oneOf(['auto', 'mysql', 'postgresql', 'sqlite'] as const, 'auto'),
});
