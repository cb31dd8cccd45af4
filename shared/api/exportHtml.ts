// /api/exportHtml/export: the item as an offline HTML zip (opens from disk, no server, no
// network), opened by browser navigation like the other exports; large items become a job.
import { endpoint, type NoData } from './contract';
import { text } from './fields';

export const exportItem = endpoint<NoData>()('exportHtml/export', {
  item_id: text({ required: true, max: 50 }),
});
