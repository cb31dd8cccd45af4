// Open API (no login): api_key + api_token of an item on every call. updateItem/updatePage
// upsert one page; updateDbItem and fromComments take what ShowDoc's shell scripts post.
import { action, controller, rawReply, type ActionRequest } from '../http/action';
import { ApiError } from '../errors';
import { ErrorCode } from '../../shared/errors';
import { DEFAULT_S_NUMBER, PAGE_CONTENT_MAX_CHARS } from '../../shared/limits';
import { checkOpenCredentials } from '../domain/open/auth';
import { upsertPageByTitle } from '../domain/open/upsertPage';
import { openPageRow } from '../domain/open/pageRow';
import { importDbDictionary, importFromComments } from '../domain/open/scripts';

/** script bodies: a whole data dictionary or a source file's comments */
const SCRIPT_MAX_CHARS = 5_000_000;

const itemOf = (req: ActionRequest) =>
  checkOpenCredentials(req.deps, req.params.str('api_key', { max: 200 }), req.params.str('api_token', { max: 200 }), req.ip);

const sNumberOf = (req: ActionRequest) => req.params.int('s_number', DEFAULT_S_NUMBER) || DEFAULT_S_NUMBER;

const updatePage = action({
  auth: 'optional',
  async run(req) {
    const itemId = await itemOf(req);
    let catPath = req.params.str('cat_name', { max: 1000 });
    const sub = req.params.str('cat_name_sub', { max: 1000 });
    if (sub) catPath = `${catPath}/${sub}`;
    const { pageId } = await upsertPageByTitle(req.deps, {
      itemId,
      catPath,
      title: req.params.str('page_title', { max: 1000 }),
      content: req.params.str('page_content', { raw: true, max: PAGE_CONTENT_MAX_CHARS }),
      sNumber: sNumberOf(req),
    });
    const row = await openPageRow(req.deps.db, pageId);
    if (!row) throw new ApiError(ErrorCode.GENERIC, 'Page not found or deleted');
    return row;
  },
});

// ShowDoc's scripts print the answer: plain text on success, as ShowDoc writes it.
const ok = (body: string) => rawReply({ type: 'text/plain; charset=utf-8', body });

const updateDbItem = action({
  auth: 'optional',
  async run(req) {
    const itemId = await itemOf(req);
    await importDbDictionary(req.deps, itemId, {
      tableInfo: req.params.str('table_info', { raw: true, max: SCRIPT_MAX_CHARS }),
      tableDetail: req.params.str('table_detail', { raw: true, max: SCRIPT_MAX_CHARS }),
      catPath: req.params.str('cat_name', { max: 1000 }),
      sNumber: sNumberOf(req),
    });
    return ok('成功\n');
  },
});

const fromComments = action({
  auth: 'optional',
  async run(req) {
    const itemId = await itemOf(req);
    await importFromComments(req.deps, itemId, req.params.str('content', { raw: true, max: SCRIPT_MAX_CHARS }));
    return ok('\n 成功 \n\n ');
  },
});

export default controller('open', { updatePage, updateItem: updatePage, updateDbItem, fromComments });
