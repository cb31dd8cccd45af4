// Open API (no login): api_key + api_token of an item on every call. updateItem/updatePage
// upsert one page; updateDbItem and fromComments take what ShowDoc's shell scripts post.
import { action, controller, rawReply, type ActionRequest, type ContractActionDef } from '../http/action';
import { badParam, noPermission, notFound } from '../errors';
import { DEFAULT_S_NUMBER } from '../../shared/limits';
import * as api from '../../shared/api/open';
import { rawFormField } from '../http/formBody';
import { canWriteWithItemKey } from '../policies/openApi';
import { checkOpenCredentials } from '../domain/open/auth';
import { upsertPageByTitle } from '../domain/open/upsertPage';
import { openPageRow } from '../domain/open/pageRow';
import { importDbDictionary, importFromComments } from '../domain/open/scripts';
import { presentOpenPage } from '../presenters/page';

/** The item the credentials open for writing (every open action writes). */
async function itemOf(req: ActionRequest, p: { api_key: string; api_token: string }): Promise<number> {
  const keyed = await checkOpenCredentials(req.deps, p.api_key, p.api_token, req.ip);
  if (!canWriteWithItemKey(keyed)) throw noPermission('This item is archived and read-only');
  return keyed.itemId;
}

const sNumberOf = (sent: number) => sent || DEFAULT_S_NUMBER;

/** updatePage and its older name updateItem */
const pageByTitle: ContractActionDef<typeof api.updatePage> = {
  auth: 'optional',
  async run(req, p) {
    const itemId = await itemOf(req, p);
    const catPath = p.cat_name_sub ? `${p.cat_name}/${p.cat_name_sub}` : p.cat_name;
    const { pageId } = await upsertPageByTitle(req.deps, { itemId, catPath, title: p.page_title, content: p.page_content, sNumber: sNumberOf(p.s_number) });
    const row = await openPageRow(req.deps.db, pageId);
    if (!row) throw notFound('Page not found or deleted');
    return presentOpenPage(row);
  },
};

const updatePage = action(api.updatePage, pageByTitle);
const updateItem = action(api.updateItem, pageByTitle);
const updateByApi = action(api.updateByApi, pageByTitle);

// ShowDoc's scripts print the answer: plain text on success, as ShowDoc writes it.
const ok = (body: string) => rawReply({ type: 'text/plain; charset=utf-8', body });

const updateDbItem = action(api.updateDbItem, {
  auth: 'optional',
  async run(req, p) {
    const itemId = await itemOf(req, p);
    await importDbDictionary(req.deps, itemId, { tableInfo: p.table_info, tableDetail: p.table_detail, catPath: p.cat_name, sNumber: sNumberOf(p.s_number) });
    return ok('成功\n');
  },
});

/**
 * showdoc_api.sh posts the comments unencoded: read from the raw body the PHP way, a value with a
 * stray '%' ("100%") keeps its other %XX decoded and the '=' of `ids[]=1` (the form parser's view of
 * the same body, `parsed`, is what JSON and multipart bodies give).
 */
function commentsOf(req: ActionRequest, parsed: string): string {
  const raw = rawFormField(req.ctx, 'content');
  if (raw === undefined) return parsed;
  if (raw.length > api.SCRIPT_MAX_CHARS) throw badParam('Parameter {name} is too long (max {max} characters)', { name: 'content', max: api.SCRIPT_MAX_CHARS });
  if (raw.includes('\0')) throw badParam('Parameter {name} contains a NUL character', { name: 'content' });
  return raw;
}

const fromComments = action(api.fromComments, {
  auth: 'optional',
  async run(req, p) {
    const itemId = await itemOf(req, p);
    await importFromComments(req.deps, itemId, commentsOf(req, p.content));
    return ok('\n 成功 \n\n ');
  },
});

export default controller('open', { updatePage, updateItem, updateDbItem, fromComments });

/** item/updateByApi: ShowDoc's alias of open/updateItem */
export const itemUpdateByApi = controller('item', { updateByApi });
