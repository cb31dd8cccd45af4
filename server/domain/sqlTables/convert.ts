// The SQL tool: CREATE TABLE text → Markdown data dictionary, or a clear refusal.
import { ApiError } from '../../errors';
import { ErrorCode } from '../../../shared/errors';
import { parseCreateTables, type SqlDialect } from './parse';
import { tablesToMarkdown } from './markdown';

export function sqlToMarkdownTable(sql: string, dialect: SqlDialect | undefined, lang: 'en' | 'zh'): string {
  if (!sql.trim()) throw new ApiError(ErrorCode.GENERIC, 'Paste a CREATE TABLE statement');
  const tables = parseCreateTables(sql, dialect);
  if (!tables.length) throw new ApiError(ErrorCode.GENERIC, 'This SQL could not be read as CREATE TABLE statements (MySQL, PostgreSQL or SQLite)');
  return tablesToMarkdown(tables, lang);
}
