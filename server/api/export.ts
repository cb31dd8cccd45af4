// /api/export/*: Word (whole item, one catalog or one page) and Markdown exports, opened by
// browser navigation as ShowDoc's clients do (GET with user_token, or our session cookie). Up to
// 50 pages the file comes straight back; larger exports become jobs and the navigation goes to
// the Downloads screen. Export needs the item editor's rights; catalog limits decide the pages.
import fs from 'node:fs';
import { action, controller, rawReply, type ActionRequest, type RawReply } from '../http/action';
import * as api from '../../shared/api/export';
import { accessToItemId } from '../policies/request';
import { exportScopeOf } from '../policies/exportScope';
import { planExport, queueExport, startExport } from '../domain/exports/start';
import type { ExportRequest } from '../domain/exports/exportFile';
import { targetOf } from '../domain/exports/jobs';
import { contentDisposition } from '../domain/attachments/serve';
import { downloadsUrl, exportUrl, presentFileStart, presentJobStart } from '../presenters/exportStart';

/** Runs an export for the caller: the file itself, or a redirect of the navigation to the Downloads screen. */
export async function exportReply(req: ActionRequest, itemId: string, ask: Omit<ExportRequest, 'lang'>): Promise<RawReply> {
  const scope = await exportScopeOf(req.deps, await accessToItemId(req, itemId));
  const started = await startExport(req.deps, scope, { ...ask, lang: req.lang }, req.me().uid);
  if (started.kind === 'job') return rawReply({ status: 302, type: 'text/plain', body: '', headers: { Location: downloadsUrl(started.jobId), 'Cache-Control': 'no-store' } });
  const body = fs.createReadStream(started.file.path);
  body.on('close', () => void started.dispose());
  return rawReply({
    type: started.file.type,
    body,
    headers: {
      'Content-Disposition': contentDisposition('attachment', started.file.name),
      'Content-Length': String((await fs.promises.stat(started.file.path)).size),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

const word = action(api.word, {
  auth: 'required',
  browserGet: true,
  run: (req, p) => exportReply(req, p.item_id, { format: 'word', target: targetOf({ catId: p.cat_id, pageId: p.page_id }) }),
});

const markdown = action(api.markdown, {
  auth: 'required',
  browserGet: true,
  run: (req, p) => exportReply(req, p.item_id, { format: 'markdown', target: { kind: 'item' } }),
});

const checkMarkdownLimit = action(api.checkMarkdownLimit, {
  auth: 'required',
  async run() {
    return [];
  },
});

/** Quire's Export screen: a small export is downloaded from the returned address, a larger one is queued now. */
const start = action(api.start, {
  auth: 'required',
  async run(req, p) {
    const scope = await exportScopeOf(req.deps, await accessToItemId(req, p.item_id));
    const ask: ExportRequest = { format: p.format, target: p.format === 'word' ? targetOf({ catId: p.cat_id, pageId: p.page_id }) : { kind: 'item' }, lang: req.lang };
    const plan = await planExport(req.deps, scope, ask);
    if (plan.inline) return presentFileStart(exportUrl(p.format, scope.item.itemId, p.cat_id, p.page_id), plan.pages);
    return presentJobStart(await queueExport(req.deps, scope, ask, req.me().uid), plan.pages);
  },
});

export default controller('export', { word, markdown, checkMarkdownLimit, start });
