// /api/sheet/*: a spreadsheet (table) item's xlsx import and export, as background jobs
// followed on the Downloads screen. Our extension (ShowDoc imports in the browser).
import { endpoint } from './contract';
import { id } from './fields';
import type { JobInfo } from './job';

/** Upload (multipart field `file`, an .xlsx): replaces the item's workbook once the job has read it. */
export const importXlsx = endpoint<JobInfo>()('sheet/import', { item_id: id() });
/** Writes the item's workbook as showdoc.xlsx. */
export const exportXlsx = endpoint<JobInfo>()('sheet/export', { item_id: id() });
