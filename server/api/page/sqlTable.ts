// page/sqlToMarkdownTable — for signed-in users (it is an editor tool); the SQL is parsed, never run.
import { action, controller } from '../../http/action';
import * as api from '../../../shared/api/page/sqlTable';
import { sqlToMarkdownTable } from '../../domain/sqlTables/convert';

const sqlToMarkdownTableAction = action(api.sqlToMarkdownTable, {
  auth: 'required',
  async run(req, p) {
    return { markdown: sqlToMarkdownTable(p.sql, p.dialect === 'auto' ? undefined : p.dialect, req.lang) };
  },
});

export default controller('page', { sqlToMarkdownTable: sqlToMarkdownTableAction });
