// /api/exportHtml/export: the item as an offline HTML zip, opened by browser navigation as
// ShowDoc's clients do; large items become a job (see ./export.ts).
import { action, controller } from '../http/action';
import * as api from '../../shared/api/exportHtml';
import { exportReply } from './export';

const exportItem = action(api.exportItem, {
  auth: 'required',
  browserGet: true,
  run: (req, p) => exportReply(req, p.item_id, { format: 'html', target: { kind: 'item' } }),
});

export default controller('exportHtml', { export: exportItem });
