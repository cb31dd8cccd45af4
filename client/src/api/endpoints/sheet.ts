// /api/sheet/*: xlsx import and export of a table item, as jobs (see Downloads).
import { callAction, upload } from '../http';
import type { Id } from '../ids';
import type * as sheetApi from '@shared/api/sheet';
import type { JobInfo } from '@shared/api/job';

export const exportXlsx = (item_id: Id) => callAction<typeof sheetApi.exportXlsx>('sheet/export', { item_id });

export const importXlsx = (item_id: Id, file: File) => {
  const form = new FormData();
  form.append('item_id', String(item_id));
  form.append('file', file);
  return upload<JobInfo>('sheet/import', form);
};
