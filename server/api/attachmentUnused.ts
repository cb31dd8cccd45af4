// attachment/getUnusedList, attachment/batchDeleteAttachments — files no page's text links to.
// Administrators: everyone's files (ShowDoc's rule); other users: their own (policies/files.ts).
import { action, controller } from '../http/action';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import * as api from '../../shared/api/attachmentUnused';
import { siteUrl } from '../http/siteUrl';
import { canDeleteFile, unusedFilesScope } from '../policies/files';
import { deleteFiles, listUnusedFiles } from '../domain/attachments/unused';
import { presentUnusedFile } from '../presenters/attachment';

const getUnusedList = action(api.getUnusedList, {
  auth: 'required',
  async run(req, p) {
    const me = req.me();
    const listed = await listUnusedFiles(req.deps, {
      uid: unusedFilesScope(me),
      displayName: p.display_name,
      username: p.username,
      limit: p.count,
      offset: (p.page - 1) * p.count,
    });
    const base = await siteUrl(req.deps, req.ctx);
    return { list: listed.list.map((r) => presentUnusedFile(r, base)), total: listed.total };
  },
});

const batchDeleteAttachments = action(api.batchDeleteAttachments, {
  auth: 'required',
  async run(req, p) {
    if (!p.file_ids.length) throw new ApiError(ErrorCode.GENERIC, 'Choose the files to delete');
    const me = req.me();
    return deleteFiles(req.deps, p.file_ids, (row) => canDeleteFile(me, row));
  },
});

export default controller('attachment', { getUnusedList, batchDeleteAttachments });
